"""``MeshBuilder`` tiled planes, tiled boxes, tiled grounds and grounds from height maps.

Port of ``@babylonjs/core`` 9.31 ``Meshes/Builders/tiledPlaneBuilder.pure.js``,
``tiledBoxBuilder.pure.js`` and the tiled-ground and height-map halves of
``groundBuilder.pure.js``. Tile patterns (``Mesh.NO_FLIP`` 0, ``FLIP_TILE`` 1, ``ROTATE_TILE``
2, ``FLIP_ROW`` 3, ``ROTATE_ROW`` 4, ``FLIP_N_ROTATE_TILE`` 5, ``FLIP_N_ROTATE_ROW`` 6) and
alignments (``CENTER`` 0, ``LEFT`` 1, ``RIGHT`` 2, ``TOP`` 3, ``BOTTOM`` 4) are Babylon's
numbers. ``CreateGroundFromHeightMap`` takes the height map as Babylon's buffer form
(``{"data": rgba bytes, "width": w, "height": h}``); a URL string would be fetched by Babylon.js,
which lite_compat never does, so that form raises ``LITE-COMPAT-023`` (network).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, MutableSequence, Sequence

from lite.errors import LiteError, UnsupportedError
from lite_compat._js import to_int32, truthy
from lite_compat._refusal import NETWORK
from lite_compat.engines.engine_store import EngineStore
from lite_compat.math import Color3, Color4, Matrix, Vector3, Vector4
from lite_compat.meshes.builders.shapes_common import builder_options, compute_normals, float32_list
from lite_compat.meshes.ground_mesh import GroundMesh
from lite_compat.meshes.mesh import Mesh
from lite_compat.meshes.shape_budget import bounded
from lite_compat.meshes.vertex_data import VertexData, _get, _js_or, _side_orientation

__all__ = [
    "CreateGroundFromHeightMap",
    "CreateGroundFromHeightMapVertexData",
    "CreateTiledBox",
    "CreateTiledBoxVertexData",
    "CreateTiledGround",
    "CreateTiledGroundVertexData",
    "CreateTiledPlane",
    "CreateTiledPlaneVertexData",
]

_Options = Mapping[str, object] | None

NO_FLIP, FLIP_TILE, ROTATE_TILE, FLIP_ROW, ROTATE_ROW, FLIP_N_ROTATE_TILE, FLIP_N_ROTATE_ROW = (
    range(7)
)
CENTER, LEFT, RIGHT, TOP, BOTTOM = range(5)
_TILE_PATTERNS = (FLIP_TILE, ROTATE_TILE, FLIP_N_ROTATE_TILE)
_ROW_PATTERNS = (FLIP_ROW, ROTATE_ROW, FLIP_N_ROTATE_ROW)
_WHITE = (1.0,) * 16
_MINUS_Z = (0.0, 0.0, -1.0) * 4

_Rect = tuple[float, float, float, float]


def _base(r: _Rect) -> list[float]:
    a, b, c, d = r
    return [a, b, c, b, c, d, a, d]


def _rotated(r: _Rect) -> list[float]:
    a, b, c, d = r
    return [1 - a, 1 - b, 1 - c, 1 - b, 1 - c, 1 - d, 1 - a, 1 - d]


def _flipped(r: _Rect) -> list[float]:
    a, b, c, d = r
    return [1 - a, b, 1 - c, b, 1 - c, d, 1 - a, d]


def _flipped_rotated(r: _Rect) -> list[float]:
    a, b, c, d = r
    return [a, 1 - b, c, 1 - b, c, 1 - d, a, 1 - d]


def _pair(pattern: int, r: _Rect) -> tuple[list[float], list[float]]:
    """``uvBase[0]``/``uvBase[1]``: the plain tile and the pattern's alternate one."""
    second = _base(r)
    if pattern in (ROTATE_TILE, ROTATE_ROW):
        second = _rotated(r)
    if pattern in (FLIP_TILE, FLIP_ROW):
        second = _flipped(r)
    if pattern in (FLIP_N_ROTATE_TILE, FLIP_N_ROTATE_ROW):
        second = _flipped_rotated(r)
    return _base(r), second


