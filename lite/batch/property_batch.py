"""Property groups of one clip shape sampled together: per-row tables, array clocks, bulk writes.

Python-only; the scalar reference is :class:`lite.animation.property_animation.PropertyController`.

Groups batch by their clip's *shape* (:func:`prop_shape_key`: per track path, stride,
interpolation and key count), not by clip identity: objects playing their own clips share one
batch, each track tabulated once per distinct sampler (per-member value tables) and, when the
members' key times differ (up to :data:`PER_ROW_MAX_KEYS` keys), per-member key tables.

Per frame, for every batch: the members' state rows are gathered from the manager's
:class:`~lite.animation.state.GroupStateStore` and their clocks advanced, wrapped or clamped in
array form (:func:`advance_prop_batch`: the compensated two-sum of
:mod:`lite.animation.animation_tick`, operation for operation, so every time equals the
scalar clock's to the bit), every track is sampled for every member into float32 buffers, and
the values are written back in attachment order (:func:`write_pass`). A run of consecutive
batched groups whose written objects are all distinct is written in bulk, one C-level ``map``
per track (``setattr`` over the owners of a float attribute, the leaves' ``set(x, y, z)`` or
their ``x``/``y``/``z`` attributes), with the owners resolved once and re-checked by identity
each frame; anything else (keys, indices, lists, arrays, shared objects, a replaced owner)
goes through the per-group writer closures in attachment order.
"""

from __future__ import annotations

import math
import operator
import types
from array import array
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import repeat
from typing import TYPE_CHECKING, Any, Final, cast

import numpy as np

from lite.animation.animation_group import tick_animation
from lite.animation.constants import (
    INTERP_LINEAR,
    INTERP_STEP,
)
from lite.animation.property_animation import PropertyController
from lite.animation.state import (
    COL_CLOCK_ERROR,
    COL_CLOCK_TIME,
    COL_LOOP,
    COL_TIME,
    AnimationGroup,
    complete_group,
)
from lite.batch.array_clock import advance_state, settle_rows

if TYPE_CHECKING:
    from lite.animation.property_binding import PropertyRuntimeTrack, PropertyWriter, Scratch
    from lite.animation.types import AnimationSampler, F32Array, F64Array

#: ``BatchEngine.kinds`` values (pass 2): nothing to write, scalar tick, glTF batch, property batch.
KIND_NONE: Final = 0
KIND_TICK: Final = 1
KIND_PROPERTY: Final = 3

# ---------------------------------------------------------------------------------------------
# Property groups: tracks of one clip sampled for all its groups at once
# ---------------------------------------------------------------------------------------------


#: Tracks of more keys than this batch only with the same key times for every member (then
#: one key search serves them all); up to it, members whose key times differ batch too, each
#: with its own row of key times (a ``(members, keys)`` comparison per frame, cheaper than
#: per-member searches only while the keys are few).
PER_ROW_MAX_KEYS: Final = 16


@dataclass(slots=True, eq=False)
class _PropTrack:
    """One LINEAR or STEP property track of a batch as per-row tables (row 0: at or before
    the first key; row i: segment i - 1 -> i).

    One table when every member plays the same sampler; otherwise per-member value tables
    (``vbase``: each member's first row in ``a``/``d``) and, when the members' key times
    differ, per-member key tables (``tbase``)."""

    times: tuple[float, ...]
    times64: F64Array
    step: bool
    row_t0: F64Array  # (L,) or, with tbase, (T * L,)
    row_dt: F64Array  # (L,) or (T * L,); inf for empty segments
    a: F64Array  # (L, stride) or, with vbase, (U * L, stride): start values (STEP: held key)
    d: F64Array  # (L, stride) or (U * L, stride): b - a (STEP: next key minus the held one)
    stride: int
    #: Per member: its first row in ``a`` / ``d`` (None: one table for all members).
    vbase: np.ndarray[Any, np.dtype[np.intp]] | None = None
    #: Per member: its first row in ``row_t0`` / ``row_dt`` (None: shared key times), its key
    #: times (members, L), first and last key time.
    tbase: np.ndarray[Any, np.dtype[np.intp]] | None = None
    keys: F64Array | None = None
    first: F64Array | None = None
    last: F64Array | None = None
    #: Tracks of a batch with equal ``search`` share one key search per frame.
    search: object = None


