"""Springs sampled as a pure function of time, against closed-form answers."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lite
from lite.errors import AnimationStateError


def step_anchor(t: float, out: np.ndarray) -> None:
    out[0] = 1.0 if t >= 0.0 else 0.0
    out[1] = 0.0
    out[2] = -2.0 if t >= 0.0 else 0.0


def step_response(omega: float, zeta: float, t: float) -> float:
    """x(t) for x(0-) = 0 at rest and a unit step of the anchor at t = 0."""
    if t < 0.0:
        return 0.0
    if zeta < 1.0:
        wd = omega * math.sqrt(1.0 - zeta * zeta)
        return 1.0 - math.exp(-zeta * omega * t) * (
            math.cos(wd * t) + zeta * omega / wd * math.sin(wd * t)
        )
    if zeta == 1.0:
        return 1.0 - math.exp(-omega * t) * (1.0 + omega * t)
    root = math.sqrt(zeta * zeta - 1.0)
    r1, r2 = -omega * (zeta - root), -omega * (zeta + root)
    return 1.0 + (r2 * math.exp(r1 * t) - r1 * math.exp(r2 * t)) / (r1 - r2)


@pytest.mark.parametrize(("omega", "zeta"), [(10.0, 0.2), (10.0, 1.0), (6.0, 2.5), (30.0, 0.05)])
def test_step_response_matches_the_closed_form(omega: float, zeta: float) -> None:
    s = lite.SpringSettings(omega, zeta)
    out = np.zeros(3)
    settle = lite.spring_settle_time(s)
    for t in np.linspace(-0.1, 0.9 * settle, 23):
        lite.sample_spring(s, step_anchor, float(t), out)
        want = step_response(omega, zeta, float(t))
        assert out[0] == pytest.approx(want, abs=1e-9)
        assert out[1] == 0.0
        assert out[2] == pytest.approx(-2.0 * want, abs=2e-9)


def test_underdamped_spring_overshoots_and_critical_does_not() -> None:
    out = np.zeros(3)
    peaks = {}
    for zeta in (0.3, 1.0, 2.0):
        s = lite.SpringSettings(8.0, zeta)
        peaks[zeta] = max(
            float(lite.sample_spring(s, step_anchor, float(t), out)[0])
            for t in np.linspace(0.0, 0.5, 200)
        )
    assert peaks[0.3] > 1.3  # 1 + exp(-pi zeta / sqrt(1 - zeta^2)) = 1.372
    assert peaks[1.0] < 1.0 and peaks[2.0] < peaks[1.0]


def test_settle_time_is_minus_ln_1e3_over_zeta_omega() -> None:
    assert lite.spring_settle_time(lite.SpringSettings(10.0, 0.5)) == pytest.approx(
        -math.log(1e-3) / 5.0
    )
    # Over-damped: the slow root sets the memory.
    slow = 4.0 * (3.0 - math.sqrt(8.0))
    assert lite.spring_settle_time(lite.SpringSettings(4.0, 3.0)) == pytest.approx(
        -math.log(1e-3) / slow
    )


def test_sinusoidal_anchor_reaches_the_steady_state_gain_and_phase() -> None:
    omega, zeta, freq = 12.0, 0.4, 5.0
    s = lite.SpringSettings(omega, zeta)

    def anchor(t: float, out: np.ndarray) -> None:
        out[:] = (math.sin(freq * t), 0.0, 0.0)

    h = omega**2 / complex(omega**2 - freq**2, 2.0 * zeta * omega * freq)
    out = np.zeros(3)
    for t in (3.0, 3.1, 3.37, 10.0):
        # The response to sin(f t) is the imaginary part of H e^{i f t}.
        want = (h * complex(math.cos(freq * t), math.sin(freq * t))).imag
        lite.sample_spring(s, anchor, t, out)
        assert out[0] == pytest.approx(want, abs=3e-3 * abs(h))


@settings(max_examples=40, deadline=None)
@given(st.lists(st.floats(-3.0, 3.0, allow_nan=False), min_size=2, max_size=8))
def test_scrubbing_backwards_gives_the_forward_pose(times: list[float]) -> None:
    s = lite.SpringSettings(9.0, 0.3)

    def anchor(t: float, out: np.ndarray) -> None:
        out[:] = (math.sin(2.0 * t), math.cos(3.0 * t), 1.0 if t > 0.5 else -1.0)

    forward = {t: lite.sample_spring(s, anchor, t, np.zeros(3)).copy() for t in sorted(times)}
    out = np.zeros(3)
    for t in sorted(times, reverse=True):
        np.testing.assert_array_equal(lite.sample_spring(s, anchor, t, out), forward[t])


def test_chain_at_rest_hangs_on_its_offsets_and_one_link_is_one_spring() -> None:
    s = lite.SpringSettings(10.0, 0.7)

    def still(t: float, out: np.ndarray) -> None:
        out[:] = (1.0, 2.0, 3.0)

    offsets = np.array([[0.0, -1.0, 0.0], [0.0, -0.5, 0.0], [0.5, 0.0, 0.0]])
    out = np.zeros((3, 3))
    lite.sample_spring_chain(s, still, 4.2, out, offsets)
    np.testing.assert_allclose(out, [[1.0, 1.0, 3.0], [1.0, 0.5, 3.0], [1.5, 0.5, 3.0]], atol=1e-12)

    single = lite.sample_spring(s, step_anchor, 0.3, np.zeros(3))
    chain = lite.sample_spring_chain(s, step_anchor, 0.3, np.zeros((1, 3)))
    np.testing.assert_allclose(chain[0], single, atol=1e-12)


def test_chain_links_lag_their_parents_and_remember_longer() -> None:
    s = lite.SpringSettings(10.0, 1.0)
    out = np.zeros((3, 3))
    lite.sample_spring_chain(s, step_anchor, 0.2, out)
    assert 1.0 > out[0, 0] > out[1, 0] > out[2, 0] > 0.0
    one = lite.spring_settle_time(s)
    assert lite.spring_chain_settle_time(s, 3) == pytest.approx(3 * one)
    assert lite.spring_chain_settle_time([s, lite.SpringSettings(5.0, 1.0)], 2) > 2 * one


@pytest.mark.parametrize(
    ("args", "code"),
    [
        ((10.0, 0.0), "LITE-MOTION-001"),
        ((10.0, -0.5), "LITE-MOTION-001"),
        ((10.0, float("nan")), "LITE-MOTION-001"),
        ((0.0, 1.0), "LITE-MOTION-002"),
        ((float("inf"), 1.0), "LITE-MOTION-002"),
        (("10", 1.0), "LITE-MOTION-002"),
        ((1e9, 1e-7), "LITE-MOTION-002"),
    ],
)
def test_bad_settings_are_refused(args: tuple[object, object], code: str) -> None:
    with pytest.raises(AnimationStateError) as exc:
        lite.SpringSettings(*args)  # type: ignore[arg-type]
    assert exc.value.code == code
    assert exc.value.hint


def test_numpy_scalars_are_numbers() -> None:
    s = lite.SpringSettings(np.float32(10.0), np.int64(1))  # type: ignore[arg-type]
    assert s.damping_ratio == 1.0 and type(s.angular_frequency) is float
    lite.sample_spring(s, step_anchor, np.float64(0.1), np.zeros(3))  # type: ignore[arg-type]


def test_bad_calls_are_refused_and_leave_out_alone() -> None:
    s = lite.SpringSettings(10.0, 1.0)
    out = np.full(3, 7.0)
    cases = [
        (lambda: lite.sample_spring("s", step_anchor, 0.0, out), "LITE-MOTION-003"),  # type: ignore[arg-type]
        (lambda: lite.sample_spring(s, step_anchor, float("nan"), out), "LITE-MOTION-004"),
        (
            lambda: lite.sample_spring(s, step_anchor, 0.0, np.zeros(3, np.float32)),
            "LITE-MOTION-005",
        ),
        (lambda: lite.sample_spring(s, step_anchor, 0.0, np.zeros(4)), "LITE-MOTION-005"),
        (lambda: lite.sample_spring(s, None, 0.0, out), "LITE-MOTION-006"),  # type: ignore[arg-type]
        (
            lambda: lite.sample_spring_chain([s], step_anchor, 0.0, np.zeros((2, 3))),
            "LITE-MOTION-003",
        ),
        (
            lambda: lite.sample_spring_chain(s, step_anchor, 0.0, np.zeros((0, 3))),
            "LITE-MOTION-003",
        ),
        (
            lambda: lite.sample_spring_chain(
                s, step_anchor, 0.0, np.zeros((2, 3)), np.zeros((3, 3))
            ),
            "LITE-MOTION-005",
        ),
    ]
    for call, code in cases:
        with pytest.raises(AnimationStateError) as exc:
            call()
        assert exc.value.code == code
    np.testing.assert_array_equal(out, 7.0)

    def nan_anchor(t: float, buf: np.ndarray) -> None:
        buf[:] = (0.0, float("nan"), 0.0)

    with pytest.raises(AnimationStateError) as exc:
        lite.sample_spring(s, nan_anchor, 0.0, out)
    assert exc.value.code == "LITE-MOTION-006"
