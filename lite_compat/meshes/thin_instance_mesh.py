"""Babylon.js thin instances: one mesh drawn many times from a buffer of world matrices.

Port of the CPU side of ``@babylonjs/core`` 9.31 ``Meshes/thinInstanceMesh.pure.js``: the
matrix buffer (a float32 array grown by doubling from 32 matrices), ``thinInstanceAdd``/
``thinInstanceSetMatrixAt``/``thinInstanceSetBuffer``, the per-instance attribute buffers,
``thinInstanceGetWorldMatrices`` and ``thinInstanceRefreshBoundingInfo`` (the mesh's bounding
box grown to hold its eight corners under every instance matrix, the un-instanced bounds kept
as ``rawBoundingInfo``). Nothing is uploaded; ``thinInstanceBufferUpdated`` only records the
call. ``thinInstanceAdd`` returns -1 on an engine whose ``getCaps().instancedArrays`` is
False, as Babylon.js does (its ``NullEngine``); an engine without ``getCaps`` counts as
supporting instances.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, Sequence
from typing import Any

from lite_compat.math import Matrix, TmpVectors, Vector3
from lite_compat.meshes.abstract_mesh_members import AbstractMeshMembers, require_mesh_arg
from lite_compat.meshes.bounding_info import BoundingInfo
from lite_compat.meshes.vertex_data import VertexBuffer

__all__ = ["ThinInstanceMembers"]

_INF = float("inf")


def _f32(size: int) -> array[float]:
    return array("f", bytes(4 * size))


def _instanced_arrays(mesh: AbstractMeshMembers) -> bool:
    engine = mesh.getEngine()
    caps = getattr(engine, "getCaps", None)
    if not callable(caps):
        return True
    return bool(getattr(caps(), "instancedArrays", True))


class ThinInstanceMembers(AbstractMeshMembers):
    """The ``thinInstance*`` members of ``BABYLON.Mesh`` (see the module docstring).

    Parameters
    ----------
    name, scene
        As :class:`~lite_compat.meshes.mesh.AbstractMesh`.
    """

    def __init__(self, name: str, scene: object | None = None) -> None:
        super().__init__(name, scene)
        self._thinInstancesCount = 0
        self._thinMatrixData: Any = None
        self._thinMatrixBuffer = False
        self._thinMatrixBufferSize = 32 * 16
        self._thinWorldMatrices: list[Matrix] | None = None
        self._thinBoundingVectors: list[Vector3] = []
        self._thinUserData: dict[str, Any] = {}
        self._thinUserStrides: dict[str, int] = {}
        self._thinUserSizes: dict[str, int] = {}
        self._thinUpdated: list[str] = []

    def refreshBoundingInfo(
        self, applySkeletonOrOptions: bool | Mapping[str, object] = False, applyMorph: bool = False
    ) -> object:
        """Recompute the local extent (``Mesh`` provides it)."""
        return self

    @property
    def thinInstanceCount(self) -> int:
        """Number of thin instances (setting it can only shrink within the buffer)."""
        return self._thinInstancesCount

    @thinInstanceCount.setter
    def thinInstanceCount(self, value: int) -> None:
        data = self._thinMatrixData
        if data is None:
            source = getattr(self, "source", None)
            data = getattr(source, "_thinMatrixData", None)
        most = len(data) / 16 if data is not None else 0
        if value <= most:
            self._thinInstancesCount = value

    def _thinUpdateBufferSize(self, kind: str, numInstances: int = 1) -> None:
        if kind == VertexBuffer.ColorKind:
            kind = VertexBuffer.ColorInstanceKind
        is_matrix = kind == "matrix"
        if not is_matrix and not self._thinUserStrides.get(kind):
            return
        stride = 16 if is_matrix else self._thinUserStrides[kind]
        current = self._thinMatrixBufferSize if is_matrix else self._thinUserSizes[kind]
        data = self._thinMatrixData if is_matrix else self._thinUserData.get(kind)
        needed = (self._thinInstancesCount + numInstances) * stride
        size = current
        while size < needed:
            size *= 2
        if data is None or current != size:
            grown = _f32(size)
            if data is not None:
                for i in range(min(len(data), size)):
                    grown[i] = data[i]
            if is_matrix:
                self._thinMatrixBuffer = True
                self._thinMatrixData = grown
                self._thinMatrixBufferSize = size
            else:
                self._thinUserData[kind] = grown
                self._thinUserSizes[kind] = size

    def thinInstanceAdd(self, matrix: Matrix | Sequence[Matrix], refresh: bool = True) -> int:
        """Append one matrix (or several); returns the index of the first, -1 when the
        engine cannot draw instances."""
        items = matrix if isinstance(matrix, (list, tuple)) else [matrix]
        for item in items:
            require_mesh_arg(
                isinstance(item, Matrix),
                "Mesh.thinInstanceAdd",
                "matrix",
                "a Matrix or a list of them",
                item,
            )
        if not _instanced_arrays(self):
            return -1
        matrices: list[Matrix] = list(matrix) if isinstance(matrix, (list, tuple)) else [matrix]  # type: ignore[list-item]
        self._thinUpdateBufferSize("matrix", len(matrices))
        index = self._thinInstancesCount
        for i, m in enumerate(matrices):
            at = self._thinInstancesCount
            self._thinInstancesCount += 1
            self.thinInstanceSetMatrixAt(at, m, i == len(matrices) - 1 and refresh)
        return index

    def thinInstanceAddSelf(self, refresh: bool = True) -> int:
        """Add an identity instance (the mesh where it stands)."""
        return self.thinInstanceAdd(Matrix.IdentityReadOnly, refresh)

    def thinInstanceSetMatrixAt(self, index: int, matrix: Matrix, refresh: bool = True) -> bool:
        """Overwrite instance ``index``'s matrix (False when out of range)."""
        require_mesh_arg(
            isinstance(matrix, Matrix), "Mesh.thinInstanceSetMatrixAt", "matrix", "a Matrix", matrix
        )
        data = self._thinMatrixData
        if data is None or index >= self._thinInstancesCount:
            return False
        matrix.copyToArray(data, index * 16)
        if self._thinWorldMatrices is not None:
            self._thinWorldMatrices[index] = matrix
        if refresh:
            self.thinInstanceBufferUpdated("matrix")
            if not self.doNotSyncBoundingInfo:
                self.thinInstanceRefreshBoundingInfo(False)
        return True

    def thinInstanceRegisterAttribute(self, kind: str, stride: int) -> None:
        """Declare a per-instance attribute of ``stride`` floats (zeros)."""
        if kind == VertexBuffer.ColorKind:
            kind = VertexBuffer.ColorInstanceKind
        remove = getattr(self, "removeVerticesData", None)
        if callable(remove):
            remove(kind)
        self._thinUserStrides[kind] = stride
        self._thinUserSizes[kind] = stride * max(32, self._thinInstancesCount)
        self._thinUserData[kind] = _f32(self._thinUserSizes[kind])

    def thinInstanceSetAttributeAt(
        self, kind: str, index: int, value: Sequence[float], refresh: bool = True
    ) -> bool:
        """Write instance ``index``'s value of a registered attribute."""
        if kind == VertexBuffer.ColorKind:
            kind = VertexBuffer.ColorInstanceKind
        if kind not in self._thinUserData or index >= self._thinInstancesCount:
            return False
        self._thinUpdateBufferSize(kind, 0)
        data = self._thinUserData[kind]
        offset = index * self._thinUserStrides[kind]
        for i, v in enumerate(value):
            data[offset + i] = v
        if refresh:
            self.thinInstanceBufferUpdated(kind)
        return True

    def thinInstanceSetBuffer(
        self, kind: str, buffer: Sequence[float] | None, stride: int = 0, staticBuffer: bool = True
    ) -> None:
        """Replace a whole buffer: ``"matrix"`` (16 floats per instance, sets the count),
        ``"previousMatrix"``, or a per-instance attribute; None removes it."""
        require_mesh_arg(
            buffer is None or isinstance(buffer, (list, tuple, array)),
            "Mesh.thinInstanceSetBuffer",
            "buffer",
            "a flat list of numbers or None",
            buffer,
        )
        stride = stride or 16
        if kind == "matrix":
            self._thinMatrixBuffer = buffer is not None
            self._thinMatrixBufferSize = len(buffer) if buffer is not None else 32 * stride
            self._thinMatrixData = buffer
            self._thinWorldMatrices = None
            if buffer is not None:
                self._thinInstancesCount = int(len(buffer) / stride)
                if not self.doNotSyncBoundingInfo:
                    self.thinInstanceRefreshBoundingInfo(False)
            else:
                self._thinInstancesCount = 0
                if not self.doNotSyncBoundingInfo:
                    self.refreshBoundingInfo()
            return
        if kind == "previousMatrix":
            self._thinUserData["previousMatrix"] = buffer
            return
        if kind == VertexBuffer.ColorKind:
            kind = VertexBuffer.ColorInstanceKind
        if buffer is None:
            for store in (self._thinUserData, self._thinUserStrides, self._thinUserSizes):
                store.pop(kind, None)
            return
        self._thinUserData[kind] = buffer
        self._thinUserStrides[kind] = stride
        self._thinUserSizes[kind] = len(buffer)

    def thinInstanceBufferUpdated(self, kind: str) -> None:
        """Babylon re-uploads the buffer; here the call is only recorded."""
        self._thinUpdated.append(kind)

    def thinInstanceGetWorldMatrices(self) -> list[Matrix]:
        """One :class:`Matrix` per instance (cached until the buffer is replaced)."""
        data = self._thinMatrixData
        if data is None or not self._thinMatrixBuffer:
            return []
        if self._thinWorldMatrices is None:
            self._thinWorldMatrices = [
                Matrix.FromArray(data, i * 16) for i in range(self._thinInstancesCount)
            ]
        return self._thinWorldMatrices

    def thinInstanceRefreshBoundingInfo(
        self,
        forceRefreshParentInfo: bool = False,
        applySkeleton: bool = False,
        applyMorph: bool = False,
        applyBakedVertexAnimation: bool = False,
    ) -> None:
        """Grow the bounding info to hold the mesh under every instance matrix (the mesh's
        own bounds are kept as ``rawBoundingInfo``)."""
        data = self._thinMatrixData
        if data is None or not self._thinMatrixBuffer:
            return
        vectors = self._thinBoundingVectors
        if forceRefreshParentInfo or self.rawBoundingInfo is None:
            vectors.clear()
            self.refreshBoundingInfo(applySkeleton, applyMorph)
            info = self.getBoundingInfo()
            self.rawBoundingInfo = BoundingInfo(info.minimum, info.maximum)
        info = self.getBoundingInfo()
        if not vectors:
            vectors.extend(v.clone() for v in info.boundingBox.vectors)
        low = TmpVectors.Vector3[0].setAll(_INF)
        high = TmpVectors.Vector3[1].setAll(-_INF)
        matrix = TmpVectors.Matrix[0]
        corner = TmpVectors.Vector3[2]
        for i in range(self._thinInstancesCount):
            Matrix.FromArrayToRef(data, i * 16, matrix)
            for v in vectors:
                Vector3.TransformCoordinatesToRef(v, matrix, corner)
                low.minimizeInPlace(corner)
                high.maximizeInPlace(corner)
        info.reConstruct(low, high)
        self._updateBoundingInfo()

    def _afterComputeWorldMatrix(self) -> None:
        super()._afterComputeWorldMatrix()
        if getattr(self, "_thinInstancesCount", 0) > 0 and not self.doNotSyncBoundingInfo:
            self.thinInstanceRefreshBoundingInfo(False)
