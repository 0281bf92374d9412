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

All functions are pure float arithmetic on Python floats (doubles) and allocate nothing.

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
from typing import Final

__all__ = [
    "MAX_TIME",
    "advance_time",
    "clamp_time",
    "reached_end",
    "wrap_time",
]

#: Largest finite double: a playback time that overflows is held here so it stays finite
#: (an absurd finite speed x delta would otherwise reach inf, and ``fmod(inf)`` raises).
MAX_TIME: Final = sys.float_info.max


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
