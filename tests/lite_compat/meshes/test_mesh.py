"""Unit tests for lite_compat.meshes.mesh: vertex data on a mesh.

Section 8 of the test specification in docs/architecture/compat-meshes.md. Expected
values are worked out by hand; the Babylon.js recording (parity/scenarios/scene_objects.*)
covers the same behaviours against the real engine.
"""

from __future__ import annotations

from lite_compat.meshes.mesh import Mesh
from lite_compat.meshes.vertex_data import VertexBuffer, VertexData
from tests.lite_compat._support import FakeScene

# 8. Mesh vertex data ---------------------------------------------------------------------------


def test_mesh_without_geometry() -> None:
    mesh = Mesh("m", FakeScene())
    assert mesh.getTotalVertices() == 0
    assert mesh.getIndices() == []
    assert mesh.getVerticesData("position") is None
    assert not mesh.isVerticesDataPresent("position")
    assert (mesh.isVisible, mesh.visibility, mesh.material) == (True, 1.0, None)


def test_vertices_data_is_shared_unless_copied() -> None:
    mesh = Mesh("m", FakeScene())
    data = [0.0, 0, 0, 1, 0, 0, 0, 1, 0]
    mesh.setVerticesData(VertexBuffer.PositionKind, data)
    assert mesh.getVerticesData("position") is data
    copy = mesh.getVerticesData("position", forceCopy=True)
    assert copy == data and copy is not data
    assert mesh.getTotalVertices() == 3


def test_vertex_data_apply_to_mesh() -> None:
    vertex_data = VertexData()
    vertex_data.positions = [0, 0, 0, 1, 0, 0, 0, 1, 0]
    vertex_data.indices = [0, 1, 2]
    mesh = Mesh("m", FakeScene())
    vertex_data.applyToMesh(mesh)
    assert mesh.getIndices() == [0, 1, 2] and mesh.getTotalIndices() == 3
