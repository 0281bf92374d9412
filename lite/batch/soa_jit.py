"""The component-major path's matrices as compiled loops (numba), bit for bit the numpy path.

Python-only. :func:`lite.batch.soa._eval_soa` computes local, world and palette matrices in
float32 with about 60 numpy calls per slab (compose, one ``einsum`` per depth level and palette
piece); at a hundred instances those calls' fixed costs are most of a frame. The loops here do
the same float32 operations in the same order, element by element:

* compose: the steps of :func:`lite.batch.soa._compose` (``q2 = 2q``, ``sq``, ``wq``, ``pq``,
  ``1 - diag``, ``plus`` / ``minus``, each product rounded to float32);
* affine products: ``einsum("kr...,ck...->cr...")`` starts from +0 and adds the three products
  in ``k`` order (so ``-0 + -0`` gives +0, as it does), then the translation column adds the
  left matrix's; row 3 is never written (``0 0 0 1``);
* world matrices widened to float64, palettes ``inv(mesh world) x world x inverse bind``.

Used where :data:`lite.batch.root_jit.ENABLED` (numba installed, ``LITE_JIT`` not ``0``) and
the compiled root-motion pass is not broken; a failure to compile or load gives both up for
the process (:func:`lite.batch.root_jit.disable`, warned once) and the numpy path runs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import numpy as np

from lite.batch import aot, root_jit
from lite.batch.plans import ClipPlan, IntpArray, NodeSel, StructurePlan
from lite.batch.scratch import _SoaScratch

if TYPE_CHECKING:
    from lite.animation.types import F32Array, F64Array

__all__ = [
    "JitTables",
    "hierarchy_kernels",
    "python_kernels",
    "python_samplers",
    "run_matrices",
    "run_sampling",
    "sampling_kernels",
]


def _hierarchy_impl(
    trs: Any,
    order: Any,
    parent: Any,
    static_of: Any,
    static_vals: Any,
    lm: Any,
    w32: Any,
    world: Any,
) -> None:  # pragma: no cover - compiled (the numpy path is its reference)
    """Local matrices (``lm`` (16, N, n) scratch, rows 0-2), world matrices in depth-sorted
    order (``w32`` (16, N, n), rows 0-2) and, widened, in glTF order (``world`` (16, N, n),
    rows 0-2). Loops run over the instances innermost (contiguous, vectorisable)."""
    nn = order.shape[0]
    n = trs.shape[2]
    one = np.float32(1.0)
    two = np.float32(2.0)
    zero = np.float32(0.0)
    for p in range(nn):
        node = order[p]
        par = parent[p]
        st = static_of[p]
        if st >= 0:
            for c in range(16):
                value = static_vals[st, c]
                for i in range(n):
                    lm[c, p, i] = value
        else:
            for i in range(n):
                qx = trs[3, node, i]
                qy = trs[4, node, i]
                qz = trs[5, node, i]
                qw = trs[6, node, i]
                s0 = trs[7, node, i]
                s1 = trs[8, node, i]
                s2 = trs[9, node, i]
                x2 = qx * two
                y2 = qy * two
                z2 = qz * two
                sxx = qx * x2
                syy = qy * y2
                szz = qz * z2
                wx = qw * x2
                wy = qw * y2
                wz = qw * z2
                pxy = qx * y2
                pxz = qx * z2
                pyz = qy * z2
                lm[0, p, i] = (one - (syy + szz)) * s0
                lm[5, p, i] = (one - (sxx + szz)) * s1
                lm[10, p, i] = (one - (sxx + syy)) * s2
                lm[1, p, i] = (pxy + wz) * s0
                lm[2, p, i] = (pxz - wy) * s0
                lm[4, p, i] = (pxy - wz) * s1
                lm[6, p, i] = (pyz + wx) * s1
                lm[8, p, i] = (pxz + wy) * s2
                lm[9, p, i] = (pyz - wx) * s2
                lm[12, p, i] = trs[0, node, i]
                lm[13, p, i] = trs[1, node, i]
                lm[14, p, i] = trs[2, node, i]
        for c in range(4):
            for r in range(3):
                o = c * 4 + r
                if par < 0:
                    for i in range(n):
                        w32[o, p, i] = lm[o, p, i]
                else:
                    for i in range(n):
                        acc = zero
                        acc = acc + w32[r, par, i] * lm[c * 4, p, i]
                        acc = acc + w32[4 + r, par, i] * lm[c * 4 + 1, p, i]
                        acc = acc + w32[8 + r, par, i] * lm[c * 4 + 2, p, i]
                        if c == 3:
                            acc = acc + w32[12 + r, par, i]
                        w32[o, p, i] = acc
                for i in range(n):
                    world[o, node, i] = np.float64(w32[o, p, i])


def _palette_impl(
    w32: Any, joints: Any, ibm: Any, inv: Any, has_inv: bool, tmp: Any, out: Any
) -> None:  # pragma: no cover - compiled (the numpy path is its reference)
    """Palette rows 0-2 of one skeleton: ``out`` (16, J, n) from the sorted world matrices of
    its joints (``joints``: sorted positions), inverse binds ``ibm`` (J, 16) and the inverse
    mesh world ``inv`` (16,) when ``has_inv`` (``tmp`` (16, >= J, n) scratch)."""
    n = w32.shape[2]
    zero = np.float32(0.0)
    dst = tmp if has_inv else out
    for j in range(joints.shape[0]):
        p = joints[j]
        for c in range(4):
            for r in range(3):
                o = c * 4 + r
                b0 = ibm[j, c * 4]
                b1 = ibm[j, c * 4 + 1]
                b2 = ibm[j, c * 4 + 2]
                for i in range(n):
                    acc = zero
                    acc = acc + w32[r, p, i] * b0
                    acc = acc + w32[4 + r, p, i] * b1
                    acc = acc + w32[8 + r, p, i] * b2
                    if c == 3:
                        acc = acc + w32[12 + r, p, i]
                    dst[o, j, i] = acc
        if has_inv:
            for c in range(4):
                for r in range(3):
                    o = c * 4 + r
                    a0 = inv[r]
                    a1 = inv[4 + r]
                    a2 = inv[8 + r]
                    a3 = inv[12 + r]
                    for i in range(n):
                        acc = zero
                        acc = acc + a0 * tmp[c * 4, j, i]
                        acc = acc + a1 * tmp[c * 4 + 1, j, i]
                        acc = acc + a2 * tmp[c * 4 + 2, j, i]
                        if c == 3:
                            acc = acc + a3
                        out[o, j, i] = acc


def _sample_impl(
    times: Any,
    keys: Any,
    row_t0: Any,
    row_dt: Any,
    ts_t: Any,
    ti_t: Any,
    row: Any,
    f: Any,
    v: Any,
    w: Any,
) -> None:  # pragma: no cover - compiled (the numpy path is its reference)
    """The sampling of :func:`lite.batch.soa._eval_soa` up to the slerp angles: key rows,
    progress ``f``, translation and scale ``v`` (6, R, n) and angles ``w`` (2, R, n)."""
    n = times.shape[0]
    n_keys = keys.shape[0]
    first = keys[0]
    last = keys[n_keys - 1]
    n_r = v.shape[1]
    for i in range(n):
        t = times[i]
        k = np.searchsorted(keys, t, side="right")
        if k > n_keys - 1:
            k = n_keys - 1
        if t <= first:
            k = 0
        x = (t - row_t0[k]) / row_dt[k]
        if x < 0.0:
            x = 0.0
        if x > 1.0:
            x = 1.0
        if n_keys > 1 and t >= last:
            x = 1.0
        row[i] = k
        f[i] = x
        g = 1.0 - x
        for r in range(n_r):
            for c in range(6):
                a = np.float64(ts_t[0, c, r, k])
                b = np.float64(ts_t[1, c, r, k])
                v[c, r, i] = (b - a) * x + a
            theta = ti_t[0, r, k]
            w[0, r, i] = theta * g
            w[1, r, i] = theta * x


def _finish_impl(
    row: Any,
    v: Any,
    w32: Any,
    ti_t: Any,
    q_t: Any,
    keep_t: Any,
    rest_q: Any,
    has_rest_q: bool,
    reset: Any,
    keep: Any,
    trs: Any,
    local: Any,
) -> None:  # pragma: no cover - compiled (the numpy path is its reference)
    """The rest of the sampling: slerp weights from their sines ``w32``, rotations (nlerp
    rows renormalised), rest rotations, then the sampled TRS of the reset nodes into ``trs``
    and ``local``, and the other nodes' current TRS from ``local`` into ``trs``."""
    n = row.shape[0]
    n_r = reset.shape[0]
    for r in range(n_r):
        node = reset[r]
        for i in range(n):
            k = row[i]
            inv = ti_t[1, r, k]
            wa = np.float32(np.float64(w32[0, r, i]) * inv)
            wb = np.float32(np.float64(w32[1, r, i]) * inv)
            qx = q_t[0, 0, r, k] * wa + q_t[1, 0, r, k] * wb
            qy = q_t[0, 1, r, k] * wa + q_t[1, 1, r, k] * wb
            qz = q_t[0, 2, r, k] * wa + q_t[1, 2, r, k] * wb
            qw = q_t[0, 3, r, k] * wa + q_t[1, 3, r, k] * wb
            if not keep_t[r, k]:
                ss = np.float32(np.sqrt(((qx * qx + qy * qy) + qz * qz) + qw * qw))
                qx = qx / ss
                qy = qy / ss
                qz = qz / ss
                qw = qw / ss
            if has_rest_q:
                qx = qx + rest_q[0, r, 0]
                qy = qy + rest_q[1, r, 0]
                qz = qz + rest_q[2, r, 0]
                qw = qw + rest_q[3, r, 0]
            trs[3, node, i] = qx
            trs[4, node, i] = qy
            trs[5, node, i] = qz
            trs[6, node, i] = qw
        for c in range(3):
            for i in range(n):
                trs[c, node, i] = np.float32(v[c, r, i])
                trs[7 + c, node, i] = np.float32(v[3 + c, r, i])
        for i in range(n):
            for c in range(10):
                local[i, node, c] = trs[c, node, i]
    for j in range(keep.shape[0]):
        node = keep[j]
        for i in range(n):
            for c in range(10):
                trs[c, node, i] = local[i, node, c]


