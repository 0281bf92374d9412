"""Issue 27 item 10: MeshBuilder count options are bounded from the arguments, before allocating.

Every shape whose work grows with a count option refuses a huge one with ``LITE-COMPAT-185``
naming the option, before a mesh or a vertex list exists (``tracemalloc`` peak under 256 KiB,
nothing added to the scene); normal arguments build as before (``python -m parity -k shapes``).
"""

from __future__ import annotations

import tracemalloc
from typing import Any

import pytest

import lite_compat as BABYLON  # noqa: N812
from lite.errors import LiteError
from lite_compat.meshes.builders.shapes_basic import CreateCylinderVertexData, CreateTorusVertexData
from lite_compat.meshes.builders.shapes_tiled import CreateTiledPlaneVertexData
from lite_compat.meshes.shape_budget import MAX_SHAPE_VERTICES, estimate_vertices
from lite_compat.meshes.vertex_data import CreateSphereVertexData

V = BABYLON.Vector3
PATH = [V(0, 0, 0), V(0, 1, 0), V(0, 2, 0)]
SHAPE = [V(1, 0, 0), V(1, 1, 0), V(0.5, 2, 0)]
FONT = {"glyphs": {}, "resolution": 1000, "boundingBox": {"yMin": 0, "yMax": 1}}

#: (builder, options, the option the refusal names)
HUGE: list[tuple[str, dict[str, Any], str]] = [
    ("CreateSphere", {"segments": 1e9}, "segments"),
    ("CreateGround", {"subdivisions": 1e9}, "subdivisionsX"),
    ("CreateGround", {"subdivisionsX": 2, "subdivisionsY": 1e7}, "subdivisionsY"),
    ("CreateCylinder", {"tessellation": 1e9}, "tessellation"),
    ("CreateCylinder", {"subdivisions": 1e9}, "subdivisions"),
    ("CreateDisc", {"tessellation": 1e9}, "tessellation"),
    ("CreateTorus", {"tessellation": 1e9}, "tessellation"),
    ("CreateTorusKnot", {"radialSegments": 1e9}, "radialSegments"),
    ("CreateTorusKnot", {"tubularSegments": 1e9}, "tubularSegments"),
    ("CreateIcoSphere", {"subdivisions": 1e9}, "subdivisions"),
    ("CreateCapsule", {"tessellation": 1e9}, "tessellation"),
    ("CreateCapsule", {"subdivisions": 1e9}, "subdivisions"),
    ("CreateCapsule", {"capSubdivisions": 1e9}, "capSubdivisions"),
    ("CreateGeodesic", {"m": 1e9}, "m"),
    ("CreateGoldberg", {"m": 1e6, "n": 1e6}, "m"),
    ("CreateTiledPlane", {"tileSize": 1e-9}, "tileSize"),
    ("CreateTiledPlane", {"tileHeight": 1e-9}, "tileHeight"),
    ("CreateTiledBox", {"tileSize": 1e-9}, "tileSize"),
    ("CreateTiledGround", {"subdivisions": {"w": 1e9, "h": 1e9}}, "subdivisions"),
    ("CreateTiledGround", {"precision": {"w": 1e9, "h": 1e9}}, "precision"),
    ("CreateDashedLines", {"points": PATH, "dashNb": 1e9}, "dashNb"),
    ("CreateTube", {"path": PATH, "tessellation": 1e9}, "tessellation"),
    ("CreateLathe", {"shape": SHAPE, "tessellation": 1e9}, "tessellation"),
    ("CreateSphere", {"segments": float("inf")}, "segments"),
    ("CreateDisc", {"tessellation": 1e300}, "tessellation"),
]


def _call(builder: str, options: dict[str, Any], scene: Any) -> Any:
    if builder == "CreateGroundFromHeightMap":
        return BABYLON.MeshBuilder.CreateGroundFromHeightMap("m", "", options, scene)
    return getattr(BABYLON.MeshBuilder, builder)("m", options, scene)


@pytest.mark.parametrize(
    ("builder", "options", "option"), HUGE, ids=[f"{b}-{o}" for b, _, o in HUGE]
)
def test_huge_count_refused_before_allocating(
    builder: str, options: dict[str, Any], option: str
) -> None:
    scene = BABYLON.Scene(BABYLON.NullEngine())
    tracemalloc.start()
    try:
        with pytest.raises(LiteError) as exc:
            _call(builder, options, scene)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert exc.value.code == "LITE-COMPAT-185"
    assert exc.value.input_name == f"options.{option}"
    assert peak < 256 * 1024
    assert scene.meshes == []


def test_height_map_and_text_and_extrusion_refused() -> None:
    scene = BABYLON.Scene(BABYLON.NullEngine())
    cases: list[tuple[Any, str]] = [
        (
            lambda: BABYLON.MeshBuilder.CreateGroundFromHeightMap(
                "m", {"data": [0] * 16, "width": 4, "height": 4}, {"subdivisions": 1e9}, scene
            ),
            "options.subdivisions",
        ),
        (
            lambda: BABYLON.MeshBuilder.CreateText("t", "hi", FONT, {"resolution": 1e9}, scene),
            "options.resolution",
        ),
        (
            lambda: BABYLON.MeshBuilder.ExtrudeShape(
                "e", {"shape": SHAPE * 1000, "path": PATH * 1000}, scene
            ),
            "options.path",
        ),
    ]
    for call, name in cases:
        with pytest.raises(LiteError) as exc:
            call()
        assert exc.value.code == "LITE-COMPAT-185" and exc.value.input_name == name
    assert scene.meshes == []


def test_vertex_data_functions_bounded_too() -> None:
    for function, options in (
        (CreateSphereVertexData, {"segments": 1e9}),
        (CreateCylinderVertexData, {"tessellation": 1e9}),
        (CreateTorusVertexData, {"tessellation": 1e9}),
        (CreateTiledPlaneVertexData, {"tileSize": 1e-9}),
    ):
        with pytest.raises(LiteError) as exc:
            function(options)
        assert exc.value.code == "LITE-COMPAT-185"


@pytest.mark.parametrize(
    ("builder", "options"),
    [
        ("CreateSphere", {"segments": 32}),
        ("CreateSphere", {"segments": 200}),
        ("CreateCylinder", {"tessellation": 64, "subdivisions": 4}),
        ("CreateTorus", {"tessellation": 64}),
        ("CreateTorusKnot", {}),
        ("CreateIcoSphere", {"subdivisions": 8}),
        ("CreateCapsule", {}),
        ("CreateGeodesic", {"m": 4, "n": 2}),
        ("CreateTiledPlane", {"tileSize": 0.1}),
        ("CreateTiledBox", {"tileSize": 0.25}),
        ("CreateTiledGround", {"subdivisions": {"w": 8, "h": 8}, "precision": {"w": 2, "h": 2}}),
        ("CreateDashedLines", {"points": PATH, "dashNb": 500}),
        ("CreateTube", {"path": PATH}),
        ("CreateLathe", {"shape": SHAPE}),
    ],
)
def test_estimates_are_upper_bounds(builder: str, options: dict[str, Any]) -> None:
    # The estimate is never below what the builder really builds (a bound, not a guess).
    mesh = _call(builder, options, BABYLON.Scene(BABYLON.NullEngine()))
    estimate = estimate_vertices(builder, options)
    assert estimate is not None
    assert mesh.getTotalVertices() <= estimate[1] <= MAX_SHAPE_VERTICES
