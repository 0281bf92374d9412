"""Babylon.js ``EngineStore`` and ``NullEngine``: the engines and the last created scene.

Port of ``@babylonjs/core`` 9.31 ``Engines/engineStore.js`` and the headless options of
``Engines/nullEngine.js``. The last created scene is the scene every Babylon.js constructor
falls back to (``scene || EngineStore.LastCreatedScene``); nodes and animations reach it here
(:func:`resolve_scene`), below the scene module itself, and recognise a scene by the
:class:`SceneLike` protocol instead of importing the ``Scene`` class.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, runtime_checkable

if TYPE_CHECKING:
    from lite_compat.scene.scene import Scene

__all__ = [
    "EngineStore",
    "NullEngine",
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


class EngineStore:
    """Babylon.js ``EngineStore``: the engines and the last created scene."""

    Instances: ClassVar[list[NullEngine]] = []
    _LastCreatedScene: ClassVar[Scene | None] = None

    @classmethod
    def LastCreatedEngine(cls) -> NullEngine | None:
        """The last created engine (or None)."""
        return cls.Instances[-1] if cls.Instances else None

    @classmethod
    def LastCreatedScene(cls) -> Scene | None:
        """The last created scene (or None)."""
        return cls._LastCreatedScene


class NullEngine:
    """A headless engine (Babylon.js ``NullEngine``): owns scenes and the frame-time options.

    Parameters
    ----------
    options
        ``deterministicLockstep`` (False), ``lockstepMaxSteps`` (4), ``timeStep`` (1/60 s),
        ``renderWidth``/``renderHeight`` (512/256).
    """

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        opts = dict(options or {})
        opts.setdefault("deterministicLockstep", False)
        opts.setdefault("lockstepMaxSteps", 4)
        opts.setdefault("renderWidth", 512)
        opts.setdefault("renderHeight", 256)
        self._options = opts
        self._timeStep: float = float(opts.get("timeStep", 1 / 60))
        self._deltaTime: float = 0.0
        self.scenes: list[Scene] = []
        self.isDisposed = False
        EngineStore.Instances.append(self)

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
        """Milliseconds between the last two frames (0: this engine has no render loop)."""
        return self._deltaTime

    def getRenderWidth(self) -> int:
        """Render width in pixels."""
        return int(self._options["renderWidth"])

    def getRenderHeight(self) -> int:
        """Render height in pixels."""
        return int(self._options["renderHeight"])

    def dispose(self) -> None:
        """Dispose every scene and the engine."""
        for scene in list(self.scenes):
            scene.dispose()
        self.isDisposed = True
        if self in EngineStore.Instances:
            EngineStore.Instances.remove(self)


def resolve_scene(scene: object | None) -> object | None:
    """``scene || EngineStore.LastCreatedScene`` (None when neither exists)."""
    if scene is not None:
        return scene
    return EngineStore.LastCreatedScene()


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
