"""The weighted glTF mixer's accumulation for many instances as one compiled loop (numba).

The float operations of :mod:`lite.skeleton.weighted_gltf_mixer` (``_reset``, ``_accumulate``
with :func:`lite.animation.evaluate.evaluate_sampler`, and the rotation finish of ``_apply``)
in the same order, on the same float32 storage, so the same bits: every value read from a
float32 cell is widened to a double before any arithmetic (as Python reads an ``array("f")``
item; with ``np.float64``, since under numba ``float()`` of a float32 stays float32),
arithmetic is in doubles, and each store rounds once to float32. ``math.sin`` and ``math.acos``
are the C library's, as in CPython.

Compiled on first use when numba is installed and ``LITE_JIT`` is not ``0``
(:data:`lite.batch.root_jit.ENABLED`); otherwise :func:`blend_kernel` returns None and the
mixer blends one group at a time (the same numbers). Python-only; no Babylon Lite counterpart.
"""

from __future__ import annotations

import math
import types
from collections.abc import Callable
from functools import partial
from typing import Any, Final

import numpy as np

from lite.animation import animation_tick, constants, evaluate, state
from lite.animation.animation_tick import CLOCK_FOLD_S, MAX_TIME
from lite.animation.state import (
    COL_CLOCK_ERROR,
    COL_CLOCK_TIME,
    COL_LOOP,
    COL_PLAYING,
    COL_SPEED,
    COL_STOPPED,
    COL_TIME,
)
from lite.batch import aot, root_jit

__all__ = [
    "CH_ROTATION",
    "CH_SCALE",
    "CH_TRANSLATION",
    "INTERP_CODE_CUBIC",
    "INTERP_CODE_LINEAR",
    "INTERP_CODE_STEP",
    "blend_kernel",
    "frame_kernel",
    "python_frame_kernel",
]

CH_TRANSLATION: Final = 0
CH_ROTATION: Final = 1
CH_SCALE: Final = 2
INTERP_CODE_LINEAR: Final = 0
INTERP_CODE_STEP: Final = 1
INTERP_CODE_CUBIC: Final = 2

_FOLD: Final = float(CLOCK_FOLD_S)
_MAX_TIME: Final = float(MAX_TIME)
_STRIDE: Final = 10
#: Widens a float32 cell to a double (numba's ``float()`` of a float32 stays float32).
_f64 = np.float64


#: ``normalize_quat4`` and ``quat_slerp`` are :mod:`lite.animation.evaluate`'s own functions,
#: compiled by :func:`_compile` with ``float`` widening to a double (see :func:`_widened`).
_normalize_impl: Final = evaluate.normalize_quat4
_slerp_impl: Final = evaluate.quat_slerp


def _widened(fn: Callable[..., Any], **helpers: Any) -> Callable[..., Any]:
    """``fn``'s code with its globals seen as numba must see them: ``float`` of a float32
    cell widened to a double (``np.float64``: under numba ``float()`` of a float32 stays
    float32, where Python's gives a double) and ``helpers`` (the compiled functions it
    calls) in place of the plain ones. The same text, so one copy of the algorithm."""
    scope = dict(fn.__globals__)
    scope["float"] = _f64
    scope.update(helpers)
    copy = types.FunctionType(fn.__code__, scope, fn.__name__, fn.__defaults__, fn.__closure__)
    copy.__qualname__ = fn.__qualname__
    copy.__module__ = fn.__module__
    copy.__doc__ = fn.__doc__
    return copy


