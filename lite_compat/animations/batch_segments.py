"""The batched compat rows, stepped stretch by stretch: regrouped by kind where it is safe.

``Scene._animate`` hands each stretch of consecutive batch rows of its active list to
:func:`step_run`. Clones started in a loop with a few speeds put rows of different kinds next
to each other; stepping them run by run would cost one numpy pass per row and track. A
:class:`_Segment` steps such a stretch kind by kind instead, where no one could tell the order
apart; elsewhere the runs are stepped in the list's order (short runs of a vectorised kind row
by row in Python floats, :class:`~lite_compat.animations.batch.BatchKind`).
"""

from __future__ import annotations

import math
from operator import itemgetter
from typing import Any, Final

from lite_compat.animations.batch import (
    _ENABLED,
    _MEMBERSHIP,
    Animatable,
    BatchKind,
    Clock,
    _records_writes,
    _Run,
    evict,
)
from lite_compat.animations.batch_sampling import _FLOAT
from lite_compat.animations.batch_weighted import DEFER, RowRegistrar, late_plan
from lite_compat.animations.batch_writes import _call_loops
from lite_compat.animations.object_words import (
    WordGuard,
    class_word,
    dict_word,
    word_guard_enabled,
)
from lite_compat.animations.state import _drop_quaternion, zero_rotation

__all__ = ["step_run"]

#: ``Animatable._animate`` (set by the animatable module): an idle animatable of a subclass
#: that steps otherwise is not passed over.
_ANIMATE: Final[list[object]] = [None]

#: A segment's parts: each kind, its rows' run, and the rows' indices in the segment.
Parts = list[tuple[BatchKind, _Run, list[int]]]


class _Segment:
    """Consecutive rows of the active list whose kinds interleave, regrouped by kind.

    Stepping every kind's rows in one pass (instead of one pass per run of adjacent rows)
    reorders writes, which is only invisible when (checked when the segment is made) no two
    rows write the same property of the same object or leaf, every side effect of a write is
    known, and every mark commutes (lite_compat's own ``markAsDirty`` methods only set
    flags and counters); and (checked every frame, before anything is written) no row has to
    leave the batch this frame: a row leaving is stepped on the scalar path at its turn, where
    its callbacks must see the rows before it stepped and the rows after it not yet.
    """

    __slots__ = (
        "animatables",
        "epoch",
        "idle",
        "idle_guard",
        "parts",
        "positions",
        "registrar",
        "weighted",
    )

    def __init__(self, animatables: list[Animatable], parts: Parts | None) -> None:
        self.animatables = animatables
        self.epoch = _MEMBERSHIP[0]
        #: The animatables among the rows that Animatable._animate skips (:func:`_idle`: a
        #: cross-fade's group at weight 0); checked every frame.
        self.idle = [a for a in animatables if a._batchRow is None]
        #: The words of the idle animatables as a step that passed over them left them (see
        #: :func:`_idle_guard`), with their classes; None: checked one by one.
        self.idle_guard: tuple[WordGuard, list[type]] | None = None
        #: The rows of weighted kinds, in the list's order.
        self.weighted = [
            a for a in animatables if a._batchRow is not None and a._batchRow[0].weighted
        ]
        #: The weighted rows' late-binding registrations with their array-form plan (made at
        #: their first step).
        self.registrar: RowRegistrar | None = None
        #: The kinds in order of first appearance with their rows (in list order); None when
        #: the segment cannot be regrouped (or need not be: each kind forms a single run).
        self.parts = None if parts is None else [(kind, run) for kind, run, _ in parts]
        #: Per part, each row's index in the segment (quiet loops are called in that order).
        self.positions = [] if parts is None else [p for _, _, p in parts]

    def step(self, time: float) -> bool:
        """Step every row (True), or nothing when a row must leave the batch (False)."""
        parts = self.parts
        assert parts is not None
        idle = self.idle
        # The idle rows as the last step left them (their instance dicts unchanged, so each
        # is still idle and its _goToFrame still None), or each checked.
        quiet = bool(idle) and _still_idle(self.idle_guard)
        if idle and not quiet:
            self.idle_guard = None
            if not all(map(_idle, idle)):
                return False
        clocks: list[Clock | None] = []
        weighted = False
        for kind, run in parts:
            if kind.first_stale(run.animatables, run) < len(run.animatables):
                return False
            if kind.weighted:
                if kind.first_idle(run.animatables) < len(run.animatables):
                    return False
                weighted = True
            if kind.vectorised:
                clock = kind.clock(run, time)
                if clock[3] < len(run.animatables):
                    return False
                clocks.append(clock)
            else:
                if not kind.rows_stay(run.animatables, time):
                    return False
                clocks.append(None)
        loops: list[tuple[int, Animatable, int]] | None = None
        # Weighted rows queue their late bindings after every kind stepped, in the list's
        # order (the order of each blend's terms).
        DEFER[0] = weighted
        try:
            for (kind, run), computed, positions in zip(parts, clocks, self.positions, strict=True):
                if computed is None:
                    kind._step_rows(run.animatables, time)
                    continue
                kind.commit(run, computed)
                if computed[4]:
                    if loops is None:
                        loops = []
                    loops += [(positions[k], run.animatables[k], n) for k, n in computed[4]]
        finally:
            DEFER[0] = False
        if weighted:
            registrar = self.registrar
            if registrar is None:
                registrar = self.registrar = RowRegistrar(self.weighted, late_plan(self.weighted))
            registrar.register()
        if idle and not quiet:
            for animatable in idle:
                animatable._goToFrame = None  # all Animatable._animate does to it
            self.idle_guard = _idle_guard(idle)
        if loops is not None:
            # A group's loop counter (the only quiet loop callback) in the list's order.
            loops.sort(key=itemgetter(0))
            for _, animatable, count in loops:
                _call_loops(animatable, count)
        return True


