"""Caller-owned poses: create, sample a clip into, and apply to an asset.

Not a port of Babylon Lite (its controllers own their pose); the pose-graph layer of
DriftEngine's animation package (``sampleClip(clip, seconds, out)``, caller-owned outputs, no
per-frame allocation), over lite's own pose layout (:class:`~lite.skeleton.pose.NodePose`).

A :class:`GraphPose` is a :class:`~lite.skeleton.pose.NodePose` (same ``(N, 10)`` float32
``local`` TRS rows, rest pose, parents and world matrices as ``asset.pose``) that also carries
the asset's morph weights and the scratch every blend writes through, allocated once by
:func:`create_pose`. :func:`sample_clip` is a pure function of the time it is given;
:func:`apply_pose` drives the asset as a group's update would.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, cast

import numpy as np

from lite.animation.constants import (
    INTERP_CUBICSPLINE,
    PATH_POINTER,
    PATH_ROTATION,
    PATH_SCALE,
    PATH_TRANSLATION,
    PATH_WEIGHTS,
)
from lite.animation.evaluate import evaluate_sampler
from lite.animation.types import AnimationClip, NodeRest
from lite.errors import AnimationStateError, finite_real
from lite.loader_gltf.asset import GltfAsset
from lite.skeleton.pose import (
    POSE_STRIDE,
    R_OFF,
    S_OFF,
    T_OFF,
    NodePose,
    create_node_pose,
    update_world_matrices,
)
from lite.skeleton.skeleton_updater import as_sink, update_joint_matrices

if TYPE_CHECKING:
    from lite.animation.types import AnimationSampler, F32Array, F64Array
    from lite.skeleton.skeleton_updater import GpuSink

__all__ = [
    "GraphPose",
    "PoseScratch",
    "apply_pose",
    "apply_pose_unchecked",
    "check_pose",
    "check_time",
    "clip_plan",
    "check_same_layout",
    "create_pose",
    "sample_clip",
    "sample_clip_unchecked",
    "twin_pose",
]

#: A sampling plan entry: (sampler, stride, is_quaternion, destination array, offset).
_PlanEntry = tuple["AnimationSampler", int, bool, "F32Array", int]


@dataclass(slots=True, eq=False)
class PoseScratch:
    """Scratch arrays of one :class:`GraphPose`, allocated once by :func:`create_pose`.

    Every blend into a pose (``out``) computes in these float64 arrays, so no call allocates.
    """

    trs: F64Array  # (N, 10) result rows before the float32 cast
    tmp: F64Array  # (N, 10)
    qa: F64Array  # (N, 4)
    qb: F64Array  # (N, 4)
    q4: F64Array  # (N, 4)
    dot: F64Array  # (N,)
    wa: F64Array  # (N,)
    wb: F64Array  # (N,)
    theta: F64Array  # (N,)
    neg: np.ndarray  # (N,) bool
    near: np.ndarray  # (N,) bool
    w64: F64Array  # (W,) morph weights
    wtmp: F64Array  # (W,)
    #: Mask cache: the mask object last resolved, its length, node rows and weight flags.
    mask_key: object = None
    mask_len: int = -1
    blend_rows: np.ndarray = field(default_factory=lambda: np.zeros((0, 1), dtype=bool))
    blend_weights: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=bool))
    #: Sampling plans by ``id(clip)``: (clip, entries); the clip is held so its id stays unique.
    plans: dict[int, tuple[AnimationClip, tuple[_PlanEntry, ...]]] = field(default_factory=dict)
    #: A second pose of the same layout (blend spaces sample into it), made on first use.
    twin: GraphPose | None = None


def _empty_scratch() -> PoseScratch:
    z2 = np.zeros((0, POSE_STRIDE), dtype=np.float64)
    z4 = np.zeros((0, 4), dtype=np.float64)
    z1 = np.zeros(0, dtype=np.float64)
    zb = np.zeros(0, dtype=bool)
    return PoseScratch(z2, z2, z4, z4, z4, z1, z1, z1, z1, zb, zb, z1, z1)


@dataclass(slots=True, eq=False)
class GraphPose(NodePose):
    """A :class:`~lite.skeleton.pose.NodePose` plus morph weights: the pose graph's value.

    Made by :func:`lite.create_pose`; the same node layout as ``asset.pose`` (``local``
    ``(N, 10)`` float32 ``tx ty tz rx ry rz rw sx sy sz`` rows, ``rest``, ``parent``, ``world``).

    Attributes
    ----------
    weights
        ``(W,)`` float32 morph weights: every morph binding of the asset
        (``asset.morph_targets``) one after the other, in that order.
    rest_weights
        ``(W,)`` float32 read-only default weights (what nodes no clip drives hold).
    morph_slices
        ``(node index, start, count)`` per morph binding: its weights are
        ``weights[start:start + count]``.
    """

    weights: F32Array = field(default_factory=lambda: np.zeros(0, dtype=np.float32))
    rest_weights: F32Array = field(default_factory=lambda: np.zeros(0, dtype=np.float32))
    morph_slices: tuple[tuple[int, int, int], ...] = ()
    _flat: F32Array = field(default_factory=lambda: np.zeros(0, dtype=np.float32), repr=False)
    _g: PoseScratch = field(default_factory=_empty_scratch, repr=False)
    #: morph node index -> (start, count)
    _morph_of_node: dict[int, tuple[int, int]] = field(default_factory=dict, repr=False)


def _scratch(n: int, w: int) -> PoseScratch:
    return PoseScratch(
        trs=np.zeros((n, POSE_STRIDE), dtype=np.float64),
        tmp=np.zeros((n, POSE_STRIDE), dtype=np.float64),
        qa=np.zeros((n, 4), dtype=np.float64),
        qb=np.zeros((n, 4), dtype=np.float64),
        q4=np.zeros((n, 4), dtype=np.float64),
        dot=np.zeros(n, dtype=np.float64),
        wa=np.zeros(n, dtype=np.float64),
        wb=np.zeros(n, dtype=np.float64),
        theta=np.zeros(n, dtype=np.float64),
        neg=np.zeros(n, dtype=bool),
        near=np.zeros(n, dtype=bool),
        w64=np.zeros(w, dtype=np.float64),
        wtmp=np.zeros(w, dtype=np.float64),
    )


def _graph_pose(
    base: NodePose,
    rest_weights: F32Array,
    slices: tuple[tuple[int, int, int], ...],
) -> GraphPose:
    """Wrap a freshly made ``NodePose`` (its arrays become the new pose's) with weights."""
    kwargs: dict[str, Any] = {f.name: getattr(base, f.name) for f in fields(NodePose) if f.init}
    weights = rest_weights.copy()
    pose = GraphPose(
        **kwargs,
        weights=weights,
        rest_weights=rest_weights,
        morph_slices=slices,
        _flat=base.local.reshape(-1),
        _g=_scratch(base.node_count, int(weights.shape[0])),
        _morph_of_node={node: (start, count) for node, start, count in slices},
    )
    return pose


def _not_pose(name: str, value: object) -> AnimationStateError:
    return AnimationStateError(
        "LITE-POSE-001",
        f"{name} must be a pose made by lite.create_pose, got {type(value).__name__}",
        hint="make one per asset layout with lite.create_pose(asset) (asset.pose is the "
        "asset's live pose, not a pose-graph value)",
        input_name=name,
    )


def check_pose(value: object, name: str) -> GraphPose:
    """``value`` as a :class:`GraphPose`, else ``LITE-POSE-001``."""
    if not isinstance(value, GraphPose):
        raise _not_pose(name, value)
    return value


def check_same_layout(pose: GraphPose, other: GraphPose, name: str) -> None:
    """``LITE-POSE-002`` unless ``other`` has ``pose``'s node count and morph weights."""
    if (
        other.local.shape != pose.local.shape
        or other.weights.shape != pose.weights.shape
        or other.morph_slices != pose.morph_slices
    ):
        raise AnimationStateError(
            "LITE-POSE-002",
            f"{name} has {other.node_count} nodes and {other.weights.shape[0]} morph weights, "
            f"the other pose {pose.node_count} and {pose.weights.shape[0]}",
            hint="blend poses made by lite.create_pose from one asset (or its instances)",
            input_name=name,
        )


def _check_asset(value: object, name: str = "asset") -> GltfAsset:
    if not isinstance(value, GltfAsset):
        raise AnimationStateError(
            "LITE-POSE-003",
            f"{name} must be a loaded GltfAsset, got {type(value).__name__}",
            hint="pass what lite.load_gltf or lite.instantiate returned",
            input_name=name,
        )
    return value


def create_pose(asset: GltfAsset) -> GraphPose:
    """A new pose at rest, with the node layout of ``asset.pose`` and the asset's morph weights.

    Parameters
    ----------
    asset
        A loaded asset (``lite.load_gltf``) or an instance of one; every instance of an asset
        shares its layout, so one pose serves them all.

    Returns
    -------
    GraphPose
        A :class:`~lite.skeleton.pose.NodePose` (``local`` = ``rest``, world matrices
        computed) with ``weights`` at the default morph weights, and its own scratch: every
        later call that writes it as ``out`` allocates nothing.

    Raises
    ------
    AnimationStateError
        ``LITE-POSE-003`` when ``asset`` is not a :class:`~lite.loader_gltf.GltfAsset`.

    Examples
    --------
    >>> import lite
    >>> from lite.assets import figure_path
    >>> figure = lite.load_gltf(figure_path())
    >>> pose = lite.create_pose(figure)
    >>> pose.local.shape == figure.pose.local.shape, pose.weights.shape
    (True, (1,))
    """
    asset = _check_asset(asset)
    source = asset.pose
    base = create_node_pose(asset.animation_data.nodes)
    # Static glTF ``matrix`` nodes: the same local matrices as the asset's pose (read only).
    base._matrix_pos = source._matrix_pos
    base._matrix_vals = source._matrix_vals
    update_world_matrices(base)
    slices: list[tuple[int, int, int]] = []
    parts: list[F32Array] = []
    start = 0
    for morph in asset.morph_targets:
        count = int(morph.target_count)
        slices.append((int(morph.node_idx), start, count))
        parts.append(np.asarray(morph.default_weights, dtype=np.float32).reshape(-1))
        start += count
    rest_weights = (
        np.concatenate(parts).astype(np.float32) if parts else np.zeros(0, dtype=np.float32)
    )
    rest_weights.flags.writeable = False
    return _graph_pose(base, rest_weights, tuple(slices))


def twin_pose(pose: GraphPose) -> GraphPose:
    """A new pose at rest with ``pose``'s layout (hierarchy, rest, static matrices, weights)."""
    rests = [
        NodeRest(
            parent_idx=int(pose.parent[i]),
            tx=float(r[0]),
            ty=float(r[1]),
            tz=float(r[2]),
            rx=float(r[3]),
            ry=float(r[4]),
            rz=float(r[5]),
            rw=float(r[6]),
            sx=float(r[7]),
            sy=float(r[8]),
            sz=float(r[9]),
        )
        for i, r in enumerate(pose.rest)
    ]
    base = create_node_pose(rests)
    base._matrix_pos = pose._matrix_pos
    base._matrix_vals = pose._matrix_vals
    update_world_matrices(base)
    return _graph_pose(base, pose.rest_weights, pose.morph_slices)


def _bad_clip(message: str, name: str) -> AnimationStateError:
    return AnimationStateError(
        "LITE-POSE-004",
        message,
        hint="sample a clip of the asset the pose was made from (asset.animation_data.clips), "
        "or one retargeted onto it",
        input_name=name,
    )


def _plan(clip: AnimationClip, out: GraphPose) -> tuple[_PlanEntry, ...]:
    """The sampling plan of ``clip`` into ``out`` (validated and cached on first use)."""
    cached = out._g.plans.get(id(clip))
    if cached is not None and cached[0] is clip:
        return cached[1]
    n = out.node_count
    entries: list[_PlanEntry] = []
    for index, ch in enumerate(clip.channels):
        path = ch.path
        if path == PATH_POINTER:
            continue  # KHR_animation_pointer targets are not part of a pose
        name = f"clip.channels[{index}]"
        if not 0 <= ch.sampler_idx < len(clip.samplers):
            raise _bad_clip(f"{name} names sampler {ch.sampler_idx} of {len(clip.samplers)}", name)
        sampler = clip.samplers[ch.sampler_idx]
        if not 0 <= ch.node_idx < n:
            raise _bad_clip(f"{name} drives node {ch.node_idx}, the pose has {n} nodes", name)
        if path == PATH_WEIGHTS:
            slot = out._morph_of_node.get(ch.node_idx)
            if slot is None:
                raise _bad_clip(
                    f"{name} drives the morph weights of node {ch.node_idx}, "
                    "which has no morph targets in this pose",
                    name,
                )
            start, stride = slot
            entries.append((sampler, stride, False, out.weights, start))
        else:
            if path not in (PATH_TRANSLATION, PATH_ROTATION, PATH_SCALE):
                raise _bad_clip(f"{name} has unknown path {path}", name)
            off = T_OFF if path == PATH_TRANSLATION else R_OFF if path == PATH_ROTATION else S_OFF
            stride = 4 if path == PATH_ROTATION else 3
            entries.append(
                (sampler, stride, path == PATH_ROTATION, out._flat, ch.node_idx * POSE_STRIDE + off)
            )
        per_key = stride * (3 if sampler.interpolation == INTERP_CUBICSPLINE else 1)
        if sampler.output.shape[0] != sampler.input.shape[0] * per_key:
            raise _bad_clip(
                f"{name}: sampler {ch.sampler_idx} holds {sampler.output.shape[0]} values for "
                f"{sampler.input.shape[0]} keys, expected {per_key} per key",
                name,
            )
    plan = tuple(entries)
    out._g.plans[id(clip)] = (clip, plan)
    return plan


def check_time(value: object, name: str) -> float:
    """A finite number of seconds, else ``LITE-POSE-005``."""
    number = finite_real(value)
    if number is None:
        raise AnimationStateError(
            "LITE-POSE-005",
            f"{name} must be a finite number, got {value!r}",
            hint="pass seconds (or a blend factor) as a float",
            input_name=name,
        )
    return number


def sample_clip(clip: AnimationClip, time_s: float, out: GraphPose) -> GraphPose:
    """``clip`` at ``time_s`` into ``out``: a pure function of the time given.

    No clock and no state carried between calls, so sampling backwards gives what forwards
    gave. Nodes and morph weights the clip does not animate take their rest values; each
    channel is evaluated exactly as a playing glTF group evaluates it, so the result equals
    what a group on the asset writes at that ``current_time`` (pointer channels, which drive
    no node, are not part of a pose). Times outside ``[0, clip.duration]`` clamp to the first
    or last key, as a non-looping group's; wrap a looping time first (``time_s % duration``).
    ``out.world`` is not updated (see :func:`apply_pose`).

    Parameters
    ----------
    clip
        An :class:`~lite.animation.types.AnimationClip` of the pose's asset.
    time_s
        Seconds.
    out
        A pose from :func:`create_pose`; overwritten and returned.

    Returns
    -------
    GraphPose
        ``out``.

    Raises
    ------
    AnimationStateError
        ``LITE-POSE-001`` when ``out`` is not a pose from :func:`create_pose`;
        ``LITE-POSE-004`` when ``clip`` is not a clip or a channel does not fit the pose;
        ``LITE-POSE-005`` for a non-finite time. ``out`` is unchanged then.

    Examples
    --------
    >>> import lite
    >>> from lite.assets import figure_path
    >>> figure = lite.load_gltf(figure_path())
    >>> walk = figure.animation_data.clips[0]
    >>> pose = lite.sample_clip(walk, 0.25, lite.create_pose(figure))
    >>> bool((pose.local != pose.rest).any())
    True
    """
    if not isinstance(clip, AnimationClip):
        raise _bad_clip(f"clip must be an AnimationClip, got {type(clip).__name__}", "clip")
    t = check_time(time_s, "time_s")
    pose = check_pose(out, "out")
    sample_clip_unchecked(_plan(clip, pose), t, pose)
    return pose


def clip_plan(clip: AnimationClip, out: GraphPose) -> tuple[_PlanEntry, ...]:
    """The validated sampling plan of ``clip`` into ``out`` (for callers that sample often)."""
    return _plan(clip, out)


def sample_clip_unchecked(plan: tuple[_PlanEntry, ...], t: float, out: GraphPose) -> None:
    """Rest pose, then every planned channel at ``t`` (no checks, no allocation)."""
    np.copyto(out.local, out.rest)
    np.copyto(out.weights, out.rest_weights)
    for sampler, stride, quat, dst, off in plan:
        evaluate_sampler(sampler, t, stride, quat, dst, off)


def apply_pose(pose: GraphPose, asset: GltfAsset, *, engine: object | None = None) -> None:
    """Drive ``asset`` with ``pose``: local TRS, world matrices, joint palettes, morph weights.

    As after a glTF group's update: ``asset.pose.local`` takes the pose's rows, world matrices
    and every skeleton's palette are recomputed, each morph binding takes its weights, all
    under the asset pose's lock; with ``engine`` the palettes and weights are uploaded too.

    Parameters
    ----------
    pose
        A pose from :func:`create_pose` for this asset's layout.
    asset
        The asset (or instance) to drive.
    engine
        Optional GPU engine (keyword only; a lite addition) to upload palettes and weights.

    Raises
    ------
    AnimationStateError
        ``LITE-POSE-001`` / ``LITE-POSE-003`` for arguments of the wrong type;
        ``LITE-POSE-002`` when the pose was made for another layout. Nothing is written then.
    """
    graph = check_pose(pose, "pose")
    target = _check_asset(asset)
    total = sum(int(m.target_count) for m in target.morph_targets)
    if graph.local.shape != target.pose.local.shape or graph.weights.shape[0] != total:
        raise AnimationStateError(
            "LITE-POSE-002",
            f"pose has {graph.node_count} nodes and {graph.weights.shape[0]} morph weights, "
            f"the asset {target.pose.node_count} and {total}",
            hint="make the pose with lite.create_pose(asset) from this asset",
            input_name="pose",
        )
    apply_pose_unchecked(graph, target, as_sink(engine) if engine is not None else None)


def apply_pose_unchecked(pose: GraphPose, asset: GltfAsset, sink: object | None) -> None:
    """:func:`apply_pose` without checks (``sink``: a ``GpuSink`` or None)."""
    live = asset.pose
    with live.lock:
        np.copyto(live.local, pose.local)
        update_world_matrices(live)
        for skel in asset.skeletons:
            update_joint_matrices(live, skel)
        weights = pose.weights
        for i, morph in enumerate(asset.morph_targets):
            _node, start, count = pose.morph_slices[i]
            np.copyto(morph.weights, weights[start : start + count])
        if sink is not None:
            gpu = cast("GpuSink", sink)
            for skel in asset.skeletons:
                gpu.upload_skeleton(skel)
            for morph in asset.morph_targets:
                gpu.upload_morph(morph)
