# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_value_types.mjs against lite_compat.

Babylon.js 9.31 Animation value interpolation through scene stepping: FLOAT, VECTOR3,
QUATERNION (incl. a near-parallel pair between Lite's 0.9995 and Babylon's 0.999999 slerp
thresholds, and a hemisphere flip), COLOR3, VECTOR2, SIZE and COLOR4 tracks started with
beginAnimation and stepped with scene._animate(16); then beginDirectAnimation stepped with
scene.render() under useConstantAnimationDeltaTime.
"""

from __future__ import annotations

import json
from types import SimpleNamespace

from lite_compat import (
    Animation,
    Color3,
    Color4,
    FreeCamera,
    NullEngine,
    Quaternion,
    Scene,
    Size,
    Vector2,
    Vector3,
)

engine = NullEngine()
scene = Scene(engine)
FreeCamera("camera", Vector3(0, 0, -10), scene)


def make(name, property, fps, type, keys):
    animation = Animation(name, property, fps, type, Animation.ANIMATIONLOOPMODE_CYCLE)
    animation.setKeys(keys)
    return animation


axis = Vector3(1, 2, 2).normalize()
q0 = Quaternion.RotationAxis(axis, 0.3)
q1 = Quaternion.RotationAxis(axis, 0.3 + 0.05)  # dot ~ 0.99969: between the thresholds
q2 = Quaternion.RotationAxis(Vector3(0, 1, 0), 2.5)
q3 = Quaternion.RotationAxis(Vector3(0, 1, 0), 2.5).scale(-1)  # same rotation, other hemisphere
q4 = Quaternion.RotationAxis(Vector3(1, 0, 0), -1.2)

box = SimpleNamespace(
    x=0,
    position=Vector3(0, 0, 0),
    rotationQuaternion=Quaternion(0, 0, 0, 1),
    color=Color3(0, 0, 0),
    uv=Vector2(0, 0),
    size=Size(1, 1),
    tint=Color4(0, 0, 0, 1),
)
box.animations = [
    make(
        "x",
        "x",
        30,
        Animation.ANIMATIONTYPE_FLOAT,
        [
            {"frame": 0, "value": 0},
            {"frame": 10, "value": 2.5},
            {"frame": 25, "value": -1.25},
            {"frame": 40, "value": 7},
            {"frame": 60, "value": 0.1},
        ],
    ),
    make(
        "position",
        "position",
        30,
        Animation.ANIMATIONTYPE_VECTOR3,
        [
            {"frame": 0, "value": Vector3(1, 2, 3)},
            {"frame": 15, "value": Vector3(-4, 0.5, 9)},
            {"frame": 45, "value": Vector3(0.3, -7, 2)},
            {"frame": 60, "value": Vector3(1, 2, 3)},
        ],
    ),
    make(
        "rotation",
        "rotationQuaternion",
        30,
        Animation.ANIMATIONTYPE_QUATERNION,
        [
            {"frame": 0, "value": q0},
            {"frame": 20, "value": q1},
            {"frame": 30, "value": q2},
            {"frame": 40, "value": q3},
            {"frame": 60, "value": q4},
        ],
    ),
    make(
        "color",
        "color",
        30,
        Animation.ANIMATIONTYPE_COLOR3,
        [
            {"frame": 0, "value": Color3(1, 0, 0)},
            {"frame": 30, "value": Color3(0, 1, 0.5)},
            {"frame": 60, "value": Color3(0.2, 0.2, 1)},
        ],
    ),
    make(
        "uv",
        "uv",
        30,
        Animation.ANIMATIONTYPE_VECTOR2,
        [
            {"frame": 0, "value": Vector2(0, 0)},
            {"frame": 60, "value": Vector2(3, -6)},
        ],
    ),
    make(
        "size",
        "size",
        30,
        Animation.ANIMATIONTYPE_SIZE,
        [
            {"frame": 0, "value": Size(1, 2)},
            {"frame": 60, "value": Size(5, 0.5)},
        ],
    ),
    make(
        "tint",
        "tint",
        30,
        Animation.ANIMATIONTYPE_COLOR4,
        [
            {"frame": 0, "value": Color4(0, 0, 0, 1)},
            {"frame": 60, "value": Color4(1, 0.5, 0.25, 0)},
        ],
    ),
]


def snapshot(target):
    return {
        "x": target.x,
        "position": [target.position.x, target.position.y, target.position.z],
        "rotationQuaternion": [
            target.rotationQuaternion.x,
            target.rotationQuaternion.y,
            target.rotationQuaternion.z,
            target.rotationQuaternion.w,
        ],
        "color": [target.color.r, target.color.g, target.color.b],
        "uv": [target.uv.x, target.uv.y],
        "size": [target.size.width, target.size.height],
        "tint": [target.tint.r, target.tint.g, target.tint.b, target.tint.a],
    }


animatable = scene.beginAnimation(box, 0, 60, True)
stepped = []
for _i in range(150):
    scene._animate(16)
    stepped.append(
        {"frame": animatable.masterFrame, "time": scene._animationTime, "values": snapshot(box)}
    )

# Direct animation on a second target, driven by render() with a constant 16 ms delta.
scene.useConstantAnimationDeltaTime = True
ball = SimpleNamespace(alpha=1, offset=Vector3(0, 0, 0))
alpha = make(
    "alpha",
    "alpha",
    60,
    Animation.ANIMATIONTYPE_FLOAT,
    [
        {"frame": 0, "value": 1},
        {"frame": 24, "value": 0},
        {"frame": 48, "value": 1},
    ],
)
offset = make(
    "offset",
    "offset",
    60,
    Animation.ANIMATIONTYPE_VECTOR3,
    [
        {"frame": 0, "value": Vector3(0, 0, 0)},
        {"frame": 48, "value": Vector3(4.8, -9.6, 0.96)},
    ],
)
direct = scene.beginDirectAnimation(ball, [alpha, offset], 0, 48, True)
rendered = []
for _i in range(120):
    scene.render()
    rendered.append(
        {
            "frame": direct.masterFrame,
            "alpha": ball.alpha,
            "offset": [ball.offset.x, ball.offset.y, ball.offset.z],
            "deltaTime": scene.deltaTime,
        }
    )

print(json.dumps({"stepped": stepped, "rendered": rendered}))
