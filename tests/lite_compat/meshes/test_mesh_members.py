"""Unit tests for lite_compat.meshes.mesh_members and abstract_mesh_members (Babylon's values).

Every expected number was printed by Babylon.js 9.31 under Node (NullEngine), from the same
calls; the recordings parity/scenarios/compat_surface_mesh_{data,instances}.* cover more.
"""

from __future__ import annotations

import math

import pytest

from lite.errors import LiteError, UnsupportedError
from lite_compat import AbstractMesh, Matrix, Mesh, MeshBuilder, Vector3
from lite_compat.scene.scene import Scene


def _v(v: Vector3) -> list[float]:
    return [v.x, v.y, v.z]


def test_static_positions_keep_the_callers_list_and_build_bounds(scene: Scene) -> None:
    quad = Mesh("quad", scene)
    positions = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0.5]
    quad.setVerticesData("position", positions)
    quad.setIndices([0, 1, 2, 0, 2, 3])
    assert quad.getVerticesData("position") is positions
    assert (quad.getTotalVertices(), quad.getTotalIndices()) == (4, 6)
    assert quad.isVertexBufferUpdatable("position") is False
    info = quad.getBoundingInfo()
    assert _v(info.boundingBox.centerWorld) == [0.5, 0.5, 0.25]
    assert info.boundingSphere.radius == 0.75
    assert info.diagonalLength == 1.5
    assert quad.subMeshes is not None
    sub = quad.subMeshes[0]
    assert (sub.verticesStart, sub.verticesCount, sub.indexStart, sub.indexCount) == (0, 4, 0, 6)


def test_static_buffer_ignores_updates_but_update_extends_moves_the_bounds(scene: Scene) -> None:
    quad = Mesh("quad", scene)
    quad.setVerticesData("position", [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0.5])
    quad.updateVerticesData("position", [0, 0, 0, 2, 0, 0, 2, 2, 0, 0, 2, 0], True)
    assert list(quad.getVerticesData("position") or []) == [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0.5]
    assert _v(quad.getBoundingInfo().maximum) == [2, 2, 0]


def test_updatable_data_is_float32(scene: Scene) -> None:
    quad = Mesh("quad", scene)
    quad.setVerticesData("position", [0.1, 0.2, 0.3, 1.7, 0.1, 0, 1.3, 1.1, 0, 0, 1, 0.25], True)
    data = list(quad.getVerticesData("position") or [])
    assert data[:2] == [0.10000000149011612, 0.20000000298023224]
    assert quad.isVertexBufferUpdatable("position") is True
    assert _v(quad.getBoundingInfo().maximum) == [
        1.7000000476837158,
        1.100000023841858,
        0.30000001192092896,
    ]


def test_create_normals_of_a_bent_quad(scene: Scene) -> None:
    quad = Mesh("quad", scene)
    quad.setVerticesData("position", [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0.5])
    quad.setIndices([0, 1, 2, 0, 2, 3])
    quad.createNormals(False)
    normals = list(quad.getVerticesData("normal") or [])
    assert normals[:3] == pytest.approx(
        [-0.2141864952980661, 0.2141864952980661, -0.9530206138714225]
    )
    assert normals[9:] == pytest.approx(
        [-0.4082482904638631, 0.4082482904638631, -0.8164965809277261]
    )


def test_world_bounds_follow_the_transform(scene: Scene) -> None:
    box = MeshBuilder.CreateBox("source", {"width": 2, "height": 1, "depth": 1}, scene)
    box.position.set(1, 0, 0)
    box.rotation.y = 0.25
    box.computeWorldMatrix(True)
    b = box.getBoundingInfo().boundingBox
    assert _v(b.minimumWorld) == pytest.approx([-0.09261440485715866, -0.5, -0.7318601757287979])
    assert box.getBoundingInfo().boundingSphere.radiusWorld == pytest.approx(1.4896772570379804)
    assert box.intersectsPoint(b.centerWorld)
    assert not box.intersectsPoint(Vector3(100, 0, 0))


