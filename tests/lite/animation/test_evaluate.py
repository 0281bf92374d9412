"""Keyframe sampling: hand-worked values for every interpolation and edge."""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numpy.testing import assert_allclose

from lite import (
    INTERP_CUBICSPLINE,
    INTERP_LINEAR,
    INTERP_STEP,
    AnimationSampler,
    KeyframeError,
    evaluate_sampler,
    find_keyframe,
    quat_slerp,
)


def sample(s: AnimationSampler, t: float, stride: int = 1, is_quat: bool = False) -> list[float]:
    out = np.full(stride, -99.0, dtype=np.float32)
    evaluate_sampler(s, t, stride, is_quat, out, 0)
    return [float(v) for v in out]


LIN = AnimationSampler([0.0, 1.0, 3.0], [0.0, 10.0, -10.0], INTERP_LINEAR)


def test_linear_before_first_key_clamps_to_first_value() -> None:
    assert sample(LIN, -5.0) == [0.0]


def test_linear_exactly_on_key_returns_key_value() -> None:
    assert sample(LIN, 1.0) == [10.0]


def test_linear_between_keys_interpolates() -> None:
    assert sample(LIN, 2.0) == [0.0]
    assert sample(LIN, 0.25) == [2.5]


def test_linear_after_last_key_clamps_to_last_value() -> None:
    assert sample(LIN, 99.0) == [-10.0]


def test_single_key_returns_it_everywhere() -> None:
    s = AnimationSampler([0.5], [1.0, 2.0, 3.0], INTERP_LINEAR)
    for t in (-1.0, 0.5, 7.0):
        assert sample(s, t, 3) == [1.0, 2.0, 3.0]


def test_step_holds_value_until_next_key() -> None:
    s = AnimationSampler([0.0, 1.0, 2.0], [1.0, 2.0, 3.0], INTERP_STEP)
    assert sample(s, 0.999) == [1.0]
    assert sample(s, 1.0) == [2.0]
    assert sample(s, 1.5) == [2.0]
    assert sample(s, 2.0) == [3.0]


def test_zero_length_segment_jumps_to_later_key() -> None:
    s = AnimationSampler([0.0, 1.0, 1.0, 2.0], [0.0, 1.0, 5.0, 6.0], INTERP_LINEAR)
    assert sample(s, 1.0) == [5.0]
    assert sample(s, 1.5) == [5.5]


def test_cubicspline_uses_hermite_with_tangents_scaled_by_interval() -> None:
    # keys at 0 and 2: p0=0, out-tangent m0=1; p1=1, in-tangent m1=0; f=0.5, dt=2
    s = AnimationSampler([0.0, 2.0], [9.0, 0.0, 1.0, 0.0, 1.0, 9.0], INTERP_CUBICSPLINE)
    h00, h10, h01, h11 = 0.5, 0.125, 0.5, -0.125
    expected = h00 * 0 + h10 * (1 * 2) + h01 * 1 + h11 * (0 * 2)
    assert sample(s, 1.0) == pytest.approx([expected])
    assert sample(s, -1.0) == [0.0]  # skips the in-tangent at the first key
    assert sample(s, 5.0) == [1.0]


def test_cubicspline_quaternion_is_normalised() -> None:
    s = AnimationSampler(
        [0.0, 1.0],
        [0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0],
        INTERP_CUBICSPLINE,
    )
    q = sample(s, 0.5, 4, True)
    assert math.isclose(math.hypot(*q), 1.0, rel_tol=1e-6)
    assert_allclose(q, [0, math.sqrt(0.5), 0, math.sqrt(0.5)], atol=1e-6)


def test_slerp_takes_short_arc() -> None:
    # b is -b' (opposite hemisphere): the result must stay near a, not swing through w=0
    s = AnimationSampler([0.0, 1.0], [0, 0, 0, 1, 0, 0, -0.1, -0.995], INTERP_LINEAR)
    q = sample(s, 0.5, 4, True)
    assert q[3] > 0.99


def test_slerp_near_parallel_uses_normalised_lerp() -> None:
    out = [0.0] * 4
    quat_slerp(out, 0, 0, 0, 0, 1, 0.01, 0, 0, 0.99995, 0.5)
    assert math.isclose(math.hypot(*out), 1.0, rel_tol=1e-12)


def test_find_keyframe_binary_search_edges() -> None:
    times = [0.0, 1.0, 2.0, 3.0]
    assert find_keyframe(times, -1.0) == 0
    assert find_keyframe(times, 0.0) == 0
    assert find_keyframe(times, 1.0) == 1
    assert find_keyframe(times, 2.5) == 2
    assert find_keyframe(times, 3.0) == 2
    assert find_keyframe(times, 9.0) == 2
    assert find_keyframe([1.0], 5.0) == 0


