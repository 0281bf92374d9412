"""Babylon.js ``Vector2/3/4``, ``Quaternion``, ``Matrix``, ``AxisAngle`` and ``TmpVectors``.

Babylon.js vectors, quaternions and matrices.

Port of ``@babylonjs/core`` 9.31 ``Maths/math.vector.pure.js``, with Babylon's camelCase names,
argument order, defaults and arithmetic order, so that a script written against
``BABYLON.Vector3`` etc. runs unchanged (``import lite_compat as BABYLON``) and computes the
same numbers. The classes stay together in one module, as Babylon keeps them in one file:
each constructs the others (``toQuaternion``, ``toRotationMatrix``, ``decompose``).

Numbers follow JavaScript (:mod:`lite_compat._js`):

* ``Vector2/3/4`` and ``Quaternion`` hold Python floats (IEEE doubles, like JS numbers), as
  plain mutable attributes.
* ``Matrix`` stores its 16 numbers in an ``array.array("f")``: float32 storage exactly like
  Babylon's ``Float32Array`` (every write rounds to the nearest float32, every read gives a
  double). Arithmetic on the values is done in double, as in JS.
* Where JavaScript yields ``NaN``/``Infinity`` instead of throwing (``1 / 0``,
  ``Math.acos(2)``, ``Math.sin(Infinity)``, ``Math.sqrt(-1)``) these methods do the same
  instead of raising ``ZeroDivisionError``/``ValueError``.

Python conveniences: ``str(v)`` is Babylon's ``toString()`` (as a JS template literal would
print it), ``repr(v)`` is a constructor-style repr. ``==`` keeps Python's identity semantics
(as JS ``==`` on objects does); compare values with ``equals``/``equalsWithEpsilon``.
"""

from __future__ import annotations

import array as _array
import itertools
import math
import struct
from collections.abc import MutableSequence, Sequence
from typing import TYPE_CHECKING, ClassVar, Final, NamedTuple, Protocol, cast, overload

from lite_compat._js import (
    hash_chain,
    js_acos,
    js_asin,
    js_cos,
    js_div,
    js_floor,
    js_max,
    js_min,
    js_sin,
    js_sqrt,
    js_str,
    js_tan,
    reference_error,
    write_array,
)
from lite_compat.math.constants import EULER_GIMBAL_LIMIT, SLERP_LERP_THRESHOLD, Epsilon
from lite_compat.math.like import IVector2Like, IVector3Like, IVector4Like, IViewportLike
from lite_compat.math.scalar import (
    Scalar,
    catmull_rom,
    clamp,
    extract_as_int,
    hermite_d1,
    hermite_parts,
    random_range,
    within_epsilon,
)
from lite_compat.math.vector_projection import MatrixReflection, Vector3Projection

if TYPE_CHECKING:
    from typing import Self

__all__ = [
    "AxisAngle",
    "Matrix",
    "Quaternion",
    "ScalingNodeLike",
    "TmpVectors",
    "TransformNodeLike",
    "Vector2",
    "Vector3",
    "Vector4",
]

_INF: Final = math.inf
_NAN: Final = math.nan
_F9: Final = struct.Struct("9f")
_ZERO_BYTES16: Final = bytes(64)
#: Matrix.updateFlag seed (MatrixManagement._UpdateFlagSeed): one global counter.
_update_flags = itertools.count()


# Vector2
# --------------------------------------------------------------------------------------------


class Vector2:
    """A 2D vector (``BABYLON.Vector2``).

    Parameters
    ----------
    x, y
        Components (default 0).

    Examples
    --------
    >>> Vector2(1, 2).add(Vector2(3, 4)).toString()
    '{X: 4 Y: 6}'
    """

    __slots__ = ("x", "y")

    ZeroReadOnly: ClassVar[Vector2]

    def __init__(self, x: float = 0, y: float = 0) -> None:
        self.x = x
        self.y = y

    def __repr__(self) -> str:
        return f"Vector2({self.x!r}, {self.y!r})"

    def __str__(self) -> str:
        return self.toString()

    def toString(self) -> str:
        """``{X: x Y: y}`` with JS number formatting."""
        return f"{{X: {js_str(self.x)} Y: {js_str(self.y)}}}"

    def getClassName(self) -> str:
        """Return ``"Vector2"``."""
        return "Vector2"

    def getHashCode(self) -> int:
        """Babylon's hash of the decimal digits of the components."""
        return hash_chain([extract_as_int(self.x), extract_as_int(self.y)])

    def toArray(self, array: MutableSequence[float], index: int = 0) -> Self:
        """Write ``x, y`` into ``array`` from ``index``."""
        write_array(array, index, (self.x, self.y))
        return self

    def fromArray(self, array: Sequence[float], offset: int = 0) -> Self:
        """Read ``x, y`` from ``array`` at ``offset``."""
        self.x = float(array[offset])
        self.y = float(array[offset + 1])
        return self

    def asArray(self) -> list[float]:
        """Return ``[x, y]``."""
        return [self.x, self.y]

    def copyFrom(self, source: IVector2Like) -> Self:
        """Copy the components of ``source``."""
        self.x = source.x
        self.y = source.y
        return self

    def copyFromFloats(self, x: float, y: float) -> Self:
        """Set the components."""
        self.x = x
        self.y = y
        return self

    def set(self, x: float, y: float) -> Self:
        """Set the components (alias of ``copyFromFloats``)."""
        return self.copyFromFloats(x, y)

    def setAll(self, v: float) -> Self:
        """Set every component to ``v``."""
        return self.copyFromFloats(v, v)

    def add(self, otherVector: IVector2Like) -> Vector2:
        """Return ``self + other``."""
        return Vector2(self.x + otherVector.x, self.y + otherVector.y)

    def addToRef(self, otherVector: IVector2Like, result: Vector2) -> Vector2:
        """Store ``self + other`` in ``result``."""
        result.x = self.x + otherVector.x
        result.y = self.y + otherVector.y
        return result

    def addInPlace(self, otherVector: IVector2Like) -> Self:
        """``self += other``."""
        self.x += otherVector.x
        self.y += otherVector.y
        return self

    def addInPlaceFromFloats(self, x: float, y: float) -> Self:
        """``self += (x, y)``."""
        self.x += x
        self.y += y
        return self

    def addVector3(self, otherVector: IVector3Like) -> Vector2:
        """Return ``self + other.xy``."""
        return Vector2(self.x + otherVector.x, self.y + otherVector.y)

    def subtract(self, otherVector: IVector2Like) -> Vector2:
        """Return ``self - other``."""
        return Vector2(self.x - otherVector.x, self.y - otherVector.y)

    def subtractToRef(self, otherVector: IVector2Like, result: Vector2) -> Vector2:
        """Store ``self - other`` in ``result``."""
        result.x = self.x - otherVector.x
        result.y = self.y - otherVector.y
        return result

    def subtractInPlace(self, otherVector: IVector2Like) -> Self:
        """``self -= other``."""
        self.x -= otherVector.x
        self.y -= otherVector.y
        return self

    def multiplyInPlace(self, otherVector: IVector2Like) -> Self:
        """Component-wise ``self *= other``."""
        self.x *= otherVector.x
        self.y *= otherVector.y
        return self

    def multiply(self, otherVector: IVector2Like) -> Vector2:
        """Return the component-wise product."""
        return Vector2(self.x * otherVector.x, self.y * otherVector.y)

    def multiplyToRef(self, otherVector: IVector2Like, result: Vector2) -> Vector2:
        """Store the component-wise product in ``result``."""
        result.x = self.x * otherVector.x
        result.y = self.y * otherVector.y
        return result

    def multiplyByFloats(self, x: float, y: float) -> Vector2:
        """Return ``(self.x * x, self.y * y)``."""
        return Vector2(self.x * x, self.y * y)

    def divide(self, otherVector: IVector2Like) -> Vector2:
        """Return the component-wise quotient."""
        return Vector2(js_div(self.x, otherVector.x), js_div(self.y, otherVector.y))

    def divideToRef(self, otherVector: IVector2Like, result: Vector2) -> Vector2:
        """Store the component-wise quotient in ``result``."""
        result.x = js_div(self.x, otherVector.x)
        result.y = js_div(self.y, otherVector.y)
        return result

    def divideInPlace(self, otherVector: IVector2Like) -> Self:
        """Component-wise ``self /= other``."""
        self.x = js_div(self.x, otherVector.x)
        self.y = js_div(self.y, otherVector.y)
        return self

    def minimizeInPlace(self, other: IVector2Like) -> Self:
        """Keep the component-wise minimum with ``other``."""
        return self.minimizeInPlaceFromFloats(other.x, other.y)

    def maximizeInPlace(self, other: IVector2Like) -> Self:
        """Keep the component-wise maximum with ``other``."""
        return self.maximizeInPlaceFromFloats(other.x, other.y)

    def minimizeInPlaceFromFloats(self, x: float, y: float) -> Self:
        """Keep the component-wise minimum with ``(x, y)`` (``Math.min``)."""
        self.x = js_min(x, self.x)
        self.y = js_min(y, self.y)
        return self

    def maximizeInPlaceFromFloats(self, x: float, y: float) -> Self:
        """Keep the component-wise maximum with ``(x, y)`` (``Math.max``)."""
        self.x = js_max(x, self.x)
        self.y = js_max(y, self.y)
        return self

    def subtractFromFloats(self, x: float, y: float) -> Vector2:
        """Return ``self - (x, y)``."""
        return Vector2(self.x - x, self.y - y)

    def subtractFromFloatsToRef(self, x: float, y: float, result: Vector2) -> Vector2:
        """Store ``self - (x, y)`` in ``result``."""
        result.x = self.x - x
        result.y = self.y - y
        return result

    def negate(self) -> Vector2:
        """Return ``-self``."""
        return Vector2(-self.x, -self.y)

    def negateInPlace(self) -> Self:
        """``self = -self``."""
        self.x *= -1
        self.y *= -1
        return self

    def negateToRef(self, result: Vector2) -> Vector2:
        """Store ``-self`` in ``result``."""
        result.x = -self.x
        result.y = -self.y
        return result

    def scaleInPlace(self, scale: float) -> Self:
        """``self *= scale``."""
        self.x *= scale
        self.y *= scale
        return self

    def scale(self, scale: float) -> Vector2:
        """Return ``self * scale``."""
        return Vector2(self.x * scale, self.y * scale)

    def scaleToRef(self, scale: float, result: Vector2) -> Vector2:
        """Store ``self * scale`` in ``result``."""
        result.x = self.x * scale
        result.y = self.y * scale
        return result

    def scaleAndAddToRef(self, scale: float, result: Vector2) -> Vector2:
        """``result += self * scale``."""
        result.x += self.x * scale
        result.y += self.y * scale
        return result

    def equals(self, otherVector: IVector2Like | None) -> bool:
        """Exact component equality (``False`` for ``None``)."""
        return otherVector is not None and self.x == otherVector.x and self.y == otherVector.y

    def equalsWithEpsilon(self, otherVector: IVector2Like | None, epsilon: float = Epsilon) -> bool:
        """Component equality within ``epsilon`` (``False`` for ``None``)."""
        return (
            otherVector is not None
            and within_epsilon(self.x, otherVector.x, epsilon)
            and within_epsilon(self.y, otherVector.y, epsilon)
        )

    def equalsToFloats(self, x: float, y: float) -> bool:
        """Exact equality with ``(x, y)``."""
        return self.x == x and self.y == y

    def floor(self) -> Vector2:
        """Return the component-wise floor."""
        return Vector2(js_floor(self.x), js_floor(self.y))

    def floorToRef(self, result: Vector2) -> Vector2:
        """Store the component-wise floor in ``result``."""
        result.x = js_floor(self.x)
        result.y = js_floor(self.y)
        return result

    def fract(self) -> Vector2:
        """Return ``self - floor(self)``."""
        return Vector2(self.x - js_floor(self.x), self.y - js_floor(self.y))

    def fractToRef(self, result: Vector2) -> Vector2:
        """Store ``self - floor(self)`` in ``result``."""
        result.x = self.x - js_floor(self.x)
        result.y = self.y - js_floor(self.y)
        return result

    def rotate(self, angle: float) -> Vector2:
        """Return the vector rotated by ``angle`` radians (counter-clockwise)."""
        return self.rotateToRef(angle, Vector2())

    def rotateToRef(self, angle: float, result: Vector2) -> Vector2:
        """Store the vector rotated by ``angle`` radians in ``result``."""
        cos = js_cos(angle)
        sin = js_sin(angle)
        x = cos * self.x - sin * self.y
        y = sin * self.x + cos * self.y
        result.x = x
        result.y = y
        return result

    def length(self) -> float:
        """Euclidean length."""
        return math.sqrt(self.x * self.x + self.y * self.y)

    def lengthSquared(self) -> float:
        """Squared length."""
        return self.x * self.x + self.y * self.y

    def normalize(self) -> Self:
        """Normalise in place (a zero vector is left unchanged)."""
        return self.normalizeFromLength(self.length())

    def normalizeFromLength(self, len: float) -> Self:
        """Divide by ``len`` unless it is 0 or 1."""
        if len == 0 or len == 1.0:
            return self
        return self.scaleInPlace(1.0 / len)

    def normalizeToNew(self) -> Vector2:
        """Return a normalised copy."""
        normalized = Vector2()
        self.normalizeToRef(normalized)
        return normalized

    def normalizeToRef(self, result: Vector2) -> Vector2:
        """Store the normalised vector in ``result``."""
        len_ = self.length()
        if len_ == 0 or len_ == 1.0:
            result.x = self.x
            result.y = self.y
            return result
        return self.scaleToRef(1.0 / len_, result)

    def clone(self) -> Vector2:
        """Return a copy."""
        return Vector2(self.x, self.y)

    def dot(self, otherVector: IVector2Like) -> float:
        """Dot product."""
        return self.x * otherVector.x + self.y * otherVector.y

    @staticmethod
    def Zero() -> Vector2:
        """``(0, 0)``."""
        return Vector2(0, 0)

    @staticmethod
    def One() -> Vector2:
        """``(1, 1)``."""
        return Vector2(1, 1)

    @staticmethod
    def Random(min: float = 0, max: float = 1) -> Vector2:
        """Components uniformly random in ``[min, max)`` (not reproducible)."""
        return Vector2(random_range(min, max), random_range(min, max))

    @staticmethod
    def RandomToRef(min: float = 0, max: float = 1, ref: Vector2 | None = None) -> Vector2:
        """Set ``ref`` to random components in ``[min, max)``."""
        target = ref if ref is not None else Vector2()
        return target.copyFromFloats(random_range(min, max), random_range(min, max))

    @staticmethod
    def FromArray(array: Sequence[float], offset: int = 0) -> Vector2:
        """Read a vector from ``array`` at ``offset``."""
        return Vector2(float(array[offset]), float(array[offset + 1]))

    @staticmethod
    def FromArrayToRef(array: Sequence[float], offset: int, result: Vector2) -> Vector2:
        """Read ``result`` from ``array`` at ``offset``."""
        result.x = float(array[offset])
        result.y = float(array[offset + 1])
        return result

    @staticmethod
    def FromFloatsToRef(x: float, y: float, result: Vector2) -> Vector2:
        """Set ``result`` to ``(x, y)``."""
        result.copyFromFloats(x, y)
        return result

    @staticmethod
    def CatmullRom(
        value1: IVector2Like,
        value2: IVector2Like,
        value3: IVector2Like,
        value4: IVector2Like,
        amount: float,
    ) -> Vector2:
        """Catmull-Rom interpolation between ``value2`` and ``value3``."""
        return Vector2(
            catmull_rom(value1.x, value2.x, value3.x, value4.x, amount),
            catmull_rom(value1.y, value2.y, value3.y, value4.y, amount),
        )

    @staticmethod
    def ClampToRef(
        value: IVector2Like, min: IVector2Like, max: IVector2Like, ref: Vector2
    ) -> Vector2:
        """Clamp each component of ``value`` between ``min`` and ``max`` into ``ref``."""
        ref.x = clamp(value.x, min.x, max.x)
        ref.y = clamp(value.y, min.y, max.y)
        return ref

    @staticmethod
    def Clamp(value: IVector2Like, min: IVector2Like, max: IVector2Like) -> Vector2:
        """Return ``value`` clamped component-wise between ``min`` and ``max``."""
        return Vector2(clamp(value.x, min.x, max.x), clamp(value.y, min.y, max.y))

    @staticmethod
    def Hermite(
        value1: IVector2Like,
        tangent1: IVector2Like,
        value2: IVector2Like,
        tangent2: IVector2Like,
        amount: float,
    ) -> Vector2:
        """Cubic Hermite interpolation."""
        p1, p2, p3, p4 = hermite_parts(amount)
        x = value1.x * p1 + value2.x * p2 + tangent1.x * p3 + tangent2.x * p4
        y = value1.y * p1 + value2.y * p2 + tangent1.y * p3 + tangent2.y * p4
        return Vector2(x, y)

    @staticmethod
    def Hermite1stDerivative(
        value1: IVector2Like,
        tangent1: IVector2Like,
        value2: IVector2Like,
        tangent2: IVector2Like,
        time: float,
    ) -> Vector2:
        """First derivative of the Hermite spline at ``time``."""
        return Vector2.Hermite1stDerivativeToRef(
            value1, tangent1, value2, tangent2, time, Vector2()
        )

    @staticmethod
    def Hermite1stDerivativeToRef(
        value1: IVector2Like,
        tangent1: IVector2Like,
        value2: IVector2Like,
        tangent2: IVector2Like,
        time: float,
        result: Vector2,
    ) -> Vector2:
        """Store the Hermite first derivative at ``time`` in ``result``."""
        result.x = hermite_d1(value1.x, tangent1.x, value2.x, tangent2.x, time)
        result.y = hermite_d1(value1.y, tangent1.y, value2.y, tangent2.y, time)
        return result

    @staticmethod
    def Lerp(start: IVector2Like, end: IVector2Like, amount: float) -> Vector2:
        """Linear interpolation ``start + (end - start) * amount``."""
        return Vector2.LerpToRef(start, end, amount, Vector2())

    @staticmethod
    def LerpToRef(
        start: IVector2Like, end: IVector2Like, amount: float, result: Vector2
    ) -> Vector2:
        """Store the linear interpolation in ``result``."""
        result.x = start.x + (end.x - start.x) * amount
        result.y = start.y + (end.y - start.y) * amount
        return result

    @staticmethod
    def Dot(left: IVector2Like, right: IVector2Like) -> float:
        """Dot product."""
        return left.x * right.x + left.y * right.y

    @staticmethod
    def Normalize(vector: Vector2) -> Vector2:
        """Return a normalised copy of ``vector``."""
        return Vector2.NormalizeToRef(vector, Vector2())

    @staticmethod
    def NormalizeToRef(vector: Vector2, result: Vector2) -> Vector2:
        """Store the normalised ``vector`` in ``result``."""
        vector.normalizeToRef(result)
        return result

    @staticmethod
    def Minimize(left: IVector2Like, right: IVector2Like) -> Vector2:
        """Component-wise minimum."""
        x = left.x if left.x < right.x else right.x
        y = left.y if left.y < right.y else right.y
        return Vector2(x, y)

    @staticmethod
    def Maximize(left: IVector2Like, right: IVector2Like) -> Vector2:
        """Component-wise maximum."""
        x = left.x if left.x > right.x else right.x
        y = left.y if left.y > right.y else right.y
        return Vector2(x, y)

    @staticmethod
    def Transform(vector: IVector2Like, transformation: Matrix) -> Vector2:
        """Transform ``(x, y, 0, 1)`` by ``transformation`` (no perspective divide)."""
        return Vector2.TransformToRef(vector, transformation, Vector2())

    @staticmethod
    def TransformToRef(vector: IVector2Like, transformation: Matrix, result: Vector2) -> Vector2:
        """Store the transformed vector in ``result``."""
        m = transformation._m
        x = vector.x * m[0] + vector.y * m[4] + m[12]
        y = vector.x * m[1] + vector.y * m[5] + m[13]
        result.x = x
        result.y = y
        return result

    @staticmethod
    def PointInTriangle(
        p: IVector2Like, p0: IVector2Like, p1: IVector2Like, p2: IVector2Like
    ) -> bool:
        """Whether ``p`` lies strictly inside the triangle ``p0 p1 p2``."""
        a = (1 / 2) * (-p1.y * p2.x + p0.y * (-p1.x + p2.x) + p0.x * (p1.y - p2.y) + p1.x * p2.y)
        sign = -1 if a < 0 else 1
        s = (p0.y * p2.x - p0.x * p2.y + (p2.y - p0.y) * p.x + (p0.x - p2.x) * p.y) * sign
        t = (p0.x * p1.y - p0.y * p1.x + (p0.y - p1.y) * p.x + (p1.x - p0.x) * p.y) * sign
        return s > 0 and t > 0 and s + t < 2 * a * sign

    @staticmethod
    def Distance(value1: IVector2Like, value2: IVector2Like) -> float:
        """Euclidean distance."""
        return math.sqrt(Vector2.DistanceSquared(value1, value2))

    @staticmethod
    def DistanceSquared(value1: IVector2Like, value2: IVector2Like) -> float:
        """Squared distance."""
        x = value1.x - value2.x
        y = value1.y - value2.y
        return x * x + y * y

    @staticmethod
    def Center(value1: IVector2Like, value2: IVector2Like) -> Vector2:
        """Midpoint."""
        return Vector2.CenterToRef(value1, value2, Vector2())

    @staticmethod
    def CenterToRef(value1: IVector2Like, value2: IVector2Like, ref: Vector2) -> Vector2:
        """Store the midpoint in ``ref``."""
        return ref.copyFromFloats((value1.x + value2.x) / 2, (value1.y + value2.y) / 2)

    @staticmethod
    def DistanceOfPointFromSegment(p: Vector2, segA: Vector2, segB: Vector2) -> float:
        """Distance from ``p`` to the segment ``[segA, segB]``."""
        l2 = Vector2.DistanceSquared(segA, segB)
        if l2 == 0.0:
            return Vector2.Distance(p, segA)
        v = segB.subtract(segA)
        t = js_max(0, js_min(1, Vector2.Dot(p.subtract(segA), v) / l2))
        proj = segA.add(v.multiplyByFloats(t, t))
        return Vector2.Distance(p, proj)


