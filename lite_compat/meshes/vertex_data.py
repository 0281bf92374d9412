"""Babylon.js ``VertexData``, ``VertexBuffer`` kinds and the ``Create*VertexData`` builders.

Port of ``@babylonjs/core`` 9.31 ``Meshes/mesh.vertexData.js``, the kind names of
``Buffers/buffer.js`` and the vertex-data halves of ``Meshes/Builders/boxBuilder.pure.js``,
``sphereBuilder.pure.js``, ``planeBuilder.pure.js`` and ``groundBuilder.pure.js``. Options are
Babylon's object literals as dicts (``{"size": 2}``) and are read with JavaScript's rules
(``options.width || options.size || 1`` treats 0 as missing; ``segments | 0`` truncates), so
positions, normals, uvs and indices equal Babylon's, value for value and in the same order.
The sphere goes through float32 rotation matrices exactly as Babylon.js does. The meshes these
fill live in :mod:`lite_compat.meshes.mesh`; :mod:`lite_compat.meshes.builders.mesh_builder` builds
both.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import ClassVar, Final, Protocol, TypeAlias

from lite_compat._js import js_mod, to_int32, truthy
from lite_compat.math import Color4, Matrix, Vector3, Vector4
from lite_compat.meshes.shape_budget import bounded

__all__ = [
    "CreateBoxVertexData",
    "CreateGroundVertexData",
    "CreatePlaneVertexData",
    "CreateSphereVertexData",
    "MeshLike",
    "VertexBuffer",
    "VertexData",
]

FloatArray: TypeAlias = list[float]
IndicesArray: TypeAlias = list[int]
#: A Babylon.js options object literal (``{"size": 2, "sideOrientation": Mesh.DOUBLESIDE}``).
BuilderOptions: TypeAlias = Mapping[str, object]
_Options: TypeAlias = BuilderOptions | None

#: Babylon.js ``useOpenGLOrientationForUV`` (Compat/compatibilityOptions): flips V when True.
useOpenGLOrientationForUV = False  # noqa: N816


class MeshLike(Protocol):
    """What :meth:`VertexData.applyToMesh` writes to (a :class:`~lite_compat.meshes.mesh.Mesh`)."""

    def setVerticesData(self, kind: str, data: Sequence[float], updatable: bool = False) -> object:
        """Store one vertex attribute."""
        ...

    def setIndices(
        self, indices: Sequence[int], totalVertices: int | None = None, updatable: bool = False
    ) -> object:
        """Store the indices."""
        ...


class VertexBuffer:
    """Vertex attribute kind names (``BABYLON.VertexBuffer``'s ``*Kind`` constants)."""

    PositionKind: Final = "position"
    NormalKind: Final = "normal"
    TangentKind: Final = "tangent"
    UVKind: Final = "uv"
    UV2Kind: Final = "uv2"
    UV3Kind: Final = "uv3"
    UV4Kind: Final = "uv4"
    UV5Kind: Final = "uv5"
    UV6Kind: Final = "uv6"
    ColorKind: Final = "color"
    ColorInstanceKind: Final = "instanceColor"
    MatricesIndicesKind: Final = "matricesIndices"
    MatricesWeightsKind: Final = "matricesWeights"
    MatricesIndicesExtraKind: Final = "matricesIndicesExtra"
    MatricesWeightsExtraKind: Final = "matricesWeightsExtra"

    @staticmethod
    def DeduceStride(kind: str) -> int:
        """Number of floats per vertex for a standard kind (``VertexBuffer.DeduceStride``)."""
        if kind in ("uv", "uv2", "uv3", "uv4", "uv5", "uv6"):
            return 2
        if kind in ("normal", "position"):
            return 3
        if kind in (
            "color",
            "instanceColor",
            "matricesIndices",
            "matricesIndicesExtra",
            "matricesWeights",
            "matricesWeightsExtra",
            "tangent",
        ):
            return 4
        raise ValueError(f"Invalid kind '{kind}'")


# (VertexData attribute, VertexBuffer kind) in Babylon's VertexData._applyToCoroutine order.
_VERTEX_DATA_KINDS: Final[tuple[tuple[str, str], ...]] = (
    ("positions", VertexBuffer.PositionKind),
    ("normals", VertexBuffer.NormalKind),
    ("tangents", VertexBuffer.TangentKind),
    ("uvs", VertexBuffer.UVKind),
    ("uvs2", VertexBuffer.UV2Kind),
    ("uvs3", VertexBuffer.UV3Kind),
    ("uvs4", VertexBuffer.UV4Kind),
    ("uvs5", VertexBuffer.UV5Kind),
    ("uvs6", VertexBuffer.UV6Kind),
    ("colors", VertexBuffer.ColorKind),
    ("matricesIndices", VertexBuffer.MatricesIndicesKind),
    ("matricesWeights", VertexBuffer.MatricesWeightsKind),
    ("matricesIndicesExtra", VertexBuffer.MatricesIndicesExtraKind),
    ("matricesWeightsExtra", VertexBuffer.MatricesWeightsExtraKind),
)


class VertexData:
    """Raw vertex data of one shape (``BABYLON.VertexData``): flat lists, ``None`` when absent.

    ``CreateBox``/``CreateSphere``/``CreatePlane``/``CreateGround`` build one from Babylon's
    options dictionaries; :meth:`applyToMesh` stores it on a :class:`Mesh`.
    """

    FRONTSIDE: ClassVar[int] = 0
    BACKSIDE: ClassVar[int] = 1
    DOUBLESIDE: ClassVar[int] = 2
    DEFAULTSIDE: ClassVar[int] = 0

    def __init__(self) -> None:
        self.positions: FloatArray | None = None
        self.normals: FloatArray | None = None
        self.tangents: FloatArray | None = None
        self.uvs: FloatArray | None = None
        self.uvs2: FloatArray | None = None
        self.uvs3: FloatArray | None = None
        self.uvs4: FloatArray | None = None
        self.uvs5: FloatArray | None = None
        self.uvs6: FloatArray | None = None
        self.colors: FloatArray | None = None
        self.matricesIndices: FloatArray | None = None
        self.matricesWeights: FloatArray | None = None
        self.matricesIndicesExtra: FloatArray | None = None
        self.matricesWeightsExtra: FloatArray | None = None
        self.indices: IndicesArray | None = None

    def set(self, data: FloatArray, kind: str) -> None:
        """Store ``data`` under the attribute matching ``kind`` (``VertexData.set``)."""
        for attribute, k in _VERTEX_DATA_KINDS:
            if k == kind:
                setattr(self, attribute, data)
                return

    def applyToMesh(self, mesh: MeshLike, updatable: bool = False) -> VertexData:
        """Store every present attribute (and the indices) on ``mesh``."""
        for attribute, kind in _VERTEX_DATA_KINDS:
            data = getattr(self, attribute)
            if data is not None:
                mesh.setVerticesData(kind, data, updatable)
        if self.indices is not None:
            mesh.setIndices(self.indices, None, updatable)
        return self

    @staticmethod
    def CreateBox(options: _Options) -> VertexData:
        """Box vertex data (see :func:`CreateBoxVertexData`)."""
        return CreateBoxVertexData(options)

    @staticmethod
    def CreateSphere(options: _Options) -> VertexData:
        """Sphere vertex data (see :func:`CreateSphereVertexData`)."""
        return CreateSphereVertexData(options)

    @staticmethod
    def CreatePlane(options: _Options) -> VertexData:
        """Plane vertex data (see :func:`CreatePlaneVertexData`)."""
        return CreatePlaneVertexData(options)

    @staticmethod
    def CreateGround(options: _Options) -> VertexData:
        """Ground vertex data (see :func:`CreateGroundVertexData`)."""
        return CreateGroundVertexData(options)

    @staticmethod
    def _ComputeSides(
        sideOrientation: int,
        positions: FloatArray,
        indices: IndicesArray,
        normals: FloatArray,
        uvs: FloatArray,
        frontUVs: object = None,
        backUVs: object = None,
    ) -> None:
        """Apply FRONTSIDE / BACKSIDE / DOUBLESIDE in place (``VertexData._ComputeSides``)."""
        li = len(indices)
        ln = len(normals)
        side = sideOrientation or VertexData.DEFAULTSIDE
        if side == VertexData.BACKSIDE:
            for i in range(0, li, 3):
                indices[i], indices[i + 2] = indices[i + 2], indices[i]
            for n in range(ln):
                normals[n] = -normals[n]
        elif side == VertexData.DOUBLESIDE:
            lp = len(positions)
            count = lp // 3
            positions.extend(positions[:lp])
            # Back faces: the front triangles reversed, offset by the vertex count.
            for i in range(0, li, 3):
                indices.extend((indices[i + 2] + count, indices[i + 1] + count, indices[i] + count))
            normals.extend([-normals[n] for n in range(ln)])
            lu = len(uvs)
            uvs.extend(uvs[:lu])
            fx, fy, fz, fw = _uv_rect(frontUVs)
            bx, by, bz, bw = _uv_rect(backUVs)
            u = 0
            for _ in range(lu // 2):
                uvs[u] = fx + (fz - fx) * uvs[u]
                uvs[u + 1] = fy + (fw - fy) * uvs[u + 1]
                uvs[u + lu] = bx + (bz - bx) * uvs[u + lu]
                uvs[u + lu + 1] = by + (bw - by) * uvs[u + lu + 1]
                u += 2


def _uv_rect(value: object) -> tuple[float, float, float, float]:
    """``frontUVs``/``backUVs`` (a Vector4-like), defaulting to (0, 0, 1, 1)."""
    if not value:
        return 0.0, 0.0, 1.0, 1.0
    return (
        float(getattr(value, "x", 0.0)),
        float(getattr(value, "y", 0.0)),
        float(getattr(value, "z", 1.0)),
        float(getattr(value, "w", 1.0)),
    )


# Box geometry tables (boxBuilder.pure.js), 6 faces x 4 vertices.
_BOX_INDICES: Final = (
    0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7, 8, 9, 10, 8, 10, 11,
    12, 13, 14, 12, 14, 15, 16, 17, 18, 16, 18, 19, 20, 21, 22, 20, 22, 23,
)  # fmt: skip
_BOX_NORMALS: Final = (
    0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1,
    0, 0, -1, 0, 0, -1, 0, 0, -1, 0, 0, -1,
    1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0,
    -1, 0, 0, -1, 0, 0, -1, 0, 0, -1, 0, 0,
    0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0,
    0, -1, 0, 0, -1, 0, 0, -1, 0, 0, -1, 0,
)  # fmt: skip
_BOX_POSITIONS: Final = (
    1, -1, 1, -1, -1, 1, -1, 1, 1, 1, 1, 1,
    1, 1, -1, -1, 1, -1, -1, -1, -1, 1, -1, -1,
    1, 1, -1, 1, -1, -1, 1, -1, 1, 1, 1, 1,
    -1, 1, 1, -1, -1, 1, -1, -1, -1, -1, 1, -1,
    -1, 1, 1, -1, 1, -1, 1, 1, -1, 1, 1, 1,
    1, -1, 1, 1, -1, -1, -1, -1, -1, -1, -1, 1,
)  # fmt: skip
_BOX_WRAP_INDICES: Final = (
    2, 3, 0, 2, 0, 1, 4, 5, 6, 4, 6, 7, 9, 10, 11, 9, 11, 8, 12, 14, 15, 12, 13, 14,
)  # fmt: skip
_BOX_WRAP_POSITIONS: Final = (
    -1, 1, 1, 1, 1, 1, 1, -1, 1, -1, -1, 1,
    1, 1, -1, -1, 1, -1, -1, -1, -1, 1, -1, -1,
    1, 1, 1, 1, 1, -1, 1, -1, -1, 1, -1, 1,
    -1, 1, -1, -1, 1, 1, -1, -1, 1, -1, -1, -1,
)  # fmt: skip


# --------------------------------------------------------------------------------------------
# JavaScript option semantics
# --------------------------------------------------------------------------------------------


def _get(options: _Options, key: str) -> object:
    """``options.key`` (None plays JavaScript's undefined/null)."""
    return None if options is None else options.get(key)


def _js_or(options: _Options, keys: Sequence[str], default: float) -> float:
    """``options.k0 || options.k1 || ... || default`` for numeric options."""
    for key in keys:
        value = _get(options, key)
        if truthy(value):
            return float(value)  # type: ignore[arg-type]
    return default


def _side_orientation(options: _Options) -> int:
    """``options.sideOrientation === 0 ? 0 : options.sideOrientation || VertexData.DEFAULTSIDE``."""
    value = _get(options, "sideOrientation")
    if value == 0 and value is not False:
        return 0
    return int(value) if truthy(value) else VertexData.DEFAULTSIDE  # type: ignore[call-overload]


def _v(flip: bool, value: float) -> float:
    """A V coordinate, flipped when ``useOpenGLOrientationForUV``."""
    return 1.0 - value if flip else value


# --------------------------------------------------------------------------------------------
# Vertex data
# --------------------------------------------------------------------------------------------


def CreateBoxVertexData(options: _Options = None) -> VertexData:
    """Vertex data of a box (``VertexData.CreateBox``).

    Parameters
    ----------
    options
        ``size`` (1), ``width``/``height``/``depth`` (default ``size``), ``faceUV`` (6
        Vector4), ``faceColors`` (6 Color4), ``wrap``, ``topBaseAt`` (1), ``bottomBaseAt``
        (0), ``sideOrientation``, ``frontUVs``/``backUVs``.

    Returns
    -------
    VertexData
        24 vertices and 36 indices (48 and 72 when double sided); 20 and 36 with ``wrap``.
    """
    nb_faces = 6
    indices = list(_BOX_INDICES)
    normals: list[float] = [float(n) for n in _BOX_NORMALS]
    uvs: list[float] = []
    width = _js_or(options, ("width", "size"), 1)
    height = _js_or(options, ("height", "size"), 1)
    depth = _js_or(options, ("depth", "size"), 1)
    wrap = truthy(_get(options, "wrap"))
    top_base_raw = _get(options, "topBaseAt")
    bottom_base_raw = _get(options, "bottomBaseAt")
    top_base = 1.0 if top_base_raw is None else float(top_base_raw)  # type: ignore[arg-type]
    bottom_base = 0.0 if bottom_base_raw is None else float(bottom_base_raw)  # type: ignore[arg-type]
    top_base = js_mod(top_base + 4, 4)
    bottom_base = js_mod(bottom_base + 4, 4)
    top_order = (2, 0, 3, 1)
    bottom_order = (2, 0, 1, 3)
    top_index = top_order[int(top_base)]
    bottom_index = bottom_order[int(bottom_base)]
    base_positions: list[float] = [float(p) for p in _BOX_POSITIONS]
    if wrap:
        indices = list(_BOX_WRAP_INDICES)
        base_positions = [float(p) for p in _BOX_WRAP_POSITIONS]
        top_face_base = [[1, 1, 1], [-1, 1, 1], [-1, 1, -1], [1, 1, -1]]
        bottom_face_base = [[-1, -1, 1], [1, -1, 1], [1, -1, -1], [-1, -1, -1]]
        top_face_order = [17, 18, 19, 16]
        bottom_face_order = [22, 23, 20, 21]
        while top_index > 0:
            top_face_base.insert(0, top_face_base.pop())
            top_face_order.insert(0, top_face_order.pop())
            top_index -= 1
        while bottom_index > 0:
            bottom_face_base.insert(0, bottom_face_base.pop())
            bottom_face_order.insert(0, bottom_face_order.pop())
            bottom_index -= 1
        base_positions += [float(c) for vertex in top_face_base for c in vertex]
        base_positions += [float(c) for vertex in bottom_face_base for c in vertex]
        t, b = top_face_order, bottom_face_order
        indices += [t[0], t[2], t[3], t[0], t[1], t[2]]
        indices += [b[0], b[2], b[3], b[0], b[1], b[2]]
    scale = (width / 2, height / 2, depth / 2)
    positions = [value * scale[i % 3] for i, value in enumerate(base_positions)]
    side_orientation = _side_orientation(options)
    face_uv_option = _get(options, "faceUV")
    face_uv: list[object] = list(face_uv_option) if truthy(face_uv_option) else []  # type: ignore[call-overload]
    face_colors_option = _get(options, "faceColors")
    face_colors: list[object] | None = (
        list(face_colors_option)  # type: ignore[call-overload]
        if face_colors_option is not None
        else None
    )
    colors: list[float] = []
    face_uv += [None] * (6 - len(face_uv))
    if face_colors is not None:
        face_colors += [None] * (6 - len(face_colors))
    for f in range(6):
        if face_uv[f] is None:
            face_uv[f] = Vector4(0, 0, 1, 1)
        if face_colors is not None and face_colors[f] is None:
            face_colors[f] = Color4(1, 1, 1, 1)
    flip = useOpenGLOrientationForUV
    for index in range(nb_faces):
        uv = face_uv[index]
        ux, uy, uz, uw = (float(getattr(uv, c)) for c in "xyzw")
        uvs += [uz, _v(flip, uw), ux, _v(flip, uw), ux, _v(flip, uy), uz, _v(flip, uy)]
        if face_colors is not None:
            color = face_colors[index]
            rgba = [float(getattr(color, c)) for c in ("r", "g", "b", "a")]
            colors += rgba * 4
    VertexData._ComputeSides(
        side_orientation,
        positions,
        indices,
        normals,
        uvs,
        _get(options, "frontUVs"),
        _get(options, "backUVs"),
    )
    vertex_data = VertexData()
    vertex_data.indices = indices
    vertex_data.positions = positions
    vertex_data.normals = normals
    vertex_data.uvs = uvs
    if face_colors is not None:
        vertex_data.colors = (
            colors + colors if side_orientation == VertexData.DOUBLESIDE else colors
        )
    return vertex_data


@bounded("CreateSphere", 0)
def CreateSphereVertexData(options: _Options = None) -> VertexData:
    """Vertex data of a UV sphere (``VertexData.CreateSphere``).

    Parameters
    ----------
    options
        ``segments`` (32), ``diameter`` (1), ``diameterX/Y/Z`` (default ``diameter``),
        ``arc`` (1), ``slice`` (1), ``sideOrientation``, ``frontUVs``/``backUVs``,
        ``dedupTopBottomIndices``.

    Returns
    -------
    VertexData
        ``(segments + 3) * (2 * segments + 5)`` vertices.
    """
    segments = to_int32(_js_or(options, ("segments",), 32))
    diameter_x = _js_or(options, ("diameterX", "diameter"), 1)
    diameter_y = _js_or(options, ("diameterY", "diameter"), 1)
    diameter_z = _js_or(options, ("diameterZ", "diameter"), 1)
    arc_option = _get(options, "arc")
    if truthy(arc_option) and (float(arc_option) <= 0 or float(arc_option) > 1):  # type: ignore[arg-type]
        arc = 1.0
    else:
        arc = _js_or(options, ("arc",), 1.0)
    slice_option = _get(options, "slice")
    if truthy(slice_option) and float(slice_option) <= 0:  # type: ignore[arg-type]
        slice_ = 1.0
    else:
        slice_ = _js_or(options, ("slice",), 1.0)
    side_orientation = _side_orientation(options)
    dedup = truthy(_get(options, "dedupTopBottomIndices"))
    radius = Vector3(diameter_x / 2, diameter_y / 2, diameter_z / 2)
    total_z = 2 + segments
    total_y = 2 * total_z
    indices: list[int] = []
    positions: list[float] = []
    normals: list[float] = []
    uvs: list[float] = []
    flip = useOpenGLOrientationForUV
    up = Vector3.Up()
    for z_step in range(total_z + 1):
        normalized_z = z_step / total_z
        angle_z = normalized_z * math.pi * slice_
        for y_step in range(total_y + 1):
            normalized_y = y_step / total_y
            angle_y = normalized_y * math.pi * 2 * arc
            rotation_z = Matrix.RotationZ(-angle_z)
            rotation_y = Matrix.RotationY(angle_y)
            after_rot_z = Vector3.TransformCoordinates(up, rotation_z)
            complete = Vector3.TransformCoordinates(after_rot_z, rotation_y)
            vertex = complete.multiply(radius)
            normal = complete.divide(radius).normalize()
            positions += [vertex.x, vertex.y, vertex.z]
            normals += [normal.x, normal.y, normal.z]
            uvs += [normalized_y, _v(flip, normalized_z)]
        if z_step > 0:
            vertices_count = len(positions) // 3
            first = vertices_count - 2 * (total_y + 1)
            while first + total_y + 2 < vertices_count:
                if dedup:
                    if z_step > 1:
                        indices += [first, first + 1, first + total_y + 1]
                    if z_step < total_z or slice_ < 1.0:
                        indices += [first + total_y + 1, first + 1, first + total_y + 2]
                else:
                    indices += [first, first + 1, first + total_y + 1]
                    indices += [first + total_y + 1, first + 1, first + total_y + 2]
                first += 1
    VertexData._ComputeSides(
        side_orientation,
        positions,
        indices,
        normals,
        uvs,
        _get(options, "frontUVs"),
        _get(options, "backUVs"),
    )
    vertex_data = VertexData()
    vertex_data.indices = indices
    vertex_data.positions = positions
    vertex_data.normals = normals
    vertex_data.uvs = uvs
    return vertex_data


def CreatePlaneVertexData(options: _Options = None) -> VertexData:
    """Vertex data of a plane in the XY plane facing -Z (``VertexData.CreatePlane``).

    Parameters
    ----------
    options
        ``size`` (1), ``width``/``height`` (default ``size``; here 0 is a real value),
        ``sideOrientation``, ``frontUVs``/``backUVs``.
    """
    width_option = _get(options, "width")
    height_option = _get(options, "height")
    size_option = _get(options, "size")
    size = 1.0 if size_option is None else float(size_option)  # type: ignore[arg-type]
    width = size if width_option is None else float(width_option)  # type: ignore[arg-type]
    height = size if height_option is None else float(height_option)  # type: ignore[arg-type]
    side_orientation = _side_orientation(options)
    half_width = width / 2.0
    half_height = height / 2.0
    flip = useOpenGLOrientationForUV
    positions = [
        -half_width, -half_height, 0.0,
        half_width, -half_height, 0.0,
        half_width, half_height, 0.0,
        -half_width, half_height, 0.0,
    ]  # fmt: skip
    normals = [0.0, 0.0, -1.0] * 4
    uvs = [0.0, _v(flip, 0.0), 1.0, _v(flip, 0.0), 1.0, _v(flip, 1.0), 0.0, _v(flip, 1.0)]
    indices = [0, 1, 2, 0, 2, 3]
    VertexData._ComputeSides(
        side_orientation,
        positions,
        indices,
        normals,
        uvs,
        _get(options, "frontUVs"),
        _get(options, "backUVs"),
    )
    vertex_data = VertexData()
    vertex_data.indices = indices
    vertex_data.positions = positions
    vertex_data.normals = normals
    vertex_data.uvs = uvs
    return vertex_data


@bounded("CreateGround", 0)
def CreateGroundVertexData(options: _Options = None) -> VertexData:
    """Vertex data of a ground in the XZ plane facing +Y (``VertexData.CreateGround``).

    Parameters
    ----------
    options
        ``size`` (1), ``width``/``height`` (default ``size``), ``subdivisions`` (1),
        ``subdivisionsX``/``subdivisionsY`` (default ``subdivisions``).

    Returns
    -------
    VertexData
        ``(subdivisionsX + 1) * (subdivisionsY + 1)`` vertices, rows from +Z to -Z.
    """
    width = _js_or(options, ("width", "size"), 1)
    height = _js_or(options, ("height", "size"), 1)
    subdivisions_x = to_int32(_js_or(options, ("subdivisionsX", "subdivisions"), 1))
    subdivisions_y = to_int32(_js_or(options, ("subdivisionsY", "subdivisions"), 1))
    indices: list[int] = []
    positions: list[float] = []
    normals: list[float] = []
    uvs: list[float] = []
    flip = useOpenGLOrientationForUV
    for row in range(subdivisions_y + 1):
        for col in range(subdivisions_x + 1):
            x = (col * width) / subdivisions_x - width / 2.0
            z = ((subdivisions_y - row) * height) / subdivisions_y - height / 2.0
            positions += [x, 0.0, z]
            normals += [0.0, 1.0, 0.0]
            v = row / subdivisions_y
            uvs += [col / subdivisions_x, v if flip else 1.0 - v]
    stride = subdivisions_x + 1
    for row in range(subdivisions_y):
        for col in range(subdivisions_x):
            indices += [
                col + 1 + (row + 1) * stride,
                col + 1 + row * stride,
                col + row * stride,
                col + (row + 1) * stride,
                col + 1 + (row + 1) * stride,
                col + row * stride,
            ]
    vertex_data = VertexData()
    vertex_data.indices = indices
    vertex_data.positions = positions
    vertex_data.normals = normals
    vertex_data.uvs = uvs
    return vertex_data
