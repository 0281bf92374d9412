"""Babylon.js ``MeshBuilder``: every shape of Babylon.js 9.31, with Babylon's vertex data.

Port of ``@babylonjs/core`` 9.31 ``Meshes/Builders/*``. Boxes, spheres, planes and grounds
are built here; the other shapes live in the ``shapes_*`` modules and this class is their
table: cylinders/discs/tori/knots (:mod:`~lite_compat.meshes.builders.shapes_basic`), ribbons,
tubes,
lathes and extrusions (:mod:`~lite_compat.meshes.builders.shapes_ribbon`), lines
(:mod:`~lite_compat.meshes.builders.shapes_lines`), ico-spheres, polyhedra and capsules
(:mod:`~lite_compat.meshes.builders.shapes_solid`), geodesics and Goldberg polyhedra
(:mod:`~lite_compat.meshes.builders.shapes_geodesic`), tiled shapes and height maps
(:mod:`~lite_compat.meshes.builders.shapes_tiled`), polygons
(:mod:`~lite_compat.meshes.builders.shapes_polygon`)
decals (:mod:`~lite_compat.meshes.builders.shapes_decal`) and text
(:mod:`~lite_compat.meshes.builders.shapes_text`). Options are Babylon's object literals as
dicts (``{"size": 2}``) and are read with JavaScript's rules (``options.width || options.size
|| 1`` treats 0 as missing; ``segments | 0`` truncates), so positions, normals, uvs, colors and
indices equal Babylon's, value for value and in the same order. The sphere goes through float32
rotation matrices exactly as Babylon.js does.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ParamSpec, TypeVar

from lite_compat._js import truthy
from lite_compat.math import Vector3
from lite_compat.meshes.builders.shapes_basic import (
    CreateCylinder,
    CreateDisc,
    CreateTorus,
    CreateTorusKnot,
)
from lite_compat.meshes.builders.shapes_common import guarded
from lite_compat.meshes.builders.shapes_decal import CreateDecal
from lite_compat.meshes.builders.shapes_geodesic import CreateGeodesic, CreateGoldberg
from lite_compat.meshes.builders.shapes_lines import (
    CreateDashedLines,
    CreateLines,
    CreateLineSystem,
)
from lite_compat.meshes.builders.shapes_polygon import CreatePolygon, ExtrudePolygon
from lite_compat.meshes.builders.shapes_ribbon import (
    CreateLathe,
    CreateRibbon,
    CreateTube,
    ExtrudeShape,
    ExtrudeShapeCustom,
)
from lite_compat.meshes.builders.shapes_solid import (
    CreateCapsule,
    CreateIcoSphere,
    CreatePolyhedron,
)
from lite_compat.meshes.builders.shapes_text import CreateText
from lite_compat.meshes.builders.shapes_tiled import (
    CreateGroundFromHeightMap,
    CreateTiledBox,
    CreateTiledGround,
    CreateTiledPlane,
)
from lite_compat.meshes.ground_mesh import GroundMesh
from lite_compat.meshes.mesh import Mesh
from lite_compat.meshes.shape_budget import bounded
from lite_compat.meshes.vertex_data import (
    CreateBoxVertexData,
    CreateGroundVertexData,
    CreatePlaneVertexData,
    CreateSphereVertexData,
    _get,
    _js_or,
)

__all__ = [
    "CreateBox",
    "CreateBoxVertexData",
    "CreateGround",
    "CreateGroundVertexData",
    "CreatePlane",
    "CreatePlaneVertexData",
    "CreateSphere",
    "CreateSphereVertexData",
    "MeshBuilder",
]

_Options = Mapping[str, object] | None


def _with_side_orientation(options: _Options) -> dict[str, object]:
    """Copy of ``options`` with ``sideOrientation`` defaulted as the ``Create*`` functions do
    (Babylon.js writes it into the caller's object; we leave the caller's dict untouched)."""
    merged = dict(options or {})
    value = merged.get("sideOrientation")
    merged["sideOrientation"] = Mesh._GetDefaultSideOrientation(
        int(value) if truthy(value) else None  # type: ignore[call-overload]
    )
    return merged


# --------------------------------------------------------------------------------------------
# Mesh builders
# --------------------------------------------------------------------------------------------


def CreateBox(name: str, options: _Options = None, scene: object | None = None) -> Mesh:
    """A box mesh (``MeshBuilder.CreateBox``); see :func:`CreateBoxVertexData` for options."""
    box = Mesh(name, scene)
    opts = _with_side_orientation(options)
    box._originalBuilderSideOrientation = int(opts["sideOrientation"])  # type: ignore[call-overload]
    CreateBoxVertexData(opts).applyToMesh(box, truthy(opts.get("updatable")))
    return box


@bounded("CreateSphere", 1)
def CreateSphere(name: str, options: _Options = None, scene: object | None = None) -> Mesh:
    """A sphere mesh (``MeshBuilder.CreateSphere``); see :func:`CreateSphereVertexData`."""
    sphere = Mesh(name, scene)
    opts = _with_side_orientation(options)
    sphere._originalBuilderSideOrientation = int(opts["sideOrientation"])  # type: ignore[call-overload]
    CreateSphereVertexData(opts).applyToMesh(sphere, truthy(opts.get("updatable")))
    return sphere


def CreatePlane(name: str, options: _Options = None, scene: object | None = None) -> Mesh:
    """A plane mesh (``MeshBuilder.CreatePlane``); see :func:`CreatePlaneVertexData`.

    ``options["sourcePlane"]`` (an object with ``normal`` and ``d``) moves and orients the
    plane onto it, as in Babylon.js.
    """
    plane = Mesh(name, scene)
    opts = _with_side_orientation(options)
    plane._originalBuilderSideOrientation = int(opts["sideOrientation"])  # type: ignore[call-overload]
    CreatePlaneVertexData(opts).applyToMesh(plane, truthy(opts.get("updatable")))
    source_plane = opts.get("sourcePlane")
    if source_plane is not None:
        normal: Vector3 = getattr(source_plane, "normal")  # noqa: B009
        d = float(getattr(source_plane, "d"))  # noqa: B009
        plane.translate(normal, -d)
        plane.setDirection(normal.scale(-1))
    return plane


@bounded("CreateGround", 1)
def CreateGround(name: str, options: _Options = None, scene: object | None = None) -> GroundMesh:
    """A ground mesh (``MeshBuilder.CreateGround``); see :func:`CreateGroundVertexData`."""
    ground = GroundMesh(name, scene)
    ground._setReady(False)
    ground._subdivisionsX = int(_js_or(options, ("subdivisionsX", "subdivisions"), 1))
    ground._subdivisionsY = int(_js_or(options, ("subdivisionsY", "subdivisions"), 1))
    # Babylon reads width/height here without the ``size`` fallback the vertex data uses.
    ground._width = _js_or(options, ("width",), 1)
    ground._height = _js_or(options, ("height",), 1)
    ground._maxX = ground._width / 2
    ground._maxZ = ground._height / 2
    ground._minX = -ground._maxX
    ground._minZ = -ground._maxZ
    CreateGroundVertexData(options).applyToMesh(ground, truthy(_get(options, "updatable")))
    ground._setReady(True)
    return ground


_P = ParamSpec("_P")
_R = TypeVar("_R")


def _static(name: str, function: Callable[_P, _R]) -> staticmethod[_P, _R]:
    """A ``MeshBuilder`` static whose Python errors become coded ``LITE-COMPAT-184`` ones.

    Typed as the wrapped function, so ``MeshBuilder.CreateBox(...)`` is a ``Mesh`` and
    ``MeshBuilder.CreateLines(...)`` a ``LinesMesh`` for type checkers.
    """
    return staticmethod(guarded(f"MeshBuilder.{name}", function))


class MeshBuilder:
    """Babylon.js ``MeshBuilder``: one static function per shape, as in Babylon.js.

    Examples
    --------
    >>> box = MeshBuilder.CreateBox("box", {"size": 2})
    >>> box.getTotalVertices(), len(box.getIndices())
    (24, 36)
    >>> box.getVerticesData("position")[:3]
    [1.0, -1.0, 1.0]
    """

    CreateBox = _static("CreateBox", CreateBox)
    CreateSphere = _static("CreateSphere", CreateSphere)
    CreatePlane = _static("CreatePlane", CreatePlane)
    CreateGround = _static("CreateGround", CreateGround)
    CreateCylinder = _static("CreateCylinder", CreateCylinder)
    CreateDisc = _static("CreateDisc", CreateDisc)
    CreateTorus = _static("CreateTorus", CreateTorus)
    CreateTorusKnot = _static("CreateTorusKnot", CreateTorusKnot)
    CreateLines = _static("CreateLines", CreateLines)
    CreateLineSystem = _static("CreateLineSystem", CreateLineSystem)
    CreateDashedLines = _static("CreateDashedLines", CreateDashedLines)
    CreateRibbon = _static("CreateRibbon", CreateRibbon)
    CreateTube = _static("CreateTube", CreateTube)
    CreateLathe = _static("CreateLathe", CreateLathe)
    ExtrudeShape = _static("ExtrudeShape", ExtrudeShape)
    ExtrudeShapeCustom = _static("ExtrudeShapeCustom", ExtrudeShapeCustom)
    CreateIcoSphere = _static("CreateIcoSphere", CreateIcoSphere)
    CreatePolyhedron = _static("CreatePolyhedron", CreatePolyhedron)
    CreateCapsule = _static("CreateCapsule", CreateCapsule)
    CreateTiledPlane = _static("CreateTiledPlane", CreateTiledPlane)
    CreateTiledBox = _static("CreateTiledBox", CreateTiledBox)
    CreateTiledGround = _static("CreateTiledGround", CreateTiledGround)
    CreateGroundFromHeightMap = staticmethod(
        guarded("CreateGroundFromHeightMap", CreateGroundFromHeightMap)
    )
    CreatePolygon = _static("CreatePolygon", CreatePolygon)
    ExtrudePolygon = _static("ExtrudePolygon", ExtrudePolygon)
    CreateDecal = _static("CreateDecal", CreateDecal)
    CreateGeodesic = _static("CreateGeodesic", CreateGeodesic)
    CreateGoldberg = _static("CreateGoldberg", CreateGoldberg)
    CreateText = _static("CreateText", CreateText)