Vector2.ZeroReadOnly = Vector2.Zero()


# --------------------------------------------------------------------------------------------
# Vector3
# --------------------------------------------------------------------------------------------


class Vector3(Vector3Projection):
    """A 3D vector (``BABYLON.Vector3``); left-handed conventions as in Babylon.js.

    Parameters
    ----------
    x, y, z
        Components (default 0).

    Notes
    -----
    Babylon.js tracks an ``_isDirty`` flag in the component setters; this port keeps plain
    attributes and does not track it.

    Examples
    --------
    >>> Vector3.Cross(Vector3(1, 0, 0), Vector3(0, 1, 0)).toString()
    '{X: 0 Y: 0 Z: 1}'
    """

    __slots__ = ("x", "y", "z")

    UpReadOnly: ClassVar[Vector3]
    DownReadOnly: ClassVar[Vector3]
    RightReadOnly: ClassVar[Vector3]
    LeftReadOnly: ClassVar[Vector3]
    LeftHandedForwardReadOnly: ClassVar[Vector3]
    RightHandedForwardReadOnly: ClassVar[Vector3]
    LeftHandedBackwardReadOnly: ClassVar[Vector3]
    RightHandedBackwardReadOnly: ClassVar[Vector3]
    ZeroReadOnly: ClassVar[Vector3]
    OneReadOnly: ClassVar[Vector3]

    def __init__(self, x: float = 0, y: float = 0, z: float = 0) -> None:
        self.x = x
        self.y = y
        self.z = z

    def __repr__(self) -> str:
        return f"Vector3({self.x!r}, {self.y!r}, {self.z!r})"

    def __str__(self) -> str:
        return self.toString()

    def toString(self) -> str:
        """``{X: x Y: y Z: z}`` with JS number formatting."""
        return f"{{X: {js_str(self.x)} Y: {js_str(self.y)} Z: {js_str(self.z)}}}"

    def getClassName(self) -> str:
        """Return ``"Vector3"``."""
        return "Vector3"

    def getHashCode(self) -> int:
        """Babylon's hash of the decimal digits of the components."""
        return hash_chain([extract_as_int(self.x), extract_as_int(self.y), extract_as_int(self.z)])

    def asArray(self) -> list[float]:
        """Return ``[x, y, z]``."""
        return [self.x, self.y, self.z]

    def toArray(self, array: MutableSequence[float], index: int = 0) -> Self:
        """Write ``x, y, z`` into ``array`` from ``index``."""
        write_array(array, index, (self.x, self.y, self.z))
        return self

    def fromArray(self, array: Sequence[float], offset: int = 0) -> Self:
        """Read ``x, y, z`` from ``array`` at ``offset``."""
        Vector3.FromArrayToRef(array, offset, self)
        return self

    def toQuaternion(self) -> Quaternion:
        """Quaternion of these Euler angles (``RotationYawPitchRoll(y, x, z)``)."""
        return Quaternion.RotationYawPitchRoll(self.y, self.x, self.z)

    def addInPlace(self, otherVector: IVector3Like) -> Self:
        """``self += other``."""
        self.x += otherVector.x
        self.y += otherVector.y
        self.z += otherVector.z
        return self

    def addInPlaceFromFloats(self, x: float, y: float, z: float) -> Self:
        """``self += (x, y, z)``."""
        self.x += x
        self.y += y
        self.z += z
        return self

    def add(self, otherVector: IVector3Like) -> Vector3:
        """Return ``self + other``."""
        return Vector3(self.x + otherVector.x, self.y + otherVector.y, self.z + otherVector.z)

    def addToRef(self, otherVector: IVector3Like, result: Vector3) -> Vector3:
        """Store ``self + other`` in ``result``."""
        result.x = self.x + otherVector.x
        result.y = self.y + otherVector.y
        result.z = self.z + otherVector.z
        return result

    def subtractInPlace(self, otherVector: IVector3Like) -> Self:
        """``self -= other``."""
        self.x -= otherVector.x
        self.y -= otherVector.y
        self.z -= otherVector.z
        return self

    def subtract(self, otherVector: IVector3Like) -> Vector3:
        """Return ``self - other``."""
        return Vector3(self.x - otherVector.x, self.y - otherVector.y, self.z - otherVector.z)

    def subtractToRef(self, otherVector: IVector3Like, result: Vector3) -> Vector3:
        """Store ``self - other`` in ``result``."""
        return self.subtractFromFloatsToRef(otherVector.x, otherVector.y, otherVector.z, result)

    def subtractFromFloats(self, x: float, y: float, z: float) -> Vector3:
        """Return ``self - (x, y, z)``."""
        return Vector3(self.x - x, self.y - y, self.z - z)

    def subtractFromFloatsToRef(self, x: float, y: float, z: float, result: Vector3) -> Vector3:
        """Store ``self - (x, y, z)`` in ``result``."""
        result.x = self.x - x
        result.y = self.y - y
        result.z = self.z - z
        return result

    def negate(self) -> Vector3:
        """Return ``-self``."""
        return Vector3(-self.x, -self.y, -self.z)

    def negateInPlace(self) -> Self:
        """``self = -self``."""
        self.x *= -1
        self.y *= -1
        self.z *= -1
        return self

    def negateToRef(self, result: Vector3) -> Vector3:
        """Store ``-self`` in ``result``."""
        result.x = self.x * -1
        result.y = self.y * -1
        result.z = self.z * -1
        return result

    def scaleInPlace(self, scale: float) -> Self:
        """``self *= scale``."""
        self.x *= scale
        self.y *= scale
        self.z *= scale
        return self

    def scale(self, scale: float) -> Vector3:
        """Return ``self * scale``."""
        return Vector3(self.x * scale, self.y * scale, self.z * scale)

    def scaleToRef(self, scale: float, result: Vector3) -> Vector3:
        """Store ``self * scale`` in ``result``."""
        result.x = self.x * scale
        result.y = self.y * scale
        result.z = self.z * scale
        return result

    def getNormalToRef(self, result: Vector3) -> Vector3:
        """Store a vector of the same length orthogonal to this one in ``result``."""
        radius = self.length()
        theta = js_acos(js_div(self.y, radius))
        phi = math.atan2(self.z, self.x)
        if theta > math.pi / 2:
            theta -= math.pi / 2
        else:
            theta += math.pi / 2
        x = radius * js_sin(theta) * js_cos(phi)
        y = radius * js_cos(theta)
        z = radius * js_sin(theta) * js_sin(phi)
        result.set(x, y, z)
        return result

    def applyRotationQuaternionToRef(self, q: IVector4Like, result: Vector3) -> Vector3:
        """Rotate by quaternion ``q`` (double precision path) into ``result``."""
        vx, vy, vz = self.x, self.y, self.z
        qx, qy, qz, qw = q.x, q.y, q.z, q.w
        tx = 2 * (qy * vz - qz * vy)
        ty = 2 * (qz * vx - qx * vz)
        tz = 2 * (qx * vy - qy * vx)
        result.x = vx + qw * tx + qy * tz - qz * ty
        result.y = vy + qw * ty + qz * tx - qx * tz
        result.z = vz + qw * tz + qx * ty - qy * tx
        return result

    def applyRotationQuaternionInPlace(self, q: IVector4Like) -> Self:
        """Rotate in place by quaternion ``q``."""
        self.applyRotationQuaternionToRef(q, self)
        return self

    def applyRotationQuaternion(self, q: IVector4Like) -> Vector3:
        """Return this vector rotated by quaternion ``q``."""
        return self.applyRotationQuaternionToRef(q, Vector3())

    def scaleAndAddToRef(self, scale: float, result: Vector3) -> Vector3:
        """``result += self * scale``."""
        result.x += self.x * scale
        result.y += self.y * scale
        result.z += self.z * scale
        return result

    def equals(self, otherVector: IVector3Like | None) -> bool:
        """Exact component equality (``False`` for ``None``)."""
        return (
            otherVector is not None
            and self.x == otherVector.x
            and self.y == otherVector.y
            and self.z == otherVector.z
        )

    def equalsWithEpsilon(self, otherVector: IVector3Like | None, epsilon: float = Epsilon) -> bool:
        """Component equality within ``epsilon`` (``False`` for ``None``)."""
        return (
            otherVector is not None
            and within_epsilon(self.x, otherVector.x, epsilon)
            and within_epsilon(self.y, otherVector.y, epsilon)
            and within_epsilon(self.z, otherVector.z, epsilon)
        )

    def equalsToFloats(self, x: float, y: float, z: float) -> bool:
        """Exact equality with ``(x, y, z)``."""
        return self.x == x and self.y == y and self.z == z

    def multiplyInPlace(self, otherVector: IVector3Like) -> Self:
        """Component-wise ``self *= other``."""
        self.x *= otherVector.x
        self.y *= otherVector.y
        self.z *= otherVector.z
        return self

    def multiply(self, otherVector: IVector3Like) -> Vector3:
        """Return the component-wise product."""
        return self.multiplyByFloats(otherVector.x, otherVector.y, otherVector.z)

    def multiplyToRef(self, otherVector: IVector3Like, result: Vector3) -> Vector3:
        """Store the component-wise product in ``result``."""
        result.x = self.x * otherVector.x
        result.y = self.y * otherVector.y
        result.z = self.z * otherVector.z
        return result

    def multiplyByFloats(self, x: float, y: float, z: float) -> Vector3:
        """Return ``(self.x * x, self.y * y, self.z * z)``."""
        return Vector3(self.x * x, self.y * y, self.z * z)

    def divide(self, otherVector: IVector3Like) -> Vector3:
        """Return the component-wise quotient."""
        return Vector3(
            js_div(self.x, otherVector.x),
            js_div(self.y, otherVector.y),
            js_div(self.z, otherVector.z),
        )

    def divideToRef(self, otherVector: IVector3Like, result: Vector3) -> Vector3:
        """Store the component-wise quotient in ``result``."""
        result.x = js_div(self.x, otherVector.x)
        result.y = js_div(self.y, otherVector.y)
        result.z = js_div(self.z, otherVector.z)
        return result

    def divideInPlace(self, otherVector: IVector3Like) -> Self:
        """Component-wise ``self /= other``."""
        self.divideToRef(otherVector, self)
        return self

    def minimizeInPlace(self, other: IVector3Like) -> Self:
        """Keep the component-wise minimum with ``other``."""
        return self.minimizeInPlaceFromFloats(other.x, other.y, other.z)

    def maximizeInPlace(self, other: IVector3Like) -> Self:
        """Keep the component-wise maximum with ``other``."""
        return self.maximizeInPlaceFromFloats(other.x, other.y, other.z)

    def minimizeInPlaceFromFloats(self, x: float, y: float, z: float) -> Self:
        """Keep the component-wise minimum with ``(x, y, z)`` (NaN arguments are ignored)."""
        if x < self.x:
            self.x = x
        if y < self.y:
            self.y = y
        if z < self.z:
            self.z = z
        return self

    def maximizeInPlaceFromFloats(self, x: float, y: float, z: float) -> Self:
        """Keep the component-wise maximum with ``(x, y, z)`` (NaN arguments are ignored)."""
        if x > self.x:
            self.x = x
        if y > self.y:
            self.y = y
        if z > self.z:
            self.z = z
        return self

    def isNonUniformWithinEpsilon(self, epsilon: float) -> bool:
        """Whether the absolute components differ by more than ``epsilon``."""
        abs_x = abs(self.x)
        abs_y = abs(self.y)
        if not within_epsilon(abs_x, abs_y, epsilon):
            return True
        abs_z = abs(self.z)
        if not within_epsilon(abs_x, abs_z, epsilon):
            return True
        return not within_epsilon(abs_y, abs_z, epsilon)

    @property
    def isNonUniform(self) -> bool:
        """Whether the absolute components are not all equal."""
        abs_x = abs(self.x)
        abs_y = abs(self.y)
        if abs_x != abs_y:
            return True
        return abs_x != abs(self.z)

    def floorToRef(self, result: Vector3) -> Vector3:
        """Store the component-wise floor in ``result``."""
        result.x = js_floor(self.x)
        result.y = js_floor(self.y)
        result.z = js_floor(self.z)
        return result

    def floor(self) -> Vector3:
        """Return the component-wise floor."""
        return Vector3(js_floor(self.x), js_floor(self.y), js_floor(self.z))

    def fractToRef(self, result: Vector3) -> Vector3:
        """Store ``self - floor(self)`` in ``result``."""
        result.x = self.x - js_floor(self.x)
        result.y = self.y - js_floor(self.y)
        result.z = self.z - js_floor(self.z)
        return result

    def fract(self) -> Vector3:
        """Return ``self - floor(self)``."""
        return Vector3(
            self.x - js_floor(self.x), self.y - js_floor(self.y), self.z - js_floor(self.z)
        )

    def length(self) -> float:
        """Euclidean length."""
        return math.sqrt(self.lengthSquared())

    def lengthSquared(self) -> float:
        """Squared length."""
        return self.x * self.x + self.y * self.y + self.z * self.z

    @property
    def hasAZeroComponent(self) -> bool:
        """Whether ``x * y * z == 0``."""
        return self.x * self.y * self.z == 0

    def normalize(self) -> Self:
        """Normalise in place (a zero vector is left unchanged)."""
        return self.normalizeFromLength(self.length())

    def reorderInPlace(self, order: str) -> Self:
        """Reorder the components, e.g. ``"zyx"``."""
        order = order.lower()
        if order == "xyz":
            return self
        tem = Vector3().copyFrom(self)
        self.x = getattr(tem, order[0])
        self.y = getattr(tem, order[1])
        self.z = getattr(tem, order[2])
        return self

    def rotateByQuaternionToRef(self, quaternion: Quaternion, result: Vector3) -> Vector3:
        """Rotate by ``quaternion`` through its (float32) rotation matrix into ``result``."""
        tmp = Matrix()
        quaternion.toRotationMatrix(tmp)
        Vector3.TransformCoordinatesToRef(self, tmp, result)
        return result

    def rotateByQuaternionAroundPointToRef(
        self, quaternion: Quaternion, point: Vector3, result: Vector3
    ) -> Vector3:
        """Rotate by ``quaternion`` around ``point`` into ``result``."""
        tmp = Vector3()
        self.subtractToRef(point, tmp)
        tmp.rotateByQuaternionToRef(quaternion, tmp)
        point.addToRef(tmp, result)
        return result

    def cross(self, other: IVector3Like) -> Vector3:
        """Return ``self x other``."""
        return Vector3.CrossToRef(self, other, Vector3())

    def normalizeFromLength(self, len: float) -> Self:
        """Divide by ``len`` unless it is 0 or 1."""
        if len == 0 or len == 1.0:
            return self
        return self.scaleInPlace(1.0 / len)

    def normalizeToNew(self) -> Vector3:
        """Return a normalised copy."""
        return self.normalizeToRef(Vector3())

    def normalizeToRef(self, result: Vector3) -> Vector3:
        """Store the normalised vector in ``result``."""
        len_ = self.length()
        if len_ == 0 or len_ == 1.0:
            result.x = self.x
            result.y = self.y
            result.z = self.z
            return result
        return self.scaleToRef(1.0 / len_, result)

    def clone(self) -> Vector3:
        """Return a copy."""
        return Vector3(self.x, self.y, self.z)

    def copyFrom(self, source: IVector3Like) -> Self:
        """Copy the components of ``source``."""
        return self.copyFromFloats(source.x, source.y, source.z)

    def copyFromFloats(self, x: float, y: float, z: float) -> Self:
        """Set the components."""
        self.x = x
        self.y = y
        self.z = z
        return self

    def set(self, x: float, y: float, z: float) -> Self:
        """Set the components (alias of ``copyFromFloats``)."""
        return self.copyFromFloats(x, y, z)

    def setAll(self, v: float) -> Self:
        """Set every component to ``v``."""
        self.x = self.y = self.z = v
        return self

    def dot(self, otherVector: IVector3Like) -> float:
        """Dot product."""
        return self.x * otherVector.x + self.y * otherVector.y + self.z * otherVector.z

    @staticmethod
    def GetClipFactor(
        vector0: IVector3Like, vector1: IVector3Like, axis: IVector3Like, size: float
    ) -> float:
        """Where the segment crosses ``dot(p, axis) == size`` (0 at vector0, 1 at vector1)."""
        d0 = Vector3.Dot(vector0, axis)
        d1 = Vector3.Dot(vector1, axis)
        return js_div(d0 - size, d0 - d1)

    @staticmethod
    def GetAngleBetweenVectors(vector0: Vector3, vector1: Vector3, normal: IVector3Like) -> float:
        """Signed angle from ``vector0`` to ``vector1``, the sign given by ``normal``."""
        v0 = vector0.normalizeToRef(Vector3())
        v1 = vector1.normalizeToRef(Vector3())
        dot = clamp(Vector3.Dot(v0, v1), -1, 1)
        angle = js_acos(dot)
        n = Vector3()
        Vector3.CrossToRef(v0, v1, n)
        if Vector3.Dot(n, normal) > 0:
            return 0.0 if angle != angle else angle
        return -math.pi if angle != angle else -js_acos(dot)

    @staticmethod
    def GetAngleBetweenVectorsOnPlane(
        vector0: IVector3Like, vector1: IVector3Like, normal: IVector3Like
    ) -> float:
        """Signed angle from ``vector0`` to ``vector1`` projected on the plane of ``normal``."""
        v0 = Vector3().copyFrom(vector0)
        v1 = Vector3().copyFrom(vector1)
        v_normal = Vector3().copyFrom(normal)
        right = Vector3()
        forward = Vector3()
        v0.normalize()
        v1.normalize()
        v_normal.normalize()
        Vector3.CrossToRef(v_normal, v0, right)
        Vector3.CrossToRef(right, v_normal, forward)
        angle = math.atan2(Vector3.Dot(v1, right), Vector3.Dot(v1, forward))
        return Scalar.NormalizeRadians(angle)

    @staticmethod
    def PitchYawRollToMoveBetweenPointsToRef(
        start: IVector3Like, target: Vector3, ref: Vector3
    ) -> Vector3:
        """Euler angles (x = pitch, y = yaw) that point from ``start`` towards ``target``."""
        diff = Vector3()
        target.subtractToRef(start, diff)
        yaw = math.atan2(diff.x, diff.z)
        pitch = math.atan2(math.sqrt(diff.x**2 + diff.z**2), diff.y)
        # JS `angle || 0`: NaN and -0 become 0.
        ref.y = yaw if yaw == yaw and yaw != 0 else 0
        ref.x = pitch if pitch == pitch and pitch != 0 else 0
        ref.z = 0
        return ref

    @staticmethod
    def PitchYawRollToMoveBetweenPoints(start: IVector3Like, target: Vector3) -> Vector3:
        """Return the Euler angles that point from ``start`` towards ``target``."""
        return Vector3.PitchYawRollToMoveBetweenPointsToRef(start, target, Vector3.Zero())

    @staticmethod
    def SlerpToRef(
        vector0: IVector3Like, vector1: IVector3Like, slerp: float, result: Vector3
    ) -> Vector3:
        """Spherical interpolation of direction and linear interpolation of length."""
        slerp = clamp(slerp, 0, 1)
        vector0_dir = Vector3().copyFrom(vector0)
        vector0_length = vector0_dir.length()
        vector0_dir.normalizeFromLength(vector0_length)
        vector1_dir = Vector3().copyFrom(vector1)
        vector1_length = vector1_dir.length()
        vector1_dir.normalizeFromLength(vector1_length)
        dot = Vector3.Dot(vector0_dir, vector1_dir)
        if dot < 1 - Epsilon:
            omega = js_acos(dot)
            inv_sin = js_div(1, js_sin(omega))
            scale0 = js_sin((1 - slerp) * omega) * inv_sin
            scale1 = js_sin(slerp * omega) * inv_sin
        else:
            scale0 = 1 - slerp
            scale1 = slerp
        vector0_dir.scaleInPlace(scale0)
        vector1_dir.scaleInPlace(scale1)
        result.copyFrom(vector0_dir).addInPlace(vector1_dir)
        result.scaleInPlace(vector0_length + (vector1_length - vector0_length) * slerp)
        return result

    @staticmethod
    def SmoothToRef(
        source: IVector3Like, goal: IVector3Like, deltaTime: float, lerpTime: float, result: Vector3
    ) -> Vector3:
        """Slerp from ``source`` towards ``goal`` by ``deltaTime / lerpTime``."""
        Vector3.SlerpToRef(source, goal, 1 if lerpTime == 0 else deltaTime / lerpTime, result)
        return result

    @staticmethod
    def FromArray(array: Sequence[float], offset: int = 0) -> Vector3:
        """Read a vector from ``array`` at ``offset``."""
        return Vector3(float(array[offset]), float(array[offset + 1]), float(array[offset + 2]))

    @staticmethod
    def FromFloatArray(array: Sequence[float], offset: int = 0) -> Vector3:
        """Alias of ``FromArray``."""
        return Vector3.FromArray(array, offset)

    @staticmethod
    def FromArrayToRef(array: Sequence[float], offset: int, result: Vector3) -> Vector3:
        """Read ``result`` from ``array`` at ``offset``."""
        result.x = float(array[offset])
        result.y = float(array[offset + 1])
        result.z = float(array[offset + 2])
        return result

    @staticmethod
    def FromFloatArrayToRef(array: Sequence[float], offset: int, result: Vector3) -> Vector3:
        """Alias of ``FromArrayToRef``."""
        return Vector3.FromArrayToRef(array, offset, result)

    @staticmethod
    def FromFloatsToRef(x: float, y: float, z: float, result: Vector3) -> Vector3:
        """Set ``result`` to ``(x, y, z)``."""
        result.copyFromFloats(x, y, z)
        return result

    @staticmethod
    def Zero() -> Vector3:
        """``(0, 0, 0)``."""
        return Vector3(0.0, 0.0, 0.0)

    @staticmethod
    def One() -> Vector3:
        """``(1, 1, 1)``."""
        return Vector3(1.0, 1.0, 1.0)

    @staticmethod
    def Up() -> Vector3:
        """``(0, 1, 0)``."""
        return Vector3(0.0, 1.0, 0.0)

    @staticmethod
    def Down() -> Vector3:
        """``(0, -1, 0)``."""
        return Vector3(0.0, -1.0, 0.0)

    @staticmethod
    def Forward(rightHandedSystem: bool = False) -> Vector3:
        """``(0, 0, 1)``, or ``(0, 0, -1)`` in a right-handed system."""
        return Vector3(0.0, 0.0, -1.0 if rightHandedSystem else 1.0)

    @staticmethod
    def Backward(rightHandedSystem: bool = False) -> Vector3:
        """``(0, 0, -1)``, or ``(0, 0, 1)`` in a right-handed system."""
        return Vector3(0.0, 0.0, 1.0 if rightHandedSystem else -1.0)

    @staticmethod
    def Right() -> Vector3:
        """``(1, 0, 0)``."""
        return Vector3(1.0, 0.0, 0.0)

    @staticmethod
    def Left() -> Vector3:
        """``(-1, 0, 0)``."""
        return Vector3(-1.0, 0.0, 0.0)

    @staticmethod
    def Random(min: float = 0, max: float = 1) -> Vector3:
        """Components uniformly random in ``[min, max)`` (not reproducible)."""
        return Vector3(random_range(min, max), random_range(min, max), random_range(min, max))

    @staticmethod
    def RandomToRef(min: float = 0, max: float = 1, ref: Vector3 | None = None) -> Vector3:
        """Set ``ref`` to random components in ``[min, max)``."""
        target = ref if ref is not None else Vector3()
        return target.copyFromFloats(
            random_range(min, max), random_range(min, max), random_range(min, max)
        )

    @staticmethod
    def TransformCoordinates(vector: IVector3Like, transformation: Matrix) -> Vector3:
        """Transform the point ``vector`` by ``transformation``, with perspective divide."""
        result = Vector3.Zero()
        Vector3.TransformCoordinatesToRef(vector, transformation, result)
        return result

    @staticmethod
    def TransformCoordinatesToRef(
        vector: IVector3Like, transformation: Matrix, result: Vector3
    ) -> Vector3:
        """Store the transformed point in ``result``."""
        Vector3.TransformCoordinatesFromFloatsToRef(
            vector.x, vector.y, vector.z, transformation, result
        )
        return result

    @staticmethod
    def TransformCoordinatesFromFloatsToRef(
        x: float, y: float, z: float, transformation: Matrix, result: Vector3
    ) -> Vector3:
        """Transform the point ``(x, y, z)`` (w = 1) and divide by the resulting w."""
        m = transformation._m
        rx = x * m[0] + y * m[4] + z * m[8] + m[12]
        ry = x * m[1] + y * m[5] + z * m[9] + m[13]
        rz = x * m[2] + y * m[6] + z * m[10] + m[14]
        rw = js_div(1, x * m[3] + y * m[7] + z * m[11] + m[15])
        result.x = rx * rw
        result.y = ry * rw
        result.z = rz * rw
        return result

    @staticmethod
    def TransformNormal(vector: IVector3Like, transformation: Matrix) -> Vector3:
        """Transform the direction ``vector`` (w = 0) by ``transformation``."""
        result = Vector3.Zero()
        Vector3.TransformNormalToRef(vector, transformation, result)
        return result

    @staticmethod
    def TransformNormalToRef(
        vector: IVector3Like, transformation: Matrix, result: Vector3
    ) -> Vector3:
        """Store the transformed direction in ``result``."""
        Vector3.TransformNormalFromFloatsToRef(vector.x, vector.y, vector.z, transformation, result)
        return result

    @staticmethod
    def TransformNormalFromFloatsToRef(
        x: float, y: float, z: float, transformation: Matrix, result: Vector3
    ) -> Vector3:
        """Transform the direction ``(x, y, z)`` into ``result``."""
        m = transformation._m
        result.x = x * m[0] + y * m[4] + z * m[8]
        result.y = x * m[1] + y * m[5] + z * m[9]
        result.z = x * m[2] + y * m[6] + z * m[10]
        return result

    @staticmethod
    def CatmullRom(
        value1: IVector3Like,
        value2: IVector3Like,
        value3: IVector3Like,
        value4: IVector3Like,
        amount: float,
    ) -> Vector3:
        """Catmull-Rom interpolation between ``value2`` and ``value3``."""
        return Vector3(
            catmull_rom(value1.x, value2.x, value3.x, value4.x, amount),
            catmull_rom(value1.y, value2.y, value3.y, value4.y, amount),
            catmull_rom(value1.z, value2.z, value3.z, value4.z, amount),
        )

    @staticmethod
    def Clamp(value: IVector3Like, min: IVector3Like, max: IVector3Like) -> Vector3:
        """Return ``value`` clamped component-wise between ``min`` and ``max``."""
        result = Vector3()
        Vector3.ClampToRef(value, min, max, result)
        return result

    @staticmethod
    def ClampToRef(
        value: IVector3Like, min: IVector3Like, max: IVector3Like, result: Vector3
    ) -> Vector3:
        """Clamp ``value`` component-wise into ``result`` (max first, then min)."""
        x = value.x
        x = max.x if x > max.x else x
        x = min.x if x < min.x else x
        y = value.y
        y = max.y if y > max.y else y
        y = min.y if y < min.y else y
        z = value.z
        z = max.z if z > max.z else z
        z = min.z if z < min.z else z
        result.copyFromFloats(x, y, z)
        return result

    @staticmethod
    def CheckExtends(v: IVector3Like, min: Vector3, max: Vector3) -> None:
        """Grow the box ``[min, max]`` to contain ``v``."""
        min.minimizeInPlace(v)
        max.maximizeInPlace(v)

    @staticmethod
    def Hermite(
        value1: IVector3Like,
        tangent1: IVector3Like,
        value2: IVector3Like,
        tangent2: IVector3Like,
        amount: float,
    ) -> Vector3:
        """Cubic Hermite interpolation."""
        p1, p2, p3, p4 = hermite_parts(amount)
        x = value1.x * p1 + value2.x * p2 + tangent1.x * p3 + tangent2.x * p4
        y = value1.y * p1 + value2.y * p2 + tangent1.y * p3 + tangent2.y * p4
        z = value1.z * p1 + value2.z * p2 + tangent1.z * p3 + tangent2.z * p4
        return Vector3(x, y, z)

    @staticmethod
    def Hermite1stDerivative(
        value1: IVector3Like,
        tangent1: IVector3Like,
        value2: IVector3Like,
        tangent2: IVector3Like,
        time: float,
    ) -> Vector3:
        """First derivative of the Hermite spline at ``time``."""
        result = Vector3()
        Vector3.Hermite1stDerivativeToRef(value1, tangent1, value2, tangent2, time, result)
        return result

    @staticmethod
    def Hermite1stDerivativeToRef(
        value1: IVector3Like,
        tangent1: IVector3Like,
        value2: IVector3Like,
        tangent2: IVector3Like,
        time: float,
        result: Vector3,
    ) -> Vector3:
        """Store the Hermite first derivative at ``time`` in ``result``."""
        result.x = hermite_d1(value1.x, tangent1.x, value2.x, tangent2.x, time)
        result.y = hermite_d1(value1.y, tangent1.y, value2.y, tangent2.y, time)
        result.z = hermite_d1(value1.z, tangent1.z, value2.z, tangent2.z, time)
        return result

    @staticmethod
    def Lerp(start: IVector3Like, end: IVector3Like, amount: float) -> Vector3:
        """Linear interpolation ``start + (end - start) * amount``."""
        result = Vector3(0, 0, 0)
        Vector3.LerpToRef(start, end, amount, result)
        return result

    @staticmethod
    def LerpToRef(
        start: IVector3Like, end: IVector3Like, amount: float, result: Vector3
    ) -> Vector3:
        """Store the linear interpolation in ``result``."""
        result.x = start.x + (end.x - start.x) * amount
        result.y = start.y + (end.y - start.y) * amount
        result.z = start.z + (end.z - start.z) * amount
        return result

    @staticmethod
    def Dot(left: IVector3Like, right: IVector3Like) -> float:
        """Dot product."""
        return left.x * right.x + left.y * right.y + left.z * right.z

    @staticmethod
    def Cross(left: IVector3Like, right: IVector3Like) -> Vector3:
        """Cross product ``left x right``."""
        result = Vector3()
        Vector3.CrossToRef(left, right, result)
        return result

    @staticmethod
    def CrossToRef(left: IVector3Like, right: IVector3Like, result: Vector3) -> Vector3:
        """Store ``left x right`` in ``result`` (safe when ``result`` aliases an input)."""
        x = left.y * right.z - left.z * right.y
        y = left.z * right.x - left.x * right.z
        z = left.x * right.y - left.y * right.x
        result.copyFromFloats(x, y, z)
        return result

    @staticmethod
    def Normalize(vector: Vector3) -> Vector3:
        """Return a normalised copy of ``vector``."""
        result = Vector3.Zero()
        Vector3.NormalizeToRef(vector, result)
        return result

    @staticmethod
    def NormalizeToRef(vector: Vector3, result: Vector3) -> Vector3:
        """Store the normalised ``vector`` in ``result``."""
        vector.normalizeToRef(result)
        return result

    @staticmethod
    def Reflect(inDirection: IVector3Like, normal: IVector3Like) -> Vector3:
        """Reflect ``inDirection`` about ``normal``."""
        return Vector3.ReflectToRef(inDirection, normal, Vector3())

    @staticmethod
    def ReflectToRef(inDirection: IVector3Like, normal: IVector3Like, ref: Vector3) -> Vector3:
        """Store the reflection of ``inDirection`` about ``normal`` in ``ref``."""
        tmp = Vector3().copyFrom(normal).scaleInPlace(2 * Vector3.Dot(inDirection, normal))
        return ref.copyFrom(inDirection).subtractInPlace(tmp)

    @staticmethod
    def Minimize(left: IVector3Like, right: IVector3Like) -> Vector3:
        """Component-wise minimum."""
        result = Vector3()
        result.copyFrom(left)
        result.minimizeInPlace(right)
        return result

    @staticmethod
    def Maximize(left: IVector3Like, right: IVector3Like) -> Vector3:
        """Component-wise maximum."""
        result = Vector3()
        result.copyFrom(left)
        result.maximizeInPlace(right)
        return result

    @staticmethod
    def Distance(value1: IVector3Like, value2: IVector3Like) -> float:
        """Euclidean distance."""
        return math.sqrt(Vector3.DistanceSquared(value1, value2))

    @staticmethod
    def DistanceSquared(value1: IVector3Like, value2: IVector3Like) -> float:
        """Squared distance."""
        x = value1.x - value2.x
        y = value1.y - value2.y
        z = value1.z - value2.z
        return x * x + y * y + z * z

    @staticmethod
    def Center(value1: IVector3Like, value2: IVector3Like) -> Vector3:
        """Midpoint."""
        return Vector3.CenterToRef(value1, value2, Vector3.Zero())

    @staticmethod
    def CenterToRef(value1: IVector3Like, value2: IVector3Like, ref: Vector3) -> Vector3:
        """Store the midpoint in ``ref``."""
        return ref.copyFromFloats(
            (value1.x + value2.x) / 2, (value1.y + value2.y) / 2, (value1.z + value2.z) / 2
        )

    @staticmethod
    def RotationFromAxis(axis1: Vector3, axis2: Vector3, axis3: Vector3) -> Vector3:
        """Euler angles of the frame whose axes are ``axis1``, ``axis2``, ``axis3``."""
        rotation = Vector3()
        Vector3.RotationFromAxisToRef(axis1, axis2, axis3, rotation)
        return rotation

    @staticmethod
    def RotationFromAxisToRef(
        axis1: Vector3, axis2: Vector3, axis3: Vector3, ref: Vector3
    ) -> Vector3:
        """Store the Euler angles of the frame ``(axis1, axis2, axis3)`` in ``ref``."""
        quat = Quaternion.Zero()
        Quaternion.RotationQuaternionFromAxisToRef(axis1, axis2, axis3, quat)
        quat.toEulerAnglesToRef(ref)
        return ref