_jitted: dict[str, Any] | None = None


def _dispatchers() -> dict[str, Any]:
    """numba's dispatchers of the four loops (numba imported on the first call)."""
    global _jitted
    if _jitted is None:
        import numba  # third-party, optional: imported on first use only

        jit = numba.njit(cache=aot.numba_cache(), nogil=True)
        _jitted = {
            "sample": jit(_sample_impl),
            "finish": jit(_finish_impl),
            "hierarchy": jit(_hierarchy_impl),
            "palette": jit(_palette_impl),
        }
    return _jitted


def _kernel(name: str) -> aot.Kernel:
    return aot.Kernel(name, (__file__,), lambda: _dispatchers()[name])


_samplers = (_kernel("sample"), _kernel("finish"))
_kernels = (_kernel("hierarchy"), _kernel("palette"))


def sampling_kernels() -> tuple[Callable[..., None], Callable[..., None]] | None:
    """The compiled (sample, finish) loops, or None (as :func:`hierarchy_kernels`)."""
    if not root_jit.ENABLED or root_jit.broken() is not None:
        return None
    return _samplers


def hierarchy_kernels() -> tuple[Callable[..., None], Callable[..., None]] | None:
    """The compiled (hierarchy, palette) loops, or None: numba absent, ``LITE_JIT=0``, or
    numba unusable (warned once by :func:`lite.batch.root_jit.disable`). Built ahead of time
    for the arguments' types on their first call (:mod:`lite.batch.aot`: imported without
    numba once built), else compiled by numba (cached on disk where it can write). A failure
    in their first run is the caller's to hand to :func:`lite.batch.root_jit.disable`."""
    if not root_jit.ENABLED or root_jit.broken() is not None:
        return None
    return _kernels


