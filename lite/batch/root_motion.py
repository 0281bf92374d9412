"""Root motion over a whole batch: extraction, accumulation and the pinned root as array
operations (Python-only; the batched form of :mod:`lite.motion.root_motion`).

A batch whose members all carry a :class:`~lite.motion.root_motion.RootMotionTracker` for the
same root gets a :class:`RootPlan`. Each frame, on the component-major path:

1. the sampled root is pinned to its time-0 value inside the batch's TRS scratch
   (:func:`pin_roots`), before the world matrices are composed, exactly where the per-group
   hook pins ``pose.local``;
2. :func:`advance_roots` extracts every member's motion between its previous and its new clip
   time at once: the root is sampled at four times per member with a vectorised key search,
   lerp and slerp (the same arithmetic as :func:`lite.animation.evaluate.evaluate_sampler`),
   a frame that wraps the loop once composes the tail of one cycle with the head of the next,
   and the motions are added to the characters' world positions and rotations.

Members whose trackers are rows of one :class:`~lite.motion.root_motion.CrowdRootMotion`
accumulate in a handful of array operations on the crowd's arrays; other trackers take their
own ``_advance`` (scalar floats). Frames the vectorised form does not cover (backwards time,
more than one wrap in a frame, STEP or CUBICSPLINE roots) fall back to the tracker's scalar
extraction, row by row, with the same result.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

import numpy as np

from lite.animation.constants import INTERP_LINEAR, QUAT_NLERP_THRESHOLD
from lite.animation.evaluate import evaluate_sampler
from lite.motion.root_motion import CrowdRootMotion, RootMotionTracker

if TYPE_CHECKING:
    from lite.animation.types import AnimationSampler, F32Array, F64Array
    from lite.batch.plans import IntpArray

__all__ = ["RootPlan", "advance_roots", "pin_roots", "root_plan"]

#: Below this many members a frame's root motion is extracted member by member (the
#: tracker's own float arithmetic): numpy's per-call cost outweighs the rows saved.
VECTOR_MIN: Final = 32

_IDENTITY7: Final = np.array([0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0])
_IDENTITY7.flags.writeable = False


@dataclass(slots=True, eq=False)
class _Track:
    """One LINEAR root sampler as per-segment tables (segment ``i`` = keys ``i -> i + 1``).

    Translation rows hold the start value and ``b - a``; rotation rows the start, the
    shortest-arc end ``b'``, ``theta = acos(a . b')`` and ``sin(theta)``, and whether the pair
    is lerped and renormalised (above ``QUAT_NLERP_THRESHOLD``): the arithmetic of
    :func:`lite.animation.evaluate.evaluate_sampler`, with the per-pair work done once.
    """

    first_time: float
    first: F64Array  # (stride,) the value before the first key
    times: F64Array  # (K,)
    t0: F64Array  # (S,) segment starts
    dt: F64Array  # (S,) segment lengths
    start: F64Array  # (S, stride)
    delta: F64Array  # (S, stride): b - a, or b' - a for rotations
    end: F64Array  # (S, stride): b' (rotations)
    theta: F64Array  # (S,)
    sin_theta: F64Array  # (S,): 1 where lerped
    near: np.ndarray[tuple[int, ...], np.dtype[np.bool_]]  # (S,)
    any_near: bool
    single: bool  # one key: the value everywhere


@dataclass(slots=True, eq=False)
class _Scratch:
    n: int
    a: F64Array
    b: F64Array
    la: F64Array
    lb: F64Array
    starts: F64Array  # (n,): each row's segment start, then its length
    f: F64Array
    s0: F64Array  # (n, 7): root sample at the first time of a segment
    s1: F64Array
    m1: F64Array  # (n, 7): motions
    m2: F64Array
    tmp: F64Array  # (n, 4)
    tmp2: F64Array
    vec: F64Array  # (n, 3)
    vec2: F64Array
    dot: F64Array  # (n,)
    wa: F64Array
    wb: F64Array
    #: The root sampled at the previous frame's end time, and that time (clip-local).
    last_s: F64Array
    last_x: F64Array
    last_ok: bool
    row: IntpArray
    mask: np.ndarray[tuple[int, ...], np.dtype[np.bool_]]
    mask2: np.ndarray[tuple[int, ...], np.dtype[np.bool_]]


@dataclass(slots=True, eq=False)
class RootPlan:
    """Bind-time root-motion plan of one batch (one clip, one root node)."""

    node: int
    duration: float
    translation: _Track | None
    rotation: _Track | None
    #: Root TRS when a path is not animated (the rest value), as (7,) float64.
    rest: F64Array
    #: The root at clip time 0 as float32 (what the scalar hook pins), None where not animated.
    pin_t: F32Array | None
    pin_q: F32Array | None
    #: The root sampled at 0 and at the duration, (7,) float64 (the ends of every cycle).
    at_zero: F64Array
    at_end: F64Array
    #: Both root samplers are LINEAR (else each row takes the scalar extraction).
    vector: bool
    scratch: _Scratch | None = field(default=None, repr=False)
    #: The crowd rows of the batch's members when all of them are active (found once).
    full_rows: tuple[CrowdRootMotion, slice | IntpArray] | None = field(default=None, repr=False)
    full_known: bool = field(default=False, repr=False)


def _track(sampler: AnimationSampler | None, stride: int) -> _Track | None:
    if sampler is None:
        return None
    times = np.asarray(sampler.times, dtype=np.float64)
    k = len(times)
    vals = np.asarray(sampler._values, dtype=np.float64)
    if sampler.interpolation == INTERP_LINEAR:
        vals = vals[: k * stride].reshape(k, stride)
    else:  # only the first value is used (the row takes the scalar extraction)
        vals = np.resize(vals, (max(k, 1), stride))
    seg = max(k - 1, 1)
    start = np.array(vals[:seg])
    end = np.array(vals[1 : seg + 1]) if k > 1 else np.array(vals[:1])
    theta = np.zeros(seg)
    sin_theta = np.ones(seg)
    near = np.zeros(seg, dtype=np.bool_)
    if stride == 4:
        dot = np.einsum("ij,ij->i", start, end)
        flip = dot < 0.0
        end[flip] *= -1.0
        dot = np.abs(dot)
        near = dot > QUAT_NLERP_THRESHOLD
        theta = np.where(near, 0.0, np.arccos(np.minimum(dot, 1.0)))
        sin_theta = np.where(near, 1.0, np.sin(theta))
    t0 = times[:seg] if k > 1 else np.zeros(1)
    dt = np.diff(times) if k > 1 else np.ones(1)
    return _Track(
        first_time=float(times[0]) if k else 0.0,
        first=np.array(vals[0]),
        times=times,
        t0=np.ascontiguousarray(t0),
        dt=np.ascontiguousarray(dt),
        start=start,
        delta=end - start,
        end=end,
        theta=theta,
        sin_theta=sin_theta,
        near=near,
        any_near=bool(near.any()),
        single=k <= 1,
    )


def root_plan(tracker: RootMotionTracker) -> RootPlan:
    """The :class:`RootPlan` of a batch whose members carry trackers like ``tracker``."""
    roots = tracker._roots
    rest = np.array(_IDENTITY7)
    if roots.rest is not None:
        r = roots.rest
        rest[:] = (r.tx, r.ty, r.tz, r.rx, r.ry, r.rz, r.rw)
    t_s, r_s = roots.translation, roots.rotation
    pin_t = pin_q = None
    if t_s is not None:
        pin_t = np.zeros(3, dtype=np.float32)
        evaluate_sampler(t_s, 0.0, 3, False, pin_t, 0)
    if r_s is not None:
        pin_q = np.zeros(4, dtype=np.float32)
        evaluate_sampler(r_s, 0.0, 4, True, pin_q, 0)
    at_zero = [0.0] * 7
    at_end = [0.0] * 7
    roots.sample(0.0, at_zero)
    roots.sample(tracker._duration, at_end)
    vector = all(s is None or s.interpolation == INTERP_LINEAR for s in (t_s, r_s))
    return RootPlan(
        node=tracker.root_joint,
        duration=tracker._duration,
        translation=_track(t_s, 3),
        rotation=_track(r_s, 4),
        rest=rest,
        pin_t=pin_t,
        pin_q=pin_q,
        at_zero=np.array(at_zero),
        at_end=np.array(at_end),
        vector=vector,
    )


def pin_roots(plan: RootPlan, trs: F32Array, local: F32Array) -> None:
    """Pin the root inside the batch's ``trs`` ``(10, N, n)`` and ``local`` ``(n, N, 10)``."""
    node = plan.node
    if plan.pin_t is not None:
        trs[0:3, node] = plan.pin_t[:, None]
        local[:, node, 0:3] = plan.pin_t
    if plan.pin_q is not None:
        trs[3:7, node] = plan.pin_q[:, None]
        local[:, node, 3:7] = plan.pin_q


