"""Unit tests for lite_compat.meshes.builders.mesh_builder and vertex_data: Babylon's box, sphere, plane and ground vertex data.

Section 7 of the test specification in docs/architecture/compat-meshes.md. Expected
values are worked out by hand; the Babylon.js recording (parity/scenarios/scene_objects.*)
covers the same behaviours against the real engine.
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import lite_compat.meshes.vertex_data as vertex_data
from lite_compat.math import Vector4
from lite_compat.meshes.builders.mesh_builder import MeshBuilder
from lite_compat.meshes.ground_mesh import GroundMesh
from lite_compat.meshes.mesh import Mesh
from lite_compat.meshes.vertex_data import VertexBuffer
from tests.lite_compat._support import FakeScene

# 7. Mesh builders -----------------------------------------------------------------------------


def test_default_box_counts_and_first_face() -> None:
    box = MeshBuilder.CreateBox("b", {}, FakeScene())
    assert (box.getTotalVertices(), box.getTotalIndices()) == (24, 36)
    assert box.getVerticesData(VertexBuffer.PositionKind)[:12] == [
        0.5, -0.5, 0.5, -0.5, -0.5, 0.5, -0.5, 0.5, 0.5, 0.5, 0.5, 0.5,
    ]  # fmt: skip
    assert box.getVerticesData(VertexBuffer.UVKind)[:8] == [1, 1, 0, 1, 0, 0, 1, 0]
    assert box.getVerticesDataKinds() == ["position", "normal", "uv"]


def test_box_size_zero_falls_back_like_javascript_or() -> None:
    box = MeshBuilder.CreateBox("b", {"size": 0, "width": 4}, FakeScene())
    assert box.getVerticesData("position")[:3] == [2.0, -0.5, 0.5]


def test_double_sided_box_appends_reversed_back_faces() -> None:
    box = MeshBuilder.CreateBox("b", {"sideOrientation": Mesh.DOUBLESIDE}, FakeScene())
    indices = box.getIndices()
    normals = box.getVerticesData("normal")
    assert (box.getTotalVertices(), len(indices)) == (48, 72)
    assert indices[36:39] == [2 + 24, 1 + 24, 0 + 24]
    assert normals[72:75] == [-0.0, -0.0, -1.0]


def test_back_side_reverses_winding_and_normals() -> None:
    plane = MeshBuilder.CreatePlane("p", {"sideOrientation": Mesh.BACKSIDE}, FakeScene())
    assert plane.getIndices() == [2, 1, 0, 3, 2, 0]
    assert plane.getVerticesData("normal")[:3] == [-0.0, -0.0, 1.0]


def test_double_sided_plane_maps_front_and_back_uvs() -> None:
    plane = MeshBuilder.CreatePlane(
        "p",
        {
            "sideOrientation": Mesh.DOUBLESIDE,
            "frontUVs": Vector4(0, 0, 0.5, 1),
            "backUVs": Vector4(0.5, 0, 1, 1),
        },
        FakeScene(),
    )
    uvs = plane.getVerticesData("uv")
    assert uvs[:8] == [0, 0, 0.5, 0, 0.5, 1, 0, 1]
    assert uvs[8:] == [0.5, 0, 1, 0, 1, 1, 0.5, 1]


def test_box_face_colors_give_four_per_face() -> None:
    colors = [SimpleNamespace(r=i / 5, g=0, b=0, a=1) for i in range(6)]
    box = MeshBuilder.CreateBox("b", {"faceColors": colors}, FakeScene())
    data = box.getVerticesData("color")
    assert len(data) == 96 and data[16:20] == [0.2, 0, 0, 1]


def test_plane_honours_zero_width() -> None:
    plane = MeshBuilder.CreatePlane("p", {"width": 0, "size": 3}, FakeScene())
    positions = plane.getVerticesData("position")
    assert positions[0::3] == [0, 0, 0, 0] and positions[1] == -1.5


@pytest.mark.parametrize("segments", [1, 2, 5])
def test_sphere_counts(segments: int) -> None:
    sphere = MeshBuilder.CreateSphere("s", {"segments": segments}, FakeScene())
    total_z = segments + 2
    assert sphere.getTotalVertices() == (total_z + 1) * (2 * total_z + 1)
    assert sphere.getTotalIndices() == 6 * (2 * total_z) * total_z


def test_sphere_vertices_lie_on_the_ellipsoid() -> None:
    options = {"segments": 3, "diameterX": 2, "diameterY": 4, "diameterZ": 6}
    positions = MeshBuilder.CreateSphere("s", options, FakeScene()).getVerticesData("position")
    for i in range(0, len(positions), 3):
        x, y, z = positions[i : i + 3]
        assert (x / 1) ** 2 + (y / 2) ** 2 + (z / 3) ** 2 == pytest.approx(1, abs=1e-6)


def test_sphere_segments_truncate_and_zero_means_default() -> None:
    scene = FakeScene()
    assert MeshBuilder.CreateSphere("a", {"segments": 2.7}, scene).getTotalVertices() == 45
    assert MeshBuilder.CreateSphere("b", {"segments": 0}, scene).getTotalVertices() == 2415


def test_ground_rows_run_from_plus_z_to_minus_z() -> None:
    ground = MeshBuilder.CreateGround("g", {"width": 4, "height": 2, "subdivisions": 2}, None)
    positions = ground.getVerticesData("position")
    assert isinstance(ground, GroundMesh) and ground.subdivisions == 2
    assert ground.getTotalVertices() == 9
    assert positions[:3] == [-2, 0, 1] and positions[-3:] == [2, 0, -1]
    assert ground.getVerticesData("uv")[:2] == [0, 1]
    assert ground.getIndices()[:6] == [4, 1, 0, 3, 4, 0]


def test_opengl_uv_orientation_flips_v(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(vertex_data, "useOpenGLOrientationForUV", True)
    plane = MeshBuilder.CreatePlane("p", {}, FakeScene())
    assert plane.getVerticesData("uv")[:4] == [0, 1, 1, 1]


def test_builder_leaves_the_options_dict_untouched() -> None:
    options: dict[str, object] = {"size": 2}
    MeshBuilder.CreateBox("b", options, FakeScene())
    assert options == {"size": 2}


def test_mesh_builder_statics_keep_their_return_types() -> None:
    """``MeshBuilder.Create*`` carry the wrapped function's types (``Mesh``, ``LinesMesh``,
    ``GroundMesh``), not ``Any``, so ports type-check against them."""
    import typing

    from lite_compat.meshes.builders.mesh_builder import MeshBuilder
    from lite_compat.meshes.builders.shapes_lines import LinesMesh
    from lite_compat.meshes.ground_mesh import GroundMesh
    from lite_compat.meshes.mesh import Mesh

    expected = {
        "CreateBox": Mesh,
        "CreateSphere": Mesh,
        "CreateGround": GroundMesh,
        "CreateLines": LinesMesh,
        "CreateDashedLines": LinesMesh,
        "CreateLineSystem": LinesMesh,
    }
    for name, kind in expected.items():
        assert typing.get_type_hints(getattr(MeshBuilder, name))["return"] is kind, name