def _segments(n_keys: int) -> tuple[list[int], list[int]]:
    """Start and end key of every row: row 0 is the first key, row i the segment i - 1 -> i."""
    seg_a = [0] + list(range(n_keys - 1))
    seg_b = list(range(n_keys)) if n_keys > 1 else [0]
    return seg_a, seg_b


def _prop_track(sampler: AnimationSampler, stride: int) -> _PropTrack:
    t64 = sampler.input_f64
    keys = sampler.output.astype(np.float64).reshape(-1, stride)
    n_keys = int(t64.shape[0])
    seg_a, seg_b = _segments(n_keys)
    row_t0 = np.array([float(t64[0])] + [float(t64[r - 1]) for r in range(1, n_keys)])
    row_dt = np.array(
        [1.0]
        + [
            (float(t64[r]) - float(t64[r - 1])) if float(t64[r]) > float(t64[r - 1]) else math.inf
            for r in range(1, n_keys)
        ]
    )
    a = keys[seg_a]
    d = keys[seg_b] - a
    for arr in (row_t0, row_dt, a, d):
        arr.flags.writeable = False
    return _PropTrack(
        times=sampler.times,
        times64=t64,
        step=sampler.interpolation == INTERP_STEP,
        row_t0=row_t0,
        row_dt=row_dt,
        a=a,
        d=d,
        stride=stride,
        search=sampler.times,
    )


def prop_shape_key(ctrl: PropertyController) -> tuple[object, ...]:
    """The batch key of a batchable property controller: its clip's *shape*.

    Per track: path, stride, interpolation and key count, and the key times themselves past
    :data:`PER_ROW_MAX_KEYS` keys. Groups of one shape batch together whatever their clips'
    values (per-member value tables) and, up to that many keys, key times (per-member key
    tables). Computed once per group when the batches are built.
    """
    key: list[object] = []
    for tr in ctrl.tracks:
        s = tr.sampler
        n = int(s.input.shape[0])
        key.append(
            (
                tr.path,
                tr.stride,
                s.interpolation,
                n,
                s.input_f64.tobytes() if n > PER_ROW_MAX_KEYS else None,
            )
        )
    return tuple(key)


def _shape_track(
    samplers: Sequence[AnimationSampler], stride: int, searches: dict[bytes, int]
) -> _PropTrack:
    """Track ``j`` of a shape batch: ``samplers[m]`` is member ``m``'s sampler (same key
    count and interpolation). Samplers shared by several members are tabulated once."""
    index: dict[int, int] = {}
    uniq: list[AnimationSampler] = []
    vidx: list[int] = []
    for s in samplers:
        k = index.get(id(s))
        if k is None:
            k = index[id(s)] = len(uniq)
            uniq.append(s)
        vidx.append(k)
    first = uniq[0]
    if len(uniq) == 1:
        return _prop_track(first, stride)
    n_keys = int(first.input.shape[0])
    seg_a, seg_b = _segments(n_keys)
    values = np.stack([s.output for s in uniq]).astype(np.float64).reshape(len(uniq), -1, stride)
    a = np.ascontiguousarray(values[:, seg_a])
    d = values[:, seg_b] - a
    a = a.reshape(-1, stride)
    d = d.reshape(-1, stride)
    vi = np.array(vidx, dtype=np.intp)
    vbase = vi * n_keys
    t_u = np.stack([s.input_f64 for s in uniq])  # (U, L)
    bits = t_u.view(np.int64)
    track = _PropTrack(
        times=first.times,
        times64=first.input_f64,
        step=first.interpolation == INTERP_STEP,
        row_t0=np.zeros(0),
        row_dt=np.zeros(0),
        a=a,
        d=d,
        stride=stride,
        vbase=vbase,
        search=first.times,
    )
    if bool(np.all(bits == bits[0])):
        # Same key times (bit for bit) for every member: one key search, shared row tables.
        shared = _prop_track(first, stride)
        track.row_t0 = shared.row_t0
        track.row_dt = shared.row_dt
    else:
        trows: dict[bytes, int] = {}
        t_of_u = [trows.setdefault(row.tobytes(), len(trows)) for row in bits]
        tt = t_u[[next(i for i, k in enumerate(t_of_u) if k == j) for j in range(len(trows))]]
        row_t0 = np.empty_like(tt)
        row_dt = np.empty_like(tt)
        row_t0[:, 0] = tt[:, 0]
        row_dt[:, 0] = 1.0
        if n_keys > 1:
            row_t0[:, 1:] = tt[:, :-1]
            gap = tt[:, 1:] - tt[:, :-1]
            row_dt[:, 1:] = np.where(tt[:, 1:] > tt[:, :-1], gap, math.inf)
        tidx = np.array(t_of_u, dtype=np.intp)[vi]
        keys = np.ascontiguousarray(tt[tidx])
        track.row_t0 = row_t0.reshape(-1)
        track.row_dt = row_dt.reshape(-1)
        track.tbase = tidx * n_keys
        track.keys = keys
        track.first = np.ascontiguousarray(keys[:, 0])
        track.last = np.ascontiguousarray(keys[:, -1])
        track.search = searches.setdefault(tidx.tobytes() + tt.tobytes(), len(searches))
    for arr in (track.row_t0, track.row_dt, track.a, track.d, track.vbase, track.tbase):
        if arr is not None:
            arr.flags.writeable = False
    return track


