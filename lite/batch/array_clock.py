"""The scalar clock of :mod:`lite.animation.animation_tick` on many rows at once (numpy).

Python-only. Each function is the scalar one's operations, in the same order on doubles, one
element per group: the compensated two-sum of ``advance_clock`` and ``wrap_clock``, so every
time and clock error equals the scalar clock's to the bit. Shared by the glTF batch's clocks
(:mod:`lite.batch.gltf_clock`: start 0, the clip's duration) and the property batches'
(:mod:`lite.batch.property_batch`: each member's play range).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from lite.animation.animation_tick import CLOCK_FOLD_S, MAX_TIME
from lite.animation.state import (
    COL_CLOCK_ERROR,
    COL_CLOCK_TIME,
    COL_PLAYING,
    COL_SPEED,
    COL_STOPPED,
    COL_TIME,
)

if TYPE_CHECKING:
    from lite.animation.types import F64Array

__all__ = ["advance_rows", "advance_state", "settle_rows", "sum_error", "wrap_rows"]

BoolArray = np.ndarray[tuple[int], np.dtype[np.bool_]]
RowSelection = slice | np.ndarray[Any, np.dtype[np.intp]]


def sum_error(a: F64Array | float, b: F64Array | float, total: F64Array) -> F64Array:
    """Knuth's two-sum, as ``animation_tick._sum_error``: exact ``a + b - total``."""
    back = total - a
    return (a - (total - back)) + (b - back)


def advance_rows(
    time: F64Array,
    speed: F64Array,
    clock_t: F64Array,
    clock_e: F64Array,
    moving: BoolArray,
    delta_ms: float,
) -> None:
    """``advance_clock`` on the rows where ``moving``: ``time``, ``clock_t`` and ``clock_e``
    (one element per group) advanced in place, the others left alone. Call inside
    ``np.errstate(all="ignore")`` (an infinite step is clamped to ``MAX_TIME``, as the scalar
    clock does)."""
    step = (delta_ms / 1000.0) * speed
    adv = time + step
    err = np.where(time == clock_t, clock_e, 0.0)
    back = adv - time
    err += (time - (adv - back)) + (step - back)
    over = (adv - adv) != 0.0
    fold = ~((err > -CLOCK_FOLD_S) & (err < CLOCK_FOLD_S))
    if fold.any():
        folded = adv + err
        err = np.where(fold, err - (folded - adv), err)
        adv = np.where(fold, folded, adv)
    if over.any():
        adv = np.where(over, np.copysign(MAX_TIME, time + step), adv)
        err = np.where(over, 0.0, err)
    np.copyto(time, adv, where=moving)
    np.copyto(clock_t, adv, where=moving)
    np.copyto(clock_e, err, where=moving)


def advance_state(
    data: F64Array, sel: RowSelection, delta_ms: float
) -> tuple[F64Array, BoolArray, BoolArray]:
    """The clock prologue every batched clock shares: the state rows ``data[sel]`` of a
    :class:`~lite.animation.state.GroupStateStore` gathered as ``(columns, rows)`` (a
    contiguous copy: arithmetic on the strided columns of ``data[sel]`` is about 3x slower),
    with :func:`advance_rows` applied to the rows that are live and playing. Returns that
    copy, the live mask and the playing mask; ``data`` itself is not written. Call inside
    ``np.errstate(all="ignore")``."""
    st: F64Array = np.ascontiguousarray(data[sel].T)
    playing = st[COL_PLAYING] != 0.0
    live = st[COL_STOPPED] == 0.0
    moving = live & playing
    if moving.any():
        time = st[COL_TIME]
        advance_rows(time, st[COL_SPEED], st[COL_CLOCK_TIME], st[COL_CLOCK_ERROR], moving, delta_ms)
    return st, live, playing


def wrap_rows(
    time: F64Array,
    clock_t: F64Array,
    clock_e: F64Array,
    start: F64Array | float,
    span: F64Array | float,
    looping: BoolArray,
) -> F64Array:
    """``wrap_clock(clock, time, start, start + span)`` on every row: the wrapped times (valid
    where ``looping``); where a looping row's time changed, its clock (``clock_t``,
    ``clock_e``) is moved as the scalar clock moves it (reset when the clock was stale)."""
    offset = time - start
    rest = np.fmod(offset, span)
    t = start + rest
    wrapped: F64Array = np.where(t < start, t + span, t)
    changed = looping & (wrapped != time)
    if changed.any():
        fresh = time != clock_t
        e = clock_e + sum_error(time, -start, offset) + sum_error(start, rest, t)
        e = np.where(wrapped != t, e + sum_error(t, span, wrapped), e)
        np.copyto(clock_e, np.where(fresh, 0.0, e), where=changed)
        np.copyto(clock_t, wrapped, where=changed)
    return wrapped


def settle_rows(
    st: F64Array,
    bounds: tuple[F64Array | float, F64Array | float, F64Array | float],
    looping: BoolArray,
    clamped: BoolArray,
    playing: BoolArray,
    finished: BoolArray,
) -> F64Array:
    """The advanced times of the state columns ``st`` (as :func:`advance_state` returns
    them) settled into the play range ``bounds`` (start, end, span): wrapped
    where ``looping`` (:func:`wrap_rows`, which also moves those rows' clocks), clamped where
    ``clamped`` (``clamp_time``), anything else as it is. ``finished`` is overwritten with the
    clamped rows that reached the end they play towards (``reached_end``), or cleared when no
    row is clamped. Returns a new array; callers store it back where the rows are live."""
    start, end, span = bounds
    time, speed = st[COL_TIME], st[COL_SPEED]
    clock_t, clock_e = st[COL_CLOCK_TIME], st[COL_CLOCK_ERROR]
    out: F64Array = time.copy()
    if looping.any():
        np.copyto(out, wrap_rows(time, clock_t, clock_e, start, span, looping), where=looping)
    if clamped.any():
        at_end = time >= end
        at_start = time <= start
        np.copyto(out, np.where(at_end, end, np.where(at_start, start, time)), where=clamped)
        fin = clamped & playing & ((at_end & (speed > 0.0)) | (at_start & (speed < 0.0)))
        np.copyto(finished, fin)
    elif finished.any():
        finished.fill(False)
    return out
