"""Vectorised clocks and track sampling for array targets: one clip, M entities, no Python loop.

No Babylon Lite counterpart. Every function here is the array form of a scalar function of the
animation core, operation for operation in float64, so each entity's numbers equal the scalar
path's to the bit:

- :class:`VecClock` / :func:`vec_advance` / :func:`vec_wrap` / :func:`vec_clamp`:
  :func:`lite.animation.animation_tick.advance_clock`, ``wrap_clock`` and ``clamp_time``
  (including the compensated :class:`~lite.animation.animation_tick.TickClock` error and its
  fold at ``CLOCK_FOLD_S``), one clock per entity.
- :class:`TimeTable` / :class:`TrackTable` / :func:`sample_track`:
  :func:`lite.animation.evaluate.evaluate_property_sampler` (LINEAR, STEP, CUBICSPLINE,
  Babylon Lite's shortest-arc slerp with its ``QUAT_NLERP_THRESHOLD`` nlerp, CUBICSPLINE
  quaternion renormalisation, property easing with fixed endpoints), results rounded once to
  float32 as the scalar path's ``array('f')`` scratch does.

All scratch is allocated at bind time (:class:`Scratch`); a warm frame allocates nothing,
except three documented cases: a track of more than :data:`COMPARE_SEARCH_MAX_KEYS` keys (one
``np.searchsorted`` result per frame), an eased track (the easing callable is called once per
entity through ``np.frompyfunc``, which boxes each value), and a clock fold (rare: once per
about 2**-30 s of accumulated rounding).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

import numpy as np

from lite.animation.animation_tick import CLOCK_FOLD_S, MAX_TIME
from lite.animation.constants import (
    INTERP_CUBICSPLINE,
    INTERP_LINEAR,
    INTERP_STEP,
    QUAT_NLERP_THRESHOLD,
)

if TYPE_CHECKING:
    import numpy.typing as npt

    from lite.animation.types import AnimationEasing, AnimationSampler, F32Array, F64Array

    BoolArray = npt.NDArray[np.bool_]
    IntpArray = npt.NDArray[np.intp]

__all__ = [
    "COMPARE_SEARCH_MAX_KEYS",
    "Scratch",
    "TimeTable",
    "TrackTable",
    "VecClock",
    "normalize_rows",
    "sample_track",
    "search_keys",
    "vec_advance",
    "vec_clamp",
    "vec_wrap",
]

#: Up to this many keys the key search is ``K - 2`` compare-and-add passes (no allocation);
#: above it, one ``np.searchsorted`` (one index array per frame).
COMPARE_SEARCH_MAX_KEYS: Final = 10
#: A step at or beyond this magnitude may overflow a time: the clock takes its slow path.
_HUGE_STEP: Final = 1e300


@dataclass(slots=True, eq=False)
class Scratch:
    """Per-group float64/bool/index work arrays, shared by the clocks and every track.

    ``wide*`` are ``(M, 4)`` float64 blocks; per-stride views are made at bind time.
    """

    m: int
    v: list[F64Array] = field(default_factory=list)  # (M,) float64 work vectors
    b: list[BoolArray] = field(default_factory=list)  # (M,) bool masks
    idx: IntpArray = field(init=False)
    src: IntpArray = field(init=False)
    wide: list[F64Array] = field(default_factory=list)  # (M * 4,) float64 blocks
    out32: F32Array = field(init=False)  # (M * 4,) float32 staging
    obj: npt.NDArray[np.object_] = field(init=False)  # (M,) easing results

    def __post_init__(self) -> None:
        m = self.m
        self.v = [np.zeros(m) for _ in range(8)]
        self.b = [np.zeros(m, dtype=bool) for _ in range(4)]
        self.idx = np.zeros(m, dtype=np.intp)
        self.src = np.zeros(m, dtype=np.intp)
        self.wide = [np.zeros(m * 4) for _ in range(6)]
        self.out32 = np.zeros(m * 4, dtype=np.float32)
        self.obj = np.empty(m, dtype=object)

    def block(self, i: int, stride: int) -> F64Array:
        """Wide block ``i`` as a contiguous ``(M, stride)`` view."""
        return self.wide[i][: self.m * stride].reshape(self.m, stride)

    def stage(self, stride: int) -> F32Array:
        """The float32 staging block as a contiguous ``(M, stride)`` view."""
        return self.out32[: self.m * stride].reshape(self.m, stride)


# ---------------------------------------------------------------------------------------------
# Clocks: animation_tick.advance_clock / wrap_clock / clamp_time per entity
# ---------------------------------------------------------------------------------------------


@dataclass(slots=True, eq=False)
class VecClock:
    """One :class:`~lite.animation.animation_tick.TickClock` per entity: ``time`` and ``error``.

    ``synced`` is True when ``time`` is known to equal the entity times (every row's clock
    produced its row's time), so :func:`vec_advance` can skip the per-row check. ``bound`` is
    an upper bound on ``max(|error|)``: the exact fold check runs only once it could fold.
    """

    time: F64Array
    error: F64Array
    synced: bool = False
    bound: float = 0.0

    @classmethod
    def zeros(cls, m: int) -> VecClock:
        """M fresh clocks (a new ``TickClock`` holds 0.0 and 0.0)."""
        return cls(np.zeros(m), np.zeros(m))


#: A two-sum error of ``fl(a + b)`` is at most half an ulp: ``<= 2**-53 * |fl(a + b)|``;
#: twice that covers the rounding of the bound itself.
_ULP_BOUND: Final = 2.0**-52


def _check_fold(clock: VecClock, tmp: F64Array) -> None:
    err = clock.error
    np.abs(err, out=tmp)
    if float(tmp.max(initial=0.0)) >= CLOCK_FOLD_S:
        _fold(clock.time, err)
        np.abs(err, out=tmp)
    clock.bound = float(tmp.max(initial=0.0))


def vec_advance(t: F64Array, clock: VecClock, step: float, t_max: float, sc: Scratch) -> None:
    """``t = advance_clock(clock, t, delta_ms, speed_ratio)`` per entity, in place.

    ``step`` is the scalar ``(delta_ms / 1000.0) * speed_ratio``; ``t_max`` bounds ``|t|``.
    """
    if not abs(step) < _HUGE_STEP:
        _vec_advance_slow(t, clock, step)
        clock.synced = True
        _check_fold(clock, sc.v[1])
        return
    adv, back, tmp = clock.time, sc.v[0], sc.v[1]
    err = clock.error
    if not clock.synced:
        eq = sc.b[0]
        np.equal(t, adv, out=eq)  # the clock produced this entity's time: keep its error
        np.multiply(err, eq, out=err)
    np.add(t, step, out=adv)
    # Knuth's two-sum: error += (time - (advanced - back)) + (step - back)
    np.subtract(adv, t, out=back)
    np.subtract(adv, back, out=tmp)
    np.subtract(t, tmp, out=tmp)
    np.subtract(step, back, out=back)
    np.add(tmp, back, out=tmp)
    np.add(err, tmp, out=err)
    np.copyto(t, adv)
    clock.synced = True
    clock.bound += _ULP_BOUND * (t_max + abs(step))
    if clock.bound >= CLOCK_FOLD_S:
        _check_fold(clock, tmp)
        np.copyto(t, adv)


def _fold(adv: F64Array, err: F64Array) -> None:
    # advance_clock's fold, on the rows past the threshold (rare: allocates its masks).
    rows = ~((err > -CLOCK_FOLD_S) & (err < CLOCK_FOLD_S))
    folded = adv[rows] + err[rows]
    err[rows] -= folded - adv[rows]
    adv[rows] = folded


def _vec_advance_slow(t: F64Array, clock: VecClock, step: float) -> None:
    # An absurd finite speed x delta: the rows that overflow hold at +-MAX_TIME (scalar path).
    with np.errstate(over="ignore", invalid="ignore"):
        eq = t == clock.time
        err = np.where(eq, clock.error, 0.0)
        adv = t + step
        back = adv - t
        err += (t - (adv - back)) + (step - back)
        over = ~np.isfinite(adv)
    adv[over] = np.copysign(MAX_TIME, adv[over])
    err[over] = 0.0
    np.copyto(clock.time, adv)
    np.copyto(clock.error, err)
    np.copyto(t, adv)


def _sum_error(
    a: F64Array | float, b: F64Array | float, total: F64Array, out: F64Array, tmp: F64Array
) -> None:
    # Knuth's two-sum into ``out``: (a - (total - back)) + (b - back), back = total - a.
    np.subtract(total, a, out=out)  # back
    np.subtract(total, out, out=tmp)
    np.subtract(a, tmp, out=tmp)
    np.subtract(b, out, out=out)
    np.add(tmp, out, out=out)


def vec_wrap(t: F64Array, clock: VecClock, start: float, duration: float, sc: Scratch) -> None:
    """``t = wrap_clock(clock, t, start, duration)`` per entity, in place."""
    if start == 0.0 and clock.synced:
        # The common case, exactly: with start 0 and every t in [0, 2 * duration), fmod is
        # t - duration where t >= duration (exact), and both two-sum terms are zero.
        ge, tmp = sc.b[1], sc.v[0]
        if float(t.min(initial=0.0)) >= 0.0 and float(t.max(initial=0.0)) < 2.0 * duration:
            np.greater_equal(t, duration, out=ge)
            if not ge.any():
                return
            np.multiply(ge, duration, out=tmp)
            np.subtract(t, tmp, out=t)
            np.copyto(clock.time, t)
            return
    offset, rest, tt, wrapped = sc.v[2], sc.v[3], sc.v[4], sc.v[5]
    lt, changed, fresh = sc.b[1], sc.b[2], sc.b[3]
    np.subtract(t, start, out=offset)
    np.fmod(offset, duration, out=rest)
    np.add(rest, start, out=tt)
    np.less(tt, start, out=lt)
    np.copyto(wrapped, tt)
    np.add(tt, duration, out=wrapped, where=lt)
    np.not_equal(wrapped, t, out=changed)
    if not changed.any():
        return
    # Rows whose clock did not produce their time restart with no error; the others carry it.
    err, e, tmp = sc.v[6], sc.v[7], sc.v[0]
    np.not_equal(t, clock.time, out=fresh)
    np.copyto(err, clock.error)
    _sum_error(t, -start, offset, e, tmp)
    np.add(err, e, out=err)
    _sum_error(start, rest, tt, e, tmp)
    np.add(err, e, out=err)
    _sum_error(tt, duration, wrapped, e, tmp)
    np.add(err, e, out=err, where=lt)
    np.copyto(err, 0.0, where=fresh)
    np.copyto(clock.error, err, where=changed)
    np.copyto(clock.time, wrapped, where=changed)
    np.copyto(t, wrapped, where=changed)
    _check_fold_bound(clock, tmp)


def _check_fold_bound(clock: VecClock, tmp: F64Array) -> None:
    # After an irregular update the bound is re-measured (no fold happens in a wrap).
    np.abs(clock.error, out=tmp)
    clock.bound = float(tmp.max(initial=0.0))


def vec_clamp(t: F64Array, start: float, end: float) -> None:
    """``t = clamp_time(t, start, end)`` per entity, in place."""
    np.clip(t, start, end, out=t)


# ---------------------------------------------------------------------------------------------
# Sampling: evaluate_property_sampler per entity
# ---------------------------------------------------------------------------------------------


@dataclass(slots=True, eq=False)
class TimeTable:
    """The key times one or more tracks share, as segment tables (built once)."""

    times: F64Array  # (K,)
    inner: tuple[float, ...]  # times[1:K-1], for the compare-and-add search
    t0: F64Array  # (K-1,) segment start
    t1: F64Array  # (K-1,) segment end
    dt_safe: F64Array  # (K-1,) t1 - t0, with 1.0 where zero (f is forced to 1 there)
    dt_raw: F64Array  # (K-1,) t1 - t0 (CUBICSPLINE tangent scale)
    first: float
    last: float
    last_zero: bool  # the last segment has zero length
    first_dup: bool  # times[0] == times[1]


def time_table(times: F64Array) -> TimeTable:
    """Segment tables for ``times`` (``(K,)`` float64, K >= 2)."""
    k = int(times.shape[0])
    t0 = np.ascontiguousarray(times[:-1])
    t1 = np.ascontiguousarray(times[1:])
    dt = t1 - t0
    safe = np.where(dt > 0.0, dt, 1.0)
    return TimeTable(
        times=times,
        inner=tuple(float(x) for x in times[1 : k - 1]),
        t0=t0,
        t1=t1,
        dt_safe=safe,
        dt_raw=dt,
        first=float(times[0]),
        last=float(times[-1]),
        last_zero=bool(dt[-1] == 0.0),
        first_dup=bool(times[0] == times[1]),
    )


def search_keys(table: TimeTable, t: F64Array, idx: IntpArray, mask: BoolArray) -> None:
    """``idx = find_keyframe(times, t)`` per entity (0 before the first key, K-2 after)."""
    inner = table.inner
    if len(inner) <= COMPARE_SEARCH_MAX_KEYS - 2:
        idx.fill(0)
        for key in inner:
            np.greater_equal(t, key, out=mask)
            np.add(idx, mask, out=idx)
        return
    found = np.searchsorted(table.times, t, side="right")
    np.subtract(found, 1, out=idx)
    np.clip(idx, 0, len(inner), out=idx)


def progress(
    table: TimeTable, t: F64Array, idx: IntpArray, f: F64Array, tmp: F64Array, mask: BoolArray
) -> None:
    """The segment progress ``f`` of ``evaluate_sampler`` (0 before the first key, 1 after)."""
    np.take(table.t0, idx, out=tmp, mode="clip")
    np.subtract(t, tmp, out=tmp)
    np.take(table.dt_safe, idx, out=f, mode="clip")
    np.divide(tmp, f, out=f)
    np.clip(f, 0.0, 1.0, out=f)
    if table.last_zero:
        np.greater_equal(t, table.last, out=mask)
        np.copyto(f, 1.0, where=mask)


@dataclass(slots=True, eq=False)
class TrackTable:
    """One track's values as segment tables, built once (float64, exact from float32)."""

    stride: int
    interp: int
    quaternion: bool
    easing: AnimationEasing | None
    single: bool  # one key: constant
    time: TimeTable | None
    keys: F64Array  # (K, stride) values (CUBICSPLINE: the value part)
    a: F64Array  # (K-1, stride) segment start value
    d: F64Array  # (K-1, stride) segment end minus start
    b: F64Array  # (K-1, stride) segment end value
    tan_in: F64Array  # (K, stride) CUBICSPLINE in-tangents (empty otherwise)
    tan_out: F64Array  # (K, stride) CUBICSPLINE out-tangents (empty otherwise)
    first: F32Array  # (stride,) the first key's value (float32)
    last: F32Array  # (stride,) the last key's value (float32)
    #: Rows at or before the first key must take the first key verbatim (no formula does).
    needs_before: bool
    #: ``easing`` as a ufunc over object arrays (called once per entity).
    ease_ufunc: np.ufunc | None = None
    #: Per component: the segment start and delta columns, contiguous (LINEAR lerp).
    a_cols: tuple[F64Array, ...] = ()
    d_cols: tuple[F64Array, ...] = ()


def track_table(
    sampler: AnimationSampler,
    stride: int,
    quaternion: bool,
    easing: AnimationEasing | None,
    time: TimeTable | None,
) -> TrackTable:
    """Tables for one track; ``time`` is its shared :class:`TimeTable` (None for one key)."""
    interp = int(sampler.interpolation)
    raw = sampler.output.astype(np.float64)
    k = int(sampler.input.shape[0])
    if interp == INTERP_CUBICSPLINE:
        packed = raw.reshape(k, 3, stride)
        keys = np.ascontiguousarray(packed[:, 1, :])
        tan_in = np.ascontiguousarray(packed[:, 0, :])
        tan_out = np.ascontiguousarray(packed[:, 2, :])
    else:
        keys = raw.reshape(k, stride)
        tan_in = tan_out = np.zeros((0, stride))
    a = np.ascontiguousarray(keys[:-1]) if k > 1 else keys[:1].copy()
    b = np.ascontiguousarray(keys[1:]) if k > 1 else keys[:1].copy()
    eased = easing is not None and interp == INTERP_LINEAR
    first_dup = time is not None and time.first_dup
    return TrackTable(
        stride=stride,
        interp=interp,
        quaternion=quaternion,
        easing=easing if eased else None,
        single=k == 1,
        time=time,
        keys=keys,
        a=a,
        d=b - a,
        b=b,
        tan_in=tan_in,
        tan_out=tan_out,
        first=keys[0].astype(np.float32),
        last=keys[-1].astype(np.float32),
        needs_before=bool(first_dup or quaternion or eased),
        ease_ufunc=np.frompyfunc(easing, 1, 1) if eased and easing is not None else None,
        a_cols=tuple(np.ascontiguousarray(a[:, c]) for c in range(stride)),
        d_cols=tuple(np.ascontiguousarray((b - a)[:, c]) for c in range(stride)),
    )


def normalize_rows(
    q32: F32Array, q64: F64Array, len_sq: F64Array, tmp: F64Array, mask: BoolArray
) -> None:
    """``normalize_quat4`` on every row of ``q32`` ``(M, 4)`` float32, in place.

    As the scalar code: the stored float32 components are read back, ``((x*x + y*y) + z*z) +
    w*w`` in float64, each component times ``1 / sqrt(len_sq)``, stored as float32; a zero
    quaternion is left alone.
    """
    np.copyto(q64, q32)
    x = q64[:, 0]
    np.multiply(x, x, out=len_sq)
    for c in (1, 2, 3):
        col = q64[:, c]
        np.multiply(col, col, out=tmp)
        np.add(len_sq, tmp, out=len_sq)
    np.equal(len_sq, 0.0, out=mask)
    np.copyto(len_sq, 1.0, where=mask)  # zero length: x * 1 == x, the scalar no-op
    np.sqrt(len_sq, out=len_sq)
    np.divide(1.0, len_sq, out=len_sq)
    np.multiply(q64, len_sq[:, None], out=q64)
    np.copyto(q32, q64, casting="same_kind")


def _sample_slerp(
    tr: TrackTable, idx: IntpArray, f: F64Array, sc: Scratch, out32: F32Array
) -> None:
    # quat_slerp per entity: shortest arc, nlerp + renormalise above QUAT_NLERP_THRESHOLD.
    a, b, lerp, q64, wa_a, wb_b = (sc.block(i, 4) for i in range(6))
    dot, tmp, theta, sin_t, wa, wb = sc.v[2], sc.v[3], sc.v[4], sc.v[5], sc.v[6], sc.v[7]
    neg, near = sc.b[2], sc.b[3]
    np.take(tr.a, idx, axis=0, out=a, mode="clip")
    np.take(tr.b, idx, axis=0, out=b, mode="clip")
    np.multiply(a[:, 0], b[:, 0], out=dot)
    for c in (1, 2, 3):
        np.multiply(a[:, c], b[:, c], out=tmp)
        np.add(dot, tmp, out=dot)
    np.less(dot, 0.0, out=neg)
    np.negative(b, out=b, where=neg[:, None])
    np.negative(dot, out=dot, where=neg)
    np.greater(dot, QUAT_NLERP_THRESHOLD, out=near)
    # slerp weights (rows above the threshold are computed on safe inputs, then discarded)
    np.minimum(dot, 1.0, out=theta)
    np.arccos(theta, out=theta)
    np.sin(theta, out=sin_t)
    np.copyto(sin_t, 1.0, where=near)
    np.subtract(1.0, f, out=wa)
    np.multiply(wa, theta, out=wa)
    np.sin(wa, out=wa)
    np.divide(wa, sin_t, out=wa)
    np.multiply(f, theta, out=wb)
    np.sin(wb, out=wb)
    np.divide(wb, sin_t, out=wb)
    np.multiply(a, wa[:, None], out=wa_a)
    np.multiply(b, wb[:, None], out=wb_b)
    np.add(wa_a, wb_b, out=wa_a)
    # nlerp rows: a + f * (b - a), stored, then renormalised from the stored float32 values
    np.subtract(b, a, out=lerp)
    np.multiply(lerp, f[:, None], out=lerp)
    np.add(a, lerp, out=lerp)
    np.copyto(out32, lerp, casting="same_kind")
    normalize_rows(out32, q64, theta, tmp, neg)
    np.logical_not(near, out=near)
    np.copyto(out32, wa_a, casting="same_kind", where=near[:, None])


def _sample_cubic(
    tr: TrackTable, table: TimeTable, idx: IntpArray, f: F64Array, sc: Scratch, out32: F32Array
) -> None:
    # evaluate_sampler's Hermite form, term by term in the scalar code's order.
    s = tr.stride
    p0, m0, p1, m1, term = (sc.block(i, s) for i in range(5))
    dt, f2, f3, h00, h10, h01 = sc.v[2], sc.v[3], sc.v[4], sc.v[5], sc.v[6], sc.v[7]
    tmp = sc.v[0]
    nxt = sc.src
    np.add(idx, 1, out=nxt)
    np.take(table.dt_raw, idx, out=dt, mode="clip")
    np.take(tr.keys, idx, axis=0, out=p0, mode="clip")
    np.take(tr.keys, nxt, axis=0, out=p1, mode="clip")
    np.take(tr.tan_out, idx, axis=0, out=m0, mode="clip")
    np.take(tr.tan_in, nxt, axis=0, out=m1, mode="clip")
    np.multiply(m0, dt[:, None], out=m0)
    np.multiply(m1, dt[:, None], out=m1)
    np.multiply(f, f, out=f2)
    np.multiply(f2, f, out=f3)
    # h00 = 2 f3 - 3 f2 + 1; h10 = f3 - 2 f2 + f; h01 = -2 f3 + 3 f2; h11 = f3 - f2
    np.multiply(f3, 2.0, out=h00)
    np.multiply(f2, 3.0, out=tmp)
    np.subtract(h00, tmp, out=h00)
    np.add(h00, 1.0, out=h00)
    np.multiply(f2, 2.0, out=h10)
    np.subtract(f3, h10, out=h10)
    np.add(h10, f, out=h10)
    np.multiply(f3, -2.0, out=h01)
    np.add(h01, tmp, out=h01)
    np.subtract(f3, f2, out=f2)  # h11
    np.multiply(p0, h00[:, None], out=p0)
    np.multiply(m0, h10[:, None], out=m0)
    np.add(p0, m0, out=p0)
    np.multiply(p1, h01[:, None], out=p1)
    np.add(p0, p1, out=p0)
    np.multiply(m1, f2[:, None], out=m1)
    np.add(p0, m1, out=p0)
    np.copyto(out32, p0, casting="same_kind")
    if tr.quaternion and s == 4:
        normalize_rows(out32, term, dt, tmp, sc.b[2])


def sample_track(
    tr: TrackTable,
    t: F64Array,
    idx: IntpArray,
    f: F64Array,
    sc: Scratch,
    out32: F32Array,
    out_cols: tuple[F32Array, ...],
) -> None:
    """Sample ``tr`` at every entity's time ``t`` into ``out32`` ``(M, stride)`` float32.

    ``idx`` and ``f`` are the key search and progress of ``tr.time`` for ``t`` (computed once
    per shared time table by the caller); ``out_cols`` are the columns of ``out32``.
    """
    if tr.single:
        np.copyto(out32, tr.first)
        return
    stride = tr.stride
    table = tr.time
    assert table is not None
    interp = tr.interp
    before = sc.b[1]
    if interp == INTERP_STEP:
        ge = sc.b[2]
        tmp = sc.v[0]
        np.take(table.t1, idx, out=tmp, mode="clip")
        np.greater_equal(t, tmp, out=ge)
        np.add(idx, ge, out=sc.src)
        np.take(tr.keys, sc.src, axis=0, out=sc.block(0, stride), mode="clip")
        np.copyto(out32, sc.block(0, stride), casting="same_kind")
    elif interp == INTERP_CUBICSPLINE:
        _sample_cubic(tr, table, idx, f, sc, out32)
    else:
        ff = f
        if tr.easing is not None:
            ff = sc.v[1]
            assert tr.ease_ufunc is not None
            tr.ease_ufunc(f, out=sc.obj)
            np.copyto(ff, sc.obj, casting="unsafe")
        if tr.quaternion:
            _sample_slerp(tr, idx, ff, sc, out32)
        else:
            # a + f * (b - a) per component, on contiguous columns (1-D gathers are cheap).
            a, d = sc.v[2], sc.v[3]
            one_segment = tr.a.shape[0] == 1
            for c in range(stride):
                if one_segment:
                    np.multiply(ff, float(tr.d_cols[c][0]), out=d)
                    np.add(d, float(tr.a_cols[c][0]), out=out_cols[c], casting="same_kind")
                    continue
                np.take(tr.a_cols[c], idx, out=a, mode="clip")
                np.take(tr.d_cols[c], idx, out=d, mode="clip")
                np.multiply(d, ff, out=d)
                np.add(a, d, out=out_cols[c], casting="same_kind")
        if tr.easing is not None:
            np.greater_equal(t, table.last, out=before)
            np.copyto(out32, tr.last, where=before[:, None])
    if tr.needs_before:
        np.less_equal(t, table.first, out=before)
        np.copyto(out32, tr.first, where=before[:, None])
