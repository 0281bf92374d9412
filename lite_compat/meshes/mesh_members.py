"""The members ``BABYLON.Mesh`` adds: geometry-backed vertex data, LODs, instances, baking.

Port of ``@babylonjs/core`` 9.31 ``Meshes/mesh.pure.js`` (its CPU side). :class:`MeshMembers`
is the first base of :class:`~lite_compat.meshes.mesh.Mesh`:

* **vertex data** through a shared :class:`~lite_compat.meshes.geometry.Geometry`:
  ``setVerticesData``/``updateVerticesData``/``updateMeshPositions``/``setIndices`` ...,
  ``makeGeometryUnique``, ``refreshBoundingInfo`` (optionally skinned and morphed);
* ``toLeftHanded``, ``subdivide`` (the other shape edits are
  :class:`~lite_compat.meshes.mesh_shape_edits.MeshShapeEdits`, the class above this one);
* **copies**: ``clone`` (shares the geometry, copies the state, clones the children),
  ``createInstance`` (an :class:`~lite_compat.meshes.instanced_mesh.InstancedMesh`),
  ``instantiateHierarchy``;
* **LOD levels** (``addLODLevel``/``getLOD`` by distance or screen coverage);
* the render observables and ``register*Render`` hooks (state; nothing draws here), and
  ``Mesh.MinMax``/``Mesh.Center``.

Members that draw or bind GPU buffers are refused.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import Callable, Mapping, MutableSequence, Sequence
from typing import Any, ClassVar, Final, NamedTuple, TypeVar

from lite_compat._js import js_callable, require_number
from lite_compat._lazy import LazyField, created, swap_observer
from lite_compat._refusal import NETWORK, RENDERING, Refused
from lite_compat.engines.engine_store import scene_flag, scene_list
from lite_compat.math import Vector3
from lite_compat.meshes.abstract_mesh_members import (
    AbstractMeshMembers,
    MeshDataError,
    require_mesh_arg,
)
from lite_compat.meshes.bounding_sphere import BoundingSphere
from lite_compat.meshes.geometry import DataArray, Geometry, GeometryVertexBuffer
from lite_compat.meshes.mesh_create import MeshCreateStatics
from lite_compat.meshes.mesh_geometry_ops import MeshGeometryOps
from lite_compat.meshes.mesh_merge import MergeMeshes, MergeMeshesAsync
from lite_compat.meshes.normals import compute_normals
from lite_compat.meshes.sub_mesh import SubMesh
from lite_compat.meshes.thin_instance_mesh import ThinInstanceMembers
from lite_compat.meshes.vertex_data import VertexBuffer
from lite_compat.nodes.node import Node
from lite_compat.nodes.transform_node import TransformNode
from lite_compat.observable import Observable, Observer

__all__ = ["MeshLODLevel", "MeshMembers", "MinMaxVectors"]

_M = TypeVar("_M", bound="MeshMembers")


#: The drawing observables ``dispose`` clears (those made: one never read has no observer).
_DRAW_OBSERVABLES: Final = (
    "onBeforeDrawObservable",
    "onBeforeBindObservable",
    "onBeforeRenderObservable",
    "onAfterRenderObservable",
    "onBetweenPassObservable",
)


class MinMaxVectors(NamedTuple):
    """``{min, max}`` as ``Mesh.MinMax`` returns it."""

    min: Vector3
    max: Vector3


class MeshLODLevel:
    """One LOD level (``BABYLON.MeshLODLevel``): a distance (or screen coverage) and a mesh.

    Parameters
    ----------
    distanceOrScreenCoverage
        Where the level starts.
    mesh
        The mesh shown from there (None hides the mesh).
    """

    def __init__(self, distanceOrScreenCoverage: float, mesh: MeshMembers | None) -> None:
        self.distanceOrScreenCoverage = distanceOrScreenCoverage
        self.mesh = mesh


def _check_data(member: str, name: str, data: object, numbers: bool = True) -> None:
    """A coded error for data that is not a sequence of numbers (Babylon would fail later)."""
    ok = isinstance(data, (list, tuple, array))
    if ok and numbers and isinstance(data, (list, tuple)):
        ok = all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in data)
    if not ok:
        raise MeshDataError(
            "LITE-COMPAT-101",
            f"Mesh.{member}: {name} must be a flat list of numbers; got {type(data).__name__}",
            hint="pass a flat list such as [x0, y0, z0, x1, y1, z1, ...]",
            input_name=f"Mesh.{member}({name})",
        )


class MeshMembers(MeshCreateStatics, MeshGeometryOps, ThinInstanceMembers):
    """The ``Mesh`` members a headless script can observe (see the module docstring).

    Parameters
    ----------
    name, scene
        As :class:`~lite_compat.meshes.mesh.AbstractMesh`.
    """

    BOTTOM: ClassVar[int] = 4
    CAP_ALL: ClassVar[int] = 3
    CAP_END: ClassVar[int] = 2
    CAP_START: ClassVar[int] = 1
    CENTER: ClassVar[int] = 0
    FLIP_N_ROTATE_ROW: ClassVar[int] = 6
    FLIP_N_ROTATE_TILE: ClassVar[int] = 5
    FLIP_ROW: ClassVar[int] = 3
    FLIP_TILE: ClassVar[int] = 1
    INSTANCEDMESH_SORT_TRANSPARENT: ClassVar[bool] = False
    LEFT: ClassVar[int] = 1
    NO_CAP: ClassVar[int] = 0
    NO_FLIP: ClassVar[int] = 0
    RIGHT: ClassVar[int] = 2
    ROTATE_ROW: ClassVar[int] = 4
    ROTATE_TILE: ClassVar[int] = 2
    TOP: ClassVar[int] = 3

    #: ``Mesh._instancedMeshFactory``: set by :mod:`lite_compat.meshes.instanced_mesh`.
    _instancedMeshFactory: ClassVar[Callable[[str, MeshMembers], AbstractMeshMembers]]

    render = Refused(RENDERING, "draws a sub-mesh")
    directRender = Refused(RENDERING, "draws the mesh")
    renderWithRenderPassId = Refused(RENDERING, "draws the mesh in one render pass")
    setIndexBuffer = Refused(RENDERING, "installs a GPU index buffer")
    thinInstancePartialBufferUpdate = Refused(RENDERING, "uploads part of a GPU instance buffer")
    applyDisplacementMap = Refused(NETWORK, "loads a height map image from a URL")

    # Made on first read (see LazyField), as Babylon.js's constructor makes them (never
    # notified here: nothing is drawn).
    onBeforeRenderObservable: LazyField[Observable[MeshMembers]] = LazyField(Observable)
    onBeforeBindObservable: LazyField[Observable[MeshMembers]] = LazyField(Observable)
    onAfterRenderObservable: LazyField[Observable[MeshMembers]] = LazyField(Observable)
    onBetweenPassObservable: LazyField[Observable[object]] = LazyField(Observable)
    onBeforeDrawObservable: LazyField[Observable[MeshMembers]] = LazyField(Observable)

    def __init__(self, name: str, scene: object | None = None) -> None:
        super().__init__(name, scene)
        self._geometry: Geometry | None = None
        self.delayLoadState = 0
        self.instances: list[AbstractMeshMembers] = []
        self.ignoreCameraMaxZ = False
        self._LODLevels: list[MeshLODLevel] = []
        self._useLODScreenCoverage = False
        self._areNormalsFrozen = False
        self._source: MeshMembers | None = None
        self._forcedInstanceCount = 0
        self._overrideRenderingFillMode: int | None = None
        self._sideOrientation = 0 if scene_flag(self._scene, "useRightHandedSystem") else 1
        self.onMeshReadyObservable: Observable[MeshMembers] = Observable(self._onMeshReadyAdded)
        self._onBeforeDrawObserver: Observer[MeshMembers] | None = None
        self.edgesShareWithInstances: bool | None = None
        self.manualUpdateOfWorldMatrixInstancedBuffer: bool | None = None
        self.manualUpdateOfPreviousWorldMatrixInstancedBuffer: bool | None = None
        self.forceWorldMatrixInstancedBufferUpdate: bool | None = None
        self.thinInstanceAllowAutomaticStaticBufferRecreation: bool | None = None
        self.thinInstanceEnablePicking: bool | None = None

    def _onMeshReadyAdded(self, observer: Observer[MeshMembers]) -> None:
        observer.unregisterOnNextCall = True
        if self.isReady(True):
            self.onMeshReadyObservable.notifyObservers(self)

    # -- plain state ------------------------------------------------------------------------

    @property
    def onBeforeDraw(self) -> None:
        """Write-only in Babylon.js: replaces the ``onBeforeDrawObservable`` callback."""
        return None

    @onBeforeDraw.setter
    def onBeforeDraw(self, callback: Callable[..., object]) -> None:
        self._onBeforeDrawObserver = swap_observer(
            self, "onBeforeDrawObservable", self._onBeforeDrawObserver, callback
        )

    @property
    def overridenInstanceCount(self) -> None:
        """Write-only in Babylon.js (the instance count used when drawing)."""
        return None

    @overridenInstanceCount.setter
    def overridenInstanceCount(self, count: int) -> None:
        self._instanceCountOverride = count

    @property
    def worldMatrixInstancedBuffer(self) -> None:
        """The instances' world-matrix buffer (None: nothing was drawn)."""
        return None

    @property
    def previousWorldMatrixInstancedBuffer(self) -> None:
        """The instances' previous world-matrix buffer (None: nothing was drawn)."""
        return None

    @property
    def useLODScreenCoverage(self) -> bool:
        """LOD levels by screen coverage instead of distance (default False)."""
        return self._useLODScreenCoverage

    @useLODScreenCoverage.setter
    def useLODScreenCoverage(self, value: bool) -> None:
        self._useLODScreenCoverage = value
        self._sortLODLevels()

    @property
    def hasInstances(self) -> bool:
        """True when ``createInstance`` made instances that still exist."""
        return len(self.instances) > 0

    @property
    def hasThinInstances(self) -> bool:
        """True when thin instances are counted (or ``forcedInstanceCount`` is set)."""
        return (self._forcedInstanceCount or self._thinInstancesCount or 0) > 0

    @property
    def forcedInstanceCount(self) -> int:
        """Instance count forced when drawing (default 0)."""
        return self._forcedInstanceCount

    @forcedInstanceCount.setter
    def forcedInstanceCount(self, count: int) -> None:
        self._forcedInstanceCount = count

    @property
    def sideOrientation(self) -> int:
        """Winding used for this mesh (1 = clockwise in a left-handed scene, the default)."""
        return self._sideOrientation

    @sideOrientation.setter
    def sideOrientation(self, value: int) -> None:
        self._sideOrientation = value

    @property
    def overrideMaterialSideOrientation(self) -> int:
        """Alias of ``sideOrientation`` (setting it clears the material's own orientation)."""
        return self.sideOrientation

    @overrideMaterialSideOrientation.setter
    def overrideMaterialSideOrientation(self, value: int) -> None:
        self.sideOrientation = value
        material = getattr(self, "material", None)
        if material is not None and hasattr(material, "sideOrientation"):
            material.sideOrientation = None

    @property
    def overrideRenderingFillMode(self) -> int | None:
        """Fill mode forced for this mesh (default None)."""
        return self._overrideRenderingFillMode

    @overrideRenderingFillMode.setter
    def overrideRenderingFillMode(self, fillMode: int | None) -> None:
        self._overrideRenderingFillMode = fillMode

    @property
    def source(self) -> MeshMembers | None:
        """The mesh this one was cloned from (None otherwise)."""
        return self._source

    @property
    def cloneMeshMap(self) -> None:
        """Clones by unique id (only kept with ``scene.useClonedMeshMap``; None here)."""
        return None

    @property
    def isUnIndexed(self) -> bool:
        """True once converted to un-indexed vertices."""
        return self._unIndexed

    @isUnIndexed.setter
    def isUnIndexed(self, value: bool) -> None:
        self._unIndexed = value

    @property
    def isBlocked(self) -> bool:
        """True when this mesh is another mesh's LOD level."""
        return self._masterMesh is not None

    @property
    def areNormalsFrozen(self) -> bool:
        """True after ``freezeNormals``."""
        return self._areNormalsFrozen

    def freezeNormals(self) -> MeshMembers:
        """Mark the normals as frozen (ribbon updates keep them)."""
        self._areNormalsFrozen = True
        return self

    def unfreezeNormals(self) -> MeshMembers:
        """Undo ``freezeNormals``."""
        self._areNormalsFrozen = False
        return self

    def registerBeforeRender(self, func: Callable[..., object]) -> MeshMembers:
        """Call ``func(mesh)`` before the mesh is drawn (``onBeforeRenderObservable``)."""
        self.onBeforeRenderObservable.add(func)
        return self

    def unregisterBeforeRender(self, func: Callable[..., object]) -> MeshMembers:
        """Remove a ``registerBeforeRender`` callback."""
        self.onBeforeRenderObservable.removeCallback(func)
        return self

    def registerAfterRender(self, func: Callable[..., object]) -> MeshMembers:
        """Call ``func(mesh)`` after the mesh is drawn (``onAfterRenderObservable``)."""
        self.onAfterRenderObservable.add(func)
        return self

    def unregisterAfterRender(self, func: Callable[..., object]) -> MeshMembers:
        """Remove a ``registerAfterRender`` callback."""
        self.onAfterRenderObservable.removeCallback(func)
        return self

    def setMaterialById(self, id: str) -> MeshMembers:  # noqa: A002
        """Use the scene material with this id (unchanged when none has it)."""
        for material in scene_list(self._scene, "materials") or []:
            if getattr(material, "id", None) == id:
                self.material = material
                break
        return self

    def setMaterialByID(self, id: str) -> MeshMembers:  # noqa: A002
        """Old spelling of :meth:`setMaterialById`."""
        return self.setMaterialById(id)

    material: Any  # the AbstractMesh property

    def getEmittedParticleSystems(self) -> list[object]:
        """Particle systems emitted from this mesh (none here: no particles are ported)."""
        systems = getattr(self._scene, "particleSystems", None) or []
        return [s for s in systems if getattr(s, "emitter", None) is self]

    def getHierarchyEmittedParticleSystems(self) -> list[object]:
        """Particle systems emitted from this mesh and its descendants."""
        emitters = [self, *self.getDescendants()]
        systems = getattr(self._scene, "particleSystems", None) or []
        return [s for s in systems if any(getattr(s, "emitter", None) is e for e in emitters)]

    def registerInstancedBuffer(self, kind: str, stride: int) -> None:
        """Declare a per-instance attribute: ``instancedBuffers[kind]`` (None) on the mesh
        and on every instance."""
        if self.instancedBuffers is None:
            self.instancedBuffers = {}
            for instance in self.instances:
                instance.instancedBuffers = {}
        self.instancedBuffers[kind] = None
        for instance in self.instances:
            if instance.instancedBuffers is not None:
                instance.instancedBuffers[kind] = None

    def toString(self, fullDetails: bool = False) -> str:
        """Babylon's one-line description (vertex count, parent, animations)."""
        text = super().toString(fullDetails)
        text += f", n vertices: {self.getTotalVertices()}"
        text += f", parent: {self.parent.name if self.parent is not None else 'NONE'}"
        for animation in self.animations:
            describe = getattr(animation, "toString", None)
            text += ", animation[0]: " + (describe(fullDetails) if callable(describe) else "")
        if fullDetails:
            if self._geometry is not None:
                positions = self.getVerticesData(VertexBuffer.PositionKind)
                if positions is not None:
                    flat = len(positions) / 3 == len(self.getIndices())
                    text += ", flat shading: " + ("YES" if flat else "NO")
            else:
                text += ", flat shading: UNKNOWN"
        return text

    # -- vertex data ------------------------------------------------------------------------

    @property
    def geometry(self) -> Geometry | None:
        """The shared vertex storage (None until data is set)."""
        return self._geometry

    def _ensureGeometry(self) -> Geometry:
        if self._geometry is None:
            Geometry(Geometry.RandomId(), self._scene).applyToMesh(self)
        assert self._geometry is not None
        return self._geometry

    def getTotalVertices(self) -> int:
        """Number of vertices (0 without geometry)."""
        return 0 if self._geometry is None else self._geometry.getTotalVertices()

    def getTotalIndices(self) -> int:
        """Number of indices (0 without geometry)."""
        return 0 if self._geometry is None else self._geometry.getTotalIndices()

    def getIndices(
        self, copyWhenShared: bool = False, forceCopy: bool = False
    ) -> MutableSequence[int]:
        """Triangle indices (the stored list itself unless a copy is asked for; ``[]``
        without geometry)."""
        if self._geometry is None:
            return []
        return self._geometry.getIndices(copyWhenShared, forceCopy)

    def getVerticesData(
        self, kind: str, copyWhenShared: bool = False, forceCopy: bool = False
    ) -> DataArray | None:
        """Flat data of one attribute (the stored array itself unless a copy is asked for)."""
        if self._geometry is None:
            return None
        return self._geometry.getVerticesData(kind, copyWhenShared, forceCopy)

    def copyVerticesData(self, kind: str, vertexData: dict[str, array[float]]) -> None:
        """Copy ``kind`` into ``vertexData[kind]`` (a float32 array)."""
        if self._geometry is not None:
            self._geometry.copyVerticesData(kind, vertexData)

    def getVertexBuffer(self, kind: str) -> GeometryVertexBuffer | None:
        """The vertex buffer of ``kind`` (None when absent)."""
        return None if self._geometry is None else self._geometry.getVertexBuffer(kind)

    def isVerticesDataPresent(self, kind: str) -> bool:
        """True when the mesh has data for ``kind``."""
        return self._geometry is not None and self._geometry.isVerticesDataPresent(kind)

    def isVertexBufferUpdatable(self, kind: str) -> bool:
        """True when ``kind`` exists and was set updatable."""
        return self._geometry is not None and self._geometry.isVertexBufferUpdatable(kind)

    def getVerticesDataKinds(self) -> list[str]:
        """Kinds with data, in insertion order."""
        return [] if self._geometry is None else self._geometry.getVerticesDataKinds()

    def setVerticesData(
        self, kind: str, data: Sequence[float], updatable: bool = False, stride: int | None = None
    ) -> MeshMembers:
        """Store the flat data of one attribute (``VertexBuffer.PositionKind`` ...); an
        updatable buffer holds float32 values. Positions rebuild the bounding info."""
        _check_data("setVerticesData", "data", data)
        self._ensureGeometry().setVerticesData(kind, data, updatable, stride)
        if kind == VertexBuffer.PositionKind:
            self._createGlobalSubMesh(self._unIndexed)
        return self

    def removeVerticesData(self, kind: str) -> None:
        """Drop one attribute."""
        if self._geometry is not None:
            self._geometry.removeVerticesData(kind)

    def markVerticesDataAsUpdatable(self, kind: str, updatable: bool = True) -> None:
        """Re-store ``kind`` as (non-)updatable."""
        buffer = self.getVertexBuffer(kind)
        if buffer is None or buffer.isUpdatable() == updatable:
            return
        self.setVerticesData(kind, buffer.getData(), updatable)

    def setVerticesBuffer(
        self,
        buffer: GeometryVertexBuffer,
        disposeExistingBuffer: bool = True,
        totalVertices: int | None = None,
    ) -> MeshMembers:
        """Install a vertex buffer (one of :meth:`getVertexBuffer`'s)."""
        self._ensureGeometry().setVerticesBuffer(buffer, totalVertices)
        return self

    def updateVerticesData(
        self,
        kind: str,
        data: Sequence[float],
        updateExtends: bool = False,
        makeItUnique: bool = False,
    ) -> MeshMembers:
        """Replace the data of an updatable attribute (Babylon ignores static ones); with
        ``updateExtends`` positions also rebuild the bounding info."""
        _check_data("updateVerticesData", "data", data)
        if self._geometry is None:
            return self
        if makeItUnique:
            self.makeGeometryUnique()
        assert self._geometry is not None
        self._geometry.updateVerticesData(kind, data, updateExtends)
        return self

    def updateMeshPositions(
        self, positionFunction: Callable[[DataArray], object], computeNormals: bool = True
    ) -> MeshMembers:
        """Call ``positionFunction(positions)`` on the stored positions, store them back and
        (by default) recompute the normals. The bounding info is not refreshed (Babylon.js)."""
        require_mesh_arg(
            callable(positionFunction),
            "Mesh.updateMeshPositions",
            "positionFunction",
            "a function",
            positionFunction,
        )
        positions = self.getVerticesData(VertexBuffer.PositionKind)
        if positions is None:
            return self
        positionFunction(positions)
        self.updateVerticesData(VertexBuffer.PositionKind, positions, False, False)
        if computeNormals:
            normals = self.getVerticesData(VertexBuffer.NormalKind)
            if normals is None:
                return self
            compute_normals(positions, self.getIndices(), normals)
            self.updateVerticesData(VertexBuffer.NormalKind, normals, False, False)
        return self

    def makeGeometryUnique(self) -> MeshMembers:
        """Give this mesh its own copy of a shared geometry."""
        if self._geometry is None or len(self._geometry.meshes) == 1:
            return self
        old = self._geometry
        geometry = old.copy(Geometry.RandomId())
        old.releaseForMesh(self, True)
        geometry.applyToMesh(self)
        return self

    def setIndices(
        self,
        indices: Sequence[int],
        totalVertices: int | None = None,
        updatable: bool = False,
        dontForceSubMeshRecreation: bool = False,
    ) -> MeshMembers:
        """Store the triangle indices."""
        _check_data("setIndices", "indices", indices)
        self._ensureGeometry().setIndices(indices, totalVertices, updatable)
        self._createGlobalSubMesh(not dontForceSubMeshRecreation)
        return self

    def updateIndices(
        self, indices: Sequence[int], offset: int | None = None, gpuMemoryOnly: bool = False
    ) -> MeshMembers:
        """Replace the indices."""
        _check_data("updateIndices", "indices", indices)
        if self._geometry is not None:
            self._geometry.updateIndices(indices, offset, gpuMemoryOnly)
        return self

    def toLeftHanded(self) -> MeshMembers:
        """Flip the winding and negate Z of positions and normals."""
        if self._geometry is not None:
            self._geometry.toLeftHanded()
        return self

    def synchronizeInstances(self) -> MeshMembers:
        """Copy the sub-meshes onto every instance."""
        for instance in self.instances:
            sync = getattr(instance, "_syncSubMeshes", None)
            if callable(sync):
                sync()
        return self

    def _createGlobalSubMesh(self, force: bool) -> SubMesh | None:
        total = self.getTotalVertices()
        if not total:
            return None
        if self.subMeshes:
            total_indices = len(self.getIndices())
            recreate = force or any(
                s.indexStart + s.indexCount > total_indices
                or s.verticesStart + s.verticesCount > total
                for s in self.subMeshes
            )
            if not recreate:
                return self.subMeshes[0]
        self.releaseSubMeshes()
        count = self.getTotalIndices() or (total if self._unIndexed else 0)
        return SubMesh(0, 0, total, 0, count, self)

    def subdivide(self, count: int) -> None:
        """Split the indices into ``count`` sub-meshes (multiples of 3)."""
        if count < 1:
            return
        total = self.getTotalIndices()
        size = total // count
        while size % 3 != 0:
            size += 1
        self.releaseSubMeshes()
        offset = 0
        indices = self.getIndices()
        for _ in range(count):
            if offset >= total:
                break
            length = total - offset if offset + size >= total else size
            window = indices[offset : offset + length]
            low = min(window) if window else 0
            high = max(window) if window else 0
            SubMesh(0, low, high - low + 1, offset, length, self)
            offset += size
        self.refreshBoundingInfo()
        self.synchronizeInstances()

    def refreshBoundingInfo(
        self, applySkeletonOrOptions: bool | Mapping[str, object] = False, applyMorph: bool = False
    ) -> MeshMembers:
        """Recompute the local extent from the positions (skinned/morphed on request)."""
        self._refreshBoundingInfoFrom(self, applySkeletonOrOptions, applyMorph)
        return self

    # -- shape edits ------------------------------------------------------------------------

    # -- LOD --------------------------------------------------------------------------------

    @property
    def hasLODLevels(self) -> bool:
        """True when LOD levels were added."""
        return len(self._LODLevels) > 0

    def getLODLevels(self) -> list[MeshLODLevel]:
        """The LOD levels, sorted (far first by distance, small first by coverage)."""
        return self._LODLevels

    def _sortLODLevels(self) -> None:
        sign = -1 if self._useLODScreenCoverage else 1
        self._LODLevels.sort(key=lambda level: -sign * level.distanceOrScreenCoverage)

    def addLODLevel(self, distanceOrScreenCoverage: float, mesh: MeshMembers | None) -> MeshMembers:
        """Show ``mesh`` (None: nothing) from ``distanceOrScreenCoverage`` on."""
        require_number(distanceOrScreenCoverage, "distanceOrScreenCoverage", "Mesh.addLODLevel")
        require_mesh_arg(
            mesh is None or isinstance(mesh, MeshMembers),
            "Mesh.addLODLevel",
            "mesh",
            "a Mesh or None",
            mesh,
        )
        if mesh is not None and mesh._masterMesh is not None:
            return self  # Babylon warns "You cannot use a mesh as LOD level twice"
        self._LODLevels.append(MeshLODLevel(distanceOrScreenCoverage, mesh))
        if mesh is not None:
            mesh._masterMesh = self
        self._sortLODLevels()
        return self

    def getLODLevelAtDistance(self, distance: float) -> MeshMembers | None:
        """The mesh of the level at exactly ``distance`` (None when none)."""
        for level in self._LODLevels:
            if level.distanceOrScreenCoverage == distance:
                return level.mesh
        return None

    def removeLODLevel(self, mesh: MeshMembers | None) -> MeshMembers:
        """Remove the level(s) showing ``mesh``."""
        kept = []
        for level in self._LODLevels:
            if level.mesh is mesh:
                if mesh is not None:
                    mesh._masterMesh = None
            else:
                kept.append(level)
        self._LODLevels[:] = kept
        self._sortLODLevels()
        return self

    def getLOD(self, camera: object = None, boundingSphere: BoundingSphere | None = None) -> object:
        """The mesh to show for ``camera`` (this mesh, a level's mesh, or None)."""
        if not self._LODLevels or camera is None:
            return self
        sphere = boundingSphere or self.getBoundingInfo().boundingSphere
        if getattr(camera, "mode", 0) == 1:
            distance = float(getattr(camera, "minZ", 1.0))
        else:
            global_position = getattr(camera, "globalPosition", None) or getattr(camera, "position")  # noqa: B009
            distance = sphere.centerWorld.subtract(global_position).length()
        compare = distance
        sign = 1
        if self._useLODScreenCoverage:
            screen_area = float(getattr(camera, "screenArea", 1.0))
            area = sphere.radiusWorld * float(getattr(camera, "minZ", 1.0)) / distance
            compare = area * area * math.pi / screen_area
            sign = -1
        if sign * self._LODLevels[-1].distanceOrScreenCoverage > sign * compare:
            return self
        for level in self._LODLevels:
            if sign * level.distanceOrScreenCoverage < sign * compare:
                return level.mesh
        return self

    # -- instances and copies ---------------------------------------------------------------

    def addInstance(self, instance: AbstractMeshMembers) -> None:
        """Register an instance (``createInstance`` does it)."""
        instance._indexInSourceMeshInstanceArray = len(self.instances)  # type: ignore[attr-defined]
        self.instances.append(instance)

    def removeInstance(self, instance: AbstractMeshMembers) -> None:
        """Unregister an instance (the last one takes its slot, as in Babylon.js)."""
        index: int = getattr(instance, "_indexInSourceMeshInstanceArray", -1)
        if index == -1:
            return
        if index != len(self.instances) - 1:
            last = self.instances[-1]
            self.instances[index] = last
            last._indexInSourceMeshInstanceArray = index  # type: ignore[attr-defined]
        instance._indexInSourceMeshInstanceArray = -1  # type: ignore[attr-defined]
        self.instances.pop()

    def createInstance(self, name: str) -> AbstractMeshMembers:
        """A new :class:`~lite_compat.meshes.instanced_mesh.InstancedMesh` of this mesh (same
        geometry and material, its own transform, this mesh's parent)."""
        instance = type(self)._instancedMeshFactory(name, self)
        instance.parent = self.parent
        return instance

    def _copySource(self, source: MeshMembers, doNotCloneChildren: bool) -> None:
        """Babylon's ``Mesh._copySource`` (the ``new Mesh(name, scene, parent, source)``
        path of ``clone``)."""
        if source._geometry is not None:
            source._geometry.applyToMesh(self)
        _copy_state(source, self)
        self._source = source
        for name, rng in source._ranges.items():
            if rng is not None:
                self.createAnimationRange(name, rng.from_, rng.to)
        metadata = getattr(source, "metadata", None)
        clone_metadata = getattr(metadata, "clone", None)
        self.metadata = clone_metadata() if callable(clone_metadata) else metadata
        self.meshBlendingTag = source.meshBlendingTag
        self.setEnabled(source.isEnabled(False))
        self.parent = source.parent
        self.setPivotMatrix(source.getPivotMatrix(), source.isUsingPostMultiplyPivotMatrix())
        self.id = f"{self.name}.{source.id}"
        self.material = source.material
        if not doNotCloneChildren:
            for child in source.getDescendants(True):
                clone = getattr(child, "clone", None)
                if isinstance(child, MeshMembers):
                    child.clone(f"{self.name}.{child.name}", self, doNotCloneChildren)
                elif callable(clone):
                    clone(f"{self.name}.{child.name}", self)
        if source.morphTargetManager:
            self.morphTargetManager = source.morphTargetManager
        self.skeleton = source.skeleton
        self.refreshBoundingInfo(True, True)
        self.computeWorldMatrix(True)

    def clone(
        self: _M,
        name: str = "",
        newParent: Node | None = None,
        doNotCloneChildren: bool = False,
        clonePhysicsImpostor: bool = True,
    ) -> _M:
        """A new mesh sharing this geometry and material, with a copy of the transform and
        state, under ``newParent`` (the same parent by default), with cloned children."""
        result = _new_mesh(self, name)
        result._copySource(self, doNotCloneChildren)
        if newParent is not None:
            result.parent = newParent
        _notify_cloned(self, result)
        return result

    def instantiateHierarchy(
        self,
        newParent: TransformNode | None = None,
        options: Mapping[str, object] | None = None,
        onNewNodeCreated: Callable[[TransformNode, TransformNode], object] | None = None,
    ) -> TransformNode | None:
        """Instances (a clone without vertices or with ``doNotInstantiate``) of this mesh and
        its descendants."""
        do_not = options.get("doNotInstantiate") if options else None
        skip = self.getTotalVertices() == 0 or do_not is True or (callable(do_not) and do_not(self))
        instance: TransformNode
        if skip:
            instance = self.clone(
                f"Clone of {self.name or self.id}", newParent or self.parent, True
            )
        else:
            made = self.createInstance(f"instance of {self.name or self.id}")
            instance = made
        instance.parent = newParent or self.parent
        instance.position = self.position.clone()
        instance.scaling = self.scaling.clone()
        if self.rotationQuaternion is not None:
            instance.rotationQuaternion = self.rotationQuaternion.clone()
        else:
            instance.rotation = self.rotation.clone()
        if onNewNodeCreated is not None:
            js_callable(onNewNodeCreated, 2)(self, instance)
        for child in self.getChildTransformNodes(True):
            method = getattr(child, "instantiateHierarchy", None)
            if not callable(method):
                continue
            if (
                child.getClassName() == "InstancedMesh"
                and instance.getClassName() == "Mesh"
                and getattr(child, "sourceMesh", None) is self
            ):
                method(
                    instance,
                    {
                        "doNotInstantiate": (options or {}).get("doNotInstantiate") or False,
                        "newSourcedMesh": instance,
                    },
                    onNewNodeCreated,
                )
            else:
                method(instance, options, onNewNodeCreated)
        return instance

    def _disposeMeshData(self) -> None:
        """What ``Mesh.dispose`` adds: instances disposed, geometry released."""
        for index in range(len(self.instances) - 1, -1, -1):
            self.instances[index].dispose()
        self.instances.clear()
        if self._geometry is not None:
            self._geometry.releaseForMesh(self, True)
        for name in _DRAW_OBSERVABLES:
            observable = created(self, name)
            if observable is not None:
                observable.clear()
        for mesh in scene_list(self._scene, "meshes") or []:
            if isinstance(mesh, MeshMembers) and mesh._source is self:
                mesh._source = None
        self._source = None

    # -- statics ----------------------------------------------------------------------------

    MergeMeshes = staticmethod(MergeMeshes)
    MergeMeshesAsync = staticmethod(MergeMeshesAsync)

    @staticmethod
    def MinMax(meshes: Sequence[AbstractMeshMembers]) -> MinMaxVectors:
        """World min/max over the meshes' bounding boxes (zeros for no mesh)."""
        low: Vector3 | None = None
        high: Vector3 | None = None
        for mesh in meshes:
            box = mesh.getBoundingInfo().boundingBox
            if low is None or high is None:
                low, high = box.minimumWorld.clone(), box.maximumWorld.clone()
            else:
                low.minimizeInPlace(box.minimumWorld)
                high.maximizeInPlace(box.maximumWorld)
        if low is None or high is None:
            return MinMaxVectors(Vector3.Zero(), Vector3.Zero())
        return MinMaxVectors(low, high)

    @staticmethod
    def Center(
        meshesOrMinMaxVector: Sequence[AbstractMeshMembers] | MinMaxVectors | Mapping[str, Vector3],
    ) -> Vector3:
        """Center of ``Mesh.MinMax(meshes)`` (or of a given ``{min, max}``)."""
        if isinstance(meshesOrMinMaxVector, MinMaxVectors):
            bounds = meshesOrMinMaxVector
        elif isinstance(meshesOrMinMaxVector, Mapping):
            bounds = MinMaxVectors(meshesOrMinMaxVector["min"], meshesOrMinMaxVector["max"])
        else:
            bounds = MeshMembers.MinMax(meshesOrMinMaxVector)
        return Vector3.Center(bounds.min, bounds.max)


