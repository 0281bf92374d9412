"""Unit tests for MeshBuilder's shapes (lite_compat.meshes.builders.mesh_builder and its shapes_* modules).

Expected values were measured from Babylon.js 9.31 under Node (the compat_surface_shapes_*
parity recordings print them); the recordings compare every value, these tests pin a few
counts and values per shape, the error paths and the LinesMesh state.
"""

from __future__ import annotations

import math

import pytest

from lite.errors import LiteError, UnsupportedError
from lite_compat.math import Color3, Color4, Vector3
from lite_compat.meshes.abstract_mesh import AbstractMesh
from lite_compat.meshes.builders.mesh_builder import MeshBuilder
from lite_compat.meshes.builders.shapes_earcut import earcut
from lite_compat.meshes.builders.shapes_lines import LinesMesh
from lite_compat.meshes.ground_mesh import GroundMesh
from lite_compat.meshes.mesh import Mesh
from lite_compat.scene.scene import Scene

TOL = {"rel": 1e-9, "abs": 1e-9}


def _sum(values: list[float] | None) -> float:
    assert values is not None
    return math.fsum(values)


def test_default_cylinder_counts_and_sums(scene: Scene) -> None:
    cylinder = MeshBuilder.CreateCylinder("c", {}, scene)
    assert (cylinder.getTotalVertices(), len(cylinder.getIndices())) == (102, 288)
    assert sum(cylinder.getIndices()) == 13848
    assert _sum(cylinder.getVerticesData("uv")) == pytest.approx(103, **TOL)
    assert _sum(cylinder.getVerticesData("position")) == pytest.approx(2.0, **TOL)


def test_disc_hexagon_positions_and_fan_indices(scene: Scene) -> None:
    disc = MeshBuilder.CreateDisc("d", {"radius": 2, "tessellation": 6}, scene)
    assert disc.getTotalVertices() == 8
    assert disc.getIndices()[:9] == [2, 0, 1, 3, 0, 2, 4, 0, 3]
    positions = disc.getVerticesData("position")
    assert positions is not None
    assert positions[:9] == pytest.approx([0, 0, 0, 2, 0, 0, 1.0, 1.7320508075688772, 0], **TOL)
    assert disc.getVerticesData("normal")[:3] == [0, 0, -1]  # type: ignore[index]


def test_default_torus_and_knot(scene: Scene) -> None:
    torus = MeshBuilder.CreateTorus("t", {}, scene)
    assert (torus.getTotalVertices(), sum(torus.getIndices())) == (289, 249696)
    assert _sum(torus.getVerticesData("position")) == pytest.approx(8.25, abs=1e-6)
    knot = MeshBuilder.CreateTorusKnot("k", {}, scene)
    assert (knot.getTotalVertices(), len(knot.getIndices())) == (1056, 6144)
    assert _sum(knot.getVerticesData("position")) == pytest.approx(96.0, abs=1e-6)


def test_tube_counts_and_first_ring(scene: Scene) -> None:
    path = [Vector3(0, 0, 0), Vector3(0, 1, 0), Vector3(1, 2, 0.5), Vector3(2, 2, 1)]
    tube = MeshBuilder.CreateTube("t", {"path": path, "tessellation": 4}, scene)
    assert tube.getTotalVertices() == 20
    positions = tube.getVerticesData("position")
    assert positions is not None
    assert positions[:6] == pytest.approx([0, 0, -1, -1, 0, 0], abs=1e-7)
    assert MeshBuilder.CreateTube("d", {"path": path}, scene).getTotalVertices() == 260


def test_tube_instance_updates_the_same_mesh(scene: Scene) -> None:
    path = [Vector3(0, 0, 0), Vector3(0, 1, 0), Vector3(0, 2, 0)]
    tube = MeshBuilder.CreateTube("t", {"path": path, "tessellation": 3, "updatable": True}, scene)
    moved = [p.add(Vector3(1, 0, 0)) for p in path]
    again = MeshBuilder.CreateTube("t", {"path": moved, "radius": 0.5, "instance": tube})
    assert again is tube
    positions = tube.getVerticesData("position")
    assert positions is not None
    assert positions[0] == pytest.approx(1.0, abs=1e-6)
    assert positions[2] == pytest.approx(-0.5, abs=1e-6)


