"""The one playback clock: advance, wrap, clamp, end detection (lite.animation.animation_tick)."""

from __future__ import annotations

import math
import sys

import pytest

from lite.animation.animation_tick import (
    MAX_TIME,
    advance_time,
    clamp_time,
    reached_end,
    wrap_time,
)


def test_advance_scales_milliseconds_by_speed() -> None:
    assert advance_time(0.5, 250.0, 2.0) == 1.0
    assert advance_time(1.0, 500.0, -1.0) == 0.5
    assert advance_time(1.0, 16.0, 0.0) == 1.0


def test_advance_uses_the_callers_arithmetic_exactly() -> None:
    # time + (delta_ms / 1000) * speed, in this order (numbers must not move by a digit).
    t, d, s = 0.1, 16.666666666666668, 1.3
    assert advance_time(t, d, s) == t + (d / 1000.0) * s


def test_advance_overflow_is_held_at_max_time() -> None:
    assert sys.float_info.max == MAX_TIME
    assert advance_time(0.0, 1e300, 1e300) == MAX_TIME
    assert advance_time(0.0, 1e300, -1e300) == -MAX_TIME
    assert math.isfinite(advance_time(MAX_TIME, 1e300, 1e300))


def test_wrap_keeps_times_in_the_range() -> None:
    assert wrap_time(2.5, 0.0, 2.0) == 0.5
    assert wrap_time(2.0, 0.0, 2.0) == 0.0
    assert wrap_time(1.0, 0.0, 2.0) == 1.0
    assert wrap_time(3.5, 1.0, 2.0) == 1.5
    assert wrap_time(0.5, 1.0, 2.0) == 2.5


def test_wrap_negative_times_like_javascript_percent_plus_one_period() -> None:
    # JavaScript's % keeps the dividend's sign: -0.5 % 2 = -0.5, then one period is added.
    assert wrap_time(-0.5, 0.0, 2.0) == 1.5
    assert wrap_time(-4.5, 0.0, 2.0) == 1.5
    assert wrap_time(MAX_TIME, 0.0, 2.0) == math.fmod(MAX_TIME, 2.0)


def test_clamp_holds_times_at_the_ends() -> None:
    assert clamp_time(2.5, 0.0, 2.0) == 2.0
    assert clamp_time(-1.0, 0.0, 2.0) == 0.0
    assert clamp_time(1.25, 0.0, 2.0) == 1.25
    assert clamp_time(0.5, 1.0, 2.0) == 1.0


@pytest.mark.parametrize(
    ("time", "playing", "speed", "expected"),
    [
        (2.0, True, 1.0, True),
        (2.5, True, 1.0, True),
        (1.0, True, 1.0, False),
        (2.0, False, 1.0, False),
        (2.0, True, -1.0, False),
        (0.0, True, -1.0, True),
        (0.0, True, 1.0, False),
        (0.0, True, 0.0, False),
        (2.0, True, 0.0, False),
    ],
)
def test_reached_end_only_in_the_playing_direction(
    time: float, playing: bool, speed: float, expected: bool
) -> None:
    assert reached_end(time, 0.0, 2.0, playing, speed) is expected
