"""Babylon.js-shaped ``Animatable`` and late animation bindings (weights).

Port of Babylon.js 9.31 ``Animations/animatable.core.js``: an animatable groups the runtime
animations started by one ``beginAnimation``/``beginDirectAnimation`` call and owns their
clock (``_localDelayOffset``, pause delay, manual jumps from ``goToFrame``, speed changes),
``pause``/``restart``/``stop``/``reset``/``goToFrame``/``syncWith``, weights, the end and
loop callbacks/observables and ``waitAsync``. Weighted and additive writes are blended once
per step by :func:`ProcessLateAnimationBindings`, as in Babylon.js.

When playback starts the animatable is partitioned by :mod:`lite_compat._delegation` into
Lite-owned (native) and compat-owned (fallback) tracks; ``getTrackOwners()`` reports the
result with a reason code per fallback track.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Generator, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from lite_compat import _delegation
from lite_compat.animation import Animation
from lite_compat.math import Matrix, Quaternion, Vector3
from lite_compat.observable import EventState, Observable
from lite_compat.runtime_animation import RuntimeAnimation, get_property, set_property

if TYPE_CHECKING:
    from lite_compat._delegation import NativeGroup
    from lite_compat.scene import Scene

__all__ = [
    "Animatable",
    "ProcessLateAnimationBindings",
    "RegisterTargetForLateAnimationBinding",
    "TrackOwner",
]

#: ``(targetPath, "native" | "fallback", reason code or None)`` for one track.
TrackOwner = tuple[str, str, str | None]


class _AnimationEndAwaitable:
    """What ``waitAsync`` returns: awaitable (in a running asyncio loop) and pollable."""

    def __init__(self, animatable: Animatable) -> None:
        self._animatable = animatable
        self._done = False
        self._future: asyncio.Future[Animatable] | None = None
        animatable.onAnimationEndObservable.add(self._resolve, -1, False, animatable, True)

    def _resolve(self, _data: Animatable, _state: EventState) -> None:
        self._done = True
        if self._future is not None and not self._future.done():
            self._future.set_result(self._animatable)

    def done(self) -> bool:
        """True once the animation ended."""
        return self._done

    def result(self) -> Animatable:
        """The animatable (as the resolved promise gives)."""
        return self._animatable

    def __await__(self) -> Generator[Any, None, Animatable]:
        if not self._done:
            if self._future is None:
                self._future = asyncio.get_running_loop().create_future()
            return (yield from self._future.__await__())
        return self._animatable


class Animatable:
    """A running set of animations on one target (Babylon.js ``Animatable``).

    Two calling conventions are accepted:

    * Babylon.js's: ``Animatable(scene, target, fromFrame=0, toFrame=100,
      loopAnimation=False, speedRatio=1.0, onAnimationEnd=None, animations=None,
      onAnimationLoop=None, isAdditive=False, playOrder=0)``;
    * the Lite-compat six-argument form: ``Animatable(target, animations, fromFrame, toFrame,
      loopAnimation, speedRatio)``, with the later options as keywords (``onAnimationEnd`` may
      also be the 7th positional argument). Its scene is ``target.getScene()`` or the last
      created :class:`~lite_compat.scene.Scene`.

    The animatable joins the scene's active animatables at once; ``scene.render()`` or
    ``scene._animate(ms)`` advances it.
    """

    #: Process animatables whose weight stays 0 (skipped by default, as in Babylon.js).
    ProcessPausedAnimatables: ClassVar[bool] = False

    def __init__(
        self,
        scene: Any,
        target: Any = None,
        fromFrame: float = 0,
        toFrame: float = 100,
        loopAnimation: bool | None = False,
        speedRatio: float = 1.0,
        onAnimationEnd: Callable[[], object] | None = None,
        animations: Sequence[Animation] | None = None,
        onAnimationLoop: Callable[[], object] | None = None,
        isAdditive: bool = False,
        playOrder: float = 0,
    ) -> None:
        from lite_compat.scene import Scene, _last_created_scene

        if not isinstance(scene, Scene):
            # Six-argument form: (target, animations, fromFrame, toFrame, loop, speedRatio).
            if animations is not None:
                raise TypeError(
                    "Animatable(target, animations, ...) takes the later options as keywords"
                )
            real_target, animations = scene, target
            target = real_target
            get_scene = getattr(target, "getScene", None)
            scene = get_scene() if callable(get_scene) else _last_created_scene()
            if scene is None:
                raise ValueError("Animatable: no scene (create a Scene first)")
        self.target = target
        self.fromFrame = fromFrame
        self.toFrame = toFrame
        self.loopAnimation = loopAnimation
        self.onAnimationEnd = onAnimationEnd
        self.onAnimationLoop = onAnimationLoop
        self.isAdditive = isAdditive
        self.playOrder = playOrder
        self._localDelayOffset: float | None = None
        self._pausedDelay: float | None = None
        self._manualJumpDelay: float | None = None
        self._runtimeAnimations: list[RuntimeAnimation] = []
        self._paused = False
        self._speedRatio: float = 1
        self._weight: float = -1.0
        self._previousWeight: float = -1.0
        self._syncRoot: Animatable | None = None
        self._frameToSyncFromJump: float | None = None
        self._goToFrame: float | None = None
        #: Remove the animatable and its runtime animations when a non-looping run ends.
        self.disposeOnEnd = True
        #: True while at least one runtime animation is running.
        self.animationStarted = False
        #: Notified (with the animatable) when the animation ends.
        self.onAnimationEndObservable: Observable[Animatable] = Observable()
        #: Notified (with the animatable) each time the animation loops.
        self.onAnimationLoopObservable: Observable[Animatable] = Observable()
        self._scene: Scene = scene
        # Delegation state (see lite_compat._delegation).
        self._nativeGroups: list[NativeGroup] = []
        self._planned: set[int] = set()
        if animations:
            self.appendAnimations(target, animations)
        self._speedRatio = speedRatio
        scene._activeAnimatables.append(self)

    # -- properties ----------------------------------------------------------------------------

    @property
    def syncRoot(self) -> Animatable | None:
        """The animatable this one is synchronised with (or None)."""
        return self._syncRoot

    @property
    def masterFrame(self) -> float:
        """Current frame of the first runtime animation (0 without any)."""
        if not self._runtimeAnimations:
            return 0
        return self._runtimeAnimations[0].currentFrame

    @property
    def weight(self) -> float:
        """Blend weight in [0, 1], or -1 (the default) for an unweighted write."""
        return self._weight

    @weight.setter
    def weight(self, value: float) -> None:
        if value == -1:
            self._weight = -1
            return
        self._weight = min(max(value, 0), 1.0)
        if self._nativeGroups:
            _delegation.demote(self._nativeRuntimes(), _delegation.WEIGHTED)

    @property
    def speedRatio(self) -> float:
        """Playback speed multiplier (live; negative plays backwards)."""
        return self._speedRatio

    @speedRatio.setter
    def speedRatio(self, value: float) -> None:
        for runtime in self._runtimeAnimations:
            runtime._prepareForSpeedRatioChange(value)
        self._speedRatio = value
        if self._nativeGroups:
            reason = _delegation._non_finite_timing_reason(0, 0, value) or (
                _delegation.NEGATIVE_SPEED if value < 0 else None
            )
            if reason is not None:
                _delegation.demote(self._nativeRuntimes(), reason)
        if self._goToFrame is not None:
            self.goToFrame(self._goToFrame)

    @property
    def elapsedTime(self) -> float:
        """Milliseconds since the animatable started (0 before its first step)."""
        if self._localDelayOffset is None:
            return 0
        return self._scene._animationTime - self._localDelayOffset

    @property
    def paused(self) -> bool:
        """True while paused."""
        return self._paused

    # -- animations ----------------------------------------------------------------------------

    def syncWith(self, root: Animatable | None) -> Animatable:
        """Follow ``root``'s normalised frame (None stops following); runs after ``root``."""
        self._syncRoot = root
        if root is not None:
            active = self._scene._activeAnimatables
            if self in active:
                active.remove(self)
                active.append(self)
        return self

    def getAnimations(self) -> list[RuntimeAnimation]:
        """The runtime animations (the live list)."""
        return self._runtimeAnimations

    def appendAnimations(self, target: Any, animations: Sequence[Animation]) -> None:
        """Add runtime animations of ``animations`` on ``target``."""
        for animation in animations:
            runtime = RuntimeAnimation(target, animation, self._scene, self)
            runtime._onLoop = self._make_on_loop()
            if self._planned:
                # Playback already started: the new track stays on the compat evaluator.
                runtime._fallbackReason = _delegation.APPENDED_AFTER_START
                self._planned.add(id(runtime))
            self._runtimeAnimations.append(runtime)

    def _make_on_loop(self) -> Callable[[], None]:
        def on_loop() -> None:
            self.onAnimationLoopObservable.notifyObservers(self)
            if self.onAnimationLoop is not None:
                self.onAnimationLoop()

        return on_loop

    def getAnimationByTargetProperty(self, property: str) -> Animation | None:
        """The source animation animating ``property`` (or None)."""
        for runtime in self._runtimeAnimations:
            if runtime.animation.targetProperty == property:
                return runtime.animation
        return None

    def getRuntimeAnimationByTargetProperty(self, property: str) -> RuntimeAnimation | None:
        """The runtime animation animating ``property`` (or None)."""
        for runtime in self._runtimeAnimations:
            if runtime.animation.targetProperty == property:
                return runtime
        return None

    def reset(self) -> None:
        """Rewind every runtime animation and restore the original values."""
        for runtime in self._runtimeAnimations:
            runtime.reset(True)
        self._localDelayOffset = None
        self._pausedDelay = None

    def enableBlending(self, blendingSpeed: float) -> None:
        """Turn blending on for the source animations (read by runtimes created later)."""
        for runtime in self._runtimeAnimations:
            runtime.animation.enableBlending = True
            runtime.animation.blendingSpeed = blendingSpeed

    def disableBlending(self) -> None:
        """Turn blending off for the source animations."""
        for runtime in self._runtimeAnimations:
            runtime.animation.enableBlending = False

    def goToFrame(self, frame: float, useWeight: bool = False) -> None:
        """Jump to ``frame`` and write it now; playback continues from there."""
        self._plan()
        runtimes = self._runtimeAnimations
        if runtimes:
            fps = runtimes[0].animation.framePerSecond
            if self._frameToSyncFromJump is None:
                self._frameToSyncFromJump = runtimes[0].currentFrame
            delay = (
                0
                if self.speedRatio == 0
                else (((frame - self._frameToSyncFromJump) / fps) * 1000) / self.speedRatio
            )
            self._manualJumpDelay = -delay
        for runtime in runtimes:
            runtime.goToFrame(frame, self._weight if useWeight else -1)
        self._goToFrame = frame

    def pause(self) -> None:
        """Pause; the elapsed time stops counting until ``restart``."""
        if self._paused:
            return
        self._paused = True
        for group in self._nativeGroups:
            group.detach()

    def restart(self) -> None:
        """Resume after ``pause``."""
        self._paused = False
        for group in self._nativeGroups:
            group.attach()

    def _raiseOnAnimationEnd(self) -> None:
        if self.onAnimationEnd is not None:
            self.onAnimationEnd()
        self.onAnimationEndObservable.notifyObservers(self)

    def stop(
        self,
        animationName: str | None = None,
        targetMask: Callable[[Any], bool] | None = None,
        useGlobalSplice: bool = False,
        skipOnAnimationEnd: bool = False,
    ) -> None:
        """Stop (all, or the runtime animations matching ``animationName``/``targetMask``)."""
        active = self._scene._activeAnimatables
        if animationName or targetMask:
            if self not in active:
                return
            runtimes = self._runtimeAnimations
            for index in range(len(runtimes) - 1, -1, -1):
                runtime = runtimes[index]
                if animationName and runtime.animation.name != animationName:
                    continue
                if targetMask is not None and not targetMask(runtime.target):
                    continue
                self._dropNative([runtime])
                runtime.dispose()
                del runtimes[index]
            if not runtimes:
                if not useGlobalSplice:
                    active.remove(self)
                if not skipOnAnimationEnd:
                    self._raiseOnAnimationEnd()
        elif self in active:
            if not useGlobalSplice:
                active.remove(self)
            self._dropNative(self._runtimeAnimations)
            for runtime in self._runtimeAnimations:
                runtime.dispose()
            self._runtimeAnimations.clear()
            if not skipOnAnimationEnd:
                self._raiseOnAnimationEnd()

    def waitAsync(self) -> _AnimationEndAwaitable:
        """An awaitable resolved with the animatable when the animation ends.

        ``await animatable.waitAsync()`` inside an asyncio task while another task renders the
        scene; ``.done()`` can also be polled without an event loop.
        """
        return _AnimationEndAwaitable(self)

    # -- delegation ----------------------------------------------------------------------------

    def _nativeRuntimes(self) -> list[RuntimeAnimation]:
        return [r for r in self._runtimeAnimations if r._native is not None]

    def _dropNative(self, runtimes: Sequence[RuntimeAnimation]) -> None:
        native = [r for r in runtimes if r._native is not None]
        if native:
            _delegation.demote(native, "stopped")

    def _detachNative(self) -> None:
        for group in self._nativeGroups:
            group.detach()

    def _plan(self) -> None:
        if len(self._planned) >= len(self._runtimeAnimations):
            return
        new = [r for r in self._runtimeAnimations if id(r) not in self._planned]
        if not new:
            return
        for runtime in new:
            self._planned.add(id(runtime))
        _delegation.plan_animatable(self, new)

    def getTrackOwners(self) -> list[TrackOwner]:
        """Which evaluator plays each track: ``(targetPath, "native"|"fallback", reason)``.

        Ownership is decided when playback starts (first step or ``goToFrame``); calling this
        earlier decides it now. ``reason`` is None for native tracks, else one of the codes
        listed in :mod:`lite_compat._delegation`.
        """
        self._plan()
        return [
            (
                r.animation.targetProperty,
                "native" if r._native is not None else "fallback",
                None if r._native is not None else r._fallbackReason,
            )
            for r in self._runtimeAnimations
        ]

    # -- the per-frame step --------------------------------------------------------------------

    def _animate(self, delay: float) -> bool:
        if self._paused:
            self.animationStarted = False
            if self._pausedDelay is None:
                self._pausedDelay = delay
            return True
        if self._localDelayOffset is None:
            self._localDelayOffset = delay
            self._pausedDelay = None
        elif self._pausedDelay is not None:
            self._localDelayOffset += delay - self._pausedDelay
            self._pausedDelay = None
        if self._manualJumpDelay is not None:
            self._localDelayOffset += (
                -self._manualJumpDelay if self.speedRatio < 0 else self._manualJumpDelay
            )
            self._manualJumpDelay = None
            self._frameToSyncFromJump = None
        self._goToFrame = None
        if (
            not Animatable.ProcessPausedAnimatables
            and self._weight == 0
            and self._previousWeight == 0
        ):
            # An animatable whose weight stays 0 is "actively" paused.
            return True
        self._previousWeight = self._weight
        self._plan()
        running = False
        runtimes = self._runtimeAnimations
        for runtime in runtimes:
            is_running = runtime.animate(
                delay - self._localDelayOffset,
                self.fromFrame,
                self.toFrame,
                bool(self.loopAnimation),
                self._speedRatio,
                self._weight,
            )
            running = running or is_running
        self.animationStarted = running
        if not running:
            self._detachNative()
            if self.disposeOnEnd:
                active = self._scene._activeAnimatables
                if self in active:
                    active.remove(self)
                for runtime in runtimes:
                    runtime.dispose()
            self._raiseOnAnimationEnd()
            if self.disposeOnEnd:
                self.onAnimationEnd = None
                self.onAnimationLoop = None
                self.onAnimationLoopObservable.clear()
                self.onAnimationEndObservable.clear()
        return running


