"""AnimatorAvatar (lite_compat.motion.animator_avatar).

Values measured by parity/scenarios/compat_motion_retarget.mjs (Babylon.js 9.31) on the
same generated rigs: a source hierarchy with a walk and a taller avatar with other rests.
"""

from __future__ import annotations

import math
import warnings

import pytest

from lite.errors import AnimationStateError, LiteWarning
from lite_compat import (
    Animation,
    AnimationGroup,
    AnimatorAvatar,
    Bone,
    Matrix,
    MeshBuilder,
    Quaternion,
    Scene,
    Skeleton,
    TransformNode,
    Vector3,
)

JOINTS = ["Hips", "Spine", "Head", "LegL", "FootL", "LegR", "FootR"]
REST = {
    "Hips": (None, (0, 1.5, 0), (0, 0.1, 0)),
    "Spine": ("Hips", (0, 0.45, 0.02), (0.2, 0, 0)),
    "Head": ("Spine", (0, 0.5, 0), (-0.2, 0, 0.05)),
    "LegL": ("Hips", (0.2, -0.12, 0), (0, 0, 0.1)),
    "FootL": ("LegL", (0, -1.25, 0), (0, 0, -0.1)),
    "LegR": ("Hips", (-0.2, -0.12, 0), (0, 0, -0.1)),
    "FootR": ("LegR", (0, -1.25, 0), (0, 0, 0.1)),
}
N = 40
TAU = 2 * math.pi


def avatar_rig(scene: Scene, name: str) -> tuple[object, dict[str, TransformNode]]:
    mesh = MeshBuilder.CreateBox(name + "Mesh", {"size": 0.1}, scene)
    skeleton = Skeleton(name, name, scene)
    mesh.skeleton = skeleton
    bones: dict[str, Bone] = {}
    nodes: dict[str, TransformNode] = {}
    for joint in JOINTS:
        parent, pos, (px, py, pz) = REST[joint]
        node = TransformNode(joint, scene)
        node.parent = nodes[parent] if parent else mesh
        node.position = Vector3(*pos)
        node.rotationQuaternion = Quaternion.RotationYawPitchRoll(py, px, pz)
        local = Matrix.Compose(Vector3.One(), node.rotationQuaternion, node.position)
        bone = Bone(joint, skeleton, bones[parent] if parent else None, local)
        bone.linkTransformNode(node)
        bones[joint] = bone
        nodes[joint] = node
    return mesh, nodes


def source_walk(scene: Scene) -> tuple[AnimationGroup, dict[str, TransformNode]]:
    root = TransformNode("src_root", scene)
    hips = TransformNode("src_Hips", scene)
    hips.parent = root
    hips.position = Vector3(0, 1, 0)
    hips.rotationQuaternion = Quaternion.Identity()
    foot = TransformNode("src_FootL", scene)
    foot.parent = hips
    foot.position = Vector3(0.15, -0.95, 0)
    foot.rotationQuaternion = Quaternion.Identity()
    tail = TransformNode("src_Tail", scene)
    tail.parent = hips
    g = AnimationGroup("walk", scene)
    pos = Animation("hipsP", "position", 30, Animation.ANIMATIONTYPE_VECTOR3)
    pos.setKeys(
        [
            {
                "frame": f,
                "value": Vector3(
                    0.02 * math.sin(f / N * TAU), 1 + 0.05 * math.cos(f / N * 2 * TAU), 1.4 * f / N
                ),
            }
            for f in range(0, N + 1, 5)
        ]
    )
    g.addTargetedAnimation(pos, hips)
    tail_q = Animation("tailQ", "rotationQuaternion", 30, Animation.ANIMATIONTYPE_QUATERNION)
    tail_q.setKeys(
        [
            {"frame": 0, "value": Quaternion.Identity()},
            {"frame": 40, "value": Quaternion.Identity()},
        ]
    )
    g.addTargetedAnimation(tail_q, tail)
    return g, {"hips": hips, "foot": foot, "tail": tail}


