"""Root motion over a whole batch: extraction, accumulation and the pinned root, as arrays.

Python-only; the batched form of :mod:`lite.motion.root_motion`.

A batch whose members all carry a :class:`~lite.motion.root_motion.RootMotionTracker` for the
same root gets a :class:`RootPlan`. Each frame, on the component-major path:

1. the sampled root is pinned to its time-0 value inside the batch's TRS scratch
   (:func:`pin_roots`), before the world matrices are composed, exactly where the per-group
   hook pins ``pose.local``;
2. :func:`advance_roots` extracts every member's motion between its previous and its new clip
   time and adds it to the characters' world positions and rotations.

The extraction is the scalar one's arithmetic (:func:`lite.animation.evaluate.evaluate_sampler`
for the samples, :mod:`lite.motion.quaternion` for the products, in the same order):

- the root is sampled once per member per frame, at the new time: the previous frame's sample
  (and its normalised rotation) is this frame's start whenever the clock ran on from there;
- a sample is one key search and one gather from a per-segment table holding, for each key
  pair, its start time and length, the translation's start and ``b - a``, and the rotation's
  start, shortest-arc end ``b'`` (``b' - a`` for pairs that are lerped and renormalised),
  ``theta`` and ``sin(theta)``: computed once per clip;
- quaternion products, rotations and normalisation run on ``(n, 4)`` rows
  (:mod:`lite.batch.quat_rows`) in preallocated scratch;
- members whose frame is not a plain step forward inside one loop cycle (a wrap, a seek
  backwards, a paused clock, many loops in one frame) are found with two comparisons and
  fixed row by row in float arithmetic afterwards: a single wrap composes the tail of one cycle
  with the head of the next from the samples already taken, the rest take the tracker's own
  extraction.

Below :data:`VECTOR_MIN` members numpy's per-call cost outweighs the rows it saves: the same
steps run member by member on Python floats, with the same tables, and the crowd's arrays are
read and written once for all of them. Members whose trackers are rows of one
:class:`~lite.motion.root_motion.CrowdRootMotion` are read and written as slices of the crowd's
arrays; other trackers one by one. STEP or CUBICSPLINE roots (and clips the tables cannot
hold) take the tracker's scalar extraction, member by member.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from lite.animation.constants import INTERP_LINEAR, QUAT_NLERP_THRESHOLD
from lite.animation.evaluate import evaluate_sampler
from lite.batch import root_jit
from lite.batch.quat_rows import qconj, qmul, qnormalize, qrot
from lite.batch.root_jit import ENABLED as JIT_ENABLED
from lite.batch.root_jit import advance_rows_kernel
from lite.motion.quaternion import qmul as qmul1
from lite.motion.quaternion import qnormalize as qnormalize1
from lite.motion.quaternion import qrot as qrot1
from lite.motion.root_motion import MAX_TICK_CYCLES, CrowdRootMotion, RootMotionTracker

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from lite.animation.types import AnimationSampler, F32Array, F64Array
    from lite.batch.plans import IntpArray

__all__ = ["RootPlan", "advance_roots", "pin_roots", "root_plan"]

#: Below this many members a frame's root motion is extracted member by member on Python
#: floats (numpy's per-call cost outweighs the rows saved).
VECTOR_MIN: Final = 24

BoolArray = np.ndarray[tuple[int, ...], np.dtype[np.bool_]]
_Rigid = tuple[float, float, float, float, float, float, float]
#: One frame's members: trackers, times before and after, active count, batch size.
_Frame = tuple[list[RootMotionTracker], list[float], list[float], int, int]
_IDENTITY: Final[_Rigid] = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0)

# Columns of a segment table: start time and length of each key pair, then the translation's
# start and b - a, then the rotation's start, end (b', or b' - a where lerped), theta,
# sin(theta) and whether it is lerped (1.0) or slerped (0.0).
_T0, _DT = 0, 1


@dataclass(slots=True, eq=False)
class _Table:
    """The LINEAR root samplers sharing one key-time array, as per-segment rows."""

    times: list[float]
    inner: F64Array  # times[1:-1]: searchsorted gives the clamped segment directly
    first_time: float
    data: F64Array  # (columns, S): component-major, gathered along the segments
    #: Column of the translation's start (then b - a) and of the rotation's start, or -1.
    t_col: int
    q_col: int
    #: Per segment, as Python floats for the member-by-member path.
    rows: list[tuple[float, ...]]
    near: list[bool]
    any_near: bool
    #: The values before the first key (7 entries; only this table's paths are meaningful).
    first: list[float]


@dataclass(slots=True, eq=False)
class _Views:
    """One root sample ``(7, n)`` and its parts (views made once)."""

    s: F64Array
    t: F64Array  # s[0:3]
    q: F64Array  # s[3:7]
    qn: F64Array  # (4, n): q normalised
    x: F64Array  # (n,): the clip-local time sampled


@dataclass(slots=True, eq=False)
class _Scratch:
    """Per-frame arrays of ``n`` members, component-major (``(k, n)``, each row contiguous):
    numpy's per-call cost, not the row count, dominates at crowd sizes, and a contiguous row
    is the cheapest operand there is (quaternion helpers get ``.T`` views, ``(n, k)``)."""

    n: int
    ab: F64Array  # (2, n): times before and after
    cyc: F64Array  # (2, n): their loop cycles
    loc: F64Array  # (2, n): clip-local times
    diff: F64Array
    wraps: F64Array
    ok: BoolArray
    ok2: BoolArray
    near: BoolArray
    f: F64Array
    tmp: F64Array
    w2: F64Array  # (2, n): slerp weights
    gathered: list[F64Array]  # per table, (columns, n)
    #: This frame's sample and the previous frame's (swapped each frame).
    cur: _Views
    prev: _Views
    prev_ok: bool
    inv: F64Array  # (4, n)
    dt3: F64Array  # (3, n)
    m: F64Array  # (7, n): the motions
    mt: F64Array
    mq: F64Array
    turn: F64Array  # (4, n)
    dp: F64Array  # (3, n)
    world: F64Array  # (4, n)
    sq: F64Array  # (4, n)
    norm: F64Array


@dataclass(slots=True, eq=False)
class RootPlan:
    """Bind-time root-motion plan of one batch (one clip, one root node)."""

    node: int
    duration: float
    tables: tuple[_Table, ...]
    #: Root TRS of the paths no table samples (the rest value, or the single key), (7,).
    rest: list[float]
    #: Columns 0:3 / 3:7 are sampled by a table.
    t_sampled: bool
    q_sampled: bool
    #: The root at clip time 0 as float32 (what the scalar hook pins), None where not animated.
    pin_t: F32Array | None
    pin_q: F32Array | None
    #: The root sampled at 0 and at the duration, rotations normalised, 7 floats each.
    at_zero_n: tuple[float, ...]
    at_end_n: tuple[float, ...]
    #: Both root samplers are LINEAR with increasing keys (else the scalar extraction).
    vector: bool
    scratch: _Scratch | None = field(default=None, repr=False)
    #: The crowd rows of the batch's members when all of them are active (found once).
    full_rows: tuple[CrowdRootMotion, slice | IntpArray] | None = field(default=None, repr=False)
    full_known: bool = field(default=False, repr=False)
    #: Member-by-member path: each member's last clip-local time, sample and normalised turn.
    small_x: list[float] = field(default_factory=list, repr=False)
    small_s: list[tuple[float, ...]] = field(default_factory=list, repr=False)
    #: The compiled pass's inputs (see :mod:`lite.batch.root_jit`), made on its first frame.
    jit: _JitState | None = field(default=None, repr=False)


@dataclass(slots=True, eq=False)
class _JitState:
    """The arrays the loop of :func:`lite.batch.root_jit.advance_rows_kernel` reads and keeps
    between frames."""

    kernel: Callable[..., int]
    consts: F64Array  # duration, the root at 0 and at the duration, the key times
    seg: F64Array  # (S, 19): the table's rows
    n: int = 0
    #: (n, 11): times before and after, last clip-local time and sample, flag.
    state: F64Array = field(default_factory=lambda: np.zeros((0, 11)))
    #: The rows of the crowd, by the ``_rows`` result they were made for.
    rows_key: object = None
    rows: IntpArray = field(default_factory=lambda: np.zeros(0, dtype=np.intp))
    #: Whether the kernel has run once (its first call compiles or loads it).
    ran: bool = False


def _linear(sampler: AnimationSampler | None) -> bool:
    if sampler is None:
        return True
    if sampler.interpolation != INTERP_LINEAR or len(sampler.times) < 1:
        return False
    times = np.asarray(sampler.times, dtype=np.float64)
    return bool(np.all(np.diff(times) > 0.0))


def _table(
    times: list[float],
    translation: AnimationSampler | None,
    rotation: AnimationSampler | None,
) -> _Table:
    """The segment table of the LINEAR samplers (two keys or more) on ``times``."""
    k = len(times)
    seg = k - 1
    cols: list[list[float]] = [[times[i], times[i + 1] - times[i]] for i in range(seg)]
    near = [False] * seg
    first = [0.0] * 7
    t_col = q_col = -1
    if translation is not None:
        t_col = 2
        v = [float(x) for x in translation._values[: k * 3]]
        first[0:3] = v[0:3]
        for i in range(seg):
            a, b = v[3 * i : 3 * i + 3], v[3 * i + 3 : 3 * i + 6]
            cols[i] += a + [b[c] - a[c] for c in range(3)]
    if rotation is not None:
        q_col = len(cols[0])
        v = [float(x) for x in rotation._values[: k * 4]]
        first[3:7] = v[0:4]
        for i in range(seg):
            ax, ay, az, aw = v[4 * i : 4 * i + 4]
            bx, by, bz, bw = v[4 * i + 4 : 4 * i + 8]
            # quat_slerp's arithmetic, done once per key pair.
            dot = ax * bx + ay * by + az * bz + aw * bw
            if dot < 0.0:
                bx, by, bz, bw, dot = -bx, -by, -bz, -bw, -dot
            if dot > QUAT_NLERP_THRESHOLD:
                near[i] = True
                end = [bx - ax, by - ay, bz - az, bw - aw]
                theta, sin_theta = 0.0, 1.0
            else:
                end = [bx, by, bz, bw]
                theta = math.acos(dot)
                sin_theta = math.sin(theta)
            cols[i] += [ax, ay, az, aw, *end, theta, sin_theta, 1.0 if near[i] else 0.0]
    data = np.ascontiguousarray(np.array(cols, dtype=np.float64).T)
    return _Table(
        times=times,
        inner=np.array(times[1:-1], dtype=np.float64),
        first_time=times[0],
        data=data,
        t_col=t_col,
        q_col=q_col,
        rows=[tuple(r) for r in cols],
        near=near,
        any_near=any(near),
        first=first,
    )


def root_plan(tracker: RootMotionTracker) -> RootPlan:
    """The :class:`RootPlan` of a batch whose members carry trackers like ``tracker``."""
    roots = tracker._roots
    rest = list(_IDENTITY)
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
    duration = tracker._duration
    vector = duration > 0.0 and _linear(t_s) and _linear(r_s)
    tables: list[_Table] = []
    t_sampled = q_sampled = False
    if vector:
        # A single key is the value everywhere: a constant, like an unanimated path.
        animated = [(s, p) for s, p in ((t_s, 0), (r_s, 1)) if s is not None]
        for s, p in animated:
            if len(s.times) == 1:
                stride = 3 if p == 0 else 4
                rest[3 * p : 3 * p + stride] = [float(x) for x in s._values[:stride]]
        multi = [(s, p) for s, p in animated if len(s.times) > 1]
        keyed = [[float(x) for x in s.times] for s, _ in multi]
        if len(multi) == 2 and keyed[0] == keyed[1]:
            tables.append(_table(keyed[0], multi[0][0], multi[1][0]))
        else:
            for (s, p), times in zip(multi, keyed, strict=True):
                tables.append(_table(times, s if p == 0 else None, s if p == 1 else None))
        t_sampled = any(tb.t_col >= 0 for tb in tables)
        q_sampled = any(tb.q_col >= 0 for tb in tables)
    zq = qnormalize1(at_zero[3], at_zero[4], at_zero[5], at_zero[6])
    eq = qnormalize1(at_end[3], at_end[4], at_end[5], at_end[6])
    return RootPlan(
        node=tracker.root_joint,
        duration=duration,
        tables=tuple(tables),
        rest=rest,
        t_sampled=t_sampled,
        q_sampled=q_sampled,
        pin_t=pin_t,
        pin_q=pin_q,
        at_zero_n=(at_zero[0], at_zero[1], at_zero[2], *zq),
        at_end_n=(at_end[0], at_end[1], at_end[2], *eq),
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


# ---------------------------------------------------------------------------------------------
# The vectorised path
# ---------------------------------------------------------------------------------------------


def _views(plan: RootPlan, n: int) -> _Views:
    s = np.zeros((7, n), dtype=np.float64)
    s[:] = np.array(plan.rest)[:, None]  # the paths no table samples keep these
    return _Views(s=s, t=s[0:3], q=s[3:7], qn=np.zeros((4, n)), x=np.zeros(n))


def _scratch(plan: RootPlan, n: int) -> _Scratch:
    def z(*shape: int) -> F64Array:
        return np.zeros(shape, dtype=np.float64)

    m = z(7, n)
    return _Scratch(
        n=n,
        ab=z(2, n),
        cyc=z(2, n),
        loc=z(2, n),
        diff=z(n),
        wraps=z(n),
        ok=np.zeros(n, dtype=np.bool_),
        ok2=np.zeros(n, dtype=np.bool_),
        near=np.zeros(n, dtype=np.bool_),
        f=z(n),
        tmp=z(n),
        w2=z(2, n),
        gathered=[z(tb.data.shape[0], n) for tb in plan.tables],
        cur=_views(plan, n),
        prev=_views(plan, n),
        prev_ok=False,
        inv=z(4, n),
        dt3=z(3, n),
        m=m,
        mt=m[0:3],
        mq=m[3:7],
        turn=z(4, n),
        dp=z(3, n),
        world=z(4, n),
        sq=z(4, n),
        norm=z(n),
    )


def _sample(plan: RootPlan, x: F64Array, v: _Views, sc: _Scratch) -> None:
    """``evaluate_sampler`` (LINEAR) of the root at every time of ``x`` into ``v``."""
    f, w2 = sc.f, sc.w2
    for tb, g in zip(plan.tables, sc.gathered, strict=True):
        # Segment i holds t: times[i] <= t < times[i + 1], clamped (find_keyframe).
        np.take(tb.data, tb.inner.searchsorted(x, side="right"), axis=1, out=g)
        np.subtract(x, g[_T0], out=f)
        np.divide(f, g[_DT], out=f)
        np.minimum(f, 1.0, out=f)  # at or past the last key; f < 0 only before the first
        if tb.t_col >= 0:
            c = tb.t_col
            # a + f * (b - a)
            np.multiply(g[c + 3 : c + 6], f, out=g[c + 3 : c + 6])
            np.add(g[c : c + 3], g[c + 3 : c + 6], out=v.t)
        if tb.q_col >= 0:
            c = tb.q_col
            # wa = sin((1 - f) theta) / sin(theta), wb = sin(f theta) / sin(theta); a lerped
            # pair has theta 0 and sin(theta) 1, and takes wa = 1, wb = f instead.
            np.subtract(1.0, f, out=w2[0])
            np.copyto(w2[1], f)
            np.multiply(w2, g[c + 8], out=w2)
            np.sin(w2, out=w2)
            np.divide(w2, g[c + 9], out=w2)
            near_col = g[c + 10]
            lerped = tb.any_near and bool(near_col.any())
            if lerped:
                np.add(w2[0], near_col, out=w2[0])
                np.multiply(near_col, f, out=sc.tmp)
                np.add(w2[1], sc.tmp, out=w2[1])
            a, b = g[c : c + 4], g[c + 4 : c + 8]
            np.multiply(a, w2[0], out=a)
            np.multiply(b, w2[1], out=b)
            np.add(a, b, out=v.q)
            if lerped:
                # normalize_quat4 on the lerped rows: times the reciprocal square root (a lerp
                # of a pair this close is never zero).
                near, sq, norm = sc.near, sc.sq, sc.norm
                np.not_equal(near_col, 0.0, out=near)
                np.multiply(v.q, v.q, out=sq)
                np.add.reduce(sq, axis=0, out=norm)  # ((x^2 + y^2) + z^2) + w^2
                np.sqrt(norm, out=norm)
                np.divide(1.0, norm, out=norm)
                np.multiply(v.q, norm, out=v.q, where=near)
        if x.min() <= tb.first_time:
            before = x <= tb.first_time
            if tb.t_col >= 0:
                v.t[:, before] = np.array(tb.first[0:3])[:, None]
            if tb.q_col >= 0:
                v.q[:, before] = np.array(tb.first[3:7])[:, None]
    qnormalize(v.q.T, v.qn.T)


def _advance_vector(plan: RootPlan, frame: _Frame) -> None:
    """All members at once, component-major (see :class:`_Scratch`)."""
    trackers, before, after, count, total = frame
    sc = plan.scratch
    if sc is None or sc.n != count:
        sc = plan.scratch = _scratch(plan, count)
    ab, cyc, loc = sc.ab, sc.cyc, sc.loc
    ab[0] = before[:count]
    ab[1] = after[:count]
    duration = plan.duration
    # Times a tracker refuses (not finite, beyond MAX_TICK_CYCLES loops: RootMotionTracker.
    # tick_ok) are sampled at 0 here and refused, member by member, in _fix_rows.
    np.abs(ab, out=cyc)
    np.maximum(cyc[0], cyc[1], out=sc.diff)
    np.less(sc.diff, MAX_TICK_CYCLES * duration, out=sc.ok)
    refused: IntpArray | None = None
    if not sc.ok.all():
        refused = np.flatnonzero(~sc.ok)
        ab[:, refused] = 0.0
    # Cycle of each time and the time within it (as the scalar: a - floor(a / d) * d).
    np.divide(ab, duration, out=cyc)
    np.floor(cyc, out=cyc)
    np.multiply(cyc, duration, out=loc)
    np.subtract(ab, loc, out=loc)
    # Plain rows: forward within one cycle. The others are fixed row by row below.
    np.subtract(ab[1], ab[0], out=sc.diff)
    np.subtract(cyc[1], cyc[0], out=sc.wraps)
    ok, ok2 = sc.ok, sc.ok2
    np.greater(sc.diff, 0.0, out=ok)
    np.equal(sc.wraps, 0.0, out=ok2)
    np.logical_and(ok, ok2, out=ok)
    if refused is not None:
        ok[refused] = False
    # The root at this frame's start is the one sampled at the last frame's end whenever the
    # clock ran on from there (no seek, no time set): sample it only otherwise.
    sc.cur, sc.prev = sc.prev, sc.cur
    cur, prev = sc.cur, sc.prev
    la, lb = loc[0], loc[1]
    if not sc.prev_ok or not np.equal(la, prev.x, out=ok2).all():
        _sample(plan, la, prev, sc)
    np.copyto(cur.x, lb)
    _sample(plan, lb, cur, sc)
    sc.prev_ok = True
    # Motion from prev to cur in prev's frame (_RootSamplers.segment).
    inv = sc.inv
    qconj(prev.qn.T, inv.T)
    np.subtract(cur.t, prev.t, out=sc.dt3)
    qrot(inv.T, sc.dt3.T, sc.mt.T)
    qmul(inv.T, cur.qn.T, sc.mq.T)
    m = sc.m
    if not ok.all():
        _fix_rows(plan, frame, sc, ok)
    rows = _rows(plan, trackers, count, total)
    turn = qnormalize(sc.mq.T, sc.turn.T)
    if rows is None:
        for i in range(count):
            _apply_one(trackers[i], m[:, i].tolist(), turn[i].tolist())
        return
    store, r = rows
    store.translations[r] = sc.mt.T
    store.turns[r] = turn
    world = sc.world.T
    np.copyto(world, store.rotations[r])
    qrot(world, sc.mt.T, sc.dp.T)
    store.positions[r] += sc.dp.T
    qmul(world, turn, world)
    store.rotations[r] = qnormalize(world, world)


def _fix_rows(plan: RootPlan, frame: _Frame, sc: _Scratch, ok: BoolArray) -> None:
    """The motions of the rows that are not a plain step forward within one cycle (or that
    a tracker refuses)."""
    trackers, a_list, b_list, _, _ = frame
    wraps = sc.wraps
    m = sc.m
    scratch = [0.0] * 7
    for i in np.flatnonzero(~ok).tolist():
        a, b = float(a_list[i]), float(b_list[i])
        if not trackers[i].tick_ok(a, b):
            trackers[i].refuse_tick(a, b)
            m[:, i] = _IDENTITY
        elif a == b:
            m[:, i] = _IDENTITY
        elif b > a and wraps[i] == 1.0:
            # Tail of the cycle (to its end), then the head of the next (from time 0).
            e, z = plan.at_end_n, plan.at_zero_n
            pt, pq = sc.prev.t[:, i].tolist(), sc.prev.qn[:, i].tolist()
            tail = _segment(pt, pq, e[0:3], e[3:7])
            head = _segment(z[0:3], z[3:7], sc.cur.t[:, i].tolist(), sc.cur.qn[:, i].tolist())
            m[:, i] = _compose(tail, head)
        else:
            # The tracker's own extraction (loops composed by squaring, backwards inverted).
            m[:, i] = _motion_or_refuse(trackers[i], a, b, scratch)


def _motion_or_refuse(tr: RootMotionTracker, a: float, b: float, scratch: list[float]) -> _Rigid:
    """The tracker's own extraction from ``a`` to ``b``, or no motion for a tick it refuses
    (:meth:`RootMotionTracker.tick_ok`: that member alone; it warns once)."""
    if tr.tick_ok(a, b):
        return tr._motion_between(a, b, scratch)
    tr.refuse_tick(a, b)
    return _IDENTITY


# ---------------------------------------------------------------------------------------------
# Float arithmetic (the member-by-member path and single rows)
# ---------------------------------------------------------------------------------------------


def _segment(
    ta: Sequence[float], qa: Sequence[float], tb: Sequence[float], qb: Sequence[float]
) -> _Rigid:
    """Motion from the root sample ``(ta, qa)`` to ``(tb, qb)`` (rotations normalised) in the
    first one's frame: ``_RootSamplers.segment``'s arithmetic (it normalises both; the
    conjugate of a normalised ``qa`` is its normalised inverse, to the bit)."""
    ix, iy, iz, iw = -qa[0], -qa[1], -qa[2], qa[3]
    dx, dy, dz = qrot1(ix, iy, iz, iw, tb[0] - ta[0], tb[1] - ta[1], tb[2] - ta[2])
    rx, ry, rz, rw = qmul1(ix, iy, iz, iw, qb[0], qb[1], qb[2], qb[3])
    return (dx, dy, dz, rx, ry, rz, rw)


def _compose(a: _Rigid, b: _Rigid) -> _Rigid:
    """``a`` then ``b`` (in the frame ``a`` ends in), as the scalar extraction composes."""
    rx, ry, rz = qrot1(a[3], a[4], a[5], a[6], b[0], b[1], b[2])
    qx, qy, qz, qw = qmul1(a[3], a[4], a[5], a[6], b[3], b[4], b[5], b[6])
    return (a[0] + rx, a[1] + ry, a[2] + rz, qx, qy, qz, qw)


def _sample1(plan: RootPlan, x: float) -> list[float]:
    """The root at clip-local time ``x``, as ``_RootSamplers.sample`` (7 floats)."""
    out = list(plan.rest)
    for tb in plan.tables:
        if x <= tb.first_time:
            if tb.t_col >= 0:
                out[0:3] = tb.first[0:3]
            if tb.q_col >= 0:
                out[3:7] = tb.first[3:7]
            continue
        times = tb.times
        hi = len(times) - 1
        idx = hi - 1 if x >= times[hi] else bisect_right(times, x) - 1
        row = tb.rows[idx]
        f = 1.0 if x >= times[idx + 1] else (x - row[_T0]) / row[_DT]
        c = tb.t_col
        if c >= 0:
            out[0] = row[c] + f * row[c + 3]
            out[1] = row[c + 1] + f * row[c + 4]
            out[2] = row[c + 2] + f * row[c + 5]
        c = tb.q_col
        if c < 0:
            continue
        ax, ay, az, aw = row[c], row[c + 1], row[c + 2], row[c + 3]
        if tb.near[idx]:
            x0 = ax + f * row[c + 4]
            y0 = ay + f * row[c + 5]
            z0 = az + f * row[c + 6]
            w0 = aw + f * row[c + 7]
            inv = 1.0 / math.sqrt(x0 * x0 + y0 * y0 + z0 * z0 + w0 * w0)
            out[3], out[4], out[5], out[6] = x0 * inv, y0 * inv, z0 * inv, w0 * inv
        else:
            theta, sin_theta = row[c + 8], row[c + 9]
            wa = math.sin((1.0 - f) * theta) / sin_theta
            wb = math.sin(f * theta) / sin_theta
            out[3] = wa * ax + wb * row[c + 4]
            out[4] = wa * ay + wb * row[c + 5]
            out[5] = wa * az + wb * row[c + 6]
            out[6] = wa * aw + wb * row[c + 7]
    return out


def _advance_small(plan: RootPlan, frame: _Frame) -> None:
    """Member by member on Python floats, each member's last sample reused."""
    trackers, before, after, count, total = frame
    xs, ss = plan.small_x, plan.small_s
    if len(xs) != count:
        xs[:] = [math.nan] * count
        ss[:] = [_IDENTITY] * count
    duration = plan.duration
    limit = MAX_TICK_CYCLES * duration
    motions: list[_Rigid] = [_IDENTITY] * count
    scratch = [0.0] * 7
    for i in range(count):
        a, b = before[i], after[i]
        if not (-limit < a < limit and -limit < b < limit):  # refused (tick_ok's rule)
            xs[i] = math.nan
            motions[i] = _motion_or_refuse(trackers[i], a, b, scratch)
            continue
        ca = math.floor(a / duration)
        cb = math.floor(b / duration)
        if b > a and ca == cb:
            la = a - ca * duration
            lb = b - cb * duration
            if xs[i] == la:
                prev = ss[i]
            else:
                s = _sample1(plan, la)
                prev = (s[0], s[1], s[2], *qnormalize1(s[3], s[4], s[5], s[6]))
            s = _sample1(plan, lb)
            cur = (s[0], s[1], s[2], *qnormalize1(s[3], s[4], s[5], s[6]))
            motions[i] = _segment(prev[0:3], prev[3:7], cur[0:3], cur[3:7])
            xs[i] = lb
            ss[i] = cur
        else:
            xs[i] = math.nan
            motions[i] = _IDENTITY if a == b else _motion_or_refuse(trackers[i], a, b, scratch)
    rows = _rows(plan, trackers, count, total)
    if rows is None:
        for i in range(count):
            m = motions[i]
            _apply_one(trackers[i], m, qnormalize1(m[3], m[4], m[5], m[6]))
        return
    store, r = rows
    world = store.rotations[r].tolist()
    pos = store.positions[r].tolist()
    turns = []
    for i in range(count):
        m = motions[i]
        qx, qy, qz, qw = qnormalize1(m[3], m[4], m[5], m[6])
        turns.append((qx, qy, qz, qw))
        wx, wy, wz, ww = world[i]
        dx, dy, dz = qrot1(wx, wy, wz, ww, m[0], m[1], m[2])
        p = pos[i]
        p[0] += dx
        p[1] += dy
        p[2] += dz
        world[i] = qnormalize1(*qmul1(wx, wy, wz, ww, qx, qy, qz, qw))
    store.translations[r] = [m[0:3] for m in motions]
    store.turns[r] = turns
    store.positions[r] = pos
    store.rotations[r] = world


