# parity: {"atol": 1e-5, "rtol": 1e-5}
"""Port of compat_motion_bone_controllers.mjs against lite_compat.

Babylon.js 9.31 BoneIKController and BoneLookController on generated rigs: each bone's
world matrix (absolute matrix times the mesh's world matrix) per frame while a target
moves. IK: lengths measured from children (a pole mesh with an offset), from bone.length
(slerpAmount, poleAngle, maxAngle, the default pole bone) and a mirrored rig (negative
determinant: the other bend-axis convention). Look: no limits, yaw/pitch limits, a yaw
range wider than pi, slerping, upAxisSpace BONE, custom yaw/pitch axes, adjustments and
useAbsoluteValueForYaw.
"""

from __future__ import annotations

import json
import math

from lite_compat import (
    Bone,
    BoneIKController,
    BoneLookController,
    Matrix,
    NullEngine,
    Scene,
    Skeleton,
    Space,
    TransformNode,
    Vector3,
)

scene = Scene(NullEngine())


def worldOf(bone, mesh):
    return list(bone.getAbsoluteMatrix().multiply(mesh.getWorldMatrix()).m)


def local(bone):
    p, q = bone.position, bone.rotationQuaternion
    return [p.x, p.y, p.z, q.x, q.y, q.z, q.w]


def arm(name, mirrored):
    mesh = TransformNode(name + "Mesh", scene)
    mesh.position = Vector3(0.5, -0.25, 1)
    mesh.rotation = Vector3(0.1, 0.4, -0.2)
    mesh.scaling = Vector3(1, 1, 1)
    skeleton = Skeleton(name, name, scene)
    rootM = (
        Matrix.Scaling(1, 1, -1).multiply(Matrix.Translation(0, 1, 0))
        if mirrored
        else Matrix.Translation(0, 1, 0)
    )
    root = Bone("root", skeleton, None, rootM)
    upper = Bone(
        "upper", skeleton, root, Matrix.RotationZ(0.3).multiply(Matrix.Translation(0.2, 0.5, 0))
    )
    fore = Bone(
        "fore", skeleton, upper, Matrix.RotationZ(-0.5).multiply(Matrix.Translation(0, 1, 0))
    )
    hand = Bone("hand", skeleton, fore, Matrix.Translation(0, 0.8, 0))
    return {"mesh": mesh, "skeleton": skeleton, "bones": [root, upper, fore, hand]}


out = {}

# IK 1: lengths from children, a pole mesh with a local offset.
r = arm("ik1", False)
target = TransformNode("target", scene)
pole = TransformNode("pole", scene)
pole.position = Vector3(0, 1, -2)
ik = BoneIKController(
    r["mesh"],
    r["bones"][2],
    {"targetMesh": target, "poleTargetMesh": pole, "poleTargetLocalOffset": Vector3(0.1, 0.2, 0)},
)
frames = []
for i in range(24):
    t = i / 8
    target.position = Vector3(
        0.5 + math.cos(t) * 1.2, 1.4 + math.sin(t * 1.3) * 0.6, 1 + math.sin(t) * 0.9
    )
    if i == 12:
        target.position = Vector3(5, 5, 5)  # out of reach
    ik.update()
    b, m = r["bones"], r["mesh"]
    frames.append([*worldOf(b[1], m), *worldOf(b[2], m), *worldOf(b[3], m), *local(b[2])])
out["ik1"] = {"frames": frames, "maxAngle": ik.maxAngle}

# IK 2: bone.length, slerpAmount, poleAngle, maxAngle, default pole bone (the root).
r = arm("ik2", False)
r["bones"][1].length = 1.0
r["bones"][2].length = 0.8
ik = BoneIKController(
    r["mesh"],
    r["bones"][2],
    {
        "slerpAmount": 0.35,
        "poleAngle": 0.4,
        "maxAngle": 2.5,
        "poleTargetLocalOffset": Vector3(0, 0, 1),
    },
)
frames = []
for i in range(20):
    ik.targetPosition.copyFromFloats(1.0 - i * 0.05, 2.0 + i * 0.03, 1.5 - i * 0.04)
    ik.update()
    frames.append([*worldOf(r["bones"][1], r["mesh"]), *worldOf(r["bones"][2], r["mesh"])])
out["ik2"] = {
    "frames": frames,
    "maxAngle": ik.maxAngle,
    "pole": ik.poleTargetBone.name if ik.poleTargetBone else None,
}
ik.maxAngle = -1
out["ik2"]["clampLow"] = ik.maxAngle
ik.maxAngle = 9
out["ik2"]["clampHigh"] = ik.maxAngle

# IK 3: a mirrored rig (negative determinant), a bend axis given, no options for the pole.
r = arm("ik3", True)
ik = BoneIKController(r["mesh"], r["bones"][2], {"bendAxis": Vector3(1, 0, 0)})
frames = []
for i in range(12):
    ik.targetPosition.copyFromFloats(0.3 + i * 0.1, 2.2 - i * 0.05, 0.8 + i * 0.02)
    ik.update()
    frames.append([*worldOf(r["bones"][1], r["mesh"]), *worldOf(r["bones"][2], r["mesh"])])
out["ik3"] = frames


# Look-at: several option sets on a neck -> head chain.
def neck(name):
    mesh = TransformNode(name + "Mesh", scene)
    mesh.position = Vector3(-0.3, 0, 0.4)
    mesh.rotation = Vector3(0, 0.7, 0.05)
    skeleton = Skeleton(name, name, scene)
    root = Bone("root", skeleton, None, Matrix.Translation(0, 1.5, 0))
    head = Bone(
        "head", skeleton, root, Matrix.RotationY(0.2).multiply(Matrix.Translation(0, 0.3, 0.05))
    )
    return {"mesh": mesh, "skeleton": skeleton, "root": root, "head": head}


lookCases = {
    "free": {},
    "limited": {"maxYaw": 0.6, "minYaw": -0.4, "maxPitch": 0.3, "minPitch": -0.5},
    "wide": {"maxYaw": 2.0, "minYaw": -2.0, "slerpAmount": 0.3},
    "bone": {"upAxisSpace": Space.BONE, "maxPitch": 0.4, "adjustYaw": 0.2, "adjustRoll": -0.1},
    "axes": {
        "yawAxis": Vector3(0, 0, 1),
        "pitchAxis": Vector3(1, 0, 0),
        "maxYaw": 0.8,
        "minYaw": -0.8,
    },
    "absYaw": {"maxYaw": 0.5, "minYaw": 0.0, "useAbsoluteValueForYaw": True, "adjustPitch": 0.15},
    "world": {
        "upAxisSpace": Space.WORLD,
        "upAxis": Vector3(0.1, 1, 0),
        "slerpAmount": 0.5,
        "maxYaw": 1.0,
    },
}
out["look"] = {}
for name, options in lookCases.items():
    r = neck(name)
    target = Vector3(0, 0, 0)
    look = BoneLookController(r["mesh"], r["head"], target, options)
    frames = []
    for i in range(30):
        a = i * 0.31
        target.copyFromFloats(
            -0.3 + math.sin(a) * 3, 1.8 + math.cos(a * 0.7) * 1.5, 0.4 + math.cos(a) * 3
        )
        look.update()
        frames.append([*worldOf(r["head"], r["mesh"]), *local(r["head"])])
    out["look"][name] = {
        "frames": frames,
        "limits": [look.minYaw, look.maxYaw, look.minPitch, look.maxPitch],
    }

print(json.dumps(out))
