"""BoneIKController and BoneLookController (lite_compat.bones.bone_ik_controller).

Values measured by parity/scenarios/compat_motion_bone_controllers.mjs (Babylon.js 9.31): the
arm rig of that scenario, the fore bone's local rotation after the first solve, the clamped
maxAngle, the default pole bone; plus the geometry Babylon's solve guarantees (a reachable
target is met, an unreachable one straightens the chain towards it, bone lengths are kept).
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

from lite.errors import AnimationStateError, LiteWarning
from lite_compat import (
    Bone,
    BoneIKController,
    BoneLookController,
    Matrix,
    Scene,
    Skeleton,
    Space,
    TransformNode,
    Vector3,
)


def arm(scene: Scene) -> tuple[TransformNode, list[Bone]]:
    mesh = TransformNode("armMesh", scene)
    mesh.position = Vector3(0.5, -0.25, 1)
    mesh.rotation = Vector3(0.1, 0.4, -0.2)
    skeleton = Skeleton("arm", "arm", scene)
    root = Bone("root", skeleton, None, Matrix.Translation(0, 1, 0))
    upper = Bone(
        "upper", skeleton, root, Matrix.RotationZ(0.3).multiply(Matrix.Translation(0.2, 0.5, 0))
    )
    fore = Bone(
        "fore", skeleton, upper, Matrix.RotationZ(-0.5).multiply(Matrix.Translation(0, 1, 0))
    )
    hand = Bone("hand", skeleton, fore, Matrix.Translation(0, 0.8, 0))
    return mesh, [root, upper, fore, hand]


def world_position(bone: Bone, mesh: TransformNode) -> np.ndarray:
    m = bone.getAbsoluteMatrix().multiply(mesh.getWorldMatrix()).m
    return np.array([m[12], m[13], m[14]], dtype=float)


def test_ik_meets_a_reachable_target_with_babylons_rotation(scene: Scene) -> None:
    mesh, bones = arm(scene)
    target = TransformNode("target", scene)
    pole = TransformNode("pole", scene)
    pole.position = Vector3(0, 1, -2)
    ik = BoneIKController(
        mesh,
        bones[2],
        {
            "targetMesh": target,
            "poleTargetMesh": pole,
            "poleTargetLocalOffset": Vector3(0.1, 0.2, 0),
        },
    )
    target.position = Vector3(1.7, 1.4, 1.0)
    ik.update()
    hand = world_position(bones[3], mesh)
    assert np.linalg.norm(hand - [1.7, 1.4, 1.0]) < 2e-6
    # lengths measured from the children: 1 and 0.8, kept by the solve
    fore = world_position(bones[2], mesh)
    assert np.linalg.norm(fore - world_position(bones[1], mesh)) == pytest.approx(1.0, abs=1e-6)
    assert np.linalg.norm(hand - fore) == pytest.approx(0.8, abs=1e-6)
    # Babylon.js 9.31, frame 0 of the scenario: the fore bone bends about its local z
    mesh2, bones2 = arm(scene)
    target2 = TransformNode("target2", scene)
    target2.position = Vector3(1.7, 1.4, 1.0)
    ik2 = BoneIKController(
        mesh2,
        bones2[2],
        {
            "targetMesh": target2,
            "poleTargetMesh": pole,
            "poleTargetLocalOffset": Vector3(0.1, 0.2, 0),
        },
    )
    ik2.update()
    q = bones2[2].rotationQuaternion
    assert (q.x, q.y) == (0, 0)
    assert q.z == pytest.approx(0.9201960586866802, abs=1e-7)
    assert q.w == pytest.approx(0.39145780561575183, abs=1e-7)


def test_ik_straightens_towards_an_unreachable_target(scene: Scene) -> None:
    mesh, bones = arm(scene)
    ik = BoneIKController(mesh, bones[2])
    ik.targetPosition.copyFromFloats(5, 5, 5)
    ik.update()
    up, fore, hand = (world_position(b, mesh) for b in bones[1:])
    to_target = np.array([5.0, 5.0, 5.0]) - up
    assert np.linalg.norm(np.cross(fore - up, to_target)) < 2e-6
    assert np.linalg.norm(hand - up) == pytest.approx(1.8, abs=1e-5)
    assert bones[2].rotationQuaternion.z == pytest.approx(0.0, abs=1e-7)


def test_ik_options_and_max_angle_clamp(scene: Scene) -> None:
    mesh, bones = arm(scene)
    bones[1].length = 1.0
    bones[2].length = 0.8
    ik = BoneIKController(mesh, bones[2], {"slerpAmount": 0.35, "poleAngle": 0.4, "maxAngle": 2.5})
    assert ik.maxAngle == 2.5
    assert ik.slerpAmount == 0.35
    assert ik.poleAngle == 0.4
    assert ik.poleTargetBone is bones[0]  # Babylon: the first bone's parent, by default
    ik.maxAngle = -1
    assert ik.maxAngle == 0
    ik.maxAngle = 9
    assert ik.maxAngle == math.pi
    zero = BoneIKController(mesh, bones[2], {"slerpAmount": 0, "poleAngle": 0})
    assert zero.slerpAmount == 1  # Babylon ignores falsy option values
    assert zero.poleAngle == 0


def test_look_controller_faces_the_target_and_respects_limits(scene: Scene) -> None:
    mesh = TransformNode("neckMesh", scene)
    skeleton = Skeleton("neck", "neck", scene)
    root = Bone("root", skeleton, None, Matrix.Translation(0, 1.5, 0))
    head = Bone("head", skeleton, root, Matrix.Translation(0, 0.3, 0))
    target = Vector3(0, 1.8, 3)
    look = BoneLookController(mesh, head, target)
    assert look.maxYaw is None  # Babylon: no limits without options
    target.copyFromFloats(3, 1.8, 3)
    look.update()
    m = head.getAbsoluteMatrix().m
    forward = np.array([m[8], m[9], m[10]])
    assert forward @ np.array([1, 0, 1]) / math.sqrt(2) == pytest.approx(1.0, abs=1e-6)
    limited = BoneLookController(mesh, head, target, {"maxYaw": 0.3, "minYaw": -0.3})
    assert (limited.minPitch, limited.maxPitch) == (-math.pi, math.pi)
    limited.update()
    m = head.getAbsoluteMatrix().m
    assert math.atan2(m[8], m[10]) == pytest.approx(0.3, abs=1e-6)


def test_look_controller_bone_space_without_parent_falls_back_to_local(scene: Scene) -> None:
    mesh = TransformNode("m", scene)
    skeleton = Skeleton("s", "s", scene)
    root = Bone("root", skeleton, None, Matrix.Identity())
    look = BoneLookController(mesh, root, Vector3(0, 0, 1), {"upAxisSpace": Space.BONE})
    assert look.upAxisSpace == Space.LOCAL


@pytest.mark.parametrize(
    ("make", "code"),
    [
        (lambda m, b: BoneIKController(None, b), "LITE-COMPAT-200"),  # type: ignore[arg-type]
        (lambda m, b: BoneIKController(m, "fore"), "LITE-COMPAT-200"),  # type: ignore[arg-type]
        (lambda m, b: BoneIKController(m, b, {"maxAngle": "wide"}), "LITE-COMPAT-201"),
        (lambda m, b: BoneIKController(m, b, {"targetMesh": Vector3()}), "LITE-COMPAT-201"),
        (lambda m, b: BoneIKController(m, b, "opts"), "LITE-COMPAT-201"),
        (lambda m, b: BoneLookController(m, b, (0, 0, 1)), "LITE-COMPAT-201"),  # type: ignore[arg-type]
        (
            lambda m, b: BoneLookController(m, b, Vector3(), {"maxYaw": None, "minYaw": "x"}),
            "LITE-COMPAT-201",
        ),
        (
            lambda m, b: BoneLookController(m, b, Vector3(), {"upAxis": [0, 1, 0]}),
            "LITE-COMPAT-201",
        ),
    ],
)
def test_bad_arguments_are_refused_with_codes(scene: Scene, make: object, code: str) -> None:
    mesh, bones = arm(scene)
    before = bones[2].getLocalMatrix().clone()
    with pytest.raises(AnimationStateError) as info:
        make(mesh, bones[2])  # type: ignore[operator]
    assert info.value.code == code
    assert bones[2].getLocalMatrix().equals(before)


def test_ik_on_a_chain_it_cannot_measure_warns_and_does_nothing(scene: Scene) -> None:
    # Babylon.js logs an error and leaves a controller whose update() moves nothing
    mesh, bones = arm(scene)
    before = [b.getLocalMatrix().clone() for b in bones]
    for bone in (bones[0], bones[3]):  # the root has no parent; a leaf without a length
        with pytest.warns(LiteWarning) as caught:
            ik = BoneIKController(mesh, bone)
        assert caught[0].message.code == "LITE-COMPAT-W13"  # type: ignore[union-attr]
        ik.targetPosition.copyFromFloats(1, 2, 3)
        ik.update()
        assert all(b.getLocalMatrix().equals(m) for b, m in zip(bones, before, strict=True))
    bones[3].length = 0.5
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        BoneIKController(mesh, bones[3])  # with a length it is accepted


def test_look_limit_setters_refuse_non_numbers(scene: Scene) -> None:
    mesh, bones = arm(scene)
    look = BoneLookController(mesh, bones[2], Vector3(0, 0, 1))
    with pytest.raises(AnimationStateError) as info:
        look.maxPitch = "steep"  # type: ignore[assignment]
    assert info.value.code == "LITE-COMPAT-201"
    assert look.maxPitch is None
