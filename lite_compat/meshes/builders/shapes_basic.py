"""``MeshBuilder`` cylinders, discs, tori and torus knots with Babylon's vertex data.

Port of ``@babylonjs/core`` 9.31 ``Meshes/Builders/cylinderBuilder.pure.js``,
``discBuilder.pure.js``, ``torusBuilder.pure.js`` and ``torusKnotBuilder.pure.js``. Options are
Babylon's object literals as dicts, read with JavaScript's rules (``options.tessellation || 24``
treats 0 as missing; ``| 0`` truncates), so positions, normals, uvs, colors and indices equal
Babylon's value for value and in the same order. The torus goes through float32 matrices as
Babylon.js does.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from lite_compat._js import to_int32, truthy
from lite_compat.math import Color4, Matrix, Vector3, Vector4
from lite_compat.meshes.builders.shapes_common import (
    CAP_ALL,
    CAP_END,
    CAP_START,
    builder_options,
    compute_normals,
)
from lite_compat.meshes.mesh import Mesh
from lite_compat.meshes.shape_budget import bounded
from lite_compat.meshes.vertex_data import VertexData, _get, _js_or, _side_orientation

__all__ = [
    "CreateCylinder",
    "CreateCylinderVertexData",
    "CreateDisc",
    "CreateDiscVertexData",
    "CreateTorus",
    "CreateTorusKnot",
    "CreateTorusKnotVertexData",
    "CreateTorusVertexData",
]

_Options = Mapping[str, object] | None


def _arc(options: _Options) -> float:
    """``options.arc && (options.arc <= 0 || options.arc > 1) ? 1.0 : options.arc || 1.0``."""
    arc = _get(options, "arc")
    if truthy(arc) and (float(arc) <= 0 or float(arc) > 1):  # type: ignore[arg-type]
        return 1.0
    return float(arc) if truthy(arc) else 1.0  # type: ignore[arg-type]


def _zero_or(options: _Options, key: str, fallback: float) -> float:
    """``options.key === 0 ? 0 : options.key || fallback``."""
    value = _get(options, key)
    if value == 0 and value is not False:
        return 0.0
    return float(value) if truthy(value) else fallback  # type: ignore[arg-type]


def _finish(
    indices: list[int],
    positions: list[float],
    normals: list[float],
    uvs: list[float],
    colors: list[float] | None = None,
) -> VertexData:
    data = VertexData()
    data.indices = indices
    data.positions = positions
    data.normals = normals
    data.uvs = uvs
    if colors is not None:
        data.colors = colors
    return data


def _build(mesh: Mesh, options: _Options, make: object) -> Mesh:
    opts = builder_options(options)
    mesh._originalBuilderSideOrientation = int(opts["sideOrientation"])  # type: ignore[call-overload]
    vertex_data: VertexData = make(opts)  # type: ignore[operator]
    vertex_data.applyToMesh(mesh, truthy(opts.get("updatable")))
    return mesh


# --------------------------------------------------------------------------------------------
# Cylinder
# --------------------------------------------------------------------------------------------


@bounded("CreateCylinder", 0)
def CreateCylinderVertexData(options: _Options = None) -> VertexData:
    """Vertex data of a cylinder, cone or prism (``VertexData.CreateCylinder``).

    Parameters
    ----------
    options
        ``height`` (2), ``diameter`` (1), ``diameterTop``/``diameterBottom`` (default
        ``diameter``; 0 makes a cone), ``tessellation`` (24), ``subdivisions`` (1), ``arc``
        (1), ``hasRings``, ``enclose``, ``cap`` (``Mesh.CAP_ALL``), ``faceUV``,
        ``faceColors``, ``sideOrientation``, ``frontUVs``/``backUVs``.
    """
    height = _js_or(options, ("height",), 2)
    diameter_top = _zero_or(options, "diameterTop", _js_or(options, ("diameter",), 1))
    diameter_bottom = _zero_or(options, "diameterBottom", _js_or(options, ("diameter",), 1))
    diameter_top = diameter_top or 0.00001
    diameter_bottom = diameter_bottom or 0.00001
    tessellation = to_int32(_js_or(options, ("tessellation",), 24))
    subdivisions = to_int32(_js_or(options, ("subdivisions",), 1))
    has_rings = truthy(_get(options, "hasRings"))
    enclose = truthy(_get(options, "enclose"))
    cap = int(_zero_or(options, "cap", CAP_ALL))
    arc = _arc(options)
    side_orientation = _side_orientation(options)
    face_uv_option = _get(options, "faceUV")
    face_uv: list[object] = list(face_uv_option) if truthy(face_uv_option) else []  # type: ignore[call-overload]
    face_colors_option = _get(options, "faceColors")
    face_colors: list[object] | None = (
        list(face_colors_option) if truthy(face_colors_option) else None  # type: ignore[call-overload]
    )
    quad_nb = 2 if arc != 1 and enclose else 0
    ring_nb = subdivisions if has_rings else 1
    surface_nb = 2 + (1 + quad_nb) * ring_nb
    if face_colors is not None:
        face_colors += [None] * (surface_nb - len(face_colors))
        for f in range(surface_nb):
            if face_colors[f] is None:
                face_colors[f] = Color4(1, 1, 1, 1)
    face_uv += [None] * (surface_nb - len(face_uv))
    for f in range(surface_nb):
        if face_uv[f] is None:
            face_uv[f] = Vector4(0, 0, 1, 1)
    uv = [tuple(float(getattr(u, c)) for c in "xyzw") for u in face_uv]
    rgba = (
        [tuple(float(getattr(c, k)) for k in ("r", "g", "b", "a")) for c in face_colors]
        if face_colors is not None
        else None
    )
    indices: list[int] = []
    positions: list[float] = []
    normals: list[float] = []
    uvs: list[float] = []
    colors: list[float] = []
    angle_step = (math.pi * 2 * arc) / tessellation
    tan = (diameter_bottom - diameter_top) / 2 / height
    ring_vertex = Vector3.Zero()
    ring_normal = Vector3.Zero()
    ring_first_vertex = Vector3.Zero()
    ring_first_normal = Vector3.Zero()
    quad_normal = Vector3.Zero()
    axis_y = Vector3(0, 1, 0)
    s = 1
    cs = 0
    for i in range(subdivisions + 1):
        h = i / subdivisions
        radius = (h * (diameter_top - diameter_bottom) + diameter_bottom) / 2
        ring_idx = 2 if has_rings and i != 0 and i != subdivisions else 1
        for r in range(ring_idx):
            if has_rings:
                s += r
            if enclose:
                s += 2 * r
            for j in range(tessellation + 1):
                angle = j * angle_step
                ring_vertex.x = math.cos(-angle) * radius
                ring_vertex.y = -height / 2 + h * height
                ring_vertex.z = math.sin(-angle) * radius
                if diameter_top == 0 and i == subdivisions:
                    base = len(normals) - (tessellation + 1) * 3
                    ring_normal.x = normals[base]
                    ring_normal.y = normals[base + 1]
                    ring_normal.z = normals[base + 2]
                else:
                    ring_normal.x = ring_vertex.x
                    ring_normal.z = ring_vertex.z
                    ring_normal.y = (
                        math.sqrt(ring_normal.x * ring_normal.x + ring_normal.z * ring_normal.z)
                        * tan
                    )
                    ring_normal.normalize()
                if j == 0:
                    ring_first_vertex.copyFrom(ring_vertex)
                    ring_first_normal.copyFrom(ring_normal)
                positions += [ring_vertex.x, ring_vertex.y, ring_vertex.z]
                normals += [ring_normal.x, ring_normal.y, ring_normal.z]
                fx, fy, fz, fw = uv[s]
                v = (fy if cs != s else fw) if has_rings else fy + (fw - fy) * h
                uvs += [fx + ((fz - fx) * j) / tessellation, v]
                if rgba is not None:
                    colors += rgba[s]
            if arc != 1 and enclose:
                positions += [ring_vertex.x, ring_vertex.y, ring_vertex.z]
                positions += [0.0, ring_vertex.y, 0.0, 0.0, ring_vertex.y, 0.0]
                positions += [ring_first_vertex.x, ring_first_vertex.y, ring_first_vertex.z]
                Vector3.CrossToRef(axis_y, ring_normal, quad_normal)
                quad_normal.normalize()
                normals += [quad_normal.x, quad_normal.y, quad_normal.z] * 2
                Vector3.CrossToRef(ring_first_normal, axis_y, quad_normal)
                quad_normal.normalize()
                normals += [quad_normal.x, quad_normal.y, quad_normal.z] * 2
                for k in (1, 2):
                    fx, fy, fz, fw = uv[s + k]
                    v = (fy if cs != s else fw) if has_rings else fy + (fw - fy) * h
                    uvs += [fx, v, fz, v]
                if rgba is not None:
                    colors += list(rgba[s + 1]) * 2 + list(rgba[s + 2]) * 2
            if cs != s:
                cs = s
    e = tessellation + 4 if arc != 1 and enclose else tessellation
    i = 0
    for _ in range(subdivisions):
        i0 = i1 = i2 = i3 = 0
        for j in range(tessellation):
            i0 = i * (e + 1) + j
            i1 = (i + 1) * (e + 1) + j
            i2 = i * (e + 1) + (j + 1)
            i3 = (i + 1) * (e + 1) + (j + 1)
            indices += [i0, i1, i2, i3, i2, i1]
        if arc != 1 and enclose:
            indices += [i0 + 2, i1 + 2, i2 + 2, i3 + 2, i2 + 2, i1 + 2]
            indices += [i0 + 4, i1 + 4, i2 + 4, i3 + 4, i2 + 4, i1 + 4]
        i = i + 2 if has_rings else i + 1

    def cap_disc(is_top: bool) -> None:
        cap_radius = diameter_top / 2 if is_top else diameter_bottom / 2
        if cap_radius == 0:
            return
        ux, uy, uz, uw = uv[surface_nb - 1] if is_top else uv[0]
        color = None if rgba is None else (rgba[surface_nb - 1] if is_top else rgba[0])
        vbase = len(positions) // 3
        offset = height / 2 if is_top else -height / 2
        ny = 1.0 if is_top else -1.0
        positions.extend((0.0, offset, 0.0))
        normals.extend((0.0, ny, 0.0))
        uvs.extend((ux + (uz - ux) * 0.5, uy + (uw - uy) * 0.5))
        if color is not None:
            colors.extend(color)
        for k in range(tessellation + 1):
            angle = (math.pi * 2 * k * arc) / tessellation
            cos = math.cos(-angle)
            sin = math.sin(-angle)
            positions.extend((cos * cap_radius, offset, sin * cap_radius))
            normals.extend((0.0, ny, 0.0))
            tx = cos * 0.5 + 0.5
            ty = sin * 0.5 + 0.5
            uvs.extend((ux + (uz - ux) * tx, uy + (uw - uy) * ty))
            if color is not None:
                colors.extend(color)
        for k in range(tessellation):
            if is_top:
                indices.extend((vbase, vbase + (k + 2), vbase + (k + 1)))
            else:
                indices.extend((vbase, vbase + (k + 1), vbase + (k + 2)))

    if cap in (CAP_START, CAP_ALL):
        cap_disc(False)
    if cap in (CAP_END, CAP_ALL):
        cap_disc(True)
    VertexData._ComputeSides(
        side_orientation, positions, indices, normals, uvs,
        _get(options, "frontUVs"), _get(options, "backUVs"),
    )  # fmt: skip
    return _finish(indices, positions, normals, uvs, colors if rgba is not None else None)


@bounded("CreateCylinder", 1)
def CreateCylinder(name: str, options: _Options = None, scene: object | None = None) -> Mesh:
    """A cylinder, cone or prism mesh (``MeshBuilder.CreateCylinder``); see
    :func:`CreateCylinderVertexData` for the options."""
    return _build(Mesh(name, scene), options, CreateCylinderVertexData)


# --------------------------------------------------------------------------------------------
# Disc
# --------------------------------------------------------------------------------------------


@bounded("CreateDisc", 0)
def CreateDiscVertexData(options: _Options = None) -> VertexData:
    """Vertex data of a disc or regular polygon in the XY plane (``VertexData.CreateDisc``).

    Parameters
    ----------
    options
        ``radius`` (0.5), ``tessellation`` (64), ``arc`` (1), ``sideOrientation``,
        ``frontUVs``/``backUVs``.
    """
    positions: list[float] = [0.0, 0.0, 0.0]
    uvs: list[float] = [0.5, 0.5]
    indices: list[int] = []
    normals: list[float] = []
    radius = _js_or(options, ("radius",), 0.5)
    tessellation = _js_or(options, ("tessellation",), 64)
    arc = _arc(options)
    side_orientation = _side_orientation(options)
    theta = math.pi * 2 * arc
    step = theta / tessellation if arc == 1 else theta / (tessellation - 1)
    a = 0.0
    t = 0
    while t < tessellation:
        x = math.cos(a)
        y = math.sin(a)
        positions += [radius * x, radius * y, 0.0]
        uvs += [(x + 1) / 2, (1 - y) / 2]
        a += step
        t += 1
    if arc == 1:
        positions += positions[3:6]
        uvs += uvs[2:4]
    vertex_nb = len(positions) // 3
    for i in range(1, vertex_nb - 1):
        indices += [i + 1, 0, i]
    compute_normals(positions, indices, normals)
    VertexData._ComputeSides(
        side_orientation, positions, indices, normals, uvs,
        _get(options, "frontUVs"), _get(options, "backUVs"),
    )  # fmt: skip
    return _finish(indices, positions, normals, uvs)


@bounded("CreateDisc", 1)
def CreateDisc(name: str, options: _Options = None, scene: object | None = None) -> Mesh:
    """A disc mesh (``MeshBuilder.CreateDisc``); see :func:`CreateDiscVertexData`."""
    return _build(Mesh(name, scene), options, CreateDiscVertexData)


# --------------------------------------------------------------------------------------------
# Torus
# --------------------------------------------------------------------------------------------


@bounded("CreateTorus", 0)
def CreateTorusVertexData(options: _Options = None) -> VertexData:
    """Vertex data of a torus in the XZ plane (``VertexData.CreateTorus``).

    Parameters
    ----------
    options
        ``diameter`` (1), ``thickness`` (0.5), ``tessellation`` (16), ``sideOrientation``,
        ``frontUVs``/``backUVs``.
    """
    indices: list[int] = []
    positions: list[float] = []
    normals: list[float] = []
    uvs: list[float] = []
    diameter = _js_or(options, ("diameter",), 1)
    thickness = _js_or(options, ("thickness",), 0.5)
    tessellation = to_int32(_js_or(options, ("tessellation",), 16))
    side_orientation = _side_orientation(options)
    stride = tessellation + 1
    for i in range(tessellation + 1):
        u = i / tessellation
        outer_angle = (i * math.pi * 2.0) / tessellation - math.pi / 2.0
        transform = Matrix.Translation(diameter / 2.0, 0, 0).multiply(Matrix.RotationY(outer_angle))
        for j in range(tessellation + 1):
            v = 1 - j / tessellation
            inner_angle = (j * math.pi * 2.0) / tessellation + math.pi
            normal = Vector3(math.cos(inner_angle), math.sin(inner_angle), 0)
            position = normal.scale(thickness / 2)
            position = Vector3.TransformCoordinates(position, transform)
            normal = Vector3.TransformNormal(normal, transform)
            positions += [position.x, position.y, position.z]
            normals += [normal.x, normal.y, normal.z]
            uvs += [u, v]
            next_i = (i + 1) % stride
            next_j = (j + 1) % stride
            indices += [
                i * stride + j, i * stride + next_j, next_i * stride + j,
                i * stride + next_j, next_i * stride + next_j, next_i * stride + j,
            ]  # fmt: skip
    VertexData._ComputeSides(
        side_orientation, positions, indices, normals, uvs,
        _get(options, "frontUVs"), _get(options, "backUVs"),
    )  # fmt: skip
    return _finish(indices, positions, normals, uvs)


@bounded("CreateTorus", 1)
def CreateTorus(name: str, options: _Options = None, scene: object | None = None) -> Mesh:
    """A torus mesh (``MeshBuilder.CreateTorus``); see :func:`CreateTorusVertexData`."""
    return _build(Mesh(name, scene), options, CreateTorusVertexData)


# --------------------------------------------------------------------------------------------
# Torus knot
# --------------------------------------------------------------------------------------------


@bounded("CreateTorusKnot", 0)
def CreateTorusKnotVertexData(options: _Options = None) -> VertexData:
    """Vertex data of a (p, q) torus knot (``VertexData.CreateTorusKnot``).

    Parameters
    ----------
    options
        ``radius`` (2), ``tube`` (0.5), ``radialSegments`` (32), ``tubularSegments`` (32),
        ``p`` (2), ``q`` (3), ``sideOrientation``, ``frontUVs``/``backUVs``.
    """
    indices: list[int] = []
    positions: list[float] = []
    normals: list[float] = []
    uvs: list[float] = []
    radius = _js_or(options, ("radius",), 2)
    tube = _js_or(options, ("tube",), 0.5)
    radial = int(_js_or(options, ("radialSegments",), 32))
    tubular = int(_js_or(options, ("tubularSegments",), 32))
    p = _js_or(options, ("p",), 2)
    q = _js_or(options, ("q",), 3)
    side_orientation = _side_orientation(options)

    def get_pos(angle: float) -> Vector3:
        cu = math.cos(angle)
        su = math.sin(angle)
        qu_over_p = (q / p) * angle
        cs = math.cos(qu_over_p)
        return Vector3(
            radius * (2 + cs) * 0.5 * cu,
            radius * (2 + cs) * su * 0.5,
            radius * math.sin(qu_over_p) * 0.5,
        )

    for i in range(radial + 1):
        mod_i = i % radial
        u = (mod_i / radial) * 2 * p * math.pi
        p1 = get_pos(u)
        p2 = get_pos(u + 0.01)
        tang = p2.subtract(p1)
        n = p2.add(p1)
        bitan = Vector3.Cross(tang, n)
        n = Vector3.Cross(bitan, tang)
        bitan.normalize()
        n.normalize()
        for j in range(tubular):
            v = ((j % tubular) / tubular) * 2 * math.pi
            cx = -tube * math.cos(v)
            cy = tube * math.sin(v)
            positions += [
                p1.x + cx * n.x + cy * bitan.x,
                p1.y + cx * n.y + cy * bitan.y,
                p1.z + cx * n.z + cy * bitan.z,
            ]
            uvs += [i / radial, j / tubular]
    for i in range(radial):
        for j in range(tubular):
            j_next = (j + 1) % tubular
            a = i * tubular + j
            b = (i + 1) * tubular + j
            c = (i + 1) * tubular + j_next
            d = i * tubular + j_next
            indices += [d, b, a, d, c, b]
    compute_normals(positions, indices, normals)
    VertexData._ComputeSides(
        side_orientation, positions, indices, normals, uvs,
        _get(options, "frontUVs"), _get(options, "backUVs"),
    )  # fmt: skip
    return _finish(indices, positions, normals, uvs)


@bounded("CreateTorusKnot", 1)
def CreateTorusKnot(name: str, options: _Options = None, scene: object | None = None) -> Mesh:
    """A torus knot mesh (``MeshBuilder.CreateTorusKnot``); see
    :func:`CreateTorusKnotVertexData`."""
    return _build(Mesh(name, scene), options, CreateTorusKnotVertexData)
