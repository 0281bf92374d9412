"""Babylon.js ``Color3``, ``Color4``, ``TmpColors`` and the gamma helpers.

Port of ``@babylonjs/core`` 9.31 ``Maths/math.color.pure.js``.
"""

from __future__ import annotations

import math
import random
from collections.abc import MutableSequence, Sequence
from typing import TYPE_CHECKING, ClassVar, Final

from lite_compat._js import (
    hash_chain,
    js_max,
    js_min,
    js_mod,
    js_pow,
    js_round,
    js_str,
    parse_int,
    reference_error,
    to_int32,
    write_array,
)
from lite_compat.math.constants import Epsilon, ToGammaSpace, ToLinearSpace
from lite_compat.math.like import IColor3Like, IColor4Like
from lite_compat.math.scalar import clamp, hermite_d1, hermite_parts, to_hex, within_epsilon

if TYPE_CHECKING:
    from typing import Self

__all__ = [
    "Color3",
    "Color4",
    "TmpColors",
]


_INF: Final = math.inf
_NAN: Final = math.nan


def _to_linear(c: float) -> float:
    return js_pow(c, ToLinearSpace)


def _to_linear_exact(c: float) -> float:
    if c <= 0.04045:
        return 0.0773993808 * c
    return js_pow(0.947867299 * (c + 0.055), 2.4)


def _to_gamma(c: float) -> float:
    return js_pow(c, ToGammaSpace)


def _to_gamma_exact(c: float) -> float:
    if c <= 0.0031308:
        return 12.92 * c
    return 1.055 * js_pow(c, 0.41666) - 0.055


def _parse_hex_byte(hex_text: str, start: int) -> float:
    return parse_int(hex_text[start : start + 2], 16)


