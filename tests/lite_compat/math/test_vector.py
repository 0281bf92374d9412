"""Unit tests for lite_compat.math.vector (and the math constants, JS edges, parity).

Hand-worked edge values first (numbered as in docs/architecture/compat-math.md, "Test
specification"), then property tests, then the parity check against the recording of
parity/scenarios/math_types.mjs made with real Babylon.js.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import runpy
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numpy.testing import assert_allclose

from lite_compat.math import (
    SLERP_LERP_THRESHOLD,
    Color3,
    Color4,
    Epsilon,
    Matrix,
    Quaternion,
    Scalar,
    Size,
    TmpVectors,
    Vector2,
    Vector3,
    Vector4,
)

PARITY = Path(__file__).resolve().parents[3] / "parity"


def close(
    actual: Sequence[float], expected: Sequence[float], rtol: float = 1e-6, atol: float = 1e-6
) -> None:
    """``assert_allclose`` with the parity tolerance (abs 1e-6 + rel 1e-6) by default."""
    assert_allclose(
        np.asarray(actual, dtype=np.float64), np.asarray(expected), rtol=rtol, atol=atol
    )


def q4(q: Quaternion) -> list[float]:
    return [q.x, q.y, q.z, q.w]


def v3(v: Vector3) -> list[float]:
    return [v.x, v.y, v.z]


# ------------------------------------------------------------------ 1. constructors, constants


def test_constructor_defaults_match_babylon() -> None:
    assert Vector2().asArray() == [0, 0]
    assert Vector3().asArray() == [0, 0, 0]
    assert Vector4().asArray() == [0, 0, 0, 0]
    assert Quaternion().asArray() == [0, 0, 0, 1]
    assert Color3().asArray() == [0, 0, 0]
    assert Color4().asArray() == [0, 0, 0, 1]
    assert list(Matrix().m) == [0.0] * 16
    assert Epsilon == 0.001
    assert SLERP_LERP_THRESHOLD == 0.999999


def test_static_directions_are_left_handed() -> None:
    assert v3(Vector3.Forward()) == [0, 0, 1]
    assert v3(Vector3.Forward(True)) == [0, 0, -1]
    assert v3(Vector3.Backward()) == [0, 0, -1]
    assert v3(Vector3.Right()) == [1, 0, 0]
    assert v3(Vector3.Up()) == [0, 1, 0]
    assert Color3.Purple().asArray() == [0.5, 0, 0.5]
    assert Color3.Gray().asArray() == [0.5, 0.5, 0.5]


def test_python_equality_is_identity_and_equals_compares_values() -> None:
    a, b = Vector3(1, 2, 3), Vector3(1, 2, 3)
    assert a != b  # like JS ==/=== on two objects
    assert a.equals(b)
    assert not a.equals(None)
    assert a.equalsWithEpsilon(Vector3(1.0009, 2, 3))
    assert not a.equalsWithEpsilon(Vector3(1.0011, 2, 3))


def test_str_is_babylon_tostring_with_js_number_formatting() -> None:
    assert str(Vector3(1, 0.5, 1e21)) == "{X: 1 Y: 0.5 Z: 1e+21}"
    assert Vector2(1e-7, 0.000001).toString() == "{X: 1e-7 Y: 0.000001}"
    assert Quaternion().toString() == "{X: 0 Y: 0 Z: 0 W: 1}"
    assert Color3(1, 0, 0.25).toString() == "{R: 1 G:0 B:0.25}"
    assert Size(2, 3.5).toString() == "{W: 2, H: 3.5}"
    assert Vector3(math.nan, math.inf, -math.inf).toString() == "{X: NaN Y: Infinity Z: -Infinity}"
    assert repr(Vector3(1, 2, 3)) == "Vector3(1, 2, 3)"


# ------------------------------------------------------------------ 2. JS arithmetic edges


def test_division_by_zero_gives_infinity_not_an_exception() -> None:
    r = Vector3(1, -1, 0).divide(Vector3(0, 0, 0))
    assert r.x == math.inf
    assert r.y == -math.inf
    assert math.isnan(r.z)


def test_transform_coordinates_with_zero_w_gives_infinity_and_nan() -> None:
    proj = Matrix.PerspectiveFovLH(0.8, 1.5, 0.1, 100)
    r = Vector3.TransformCoordinates(Vector3(1, 0, 0), proj)  # w = z = 0
    assert r.x == math.inf
    assert math.isnan(r.y)


def test_normalize_leaves_zero_vector_unchanged() -> None:
    assert v3(Vector3.Zero().normalize()) == [0, 0, 0]
    assert q4(Quaternion(0, 0, 0, 0).normalize()) == [0, 0, 0, 0]


def test_clamp_propagates_nan_like_math_min_max() -> None:
    assert math.isnan(Scalar.Clamp(math.nan))
    assert Scalar.Clamp(1.5) == 1
    assert Scalar.Clamp(-2, -1, 1) == -1


# ------------------------------------------------------------------ 3. Quaternion.Slerp


def test_slerp_lerps_without_renormalising_above_threshold() -> None:
    q = Quaternion(0.1, 0.2, 0.3, 0.9)
    # dot(q, 2q) = 2 * |q|^2 > 0.999999: plain lerp, so the midpoint is 1.5 q, not unit length.
    r = Quaternion.Slerp(q, q.scale(2), 0.5)
    close(q4(r), [0.15, 0.3, 0.45, 1.35])


def test_slerp_near_parallel_unit_quaternions_lose_length_by_lerping() -> None:
    left = Quaternion.Identity()
    right = Quaternion.RotationAxis(Vector3(1, 0, 0), 0.002)  # dot = cos(0.001) = 0.9999995
    r = Quaternion.Slerp(left, right, 0.5)
    expected = [0.5 * math.sin(0.001), 0, 0, 0.5 + 0.5 * math.cos(0.001)]
    assert q4(r) == pytest.approx(expected, abs=1e-15)
    assert r.length() < 1.0


def test_slerp_just_below_threshold_is_spherical() -> None:
    left = Quaternion.Identity()
    right = Quaternion.RotationAxis(Vector3(0, 0, 1), 0.01)  # dot = cos(0.005) < 0.999999
    r = Quaternion.Slerp(left, right, 0.5)
    close(q4(r), [0, 0, math.sin(0.0025), math.cos(0.0025)], rtol=1e-12, atol=1e-15)


def test_slerp_takes_short_arc_for_opposite_hemisphere() -> None:
    a = Quaternion.FromEulerAngles(0.3, -0.7, 1.1)
    b = Quaternion.FromEulerAngles(-1.2, 0.4, 2.5)
    for t in (0.0, 0.3, 1.0):
        close(q4(Quaternion.Slerp(a, b.negate(), t)), q4(Quaternion.Slerp(a, b, t)))
    # dot(a, -a) = -1: flipped, then lerp; every amount gives a back.
    for t in (0.0, 0.5, 1.0):
        close(q4(Quaternion.Slerp(a, a.negate(), t)), q4(a))


def test_slerp_does_not_clamp_the_amount() -> None:
    z90 = Quaternion.RotationAxis(Vector3(0, 0, 1), math.pi / 2)
    r = Quaternion.Slerp(Quaternion.Identity(), z90, 1.25)
    angle = 1.25 * math.pi / 2
    close(q4(r), [0, 0, math.sin(angle / 2), math.cos(angle / 2)])


unit_quaternions = st.tuples(*[st.floats(-1, 1, allow_nan=False)] * 4).filter(
    lambda c: sum(x * x for x in c) > 0.01
)


@given(unit_quaternions, unit_quaternions, st.floats(0, 1))
def test_slerp_of_unit_quaternions_stays_unit_and_hits_endpoints(
    a: tuple[float, ...], b: tuple[float, ...], t: float
) -> None:
    qa = Quaternion(*a).normalize()
    qb = Quaternion(*b).normalize()
    assert Quaternion.Slerp(qa, qb, t).length() == pytest.approx(1.0, abs=1e-6)
    close(q4(Quaternion.Slerp(qa, qb, 0)), q4(qa))
    end = Quaternion.Slerp(qa, qb, 1)
    sign = 1.0 if Quaternion.Dot(qa, qb) >= 0 else -1.0
    close(q4(end), [sign * c for c in q4(qb)])


# ------------------------------------------------------------------ 4. Euler angles


def test_to_euler_angles_at_gimbal_lock_puts_everything_in_yaw() -> None:
    up = Quaternion.FromEulerAngles(math.pi / 2, 0.3, 0).toEulerAngles()
    assert up.x == math.pi / 2
    assert up.z == 0
    assert up.y == pytest.approx(0.3, abs=1e-12)
    down = Quaternion.FromEulerAngles(-math.pi / 2, 0.3, 0).toEulerAngles()
    assert down.x == -math.pi / 2
    assert down.z == 0


def test_euler_round_trip_away_from_gimbal_lock() -> None:
    e = Quaternion.FromEulerAngles(0.3, -0.7, 1.1).toEulerAngles()
    close(v3(e), [0.3, -0.7, 1.1], rtol=1e-12, atol=1e-12)


def test_from_euler_angles_is_yaw_pitch_roll_with_x_pitch() -> None:
    a = Quaternion.FromEulerAngles(0.1, 0.2, 0.3)
    b = Quaternion.RotationYawPitchRoll(0.2, 0.1, 0.3)
    assert q4(a) == q4(b)
    half = 0.5 * 0.7
    close(q4(Quaternion.FromEulerAngles(0.7, 0, 0)), [math.sin(half), 0, 0, math.cos(half)])


# ------------------------------------------------------------------ 5. Matrix storage


def test_matrix_storage_rounds_every_write_to_float32() -> None:
    m = Matrix.FromValues(0.1, 1e39, 16777217, 1e-46, *([0.0] * 12))
    assert m.m[0] == 0.10000000149011612
    assert m.m[1] == math.inf
    assert m.m[2] == 16777216.0
    assert m.m[3] == 0.0
    m.m[5] = 1 / 3  # direct writes round too, like a Float32Array
    assert m.m[5] == 0.3333333432674408
    assert type(m.m[0]) is float  # reads are doubles, not numpy float32 scalars


def test_matrix_arithmetic_runs_in_double_then_stores_float32() -> None:
    t = Vector3.TransformCoordinates(Vector3(1, 0, 0), Matrix.Translation(0.1, 0, 0))
    assert t.x == 1 + 0.10000000149011612  # double sum of the stored float32 value


def test_singular_invert_leaves_the_source_and_copies_it_to_the_target() -> None:
    singular = Matrix.FromValues(1, 2, 3, 4, 2, 4, 6, 8, 0, 1, 0, 0, 0, 0, 1, 1)
    assert singular.determinant() == 0
    before = list(singular.m)
    assert list(singular.clone().invert().m) == before
    target = Matrix.Translation(9, 9, 9)
    singular.invertToRef(target)
    assert list(target.m) == before


def test_invert_times_source_is_identity() -> None:
    m = Matrix.Compose(
        Vector3(1, 2, 1), Quaternion.FromEulerAngles(0.3, -0.7, 1.1), Vector3(3, 0, -1)
    )
    close(list(m.multiply(Matrix.Invert(m)).m), list(Matrix.Identity().m), atol=1e-6)


def test_compose_decompose_with_negative_scale_flips_y() -> None:
    q = Quaternion.FromEulerAngles(0.3, -0.7, 1.1)
    composed = Matrix.Compose(Vector3(-2, 3, 4), q, Vector3(1, -2, 3))
    s, r, t = Vector3(), Quaternion(), Vector3()
    assert composed.decompose(s, r, t)
    close(v3(s), [2, -3, 4])  # det < 0 is blamed on Y
    close(v3(t), [1, -2, 3])
    assert r.length() == pytest.approx(1.0, abs=1e-6)
    close(list(Matrix.Compose(s, r, t).m), list(composed.m))


def test_decompose_zero_scale_returns_false_and_identity_rotation() -> None:
    s, r = Vector3(), Quaternion(1, 2, 3, 4)
    assert not Matrix.Scaling(1, 0, 2).decompose(s, r)
    assert v3(s) == [1, 0, 2]
    assert q4(r) == [0, 0, 0, 1]


def test_identity_flag_shortcuts_even_when_storage_was_written_directly() -> None:
    stale = Matrix.Identity()
    stale.m[12] = 5
    other = Matrix.Translation(1, 2, 3)
    # Babylon.js trusts the cached identity flag: the written translation is ignored.
    assert stale.isIdentity()
    assert stale.determinant() == 1
    assert list(stale.multiply(other).m) == list(other.m)
    stale.markAsUpdated()
    assert not stale.isIdentity()
    assert stale.multiply(other).m[12] == 6


def test_multiply_order_applies_left_matrix_first() -> None:
    m = Matrix.Scaling(2, 2, 2).multiply(Matrix.Translation(1, 0, 0))
    assert v3(Vector3.TransformCoordinates(Vector3(1, 0, 0), m)) == [3, 0, 0]


def test_elementwise_quirks_of_multiply_in_place_and_subtract() -> None:
    a = Matrix.FromValues(*range(1, 17))
    b = Matrix.FromValues(*([2] * 16))
    assert list(a.clone().multiplyInPlace(b).m) == [2.0 * i for i in range(1, 17)]
    c = a.clone()
    assert c.subtract(b) is c  # Babylon.js subtracts in place
    assert list(c.m) == [i - 2.0 for i in range(1, 17)]


def test_transpose_aliased_and_row_access() -> None:
    m = Matrix.FromValues(*range(16))
    Matrix.TransposeToRef(m, m)
    assert list(m.m) == [0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15]
    assert m.getRow(4) is None
    row = m.getRow(1)
    assert row is not None
    assert row.asArray() == [1, 5, 9, 13]


def test_perspective_fov_lh_values() -> None:
    m = Matrix.PerspectiveFovLH(math.pi / 2, 2, 1, 3)
    t = 1 / math.tan(math.pi / 4)
    expected = [t / 2, 0, 0, 0, 0, t, 0, 0, 0, 0, 2, 1, 0, 0, -3, 0]
    close(list(m.m), expected)


def test_lerp_and_decompose_lerp_endpoints() -> None:
    a = Matrix.Compose(Vector3(1, 1, 1), Quaternion.Identity(), Vector3(0, 0, 0))
    b = Matrix.Compose(
        Vector3(3, 3, 3), Quaternion.RotationAxis(Vector3(0, 1, 0), 1), Vector3(4, 0, 0)
    )
    close(list(Matrix.Lerp(a, b, 1).m), list(b.m))
    close(list(Matrix.DecomposeLerp(a, b, 0).m), list(a.m))
    close(list(Matrix.DecomposeLerp(a, b, 1).m), list(b.m))
    mid = Matrix.DecomposeLerp(a, b, 0.5)
    close(v3(mid.getTranslation()), [2, 0, 0])


def test_matrix_to_array_returns_storage_or_fills_a_target() -> None:
    m = Matrix.Translation(1, 2, 3)
    assert m.toArray() is m.m
    target: list[float] = []
    assert m.toArray(target, 1) is m
    assert target[0] is None  # a JS array would have a hole here
    assert target[13:16] == [1, 2, 3]


# ------------------------------------------------------------------ 6. Vectors


def test_cross_is_left_handed_formula_and_alias_safe() -> None:
    assert v3(Vector3.Cross(Vector3(1, 0, 0), Vector3(0, 1, 0))) == [0, 0, 1]
    r = Vector3(1, 0, 0)
    Vector3.CrossToRef(r, Vector3(0, 1, 0), r)
    assert v3(r) == [0, 0, 1]


def test_hermite_hits_endpoints_and_matches_hand_value() -> None:
    p0, p1 = Vector3(0, 0, 0), Vector3(1, 2, 3)
    t0, t1 = Vector3(1, 0, 0), Vector3(0, 0, 0)
    assert v3(Vector3.Hermite(p0, t0, p1, t1, 0)) == [0, 0, 0]
    assert v3(Vector3.Hermite(p0, t0, p1, t1, 1)) == [1, 2, 3]
    # t = 0.5: h00 = 0.5, h10 = 0.125, h01 = 0.5, h11 = -0.125
    close(v3(Vector3.Hermite(p0, t0, p1, t1, 0.5)), [0.625, 1, 1.5])


def test_vector_lerp_extrapolates() -> None:
    assert Vector2.Lerp(Vector2(0, 0), Vector2(2, 4), 1.5).asArray() == [3, 6]
    assert v3(Vector3.Lerp(Vector3(0, 0, 0), Vector3(2, 4, 6), -0.5)) == [-1, -2, -3]


def test_minimize_maximize_and_clamp() -> None:
    a, b = Vector3(1, -2, 3), Vector3(-1, 2, 0)
    assert v3(Vector3.Minimize(a, b)) == [-1, -2, 0]
    assert v3(Vector3.Maximize(a, b)) == [1, 2, 3]
    lo, hi = Vector3(-1, -1, -1), Vector3(1, 1, 1)
    assert v3(Vector3.Clamp(Vector3(5, -5, 0.5), lo, hi)) == [1, -1, 0.5]


def test_to_array_pads_short_lists_like_js_arrays() -> None:
    arr: list[float] = []
    Vector3(1, 2, 3).toArray(arr, 2)
    assert arr == [None, None, 1, 2, 3]
    assert Vector4.FromArray([9, 1, 2, 3, 4], 1).asArray() == [1, 2, 3, 4]


def test_rotate_by_quaternion_goes_through_float32_matrix() -> None:
    q = Quaternion.RotationAxis(Vector3(0, 1, 0), 0.3)
    exact = Vector3(1, 2, 3).applyRotationQuaternion(q)
    via_matrix = Vector3(1, 2, 3).rotateByQuaternionToRef(q, Vector3())
    close(v3(via_matrix), v3(exact), rtol=1e-6)
    assert v3(via_matrix) != v3(exact)  # float32 storage shows in the last bits


# ------------------------------------------------------------------ 7. Colours, Size, Scalar


def test_tmp_vectors_have_babylon_counts() -> None:
    counts = [len(TmpVectors.Vector3), len(TmpVectors.Matrix), len(TmpVectors.Quaternion)]
    assert counts == [13, 8, 3]
    # Scratch matrices start as identity (other code may have used them since: shared state).
    assert all(isinstance(m, Matrix) for m in TmpVectors.Matrix)


# ------------------------------------------------------------------ 8. parity with Babylon.js

_SPECIAL = {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}


def _leaves(
    actual: object, expected: object, path: str, out: list[tuple[str, float, float]]
) -> None:
    """Assert equal shapes, strings and booleans; collect numeric leaves (path, got, want)."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), path
        assert sorted(actual) == sorted(expected), path
        for key, value in expected.items():
            _leaves(actual[key], value, f"{path}.{key}", out)
    elif isinstance(expected, list):
        assert isinstance(actual, list), path
        assert len(actual) == len(expected), path
        for i, (x, y) in enumerate(zip(actual, expected, strict=True)):
            _leaves(x, y, f"{path}[{i}]", out)
    elif isinstance(expected, bool) or expected is None:
        assert actual == expected, path
    elif isinstance(expected, int | float) or expected in _SPECIAL:
        got = _SPECIAL.get(actual, actual) if isinstance(actual, str) else actual
        want = _SPECIAL[expected] if isinstance(expected, str) else expected
        assert isinstance(got, int | float), (path, actual)
        assert not isinstance(got, bool), (path, actual)
        out.append((path, float(got), float(want)))
    else:
        assert actual == expected, path


def _max_abs_error(pairs: list[tuple[str, float, float]]) -> float:
    return max(
        (abs(g - w) for _, g, w in pairs if math.isfinite(w) and math.isfinite(g)), default=0.0
    )


@pytest.mark.parity
def test_math_types_scenario_matches_babylon_recording() -> None:
    expected = json.loads((PARITY / "recorded" / "math_types.json").read_text(encoding="utf-8"))
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        runpy.run_path(str(PARITY / "scenarios" / "math_types.py"), run_name="__main__")
    actual = json.loads(out.getvalue())
    pairs: list[tuple[str, float, float]] = []
    _leaves(actual, expected, "$", pairs)
    assert len(pairs) > 3000
    bad = [
        p
        for p in pairs
        if not (
            (math.isnan(p[1]) and math.isnan(p[2]))
            or p[1] == p[2]
            or abs(p[1] - p[2]) <= 1e-6 + 1e-6 * abs(p[2])
        )
    ]
    assert not bad, f"{len(bad)} values differ; first: {bad[:5]}"
    assert _max_abs_error(pairs) <= 1e-6
