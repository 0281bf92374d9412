"""Babylon.js ``Scalar`` and the scalar helpers the math types share.

Port of ``@babylonjs/core`` 9.31 ``Maths/math.scalar.js`` and ``math.scalar.functions.js``.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import ClassVar, Final

from lite_compat._js import js_div, js_floor, js_max, js_min, js_mod, js_sign, js_str, parse_int
from lite_compat.math.constants import FLOAT32_EPSILON

__all__ = [
    "Scalar",
]


_INF: Final = math.inf
_NAN: Final = math.nan


def extract_as_int(value: float) -> float:
    """Babylon's ``ExtractAsInt``: ``parseInt(value.toString().replace(/\\W/g, ""))``."""
    text = "".join(ch for ch in js_str(value) if ch.isascii() and (ch.isalnum() or ch == "_"))
    return parse_int(text, 10)


def within_epsilon(a: float, b: float, epsilon: float = FLOAT32_EPSILON) -> bool:
    return abs(a - b) <= epsilon


def clamp(value: float, min: float = 0.0, max: float = 1.0) -> float:
    return js_min(max, js_max(min, value))


def random_range(min: float, max: float) -> float:
    if min == max:
        return min
    return random.random() * (max - min) + min


def hermite_parts(amount: float) -> tuple[float, float, float, float]:
    squared = amount * amount
    cubed = amount * squared
    part1 = 2.0 * cubed - 3.0 * squared + 1.0
    part2 = -2.0 * cubed + 3.0 * squared
    part3 = cubed - 2.0 * squared + amount
    part4 = cubed - squared
    return part1, part2, part3, part4


def hermite_d1(v1: float, t1: float, v2: float, t2: float, time: float) -> float:
    tt = time * time
    return (
        (tt - time) * 6 * v1
        + (3 * tt - 4 * time + 1) * t1
        + (-tt + time) * 6 * v2
        + (3 * tt - 2 * time) * t2
    )


def catmull_rom(a: float, b: float, c: float, d: float, amount: float) -> float:
    squared = amount * amount
    cubed = amount * squared
    return 0.5 * (
        2.0 * b
        + (-a + c) * amount
        + (2.0 * a - 5.0 * b + 4.0 * c - d) * squared
        + (-a + 3.0 * b - 3.0 * c + d) * cubed
    )


def to_hex(i: float) -> str:
    """Babylon's ``ToHex``: upper-case base-16, zero-padded to two digits when ``i <= 15``."""
    if i != i:
        text = "NaN"
    elif abs(i) == _INF:
        text = "Infinity" if i > 0 else "-Infinity"
    else:
        n = int(i)
        text = format(n, "x") if n >= 0 else "-" + format(-n, "x")
    if i <= 15:
        return ("0" + text).upper()
    return text.upper()


def _repeat(value: float, length: float) -> float:
    return value - js_floor(js_div(value, length)) * length


def _delta_angle(current: float, target: float) -> float:
    num = _repeat(target - current, 360.0)
    if num > 180.0:
        num -= 360.0
    return num


def _move_towards(current: float, target: float, maxDelta: float) -> float:
    if abs(target - current) <= maxDelta:
        return target
    return current + js_sign(target - current) * maxDelta


