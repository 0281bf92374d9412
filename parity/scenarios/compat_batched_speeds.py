# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_batched_speeds.mjs against lite_compat.

Babylon.js 9.31, a crowd at varied speeds through the batched rows: 48 TransformNodes share
position (Vector3), rotationQuaternion (Quaternion) and an eased scaling.x (float) Animation
looping 0..60, each started with its own speed 0.5 + i / 32; an AnimationGroup of 20 more
nodes plays the same animations at speed 1.25. Mid-play: three nodes change speed (frame 20),
the group's speedRatio changes (frame 40), one node goes negative (frame 55), one node's
speed is set to its current value (frame 70). scene._animate(16) for 120 frames; every
node's position, quaternion and scaling.x on every tenth frame.
"""

from __future__ import annotations

import json

from lite_compat import (
    Animation,
    AnimationGroup,
    CubicEase,
    EasingFunction,
    NullEngine,
    Quaternion,
    Scene,
    TransformNode,
    Vector3,
)

engine = NullEngine()
scene = Scene(engine)
CYCLE = Animation.ANIMATIONLOOPMODE_CYCLE
position = Animation("p", "position", 60, Animation.ANIMATIONTYPE_VECTOR3, CYCLE)
position.setKeys(
    [
        {"frame": 0, "value": Vector3(0, 0, 0)},
        {"frame": 25, "value": Vector3(1, 2, 3)},
        {"frame": 60, "value": Vector3(0, 0, 0)},
    ]
)
rotation = Animation("r", "rotationQuaternion", 60, Animation.ANIMATIONTYPE_QUATERNION, CYCLE)
axis = Vector3(0, 1, 0)
rotation.setKeys(
    [
        {"frame": 0, "value": Quaternion.RotationAxis(axis, 0.1)},
        {"frame": 30, "value": Quaternion.RotationAxis(axis, 2.5)},
        {"frame": 60, "value": Quaternion.RotationAxis(axis, 0.1)},
    ]
)
scaling = Animation("s", "scaling.x", 60, Animation.ANIMATIONTYPE_FLOAT, CYCLE)
scaling.setKeys([{"frame": 0, "value": 1}, {"frame": 30, "value": 2}, {"frame": 60, "value": 1}])
ease = CubicEase()
ease.setEasingMode(EasingFunction.EASINGMODE_EASEINOUT)
scaling.setEasingFunction(ease)

nodes = []
animatables = []
for i in range(48):
    node = TransformNode(f"n{i}", scene)
    node.rotationQuaternion = Quaternion.Identity()
    node.animations = [position, rotation, scaling]
    animatables.append(scene.beginAnimation(node, 0, 60, True, 0.5 + i / 32))
    nodes.append(node)
group = AnimationGroup("g", scene)
for i in range(20):
    node = TransformNode(f"g{i}", scene)
    node.rotationQuaternion = Quaternion.Identity()
    for a in (position, rotation, scaling):
        group.addTargetedAnimation(a, node)
    nodes.append(node)
group.start(True, 1.25)


def r(v):
    return round(v * 1e9) / 1e9


frames = []
for f in range(120):
    if f == 20:
        animatables[3].speedRatio = 2.75
        animatables[17].speedRatio = 0.3
        animatables[40].speedRatio = 1.0
    if f == 40:
        group.speedRatio = 0.8
    if f == 55:
        animatables[9].speedRatio = -1.5
    if f == 70:
        animatables[30].speedRatio = animatables[30].speedRatio
    scene._animate(16)
    if f % 10 == 9:
        frames.append(
            {
                "f": f,
                "nodes": [
                    [
                        r(n.position.x),
                        r(n.position.y),
                        r(n.position.z),
                        r(n.rotationQuaternion.x),
                        r(n.rotationQuaternion.y),
                        r(n.rotationQuaternion.z),
                        r(n.rotationQuaternion.w),
                        r(n.scaling.x),
                    ]
                    for n in nodes
                ],
            }
        )
print(json.dumps({"frames": frames}))
