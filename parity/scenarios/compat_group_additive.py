# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_group_additive.mjs against lite_compat.

Babylon.js 9.31 additive AnimationGroups: AnimationGroup.MakeAnimationAdditive with the
numeric form (reference frame 0, and a named range with cloneOriginal, whose clone still
shares the animations) and the options form (referenceFrame between keys, fromFrame/toFrame
with clipKeys recomputing from/to), the converted keys of Vector3, Quaternion, float,
Color3, Size and Matrix animations, Animation.MakeAnimationAdditive alone (cloned), and
playback on TransformNodes (position/rotationQuaternion/scaling): a weighted base group with
an additive group at partial weight, an additive group over an unweighted base (the late
blend starts from the rest pose), isAdditive toggled during play, and start(..., isAdditive).
"""

from __future__ import annotations

import json
from types import SimpleNamespace

from lite_compat import (
    Animation,
    AnimationGroup,
    Color3,
    Matrix,
    NullEngine,
    Quaternion,
    Scene,
    Size,
    TransformNode,
    Vector3,
)

engine = NullEngine()
scene = Scene(engine)
T = Animation


def anim(name, property, type, keys, fps=30):
    animation = Animation(name, property, fps, type)
    animation.setKeys([{"frame": frame, "value": value} for frame, value in keys])
    return animation


def dump(value):
    if isinstance(value, int | float):
        return value
    if isinstance(value, Size):
        return [value.width, value.height]
    return list(value.asArray())


def keysOf(animation):
    return [[k["frame"], dump(k["value"])] for k in animation.getKeys()]


axisY = Vector3(0, 1, 0)
axisZ = Vector3(0, 0, 1)

arm = TransformNode("arm", scene)
arm.rotationQuaternion = Quaternion.RotationAxis(axisZ, 0.2)
arm.position = Vector3(1, 2, 3)
arm.scaling = Vector3(1, 1, 1)


def armAnims(prefix, s):
    return [
        anim(
            prefix + "P",
            "position",
            T.ANIMATIONTYPE_VECTOR3,
            [[0, Vector3(0, 0, 0)], [10, Vector3(s, 0, 0)], [30, Vector3(s, 2 * s, 0)]],
        ),
        anim(
            prefix + "Q",
            "rotationQuaternion",
            T.ANIMATIONTYPE_QUATERNION,
            [
                [0, Quaternion.RotationAxis(axisY, 0.1)],
                [15, Quaternion.RotationAxis(axisY, 0.1 + s)],
                [30, Quaternion.RotationAxis(axisZ, s)],
            ],
        ),
        anim(
            prefix + "S",
            "scaling",
            T.ANIMATIONTYPE_VECTOR3,
            [[0, Vector3(1, 1, 1)], [30, Vector3(1 + s, 1 - s / 4, 1)]],
        ),
    ]


# Base pose group (weighted 1 so the additive layer has something to add to).
base = AnimationGroup("base", scene, 1)
for a in armAnims("base", 0.5):
    base.addTargetedAnimation(a, arm)

# Numeric form, reference frame 0, converted in place.
wave = AnimationGroup("wave", scene)
for a in armAnims("wave", 0.8):
    wave.addTargetedAnimation(a, arm)
waveResult = AnimationGroup.MakeAnimationAdditive(wave)
waveKeys = [keysOf(ta.animation) for ta in wave.targetedAnimations]

# Numeric form with a named range and cloneOriginal: the clone shares (and converts) the animations.
nod = AnimationGroup("nod", scene)
for a in armAnims("nod", 0.3):
    a.createRange("mid", 10, 20)
    nod.addTargetedAnimation(a, arm)
nodClone = AnimationGroup.MakeAnimationAdditive(nod, 5, "mid", True, "nodAdd")
nodInfo = {
    "names": [
        nodClone.name,
        nodClone is nod,
        nodClone.targetedAnimations[0].animation is nod.targetedAnimations[0].animation,
        nod.isAdditive,
        nodClone.isAdditive,
    ],
    "keys": [keysOf(ta.animation) for ta in nodClone.targetedAnimations],
    "groups": [g.name for g in scene.animationGroups],
}

# Options form: reference between keys, sub-range with clipKeys, cloned animations.
sway = AnimationGroup("sway", scene)
for a in armAnims("sway", 1.1):
    sway.addTargetedAnimation(a, arm)
swayResult = AnimationGroup.MakeAnimationAdditive(
    sway,
    {
        "referenceFrame": 12,
        "fromFrame": 6,
        "toFrame": 24,
        "clipKeys": True,
        "cloneOriginalAnimation": True,
        "clonedAnimationName": "swayAdd",
    },
)
swayInfo = {
    "same": swayResult is sway,
    "range": [sway.from_, sway.to],
    "names": [ta.animation.name for ta in sway.targetedAnimations],
    "keys": [keysOf(ta.animation) for ta in sway.targetedAnimations],
}

# Other data types (converted keys only).
other = AnimationGroup("other", scene)
holder = SimpleNamespace(name="holder", f=0, c=Color3(0, 0, 0), s=Size(1, 1), m=Matrix.Identity())
other.addTargetedAnimation(
    anim("of", "f", T.ANIMATIONTYPE_FLOAT, [[0, 2], [10, 5], [20, -1]]), holder
)
other.addTargetedAnimation(
    anim(
        "oc", "c", T.ANIMATIONTYPE_COLOR3, [[0, Color3(0.5, 0.2, 0.1)], [20, Color3(1, 0.4, 0.3)]]
    ),
    holder,
)
other.addTargetedAnimation(
    anim("os", "s", T.ANIMATIONTYPE_SIZE, [[0, Size(2, 3)], [20, Size(5, 7)]]), holder
)
other.addTargetedAnimation(
    anim(
        "om",
        "m",
        T.ANIMATIONTYPE_MATRIX,
        [
            [
                0,
                Matrix.Compose(
                    Vector3(1, 2, 1), Quaternion.RotationAxis(axisY, 0.3), Vector3(1, 2, 3)
                ),
            ],
            [
                20,
                Matrix.Compose(
                    Vector3(2, 2, 0.5), Quaternion.RotationAxis(axisZ, 0.7), Vector3(-1, 0, 4)
                ),
            ],
        ],
    ),
    holder,
)
AnimationGroup.MakeAnimationAdditive(other, {"referenceFrame": 5})
otherKeys = [keysOf(ta.animation) for ta in other.targetedAnimations]

# Animation.MakeAnimationAdditive alone, cloned.
lone = anim("lone", "x", T.ANIMATIONTYPE_FLOAT, [[0, 1], [10, 3], [20, 9]])
loneAdd = Animation.MakeAnimationAdditive(lone, 20, None, True, "loneAdd")
loneInfo = [loneAdd.name, keysOf(lone), keysOf(loneAdd)]

log = []
step = -1
wave.onAnimationGroupPlayObservable.add(
    lambda g, _s: log.append(
        ["play", g.name, step, g.isAdditive, [a.isAdditive for a in g.animatables]]
    )
)

steps = []
for step in range(160):
    if step == 0:
        base.play(True)
        wave.weight = 0.6
        wave.play(True)
    if step == 40:
        wave.weight = 1
    if step == 60:
        wave.isAdditive = False
        log.append(["notAdditive", [a.isAdditive for a in wave.animatables]])
    if step == 70:
        wave.isAdditive = True
    if step == 80:
        base.stop()
        base.weight = -1
        base.play(True)
    if step == 110:
        wave.stop()
        wave.start(True, 1, 0, 30, False)
        log.append(["startNotAdditive", [a.isAdditive for a in wave.animatables]])
    if step == 130:
        wave.stop()
        base.stop()
        sway.weight = 0.5
        sway.start(True, 1.5)
    scene._animate(16)
    steps.append(
        [*arm.position.asArray(), *arm.rotationQuaternion.asArray(), *arm.scaling.asArray()]
    )

print(
    json.dumps(
        {
            "same": waveResult is wave,
            "waveAdditive": wave.isAdditive,
            "waveKeys": waveKeys,
            "nodInfo": nodInfo,
            "swayInfo": swayInfo,
            "otherKeys": otherKeys,
            "loneInfo": loneInfo,
            "steps": steps,
            "log": log,
        }
    )
)
