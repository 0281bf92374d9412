"""The weighted property mixer's batched path: property groups blended by weight in array form.

Python-only; the scalar reference is
:func:`lite.animation.weighted_pointer_mixer._update_weighted_property_animations`.

When every attached group is a member of one of the batch engine's property batches
(:mod:`lite.batch.property_batch`: LINEAR or STEP tracks, no easing, no quaternion), a frame
the mixer blends runs here instead of group by group:

1. the members' clocks are advanced with the *mixer's* clock (it loops whenever the group
   loops, playing or not; its play range is clipped to the clip) on the
   :class:`~lite.animation.state.GroupStateStore` rows, in array form (the scalar clock's
   compensated two-sum, operation for operation: the same times and clock errors);
2. the weights are gathered as one column (one per group, attachment order) and the
   contested properties (those a non-stopped group of weight other than 1 animates) found
   with a few array operations over a static table of (group, track) -> bucket;
3. every track is sampled for every member (``property_batch._sample_prop_batch``, the scalar
   sampler's float32 values), and the contested contributions folded into float32 buckets,
   one weighted accumulation per *rank* (the k-th contribution of each bucket, in attachment
   order): ``acc = f32(acc + sample * weight)``, the scalar mixer's double arithmetic and
   single rounding, so the same bits;
4. uncontested tracks are written directly in attachment order, then the buckets (runs of
   buckets of one kind in bulk, as ``property_batch`` writes: one ``map`` per run); groups
   that finished a non-looping run are completed (flags only: events fire after the update).

Anything else leaves the frame to the scalar mixer (nothing changed then): a group outside
the batches, a member of a non-positive play range, an owner or an object written whole
replaced since the plan was made (the plan is rebuilt next frame), two buckets whose writes
could reach one another (a property of an object another bucket writes whole, or one object
written through two owners: the scalar flush order would matter), two strides on one
property (the scalar mixer's ``LITE-STATE-010``).
"""

from __future__ import annotations

import operator
from array import array
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, cast

import numpy as np

from lite.animation import weighted_pointer_mixer
from lite.animation.state import (
    COL_CLOCK_ERROR,
    COL_CLOCK_TIME,
    COL_LOOP,
    COL_STOPPED,
    COL_TIME,
    AnimationGroup,
    AnimationManager,
    complete_group,
)
from lite.batch.array_clock import advance_state, settle_rows
from lite.batch.engine import BatchEngine, _rebuild, batch_engine_of
from lite.batch.property_batch import (
    _bulk_track,
    _BulkTrack,
    _PropBatch,
    _PropMember,
    _sample_prop_batch,
    _write_values,
)

if TYPE_CHECKING:
    from lite.animation.property_binding import PropertyRuntimeTrack, PropertyWriter, Scratch
    from lite.animation.types import F32Array, F64Array

__all__ = ["PropertyBlendBatch", "install"]

I64Array = np.ndarray[Any, np.dtype[np.intp]]
BoolArray = np.ndarray[Any, np.dtype[np.bool_]]

_WEIGHT: Final = operator.attrgetter("weight")
_COMPLETED: Final = operator.attrgetter("_completed")
_IS: Final = operator.is_
#: The weight column's dtype: doubles, as the scalar mixer's Python floats.
_WEIGHT_DTYPE: type[np.floating[Any]] = np.float64


@dataclass(slots=True, eq=False)
class _BatchClock:
    """One property batch's members under the mixer's clock."""

    batch: _PropBatch
    start: F64Array
    end: F64Array
    span: F64Array
    #: Per member: its group's position in the snapshot.
    ks: I64Array
    #: This frame's state columns (uncommitted until the frame is known to be batched).
    st: F64Array = field(default_factory=lambda: np.zeros((0, 0)))