def test_lines_mesh_state_and_line_list_indices(scene: Scene) -> None:
    points = [Vector3(0, 0, 0), Vector3(1, 1, 0), Vector3(2, 0, 1), Vector3(3, 1, 1)]
    colors = [Color4(i / 3, 1 - i / 3, 0.5, 1) for i in range(4)]
    lines = MeshBuilder.CreateLines("l", {"points": points, "colors": colors}, scene)
    assert isinstance(lines, LinesMesh)
    assert lines.getClassName() == "LinesMesh"
    assert lines.getIndices() == [0, 1, 1, 2, 2, 3]
    assert (lines.alpha, lines.intersectionThreshold, lines.useVertexColor) == (1.0, 0.1, True)
    assert lines.useVertexAlpha is None
    assert (lines.color.r, lines.color.g, lines.color.b) == (1, 1, 1)
    lines.checkCollisions = True
    assert lines.checkCollisions is False
    lines.color = Color3(1, 0, 0)
    assert lines.color.g == 0


def test_dashed_lines_counts(scene: Scene) -> None:
    points = [Vector3(0, 0, 0), Vector3(1, 1, 0), Vector3(2, 0, 1), Vector3(3, 1, 1)]
    dashed = MeshBuilder.CreateDashedLines(
        "d", {"points": points, "dashNb": 7, "dashSize": 2, "gapSize": 1}, scene
    )
    assert dashed.getTotalVertices() == 12
    positions = dashed.getVerticesData("position")
    assert positions is not None
    assert positions[3:6] == pytest.approx([0.3071185591801513, 0.3071185591801513, 0], **TOL)
    assert MeshBuilder.CreateDashedLines("e", {"points": points}, scene).getTotalVertices() == 398


def test_icosphere_polyhedron_capsule_defaults(scene: Scene) -> None:
    ico = MeshBuilder.CreateIcoSphere("i", {}, scene)
    assert (ico.getTotalVertices(), sum(ico.getIndices())) == (960, 460320)
    assert _sum(ico.getVerticesData("uv")) == pytest.approx(909.375, **TOL)
    tetra = MeshBuilder.CreatePolyhedron("p", {"type": 0, "size": 1}, scene)
    assert (tetra.getTotalVertices(), sum(tetra.getIndices())) == (12, 66)
    cupola = MeshBuilder.CreatePolyhedron("q", {"type": 14, "size": 2.4}, scene)
    assert (cupola.getTotalVertices(), len(cupola.getIndices())) == (90, 138)
    capsule = MeshBuilder.CreateCapsule("c", None, scene)
    assert (capsule.getTotalVertices(), sum(capsule.getIndices())) == (255, 170688)
    assert _sum(capsule.getVerticesData("uv")) == pytest.approx(180.21685609696462, **TOL)


def test_tiled_plane_counts_and_uvs(scene: Scene) -> None:
    plane = MeshBuilder.CreateTiledPlane(
        "t",
        {"pattern": 1, "width": 3.5, "height": 2.25, "tileWidth": 1, "tileHeight": 1,
         "alignHorizontal": 1, "alignVertical": 4},
        scene,
    )  # fmt: skip
    assert plane.getTotalVertices() == 48
    assert plane.getVerticesData("uv")[:8] == [0, 0, 1, 0, 1, 1, 0, 1]  # type: ignore[index]
    assert len(plane.getVerticesData("color") or []) == 48 * 4


def test_ground_from_height_map_buffer(scene: Scene) -> None:
    width, height = 4, 3
    data = bytearray(width * height * 4)
    for i in range(width * height):
        data[i * 4 : i * 4 + 4] = bytes(
            ((i * 37) % 256, (i * 91 + 13) % 256, (i * 53 + 200) % 256, 100 if i % 5 == 0 else 255)
        )
    seen: list[list[float]] = []
    ground = MeshBuilder.CreateGroundFromHeightMap(
        "h",
        {"data": data, "width": width, "height": height},
        {"width": 6, "height": 4, "subdivisions": 3, "minHeight": -1, "maxHeight": 2,
         "passHeightBufferInCallback": True, "onReady": lambda m, buf: seen.append(list(buf))},
        scene,
    )  # fmt: skip
    assert isinstance(ground, GroundMesh)
    positions = ground.getVerticesData("position")
    assert positions is not None
    assert positions[:6] == pytest.approx([-3, -0.6509411764705882, 2, -1, 0.17988235294, 2])
    assert seen[0][:2] == [-0.6509411931037903, 0.17988234758377075]  # float32, as in Babylon


def test_ground_from_height_map_url_is_refused_as_network(scene: Scene) -> None:
    with pytest.raises(UnsupportedError) as caught:
        MeshBuilder.CreateGroundFromHeightMap("h", "textures/heightMap.png", {}, scene)
    assert caught.value.code == "LITE-COMPAT-023"
    assert caught.value.input_name == "url"


def test_ground_from_height_map_short_buffer_is_coded(scene: Scene) -> None:
    with pytest.raises(LiteError) as caught:
        MeshBuilder.CreateGroundFromHeightMap("h", {"data": b"\x00" * 7, "width": 2, "height": 2})
    assert caught.value.code == "LITE-COMPAT-181"