def _apply_one(
    tr: RootMotionTracker,
    m: list[float] | tuple[float, ...],
    turn: list[float] | tuple[float, ...],
) -> None:
    """Store one motion in its tracker and add it to the character (``_advance``'s end)."""
    tr.motion.translation[:] = m[0:3]
    tr.motion.rotation[:] = turn
    wx, wy, wz, ww = tr.rotation.tolist()
    dx, dy, dz = qrot1(wx, wy, wz, ww, m[0], m[1], m[2])
    pos = tr.position
    pos[0] += dx
    pos[1] += dy
    pos[2] += dz
    qx, qy, qz, qw = turn
    tr.rotation[:] = qnormalize1(*qmul1(wx, wy, wz, ww, qx, qy, qz, qw))


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
    if not plan.vector:
        for i in range(count):
            tr, a, b = trackers[i], before[i], after[i]
            if tr.tick_ok(a, b):
                tr._advance(a, b)
            else:
                tr.refuse_tick(a, b)
    elif (
        JIT_ENABLED
        and _fused_table(plan)
        and _advance_jit(plan, (trackers, before, after, count, total))
    ):
        return
    elif count < VECTOR_MIN:
        _advance_small(plan, (trackers, before, after, count, total))
    else:
        _advance_vector(plan, (trackers, before, after, count, total))


