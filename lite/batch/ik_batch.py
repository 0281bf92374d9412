"""Two-bone IK over a whole crowd in one call: :func:`solve_crowd_two_bone_ik`.

The batched form of :func:`lite.motion.ik.solve_two_bone_ik` (Python-only; lite's own addition).

The poses of a crowd made by :func:`lite.instantiate_many` live in one
:class:`~lite.loader_gltf.instancing.InstanceSlab`, whose world matrices are one
``(16, N, capacity)`` array (component-major, instance innermost) and whose local TRS are one
``(capacity, N, 10)`` array. For such a crowd the solve is array operations over all ``M``
rows at once, with the scalar function's arithmetic:

1. gather the chain's world positions and the world rotations of the root's and the mid
   joint's parents (columns normalised, as the scalar does) from ``slab.world``;
2. validate every row (a zero-length bone, a pole on the line to the target) before anything
   is written, then solve the law-of-cosines bend and the two world swings for all rows;
3. write the root's and mid joint's local rotations into ``slab.local`` (slerped from the
   pose by ``weight`` with the sampler's short-arc slerp, as the scalar does);
4. recompute the world matrices of the root's subtree only (the root and its descendants),
   one depth level at a time, as stacked float64 products over all rows
   (:func:`lite.skeleton.pose.compose_matrices`, then ``parent x local``), and the palette
   entries of the skeleton joints in that subtree (``inv(mesh world) x world x inverse bind``,
   as :func:`lite.skeleton.skeleton_updater.update_joint_matrices`).

Poses that are not all in one component-major slab (loaded assets, instances of several
slabs or a slab of fewer than 4, a pose passed twice) take the same solve with a per-pose
gather and write, then :func:`lite.skeleton.pose.update_world_matrices` per pose; their
palettes are refreshed where the pose is a slab instance. Either way the result equals calling
:func:`~lite.motion.ik.solve_two_bone_ik` row by row: local rotations to float32 rounding,
world matrices to 1e-6 (the scalar recomputes the whole pose's world matrices, the crowd
form only the subtree that moved: their parents' are taken as they are).
"""

from __future__ import annotations

import contextlib
import numbers
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import numpy as np

from lite.animation.constants import QUAT_NLERP_THRESHOLD
from lite.batch.quat_rows import cross, dot, length, qconj, qmul, qnormalize, qrot
from lite.errors import AnimationStateError
from lite.loader_gltf.instancing import InstancePose, InstanceSlab
from lite.motion.ik import ik_weight, is_ancestor, node_index
from lite.skeleton.pose import R_OFF, NodePose, compose_matrices, update_world_matrices

if TYPE_CHECKING:
    from lite.animation.types import F64Array
    from lite.skeleton.skeleton_updater import SkeletonBinding

__all__ = ["solve_crowd_two_bone_ik"]

_EPS: Final = 1e-9
BoolArray = np.ndarray[tuple[int, ...], np.dtype[np.bool_]]
IntpArray = np.ndarray[tuple[int, ...], np.dtype[np.intp]]


def _err(code: str, message: str, hint: str, name: str) -> AnimationStateError:
    return AnimationStateError(code, message, hint=hint, input_name=name)


# ---------------------------------------------------------------------------------------------
# Validation (once, before anything is written)
# ---------------------------------------------------------------------------------------------


def _check_poses(poses: object) -> list[NodePose]:
    items = list(poses) if isinstance(poses, Sequence) and not isinstance(poses, str) else None
    if not items or not all(isinstance(p, NodePose) for p in items):
        raise _err(
            "LITE-MOTION-040",
            f"poses must be a non-empty sequence of NodePoses, got {type(poses).__name__}",
            "pass [inst.pose for inst in lite.instantiate_many(asset, count)]",
            "poses",
        )
    out: list[NodePose] = items
    first = out[0]
    shared = first.parent
    bad = next(
        (
            i
            for i, p in enumerate(out)
            if p.parent is not shared and not np.array_equal(p.parent, shared)
        ),
        None,
    )
    if bad is not None:
        raise _err(
            "LITE-MOTION-040",
            f"poses[{bad}] has another hierarchy than poses[0] ({out[bad].node_count} nodes "
            f"vs {first.node_count})",
            "solve one asset's instances per call",
            "poses",
        )
    return out