Vector3.UpReadOnly = Vector3.Up()
Vector3.DownReadOnly = Vector3.Down()
Vector3.LeftHandedForwardReadOnly = Vector3.Forward(False)
Vector3.RightHandedForwardReadOnly = Vector3.Forward(True)
Vector3.LeftHandedBackwardReadOnly = Vector3.Backward(False)
Vector3.RightHandedBackwardReadOnly = Vector3.Backward(True)
Vector3.RightReadOnly = Vector3.Right()
Vector3.LeftReadOnly = Vector3.Left()
Vector3.ZeroReadOnly = Vector3.Zero()
Vector3.OneReadOnly = Vector3.One()


# --------------------------------------------------------------------------------------------
# Vector4
# --------------------------------------------------------------------------------------------


class Vector4:
    """A 4D vector (``BABYLON.Vector4``).

    Parameters
    ----------
    x, y, z, w
        Components (default 0).
    """

    __slots__ = ("w", "x", "y", "z")

    ZeroReadOnly: ClassVar[Vector4]

    def __init__(self, x: float = 0, y: float = 0, z: float = 0, w: float = 0) -> None:
        self.x = x
        self.y = y
        self.z = z
        self.w = w

    def __repr__(self) -> str:
        return f"Vector4({self.x!r}, {self.y!r}, {self.z!r}, {self.w!r})"

    def __str__(self) -> str:
        return self.toString()

    def toString(self) -> str:
        """``{X: x Y: y Z: z W: w}`` with JS number formatting."""
        return (
            f"{{X: {js_str(self.x)} Y: {js_str(self.y)} Z: {js_str(self.z)} W: {js_str(self.w)}}}"
        )

    def getClassName(self) -> str:
        """Return ``"Vector4"``."""
        return "Vector4"

    def getHashCode(self) -> int:
        """Babylon's hash of the decimal digits of the components."""
        return hash_chain([extract_as_int(v) for v in (self.x, self.y, self.z, self.w)])

    def asArray(self) -> list[float]:
        """Return ``[x, y, z, w]``."""
        return [self.x, self.y, self.z, self.w]

    def toArray(self, array: MutableSequence[float], index: int = 0) -> Self:
        """Write ``x, y, z, w`` into ``array`` from ``index``."""
        write_array(array, index, (self.x, self.y, self.z, self.w))
        return self

    def fromArray(self, array: Sequence[float], offset: int = 0) -> Self:
        """Read ``x, y, z, w`` from ``array`` at ``offset``."""
        Vector4.FromArrayToRef(array, offset, self)
        return self

    def addInPlace(self, otherVector: IVector4Like) -> Self:
        """``self += other``."""
        self.x += otherVector.x
        self.y += otherVector.y
        self.z += otherVector.z
        self.w += otherVector.w
        return self

    def addInPlaceFromFloats(self, x: float, y: float, z: float, w: float) -> Self:
        """``self += (x, y, z, w)``."""
        self.x += x
        self.y += y
        self.z += z
        self.w += w
        return self

    def add(self, otherVector: IVector4Like) -> Vector4:
        """Return ``self + other``."""
        return Vector4(
            self.x + otherVector.x,
            self.y + otherVector.y,
            self.z + otherVector.z,
            self.w + otherVector.w,
        )

    def addToRef(self, otherVector: IVector4Like, result: Vector4) -> Vector4:
        """Store ``self + other`` in ``result``."""
        result.x = self.x + otherVector.x
        result.y = self.y + otherVector.y
        result.z = self.z + otherVector.z
        result.w = self.w + otherVector.w
        return result

    def subtractInPlace(self, otherVector: IVector4Like) -> Self:
        """``self -= other``."""
        self.x -= otherVector.x
        self.y -= otherVector.y
        self.z -= otherVector.z
        self.w -= otherVector.w
        return self

    def subtract(self, otherVector: IVector4Like) -> Vector4:
        """Return ``self - other``."""
        return Vector4(
            self.x - otherVector.x,
            self.y - otherVector.y,
            self.z - otherVector.z,
            self.w - otherVector.w,
        )

    def subtractToRef(self, otherVector: IVector4Like, result: Vector4) -> Vector4:
        """Store ``self - other`` in ``result``."""
        result.x = self.x - otherVector.x
        result.y = self.y - otherVector.y
        result.z = self.z - otherVector.z
        result.w = self.w - otherVector.w
        return result

    def subtractFromFloats(self, x: float, y: float, z: float, w: float) -> Vector4:
        """Return ``self - (x, y, z, w)``."""
        return Vector4(self.x - x, self.y - y, self.z - z, self.w - w)

    def subtractFromFloatsToRef(
        self, x: float, y: float, z: float, w: float, result: Vector4
    ) -> Vector4:
        """Store ``self - (x, y, z, w)`` in ``result``."""
        result.x = self.x - x
        result.y = self.y - y
        result.z = self.z - z
        result.w = self.w - w
        return result

    def negate(self) -> Vector4:
        """Return ``-self``."""
        return Vector4(-self.x, -self.y, -self.z, -self.w)

    def negateInPlace(self) -> Self:
        """``self = -self``."""
        self.x *= -1
        self.y *= -1
        self.z *= -1
        self.w *= -1
        return self

    def negateToRef(self, result: Vector4) -> Vector4:
        """Store ``-self`` in ``result``."""
        result.x = -self.x
        result.y = -self.y
        result.z = -self.z
        result.w = -self.w
        return result

    def scaleInPlace(self, scale: float) -> Self:
        """``self *= scale``."""
        self.x *= scale
        self.y *= scale
        self.z *= scale
        self.w *= scale
        return self

    def scale(self, scale: float) -> Vector4:
        """Return ``self * scale``."""
        return Vector4(self.x * scale, self.y * scale, self.z * scale, self.w * scale)

    def scaleToRef(self, scale: float, result: Vector4) -> Vector4:
        """Store ``self * scale`` in ``result``."""
        result.x = self.x * scale
        result.y = self.y * scale
        result.z = self.z * scale
        result.w = self.w * scale
        return result

    def scaleAndAddToRef(self, scale: float, result: Vector4) -> Vector4:
        """``result += self * scale``."""
        result.x += self.x * scale
        result.y += self.y * scale
        result.z += self.z * scale
        result.w += self.w * scale
        return result

    def equals(self, otherVector: IVector4Like | None) -> bool:
        """Exact component equality (``False`` for ``None``)."""
        return (
            otherVector is not None
            and self.x == otherVector.x
            and self.y == otherVector.y
            and self.z == otherVector.z
            and self.w == otherVector.w
        )

    def equalsWithEpsilon(self, otherVector: IVector4Like | None, epsilon: float = Epsilon) -> bool:
        """Component equality within ``epsilon`` (``False`` for ``None``)."""
        return (
            otherVector is not None
            and within_epsilon(self.x, otherVector.x, epsilon)
            and within_epsilon(self.y, otherVector.y, epsilon)
            and within_epsilon(self.z, otherVector.z, epsilon)
            and within_epsilon(self.w, otherVector.w, epsilon)
        )

    def equalsToFloats(self, x: float, y: float, z: float, w: float) -> bool:
        """Exact equality with ``(x, y, z, w)``."""
        return self.x == x and self.y == y and self.z == z and self.w == w

    def multiplyInPlace(self, otherVector: IVector4Like) -> Self:
        """Component-wise ``self *= other``."""
        self.x *= otherVector.x
        self.y *= otherVector.y
        self.z *= otherVector.z
        self.w *= otherVector.w
        return self

    def multiply(self, otherVector: IVector4Like) -> Vector4:
        """Return the component-wise product."""
        return Vector4(
            self.x * otherVector.x,
            self.y * otherVector.y,
            self.z * otherVector.z,
            self.w * otherVector.w,
        )

    def multiplyToRef(self, otherVector: IVector4Like, result: Vector4) -> Vector4:
        """Store the component-wise product in ``result``."""
        result.x = self.x * otherVector.x
        result.y = self.y * otherVector.y
        result.z = self.z * otherVector.z
        result.w = self.w * otherVector.w
        return result

    def multiplyByFloats(self, x: float, y: float, z: float, w: float) -> Vector4:
        """Return ``(self.x * x, ..., self.w * w)``."""
        return Vector4(self.x * x, self.y * y, self.z * z, self.w * w)

    def divide(self, otherVector: IVector4Like) -> Vector4:
        """Return the component-wise quotient."""
        return Vector4(
            js_div(self.x, otherVector.x),
            js_div(self.y, otherVector.y),
            js_div(self.z, otherVector.z),
            js_div(self.w, otherVector.w),
        )

    def divideToRef(self, otherVector: IVector4Like, result: Vector4) -> Vector4:
        """Store the component-wise quotient in ``result``."""
        result.x = js_div(self.x, otherVector.x)
        result.y = js_div(self.y, otherVector.y)
        result.z = js_div(self.z, otherVector.z)
        result.w = js_div(self.w, otherVector.w)
        return result

    def divideInPlace(self, otherVector: IVector4Like) -> Self:
        """Component-wise ``self /= other``."""
        self.divideToRef(otherVector, self)
        return self

    def minimizeInPlace(self, other: IVector4Like) -> Self:
        """Keep the component-wise minimum with ``other`` (NaN in ``other`` is ignored)."""
        if other.x < self.x:
            self.x = other.x
        if other.y < self.y:
            self.y = other.y
        if other.z < self.z:
            self.z = other.z
        if other.w < self.w:
            self.w = other.w
        return self

    def maximizeInPlace(self, other: IVector4Like) -> Self:
        """Keep the component-wise maximum with ``other`` (NaN in ``other`` is ignored)."""
        if other.x > self.x:
            self.x = other.x
        if other.y > self.y:
            self.y = other.y
        if other.z > self.z:
            self.z = other.z
        if other.w > self.w:
            self.w = other.w
        return self

    def minimizeInPlaceFromFloats(self, x: float, y: float, z: float, w: float) -> Self:
        """Keep the component-wise minimum with the floats (``Math.min``)."""
        self.x = js_min(x, self.x)
        self.y = js_min(y, self.y)
        self.z = js_min(z, self.z)
        self.w = js_min(w, self.w)
        return self

    def maximizeInPlaceFromFloats(self, x: float, y: float, z: float, w: float) -> Self:
        """Keep the component-wise maximum with the floats (``Math.max``)."""
        self.x = js_max(x, self.x)
        self.y = js_max(y, self.y)
        self.z = js_max(z, self.z)
        self.w = js_max(w, self.w)
        return self

    def floorToRef(self, result: Vector4) -> Vector4:
        """Store the component-wise floor in ``result``."""
        result.x = js_floor(self.x)
        result.y = js_floor(self.y)
        result.z = js_floor(self.z)
        result.w = js_floor(self.w)
        return result

    def floor(self) -> Vector4:
        """Return the component-wise floor."""
        return Vector4(js_floor(self.x), js_floor(self.y), js_floor(self.z), js_floor(self.w))

    def fractToRef(self, result: Vector4) -> Vector4:
        """Store ``self - floor(self)`` in ``result``."""
        result.x = self.x - js_floor(self.x)
        result.y = self.y - js_floor(self.y)
        result.z = self.z - js_floor(self.z)
        result.w = self.w - js_floor(self.w)
        return result

    def fract(self) -> Vector4:
        """Return ``self - floor(self)``."""
        return self.fractToRef(Vector4())

    def length(self) -> float:
        """Euclidean length."""
        return math.sqrt(self.x * self.x + self.y * self.y + self.z * self.z + self.w * self.w)

    def lengthSquared(self) -> float:
        """Squared length."""
        return self.x * self.x + self.y * self.y + self.z * self.z + self.w * self.w

    def normalize(self) -> Self:
        """Normalise in place (a zero vector is left unchanged)."""
        return self.normalizeFromLength(self.length())

    def normalizeFromLength(self, len: float) -> Self:
        """Divide by ``len`` unless it is 0 or 1."""
        if len == 0 or len == 1.0:
            return self
        return self.scaleInPlace(1.0 / len)

    def normalizeToNew(self) -> Vector4:
        """Return a normalised copy."""
        return self.normalizeToRef(Vector4())

    def normalizeToRef(self, reference: Vector4) -> Vector4:
        """Store the normalised vector in ``reference``."""
        len_ = self.length()
        if len_ == 0 or len_ == 1.0:
            reference.x = self.x
            reference.y = self.y
            reference.z = self.z
            reference.w = self.w
            return reference
        return self.scaleToRef(1.0 / len_, reference)

    def toVector3(self) -> Vector3:
        """Return ``(x, y, z)``."""
        return Vector3(self.x, self.y, self.z)

    def clone(self) -> Vector4:
        """Return a copy."""
        return Vector4(self.x, self.y, self.z, self.w)

    def copyFrom(self, source: IVector4Like) -> Self:
        """Copy the components of ``source``."""
        self.x = source.x
        self.y = source.y
        self.z = source.z
        self.w = source.w
        return self

    def copyFromFloats(self, x: float, y: float, z: float, w: float) -> Self:
        """Set the components."""
        self.x = x
        self.y = y
        self.z = z
        self.w = w
        return self

    def set(self, x: float, y: float, z: float, w: float) -> Self:
        """Set the components (alias of ``copyFromFloats``)."""
        return self.copyFromFloats(x, y, z, w)

    def setAll(self, v: float) -> Self:
        """Set every component to ``v``."""
        self.x = self.y = self.z = self.w = v
        return self

    def dot(self, otherVector: IVector4Like) -> float:
        """Dot product."""
        return (
            self.x * otherVector.x
            + self.y * otherVector.y
            + self.z * otherVector.z
            + self.w * otherVector.w
        )

    @staticmethod
    def FromArray(array: Sequence[float], offset: int = 0) -> Vector4:
        """Read a vector from ``array`` at ``offset``."""
        return Vector4(
            float(array[offset]),
            float(array[offset + 1]),
            float(array[offset + 2]),
            float(array[offset + 3]),
        )

    @staticmethod
    def FromArrayToRef(array: Sequence[float], offset: int, result: Vector4) -> Vector4:
        """Read ``result`` from ``array`` at ``offset``."""
        result.x = float(array[offset])
        result.y = float(array[offset + 1])
        result.z = float(array[offset + 2])
        result.w = float(array[offset + 3])
        return result

    @staticmethod
    def FromFloatArrayToRef(array: Sequence[float], offset: int, result: Vector4) -> Vector4:
        """Alias of ``FromArrayToRef``."""
        Vector4.FromArrayToRef(array, offset, result)
        return result

    @staticmethod
    def FromFloatsToRef(x: float, y: float, z: float, w: float, result: Vector4) -> Vector4:
        """Set ``result`` to ``(x, y, z, w)``."""
        result.x = x
        result.y = y
        result.z = z
        result.w = w
        return result

    @staticmethod
    def Zero() -> Vector4:
        """``(0, 0, 0, 0)``."""
        return Vector4(0.0, 0.0, 0.0, 0.0)

    @staticmethod
    def One() -> Vector4:
        """``(1, 1, 1, 1)``."""
        return Vector4(1.0, 1.0, 1.0, 1.0)

    @staticmethod
    def Random(min: float = 0, max: float = 1) -> Vector4:
        """Components uniformly random in ``[min, max)`` (not reproducible)."""
        return Vector4(
            random_range(min, max),
            random_range(min, max),
            random_range(min, max),
            random_range(min, max),
        )

    @staticmethod
    def RandomToRef(min: float = 0, max: float = 1, ref: Vector4 | None = None) -> Vector4:
        """Set ``ref`` to random components in ``[min, max)``."""
        target = ref if ref is not None else Vector4()
        target.x = random_range(min, max)
        target.y = random_range(min, max)
        target.z = random_range(min, max)
        target.w = random_range(min, max)
        return target

    @staticmethod
    def Clamp(value: IVector4Like, min: IVector4Like, max: IVector4Like) -> Vector4:
        """Return ``value`` clamped component-wise between ``min`` and ``max``."""
        return Vector4.ClampToRef(value, min, max, Vector4())

    @staticmethod
    def ClampToRef(
        value: IVector4Like, min: IVector4Like, max: IVector4Like, result: Vector4
    ) -> Vector4:
        """Clamp ``value`` component-wise into ``result``."""
        result.x = clamp(value.x, min.x, max.x)
        result.y = clamp(value.y, min.y, max.y)
        result.z = clamp(value.z, min.z, max.z)
        result.w = clamp(value.w, min.w, max.w)
        return result

    @staticmethod
    def CheckExtends(v: IVector4Like, min: Vector4, max: Vector4) -> None:
        """Grow the box ``[min, max]`` to contain ``v``."""
        min.minimizeInPlace(v)
        max.maximizeInPlace(v)

    @staticmethod
    def Normalize(vector: Vector4) -> Vector4:
        """Return a normalised copy of ``vector``."""
        return Vector4.NormalizeToRef(vector, Vector4())

    @staticmethod
    def NormalizeToRef(vector: Vector4, result: Vector4) -> Vector4:
        """Store the normalised ``vector`` in ``result``."""
        vector.normalizeToRef(result)
        return result

    @staticmethod
    def Minimize(left: IVector4Like, right: IVector4Like) -> Vector4:
        """Component-wise minimum."""
        result = Vector4()
        result.copyFrom(left)
        result.minimizeInPlace(right)
        return result

    @staticmethod
    def Maximize(left: IVector4Like, right: IVector4Like) -> Vector4:
        """Component-wise maximum."""
        result = Vector4()
        result.copyFrom(left)
        result.maximizeInPlace(right)
        return result

    @staticmethod
    def Distance(value1: IVector4Like, value2: IVector4Like) -> float:
        """Euclidean distance."""
        return math.sqrt(Vector4.DistanceSquared(value1, value2))

    @staticmethod
    def DistanceSquared(value1: IVector4Like, value2: IVector4Like) -> float:
        """Squared distance."""
        x = value1.x - value2.x
        y = value1.y - value2.y
        z = value1.z - value2.z
        w = value1.w - value2.w
        return x * x + y * y + z * z + w * w

    @staticmethod
    def Center(value1: IVector4Like, value2: IVector4Like) -> Vector4:
        """Midpoint."""
        return Vector4.CenterToRef(value1, value2, Vector4())

    @staticmethod
    def CenterToRef(value1: IVector4Like, value2: IVector4Like, ref: Vector4) -> Vector4:
        """Store the midpoint in ``ref``."""
        ref.x = (value1.x + value2.x) / 2
        ref.y = (value1.y + value2.y) / 2
        ref.z = (value1.z + value2.z) / 2
        ref.w = (value1.w + value2.w) / 2
        return ref

    @staticmethod
    def TransformCoordinates(vector: IVector3Like, transformation: Matrix) -> Vector4:
        """Transform ``(x, y, z, 1)`` by ``transformation`` (no perspective divide)."""
        return Vector4.TransformCoordinatesToRef(vector, transformation, Vector4())

    @staticmethod
    def TransformCoordinatesToRef(
        vector: IVector3Like, transformation: Matrix, result: Vector4
    ) -> Vector4:
        """Store the transformed ``(x, y, z, 1)`` in ``result``."""
        Vector4.TransformCoordinatesFromFloatsToRef(
            vector.x, vector.y, vector.z, transformation, result
        )
        return result

    @staticmethod
    def TransformCoordinatesFromFloatsToRef(
        x: float, y: float, z: float, transformation: Matrix, result: Vector4
    ) -> Vector4:
        """Store the transformed ``(x, y, z, 1)`` in ``result``."""
        m = transformation._m
        rx = x * m[0] + y * m[4] + z * m[8] + m[12]
        ry = x * m[1] + y * m[5] + z * m[9] + m[13]
        rz = x * m[2] + y * m[6] + z * m[10] + m[14]
        rw = x * m[3] + y * m[7] + z * m[11] + m[15]
        result.x = rx
        result.y = ry
        result.z = rz
        result.w = rw
        return result

    @staticmethod
    def TransformNormal(vector: IVector4Like, transformation: Matrix) -> Vector4:
        """Transform the xyz direction, keeping ``w``."""
        return Vector4.TransformNormalToRef(vector, transformation, Vector4())

    @staticmethod
    def TransformNormalToRef(
        vector: IVector4Like, transformation: Matrix, result: Vector4
    ) -> Vector4:
        """Store the transformed direction (``w`` kept) in ``result``."""
        m = transformation._m
        x = vector.x * m[0] + vector.y * m[4] + vector.z * m[8]
        y = vector.x * m[1] + vector.y * m[5] + vector.z * m[9]
        z = vector.x * m[2] + vector.y * m[6] + vector.z * m[10]
        result.x = x
        result.y = y
        result.z = z
        result.w = vector.w
        return result

    @staticmethod
    def TransformNormalFromFloatsToRef(
        x: float, y: float, z: float, w: float, transformation: Matrix, result: Vector4
    ) -> Vector4:
        """Store the transformed direction ``(x, y, z)`` and ``w`` in ``result``."""
        m = transformation._m
        result.x = x * m[0] + y * m[4] + z * m[8]
        result.y = x * m[1] + y * m[5] + z * m[9]
        result.z = x * m[2] + y * m[6] + z * m[10]
        result.w = w
        return result

    @staticmethod
    def FromVector3(source: IVector3Like, w: float = 0) -> Vector4:
        """Return ``(source.x, source.y, source.z, w)``."""
        return Vector4(source.x, source.y, source.z, w)

    @staticmethod
    def Dot(left: IVector4Like, right: IVector4Like) -> float:
        """Dot product."""
        return left.x * right.x + left.y * right.y + left.z * right.z + left.w * right.w


