"""Scratch buffers of the batch engine, allocated once per batch (never per frame).

Compose blocks shared by both paths, the per-instance path's 4x4 blocks and the
component-major path's (component, node, instance) blocks. Python-only.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from lite.batch.plans import BoolArray, ClipPlan, FArray, IntpArray, StructurePlan
from lite.skeleton.pose import POSE_STRIDE

if TYPE_CHECKING:
    from lite.animation.types import F32Array, F64Array


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
