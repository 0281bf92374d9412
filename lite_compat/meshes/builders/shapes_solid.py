"""``MeshBuilder`` ico-spheres, polyhedra and capsules with Babylon's vertex data.

Port of ``@babylonjs/core`` 9.31 ``Meshes/Builders/icoSphereBuilder.pure.js``,
``polyhedronBuilder.pure.js`` (its 15 built-in polyhedra are in
:mod:`lite_compat.meshes.builders.shapes_polyhedra`) and ``capsuleBuilder.pure.js``. Options are
Babylon's
object literals as dicts, read with JavaScript's rules, so positions, normals, uvs, colors and
indices equal Babylon's value for value and in the same order.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from lite_compat._js import js_div, to_int32, truthy
from lite_compat.math import Color4, Matrix, Vector2, Vector3, Vector4
from lite_compat.meshes.builders.shapes_common import builder_options, compute_normals
from lite_compat.meshes.builders.shapes_polyhedra import POLYHEDRA
from lite_compat.meshes.mesh import Mesh
from lite_compat.meshes.shape_budget import bounded
from lite_compat.meshes.vertex_data import VertexData, _get, _js_or, _side_orientation

__all__ = [
    "CreateCapsule",
    "CreateCapsuleVertexData",
    "CreateIcoSphere",
    "CreateIcoSphereVertexData",
    "CreatePolyhedron",
    "CreatePolyhedronVertexData",
]

_Options = Mapping[str, object] | None

_T = (1 + math.sqrt(5)) / 2
_ICO_VERTICES = (
    -1, _T, -0.0, 1, _T, 0, -1, -_T, 0, 1, -_T, 0,
    0, -1, -_T, 0, 1, -_T, 0, -1, _T, 0, 1, _T,
    _T, 0, 1, _T, 0, -1, -_T, 0, 1, -_T, 0, -1,
)  # fmt: skip
_ICO_INDICES = (
    0, 11, 5, 0, 5, 1, 0, 1, 7, 0, 7, 10, 12, 22, 23, 1, 5, 20, 5, 11, 4, 23, 22, 13, 22, 18,
    6, 7, 1, 8, 14, 21, 4, 14, 4, 2, 16, 13, 6, 15, 6, 19, 3, 8, 9, 4, 21, 5, 13, 17, 23, 6,
    13, 22, 19, 6, 18, 9, 8, 1,
)  # fmt: skip
_ICO_UNALIAS = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 2, 3, 3, 3, 4, 7, 8, 9, 9, 10, 11)
_ICO_UV = (
    5, 1, 3, 1, 6, 4, 0, 0, 5, 3, 4, 2, 2, 2, 4, 0, 2, 0, 1, 1, 6, 0, 6, 2,
    0, 4, 3, 3, 4, 4, 3, 1, 4, 2, 4, 4, 0, 2, 1, 1, 2, 2, 3, 3, 1, 3, 2, 4,
)  # fmt: skip
_ICO_ISLAND = (0, 0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 0, 0, 1, 1, 1, 0)


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


# --------------------------------------------------------------------------------------------
# Ico-sphere
# --------------------------------------------------------------------------------------------


@bounded("CreateIcoSphere", 0)
def CreateIcoSphereVertexData(options: _Options = None) -> VertexData:
    """Vertex data of a subdivided icosahedron (``VertexData.CreateIcoSphere``).

    Parameters
    ----------
    options
        ``radius`` (1), ``radiusX/Y/Z`` (default ``radius``), ``flat`` (True: one normal per
        facet), ``subdivisions`` (4), ``sideOrientation``, ``frontUVs``/``backUVs``.
    """
    side_orientation = int(_js_or(options, ("sideOrientation",), VertexData.DEFAULTSIDE))
    radius = _js_or(options, ("radius",), 1)
    flat_option = _get(options, "flat")
    flat = True if flat_option is None else truthy(flat_option)
    subdivisions = to_int32(_js_or(options, ("subdivisions",), 4))
    radius_x = _js_or(options, ("radiusX",), radius)
    radius_y = _js_or(options, ("radiusY",), radius)
    radius_z = _js_or(options, ("radiusZ",), radius)
    ustep = 138 / 1024
    vstep = 239 / 1024
    uoffset = 60 / 1024
    voffset = 26 / 1024
    island_u = -40 / 1024
    island_v = 20 / 1024
    indices: list[int] = []
    positions: list[float] = []
    normals: list[float] = []
    uvs: list[float] = []
    current = 0
    face_pos = [Vector3.Zero() for _ in range(3)]
    face_uv = [Vector2.Zero() for _ in range(3)]
    for face in range(20):
        for k in range(3):
            v_id = _ICO_INDICES[3 * face + k]
            base = 3 * _ICO_UNALIAS[v_id]
            face_pos[k].copyFromFloats(
                _ICO_VERTICES[base], _ICO_VERTICES[base + 1], _ICO_VERTICES[base + 2]
            )
            face_pos[k].normalize()
            face_uv[k].copyFromFloats(
                _ICO_UV[2 * v_id] * ustep + uoffset + _ICO_ISLAND[face] * island_u,
                _ICO_UV[2 * v_id + 1] * vstep + voffset + _ICO_ISLAND[face] * island_v,
            )

        def interp(i1: float, i2: float, c1: float, c2: float) -> None:
            nonlocal current
            pos_x0 = Vector3.Lerp(face_pos[0], face_pos[2], i2 / subdivisions)
            pos_x1 = Vector3.Lerp(face_pos[1], face_pos[2], i2 / subdivisions)
            pos = (
                face_pos[2]
                if subdivisions == i2
                else Vector3.Lerp(pos_x0, pos_x1, i1 / (subdivisions - i2))
            )
            pos.normalize()
            if flat:
                centroid_x0 = Vector3.Lerp(face_pos[0], face_pos[2], c2 / subdivisions)
                centroid_x1 = Vector3.Lerp(face_pos[1], face_pos[2], c2 / subdivisions)
                normal = Vector3.Lerp(centroid_x0, centroid_x1, c1 / (subdivisions - c2))
            else:
                normal = Vector3(pos.x, pos.y, pos.z)
            normal.x /= radius_x
            normal.y /= radius_y
            normal.z /= radius_z
            normal.normalize()
            uv_x0 = Vector2.Lerp(face_uv[0], face_uv[2], i2 / subdivisions)
            uv_x1 = Vector2.Lerp(face_uv[1], face_uv[2], i2 / subdivisions)
            uv = (
                face_uv[2]
                if subdivisions == i2
                else Vector2.Lerp(uv_x0, uv_x1, i1 / (subdivisions - i2))
            )
            positions.extend((pos.x * radius_x, pos.y * radius_y, pos.z * radius_z))
            normals.extend((normal.x, normal.y, normal.z))
            uvs.extend((uv.x, uv.y))
            indices.append(current)
            current += 1

        for i2 in range(subdivisions):
            i1 = 0
            while i1 + i2 < subdivisions:
                interp(i1, i2, i1 + 1.0 / 3, i2 + 1.0 / 3)
                interp(i1 + 1, i2, i1 + 1.0 / 3, i2 + 1.0 / 3)
                interp(i1, i2 + 1, i1 + 1.0 / 3, i2 + 1.0 / 3)
                if i1 + i2 + 1 < subdivisions:
                    interp(i1 + 1, i2, i1 + 2.0 / 3, i2 + 2.0 / 3)
                    interp(i1 + 1, i2 + 1, i1 + 2.0 / 3, i2 + 2.0 / 3)
                    interp(i1, i2 + 1, i1 + 2.0 / 3, i2 + 2.0 / 3)
                i1 += 1
    VertexData._ComputeSides(
        side_orientation, positions, indices, normals, uvs,
        _get(options, "frontUVs"), _get(options, "backUVs"),
    )  # fmt: skip
    return _finish(indices, positions, normals, uvs)


@bounded("CreateIcoSphere", 1)
def CreateIcoSphere(name: str, options: _Options = None, scene: object | None = None) -> Mesh:
    """An ico-sphere mesh (``MeshBuilder.CreateIcoSphere``); see
    :func:`CreateIcoSphereVertexData`."""
    opts = builder_options(options)
    sphere = Mesh(name, scene)
    sphere._originalBuilderSideOrientation = int(opts["sideOrientation"])  # type: ignore[call-overload]
    CreateIcoSphereVertexData(opts).applyToMesh(sphere, truthy(opts.get("updatable")))
    return sphere


# --------------------------------------------------------------------------------------------
# Polyhedron
# --------------------------------------------------------------------------------------------


def _custom_polyhedron(value: object) -> tuple[Sequence[Sequence[float]], Sequence[Sequence[int]]]:
    if isinstance(value, Mapping):
        return value["vertex"], value["face"]
    return getattr(value, "vertex"), getattr(value, "face")  # noqa: B009


def CreatePolyhedronVertexData(options: _Options = None) -> VertexData:
    """Vertex data of one of Babylon's 15 polyhedra or a custom one
    (``VertexData.CreatePolyhedron``).

    Parameters
    ----------
    options
        ``type`` (0 to 14, default 0: tetrahedron), ``size`` (1), ``sizeX/Y/Z`` (default
        ``size``), ``custom`` (``{"vertex": [[x, y, z], ...], "face": [[i, j, k, ...], ...]}``),
        ``faceUV``, ``faceColors``, ``flat`` (True), ``sideOrientation``,
        ``frontUVs``/``backUVs``.
    """
    type_option = _get(options, "type")
    if truthy(type_option) and (float(type_option) < 0 or float(type_option) >= len(POLYHEDRA)):  # type: ignore[arg-type]
        kind = 0
    else:
        kind = int(type_option) if truthy(type_option) else 0  # type: ignore[call-overload]
    size = _js_or(options, ("size",), 1)
    size_x = _js_or(options, ("sizeX",), size)
    size_y = _js_or(options, ("sizeY",), size)
    size_z = _js_or(options, ("sizeZ",), size)
    custom = _get(options, "custom")
    vertex, faces = _custom_polyhedron(custom) if truthy(custom) else POLYHEDRA[kind]
    nb_faces = len(faces)
    face_uv_option = _get(options, "faceUV")
    face_uv: list[object] = list(face_uv_option) if truthy(face_uv_option) else []  # type: ignore[call-overload]
    face_colors_option = _get(options, "faceColors")
    face_colors: list[object] | None = (
        list(face_colors_option) if truthy(face_colors_option) else None  # type: ignore[call-overload]
    )
    flat_option = _get(options, "flat")
    flat = True if flat_option is None else truthy(flat_option)
    side_orientation = _side_orientation(options)
    positions: list[float] = []
    indices: list[int] = []
    normals: list[float] = []
    uvs: list[float] = []
    colors: list[float] = []
    if flat:
        face_uv += [None] * (nb_faces - len(face_uv))
        if face_colors is not None:
            face_colors += [None] * (nb_faces - len(face_colors))
        for f in range(nb_faces):
            if face_colors is not None and face_colors[f] is None:
                face_colors[f] = Color4(1, 1, 1, 1)
            if face_uv[f] is None:
                face_uv[f] = Vector4(0, 0, 1, 1)
    if not flat:
        for point in vertex:
            positions += [point[0] * size_x, point[1] * size_y, point[2] * size_z]
            uvs += [0.0, 0.0]
        for face in faces:
            for i in range(len(face) - 2):
                indices += [face[0], face[i + 2], face[i + 1]]
    else:
        index = 0
        face_idx = 0
        indexes: list[int] = []
        for f, face in enumerate(faces):
            fl = len(face)
            ang = (2 * math.pi) / fl
            x = 0.5 * math.tan(ang / 2)
            y = 0.5
            ux, uy, uz, uw = (float(getattr(face_uv[f], c)) for c in "xyzw")
            for i in range(fl):
                point = vertex[face[i]]
                positions += [point[0] * size_x, point[1] * size_y, point[2] * size_z]
                indexes.append(index)
                index += 1
                uvs += [ux + (uz - ux) * (0.5 + x), uy + (uw - uy) * (y - 0.5)]
                tmp = x * math.cos(ang) - y * math.sin(ang)
                y = x * math.sin(ang) + y * math.cos(ang)
                x = tmp
                if face_colors is not None:
                    color = face_colors[f]
                    colors += [float(getattr(color, k)) for k in ("r", "g", "b", "a")]
            for i in range(fl - 2):
                indices += [indexes[face_idx], indexes[i + 2 + face_idx], indexes[i + 1 + face_idx]]
            face_idx += fl
    compute_normals(positions, indices, normals)
    VertexData._ComputeSides(
        side_orientation, positions, indices, normals, uvs,
        _get(options, "frontUVs"), _get(options, "backUVs"),
    )  # fmt: skip
    return _finish(
        indices, positions, normals, uvs, colors if face_colors is not None and flat else None
    )


def CreatePolyhedron(name: str, options: _Options = None, scene: object | None = None) -> Mesh:
    """A polyhedron mesh (``MeshBuilder.CreatePolyhedron``); see
    :func:`CreatePolyhedronVertexData`."""
    opts = builder_options(options)
    mesh = Mesh(name, scene)
    mesh._originalBuilderSideOrientation = int(opts["sideOrientation"])  # type: ignore[call-overload]
    CreatePolyhedronVertexData(opts).applyToMesh(mesh, truthy(opts.get("updatable")))
    return mesh


# --------------------------------------------------------------------------------------------
# Capsule
# --------------------------------------------------------------------------------------------


def _or(options: _Options, key: str, default: float) -> float:
    """``options.key ? options.key : default``."""
    value = _get(options, key)
    return float(value) if truthy(value) else default  # type: ignore[arg-type]


@bounded("CreateCapsule", 0)
def CreateCapsuleVertexData(options: _Options = None) -> VertexData:
    """Vertex data of a capsule along Y (``VertexData.CreateCapsule``).

    Parameters
    ----------
    options
        ``height`` (1, caps included), ``radius`` (0.25), ``radiusTop``/``radiusBottom``
        (default ``radius``), ``tessellation`` (16), ``subdivisions`` (2),
        ``capSubdivisions`` (6), ``topCapSubdivisions``/``bottomCapSubdivisions``,
        ``orientation`` (a Vector3; the capsule axis, default up).
    """
    if options is None:
        options = {"subdivisions": 2, "tessellation": 16, "height": 1, "radius": 0.25,
                   "capSubdivisions": 6}  # fmt: skip
    subdivisions = to_int32(max(_or(options, "subdivisions", 2), 1))
    radial = to_int32(max(_or(options, "tessellation", 16), 3))
    height = max(_or(options, "height", 1), 0)
    radius = max(_or(options, "radius", 0.25), 0)
    cap_detail = to_int32(max(_or(options, "capSubdivisions", 6), 1))
    radius_top = max(_or(options, "radiusTop", radius), 0)
    radius_bottom = max(_or(options, "radiusBottom", radius), 0)
    height_minus_caps = height - (radius_top + radius_bottom)
    theta_length = 2.0 * math.pi
    top_segments = max(_or(options, "topCapSubdivisions", cap_detail), 1)
    bottom_segments = max(_or(options, "bottomCapSubdivisions", cap_detail), 1)
    ratio = js_div(radius_bottom - radius_top, height)
    alpha = math.acos(ratio) if -1 <= ratio <= 1 else math.nan
    indices: list[int] = []
    vertices: list[float] = []
    normals: list[float] = []
    uvs: list[float] = []
    index = 0
    index_array: list[list[int]] = []
    half_height = height_minus_caps * 0.5
    pi2 = math.pi * 0.5
    cos_alpha = math.cos(alpha)
    sin_alpha = math.sin(alpha)
    cone_length = (
        Vector2(radius_top * sin_alpha, half_height + radius_top * cos_alpha)
        .subtract(Vector2(radius_bottom * sin_alpha, -half_height + radius_bottom * cos_alpha))
        .length()
    )
    vl = radius_top * alpha + cone_length + radius_bottom * (pi2 - alpha)
    v = 0.0
    normal = Vector3.Zero()

    def ring(ring_radius: float, y_value: float, normal_of: object) -> None:
        nonlocal index
        row: list[int] = []
        for x in range(radial + 1):
            u = x / radial
            theta = u * theta_length
            sin_theta = math.sin(theta)
            cos_theta = math.cos(theta)
            vertices.extend((ring_radius * sin_theta, y_value, ring_radius * cos_theta))
            normal_of(sin_theta, cos_theta)  # type: ignore[operator]
            normals.extend((normal.x, normal.y, normal.z))
            uvs.extend((u, 1 - js_div(v, vl)))
            row.append(index)
            index += 1
        index_array.append(row)

    y = 0
    while y <= top_segments:
        a = pi2 - alpha * (y / top_segments)
        v += (radius_top * alpha) / top_segments
        cos_a = math.cos(a)
        sin_a = math.sin(a)
        ring(
            cos_a * radius_top,
            half_height + sin_a * radius_top,
            lambda st, ct, ca=cos_a, sa=sin_a: normal.set(ca * st, sa, ca * ct),
        )
        y += 1
    cone_height = (
        height - radius_top - radius_bottom + cos_alpha * radius_top - cos_alpha * radius_bottom
    )
    slope = js_div(sin_alpha * (radius_bottom - radius_top), cone_height)
    for y in range(1, subdivisions + 1):
        v += cone_length / subdivisions
        ring(
            sin_alpha * ((y * (radius_bottom - radius_top)) / subdivisions + radius_top),
            half_height + cos_alpha * radius_top - (y * cone_height) / subdivisions,
            lambda st, ct: normal.set(st, slope, ct).normalize(),
        )
    y = 1
    while y <= bottom_segments:
        a = pi2 - alpha - (math.pi - alpha) * (y / bottom_segments)
        v += (radius_bottom * alpha) / bottom_segments
        cos_a = math.cos(a)
        sin_a = math.sin(a)
        ring(
            cos_a * radius_bottom,
            -half_height + sin_a * radius_bottom,
            lambda st, ct, ca=cos_a, sa=sin_a: normal.set(ca * st, sa, ca * ct),
        )
        y += 1
    rows = len(index_array) - 1
    for x in range(radial):
        for y in range(rows):
            i1 = index_array[y][x]
            i2 = index_array[y + 1][x]
            i3 = index_array[y + 1][x + 1]
            i4 = index_array[y][x + 1]
            indices += [i1, i2, i4, i2, i3, i4]
    indices.reverse()
    orientation = _get(options, "orientation")
    if isinstance(orientation, Vector3) and not orientation.equals(Vector3.Up()):
        m = Matrix()
        orientation.clone().scale(math.pi * 0.5).cross(
            Vector3.Up()
        ).toQuaternion().toRotationMatrix(m)
        point = Vector3.Zero()
        for i in range(0, len(vertices), 3):
            point.set(vertices[i], vertices[i + 1], vertices[i + 2])
            Vector3.TransformCoordinatesToRef(point.clone(), m, point)
            vertices[i : i + 3] = [point.x, point.y, point.z]
    return _finish(indices, vertices, normals, uvs)


@bounded("CreateCapsule", 1)
def CreateCapsule(name: str, options: _Options = None, scene: object | None = None) -> Mesh:
    """A capsule mesh (``MeshBuilder.CreateCapsule``); see :func:`CreateCapsuleVertexData`.

    Unlike the other builders, Babylon.js gives this one no side orientation.
    """
    capsule = Mesh(name, scene)
    opts: Mapping[str, object] = (
        options
        if options is not None
        else {"orientation": Vector3.Up(), "subdivisions": 2, "tessellation": 16, "height": 1,
              "radius": 0.25, "capSubdivisions": 6, "updatable": False}
    )  # fmt: skip
    CreateCapsuleVertexData(opts).applyToMesh(capsule, truthy(opts.get("updatable")))
    return capsule