@dataclass(slots=True, eq=False)
class _PropMember:
    group: AnimationGroup
    ctrl: PropertyController
    writers: tuple[PropertyWriter, ...]
    batch: _PropBatch
    slot: int
    #: Per track: this member's values, a float32 memoryview slice of the batch's buffer
    #: (indexing gives Python floats, as the scalar path's ``array('f')`` scratch does).
    values: tuple[Scratch, ...] = ()


@dataclass(slots=True, eq=False)
class _PropBatch:
    """Groups playing property clips of one shape (:func:`prop_shape_key`: same paths,
    strides, interpolation, key counts; no easing, LINEAR or STEP). The tracks are tabulated
    by :func:`_finish_prop_batch` once the members are known."""

    tracks: tuple[_PropTrack, ...] = ()
    members: list[_PropMember] = field(default_factory=list)
    #: Per track: a float32 buffer of (members, stride) values and its numpy view.
    buffers: list[array[float]] = field(default_factory=list)
    views: list[F32Array] = field(default_factory=list)
    mviews: list[memoryview] = field(default_factory=list)
    #: Per member: its row in the manager's GroupStateStore, and its play range.
    rows: np.ndarray[Any, np.dtype[np.intp]] = field(default_factory=lambda: np.zeros(0, np.intp))
    #: ``rows`` as a slice when they are consecutive (the common case: no gather needed).
    row_span: slice | None = None
    start: F64Array = field(default_factory=lambda: np.zeros(0))
    end: F64Array = field(default_factory=lambda: np.zeros(0))
    span: F64Array = field(default_factory=lambda: np.zeros(0))
    #: This frame, per member: the time sampled, written (not stopped, non-empty range) and
    #: finished (a non-looping run reached the end of its range).
    times: F64Array = field(default_factory=lambda: np.zeros(0))
    written: np.ndarray[Any, np.dtype[np.bool_]] = field(
        default_factory=lambda: np.zeros(0, np.bool_)
    )
    finished: np.ndarray[Any, np.dtype[np.bool_]] = field(
        default_factory=lambda: np.zeros(0, np.bool_)
    )


