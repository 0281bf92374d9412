# parity: {"atol": 2e-5, "rtol": 1e-5}
"""Port of compat_surface_rig_bones.mjs against lite_compat.

Babylon.js 9.31 Bone API in both spaces on a generated rig with known answers: a rotated,
non-uniformly scaled root, a chain of children, and a rotated/scaled mesh node passed as
tNode. Every getter (position, rotation as Euler/quaternion/matrix, scale, direction, local
<-> absolute points) in Space.LOCAL and Space.WORLD, with and without the mesh; every setter
(setPosition, setAbsolutePosition, translate, setRotation, setRotationQuaternion,
setRotationMatrix, setYawPitchRoll, setAxisAngle, rotate, scale, setScale) in both spaces, each
on a fresh rig; returnToRest, clone, getChildren/getParent, computeAbsoluteMatrices; a
120-frame script loop of world-space rotations with the skinning palette every 30 frames.
"""

from __future__ import annotations

import json

from lite_compat import (
    Axis,
    Bone,
    Matrix,
    NullEngine,
    Quaternion,
    Scene,
    Skeleton,
    Space,
    TransformNode,
    Vector3,
)

scene = Scene(NullEngine())


def v(p):
    return [p.x, p.y, p.z]


def q(p):
    return [p.x, p.y, p.z, p.w]


def m(x):
    return list(x.m)


def build():
    skeleton = Skeleton("rig", "rig", scene)
    root_m = Matrix.Compose(
        Vector3(1, 2, 1.5), Quaternion.RotationYawPitchRoll(0.3, -0.2, 0.1), Vector3(0.5, 1, 2)
    )
    root = Bone("root", skeleton, None, root_m)
    arm_m = Matrix.Compose(
        Vector3(1, 1, 1), Quaternion.RotationAxis(Vector3(0, 0, 1), 0.7), Vector3(0, 2, 0)
    )
    arm = Bone("arm", skeleton, root, arm_m)
    hand_m = Matrix.Compose(
        Vector3(1.5, 1.5, 1.5), Quaternion.RotationAxis(Vector3(1, 0, 0), -0.4), Vector3(0.5, 1, 0)
    )
    hand = Bone("hand", skeleton, arm, hand_m)
    tip = Bone("tip", skeleton, hand, Matrix.Translation(0, 0.5, 0.25))
    mesh = TransformNode("mesh", scene)
    mesh.position = Vector3(3, -1, 2)
    mesh.rotation = Vector3(0.2, 1.1, -0.3)
    mesh.scaling = Vector3(2, 2, 2)
    mesh.computeWorldMatrix(True)
    return {"skeleton": skeleton, "root": root, "arm": arm, "hand": hand, "tip": tip, "mesh": mesh}


out = {}
rig0 = build()
skeleton, root, arm, hand, tip, mesh = (
    rig0[k] for k in ("skeleton", "root", "arm", "hand", "tip", "mesh")
)
g = {}
for name, bone in [["root", root], ["arm", arm], ["hand", hand], ["tip", tip]]:
    r = []
    r += [
        v(bone.getPosition()),
        v(bone.getPosition(Space.WORLD)),
        v(bone.getPosition(Space.WORLD, mesh)),
    ]
    r += [v(bone.getAbsolutePosition()), v(bone.getAbsolutePosition(mesh))]
    r += [
        v(bone.getRotation()),
        v(bone.getRotation(Space.WORLD)),
        v(bone.getRotation(Space.WORLD, mesh)),
    ]
    r += [
        q(bone.getRotationQuaternion()),
        q(bone.getRotationQuaternion(Space.WORLD)),
        q(bone.getRotationQuaternion(Space.WORLD, mesh)),
    ]
    r += [
        m(bone.getRotationMatrix()),
        m(bone.getRotationMatrix(Space.WORLD)),
        m(bone.getRotationMatrix(Space.WORLD, mesh)),
    ]
    r += [
        v(bone.getScale()),
        v(bone.scaling),
        v(bone.position),
        q(bone.rotationQuaternion),
        v(bone.rotation),
    ]
    r += [v(bone.getDirection(Vector3(0, 0, 1))), v(bone.getDirection(Vector3(1, 0, 0), mesh))]
    r += [
        v(bone.getAbsolutePositionFromLocal(Vector3(0.5, 1, -1))),
        v(bone.getAbsolutePositionFromLocal(Vector3(0.5, 1, -1), mesh)),
    ]
    r += [
        v(bone.getLocalPositionFromAbsolute(Vector3(2, 3, 4))),
        v(bone.getLocalPositionFromAbsolute(Vector3(2, 3, 4), mesh)),
    ]
    t1, t2, t3, t4, t5 = (
        Vector3.Zero(),
        Quaternion.Zero(),
        Matrix.Zero(),
        Vector3.Zero(),
        Vector3.Zero(),
    )
    bone.getPositionToRef(Space.WORLD, mesh, t1)
    bone.getRotationQuaternionToRef(Space.WORLD, None, t2)
    bone.getRotationMatrixToRef(Space.LOCAL, None, t3)
    bone.getRotationToRef(Space.WORLD, mesh, t4)
    bone.getScaleToRef(t5)
    r += [v(t1), q(t2), m(t3), v(t4), v(t5)]
    r += [
        m(bone.getAbsoluteMatrix()),
        m(bone.getAbsoluteInverseBindMatrix()),
        m(bone.getLocalMatrix()),
    ]
    g[name] = r
