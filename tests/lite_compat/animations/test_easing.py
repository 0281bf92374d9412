"""Unit tests for lite_compat.animations.easing (Babylon.js-shaped easing classes).

Numbered after the test specification in docs/architecture/easing.md.
"""

from __future__ import annotations

import math

import pytest
from numpy.testing import assert_allclose

from lite.animation import easing as native
from lite.errors import KeyframeError
from lite_compat.animations.easing import (
    BackEase,
    BezierCurveEase,
    BounceEase,
    CircleEase,
    CubicEase,
    EasingFunction,
    ElasticEase,
    ExponentialEase,
    IEasingFunction,
    PowerEase,
    QuadraticEase,
    QuarticEase,
    QuinticEase,
    SineEase,
)

GRADIENTS = [i / 16 for i in range(17)]


# 7. Constants and defaults ------------------------------------------------------------------


def test_easing_mode_constants_match_babylon() -> None:
    assert EasingFunction.EASINGMODE_EASEIN == 0
    assert EasingFunction.EASINGMODE_EASEOUT == 1
    assert EasingFunction.EASINGMODE_EASEINOUT == 2
    assert QuadraticEase.EASINGMODE_EASEOUT == 1


def test_new_easing_starts_in_ease_in_mode() -> None:
    assert QuadraticEase().getEasingMode() == EasingFunction.EASINGMODE_EASEIN


def test_constructor_defaults_match_babylon() -> None:
    # Babylon.js 9.31 constructors (ExponentialEase's doc comment says 3; its code uses 2).
    assert BackEase().amplitude == 1
    bounce = BounceEase()
    assert (bounce.bounces, bounce.bounciness) == (3, 2)
    elastic = ElasticEase()
    assert (elastic.oscillations, elastic.springiness) == (3, 3)
    assert ExponentialEase().exponent == 2
    assert PowerEase().power == 2
    bez = BezierCurveEase()
    assert (bez.x1, bez.y1, bez.x2, bez.y2) == (0, 0, 1, 1)


def test_constructor_arguments_are_stored_as_attributes() -> None:
    assert BackEase(2.5).amplitude == 2.5
    bounce = BounceEase(5, 3)
    assert (bounce.bounces, bounce.bounciness) == (5, 3)
    elastic = ElasticEase(7, 10)
    assert (elastic.oscillations, elastic.springiness) == (7, 10)
    bez = BezierCurveEase(0.25, 0.1, 0.25, 1)
    assert (bez.x1, bez.y1, bez.x2, bez.y2) == (0.25, 0.1, 0.25, 1)


# 8. easeInCore delegates to lite.easing ------------------------------------------------------


def test_ease_in_core_equals_the_native_curves() -> None:
    pairs = [
        (CircleEase(), native.circle_ease),
        (CubicEase(), native.cubic_ease),
        (QuadraticEase(), native.quadratic_ease),
        (QuarticEase(), native.quartic_ease),
        (QuinticEase(), native.quintic_ease),
        (SineEase(), native.sine_ease),
        (PowerEase(3.5), lambda g: native.power_ease(g, 3.5)),
        (ExponentialEase(4), lambda g: native.exponential_ease(g, 4.0)),
        (BackEase(2), lambda g: native.back_ease(g, 2.0)),
        (ElasticEase(7, 10), lambda g: native.elastic_ease(g, 7.0, 10.0)),
        (BounceEase(5, 3), lambda g: native.bounce_ease(g, 5.0, 3.0)),
        (
            BezierCurveEase(0.5, -0.5, 0.5, 1.5),
            lambda g: native.bezier_curve_ease(g, 0.5, -0.5, 0.5, 1.5),
        ),
    ]
    for fn, curve in pairs:
        for g in GRADIENTS:
            assert fn.easeInCore(g) == curve(g)


# 9. Mode remapping --------------------------------------------------------------------------


def test_ease_in_returns_the_core_curve() -> None:
    cubic = CubicEase()
    assert cubic.ease(0.5) == 0.125


def test_ease_out_is_one_minus_core_of_one_minus_gradient() -> None:
    cubic = CubicEase()
    cubic.setEasingMode(EasingFunction.EASINGMODE_EASEOUT)
    assert cubic.ease(0.25) == 1.0 - 0.75**3


def test_ease_in_out_uses_both_halves() -> None:
    cubic = CubicEase()
    cubic.setEasingMode(EasingFunction.EASINGMODE_EASEINOUT)
    assert cubic.ease(0.25) == 0.0625  # core(2 * 0.25) / 2 = 0.125 / 2
    assert cubic.ease(0.75) == (1.0 - 0.125) * 0.5 + 0.5
    assert cubic.ease(0.5) == 0.5