def _finish_prop_batch(batch: _PropBatch) -> None:
    """Tabulate the tracks and allocate the value buffers once the members are known."""
    n = len(batch.members)
    searches: dict[bytes, int] = {}
    strides = [tr.stride for tr in batch.members[0].ctrl.tracks] if n else []
    batch.tracks = tuple(
        _shape_track([m.ctrl.tracks[j].sampler for m in batch.members], stride, searches)
        for j, stride in enumerate(strides)
    )
    batch.buffers = [array("f", bytes(4 * n * tr.stride)) for tr in batch.tracks]
    batch.views = [
        np.frombuffer(buf, dtype=np.float32).reshape(n, tr.stride)
        for buf, tr in zip(batch.buffers, batch.tracks, strict=True)
    ]
    mviews = batch.mviews = [memoryview(buf) for buf in batch.buffers]
    for m in batch.members:
        # A float32 memoryview slice: indexing reads Python floats, like array('f').
        m.values = tuple(
            cast("Scratch", mv[m.slot * tr.stride : (m.slot + 1) * tr.stride])
            for mv, tr in zip(mviews, batch.tracks, strict=True)
        )
    batch.rows = np.array([m.group._slot for m in batch.members], dtype=np.intp)
    lo = int(batch.rows[0]) if n else 0
    contiguous = n and bool(np.array_equal(batch.rows, np.arange(lo, lo + n)))
    batch.row_span = slice(lo, lo + n) if contiguous else None
    batch.start = np.array([m.ctrl.from_time for m in batch.members], dtype=np.float64)
    batch.end = np.array([m.ctrl.to_time for m in batch.members], dtype=np.float64)
    # max(0.0, to_time - from_time), as the controller computes it
    batch.span = np.maximum(batch.end - batch.start, 0.0)
    batch.times = np.zeros(n)
    batch.written = np.zeros(n, np.bool_)
    batch.finished = np.zeros(n, np.bool_)


def _prop_batchable(ctrl: PropertyController) -> bool:
    for track in ctrl.tracks:
        sampler = track.sampler
        if (
            track.easing is not None
            or track.quaternion
            or sampler.interpolation not in (INTERP_LINEAR, INTERP_STEP)
            or sampler.input.shape[0] == 0
        ):
            return False
    return bool(ctrl.tracks)


def _sample_prop_batch(batch: _PropBatch) -> None:
    """Sample every track of ``batch`` at every member's time (as ``evaluate_sampler``) into
    the float32 value buffers."""
    times = batch.times
    # Tracks with the same key times share one key search and progress (per frame).
    searched: dict[object, tuple[np.ndarray[Any, np.dtype[np.intp]], F64Array]] = {}
    for tr, view in zip(batch.tracks, batch.views, strict=True):
        hit = searched.get(tr.search)
        if hit is None:
            n_keys = len(tr.times)
            if tr.tbase is None:
                row = np.searchsorted(tr.times64, times, side="right")
                np.minimum(row, n_keys - 1, out=row)
                row[times <= tr.times[0]] = 0
                f = (times - tr.row_t0[row]) / tr.row_dt[row]
                last: float | F64Array = tr.times[-1]
            else:
                # Each member's own key times: the count of keys at or before its time is
                # what searchsorted(side="right") gives on its row.
                assert tr.keys is not None
                assert tr.first is not None
                assert tr.last is not None
                row = np.count_nonzero(tr.keys <= times[:, None], axis=1)
                np.minimum(row, n_keys - 1, out=row)
                row[times <= tr.first] = 0
                at = tr.tbase + row
                f = (times - tr.row_t0[at]) / tr.row_dt[at]
                last = tr.last
            np.clip(f, 0.0, 1.0, out=f)
            if n_keys > 1:
                f[times >= last] = 1.0
            hit = searched[tr.search] = (row, f)
        row, f = hit
        if tr.step:
            # STEP holds key idx, or takes idx + 1 once t reaches it (f == 1).
            f = np.floor(f)
        if tr.vbase is not None:
            row = tr.vbase + row
        np.copyto(view, tr.a[row] + f[:, None] * tr.d[row], casting="same_kind")


# ---------------------------------------------------------------------------------------------
# Clocks: PropertyController.tick's clock for every member at once
# ---------------------------------------------------------------------------------------------


