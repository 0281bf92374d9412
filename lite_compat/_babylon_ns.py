"""Private aggregator of the Babylon.js-shaped names.

Use as ``import lite_compat._babylon_ns as BABYLON``.

Re-exports the animation facade (``Animation``, ``Animatable``, ``Scene``, ``NullEngine``, ...),
the easing classes, the math types and the observables, so parity scenarios can read like the
JavaScript they port until ``lite_compat/__init__.py`` re-exports these names itself
(``from lite_compat._babylon_ns import *``).
"""

from __future__ import annotations

from lite_compat.animations.animatable import Animatable
from lite_compat.animations.animation import (
    Animation,
    AnimationEvent,
    AnimationKeyInterpolation,
    AnimationRange,
    IAnimationKey,
)
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
from lite_compat.animations.runtime_animation import RuntimeAnimation
from lite_compat.math import (
    Color3,
    Color4,
    Epsilon,
    Matrix,
    Quaternion,
    Scalar,
    Size,
    TmpColors,
    TmpVectors,
    Vector2,
    Vector3,
    Vector4,
)
from lite_compat.observable import EventState, Observable, Observer
from lite_compat.scene.engine_store import EngineStore, NullEngine
from lite_compat.scene.scene import PrecisionDate, Scene

__all__ = [
    "Animatable",
    "Animation",
    "AnimationEvent",
    "AnimationKeyInterpolation",
    "AnimationRange",
    "BackEase",
    "BezierCurveEase",
    "BounceEase",
    "CircleEase",
    "Color3",
    "Color4",
    "CubicEase",
    "EasingFunction",
    "ElasticEase",
    "EngineStore",
    "Epsilon",
    "EventState",
    "ExponentialEase",
    "IAnimationKey",
    "IEasingFunction",
    "Matrix",
    "NullEngine",
    "Observable",
    "Observer",
    "PowerEase",
    "PrecisionDate",
    "QuadraticEase",
    "Quaternion",
    "QuarticEase",
    "QuinticEase",
    "RuntimeAnimation",
    "Scalar",
    "Scene",
    "SineEase",
    "Size",
    "TmpColors",
    "TmpVectors",
    "Vector2",
    "Vector3",
    "Vector4",
]
