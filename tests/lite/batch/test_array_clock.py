"""The array clock (lite.batch.array_clock) is the scalar clock of lite.animation.animation_tick
row by row, bit for bit: seeded random rows with stale and fresh clocks, errors near the fold,
tiny and huge steps, overflowing speeds, negative times and spans, start 0 and per-row starts."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from lite.animation.animation_tick import CLOCK_FOLD_S, TickClock, advance_clock, wrap_clock
from lite.batch import array_clock


def _rows(seed: int, n: int = 400) -> tuple[np.ndarray, ...]:
    rng = random.Random(seed)
    time = np.array(
        [
            rng.choice([rng.uniform(-5, 5), rng.uniform(-1e6, 1e6), 0.0, -0.0, 1e300])
            for _ in range(n)
        ]
    )
    speed = np.array(
        [rng.choice([1.0, -1.0, rng.uniform(-3, 3), 1e-12, 0.0, 1e308, -1e308]) for _ in range(n)]
    )
    fresh = np.array([rng.random() < 0.7 for _ in range(n)])
    clock_t = np.where(fresh, time, time + 1.0)
    clock_e = np.array(
        [
            rng.choice(
                [0.0, rng.uniform(-1, 1) * CLOCK_FOLD_S, CLOCK_FOLD_S * 0.999, -CLOCK_FOLD_S]
            )
            for _ in range(n)
        ]
    )
    moving = np.array([rng.random() < 0.8 for _ in range(n)])
    start = np.array([rng.choice([0.0, rng.uniform(-2, 2)]) for _ in range(n)])
    span = np.array([rng.choice([1.0, rng.uniform(0.01, 4.0), 1 / 3]) for _ in range(n)])
    return time, speed, clock_t, clock_e, moving, start, span


def _scalar(rows: tuple[np.ndarray, ...], delta_ms: float, per_row_start: bool) -> list[float]:
    time, speed, clock_t, clock_e, moving, start, span = rows
    out: list[float] = []
    for i in range(time.shape[0]):
        clock = TickClock()
        clock.state[0], clock.state[1] = float(clock_t[i]), float(clock_e[i])
        t = float(time[i])
        if moving[i]:
            t = advance_clock(clock, t, delta_ms, float(speed[i]))
        s, d = (float(start[i]), float(span[i])) if per_row_start else (0.0, float(span[0]))
        w = wrap_clock(clock, t, s, d)
        out += [t, w, clock.state[0], clock.state[1]]
    return out


def _arrays(rows: tuple[np.ndarray, ...], delta_ms: float, per_row_start: bool) -> list[float]:
    time, speed, clock_t, clock_e, moving, start, span = (r.copy() for r in rows)
    with np.errstate(all="ignore"):
        array_clock.advance_rows(time, speed, clock_t, clock_e, moving, delta_ms)
        advanced = time.copy()
        if per_row_start:
            wrapped = array_clock.wrap_rows(time, clock_t, clock_e, start, span, moving | True)
        else:
            wrapped = array_clock.wrap_rows(
                time, clock_t, clock_e, 0.0, float(span[0]), moving | True
            )
    return [
        float(v)
        for i in range(time.shape[0])
        for v in (advanced[i], wrapped[i], clock_t[i], clock_e[i])
    ]


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("per_row_start", [False, True])
def test_the_array_clock_is_the_scalar_clock_bit_for_bit(seed: int, per_row_start: bool) -> None:
    rows = _rows(seed)
    for delta_ms in (1000.0 / 60.0, 0.001, 250.0):
        want = _scalar(rows, delta_ms, per_row_start)
        got = _arrays(rows, delta_ms, per_row_start)
        assert np.array(got).tobytes() == np.array(want).tobytes()
        assert any(math.isfinite(v) and v != 0.0 for v in got[3::4])  # errors were carried


def test_the_comparison_catches_a_dropped_compensation(monkeypatch: pytest.MonkeyPatch) -> None:
    rows = _rows(1)
    want = _scalar(rows, 1000.0 / 60.0, True)
    monkeypatch.setattr(array_clock, "sum_error", lambda a, b, total: total * 0.0)
    got = _arrays(rows, 1000.0 / 60.0, True)
    assert np.array(got).tobytes() != np.array(want).tobytes()