def _scratch(n: int) -> _Scratch:
    def z(*shape: int) -> F64Array:
        return np.zeros(shape, dtype=np.float64)

    return _Scratch(
        n=n,
        a=z(n),
        b=z(n),
        la=z(n),
        lb=z(n),
        starts=z(n),
        f=z(n),
        s0=z(n, 7),
        s1=z(n, 7),
        m1=z(n, 7),
        m2=z(n, 7),
        tmp=z(n, 4),
        tmp2=z(n, 4),
        vec=z(n, 3),
        vec2=z(n, 3),
        dot=z(n),
        wa=z(n),
        wb=z(n),
        last_s=z(n, 7),
        last_x=z(n),
        last_ok=False,
        row=np.zeros(n, dtype=np.intp),
        mask=np.zeros(n, dtype=np.bool_),
        mask2=np.zeros(n, dtype=np.bool_),
    )


def _sample_track(tr: _Track, x: F64Array, out: F64Array, sc: _Scratch, quat: bool) -> None:
    """``evaluate_sampler`` (LINEAR) at every time of ``x`` into ``out`` ``(n, stride)``."""
    if tr.single:
        out[:] = tr.first
        return
    row = sc.row
    f = sc.f
    # Segment i holds t: times[i] <= t < times[i + 1], clamped (find_keyframe); f in [0, 1].
    row[:] = np.searchsorted(tr.times, x, side="right")
    np.subtract(row, 1, out=row)
    np.clip(row, 0, len(tr.t0) - 1, out=row)
    t0 = sc.starts
    np.take(tr.t0, row, out=t0)
    np.subtract(x, t0, out=f)
    np.take(tr.dt, row, out=t0)
    np.divide(f, t0, out=f)
    np.clip(f, 0.0, 1.0, out=f)
    if not quat:
        # a + f * (b - a), as the scalar sampler (f = 0 before the first key gives a exactly).
        vec = sc.vec
        np.take(tr.delta, row, axis=0, out=vec)
        np.multiply(vec, f[:, None], out=vec)
        np.take(tr.start, row, axis=0, out=out)
        np.add(out, vec, out=out)
        return
    wa, wb, th = sc.wa, sc.wb, sc.dot
    np.take(tr.theta, row, out=th)
    np.subtract(1.0, f, out=wa)
    np.multiply(wa, th, out=wa)
    np.sin(wa, out=wa)
    np.multiply(f, th, out=wb)
    np.sin(wb, out=wb)
    np.take(tr.sin_theta, row, out=th)
    np.divide(wa, th, out=wa)
    np.divide(wb, th, out=wb)
    qa, qb = sc.tmp, sc.tmp2
    np.take(tr.start, row, axis=0, out=qa)
    np.take(tr.end, row, axis=0, out=qb)
    np.multiply(qa, wa[:, None], out=out)
    np.multiply(qb, wb[:, None], out=qb)
    np.add(out, qb, out=out)
    if tr.any_near:
        near = sc.mask
        np.take(tr.near, row, out=near)
        if near.any():
            # Lerp and normalize_quat4 (times the reciprocal square root) on the lerped rows.
            lerp = qa + f[:, None] * np.take(tr.delta, row, axis=0)
            len_sq = np.einsum("ij,ij->i", lerp, lerp)
            inv = 1.0 / np.sqrt(np.where(len_sq > 0.0, len_sq, 1.0))
            np.multiply(lerp, inv[:, None], out=lerp)
            np.copyto(out, lerp, where=near[:, None])
    before = sc.mask2
    np.less_equal(x, tr.first_time, out=before)
    if before.any():
        np.copyto(out, tr.first, where=before[:, None])


