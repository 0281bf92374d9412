"""Babylon.js math: constants, vectors, quaternions, matrices, colours, sizes, scalars.

Port of ``@babylonjs/core`` 9.31 ``Maths/``, one module per Babylon file:
:mod:`~lite_compat.math.constants` (``math.constants``), :mod:`~lite_compat.math.like`
(``math.like``), :mod:`~lite_compat.math.scalar` (``math.scalar``), :mod:`~lite_compat.math.size`
(``math.size``), :mod:`~lite_compat.math.color` (``math.color``),
:mod:`~lite_compat.math.vector` (``math.vector``) and :mod:`~lite_compat.math.path`
(``math.path``: Angle, Path3D, Curve3). This package re-exports the public names,
so ``from lite_compat.math import Vector3`` works.
"""

from __future__ import annotations

from lite_compat.math.color import Color3, Color4, TmpColors
from lite_compat.math.constants import (
    EULER_GIMBAL_LIMIT,
    PHI,
    SLERP_LERP_THRESHOLD,
    Epsilon,
    ToGammaSpace,
    ToLinearSpace,
)
from lite_compat.math.path import Angle, Curve3, Path3D
from lite_compat.math.scalar import Scalar
from lite_compat.math.size import Size
from lite_compat.math.vector import (
    AxisAngle,
    Matrix,
    Quaternion,
    TmpVectors,
    Vector2,
    Vector3,
    Vector4,
)

__all__ = [
    "EULER_GIMBAL_LIMIT",
    "PHI",
    "SLERP_LERP_THRESHOLD",
    "Angle",
    "AxisAngle",
    "Color3",
    "Color4",
    "Curve3",
    "Epsilon",
    "Matrix",
    "Path3D",
    "Quaternion",
    "Scalar",
    "Size",
    "TmpColors",
    "TmpVectors",
    "ToGammaSpace",
    "ToLinearSpace",
    "Vector2",
    "Vector3",
    "Vector4",
]