def advance_prop_batch(batch: _PropBatch, data: F64Array, delta_ms: float) -> None:
    """Advance, wrap or clamp every member's clock, as ``PropertyController.tick`` does.

    ``data`` is the manager's :class:`~lite.animation.state.GroupStateStore` array. Reads the
    members' rows, writes back their time and clock (stopped members are left alone), and
    fills ``batch.times``, ``batch.written`` and ``batch.finished``. Every operation is the
    scalar clock's (:func:`lite.animation.animation_tick.advance_clock`, ``wrap_clock``,
    ``clamp_time``, ``reached_end``) in the same order on doubles, so the times are the same
    to the bit.
    """
    sel: slice | np.ndarray[Any, np.dtype[np.intp]] = (
        batch.row_span if batch.row_span is not None else batch.rows
    )
    start, end, span = batch.start, batch.end, batch.span
    with np.errstate(all="ignore"):
        st, live, playing = advance_state(data, sel, delta_ms)
        time = st[COL_TIME]
        clock_t = st[COL_CLOCK_TIME]
        clock_e = st[COL_CLOCK_ERROR]
        written = live & (span > 0.0)
        looping = written & (st[COL_LOOP] != 0.0) & playing
        clamped = written & ~looping
        # wrap_clock where looping; clamp_time and reached_end on the advanced time elsewhere
        bounds = (start, end, span)
        out = settle_rows(st, bounds, looping, clamped, playing, batch.finished)
        np.copyto(time, out, where=live)
    data[sel, COL_TIME] = time
    data[sel, COL_CLOCK_TIME] = clock_t
    data[sel, COL_CLOCK_ERROR] = clock_e
    np.copyto(batch.times, out)
    np.copyto(batch.written, written)


# ---------------------------------------------------------------------------------------------
# Writes: attachment order, in bulk where the written objects are distinct
# ---------------------------------------------------------------------------------------------

_IS: Final = operator.is_
_SETITEM: Final = cast("Callable[[object, str, object], None]", operator.setitem)
_SINK: Final[deque[object]] = deque(maxlen=0)
_CALL: Final = cast("Callable[..., object]", getattr(operator, "call", None))


@dataclass(slots=True, eq=False)
class _BulkTrack:
    """One track of one batch's members in a run: how to write all of them in one ``map``."""

    track: int
    #: "attr": setattr(obj, name, v); "key": obj[name] = v; "set": func(obj, *components)
    #: (func: the leaves' shared ``set``); "call": each leaf's bound ``set``; "xyz": setattr
    #: per component.
    kind: str
    objs: list[object]
    name: str = ""
    func: Callable[..., object] | None = None
    stride: int = 1
    #: Members out of slot order: the flat buffer index of each of their values.
    index: np.ndarray[Any, np.dtype[np.intp]] = field(default_factory=lambda: np.zeros(0, np.intp))


@dataclass(slots=True, eq=False)
class _BulkPart:
    """The members of one batch inside a run."""

    batch: _PropBatch
    #: Member slots in the run, or None for every member of the batch in slot order.
    slots: np.ndarray[Any, np.dtype[np.intp]] | None
    #: (getter, roots, objects): the cached objects each frame must find again by identity.
    checks: list[tuple[Callable[[object], object], list[object], list[object]]]
    tracks: list[_BulkTrack]


@dataclass(slots=True, eq=False)
class _Run:
    """Consecutive batched groups (attachment order) that write in this frame."""

    members: list[_PropMember]
    #: The bulk form, or None: the members' writer closures, one member after another.
    parts: list[_BulkPart] | None


@dataclass(slots=True, eq=False)
class WritePlan:
    """Pass 2 of the batched stage: runs of batched writes and scalar ticks, in order."""

    steps: list[_Run | AnimationGroup]
    kinds: list[int]
    written: list[np.ndarray[Any, np.dtype[np.bool_]]]
    #: A run found a replaced owner: rebuild next frame.
    stale: bool = False


def _plain_attr(cls: type, name: str, cache: dict[tuple[type, str], bool]) -> bool:
    """``setattr(obj, name, v)`` on an instance of ``cls`` stores a plain attribute."""
    key = (cls, name)
    hit = cache.get(key)
    if hit is None:
        attr = getattr(cls, name, None)
        hit = getattr(cls, "__setattr__", None) is object.__setattr__ and (
            isinstance(attr, types.MemberDescriptorType) or not hasattr(type(attr), "__set__")
        )
        cache[key] = hit
    return hit


def _walk(root: object, chain: str, seen: list[object]) -> object:
    obj = root
    if chain:
        for part in chain.split("."):
            obj = getattr(obj, part)
            seen.append(obj)
    return obj


