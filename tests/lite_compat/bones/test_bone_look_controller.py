"""BoneLookController (lite_compat.bones.bone_look_controller).

Values measured by parity/scenarios/compat_motion_bone_controllers.mjs (Babylon.js 9.31) on the
arm rig of that scenario: facing a target within the yaw/pitch limits, the bone-space fallback
of a bone without a parent, limit setters refusing non-numbers.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from lite.errors import AnimationStateError
from lite_compat import (
    Bone,
    BoneLookController,
    Matrix,
    Scene,
    Skeleton,
    Space,
    TransformNode,
    Vector3,
)
from tests.lite_compat.bones._support import arm


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


def test_look_limit_setters_refuse_non_numbers(scene: Scene) -> None:
    mesh, bones = arm(scene)
    look = BoneLookController(mesh, bones[2], Vector3(0, 0, 1))
    with pytest.raises(AnimationStateError) as info:
        look.maxPitch = "steep"  # type: ignore[assignment]
    assert info.value.code == "LITE-COMPAT-201"
    assert look.maxPitch is None
