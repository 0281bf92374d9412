"""Array targets: one property clip played on M entities stored in numpy arrays.

No Babylon Lite counterpart (Lite animates one object per group). The group
:func:`create_array_animation_group` returns plays, pauses, stops, seeks, takes weights, masks
by track path and cross-fades like any :class:`~lite.animation.state.AnimationGroup`; each
update writes all M rows of every array in place, with no Python loop over entities
(:mod:`lite.batch.array_sampling` holds the vectorised clock and sampling).

Equivalence contract: entity ``i`` is exactly what a separate
:func:`~lite.animation.property_animation.create_property_animation_group` on a Python object
would show, bit for bit, if that group's ``current_time`` were set to ``x + time_offsets[i]``
whenever the array group's is set to ``x`` (at creation, by ``go_to_frame``, ``stop``, a
restart after completion, or an assignment). Each entity keeps its own time and its own
compensated clocks (the controller's and the group's, as a property group has both), its own
completion (a non-looping entity that reached the end stops being evaluated and stops
contributing to blends; the group completes when every entity has), and, with blending on,
its own weighted buckets (:mod:`lite.animation.weighted_pointer_mixer` calls the hooks of
:class:`ArrayBlend`). Where the contract differs from M separate groups it is documented in
docs/architecture/animation.md (masks select track paths here; ``play_animation`` restarts the
group only once every entity has finished).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from lite.animation.animation_group import play_animation
from lite.animation.animation_group_mask import animation_group_mask_retains_target
from lite.animation.animation_group_task import add_animation_group
from lite.animation.animation_tick import (
    TickClock,
    advance_clock,
    clamp_time,
    wrap_clock,
)
from lite.animation.constants import DEFAULT_FRAME_RATE
from lite.animation.property_binding import check_property_clip
from lite.animation.state import (
    AnimationGroup,
    TargetedAnimation,
    check_manager,
    check_speed_ratio,
    set_current_time_unchecked,
)
from lite.batch.array_sampling import (
    Scratch,
    TimeTable,
    TrackTable,
    VecClock,
    normalize_rows,
    progress,
    sample_track,
    search_keys,
    time_table,
    track_table,
    vec_advance,
    vec_clamp,
    vec_wrap,
)
from lite.errors import AnimationStateError, listed

if TYPE_CHECKING:
    import numpy.typing as npt

    from lite.animation.animation_group_mask import AnimationGroupMask
    from lite.animation.state import AnimationManager
    from lite.animation.types import F32Array, F64Array, PropertyAnimationClip

__all__ = ["ArrayBlend", "ArrayController", "create_array_animation_group"]


def _err(code: str, message: str, hint: str, name: str) -> AnimationStateError:
    return AnimationStateError(code, message, hint=hint, input_name=name)


# ---------------------------------------------------------------------------------------------
# Bound tracks
# ---------------------------------------------------------------------------------------------


@dataclass(slots=True, eq=False)
class _ArrayTrack:
    path: str
    table: TrackTable
    time_slot: int  # index of its TimeTable in the controller (-1: one key)
    target: npt.NDArray[np.floating[Any]]  # the user's array as (M, stride)
    sample: F32Array  # (M, stride) float32: this frame's sample (the scalar path's scratch)
    sample_cols: tuple[F32Array, ...]
    target_cols: tuple[F32Array, ...]  # (float32 targets only)
    direct32: bool  # the target is float32: sample straight into it
    key: Hashable  # storage identity, for weighted buckets


def _storage_key(arr: np.ndarray[Any, Any]) -> Hashable:
    return (arr.__array_interface__["data"][0], arr.shape, arr.strides, arr.dtype.str)


# ---------------------------------------------------------------------------------------------
# The controller (the group's evaluator)
# ---------------------------------------------------------------------------------------------


class _Rows:
    """One block of rows of an array group: entity times, clocks, sampling and writes.

    Entity times are ``t`` float64; ``done`` marks finished entities of a non-looping run.
    Blocks of at most :data:`ARRAY_CHUNK_ROWS` rows keep every work array cache-resident.
    """

    __slots__ = (
        "_any_done",
        "_ctrl_clocks",
        "_f",
        "_fin",
        "_group_clocks",
        "_idx",
        "_live",
        "_live2d",
        "_retained",
        "_saved",
        "_scratch",
        "_t_max",
        "_times",
        "all_done",
        "done",
        "m",
        "offsets",
        "t",
        "tracks",
    )

    def __init__(
        self,
        tracks: list[_ArrayTrack],
        times: tuple[TimeTable, ...],
        offsets: F64Array,
        scratch: Scratch,
        retained: list[bool],
    ) -> None:
        m = int(offsets.shape[0])
        self.m = m
        self.tracks = tuple(tracks)
        self._times = times
        self.offsets = offsets
        self._scratch = scratch
        self.all_done = False
        self.t = np.zeros(m)
        self._ctrl_clocks = VecClock.zeros(m)
        self._group_clocks = VecClock.zeros(m)
        self.done = np.zeros(m, dtype=bool)
        self._any_done = False
        self._live = np.ones(m, dtype=bool)
        self._live2d = self._live[:, None]
        self._saved = (np.zeros(m), np.zeros(m), np.zeros(m))
        self._idx = np.zeros(m, dtype=np.intp)
        self._f = np.zeros(m)
        self._fin = np.zeros(m, dtype=bool)
        self._t_max = 0.0
        self._retained = retained  # shared with the controller (its mask)

    # -- time ---------------------------------------------------------------------------------

    def reseed(self, base: float) -> None:
        """Entity times become ``base + offsets``; every entity is live again."""
        np.add(self.offsets, base, out=self.t)
        if self._any_done:
            self.done.fill(False)
            self._live.fill(True)
            self._any_done = False
        self.all_done = False
        self._ctrl_clocks.synced = False
        self._group_clocks.synced = False
        self._t_max = float(np.abs(self.t, out=self._scratch.v[0]).max())

    def _other(self, clocks: VecClock) -> VecClock:
        return self._group_clocks if clocks is self._ctrl_clocks else self._ctrl_clocks

    def _advance(self, clocks: VecClock, delta_ms: float, speed: float) -> None:
        step = (delta_ms / 1000.0) * speed  # advance_clock's step, the same double
        self._other(clocks).synced = False
        t_max = self._t_max
        self._t_max = t_max + abs(step)
        if not self._any_done:
            vec_advance(self.t, clocks, step, t_max, self._scratch)
            return
        # Finished entities are stopped groups: neither their time nor their clock moves.
        self._save_done(clocks)
        vec_advance(self.t, clocks, step, t_max, self._scratch)
        self._restore_done(clocks)

    def _wrap(self, clocks: VecClock, start: float, duration: float) -> None:
        self._other(clocks).synced = False
        self._t_max = max(abs(start), abs(start + duration))
        if not self._any_done:
            vec_wrap(self.t, clocks, start, duration, self._scratch)
            return
        self._save_done(clocks)
        vec_wrap(self.t, clocks, start, duration, self._scratch)
        self._restore_done(clocks)

    def _save_done(self, clocks: VecClock) -> None:
        """Keep every entity's time and clock, so :meth:`_restore_done` can undo finished ones."""
        st, s0, s1 = self._saved
        np.copyto(st, self.t)
        np.copyto(s0, clocks.time)
        np.copyto(s1, clocks.error)

    def _restore_done(self, clocks: VecClock) -> None:
        """Put the finished entities' time and clock back to what :meth:`_save_done` kept."""
        st, s0, s1 = self._saved
        done = self.done
        np.copyto(self.t, st, where=done)
        np.copyto(clocks.time, s0, where=done)
        np.copyto(clocks.error, s1, where=done)
        clocks.synced = False

    def _clamp(self, start: float, end: float) -> None:
        vec_clamp(self.t, start, end)
        self._ctrl_clocks.synced = False
        self._group_clocks.synced = False
        self._t_max = max(abs(start), abs(end))

    def _commit_finished(self) -> bool:
        """Fold this frame's finished rows (``_fin``) into ``done``; True when all."""
        fin = self._fin
        np.logical_or(self.done, fin, out=self.done)
        np.logical_not(self.done, out=self._live)
        self._any_done = True
        self.all_done = bool(self.done.all())
        return self.all_done

    def step(
        self,
        clocks: VecClock,
        delta_ms: float,
        playing: bool,
        speed: float,
        wraps: bool,
        start: float,
        end: float,
    ) -> bool:
        """Advance (when playing), wrap or clamp the rows' times; True if some finish now."""
        if playing:
            self._advance(clocks, delta_ms, speed)
        if wraps:
            self._wrap(clocks, start, max(0.0, end - start))
            return False
        # reached_end on the raw times == on the clamped ones (clamping keeps >= / <=)
        self._clamp(start, end)
        return self._finish_any(playing, speed, start, end)

    # -- evaluation ---------------------------------------------------------------------------

    def sample(self, direct: bool = False) -> None:
        """Sample every retained track at the entity times into its float32 ``sample``.

        With ``direct``, float32 targets are sampled straight into the target (every row).
        """
        retained = self._retained
        t = self.t
        sc = self._scratch
        idx = self._idx
        f = self._f
        slot = -2
        for i, tr in enumerate(self.tracks):
            if not retained[i]:
                continue
            if tr.time_slot != slot and tr.time_slot >= 0:
                slot = tr.time_slot
                table = self._times[slot]
                search_keys(table, t, idx, sc.b[1])
                progress(table, t, idx, f, sc.v[0], sc.b[1])
            if direct and tr.direct32:
                sample_track(tr.table, t, idx, f, sc, tr.target, tr.target_cols)
            else:
                sample_track(tr.table, t, idx, f, sc, tr.sample, tr.sample_cols)

    def _write(self, direct: bool) -> None:
        retained = self._retained
        any_done = self._any_done
        for i, tr in enumerate(self.tracks):
            if not retained[i] or (direct and tr.direct32):
                continue
            if any_done:
                np.copyto(tr.target, tr.sample, where=self._live2d)
            else:
                np.copyto(tr.target, tr.sample)

    def _finish_any(self, playing: bool, speed: float, start: float, end: float) -> bool:
        if not playing or speed == 0.0:
            return False
        fin = self._fin
        if speed > 0.0:
            np.greater_equal(self.t, end, out=fin)
        else:
            np.less_equal(self.t, start, out=fin)
        if self._any_done:
            np.logical_and(fin, self._live, out=fin)
        return bool(fin.any())


