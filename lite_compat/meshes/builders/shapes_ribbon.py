"""``MeshBuilder`` ribbons and what Babylon builds on them: tubes, lathes, extruded shapes.

Port of ``@babylonjs/core`` 9.31 ``Meshes/Builders/ribbonBuilder.pure.js``,
``tubeBuilder.pure.js``, ``latheBuilder.pure.js`` and ``shapeBuilder.pure.js`` (``ExtrudeShape``,
``ExtrudeShapeCustom``), over the frames (tangents, normals, binormals, distances) of a
:class:`~lite_compat.math.path.Path3D`, kept on the mesh as in Babylon.js. A ribbon stores
``Float32Array`` positions, normals and uvs in Babylon.js, so the values here are rounded to
float32 too; the rotations go through float32 matrices as in Babylon.js. The ``instance`` option
(update an existing ribbon, tube or extrusion in place, Babylon's morphing idiom) is supported:
the mesh keeps its ``_creationDataStorage`` as in Babylon.js.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from lite_compat._js import js_div, truthy
from lite_compat.math import Matrix, Path3D, Vector3
from lite_compat.meshes.builders.shapes_common import (
    CAP_ALL,
    CAP_END,
    CAP_START,
    NO_CAP,
    builder_options,
    compute_normals,
    float32_list,
    require_option,
)
from lite_compat.meshes.mesh import Mesh
from lite_compat.meshes.shape_budget import bounded
from lite_compat.meshes.vertex_data import VertexBuffer, VertexData, _get, _side_orientation

__all__ = [
    "CreateLathe",
    "CreateRibbon",
    "CreateRibbonVertexData",
    "CreateTube",
    "ExtrudeShape",
    "ExtrudeShapeCustom",
]

_Options = Mapping[str, object] | None


class _CreationDataStorage:
    """What Babylon.js keeps on a built mesh to update it later (``_CreationDataStorage``)."""

    def __init__(self) -> None:
        self.closePath: object = None
        self.closeArray: object = None
        self.idx: list[int] | None = None
        self.dashSize: float = 0.0
        self.gapSize: float = 0.0
        self.path3D: Path3D | None = None
        self.pathArray: list[list[Vector3]] = []
        self.tessellation: float = 0
        self.cap: int = 0
        self.arc: float = 1.0
        self.radius: float = 1.0


def _vec(value: object) -> Vector3:
    """A Vector3 from a Vector3-like or an ``[x, y, z]`` sequence."""
    if isinstance(value, Vector3):
        return value
    if isinstance(value, Sequence) and len(value) == 3:
        return Vector3(float(value[0]), float(value[1]), float(value[2]))
    return Vector3(
        float(getattr(value, "x")),  # noqa: B009
        float(getattr(value, "y")),  # noqa: B009
        float(getattr(value, "z")),  # noqa: B009
    )


def _path(value: object) -> list[Vector3]:
    return [_vec(p) for p in value]  # type: ignore[attr-defined]


def _put(items: list[Any], i: int, value: Any) -> None:
    """``items[i] = value`` as JavaScript assigns past the end of an array (holes: None)."""
    if i < len(items):
        items[i] = value
    else:
        items.extend([None] * (i - len(items)))
        items.append(value)


def _update_frames(
    path3d: Path3D, path: list[Vector3], first_normal: Vector3 | None = None
) -> Path3D:
    """``path3D.update(path, firstNormal)`` of an ``instance`` update. A path longer than the
    stored one (Babylon.js throws a TypeError there) gets the frames of the whole new path."""
    if len(path) > len(path3d.getCurve()):
        return Path3D(path, first_normal)
    return path3d.update(path, first_normal)


# --------------------------------------------------------------------------------------------
# Ribbon
# --------------------------------------------------------------------------------------------


def _average_seam(normals: list[float], first: int, last: int, renormalize: bool) -> None:
    for k in range(3):
        normals[first + k] = (normals[first + k] + normals[last + k]) * 0.5
    if renormalize:
        length = math.sqrt(
            normals[first] * normals[first]
            + normals[first + 1] * normals[first + 1]
            + normals[first + 2] * normals[first + 2]
        )
        for k in range(3):
            normals[first + k] = js_div(normals[first + k], length)
    for k in range(3):
        normals[last + k] = normals[first + k]


def _ribbon_data(options: Mapping[str, object]) -> tuple[VertexData, list[int]]:
    path_array = [
        _path(p)
        for p in require_option(options, "pathArray", "CreateRibbon", "an array of Vector3 paths")
    ]
    close_array = truthy(options.get("closeArray"))
    close_path = truthy(options.get("closePath"))
    invert_uv = truthy(options.get("invertUV"))
    default_offset = len(path_array[0]) // 2
    offset_option = options.get("offset")
    offset = float(offset_option) if truthy(offset_option) else default_offset  # type: ignore[arg-type]
    offset = default_offset if offset > default_offset else math.floor(offset)
    side_orientation = _side_orientation(options)
    custom_uv = options.get("uvs")
    custom_colors = options.get("colors")
    positions: list[float] = []
    indices: list[int] = []
    normals: list[float] = []
    uvs: list[float] = []
    if len(path_array) < 2:
        first = path_array[0]
        path_array = [
            [first[i] for i in range(len(first) - offset)],
            [first[i + offset] for i in range(len(first) - offset)],
        ]
    close_path_corr = 1 if close_path else 0
    close_array_corr = 1 if close_array else 0
    us: list[list[float]] = []
    u_total: list[float] = []
    lg: list[int] = []
    idx: list[int] = []
    idc = 0
    minlg = len(path_array[0])
    for p in range(len(path_array) + close_array_corr):
        u_total.append(0.0)
        us.append([0.0])
        path = path_array[0] if p == len(path_array) else path_array[p]
        length = len(path)
        minlg = min(minlg, length)
        for j in range(length):
            positions += [path[j].x, path[j].y, path[j].z]
            if j > 0:
                dist = path[j].subtract(path[j - 1]).length() + u_total[p]
                us[p].append(dist)
                u_total[p] = dist
        if close_path:
            j = length - 1
            positions += [path[0].x, path[0].y, path[0].z]
            dist = path[j].subtract(path[0]).length() + u_total[p]
            us[p].append(dist)
            u_total[p] = dist
        lg.append(length + close_path_corr)
        idx.append(idc)
        idc += length + close_path_corr
    vs: list[list[float]] = []
    v_total: list[float] = []
    for i in range(minlg + close_path_corr):
        v_total.append(0.0)
        vs.append([0.0])
        for p in range(len(path_array) - 1 + close_array_corr):
            path1 = path_array[p]
            path2 = path_array[0] if p == len(path_array) - 1 else path_array[p + 1]
            vertex1, vertex2 = (path1[0], path2[0]) if i == minlg else (path1[i], path2[i])
            dist = vertex2.subtract(vertex1).length() + v_total[i]
            vs[i].append(dist)
            v_total[i] = dist
    if custom_uv:
        for uv in custom_uv:  # type: ignore[attr-defined]
            uvs += [float(uv.x), float(uv.y)]
    else:
        for p in range(len(path_array) + close_array_corr):
            for i in range(minlg + close_path_corr):
                u = us[p][i] / u_total[p] if u_total[p] != 0.0 else 0.0
                v = vs[i][p] / v_total[i] if v_total[i] != 0.0 else 0.0
                uvs += [v, u] if invert_uv else [u, v]
    p = 0
    pi = 0
    l1 = lg[p] - 1
    l2 = lg[p + 1] - 1
    stop = min(l1, l2)
    shift = idx[1] - idx[0]
    path1_nb = len(lg) - 1
    while pi <= stop and p < path1_nb:
        indices += [pi, pi + shift, pi + 1, pi + shift + 1, pi + 1, pi + shift]
        pi += 1
        if pi == stop:
            p += 1
            if p + 1 >= len(lg):
                break
            shift = idx[p + 1] - idx[p]
            l1 = lg[p] - 1
            l2 = lg[p + 1] - 1
            pi = idx[p]
            stop = l1 + pi if l1 < l2 else l2 + pi
    compute_normals(positions, indices, normals)
    if close_path:
        for p in range(len(path_array)):
            first_i = idx[p] * 3
            last_i = (idx[p + 1] - 1) * 3 if p + 1 < len(path_array) else len(normals) - 3
            _average_seam(normals, first_i, last_i, True)
    if close_array:
        first_i = idx[0] * 3
        last_i = idx[len(path_array)] * 3
        for _ in range(minlg + close_path_corr):
            _average_seam(normals, first_i, last_i, True)
            first_i += 3
            last_i += 3
    VertexData._ComputeSides(
        side_orientation, positions, indices, normals, uvs,
        options.get("frontUVs"), options.get("backUVs"),
    )  # fmt: skip
    data = VertexData()
    data.indices = indices
    data.positions = float32_list(positions)
    data.normals = float32_list(normals)
    data.uvs = float32_list(uvs)
    if custom_colors:
        data.colors = float32_list(
            [float(getattr(c, k)) for c in custom_colors for k in ("r", "g", "b", "a")]  # type: ignore[attr-defined]
        )
    return data, idx


def CreateRibbonVertexData(options: Mapping[str, object]) -> VertexData:
    """Vertex data of a ribbon through ``options["pathArray"]`` (``VertexData.CreateRibbon``).

    Parameters
    ----------
    options
        ``pathArray`` (paths of Vector3, required), ``closeArray``, ``closePath``, ``offset``
        (one path only), ``invertUV``, ``uvs`` (Vector2 per vertex), ``colors`` (Color4 per
        vertex), ``sideOrientation``, ``frontUVs``/``backUVs``.
    """
    return _ribbon_data(options)[0]


def _update_ribbon(instance: Mesh, path_array: list[list[Vector3]], options: _Options) -> Mesh:
    """``CreateRibbon({instance})``: rewrite positions (and colors, uvs, normals) in place."""
    positions = instance.getVerticesData(VertexBuffer.PositionKind)
    storage: _CreationDataStorage | None = getattr(instance, "_creationDataStorage", None)
    if positions is None:
        return instance
    close_path = storage is not None and truthy(storage.closePath)
    minlg = len(path_array[0])
    i = 0
    sides = 2 if instance._originalBuilderSideOrientation == Mesh.DOUBLESIDE else 1
    values = list(positions)
    for _ in range(sides):
        for path in path_array:
            minlg = min(minlg, len(path))
            for j in range(minlg):
                values[i : i + 3] = [path[j].x, path[j].y, path[j].z]
                i += 3
            if close_path:
                values[i : i + 3] = [path[0].x, path[0].y, path[0].z]
                i += 3
    positions32 = float32_list(values)
    instance.setVerticesData(VertexBuffer.PositionKind, positions32, True)
    colors_option = _get(options, "colors")
    if colors_option:
        colors = list(instance.getVerticesData(VertexBuffer.ColorKind) or [])
        for c, color in enumerate(cast(Sequence[Any], colors_option)):
            colors[c * 4 : c * 4 + 4] = [float(getattr(color, k)) for k in ("r", "g", "b", "a")]
        instance.setVerticesData(VertexBuffer.ColorKind, float32_list(colors), True)
    uvs_option = _get(options, "uvs")
    if uvs_option:
        uvs = list(instance.getVerticesData(VertexBuffer.UVKind) or [])
        for k, uv in enumerate(cast(Sequence[Any], uvs_option)):
            uvs[k * 2 : k * 2 + 2] = [float(uv.x), float(uv.y)]
        instance.setVerticesData(VertexBuffer.UVKind, float32_list(uvs), True)
    if not getattr(instance, "areNormalsFrozen", False):
        normals = list(instance.getVerticesData(VertexBuffer.NormalKind) or [])
        compute_normals(positions32, list(instance.getIndices() or []), normals)
        if close_path and storage is not None and storage.idx is not None:
            for p in range(len(path_array)):
                first_i = storage.idx[p] * 3
                last_i = (
                    (storage.idx[p + 1] - 1) * 3 if p + 1 < len(path_array) else len(normals) - 3
                )
                _average_seam(normals, first_i, last_i, False)
        instance.setVerticesData(VertexBuffer.NormalKind, float32_list(normals), True)
    return instance


def CreateRibbon(name: str, options: _Options = None, scene: object | None = None) -> Mesh:
    """A ribbon mesh (``MeshBuilder.CreateRibbon``); see :func:`CreateRibbonVertexData`.

    With ``options["instance"]`` (a ribbon built before) its vertices are updated in place
    from the new ``pathArray`` and the same mesh is returned, as in Babylon.js.
    """
    opts = builder_options(options)
    instance = opts.get("instance")
    if isinstance(instance, Mesh):
        paths = require_option(opts, "pathArray", "CreateRibbon", "an array of Vector3 paths")
        return _update_ribbon(instance, [_path(p) for p in paths], opts)
    ribbon = Mesh(name, scene)
    ribbon._originalBuilderSideOrientation = int(opts["sideOrientation"])  # type: ignore[call-overload]
    storage = _CreationDataStorage()
    ribbon._creationDataStorage = storage  # type: ignore[attr-defined]
    vertex_data, idx = _ribbon_data(opts)
    if truthy(opts.get("closePath")):
        storage.idx = idx
    storage.closePath = opts.get("closePath")
    storage.closeArray = opts.get("closeArray")
    vertex_data.applyToMesh(ribbon, truthy(opts.get("updatable")))
    return ribbon


# --------------------------------------------------------------------------------------------
# Tube
# --------------------------------------------------------------------------------------------


def _tube_paths(
    path: list[Vector3],
    frames: Path3D,
    circle_paths: list[list[Vector3]],
    radius: float,
    tessellation: float,
    radius_function: Callable[[int, float], float] | None,
    cap: int,
    arc: float,
) -> list[list[Vector3]]:
    tangents, normals, distances = frames.getTangents(), frames.getNormals(), frames.getDistances()
    step = (math.pi * 2 / tessellation) * arc
    rotation = Matrix()
    index = 0 if cap in (NO_CAP, CAP_END) else 2
    for i in range(len(path)):
        rad = float(radius_function(i, distances[i])) if radius_function else radius
        circle: list[Vector3] = []
        t = 0
        while t < tessellation:
            Matrix.RotationAxisToRef(tangents[i], step * t, rotation)
            rotated = Vector3.Zero()
            Vector3.TransformCoordinatesToRef(normals[i], rotation, rotated)
            rotated.scaleInPlace(rad).addInPlace(path[i])
            circle.append(rotated)
            t += 1
        _put(circle_paths, index, circle)
        index += 1
    count = len(circle_paths[2]) if cap in (CAP_START, CAP_ALL) else 0
    if cap in (CAP_START, CAP_ALL):
        circle_paths[0] = [path[0]] * count
        circle_paths[1] = list(circle_paths[2])
    if cap in (CAP_END, CAP_ALL):
        _put(circle_paths, index, list(circle_paths[index - 1]))
        _put(circle_paths, index + 1, [path[-1]] * len(circle_paths[index - 1]))
    return circle_paths


@bounded("CreateTube", 1)
def CreateTube(name: str, options: _Options = None, scene: object | None = None) -> Mesh:
    """A tube around ``options["path"]`` (``MeshBuilder.CreateTube``).

    Parameters
    ----------
    name
        Mesh name.
    options
        ``path`` (Vector3 list, required), ``radius`` (1), ``tessellation`` (64),
        ``radiusFunction(i, distance)``, ``cap`` (``Mesh.NO_CAP``), ``arc`` (1), ``invertUV``,
        ``updatable``, ``sideOrientation``, ``frontUVs``/``backUVs``, ``instance`` (a tube to
        update in place).
    scene
        Owning scene.
    """
    opts = dict(options or {})
    path = _path(require_option(opts, "path", "CreateTube", "a Vector3 path"))
    instance = opts.get("instance")
    storage: _CreationDataStorage | None = getattr(instance, "_creationDataStorage", None)
    radius = 1.0
    if opts.get("radius") is not None:
        radius = float(opts["radius"])  # type: ignore[arg-type]
    elif storage is not None:
        radius = storage.radius
    tessellation = float(opts["tessellation"]) if truthy(opts.get("tessellation")) else 64  # type: ignore[arg-type]
    radius_function = opts.get("radiusFunction") or None
    cap = int(opts["cap"]) if truthy(opts.get("cap")) else NO_CAP  # type: ignore[call-overload]
    arc_option = opts.get("arc")
    arc = (
        1.0
        if truthy(arc_option) and (float(arc_option) <= 0.0 or float(arc_option) > 1.0)  # type: ignore[arg-type]
        else (float(arc_option) if truthy(arc_option) else 1.0)  # type: ignore[arg-type]
    )
    if isinstance(instance, Mesh) and storage is not None and storage.path3D is not None:
        frames = _update_frames(storage.path3D, path)
        path_array = _tube_paths(
            path, frames, storage.pathArray, radius, storage.tessellation,
            radius_function, storage.cap, arc,  # type: ignore[arg-type]
        )  # fmt: skip
        CreateRibbon("", {"pathArray": path_array, "instance": instance})
        storage.pathArray = path_array
        storage.path3D = frames
        storage.arc = arc
        storage.radius = radius
        return instance
    frames = Path3D(path)
    cap = 0 if cap < 0 or cap > 3 else cap
    path_array = _tube_paths(path, frames, [], radius, tessellation, radius_function, cap, arc)  # type: ignore[arg-type]
    tube = CreateRibbon(
        name,
        {
            "pathArray": path_array,
            "closePath": True,
            "closeArray": False,
            "updatable": opts.get("updatable"),
            "sideOrientation": opts.get("sideOrientation"),
            "invertUV": opts.get("invertUV"),
            "frontUVs": opts.get("frontUVs"),
            "backUVs": opts.get("backUVs"),
        },
        scene,
    )
    tube_storage: _CreationDataStorage = tube._creationDataStorage  # type: ignore[attr-defined]
    tube_storage.pathArray = path_array
    tube_storage.path3D = frames
    tube_storage.tessellation = tessellation
    tube_storage.cap = cap
    tube_storage.arc = arc
    tube_storage.radius = radius
    return tube


# --------------------------------------------------------------------------------------------
# Lathe
# --------------------------------------------------------------------------------------------


@bounded("CreateLathe", 1)
def CreateLathe(name: str, options: _Options = None, scene: object | None = None) -> Mesh:
    """A surface of revolution of ``options["shape"]`` around Y (``MeshBuilder.CreateLathe``).

    Parameters
    ----------
    name
        Mesh name.
    options
        ``shape`` (Vector3 list, required; x is the radius, y the height), ``radius`` (1),
        ``tessellation`` (64), ``arc`` (1), ``clip`` (0), ``closed`` (True), ``cap``
        (``Mesh.NO_CAP``), ``invertUV``, ``updatable``, ``sideOrientation``,
        ``frontUVs``/``backUVs``.
    scene
        Owning scene.
    """
    opts = dict(options or {})
    shape = _path(require_option(opts, "shape", "CreateLathe", "a Vector3 profile"))
    arc_option = opts.get("arc")
    arc = 1.0
    if truthy(arc_option):
        arc = 1.0 if float(arc_option) <= 0 or float(arc_option) > 1 else float(arc_option)  # type: ignore[arg-type]
    closed = True if "closed" not in opts or opts["closed"] is None else opts["closed"]
    radius = float(opts["radius"]) if truthy(opts.get("radius")) else 1.0  # type: ignore[arg-type]
    tessellation = float(opts["tessellation"]) if truthy(opts.get("tessellation")) else 64.0  # type: ignore[arg-type]
    clip = float(opts["clip"]) if truthy(opts.get("clip")) else 0.0  # type: ignore[arg-type]
    cap = int(opts["cap"]) if truthy(opts.get("cap")) else NO_CAP  # type: ignore[call-overload]
    step = (math.pi * 2 / tessellation) * arc
    paths: list[list[Vector3]] = []
    first, last = shape[0], shape[-1]
    i = 0
    while i <= tessellation - clip:
        c = math.cos(i * step)
        s = math.sin(i * step)
        path: list[Vector3] = []
        if cap in (CAP_START, CAP_ALL):
            path.append(Vector3(0, first.y, 0))
            path.append(Vector3(c * first.x * radius, first.y, s * first.x * radius))
        for point in shape:
            path.append(Vector3(c * point.x * radius, point.y, s * point.x * radius))
        if cap in (CAP_END, CAP_ALL):
            path.append(Vector3(c * last.x * radius, last.y, s * last.x * radius))
            path.append(Vector3(0, last.y, 0))
        paths.append(path)
        i += 1
    return CreateRibbon(
        name,
        {
            "pathArray": paths,
            "closeArray": closed,
            "sideOrientation": opts.get("sideOrientation"),
            "updatable": opts.get("updatable"),
            "invertUV": opts.get("invertUV"),
            "frontUVs": opts.get("frontUVs"),
            "backUVs": opts.get("backUVs"),
        },
        scene,
    )


# --------------------------------------------------------------------------------------------
# Extruded shapes
# --------------------------------------------------------------------------------------------


def _extrusion_paths(
    shape: list[Vector3],
    curve: list[Vector3],
    frames: Path3D,
    shape_paths: list[list[Vector3]],
    scale: Vector3 | None,
    rotation: float | None,
    scale_function: Callable[[int, float], Vector3] | None,
    rotate_function: Callable[[int, float], float] | None,
    cap: int,
    custom: bool,
    adjust_frame: bool,
    cap_function: Callable[[list[Vector3]], list[Vector3]] | None,
) -> list[list[Vector3]]:
    tangents, normals = frames.getTangents(), frames.getNormals()
    binormals, distances = frames.getBinormals(), frames.getDistances()
    if adjust_frame:
        for i in range(len(tangents)):
            for frame in (tangents, normals, binormals):
                if frame[i].x == 0 and frame[i].y == 0 and frame[i].z == 0:
                    frame[i].copyFrom(frame[i - 1])
            if i > 0:
                for frame in (tangents, normals, binormals):
                    if Vector3.Dot(frame[i - 1], frame[i]) < 0:
                        frame[i].scaleInPlace(-1)
    one = Vector3(1, 1, 1)
    angle = 0.0
    index = 0 if cap in (NO_CAP, CAP_END) else 2
    rotation_matrix = Matrix()
    for i in range(len(curve)):
        if custom and rotate_function:
            angle_step = float(rotate_function(i, distances[i]))
        else:
            angle_step = rotation if rotation is not None else 0.0
        if custom and scale_function:
            scale_ratio = _vec(scale_function(i, distances[i]))
        else:
            scale_ratio = scale if scale is not None else one
        Matrix.RotationAxisToRef(tangents[i], angle, rotation_matrix)
        shape_path: list[Vector3] = []
        for point in shape:
            planed = (
                tangents[i]
                .scale(point.z)
                .add(normals[i].scale(point.x))
                .add(binormals[i].scale(point.y))
            )
            rotated = Vector3.Zero()
            Vector3.TransformCoordinatesToRef(planed, rotation_matrix, rotated)
            rotated.multiplyInPlace(scale_ratio).addInPlace(curve[i])
            shape_path.append(rotated)
        _put(shape_paths, index, shape_path)
        angle += angle_step
        index += 1

    def default_cap(shape_path: list[Vector3]) -> list[Vector3]:
        barycenter = Vector3.Zero()
        for point in shape_path:
            barycenter.addInPlace(point)
        barycenter.scaleInPlace(1.0 / len(shape_path))
        return [barycenter] * len(shape_path)

    def cap_path(shape_path: list[Vector3]) -> list[Vector3]:
        return (
            [_vec(p) for p in cap_function(shape_path)] if cap_function else default_cap(shape_path)
        )

    if cap in (CAP_START, CAP_ALL):
        shape_paths[0] = cap_path(shape_paths[2])
        shape_paths[1] = shape_paths[2]
    if cap in (CAP_END, CAP_ALL):
        _put(shape_paths, index, shape_paths[index - 1])
        _put(shape_paths, index + 1, cap_path(shape_paths[index - 1]))
    return shape_paths


def _extrude(
    name: str,
    opts: dict[str, object],
    scene: object | None,
    member: str,
    scale: float | None,
    rotation: float | None,
    scale_function: Callable[[int, float], Vector3] | None,
    rotate_function: Callable[[int, float], float] | None,
    close_array: bool,
    close_path: bool,
    custom: bool,
) -> Mesh:
    shape = _path(require_option(opts, "shape", member, "a Vector3 cross-section"))
    curve = _path(require_option(opts, "path", member, "a Vector3 path"))
    cap_option = opts.get("cap")
    cap = 0 if cap_option == 0 else (int(cap_option) if truthy(cap_option) else NO_CAP)  # type: ignore[call-overload]
    first_normal_option = opts.get("firstNormal")
    first_normal = _vec(first_normal_option) if first_normal_option else None
    adjust_frame = truthy(opts.get("adjustFrame"))
    cap_function = opts.get("capFunction") or None
    scale_vector = Vector3(scale, scale, scale) if scale is not None else None
    instance = opts.get("instance")
    storage: _CreationDataStorage | None = getattr(instance, "_creationDataStorage", None)
    if isinstance(instance, Mesh) and storage is not None and storage.path3D is not None:
        frames = _update_frames(storage.path3D, curve, first_normal)
        storage.path3D = frames
        path_array = _extrusion_paths(
            shape, curve, frames, storage.pathArray, scale_vector, rotation, scale_function,
            rotate_function, storage.cap, custom, adjust_frame, cap_function,  # type: ignore[arg-type]
        )  # fmt: skip
        return CreateRibbon("", {"pathArray": path_array, "instance": instance})
    frames = Path3D(curve, first_normal)
    cap = 0 if cap < 0 or cap > 3 else cap
    path_array = _extrusion_paths(
        shape, curve, frames, [], scale_vector, rotation, scale_function, rotate_function,
        cap, custom, adjust_frame, cap_function,  # type: ignore[arg-type]
    )  # fmt: skip
    mesh = CreateRibbon(
        name,
        {
            "pathArray": path_array,
            "closeArray": close_array,
            "closePath": close_path,
            "updatable": truthy(opts.get("updatable")),
            "sideOrientation": opts.get("sideOrientation"),
            "invertUV": opts.get("invertUV"),
            "frontUVs": opts.get("frontUVs") or None,
            "backUVs": opts.get("backUVs") or None,
        },
        scene,
    )
    mesh_storage: _CreationDataStorage = mesh._creationDataStorage  # type: ignore[attr-defined]
    mesh_storage.pathArray = path_array
    mesh_storage.path3D = frames
    mesh_storage.cap = cap
    return mesh


@bounded("ExtrudeShape", 1)
def ExtrudeShape(name: str, options: _Options = None, scene: object | None = None) -> Mesh:
    """``options["shape"]`` swept along ``options["path"]`` (``MeshBuilder.ExtrudeShape``).

    Parameters
    ----------
    name
        Mesh name.
    options
        ``shape`` and ``path`` (Vector3 lists, required), ``scale`` (1), ``rotation`` (0, added
        per path point), ``cap`` (``Mesh.NO_CAP``), ``closeShape``, ``closePath``,
        ``firstNormal``, ``adjustFrame``, ``capFunction``, ``invertUV``, ``updatable``,
        ``sideOrientation``, ``frontUVs``/``backUVs``, ``instance``.
    scene
        Owning scene.
    """
    opts = dict(options or {})
    scale = float(opts["scale"]) if truthy(opts.get("scale")) else 1.0  # type: ignore[arg-type]
    rotation = float(opts["rotation"]) if truthy(opts.get("rotation")) else 0.0  # type: ignore[arg-type]
    return _extrude(
        name, opts, scene, "ExtrudeShape", scale, rotation, None, None,
        truthy(opts.get("closePath")), truthy(opts.get("closeShape")), False,
    )  # fmt: skip


@bounded("ExtrudeShapeCustom", 1)
def ExtrudeShapeCustom(name: str, options: _Options = None, scene: object | None = None) -> Mesh:
    """An extrusion scaled and rotated per path point by functions
    (``MeshBuilder.ExtrudeShapeCustom``).

    Parameters
    ----------
    name
        Mesh name.
    options
        As :func:`ExtrudeShape`, plus ``scaleFunction(i, distance)`` (a number, default 1),
        ``scaleVectorFunction(i, distance)`` (a Vector3), ``rotationFunction(i, distance)``
        (default 0), ``ribbonCloseArray``/``ribbonClosePath``.
    scene
        Owning scene.
    """
    opts = dict(options or {})
    user_scale = opts.get("scaleFunction")

    def scale_function(i: int, distance: float) -> Vector3:
        value = user_scale(i, distance) if callable(user_scale) else None
        s = 1.0 if value is None else float(value)
        return Vector3(s, s, s)

    vector_function = opts.get("scaleVectorFunction")
    rotation_function = opts.get("rotationFunction") or (lambda i, d: 0.0)
    close_array = truthy(opts.get("closePath")) or truthy(opts.get("ribbonCloseArray"))
    close_path = truthy(opts.get("closeShape")) or truthy(opts.get("ribbonClosePath"))
    return _extrude(
        name, opts, scene, "ExtrudeShapeCustom", None, None,
        vector_function if vector_function is not None else scale_function,  # type: ignore[arg-type]
        rotation_function, close_array, close_path, True,  # type: ignore[arg-type]
    )  # fmt: skip