def test_all_modes_run_from_zero_to_one_for_default_classes() -> None:
    classes = [
        CircleEase,
        CubicEase,
        QuadraticEase,
        QuarticEase,
        QuinticEase,
        SineEase,
        PowerEase,
        ExponentialEase,
        BackEase,
        ElasticEase,
        BounceEase,
    ]
    for cls in classes:
        fn = cls()
        for mode in (0, 1, 2):
            fn.setEasingMode(mode)
            assert_allclose(fn.ease(0.0), 0.0, atol=1e-9)
            assert_allclose(fn.ease(1.0), 1.0, atol=1e-9)


def test_default_bezier_is_nan_where_babylon_is() -> None:
    # x2 == 1: BezierCurve.Interpolate(1, 0, 0, 1, 1) is NaN in Babylon.js 9.31.
    bez = BezierCurveEase()
    assert math.isnan(bez.ease(1.0))
    bez.setEasingMode(EasingFunction.EASINGMODE_EASEOUT)
    assert math.isnan(bez.ease(0.0))
    assert bez.ease(1.0) == 1.0


# 10. setEasingMode clamping -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("mode", "stored"), [(-3, 0), (-0.5, 0), (0, 0), (1, 1), (2, 2), (3, 2), (1.5, 1.5)]
)
def test_set_easing_mode_clamps_like_babylon(mode: float, stored: float) -> None:
    q = QuadraticEase()
    q.setEasingMode(mode)
    assert q.getEasingMode() == stored


def test_fractional_and_nan_modes_act_as_ease_in_out() -> None:
    for mode in (1.5, 0.25, math.nan):
        q = QuadraticEase()
        q.setEasingMode(mode)
        assert q.ease(0.25) == 0.125
        assert q.ease(0.75) == 0.875
    q = QuadraticEase()
    q.setEasingMode(math.nan)
    assert math.isnan(q.getEasingMode())


@pytest.mark.parametrize("bad", ["1", None, True, [1]])
def test_set_easing_mode_rejects_non_numbers(bad: object) -> None:
    q = QuadraticEase()
    with pytest.raises(KeyframeError) as exc:
        q.setEasingMode(bad)  # type: ignore[arg-type]
    assert exc.value.code == "LITE-ANIM-013"
    assert exc.value.input_name == "easingMode"
    assert q.getEasingMode() == 0


# 11. Mutability -----------------------------------------------------------------------------


def test_changing_an_attribute_changes_the_curve_at_once() -> None:
    back = BackEase()
    before = back.ease(0.3)
    back.amplitude = 2
    assert back.ease(0.3) == native.back_ease(0.3, 2.0) != before

    power = PowerEase()
    power.power = 7
    assert power.ease(0.6) == 0.6**7

    exp = ExponentialEase()
    exp.exponent = 0
    assert exp.ease(0.3) == 0.3

    elastic = ElasticEase()
    elastic.oscillations = 0
    elastic.springiness = 0
    assert elastic.ease(0.5) == native.elastic_ease(0.5, 0.0, 0.0)

    bounce = BounceEase()
    bounce.bounces = 5
    bounce.bounciness = 3
    assert bounce.ease(0.7) == native.bounce_ease(0.7, 5.0, 3.0)

    bez = BezierCurveEase(0.42, 0, 0.58, 1)
    bez.x1 = 0.1
    bez.y2 = 1.4
    assert bez.ease(0.3) == native.bezier_curve_ease(0.3, 0.1, 0.0, 0.58, 1.4)


def test_unvalidated_attributes_follow_javascript_results() -> None:
    # Babylon.js does not validate; NaN parameters give NaN curves rather than errors.
    back = BackEase(math.nan)
    assert math.isnan(back.ease(0.5))
    exp = ExponentialEase(math.inf)
    assert math.isnan(exp.ease(0.5))


# 12. Base class and protocol ----------------------------------------------------------------


def test_base_ease_in_core_is_abstract() -> None:
    with pytest.raises(NotImplementedError):
        EasingFunction().ease(0.5)


def test_user_subclass_gets_all_modes() -> None:
    class Linear(EasingFunction):
        def easeInCore(self, gradient: float) -> float:
            return gradient * 0.5

    lin = Linear()
    assert lin.ease(0.5) == 0.25
    lin.setEasingMode(EasingFunction.EASINGMODE_EASEOUT)
    assert lin.ease(0.5) == 0.75


def test_instances_and_duck_types_satisfy_the_protocol() -> None:
    class Custom:
        def ease(self, gradient: float) -> float:
            return gradient

    assert isinstance(SineEase(), IEasingFunction)
    assert isinstance(Custom(), IEasingFunction)
    assert not isinstance(object(), IEasingFunction)