#: Rows per block: each block's work arrays stay in cache (chosen by measurement, see
#: docs/performance.md); M up to this is one block.
ARRAY_CHUNK_ROWS: Final = 16_384


def _chunk_rows() -> int:
    """The block size in rows (a function, so tests can shrink it)."""
    return ARRAY_CHUNK_ROWS


class ArrayController:
    """Evaluates an array group: M entity clocks, vectorised sampling, in-place writes.

    Satisfies :class:`~lite.animation.state.AnimationController` (``time`` is the group's
    base time, the time of an entity with offset 0); ``from_time``/``to_time`` are the play
    range. The rows live in blocks (``rows``) evaluated one after the other.
    """

    __slots__ = (
        "_clock",
        "_mask_key",
        "_reseed",
        "_retained",
        "blend",
        "completed",
        "from_time",
        "loop",
        "m",
        "playing",
        "rows",
        "speed_ratio",
        "time",
        "to_time",
        "tracks",
    )

    def __init__(
        self, rows: list[_Rows], retained: list[bool], paths: tuple[str, ...], duration: float
    ) -> None:
        self.rows = tuple(rows)
        self.m = sum(r.m for r in rows)
        self.tracks = paths
        self.from_time = 0.0
        self.to_time = duration
        self.time = 0.0
        self.playing = False
        self.speed_ratio = 1.0
        self.loop = True
        self.completed = False
        self._clock = TickClock()
        self._reseed = True
        self._retained = retained
        self._mask_key: tuple[object, ...] = (None,)
        self.blend = ArrayBlend(self)

    @property
    def done(self) -> npt.NDArray[np.bool_]:
        """Per entity: finished its non-looping run (a new array)."""
        return np.concatenate([r.done for r in self.rows])

    @property
    def t(self) -> F64Array:
        """Per entity: its clip time, seconds (a new array)."""
        return np.concatenate([r.t for r in self.rows])

    def reseed(self, base: float) -> None:
        """Entity times become ``base + offsets``; every entity is live again."""
        for r in self.rows:
            r.reseed(base)
        self._reseed = False

    def write_initial_pose(self) -> None:
        """Write every entity's pose at the group's time plus its offset; nothing advances.

        What the group's first update with a zero delta would write (times wrapped into the
        play range when looping, clamped otherwise), so arrays copied right after creation
        already hold frame 0. Clocks are re-seeded on the first real update, so playback is
        unchanged.
        """
        self.reseed(self.time)
        for r in self.rows:
            r.step(
                r._ctrl_clocks,
                0.0,
                False,
                self.speed_ratio,
                self.loop,
                self.from_time,
                self.to_time,
            )
            r.sample(True)
            r._write(True)
        self._reseed = True

    # -- masks --------------------------------------------------------------------------------

    def set_mask(self, mask: AnimationGroupMask | None) -> None:
        """Masks select track paths: a masked-out track is neither sampled nor written."""
        if mask is None:
            if self._mask_key[0] is not None:
                self._retained[:] = [True] * len(self.tracks)
                self._mask_key = (None,)
            return
        key = self._mask_key
        if (
            key[0] is mask
            and key[1] == mask.mode
            and key[2] == mask.disabled
            and key[3] == mask.names
        ):
            return
        self._mask_key = (mask, mask.mode, mask.disabled, list(mask.names))
        for i, path in enumerate(self.tracks):
            self._retained[i] = animation_group_mask_retains_target(mask, path)

    def tick(self, delta_ms: float, engine: object | None = None) -> None:
        """PropertyController.tick for every entity: advance, wrap or clamp, sample, write."""
        if self._reseed:
            self.reseed(self.time)
        start = self.from_time
        end = self.to_time
        playing = self.playing
        speed = self.speed_ratio
        if playing:
            self.time = advance_clock(self._clock, self.time, delta_ms, speed)
        # Babylon Lite's property controller loops only while playing.
        wraps = self.loop and playing
        if wraps:
            self.time = wrap_clock(self._clock, self.time, start, max(0.0, end - start))
        else:
            self.time = clamp_time(self.time, start, end)
        finished = False
        complete = True
        for r in self.rows:
            if r.all_done:
                continue  # a finished block: nothing of it moves or is written
            finishing = r.step(r._ctrl_clocks, delta_ms, playing, speed, wraps, start, end)
            direct = not r._any_done
            r.sample(direct)
            r._write(direct)
            if finishing and r._commit_finished():
                finished = True
            complete = complete and r.all_done
        if finished and complete:
            self.completed = True