_KNOWN_EFFECTS: Final = {zero_rotation: "rotation", _drop_quaternion: "rotationQuaternion"}


def _commuting_mark(kind: BatchKind) -> bool:
    # lite_compat's own markAsDirty methods (Node, TransformNode, Bone, Material) set flags
    # and bump counters only: any order of the calls leaves the same state.
    for mark in kind.marks:
        if mark is not None:
            method = getattr(kind.target_type, "markAsDirty", None)
            return str(getattr(method, "__module__", "")).startswith("lite_compat.")
    return True


def _regroup(animatables: list[Animatable]) -> Parts | None:
    """The per-kind parts of a segment, or None (see :class:`_Segment`)."""
    by_kind: dict[int, tuple[list[Animatable], list[int]]] = {}
    kinds: list[BatchKind] = []
    runs = 0
    previous = None
    idle = False
    for position, animatable in enumerate(animatables):
        if animatable._batchRow is None:
            idle = True
            continue
        kind = animatable._batchRow[0]
        if kind is not previous:
            runs += 1
            previous = kind
        entry = by_kind.get(id(kind))
        if entry is None:
            entry = by_kind[id(kind)] = ([], [])
            kinds.append(kind)
        entry[0].append(animatable)
        entry[1].append(position)
    if runs == len(kinds) and not idle:
        return None  # every kind is one run already
    written: set[tuple[int, str]] = set()
    count = 0
    for kind in kinds:
        if not _commuting_mark(kind):
            return None
        if kind.weighted:
            continue  # its values go to its runtimes' own objects (the setters run later)
        for effect in kind.effects:
            if effect is not None and effect not in _KNOWN_EFFECTS:
                return None
    for animatable in animatables:
        if animatable._batchRow is None:
            continue
        kind = animatable._batchRow[0]
        for j, runtime in enumerate(animatable._runtimeAnimations):
            if kind.weighted:
                # A weighted row writes its runtimes' own value objects only (the late
                # bindings, queued in the list's order, write the properties).
                keys = [(id(runtime._currentValue), "")] if kind.specs[j].kind != _FLOAT else []
                own = set(keys)
                written |= own
                count += len(own)
                continue
            path = runtime.animation.targetPropertyPath
            owner = runtime._directTarget
            keys = [(id(runtime._target), path[0]), (id(owner), kind.target_paths[j])]
            effect = kind.effects[j]
            if effect is not None:
                keys.append((id(owner), _KNOWN_EFFECTS[effect]))
            if kind.specs[j].kind != _FLOAT:
                keys.append((id(runtime._currentValue), ""))
            # A row's own tracks keep their order; two rows must not meet.
            own = set(keys)
            written |= own
            count += len(own)
        if len(written) != count:
            return None
    return [
        (kind, _Run(by_kind[id(kind)][0], len(kind.specs)), by_kind[id(kind)][1]) for kind in kinds
    ]


