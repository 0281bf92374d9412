"""Babylon.js ``Scene``'s scene-graph lists, add/remove members, observables and flags.

Port of the parts of ``@babylonjs/core`` 9.31 ``scene.pure.js`` (and its scene components)
that keep state without drawing: the object lists a scene owns (``animations``,
``geometries``, ``particleSystems``, ``postProcesses``, ...), every ``add*``/``remove*`` the
base class does not define (with the observables they notify), pending data and ready
checks, external data, ``executeOnceBeforeRender``, the ``beforeRender`` /
``beforeCameraRender`` setters, Babylon's default values for plain flags, every observable
as a :class:`~lite_compat.observable.Observable` (created on first use), and the scene
helpers ``createDefaultLight`` / ``createDefaultCamera`` / ``createDefaultCameraOrLight``
(``Helpers/sceneHelpers.pure.js``). Members that only drive a GPU pass are refused.

:class:`SceneLists` is a mixin of :class:`~lite_compat.scene.scene.Scene`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from lite_compat._js import js_callable
from lite_compat._lazy import LazyField
from lite_compat._refusal import RENDERING, Refused
from lite_compat.cameras.arc_rotate_camera import ArcRotateCamera
from lite_compat.cameras.free_camera import FreeCamera
from lite_compat.engines.engine_store import PrecisionDate
from lite_compat.lights.hemispheric_light import HemisphericLight
from lite_compat.math.vector import Vector3
from lite_compat.observable import Observable, Observer

__all__ = ["SceneLists"]


def _observable() -> LazyField[Observable[Any]]:
    return LazyField(Observable)


def _list() -> LazyField[list[Any]]:
    return LazyField(list)


def _index_remove(items: list[Any], item: Any) -> int:
    for index, existing in enumerate(items):
        if existing is item:
            del items[index]
            return index
    return -1


class SceneLists:
    """Scene lists, add/remove members, observables and plain flags (mixin of ``Scene``)."""

    # Provided by Scene.__init__.
    meshes: list[Any]
    lights: list[Any]
    cameras: list[Any]
    skeletons: list[Any]
    textures: list[Any]
    multiMaterials: list[Any]
    morphTargetManagers: list[Any]
    activeCamera: Any
    onBeforeRenderObservable: Observable[Any]
    onAfterRenderObservable: Observable[Any]
    _renderId: int

    # -- plain flags (Babylon's defaults) ------------------------------------------------------
    #: Whether render targets render (state only here).
    renderTargetsEnabled: bool = True
    #: Dump the next frame's render targets (state only here).
    dumpNextRenderTargets: bool = False
    #: The layer mask a renderable gets by default (``0x0FFFFFFF``).
    defaultRenderableLayerMask: int = 0x0FFFFFFF
    _preventFreeActiveMeshesAndRenderingGroups: bool = False
    _currentInternalStep: int = 0

    # -- lists ---------------------------------------------------------------------------------
    animations = _list()
    geometries = _list()
    particleSystems = _list()
    actionManagers = _list()
    postProcesses = _list()
    effectLayers = _list()
    lensFlareSystems = _list()
    reflectionProbes = _list()
    frameGraphs = _list()
    objectRenderers = _list()
    customRenderTargets = _list()
    _pendingData = _list()
    _isReadyChecks = _list()
    _externalData: LazyField[dict[str, Any]] = LazyField(dict)

    # -- observables ---------------------------------------------------------------------------
    onAfterActiveMeshesEvaluationObservable = _observable()
    onBeforeActiveMeshesEvaluationObservable = _observable()
    onBeforeCameraRenderObservable = _observable()
    onAfterCameraRenderObservable = _observable()
    onAfterRenderCameraObservable = _observable()
    onBeforeDrawPhaseObservable = _observable()
    onAfterDrawPhaseObservable = _observable()
    onBeforeParticlesRenderingObservable = _observable()
    onAfterParticlesRenderingObservable = _observable()
    onBeforePhysicsObservable = _observable()
    onAfterPhysicsObservable = _observable()
    onBeforeRenderTargetsRenderObservable = _observable()
    onAfterRenderTargetsRenderObservable = _observable()
    onBeforeRenderingGroupObservable = _observable()
    onAfterRenderingGroupObservable = _observable()
    onBeforeSpritesRenderingObservable = _observable()
    onAfterSpritesRenderingObservable = _observable()
    onAnimationFileImportedObservable = _observable()
    onClearColorChangedObservable = _observable()
    onDataLoadedObservable = _observable()
    onEnvironmentTextureChangedObservable = _observable()
    onMeshImportedObservable = _observable()
    onMeshUnderPointerUpdatedObservable = _observable()
    onReadyObservable = _observable()
    onReadyTimeoutObservable = _observable()
    onScenePerformancePriorityChangedObservable = _observable()
    onNewAnimationGroupAddedObservable = _observable()
    onAnimationGroupRemovedObservable = _observable()
    onNewEffectLayerAddedObservable = _observable()
    onEffectLayerRemovedObservable = _observable()
    onNewFrameGraphAddedObservable = _observable()
    onFrameGraphRemovedObservable = _observable()
    onNewGeometryAddedObservable = _observable()
    onGeometryRemovedObservable = _observable()
    onNewMultiMaterialAddedObservable = _observable()
    onMultiMaterialRemovedObservable = _observable()
    onNewObjectRendererAddedObservable = _observable()
    onObjectRendererRemovedObservable = _observable()
    onNewParticleSystemAddedObservable = _observable()
    onParticleSystemRemovedObservable = _observable()
    onNewPostProcessAddedObservable = _observable()
    onPostProcessRemovedObservable = _observable()
    onNewSkeletonAddedObservable = _observable()
    onSkeletonRemovedObservable = _observable()
    onNewSpriteManagerAddedObservable = _observable()
    onSpriteManagerRemovedObservable = _observable()
    onNewTextureAddedObservable = _observable()
    onTextureRemovedObservable = _observable()

    # -- refused: GPU passes only --------------------------------------------------------------
    depthPeelingRenderer = Refused(RENDERING, "order-independent transparency passes")
    enableFluidRenderer = Refused(RENDERING, "a GPU fluid pass")
    disableFluidRenderer = Refused(RENDERING, "a GPU fluid pass")
    fluidRenderer = Refused(RENDERING, "a GPU fluid pass")
    geometryBufferRenderer = Refused(RENDERING, "a GPU geometry buffer")
    prePassRenderer = Refused(RENDERING, "a GPU pre-pass")
    postProcessRenderPipelineManager = Refused(RENDERING, "GPU post-process pipelines")
    renderingManager = Refused(RENDERING, "sorts and draws rendering groups")
    freeRenderingGroups = Refused(RENDERING, "frees GPU rendering groups")
    setRenderingOrder = Refused(RENDERING, "the draw order of rendering groups")
    setRenderingAutoClearDepthStencil = Refused(RENDERING, "GPU depth/stencil clears")

    # -- flags with accessors ------------------------------------------------------------------

    @property
    def blockfreeActiveMeshesAndRenderingGroups(self) -> bool:
        """Block freeing active meshes and rendering groups (False)."""
        return self._preventFreeActiveMeshesAndRenderingGroups

    @blockfreeActiveMeshesAndRenderingGroups.setter
    def blockfreeActiveMeshesAndRenderingGroups(self, value: bool) -> None:
        self._preventFreeActiveMeshesAndRenderingGroups = value

    def getInternalStep(self) -> int:
        """The deterministic-lockstep internal step (0: Babylon 9.31 never advances it)."""
        return self._currentInternalStep

    def incrementRenderId(self) -> None:
        """Increment the render id by hand."""
        self._renderId += 1

    # -- render hooks --------------------------------------------------------------------------

    def _swap(self, slot: str, observable: Observable[Any], callback: Any, always: bool) -> None:
        previous: Observer[Any] | None = self.__dict__.get(slot)
        if previous is not None:
            observable.remove(previous)
            self.__dict__[slot] = None
        if callback or always:
            self.__dict__[slot] = observable.add(callback)

    def _get_beforeRender(self) -> None:
        return None

    def _set_beforeRender(self, callback: Callable[..., object] | None) -> None:
        self._swap("_onBeforeRenderObserver", self.onBeforeRenderObservable, callback, False)

    #: Write-only in Babylon.js (reads ``None``): replaces the previous ``beforeRender``
    #: observer of ``onBeforeRenderObservable``.
    beforeRender = property(_get_beforeRender, _set_beforeRender)

    def _set_beforeCameraRender(self, callback: Callable[..., object] | None) -> None:
        self._swap(
            "_onBeforeCameraRenderObserver", self.onBeforeCameraRenderObservable, callback, True
        )

    def _set_afterCameraRender(self, callback: Callable[..., object] | None) -> None:
        self._swap(
            "_onAfterCameraRenderObserver", self.onAfterCameraRenderObservable, callback, True
        )

    #: Write-only: replaces the previous observer of ``onBeforeCameraRenderObservable``.
    beforeCameraRender = property(_get_beforeRender, _set_beforeCameraRender)
    #: Write-only: replaces the previous observer of ``onAfterCameraRenderObservable``.
    afterCameraRender = property(_get_beforeRender, _set_afterCameraRender)

    def executeOnceBeforeRender(
        self, func: Callable[..., object], timeout: float | None = None
    ) -> None:
        """Run ``func`` before the next render, once; with ``timeout``, before the first
        render at least ``timeout`` ms (:class:`PrecisionDate`) after this call.

        Babylon.js unregisters it from a ``setTimeout``; headless, it is unregistered as soon
        as it ran.
        """
        due = None if timeout is None else PrecisionDate.Now + float(timeout)
        func = js_callable(func, 0)  # JavaScript's convention: read once, here
        observable = self.onBeforeRenderObservable
        holder: list[Observer[Any] | None] = [None]

        def run(*_args: object) -> None:
            if due is not None and PrecisionDate.Now < due:
                return
            if holder[0] is not None:
                observable.remove(holder[0])
            func()

        holder[0] = observable.add(run)

    # -- pending data and ready checks ---------------------------------------------------------

    def addPendingData(self, data: Any) -> None:
        """Add ``data`` to the data the scene waits for."""
        self._pendingData.append(data)

    def removePendingData(self, data: Any) -> None:
        """Remove ``data``; the last one notifies ``onDataLoadedObservable``."""
        was_loading = bool(self._pendingData)
        _index_remove(self._pendingData, data)
        if was_loading and not self._pendingData:
            self.onDataLoadedObservable.notifyObservers(self)

    def getWaitingItemsCount(self) -> int:
        """How many pending data the scene waits for."""
        return len(self._pendingData)

    @property
    def isLoading(self) -> bool:
        """True while pending data remain."""
        return bool(self._pendingData)

    def addIsReadyCheck(self, isReadyCheck: Any) -> None:
        """Register an object whose ``isReady()`` the scene checks (once)."""
        if not any(c is isReadyCheck for c in self._isReadyChecks):
            self._isReadyChecks.append(isReadyCheck)

    def removeIsReadyCheck(self, isReadyCheck: Any) -> None:
        """Unregister a ready check."""
        _index_remove(self._isReadyChecks, isReadyCheck)

    # -- external data -------------------------------------------------------------------------

    def addExternalData(self, key: str, data: Any) -> bool:
        """Store ``data`` under ``key``; False when the key is taken."""
        if key in self._externalData:
            return False
        self._externalData[key] = data
        return True

    def getExternalData(self, key: str) -> Any:
        """The data stored under ``key`` (or None)."""
        return self._externalData.get(key)

    def getOrAddExternalDataWithFactory(self, key: str, factory: Callable[[str], Any]) -> Any:
        """The data under ``key``, created by ``factory(key)`` when absent."""
        if key not in self._externalData:
            self._externalData[key] = factory(key)
        return self._externalData[key]

    def removeExternalData(self, key: str) -> bool:
        """Remove the data under ``key``; False when there was none."""
        return self._externalData.pop(key, _MISSING) is not _MISSING

    # -- add / remove (the kinds the base class does not define) -------------------------------

    #: Identities of ``skeletons`` (see :meth:`addSkeleton`).
    _skeletonIdentities: set[int] | None = None

    def addSkeleton(self, newSkeleton: Any) -> None:
        """Add a skeleton (``onNewSkeletonAddedObservable``); one already listed is not added
        twice (an identity set, rebuilt when ``skeletons`` changed length behind its back, keeps
        the check O(1) for crowds of clones)."""
        skeletons = self.skeletons
        known = self._skeletonIdentities
        if known is None or len(known) != len(skeletons):
            known = {id(s) for s in skeletons}
            self._skeletonIdentities = known
        if id(newSkeleton) not in known or not any(s is newSkeleton for s in skeletons):
            skeletons.append(newSkeleton)
            known.add(id(newSkeleton))
        self.onNewSkeletonAddedObservable.notifyObservers(newSkeleton)

    def removeSkeleton(self, toRemove: Any) -> int:
        """Remove a skeleton; returns its former index or -1."""
        index = _index_remove(self.skeletons, toRemove)
        self._skeletonIdentities = None
        if index != -1:
            self.onSkeletonRemovedObservable.notifyObservers(toRemove)
        return index

    def addMorphTargetManager(self, newMorphTargetManager: Any) -> None:
        """Add a morph target manager."""
        if not any(m is newMorphTargetManager for m in self.morphTargetManagers):
            self.morphTargetManagers.append(newMorphTargetManager)

    def removeMorphTargetManager(self, toRemove: Any) -> int:
        """Remove a morph target manager; returns its former index or -1."""
        return _index_remove(self.morphTargetManagers, toRemove)

    def addAnimation(self, newAnimation: Any) -> None:
        """Add an animation to ``animations``."""
        self.animations.append(newAnimation)

    def removeAnimation(self, toRemove: Any) -> int:
        """Remove an animation; returns its former index or -1."""
        return _index_remove(self.animations, toRemove)

    def addMultiMaterial(self, newMultiMaterial: Any) -> None:
        """Add a multi-material."""
        self.multiMaterials.append(newMultiMaterial)
        self.onNewMultiMaterialAddedObservable.notifyObservers(newMultiMaterial)

    def removeMultiMaterial(self, toRemove: Any) -> int:
        """Remove a multi-material; returns its former index or -1."""
        index = _index_remove(self.multiMaterials, toRemove)
        self.onMultiMaterialRemovedObservable.notifyObservers(toRemove)
        return index

    def addGeometry(self, newGeometry: Any) -> None:
        """Add a geometry."""
        self.geometries.append(newGeometry)

    def pushGeometry(self, geometry: Any, force: bool = False) -> bool:
        """Add ``geometry`` unless one with its ``uniqueId`` is there (``force``: always)."""
        uid = getattr(geometry, "uniqueId", None)
        if not force and any(getattr(g, "uniqueId", None) == uid for g in self.geometries):
            return False
        self.addGeometry(geometry)
        self.onNewGeometryAddedObservable.notifyObservers(geometry)
        return True

    def removeGeometry(self, geometry: Any) -> bool:
        """Remove a geometry (the last one takes its place); False when absent."""
        items = self.geometries
        index = next((i for i, g in enumerate(items) if g is geometry), -1)
        if index < 0:
            return False
        if index != len(items) - 1:
            items[index] = items[-1]
        items.pop()
        self.onGeometryRemovedObservable.notifyObservers(geometry)
        return True

    def getGeometries(self) -> list[Any]:
        """The geometries."""
        return self.geometries

    def addTexture(self, newTexture: Any) -> None:
        """Add a texture (``onNewTextureAddedObservable``)."""
        self.textures.append(newTexture)
        self.onNewTextureAddedObservable.notifyObservers(newTexture)

    def removeTexture(self, toRemove: Any) -> int:
        """Remove a texture; returns its former index or -1."""
        index = _index_remove(self.textures, toRemove)
        self.onTextureRemovedObservable.notifyObservers(toRemove)
        return index

    def addParticleSystem(self, newParticleSystem: Any) -> None:
        """Add a particle system (state only: lite_compat simulates no particles)."""
        self.particleSystems.append(newParticleSystem)
        self.onNewParticleSystemAddedObservable.notifyObservers(newParticleSystem)

    def removeParticleSystem(self, toRemove: Any) -> int:
        """Remove a particle system; returns its former index or -1."""
        index = _index_remove(self.particleSystems, toRemove)
        self.onParticleSystemRemovedObservable.notifyObservers(toRemove)
        return index

    def addActionManager(self, newActionManager: Any) -> None:
        """Add an action manager."""
        self.actionManagers.append(newActionManager)

    def removeActionManager(self, toRemove: Any) -> int:
        """Remove an action manager; returns its former index or -1."""
        return _index_remove(self.actionManagers, toRemove)

    def addPostProcess(self, newPostProcess: Any) -> None:
        """Add a post-process to the list (nothing is drawn)."""
        self.postProcesses.append(newPostProcess)
        self.onNewPostProcessAddedObservable.notifyObservers(newPostProcess)

    def removePostProcess(self, toRemove: Any) -> int:
        """Remove a post-process; returns its former index or -1."""
        index = _index_remove(self.postProcesses, toRemove)
        self.onPostProcessRemovedObservable.notifyObservers(toRemove)
        return index

    def addEffectLayer(self, newEffectLayer: Any) -> None:
        """Add an effect layer to the list (nothing is drawn)."""
        self.effectLayers.append(newEffectLayer)
        self.onNewEffectLayerAddedObservable.notifyObservers(newEffectLayer)

    def removeEffectLayer(self, toRemove: Any) -> int:
        """Remove an effect layer; returns its former index or -1."""
        index = _index_remove(self.effectLayers, toRemove)
        self.onEffectLayerRemovedObservable.notifyObservers(toRemove)
        return index

    def addFrameGraph(self, newFrameGraph: Any) -> None:
        """Add a frame graph to the list."""
        self.frameGraphs.append(newFrameGraph)
        self.onNewFrameGraphAddedObservable.notifyObservers(newFrameGraph)

    def removeFrameGraph(self, toRemove: Any) -> int:
        """Remove a frame graph; returns its former index or -1."""
        index = _index_remove(self.frameGraphs, toRemove)
        self.onFrameGraphRemovedObservable.notifyObservers(toRemove)
        return index

    def addObjectRenderer(self, objectRenderer: Any) -> None:
        """Add an object renderer to the list."""
        self.objectRenderers.append(objectRenderer)
        self.onNewObjectRendererAddedObservable.notifyObservers(objectRenderer)

    def removeObjectRenderer(self, toRemove: Any) -> int:
        """Remove an object renderer; returns its former index or -1."""
        index = _index_remove(self.objectRenderers, toRemove)
        self.onObjectRendererRemovedObservable.notifyObservers(toRemove)
        return index

    def addLensFlareSystem(self, newLensFlareSystem: Any) -> None:
        """Add a lens flare system to the list."""
        self.lensFlareSystems.append(newLensFlareSystem)

    def removeLensFlareSystem(self, toRemove: Any) -> int:
        """Remove a lens flare system; returns its former index or -1."""
        return _index_remove(self.lensFlareSystems, toRemove)

    def addReflectionProbe(self, newReflectionProbe: Any) -> None:
        """Add a reflection probe to the list."""
        self.reflectionProbes.append(newReflectionProbe)

    def removeReflectionProbe(self, toRemove: Any) -> int:
        """Remove a reflection probe; returns its former index or -1."""
        return _index_remove(self.reflectionProbes, toRemove)

    # -- scene helpers -------------------------------------------------------------------------

    def createDefaultLight(self, replace: bool = False) -> None:
        """A ``HemisphericLight("default light", Vector3.Up())`` when the scene has no light
        (``replace``: dispose the lights first)."""
        if replace:
            for light in list(self.lights):
                light.dispose()
        if not self.lights:
            HemisphericLight("default light", Vector3.Up(), self)

    def createDefaultCamera(
        self,
        createArcRotateCamera: bool = False,
        replace: bool = False,
        attachCameraControls: bool = False,
    ) -> None:
        """A camera framing the visible meshes when there is no active camera (Babylon's
        radius ``1.5 * world size``, ``minZ``/``maxZ``/``speed`` from it).

        ``attachCameraControls`` is ignored (there is no input).
        """
        if replace and self.activeCamera is not None:
            self.activeCamera.dispose()
            self.activeCamera = None
        if self.activeCamera is not None:
            return
        get_extends = getattr(self, "getWorldExtends", None)
        if callable(get_extends):
            extends = get_extends(lambda mesh: mesh.isVisible and mesh.isEnabled())
            world_min, world_max = extends.min, extends.max
        else:
            world_min = Vector3(float("inf"), float("inf"), float("inf"))
            world_max = Vector3(float("-inf"), float("-inf"), float("-inf"))
        size = world_max.subtract(world_min)
        center = world_min.add(size.scale(0.5))
        radius = size.length() * 1.5
        if not math.isfinite(radius) or radius == 0:
            radius = 1.0
            center.copyFromFloats(0, 0, 0)
        camera: Any
        if createArcRotateCamera:
            camera = ArcRotateCamera(
                "default camera", -(math.pi / 2), math.pi / 2, radius, center, self
            )
            camera.lowerRadiusLimit = radius * 0.01
            camera.wheelPrecision = 100 / radius
        else:
            camera = FreeCamera("default camera", Vector3(center.x, center.y, -radius), self)
            camera.setTarget(center)
        camera.minZ = radius * 0.01
        camera.maxZ = radius * 1000
        camera.speed = radius * 0.2
        self.activeCamera = camera

    def createDefaultCameraOrLight(
        self,
        createArcRotateCamera: bool = False,
        replace: bool = False,
        attachCameraControls: bool = False,
    ) -> None:
        """:meth:`createDefaultLight` then :meth:`createDefaultCamera`."""
        self.createDefaultLight(replace)
        self.createDefaultCamera(createArcRotateCamera, replace, attachCameraControls)


_MISSING = object()


# The refusals above are Scene's members (messages name ``Scene.<member>``, not the mixin).
for _refused in vars(SceneLists).values():
    if isinstance(_refused, Refused):
        _refused.owner = "Scene"
del _refused
