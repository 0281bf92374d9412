"""``MeshBuilder.CreateText``: extruded text from a typeface.js font (Babylon's font JSON).

Port of ``@babylonjs/core`` 9.31 ``Meshes/Builders/textBuilder.js`` with the parts of
``Maths/math.path.js`` ``Path2`` it draws glyph outlines with (lines, quadratic and cubic
curves, area, point-in-polygon), and the steps of ``Mesh.MergeMeshes`` and
``bakeCurrentTransformIntoVertices`` it ends with: each outline (with the holes inside it) is
an :func:`~lite_compat.meshes.builders.shapes_polygon.ExtrudePolygon`, the letters are merged into
one
mesh (float32 vertex buffers, as Babylon's merge writes), centred, and turned upright by a
pivot rotated -90 degrees about X whose transform is baked into the vertices. The font is data
the caller gives (``fontData``, e.g. ``json.load`` of a typeface.js file): nothing is fetched.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from lite.errors import LiteError
from lite_compat._js import parse_int, truthy
from lite_compat.math import Matrix, Vector2, Vector3
from lite_compat.meshes.builders.shapes_common import float32_list
from lite_compat.meshes.builders.shapes_polygon import ExtrudePolygon
from lite_compat.meshes.mesh import Mesh
from lite_compat.meshes.shape_budget import bounded
from lite_compat.meshes.vertex_data import VertexBuffer
from lite_compat.nodes.transform_node import TransformNode

__all__ = ["CreateText", "CreateTextShapePaths"]

_Options = Mapping[str, object] | None
_EPSILON = 2.220446049250313e-16  # Number.EPSILON


class _Path2:
    """The ``Path2`` polyline a glyph outline becomes."""

    def __init__(self, x: float, y: float) -> None:
        self.points = [Vector2(x, y)]

    def line_to(self, x: float, y: float) -> None:
        self.points.append(Vector2(x, y))

    def quadratic_to(self, cx: float, cy: float, ex: float, ey: float, segments: int) -> None:
        start = self.points[-1]
        sx, sy = start.x, start.y
        for i in range(segments + 1):
            t = i / segments
            self.line_to(
                (1.0 - t) * (1.0 - t) * sx + 2.0 * t * (1.0 - t) * cx + t * t * ex,
                (1.0 - t) * (1.0 - t) * sy + 2.0 * t * (1.0 - t) * cy + t * t * ey,
            )

    def bezier_to(
        self, c1x: float, c1y: float, c2x: float, c2y: float, ex: float, ey: float, segments: int
    ) -> None:
        start = self.points[-1]
        sx, sy = start.x, start.y

        def eq(t: float, v0: float, v1: float, v2: float, v3: float) -> float:
            return (
                (1.0 - t) * (1.0 - t) * (1.0 - t) * v0
                + 3.0 * t * (1.0 - t) * (1.0 - t) * v1
                + 3.0 * t * t * (1.0 - t) * v2
                + t * t * t * v3
            )

        for i in range(segments + 1):
            t = i / segments
            self.line_to(eq(t, sx, c1x, c2x, ex), eq(t, sy, c1y, c2y, ey))

    def area(self) -> float:
        pts = self.points
        n = len(pts)
        value = 0.0
        p = n - 1
        for q in range(n):
            value += pts[p].x * pts[q].y - pts[q].x * pts[p].y
            p = q
        return value * 0.5

    def is_point_inside(self, point: Vector2) -> bool:
        inside = False
        pts = self.points
        count = len(pts)
        p = count - 1
        for q in range(count):
            low, high = pts[p], pts[q]
            p = q
            dx = high.x - low.x
            dy = high.y - low.y
            if abs(dy) > _EPSILON:
                if dy < 0:
                    low, high = high, low
                    dx, dy = -dx, -dy
                if point.y < low.y or point.y > high.y:
                    continue
                if point.y == low.y and point.x == low.x:
                    return True
                perp = dy * (point.x - low.x) - dx * (point.y - low.y)
                if perp == 0:
                    return True
                if perp < 0:
                    continue
                inside = not inside
            else:
                if point.y != low.y:
                    continue
                if high.x <= point.x <= low.x or low.x <= point.x <= high.x:
                    return True
        return inside


class _ShapePath:
    """A glyph's outlines split into paths and holes by winding (``ShapePath``)."""

    def __init__(self) -> None:
        self.paths: list[_Path2] = []
        self.holes: list[_Path2] = []
        self.temp: list[_Path2] = []

    def extract_holes(self) -> None:
        for path in self.temp:
            (self.holes if path.area() > 0 else self.paths).append(path)
        if not self.paths and self.holes:
            self.paths, self.holes = self.holes, self.paths
        self.temp = []


def _font_field(font: object, key: str) -> Any:
    return font.get(key) if isinstance(font, Mapping) else getattr(font, key, None)


