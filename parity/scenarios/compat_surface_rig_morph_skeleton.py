# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_surface_rig_morph_skeleton.mjs against lite_compat.

Babylon.js 9.31 Skeleton, MorphTarget and MorphTargetManager members beyond playback:
Skeleton.clone (bones, matrices, ranges, animations), serialize/Parse round trip,
copyAnimationRange between two rigs (frame offset, missing bone), toString,
MakeAnimationAdditive, useTextureToStoreBoneMatrices; MorphTarget.FromMesh (positions, normals,
UVs, colours present or not), serialize/Parse, clone; the manager's hasX/supportsX flags with
morphing switched off, vertexCount, clone, serialize/Parse; Animation.AppendSerializedAnimations
and CreateAndStartHierarchyAnimation playing on a node and its children.
"""

from __future__ import annotations

import json

from lite_compat import (
    Animation,
    Bone,
    Matrix,
    Mesh,
    MorphTarget,
    MorphTargetManager,
    NullEngine,
    Quaternion,
    Scene,
    Skeleton,
    TransformNode,
    Vector3,
)

scene = Scene(NullEngine())


def v(p):
    return [p.x, p.y, p.z]


def m(x):
    return list(x.m)


def arr(a):
    return list(a) if a is not None else None


def rng(r):
    return [r.name, getattr(r, "from"), r.to]


def rig(name, with_anim, with_ranges=True):
    sk = Skeleton(name, name + "-id", scene)
    root = Bone("root", sk, None, Matrix.Translation(0, 1, 0))
    arm = Bone(
        "arm",
        sk,
        root,
        Matrix.Compose(
            Vector3(1, 2, 1), Quaternion.RotationAxis(Vector3(0, 0, 1), 0.4), Vector3(0, 2, 0)
        ),
    )
    Bone("hand", sk, arm, Matrix.Translation(0.5, 1, 0))
    if with_anim:
        for bone in sk.bones:
            a = Animation(bone.name + "A", "_matrix", 30, Animation.ANIMATIONTYPE_MATRIX)
            a.setKeys(
                [
                    {
                        "frame": f,
                        "value": Matrix.Compose(
                            Vector3(1, 1, 1),
                            Quaternion.RotationAxis(Vector3(1, 0, 0), f / 30),
                            Vector3(0, f / 10, 0),
                        ),
                    }
                    for f in [0, 10, 20, 30]
                ]
            )
            bone.animations.append(a)
        if with_ranges:
            sk.createAnimationRange("swing", 0, 20)
            sk.createAnimationRange("rest", 25, 30)
    return sk


out = {}
sk = rig("src", True)
sk.bones[1].metadata = {"side": "left"}
c = sk.clone("copy")
out["clone"] = [
    c.name,
    c.id,
    [
        [
            b.name,
            b.getParent().name if b.getParent() else None,
            m(b.getBindMatrix()),
            m(b.getRestMatrix()),
            len(b.animations),
            len(b.animations[0].getKeys()) if b.animations else 0,
            b.animations[0] is sk.bones[0].animations[0],
        ]
        for b in c.bones
    ],
    [rng(r) for r in c.getAnimationRanges()],
    list(c.getTransformMatrices(None))[:48],
    c.toString(),
    c.toString(True),
]
ser = sk.serialize()
bones = [
    [
        b["parentBoneIndex"],
        b["index"],
        b["name"],
        b["id"],
        list(b["matrix"]),
        list(b["rest"]),
        [
            b["animation"]["name"],
            b["animation"]["property"],
            b["animation"]["dataType"],
            len(b["animation"]["keys"]),
        ]
        if b.get("animation")
        else None,
        b.get("metadata"),
    ]
    for b in ser["bones"]
]
out["serialize"] = [ser["name"], ser["id"], ser["needInitialSkinMatrix"], ser["ranges"], bones]
p = Skeleton.Parse(json.loads(json.dumps(ser)), scene)
p.prepare(True)
out["parse"] = [
    p.name,
    p.id,
    [
        [
            b.name,
            b.getIndex(),
            b.getParent().name if b.getParent() else None,
            m(b.getLocalMatrix()),
            len(b.animations),
        ]
        for b in p.bones
    ],
    [rng(r) for r in p.getAnimationRanges()],
    list(p.getTransformMatrices(None))[:48],
    [k["frame"] for k in p.bones[1].animations[0].getKeys()],
]
out["flags"] = [sk.useTextureToStoreBoneMatrices, sk.isUsingTextureForMatrices]
sk.useTextureToStoreBoneMatrices = False
out["flags"].append(sk.useTextureToStoreBoneMatrices)

src = rig("src2", True)
dst = rig("dst", True, False)
ok = dst.copyAnimationRange(src, "swing")
again = dst.copyAnimationRange(src, "swing")
none = dst.copyAnimationRange(src, "nope")
swing = dst.bones[0].animations[0].getRange("swing")
out["copy"] = [
    ok,
    again,
    none,
    [rng(r) for r in dst.getAnimationRanges()],
    [[k["frame"] for k in b.animations[0].getKeys()] for b in dst.bones],
    [getattr(swing, "from"), swing.to] if swing else None,
]


def anims(sk):
    return [
        [
            b.name,
            len(b.animations),
            [
                b.animations[0].name,
                b.animations[0].targetProperty,
                b.animations[0].dataType,
                b.animations[0].framePerSecond,
                [[k["frame"], m(k["value"])] for k in b.animations[0].getKeys()],
            ]
            if b.animations
            else None,
        ]
        for b in sk.bones
    ]


bare = rig("bare", False)
ok2 = bare.copyAnimationRange(src, "rest")
out["copy2"] = [ok2, anims(bare), [rng(r) for r in bare.getAnimationRanges()]]
odd = rig("odd", False)
Bone("extra", odd, None)
ok3 = odd.copyAnimationRange(src, "rest")
out["copy3"] = [ok3, anims(odd), [rng(r) for r in odd.getAnimationRanges()]]
add = Skeleton.MakeAnimationAdditive(src, 0, "swing")
missing = Skeleton.MakeAnimationAdditive(src, 0, "nope")
out["additive"] = [
    add is src,
    missing,
    [[m(k["value"]) for k in b.animations[0].getKeys()] for b in src.bones],
]

mesh = Mesh("base", scene)
mesh.setVerticesData("position", [0, 0, 0, 1, 0, 0, 0, 1, 0])
mesh.setVerticesData("normal", [0, 0, 1, 0, 0, 1, 0, 0, 1])
mesh.setVerticesData("uv", [0, 0, 1, 0, 0, 1])
t1 = MorphTarget.FromMesh(mesh)
t2 = MorphTarget.FromMesh(mesh, "named", 0.4)
plain = Mesh("plain", scene)
plain.setVerticesData("position", [0, 0, 1, 1, 0, 1, 0, 1, 1])
t3 = MorphTarget.FromMesh(plain, "", 0.7)


def desc(t):
    return [
        t.name,
        t.id,
        t.influence,
        t.hasPositions,
        t.hasNormals,
        t.hasTangents,
        t.hasUVs,
        t.hasUV2s,
        t.hasColors,
        t.vertexCount,
        arr(t.getPositions()),
        arr(t.getNormals()),
        arr(t.getUVs()),
        t.morphTargetManager,
    ]


out["fromMesh"] = [desc(t1), desc(t2), desc(t3)]
manager = MorphTargetManager(scene)


def flags(mt):
    return [
        mt.hasPositions,
        mt.hasNormals,
        mt.hasTangents,
        mt.hasUVs,
        mt.hasUV2s,
        mt.hasColors,
        mt.supportsPositions,
        mt.supportsNormals,
        mt.supportsUVs,
        mt.vertexCount,
        mt.numTargets,
        mt.numInfluencers,
    ]


f0 = flags(manager)
manager.addTarget(t1)
f1 = flags(manager)
manager.addTarget(t2)
manager.enableNormalMorphing = False
f2 = flags(manager)
manager.addTarget(t3)
f3 = flags(manager)
manager.removeTarget(t3)
manager.removeTarget(t2)
manager.removeTarget(t1)
f4 = flags(manager)
manager.addTarget(t1)
manager.addTarget(t2)
out["managerFlags"] = [f0, f1, f2, f3, f4]
anim = Animation("inf", "influence", 30, Animation.ANIMATIONTYPE_FLOAT)
anim.setKeys([{"frame": 0, "value": 0}, {"frame": 30, "value": 1}])
t2.animations.append(anim)
s = t2.serialize()
out["targetSerialize"] = [
    sorted(s.keys()),
    s["name"],
    s["influence"],
    s["id"],
    s["positions"],
    s["normals"],
    s["uvs"],
    len(s["animations"]),
    s["animations"][0]["name"],
    len(s["animations"][0]["keys"]),
]
p = MorphTarget.Parse(json.loads(json.dumps(s)), scene)
out["targetParse"] = [
    desc(p),
    len(p.animations),
    [[k["frame"], k["value"]] for k in p.animations[0].getKeys()],
]
c = t2.clone()
out["targetClone"] = [desc(c), c.getPositions() is t2.getPositions(), len(c.animations)]
manager.metadata = {"owner": "base"}
ms = manager.serialize()
out["managerSerialize"] = [
    ms["id"] == manager.uniqueId,
    ms.get("meshName"),
    len(ms["targets"]),
    [t["name"] for t in ms["targets"]],
    ms["metadata"],
]
mp = MorphTargetManager.Parse(json.loads(json.dumps(ms)), scene)
out["managerParse"] = [
    flags(mp),
    mp.getTarget(1).name,
    mp.getTarget(1).influence,
    mp.getTarget(1).morphTargetManager is mp,
    mp.metadata,
]
mc = manager.clone()
out["managerClone"] = [
    flags(mc),
    mc.enableNormalMorphing,
    mc.getTarget(0).name,
    mc.getTarget(0) is manager.getTarget(0),
    mc.metadata is manager.metadata,
]

root = TransformNode("hroot", scene)
kid = TransformNode("hkid", scene)
kid.parent = root
grand_kid = TransformNode("hgrand", scene)
grand_kid.parent = kid
all_ = Animation.CreateAndStartHierarchyAnimation(
    "slide", root, False, "position.x", 30, 30, 0, 6, Animation.ANIMATIONLOOPMODE_CONSTANT
)
direct = Animation.CreateAndStartHierarchyAnimation(
    "lift", root, True, "position.y", 30, 60, 0, 3, Animation.ANIMATIONLOOPMODE_CYCLE
)
steps = []
for _i in range(8):
    scene._animate(200)
    steps.append(
        [
            root.position.x,
            kid.position.x,
            grand_kid.position.x,
            root.position.y,
            kid.position.y,
            grand_kid.position.y,
        ]
    )
out["hierarchy"] = [
    len(all_),
    len(direct),
    [a.target.name for a in all_],
    [a.target.name for a in direct],
    direct[0].loopAnimation,
    all_[0].loopAnimation,
    steps,
]


def anim0():
    a = Animation("ser", "position.z", 60, Animation.ANIMATIONTYPE_FLOAT)
    a.setKeys([{"frame": 0, "value": 1}, {"frame": 6, "value": 2}, {"frame": 12, "value": -1}])
    return a


class Holder:
    def __init__(self, animations):
        self.animations = animations


dest = {}
Animation.AppendSerializedAnimations(Holder([anim0()]), dest)
dest2 = {}
Animation.AppendSerializedAnimations(object(), dest2)
out["append"] = [
    len(dest["animations"]),
    dest["animations"][0]["name"],
    len(dest["animations"][0]["keys"]),
    list(dest2.keys()),
]

print(json.dumps(out))