def _sample(plan: RootPlan, x: F64Array, out: F64Array, sc: _Scratch) -> None:
    """The root at every time of ``x`` into ``out`` ``(n, 7)`` (rest where not animated)."""
    if plan.translation is None:
        out[:, 0:3] = plan.rest[0:3]
    else:
        _sample_track(plan.translation, x, out[:, 0:3], sc, False)
    if plan.rotation is None:
        out[:, 3:7] = plan.rest[3:7]
    else:
        _sample_track(plan.rotation, x, out[:, 3:7], sc, True)


def _qmul(a: F64Array, b: F64Array, out: F64Array) -> None:
    """Hamilton products of ``(n, 4)`` rows ``a * b`` into ``out`` (not aliasing a or b): the
    four products per component of :func:`lite.motion.quaternion.qmul`, in its order."""
    ax, ay, az, aw = a[:, 0], a[:, 1], a[:, 2], a[:, 3]
    bx, by, bz, bw = b[:, 0], b[:, 1], b[:, 2], b[:, 3]
    out[:, 0] = aw * bx + ax * bw + ay * bz - az * by
    out[:, 1] = aw * by - ax * bz + ay * bw + az * bx
    out[:, 2] = aw * bz + ax * by - ay * bx + az * bw
    out[:, 3] = aw * bw - ax * bx - ay * by - az * bz


