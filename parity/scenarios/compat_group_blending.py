# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_group_blending.mjs against lite_compat.

Babylon.js 9.31 weights and blending between AnimationGroups on the same TransformNodes
(position, rotationQuaternion, scaling) and a plain float: a group weight given to the
constructor, a cross-fade stepped before each frame (weights summing to 1, then to more than
1, a weight above 1 clamped by the animatables, a weight of 0), setWeightForAllAnimatables,
weight back to -1, enableBlending/blendingSpeed on the group (blending from the pose the
previous group left), playOrder between two unweighted groups animating the same property
(the later in play order writes last), and syncAllAnimationsWith.
"""

from __future__ import annotations

import json
from types import SimpleNamespace

from lite_compat import (
    Animation,
    AnimationGroup,
    NullEngine,
    Quaternion,
    Scene,
    TransformNode,
    Vector3,
)

engine = NullEngine()
scene = Scene(engine)
F = Animation.ANIMATIONTYPE_FLOAT
V3 = Animation.ANIMATIONTYPE_VECTOR3
Q = Animation.ANIMATIONTYPE_QUATERNION


def anim(name, property, type, keys, fps=30):
    animation = Animation(name, property, fps, type)
    animation.setKeys([{"frame": frame, "value": value} for frame, value in keys])
    return animation


axisY = Vector3(0, 1, 0)
axisX = Vector3(1, 0, 0)

hips = TransformNode("hips", scene)
hips.rotationQuaternion = Quaternion.Identity()
spine = TransformNode("spine", scene)
spine.rotationQuaternion = Quaternion.RotationAxis(axisX, 0.1)
spine.position = Vector3(0, 1, 0)
blob = SimpleNamespace(name="blob", value=10)


def clip(name, weight, scale, offset):
    group = AnimationGroup(name, scene, weight)
    group.addTargetedAnimation(
        anim(
            name + "HipsP",
            "position",
            V3,
            [[0, Vector3(0, 0, 0)], [15, Vector3(scale, offset, 0)], [30, Vector3(0, 0, 0)]],
        ),
        hips,
    )
    group.addTargetedAnimation(
        anim(
            name + "HipsQ",
            "rotationQuaternion",
            Q,
            [
                [0, Quaternion.RotationAxis(axisY, offset)],
                [30, Quaternion.RotationAxis(axisY, offset + scale)],
            ],
        ),
        hips,
    )
    group.addTargetedAnimation(
        anim(
            name + "SpineQ",
            "rotationQuaternion",
            Q,
            [
                [0, Quaternion.RotationAxis(axisX, -scale)],
                [20, Quaternion.RotationAxis(axisX, scale)],
            ],
        ),
        spine,
    )
    group.addTargetedAnimation(
        anim(
            name + "SpineS",
            "scaling",
            V3,
            [[0, Vector3(1, 1, 1)], [30, Vector3(1 + scale, 1, 1 - scale / 2)]],
        ),
        spine,
    )
    group.addTargetedAnimation(
        anim(name + "Blob", "value", F, [[0, offset], [30, offset + 10 * scale]]), blob
    )
    return group


idle = clip("idle", 1, 0.4, 0)
walk = clip("walk", 0, 1.2, 0.5)
run = clip("run", -1, 2, -0.3)
log = []
step = -1
for g in [idle, walk, run]:
    g.onAnimationGroupPlayObservable.add(
        lambda _g, _s, g=g: log.append(["play", g.name, step, g.weight])
    )
    g.onAnimationGroupEndObservable.add(lambda _g, _s, g=g: log.append(["end", g.name, step]))

fade = None


def advanceFade():
    global fade
    if fade:
        fade["t"] = min(1, fade["t"] + 0.05)
        fade["from"].weight = 1 - fade["t"]
        fade["to"].weight = fade["t"]
        if fade["t"] == 1:
            fade = None


ordered = AnimationGroup("ordered", scene)
ordered.addTargetedAnimation(anim("o1", "value", F, [[0, 100], [30, 130]]), blob)
ordered2 = AnimationGroup("ordered2", scene, -1, -5)

steps = []
for step in range(230):
    ev = []
    if step == 0:
        idle.play(True)
        walk.play(True)
    if step == 10:
        fade = {"from": idle, "to": walk, "t": 0}
    if step == 40:
        idle.weight = 0.8
        walk.weight = 0.7
        ev.append(["over1", idle.animatables[0].weight, walk.animatables[0].weight])
    if step == 50:
        walk.weight = 2.5
        ev.append(["clamped", walk.weight, walk.animatables[0].weight])
    if step == 60:
        idle.weight = 0
        walk.setWeightForAllAnimatables(0.25)
        ev.append(["setAll", walk.weight, walk.animatables[0].weight])
    if step == 70:
        idle.weight = -1
        walk.weight = -1
    if step == 80:
        idle.stop()
        walk.stop()
        run.enableBlending = True
        run.blendingSpeed = 0.04
        run.play(True)
        ev.append(
            [
                "blending",
                run.enableBlending,
                run.blendingSpeed,
                run.targetedAnimations[0].animation.enableBlending,
                run.targetedAnimations[4].animation.blendingSpeed,
            ]
        )
    if step == 140:
        run.stop()
        run.enableBlending = False
        ordered.playOrder = 3
        ordered2.addTargetedAnimation(anim("o2", "value", F, [[0, -100], [30, -130]]), blob)
        ordered.play(True)
        ordered2.play(True)
        ev.append(["order", [a.playOrder for a in scene.animatables]])
    if step == 170:
        ordered.playOrder = -10
        ev.append(["reorder", [a.playOrder for a in scene.animatables]])
    if step == 190:
        ordered.stop()
        ordered2.stop()
        idle.weight = 0.5
        walk.weight = 0.5
        idle.play(True)
        walk.start(True, 2)
        walk.syncAllAnimationsWith(idle.animatables[0])
    if step == 215:
        walk.syncAllAnimationsWith(None)
    advanceFade()
    scene._animate(16)
    steps.append(
        {
            "ev": ev,
            "hips": [*hips.position.asArray(), *hips.rotationQuaternion.asArray()],
            "spine": [
                *spine.position.asArray(),
                *spine.rotationQuaternion.asArray(),
                *spine.scaling.asArray(),
            ],
            "blob": blob.value,
            "w": [idle.weight, walk.weight],
        }
    )

print(json.dumps({"steps": steps, "log": log}))
