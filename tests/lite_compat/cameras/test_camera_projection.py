"""Unit tests for lite_compat.cameras.camera_projection: projection matrices, rays, copies.

Expected numbers were printed by Babylon.js 9.31 under Node (a FreeCamera at (1, 2, 3) on a
NullEngine, 512 x 256); parity/scenarios/compat_surface_look_objects.* records the rest.
"""

from __future__ import annotations

import math

import pytest
from numpy.testing import assert_allclose

from lite.errors import LiteError, UnsupportedError
from lite_compat.cameras.arc_rotate_camera import ArcRotateCamera
from lite_compat.cameras.camera import Camera
from lite_compat.cameras.camera_projection import FrustumPlane, Viewport, frustum_planes
from lite_compat.cameras.free_camera import FreeCamera
from lite_compat.cameras.universal_camera import UniversalCamera
from lite_compat.math import Matrix, Vector3
from lite_compat.scene.scene import Scene

#: Babylon's FreeCamera.getProjectionMatrix() with the defaults (fov 0.8, 1..10000, aspect 2).
DEFAULT_PROJECTION = [1.1826112270355225, 0, 0, 0, 0, 2.365222454071045, 0, 0,
                      0, 0, 1.0002000331878662, 1, 0, 0, -2.000200033187866, 0]  # fmt: skip


def test_default_projection_matches_babylon(scene: Scene) -> None:
    camera = FreeCamera("fc", Vector3(1, 2, 3), scene)
    assert_allclose(list(camera.getProjectionMatrix().m), DEFAULT_PROJECTION, rtol=1e-7)
    assert camera.screenArea == pytest.approx(1.430032846487801, rel=1e-12)
    assert camera.renderPassId == 1
    assert UniversalCamera("uc", Vector3.Zero(), scene).renderPassId == 2


def test_projection_is_cached_until_an_input_changes(scene: Scene) -> None:
    camera = FreeCamera("fc", Vector3.Zero(), scene)
    seen: list[object] = []
    camera.onProjectionMatrixChangedObservable.add(lambda c, _s: seen.append(c))
    first = camera.getProjectionMatrix()
    camera.getProjectionMatrix()
    assert len(seen) == 1
    camera.fov = 1.0
    assert camera.getProjectionMatrix() is first
    assert len(seen) == 2
    camera.freezeProjectionMatrix()
    camera.fov = 0.5
    camera.getProjectionMatrix()
    assert len(seen) == 2
    camera.unfreezeProjectionMatrix()
    t = 1 / math.tan(0.25)
    assert camera.getProjectionMatrix().m[5] == pytest.approx(t, rel=1e-6)


def test_minz_zero_is_clamped_and_orthographic_uses_the_render_size(scene: Scene) -> None:
    camera = FreeCamera("fc", Vector3.Zero(), scene)
    camera.minZ = 0
    camera.getProjectionMatrix()
    assert camera.minZ == 0.1
    camera.mode = Camera.ORTHOGRAPHIC_CAMERA
    m = camera.getProjectionMatrix().m
    assert m[0] == pytest.approx(2 / 512) and m[5] == pytest.approx(2 / 256)
    assert camera.screenArea == 512 * 256


def test_transformation_is_view_times_projection(scene: Scene) -> None:
    camera = FreeCamera("fc", Vector3(1, 2, -5), scene)
    camera.setTarget(Vector3.Zero())
    view = camera.getViewMatrix()
    projection = camera.getProjectionMatrix()
    assert_allclose(list(camera.getTransformationMatrix().m), list(view.multiply(projection).m))


def test_forward_ray_and_focal_length(scene: Scene) -> None:
    camera = FreeCamera("fc", Vector3(1, 2, 3), scene)
    ray = camera.getForwardRay()
    assert ray.origin.asArray() == [1, 2, 3]
    assert ray.direction.asArray() == [0, 0, 1]
    assert ray.length == 100
    camera.setFocalLength(35)
    assert camera.fov == pytest.approx(0.9500215125301936)


def test_viewport_and_rig_accessors(scene: Scene) -> None:
    camera = FreeCamera("fc", Vector3.Zero(), scene)
    viewport = camera.viewport
    assert (viewport.x, viewport.y, viewport.width, viewport.height) == (0, 0, 1, 1)
    assert viewport.toGlobal(512, 256).width == 512
    camera.viewport = Viewport(0, 0, 0.5, 1)
    assert camera.getProjectionMatrix().m[0] == pytest.approx(DEFAULT_PROJECTION[5])
    assert camera.leftCamera is None and camera.getRightTarget() is None
    assert Camera.RIG_MODE_VR == 20 and camera.isLeftCamera is False


def test_frustum_planes_and_delegated_frustum_test(scene: Scene) -> None:
    planes = frustum_planes(Matrix.Identity())
    assert [p.asArray() for p in planes[:2]] == [[0, 0, 1, 1], [0, 0, -1, 1]]
    camera = FreeCamera("fc", Vector3.Zero(), scene)

    class Cullable:
        def isInFrustum(self, frustumPlanes: list[FrustumPlane]) -> bool:
            return len(frustumPlanes) == 6

    assert camera.isInFrustum(Cullable())
    with pytest.raises(LiteError) as info:
        camera.isCompletelyInFrustum(object())
    assert info.value.code == "LITE-COMPAT-141"


def test_serialize_clone_parse_round_trip(scene: Scene) -> None:
    camera = FreeCamera("fc", Vector3(1, 2, 3), scene)
    data = camera.serialize()
    assert data["type"] == "FreeCamera" and data["position"] == [1, 2, 3]
    assert data["ellipsoid"] == [0.5, 1, 0.5] and data["layerMask"] == 268435455
    # Babylon registers "FreeCamera" as a UniversalCamera, and falls back to one.
    assert Camera.Parse(data, scene).getClassName() == "UniversalCamera"
    assert camera.clone("copy").position.asArray() == [1, 2, 3]
    arc = ArcRotateCamera("arc", 0.5, 1, 2, Vector3.Zero(), scene)
    copy = arc.clone("arcCopy")
    assert (copy.alpha, copy.beta, copy.radius) == (0.5, 1, 2)
    with pytest.raises(LiteError) as info:
        Camera.Parse([1, 2], scene)  # type: ignore[arg-type]
    assert info.value.code == "LITE-COMPAT-142"


@pytest.mark.parametrize("member", ["inputs", "attachPostProcess", "setCameraRigMode"])
def test_input_and_rig_members_are_refused(scene: Scene, member: str) -> None:
    camera = FreeCamera("fc", Vector3.Zero(), scene)
    with pytest.raises(UnsupportedError) as info:
        getattr(camera, member)
    assert info.value.code in {"LITE-COMPAT-021", "LITE-COMPAT-022"}
    assert member in str(info.value)


def test_non_numeric_projection_input_is_a_coded_error(scene: Scene) -> None:
    camera = FreeCamera("fc", Vector3.Zero(), scene)
    camera.fov = "wide"  # type: ignore[assignment]
    with pytest.raises(LiteError) as info:
        camera.getProjectionMatrix()
    assert info.value.code == "LITE-COMPAT-151" and "camera.fov" in str(info.value)
    camera.fov = True  # type: ignore[assignment]
    with pytest.raises(LiteError) as info:
        camera.getProjectionMatrix()
    assert info.value.code == "LITE-COMPAT-151" and "camera.fov" in str(info.value)
    camera.fov = 0.8
    camera.setFocalLength(0)  # Babylon: 2 * atan(36 / 0) = pi
    assert camera.fov == pytest.approx(math.pi)