def _points(value: object, m: int, name: str) -> F64Array:
    arr: np.ndarray | None
    try:
        arr = np.asarray(value)
    except (TypeError, ValueError):
        arr = None
    ok = arr is not None and arr.dtype.kind in "iuf" and arr.shape == (m, 3)
    if arr is not None and ok:
        arr = np.asarray(arr, dtype=np.float64)
        ok = bool(np.isfinite(arr).all())
    if not ok or arr is None:
        got = f"shape {arr.shape} of {arr.dtype}" if arr is not None else repr(value)
        raise _err(
            "LITE-MOTION-041",
            f"{name} must be an ({m}, 3) array of finite numbers (one row per pose), got {got}",
            "pass e.g. np.zeros((len(poses), 3)) filled with world positions",
            name,
        )
    return arr


def _weights(value: object, m: int) -> F64Array:
    if isinstance(value, numbers.Number) or not isinstance(value, (Sequence, np.ndarray)):
        return np.full(m, ik_weight(value))
    arr: np.ndarray | None
    try:
        arr = np.asarray(value)
    except (TypeError, ValueError):
        arr = None
    ok = arr is not None and arr.dtype.kind in "iuf" and arr.shape == (m,)
    if arr is not None and ok:
        arr = np.asarray(arr, dtype=np.float64)
        ok = bool(np.isfinite(arr).all() and (arr >= 0.0).all() and (arr <= 1.0).all())
    if not ok or arr is None:
        got = f"shape {arr.shape} of {arr.dtype}" if arr is not None else repr(value)
        raise _err(
            "LITE-MOTION-042",
            f"weight must be a number or an ({m},) array of numbers in [0, 1], got {got}",
            "pass 1.0, or one weight per pose",
            "weight",
        )
    return arr


def _out(value: object, m: int) -> BoolArray:
    if value is None:
        return np.zeros(m, dtype=np.bool_)
    if (
        not isinstance(value, np.ndarray)
        or value.dtype != np.bool_
        or value.shape != (m,)
        or not value.flags.writeable
    ):
        got = (
            f"shape {value.shape} of {value.dtype}"
            if isinstance(value, np.ndarray)
            else type(value).__name__
        )
        raise _err(
            "LITE-MOTION-043",
            f"out must be a writable ({m},) bool array, got {got}",
            "pass np.zeros(len(poses), dtype=bool), or None",
            "out",
        )
    return value


# ---------------------------------------------------------------------------------------------
# Swings and rotations of rows (products and rotations: lite.batch.quat_rows)
# ---------------------------------------------------------------------------------------------


def _any_perpendicular(u: F64Array) -> F64Array:
    axis = np.where((np.abs(u[:, 0]) < 0.9)[:, None], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0])
    p = cross(u, axis)
    out: F64Array = p / length(p)[:, None]
    return out


def _swing(f: F64Array, g: F64Array) -> F64Array:
    """Shortest rotations taking directions ``f`` to ``g`` (rows non-zero)."""
    f = f / length(f)[:, None]
    g = g / length(g)[:, None]
    d = dot(f, g)
    c = cross(f, g)
    q = qnormalize(np.concatenate((c, (1.0 + d)[:, None]), axis=1))
    opposite = d < -1.0 + 1e-12
    if opposite.any():
        p = _any_perpendicular(f[opposite])
        q[opposite] = np.concatenate((p, np.zeros((len(p), 1))), axis=1)
    return q


