"""Per-instance path of the batch engine: one row at a time, in float64 (Python-only).

One row of the tables, a 9-call compose, one stacked 4x4 ``matmul`` per depth level."""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING, Final

import numpy as np

from lite.animation.evaluate import evaluate_sampler
from lite.batch.members import _Member
from lite.batch.plans import ClipPlan, LevelViews, NodeSel, StructurePlan, _SkelPlan
from lite.batch.scratch import _SingleScratch
from lite.skeleton.skeleton_updater import update_joint_matrices

if TYPE_CHECKING:
    from lite.animation.types import F64Array
    from lite.skeleton.pose import NodePose
    from lite.skeleton.skeleton_updater import SkeletonBinding


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
    tracker = member.tracker
    if tracker is not None:  # root motion: extract, accumulate, pin (the per-group hook)
        tracker(pose, member.rm_before, member.rm_after)
    _world_single(sp, sc, member)
    skeletons = member.skeletons
    for si in plan.skeletons:
        _joints_single(sp.skeletons[si], sc, pose, skeletons[si])


def _joints_single(
    sk: _SkelPlan, sc: _SingleScratch, pose: NodePose, skel: SkeletonBinding
) -> None:
    """``update_joint_matrices`` (lite.skeleton.skeleton_updater), identity mesh product skipped."""
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
    entry, so the arithmetic matches :func:`lite.skeleton.pose.compose_matrices` exactly), the
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


def _eval_extras(member: _Member, t: float) -> None:
    for _kind, sampler, stride, quat, dst, off, _node, writer in member.extras:
        evaluate_sampler(sampler, t, stride, quat, dst, off)
        if writer is not None:
            writer(dst)
