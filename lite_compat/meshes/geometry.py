"""Babylon.js ``Geometry``: the vertex storage one or more meshes share.

Port of the CPU half of ``@babylonjs/core`` 9.31 ``Meshes/geometry.js`` and
``Buffers/buffer.pure.js``. Each vertex kind holds a flat array: the caller's own list when the
buffer is not updatable (Babylon keeps the ``number[]`` it was given, so editing the list that
``getVerticesData`` returns edits the mesh), a float32 ``array.array("f")`` when it is (Babylon
turns an updatable ``number[]`` into a ``Float32Array``: every value, and every later write,
rounds to float32). ``updateVerticesData`` only replaces the data of an updatable buffer, as in
Babylon. Setting positions recomputes the geometry's extent and rebuilds the bounding info of
every mesh using it.
"""

from __future__ import annotations

from array import array
from collections.abc import MutableSequence, Sequence
from itertools import count
from typing import TYPE_CHECKING, Protocol, TypeAlias

from lite_compat.engines.engine_store import scene_unique_id
from lite_compat.math import Vector2, Vector3
from lite_compat.meshes.bounding_info import MinMax, extractMinAndMax
from lite_compat.meshes.vertex_data import VertexBuffer

if TYPE_CHECKING:
    from lite_compat.meshes.bounding_info import BoundingInfo

__all__ = ["DataArray", "Geometry", "GeometryVertexBuffer"]

#: Vertex data as stored: a ``list`` (Babylon's ``number[]``) or float32 ``array("f")``.
DataArray: TypeAlias = "list[float] | array[float]"

_MAX = 1.7976931348623157e308
_ids = count()


class _GeometryMesh(Protocol):
    _geometry: Geometry | None

    def buildBoundingInfo(self, minimum: Vector3, maximum: Vector3) -> BoundingInfo: ...

    @property
    def hasBoundingInfo(self) -> bool: ...

    def getBoundingInfo(self) -> BoundingInfo: ...

    def computeWorldMatrix(self, force: bool = False) -> object: ...

    def synchronizeInstances(self) -> object: ...


def _to_f32(data: Sequence[float]) -> array[float]:
    return array("f", data)


class GeometryVertexBuffer:
    """One vertex kind of a :class:`Geometry` (the CPU side of ``BABYLON.VertexBuffer``).

    Parameters
    ----------
    kind
        ``VertexBuffer.PositionKind`` ...
    data
        The stored array.
    updatable
        Whether ``updateVerticesData`` may replace it.
    stride
        Floats per vertex (deduced from the kind when None).
    """

    def __init__(
        self, kind: str, data: DataArray, updatable: bool, stride: int | None = None
    ) -> None:
        self._kind = kind
        self._data: DataArray = data
        self._updatable = updatable
        try:
            size = VertexBuffer.DeduceStride(kind)
        except ValueError:
            size = stride or 3
        self._size = size
        self._stride = stride or size

    def getKind(self) -> str:
        """The vertex kind."""
        return self._kind

    def getData(self) -> DataArray:
        """The stored array."""
        return self._data

    def isUpdatable(self) -> bool:
        """Whether ``updateVerticesData`` replaces the data."""
        return self._updatable

    def getSize(self) -> int:
        """Floats per vertex."""
        return self._size

    def getStrideSize(self) -> int:
        """Floats between two vertices."""
        return self._stride

    def getIsInstanced(self) -> bool:
        """Always False here (per-instance buffers are not kept)."""
        return False

    def getFloatData(self, totalVertices: int, forceCopy: bool = False) -> DataArray:
        """The data (a copy when ``forceCopy``)."""
        return self._data[:] if forceCopy else self._data

    def update(self, data: DataArray) -> None:
        """Replace the data when updatable (Babylon ignores updates of static buffers)."""
        if self._updatable:
            self._data = data