def _sample_impl(  # pragma: no cover - compiled
    times: Any,
    values: Any,
    segs: Any,
    toff: int,
    tn: int,
    voff: int,
    interp: int,
    t: float,
    stride: int,
    is_quat: bool,
    dst: Any,
) -> None:
    """``evaluate_sampler`` into ``dst[0:stride]`` (float32) for one sampler of the tables."""
    if tn == 0:
        return
    if tn == 1 or t <= times[toff]:
        src = stride if interp == INTERP_CODE_CUBIC else 0
        for c in range(stride):
            dst[c] = values[voff + src + c]
        return
    # find_keyframe: t > times[0] here.
    hi = tn - 1
    if t >= times[toff + hi]:
        idx = hi - 1
    else:
        lo = 0
        up = tn
        while lo < up:  # bisect_right
            mid = (lo + up) // 2
            if t < times[toff + mid]:
                up = mid
            else:
                lo = mid + 1
        idx = lo - 1
    t0 = times[toff + idx]
    t1 = times[toff + idx + 1]
    if interp == INTERP_CODE_STEP:
        src = (idx + 1 if t >= t1 else idx) * stride
        for c in range(stride):
            dst[c] = values[voff + src + c]
        return
    dt = t1 - t0
    if t >= t1:
        f = 1.0
    elif dt > 0.0:
        f = (t - t0) / dt
    else:
        f = 0.0
    if interp == INTERP_CODE_CUBIC:
        _cubic(
            values, voff + idx * stride * 3, voff + (idx + 1) * stride * 3, f, dt, stride, dst, 0
        )
        if is_quat:
            _normalize(dst, 0)
        return
    s0 = voff + idx * stride
    s1 = s0 + stride
    if is_quat:
        # quat_slerp of the two keys, with the key pair's sign, branch, angle and sine taken
        # from the tables (computed once with the same operations, see _Tables).
        seg = segs[toff + idx]
        sign = seg[0]
        ax = values[s0]
        ay = values[s0 + 1]
        az = values[s0 + 2]
        aw = values[s0 + 3]
        bx = sign * values[s1]
        by = sign * values[s1 + 1]
        bz = sign * values[s1 + 2]
        bw = sign * values[s1 + 3]
        if seg[1] != 0.0:
            dst[0] = ax + f * (bx - ax)
            dst[1] = ay + f * (by - ay)
            dst[2] = az + f * (bz - az)
            dst[3] = aw + f * (bw - aw)
            _normalize(dst, 0)
            return
        theta = seg[2]
        sin_theta = seg[3]
        wa = math.sin((1.0 - f) * theta) / sin_theta
        wb = math.sin(f * theta) / sin_theta
        dst[0] = wa * ax + wb * bx
        dst[1] = wa * ay + wb * by
        dst[2] = wa * az + wb * bz
        dst[3] = wa * aw + wb * bw
        return
    for c in range(stride):
        a = values[s0 + c]
        dst[c] = a + f * (values[s1 + c] - a)


def _blend_impl(  # pragma: no cover - compiled
    acc: Any,
    t_weight: Any,
    r_weight: Any,
    s_weight: Any,
    rest: Any,
    slots: Any,
    n_slots: int,
    c_slot: Any,
    c_clip: Any,
    c_time: Any,
    c_weight: Any,
    n_contrib: int,
    clip_ch: Any,
    channels: Any,
    times: Any,
    values: Any,
    segs: Any,
    sample: Any,
    local: Any,
) -> None:
    """Blend ``n_slots`` instances: reset to rest, accumulate the contributions in order,
    finish the rotations and store the poses into ``local``.

    ``acc`` and ``local`` are ``(C, N * 10)`` float32, the weights ``(C, N)`` float32, ``rest``
    ``(N * 10,)`` float64 (the float32 rest values). Contribution ``i`` is clip ``c_clip[i]``
    at time ``c_time[i]`` with weight ``c_weight[i]`` on slot ``c_slot[i]``; clip ``k``'s
    channels are rows ``clip_ch[k]:clip_ch[k + 1]`` of ``channels`` (path code, node,
    interpolation code, first key, key count, first value); ``segs`` holds, per key, the
    rotation segment starting there: sign of the second key, nlerp flag, angle and its sine.
    """
    n_nodes = t_weight.shape[1]
    width = n_nodes * _STRIDE
    for i in range(n_slots):
        s = slots[i]
        for j in range(width):
            acc[s, j] = rest[j]
        for j in range(n_nodes):
            t_weight[s, j] = 0.0
            r_weight[s, j] = 0.0
            s_weight[s, j] = 0.0
    for i in range(n_contrib):
        s = c_slot[i]
        k = c_clip[i]
        t = c_time[i]
        weight = c_weight[i]
        row = acc[s]
        for ch in range(clip_ch[k], clip_ch[k + 1]):
            path = channels[ch, 0]
            node = channels[ch, 1]
            interp = channels[ch, 2]
            toff = channels[ch, 3]
            tn = channels[ch, 4]
            voff = channels[ch, 5]
            base = node * _STRIDE
            if path == CH_ROTATION:
                _sample(times, values, segs, toff, tn, voff, interp, t, 4, True, sample)
                o = base + 3
                prev = _f64(r_weight[s, node])
                if prev == 0.0:
                    row[o] = sample[0]
                    row[o + 1] = sample[1]
                    row[o + 2] = sample[2]
                    row[o + 3] = sample[3]
                    r_weight[s, node] = weight
                    continue
                _slerp(
                    row,
                    o,
                    _f64(row[o]),
                    _f64(row[o + 1]),
                    _f64(row[o + 2]),
                    _f64(row[o + 3]),
                    _f64(sample[0]),
                    _f64(sample[1]),
                    _f64(sample[2]),
                    _f64(sample[3]),
                    weight / (prev + weight),
                )
                r_weight[s, node] = prev + weight
            else:
                _sample(times, values, segs, toff, tn, voff, interp, t, 3, False, sample)
                weights = t_weight if path == CH_TRANSLATION else s_weight
                o = base + (0 if path == CH_TRANSLATION else 7)
                if _f64(weights[s, node]) == 0.0:
                    row[o] = 0.0
                    row[o + 1] = 0.0
                    row[o + 2] = 0.0
                row[o] = _f64(row[o]) + _f64(sample[0]) * weight
                row[o + 1] = _f64(row[o + 1]) + _f64(sample[1]) * weight
                row[o + 2] = _f64(row[o + 2]) + _f64(sample[2]) * weight
                weights[s, node] = _f64(weights[s, node]) + weight
    for i in range(n_slots):
        s = slots[i]
        row = acc[s]
        for node in range(n_nodes):
            w = _f64(r_weight[s, node])
            if w <= 0.0:
                continue
            o = node * _STRIDE + 3
            if w < 1.0:
                _slerp(
                    row,
                    o,
                    rest[o],
                    rest[o + 1],
                    rest[o + 2],
                    rest[o + 3],
                    _f64(row[o]),
                    _f64(row[o + 1]),
                    _f64(row[o + 2]),
                    _f64(row[o + 3]),
                    w,
                )
            else:
                _normalize(row, o)
        out = local[s]
        for j in range(width):
            out[j] = row[j]