class _Segments:
    """A scene's merged segments, by the id of their first row, and the frame guard."""

    __slots__ = ("by_first", "epoch", "time")

    def __init__(self) -> None:
        self.by_first: dict[int, _Segment] = {}
        #: The time of the frame that last made a segment and the membership epoch then.
        self.time = math.nan
        self.epoch = -1


def _segment(animatables: list[Animatable], index: int, time: float) -> _Segment | None:
    """The scene's segment starting at ``animatables[index]`` (made again when stale).

    None when rows joined or left a kind during this frame after a segment was made (a row
    left the batch, or a scalar step admitted one): the rest of the frame steps runs of
    adjacent rows, so a frame in which many rows leave one by one scans the list once, not
    once per row.
    """
    scene = animatables[index]._scene
    table: _Segments | None = getattr(scene, "_compatBatchSegments", None)
    if table is None:
        table = _Segments()
        try:
            scene._compatBatchSegments = table
        except AttributeError:
            return None
    segments = table.by_first
    segment = segments.get(id(animatables[index]))
    epoch = _MEMBERSHIP[0]
    if segment is not None and segment.epoch == epoch:
        end = index + len(segment.animatables)
        if animatables[index:end] == segment.animatables:
            return segment
    if table.time == time:
        if table.epoch != epoch:
            return None
    else:
        table.time = time
        table.epoch = epoch
    if len(segments) > len(animatables):
        segments.clear()
    end = index + 1
    count = len(animatables)
    while end < count and (animatables[end]._batchRow is not None or _idle(animatables[end])):
        end += 1
    while animatables[end - 1]._batchRow is None:
        end -= 1
    rows = animatables[index:end]
    segment = segments[id(animatables[index])] = _Segment(rows, _regroup(rows))
    return segment


def _idle(animatable: Animatable) -> bool:
    """Whether ``Animatable._animate`` would skip ``animatable`` this frame, changing nothing
    but its ``_goToFrame`` (its weight and previous weight 0, not paused, started, no pending
    pause or jump)."""
    return (
        animatable._weight == 0
        and animatable._previousWeight == 0
        and animatable._localDelayOffset is not None
        and not animatable._paused
        and animatable._pausedDelay is None
        and animatable._manualJumpDelay is None
        and not type(animatable).ProcessPausedAnimatables
        and type(animatable)._animate is _ANIMATE[0]
    )


class _Probe:
    def __init__(self) -> None:
        self.kept = None
        self.stored = 0


def _store(probe: _Probe, value: int) -> None:
    probe.stored = value


def _tags_follow_stores() -> bool:
    """Whether an instance dict's guard sees attribute stores made by the interpreter's
    specialised store (after its dict was made, as :func:`_idle_guard` makes it), and not
    a store of the object already held: what the idle guard relies on, tried at import."""
    probe = _Probe()
    for value in range(64):
        _store(probe, value)  # the store specialises
    try:
        made = _idle_guard([probe])
        if made is None:
            return False
        probe.kept = None
        unchanged = made[0].unchanged()
        _store(probe, 1000)
        moved = not made[0].unchanged()
        again = _idle_guard([probe])
        for value in range(64):
            _store(probe, value)
        return unchanged and moved and again is not None and not again[0].unchanged()
    except (ValueError, TypeError, OverflowError):  # pragma: no cover - another layout
        return False


def _idle_guard(idle: list[Animatable]) -> tuple[WordGuard, list[type]] | None:
    """The guard of the idle animatables' instance dicts (their contents, which dict each
    has, their classes) as they are now, just after a step found each idle and set its
    ``_goToFrame`` to None; None where one cannot be made."""
    if not word_guard_enabled() or not _TAGS_FOLLOW_STORES[0]:
        return None
    words: list[int] = []
    dicts: list[dict[str, Any]] = []
    for animatable in idle:
        address = dict_word(animatable)
        if address is None:
            return None
        words.append(address)
        words.append(class_word(animatable))
        dicts.append(animatable.__dict__)
    classes = list(set(map(type, idle)))
    guard = WordGuard.build([], dicts, [], words, [*classes, *dicts])
    return None if guard is None else (guard, classes)


