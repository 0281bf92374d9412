"""Easing curves: raw ease-in functions, factories and the ease-in/out mode wrapper.

Port of the curve math in Babylon.js 9.31 ``Animations/easing.js`` (each class's
``easeInCore``) and ``Maths/math.path.js`` (``BezierCurve.Interpolate``). Babylon Lite 1.10's
core only has the easing hook (``PropertyAnimationTrackOptions.easing``); these functions are
what ``lite_compat``'s ``EasingFunction`` classes delegate to, and any of them (or a factory's
result) can be passed directly as a property track's ``easing``.

Every function reproduces JavaScript number semantics for the whole float range: where
``Math.pow``, ``Math.exp``, ``Math.log``, ``Math.sin`` or a division would give ``NaN`` or
``Infinity`` in Babylon.js, these return the same instead of raising, and ``Math.max`` /
``Math.min`` clamps propagate ``NaN`` as JavaScript does. The raw functions never validate
(they sit on the per-sample path); the ``create_*`` factories validate their parameters once.
Calling a factory is the only operation here that allocates.
"""

from __future__ import annotations

import math
from numbers import Real
from typing import TYPE_CHECKING, Final

from lite.errors import KeyframeError, finite_real

if TYPE_CHECKING:
    from lite.animation.types import AnimationEasing

__all__ = [
    "BEZIER_NEWTON_ITERATIONS",
    "BEZIER_Y_MAX",
    "BOUNCE_LOG_MAX",
    "BOUNCINESS_FLOOR",
    "EASE_IN",
    "EASE_IN_OUT",
    "EASE_OUT",
    "EXPONENT_MAX",
    "EXPONENT_MIN",
    "back_ease",
    "bezier_curve_ease",
    "bounce_ease",
    "circle_ease",
    "create_back_ease",
    "create_bezier_curve_ease",
    "create_bounce_ease",
    "create_elastic_ease",
    "create_exponential_ease",
    "create_power_ease",
    "cubic_ease",
    "ease_with_mode",
    "elastic_ease",
    "exponential_ease",
    "power_ease",
    "quadratic_ease",
    "quartic_ease",
    "quintic_ease",
    "sine_ease",
]

#: Babylon.js ``EasingFunction.EASINGMODE_EASEIN``: the raw curve.
EASE_IN: Final = 0
#: Babylon.js ``EasingFunction.EASINGMODE_EASEOUT``: ``1 - curve(1 - g)``.
EASE_OUT: Final = 1
#: Babylon.js ``EasingFunction.EASINGMODE_EASEINOUT``: ease-in then ease-out, halves joined at 0.5.
EASE_IN_OUT: Final = 2

#: Babylon.js ``BezierCurve.Interpolate`` (Maths/math.path.js): fixed count of Newton steps used
#: to invert x(t) = g, each followed by a clamp of t to [0, 1].
BEZIER_NEWTON_ITERATIONS: Final = 5
#: Babylon.js ``BounceEase.easeInCore``: a bounciness <= 1 is replaced by this value.
BOUNCINESS_FLOOR: Final = 1.001

