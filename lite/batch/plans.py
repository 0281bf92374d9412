"""Bind-time plans of the batch engine: one per asset hierarchy, one per (clip, asset).

A :class:`StructurePlan` holds an asset's depth levels and palette pieces; a :class:`ClipPlan`
turns a glTF clip's LINEAR TRS channels that share key times into per-segment tables (see
:mod:`lite.batch`). Built once when groups attach, read every frame. No Babylon Lite
counterpart (Python-only).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from lite.animation.constants import (
    INTERP_LINEAR,
    PATH_ROTATION,
    PATH_SCALE,
    PATH_TRANSLATION,
    QUAT_NLERP_THRESHOLD,
)
from lite.skeleton.animation_controller import GltfController
from lite.skeleton.pose import POSE_STRIDE

if TYPE_CHECKING:
    from lite.animation.types import AnimationClip, AnimationSampler, F32Array, F64Array
    from lite.skeleton.pose import NodePose

    #: One entry of ``GltfController._plans``: kind, sampler, stride, quaternion, destination,
    #: offset, node, pointer writer.
    from lite.skeleton.skeleton_updater import PointerWriter, SkeletonBinding

    ChannelPlan = tuple[int, AnimationSampler, int, bool, F32Array, int, int, PointerWriter | None]


__all__ = ["MAX_TABLE_CELLS", "ClipPlan", "StructurePlan"]


#: Most (key rows x reset nodes) cells a glTF clip's sampling tables may have (about 650 bytes
#: each while built, ~85 MiB at the limit). Past it the clip's channels are sampled per
#: instance with :func:`lite.animation.evaluate.evaluate_sampler`, as the scalar controller does:
#: a few
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


def _depths(parent: list[int]) -> list[int]:
    """Depth of every node (roots 0), each ancestor chain walked once: linear in the nodes.

    Parents may come after their children in glTF order, so a node whose depth is unknown
    walks up to the first ancestor whose depth is known, then numbers that path back down.
    The loader has already refused cycles (``LITE-GLTF-005``).
    """
    depth = [-1] * len(parent)
    path: list[int] = []
    for i in range(len(parent)):
        j = i
        while j >= 0 and depth[j] < 0:
            path.append(j)
            j = parent[j]
        d = depth[j] if j >= 0 else -1
        while path:
            d += 1
            depth[path.pop()] = d
    return depth


def _structure_plan(pose: NodePose, skeletons: tuple[SkeletonBinding, ...]) -> StructurePlan:
    n = pose.node_count
    parent = [int(p) for p in pose.parent.tolist()]
    depth = _depths(parent)
    max_depth = max(depth) if n else 0
    # Bucket the nodes by depth (glTF order within a level): linear in the node count, where
    # scanning every node per level was quadratic in the depth (a 20k-node chain took 12 s).
    by_depth: list[list[int]] = [[] for _ in range(max_depth + 1)]
    for i in range(n):
        by_depth[depth[i]].append(i)
    order = [i for level in by_depth for i in level]
    sorted_pos = [0] * n
    for k, node in enumerate(order):
        sorted_pos[node] = k
    levels: list[_Level] = []
    start = 0
    for d in range(max_depth + 1):
        nodes = by_depth[d]
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
