"""Babylon.js ``Mesh.MergeMeshes``: one mesh from the world-space vertex data of several.

Port of ``Mesh._MergeMeshesCoroutine`` (``@babylonjs/core`` 9.31 ``Meshes/mesh.pure.js``) and
``VertexData._mergeCoroutine``/``_MergeElement`` (``Meshes/mesh.vertexData.js``): every mesh's
positions (and normals, tangents) are moved by its world matrix, the other attributes are
concatenated, the indices offset (a mirroring world matrix flips that mesh's faces), and the
result is a new ``Mesh`` named ``<first>_merged`` with the first mesh's material, side
orientation and collision flag. As in Babylon, more than 65535 vertices need
``allow32BitsIndices``, instances and mixed side orientations are not merged (None), and meshes
with different attribute sets raise. ``multiMultiMaterials`` needs ``MultiMaterial``, which is
not ported (``LITE-COMPAT-107``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from lite.errors import LiteError
from lite_compat.math import Matrix, TmpVectors, Vector3, Vector4
from lite_compat.meshes.abstract_mesh_members import AbstractMeshMembers
from lite_compat.meshes.sub_mesh import SubMesh
from lite_compat.meshes.vertex_data import _VERTEX_DATA_KINDS, VertexBuffer, VertexData

__all__ = ["MergeMeshes", "MergeMeshesAsync", "MergeError"]


class MergeError(LiteError):
    """Meshes that ``Mesh.MergeMeshes`` cannot merge (``LITE-COMPAT-106``/``107``)."""


def _transform_range(kind: str) -> Callable[[Any, Matrix, int, int], None] | None:
    def coordinates(values: Any, m: Matrix, offset: int, length: int) -> None:
        point, moved = TmpVectors.Vector3[0], TmpVectors.Vector3[1]
        for i in range(offset, offset + length, 3):
            Vector3.FromArrayToRef(values, i, point)
            Vector3.TransformCoordinatesToRef(point, m, moved)
            values[i], values[i + 1], values[i + 2] = moved.x, moved.y, moved.z

    def normals(values: Any, m: Matrix, offset: int, length: int) -> None:
        normal, moved = TmpVectors.Vector3[0], TmpVectors.Vector3[1]
        for i in range(offset, offset + length, 3):
            Vector3.FromArrayToRef(values, i, normal)
            Vector3.TransformNormalToRef(normal, m, moved)
            values[i], values[i + 1], values[i + 2] = moved.x, moved.y, moved.z

    def tangents(values: Any, m: Matrix, offset: int, length: int) -> None:
        normal, moved = TmpVectors.Vector4[0], TmpVectors.Vector4[1]
        for i in range(offset, offset + length, 4):
            Vector4.FromArrayToRef(values, i, normal)
            Vector4.TransformNormalToRef(normal, m, moved)
            values[i : i + 4] = [moved.x, moved.y, moved.z, moved.w]

    if kind == VertexBuffer.PositionKind:
        return coordinates
    if kind == VertexBuffer.NormalKind:
        return normals
    if kind == VertexBuffer.TangentKind:
        return tangents
    return None


def _merge_element(
    kind: str, source: Any, transform: Matrix | None, others: Sequence[tuple[Any, Matrix]]
) -> Any:
    present = [(data, m) for data, m in others if data is not None]
    if source is None and not present:
        return source
    if source is None:
        return _merge_element(kind, present[0][0], present[0][1], present[1:])
    move = _transform_range(kind)
    merged: Any = type(source)("f") if not isinstance(source, list) else []
    merged.extend(source)
    if transform is not None and move is not None:
        move(merged, transform, 0, len(source))
    for data, m in present:
        offset = len(merged)
        merged.extend(data)
        if m is not None and move is not None:
            move(merged, m, offset, len(data))
    return merged


def _flip(indices: list[int], offset: int, length: int) -> None:
    for i in range(offset, offset + length, 3):
        indices[i + 1], indices[i + 2] = indices[i + 2], indices[i + 1]


def _extract(mesh: AbstractMeshMembers) -> VertexData:
    data = VertexData()
    for attribute, kind in _VERTEX_DATA_KINDS:
        setattr(data, attribute, mesh.getVerticesData(kind))
    indices = mesh.getIndices()
    data.indices = indices if isinstance(indices, list) or indices is None else list(indices)
    return data


def MergeMeshes(
    meshes: Sequence[AbstractMeshMembers | None],
    disposeSource: bool = True,
    allow32BitsIndices: bool = False,
    meshSubclass: Any = None,
    subdivideWithSubMeshes: bool = False,
    multiMultiMaterials: bool = False,
) -> Any:
    """Merge ``meshes`` into one mesh (``Mesh.MergeMeshes``); None when Babylon.js refuses.

    Raises
    ------
    MergeError
        ``LITE-COMPAT-106`` for different attribute sets (Babylon throws too),
        ``LITE-COMPAT-107`` for ``multiMultiMaterials`` (no ``MultiMaterial`` here).
    """
    if multiMultiMaterials:
        raise MergeError(
            "LITE-COMPAT-107",
            "Mesh.MergeMeshes: multiMultiMaterials builds a MultiMaterial, which lite_compat "
            "does not provide",
            hint="merge without multiMultiMaterials (the first mesh's material is used)",
            input_name="Mesh.MergeMeshes(multiMultiMaterials)",
        )
    items = [m for m in meshes if m]
    if not items:
        return None
    if not allow32BitsIndices and sum(m.getTotalVertices() for m in items) >= 65536:
        return None  # Babylon warns: more than 65536 vertices need allow32BitsIndices
    source = items[0]
    orientation = getattr(source, "sideOrientation", None)
    ranges: list[tuple[int, int]] = []
    for mesh in items:
        if mesh.isAnInstance or getattr(mesh, "sideOrientation", None) != orientation:
            return None  # Babylon warns: instances / mixed sideOrientation are not merged
        if subdivideWithSubMeshes:
            start = max((s + c for s, c in ranges), default=0)
            ranges.append((start, mesh.getTotalIndices()))
    datas = [(_extract(m), m.computeWorldMatrix(True)) for m in items]
    root, root_transform = datas[0]
    others = datas[1:]
    for other, _m in others:
        for attribute, _kind in _VERTEX_DATA_KINDS[1:]:
            if (getattr(root, attribute) is None) != (getattr(other, attribute) is None):
                raise MergeError(
                    "LITE-COMPAT-106",
                    "Mesh.MergeMeshes: the meshes do not have the same set of vertex "
                    f"attributes ({attribute} differs)",
                    hint="give every mesh the same kinds (Babylon.js throws here too)",
                    input_name="Mesh.MergeMeshes(meshes)",
                )
    total = sum(len(d.indices or []) for d, _ in datas)
    slice_indices = not disposeSource or any(d.indices is root.indices for d, _ in others)
    indices: list[int] | None = (
        list(root.indices) if slice_indices and root.indices is not None else root.indices
    )
    if total > 0:
        offset = len(indices) if indices is not None else 0
        if indices is None:
            indices = []
        if len(indices) != total:
            indices.extend([0] * (total - len(indices)))
            if root_transform.determinant() < 0:
                _flip(indices, 0, offset)
        vertex_offset = len(root.positions or []) // 3
        for other, m in others:
            if other.indices:
                for i, value in enumerate(other.indices):
                    indices[offset + i] = value + vertex_offset
                if m.determinant() < 0:
                    _flip(indices, offset, len(other.indices))
                vertex_offset += len(other.positions or []) // 3
                offset += len(other.indices)
    merged = VertexData()
    merged.indices = indices
    for attribute, kind in _VERTEX_DATA_KINDS:
        if attribute == "positions" or getattr(root, attribute) is not None:
            value = _merge_element(
                kind,
                getattr(root, attribute),
                root_transform,
                [(getattr(o, attribute), m) for o, m in others],
            )
            setattr(merged, attribute, value)
    result = meshSubclass
    if result is None:
        klass: type[Any] = next(k for k in type(source).__mro__ if k.__name__ == "Mesh")
        result = klass(f"{source.name}_merged", source.getScene())
    merged.applyToMesh(result)
    result.checkCollisions = getattr(source, "checkCollisions", False)
    result.sideOrientation = orientation
    if disposeSource:
        for mesh in items:
            mesh.dispose()
    if subdivideWithSubMeshes:
        result.releaseSubMeshes()
        all_indices = result.getIndices()
        for start, count in ranges:
            window = all_indices[start : start + count]
            low = min(window) if window else 0
            high = max(window) if window else 0
            SubMesh(0, low, high - low + 1, start, count, result)
        result.computeWorldMatrix(True)
    result.material = getattr(source, "material", None)
    return result


async def MergeMeshesAsync(
    meshes: Sequence[AbstractMeshMembers | None],
    disposeSource: bool = True,
    allow32BitsIndices: bool = False,
    meshSubclass: Any = None,
    subdivideWithSubMeshes: bool = False,
    multiMultiMaterials: bool = False,
) -> Any:
    """Awaitable :func:`MergeMeshes` (``Mesh.MergeMeshesAsync``; it finishes at once)."""
    return MergeMeshes(
        meshes,
        disposeSource,
        allow32BitsIndices,
        meshSubclass,
        subdivideWithSubMeshes,
        multiMultiMaterials,
    )