_NOT_COPIED = frozenset(
    {
        "name", "material", "skeleton", "instances", "parent", "uniqueId", "source", "metadata",
        "morphTargetManager", "hasInstances", "worldMatrixInstancedBuffer",
        "previousWorldMatrixInstancedBuffer", "hasLODLevels", "geometry", "isBlocked",
        "areNormalsFrozen", "facetNb", "isFacetDataEnabled", "lightSources", "useBones",
        "isAnInstance", "collider", "edgesRenderer", "forward", "up", "right",
        "absolutePosition", "absoluteScaling", "absoluteRotationQuaternion",
        "isWorldMatrixFrozen", "nonUniformScaling", "behaviors", "worldMatrixFromCache",
        "hasThinInstances", "cloneMeshMap", "hasBoundingInfo", "physicsBody", "physicsImpostor",
        "id", "subMeshes",
    }
)  # fmt: skip


#: Per class: public name -> the first class attribute of that name along the MRO, and
#: whether the class itself rules the name out (a refusal, a read-only property, a method).
_CLASS_NAMES: dict[type, dict[str, bool]] = {}


def _class_names(klass: type) -> dict[str, bool]:
    cached = _CLASS_NAMES.get(klass)
    if cached is not None:
        return cached
    table: dict[str, bool] = {}
    for base in klass.__mro__:
        for name, descriptor in vars(base).items():
            if name.startswith("_") or name in table:
                continue
            skip = (
                isinstance(descriptor, Refused)
                or (isinstance(descriptor, property) and descriptor.fset is None)
                or isinstance(descriptor, (staticmethod, classmethod))
                or (callable(descriptor) and not isinstance(descriptor, property))
            )
            table[name] = skip
    _CLASS_NAMES[klass] = table
    return table


