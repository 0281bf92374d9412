"""Batched evaluation: one clip, many groups, array operations.

:func:`enable_batched_evaluation` installs a handler on a manager's animation-group category.
Each update it advances every attached group's clock exactly as the scalar controllers do,
then evaluates together the glTF groups that play one clip on instances of one asset, and the
property groups that play one clip on different objects:

1. **Sampling.** At bind time each glTF clip is compiled into a :class:`ClipPlan`: its LINEAR
   translation / rotation / scale channels that share one key-time array become per-segment
   tables (row 0 is "at or before the first key", row ``i`` the segment ``i - 1 -> i``): start
   and end key values (``a + f * (b - a)`` in float64, Babylon Lite's arithmetic), and for
   rotations the shortest-arc end ``b'``, ``theta = acos(a . b')`` and ``1 / sin(theta)``.
   Segments above Babylon Lite's ``QUAT_NLERP_THRESHOLD`` get ``theta = 1e-9`` (their slerp
   weights then equal ``1 - f`` and ``f``) and a renormalise flag. Per frame: one key search
   for all instances, gathers of the table rows, a handful of ``out=`` ufuncs.
2. **Compose, hierarchy, palette.** Local TRS -> local matrices, world matrices one depth
   level at a time (levels are contiguous blocks of a depth-sorted order), palettes
   ``inv(mesh world) * world * inverse bind``, as array operations over (component, node,
   instance) blocks, in float32 as Babylon Lite computes them; world matrices are widened
   into the instances' float64 ``pose.world``.

Instances created by :func:`lite.instancing.instantiate_many` (or ``instantiate``) live in
slabs whose world matrices and palettes are stored component-major with the instance
innermost, so a batch of ``n`` instances runs about 110 numpy calls whatever ``n`` is. Fewer
than :data:`SOA_MIN_INSTANCES` instances (and loaded assets, whose arrays are per-instance) take
a per-instance path of about 35 calls in float64: one row of the tables, a 9-call compose, one
stacked 4x4 ``matmul`` per depth level.

Semantics are those of :class:`lite.gltf_animation.GltfController` and
:class:`lite.property_animation.PropertyController`: the same time advance, wrap, clamp and
completion, the same rest-pose reset, pose values stored in float32, palettes of the affected
skeletons only, uploads to the controller's engine. Groups the batch cannot take this frame
(a mask, another non-stopped group on the same instance, easing, quaternion or CUBICSPLINE
property tracks, clips played by fewer than :data:`PROPERTY_BATCH_MIN` property groups) tick
through :func:`lite.animation_group.tick_animation`; every write to user objects happens in
attachment order. Channels outside a glTF clip's table (STEP, CUBICSPLINE, other key times,
weights, pointers) are evaluated per instance with :func:`lite.evaluate.evaluate_sampler`.
"""

from __future__ import annotations

import math
from array import array
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, cast

import numpy as np

from lite.animation_group import AnimationGroup, _complete, _set_current_time, tick_animation
from lite.constants import (
    INTERP_LINEAR,
    INTERP_STEP,
    PATH_ROTATION,
    PATH_SCALE,
    PATH_TRANSLATION,
    QUAT_NLERP_THRESHOLD,
)
from lite.evaluate import evaluate_sampler
from lite.gltf_animation import GltfController, _as_sink
from lite.instancing import COMPONENT_MAJOR_MIN, InstancePose, InstanceSlab
from lite.manager import (
    ANIMATION_GROUP_TASK_CATEGORY,
    AnimationManager,
    AnimationTaskCategoryHandler,
    set_animation_task_category_handler,
)
from lite.property_animation import _MAX_TIME, PropertyController
from lite.skeleton import POSE_STRIDE, update_joint_matrices

if TYPE_CHECKING:
    from lite.gltf_animation import PointerWriter
    from lite.property_animation import PropertyWriter, Scratch
    from lite.skeleton import NodePose, SkeletonBinding
    from lite.types import AnimationClip, AnimationSampler, F32Array, F64Array

    #: One entry of ``GltfController._plans``: kind, sampler, stride, quaternion, destination,
    #: offset, node, pointer writer.
    ChannelPlan = tuple[int, AnimationSampler, int, bool, F32Array, int, int, PointerWriter | None]

__all__ = [
    "SOA_MIN_INSTANCES",
    "BatchEngine",
    "ClipPlan",
    "StructurePlan",
    "batch_engine_of",
    "disable_batched_evaluation",
    "enable_batched_evaluation",
]

#: Below this many instances of one slab playing one clip, each is evaluated on its own
#: (per-instance path); from here on, one component-major batch. Chosen by measurement
#: (``python -m lite.bench crowd --counts 1 2 4 8 16``: per-instance 0.27 ms vs batch 0.29 ms
#: at 4 instances, 0.54 vs 0.32 ms at 8).
SOA_MIN_INSTANCES: Final = COMPONENT_MAJOR_MIN
#: Property clips played by fewer groups than this tick through the scalar controllers:
#: below it numpy's per-call overhead outweighs sampling the tracks together (measured:
#: 10 groups 0.031 ms scalar vs 0.039 ms batched; 100 groups 0.295 vs 0.174 ms).
PROPERTY_BATCH_MIN: Final = 24

#: Most (key rows x reset nodes) cells a glTF clip's sampling tables may have (about 650 bytes
#: each while built, ~85 MiB at the limit). Past it the clip's channels are sampled per
#: instance with :func:`lite.evaluate.evaluate_sampler`, as the scalar controller does: a few
#: KB of keys on a rig of thousands of joints must not allocate GiBs. A 60 s clip at 30 fps on
#: 60 joints (108,000 cells) stays tabulated.
MAX_TABLE_CELLS: Final = 2**17

#: Slerp "angle" given to near-parallel segments: sin((1 - f) * x) / sin(x) equals 1 - f to
#: double precision for x this small, so one formula serves slerp and nlerp segments.
_NLERP_THETA: Final = 1e-9

_PATH_OFFSET: Final = {PATH_TRANSLATION: 0, PATH_ROTATION: 3, PATH_SCALE: 7}

IntpArray = np.ndarray[tuple[int, ...], np.dtype[np.intp]]
FArray = np.ndarray[tuple[int, ...], np.dtype[np.floating[Any]]]
BoolArray = np.ndarray[tuple[int, ...], np.dtype[np.bool_]]
NodeSel = slice | IntpArray
#: Per depth level: local, parents (None for roots) and output views, node and parent selectors.
LevelViews = tuple[tuple["F64Array", "F64Array | None", "F64Array", NodeSel, "NodeSel | None"], ...]


def _runs(indices: list[int]) -> list[tuple[int, int]]:
    """Maximal ``[start, end)`` runs of consecutive integers in sorted ``indices``."""
    out: list[tuple[int, int]] = []
    for i in indices:
        if out and out[-1][1] == i:
            out[-1] = (out[-1][0], i + 1)
        else:
            out.append((i, i + 1))
    return out


def _selector(indices: list[int]) -> NodeSel:
    """A basic slice when ``indices`` form an arithmetic progression (a view), else an array."""
    if len(indices) == 1:
        return slice(indices[0], indices[0] + 1)
    step = indices[1] - indices[0]
    if step > 0 and all(b - a == step for a, b in zip(indices, indices[1:], strict=False)):
        return slice(indices[0], indices[-1] + 1, step)
    return np.array(indices, dtype=np.intp)


# ---------------------------------------------------------------------------------------------
# Structure plan: one per asset hierarchy (shared by every instance)
# ---------------------------------------------------------------------------------------------


@dataclass(slots=True, eq=False)
class _Level:
    """One depth level. The batch path keeps its matrices in *depth-sorted* order, so a level
    is the contiguous range ``start:end`` there; ``nodes`` are the same nodes in glTF order."""

    start: int
    end: int
    nodes: NodeSel
    #: Parents' positions in sorted order: a slice (a one-node slice when every node has the
    #: same parent: it broadcasts) or an index array. None for the roots.
    parents: NodeSel | None
    #: The same parents as glTF node indices (per-instance path).
    parent_nodes: NodeSel | None


@dataclass(slots=True, eq=False)
class _SkelPlan:
    joints: NodeSel
    #: Per run of joints that are consecutive in depth-sorted order: (sorted slice, joint
    #: indices, their inverse binds (4, 4, m, 1) float32) for the batch path.
    pieces: tuple[tuple[slice, NodeSel, F32Array], ...]
    count: int
    ibm: F64Array  # (J, 4, 4) float64, column-major blocks (AoS path)
    ibm4: F32Array  # (4, 4, J, 1) float32: ibm4[c, k] = column c, row k (batch path)
    inv_mesh: F64Array | None  # (4, 4) column-major blocks, None for the identity
    inv_mesh_b: F32Array  # the same as (4, 4, 1, 1) float32, for broadcasting


