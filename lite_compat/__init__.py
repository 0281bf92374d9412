"""lite_compat: a Babylon.js 9.31-shaped facade over ``lite``.

``import lite_compat as BABYLON`` and port a Babylon.js animation script line for line:
Babylon's class names, camelCase members, argument order, defaults and constant values.
See docs/compat.md for what changes in a port and what stays.
"""

from __future__ import annotations

from lite_compat.easing import (
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
from lite_compat.math import (
    PHI,
    Color3,
    Color4,
    Epsilon,
    Matrix,
    Quaternion,
    Scalar,
    Size,
    TmpColors,
    TmpVectors,
    ToGammaSpace,
    ToLinearSpace,
    Vector2,
    Vector3,
    Vector4,
)
from lite_compat.observable import EventState, Observable, Observer

__all__ = [
    "PHI",
    "BackEase",
    "BezierCurveEase",
    "BounceEase",
    "CircleEase",
    "Color3",
    "Color4",
    "CubicEase",
    "EasingFunction",
    "ElasticEase",
    "Epsilon",
    "EventState",
    "ExponentialEase",
    "IEasingFunction",
    "Matrix",
    "Observable",
    "Observer",
    "PowerEase",
    "QuadraticEase",
    "QuarticEase",
    "QuinticEase",
    "Quaternion",
    "Scalar",
    "SineEase",
    "Size",
    "TmpColors",
    "TmpVectors",
    "ToGammaSpace",
    "ToLinearSpace",
    "Vector2",
    "Vector3",
    "Vector4",
]