def test_missing_required_options_are_coded(scene: Scene) -> None:
    for build, key in (
        (lambda: MeshBuilder.CreateRibbon("r", {}, scene), "pathArray"),
        (lambda: MeshBuilder.CreateTube("t", {}, scene), "path"),
        (lambda: MeshBuilder.CreateLathe("l", {}, scene), "shape"),
        (lambda: MeshBuilder.ExtrudeShape("e", {"path": [Vector3()]}, scene), "shape"),
        (lambda: MeshBuilder.CreateLines("l", {}, scene), "points"),
        (lambda: MeshBuilder.CreatePolygon("p", {}, scene), "shape"),
    ):
        with pytest.raises(LiteError) as caught:
            build()
        assert caught.value.code == "LITE-COMPAT-180"
        assert caught.value.input_name == f"options.{key}"


def test_polygon_indices_match_babylon_with_earcut(scene: Scene) -> None:
    square = [Vector3(-1, 0, -1), Vector3(1, 0, -1), Vector3(1, 0, 1), Vector3(-1, 0, 1)]
    polygon = MeshBuilder.CreatePolygon("p", {"shape": square}, scene)
    assert polygon.getIndices() == [2, 3, 0, 0, 1, 2]
    hole = [Vector3(-0.5, 0, -0.5), Vector3(0.5, 0, -0.5), Vector3(0, 0, 0.5)]
    hole2 = [Vector3(0.6, 0, 0.6), Vector3(0.9, 0, 0.6), Vector3(0.9, 0, 0.9), Vector3(0.6, 0, 0.9)]
    holed = MeshBuilder.CreatePolygon("h", {"shape": square, "holes": [hole, hole2]}, scene)
    assert holed.getIndices()[:9] == [6, 7, 10, 5, 4, 0, 3, 0, 4]
    extruded = MeshBuilder.ExtrudePolygon("e", {"shape": square, "depth": 1}, scene)
    assert extruded.getTotalVertices() == 4 + 4 + 16


def test_earcut_square_with_hole() -> None:
    data = [0, 0, 10, 0, 10, 10, 0, 10, 3, 3, 7, 3, 7, 7, 3, 7]
    triangles = earcut(data, [4])
    assert len(triangles) == 8 * 3
    assert earcut([0, 0, 1, 0, 1, 1, 0, 1]) == [2, 3, 0, 0, 1, 2]


def test_decal_on_sphere_and_miss(scene: Scene) -> None:
    sphere = MeshBuilder.CreateSphere("s", {"segments": 4, "diameter": 2}, scene)
    sphere.position = Vector3(0.5, -0.25, 1)
    sphere.rotation = Vector3(0.2, 0.4, -0.1)
    sphere.scaling = Vector3(1.5, 1, 1)
    sphere.computeWorldMatrix(True)
    decal = MeshBuilder.CreateDecal(
        "d", sphere, {"position": Vector3(0.5, 0.75, 1), "normal": Vector3(0, 1, 0)}
    )
    assert decal.getTotalVertices() == 165
    positions = decal.getVerticesData("position")
    assert positions is not None
    assert positions[:3] == pytest.approx(
        [0.14319543540477753, -0.16893164813518502, 0.0248296856880188], abs=1e-7
    )
    miss = MeshBuilder.CreateDecal("m", sphere, {"position": Vector3(10, 10, 10)})
    assert miss.getTotalVertices() == 0
    assert (miss.rotation.x, miss.rotation.y) == pytest.approx((math.pi / 2, -math.pi / 2))


def test_decal_on_skinned_mesh_is_coded(scene: Scene) -> None:
    box = MeshBuilder.CreateBox("b", {}, scene)
    box.skeleton = object()  # type: ignore[assignment]
    with pytest.raises(LiteError) as caught:
        MeshBuilder.CreateDecal("d", box, {})
    assert caught.value.code == "LITE-COMPAT-182"
    assert isinstance(box, AbstractMesh) and isinstance(box, Mesh)


def test_geodesic_counts_and_first_vertex(scene: Scene) -> None:
    geodesic = MeshBuilder.CreateGeodesic("g", {}, scene)
    assert (geodesic.getTotalVertices(), sum(geodesic.getIndices())) == (60, 1770)
    positions = geodesic.getVerticesData("position")
    assert positions is not None
    assert positions[:3] == pytest.approx([-0.8506508083520398, 0.5257311121191336, 0], **TOL)
    smooth = MeshBuilder.CreateGeodesic("s", {"m": 2, "n": 1, "flat": False}, scene)
    assert (smooth.getTotalVertices(), len(smooth.getIndices())) == (72, 420)