def _shape_path(
    char: str, scale: float, offset_x: float, offset_y: float, resolution: int, font: object
) -> tuple[float, _ShapePath] | None:
    glyphs = _font_field(font, "glyphs") or {}
    glyph = glyphs.get(char) or glyphs.get("?")
    if not glyph:
        return None
    shape = _ShapePath()
    current: _Path2 | None = None
    outline_text = glyph.get("o")
    if outline_text:
        outline = str(outline_text).split(" ")
        i = 0

        def coord(k: int, offset: float) -> float:
            return parse_int(outline[k], 10) * scale + offset

        while i < len(outline):
            action = outline[i]
            i += 1
            if action == "m":
                current = _Path2(coord(i, offset_x), coord(i + 1, offset_y))
                shape.temp.append(current)
                i += 2
            elif action == "l" and current is not None:
                current.line_to(coord(i, offset_x), coord(i + 1, offset_y))
                i += 2
            elif action == "q" and current is not None:
                cpx, cpy = coord(i, offset_x), coord(i + 1, offset_y)
                cpx1, cpy1 = coord(i + 2, offset_x), coord(i + 3, offset_y)
                current.quadratic_to(cpx1, cpy1, cpx, cpy, resolution)
                i += 4
            elif action == "b" and current is not None:
                cpx, cpy = coord(i, offset_x), coord(i + 1, offset_y)
                cpx1, cpy1 = coord(i + 2, offset_x), coord(i + 3, offset_y)
                cpx2, cpy2 = coord(i + 4, offset_x), coord(i + 5, offset_y)
                current.bezier_to(cpx1, cpy1, cpx2, cpy2, cpx, cpy, resolution)
                i += 6
    shape.extract_holes()
    return float(glyph.get("ha", 0)) * scale, shape


def CreateTextShapePaths(
    text: str, size: float, resolution: int, fontData: object
) -> list[_ShapePath]:
    """The glyph outlines of ``text`` laid out left to right, lines downwards
    (``CreateTextShapePaths``)."""
    scale = size / float(_font_field(fontData, "resolution"))
    box = _font_field(fontData, "boundingBox")
    y_min = float(box["yMin"] if isinstance(box, Mapping) else box.yMin)
    y_max = float(box["yMax"] if isinstance(box, Mapping) else box.yMax)
    line_height = (y_max - y_min + float(_font_field(fontData, "underlineThickness"))) * scale
    shapes: list[_ShapePath] = []
    offset_x = offset_y = 0.0
    for char in text:
        if char == "\n":
            offset_x = 0.0
            offset_y -= line_height
            continue
        ret = _shape_path(char, scale, offset_x, offset_y, resolution, fontData)
        if ret is not None:
            offset_x += ret[0]
            shapes.append(ret[1])
    return shapes


def _merge(meshes: list[Mesh], scene: object | None) -> Mesh:
    """``Mesh.MergeMeshes(meshes, true, true)`` for meshes at the origin: concatenated float32
    vertex data, offset indices; the sources are disposed."""
    kinds = meshes[0].getVerticesDataKinds()
    merged = Mesh(meshes[0].name + "_merged", scene)
    merged._originalBuilderSideOrientation = meshes[0]._originalBuilderSideOrientation
    indices: list[int] = []
    offset = 0
    data: dict[str, list[float]] = {kind: [] for kind in kinds}
    for mesh in meshes:
        for kind in kinds:
            data[kind] += mesh.getVerticesData(kind) or []
        indices += [i + offset for i in mesh.getIndices()]
        offset += mesh.getTotalVertices()
    for kind in kinds:
        merged.setVerticesData(kind, float32_list(data[kind]))
    merged.setIndices(indices)
    for mesh in meshes:
        mesh.dispose()
    return merged


def _bake(mesh: Mesh, transform: Matrix) -> None:
    """``bakeTransformIntoVertices``: positions and (normalised) normals through the float32
    world matrix."""
    temp = Vector3.Zero()
    positions = list(mesh.getVerticesData(VertexBuffer.PositionKind) or [])
    for i in range(0, len(positions), 3):
        Vector3.TransformCoordinatesFromFloatsToRef(
            positions[i], positions[i + 1], positions[i + 2], transform, temp
        )
        positions[i : i + 3] = [temp.x, temp.y, temp.z]
    mesh.setVerticesData(VertexBuffer.PositionKind, float32_list(positions))
    normals = list(mesh.getVerticesData(VertexBuffer.NormalKind) or [])
    for i in range(0, len(normals), 3):
        Vector3.TransformNormalFromFloatsToRef(
            normals[i], normals[i + 1], normals[i + 2], transform, temp
        )
        temp.normalize()
        normals[i : i + 3] = [temp.x, temp.y, temp.z]
    if normals:
        mesh.setVerticesData(VertexBuffer.NormalKind, float32_list(normals))


