"""A batch kind's rows stepped one by one in Python floats (the mixin of ``BatchKind``).

Kinds below ``min_rows`` keep their rows' clock state on the runtime animations and step them
here (:meth:`RowStepping._step_rows`); a vectorised kind's short runs are stepped here too, on
its clock arrays (:meth:`RowStepping._step_array_rows`). The arithmetic is
``RuntimeAnimation.animate``'s for a forward loop, operation for operation; a row that must
take the scalar path this frame (a non-finite frame, a loop its callbacks can see) leaves first.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from lite_compat.animations.batch_sampling import _FLOAT
from lite_compat.animations.batch_writes import _call_loops, _loop_leaves, _loop_observed

if TYPE_CHECKING:
    import numpy as np

__all__ = ["RowStepping"]

Animatable = Any
RuntimeAnimation = Any


class RowStepping:
    """Row-by-row stepping for :class:`~lite_compat.animations.batch.BatchKind`."""

    # Set by BatchKind.
    fps: float
    rate: np.ndarray
    range_list: list[tuple[float, float, float]]
    _frames: list[float]
    _absolutes: list[float]
    _row_writers: list[tuple[Any, str, Any, Any, Any]]
    mark_if_clean: bool
    mark_prop: str
    weighted: bool
    row_specs: list[list[Any]]
    delay: np.ndarray
    elapsed: np.ndarray
    offset: np.ndarray
    current: np.ndarray
    absolute: np.ndarray

    def _evict(self, animatable: Animatable) -> None:
        raise NotImplementedError

    def _queue(self, animatable: Animatable) -> None:
        """Queue a weighted row's late bindings (its values just stored)."""
        raise NotImplementedError

    def _step_rows(self, animatables: list[Animatable], time: float) -> int:
        """:meth:`step` for a kind that is not vectorised: each row in plain Python floats."""
        fps = self.fps
        ranges = self.range_list
        frames = self._frames
        absolutes = self._absolutes
        for k, animatable in enumerate(animatables):
            runtimes = animatable._runtimeAnimations
            elapsed = time - animatable._localDelayOffset
            scaled = elapsed * (fps * animatable._speedRatio)
            looped = 0
            for j, runtime in enumerate(runtimes):
                from_, to, frame_range = ranges[j]
                # RuntimeAnimation.animate's clock for a forward loop, operation for operation.
                absolute = scaled / 1000.0 + runtime._absoluteFrameOffset
                if frame_range == 0:
                    current = to
                elif absolute - absolute != 0.0:
                    current = math.nan
                elif (absolute > 0 and from_ > to) or (absolute < 0 and from_ < to):
                    current = to + math.fmod(absolute, frame_range)
                else:
                    current = from_ + math.fmod(absolute, frame_range)
                if current - current != 0.0:
                    self._evict(animatable)  # a non-finite frame: Babylon's evaluator writes it
                    return k
                if runtime._currentFrame > current:
                    looped += 1
                frames[j] = current
                absolutes[j] = absolute
            if looped and _loop_leaves(animatable):
                self._evict(animatable)  # the scalar path fires the loop at its turn
                return k
            for runtime, current, absolute in zip(runtimes, frames, absolutes, strict=True):
                runtime._currentFrame = current
                runtime._previousElapsedTime = elapsed
                runtime._previousAbsoluteFrame = absolute
            self._write_row(runtimes, self.row_specs[animatable._batchRow[1]])
            if self.weighted:
                self._queue(animatable)
            if looped:
                _call_loops(animatable, looped)
        return len(animatables)

    def rows_stay(self, animatables: list[Animatable], time: float) -> bool:
        """Whether :meth:`_step_rows` would step every row of ``animatables`` (changing nothing).

        The clock of :meth:`_step_rows` without its writes: False when a row would leave the
        batch this frame (a non-finite frame, or a loop while a loop callback is registered).
        """
        fps = self.fps
        ranges = self.range_list
        for animatable in animatables:
            scaled = (time - animatable._localDelayOffset) * (fps * animatable._speedRatio)
            looped = False
            for j, runtime in enumerate(animatable._runtimeAnimations):
                from_, to, frame_range = ranges[j]
                absolute = scaled / 1000.0 + runtime._absoluteFrameOffset
                if frame_range == 0:
                    current = to
                elif absolute - absolute != 0.0:
                    return False
                elif (absolute > 0 and from_ > to) or (absolute < 0 and from_ < to):
                    current = to + math.fmod(absolute, frame_range)
                else:
                    current = from_ + math.fmod(absolute, frame_range)
                if current - current != 0.0:
                    return False
                if runtime._currentFrame > current:
                    looped = True
            if looped and (animatable._onAnimationLoop is not None or _loop_observed(animatable)):
                return False  # even a quiet one: its calls would leave the list's order
        return True

    def _step_array_rows(self, animatables: list[Animatable], time: float) -> int:
        """:meth:`_step_rows` for rows of a vectorised kind: the clock state in the arrays."""
        fps = self.fps
        ranges = self.range_list
        frames = self._frames
        absolutes = self._absolutes
        for k, animatable in enumerate(animatables):
            row = animatable._batchRow[1]
            elapsed = time - float(self.delay[row])
            scaled = elapsed * (fps * animatable._speedRatio)
            offsets = self.offset[row].tolist()
            previous = self.current[row].tolist()
            looped = 0
            for j in range(len(ranges)):
                from_, to, frame_range = ranges[j]
                absolute = scaled / 1000.0 + offsets[j]
                if frame_range == 0:
                    current = to
                elif absolute - absolute != 0.0:
                    current = math.nan
                elif (absolute > 0 and from_ > to) or (absolute < 0 and from_ < to):
                    current = to + math.fmod(absolute, frame_range)
                else:
                    current = from_ + math.fmod(absolute, frame_range)
                if current - current != 0.0:
                    self._evict(animatable)
                    return k
                if previous[j] > current:
                    looped += 1
                frames[j] = current
                absolutes[j] = absolute
            if looped and _loop_leaves(animatable):
                self._evict(animatable)
                return k
            self.elapsed[row] = elapsed
            self.current[row] = frames
            self.absolute[row] = absolutes
            self._write_row(animatable._runtimeAnimations, self.row_specs[row])
            if self.weighted:
                self._queue(animatable)
            if looped:
                _call_loops(animatable, looped)
        return len(animatables)

    def _write_row(self, runtimes: list[RuntimeAnimation], specs: list[Any]) -> None:
        """Sample and write every track of one row (its own ``specs``) at ``self._frames``."""
        if self.weighted:
            # Stored in the runtimes' own value objects (RuntimeAnimation._setValue's copy);
            # the late bindings are queued by the caller.
            for runtime, current, spec, writer in zip(
                runtimes, self._frames, specs, self._row_writers, strict=True
            ):
                values = writer[3](spec, current)
                if spec.kind == _FLOAT:
                    runtime._currentValue = values[0]
                    continue
                leaf = runtime._currentValue
                if spec.stride == 3:
                    leaf.x, leaf.y, leaf.z = values
                elif spec.stride == 4:
                    leaf.x, leaf.y, leaf.z, leaf.w = values
                else:
                    leaf.x, leaf.y = values
            return
        mark_if_clean = self.mark_if_clean
        target = runtimes[0]._target
        for runtime, current, spec, (_, path, effect, sample_one, mark) in zip(
            runtimes, self._frames, specs, self._row_writers, strict=True
        ):
            values = sample_one(spec, current)
            # The owner resolved at start; a leaf is the runtime's own object, assigned
            # back when a script replaced it (Babylon.js assigns it on every write).
            owner = runtime._directTarget
            if spec.kind == _FLOAT:
                setattr(owner, path, values[0])
            else:
                leaf = runtime._currentValue
                if getattr(owner, path) is not leaf:
                    setattr(owner, path, leaf)
                if spec.stride == 3:
                    leaf.x, leaf.y, leaf.z = values
                elif spec.stride == 4:
                    leaf.x, leaf.y, leaf.z, leaf.w = values
                else:
                    leaf.x, leaf.y = values
                if effect is not None:
                    effect(owner)
            if mark is not None:
                if not mark_if_clean:
                    mark(target)
                elif not target._isDirty:
                    target.markAsDirty(self.mark_prop)


def _ranges(animatable: Any) -> list[tuple[float, float]]:
    # RuntimeAnimation.animate replaces an out-of-keys from/to by the track's first/last key.
    ranges = []
    for runtime in animatable._runtimeAnimations:
        from_, to = animatable.fromFrame, animatable.toFrame
        if from_ < runtime._minFrame or from_ > runtime._maxFrame:
            from_ = runtime._minFrame
        if to < runtime._minFrame or to > runtime._maxFrame:
            to = runtime._maxFrame
        ranges.append((float(from_), float(to)))
    return ranges


def _same_clock(runtimes: list[Any]) -> bool:
    """Whether the runtimes (of one animatable) can be one row's columns: one target, one
    frame rate, finite frames, no events, no enableBlending."""
    for runtime in runtimes:
        if (
            runtime._events
            or runtime._enableBlending
            or runtime._target is not runtimes[0]._target
            or runtime._animation.framePerSecond != runtimes[0]._animation.framePerSecond
            or runtime._currentFrame - runtime._currentFrame != 0.0
        ):
            return False
    return True