# Parameter domains the ``create_*`` factories accept: inside them the
# curve is finite at every gradient in [0, 1] in all three modes; outside them it writes NaN
# or -inf, so the factory refuses with ``LITE-ANIM-014``. The raw functions keep Babylon.js's
# arithmetic for every input (``lite_compat`` uses them, not the factories).
#: ``e^k - 1`` rounds to 0 below this exponent (0/0) ...
EXPONENT_MIN: Final = 1e-6
#: ... and ``e^k`` overflows a double above about 709.78; 700 keeps ``e^k - 1`` finite.
EXPONENT_MAX: Final = 700.0
#: ``bounciness ** bounces`` past ``e^100`` leaves the first arc too thin for a double.
BOUNCE_LOG_MAX: Final = 100.0
#: Bezier y control points beyond this magnitude overflow ``3 y`` terms long before any use.
BEZIER_Y_MAX: Final = 1e6
#: Largest back-ease amplitude: the dip (at most 0.6 x amplitude in any mode) stays well inside
#: float32 (3.4e38), where eased values are written; ``create_back_ease(1e308)`` wrote -inf.
BACK_AMPLITUDE_MAX: Final = 1e37
#: Largest elastic oscillation count: ``2 pi n`` must stay a finite, meaningful phase.
ELASTIC_OSCILLATIONS_MAX: Final = 1e9
#: Every factory's curve, sampled at :data:`_CURVE_SAMPLES` gradients of [0, 1] when it is
#: made, must stay within this magnitude (finite in float32 in all three modes, with room
#: for the key values it scales); a backstop behind the explicit domains above.
CURVE_ABS_MAX: Final = 1e37
_CURVE_SAMPLES: Final = 257

# Babylon.js writes these as decimal literals (3.1415926535897931, 6.2831853071795862,
# 1.5707963267948966); each is the same double as the math-module constant.
_PI: Final = math.pi
_TWO_PI: Final = math.tau
_HALF_PI: Final = math.pi / 2.0
_NAN: Final = math.nan
_INF: Final = math.inf


# --- JavaScript number semantics -------------------------------------------------------------
# The math module raises where JavaScript returns NaN or +-Infinity. These helpers keep the
# common path a single C call (try blocks are free until they raise) and only reconstruct the
# JavaScript result on the rare error path.


def _is_odd_integer(x: float) -> bool:
    return math.isfinite(x) and x == math.floor(x) and math.fmod(x, 2.0) != 0.0


def _pow(base: float, exponent: float) -> float:
    """``Math.pow``: like C ``pow`` except ``pow(+-1, +-inf)`` and ``pow(1, NaN)`` are NaN."""
    if exponent != exponent or (math.isinf(exponent) and (base == 1.0 or base == -1.0)):
        return _NAN
    try:
        return math.pow(base, exponent)
    except ValueError:
        if base == 0.0:
            # +-0 to a negative power: +Infinity, or -Infinity for -0 and an odd integer.
            if math.copysign(1.0, base) < 0.0 and _is_odd_integer(exponent):
                return -_INF
            return _INF
        return _NAN  # negative finite base, non-integer exponent
    except OverflowError:
        return -_INF if base < 0.0 and _is_odd_integer(exponent) else _INF


def _exp(x: float) -> float:
    try:
        return math.exp(x)
    except OverflowError:
        return _INF


def _log(x: float) -> float:
    try:
        return math.log(x)
    except ValueError:
        return -_INF if x == 0.0 else _NAN


def _sin(x: float) -> float:
    try:
        return math.sin(x)
    except ValueError:
        return _NAN  # sin(+-Infinity)


def _div(a: float, b: float) -> float:
    try:
        return a / b
    except ZeroDivisionError:
        if a != a or a == 0.0:
            return _NAN
        return math.copysign(_INF, a) * math.copysign(1.0, b)


def _floor(x: float) -> float:
    return float(math.floor(x)) if math.isfinite(x) else x


def _max0(x: float) -> float:
    """``Math.max(0, x)``: NaN stays NaN."""
    return x if x > 0.0 or x != x else 0.0


def _clamp01(x: float) -> float:
    """``Math.min(1, Math.max(0, x))`` (equal to ``Math.max(0, Math.min(1, x))``): NaN stays NaN."""
    if x > 1.0:
        return 1.0
    return x if x > 0.0 or x != x else 0.0


# --- Fixed curves -------------------------------------------------------------------------------


