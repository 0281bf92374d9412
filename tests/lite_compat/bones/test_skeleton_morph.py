"""lite_compat.bones.skeleton (Skeleton, Bone) and lite_compat.morph.morph_target_manager (MorphTarget,
MorphTargetManager) on hand-built objects; expected values worked out by hand."""

from __future__ import annotations

import pytest

from lite_compat import Matrix, NullEngine, Quaternion, Scene, Space, TransformNode, Vector3
from lite_compat.bones.bone import Bone
from lite_compat.bones.skeleton import Skeleton
from lite_compat.morph.morph_target import MorphTarget
from lite_compat.morph.morph_target_manager import MorphTargetManager


def scene() -> Scene:
    return Scene(NullEngine())


# Skeleton and Bone --------------------------------------------------------------------------


def test_bones_register_in_order_with_parents_and_children() -> None:
    s = scene()
    skeleton = Skeleton("rig", "rig0", s)
    assert s.skeletons == [skeleton]
    root = Bone("root", skeleton, None, Matrix.Translation(0, 1, 0))
    child = Bone("child", skeleton, root, Matrix.Translation(0, 2, 0), index=5)
    assert skeleton.bones == [root, child]
    assert child.getParent() is root and child.parent is root
    assert root.getChildren() == [child]
    assert skeleton.getChildren() == [root]
    assert (root.getIndex(), child.getIndex()) == (0, 5)
    assert root.getClassName() == "Bone" and skeleton.getClassName() == "Skeleton"
    assert root not in s.rootNodes  # bones are not scene roots


def test_absolute_bind_matrices_chain_and_invert() -> None:
    skeleton = Skeleton("rig", "rig0", scene())
    root = Bone("root", skeleton, None, Matrix.Translation(0, 1, 0))
    child = Bone("child", skeleton, root, Matrix.Translation(0, 2, 0))
    inv = child.getAbsoluteInverseBindMatrix().m
    assert [inv[12], inv[13], inv[14]] == [0, -3, 0]
    child.computeAbsoluteMatrices()
    assert child.getAbsolutePosition().asArray() == [0, 3, 0]


def test_trs_decompose_and_recompose_the_local_matrix() -> None:
    skeleton = Skeleton("rig", "rig0", scene())
    bone = Bone(
        "b", skeleton, None, Matrix.Compose(Vector3(2, 2, 2), Quaternion(), Vector3(1, 2, 3))
    )
    assert bone.position.asArray() == [1, 2, 3]
    assert bone.scaling.asArray() == pytest.approx([2, 2, 2])
    bone.position = Vector3(4, 5, 6)
    m = bone.getLocalMatrix().m
    assert [m[12], m[13], m[14]] == [4, 5, 6]
    assert m[0] == pytest.approx(2)
    # A root bone's absolute matrix is its local one (Babylon.js's getPositionToRef, WORLD).
    assert bone.getPosition(Space.WORLD).asArray() == [4, 5, 6]


def test_prepare_copies_linked_nodes_and_builds_the_palette() -> None:
    s = scene()
    skeleton = Skeleton("rig", "rig0", s)
    node = TransformNode("joint", s)
    node.position = Vector3(0, 1, 0)
    bone = Bone("joint", skeleton, None, Matrix.Translation(0, 1, 0))
    bone.linkTransformNode(node)
    assert bone.getTransformNode() is node
    assert skeleton.findBoneFromLinkedTransformNode(node) is bone
    skeleton.prepare(True)
    palette = list(skeleton.getTransformMatrices(None))
    assert len(palette) == 32  # one bone plus the trailing identity
    assert palette[12:15] == [0, 0, 0]  # rest pose: inverse bind * final = identity
    node.position = Vector3(0, 3, 0)
    node.rotationQuaternion = Quaternion()
    skeleton.prepare(True)
    palette = list(skeleton.getTransformMatrices(None))
    assert palette[12:15] == [0, 2, 0]
    assert palette[16:] == [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]


def test_return_to_rest_moves_the_linked_node() -> None:
    s = scene()
    skeleton = Skeleton("rig", "rig0", s)
    node = TransformNode("joint", s)
    bone = Bone("joint", skeleton, None, Matrix.Translation(1, 2, 3), index=0)
    bone.linkTransformNode(node)
    node.position = Vector3(9, 9, 9)
    skeleton.returnToRest()
    assert node.position.asArray() == [1, 2, 3]
    assert node.rotationQuaternion is not None


def test_skeleton_dispose_leaves_the_scene() -> None:
    s = scene()
    skeleton = Skeleton("rig", "rig0", s)
    skeleton.dispose()
    assert s.skeletons == []


# MorphTarget and MorphTargetManager ---------------------------------------------------------


def test_influence_change_notifies_with_zero_crossing_flag() -> None:
    target = MorphTarget("smile", 0.0)
    seen: list[bool] = []
    target.onInfluenceChanged.add(lambda flag, _state: seen.append(flag))
    target.influence = 0.5
    target.influence = 0.5  # unchanged: no notification
    target.influence = 0.25
    target.influence = 0.0
    assert seen == [True, False, True]


def test_manager_active_targets_skip_zero_influences() -> None:
    s = scene()
    manager = MorphTargetManager(s)
    assert s.morphTargetManagers == [manager]
    a, b, c = MorphTarget("a", 0.5), MorphTarget("b", 0), MorphTarget("c", 0.25)
    for t in (a, b, c):
        manager.addTarget(t)
    assert manager.numTargets == 3
    assert manager.numInfluencers == 2
    assert list(manager.influences) == [0.5, 0.25]
    assert manager.getActiveTarget(1) is c
    b.influence = 0.125
    assert list(manager.influences) == [0.5, 0.125, 0.25]
    manager.optimizeInfluencers = False
    c.influence = 0
    assert manager.numInfluencers == 3
    assert manager.getTargetByName("b") is b and manager.getTarget(7) is None


def test_frozen_updates_defer_the_active_list() -> None:
    manager = MorphTargetManager(scene())
    target = MorphTarget("a", 0)
    manager.addTarget(target)
    manager.areUpdatesFrozen = True
    target.influence = 1
    assert manager.numInfluencers == 0
    manager.areUpdatesFrozen = False
    assert manager.numInfluencers == 1


def test_target_data_and_vertex_count() -> None:
    target = MorphTarget("a")
    assert not target.hasPositions and target.vertexCount == 0
    target.setPositions([0.0] * 9)
    target.setUVs([0.0] * 6)
    assert target.hasPositions and target.vertexCount == 3
    manager = MorphTargetManager(scene())
    manager.addTarget(target)
    assert manager.supportsPositions and not manager.supportsNormals
    assert manager.vertexCount == 3


def test_manager_dispose_leaves_the_scene() -> None:
    s = scene()
    manager = MorphTargetManager(s)
    manager.dispose()
    assert s.morphTargetManagers == []
