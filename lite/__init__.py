"""lite: a minimal native animation runtime.

The Python counterpart of Babylon Lite 1.10's animation module (snake_case names).
"""

from __future__ import annotations

from lite.animation_group import (
    AnimationGroup,
    TargetedAnimation,
    go_to_frame,
    pause_animation,
    play_animation,
    stop_animation,
)
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
from lite.manager import (
    AnimationManager,
    AnimationTask,
    add_animation_group,
    add_animation_groups,
    add_animation_task,
    clear_animation_manager,
    create_animation_manager,
    create_animation_task,
    get_animation_groups,
    remove_animation_group,
    remove_animation_task,
    set_animation_task_category_handler,
    start_animation_manager,
    stop_animation_manager,
    update_animation_manager,
)
from lite.mask import (
    AnimationGroupMask,
    AnimationGroupMaskMode,
    animation_group_mask_retains_target,
    create_animation_group_mask,
)
from lite.mixers import (
    cross_fade_animation_groups,
    enable_property_animation_blending,
    fade_animation_weight,
    set_animation_weight,
)
from lite.property_animation import (
    PropertyAnimationClip,
    PropertyAnimationTrack,
    PropertyAnimationTrackOptions,
    create_property_animation_clip,
    create_property_animation_group,
)
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
    "AnimationGroup",
    "AnimationGroupMask",
    "AnimationGroupMaskMode",
    "AnimationManager",
    "AnimationTask",
    "PropertyAnimationClip",
    "PropertyAnimationTrack",
    "PropertyAnimationTrackOptions",
    "TargetedAnimation",
    "add_animation_group",
    "add_animation_groups",
    "add_animation_task",
    "animation_group_mask_retains_target",
    "clear_animation_manager",
    "create_animation_group_mask",
    "create_animation_manager",
    "create_animation_task",
    "create_property_animation_clip",
    "create_property_animation_group",
    "cross_fade_animation_groups",
    "enable_property_animation_blending",
    "fade_animation_weight",
    "get_animation_groups",
    "go_to_frame",
    "pause_animation",
    "play_animation",
    "remove_animation_group",
    "remove_animation_task",
    "set_animation_task_category_handler",
    "set_animation_weight",
    "start_animation_manager",
    "stop_animation_manager",
    "stop_animation",
    "update_animation_manager",
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
