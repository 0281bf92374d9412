"""Babylon.js-shaped ``AnimationGroup``, ``TargetedAnimation`` and ``AnimationGroupMask``.

Port of Babylon.js 9.31 ``Animations/animationGroup.pure.js`` and ``animationGroupMask.js``.
A group plays animations on several targets as one unit: ``start`` begins one
:class:`~lite_compat.animations.animatable.Animatable` per targeted animation through
``scene.beginDirectAnimation`` (so the scene steps them, in ``playOrder``), and the group
coordinates them: ``play``/``pause``/``restart``/``stop``/``reset``/``goToFrame``, the shared
``from``/``to`` range (``normalize``), ``speedRatio``, ``loopAnimation``, ``weight``,
``isAdditive``, blending, masks, the per-animation and group-wide end/loop observables, and
Babylon's virtual timeline (``startWithVirtualTimeline``). The statics
(``MergeAnimationGroups``, ``MakeAnimationAdditive``, ``ClipKeys``/``ClipFrames`` and their
in-place forms, ``Parse``) are module functions attached to the class, as Babylon.js
registers them.

Delegation: every animatable a group starts is partitioned by
:mod:`lite_compat.animations.delegation` like any other (a group adds no evaluator of its own).
Unweighted, non-additive tracks with native-safe keys are sampled and written by Lite; a
group ``weight`` other than -1 makes its tracks ``weighted`` (Babylon.js blends them toward
the rest pose captured at start and normalises totals above 1, which Lite's opt-in weighted
mixer does not: it sums ``weight * sample`` with no rest pose), and ``isAdditive`` makes them
``additive``. The tracks of a starting group are planned together, in one overlap pass
(:func:`lite_compat.animations.delegation.plan_animatables`). :meth:`AnimationGroup.getTrackOwners`
reports the owner of each targeted animation.

``from`` is a Python keyword: the group's range start is ``from_`` (``getattr(group, "from")``
and ``setattr(group, "from", v)`` work too), and ``start(loop, speedRatio, from_, to)`` keeps
Babylon's argument positions.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable, Mapping, Sequence
from enum import IntEnum
from typing import TYPE_CHECKING, Any, ClassVar, Final

from lite.errors import AnimationStateError, KeyframeError
from lite_compat._js import is_number, js_callable, js_concat, js_div, js_number
from lite_compat.animations import delegation
from lite_compat.animations.animation import Animation, key_get
from lite_compat.animations.parse_checks import PARSED_GROUP_SETTINGS, check_parsed_group
from lite_compat.animations.property_paths import clone
from lite_compat.engines.engine_store import EngineStore
from lite_compat.observable import Observable

if TYPE_CHECKING:
    from lite_compat.animations.animatable import Animatable
    from lite_compat.observable import EventState, Observer
    from lite_compat.scene.scene import Scene

__all__ = [
    "AnimationGroup",
    "AnimationGroupMask",
    "AnimationGroupMaskMode",
    "GroupTrackOwner",
    "TargetedAnimation",
]

#: JavaScript's ``Number.MAX_VALUE`` (the initial ``from``; ``to`` starts at its negation).
_MAX_VALUE: Final = sys.float_info.max

#: ``(targetName, targetProperty, "native" | "fallback" | "idle", reason or None)``.
GroupTrackOwner = tuple[str | None, str, str, str | None]

#: ``getTrackOwners`` reason of an idle track: the group is not started.
IDLE_NOT_STARTED: Final = "not-started"
#: ``getTrackOwners`` reason of an idle track of a started group: its animatable ended or was
#: stopped (or the animation was added after ``start``).
IDLE_ENDED: Final = "ended"


def _check_number(value: object, name: str, code: str, *, finite: bool) -> float:
    messages = {
        "LITE-STATE-003": "must be a number (-1 for none; others are clamped to [0, 1])",
        "LITE-STATE-006": "must be a finite number",
        "LITE-STATE-007": "must be a finite number" if finite else "must be a number (not NaN)",
        "LITE-STATE-045": "must be a finite number",
    }
    hints = {
        "LITE-STATE-003": "a number in [0, 1], or -1 for no weight",
        "LITE-STATE-006": "a finite int or float (negative plays backwards)",
        "LITE-STATE-007": "a finite int or float" if finite else "an int or float, not NaN",
        "LITE-STATE-045": "a finite int or float",
    }
    # NumPy scalars count as numbers; an int past the double range is +-Infinity, as in JS.
    number = js_number(value)
    ok = number is not None and not math.isnan(number)
    if ok and finite:
        ok = math.isfinite(number)  # type: ignore[arg-type]
    if not ok:
        raise AnimationStateError(
            code,
            f"AnimationGroup: {name} {messages[code]}, got {value!r}",
            hint=f"pass {name} as {hints[code]}",
            input_name=name,
        )
    return number  # type: ignore[return-value]


def _index_of(items: Sequence[object], item: object) -> int:
    for index, existing in enumerate(items):
        if existing is item:
            return index
    return -1


def _target_name(target: Any) -> Any:
    return getattr(target, "name", None) if not isinstance(target, Mapping) else target.get("name")


# ---------------------------------------------------------------------------------------------
# Masks
# ---------------------------------------------------------------------------------------------


class AnimationGroupMaskMode(IntEnum):
    """How an :class:`AnimationGroupMask` treats its names (Babylon.js values)."""

    #: Only the listed targets are animated.
    Include = 0
    #: Every target except the listed ones is animated.
    Exclude = 1


def _check_names(value: object, name: str) -> list[str] | str:
    if isinstance(value, str):
        return value
    if isinstance(value, list | tuple) and all(isinstance(v, str) for v in value):
        return list(value)
    raise AnimationStateError(
        "LITE-STATE-013",
        f"AnimationGroupMask: {name} must be a target name or a list of names, got {value!r}",
        hint="pass the names of the targets (node.name), e.g. ['hips', 'spine']",
        input_name=name,
    )


class AnimationGroupMask:
    """Which targets of an :class:`AnimationGroup` are animated (Babylon.js's mask).

    Parameters
    ----------
    names
        Target names (``target.name``) to include or exclude.
    mode
        :attr:`AnimationGroupMaskMode.Include` (0, default) or ``Exclude`` (1).

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-013`` when ``names`` is not a name or list of names (``input_name``
        ``"names"``) or ``mode`` is not 0 or 1 (``"mode"``).
    """

    def __init__(
        self,
        names: Sequence[str] | str | None = None,
        mode: AnimationGroupMaskMode | int = AnimationGroupMaskMode.Include,
    ) -> None:
        if isinstance(mode, bool) or mode not in (0, 1):
            raise AnimationStateError(
                "LITE-STATE-013",
                f"AnimationGroupMask: mode must be AnimationGroupMaskMode.Include (0) or "
                f"Exclude (1), got {mode!r}",
                input_name="mode",
            )
        #: Include (0) or Exclude (1).
        self.mode = mode
        #: When True the mask is ignored (every target is animated).
        self.disabled = False
        self._targetNames: dict[str, None] = {}
        if names:
            self.addTargetName(_check_names(names, "names"))

    def addTargetName(self, name: str | Sequence[str]) -> None:
        """Add one name or a list of names."""
        checked = _check_names(name, "name")
        for n in [checked] if isinstance(checked, str) else checked:
            self._targetNames[n] = None

    def removeTargetName(self, name: str | Sequence[str]) -> None:
        """Remove one name or a list of names."""
        checked = _check_names(name, "name")
        for n in [checked] if isinstance(checked, str) else checked:
            self._targetNames.pop(n, None)

    def hasTarget(self, name: str) -> bool:
        """True when ``name`` is in the mask's list."""
        return name in self._targetNames

    def retainsTarget(self, name: str | None) -> bool:
        """True when the target named ``name`` is animated under this mask's mode."""
        listed = name in self._targetNames if isinstance(name, str) else False
        return listed == (self.mode == AnimationGroupMaskMode.Include)


# ---------------------------------------------------------------------------------------------
# Targeted animations
# ---------------------------------------------------------------------------------------------


class TargetedAnimation:
    """An animation and the target it plays on, inside a group (Babylon.js class)."""

    def __init__(self, parent: AnimationGroup) -> None:
        #: The group holding this targeted animation.
        self.parent = parent
        #: The animation.
        self.animation: Animation = None  # type: ignore[assignment]
        #: The object the animation's property path starts from.
        self.target: Any = None
        #: Unique id (Babylon.js's ``UniqueIdGenerator``).
        self.uniqueId = parent._scene.getUniqueId()

    def getClassName(self) -> str:
        """``"TargetedAnimation"``."""
        return "TargetedAnimation"

    def serialize(self) -> dict[str, Any]:
        """``{"animation": ..., "targetId": target.id, "targetUniqueId": target.uniqueId}``."""
        out: dict[str, Any] = {"animation": self.animation.serialize()}
        for key, attr in (("targetId", "id"), ("targetUniqueId", "uniqueId")):
            if hasattr(self.target, attr):
                out[key] = getattr(self.target, attr)
        return out


# ---------------------------------------------------------------------------------------------
# The group
# ---------------------------------------------------------------------------------------------


class GroupLoop:
    """The loop callback a group gives each of its animatables: count the loop, and when every
    animatable has looped, notify ``onAnimationGroupLoopObservable``.

    A class (not a closure) so that the batched rows can tell it apart: while neither of the
    group's loop observables has an observer it only counts (:meth:`quiet`), and a batched
    row that loops calls it in the list's order instead of leaving the batch.
    """

    __slots__ = ("group", "index", "targeted")

    def __init__(self, group: AnimationGroup, targeted: TargetedAnimation, index: int) -> None:
        self.group = group
        self.targeted = targeted
        self.index = index

    def __call__(self) -> None:
        group = self.group
        group.onAnimationLoopObservable.notifyObservers(self.targeted)
        if group._animationLoopFlags.get(self.index):
            return
        group._animationLoopFlags[self.index] = True
        group._animationLoopCount += 1
        if group._animationLoopCount == group._numActiveAnimatables:
            group.onAnimationGroupLoopObservable.notifyObservers(group)
            group._animationLoopCount = 0
            group._animationLoopFlags.clear()

    def quiet(self) -> bool:
        """Whether a call only counts (no observer on either of the group's loop observables)."""
        group = self.group
        return not (
            group.onAnimationLoopObservable.hasObservers()
            or group.onAnimationGroupLoopObservable.hasObservers()
        )


class AnimationGroup:
    """Animations on several targets played as one (Babylon.js ``AnimationGroup``).

    Parameters
    ----------
    name
        Name of the group.
    scene
        Owning scene (default: the last created one). The group joins
        ``scene.animationGroups``.
    weight
        Weight given to the animatables the group starts (-1: unweighted).
    playOrder
        Order of the group's animatables among the scene's active animatables.

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-014`` (``input_name`` ``"scene"``) when there is no scene.

    Examples
    --------
    >>> from types import SimpleNamespace
    >>> from lite_compat.scene import NullEngine, Scene
    >>> scene = Scene(NullEngine())
    >>> box = SimpleNamespace(name="box", x=0.0)
    >>> slide = Animation("slide", "x", 30, Animation.ANIMATIONTYPE_FLOAT)
    >>> slide.setKeys([{"frame": 0, "value": 0.0}, {"frame": 30, "value": 3.0}])
    >>> group = AnimationGroup("g", scene)
    >>> _ = group.addTargetedAnimation(slide, box)
    >>> _ = group.play(True)
    >>> for _ in range(11):
    ...     scene._animate(50)
    >>> round(box.x, 6), group.getTrackOwners()
    (1.5, [('box', 'x', 'native', None)])
    """

    # Statics, assigned after the module functions below (Babylon's RegisterAnimationGroup).
    MergeAnimationGroups: ClassVar[Callable[..., AnimationGroup | None]]
    Parse: ClassVar[Callable[..., AnimationGroup]]
    MakeAnimationAdditive: ClassVar[Callable[..., AnimationGroup]]
    ClipKeys: ClassVar[Callable[..., AnimationGroup]]
    ClipKeysInPlace: ClassVar[Callable[..., AnimationGroup]]
    ClipFrames: ClassVar[Callable[..., AnimationGroup]]
    ClipFramesInPlace: ClassVar[Callable[..., AnimationGroup]]
    ClipInPlace: ClassVar[Callable[..., AnimationGroup]]

    def __init__(
        self,
        name: str,
        scene: Scene | None = None,
        weight: float = -1,
        playOrder: float = 0,
    ) -> None:
        resolved = scene or EngineStore.LastCreatedScene()
        if resolved is None:
            raise AnimationStateError(
                "LITE-STATE-014",
                f"AnimationGroup {name!r}: no scene (pass one or create a Scene first)",
                input_name="scene",
            )
        #: Name of the group.
        self.name = name
        self._targetedAnimations: list[TargetedAnimation] = []
        self._animatables: list[Animatable] = []
        self._from: float = _MAX_VALUE
        self._to: float = -_MAX_VALUE
        self._isStarted: bool | None = None
        self._isPaused: bool | None = None
        self._speedRatio: float = 1
        self._loopAnimation: bool | None = False
        self._virtualFrame: float = 0
        self._virtualFrameStart: float = 0
        self._virtualFrameStartTime: float = 0
        self._virtualFrameRate: float = 60
        self._virtualFrameDirection = 1
        self._virtualFrameInitial: float = 0
        self._virtualFrameEnd: float = 0
        self._virtualSamplingObserver: Observer[Scene] | None = None
        self._usesVirtualSampling = False
        self._retainedCurrentFrame: float = 0
        self._isStopping = False
        self._isAdditive = False
        self._weight: float = _check_number(weight, "weight", "LITE-STATE-003", finite=False)
        self._playOrder: float = _check_number(
            playOrder, "playOrder", "LITE-STATE-045", finite=True
        )
        self._enableBlending: bool | None = None
        self._blendingSpeed: float | None = None
        self._numActiveAnimatables = 0
        self._shouldStart = True
        self._animationLoopCount = 0
        self._animationLoopFlags: dict[int, bool] = {}
        self._parentContainer: Any = None
        self._mask: AnimationGroupMask | None = None
        #: Notified with the :class:`TargetedAnimation` when one animation ends.
        self.onAnimationEndObservable: Observable[TargetedAnimation] = Observable()
        #: Notified with the :class:`TargetedAnimation` when one animation loops.
        self.onAnimationLoopObservable: Observable[TargetedAnimation] = Observable()
        #: Notified with the group once every active animation looped.
        self.onAnimationGroupLoopObservable: Observable[AnimationGroup] = Observable()
        #: Notified with the group when all its animations ended.
        self.onAnimationGroupEndObservable: Observable[AnimationGroup] = Observable()
        #: Notified with the group when it is paused.
        self.onAnimationGroupPauseObservable: Observable[AnimationGroup] = Observable()
        #: Notified with the group when it starts or resumes playing.
        self.onAnimationGroupPlayObservable: Observable[AnimationGroup] = Observable()
        #: User data.
        self.metadata: Any = None
        self._scene: Scene = resolved
        self.uniqueId = resolved.getUniqueId()
        resolved.addAnimationGroup(self)

    # -- mask ----------------------------------------------------------------------------------

    @property
    def mask(self) -> AnimationGroupMask | None:
        """The mask filtering which targets are animated (None: all)."""
        return self._mask

    @mask.setter
    def mask(self, value: AnimationGroupMask | None) -> None:
        if value is not None and not isinstance(value, AnimationGroupMask):
            raise AnimationStateError(
                "LITE-STATE-014",
                f"AnimationGroup.mask must be an AnimationGroupMask or None, got {value!r}",
                input_name="mask",
            )
        if self._mask is value:
            return
        self._mask = value
        self.syncWithMask(True)

    def syncWithMask(self, forceUpdate: bool = False) -> None:
        """Pause the animatables of masked-out targets and resume the others."""
        if self._mask is None and not forceUpdate:
            self._numActiveAnimatables = len(self._targetedAnimations)
            return
        self._numActiveAnimatables = 0
        for animatable in self._animatables:
            if self._isTargetRetainedByMask(animatable.target):
                self._numActiveAnimatables += 1
                if animatable.paused:
                    animatable.restart()
            elif not animatable.paused:
                animatable.pause()

    def removeUnmaskedAnimations(self) -> None:
        """Drop the animations (and animatables) of the targets the mask does not retain."""
        mask = self._mask
        if mask is None or mask.disabled:
            return
        index = 0
        while index < len(self._animatables):
            animatable = self._animatables[index]
            if not mask.retainsTarget(_target_name(animatable.target)):
                animatable.stop()
                # As in Babylon.js: stop() already took it out of the list (its end callback),
                # so this removes the entry that moved into its place (splice past the end
                # removes nothing).
                del self._animatables[index : index + 1]
                index -= 1
            index += 1
        index = 0
        while index < len(self._targetedAnimations):
            if not mask.retainsTarget(_target_name(self._targetedAnimations[index].target)):
                del self._targetedAnimations[index]
                continue
            index += 1

    # -- range and playback settings -----------------------------------------------------------

    @property
    def from_(self) -> float:
        """First frame (Babylon.js ``from``; also ``getattr(group, "from")``)."""
        return self._from

    @from_.setter
    def from_(self, value: float) -> None:
        value = _check_number(value, "from", "LITE-STATE-007", finite=False)
        if self._from == value:
            return
        self._from = value
        for animatable in self._animatables:
            animatable.fromFrame = value

    @property
    def to(self) -> float:
        """Last frame."""
        return self._to

    @to.setter
    def to(self, value: float) -> None:
        value = _check_number(value, "to", "LITE-STATE-007", finite=False)
        if self._to == value:
            return
        self._to = value
        for animatable in self._animatables:
            animatable.toFrame = value

    @property
    def isStarted(self) -> bool | None:
        """True from ``start`` to the end or ``stop``; None (``undefined``) before any start."""
        return self._isStarted

    @property
    def isPlaying(self) -> bool | None:
        """True when started and not paused; None (``undefined``) before any start."""
        return self._isStarted and not self._isPaused

    @property
    def speedRatio(self) -> float:
        """Speed multiplier of every animation (negative plays backwards)."""
        return self._speedRatio

    @speedRatio.setter
    def speedRatio(self, value: float) -> None:
        value = _check_number(value, "speedRatio", "LITE-STATE-006", finite=True)
        if self._speedRatio == value:
            return
        if self._animatables:
            self._retainedCurrentFrame = self._animatables[0].masterFrame
        self._updateVirtualFrame()
        self._speedRatio = value
        self._virtualFrameStart = self._virtualFrame
        self._virtualFrameStartTime = self._scene._animationTime
        for animatable in self._animatables:
            animatable.speedRatio = value

    @property
    def loopAnimation(self) -> bool:
        """Whether the animations loop."""
        return bool(self._loopAnimation)

    @loopAnimation.setter
    def loopAnimation(self, value: bool) -> None:
        if self._loopAnimation == value:
            return
        self._loopAnimation = value
        for animatable in self._animatables:
            animatable.loopAnimation = value

    @property
    def isAdditive(self) -> bool:
        """Whether the animations are evaluated additively."""
        return self._isAdditive

    @isAdditive.setter
    def isAdditive(self, value: bool) -> None:
        if self._isAdditive == value:
            return
        self._isAdditive = value
        for animatable in self._animatables:
            animatable.isAdditive = value

    @property
    def weight(self) -> float:
        """Weight of every animation (-1: unweighted; the animatables clamp to [0, 1])."""
        return self._weight

    @weight.setter
    def weight(self, value: float) -> None:
        value = _check_number(value, "weight", "LITE-STATE-003", finite=False)
        if self._weight == value:
            return
        self._weight = value
        self.setWeightForAllAnimatables(value)

    @property
    def targetedAnimations(self) -> list[TargetedAnimation]:
        """The targeted animations (the live list)."""
        return self._targetedAnimations

    @property
    def animatables(self) -> list[Animatable]:
        """The animatables playing the group (the live list; empty when not started)."""
        return self._animatables

    @property
    def children(self) -> list[TargetedAnimation]:
        """The targeted animations (``targetedAnimations``)."""
        return self._targetedAnimations

    @property
    def playOrder(self) -> float:
        """Order of the group's animatables in the scene (default 0)."""
        return self._playOrder

    @playOrder.setter
    def playOrder(self, value: float) -> None:
        value = _check_number(value, "playOrder", "LITE-STATE-045", finite=True)
        if self._playOrder == value:
            return
        self._playOrder = value
        if self._animatables:
            for animatable in self._animatables:
                animatable.playOrder = value
            self._scene.sortActiveAnimatables()

    @property
    def enableBlending(self) -> bool | None:
        """Blending of the animations (None: each animation keeps its own setting)."""
        return self._enableBlending

    @enableBlending.setter
    def enableBlending(self, value: bool | None) -> None:
        if self._enableBlending is value:
            return
        self._enableBlending = value
        if value is not None:
            for targeted in self._targetedAnimations:
                targeted.animation.enableBlending = value

    @property
    def blendingSpeed(self) -> float | None:
        """Blending speed of the animations (None: each animation keeps its own)."""
        return self._blendingSpeed

    @blendingSpeed.setter
    def blendingSpeed(self, value: float | None) -> None:
        if value is not None:
            value = _check_number(value, "blendingSpeed", "LITE-STATE-045", finite=True)
        if self._blendingSpeed == value:
            return
        self._blendingSpeed = value
        if value is not None:
            for targeted in self._targetedAnimations:
                targeted.animation.blendingSpeed = value

    def getLength(self, from_: float | None = None, to: float | None = None) -> float:
        """Length in seconds of ``from_``..``to`` (default: the group's range) at the first
        animation's frame rate and the group's speed ratio."""
        start = (
            self._from
            if from_ is None
            else _check_number(from_, "from", "LITE-STATE-007", finite=False)
        )
        end = self._to if to is None else _check_number(to, "to", "LITE-STATE-007", finite=False)
        fps = self._targetedAnimations[0].animation.framePerSecond * self._speedRatio
        # JavaScript division: a frame rate or speed ratio of 0 gives +-Infinity (or NaN).
        return js_div(end - start, fps)

    def getScene(self) -> Scene:
        """The owning scene."""
        return self._scene

    # -- content -------------------------------------------------------------------------------

    def addTargetedAnimation(self, animation: Animation, target: Any) -> TargetedAnimation:
        """Add ``animation`` played on ``target``; widens ``from``/``to`` to its keys.

        Raises
        ------
        AnimationStateError
            ``LITE-STATE-014`` when ``animation`` is not an :class:`Animation`. A None
            ``target`` is taken, as Babylon takes null; ``start`` refuses it (``"target"``).
        KeyframeError
            ``LITE-ANIM-002`` when the animation has no keys (``"animation"``).
        """
        if not isinstance(animation, Animation):
            raise AnimationStateError(
                "LITE-STATE-014",
                f"AnimationGroup {self.name!r}: addTargetedAnimation expects an Animation, "
                f"got {animation!r}",
                input_name="animation",
            )
        keys = animation.getKeys()
        if not keys:
            raise KeyframeError(
                "LITE-ANIM-002",
                f"AnimationGroup {self.name!r}: animation {animation.name!r} has no keys",
                hint="call animation.setKeys([...]) before adding it to a group",
                input_name="animation",
            )
        targeted = TargetedAnimation(self)
        targeted.animation = animation
        targeted.target = target
        first = key_get(keys[0], "frame")
        last = key_get(keys[-1], "frame")
        if self._from > first:
            self._from = first
        if self._to < last:
            self._to = last
        if self._enableBlending is not None:
            animation.enableBlending = self._enableBlending
        if self._blendingSpeed is not None:
            animation.blendingSpeed = self._blendingSpeed
        self._targetedAnimations.append(targeted)
        self._shouldStart = True
        return targeted

    def removeTargetedAnimation(self, animation: Animation) -> None:
        """Remove every targeted animation playing ``animation``."""
        for index in range(len(self._targetedAnimations) - 1, -1, -1):
            if self._targetedAnimations[index].animation is animation:
                del self._targetedAnimations[index]

    def normalize(
        self, beginFrame: float | None = None, endFrame: float | None = None
    ) -> AnimationGroup:
        """Make every animation span ``beginFrame``..``endFrame`` (default: the group's range)
        by adding constant keys at either end; sets ``from``/``to``."""
        begin, end = (
            default if v is None else _check_number(v, n, "LITE-STATE-007", finite=False)
            for v, n, default in (
                (beginFrame, "beginFrame", self._from),
                (endFrame, "endFrame", self._to),
            )
        )
        for targeted in self._targetedAnimations:
            keys = targeted.animation.getKeys()
            start_key = keys[0]
            end_key = keys[-1]
            if key_get(start_key, "frame") > begin:
                keys.insert(0, _edge_key(start_key, begin))
            if key_get(end_key, "frame") < end:
                keys.append(_edge_key(end_key, end))
        self._from = begin
        self._to = end
        return self

    # -- playback ------------------------------------------------------------------------------

    def _processLoop(self, animatable: Animatable, targeted: TargetedAnimation, index: int) -> None:
        # Our own 0-argument callable: no signature read.
        animatable._onAnimationLoop = GroupLoop(self, targeted, index)

    def start(
        self,
        loop: bool | None = False,
        speedRatio: float | None = 1,
        from_: float | None = None,
        to: float | None = None,
        isAdditive: bool | None = None,
    ) -> AnimationGroup:
        """Start every animation (no-op when started or empty).

        Parameters
        ----------
        loop
            Loop the animations.
        speedRatio
            Speed multiplier (negative plays from ``to`` back to ``from_``).
        from_, to
            Play range (default: the group's ``from``/``to``).
        isAdditive
            Additive state of the animatables (default: the group's ``isAdditive``).

        Raises
        ------
        AnimationStateError
            ``LITE-STATE-006`` for a non-finite ``speedRatio``; ``LITE-STATE-007`` for a NaN
            or non-numeric ``from_``/``to``; ``LITE-STATE-014`` for a None target.
        """
        return self._start(loop, speedRatio, from_, to, isAdditive, False)

    def startWithVirtualTimeline(
        self,
        loop: bool | None = False,
        speedRatio: float | None = 1,
        from_: float | None = None,
        to: float | None = None,
        isAdditive: bool | None = None,
    ) -> AnimationGroup:
        """Start on an unbounded timeline ``from_``..``to`` mapped onto the keys' range.

        Babylon.js 9.31's virtual timeline: the group keeps its own virtual frame (read with
        :meth:`getVirtualCurrentFrame`) and seeks every animation to its mapped frame after each
        ``scene.animate()``. ``to`` may be infinite.
        """
        return self._start(loop, speedRatio, from_, to, isAdditive, True)

    def _start(
        self,
        loop: bool | None,
        speedRatio: float | None,
        from_: float | None,
        to: float | None,
        isAdditive: bool | None,
        useVirtualTimeline: bool,
    ) -> AnimationGroup:
        speed = 1.0 if speedRatio is None else speedRatio
        _check_number(speed, "speedRatio", "LITE-STATE-006", finite=True)
        if from_ is not None:
            _check_number(from_, "from", "LITE-STATE-007", finite=False)
        if to is not None:
            _check_number(to, "to", "LITE-STATE-007", finite=False)
        if self._isStarted or not self._targetedAnimations:
            return self
        if any(targeted.target is None for targeted in self._targetedAnimations):
            raise AnimationStateError(  # Babylon takes a null target when added, throws here
                "LITE-STATE-014",
                f"AnimationGroup {self.name!r}: a targeted animation has no target (None)",
                hint="give addTargetedAnimation a target object before starting the group",
                input_name="target",
            )
        loop = bool(loop)
        self._loopAnimation = loop
        effective_from = self._from if from_ is None else from_
        effective_to = self._to if to is None else to
        scene = self._scene
        self._virtualFrame = effective_from
        self._virtualFrameStart = effective_from
        self._virtualFrameStartTime = scene._animationTime
        self._virtualFrameRate = self._targetedAnimations[0].animation.framePerSecond
        self._virtualFrameDirection = -1 if effective_to < effective_from else 1
        self._virtualFrameInitial = effective_from
        self._virtualFrameEnd = effective_to
        sampling_from = (
            self._mapVirtualFrame(effective_from) if useVirtualTimeline else effective_from
        )
        if not useVirtualTimeline:
            sampling_to = effective_to
        elif math.isfinite(effective_to):
            sampling_to = self._mapVirtualFrame(effective_to)
        else:
            sampling_to = 0 if effective_to < effective_from else self._to
        self._retainedCurrentFrame = sampling_from
        self._usesVirtualSampling = useVirtualTimeline and (
            sampling_from != effective_from or sampling_to != effective_to
        )
        if self._usesVirtualSampling:
            forward = self._virtualFrameDirection > 0
            begin: float = 0 if forward else self._to
            end: float = self._to if forward else 0
        else:
            begin, end = sampling_from, sampling_to
        self._shouldStart = False
        self._animationLoopCount = 0
        self._animationLoopFlags.clear()
        additive = self._isAdditive if isAdditive is None else isAdditive
        created: list[Animatable] = []
        for index, targeted in enumerate(self._targetedAnimations):
            animatable = scene.beginDirectAnimation(
                targeted.target,
                [targeted.animation],
                begin,
                end,
                self._usesVirtualSampling or loop,
                speed,
                None,
                None,
                additive,
            )
            animatable.weight = self._weight
            animatable.playOrder = self._playOrder
            animatable._onAnimationEnd = self._make_on_end(animatable, targeted)
            self._processLoop(animatable, targeted, index)
            self._animatables.append(animatable)
            created.append(animatable)
            if self._usesVirtualSampling and self._isTargetRetainedByMask(animatable.target):
                animatable.goToFrame(sampling_from)
        # Decide native/fallback ownership of all the new tracks in one pass (each animatable
        # would otherwise check its tracks against every other one: quadratic in group size).
        delegation.plan_animatables(created)
        self.syncWithMask()
        scene.sortActiveAnimatables()
        self._speedRatio = speed
        self._isStarted = True
        self._isPaused = False
        if self._usesVirtualSampling:
            self._virtualSamplingObserver = scene.onAfterAnimationsObservable.add(
                self._on_after_animations
            )
        self.onAnimationGroupPlayObservable.notifyObservers(self)
        return self

    def _make_on_end(
        self, animatable: Animatable, targeted: TargetedAnimation
    ) -> Callable[[], None]:
        def on_end() -> None:
            self.onAnimationEndObservable.notifyObservers(targeted)
            self._checkAnimationGroupEnded(animatable)

        return on_end

    def _on_after_animations(self, _scene: Scene, _state: EventState) -> None:
        self._sampleVirtualTimeline()

    def pause(self) -> AnimationGroup:
        """Pause every animation (no-op unless started)."""
        if not self._isStarted:
            return self
        self._updateVirtualFrame()
        self._isPaused = True
        for animatable in self._animatables:
            animatable.pause()
        self.onAnimationGroupPauseObservable.notifyObservers(self)
        return self

    def play(self, loop: bool | None = None) -> AnimationGroup:
        """Resume a paused group (``restart``), otherwise (re)start it from the beginning."""
        if self._isStarted and self._animatables and not self._shouldStart:
            if loop is not None:
                self.loopAnimation = loop
            self.restart()
        else:
            self.stop()
            self.start(loop, self._speedRatio)
        return self

    def reset(self) -> AnimationGroup:
        """Rewind every animation and restore the original values.

        On a group that is not started this plays it, goes to frame 0 and stops it silently,
        as Babylon.js does (``onAnimationGroupPlayObservable`` fires).
        """
        if not self._isStarted:
            self.play()
            self.goToFrame(0)
            self.stop(True)
            return self
        for animatable in self._animatables:
            animatable.reset()
        if self._usesVirtualSampling:
            self._virtualFrame = self._virtualFrameInitial
        else:
            self._virtualFrame = self._animatables[0].fromFrame if self._animatables else 0
        self._virtualFrameStart = self._virtualFrame
        self._virtualFrameStartTime = self._scene._animationTime
        if self._usesVirtualSampling:
            self._retainedCurrentFrame = self._mapVirtualFrame(self._virtualFrame)
            self._goToFrameWithMask(self._retainedCurrentFrame)
        return self

    def restart(self) -> AnimationGroup:
        """Resume after ``pause`` (no-op unless started)."""
        if not self._isStarted:
            return self
        for animatable in self._animatables:
            animatable.restart()
        self.syncWithMask()
        self._virtualFrameStart = self._virtualFrame
        self._virtualFrameStartTime = self._scene._animationTime
        self._isPaused = False
        self.onAnimationGroupPlayObservable.notifyObservers(self)
        return self

    def stop(self, skipOnAnimationEnd: bool = False) -> AnimationGroup:
        """Stop every animation; the end observables fire unless ``skipOnAnimationEnd``."""
        if not self._isStarted:
            return self
        if self._animatables:
            self._retainedCurrentFrame = self._animatables[0].masterFrame
        self._updateVirtualFrame()
        self._removeVirtualSamplingObserver()
        self._isStopping = True
        for animatable in list(self._animatables):
            animatable.stop(None, None, True, skipOnAnimationEnd)
        # Remove the stopped animatables from the scene in place (the list may be iterating).
        active = self._scene._activeAnimatables
        overlaps = delegation.overlap_index(self._scene)
        kept = 0
        index = 0
        while index < len(active):
            animatable = active[index]
            if animatable._runtimeAnimations:
                active[kept] = animatable
                kept += 1
            else:
                if overlaps is not None:
                    overlaps.remove_animatable(animatable)
                if skipOnAnimationEnd:
                    # Their end callback did not run, so take them out of the group here.
                    self._checkAnimationGroupEnded(animatable, skipOnAnimationEnd)
            index += 1
        del active[kept:]
        self._isStarted = False
        self._isStopping = False
        self._usesVirtualSampling = False
        return self

    def setWeightForAllAnimatables(self, weight: float) -> AnimationGroup:
        """Set ``weight`` on every animatable of the group (not the group's own ``weight``)."""
        for animatable in self._animatables:
            animatable.weight = weight
        return self

    def syncAllAnimationsWith(self, root: Animatable | None) -> AnimationGroup:
        """Synchronise every animatable with ``root`` (None stops it)."""
        for animatable in self._animatables:
            animatable.syncWith(root)
        return self

    def goToFrame(self, frame: float, useWeight: bool = False) -> AnimationGroup:
        """Jump every animation to ``frame`` (only while started or paused).

        Raises
        ------
        AnimationStateError
            ``LITE-STATE-007`` (``input_name`` ``"frame"``) for a NaN or non-numeric frame.
        """
        _check_number(frame, "frame", "LITE-STATE-007", finite=False)
        if not self._isStarted:
            return self
        for animatable in self._animatables:
            animatable.goToFrame(frame, useWeight)
        return self

    def getCurrentFrame(self) -> float:
        """The first animatable's frame (0 when not running)."""
        return self._animatables[0].masterFrame if self._animatables else 0

    def getRetainedCurrentFrame(self) -> float:
        """The current frame, kept after the group stops or ends."""
        if self._animatables:
            self._retainedCurrentFrame = self._animatables[0].masterFrame
        return self._retainedCurrentFrame

    # -- virtual timeline (Babylon.js 9.31) ----------------------------------------------------

    def getVirtualCurrentFrame(self) -> float:
        """The frame on the requested (unwrapped, unclamped) timeline; kept after stopping."""
        self._updateVirtualFrame()
        return self._virtualFrame

    def isVirtualFrameReached(self, frame: float) -> bool:
        """True once the virtual timeline passed ``frame`` in the playback direction."""
        current = self.getVirtualCurrentFrame()
        return current >= frame if self._virtualFrameDirection > 0 else current <= frame

    def isValidVirtualStopFrame(self, frame: float) -> bool:
        """True when ``frame`` lies in the requested interval (its end excluded)."""
        if self._virtualFrameDirection > 0:
            return self._virtualFrameInitial <= frame < self._virtualFrameEnd
        return self._virtualFrameEnd < frame <= self._virtualFrameInitial

    def setVirtualCurrentFrame(self, frame: float) -> None:
        """Move the virtual timeline to ``frame`` and seek the animations there."""
        self._virtualFrame = frame
        self._virtualFrameStart = frame
        self._virtualFrameStartTime = self._scene._animationTime
        self._retainedCurrentFrame = self._mapVirtualFrame(frame)
        self._goToFrameWithMask(self._retainedCurrentFrame)

    def _updateVirtualFrame(self) -> None:
        if not self._isStarted or self._isPaused:
            return
        elapsed_seconds = (self._scene._animationTime - self._virtualFrameStartTime) / 1000
        self._virtualFrame = (
            self._virtualFrameStart
            + elapsed_seconds
            * self._virtualFrameRate
            * self._speedRatio
            * self._virtualFrameDirection
        )

    def _sampleVirtualTimeline(self) -> None:
        self._updateVirtualFrame()
        end = self._virtualFrameEnd
        reached_end = (
            not self._loopAnimation
            and math.isfinite(end)
            and (
                self._virtualFrame >= end
                if self._virtualFrameDirection > 0
                else self._virtualFrame <= end
            )
        )
        if reached_end:
            self.setVirtualCurrentFrame(end)
            self._removeVirtualSamplingObserver()
            self.stop()
            return
        self._retainedCurrentFrame = self._mapVirtualFrame(self._virtualFrame)
        self._goToFrameWithMask(self._retainedCurrentFrame)

    def _goToFrameWithMask(self, frame: float) -> None:
        for animatable in self._animatables:
            if self._isTargetRetainedByMask(animatable.target):
                animatable.goToFrame(frame)

    def _isTargetRetainedByMask(self, target: Any) -> bool:
        mask = self._mask
        return mask is None or mask.disabled or mask.retainsTarget(_target_name(target))

    def _removeVirtualSamplingObserver(self) -> None:
        if self._virtualSamplingObserver is not None:
            self._scene.onAfterAnimationsObservable.remove(self._virtualSamplingObserver)
            self._virtualSamplingObserver = None

    def _mapVirtualFrame(self, frame: float) -> float:
        maximum = self._to
        if maximum == 0:
            return 0
        if not math.isfinite(frame) or not math.isfinite(maximum) or maximum < 0:
            return frame
        if frame > 0:
            iteration = math.ceil((frame - maximum) / maximum)
        else:
            iteration = math.floor(frame / maximum)
        return frame - iteration * maximum

    # -- end, disposal, copies -----------------------------------------------------------------

    def _checkAnimationGroupEnded(
        self, animatable: Animatable, skipOnAnimationEnd: bool = False
    ) -> None:
        self._updateVirtualFrame()
        if not skipOnAnimationEnd and not self._isStopping:
            self._retainedCurrentFrame = animatable.masterFrame
        index = _index_of(self._animatables, animatable)
        if index > -1:
            del self._animatables[index]
        if len(self._animatables) == len(self._targetedAnimations) - self._numActiveAnimatables:
            if (
                not skipOnAnimationEnd
                and not self._isStopping
                and math.isfinite(self._virtualFrameEnd)
            ):
                self._virtualFrame = self._virtualFrameEnd
                self._retainedCurrentFrame = self._mapVirtualFrame(self._virtualFrameEnd)
            self._isStarted = False
            if not skipOnAnimationEnd:
                self.onAnimationGroupEndObservable.notifyObservers(self)
            self._animatables.clear()

    def dispose(self) -> None:
        """Stop, empty the group, leave the scene and clear the observables."""
        if self._isStarted:
            self.stop()
        self._targetedAnimations.clear()
        self._animatables.clear()
        self._scene.removeAnimationGroup(self)
        container = self._parentContainer
        if container is not None:
            groups = container.animationGroups
            index = _index_of(groups, self)
            if index > -1:
                del groups[index]
            self._parentContainer = None
        self.onAnimationEndObservable.clear()
        self.onAnimationGroupEndObservable.clear()
        self.onAnimationGroupPauseObservable.clear()
        self.onAnimationGroupPlayObservable.clear()
        self.onAnimationLoopObservable.clear()
        self.onAnimationGroupLoopObservable.clear()

    def clone(
        self,
        newName: str | None = None,
        targetConverter: Callable[[Any], Any] | None = None,
        cloneAnimations: bool = False,
        cloneAnimationKeys: bool = False,
    ) -> AnimationGroup:
        """A new group with the same settings and targeted animations.

        ``targetConverter`` maps each target to the clone's; ``cloneAnimations`` copies the
        animations (and, with ``cloneAnimationKeys``, their keys) instead of sharing them.
        """
        group = AnimationGroup(newName or self.name, self._scene, self._weight, self._playOrder)
        group._from = self._from
        group._to = self._to
        group._speedRatio = self._speedRatio
        group._loopAnimation = self._loopAnimation
        group._isAdditive = self._isAdditive
        group._enableBlending = self._enableBlending
        group._blendingSpeed = self._blendingSpeed
        group.metadata = self.metadata
        group.mask = self._mask
        convert = js_callable(targetConverter, 1) if targetConverter else None  # JS's arity
        for targeted in self._targetedAnimations:
            source = targeted.animation
            target = convert(targeted.target) if convert else targeted.target
            group.addTargetedAnimation(
                source.clone(cloneAnimationKeys) if cloneAnimations else source, target
            )
        return group

    def serialize(self) -> dict[str, Any]:
        """The ``.babylon`` JSON shape of the group (``AnimationGroup.Parse`` reads it)."""
        out: dict[str, Any] = {
            "name": self.name,
            "from": self._from,
            "to": self._to,
            "speedRatio": self._speedRatio,
            "loopAnimation": self._loopAnimation,
            "isAdditive": self._isAdditive,
            "weight": self._weight,
            "playOrder": self._playOrder,
            "enableBlending": self._enableBlending,
            "blendingSpeed": self._blendingSpeed,
            "targetedAnimations": [t.serialize() for t in self._targetedAnimations],
        }
        if self.metadata:
            out["metadata"] = self.metadata
        return out

    def getClassName(self) -> str:
        """``"AnimationGroup"``."""
        return "AnimationGroup"

    def toString(self, fullDetails: bool = False) -> str:
        """Babylon's one-line description of the group."""
        ret = "Name: " + str(self.name)
        ret += ", type: " + self.getClassName()
        if fullDetails:
            ret += ", from: " + js_concat(self._from)
            ret += ", to: " + js_concat(self._to)
            ret += ", isStarted: " + js_concat(self._isStarted)
            ret += ", speedRatio: " + js_concat(self._speedRatio)
            ret += ", targetedAnimations length: " + str(len(self._targetedAnimations))
            ret += ", animatables length: " + str(len(self._animatables))
        return ret

    def __str__(self) -> str:
        return self.toString()

    # -- delegation introspection (lite_compat extension) --------------------------------------

    def getTrackOwners(self) -> list[GroupTrackOwner]:
        """Which evaluator plays each targeted animation.

        Returns ``(targetName, targetProperty, owner, reason)`` per targeted animation, in order:
        ``owner`` is ``"native"`` (Lite samples and writes it), ``"fallback"`` (the compat
        evaluator, ``reason`` one of the codes in :mod:`lite_compat.animations.delegation`, e.g.
        ``"weighted"`` for a group ``weight`` other than -1) or ``"idle"`` (no animatable plays it
        now; ``reason`` ``"not-started"``, or ``"ended"`` when the group is started but this
        animation's animatable ended or was stopped). Ownership is decided when an animatable
        starts; calling this decides it now.
        """
        out: list[GroupTrackOwner] = []
        for targeted in self._targetedAnimations:
            name = _target_name(targeted.target)
            prop = targeted.animation.targetProperty
            owner: GroupTrackOwner = (
                name,
                prop,
                "idle",
                IDLE_ENDED if self._isStarted else IDLE_NOT_STARTED,
            )
            for animatable in self._animatables:
                runtimes = animatable._runtimeAnimations
                if (
                    animatable.target is targeted.target
                    and runtimes
                    and runtimes[0].animation is targeted.animation
                ):
                    _, kind, reason = animatable.getTrackOwners()[0]
                    owner = (name, prop, kind, reason)
                    break
            out.append(owner)
        return out


def _edge_key(key: Any, frame: float) -> dict[str, Any]:
    return {
        "frame": frame,
        "value": key_get(key, "value"),
        "inTangent": key_get(key, "inTangent"),
        "outTangent": key_get(key, "outTangent"),
        "interpolation": key_get(key, "interpolation"),
    }


def _from_getter(group: AnimationGroup) -> float:
    return group.from_


def _from_setter(group: AnimationGroup, value: float) -> None:
    group.from_ = value


# ``group.from`` is a syntax error in Python; the attribute exists under Babylon's spelling for
# getattr/setattr (and serialisers that walk attribute names).
setattr(AnimationGroup, "from", property(_from_getter, _from_setter))  # noqa: B010


# ---------------------------------------------------------------------------------------------
# Statics
# ---------------------------------------------------------------------------------------------


def _check_group(value: object, name: str) -> AnimationGroup:
    if not isinstance(value, AnimationGroup):
        raise AnimationStateError(
            "LITE-STATE-014",
            f"expected an AnimationGroup for {name}, got {value!r}",
            input_name=name,
        )
    return value


def AnimationGroupMergeAnimationGroups(
    animationGroups: Sequence[AnimationGroup],
    disposeSource: bool = True,
    normalize: bool = False,
    weight: float | None = None,
) -> AnimationGroup | None:
    """One group holding every targeted animation of ``animationGroups`` (None when empty).

    Named ``<first name>_merged``; ``normalize`` first stretches every source group to the
    union of their ranges; ``disposeSource`` disposes the sources; ``weight`` defaults to the
    first group's.
    """
    if not animationGroups:
        return None
    groups = [_check_group(g, f"animationGroups[{i}]") for i, g in enumerate(animationGroups)]
    merged_weight = groups[0].weight if weight is None else weight
    begin_frame = _MAX_VALUE
    end_frame = -_MAX_VALUE
    if normalize:
        for group in groups:
            begin_frame = min(begin_frame, group.from_)
            end_frame = max(end_frame, group.to)
    merged = AnimationGroup(groups[0].name + "_merged", groups[0].getScene(), merged_weight)
    for group in groups:
        if normalize:
            group.normalize(begin_frame, end_frame)
        for targeted in group.targetedAnimations:
            merged.addTargetedAnimation(targeted.animation, targeted.target)
        if disposeSource:
            group.dispose()
    return merged


_PARSE_ABSENT: Final = object()


def _find_by_id(scene: Any, target_id: object, getter: str) -> Any:
    lookup = getattr(scene, getter, None)
    if callable(lookup):
        return lookup(target_id)
    if getter == "getMorphTargetById":
        for manager in getattr(scene, "morphTargetManagers", []):
            get_target = getattr(manager, "getTargetById", None)
            found = get_target(target_id) if callable(get_target) else None
            if found is not None:
                return found
        return None
    for items in (scene.meshes, scene.transformNodes, scene.cameras, scene.lights):
        for item in items:
            if getattr(item, "id", None) == target_id:
                return item
    return None


def AnimationGroupParse(
    parsedAnimationGroup: Mapping[str, Any],
    scene: Scene,
    targetLookup: Callable[[Mapping[str, Any]], Any] | None = None,
) -> AnimationGroup:
    """Build a group from its serialised form (see :meth:`AnimationGroup.serialize`).

    Targets are found with ``targetLookup(serialisedTargetedAnimation)`` or by ``targetId``
    among the scene's nodes (morph targets for ``influence`` animations); targeted animations
    whose target is not found are skipped.
    """
    check_parsed_group(parsedAnimationGroup, _check_number)  # all of it, before the scene
    get = parsedAnimationGroup.get
    weight = get("weight")
    play_order = get("playOrder")
    group = AnimationGroup(
        parsedAnimationGroup["name"],
        scene,
        -1 if weight is None else weight,
        0 if play_order is None else play_order,
    )
    for targeted in parsedAnimationGroup["targetedAnimations"]:
        animation = Animation.Parse(targeted["animation"])
        if targetLookup is not None:
            target = targetLookup(targeted)
        elif targeted["animation"].get("property") == "influence":
            target = _find_by_id(scene, targeted.get("targetId"), "getMorphTargetById")
        else:
            target = _find_by_id(scene, targeted.get("targetId"), "getNodeById")
        if target:
            group.addTargetedAnimation(animation, target)
    parsed_from = get("from", _PARSE_ABSENT)
    parsed_to = get("to", _PARSE_ABSENT)
    if parsed_from is not None and parsed_to is not None:
        # An absent from/to is JavaScript's undefined (!== null): normalise to the keys.
        group.normalize(
            None if parsed_from is _PARSE_ABSENT else parsed_from,
            None if parsed_to is _PARSE_ABSENT else parsed_to,
        )
    # Stored as Babylon.js stores them (no setter side effects); check_parsed_group checked each.
    for field in PARSED_GROUP_SETTINGS:
        if field in parsedAnimationGroup:
            setattr(group, "_" + field, parsedAnimationGroup[field])
    if "metadata" in parsedAnimationGroup:
        group.metadata = parsedAnimationGroup["metadata"]
    return group


def AnimationGroupMakeAnimationAdditive(
    sourceAnimationGroup: AnimationGroup,
    referenceFrameOrOptions: float | Mapping[str, Any] | object | None = None,
    range: str | None = None,
    cloneOriginal: bool = False,
    clonedName: str | None = None,
) -> AnimationGroup:
    """Make every animation of a group additive (``Animation.MakeAnimationAdditive``) and set
    ``isAdditive``.

    Parameters
    ----------
    sourceAnimationGroup
        The group to convert.
    referenceFrameOrOptions
        Reference frame (default 0) or an options object (dict or attributes):
        ``referenceFrame``, ``range``, ``fromFrame``/``toFrame``, ``clipKeys``,
        ``cloneOriginalAnimationGroup``, ``clonedAnimationGroupName``, ``cloneOriginalAnimation``,
        ``clonedAnimationName``.
    range
        Name of an animation range to convert (numeric form).
    cloneOriginal
        Convert a clone of the group. As in Babylon.js the clone shares the source's animations,
        so their keys are still converted in place unless the options ask to clone animations.
    clonedName
        Name of the cloned group (numeric form; it names the animations in the options form).

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-014`` (``input_name`` ``"sourceAnimationGroup"``) for a non-group.
    """
    group = _check_group(sourceAnimationGroup, "sourceAnimationGroup")
    options: Mapping[str, Any] | object
    if referenceFrameOrOptions is not None and not is_number(referenceFrameOrOptions):
        options = referenceFrameOrOptions
    else:
        options = {
            "referenceFrame": referenceFrameOrOptions,
            "range": range,
            "cloneOriginalAnimationGroup": cloneOriginal,
            "clonedAnimationName": clonedName,
        }
    if key_get(options, "cloneOriginalAnimationGroup"):
        group = group.clone(key_get(options, "clonedAnimationGroupName") or group.name)
    for targeted in group.targetedAnimations:
        targeted.animation = Animation.MakeAnimationAdditive(targeted.animation, options)
    group.isAdditive = True
    if key_get(options, "clipKeys"):
        # Keys outside the range were dropped: recompute from/to.
        begin = _MAX_VALUE
        end = -_MAX_VALUE
        for targeted in group.targetedAnimations:
            keys = targeted.animation.getKeys()
            begin = min(begin, key_get(keys[0], "frame"))
            end = max(end, key_get(keys[-1], "frame"))
        group._from = begin
        group._to = end
    return group


def AnimationGroupClipKeys(
    sourceAnimationGroup: AnimationGroup,
    fromKey: int,
    toKey: int,
    name: str | None = None,
    dontCloneAnimations: bool = False,
) -> AnimationGroup:
    """A clone of the group keeping keys ``fromKey``..``toKey`` (indices), shifted to frame 0."""
    group = _check_group(sourceAnimationGroup, "sourceAnimationGroup")
    copy = group.clone(name or group.name)
    return AnimationGroupClipKeysInPlace(copy, fromKey, toKey, dontCloneAnimations)


def AnimationGroupClipKeysInPlace(
    animationGroup: AnimationGroup, fromKey: int, toKey: int, dontCloneAnimations: bool = False
) -> AnimationGroup:
    """``ClipKeys`` on the group itself."""
    return AnimationGroupClipInPlace(animationGroup, fromKey, toKey, dontCloneAnimations, False)


def AnimationGroupClipFrames(
    sourceAnimationGroup: AnimationGroup,
    fromFrame: float,
    toFrame: float,
    name: str | None = None,
    dontCloneAnimations: bool = False,
) -> AnimationGroup:
    """A clone of the group keeping frames ``fromFrame``..``toFrame`` (keys added at both
    bounds), shifted to frame 0."""
    group = _check_group(sourceAnimationGroup, "sourceAnimationGroup")
    copy = group.clone(name or group.name)
    return AnimationGroupClipFramesInPlace(copy, fromFrame, toFrame, dontCloneAnimations)


def AnimationGroupClipFramesInPlace(
    animationGroup: AnimationGroup,
    fromFrame: float,
    toFrame: float,
    dontCloneAnimations: bool = False,
) -> AnimationGroup:
    """``ClipFrames`` on the group itself."""
    return AnimationGroupClipInPlace(animationGroup, fromFrame, toFrame, dontCloneAnimations, True)


def AnimationGroupClipInPlace(
    animationGroup: AnimationGroup,
    start: float,
    end: float,
    dontCloneAnimations: bool = False,
    useFrame: bool = False,
) -> AnimationGroup:
    """Keep only the keys in ``start``..``end`` (key indices, or frames with ``useFrame``),
    shifted so each animation's first kept key is at frame 0; animations left without keys are
    removed from the group; ``from``/``to`` follow the kept keys."""
    group = _check_group(animationGroup, "animationGroup")
    begin = _MAX_VALUE
    last = -_MAX_VALUE
    targeted_animations = group.targetedAnimations
    index = 0
    while index < len(targeted_animations):
        targeted = targeted_animations[index]
        animation = targeted.animation if dontCloneAnimations else targeted.animation.clone()
        if useFrame:
            animation.createKeyForFrame(start)
            animation.createKeyForFrame(end)
        new_keys: list[dict[str, Any]] = []
        start_frame = _MAX_VALUE
        for k, key in enumerate(animation.getKeys()):
            frame = key_get(key, "frame")
            if (not useFrame and start <= k <= end) or (useFrame and start <= frame <= end):
                new_key = {
                    "frame": frame,
                    "value": clone(key_get(key, "value")),
                    "inTangent": key_get(key, "inTangent"),
                    "outTangent": key_get(key, "outTangent"),
                    "interpolation": key_get(key, "interpolation"),
                    "lockedTangent": key_get(key, "lockedTangent"),
                }
                if start_frame == _MAX_VALUE:
                    start_frame = frame
                new_key["frame"] = frame - start_frame
                new_keys.append(new_key)
        if not new_keys:
            del targeted_animations[index]
            continue
        begin = min(begin, new_keys[0]["frame"])
        last = max(last, new_keys[-1]["frame"])
        animation.setKeys(new_keys, True)
        targeted.animation = animation
        index += 1
    group._from = begin
    group._to = last
    return group


AnimationGroup.MergeAnimationGroups = staticmethod(AnimationGroupMergeAnimationGroups)
AnimationGroup.Parse = staticmethod(AnimationGroupParse)
AnimationGroup.MakeAnimationAdditive = staticmethod(AnimationGroupMakeAnimationAdditive)
AnimationGroup.ClipKeys = staticmethod(AnimationGroupClipKeys)
AnimationGroup.ClipKeysInPlace = staticmethod(AnimationGroupClipKeysInPlace)
AnimationGroup.ClipFrames = staticmethod(AnimationGroupClipFrames)
AnimationGroup.ClipFramesInPlace = staticmethod(AnimationGroupClipFramesInPlace)
AnimationGroup.ClipInPlace = staticmethod(AnimationGroupClipInPlace)
