"""Unit tests for lite_compat.cameras.universal_camera (Babylon.js 9.31 defaults)."""

from __future__ import annotations

from lite_compat.cameras.touch_camera import TouchCamera
from lite_compat.cameras.universal_camera import UniversalCamera
from lite_compat.math import Vector3
from lite_compat.scene.scene import Scene


def test_universal_camera_defaults(scene: Scene) -> None:
    camera = UniversalCamera("uc", Vector3(0, 1, -10), scene)
    assert camera.getClassName() == "UniversalCamera"
    assert (camera.gamepadAngularSensibility, camera.gamepadMoveSensibility) == (200, 40)
    assert (camera.touchAngularSensibility, camera.touchMoveSensibility) == (200000, 250)
    assert camera.speed == 2 and camera.inertia == 0.9 and scene.activeCamera is camera
    assert TouchCamera("tc", Vector3.Zero(), scene).getClassName() == "TouchCamera"
