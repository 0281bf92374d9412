"""Unit tests for lite_compat.meshes.mesh_geometry_ops, mesh_merge, geometry and normals.

Expected numbers were printed by Babylon.js 9.31 under Node for the same calls (the
recording parity/scenarios/compat_surface_mesh_ops.* holds the full arrays).
"""

from __future__ import annotations

import asyncio
from array import array

import pytest

from lite.errors import LiteError
from lite_compat import Bone, Matrix, Mesh, MeshBuilder, Skeleton, Vector3
from lite_compat.meshes.geometry import Geometry
from lite_compat.meshes.normals import compute_normals
from lite_compat.scene.scene import Scene


def _skinned_strip(scene: Scene) -> tuple[Mesh, Skeleton]:
    strip = MeshBuilder.CreateBox("strip", {"width": 1, "height": 4, "depth": 1}, scene)
    positions = strip.getVerticesData("position") or []
    indices: list[float] = []
    weights: list[float] = []
    for i in range(strip.getTotalVertices()):
        upper = positions[i * 3 + 1] > 0
        indices += [1 if upper else 0, 0 if upper else 1, 0, 0]
        weights += [0.75 if upper else 1, 0.25 if upper else 0, 0, 0]
    strip.setVerticesData("matricesIndices", indices)
    strip.setVerticesData("matricesWeights", weights)
    skeleton = Skeleton("skel", "skel", scene)
    root = Bone("root", skeleton, None, Matrix.Identity())
    tip = Bone("tip", skeleton, root, Matrix.Translation(0, 2, 0))
    strip.skeleton = skeleton
    tip.setRotation(Vector3(0, 0, 0.6))
    root.setPosition(Vector3(0.5, 0, 0))
    skeleton.prepare()
    return strip, skeleton


def test_cpu_skinning(scene: Scene) -> None:
    strip, skeleton = _skinned_strip(scene)
    expected = [1, -2, 0.5, 0, -2, 0.5, 0.06549912691116333, 1.788259118795395, 0.5]
    assert list(strip.getPositionData(True, False) or [])[:9] == pytest.approx(expected)
    assert list(strip.getVerticesData("position") or [])[:3] == [0.5, -2, 0.5]  # a copy
    strip.applySkeleton(skeleton)
    assert list(strip.getVerticesData("position") or [])[:9] == pytest.approx(expected)
    assert strip.isVertexBufferUpdatable("position")
    assert list(strip.setPositionsForCPUSkinning() or [])[:3] == [0.5, -2, 0.5]
    report = strip.validateSkinning()
    assert report["valid"] is True
    assert "WeightCounts = [0,12,12,0,0]" in str(report["report"])


def test_increase_and_share_vertices(scene: Scene) -> None:
    dense = MeshBuilder.CreatePlane("dense", {"width": 2, "height": 1}, scene)
    dense.increaseVertices(2)
    assert dense.getTotalVertices() == 16
    assert list(dense.getIndices())[:9] == [0, 4, 9, 4, 5, 10, 4, 10, 9]
    box = MeshBuilder.CreateBox("box", {"size": 2}, scene)
    box.forceSharedVertices()
    assert box.getTotalVertices() == 8
    assert list(box.getIndices())[:6] == [0, 1, 2, 0, 2, 3]
    normals = list(box.getVerticesData("normal") or [])
    assert normals[:3] == pytest.approx(
        [0.5773502691896258, -0.5773502691896258, 0.5773502691896258]
    )


def test_optimize_indices_async(scene: Scene) -> None:
    sphere = MeshBuilder.CreateSphere("sphere", {"segments": 2}, scene)
    asyncio.run(sphere.optimizeIndicesAsync())
    assert list(sphere.getIndices())[:12] == [0, 1, 9, 9, 10, 18, 18, 19, 27, 27, 28, 36]


def test_merge_meshes(scene: Scene) -> None:
    part_a = MeshBuilder.CreateBox("partA", {"size": 1}, scene)
    part_a.position.set(2, 0, 0)
    part_a.rotation.y = 0.4
    part_b = MeshBuilder.CreatePlane("partB", {"size": 2}, scene)
    part_b.scaling.set(-1, 1, 1)
    part_b.position.set(0, 3, 0)
    merged = Mesh.MergeMeshes([part_a, part_b], False)
    assert merged.name == "partA_merged" and merged.getTotalVertices() == 28
    assert list(merged.getIndices())[36:] == [24, 26, 25, 24, 27, 26]  # mirrored: flipped
    assert list(merged.getVerticesData("position") or [])[:3] == pytest.approx(
        [2.6552396565675735, -0.5, 0.26582132279872894]
    )
    assert merged.getBoundingInfo().boundingSphere.radiusWorld == pytest.approx(2.9718736925170375)
    assert part_a in scene.meshes
    with pytest.raises(LiteError) as caught:
        Mesh.MergeMeshes([part_a, part_b], multiMultiMaterials=True)
    assert caught.value.code == "LITE-COMPAT-107"
    bare = Mesh("bare", scene)
    bare.setVerticesData("position", [0, 0, 0, 1, 0, 0, 0, 1, 0])
    bare.setIndices([0, 1, 2])
    with pytest.raises(LiteError) as caught:
        Mesh.MergeMeshes([part_a, bare], False)
    assert caught.value.code == "LITE-COMPAT-106"


def test_geometry_storage_rules(scene: Scene) -> None:
    geometry = Geometry("g", scene)
    data = [0.1, 0.2, 0.3]
    geometry.setVerticesData("position", data)
    assert geometry.getVerticesData("position") is data and geometry.getTotalVertices() == 1
    geometry.updateVerticesData("position", [9.0, 9.0, 9.0])  # static: ignored
    assert geometry.getVerticesData("position") is data
    geometry.setVerticesData("normal", [0.1, 0.2, 0.3], True)
    stored = geometry.getVerticesData("normal")
    assert isinstance(stored, array) and stored[0] == 0.10000000149011612


def test_compute_normals_grows_a_plain_list() -> None:
    normals: list[float] = []
    compute_normals([0, 0, 0, 1, 0, 0, 0, 1, 0], [0, 1, 2], normals)
    assert normals == [0.0, 0.0, -1.0] * 3
