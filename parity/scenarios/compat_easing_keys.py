# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_easing_keys.mjs against lite_compat.

Babylon.js 9.31 easing and key interpolation during playback: animation-level easing
(replaced live mid-play, then cleared), per-key easing with start-key precedence over the
animation default (the final key's easing unused), all-STEP keys, mixed STEP/LINEAR keys,
float and Vector3 tangents (Hermite), and Animation.evaluate on a frame grid.
"""

from __future__ import annotations

import json
from types import SimpleNamespace

from lite_compat import (
    Animation,
    AnimationKeyInterpolation,
    BackEase,
    CubicEase,
    EasingFunction,
    ElasticEase,
    NullEngine,
    Scene,
    SineEase,
    Vector3,
)

engine = NullEngine()
scene = Scene(engine)

STEP = AnimationKeyInterpolation.STEP
cubic = CubicEase()
cubic.setEasingMode(EasingFunction.EASINGMODE_EASEINOUT)

target = SimpleNamespace(
    eased=0,
    perKey=0,
    stepped=0,
    mixed=0,
    hermite=0,
    position=Vector3(0, 0, 0),
    scale=Vector3(1, 1, 1),
)

eased = Animation("eased", "eased", 30, Animation.ANIMATIONTYPE_FLOAT)
eased.setKeys(
    [
        {"frame": 0, "value": 0},
        {"frame": 30, "value": 10},
        {"frame": 60, "value": -5},
    ]
)
eased.setEasingFunction(cubic)

back = BackEase(1.7)
back.setEasingMode(EasingFunction.EASINGMODE_EASEOUT)
perKey = Animation("perKey", "perKey", 30, Animation.ANIMATIONTYPE_FLOAT)
perKey.setKeys(
    [
        {"frame": 0, "value": 0, "easingFunction": back},
        {"frame": 20, "value": 4},
        {"frame": 40, "value": 8, "easingFunction": ElasticEase(2, 4)},
        {"frame": 60, "value": 0, "easingFunction": SineEase()},
    ]
)
perKey.setEasingFunction(SineEase())

stepped = Animation("stepped", "stepped", 30, Animation.ANIMATIONTYPE_FLOAT)
stepped.setKeys(
    [
        {"frame": 0, "value": 1, "interpolation": STEP},
        {"frame": 15, "value": 2, "interpolation": STEP},
        {"frame": 45, "value": 3, "interpolation": STEP},
        {"frame": 60, "value": 4, "interpolation": STEP},
    ]
)
stepped.setEasingFunction(CubicEase())

mixed = Animation("mixed", "mixed", 30, Animation.ANIMATIONTYPE_FLOAT)
mixed.setKeys(
    [
        {"frame": 0, "value": 0, "interpolation": STEP},
        {"frame": 20, "value": 10},
        {"frame": 40, "value": 20, "interpolation": STEP},
        {"frame": 60, "value": 30},
    ]
)

hermite = Animation("hermite", "hermite", 30, Animation.ANIMATIONTYPE_FLOAT)
hermite.setKeys(
    [
        {"frame": 0, "value": 0, "outTangent": 0.5},
        {"frame": 30, "value": 6, "inTangent": -0.2, "outTangent": 0.3},
        {"frame": 60, "value": 1, "inTangent": 0},
    ]
)

position = Animation("position", "position", 30, Animation.ANIMATIONTYPE_VECTOR3)
position.setKeys(
    [
        {"frame": 0, "value": Vector3(0, 0, 0), "outTangent": Vector3(1, 0, -1)},
        {"frame": 40, "value": Vector3(4, 2, 0), "inTangent": Vector3(0, 0.5, 0)},
        {"frame": 60, "value": Vector3(-1, 1, 1)},
    ]
)

scale = Animation("scale", "scale", 30, Animation.ANIMATIONTYPE_VECTOR3)
scale.setKeys(
    [
        {"frame": 0, "value": Vector3(1, 1, 1)},
        {"frame": 60, "value": Vector3(3, 0.5, 2)},
    ]
)
scale.setEasingFunction(BackEase(0.8))

all = [eased, perKey, stepped, mixed, hermite, position, scale]
animatable = scene.beginDirectAnimation(target, all, 0, 60, True)
steps = []
for i in range(260):
    if i == 60:
        eased.setEasingFunction(SineEase())
    if i == 90:
        scale.setEasingFunction(None)
    if i == 120:
        eased.setEasingFunction(None)
    if i == 150:
        perKey.setEasingFunction(None)
    scene._animate(16)
    steps.append(
        [
            animatable.masterFrame,
            target.eased,
            target.perKey,
            target.stepped,
            target.mixed,
            target.hermite,
            target.position.x,
            target.position.y,
            target.position.z,
            target.scale.x,
            target.scale.y,
        ]
    )

grid = []
f = -5
while f <= 65:
    grid.append(
        [
            f,
            perKey.evaluate(f),
            stepped.evaluate(f),
            mixed.evaluate(f),
            hermite.evaluate(f),
            position.evaluate(f).asArray(),
        ]
    )
    f += 2.5

print(json.dumps({"steps": steps, "grid": grid}))
