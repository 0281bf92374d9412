"""Unit tests for lite_compat.cameras.camera: ArcRotateCamera, FreeCamera and the active camera.

Section 10 of the test specification in docs/architecture/compat-cameras.md. Expected
values are worked out by hand; the Babylon.js recording (parity/scenarios/scene_objects.*)
covers the same behaviours against the real engine.
"""

from __future__ import annotations

import math

import pytest
from numpy.testing import assert_allclose

from lite_compat.cameras.arc_rotate_camera import ArcRotateCamera
from lite_compat.cameras.camera import Camera
from lite_compat.cameras.free_camera import FreeCamera
from lite_compat.math import Vector3
from lite_compat.nodes.transform_node import TransformNode
from lite_compat.scene.scene import Scene
from tests.lite_compat._support import TOL, FakeScene

# 10. Cameras ------------------------------------------------------------------------------------


def test_arc_rotate_position_from_angles() -> None:
    cam = ArcRotateCamera("c", 0, math.pi / 2, 10, Vector3(1, 2, 3), FakeScene())
    assert_allclose(cam.position.asArray(), [11, 2, 3], **TOL)
    cam.alpha = math.pi / 2
    assert_allclose(cam.position.asArray(), [11, 2, 3], **TOL)  # stale until the view matrix
    cam.getViewMatrix()
    assert_allclose(cam.position.asArray(), [1, 2, 13], **TOL)


def test_arc_rotate_keeps_target_by_reference_unless_equal() -> None:
    target = Vector3(1, 2, 3)
    assert ArcRotateCamera("a", 0, 1, 5, target, FakeScene()).target is target
    zero = Vector3.Zero()
    # Babylon returns early when the new target equals the current (0, 0, 0) one.
    assert ArcRotateCamera("b", 0, 1, 5, zero, FakeScene()).target is not zero


def test_arc_rotate_update_applies_beta_limits() -> None:
    cam = ArcRotateCamera("c", 0, 0, 10, Vector3.Zero(), FakeScene())
    cam.update()
    assert cam.beta == 0.01
    cam.beta = 4
    cam.update()
    assert cam.beta == math.pi - 0.01


def test_arc_rotate_alpha_and_radius_limits() -> None:
    cam = ArcRotateCamera("c", 0, 1, 10, Vector3.Zero(), FakeScene())
    cam.lowerAlphaLimit, cam.upperAlphaLimit = -1, 1
    cam.lowerRadiusLimit, cam.upperRadiusLimit = 2, 8
    cam.alpha, cam.radius = 3, 20
    cam.update()
    assert (cam.alpha, cam.radius) == (1, 8)


def test_arc_rotate_zero_radius_and_beta_are_nudged() -> None:
    cam = ArcRotateCamera("c", 0, 0, 0, Vector3.Zero(), FakeScene())
    assert cam.radius == 0.0001
    assert_allclose(cam.position.asArray(), [0.0001 * 0.0001, 0.0001, 0], rtol=1e-9, atol=1e-15)


def test_arc_rotate_set_position_rebuilds_angles() -> None:
    cam = ArcRotateCamera("c", 0, 1, 10, Vector3.Zero(), FakeScene())
    cam.setPosition(Vector3(0, 0, 5))
    assert_allclose([cam.alpha, cam.beta, cam.radius], [math.pi / 2, math.pi / 2, 5], **TOL)
    cam.alpha = 20
    cam.position = Vector3(0, 0, -5)
    # alpha = 3*pi/2 is moved by whole turns to the representation closest to 20.
    assert cam.alpha == pytest.approx(3 * math.pi / 2 + 2 * 2 * math.pi)


def test_arc_rotate_follows_a_node_target() -> None:
    scene = FakeScene()
    host = TransformNode("host", scene)
    host.position.set(2, 0, -1)
    cam = ArcRotateCamera("c", 0, math.pi / 2, 3, host, scene)
    assert cam.targetHost is host
    host.position.set(-1, 3, 0)
    host.computeWorldMatrix(True)
    cam.getViewMatrix()
    assert_allclose(cam.position.asArray(), [2, 3, 0], **TOL)


def test_arc_rotate_up_vector_is_normalised_copy() -> None:
    cam = ArcRotateCamera("c", 0, 1, 10, Vector3.Zero(), FakeScene())
    up = Vector3(0, 0, 2)
    cam.upVector = up
    assert cam.upVector is not up and cam.upVector.asArray() == [0, 0, 1]


def test_arc_rotate_inertial_offsets_decay() -> None:
    cam = ArcRotateCamera("c", 0, 1, 10, Vector3.Zero(), FakeScene())
    cam.inertialAlphaOffset = 0.1
    cam.update()
    assert cam.alpha == pytest.approx(0.1)
    assert cam.inertialAlphaOffset == pytest.approx(0.09)


def test_camera_activation_and_defaults(scene: Scene) -> None:
    first = FreeCamera("first", Vector3(0, 0, -10), scene)
    second = FreeCamera("second", Vector3(0, 0, -5), scene, setActiveOnSceneIfNoneActive=True)
    assert scene.activeCamera is first
    assert (first.fov, first.minZ, first.maxZ) == (0.8, 1, 10000)
    assert (first.inertia, first.speed) == (0.9, 2)
    assert first.mode == Camera.PERSPECTIVE_CAMERA and first.rotationQuaternion is None
    first.dispose()
    assert scene.activeCamera is second and first not in scene.cameras


def test_free_camera_set_target() -> None:
    cam = FreeCamera("c", Vector3(0, 5, -10), FakeScene())
    cam.setTarget(Vector3.Zero())
    assert_allclose(cam.rotation.asArray(), [math.atan2(5, 10), 0, 0], **TOL)
    cam.getViewMatrix()
    assert_allclose(cam.getTarget().asArray(), [0, 0, 0], atol=1e-6)
    assert_allclose(cam.globalPosition.asArray(), [0, 5, -10], atol=1e-5)


def test_free_camera_same_z_target_nudges_position() -> None:
    cam = FreeCamera("c", Vector3(1, 2, 3), FakeScene())
    cam.setTarget(Vector3(4, 2, 3))
    assert cam.position.z == 3.001
    assert cam.rotation.y == pytest.approx(math.pi / 2, abs=1e-3)


def test_free_camera_position_is_the_argument() -> None:
    position = Vector3(1, 2, 3)
    assert FreeCamera("c", position, FakeScene()).position is position
