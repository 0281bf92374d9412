"""The compat evaluator: a port of Babylon.js 9.31 ``RuntimeAnimation``.

One :class:`RuntimeAnimation` plays one :class:`~lite_compat.animations.animation.Animation`
on one target for an :class:`~lite_compat.animations.animatable.Animatable`. It owns Babylon's
frame clock for the track: the frame is computed from the animatable's elapsed milliseconds as
``elapsed * (framePerSecond * speedRatio) / 1000 + _absoluteFrameOffset`` and wrapped with
JavaScript's ``%`` into the (key-clamped) range, exactly as Babylon.js does, including YOYO,
loop detection, events (``onlyOnce``, reset on loop), original values, offsets for RELATIVE
modes, the CONSTANT high limit, blending and weights (late bindings).

Every track runs this frame clock, native or not. What differs is who samples and writes:

* a *fallback* track calls ``Animation._interpolate`` and Babylon's ``setValue`` (which
  assigns the runtime's own value object to the property, as Babylon.js does);
* a *native* track hands the frame to its Lite property binding
  (:class:`lite_compat.animations.delegation.NativeGroup`), which samples the compiled clip and
  writes the property. The boundary decides which tracks are native (see
  :mod:`~lite_compat.animations.delegation`).

Because the frame is computed here, native and fallback tracks wrap, complete and fire
events on exactly the frames Babylon.js does; Lite's own ``from + fmod(t - from, d)`` clock
is not used for compat playback.
"""

from __future__ import annotations

import math
import weakref
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Final, cast

from lite.errors import AnimationPathError
from lite_compat._js import js_floor, js_mod, js_str, to_int32
from lite_compat.animations.animation import Animation, AnimationEvent, _AnimationState, key_get
from lite_compat.animations.batch import set_write_recording
from lite_compat.animations.late_binding import RegisterTargetForLateAnimationBinding
from lite_compat.animations.property_paths import (
    MISSING,
    check_walk,
    clone,
    get_property,
    lookup,
    set_property,
)
from lite_compat.animations.write_journal import WriteJournal
from lite_compat.math import Color3, Color4, Matrix, Quaternion, Size, Vector2, Vector3

if TYPE_CHECKING:
    from collections.abc import Callable

    from lite_compat.animations.animatable import Animatable
    from lite_compat.animations.delegation import NativeGroup
    from lite_compat.scene.scene import Scene

__all__ = ["RuntimeAnimation", "universal_lerp"]


def universal_lerp(left: Any, right: Any, amount: float) -> Any:
    """Babylon's ``Animation._UniversalLerp``: the value class's ``Lerp``/``Slerp``, or a lerp."""
    cls = type(left)
    lerp = getattr(cls, "Lerp", None)
    if lerp is not None:
        return lerp(left, right, amount)
    slerp = getattr(cls, "Slerp", None)
    if slerp is not None:
        return slerp(left, right, amount)
    if isinstance(left, int | float) and not isinstance(left, bool):
        return left * (1.0 - amount) + amount * right
    return right


def _static_offset(data_type: int) -> Any:
    # Babylon's frozen _StaticOffsetValue* constants (fresh zero values here).
    if data_type == Animation.ANIMATIONTYPE_FLOAT:
        return 0
    if data_type == Animation.ANIMATIONTYPE_QUATERNION:
        return Quaternion(0, 0, 0, 0)
    if data_type == Animation.ANIMATIONTYPE_VECTOR3:
        return Vector3.Zero()
    if data_type == Animation.ANIMATIONTYPE_VECTOR2:
        return Vector2.Zero()
    if data_type == Animation.ANIMATIONTYPE_SIZE:
        return Size.Zero()
    if data_type == Animation.ANIMATIONTYPE_COLOR3:
        return Color3.Black()
    if data_type == Animation.ANIMATIONTYPE_COLOR4:
        return Color4(0, 0, 0, 0)
    return None