def python_kernels() -> tuple[Callable[..., None], Callable[..., None]]:
    """The same loops uncompiled (for tests: far slower, same numbers)."""
    return _hierarchy_impl, _palette_impl


def python_samplers() -> tuple[Callable[..., None], Callable[..., None]]:
    """The sampling loops uncompiled (for tests: far slower, same numbers)."""
    return _sample_impl, _finish_impl


class JitTables:
    """A structure plan's arrays for the loops (made once per plan, on first use)."""

    __slots__ = ("order", "parent", "skeletons", "static_of", "static_vals")

    def __init__(self, sp: StructurePlan) -> None:
        nn = sp.node_count
        sorted_pos = sp.sorted_pos
        self.order = np.ascontiguousarray(sp.order, dtype=np.intp)
        parent = np.full(nn, -1, dtype=np.intp)
        for lv in sp.levels:
            if lv.parents is None:
                continue
            width = lv.end - lv.start
            if isinstance(lv.parents, slice):
                pp = np.arange(lv.parents.start, lv.parents.stop, lv.parents.step or 1)
                if pp.shape[0] == 1:
                    pp = np.repeat(pp, width)
            else:
                pp = np.asarray(lv.parents)
            parent[lv.start : lv.end] = pp
        self.parent = parent
        static_of = np.full(nn, -1, dtype=np.intp)
        for mi, node in enumerate(sp.matrix_nodes.tolist()):
            static_of[int(sorted_pos[node])] = mi
        self.static_of = static_of
        self.static_vals = np.ascontiguousarray(sp.matrix_vals32, dtype=np.float32).reshape(-1, 16)
        skels: list[tuple[IntpArray, F32Array, F32Array, bool]] = []
        for sk in sp.skeletons:
            joints = _indices(sk.joints, sk.count)
            ibm = np.ascontiguousarray(sk.ibm4[:, :, :, 0].reshape(16, -1).T, dtype=np.float32)
            inv = np.ascontiguousarray(sk.inv_mesh_b.reshape(16), dtype=np.float32)
            skels.append(
                (
                    np.ascontiguousarray(sorted_pos[joints], dtype=np.intp),
                    ibm,
                    inv,
                    sk.inv_mesh is not None,
                )
            )
        self.skeletons = tuple(skels)