def _rotation_of(world16: F64Array) -> F64Array:
    """World rotations of ``(M, 16)`` column-major matrices (columns normalised), as the
    scalar ``_quat_from_columns`` with its four branches chosen row by row."""
    cols = world16[:, 0:12].reshape(-1, 3, 4)[:, :, 0:3]  # cols[:, c] = column c
    n = np.sqrt(np.einsum("mci,mci->mc", cols, cols))
    cols = cols / np.where(n == 0.0, 1.0, n)[:, :, None]
    m00, m10, m20 = cols[:, 0, 0], cols[:, 0, 1], cols[:, 0, 2]
    m01, m11, m21 = cols[:, 1, 0], cols[:, 1, 1], cols[:, 1, 2]
    m02, m12, m22 = cols[:, 2, 0], cols[:, 2, 1], cols[:, 2, 2]
    trace = m00 + m11 + m22
    q = np.zeros((len(world16), 4))
    b0 = trace > 0.0
    b1 = ~b0 & (m00 > m11) & (m00 > m22)
    b2 = ~b0 & ~b1 & (m11 > m22)
    b3 = ~b0 & ~b1 & ~b2
    with np.errstate(invalid="ignore", divide="ignore"):
        s = 0.5 / np.sqrt(np.where(b0, trace, 0.0) + 1.0)
        q[:, 0] = (m21 - m12) * s
        q[:, 1] = (m02 - m20) * s
        q[:, 2] = (m10 - m01) * s
        q[:, 3] = 0.25 / s
    # The other three branches, on their rows only.
    if b1.any():
        n00, n01, n02, n10, n11, n12, n20, n21, n22 = (
            v[b1] for v in (m00, m01, m02, m10, m11, m12, m20, m21, m22)
        )
        s = 2.0 * np.sqrt(1.0 + n00 - n11 - n22)
        q[b1] = np.stack((0.25 * s, (n01 + n10) / s, (n02 + n20) / s, (n21 - n12) / s), axis=1)
    if b2.any():
        n00, n01, n02, n10, n11, n12, n20, n21, n22 = (
            v[b2] for v in (m00, m01, m02, m10, m11, m12, m20, m21, m22)
        )
        s = 2.0 * np.sqrt(1.0 + n11 - n00 - n22)
        q[b2] = np.stack(((n01 + n10) / s, 0.25 * s, (n12 + n21) / s, (n02 - n20) / s), axis=1)
    if b3.any():
        n00, n01, n02, n10, n11, n12, n20, n21, n22 = (
            v[b3] for v in (m00, m01, m02, m10, m11, m12, m20, m21, m22)
        )
        s = 2.0 * np.sqrt(1.0 + n22 - n00 - n11)
        q[b3] = np.stack(((n02 + n20) / s, (n12 + n21) / s, 0.25 * s, (n10 - n01) / s), axis=1)
    return qnormalize(q)


def _new_local(old32: np.ndarray, parent_rot: F64Array, q: F64Array, w: F64Array) -> np.ndarray:
    """The float32 local rotations ``P^-1 q P L`` slerped from ``L`` by ``w`` (the scalar
    ``_apply_world_delta`` with the sampler's ``quat_slerp``, row by row)."""
    old = qnormalize(np.asarray(old32, dtype=np.float64))
    new = qnormalize(qmul(qmul(qmul(qconj(parent_rot), q), parent_rot), old))
    out = new.astype(np.float32)
    part = w < 1.0
    if not part.any():
        return out
    a, b, t = old[part], new[part], w[part][:, None]
    cos = dot(a, b)
    b = np.where((cos < 0.0)[:, None], -b, b)
    cos = np.abs(cos)
    near = cos > QUAT_NLERP_THRESHOLD
    theta = np.arccos(np.minimum(cos, 1.0))[:, None]
    sin_theta = np.sin(theta)
    with np.errstate(invalid="ignore", divide="ignore"):
        slerp = np.sin((1.0 - t) * theta) / sin_theta * a + np.sin(t * theta) / sin_theta * b
    res = slerp.astype(np.float32)
    if near.any():
        # Lerp, stored as float32, then normalize_quat4 on the stored components.
        lerp = (a + t * (b - a)).astype(np.float32).astype(np.float64)
        len_sq = np.einsum("ij,ij->i", lerp, lerp)
        inv = 1.0 / np.sqrt(np.where(len_sq > 0.0, len_sq, 1.0))
        lerp = np.where((len_sq > 0.0)[:, None], lerp * inv[:, None], lerp)
        res[near] = lerp[near].astype(np.float32)
    out[part] = res
    return out


