"""Babylon.js's positional ``Mesh.CreateBox(name, size, scene, ...)`` shape statics.

Port of the ``Mesh.Create*`` assignments of ``@babylonjs/core`` 9.31
``Meshes/Builders/*Builder.pure.js`` (the deprecated positional forms): each one packs its
positional arguments into the options object the matching ``MeshBuilder.Create*`` takes,
exactly as Babylon.js does, and calls it. The builders are found through
``MeshCreateStatics._MeshBuilder`` (``lite_compat`` sets it to
:class:`~lite_compat.meshes.builders.mesh_builder.MeshBuilder`), so this module does not import the
builder module that imports the mesh classes.
``Mesh.ExtendToGoldberg`` throws in Babylon.js 9.31 ("Import MeshBuilder to populate this
function") and raises here too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from lite.errors import LiteError

__all__ = ["MeshCreateStatics"]

#: ``VertexData.DEFAULTSIDE`` (Mesh.DEFAULTSIDE).
_DEFAULTSIDE = 0


class MeshCreateError(LiteError):
    """A positional ``Mesh.Create*`` static that cannot run (``LITE-COMPAT-105``)."""


def _build(
    shape: str, name: str, options: Mapping[str, object], scene: object, *extra: object
) -> Any:
    builder = MeshCreateStatics._MeshBuilder
    create = getattr(builder, shape, None)
    if not callable(create):
        raise MeshCreateError(
            "LITE-COMPAT-105",
            f"Mesh.{shape}: MeshBuilder.{shape} is not available in lite_compat",
            hint="build the shape with one that is (MeshBuilder.CreateBox, CreateSphere ...)",
            input_name=f"Mesh.{shape}",
        )
    try:
        if shape == "CreateDecal":
            return create(name, extra[0], options)
        if extra:
            return create(name, options, scene, *extra)
        return create(name, options, scene)
    except LiteError as exc:
        if exc.code != "LITE-COMPAT-184":
            raise
        # Name the member the script called (the positional form), not the one it forwards to.
        raise LiteError(
            exc.code,
            f"Mesh.{shape}: " + exc.message.split(": ", 1)[-1],
            hint=exc.hint,
            input_name=f"Mesh.{shape}",
        ) from exc


def _is_scene(value: object) -> bool:
    return (
        value is not None
        and callable(getattr(value, "getEngine", None))
        and hasattr(value, "meshes")
    )


class MeshCreateStatics:
    """The positional ``Mesh.Create*`` statics (see the module docstring)."""

    #: ``MeshBuilder`` (set by :mod:`lite_compat`).
    _MeshBuilder: ClassVar[object] = None

    @staticmethod
    def CreateBox(
        name: str,
        size: float | None = None,
        scene: object = None,
        updatable: bool | None = None,
        sideOrientation: int | None = None,
    ) -> Any:
        """``MeshBuilder.CreateBox(name, {size, sideOrientation, updatable}, scene)``."""
        options = {"size": size, "sideOrientation": sideOrientation, "updatable": updatable}
        return _build("CreateBox", name, options, scene)

    @staticmethod
    def CreateCapsule(
        name: str, options: dict[str, object] | None = None, scene: object = None
    ) -> Any:
        """``MeshBuilder.CreateCapsule(name, options, scene)``."""
        return _build("CreateCapsule", name, dict(options or {}), scene)

    @staticmethod
    def CreateCylinder(
        name: str,
        height: float | None = None,
        diameterTop: float | None = None,
        diameterBottom: float | None = None,
        tessellation: int | None = None,
        subdivisions: Any = None,
        scene: Any = None,
        updatable: Any = None,
        sideOrientation: int | None = None,
    ) -> Any:
        """``MeshBuilder.CreateCylinder`` (the old form without ``subdivisions`` shifts the
        arguments, as Babylon.js does)."""
        if not _is_scene(scene):
            if scene is not None:
                sideOrientation = updatable or _DEFAULTSIDE
                updatable = scene
            scene = subdivisions
            subdivisions = 1
        options = {
            "height": height,
            "diameterTop": diameterTop,
            "diameterBottom": diameterBottom,
            "tessellation": tessellation,
            "subdivisions": subdivisions,
            "sideOrientation": sideOrientation,
            "updatable": updatable,
        }
        return _build("CreateCylinder", name, options, scene)

    @staticmethod
    def CreateDecal(
        name: str,
        sourceMesh: object,
        position: object = None,
        normal: object = None,
        size: object = None,
        angle: float | None = None,
    ) -> Any:
        """``MeshBuilder.CreateDecal(name, sourceMesh, {position, normal, size, angle})``."""
        options = {"position": position, "normal": normal, "size": size, "angle": angle}
        return _build("CreateDecal", name, options, None, sourceMesh)

    @staticmethod
    def CreateDisc(
        name: str,
        radius: float | None = None,
        tessellation: int | None = None,
        scene: object = None,
        updatable: bool | None = None,
        sideOrientation: int | None = None,
    ) -> Any:
        """``MeshBuilder.CreateDisc(name, {radius, tessellation, ...}, scene)``."""
        options = {
            "radius": radius,
            "tessellation": tessellation,
            "sideOrientation": sideOrientation,
            "updatable": updatable,
        }
        return _build("CreateDisc", name, options, scene)

    @staticmethod
    def CreateGround(
        name: str,
        width: float | None = None,
        height: float | None = None,
        subdivisions: int | None = None,
        scene: object = None,
        updatable: bool | None = None,
    ) -> Any:
        """``MeshBuilder.CreateGround(name, {width, height, subdivisions, updatable}, scene)``."""
        options = {
            "width": width,
            "height": height,
            "subdivisions": subdivisions,
            "updatable": updatable,
        }
        return _build("CreateGround", name, options, scene)

    @staticmethod
    def CreateTiledGround(
        name: str,
        xmin: float,
        zmin: float,
        xmax: float,
        zmax: float,
        subdivisions: object = None,
        precision: object = None,
        scene: object = None,
        updatable: bool | None = None,
    ) -> Any:
        """``MeshBuilder.CreateTiledGround(name, {xmin, zmin, xmax, zmax, ...}, scene)``."""
        options = {
            "xmin": xmin,
            "zmin": zmin,
            "xmax": xmax,
            "zmax": zmax,
            "subdivisions": subdivisions,
            "precision": precision,
            "updatable": updatable,
        }
        return _build("CreateTiledGround", name, options, scene)

    @staticmethod
    def CreateGroundFromHeightMap(
        name: str,
        url: str,
        width: float | None = None,
        height: float | None = None,
        subdivisions: int | None = None,
        minHeight: float | None = None,
        maxHeight: float | None = None,
        scene: object = None,
        updatable: bool | None = None,
        onReady: object = None,
        alphaFilter: float | None = None,
    ) -> Any:
        """``MeshBuilder.CreateGroundFromHeightMap(name, url, {...}, scene)``."""
        options = {
            "width": width,
            "height": height,
            "subdivisions": subdivisions,
            "minHeight": minHeight,
            "maxHeight": maxHeight,
            "updatable": updatable,
            "onReady": onReady,
            "alphaFilter": alphaFilter,
        }
        builder = MeshCreateStatics._MeshBuilder
        create = getattr(builder, "CreateGroundFromHeightMap", None)
        if not callable(create):
            return _build("CreateGroundFromHeightMap", name, options, scene)
        return create(name, url, options, scene)

    @staticmethod
    def CreateHemisphere(
        name: str, segments: int | None = None, diameter: float | None = None, scene: object = None
    ) -> Any:
        """``MeshBuilder.CreateHemisphere(name, {segments, diameter}, scene)``."""
        return _build("CreateHemisphere", name, {"segments": segments, "diameter": diameter}, scene)

    @staticmethod
    def CreateIcoSphere(
        name: str, options: dict[str, object] | None = None, scene: object = None
    ) -> Any:
        """``MeshBuilder.CreateIcoSphere(name, options, scene)``."""
        return _build("CreateIcoSphere", name, dict(options or {}), scene)

    @staticmethod
    def CreateLathe(
        name: str,
        shape: object,
        radius: float | None = None,
        tessellation: int | None = None,
        scene: object = None,
        updatable: bool | None = None,
        sideOrientation: int | None = None,
    ) -> Any:
        """``MeshBuilder.CreateLathe(name, {shape, radius, tessellation, ...}, scene)``."""
        options = {
            "shape": shape,
            "radius": radius,
            "tessellation": tessellation,
            "sideOrientation": sideOrientation,
            "updatable": updatable,
        }
        return _build("CreateLathe", name, options, scene)

    @staticmethod
    def CreateLines(
        name: str,
        points: object,
        scene: object = None,
        updatable: bool = False,
        instance: object = None,
    ) -> Any:
        """``MeshBuilder.CreateLines(name, {points, updatable, instance}, scene)``."""
        options = {"points": points, "updatable": updatable, "instance": instance}
        return _build("CreateLines", name, options, scene)

    @staticmethod
    def CreateDashedLines(
        name: str,
        points: object,
        dashSize: float | None = None,
        gapSize: float | None = None,
        dashNb: int | None = None,
        scene: object = None,
        updatable: bool | None = None,
        instance: object = None,
    ) -> Any:
        """``MeshBuilder.CreateDashedLines(name, {points, dashSize, gapSize, dashNb, ...})``."""
        options = {
            "points": points,
            "dashSize": dashSize,
            "gapSize": gapSize,
            "dashNb": dashNb,
            "updatable": updatable,
            "instance": instance,
        }
        return _build("CreateDashedLines", name, options, scene)

    @staticmethod
    def CreatePlane(
        name: str,
        size: float | None = None,
        scene: object = None,
        updatable: bool | None = None,
        sideOrientation: int | None = None,
    ) -> Any:
        """``MeshBuilder.CreatePlane(name, {size, width: size, height: size, ...}, scene)``."""
        options = {
            "size": size,
            "width": size,
            "height": size,
            "sideOrientation": sideOrientation,
            "updatable": updatable,
        }
        return _build("CreatePlane", name, options, scene)

    @staticmethod
    def CreatePolygon(
        name: str,
        shape: object,
        scene: object = None,
        holes: object = None,
        updatable: bool | None = None,
        sideOrientation: int | None = None,
        earcutInjection: object = None,
    ) -> Any:
        """``MeshBuilder.CreatePolygon(name, {shape, holes, updatable, sideOrientation})``."""
        options = {
            "shape": shape,
            "holes": holes,
            "updatable": updatable,
            "sideOrientation": sideOrientation,
        }
        extra = (earcutInjection,) if earcutInjection is not None else ()
        return _build("CreatePolygon", name, options, scene, *extra)

    @staticmethod
    def ExtrudePolygon(
        name: str,
        shape: object,
        depth: float | None = None,
        scene: object = None,
        holes: object = None,
        updatable: bool | None = None,
        sideOrientation: int | None = None,
        earcutInjection: object = None,
    ) -> Any:
        """``MeshBuilder.ExtrudePolygon(name, {shape, holes, depth, ...}, scene)``."""
        options = {
            "shape": shape,
            "holes": holes,
            "depth": depth,
            "updatable": updatable,
            "sideOrientation": sideOrientation,
        }
        extra = (earcutInjection,) if earcutInjection is not None else ()
        return _build("ExtrudePolygon", name, options, scene, *extra)

    @staticmethod
    def CreatePolyhedron(
        name: str, options: dict[str, object] | None = None, scene: object = None
    ) -> Any:
        """``MeshBuilder.CreatePolyhedron(name, options, scene)``."""
        return _build("CreatePolyhedron", name, dict(options or {}), scene)

    @staticmethod
    def CreateRibbon(
        name: str,
        pathArray: object,
        closeArray: bool = False,
        closePath: bool | None = None,
        offset: int | None = None,
        scene: object = None,
        updatable: bool = False,
        sideOrientation: int | None = None,
        instance: object = None,
    ) -> Any:
        """``MeshBuilder.CreateRibbon(name, {pathArray, closeArray, closePath, ...}, scene)``."""
        options = {
            "pathArray": pathArray,
            "closeArray": closeArray,
            "closePath": closePath,
            "offset": offset,
            "updatable": updatable,
            "sideOrientation": sideOrientation,
            "instance": instance,
        }
        return _build("CreateRibbon", name, options, scene)

    @staticmethod
    def ExtrudeShape(
        name: str,
        shape: object,
        path: object,
        scale: float | None = None,
        rotation: float | None = None,
        cap: int | None = None,
        scene: object = None,
        updatable: bool | None = None,
        sideOrientation: int | None = None,
        instance: object = None,
    ) -> Any:
        """``MeshBuilder.ExtrudeShape(name, {shape, path, scale, rotation, cap, ...}, scene)``."""
        options = {
            "shape": shape,
            "path": path,
            "scale": scale,
            "rotation": rotation,
            "cap": 0 if cap == 0 else (cap or 0),
            "sideOrientation": sideOrientation,
            "instance": instance,
            "updatable": updatable,
        }
        return _build("ExtrudeShape", name, options, scene)

    @staticmethod
    def ExtrudeShapeCustom(
        name: str,
        shape: object,
        path: object,
        scaleFunction: object = None,
        rotationFunction: object = None,
        ribbonCloseArray: bool | None = None,
        ribbonClosePath: bool | None = None,
        cap: int | None = None,
        scene: object = None,
        updatable: bool | None = None,
        sideOrientation: int | None = None,
        instance: object = None,
    ) -> Any:
        """``MeshBuilder.ExtrudeShapeCustom(name, {shape, path, scaleFunction, ...}, scene)``."""
        options = {
            "shape": shape,
            "path": path,
            "scaleFunction": scaleFunction,
            "rotationFunction": rotationFunction,
            "ribbonCloseArray": ribbonCloseArray,
            "ribbonClosePath": ribbonClosePath,
            "cap": 0 if cap == 0 else (cap or 0),
            "sideOrientation": sideOrientation,
            "instance": instance,
            "updatable": updatable,
        }
        return _build("ExtrudeShapeCustom", name, options, scene)

    @staticmethod
    def CreateSphere(
        name: str,
        segments: int | None = None,
        diameter: float | None = None,
        scene: object = None,
        updatable: bool | None = None,
        sideOrientation: int | None = None,
    ) -> Any:
        """``MeshBuilder.CreateSphere(name, {segments, diameterX/Y/Z: diameter, ...}, scene)``."""
        options = {
            "segments": segments,
            "diameterX": diameter,
            "diameterY": diameter,
            "diameterZ": diameter,
            "sideOrientation": sideOrientation,
            "updatable": updatable,
        }
        return _build("CreateSphere", name, options, scene)

    @staticmethod
    def CreateTorus(
        name: str,
        diameter: float | None = None,
        thickness: float | None = None,
        tessellation: int | None = None,
        scene: object = None,
        updatable: bool | None = None,
        sideOrientation: int | None = None,
    ) -> Any:
        """``MeshBuilder.CreateTorus(name, {diameter, thickness, tessellation, ...}, scene)``."""
        options = {
            "diameter": diameter,
            "thickness": thickness,
            "tessellation": tessellation,
            "sideOrientation": sideOrientation,
            "updatable": updatable,
        }
        return _build("CreateTorus", name, options, scene)

    @staticmethod
    def CreateTorusKnot(
        name: str,
        radius: float | None = None,
        tube: float | None = None,
        radialSegments: int | None = None,
        tubularSegments: int | None = None,
        p: float | None = None,
        q: float | None = None,
        scene: object = None,
        updatable: bool | None = None,
        sideOrientation: int | None = None,
    ) -> Any:
        """``MeshBuilder.CreateTorusKnot(name, {radius, tube, radialSegments, ...}, scene)``."""
        options = {
            "radius": radius,
            "tube": tube,
            "radialSegments": radialSegments,
            "tubularSegments": tubularSegments,
            "p": p,
            "q": q,
            "sideOrientation": sideOrientation,
            "updatable": updatable,
        }
        return _build("CreateTorusKnot", name, options, scene)

    @staticmethod
    def CreateTube(
        name: str,
        path: object,
        radius: float | None = None,
        tessellation: int | None = None,
        radiusFunction: object = None,
        cap: int | None = None,
        scene: object = None,
        updatable: bool | None = None,
        sideOrientation: int | None = None,
        instance: object = None,
    ) -> Any:
        """``MeshBuilder.CreateTube(name, {path, radius, tessellation, ..., arc: 1}, scene)``."""
        options = {
            "path": path,
            "radius": radius,
            "tessellation": tessellation,
            "radiusFunction": radiusFunction,
            "arc": 1,
            "cap": cap,
            "updatable": updatable,
            "sideOrientation": sideOrientation,
            "instance": instance,
        }
        return _build("CreateTube", name, options, scene)

    @staticmethod
    def ExtendToGoldberg(mesh: object) -> Any:
        """Throws in Babylon.js 9.31 ("Import MeshBuilder to populate this function"); raises
        ``LITE-COMPAT-105`` here."""
        raise MeshCreateError(
            "LITE-COMPAT-105",
            "Mesh.ExtendToGoldberg throws in Babylon.js 9.31 (Import MeshBuilder to populate "
            f"this function); got a {type(mesh).__name__}",
            hint="Babylon.js's replacement is ExtendMeshToGoldberg (not ported)",
            input_name="Mesh.ExtendToGoldberg",
        )