Vector4.ZeroReadOnly = Vector4.Zero()


# --------------------------------------------------------------------------------------------
# Quaternion
# --------------------------------------------------------------------------------------------


def _quaternion_from_rotation(
    m11: float,
    m12: float,
    m13: float,
    m21: float,
    m22: float,
    m23: float,
    m31: float,
    m32: float,
    m33: float,
    result: Quaternion,
) -> Quaternion:
    """Babylon.js Quaternion.FromRotationMatrixToRef on the upper 3x3 (mRC = row R, col C)."""
    trace = m11 + m22 + m33
    if trace > 0:
        s = 0.5 / math.sqrt(trace + 1.0)
        result.w = 0.25 / s
        result.x = (m32 - m23) * s
        result.y = (m13 - m31) * s
        result.z = (m21 - m12) * s
    elif m11 > m22 and m11 > m33:
        s = 2.0 * js_sqrt(1.0 + m11 - m22 - m33)
        result.w = js_div(m32 - m23, s)
        result.x = 0.25 * s
        result.y = js_div(m12 + m21, s)
        result.z = js_div(m13 + m31, s)
    elif m22 > m33:
        s = 2.0 * js_sqrt(1.0 + m22 - m11 - m33)
        result.w = js_div(m13 - m31, s)
        result.x = js_div(m12 + m21, s)
        result.y = 0.25 * s
        result.z = js_div(m23 + m32, s)
    else:
        s = 2.0 * js_sqrt(1.0 + m33 - m11 - m22)
        result.w = js_div(m21 - m12, s)
        result.x = js_div(m13 + m31, s)
        result.y = js_div(m23 + m32, s)
        result.z = 0.25 * s
    return result


def _quaternion_from_f32_rows(
    r0: IVector3Like, r1: IVector3Like, r2: IVector3Like, result: Quaternion
) -> Quaternion:
    """FromRotationMatrix of a float32 matrix whose first three rows are ``r0, r1, r2``.

    Babylon.js builds such a matrix in a Float32Array scratch (``MathTmp.Matrix[0]``) before
    extracting the quaternion, so the nine values are rounded to float32 first.
    """
    a = _F9.unpack(_F9.pack(r0.x, r0.y, r0.z, r1.x, r1.y, r1.z, r2.x, r2.y, r2.z))
    # m[0..2] = row 0 -> m11, m21, m31 (Babylon names the stored row as a column).
    return _quaternion_from_rotation(a[0], a[3], a[6], a[1], a[4], a[7], a[2], a[5], a[8], result)