class Geometry:
    """Vertex and index storage shared by meshes (``BABYLON.Geometry``).

    Parameters
    ----------
    id
        Geometry id.
    scene
        Owning scene (kept for ``getScene``).
    """

    def __init__(self, id: str | None = None, scene: object | None = None) -> None:  # noqa: A002
        self.id = id if id is not None else Geometry.RandomId()
        self._scene = scene
        #: ``scene.getUniqueId()`` at construction, as in Babylon.js.
        self.uniqueId = scene_unique_id(scene)
        self.delayLoadState = 0
        self._totalVertices = 0
        self._vertexBuffers: dict[str, GeometryVertexBuffer] = {}
        self._indices: MutableSequence[int] = []
        self._indexBufferIsUpdatable = False
        self._meshes: list[_GeometryMesh] = []
        self._extend = MinMax(Vector3(-_MAX, -_MAX, -_MAX), Vector3(_MAX, _MAX, _MAX))
        self._boundingBias: Vector2 | None = None
        self.useBoundingInfoFromGeometry = False

    @staticmethod
    def RandomId() -> str:
        """A fresh geometry id (Babylon uses a random GUID)."""
        return f"geometry-{next(_ids)}"

    def getClassName(self) -> str:
        """``"Geometry"``."""
        return "Geometry"

    def getScene(self) -> object | None:
        """The owning scene."""
        return self._scene

    @property
    def meshes(self) -> list[_GeometryMesh]:
        """Meshes using this geometry."""
        return self._meshes

    @property
    def extend(self) -> MinMax:
        """``{minimum, maximum}`` of the positions (with the bounding bias)."""
        return self._extend

    @property
    def boundingBias(self) -> Vector2 | None:
        """``Vector2(scale, offset)`` widening the extent, or None."""
        return self._boundingBias

    @boundingBias.setter
    def boundingBias(self, value: Vector2) -> None:
        if self._boundingBias is not None:
            self._boundingBias.copyFrom(value)
        else:
            self._boundingBias = value.clone()
        self._updateBoundingInfo(True, None)

    def isReady(self) -> bool:
        """True (data is always loaded here)."""
        return self.delayLoadState in (0, 1)

    # -- vertex data ------------------------------------------------------------------------

    def setVerticesData(
        self, kind: str, data: Sequence[float], updatable: bool = False, stride: int | None = None
    ) -> None:
        """Store one kind (float32 when ``updatable``), as ``Geometry.setVerticesData``."""
        stored: DataArray
        if isinstance(data, array):
            stored = data
        elif updatable:
            stored = _to_f32(data)
        else:
            stored = data if isinstance(data, list) else list(data)
        self.setVerticesBuffer(GeometryVertexBuffer(kind, stored, updatable, stride))

    def setVerticesBuffer(
        self, buffer: GeometryVertexBuffer, totalVertices: int | None = None
    ) -> None:
        """Install a vertex buffer; positions also reset the extent and the meshes' bounds."""
        kind = buffer.getKind()
        self._vertexBuffers[kind] = buffer
        if kind == VertexBuffer.PositionKind:
            data = buffer.getData()
            stride = buffer.getStrideSize()
            self._totalVertices = (
                totalVertices if totalVertices is not None else len(data) // stride
            )
            self._updateExtend(data)
            for mesh in list(self._meshes):
                mesh.buildBoundingInfo(self._extend.minimum, self._extend.maximum)
                mesh.computeWorldMatrix(True)
                mesh.synchronizeInstances()

    def removeVerticesData(self, kind: str) -> None:
        """Drop one kind."""
        self._vertexBuffers.pop(kind, None)

    def updateVerticesData(
        self, kind: str, data: Sequence[float], updateExtends: bool = False
    ) -> None:
        """Replace the data of an updatable kind; positions refresh the bounds when
        ``updateExtends``."""
        buffer = self._vertexBuffers.get(kind)
        if buffer is None:
            return
        values: DataArray = data if isinstance(data, (list, array)) else list(data)
        buffer.update(values)
        if kind == VertexBuffer.PositionKind:
            self._updateBoundingInfo(updateExtends, values)

    def _updateBoundingInfo(self, updateExtends: bool, data: DataArray | None) -> None:
        if not updateExtends:
            return
        self._updateExtend(data)
        for mesh in self._meshes:
            if mesh.hasBoundingInfo:
                mesh.getBoundingInfo().reConstruct(self._extend.minimum, self._extend.maximum)
            else:
                mesh.buildBoundingInfo(self._extend.minimum, self._extend.maximum)

    def _updateExtend(self, data: DataArray | None = None) -> None:
        if data is None:
            data = self.getVerticesData(VertexBuffer.PositionKind)
            if data is None:
                return
        self._extend = extractMinAndMax(data, 0, self._totalVertices, self._boundingBias, 3)

    def getTotalVertices(self) -> int:
        """Number of vertices."""
        return self._totalVertices if self.isReady() else 0

    def getVerticesData(
        self, kind: str, copyWhenShared: bool = False, forceCopy: bool = False
    ) -> DataArray | None:
        """The stored data of ``kind`` (a copy when asked, or when shared and
        ``copyWhenShared``)."""
        buffer = self._vertexBuffers.get(kind)
        if buffer is None:
            return None
        return buffer.getFloatData(
            self._totalVertices, forceCopy or (copyWhenShared and len(self._meshes) != 1)
        )

    def copyVerticesData(self, kind: str, vertexData: dict[str, array[float]]) -> None:
        """Copy ``kind`` into ``vertexData[kind]`` (a float32 array, created when absent)."""
        buffer = self._vertexBuffers.get(kind)
        if buffer is None:
            return
        size = buffer.getSize()
        target = vertexData.get(kind)
        if target is None:
            target = array("f", bytes(4 * self._totalVertices * size))
            vertexData[kind] = target
        data = buffer.getData()
        for i in range(min(len(target), len(data), self._totalVertices * size)):
            target[i] = data[i]

    def getVertexBuffer(self, kind: str) -> GeometryVertexBuffer | None:
        """The buffer of ``kind``, or None."""
        return self._vertexBuffers.get(kind)

    def getVertexBuffers(self) -> dict[str, GeometryVertexBuffer]:
        """Every buffer by kind."""
        return self._vertexBuffers

    def isVertexBufferUpdatable(self, kind: str) -> bool:
        """Whether ``kind`` exists and is updatable."""
        buffer = self._vertexBuffers.get(kind)
        return buffer is not None and buffer.isUpdatable()

    def isVerticesDataPresent(self, kind: str) -> bool:
        """Whether ``kind`` has data."""
        return kind in self._vertexBuffers

    def getVerticesDataKinds(self) -> list[str]:
        """Kinds with data, in insertion order."""
        return list(self._vertexBuffers)

    # -- indices ----------------------------------------------------------------------------

    def setIndices(
        self,
        indices: Sequence[int],
        totalVertices: int | None = None,
        updatable: bool = False,
        dontForceSubMeshRecreation: bool = False,
    ) -> None:
        """Store the indices (the caller's list itself, as Babylon keeps its array)."""
        self._indices = indices if isinstance(indices, (list, array)) else list(indices)
        self._indexBufferIsUpdatable = updatable
        if totalVertices is not None:
            self._totalVertices = totalVertices
        for mesh in self._meshes:
            mesh.synchronizeInstances()

    def updateIndices(
        self, indices: Sequence[int], offset: int | None = None, gpuMemoryOnly: bool = False
    ) -> None:
        """Replace the indices (an updatable index buffer keeps a copy)."""
        if not self._indexBufferIsUpdatable:
            self.setIndices(indices, None, True)
        elif not gpuMemoryOnly:
            self._indices = list(indices)

    def getTotalIndices(self) -> int:
        """Number of indices."""
        return len(self._indices) if self.isReady() else 0

    def getIndices(
        self, copyWhenShared: bool = False, forceCopy: bool = False
    ) -> MutableSequence[int]:
        """The stored indices (a copy when asked, or when shared and ``copyWhenShared``)."""
        if not forceCopy and (not copyWhenShared or len(self._meshes) == 1):
            return self._indices
        return list(self._indices)

    # -- meshes -----------------------------------------------------------------------------

    def applyToMesh(self, mesh: _GeometryMesh) -> None:
        """Make ``mesh`` use this geometry (releasing its previous one)."""
        if mesh._geometry is self:
            return
        previous = mesh._geometry
        if previous is not None:
            previous.releaseForMesh(mesh)
        mesh._geometry = self
        self._meshes.append(mesh)
        if VertexBuffer.PositionKind in self._vertexBuffers:
            mesh.buildBoundingInfo(self._extend.minimum, self._extend.maximum)
            getattr(mesh, "_updateBoundingInfo", lambda: None)()
        mesh.synchronizeInstances()

    def releaseForMesh(self, mesh: _GeometryMesh, shouldDispose: bool = False) -> None:
        """Stop ``mesh`` using this geometry."""
        for i, item in enumerate(self._meshes):
            if item is mesh:
                del self._meshes[i]
                mesh._geometry = None
                break

    def copy(self, id: str) -> Geometry:  # noqa: A002
        """A deep copy (data copied into float32 arrays, as Babylon's typed-array copy)."""
        geometry = Geometry(id, self._scene)
        geometry.setIndices(list(self._indices))
        for kind, buffer in self._vertexBuffers.items():
            data = _to_f32(buffer.getData()[: self._totalVertices * buffer.getSize()])
            geometry.setVerticesBuffer(
                GeometryVertexBuffer(kind, data, buffer.isUpdatable(), buffer.getSize()),
                self._totalVertices,
            )
        return geometry

    def toLeftHanded(self) -> None:
        """Flip the winding and negate Z of positions and normals."""
        indices = self.getIndices(False)
        if len(indices) > 0:
            for i in range(0, len(indices) - 2, 3):
                indices[i], indices[i + 2] = indices[i + 2], indices[i]
            self.setIndices(indices)
        for kind in (VertexBuffer.PositionKind, VertexBuffer.NormalKind):
            data = self.getVerticesData(kind, False)
            if data is not None and len(data) > 0:
                for i in range(2, len(data), 3):
                    data[i] = -data[i]
                self.setVerticesData(kind, data, False)

    def dispose(self) -> None:
        """Release every mesh and the data."""
        for mesh in list(self._meshes):
            self.releaseForMesh(mesh)
        self._vertexBuffers = {}
        self._indices = []