# ---------------------------------------------------------------------------------------------
# Weighted blending (the hooks the weighted property mixer calls)
# ---------------------------------------------------------------------------------------------


class _ArrayBucket:
    """One weighted bucket per target storage: M rows, each a property bucket of its own."""

    __slots__ = (
        "acc",
        "active",
        "any_active",
        "contested",
        "has_ref",
        "q64",
        "quaternion",
        "ref",
        "seen",
        "stride",
        "target",
        "tmp",
        "v",
    )

    def __init__(self, target: npt.NDArray[np.floating[Any]], stride: int, quaternion: bool):
        m = int(target.shape[0])
        self.target = target
        self.stride = stride
        self.quaternion = quaternion
        self.acc = np.zeros((m, stride), dtype=np.float32)
        self.tmp = np.zeros((m, stride))
        self.q64 = np.zeros((m, stride))
        self.v = (np.zeros(m), np.zeros(m), np.zeros(m))
        self.contested = np.zeros(m, dtype=bool)
        self.active = np.zeros(m, dtype=bool)
        self.has_ref = np.zeros(m, dtype=bool)
        self.ref = np.zeros((m, stride), dtype=np.float32)
        self.any_active = False
        self.seen = True

    def begin_frame(self) -> None:
        """Reset the bucket (the mixer's per-frame reset)."""
        self.seen = False
        self.contested.fill(False)
        if self.any_active:
            self.active.fill(False)
            self.has_ref.fill(False)
            self.acc.fill(0.0)
            self.any_active = False

    def flush(self) -> None:
        """Write the blended rows (quaternions renormalised first)."""
        if not self.any_active:
            return
        if self.quaternion and self.stride == 4:
            len_sq, tmp, _ = self.v
            mask = self.has_ref  # free now; reset next frame
            normalize_rows(self.acc, self.q64, len_sq, tmp, mask)
        np.copyto(self.target, self.acc, where=self.active[:, None])


