"""Component-major path of the batch engine: about 110 numpy calls for a whole slab.

World matrices and palettes as (component, node, instance) blocks, instance innermost, in
float32 as Babylon Lite computes them. Python-only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from lite.batch.plans import ClipPlan, FArray, StructurePlan
from lite.batch.root_motion import RootPlan, pin_roots
from lite.batch.scratch import _ComposeScratch, _SoaScratch
from lite.batch.soa_jit import run_matrices, run_sampling

if TYPE_CHECKING:
    from lite.animation.types import F32Array, F64Array


def _compose(trs: FArray, lm: FArray, s: _ComposeScratch) -> None:
    """Local matrices from TRS: ``trs`` ``(10, ...)``, ``lm`` ``(16, ...)`` component-first.

    Same arithmetic as :func:`lite.skeleton.pose.compose_matrices` (``2 * (a + b) * s`` is computed
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


def _sample(plan: ClipPlan, sc: _SoaScratch, times: F64Array, local: F32Array) -> None:
    """Sample the clip's tables at ``times`` into ``sc.trs`` and ``local`` (reset nodes) and
    copy the other nodes' current values from ``local`` into ``sc.trs``."""
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


def _eval_soa(
    plan: ClipPlan,
    sp: StructurePlan,
    sc: _SoaScratch,
    times: F64Array,
    local: F32Array,
    world: F64Array,
    palettes: tuple[F32Array, ...],
    pin: RootPlan | None = None,
    jit: bool = True,
) -> None:
    """Evaluate ``n`` instances: ``local`` ``(n, N, 10)``, ``world`` ``(16, N, n)``, palettes
    ``(16, J, n)`` (views into a slab, or scratch the caller scatters). With ``pin``, the
    root-motion root is pinned to its time-0 value before the world matrices.

    Sampling runs in float64 on the float32 key values (Babylon Lite's arithmetic); local,
    world and palette matrices are computed in float32, as Babylon Lite does, and the world
    matrices are then widened into ``world``. With ``jit`` (and numba usable), the matrices
    are computed by the compiled loops of :mod:`lite.batch.soa_jit` (the same numbers).
    """
    n = sc.n
    trs = sc.trs
    if not (jit and run_sampling(plan, sc, times, local)):
        _sample(plan, sc, times, local)
    if pin is not None:
        pin_roots(pin, trs, local)
    if jit and run_matrices(sp, plan.skeletons, sc, world, palettes):
        return

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