@dataclass(slots=True, eq=False)
class StructurePlan:
    """Hierarchy plan of one asset: depth levels, pointer-jumping rounds, skeletons."""

    node_count: int
    #: Depth-sorted levels, roots first (the batch path).
    levels: tuple[_Level, ...]
    #: Sorted position of every node, and the node at every sorted position.
    sorted_pos: IntpArray
    order: IntpArray
    matrix_nodes: IntpArray
    matrix_vals: F64Array  # (M, 4, 4) column-major blocks
    matrix_vals32: F32Array  # (M, 16) float32 (batch path)
    skeletons: tuple[_SkelPlan, ...]
    #: Every static matrix, inverse bind and inverse mesh world has the last row 0 0 0 1, so
    #: the batch path may skip it (otherwise the per-instance path, with full 4x4 products).
    affine: bool


def _is_affine(blocks: F64Array) -> bool:
    """Column-major ``(..., 4, 4)`` blocks whose mathematical last row is ``0 0 0 1``."""
    last = blocks[..., :, 3]
    return bool(np.all(last[..., 0:3] == 0.0) and np.all(last[..., 3] == 1.0))


def _palette_pieces(
    joints: list[int], sorted_pos: list[int], ibm4: F32Array
) -> tuple[tuple[slice, NodeSel, F32Array], ...]:
    """Split a skeleton's joints into runs of consecutive depth-sorted positions."""
    by_pos = sorted(range(len(joints)), key=lambda j: sorted_pos[joints[j]])
    pieces: list[tuple[slice, NodeSel, F32Array]] = []
    run: list[int] = []
    for j in by_pos:
        if run and sorted_pos[joints[j]] != sorted_pos[joints[run[-1]]] + 1:
            pieces.append(_piece(run, joints, sorted_pos, ibm4))
            run = []
        run.append(j)
    if run:
        pieces.append(_piece(run, joints, sorted_pos, ibm4))
    return tuple(pieces)


def _piece(
    run: list[int], joints: list[int], sorted_pos: list[int], ibm4: F32Array
) -> tuple[slice, NodeSel, F32Array]:
    first = sorted_pos[joints[run[0]]]
    block = np.ascontiguousarray(ibm4[:, :, run])
    block.flags.writeable = False
    return slice(first, first + len(run)), _selector(run), block


def _structure_plan(pose: NodePose, skeletons: tuple[SkeletonBinding, ...]) -> StructurePlan:
    n = pose.node_count
    parent = [int(p) for p in pose.parent.tolist()]
    depth = [0] * n
    for i in range(n):
        d = 0
        j = parent[i]
        while j >= 0:
            d += 1
            j = parent[j]
        depth[i] = d
    max_depth = max(depth) if n else 0
    order = sorted(range(n), key=lambda i: (depth[i], i))
    sorted_pos = [0] * n
    for k, node in enumerate(order):
        sorted_pos[node] = k
    levels: list[_Level] = []
    start = 0
    for d in range(max_depth + 1):
        nodes = [i for i in order if depth[i] == d]
        end = start + len(nodes)
        parents: NodeSel | None = None
        parent_nodes: NodeSel | None = None
        if d > 0:
            ppos = [sorted_pos[parent[i]] for i in nodes]
            uniform = all(p == ppos[0] for p in ppos)
            parents = slice(ppos[0], ppos[0] + 1) if uniform else _selector(ppos)
            pn = parent[nodes[0]]
            parent_nodes = slice(pn, pn + 1) if uniform else _selector([parent[i] for i in nodes])
        levels.append(
            _Level(
                start=start,
                end=end,
                nodes=_selector(nodes),
                parents=parents,
                parent_nodes=parent_nodes,
            )
        )
        start = end
    pose_order = pose._order
    matrix_nodes = np.array(
        [int(pose_order[int(p)]) for p in pose._matrix_pos.tolist()], dtype=np.intp
    )
    matrix_vals = np.array(pose._matrix_vals, dtype=np.float64)
    affine = _is_affine(matrix_vals)
    skel_plans: list[_SkelPlan] = []
    for skel in skeletons:
        joints = [int(j) for j in skel.joint_nodes.tolist()]
        ibm = np.array(skel._ibm, dtype=np.float64)
        ibm.flags.writeable = False
        ibm4 = np.ascontiguousarray(ibm.transpose(1, 2, 0), dtype=np.float32)[:, :, :, None]
        inv = np.asarray(skel.inv_mesh_world, dtype=np.float64)
        affine = affine and _is_affine(ibm) and _is_affine(inv)
        skel_plans.append(
            _SkelPlan(
                joints=_selector(joints),
                pieces=_palette_pieces(joints, sorted_pos, ibm4),
                count=len(joints),
                ibm=ibm,
                ibm4=ibm4,
                inv_mesh=None if np.array_equal(inv, np.eye(4)) else inv.copy(),
                inv_mesh_b=inv.astype(np.float32)[:, :, None, None],
            )
        )
    return StructurePlan(
        node_count=n,
        levels=tuple(levels),
        sorted_pos=np.array(sorted_pos, dtype=np.intp),
        order=np.array(order, dtype=np.intp),
        matrix_nodes=matrix_nodes,
        matrix_vals=matrix_vals,
        matrix_vals32=matrix_vals.reshape(-1, 16).astype(np.float32),
        skeletons=tuple(skel_plans),
        affine=affine,
    )


# ---------------------------------------------------------------------------------------------
# Clip plan: one per (clip, asset), shared by every instance
# ---------------------------------------------------------------------------------------------


@dataclass(slots=True, eq=False)
class ClipPlan:
    """Per-segment sampling tables of one clip on one asset (see the module notes).

    ``reset`` lists the nodes the controller puts back to rest each tick (the clip's animated
    nodes and every joint of the skeletons it drives): their table rows hold the rest value
    wherever no primary channel writes. Arrays are float64 and read-only.
    """

    clip: AnimationClip
    duration: float
    #: Key times of the primary channels (Python floats) and their float64 array.
    times: tuple[float, ...]
    times64: F64Array
    reset: list[int]
    reset_runs: list[tuple[int, int]]
    keep_runs: list[tuple[int, int]]
    #: Per row: segment start time and length (row 0: first key, length 1).
    row_t0: F64Array
    row_dt: F64Array
    #: Per-instance path, component rows: (L, 10, R) start values and differences (TRS
    #: order); (L, R) slerp angle and 1/sin(angle); (L, 2, 4, R) a and b'; (L, R) rows not
    #: renormalised.
    a: F64Array
    d: F64Array
    theta: F64Array
    inv_sin: F64Array
    quats: F64Array
    keep_norm: BoolArray
    any_nlerp: tuple[bool, ...]
    #: Component-major copies for the batch path: translation and scale start and end values
    #: (2, 6, R, L) float32 (exact key values); angle and 1/sin (2, R, L); a and b' (2, 4, R, L)
    #: float32; (R, L); rest rotations of reset nodes no primary rotation channel drives
    #: (4, R, 1), zero elsewhere.
    ts_t: F32Array
    ti_t: F64Array
    q_t: F32Array
    keep_norm_t: BoolArray
    rest_q_t: F32Array
    has_rest_q: bool
    #: Channel indices (clip order) evaluated per instance after the tables, and whether any
    #: of them writes the pose (then world matrices wait for them: per-instance path only).
    extras: tuple[int, ...]
    pose_extras: bool
    skeletons: tuple[int, ...]