def circle_ease(g: float) -> float:
    """Circular ease-in, ``1 - sqrt(1 - g^2)`` with ``g`` clamped to [0, 1].

    Babylon.js ``CircleEase.easeInCore``.

    Parameters
    ----------
    g
        Gradient (normalised progress); values outside [0, 1] are clamped.

    Returns
    -------
    float
        The eased gradient.

    Examples
    --------
    >>> circle_ease(0.0), circle_ease(1.0), circle_ease(2.0)
    (0.0, 1.0, 1.0)
    >>> round(circle_ease(0.6), 12)
    0.2
    """
    c = _clamp01(g)
    return 1.0 - math.sqrt(1.0 - c * c)


def quadratic_ease(g: float) -> float:
    """Quadratic ease-in, ``g^2``. Babylon.js ``QuadraticEase.easeInCore``.

    Parameters
    ----------
    g
        Gradient; not clamped.

    Returns
    -------
    float
        The eased gradient.

    Examples
    --------
    >>> quadratic_ease(0.5)
    0.25
    """
    return g * g


def cubic_ease(g: float) -> float:
    """Cubic ease-in, ``g^3``. Babylon.js ``CubicEase.easeInCore``.

    Parameters
    ----------
    g
        Gradient; not clamped.

    Returns
    -------
    float
        The eased gradient.

    Examples
    --------
    >>> cubic_ease(0.5)
    0.125
    """
    return g * g * g


def quartic_ease(g: float) -> float:
    """Quartic ease-in, ``g^4``. Babylon.js ``QuarticEase.easeInCore``.

    Parameters
    ----------
    g
        Gradient; not clamped.

    Returns
    -------
    float
        The eased gradient.

    Examples
    --------
    >>> quartic_ease(0.5)
    0.0625
    """
    return g * g * g * g


def quintic_ease(g: float) -> float:
    """Quintic ease-in, ``g^5``. Babylon.js ``QuinticEase.easeInCore``.

    Parameters
    ----------
    g
        Gradient; not clamped.

    Returns
    -------
    float
        The eased gradient.

    Examples
    --------
    >>> quintic_ease(0.5)
    0.03125
    """
    return g * g * g * g * g


def sine_ease(g: float) -> float:
    """Sinusoidal ease-in, ``1 - sin(pi/2 * (1 - g))``. Babylon.js ``SineEase.easeInCore``.

    Parameters
    ----------
    g
        Gradient; not clamped.

    Returns
    -------
    float
        The eased gradient.

    Examples
    --------
    >>> sine_ease(0.0), sine_ease(1.0)
    (0.0, 1.0)
    >>> round(sine_ease(0.5), 12)
    0.292893218813
    """
    return 1.0 - _sin(_HALF_PI * (1.0 - g))


# --- Parameterised curves ---------------------------------------------------------------------


def power_ease(g: float, power: float) -> float:
    """Power ease-in, ``g ** max(0, power)``. Babylon.js ``PowerEase.easeInCore``.

    Parameters
    ----------
    g
        Gradient; not clamped (a negative ``g`` with a non-integer power gives NaN, as
        ``Math.pow`` does).
    power
        Exponent; negative values act as 0 (so the curve is the constant 1).

    Returns
    -------
    float
        The eased gradient.

    Examples
    --------
    >>> power_ease(0.5, 3.0)
    0.125
    >>> power_ease(0.5, -4.0), power_ease(0.0, 0.0)
    (1.0, 1.0)
    """
    return _pow(g, _max0(power))


def exponential_ease(g: float, exponent: float) -> float:
    """Exponential ease-in, ``(e^(k g) - 1) / (e^k - 1)``. Babylon.js ``ExponentialEase``.

    Parameters
    ----------
    g
        Gradient; not clamped.
    exponent
        ``k``; at or below 0 the curve is linear (Babylon.js returns the gradient unchanged).

    Returns
    -------
    float
        The eased gradient.

    Examples
    --------
    >>> exponential_ease(0.25, 0.0), exponential_ease(0.25, -2.0)
    (0.25, 0.25)
    >>> round(exponential_ease(0.5, 2.0), 12)
    0.26894142137
    """
    if exponent <= 0.0:
        return g
    return _div(_exp(exponent * g) - 1.0, _exp(exponent) - 1.0)