def _sum_error_impl(a: float, b: float, total: float) -> float:  # pragma: no cover - compiled
    back = total - a
    return (a - (total - back)) + (b - back)


def _advance_impl(  # pragma: no cover - compiled
    store: Any, r: int, delta_ms: float, duration: float
) -> float:
    """The weighted glTF mixer's ``_advance_group_time`` on store row ``r``: the clip time.

    ``advance_clock`` while playing, then ``wrap_clock`` (looping and playing) or
    ``clamp_time``, writing the row's time and clock as they do.
    """
    playing = store[r, COL_PLAYING] != 0.0
    if playing:
        time = store[r, COL_TIME]
        step = (delta_ms / 1000.0) * store[r, COL_SPEED]
        advanced = time + step
        if advanced - advanced != 0.0:
            advanced = math.copysign(_MAX_TIME, advanced)
            store[r, COL_CLOCK_TIME] = advanced
            store[r, COL_CLOCK_ERROR] = 0.0
        else:
            error = store[r, COL_CLOCK_ERROR] if time == store[r, COL_CLOCK_TIME] else 0.0
            back = advanced - time
            error += (time - (advanced - back)) + (step - back)
            if not -_FOLD < error < _FOLD:
                folded = advanced + error
                error -= folded - advanced
                advanced = folded
            store[r, COL_CLOCK_TIME] = advanced
            store[r, COL_CLOCK_ERROR] = error
        store[r, COL_TIME] = advanced
    if duration <= 0.0:
        return 0.0
    time = store[r, COL_TIME]
    if playing and store[r, COL_LOOP] != 0.0:
        offset = time  # time - start, start = 0
        rest = np.fmod(offset, duration)  # exact, as math.fmod
        t = 0.0 + rest
        wrapped = t
        if t < 0.0:
            wrapped = t + duration
        if wrapped != time:
            if time != store[r, COL_CLOCK_TIME]:
                store[r, COL_CLOCK_TIME] = wrapped
                store[r, COL_CLOCK_ERROR] = 0.0
            else:
                error = (
                    store[r, COL_CLOCK_ERROR]
                    + _sum_error(time, -0.0, offset)
                    + _sum_error(0.0, rest, t)
                )
                if wrapped != t:
                    error += _sum_error(t, duration, wrapped)
                store[r, COL_CLOCK_TIME] = wrapped
                store[r, COL_CLOCK_ERROR] = error
        t = wrapped
    elif time >= duration:
        t = duration
    elif time <= 0.0:
        t = 0.0
    else:
        t = time
    store[r, COL_TIME] = t
    return float(t)


