"""Numeric constants compared in hot loops. Port of the constants in src/animation/types.ts."""

from __future__ import annotations

from typing import Final

__all__ = [
    "ANIMATION_GROUP_TASK_CATEGORY",
    "DEFAULT_FRAME_RATE",
    "INTERP_CUBICSPLINE",
    "INTERP_LINEAR",
    "INTERP_STEP",
    "PATH_POINTER",
    "PATH_ROTATION",
    "PATH_SCALE",
    "PATH_TRANSLATION",
    "PATH_WEIGHTS",
    "QUAT_NLERP_THRESHOLD",
]

INTERP_LINEAR: Final = 0
INTERP_STEP: Final = 1
INTERP_CUBICSPLINE: Final = 2

PATH_TRANSLATION: Final = 0
PATH_ROTATION: Final = 1
PATH_SCALE: Final = 2
PATH_WEIGHTS: Final = 3
#: KHR_animation_pointer channel (Babylon Lite's ``PATH_POINTER``).
PATH_POINTER: Final = 4

#: Babylon Lite 1.10 ``quatSlerp`` (src/animation/evaluate.ts): above this |dot| the two
#: quaternions are lerped and renormalised instead of slerped. Babylon.js's
#: ``Quaternion.SlerpToRef`` uses 0.999999 and does *not* renormalise; see lite_compat.
QUAT_NLERP_THRESHOLD: Final = 0.9995

#: glTF clips and property clips without an explicit rate use 60 frames per second.
DEFAULT_FRAME_RATE: Final = 60.0

#: Category of the manager tasks that tick animation groups (Babylon Lite's
#: ``ANIMATION_GROUP_TASK_CATEGORY``); the group pipeline is this category's handler.
ANIMATION_GROUP_TASK_CATEGORY: Final = "animation-group"
