"""Unit tests for lite_compat._js: the one copy of JavaScript number semantics.

Expected values are what Node prints for the same expressions (worked out by hand from the
ECMAScript rules).
"""

from __future__ import annotations

import math

import pytest

from lite.errors import UnsupportedError
from lite_compat import _js


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (0.0, "0"),
        (-0.0, "0"),
        (1.0, "1"),
        (0.1, "0.1"),
        (-2.5, "-2.5"),
        (1e21, "1e+21"),
        (123456789012345680000.0, "123456789012345680000"),
        (1e-7, "1e-7"),
        (0.000001, "0.000001"),
        (1.5e-10, "1.5e-10"),
        (math.nan, "NaN"),
        (math.inf, "Infinity"),
        (-math.inf, "-Infinity"),
    ],
)
def test_js_str_formats_like_number_to_string(value: float, text: str) -> None:
    assert _js.js_str(value) == text


def test_to_int32_truncates_and_wraps() -> None:
    assert _js.to_int32(2.9) == 2
    assert _js.to_int32(-2.9) == -2
    assert _js.to_int32(2**31) == -(2**31)
    assert _js.to_int32(2**32 + 5) == 5
    assert _js.to_int32(math.nan) == 0
    assert _js.to_int32(math.inf) == 0


def test_js_mod_keeps_the_dividend_sign_and_yields_nan_instead_of_raising() -> None:
    assert _js.js_mod(-7.0, 3.0) == -1.0
    assert _js.js_mod(7.0, -3.0) == 1.0
    assert _js.js_mod(5.5, math.inf) == 5.5
    assert math.isnan(_js.js_mod(1.0, 0.0))
    assert math.isnan(_js.js_mod(math.inf, 2.0))
    assert math.isnan(_js.js_mod(1.0, math.nan))


def test_js_round_rounds_ties_up_and_keeps_the_last_half_below() -> None:
    assert _js.js_round(2.5) == 3.0
    assert _js.js_round(-2.5) == -2.0
    assert _js.js_round(0.49999999999999994) == 0.0  # floor(x + 0.5) would give 1
    assert _js.js_round(math.inf) == math.inf
    assert math.isnan(_js.js_round(math.nan))


def test_division_and_math_functions_yield_ieee_results() -> None:
    assert _js.js_div(1.0, 0.0) == math.inf
    assert _js.js_div(1.0, -0.0) == -math.inf
    assert math.isnan(_js.js_div(0.0, 0.0))
    assert math.isnan(_js.js_sqrt(-1.0))
    assert math.isnan(_js.js_acos(2.0))
    assert math.isnan(_js.js_sin(math.inf))
    assert _js.js_pow(0.0, -1.0) == math.inf
    assert math.isnan(_js.js_pow(1.0, math.inf))


def test_min_max_let_nan_win_and_order_signed_zeros() -> None:
    assert math.isnan(_js.js_min(math.nan, 1.0))
    assert math.copysign(1.0, _js.js_min(0.0, -0.0)) < 0
    assert math.copysign(1.0, _js.js_max(-0.0, 0.0)) > 0


def test_parse_int_reads_leading_digits() -> None:
    assert _js.parse_int("  42px", 10) == 42.0
    assert _js.parse_int("-0x1F", 16) == -31.0
    assert math.isnan(_js.parse_int("px", 10))


def test_truthiness_concatenation_and_numbers() -> None:
    assert [_js.truthy(v) for v in (0, math.nan, "", None, False, 1, "a", [])] == [
        False, False, False, False, False, True, True, True,
    ]  # fmt: skip
    assert _js.js_concat(None) == "undefined"
    assert _js.js_concat(True) == "true"
    assert _js.js_concat(3.0) == "3"
    assert _js.is_number(1) and _js.is_number(1.5)
    assert not _js.is_number(True)


def test_write_array_grows_a_list_with_holes() -> None:
    target: list[float] = [1.0]
    _js.write_array(target, 3, (7.0, 8.0))
    assert target == [1.0, None, None, 7.0, 8.0]


def test_reference_error_is_unsupported() -> None:
    err = _js.reference_error("Quaternion.divide")
    assert isinstance(err, UnsupportedError)
    assert err.code == "LITE-UNSUP-001"