class Quaternion:
    """A rotation quaternion ``(x, y, z, w)`` (``BABYLON.Quaternion``).

    Parameters
    ----------
    x, y, z, w
        Components; the default is the identity ``(0, 0, 0, 1)``.

    Examples
    --------
    >>> q = Quaternion.Slerp(Quaternion.Identity(), Quaternion(0, 0, 1, 0), 0.5)
    >>> round(q.z, 6), round(q.w, 6)
    (0.707107, 0.707107)
    """

    __slots__ = ("w", "x", "y", "z")

    def __init__(self, x: float = 0.0, y: float = 0.0, z: float = 0.0, w: float = 1.0) -> None:
        self.x = x
        self.y = y
        self.z = z
        self.w = w

    def __repr__(self) -> str:
        return f"Quaternion({self.x!r}, {self.y!r}, {self.z!r}, {self.w!r})"

    def __str__(self) -> str:
        return self.toString()

    def toString(self) -> str:
        """``{X: x Y: y Z: z W: w}`` with JS number formatting."""
        return (
            f"{{X: {js_str(self.x)} Y: {js_str(self.y)} Z: {js_str(self.z)} W: {js_str(self.w)}}}"
        )

    def getClassName(self) -> str:
        """Return ``"Quaternion"``."""
        return "Quaternion"

    def getHashCode(self) -> int:
        """Babylon's hash of the decimal digits of the components."""
        return hash_chain([extract_as_int(v) for v in (self.x, self.y, self.z, self.w)])

    def asArray(self) -> list[float]:
        """Return ``[x, y, z, w]``."""
        return [self.x, self.y, self.z, self.w]

    def toArray(self, array: MutableSequence[float], index: int = 0) -> Self:
        """Write ``x, y, z, w`` into ``array`` from ``index``."""
        write_array(array, index, (self.x, self.y, self.z, self.w))
        return self

    def fromArray(self, array: Sequence[float], index: int = 0) -> Self:
        """Read ``x, y, z, w`` from ``array`` at ``index``."""
        Quaternion.FromArrayToRef(array, index, self)
        return self

    def equals(self, otherQuaternion: IVector4Like | None) -> bool:
        """Exact component equality (``False`` for ``None``)."""
        o = otherQuaternion
        return o is not None and self.x == o.x and self.y == o.y and self.z == o.z and self.w == o.w

    def equalsWithEpsilon(
        self, otherQuaternion: IVector4Like | None, epsilon: float = Epsilon
    ) -> bool:
        """Component equality within ``epsilon`` (``False`` for ``None``)."""
        o = otherQuaternion
        return (
            o is not None
            and within_epsilon(self.x, o.x, epsilon)
            and within_epsilon(self.y, o.y, epsilon)
            and within_epsilon(self.z, o.z, epsilon)
            and within_epsilon(self.w, o.w, epsilon)
        )

    def isApprox(self, otherQuaternion: IVector4Like | None, epsilon: float = Epsilon) -> bool:
        """Whether ``other`` or ``-other`` equals this quaternion within ``epsilon``."""
        o = otherQuaternion
        if o is None:
            return False
        return (
            within_epsilon(self.x, o.x, epsilon)
            and within_epsilon(self.y, o.y, epsilon)
            and within_epsilon(self.z, o.z, epsilon)
            and within_epsilon(self.w, o.w, epsilon)
        ) or (
            within_epsilon(self.x, -o.x, epsilon)
            and within_epsilon(self.y, -o.y, epsilon)
            and within_epsilon(self.z, -o.z, epsilon)
            and within_epsilon(self.w, -o.w, epsilon)
        )

    def clone(self) -> Quaternion:
        """Return a copy."""
        return Quaternion(self.x, self.y, self.z, self.w)

    def copyFrom(self, other: IVector4Like) -> Self:
        """Copy the components of ``other``."""
        self.x = other.x
        self.y = other.y
        self.z = other.z
        self.w = other.w
        return self

    def copyFromFloats(self, x: float, y: float, z: float, w: float) -> Self:
        """Set the components."""
        self.x = x
        self.y = y
        self.z = z
        self.w = w
        return self

    def set(self, x: float, y: float, z: float, w: float) -> Self:
        """Set the components (alias of ``copyFromFloats``)."""
        return self.copyFromFloats(x, y, z, w)

    def setAll(self, value: float) -> Self:
        """Set every component to ``value``."""
        return self.copyFromFloats(value, value, value, value)

    def add(self, other: IVector4Like) -> Quaternion:
        """Return ``self + other``."""
        return Quaternion(self.x + other.x, self.y + other.y, self.z + other.z, self.w + other.w)

    def addInPlace(self, other: IVector4Like) -> Self:
        """``self += other``."""
        self.x += other.x
        self.y += other.y
        self.z += other.z
        self.w += other.w
        return self

    def addToRef(self, other: IVector4Like, result: Quaternion) -> Quaternion:
        """Store ``self + other`` in ``result``."""
        result.x = self.x + other.x
        result.y = self.y + other.y
        result.z = self.z + other.z
        result.w = self.w + other.w
        return result

    def addInPlaceFromFloats(self, x: float, y: float, z: float, w: float) -> Self:
        """``self += (x, y, z, w)``."""
        self.x += x
        self.y += y
        self.z += z
        self.w += w
        return self

    def subtractToRef(self, other: IVector4Like, result: Quaternion) -> Quaternion:
        """Store ``self - other`` in ``result``."""
        result.x = self.x - other.x
        result.y = self.y - other.y
        result.z = self.z - other.z
        result.w = self.w - other.w
        return result

    def subtractFromFloats(self, x: float, y: float, z: float, w: float) -> Quaternion:
        """Return ``self - (x, y, z, w)``."""
        return self.subtractFromFloatsToRef(x, y, z, w, Quaternion())

    def subtractFromFloatsToRef(
        self, x: float, y: float, z: float, w: float, result: Quaternion
    ) -> Quaternion:
        """Store ``self - (x, y, z, w)`` in ``result``."""
        result.x = self.x - x
        result.y = self.y - y
        result.z = self.z - z
        result.w = self.w - w
        return result

    def subtract(self, other: IVector4Like) -> Quaternion:
        """Return ``self - other``."""
        return Quaternion(self.x - other.x, self.y - other.y, self.z - other.z, self.w - other.w)

    def subtractInPlace(self, other: IVector4Like) -> Self:
        """``self -= other``."""
        self.x -= other.x
        self.y -= other.y
        self.z -= other.z
        self.w -= other.w
        return self

    def scale(self, value: float) -> Quaternion:
        """Return ``self * value``."""
        return Quaternion(self.x * value, self.y * value, self.z * value, self.w * value)

    def scaleToRef(self, scale: float, result: Quaternion) -> Quaternion:
        """Store ``self * scale`` in ``result``."""
        result.x = self.x * scale
        result.y = self.y * scale
        result.z = self.z * scale
        result.w = self.w * scale
        return result

    def scaleInPlace(self, value: float) -> Self:
        """``self *= value``."""
        self.x *= value
        self.y *= value
        self.z *= value
        self.w *= value
        return self

    def scaleAndAddToRef(self, scale: float, result: Quaternion) -> Quaternion:
        """``result += self * scale``."""
        result.x += self.x * scale
        result.y += self.y * scale
        result.z += self.z * scale
        result.w += self.w * scale
        return result

    def multiply(self, q1: IVector4Like) -> Quaternion:
        """Return the Hamilton product ``self * q1`` (apply ``q1`` first, then ``self``)."""
        result = Quaternion(0, 0, 0, 1.0)
        self.multiplyToRef(q1, result)
        return result

    def multiplyToRef(self, q1: IVector4Like, result: Quaternion) -> Quaternion:
        """Store ``self * q1`` in ``result`` (safe when ``result`` aliases an operand)."""
        x = self.x * q1.w + self.y * q1.z - self.z * q1.y + self.w * q1.x
        y = -self.x * q1.z + self.y * q1.w + self.z * q1.x + self.w * q1.y
        z = self.x * q1.y - self.y * q1.x + self.z * q1.w + self.w * q1.z
        w = -self.x * q1.x - self.y * q1.y - self.z * q1.z + self.w * q1.w
        result.copyFromFloats(x, y, z, w)
        return result

    def multiplyInPlace(self, other: IVector4Like) -> Self:
        """``self = self * other``."""
        self.multiplyToRef(other, self)
        return self

    def multiplyByFloats(self, x: float, y: float, z: float, w: float) -> Self:
        """Component-wise multiply in place (Babylon.js modifies ``self`` here)."""
        self.x *= x
        self.y *= y
        self.z *= z
        self.w *= w
        return self

    def divide(self, _other: object) -> Quaternion:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Can not divide a quaternion")

    def divideToRef(self, _other: object, _result: object) -> Quaternion:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Can not divide a quaternion")

    def divideInPlace(self, _other: object) -> Quaternion:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Can not divide a quaternion")

    def minimizeInPlace(self, *_args: object) -> Quaternion:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Can not minimize a quaternion")

    def minimizeInPlaceFromFloats(self, *_args: object) -> Quaternion:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Can not minimize a quaternion")

    def maximizeInPlace(self, *_args: object) -> Quaternion:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Can not maximize a quaternion")

    def maximizeInPlaceFromFloats(self, *_args: object) -> Quaternion:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Can not maximize a quaternion")

    def negate(self) -> Quaternion:
        """Return ``-self`` (the same rotation)."""
        return self.negateToRef(Quaternion())

    def negateInPlace(self) -> Self:
        """``self = -self``."""
        self.x = -self.x
        self.y = -self.y
        self.z = -self.z
        self.w = -self.w
        return self

    def negateToRef(self, result: Quaternion) -> Quaternion:
        """Store ``-self`` in ``result``."""
        result.x = -self.x
        result.y = -self.y
        result.z = -self.z
        result.w = -self.w
        return result

    def equalsToFloats(self, x: float, y: float, z: float, w: float) -> bool:
        """Exact equality with ``(x, y, z, w)``."""
        return self.x == x and self.y == y and self.z == z and self.w == w

    def floorToRef(self, _result: object) -> Quaternion:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Can not floor a quaternion")

    def floor(self) -> Quaternion:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Can not floor a quaternion")

    def fractToRef(self, _result: object) -> Quaternion:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Can not fract a quaternion")

    def fract(self) -> Quaternion:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Can not fract a quaternion")

    def conjugateToRef(self, ref: Quaternion) -> Quaternion:
        """Store the conjugate ``(-x, -y, -z, w)`` in ``ref``."""
        ref.copyFromFloats(-self.x, -self.y, -self.z, self.w)
        return ref

    def conjugateInPlace(self) -> Self:
        """Conjugate in place."""
        self.x *= -1
        self.y *= -1
        self.z *= -1
        return self

    def conjugate(self) -> Quaternion:
        """Return the conjugate ``(-x, -y, -z, w)``."""
        return Quaternion(-self.x, -self.y, -self.z, self.w)

    def invert(self) -> Quaternion:
        """Return the inverse (conjugate divided by the squared length)."""
        conjugate = self.conjugate()
        length_squared = self.lengthSquared()
        if length_squared == 0 or length_squared == 1:
            return conjugate
        conjugate.scaleInPlace(1 / length_squared)
        return conjugate

    def invertInPlace(self) -> Self:
        """Invert in place."""
        self.conjugateInPlace()
        length_squared = self.lengthSquared()
        if length_squared == 0 or length_squared == 1:
            return self
        self.scaleInPlace(1 / length_squared)
        return self

    def lengthSquared(self) -> float:
        """Squared length."""
        return self.x * self.x + self.y * self.y + self.z * self.z + self.w * self.w

    def length(self) -> float:
        """Length."""
        return math.sqrt(self.lengthSquared())

    def normalize(self) -> Self:
        """Normalise in place (a zero quaternion is left unchanged)."""
        return self.normalizeFromLength(self.length())

    def normalizeFromLength(self, len: float) -> Self:
        """Divide by ``len`` unless it is 0 or 1."""
        if len == 0 or len == 1.0:
            return self
        return self.scaleInPlace(1.0 / len)

    def normalizeToNew(self) -> Quaternion:
        """Return a normalised copy."""
        normalized = Quaternion(0, 0, 0, 1)
        self.normalizeToRef(normalized)
        return normalized

    def normalizeToRef(self, reference: Quaternion) -> Quaternion:
        """Store the normalised quaternion in ``reference``."""
        len_ = self.length()
        if len_ == 0 or len_ == 1.0:
            return reference.copyFromFloats(self.x, self.y, self.z, self.w)
        return self.scaleToRef(1.0 / len_, reference)

    def toEulerAngles(self) -> Vector3:
        """Euler angles ``(pitch x, yaw y, roll z)`` in radians (Babylon's YXZ order)."""
        result = Vector3.Zero()
        self.toEulerAnglesToRef(result)
        return result

    def toEulerAnglesToRef(self, result: Vector3) -> Vector3:
        """Store the Euler angles in ``result``; gimbal lock above |0.4999999|."""
        qz = self.z
        qx = self.x
        qy = self.y
        qw = self.w
        z_axis_y = qy * qz - qx * qw
        limit = EULER_GIMBAL_LIMIT
        if z_axis_y < -limit:
            result.y = 2 * math.atan2(qy, qw)
            result.x = math.pi / 2
            result.z = 0
        elif z_axis_y > limit:
            result.y = 2 * math.atan2(qy, qw)
            result.x = -math.pi / 2
            result.z = 0
        else:
            sqw = qw * qw
            sqz = qz * qz
            sqx = qx * qx
            sqy = qy * qy
            result.z = math.atan2(2.0 * (qx * qy + qz * qw), -sqz - sqx + sqy + sqw)
            result.x = js_asin(-2.0 * z_axis_y)
            result.y = math.atan2(2.0 * (qz * qx + qy * qw), sqz - sqx - sqy + sqw)
        return result

    def toAlphaBetaGammaToRef(self, result: Vector3) -> Vector3:
        """Store the ZXZ Euler angles (alpha, beta, gamma) in ``result``."""
        qz = self.z
        qx = self.x
        qy = self.y
        qw = self.w
        sin_half_beta = math.sqrt(qx * qx + qy * qy)
        cos_half_beta = math.sqrt(qz * qz + qw * qw)
        beta = 2 * math.atan2(sin_half_beta, cos_half_beta)
        gamma_plus_alpha = 2 * math.atan2(qz, qw)
        gamma_minus_alpha = 2 * math.atan2(qy, qx)
        gamma = (gamma_plus_alpha + gamma_minus_alpha) / 2
        alpha = (gamma_plus_alpha - gamma_minus_alpha) / 2
        result.set(alpha, beta, gamma)
        return result

    def toRotationMatrix(self, result: Matrix) -> Matrix:
        """Store the rotation matrix (float32) in ``result``."""
        Matrix.FromQuaternionToRef(self, result)
        return result

    def fromRotationMatrix(self, matrix: Matrix) -> Self:
        """Set this quaternion from the rotation part of ``matrix``."""
        Quaternion.FromRotationMatrixToRef(matrix, self)
        return self

    def dot(self, other: IVector4Like) -> float:
        """Dot product."""
        return self.x * other.x + self.y * other.y + self.z * other.z + self.w * other.w

    def toAxisAngle(self) -> AxisAngle:
        """Return ``(axis, angle)``; the axis is ``(1, 0, 0)`` for a zero rotation."""
        axis = Vector3.Zero()
        angle = self.toAxisAngleToRef(axis)
        return AxisAngle(axis, angle)

    def toAxisAngleToRef(self, axis: Vector3) -> float:
        """Store the rotation axis in ``axis`` and return the angle in radians."""
        sin_half_angle = math.sqrt(self.x * self.x + self.y * self.y + self.z * self.z)
        cos_half_angle = self.w
        if sin_half_angle > 0:
            angle = 2 * math.atan2(sin_half_angle, cos_half_angle)
            axis.set(self.x / sin_half_angle, self.y / sin_half_angle, self.z / sin_half_angle)
        else:
            angle = 0
            axis.set(1, 0, 0)
        return angle

    @staticmethod
    def FromRotationMatrix(matrix: Matrix) -> Quaternion:
        """Quaternion of the rotation part of ``matrix`` (assumed unscaled)."""
        result = Quaternion()
        Quaternion.FromRotationMatrixToRef(matrix, result)
        return result

    @staticmethod
    def FromRotationMatrixToRef(matrix: Matrix, result: Quaternion) -> Quaternion:
        """Store the quaternion of the rotation part of ``matrix`` in ``result``."""
        d = matrix._m
        return _quaternion_from_rotation(
            d[0], d[4], d[8], d[1], d[5], d[9], d[2], d[6], d[10], result
        )

    @staticmethod
    def Dot(left: IVector4Like, right: IVector4Like) -> float:
        """Dot product."""
        return left.x * right.x + left.y * right.y + left.z * right.z + left.w * right.w

    @staticmethod
    def AreClose(quat0: IVector4Like, quat1: IVector4Like, epsilon: float = 0.1) -> bool:
        """Whether ``1 - dot^2 <= epsilon`` (same rotation up to sign, roughly)."""
        dot = Quaternion.Dot(quat0, quat1)
        return 1 - dot * dot <= epsilon

    @staticmethod
    def SmoothToRef(
        source: IVector4Like,
        goal: IVector4Like,
        deltaTime: float,
        lerpTime: float,
        result: Quaternion,
    ) -> Quaternion:
        """Slerp from ``source`` towards ``goal`` by ``clamp(deltaTime / lerpTime)``."""
        slerp = 1 if lerpTime == 0 else deltaTime / lerpTime
        slerp = clamp(slerp, 0, 1)
        Quaternion.SlerpToRef(source, goal, slerp, result)
        return result

    @staticmethod
    def Zero() -> Quaternion:
        """``(0, 0, 0, 0)``."""
        return Quaternion(0.0, 0.0, 0.0, 0.0)

    @staticmethod
    def Inverse(q: IVector4Like) -> Quaternion:
        """Return the conjugate ``(-x, -y, -z, w)`` (the inverse of a unit quaternion)."""
        return Quaternion(-q.x, -q.y, -q.z, q.w)

    @staticmethod
    def InverseToRef(q: IVector4Like, result: Quaternion) -> Quaternion:
        """Store the conjugate of ``q`` in ``result``."""
        result.set(-q.x, -q.y, -q.z, q.w)
        return result

    @staticmethod
    def Identity() -> Quaternion:
        """``(0, 0, 0, 1)``."""
        return Quaternion(0.0, 0.0, 0.0, 1.0)

    @staticmethod
    def IsIdentity(quaternion: IVector4Like | None) -> bool:
        """Whether ``quaternion`` is exactly ``(0, 0, 0, 1)``."""
        q = quaternion
        return q is not None and q.x == 0 and q.y == 0 and q.z == 0 and q.w == 1

    @staticmethod
    def RotationAxis(axis: Vector3, angle: float) -> Quaternion:
        """Rotation of ``angle`` radians around ``axis`` (normalised here)."""
        return Quaternion.RotationAxisToRef(axis, angle, Quaternion())

    @staticmethod
    def RotationAxisToRef(axis: Vector3, angle: float, result: Quaternion) -> Quaternion:
        """Store the rotation of ``angle`` around ``axis`` in ``result``."""
        result.w = js_cos(angle / 2)
        sin_by_length = js_div(js_sin(angle / 2), axis.length())
        result.x = axis.x * sin_by_length
        result.y = axis.y * sin_by_length
        result.z = axis.z * sin_by_length
        return result

    @staticmethod
    def FromArray(array: Sequence[float], offset: int = 0) -> Quaternion:
        """Read a quaternion from ``array`` at ``offset``."""
        return Quaternion(
            float(array[offset]),
            float(array[offset + 1]),
            float(array[offset + 2]),
            float(array[offset + 3]),
        )

    @staticmethod
    def FromArrayToRef(array: Sequence[float], offset: int, result: Quaternion) -> Quaternion:
        """Read ``result`` from ``array`` at ``offset``."""
        result.x = float(array[offset])
        result.y = float(array[offset + 1])
        result.z = float(array[offset + 2])
        result.w = float(array[offset + 3])
        return result

    @staticmethod
    def FromFloatsToRef(x: float, y: float, z: float, w: float, result: Quaternion) -> Quaternion:
        """Set ``result`` to ``(x, y, z, w)``."""
        result.copyFromFloats(x, y, z, w)
        return result

    @staticmethod
    def FromEulerAngles(x: float, y: float, z: float) -> Quaternion:
        """Quaternion of Euler angles x (pitch), y (yaw), z (roll)."""
        q = Quaternion()
        Quaternion.RotationYawPitchRollToRef(y, x, z, q)
        return q

    @staticmethod
    def FromEulerAnglesToRef(x: float, y: float, z: float, result: Quaternion) -> Quaternion:
        """Store the quaternion of Euler angles ``(x, y, z)`` in ``result``."""
        Quaternion.RotationYawPitchRollToRef(y, x, z, result)
        return result

    @staticmethod
    def FromEulerVector(vec: IVector3Like) -> Quaternion:
        """Quaternion of the Euler angles stored in ``vec``."""
        q = Quaternion()
        Quaternion.RotationYawPitchRollToRef(vec.y, vec.x, vec.z, q)
        return q

    @staticmethod
    def FromEulerVectorToRef(vec: IVector3Like, result: Quaternion) -> Quaternion:
        """Store the quaternion of the Euler angles in ``vec`` in ``result``."""
        Quaternion.RotationYawPitchRollToRef(vec.y, vec.x, vec.z, result)
        return result

    @staticmethod
    def FromUnitVectorsToRef(
        vecFrom: IVector3Like, vecTo: IVector3Like, result: Quaternion, epsilon: float = Epsilon
    ) -> Quaternion:
        """Store the shortest rotation taking unit ``vecFrom`` onto unit ``vecTo``."""
        r = Vector3.Dot(vecFrom, vecTo) + 1
        if r < epsilon:
            if abs(vecFrom.x) > abs(vecFrom.z):
                result.set(-vecFrom.y, vecFrom.x, 0, 0)
            else:
                result.set(0, -vecFrom.z, vecFrom.y, 0)
        else:
            c = Vector3.Cross(vecFrom, vecTo)
            result.set(c.x, c.y, c.z, r)
        return result.normalize()

    @staticmethod
    def RotationYawPitchRoll(yaw: float, pitch: float, roll: float) -> Quaternion:
        """Quaternion of yaw (around Y), pitch (around X), roll (around Z)."""
        q = Quaternion()
        Quaternion.RotationYawPitchRollToRef(yaw, pitch, roll, q)
        return q

    @staticmethod
    def RotationYawPitchRollToRef(
        yaw: float, pitch: float, roll: float, result: Quaternion
    ) -> Quaternion:
        """Store the quaternion of yaw, pitch, roll in ``result``."""
        half_roll = roll * 0.5
        half_pitch = pitch * 0.5
        half_yaw = yaw * 0.5
        sin_roll = js_sin(half_roll)
        cos_roll = js_cos(half_roll)
        sin_pitch = js_sin(half_pitch)
        cos_pitch = js_cos(half_pitch)
        sin_yaw = js_sin(half_yaw)
        cos_yaw = js_cos(half_yaw)
        result.x = cos_yaw * sin_pitch * cos_roll + sin_yaw * cos_pitch * sin_roll
        result.y = sin_yaw * cos_pitch * cos_roll - cos_yaw * sin_pitch * sin_roll
        result.z = cos_yaw * cos_pitch * sin_roll - sin_yaw * sin_pitch * cos_roll
        result.w = cos_yaw * cos_pitch * cos_roll + sin_yaw * sin_pitch * sin_roll
        return result

    @staticmethod
    def RotationAlphaBetaGamma(alpha: float, beta: float, gamma: float) -> Quaternion:
        """Quaternion of ZXZ Euler angles."""
        result = Quaternion()
        Quaternion.RotationAlphaBetaGammaToRef(alpha, beta, gamma, result)
        return result

    @staticmethod
    def RotationAlphaBetaGammaToRef(
        alpha: float, beta: float, gamma: float, result: Quaternion
    ) -> Quaternion:
        """Store the quaternion of ZXZ Euler angles in ``result``."""
        half_gamma_plus_alpha = (gamma + alpha) * 0.5
        half_gamma_minus_alpha = (gamma - alpha) * 0.5
        half_beta = beta * 0.5
        result.x = js_cos(half_gamma_minus_alpha) * js_sin(half_beta)
        result.y = js_sin(half_gamma_minus_alpha) * js_sin(half_beta)
        result.z = js_sin(half_gamma_plus_alpha) * js_cos(half_beta)
        result.w = js_cos(half_gamma_plus_alpha) * js_cos(half_beta)
        return result

    @staticmethod
    def RotationQuaternionFromAxis(axis1: Vector3, axis2: Vector3, axis3: Vector3) -> Quaternion:
        """Quaternion of the frame whose (normalised) axes are ``axis1..3``."""
        quat = Quaternion(0.0, 0.0, 0.0, 0.0)
        Quaternion.RotationQuaternionFromAxisToRef(axis1, axis2, axis3, quat)
        return quat

    @staticmethod
    def RotationQuaternionFromAxisToRef(
        axis1: Vector3, axis2: Vector3, axis3: Vector3, ref: Quaternion
    ) -> Quaternion:
        """Store the quaternion of the frame ``(axis1, axis2, axis3)`` in ``ref``."""
        a1 = axis1.normalizeToRef(Vector3())
        a2 = axis2.normalizeToRef(Vector3())
        a3 = axis3.normalizeToRef(Vector3())
        return _quaternion_from_f32_rows(a1, a2, a3, ref)

    @staticmethod
    def FromLookDirectionLH(forward: IVector3Like, up: IVector3Like) -> Quaternion:
        """Rotation looking along ``forward`` with ``up`` (left-handed)."""
        quat = Quaternion()
        Quaternion.FromLookDirectionLHToRef(forward, up, quat)
        return quat

    @staticmethod
    def FromLookDirectionLHToRef(
        forward: IVector3Like, up: IVector3Like, ref: Quaternion
    ) -> Quaternion:
        """Store the left-handed look rotation in ``ref``."""
        right = Vector3.Cross(up, forward)
        return _quaternion_from_f32_rows(right, up, forward, ref)

    @staticmethod
    def FromLookDirectionRH(forward: IVector3Like, up: IVector3Like) -> Quaternion:
        """Rotation looking along ``forward`` with ``up`` (right-handed)."""
        quat = Quaternion()
        Quaternion.FromLookDirectionRHToRef(forward, up, quat)
        return quat

    @staticmethod
    def FromLookDirectionRHToRef(
        forward: IVector3Like, up: IVector3Like, ref: Quaternion
    ) -> Quaternion:
        """Store the right-handed look rotation in ``ref``."""
        back = Vector3().copyFrom(forward).scaleInPlace(-1)
        left = Vector3.Cross(up, back)
        return _quaternion_from_f32_rows(left, up, back, ref)

    @staticmethod
    def Slerp(left: IVector4Like, right: IVector4Like, amount: float) -> Quaternion:
        """Spherical interpolation along the short arc (Babylon.js algorithm)."""
        result = Quaternion.Identity()
        Quaternion.SlerpToRef(left, right, amount, result)
        return result

    @staticmethod
    def SlerpToRef(
        left: IVector4Like, right: IVector4Like, amount: float, result: Quaternion
    ) -> Quaternion:
        """Store the slerp of ``left`` and ``right`` at ``amount`` in ``result``.

        The dot product is made non-negative (short arc). Above ``SLERP_LERP_THRESHOLD``
        (0.999999) Babylon.js falls back to a plain lerp WITHOUT renormalising; ``amount`` is
        not clamped.
        """
        dot = left.x * right.x + left.y * right.y + left.z * right.z + left.w * right.w
        flip = False
        if dot < 0:
            flip = True
            dot = -dot
        if dot > SLERP_LERP_THRESHOLD:
            s_left = 1 - amount
            s_right = -amount if flip else amount
        else:
            omega = math.acos(dot)
            inv_sin = js_div(1.0, math.sin(omega))
            s_left = js_sin((1.0 - amount) * omega) * inv_sin
            s_right = (
                -js_sin(amount * omega) * inv_sin if flip else js_sin(amount * omega) * inv_sin
            )
        result.x = s_left * left.x + s_right * right.x
        result.y = s_left * left.y + s_right * right.y
        result.z = s_left * left.z + s_right * right.z
        result.w = s_left * left.w + s_right * right.w
        return result

    @staticmethod
    def Hermite(
        value1: IVector4Like,
        tangent1: IVector4Like,
        value2: IVector4Like,
        tangent2: IVector4Like,
        amount: float,
    ) -> Quaternion:
        """Component-wise cubic Hermite interpolation (not renormalised)."""
        p1, p2, p3, p4 = hermite_parts(amount)
        x = value1.x * p1 + value2.x * p2 + tangent1.x * p3 + tangent2.x * p4
        y = value1.y * p1 + value2.y * p2 + tangent1.y * p3 + tangent2.y * p4
        z = value1.z * p1 + value2.z * p2 + tangent1.z * p3 + tangent2.z * p4
        w = value1.w * p1 + value2.w * p2 + tangent1.w * p3 + tangent2.w * p4
        return Quaternion(x, y, z, w)

    @staticmethod
    def Hermite1stDerivative(
        value1: IVector4Like,
        tangent1: IVector4Like,
        value2: IVector4Like,
        tangent2: IVector4Like,
        time: float,
    ) -> Quaternion:
        """First derivative of the Hermite spline at ``time``."""
        result = Quaternion()
        Quaternion.Hermite1stDerivativeToRef(value1, tangent1, value2, tangent2, time, result)
        return result

    @staticmethod
    def Hermite1stDerivativeToRef(
        value1: IVector4Like,
        tangent1: IVector4Like,
        value2: IVector4Like,
        tangent2: IVector4Like,
        time: float,
        result: Quaternion,
    ) -> Quaternion:
        """Store the Hermite first derivative at ``time`` in ``result``."""
        result.x = hermite_d1(value1.x, tangent1.x, value2.x, tangent2.x, time)
        result.y = hermite_d1(value1.y, tangent1.y, value2.y, tangent2.y, time)
        result.z = hermite_d1(value1.z, tangent1.z, value2.z, tangent2.z, time)
        result.w = hermite_d1(value1.w, tangent1.w, value2.w, tangent2.w, time)
        return result

    @staticmethod
    def Normalize(quat: Quaternion) -> Quaternion:
        """Return a normalised copy of ``quat``."""
        result = Quaternion.Zero()
        Quaternion.NormalizeToRef(quat, result)
        return result

    @staticmethod
    def NormalizeToRef(quat: Quaternion, result: Quaternion) -> Quaternion:
        """Store the normalised ``quat`` in ``result``."""
        quat.normalizeToRef(result)
        return result

    @staticmethod
    def Clamp(value: IVector4Like, min: IVector4Like, max: IVector4Like) -> Quaternion:
        """Return ``value`` clamped component-wise."""
        result = Quaternion()
        Quaternion.ClampToRef(value, min, max, result)
        return result

    @staticmethod
    def ClampToRef(
        value: IVector4Like, min: IVector4Like, max: IVector4Like, result: Quaternion
    ) -> Quaternion:
        """Store ``value`` clamped component-wise in ``result``."""
        return result.copyFromFloats(
            clamp(value.x, min.x, max.x),
            clamp(value.y, min.y, max.y),
            clamp(value.z, min.z, max.z),
            clamp(value.w, min.w, max.w),
        )

    @staticmethod
    def Random(min: float = 0, max: float = 1) -> Quaternion:
        """Components uniformly random in ``[min, max)`` (not reproducible, not unit)."""
        return Quaternion(
            random_range(min, max),
            random_range(min, max),
            random_range(min, max),
            random_range(min, max),
        )

    @staticmethod
    def RandomToRef(min: float = 0, max: float = 1, ref: Quaternion | None = None) -> Quaternion:
        """Set ``ref`` to random components in ``[min, max)``."""
        target = ref if ref is not None else Quaternion()
        return target.copyFromFloats(
            random_range(min, max),
            random_range(min, max),
            random_range(min, max),
            random_range(min, max),
        )

    @staticmethod
    def Minimize(*_args: object) -> Quaternion:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Quaternion.Minimize does not make sense")

    @staticmethod
    def Maximize(*_args: object) -> Quaternion:
        """Not defined: raises like Babylon.js."""
        raise reference_error("Quaternion.Maximize does not make sense")

    @staticmethod
    def Distance(value1: IVector4Like, value2: IVector4Like) -> float:
        """Euclidean distance between the 4D points."""
        return math.sqrt(Quaternion.DistanceSquared(value1, value2))

    @staticmethod
    def DistanceSquared(value1: IVector4Like, value2: IVector4Like) -> float:
        """Squared 4D distance."""
        x = value1.x - value2.x
        y = value1.y - value2.y
        z = value1.z - value2.z
        w = value1.w - value2.w
        return x * x + y * y + z * z + w * w

    @staticmethod
    def Center(value1: IVector4Like, value2: IVector4Like) -> Quaternion:
        """Component-wise midpoint."""
        return Quaternion.CenterToRef(value1, value2, Quaternion.Zero())

    @staticmethod
    def CenterToRef(value1: IVector4Like, value2: IVector4Like, ref: Quaternion) -> Quaternion:
        """Store the component-wise midpoint in ``ref``."""
        return ref.copyFromFloats(
            (value1.x + value2.x) / 2,
            (value1.y + value2.y) / 2,
            (value1.z + value2.z) / 2,
            (value1.w + value2.w) / 2,
        )


