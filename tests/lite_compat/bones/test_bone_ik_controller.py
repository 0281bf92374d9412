"""BoneIKController (lite_compat.bones.bone_ik_controller), and both controllers' argument codes.

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
    BoneIKController,
    BoneLookController,
    Scene,
    TransformNode,
    Vector3,
)
from tests.lite_compat.bones._support import arm, world_position


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
