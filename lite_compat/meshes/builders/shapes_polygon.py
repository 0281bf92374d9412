"""``MeshBuilder.CreatePolygon``/``ExtrudePolygon``: flat or extruded polygons with holes.

Port of ``@babylonjs/core`` 9.31 ``Meshes/Builders/polygonBuilder.pure.js`` and the
``PolygonMeshBuilder`` of ``Meshes/polygonMesh.js`` (cap triangulation by earcut, bottom cap
and side walls when extruded, smoothed wall normals, per-face uvs/colors, ``wrap``). Babylon.js
takes the triangulator as its ``earcutInjection`` argument; the default here is
:func:`lite_compat.meshes.builders.shapes_earcut.earcut`, a port of Mapbox earcut 2.2.4, so the
indices
equal those of Babylon.js given that earcut. The shape lies in the XZ plane (``shape`` points'
``x`` and ``z``), the cap faces +Y, and ``depth`` extrudes downwards.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence

from lite_compat._js import truthy
from lite_compat.engines.engine_store import EngineStore
from lite_compat.math import Color4, Vector3, Vector4
from lite_compat.meshes.builders.shapes_common import builder_options, require_option
from lite_compat.meshes.builders.shapes_earcut import earcut
from lite_compat.meshes.mesh import Mesh
from lite_compat.meshes.vertex_data import VertexBuffer, VertexData

__all__ = ["CreatePolygon", "CreatePolygonVertexData", "ExtrudePolygon"]

_Options = Mapping[str, object] | None
_Earcut = Callable[[Sequence[float], Sequence[int], int], Sequence[int]]
_EPSILON = 0.001


def _xz(point: object) -> tuple[float, float]:
    if isinstance(point, Sequence):
        return float(point[0]), float(point[2] if len(point) > 2 else point[1])
    return float(getattr(point, "x")), float(getattr(point, "z"))  # noqa: B009


def _bounds(points: list[tuple[float, float]]) -> tuple[float, float, float, float]:
    """``PolygonPoints.computeBounds``: (min x, min y, width, height), with Babylon's
    ``else if`` (a point that lowers the minimum is not tested against the maximum)."""
    min_x = max_x = points[0][0]
    min_y = max_y = points[0][1]
    for x, y in points:
        if x < min_x:
            min_x = x
        elif x > max_x:
            max_x = x
        if y < min_y:
            min_y = y
        elif y > max_y:
            max_y = y
    return min_x, min_y, max_x - min_x, max_y - min_y


def _add_side(
    positions: list[float],
    normals: list[float],
    uvs: list[float],
    indices: list[int],
    width: float,
    ring: list[tuple[float, float]],
    depth: float,
    flip: bool,
    smoothing: float,
) -> None:
    start = len(positions) // 3
    ulength = 0.0
    n = len(ring)
    for i in range(n):
        px, py = ring[i]
        p1x, p1y = ring[(i + 1) % n]
        p0x, p0y = ring[(i + n - 1) % n]
        p2x, p2y = ring[(i + 2) % n]
        positions.extend((px, 0, py, px, -depth, py, p1x, 0, p1y, p1x, -depth, p1y))
        vc = Vector3(-(p1y - py), 0, p1x - px)
        vp = Vector3(-(py - p0y), 0, px - p0x)
        vn = Vector3(-(p2y - p1y), 0, p2x - p1x)
        if not flip:
            vc = vc.scale(-1)
            vp = vp.scale(-1)
            vn = vn.scale(-1)
        vc_norm = vc.normalizeToNew()
        vp_norm = vp.normalizeToNew()
        vn_norm = vn.normalizeToNew()
        dotp = Vector3.Dot(vp_norm, vc_norm)
        if dotp > smoothing:
            if dotp < _EPSILON - 1:
                vp_norm = Vector3(px, 0, py).subtract(Vector3(p1x, 0, p1y)).normalize()
            else:
                vp_norm = vp.add(vc).normalize()
        else:
            vp_norm = vc_norm
        dotn = Vector3.Dot(vn_norm, vc_norm)
        if dotn > smoothing:
            if dotn < _EPSILON - 1:
                vn_norm = Vector3(p1x, 0, p1y).subtract(Vector3(px, 0, py)).normalize()
            else:
                vn_norm = vn.add(vc).normalize()
        else:
            vn_norm = vc_norm
        uvs.extend((ulength / width, 0, ulength / width, 1))
        ulength += vc.length()
        uvs.extend((ulength / width, 0, ulength / width, 1))
        normals.extend((vp_norm.x, vp_norm.y, vp_norm.z) * 2)
        normals.extend((vn_norm.x, vn_norm.y, vn_norm.z) * 2)
        if not flip:
            indices.extend((start, start + 1, start + 2, start + 1, start + 3, start + 2))
        else:
            indices.extend((start, start + 2, start + 1, start + 1, start + 2, start + 3))
        start += 4


def _build_polygon(
    contour: list[tuple[float, float]],
    holes: list[list[tuple[float, float]]],
    depth: float,
    smoothing: float,
    triangulate: _Earcut,
) -> VertexData:
    """``PolygonMeshBuilder.buildVertexData``."""
    points = contour + [p for hole in holes for p in hole]
    flat = [c for p in contour for c in p]
    hole_starts: list[int] = []
    for hole in holes:
        hole_starts.append(len(flat) // 2)
        flat += [c for p in hole for c in p]
    min_x, min_y, width, height = _bounds(points)
    normals: list[float] = []
    positions: list[float] = []
    uvs: list[float] = []
    for x, y in points:
        normals.extend((0, 1.0, 0))
        positions.extend((x, 0, y))
        uvs.extend(((x - min_x) / width, (y - min_y) / height))
    indices = [int(i) for i in triangulate(flat, hole_starts, 2)]
    if depth > 0:
        count = len(positions) // 3
        for x, y in points:
            normals.extend((0, -1.0, 0))
            positions.extend((x, -depth, y))
            uvs.extend((1 - (x - min_x) / width, 1 - (y - min_y) / height))
        for i in range(0, len(indices), 3):
            i0, i1, i2 = indices[i], indices[i + 1], indices[i + 2]
            indices.extend((i2 + count, i1 + count, i0 + count))
        _add_side(positions, normals, uvs, indices, width, contour, depth, False, smoothing)
        for hole in holes:
            _add_side(positions, normals, uvs, indices, width, hole, depth, True, smoothing)
    data = VertexData()
    data.indices = indices
    data.positions = [float(v) for v in positions]
    data.normals = [float(v) for v in normals]
    data.uvs = [float(v) for v in uvs]
    return data


def CreatePolygonVertexData(
    polygon: Mesh,
    sideOrientation: int,
    fUV: Sequence[object] | None = None,
    fColors: Sequence[object] | None = None,
    frontUVs: object = None,
    backUVs: object = None,
    wrp: bool | None = None,
) -> VertexData:
    """Face uvs/colors and sides applied to the data of a built polygon mesh
    (``CreatePolygonVertexData``): face 0 the top cap, 1 the walls, 2 the bottom cap."""
    face_uv: list[object] = list(fUV) if fUV else []
    face_uv += [None] * (3 - len(face_uv))
    face_colors: list[object] | None = list(fColors) if fColors else None
    if face_colors is not None:
        face_colors += [None] * (3 - len(face_colors))
    for f in range(3):
        if face_uv[f] is None:
            face_uv[f] = Vector4(0, 0, 1, 1)
        if face_colors is not None and face_colors[f] is None:
            face_colors[f] = Color4(1, 1, 1, 1)
    rects = [tuple(float(getattr(u, c)) for c in "xyzw") for u in face_uv]
    wrap = truthy(wrp)
    positions = list(polygon.getVerticesData(VertexBuffer.PositionKind) or [])
    normals = list(polygon.getVerticesData(VertexBuffer.NormalKind) or [])
    uvs = list(polygon.getVerticesData(VertexBuffer.UVKind) or [])
    indices = list(polygon.getIndices())
    start_index = len(positions) / 9
    total = 0.0
    cumulate = [0.0]
    if wrap:
        idx = start_index
        while idx < len(positions) / 3:
            k = int(idx)
            dist_x = positions[3 * (k + 2)] - positions[3 * k]
            dist_z = positions[3 * (k + 2) + 2] - positions[3 * k + 2]
            total += math.sqrt(dist_x * dist_x + dist_z * dist_z)
            cumulate.append(total)
            idx += 4
    colors: list[float] = []
    face = 0
    for index in range(0, len(normals), 3):
        ny = normals[index + 1]
        if abs(ny) < 0.001:
            face = 1
        if abs(ny - 1) < 0.001:
            face = 0
        if abs(ny + 1) < 0.001:
            face = 2
        idx_v = index // 3
        ux, uy, uz, uw = rects[face]
        if face == 1:
            disp = idx_v - start_index
            if math.fmod(disp, 4) < 1.5:
                uvs[2 * idx_v] = (
                    ux + ((uz - ux) * cumulate[math.floor(disp / 4)]) / total if wrap else ux
                )
            else:
                uvs[2 * idx_v] = (
                    ux + ((uz - ux) * cumulate[math.floor(disp / 4) + 1]) / total if wrap else uz
                )
            uvs[2 * idx_v + 1] = uw if math.fmod(disp, 2) == 0 else uy
        else:
            u = uvs[2 * idx_v]
            v = uvs[2 * idx_v + 1]
            uvs[2 * idx_v] = (1 - u) * ux + u * uz
            uvs[2 * idx_v + 1] = (1 - v) * uy + v * uw
        if face_colors is not None:
            color = face_colors[face]
            colors += [float(getattr(color, k)) for k in ("r", "g", "b", "a")]
    VertexData._ComputeSides(sideOrientation, positions, indices, normals, uvs, frontUVs, backUVs)
    data = VertexData()
    data.indices = indices
    data.positions = positions
    data.normals = normals
    data.uvs = uvs
    if face_colors is not None:
        data.colors = colors + colors if sideOrientation == VertexData.DOUBLESIDE else colors
    return data


def CreatePolygon(
    name: str,
    options: _Options = None,
    scene: object | None = None,
    earcutInjection: _Earcut | None = None,
) -> Mesh:
    """A polygon in the XZ plane, with holes, optionally extruded (``MeshBuilder.CreatePolygon``).

    Parameters
    ----------
    name
        Mesh name.
    options
        ``shape`` (Vector3 list, x and z used; required), ``holes`` (Vector3 lists), ``depth``
        (0), ``smoothingThreshold`` (2: no smoothing), ``faceUV``/``faceColors`` (top, sides,
        bottom), ``wrap``, ``updatable``, ``sideOrientation``, ``frontUVs``/``backUVs``.
    scene
        Owning scene.
    earcutInjection
        The triangulator (``earcut(flat, holeStarts, 2)``); Mapbox earcut 2.2.4's algorithm by
        default.
    """
    opts = builder_options(options)
    raw_shape = require_option(opts, "shape", "CreatePolygon", "a Vector3 outline")
    contour = [_xz(p) for p in raw_shape]
    if (
        len(contour) > 1
        and abs(contour[0][0] - contour[-1][0]) <= 1e-8
        and abs(contour[0][1] - contour[-1][1]) <= 1e-8
    ):
        contour.pop()
    holes = [[_xz(p) for p in hole] for hole in opts.get("holes") or []]  # type: ignore[attr-defined]
    depth = float(opts["depth"]) if truthy(opts.get("depth")) else 0.0  # type: ignore[arg-type]
    smoothing_option = opts.get("smoothingThreshold")
    smoothing = 2.0 if smoothing_option is None else float(smoothing_option)  # type: ignore[arg-type]
    triangulate: _Earcut = earcutInjection if earcutInjection is not None else earcut
    polygon = Mesh(name, scene if scene is not None else EngineStore.LastCreatedScene())
    built = _build_polygon(contour, holes, depth, smoothing, triangulate)
    polygon.setVerticesData(VertexBuffer.PositionKind, built.positions or [], False)
    polygon.setVerticesData(VertexBuffer.NormalKind, built.normals or [], False)
    polygon.setVerticesData(VertexBuffer.UVKind, built.uvs or [], False)
    polygon.setIndices(built.indices or [])
    side = int(opts["sideOrientation"])  # type: ignore[call-overload]
    polygon._originalBuilderSideOrientation = side
    vertex_data = CreatePolygonVertexData(
        polygon, side, opts.get("faceUV"), opts.get("faceColors"),  # type: ignore[arg-type]
        opts.get("frontUVs"), opts.get("backUVs"), opts.get("wrap"),  # type: ignore[arg-type]
    )  # fmt: skip
    vertex_data.applyToMesh(polygon, truthy(opts.get("updatable")))
    return polygon


def ExtrudePolygon(
    name: str,
    options: _Options = None,
    scene: object | None = None,
    earcutInjection: _Earcut | None = None,
) -> Mesh:
    """``MeshBuilder.ExtrudePolygon``: :func:`CreatePolygon` (give ``options["depth"]``)."""
    return CreatePolygon(name, options, scene, earcutInjection)