#: Per class: the names of its table that _copy_state copies, sorted.
_COPIED_NAMES: dict[type, list[str]] = {}


def _copied(name: str) -> bool:
    """Whether DeepCopy copies a public name (apart from what the class rules out)."""
    return not (name in _NOT_COPIED or name.endswith("Observable") or name.isupper())


#: Value classes _copy_state assigns as they are (no ``clone``, not a list, not callable, not
#: a mesh: the generic branches would assign the value itself too). Exact classes only.
_PLAIN_VALUE_TYPES: Final = frozenset({bool, int, float, str, type(None)})

#: Per class: an instance dict's key tuple -> the sorted names _copy_state copies from it (a
#: clone of the same template repeats the same keys; bounded, cleared when full).
_NAMES_OF_KEYS: dict[type, dict[tuple[str, ...], tuple[list[str], list[str]]]] = {}
_NAMES_OF_KEYS_LIMIT: Final = 64


def _copy_names(source: object, klass: type) -> list[str]:
    """The sorted names _copy_state copies from ``source`` (class names and the instance's
    own public names outside the class table)."""
    table = _class_names(klass)
    names = _COPIED_NAMES.get(klass)
    if names is None:
        names = _COPIED_NAMES[klass] = sorted(
            n for n, skip in table.items() if not skip and _copied(n)
        )
    keys = tuple(vars(source))
    memo = _NAMES_OF_KEYS.get(klass)
    if memo is None:
        memo = _NAMES_OF_KEYS[klass] = {}
    found = memo.get(keys)
    if found is not None and found[0] is names:
        return found[1]
    # The instance's own public names outside the class table (a set difference in C: a
    # mesh holds many private members; the order does not matter, the names are sorted).
    extra = [n for n in set(keys) - table.keys() if n[:1] != "_" and _copied(n)]
    copied = sorted(names + extra) if extra else names
    if len(memo) >= _NAMES_OF_KEYS_LIMIT:
        memo.clear()
    memo[keys] = (names, copied)
    return copied


