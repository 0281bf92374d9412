"""Sample one clip of a loaded asset at a fixed rate: frame_times and bake_clip.

Not a port: Babylon Lite has no baking tool. Every frame is produced by the runtime itself
(``play_animation`` + ``go_to_frame`` on the clip's group, with looping off so the last frame
is the clip's end pose, not its start), so a baked frame equals what playback shows at that
time.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import numpy as np

from lite.animation.animation_group import go_to_frame, play_animation
from lite.animation.evaluate import evaluate_sampler
from lite.bake.types import (
    MAX_BAKE_FPS,
    MAX_BAKE_FRAMES,
    BakedClip,
    BakedMorph,
    BakedPointer,
    BakedSkin,
    FrameProgress,
    bake_error,
)
from lite.errors import listed, short_repr
from lite.loader_gltf import GltfAsset

if TYPE_CHECKING:
    from lite.animation.types import F64Array

__all__ = ["bake_clip", "find_clip_group", "frame_times"]


def frame_times(duration: float, fps: float) -> F64Array:
    """Sample times of a bake: ``i / fps`` up to and including ``duration``.

    Parameters
    ----------
    duration
        Clip length in seconds (>= 0).
    fps
        Frames per second, in ``(0, MAX_BAKE_FPS]``.

    Returns
    -------
    numpy.ndarray
        ``(F,)`` float64, ``F = ceil(duration * fps) + 1``; the last time is ``duration``.

    Raises
    ------
    LiteError
        ``LITE-ANIM-020`` for a bad ``fps``, ``LITE-ANIM-021`` for too many frames.

    Examples
    --------
    >>> frame_times(1.0, 4.0).tolist()
    [0.0, 0.25, 0.5, 0.75, 1.0]
    >>> frame_times(0.3, 10.0).tolist()
    [0.0, 0.1, 0.2, 0.3]
    """
    if isinstance(fps, bool) or not isinstance(fps, int | float) or not 0.0 < fps <= MAX_BAKE_FPS:
        raise bake_error(
            "LITE-ANIM-020",
            f"fps must be a number in (0, {MAX_BAKE_FPS:g}], got {fps!r}",
            "pass e.g. fps=30",
            "fps",
        )
    span = max(float(duration), 0.0) * float(fps)
    # A duration stored in float32 (0.6 -> 0.6000000238) must not add a nearly empty frame.
    count = math.ceil(span - 1e-6) + 1 if span > 0.0 else 1
    if count > MAX_BAKE_FRAMES:
        raise bake_error(
            "LITE-ANIM-021",
            f"{duration:g} s at {fps:g} fps is {count} frames (more than {MAX_BAKE_FRAMES})",
            "lower fps",
            "fps",
        )
    times = np.minimum(np.arange(count, dtype=np.float64) / float(fps), float(duration))
    times[-1] = max(float(duration), 0.0)
    return times


def find_clip_group(asset: GltfAsset, clip: str | None) -> Any:
    groups = asset.animation_groups
    if not groups:
        raise bake_error(
            "LITE-STATE-043",
            f"{asset.source}: the file has no animations to bake",
            "bake a file with at least one glTF animation",
            "clip",
        )
    if clip is None:
        return groups[0]
    for g in groups:
        if g.name == clip:
            return g
    raise bake_error(
        "LITE-STATE-041",
        f"{asset.source}: no clip named {short_repr(clip)} "
        f"(clips: {listed(g.name for g in groups)})",
        "pass clip= one of the listed names (asset.animation_groups[i].name)",
        "clip",
    )


def bake_clip(
    asset: GltfAsset,
    clip: str | None = None,
    fps: float = 60.0,
    *,
    progress: FrameProgress | None = None,
) -> BakedClip:
    """Sample one clip of a loaded asset at ``fps`` and collect every per-frame array.

    The asset's pose is changed (it ends at the clip's last frame) and the group is left
    paused, not looping.

    Parameters
    ----------
    asset
        From :func:`lite.loader_gltf.load_gltf`.
    clip
        Animation group name; default the first one.
    fps
        Frames per second.
    progress
        Optional wrapper around the frame iterator (e.g. ``tqdm``).

    Returns
    -------
    BakedClip

    Raises
    ------
    LiteError
        ``LITE-STATE-041`` for an unknown clip (the message lists the known ones),
        ``LITE-STATE-043`` for a file without animations, ``LITE-ANIM-020`` for a bad ``fps``.

    Examples
    --------
    >>> from lite.assets import DEFAULT_FIGURE
    >>> from lite.loader_gltf import load_gltf
    >>> baked = bake_clip(load_gltf(DEFAULT_FIGURE), "walk", fps=8)
    >>> baked.frame_count, baked.rotation.shape, baked.skins[0].palettes.shape
    (9, (9, 16, 4), (9, 13, 4, 4))
    """
    group = find_clip_group(asset, clip)
    # Groups are created one per clip, in order
    # (lite.skeleton.animation_controller.create_animation_groups).
    gltf_clip = asset.animation_data.clips[asset.animation_groups.index(group)]
    times = frame_times(float(group.duration), fps)
    n_frames = int(times.shape[0])
    pose = asset.pose
    n_nodes = pose.node_count
    local = np.zeros((n_frames, n_nodes, 10), dtype=np.float32)
    world = np.zeros((n_frames, n_nodes, 4, 4), dtype=np.float64)
    skels = asset.skeletons
    palettes = [np.zeros((n_frames, *s.joint_matrices.shape), np.float32) for s in skels]
    morphs = asset.morph_targets
    weights = [np.zeros((n_frames, m.target_count), np.float32) for m in morphs]
    pointer_channels = [
        (ch, asset.animation_data.pointers[ch.pointer])
        for ch in gltf_clip.channels
        if ch.pointer is not None and ch.pointer in asset.animation_data.pointers
    ]
    pointer_values = [np.zeros((n_frames, b.arity), np.float32) for _, b in pointer_channels]

    group.loop_animation = False
    play_animation(group)
    frames: Iterable[int] = range(n_frames)
    if progress is not None:
        frames = progress(frames)
    rate = group.frame_rate
    for f in frames:
        go_to_frame(group, float(times[f]) * rate)
        t = group.current_time
        local[f] = pose.local
        world[f] = pose.world
        for k, s in enumerate(skels):
            palettes[k][f] = s.joint_matrices
        for k, m in enumerate(morphs):
            weights[k][f] = m.weights
        for k, (ch, binding) in enumerate(pointer_channels):
            evaluate_sampler(
                gltf_clip.samplers[ch.sampler_idx],
                t,
                binding.arity,
                binding.quaternion,
                pointer_values[k][f],
                0,
            )
    # The runtime stores matrices column-major; the files use the mathematical layout.
    world_m = np.ascontiguousarray(world.transpose(0, 1, 3, 2))
    return BakedClip(
        source=asset.source,
        clip=group.name,
        fps=float(fps),
        duration=float(group.duration),
        times=times,
        node_names=tuple(n.name for n in asset.nodes),
        node_parents=np.array([n.parent for n in asset.nodes], dtype=np.int32),
        translation=np.ascontiguousarray(local[:, :, 0:3]),
        rotation=np.ascontiguousarray(local[:, :, 3:7]),
        scale=np.ascontiguousarray(local[:, :, 7:10]),
        world_matrices=world_m,
        skins=tuple(
            BakedSkin(
                skin_index=s.skin_index,
                mesh_node=s.mesh_node,
                name=s.name,
                joints=np.asarray(s.joint_nodes, dtype=np.int32),
                palettes=np.ascontiguousarray(
                    palettes[k].reshape(n_frames, -1, 4, 4).transpose(0, 1, 3, 2)
                ),
            )
            for k, s in enumerate(skels)
        ),
        morphs=tuple(
            BakedMorph(node=m.node_idx, target_names=tuple(m.target_names), weights=weights[k])
            for k, m in enumerate(morphs)
        ),
        pointers=tuple(
            BakedPointer(pointer=b.pointer, values=pointer_values[k])
            for k, (_, b) in enumerate(pointer_channels)
        ),
    )
