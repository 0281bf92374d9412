"""Bake a glTF clip to per-frame arrays (``lite-anim bake``): local TRS, world matrices, joint
palettes, morph weights and KHR_animation_pointer values, saved as ``.npz`` or ``.json``.

Not a port: Babylon Lite has no baking tool. This is the library half (no progress bar, no
command line: those are :mod:`lite.tools.bake` and ``lite-anim bake``; progress is reported
through callbacks). Every frame is produced by the runtime itself
(``play_animation`` + ``go_to_frame`` on the clip's group, with looping off so the last frame
is the clip's end pose, not its start), so a baked frame equals what playback shows at that
time. :func:`bake_files` bakes several files in parallel, one process per file.

Layouts
-------
Matrices are written in mathematical layout, ``(4, 4)`` with ``p' = M @ p`` (column vectors):
``world_matrices[f, n] @ [x, y, z, 1]`` is a point of node ``n`` in world space. (The runtime
stores them column-major; the files do not.) Rotations are quaternions ``(x, y, z, w)``.
"""

from __future__ import annotations

import errno
import json
import math
import os
import sys
import uuid
import warnings
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import BrokenExecutor, Executor, Future, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Final, Literal

import numpy as np
import numpy.typing as npt

from lite.animation.animation_group import go_to_frame, play_animation
from lite.animation.evaluate import evaluate_sampler
from lite.animation.state import check_group
from lite.bake._atomic import write_file
from lite.bake.glb import GlbClip, write_baked_glb
from lite.bake.zarr import frame_chunk, require_zarr, write_zarr
from lite.errors import (
    AnimationStateError,
    KeyframeError,
    LiteError,
    integer,
    listed,
    short_repr,
)
from lite.loader_gltf import GltfAsset, load_gltf

if TYPE_CHECKING:
    from lite.animation.state import AnimationGroup
    from lite.animation.types import F32Array, F64Array

__all__ = [
    "BAKE_FORMAT",
    "BAKE_FORMATS",
    "BAKE_VERSION",
    "LONG_BAKE_FRAMES",
    "MAX_BAKE_FPS",
    "MAX_BAKE_WORKERS",
    "BakeFormat",
    "BakedClip",
    "BakedMorph",
    "BakedPointer",
    "BakeResult",
    "BakedSkin",
    "FileProgress",
    "FrameProgress",
    "ProgressFactory",
    "bake_clip",
    "bake_file",
    "bake_files",
    "bake_targets",
    "PoseSnapshot",
    "frame_times",
    "glb_clip",
    "output_name",
    "refuse_existing",
    "save_baked",
    "snapshot_pose",
    "write_failure",
]

BakeFormat = Literal["npz", "json", "zarr", "glb"]
#: Wraps a bake's frame iterator (a progress bar, e.g. ``tqdm``); must yield the same frames.
FrameProgress = Callable[[Iterable[int]], Iterable[int]]
#: Called with (frame count, description) before a bake; returns a wrapper, or None for none.
ProgressFactory = Callable[[int, str], "FrameProgress | None"]
#: Called after each file of :func:`bake_files` finishes, with (files done, files in all).
FileProgress = Callable[[int, int], None]
I32Array = npt.NDArray[np.int32]

#: ``format`` field of every baked file (``meta`` in npz, top level in JSON).
BAKE_FORMAT: Final = "lite-anim-bake"
#: Bumped when the file layout changes.
BAKE_VERSION: Final = 1
#: Bakes with at least this many frames show a progress bar by default (``lite-anim bake``).
LONG_BAKE_FRAMES: Final = 600
#: Upper bound of ``fps`` (a typo such as ``--fps 60000`` fails fast instead of filling a disk).
MAX_BAKE_FPS: Final = 10_000.0
#: Upper bound of the frame count of one bake.
MAX_BAKE_FRAMES: Final = 1_000_000
#: Upper bound of ``bake_files(workers=...)`` (local processes).
MAX_BAKE_WORKERS: Final = 1024
#: Error class of each code family raised here (others: LiteError).
_FAMILY_ERRORS: Final[dict[str, type[LiteError]]] = {
    "ANIM": KeyframeError,
    "STATE": AnimationStateError,
}


@dataclass(frozen=True, slots=True, eq=False)
class BakedSkin:
    """Joint palettes of one skinned mesh node.

    Attributes
    ----------
    skin_index, mesh_node
        glTF skin index and the node carrying the skinned mesh.
    name
        Skin name (or ``skin_<index>``).
    joints
        ``(J,)`` int32 node index of each joint.
    palettes
        ``(F, J, 4, 4)`` float32 joint matrices
        ``inverse(mesh_world) @ joint_world @ inverse_bind`` (mathematical layout).
    """

    skin_index: int
    mesh_node: int
    name: str
    joints: I32Array
    palettes: F32Array


@dataclass(frozen=True, slots=True, eq=False)
class BakedMorph:
    """Morph weights of one mesh node: ``weights`` is ``(F, T)`` float32."""

    node: int
    target_names: tuple[str, ...]
    weights: F32Array