class Color3:
    """An RGB colour with float channels (``BABYLON.Color3``), nominally in [0, 1].

    Parameters
    ----------
    r, g, b
        Channels (default 0).

    Examples
    --------
    >>> Color3(1, 0.5, 0).toHexString()
    '#FF8000'
    """

    __slots__ = ("b", "g", "r")

    BlackReadOnly: ClassVar[Color3]

    def __init__(self, r: float = 0, g: float = 0, b: float = 0) -> None:
        self.r = r
        self.g = g
        self.b = b

    def __repr__(self) -> str:
        return f"Color3({self.r!r}, {self.g!r}, {self.b!r})"

    def __str__(self) -> str:
        return self.toString()

    def toString(self) -> str:
        """``{R: r G:g B:b}`` with JS number formatting (spacing as in Babylon.js)."""
        return "{R: " + js_str(self.r) + " G:" + js_str(self.g) + " B:" + js_str(self.b) + "}"

    def getClassName(self) -> str:
        """Return ``"Color3"``."""
        return "Color3"

    def getHashCode(self) -> int:
        """Babylon's hash of the channels scaled to 0..255."""
        return hash_chain([to_int32(self.r * 255), to_int32(self.g * 255), to_int32(self.b * 255)])

    def toArray(self, array: MutableSequence[float], index: int = 0) -> Self:
        """Write ``r, g, b`` into ``array`` from ``index``."""
        write_array(array, index, (self.r, self.g, self.b))
        return self

    def fromArray(self, array: Sequence[float], offset: int = 0) -> Self:
        """Read ``r, g, b`` from ``array`` at ``offset``."""
        Color3.FromArrayToRef(array, offset, self)
        return self

    def toColor4(self, alpha: float = 1) -> Color4:
        """Return a Color4 with this colour and ``alpha``."""
        return Color4(self.r, self.g, self.b, alpha)

    def asArray(self) -> list[float]:
        """Return ``[r, g, b]``."""
        return [self.r, self.g, self.b]

    def toLuminance(self) -> float:
        """``0.3 r + 0.59 g + 0.11 b``."""
        return self.r * 0.3 + self.g * 0.59 + self.b * 0.11

    def multiply(self, otherColor: IColor3Like) -> Color3:
        """Return the channel-wise product."""
        return Color3(self.r * otherColor.r, self.g * otherColor.g, self.b * otherColor.b)

    def multiplyToRef(self, otherColor: IColor3Like, result: Color3) -> Color3:
        """Store the channel-wise product in ``result``."""
        result.r = self.r * otherColor.r
        result.g = self.g * otherColor.g
        result.b = self.b * otherColor.b
        return result

    def multiplyInPlace(self, otherColor: IColor3Like) -> Self:
        """Channel-wise ``self *= other``."""
        self.r *= otherColor.r
        self.g *= otherColor.g
        self.b *= otherColor.b
        return self

    def multiplyByFloats(self, r: float, g: float, b: float) -> Color3:
        """Return ``(self.r * r, self.g * g, self.b * b)``."""
        return Color3(self.r * r, self.g * g, self.b * b)

    def divide(self, _other: object) -> Color3:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Can not divide a color")

    def divideToRef(self, _other: object, _result: object) -> Color3:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Can not divide a color")

    def divideInPlace(self, _other: object) -> Color3:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Can not divide a color")

    def minimizeInPlace(self, other: IColor3Like) -> Self:
        """Keep the channel-wise minimum with ``other``."""
        return self.minimizeInPlaceFromFloats(other.r, other.g, other.b)

    def maximizeInPlace(self, other: IColor3Like) -> Self:
        """Keep the channel-wise maximum with ``other``."""
        return self.maximizeInPlaceFromFloats(other.r, other.g, other.b)

    def minimizeInPlaceFromFloats(self, r: float, g: float, b: float) -> Self:
        """Keep the channel-wise minimum with ``(r, g, b)`` (``Math.min``)."""
        self.r = js_min(r, self.r)
        self.g = js_min(g, self.g)
        self.b = js_min(b, self.b)
        return self

    def maximizeInPlaceFromFloats(self, r: float, g: float, b: float) -> Self:
        """Keep the channel-wise maximum with ``(r, g, b)`` (``Math.max``)."""
        self.r = js_max(r, self.r)
        self.g = js_max(g, self.g)
        self.b = js_max(b, self.b)
        return self

    def floorToRef(self, _result: object) -> Color3:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Can not floor a color")

    def floor(self) -> Color3:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Can not floor a color")

    def fractToRef(self, _result: object) -> Color3:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Can not fract a color")

    def fract(self) -> Color3:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Can not fract a color")

    def equals(self, otherColor: IColor3Like | None) -> bool:
        """Exact channel equality (``False`` for ``None``)."""
        o = otherColor
        return o is not None and self.r == o.r and self.g == o.g and self.b == o.b

    def equalsFloats(self, r: float, g: float, b: float) -> bool:
        """Exact equality with ``(r, g, b)``."""
        return self.equalsToFloats(r, g, b)

    def equalsToFloats(self, r: float, g: float, b: float) -> bool:
        """Exact equality with ``(r, g, b)``."""
        return self.r == r and self.g == g and self.b == b

    def equalsWithEpsilon(self, otherColor: IColor3Like, epsilon: float = Epsilon) -> bool:
        """Channel equality within ``epsilon``."""
        return (
            within_epsilon(self.r, otherColor.r, epsilon)
            and within_epsilon(self.g, otherColor.g, epsilon)
            and within_epsilon(self.b, otherColor.b, epsilon)
        )

    def negate(self) -> Color3:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Can not negate a color")

    def negateInPlace(self) -> Color3:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Can not negate a color")

    def negateToRef(self, _result: object) -> Color3:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Can not negate a color")

    def scale(self, scale: float) -> Color3:
        """Return every channel multiplied by ``scale``."""
        return Color3(self.r * scale, self.g * scale, self.b * scale)

    def scaleInPlace(self, scale: float) -> Self:
        """Multiply every channel by ``scale``."""
        self.r *= scale
        self.g *= scale
        self.b *= scale
        return self

    def scaleToRef(self, scale: float, result: Color3) -> Color3:
        """Store every channel multiplied by ``scale`` in ``result``."""
        result.r = self.r * scale
        result.g = self.g * scale
        result.b = self.b * scale
        return result

    def scaleAndAddToRef(self, scale: float, result: Color3) -> Color3:
        """``result += self * scale``."""
        result.r += self.r * scale
        result.g += self.g * scale
        result.b += self.b * scale
        return result

    def clampToRef(self, min: float = 0, max: float = 1, result: Color3 | None = None) -> Color3:
        """Store every channel clamped to ``[min, max]`` in ``result``."""
        target = result if result is not None else Color3()
        target.r = clamp(self.r, min, max)
        target.g = clamp(self.g, min, max)
        target.b = clamp(self.b, min, max)
        return target

    def add(self, otherColor: IColor3Like) -> Color3:
        """Return the channel-wise sum."""
        return Color3(self.r + otherColor.r, self.g + otherColor.g, self.b + otherColor.b)

    def addInPlace(self, otherColor: IColor3Like) -> Self:
        """Channel-wise ``self += other``."""
        self.r += otherColor.r
        self.g += otherColor.g
        self.b += otherColor.b
        return self

    def addInPlaceFromFloats(self, r: float, g: float, b: float) -> Self:
        """Channel-wise ``self += (r, g, b)``."""
        self.r += r
        self.g += g
        self.b += b
        return self

    def addToRef(self, otherColor: IColor3Like, result: Color3) -> Color3:
        """Store the channel-wise sum in ``result``."""
        result.r = self.r + otherColor.r
        result.g = self.g + otherColor.g
        result.b = self.b + otherColor.b
        return result

    def subtract(self, otherColor: IColor3Like) -> Color3:
        """Return the channel-wise difference."""
        return Color3(self.r - otherColor.r, self.g - otherColor.g, self.b - otherColor.b)

    def subtractToRef(self, otherColor: IColor3Like, result: Color3) -> Color3:
        """Store the channel-wise difference in ``result``."""
        result.r = self.r - otherColor.r
        result.g = self.g - otherColor.g
        result.b = self.b - otherColor.b
        return result

    def subtractInPlace(self, otherColor: IColor3Like) -> Self:
        """Channel-wise ``self -= other``."""
        self.r -= otherColor.r
        self.g -= otherColor.g
        self.b -= otherColor.b
        return self

    def subtractFromFloats(self, r: float, g: float, b: float) -> Color3:
        """Return ``self - (r, g, b)``."""
        return Color3(self.r - r, self.g - g, self.b - b)

    def subtractFromFloatsToRef(self, r: float, g: float, b: float, result: Color3) -> Color3:
        """Store ``self - (r, g, b)`` in ``result``."""
        result.r = self.r - r
        result.g = self.g - g
        result.b = self.b - b
        return result

    def clone(self) -> Color3:
        """Return a copy."""
        return Color3(self.r, self.g, self.b)

    def copyFrom(self, source: IColor3Like) -> Self:
        """Copy the channels of ``source``."""
        self.r = source.r
        self.g = source.g
        self.b = source.b
        return self

    def copyFromFloats(self, r: float, g: float, b: float) -> Self:
        """Set the channels."""
        self.r = r
        self.g = g
        self.b = b
        return self

    def set(self, r: float, g: float, b: float) -> Self:
        """Set the channels (alias of ``copyFromFloats``)."""
        return self.copyFromFloats(r, g, b)

    def setAll(self, v: float) -> Self:
        """Set every channel to ``v``."""
        self.r = self.g = self.b = v
        return self

    def toHexString(self) -> str:
        """``#RRGGBB`` (``Math.round(c * 255)``, no clamping, as in Babylon.js)."""
        int_r = js_round(self.r * 255)
        int_g = js_round(self.g * 255)
        int_b = js_round(self.b * 255)
        return "#" + to_hex(int_r) + to_hex(int_g) + to_hex(int_b)

    def fromHexString(self, hex: str) -> Self:
        """Set from ``#RRGGBB``; anything else leaves the colour unchanged."""
        if hex[:1] != "#" or len(hex) != 7:
            return self
        self.r = _parse_hex_byte(hex, 1) / 255
        self.g = _parse_hex_byte(hex, 3) / 255
        self.b = _parse_hex_byte(hex, 5) / 255
        return self

    def toHSV(self) -> Color3:
        """Return ``(hue in degrees, saturation, value)`` stored as r, g, b."""
        return self.toHSVToRef(Color3())

    def toHSVToRef(self, result: Color3) -> Color3:
        """Store ``(hue, saturation, value)`` in ``result``."""
        r = self.r
        g = self.g
        b = self.b
        max_ = js_max(js_max(r, g), b)
        min_ = js_min(js_min(r, g), b)
        h: float = 0
        s: float = 0
        v = max_
        dm = max_ - min_
        if max_ != 0:
            s = dm / max_
        if max_ != min_:
            if max_ == r:
                h = (g - b) / dm
                if g < b:
                    h += 6
            elif max_ == g:
                h = (b - r) / dm + 2
            elif max_ == b:
                h = (r - g) / dm + 4
            h *= 60
        result.r = h
        result.g = s
        result.b = v
        return result

    def toLinearSpace(self, exact: bool = False) -> Color3:
        """Return the colour converted from gamma to linear space."""
        converted = Color3()
        self.toLinearSpaceToRef(converted, exact)
        return converted

    def toLinearSpaceToRef(self, convertedColor: Color3, exact: bool = False) -> Self:
        """Store the linear-space colour in ``convertedColor`` (returns ``self``)."""
        f = _to_linear_exact if exact else _to_linear
        convertedColor.r = f(self.r)
        convertedColor.g = f(self.g)
        convertedColor.b = f(self.b)
        return self

    def toGammaSpace(self, exact: bool = False) -> Color3:
        """Return the colour converted from linear to gamma space."""
        converted = Color3()
        self.toGammaSpaceToRef(converted, exact)
        return converted

    def toGammaSpaceToRef(self, convertedColor: Color3, exact: bool = False) -> Self:
        """Store the gamma-space colour in ``convertedColor`` (returns ``self``)."""
        f = _to_gamma_exact if exact else _to_gamma
        convertedColor.r = f(self.r)
        convertedColor.g = f(self.g)
        convertedColor.b = f(self.b)
        return self

    @staticmethod
    def HSVtoRGBToRef(hue: float, saturation: float, value: float, result: Color3) -> Color3:
        """Store the RGB colour of ``(hue in degrees, saturation, value)`` in ``result``."""
        chroma = value * saturation
        h = hue / 60
        x = chroma * (1 - abs(js_mod(h, 2) - 1))
        r: float = 0
        g: float = 0
        b: float = 0
        if 0 <= h <= 1:
            r = chroma
            g = x
        elif 1 <= h <= 2:
            r = x
            g = chroma
        elif 2 <= h <= 3:
            g = chroma
            b = x
        elif 3 <= h <= 4:
            g = x
            b = chroma
        elif 4 <= h <= 5:
            r = x
            b = chroma
        elif 5 <= h <= 6:
            r = chroma
            b = x
        m = value - chroma
        result.r = r + m
        result.g = g + m
        result.b = b + m
        return result

    @staticmethod
    def FromHSV(hue: float, saturation: float, value: float) -> Color3:
        """RGB colour of ``(hue in degrees, saturation, value)``."""
        result = Color3(0, 0, 0)
        Color3.HSVtoRGBToRef(hue, saturation, value, result)
        return result

    @staticmethod
    def FromHexString(hex: str) -> Color3:
        """Colour of ``#RRGGBB`` (black when malformed)."""
        return Color3(0, 0, 0).fromHexString(hex)

    @staticmethod
    def FromArray(array: Sequence[float], offset: int = 0) -> Color3:
        """Read a colour from ``array`` at ``offset``."""
        return Color3(float(array[offset]), float(array[offset + 1]), float(array[offset + 2]))

    @staticmethod
    def FromArrayToRef(
        array: Sequence[float], offset: int = 0, result: Color3 | None = None
    ) -> None:
        """Read ``result`` from ``array`` at ``offset`` (returns nothing, as in Babylon.js)."""
        if result is None:
            return
        result.r = float(array[offset])
        result.g = float(array[offset + 1])
        result.b = float(array[offset + 2])

    @staticmethod
    def FromInts(r: float, g: float, b: float) -> Color3:
        """Colour of 0..255 channels."""
        return Color3(r / 255.0, g / 255.0, b / 255.0)

    @staticmethod
    def Lerp(start: IColor3Like, end: IColor3Like, amount: float) -> Color3:
        """Linear interpolation."""
        result = Color3(0.0, 0.0, 0.0)
        Color3.LerpToRef(start, end, amount, result)
        return result

    @staticmethod
    def LerpToRef(left: IColor3Like, right: IColor3Like, amount: float, result: Color3) -> None:
        """Store the linear interpolation in ``result`` (returns nothing, as in Babylon.js)."""
        result.r = left.r + (right.r - left.r) * amount
        result.g = left.g + (right.g - left.g) * amount
        result.b = left.b + (right.b - left.b) * amount

    @staticmethod
    def Hermite(
        value1: IColor3Like,
        tangent1: IColor3Like,
        value2: IColor3Like,
        tangent2: IColor3Like,
        amount: float,
    ) -> Color3:
        """Cubic Hermite interpolation."""
        p1, p2, p3, p4 = hermite_parts(amount)
        r = value1.r * p1 + value2.r * p2 + tangent1.r * p3 + tangent2.r * p4
        g = value1.g * p1 + value2.g * p2 + tangent1.g * p3 + tangent2.g * p4
        b = value1.b * p1 + value2.b * p2 + tangent1.b * p3 + tangent2.b * p4
        return Color3(r, g, b)

    @staticmethod
    def Hermite1stDerivative(
        value1: IColor3Like,
        tangent1: IColor3Like,
        value2: IColor3Like,
        tangent2: IColor3Like,
        time: float,
    ) -> Color3:
        """First derivative of the Hermite spline at ``time``."""
        result = Color3.Black()
        Color3.Hermite1stDerivativeToRef(value1, tangent1, value2, tangent2, time, result)
        return result

    @staticmethod
    def Hermite1stDerivativeToRef(
        value1: IColor3Like,
        tangent1: IColor3Like,
        value2: IColor3Like,
        tangent2: IColor3Like,
        time: float,
        result: Color3,
    ) -> None:
        """Store the Hermite first derivative in ``result`` (returns nothing)."""
        result.r = hermite_d1(value1.r, tangent1.r, value2.r, tangent2.r, time)
        result.g = hermite_d1(value1.g, tangent1.g, value2.g, tangent2.g, time)
        result.b = hermite_d1(value1.b, tangent1.b, value2.b, tangent2.b, time)

    @staticmethod
    def Red() -> Color3:
        """``(1, 0, 0)``."""
        return Color3(1, 0, 0)

    @staticmethod
    def Green() -> Color3:
        """``(0, 1, 0)``."""
        return Color3(0, 1, 0)

    @staticmethod
    def Blue() -> Color3:
        """``(0, 0, 1)``."""
        return Color3(0, 0, 1)

    @staticmethod
    def Black() -> Color3:
        """``(0, 0, 0)``."""
        return Color3(0, 0, 0)

    @staticmethod
    def White() -> Color3:
        """``(1, 1, 1)``."""
        return Color3(1, 1, 1)

    @staticmethod
    def Purple() -> Color3:
        """``(0.5, 0, 0.5)``."""
        return Color3(0.5, 0, 0.5)

    @staticmethod
    def Magenta() -> Color3:
        """``(1, 0, 1)``."""
        return Color3(1, 0, 1)

    @staticmethod
    def Yellow() -> Color3:
        """``(1, 1, 0)``."""
        return Color3(1, 1, 0)

    @staticmethod
    def Gray() -> Color3:
        """``(0.5, 0.5, 0.5)``."""
        return Color3(0.5, 0.5, 0.5)

    @staticmethod
    def Teal() -> Color3:
        """``(0, 1, 1)``."""
        return Color3(0, 1.0, 1.0)

    @staticmethod
    def Random() -> Color3:
        """Random channels in ``[0, 1)`` (not reproducible)."""
        return Color3(random.random(), random.random(), random.random())


