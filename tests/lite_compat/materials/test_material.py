"""Unit tests for lite_compat.materials.material: StandardMaterial and Material.

Section 9 of the test specification in docs/architecture/compat-materials.md. Expected
values are worked out by hand; the Babylon.js recording (parity/scenarios/scene_objects.*)
covers the same behaviours against the real engine.
"""

from __future__ import annotations

from lite_compat.materials.material import Material
from lite_compat.materials.standard_material import StandardMaterial
from lite_compat.meshes.mesh import Mesh
from lite_compat.scene.scene import Scene
from tests.lite_compat._support import FakeScene

# 9. Materials ----------------------------------------------------------------------------------


def test_standard_material_defaults(scene: Scene) -> None:
    material = StandardMaterial("m", scene)
    assert material.diffuseColor.asArray() == [1, 1, 1]
    assert material.specularColor.asArray() == [1, 1, 1]
    assert material.emissiveColor.asArray() == [0, 0, 0]
    assert material.ambientColor.asArray() == [0, 0, 0]
    assert (material.alpha, material.specularPower) == (1, 64)
    assert material.backFaceCulling and not material.wireframe
    assert material.animations is None
    assert material in scene.materials and material.id == "m"


def test_wireframe_and_points_cloud_are_fill_modes() -> None:
    material = StandardMaterial("m", FakeScene())
    material.wireframe = True
    assert material.fillMode == Material.WireFrameFillMode
    material.pointsCloud = True
    assert (material.fillMode, material.wireframe) == (Material.PointFillMode, False)
    material.fillMode = Material.LineStripDrawMode
    assert material.wireframe


def test_scene_force_wireframe() -> None:
    scene = FakeScene()
    scene.forceWireframe = True  # type: ignore[attr-defined]
    assert StandardMaterial("m", scene).wireframe


def test_unnamed_material_gets_a_random_id() -> None:
    assert len(Material("", FakeScene()).id) == 36


def test_material_dispose_unassigns_meshes(scene: Scene) -> None:
    material = StandardMaterial("m", scene)
    mesh = Mesh("mesh", scene)
    mesh.material = material
    material.dispose()
    assert mesh.material is None and material not in scene.materials
