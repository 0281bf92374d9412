"""Bad arguments to node, bone and skeleton transform methods raise coded errors and change
nothing (Babylon.js throws a TypeError deep inside, or computes with a coerced string)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from lite.errors import AnimationStateError
from lite_compat import Bone, Scene, Skeleton, TransformNode, Vector3


def node_calls(n: TransformNode) -> list[tuple[str, Callable[[], object]]]:
    axis = Vector3(0, 1, 0)
    return [
        ("LITE-COMPAT-160", lambda: n.rotate(None, 1)),  # type: ignore[arg-type]
        ("LITE-COMPAT-001", lambda: n.rotate(axis, "1")),  # type: ignore[arg-type]
        ("LITE-COMPAT-160", lambda: n.translate([1, 0, 0], 1)),  # type: ignore[arg-type]
        ("LITE-COMPAT-160", lambda: n.setPivotPoint(None)),  # type: ignore[arg-type]
        ("LITE-COMPAT-160", lambda: n.setPivotMatrix(None)),  # type: ignore[arg-type]
        ("LITE-COMPAT-160", lambda: n.setDirection(None)),  # type: ignore[arg-type]
        ("LITE-COMPAT-160", lambda: n.locallyTranslate(None)),  # type: ignore[arg-type]
        ("LITE-COMPAT-160", lambda: n.setAbsolutePosition("x")),  # type: ignore[arg-type]
        ("LITE-COMPAT-160", lambda: n.lookAt(None)),  # type: ignore[arg-type]
        ("LITE-COMPAT-001", lambda: n.addRotation("a", 0, 0)),  # type: ignore[arg-type]
        ("LITE-COMPAT-165", lambda: n.setParent("x")),  # type: ignore[arg-type]
        ("LITE-COMPAT-165", lambda: n.addChild(None)),  # type: ignore[arg-type]
        ("LITE-COMPAT-165", lambda: n.attachToBone(None, None)),
    ]


def test_transform_node_refuses_bad_arguments_before_changing_anything(scene: Scene) -> None:
    n = TransformNode("n", scene)
    n.position = Vector3(1, 2, 3)
    before = list(n.computeWorldMatrix(True).m)
    for code, call in node_calls(n):
        with pytest.raises(AnimationStateError) as exc:
            call()
        assert exc.value.code == code
    assert list(n.computeWorldMatrix(True).m) == before


def test_bone_and_skeleton_refuse_bad_arguments(scene: Scene) -> None:
    skeleton = Skeleton("s", "s", scene)
    bone = Bone("b", skeleton)
    before = list(bone.getLocalMatrix().m)
    calls: list[tuple[str, Callable[[], object]]] = [
        ("LITE-COMPAT-001", lambda: bone.rotate(Vector3(0, 1, 0), "1")),  # type: ignore[arg-type]
        ("LITE-COMPAT-001", lambda: bone.scale("a", 1, 1)),  # type: ignore[arg-type]
        ("LITE-COMPAT-001", lambda: bone.setYawPitchRoll("a", 0, 0)),  # type: ignore[arg-type]
        ("LITE-COMPAT-160", lambda: bone.setRotationQuaternion(Vector3(0, 0, 0))),  # type: ignore[arg-type]
        ("LITE-COMPAT-165", lambda: skeleton.copyAnimationRange(None, "a")),  # type: ignore[arg-type]
    ]
    for code, call in calls:
        with pytest.raises(AnimationStateError) as exc:
            call()
        assert exc.value.code == code
    assert list(bone.getLocalMatrix().m) == before


def test_non_finite_numbers_pass_as_in_babylon(scene: Scene) -> None:
    n = TransformNode("n", scene)
    n.rotate(Vector3(0, 1, 0), float("nan"))
    rq = n.rotationQuaternion
    assert rq is not None and rq.w != rq.w
