"""Babylon's legacy ``Mesh.Create*`` positional builders and the ``Mesh`` shape constants.

Babylon.js 9.31's builder modules register ``Mesh.CreateBox(name, size, scene, updatable,
sideOrientation)`` and its siblings on ``Mesh`` as a side effect (``Register*Builder`` in
``Meshes/Builders/*.pure.js``): positional forms that build the options object and call the
``MeshBuilder`` function. They and the ``Mesh.NO_CAP``/``CAP_*``, tile-pattern and alignment
constants are collected in :class:`MeshLegacyBuilders`; :func:`register_legacy_builders` puts
them on ``Mesh`` the same way (``lite_compat.nodes.mesh_builder`` calls it on import), leaving
any member ``Mesh`` already defines as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from lite_compat.nodes.shapes_basic import CreateCylinder, CreateDisc, CreateTorus, CreateTorusKnot
from lite_compat.nodes.shapes_common import guarded
from lite_compat.nodes.shapes_decal import CreateDecal
from lite_compat.nodes.shapes_lines import CreateDashedLines, CreateLines
from lite_compat.nodes.shapes_polygon import CreatePolygon, ExtrudePolygon
from lite_compat.nodes.shapes_ribbon import (
    CreateLathe,
    CreateRibbon,
    CreateTube,
    ExtrudeShape,
    ExtrudeShapeCustom,
)
from lite_compat.nodes.shapes_solid import CreateCapsule, CreateIcoSphere, CreatePolyhedron
from lite_compat.nodes.shapes_tiled import CreateGroundFromHeightMap, CreateTiledGround

__all__ = ["MeshLegacyBuilders", "register_legacy_builders"]


def _is_scene(value: object) -> bool:
    """``value instanceof Scene`` without importing the scene layer (a scene has meshes and
    a render id)."""
    return hasattr(value, "getRenderId") and hasattr(value, "meshes")


def _cap(cap: object) -> object:
    """``cap === 0 ? 0 : cap || Mesh.NO_CAP``."""
    return 0 if cap == 0 and cap is not False else (cap or 0)


class MeshLegacyBuilders:
    """``Mesh``'s shape constants and legacy positional ``Mesh.Create*`` builders."""

    NO_CAP: ClassVar[int] = 0
    CAP_START: ClassVar[int] = 1
    CAP_END: ClassVar[int] = 2
    CAP_ALL: ClassVar[int] = 3
    NO_FLIP: ClassVar[int] = 0
    FLIP_TILE: ClassVar[int] = 1
    ROTATE_TILE: ClassVar[int] = 2
    FLIP_ROW: ClassVar[int] = 3
    ROTATE_ROW: ClassVar[int] = 4
    FLIP_N_ROTATE_TILE: ClassVar[int] = 5
    FLIP_N_ROTATE_ROW: ClassVar[int] = 6
    CENTER: ClassVar[int] = 0
    LEFT: ClassVar[int] = 1
    RIGHT: ClassVar[int] = 2
    TOP: ClassVar[int] = 3
    BOTTOM: ClassVar[int] = 4

    @staticmethod
    def CreateCapsule(name: str, options: Any = None, scene: object | None = None) -> Any:
        """``Mesh.CreateCapsule(name, options, scene)``."""
        return CreateCapsule(name, options, scene)

    @staticmethod
    def CreateCylinder(
        name: str,
        height: float,
        diameterTop: float,
        diameterBottom: float,
        tessellation: float,
        subdivisions: Any = None,
        scene: Any = None,
        updatable: Any = None,
        sideOrientation: Any = None,
    ) -> Any:
        """``Mesh.CreateCylinder(name, height, diameterTop, diameterBottom, tessellation,
        subdivisions, scene, updatable, sideOrientation)``; the older form without
        ``subdivisions`` (the scene in its place) is recognised as in Babylon.js."""
        if scene is None or not _is_scene(scene):
            if scene is not None:
                sideOrientation = updatable or 0
                updatable = scene
            scene = subdivisions
            subdivisions = 1
        return CreateCylinder(
            name,
            {
                "height": height, "diameterTop": diameterTop, "diameterBottom": diameterBottom,
                "tessellation": tessellation, "subdivisions": subdivisions,
                "sideOrientation": sideOrientation, "updatable": updatable,
            },
            scene,
        )  # fmt: skip

    @staticmethod
    def CreateDecal(
        name: str,
        sourceMesh: Any,
        position: Any = None,
        normal: Any = None,
        size: Any = None,
        angle: float | None = None,
    ) -> Any:
        """``Mesh.CreateDecal(name, sourceMesh, position, normal, size, angle)``."""
        options = {"position": position, "normal": normal, "size": size, "angle": angle}
        return CreateDecal(name, sourceMesh, options)

    @staticmethod
    def CreateDisc(
        name: str,
        radius: float,
        tessellation: float,
        scene: object | None = None,
        updatable: Any = None,
        sideOrientation: Any = None,
    ) -> Any:
        """``Mesh.CreateDisc(name, radius, tessellation, scene, updatable, sideOrientation)``."""
        options = {"radius": radius, "tessellation": tessellation,
                   "sideOrientation": sideOrientation, "updatable": updatable}  # fmt: skip
        return CreateDisc(name, options, scene)

    @staticmethod
    def CreateTiledGround(
        name: str,
        xmin: float,
        zmin: float,
        xmax: float,
        zmax: float,
        subdivisions: Any = None,
        precision: Any = None,
        scene: object | None = None,
        updatable: Any = None,
    ) -> Any:
        """``Mesh.CreateTiledGround(name, xmin, zmin, xmax, zmax, subdivisions, precision,
        scene, updatable)``."""
        options = {"xmin": xmin, "zmin": zmin, "xmax": xmax, "zmax": zmax,
                   "subdivisions": subdivisions, "precision": precision,
                   "updatable": updatable}  # fmt: skip
        return CreateTiledGround(name, options, scene)

    @staticmethod
    def CreateGroundFromHeightMap(
        name: str,
        url: object,
        width: float,
        height: float,
        subdivisions: float,
        minHeight: float,
        maxHeight: float,
        scene: object | None = None,
        updatable: Any = None,
        onReady: Callable[..., object] | None = None,
        alphaFilter: float | None = None,
    ) -> Any:
        """``Mesh.CreateGroundFromHeightMap(name, url, width, height, subdivisions, minHeight,
        maxHeight, scene, updatable, onReady, alphaFilter)`` (a buffer, not a URL)."""
        options = {"width": width, "height": height, "subdivisions": subdivisions,
                   "minHeight": minHeight, "maxHeight": maxHeight, "updatable": updatable,
                   "onReady": onReady, "alphaFilter": alphaFilter}  # fmt: skip
        return CreateGroundFromHeightMap(name, url, options, scene)

    @staticmethod
    def CreateIcoSphere(name: str, options: Any = None, scene: object | None = None) -> Any:
        """``Mesh.CreateIcoSphere(name, options, scene)``."""
        return CreateIcoSphere(name, options, scene)

    @staticmethod
    def CreateLathe(
        name: str,
        shape: Sequence[Any],
        radius: float,
        tessellation: float,
        scene: object | None = None,
        updatable: Any = None,
        sideOrientation: Any = None,
    ) -> Any:
        """``Mesh.CreateLathe(name, shape, radius, tessellation, scene, updatable,
        sideOrientation)``."""
        options = {"shape": shape, "radius": radius, "tessellation": tessellation,
                   "sideOrientation": sideOrientation, "updatable": updatable}  # fmt: skip
        return CreateLathe(name, options, scene)

    @staticmethod
    def CreateLines(
        name: str,
        points: Sequence[Any],
        scene: object | None = None,
        updatable: bool = False,
        instance: Any = None,
    ) -> Any:
        """``Mesh.CreateLines(name, points, scene, updatable, instance)``."""
        options = {"points": points, "updatable": updatable, "instance": instance}
        return CreateLines(name, options, scene)

    @staticmethod
    def CreateDashedLines(
        name: str,
        points: Sequence[Any],
        dashSize: float,
        gapSize: float,
        dashNb: float,
        scene: object | None = None,
        updatable: Any = None,
        instance: Any = None,
    ) -> Any:
        """``Mesh.CreateDashedLines(name, points, dashSize, gapSize, dashNb, scene, updatable,
        instance)``."""
        options = {"points": points, "dashSize": dashSize, "gapSize": gapSize,
                   "dashNb": dashNb, "updatable": updatable, "instance": instance}  # fmt: skip
        return CreateDashedLines(name, options, scene)

    @staticmethod
    def CreatePolygon(
        name: str,
        shape: Sequence[Any],
        scene: object | None = None,
        holes: Any = None,
        updatable: Any = None,
        sideOrientation: Any = None,
        earcutInjection: Any = None,
    ) -> Any:
        """``Mesh.CreatePolygon(name, shape, scene, holes, updatable, sideOrientation,
        earcutInjection)``."""
        options = {"shape": shape, "holes": holes, "updatable": updatable,
                   "sideOrientation": sideOrientation}  # fmt: skip
        return CreatePolygon(name, options, scene, earcutInjection)

    @staticmethod
    def ExtrudePolygon(
        name: str,
        shape: Sequence[Any],
        depth: float,
        scene: object | None = None,
        holes: Any = None,
        updatable: Any = None,
        sideOrientation: Any = None,
        earcutInjection: Any = None,
    ) -> Any:
        """``Mesh.ExtrudePolygon(name, shape, depth, scene, holes, updatable, sideOrientation,
        earcutInjection)``."""
        options = {"shape": shape, "holes": holes, "depth": depth, "updatable": updatable,
                   "sideOrientation": sideOrientation}  # fmt: skip
        return ExtrudePolygon(name, options, scene, earcutInjection)

    @staticmethod
    def CreatePolyhedron(name: str, options: Any = None, scene: object | None = None) -> Any:
        """``Mesh.CreatePolyhedron(name, options, scene)``."""
        return CreatePolyhedron(name, options, scene)

    @staticmethod
    def CreateRibbon(
        name: str,
        pathArray: Sequence[Any],
        closeArray: bool = False,
        closePath: Any = None,
        offset: Any = None,
        scene: object | None = None,
        updatable: bool = False,
        sideOrientation: Any = None,
        instance: Any = None,
    ) -> Any:
        """``Mesh.CreateRibbon(name, pathArray, closeArray, closePath, offset, scene, updatable,
        sideOrientation, instance)``."""
        options = {"pathArray": pathArray, "closeArray": closeArray, "closePath": closePath,
                   "offset": offset, "updatable": updatable,
                   "sideOrientation": sideOrientation, "instance": instance}  # fmt: skip
        return CreateRibbon(name, options, scene)

    @staticmethod
    def CreateTorus(
        name: str,
        diameter: float,
        thickness: float,
        tessellation: float,
        scene: object | None = None,
        updatable: Any = None,
        sideOrientation: Any = None,
    ) -> Any:
        """``Mesh.CreateTorus(name, diameter, thickness, tessellation, scene, updatable,
        sideOrientation)``."""
        options = {"diameter": diameter, "thickness": thickness, "tessellation": tessellation,
                   "sideOrientation": sideOrientation, "updatable": updatable}  # fmt: skip
        return CreateTorus(name, options, scene)

    @staticmethod
    def CreateTorusKnot(
        name: str,
        radius: float,
        tube: float,
        radialSegments: float,
        tubularSegments: float,
        p: float,
        q: float,
        scene: object | None = None,
        updatable: Any = None,
        sideOrientation: Any = None,
    ) -> Any:
        """``Mesh.CreateTorusKnot(name, radius, tube, radialSegments, tubularSegments, p, q,
        scene, updatable, sideOrientation)``."""
        options = {"radius": radius, "tube": tube, "radialSegments": radialSegments,
                   "tubularSegments": tubularSegments, "p": p, "q": q,
                   "sideOrientation": sideOrientation, "updatable": updatable}  # fmt: skip
        return CreateTorusKnot(name, options, scene)

    @staticmethod
    def CreateTube(
        name: str,
        path: Sequence[Any],
        radius: float,
        tessellation: float,
        radiusFunction: Any = None,
        cap: Any = None,
        scene: object | None = None,
        updatable: Any = None,
        sideOrientation: Any = None,
        instance: Any = None,
    ) -> Any:
        """``Mesh.CreateTube(name, path, radius, tessellation, radiusFunction, cap, scene,
        updatable, sideOrientation, instance)``."""
        options = {"path": path, "radius": radius, "tessellation": tessellation,
                   "radiusFunction": radiusFunction, "arc": 1, "cap": cap,
                   "updatable": updatable, "sideOrientation": sideOrientation,
                   "instance": instance}  # fmt: skip
        return CreateTube(name, options, scene)

    @staticmethod
    def ExtrudeShape(
        name: str,
        shape: Sequence[Any],
        path: Sequence[Any],
        scale: float,
        rotation: float,
        cap: Any = None,
        scene: object | None = None,
        updatable: Any = None,
        sideOrientation: Any = None,
        instance: Any = None,
    ) -> Any:
        """``Mesh.ExtrudeShape(name, shape, path, scale, rotation, cap, scene, updatable,
        sideOrientation, instance)``."""
        options = {"shape": shape, "path": path, "scale": scale, "rotation": rotation,
                   "cap": _cap(cap), "sideOrientation": sideOrientation,
                   "instance": instance, "updatable": updatable}  # fmt: skip
        return ExtrudeShape(name, options, scene)

    @staticmethod
    def ExtrudeShapeCustom(
        name: str,
        shape: Sequence[Any],
        path: Sequence[Any],
        scaleFunction: Any = None,
        rotationFunction: Any = None,
        ribbonCloseArray: Any = None,
        ribbonClosePath: Any = None,
        cap: Any = None,
        scene: object | None = None,
        updatable: Any = None,
        sideOrientation: Any = None,
        instance: Any = None,
    ) -> Any:
        """``Mesh.ExtrudeShapeCustom(name, shape, path, scaleFunction, rotationFunction,
        ribbonCloseArray, ribbonClosePath, cap, scene, updatable, sideOrientation, instance)``."""
        options = {"shape": shape, "path": path, "scaleFunction": scaleFunction,
                   "rotationFunction": rotationFunction, "ribbonCloseArray": ribbonCloseArray,
                   "ribbonClosePath": ribbonClosePath, "cap": _cap(cap),
                   "sideOrientation": sideOrientation, "instance": instance,
                   "updatable": updatable}  # fmt: skip
        return ExtrudeShapeCustom(name, options, scene)