# ---------------------------------------------------------------------------------------------
# Late animation bindings (weights and additive animations)
# ---------------------------------------------------------------------------------------------


class _LateHolder:
    __slots__ = (
        "additiveAnimations",
        "animations",
        "originalValue",
        "totalAdditiveWeight",
        "totalWeight",
    )

    def __init__(self, originalValue: Any) -> None:
        self.totalWeight = 0.0
        self.totalAdditiveWeight = 0.0
        self.animations: list[RuntimeAnimation] = []
        self.additiveAnimations: list[RuntimeAnimation] = []
        self.originalValue = originalValue


def RegisterTargetForLateAnimationBinding(
    scene: Scene, runtimeAnimation: RuntimeAnimation, originalValue: Any
) -> None:
    """Queue a weighted write of ``runtimeAnimation`` for the end-of-step blend."""
    target = runtimeAnimation.target
    key = id(target)
    entry = scene._lateAnimationHolders.get(key)
    if entry is None:
        entry = (target, {})
        scene._lateAnimationHolders[key] = entry
        scene._registeredForLateAnimationBindings.append(target)
    holders = entry[1]
    holder = holders.get(runtimeAnimation.targetPath)
    if holder is None:
        holder = _LateHolder(originalValue)
        holders[runtimeAnimation.targetPath] = holder
    if runtimeAnimation.isAdditive:
        holder.additiveAnimations.append(runtimeAnimation)
        holder.totalAdditiveWeight += runtimeAnimation.weight
    else:
        holder.animations.append(runtimeAnimation)
        holder.totalWeight += runtimeAnimation.weight


