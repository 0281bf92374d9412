"""Babylon.js ``Scene``'s playground boilerplate: readiness, ``clearColor``, ``uid``, settings.

Port of the parts of ``@babylonjs/core`` 9.31 ``scene.pure.js`` that nearly every playground
script touches before its first frame: ``clearColor`` (a ``Color4``,
``onClearColorChangedObservable``), ``isReady`` / ``executeWhenReady`` / ``whenReadyAsync``
(``onReadyObservable``, pending data, ready checks), the ``onDispose`` setter, ``uid``,
``useRightHandedSystem``, ``getDeterministicFrameTime``, the active-camera switches, and
Babylon's default values for the plain settings a script sets and reads back (fog, ambient
colour, gravity, the ``*Enabled`` flags, cursors). Every other public member of ``Scene`` that
lite_compat does not provide is refused here with the code of its reason (GPU passes and
render statistics, pointer input and picking helpers, physics, audio, sprites, XR).

:class:`SceneBoilerplate` is a mixin of :class:`~lite_compat.scene.scene.Scene`.

Readiness without a renderer: a scene is ready when it is not disposed, no data is pending
(``addPendingData``), every ``addIsReadyCheck`` object is ready and every mesh with sub-meshes
says ``isReady(True)`` (Babylon.js also waits for shaders to compile; there are none). When a
check fails, Babylon.js retries every 100 ms (``setTimeout``) and at the start of each
``render()``; here the retry is scheduled on the running asyncio loop when there is one, and
otherwise on the next ``onBeforeRenderObservable`` notification (the same frame, just after
Babylon's check point).
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, Final

from lite.errors import AnimationStateError, LiteError
from lite_compat._lazy import LazyField
from lite_compat._refusal import INPUT, RENDERING, SUBSYSTEM, RefusalReason, refuse_members
from lite_compat.engines.engine_store import PrecisionDate
from lite_compat.math.color import Color3, Color4
from lite_compat.math.vector import Vector3
from lite_compat.observable import Observable, Observer

if TYPE_CHECKING:
    from lite_compat.engines.engine_store import Engine

__all__ = ["SceneBoilerplate"]

#: Babylon.js ``_checkIsReady`` retries every 100 ms (``setTimeout(..., 100)``).
READY_RETRY_S: Final = 0.1


def _require_callable(func: object, where: str, name: str) -> Callable[..., object]:
    if not callable(func):
        raise AnimationStateError(
            "LITE-STATE-011",
            f"{where}: {name} must be callable, got {func!r}",
            hint="pass a function (it may take fewer arguments than Babylon.js passes)",
            input_name=name,
        )
    return func


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class SceneBoilerplate:
    """Readiness, ``clearColor``, ``uid`` and Babylon's scene settings (mixin of ``Scene``)."""

    # Provided by Scene.
    meshes: list[Any]
    lights: list[Any]
    cameras: list[Any]
    isDisposed: bool
    _pendingData: list[Any]
    _isReadyChecks: list[Any]
    onReadyObservable: Observable[Any]
    onReadyTimeoutObservable: Observable[Any]
    onClearColorChangedObservable: Observable[Any]
    onDisposeObservable: Observable[Any]
    onBeforeRenderObservable: Observable[Any]

    if TYPE_CHECKING:

        def getEngine(self) -> Engine: ...
        def getCameraById(self, id: str) -> Any: ...
        def getCameraByName(self, name: str) -> Any: ...

    # -- statics (scene.pure.js) --------------------------------------------------------------
    FOGMODE_NONE: ClassVar[int] = 0
    FOGMODE_EXP: ClassVar[int] = 1
    FOGMODE_EXP2: ClassVar[int] = 2
    FOGMODE_LINEAR: ClassVar[int] = 3
    #: Pointer timing settings (ms / px): stored for scripts that set them; nothing reads them.
    DragMovementThreshold: ClassVar[float] = 10
    LongPressDelay: ClassVar[float] = 500
    DoubleClickDelay: ClassVar[float] = 300
    ExclusiveDoubleClickMode: ClassVar[bool] = False

    # -- plain settings, Babylon.js's defaults (a script sets them and reads them back) -------
    autoClear = True
    autoClearDepthAndStencil = True
    ambientColor: LazyField[Color3] = LazyField(lambda: Color3(0, 0, 0))
    environmentIntensity: float = 1
    iblIntensity: float = 1
    environmentTexture: Any = None
    fogEnabled = True
    fogMode: int = 0
    fogColor: LazyField[Color3] = LazyField(lambda: Color3(0.2, 0.2, 0.3))
    fogDensity: float = 0.1
    fogStart: float = 0
    fogEnd: float = 1000
    gravity: LazyField[Vector3] = LazyField(lambda: Vector3(0, -9.807, 0))
    collisionsEnabled = True
    forceWireframe = False
    forcePointsCloud = False
    forceShowBoundingBoxes = False
    skipFrustumClipping = False
    lightsEnabled = True
    shadowsEnabled = True
    texturesEnabled = True
    skeletonsEnabled = True
    particlesEnabled = True
    spritesEnabled = True
    lensFlaresEnabled = True
    postProcessesEnabled = True
    probesEnabled = True
    proceduralTexturesEnabled = True
    requireLightSorting = False
    dispatchAllSubMeshesOfActiveMeshes = False
    blockMaterialDirtyMechanism = False
    needsPreviousWorldMatrices = False
    useClonedMeshMap = True
    useMaterialMeshMap = True
    useOrderIndependentTransparency: Any = None
    performancePriority: int = 0
    defaultCameraLayerMask: int = 0x0FFFFFFF
    defaultCursor = ""
    hoverCursor = "pointer"
    doNotHandleCursors = False
    constantlyUpdateMeshUnderPointer = False
    cameraToUseForPointers: Any = None
    reservedDataStore: Any = None
    onReadyTimeoutDuration: float = 120000
    floatingOriginMode = False
    #: Babylon.js's undefined until the sprite component adds one (an asset container reads it).
    spriteManagers: Any = None
    importedMeshesFiles: LazyField[list[str]] = LazyField(list)
    disableOfflineSupportExceptionRules: LazyField[list[Any]] = LazyField(list)
    layers: LazyField[list[Any]] = LazyField(list)
    proceduralTextures: LazyField[list[Any]] = LazyField(list)
    onActiveCameraChanged: LazyField[Observable[Any]] = LazyField(Observable)
    onActiveCamerasChanged: LazyField[Observable[Any]] = LazyField(Observable)

    @property
    def floatingOriginOffset(self) -> Vector3:
        """The floating-origin offset (always zero: floating origin is off)."""
        return Vector3(0, 0, 0)

    # -- clearColor / right-handedness / uid ------------------------------------------------

    @property
    def clearColor(self) -> Color4:
        """The colour the frame is cleared to (default ``Color4(0.2, 0.2, 0.3, 1)``); setting
        another object notifies ``onClearColorChangedObservable``."""
        value: Color4 | None = self.__dict__.get("_clearColor")
        if value is None:
            value = Color4(0.2, 0.2, 0.3, 1.0)
            self.__dict__["_clearColor"] = value
        return value

    @clearColor.setter
    def clearColor(self, value: Color4) -> None:
        if value is not self.__dict__.get("_clearColor"):
            self.__dict__["_clearColor"] = value
            self.onClearColorChangedObservable.notifyObservers(value)

    @property
    def useRightHandedSystem(self) -> bool:
        """True when the scene uses a right-handed coordinate system (default False)."""
        return bool(self.__dict__.get("_useRightHandedSystem", False))

    @useRightHandedSystem.setter
    def useRightHandedSystem(self, value: bool) -> None:
        # Babylon.js also marks every material dirty (a shader define): nothing to recompile.
        self.__dict__["_useRightHandedSystem"] = value

    @property
    def uid(self) -> str:
        """A random GUID naming the scene, made on first read (Babylon.js ``Tools.RandomId``:
        an RFC 4122 version-4 GUID, ``xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx``)."""
        value: str | None = self.__dict__.get("_uid")
        if not value:
            value = str(uuid.uuid4())
            self.__dict__["_uid"] = value
        return value

    def getDeterministicFrameTime(self) -> float:
        """The lockstep time step in milliseconds (``engine.getTimeStep()``; 1000/60)."""
        return float(self.getEngine().getTimeStep())

    # -- onDispose setter ----------------------------------------------------------------------

    def _set_on_dispose(self, callback: Callable[..., object]) -> None:
        previous: Observer[Any] | None = self.__dict__.get("_onDisposeObserver")
        if previous is not None:
            self.onDisposeObservable.remove(previous)
        # Observable.add reads the callback's arity once (JavaScript's calling convention).
        func = _require_callable(callback, "Scene.onDispose", "callback")
        self.__dict__["_onDisposeObserver"] = self.onDisposeObservable.add(func)

    def _get_on_dispose(self) -> None:
        # Babylon.js defines only a setter: reading gives undefined.
        return None

    onDispose = property(_get_on_dispose, _set_on_dispose, doc="Set: a function run on dispose.")

    def sortLightsByPriority(self) -> None:
        """With ``requireLightSorting``, sort ``lights`` as Babylon.js's
        ``LightConstants.CompareLightsPriority``: shadow-casting lights first, then by
        descending ``renderPriority`` (a stable sort, as V8's)."""
        if not self.requireLightSorting:
            return
        self.lights.sort(
            key=lambda light: (
                not getattr(light, "shadowEnabled", False),
                -getattr(light, "renderPriority", 0),
            )
        )

    def resetCachedMaterial(self) -> None:
        """Forget the cached material and effect of the last draw: there is no draw cache."""
        return None

    # -- active camera -------------------------------------------------------------------------

    def setActiveCameraById(self, id: str) -> Any:
        """Make the camera with this id active; returns it (None when there is none)."""
        camera = self.getCameraById(id)
        if camera:
            self.activeCamera = camera
            return camera
        return None

    def setActiveCameraByID(self, id: str) -> Any:
        """Deprecated spelling of :meth:`setActiveCameraById`."""
        return self.setActiveCameraById(id)

    def setActiveCameraByName(self, name: str) -> Any:
        """Make the camera with this name active; returns it (None when there is none)."""
        camera = self.getCameraByName(name)
        if camera:
            self.activeCamera = camera
            return camera
        return None

    def switchActiveCamera(self, newCamera: Any, attachControl: bool = True) -> None:
        """Babylon.js moves the input control to ``newCamera`` and makes it active, but
        returns first when the engine has no input element: headless, nothing changes."""
        return None

    @property
    def activeCamera(self) -> Any:
        """The camera rendering the scene; setting another one notifies
        ``onActiveCameraChanged``."""
        return self.__dict__.get("_activeCamera")

    @activeCamera.setter
    def activeCamera(self, newCamera: Any) -> None:
        if newCamera is self.__dict__.get("_activeCamera"):
            return
        self.__dict__["_activeCamera"] = newCamera
        self.onActiveCameraChanged.notifyObservers(self)

    # -- readiness -----------------------------------------------------------------------------

    def isReady(self, checkRenderTargets: bool = True) -> bool:
        """True when nothing is pending: no ``addPendingData`` item, every ready check and
        every mesh with sub-meshes ready, and the scene not disposed."""
        if self.isDisposed:
            return False
        ready = not self._pendingData
        for mesh in self.meshes:
            if not getattr(mesh, "subMeshes", None):
                continue
            check = getattr(mesh, "isReady", None)
            if check is not None and not check(True):
                ready = False
        for item in self._isReadyChecks:
            if not item.isReady():
                ready = False
        return ready

    def executeWhenReady(
        self, func: Callable[..., object], checkRenderTargets: bool = False
    ) -> None:
        """Call ``func(scene, eventState)`` once the scene is ready: now when it already is
        (``onReadyObservable.addOnce``), else when a later check finds it ready."""
        wrapped = _require_callable(func, "Scene.executeWhenReady", "func")
        self.onReadyObservable.addOnce(wrapped)
        if self.__dict__.get("_readyCheckPending"):
            return
        self._checkIsReady(checkRenderTargets)

    async def whenReadyAsync(self, checkRenderTargets: bool = False) -> None:
        """Await the scene being ready (:meth:`executeWhenReady` as a coroutine).

        Raises
        ------
        LiteError
            ``LITE-COMPAT-190`` when the scene is not ready and no asyncio loop runs (a
            coroutine driven by hand cannot wait for a later check).
        """
        if _running_loop() is None:
            done: list[bool] = []
            self.executeWhenReady(lambda: done.append(True), checkRenderTargets)
            if not done:
                raise LiteError(
                    "LITE-COMPAT-190",
                    "Scene.whenReadyAsync: the scene is not ready and no asyncio event loop "
                    "is running to wait on",
                    hint="await it inside asyncio.run(...), or use executeWhenReady(func)",
                    input_name="whenReadyAsync",
                )
            return
        future: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def resolve() -> None:
            if not future.done():
                future.set_result(None)

        self.executeWhenReady(resolve, checkRenderTargets)
        await future

    def _checkIsReady(self, checkRenderTargets: bool = False) -> None:
        """Babylon.js ``_checkIsReady``: notify ``onReadyObservable`` (and clear it) when
        ready, give up after ``onReadyTimeoutDuration``, else retry later."""
        from_dict = self.__dict__
        from_dict["_readyCheckPending"] = False
        engine_now = float(PrecisionDate.Now)
        start = from_dict.get("_timeoutChecksStartTime", 0)
        if start == 0:
            from_dict["_timeoutChecksStartTime"] = engine_now
        elif self.onReadyTimeoutDuration > 0 and engine_now - start > self.onReadyTimeoutDuration:
            self.onReadyTimeoutObservable.notifyObservers(self)
            self._clearReadynessChecksData()
            return
        if self.isReady(checkRenderTargets):
            self.onReadyObservable.notifyObservers(self)
            self._clearReadynessChecksData()
            return
        if self.isDisposed:
            self._clearReadynessChecksData()
            return
        from_dict["_readyCheckPending"] = True
        loop = _running_loop()
        if loop is not None:
            loop.call_later(READY_RETRY_S, self._retryReadyCheck, checkRenderTargets)
        elif from_dict.get("_readyRenderObserver") is None:
            # One observer until the check succeeds or times out (re-adding one from inside
            # the notification it runs in would run it again in that same notification).
            from_dict["_readyRenderObserver"] = self.onBeforeRenderObservable.add(
                lambda *_: self._retryReadyCheck(checkRenderTargets)
            )

    def _retryReadyCheck(self, checkRenderTargets: bool) -> None:
        if self.__dict__.get("_readyCheckPending") and not self.isDisposed:
            self._checkIsReady(checkRenderTargets)
        elif self.isDisposed:
            self._clearReadynessChecksData()

    def _clearReadynessChecksData(self) -> None:
        self.__dict__["_timeoutChecksStartTime"] = 0
        self.__dict__["_readyCheckPending"] = False
        observer = self.__dict__.pop("_readyRenderObserver", None)
        if observer is not None:
            self.onBeforeRenderObservable.remove(observer)
        self.onReadyTimeoutObservable.clear()
        self.onReadyObservable.clear()


