"""Babylon.js-shaped ``Animatable``: one ``beginAnimation`` call's runtime animations and clock.

Port of Babylon.js 9.31 ``Animations/animatable.core.js``: an animatable groups the runtime
animations started by one ``beginAnimation``/``beginDirectAnimation`` call and owns their
clock (``_localDelayOffset``, pause delay, manual jumps from ``goToFrame``, speed changes),
``pause``/``restart``/``stop``/``reset``/``goToFrame``/``syncWith``, weights, the end and
loop callbacks/observables and ``waitAsync``. Weighted and additive writes are blended once
per step by
:func:`~lite_compat.animations.late_binding.ProcessLateAnimationBindings`, as in Babylon.js.

When playback starts the animatable is partitioned by :mod:`~lite_compat.animations.delegation` into
Lite-owned (native) and compat-owned (fallback) tracks; ``getTrackOwners()`` reports the
result with a reason code per fallback track.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Generator, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

from lite.errors import AnimationStateError
from lite_compat._js import js_callable, js_div, js_original, require_number
from lite_compat._lazy import LazyField, clear_created, notify_created
from lite_compat.animations import (
    active_positions,
    batch,
    batch_segments,
    delegation,
    fallback_reasons,
)
from lite_compat.animations.animation import Animation
from lite_compat.animations.runtime_animation import RuntimeAnimation, notify_host_loop
from lite_compat.engines.engine_store import EngineStore
from lite_compat.observable import EventState, Observable

if TYPE_CHECKING:
    from lite_compat.animations.batch import BatchGroup
    from lite_compat.animations.delegation import NativeGroup
    from lite_compat.scene.scene import Scene

__all__ = ["PLAY_ORDER_EPOCH", "Animatable", "TrackOwner", "set_weights"]

#: ``(targetPath, "native" | "fallback", reason code or None)`` for one track.
TrackOwner = tuple[str, str, str | None]


def _is_scene(value: object) -> bool:
    """``isinstance(value, SceneLike)`` without the runtime-protocol machinery.

    The same test Python 3.11 makes for a runtime-checkable protocol (each member present,
    a method member not None), at a fraction of the cost: every ``beginAnimation`` makes it.
    """
    return (
        hasattr(value, "_activeAnimatables")
        and getattr(value, "beginDirectAnimation", None) is not None
        and getattr(value, "getAnimatableByTarget", None) is not None
        and getattr(value, "stopAnimation", None) is not None
    )


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


#: Moves when ``playOrder`` is assigned on an animatable a scene's order memo holds: the scene
#: then sorts its active animatables again instead of checking only the ones added since.
PLAY_ORDER_EPOCH: Final = [0]


class Animatable:
    """A running set of animations on one target (Babylon.js ``Animatable``).

    Two calling conventions are accepted:

    * Babylon.js's: ``Animatable(scene, target, fromFrame=0, toFrame=100,
      loopAnimation=False, speedRatio=1.0, onAnimationEnd=None, animations=None,
      onAnimationLoop=None, isAdditive=False, playOrder=0)``;
    * the Lite-compat six-argument form: ``Animatable(target, animations, fromFrame, toFrame,
      loopAnimation, speedRatio)``, with the later options as keywords (``onAnimationEnd`` may
      also be the 7th positional argument). Its scene is ``target.getScene()`` or the last
      created :class:`~lite_compat.scene.scene.Scene`.

    The animatable joins the scene's active animatables at once; ``scene.render()`` or
    ``scene._animate(ms)`` advances it.
    """

    #: Process animatables whose weight stays 0 (skipped by default, as in Babylon.js).
    ProcessPausedAnimatables: ClassVar[bool] = False

    #: ``(kind, row)`` while a row of the scene's batched evaluation (batch.py), else None.
    _batchRow: tuple[Any, int] | None = None
    #: Whether ``_batchRow`` is a row of a weighted kind (kept with it by batch.py): the one
    #: flag :func:`set_weights` reads per animatable (the row tuple is one more object each).
    _batchWeighted: bool = False
    #: Scalar steps to take before joining the batch again, and the next such wait: a row
    #: that keeps leaving (a speed ramp moves it to another kind every frame) waits longer
    #: each time, so churning costs at most a few admissions (batch.py).
    _batchHold: int = 0
    _batchBackoff: int = 0
    #: Whether the tracks can be a weighted row (batch.py), for the runtimes and key states
    #: it was decided for: ``(key, group or None, wait, steps left before asking again)``.
    _weightedBatch: tuple[Any, Any, int, int] | None = None

    #: Notified (with the animatable) when the animation ends (created on first read).
    onAnimationEndObservable: LazyField[Observable[Animatable]] = LazyField(Observable)
    #: Notified (with the animatable) each time the animation loops (created on first read).
    onAnimationLoopObservable: LazyField[Observable[Animatable]] = LazyField(Observable)
    #: ``onAnimationEnd`` / ``onAnimationLoop`` as called (JavaScript's convention applied).
    _onAnimationEnd: Callable[..., object] | None = None
    _onAnimationLoop: Callable[..., object] | None = None

    #: Whether a scene's order memo holds this animatable (``Scene.sortActiveAnimatables``):
    #: assigning its ``playOrder`` from then on moves :data:`PLAY_ORDER_EPOCH`.
    _playOrderSeen: bool = False

    @property
    def playOrder(self) -> float:
        """Order among the scene's active animatables (``scene.sortActiveAnimatables``)."""
        return self._playOrder

    @playOrder.setter
    def playOrder(self, value: float) -> None:
        if self._playOrderSeen:
            PLAY_ORDER_EPOCH[0] += 1
        self._playOrder = value

    @property
    def onAnimationEnd(self) -> Callable[..., object] | None:
        """Called with no argument when the animation ends. As in JavaScript the function may
        declare parameters (they receive None); its signature is read when it is set."""
        return js_original(self._onAnimationEnd) if self._onAnimationEnd is not None else None

    @onAnimationEnd.setter
    def onAnimationEnd(self, value: Callable[..., object] | None) -> None:
        self._onAnimationEnd = None if value is None else js_callable(value, 0)

    @property
    def onAnimationLoop(self) -> Callable[..., object] | None:
        """Called with no argument each time the animation loops (see ``onAnimationEnd``)."""
        return js_original(self._onAnimationLoop) if self._onAnimationLoop is not None else None

    @onAnimationLoop.setter
    def onAnimationLoop(self, value: Callable[..., object] | None) -> None:
        self._onAnimationLoop = None if value is None else js_callable(value, 0)

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
        if not _is_scene(scene):
            # Six-argument form: (target, animations, fromFrame, toFrame, loop, speedRatio).
            if animations is not None:
                raise TypeError(
                    "Animatable(target, animations, ...) takes the later options as keywords"
                )
            real_target, animations = scene, target
            target = real_target
            get_scene = getattr(target, "getScene", None)
            scene = get_scene() if callable(get_scene) else EngineStore.LastCreatedScene()
            if scene is None:
                raise ValueError("Animatable: no scene (create a Scene first)")
        fromFrame = require_number(fromFrame, "fromFrame", "Animatable", error=AnimationStateError)
        toFrame = require_number(toFrame, "toFrame", "Animatable", error=AnimationStateError)
        speedRatio = require_number(
            speedRatio, "speedRatio", "Animatable", error=AnimationStateError
        )
        self.target = target
        self._fromFrame = fromFrame
        self._toFrame = toFrame
        self._loopAnimation = loopAnimation
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
        # Next to the weight (set_weights reads the three of them per animatable, a cross-fade
        # every frame: neighbours in the instance's values share cache lines).
        self._batchWeighted = False
        self._nativeGroups: list[NativeGroup | BatchGroup] = []
        self._syncRoot: Animatable | None = None
        self._frameToSyncFromJump: float | None = None
        self._goToFrame: float | None = None
        #: Remove the animatable and its runtime animations when a non-looping run ends.
        self.disposeOnEnd = True
        #: True while at least one runtime animation is running.
        self.animationStarted = False
        self._scene: Scene = scene
        # Delegation state (see lite_compat.animations.delegation; _nativeGroups above).
        self._planned: set[int] = set()
        # Set here, not first at batch admission: CPython's shared instance keys then hold it
        # from the first animatable on (a name added later can make each instance its own dict).
        self._batchRow = None
        if animations:
            self.appendAnimations(target, animations)
        self._speedRatio = speedRatio
        scene._activeAnimatables.append(self)
        active_positions.appended(scene, self)
        index = delegation.overlap_index(scene)
        if index is not None:
            index.add_animatable(self)

    # -- properties ----------------------------------------------------------------------------

    @property
    def fromFrame(self) -> float:
        """First frame of the play range."""
        return self._fromFrame

    @fromFrame.setter
    def fromFrame(self, value: float) -> None:
        batch.evict(self)
        self._fromFrame = value

    @property
    def toFrame(self) -> float:
        """Last frame of the play range."""
        return self._toFrame

    @toFrame.setter
    def toFrame(self, value: float) -> None:
        batch.evict(self)
        self._toFrame = value

    @property
    def loopAnimation(self) -> bool | None:
        """Whether playback loops."""
        return self._loopAnimation

    @loopAnimation.setter
    def loopAnimation(self, value: bool | None) -> None:
        batch.evict(self)
        self._loopAnimation = value

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
        value = require_number(value, "weight", "Animatable", error=AnimationStateError)
        row = self._batchRow
        if row is None or value == -1 or not row[0].weighted:
            # A weighted row reads its weight at each step: a new weight (a cross-fade sets
            # one every frame) keeps it in the batch.
            batch.evict(self)
        if value == -1:
            self._weight = -1
            return
        self._weight = min(max(value, 0), 1.0)
        if self._nativeGroups:
            delegation.demote(self._nativeRuntimes(), fallback_reasons.WEIGHTED)

    @property
    def speedRatio(self) -> float:
        """Playback speed multiplier (live; negative plays backwards)."""
        return self._speedRatio

    @speedRatio.setter
    def speedRatio(self, value: float) -> None:
        value = require_number(value, "speedRatio", "Animatable", error=AnimationStateError)
        batch.evict(self)
        for runtime in self._runtimeAnimations:
            runtime._prepareForSpeedRatioChange(value)
        self._speedRatio = value
        if self._nativeGroups:
            reason = fallback_reasons._non_finite_timing_reason(0, 0, value) or (
                fallback_reasons.NEGATIVE_SPEED if value < 0 else None
            )
            if reason is not None:
                delegation.demote(self._nativeRuntimes(), reason)
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
        batch.evict(self)
        self._syncRoot = root
        if root is not None:
            scene = self._scene
            active = scene._activeAnimatables
            position = active_positions.position(scene, self)
            if position > -1:
                del active[position]
                active_positions.removed(scene, self, position)
                active.append(self)
                active_positions.appended(scene, self)
        return self

    def getAnimations(self) -> list[RuntimeAnimation]:
        """The runtime animations (the live list)."""
        return self._runtimeAnimations

    def appendAnimations(self, target: Any, animations: Sequence[Animation]) -> None:
        """Add runtime animations of ``animations`` on ``target``."""
        batch.evict(self)
        index = delegation.overlap_index(self._scene)
        for animation in animations:
            runtime = RuntimeAnimation(target, animation, self._scene, self)
            # (a shared marker, no bound method per animatable: the loop calls _notifyLoop)
            runtime._onLoop = notify_host_loop
            if self._planned:
                # Playback already started: the new track stays on the compat evaluator.
                runtime._fallbackReason = fallback_reasons.APPENDED_AFTER_START
                self._planned.add(id(runtime))
            self._runtimeAnimations.append(runtime)
            if index is not None:
                index.add_runtime(self, runtime)

    def _notifyLoop(self) -> None:
        # An observable never read has no observers (notifying it would do nothing).
        notify_created(self, "onAnimationLoopObservable", self)
        if self._onAnimationLoop is not None:
            self._onAnimationLoop()

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
        batch.evict(self)
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
        """Jump to ``frame`` and write it now; playback continues from there.

        A non-finite ``frame`` is taken as Babylon.js takes it (NaN is written, the scene
        carries on); a value that is not a number raises ``LITE-COMPAT-001`` first.
        """
        frame = require_number(frame, "frame", "Animatable.goToFrame", error=AnimationStateError)
        batch.evict(self)
        self._planOwn()
        runtimes = self._runtimeAnimations
        if runtimes:
            fps = runtimes[0].animation.framePerSecond
            if self._frameToSyncFromJump is None:
                self._frameToSyncFromJump = runtimes[0].currentFrame
            # JavaScript division: a frame rate of 0 gives +-Infinity or NaN, not an error.
            delay = (
                0
                if self.speedRatio == 0
                else js_div(js_div(frame - self._frameToSyncFromJump, fps) * 1000, self.speedRatio)
            )
            self._manualJumpDelay = -delay
        for runtime in runtimes:
            runtime.goToFrame(frame, self._weight if useWeight else -1)
        self._goToFrame = frame

    def pause(self) -> None:
        """Pause; the elapsed time stops counting until ``restart``."""
        if self._paused:
            return
        batch.evict(self)
        self._paused = True

    def restart(self) -> None:
        """Resume after ``pause``."""
        self._paused = False

    def _raiseOnAnimationEnd(self) -> None:
        if self._onAnimationEnd is not None:
            self._onAnimationEnd()
        notify_created(self, "onAnimationEndObservable", self)

    def stop(
        self,
        animationName: str | None = None,
        targetMask: Callable[[Any], bool] | None = None,
        useGlobalSplice: bool = False,
        skipOnAnimationEnd: bool = False,
    ) -> None:
        """Stop (all, or the runtime animations matching ``animationName``/``targetMask``)."""
        batch.evict(self)
        active = self._scene._activeAnimatables
        overlaps = delegation.overlap_index(self._scene)
        if animationName or targetMask:
            if active_positions.position(self._scene, self) < 0:
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
                if overlaps is not None:
                    overlaps.remove_runtime(runtime)
            if not runtimes:
                if not useGlobalSplice:
                    # Where it is now (a callback of a disposed runtime may have moved it).
                    position = active_positions.position(self._scene, self)
                    del active[position]
                    active_positions.removed(self._scene, self, position)
                    if overlaps is not None:
                        overlaps.remove_animatable(self)
                if not skipOnAnimationEnd:
                    self._raiseOnAnimationEnd()
        elif useGlobalSplice:
            if active_positions.position(self._scene, self) > -1:
                self._stopListed(overlaps, skipOnAnimationEnd)
        else:
            # Babylon's indexOf + splice, the index read from the list's record.
            position = active_positions.position(self._scene, self)
            if position < 0:
                return
            del active[position]
            active_positions.removed(self._scene, self, position)
            if overlaps is not None:
                overlaps.remove_animatable(self)
            self._stopRuntimes(skipOnAnimationEnd)

    def _stopListed(self, overlaps: Any, skipOnAnimationEnd: bool = False) -> None:
        # ``stop(None, None, True, skipOnAnimationEnd)`` of an animatable the caller knows
        # is in the scene's active list (stopAllAnimations' bulk pass): no search.
        batch.evict(self)
        if overlaps is not None:
            overlaps.remove_runtimes_of(self)
        self._stopRuntimes(skipOnAnimationEnd)

    def _stopRuntimes(self, skipOnAnimationEnd: bool) -> None:
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
            delegation.demote(native, "stopped")

    def _plan(self) -> None:
        # The scene step's call (Animatable._animate): this animatable starts now, and the
        # unplanned ones after it start later in this step, so they are planned together.
        if len(self._planned) >= len(self._runtimeAnimations):
            return
        index = delegation.overlap_index(self._scene)
        if index is not None and id(self) not in index.alone:
            pending = index.unplanned(self._scene._activeAnimatables)
            if len(pending) > 1 and self in pending:
                together = [self] + [
                    other
                    for other in pending
                    if other is not self
                    and id(other) not in index.alone
                    and other._startsThisStep()
                ]
                if len(together) > 1 and delegation.plan_step(together):
                    return
        self._planOwn()

    def _startsThisStep(self) -> bool:
        # Whether this (not yet stepped) animatable reaches its _plan in the current step.
        return not self._paused and not (
            not Animatable.ProcessPausedAnimatables
            and self._weight == 0
            and self._previousWeight == 0
        )

    def _planOwn(self) -> None:
        # Plan this animatable's new tracks alone (goToFrame, getTrackOwners, or a step whose
        # batch found an overlap).
        if len(self._planned) >= len(self._runtimeAnimations):
            return
        new = [r for r in self._runtimeAnimations if id(r) not in self._planned]
        if not new:
            return
        for runtime in new:
            self._planned.add(id(runtime))
        delegation.plan_animatable(self, new)

    def getTrackOwners(self) -> list[TrackOwner]:
        """Which evaluator plays each track: ``(targetPath, "native"|"fallback", reason)``.

        Ownership is decided when playback starts (first step or ``goToFrame``); calling this
        earlier decides it now. ``reason`` is None for native tracks, else one of the codes
        listed in :mod:`~lite_compat.animations.delegation`.
        """
        self._planOwn()
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
        if running:
            batch.try_admit(self)
        else:
            if self.disposeOnEnd:
                active = self._scene._activeAnimatables
                position = active_positions.position(self._scene, self)
                if position > -1:
                    del active[position]
                    active_positions.removed(self._scene, self, position)
                    overlaps = delegation.overlap_index(self._scene)
                    if overlaps is not None:
                        overlaps.remove_animatable(self)
                for runtime in runtimes:
                    runtime.dispose()
            self._raiseOnAnimationEnd()
            if self.disposeOnEnd:
                self.onAnimationEnd = None
                self.onAnimationLoop = None
                clear_created(self, ("onAnimationLoopObservable", "onAnimationEndObservable"))
        return running


def set_weights(animatables: Sequence[Animatable], weight: float) -> None:
    """``animatable.weight = weight`` for each of ``animatables``, in order (what
    ``AnimationGroup.setWeightForAllAnimatables`` does; a cross-fade calls it every frame).

    The number is checked once, as the first setter would (nothing is changed when it is
    refused; none is checked when there is no animatable); a weighted row's new weight is
    only stored (the setter's own path for it: no eviction, no demotion), anything else goes
    through the setter.
    """
    if not animatables:
        return
    value = require_number(weight, "weight", "Animatable", error=AnimationStateError)
    if value == -1:
        for animatable in animatables:
            animatable.weight = value
        return
    clamped = min(max(value, 0), 1.0)
    for animatable in animatables:
        if (
            animatable._batchWeighted
            and not animatable._nativeGroups
            and type(animatable) is Animatable
        ):
            animatable._weight = clamped
        else:
            animatable.weight = value


# The step a batch segment may pass over when it would skip the animatable (batch_segments.py).
batch_segments._ANIMATE[0] = Animatable._animate