@dataclass(frozen=True, slots=True, eq=False)
class BakedPointer:
    """Values a KHR_animation_pointer channel writes: ``values`` is ``(F, arity)`` float32."""

    pointer: str
    values: F32Array


@dataclass(frozen=True, slots=True, eq=False)
class BakedClip:
    """One clip sampled at a fixed rate.

    Attributes
    ----------
    source, clip
        The file and the clip (animation group) name.
    fps, duration
        Sample rate (frames per second) and clip duration (seconds).
    times
        ``(F,)`` float64 sample times: ``min(i / fps, duration)``, so the last one is the
        clip's end.
    node_names, node_parents
        Per node: glTF name (``None`` when unnamed) and parent index (-1 for roots).
    translation, rotation, scale
        ``(F, N, 3)``, ``(F, N, 4)`` (x, y, z, w), ``(F, N, 3)`` float32 local TRS.
    world_matrices
        ``(F, N, 4, 4)`` float64, mathematical layout.
    skins, morphs, pointers
        Palettes per skinned mesh node, weights per morphed node, values per pointer channel
        of the clip.
    """

    source: str
    clip: str
    fps: float
    duration: float
    times: F64Array
    node_names: tuple[str | None, ...]
    node_parents: I32Array
    translation: F32Array
    rotation: F32Array
    scale: F32Array
    world_matrices: F64Array
    skins: tuple[BakedSkin, ...]
    morphs: tuple[BakedMorph, ...]
    pointers: tuple[BakedPointer, ...]

    @property
    def frame_count(self) -> int:
        """Number of sampled frames ``F``."""
        return int(self.times.shape[0])


@dataclass(frozen=True, slots=True, eq=False)
class PoseSnapshot:
    """The current pose of an asset, copied: one frame of a :class:`BakedClip`, same layout.

    Attributes
    ----------
    time
        ``current_time`` of the group given to :func:`snapshot_pose` (None without one).
    translation, rotation, scale
        ``(N, 3)``, ``(N, 4)`` (x, y, z, w), ``(N, 3)`` float32 local TRS per node.
    world_matrices
        ``(N, 4, 4)`` float64, mathematical layout (``p' = M @ p``).
    joint_matrices
        One ``(J, 4, 4)`` float32 palette per skeleton (``asset.skeletons`` order),
        mathematical layout.
    morph_weights
        One ``(T,)`` float32 weight array per morphed mesh (``asset.morph_targets`` order).
    """

    time: float | None
    translation: F32Array
    rotation: F32Array
    scale: F32Array
    world_matrices: F64Array
    joint_matrices: tuple[F32Array, ...]
    morph_weights: tuple[F32Array, ...]


def snapshot_pose(asset: GltfAsset, group: AnimationGroup | None = None) -> PoseSnapshot:
    """Copy the pose ``asset`` holds now, so frames recorded in a loop stay distinct.

    ``node.translation``, ``node.rotation``, ``node.world_matrix``,
    ``skeleton.joint_matrices`` and ``asset.pose`` are *live views*: the runtime rewrites
    them in place on every update, so appending them to a list keeps N references to one
    pose. This copies everything once, in the bake layout (matrices ``(4, 4)``, row-major).
    For a single array, ``.copy()`` (or ``lite.as_row_major(view).copy()``) is enough.

    Parameters
    ----------
    asset
        A loaded asset (``lite.load_gltf``).
    group
        Optional group whose ``current_time`` is recorded beside the pose.

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-014`` when ``asset`` is not a ``GltfAsset`` or ``group`` not a group.

    Examples
    --------
    >>> from lite import add_animation_groups, create_animation_manager, load_gltf
    >>> from lite import update_animation_manager
    >>> from lite.assets import DEFAULT_FIGURE
    >>> asset = load_gltf(DEFAULT_FIGURE)
    >>> manager = create_animation_manager()
    >>> add_animation_groups(manager, asset.animation_groups)
    >>> frames = []
    >>> for _ in range(3):
    ...     update_animation_manager(manager, 100.0)
    ...     frames.append(snapshot_pose(asset, asset.animation_groups[0]))
    >>> bool((frames[0].world_matrices != frames[2].world_matrices).any())
    True
    """
    if not isinstance(asset, GltfAsset):
        raise AnimationStateError(
            "LITE-STATE-014",
            f"snapshot_pose asset must be a GltfAsset, got {type(asset).__name__}",
            hint="pass what lite.load_gltf returned",
            input_name="asset",
        )
    if group is not None:
        check_group(group)
    pose = asset.pose
    local = np.array(pose.local, dtype=np.float32)
    return PoseSnapshot(
        time=None if group is None else float(group.current_time),
        translation=np.ascontiguousarray(local[:, 0:3]),
        rotation=np.ascontiguousarray(local[:, 3:7]),
        scale=np.ascontiguousarray(local[:, 7:10]),
        world_matrices=np.ascontiguousarray(pose.world.transpose(0, 2, 1), dtype=np.float64),
        joint_matrices=tuple(
            np.ascontiguousarray(
                s.joint_matrices.reshape(-1, 4, 4).transpose(0, 2, 1), dtype=np.float32
            )
            for s in asset.skeletons
        ),
        morph_weights=tuple(np.array(m.weights, dtype=np.float32) for m in asset.morph_targets),
    )