class AxisAngle(NamedTuple):
    """Result of ``Quaternion.toAxisAngle`` (``{axis, angle}`` in Babylon.js)."""

    axis: Vector3
    angle: float


# --------------------------------------------------------------------------------------------
# Matrix
# --------------------------------------------------------------------------------------------


class ScalingNodeLike(Protocol):
    """A node with ``scaling`` and ``absoluteScaling`` (what ``Matrix.decompose`` reads)."""

    scaling: Vector3
    absoluteScaling: Vector3


class TransformNodeLike(Protocol):
    """A node with ``position``, ``rotationQuaternion`` and ``scaling``."""

    scaling: Vector3
    rotationQuaternion: Quaternion | None
    position: Vector3


def _store16(target: MutableSequence[float], offset: int, values: Sequence[float]) -> None:
    """Write 16 numbers into ``target`` at ``offset`` (rounding when ``target`` is float32)."""
    if (
        offset == 0
        and isinstance(target, _array.array)
        and target.typecode == "f"
        and len(target) == 16
    ):
        target[:] = _array.array("f", values)
    else:
        write_array(target, offset, values)


def _invert_values(m: Sequence[float]) -> tuple[float, ...] | None:
    """Inverse of the 4x4 ``m`` by cofactors (InvertMatrixToArray); ``None`` when singular."""
    m00, m01, m02, m03 = m[0], m[1], m[2], m[3]
    m10, m11, m12, m13 = m[4], m[5], m[6], m[7]
    m20, m21, m22, m23 = m[8], m[9], m[10], m[11]
    m30, m31, m32, m33 = m[12], m[13], m[14], m[15]
    det_22_33 = m22 * m33 - m32 * m23
    det_21_33 = m21 * m33 - m31 * m23
    det_21_32 = m21 * m32 - m31 * m22
    det_20_33 = m20 * m33 - m30 * m23
    det_20_32 = m20 * m32 - m22 * m30
    det_20_31 = m20 * m31 - m30 * m21
    cofact_00 = +(m11 * det_22_33 - m12 * det_21_33 + m13 * det_21_32)
    cofact_01 = -(m10 * det_22_33 - m12 * det_20_33 + m13 * det_20_32)
    cofact_02 = +(m10 * det_21_33 - m11 * det_20_33 + m13 * det_20_31)
    cofact_03 = -(m10 * det_21_32 - m11 * det_20_32 + m12 * det_20_31)
    det = m00 * cofact_00 + m01 * cofact_01 + m02 * cofact_02 + m03 * cofact_03
    if det == 0:
        return None
    det_inv = 1 / det
    det_12_33 = m12 * m33 - m32 * m13
    det_11_33 = m11 * m33 - m31 * m13
    det_11_32 = m11 * m32 - m31 * m12
    det_10_33 = m10 * m33 - m30 * m13
    det_10_32 = m10 * m32 - m30 * m12
    det_10_31 = m10 * m31 - m30 * m11
    det_12_23 = m12 * m23 - m22 * m13
    det_11_23 = m11 * m23 - m21 * m13
    det_11_22 = m11 * m22 - m21 * m12
    det_10_23 = m10 * m23 - m20 * m13
    det_10_22 = m10 * m22 - m20 * m12
    det_10_21 = m10 * m21 - m20 * m11
    cofact_10 = -(m01 * det_22_33 - m02 * det_21_33 + m03 * det_21_32)
    cofact_11 = +(m00 * det_22_33 - m02 * det_20_33 + m03 * det_20_32)
    cofact_12 = -(m00 * det_21_33 - m01 * det_20_33 + m03 * det_20_31)
    cofact_13 = +(m00 * det_21_32 - m01 * det_20_32 + m02 * det_20_31)
    cofact_20 = +(m01 * det_12_33 - m02 * det_11_33 + m03 * det_11_32)
    cofact_21 = -(m00 * det_12_33 - m02 * det_10_33 + m03 * det_10_32)
    cofact_22 = +(m00 * det_11_33 - m01 * det_10_33 + m03 * det_10_31)
    cofact_23 = -(m00 * det_11_32 - m01 * det_10_32 + m02 * det_10_31)
    cofact_30 = -(m01 * det_12_23 - m02 * det_11_23 + m03 * det_11_22)
    cofact_31 = +(m00 * det_12_23 - m02 * det_10_23 + m03 * det_10_22)
    cofact_32 = -(m00 * det_11_23 - m01 * det_10_23 + m03 * det_10_21)
    cofact_33 = +(m00 * det_11_22 - m01 * det_10_22 + m02 * det_10_21)
    return (
        cofact_00 * det_inv,
        cofact_10 * det_inv,
        cofact_20 * det_inv,
        cofact_30 * det_inv,
        cofact_01 * det_inv,
        cofact_11 * det_inv,
        cofact_21 * det_inv,
        cofact_31 * det_inv,
        cofact_02 * det_inv,
        cofact_12 * det_inv,
        cofact_22 * det_inv,
        cofact_32 * det_inv,
        cofact_03 * det_inv,
        cofact_13 * det_inv,
        cofact_23 * det_inv,
        cofact_33 * det_inv,
    )


def _multiply_values(m: Sequence[float], o: Sequence[float]) -> tuple[float, ...]:
    """Row-vector product ``m * o`` of two 16-number matrices (MultiplyMatricesToArray)."""
    tm0, tm1, tm2, tm3, tm4, tm5, tm6, tm7 = m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7]
    tm8, tm9, tm10, tm11 = m[8], m[9], m[10], m[11]
    tm12, tm13, tm14, tm15 = m[12], m[13], m[14], m[15]
    om0, om1, om2, om3, om4, om5, om6, om7 = o[0], o[1], o[2], o[3], o[4], o[5], o[6], o[7]
    om8, om9, om10, om11 = o[8], o[9], o[10], o[11]
    om12, om13, om14, om15 = o[12], o[13], o[14], o[15]
    return (
        tm0 * om0 + tm1 * om4 + tm2 * om8 + tm3 * om12,
        tm0 * om1 + tm1 * om5 + tm2 * om9 + tm3 * om13,
        tm0 * om2 + tm1 * om6 + tm2 * om10 + tm3 * om14,
        tm0 * om3 + tm1 * om7 + tm2 * om11 + tm3 * om15,
        tm4 * om0 + tm5 * om4 + tm6 * om8 + tm7 * om12,
        tm4 * om1 + tm5 * om5 + tm6 * om9 + tm7 * om13,
        tm4 * om2 + tm5 * om6 + tm6 * om10 + tm7 * om14,
        tm4 * om3 + tm5 * om7 + tm6 * om11 + tm7 * om15,
        tm8 * om0 + tm9 * om4 + tm10 * om8 + tm11 * om12,
        tm8 * om1 + tm9 * om5 + tm10 * om9 + tm11 * om13,
        tm8 * om2 + tm9 * om6 + tm10 * om10 + tm11 * om14,
        tm8 * om3 + tm9 * om7 + tm10 * om11 + tm11 * om15,
        tm12 * om0 + tm13 * om4 + tm14 * om8 + tm15 * om12,
        tm12 * om1 + tm13 * om5 + tm14 * om9 + tm15 * om13,
        tm12 * om2 + tm13 * om6 + tm14 * om10 + tm15 * om14,
        tm12 * om3 + tm13 * om7 + tm14 * om11 + tm15 * om15,
    )