def _frame_impl(  # pragma: no cover - compiled
    store: Any,
    rows: Any,
    g_slot: Any,
    g_clip: Any,
    g_duration: Any,
    g_weight: Any,
    n_groups: int,
    delta_ms: float,
    flags: Any,
    acc: Any,
    t_weight: Any,
    r_weight: Any,
    s_weight: Any,
    rest: Any,
    slots: Any,
    c_slot: Any,
    c_clip: Any,
    c_time: Any,
    c_weight: Any,
    clip_ch: Any,
    channels: Any,
    times: Any,
    values: Any,
    segs: Any,
    sample: Any,
    local: Any,
) -> int:
    """The mixer's whole update for groups that all play on slots of one slab.

    Group ``i`` (attachment order) has store row ``rows[i]``, slot ``g_slot[i]``, clip
    ``g_clip[i]`` of ``g_duration[i]`` seconds and weight ``g_weight[i]``. Returns -1, having
    changed nothing, when the mixer would tick a group rather than blend it (a slot whose live
    groups all weigh 1) or would blend nothing; else the number of slots blended, listed in
    ``slots``: clocks advanced in attachment order, contributions folded, poses in ``local``.
    """
    capacity = flags.shape[0]
    for s in range(capacity):
        flags[s] = 0
    for i in range(n_groups):
        if store[rows[i], COL_STOPPED] != 0.0:
            continue
        s = g_slot[i]
        if g_weight[i] != 1.0:
            flags[s] = 2
        elif flags[s] == 0:
            flags[s] = 1
    n_slots = 0
    for s in range(capacity):
        if flags[s] == 1:
            return -1
        if flags[s] == 2:
            slots[n_slots] = s
            n_slots += 1
    if n_slots == 0:
        return -1
    n_contrib = 0
    for i in range(n_groups):
        r = rows[i]
        if store[r, COL_STOPPED] != 0.0:
            continue
        t = _advance(store, r, delta_ms, g_duration[i])
        w = g_weight[i]
        if w != 0.0:
            c_slot[n_contrib] = g_slot[i]
            c_clip[n_contrib] = g_clip[i]
            c_time[n_contrib] = t
            c_weight[n_contrib] = w
            n_contrib += 1
    _blend(
        acc,
        t_weight,
        r_weight,
        s_weight,
        rest,
        slots,
        n_slots,
        c_slot,
        c_clip,
        c_time,
        c_weight,
        n_contrib,
        clip_ch,
        channels,
        times,
        values,
        segs,
        sample,
        local,
    )
    return n_slots


def _fma_plain(a: float, b: float, c: float) -> float:  # pragma: no cover - compiled
    return a * b + c


def _mm4_impl(a: Any, b: Any, out: Any, fused: bool) -> None:  # pragma: no cover - compiled
    """``out = a @ b`` for row-major ``(4, 4)`` float64 blocks, summing ``k`` from 0 to 3
    (with fused multiply-adds when ``fused``): the order of the BLAS kernel numpy's ``matmul``
    calls, as :func:`matmul_mode` found it on this machine."""
    for i in range(4):
        a0 = a[i, 0]
        a1 = a[i, 1]
        a2 = a[i, 2]
        a3 = a[i, 3]
        for j in range(4):
            if fused:
                acc = _fma(a3, b[3, j], _fma(a2, b[2, j], _fma(a1, b[1, j], a0 * b[0, j])))
            else:
                acc = ((a0 * b[0, j] + a1 * b[1, j]) + a2 * b[2, j]) + a3 * b[3, j]
            out[i, j] = acc


def _mm_probe_impl(a: Any, b: Any, out: Any, fused: bool) -> None:  # pragma: no cover
    for p in range(a.shape[0]):
        _mm4(a[p], b[p], out[p], fused)