class ArrayBlend:
    """An array group's side of :mod:`lite.animation.weighted_pointer_mixer`.

    The mixer holds the buckets (keyed by target storage) and calls :meth:`mark` (contested
    rows), :meth:`tick` (advance with the group clock, sample, write or accumulate) and each
    bucket's ``begin_frame``/``flush``.
    """

    __slots__ = ("ctrl",)

    def __init__(self, ctrl: ArrayController) -> None:
        self.ctrl = ctrl

    def _bucket(self, buckets: dict[Hashable, Any], tr: _ArrayTrack) -> _ArrayBucket:
        bucket = buckets.get(tr.key)
        if bucket is None or bucket.stride != tr.table.stride:
            bucket = buckets[tr.key] = _ArrayBucket(tr.target, tr.table.stride, False)
        bucket.quaternion = tr.table.quaternion
        bucket.seen = True
        return bucket

    def mark(self, group: AnimationGroup, buckets: dict[Hashable, Any]) -> int:
        """Mark the live rows of every retained track contested; the number of buckets."""
        ctrl = self.ctrl
        ctrl.set_mask(group.mask)
        retained = ctrl._retained
        count = 0
        for r in ctrl.rows:
            if r.all_done:
                continue
            for i, tr in enumerate(r.tracks):
                if not retained[i]:
                    continue
                bucket = self._bucket(buckets, tr)
                if r._any_done:
                    np.logical_or(bucket.contested, r._live, out=bucket.contested)
                else:
                    bucket.contested.fill(True)
                count += 1
        return count

    def tick(self, group: AnimationGroup, buckets: dict[Hashable, Any], delta_ms: float) -> None:
        """The mixer's per-group work for an array group (``_advance_group_time`` + writes)."""
        ctrl = self.ctrl
        ctrl.set_mask(group.mask)
        if ctrl._reseed:
            ctrl.reseed(group.current_time)
        playing = group.is_playing
        speed = group.speed_ratio
        base = group.current_time
        start = ctrl.from_time
        end = ctrl.to_time
        if playing:
            base = advance_clock(group._clock, base, delta_ms, speed)
        # Babylon Lite's weighted-pointer-mixer loops whenever the group loops.
        wraps = group.loop_animation
        if wraps:
            base = wrap_clock(group._clock, base, start, max(0.0, end - start))
        else:
            base = clamp_time(base, start, end)
        set_current_time_unchecked(group, base)
        ctrl.time = base
        weight = group.weight
        finished = False
        complete = True
        for r in ctrl.rows:
            if r.all_done:
                continue
            finishing = r.step(r._group_clocks, delta_ms, playing, speed, wraps, start, end)
            if weight != 0.0:
                r.sample()
                self._mix(r, buckets, weight)
            if finishing and r._commit_finished():
                finished = True
            complete = complete and r.all_done
        if finished and complete:
            group._completed = True  # the mixer completes the group after the frame

    def _mix(self, r: _Rows, buckets: dict[Hashable, Any], weight: float) -> None:
        sc = r._scratch
        live = r._live
        retained = self.ctrl._retained
        rows, direct = sc.b[2], sc.b[3]
        for i, tr in enumerate(r.tracks):
            if not retained[i]:
                continue
            bucket = self._bucket(buckets, tr)
            np.logical_and(bucket.contested, live, out=rows)
            np.logical_not(bucket.contested, out=direct)
            np.logical_and(direct, live, out=direct)
            np.copyto(tr.target, tr.sample, where=direct[:, None])
            if rows.any():
                _accumulate(bucket, tr.sample, rows, weight, sc)


