"""Babylon.js-shaped easing classes (``EasingFunction`` and its twelve curves).

Mirrors Babylon.js 9.31 ``Animations/easing.js``: the same class names, constructor defaults,
public mutable attributes and ``EASINGMODE_*`` constants. The classes hold no curve math:
``easeInCore`` reads the instance's current attributes and calls the matching raw curve in
:mod:`lite.easing`, and ``ease`` forwards to :func:`lite.easing.ease_with_mode`. Changing an
attribute (``ease.amplitude = 2``) therefore changes the curve on the next call, as in
Babylon.js.

As in Babylon.js, constructors and attribute assignments are not validated: out-of-range
values are clamped or special-cased inside the curves exactly as ``easeInCore`` does there,
and NaN or infinite values give the same NaN/Infinity results. Use the ``lite.easing``
``create_*`` factories for validated parameters.
"""

from __future__ import annotations

import math
from numbers import Real
from typing import ClassVar, Protocol, runtime_checkable

from lite import (
    EASE_IN,
    EASE_IN_OUT,
    EASE_OUT,
    back_ease,
    bezier_curve_ease,
    bounce_ease,
    circle_ease,
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
from lite.errors import KeyframeError

__all__ = [
    "BackEase",
    "BezierCurveEase",
    "BounceEase",
    "CircleEase",
    "CubicEase",
    "EasingFunction",
    "ElasticEase",
    "ExponentialEase",
    "IEasingFunction",
    "PowerEase",
    "QuadraticEase",
    "QuarticEase",
    "QuinticEase",
    "SineEase",
]


@runtime_checkable
class IEasingFunction(Protocol):
    """Anything with Babylon.js's ``ease(gradient)`` method (``IEasingFunction``)."""

    def ease(self, gradient: float) -> float:
        """Return the eased value of ``gradient`` (normally in [0, 1])."""
        ...


class EasingFunction:
    """Base class of the Babylon.js easing curves; subclasses implement ``easeInCore``.

    The easing mode starts at ``EASINGMODE_EASEIN``. A user subclass that overrides
    ``easeInCore`` gets ``ease`` with all three modes, as in Babylon.js.
    """

    #: Use the curve as it is.
    EASINGMODE_EASEIN: ClassVar[int] = EASE_IN
    #: ``1 - curve(1 - gradient)``.
    EASINGMODE_EASEOUT: ClassVar[int] = EASE_OUT
    #: Ease-in over the first half, ease-out over the second.
    EASINGMODE_EASEINOUT: ClassVar[int] = EASE_IN_OUT

    _easingMode: float

    def __init__(self) -> None:
        self._easingMode = EasingFunction.EASINGMODE_EASEIN

    def setEasingMode(self, easingMode: float) -> None:
        """Set the easing mode, clamped to [0, 2] as Babylon.js does.

        Parameters
        ----------
        easingMode
            ``EASINGMODE_EASEIN`` (0), ``EASINGMODE_EASEOUT`` (1) or ``EASINGMODE_EASEINOUT``
            (2). Like Babylon.js (``Math.min(Math.max(mode, 0), 2)``), values below 0 become
            0, above 2 become 2, and a non-integer in between (or NaN) is kept and behaves as
            ease-in-out.

        Raises
        ------
        KeyframeError
            ``LITE-ANIM-013`` if ``easingMode`` is not a real number.
        """
        if isinstance(easingMode, bool) or not isinstance(easingMode, Real):
            raise KeyframeError(
                "LITE-ANIM-013",
                f"setEasingMode: easingMode must be a number, got {easingMode!r}",
                hint="use EasingFunction.EASINGMODE_EASEIN, _EASEOUT or _EASEINOUT",
                input_name="easingMode",
            )
        mode = easingMode
        if mode != mode:
            self._easingMode = math.nan
        elif mode < EASE_IN:
            self._easingMode = EASE_IN
        elif mode > EASE_IN_OUT:
            self._easingMode = EASE_IN_OUT
        else:
            self._easingMode = mode

    def getEasingMode(self) -> float:
        """Return the current easing mode.

        Returns
        -------
        float
            The mode as stored by :meth:`setEasingMode` (normally 0, 1 or 2).
        """
        return self._easingMode

    def easeInCore(self, gradient: float) -> float:
        """Raw ease-in curve; subclasses override it.

        Raises
        ------
        NotImplementedError
            Always, on the base class (Babylon.js throws "You must implement this method").
        """
        raise NotImplementedError("You must implement this method")

    def ease(self, gradient: float) -> float:
        """Return the eased value of ``gradient`` in the current easing mode.

        Parameters
        ----------
        gradient
            Normalised progress, normally in [0, 1]; not clamped here.

        Returns
        -------
        float
            ``easeInCore`` remapped by the mode (see :func:`lite.easing.ease_with_mode`).

        Examples
        --------
        >>> q = QuadraticEase()
        >>> q.setEasingMode(EasingFunction.EASINGMODE_EASEOUT)
        >>> q.ease(0.25)
        0.4375
        """
        return ease_with_mode(self.easeInCore, self._easingMode, gradient)


class CircleEase(EasingFunction):
    """Circular curve (``easeInCirc``); the gradient is clamped to [0, 1]."""

    def easeInCore(self, gradient: float) -> float:
        """Raw curve: :func:`lite.easing.circle_ease`."""
        return circle_ease(gradient)


class BackEase(EasingFunction):
    """Curve that dips below 0 before rising (``easeInBack``).

    Parameters
    ----------
    amplitude
        Depth of the dip (default 1); negative values act as 0. Mutable.
    """

    amplitude: float

    def __init__(self, amplitude: float = 1) -> None:
        super().__init__()
        self.amplitude = amplitude

    def easeInCore(self, gradient: float) -> float:
        """Raw curve: :func:`lite.easing.back_ease` with the current ``amplitude``."""
        return back_ease(gradient, self.amplitude)


class BounceEase(EasingFunction):
    """Bouncing curve (``easeInBounce``).

    Parameters
    ----------
    bounces
        Number of bounces (default 3); negative values act as 0. Mutable.
    bounciness
        Ratio between successive bounces (default 2); at or below 1 it is replaced by
        1.001. Mutable.
    """

    bounces: float
    bounciness: float

    def __init__(self, bounces: float = 3, bounciness: float = 2) -> None:
        super().__init__()
        self.bounces = bounces
        self.bounciness = bounciness

    def easeInCore(self, gradient: float) -> float:
        """Raw curve: :func:`lite.easing.bounce_ease` with the current parameters."""
        return bounce_ease(gradient, self.bounces, self.bounciness)


class CubicEase(EasingFunction):
    """``gradient ** 3`` (``easeInCubic``)."""

    def easeInCore(self, gradient: float) -> float:
        """Raw curve: :func:`lite.easing.cubic_ease`."""
        return cubic_ease(gradient)


class ElasticEase(EasingFunction):
    """Oscillating curve of growing amplitude (``easeInElastic``).

    Parameters
    ----------
    oscillations
        Number of oscillations (default 3); negative values act as 0. Mutable.
    springiness
        Steepness of the envelope (default 3); negative values act as 0. Mutable.
    """

    oscillations: float
    springiness: float

    def __init__(self, oscillations: float = 3, springiness: float = 3) -> None:
        super().__init__()
        self.oscillations = oscillations
        self.springiness = springiness

    def easeInCore(self, gradient: float) -> float:
        """Raw curve: :func:`lite.easing.elastic_ease` with the current parameters."""
        return elastic_ease(gradient, self.oscillations, self.springiness)


class ExponentialEase(EasingFunction):
    """Exponential curve (``easeInExpo``).

    Parameters
    ----------
    exponent
        Steepness (default 2; Babylon.js's doc comment says 3, its code uses 2); at or below
        0 the curve is linear. Mutable.
    """

    exponent: float

    def __init__(self, exponent: float = 2) -> None:
        super().__init__()
        self.exponent = exponent

    def easeInCore(self, gradient: float) -> float:
        """Raw curve: :func:`lite.easing.exponential_ease` with the current ``exponent``."""
        return exponential_ease(gradient, self.exponent)


class PowerEase(EasingFunction):
    """``gradient ** max(0, power)`` (``easeInQuad`` for the default power 2).

    Parameters
    ----------
    power
        Exponent (default 2); negative values act as 0. Mutable.
    """

    power: float

    def __init__(self, power: float = 2) -> None:
        super().__init__()
        self.power = power

    def easeInCore(self, gradient: float) -> float:
        """Raw curve: :func:`lite.easing.power_ease` with the current ``power``."""
        return power_ease(gradient, self.power)


class QuadraticEase(EasingFunction):
    """``gradient ** 2`` (``easeInQuad``)."""

    def easeInCore(self, gradient: float) -> float:
        """Raw curve: :func:`lite.easing.quadratic_ease`."""
        return quadratic_ease(gradient)


class QuarticEase(EasingFunction):
    """``gradient ** 4`` (``easeInQuart``)."""

    def easeInCore(self, gradient: float) -> float:
        """Raw curve: :func:`lite.easing.quartic_ease`."""
        return quartic_ease(gradient)


class QuinticEase(EasingFunction):
    """``gradient ** 5`` (``easeInQuint``)."""

    def easeInCore(self, gradient: float) -> float:
        """Raw curve: :func:`lite.easing.quintic_ease`."""
        return quintic_ease(gradient)


class SineEase(EasingFunction):
    """Sinusoidal curve (``easeInSine``)."""

    def easeInCore(self, gradient: float) -> float:
        """Raw curve: :func:`lite.easing.sine_ease`."""
        return sine_ease(gradient)


class BezierCurveEase(EasingFunction):
    """CSS-style cubic Bezier curve through (0, 0), (x1, y1), (x2, y2), (1, 1).

    Parameters
    ----------
    x1, y1
        First control point (default (0, 0)). Mutable.
    x2, y2
        Second control point (default (1, 1)). Mutable. With ``x2 == 1`` (the default)
        ``easeInCore(1)`` is NaN, as in Babylon.js.
    """

    x1: float
    y1: float
    x2: float
    y2: float

    def __init__(self, x1: float = 0, y1: float = 0, x2: float = 1, y2: float = 1) -> None:
        super().__init__()
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2

    def easeInCore(self, gradient: float) -> float:
        """Raw curve: :func:`lite.easing.bezier_curve_ease` with the current control points."""
        return bezier_curve_ease(gradient, self.x1, self.y1, self.x2, self.y2)
