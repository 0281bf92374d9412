"""Babylon.js-shaped ``Scene`` and ``PrecisionDate``: animation stepping.

Port of the animation side of Babylon.js 9.31 ``scene.pure.js`` and of the scene extensions
in ``Animations/animatable.core.js``: ``beginAnimation``, ``beginWeightedAnimation``,
``beginDirectAnimation`` (and the hierarchy variants), ``stopAnimation``,
``stopAllAnimations``, ``getAnimatableByTarget``, ``getAllAnimatablesByTarget``,
``animatables``, ``animationGroups``, ``animationTimeScale``,
``useConstantAnimationDeltaTime``, ``render()``, ``animate()`` and ``_animate(deltaMs)``.

Time, as Babylon.js computes it:

* ``scene._animate(ms)`` advances the animation clock by exactly ``ms``;
* ``scene.render()`` (and ``scene._animate()``) advance it by 16 ms when
  ``useConstantAnimationDeltaTime`` is set, otherwise by the wall-clock time since the previous
  step times ``animationTimeScale``, read from :class:`PrecisionDate` (``Date.now()`` under
  Node). For deterministic runs set ``PrecisionDate.NowFunction`` to a clock you control (the
  Python spelling of overriding ``Date.now`` in a Node script);
* an engine created with ``deterministicLockstep`` steps in ``timeStep`` increments as
  Babylon.js does.

The scene keeps plain lists (``meshes``, ``transformNodes``, ``cameras``, ``lights``,
``materials``, ``textures``, ``skeletons``, ``animationGroups``) and ``add*``/``remove*``
methods that scene objects call from their constructors; it holds no rendering.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import attrgetter
from typing import TYPE_CHECKING, Any, ClassVar, Final

from lite.errors import AnimationStateError
from lite_compat._js import require_number
from lite_compat._lazy import clear_created
from lite_compat._refusal import INPUT, RENDERING, Refused
from lite_compat.animations import active_positions
from lite_compat.animations.animatable import PLAY_ORDER_EPOCH, Animatable
from lite_compat.animations.animation_properties_override import AnimationPropertiesOverride
from lite_compat.animations.batch_segments import step_run
from lite_compat.animations.delegation import OverlapIndex
from lite_compat.animations.late_binding import ProcessLateAnimationBindings
from lite_compat.animations.overlaps import overlap_index
from lite_compat.animations.runtime_animation import RuntimeAnimation
from lite_compat.animations.state import begin_step, end_step
from lite_compat.engines.engine_store import EngineStore, NullEngine, PrecisionDate
from lite_compat.observable import Observable
from lite_compat.scene.scene_boilerplate import SceneBoilerplate
from lite_compat.scene.scene_cameras import SceneCameraPasses
from lite_compat.scene.scene_lists import SceneLists
from lite_compat.scene.scene_lookups import SceneLookups
from lite_compat.scene.scene_simplification import SceneSimplification

if TYPE_CHECKING:
    from lite_compat.animations.animation import Animation

__all__ = ["PrecisionDate", "Scene"]


class _ListMembers:
    """Identity sets beside the scene's object lists, so ``add*`` is O(1), not a scan.

    Babylon.js keeps each object's index in its scene array for the same reason. A set is
    rebuilt from its list whenever their sizes differ (the lists are public and may be edited
    directly); a hit is confirmed by a scan, so only a miss is trusted.
    """

    __slots__ = ("_sets",)

    def __init__(self) -> None:
        self._sets: dict[int, tuple[list[Any], set[int]]] = {}

    def _members(self, items: list[Any]) -> set[int]:
        entry = self._sets.get(id(items))
        if entry is None or entry[0] is not items or len(entry[1]) != len(items):
            entry = (items, {id(existing) for existing in items})
            self._sets[id(items)] = entry
        return entry[1]

    def push_unique(self, items: list[Any], item: Any) -> None:
        members = self._members(items)
        if id(item) in members and any(existing is item for existing in items):
            return
        items.append(item)
        members.add(id(item))

    def remove(self, items: list[Any], item: Any) -> int:
        for index, existing in enumerate(items):
            if existing is item:
                del items[index]
                entry = self._sets.get(id(items))
                if entry is not None and entry[0] is items:
                    entry[1].discard(id(item))
                return index
        return -1


_PLAY_ORDER: Final = attrgetter("playOrder")
_PLAY_ORDER_PROPERTY: Final = Animatable.playOrder


def _one_run(active: list[Animatable], start: int) -> bool:
    """Whether no animatable from ``start`` (>= 1) on has a lower ``playOrder`` than the one
    before it: a stable sort would find one ascending run and move nothing."""
    if len(active) <= start:
        return True
    before = active[start - 1].playOrder
    for animatable in active[start:]:
        key = animatable.playOrder
        if key < before:
            return False
        before = key
    return True


def _timing(where: str, from_: object, to: object, speed: object) -> tuple[float, float, float]:
    """``from``, ``to`` and ``speedRatio`` as JavaScript doubles, or ``LITE-COMPAT-001``."""
    return (
        require_number(from_, "from", f"Scene.{where}", error=AnimationStateError),
        require_number(to, "to", f"Scene.{where}", error=AnimationStateError),
        require_number(speed, "speedRatio", f"Scene.{where}", error=AnimationStateError),
    )


class Scene(SceneLookups, SceneLists, SceneSimplification, SceneCameraPasses, SceneBoilerplate):
    """A scene: the animatables, the animation clock and the lists scene objects join.

    Parameters
    ----------
    engine
        The owning :class:`NullEngine`.
    options
        Accepted for signature compatibility (unused).
    """

    #: Bounds Babylon.js puts on the engine delta (ms) in ``animate``.
    MinDeltaTime: ClassVar[float] = 1.0
    MaxDeltaTime: ClassVar[float] = 1000.0

    _uniqueIdCounter: ClassVar[int] = 0

    # Refused members (reading them raises UnsupportedError; see lite_compat._refusal).
    enableDepthRenderer = Refused(RENDERING, "a GPU depth pass")
    disableDepthRenderer = Refused(RENDERING, "a GPU depth pass")
    enableGeometryBufferRenderer = Refused(RENDERING, "a GPU geometry buffer")
    disableGeometryBufferRenderer = Refused(RENDERING, "a GPU geometry buffer")
    enablePrePassRenderer = Refused(RENDERING, "a GPU pre-pass")
    disablePrePassRenderer = Refused(RENDERING, "a GPU pre-pass")
    getOutlineRenderer = Refused(RENDERING, "draws mesh outlines")
    getBoundingBoxRenderer = Refused(RENDERING, "draws bounding boxes")
    onPointerObservable = Refused(INPUT, "pointer events")
    onPrePointerObservable = Refused(INPUT, "pointer events")
    onKeyboardObservable = Refused(INPUT, "keyboard events")
    onPreKeyboardObservable = Refused(INPUT, "keyboard events")

    def __init__(self, engine: NullEngine, options: dict[str, Any] | None = None) -> None:
        self._engine = engine
        engine.scenes.append(self)
        EngineStore._LastCreatedScene = self
        self.uniqueId = Scene._uniqueIdCounter
        Scene._uniqueIdCounter += 1
        self.metadata: Any = None
        # Scene object lists (appended to by the scene objects' constructors).
        self._lists = _ListMembers()
        self.rootNodes: list[Any] = []
        self.meshes: list[Any] = []
        self.transformNodes: list[Any] = []
        self.cameras: list[Any] = []
        self.lights: list[Any] = []
        self.materials: list[Any] = []
        self.multiMaterials: list[Any] = []
        self.textures: list[Any] = []
        self.skeletons: list[Any] = []
        self.morphTargetManagers: list[Any] = []
        self.animationGroups: list[Any] = []
        self.activeCamera: Any = None
        self.activeCameras: list[Any] | None = None
        # Animation state.
        self.animationsEnabled = True
        self._animationPropertiesOverride: AnimationPropertiesOverride | None = None
        self.useConstantAnimationDeltaTime = False
        self.animationTimeScale: float = 1
        #: Milliseconds the last animation step advanced (None before the first step).
        self.deltaTime: float | None = None
        self._animationTime: float = 0
        self._animationTimeLast: float | None = None
        self._animationRatio: float = 1
        self._timeAccumulator: float = 0
        self._currentStepId = 0
        self._activeAnimatables: list[Animatable] = []
        #: What sortActiveAnimatables left: (PLAY_ORDER_EPOCH then, the list then), or None.
        self._sortedActive: tuple[int, list[Animatable]] | None = None
        #: The active tracks' paths, hashed for planning (see delegation.OverlapIndex).
        self._overlapIndex = OverlapIndex()
        self._registeredForLateAnimationBindings: list[Any] = []
        self._lateAnimationHolders: dict[int, tuple[Any, dict[str, Any]]] = {}
        self._frameId = 0
        self._renderId = 0
        self._initRenderPipeline()
        self.isDisposed = False
        self.physicsEnabled = False
        self.customRenderFunction: Callable[[bool, bool], None] | None = None
        self.afterRender: Callable[[], None] | None = None
        # Observables.
        self.onBeforeAnimationsObservable: Observable[Scene] = Observable()
        self.onAfterAnimationsObservable: Observable[Scene] = Observable()
        self.onBeforeRenderObservable: Observable[Scene] = Observable()
        self.onAfterRenderObservable: Observable[Scene] = Observable()
        self.onBeforeStepObservable: Observable[Scene] = Observable()
        self.onAfterStepObservable: Observable[Scene] = Observable()
        self.onDisposeObservable: Observable[Scene] = Observable()
        self.onNewMeshAddedObservable: Observable[Any] = Observable()
        self.onMeshRemovedObservable: Observable[Any] = Observable()
        self.onNewTransformNodeAddedObservable: Observable[Any] = Observable()
        self.onTransformNodeRemovedObservable: Observable[Any] = Observable()
        self.onNewCameraAddedObservable: Observable[Any] = Observable()
        self.onCameraRemovedObservable: Observable[Any] = Observable()
        self.onNewLightAddedObservable: Observable[Any] = Observable()
        self.onLightRemovedObservable: Observable[Any] = Observable()
        self.onNewMaterialAddedObservable: Observable[Any] = Observable()
        self.onMaterialRemovedObservable: Observable[Any] = Observable()
        engine.onNewSceneAddedObservable.notifyObservers(self)

    # -- basics --------------------------------------------------------------------------------

    def getEngine(self) -> NullEngine:
        """The owning engine."""
        return self._engine

    def getClassName(self) -> str:
        """``"Scene"``."""
        return "Scene"

    def getUniqueId(self) -> int:
        """A unique id for this scene's objects (increments on each call)."""
        Scene._uniqueIdCounter += 1
        return Scene._uniqueIdCounter

    def getStepId(self) -> int:
        """The deterministic-lockstep step id (incremented after each lockstep step, after
        ``onAfterStepObservable``; 0 at first)."""
        return self._currentStepId

    def setStepId(self, newStepId: int) -> None:
        """Set the deterministic-lockstep step id."""
        self._currentStepId = newStepId

    def registerBeforeRender(self, func: Callable[..., object]) -> None:
        """Call ``func`` before every frame render (``onBeforeRenderObservable.add``).

        As in JavaScript, ``func`` may take fewer arguments than the observable passes
        (``(scene, eventState)``): a ``def f():`` port of ``function () {...}`` works.
        """
        self.onBeforeRenderObservable.add(func)

    def unregisterBeforeRender(self, func: Callable[..., object]) -> None:
        """Remove the first registration of ``func`` (``removeCallback``)."""
        self.onBeforeRenderObservable.removeCallback(func)

    def registerAfterRender(self, func: Callable[..., object]) -> None:
        """Call ``func`` after every frame render (``onAfterRenderObservable.add``); see
        :meth:`registerBeforeRender` for the arguments."""
        self.onAfterRenderObservable.add(func)

    def unregisterAfterRender(self, func: Callable[..., object]) -> None:
        """Remove the first registration of ``func`` (``removeCallback``)."""
        self.onAfterRenderObservable.removeCallback(func)

    def getAnimationRatio(self) -> float:
        """Last animation ratio (delta ms * 60 / 1000)."""
        return self._animationRatio

    def getFrameId(self) -> int:
        """Number of rendered frames."""
        return self._frameId

    @property
    def animationPropertiesOverride(self) -> AnimationPropertiesOverride | None:
        """The ``AnimationPropertiesOverride`` every node, bone and morph target without one
        of its own inherits (``None``): it replaces the ``enableBlending``, ``blendingSpeed``
        and ``loopMode`` of the animations played on them (a morph target keeps the
        animation's ``loopMode``)."""
        return self._animationPropertiesOverride

    @animationPropertiesOverride.setter
    def animationPropertiesOverride(self, value: AnimationPropertiesOverride | None) -> None:
        self._animationPropertiesOverride = value

    @property
    def animatables(self) -> list[Animatable]:
        """The active animatables (the live list)."""
        return self._activeAnimatables

    # -- scene object lists --------------------------------------------------------------------

    def addMesh(self, newMesh: Any, recursive: bool = False) -> None:
        """Add a mesh (and, with ``recursive``, its child meshes)."""
        self._lists.push_unique(self.meshes, newMesh)
        self.onNewMeshAddedObservable.notifyObservers(newMesh)
        if recursive:
            get_children = getattr(newMesh, "getChildMeshes", None)
            for child in get_children() if callable(get_children) else []:
                self.addMesh(child)

    def removeMesh(self, toRemove: Any, recursive: bool = False) -> int:
        """Remove a mesh; returns its former index or -1."""
        index = self._lists.remove(self.meshes, toRemove)
        if index != -1:
            self.onMeshRemovedObservable.notifyObservers(toRemove)
        if recursive:
            get_children = getattr(toRemove, "getChildMeshes", None)
            for child in get_children() if callable(get_children) else []:
                self.removeMesh(child)
        return index

    def addTransformNode(self, newTransformNode: Any) -> None:
        """Add a transform node."""
        self._lists.push_unique(self.transformNodes, newTransformNode)
        self.onNewTransformNodeAddedObservable.notifyObservers(newTransformNode)

    def removeTransformNode(self, toRemove: Any) -> int:
        """Remove a transform node; returns its former index or -1."""
        index = self._lists.remove(self.transformNodes, toRemove)
        if index != -1:
            self.onTransformNodeRemovedObservable.notifyObservers(toRemove)
        return index

    def addCamera(self, newCamera: Any) -> None:
        """Add a camera."""
        self._lists.push_unique(self.cameras, newCamera)
        self.onNewCameraAddedObservable.notifyObservers(newCamera)

    def removeCamera(self, toRemove: Any) -> int:
        """Remove a camera (and unset it as the active camera)."""
        index = self._lists.remove(self.cameras, toRemove)
        if index != -1:
            self.onCameraRemovedObservable.notifyObservers(toRemove)
        if self.activeCameras is not None:
            self._lists.remove(self.activeCameras, toRemove)
        if self.activeCamera is toRemove:
            self.activeCamera = self.cameras[0] if self.cameras else None
        return index

    def addLight(self, newLight: Any) -> None:
        """Add a light."""
        self._lists.push_unique(self.lights, newLight)
        self.onNewLightAddedObservable.notifyObservers(newLight)

    def removeLight(self, toRemove: Any) -> int:
        """Remove a light; returns its former index or -1."""
        index = self._lists.remove(self.lights, toRemove)
        if index != -1:
            self.onLightRemovedObservable.notifyObservers(toRemove)
        return index

    def addMaterial(self, newMaterial: Any) -> None:
        """Add a material."""
        self._lists.push_unique(self.materials, newMaterial)
        self.onNewMaterialAddedObservable.notifyObservers(newMaterial)

    def removeMaterial(self, toRemove: Any) -> int:
        """Remove a material; returns its former index or -1."""
        index = self._lists.remove(self.materials, toRemove)
        if index != -1:
            self.onMaterialRemovedObservable.notifyObservers(toRemove)
        return index

    def addAnimationGroup(self, newAnimationGroup: Any) -> None:
        """Add an animation group to ``animationGroups``."""
        self._lists.push_unique(self.animationGroups, newAnimationGroup)

    def removeAnimationGroup(self, toRemove: Any) -> int:
        """Remove an animation group; returns its former index or -1."""
        return self._lists.remove(self.animationGroups, toRemove)

    @staticmethod
    def _by_name(items: Sequence[Any], name: str) -> Any:
        for item in items:
            if getattr(item, "name", None) == name:
                return item
        return None

    def getMeshByName(self, name: str) -> Any:
        """The first mesh named ``name`` (or None)."""
        return self._by_name(self.meshes, name)

    def getTransformNodeByName(self, name: str) -> Any:
        """The first transform node named ``name`` (or None)."""
        return self._by_name(self.transformNodes, name)

    def getCameraByName(self, name: str) -> Any:
        """The first camera named ``name`` (or None)."""
        return self._by_name(self.cameras, name)

    def getLightByName(self, name: str) -> Any:
        """The first light named ``name`` (or None)."""
        return self._by_name(self.lights, name)

    def getAnimationGroupByName(self, name: str) -> Any:
        """The first animation group named ``name`` (or None)."""
        return self._by_name(self.animationGroups, name)

    # -- starting and stopping animations ------------------------------------------------------

    def beginAnimation(
        self,
        target: Any,
        from_: float,
        to: float,
        loop: bool | None = None,
        speedRatio: float = 1.0,
        onAnimationEnd: Callable[[], object] | None = None,
        animatable: Animatable | None = None,
        stopCurrent: bool = True,
        targetMask: Callable[[Any], bool] | None = None,
        onAnimationLoop: Callable[[], object] | None = None,
        isAdditive: bool = False,
    ) -> Animatable:
        """Play ``target.animations`` (and those of ``target.getAnimatables()``) from ``from_``
        to ``to``.

        A negative ``speedRatio`` swaps ``from_`` and ``to``; ``from_ > to`` plays backwards.
        Stops the target's current animatables first unless ``stopCurrent`` is False.
        """
        from_, to, speedRatio = _timing("beginAnimation", from_, to, speedRatio)
        if speedRatio < 0:
            from_, to = to, from_
            speedRatio = -speedRatio
        if from_ > to:
            speedRatio = -speedRatio
        if stopCurrent:
            self.stopAnimation(target, None, targetMask)
        if animatable is None:
            animatable = Animatable(
                self,
                target,
                from_,
                to,
                loop,
                speedRatio,
                onAnimationEnd,
                None,
                onAnimationLoop,
                isAdditive,
            )
        should_run = targetMask(target) if targetMask is not None else True
        animations = getattr(target, "animations", None)
        if animations and should_run:
            animatable.appendAnimations(target, animations)
        get_animatables = getattr(target, "getAnimatables", None)
        if callable(get_animatables):
            for child in get_animatables():
                self.beginAnimation(
                    child,
                    from_,
                    to,
                    loop,
                    speedRatio,
                    onAnimationEnd,
                    animatable,
                    stopCurrent,
                    targetMask,
                    onAnimationLoop,
                )
        animatable.reset()
        return animatable

    def beginWeightedAnimation(
        self,
        target: Any,
        from_: float,
        to: float,
        weight: float = 1.0,
        loop: bool | None = None,
        speedRatio: float = 1.0,
        onAnimationEnd: Callable[[], object] | None = None,
        animatable: Animatable | None = None,
        targetMask: Callable[[Any], bool] | None = None,
        onAnimationLoop: Callable[[], object] | None = None,
        isAdditive: bool = False,
    ) -> Animatable:
        """``beginAnimation`` without stopping current animations, then set ``weight``."""
        result = self.beginAnimation(
            target,
            from_,
            to,
            loop,
            speedRatio,
            onAnimationEnd,
            animatable,
            False,
            targetMask,
            onAnimationLoop,
            isAdditive,
        )
        result.weight = weight
        return result

    def beginHierarchyAnimation(
        self,
        target: Any,
        directDescendantsOnly: bool,
        from_: float,
        to: float,
        loop: bool | None = None,
        speedRatio: float = 1.0,
        onAnimationEnd: Callable[[], object] | None = None,
        animatable: Animatable | None = None,
        stopCurrent: bool = True,
        targetMask: Callable[[Any], bool] | None = None,
        onAnimationLoop: Callable[[], object] | None = None,
        isAdditive: bool = False,
    ) -> list[Animatable]:
        """``beginAnimation`` on ``target`` and each of ``target.getDescendants(...)``."""
        children = target.getDescendants(directDescendantsOnly)
        result = [
            self.beginAnimation(
                target,
                from_,
                to,
                loop,
                speedRatio,
                onAnimationEnd,
                animatable,
                stopCurrent,
                targetMask,
                None,
                isAdditive,
            )
        ]
        for child in children:
            result.append(
                self.beginAnimation(
                    child,
                    from_,
                    to,
                    loop,
                    speedRatio,
                    onAnimationEnd,
                    animatable,
                    stopCurrent,
                    targetMask,
                    None,
                    isAdditive,
                )
            )
        return result

    def beginDirectAnimation(
        self,
        target: Any,
        animations: Sequence[Animation],
        from_: float,
        to: float,
        loop: bool | None = None,
        speedRatio: float = 1.0,
        onAnimationEnd: Callable[[], object] | None = None,
        onAnimationLoop: Callable[[], object] | None = None,
        isAdditive: bool = False,
    ) -> Animatable:
        """Play ``animations`` on ``target`` (they need not be in ``target.animations``)."""
        from_, to, speedRatio = _timing("beginDirectAnimation", from_, to, speedRatio)
        if speedRatio < 0:
            from_, to = to, from_
            speedRatio = -speedRatio
        if from_ > to:
            speedRatio = -speedRatio
        return Animatable(
            self,
            target,
            from_,
            to,
            loop,
            speedRatio,
            onAnimationEnd,
            animations,
            onAnimationLoop,
            isAdditive,
        )

    def beginDirectHierarchyAnimation(
        self,
        target: Any,
        directDescendantsOnly: bool,
        animations: Sequence[Animation],
        from_: float,
        to: float,
        loop: bool | None = None,
        speedRatio: float = 1.0,
        onAnimationEnd: Callable[[], object] | None = None,
        onAnimationLoop: Callable[[], object] | None = None,
        isAdditive: bool = False,
    ) -> list[Animatable]:
        """``beginDirectAnimation`` on ``target`` and each of its descendants."""
        children = target.getDescendants(directDescendantsOnly)
        result = [
            self.beginDirectAnimation(
                target,
                animations,
                from_,
                to,
                loop,
                speedRatio,
                onAnimationEnd,
                onAnimationLoop,
                isAdditive,
            )
        ]
        for child in children:
            result.append(
                self.beginDirectAnimation(
                    child,
                    animations,
                    from_,
                    to,
                    loop,
                    speedRatio,
                    onAnimationEnd,
                    onAnimationLoop,
                    isAdditive,
                )
            )
        return result

    def getAnimatableByTarget(self, target: Any) -> Animatable | None:
        """The first active animatable of ``target`` (or None)."""
        known = self._overlapIndex.animatables_of(target, self._activeAnimatables)
        if known is not None:
            return known[0] if known else None
        for animatable in self._activeAnimatables:
            if animatable.target is target:
                return animatable
        return None

    def getAllAnimatablesByTarget(self, target: Any) -> list[Animatable]:
        """Every active animatable of ``target``."""
        known = self._overlapIndex.animatables_of(target, self._activeAnimatables)
        if known is not None:
            return known
        return [a for a in self._activeAnimatables if a.target is target]

    def stopAnimation(
        self,
        target: Any,
        animationName: str | None = None,
        targetMask: Callable[[Any], bool] | None = None,
    ) -> None:
        """Stop the animatables of ``target`` (optionally only some runtime animations)."""
        for animatable in self.getAllAnimatablesByTarget(target):
            animatable.stop(animationName, targetMask)

    def stopAllAnimations(self) -> None:
        """Stop every animatable (their end callbacks run) and every animation group.

        As in Babylon.js the active list is walked live, by index, each animatable stopped as
        ``stop(None, None, True)`` (it stays listed; the list is emptied once at the end): an
        animatable a callback starts is stopped too, and one a callback removes shifts the
        later ones back a place (the one moved onto the visited index is skipped). The
        animatable at the index is known to be listed, so its stop skips the list search
        (the teardown is linear, not quadratic).
        """
        active = self._activeAnimatables
        index = 0
        while index < len(active):
            animatable = active[index]
            if getattr(animatable, "_scene", None) is self:
                animatable._stopListed(overlap_index(self))
            else:
                animatable.stop(None, None, True)
            index += 1
        active.clear()
        active_positions.cleared(self)
        self._sortedActive = None
        self._overlapIndex.clear()
        for group in self.animationGroups:
            group.stop()

    def sortActiveAnimatables(self) -> None:
        """Order the active animatables by ``playOrder`` (stable).

        The sort is skipped where it would move nothing: the list still starts with what
        the last call left (the same objects, compared by identity, and no ``playOrder``
        assigned on them since: :data:`~lite_compat.animations.animatable.PLAY_ORDER_EPOCH`)
        and no animatable after that has a lower ``playOrder`` than the one before it (the
        sort would find one ascending run). Clones started one after another are checked
        for what each start added, not sorted whole every time.
        """
        active = self._activeAnimatables
        memo = self._sortedActive
        self._sortedActive = None
        start = 0
        if memo is not None and memo[0] == PLAY_ORDER_EPOCH[0]:
            held = memo[1]
            count = len(held)
            if 0 < count <= len(active):
                held.extend(active[count:])
                # Identity first (pointers only): the old items are where they were.
                if held == active:
                    start = count
        if start == 0 or not _one_run(active, start):
            active.sort(key=_PLAY_ORDER)
            if not _one_run(active, 1):
                return  # keys that are not ordered (NaN): no memo
            start = 0
            held = list(active)
        for animatable in active[start:] if start else active:
            if getattr(type(animatable), "playOrder", None) is not _PLAY_ORDER_PROPERTY:
                return  # its playOrder may change unseen: sort whole next time
            animatable._playOrderSeen = True
        self._sortedActive = (PLAY_ORDER_EPOCH[0], held)

    def resetLastAnimationTimeFrame(self) -> None:
        """Restart the wall-clock delta measurement from now."""
        self._animationTimeLast = PrecisionDate.Now

    # -- stepping ------------------------------------------------------------------------------

    def _animate(self, customDeltaTime: float | None = None) -> None:
        """Advance every active animatable by ``customDeltaTime`` ms (see the module doc)."""
        if RuntimeAnimation._recording:  # root motion's write journal (runtime_animation.py)
            RuntimeAnimation._beginStep(self)
        if not self.animationsEnabled:
            return
        now = PrecisionDate.Now
        if not self._animationTimeLast:
            self._animationTimeLast = now
        if customDeltaTime is not None:
            # NaN and Infinity are carried as in Babylon.js (NaN frames are written).
            self.deltaTime = require_number(
                customDeltaTime, "customDeltaTime", "Scene._animate", error=AnimationStateError
            )
        elif self.useConstantAnimationDeltaTime:
            self.deltaTime = 16.0
        else:
            self.deltaTime = (now - self._animationTimeLast) * self.animationTimeScale
        self._animationTimeLast = now
        animatables = self._activeAnimatables
        if not animatables:
            return
        self._animationTime += self.deltaTime
        animation_time = self._animationTime
        # Key state is compared with what native tracks compiled once per step per animation
        # (lite_compat/animations/state.py).
        begin_step()
        try:
            index = 0
            # Babylon.js iterates the live list: an animatable that ends removes itself (index
            # steps back), and one started by a callback is visited in this same step.
            while index < len(animatables):
                animatable = animatables[index]
                if animatable._batchRow is not None:
                    # A run of rows of the batched evaluation (lite_compat/animations/batch.py).
                    after = step_run(animatables, index, animation_time)
                    if after != index:
                        index = after
                        continue
                if not animatable._animate(animation_time) and animatable.disposeOnEnd:
                    index -= 1
                index += 1
        finally:
            end_step()
        ProcessLateAnimationBindings(self)
        if RuntimeAnimation._recording:
            RuntimeAnimation._endStep(self)

    def animate(self) -> None:
        """Run one frame of animations (what ``render`` does first)."""
        engine = self._engine
        if engine.isDeterministicLockStep():
            delta = (
                max(Scene.MinDeltaTime, min(engine.getDeltaTime(), Scene.MaxDeltaTime))
                + self._timeAccumulator
            )
            frame_time = engine.getTimeStep()
            default_fps = 1000.0 / frame_time / 1000.0
            steps_taken = 0
            internal_steps = min(int(delta // frame_time), engine.getLockstepMaxSteps())
            while delta > 0 and steps_taken < internal_steps:
                self.onBeforeStepObservable.notifyObservers(self)
                self._animationRatio = frame_time * default_fps
                self._animate(frame_time)
                self.onAfterAnimationsObservable.notifyObservers(self)
                self.onAfterStepObservable.notifyObservers(self)
                self._currentStepId += 1
                steps_taken += 1
                delta -= frame_time
            self._timeAccumulator = 0 if delta < 0 else delta
        else:
            delta = (
                16
                if self.useConstantAnimationDeltaTime
                else max(Scene.MinDeltaTime, min(engine.getDeltaTime(), Scene.MaxDeltaTime))
            )
            self._animationRatio = delta * (60.0 / 1000.0)
            self._animate()
            self.onAfterAnimationsObservable.notifyObservers(self)

    def render(self, updateCameras: bool = True, ignoreAnimations: bool = False) -> None:
        """Run one frame: animations, camera updates and the render observables.

        Raises
        ------
        RuntimeError
            ``No camera defined`` when there is no active camera (after the animations and
            ``onBeforeRenderObservable`` ran, as in Babylon.js).
        """
        if self.isDisposed:
            return
        self._frameId += 1
        self._activeBonesCount = 0  # Babylon's _activeBones.fetchNewFrame()
        self.onBeforeAnimationsObservable.notifyObservers(self)
        if not ignoreAnimations:
            self.animate()
        if updateCameras:
            cameras = (
                self.activeCameras
                if self.activeCameras
                else ([self.activeCamera] if self.activeCamera is not None else [])
            )
            for camera in cameras:
                update = getattr(camera, "update", None)
                if callable(update):
                    update()
        if self.customRenderFunction is not None:
            self._renderId += 1
            self.customRenderFunction(updateCameras, ignoreAnimations)
        else:
            self.onBeforeRenderObservable.notifyObservers(self)
            self._renderCameraPasses()
        if self.afterRender is not None:
            self.afterRender()
        self.onAfterRenderObservable.notifyObservers(self)

    def _disposeSceneLists(self) -> None:
        """Dispose what the scene owns, in Babylon.js 9.31's ``Scene.dispose`` order (after the
        animation groups): lights, the default material, multi-materials, materials, meshes and
        transform nodes (``dispose(true)``: children are in the lists themselves), cameras,
        particle systems, post-processes, textures, frame graphs. Each node's own ``dispose``
        stops its animations, so an animation an ``onDisposeObservable`` observer starts on one
        of them ends (callbacks fired) as Babylon's does."""
        self._disposeList(self.lights)
        if self._defaultMaterial is not None:
            self._defaultMaterial.dispose()
            self._defaultMaterial = None
        self._disposeList(self.multiMaterials)
        self._disposeList(self.materials)
        self._disposeList(self.meshes, True)
        self._disposeList(self.transformNodes, True)
        self._disposeList(self.cameras)
        self._disposeList(self.particleSystems)
        self._disposeList(self.postProcesses)
        self._disposeList(self.textures)
        self._disposeList(self.frameGraphs)

    @staticmethod
    def _disposeList(items: list[Any], *args: object) -> None:
        """Dispose a copy of ``items`` one by one (``dispose(*args)``), then empty the list."""
        for item in list(items):
            dispose = getattr(item, "dispose", None)
            if callable(dispose):
                dispose(*args)
        items.clear()

    def dispose(self) -> None:
        """Stop animations, dispose the animation groups and the scene's lights, materials, meshes,
        transform nodes, cameras and textures, clear observables."""
        if self.isDisposed:
            return
        # Babylon.js 9.31 drops the skeletons and morph target managers from its lists (it
        # disposes neither), then silences every active animatable's end callbacks, so that
        # no callback can start new animations while the scene stops them.
        self.skeletons.clear()
        self.morphTargetManagers.clear()
        for animatable in self._activeAnimatables:
            clear_created(animatable, ("onAnimationEndObservable",))
            animatable.onAnimationEnd = None
        self.stopAllAnimations()
        self._sortedActive = None
        # Babylon.js releases the active camera(s) before onDisposeObservable (so disposing
        # the cameras later changes no active camera).
        self.activeCamera = None
        self.activeCameras = None
        self.onDisposeObservable.notifyObservers(self)
        # Babylon.js disposes the animation groups after onDisposeObservable.
        for group in list(self.animationGroups):
            group.dispose()
        self.animationGroups.clear()
        self._disposeSceneLists()
        self._disposeRenderPipeline()
        self.isDisposed = True
        if self in self._engine.scenes:
            self._engine.scenes.remove(self)
        if EngineStore._LastCreatedScene is self:
            others = [s for e in EngineStore.Instances for s in e.scenes]
            EngineStore._LastCreatedScene = others[-1] if others else None
        for observable in (
            self.onBeforeAnimationsObservable,
            self.onAfterAnimationsObservable,
            self.onBeforeRenderObservable,
            self.onAfterRenderObservable,
            self.onBeforeStepObservable,
            self.onAfterStepObservable,
            self.onDisposeObservable,
        ):
            observable.clear()