def _qrot(q: F64Array, v: F64Array, out: F64Array) -> None:
    """``v`` ``(n, 3)`` rotated by unit quaternions ``q`` ``(n, 4)`` into ``out``:
    ``v + 2 (w (q x v) + q x (q x v))``, as :func:`lite.motion.quaternion.qrot`."""
    qx, qy, qz, qw = q[:, 0], q[:, 1], q[:, 2], q[:, 3]
    vx, vy, vz = v[:, 0], v[:, 1], v[:, 2]
    cx = qy * vz - qz * vy
    cy = qz * vx - qx * vz
    cz = qx * vy - qy * vx
    out[:, 0] = vx + 2.0 * (qw * cx + qy * cz - qz * cy)
    out[:, 1] = vy + 2.0 * (qw * cy + qz * cx - qx * cz)
    out[:, 2] = vz + 2.0 * (qw * cz + qx * cy - qy * cx)


def _normalize(q: F64Array) -> None:
    """Rows of ``q`` ``(n, 4)`` to unit length in place (a zero row becomes the identity)."""
    n = np.sqrt(np.einsum("ij,ij->i", q, q))
    zero = n == 0.0
    q /= np.where(zero, 1.0, n)[:, None]
    if zero.any():
        q[zero] = (0.0, 0.0, 0.0, 1.0)


def _segment(s0: F64Array, s1: F64Array, out: F64Array, sc: _Scratch) -> None:
    """Motion from root sample ``s0`` to ``s1`` in ``s0``'s frame (``_RootSamplers.segment``)."""
    inv = sc.tmp
    np.negative(s0[:, 3:6], out=inv[:, 0:3])
    inv[:, 3] = s0[:, 6]
    _normalize(inv)
    np.subtract(s1[:, 0:3], s0[:, 0:3], out=sc.vec)
    _qrot(inv, sc.vec, out[:, 0:3])
    qb = sc.tmp2
    np.copyto(qb, s1[:, 3:7])
    _normalize(qb)
    _qmul(inv, qb, out[:, 3:7])


def _compose(a: F64Array, b: F64Array, sc: _Scratch) -> None:
    """``a`` then ``b`` (in the frame ``a`` ends in), into ``a`` (``root_motion._compose``)."""
    _qrot(a[:, 3:7], b[:, 0:3], sc.vec)
    a[:, 0:3] += sc.vec
    np.copyto(sc.tmp, a[:, 3:7])
    _qmul(sc.tmp, b[:, 3:7], a[:, 3:7])