def back_ease(g: float, amplitude: float) -> float:
    """Back ease-in, ``g^3 - g * a * sin(pi g)`` with ``a = max(0, amplitude)``.

    Babylon.js ``BackEase.easeInCore``: dips below 0 before rising to 1.

    Parameters
    ----------
    g
        Gradient; not clamped.
    amplitude
        Depth of the dip; negative values act as 0 (a plain cubic).

    Returns
    -------
    float
        The eased gradient.

    Examples
    --------
    >>> back_ease(0.5, 0.0)
    0.125
    >>> back_ease(0.5, 1.0)
    -0.375
    """
    a = _max0(amplitude)
    return _pow(g, 3.0) - g * a * _sin(_PI * g)


def elastic_ease(g: float, oscillations: float, springiness: float) -> float:
    """Elastic ease-in: a sine of growing amplitude. Babylon.js ``ElasticEase.easeInCore``.

    ``env(g) * sin((2 pi n + pi/2) g)`` where ``n = max(0, oscillations)`` and
    ``env(g) = (e^(s g) - 1) / (e^s - 1)`` with ``s = max(0, springiness)`` (``env(g) = g``
    when ``s`` is 0). The curve ends at 1 only for whole numbers of oscillations.

    Parameters
    ----------
    g
        Gradient; not clamped.
    oscillations
        Number of oscillations; negative values act as 0.
    springiness
        Envelope steepness; negative values act as 0 (a linear envelope).

    Returns
    -------
    float
        The eased gradient.

    Examples
    --------
    >>> elastic_ease(0.0, 3.0, 3.0), elastic_ease(1.0, 3.0, 3.0)
    (0.0, 1.0)
    >>> round(elastic_ease(0.5, 0.0, 0.0), 12)
    0.353553390593
    """
    n = _max0(oscillations)
    s = _max0(springiness)
    envelope = g if s == 0.0 else _div(_exp(s * g) - 1.0, _exp(s) - 1.0)
    return envelope * _sin((_TWO_PI * n + _HALF_PI) * g)


def bounce_ease(g: float, bounces: float, bounciness: float) -> float:
    """Bounce ease-in: parabolic arcs shrinking geometrically. Babylon.js ``BounceEase``.

    Parameters
    ----------
    g
        Gradient; not clamped (a negative ``g`` below the first arc gives NaN, as in
        Babylon.js).
    bounces
        Number of bounces; negative values act as 0.
    bounciness
        Ratio between successive arcs; values at or below 1 are replaced by
        :data:`BOUNCINESS_FLOOR` (1.001).

    Returns
    -------
    float
        The eased gradient.

    Examples
    --------
    >>> bounce_ease(0.0, 3.0, 2.0)
    0.0
    >>> round(bounce_ease(1.0, 3.0, 2.0), 12)
    1.0
    >>> round(bounce_ease(0.5, 3.0, 2.0), 12)
    0.46875
    """
    n = _max0(bounces)
    b = BOUNCINESS_FLOOR if bounciness <= 1.0 else bounciness
    # Arc k spans [(1 - b^k), (1 - b^(k+1))] / ((1 - b) * total) of the gradient, where
    # total = sum of the first n arcs plus half of the last one; then one parabola per arc.
    b_pow_n = _pow(b, n)
    one_minus_b = 1.0 - b
    total = _div(1.0 - b_pow_n, one_minus_b) + b_pow_n * 0.5
    scaled = g * total
    arc = _floor(_div(_log(-scaled * (1.0 - b) + 1.0), _log(b)))
    start = _div(1.0 - _pow(b, arc), one_minus_b * total)
    end = _div(1.0 - _pow(b, arc + 1.0), one_minus_b * total)
    middle = (start + end) * 0.5
    offset = g - middle
    half_width = middle - start
    return (
        _div(-_pow(_div(1.0, b), n - arc), half_width * half_width)
        * (offset - half_width)
        * (offset + half_width)
    )