# ---------------------------------------------------------------------------------------------
# The solve on gathered arrays
# ---------------------------------------------------------------------------------------------


@dataclass(slots=True)
class _Solve:
    """What the solve writes: rows to change, their new float32 local rotations, reached."""

    rows: IntpArray
    root_q: np.ndarray
    mid_q: np.ndarray
    reached: BoolArray


def _solve(
    pos: F64Array,  # (3, M, 3): root, mid, tip world positions
    parent_world: F64Array,  # (2, M, 16): the root's and the mid joint's parents' world
    has_parent: tuple[bool, bool],
    old_local: np.ndarray,  # (2, M, 4) float32: current local rotations
    goal: F64Array,
    pole: F64Array | None,
    w: F64Array,
    names: tuple[int, int, int],
) -> _Solve:
    a, b, c = pos[0], pos[1], pos[2]
    l1 = length(b - a)
    l2 = length(c - b)
    short = (l1 < _EPS) | (l2 < _EPS)
    if short.any():
        i = int(np.flatnonzero(short)[0])
        r, m, t = names
        raise _err(
            "LITE-MOTION-024",
            f"row {i}: the chain {r} -> {m} -> {t} has a zero-length bone ({l1[i]:g}, {l2[i]:g})",
            "solve over joints that are apart in the current pose",
            "mid",
        )
    to_goal = goal - a
    d = length(to_goal)
    rows = np.flatnonzero(d >= _EPS)
    reached = np.zeros(len(a), dtype=np.bool_)
    a, b, c, l1, l2, d = a[rows], b[rows], c[rows], l1[rows], l2[rows], d[rows]
    u = to_goal[rows] / d[:, None]
    hint_dir = (pole[rows] if pole is not None else b) - a
    perp = hint_dir - u * dot(hint_dir, u)[:, None]
    flat = length(perp) < _EPS * np.maximum(1.0, length(hint_dir))
    if flat.any():
        if pole is not None:
            i = int(rows[np.flatnonzero(flat)[0]])
            raise _err(
                "LITE-MOTION-024",
                f"row {i}: the pole lies on the line from the root to the target, so it "
                "picks no bend plane",
                "move the pole off that line (e.g. in front of the knee)",
                "poles",
            )
        bend = cross(b[flat] - a[flat], c[flat] - b[flat])
        uf = u[flat]
        alt = cross(bend, uf)
        none = length(bend) <= _EPS
        if none.any():
            alt[none] = _any_perpendicular(uf[none])
        perp[flat] = alt
    v = perp / length(perp)[:, None]
    reach = np.minimum(np.maximum(d, np.abs(l1 - l2)), l1 + l2)
    cos_a = np.clip((l1 * l1 + reach * reach - l2 * l2) / (2.0 * l1 * reach), -1.0, 1.0)
    sin_a = np.sqrt(np.maximum(0.0, 1.0 - cos_a * cos_a))
    b_new = a + l1[:, None] * (cos_a[:, None] * u + sin_a[:, None] * v)
    c_new = a + reach[:, None] * u
    q1 = _swing(b - a, b_new - a)
    c_after = a + qrot(q1, c - a)
    q2 = _swing(c_after - b_new, c_new - b_new)
    n = len(rows)
    # Both parents' world rotations, then both joints' new local rotations, in one pass each.
    parents = _rotation_of(parent_world[:, rows].reshape(2 * n, 16))
    ident = np.array([0.0, 0.0, 0.0, 1.0])
    for j in (0, 1):
        if not has_parent[j]:
            parents[j * n : (j + 1) * n] = ident
    parents[n:] = qmul(q1, parents[n:])  # the mid joint's parent turns with the root
    wr = w[rows]
    both = _new_local(
        old_local[:, rows].reshape(2 * n, 4),
        parents,
        np.concatenate((q1, q2)),
        np.concatenate((wr, wr)),
    )
    root_q, mid_q = both[:n], both[n:]
    reached[rows] = (d <= l1 + l2 + 1e-9) & (d >= np.abs(l1 - l2) - 1e-9)
    return _Solve(rows=rows, root_q=root_q, mid_q=mid_q, reached=reached)