#: Whether idle guards are made (:func:`_tags_follow_stores`, tried at import).
_TAGS_FOLLOW_STORES: Final = [True]
_TAGS_FOLLOW_STORES[0] = _tags_follow_stores()


def _still_idle(guard: tuple[WordGuard, list[type]] | None) -> bool:
    """Whether every animatable of an idle guard is as it left them: :func:`_idle` would
    find each idle (the members it reads are the objects it approved, their classes the
    same, each class still skipping paused animatables with Animatable's own step) and
    setting ``_goToFrame`` to None would change nothing (it holds None)."""
    if guard is None:
        return False
    words, classes = guard
    for cls in classes:
        if cls.ProcessPausedAnimatables or cls._animate is not _ANIMATE[0]:  # type: ignore[attr-defined]
            return False
    return words.unchanged()


def step_run(animatables: list[Animatable], index: int, time: float) -> int:
    """Step the rows starting at ``animatables[index]``; the index after the last one stepped.

    Called by ``Scene._animate``. Consecutive rows whose kinds interleave are stepped kind by
    kind when that cannot be told apart from the list's order (:class:`_Segment`); otherwise
    (and in the frame where it cannot) runs of adjacent rows of one kind are stepped one
    after another. Returns at the first row that had to leave the batch (``index`` unchanged
    when that is the first one: the caller then steps it on the scalar path).
    """
    if not _ENABLED[0] or _records_writes(animatables[index]._scene):
        # Off, or a RootMotionController reads every write as it is made: the scalar path.
        evict(animatables[index])
        return index
    segment = _segment(animatables, index, time)
    if segment is None:
        limit = len(animatables)
    elif segment.parts is not None and segment.step(time):
        return index + len(segment.animatables)
    else:
        if segment.parts is not None and _evict_idle(segment):
            # A cross-fade's faded-out group: its rows left all at once, the stretch is made
            # again this frame from its first row (the caller steps the animatables before
            # it, now idle ones, on the scalar path, which skips them).
            table: _Segments = animatables[index]._scene._compatBatchSegments
            table.epoch = _MEMBERSHIP[0]
            if animatables[index]._batchRow is None:
                return index
            return step_run(animatables, index, time)
        limit = index + len(segment.animatables)
    while index < limit and animatables[index]._batchRow is not None:
        after = _step_adjacent(animatables, index, time)
        if after == index or after >= limit:
            return after
        index = after
    return index


def _evict_idle(segment: _Segment) -> bool:
    """Evict (in the list's order) every row of ``segment``'s weighted kinds that
    ``Animatable._animate`` skips this frame (its weight and previous weight 0); whether
    there was one. What ``BatchKind.step`` does to them when it reaches them, at once: an
    idle row leaving writes its frozen clock back to its runtimes and calls nothing, and
    its own scalar step only skips it, so no one sees it leave earlier (a segment's other
    rows then step together instead of run by run, each with a new run and key watch)."""
    parts = segment.parts
    assert parts is not None
    idle: set[int] = set()
    for kind, run in parts:
        if kind.weighted:
            idle.update(map(id, kind.idle_rows(run.animatables)))
    if not idle:
        return False
    for animatable in segment.animatables:
        if id(animatable) in idle and animatable._batchRow is not None:
            evict(animatable, False)
    return True


def _step_adjacent(animatables: list[Animatable], index: int, time: float) -> int:
    """Step the run of adjacent rows of one kind starting at ``animatables[index]``."""
    first = animatables[index]._batchRow
    assert first is not None
    kind = first[0]
    count = len(animatables)
    run = kind._runs.get(id(animatables[index])) if kind.vectorised else None
    if run is not None:
        # The run stepped last frame, when it is still there and ends where it did.
        end = index + len(run.animatables)
        if end <= count:
            after = animatables[end]._batchRow if end < count else None
            if (after is None or after[0] is not kind) and (
                animatables[index:end] == run.animatables
            ):
                return index + int(kind.step(run.animatables, time, run))
    end = index + 1
    while end < count:
        row = animatables[end]._batchRow
        if row is None or row[0] is not kind:
            break
        end += 1
    return index + int(kind.step(animatables[index:end], time))
