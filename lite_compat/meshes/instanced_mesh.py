"""Babylon.js ``InstancedMesh``: a mesh sharing its source's geometry and material.

Port of ``@babylonjs/core`` 9.31 ``Meshes/instancedMesh.pure.js``. An instance is an
:class:`~lite_compat.meshes.mesh.AbstractMesh` with its own transform, animations, ranges and
bounding info (its source's local extent moved by its own world matrix), and everything else
read through the source mesh: vertex data, material, visibility, skeleton, rendering group,
light sources. Setting those on the instance changes nothing (Babylon warns). It animates like
any node. Importing this module installs ``Mesh._instancedMeshFactory``, so
``mesh.createInstance(name)`` builds one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, MutableSequence, Sequence
from typing import Any

from lite_compat._js import js_callable
from lite_compat.meshes.abstract_mesh import AbstractMesh
from lite_compat.meshes.abstract_mesh_members import AbstractMeshMembers, MeshDataError
from lite_compat.meshes.geometry import DataArray, Geometry, GeometryVertexBuffer
from lite_compat.meshes.mesh import Mesh
from lite_compat.nodes.node import Node
from lite_compat.nodes.transform_node import TransformNode

__all__ = ["InstancedMesh"]


class InstancedMesh(AbstractMesh):
    """An instance of a :class:`~lite_compat.meshes.mesh.Mesh` (``BABYLON.InstancedMesh``).

    Parameters
    ----------
    name
        Instance name (and id).
    source
        The mesh whose geometry and material it uses (``mesh.createInstance`` passes it).

    Examples
    --------
    >>> from lite_compat.meshes.builders.mesh_builder import MeshBuilder
    >>> box = MeshBuilder.CreateBox("box", {"size": 2})
    >>> copy = box.createInstance("copy")
    >>> copy.position.x = 5
    >>> copy.sourceMesh is box, copy.getTotalVertices()
    (True, 24)
    """

    def __init__(self, name: str, source: Mesh) -> None:
        if not isinstance(source, Mesh):
            raise MeshDataError(
                "LITE-COMPAT-104",
                f"InstancedMesh: source must be a Mesh; got {type(source).__name__}",
                hint="create instances with mesh.createInstance(name)",
                input_name="InstancedMesh(source)",
            )
        self._sourceMesh = source
        super().__init__(name, source.getScene())
        self._indexInSourceMeshInstanceArray = -1
        self._distanceToCamera = 0.0
        self._currentLOD: object = None
        source.addInstance(self)
        self._unIndexed = source._unIndexed
        self.position.copyFrom(source.position)
        self.rotation.copyFrom(source.rotation)
        self.scaling.copyFrom(source.scaling)
        if source.rotationQuaternion is not None:
            self.rotationQuaternion = source.rotationQuaternion.clone()
        self.animations = list(source.animations)
        for rng in source.getAnimationRanges():
            if rng is not None:
                self.createAnimationRange(rng.name, rng.from_, rng.to)
        self.infiniteDistance = source.infiniteDistance
        self.setPivotMatrix(source.getPivotMatrix())
        if not source.skeleton and not source.morphTargetManager and source.hasBoundingInfo:
            info = source.getBoundingInfo()
            self.buildBoundingInfo(info.minimum, info.maximum)
        else:
            self.refreshBoundingInfo(True, True)
        self._syncSubMeshes()

    def getClassName(self) -> str:
        """``"InstancedMesh"``."""
        return "InstancedMesh"

    @property
    def sourceMesh(self) -> Mesh:
        """The mesh this is an instance of."""
        return self._sourceMesh

    @property
    def isAnInstance(self) -> bool:
        """True."""
        return True

    @property
    def geometry(self) -> Geometry | None:
        """The source mesh's geometry."""
        return self._sourceMesh.geometry

    # -- state read through the source -------------------------------------------------------

    @property
    def lightSources(self) -> list[object]:
        """The source mesh's light sources."""
        source = getattr(self, "_sourceMesh", None)
        return source.lightSources if source is not None else []

    def _resyncLightSources(self) -> None:
        pass

    def _removeLightSource(self, light: object, _dispose: bool = False) -> None:
        pass

    @property
    def receiveShadows(self) -> bool:
        """The source mesh's (setting it on an instance has no effect)."""
        return self._sourceMesh.receiveShadows

    @receiveShadows.setter
    def receiveShadows(self, value: bool) -> None:
        pass  # Babylon.js: "Setting receiveShadows on an instanced mesh has no effect"

    @property
    def material(self) -> Any:
        """The source mesh's material (setting it on an instance has no effect)."""
        source = getattr(self, "_sourceMesh", None)
        return source.material if source is not None else None

    @material.setter
    def material(self, value: Any) -> None:
        pass  # Babylon.js: "Setting material on an instanced mesh has no effect"

    @property
    def visibility(self) -> float:
        """The source mesh's visibility (setting it on an instance has no effect)."""
        source = getattr(self, "_sourceMesh", None)
        return source.visibility if source is not None else 1.0

    @visibility.setter
    def visibility(self, value: float) -> None:
        pass  # Babylon.js: "Setting visibility on an instanced mesh has no effect"

    @property
    def skeleton(self) -> object:
        """The source mesh's skeleton (setting it on an instance has no effect)."""
        source = getattr(self, "_sourceMesh", None)
        return source.skeleton if source is not None else None

    @skeleton.setter
    def skeleton(self, value: object) -> None:
        pass  # Babylon.js: "Setting skeleton on an instanced mesh has no effect"

    @property
    def renderingGroupId(self) -> int:
        """The source mesh's rendering group (setting it on an instance has no effect)."""
        source = getattr(self, "_sourceMesh", None)
        return source.renderingGroupId if source is not None else 0

    @renderingGroupId.setter
    def renderingGroupId(self, value: int) -> None:
        pass

    @property
    def meshBlendingTag(self) -> int:
        """The source mesh's tag (setting it on an instance has no effect)."""
        source = getattr(self, "_sourceMesh", None)
        return source.meshBlendingTag if source is not None else 0

    @meshBlendingTag.setter
    def meshBlendingTag(self, value: int) -> None:
        pass

    # -- vertex data through the source -------------------------------------------------------

    def getTotalVertices(self) -> int:
        """The source mesh's vertex count."""
        source = getattr(self, "_sourceMesh", None)
        return source.getTotalVertices() if source is not None else 0

    def getTotalIndices(self) -> int:
        """The source mesh's index count."""
        return self._sourceMesh.getTotalIndices()

    def getVerticesData(
        self, kind: str, copyWhenShared: bool = False, forceCopy: bool = False
    ) -> DataArray | None:
        """The source mesh's data of ``kind``."""
        return self._sourceMesh.getVerticesData(kind, copyWhenShared, forceCopy)

    def copyVerticesData(self, kind: str, vertexData: dict[str, Any]) -> None:
        """Copy the source mesh's ``kind`` into ``vertexData[kind]``."""
        self._sourceMesh.copyVerticesData(kind, vertexData)

    def getVertexBuffer(self, kind: str) -> GeometryVertexBuffer | None:
        """The source mesh's vertex buffer of ``kind``."""
        return self._sourceMesh.getVertexBuffer(kind)

    def setVerticesData(
        self, kind: str, data: Sequence[float], updatable: bool = False, stride: int | None = None
    ) -> Mesh:
        """Set the data on the source mesh (returned)."""
        self._sourceMesh.setVerticesData(kind, data, updatable, stride)
        return self._sourceMesh

    def updateVerticesData(
        self,
        kind: str,
        data: Sequence[float],
        updateExtends: bool = False,
        makeItUnique: bool = False,
    ) -> Mesh:
        """Update the data on the source mesh (returned)."""
        self._sourceMesh.updateVerticesData(kind, data, updateExtends, makeItUnique)
        return self._sourceMesh

    def setIndices(self, indices: Sequence[int], totalVertices: int | None = None) -> Mesh:
        """Set the indices on the source mesh (returned)."""
        self._sourceMesh.setIndices(indices, totalVertices)
        return self._sourceMesh

    def isVerticesDataPresent(self, kind: str) -> bool:
        """Whether the source mesh has ``kind``."""
        source = getattr(self, "_sourceMesh", None)
        return source is not None and source.isVerticesDataPresent(kind)

    def getIndices(
        self, copyWhenShared: bool = False, forceCopy: bool = False
    ) -> MutableSequence[int]:
        """The source mesh's indices."""
        return self._sourceMesh.getIndices()

    def isReady(self, completeCheck: bool = False) -> bool:
        """The source mesh's readiness."""
        return self._sourceMesh.isReady(completeCheck)

    def refreshBoundingInfo(
        self, applySkeletonOrOptions: bool | Mapping[str, object] = False, applyMorph: bool = False
    ) -> InstancedMesh:
        """Recompute the local extent from the source's (skinned/morphed) positions."""
        self._refreshBoundingInfoFrom(self._sourceMesh, applySkeletonOrOptions, applyMorph)
        return self

    def _updateBoundingInfo(self) -> InstancedMesh:
        world = self.worldMatrixFromCache
        if self._boundingInfo is not None:
            self._boundingInfo.update(world)
        else:
            self.buildBoundingInfo(self.absolutePosition, self.absolutePosition, world)
        return self

    def _syncSubMeshes(self) -> InstancedMesh:
        self.releaseSubMeshes()
        for sub in self._sourceMesh.subMeshes or []:
            sub.clone(self, self._sourceMesh)
        return self

    def createInstance(self, name: str) -> AbstractMeshMembers:
        """Another instance of the source mesh."""
        return self._sourceMesh.createInstance(name)

    def getLOD(self, camera: object = None) -> object:
        """The source mesh's LOD for ``camera`` (this instance without a camera)."""
        if camera is None:
            return self
        levels = self._sourceMesh.getLODLevels()
        if not levels:
            self._currentLOD = self._sourceMesh
        else:
            sphere = self.getBoundingInfo().boundingSphere
            self._currentLOD = self._sourceMesh.getLOD(camera, sphere)
        return self._currentLOD

    def clone(
        self,
        name: str,
        newParent: Node | None = None,
        doNotCloneChildren: bool = False,
        newSourceMesh: Mesh | None = None,
    ) -> InstancedMesh:
        """Another instance (of ``newSourceMesh`` or the same source) with this one's
        transform and state."""
        result = (newSourceMesh or self._sourceMesh).createInstance(name)
        assert isinstance(result, InstancedMesh)
        result.position.copyFrom(self.position)
        result.rotation.copyFrom(self.rotation)
        result.scaling.copyFrom(self.scaling)
        result.rotationQuaternion = (
            self.rotationQuaternion.clone() if self.rotationQuaternion is not None else None
        )
        result.setEnabled(self.isEnabled(False))
        result.isVisible = self.isVisible
        result.isPickable = self.isPickable
        result.billboardMode = self.billboardMode
        result.infiniteDistance = self.infiniteDistance
        result.metadata = self.metadata
        result.animations = list(self.animations)
        if newParent is not None:
            result.parent = newParent
        if not doNotCloneChildren:
            for mesh in list(getattr(self._scene, "meshes", None) or []):
                if getattr(mesh, "parent", None) is self and callable(getattr(mesh, "clone", None)):
                    mesh.clone(mesh.name, result)
        result.computeWorldMatrix(True)
        observable = getattr(self, "onClonedObservable", None)
        if observable is not None:
            observable.notifyObservers(result)
        return result

    def instantiateHierarchy(
        self,
        newParent: TransformNode | None = None,
        options: Mapping[str, object] | None = None,
        onNewNodeCreated: Callable[[TransformNode, TransformNode], object] | None = None,
    ) -> TransformNode | None:
        """A clone of this instance (and of its descendants) under ``newParent``."""
        source = options.get("newSourcedMesh") if options else None
        clone = self.clone(
            f"Clone of {self.name or self.id}",
            newParent or self.parent,
            True,
            source if isinstance(source, Mesh) else None,
        )
        if onNewNodeCreated is not None:
            js_callable(onNewNodeCreated, 2)(self, clone)
        for child in self.getChildTransformNodes(True):
            method = getattr(child, "instantiateHierarchy", None)
            if callable(method):
                method(clone, options, onNewNodeCreated)
        return clone

    def dispose(self, doNotRecurse: bool = False, disposeMaterialAndTextures: bool = False) -> None:
        """Leave the source's ``instances`` and the scene."""
        self._sourceMesh.removeInstance(self)
        super().dispose(doNotRecurse, False)


def _instance_factory(name: str, mesh: object) -> AbstractMeshMembers:
    if not isinstance(mesh, Mesh):
        raise MeshDataError(
            "LITE-COMPAT-104",
            f"createInstance: the source must be a Mesh; got {type(mesh).__name__}",
            hint="call createInstance on a Mesh",
            input_name="Mesh.createInstance",
        )
    instance = InstancedMesh(name, mesh)
    if mesh.instancedBuffers is not None:
        instance.instancedBuffers = dict(mesh.instancedBuffers)
    return instance


Mesh._instancedMeshFactory = _instance_factory