# ---------------------------------------------------------------------------------------------
# Subtree plans (per slab and root joint)
# ---------------------------------------------------------------------------------------------


Index = slice | IntpArray


def _index(positions: list[int]) -> Index:
    """``positions`` as a slice when they are consecutive (a view, not a gather)."""
    if positions == list(range(positions[0], positions[0] + len(positions))):
        return slice(positions[0], positions[0] + len(positions))
    return np.array(positions, dtype=np.intp)


@dataclass(slots=True, eq=False)
class _Subtree:
    """The root's subtree in depth order, with per-level parent positions. Matrices are
    component-major ``(4, 4, ...)`` blocks: ``[c, r]`` is column ``c``, row ``r``."""

    nodes: Index  # (K,) node indices, depth-sorted, nodes[0] = root
    count: int
    #: Per depth level below the root: (positions in ``nodes``, parents' positions).
    levels: tuple[tuple[Index, Index], ...]
    #: (positions in ``nodes``, (4, 4, k, 1) local matrices) of glTF-matrix nodes.
    matrices: tuple[IntpArray, F64Array]
    #: Per skeleton with joints in the subtree: (skeleton index, joint indices, positions in
    #: ``nodes``, inverse binds (4, 4, j, 1), inverse mesh world (4, 4, 1, 1) or None for
    #: the identity).
    palettes: tuple[tuple[int, Index, Index, F64Array, F64Array | None], ...]


_PLANS: weakref.WeakKeyDictionary[InstanceSlab, dict[int, _Subtree]] = weakref.WeakKeyDictionary()


def _subtree(pose: NodePose, root: int, skeletons: Sequence[SkeletonBinding]) -> _Subtree:
    parent = pose.parent.tolist()
    inside = {root}
    nodes = [root]
    for node in pose._order.tolist():
        if node != root and parent[node] in inside:
            inside.add(node)
            nodes.append(node)
    where = {node: k for k, node in enumerate(nodes)}
    depth: dict[int, int] = {root: 0}
    for node in nodes[1:]:
        depth[node] = depth[parent[node]] + 1
    levels = []
    for d in range(1, max(depth.values()) + 1):
        at = [k for k, node in enumerate(nodes) if depth[node] == d]
        levels.append((_index(at), _index([where[parent[nodes[k]]] for k in at])))
    order = pose._order.tolist()
    mpos, mvals = [], []
    for i, pos in enumerate(pose._matrix_pos.tolist()):
        node = order[pos]
        if node in where:
            mpos.append(where[node])
            mvals.append(pose._matrix_vals[i])
    matrices = (
        np.array(mpos, dtype=np.intp),
        np.stack(mvals).transpose(1, 2, 0)[:, :, :, None] if mvals else np.zeros((4, 4, 0, 1)),
    )
    pals = []
    for si, skel in enumerate(skeletons):
        joints = [j for j, node in enumerate(skel.joint_nodes.tolist()) if node in where]
        if joints:
            ibm = np.array(skel._ibm, dtype=np.float64)[joints]  # (j, 4, 4) [j, c, r]
            inv = np.asarray(skel.inv_mesh_world, dtype=np.float64)
            pals.append(
                (
                    si,
                    _index(joints),
                    _index([where[int(skel.joint_nodes[j])] for j in joints]),
                    np.ascontiguousarray(ibm.transpose(1, 2, 0))[:, :, :, None],
                    None if np.array_equal(inv, np.eye(4)) else np.array(inv)[:, :, None, None],
                )
            )
    return _Subtree(
        nodes=_index(nodes),
        count=len(nodes),
        levels=tuple(levels),
        matrices=matrices,
        palettes=tuple(pals),
    )


