"""The one playback clock: advance, wrap, clamp, end detection (lite.animation.animation_tick)."""

from __future__ import annotations

import math
import os
import sys
from fractions import Fraction

import pytest

from lite.animation.animation_tick import (
    CLOCK_FOLD_S,
    MAX_TIME,
    TickClock,
    advance_clock,
    advance_time,
    clamp_time,
    reached_end,
    wrap_clock,
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


# --- compensated clock (issue 15, finding 14) ------------------------------------------------

DAY_STEPS_AT_1E3_MS = 86_400_000 * 1000  # 24 h of 1e-3 ms deltas: 8.64e10 steps


def _run_clock(
    steps: int, delta_ms: float, speed: float, start: float, length: float, t0: float
) -> tuple[float, float, float, Fraction]:
    """``steps`` advances with wrap into [start, start + length) from ``t0``.

    Returns (compensated time, its error term, the plain sum's time, the exact time).
    """
    clock = TickClock()
    t = naive = t0
    for _ in range(steps):
        t = wrap_clock(clock, advance_clock(clock, t, delta_ms, speed), start, length)
        naive = wrap_time(advance_time(naive, delta_ms, speed), start, length)
    step = Fraction(delta_ms) / 1000 * Fraction(speed)  # the real product of the inputs
    exact = Fraction(start) + (Fraction(t0) + steps * step - Fraction(start)) % Fraction(length)
    return t, clock.error, naive, exact


@pytest.mark.parametrize(
    ("speed", "start", "length", "t0"),
    [
        (0.37, 0.0, 1.7, 1.69),
        (0.37, 0.1, 1.6, 0.05),
        (-0.37, 0.3, 1.2, 0.31),
        # A long clip late in the day: the plain sum loses ~1e-12 s a step here.
        (0.37, 0.0, 40_000.0, 31_968.0),
    ],
    ids=["forward", "play-range", "backward", "late-in-a-long-clip"],
)
def test_tiny_deltas_stay_on_the_exact_sum_with_a_bound_independent_of_run_length(
    speed: float, start: float, length: float, t0: float
) -> None:
    steps = 2_000_000 if os.environ.get("LITE_LONG") == "1" else 200_000
    t, error, naive, exact = _run_clock(steps, 1e-3, speed, start, length, t0)
    drift = abs(t - float(exact))
    # The error term is exact bookkeeping: time + error is the exact sum up to the
    # rounding of the tiny error term and of the step itself (about 1e-22 s per step).
    per_step = float(abs(Fraction(t) + Fraction(error) - exact)) / steps
    day_bound = CLOCK_FOLD_S + DAY_STEPS_AT_1E3_MS * max(per_step, 1e-22)
    print(
        f"\n{steps} steps: drift {drift:.3g} s (plain sum {abs(naive - float(exact)):.3g} s), "
        f"per step {per_step:.3g} s, 24 h bound {day_bound:.3g} s"
    )
    assert drift <= CLOCK_FOLD_S + 1e-15
    assert abs(error) < CLOCK_FOLD_S + 1e-15
    assert day_bound < 1e-6


def test_clock_returns_the_plain_sum_bit_for_bit_on_ordinary_runs() -> None:
    # Parity: recorded scenarios advance a few hundred 60 Hz frames; the visible time must
    # be Babylon Lite's own sum, to the last bit.
    clock = TickClock()
    t = naive = 0.0
    for i in range(20_000):
        delta = 16.666666666666668 if i % 3 else 17.0
        t = wrap_clock(clock, advance_clock(clock, t, delta, 1.3), 0.25, 2.5)
        naive = wrap_time(advance_time(naive, delta, 1.3), 0.25, 2.5)
        assert t == naive
    assert 0.0 < abs(clock.error) < CLOCK_FOLD_S


def test_a_seek_drops_the_carried_error() -> None:
    clock = TickClock()
    t = 0.0
    for _ in range(1000):
        t = advance_clock(clock, t, 1e-3, 0.37)
    assert clock.error != 0.0
    # The caller assigned another time: no stale error is applied to it.
    assert advance_clock(clock, 0.5, 1.0, 1.0) == 0.5 + 0.001
    assert abs(clock.error) < 1e-17  # only this one addition's rounding
    assert wrap_clock(clock, 3.25, 0.0, 1.0) == 0.25 and clock.error == 0.0


def test_clock_overflow_is_held_at_max_time() -> None:
    clock = TickClock()
    assert advance_clock(clock, MAX_TIME, 1e300, 1e300) == MAX_TIME
    assert clock.error == 0.0