def bezier_curve_ease(g: float, x1: float, y1: float, x2: float, y2: float) -> float:
    """Cubic Bezier ease through (0, 0), (x1, y1), (x2, y2), (1, 1), as CSS ``cubic-bezier``.

    Babylon.js ``BezierCurveEase.easeInCore`` = ``BezierCurve.Interpolate``: ``t`` with
    ``x(t) = g`` is found by :data:`BEZIER_NEWTON_ITERATIONS` Newton steps from ``t = g``, each
    clamped to [0, 1], and ``y(t)`` is returned. ``g == 0`` returns 0 at once. Where the
    x-slope is zero at the solution (``x2 == 1`` at ``g == 1``, e.g. the default
    ``(0, 0, 1, 1)``) the Newton step is ``0 * Infinity`` and the result is NaN, as in
    Babylon.js.

    Parameters
    ----------
    g
        Gradient (the x coordinate).
    x1, y1
        First control point.
    x2, y2
        Second control point.

    Returns
    -------
    float
        The eased gradient (the y coordinate).

    Examples
    --------
    >>> bezier_curve_ease(0.5, 0.0, 0.0, 1.0, 1.0)
    0.5
    >>> round(bezier_curve_ease(0.25, 0.42, 0.0, 0.58, 1.0), 6)
    0.129162
    >>> bezier_curve_ease(1.0, 0.0, 0.0, 1.0, 1.0)
    nan
    """
    if g == 0.0:
        return 0.0
    # x(t) = c3 t^3 + c2 t^2 + c1 t, the Bernstein form with x0 = 0 and x3 = 1 expanded.
    c3 = 1.0 - 3.0 * x2 + 3.0 * x1
    c2 = 3.0 * x2 - 6.0 * x1
    c1 = 3.0 * x1
    t = g
    for _ in range(BEZIER_NEWTON_ITERATIONS):
        t2 = t * t
        t3 = t2 * t
        x = c3 * t3 + c2 * t2 + c1 * t
        inv_slope = _div(1.0, 3.0 * c3 * t2 + 2.0 * c2 * t + c1)
        t -= (x - g) * inv_slope
        t = _clamp01(t)
    u = 1.0 - t
    return 3.0 * _pow(u, 2.0) * t * y1 + 3.0 * u * _pow(t, 2.0) * y2 + _pow(t, 3.0)


# --- Mode wrapper -------------------------------------------------------------------------------


def ease_with_mode(curve: AnimationEasing, mode: float, g: float) -> float:
    """Apply a raw ease-in ``curve`` in a Babylon.js easing mode.

    Babylon.js ``EasingFunction.ease``: :data:`EASE_IN` returns ``curve(g)``; :data:`EASE_OUT`
    returns ``1 - curve(1 - g)``; any other mode (:data:`EASE_IN_OUT`, and also a non-integer
    or NaN mode, which Babylon.js lets through its clamp) runs the curve on each half:
    ``curve(2 g) / 2`` below 0.5 and ``(1 - curve(2 (1 - g))) / 2 + 1/2`` from 0.5 on.

    Parameters
    ----------
    curve
        A raw ease-in function of the gradient.
    mode
        ``EASE_IN`` (0), ``EASE_OUT`` (1) or ``EASE_IN_OUT`` (2).
    g
        Gradient; passed through unclamped.

    Returns
    -------
    float
        The eased gradient.

    Examples
    --------
    >>> ease_with_mode(quadratic_ease, EASE_IN, 0.25)
    0.0625
    >>> ease_with_mode(quadratic_ease, EASE_OUT, 0.25)
    0.4375
    >>> ease_with_mode(quadratic_ease, EASE_IN_OUT, 0.25), ease_with_mode(quadratic_ease, 2, 0.75)
    (0.125, 0.875)
    """
    if mode == EASE_IN:
        return curve(g)
    if mode == EASE_OUT:
        return 1.0 - curve(1.0 - g)
    if g >= 0.5:
        return (1.0 - curve((1.0 - g) * 2.0)) * 0.5 + 0.5
    return curve(g * 2.0) * 0.5