def _corner(pattern: int, r: _Rect, row: bool, tile_rotate: bool, tile_other: bool) -> list[float]:
    """A corner tile's uvs: the pattern's transform when its row/tile condition holds."""
    uv = _base(r)
    if (pattern == ROTATE_ROW and row) or (pattern == ROTATE_TILE and tile_rotate):
        uv = _rotated(r)
    if (pattern == FLIP_ROW and row) or (pattern == FLIP_TILE and tile_other):
        uv = _flipped(r)
    if (pattern == FLIP_N_ROTATE_ROW and row) or (pattern == FLIP_N_ROTATE_TILE and tile_other):
        uv = _flipped_rotated(r)
    return uv


@bounded("CreateTiledPlane", 0)
def CreateTiledPlaneVertexData(options: _Options = None) -> VertexData:
    """Vertex data of a plane covered by whole and partial tiles (``CreateTiledPlane``).

    Parameters
    ----------
    options
        ``pattern`` (``Mesh.NO_FLIP``), ``tileSize`` (1), ``tileWidth``/``tileHeight``
        (default ``tileSize``), ``size`` (1), ``width``/``height`` (default ``size``),
        ``alignHorizontal``/``alignVertical`` (``Mesh.CENTER``), ``sideOrientation``,
        ``frontUVs``/``backUVs``.
    """
    pattern = int(_js_or(options, ("pattern",), NO_FLIP))
    tile_w = _js_or(options, ("tileWidth", "tileSize"), 1)
    tile_h = _js_or(options, ("tileHeight", "tileSize"), 1)
    align_h = int(_js_or(options, ("alignHorizontal",), 0))
    align_v = int(_js_or(options, ("alignVertical",), 0))
    width = _js_or(options, ("width", "size"), 1)
    tiles_x = math.floor(width / tile_w)
    offset_x = width - tiles_x * tile_w
    height = _js_or(options, ("height", "size"), 1)
    tiles_y = math.floor(height / tile_h)
    offset_y = height - tiles_y * tile_h
    half_w = (tile_w * tiles_x) / 2
    half_h = (tile_h * tiles_y) / 2
    adjust_x = adjust_y = 0.0
    start_x = start_y = end_x = end_y = 0.0
    if offset_x > 0 or offset_y > 0:
        start_x, start_y, end_x, end_y = -half_w, -half_h, half_w, half_h
        if align_h == CENTER:
            offset_x /= 2
            start_x -= offset_x
            end_x += offset_x
        elif align_h == LEFT:
            end_x += offset_x
            adjust_x = -offset_x / 2
        elif align_h == RIGHT:
            start_x -= offset_x
            adjust_x = offset_x / 2
        if align_v == CENTER:
            offset_y /= 2
            start_y -= offset_y
            end_y += offset_y
        elif align_v == BOTTOM:
            end_y += offset_y
            adjust_y = -offset_y / 2
        elif align_v == TOP:
            start_y -= offset_y
            adjust_y = offset_y / 2
    positions: list[float] = []
    normals: list[float] = []
    uvs: list[float] = []
    colors: list[float] = []
    indices: list[int] = []
    index = 0

    def quad(x0: float, y0: float, x1: float, y1: float, uv: Sequence[float]) -> None:
        nonlocal index
        positions.extend((x0, y0, 0, x1, y0, 0, x1, y1, 0, x0, y1, 0))
        indices.extend((index, index + 1, index + 3, index + 1, index + 2, index + 3))
        index += 4
        uvs.extend(uv)
        colors.extend(_WHITE)
        normals.extend(_MINUS_Z)

    tiles = _pair(pattern, (0, 0, 1, 1))
    for y in range(tiles_y):
        for x in range(tiles_x):
            if pattern in _TILE_PATTERNS:
                uv = tiles[((x % 2) + (y % 2)) % 2]
            elif pattern in _ROW_PATTERNS:
                uv = tiles[y % 2]
            else:
                uv = tiles[0]
            quad(
                -half_w + x * tile_w + adjust_x, -half_h + y * tile_h + adjust_y,
                -half_w + (x + 1) * tile_w + adjust_x, -half_h + (y + 1) * tile_h + adjust_y, uv,
            )  # fmt: skip
    if offset_x > 0 or offset_y > 0:
        bottom_row = offset_y > 0 and align_v in (CENTER, TOP)
        top_row = offset_y > 0 and align_v in (CENTER, BOTTOM)
        left_col = offset_x > 0 and align_h in (CENTER, RIGHT)
        right_col = offset_x > 0 and align_h in (CENTER, LEFT)
        ox_w = offset_x / tile_w
        oy_h = offset_y / tile_h
        if bottom_row and left_col:
            quad(
                start_x + adjust_x, start_y + adjust_y, -half_w + adjust_x,
                start_y + offset_y + adjust_y,
                _corner(pattern, (1 - ox_w, 1 - oy_h, 1, 1), True, False, False),
            )  # fmt: skip
        if bottom_row and right_col:
            even_x = tiles_x % 2 == 0
            quad(
                half_w + adjust_x, start_y + adjust_y, end_x + adjust_x,
                start_y + offset_y + adjust_y,
                _corner(pattern, (0, 1 - oy_h, ox_w, 1), True, even_x, even_x),
            )  # fmt: skip
        if top_row and left_col:
            quad(
                start_x + adjust_x, half_h + adjust_y, -half_w + adjust_x, end_y + adjust_y,
                _corner(pattern, (1 - ox_w, 0, 1, oy_h), tiles_y % 2 == 1, tiles_y % 1 == 0,
                        tiles_y % 2 == 0),
            )  # fmt: skip
        if top_row and right_col:
            odd_sum = (tiles_y + tiles_x) % 2 == 1
            quad(
                half_w + adjust_x, half_h + adjust_y, end_x + adjust_x, end_y + adjust_y,
                _corner(pattern, (0, 0, ox_w, oy_h), tiles_y % 2 == 1, odd_sum, odd_sum),
            )  # fmt: skip

        def strip_uv(pair: tuple[list[float], list[float]], tile_i: int, row_i: int) -> list[float]:
            if pattern in _TILE_PATTERNS:
                return pair[tile_i]
            if pattern in _ROW_PATTERNS:
                return pair[row_i]
            return pair[0]

        if bottom_row:
            pair = _pair(pattern, (0, 1 - oy_h, 1, 1))
            for x in range(tiles_x):
                quad(
                    -half_w + x * tile_w + adjust_x, start_y + adjust_y,
                    -half_w + (x + 1) * tile_w + adjust_x, start_y + offset_y + adjust_y,
                    strip_uv(pair, (x + 1) % 2, 1),
                )  # fmt: skip
        if top_row:
            pair = _pair(pattern, (0, 0, 1, oy_h))
            for x in range(tiles_x):
                quad(
                    -half_w + x * tile_w + adjust_x, end_y - offset_y + adjust_y,
                    -half_w + (x + 1) * tile_w + adjust_x, end_y + adjust_y,
                    strip_uv(pair, (x + tiles_y) % 2, tiles_y % 2),
                )  # fmt: skip
        if left_col:
            pair = _pair(pattern, (1 - ox_w, 0, 1, 1))
            for y in range(tiles_y):
                quad(
                    start_x + adjust_x, -half_h + y * tile_h + adjust_y,
                    start_x + offset_x + adjust_x, -half_h + (y + 1) * tile_h + adjust_y,
                    strip_uv(pair, (y + 1) % 2, y % 2),
                )  # fmt: skip
        if right_col:
            # Babylon.js divides by the tile height here (not the width).
            pair = _pair(pattern, (0, 0, offset_x / tile_h, 1))
            for y in range(tiles_y):
                quad(
                    end_x - offset_x + adjust_x, -half_h + y * tile_h + adjust_y,
                    end_x + adjust_x, -half_h + (y + 1) * tile_h + adjust_y,
                    strip_uv(pair, (y + tiles_x) % 2, y % 2),
                )  # fmt: skip
    side_orientation = _side_orientation(options)
    VertexData._ComputeSides(
        side_orientation, positions, indices, normals, uvs,
        _get(options, "frontUVs"), _get(options, "backUVs"),
    )  # fmt: skip
    data = VertexData()
    data.indices = indices
    data.positions = positions
    data.normals = normals
    data.uvs = uvs
    data.colors = colors + colors if side_orientation == VertexData.DOUBLESIDE else colors
    return data