def _process_matrices(holder: _LateHolder) -> Any:
    if holder.totalWeight == 0 and holder.totalAdditiveWeight == 0:
        return holder.originalValue
    normalizer = 1.0
    final_position = Vector3()
    final_scaling = Vector3()
    final_quaternion = Quaternion()
    start_index = 0
    original_animation = holder.animations[0] if holder.animations else None
    original_value = holder.originalValue
    skip_override = False
    if holder.totalWeight < 1.0:
        scale = 1.0 - holder.totalWeight
        original_value.decompose(final_scaling, final_quaternion, final_position)
    else:
        assert original_animation is not None
        start_index = 1
        normalizer = holder.totalWeight
        scale = original_animation.weight / normalizer
        if scale == 1:
            if holder.totalAdditiveWeight:
                skip_override = True
            else:
                return original_animation.currentValue
        original_animation.currentValue.decompose(final_scaling, final_quaternion, final_position)
    if not skip_override:
        final_scaling.scaleInPlace(scale)
        final_position.scaleInPlace(scale)
        final_quaternion.scaleInPlace(scale)
        for runtime in holder.animations[start_index:]:
            if runtime.weight == 0:
                continue
            scale = runtime.weight / normalizer
            position, scaling, quaternion = Vector3(), Vector3(), Quaternion()
            runtime.currentValue.decompose(scaling, quaternion, position)
            scaling.scaleAndAddToRef(scale, final_scaling)
            quaternion.scaleAndAddToRef(
                scale if Quaternion.Dot(final_quaternion, quaternion) > 0 else -scale,
                final_quaternion,
            )
            position.scaleAndAddToRef(scale, final_position)
        final_quaternion.normalize()
    for runtime in holder.additiveAnimations:
        if runtime.weight == 0:
            continue
        position, scaling, quaternion = Vector3(), Vector3(), Quaternion()
        runtime.currentValue.decompose(scaling, quaternion, position)
        scaling.multiplyToRef(final_scaling, scaling)
        Vector3.LerpToRef(final_scaling, scaling, runtime.weight, final_scaling)
        final_quaternion.multiplyToRef(quaternion, quaternion)
        Quaternion.SlerpToRef(final_quaternion, quaternion, runtime.weight, final_quaternion)
        position.scaleAndAddToRef(runtime.weight, final_position)
    work = (
        original_animation._animationState.workValue
        if original_animation is not None
        else Matrix.Identity()
    )
    Matrix.ComposeToRef(final_scaling, final_quaternion, final_position, work)
    return work