g["tree"] = [
    [b.name for b in root.getChildren()],
    arm.getParent().name,
    root.getParent(),
    [b.name for b in skeleton.getChildren()],
]
out["getters"] = g

setters = {
    "setPosition": lambda b, mesh, s: b.setPosition(Vector3(0.25, -1, 2), s, mesh),
    "setAbsolutePosition": lambda b, mesh, s: b.setAbsolutePosition(Vector3(4, 1, -2), mesh),
    "translate": lambda b, mesh, s: b.translate(Vector3(0.5, 1, -0.75), s, mesh),
    "setRotation": lambda b, mesh, s: b.setRotation(Vector3(0.4, -0.6, 0.9), s, mesh),
    "setRotationQuaternion": lambda b, mesh, s: b.setRotationQuaternion(
        Quaternion.RotationYawPitchRoll(-0.5, 0.25, 1.2), s, mesh
    ),
    "setRotationMatrix": lambda b, mesh, s: b.setRotationMatrix(
        Matrix.RotationAxis(Vector3(1, 1, 0).normalize(), 0.8), s, mesh
    ),
    "setYawPitchRoll": lambda b, mesh, s: b.setYawPitchRoll(0.7, 0.1, -0.4, s, mesh),
    "setAxisAngle": lambda b, mesh, s: b.setAxisAngle(Vector3(0, 1, 1).normalize(), 1.3, s, mesh),
    "rotate": lambda b, mesh, s: b.rotate(Vector3(0, 0, 1), 0.9, s, mesh),
}
res = {}
for name, fn in setters.items():
    for label, space, use_mesh in [
        ["local", Space.LOCAL, False],
        ["world", Space.WORLD, False],
        ["worldMesh", Space.WORLD, True],
    ]:
        for bone_name in ["root", "hand"]:
            rig = build()
            bone = rig[bone_name]
            fn(bone, rig["mesh"] if use_mesh else None, space)
            res[f"{name}.{label}.{bone_name}"] = [
                m(bone.getLocalMatrix()),
                v(bone.getPosition(Space.WORLD, rig["mesh"])),
                q(bone.getRotationQuaternion(Space.WORLD)),
                v(rig["tip"].getAbsolutePosition(rig["mesh"])),
            ]
for bone_name in ["root", "arm"]:
    for children in [False, True]:
        rig = build()
        rig[bone_name].scale(2, 0.5, 1.5, children)
        res[f"scale.{'true' if children else 'false'}.{bone_name}"] = [
            m(rig[bone_name].getLocalMatrix()),
            m(rig["hand"].getLocalMatrix()),
            v(rig["tip"].getAbsolutePosition()),
        ]
    rig = build()
    rig[bone_name].setScale(Vector3(3, 1, 0.5))
    res[f"setScale.{bone_name}"] = [
        m(rig[bone_name].getLocalMatrix()),
        v(rig["tip"].getAbsolutePosition()),
    ]
out["setters"] = res

rig = build()
rig["hand"].rotate(Vector3(0, 1, 0), 1.0)
rig["hand"].position = Vector3(9, 9, 9)
before = m(rig["hand"].getLocalMatrix())
rig["skeleton"].returnToRest()
rest = [before, m(rig["hand"].getLocalMatrix()), v(rig["tip"].getAbsolutePosition())]
rig["arm"].setRotation(Vector3(0, 0, 1.5))
rig["skeleton"].computeAbsoluteMatrices(True)
rest.append(v(rig["tip"].getAbsolutePosition()))
rig["arm"].returnToRest()
rig["skeleton"].computeAbsoluteMatrices()
rest.append(v(rig["tip"].getAbsolutePosition()))
out["rest"] = rest
c = rig["hand"].clone("handCopy")
out["clone"] = [c.name, c.getClassName(), c.id, len(c.getChildren())]
nan = build()
nan["root"].setScale(Vector3(0, 1, 1))
before_nan = m(nan["arm"].getLocalMatrix())
nan["arm"].setRotation(Vector3(0.1, 0.2, 0.3), Space.WORLD)
out["singular"] = [before_nan, m(nan["arm"].getLocalMatrix())]

# A script loop as in Babylon's bone docs: world-space rotations against the mesh every
# frame, accumulating in the float32 local matrices; the skinning palette every 30 frames.
rig = build()
loop = []
for i in range(120):
    rig["hand"].rotate(Axis.Y, 0.05, Space.WORLD, rig["mesh"])
    rig["arm"].rotate(Axis.Z, -0.02, Space.LOCAL)
    rig["root"].translate(Vector3(0.01, 0, -0.005), Space.WORLD)
    rig["tip"].setYawPitchRoll(i / 50, 0, 0.1, Space.WORLD, rig["mesh"])
    if i % 30 == 29:
        rig["skeleton"].prepare(True)
        loop.append(
            [
                list(rig["skeleton"].getTransformMatrices(None)),
                v(rig["tip"].getAbsolutePosition(rig["mesh"])),
                v(rig["hand"].getRotation(Space.WORLD, rig["mesh"])),
            ]
        )
out["loop"] = loop

print(json.dumps(out))