class RuntimeAnimation:
    """One animation playing on one target (Babylon.js ``RuntimeAnimation``).

    Parameters
    ----------
    target
        The root object (or a list of roots) the animation's property path starts from.
    animation
        The :class:`~lite_compat.animations.animation.Animation` to play.
    scene
        Hosting scene (late bindings for weights, active animatables).
    host
        The owning :class:`~lite_compat.animations.animatable.Animatable`.

    Raises
    ------
    AnimationPathError
        ``LITE-PATH-002`` when a segment of the property path is undefined on the target
        (Babylon.js throws ``Invalid property (...) in property path (...)``).
    """

    # Slots: no per-instance dict (a crowd has tens of thousands of runtimes, each an object
    # fewer for the cyclic garbage collector); ``__dict__`` stays for attributes set from
    # outside (made only when one is), ``__weakref__`` for weak references.
    __slots__ = (
        "__dict__",
        "__weakref__",
        "_absoluteFrameOffset",
        "_activeTargetList",
        "_animation",
        "_animationState",
        "_batchColumn",
        "_batchSlot",
        "_blendingFactor",
        "_currentActiveTarget",
        "_currentFrame",
        "_currentValue",
        "_directTarget",
        "_enableBlending",
        "_events",
        "_fallbackReason",
        "_highLimitsCache",
        "_host",
        "_keys",
        "_maxFrame",
        "_minFrame",
        "_native",
        "_nativeFrame",
        "_stateVersion",
        "_offsetsCache",
        "_onLoop",
        "_originalBlendValue",
        "_originalValue0",
        "_originalValueList",
        "_playbackFrames",
        "_playbackFrom",
        "_playbackJumped",
        "_playbackProgress",
        "_playbackSyncMasterFrame",
        "_playbackSyncMasterPlayed",
        "_playbackSyncRoot",
        "_playbackTo",
        "_previousAbsoluteFrame",
        "_previousElapsedTime",
        "_scene",
        "_staticOffset",
        "_stopped",
        "_target",
        "_targetIsArray",
        "_targetPath",
        "_weight",
        "_yoyoDirection",
    )

    _currentFrame: float
    _originalBlendValue: Any
    _stopped: bool
    _blendingFactor: float
    _currentValue: Any
    _currentActiveTarget: Any
    _directTarget: Any
    _targetPath: str
    _weight: float
    _absoluteFrameOffset: float
    _previousElapsedTime: float
    _yoyoDirection: int
    _previousAbsoluteFrame: float
    _targetIsArray: bool
    #: Lite property group sampling and writing this track, or None (compat evaluator).
    _native: NativeGroup | None
    #: Why the track runs on the compat evaluator (None while native).
    _fallbackReason: str | None
    #: The last frame Lite wrote for this track (None once Babylon's key cache is synced).
    _nativeFrame: float | None
    #: The key state version (:func:`~lite_compat.animations.state.state_version`) the native
    #: or batch track compiled; compared before each native write.
    _stateVersion: int
    _staticOffset: tuple[int, Any] | None
    # The pose last evaluated, for root motion (Babylon 9.31's _playback* fields).
    _playbackFrom: float
    _playbackTo: float
    _playbackFrames: float
    _playbackProgress: float
    _playbackSyncRoot: Animatable | None
    _playbackJumped: bool
    _playbackSyncMasterPlayed: float
    _playbackSyncMasterFrame: float
    #: ``(kind, row)`` while the host animatable is a batch row (batch.py; the animatable's
    #: own ``_batchRow`` tuple, shared by its runtimes), and this track's column there.
    _batchSlot: tuple[Any, int] | None
    _batchColumn: int

    def __init__(
        self, target: Any, animation: Animation, scene: Scene, host: Animatable | None
    ) -> None:
        self._currentFrame = 0
        self._originalBlendValue = None
        self._stopped = False
        self._blendingFactor = 0.0
        self._currentValue = None
        self._currentActiveTarget = None
        self._directTarget = None
        self._targetPath = ""
        self._weight = 1.0
        self._absoluteFrameOffset = 0.0
        self._previousElapsedTime = 0.0
        self._yoyoDirection = 1
        self._previousAbsoluteFrame = 0.0
        self._targetIsArray = False
        self._native = None
        self._fallbackReason = None
        self._nativeFrame = None
        self._stateVersion = -1
        self._staticOffset = None
        self._playbackFrom = 0.0
        self._playbackTo = 0.0
        self._playbackFrames = 0.0
        self._playbackProgress = 0.0
        self._playbackSyncRoot = None
        self._playbackJumped = False
        self._playbackSyncMasterPlayed = 0.0
        self._playbackSyncMasterFrame = 0.0
        self._batchSlot = None
        self._batchColumn = 0
        # Shared and empty until the animation has events (nothing appends to it later).
        self._events: list[AnimationEvent] = _NO_EVENTS
        # One target (most runtimes): its active target is ``_directTarget`` and its original
        # value ``_originalValue0``, no lists; an array of targets keeps one list of each.
        self._originalValueList: list[Any] | None = None
        self._originalValue0: Any = None
        # Shared and empty until a relative loop fills them (the first fill makes its own).
        self._offsetsCache: dict[str, Any] = _NO_CACHE
        self._highLimitsCache: dict[str, Any] = _NO_CACHE
        self._animation = animation
        self._target = target
        self._scene = scene
        self._host = host
        self._activeTargetList: list[Any] | None = None
        self._onLoop: Callable[[], None] = _noop
        # The sealed walk (LITE-PATH-007/008), before anything is recorded.
        for item in target if isinstance(target, list) else (target,):
            check_walk(item, animation.targetPropertyPath)
        animation._runtimeAnimations.append(self)
        self._animationState = _AnimationState(self._getCorrectLoopMode())
        if animation.dataType == Animation.ANIMATIONTYPE_MATRIX:
            self._animationState.workValue = Matrix.Zero()
        self._keys = animation.getKeys()
        self._minFrame = key_get(self._keys[0], "frame")
        self._maxFrame = key_get(self._keys[-1], "frame")
        # Babylon.js inserts a start key at frame 0 into the animation's own key list.
        if self._minFrame != 0:
            self._keys.insert(0, {"frame": 0, "value": key_get(self._keys[0], "value")})
        if isinstance(target, list):
            self._activeTargetList = []
            self._originalValueList = []
            for index, item in enumerate(target):
                self._preparePath(item, index)
                self._getOriginalValues(index)
            self._targetIsArray = True
        else:
            self._preparePath(target)
            self._getOriginalValues()
        if type(animation) is Animation and "getEvents" not in animation.__dict__:
            # What getEvents() returns, without the list it makes where there are no events.
            events: list[AnimationEvent] = animation._events
        else:
            events = animation.getEvents()
        if events:
            self._events = [event._clone() for event in events]
        override = getattr(target, "animationPropertiesOverride", None) if target else None
        self._enableBlending: bool | None = (
            override.enableBlending if override else animation.enableBlending
        )

    def _preparePath(self, target: Any, targetIndex: int = 0) -> None:
        path = self._animation.targetPropertyPath
        if len(path) > 1:
            prop = target
            for name in path[:-1]:
                prop = lookup(prop, name)
                if prop is MISSING:
                    dotted = ".".join(path)
                    raise AnimationPathError(
                        "LITE-PATH-002",
                        f"Invalid property ({name}) in property path ({dotted})",
                        hint="the target must already have every segment of the path",
                        input_name=dotted,
                    )
            self._targetPath = path[-1]
            active = prop
        else:
            self._targetPath = path[0]
            active = target
        targets = self._activeTargetList
        if targets is None:
            self._directTarget = active
        else:
            while len(targets) <= targetIndex:
                targets.append(None)
            targets[targetIndex] = active
        if lookup(active, self._targetPath) is MISSING:
            dotted = ".".join(path)
            raise AnimationPathError(
                "LITE-PATH-002",
                f"Invalid property ({self._targetPath}) in property path ({dotted})",
                hint="the target must already have the animated property",
                input_name=dotted,
            )

    # -- read-only state -----------------------------------------------------------------------

    @property
    def currentFrame(self) -> float:
        """The frame evaluated last."""
        slot = self._batchSlot
        if slot is not None:
            return slot[0].frame_of(slot[1], self._batchColumn)  # type: ignore[no-any-return]
        return self._currentFrame

    @property
    def weight(self) -> float:
        """The weight used at the last write."""
        return self._weight

    @property
    def currentValue(self) -> Any:
        """The value written last (a native track reads it back from the target)."""
        if self._native is not None and self._currentValue is None:
            return get_property(self._directTarget, self._targetPath)
        return self._currentValue

    @property
    def targetPath(self) -> str:
        """The last segment of the property path."""
        return self._targetPath

    @property
    def target(self) -> Any:
        """The object owning the animated property."""
        return self._currentActiveTarget

    @property
    def isAdditive(self) -> bool:
        """Whether the host animatable blends this animation additively."""
        return bool(self._host is not None and self._host.isAdditive)

    @property
    def animation(self) -> Animation:
        """The source animation."""
        return self._animation

    def isStopped(self) -> bool:
        """True once a non-looping playback reached its end."""
        return self._stopped

    # -- lifecycle -----------------------------------------------------------------------------

    def reset(self, restoreOriginal: bool = False) -> None:
        """Rewind to frame 0, optionally writing the original value(s) back."""
        if restoreOriginal:
            if self._targetIsArray:
                originals = self._originalValue
                for index, item in enumerate(self._target):
                    if originals[index] is not None:
                        self._setValue(
                            item, self._activeTargets[index], originals[index], -1, index
                        )
            else:
                # Babylon tests ``!== undefined``: a null original (``rotationQuaternion``) is
                # written back too, and ``target`` then reads the destination, not None.
                self._setValue(self._target, self._directTarget, self._originalValue0, -1, 0)
        # (fresh caches only when there is something to forget: nothing else holds them)
        if self._offsetsCache:
            self._offsetsCache = _NO_CACHE
        if self._highLimitsCache:
            self._highLimitsCache = _NO_CACHE
        self._currentFrame = 0
        self._blendingFactor = 0.0
        for event in self._events:
            event.isDone = False

    def dispose(self) -> None:
        """Detach from the source animation's runtime list."""
        runtimes = self._animation.runtimeAnimations
        if self in runtimes:
            runtimes.remove(self)

    # -- the evaluated pose, for root motion (Babylon 9.31 runtimeAnimation.js) ----------------

    #: Scenes whose writes are recorded (a root-motion controller exists): scene -> its
    #: :class:`~lite_compat.animations.write_journal.WriteJournal` (Babylon 9.31's
    #: ``scene._animationWrites``).
    _writeRecords: ClassVar[weakref.WeakKeyDictionary[Any, WriteJournal]] = (
        weakref.WeakKeyDictionary()
    )
    #: Whether any scene records writes (one attribute read per step when none does).
    _recording: ClassVar[bool] = False

    @staticmethod
    def _recordWrites(scene: Any, on: bool) -> None:
        """Start (``on``) or stop recording the writes made on ``scene``."""
        if on:
            if scene not in RuntimeAnimation._writeRecords:
                RuntimeAnimation._writeRecords[scene] = WriteJournal()
        else:
            RuntimeAnimation._writeRecords.pop(scene, None)
        RuntimeAnimation._recording = bool(RuntimeAnimation._writeRecords)
        set_write_recording(scene, on)

    @staticmethod
    def _beginStep(scene: Any) -> None:
        """``scene._animate`` begins: release what the last step's bindings read (see
        :meth:`~lite_compat.animations.write_journal.WriteJournal.beginStep`)."""
        journal = RuntimeAnimation._writeRecords.get(scene)
        if journal is not None:
            journal.beginStep()

    @staticmethod
    def _endStep(scene: Any) -> None:
        """``scene._animate`` processed its late bindings: the records so far are the step's."""
        journal = RuntimeAnimation._writeRecords.get(scene)
        if journal is not None:
            journal.stepCount = journal.count
            journal.evaluated = True

    def _recordWrite(self, weight: float) -> None:
        journal = RuntimeAnimation._writeRecords.get(self._scene)
        if journal is None:
            return
        blending = (
            self._blendingFactor if self._enableBlending and self._blendingFactor <= 1.0 else 1.0
        )
        additive = self.isAdditive
        if self._targetIsArray:
            for target in self._target:
                journal.record(self, target, weight, additive, blending)
        else:
            journal.record(self, self._target, weight, additive, blending)

    @property
    def _evaluatedFrom(self) -> float:
        """First frame of the range the animation was last evaluated over."""
        return self._playbackFrom

    @property
    def _evaluatedTo(self) -> float:
        """Last frame of the range the animation was last evaluated over."""
        return self._playbackTo

    @property
    def _evaluatedProgress(self) -> float:
        """How far the evaluated pose had played from ``_evaluatedFrom``, unwrapped."""
        return self._playbackProgress

    @property
    def _evaluatedSyncRoot(self) -> Animatable | None:
        """The animatable the last evaluation was clocked by."""
        return self._playbackSyncRoot

    @property
    def _evaluatedJump(self) -> bool:
        """Whether the evaluated progress jumped (a follower snapped back by its root)."""
        return self._playbackJumped

    def _trackPlayback(
        self,
        from_: float,
        to: float,
        absolute_frame: float,
        return_value: bool,
        yoyo_mode: bool,
        current_frame: float,
    ) -> None:
        """Babylon 9.31's unwrapped progress of the pose just evaluated."""
        frame_range = to - from_
        sync_root = self._host.syncRoot if self._host is not None else None
        jumped = False
        frames: float
        if sync_root is not None:
            sync_range = sync_root.toFrame - sync_root.fromFrame
            master_frame = sync_root.masterFrame
            frames = self._playbackFrames
            masters = sync_root.getAnimations()
            master = masters[0] if masters else None
            if master is not None and sync_range != 0:
                phase = frame_range * ((master_frame - sync_root.fromFrame) / sync_range)
                evaluated = master._playbackTo - master._playbackFrom
                if (
                    evaluated != 0
                    and master._playbackFrom <= sync_root.fromFrame
                    and master._playbackTo >= sync_root.toFrame
                ):
                    cycles = _js_round(
                        (master._playbackFrames - (master._currentFrame - master._playbackFrom))
                        / evaluated
                    )
                    frames = frame_range * cycles + phase
                else:
                    jumped = (master_frame - self._playbackSyncMasterFrame) * (
                        master._playbackFrames - self._playbackSyncMasterPlayed
                    ) < 0
                    frames = phase
                jumped = jumped or master._playbackJumped
                self._playbackSyncMasterPlayed = master._playbackFrames
                self._playbackSyncMasterFrame = master_frame
        elif not return_value:
            cycles = js_floor(self._playbackFrames / frame_range) if frame_range != 0 else 0.0
            frames = (cycles + 1 if current_frame == to else cycles) * frame_range
        elif yoyo_mode:
            frames = (
                frame_range
                if current_frame == from_ and absolute_frame == to
                else current_frame - from_
            )
        else:
            frames = absolute_frame
        self._playbackFrom = from_
        self._playbackTo = to
        self._playbackJumped = jumped
        self._playbackSyncRoot = sync_root
        self._playbackFrames = frames
        state = self._animationState
        self._playbackProgress = (
            frame_range
            if state.loopMode == Animation.ANIMATIONLOOPMODE_CONSTANT and state.repeatCount > 0
            else frames
        )

    # -- writing -------------------------------------------------------------------------------

    def setValue(self, currentValue: Any, weight: float) -> None:
        """Write ``currentValue`` to the target(s) (``weight`` -1 means unweighted)."""
        if self._targetIsArray:
            for index, item in enumerate(self._target):
                self._setValue(item, self._activeTargets[index], currentValue, weight, index)
            return
        self._setValue(self._target, self._directTarget, currentValue, weight, 0)

    @property
    def _activeTargets(self) -> list[Any]:
        """The object owning the animated property, per target (a new list for one target)."""
        targets = self._activeTargetList
        return targets if targets is not None else [self._directTarget]

    @property
    def _originalValue(self) -> list[Any]:
        """The original value per target (a new list for one target)."""
        originals = self._originalValueList
        return originals if originals is not None else [self._originalValue0]

    def _originalAt(self, targetIndex: int) -> Any:
        originals = self._originalValueList
        return self._originalValue0 if originals is None else originals[targetIndex]

    def _setOriginal(self, targetIndex: int, value: Any) -> None:
        originals = self._originalValueList
        if originals is None:
            self._originalValue0 = value
            return
        while len(originals) <= targetIndex:
            originals.append(None)
        originals[targetIndex] = value

    def _getOriginalValues(self, targetIndex: int = 0) -> None:
        targets = self._activeTargetList
        if targets is None:
            target = self._directTarget
            self._originalValue0 = None
        else:
            target = targets[targetIndex]
            self._setOriginal(targetIndex, None)
        if Animation.InheritOriginalValueFromActiveAnimations:
            for animatable in self._scene._activeAnimatables:
                for other in animatable._runtimeAnimations:
                    if other is self or other._targetPath != self._targetPath:
                        continue
                    for i, active in enumerate(other._activeTargets):
                        if (
                            active is target
                            and i < len(other._originalValue)
                            and other._originalValue[i] is not None
                        ):
                            self._setOriginal(targetIndex, clone(other._originalValue[i]))
                            return
        get_local = (
            getattr(target, "getLocalMatrix", None) if self._targetPath == "_matrix" else None
        )
        original = get_local() if callable(get_local) else get_property(target, self._targetPath)
        value = clone(original) if original else original
        if targets is None:
            self._originalValue0 = value
        else:
            self._setOriginal(targetIndex, value)

    def _setValue(
        self, target: Any, destination: Any, currentValue: Any, weight: float, targetIndex: int
    ) -> None:
        self._currentActiveTarget = destination
        self._weight = weight
        replaced = False
        if self._enableBlending and self._blendingFactor <= 1.0:
            # Babylon.js tests ``!this._originalBlendValue``: a captured 0 (or NaN) counts as
            # missing, so a float blended from 0 is re-captured on every write.
            original = self._originalBlendValue
            if original is None or (
                isinstance(original, int | float) and (original == 0 or original != original)
            ):
                self._originalBlendValue = clone(get_property(destination, self._targetPath))
            if isinstance(self._originalBlendValue, Matrix):
                if Animation.AllowMatrixDecomposeForInterpolation:
                    if self._currentValue is not None:
                        Matrix.DecomposeLerpToRef(
                            self._originalBlendValue,
                            currentValue,
                            self._blendingFactor,
                            self._currentValue,
                        )
                    else:
                        self._currentValue = Matrix.DecomposeLerp(
                            self._originalBlendValue, currentValue, self._blendingFactor
                        )
                elif self._currentValue is not None:
                    Matrix.LerpToRef(
                        self._originalBlendValue,
                        currentValue,
                        self._blendingFactor,
                        self._currentValue,
                    )
                else:
                    self._currentValue = Matrix.Lerp(
                        self._originalBlendValue, currentValue, self._blendingFactor
                    )
            else:
                self._currentValue = universal_lerp(
                    self._originalBlendValue, currentValue, self._blendingFactor
                )
            override = getattr(target, "animationPropertiesOverride", None) if target else None
            speed = override.blendingSpeed if override else self._animation.blendingSpeed
            self._blendingFactor += speed
        elif self._currentValue is None:
            self._currentValue = clone(currentValue)
            replaced = not isinstance(self._currentValue, int | float)
        elif hasattr(self._currentValue, "copyFrom"):
            self._currentValue.copyFrom(currentValue)
        else:
            self._currentValue = currentValue

        if weight != -1.0:
            RegisterTargetForLateAnimationBinding(self._scene, self, self._originalAt(targetIndex))
        elif self._animationState.loopMode == Animation.ANIMATIONLOOPMODE_RELATIVE_FROM_CURRENT:
            add_to_ref = getattr(self._currentValue, "addToRef", None)
            if add_to_ref is not None:
                add_to_ref(
                    self._originalAt(targetIndex), get_property(destination, self._targetPath)
                )
            else:
                set_property(
                    destination,
                    self._targetPath,
                    self._originalAt(targetIndex) + self._currentValue,
                )
        else:
            set_property(destination, self._targetPath, self._currentValue)
        mark = getattr(target, "markAsDirty", None)
        if callable(mark):
            mark(self._animation.targetProperty)
        if replaced:
            # The property may now hold a new object: the scene's path index walks it again.
            index = getattr(self._scene, "_overlapIndex", None)
            if index is not None:
                index.refresh(self)

    def _getCorrectLoopMode(self) -> int:
        target = self._target
        override = getattr(target, "animationPropertiesOverride", None) if target else None
        if override:
            get_class_name = getattr(target, "getClassName", None)
            is_morph = callable(get_class_name) and get_class_name() == "MorphTarget"
            if is_morph and getattr(target, "_animationPropertiesOverride", None) is None:
                return self._animation.loopMode
            return int(override.loopMode)
        return self._animation.loopMode

    def _syncNativeKey(self) -> None:
        """Give Babylon's key-search cache the key Lite's last native write stood on.

        Lite does not keep ``state.key``; Babylon's ``_interpolate`` starts its search there,
        and a NaN frame does not move it (so Babylon returns the last key's value when the
        cache stands on it). For sorted keys (native tracks only) the search ends on the last
        key at or before the frame, whatever its start, so the cache is rebuilt exactly.
        """
        frame = self._nativeFrame
        if frame is None:
            return
        self._nativeFrame = None
        keys = self._animation.getKeys()
        key = -1
        while key + 1 < len(keys) and frame >= key_get(keys[key + 1], "frame"):
            key += 1
        self._animationState.key = key

    # -- seeking and speed ---------------------------------------------------------------------

    def goToFrame(self, frame: float, weight: float = -1) -> None:
        """Jump to ``frame`` (clamped to the keys) and write its value."""
        keys = self._animation.getKeys()
        first = key_get(keys[0], "frame")
        last = key_get(keys[-1], "frame")
        if frame < first:
            frame = first
        elif frame > last:
            frame = last
        for event in self._events:
            if not event.onlyOnce:
                event.isDone = event.frame < frame
        self._currentFrame = frame
        if RuntimeAnimation._recording:  # a jump writes, and its write is journaled as one
            self._recordWrite(weight)
        # A non-finite frame (goToFrame(nan)) goes to Babylon's evaluator, which writes NaN
        # as Babylon.js does; Lite's sampler takes finite times only.
        native = self._native
        if native is not None and weight == -1 and frame - frame == 0.0 and native.current(self):
            native.seek(self, frame)
            return
        self._syncNativeKey()
        value = self._animation._interpolate(frame, self._animationState)
        self.setValue(value, weight)

    def _prepareForSpeedRatioChange(self, newSpeedRatio: float) -> None:
        new_absolute = (
            self._previousElapsedTime * (self._animation.framePerSecond * newSpeedRatio)
        ) / 1000.0
        self._absoluteFrameOffset = self._previousAbsoluteFrame - new_absolute

    # -- the per-frame step --------------------------------------------------------------------

    def animate(
        self,
        elapsedTimeSinceAnimationStart: float,
        from_: float,
        to: float,
        loop: bool,
        speedRatio: float,
        weight: float = -1.0,
    ) -> bool:
        """Advance to ``elapsedTimeSinceAnimationStart`` (ms) and write; False once ended."""
        animation = self._animation
        if not animation.targetPropertyPath:
            self._stopped = True
            return False
        return_value = True
        events = self._events
        state = self._animationState
        if from_ < self._minFrame or from_ > self._maxFrame:
            from_ = self._minFrame
        if to < self._minFrame or to > self._maxFrame:
            to = self._maxFrame
        frame_range = to - from_
        offset_value: Any = None
        # The frame from the elapsed time and the fps ("from" and "to" are not factored in).
        absolute_frame = (
            elapsedTimeSinceAnimationStart * (animation.framePerSecond * speedRatio)
        ) / 1000.0 + self._absoluteFrameOffset
        high_limit_value: Any = 0
        yoyo_loop = False
        yoyo_mode = loop and state.loopMode == Animation.ANIMATIONLOOPMODE_YOYO
        if yoyo_mode:
            position = (absolute_frame - from_) / frame_range if frame_range else math.nan
            sin = math.sin(position * math.pi) if math.isfinite(position) else math.nan
            absolute_frame = abs(sin) * frame_range + from_
            direction = 1 if sin >= 0 else -1
            if self._yoyoDirection != direction:
                yoyo_loop = True
            self._yoyoDirection = direction
        self._previousElapsedTime = elapsedTimeSinceAnimationStart
        self._previousAbsoluteFrame = absolute_frame

        if (
            not loop
            and to >= from_
            and (
                (absolute_frame >= frame_range and speedRatio > 0)
                or (absolute_frame <= 0 and speedRatio < 0)
            )
        ):
            return_value = False
            high_limit_value = animation.evaluate(to)
        elif (
            not loop
            and from_ >= to
            and (
                (absolute_frame <= frame_range and speedRatio < 0)
                or (absolute_frame >= 0 and speedRatio > 0)
            )
        ):
            return_value = False
            high_limit_value = animation.evaluate(from_)
        elif state.loopMode != Animation.ANIMATIONLOOPMODE_CYCLE:
            key_offset = js_str(to) + js_str(from_)
            if key_offset not in self._offsetsCache:
                if self._offsetsCache is _NO_CACHE:
                    self._offsetsCache = {}
                    self._highLimitsCache = {}
                state.repeatCount = 0
                state.loopMode = Animation.ANIMATIONLOOPMODE_CYCLE
                from_value = animation._interpolate(from_, state)
                to_value = animation._interpolate(to, state)
                state.loopMode = self._getCorrectLoopMode()
                if animation.dataType == Animation.ANIMATIONTYPE_FLOAT:
                    self._offsetsCache[key_offset] = to_value - from_value
                elif animation.dataType in (
                    Animation.ANIMATIONTYPE_QUATERNION,
                    Animation.ANIMATIONTYPE_VECTOR3,
                    Animation.ANIMATIONTYPE_VECTOR2,
                    Animation.ANIMATIONTYPE_SIZE,
                    Animation.ANIMATIONTYPE_COLOR3,
                    Animation.ANIMATIONTYPE_COLOR4,
                ):
                    self._offsetsCache[key_offset] = to_value.subtract(from_value)
                else:
                    self._offsetsCache[key_offset] = None
                self._highLimitsCache[key_offset] = to_value
            high_limit_value = self._highLimitsCache[key_offset]
            offset_value = self._offsetsCache[key_offset]

        if offset_value is None and state.loopMode in _RELATIVE_MODES:
            # Babylon's frozen _StaticOffsetValue*: one zero value per runtime and data type
            # (readers never mutate it), not a new one each frame. Only the relative loop
            # modes read the offset (``_interpolate``), so the other modes keep None.
            static = self._staticOffset
            if static is None or static[0] != animation.dataType:
                static = self._staticOffset = (
                    animation.dataType,
                    _static_offset(animation.dataType),
                )
            offset_value = static[1]

        sync_root = self._host.syncRoot if self._host is not None else None
        if sync_root is not None:
            # Follow the root animatable: the same normalised position in this range.
            sync_range = sync_root.toFrame - sync_root.fromFrame
            host_normalized = (
                (sync_root.masterFrame - sync_root.fromFrame) / sync_range
                if sync_range
                else (math.nan if sync_root.masterFrame - sync_root.fromFrame == 0 else math.inf)
            )
            current_frame = from_ + frame_range * host_normalized
        elif (absolute_frame > 0 and from_ > to) or (absolute_frame < 0 and from_ < to):
            current_frame = (
                to + js_mod(absolute_frame, frame_range)
                if return_value and frame_range != 0
                else from_
            )
        else:
            current_frame = (
                from_ + js_mod(absolute_frame, frame_range)
                if return_value and frame_range != 0
                else to
            )

        # Reset events and the key cache when looping.
        if (
            not yoyo_mode
            and (
                (speedRatio > 0 and self._currentFrame > current_frame)
                or (speedRatio < 0 and self._currentFrame < current_frame)
            )
        ) or (yoyo_mode and yoyo_loop):
            on_loop = self._onLoop
            if on_loop is notify_host_loop:
                self._host._notifyLoop()  # type: ignore[union-attr]
            else:
                on_loop()
            for event in events:
                if not event.onlyOnce:
                    event.isDone = False
            state.key = 0 if speedRatio > 0 else len(animation.getKeys()) - 1
        self._currentFrame = current_frame
        state.repeatCount = 0 if frame_range == 0 else to_int32(absolute_frame / frame_range)
        state.highLimitValue = high_limit_value
        state.offsetValue = offset_value
        if RuntimeAnimation._recording:  # a root-motion controller exists (on some scene)
            self._trackPlayback(from_, to, absolute_frame, return_value, yoyo_mode, current_frame)
            self._recordWrite(weight)

        native = self._native
        # A non-finite frame (a NaN/infinite delta, fps or speed upstream) is evaluated by
        # Babylon's own _interpolate, which writes NaN and carries on as Babylon.js does;
        # Lite's sampler takes finite times only. Finite frames are unchanged.
        # A native track whose key state or path objects changed since it was compiled leaves
        # the native path here (``native.current``) and is evaluated below, live, as Babylon.js
        # evaluates every track (lite_compat/animations/state.py).
        if (
            native is not None
            and weight == -1.0
            and current_frame - current_frame == 0.0
            and native.current(self)
        ):
            native.write(self, current_frame)
        else:
            self._syncNativeKey()
            current_value = animation._interpolate(current_frame, state)
            self.setValue(current_value, weight)

        if events:
            index = 0
            while index < len(events):
                event = events[index]
                passed = (frame_range >= 0 and current_frame >= event.frame >= from_) or (
                    frame_range < 0 and current_frame <= event.frame <= from_
                )
                if passed and not event.isDone:
                    if event.onlyOnce:
                        del events[index]
                        index -= 1
                    event.isDone = True
                    event._action(current_frame)
                index += 1

        if not return_value:
            self._stopped = True
        return return_value


#: The loop modes whose ``_interpolate`` reads ``state.offsetValue``.
_RELATIVE_MODES: Final = (
    Animation.ANIMATIONLOOPMODE_RELATIVE,
    Animation.ANIMATIONLOOPMODE_RELATIVE_FROM_CURRENT,
)


def _noop() -> None:
    return None


def notify_host_loop() -> None:
    """The ``_onLoop`` of a runtime its animatable appended: a marker shared by every such
    runtime (one object in all, where a bound method per animatable was one each); the loop
    calls the host's ``_notifyLoop`` in its place."""
    raise AssertionError("notify_host_loop is a marker; RuntimeAnimation calls its host")


#: The event list of every runtime whose animation has no events: an empty tuple typed as
#: the list it stands for (runtimes only iterate, test and delete from a non-empty one).
_NO_EVENTS: list[AnimationEvent] = cast("list[AnimationEvent]", ())


def _js_round(x: float) -> float:
    """``Math.round`` (halves round up; NaN and infinities pass through)."""
    return js_floor(x + 0.5)


#: The offsets and high limits of a runtime no relative loop has filled (read-only, shared).
_NO_CACHE: dict[str, Any] = cast("dict[str, Any]", MappingProxyType({}))