class Matrix(MatrixReflection):
    """A 4x4 matrix stored as 16 float32 numbers (``BABYLON.Matrix``).

    Babylon.js uses row vectors: ``m[12], m[13], m[14]`` hold the translation, and
    ``a.multiply(b)`` applies ``a`` first, then ``b``. Storage is an ``array.array("f")``
    exposed as :attr:`m`, so every write rounds to float32 exactly like Babylon's default
    ``Float32Array`` storage, and every read gives a double.

    Babylon.js caches "is identity" flags; they are kept here because several methods take
    shortcuts on them (``multiplyToRef``, ``invertToRef``, ``decompose``, ``determinant``,
    ``equals``). A matrix built by ``Identity()`` whose storage is then written directly through
    ``m[...] = v`` keeps its identity flag, exactly as in Babylon.js.

    Examples
    --------
    >>> Matrix.FromValues(*([0.1] * 16)).m[0]
    0.10000000149011612
    """

    __slots__ = (
        "_isIdentity",
        "_isIdentity3x2",
        "_isIdentity3x2Dirty",
        "_isIdentityDirty",
        "_m",
        "updateFlag",
    )

    #: Babylon.js ``PerformanceConfigurator.MatrixUse64Bits``; this port always uses float32.
    Use64Bits: ClassVar[bool] = False
    IdentityReadOnly: ClassVar[Matrix]

    def __init__(self) -> None:
        self._m: _array.array[float] = _array.array("f", _ZERO_BYTES16)
        self.updateFlag = -1
        self._isIdentity = False
        self._isIdentityDirty = True
        self._isIdentity3x2 = True
        self._isIdentity3x2Dirty = True
        self.markAsUpdated()

    def __repr__(self) -> str:
        return f"Matrix.FromArray({list(self._m)!r})"

    def __str__(self) -> str:
        return self.toString()

    @property
    def m(self) -> _array.array[float]:
        """The 16 numbers (a mutable float32 ``array.array``, like Babylon's Float32Array)."""
        return self._m

    def markAsUpdated(self) -> None:
        """Bump ``updateFlag`` and invalidate the identity caches."""
        self.updateFlag = next(_update_flags)
        self._isIdentity = False
        self._isIdentity3x2 = False
        self._isIdentityDirty = True
        self._isIdentity3x2Dirty = True

    def _updateIdentityStatus(
        self,
        isIdentity: bool,
        isIdentityDirty: bool = False,
        isIdentity3x2: bool = False,
        isIdentity3x2Dirty: bool = True,
    ) -> None:
        self._isIdentity = isIdentity
        self._isIdentity3x2 = isIdentity or isIdentity3x2
        self._isIdentityDirty = False if self._isIdentity else isIdentityDirty
        self._isIdentity3x2Dirty = False if self._isIdentity3x2 else isIdentity3x2Dirty

    def _set(self, values: Sequence[float]) -> None:
        self._m[:] = _array.array("f", values)
        self.markAsUpdated()

    def isIdentity(self) -> bool:
        """Whether the matrix is the identity (cached until the next update)."""
        if self._isIdentityDirty:
            self._isIdentityDirty = False
            self._isIdentity = tuple(self._m) == _IDENTITY16
        return self._isIdentity

    def isIdentityAs3x2(self) -> bool:
        """Whether the matrix is the identity as a 3x2 (2D) transform."""
        if self._isIdentity3x2Dirty:
            self._isIdentity3x2Dirty = False
            m = self._m
            if m[0] != 1.0 or m[5] != 1.0 or m[15] != 1.0:
                self._isIdentity3x2 = False
            else:
                self._isIdentity3x2 = all(
                    m[i] == 0.0 for i in (1, 2, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13, 14)
                )
        return self._isIdentity3x2

    def determinant(self) -> float:
        """Determinant (1 without computing when the identity flag is set)."""
        if self._isIdentity is True:
            return 1
        m = self._m
        m00, m01, m02, m03 = m[0], m[1], m[2], m[3]
        m10, m11, m12, m13 = m[4], m[5], m[6], m[7]
        m20, m21, m22, m23 = m[8], m[9], m[10], m[11]
        m30, m31, m32, m33 = m[12], m[13], m[14], m[15]
        det_22_33 = m22 * m33 - m32 * m23
        det_21_33 = m21 * m33 - m31 * m23
        det_21_32 = m21 * m32 - m31 * m22
        det_20_33 = m20 * m33 - m30 * m23
        det_20_32 = m20 * m32 - m22 * m30
        det_20_31 = m20 * m31 - m30 * m21
        cofact_00 = +(m11 * det_22_33 - m12 * det_21_33 + m13 * det_21_32)
        cofact_01 = -(m10 * det_22_33 - m12 * det_20_33 + m13 * det_20_32)
        cofact_02 = +(m10 * det_21_33 - m11 * det_20_33 + m13 * det_20_31)
        cofact_03 = -(m10 * det_21_32 - m11 * det_20_32 + m12 * det_20_31)
        return m00 * cofact_00 + m01 * cofact_01 + m02 * cofact_02 + m03 * cofact_03

    def toString(self) -> str:
        """The 16 numbers, four per line, with JS number formatting."""
        s = [js_str(v) for v in self._m]
        return (
            f"{{{s[0]}, {s[1]}, {s[2]}, {s[3]}\n{s[4]}, {s[5]}, {s[6]}, {s[7]}\n"
            f"{s[8]}, {s[9]}, {s[10]}, {s[11]}\n{s[12]}, {s[13]}, {s[14]}, {s[15]}}}"
        )

    @overload
    def toArray(self) -> _array.array[float]: ...

    @overload
    def toArray(self, array: None = None, index: int = 0) -> _array.array[float]: ...

    @overload
    def toArray(self, array: MutableSequence[float], index: int = 0) -> Matrix: ...

    def toArray(
        self, array: MutableSequence[float] | None = None, index: int = 0
    ) -> _array.array[float] | Matrix:
        """Return the storage, or copy the 16 numbers into ``array`` at ``index``."""
        if array is None:
            return self._m
        write_array(array, index, self._m)
        return self

    def asArray(self) -> _array.array[float]:
        """Return the storage (not a copy)."""
        return self._m

    def fromArray(self, array: Sequence[float], index: int = 0) -> Self:
        """Read the 16 numbers from ``array`` at ``index``."""
        Matrix.FromArrayToRef(array, index, self)
        return self

    def copyFromFloats(self, *floats: float) -> Self:
        """Set the 16 numbers."""
        Matrix.FromArrayToRef(floats, 0, self)
        return self

    def set(self, *values: float) -> Self:
        """Set the 16 numbers."""
        self._set([values[i] for i in range(16)])
        return self

    def setAll(self, value: float) -> Self:
        """Set every number to ``value``."""
        self._set([value] * 16)
        return self

    def invert(self) -> Self:
        """Invert in place (a singular matrix is left unchanged)."""
        self.invertToRef(self)
        return self

    def reset(self) -> Self:
        """Set every number to 0."""
        self._set([0.0] * 16)
        self._updateIdentityStatus(False)
        return self

    def add(self, other: Matrix) -> Matrix:
        """Return the element-wise sum."""
        result = Matrix()
        self.addToRef(other, result)
        return result

    def addToRef(self, other: Matrix, result: Matrix) -> Matrix:
        """Store the element-wise sum in ``result``."""
        m, o = self._m, other._m
        result._set([m[i] + o[i] for i in range(16)])
        return result

    def addToSelf(self, other: Matrix) -> Self:
        """Element-wise ``self += other``."""
        return self.addInPlace(other)

    def addInPlace(self, other: Matrix) -> Self:
        """Element-wise ``self += other``."""
        m, o = self._m, other._m
        self._set([m[i] + o[i] for i in range(16)])
        return self

    def addInPlaceFromFloats(self, *floats: float) -> Self:
        """Element-wise ``self += floats``."""
        m = self._m
        self._set([m[i] + floats[i] for i in range(16)])
        return self

    def subtract(self, other: Matrix) -> Self:
        """Element-wise ``self -= other`` (Babylon.js modifies ``self`` and returns it)."""
        return self.subtractInPlace(other)

    def subtractToRef(self, other: Matrix, result: Matrix) -> Matrix:
        """Store the element-wise difference in ``result``."""
        m, o = self._m, other._m
        result._set([m[i] - o[i] for i in range(16)])
        return result

    def subtractInPlace(self, other: Matrix) -> Self:
        """Element-wise ``self -= other``."""
        m, o = self._m, other._m
        self._set([m[i] - o[i] for i in range(16)])
        return self

    def subtractFromFloats(self, *floats: float) -> Matrix:
        """Return ``self - floats`` element-wise."""
        return self.subtractFromFloatsToRef(*floats, Matrix())

    def subtractFromFloatsToRef(self, *args: float | Matrix) -> Matrix:
        """``subtractFromFloatsToRef(f0, ..., f15, result)``."""
        result = cast(Matrix, args[-1])
        values = cast("tuple[float, ...]", args[:-1])
        m = self._m
        result._set([m[i] - values[i] for i in range(16)])
        return result

    def invertToRef(self, other: Matrix) -> Matrix:
        """Store the inverse in ``other``; a singular matrix is copied unchanged instead."""
        if self._isIdentity is True:
            Matrix.IdentityToRef(other)
            return other
        values = _invert_values(self._m)
        if values is not None:
            other._set(values)
        else:
            other.copyFrom(self)
        return other

    def addAtIndex(self, index: int, value: float) -> Self:
        """``m[index] += value``."""
        self._m[index] += value
        self.markAsUpdated()
        return self

    def multiplyAtIndex(self, index: int, value: float) -> Self:
        """``m[index] *= value``."""
        self._m[index] *= value
        self.markAsUpdated()
        return self

    def setTranslationFromFloats(self, x: float, y: float, z: float) -> Self:
        """Set ``m[12..14]``."""
        self._m[12] = x
        self._m[13] = y
        self._m[14] = z
        self.markAsUpdated()
        return self

    def addTranslationFromFloats(self, x: float, y: float, z: float) -> Self:
        """Add to ``m[12..14]``."""
        self._m[12] += x
        self._m[13] += y
        self._m[14] += z
        self.markAsUpdated()
        return self

    def setTranslation(self, vector3: IVector3Like) -> Self:
        """Set the translation part."""
        return self.setTranslationFromFloats(vector3.x, vector3.y, vector3.z)

    def getTranslation(self) -> Vector3:
        """Return the translation part."""
        return Vector3(self._m[12], self._m[13], self._m[14])

    def getTranslationToRef(self, result: Vector3) -> Vector3:
        """Store the translation part in ``result``."""
        result.x = self._m[12]
        result.y = self._m[13]
        result.z = self._m[14]
        return result

    def removeRotationAndScaling(self) -> Self:
        """Keep only the translation (and ``m[15]``)."""
        m = self._m
        Matrix.FromValuesToRef(
            1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0,
            m[12], m[13], m[14], m[15], self,
        )  # fmt: skip
        self._updateIdentityStatus(m[12] == 0 and m[13] == 0 and m[14] == 0 and m[15] == 1)
        return self

    def copyFrom(self, other: Matrix) -> Self:
        """Copy the numbers and the identity caches of ``other``."""
        self._m[:] = other._m
        self.updateFlag = other.updateFlag
        self._updateIdentityStatus(
            other._isIdentity,
            other._isIdentityDirty,
            other._isIdentity3x2,
            other._isIdentity3x2Dirty,
        )
        return self

    def copyToArray(self, array: MutableSequence[float], offset: int = 0) -> Self:
        """Copy the 16 numbers into ``array`` at ``offset``."""
        _store16(array, offset, self._m)
        return self

    def multiply(self, other: Matrix) -> Matrix:
        """Return ``self * other`` (apply ``self`` first, then ``other``)."""
        result = Matrix()
        self.multiplyToRef(other, result)
        return result

    def multiplyInPlace(self, other: Matrix) -> Self:
        """ELEMENT-WISE ``self *= other`` (this is what Babylon.js does)."""
        m, o = self._m, other._m
        self._set([m[i] * o[i] for i in range(16)])
        return self

    def multiplyByFloats(self, *floats: float) -> Self:
        """Element-wise ``self *= floats``."""
        m = self._m
        self._set([m[i] * floats[i] for i in range(16)])
        return self

    def multiplyByFloatsToRef(self, *args: float | Matrix) -> Matrix:
        """``multiplyByFloatsToRef(f0, ..., f15, result)``: element-wise product."""
        result = cast(Matrix, args[-1])
        values = cast("tuple[float, ...]", args[:-1])
        m = self._m
        result._set([m[i] * values[i] for i in range(16)])
        return result

    def multiplyToRef(self, other: Matrix, result: Matrix) -> Matrix:
        """Store ``self * other`` in ``result`` (identity flags short-cut, as in Babylon.js)."""
        if self._isIdentity:
            result.copyFrom(other)
            return result
        if other._isIdentity:
            result.copyFrom(self)
            return result
        self.multiplyToArray(other, result._m, 0)
        result.markAsUpdated()
        return result

    def multiplyToArray(self, other: Matrix, result: MutableSequence[float], offset: int) -> Self:
        """Write ``self * other`` into ``result`` at ``offset``."""
        _store16(result, offset, _multiply_values(self._m, other._m))
        return self

    def divide(self, other: Matrix) -> Matrix:
        """Return the element-wise quotient."""
        return self.divideToRef(other, Matrix())

    def divideToRef(self, other: Matrix, result: Matrix) -> Matrix:
        """Store the element-wise quotient in ``result``."""
        m, o = self._m, other._m
        result._set([js_div(m[i], o[i]) for i in range(16)])
        return result

    def divideInPlace(self, other: Matrix) -> Self:
        """Element-wise ``self /= other``."""
        self.divideToRef(other, self)
        return self

    def minimizeInPlace(self, other: Matrix) -> Self:
        """Element-wise minimum (``Math.min``)."""
        m, o = self._m, other._m
        self._set([js_min(m[i], o[i]) for i in range(16)])
        return self

    def minimizeInPlaceFromFloats(self, *floats: float) -> Self:
        """Element-wise minimum with ``floats``."""
        m = self._m
        self._set([js_min(m[i], floats[i]) for i in range(16)])
        return self

    def maximizeInPlace(self, other: Matrix) -> Self:
        """Element-wise maximum (``Math.max``)."""
        m, o = self._m, other._m
        self._set([js_max(m[i], o[i]) for i in range(16)])
        return self

    def maximizeInPlaceFromFloats(self, *floats: float) -> Self:
        """Element-wise maximum with ``floats``."""
        m = self._m
        self._set([js_max(m[i], floats[i]) for i in range(16)])
        return self

    def negate(self) -> Matrix:
        """Return ``-self``."""
        return self.negateToRef(Matrix())

    def negateInPlace(self) -> Self:
        """``self = -self``."""
        self._set([-v for v in self._m])
        return self

    def negateToRef(self, result: Matrix) -> Matrix:
        """Store ``-self`` in ``result``."""
        result._set([-v for v in self._m])
        return result

    def equals(self, value: Matrix | None) -> bool:
        """Exact equality of the 16 numbers (identity flags short-cut, as in Babylon.js)."""
        other = value
        if other is None:
            return False
        if (
            (self._isIdentity or other._isIdentity)
            and not self._isIdentityDirty
            and not other._isIdentityDirty
        ):
            return self._isIdentity and other._isIdentity
        m, om = self._m, other._m
        return all(m[i] == om[i] for i in range(16))

    def equalsWithEpsilon(self, other: Matrix, epsilon: float = 0) -> bool:
        """Whether every number is within ``epsilon`` (default 0) of ``other``'s."""
        m, o = self._m, other._m
        return all(within_epsilon(m[i], o[i], epsilon) for i in range(16))

    def equalsToFloats(self, *floats: float) -> bool:
        """Exact equality with ``floats``."""
        m = self._m
        return all(m[i] == floats[i] for i in range(16))

    def floor(self) -> Matrix:
        """Return the element-wise floor."""
        return self.floorToRef(Matrix())

    def floorToRef(self, result: Matrix) -> Matrix:
        """Store the element-wise floor in ``result``."""
        result._set([js_floor(v) for v in self._m])
        return result

    def fract(self) -> Matrix:
        """Return ``self - floor(self)``."""
        return self.fractToRef(Matrix())

    def fractToRef(self, result: Matrix) -> Matrix:
        """Store ``self - floor(self)`` in ``result``."""
        result._set([v - js_floor(v) for v in self._m])
        return result

    def clone(self) -> Matrix:
        """Return a copy (identity caches included)."""
        matrix = Matrix()
        matrix.copyFrom(self)
        return matrix

    def getClassName(self) -> str:
        """Return ``"Matrix"``."""
        return "Matrix"

    def getHashCode(self) -> int:
        """Babylon's hash of the decimal digits of the 16 numbers."""
        return hash_chain([extract_as_int(v) for v in self._m])

    def decomposeToTransformNode(self, node: TransformNodeLike) -> bool:
        """Decompose into ``node.scaling``, ``node.rotationQuaternion``, ``node.position``."""
        if node.rotationQuaternion is None:
            node.rotationQuaternion = Quaternion()
        return self.decompose(node.scaling, node.rotationQuaternion, node.position)

    def decompose(
        self,
        scale: Vector3 | None = None,
        rotation: Quaternion | None = None,
        translation: Vector3 | None = None,
        preserveScalingNode: ScalingNodeLike | None = None,
        useAbsoluteScaling: bool = True,
    ) -> bool:
        """Split into scale, rotation and translation.

        A non-positive determinant is attributed to a negative Y scale (unless
        ``preserveScalingNode`` gives the signs). Returns ``False`` (rotation = identity) when a
        scale component is 0. The rotation matrix is rounded to float32 before the quaternion
        is extracted, as Babylon.js does through its Float32Array scratch matrix.
        """
        if self._isIdentity:
            if translation is not None:
                translation.setAll(0)
            if scale is not None:
                scale.setAll(1)
            if rotation is not None:
                rotation.copyFromFloats(0, 0, 0, 1)
            return True
        m = self._m
        if translation is not None:
            translation.copyFromFloats(m[12], m[13], m[14])
        if scale is None:
            scale = Vector3()
        scale.x = math.sqrt(m[0] * m[0] + m[1] * m[1] + m[2] * m[2])
        scale.y = math.sqrt(m[4] * m[4] + m[5] * m[5] + m[6] * m[6])
        scale.z = math.sqrt(m[8] * m[8] + m[9] * m[9] + m[10] * m[10])
        if preserveScalingNode is not None:
            source = (
                preserveScalingNode.absoluteScaling
                if useAbsoluteScaling
                else preserveScalingNode.scaling
            )
            scale.x *= -1 if source.x < 0 else 1
            scale.y *= -1 if source.y < 0 else 1
            scale.z *= -1 if source.z < 0 else 1
        elif self.determinant() <= 0:
            scale.y *= -1
        if scale.x == 0 or scale.y == 0 or scale.z == 0:
            if rotation is not None:
                rotation.copyFromFloats(0.0, 0.0, 0.0, 1.0)
            return False
        if rotation is not None:
            sx, sy, sz = 1 / scale.x, 1 / scale.y, 1 / scale.z
            a = _F9.unpack(
                _F9.pack(
                    m[0] * sx, m[1] * sx, m[2] * sx,
                    m[4] * sy, m[5] * sy, m[6] * sy,
                    m[8] * sz, m[9] * sz, m[10] * sz,
                )
            )  # fmt: skip
            _quaternion_from_rotation(
                a[0], a[3], a[6], a[1], a[4], a[7], a[2], a[5], a[8], rotation
            )
        return True

    def getRow(self, index: int) -> Vector4 | None:
        """Return row ``index`` (0..3) as a Vector4, or ``None`` when out of range."""
        if index < 0 or index > 3:
            return None
        i = index * 4
        return Vector4(self._m[i], self._m[i + 1], self._m[i + 2], self._m[i + 3])

    def getRowToRef(self, index: int, rowVector: Vector4) -> Vector4:
        """Store row ``index`` in ``rowVector`` (unchanged when out of range)."""
        if 0 <= index <= 3:
            i = index * 4
            rowVector.x = self._m[i]
            rowVector.y = self._m[i + 1]
            rowVector.z = self._m[i + 2]
            rowVector.w = self._m[i + 3]
        return rowVector

    def setRow(self, index: int, row: IVector4Like) -> Self:
        """Set row ``index`` from a Vector4."""
        return self.setRowFromFloats(index, row.x, row.y, row.z, row.w)

    def transpose(self) -> Matrix:
        """Return the transpose."""
        result = Matrix()
        Matrix.TransposeToRef(self, result)
        return result

    def transposeToRef(self, result: Matrix) -> Matrix:
        """Store the transpose in ``result``."""
        Matrix.TransposeToRef(self, result)
        return result

    def setRowFromFloats(self, index: int, x: float, y: float, z: float, w: float) -> Self:
        """Set row ``index`` (ignored when out of range)."""
        if index < 0 or index > 3:
            return self
        i = index * 4
        self._m[i] = x
        self._m[i + 1] = y
        self._m[i + 2] = z
        self._m[i + 3] = w
        self.markAsUpdated()
        return self

    def scale(self, scale: float) -> Matrix:
        """Return every number multiplied by ``scale``."""
        result = Matrix()
        self.scaleToRef(scale, result)
        return result

    def scaleToRef(self, scale: float, result: Matrix) -> Matrix:
        """Store every number multiplied by ``scale`` in ``result``."""
        result._set([v * scale for v in self._m])
        return result

    def scaleAndAddToRef(self, scale: float, result: Matrix) -> Matrix:
        """``result += self * scale`` element-wise."""
        m, r = self._m, result._m
        result._set([r[i] + m[i] * scale for i in range(16)])
        return result

    def scaleInPlace(self, scale: float) -> Self:
        """Multiply every number by ``scale``."""
        self._set([v * scale for v in self._m])
        return self

    def toNormalMatrix(self, ref: Matrix) -> None:
        """Store the inverse-transpose (upper 3x3 only) in ``ref``."""
        tmp = Matrix()
        self.invertToRef(tmp)
        tmp.transposeToRef(ref)
        m = ref._m
        Matrix.FromValuesToRef(
            m[0], m[1], m[2], 0.0, m[4], m[5], m[6], 0.0, m[8], m[9], m[10], 0.0,
            0.0, 0.0, 0.0, 1.0, ref,
        )  # fmt: skip

    def getRotationMatrix(self) -> Matrix:
        """Return the rotation part (scale removed)."""
        result = Matrix()
        self.getRotationMatrixToRef(result)
        return result

    def getRotationMatrixToRef(self, result: Matrix) -> Matrix:
        """Store the rotation part in ``result`` (identity when a scale component is 0)."""
        scale = Vector3()
        if not self.decompose(scale):
            Matrix.IdentityToRef(result)
            return result
        m = self._m
        sx, sy, sz = 1 / scale.x, 1 / scale.y, 1 / scale.z
        Matrix.FromValuesToRef(
            m[0] * sx, m[1] * sx, m[2] * sx, 0.0,
            m[4] * sy, m[5] * sy, m[6] * sy, 0.0,
            m[8] * sz, m[9] * sz, m[10] * sz, 0.0,
            0.0, 0.0, 0.0, 1.0, result,
        )  # fmt: skip
        return result

    def toggleModelMatrixHandInPlace(self) -> Self:
        """Convert a model matrix between left- and right-handed conventions."""
        m = self._m
        for i in (2, 6, 8, 9, 14):
            m[i] *= -1
        self.markAsUpdated()
        return self

    def toggleProjectionMatrixHandInPlace(self) -> Self:
        """Convert a projection matrix between left- and right-handed conventions."""
        m = self._m
        for i in (8, 9, 10, 11):
            m[i] *= -1
        self.markAsUpdated()
        return self

    # -- statics ------------------------------------------------------------------------------

    @staticmethod
    def FromArray(array: Sequence[float], offset: int = 0) -> Matrix:
        """Matrix of ``array[offset:offset + 16]`` (rounded to float32)."""
        result = Matrix()
        Matrix.FromArrayToRef(array, offset, result)
        return result

    @staticmethod
    def FromArrayToRef(array: Sequence[float], offset: int, result: Matrix) -> Matrix:
        """Read ``result`` from ``array`` at ``offset``."""
        result._set([float(array[i + offset]) for i in range(16)])
        return result

    @staticmethod
    def FromFloat32ArrayToRefScaled(
        array: Sequence[float], offset: int, scale: float, result: Matrix
    ) -> Matrix:
        """Read ``result`` from ``array`` at ``offset``, multiplied by ``scale``."""
        result._set([float(array[i + offset]) * scale for i in range(16)])
        return result

    @staticmethod
    def FromValuesToRef(
        initialM11: float,
        initialM12: float,
        initialM13: float,
        initialM14: float,
        initialM21: float,
        initialM22: float,
        initialM23: float,
        initialM24: float,
        initialM31: float,
        initialM32: float,
        initialM33: float,
        initialM34: float,
        initialM41: float,
        initialM42: float,
        initialM43: float,
        initialM44: float,
        result: Matrix,
    ) -> None:
        """Set ``result`` from 16 numbers (storage order)."""
        result._set(
            (
                initialM11, initialM12, initialM13, initialM14,
                initialM21, initialM22, initialM23, initialM24,
                initialM31, initialM32, initialM33, initialM34,
                initialM41, initialM42, initialM43, initialM44,
            )
        )  # fmt: skip

    @staticmethod
    def FromValues(
        initialM11: float,
        initialM12: float,
        initialM13: float,
        initialM14: float,
        initialM21: float,
        initialM22: float,
        initialM23: float,
        initialM24: float,
        initialM31: float,
        initialM32: float,
        initialM33: float,
        initialM34: float,
        initialM41: float,
        initialM42: float,
        initialM43: float,
        initialM44: float,
    ) -> Matrix:
        """Matrix of 16 numbers (storage order)."""
        result = Matrix()
        result._set(
            (
                initialM11, initialM12, initialM13, initialM14,
                initialM21, initialM22, initialM23, initialM24,
                initialM31, initialM32, initialM33, initialM34,
                initialM41, initialM42, initialM43, initialM44,
            )
        )  # fmt: skip
        return result

    @staticmethod
    def Compose(scale: IVector3Like, rotation: IVector4Like, translation: IVector3Like) -> Matrix:
        """Scale, then rotate (quaternion), then translate."""
        result = Matrix()
        Matrix.ComposeToRef(scale, rotation, translation, result)
        return result

    @staticmethod
    def ComposeToRef(
        scale: IVector3Like, rotation: IVector4Like, translation: IVector3Like, result: Matrix
    ) -> Matrix:
        """Store the composed scale-rotation-translation matrix in ``result``."""
        x, y, z, w = rotation.x, rotation.y, rotation.z, rotation.w
        x2, y2, z2 = x + x, y + y, z + z
        xx, xy, xz = x * x2, x * y2, x * z2
        yy, yz, zz = y * y2, y * z2, z * z2
        wx, wy, wz = w * x2, w * y2, w * z2
        sx, sy, sz = scale.x, scale.y, scale.z
        result._set(
            (
                (1 - (yy + zz)) * sx, (xy + wz) * sx, (xz - wy) * sx, 0,
                (xy - wz) * sy, (1 - (xx + zz)) * sy, (yz + wx) * sy, 0,
                (xz + wy) * sz, (yz - wx) * sz, (1 - (xx + yy)) * sz, 0,
                translation.x, translation.y, translation.z, 1,
            )
        )  # fmt: skip
        return result

    @staticmethod
    def Identity() -> Matrix:
        """The identity matrix (identity flag set)."""
        identity = Matrix()
        identity._set(_IDENTITY16)
        identity._updateIdentityStatus(True)
        return identity

    @staticmethod
    def IdentityToRef(result: Matrix) -> Matrix:
        """Set ``result`` to the identity (identity flag set)."""
        result._set(_IDENTITY16)
        result._updateIdentityStatus(True)
        return result

    @staticmethod
    def Zero() -> Matrix:
        """The zero matrix."""
        zero = Matrix()
        zero._set([0.0] * 16)
        zero._updateIdentityStatus(False)
        return zero

    @staticmethod
    def Invert(source: Matrix) -> Matrix:
        """Return the inverse of ``source`` (a copy of it when singular)."""
        result = Matrix()
        source.invertToRef(result)
        return result

    @staticmethod
    def RotationX(angle: float) -> Matrix:
        """Rotation of ``angle`` radians around X."""
        result = Matrix()
        Matrix.RotationXToRef(angle, result)
        return result

    @staticmethod
    def RotationXToRef(angle: float, result: Matrix) -> Matrix:
        """Store a rotation around X in ``result``."""
        s = js_sin(angle)
        c = js_cos(angle)
        result._set((1.0, 0.0, 0.0, 0.0, 0.0, c, s, 0.0, 0.0, -s, c, 0.0, 0.0, 0.0, 0.0, 1.0))
        result._updateIdentityStatus(c == 1 and s == 0)
        return result

    @staticmethod
    def RotationY(angle: float) -> Matrix:
        """Rotation of ``angle`` radians around Y."""
        result = Matrix()
        Matrix.RotationYToRef(angle, result)
        return result

    @staticmethod
    def RotationYToRef(angle: float, result: Matrix) -> Matrix:
        """Store a rotation around Y in ``result``."""
        s = js_sin(angle)
        c = js_cos(angle)
        result._set((c, 0.0, -s, 0.0, 0.0, 1.0, 0.0, 0.0, s, 0.0, c, 0.0, 0.0, 0.0, 0.0, 1.0))
        result._updateIdentityStatus(c == 1 and s == 0)
        return result

    @staticmethod
    def RotationZ(angle: float) -> Matrix:
        """Rotation of ``angle`` radians around Z."""
        result = Matrix()
        Matrix.RotationZToRef(angle, result)
        return result

    @staticmethod
    def RotationZToRef(angle: float, result: Matrix) -> Matrix:
        """Store a rotation around Z in ``result``."""
        s = js_sin(angle)
        c = js_cos(angle)
        result._set((c, s, 0.0, 0.0, -s, c, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0))
        result._updateIdentityStatus(c == 1 and s == 0)
        return result

    @staticmethod
    def RotationAxis(axis: Vector3, angle: float) -> Matrix:
        """Rotation of ``angle`` radians around ``axis`` (normalised here)."""
        result = Matrix()
        Matrix.RotationAxisToRef(axis, angle, result)
        return result

    @staticmethod
    def RotationAxisToRef(axis: Vector3, angle: float, result: Matrix) -> Matrix:
        """Store a rotation around ``axis`` in ``result``."""
        s = js_sin(-angle)
        c = js_cos(-angle)
        c1 = 1 - c
        a = axis.normalizeToRef(Vector3())
        ax, ay, az = a.x, a.y, a.z
        result._set(
            (
                ax * ax * c1 + c, ax * ay * c1 - az * s, ax * az * c1 + ay * s, 0.0,
                ay * ax * c1 + az * s, ay * ay * c1 + c, ay * az * c1 - ax * s, 0.0,
                az * ax * c1 - ay * s, az * ay * c1 + ax * s, az * az * c1 + c, 0.0,
                0.0, 0.0, 0.0, 1.0,
            )
        )  # fmt: skip
        return result

    @staticmethod
    def RotationAlignToRef(
        from_: IVector3Like, to: IVector3Like, result: Matrix, useYAxisForCoplanar: bool = False
    ) -> Matrix:
        """Store the rotation taking unit ``from_`` onto unit ``to`` in ``result``."""
        c = Vector3.Dot(to, from_)
        if c < -1 + Epsilon:
            upper: tuple[float, ...] = (
                -1, 0, 0, 0,
                0, 1 if useYAxisForCoplanar else -1, 0, 0,
                0, 0, -1 if useYAxisForCoplanar else 1, 0,
            )  # fmt: skip
        else:
            v = Vector3.Cross(to, from_)
            k = js_div(1, 1 + c)
            upper = (
                v.x * v.x * k + c, v.y * v.x * k - v.z, v.z * v.x * k + v.y, 0,
                v.x * v.y * k + v.z, v.y * v.y * k + c, v.z * v.y * k - v.x, 0,
                v.x * v.z * k - v.y, v.y * v.z * k + v.x, v.z * v.z * k + c, 0,
            )  # fmt: skip
        result._set((*upper, 0, 0, 0, 1))
        return result

    @staticmethod
    def RotationYawPitchRoll(yaw: float, pitch: float, roll: float) -> Matrix:
        """Rotation matrix of yaw (Y), pitch (X), roll (Z), through a quaternion."""
        result = Matrix()
        Matrix.RotationYawPitchRollToRef(yaw, pitch, roll, result)
        return result

    @staticmethod
    def RotationYawPitchRollToRef(yaw: float, pitch: float, roll: float, result: Matrix) -> Matrix:
        """Store the yaw-pitch-roll rotation matrix in ``result``."""
        q = Quaternion.RotationYawPitchRoll(yaw, pitch, roll)
        q.toRotationMatrix(result)
        return result

    @staticmethod
    def Scaling(x: float, y: float, z: float) -> Matrix:
        """Scaling matrix."""
        result = Matrix()
        Matrix.ScalingToRef(x, y, z, result)
        return result

    @staticmethod
    def ScalingToRef(x: float, y: float, z: float, result: Matrix) -> Matrix:
        """Store a scaling matrix in ``result``."""
        result._set((x, 0.0, 0.0, 0.0, 0.0, y, 0.0, 0.0, 0.0, 0.0, z, 0.0, 0.0, 0.0, 0.0, 1.0))
        result._updateIdentityStatus(x == 1 and y == 1 and z == 1)
        return result

    @staticmethod
    def Translation(x: float, y: float, z: float) -> Matrix:
        """Translation matrix."""
        result = Matrix()
        Matrix.TranslationToRef(x, y, z, result)
        return result

    @staticmethod
    def TranslationToRef(x: float, y: float, z: float, result: Matrix) -> Matrix:
        """Store a translation matrix in ``result``."""
        result._set((1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0, 1.0, 0.0, x, y, z, 1.0))
        result._updateIdentityStatus(x == 0 and y == 0 and z == 0)
        return result

    @staticmethod
    def Lerp(startValue: Matrix, endValue: Matrix, gradient: float) -> Matrix:
        """Element-wise ``start * (1 - gradient) + end * gradient``."""
        result = Matrix()
        Matrix.LerpToRef(startValue, endValue, gradient, result)
        return result

    @staticmethod
    def LerpToRef(startValue: Matrix, endValue: Matrix, gradient: float, result: Matrix) -> Matrix:
        """Store the element-wise lerp in ``result``."""
        s, e = startValue._m, endValue._m
        result._set([s[i] * (1.0 - gradient) + e[i] * gradient for i in range(16)])
        return result

    @staticmethod
    def DecomposeLerp(startValue: Matrix, endValue: Matrix, gradient: float) -> Matrix:
        """Decompose both, lerp scale and translation, slerp rotation, recompose."""
        result = Matrix()
        Matrix.DecomposeLerpToRef(startValue, endValue, gradient, result)
        return result

    @staticmethod
    def DecomposeLerpToRef(
        startValue: Matrix, endValue: Matrix, gradient: float, result: Matrix
    ) -> Matrix:
        """Store the decompose-lerp-recompose interpolation in ``result``."""
        start_scale, start_rotation, start_translation = Vector3(), Quaternion.Zero(), Vector3()
        startValue.decompose(start_scale, start_rotation, start_translation)
        end_scale, end_rotation, end_translation = Vector3(), Quaternion.Zero(), Vector3()
        endValue.decompose(end_scale, end_rotation, end_translation)
        result_scale = Vector3.LerpToRef(start_scale, end_scale, gradient, Vector3())
        result_rotation = Quaternion.SlerpToRef(
            start_rotation, end_rotation, gradient, Quaternion.Zero()
        )
        result_translation = Vector3.LerpToRef(
            start_translation, end_translation, gradient, Vector3()
        )
        Matrix.ComposeToRef(result_scale, result_rotation, result_translation, result)
        return result

    @staticmethod
    def _look_at(
        x_axis: Vector3, z_axis: Vector3, eye: IVector3Like, up: IVector3Like, result: Matrix
    ) -> None:
        z_axis.normalize()
        Vector3.CrossToRef(up, z_axis, x_axis)
        x_square_length = x_axis.lengthSquared()
        if x_square_length == 0:
            x_axis.x = 1.0
        else:
            x_axis.normalizeFromLength(math.sqrt(x_square_length))
        y_axis = Vector3.Cross(z_axis, x_axis)
        y_axis.normalize()
        ex = -Vector3.Dot(x_axis, eye)
        ey = -Vector3.Dot(y_axis, eye)
        ez = -Vector3.Dot(z_axis, eye)
        Matrix.FromValuesToRef(
            x_axis.x, y_axis.x, z_axis.x, 0.0,
            x_axis.y, y_axis.y, z_axis.y, 0.0,
            x_axis.z, y_axis.z, z_axis.z, 0.0,
            ex, ey, ez, 1.0, result,
        )  # fmt: skip

    @staticmethod
    def LookAtLH(eye: IVector3Like, target: Vector3, up: IVector3Like) -> Matrix:
        """Left-handed view matrix looking from ``eye`` at ``target``."""
        result = Matrix()
        Matrix.LookAtLHToRef(eye, target, up, result)
        return result

    @staticmethod
    def LookAtLHToRef(
        eye: IVector3Like, target: Vector3, up: IVector3Like, result: Matrix
    ) -> Matrix:
        """Store the left-handed view matrix in ``result``."""
        z_axis = target.subtract(eye)
        Matrix._look_at(Vector3(), z_axis, eye, up, result)
        return result

    @staticmethod
    def LookAtRH(eye: Vector3, target: IVector3Like, up: IVector3Like) -> Matrix:
        """Right-handed view matrix looking from ``eye`` at ``target``."""
        result = Matrix()
        Matrix.LookAtRHToRef(eye, target, up, result)
        return result

    @staticmethod
    def LookAtRHToRef(
        eye: Vector3, target: IVector3Like, up: IVector3Like, result: Matrix
    ) -> Matrix:
        """Store the right-handed view matrix in ``result``."""
        z_axis = eye.subtract(target)
        Matrix._look_at(Vector3(), z_axis, eye, up, result)
        return result

    @staticmethod
    def LookDirectionLH(forward: IVector3Like, up: IVector3Like) -> Matrix:
        """Rotation whose rows are ``cross(up, forward)``, ``up``, ``forward``."""
        result = Matrix()
        Matrix.LookDirectionLHToRef(forward, up, result)
        return result

    @staticmethod
    def LookDirectionLHToRef(forward: IVector3Like, up: IVector3Like, result: Matrix) -> Matrix:
        """Store the left-handed look-direction rotation in ``result``."""
        right = Vector3.Cross(up, forward)
        Matrix.FromValuesToRef(
            right.x, right.y, right.z, 0.0, up.x, up.y, up.z, 0.0,
            forward.x, forward.y, forward.z, 0.0, 0, 0, 0, 1.0, result,
        )  # fmt: skip
        return result

    @staticmethod
    def LookDirectionRH(forward: IVector3Like, up: IVector3Like) -> Matrix:
        """Rotation whose rows are ``cross(up, -forward)``, ``up``, ``-forward``."""
        result = Matrix()
        Matrix.LookDirectionRHToRef(forward, up, result)
        return result

    @staticmethod
    def LookDirectionRHToRef(forward: IVector3Like, up: IVector3Like, result: Matrix) -> Matrix:
        """Store the right-handed look-direction rotation in ``result``."""
        back = Vector3().copyFrom(forward).scaleInPlace(-1)
        left = Vector3.Cross(up, back)
        Matrix.FromValuesToRef(
            left.x, left.y, left.z, 0.0, up.x, up.y, up.z, 0.0,
            back.x, back.y, back.z, 0.0, 0, 0, 0, 1.0, result,
        )  # fmt: skip
        return result

    @staticmethod
    def OrthoLH(
        width: float, height: float, znear: float, zfar: float, halfZRange: bool = False
    ) -> Matrix:
        """Left-handed orthographic projection."""
        matrix = Matrix()
        Matrix.OrthoLHToRef(width, height, znear, zfar, matrix, halfZRange)
        return matrix

    @staticmethod
    def OrthoLHToRef(
        width: float,
        height: float,
        znear: float,
        zfar: float,
        result: Matrix,
        halfZRange: bool = False,
    ) -> Matrix:
        """Store a left-handed orthographic projection in ``result``."""
        n = znear
        f = zfar
        a = js_div(2.0, width)
        b = js_div(2.0, height)
        c = js_div(2.0, f - n)
        d = js_div(-(f + n), f - n)
        Matrix.FromValuesToRef(
            a, 0.0, 0.0, 0.0, 0.0, b, 0.0, 0.0, 0.0, 0.0, c, 0.0, 0.0, 0.0, d, 1.0, result
        )
        if halfZRange:
            result.multiplyToRef(_NDC_HALF_Z_RANGE, result)
        result._updateIdentityStatus(a == 1 and b == 1 and c == 1 and d == 0)
        return result

    @staticmethod
    def OrthoOffCenterLH(
        left: float,
        right: float,
        bottom: float,
        top: float,
        znear: float,
        zfar: float,
        halfZRange: bool = False,
    ) -> Matrix:
        """Left-handed off-centre orthographic projection."""
        matrix = Matrix()
        Matrix.OrthoOffCenterLHToRef(left, right, bottom, top, znear, zfar, matrix, halfZRange)
        return matrix

    @staticmethod
    def OrthoOffCenterLHToRef(
        left: float,
        right: float,
        bottom: float,
        top: float,
        znear: float,
        zfar: float,
        result: Matrix,
        halfZRange: bool = False,
    ) -> Matrix:
        """Store a left-handed off-centre orthographic projection in ``result``."""
        n = znear
        f = zfar
        a = js_div(2.0, right - left)
        b = js_div(2.0, top - bottom)
        c = js_div(2.0, f - n)
        d = js_div(-(f + n), f - n)
        i0 = js_div(left + right, left - right)
        i1 = js_div(top + bottom, bottom - top)
        Matrix.FromValuesToRef(
            a, 0.0, 0.0, 0.0, 0.0, b, 0.0, 0.0, 0.0, 0.0, c, 0.0, i0, i1, d, 1.0, result
        )
        if halfZRange:
            result.multiplyToRef(_NDC_HALF_Z_RANGE, result)
        result.markAsUpdated()
        return result

    @staticmethod
    def OrthoOffCenterRH(
        left: float,
        right: float,
        bottom: float,
        top: float,
        znear: float,
        zfar: float,
        halfZRange: bool = False,
    ) -> Matrix:
        """Right-handed off-centre orthographic projection."""
        matrix = Matrix()
        Matrix.OrthoOffCenterRHToRef(left, right, bottom, top, znear, zfar, matrix, halfZRange)
        return matrix

    @staticmethod
    def OrthoOffCenterRHToRef(
        left: float,
        right: float,
        bottom: float,
        top: float,
        znear: float,
        zfar: float,
        result: Matrix,
        halfZRange: bool = False,
    ) -> Matrix:
        """Store a right-handed off-centre orthographic projection in ``result``."""
        Matrix.OrthoOffCenterLHToRef(left, right, bottom, top, znear, zfar, result, halfZRange)
        # Babylon.js flips m[10] without markAsUpdated (the LH call already dirtied the caches).
        result._m[10] *= -1
        return result

    @staticmethod
    def PerspectiveLH(
        width: float,
        height: float,
        znear: float,
        zfar: float,
        halfZRange: bool = False,
        projectionPlaneTilt: float = 0,
    ) -> Matrix:
        """Left-handed perspective projection from the near-plane size."""
        matrix = Matrix()
        n = znear
        f = zfar
        a = js_div(2.0 * n, width)
        b = js_div(2.0 * n, height)
        c = js_div(f + n, f - n)
        d = js_div(-2.0 * f * n, f - n)
        rot = js_tan(projectionPlaneTilt)
        Matrix.FromValuesToRef(
            a, 0.0, 0.0, 0.0, 0.0, b, 0.0, rot, 0.0, 0.0, c, 1.0, 0.0, 0.0, d, 0.0, matrix
        )
        if halfZRange:
            matrix.multiplyToRef(_NDC_HALF_Z_RANGE, matrix)
        matrix._updateIdentityStatus(False)
        return matrix

    @staticmethod
    def PerspectiveFovLH(
        fov: float,
        aspect: float,
        znear: float,
        zfar: float,
        halfZRange: bool = False,
        projectionPlaneTilt: float = 0,
        reverseDepthBufferMode: bool = False,
    ) -> Matrix:
        """Left-handed perspective projection from a vertical field of view (radians)."""
        matrix = Matrix()
        Matrix.PerspectiveFovLHToRef(
            fov, aspect, znear, zfar, matrix, True, halfZRange, projectionPlaneTilt,
            reverseDepthBufferMode,
        )  # fmt: skip
        return matrix

    @staticmethod
    def PerspectiveFovLHToRef(
        fov: float,
        aspect: float,
        znear: float,
        zfar: float,
        result: Matrix,
        isVerticalFovFixed: bool = True,
        halfZRange: bool = False,
        projectionPlaneTilt: float = 0,
        reverseDepthBufferMode: bool = False,
    ) -> Matrix:
        """Store a left-handed perspective projection in ``result`` (``zfar = 0``: infinite)."""
        n = znear
        f = zfar
        t = js_div(1.0, js_tan(fov * 0.5))
        a = js_div(t, aspect) if isVerticalFovFixed else t
        b = t if isVerticalFovFixed else t * aspect
        if reverseDepthBufferMode and n == 0:
            c: float = -1
            d: float = 2 * f
        elif f != 0:
            c = js_div(f + n, f - n)
            d = js_div(-2.0 * f * n, f - n)
        else:
            c = 1
            d = -2 * n
        rot = js_tan(projectionPlaneTilt)
        Matrix.FromValuesToRef(
            a, 0.0, 0.0, 0.0, 0.0, b, 0.0, rot, 0.0, 0.0, c, 1.0, 0.0, 0.0, d, 0.0, result
        )
        if halfZRange:
            result.multiplyToRef(_NDC_HALF_Z_RANGE, result)
        result._updateIdentityStatus(False)
        return result

    @staticmethod
    def PerspectiveFovReverseLHToRef(
        fov: float,
        aspect: float,
        znear: float,
        zfar: float,
        result: Matrix,
        isVerticalFovFixed: bool = True,
        halfZRange: bool = False,
        projectionPlaneTilt: float = 0,
    ) -> Matrix:
        """Store a left-handed reverse-depth infinite perspective projection in ``result``."""
        t = js_div(1.0, js_tan(fov * 0.5))
        a = js_div(t, aspect) if isVerticalFovFixed else t
        b = t if isVerticalFovFixed else t * aspect
        rot = js_tan(projectionPlaneTilt)
        Matrix.FromValuesToRef(
            a, 0.0, 0.0, 0.0, 0.0, b, 0.0, rot, 0.0, 0.0, -znear, 1.0, 0.0, 0.0, 1.0, 0.0, result
        )
        if halfZRange:
            result.multiplyToRef(_NDC_HALF_Z_RANGE, result)
        result._updateIdentityStatus(False)
        return result

    @staticmethod
    def PerspectiveFovRH(
        fov: float,
        aspect: float,
        znear: float,
        zfar: float,
        halfZRange: bool = False,
        projectionPlaneTilt: float = 0,
        reverseDepthBufferMode: bool = False,
    ) -> Matrix:
        """Right-handed perspective projection from a vertical field of view (radians)."""
        matrix = Matrix()
        Matrix.PerspectiveFovRHToRef(
            fov, aspect, znear, zfar, matrix, True, halfZRange, projectionPlaneTilt,
            reverseDepthBufferMode,
        )  # fmt: skip
        return matrix

    @staticmethod
    def PerspectiveFovRHToRef(
        fov: float,
        aspect: float,
        znear: float,
        zfar: float,
        result: Matrix,
        isVerticalFovFixed: bool = True,
        halfZRange: bool = False,
        projectionPlaneTilt: float = 0,
        reverseDepthBufferMode: bool = False,
    ) -> Matrix:
        """Store a right-handed perspective projection in ``result``."""
        n = znear
        f = zfar
        t = js_div(1.0, js_tan(fov * 0.5))
        a = js_div(t, aspect) if isVerticalFovFixed else t
        b = t if isVerticalFovFixed else t * aspect
        if reverseDepthBufferMode and n == 0:
            c: float = 1
            d: float = 2 * f
        elif f != 0:
            c = js_div(-(f + n), f - n)
            d = js_div(-2 * f * n, f - n)
        else:
            c = -1
            d = -2 * n
        rot = js_tan(projectionPlaneTilt)
        Matrix.FromValuesToRef(
            a, 0.0, 0.0, 0.0, 0.0, b, 0.0, rot, 0.0, 0.0, c, -1.0, 0.0, 0.0, d, 0.0, result
        )
        if halfZRange:
            result.multiplyToRef(_NDC_HALF_Z_RANGE, result)
        result._updateIdentityStatus(False)
        return result

    @staticmethod
    def PerspectiveFovReverseRHToRef(
        fov: float,
        aspect: float,
        znear: float,
        zfar: float,
        result: Matrix,
        isVerticalFovFixed: bool = True,
        halfZRange: bool = False,
        projectionPlaneTilt: float = 0,
    ) -> Matrix:
        """Store a right-handed reverse-depth infinite perspective projection in ``result``."""
        t = js_div(1.0, js_tan(fov * 0.5))
        a = js_div(t, aspect) if isVerticalFovFixed else t
        b = t if isVerticalFovFixed else t * aspect
        rot = js_tan(projectionPlaneTilt)
        Matrix.FromValuesToRef(
            a, 0.0, 0.0, 0.0, 0.0, b, 0.0, rot, 0.0, 0.0, -znear, -1.0, 0.0, 0.0, -1.0, 0.0, result
        )
        if halfZRange:
            result.multiplyToRef(_NDC_HALF_Z_RANGE, result)
        result._updateIdentityStatus(False)
        return result

    @staticmethod
    def GetFinalMatrix(
        viewport: IViewportLike,
        world: Matrix,
        view: Matrix,
        projection: Matrix,
        zmin: float,
        zmax: float,
    ) -> Matrix:
        """``world * view * projection * viewportMatrix``."""
        cw = viewport.width
        ch = viewport.height
        cx = viewport.x
        cy = viewport.y
        viewport_matrix = Matrix.FromValues(
            cw / 2.0, 0.0, 0.0, 0.0, 0.0, -ch / 2.0, 0.0, 0.0, 0.0, 0.0, zmax - zmin, 0.0,
            cx + cw / 2.0, ch / 2.0 + cy, zmin, 1.0,
        )  # fmt: skip
        matrix = Matrix()
        world.multiplyToRef(view, matrix)
        matrix.multiplyToRef(projection, matrix)
        return matrix.multiplyToRef(viewport_matrix, matrix)

    @staticmethod
    def GetAsMatrix2x2(matrix: Matrix) -> _array.array[float]:
        """``[m0, m1, m4, m5]`` as float32."""
        m = matrix._m
        return _array.array("f", (m[0], m[1], m[4], m[5]))

    @staticmethod
    def GetAsMatrix3x3(matrix: Matrix) -> _array.array[float]:
        """The upper 3x3 as 9 float32 numbers."""
        m = matrix._m
        return _array.array("f", (m[0], m[1], m[2], m[4], m[5], m[6], m[8], m[9], m[10]))

    @staticmethod
    def Transpose(matrix: Matrix) -> Matrix:
        """Return the transpose of ``matrix``."""
        result = Matrix()
        Matrix.TransposeToRef(matrix, result)
        return result

    @staticmethod
    def TransposeToRef(matrix: Matrix, result: Matrix) -> Matrix:
        """Store the transpose of ``matrix`` in ``result`` (aliasing allowed)."""
        mm = matrix._m
        result._set(
            (
                mm[0], mm[4], mm[8], mm[12], mm[1], mm[5], mm[9], mm[13],
                mm[2], mm[6], mm[10], mm[14], mm[3], mm[7], mm[11], mm[15],
            )
        )  # fmt: skip
        # Read after markAsUpdated: when result is matrix its flags were just reset.
        result._updateIdentityStatus(matrix._isIdentity, matrix._isIdentityDirty)
        return result

    @staticmethod
    def FromXYZAxesToRef(
        xaxis: IVector3Like, yaxis: IVector3Like, zaxis: IVector3Like, result: Matrix
    ) -> Matrix:
        """Store the matrix whose first three rows are the given axes in ``result``."""
        Matrix.FromValuesToRef(
            xaxis.x, xaxis.y, xaxis.z, 0.0, yaxis.x, yaxis.y, yaxis.z, 0.0,
            zaxis.x, zaxis.y, zaxis.z, 0.0, 0.0, 0.0, 0.0, 1.0, result,
        )  # fmt: skip
        return result

    @staticmethod
    def FromQuaternionToRef(quat: IVector4Like, result: Matrix) -> Matrix:
        """Store the rotation matrix of ``quat`` in ``result``."""
        qx, qy, qz, qw = quat.x, quat.y, quat.z, quat.w
        xx = qx * qx
        yy = qy * qy
        zz = qz * qz
        xy = qx * qy
        zw = qz * qw
        zx = qz * qx
        yw = qy * qw
        yz = qy * qz
        xw = qx * qw
        result._set(
            (
                1.0 - 2.0 * (yy + zz), 2.0 * (xy + zw), 2.0 * (zx - yw), 0.0,
                2.0 * (xy - zw), 1.0 - 2.0 * (zz + xx), 2.0 * (yz + xw), 0.0,
                2.0 * (zx + yw), 2.0 * (yz - xw), 1.0 - 2.0 * (yy + xx), 0.0,
                0.0, 0.0, 0.0, 1.0,
            )
        )  # fmt: skip
        return result


