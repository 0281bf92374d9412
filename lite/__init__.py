"""lite: a minimal native animation runtime, the Python counterpart of Babylon Lite's animation module."""

from __future__ import annotations

from lite.constants import (
    DEFAULT_FRAME_RATE,
    INTERP_CUBICSPLINE,
    INTERP_LINEAR,
    INTERP_STEP,
    PATH_POINTER,
    PATH_ROTATION,
    PATH_SCALE,
    PATH_TRANSLATION,
    PATH_WEIGHTS,
)
from lite.errors import (
    AnimationPathError,
    AnimationStateError,
    GltfLoadError,
    KeyframeError,
    LiteError,
    LiteWarning,
    UnsupportedError,
)
from lite.evaluate import evaluate_property_sampler, evaluate_sampler, find_keyframe, quat_slerp
from lite.types import AnimationChannel, AnimationClip, AnimationSampler, NodeRest

__version__ = "0.1.0"

__all__ = [
    "DEFAULT_FRAME_RATE",
    "INTERP_CUBICSPLINE",
    "INTERP_LINEAR",
    "INTERP_STEP",
    "PATH_POINTER",
    "PATH_ROTATION",
    "PATH_SCALE",
    "PATH_TRANSLATION",
    "PATH_WEIGHTS",
    "AnimationChannel",
    "AnimationClip",
    "AnimationPathError",
    "AnimationSampler",
    "AnimationStateError",
    "GltfLoadError",
    "KeyframeError",
    "LiteError",
    "LiteWarning",
    "NodeRest",
    "UnsupportedError",
    "evaluate_property_sampler",
    "evaluate_sampler",
    "find_keyframe",
    "quat_slerp",
]