# --- Factories ----------------------------------------------------------------------------------


def _finite(value: object, name: str, factory: str) -> float:
    """Validate one factory parameter (a real, finite number; bool is refused)."""
    if isinstance(value, bool) or not isinstance(value, Real):
        raise KeyframeError(
            "LITE-ANIM-012",
            f"{factory}: {name} must be a finite number, got {value!r}",
            hint=f"pass an int or float for {name}",
            input_name=name,
        )
    result = finite_real(value)  # None for inf/NaN and for ints beyond the float range
    if result is None:
        raise KeyframeError(
            "LITE-ANIM-012",
            f"{factory}: {name} must be a finite number, got {value!r}",
            hint=f"pass a finite value for {name}",
            input_name=name,
        )
    return result


def _domain_error(factory: str, name: str, value: float, allowed: str) -> KeyframeError:
    return KeyframeError(
        "LITE-ANIM-014",
        f"{factory}: {name}={value!r} is outside the curve's domain ({allowed}); the curve "
        "would write NaN or infinity",
        hint=f"pass {name} within {allowed}",
        input_name=name,
    )


def _check_exponent(value: float, name: str, factory: str) -> float:
    if 0.0 < value < EXPONENT_MIN or value > EXPONENT_MAX:
        raise _domain_error(
            factory, name, value, f"<= 0 (linear) or [{EXPONENT_MIN}, {EXPONENT_MAX}]"
        )
    return value


def _checked(factory: str, name: str, value: float, ease: AnimationEasing) -> AnimationEasing:
    """``ease`` once its curve is finite (and within :data:`CURVE_ABS_MAX`) at
    :data:`_CURVE_SAMPLES` gradients of [0, 1] (every mode reads the curve there), else
    ``LITE-ANIM-014`` naming ``name``."""
    last = _CURVE_SAMPLES - 1
    for i in range(_CURVE_SAMPLES):
        y = ease(i / last)
        if not -CURVE_ABS_MAX <= y <= CURVE_ABS_MAX:  # NaN fails too
            raise _domain_error(
                factory, name, value, f"a curve within +-{CURVE_ABS_MAX:g} on [0, 1]"
            )
    return ease


def _bezier_finite(g: float, x1: float, y1: float, x2: float, y2: float) -> float:
    """:func:`bezier_curve_ease` where it is finite; else the same Newton steps, stopping at
    a zero slope instead of taking the ``0 * Infinity`` step (``x2 == 1`` at ``g == 1``)."""
    y = bezier_curve_ease(g, x1, y1, x2, y2)
    if y - y == 0.0:
        return y
    c3 = 1.0 - 3.0 * x2 + 3.0 * x1
    c2 = 3.0 * x2 - 6.0 * x1
    c1 = 3.0 * x1
    t = _clamp01(g)
    for _ in range(BEZIER_NEWTON_ITERATIONS):
        slope = 3.0 * c3 * t * t + 2.0 * c2 * t + c1
        if slope == 0.0:
            break
        t = _clamp01(t - (c3 * t * t * t + c2 * t * t + c1 * t - g) / slope)
    u = 1.0 - t
    return 3.0 * u * u * t * y1 + 3.0 * u * t * t * y2 + t * t * t


def create_power_ease(power: float = 2.0) -> AnimationEasing:
    """Capture ``power`` and return ``g -> power_ease(g, power)``.

    Parameters
    ----------
    power
        Exponent (Babylon.js ``PowerEase`` default 2); negative values act as 0.

    Returns
    -------
    AnimationEasing
        The raw ease-in curve.

    Raises
    ------
    KeyframeError
        ``LITE-ANIM-012`` if ``power`` is not a finite number.

    Examples
    --------
    >>> create_power_ease()(0.5)
    0.25
    """
    p = _finite(power, "power", "create_power_ease")

    def ease(g: float) -> float:
        return power_ease(g, p)

    return _checked("create_power_ease", "power", p, ease)