_IDENTITY16: Final = (
    1.0,
    0.0,
    0.0,
    0.0,
    0.0,
    1.0,
    0.0,
    0.0,
    0.0,
    0.0,
    1.0,
    0.0,
    0.0,
    0.0,
    0.0,
    1.0,
)
Matrix.IdentityReadOnly = Matrix.Identity()
#: Babylon.js mtxConvertNDCToHalfZRange: maps clip z from [-1, 1] to [0, 1].
_NDC_HALF_Z_RANGE: Final = Matrix.FromValues(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0.5, 0, 0, 0, 0.5, 1)


# --------------------------------------------------------------------------------------------
# Scratch objects (TmpVectors, TmpColors)
# --------------------------------------------------------------------------------------------


class TmpVectors:
    """Shared scratch objects (``BABYLON.TmpVectors``); use them for short-lived temporaries."""

    Vector2: ClassVar[list[Vector2]] = [Vector2.Zero() for _ in range(3)]
    Vector3: ClassVar[list[Vector3]] = [Vector3.Zero() for _ in range(13)]
    Vector4: ClassVar[list[Vector4]] = [Vector4.Zero() for _ in range(3)]
    Quaternion: ClassVar[list[Quaternion]] = [Quaternion.Zero() for _ in range(3)]
    Matrix: ClassVar[list[Matrix]] = [Matrix.Identity() for _ in range(8)]
