"""The pose graph: caller-owned poses, blending, additive layers, blend spaces, state machines.

Not a port of Babylon Lite (which has none of these); the pose-graph layer of DriftEngine's
animation package, on lite's pose layout and manager. See docs/architecture/pose.md.
"""

from __future__ import annotations

from lite.pose.blend import add_pose, additive_pose, blend_poses
from lite.pose.blend_space import (
    BlendSpace,
    blend_space_duration,
    blend_space_weights,
    create_blend_space_1d,
    create_blend_space_2d,
    sample_blend_space,
)
from lite.pose.pose import GraphPose, apply_pose, create_pose, sample_clip
from lite.pose.state_machine import (
    StateMachine,
    StateSignal,
    create_state_machine,
    fire_state_trigger,
    set_state_parameter,
)

__all__ = [
    "BlendSpace",
    "GraphPose",
    "StateMachine",
    "StateSignal",
    "add_pose",
    "additive_pose",
    "apply_pose",
    "blend_poses",
    "blend_space_duration",
    "blend_space_weights",
    "create_blend_space_1d",
    "create_blend_space_2d",
    "create_pose",
    "create_state_machine",
    "fire_state_trigger",
    "sample_blend_space",
    "sample_clip",
    "set_state_parameter",
]