def create_exponential_ease(exponent: float = 2.0) -> AnimationEasing:
    """Capture ``exponent`` and return ``g -> exponential_ease(g, exponent)``.

    Parameters
    ----------
    exponent
        Steepness (Babylon.js ``ExponentialEase`` default 2); at or below 0 the curve is
        linear.

    Returns
    -------
    AnimationEasing
        The raw ease-in curve.

    Raises
    ------
    KeyframeError
        ``LITE-ANIM-012`` if ``exponent`` is not a finite number. ``LITE-ANIM-014`` if it is in
        (0, :data:`EXPONENT_MIN`) or above :data:`EXPONENT_MAX` (the curve would be NaN/inf).

    Examples
    --------
    >>> round(create_exponential_ease()(0.5), 12)
    0.26894142137
    """
    k = _check_exponent(
        _finite(exponent, "exponent", "create_exponential_ease"),
        "exponent",
        "create_exponential_ease",
    )

    def ease(g: float) -> float:
        return exponential_ease(g, k)

    return _checked("create_exponential_ease", "exponent", k, ease)


def create_back_ease(amplitude: float = 1.0) -> AnimationEasing:
    """Capture ``amplitude`` and return ``g -> back_ease(g, amplitude)``.

    Parameters
    ----------
    amplitude
        Depth of the dip (Babylon.js ``BackEase`` default 1); negative values act as 0.

    Returns
    -------
    AnimationEasing
        The raw ease-in curve.

    Raises
    ------
    KeyframeError
        ``LITE-ANIM-012`` if ``amplitude`` is not a finite number; ``LITE-ANIM-014`` above
        :data:`BACK_AMPLITUDE_MAX` (the dip would overflow float32).

    Examples
    --------
    >>> create_back_ease()(0.5)
    -0.375
    """
    a = _finite(amplitude, "amplitude", "create_back_ease")
    if a > BACK_AMPLITUDE_MAX:
        raise _domain_error(
            "create_back_ease", "amplitude", a, f"<= {BACK_AMPLITUDE_MAX:g} (float32 output)"
        )

    def ease(g: float) -> float:
        return back_ease(g, a)

    return _checked("create_back_ease", "amplitude", a, ease)


def create_elastic_ease(oscillations: float = 3.0, springiness: float = 3.0) -> AnimationEasing:
    """Capture the parameters and return ``g -> elastic_ease(g, oscillations, springiness)``.

    Parameters
    ----------
    oscillations
        Number of oscillations (Babylon.js ``ElasticEase`` default 3).
    springiness
        Envelope steepness (default 3).

    Returns
    -------
    AnimationEasing
        The raw ease-in curve.

    Raises
    ------
    KeyframeError
        ``LITE-ANIM-012`` if a parameter is not a finite number; ``LITE-ANIM-014``
        if ``springiness`` is in (0, :data:`EXPONENT_MIN`) or above :data:`EXPONENT_MAX`.

    Examples
    --------
    >>> create_elastic_ease()(1.0)
    1.0
    """
    n = _finite(oscillations, "oscillations", "create_elastic_ease")
    if abs(n) > ELASTIC_OSCILLATIONS_MAX:
        raise _domain_error(
            "create_elastic_ease", "oscillations", n, f"|n| <= {ELASTIC_OSCILLATIONS_MAX:g}"
        )
    s = _check_exponent(
        _finite(springiness, "springiness", "create_elastic_ease"),
        "springiness",
        "create_elastic_ease",
    )

    def ease(g: float) -> float:
        return elastic_ease(g, n, s)

    return _checked("create_elastic_ease", "oscillations", n, ease)


