"""lite: a minimal native animation runtime.

The Python counterpart of Babylon Lite 1.10's animation module (snake_case names). The
runtime is laid out along Babylon Lite's source folders: :mod:`lite.animation` (the core),
:mod:`lite.skeleton`, the glTF loader, :mod:`lite.batch` (batched evaluation), composed in
:mod:`lite._compose`; :mod:`lite.tools` (command line, demo, bench) is never imported here.
"""

from __future__ import annotations

from lite._compose import create_animation_manager
from lite.animation.animation_group import (
    go_to_frame,
    pause_animation,
    play_animation,
    stop_animation,
)
from lite.animation.animation_group_mask import (
    AnimationGroupMask,
    AnimationGroupMaskMode,
    animation_group_mask_retains_target,
    create_animation_group_mask,
)
from lite.animation.animation_group_task import (
    add_animation_group,
    add_animation_groups,
    get_animation_groups,
    remove_animation_group,
    set_animation_task_category_handler,
)
from lite.animation.animation_manager import (
    add_animation_task,
    clear_animation_manager,
    create_animation_task,
    remove_animation_task,
    start_animation_manager,
    stop_animation_manager,
    update_animation_manager,
)
from lite.animation.animation_weight import set_animation_weight
from lite.animation.animation_weight_fade import (
    cross_fade_animation_groups,
    fade_animation_weight,
)
from lite.animation.constants import (
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
from lite.animation.diagnostics import AnimationDiagnostic, subscribe_animation_diagnostics
from lite.animation.easing import (
    EASE_IN,
    EASE_IN_OUT,
    EASE_OUT,
    back_ease,
    bezier_curve_ease,
    bounce_ease,
    circle_ease,
    create_back_ease,
    create_bezier_curve_ease,
    create_bounce_ease,
    create_elastic_ease,
    create_exponential_ease,
    create_power_ease,
    cubic_ease,
    ease_with_mode,
    elastic_ease,
    exponential_ease,
    power_ease,
    quadratic_ease,
    quartic_ease,
    quintic_ease,
    sine_ease,
)
from lite.animation.evaluate import (
    evaluate_property_sampler,
    evaluate_sampler,
    find_keyframe,
    quat_slerp,
)
from lite.animation.property_animation import (
    PropertyAnimationTrackOptions,
    create_property_animation_clip,
    create_property_animation_group,
    write_property_track,
)
from lite.animation.property_binding import PropertyBinding, bind_property_clip
from lite.animation.state import (
    AnimationGroup,
    AnimationManager,
    AnimationTask,
    TargetedAnimation,
)
from lite.animation.target_id import derive_target_id, find_node_by_target_id, is_target_id
from lite.animation.types import (
    AnimationChannel,
    AnimationClip,
    AnimationSampler,
    NodeRest,
    PropertyAnimationClip,
    PropertyAnimationTrack,
)
from lite.animation.weighted_pointer_mixer import enable_property_animation_blending
from lite.bake import PoseSnapshot, bake_files, snapshot_pose
from lite.batch.array_targets import create_array_animation_group
from lite.batch.engine import (
    BatchEngine,
    batch_engine_of,
    disable_batched_evaluation,
    enable_batched_evaluation,
)
from lite.batch.ik_batch import solve_crowd_two_bone_ik
from lite.errors import (
    AnimationPathError,
    AnimationStateError,
    GltfLoadError,
    KeyframeError,
    LiteError,
    LiteWarning,
    UnsupportedError,
)
from lite.loader_gltf import (
    GltfAsset,
    GltfCamera,
    GltfDocument,
    GltfLight,
    GltfMaterial,
    GltfMesh,
    GltfNode,
    GltfPrimitive,
    GltfSkin,
    TextureTransform,
    instantiate,
    instantiate_many,
    load_gltf,
    read_gltf_document,
)
from lite.loader_gltf.animated_bounds import animated_bounds, skinned_positions
from lite.motion.ik import look_at, solve_two_bone_ik
from lite.motion.retarget import retarget_clip
from lite.motion.root_motion import (
    CrowdRootMotion,
    RootMotion,
    RootMotionTracker,
    disable_root_motion,
    enable_crowd_root_motion,
    enable_root_motion,
    extract_root_motion,
    strip_root_motion,
)
from lite.motion.springs import (
    SpringSettings,
    sample_spring,
    sample_spring_chain,
    spring_chain_settle_time,
    spring_settle_time,
)
from lite.skeleton.animation_controller import (
    AnimatedNodeTarget,
    create_animation_controller,
    create_animation_groups,
)
from lite.skeleton.pose import NodePose, as_column_major, as_row_major, update_world_matrices
from lite.skeleton.skeleton_updater import (
    GltfAnimationData,
    MorphBinding,
    PointerBinding,
    SkeletonBinding,
    update_joint_matrices,
)
from lite.skeleton.weighted_gltf_mixer import enable_animation_blending, set_animation_additive

__version__ = "0.1.0"

__all__ = [
    "DEFAULT_FRAME_RATE",
    "EASE_IN",
    "EASE_IN_OUT",
    "EASE_OUT",
    "INTERP_CUBICSPLINE",
    "INTERP_LINEAR",
    "INTERP_STEP",
    "PATH_POINTER",
    "PATH_ROTATION",
    "PATH_SCALE",
    "PATH_TRANSLATION",
    "PATH_WEIGHTS",
    "AnimatedNodeTarget",
    "AnimationChannel",
    "AnimationClip",
    "AnimationGroup",
    "AnimationGroupMask",
    "AnimationGroupMaskMode",
    "AnimationManager",
    "AnimationPathError",
    "AnimationSampler",
    "AnimationStateError",
    "AnimationTask",
    "BatchEngine",
    "GltfAnimationData",
    "GltfAsset",
    "GltfCamera",
    "GltfDocument",
    "GltfLight",
    "GltfLoadError",
    "GltfMaterial",
    "GltfMesh",
    "GltfNode",
    "GltfPrimitive",
    "GltfSkin",
    "KeyframeError",
    "LiteError",
    "LiteWarning",
    "MorphBinding",
    "NodePose",
    "NodeRest",
    "PointerBinding",
    "PoseSnapshot",
    "PropertyAnimationClip",
    "PropertyAnimationTrack",
    "PropertyAnimationTrackOptions",
    "PropertyBinding",
    "SkeletonBinding",
    "TargetedAnimation",
    "TextureTransform",
    "UnsupportedError",
    "add_animation_group",
    "add_animation_groups",
    "add_animation_task",
    "animation_group_mask_retains_target",
    "as_column_major",
    "as_row_major",
    "back_ease",
    "bake_files",
    "batch_engine_of",
    "bezier_curve_ease",
    "bind_property_clip",
    "bounce_ease",
    "circle_ease",
    "clear_animation_manager",
    "create_animation_controller",
    "create_animation_group_mask",
    "create_animation_groups",
    "create_animation_manager",
    "create_animation_task",
    "create_array_animation_group",
    "create_back_ease",
    "create_bezier_curve_ease",
    "create_bounce_ease",
    "create_elastic_ease",
    "create_exponential_ease",
    "create_power_ease",
    "create_property_animation_clip",
    "create_property_animation_group",
    "cross_fade_animation_groups",
    "cubic_ease",
    "disable_batched_evaluation",
    "ease_with_mode",
    "elastic_ease",
    "enable_animation_blending",
    "enable_batched_evaluation",
    "enable_property_animation_blending",
    "evaluate_property_sampler",
    "evaluate_sampler",
    "exponential_ease",
    "fade_animation_weight",
    "find_keyframe",
    "get_animation_groups",
    "go_to_frame",
    "instantiate",
    "instantiate_many",
    "load_gltf",
    "pause_animation",
    "play_animation",
    "power_ease",
    "quadratic_ease",
    "quartic_ease",
    "quat_slerp",
    "quintic_ease",
    "read_gltf_document",
    "remove_animation_group",
    "remove_animation_task",
    "set_animation_additive",
    "set_animation_task_category_handler",
    "set_animation_weight",
    "sine_ease",
    "snapshot_pose",
    "start_animation_manager",
    "stop_animation",
    "stop_animation_manager",
    "update_animation_manager",
    "update_joint_matrices",
    "update_world_matrices",
    "write_property_track",
    "CrowdRootMotion",
    "RootMotion",
    "RootMotionTracker",
    "SpringSettings",
    "disable_root_motion",
    "enable_crowd_root_motion",
    "enable_root_motion",
    "extract_root_motion",
    "strip_root_motion",
    "sample_spring",
    "sample_spring_chain",
    "spring_chain_settle_time",
    "spring_settle_time",
    "look_at",
    "solve_crowd_two_bone_ik",
    "solve_two_bone_ik",
    "retarget_clip",
    # Stable target ids, structured diagnostics, animated bounds (issue 25, forgeax).
    "AnimationDiagnostic",
    "animated_bounds",
    "derive_target_id",
    "find_node_by_target_id",
    "is_target_id",
    "skinned_positions",
    "subscribe_animation_diagnostics",
]