def _process_quaternions(holder: _LateHolder, refQuaternion: Any) -> Any:
    if holder.totalWeight == 0 and holder.totalAdditiveWeight == 0:
        return refQuaternion
    original_animation = holder.animations[0] if holder.animations else None
    original_value = holder.originalValue
    cumulative = refQuaternion
    if holder.totalWeight == 0 and holder.totalAdditiveWeight > 0:
        cumulative.copyFrom(original_value)
    elif len(holder.animations) == 1:
        assert original_animation is not None
        Quaternion.SlerpToRef(
            original_value,
            original_animation.currentValue,
            min(1.0, holder.totalWeight),
            cumulative,
        )
        if holder.totalAdditiveWeight == 0:
            return cumulative
    elif len(holder.animations) > 1:
        normalizer = 1.0
        quaternions: list[Any] = []
        weights: list[float] = []
        if holder.totalWeight < 1.0:
            quaternions.append(original_value)
            weights.append(1.0 - holder.totalWeight)
        else:
            if len(holder.animations) == 2:
                Quaternion.SlerpToRef(
                    holder.animations[0].currentValue,
                    holder.animations[1].currentValue,
                    holder.animations[1].weight / holder.totalWeight,
                    refQuaternion,
                )
                if holder.totalAdditiveWeight == 0:
                    return refQuaternion
            normalizer = holder.totalWeight
        for runtime in holder.animations:
            quaternions.append(runtime.currentValue)
            weights.append(runtime.weight / normalizer)
        cumulative_amount = 0.0
        index = 0
        while index < len(quaternions):
            if not index:
                Quaternion.SlerpToRef(
                    quaternions[index],
                    quaternions[index + 1],
                    weights[index + 1] / (weights[index] + weights[index + 1]),
                    refQuaternion,
                )
                cumulative = refQuaternion
                cumulative_amount = weights[index] + weights[index + 1]
                index += 2
                continue
            cumulative_amount += weights[index]
            Quaternion.SlerpToRef(
                cumulative, quaternions[index], weights[index] / cumulative_amount, cumulative
            )
            index += 1
    for runtime in holder.additiveAnimations:
        if runtime.weight == 0:
            continue
        tmp = Quaternion()
        cumulative.multiplyToRef(runtime.currentValue, tmp)
        Quaternion.SlerpToRef(cumulative, tmp, runtime.weight, cumulative)
    return cumulative


