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
from collections.abc import Callable
from typing import Any, Final

import numpy as np

from lite.animation.constants import QUAT_NLERP_THRESHOLD
from lite.batch import root_jit

__all__ = [
    "CH_ROTATION",
    "CH_SCALE",
    "CH_TRANSLATION",
    "INTERP_CODE_CUBIC",
    "INTERP_CODE_LINEAR",
    "INTERP_CODE_STEP",
    "blend_kernel",
]

CH_TRANSLATION: Final = 0
CH_ROTATION: Final = 1
CH_SCALE: Final = 2
INTERP_CODE_LINEAR: Final = 0
INTERP_CODE_STEP: Final = 1
INTERP_CODE_CUBIC: Final = 2

_THRESHOLD: Final = float(QUAT_NLERP_THRESHOLD)
_STRIDE: Final = 10
#: Widens a float32 cell to a double (numba's ``float()`` of a float32 stays float32).
_f64 = np.float64


def _normalize_impl(dst: Any, o: int) -> None:  # pragma: no cover - compiled
    """``normalize_quat4``: reads back the stored float32 components."""
    x = _f64(dst[o])
    y = _f64(dst[o + 1])
    z = _f64(dst[o + 2])
    w = _f64(dst[o + 3])
    len_sq = x * x + y * y + z * z + w * w
    if len_sq > 0.0:
        inv = 1.0 / math.sqrt(len_sq)
        dst[o] = x * inv
        dst[o + 1] = y * inv
        dst[o + 2] = z * inv
        dst[o + 3] = w * inv


def _slerp_impl(  # pragma: no cover - compiled
    dst: Any,
    o: int,
    ax: float,
    ay: float,
    az: float,
    aw: float,
    bx: float,
    by: float,
    bz: float,
    bw: float,
    t: float,
) -> None:
    """``quat_slerp``: shortest arc, nlerp and renormalise above the threshold."""
    dot = ax * bx + ay * by + az * bz + aw * bw
    if dot < 0.0:
        bx = -bx
        by = -by
        bz = -bz
        bw = -bw
        dot = -dot
    if dot > _THRESHOLD:
        dst[o] = ax + t * (bx - ax)
        dst[o + 1] = ay + t * (by - ay)
        dst[o + 2] = az + t * (bz - az)
        dst[o + 3] = aw + t * (bw - aw)
        _normalize(dst, o)
        return
    theta = math.acos(dot)
    sin_theta = math.sin(theta)
    wa = math.sin((1.0 - t) * theta) / sin_theta
    wb = math.sin(t * theta) / sin_theta
    dst[o] = wa * ax + wb * bx
    dst[o + 1] = wa * ay + wb * by
    dst[o + 2] = wa * az + wb * bz
    dst[o + 3] = wa * aw + wb * bw


def _sample_impl(  # pragma: no cover - compiled
    times: Any,
    values: Any,
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
        f2 = f * f
        f3 = f2 * f
        h00 = 2.0 * f3 - 3.0 * f2 + 1.0
        h10 = f3 - 2.0 * f2 + f
        h01 = -2.0 * f3 + 3.0 * f2
        h11 = f3 - f2
        k0 = voff + idx * stride * 3
        k1 = voff + (idx + 1) * stride * 3
        for c in range(stride):
            p0 = values[k0 + stride + c]
            m0 = values[k0 + 2 * stride + c] * dt
            p1 = values[k1 + stride + c]
            m1 = values[k1 + c] * dt
            dst[c] = h00 * p0 + h10 * m0 + h01 * p1 + h11 * m1
        if is_quat:
            _normalize(dst, 0)
        return
    s0 = voff + idx * stride
    s1 = s0 + stride
    if is_quat:
        _slerp(
            dst,
            0,
            values[s0],
            values[s0 + 1],
            values[s0 + 2],
            values[s0 + 3],
            values[s1],
            values[s1 + 1],
            values[s1 + 2],
            values[s1 + 3],
            f,
        )
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
    sample: Any,
    local: Any,
) -> None:
    """Blend ``n_slots`` instances: reset to rest, accumulate the contributions in order,
    finish the rotations and store the poses into ``local``.

    ``acc`` and ``local`` are ``(C, N * 10)`` float32, the weights ``(C, N)`` float32, ``rest``
    ``(N * 10,)`` float64 (the float32 rest values). Contribution ``i`` is clip ``c_clip[i]``
    at time ``c_time[i]`` with weight ``c_weight[i]`` on slot ``c_slot[i]``; clip ``k``'s
    channels are rows ``clip_ch[k]:clip_ch[k + 1]`` of ``channels`` (path code, node,
    interpolation code, first key, key count, first value).
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
                _sample(times, values, toff, tn, voff, interp, t, 4, True, sample)
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
                _sample(times, values, toff, tn, voff, interp, t, 3, False, sample)
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


# Looked up by name when the loop runs (Python) or compiles (numba resolves globals then).
_normalize: Any = _normalize_impl
_slerp: Any = _slerp_impl
_sample: Any = _sample_impl
_kernel: Callable[..., None] | None = None
_tried = False


def blend_kernel() -> Callable[..., None] | None:
    """The compiled blend loop, or None when numba is off (``LITE_JIT=0``), missing or broken
    (then :func:`lite.batch.root_jit.disable` has warned once, and the mixer blends one group
    at a time). Compiled on the first call (cached on disk where the package is writable).
    """
    global _kernel, _normalize, _slerp, _sample, _tried
    if _kernel is not None or _tried:
        return _kernel
    _tried = True
    if not root_jit.ENABLED or root_jit.broken() is not None:
        return None
    try:
        import numba  # third-party, optional: imported on first use only

        jit = numba.njit(cache=True, nogil=True)
        normalize, slerp, sample = jit(_normalize_impl), jit(_slerp_impl), jit(_sample_impl)
        kernel = jit(_blend_impl)
    except Exception as exc:  # numba present but broken: any failure, once
        root_jit.disable(exc)
        return None
    _normalize, _slerp, _sample, _kernel = normalize, slerp, sample, kernel
    return _kernel


def python_kernel() -> Callable[..., None]:
    """The same loop, uncompiled (tests: the compiled loop must give its bits)."""
    return _blend_impl