def _plan(slab: InstanceSlab, pose: NodePose, root: int) -> _Subtree:
    per_root = _PLANS.get(slab)
    if per_root is None:
        per_root = _PLANS[slab] = {}
    plan = per_root.get(root)
    if plan is None:
        plan = per_root[root] = _subtree(pose, root, slab.skeletons)
    return plan


def _product(left: F64Array, right: F64Array) -> F64Array:
    """``left x right`` for ``(4, 4, ...)`` column-major blocks (trailing axes broadcast):
    ``out[c, r] = sum_k left[k, r] * right[c, k]``, the full 4x4 product."""
    out: F64Array = np.einsum("kr...,ck...->cr...", left, right)
    return out


def _subtree_world(plan: _Subtree, local: np.ndarray, top: F64Array | None) -> F64Array:
    """World matrices ``(4, 4, K, M)`` of the subtree for all rows, from its local TRS
    ``(M, K, 10)`` and the root's parent's world ``top`` ``(4, 4, M)``.

    Local matrices come from :func:`~lite.skeleton.pose.compose_matrices` (the scalar
    arithmetic, here on component-major views), world matrices one depth level at a time."""
    m, k = local.shape[0], local.shape[1]
    trs = np.asarray(local.transpose(2, 1, 0), dtype=np.float64).reshape(10, k * m)
    lm = np.zeros((4, 4, k * m))
    lm[3, 3] = 1.0
    compose_matrices(trs.T, lm.transpose(2, 0, 1), np.zeros((10, k * m)))
    lm4 = lm.reshape(4, 4, k, m)
    mpos, mvals = plan.matrices
    if len(mpos):
        lm4[:, :, mpos] = mvals
    world = np.empty((4, 4, k, m))
    world[:, :, 0] = lm4[:, :, 0] if top is None else _product(top, lm4[:, :, 0])
    for at, parents in plan.levels:
        world[:, :, at] = _product(world[:, :, parents], lm4[:, :, at])
    return world


# ---------------------------------------------------------------------------------------------
# Entry point
# ---------------------------------------------------------------------------------------------


def _one_slab(poses: list[NodePose]) -> tuple[InstanceSlab, IntpArray] | None:
    first = poses[0]
    if not isinstance(first, InstancePose) or first.slab is None:
        return None
    slab = first.slab
    if not slab.component_major:
        return None
    if not all(getattr(p, "slab", None) is slab for p in poses):
        return None
    slots = [p.slot for p in poses]  # type: ignore[attr-defined]
    arr = np.array(slots, dtype=np.intp)
    if not isinstance(_as_index(arr), slice) and len(np.unique(arr)) != len(arr):
        return None
    return slab, arr


def _as_index(slots: IntpArray) -> Index:
    start = int(slots[0])
    if np.array_equal(slots, np.arange(start, start + len(slots))):
        return slice(start, start + len(slots))
    return slots