def test_goldberg_data_and_related_faces(scene: Scene) -> None:
    goldberg = MeshBuilder.CreateGoldberg("g", {"m": 2, "n": 1, "size": 3}, scene)
    assert goldberg.getClassName() == "Mesh"  # Babylon.js does not override it
    assert (goldberg.getTotalVertices(), sum(goldberg.getIndices())) == (420, 175230)
    data = goldberg.goldbergData
    assert (data["nbSharedFaces"], data["nbUnsharedFaces"], data["nbFacesAtPole"]) == (0, 72, 5)
    related = [goldberg.relatedGoldbergFace(0), goldberg.relatedGoldbergFace(1000)]
    related += [goldberg.relatedGoldbergFace(2, 0), goldberg.relatedGoldbergFace(20, 50)]
    assert related == [72, 143, 22, 71]


_FONT = {
    "resolution": 1000,
    "boundingBox": {"yMin": -200, "yMax": 800},
    "underlineThickness": 50,
    "glyphs": {
        "O": {
            "ha": 700,
            "o": "m 0 0 l 0 700 l 600 700 l 600 0 m 150 150 l 450 150 l 450 550 l 150 550",
        },
        " ": {"ha": 250},
    },
}


def test_text_is_merged_centred_and_upright(scene: Scene) -> None:
    text = MeshBuilder.CreateText("t", "O", _FONT, {"size": 10, "resolution": 4, "depth": 2}, scene)
    assert text is not None
    assert (text.name, text.getTotalVertices(), len(text.getIndices())) == ("t", 96, 192)
    positions = text.getVerticesData("position")
    assert positions is not None
    xs, ys, zs = positions[0::3], positions[1::3], positions[2::3]
    assert (min(xs), max(xs)) == pytest.approx((-3, 3), abs=1e-6)
    assert (min(ys), max(ys)) == pytest.approx((0, 7), abs=1e-6)  # standing on y = 0
    assert (min(zs), max(zs)) == pytest.approx((-1, 1), abs=1e-6)  # the depth, centred
    assert [m.name for m in scene.meshes] == ["t"]  # the letters were disposed
    assert MeshBuilder.CreateText("s", "  ", _FONT, {}, scene) is None


def test_text_bad_input_is_coded(scene: Scene) -> None:
    for args in (("t", 3, _FONT), ("t", "O", {"glyphs": None})):
        with pytest.raises(LiteError) as caught:
            MeshBuilder.CreateText(*args)  # type: ignore[arg-type]
        assert caught.value.code == "LITE-COMPAT-183"


def test_legacy_mesh_builders_and_constants(scene: Scene) -> None:
    assert (Mesh.NO_CAP, Mesh.CAP_START, Mesh.CAP_END, Mesh.CAP_ALL) == (0, 1, 2, 3)  # type: ignore[attr-defined]
    assert (Mesh.FLIP_N_ROTATE_ROW, Mesh.CENTER, Mesh.BOTTOM) == (6, 0, 4)  # type: ignore[attr-defined]
    box = Mesh.CreateBox("b", 2, scene, False, Mesh.BACKSIDE)  # type: ignore[attr-defined]
    assert (box.getTotalVertices(), box._originalBuilderSideOrientation) == (24, 1)
    # The older cylinder form: the scene in the subdivisions slot (Babylon shifts the rest).
    old = Mesh.CreateCylinder("c", 3, 1, 2, 6, scene, False, Mesh.BACKSIDE)  # type: ignore[attr-defined]
    new = Mesh.CreateCylinder("d", 3, 1, 2, 6, 1, scene, False, Mesh.BACKSIDE)  # type: ignore[attr-defined]
    assert old.getIndices() == new.getIndices()
    assert old._originalBuilderSideOrientation == Mesh.BACKSIDE


def test_unreadable_options_are_coded_not_python_errors(scene: Scene) -> None:
    cases = (
        (
            lambda: MeshBuilder.CreateTorus("t", {"diameter": "big"}, scene),
            "MeshBuilder.CreateTorus",
        ),
        (lambda: MeshBuilder.CreateTube("t", {"path": [1, 2]}, scene), "MeshBuilder.CreateTube"),
        (lambda: MeshBuilder.CreateBox("b", {"size": "x"}, scene), "MeshBuilder.CreateBox"),
        (lambda: Mesh.CreateTorus("t", "x", 1, 2, scene), "Mesh.CreateTorus"),  # type: ignore[attr-defined]
    )
    for build, member in cases:
        with pytest.raises(LiteError) as caught:
            build()
        assert caught.value.code == "LITE-COMPAT-184"
        assert caught.value.message.startswith(member + ":")