def _accumulate(
    bucket: _ArrayBucket,
    sample: F32Array,
    rows: npt.NDArray[np.bool_],
    weight: float,
    sc: Scratch,
) -> None:
    # weighted_pointer_mixer._accumulate per row: values = f32(values + sample * weight * sign)
    prod = bucket.tmp
    np.multiply(sample, weight, out=prod, dtype=np.float64)
    if bucket.quaternion and bucket.stride == 4:
        first, flip = sc.b[0], sc.b[1]
        dot, tmp, _ = bucket.v
        np.logical_not(bucket.has_ref, out=first)
        np.logical_and(first, rows, out=first)
        np.copyto(bucket.ref, sample, where=first[:, None])
        ref = bucket.ref
        np.multiply(ref[:, 0], sample[:, 0], out=dot, dtype=np.float64)
        for c in (1, 2, 3):
            np.multiply(ref[:, c], sample[:, c], out=tmp, dtype=np.float64)
            np.add(dot, tmp, out=dot)
        np.less(dot, 0.0, out=flip)
        np.logical_and(flip, bucket.has_ref, out=flip)  # rows that had a reference before
        np.logical_and(flip, rows, out=flip)
        np.negative(prod, out=prod, where=flip[:, None])
        np.logical_or(bucket.has_ref, first, out=bucket.has_ref)
    np.add(bucket.acc, prod, out=prod, dtype=np.float64)
    np.copyto(bucket.acc, prod, casting="same_kind", where=rows[:, None])
    np.logical_or(bucket.active, rows, out=bucket.active)
    bucket.any_active = True