@bounded("CreateTiledPlane", 1)
def CreateTiledPlane(name: str, options: _Options = None, scene: object | None = None) -> Mesh:
    """A tiled plane mesh (``MeshBuilder.CreateTiledPlane``); see
    :func:`CreateTiledPlaneVertexData`."""
    opts = builder_options(options)
    plane = Mesh(name, scene)
    plane._originalBuilderSideOrientation = int(opts["sideOrientation"])  # type: ignore[call-overload]
    CreateTiledPlaneVertexData(opts).applyToMesh(plane, truthy(opts.get("updatable")))
    return plane


@bounded("CreateTiledBox", 0)
def CreateTiledBoxVertexData(options: _Options = None) -> VertexData:
    """Vertex data of a box whose six faces are tiled planes (``CreateTiledBox``).

    Parameters
    ----------
    options
        As :func:`CreateTiledPlaneVertexData`, plus ``depth`` (default ``size``), ``faceUV``
        (6 Vector4) and ``faceColors`` (6 Color4).
    """
    face_uv_option = _get(options, "faceUV")
    face_uv: list[object] = list(face_uv_option) if truthy(face_uv_option) else []  # type: ignore[call-overload]
    face_colors_option = _get(options, "faceColors")
    face_colors: list[object] | None = (
        list(face_colors_option) if truthy(face_colors_option) else None  # type: ignore[call-overload]
    )
    pattern = int(_js_or(options, ("pattern",), NO_FLIP))
    width = _js_or(options, ("width", "size"), 1)
    height = _js_or(options, ("height", "size"), 1)
    depth = _js_or(options, ("depth", "size"), 1)
    tile_w = _js_or(options, ("tileWidth", "tileSize"), 1)
    tile_h = _js_or(options, ("tileHeight", "tileSize"), 1)
    align_h = int(_js_or(options, ("alignHorizontal",), 0))
    align_v = int(_js_or(options, ("alignVertical",), 0))
    side_orientation = _side_orientation(options)
    face_uv += [None] * (6 - len(face_uv))
    if face_colors is not None:
        face_colors += [None] * (6 - len(face_colors))
    for f in range(6):
        if face_uv[f] is None:
            face_uv[f] = Vector4(0, 0, 1, 1)
        if face_colors is not None and face_colors[f] is None:
            face_colors[f] = Color4(1, 1, 1, 1)
    base_align_v = {BOTTOM: TOP, TOP: BOTTOM}.get(align_v, align_v)
    sizes = [(width, height, align_v)] * 2 + [(depth, height, align_v)] * 2
    sizes += [(width, depth, base_align_v)] * 2
    faces = [
        CreateTiledPlaneVertexData({
            "pattern": pattern, "tileWidth": tile_w, "tileHeight": tile_h, "width": w,
            "height": h, "alignVertical": av, "alignHorizontal": align_h,
            "sideOrientation": side_orientation,
        })
        for w, h, av in sizes
    ]  # fmt: skip
    half = (width / 2, height / 2, depth / 2)
    transforms = (
        (Matrix.RotationY(math.pi), Vector3(0, 0, half[2]), 1),
        (Matrix.Identity(), Vector3(0, 0, half[2]), -1),
        (Matrix.RotationY(-math.pi / 2), Vector3(half[0], 0, 0), 1),
        (Matrix.RotationY(math.pi / 2), Vector3(half[0], 0, 0), -1),
        (Matrix.RotationX(math.pi / 2), Vector3(0, half[1], 0), 1),
        (Matrix.RotationX(-math.pi / 2), Vector3(0, half[1], 0), -1),
    )
    positions: list[float] = []
    normals: list[float] = []
    uvs: list[float] = []
    indices: list[int] = []
    colors: list[float] = []
    li = 0
    for f, face in enumerate(faces):
        face_positions = face.positions or []
        face_normals = face.normals or []
        count = len(face_positions) // 3
        ux, uy, uz, uw = (float(getattr(face_uv[f], c)) for c in "xyzw")
        face_uvs = face.uvs or []
        for i in range(0, len(face_uvs), 2):
            uvs += [ux + (uz - ux) * face_uvs[i], uy + (uw - uy) * face_uvs[i + 1]]
        indices += [x + li for x in face.indices or []]
        li += count
        if face_colors is not None:
            color = face_colors[f]
            colors += [float(getattr(color, k)) for k in ("r", "g", "b", "a")] * count
        m, t, op = transforms[f]
        for p in range(count):
            point = Vector3.TransformCoordinates(Vector3.FromArray(face_positions, 3 * p), m)
            final = point.add(t) if op == 1 else point.subtract(t)
            positions += [final.x, final.y, final.z]
        for p in range(count):
            n = Vector3.TransformNormal(Vector3.FromArray(face_normals, 3 * p), m)
            normals += [n.x, n.y, n.z]
    data = VertexData()
    data.indices = indices
    data.positions = positions
    data.normals = normals
    data.uvs = uvs
    if face_colors is not None:
        data.colors = colors + colors if side_orientation == VertexData.DOUBLESIDE else colors
    return data


