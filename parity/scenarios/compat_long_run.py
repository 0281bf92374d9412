# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_long_run.mjs against lite_compat.

Babylon.js 9.31 drift check: ten minutes of 16 ms frames (37,500 scene._animate(16) steps),
sampled every 500 frames. Tracks: a 30 fps float cycle, a 60 fps Vector3 cycle whose range
(24 frames) is hit exactly every 25 steps, a slow eased float, a quaternion cycle, a
RELATIVE float (its offset grows every loop) and a speed-1.37 Vector2 cycle.
"""

from __future__ import annotations

import json
from types import SimpleNamespace

from lite_compat import (
    Animation,
    CircleEase,
    NullEngine,
    Quaternion,
    Scene,
    Vector2,
    Vector3,
)

engine = NullEngine()
scene = Scene(engine)


def anim(name, property, fps, type, keys, mode=None):
    animation = Animation(name, property, fps, type, mode)
    animation.setKeys(keys)
    return animation


t = SimpleNamespace(
    x=0,
    position=Vector3(0, 0, 0),
    eased=0,
    rotationQuaternion=Quaternion(0, 0, 0, 1),
    relative=0,
    uv=Vector2(0, 0),
)
eased = anim(
    "eased",
    "eased",
    24,
    Animation.ANIMATIONTYPE_FLOAT,
    [
        {"frame": 0, "value": -3},
        {"frame": 1000, "value": 3},
        {"frame": 2000, "value": -3},
    ],
)
eased.setEasingFunction(CircleEase())
main = scene.beginDirectAnimation(
    t,
    [
        anim(
            "x",
            "x",
            30,
            Animation.ANIMATIONTYPE_FLOAT,
            [
                {"frame": 0, "value": 0},
                {"frame": 37, "value": 3.7},
                {"frame": 100, "value": -1},
            ],
        ),
        eased,
    ],
    0,
    2000,
    True,
)
boundary = scene.beginDirectAnimation(
    t,
    [
        anim(
            "p",
            "position",
            60,
            Animation.ANIMATIONTYPE_VECTOR3,
            [
                {"frame": 0, "value": Vector3(0, 0, 0)},
                {"frame": 24, "value": Vector3(24, -48, 0.5)},
            ],
        ),
    ],
    0,
    24,
    True,
)
axis = Vector3(0.3, 1, 0.2).normalize()
spin = scene.beginDirectAnimation(
    t,
    [
        anim(
            "q",
            "rotationQuaternion",
            30,
            Animation.ANIMATIONTYPE_QUATERNION,
            [
                {"frame": 0, "value": Quaternion.RotationAxis(axis, 0)},
                {"frame": 45, "value": Quaternion.RotationAxis(axis, 3)},
                {"frame": 90, "value": Quaternion.RotationAxis(axis, 6)},
            ],
        ),
    ],
    0,
    90,
    True,
)
relative = scene.beginDirectAnimation(
    t,
    [
        anim(
            "r",
            "relative",
            30,
            Animation.ANIMATIONTYPE_FLOAT,
            [
                {"frame": 0, "value": 0},
                {"frame": 30, "value": 0.25},
            ],
            Animation.ANIMATIONLOOPMODE_RELATIVE,
        ),
    ],
    0,
    30,
    True,
)
uv = scene.beginDirectAnimation(
    t,
    [
        anim(
            "uv",
            "uv",
            60,
            Animation.ANIMATIONTYPE_VECTOR2,
            [
                {"frame": 0, "value": Vector2(0, 1)},
                {"frame": 33, "value": Vector2(1, 0)},
                {"frame": 77, "value": Vector2(-1, 2)},
            ],
        ),
    ],
    0,
    77,
    True,
    1.37,
)

samples = []
for i in range(1, 37500 + 1):
    scene._animate(16)
    if i % 500 == 0:
        samples.append(
            {
                "i": i,
                "time": scene._animationTime,
                "frames": [
                    main.masterFrame,
                    boundary.masterFrame,
                    spin.masterFrame,
                    relative.masterFrame,
                    uv.masterFrame,
                ],
                "x": t.x,
                "eased": t.eased,
                "position": t.position.asArray(),
                "q": t.rotationQuaternion.asArray(),
                "relative": t.relative,
                "uv": t.uv.asArray(),
            }
        )

print(json.dumps({"samples": samples}))
