"""Unit tests for lite_compat.lights.light_shadows (Babylon.js 9.31 values from
parity/scenarios/compat_surface_look_objects.*)."""

from __future__ import annotations

import math

import pytest
from numpy.testing import assert_allclose

from lite.errors import LiteError, UnsupportedError
from lite_compat.cameras.free_camera import FreeCamera
from lite_compat.lights.directional_light import DirectionalLight
from lite_compat.lights.hemispheric_light import HemisphericLight
from lite_compat.lights.light import Light
from lite_compat.lights.point_light import PointLight
from lite_compat.lights.spot_light import SpotLight
from lite_compat.math import Vector3
from lite_compat.scene.scene import Scene


def test_point_light_shadow_matrices(scene: Scene) -> None:
    camera = FreeCamera("c", Vector3(1, 2, -5), scene)
    camera.minZ = 0.1
    point = PointLight("p", Vector3(1, 5, 2), scene)
    point.direction = Vector3(0, -1, 0.5)
    view = [1, 0, 0, 0, 0, 0.4472135901451111, -0.8944271802902222, 0, 0, 0.8944271802902222,
            0.4472135901451111, 0, -1, -4.0249223709106445, 3.5777087211608887, 1]  # fmt: skip
    assert_allclose(list(point.getViewMatrix().m), view, rtol=1e-6, atol=1e-7)
    projection = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1.0000200271606445, 1, 0, 0,
                  -0.20000199973583221, 0]  # fmt: skip
    assert_allclose(list(point.getProjectionMatrix().m), projection, rtol=1e-6, atol=1e-7)
    assert [point.getDepthMinZ(camera), point.getDepthMaxZ(None)] == [0.1, 10000]
    assert point.getShadowGenerator() is None and point.areLightTexturesReady()
    assert point.toString() == "Name: p, type: Point"


def test_directional_fixed_and_spot(scene: Scene) -> None:
    FreeCamera("c", Vector3.Zero(), scene)
    sun = DirectionalLight("sun", Vector3(-1, -2, -1), scene)
    sun.shadowFrustumSize = 30
    m = sun.getProjectionMatrix().m
    assert m[0] == pytest.approx(2 / 30) and m[5] == pytest.approx(2 / 30)
    spot = SpotLight("s", Vector3.Zero(), Vector3(0, -1, 0), math.pi / 3, 2, scene)
    assert spot.getProjectionMatrix().m[5] == pytest.approx(1 / math.tan(math.pi / 6), rel=1e-6)
    assert list(spot.projectionTextureMatrix.m) == [0] * 16  # computed only with a texture
    assert spot.projectionTextureLightNear == 1e-6 and spot.iesProfileTexture is None


def test_serialize_clone_parse(scene: Scene) -> None:
    spot = SpotLight("spot", Vector3(-2, 4, 1), Vector3(0, -1, 0), 1.0, 2, scene)
    data = spot.serialize()
    assert data["type"] == 2 and data["angle"] == 1.0 and data["_renderPriority"] == 0
    copy = spot.clone("copy")
    assert copy.getClassName() == "SpotLight" and copy.position.asArray() == [-2, 4, 1]
    assert copy.position is not spot.position
    parsed = Light.Parse(data, scene)
    assert parsed.exponent == 2 and parsed.direction.asArray() == [0, -1, 0]
    assert Light.GetConstructorFromName(42, "x", scene) is None
    with pytest.raises(LiteError) as info:
        Light.Parse("light", scene)  # type: ignore[arg-type]
    assert info.value.code == "LITE-COMPAT-149"


def test_hemispheric_has_no_shadow_matrices_and_uniforms_are_refused(scene: Scene) -> None:
    hemi = HemisphericLight("h", Vector3(0, 1, 0), scene)
    assert hemi.getViewMatrix() is None and hemi.getProjectionMatrix() is None
    with pytest.raises(UnsupportedError):
        hemi.transferToEffect  # noqa: B018
    point = PointLight("p", Vector3.Zero(), scene)
    point.direction = None
    with pytest.raises(LiteError) as info:
        point.getRotation()
    assert info.value.code == "LITE-COMPAT-150"