@bounded("CreateTiledBox", 1)
def CreateTiledBox(name: str, options: _Options = None, scene: object | None = None) -> Mesh:
    """A tiled box mesh (``MeshBuilder.CreateTiledBox``); see :func:`CreateTiledBoxVertexData`."""
    opts = builder_options(options)
    box = Mesh(name, scene)
    box._originalBuilderSideOrientation = int(opts["sideOrientation"])  # type: ignore[call-overload]
    CreateTiledBoxVertexData(opts).applyToMesh(box, truthy(opts.get("updatable")))
    return box


def _given(options: _Options, key: str, default: float) -> float:
    value = _get(options, key)
    return default if value is None else float(value)  # type: ignore[arg-type]


def _pair_wh(value: object) -> tuple[float, float]:
    """``{w, h}`` of a subdivisions/precision option (Babylon's default ``{w: 1, h: 1}``)."""
    if not truthy(value):
        return 1.0, 1.0
    if isinstance(value, Mapping):
        w, h = value.get("w"), value.get("h")
    else:
        w, h = getattr(value, "w", None), getattr(value, "h", None)
    wf = float(w) if w is not None else math.nan
    hf = float(h) if h is not None else math.nan
    return (1.0 if wf < 1 else wf), (1.0 if hf < 1 else hf)


