# parity: {"atol": 1e-5, "rtol": 1e-5}
"""Port of compat_motion_retarget.mjs against lite_compat.

Babylon.js 9.31 AnimatorAvatar.retargetAnimationGroup between two generated rigs of
different proportions and rest poses: a source hierarchy of transform nodes with a walk
(hips travel and bob, spine and legs turn, spine scales, a tail the avatar does not have)
and an avatar mesh whose skeleton's bones are linked to its own nodes. Every retargeted
key, and every avatar joint's local TRS while the retargeted group plays, under the option
sets: defaults, fixRootPosition with a ground reference, fixGroundReference, renamed
source nodes (mapNodeNames) with checkHierarchy, retargetAnimationKeys false, fixAnimations.
"""

from __future__ import annotations

import json
import math

from lite_compat import (
    Animation,
    AnimationGroup,
    AnimatorAvatar,
    Bone,
    Matrix,
    MeshBuilder,
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


def q(r):
    return [r.x, r.y, r.z, r.w]


N = 40
JOINTS = ["Hips", "Spine", "Head", "LegL", "FootL", "LegR", "FootR"]


def sourceRig(prefix):
    root = TransformNode(prefix + "root", scene)

    def make(name, parent, pos, rot):
        n = TransformNode(prefix + name, scene)
        n.parent = parent
        n.position = Vector3(*pos)
        n.rotationQuaternion = Quaternion.RotationYawPitchRoll(*rot)
        return n

    hips = make("Hips", root, [0, 1, 0], [0, 0, 0])
    spine = make("Spine", hips, [0, 0.3, 0], [0, 0, 0])
    head = make("Head", spine, [0, 0.4, 0], [0, 0, 0])
    head.rotationQuaternion = None
    head.rotation = Vector3(0.1, 0, 0)
    legL = make("LegL", hips, [0.15, -0.1, 0], [0, 0, 0])
    footL = make("FootL", legL, [0, -0.85, 0], [0, 0, 0])
    legR = make("LegR", hips, [-0.15, -0.1, 0], [0, 0, 0])
    footR = make("FootR", legR, [0, -0.85, 0], [0, 0, 0])
    tail = make("Tail", hips, [0, 0, -0.2], [0, 0, 0])
    return {
        "root": root,
        "hips": hips,
        "spine": spine,
        "head": head,
        "legL": legL,
        "footL": footL,
        "legR": legR,
        "footR": footR,
        "tail": tail,
    }


def anim(name, prop, type_, keys):
    a = Animation(name, prop, 30, type_, Animation.ANIMATIONLOOPMODE_CYCLE)
    a.setKeys(keys)
    return a


def frames(fn):
    return [{"frame": i * 5, "value": fn(i * 5)} for i in range(N // 5 + 1)]


tau = 2 * math.pi


def sourceGroup(s, name):
    g = AnimationGroup(name, scene)
    V = Animation.ANIMATIONTYPE_VECTOR3
    Q = Animation.ANIMATIONTYPE_QUATERNION
    ypr = Quaternion.RotationYawPitchRoll
    g.addTargetedAnimation(
        anim(
            name + "hipsP",
            "position",
            V,
            frames(
                lambda f: Vector3(
                    0.02 * math.sin((f / N) * tau),
                    1 + 0.05 * math.cos((f / N) * 2 * tau),
                    (1.4 * f) / N,
                )
            ),
        ),
        s["hips"],
    )
    g.addTargetedAnimation(
        anim(
            name + "hipsQ",
            "rotationQuaternion",
            Q,
            frames(lambda f: ypr(0.1 * math.sin((f / N) * tau), 0.05, 0)),
        ),
        s["hips"],
    )
    g.addTargetedAnimation(
        anim(
            name + "spineQ",
            "rotationQuaternion",
            Q,
            frames(
                lambda f: ypr(0, 0.15 * math.sin((f / N) * tau), 0.05 * math.cos((f / N) * tau))
            ),
        ),
        s["spine"],
    )
    g.addTargetedAnimation(
        anim(
            name + "spineS",
            "scaling",
            V,
            frames(lambda f: Vector3(1, 1 + 0.05 * math.sin((f / N) * tau), 1)),
        ),
        s["spine"],
    )
    g.addTargetedAnimation(
        anim(
            name + "headQ",
            "rotationQuaternion",
            Q,
            frames(lambda f: ypr(0.3 * math.sin((f / N) * tau), 0.1, 0)),
        ),
        s["head"],
    )
    g.addTargetedAnimation(
        anim(
            name + "legLQ",
            "rotationQuaternion",
            Q,
            frames(lambda f: ypr(0, 0.5 * math.sin((f / N) * tau), 0)),
        ),
        s["legL"],
    )
    g.addTargetedAnimation(
        anim(
            name + "legRQ",
            "rotationQuaternion",
            Q,
            frames(lambda f: ypr(0, -0.5 * math.sin((f / N) * tau), 0)),
        ),
        s["legR"],
    )
    g.addTargetedAnimation(
        anim(
            name + "footLP",
            "position",
            V,
            frames(lambda f: Vector3(0, -0.85, 0.05 * math.sin((f / N) * tau))),
        ),
        s["footL"],
    )
    g.addTargetedAnimation(
        anim(
            name + "tailQ",
            "rotationQuaternion",
            Q,
            frames(lambda f: ypr(0.4 * math.sin((f / N) * tau), 0, 0)),
        ),
        s["tail"],
    )
    return g


def avatarRig(name):
    """The avatar: a mesh with vertices, its bones linked to nodes with the joint names,
    taller and with other rest rotations."""
    mesh = MeshBuilder.CreateBox(name + "Mesh", {"size": 0.1}, scene)
    skeleton = Skeleton(name + "Skel", name + "Skel", scene)
    mesh.skeleton = skeleton
    rest = {
        "Hips": [None, [0, 1.5, 0], [0, 0.1, 0]],
        "Spine": ["Hips", [0, 0.45, 0.02], [0.2, 0, 0]],
        "Head": ["Spine", [0, 0.5, 0], [-0.2, 0, 0.05]],
        "LegL": ["Hips", [0.2, -0.12, 0], [0, 0, 0.1]],
        "FootL": ["LegL", [0, -1.25, 0], [0, 0, -0.1]],
        "LegR": ["Hips", [-0.2, -0.12, 0], [0, 0, -0.1]],
        "FootR": ["LegR", [0, -1.25, 0], [0, 0, 0.1]],
    }
    bones = {}
    nodes = {}
    for joint in JOINTS:
        parent, pos, (px, py, pz) = rest[joint]
        node = TransformNode(joint, scene)
        node.parent = nodes[parent] if parent else mesh
        node.position = Vector3(*pos)
        node.rotationQuaternion = Quaternion.RotationYawPitchRoll(py, px, pz)
        local = Matrix.Compose(Vector3.One(), node.rotationQuaternion, node.position)
        bone = Bone(joint, skeleton, bones[parent] if parent else None, local)
        bone.linkTransformNode(node)
        bones[joint] = bone
        nodes[joint] = node
    return {"mesh": mesh, "skeleton": skeleton, "bones": bones, "nodes": nodes}


def key_value(k):
    value = k["value"] if isinstance(k, dict) else k.value
    return q(value) if isinstance(value, Quaternion) else v(value)


def keysOf(g):
    return [
        [
            ta.target.name,
            ta.animation.targetProperty,
            [key_value(k) for k in ta.animation.getKeys()],
        ]
        for ta in g.targetedAnimations
    ]


def pose(r):
    rows = []
    for j in JOINTS:
        n = r["nodes"][j]
        n.computeWorldMatrix(True)
        rows.append(
            [*v(n.position), *q(n.rotationQuaternion), *v(n.scaling), *v(n.getAbsolutePosition())]
        )
    return rows


def play(g, r):
    rows = []
    g.start(True)
    for f in [0, 7, 13.5, 20, 31, 40]:
        g.goToFrame(f)
        rows.append(pose(r))
    g.stop()
    return rows


out = {}
s = sourceRig("src_")
# Source node names as the avatar's, through a map: src_Hips -> Hips and so on.
map_ = {"src_" + j: j for j in JOINTS}
cases = {
    "defaults": {"mapNodeNames": map_},
    "rootFix": {"mapNodeNames": map_, "groundReferenceNodeName": "FootL", "rootNodeName": "Hips"},
    "ground": {
        "mapNodeNames": map_,
        "fixGroundReference": True,
        "fixRootPosition": False,
        "groundReferenceNodeName": "FootL",
        "rootNodeName": "Hips",
    },
    "both": {
        "mapNodeNames": map_,
        "fixGroundReference": True,
        "groundReferenceNodeName": "FootR",
        "rootNodeName": "Hips",
        "groundReferenceVerticalAxis": "Y",
    },
    "hierarchy": {"mapNodeNames": map_, "checkHierarchy": True, "fixRootPosition": False},
    "rawKeys": {
        "mapNodeNames": map_,
        "retargetAnimationKeys": False,
        "fixRootPosition": False,
        "animationGroupName": "raw",
    },
    "fixed": {"mapNodeNames": map_, "fixAnimations": True, "fixRootPosition": False},
}
for name, options in cases.items():
    r = avatarRig("av_" + name)
    avatar = AnimatorAvatar("avatar_" + name, r["mesh"])
    avatar.showWarnings = False
    group = sourceGroup(s, "walk_" + name)
    retargeted = avatar.retargetAnimationGroup(group, options)
    out[name] = {
        "group": retargeted.name,
        "meshes": [m.name for m in avatar.meshes],
        "skeletons": len(avatar.skeletons),
        "rootName": r["mesh"].name,
        "keys": keysOf(retargeted),
        "sourceKeys": keysOf(group)[:2],
        "restAfter": pose(r),
        "play": play(retargeted, r),
        "source": [
            *v(s["hips"].position),
            *q(s["hips"].rotationQuaternion),
            *v(s["head"].rotation),
            q(s["head"].rotationQuaternion) if s["head"].rotationQuaternion else None,
        ],
    }

r = avatarRig("av_find")
avatar = AnimatorAvatar("finder", r["mesh"], False, False)
spine = avatar.findBoneByName("Spine")
head = avatar.findBoneByTransformNode("Head")
legR = avatar.findBoneByTransformNode(r["nodes"]["LegR"])
out["find"] = [
    spine.name if spine else None,
    avatar.findBoneByName("Nope"),
    head.name if head else None,
    legR.name if legR else None,
    r["mesh"].name,
    avatar.name,
]
empty = AnimatorAvatar("empty", None)
out["empty"] = [len(empty.meshes), len(empty.skeletons)]
print(json.dumps(out))