def _clip_plan(clip: AnimationClip, ctrl: GltfController, rest: F32Array) -> ClipPlan:
    channels = clip.channels
    targets: dict[tuple[int, int], int] = {}
    for ch in channels:
        if ch.node_idx >= 0:
            key = (ch.node_idx, ch.path)
            targets[key] = targets.get(key, 0) + 1
    by_input: dict[bytes, list[int]] = {}
    for ci, ch in enumerate(channels):
        sampler = clip.samplers[ch.sampler_idx]
        if (
            ch.path in _PATH_OFFSET
            and ch.node_idx >= 0
            and targets[(ch.node_idx, ch.path)] == 1
            and sampler.interpolation == INTERP_LINEAR
            and sampler.input.shape[0] > 0
        ):
            by_input.setdefault(sampler.input.tobytes(), []).append(ci)
    primary: list[int] = max(by_input.values(), key=len) if by_input else []
    reset_where: BoolArray = np.asarray(ctrl._reset_where, dtype=bool)
    reset = [int(i) for i in np.flatnonzero(reset_where.any(axis=1))]
    pos = {node: r for r, node in enumerate(reset)}
    n_r = len(reset)
    if primary and clip.samplers[channels[primary[0]].sampler_idx].input.shape[0] * n_r > (
        MAX_TABLE_CELLS
    ):
        # The tables hold a row per key for every reset node (joints included), about
        # 650 bytes per cell while built: a long clip on a large rig would need GiBs. Such
        # a clip samples every channel per instance instead, as the scalar controller does.
        primary = []
    primary_set = set(primary)
    extras = tuple(ci for ci in range(len(channels)) if ci not in primary_set)
    if primary:
        times64 = clip.samplers[channels[primary[0]].sampler_idx].input_f64
    else:
        times64 = np.zeros(1, dtype=np.float64)
    n_keys = int(times64.shape[0])
    rows = n_keys
    row_t0 = np.empty(rows, dtype=np.float64)
    row_dt = np.empty(rows, dtype=np.float64)
    row_t0[0] = times64[0]
    row_dt[0] = 1.0
    for r in range(1, rows):
        row_t0[r] = times64[r - 1]
        dt = float(times64[r]) - float(times64[r - 1])
        row_dt[r] = dt if dt > 0.0 else math.inf

    a = np.zeros((rows, n_r, POSE_STRIDE), dtype=np.float64)
    a[:] = rest[reset].astype(np.float64)[None]
    b = a.copy()
    d = np.zeros((rows, n_r, POSE_STRIDE), dtype=np.float64)
    theta = np.ones((rows, n_r), dtype=np.float64)
    inv_sin = np.ones((rows, n_r), dtype=np.float64)
    quats = np.zeros((rows, 2, n_r, 4), dtype=np.float64)
    keep_norm = np.ones((rows, n_r), dtype=bool)
    seg_a = np.concatenate(([0], np.arange(rows - 1))) if rows > 1 else np.zeros(1, np.int64)
    seg_b = np.arange(rows) if rows > 1 else np.zeros(1, np.int64)
    for ci in primary:
        ch = channels[ci]
        r = pos[ch.node_idx]
        off = _PATH_OFFSET[ch.path]
        stride = 4 if ch.path == PATH_ROTATION else 3
        vals = clip.samplers[ch.sampler_idx].output.astype(np.float64).reshape(-1, stride)
        va = vals[seg_a]
        vb = vals[seg_b]
        if ch.path != PATH_ROTATION:
            a[:, r, off : off + 3] = va
            b[:, r, off : off + 3] = vb
            d[:, r, off : off + 3] = vb - va
            continue
        a[:, r, 3:7] = 0.0
        for row in range(rows):
            qa = va[row]
            qb = vb[row]
            dot = float(qa[0] * qb[0] + qa[1] * qb[1] + qa[2] * qb[2] + qa[3] * qb[3])
            if dot < 0.0:
                qb = -qb
                dot = -dot
            quats[row, 0, r] = qa
            quats[row, 1, r] = qb
            if row == 0:
                # Before the first key: the key itself. With angle pi/2 the weights are
                # sin(pi/2) = 1 and sin(0) = 0 exactly (in float32 too).
                theta[row, r] = 0.5 * math.pi
                inv_sin[row, r] = 1.0
            elif dot > QUAT_NLERP_THRESHOLD:
                # Babylon Lite nlerps (lerp, then renormalise) near-parallel pairs; row 0 copies
                # the first key as is.
                theta[row, r] = _NLERP_THETA
                inv_sin[row, r] = 1.0 / math.sin(_NLERP_THETA)
                keep_norm[row, r] = False
            else:
                th = math.acos(dot)
                theta[row, r] = th
                inv_sin[row, r] = 1.0 / math.sin(th)
    any_nlerp = tuple(bool(not keep_norm[row].all()) for row in range(rows))
    ts_cols = [0, 1, 2, 7, 8, 9]
    # Start and end key values (float32 exactly, like the rest pose they default to).
    ts_t = np.ascontiguousarray(
        np.stack((a[:, :, ts_cols], b[:, :, ts_cols])).transpose(0, 3, 2, 1), dtype=np.float32
    )
    rest_q_t = np.ascontiguousarray(a[0, :, 3:7].T, dtype=np.float32)[:, :, None]
    ti_t = np.ascontiguousarray(np.stack((theta, inv_sin)).transpose(0, 2, 1))
    q_t = np.ascontiguousarray(quats.transpose(1, 3, 2, 0), dtype=np.float32)
    keep_t = np.ascontiguousarray(keep_norm.T)
    for arr in (row_t0, row_dt, a, d, theta, inv_sin, quats, keep_norm, ts_t, ti_t, q_t, keep_t):
        arr.flags.writeable = False
    keep = [i for i in range(rest.shape[0]) if i not in pos]
    return ClipPlan(
        clip=clip,
        duration=float(clip.duration),
        times=tuple(float(x) for x in times64.tolist()),
        times64=times64,
        reset=reset,
        reset_runs=_runs(reset),
        keep_runs=_runs(keep),
        row_t0=row_t0,
        row_dt=row_dt,
        a=np.ascontiguousarray(a.transpose(0, 2, 1)),
        d=np.ascontiguousarray(d.transpose(0, 2, 1)),
        theta=theta,
        inv_sin=inv_sin,
        quats=np.ascontiguousarray(quats.transpose(0, 1, 3, 2)),
        keep_norm=keep_norm,
        any_nlerp=any_nlerp,
        ts_t=ts_t,
        ti_t=ti_t,
        q_t=q_t,
        keep_norm_t=keep_t,
        rest_q_t=rest_q_t,
        has_rest_q=bool(np.any(rest_q_t)),
        extras=extras,
        pose_extras=any(channels[ci].path in _PATH_OFFSET for ci in extras),
        skeletons=tuple(ctrl._affected_skeletons),
    )


# ---------------------------------------------------------------------------------------------
# Compose (shared by both paths): component-first views
# ---------------------------------------------------------------------------------------------


@dataclass(slots=True, eq=False)
class _ComposeScratch:
    """``(3, ...)`` blocks for :func:`_compose`, shaped like one TRS component."""

    q2: FArray
    sq: FArray
    wq: FArray
    pq: FArray
    diag: FArray
    plus: FArray
    minus: FArray


def _compose_scratch(
    shape: tuple[int, ...], dtype: type[np.floating[Any]] = np.float64
) -> _ComposeScratch:
    def z() -> FArray:
        return np.zeros((3, *shape), dtype=dtype)

    return _ComposeScratch(z(), z(), z(), z(), z(), z(), z())


def _compose(trs: FArray, lm: FArray, s: _ComposeScratch) -> None:
    """Local matrices from TRS: ``trs`` ``(10, ...)``, ``lm`` ``(16, ...)`` component-first.

    Same arithmetic as :func:`lite.skeleton.compose_matrices` (``2 * (a + b) * s`` is computed
    as ``(2a + 2b) * s``, equal in binary floating point), so results are bit-identical. The
    constant components (3, 7, 11, 15) of ``lm`` are left alone.
    """
    q = trs[3:7]
    scale = trs[7:10]
    np.multiply(q[0:3], 2.0, out=s.q2)  # 2x 2y 2z
    np.multiply(q[0:3], s.q2, out=s.sq)  # 2xx 2yy 2zz
    np.multiply(q[3], s.q2, out=s.wq)  # 2wx 2wy 2wz
    np.multiply(q[0], s.q2[1:3], out=s.pq[0:2])  # 2xy 2xz
    np.multiply(q[1], s.q2[2], out=s.pq[2])  # 2yz
    sq = s.sq
    diag = s.diag
    np.add(sq[1], sq[2], out=diag[0])
    np.add(sq[0], sq[2], out=diag[1])
    np.add(sq[0], sq[1], out=diag[2])
    np.subtract(1.0, diag, out=diag)
    np.multiply(diag, scale, out=lm[0:11:5])  # components 0, 5, 10
    wq_rev = s.wq[::-1]  # 2wz 2wy 2wx
    np.add(s.pq, wq_rev, out=s.plus)  # xy+wz, xz+wy, yz+wx (times 2)
    np.subtract(s.pq, wq_rev, out=s.minus)  # xy-wz, xz-wy, yz-wx (times 2)
    np.multiply(s.plus[0], scale[0], out=lm[1])
    np.multiply(s.minus[1], scale[0], out=lm[2])
    np.multiply(s.minus[0], scale[1], out=lm[4])
    np.multiply(s.plus[2], scale[1], out=lm[6])
    np.multiply(s.plus[1], scale[2], out=lm[8])
    np.multiply(s.minus[2], scale[2], out=lm[9])
    np.copyto(lm[12:15], trs[0:3])