def test_mirroring_bake_flips_the_faces(scene: Scene) -> None:
    baked = MeshBuilder.CreateBox("baked", {"size": 1}, scene)
    baked.bakeTransformIntoVertices(Matrix.Scaling(-1, 2, 1).multiply(Matrix.Translation(1, 0, 0)))
    assert list(baked.getIndices())[:6] == [0, 2, 1, 0, 3, 2]
    assert list(baked.getVerticesData("position") or [])[:3] == [0.5, -1, 0.5]


def test_clone_shares_geometry_until_made_unique(scene: Scene) -> None:
    shared = MeshBuilder.CreateBox("shared", {"size": 2, "updatable": True}, scene)
    twin = shared.clone("twin")
    assert twin.geometry is shared.geometry and twin.id == "twin.shared"
    twin.makeGeometryUnique()
    assert twin.geometry is not shared.geometry
    assert shared.geometry is not None and len(shared.geometry.meshes) == 1


def test_plain_state_defaults(scene: Scene) -> None:
    plain = Mesh("plain", scene)
    assert (plain.collisionMask, plain.collisionGroup, plain.collisionRetryCount) == (-1, -1, 3)
    assert (plain.outlineWidth, plain.overlayAlpha, plain.edgesWidth) == (0.02, 0.5, 1)
    assert (plain.numBoneInfluencers, plain.partitioningSubdivisions) == (4, 10)
    assert (plain.occlusionRetryCount, plain.occlusionQueryAlgorithmType) == (-1, 1)
    assert (plain.sideOrientation, plain.meshBlendingTag, plain.thinInstanceCount) == (1, 0, 0)
    assert _v(plain.ellipsoid) == [0.5, 1, 0.5]
    assert plain.rawBoundingInfo is None and plain.edgesRenderer is None
    plain.collisionMask = math.nan
    assert plain.collisionMask == -1
    assert AbstractMesh("a", scene).getIndices() is None


def test_blending_tag_is_checked_like_babylon(scene: Scene) -> None:
    plain = Mesh("plain", scene)
    plain.meshBlendingTag = 65
    with pytest.raises(LiteError) as caught:
        plain.meshBlendingTag = 64
    assert caught.value.code == "LITE-COMPAT-100"
    assert plain.meshBlendingTag == 65


def test_bad_vertex_data_is_a_coded_error(scene: Scene) -> None:
    mesh = Mesh("m", scene)
    with pytest.raises(LiteError) as caught:
        mesh.setVerticesData("position", [0, "x", 0])  # type: ignore[list-item]
    assert caught.value.code == "LITE-COMPAT-101"
    assert mesh.geometry is None


def test_facet_index_out_of_range_is_a_coded_error(scene: Scene) -> None:
    ground = MeshBuilder.CreateGround("g", {"width": 4, "height": 2, "subdivisions": 2}, scene)
    ground.updateFacetData()
    assert ground.facetNb == 8
    with pytest.raises(LiteError) as caught:
        ground.getFacetPosition(8)
    assert caught.value.code == "LITE-COMPAT-102"


def test_move_with_collisions_without_obstacles(scene: Scene) -> None:
    walker = MeshBuilder.CreateBox("walker", {}, scene)
    walker.ellipsoid.set(0.5, 0.75, 0.25)
    walker.moveWithCollisions(Vector3(0.3, -0.2, 0.7))
    assert _v(walker.position) == pytest.approx([0.3, -0.2, 0.7])
    walker.moveWithCollisions(Vector3(0.0004, 0, 0))  # under CollisionsEpsilon: dropped
    assert walker.position.x == pytest.approx(0.3)
    wall = MeshBuilder.CreateBox("wall", {}, scene)
    wall.checkCollisions = True
    with pytest.raises(LiteError) as caught:
        walker.moveWithCollisions(Vector3(1, 0, 0))
    assert caught.value.code == "LITE-COMPAT-103"
    assert walker.position.x == pytest.approx(0.3)


