"""The one playback clock: advance, wrap, clamp and end detection of a group's time.

Babylon Lite advances a group's time in several places (the property controller, the glTF
controller, the weighted mixers; here also the batched evaluator), each with the same
arithmetic and its own loop condition. This module holds that arithmetic once; each caller
passes its (Lite-inherited) loop condition explicitly:

============================  ==========================  =================================
caller                        range                       loops when
============================  ==========================  =================================
property controller, batch    ``[from_time, to_time]``    ``loop and playing``
weighted property mixer       ``[from_time, to_time]``    ``loop``
glTF controller, batch        ``[0, duration]``           ``loop``
weighted glTF mixer           ``[0, duration]``           ``loop and playing``
============================  ==========================  =================================

All functions are float arithmetic on Python floats (doubles) and allocate nothing.

Long runs at tiny deltas: adding a small step to a time rounds, and over 24 hours of 1e-3 ms
deltas (8.64e10 additions) the rounding adds up past 1e-6 s. Each caller therefore advances
and wraps through a :class:`TickClock` (:func:`advance_clock`, :func:`wrap_clock`) that keeps
the exact rounding error of every addition and wrap (Knuth's two-sum) beside the time. While
that error stays below :data:`CLOCK_FOLD_S` the visible time is Babylon Lite's plain sum,
bit for bit (so every recorded parity scenario keeps its numbers); once it reaches it, the
error is folded into the time. The visible time then never drifts more than about
``CLOCK_FOLD_S`` from the exact sum of the steps, however long it runs.

Examples
--------
>>> advance_time(0.5, 250.0, 2.0)
1.0
>>> wrap_time(2.5, 0.0, 2.0)
0.5
>>> clamp_time(2.5, 0.0, 2.0)
2.0
>>> reached_end(2.0, 0.0, 2.0, True, 1.0)
True
"""

from __future__ import annotations

import math
import sys
from array import array
from typing import Final, Protocol

__all__ = [
    "CLOCK_FOLD_S",
    "MAX_TIME",
    "ClockState",
    "TickClock",
    "advance_clock",
    "advance_time",
    "clamp_time",
    "reached_end",
    "wrap_clock",
    "wrap_time",
]

#: Largest finite double: a playback time that overflows is held here so it stays finite
#: (an absurd finite speed x delta would otherwise reach inf, and ``fmod(inf)`` raises).
MAX_TIME: Final = sys.float_info.max

#: Accumulated rounding error (seconds) at which a :class:`TickClock` folds it into the time.
#: 2**-30 s (9.3e-10 s): far above what any recorded scenario accumulates (about 1e-14 s over
#: a few hundred frames, so their times stay Babylon Lite's plain sums bit for bit) and far
#: below the 1e-6 s long-run bound.
CLOCK_FOLD_S: Final = 2.0**-30


class ClockState(Protocol):
    """Two raw doubles, indexable (``array('d')``, or a ``memoryview`` slice of a row)."""

    def __getitem__(self, index: int, /) -> float: ...

    def __setitem__(self, index: int, value: float, /) -> None: ...


class TickClock:
    """The rounding error carried beside one playback time (one per group or controller).

    ``time`` is the last time this clock produced and ``error`` the exact sum minus it. A
    time that no longer equals ``time`` (the caller seeked or assigned it) starts afresh
    with no error, so no writer of a time needs to know about the clock.

    Both are kept as raw doubles in one ``array('d')`` (``state[0]`` the time, ``state[1]``
    the error), so a frame holds no extra float object per group (the allocation guards
    see exactly the float churn of the plain sum). A group's clock keeps them in its state
    row instead (a ``memoryview`` slice of two doubles: ``lite.animation.state``), so the
    batched engine can advance every group's clock in array form.
    """

    __slots__ = ("state",)

    def __init__(self) -> None:
        self.state: ClockState = array("d", bytes(16))

    @property
    def time(self) -> float:
        """The last time this clock produced, seconds."""
        return self.state[0]

    @property
    def error(self) -> float:
        """The exact sum of the steps minus :attr:`time`, seconds."""
        return self.state[1]

    def __repr__(self) -> str:
        return f"TickClock(time={self.state[0]!r}, error={self.state[1]!r})"