def register_legacy_builders(mesh_class: type, core: dict[str, Callable[..., Any]]) -> None:
    """Put the members of :class:`MeshLegacyBuilders` on ``mesh_class`` (Babylon's
    ``Register*Builder``), plus the legacy box/sphere/plane/ground forms built on ``core``
    (``{"box": CreateBox, "sphere": ..., "plane": ..., "ground": ...}``); members the class
    already has are kept."""
    box, sphere, plane, ground = core["box"], core["sphere"], core["plane"], core["ground"]

    def create_box(
        name: str, size: float, scene: object | None = None, updatable: Any = None,
        sideOrientation: Any = None,
    ) -> Any:  # fmt: skip
        """``Mesh.CreateBox(name, size, scene, updatable, sideOrientation)``."""
        return box(name, {"size": size, "sideOrientation": sideOrientation,
                          "updatable": updatable}, scene)  # fmt: skip

    def create_sphere(
        name: str, segments: float, diameter: float, scene: object | None = None,
        updatable: Any = None, sideOrientation: Any = None,
    ) -> Any:  # fmt: skip
        """``Mesh.CreateSphere(name, segments, diameter, scene, updatable, sideOrientation)``."""
        options = {"segments": segments, "diameterX": diameter, "diameterY": diameter,
                   "diameterZ": diameter, "sideOrientation": sideOrientation,
                   "updatable": updatable}  # fmt: skip
        return sphere(name, options, scene)

    def create_plane(
        name: str, size: float, scene: object | None = None, updatable: Any = None,
        sideOrientation: Any = None,
    ) -> Any:  # fmt: skip
        """``Mesh.CreatePlane(name, size, scene, updatable, sideOrientation)``."""
        options = {"size": size, "width": size, "height": size,
                   "sideOrientation": sideOrientation, "updatable": updatable}  # fmt: skip
        return plane(name, options, scene)

    def create_ground(
        name: str, width: float, height: float, subdivisions: float,
        scene: object | None = None, updatable: Any = None,
    ) -> Any:  # fmt: skip
        """``Mesh.CreateGround(name, width, height, subdivisions, scene, updatable)``."""
        options = {"width": width, "height": height, "subdivisions": subdivisions,
                   "updatable": updatable}  # fmt: skip
        return ground(name, options, scene)

    members: dict[str, Any] = {
        "CreateBox": staticmethod(create_box),
        "CreateSphere": staticmethod(create_sphere),
        "CreatePlane": staticmethod(create_plane),
        "CreateGround": staticmethod(create_ground),
    }
    for key, value in vars(MeshLegacyBuilders).items():
        if not key.startswith("_"):
            members[key] = value
    for key, value in members.items():
        if isinstance(value, staticmethod):
            value = staticmethod(guarded(f"Mesh.{key}", value.__func__))
        if key not in vars(mesh_class) and not hasattr(mesh_class, key):
            setattr(mesh_class, key, value)