def test_lod_levels_by_distance(scene: Scene) -> None:
    hero = MeshBuilder.CreateSphere("hero", {"segments": 4}, scene)
    mid = MeshBuilder.CreateSphere("mid", {"segments": 2}, scene)
    hero.addLODLevel(10, mid)
    hero.addLODLevel(60, None)
    camera = type("Cam", (), {"mode": 0, "minZ": 1, "globalPosition": Vector3(0, 0, -15)})()
    assert hero.getLOD(camera) is mid and mid.isBlocked
    camera.globalPosition = Vector3(0, 0, -80)
    assert hero.getLOD(camera) is None
    assert [lv.distanceOrScreenCoverage for lv in hero.getLODLevels()] == [60, 10]


def test_thin_instances_grow_the_bounds(scene: Scene) -> None:
    box = MeshBuilder.CreateBox("b", {}, scene)
    buffer = [0.0] * 32
    Matrix.Translation(3, 0, 0).copyToArray(buffer, 0)
    Matrix.Scaling(2, 2, 2).multiply(Matrix.Translation(-2, 1, 0)).copyToArray(buffer, 16)
    box.thinInstanceSetBuffer("matrix", buffer, 16)
    info = box.getBoundingInfo()
    assert (_v(info.minimum), _v(info.maximum)) == ([-3, -0.5, -1], [3.5, 2, 1])
    assert box.rawBoundingInfo is not None and box.rawBoundingInfo.maximum.x == 0.5
    assert [m.m[12] for m in box.thinInstanceGetWorldMatrices()] == [3, -2]
    box.thinInstanceCount = 1
    box.thinInstanceCount = 5  # beyond the buffer: unchanged
    assert box.thinInstanceCount == 1
    assert box.thinInstanceSetMatrixAt(1, Matrix.Translation(0, 5, 0)) is False


def test_positional_create_statics(scene: Scene) -> None:
    box = Mesh.CreateBox("b2", 2, scene)
    assert (box.getTotalVertices(), box.getBoundingInfo().maximum.x) == (24, 1)
    plane = Mesh.CreatePlane("p", 3, scene)
    assert _v(plane.getBoundingInfo().maximum) == [1.5, 1.5, 0]
    with pytest.raises(LiteError) as caught:
        Mesh.ExtendToGoldberg(box)
    assert caught.value.code == "LITE-COMPAT-105"


def test_rendering_members_are_refused(scene: Scene) -> None:
    mesh = MeshBuilder.CreateBox("b", {}, scene)
    for name in ("render", "transferToEffect", "enableEdgesRendering", "getMeshUniformBuffer"):
        with pytest.raises(UnsupportedError) as caught:
            getattr(mesh, name)
        assert caught.value.code == "LITE-COMPAT-021"


def test_to_string(scene: Scene) -> None:
    box = MeshBuilder.CreateBox("source", {}, scene)
    assert (
        box.toString()
        == "Name: source, isInstance: NO, # of submeshes: 1, n vertices: 24, parent: NONE"
    )


def test_wrong_kinds_of_arguments_are_coded_errors(scene: Scene) -> None:
    box = MeshBuilder.CreateBox("b", {}, scene)
    calls = [
        lambda: box.bakeTransformIntoVertices("scale"),  # type: ignore[arg-type]
        lambda: box.intersectsPoint([0, 0, 0]),  # type: ignore[arg-type]
        lambda: box.intersectsMesh("other"),  # type: ignore[arg-type]
        lambda: box.thinInstanceAdd([1, 2]),  # type: ignore[list-item]
        lambda: box.moveWithCollisions((1, 0, 0)),  # type: ignore[arg-type]
    ]
    for call in calls:
        with pytest.raises(LiteError) as caught:
            call()
        assert caught.value.code == "LITE-COMPAT-108"
    with pytest.raises(LiteError) as caught:
        box.movePOV("1", 0, 0)  # type: ignore[arg-type]
    assert caught.value.code == "LITE-COMPAT-001"
    assert box.position.x == 0 and box.thinInstanceCount == 0