def _xz_points(path: _Path2) -> list[Vector3]:
    return [Vector3(p.x, 0, p.y) for p in path.points]


@bounded("CreateText", 3)
def CreateText(
    name: str,
    text: str,
    fontData: object,
    options: _Options = None,
    scene: object | None = None,
    earcutInjection: Callable[[Sequence[float], Sequence[int], int], Sequence[int]] | None = None,
) -> Mesh | None:
    """Extruded text (``MeshBuilder.CreateText``), upright in the XY plane, centred.

    Parameters
    ----------
    name
        Mesh name.
    text
        The text (``"\\n"`` starts a new line).
    fontData
        A typeface.js font as a dict (``glyphs`` with ``o`` outlines and ``ha`` advances,
        ``resolution``, ``boundingBox``, ``underlineThickness``).
    options
        ``size`` (50), ``resolution`` (8 points per curve), ``depth`` (1), ``faceUV``,
        ``faceColors``, ``perLetterFaceUV(i)``, ``perLetterFaceColors(i)``,
        ``sideOrientation`` (default ``Mesh.DOUBLESIDE``).
    scene
        Owning scene.
    earcutInjection
        The triangulator (see :func:`~lite_compat.meshes.builders.shapes_polygon.CreatePolygon`).

    Returns
    -------
    Mesh or None
        The merged mesh, or None when no glyph has an outline (Babylon's ``MergeMeshes`` of
        nothing).
    """
    if not isinstance(text, str):
        raise LiteError(
            "LITE-COMPAT-183",
            f"MeshBuilder.CreateText: text must be a string, got {type(text).__name__}",
            hint="pass the text to extrude as a str",
            input_name="text",
        )
    if not isinstance(_font_field(fontData, "glyphs"), Mapping):
        raise LiteError(
            "LITE-COMPAT-183",
            "MeshBuilder.CreateText: fontData must be a typeface.js font (a dict with "
            f"'glyphs', 'resolution', 'boundingBox'), got {type(fontData).__name__}",
            hint="load the font JSON yourself (json.load) and pass the dict",
            input_name="fontData",
        )
    opts: Mapping[str, object] = (
        options if options is not None else {"size": 50, "resolution": 8, "depth": 1.0}
    )
    size = float(opts["size"]) if truthy(opts.get("size")) else 50.0  # type: ignore[arg-type]
    resolution = int(opts["resolution"]) if truthy(opts.get("resolution")) else 8  # type: ignore[call-overload]
    depth = float(opts["depth"]) if truthy(opts.get("depth")) else 1.0  # type: ignore[arg-type]
    side_option = opts.get("sideOrientation")
    side = int(side_option) if truthy(side_option) else Mesh.DOUBLESIDE  # type: ignore[call-overload]
    per_letter_uv = opts.get("perLetterFaceUV")
    per_letter_colors = opts.get("perLetterFaceColors")
    meshes: list[Mesh] = []
    letter = 0
    for shape in CreateTextShapePaths(text, size, resolution, fontData):
        if not shape.paths:
            continue
        holes = list(shape.holes)
        for path in shape.paths:
            hole_vectors: list[list[Vector3]] = []
            for hole in list(holes):
                if not any(path.is_point_inside(p) for p in hole.points):
                    continue
                hole_vectors.append(_xz_points(hole))
                holes.remove(hole)
            if not hole_vectors and holes:
                hole_vectors = [_xz_points(hole) for hole in holes]
            face_uv = opts.get("faceUV") or (
                per_letter_uv(letter) if callable(per_letter_uv) else None
            )
            face_colors = opts.get("faceColors") or (
                per_letter_colors(letter) if callable(per_letter_colors) else None
            )
            meshes.append(
                ExtrudePolygon(
                    name,
                    {
                        "shape": _xz_points(path),
                        "holes": hole_vectors or None,
                        "depth": depth,
                        "faceUV": face_uv,
                        "faceColors": face_colors,
                        "sideOrientation": side,
                    },
                    scene,
                    earcutInjection,
                )
            )
            letter += 1
    if not meshes:
        return None
    merged = _merge(meshes, meshes[0].getScene())
    positions = merged.getVerticesData(VertexBuffer.PositionKind) or []
    low = [min(positions[k::3]) for k in range(3)]
    high = [max(positions[k::3]) for k in range(3)]
    merged.position.x += -(low[0] + high[0]) / 2
    merged.position.y += -(low[1] + high[1]) / 2
    merged.position.z += -(low[2] + high[2]) / 2 + (high[2] - low[2]) / 2
    merged.name = name
    pivot = TransformNode("pivot", scene)
    pivot.rotation.x = -math.pi / 2
    merged.parent = pivot
    _bake(merged, merged.computeWorldMatrix(True))
    merged.position = Vector3.Zero()
    merged.rotation = Vector3.Zero()
    merged.scaling = Vector3.One()
    merged.parent = None
    pivot.dispose()
    return merged