def test_avatar_collects_meshes_and_finds_bones(scene: Scene) -> None:
    mesh, nodes = avatar_rig(scene, "av")
    avatar = AnimatorAvatar("hero", mesh)  # type: ignore[arg-type]
    assert mesh.name == "hero"  # type: ignore[attr-defined]
    assert avatar.meshes == [mesh]
    assert len(avatar.skeletons) == 1
    spine = avatar.findBoneByName("Spine")
    assert spine is not None and spine.name == "Spine"
    assert avatar.findBoneByName("Nope") is None
    leg = avatar.findBoneByTransformNode(nodes["LegR"])
    assert leg is not None and leg.name == "LegR"
    kept = AnimatorAvatar("other", mesh, False, False)  # type: ignore[arg-type]
    assert mesh.name == "hero"  # type: ignore[attr-defined]
    kept.dispose()  # does not own its resources: nothing disposed
    empty = AnimatorAvatar("empty", None)
    assert (empty.meshes, len(empty.skeletons)) == ([], 0)


def test_retargeted_keys_have_babylons_values(scene: Scene) -> None:
    mesh, _ = avatar_rig(scene, "av")
    avatar = AnimatorAvatar("hero", mesh)  # type: ignore[arg-type]
    avatar.showWarnings = False
    source, src = source_walk(scene)
    retargeted = avatar.retargetAnimationGroup(source, {"mapNodeNames": {"src_Hips": "Hips"}})
    assert retargeted.name == "walk"
    assert [
        (ta.target.name, ta.animation.targetProperty) for ta in retargeted.targetedAnimations
    ] == [("Hips", "position")]  # the tail has no avatar bone: removed
    keys = retargeted.targetedAnimations[0].animation.getKeys()
    # Babylon.js 9.31: the hips' motion from the source's rest, onto the avatar's rest (y 1.5)
    first, second = keys[0]["value"], keys[1]["value"]
    assert (first.x, first.y, first.z) == pytest.approx((0, 1.5499999523162842, 0), abs=1e-7)
    assert (second.x, second.y, second.z) == pytest.approx(
        (0.01414213515818119, 1.5, 0.17499999701976776), abs=1e-7
    )
    # the source group is untouched
    assert source.targetedAnimations[0].animation.getKeys()[1]["value"].z == pytest.approx(0.175)
    assert src["hips"].position.asArray() == [0, 1, 0]


def test_missing_bones_and_skipped_fixes_warn_with_a_code(scene: Scene) -> None:
    mesh, _ = avatar_rig(scene, "av")
    avatar = AnimatorAvatar("hero", mesh)  # type: ignore[arg-type]
    source, _ = source_walk(scene)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        avatar.retargetAnimationGroup(source, {"mapNodeNames": {"src_Hips": "Hips"}})
    codes = [getattr(w.message, "code", None) for w in caught]
    assert codes == ["LITE-COMPAT-W13", "LITE-COMPAT-W13"]  # the tail, the ground reference
    assert isinstance(caught[0].message, LiteWarning)
    avatar.showWarnings = False
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        avatar.retargetAnimationGroup(source)
    assert caught == []


def test_bad_arguments_are_refused_before_anything_is_cloned(scene: Scene) -> None:
    mesh, _ = avatar_rig(scene, "av")
    with pytest.raises(AnimationStateError) as info:
        AnimatorAvatar("hero", "root")  # type: ignore[arg-type]
    assert info.value.code == "LITE-COMPAT-210"
    avatar = AnimatorAvatar("hero", mesh)  # type: ignore[arg-type]
    source, _ = source_walk(scene)
    before = len(scene.animationGroups)
    for args in (
        ("walk", None),
        (source, "opts"),
        (source, {"mapNodeNames": ["src_Hips"]}),
        (source, {"groundReferenceVerticalAxis": "W"}),
        (source, {"rootNodeName": 3}),
    ):
        with pytest.raises(AnimationStateError) as info:
            avatar.retargetAnimationGroup(*args)  # type: ignore[arg-type]
        assert info.value.code == "LITE-COMPAT-211"
    assert len(scene.animationGroups) == before