def _world_impl(  # pragma: no cover - compiled
    local: Any,
    slots: Any,
    n_slots: int,
    order: Any,
    parent_pos: Any,
    matrix_pos: Any,
    matrix_vals: Any,
    lm: Any,
    ws: Any,
    tmp: Any,
    world: Any,
    joints: Any,
    joint_start: Any,
    ibm: Any,
    inv_mesh: Any,
    palettes: Any,
    fused: bool,
) -> None:
    """``update_world_matrices`` then ``update_joint_matrices`` of every skeleton, for the
    instances in ``slots`` of a component-major slab: ``local`` ``(C, N, 10)`` float32,
    ``world`` ``(16, N, C)`` float64, ``palettes`` one ``(16, J, C)`` float32 per skeleton.

    The same operations as those functions (``compose_matrices`` element by element, the
    matrix products in the order of numpy's BLAS kernel), so their bits. ``lm`` and ``ws``
    are ``(N, 4, 4)`` scratch in depth-sorted order (``lm``'s last column ``0 0 0 1``),
    ``tmp`` ``(2, 4, 4)``.
    """
    n_nodes = order.shape[0]
    for i in range(n_slots):
        s = slots[i]
        for p in range(n_nodes):
            row = local[s, order[p]]
            x = _f64(row[3])
            y = _f64(row[4])
            z = _f64(row[5])
            w = _f64(row[6])
            sx = _f64(row[7])
            sy = _f64(row[8])
            sz = _f64(row[9])
            xx = x * x
            yy = y * y
            zz = z * z
            xy = x * y
            xz = x * z
            yz = y * z
            wx = w * x
            wy = w * y
            wz = w * z
            m = lm[p]
            m[0, 0] = ((yy + zz) * -2.0 + 1.0) * sx
            m[0, 1] = ((xy + wz) * 2.0) * sx
            m[0, 2] = ((xz - wy) * 2.0) * sx
            m[1, 0] = ((xy - wz) * 2.0) * sy
            m[1, 1] = ((xx + zz) * -2.0 + 1.0) * sy
            m[1, 2] = ((yz + wx) * 2.0) * sy
            m[2, 0] = ((xz + wy) * 2.0) * sz
            m[2, 1] = ((yz - wx) * 2.0) * sz
            m[2, 2] = ((xx + yy) * -2.0 + 1.0) * sz
            m[3, 0] = _f64(row[0])
            m[3, 1] = _f64(row[1])
            m[3, 2] = _f64(row[2])
        for q in range(matrix_pos.shape[0]):
            lm[matrix_pos[q]] = matrix_vals[q]
        for p in range(n_nodes):
            parent = parent_pos[p]
            if parent < 0:
                ws[p] = lm[p]
            else:
                _mm4(lm[p], ws[parent], ws[p], fused)
            node = order[p]
            wp = ws[p]
            for a in range(4):
                for b in range(4):
                    world[4 * a + b, node, s] = wp[a, b]
        for si in range(len(palettes)):
            pal = palettes[si]
            j0 = joint_start[si]
            for j in range(joint_start[si + 1] - j0):
                node = joints[j0 + j]
                jw = tmp[1]
                for a in range(4):
                    for b in range(4):
                        jw[a, b] = world[4 * a + b, node, s]
                _mm4(ibm[j0 + j], jw, tmp[0], fused)
                _mm4(tmp[0], inv_mesh[si], jw, fused)
                for a in range(4):
                    for b in range(4):
                        pal[4 * a + b, j, s] = jw[a, b]


# Looked up by name when the loop runs (Python) or compiles (numba resolves globals then).
_normalize: Any = _normalize_impl
_cubic: Any = evaluate.cubic_spline_segment
_slerp: Any = _slerp_impl
_sample: Any = _sample_impl
_blend: Any = _blend_impl
_advance: Any = _advance_impl
_sum_error: Any = _sum_error_impl
_fma: Any = _fma_plain
_mm4: Any = _mm4_impl
_world: Callable[..., None] | None = None
_mm_probe: Callable[..., None] | None = None
#: numpy's matmul order on this machine: 1 fused, 0 plain, -1 neither (unknown), None untried.
_mode: int | None = None
_kernel: Callable[..., None] | None = None
_frame: Callable[..., int] | None = None
_tried = False


def _jitted(name: str) -> Any:
    """numba's dispatcher of loop ``name`` (compiling the helpers first), or raise."""
    _compile()
    fn = {"blend": _kernel, "frame": _frame, "world": _world, "probe": _mm_probe}[name]
    if fn is None:
        raise RuntimeError(f"numba is unusable here: {root_jit.broken()}")
    return fn


#: The loops' source: this module and the modules whose constants it compiles in.
_SOURCES: Final = (
    __file__,
    animation_tick.__file__,
    constants.__file__,
    evaluate.__file__,
    state.__file__,
)
_kernels: Final = {
    name: aot.Kernel(name, _SOURCES, partial(_jitted, name), returns)
    for name, returns in (("blend", None), ("frame", "i"), ("world", None), ("probe", None))
}