def create_bounce_ease(bounces: float = 3.0, bounciness: float = 2.0) -> AnimationEasing:
    """Capture the parameters and return ``g -> bounce_ease(g, bounces, bounciness)``.

    Parameters
    ----------
    bounces
        Number of bounces (Babylon.js ``BounceEase`` default 3).
    bounciness
        Ratio between arcs (default 2); at or below 1 it is replaced by 1.001.

    Returns
    -------
    AnimationEasing
        The raw ease-in curve.

    Raises
    ------
    KeyframeError
        ``LITE-ANIM-012`` if a parameter is not a finite number; ``LITE-ANIM-014``
        if ``bounces * ln(bounciness)`` exceeds :data:`BOUNCE_LOG_MAX` (after the curve's
        own clamps).

    Examples
    --------
    >>> round(create_bounce_ease()(0.5), 12)
    0.46875
    """
    n = _finite(bounces, "bounces", "create_bounce_ease")
    b = _finite(bounciness, "bounciness", "create_bounce_ease")
    # The curve's own clamps: negative bounces act as 0, bounciness <= 1 as BOUNCINESS_FLOOR.
    if _max0(n) * math.log(BOUNCINESS_FLOOR if b <= 1.0 else b) > BOUNCE_LOG_MAX:
        raise _domain_error(
            "create_bounce_ease",
            "bounces",
            n,
            f"bounces * ln(bounciness) <= {BOUNCE_LOG_MAX} (bounciness={b!r})",
        )

    def ease(g: float) -> float:
        return bounce_ease(g, n, b)

    return _checked("create_bounce_ease", "bounces", n, ease)


def create_bezier_curve_ease(
    x1: float = 0.0, y1: float = 0.0, x2: float = 1.0, y2: float = 1.0
) -> AnimationEasing:
    """Capture the control points and return ``g -> bezier_curve_ease(g, x1, y1, x2, y2)``.

    Parameters
    ----------
    x1, y1
        First control point (Babylon.js ``BezierCurveEase`` default (0, 0)).
    x2, y2
        Second control point (default (1, 1)). Where :func:`bezier_curve_ease` is NaN
        (``x2 == 1`` at ``g == 1``, as in Babylon.js) the returned curve stops its Newton
        steps at the zero slope instead, so it is finite everywhere (1 at ``g == 1``).

    Returns
    -------
    AnimationEasing
        The raw ease-in curve.

    Raises
    ------
    KeyframeError
        ``LITE-ANIM-012`` if a parameter is not a finite number; ``LITE-ANIM-014``
        if ``x1`` or ``x2`` is outside [0, 1] (CSS ``cubic-bezier``) or ``|y1|`` or
        ``|y2|`` exceeds :data:`BEZIER_Y_MAX`.

    Examples
    --------
    >>> round(create_bezier_curve_ease(0.42, 0.0, 0.58, 1.0)(0.5), 12)
    0.5
    """
    a = _finite(x1, "x1", "create_bezier_curve_ease")
    b = _finite(y1, "y1", "create_bezier_curve_ease")
    c = _finite(x2, "x2", "create_bezier_curve_ease")
    d = _finite(y2, "y2", "create_bezier_curve_ease")
    for name, x in (("x1", a), ("x2", c)):
        if not 0.0 <= x <= 1.0:  # CSS cubic-bezier: x control points lie in [0, 1]
            raise _domain_error("create_bezier_curve_ease", name, x, "[0, 1]")
    for name, y in (("y1", b), ("y2", d)):
        if abs(y) > BEZIER_Y_MAX:
            raise _domain_error(
                "create_bezier_curve_ease", name, y, f"[-{BEZIER_Y_MAX}, {BEZIER_Y_MAX}]"
            )

    def ease(g: float) -> float:
        return _bezier_finite(g, a, b, c, d)

    return _checked("create_bezier_curve_ease", "y1", b, ease)