def _fused_table(plan: RootPlan) -> bool:
    """Whether the root's translation and rotation are one table (one LINEAR key grid)."""
    return len(plan.tables) == 1 and plan.tables[0].t_col == 2 and plan.tables[0].q_col == 8


def _advance_jit(plan: RootPlan, frame: _Frame) -> bool:
    """The frame through the compiled pass; False (nothing done) unless the members are
    rows of one crowd."""
    trackers, before, after, count, total = frame
    rows = _rows(plan, trackers, count, total)
    if rows is None:
        return False
    js = plan.jit
    if js is None:
        kernel = advance_rows_kernel()
        if kernel is None:  # numba is installed but unusable: warned once, Python paths
            return False
        tb = plan.tables[0]
        consts = [plan.duration, *plan.at_zero_n, *plan.at_end_n, *tb.times]
        js = plan.jit = _JitState(
            kernel=kernel,
            consts=np.array(consts, dtype=np.float64),
            seg=np.array(tb.rows, dtype=np.float64),
        )
    if js.n != count:
        js.n = count
        js.state = np.zeros((count, 11))
        js.state[:, 2] = math.nan
        js.rows_key = None
    store, r = rows
    if js.rows_key is not rows:
        # _crowd_rows makes a slice with a start and a stop.
        js.rows = np.arange(r.start, r.stop, dtype=np.intp) if isinstance(r, slice) else r
        js.rows_key = rows
    state = js.state
    state[:, 0] = before[:count]
    state[:, 1] = after[:count]
    if not js.ran:
        # The first call compiles the pass or loads it from numba's cache: a broken numba
        # fails here, before any row is written. Give it up for good (warned once).
        try:
            flagged = js.kernel(*_kernel_args(js, state, store))
        except Exception as exc:
            root_jit.disable(exc)
            plan.jit = None
            return False
        js.ran = True
    else:
        flagged = js.kernel(
            js.consts,
            js.seg,
            state,
            js.rows,
            store.positions,
            store.rotations,
            store.translations,
            store.turns,
        )
    if flagged:
        scratch = [0.0] * 7
        for i in np.flatnonzero(state[:, 10]).tolist():
            m = _motion_or_refuse(trackers[i], before[i], after[i], scratch)
            _apply_one(trackers[i], m, qnormalize1(m[3], m[4], m[5], m[6]))
    return True


def _kernel_args(js: _JitState, state: F64Array, store: CrowdRootMotion) -> tuple[Any, ...]:
    return (
        js.consts,
        js.seg,
        state,
        js.rows,
        store.positions,
        store.rotations,
        store.translations,
        store.turns,
    )


def _rows(
    plan: RootPlan, trackers: list[RootMotionTracker], count: int, total: int
) -> tuple[CrowdRootMotion, slice | IntpArray] | None:
    """The crowd rows of this frame's members (found once while all members are active)."""
    if count != total:
        return _crowd_rows(trackers, count)
    if not plan.full_known:
        plan.full_rows = _crowd_rows(trackers, count)
        plan.full_known = True
    return plan.full_rows


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
