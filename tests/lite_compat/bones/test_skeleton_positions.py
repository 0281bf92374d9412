"""Bone.getPositionToRef / getPosition / getAbsolutePosition(ToRef) in both spaces.

Values measured by parity/scenarios/compat_scene_hooks_ranges.mjs (Babylon.js 9.31).
"""

from __future__ import annotations

import pytest

from lite.errors import AnimationStateError
from lite_compat import Axis, Bone, Matrix, Mesh, Quaternion, Scene, Skeleton, Space, Vector3


def rig(scene: Scene) -> tuple[Bone, Bone, Mesh]:
    skeleton = Skeleton("rig", "rig", scene)
    root = Bone(
        "root",
        skeleton,
        None,
        Matrix.Compose(Vector3(1, 1, 1), Quaternion.RotationAxis(Axis.Z, 0.5), Vector3(0, 1, 0)),
    )
    child = Bone(
        "child",
        skeleton,
        root,
        Matrix.Compose(Vector3(2, 2, 2), Quaternion.RotationAxis(Axis.X, -0.3), Vector3(0, 2, 0.5)),
    )
    mesh = Mesh("skinned", scene)
    mesh.position = Vector3(3, 0, -1)
    mesh.rotation = Vector3(0, 0.7, 0)
    mesh.scaling = Vector3(1.5, 1.5, 1.5)
    mesh.computeWorldMatrix(True)
    return root, child, mesh


def test_local_and_world_positions(scene: Scene) -> None:
    _, child, mesh = rig(scene)
    out = Vector3()
    child.getPositionToRef(Space.LOCAL, None, out)
    assert out.asArray() == pytest.approx([0, 2, 0.5])
    child.getPositionToRef(Space.WORLD, None, out)
    assert out.asArray() == pytest.approx([-0.9588510990142822, 2.7551651000976562, 0.5])
    child.getAbsolutePositionToRef(mesh, out)
    assert out.asArray() == pytest.approx([2.383108615875244, 4.132747650146484, 0.5001949])
    assert child.getPosition(Space.WORLD, mesh).asArray() == pytest.approx(out.asArray())


def test_world_position_follows_a_moved_parent(scene: Scene) -> None:
    root, child, _ = rig(scene)
    child.position = Vector3(1, 1, 1)
    root.rotationQuaternion = Quaternion.RotationAxis(Axis.Y, 1.2)
    world = child.getAbsolutePosition()
    assert world.asArray() == pytest.approx([1.2943968772888184, 2, -0.5696812868118286])


def test_to_ref_without_a_result_is_a_coded_error(scene: Scene) -> None:
    _, child, _ = rig(scene)
    with pytest.raises(AnimationStateError) as caught:
        child.getPositionToRef(Space.LOCAL, None)
    assert caught.value.code == "LITE-COMPAT-024"