def _indices(sel: NodeSel, count: int) -> IntpArray:
    if isinstance(sel, slice):
        return np.arange(sel.start, sel.stop, sel.step or 1, dtype=np.intp)[:count]
    return np.asarray(sel, dtype=np.intp)


_tables: dict[int, tuple[StructurePlan, JitTables]] = {}
_ran = False


def run_matrices(
    sp: StructurePlan,
    skeletons: tuple[int, ...],
    sc: _SoaScratch,
    world: F64Array,
    palettes: tuple[F32Array, ...],
) -> bool:
    """World matrices and the palettes of ``skeletons`` through the compiled loops; False
    (nothing written) where they cannot run, for the numpy path to do it."""
    global _ran
    kernels = hierarchy_kernels()
    if kernels is None:
        return False
    hit = _tables.get(id(sp))
    if hit is None or hit[0] is not sp:
        if len(_tables) > 64:
            _tables.clear()
        hit = _tables[id(sp)] = (sp, JitTables(sp))
    tb = hit[1]
    hierarchy, palette = kernels
    args = (sc.trs, tb.order, tb.parent, tb.static_of, tb.static_vals, sc.lm, sc.world, world)
    if not _ran:
        # The first call compiles the loops or loads them from numba's cache: a broken numba
        # fails here, before anything is written. Give the compiled passes up (warned once).
        try:
            hierarchy(*args)
        except Exception as exc:
            root_jit.disable(exc)
            return False
        _ran = True
    else:
        hierarchy(*args)
    w32 = sc.world
    for si in skeletons:
        joints, ibm, inv, has_inv = tb.skeletons[si]
        palette(w32, joints, ibm, inv, has_inv, sc.joints, palettes[si])
    return True


_clip_arrays: dict[int, tuple[ClipPlan, IntpArray, IntpArray]] = {}
_sampled = False


def run_sampling(plan: ClipPlan, sc: _SoaScratch, times: F64Array, local: F32Array) -> bool:
    """The sampling of :func:`lite.batch.soa._eval_soa` through the compiled loops (two
    loops around numpy's float32 sine, which is kept: a compiled ``sinf`` may round
    differently); False (nothing written) where they cannot run."""
    global _sampled
    kernels = sampling_kernels()
    if kernels is None:
        return False
    hit = _clip_arrays.get(id(plan))
    if hit is None or hit[0] is not plan:
        if len(_clip_arrays) > 64:
            _clip_arrays.clear()
        keep = [i for a, b in plan.keep_runs for i in range(a, b)]
        hit = _clip_arrays[id(plan)] = (
            plan,
            np.array(plan.reset, dtype=np.intp),
            np.array(keep, dtype=np.intp),
        )
    _, reset, keep_nodes = hit
    sample, finish = kernels
    args = (times, plan.times64, plan.row_t0, plan.row_dt, plan.ts_t, plan.ti_t)
    if not _sampled:
        try:
            sample(*args, sc.row, sc.f, sc.ts64, sc.w)
        except Exception as exc:  # compiling or loading failed: nothing written yet
            root_jit.disable(exc)
            return False
        _sampled = True
    else:
        sample(*args, sc.row, sc.f, sc.ts64, sc.w)
    np.sin(sc.w, out=sc.w32, dtype=np.float32, casting="same_kind")
    finish(
        sc.row,
        sc.ts64,
        sc.w32,
        plan.ti_t,
        plan.q_t,
        plan.keep_norm_t,
        plan.rest_q_t,
        plan.has_rest_q,
        reset,
        keep_nodes,
        sc.trs,
        local,
    )
    return True
