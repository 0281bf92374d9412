# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of easing_curves.mjs against lite_compat.animations.easing.

ease(g) in all three modes and easeInCore(g) for every class, with default and edge parameters,
on 65 gradients in [0, 1] plus a few outside it; also the constructor defaults, setEasingMode
clamping, and live attribute changes.
"""

from __future__ import annotations

import json
import math

from lite_compat.animations.easing import (
    BackEase,
    BezierCurveEase,
    BounceEase,
    CircleEase,
    CubicEase,
    EasingFunction,
    ElasticEase,
    ExponentialEase,
    PowerEase,
    QuadraticEase,
    QuarticEase,
    QuinticEase,
    SineEase,
)


def enc(x: float) -> float | str:
    if math.isnan(x):
        return "NaN"
    if x == math.inf:
        return "Infinity"
    if x == -math.inf:
        return "-Infinity"
    return x


gradients: list[float] = [i / 64 for i in range(65)]
gradients += [-1, -0.5, -0.25, 1.25, 1.5, 2]

CLASSES: dict[str, type[EasingFunction]] = {
    "BackEase": BackEase,
    "BezierCurveEase": BezierCurveEase,
    "BounceEase": BounceEase,
    "CircleEase": CircleEase,
    "CubicEase": CubicEase,
    "ElasticEase": ElasticEase,
    "ExponentialEase": ExponentialEase,
    "PowerEase": PowerEase,
    "QuadraticEase": QuadraticEase,
    "QuarticEase": QuarticEase,
    "QuinticEase": QuinticEase,
    "SineEase": SineEase,
}


def make(cls: str, args: list[float]) -> EasingFunction:
    return CLASSES[cls](*args)


setups: list[tuple[str, list[float]]] = [
    ("CircleEase", []),
    ("CubicEase", []),
    ("QuadraticEase", []),
    ("QuarticEase", []),
    ("QuinticEase", []),
    ("SineEase", []),
    ("PowerEase", []),
    ("PowerEase", [0]),
    ("PowerEase", [1]),
    ("PowerEase", [5]),
    ("PowerEase", [2.5]),
    ("PowerEase", [-1]),
    ("ExponentialEase", []),
    ("ExponentialEase", [0]),
    ("ExponentialEase", [-2]),
    ("ExponentialEase", [4]),
    ("BackEase", []),
    ("BackEase", [0]),
    ("BackEase", [2]),
    ("BackEase", [-1]),
    ("BounceEase", []),
    ("BounceEase", [0]),
    ("BounceEase", [1]),
    ("BounceEase", [5]),
    ("BounceEase", [3, 0.5]),
    ("BounceEase", [3, 1]),
    ("BounceEase", [3, 3]),
    ("BounceEase", [2.5, 2]),
    ("BounceEase", [-1, 2]),
    ("ElasticEase", []),
    ("ElasticEase", [0]),
    ("ElasticEase", [7]),
    ("ElasticEase", [3, 0]),
    ("ElasticEase", [3, 10]),
    ("ElasticEase", [0, 0]),
    ("ElasticEase", [1.5, 2]),
    ("BezierCurveEase", []),
    ("BezierCurveEase", [0.25, 0.1, 0.25, 1]),
    ("BezierCurveEase", [0.42, 0, 0.58, 1]),
    ("BezierCurveEase", [0.5, -0.5, 0.5, 1.5]),
    ("BezierCurveEase", [0.68, -0.55, 0.265, 1.55]),
]

modes = [
    EasingFunction.EASINGMODE_EASEIN,
    EasingFunction.EASINGMODE_EASEOUT,
    EasingFunction.EASINGMODE_EASEINOUT,
]

cases = []
for cls, args in setups:
    fn = make(cls, args)
    core = [enc(fn.easeInCore(g)) for g in gradients]
    ease = []
    for mode in modes:
        fn.setEasingMode(mode)
        ease.append([enc(fn.ease(g)) for g in gradients])
    cases.append({"class": cls, "args": args, "core": core, "ease": ease})


def _bezier_defaults() -> dict[str, float]:
    b = BezierCurveEase()
    return {"x1": b.x1, "y1": b.y1, "x2": b.x2, "y2": b.y2}


def _bounce_defaults() -> dict[str, float]:
    b = BounceEase()
    return {"bounces": b.bounces, "bounciness": b.bounciness}


def _elastic_defaults() -> dict[str, float]:
    e = ElasticEase()
    return {"oscillations": e.oscillations, "springiness": e.springiness}


defaults = {
    "BackEase": {"amplitude": BackEase().amplitude},
    "BezierCurveEase": _bezier_defaults(),
    "BounceEase": _bounce_defaults(),
    "ElasticEase": _elastic_defaults(),
    "ExponentialEase": {"exponent": ExponentialEase().exponent},
    "PowerEase": {"power": PowerEase().power},
    "mode": QuadraticEase().getEasingMode(),
}

constants = {
    "EASINGMODE_EASEIN": EasingFunction.EASINGMODE_EASEIN,
    "EASINGMODE_EASEOUT": EasingFunction.EASINGMODE_EASEOUT,
    "EASINGMODE_EASEINOUT": EasingFunction.EASINGMODE_EASEINOUT,
}

# setEasingMode clamps with Math.min(Math.max(mode, 0), 2); non-integers fall to ease-in-out.
mode_clamp = []
for set_mode in [-3, -0.5, 0, 1, 2, 3, 1.5, 0.25, math.nan]:
    q = QuadraticEase()
    q.setEasingMode(set_mode)
    mode_clamp.append(
        {
            "set": enc(set_mode),
            "get": enc(q.getEasingMode()),
            "ease": [enc(q.ease(g)) for g in [0.1, 0.25, 0.5, 0.75, 0.9]],
        }
    )

# Attributes are read on every call.
mutation = []
back = BackEase()
back.setEasingMode(EasingFunction.EASINGMODE_EASEOUT)
mutation.append(enc(back.ease(0.3)))
back.amplitude = 2
mutation.append(enc(back.ease(0.3)))
bounce = BounceEase()
mutation.append(enc(bounce.ease(0.7)))
bounce.bounces = 5
bounce.bounciness = 3
mutation.append(enc(bounce.ease(0.7)))
bez = BezierCurveEase(0.42, 0, 0.58, 1)
mutation.append(enc(bez.ease(0.3)))
bez.x1 = 0.1
bez.y2 = 1.4
mutation.append(enc(bez.ease(0.3)))
power = PowerEase()
mutation.append(enc(power.ease(0.6)))
power.power = 7
mutation.append(enc(power.ease(0.6)))

doc = {
    "constants": constants,
    "defaults": defaults,
    "gradients": [enc(g) for g in gradients],
    "cases": cases,
    "mode_clamp": mode_clamp,
    "mutation": mutation,
}
print(json.dumps(doc))
