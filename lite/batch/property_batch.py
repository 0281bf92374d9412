"""Property groups of one clip sampled together: per-row tables and float32 buffers.

Python-only; the scalar reference is :class:`lite.animation.property_animation.PropertyController`.
"""

from __future__ import annotations

import math
from array import array
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, cast

import numpy as np

from lite.animation.constants import (
    INTERP_LINEAR,
    INTERP_STEP,
)
from lite.animation.property_animation import PropertyController
from lite.animation.state import (
    AnimationGroup,
)

if TYPE_CHECKING:
    from lite.animation.property_binding import PropertyWriter, Scratch
    from lite.animation.types import AnimationSampler, F32Array, F64Array


# ---------------------------------------------------------------------------------------------
# Property groups: tracks of one clip sampled for all its groups at once
# ---------------------------------------------------------------------------------------------


@dataclass(slots=True, eq=False)
class _PropTrack:
    """One LINEAR or STEP property track as per-row tables (row 0: at or before the first
    key; row i: segment i - 1 -> i), shared by every group playing its clip."""

    times: tuple[float, ...]
    times64: F64Array
    step: bool
    row_t0: F64Array  # (L,)
    row_dt: F64Array  # (L,) inf for empty segments
    a: F64Array  # (L, stride) start values (STEP: the held key)
    d: F64Array  # (L, stride) b - a (STEP: the next key minus the held one)
    stride: int


def _prop_track(sampler: AnimationSampler, stride: int) -> _PropTrack:
    t64 = sampler.input_f64
    keys = sampler.output.astype(np.float64).reshape(-1, stride)
    n_keys = int(t64.shape[0])
    seg_a = [0] + list(range(n_keys - 1))
    seg_b = list(range(n_keys)) if n_keys > 1 else [0]
    row_t0 = np.array([float(t64[0])] + [float(t64[r - 1]) for r in range(1, n_keys)])
    row_dt = np.array(
        [1.0]
        + [
            (float(t64[r]) - float(t64[r - 1])) if float(t64[r]) > float(t64[r - 1]) else math.inf
            for r in range(1, n_keys)
        ]
    )
    a = keys[seg_a]
    d = keys[seg_b] - a
    for arr in (row_t0, row_dt, a, d):
        arr.flags.writeable = False
    return _PropTrack(
        times=tuple(float(x) for x in t64.tolist()),
        times64=t64,
        step=sampler.interpolation == INTERP_STEP,
        row_t0=row_t0,
        row_dt=row_dt,
        a=a,
        d=d,
        stride=stride,
    )


@dataclass(slots=True, eq=False)
class _PropMember:
    group: AnimationGroup
    ctrl: PropertyController
    writers: tuple[PropertyWriter, ...]
    batch: _PropBatch
    slot: int
    #: Per track: this member's values, a float32 memoryview slice of the batch's buffer
    #: (indexing gives Python floats, as the scalar path's ``array('f')`` scratch does).
    values: tuple[Scratch, ...] = ()
    finished: bool = False


@dataclass(slots=True, eq=False)
class _PropBatch:
    """Groups playing one property clip (same samplers, no easing, LINEAR or STEP)."""

    tracks: tuple[_PropTrack, ...]
    members: list[_PropMember] = field(default_factory=list)
    #: Per member slot: this frame's time (every slot is sampled; active ones are written).
    time_list: list[float] = field(default_factory=list)
    count: int = 0
    #: Per track: a float32 buffer of (members, stride) values and its numpy view.
    buffers: list[array[float]] = field(default_factory=list)
    views: list[F32Array] = field(default_factory=list)


def _finish_prop_batch(batch: _PropBatch) -> None:
    """Allocate the value buffers once the members are known."""
    n = len(batch.members)
    batch.buffers = [array("f", bytes(4 * n * tr.stride)) for tr in batch.tracks]
    batch.views = [
        np.frombuffer(buf, dtype=np.float32).reshape(n, tr.stride)
        for buf, tr in zip(batch.buffers, batch.tracks, strict=True)
    ]
    mviews = [memoryview(buf) for buf in batch.buffers]
    for m in batch.members:
        # A float32 memoryview slice: indexing reads Python floats, like array('f').
        m.values = tuple(
            cast("Scratch", mv[m.slot * tr.stride : (m.slot + 1) * tr.stride])
            for mv, tr in zip(mviews, batch.tracks, strict=True)
        )


def _prop_batchable(ctrl: PropertyController) -> bool:
    for track in ctrl.tracks:
        sampler = track.sampler
        if (
            track.easing is not None
            or track.quaternion
            or sampler.interpolation not in (INTERP_LINEAR, INTERP_STEP)
            or sampler.input.shape[0] == 0
        ):
            return False
    return bool(ctrl.tracks)


def _sample_prop_batch(batch: _PropBatch) -> None:
    """Sample every track of ``batch`` at every member's time (as ``evaluate_sampler``) into
    the float32 value buffers."""
    times = np.array(batch.time_list)
    for tr, view in zip(batch.tracks, batch.views, strict=True):
        n_keys = len(tr.times)
        row = np.searchsorted(tr.times64, times, side="right")
        np.minimum(row, n_keys - 1, out=row)
        row[times <= tr.times[0]] = 0
        f = (times - tr.row_t0[row]) / tr.row_dt[row]
        np.clip(f, 0.0, 1.0, out=f)
        if n_keys > 1:
            f[times >= tr.times[-1]] = 1.0
        if tr.step:
            # STEP holds key idx, or takes idx + 1 once t reaches it (f == 1).
            np.floor(f, out=f)
        np.copyto(view, tr.a[row] + f[:, None] * tr.d[row], casting="same_kind")
