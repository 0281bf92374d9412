"""Unit tests for lite_compat.lights.light: defaults, photometric scale, ranges and mesh lighting.

Section 11 of the test specification in docs/architecture/compat-lights.md. Expected
values are worked out by hand; the Babylon.js recording (parity/scenarios/scene_objects.*)
covers the same behaviours against the real engine.
"""

from __future__ import annotations

import math

import pytest

from lite_compat.lights.directional_light import DirectionalLight
from lite_compat.lights.hemispheric_light import HemisphericLight
from lite_compat.lights.light import Light
from lite_compat.lights.point_light import PointLight
from lite_compat.math import Vector3
from lite_compat.meshes.mesh import Mesh
from lite_compat.nodes.transform_node import TransformNode
from lite_compat.scene.scene import Scene
from tests.lite_compat._support import FakeScene, translation

# 11. Lights --------------------------------------------------------------------------------------


def test_light_defaults(scene: Scene) -> None:
    direction = Vector3(0, 1, 0)
    hemi = HemisphericLight("h", direction, scene)
    assert hemi.direction is direction
    assert (hemi.intensity, hemi.range, hemi.getTypeID()) == (1, 1.7976931348623157e308, 3)
    assert hemi.diffuse.asArray() == [1, 1, 1] and hemi.specular.asArray() == [1, 1, 1]
    assert hemi.groundColor.asArray() == [0, 0, 0]
    assert HemisphericLight("h2", None, scene).direction.asArray() == [0, 1, 0]
    point = PointLight("p", Vector3(1, 2, 3), scene)
    assert point.direction is None and point.needCube()
    assert scene.lights == [hemi, scene.lights[1], point]


def test_directional_light_position_is_minus_direction() -> None:
    direction = Vector3(-1, -2, 0.5)
    sun = DirectionalLight("d", direction, FakeScene())
    assert sun.direction is direction
    assert sun.position.asArray() == [1, 2, -0.5]


@pytest.mark.parametrize(
    ("factory", "mode", "radius", "expected"),
    [
        ("point", Light.INTENSITYMODE_LUMINOUSPOWER, 0.5, 1 / (4 * math.pi)),
        ("point", Light.INTENSITYMODE_LUMINANCE, 0.5, 0.25),
        ("point", Light.INTENSITYMODE_ILLUMINANCE, 0.5, 0.0),
        ("sun", Light.INTENSITYMODE_LUMINANCE, 0.0, 2 * math.pi * (1 - math.cos(0.001))),
        ("sun", Light.INTENSITYMODE_AUTOMATIC, 0.5, 1.0),
        ("hemi", Light.INTENSITYMODE_LUMINANCE, 0.5, 1.0),
    ],
)
def test_photometric_scale(factory: str, mode: int, radius: float, expected: float) -> None:
    scene = FakeScene()
    lights: dict[str, Light] = {
        "point": PointLight("p", Vector3.Zero(), scene),
        "sun": DirectionalLight("d", Vector3(0, -1, 0), scene),
        "hemi": HemisphericLight("h", None, scene),
    }
    light = lights[factory]
    light.radius = radius
    light.intensityMode = mode
    light.intensity = 2
    assert light.getScaledIntensity() == pytest.approx(2 * expected)


def test_range_setter_updates_inverse_squared_range() -> None:
    light = PointLight("p", Vector3.Zero(), FakeScene())
    assert light._inverseSquaredRange == 0
    light.range = 4
    assert light._inverseSquaredRange == 1 / 16


def test_point_light_world_matrix_follows_parent() -> None:
    scene = FakeScene()
    parent = TransformNode("parent", scene)
    parent.position.set(10, 0, 0)
    light = PointLight("p", Vector3(1, 2, 3), scene)
    light.parent = parent
    assert translation(light.computeWorldMatrix(True)) == [11, 2, 3]
    assert light.computeTransformedInformation()
    assert light.getAbsolutePosition().asArray() == [11, 2, 3]


def test_lights_join_and_leave_mesh_light_sources(scene: Scene) -> None:
    mesh = Mesh("m", scene)
    light = PointLight("p", Vector3.Zero(), scene)
    assert mesh.lightSources == [light]
    light.setEnabled(False)
    assert mesh.lightSources == []
    light.setEnabled(True)
    light.excludedMeshes.append(mesh)
    mesh._resyncLightSources()
    assert mesh.lightSources == []
    light.excludedMeshes.clear()
    mesh._resyncLightSources()
    light.dispose()
    assert mesh.lightSources == [] and light not in scene.lights


def test_layer_masks_filter_meshes() -> None:
    light = PointLight("p", Vector3.Zero(), FakeScene())
    mesh = Mesh("m", FakeScene())
    mesh.layerMask = 0x2
    light.includeOnlyWithLayerMask = 0x1
    assert not light.canAffectMesh(mesh)
    light.includeOnlyWithLayerMask = 0
    light.excludeWithLayerMask = 0x2
    assert not light.canAffectMesh(mesh)