# ---------------------------------------------------------------------------------------------
# Per-instance path (AoS, 4x4 matmuls, pointer jumping)
# ---------------------------------------------------------------------------------------------


@dataclass(slots=True, eq=False)
class _SingleScratch:
    """Scratch of the per-instance path for one (clip, asset) pair."""

    coef: F64Array
    s_tmp: F64Array
    s_val: F64Array
    w: F64Array
    q2: F64Array
    q: F64Array
    ss: F64Array
    trs_cf: F64Array  # (10, N) local TRS as float64 component rows
    prod: F64Array  # (12, N) doubled quaternion products, then 2x 2y 2z
    rot: F64Array  # (9, N) rotation entries
    lm_cf: F64Array  # (16, N) local matrices as component rows
    lm: F64Array  # (N, 4, 4) local matrices
    parents: F64Array  # (Lmax, 4, 4) gathered parents (levels that are no strided slice)
    level_out: F64Array  # (Lmax, 4, 4)
    palette: F64Array  # (Jmax, 4, 4)


def _single_scratch(plan: ClipPlan, sp: StructurePlan) -> _SingleScratch:
    n = sp.node_count
    n_r = len(plan.reset)
    lm = np.zeros((n, 4, 4))
    lm[:, 3, 3] = 1.0
    lm_cf = np.zeros((16, n))
    lm_cf[15] = 1.0
    lmax = max([lv.end - lv.start for lv in sp.levels] + [1])
    return _SingleScratch(
        coef=np.zeros((2, 1)),
        s_tmp=np.zeros((POSE_STRIDE, n_r)),
        s_val=np.zeros((POSE_STRIDE, n_r)),
        w=np.zeros((2, n_r)),
        q2=np.zeros((2, 4, n_r)),
        q=np.zeros((4, n_r)),
        ss=np.zeros(n_r),
        trs_cf=np.zeros((POSE_STRIDE, n)),
        prod=np.zeros((12, n)),
        rot=np.zeros((9, n)),
        lm_cf=lm_cf,
        lm=lm,
        parents=np.zeros((lmax, 4, 4)),
        level_out=np.zeros((lmax, 4, 4)),
        palette=np.zeros((max([sk.count for sk in sp.skeletons] + [1]), 4, 4)),
    )


def _locate(plan: ClipPlan, t: float) -> tuple[int, float]:
    """Table row and segment progress for time ``t`` (Babylon Lite's key search)."""
    times = plan.times
    last = len(times) - 1
    if last == 0 or t <= times[0]:
        return 0, 0.0
    if t >= times[last]:
        return last, 1.0
    j = bisect_right(times, t)
    return j, (t - times[j - 1]) / (times[j] - times[j - 1])


def _eval_single(
    plan: ClipPlan,
    sp: StructurePlan,
    sc: _SingleScratch,
    member: _Member,
    t: float,
) -> None:
    pose = member.pose
    row, f = _locate(plan, t)
    s_val = sc.s_val
    np.multiply(plan.d[row], f, out=sc.s_tmp)
    np.add(plan.a[row], sc.s_tmp, out=s_val)
    coef = sc.coef
    coef[0, 0] = 1.0 - f
    coef[1, 0] = f
    w = sc.w
    np.multiply(plan.theta[row], coef, out=w)
    np.sin(w, out=w)
    np.multiply(w, plan.inv_sin[row], out=w)
    q2 = sc.q2
    np.multiply(plan.quats[row], w[:, None, :], out=q2)
    q = sc.q
    np.add(q2[0], q2[1], out=q)
    if plan.any_nlerp[row]:
        ss = sc.ss
        np.multiply(q, q, out=q2[0])
        np.add.reduce(q2[0], axis=0, out=ss)
        np.copyto(ss, 1.0, where=plan.keep_norm[row])
        np.sqrt(ss, out=ss)
        np.divide(q, ss, out=q)
    rot = s_val[3:7]
    np.add(rot, q, out=rot)
    local = pose.local
    start = 0
    for r0, r1 in plan.reset_runs:
        np.copyto(local[r0:r1], s_val[:, start : start + r1 - r0].T, casting="same_kind")
        start += r1 - r0
    if plan.pose_extras:
        _eval_extras(member, t)
    _world_single(sp, sc, member)
    skeletons = member.skeletons
    for si in plan.skeletons:
        _joints_single(sp.skeletons[si], sc, pose, skeletons[si])


def _joints_single(
    sk: _SkelPlan, sc: _SingleScratch, pose: NodePose, skel: SkeletonBinding
) -> None:
    """:func:`lite.skeleton.update_joint_matrices` with the identity mesh product skipped."""
    if sk.inv_mesh is not None or not isinstance(sk.joints, slice):
        update_joint_matrices(pose, skel)
        return
    pal = sc.palette[: sk.count]
    np.matmul(sk.ibm, pose.world[sk.joints], out=pal)
    np.copyto(skel._palette32, pal, casting="same_kind")


def _rotation_map() -> F64Array:
    """``(9, 9)`` map from the products ``[2xx 2yy 2zz 2wx 2wy 2wz 2xy 2xz 2yz]`` to the
    rotation entries minus their constant 1 (block ``b`` = matrix column ``b``, rows 0..2)."""
    xx, yy, zz, wx, wy, wz, xy, xz, yz = range(9)
    rows = (
        {yy: -1.0, zz: -1.0},  # column 0: 1 - 2(yy + zz), 2(xy + wz), 2(xz - wy)
        {xy: 1.0, wz: 1.0},
        {xz: 1.0, wy: -1.0},
        {xy: 1.0, wz: -1.0},  # column 1: 2(xy - wz), 1 - 2(xx + zz), 2(yz + wx)
        {xx: -1.0, zz: -1.0},
        {yz: 1.0, wx: 1.0},
        {xz: 1.0, wy: 1.0},  # column 2: 2(xz + wy), 2(yz - wx), 1 - 2(xx + yy)
        {yz: 1.0, wx: -1.0},
        {xx: -1.0, yy: -1.0},
    )
    out = np.zeros((9, 9))
    for r, terms in enumerate(rows):
        for k, v in terms.items():
            out[r, k] = v
    out.flags.writeable = False
    return out


_ROTATION_MAP: Final = _rotation_map()
_ROTATION_ONE: Final = np.array([1.0, 0, 0, 0, 1.0, 0, 0, 0, 1.0])[:, None]
_ROTATION_ONE.flags.writeable = False


def _compose_small(trs: F64Array, lm: F64Array, sc: _SingleScratch) -> None:
    """:func:`_compose` in 9 numpy calls for one instance: the nine doubled products, one
    small matrix product for the rotation entries (coefficients 0 and +-1 and one sum per
    entry, so the arithmetic matches :func:`lite.skeleton.compose_matrices` exactly), the
    scale, the translation. ``lm`` ``(N, 4, 4)`` column-major blocks."""
    n = trs.shape[1]
    q = trs[3:7]
    prod = sc.prod
    q2 = prod[9:12]
    np.multiply(q[0:3], 2.0, out=q2)
    np.multiply(q[0:3], q2, out=prod[0:3])  # 2xx 2yy 2zz
    np.multiply(q[3], q2, out=prod[3:6])  # 2wx 2wy 2wz
    np.multiply(q[0], q2[1:3], out=prod[6:8])  # 2xy 2xz
    np.multiply(q[1], q2[2], out=prod[8])  # 2yz
    rot = sc.rot
    np.matmul(_ROTATION_MAP, prod[0:9], out=rot)
    np.add(rot, _ROTATION_ONE, out=rot)
    # Block (column) b scaled by s_b: lm[:, b, e] = rot[3b + e] * s_b, in component rows.
    rows = sc.lm_cf.reshape(4, 4, n)
    np.multiply(rot.reshape(3, 3, n), trs[7:10, None, :], out=rows[0:3, 0:3])
    np.copyto(rows[3, 0:3], trs[0:3])
    np.copyto(lm.reshape(n, 16), sc.lm_cf.T)