def _bad(code: str, message: str, hint: str, name: str) -> LiteError:
    """The error of ``code``'s family (``LITE-STATE-*``: AnimationStateError, ...)."""
    cls = _FAMILY_ERRORS.get(code.split("-")[1], LiteError)
    return cls(code, message, hint=hint, input_name=name)


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
        raise _bad(
            "LITE-ANIM-020",
            f"fps must be a number in (0, {MAX_BAKE_FPS:g}], got {fps!r}",
            "pass e.g. fps=30",
            "fps",
        )
    span = max(float(duration), 0.0) * float(fps)
    # A duration stored in float32 (0.6 -> 0.6000000238) must not add a nearly empty frame.
    count = math.ceil(span - 1e-6) + 1 if span > 0.0 else 1
    if count > MAX_BAKE_FRAMES:
        raise _bad(
            "LITE-ANIM-021",
            f"{duration:g} s at {fps:g} fps is {count} frames (more than {MAX_BAKE_FRAMES})",
            "lower fps",
            "fps",
        )
    times = np.minimum(np.arange(count, dtype=np.float64) / float(fps), float(duration))
    times[-1] = max(float(duration), 0.0)
    return times


def _find_group(asset: GltfAsset, clip: str | None) -> Any:
    groups = asset.animation_groups
    if not groups:
        raise _bad(
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
    raise _bad(
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
    group = _find_group(asset, clip)
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


def _meta(baked: BakedClip) -> dict[str, Any]:
    return {
        "format": BAKE_FORMAT,
        "version": BAKE_VERSION,
        "source": baked.source,
        "clip": baked.clip,
        "fps": baked.fps,
        "duration": baked.duration,
        "frame_count": baked.frame_count,
        "matrix_layout": "row-major 4x4, column vectors (p' = M @ p)",
        "rotation_layout": "quaternion x, y, z, w",
    }


def _npz_arrays(baked: BakedClip) -> dict[str, npt.NDArray[Any]]:
    meta = _meta(baked)
    meta["skins"] = [
        {"index": s.skin_index, "name": s.name, "mesh_node": s.mesh_node, "array": f"palette_{k}"}
        for k, s in enumerate(baked.skins)
    ]
    meta["morph_targets"] = [
        {"node": m.node, "target_names": list(m.target_names), "array": f"morph_weights_{k}"}
        for k, m in enumerate(baked.morphs)
    ]
    meta["pointers"] = [
        {"pointer": p.pointer, "array": f"pointer_{k}"} for k, p in enumerate(baked.pointers)
    ]
    arrays: dict[str, npt.NDArray[Any]] = {
        "meta": np.array(json.dumps(meta, sort_keys=True)),
        "times": baked.times,
        "node_names": np.array([n or "" for n in baked.node_names], dtype=np.str_),
        "node_parents": baked.node_parents,
        "translation": baked.translation,
        "rotation": baked.rotation,
        "scale": baked.scale,
        "world_matrices": baked.world_matrices,
    }
    for k, s in enumerate(baked.skins):
        arrays[f"palette_{k}"] = s.palettes
        arrays[f"joints_{k}"] = s.joints
    for k, m in enumerate(baked.morphs):
        arrays[f"morph_weights_{k}"] = m.weights
    for k, p in enumerate(baked.pointers):
        arrays[f"pointer_{k}"] = p.values
    return arrays


def _json_doc(baked: BakedClip) -> dict[str, Any]:
    doc = _meta(baked)
    doc.update(
        {
            "times": baked.times.tolist(),
            "nodes": [
                {"index": i, "name": name, "parent": int(p)}
                for i, (name, p) in enumerate(
                    zip(baked.node_names, baked.node_parents.tolist(), strict=True)
                )
            ],
            "translation": baked.translation.tolist(),
            "rotation": baked.rotation.tolist(),
            "scale": baked.scale.tolist(),
            "world_matrices": baked.world_matrices.tolist(),
            "skins": [
                {
                    "index": s.skin_index,
                    "name": s.name,
                    "mesh_node": s.mesh_node,
                    "joints": s.joints.tolist(),
                    "palettes": s.palettes.tolist(),
                }
                for s in baked.skins
            ],
            "morph_targets": [
                {
                    "node": m.node,
                    "target_names": list(m.target_names),
                    "weights": m.weights.tolist(),
                }
                for m in baked.morphs
            ],
            "pointers": [
                {"pointer": p.pointer, "values": p.values.tolist()} for p in baked.pointers
            ],
        }
    )
    return doc


#: Output suffix of each bake format.
_SUFFIXES: Final[dict[str, BakeFormat]] = {
    ".npz": "npz",
    ".json": "json",
    ".zarr": "zarr",
    ".glb": "glb",
}
#: Every bake format, in documentation order.
BAKE_FORMATS: Final[tuple[BakeFormat, ...]] = ("npz", "json", "zarr", "glb")


def save_baked(
    baked: BakedClip, path: str | os.PathLike[str], fmt: BakeFormat | None = None
) -> Path:
    """Write a bake as ``.npz`` (numpy arrays plus a ``meta`` JSON string), ``.json``,
    ``.zarr`` (a Zarr store) or ``.glb`` (the asset with the clip as its animation).

    Parameters
    ----------
    baked
        From :func:`bake_clip`.
    path
        Output file (a folder for zarr).
    fmt
        ``"npz"``, ``"json"``, ``"zarr"`` or ``"glb"``; default from the suffix (npz for an
        unknown one).

    Returns
    -------
    pathlib.Path
        The written file.

    Raises
    ------
    LiteError
        ``LITE-CLI-010`` when ``path`` ends in one format's suffix and ``fmt`` names another
        (the file would lie about its content); nothing is written. ``LITE-BAKE-004`` for an
        unknown ``fmt``, ``LITE-BAKE-009`` for zarr without the zarr package,
        ``LITE-BAKE-010`` when a glb cannot be written (see
        :func:`lite.bake_gltf.write_baked_glb`).

    Notes
    -----
    npz arrays: ``times``, ``node_names``, ``node_parents``, ``translation``, ``rotation``,
    ``scale``, ``world_matrices``, ``palette_<k>`` + ``joints_<k>`` per skinned mesh node,
    ``morph_weights_<k>`` per morphed node, ``pointer_<k>`` per pointer channel; ``meta``
    (a 0-d string) says which ``k`` is which. Everything loads with
    ``numpy.load(path)`` (no pickle). JSON has the same content as nested lists (see
    ``docs/cli.md`` for the schema). A Zarr store holds the same arrays (names, shapes,
    dtypes), chunked one second of frames at a time, with ``meta`` as its attributes
    (:mod:`lite.bake_zarr`). A glb is the source asset with one LINEAR animation of the
    baked TRS and morph weights (:mod:`lite.bake_gltf`).

    Every format is written to a temporary file in the destination folder, fsync'd and
    renamed over ``path`` when complete (:mod:`lite._atomic`): a failure or a kill leaves the
    previous output byte for byte, and a symbolic link at ``path`` is replaced, not written
    through.
    """
    out = Path(path)
    fmt_ = _check_format(fmt, "fmt") if fmt is not None else None
    implied = _SUFFIXES.get(out.suffix.lower())
    if fmt_ is not None and implied is not None and implied != fmt_:
        raise _bad(
            "LITE-CLI-010",
            f"{out} ends in {out.suffix} but the format asked for is {fmt_}",
            f"name the file .{fmt_}, or pass fmt={implied!r}",
            "path",
        )
    chosen: BakeFormat = fmt_ if fmt_ is not None else (implied or "npz")
    if chosen == "json":
        text = json.dumps(_json_doc(baked), separators=(",", ":")).encode("utf-8")
        write_file(out, lambda fh: _put(fh, text))
    elif chosen == "zarr":
        arrays = _npz_arrays(baked)
        attrs = json.loads(str(arrays.pop("meta")))
        write_zarr(out, arrays, attrs, frame_chunk(baked.fps, baked.frame_count))
    elif chosen == "glb":
        write_baked_glb(baked.source, out, [glb_clip(baked)])
    else:
        arrays = _npz_arrays(baked)
        write_file(out, lambda fh: np.savez_compressed(fh, **arrays))  # type: ignore[arg-type]
    return out


def _put(fh: BinaryIO, data: bytes) -> None:
    fh.write(data)


def glb_clip(baked: BakedClip) -> GlbClip:
    """The part of a bake a glb keeps: times, local TRS and morph weights, by node."""
    return GlbClip(
        name=baked.clip,
        times=baked.times,
        translation=baked.translation,
        rotation=baked.rotation,
        scale=baked.scale,
        morphs=tuple((m.node, m.weights) for m in baked.morphs),
    )


def _check_format(fmt: object, name: str) -> BakeFormat:
    """``fmt`` when it is one of :data:`BAKE_FORMATS`, else ``LITE-BAKE-004``."""
    for known in BAKE_FORMATS:
        if isinstance(fmt, str) and fmt == known:
            return known
    raise _bad(
        "LITE-BAKE-004",
        f"{name} must be one of {', '.join(map(repr, BAKE_FORMATS))}, got {fmt!r}",
        f"pass {name}='npz' (or 'json', 'zarr', 'glb')",
        name,
    )


def output_name(source: str | os.PathLike[str], clip: str, fmt: BakeFormat = "npz") -> str:
    """The default file name of a bake: ``<stem>.<clip>.<fmt>``, e.g. ``Fox.Walk.npz``.

    Characters of the clip name that are not letters, digits, ``.``, ``-`` or ``_`` become
    ``_`` (``Armature|mixamo.com`` -> ``Armature_mixamo.com``), and leading dots are dropped,
    so the name is one plain file name on every system.

    Examples
    --------
    >>> output_name("models/Fox.glb", "Walk")
    'Fox.Walk.npz'
    >>> output_name("a.gltf", "Armature|mixamo.com|Layer0", "json")
    'a.Armature_mixamo.com_Layer0.json'
    """
    safe = "".join(c if c.isalnum() or c in "._-" else "_" for c in clip).lstrip(".")
    return f"{Path(source).stem}.{safe or '_'}.{fmt}"


def bake_targets(
    asset: GltfAsset,
    out_dir: str | os.PathLike[str],
    clip: str | None = None,
    fmt: BakeFormat = "npz",
    *,
    all_clips: bool = False,
) -> list[tuple[str, Path]]:
    """The (clip name, output file) pairs a bake of ``asset`` into ``out_dir`` writes.

    Parameters
    ----------
    asset
        The loaded file (its ``source`` names the outputs, see :func:`output_name`).
    out_dir
        Output folder.
    clip
        One clip; default the first one. Ignored with ``all_clips``.
    fmt
        ``"npz"`` or ``"json"``.
    all_clips
        Every clip of the file, in file order.

    Raises
    ------
    LiteError
        ``LITE-STATE-043`` for a file without animations, ``LITE-STATE-041`` for an unknown
        clip, ``LITE-CLI-012`` when two clips' names give one file name.
    """
    if all_clips:
        if not asset.animation_groups:
            _find_group(asset, None)  # raises LITE-STATE-043
        names = [g.name for g in asset.animation_groups]
    else:
        names = [_find_group(asset, clip).name]
    root = Path(out_dir)
    pairs: list[tuple[str, Path]] = []
    seen: dict[Path, str] = {}
    for name in names:
        target = root / output_name(asset.source, name, fmt)
        if target in seen:
            raise _bad(
                "LITE-CLI-012",
                f"{asset.source}: clips {seen[target]!r} and {name!r} would both be written "
                f"to {target}",
                "bake those clips one at a time with bake_file(path, out, clip)",
                "clip",
            )
        seen[target] = name
        pairs.append((name, target))
    return pairs


def refuse_existing(paths: Iterable[str | os.PathLike[str]]) -> None:
    """Raise ``LITE-CLI-011`` naming the first of ``paths`` that already exists.

    A bake that must not overwrite checks every output with this before it writes any.
    """
    for p in paths:
        if os.path.lexists(p):
            raise _bad(
                "LITE-CLI-011",
                f"{p} already exists",
                "pass overwrite=True to replace it, or write somewhere else",
                "out",
            )


def bake_file(
    path: str | os.PathLike[str],
    out: str | os.PathLike[str],
    clip: str | None = None,
    fps: float = 60.0,
    fmt: BakeFormat = "npz",
    progress: ProgressFactory | None = None,
    *,
    overwrite: bool = True,
) -> tuple[Path, int]:
    """Load ``path``, bake ``clip`` and write ``out``.

    Parameters
    ----------
    progress
        Called with (frame count, description) before baking; the wrapper it returns (if
        any) wraps the frame iterator. ``lite-anim bake`` passes a tqdm bar for long bakes.
    overwrite
        False: refuse (``LITE-CLI-011``) when ``out`` exists, before anything is read.

    Returns
    -------
    (pathlib.Path, int)
        The written file and its frame count.

    Raises
    ------
    LiteError
        ``GltfLoadError`` for an unreadable file; ``LITE-STATE-041`` for an unknown clip,
        ``LITE-ANIM-020`` for a bad ``fps``, ``LITE-CLI-010`` when ``out``'s suffix names the
        other format, ``LITE-CLI-011`` (with ``overwrite=False``) when ``out`` exists.
    OSError
        When the output cannot be written.
    """
    if not overwrite:
        refuse_existing([out])
    asset = load_gltf(path)
    group = _find_group(asset, clip)
    count = int(frame_times(float(group.duration), fps).shape[0])
    wrapper = progress(count, f"bake {Path(path).name}:{group.name}") if progress else None
    baked = bake_clip(asset, group.name, fps, progress=wrapper)
    return save_baked(baked, out, fmt), baked.frame_count


#: One row of :func:`bake_files`: (input, output, frame count, error or None).
BakeResult = tuple[str, str, int, "str | None"]


def _bake_worker(
    path: str,
    out_dir: str,
    clip: str | None,
    all_clips: bool,
    fps: float,
    fmt: BakeFormat,
    overwrite: bool,
    run_id: str = "",
) -> list[BakeResult]:
    """One work item of :func:`bake_files` (a path and options, run on any executor's worker):
    never raises for bad input, returns the one-line reason instead.

    Every output of the file is checked before the first is written, so a refused file
    writes nothing. ``run_id`` is unique per ``bake_files`` call: executors that key work by
    its arguments (Dask's, whose ``submit`` is ``pure`` by default) would otherwise hand a
    second call the first call's rows without baking again. With ``overwrite=False`` it also
    names the claim this item leaves in ``out_dir`` while it writes (:func:`_claim_path`): an
    attempt that died (a worker killed, the task retried by Dask or by the local pool's
    retry) leaves its claim, so the retry recognises the outputs that attempt wrote as its
    own instead of refusing them with ``LITE-CLI-011``."""
    rows: list[BakeResult] = []
    target = out_dir
    claim: Path | None = None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            asset = load_gltf(path)
            pairs = bake_targets(asset, out_dir, clip, fmt, all_clips=all_clips)
            if not overwrite:
                claim = _claim_path(out_dir, path, run_id)
                if not os.path.lexists(claim):
                    refuse_existing(t for _, t in pairs)
                    target = str(claim)
                    claim.touch()
            for k, (name, out) in enumerate(pairs):
                target = str(out)
                # Each clip starts from the file's rest pose, as a bake of that clip alone does.
                source = asset if k == 0 else load_gltf(path)
                baked = bake_clip(source, name, fps)
                rows.append((path, str(save_baked(baked, out, fmt)), baked.frame_count, None))
    except LiteError as exc:
        return [*rows, (path, target, 0, str(exc))]
    except OSError as exc:
        return [*rows, (path, target, 0, str(write_failure(target, exc)))]
    finally:
        if claim is not None:
            claim.unlink(missing_ok=True)
    return rows


def _claim_path(out_dir: str, path: str, run_id: str) -> Path:
    """The claim a ``bake_files`` work item holds in ``out_dir`` while writing ``path``'s
    outputs with ``overwrite=False``: ``.<stem>.<run_id>.claim`` (stems are unique per call)."""
    stem = Path(path).stem.encode("utf-8", "surrogateescape")[:180].decode("utf-8", "ignore")
    return Path(out_dir) / f".{stem}.{run_id[:32] or 'local'}.claim"


def write_failure(target: str, exc: OSError) -> LiteError:
    """The ``LITE-BAKE-014`` error of an output ``target`` that could not be written (the
    ``OSError`` named by its errno, e.g. ``ENOSPC``; the output there before is kept, since
    every format is written to a temporary file and renamed into place)."""
    name = errno.errorcode.get(exc.errno or 0, type(exc).__name__)
    return LiteError(
        "LITE-BAKE-014",
        f"cannot write {short_repr(target, 300)}: {name} ({exc.strerror or exc}); "
        "the output there before, if any, is unchanged",
        hint="free disk space, check the folder's permissions, or write elsewhere",
        input_name="out_dir",
    )


def _text_path(value: object) -> bool:
    return isinstance(value, str | os.PathLike) and "\0" not in os.fspath(value)


def _check_bake_files_args(
    paths: object,
    out_dir: object,
    clip: object,
    fps: object,
    fmt: object,
    executor: object,
    workers: object,
    progress: object,
    all_clips: object,
    overwrite: object,
) -> tuple[list[str], BakeFormat, int | None]:
    """Every argument of :func:`bake_files` checked before any work: (paths, fmt, workers)."""
    if isinstance(paths, str | bytes | os.PathLike) or not isinstance(paths, Iterable):
        raise _bad(
            "LITE-BAKE-001",
            f"paths must be a list of file paths, got {type(paths).__name__} {paths!r:.60}",
            "pass a list, e.g. bake_files(['a.glb', 'b.glb'], 'baked')",
            "paths",
        )
    items = list(paths)
    for i, p in enumerate(items):
        if not _text_path(p) or isinstance(p, bytes):
            raise _bad(
                "LITE-BAKE-001",
                f"paths[{i}] must be a str or os.PathLike file path, got {p!r:.60}",
                "pass each file as a str or pathlib.Path (no NUL character)",
                "paths",
            )
    if not _text_path(out_dir) or isinstance(out_dir, bytes):
        raise _bad(
            "LITE-BAKE-002",
            f"out_dir must be a folder path (str or os.PathLike), got {out_dir!r:.60}",
            "pass e.g. out_dir='baked'",
            "out_dir",
        )
    if clip is not None and not isinstance(clip, str):
        raise _bad(
            "LITE-BAKE-003",
            f"clip must be a clip name (str) or None, got {type(clip).__name__}",
            "pass clip=None for each file's first clip, or a name",
            "clip",
        )
    frame_times(0.0, fps)  # type: ignore[arg-type]  # LITE-ANIM-020 for a bad fps
    fmt_ = _check_format(fmt, "fmt")
    if executor is not None and not isinstance(executor, Executor):
        raise _bad(
            "LITE-BAKE-005",
            f"executor must be a concurrent.futures.Executor or None, got "
            f"{type(executor).__name__}",
            "pass e.g. ThreadPoolExecutor(), dask's client.get_executor(), or None",
            "executor",
        )
    n_workers = None if workers is None else integer(workers)
    if workers is not None and (n_workers is None or not 1 <= n_workers <= MAX_BAKE_WORKERS):
        raise _bad(
            "LITE-BAKE-006",
            f"workers must be an integer in [1, {MAX_BAKE_WORKERS}] or None, got {workers!r}",
            "pass e.g. workers=4, or None for one per CPU",
            "workers",
        )
    if executor is not None and workers is not None:
        raise _bad(
            "LITE-BAKE-007",
            f"workers={workers!r} sizes the local process pool, but an executor was given",
            "size the executor itself, and leave workers=None",
            "workers",
        )
    if not isinstance(progress, bool) and not callable(progress):
        raise _bad(
            "LITE-BAKE-008",
            f"progress must be True, False or a callable(done, total), got {progress!r:.60}",
            "pass progress=False for none",
            "progress",
        )
    for name, flag in (("all_clips", all_clips), ("overwrite", overwrite)):
        if not isinstance(flag, bool):
            raise _bad(
                "LITE-BAKE-012",
                f"{name} must be True or False, got {flag!r:.60}",
                f"pass {name}=True or {name}=False",
                name,
            )
    if fmt_ == "zarr":
        require_zarr()
    return [os.fspath(p) for p in items], fmt_, n_workers


class _CountOnStderr:
    """``progress=True`` of :func:`bake_files`: ``bake: 3/10 files`` on stderr when it is a
    terminal (the library draws no bar; ``lite-anim bake`` shows a tqdm one)."""

    def __init__(self) -> None:
        self._shown = sys.stderr.isatty()

    def __call__(self, done: int, total: int) -> None:
        if self._shown:
            end = "\n" if done == total else ""
            print(f"\rbake: {done}/{total} files", end=end, file=sys.stderr, flush=True)


def _failed_row(
    path: str, out_root: Path, exc: BaseException, retried: bool = False
) -> list[BakeResult]:
    """The row of a file whose work item raised on the executor (not a bake error)."""
    reason = f"{type(exc).__name__}: {exc}".strip().splitlines()[0][:300]
    if retried and isinstance(exc, BrokenExecutor):
        reason += "; its worker process died while baking it, also when retried alone in a "
        reason += "fresh process"
    error = LiteError(
        "LITE-BAKE-013",
        f"{short_repr(path, 300)}: the work item failed on the executor ({reason})",
        hint="check that every worker can import lite and has enough memory; "
        "bake the file alone to see the error",
        input_name="paths",
    )
    return [(path, str(out_root), 0, str(error))]


def bake_files(
    paths: Sequence[str | os.PathLike[str]],
    out_dir: str | os.PathLike[str],
    *,
    clip: str | None = None,
    fps: float = 60.0,
    fmt: BakeFormat = "npz",
    executor: Executor | None = None,
    workers: int | None = None,
    progress: bool | FileProgress = True,
    all_clips: bool = False,
    overwrite: bool = True,
) -> list[BakeResult]:
    """Bake many files on an executor: a local process pool, or a distributed engine.

    Each file is one small work item (its path and the options) submitted to ``executor``;
    the worker loads the file, bakes it and writes its outputs into ``out_dir`` itself, and
    sends back one short row per output. Each clip baked from input ``a/b/name.glb`` is
    written to ``out_dir/name.<clip>.<fmt>`` (:func:`output_name`).

    Parameters
    ----------
    paths
        The glTF / GLB files (a list; paths as the workers see them).
    out_dir
        Output folder (created). With a multi-machine executor it must be a folder every
        worker can write (a shared file system): the workers write the outputs there.
    clip
        The clip to bake from each file; default each file's first clip.
    fps
        Samples per second.
    fmt
        ``"npz"``, ``"json"``, ``"zarr"`` (one store per output, needs the ``scale`` extra)
        or ``"glb"`` (the asset with the baked clip as its animation).
    executor
        Any :class:`concurrent.futures.Executor`: a ``ProcessPoolExecutor``, a
        ``ThreadPoolExecutor``, or a ``dask.distributed`` client's ``client.get_executor()``.
        It is used, not shut down. Default: a local process pool of ``workers`` processes.
    workers
        Process count of the default pool; default ``min(len(paths), os.cpu_count())``.
        Refused with an ``executor`` (which has its own workers).
    progress
        True: ``bake: i/n files`` on stderr when it is a terminal; False: nothing; a callable:
        called as ``progress(done, total)`` each time a file finishes (in completion order),
        e.g. to advance a tqdm bar (``lite-anim bake`` does).
    all_clips
        Bake every clip of each file (``clip`` is then ignored).
    overwrite
        False: a file with an output that already exists is refused (``LITE-CLI-011`` in its
        row) and writes nothing; the other files are baked.

    Returns
    -------
    list of (input, output, frame count, error or None)
        One row per written output, in input order (whatever the completion order); a file
        that failed, in the bake or on the executor (``LITE-BAKE-013``), has a row with its
        one-line reason and 0 frames, an output that could not be written a
        ``LITE-BAKE-014`` row (the previous output is kept). A failing file never stops the
        others: on the default pool, the files of a pool broken by a dying worker are
        retried in a fresh pool, then alone (see ``docs/bake.md``).

    Raises
    ------
    LiteError
        Before any work: ``LITE-BAKE-001`` .. ``008``, ``012`` for a bad argument
        (``LITE-BAKE-002`` also for an ``out_dir`` that is a file, under a file, a dangling
        link, or cannot be created or written),
        ``LITE-ANIM-020`` for a bad ``fps``, ``LITE-BAKE-009`` for zarr without the zarr
        package, ``LITE-CLI-012`` when two inputs have the same file stem (their outputs
        would share names).

    Examples
    --------
    >>> import tempfile
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from lite.assets import DEFAULT_FIGURE
    >>> with tempfile.TemporaryDirectory() as out, ThreadPoolExecutor(2) as pool:
    ...     rows = bake_files([DEFAULT_FIGURE], out, clip="run", fps=10, executor=pool,
    ...                       progress=False)
    >>> [(Path(o).name, frames, error) for _, o, frames, error in rows]
    [('figure.run.npz', 7, None)]
    """
    files, fmt_, n_workers = _check_bake_files_args(
        paths, out_dir, clip, fps, fmt, executor, workers, progress, all_clips, overwrite
    )
    out_root = Path(out_dir)
    seen: dict[str, str] = {}
    for p in files:
        stem = Path(p).stem
        if stem in seen:
            raise _bad(
                "LITE-CLI-012",
                f"{seen[stem]} and {p} would both be written to {out_root / stem}.*.{fmt_}",
                "bake files with different names, or each into its own out_dir",
                "paths",
            )
        seen[stem] = p
    on_done: FileProgress | None
    if progress is True:
        on_done = _CountOnStderr()
    elif progress is False:
        on_done = None
    else:
        on_done = progress
    _prepare_out_dir(out_root)
    if not files:
        return []
    run = _Run(files, out_root, clip, all_clips, float(fps), fmt_, overwrite, on_done)
    if executor is not None:
        run.collect(executor, range(len(files)), retry=False)
        return run.rows()
    size = n_workers if n_workers is not None else min(len(files), os.cpu_count() or 1)
    with ProcessPoolExecutor(max_workers=max(1, size)) as pool:
        broken = run.collect(pool, range(len(files)), retry=True)
    if broken:
        # A worker died and broke the pool: every pending future failed with it, whatever its
        # file. Retry those files in a fresh pool; the files that break that one too are run
        # once more each alone, so the file that kills its worker gets its own LITE-BAKE-013
        # row and the others their outputs. Outputs written before keep their rows.
        with ProcessPoolExecutor(max_workers=max(1, min(size, len(broken)))) as pool:
            broken = run.collect(pool, broken, retry=True)
        for i in broken:
            with ProcessPoolExecutor(max_workers=1) as pool:
                run.collect(pool, [i], retry=False, retried=True)
    return run.rows()


def _prepare_out_dir(out_root: Path) -> None:
    """Create ``out_root`` (and its parents), or ``LITE-BAKE-002`` before any work when it is
    a file, lies under a file, is a dangling link or cannot be created or written."""
    why = ""
    if os.path.lexists(out_root) and not out_root.is_dir():
        why = "a dangling link" if out_root.is_symlink() else "not a folder"
    else:
        try:
            out_root.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            why = f"cannot be created: {errno.errorcode.get(exc.errno or 0, type(exc).__name__)}"
        else:
            if not os.access(out_root, os.W_OK | os.X_OK):
                why = "not writable"
    if why:
        raise _bad(
            "LITE-BAKE-002",
            f"out_dir {short_repr(str(out_root), 300)} is {why}",
            "pass a folder that exists or can be created, and that this process can write",
            "out_dir",
        )


class _Run:
    """The rows of one :func:`bake_files` call, collected as futures complete."""

    def __init__(
        self,
        files: list[str],
        out_root: Path,
        clip: str | None,
        all_clips: bool,
        fps: float,
        fmt: BakeFormat,
        overwrite: bool,
        progress: FileProgress | None,
    ) -> None:
        self.files = files
        self.args = (str(out_root), clip, all_clips, fps, fmt, overwrite, uuid.uuid4().hex)
        self.out_root = out_root
        self.progress = progress
        self.results: list[list[BakeResult] | None] = [None] * len(files)
        self.done = 0

    def _finish(self, i: int, rows: list[BakeResult]) -> None:
        self.results[i] = rows
        self.done += 1
        if self.progress is not None:
            self.progress(self.done, len(self.files))

    def collect(
        self, executor: Executor, indices: Iterable[int], *, retry: bool, retried: bool = False
    ) -> list[int]:
        """Submit one work item per file of ``indices`` and collect their rows. With
        ``retry``, the files whose future failed because the pool broke (a worker died) are
        returned, without rows, for a retry in a fresh pool."""
        futures: dict[Future[list[BakeResult]], int] = {}
        broken: list[int] = []
        for i in indices:
            try:
                futures[executor.submit(_bake_worker, self.files[i], *self.args)] = i
            except Exception as exc:  # a closed or broken executor: this file fails, not the run
                if retry and isinstance(exc, BrokenExecutor):
                    broken.append(i)
                else:
                    self._finish(i, _failed_row(self.files[i], self.out_root, exc, retried))
        for fut in as_completed(futures):
            i = futures[fut]
            try:
                rows = fut.result()
            except Exception as exc:  # the worker died, or the item could not be sent back
                if retry and isinstance(exc, BrokenExecutor):
                    broken.append(i)
                    continue
                rows = _failed_row(self.files[i], self.out_root, exc, retried)
            self._finish(i, rows)
        return sorted(broken)

    def rows(self) -> list[BakeResult]:
        """Every row, in input order."""
        return [row for rows in self.results if rows is not None for row in rows]
