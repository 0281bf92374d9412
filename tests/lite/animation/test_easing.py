"""Unit tests for lite.animation.easing (raw curves, mode wrapper, factories).

Numbered after the test specification in docs/architecture/easing.md.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from numpy.testing import assert_allclose

from lite.animation.easing import (
    BEZIER_NEWTON_ITERATIONS,
    BOUNCINESS_FLOOR,
    EASE_IN,
    EASE_IN_OUT,
    EASE_OUT,
    back_ease,
    bezier_curve_ease,
    bounce_ease,
    circle_ease,
    create_back_ease,
    create_bezier_curve_ease,
    create_bounce_ease,
    create_elastic_ease,
    create_exponential_ease,
    create_power_ease,
    cubic_ease,
    ease_with_mode,
    elastic_ease,
    exponential_ease,
    power_ease,
    quadratic_ease,
    quartic_ease,
    quintic_ease,
    sine_ease,
)
from lite.errors import ERROR_CODES, KeyframeError

MODES = (EASE_IN, EASE_OUT, EASE_IN_OUT)


# 1. Constants -------------------------------------------------------------------------------


def test_mode_constants_match_babylon_easing_modes() -> None:
    # Babylon.js EasingFunction.EASINGMODE_EASEIN/EASEOUT/EASEINOUT.
    assert (EASE_IN, EASE_OUT, EASE_IN_OUT) == (0, 1, 2)
    assert BEZIER_NEWTON_ITERATIONS == 5
    assert BOUNCINESS_FLOOR == 1.001
    assert "LITE-ANIM-012" in ERROR_CODES


# 2. Fixed curves ----------------------------------------------------------------------------


def test_polynomial_curves_at_one_half() -> None:
    assert quadratic_ease(0.5) == 0.25
    assert cubic_ease(0.5) == 0.125
    assert quartic_ease(0.5) == 0.0625
    assert quintic_ease(0.5) == 0.03125


def test_polynomial_curves_are_not_clamped() -> None:
    assert quadratic_ease(-0.5) == 0.25
    assert cubic_ease(2.0) == 8.0


def test_circle_is_clamped_to_unit_interval() -> None:
    assert_allclose(circle_ease(0.6), 0.2, rtol=1e-6, atol=1e-6)  # 1 - sqrt(1 - 0.36) = 1 - 0.8
    assert circle_ease(-1.0) == 0.0
    assert circle_ease(2.0) == 1.0
    assert math.isnan(circle_ease(math.nan))


def test_sine_at_one_half() -> None:
    assert_allclose(sine_ease(0.5), 1.0 - math.sqrt(0.5), rtol=1e-6, atol=1e-6)
    assert sine_ease(0.0) == 0.0
    assert sine_ease(1.0) == 1.0


# 3. Parameterised curves --------------------------------------------------------------------


def test_power_clamps_negative_power_to_zero() -> None:
    assert power_ease(0.5, 3.0) == 0.125
    assert power_ease(0.5, -4.0) == 1.0
    assert power_ease(0.0, 0.0) == 1.0  # Math.pow(0, 0) is 1


def test_power_of_negative_gradient_with_fractional_power_is_nan() -> None:
    assert math.isnan(power_ease(-0.5, 2.5))
    assert power_ease(-0.5, 3.0) == -0.125


def test_exponential_is_linear_at_or_below_zero_exponent() -> None:
    assert exponential_ease(0.3, 0.0) == 0.3
    assert exponential_ease(0.3, -2.0) == 0.3


def test_exponential_at_one_half() -> None:
    # (e - 1) / (e^2 - 1) = 1 / (e + 1)
    assert_allclose(exponential_ease(0.5, 2.0), 1.0 / (math.e + 1.0), rtol=1e-6, atol=1e-6)


def test_exponential_overflow_gives_javascript_results_instead_of_raising() -> None:
    assert exponential_ease(0.5, 1000.0) == 0.0  # (e^500 - 1) / Infinity
    assert math.isnan(exponential_ease(1.0, 1000.0))  # Infinity / Infinity


def test_exponential_with_a_tiny_exponent_is_nan_as_in_babylon() -> None:
    # e^k - 1 rounds to 0 for k below ~1.1e-16: Babylon.js divides 0 by 0.
    assert math.isnan(exponential_ease(0.5, 1e-300))


def test_back_dips_below_zero_and_clamps_negative_amplitude() -> None:
    assert_allclose(back_ease(0.5, 1.0), 0.125 - 0.5, rtol=1e-6, atol=1e-6)
    assert back_ease(0.5, -3.0) == back_ease(0.5, 0.0) == 0.125
    assert_allclose(back_ease(1.0, 2.0), 1.0, rtol=1e-6, atol=1e-6)


def test_elastic_without_oscillations_or_springiness() -> None:
    # g * sin(pi/2 g) at g = 0.5
    assert_allclose(
        elastic_ease(0.5, 0.0, 0.0), 0.5 * math.sin(math.pi / 4.0), rtol=1e-6, atol=1e-6
    )
    assert elastic_ease(0.5, -1.0, -1.0) == elastic_ease(0.5, 0.0, 0.0)


def test_elastic_ends_at_one_only_for_whole_oscillations() -> None:
    assert_allclose(elastic_ease(1.0, 3.0, 3.0), 1.0, rtol=1e-6, atol=1e-6)
    assert_allclose(elastic_ease(1.0, 1.5, 3.0), -1.0, rtol=1e-6, atol=1e-6)  # sin(3 pi + pi/2)


def test_bounce_hand_worked_value() -> None:
    # bounces 3, bounciness 2: total = 7 + 4 = 11 arcs of width 1/11, 2/11, 4/11, 4/11 (half);
    # g = 0.5 lies in arc 2 spanning [3/11, 7/11]: -(1/2) / (2/11)^2 * (1/22 - 2/11)(1/22 + 2/11)
    assert_allclose(bounce_ease(0.5, 3.0, 2.0), 15.0 / 32.0, rtol=1e-6, atol=1e-6)
    assert bounce_ease(0.0, 3.0, 2.0) == 0.0
    assert_allclose(bounce_ease(1.0, 3.0, 2.0), 1.0, rtol=1e-6, atol=1e-6)


def test_bounce_replaces_bounciness_at_or_below_one() -> None:
    for g in (0.1, 0.45, 0.8):
        expected = bounce_ease(g, 3.0, BOUNCINESS_FLOOR)
        assert bounce_ease(g, 3.0, 0.5) == expected
        assert bounce_ease(g, 3.0, 1.0) == expected


def test_bounce_clamps_negative_bounces_to_zero() -> None:
    assert bounce_ease(0.3, -2.0, 2.0) == bounce_ease(0.3, 0.0, 2.0)


def test_bezier_with_collinear_points_is_identity() -> None:
    for g in (0.1, 0.25, 0.5, 0.9):
        assert_allclose(bezier_curve_ease(g, 1 / 3, 1 / 3, 2 / 3, 2 / 3), g, rtol=1e-6, atol=1e-6)


def test_bezier_zero_returns_zero_and_symmetric_curve_hits_half() -> None:
    assert bezier_curve_ease(0.0, 0.5, -0.5, 0.5, 1.5) == 0.0
    assert_allclose(bezier_curve_ease(0.5, 0.42, 0.0, 0.58, 1.0), 0.5, rtol=1e-6, atol=1e-6)


def test_bezier_with_x2_one_is_nan_at_gradient_one() -> None:
    # Babylon.js: the Newton step at t = 1 is 0 * (1 / 0).
    assert math.isnan(bezier_curve_ease(1.0, 0.0, 0.0, 1.0, 1.0))
    assert_allclose(bezier_curve_ease(1.0, 0.0, 0.0, 0.9, 1.0), 1.0, rtol=1e-6, atol=1e-6)


def test_raw_curves_never_raise_on_non_finite_input() -> None:
    curves: list[Callable[[float], float]] = [
        circle_ease,
        sine_ease,
        lambda g: power_ease(g, math.inf),
        lambda g: exponential_ease(g, math.inf),
        lambda g: back_ease(g, math.nan),
        lambda g: elastic_ease(g, math.inf, 1000.0),
        lambda g: bounce_ease(g, 1000.0, math.inf),
        lambda g: bezier_curve_ease(g, math.nan, 0.0, 0.0, 1.0),
    ]
    for curve in curves:
        for g in (-math.inf, -1.0, 0.0, 0.5, 1.0, 1e3, math.inf, math.nan):
            assert isinstance(curve(g), float | int)


# 4. Mode wrapper ----------------------------------------------------------------------------


def test_ease_out_mirrors_the_curve() -> None:
    assert ease_with_mode(quadratic_ease, EASE_OUT, 0.25) == 1.0 - 0.75 * 0.75


def test_ease_in_out_joins_two_halves() -> None:
    assert ease_with_mode(quadratic_ease, EASE_IN_OUT, 0.25) == 0.125
    assert ease_with_mode(quadratic_ease, EASE_IN_OUT, 0.75) == 0.875
    assert ease_with_mode(quadratic_ease, EASE_IN_OUT, 0.5) == 0.5


def test_unknown_modes_behave_as_in_out() -> None:
    for mode in (1.5, 0.25, math.nan, 7):
        assert ease_with_mode(quadratic_ease, mode, 0.25) == 0.125


# 5. Factories -------------------------------------------------------------------------------


def test_factory_defaults_match_babylon_constructor_defaults() -> None:
    for g in (0.1, 0.5, 0.9):
        assert create_power_ease()(g) == power_ease(g, 2.0)
        assert create_exponential_ease()(g) == exponential_ease(g, 2.0)
        assert create_back_ease()(g) == back_ease(g, 1.0)
        assert create_elastic_ease()(g) == elastic_ease(g, 3.0, 3.0)
        assert create_bounce_ease()(g) == bounce_ease(g, 3.0, 2.0)
        assert create_bezier_curve_ease()(g) == bezier_curve_ease(g, 0.0, 0.0, 1.0, 1.0)


def test_factories_capture_parameters() -> None:
    assert create_power_ease(3)(0.5) == 0.125
    assert create_bezier_curve_ease(0.42, 0, 0.58, 1)(0.25) == bezier_curve_ease(
        0.25, 0.42, 0.0, 0.58, 1.0
    )
    numpy_args = (np.float32(2.0), np.int64(3))
    assert create_bounce_ease(*numpy_args)(0.4) == bounce_ease(0.4, 2.0, 3.0)  # type: ignore[arg-type]


FACTORY_ARGS: list[tuple[Callable[..., object], str, int]] = [
    (create_power_ease, "power", 1),
    (create_exponential_ease, "exponent", 1),
    (create_back_ease, "amplitude", 1),
    (create_elastic_ease, "oscillations", 2),
    (create_elastic_ease, "springiness", 2),
    (create_bounce_ease, "bounces", 2),
    (create_bounce_ease, "bounciness", 2),
    (create_bezier_curve_ease, "x1", 4),
    (create_bezier_curve_ease, "y1", 4),
    (create_bezier_curve_ease, "x2", 4),
    (create_bezier_curve_ease, "y2", 4),
]


@pytest.mark.parametrize(("factory", "name", "arity"), FACTORY_ARGS)
@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf, 10**400, "2", None, True])
def test_factories_reject_non_finite_parameters(
    factory: Callable[..., object], name: str, arity: int, bad: object
) -> None:
    with pytest.raises(KeyframeError) as exc:
        factory(**{name: bad})
    assert exc.value.code == "LITE-ANIM-012"
    assert exc.value.input_name == name


# 6. Properties ------------------------------------------------------------------------------

_CURVES_FIXED: list[Callable[[float], float]] = [
    circle_ease,
    quadratic_ease,
    cubic_ease,
    quartic_ease,
    quintic_ease,
    sine_ease,
]


@st.composite
def sane_curves(draw: st.DrawFn) -> Callable[[float], float]:
    """Curves with parameters for which Babylon.js's curves run from 0 to 1."""
    kind = draw(st.sampled_from(["fixed", "power", "exp", "back", "elastic", "bounce", "bezier"]))
    unit = st.floats(0.0, 1.0)
    if kind == "fixed":
        return draw(st.sampled_from(_CURVES_FIXED))
    if kind == "power":
        return create_power_ease(draw(st.floats(0.01, 20.0)))
    if kind == "exp":
        # Not (0, 0.01): a tiny positive exponent makes e^k - 1 round to 0 (0/0, as in Babylon).
        return create_exponential_ease(
            draw(st.one_of(st.floats(-50.0, 0.0), st.floats(0.01, 50.0)))
        )
    if kind == "back":
        return create_back_ease(draw(st.floats(-5.0, 10.0)))
    if kind == "elastic":
        # Whole oscillations only; springiness 0 or away from the 0/0 of e^s - 1 underflow.
        springiness = draw(st.one_of(st.just(0.0), st.floats(0.01, 20.0)))
        return create_elastic_ease(draw(st.integers(0, 10)), springiness)
    if kind == "bounce":
        # Whole bounces only (a fractional count ends the last arc below 1, as in Babylon.js).
        return create_bounce_ease(draw(st.integers(0, 10)), draw(st.floats(0.0, 6.0)))
    # x2 < 1: at x2 == 1 Babylon.js's Newton step is 0 * Infinity at g == 1.
    y = st.floats(-2.0, 2.0)
    return create_bezier_curve_ease(draw(unit), draw(y), draw(st.floats(0.0, 0.95)), draw(y))


@settings(derandomize=True, max_examples=300, deadline=None)
@given(curve=sane_curves(), mode=st.sampled_from(MODES))
def test_every_sane_curve_runs_from_zero_to_one_in_every_mode(
    curve: Callable[[float], float], mode: int
) -> None:
    assert_allclose(ease_with_mode(curve, mode, 0.0), 0.0, rtol=0.0, atol=1e-9)
    assert_allclose(ease_with_mode(curve, mode, 1.0), 1.0, rtol=0.0, atol=1e-9)


@settings(derandomize=True, max_examples=200, deadline=None)
@given(curve=sane_curves(), i=st.integers(0, 1024))
def test_ease_in_out_is_point_symmetric_about_the_midpoint(
    curve: Callable[[float], float], i: int
) -> None:
    # Dyadic gradients keep 1 - g and 2 g exact, so both halves evaluate the curve at the same
    # point; away from the 0.5 seam they are then the same expression mirrored.
    g = i / 1024
    if i == 512:
        return
    a = ease_with_mode(curve, EASE_IN_OUT, g)
    b = ease_with_mode(curve, EASE_IN_OUT, 1.0 - g)
    assert_allclose(a + b, 1.0, rtol=0.0, atol=1e-9)