def _level_views(sp: StructurePlan, sc: _SingleScratch, world: F64Array) -> LevelViews:
    """Per depth level: (local, parents, out) views into ``sc.lm`` and ``world`` where the
    level and its parents are strided slices, else the index arrays to gather and scatter."""
    lm = sc.lm
    views: list[tuple[F64Array, F64Array | None, F64Array, NodeSel, NodeSel | None]] = []
    for lv in sp.levels:
        cnt = lv.end - lv.start
        if isinstance(lv.nodes, slice):
            loc = lm[lv.nodes]
            out = world[lv.nodes]
        else:
            loc = np.zeros((cnt, 4, 4))  # gathered per frame
            out = sc.level_out[:cnt]
        if lv.parent_nodes is None:
            parents = None
        elif isinstance(lv.parent_nodes, slice):
            parents = world[lv.parent_nodes]
        else:
            parents = sc.parents[:cnt]
        views.append((loc, parents, out, lv.nodes, lv.parent_nodes))
    return tuple(views)


def _world_single(sp: StructurePlan, sc: _SingleScratch, member: _Member) -> None:
    """World matrices of one pose, in glTF node order: compose (9 calls), then one stacked
    4x4 ``matmul`` per depth level (levels and parents taken as strided views)."""
    pose = member.pose
    trs = sc.trs_cf
    np.copyto(trs.T, pose.local)
    lm = sc.lm
    _compose_small(trs, lm, sc)
    for mi, node in enumerate(sp.matrix_nodes.tolist()):
        lm[node] = sp.matrix_vals[mi]
    views = member.views
    if views is None:
        views = member.views = _level_views(sp, sc, pose.world)
    world = pose.world
    for loc, parents, out, nodes, parent_nodes in views:
        if not isinstance(nodes, slice):
            np.take(lm, nodes, axis=0, out=loc, mode="clip")
        if parents is None:
            np.copyto(out, loc)
        else:
            if parent_nodes is not None and not isinstance(parent_nodes, slice):
                np.take(world, parent_nodes, axis=0, out=parents, mode="clip")
            # Column-major blocks multiply in reverse: world_T = local_T @ parent_T.
            np.matmul(loc, parents, out=out)
        if not isinstance(nodes, slice):
            world[nodes] = out


# ---------------------------------------------------------------------------------------------
# Batch path (component-major, instance innermost)
# ---------------------------------------------------------------------------------------------


@dataclass(slots=True, eq=False)
class _SoaScratch:
    """Scratch of the batch path for ``n`` instances (R reset nodes, N nodes)."""

    n: int
    row: IntpArray
    f: F64Array
    t0: F64Array
    le: BoolArray
    coef: F64Array  # (2, 1, n)
    ts: F32Array  # (2, 6, R, n) gathered key values
    ts64: F64Array  # (6, R, n)
    ti: F64Array  # (2, R, n)
    w: F64Array  # (2, R, n)
    w32: F32Array  # (2, R, n)
    qs: F32Array  # (2, 4, R, n)
    q: F32Array  # (4, R, n)
    keep: BoolArray  # (R, n)
    ss: F32Array  # (R, n)
    trs: F32Array  # (10, N, n): sampled (reset nodes) and current (others) local TRS
    trs_sorted: F32Array  # (10, N, n) the same in depth-sorted order
    lm: F32Array  # (16, N, n) local matrices, depth-sorted
    world: F32Array  # (16, N, n) world matrices, depth-sorted
    parents: F32Array  # (16, Lmax, n)
    joints: F32Array  # (16, Jmax, n)
    pal: F32Array  # (16, Jmax, n)
    compose: _ComposeScratch


def _soa_scratch(plan: ClipPlan, sp: StructurePlan, n: int) -> _SoaScratch:
    nn = sp.node_count
    n_r = len(plan.reset)
    lmax = max([lv.end - lv.start for lv in sp.levels] + [1])
    jmax = max([sk.count for sk in sp.skeletons] + [1])
    f32 = np.float32

    def mats(m: int) -> F32Array:
        out = np.zeros((16, m, n), dtype=f32)
        out[15] = 1.0
        return out

    return _SoaScratch(
        n=n,
        row=np.zeros(n, dtype=np.intp),
        f=np.zeros(n),
        t0=np.zeros(n),
        le=np.zeros(n, dtype=bool),
        coef=np.zeros((2, 1, n)),
        ts=np.zeros((2, 6, n_r, n), dtype=f32),
        ts64=np.zeros((6, n_r, n)),
        ti=np.zeros((2, n_r, n)),
        w=np.zeros((2, n_r, n)),
        w32=np.zeros((2, n_r, n), dtype=f32),
        qs=np.zeros((2, 4, n_r, n), dtype=f32),
        q=np.zeros((4, n_r, n), dtype=f32),
        keep=np.zeros((n_r, n), dtype=bool),
        ss=np.zeros((n_r, n), dtype=f32),
        trs=np.zeros((POSE_STRIDE, nn, n), dtype=f32),
        trs_sorted=np.zeros((POSE_STRIDE, nn, n), dtype=f32),
        lm=mats(nn),
        world=mats(nn),
        parents=np.zeros((16, lmax, n), dtype=f32),
        joints=np.zeros((16, jmax, n), dtype=f32),
        pal=mats(jmax),
        compose=_compose_scratch((nn, n), f32),
    )


def _affine_product(left: FArray, right: FArray, out: FArray) -> None:
    """``out = left x right`` for affine matrices stored as ``(4, 4, ...)`` (column, row).

    ``out[c, r] = sum_k left[k, r] * right[c, k]`` for rows 0..2 (one ``einsum``, then the
    translation column's ``left[3, r]``); row 3 of ``out`` is left as it is (``0 0 0 1``), and
    ``right``'s row 3 is taken to be ``0 0 0 1``. Trailing axes broadcast.
    """
    o = out[:, 0:3]
    np.einsum("kr...,ck...->cr...", left[0:3, 0:3], right[:, 0:3], out=o)
    o3 = out[3, 0:3]
    np.add(o3, left[3, 0:3], out=o3)