# ---------------------------------------------------------------------------------------------
# The group
# ---------------------------------------------------------------------------------------------


@dataclass(slots=True, eq=False, repr=False)  # the short AnimationGroup repr
class _ArrayGroup(AnimationGroup):
    """An :class:`AnimationGroup` whose time assignments re-seed its entity times."""

    def __setattr__(self, name: str, value: object) -> None:
        AnimationGroup.__setattr__(self, name, value)
        if name == "current_time":
            ctrl = getattr(self, "_ctrl", None)
            if isinstance(ctrl, ArrayController):
                ctrl._reseed = True


# ---------------------------------------------------------------------------------------------
# Validation and creation
# ---------------------------------------------------------------------------------------------

_DTYPES = (np.dtype(np.float32), np.dtype(np.float64))


def _check_arrays(
    clip: PropertyAnimationClip, arrays: object
) -> tuple[int, list[np.ndarray[Any, Any]]]:
    if not isinstance(arrays, Mapping):
        raise _err(
            "LITE-ARRAY-001",
            f"arrays must be a mapping of track path to numpy array, got {type(arrays).__name__}",
            "pass {'position': positions, 'position.x': xs} with one entry per clip track",
            "arrays",
        )
    paths = [tr.path for tr in clip.tracks]
    seen: set[str] = set()
    for p in paths:
        if p in seen:
            raise _err(
                "LITE-ARRAY-013",
                f"clip {clip.name!r} animates path {p!r} twice; an array group needs one "
                "track per path",
                "merge or rename the duplicate tracks",
                "clip",
            )
        seen.add(p)
    for key in arrays:
        if not isinstance(key, str):
            raise _err(
                "LITE-ARRAY-001",
                f"arrays keys must be track path strings, got {key!r}",
                "key each array by its track's path",
                "arrays",
            )
        if key not in seen:
            raise _err(
                "LITE-ARRAY-002",
                f"arrays[{key!r}]: clip {clip.name!r} has no track {key!r} "
                f"(its tracks: {listed(paths)})",
                "key each array by the path of a clip track",
                f"arrays[{key!r}]",
            )
    missing = [p for p in paths if p not in arrays]
    if missing:
        raise _err(
            "LITE-ARRAY-003",
            f"arrays has no entry for track {missing[0]!r} of clip {clip.name!r}"
            + (f" (also missing: {listed(missing[1:])})" if missing[1:] else ""),
            "give one writable array per clip track",
            f"arrays[{missing[0]!r}]",
        )
    m: int | None = None
    first_path = ""
    out: list[np.ndarray[Any, Any]] = []
    for tr in clip.tracks:
        name = f"arrays[{tr.path!r}]"
        arr = arrays[tr.path]
        if not isinstance(arr, np.ndarray):
            raise _err(
                "LITE-ARRAY-004",
                f"{name} must be a numpy array, got {type(arr).__name__}",
                "pass np.zeros((M, stride), np.float32) or a float64 array",
                name,
            )
        if arr.dtype not in _DTYPES or not arr.dtype.isnative:
            raise _err(
                "LITE-ARRAY-004",
                f"{name} must be float32 or float64 (native byte order), got {arr.dtype}",
                "convert once with arr.astype(np.float32)",
                name,
            )
        stride = tr.stride
        want = "(M,)" if stride == 1 else f"(M, {stride})"
        ok = arr.ndim == 1 if stride == 1 else (arr.ndim == 2 and arr.shape[1] == stride)
        if not ok:
            raise _err(
                "LITE-ARRAY-005",
                f"{name}: track {tr.path!r} has {stride} component(s), so its array must have "
                f"shape {want}; got {arr.shape}",
                "scalar tracks take (M,) arrays, vector and quaternion tracks (M, stride)",
                name,
            )
        if m is None:
            m = int(arr.shape[0])
            first_path = tr.path
        elif arr.shape[0] != m:
            raise _err(
                "LITE-ARRAY-005",
                f"{name} has {arr.shape[0]} rows but arrays[{first_path!r}] has {m}; every "
                "array holds the same M entities",
                "give every array the same first dimension",
                name,
            )
        if not arr.flags.writeable:
            raise _err(
                "LITE-ARRAY-006",
                f"{name} is read-only",
                "pass a writable array (arr.copy(), or set arr.flags.writeable = True)",
                name,
            )
        if not arr.flags.c_contiguous:
            raise _err(
                "LITE-ARRAY-007",
                f"{name} is not C-contiguous (strides {arr.strides})",
                "pass np.ascontiguousarray(arr), then read the results from that array",
                name,
            )
        if tr.quaternion and stride != 4:
            raise _err(
                "LITE-ARRAY-012",
                f"track {tr.path!r} is a quaternion track with {stride} components",
                "quaternion tracks have 4 components (x, y, z, w)",
                name,
            )
        if tr.sampler.input.shape[0] == 0:
            raise _err(
                "LITE-ARRAY-014",
                f"track {tr.path!r} has no keys",
                "give every track at least one key",
                name,
            )
        out.append(arr)
    assert m is not None  # a clip has at least one track
    if m == 0:
        raise _err(
            "LITE-ARRAY-011",
            f"arrays hold no entities (M = 0, arrays[{first_path!r}] has shape {out[0].shape})",
            "animate at least one entity",
            f"arrays[{first_path!r}]",
        )
    for i, a in enumerate(out):
        for j in range(i):
            if np.shares_memory(a, out[j]):
                raise _err(
                    "LITE-ARRAY-010",
                    f"arrays[{clip.tracks[i].path!r}] and arrays[{clip.tracks[j].path!r}] "
                    "share memory; each track needs its own array",
                    "give each track a separate array",
                    f"arrays[{clip.tracks[i].path!r}]",
                )
    return m, out