def _usable() -> bool:
    return root_jit.ENABLED and root_jit.broken() is None


def blend_kernel() -> Callable[..., None] | None:
    """The compiled blend loop, or None when numba is off (``LITE_JIT=0``), missing or broken
    (then :func:`lite.batch.root_jit.disable` has warned once, and the mixer blends one group
    at a time). Built ahead of time for the arguments' types on the first call
    (:mod:`lite.batch.aot`: later processes import it without numba), else compiled by numba.
    """
    return _kernels["blend"] if _usable() else None


def frame_kernel() -> Callable[..., int] | None:
    """The compiled whole-update loop (``_frame_impl``), or None as :func:`blend_kernel`."""
    return _kernels["frame"] if _usable() else None


def _compile() -> None:
    global _kernel, _frame, _normalize, _slerp, _sample, _blend, _advance, _sum_error, _tried
    global _cubic
    global _fma, _mm4, _world, _mm_probe
    if _tried:
        return
    _tried = True
    if not root_jit.ENABLED or root_jit.broken() is not None:
        return
    try:
        import numba  # third-party, optional: imported on first use only

        jit = numba.njit(cache=aot.numba_cache(), nogil=True)
        normalize = jit(_widened(evaluate.normalize_quat4))
        slerp = jit(_widened(evaluate.quat_slerp, normalize_quat4=normalize))
        cubic = jit(_widened(evaluate.cubic_spline_segment))
        sample = jit(_sample_impl)
        blend, sum_error = jit(_blend_impl), jit(_sum_error_impl)
        advance, frame = jit(_advance_impl), jit(_frame_impl)
        fma = _fma_intrinsic()

        mm4, world, probe = jit(_mm4_impl), jit(_world_impl), jit(_mm_probe_impl)
    except Exception as exc:  # numba present but broken: any failure, once
        root_jit.disable(exc)
        return
    _fma, _mm4, _world, _mm_probe = fma, mm4, world, probe
    _normalize, _slerp, _sample, _blend, _cubic = normalize, slerp, sample, blend, cubic
    _advance, _sum_error = advance, sum_error
    _kernel, _frame = blend, frame


def _fma_intrinsic() -> Any:
    """``llvm.fma.f64`` as a numba intrinsic: ``a * b + c`` rounded once (float64), as the
    BLAS kernels numpy's ``matmul`` calls on FMA machines. Made when the loops compile."""
    from llvmlite import ir  # type: ignore[import-untyped]  # numba's own dependency
    from numba.core import types
    from numba.extending import intrinsic

    double = ir.DoubleType()
    fnty = ir.FunctionType(double, [double, double, double])

    def fma(typingctx: Any, a: Any, b: Any, c: Any) -> Any:
        sig = types.float64(types.float64, types.float64, types.float64)

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            fn = builder.module.declare_intrinsic("llvm.fma", [double], fnty)
            return builder.call(fn, args)

        return sig, codegen

    return intrinsic(fma)


def matmul_mode() -> int:
    """How numpy's ``matmul`` sums a 4x4 product here, found once by comparing it with the
    compiled candidates on random blocks: 1 with fused multiply-adds, 0 plain, -1 neither
    (then the world matrices stay with numpy). -1 without the compiled loops."""
    global _mode
    if _mode is None:
        _mode = -1
        if _usable():
            probe = _kernels["probe"]
            rng = np.random.default_rng(20261207)
            a = rng.standard_normal((512, 4, 4)) * np.exp(rng.uniform(-8, 8, (512, 1, 1)))
            b = rng.standard_normal((512, 4, 4))
            want = np.matmul(a, b)
            got = np.empty_like(want)
            try:
                for mode in (1, 0):
                    probe(a, b, got, mode == 1)
                    if got.tobytes() == want.tobytes():
                        _mode = mode
                        break
            except Exception as exc:  # numba broken and nothing built: the numpy pass
                root_jit.disable(exc)
    return _mode


def world_kernel() -> Callable[..., None] | None:
    """The compiled world and palette pass, or None (numba off, or numpy's matmul order not
    one of the candidates: :func:`matmul_mode` is -1)."""
    return _kernels["world"] if matmul_mode() >= 0 else None


def python_kernel() -> Callable[..., None]:
    """The blend loop, uncompiled (tests: the compiled loop must give its bits)."""
    return _blend_impl


def python_frame_kernel() -> Callable[..., int]:
    """The whole-update loop, uncompiled."""
    return _frame_impl