def _bulk_track(
    j: int, tr: PropertyRuntimeTrack, objs: list[object], cache: dict[tuple[type, str], bool]
) -> _BulkTrack | None:
    prop = tr.path.split(".")[-1]
    if tr.stride == 1:
        if tr.bulk_scalar == "attr":
            if all(type(o) is not dict and _plain_attr(type(o), prop, cache) for o in objs):
                return _BulkTrack(j, "attr", objs, prop)
        elif tr.bulk_scalar == "key" and all(type(o) is dict for o in objs):
            return _BulkTrack(j, "key", objs, prop)
        return None
    setters = [getattr(o, "set", None) for o in objs]
    if all(callable(f) for f in setters):
        if any(isinstance(o, Mapping | set | frozenset) for o in objs):
            return None
        cls = type(objs[0])
        func = getattr(cls, "set", None)
        if isinstance(func, types.FunctionType) and all(
            type(o) is cls
            and getattr(f, "__func__", None) is func
            and getattr(f, "__self__", None) is o
            for o, f in zip(objs, setters, strict=True)
        ):
            return _BulkTrack(j, "set", objs, func=func)
        if _CALL is None:
            return None
        return _BulkTrack(j, "call", cast("list[object]", setters))
    if any(
        f is not None or isinstance(o, np.ndarray | Sequence | Mapping)
        for o, f in zip(objs, setters, strict=True)
    ):
        return None
    names = "xyzw"[: tr.stride]
    if all(hasattr(o, c) and _plain_attr(type(o), c, cache) for o in objs for c in names):
        return _BulkTrack(j, "xyz", objs)
    return None


def _bulk_parts(members: list[_PropMember]) -> list[_BulkPart] | None:
    """The bulk form of a run, or None when some write must go through its closure."""
    by_batch: dict[int, list[_PropMember]] = {}
    for pm in members:
        by_batch.setdefault(id(pm.batch), []).append(pm)
    owner: dict[int, int] = {}
    cache: dict[tuple[type, str], bool] = {}
    parts: list[_BulkPart] = []
    serial = 0
    for group_members in by_batch.values():
        batch = group_members[0].batch
        ntracks = len(batch.tracks)
        first = group_members[0].ctrl.tracks
        chains = [tr.bulk_chain for tr in first]
        if any(c is None for c in chains):
            return None
        per_track: list[list[object]] = [[] for _ in range(ntracks)]
        roots: list[object] = []
        try:
            for pm in group_members:
                tracks = pm.ctrl.tracks
                root = tracks[0].root
                if any(
                    tr.bulk_chain != c or tr.root is not root
                    for tr, c in zip(tracks, chains, strict=True)
                ):
                    return None
                seen: list[object] = [root]
                for j, tr in enumerate(tracks):
                    per_track[j].append(_walk(root, cast("str", tr.bulk_chain), seen))
                serial += 1
                for obj in seen:
                    if owner.setdefault(id(obj), serial) != serial:
                        return None  # an object two groups write or reach: keep the order
                roots.append(root)
        except AttributeError:
            return None
        bulk: list[_BulkTrack] = []
        for j, tr in enumerate(first):
            bt = _bulk_track(j, tr, per_track[j], cache)
            if bt is None:
                return None
            bulk.append(bt)
        checks: list[tuple[Callable[[object], object], list[object], list[object]]] = []
        done: set[str] = set()
        for j, c in enumerate(chains):
            assert c is not None
            if c and c not in done:
                done.add(c)
                checks.append((operator.attrgetter(c), roots, per_track[j]))
        slots = [pm.slot for pm in group_members]
        in_order = slots == list(range(len(batch.members)))
        for bt in bulk:
            stride = bt.stride = batch.tracks[bt.track].stride
            if not in_order:
                rows = np.array(slots, dtype=np.intp)[:, None] * stride
                bt.index = (rows + np.arange(stride)).reshape(-1)
        parts.append(
            _BulkPart(
                batch=batch,
                slots=None if in_order else np.array(slots, dtype=np.intp),
                checks=checks,
                tracks=bulk,
            )
        )
    return parts