def solve_crowd_two_bone_ik(
    poses: Sequence[NodePose],
    root: int,
    mid: int,
    tip: int,
    targets: F64Array | Sequence[Sequence[float]],
    *,
    poles: F64Array | Sequence[Sequence[float]] | None = None,
    weight: float | F64Array | Sequence[float] = 1.0,
    out: BoolArray | None = None,
) -> BoolArray:
    """Bend the chain ``root -> mid -> tip`` of every pose so its tip reaches its target.

    Row ``i`` gives the result of ``lite.solve_two_bone_ik(poses[i], root, mid, tip,
    targets[i], pole=poles[i], weight=w[i])``, computed with array operations over all poses
    of one slab at once (see :mod:`lite.batch.ik_batch`). The root's subtree gets new world
    matrices, and the skin palettes of its joints are refreshed for slab instances (the
    scalar function leaves palettes to the caller).

    Parameters
    ----------
    poses
        ``M`` poses of one asset with current world matrices, typically
        ``[inst.pose for inst in lite.instantiate_many(asset, M)]``. Poses not all in one
        slab are solved pose by pose with the same arithmetic.
    root, mid, tip
        Node indices: ``mid`` below ``root``, ``tip`` below ``mid`` in the hierarchy.
    targets
        ``(M, 3)`` world positions for the tips.
    poles
        Optional ``(M, 3)`` world points the bends point towards.
    weight
        0 leaves the poses, 1 is the full solve: one number, or one per pose ``(M,)``.
    out
        Optional ``(M,)`` bool array for the result.

    Returns
    -------
    numpy.ndarray
        ``(M,)`` bool (``out`` when given): True where the target was within reach.

    Raises
    ------
    AnimationStateError
        ``LITE-MOTION-040`` for ``poses`` that are not a non-empty sequence of NodePoses of
        one hierarchy; ``LITE-MOTION-021`` for a node index out of range;
        ``LITE-MOTION-041`` for targets or poles that are not an ``(M, 3)`` array of finite
        numbers; ``LITE-MOTION-023`` / ``-042`` for a weight (number / array) outside
        [0, 1]; ``LITE-MOTION-043`` for an ``out`` that is not a writable ``(M,)`` bool
        array; ``LITE-MOTION-024`` for a degenerate chain (joints not in order, a zero-length
        bone or a pole on the line to the target in any row). Nothing is written on refusal.
    """
    ps = _check_poses(poses)
    m = len(ps)
    first = ps[0]
    r = node_index(first, root, "root")
    mi = node_index(first, mid, "mid")
    t = node_index(first, tip, "tip")
    goal = _points(targets, m, "targets")
    pole = _points(poles, m, "poles") if poles is not None else None
    w = _weights(weight, m)
    result = _out(out, m)
    if not (is_ancestor(first, r, mi) and is_ancestor(first, mi, t)):
        raise _err(
            "LITE-MOTION-024",
            f"nodes {r}, {mi}, {t} are not a chain: mid must be below root and tip below mid",
            "pass e.g. the upper leg, the lower leg and the foot, in that order",
            "mid",
        )
    pr, pm = int(first.parent[r]), int(first.parent[mi])
    chain = np.array([r, mi, t], dtype=np.intp)
    above = np.array([max(pr, 0), max(pm, 0)], dtype=np.intp)
    home = _one_slab(ps)
    with contextlib.ExitStack() as stack:
        # One slab: one lock (its instances share it); else each distinct lock, in id order.
        locks = {id(p.lock): p.lock for p in ps} if home is None else {0: home[0].lock}
        for key in sorted(locks):
            stack.enter_context(locks[key])
        if home is not None:
            slab, slot_arr = home
            cols = _as_index(slot_arr)
            # world[k, node, slot]: component k of the node's column-major matrix.
            pos = slab.world[12:15][:, chain][:, :, cols].transpose(1, 2, 0)
            pw = slab.world[:, above][:, :, cols].transpose(1, 2, 0)
            old = slab.local[cols][:, [r, mi], R_OFF : R_OFF + 4].transpose(1, 0, 2)
            sol = _solve(pos, pw, (pr >= 0, pm >= 0), old, goal, pole, w, (r, mi, t))
            if len(sol.rows):
                _write_slab(slab, slot_arr[sol.rows], first, r, mi, sol)
            np.copyto(result, sol.reached)
            return result
        # Pose by pose. A pose passed twice is solved twice, in order: rounds of distinct
        # poses. Whether a row is refused does not depend on earlier rows (the solve keeps
        # the root where it is and the bone lengths), so validating on the first round's
        # gather covers them all.
        seen: dict[int, int] = {}
        rounds: list[list[int]] = []
        for i, p in enumerate(ps):
            k = seen.get(id(p), 0)
            seen[id(p)] = k + 1
            if k == len(rounds):
                rounds.append([])
            rounds[k].append(i)
        if len(rounds) > 1:
            _gather_solve(ps, list(range(m)), chain, above, (pr, pm), goal, pole, w, (r, mi, t))
        for rows_in in rounds:
            sol = _gather_solve(ps, rows_in, chain, above, (pr, pm), goal, pole, w, (r, mi, t))
            for k, i in enumerate(sol.rows.tolist()):
                q = ps[rows_in[i]]
                q.local[r, R_OFF : R_OFF + 4] = sol.root_q[k]
                q.local[mi, R_OFF : R_OFF + 4] = sol.mid_q[k]
                update_world_matrices(q)
                _refresh_palettes(q)
            result[rows_in] = sol.reached
    return result