def _check_offsets(value: object, m: int) -> F64Array:
    if value is None:
        return np.zeros(m)
    arr = np.asarray(value)
    if arr.dtype.kind not in "iuf":
        raise _err(
            "LITE-ARRAY-008",
            f"time_offsets must be real numbers, got dtype {arr.dtype}",
            "pass a float array of seconds, one per entity",
            "time_offsets",
        )
    if arr.shape != (m,):
        raise _err(
            "LITE-ARRAY-008",
            f"time_offsets must have shape ({m},) (one per entity), got {arr.shape}",
            "pass one offset in seconds per row of the arrays",
            "time_offsets",
        )
    offsets = np.array(arr, dtype=np.float64)  # a copy: later edits to the input do nothing
    bad = np.flatnonzero(~np.isfinite(offsets))
    if bad.size:
        raise _err(
            "LITE-ARRAY-009",
            f"time_offsets[{int(bad[0])}] is {offsets[bad[0]]!r}; offsets must be finite "
            f"({bad.size} non-finite)",
            "replace NaN/inf offsets with seconds",
            "time_offsets",
        )
    return offsets


def create_array_animation_group(
    manager: AnimationManager,
    clip: PropertyAnimationClip,
    arrays: Mapping[str, np.ndarray[Any, Any]],
    *,
    loop: bool = True,
    speed_ratio: float = 1.0,
    time_offsets: npt.ArrayLike | None = None,
) -> AnimationGroup:
    """Play ``clip`` on M entities stored in numpy arrays, all rows written in place.

    Each update samples every track for all M entities at once (vectorised key search,
    lerp, Babylon Lite's slerp, STEP, CUBICSPLINE, easing) and writes the rows of the arrays.
    Entity ``i`` equals, to the float, a separate ``create_property_animation_group`` on a
    Python object whose time is the group's plus ``time_offsets[i]``.

    Parameters
    ----------
    manager
        The manager that drives the group.
    clip
        A compiled property clip (:func:`lite.create_property_animation_clip`).
    arrays
        One writable, C-contiguous float32 or float64 array per clip track, keyed by the
        track's path: shape ``(M,)`` for scalar tracks, ``(M, stride)`` for vector and
        quaternion tracks (x, y, z, w). Values are rounded to float32 as Babylon Lite's
        ``Float32Array`` scratch rounds them, then stored in the array's dtype.
    loop, speed_ratio
        Looping and playback speed, as for a property group.
    time_offsets
        ``(M,)`` seconds added to each entity's clip time (default zeros); copied.

    Returns
    -------
    AnimationGroup
        Playing, attached to ``manager``. Play, pause, stop, ``go_to_frame``, weights, masks
        (by track path) and fades apply to all M entities. The arrays already hold the pose
        at time 0 plus each entity's offset (wrapped into the clip when looping, clamped
        otherwise), so a copy taken before the first update is a true frame 0. (A property
        group, like Babylon Lite's, writes nothing until its first update.)

    Raises
    ------
    AnimationStateError
        ``LITE-ARRAY-001`` ``arrays`` is not a mapping of path strings; ``-002`` a path not
        in the clip; ``-003`` a clip track without an array; ``-004`` not a float32/float64
        numpy array; ``-005`` a shape that does not match the track's stride or the other
        arrays' M; ``-006`` read-only; ``-007`` not C-contiguous; ``-008`` ``time_offsets``
        not real or not of shape ``(M,)``; ``-009`` a non-finite offset; ``-010`` two tracks'
        arrays share memory; ``-011`` M = 0; ``-012`` a quaternion track without 4
        components; ``-013`` a clip that animates one path twice; ``-014`` a track without
        keys; ``-015`` a clip whose duration is not positive. ``LITE-STATE-014`` /
        ``LITE-STATE-007`` / ``LITE-STATE-006`` for a wrong manager, clip or speed. Nothing
        is attached and no array is written when it raises.
    """
    check_manager(manager)
    checked = check_property_clip(clip)
    speed = check_speed_ratio(speed_ratio)
    m, targets = _check_arrays(checked, arrays)
    offsets = _check_offsets(time_offsets, m)
    duration = float(checked.duration)
    if not (duration > 0.0 and math.isfinite(duration)):
        raise _err(
            "LITE-ARRAY-015",
            f"clip {checked.name!r} has duration {duration} s; an array group plays "
            "[0, duration] and needs a positive one",
            "give the clip keys after time 0",
            "clip",
        )
    times: list[TimeTable] = []
    by_times: dict[bytes, int] = {}
    tables: list[tuple[int, TrackTable]] = []
    for tr in checked.tracks:
        sampler = tr.sampler
        slot = -1
        table: TimeTable | None = None
        if sampler.input.shape[0] > 1:
            raw = sampler.input_f64.tobytes()
            got = by_times.get(raw)
            if got is None:
                got = by_times[raw] = len(times)
                times.append(time_table(np.ascontiguousarray(sampler.input_f64)))
            slot = got
            table = times[slot]
        tables.append((slot, track_table(sampler, tr.stride, tr.quaternion, tr.easing, table)))
    # Sample tracks grouped by their key times (one search per shared time table).
    order = sorted(range(len(checked.tracks)), key=lambda i: tables[i][0])
    retained = [True] * len(order)
    chunk = _chunk_rows()
    scratches: dict[int, Scratch] = {}
    blocks: list[_Rows] = []
    for lo in range(0, m, chunk):
        hi = min(m, lo + chunk)
        n = hi - lo
        scratch = scratches.get(n)
        if scratch is None:
            scratch = scratches[n] = Scratch(n)  # blocks run one after the other: shared
        tracks: list[_ArrayTrack] = []
        for i in order:
            tr = checked.tracks[i]
            slot, table_ = tables[i]
            arr = targets[i]
            target = arr.reshape(m, tr.stride)[lo:hi]
            direct = arr.dtype == np.float32
            sample = np.zeros((n, tr.stride), dtype=np.float32)
            tracks.append(
                _ArrayTrack(
                    path=tr.path,
                    table=table_,
                    time_slot=slot,
                    target=target,
                    sample=sample,
                    sample_cols=tuple(sample[:, c] for c in range(tr.stride)),
                    target_cols=tuple(target[:, c] for c in range(tr.stride)) if direct else (),
                    direct32=direct,
                    key=_storage_key(target),
                )
            )
        blocks.append(_Rows(tracks, tuple(times), offsets[lo:hi], scratch, retained))
    paths = tuple(checked.tracks[i].path for i in order)
    ctrl = ArrayController(blocks, retained, paths, duration)
    ctrl.speed_ratio = speed
    ctrl.loop = bool(loop)
    group = _ArrayGroup(
        name=checked.name,
        duration=duration,
        frame_rate=checked.frame_rate or DEFAULT_FRAME_RATE,
        is_playing=False,
        current_time=0.0,
        targeted_animations=tuple(
            TargetedAnimation(path=tr.path, target=arr)
            for tr, arr in zip(checked.tracks, targets, strict=True)
        ),
        speed_ratio=speed,
        loop_animation=bool(loop),
        weight=1.0,
        _ctrl=ctrl,
    )
    group._property_mixer = ctrl.blend
    ctrl.write_initial_pose()
    play_animation(group)
    add_animation_group(manager, group)
    return group
