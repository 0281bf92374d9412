# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_skeleton_ranges.mjs against lite_compat.

Babylon.js 9.31 animation ranges on a skeleton: createAnimationRange on the skeleton and on
each bone's first animation (a bone without animations skipped, a duplicate name ignored),
skeleton.beginAnimation over a range (loop, speed, end callback; a missing range gives null),
the bones' local and absolute positions while it plays, getAnimationRange(s) and
deleteAnimationRange with and without frames.
"""

from __future__ import annotations

import json

from lite_compat import (
    Animation,
    Bone,
    Matrix,
    NullEngine,
    Quaternion,
    Scene,
    Skeleton,
    Space,
    Vector3,
)

scene = Scene(NullEngine())
skeleton = Skeleton("rig", "rig", scene)
root = Bone("root", skeleton, None, Matrix.Translation(0, 1, 0))
arm = Bone("arm", skeleton, root, Matrix.Translation(0, 2, 0))
hand = Bone("hand", skeleton, arm, Matrix.Translation(0, 1, 0))
still = Bone("still", skeleton, root, Matrix.Translation(1, 0, 0))  # no animations


def v(p):
    return [p.x, p.y, p.z]


pos = Animation("rootP", "position", 30, Animation.ANIMATIONTYPE_VECTOR3)
pos.setKeys([{"frame": f, "value": Vector3(f / 20, 1, 0)} for f in [0, 20, 40]])
rot = Animation("armQ", "rotationQuaternion", 30, Animation.ANIMATIONTYPE_QUATERNION)
rot.setKeys(
    [{"frame": f, "value": Quaternion.RotationAxis(Vector3(0, 0, 1), f / 40)} for f in [0, 20, 40]]
)
scl = Animation("handS", "scaling", 30, Animation.ANIMATIONTYPE_VECTOR3)
scl.setKeys([{"frame": f, "value": Vector3(1 + f / 40, 1, 1)} for f in [0, 40]])
root.animations.append(pos)
arm.animations.append(rot)
hand.animations.append(scl)

skeleton.createAnimationRange("idle", 0, 20)
skeleton.createAnimationRange("wave", 20, 40)
skeleton.createAnimationRange("idle", 3, 4)  # name in use: ignored


def r(rng):
    return [rng.name, getattr(rng, "from"), rng.to] if rng else None


out = {}
out["ranges"] = [
    r(skeleton.getAnimationRange("idle")),
    r(skeleton.getAnimationRange("wave")),
    r(pos.getRange("wave")),
    r(rot.getRange("idle")),
    r(scl.getRange("wave")),
    skeleton.getAnimationRange("none"),
    len(still.animations),
]
out["missing"] = skeleton.beginAnimation("none") is None

log = []
a = skeleton.beginAnimation("wave", False, 1.5, lambda: log.append("end"))
play = []
for _i in range(18):
    scene._animate(33)
    play.append(
        [
            a.masterFrame,
            v(root.position),
            v(arm.rotationQuaternion.toEulerAngles()),
            v(hand.scaling),
            v(hand.getAbsolutePosition()),
            v(still.getPosition(Space.WORLD)),
            len(log),
        ]
    )
out["play"] = play
b = skeleton.beginAnimation("idle", True, 2)
loop = []
for _i in range(12):
    scene._animate(50)
    loop.append([b.masterFrame, root.position.x, hand.getAbsolutePosition().x])
b.stop()
out["loop"] = loop

skeleton.deleteAnimationRange("wave", False)
out["afterWave"] = [
    r(skeleton.getAnimationRange("wave")),
    r(pos.getRange("wave")),
    len(pos.getKeys()),
    [r(g) for g in skeleton.getAnimationRanges()],
]
skeleton.deleteAnimationRange("idle")
out["afterIdle"] = [
    [k["frame"] for k in pos.getKeys()],
    [k["frame"] for k in rot.getKeys()],
    [k["frame"] for k in scl.getKeys()],
    [r(g) for g in skeleton.getAnimationRanges()],
    skeleton.beginAnimation("idle") is None,
]

print(json.dumps(out))