Color3.BlackReadOnly = Color3.Black()


class Color4:
    """An RGBA colour with float channels (``BABYLON.Color4``).

    Parameters
    ----------
    r, g, b
        Channels (default 0).
    a
        Alpha (default 1).
    """

    __slots__ = ("a", "b", "g", "r")

    def __init__(self, r: float = 0, g: float = 0, b: float = 0, a: float = 1) -> None:
        self.r = r
        self.g = g
        self.b = b
        self.a = a

    def __repr__(self) -> str:
        return f"Color4({self.r!r}, {self.g!r}, {self.b!r}, {self.a!r})"

    def __str__(self) -> str:
        return self.toString()

    def asArray(self) -> list[float]:
        """Return ``[r, g, b, a]``."""
        return [self.r, self.g, self.b, self.a]

    def toArray(self, array: MutableSequence[float], index: int = 0) -> Self:
        """Write ``r, g, b, a`` into ``array`` from ``index``."""
        write_array(array, index, (self.r, self.g, self.b, self.a))
        return self

    def fromArray(self, array: Sequence[float], offset: int = 0) -> Self:
        """Read ``r, g, b, a`` from ``array`` at ``offset``."""
        self.r = float(array[offset])
        self.g = float(array[offset + 1])
        self.b = float(array[offset + 2])
        self.a = float(array[offset + 3])
        return self

    def equals(self, otherColor: IColor4Like | None) -> bool:
        """Exact channel equality (``False`` for ``None``)."""
        o = otherColor
        return o is not None and self.r == o.r and self.g == o.g and self.b == o.b and self.a == o.a

    def add(self, otherColor: IColor4Like) -> Color4:
        """Return the channel-wise sum."""
        o = otherColor
        return Color4(self.r + o.r, self.g + o.g, self.b + o.b, self.a + o.a)

    def addToRef(self, otherColor: IColor4Like, result: Color4) -> Color4:
        """Store the channel-wise sum in ``result``."""
        result.r = self.r + otherColor.r
        result.g = self.g + otherColor.g
        result.b = self.b + otherColor.b
        result.a = self.a + otherColor.a
        return result

    def addInPlace(self, otherColor: IColor4Like) -> Self:
        """Channel-wise ``self += other``."""
        self.r += otherColor.r
        self.g += otherColor.g
        self.b += otherColor.b
        self.a += otherColor.a
        return self

    def addInPlaceFromFloats(self, r: float, g: float, b: float, a: float) -> Self:
        """Channel-wise ``self += (r, g, b, a)``."""
        self.r += r
        self.g += g
        self.b += b
        self.a += a
        return self

    def subtract(self, otherColor: IColor4Like) -> Color4:
        """Return the channel-wise difference."""
        o = otherColor
        return Color4(self.r - o.r, self.g - o.g, self.b - o.b, self.a - o.a)

    def subtractToRef(self, otherColor: IColor4Like, result: Color4) -> Color4:
        """Store the channel-wise difference in ``result``."""
        result.r = self.r - otherColor.r
        result.g = self.g - otherColor.g
        result.b = self.b - otherColor.b
        result.a = self.a - otherColor.a
        return result

    def subtractInPlace(self, otherColor: IColor4Like) -> Self:
        """Channel-wise ``self -= other``."""
        self.r -= otherColor.r
        self.g -= otherColor.g
        self.b -= otherColor.b
        self.a -= otherColor.a
        return self

    def subtractFromFloats(self, r: float, g: float, b: float, a: float) -> Color4:
        """Return ``self - (r, g, b, a)``."""
        return Color4(self.r - r, self.g - g, self.b - b, self.a - a)

    def subtractFromFloatsToRef(
        self, r: float, g: float, b: float, a: float, result: Color4
    ) -> Color4:
        """Store ``self - (r, g, b, a)`` in ``result``."""
        result.r = self.r - r
        result.g = self.g - g
        result.b = self.b - b
        result.a = self.a - a
        return result

    def scale(self, scale: float) -> Color4:
        """Return every channel (alpha included) multiplied by ``scale``."""
        return Color4(self.r * scale, self.g * scale, self.b * scale, self.a * scale)

    def scaleInPlace(self, scale: float) -> Self:
        """Multiply every channel by ``scale``."""
        self.r *= scale
        self.g *= scale
        self.b *= scale
        self.a *= scale
        return self

    def scaleToRef(self, scale: float, result: Color4) -> Color4:
        """Store every channel multiplied by ``scale`` in ``result``."""
        result.r = self.r * scale
        result.g = self.g * scale
        result.b = self.b * scale
        result.a = self.a * scale
        return result

    def scaleAndAddToRef(self, scale: float, result: Color4) -> Color4:
        """``result += self * scale``."""
        result.r += self.r * scale
        result.g += self.g * scale
        result.b += self.b * scale
        result.a += self.a * scale
        return result

    def clampToRef(self, min: float = 0, max: float = 1, result: Color4 | None = None) -> Color4:
        """Store every channel clamped to ``[min, max]`` in ``result``."""
        target = result if result is not None else Color4()
        target.r = clamp(self.r, min, max)
        target.g = clamp(self.g, min, max)
        target.b = clamp(self.b, min, max)
        target.a = clamp(self.a, min, max)
        return target

    def multiply(self, color: IColor4Like) -> Color4:
        """Return the channel-wise product."""
        return Color4(self.r * color.r, self.g * color.g, self.b * color.b, self.a * color.a)

    def multiplyToRef(self, color: IColor4Like, result: Color4) -> Color4:
        """Store the channel-wise product in ``result``."""
        result.r = self.r * color.r
        result.g = self.g * color.g
        result.b = self.b * color.b
        result.a = self.a * color.a
        return result

    def multiplyInPlace(self, otherColor: IColor4Like) -> Self:
        """Channel-wise ``self *= other``."""
        self.r *= otherColor.r
        self.g *= otherColor.g
        self.b *= otherColor.b
        self.a *= otherColor.a
        return self

    def multiplyByFloats(self, r: float, g: float, b: float, a: float) -> Color4:
        """Return ``(self.r * r, ..., self.a * a)``."""
        return Color4(self.r * r, self.g * g, self.b * b, self.a * a)

    def divide(self, _other: object) -> Color4:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Can not divide a color")

    def divideToRef(self, _other: object, _result: object) -> Color4:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Can not divide a color")

    def divideInPlace(self, _other: object) -> Color4:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Can not divide a color")

    def minimizeInPlace(self, other: IColor4Like) -> Self:
        """Keep the channel-wise minimum with ``other`` (``Math.min``)."""
        self.r = js_min(self.r, other.r)
        self.g = js_min(self.g, other.g)
        self.b = js_min(self.b, other.b)
        self.a = js_min(self.a, other.a)
        return self

    def maximizeInPlace(self, other: IColor4Like) -> Self:
        """Keep the channel-wise maximum with ``other`` (``Math.max``)."""
        self.r = js_max(self.r, other.r)
        self.g = js_max(self.g, other.g)
        self.b = js_max(self.b, other.b)
        self.a = js_max(self.a, other.a)
        return self

    def minimizeInPlaceFromFloats(self, r: float, g: float, b: float, a: float) -> Self:
        """Keep the channel-wise minimum with the floats."""
        self.r = js_min(r, self.r)
        self.g = js_min(g, self.g)
        self.b = js_min(b, self.b)
        self.a = js_min(a, self.a)
        return self

    def maximizeInPlaceFromFloats(self, r: float, g: float, b: float, a: float) -> Self:
        """Keep the channel-wise maximum with the floats."""
        self.r = js_max(r, self.r)
        self.g = js_max(g, self.g)
        self.b = js_max(b, self.b)
        self.a = js_max(a, self.a)
        return self

    def floorToRef(self, _result: object) -> Color4:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Can not floor a color")

    def floor(self) -> Color4:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Can not floor a color")

    def fractToRef(self, _result: object) -> Color4:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Can not fract a color")

    def fract(self) -> Color4:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Can not fract a color")

    def negate(self) -> Color4:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Can not negate a color")

    def negateInPlace(self) -> Color4:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Can not negate a color")

    def negateToRef(self, _result: object) -> Color4:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Can not negate a color")

    def equalsWithEpsilon(self, otherColor: IColor4Like, epsilon: float = Epsilon) -> bool:
        """Channel equality within ``epsilon``."""
        o = otherColor
        return (
            within_epsilon(self.r, o.r, epsilon)
            and within_epsilon(self.g, o.g, epsilon)
            and within_epsilon(self.b, o.b, epsilon)
            and within_epsilon(self.a, o.a, epsilon)
        )

    def equalsToFloats(self, x: float, y: float, z: float, w: float) -> bool:
        """Exact equality with ``(r, g, b, a)``."""
        return self.r == x and self.g == y and self.b == z and self.a == w

    def toString(self) -> str:
        """``{R: r G:g B:b A:a}`` with JS number formatting."""
        return (
            "{R: " + js_str(self.r) + " G:" + js_str(self.g) + " B:" + js_str(self.b)
            + " A:" + js_str(self.a) + "}"
        )  # fmt: skip

    def getClassName(self) -> str:
        """Return ``"Color4"``."""
        return "Color4"

    def getHashCode(self) -> int:
        """Babylon's hash of the channels scaled to 0..255."""
        return hash_chain([to_int32(c * 255) for c in (self.r, self.g, self.b, self.a)])

    def clone(self) -> Color4:
        """Return a copy."""
        return Color4().copyFrom(self)

    def copyFrom(self, source: IColor4Like) -> Self:
        """Copy the channels of ``source``."""
        self.r = source.r
        self.g = source.g
        self.b = source.b
        self.a = source.a
        return self

    def copyFromFloats(self, r: float, g: float, b: float, a: float) -> Self:
        """Set the channels."""
        self.r = r
        self.g = g
        self.b = b
        self.a = a
        return self

    def set(self, r: float, g: float, b: float, a: float) -> Self:
        """Set the channels (alias of ``copyFromFloats``)."""
        return self.copyFromFloats(r, g, b, a)

    def setAll(self, v: float) -> Self:
        """Set every channel (alpha included) to ``v``."""
        self.r = self.g = self.b = self.a = v
        return self

    def toHexString(self, returnAsColor3: bool = False) -> str:
        """``#RRGGBBAA`` (or ``#RRGGBB``) with ``Math.round(c * 255)``, unclamped."""
        int_r = js_round(self.r * 255)
        int_g = js_round(self.g * 255)
        int_b = js_round(self.b * 255)
        if returnAsColor3:
            return "#" + to_hex(int_r) + to_hex(int_g) + to_hex(int_b)
        int_a = js_round(self.a * 255)
        return "#" + to_hex(int_r) + to_hex(int_g) + to_hex(int_b) + to_hex(int_a)

    def fromHexString(self, hex: str) -> Self:
        """Set from ``#RRGGBB`` or ``#RRGGBBAA``; anything else leaves the colour unchanged."""
        if hex[:1] != "#" or (len(hex) != 9 and len(hex) != 7):
            return self
        self.r = _parse_hex_byte(hex, 1) / 255
        self.g = _parse_hex_byte(hex, 3) / 255
        self.b = _parse_hex_byte(hex, 5) / 255
        if len(hex) == 9:
            self.a = _parse_hex_byte(hex, 7) / 255
        return self

    def toLinearSpace(self, exact: bool = False) -> Color4:
        """Return the colour converted to linear space (alpha kept)."""
        converted = Color4()
        self.toLinearSpaceToRef(converted, exact)
        return converted

    def toLinearSpaceToRef(self, convertedColor: Color4, exact: bool = False) -> Self:
        """Store the linear-space colour in ``convertedColor`` (returns ``self``)."""
        f = _to_linear_exact if exact else _to_linear
        convertedColor.r = f(self.r)
        convertedColor.g = f(self.g)
        convertedColor.b = f(self.b)
        convertedColor.a = self.a
        return self

    def toGammaSpace(self, exact: bool = False) -> Color4:
        """Return the colour converted to gamma space (alpha kept)."""
        converted = Color4()
        self.toGammaSpaceToRef(converted, exact)
        return converted

    def toGammaSpaceToRef(self, convertedColor: Color4, exact: bool = False) -> Self:
        """Store the gamma-space colour in ``convertedColor`` (returns ``self``)."""
        f = _to_gamma_exact if exact else _to_gamma
        convertedColor.r = f(self.r)
        convertedColor.g = f(self.g)
        convertedColor.b = f(self.b)
        convertedColor.a = self.a
        return self

    @staticmethod
    def FromHexString(hex: str) -> Color4:
        """Colour of ``#RRGGBB``/``#RRGGBBAA``; ``(0, 0, 0, 0)`` when malformed."""
        if hex[:1] != "#" or (len(hex) != 9 and len(hex) != 7):
            return Color4(0.0, 0.0, 0.0, 0.0)
        return Color4(0.0, 0.0, 0.0, 1.0).fromHexString(hex)

    @staticmethod
    def Lerp(left: IColor4Like, right: IColor4Like, amount: float) -> Color4:
        """Linear interpolation."""
        return Color4.LerpToRef(left, right, amount, Color4())

    @staticmethod
    def LerpToRef(left: IColor4Like, right: IColor4Like, amount: float, result: Color4) -> Color4:
        """Store the linear interpolation in ``result``."""
        result.r = left.r + (right.r - left.r) * amount
        result.g = left.g + (right.g - left.g) * amount
        result.b = left.b + (right.b - left.b) * amount
        result.a = left.a + (right.a - left.a) * amount
        return result

    @staticmethod
    def Hermite(
        value1: IColor4Like,
        tangent1: IColor4Like,
        value2: IColor4Like,
        tangent2: IColor4Like,
        amount: float,
    ) -> Color4:
        """Cubic Hermite interpolation."""
        p1, p2, p3, p4 = hermite_parts(amount)
        r = value1.r * p1 + value2.r * p2 + tangent1.r * p3 + tangent2.r * p4
        g = value1.g * p1 + value2.g * p2 + tangent1.g * p3 + tangent2.g * p4
        b = value1.b * p1 + value2.b * p2 + tangent1.b * p3 + tangent2.b * p4
        a = value1.a * p1 + value2.a * p2 + tangent1.a * p3 + tangent2.a * p4
        return Color4(r, g, b, a)

    @staticmethod
    def Hermite1stDerivative(
        value1: IColor4Like,
        tangent1: IColor4Like,
        value2: IColor4Like,
        tangent2: IColor4Like,
        time: float,
    ) -> Color4:
        """First derivative of the Hermite spline at ``time``."""
        result = Color4()
        Color4.Hermite1stDerivativeToRef(value1, tangent1, value2, tangent2, time, result)
        return result

    @staticmethod
    def Hermite1stDerivativeToRef(
        value1: IColor4Like,
        tangent1: IColor4Like,
        value2: IColor4Like,
        tangent2: IColor4Like,
        time: float,
        result: Color4,
    ) -> None:
        """Store the Hermite first derivative in ``result`` (returns nothing)."""
        result.r = hermite_d1(value1.r, tangent1.r, value2.r, tangent2.r, time)
        result.g = hermite_d1(value1.g, tangent1.g, value2.g, tangent2.g, time)
        result.b = hermite_d1(value1.b, tangent1.b, value2.b, tangent2.b, time)
        result.a = hermite_d1(value1.a, tangent1.a, value2.a, tangent2.a, time)

    @staticmethod
    def FromColor3(color3: IColor3Like, alpha: float = 1.0) -> Color4:
        """Color4 of ``color3`` and ``alpha``."""
        return Color4(color3.r, color3.g, color3.b, alpha)

    @staticmethod
    def FromArray(array: Sequence[float], offset: int = 0) -> Color4:
        """Read a colour from ``array`` at ``offset``."""
        return Color4(
            float(array[offset]),
            float(array[offset + 1]),
            float(array[offset + 2]),
            float(array[offset + 3]),
        )

    @staticmethod
    def FromArrayToRef(
        array: Sequence[float], offset: int = 0, result: Color4 | None = None
    ) -> None:
        """Read ``result`` from ``array`` at ``offset`` (returns nothing, as in Babylon.js)."""
        if result is None:
            return
        result.r = float(array[offset])
        result.g = float(array[offset + 1])
        result.b = float(array[offset + 2])
        result.a = float(array[offset + 3])

    @staticmethod
    def FromInts(r: float, g: float, b: float, a: float) -> Color4:
        """Colour of 0..255 channels."""
        return Color4(r / 255.0, g / 255.0, b / 255.0, a / 255.0)

    @staticmethod
    def CheckColors4(colors: Sequence[float], count: int) -> Sequence[float]:
        """Expand an RGB array of ``count`` colours to RGBA (alpha 1); else return it as is."""
        if len(colors) == count * 3:
            colors4: list[float] = []
            for index in range(0, len(colors), 3):
                colors4.extend((colors[index], colors[index + 1], colors[index + 2], 1.0))
            return colors4
        return colors


class TmpColors:
    """Shared scratch colours (``BABYLON.TmpColors``)."""

    Color3: ClassVar[list[Color3]] = [Color3.Black() for _ in range(3)]
    Color4: ClassVar[list[Color4]] = [Color4(0, 0, 0, 0) for _ in range(3)]