@dataclass(slots=True, eq=False)
class _Plan:
    snapshot: list[AnimationGroup]
    clocks: list[_BatchClock]
    #: Per snapshot group: its GroupStateStore row.
    rows: I64Array
    #: Per entry (group, track) in attachment order, then track order.
    e_group: I64Array
    e_bucket: I64Array
    writers: list[PropertyWriter]
    values: list[Scratch]
    #: Per bucket: the writer and a float32 view of its accumulator slice.
    b_writers: list[PropertyWriter]
    b_values: list[Scratch]
    #: Runs of buckets written in bulk: (first bucket, end, the bulk write, its values).
    bulk: list[tuple[int, int, _BulkTrack, memoryview]]
    #: Per bucket: whether a bulk run writes it when the whole run is active.
    in_bulk: BoolArray
    #: Per rank: (entry of each component, source in ``samples``, destination in ``acc``).
    ranks: list[tuple[I64Array, I64Array, I64Array]]
    acc_buf: array[float]
    acc: F32Array
    samples: F32Array
    views: list[F32Array]
    #: (getter, roots, objects), checked by identity each frame: the owners from the roots,
    #: and the leaves (objects written whole) from their owners.
    checks: list[tuple[Callable[[object], object], list[object], list[object]]]
    stale: bool = False


class PropertyBlendBatch:
    """The batched path of one manager's weighted property mixer (see the module docstring)."""

    __slots__ = ("_plan", "_refused")

    def __init__(self) -> None:
        self._plan: _Plan | None = None
        #: The engine snapshot a plan was refused for (not retried until it changes).
        self._refused: object = None

    def run(self, manager: AnimationManager, delta_ms: float) -> bool | None:
        """Blend this frame in array form: True when done, None to leave it to the mixer."""
        eng = batch_engine_of(manager)
        if eng is None or not manager._groups:
            return None
        if len(manager._groups) < eng.property_min:
            # No property batch can hold every group (each needs property_min members):
            # nothing to plan, and no engine rebuild (its garbage) for a frame the mixer takes.
            return None
        if eng.dirty or manager._groups != eng.snapshot:
            eng.dirty = False
            _rebuild(manager, eng)
        plan = self._plan
        if plan is None or plan.snapshot is not eng.snapshot or plan.stale:
            self._plan = None
            if self._refused is eng.snapshot:
                return None
            plan = _build(eng)
            if plan is None:
                self._refused = eng.snapshot
                return None
            self._plan = plan
        return _frame(plan, manager, delta_ms)


def _owner_parts(path: str) -> tuple[str, str]:
    head, _, prop = path.rpartition(".")
    return head, prop


