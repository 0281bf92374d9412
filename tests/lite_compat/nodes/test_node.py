"""Unit tests for lite_compat.nodes.node: identity, TRS, world matrices and their cache, hierarchy, absolute transforms.

Section 1-6 of the test specification in docs/architecture/compat-nodes.md. Expected
values are worked out by hand; the Babylon.js recording (parity/scenarios/scene_objects.*)
covers the same behaviours against the real engine.
"""

from __future__ import annotations

import math

import pytest
from numpy.testing import assert_allclose

from lite.errors import UnsupportedError
from lite_compat.engines.engine_store import NullEngine
from lite_compat.math import Quaternion, Vector3
from lite_compat.meshes.mesh import Mesh
from lite_compat.nodes.node import Space
from lite_compat.nodes.transform_node import TransformNode
from lite_compat.scene.scene import Scene
from tests.lite_compat._support import TOL, FakeScene, translation

# 1. Identity and defaults -----------------------------------------------------------------


def test_transform_node_defaults_match_babylon() -> None:
    node = TransformNode("n", FakeScene())
    assert (node.name, node.id, node.state, node.metadata) == ("n", "n", "", None)
    assert node.position.asArray() == [0, 0, 0]
    assert node.rotation.asArray() == [0, 0, 0]
    assert node.scaling.asArray() == [1, 1, 1]
    assert node.rotationQuaternion is None
    assert node.animations == [] and node.animations is not TransformNode("m").animations
    assert node.scalingDeterminant == 1
    assert node.isEnabled() and node.isVisible
    assert node.getClassName() == "TransformNode"


