"""Babylon.js meshes: ``AbstractMesh``, ``Mesh``, ``GroundMesh``.

Port of the scene-graph parts of ``@babylonjs/core`` 9.31 ``Meshes/abstractMesh.pure.js``,
``Meshes/mesh.pure.js``, ``Meshes/groundMesh.pure.js`` and ``Meshes/geometry.js`` (vertex data:
:mod:`lite_compat.nodes.vertex_data`). There is no GPU here: a mesh keeps its vertex data as plain
Python lists (``number[]`` in Babylon.js, doubles), read back with
``getVerticesData(kind)``/``getIndices()``. Rendering state that animations target (``material``,
``visibility``, ``isVisible``) is kept as in Babylon.js.

The shape builders (``MeshBuilder.CreateBox`` ...) live in :mod:`lite_compat.nodes.mesh_builder`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from lite_compat.engines.engine_store import scene_add, scene_list, scene_remove
from lite_compat.nodes.node import MAX_VALUE, TransformNode
from lite_compat.nodes.vertex_data import FloatArray, IndicesArray, VertexBuffer, VertexData

if TYPE_CHECKING:
    from lite_compat.nodes.materials import Material

__all__ = ["AbstractMesh", "GroundMesh", "Mesh"]


class _Geometry:
    """The part of ``BABYLON.Geometry`` a mesh needs here: named float lists and indices."""

    __slots__ = ("_data", "_indices", "_meshes", "_totalVertices")

    def __init__(self) -> None:
        self._data: dict[str, FloatArray] = {}
        self._indices: IndicesArray = []
        self._totalVertices = 0
        self._meshes: list[Mesh] = []

    def setVerticesData(self, kind: str, data: Sequence[float], stride: int | None = None) -> None:
        values = data if isinstance(data, list) else list(data)
        self._data[kind] = values
        if kind == VertexBuffer.PositionKind:
            size = stride or VertexBuffer.DeduceStride(kind)
            # Babylon: buffer._maxVerticesCount = data.length / stride.
            self._totalVertices = len(values) // size

    def setIndices(self, indices: Sequence[int], totalVertices: int | None) -> None:
        self._indices = indices if isinstance(indices, list) else list(indices)
        if totalVertices is not None:
            self._totalVertices = totalVertices


class AbstractMesh(TransformNode):
    """Base of renderable nodes (``BABYLON.AbstractMesh``): material, visibility, layer mask.

    Parameters
    ----------
    name
        Mesh name (and id).
    scene
        Owning scene; the mesh adds itself with ``scene.addMesh`` (or to ``scene.meshes``).
    """

    CULLINGSTRATEGY_STANDARD: ClassVar[int] = 0
    CULLINGSTRATEGY_BOUNDINGSPHERE_ONLY: ClassVar[int] = 1
    CULLINGSTRATEGY_OPTIMISTIC_INCLUSION: ClassVar[int] = 2
    CULLINGSTRATEGY_OPTIMISTIC_INCLUSION_THEN_BSPHERE_ONLY: ClassVar[int] = 3
    DefaultIsPickable: ClassVar[bool] = True

    def __init__(self, name: str, scene: object | None = None) -> None:
        super().__init__(name, scene, False)
        self._visibility = 1.0
        self._material: Material | None = None
        self._layerMask = 0x0FFFFFFF
        self._receiveShadows = False
        self._renderingGroupId = 0
        self.cullingStrategy = AbstractMesh.CULLINGSTRATEGY_BOUNDINGSPHERE_ONLY
        self.alphaIndex = MAX_VALUE
        self.isPickable = AbstractMesh.DefaultIsPickable
        self.checkCollisions = False
        self.alwaysSelectAsActiveMesh = False
        self.doNotSyncBoundingInfo = False
        self._lightSources: list[object] = []
        #: ``MorphTargetManager`` of this mesh (``lite_compat.nodes.morph``), or None.
        self.morphTargetManager: object = None
        #: ``Skeleton`` deforming this mesh (``lite_compat.nodes.skeleton``), or None.
        self.skeleton: object = None
        scene_add(self._scene, "addMesh", "meshes", self)
        if self.parent is None:
            self._addToSceneRootNodes()
        self._resyncLightSources()

    def getClassName(self) -> str:
        """``"AbstractMesh"``."""
        return "AbstractMesh"

    @property
    def visibility(self) -> float:
        """Opacity multiplier in [0, 1] (default 1)."""
        return self._visibility

    @visibility.setter
    def visibility(self, value: float) -> None:
        self._visibility = value

    @property
    def material(self) -> Material | None:
        """The material used to render this mesh (default None)."""
        return self._material

    @material.setter
    def material(self, value: Material | None) -> None:
        self._setMaterial(value)

    def _setMaterial(self, value: Material | None) -> None:
        self._material = value

    @property
    def layerMask(self) -> int:
        """Camera layer mask (default 0x0FFFFFFF)."""
        return self._layerMask

    @layerMask.setter
    def layerMask(self, value: int) -> None:
        if value == self._layerMask:
            return
        self._layerMask = value
        self._resyncLightSources()

    @property
    def receiveShadows(self) -> bool:
        """Whether shadows are cast on this mesh (default False)."""
        return self._receiveShadows

    @receiveShadows.setter
    def receiveShadows(self, value: bool) -> None:
        self._receiveShadows = value

    @property
    def renderingGroupId(self) -> int:
        """Rendering group (default 0)."""
        return self._renderingGroupId

    @renderingGroupId.setter
    def renderingGroupId(self, value: int) -> None:
        self._renderingGroupId = value

    @property
    def lightSources(self) -> list[object]:
        """Enabled scene lights that can affect this mesh."""
        return self._lightSources

    def _resyncLightSources(self) -> None:
        self._lightSources.clear()
        for light in scene_list(self._scene, "lights") or []:
            is_enabled = getattr(light, "isEnabled", None)
            if callable(is_enabled) and not is_enabled():
                continue
            can_affect = getattr(light, "canAffectMesh", None)
            if not callable(can_affect) or can_affect(self):
                self._lightSources.append(light)

    def _removeLightSource(self, light: object, _dispose: bool = False) -> None:
        for i, item in enumerate(self._lightSources):
            if item is light:
                del self._lightSources[i]
                break

    def getTotalVertices(self) -> int:
        """Number of vertices (0 without geometry)."""
        return 0

    def getIndices(self, copyWhenShared: bool = False, forceCopy: bool = False) -> IndicesArray:
        """Triangle indices (empty without geometry)."""
        return []

    def getVerticesData(
        self, kind: str, copyWhenShared: bool = False, forceCopy: bool = False
    ) -> FloatArray | None:
        """Flat data of one vertex attribute ``kind`` (None when absent)."""
        return None

    def isVerticesDataPresent(self, kind: str) -> bool:
        """True when the mesh has data for ``kind``."""
        return False

    def _removeFromScene(self) -> None:
        scene_remove(self._scene, "removeMesh", "meshes", self)
        if self.parent is None:
            self._removeFromSceneRootNodes()

    def dispose(self, doNotRecurse: bool = False, disposeMaterialAndTextures: bool = False) -> None:
        """Leave the scene (and dispose the material too when ``disposeMaterialAndTextures``)."""
        if disposeMaterialAndTextures and self._material is not None:
            self._material.dispose()
        self._lightSources.clear()
        super().dispose(doNotRecurse, disposeMaterialAndTextures)


class Mesh(AbstractMesh):
    """A mesh with its own vertex data (``BABYLON.Mesh``).

    Parameters
    ----------
    name
        Mesh name (and id).
    scene
        Owning scene.
    parent
        Optional parent node (Babylon's ``parentOrOptions`` when given a node).

    Examples
    --------
    >>> mesh = Mesh("triangle")
    >>> _ = mesh.setVerticesData(VertexBuffer.PositionKind, [0, 0, 0, 1, 0, 0, 0, 1, 0])
    >>> mesh.getTotalVertices()
    3
    """

    FRONTSIDE: ClassVar[int] = VertexData.FRONTSIDE
    BACKSIDE: ClassVar[int] = VertexData.BACKSIDE
    DOUBLESIDE: ClassVar[int] = VertexData.DOUBLESIDE
    DEFAULTSIDE: ClassVar[int] = VertexData.DEFAULTSIDE

    def __init__(
        self, name: str, scene: object | None = None, parent: TransformNode | None = None
    ) -> None:
        super().__init__(name, scene)
        self._geometry: _Geometry | None = None
        self._originalBuilderSideOrientation = Mesh.DEFAULTSIDE
        if parent is not None:
            self.parent = parent

    def getClassName(self) -> str:
        """``"Mesh"``."""
        return "Mesh"

    @staticmethod
    def _GetDefaultSideOrientation(orientation: int | None = None) -> int:
        return orientation or Mesh.FRONTSIDE

    @property
    def geometry(self) -> object | None:
        """The vertex storage shared by this mesh (None until data is set)."""
        return self._geometry

    def _ensureGeometry(self) -> _Geometry:
        if self._geometry is None:
            self._geometry = _Geometry()
            self._geometry._meshes.append(self)
        return self._geometry

    def setVerticesData(
        self,
        kind: str,
        data: Sequence[float],
        updatable: bool = False,
        stride: int | None = None,
    ) -> Mesh:
        """Store the flat data of one attribute (``VertexBuffer.PositionKind`` ...)."""
        self._ensureGeometry().setVerticesData(kind, data, stride)
        return self

    def setIndices(
        self,
        indices: Sequence[int],
        totalVertices: int | None = None,
        updatable: bool = False,
        dontForceSubMeshRecreation: bool = False,
    ) -> Mesh:
        """Store the triangle indices."""
        self._ensureGeometry().setIndices(indices, totalVertices)
        return self

    def getTotalVertices(self) -> int:
        """Number of vertices (positions / 3; 0 without geometry)."""
        if self._geometry is None:
            return 0
        return self._geometry._totalVertices

    def getTotalIndices(self) -> int:
        """Number of indices (0 without geometry)."""
        if self._geometry is None:
            return 0
        return len(self._geometry._indices)

    def getIndices(self, copyWhenShared: bool = False, forceCopy: bool = False) -> IndicesArray:
        """Triangle indices (the stored list itself unless a copy is asked for)."""
        geometry = self._geometry
        if geometry is None:
            return []
        copy = forceCopy or (copyWhenShared and len(geometry._meshes) != 1)
        return list(geometry._indices) if copy else geometry._indices

    def getVerticesData(
        self, kind: str, copyWhenShared: bool = False, forceCopy: bool = False
    ) -> FloatArray | None:
        """Flat data of one attribute (the stored list itself unless a copy is asked for)."""
        geometry = self._geometry
        if geometry is None:
            return None
        data = geometry._data.get(kind)
        if data is None:
            return None
        copy = forceCopy or (copyWhenShared and len(geometry._meshes) != 1)
        return list(data) if copy else data

    def isVerticesDataPresent(self, kind: str) -> bool:
        """True when the mesh has data for ``kind``."""
        return self._geometry is not None and kind in self._geometry._data

    def getAnimatables(self) -> list[object]:
        """Objects whose animations ``scene.beginAnimation(mesh, ...)`` also plays: the
        material and the skeleton, when there are."""
        results: list[object] = []
        if self.material is not None:
            results.append(self.material)
        if self.skeleton is not None:
            results.append(self.skeleton)
        return results

    def getVerticesDataKinds(self) -> list[str]:
        """Kinds with data, in insertion order."""
        return [] if self._geometry is None else list(self._geometry._data)


class GroundMesh(Mesh):
    """The mesh ``MeshBuilder.CreateGround`` returns (``BABYLON.GroundMesh``)."""

    def __init__(self, name: str, scene: object | None = None) -> None:
        super().__init__(name, scene)
        self.generateOctree = False
        self._subdivisionsX = 1
        self._subdivisionsY = 1
        self._width = 1.0
        self._height = 1.0
        self._minX = -0.5
        self._maxX = 0.5
        self._minZ = -0.5
        self._maxZ = 0.5

    def getClassName(self) -> str:
        """``"GroundMesh"``."""
        return "GroundMesh"

    @property
    def subdivisions(self) -> int:
        """``min(subdivisionsX, subdivisionsY)``."""
        return min(self._subdivisionsX, self._subdivisionsY)

    @property
    def subdivisionsX(self) -> int:
        """Subdivisions along X."""
        return self._subdivisionsX

    @property
    def subdivisionsY(self) -> int:
        """Subdivisions along Z."""
        return self._subdivisionsY