def _eval_soa(
    plan: ClipPlan,
    sp: StructurePlan,
    sc: _SoaScratch,
    times: F64Array,
    local: F32Array,
    world: F64Array,
    palettes: tuple[F32Array, ...],
) -> None:
    """Evaluate ``n`` instances: ``local`` ``(n, N, 10)``, ``world`` ``(16, N, n)``, palettes
    ``(16, J, n)`` (views into a slab, or scratch the caller scatters).

    Sampling runs in float64 on the float32 key values (Babylon Lite's arithmetic); local,
    world and palette matrices are computed in float32, as Babylon Lite does, and the world
    matrices are then widened into ``world``.
    """
    n = sc.n
    row = sc.row
    f = sc.f
    n_keys = len(plan.times)
    # Key search: row = number of keys <= t, clamped; "t <= first key" is row 0.
    row[:] = np.searchsorted(plan.times64, times, side="right")
    np.minimum(row, n_keys - 1, out=row)
    np.less_equal(times, plan.times[0], out=sc.le)
    np.copyto(row, 0, where=sc.le)
    np.take(plan.row_t0, row, out=sc.t0, mode="clip")
    np.subtract(times, sc.t0, out=f)
    np.take(plan.row_dt, row, out=sc.t0, mode="clip")
    np.divide(f, sc.t0, out=f)
    np.clip(f, 0.0, 1.0, out=f)
    if n_keys > 1:
        np.greater_equal(times, plan.times[-1], out=sc.le)
        np.copyto(f, 1.0, where=sc.le)

    trs = sc.trs
    single_run = len(plan.reset_runs) == 1
    r0, r1 = plan.reset_runs[0] if plan.reset_runs else (0, 0)
    # Translation and scale (and rest values): a + f * (b - a) in doubles, stored as float32.
    ts = sc.ts
    np.take(plan.ts_t, row, axis=3, out=ts, mode="clip")
    v = sc.ts64
    np.subtract(ts[1], ts[0], out=v, dtype=np.float64)
    np.multiply(v, f, out=v)
    np.add(v, ts[0], out=v)
    if single_run:
        np.copyto(trs[0:3, r0:r1], v[0:3], casting="same_kind")
        np.copyto(trs[7:10, r0:r1], v[3:6], casting="same_kind")

    # Rotation: wa * a + wb * b' (slerp, or nlerp through a tiny angle), renormalised where
    # Babylon Lite nlerps.
    coef = sc.coef
    np.subtract(1.0, f, out=coef[0, 0])
    np.copyto(coef[1, 0], f)
    ti = sc.ti
    np.take(plan.ti_t, row, axis=2, out=ti, mode="clip")
    w = sc.w
    np.multiply(ti[0], coef, out=w)
    # Weights and the weighted sum in float32 (numpy's float64 sine is 15x slower): within a
    # couple of float32 ulps of Babylon Lite's double-precision slerp.
    w32 = sc.w32
    np.sin(w, out=w32, dtype=np.float32, casting="same_kind")
    np.multiply(w32, ti[1], out=w32, casting="same_kind")
    qs = sc.qs
    np.take(plan.q_t, row, axis=3, out=qs, mode="clip")
    np.multiply(qs, w32[:, None], out=qs)
    q = sc.q
    np.add(qs[0], qs[1], out=q)
    np.take(plan.keep_norm_t, row, axis=1, out=sc.keep, mode="clip")
    if not sc.keep.all():
        ss = sc.ss
        np.multiply(q, q, out=qs[0])
        np.add.reduce(qs[0], axis=0, out=ss)
        np.copyto(ss, 1.0, where=sc.keep)
        np.sqrt(ss, out=ss)
        np.divide(q, ss, out=q)
    if plan.has_rest_q:
        np.add(q, plan.rest_q_t, out=q)
    if single_run:
        np.copyto(trs[3:7, r0:r1], q, casting="same_kind")
        np.copyto(local[:, r0:r1], trs[:, r0:r1].transpose(2, 1, 0))
    else:
        start = 0
        for a0, a1 in plan.reset_runs:
            width = a1 - a0
            part = slice(start, start + width)
            np.copyto(trs[0:3, a0:a1], v[0:3, part], casting="same_kind")
            np.copyto(trs[3:7, a0:a1], q[:, part], casting="same_kind")
            np.copyto(trs[7:10, a0:a1], v[3:6, part], casting="same_kind")
            np.copyto(local[:, a0:a1], trs[:, a0:a1].transpose(2, 1, 0))
            start += width
    for k0, k1 in plan.keep_runs:
        np.copyto(trs[:, k0:k1], local[:, k0:k1].transpose(2, 1, 0))

    # Depth-sorted order, so that every level is one contiguous block.
    ts_sorted = sc.trs_sorted
    for lv in sp.levels:
        dst = ts_sorted[:, lv.start : lv.end]
        if isinstance(lv.nodes, slice):
            np.copyto(dst, trs[:, lv.nodes])
        else:
            np.take(trs, lv.nodes, axis=1, out=dst, mode="clip")

    # Local matrices, then world matrices one depth level at a time (float32).
    lm = sc.lm
    _compose(ts_sorted, lm, sc.compose)
    for mi, node in enumerate(sp.matrix_nodes.tolist()):
        lm[:, int(sp.sorted_pos[node])] = sp.matrix_vals32[mi][:, None]
    w32 = sc.world
    nn = sp.node_count
    w4 = w32.reshape(4, 4, nn, n)
    lm4 = lm.reshape(4, 4, nn, n)
    world4 = world.reshape(4, 4, nn, n)
    for lv in sp.levels:
        a0, a1 = lv.start, lv.end
        if lv.parents is None:
            np.copyto(w32[:, a0:a1], lm[:, a0:a1])
        else:
            if isinstance(lv.parents, slice):
                parents = w32[:, lv.parents]
            else:
                parents = sc.parents[:, : a1 - a0]
                np.take(w32, lv.parents, axis=1, out=parents, mode="clip")
            p4 = parents.reshape(4, 4, parents.shape[1], n)
            _affine_product(p4, lm4[:, :, a0:a1], w4[:, :, a0:a1])
        # Widen into the float64 world matrices, in glTF node order.
        if isinstance(lv.nodes, slice):
            np.copyto(world4[:, 0:3, lv.nodes], w4[:, 0:3, a0:a1])
        else:
            world4[:, 0:3, lv.nodes] = w4[:, 0:3, a0:a1]

    # Palettes: inv(mesh world) x world x inverse bind, for the skeletons this clip drives,
    # one run of depth-sorted joints at a time (contiguous inputs).
    for si in plan.skeletons:
        sk = sp.skeletons[si]
        pal_out = palettes[si].reshape(4, 4, sk.count, n)
        for sorted_sl, joint_sel, ibm in sk.pieces:
            m = sorted_sl.stop - sorted_sl.start
            jw = w4[:, :, sorted_sl]
            # Into contiguous scratch, then copied: einsum writes strided outputs slowly.
            pal4 = sc.pal[:, :m].reshape(4, 4, m, n)
            _affine_product(jw, ibm, pal4)
            if sk.inv_mesh is not None:
                tmp = sc.joints[:, :m].reshape(4, 4, m, n)
                np.copyto(tmp, pal4)
                _affine_product(sk.inv_mesh_b, tmp, pal4)
            if isinstance(joint_sel, slice):
                np.copyto(pal_out[:, 0:3, joint_sel], pal4[:, 0:3])
            else:
                pal_out[:, 0:3, joint_sel] = pal4[:, 0:3]


# ---------------------------------------------------------------------------------------------
# The manager handler
# ---------------------------------------------------------------------------------------------


@dataclass(slots=True, eq=False)
class _Member:
    """One batchable group: its controller, pose, skeletons and where it is stored."""

    group: AnimationGroup
    ctrl: GltfController
    pose: NodePose
    skeletons: tuple[SkeletonBinding, ...]
    slot: int
    extras: tuple[ChannelPlan, ...]
    #: Other attached groups on the same pose: the member is batched only while they are
    #: stopped (otherwise tick order on a shared pose matters).
    siblings: tuple[AnimationGroup, ...]
    batch: _Batch
    duration: float
    #: Per-instance path: level views into this pose's world matrices (made on first use).
    views: LevelViews | None = None


@dataclass(slots=True, eq=False)
class _Batch:
    """Members playing one clip on one slab (or one non-slab pose)."""

    plan: ClipPlan
    sp: StructurePlan
    slab: InstanceSlab | None
    times: F64Array
    slots: IntpArray
    members: list[_Member] = field(default_factory=list)
    #: This frame's evaluated members and times: the first ``count`` entries (reused lists).
    active: list[_Member] = field(default_factory=list)
    time_list: list[float] = field(default_factory=list)
    count: int = 0
    single: _SingleScratch | None = None
    soa: _SoaScratch | None = None


# ---------------------------------------------------------------------------------------------
# Property groups: tracks of one clip sampled for all its groups at once
# ---------------------------------------------------------------------------------------------


@dataclass(slots=True, eq=False)
class _PropTrack:
    """One LINEAR or STEP property track as per-row tables (row 0: at or before the first
    key; row i: segment i - 1 -> i), shared by every group playing its clip."""

    times: tuple[float, ...]
    times64: F64Array
    step: bool
    row_t0: F64Array  # (L,)
    row_dt: F64Array  # (L,) inf for empty segments
    a: F64Array  # (L, stride) start values (STEP: the held key)
    d: F64Array  # (L, stride) b - a (STEP: the next key minus the held one)
    stride: int


def _prop_track(sampler: AnimationSampler, stride: int) -> _PropTrack:
    t64 = sampler.input_f64
    keys = sampler.output.astype(np.float64).reshape(-1, stride)
    n_keys = int(t64.shape[0])
    seg_a = [0] + list(range(n_keys - 1))
    seg_b = list(range(n_keys)) if n_keys > 1 else [0]
    row_t0 = np.array([float(t64[0])] + [float(t64[r - 1]) for r in range(1, n_keys)])
    row_dt = np.array(
        [1.0]
        + [
            (float(t64[r]) - float(t64[r - 1])) if float(t64[r]) > float(t64[r - 1]) else math.inf
            for r in range(1, n_keys)
        ]
    )
    a = keys[seg_a]
    d = keys[seg_b] - a
    for arr in (row_t0, row_dt, a, d):
        arr.flags.writeable = False
    return _PropTrack(
        times=tuple(float(x) for x in t64.tolist()),
        times64=t64,
        step=sampler.interpolation == INTERP_STEP,
        row_t0=row_t0,
        row_dt=row_dt,
        a=a,
        d=d,
        stride=stride,
    )


@dataclass(slots=True, eq=False)
class _PropMember:
    group: AnimationGroup
    ctrl: PropertyController
    writers: tuple[PropertyWriter, ...]
    batch: _PropBatch
    slot: int
    #: Per track: this member's values, a float32 memoryview slice of the batch's buffer
    #: (indexing gives Python floats, as the scalar path's ``array('f')`` scratch does).
    values: tuple[Scratch, ...] = ()
    finished: bool = False