def advance_roots(
    plan: RootPlan,
    trackers: list[RootMotionTracker],
    before: list[float],
    after: list[float],
    count: int,
    total: int,
) -> None:
    """Extract and accumulate the root motion of ``count`` members (see the module notes).

    ``trackers``, ``before`` and ``after`` hold this frame's active members first; ``total``
    is the batch's member count (all active: the trackers are the members, in order).
    """
    if not plan.vector or count < VECTOR_MIN:
        for i in range(count):
            trackers[i]._advance(before[i], after[i])
        return
    sc = plan.scratch
    if sc is None or sc.n != count:
        sc = plan.scratch = _scratch(count)
    a, b = sc.a, sc.b
    a[:] = before[:count]
    b[:] = after[:count]
    duration = plan.duration
    m1, m2 = sc.m1, sc.m2
    # Cycle of each time and the time within it: same cycle -> one segment; one wrap -> the
    # rest of the cycle, then the start of the next; anything else -> the scalar extraction.
    ca = np.floor(a / duration)
    cb = np.floor(b / duration)
    la, lb = sc.la, sc.lb
    np.subtract(a, ca * duration, out=la)
    np.subtract(b, cb * duration, out=lb)
    wraps = cb - ca
    forward = b >= a
    same = (wraps == 0.0) & forward
    once = wraps == 1.0
    s_a, s_b = sc.s0, sc.s1
    # The root at this frame's start time is the one sampled at the last frame's end time
    # whenever the clock ran on from there (no seek, no time set): sample it only otherwise.
    if sc.last_ok and np.array_equal(la, sc.last_x):
        np.copyto(s_a, sc.last_s)
    else:
        _sample(plan, la, s_a, sc)
    _sample(plan, lb, s_b, sc)
    np.copyto(sc.last_s, s_b)
    np.copyto(sc.last_x, lb)
    sc.last_ok = True
    any_once = bool(once.any())
    if any_once:
        # Tail of the cycle (to its end), then the head of the next (from time 0).
        np.copyto(m2, s_b)
        m2[once] = plan.at_end
        _segment(s_a, m2, m1, sc)
        s_a[:] = plan.at_zero
        _segment(s_a, s_b, m2, sc)
        m2[~once] = _IDENTITY7
        _compose(m1, m2, sc)
    else:
        _segment(s_a, s_b, m1, sc)
    still = a == b
    if still.any():
        m1[still] = _IDENTITY7
    odd = ~(same | once | still)
    if odd.any():
        scratch = [0.0] * 7
        for i in np.flatnonzero(odd).tolist():
            # The tracker's own extraction (loops composed by squaring, backwards inverted).
            m1[i] = trackers[i]._motion_between(float(a[i]), float(b[i]), scratch)
    if count == total:
        if not plan.full_known:
            plan.full_rows = _crowd_rows(trackers, count)
            plan.full_known = True
        rows = plan.full_rows
    else:
        rows = _crowd_rows(trackers, count)
    _apply(trackers, rows, m1, count, sc)


def _apply(
    trackers: list[RootMotionTracker],
    crowd: tuple[CrowdRootMotion, slice | IntpArray] | None,
    m: F64Array,
    count: int,
    sc: _Scratch,
) -> None:
    """Store each motion in its tracker and add it to the character's world position."""
    turn = m[:, 3:7]
    _normalize(turn)
    if crowd is not None:
        store, rows = crowd
        store.translations[rows] = m[:, 0:3]
        store.turns[rows] = turn
        world = store.rotations[rows]  # a view for consecutive rows, else a copy
        _qrot(world, m[:, 0:3], sc.vec2)
        store.positions[rows] += sc.vec2
        np.copyto(sc.tmp, world)
        _qmul(sc.tmp, turn, world)
        _normalize(world)
        if not isinstance(rows, slice):
            store.rotations[rows] = world
        return
    for i in range(count):
        tr = trackers[i]
        tr.motion.translation[:] = m[i, 0:3]
        tr.motion.rotation[:] = turn[i]
        w = tr.rotation
        _qrot(w[None, :], m[i : i + 1, 0:3], sc.vec2[:1])
        tr.position += sc.vec2[0]
        np.copyto(sc.tmp[0], w)
        _qmul(sc.tmp[:1], turn[i : i + 1], w[None, :])
        _normalize(w[None, :])


def _crowd_rows(
    trackers: list[RootMotionTracker], count: int
) -> tuple[CrowdRootMotion, slice | IntpArray] | None:
    """The crowd every tracker belongs to and their rows in it (a slice when consecutive)."""
    first = trackers[0]._crowd
    if first is None:
        return None
    rows = [0] * count
    for i in range(count):
        tr = trackers[i]
        if tr._crowd is not first:
            return None
        rows[i] = tr._row
    start = rows[0]
    if rows == list(range(start, start + count)):
        return first, slice(start, start + count)
    return first, np.array(rows, dtype=np.intp)