class Scalar:
    """Scalar helpers (``BABYLON.Scalar``), as static methods with Babylon's names."""

    TwoPi: ClassVar[float] = math.pi * 2

    @staticmethod
    def ExtractAsInt(value: float) -> float:
        """``parseInt`` of the decimal digits of ``value``."""
        return extract_as_int(value)

    @staticmethod
    def WithinEpsilon(a: float, b: float, epsilon: float = FLOAT32_EPSILON) -> bool:
        """``|a - b| <= epsilon``."""
        return abs(a - b) <= epsilon

    @staticmethod
    def OutsideRange(num: float, min: float, max: float, epsilon: float = FLOAT32_EPSILON) -> bool:
        """Whether ``num`` lies outside ``[min - epsilon, max + epsilon]``."""
        return num < min - epsilon or num > max + epsilon

    @staticmethod
    def RandomRange(min: float, max: float) -> float:
        """Uniform random number in ``[min, max)`` (not reproducible)."""
        return random_range(min, max)

    @staticmethod
    def Lerp(start: float, end: float, amount: float) -> float:
        """``start + (end - start) * amount``."""
        return start + (end - start) * amount

    @staticmethod
    def LerpAngle(start: float, end: float, amount: float) -> float:
        """Lerp between angles in DEGREES along the short way (``amount`` clamped)."""
        num = _repeat(end - start, 360.0)
        if num > 180.0:
            num -= 360.0
        return start + num * clamp(amount)

    @staticmethod
    def InverseLerp(a: float, b: float, value: float) -> float:
        """Where ``value`` lies between ``a`` and ``b``, clamped to [0, 1]."""
        if a != b:
            return clamp((value - a) / (b - a))
        return 0.0

    @staticmethod
    def Hermite(
        value1: float, tangent1: float, value2: float, tangent2: float, amount: float
    ) -> float:
        """Cubic Hermite interpolation."""
        p1, p2, p3, p4 = hermite_parts(amount)
        return value1 * p1 + value2 * p2 + tangent1 * p3 + tangent2 * p4

    @staticmethod
    def Hermite1stDerivative(
        value1: float, tangent1: float, value2: float, tangent2: float, time: float
    ) -> float:
        """First derivative of the Hermite spline at ``time``."""
        return hermite_d1(value1, tangent1, value2, tangent2, time)

    @staticmethod
    def Clamp(value: float, min: float = 0, max: float = 1) -> float:
        """``Math.min(max, Math.max(min, value))`` (NaN propagates)."""
        return clamp(value, min, max)

    @staticmethod
    def NormalizeRadians(angle: float) -> float:
        """Wrap ``angle`` into ``[-pi, pi)``."""
        return angle - math.pi * 2 * js_floor((angle + math.pi) / (math.pi * 2))

    @staticmethod
    def ToHex(i: float) -> str:
        """Upper-case hexadecimal, zero-padded to two digits when ``i <= 15``."""
        return to_hex(i)

    @staticmethod
    def ILog2(value: float) -> float:
        """``floor(log2(value))`` (``-Infinity`` for 0, NaN for negatives)."""
        if value != value or value < 0:
            return _NAN
        if value == 0:
            return -_INF
        if value == _INF:
            return _INF
        return float(math.floor(math.log2(value)))

    @staticmethod
    def Repeat(value: float, length: float) -> float:
        """``value`` wrapped into ``[0, length)``."""
        return _repeat(value, length)

    @staticmethod
    def Normalize(value: float, min: float, max: float) -> float:
        """``(value - min) / (max - min)``."""
        return js_div(value - min, max - min)

    @staticmethod
    def Denormalize(normalized: float, min: float, max: float) -> float:
        """``normalized * (max - min) + min``."""
        return normalized * (max - min) + min

    @staticmethod
    def DeltaAngle(current: float, target: float) -> float:
        """Shortest difference between two angles in degrees."""
        return _delta_angle(current, target)

    @staticmethod
    def PingPong(tx: float, length: float) -> float:
        """Bounce ``tx`` between 0 and ``length``."""
        t = _repeat(tx, length * 2.0)
        return length - abs(t - length)

    @staticmethod
    def SmoothStep(from_: float, to: float, tx: float) -> float:
        """Smooth Hermite step from ``from_`` to ``to`` (``tx`` clamped)."""
        t = clamp(tx)
        t = -2.0 * t * t * t + 3.0 * t * t
        return to * t + from_ * (1.0 - t)

    @staticmethod
    def MoveTowards(current: float, target: float, maxDelta: float) -> float:
        """Move ``current`` towards ``target`` by at most ``maxDelta``."""
        return _move_towards(current, target, maxDelta)

    @staticmethod
    def MoveTowardsAngle(current: float, target: float, maxDelta: float) -> float:
        """Move an angle in degrees towards ``target`` by at most ``maxDelta``."""
        num = _delta_angle(current, target)
        if -maxDelta < num < maxDelta:
            return target
        target = current + num
        return _move_towards(current, target, maxDelta)

    @staticmethod
    def RangeToPercent(number: float, min: float, max: float) -> float:
        """``(number - min) / (max - min)``."""
        return js_div(number - min, max - min)

    @staticmethod
    def PercentToRange(percent: float, min: float, max: float) -> float:
        """``(max - min) * percent + min``."""
        return (max - min) * percent + min

    @staticmethod
    def HighestCommonFactor(a: float, b: float) -> float:
        """Greatest common divisor (Euclid with JS ``%``)."""
        while True:
            r = js_mod(a, b)
            if r == 0:
                return b
            if r != r:
                return _NAN
            a, b = b, r

    HCF: ClassVar[Callable[[float, float], float]]

    @staticmethod
    def Sign(x: float) -> float:
        """``Math.sign``: -1, 1, or ``x`` itself for 0, -0 and NaN."""
        return js_sign(x)

    @staticmethod
    def Log2(x: float) -> float:
        """``Math.log2`` (``-Infinity`` for 0, NaN for negatives)."""
        if x != x or x < 0:
            return _NAN
        if x == 0:
            return -_INF
        return math.log2(x)


Scalar.HCF = Scalar.HighestCommonFactor
