"""Babylon.js 9's vector functions on plain ``{x, y, z}`` objects.

Port of ``@babylonjs/core`` 9.31 ``Maths/math.vector.functions.js``: the tree-shakable
functions that work on any object with ``x``/``y``/``z`` (``IVector3Like``), not only on
``Vector3``. They are not the ``Vector3`` statics under another name: ``Vector3NormalizeToRef``
divides by the length where ``Vector3.NormalizeToRef`` multiplies by its inverse (and copies a
unit vector unchanged), so each is ported as written. ``Vector*ToFixed`` are in
:mod:`lite_compat.scene.string_tools` (they format with ``toFixed``).
"""

from __future__ import annotations

import math
from typing import Any, TypeVar

__all__ = [
    "Vector3CopyToRef",
    "Vector3Distance",
    "Vector3DistanceSquared",
    "Vector3Dot",
    "Vector3FromFloatsToRef",
    "Vector3Length",
    "Vector3LengthSquared",
    "Vector3LerpToRef",
    "Vector3NormalizeToRef",
    "Vector3ScaleInPlace",
    "Vector3ScaleToRef",
    "Vector3SignedDistanceToPlaneFromPositionAndNormal",
    "Vector3SubtractToRef",
    "Vector4Dot",
]

_R = TypeVar("_R")


def Vector3Dot(a: Any, b: Any) -> float:
    """``a.x * b.x + a.y * b.y + a.z * b.z``."""
    return float(a.x * b.x + a.y * b.y + a.z * b.z)


def Vector3LengthSquared(vector: Any) -> float:
    """``x² + y² + z²``."""
    return float(vector.x * vector.x + vector.y * vector.y + vector.z * vector.z)


def Vector3Length(vector: Any) -> float:
    """The length of ``vector``."""
    return math.sqrt(Vector3LengthSquared(vector))


def Vector3DistanceSquared(a: Any, b: Any) -> float:
    """The squared distance from ``a`` to ``b``."""
    x = b.x - a.x
    y = b.y - a.y
    z = b.z - a.z
    return float(x * x + y * y + z * z)


def Vector3Distance(a: Any, b: Any) -> float:
    """The distance from ``a`` to ``b``."""
    return math.sqrt(Vector3DistanceSquared(a, b))


def Vector3FromFloatsToRef(x: float, y: float, z: float, result: _R) -> _R:
    """Set ``result`` to ``(x, y, z)``; returns it."""
    r: Any = result
    r.x = x
    r.y = y
    r.z = z
    return result


def Vector3ScaleToRef(a: Any, scale: float, result: _R) -> _R:
    """``result = a * scale``; returns ``result``."""
    r: Any = result
    r.x = a.x * scale
    r.y = a.y * scale
    r.z = a.z * scale
    return result


def Vector3ScaleInPlace(vector: _R, scale: float) -> _R:
    """``vector *= scale``; returns ``vector``."""
    v: Any = vector
    v.x *= scale
    v.y *= scale
    v.z *= scale
    return vector


def Vector3SubtractToRef(a: Any, b: Any, result: _R) -> _R:
    """``result = a - b``; returns ``result``."""
    r: Any = result
    r.x = a.x - b.x
    r.y = a.y - b.y
    r.z = a.z - b.z
    return result


def Vector3CopyToRef(source: Any, result: _R) -> _R:
    """Copy ``source``'s coordinates into ``result``; returns ``result``."""
    r: Any = result
    r.x = source.x
    r.y = source.y
    r.z = source.z
    return result


def Vector3LerpToRef(start: Any, end: Any, amount: float, result: _R) -> _R:
    """``result = start + (end - start) * amount``; returns ``result``."""
    r: Any = result
    r.x = start.x + (end.x - start.x) * amount
    r.y = start.y + (end.y - start.y) * amount
    r.z = start.z + (end.z - start.z) * amount
    return result


def Vector3NormalizeToRef(vector: Any, result: _R) -> _R:
    """``result = vector / |vector|`` (zero for a zero vector); returns ``result``."""
    r: Any = result
    length = Vector3Length(vector)
    if length == 0:
        r.x = 0
        r.y = 0
        r.z = 0
    else:
        r.x = vector.x / length
        r.y = vector.y / length
        r.z = vector.z / length
    return result


def Vector3SignedDistanceToPlaneFromPositionAndNormal(
    origin: Any, normal: Any, point: Any
) -> float:
    """The signed distance from ``point`` to the plane through ``origin`` with unit ``normal``."""
    return float(
        (point.x - origin.x) * normal.x
        + (point.y - origin.y) * normal.y
        + (point.z - origin.z) * normal.z
    )


def Vector4Dot(a: Any, b: Any) -> float:
    """``a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w``."""
    return float(a.x * b.x + a.y * b.y + a.z * b.z + a.w * b.w)