def advance_time(time: float, delta_ms: float, speed_ratio: float) -> float:
    """``time + delta_ms / 1000 * speed_ratio`` in seconds, held within ``±MAX_TIME``.

    Parameters
    ----------
    time
        Current playback time, seconds.
    delta_ms
        Elapsed manager time, milliseconds.
    speed_ratio
        Playback speed multiplier (negative plays backwards).

    Returns
    -------
    float
        The advanced time; never inf for finite inputs.
    """
    advanced = time + (delta_ms / 1000.0) * speed_ratio
    if advanced - advanced != 0.0:
        # Only an absurd finite speed * delta overflows; stay finite (fmod(inf) raises).
        advanced = math.copysign(MAX_TIME, advanced)
    return advanced


def advance_clock(clock: TickClock, time: float, delta_ms: float, speed_ratio: float) -> float:
    """:func:`advance_time`, keeping the rounding error of the addition in ``clock``.

    Returns the same value as ``advance_time(time, delta_ms, speed_ratio)`` until the
    accumulated error reaches :data:`CLOCK_FOLD_S`; then the error is folded in.

    Examples
    --------
    >>> clock = TickClock()
    >>> advance_clock(clock, 0.5, 250.0, 2.0)
    1.0
    """
    step = (delta_ms / 1000.0) * speed_ratio
    advanced = time + step
    state = clock.state
    if advanced - advanced != 0.0:
        state[0] = advanced = math.copysign(MAX_TIME, advanced)
        state[1] = 0.0
        return advanced
    error = state[1] if time == state[0] else 0.0
    # Knuth's two-sum: the exact rounding error of ``time + step``.
    back = advanced - time
    error += (time - (advanced - back)) + (step - back)
    if not -CLOCK_FOLD_S < error < CLOCK_FOLD_S:
        folded = advanced + error
        error -= folded - advanced  # exact (fast two-sum: |error| << |advanced|)
        advanced = folded
    state[0] = advanced
    state[1] = error
    return advanced


def _sum_error(a: float, b: float, total: float) -> float:
    # Knuth's two-sum: exact ``a + b - total`` for ``total = fl(a + b)``.
    back = total - a
    return (a - (total - back)) + (b - back)


def wrap_clock(clock: TickClock, time: float, start: float, duration: float) -> float:
    """:func:`wrap_time`, keeping the rounding error of the wrap in ``clock``.

    Returns the same value as ``wrap_time(time, start, duration)``.
    """
    offset = time - start
    rest = math.fmod(offset, duration)  # exact: offset - k * duration
    t = start + rest
    wrapped = t
    if t < start:
        wrapped = t + duration
    if wrapped == time:
        return wrapped
    state = clock.state
    if time != state[0]:
        state[0] = wrapped
        state[1] = 0.0
        return wrapped
    # exact wrapped time = start + (offset + e_offset) - k * duration = t + e_t + e_offset
    error = state[1] + _sum_error(time, -start, offset) + _sum_error(start, rest, t)
    if wrapped != t:
        error += _sum_error(t, duration, wrapped)
    state[0] = wrapped
    state[1] = error
    return wrapped


def wrap_time(time: float, start: float, duration: float) -> float:
    """Wrap ``time`` into ``[start, start + duration)`` (looping playback).

    JavaScript's ``%`` keeps the dividend's sign, so this is ``math.fmod`` plus one period
    for negative offsets, not Python's ``%``. ``duration`` must be positive.
    """
    t = start + math.fmod(time - start, duration)
    if t < start:
        t += duration
    return t


def clamp_time(time: float, start: float, end: float) -> float:
    """Hold ``time`` within ``[start, end]`` (non-looping playback); ``start < end``."""
    if time >= end:
        return end
    if time <= start:
        return start
    return time


def reached_end(time: float, start: float, end: float, playing: bool, speed_ratio: float) -> bool:
    """Whether a non-looping playback at ``time`` has run off its range in its direction.

    True when playing forwards at or past ``end``, or backwards at or before ``start``.
    """
    return playing and (
        (time >= end and speed_ratio > 0.0) or (time <= start and speed_ratio < 0.0)
    )