def _copy_state(source: object, target: object) -> None:
    """Babylon's ``DeepCopier.DeepCopy`` of a mesh's public state: every public, writable,
    non-observable value (cloning values that have ``clone``, copying lists). The class-level
    analysis of the names is done once per class, the instance's names once per distinct set
    of instance keys (:func:`_copy_names`)."""
    plain = _PLAIN_VALUE_TYPES
    for name in _copy_names(source, type(source)):
        try:
            value = getattr(source, name)
        except Exception:  # noqa: BLE001, S112 - Babylon logs and skips a failing copy too
            continue
        if type(value) in plain:
            copied: object = value
        elif callable(value) and not hasattr(value, "clone"):
            continue
        elif isinstance(value, list):
            copied = (
                [v.clone() if hasattr(v, "clone") else v for v in value]
                if (value and not isinstance(value[0], (int, float, str, bool)))
                else list(value)
            )
        elif hasattr(value, "clone") and not isinstance(value, AbstractMeshMembers):
            copied = value.clone()
        elif isinstance(value, AbstractMeshMembers):
            copied = None
        else:
            copied = value
        try:
            setattr(target, name, copied)
        except Exception:  # noqa: BLE001, S112 - a read-only value: Babylon warns and goes on
            continue


def _notify_cloned(source: object, clone: object) -> None:
    """``source.onClonedObservable.notifyObservers(clone)`` (a ``Node`` observable)."""
    observable = getattr(source, "onClonedObservable", None)
    if isinstance(observable, Observable):
        observable.notifyObservers(clone)


def _new_mesh(source: _M, name: str) -> _M:
    """A bare Mesh in ``source``'s scene (the class Babylon's clone builds: always ``Mesh``)."""
    klass: type[Any] = type(source)
    for base in type(source).__mro__:
        if base.__name__ == "Mesh":
            klass = base
            break
    mesh: _M = klass(name, source.getScene())
    return mesh