# Every other public Scene member of Babylon.js 9.31 lite_compat does not provide, by reason.
_GPU = "a GPU pass, render cache or render statistic"
_POINTER = "pointer input and picking from screen coordinates"


def _words(text: str) -> list[str]:
    return text.split()


def _table() -> dict[str, tuple[RefusalReason, str]]:
    rendering = _words(
        "bindEyePosition cleanCachedTextureBuffer clearCachedVertexData createSceneUniformBuffer "
        "finalizeSceneUbo getSceneUniformBuffer setSceneUniformBuffer getCachedEffect "
        "getCachedMaterial getCachedVisibility isCachedMaterialInvalid "
        "resetDrawCache markAllMaterialsAsDirty freezeActiveMeshes unfreezeActiveMeshes "
        "freezeMaterials unfreezeMaterials freeActiveMeshes freeProcessedMaterials "
        "getActiveBones getActiveIndices getActiveParticles getActiveMeshCandidates "
        "getActiveSubMeshCandidates getCollidingSubMeshCandidates "
        "getIntersectingSubMeshCandidates setDefaultCandidateProviders isActiveMesh "
        "getAutoClearDepthStencilSetup postProcessManager prePass "
        "subSurfaceConfiguration enableSubSurfaceForPrePass disableSubSurfaceForPrePass "
        "iblCdfGenerator enableIblCdfGenerator disableIblCdfGenerator frameGraph frustumPlanes "
        "createOrUpdateSelectionOctree selectionOctree createDefaultEnvironment "
        "createDefaultSkybox getPerfCollector activeBonesPerfCounter activeParticlesPerfCounter "
        "totalActiveIndicesPerfCounter totalVerticesPerfCounter getTotalVertices"
    )
    pointer = _words(
        "attachControl detachControl isPointerCaptured getPointerOverMesh setPointerOverMesh "
        "meshUnderPointer pointerX pointerY unTranslatedPointer pointerDownPredicate "
        "pointerMovePredicate pointerUpPredicate pointerDownFastCheck pointerMoveFastCheck "
        "pointerUpFastCheck skipPointerDownPicking skipPointerMovePicking skipPointerUpPicking "
        "preventDefaultOnPointerDown preventDefaultOnPointerUp simulatePointerDown "
        "simulatePointerMove simulatePointerUp gamepadManager"
    )
    subsystems = {
        "physics": "enablePhysics disablePhysicsEngine getPhysicsEngine isPhysicsEnabled "
        "deleteCompoundImpostor collisionCoordinator CollisionCoordinatorFactory",
        # mainSoundTrack, soundTracks and sounds stay unset: the scene helpers probe them.
        "audio": "audioEnabled audioListenerPositionProvider audioListenerRotationProvider "
        "audioPositioningRefreshRate headphone",
        "sprites": "pickSprite pickSpriteWithRay multiPickSprite "
        "multiPickSpriteWithRay getPointerOverSprite setPointerOverSprite",
        "XR / VR": "createDefaultVRExperience createDefaultXRExperienceAsync",
        "the inspector": "debugLayer",
    }
    table: dict[str, tuple[RefusalReason, str]] = {}
    for name in rendering:
        table[name] = (RENDERING, _GPU)
    for name in pointer:
        table[name] = (INPUT, _POINTER)
    for area, names in subsystems.items():
        for name in names.split():
            table[name] = (SUBSYSTEM, area)
    return table


#: Scene member -> (reason, what it is), for docs and tests.
SCENE_REFUSALS: Final = _table()
refuse_members(SceneBoilerplate, SCENE_REFUSALS, owner="Scene")