def build_write_plan(
    snapshot: Sequence[AnimationGroup],
    entries: Sequence[object],
    kinds: list[int],
    prop_batches: Sequence[_PropBatch],
) -> WritePlan:
    """Pass 2's steps for this frame's kinds (rebuilt only when they change)."""
    written = {id(pb): pb.written.tolist() for pb in prop_batches}
    steps: list[_Run | AnimationGroup] = []
    run: list[_PropMember] = []
    for k, kind in enumerate(kinds):
        if kind == KIND_PROPERTY:
            pm = cast("_PropMember", entries[k])
            if written[id(pm.batch)][pm.slot]:
                run.append(pm)
        elif kind == KIND_TICK:
            if run:
                steps.append(_Run(run, _bulk_parts(run)))
                run = []
            steps.append(snapshot[k])
    if run:
        steps.append(_Run(run, _bulk_parts(run)))
    return WritePlan(
        steps=steps, kinds=list(kinds), written=[pb.written.copy() for pb in prop_batches]
    )


def plan_is_current(
    plan: WritePlan | None, kinds: list[int], prop_batches: Sequence[_PropBatch]
) -> bool:
    """Whether ``plan`` was built for this frame's kinds and written members."""
    if plan is None or plan.stale or plan.kinds != kinds:
        return False
    return all(
        np.array_equal(pb.written, w) for pb, w in zip(prop_batches, plan.written, strict=True)
    )


def _write_part(part: _BulkPart) -> None:
    # Values are read lazily from a float32 memoryview (iterating it makes one Python float
    # per item, as the closures' indexing does), so each new float is made just before the
    # store that frees the old one: no list of values, and the floats cycle through CPython's
    # float free list as the closures' do (a tolist() of 10,000 values would turn the held
    # values over into fresh heap blocks every frame).
    batch = part.batch
    slots = part.slots
    for bt in part.tracks:
        # (typed Any: typeshed has a memoryview iterate ints; a float32 one gives floats)
        if slots is None:
            values: Any = batch.mviews[bt.track]
        else:
            values = memoryview(cast("Any", batch.views[bt.track].reshape(-1).take(bt.index)))
        _write_values(bt, values)


def _write_values(bt: _BulkTrack, values: Any) -> None:
    """Write ``values`` (a float32 memoryview, ``stride`` per object) to ``bt.objs``."""
    sink = _SINK
    stride = bt.stride
    kind = bt.kind
    if kind == "attr":
        sink.extend(map(setattr, bt.objs, repeat(bt.name), values))
    elif kind == "key":
        sink.extend(map(_SETITEM, bt.objs, repeat(bt.name), values))
    elif kind == "xyz":
        for c in range(stride):
            sink.extend(map(setattr, bt.objs, repeat("xyzw"[c]), values[c::stride]))
    else:
        func = bt.func if kind == "set" else _CALL
        assert func is not None
        # One iterator passed ``stride`` times: each call takes x, y, z in order.
        it = iter(values)
        if stride == 3:
            sink.extend(map(func, bt.objs, it, it, it))
        else:
            sink.extend(map(func, bt.objs, *repeat(it, stride)))


def _complete_finished(members: list[_PropMember]) -> None:
    for pm in members:
        complete_group(pm.group)


def _write_run(run: _Run, plan: WritePlan) -> None:
    parts = run.parts
    if parts is not None:
        try:
            current = all(
                all(map(_IS, map(getter, roots), objs))
                for part in parts
                for getter, roots, objs in part.checks
            )
        except Exception:  # a replaced owner of another kind: the closures handle it
            current = False
        if current:
            for part in parts:
                _write_part(part)
            for part in parts:
                fin = part.batch.finished
                if fin.any():
                    members = part.batch.members
                    sel = np.flatnonzero(fin) if part.slots is None else part.slots[fin[part.slots]]
                    _complete_finished([members[i] for i in sel.tolist()])
            return
        plan.stale = True
    for pm in run.members:
        for writer, values in zip(pm.writers, pm.values, strict=True):
            writer(values)
        if pm.batch.finished[pm.slot]:
            complete_group(pm.group)


def write_pass(plan: WritePlan, delta_ms: float, engine: object | None) -> None:
    """Every write to user objects, in attachment order, as the scalar path does."""
    for step in plan.steps:
        if type(step) is _Run:
            _write_run(step, plan)
        else:
            tick_animation(cast("AnimationGroup", step), delta_ms, engine)