@dataclass(slots=True, eq=False)
class _PropBatch:
    """Groups playing one property clip (same samplers, no easing, LINEAR or STEP)."""

    tracks: tuple[_PropTrack, ...]
    members: list[_PropMember] = field(default_factory=list)
    #: Per member slot: this frame's time (every slot is sampled; active ones are written).
    time_list: list[float] = field(default_factory=list)
    count: int = 0
    #: Per track: a float32 buffer of (members, stride) values and its numpy view.
    buffers: list[array[float]] = field(default_factory=list)
    views: list[F32Array] = field(default_factory=list)


def _finish_prop_batch(batch: _PropBatch) -> None:
    """Allocate the value buffers once the members are known."""
    n = len(batch.members)
    batch.buffers = [array("f", bytes(4 * n * tr.stride)) for tr in batch.tracks]
    batch.views = [
        np.frombuffer(buf, dtype=np.float32).reshape(n, tr.stride)
        for buf, tr in zip(batch.buffers, batch.tracks, strict=True)
    ]
    mviews = [memoryview(buf) for buf in batch.buffers]
    for m in batch.members:
        # A float32 memoryview slice: indexing reads Python floats, like array('f').
        m.values = tuple(
            cast("Scratch", mv[m.slot * tr.stride : (m.slot + 1) * tr.stride])
            for mv, tr in zip(mviews, batch.tracks, strict=True)
        )


def _prop_batchable(ctrl: PropertyController) -> bool:
    for track in ctrl.tracks:
        sampler = track.sampler
        if (
            track.easing is not None
            or track.quaternion
            or sampler.interpolation not in (INTERP_LINEAR, INTERP_STEP)
            or sampler.input.shape[0] == 0
        ):
            return False
    return bool(ctrl.tracks)


def _sample_prop_batch(batch: _PropBatch) -> None:
    """Sample every track of ``batch`` at every member's time (as ``evaluate_sampler``) into
    the float32 value buffers."""
    times = np.array(batch.time_list)
    for tr, view in zip(batch.tracks, batch.views, strict=True):
        n_keys = len(tr.times)
        row = np.searchsorted(tr.times64, times, side="right")
        np.minimum(row, n_keys - 1, out=row)
        row[times <= tr.times[0]] = 0
        f = (times - tr.row_t0[row]) / tr.row_dt[row]
        np.clip(f, 0.0, 1.0, out=f)
        if n_keys > 1:
            f[times >= tr.times[-1]] = 1.0
        if tr.step:
            # STEP holds key idx, or takes idx + 1 once t reaches it (f == 1).
            np.floor(f, out=f)
        np.copyto(view, tr.a[row] + f[:, None] * tr.d[row], casting="same_kind")


@dataclass(slots=True, eq=False)
class BatchEngine:
    """Per-manager state of the batched path (installed by :func:`enable_batched_evaluation`).

    Its bound :meth:`update` is the manager's category handler. Plans are rebuilt when the
    attached groups change; scratch lives here, so two managers never share it.

    Attributes
    ----------
    prior
        The category handler that was installed before (a weighted mixer), run first.
    batches
        The current batches (one per clip and slab, or per lone instance).
    soa, soa_min
        Use the batch path for ``soa_min`` or more instances of one slab (set ``soa`` to
        False to force the per-instance path).
    property_min
        Sample a property clip for all its groups at once from this many groups on.
    """

    prior: AnimationTaskCategoryHandler | None = None
    snapshot: list[AnimationGroup] = field(default_factory=list)
    #: Per attached group, in attachment order: its member record, or None (scalar tick).
    entries: list[_Member | _PropMember | None] = field(default_factory=list)
    #: Per attached group, this frame: 0 not evaluated, 1 scalar tick, 2 glTF batch,
    #: 3 property batch (reused list).
    kinds: list[int] = field(default_factory=list)
    batches: list[_Batch] = field(default_factory=list)
    prop_batches: list[_PropBatch] = field(default_factory=list)
    #: id(rest pose) -> (rest pose, plan), for the assets attached now.
    structures: dict[int, tuple[object, StructurePlan]] = field(default_factory=dict)
    #: (id(clip), id(rest pose)) -> (clip, rest pose, plan), for the clips attached now.
    clips: dict[tuple[int, int], tuple[object, object, ClipPlan]] = field(default_factory=dict)
    soa: bool = True
    soa_min: int = SOA_MIN_INSTANCES
    property_min: int = PROPERTY_BATCH_MIN

    def update(self, manager: AnimationManager, delta_ms: float) -> bool:
        """The category handler: tick every attached group, batching glTF groups."""
        return _update_batched(manager, self, delta_ms)


def batch_engine_of(manager: AnimationManager) -> BatchEngine | None:
    """The manager's :class:`BatchEngine` when batched evaluation is installed, else None."""
    owner = getattr(manager._task_category_handler, "__self__", None)
    return owner if isinstance(owner, BatchEngine) else None


def enable_batched_evaluation(manager: AnimationManager) -> BatchEngine:
    """Evaluate ``manager``'s glTF groups in batches (see the module notes).

    Installs the manager's animation-group category handler. A handler installed before
    (the weighted property or glTF mixer) keeps running first; when it blends, it ticks the
    groups itself that frame. Enabling a mixer *after* this replaces the batched handler
    (call this again afterwards). Calling it twice is harmless.

    Returns
    -------
    BatchEngine
        The manager's batch state (plans and scratch), e.g. to inspect ``batches``.
    """
    with manager._lock:
        existing = batch_engine_of(manager)
        if existing is not None:
            return existing
        prior = (
            manager._task_category_handler
            if manager._task_category == ANIMATION_GROUP_TASK_CATEGORY
            else None
        )
        eng = BatchEngine(prior=prior)
        set_animation_task_category_handler(manager, ANIMATION_GROUP_TASK_CATEGORY, eng.update)
        return eng


def disable_batched_evaluation(manager: AnimationManager) -> None:
    """Restore the handler that was installed before :func:`enable_batched_evaluation`."""
    with manager._lock:
        eng = batch_engine_of(manager)
        if eng is None:
            return
        manager._task_category_handler = eng.prior
        if eng.prior is None:
            manager._task_category = None


def _rebuild(manager: AnimationManager, eng: BatchEngine) -> None:
    groups = manager._groups
    eng.snapshot = list(groups)
    entries: list[_Member | _PropMember | None] = []
    batches: dict[tuple[int, int, int], _Batch] = {}
    by_pose: dict[int, list[AnimationGroup]] = {}
    used_structures: set[int] = set()
    used_clips: set[tuple[int, int]] = set()
    for group in groups:
        ctrl = group._ctrl
        if isinstance(ctrl, GltfController):
            by_pose.setdefault(id(ctrl._pose), []).append(group)
    prop_batches: dict[tuple[int, ...], _PropBatch] = {}
    for group in groups:
        ctrl = group._ctrl
        if isinstance(ctrl, PropertyController):
            if not _prop_batchable(ctrl):
                entries.append(None)
                continue
            pkey = tuple(id(track.sampler) for track in ctrl.tracks)
            pbatch = prop_batches.get(pkey)
            if pbatch is None:
                pbatch = prop_batches[pkey] = _PropBatch(
                    tracks=tuple(_prop_track(tr.sampler, tr.stride) for tr in ctrl.tracks)
                )
            pmember = _PropMember(
                group=group,
                ctrl=ctrl,
                writers=tuple(tr.writer for tr in ctrl.tracks),
                batch=pbatch,
                slot=len(pbatch.members),
            )
            pbatch.members.append(pmember)
            pbatch.time_list.append(0.0)
            entries.append(pmember)
            continue
        mixer = group._gltf_mixer
        if not isinstance(ctrl, GltfController) or ctrl.duration <= 0.0 or mixer is None:
            entries.append(None)
            continue
        pose = ctrl._pose
        data = mixer[1]
        if data.pose is not pose:
            entries.append(None)
            continue
        # Cached plans hold the objects they were built for (an id is only unique while its
        # object lives) and are pruned below to what the attached groups use.
        skey = id(pose.rest)
        cached_sp = eng.structures.get(skey)
        if cached_sp is None or cached_sp[0] is not pose.rest:
            cached_sp = eng.structures[skey] = (pose.rest, _structure_plan(pose, data.skeletons))
        sp = cached_sp[1]
        used_structures.add(skey)
        key = (id(ctrl.clip), id(pose.rest))
        cached_plan = eng.clips.get(key)
        if (
            cached_plan is None
            or cached_plan[0] is not ctrl.clip
            or cached_plan[1] is not pose.rest
        ):
            cached_plan = eng.clips[key] = (
                ctrl.clip,
                pose.rest,
                _clip_plan(ctrl.clip, ctrl, pose.rest),
            )
        plan = cached_plan[2]
        used_clips.add(key)
        slab = pose.slab if isinstance(pose, InstancePose) else None
        slot = pose.slot if isinstance(pose, InstancePose) else 0
        bkey = (id(plan), id(slab) if slab is not None else id(pose), id(sp))
        batch = batches.get(bkey)
        if batch is None:
            cap = slab.count if slab is not None else 1
            batch = _Batch(
                plan=plan,
                sp=sp,
                slab=slab,
                times=np.zeros(cap),
                slots=np.zeros(cap, dtype=np.intp),
            )
            batches[bkey] = batch
        plans = ctrl._plans
        member = _Member(
            group=group,
            ctrl=ctrl,
            pose=pose,
            skeletons=data.skeletons,
            slot=slot,
            extras=tuple(plans[ci] for ci in plan.extras),
            siblings=tuple(g for g in by_pose[id(pose)] if g is not group),
            batch=batch,
            duration=plan.duration,
        )
        batch.members.append(member)
        batch.active.append(member)
        batch.time_list.append(0.0)
        entries.append(member)
    # Forget the plans of assets no longer attached, so loading and removing assets in a loop
    # does not grow the engine (and a recycled id never meets a stale plan).
    for stale in [k for k in eng.structures if k not in used_structures]:
        del eng.structures[stale]
    for stale_clip in [k for k in eng.clips if k not in used_clips]:
        del eng.clips[stale_clip]
    eng.entries = entries
    eng.kinds = [0] * len(entries)
    eng.batches = list(batches.values())
    small = {id(pb) for pb in prop_batches.values() if len(pb.members) < eng.property_min}
    if small:
        for k, entry in enumerate(entries):
            if type(entry) is _PropMember and id(entry.batch) in small:
                entries[k] = None
    eng.prop_batches = [pb for pb in prop_batches.values() if id(pb) not in small]
    for pb in eng.prop_batches:
        _finish_prop_batch(pb)


