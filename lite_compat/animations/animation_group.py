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

Layout: the group's state, settings, mask and virtual-timeline clock are in its base,
:class:`~lite_compat.animations.animation_group_base.AnimationGroupBase`; the mask classes in
:mod:`~lite_compat.animations.animation_group_mask` (re-exported here). This module holds
``TargetedAnimation``, ``AnimationGroup`` (adding animations, playback, end, disposal,
copies, serialisation) and the statics.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

from lite.errors import AnimationStateError, KeyframeError
from lite_compat._js import is_number, js_callable, js_concat
from lite_compat._lazy import clear_created, notify_created
from lite_compat.animations import delegation
from lite_compat.animations.animation import Animation, key_get
from lite_compat.animations.animation_group_base import (
    _MAX_VALUE,
    AnimationGroupBase,
    GroupLoop,
    GroupTrackOwner,
    _check_number,
)
from lite_compat.animations.animation_group_mask import AnimationGroupMask, AnimationGroupMaskMode
from lite_compat.animations.parse_checks import PARSED_GROUP_SETTINGS, check_parsed_group
from lite_compat.animations.property_paths import clone

if TYPE_CHECKING:
    from lite_compat.animations.animatable import Animatable
    from lite_compat.observable import EventState
    from lite_compat.scene.scene import Scene

__all__ = [
    "AnimationGroup",
    "AnimationGroupMask",
    "AnimationGroupMaskMode",
    "GroupTrackOwner",
    "TargetedAnimation",
]


def _index_of(items: Sequence[object], item: object) -> int:
    for index, existing in enumerate(items):
        if existing is item:
            return index
    return -1


# ---------------------------------------------------------------------------------------------
# Targeted animations
# ---------------------------------------------------------------------------------------------


#: The group's observables ``dispose`` clears (in Babylon.js's order).
_GROUP_OBSERVABLES: Final = (
    "onAnimationEndObservable",
    "onAnimationGroupEndObservable",
    "onAnimationGroupPauseObservable",
    "onAnimationGroupPlayObservable",
    "onAnimationLoopObservable",
    "onAnimationGroupLoopObservable",
)


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


class GroupEnd:
    """An animatable's ``onAnimationEnd`` in a started group: notify
    ``onAnimationEndObservable`` with the targeted animation, then check whether the whole
    group ended (one slotted object per animatable, not a closure and its cells)."""

    __slots__ = ("animatable", "group", "targeted")

    def __init__(
        self, group: AnimationGroup, animatable: Animatable, targeted: TargetedAnimation
    ) -> None:
        self.group = group
        self.animatable = animatable
        self.targeted = targeted

    def __call__(self) -> None:
        group = self.group
        notify_created(group, "onAnimationEndObservable", self.targeted)
        group._checkAnimationGroupEnded(self.animatable)


# ---------------------------------------------------------------------------------------------
# The group
# ---------------------------------------------------------------------------------------------


class AnimationGroup(AnimationGroupBase):
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
    >>> from lite_compat import NullEngine, Scene
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
        notify_created(self, "onAnimationGroupPlayObservable", self)
        return self

    def _make_on_end(
        self, animatable: Animatable, targeted: TargetedAnimation
    ) -> Callable[[], None]:
        return GroupEnd(self, animatable, targeted)

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
        notify_created(self, "onAnimationGroupPauseObservable", self)
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
        notify_created(self, "onAnimationGroupPlayObservable", self)
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

    # -- virtual timeline (Babylon.js 9.31; the clock is AnimationGroupBase's) --------------

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
                notify_created(self, "onAnimationGroupEndObservable", self)
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
        clear_created(self, _GROUP_OBSERVABLES)

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