@bounded("CreateTiledGround", 0)
def CreateTiledGroundVertexData(options: _Options = None) -> VertexData:
    """Vertex data of a ground made of tiles (``VertexData.CreateTiledGround``).

    Parameters
    ----------
    options
        ``xmin``/``zmin`` (-1), ``xmax``/``zmax`` (1), ``subdivisions`` (``{"w": 1, "h": 1}``
        tiles), ``precision`` (``{"w": 1, "h": 1}`` quads per tile).
    """
    xmin = _given(options, "xmin", -1.0)
    zmin = _given(options, "zmin", -1.0)
    xmax = _given(options, "xmax", 1.0)
    zmax = _given(options, "zmax", 1.0)
    sub_w, sub_h = _pair_wh(_get(options, "subdivisions"))
    prec_w, prec_h = _pair_wh(_get(options, "precision"))
    indices: list[int] = []
    positions: list[float] = []
    normals: list[float] = []
    uvs: list[float] = []
    tile_w = (xmax - xmin) / sub_w
    tile_h = (zmax - zmin) / sub_h

    def apply_tile(x0: float, z0: float, x1: float, z1: float) -> None:
        base = len(positions) // 3
        row_length = prec_w + 1
        row = 0
        while row < prec_h:
            col = 0
            while col < prec_w:
                s0 = int(base + col + row * row_length)
                s1 = int(base + (col + 1) + row * row_length)
                s2 = int(base + (col + 1) + (row + 1) * row_length)
                s3 = int(base + col + (row + 1) * row_length)
                indices.extend((s1, s2, s3, s0, s1, s3))
                col += 1
            row += 1
        row = 0
        while row <= prec_h:
            z = (row * (z1 - z0)) / prec_h + z0
            col = 0
            while col <= prec_w:
                x = (col * (x1 - x0)) / prec_w + x0
                positions.extend((x, 0.0, z))
                normals.extend((0.0, 1.0, 0.0))
                uvs.extend((col / prec_w, row / prec_h))
                col += 1
            row += 1

    tile_row = 0
    while tile_row < sub_h:
        tile_col = 0
        while tile_col < sub_w:
            apply_tile(
                xmin + tile_col * tile_w, zmin + tile_row * tile_h,
                xmin + (tile_col + 1) * tile_w, zmin + (tile_row + 1) * tile_h,
            )  # fmt: skip
            tile_col += 1
        tile_row += 1
    data = VertexData()
    data.indices = indices
    data.positions = positions
    data.normals = normals
    data.uvs = uvs
    return data


@bounded("CreateTiledGround", 1)
def CreateTiledGround(name: str, options: _Options = None, scene: object | None = None) -> Mesh:
    """A tiled ground mesh (``MeshBuilder.CreateTiledGround``, a plain ``Mesh``); see
    :func:`CreateTiledGroundVertexData`."""
    ground = Mesh(name, scene)
    CreateTiledGroundVertexData(options).applyToMesh(ground, truthy(_get(options, "updatable")))
    return ground


