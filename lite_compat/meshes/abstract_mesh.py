"""Babylon.js ``AbstractMesh``: the base of renderable nodes (material, visibility, layer mask).

Port of the scene-graph parts of ``@babylonjs/core`` 9.31 ``Meshes/abstractMesh.pure.js``. Its
members are layered as mixins: :mod:`~lite_compat.meshes.abstract_mesh_members` (state, bounds,
vertex helpers, POV moves) and :mod:`~lite_compat.meshes.abstract_mesh_facets` (facet data).
Rendering state that animations target (``material``, ``visibility``, ``isVisible``) is kept as
in Babylon.js.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from lite_compat._lazy import created
from lite_compat.engines.engine_store import scene_add, scene_list, scene_remove
from lite_compat.meshes.abstract_mesh_facets import AbstractMeshFacets
from lite_compat.nodes.node import MAX_VALUE

if TYPE_CHECKING:
    from lite_compat.materials.material import Material

__all__ = ["AbstractMesh"]


class AbstractMesh(AbstractMeshFacets):
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
        #: ``MorphTargetManager`` of this mesh (``lite_compat.morph.morph_target_manager``), or
        #: None.
        self.morphTargetManager: object = None
        self._skeleton: Any = None
        #: Per-mesh palette of a ``needInitialSkinMatrix`` skeleton (``Skeleton.prepare``).
        self._bonesTransformMatrices: Any = None
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
    def skeleton(self) -> Any:
        """``Skeleton`` deforming this mesh (``lite_compat.bones.skeleton``), or None. A
        skeleton with ``needInitialSkinMatrix`` registers the mesh, whose pose matrix then
        roots its palette (``skeleton.getTransformMatrices(mesh)``)."""
        return self._skeleton

    @skeleton.setter
    def skeleton(self, value: Any) -> None:
        current = self._skeleton
        if current is not None and getattr(current, "needInitialSkinMatrix", False):
            current._unregisterMeshWithPoseMatrix(self)
        if value is not None and getattr(value, "needInitialSkinMatrix", False):
            value._registerMeshWithPoseMatrix(self)
        self._skeleton = value
        if value is None:
            self._bonesTransformMatrices = None

    @property
    def material(self) -> Material | None:
        """The material used to render this mesh (default None)."""
        return self._material

    @material.setter
    def material(self, value: Material | None) -> None:
        self._setMaterial(value)

    def _setMaterial(self, value: Material | None) -> None:
        if value is self._material:
            return
        self._material = value
        observable = created(self, "onMaterialChangedObservable")
        if observable is not None and observable.hasObservers():
            observable.notifyObservers(self)

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
