"""glTF animation groups and their controller. Port of createAnimationGroups (src/animation/
animation-group.ts) and the evaluation half of createAnimationController
(src/skeleton/skeleton-updater.ts).

One :class:`~lite.animation.animation_group.AnimationGroup` per glTF clip. Its controller
(:class:`GltfController`) samples the clip's channels into the asset's shared pose
(:class:`~lite.skeleton.pose.NodePose`), morph weights and KHR_animation_pointer targets, then
resolves world matrices and the palettes of the skeletons the clip drives, and hands those to
the engine, if one was given (:class:`~lite.skeleton.skeleton_updater.GpuSink`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import numpy as np

from lite.animation.animation_group_mask import animation_group_mask_retains_target
from lite.animation.animation_tick import advance_time, clamp_time, wrap_time
from lite.animation.constants import (
    DEFAULT_FRAME_RATE,
    PATH_POINTER,
    PATH_ROTATION,
    PATH_SCALE,
    PATH_TRANSLATION,
    PATH_WEIGHTS,
)
from lite.animation.evaluate import evaluate_sampler
from lite.animation.state import AnimationGroup, TargetedAnimation
from lite.skeleton.pose import POSE_STRIDE, R_OFF, S_OFF, T_OFF, update_world_matrices
from lite.skeleton.skeleton_updater import (
    GltfAnimationData,
    as_sink,
    skeletons_affected_by,
    update_joint_matrices,
)

if TYPE_CHECKING:
    from lite.animation.animation_group_mask import AnimationGroupMask
    from lite.animation.types import AnimationClip, AnimationSampler, F32Array
    from lite.skeleton.skeleton_updater import (
        GpuSink,
        MorphBinding,
        PointerWriter,
        SkeletonBinding,
    )

__all__ = [
    "GltfController",
    "create_animation_groups",
]

_PATH_NAMES: Final = {
    PATH_TRANSLATION: "translation",
    PATH_ROTATION: "rotation",
    PATH_SCALE: "scale",
    PATH_WEIGHTS: "weights",
    PATH_POINTER: "pointer",
}

#: Placeholder for a controller's per-node mask flags until a mask applies (never written).
_NO_MASK: Final = np.zeros(0, dtype=bool)
# Channel plan kinds (compared as ints per frame).
_K_POSE: Final = 0
_K_WEIGHTS: Final = 1
_K_POINTER: Final = 2


class GltfController:
    """Evaluates one glTF clip into the shared pose (the group's controller).

    Per tick, as Babylon Lite's ``createAnimationController``: advance time (when playing),
    wrap (loop) or clamp, put the nodes this clip re-poses back to rest, sample every
    channel (skipping masked nodes), resolve world matrices and the palettes of the
    skeletons this clip drives, then upload those palettes and the written morph weights
    when an engine is known. Everything is allocated here, at bind time.
    """

    __slots__ = (
        "_affected_skeletons",
        "_engine",
        "_has_pose_channels",
        "_mask_disabled",
        "_mask_len",
        "_mask_mode",
        "_mask_names",
        "_mask_obj",
        "_masked",
        "_mask_active",
        "_morph_touched",
        "_node_names",
        "_plans",
        "_reset_where",
        "_skeletons",
        "_pose",
        "_pose_flat",
        "clip",
        "completed",
        "duration",
        "loop",
        "playing",
        "speed_ratio",
        "time",
    )

    def __init__(self, clip: AnimationClip, data: GltfAnimationData) -> None:
        self.clip = clip
        self.duration = float(clip.duration)
        self.time = 0.0
        self.playing = True
        self.speed_ratio = 1.0
        self.loop = True
        self.completed = False
        pose = data.pose
        self._pose = pose
        self._pose_flat: F32Array = pose.local.reshape(-1)
        n = pose.node_count
        morph_by_node = {m.node_idx: m for m in data.morph_bindings}
        plans: list[
            tuple[int, AnimationSampler, int, bool, F32Array, int, int, PointerWriter | None]
        ] = []
        animated: set[int] = set()
        morph_touched: list[MorphBinding] = []
        for ch in clip.channels:
            sampler = clip.samplers[ch.sampler_idx]
            path = ch.path
            if path == PATH_POINTER:
                binding = data.pointers[ch.pointer or ""]
                scratch = np.zeros(binding.arity, dtype=np.float32)
                plans.append(
                    (
                        _K_POINTER,
                        sampler,
                        binding.arity,
                        binding.quaternion,
                        scratch,
                        0,
                        -1,
                        binding.writer,
                    )
                )
            elif path == PATH_WEIGHTS:
                morph = morph_by_node[ch.node_idx]
                plans.append(
                    (
                        _K_WEIGHTS,
                        sampler,
                        morph.target_count,
                        False,
                        morph.weights,
                        0,
                        ch.node_idx,
                        None,
                    )
                )
                if morph not in morph_touched:
                    morph_touched.append(morph)
            else:
                off = (
                    T_OFF if path == PATH_TRANSLATION else R_OFF if path == PATH_ROTATION else S_OFF
                )
                plans.append(
                    (
                        _K_POSE,
                        sampler,
                        4 if path == PATH_ROTATION else 3,
                        path == PATH_ROTATION,
                        self._pose_flat,
                        ch.node_idx * POSE_STRIDE + off,
                        ch.node_idx,
                        None,
                    )
                )
                animated.add(ch.node_idx)
        self._plans = tuple(plans)
        self._has_pose_channels = bool(animated)
        self._morph_touched = tuple(morph_touched)
        affected = skeletons_affected_by(animated, data.skeletons, pose.parent)
        self._skeletons = tuple(data.skeletons[i] for i in affected)
        # Nodes put back to rest each tick: every node this clip animates (so masked ones
        # keep their rest pose) and every joint of the skeletons it re-poses (Babylon Lite
        # re-poses a whole rig from rest + this clip).
        # One flag per node, broadcast over the pose row: a clip costs n bytes here, not
        # n x POSE_STRIDE (many clips on a large node tree add up).
        reset = np.zeros((n, 1), dtype=bool)
        for i in animated:
            reset[i] = True
        for skel in self._skeletons:
            reset[skel.joint_nodes] = True
        self._reset_where = reset
        self._affected_skeletons = affected
        self._engine: GpuSink | None = None
        self._node_names = data.node_names
        # Allocated by set_mask when a mask first applies (read only while one is active).
        self._masked = _NO_MASK
        self._mask_active = False
        self._mask_obj: AnimationGroupMask | None = None
        self._mask_names: list[str] | None = None
        self._mask_len = -1
        self._mask_mode = -1
        self._mask_disabled = False

    @property
    def skeletons(self) -> tuple[SkeletonBinding, ...]:
        """The skeletons this clip re-poses and uploads."""
        return self._skeletons

    def set_mask(self, mask: AnimationGroupMask | None) -> None:
        """Resolve ``mask`` to per-node skip flags (re-resolved only when it changed).

        Like Babylon Lite, a change is detected from the mask object, its ``names`` list
        object and length, ``mode`` and ``disabled``; edit ``names`` in place at the same
        length and the old resolution stays.
        """
        if mask is None or mask.disabled:
            self._mask_active = False
            return
        names = mask.names
        mode = int(mask.mode)
        if (
            mask is self._mask_obj
            and names is self._mask_names
            and len(names) == self._mask_len
            and mode == self._mask_mode
            and not self._mask_disabled
        ):
            self._mask_active = True
            return
        self._mask_obj = mask
        self._mask_names = names
        self._mask_len = len(names)
        self._mask_mode = mode
        self._mask_disabled = mask.disabled
        masked = self._masked
        if masked.shape[0] != len(self._node_names):
            masked = self._masked = np.zeros(len(self._node_names), dtype=bool)
        for i, name in enumerate(self._node_names):
            masked[i] = not animation_group_mask_retains_target(mask, name or "")
        self._mask_active = True

    def tick(self, delta_ms: float, engine: object | None = None) -> None:
        """Advance by ``delta_ms`` (when playing), wrap or clamp, evaluate, update, upload."""
        duration = self.duration
        if duration <= 0.0:
            # Babylon Lite: zero-length clips get a no-op controller.
            return
        if engine is not None and engine is not self._engine:
            self._engine = as_sink(engine)
        if self.playing:
            self.time = advance_time(self.time, delta_ms, self.speed_ratio)
        # Babylon Lite's glTF controller loops whenever the group loops (playing or not).
        if self.loop:
            t = wrap_time(self.time, 0.0, duration)
        else:
            t = clamp_time(self.time, 0.0, duration)
        self.time = t

        pose = self._pose
        np.copyto(pose.local, pose.rest, where=self._reset_where)
        mask_active = self._mask_active
        masked = self._masked
        for kind, sampler, stride, quat, dst, off, node, writer in self._plans:
            if mask_active and node >= 0 and masked[node]:
                continue
            evaluate_sampler(sampler, t, stride, quat, dst, off)
            if kind == _K_POINTER and writer is not None:
                writer(dst)
        if self._has_pose_channels:
            update_world_matrices(pose)
            for skel in self._skeletons:
                update_joint_matrices(pose, skel)
        sink = self._engine
        if sink is not None:
            for skel in self._skeletons:
                sink.upload_skeleton(skel)
            for morph in self._morph_touched:
                if not (mask_active and masked[morph.node_idx]):
                    sink.upload_morph(morph)


def create_animation_groups(
    animation_data: GltfAnimationData, *, engine: object | None = None
) -> list[AnimationGroup]:
    """Create one :class:`~lite.animation.animation_group.AnimationGroup` per clip.

    As in Babylon Lite (and Babylon.js's default ``animationStartMode``), only the first
    group starts playing; the others are stopped until ``play_animation``. Groups are named
    after their clip, or ``animation_<i>`` when the clip has no name, and convert frames at
    the clip's frame rate (60 for glTF).

    Parameters
    ----------
    animation_data
        From :func:`lite.gltf_loader.load_gltf` (``asset.animation_data``).
    engine
        Optional GPU engine the controllers upload through even when their manager has none
        (``load_gltf(..., engine)`` passes its engine here).

    Returns
    -------
    list[AnimationGroup]
        Not attached to any manager; pass them to ``add_animation_groups``.
    """
    names = animation_data.node_names
    targets = animation_data.node_targets
    sink = as_sink(engine) if engine is not None else None
    groups: list[AnimationGroup] = []
    for index, clip in enumerate(animation_data.clips):
        ctrl = GltfController(clip, animation_data)
        ctrl._engine = sink
        started = index == 0
        targeted = tuple(
            TargetedAnimation(
                path=_PATH_NAMES[ch.path],
                target=(
                    targets[ch.node_idx]
                    if ch.node_idx >= 0 and ch.node_idx < len(targets)
                    else None
                ),
                target_name=names[ch.node_idx] if ch.node_idx >= 0 else None,
                node_index=ch.node_idx if ch.node_idx >= 0 else None,
            )
            for ch in clip.channels
        )
        group = AnimationGroup(
            name=clip.name or f"animation_{index}",
            duration=clip.duration,
            frame_rate=clip.frame_rate or DEFAULT_FRAME_RATE,
            is_playing=started,
            current_time=0.0,
            targeted_animations=targeted,
            speed_ratio=1.0,
            loop_animation=True,
            weight=1.0,
            _ctrl=ctrl,
            _stopped=not started,
        )
        group._gltf_mixer = (clip, animation_data)
        groups.append(group)
    return groups