@bounded("CreateGroundFromHeightMap", 0)
def CreateGroundFromHeightMapVertexData(options: Mapping[str, object]) -> VertexData:
    """Vertex data of a ground displaced by an RGBA height map
    (``VertexData.CreateGroundFromHeightMap``).

    Parameters
    ----------
    options
        ``width``, ``height``, ``subdivisions``, ``minHeight``, ``maxHeight``, ``buffer``
        (RGBA bytes, ``bufferWidth`` x ``bufferHeight``), ``colorFilter`` (Color3 weights,
        default (0.3, 0.59, 0.11)), ``alphaFilter`` (0; darker-alpha pixels drop below
        ``minHeight`` and their triangles are left out), ``heightBuffer`` (filled with the
        heights when given).
    """
    width = float(options["width"])  # type: ignore[arg-type]
    height = float(options["height"])  # type: ignore[arg-type]
    subdivisions = float(options["subdivisions"])  # type: ignore[arg-type]
    min_height = float(options["minHeight"])  # type: ignore[arg-type]
    max_height = float(options["maxHeight"])  # type: ignore[arg-type]
    buffer: Sequence[float] = options["buffer"]  # type: ignore[assignment]
    buffer_w = float(options["bufferWidth"])  # type: ignore[arg-type]
    buffer_h = float(options["bufferHeight"])  # type: ignore[arg-type]
    color_filter = options.get("colorFilter") or Color3(0.3, 0.59, 0.11)
    fr, fg, fb = (float(getattr(color_filter, k)) for k in ("r", "g", "b"))
    alpha_filter = float(options["alphaFilter"]) if truthy(options.get("alphaFilter")) else 0.0  # type: ignore[arg-type]
    height_buffer: MutableSequence[float] | None = options.get("heightBuffer")  # type: ignore[assignment]
    invert = min_height > max_height
    if invert:
        min_height, max_height = max_height, min_height
    indices: list[int] = []
    positions: list[float] = []
    normals: list[float] = []
    uvs: list[float] = []
    n = int(subdivisions)
    for row in range(n + 1):
        for col in range(n + 1):
            x = (col * width) / subdivisions - width / 2.0
            z = ((subdivisions - row) * height) / subdivisions - height / 2.0
            map_x = to_int32(((x + width / 2) / width) * (buffer_w - 1))
            map_y = to_int32((1.0 - (z + height / 2) / height) * (buffer_h - 1))
            pos = int((map_x + map_y * buffer_w) * 4)
            r, g, b, a = (float(buffer[pos + k]) / 255.0 for k in range(4))
            if invert:
                r, g, b = 1.0 - r, 1.0 - g, 1.0 - b
            gradient = r * fr + g * fg + b * fb
            y = (
                min_height + (max_height - min_height) * gradient
                if a >= alpha_filter
                else min_height - 0.001
            )
            if height_buffer is not None:
                height_buffer[row * (n + 1) + col] = y
            positions.extend((x, y, z))
            normals.extend((0.0, 0.0, 0.0))
            uvs.extend((col / subdivisions, 1.0 - row / subdivisions))
    stride = n + 1
    for row in range(n):
        for col in range(n):
            idx1 = col + 1 + (row + 1) * stride
            idx2 = col + 1 + row * stride
            idx3 = col + row * stride
            idx4 = col + (row + 1) * stride
            visible1 = positions[idx1 * 3 + 1] >= min_height
            visible3 = positions[idx3 * 3 + 1] >= min_height
            if visible1 and positions[idx2 * 3 + 1] >= min_height and visible3:
                indices.extend((idx1, idx2, idx3))
            if positions[idx4 * 3 + 1] >= min_height and visible1 and visible3:
                indices.extend((idx4, idx1, idx3))
    compute_normals(positions, indices, normals)
    data = VertexData()
    data.indices = indices
    data.positions = positions
    data.normals = normals
    data.uvs = uvs
    return data