def _gather_solve(
    ps: list[NodePose],
    rows: list[int],
    chain: IntpArray,
    above: IntpArray,
    parents: tuple[int, int],
    goal: F64Array,
    pole: F64Array | None,
    w: F64Array,
    names: tuple[int, int, int],
) -> _Solve:
    """:func:`_solve` on the poses ``ps[rows]``, gathered one by one."""
    r, mi, _ = names
    pos = np.stack([ps[i].world[chain, 3, 0:3] for i in rows], axis=1)
    pw = np.stack([ps[i].world[above].reshape(2, 16) for i in rows], axis=1)
    old = np.stack([ps[i].local[[r, mi], R_OFF : R_OFF + 4] for i in rows], axis=1)
    return _solve(
        pos,
        pw,
        (parents[0] >= 0, parents[1] >= 0),
        old,
        goal[rows],
        None if pole is None else pole[rows],
        w[rows],
        names,
    )


def _write_slab(
    slab: InstanceSlab, slots: IntpArray, pose: NodePose, r: int, mi: int, sol: _Solve
) -> None:
    """Write the rotations, then the subtree's world matrices and palettes, for ``slots``."""
    cols = _as_index(slots)
    slab.local[cols, r, R_OFF : R_OFF + 4] = sol.root_q
    slab.local[cols, mi, R_OFF : R_OFF + 4] = sol.mid_q
    plan = _plan(slab, pose, r)
    nodes = plan.nodes
    pr = int(pose.parent[r])
    if isinstance(cols, slice) or isinstance(nodes, slice):
        local = slab.local[cols, nodes]
    else:
        local = slab.local[cols[:, None], nodes]
    top = None
    if pr >= 0:
        top = slab.world[:, pr, cols].reshape(4, 4, -1)
    world = _subtree_world(plan, local, top)
    m = world.shape[3]
    _scatter(slab.world, nodes, cols, world.reshape(16, plan.count, m))
    for si, joints, at, ibm, inv in plan.palettes:
        pal = _product(world[:, :, at], ibm)
        if inv is not None:
            pal = _product(inv, pal)
        _scatter(slab.palettes[si], joints, cols, pal.reshape(16, -1, m))


def _scatter(target: np.ndarray, nodes: Index, cols: Index, values: np.ndarray) -> None:
    """``target[:, nodes, cols] = values`` for ``(16, n, C)`` slab arrays."""
    if isinstance(nodes, slice) or isinstance(cols, slice):
        target[:, nodes, cols] = values
    else:
        target[:, nodes[:, None], cols[None, :]] = values


def _refresh_palettes(pose: NodePose) -> None:
    """Every palette of a slab instance from its (just recomputed) world matrices."""
    if not isinstance(pose, InstancePose) or pose.slab is None:
        return
    slab, slot = pose.slab, pose.slot
    for si, skel in enumerate(slab.skeletons):
        pal = np.matmul(np.matmul(skel._ibm, pose.world[skel.joint_nodes]), skel.inv_mesh_world)
        flat = pal.reshape(-1, 16).astype(np.float32)
        if slab.component_major:
            slab.palettes[si][:, :, slot] = flat.T
        else:
            slab.palettes[si][slot] = flat