def _scale_value(value: Any, scale: float) -> Any:
    scaler = getattr(value, "scale", None)
    return scaler(scale) if callable(scaler) else value * scale


def _process_other(holder: _LateHolder, finalValue: Any) -> Any:
    original_animation = holder.animations[0] if holder.animations else None
    original_value = holder.originalValue
    start_index = 0
    normalizer = 1.0
    relative_from_current = (
        original_animation is not None
        and original_animation._animationState.loopMode
        == Animation.ANIMATIONLOOPMODE_RELATIVE_FROM_CURRENT
    )
    if holder.totalWeight < 1.0:
        if relative_from_current:
            finalValue = _clone_or_same(original_value)
        elif original_animation is not None:
            finalValue = _scale_value(original_value, 1.0 - holder.totalWeight)
        else:
            finalValue = _clone_or_same(original_value)
    elif original_animation is not None:
        normalizer = holder.totalWeight
        scale = original_animation.weight / normalizer
        current = original_animation.currentValue
        if scale != 1:
            finalValue = _scale_value(current, scale)
        elif (len(holder.animations) > 1 or len(holder.additiveAnimations) > 0) and hasattr(
            current, "clone"
        ):
            # Copied rather than aliased: later entries add into finalValue.
            finalValue = current.clone()
        else:
            finalValue = current
        if relative_from_current:
            if hasattr(finalValue, "addToRef"):
                finalValue.addToRef(original_value, finalValue)
            else:
                finalValue += original_value
        start_index = 1
    for runtime in holder.animations[start_index:]:
        scale = runtime.weight / normalizer
        if not scale:
            continue
        current = runtime.currentValue
        if hasattr(current, "scaleAndAddToRef"):
            current.scaleAndAddToRef(scale, finalValue)
        else:
            finalValue += current * scale
    for runtime in holder.additiveAnimations:
        scale = runtime.weight
        if not scale:
            continue
        current = runtime.currentValue
        if hasattr(current, "scaleAndAddToRef"):
            current.scaleAndAddToRef(scale, finalValue)
        else:
            finalValue += current * scale
    return finalValue


def _clone_or_same(value: Any) -> Any:
    clone = getattr(value, "clone", None)
    return clone() if callable(clone) else value


def ProcessLateAnimationBindings(scene: Scene) -> None:
    """Blend the weighted/additive writes queued this step and write the results."""
    if not scene._registeredForLateAnimationBindings:
        return
    for target in scene._registeredForLateAnimationBindings:
        _, holders = scene._lateAnimationHolders[id(target)]
        for path, holder in holders.items():
            original_value = holder.originalValue
            if original_value is None:
                continue
            final_value = get_property(target, path)
            if Animation.AllowMatrixDecomposeForInterpolation and isinstance(
                original_value, Matrix
            ):
                final_value = _process_matrices(holder)
            elif hasattr(original_value, "w"):
                final_value = _process_quaternions(holder, final_value or Quaternion.Identity())
            else:
                final_value = _process_other(holder, final_value)
            set_property(target, path, final_value)
    scene._lateAnimationHolders.clear()
    scene._registeredForLateAnimationBindings.clear()