def _height_map(url: object) -> tuple[Sequence[float], float, float]:
    if isinstance(url, str):
        raise UnsupportedError(
            NETWORK.code,
            f"MeshBuilder.CreateGroundFromHeightMap: url {url!r} would be loaded as an image; "
            f"{NETWORK.why}",
            hint="decode the image yourself (e.g. with Pillow) and pass "
            "{'data': rgba_bytes, 'width': w, 'height': h}, Babylon's buffer form",
            input_name="url",
        )
    get: Callable[[str], object] = (
        url.get if isinstance(url, Mapping) else (lambda k: getattr(url, k, None))
    )
    data, width, height = get("data"), get("width"), get("height")
    if data is None or width is None or height is None:
        raise LiteError(
            "LITE-COMPAT-181",
            "MeshBuilder.CreateGroundFromHeightMap: url must be a URL string or "
            f"{{data, width, height}}, got {type(url).__name__}",
            hint="pass {'data': rgba_bytes, 'width': w, 'height': h}",
            input_name="url",
        )
    values = bytes(data) if isinstance(data, bytes | bytearray | memoryview) else data
    w = float(width)  # type: ignore[arg-type]
    h = float(height)  # type: ignore[arg-type]
    if len(values) < int(w) * int(h) * 4:  # type: ignore[arg-type]
        raise LiteError(
            "LITE-COMPAT-181",
            f"MeshBuilder.CreateGroundFromHeightMap: url.data holds {len(values)} values, "  # type: ignore[arg-type]
            f"fewer than width * height * 4 = {int(w) * int(h) * 4} (RGBA)",
            hint="pass 4 bytes (r, g, b, a) per pixel, rows first",
            input_name="url.data",
        )
    return values, w, h  # type: ignore[return-value]


@bounded("CreateGroundFromHeightMap", 2)
def CreateGroundFromHeightMap(
    name: str, url: object, options: _Options = None, scene: object | None = None
) -> GroundMesh:
    """A ground displaced by a height map (``MeshBuilder.CreateGroundFromHeightMap``).

    Parameters
    ----------
    name
        Mesh name.
    url
        Babylon's buffer form ``{"data": rgba, "width": w, "height": h}`` (bytes or a
        sequence of 0..255 numbers, 4 per pixel). A URL string raises
        :class:`lite.UnsupportedError` ``LITE-COMPAT-023``: lite_compat never fetches.
    options
        ``width``/``height`` (10), ``subdivisions`` (1), ``minHeight`` (0), ``maxHeight`` (1),
        ``colorFilter``, ``alphaFilter`` (0), ``updatable``, ``onReady(mesh, heightBuffer)``,
        ``passHeightBufferInCallback``.
    scene
        Owning scene.
    """
    buffer, buffer_w, buffer_h = _height_map(url)
    width = _js_or(options, ("width",), 10.0)
    height = _js_or(options, ("height",), 10.0)
    subdivisions = _js_or(options, ("subdivisions",), 1)
    min_height = _js_or(options, ("minHeight",), 0.0)
    max_height = _js_or(options, ("maxHeight",), 1.0)
    ground = GroundMesh(name, scene if scene is not None else EngineStore.LastCreatedScene())
    ground._subdivisionsX = subdivisions  # type: ignore[assignment]
    ground._subdivisionsY = subdivisions  # type: ignore[assignment]
    ground._width = width
    ground._height = height
    ground._maxX = width / 2.0
    ground._maxZ = height / 2.0
    ground._minX = -ground._maxX
    ground._minZ = -ground._maxZ
    ground._setReady(False)
    height_buffer: list[float] | None = None
    if truthy(_get(options, "passHeightBufferInCallback")):
        height_buffer = [0.0] * int((subdivisions + 1) * (subdivisions + 1))
    vertex_data = CreateGroundFromHeightMapVertexData(
        {
            "width": width, "height": height, "subdivisions": subdivisions,
            "minHeight": min_height, "maxHeight": max_height,
            "colorFilter": _get(options, "colorFilter") or Color3(0.3, 0.59, 0.11),
            "buffer": buffer, "bufferWidth": buffer_w, "bufferHeight": buffer_h,
            "alphaFilter": _js_or(options, ("alphaFilter",), 0.0), "heightBuffer": height_buffer,
        }
    )  # fmt: skip
    if height_buffer is not None:
        height_buffer[:] = float32_list(height_buffer)  # a Float32Array in Babylon.js
    vertex_data.applyToMesh(ground, truthy(_get(options, "updatable")))
    on_ready = _get(options, "onReady")
    if callable(on_ready):
        on_ready(ground, height_buffer)
    ground._setReady(True)
    return ground
