"""What an ``AnimationGroup`` holds and how it is set: the base of ``AnimationGroup``.

Part of the port of Babylon.js 9.31 ``Animations/animationGroup.pure.js``.
:class:`AnimationGroupBase` holds a group's state (its targeted animations, its animatables,
the ``from``/``to`` range), the playback settings and their propagation to the running
animatables (``speedRatio``, ``loopAnimation``, ``isAdditive``, ``weight``, ``playOrder``,
blending), the mask (``mask``, ``syncWithMask``, ``removeUnmaskedAnimations``),
``normalize``, ``removeTargetedAnimation``, ``getTrackOwners`` and the clock of Babylon's
virtual timeline. :class:`~lite_compat.animations.animation_group.AnimationGroup` adds the
rest: adding targeted animations, playback, the end of play, disposal, copies, serialisation
and the statics. Import the group from :mod:`lite_compat.animations.animation_group`.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, Self

from lite.errors import AnimationStateError
from lite_compat._js import js_div, js_number
from lite_compat._lazy import LazyField, created, notify_created
from lite_compat.animations.animatable import set_weights
from lite_compat.animations.animation import Animation, key_get
from lite_compat.animations.animation_group_mask import AnimationGroupMask
from lite_compat.engines.engine_store import EngineStore
from lite_compat.observable import Observable

if TYPE_CHECKING:
    from lite_compat.animations.animatable import Animatable
    from lite_compat.animations.animation_group import AnimationGroup, TargetedAnimation
    from lite_compat.observable import Observer
    from lite_compat.scene.scene import Scene

__all__ = ["AnimationGroupBase", "GroupTrackOwner"]

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


def _target_name(target: Any) -> Any:
    return getattr(target, "name", None) if not isinstance(target, Mapping) else target.get("name")


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
        notify_created(group, "onAnimationLoopObservable", self.targeted)
        if group._animationLoopFlags.get(self.index):
            return
        group._animationLoopFlags[self.index] = True
        group._animationLoopCount += 1
        if group._animationLoopCount == group._numActiveAnimatables:
            notify_created(group, "onAnimationGroupLoopObservable", group)
            group._animationLoopCount = 0
            group._animationLoopFlags.clear()

    def quiet(self) -> bool:
        """Whether a call only counts (no observer on either of the group's loop observables)."""
        group = self.group
        try:
            loop = created(group, "onAnimationLoopObservable")
            group_loop = created(group, "onAnimationGroupLoopObservable")
        except TypeError:
            return False  # one assigned None: the call raises where Babylon.js throws
        return not (
            (loop is not None and loop.hasObservers())
            or (group_loop is not None and group_loop.hasObservers())
        )


class AnimationGroupBase:
    """The state, settings, mask and virtual-timeline clock of an ``AnimationGroup``.

    Not used alone: see :class:`~lite_compat.animations.animation_group.AnimationGroup` for
    the constructor's parameters and errors.
    """

    # Made on first read (see LazyField), as Babylon.js's constructor makes them; the group
    # notifies and clears only those made (one never read has no observer).
    #: Notified with the :class:`TargetedAnimation` when one animation ends.
    onAnimationEndObservable: LazyField[Observable[TargetedAnimation]] = LazyField(Observable)
    #: Notified with the :class:`TargetedAnimation` when one animation loops.
    onAnimationLoopObservable: LazyField[Observable[TargetedAnimation]] = LazyField(Observable)
    #: Notified with the group once every active animation looped.
    onAnimationGroupLoopObservable: LazyField[Observable[AnimationGroup]] = LazyField(Observable)
    #: Notified with the group when all its animations ended.
    onAnimationGroupEndObservable: LazyField[Observable[AnimationGroup]] = LazyField(Observable)
    #: Notified with the group when it is paused.
    onAnimationGroupPauseObservable: LazyField[Observable[AnimationGroup]] = LazyField(Observable)
    #: Notified with the group when it starts or resumes playing.
    onAnimationGroupPlayObservable: LazyField[Observable[AnimationGroup]] = LazyField(Observable)

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

    # -- range normalisation -------------------------------------------------------------------

    def normalize(self, beginFrame: float | None = None, endFrame: float | None = None) -> Self:
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

    def setWeightForAllAnimatables(self, weight: float) -> Self:
        """Set ``weight`` on every animatable of the group (not the group's own ``weight``)."""
        set_weights(self._animatables, weight)
        return self

    # -- content -------------------------------------------------------------------------------

    def removeTargetedAnimation(self, animation: Animation) -> None:
        """Remove every targeted animation playing ``animation``."""
        for index in range(len(self._targetedAnimations) - 1, -1, -1):
            if self._targetedAnimations[index].animation is animation:
                del self._targetedAnimations[index]

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


def _edge_key(key: Any, frame: float) -> dict[str, Any]:
    return {
        "frame": frame,
        "value": key_get(key, "value"),
        "inTangent": key_get(key, "inTangent"),
        "outTangent": key_get(key, "outTangent"),
        "interpolation": key_get(key, "interpolation"),
    }