def test_members_made_on_first_read_are_one_object_with_babylons_defaults() -> None:
    # Made on first read (a crowd of nodes allocates none of them): each read gives the same
    # object, with the value Babylon.js's constructor gives; an assignment replaces it.
    node = TransformNode("n", FakeScene())
    other = TransformNode("o", FakeScene())
    assert "_absolutePosition" not in vars(node)
    defaults = {
        "_forward": [0, 0, 1],
        "_up": [0, 1, 0],
        "_right": [1, 0, 0],
        "_absolutePosition": [0, 0, 0],
        "_absoluteScaling": [0, 0, 0],
        "_absoluteRotationQuaternion": [0, 0, 0, 1],
        "_localMatrix": [0.0] * 16,
        "_pivotMatrix": [1.0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
        "_worldMatrix": [1.0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
    }
    for name, value in defaults.items():
        member = getattr(node, name)
        assert member is getattr(node, name) and member is not getattr(other, name), name
        assert list(member.asArray()) == value, name
    for name in ("onDisposeObservable", "onEnabledStateChangedObservable"):
        assert getattr(node, name) is getattr(node, name)
        assert getattr(node, name) is not getattr(other, name)
    replacement = Vector3(1, 2, 3)
    node._absolutePosition = replacement
    assert node._absolutePosition is replacement
    seen: list[object] = []
    fresh = TransformNode("f", FakeScene())
    fresh.onAfterWorldMatrixUpdateObservable.add(lambda n, _s: seen.append(n))
    fresh.computeWorldMatrix(True)
    assert seen == [fresh]


def test_unique_ids_increase(scene: Scene) -> None:
    a, b = TransformNode("a", scene), Mesh("b", scene)
    assert b.uniqueId > a.uniqueId


def test_node_without_scene_uses_last_created_scene() -> None:
    last = Scene(NullEngine())
    node = TransformNode("orphan")
    assert node.getScene() is last
    assert node in last.transformNodes


# 2. TRS properties ------------------------------------------------------------------------


def test_position_setter_stores_the_object_itself() -> None:
    node = TransformNode("n", FakeScene())
    v = Vector3(1, 2, 3)
    node.position = v
    assert node.position is v
    node.position.set(4, 5, 6)
    assert node.position is v and v.asArray() == [4, 5, 6]


def test_assigning_rotation_quaternion_zeroes_rotation() -> None:
    node = TransformNode("n", FakeScene())
    node.rotation.set(0.1, 0.2, 0.3)
    node.rotationQuaternion = Quaternion(0, 0, 0, 1)
    assert node.rotation.asArray() == [0, 0, 0]


def test_assigning_rotation_clears_rotation_quaternion() -> None:
    node = TransformNode("n", FakeScene())
    node.rotationQuaternion = Quaternion(0, 0, 0, 1)
    node.rotation = Vector3(0, 1, 0)
    assert node.rotationQuaternion is None


def test_rotation_quaternion_wins_over_rotation() -> None:
    node = TransformNode("n", FakeScene())
    node.rotationQuaternion = Quaternion.Identity()
    node.rotation.y = 1.0  # ignored while a quaternion is set
    assert node.computeWorldMatrix(True).isIdentity()


# 3. World-matrix composition ----------------------------------------------------------------


def test_world_matrix_is_local_trs_times_parent() -> None:
    scene = FakeScene()
    parent = TransformNode("p", scene)
    parent.position = Vector3(1, 2, 3)
    parent.scaling = Vector3(2, 2, 2)
    parent.rotation.y = math.pi / 2  # left-handed yaw: +X turns to -Z
    child = TransformNode("c", scene)
    child.parent = parent
    child.position.x = 1
    world = child.computeWorldMatrix(True)
    assert_allclose(translation(world), [1, 2, 1], **TOL)
    assert_allclose(list(world.m[0:3]), [0, 0, -2], **TOL)


def test_negative_scale_gives_negative_determinant() -> None:
    node = TransformNode("n", FakeScene())
    node.scaling = Vector3(1, -1, 0.5)
    world = node.computeWorldMatrix(True)
    assert world.determinant() == pytest.approx(-0.5)
    assert node.nonUniformScaling


def test_scaling_determinant_mirrors_all_axes() -> None:
    node = TransformNode("n", FakeScene())
    node.scalingDeterminant = -1
    assert list(node.computeWorldMatrix(True).m[0:11:5]) == [-1, -1, -1]


def test_non_uniform_scaling_is_inherited_from_parent() -> None:
    scene = FakeScene()
    parent, child = TransformNode("p", scene), TransformNode("c", scene)
    child.parent = parent
    parent.scaling.set(1, 2, 1)
    parent.computeWorldMatrix(True)
    child.computeWorldMatrix(True)
    assert child.nonUniformScaling


def test_pivot_point_rotates_around_the_pivot() -> None:
    node = TransformNode("n", FakeScene())
    node.rotation.z = math.pi
    node.setPivotPoint(Vector3(1, 0, 0))
    # Rotating 180 degrees about the pivot (1, 0, 0) sends the origin to (2, 0, 0).
    assert_allclose(translation(node.computeWorldMatrix(True)), [2, 0, 0], **TOL)


def test_billboard_mode_is_refused_with_a_code() -> None:
    node = TransformNode("n", FakeScene())
    with pytest.raises(UnsupportedError) as exc:
        node.billboardMode = TransformNode.BILLBOARDMODE_ALL
    assert exc.value.code == "LITE-UNSUP-001"
    node.billboardMode = TransformNode.BILLBOARDMODE_NONE


# 4. World-matrix cache ----------------------------------------------------------------------


def test_in_place_edit_is_stale_until_forced_within_one_render_id() -> None:
    node = TransformNode("n", FakeScene())
    node.position.x = 1
    assert node.computeWorldMatrix().m[12] == 1
    node.position.x = 5
    assert node.computeWorldMatrix().m[12] == 1
    assert node.getWorldMatrix().m[12] == 1
    assert node.computeWorldMatrix(True).m[12] == 5


def test_assignment_marks_dirty() -> None:
    node = TransformNode("n", FakeScene())
    node.computeWorldMatrix()
    node.position = Vector3(7, 0, 0)
    assert node.computeWorldMatrix().m[12] == 7


def test_new_render_id_recomputes_only_what_changed() -> None:
    scene = FakeScene()
    node = TransformNode("n", scene)
    node.computeWorldMatrix()
    node.position.x = 3
    scene.render_id = 1
    assert node.getWorldMatrix().m[12] == 3
    calls: list[object] = []
    node.onAfterWorldMatrixUpdateObservable.add(lambda n, _s: calls.append(n))
    scene.render_id = 2
    node.getWorldMatrix()  # nothing changed: the cached matrix is kept
    assert calls == []


def test_mark_as_dirty_recomputes() -> None:
    node = TransformNode("n", FakeScene())
    node.computeWorldMatrix()
    node.rotation.y = 1
    node.markAsDirty()
    assert node.getWorldMatrix().m[0] == pytest.approx(math.cos(1), abs=1e-7)


def test_force_recomputes_the_ancestors() -> None:
    scene = FakeScene()
    parent, child = TransformNode("p", scene), TransformNode("c", scene)
    child.parent = parent
    child.computeWorldMatrix()
    parent.position.z = 3
    assert child.computeWorldMatrix().m[14] == 0
    assert child.computeWorldMatrix(True).m[14] == 3


def test_frozen_world_matrix_ignores_changes() -> None:
    node = TransformNode("n", FakeScene())
    node.position.x = 1
    node.freezeWorldMatrix()
    node.position.x = 2
    assert node.computeWorldMatrix(True).m[12] == 1
    node.unfreezeWorldMatrix()
    assert node.computeWorldMatrix().m[12] == 2


# 5. Hierarchy, enabled state, disposal -------------------------------------------------------


def test_parent_setter_moves_between_children_lists_and_root_nodes() -> None:
    scene = FakeScene()
    a, b, c = TransformNode("a", scene), TransformNode("b", scene), TransformNode("c", scene)
    roots = scene.rootNodes  # type: ignore[attr-defined]
    assert [n.name for n in roots] == ["a", "b", "c"]
    c.parent = a
    assert a.getChildren() == [c] and [n.name for n in roots] == ["a", "b"]
    c.parent = b
    assert a.getChildren() == [] and b.getChildren() == [c]
    c.parent = None
    assert [n.name for n in roots] == ["a", "b", "c"]


def test_root_node_removal_swaps_in_the_last_root() -> None:
    scene = FakeScene()
    a, _, c = TransformNode("a", scene), TransformNode("b", scene), TransformNode("c", scene)
    a.parent = c
    assert [n.name for n in scene.rootNodes] == ["c", "b"]  # type: ignore[attr-defined]


def test_descendants_are_depth_first() -> None:
    scene = FakeScene()
    a, b, c, d = (TransformNode(n, scene) for n in "abcd")
    b.parent, c.parent, d.parent = a, b, a
    assert [n.name for n in a.getDescendants()] == ["b", "c", "d"]
    assert [n.name for n in a.getDescendants(True)] == ["b", "d"]
    assert c.isDescendantOf(a) and not a.isDescendantOf(c)


def test_disabled_parent_disables_children() -> None:
    scene = FakeScene()
    parent, child = TransformNode("p", scene), TransformNode("c", scene)
    child.parent = parent
    parent.setEnabled(False)
    assert not child.isEnabled() and child.isEnabled(False)
    parent.setEnabled(True)
    assert child.isEnabled()


def test_dispose_recurses_or_unparents(scene: Scene) -> None:
    parent, child = TransformNode("p", scene), TransformNode("c", scene)
    child.parent = parent
    parent.dispose()
    assert parent not in scene.transformNodes and child not in scene.transformNodes
    assert child.isDisposed()
    keeper, kept = TransformNode("k", scene), TransformNode("kc", scene)
    kept.parent = keeper
    keeper.dispose(doNotRecurse=True)
    assert kept.parent is None and not kept.isDisposed() and kept in scene.rootNodes


# 6. Absolute transforms and re-parenting ------------------------------------------------------


def test_set_absolute_position_under_a_parent() -> None:
    scene = FakeScene()
    parent, child = TransformNode("p", scene), TransformNode("c", scene)
    parent.position.set(1, 0, 0)
    parent.scaling.set(2, 2, 2)
    child.parent = parent
    child.setAbsolutePosition(Vector3(5, 4, 2))
    assert_allclose(child.position.asArray(), [2, 2, 1], **TOL)
    assert_allclose(translation(child.computeWorldMatrix(True)), [5, 4, 2], **TOL)


def test_set_parent_keeps_the_world_matrix() -> None:
    scene = FakeScene()
    other = TransformNode("o", scene)
    other.position.set(-3, 1, 0)
    other.rotation.y = 1
    node = TransformNode("n", scene)
    node.position.set(1, 1, 1)
    node.rotation.set(0.2, 0.4, 0.6)
    before = list(node.computeWorldMatrix(True).m)
    node.setParent(other)
    assert node.parent is other
    assert_allclose(list(node.computeWorldMatrix(True).m), before, **TOL)


def test_rotate_switches_to_a_quaternion() -> None:
    node = TransformNode("n", FakeScene())
    node.rotate(Vector3(0, 2, 0), math.pi / 2, Space.LOCAL)
    q = node.rotationQuaternion
    assert q is not None
    assert_allclose(
        [q.x, q.y, q.z, q.w], [0, math.sin(math.pi / 4), 0, math.cos(math.pi / 4)], **TOL
    )


def test_the_leaf_epoch_moves_only_when_a_position_object_is_replaced() -> None:
    """Readers of the nodes' leaf objects (the batch, the palette pass) list them again when
    the epoch moves; the same position object assigned again (a late blend's own value, every
    frame) replaces nothing, and the node is still marked dirty."""
    node = TransformNode("n", Scene(NullEngine()))
    epoch = node._leafEpoch
    before = epoch[0]
    node.position = node.position
    assert epoch[0] == before
    node._isDirty = False
    node.position = node.position
    assert node._isDirty
    node.position = Vector3(1.0, 2.0, 3.0)
    assert epoch[0] == before + 1