def test_times_compare_in_double_precision() -> None:
    # 0.1 is not representable in float32: float32(0.1) > 0.1, so t=0.1 lies *before* the key.
    s = AnimationSampler([0.0, 0.1, 1.0], [0.0, 1.0, 2.0], INTERP_STEP)
    assert float(np.float32(0.1)) > 0.1
    assert sample(s, 0.1) == [0.0]
    assert sample(s, float(np.float32(0.1))) == [1.0]


def test_sampler_arrays_are_frozen_float32() -> None:
    s = AnimationSampler([0, 1], [0, 1], INTERP_LINEAR)
    assert s.input.dtype == np.float32
    assert not s.input.flags.writeable
    assert not s.output.flags.writeable


@pytest.mark.parametrize(
    ("inp", "out", "interp", "code"),
    [
        ([0.0, float("nan")], [0.0, 1.0], INTERP_LINEAR, "LITE-ANIM-003"),
        ([1.0, 0.5], [0.0, 1.0], INTERP_LINEAR, "LITE-ANIM-003"),
        ([0.0, 1.0], [0.0, 1.0, 2.0], INTERP_LINEAR, "LITE-ANIM-010"),
        ([0.0, 1.0], [0.0, 1.0], INTERP_CUBICSPLINE, "LITE-ANIM-010"),
        ([0.0, 1.0], [0.0, 1.0], 7, "LITE-ANIM-007"),
        (["a"], [0.0], INTERP_LINEAR, "LITE-ANIM-010"),
    ],
)
def test_malformed_sampler_raises_typed_error(
    inp: list[float], out: list[float], interp: int, code: str
) -> None:
    with pytest.raises(KeyframeError) as exc:
        AnimationSampler(inp, out, interp)  # type: ignore[arg-type]
    assert exc.value.code == code
    assert exc.value.hint


unit = st.floats(-1.0, 1.0, allow_nan=False)


@given(st.tuples(unit, unit, unit, unit), st.tuples(unit, unit, unit, unit), st.floats(0, 1))
def test_slerp_output_is_unit_length_and_hits_endpoints(
    a: tuple[float, ...], b: tuple[float, ...], f: float
) -> None:
    na = math.sqrt(sum(v * v for v in a))
    nb = math.sqrt(sum(v * v for v in b))
    if na < 1e-3 or nb < 1e-3:
        return
    qa = [v / na for v in a]
    qb = [v / nb for v in b]
    out = [0.0] * 4
    quat_slerp(out, 0, *qa, *qb, f)
    assert math.isclose(math.sqrt(sum(v * v for v in out)), 1.0, abs_tol=1e-9)
    quat_slerp(out, 0, *qa, *qb, 0.0)
    assert_allclose(out, qa, atol=1e-9)
    quat_slerp(out, 0, *qa, *qb, 1.0)
    sign = 1.0 if sum(x * y for x, y in zip(qa, qb, strict=True)) >= 0 else -1.0
    assert_allclose(out, [sign * v for v in qb], atol=1e-6)


@given(st.tuples(unit, unit, unit, unit), st.tuples(unit, unit, unit, unit), st.floats(0, 1))
def test_slerp_takes_shortest_arc_property(
    a: tuple[float, ...], b: tuple[float, ...], f: float
) -> None:
    na = math.sqrt(sum(v * v for v in a))
    nb = math.sqrt(sum(v * v for v in b))
    if na < 1e-3 or nb < 1e-3:
        return
    qa = [v / na for v in a]
    qb = [v / nb for v in b]
    out = [0.0] * 4
    quat_slerp(out, 0, *qa, *qb, f)
    # The interpolant never leaves the hemisphere of a (shortest arc).
    assert sum(x * y for x, y in zip(qa, out, strict=True)) >= -1e-9


@given(
    st.floats(-1e3, 1e3, allow_nan=False),
    st.floats(-1e3, 1e3, allow_nan=False),
)
def test_lerp_endpoints_return_keys(a: float, b: float) -> None:
    s = AnimationSampler([0.0, 1.0], [a, b], INTERP_LINEAR)
    assert sample(s, 0.0) == [float(np.float32(a))]
    # At the last key Lite evaluates a + 1 * (b - a) in double: exact up to rounding.
    scale = max(abs(a), abs(b), 1.0)
    assert sample(s, 1.0) == pytest.approx([float(np.float32(b))], abs=1e-6 * scale)
