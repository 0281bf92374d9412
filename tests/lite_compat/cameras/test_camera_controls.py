"""Unit tests for lite_compat.cameras.camera_controls: input tuning, framing, interpolation.

Defaults and framing numbers are Babylon.js 9.31's (printed under Node; the framing also in
parity/scenarios/compat_surface_look_objects.*).
"""

from __future__ import annotations

import math
from types import SimpleNamespace

import pytest
from numpy.testing import assert_allclose

from lite.errors import LiteError, UnsupportedError
from lite_compat.cameras.arc_rotate_camera import ArcRotateCamera
from lite_compat.cameras.free_camera import FreeCamera
from lite_compat.math import Vector3
from lite_compat.scene.scene import Scene


def _mesh(low: Vector3, high: Vector3) -> SimpleNamespace:
    box = SimpleNamespace(minimumWorld=low, maximumWorld=high)
    return SimpleNamespace(getBoundingInfo=lambda: SimpleNamespace(boundingBox=box))


def test_free_camera_tuning_defaults(scene: Scene) -> None:
    camera = FreeCamera("fc", Vector3.Zero(), scene)
    assert camera.keysUp == [38] and camera.keysUpward == [33] and camera.keysRotateUp == []
    assert camera.angularSensibility == 2000 and camera.needMoveForGravity is False
    with pytest.raises(UnsupportedError):
        camera.movement  # noqa: B018


def test_arc_rotate_tuning_and_behaviours(scene: Scene) -> None:
    camera = ArcRotateCamera("ac", 0, 1, 2, Vector3.Zero(), scene)
    assert (camera.angularSensibilityX, camera.wheelPrecision, camera.pinchPrecision) == (
        1000, 3, 12)  # fmt: skip
    assert camera.useAutoRotationBehavior is False and camera.autoRotationBehavior is None
    camera.useBouncingBehavior = False
    with pytest.raises(LiteError) as info:
        camera.useFramingBehavior = True
    assert info.value.code == "LITE-COMPAT-143"


def test_focus_on_and_zoom_on(scene: Scene) -> None:
    camera = ArcRotateCamera("arc", 0.7, 1.1, 12, Vector3(1, 0, 2), scene)
    camera.focusOn({"min": Vector3(-1, -2, -3), "max": Vector3(3, 4, 5), "distance": 6})
    assert camera.target.asArray() == [1, 1, 1] and camera.maxZ == 12
    camera.lowerRadiusLimit = 2
    camera.zoomOn([_mesh(Vector3(-1, 0, -1), Vector3(1, 2, 1)),
                   _mesh(Vector3(0, -3, 0), Vector3(4, 1, 0.5))])  # fmt: skip
    # Babylon: radius 7.41..., target at the union box centre, maxZ twice the radius.
    assert camera.target.asArray() == [1.5, -0.5, 0]
    half_diagonal = math.dist((-1, -3, -1), (4, 2, 1)) / 2
    slope = math.tan(0.4)
    expected = half_diagonal * math.sqrt(1 + 1 / (slope * slope))
    assert camera.radius == pytest.approx(expected)
    assert camera.maxZ == pytest.approx(2 * expected)
    with pytest.raises(LiteError) as info:
        camera.zoomOn([object()])
    assert info.value.code == "LITE-COMPAT-144"


def test_interpolate_to_moves_with_the_engine_delta(scene: Scene) -> None:
    camera = ArcRotateCamera("arc", 0, 1, 10, Vector3.Zero(), scene)
    camera.interpolateTo(None, None, 20)
    assert camera.isInterpolating
    engine = scene.getEngine()
    engine._deltaTime = 100.0  # type: ignore[union-attr]
    camera.update()
    t = 1 - 2 ** (-0.1 / 0.1)
    assert camera.radius == pytest.approx(10 + 10 * t)
    for _ in range(200):
        camera.update()
    assert camera.radius == 20 and not camera.isInterpolating
    camera.interpolateTo(1.0)
    camera.stopInterpolation()
    camera.update()
    assert_allclose(camera.alpha, 0, atol=1e-12)
