"""``MeshBuilder.CreateDecal``: the part of a mesh inside a box, clipped and projected.

Port of ``@babylonjs/core`` 9.31 ``Meshes/Builders/decalBuilder.pure.js`` for meshes without a
skeleton, morph targets or thin instances: the source triangles are moved into the decal's
frame (yaw/pitch from ``normal``, roll ``angle``, centred on ``position``), clipped against the
six faces of the ``size`` box (Sutherland-Hodgman per triangle, Babylon's vertex order), and
given box-projected uvs (or the source uvs with ``captureUVS``). The decal mesh is placed at
``position`` with rotation ``(pitch, yaw, angle)``; with ``localMode`` it keeps the source's
local coordinates and is parented to it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from lite.errors import LiteError
from lite_compat._js import js_div, truthy
from lite_compat.math import Matrix, Vector2, Vector3
from lite_compat.meshes.abstract_mesh import AbstractMesh
from lite_compat.meshes.mesh import Mesh
from lite_compat.meshes.vertex_data import VertexBuffer, VertexData

__all__ = ["CreateDecal"]

_AXES = (
    Vector3(1, 0, 0), Vector3(-1, 0, 0), Vector3(0, 1, 0),
    Vector3(0, -1, 0), Vector3(0, 0, 1), Vector3(0, 0, -1),
)  # fmt: skip


class _DecalVertex:
    __slots__ = ("local_normal", "local_position", "normal", "position", "uv", "vertex_idx")

    def __init__(
        self,
        position: Vector3 | None = None,
        normal: Vector3 | None = None,
        uv: Vector2 | None = None,
        vertex_idx: int = 0,
        local_position: list[float] | None = None,
        local_normal: list[float] | None = None,
    ) -> None:
        self.position = position if position is not None else Vector3.Zero()
        self.normal = normal if normal is not None else Vector3.Up()
        self.uv = uv if uv is not None else Vector2.Zero()
        self.vertex_idx = vertex_idx
        self.local_position = local_position
        self.local_normal = local_normal

    def clone(self) -> _DecalVertex:
        return _DecalVertex(
            self.position.clone(), self.normal.clone(), self.uv.clone(), self.vertex_idx,
            None if self.local_position is None else list(self.local_position),
            None if self.local_normal is None else list(self.local_normal),
        )  # fmt: skip


def _vec(value: object, default: Vector3) -> Vector3:
    if value is None or value is False:
        return default
    if isinstance(value, Vector3):
        return value
    return Vector3(
        float(getattr(value, "x")),  # noqa: B009
        float(getattr(value, "y")),  # noqa: B009
        float(getattr(value, "z")),  # noqa: B009
    )


def CreateDecal(
    name: str, sourceMesh: AbstractMesh, options: Mapping[str, object] | None = None
) -> Mesh:
    """A decal projected onto ``sourceMesh`` (``MeshBuilder.CreateDecal``).

    Parameters
    ----------
    name
        Mesh name.
    sourceMesh
        The mesh to project onto (its world matrix is used).
    options
        ``position`` (origin), ``normal`` (up; the projection direction), ``size``
        (Vector3 (1, 1, 1)), ``angle`` (0), ``captureUVS``, ``cullBackFaces``, ``localMode``.

    Raises
    ------
    LiteError
        ``LITE-COMPAT-182`` for a source with a skeleton or morph targets (their skinned
        positions are not computed here).
    """
    opts = options or {}
    skeleton = getattr(sourceMesh, "skeleton", None)
    manager = getattr(sourceMesh, "morphTargetManager", None)
    if skeleton is not None or bool(getattr(manager, "numTargets", None)):
        raise LiteError(
            "LITE-COMPAT-182",
            f"MeshBuilder.CreateDecal: sourceMesh {getattr(sourceMesh, 'name', '?')!r} has a "
            "skeleton or morph targets; Babylon.js projects their skinned/morphed positions, "
            "which lite_compat does not compute",
            hint="project the decal onto a static copy of the mesh",
            input_name="sourceMesh",
        )
    local_mode = truthy(opts.get("localMode"))
    indices = list(sourceMesh.getIndices() or [])
    positions = sourceMesh.getVerticesData(VertexBuffer.PositionKind)
    normals = sourceMesh.getVerticesData(VertexBuffer.NormalKind)
    local_positions = positions if local_mode else None
    local_normals = normals if local_mode else None
    uvs = sourceMesh.getVerticesData(VertexBuffer.UVKind)
    position = _vec(opts.get("position"), Vector3.Zero())
    normal = _vec(opts.get("normal"), Vector3.Up())
    size = _vec(opts.get("size"), Vector3.One())
    angle = float(opts["angle"]) if truthy(opts.get("angle")) else 0.0  # type: ignore[arg-type]
    capture_uvs = truthy(opts.get("captureUVS"))
    yaw = -math.atan2(normal.z, normal.x) - math.pi / 2
    length = math.sqrt(normal.x * normal.x + normal.z * normal.z)
    pitch = math.atan2(normal.y, length)
    out_indices: list[int] = []
    out_positions: list[float] = []
    out_normals: list[float] = []
    out_uvs: list[float] = []

    def extract(index_id: int, transform: Matrix) -> _DecalVertex:
        result = _DecalVertex()
        if not indices or positions is None or normals is None:
            return result
        vertex_id = indices[index_id]
        result.vertex_idx = vertex_id * 3
        result.position = Vector3.FromArray(positions, vertex_id * 3)
        Vector3.TransformCoordinatesToRef(result.position, transform, result.position)
        result.normal = Vector3.FromArray(normals, vertex_id * 3)
        Vector3.TransformNormalToRef(result.normal, transform, result.normal)
        if capture_uvs and uvs is not None:
            result.uv = Vector2(uvs[vertex_id * 2], uvs[vertex_id * 2 + 1])
        return result

    def local(values: Sequence[float] | None, override: list[float] | None, at: int) -> list[float]:
        if override is not None:
            return override
        if values is None:
            return [0.0, 0.0, 0.0]
        return [values[at], values[at + 1], values[at + 2]]

    def clip_vertices(
        v0: _DecalVertex, v1: _DecalVertex, axis: Vector3, clip_size: float
    ) -> _DecalVertex:
        factor = Vector3.GetClipFactor(v0.position, v1.position, axis, clip_size)
        lp0 = local(local_positions, v0.local_position, v0.vertex_idx)
        lp1 = local(local_positions, v1.local_position, v1.vertex_idx)
        ln0 = local(local_normals, v0.local_normal, v0.vertex_idx)
        ln1 = local(local_normals, v1.local_normal, v1.vertex_idx)
        interp = [ln0[k] + (ln1[k] - ln0[k]) * factor for k in range(3)]
        norm = math.sqrt(sum(c * c for c in interp))
        return _DecalVertex(
            Vector3.Lerp(v0.position, v1.position, factor),
            Vector3.Lerp(v0.normal, v1.normal, factor).normalize(),
            Vector2.Lerp(v0.uv, v1.uv, factor),
            -1,
            [lp0[k] + (lp1[k] - lp0[k]) * factor for k in range(3)] if local_positions else None,
            [js_div(c, norm) for c in interp] if local_normals else None,
        )

    def clip(vertices: list[_DecalVertex], axis: Vector3) -> list[_DecalVertex] | None:
        if not vertices:
            return vertices
        clip_size = 0.5 * abs(Vector3.Dot(size, axis))
        result: list[_DecalVertex] | None = [] if len(vertices) > 3 else None
        for index in range(0, len(vertices), 3):
            a, b, c = vertices[index], vertices[index + 1], vertices[index + 2]
            out = [Vector3.Dot(v.position, axis) - clip_size > 0 for v in (a, b, c)]
            total = sum(out)
            if total == 0:
                if len(vertices) > 3:
                    assert result is not None
                    result += [a, b, c]
                else:
                    result = vertices
            elif total == 1:
                result = result if result is not None else []
                if out[1]:
                    n1, n2 = a, c
                    n3 = clip_vertices(b, n1, axis, clip_size)
                    n4 = clip_vertices(b, n2, axis, clip_size)
                    result += [n3, n2.clone(), n1.clone(), n2.clone(), n3.clone(), n4]
                    continue
                if out[0]:
                    n1, n2 = b, c
                    n3 = clip_vertices(a, n1, axis, clip_size)
                    n4 = clip_vertices(a, n2, axis, clip_size)
                else:
                    n1, n2 = a, b
                    n3 = clip_vertices(c, n1, axis, clip_size)
                    n4 = clip_vertices(c, n2, axis, clip_size)
                result += [n1.clone(), n2.clone(), n3, n4, n3.clone(), n2.clone()]
            elif total == 2:
                result = result if result is not None else []
                for keep, first, second in ((a, b, c), (b, c, a), (c, a, b)):
                    if not out[(a, b, c).index(keep)]:
                        n1 = keep.clone()
                        result += [
                            n1,
                            clip_vertices(n1, first, axis, clip_size),
                            clip_vertices(n1, second, axis, clip_size),
                        ]
        return result

    decal_world = Matrix.RotationYawPitchRoll(yaw, pitch, angle).multiply(
        Matrix.Translation(position.x, position.y, position.z)
    )
    inverse = Matrix.Invert(decal_world)
    transform = Matrix.Identity().multiply(sourceMesh.getWorldMatrix()).multiply(inverse)
    current = 0
    for index in range(0, len(indices) - len(indices) % 3, 3):
        face: list[_DecalVertex] | None = [extract(index + k, transform) for k in range(3)]
        assert face is not None
        if truthy(opts.get("cullBackFaces")) and all(-v.normal.z <= 0 for v in face):
            continue
        for axis in _AXES:
            face = clip(face, axis)
            if not face:
                break
        if not face:
            continue
        for vertex in face:
            out_indices.append(current)
            if local_mode:
                lp = local(local_positions, vertex.local_position, vertex.vertex_idx)
                ln = local(local_normals, vertex.local_normal, vertex.vertex_idx)
                out_positions += lp
                out_normals += ln
            else:
                out_positions += [vertex.position.x, vertex.position.y, vertex.position.z]
                out_normals += [vertex.normal.x, vertex.normal.y, vertex.normal.z]
            if not capture_uvs:
                out_uvs += [0.5 + vertex.position.x / size.x, 0.5 + vertex.position.y / size.y]
            else:
                out_uvs += [vertex.uv.x, vertex.uv.y]
            current += 1
    data = VertexData()
    data.indices = out_indices or None
    data.positions = out_positions or None
    data.normals = out_normals or None
    data.uvs = out_uvs or None
    decal = Mesh(name, sourceMesh.getScene())
    data.applyToMesh(decal)
    if local_mode:
        decal.parent = sourceMesh
    else:
        decal.position = position.clone()
        decal.rotation = Vector3(pitch, yaw, angle)
    decal.computeWorldMatrix(True)
    return decal
