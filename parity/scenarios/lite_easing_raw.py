# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of lite_easing_raw.mjs against the raw curves in lite.animation.easing.

Raw ease-in curves for parameters and gradients far outside the sane range (NaN, Infinity,
overflowing exponents, zero slopes): the functions must return the same NaN/Infinity results
as Babylon.js's easeInCore instead of raising.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable

from lite.animation.easing import (
    back_ease,
    bezier_curve_ease,
    bounce_ease,
    circle_ease,
    cubic_ease,
    elastic_ease,
    exponential_ease,
    power_ease,
    quadratic_ease,
    quartic_ease,
    quintic_ease,
    sine_ease,
)


def enc(x: float) -> float | str:
    if math.isnan(x):
        return "NaN"
    if x == math.inf:
        return "Infinity"
    if x == -math.inf:
        return "-Infinity"
    return x


def dec(x: float | str) -> float:
    if x == "NaN":
        return math.nan
    if x == "Infinity":
        return math.inf
    if x == "-Infinity":
        return -math.inf
    return float(x)


gradients: list[float | str] = [i / 16 for i in range(17)]
extra: list[float | str] = [
    -2,
    -1,
    -0.5,
    1e-9,
    1 - 1e-9,
    1.5,
    3,
    1e3,
    -1e3,
    "Infinity",
    "-Infinity",
    "NaN",
]
gradients += extra

FUNCTIONS: dict[str, Callable[..., float]] = {
    "back_ease": back_ease,
    "bezier_curve_ease": bezier_curve_ease,
    "bounce_ease": bounce_ease,
    "circle_ease": circle_ease,
    "cubic_ease": cubic_ease,
    "elastic_ease": elastic_ease,
    "exponential_ease": exponential_ease,
    "power_ease": power_ease,
    "quadratic_ease": quadratic_ease,
    "quartic_ease": quartic_ease,
    "quintic_ease": quintic_ease,
    "sine_ease": sine_ease,
}

setups: list[tuple[str, list[float | str]]] = [
    ("circle_ease", []),
    ("cubic_ease", []),
    ("quadratic_ease", []),
    ("quartic_ease", []),
    ("quintic_ease", []),
    ("sine_ease", []),
    ("power_ease", [2]),
    ("power_ease", [0]),
    ("power_ease", [0.5]),
    ("power_ease", [-3]),
    ("power_ease", [3]),
    ("power_ease", [400]),
    ("power_ease", ["Infinity"]),
    ("power_ease", ["NaN"]),
    ("exponential_ease", [2]),
    ("exponential_ease", [1000]),
    ("exponential_ease", [1e-300]),
    ("exponential_ease", ["Infinity"]),
    ("exponential_ease", ["NaN"]),
    ("back_ease", [1]),
    ("back_ease", [1e308]),
    ("back_ease", ["Infinity"]),
    ("back_ease", ["NaN"]),
    ("elastic_ease", [3, 3]),
    ("elastic_ease", [3, 1000]),
    ("elastic_ease", ["Infinity", 3]),
    ("elastic_ease", [3, "Infinity"]),
    ("elastic_ease", ["NaN", 3]),
    ("elastic_ease", [3, "NaN"]),
    ("elastic_ease", [-2, -2]),
    ("bounce_ease", [3, 2]),
    ("bounce_ease", [1000, 2]),
    ("bounce_ease", [3, 1e308]),
    ("bounce_ease", ["Infinity", 2]),
    ("bounce_ease", [3, "Infinity"]),
    ("bounce_ease", ["NaN", 2]),
    ("bounce_ease", [3, "NaN"]),
    ("bounce_ease", [0.5, 1.5]),
    ("bezier_curve_ease", [0, 0, 1, 1]),
    ("bezier_curve_ease", [0, 0, 0, 1]),
    ("bezier_curve_ease", [1, 0, 0, 1]),
    ("bezier_curve_ease", [1, 0, 1, 1]),
    ("bezier_curve_ease", [0.5, 0, 0.5, 1]),
    ("bezier_curve_ease", [2, -1, -1, 2]),
    ("bezier_curve_ease", ["NaN", 0, 1, 1]),
    ("bezier_curve_ease", [0.25, "Infinity", 0.75, 1]),
]

cases = []
for name, params in setups:
    fn = FUNCTIONS[name]
    args = [dec(p) for p in params]
    cases.append(
        {"fn": name, "params": params, "values": [enc(fn(dec(g), *args)) for g in gradients]}
    )

print(json.dumps({"gradients": gradients, "cases": cases}))