def _update_batched(manager: AnimationManager, eng: BatchEngine, delta_ms: float) -> bool:
    prior = eng.prior
    if prior is not None and prior(manager, delta_ms):
        return True
    if manager._groups != eng.snapshot:
        _rebuild(manager, eng)
    engine = manager.engine
    seconds = delta_ms / 1000.0
    fmod = math.fmod
    set_time = _set_current_time
    kinds = eng.kinds
    for batch in eng.batches:
        batch.count = 0
    for pbatch in eng.prop_batches:
        pbatch.count = 0
    # Pass 1: advance the clocks of the groups evaluated in batches (no writes yet).
    for k, (group, member) in enumerate(zip(eng.snapshot, eng.entries, strict=True)):
        if group._stopped:
            kinds[k] = 0
            continue
        if member is None:
            kinds[k] = 1
            continue
        if type(member) is _PropMember:
            kinds[k] = _advance_property(group, member, seconds)
            continue
        assert type(member) is _Member
        mask = group.mask
        if (mask is not None and not mask.disabled) or (
            member.siblings and not _all_stopped(member.siblings)
        ):
            kinds[k] = 1
            continue
        # GltfController.tick's time advance, wrap and clamp.
        duration = member.duration
        time = group.current_time
        if group.is_playing:
            time += seconds * group.speed_ratio
            if time - time != 0.0:
                # Only an absurd finite speed * delta overflows; stay finite (fmod(inf) raises).
                time = math.copysign(_MAX_TIME, time)
        if group.loop_animation:
            t = fmod(time, duration)
            if t < 0.0:
                t += duration
        else:
            t = min(max(time, 0.0), duration)
        set_time(group, t)
        batch = member.batch
        i = batch.count
        batch.time_list[i] = t
        batch.active[i] = member
        batch.count = i + 1
        if engine is not None and engine is not member.ctrl._engine:
            member.ctrl._engine = _as_sink(engine)
        kinds[k] = 2
    # glTF batches write only their own instances' poses: order-independent.
    for batch in eng.batches:
        if batch.count:
            _run_batch(eng, batch)
    for pbatch in eng.prop_batches:
        if pbatch.count:
            _sample_prop_batch(pbatch)
    # Pass 2: every write to user objects in attachment order, as the scalar path does.
    for k, group in enumerate(eng.snapshot):
        kind = kinds[k]
        if kind == 1:
            tick_animation(group, delta_ms, engine)
        elif kind == 3:
            pm = eng.entries[k]
            assert type(pm) is _PropMember
            for writer, values in zip(pm.writers, pm.values, strict=True):
                writer(values)
            if pm.finished:
                _complete(group)
    return True


def _advance_property(group: AnimationGroup, member: _PropMember, seconds: float) -> int:
    """PropertyController.tick's clock for a batched group; returns its pass-2 kind."""
    ctrl = member.ctrl
    from_time = ctrl.from_time
    to_time = ctrl.to_time
    time = group.current_time
    playing = group.is_playing
    speed = group.speed_ratio
    if playing:
        time = time + seconds * speed
        if time - time != 0.0:
            time = math.copysign(_MAX_TIME, time)
    duration = max(0.0, to_time - from_time)
    if duration <= 0.0:
        _set_current_time(group, time)
        return 0
    finished = False
    if group.loop_animation and playing:
        t = from_time + math.fmod(time - from_time, duration)
        if t < from_time:
            t += duration
    else:
        t = time
        if t >= to_time:
            t = to_time
            finished = playing and speed > 0.0
        elif t <= from_time:
            t = from_time
            finished = playing and speed < 0.0
    _set_current_time(group, t)
    batch = member.batch
    batch.time_list[member.slot] = t
    batch.count += 1
    member.finished = finished
    return 3


def _all_stopped(groups: tuple[AnimationGroup, ...]) -> bool:
    return all(g._stopped for g in groups)


def _eval_extras(member: _Member, t: float) -> None:
    for _kind, sampler, stride, quat, dst, off, _node, writer in member.extras:
        evaluate_sampler(sampler, t, stride, quat, dst, off)
        if writer is not None:
            writer(dst)


def _run_batch(eng: BatchEngine, batch: _Batch) -> None:
    count = batch.count
    active = batch.active[:count]
    plan = batch.plan
    slab = batch.slab
    times = batch.time_list
    if (
        slab is not None
        and slab.component_major
        and eng.soa
        and count >= eng.soa_min
        and batch.sp.affine
        and not plan.pose_extras
    ):
        _run_soa(batch, slab, count)
        if plan.extras:
            for i, member in enumerate(active):
                _eval_extras(member, times[i])
    else:
        sc = batch.single
        if sc is None:
            sc = batch.single = _single_scratch(plan, batch.sp)
        for i, member in enumerate(active):
            t = times[i]
            _eval_single(plan, batch.sp, sc, member, t)
            if plan.extras and not plan.pose_extras:
                _eval_extras(member, t)
    for member in active:
        sink = member.ctrl._engine
        if sink is not None:  # per member: each group keeps the engine it was given
            for skel in member.ctrl._skeletons:
                sink.upload_skeleton(skel)
            for morph in member.ctrl._morph_touched:
                sink.upload_morph(morph)


def _run_soa(batch: _Batch, slab: InstanceSlab, count: int) -> None:
    sc = batch.soa
    if sc is None or sc.n != count:
        sc = batch.soa = _soa_scratch(batch.plan, batch.sp, count)
    in_order = True
    slots = batch.slots
    for i in range(count):
        member = batch.active[i]
        slots[i] = member.slot
        if member.slot != i:
            in_order = False
    times = batch.times[:count]
    np.copyto(times, batch.time_list[:count])
    sp = batch.sp
    if in_order:
        _eval_soa(
            batch.plan,
            sp,
            sc,
            times,
            slab.local[:count],
            slab.world[:, :, :count],
            tuple(p[:, :, :count] for p in slab.palettes),
        )
        return
    # Members out of slot order, or a subset of the slab: gather, evaluate, scatter back.
    idx = slots[:count]
    local = slab.local[idx]
    world = slab.world[:, :, idx]
    pals = tuple(p[:, :, idx] for p in slab.palettes)
    _eval_soa(batch.plan, sp, sc, times, local, world, pals)
    slab.local[idx] = local
    slab.world[:, :, idx] = world
    for si in batch.plan.skeletons:
        slab.palettes[si][:, :, idx] = pals[si]
