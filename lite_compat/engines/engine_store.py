"""Babylon.js ``EngineStore``, ``Engine``, ``NullEngine`` and ``PrecisionDate``.

Port of ``@babylonjs/core`` 9.31 ``Engines/engineStore.js``, the headless half of
``Engines/abstractEngine.pure.js`` / ``engine.pure.js`` (the render loop, ``beginFrame`` /
``endFrame``, frame ids, the fps and delta time of ``Misc/performanceMonitor.js``, lockstep
options, observables, ``Version``), the options of ``Engines/nullEngine.js`` (``NullEngine``
derives from ``Engine`` as in Babylon.js) and ``Misc/precisionDate.js``.

The last created scene is the scene every Babylon.js constructor falls back to
(``scene || EngineStore.LastCreatedScene``); nodes and animations reach it here
(:func:`resolve_scene`), below the scene module itself, and recognise a scene by the
:class:`SceneLike` protocol instead of importing the ``Scene`` class.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable
from typing import Any, ClassVar, Generic, Protocol, TypeVar, runtime_checkable

from lite.errors import LiteError
from lite_compat._js import js_callable
from lite_compat.engines.abstract_engine import (
    AbstractEngine,
    NullEngineMembers,
    PerformanceMonitor,
    RollingAverage,
)
from lite_compat.engines.render_loop import (
    REQUESTED,
    cancel_frame,
    is_stale_frame,
    main_script_caller,
    queue_frame,
    request_frame,
    requester_member,
    set_requester_member,
)
from lite_compat.observable import Observable

_T = TypeVar("_T")

__all__ = [
    "Engine",
    "EngineStore",
    "NullEngine",
    "PrecisionDate",
    "SceneLike",
    "resolve_scene",
    "scene_add",
    "scene_flag",
    "scene_list",
    "scene_remove",
    "scene_render_id",
    "scene_stop_animation",
    "scene_unique_id",
]

#: Fallback for ``UniqueIdGenerator.UniqueId`` when the scene cannot hand out ids (or there
#: is no scene). Babylon's counter is global as well, shared by every scene.
_fallback_unique_ids = itertools.count(1)


@runtime_checkable
class SceneLike(Protocol):
    """What makes an object a scene for ``isinstance`` checks (Babylon.js ``Scene``'s
    animation members); :class:`~lite_compat.scene.scene.Scene` satisfies it."""

    _activeAnimatables: list[Any]

    def beginDirectAnimation(self, target: Any, *args: Any, **kwargs: Any) -> Any:
        """Start animations on ``target``."""
        ...

    def getAnimatableByTarget(self, target: Any) -> Any:
        """The first animatable of ``target``."""
        ...

    def stopAnimation(self, target: Any, *args: Any, **kwargs: Any) -> None:
        """Stop the animations of ``target``."""
        ...


def _wall_clock_ms() -> float:
    return time.time() * 1000.0


class _PrecisionDateMeta(type):
    @property
    def Now(cls) -> float:
        """Current time in milliseconds (``NowFunction()``)."""
        return float(cls.NowFunction())  # type: ignore[attr-defined]


class PrecisionDate(metaclass=_PrecisionDateMeta):
    """Babylon.js ``PrecisionDate``: ``PrecisionDate.Now`` in milliseconds.

    ``NowFunction`` is the clock (wall time by default, like ``Date.now()`` under Node);
    replace it for deterministic ``render()`` loops::

        now = [0.0]
        PrecisionDate.NowFunction = lambda: now[0]
    """

    NowFunction: ClassVar[Callable[[], float]] = _wall_clock_ms


class _Static(Generic[_T]):
    """A Babylon.js static getter, readable on the class and on instances."""

    def __init__(self, fget: Callable[[Any], _T]) -> None:
        self.fget = fget
        self.__doc__ = fget.__doc__

    def __get__(self, obj: object, objtype: type | None = None) -> _T:
        return self.fget(objtype if objtype is not None else type(obj))


class EngineStore:
    """Babylon.js ``EngineStore``: the engines and the last created scene."""

    Instances: ClassVar[list[Engine]] = []
    # Scenes are typed Any here: this module sits below the scene package (no type import
    # of it, so the scene package may build on nodes without a type-level cycle).
    _LastCreatedScene: ClassVar[Any] = None
    #: Raised when the last engine is disposed.
    OnEnginesDisposedObservable: ClassVar[Observable[Any]] = Observable()
    #: Babylon's texture fallback switch (state only: lite_compat loads no image).
    UseFallbackTexture: ClassVar[bool] = True
    #: Babylon's fallback texture data url (``""`` in 9.31).
    FallbackTexture: ClassVar[str] = ""

    @classmethod
    def LastCreatedEngine(cls) -> Engine | None:
        """The last created engine (or None)."""
        return cls.Instances[-1] if cls.Instances else None

    @classmethod
    def LastCreatedScene(cls) -> Any:
        """The last created scene (or None)."""
        return cls._LastCreatedScene


class Engine(AbstractEngine):
    """Babylon.js ``Engine``, headless: scenes, the render loop, frame ids, fps and delta
    time, deterministic lockstep and the engine observables (no canvas, no GPU).

    Parameters
    ----------
    canvasOrContext
        Ignored (there is no canvas); accepted for signature compatibility.
    antialias
        Ignored.
    options
        ``deterministicLockstep`` (False), ``lockstepMaxSteps`` (4), ``timeStep`` (1/60 s).
    adaptToDeviceRatio
        Ignored.

    Notes
    -----
    ``runRenderLoop(fn)`` registers ``fn`` as Babylon does; a browser (or Node's
    ``setTimeout``) then calls the loop every frame. A Python process has no such timer:
    :meth:`runFrames` runs the loop's frames now (``beginFrame``, every render function,
    ``endFrame``), reading the frame time from :class:`PrecisionDate`, so a script that sets
    ``PrecisionDate.NowFunction`` gets deterministic ``getDeltaTime()`` and ``getFps()``.
    """

    @_Static
    def Version(cls) -> str:  # noqa: N805 - a static getter
        """``"9.31.0"``."""
        return "9.31.0"

    @_Static
    def NpmPackage(cls) -> str:  # noqa: N805 - a static getter
        """``"babylonjs@9.31.0"``."""
        return "babylonjs@9.31.0"

    @_Static
    def Instances(cls) -> list[Engine]:  # noqa: N805 - a static getter
        """Every live engine (``EngineStore.Instances``)."""
        return EngineStore.Instances

    @_Static
    def LastCreatedEngine(cls) -> Engine | None:  # noqa: N805 - a static getter
        """The last created engine (or None)."""
        return EngineStore.LastCreatedEngine()

    @_Static
    def LastCreatedScene(cls) -> Any:  # noqa: N805 - a static getter
        """The last created scene (or None)."""
        return EngineStore.LastCreatedScene()

    def __init__(
        self,
        canvasOrContext: object = None,
        antialias: bool = False,
        options: dict[str, Any] | None = None,
        adaptToDeviceRatio: bool = False,
    ) -> None:
        opts = dict(options or {})
        opts.setdefault("deterministicLockstep", False)
        opts.setdefault("lockstepMaxSteps", 4)
        opts.setdefault("renderWidth", 512)
        opts.setdefault("renderHeight", 256)
        self._options = opts
        self._timeStep: float = float(opts.get("timeStep", 1 / 60))
        self._deltaTime: float = 0.0
        self._fps: float = 60.0
        self._frameId = 0
        self._rollingFrameTime = RollingAverage(30)
        self._lastFrameTimeMs: float | None = None
        self._activeRenderLoops: list[Callable[..., object]] = []
        #: Each render function as called (JavaScript's arity rule applied once).
        self._renderCallers: dict[int, Callable[[], object]] = {}
        #: The queued frame (see render_loop.queue_frame), None when none is queued.
        self._frameHandler: object = None
        #: Whether the main script started the loop (its frames then run when it ends).
        self._loopFromMainScript = False
        self._isDisposed = False
        self.scenes: list[Any] = []
        self.onDisposeObservable: Observable[Engine] = Observable()
        self.onReleaseEffectsObservable: Observable[Engine] = Observable()
        self.onBeginFrameObservable: Observable[Engine] = Observable()
        self.onEndFrameObservable: Observable[Engine] = Observable()
        self.onNewSceneAddedObservable: Observable[Any] = Observable()
        self.onResizeObservable: Observable[Engine] = Observable()
        self.onCanvasBlurObservable: Observable[Engine] = Observable()
        self.onCanvasFocusObservable: Observable[Engine] = Observable()
        self.onCanvasPointerOutObservable: Observable[Any] = Observable()
        self.onEffectErrorObservable: Observable[Any] = Observable()
        self.onContextLostObservable: Observable[Engine] = Observable()
        self.onContextRestoredObservable: Observable[Engine] = Observable()
        self.onBeforeTextureInitObservable: Observable[Any] = Observable()
        self.onBeforeShaderCompilationObservable: Observable[Engine] = Observable()
        self.onAfterShaderCompilationObservable: Observable[Engine] = Observable()
        self._onBeforeViewRenderObservable: Observable[Any] = Observable()
        self._onAfterViewRenderObservable: Observable[Any] = Observable()
        EngineStore.Instances.append(self)

    def getClassName(self) -> str:
        """``"ThinEngine"`` (Babylon.js's Engine and NullEngine inherit ThinEngine's)."""
        return "ThinEngine"

    @property
    def onBeforeViewRenderObservable(self) -> Observable[Any]:
        """Raised before each view renders (never: there are no views)."""
        return self._onBeforeViewRenderObservable

    @property
    def onAfterViewRenderObservable(self) -> Observable[Any]:
        """Raised after each view renders (never: there are no views)."""
        return self._onAfterViewRenderObservable

    @property
    def isDisposed(self) -> bool:
        """True once :meth:`dispose` ran."""
        return self._isDisposed

    @property
    def frameId(self) -> int:
        """Frames ended so far (``endFrame`` increments it)."""
        return self._frameId

    @property
    def activeRenderLoops(self) -> list[Callable[..., object]]:
        """The registered render functions."""
        return self._activeRenderLoops

    def isDeterministicLockStep(self) -> bool:
        """True when created with ``deterministicLockstep``."""
        return bool(self._options["deterministicLockstep"])

    def getLockstepMaxSteps(self) -> int:
        """Maximum lockstep sub-steps per frame."""
        return int(self._options["lockstepMaxSteps"])

    def getTimeStep(self) -> float:
        """The lockstep time step in milliseconds."""
        return self._timeStep * 1000

    def getDeltaTime(self) -> float:
        """Milliseconds between the last two frames (0 before the second frame)."""
        return self._deltaTime

    def getFps(self) -> float:
        """The average frame rate over the last 30 frames (60 before the first frame, then
        Infinity until two frames were measured, as in Babylon.js)."""
        return self._fps

    def getRenderWidth(self) -> int:
        """Render width in pixels."""
        return int(self._options["renderWidth"])

    def getRenderHeight(self) -> int:
        """Render height in pixels."""
        return int(self._options["renderHeight"])

    # -- frames --------------------------------------------------------------------------------

    def _measureFps(self) -> None:
        now = PrecisionDate.Now
        if self._lastFrameTimeMs is not None:
            self._rollingFrameTime.add(now - self._lastFrameTimeMs)
        self._lastFrameTimeMs = now
        average = self._rollingFrameTime.average
        self._fps = 1000.0 / average if average else math.inf
        self._deltaTime = self._rollingFrameTime.history(0) or 0.0

    def beginFrame(self) -> None:
        """Start a frame: measure the frame time (fps, delta), ``onBeginFrameObservable``."""
        self._measureFps()
        self.onBeginFrameObservable.notifyObservers(self)

    def endFrame(self) -> None:
        """End a frame: ``frameId`` + 1, ``onEndFrameObservable``."""
        self._frameId += 1
        self.onEndFrameObservable.notifyObservers(self)

    # -- the render loop (Babylon's runRenderLoop / _renderLoop / _queueNewFrame) ----------------

    def runRenderLoop(self, renderFunction: Callable[..., object]) -> None:
        """Register ``renderFunction`` (once) and queue the first frame, as Babylon.js does.

        Each frame calls every registered function (``beginFrame``, the functions, then
        ``endFrame``) and queues the next one while any is registered. Where the frame goes
        (see :mod:`lite_compat.engines.render_loop`): inside a running asyncio loop, on that
        loop, 16 ms apart (Node's ``setTimeout(frame, 16)``), so a port awaiting something a
        frame resolves completes; outside one, frames queued by the main script run when the
        script's last line has run, until ``stopRenderLoop`` (or ``dispose``) empties the
        loop, as under Node. :meth:`runFrames` runs frames at once. ``renderFunction`` may
        declare parameters: as in JavaScript, each gets ``None`` (``undefined``).
        """
        if not callable(renderFunction):
            raise LiteError(
                "LITE-COMPAT-126",
                f"Engine.runRenderLoop: renderFunction must be callable, got {renderFunction!r}",
                hint="pass a function taking no arguments, e.g. lambda: scene.render()",
                input_name="renderFunction",
            )
        if any(f is renderFunction for f in self._activeRenderLoops):
            return
        self._activeRenderLoops.append(renderFunction)
        self._renderCallers[id(renderFunction)] = js_callable(renderFunction, 0)
        if is_stale_frame(self._frameHandler):  # queued on an asyncio loop closed since
            self._frameHandler = None
        if len(self._activeRenderLoops) == 1 and self._frameHandler is None:
            self._loopFromMainScript = main_script_caller(1)
            self._queueNewFrameForRenderLoop()

    def stopRenderLoop(self, renderFunction: Callable[..., object] | None = None) -> None:
        """Unregister ``renderFunction`` (every render function when None); the queued
        frame is cancelled once none is left, so the loop ends after the current frame."""
        if renderFunction is None:
            self._activeRenderLoops.clear()
            self._renderCallers.clear()
            self._cancelFrame()
            return
        for index, item in enumerate(self._activeRenderLoops):
            if item is renderFunction or item == renderFunction:
                del self._activeRenderLoops[index]
                self._renderCallers.pop(id(item), None)
                if not self._activeRenderLoops:
                    self._cancelFrame()
                return

    def _queueNewFrameForRenderLoop(self) -> None:
        requester = getattr(self, "customAnimationFrameRequester", None)
        if requester:
            # Babylon: requester.requestID = QueueNewFrame(requester.renderFunction || loop).
            render = requester_member(requester, "renderFunction") or self._renderLoop
            handler = request_frame(self, requester, render)
            set_requester_member(requester, "requestID", handler)
            self._frameHandler = REQUESTED if handler is None else handler
            return
        self._frameHandler = queue_frame(self)

    def _cancelFrame(self) -> None:
        handler = self._frameHandler
        self._frameHandler = None
        if handler is None:
            return
        requester = getattr(self, "customAnimationFrameRequester", None)
        if requester:
            cancel = requester_member(requester, "cancelAnimationFrame")
            if callable(cancel):
                cancel(requester_member(requester, "requestID"))
            set_requester_member(requester, "requestID", None)
            return
        cancel_frame(self, handler)

    def _renderFrame(self) -> None:
        """Call every render function (Babylon iterates the live list: a function that
        stops itself makes the next one skip this frame)."""
        loops = self._activeRenderLoops
        callers = self._renderCallers
        index = 0
        while index < len(loops):
            func = loops[index]
            caller = callers.get(id(func))
            if caller is not None:
                caller()
            else:  # a function appended to activeRenderLoops directly
                func()
            index += 1

    def _renderLoop(self, timestamp: float | None = None) -> None:
        """One frame of the render loop (Babylon's ``_renderLoop``): the frame, then the
        next one queued while render functions remain and none is queued yet."""
        self._frameHandler = None
        if not self._isDisposed:
            self.beginFrame()
            self._renderFrame()
            self.endFrame()
        if self._activeRenderLoops and self._frameHandler is None:
            self._queueNewFrameForRenderLoop()

    def runFrames(self, count: int = 1) -> int:
        """Python only: run ``count`` frames of the render loop now (what a custom frame
        requester does in a Node script); stops early when the loop is emptied or the engine
        disposed. Each replaces the queued frame; the next one is queued again after it.

        Returns
        -------
        int
            The frames run.
        """
        frames = _require_count(count)
        ran = 0
        while ran < frames and self._activeRenderLoops and not self._isDisposed:
            self._cancelFrame()  # this frame replaces the queued one, which is queued again
            self._renderLoop()
            ran += 1
        return ran

    def dispose(self) -> None:
        """Stop the render loop, dispose every scene, notify ``onDisposeObservable`` and
        leave ``Engine.Instances`` (the last engine notifies
        ``EngineStore.OnEnginesDisposedObservable``)."""
        self._isDisposed = True
        self.stopRenderLoop()
        while self.scenes:
            count = len(self.scenes)
            self.scenes[0].dispose()
            if len(self.scenes) == count:  # a scene that does not leave on dispose
                self.scenes.pop(0)
        self.onDisposeObservable.notifyObservers(self)
        self.onDisposeObservable.clear()
        for observable in (
            self.onResizeObservable,
            self.onCanvasBlurObservable,
            self.onCanvasFocusObservable,
            self.onCanvasPointerOutObservable,
            self.onNewSceneAddedObservable,
            self.onEffectErrorObservable,
        ):
            observable.clear()
        if self in EngineStore.Instances:
            EngineStore.Instances.remove(self)
        if not EngineStore.Instances:
            EngineStore.OnEnginesDisposedObservable.notifyObservers(self)
            EngineStore.OnEnginesDisposedObservable.clear()
        self.onBeginFrameObservable.clear()
        self.onEndFrameObservable.clear()


def _require_count(value: object) -> int:
    """A frame count: a non-negative whole number, or ``LITE-COMPAT-122``."""
    if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
        raise LiteError(
            "LITE-COMPAT-122",
            f"Engine.runFrames: count must be a whole number of frames, got {value!r}",
            hint="pass an int >= 0",
            input_name="count",
        )
    if value < 0 or (isinstance(value, float) and not value.is_integer()):
        raise LiteError(
            "LITE-COMPAT-122",
            f"Engine.runFrames: count must be a whole number >= 0, got {value!r}",
            hint="pass an int >= 0",
            input_name="count",
        )
    return int(value)


class NullEngine(NullEngineMembers, Engine):
    """A headless engine (Babylon.js ``NullEngine``): owns scenes and the frame-time options.

    Parameters
    ----------
    options
        ``deterministicLockstep`` (False), ``lockstepMaxSteps`` (4), ``timeStep`` (1/60 s),
        ``renderWidth``/``renderHeight`` (512/256).
    """

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        super().__init__(None, False, options)


PerformanceMonitor._now = staticmethod(lambda: float(PrecisionDate.Now))


def resolve_scene(scene: object | None) -> object | None:
    """``scene || EngineStore.LastCreatedScene`` (None when neither exists)."""
    if scene is not None:
        return scene
    last: object | None = EngineStore.LastCreatedScene()
    return last


# --------------------------------------------------------------------------------------------
# Duck-typed scene access (nodes call these on any scene-shaped object)
# --------------------------------------------------------------------------------------------


def scene_unique_id(scene: object | None) -> int:
    """``scene.getUniqueId()``, or the module's own counter."""
    fn = getattr(scene, "getUniqueId", None)
    if callable(fn):
        return int(fn())
    return next(_fallback_unique_ids)


def scene_render_id(scene: object | None) -> int:
    """``scene.getRenderId()`` (0 when the scene has no render id: nothing was rendered)."""
    fn = getattr(scene, "getRenderId", None)
    return int(fn()) if callable(fn) else 0


def scene_list(scene: object | None, name: str) -> list[object] | None:
    """``scene.<name>``, created as an empty list when the scene lacks it."""
    if scene is None:
        return None
    lst = getattr(scene, name, None)
    if lst is None:
        lst = []
        try:
            setattr(scene, name, lst)
        except AttributeError:
            return None
    return lst if isinstance(lst, list) else None


def scene_add(scene: object | None, adder: str, list_name: str, obj: object) -> None:
    """Register ``obj``: ``scene.<adder>(obj)`` when the scene has it, else append to
    ``scene.<list_name>``. Babylon's adders also make unparented nodes scene roots; callers do
    that themselves (``Node._addToSceneRootNodes`` is idempotent), so either Scene works."""
    fn = getattr(scene, adder, None)
    if callable(fn):
        fn(obj)
        return
    lst = scene_list(scene, list_name)
    if lst is not None and not any(item is obj for item in lst):
        lst.append(obj)


def scene_remove(scene: object | None, remover: str, list_name: str, obj: object) -> None:
    """Unregister ``obj`` (mirror of :func:`scene_add`)."""
    fn = getattr(scene, remover, None)
    if callable(fn):
        fn(obj)
        return
    lst = scene_list(scene, list_name)
    if lst is not None:
        for i, item in enumerate(lst):
            if item is obj:
                del lst[i]
                break


def scene_stop_animation(scene: object | None, target: object) -> None:
    """``scene.stopAnimation(target)`` when the scene animates."""
    fn = getattr(scene, "stopAnimation", None)
    if callable(fn):
        fn(target)


def scene_flag(scene: object | None, name: str) -> bool:
    """A boolean scene option such as ``useRightHandedSystem`` (False when absent)."""
    return bool(getattr(scene, name, False))