def _build(eng: BatchEngine) -> _Plan | None:
    snapshot = eng.snapshot
    batched = {id(pb) for pb in eng.prop_batches}
    for k, group in enumerate(snapshot):
        entry = eng.entries[k]
        mixer = group._property_mixer
        if type(entry) is not _PropMember or id(entry.batch) not in batched:
            return None
        if type(mixer) is not tuple or tuple(mixer[0]) != tuple(entry.ctrl.tracks):
            return None
    clocks: list[_BatchClock] = []
    for pb in eng.prop_batches:
        starts: list[float] = []
        ends: list[float] = []
        for m in pb.members:
            _, from_raw, to_raw, clip_duration = m.group._property_mixer
            from_time = max(0.0, min(from_raw, clip_duration))
            to_time = min(to_raw, clip_duration) if to_raw > from_time else clip_duration
            starts.append(from_time)
            ends.append(to_time)
        start = np.array(starts, dtype=np.float64)
        end = np.array(ends, dtype=np.float64)
        span = np.maximum(end - start, 0.0)
        if not bool(np.all(span > 0.0)):
            return None
        ks = np.array([snapshot.index(m.group) for m in pb.members], dtype=np.intp)
        clocks.append(_BatchClock(pb, start, end, span, ks))

    # Entries and buckets, in attachment order (buckets numbered by first appearance).
    bucket_of: dict[tuple[int, str], int] = {}
    b_stride: list[int] = []
    b_owner: list[object] = []
    b_leaf: list[object] = []
    b_writers: list[PropertyWriter] = []
    b_tracks: list[PropertyRuntimeTrack] = []
    e_group: list[int] = []
    e_bucket: list[int] = []
    e_src: list[int] = []  # first component in the concatenated samples
    writers: list[PropertyWriter] = []
    values: list[Scratch] = []
    view_base: dict[int, list[int]] = {}
    base = 0
    views: list[F32Array] = []
    for pb in eng.prop_batches:
        bases = []
        for view in pb.views:
            bases.append(base)
            views.append(view)
            base += view.size
        view_base[id(pb)] = bases
    by_chain: dict[str, tuple[list[object], list[object]]] = {}
    chain_objs: list[set[int]] = []
    for k in range(len(snapshot)):
        pm = cast("_PropMember", eng.entries[k])
        bases = view_base[id(pm.batch)]
        for j, tr in enumerate(pm.ctrl.tracks):
            try:
                owner, prop = tr.resolve_owner()
            except Exception:
                return None
            head, _ = _owner_parts(tr.path)
            seen: set[int] = {id(tr.root)}
            if head:
                if tr.bulk_chain is None:
                    return None  # keys or indices on the way: the scalar mixer resolves them
                getter = operator.attrgetter(head)
                try:
                    obj: object = tr.root
                    for part in head.split("."):
                        obj = getattr(obj, part)
                        seen.add(id(obj))
                except AttributeError:
                    return None
                if getter(tr.root) is not owner:
                    return None
                roots, owners = by_chain.setdefault(head, ([], []))
                roots.append(tr.root)
                owners.append(owner)
            elif owner is not tr.root:
                return None
            key = (id(owner), prop)
            b = bucket_of.get(key)
            if b is None:
                b = bucket_of[key] = len(b_stride)
                b_stride.append(tr.stride)
                b_owner.append(owner)
                leaf: object = None
                if tr.stride > 1:
                    try:
                        leaf = owner[prop] if isinstance(owner, dict) else getattr(owner, prop)
                    except Exception:
                        return None
                b_leaf.append(leaf)
                b_writers.append(tr.writer)
                b_tracks.append(tr)
                chain_objs.append(seen)
            elif b_stride[b] != tr.stride:
                return None  # the scalar mixer's LITE-STATE-010
            else:
                chain_objs[b] |= seen
            e_group.append(k)
            e_bucket.append(b)
            e_src.append(bases[j] + pm.slot * tr.stride)
            writers.append(tr.writer)
            values.append(pm.values[j])
    # Bucket writes that could reach one another keep the scalar flush order: refuse them.
    leaves = [id(x) for x in b_leaf if x is not None]
    if len(set(leaves)) != len(leaves):
        return None
    leaf_ids = set(leaves)
    for b, objs in enumerate(chain_objs):
        mine = id(b_leaf[b]) if b_leaf[b] is not None else None
        if any(o in leaf_ids and o != mine for o in objs):
            return None
        if id(b_owner[b]) in leaf_ids:
            return None

    # Buckets of one kind (property name, stride, write kind, owner type) laid out together:
    # a run of them is written in bulk from one slice of the accumulator.
    n_b = len(b_stride)
    kinds: dict[tuple[object, ...], list[int]] = {}
    for b in range(n_b):
        tr = b_tracks[b]
        key_kind = (_owner_parts(tr.path)[1], tr.stride, tr.bulk_scalar, type(b_owner[b]))
        kinds.setdefault(key_kind, []).append(b)
    order = [b for bs in kinds.values() for b in bs]
    new_of = np.empty(n_b, dtype=np.intp)
    new_of[order] = np.arange(n_b, dtype=np.intp)
    b_stride = [b_stride[b] for b in order]
    b_owner = [b_owner[b] for b in order]
    b_leaf = [b_leaf[b] for b in order]
    b_writers = [b_writers[b] for b in order]
    b_tracks = [b_tracks[b] for b in order]
    e_bucket = new_of[np.array(e_bucket, dtype=np.intp)].tolist()
    offsets = np.zeros(n_b + 1, dtype=np.intp)
    np.cumsum(np.array(b_stride, dtype=np.intp), out=offsets[1:])
    acc_buf = array("f", bytes(4 * max(int(offsets[-1]), 1)))
    acc = np.frombuffer(acc_buf, dtype=np.float32)
    mv = memoryview(acc_buf)
    b_values = [cast("Scratch", mv[int(offsets[b]) : int(offsets[b + 1])]) for b in range(n_b)]
    bulk: list[tuple[int, int, _BulkTrack, memoryview]] = []
    in_bulk = np.zeros(n_b, dtype=np.bool_)
    cache: dict[tuple[type, str], bool] = {}
    leaf_checks: dict[tuple[str, bool], tuple[list[object], list[object]]] = {}
    lo = 0
    for bs in kinds.values():
        hi = lo + len(bs)
        tr = b_tracks[lo]
        written = [b_leaf[b] if b_stride[b] > 1 else b_owner[b] for b in range(lo, hi)]
        if tr.stride > 1:
            for b in range(lo, hi):
                owners_l, leaves_l = leaf_checks.setdefault(
                    (_owner_parts(b_tracks[b].path)[1], isinstance(b_owner[b], dict)), ([], [])
                )
                owners_l.append(b_owner[b])
                leaves_l.append(b_leaf[b])
        bt = _bulk_track(0, tr, written, cache) if tr.bulk_chain is not None else None
        if bt is not None:
            bt.stride = tr.stride
            bulk.append((lo, hi, bt, mv[int(offsets[lo]) : int(offsets[hi])]))
            in_bulk[lo:hi] = True
        lo = hi
    # Rank of each entry among its bucket's entries (attachment order).
    count = [0] * n_b
    rank_lists: list[tuple[list[int], list[int], list[int]]] = []
    for e, b in enumerate(e_bucket):
        r = count[b]
        count[b] = r + 1
        while len(rank_lists) <= r:
            rank_lists.append(([], [], []))
        ents, srcs, dsts = rank_lists[r]
        stride = b_stride[b]
        for c in range(stride):
            ents.append(e)
            srcs.append(e_src[e] + c)
            dsts.append(int(offsets[b]) + c)
    ranks = [
        (
            np.array(ents, dtype=np.intp),
            np.array(srcs, dtype=np.intp),
            np.array(dsts, dtype=np.intp),
        )
        for ents, srcs, dsts in rank_lists
    ]
    checks: list[tuple[Callable[[object], object], list[object], list[object]]] = [
        (operator.attrgetter(head), roots, owners) for head, (roots, owners) in by_chain.items()
    ]
    for (prop, keyed), (owners_l, leaves_l) in leaf_checks.items():
        leaf_of = cast(
            "Callable[[object], object]",
            operator.itemgetter(prop) if keyed else operator.attrgetter(prop),
        )
        checks.append((leaf_of, owners_l, leaves_l))
    return _Plan(
        snapshot=snapshot,
        clocks=clocks,
        rows=np.array([g._slot for g in snapshot], dtype=np.intp),
        e_group=np.array(e_group, dtype=np.intp),
        e_bucket=np.array(e_bucket, dtype=np.intp),
        writers=writers,
        values=values,
        b_writers=b_writers,
        b_values=b_values,
        bulk=bulk,
        in_bulk=in_bulk,
        ranks=ranks,
        acc_buf=acc_buf,
        acc=acc,
        samples=np.zeros(base, dtype=np.float32),
        views=views,
        checks=checks,
    )


