"""Keyframe sampling (LINEAR, STEP, CUBICSPLINE). Port of src/animation/evaluate.ts.

Times are compared in double precision (Python floats taken exactly from the float32 key
times), arithmetic on one value is done in double precision, and results are rounded once
when they are stored into the caller's float32 array: the same precision steps Babylon Lite
takes in JavaScript with ``Float32Array`` storage. The functions allocate nothing per call.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Sequence
from typing import TYPE_CHECKING

from lite.animation.constants import (
    INTERP_CUBICSPLINE,
    INTERP_LINEAR,
    INTERP_STEP,
    QUAT_NLERP_THRESHOLD,
)

if TYPE_CHECKING:
    from collections.abc import MutableSequence

    from lite.animation.types import AnimationEasing, AnimationSampler, F32Array, F64Array

__all__ = [
    "cubic_spline_segment",
    "evaluate_property_sampler",
    "evaluate_sampler",
    "find_keyframe",
    "normalize_quat4",
    "quat_slerp",
]


def find_keyframe(times: Sequence[float], t: float) -> int:
    """Index ``i`` of the segment holding ``t``: ``times[i] <= t < times[i + 1]``.

    Before the first key this is 0; at or after the last key it is the last segment
    (``len(times) - 2``), as in Babylon Lite's ``findKeyframe``.

    Examples
    --------
    >>> find_keyframe([0.0, 1.0, 2.0], 1.5)
    1
    >>> find_keyframe([0.0, 1.0, 2.0], 2.0)
    1
    """
    hi = len(times) - 1
    if t <= times[0]:
        return 0
    if t >= times[hi]:
        return hi - 1 if hi > 0 else 0
    return bisect_right(times, t) - 1


def normalize_quat4(dst: MutableSequence[float] | F32Array, o: int) -> None:
    """Normalise the quaternion ``dst[o:o+4]`` in place (no-op at zero length).

    Reads back the stored (float32-rounded) components, as Lite's ``normalizeQuat4`` does, so
    a float32 ``dst`` reproduces its numbers. Shared by the samplers and both mixers.
    """
    x = float(dst[o])
    y = float(dst[o + 1])
    z = float(dst[o + 2])
    w = float(dst[o + 3])
    len_sq = x * x + y * y + z * z + w * w
    if len_sq > 0.0:
        inv = 1.0 / math.sqrt(len_sq)
        dst[o] = x * inv
        dst[o + 1] = y * inv
        dst[o + 2] = z * inv
        dst[o + 3] = w * inv


def quat_slerp(
    dst: MutableSequence[float] | F32Array,
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
    """Shortest-arc slerp of quaternions ``a`` and ``b`` (x, y, z, w) into ``dst[o:o+4]``.

    Above ``QUAT_NLERP_THRESHOLD`` (0.9995, Babylon Lite) the pair is lerped and the result
    renormalised, which avoids dividing by a vanishing ``sin(theta)``.

    Examples
    --------
    >>> out = [0.0] * 4
    >>> quat_slerp(out, 0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.5)
    >>> [round(v, 6) for v in out]
    [0.0, 0.0, 0.707107, 0.707107]
    """
    dot = ax * bx + ay * by + az * bz + aw * bw
    if dot < 0.0:
        bx = -bx
        by = -by
        bz = -bz
        bw = -bw
        dot = -dot
    if dot > QUAT_NLERP_THRESHOLD:
        dst[o] = ax + t * (bx - ax)
        dst[o + 1] = ay + t * (by - ay)
        dst[o + 2] = az + t * (bz - az)
        dst[o + 3] = aw + t * (bw - aw)
        normalize_quat4(dst, o)
        return
    theta = math.acos(dot)
    sin_theta = math.sin(theta)
    wa = math.sin((1.0 - t) * theta) / sin_theta
    wb = math.sin(t * theta) / sin_theta
    dst[o] = wa * ax + wb * bx
    dst[o + 1] = wa * ay + wb * by
    dst[o + 2] = wa * az + wb * bz
    dst[o + 3] = wa * aw + wb * bw


def cubic_spline_segment(
    values: Sequence[float] | F32Array | F64Array,
    k0: int,
    k1: int,
    f: float,
    dt: float,
    stride: int,
    dst: MutableSequence[float] | F32Array,
    dst_offset: int,
) -> None:
    """glTF's cubic Hermite spline between two keys, at progress ``f`` of a segment ``dt``
    seconds long, into ``dst[dst_offset:dst_offset+stride]``.

    ``values[k0:k0+3*stride]`` and ``values[k1:...]`` are the keys' (in-tangent, value,
    out-tangent) triples. Shared with the weighted mixer's compiled loops
    (:mod:`lite.batch.blend_jit` compiles this text), so written once.
    """
    f2 = f * f
    f3 = f2 * f
    h00 = 2.0 * f3 - 3.0 * f2 + 1.0
    h10 = f3 - 2.0 * f2 + f
    h01 = -2.0 * f3 + 3.0 * f2
    h11 = f3 - f2
    for c in range(stride):
        p0 = values[k0 + stride + c]
        m0 = values[k0 + 2 * stride + c] * dt
        p1 = values[k1 + stride + c]
        m1 = values[k1 + c] * dt
        dst[dst_offset + c] = h00 * p0 + h10 * m0 + h01 * p1 + h11 * m1


def evaluate_sampler(
    sampler: AnimationSampler,
    t: float,
    stride: int,
    is_quat: bool,
    dst: MutableSequence[float] | F32Array,
    dst_offset: int,
) -> None:
    """Sample ``sampler`` at time ``t`` (seconds) into ``dst[dst_offset:dst_offset+stride]``.

    Parameters
    ----------
    sampler
        Key times and packed values.
    t
        Sample time in seconds; clamped to the first and last keys.
    stride
        Components per value (1 scalar, 3 vec3, 4 quaternion, N morph weights).
    is_quat
        Slerp LINEAR segments and renormalise CUBICSPLINE results.
    dst
        Caller-owned output (a float32 array reproduces Babylon Lite's rounding).
    dst_offset
        First index written.

    Examples
    --------
    >>> import numpy as np
    >>> from lite import AnimationSampler, INTERP_LINEAR
    >>> s = AnimationSampler([0.0, 1.0], [0.0, 10.0], INTERP_LINEAR)
    >>> out = np.zeros(1, np.float32)
    >>> evaluate_sampler(s, 0.25, 1, False, out, 0)
    >>> float(out[0])
    2.5
    """
    times = sampler.times
    key_count = len(times)
    if key_count == 0:
        return
    values = sampler._values
    interpolation = sampler.interpolation
    if key_count == 1 or t <= times[0]:
        src = stride if interpolation == INTERP_CUBICSPLINE else 0
        for c in range(stride):
            dst[dst_offset + c] = values[src + c]
        return
    idx = find_keyframe(times, t)
    t0 = times[idx]
    t1 = times[idx + 1]

    if interpolation == INTERP_STEP:
        src = (idx + 1 if t >= t1 else idx) * stride
        for c in range(stride):
            dst[dst_offset + c] = values[src + c]
        return

    dt = t1 - t0
    f = 1.0 if t >= t1 else ((t - t0) / dt if dt > 0.0 else 0.0)

    if interpolation == INTERP_CUBICSPLINE:
        cubic_spline_segment(
            values, idx * stride * 3, (idx + 1) * stride * 3, f, dt, stride, dst, dst_offset
        )
        if is_quat:
            normalize_quat4(dst, dst_offset)
        return

    s0 = idx * stride
    s1 = s0 + stride
    if is_quat:
        quat_slerp(
            dst,
            dst_offset,
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
        dst[dst_offset + c] = a + f * (values[s1 + c] - a)


def evaluate_property_sampler(
    sampler: AnimationSampler,
    t: float,
    stride: int,
    is_quat: bool,
    easing: AnimationEasing | None,
    dst: MutableSequence[float] | F32Array,
    dst_offset: int,
) -> None:
    """Sample a property track, applying ``easing`` to the segment progress.

    Without easing this is exactly :func:`evaluate_sampler`. With easing, samples at or
    beyond the first and last keys return those keys directly (the callback never moves
    endpoints), STEP segments never call it, and its result is not clamped, so overshooting
    curves extrapolate (Babylon Lite's property-easing contract).
    """
    if easing is None or sampler.interpolation != INTERP_LINEAR:
        evaluate_sampler(sampler, t, stride, is_quat, dst, dst_offset)
        return
    times = sampler.times
    last = len(times) - 1
    values = sampler._values
    if last <= 0 or t <= times[0] or t >= times[last]:
        src = 0 if (last <= 0 or t <= times[0]) else last * stride
        for c in range(stride):
            dst[dst_offset + c] = values[src + c]
        return
    idx = find_keyframe(times, t)
    t0 = times[idx]
    dt = times[idx + 1] - t0
    f = float(easing((t - t0) / dt)) if dt > 0.0 else 0.0
    s0 = idx * stride
    s1 = s0 + stride
    if is_quat:
        quat_slerp(
            dst,
            dst_offset,
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
        dst[dst_offset + c] = a + f * (values[s1 + c] - a)