def _owners_current(plan: _Plan) -> bool:
    try:
        for getter, roots, owners in plan.checks:
            if not all(map(_IS, map(getter, roots), owners)):
                return False
    except Exception:
        return False
    return True


def _advance(clock: _BatchClock, data: F64Array, delta_ms: float) -> None:
    """The mixer's clock on every member (``_advance_group_time``): the new state columns in
    ``clock.st`` (committed by the caller), the times sampled in ``batch.times``, the members
    that finish a non-looping run in ``batch.finished``."""
    batch = clock.batch
    sel: slice | I64Array = batch.row_span if batch.row_span is not None else batch.rows
    start, end, span = clock.start, clock.end, clock.span
    with np.errstate(all="ignore"):
        st, live, playing = advance_state(data, sel, delta_ms)
        clock.st = st
        time = st[COL_TIME]
        # Babylon Lite's weighted-pointer-mixer loops whenever the group loops.
        looping = live & (st[COL_LOOP] != 0.0)
        clamped = live & ~looping
        bounds = (start, end, span)
        out = settle_rows(st, bounds, looping, clamped, playing, batch.finished)
        np.copyto(time, out, where=live)
    np.copyto(batch.times, out)


def _frame(plan: _Plan, manager: AnimationManager, delta_ms: float) -> bool | None:
    if not _owners_current(plan):
        plan.stale = True
        return None
    groups = plan.snapshot
    n = len(groups)
    data = manager._group_state.data
    live = data[plan.rows, COL_STOPPED] == 0.0
    if (np.fromiter(map(_COMPLETED, groups), dtype=np.bool_, count=n) & live).any():
        return None  # the mixer completes such a group again after its tick
    weight = np.fromiter(map(_WEIGHT, groups), dtype=_WEIGHT_DTYPE, count=n)
    contest_g = live & (weight != 1.0)
    if not contest_g.any():
        return None  # nothing contested: the mixer says so, then the batch engine runs
    for clock in plan.clocks:
        _advance(clock, data, delta_ms)
        batch = clock.batch
        sel: slice | I64Array = batch.row_span if batch.row_span is not None else batch.rows
        st = clock.st
        data[sel, COL_TIME] = st[COL_TIME]
        data[sel, COL_CLOCK_TIME] = st[COL_CLOCK_TIME]
        data[sel, COL_CLOCK_ERROR] = st[COL_CLOCK_ERROR]
        _sample_prop_batch(batch)
    e_bucket = plan.e_bucket
    contested = np.zeros(len(plan.b_writers), dtype=np.bool_)
    contested[e_bucket[contest_g[plan.e_group]]] = True
    contributes = (live & (weight != 0.0))[plan.e_group]
    on_bucket = contested[e_bucket]
    direct = contributes & ~on_bucket
    folded = contributes & on_bucket
    active = np.zeros_like(contested)
    active[e_bucket[folded]] = True
    acc = plan.acc
    acc.fill(0.0)
    samples = plan.samples
    np.concatenate([v.reshape(-1) for v in plan.views], out=samples)
    w_e = weight[plan.e_group]
    for ents, srcs, dsts in plan.ranks:
        keep = folded[ents]
        if not keep.any():
            continue
        d = dsts[keep]
        # values[i] + sample[i] * weight (doubles; one float32 rounding on the store)
        acc[d] = acc[d] + samples[srcs[keep]] * w_e[ents[keep]]
    writers = plan.writers
    values = plan.values
    for e in np.flatnonzero(direct).tolist():
        writers[e](values[e])
    # Buckets write distinct objects (checked when the plan was made): any order will do.
    if plan.bulk:
        for lo, hi, bt, bulk_values in plan.bulk:
            if active[lo:hi].all():
                _write_values(bt, bulk_values)
                active[lo:hi] = False
    b_writers = plan.b_writers
    b_values = plan.b_values
    for b in np.flatnonzero(active).tolist():
        b_writers[b](b_values[b])
    # complete_group only sets the group's flags (events fire after the update), and the
    # mixer reads no other group's: completing after the writes is the scalar's state.
    for clock in plan.clocks:
        fin = clock.batch.finished
        if fin.any():
            members = clock.batch.members
            for i in np.flatnonzero(fin).tolist():
                complete_group(members[i].group)
    return True


def _factory() -> weighted_pointer_mixer.PropertyBlendBatcher | None:
    return PropertyBlendBatch()


def install() -> None:
    """Give the weighted property mixer this batched path (done when :mod:`lite.batch` loads)."""
    weighted_pointer_mixer.set_property_blend_batcher_factory(_factory)
