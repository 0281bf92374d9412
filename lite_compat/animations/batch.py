"""Compat's own native sampler: one track at a time, or many animatables in one numpy pass.

A *batch track* is a native track (see :mod:`~lite_compat.animations.delegation`) whose key
structure compat samples itself instead of binding a Lite clip: LINEAR keys (animation-level
easing allowed) of a FLOAT, VECTOR2, VECTOR3 or QUATERNION animation whose path is a chain of
attributes ending in a number or a ``Vector2``/``Vector3``/``Quaternion`` leaf.

* FLOAT and vector tracks reproduce Lite's property sampler to the bit
  (:func:`lite.evaluate_property_sampler` on float32 key values: ``a + f * (b - a)`` in float64,
  the result rounded to float32), so moving a track here changes no number.
* QUATERNION tracks reproduce Babylon.js ``Quaternion.SlerpToRef`` exactly, on the float64 key
  values, including its short-arc flip and its plain (unnormalised) lerp above a dot of
  0.999999 -- the reason they used to fall back (Lite nlerps above 0.9995).

:class:`BatchGroup` is the per-animatable group (the same interface as
:class:`~lite_compat.animations.delegation.NativeGroup`): each step hands it Babylon's frame for one
track and it writes that track (the *scalar* path). An animatable whose tracks are all batch tracks,
that loops, plays forward at weight -1 without sync, events or pauses, is also admitted as a *row*
of a :class:`BatchKind` (one per scene, animation shape and range; each row at its own speed) after
its first step: ``Scene._animate`` then hands each stretch of consecutive rows to :func:`step_run`,
which computes Babylon's clock (elapsed time -> frame -> ``%`` wrap, loop detection), samples every
track of every row and writes the results (interleaved kinds regrouped where the order cannot be
told apart: ``batch_segments``). A kind with few rows (below ``min_rows``, 16) steps them one after
another in plain Python floats, with the scalar path's arithmetic but none of its per-track
dispatch; from ``min_rows`` on it is *vectorised*: the clock state moves into arrays, each track is
sampled in one numpy pass and written by a loop whose attribute stores CPython specialises. Anything
that could make a row differ from its scalar step (a loop while a loop observer or callback is
registered, a non-finite frame, a pause, ``goToFrame``, a speed, weight, range or loop change,
``stop``) evicts the row first: its clock state is written back to its runtime animations and the
scalar path carries on exactly.

Batching can be turned off (:func:`set_batched_evaluation`, or ``LITE_COMPAT_BATCH=0`` in the
environment): every batch track then runs the scalar path, which gives the same numbers.
"""

from __future__ import annotations

import contextlib
import math
import os
from collections import deque
from operator import methodcaller
from typing import TYPE_CHECKING, Any, Final, Literal

import numpy as np

from lite_compat._js import to_int32
from lite_compat.animations.batch_rows import RowStepping, _ranges, _same_clock
from lite_compat.animations.batch_sampling import (
    _FLOAT,
    _QUAT,
    FLOAT,
    QUAT,
    VEC,
    Table,
    TrackSpec,
    distinct_rows,
    plain_easing_getters,
    sample,
    sample_babylon_quat,
    sample_columns,
    sample_lite,
    table_arrays,
)
from lite_compat.animations.batch_weighted import (
    DEFER,
    BatchTrack,
    WeightedGroup,
    commit_weighted,
    register_rows,
)
from lite_compat.animations.batch_writes import (
    _call_loops,
    _loop_leaves,
    _restore_leaves,
    _write_float,
    _write_leaves,
    _zero_rotations,
    run_warming,
)
from lite_compat.animations.easing_watch import EasingWatch, plain_of
from lite_compat.animations.property_paths import MISSING, clone, lookup, set_property
from lite_compat.animations.state import (
    KeyStateWatch,
    state_version,
    still_current,
    watch_rows,
    zero_rotation,
)
from lite_compat.math import Quaternion, Vector2, Vector3

if TYPE_CHECKING:
    from collections.abc import Sequence

# The animatables and runtime animations this module steps (duck-typed: importing their
# modules, even for annotations, would close a cycle with them).
Animatable = Any
RuntimeAnimation = Any

__all__ = [
    "FLOAT",
    "QUAT",
    "VEC",
    "BatchGroup",
    "BatchKind",
    "TrackSpec",
    "batched_evaluation_enabled",
    "evict",
    "set_batched_evaluation",
]

_ENV: Final = os.environ.get("LITE_COMPAT_BATCH", "1")
_ENABLED: Final = [_ENV != "0"]


def set_write_recording(scene: Any, on: bool) -> None:
    """Tell the batch that ``scene`` records (or no longer records) every animation write: a
    RootMotionController reads them as they are made, so none of its animatables is a row."""
    with contextlib.suppress(AttributeError):
        scene._compatRecordsWrites = on


def _records_writes(scene: Any) -> bool:
    return bool(getattr(scene, "_compatRecordsWrites", False))


#: Rows a kind gathers before it is vectorised: below this, one numpy pass (about 80 calls)
#: costs more than stepping the rows one by one in Python floats. ``LITE_COMPAT_BATCH=force``
#: makes it 1 (every kind vectorised: the parity runner's ``--compat-batch force``).
_MIN_ROWS: Final = [1 if _ENV == "force" else 16]

#: A run of fewer rows of a vectorised kind (kinds interleaving in the active list, in a
#: part the scene cannot regroup) is stepped row by row on the clock arrays: below this a
#: numpy pass per track costs more than the rows in Python floats. ``force`` vectorises all.
_SHORT_RUN: Final = 1 if _ENV == "force" else 8


#: The longest wait (scalar steps) of a row that keeps leaving the batch before it joins again.
_MAX_HOLD: Final = 31

#: Bumped whenever a row joins or leaves a kind, or a kind is vectorised: the scenes' merged
#: segments (:class:`_Segment`) are valid while it stays where it was when they were made.
_MEMBERSHIP: Final = [0]

_IDEMPOTENT_MARKS: Final = frozenset({"Node.markAsDirty", "TransformNode.markAsDirty"})

#: Node properties whose object a vectorised kind keeps between frames: their getter returns
#: the stored object, and their setter (like every other replacement of that object) bumps the
#: class's ``_leafEpoch`` counter, after which the kind reads them again.
_EPOCH_PROPERTIES: Final = frozenset(
    {
        ("lite_compat.nodes.transform_node", "TransformNode.position"),
        ("lite_compat.nodes.transform_node", "TransformNode.scaling"),
        ("lite_compat.nodes.transform_node", "TransformNode.rotationQuaternion"),
    }
)


def set_batched_evaluation(enabled: bool, min_rows: int | None = None) -> bool:
    """Turn the batched compat evaluation on or off (default on); returns the previous setting.

    Off, every batch track is sampled one at a time at its own turn (the same numbers). Rows
    already batched leave the batch at their next step. ``min_rows`` (default 16) is how many
    rows of one kind a scene gathers before stepping them in one numpy pass (below it they are
    stepped row by row; the same numbers).
    """
    previous = _ENABLED[0]
    _ENABLED[0] = bool(enabled)
    if min_rows is not None:
        _MIN_ROWS[0] = max(1, int(min_rows))
    return previous


def batched_evaluation_enabled() -> bool:
    """Whether the batched compat evaluation is on."""
    return _ENABLED[0]


_NAMES: Final = {1: ("",), 2: ("x", "y"), 3: ("x", "y", "z"), 4: ("x", "y", "z", "w")}


#: Whether a class is lite_compat's own (its module is in the package), per class.
_OWN_CLASSES: Final[dict[type, bool]] = {}


def _own_class(cls: type) -> bool:
    own = _OWN_CLASSES.get(cls)
    if own is None:
        own = _OWN_CLASSES[cls] = cls.__module__.split(".")[0] == "lite_compat"
    return own


_CONTAINERS: Final = (dict, list, tuple)


#: The planner's ``(track_reason, spec_of_animation)`` (set by the delegation module): what
#: :func:`_respec` asks about a batch track whose keys changed.
PLANNER: Final[list[Any]] = [None]
#: The weighted rows' planner (installed by delegation: ``weighted_group(animatable)``).
WEIGHTED_PLANNER: Final[list[Any]] = [None]


def _respec(runtime: RuntimeAnimation) -> TrackSpec | None:
    """The spec of ``runtime``'s keys now, when it can stay a batch track (else None)."""
    planner, host = PLANNER[0], runtime._host
    if planner is None or host is None or planner[0](runtime, host) is not None:
        return None
    spec: TrackSpec | None = planner[1](runtime._animation)
    return spec if spec is not None and batch_leaf_ok(runtime, spec) else None


def batch_leaf_ok(runtime: RuntimeAnimation, spec: TrackSpec) -> bool:
    """Whether the runtime's path is a plain attribute chain ending in the leaf the spec needs."""
    obj: Any = runtime._target
    if not _own_class(type(obj)):
        return False
    mark = getattr(type(obj), "markAsDirty", None)
    if mark is not None and not getattr(mark, "__module__", "").startswith("lite_compat."):
        return False
    for part in runtime._animation.targetPropertyPath:
        if isinstance(obj, _CONTAINERS) or not part.isidentifier():
            return False
        obj = lookup(obj, part)
        if obj is MISSING:
            return False
    if spec.kind == _FLOAT:
        return isinstance(obj, int | float) and not isinstance(obj, bool)
    if spec.kind == _QUAT:
        return type(obj) is Quaternion
    return type(obj) is (Vector3 if spec.stride == 3 else Vector2)


def _blank_leaf(spec: TrackSpec) -> Any:
    """A new value object of a vector/quaternion spec's type (its components written next)."""
    if spec.kind == _QUAT:
        return Quaternion()
    return Vector3() if spec.stride == 3 else Vector2()


class BatchGroup:
    """The batch tracks of one animatable on one target (a ``NativeGroup`` without Lite).

    Written one track at a time by :meth:`write` (the scalar path) or, while the animatable is
    a row of a :class:`BatchKind`, by :func:`step_run`.
    """

    def __init__(
        self,
        animatable: Animatable,
        target: Any,
        runtimes: Sequence[RuntimeAnimation],
        specs: Sequence[TrackSpec],
    ) -> None:
        self.animatable = animatable
        self.target = target
        self.runtimes = list(runtimes)
        tracks: dict[int, BatchTrack] = {}
        for runtime, spec in zip(runtimes, specs, strict=True):
            tracks[id(runtime)] = BatchTrack(runtime, spec)
            runtime._native = self
            runtime._fallbackReason = None
            runtime._stateVersion = state_version(runtime._animation)
        self._tracks = tracks

    def current(self, runtime: RuntimeAnimation) -> bool:
        """Whether ``runtime``'s spec applies to its animation's keys now.

        It does while its animation's key state version is the one the spec was compiled at
        (the owner it writes is the one Babylon.js resolved at start, whatever the path walks
        to now). After a change the track is compiled again when its new keys can still be a
        batch track (the planner's analysis); else it leaves for the compat evaluator
        (``state-changed``)."""
        return still_current(runtime, (), self._recompile)

    def _recompile(self, runtime: RuntimeAnimation) -> bool:
        spec = _respec(runtime)
        if spec is None:
            return False
        evict(self.animatable)
        self._tracks[id(runtime)] = BatchTrack(runtime, spec)
        return True

    def specs(self) -> list[TrackSpec]:
        """The specs of the tracks, in runtime order."""
        return [self._tracks[id(r)].spec for r in self.runtimes]

    def _prepare_leaf(self, runtime: RuntimeAnimation, track: BatchTrack) -> None:
        # Babylon.js's first write assigns a copy of the value as the property's object and
        # updates that object from then on, assigning it back on every write (NativeGroup
        # does the same).
        if track.spec.kind == _FLOAT:
            return
        current = runtime._currentValue
        if current is not None:
            owner = runtime._directTarget
            if getattr(owner, runtime._targetPath, None) is not current:
                setattr(owner, runtime._targetPath, current)
            return
        owner = runtime._directTarget
        leaf = lookup(owner, runtime._targetPath)
        if leaf is not MISSING:
            # No leaf (a rotation assigned cleared rotationQuaternion): Babylon.js clones the
            # interpolated value, an object of the animation's type.
            copy = clone(leaf) if leaf is not None else _blank_leaf(track.spec)
            set_property(owner, runtime._targetPath, copy)
            runtime._currentValue = copy
            index = getattr(self.animatable._scene, "_overlapIndex", None)
            if index is not None:
                index.refresh(runtime)

    def write(self, runtime: RuntimeAnimation, frame: float) -> None:
        """Sample ``runtime``'s track at ``frame`` and write it (at its own turn)."""
        track = self._tracks[id(runtime)]
        self._prepare_leaf(runtime, track)
        values = sample(track.spec, float(frame))
        # The owner Babylon.js resolved when the runtime animation was created.
        owner = runtime._directTarget
        if track.spec.kind == _FLOAT:
            setattr(owner, track.target_path, values[0])
        else:
            leaf = runtime._currentValue
            if leaf is None:
                leaf = getattr(owner, track.target_path)
            for name, value in zip(_NAMES[track.spec.stride], values, strict=True):
                setattr(leaf, name, value)
            if track.effect is not None:
                track.effect(owner)
        runtime._nativeFrame = frame
        runtime._currentActiveTarget = runtime._directTarget
        runtime._weight = -1.0
        mark = getattr(runtime._target, "markAsDirty", None)
        if callable(mark):
            mark(track.prop)

    def seek(self, runtime: RuntimeAnimation, frame: float) -> None:
        """Write ``runtime``'s value at ``frame`` now (``goToFrame``)."""
        self.write(runtime, frame)

    def remove(self, runtimes: Sequence[RuntimeAnimation]) -> None:
        """Take ``runtimes`` out of the group (they leave the batch first)."""
        evict(self.animatable)
        drop = {id(r) for r in runtimes}
        for runtime in self.runtimes:
            if id(runtime) in drop:
                runtime._native = None
                self._tracks.pop(id(runtime), None)
        self.runtimes = [r for r in self.runtimes if id(r) not in drop]
        if not self.runtimes and self in self.animatable._nativeGroups:
            self.animatable._nativeGroups.remove(self)


# ---------------------------------------------------------------------------------------------
# Rows: many animatables in one pass
# ---------------------------------------------------------------------------------------------


def _epoch_property(target_type: type, name: str) -> bool:
    prop = getattr(target_type, name, None)
    if not isinstance(prop, property):
        return False
    return all(
        (getattr(f, "__module__", ""), getattr(f, "__qualname__", "")) in _EPOCH_PROPERTIES
        for f in (prop.fget, prop.fset)
    )


#: :meth:`BatchKind.clock`'s result: elapsed, absolute and current frames, stop, quiet loops.
Clock = tuple[Any, Any, Any, int, list[tuple[int, int]]]


class _Run:
    """A vectorised kind's last run of rows: their row indices and targets, and per track the
    objects written: the owners resolved at start (FLOAT) or the runtimes' own leaves."""

    __slots__ = (
        "animatables",
        "clean_seen",
        "leaf_seen",
        "objects",
        "owners",
        "rotations",
        "rows",
        "runtimes",
        "span",
        "tables",
        "targets",
        "warm",
        "watch",
    )

    def __init__(self, animatables: list[Animatable], count: int) -> None:
        self.animatables = list(animatables)
        self.rows = np.fromiter((a._batchRow[1] for a in animatables), np.intp, len(animatables))
        # The targets the runtime animations captured (not ``Animatable.target``, which a
        # script may reassign without effect in Babylon.js).
        self.targets = [a._runtimeAnimations[0]._target for a in animatables]
        first = int(self.rows[0])
        consecutive = bool((self.rows == np.arange(first, first + len(self.rows))).all())
        self.span = slice(first, first + len(self.rows)) if consecutive else None
        self.owners: list[list[Any]] = [
            [a._runtimeAnimations[j]._directTarget for a in animatables] for j in range(count)
        ]
        self.objects: list[list[Any]] = [
            [a._runtimeAnimations[j]._currentValue for a in animatables] for j in range(count)
        ]
        #: Per track, the rows' runtime animations (a weighted kind's FLOAT values are stored
        #: on them).
        self.runtimes: list[list[Any]] = [
            [a._runtimeAnimations[j] for a in animatables] for j in range(count)
        ]
        #: The ``rotation`` vectors of the owners of a rotationQuaternion column (read again
        #: when the leaf epoch moves: only the rotation setter replaces them).
        self.rotations: dict[int, list[Any]] = {}
        self.leaf_seen = -1
        self.clean_seen = -1
        #: Per track, the rows' own keys (frames, values, specs) when their specs differ
        #: (made at the first vectorised step of the run).
        self.tables: list[Table] | None = None
        #: The rows' animations' key states, checked at once (rows playing their own); False
        #: until the run's second check (a run made and dropped within a frame makes none).
        self.watch: KeyStateWatch | Literal[False] | None = False
        self.warm: list[Any] | None = None  # per track (batch_writes.run_warming)


class BatchKind(RowStepping):
    """The rows of one scene playing animations of one shape over one range, each row at its own
    speed (a crowd whose members walk at varied speeds is one kind).

    The rows play the kind's own specs (``uniform``: one spec per track samples them all) or
    each its own of the same shape (per-row key tables, :func:`sample_table`).

    Below ``min_rows`` live rows (see :func:`set_batched_evaluation`) the rows are stepped one
    after another in plain Python floats (:meth:`_step_rows`: no per-track dispatch, the
    scalar path's arithmetic) and their clock state stays on their runtime animations; from
    then on the kind is *vectorised*: the clock state moves into arrays and :meth:`step` runs
    one numpy pass per track."""

    def __init__(
        self,
        specs: Sequence[TrackSpec],
        tracks: Sequence[BatchTrack],
        fps: float,
        ranges: Sequence[tuple[float, float]],
        target_type: type,
        weighted: bool = False,
    ) -> None:
        self.specs = list(specs)
        #: Whether the rows are weighted (:class:`WeightedGroup`): their values are stored in
        #: their runtimes' own objects and blended by the late bindings, not written.
        self.weighted = weighted
        #: The quaternion tracks (a weighted kind's go into array-form late-binding plans).
        self.quat_columns = frozenset(j for j, s in enumerate(self.specs) if s.kind == _QUAT)
        self.target_type = target_type
        self.target_paths = [t.target_path for t in tracks]
        # Babylon.js marks the target dirty after each write, when it has markAsDirty. A
        # Node/TransformNode's markAsDirty ignores its argument and returns at once when the
        # node is already dirty, so one call per target and step does the same.
        mark = getattr(target_type, "markAsDirty", None)
        marks: list[Any] = [
            methodcaller("markAsDirty", t.prop) if callable(mark) else None for t in tracks
        ]
        mark_name = getattr(mark, "__qualname__", "")
        idempotent = mark_name in _IDEMPOTENT_MARKS and (
            getattr(mark, "__module__", "")
            in ("lite_compat.nodes.node", "lite_compat.nodes.transform_node")
        )
        if idempotent:
            marks = [None] * (len(marks) - 1) + marks[-1:]
        self.marks = marks
        #: TransformNode.markAsDirty returns at once while ``_isDirty``: not called then.
        self.mark_if_clean = idempotent and mark_name == "TransformNode.markAsDirty"
        self.mark_prop = tracks[-1].prop
        # Tracks whose leaf (VEC/QUAT on target.<p>) or owner (FLOAT on target.<p>.<c>) can be
        # kept between frames while the leaf epoch does not move.
        leaf_epoch = getattr(target_type, "_leafEpoch", None)
        self.leaf_epoch: list[int] | None = leaf_epoch if type(leaf_epoch) is list else None
        clean_epoch = getattr(target_type, "_cleanEpoch", None)
        self.clean_epoch: list[int] | None = clean_epoch if type(clean_epoch) is list else None
        #: Per leaf track, whether only the leaf epoch moving can have replaced its leaf on
        #: the owner (a TransformNode property on the target itself); the other leaf tracks
        #: are checked every step. FLOAT tracks write the captured owner: never checked.
        self.epoch_leaf: list[bool | None] = []
        for t, spec in zip(tracks, specs, strict=True):
            parts = t.runtime.animation.targetPropertyPath
            if spec.kind == _FLOAT:
                self.epoch_leaf.append(None)
            else:
                self.epoch_leaf.append(
                    self.leaf_epoch is not None
                    and len(parts) == 1
                    and _epoch_property(target_type, parts[0])
                )
        #: The animations' key state versions the specs were compiled at.
        self.animations = [t.runtime._animation for t in tracks]
        self.versions = [t.runtime._stateVersion for t in tracks]
        self.fps = fps
        count = len(self.specs)
        self.range_list = [(float(a), float(b), float(b) - float(a)) for a, b in ranges]
        self.from_ = np.array([r[0] for r in ranges], dtype=np.float64)
        self.to = np.array([r[1] for r in ranges], dtype=np.float64)
        self.range = self.to - self.from_
        self.rows: list[Animatable | None] = []
        #: Each row's own specs and the key state versions they were compiled at: kinds are
        #: made by shape (:func:`_kind_key`), so rows may play their own animations.
        self.row_specs: list[list[TrackSpec]] = []
        self.row_versions: list[list[int]] = []
        #: Whether every row plays the kind's own specs (the first row's): then one spec per
        #: track samples them all, and the kind's versions stand for every row's.
        self.uniform = True
        self.free: list[int] = []
        self.live = 0
        #: Whether the clock state is in the arrays below (else on the runtime animations).
        self.vectorised = False
        cap = 16
        self.delay = np.zeros(cap)
        #: Each row's frames per millisecond times 1000: ``framePerSecond * speedRatio``, the
        #: product the scalar clock multiplies the elapsed time by (a speed change evicts).
        self.rate = np.zeros(cap)
        self.elapsed = np.zeros(cap)
        self.offset = np.zeros((cap, count))
        self.current = np.zeros((cap, count))
        self.absolute = np.zeros((cap, count))
        #: The runs of rows last stepped, by the id of their first animatable (a scene whose
        #: kinds interleave steps several runs of each kind per frame).
        self._runs: dict[int, _Run] = {}
        self._frames = [0.0] * count
        self.effects = [t.effect for t in tracks]
        #: Whether a column is a TransformNode's rotationQuaternion (whose owners' rotation
        #: vectors a run keeps while the leaf epoch does not move).
        self.zeroes_rotation = zero_rotation in self.effects and self.leaf_epoch is not None
        self._row_writers = [
            (
                spec,
                self.target_paths[j],
                self.effects[j],
                sample_babylon_quat if spec.kind == _QUAT else sample_lite,
                self.marks[j],
            )
            for j, spec in enumerate(self.specs)
        ]
        self._absolutes = [0.0] * count
        #: The scene table this kind is registered in and its key there: a kind leaves the
        #: table with its last row, so kinds made for passing states (a range change makes
        #: one per range) do not pile up.
        self.registry: tuple[dict[tuple[object, ...], BatchKind], tuple[object, ...]] | None = None

    def _grow(self) -> None:
        cap = len(self.delay) * 2
        for name in ("delay", "rate", "elapsed", "offset", "current", "absolute"):
            old = getattr(self, name)
            new = np.zeros((cap, *old.shape[1:]))
            new[: len(old)] = old
            setattr(self, name, new)

    def _load(self, animatable: Animatable, row: int) -> None:
        runtimes = animatable._runtimeAnimations
        self.delay[row] = animatable._localDelayOffset
        self.elapsed[row] = runtimes[0]._previousElapsedTime
        for j, runtime in enumerate(runtimes):
            self.offset[row, j] = runtime._absoluteFrameOffset
            self.current[row, j] = runtime._currentFrame
            self.absolute[row, j] = runtime._previousAbsoluteFrame

    def admit(self, animatable: Animatable, specs: Sequence[TrackSpec] | None = None) -> None:
        """Add ``animatable`` (its first step done) as a row playing ``specs`` (default the
        kind's), reading its clock state."""
        own = self.specs
        if specs is not None and any(a is not b for a, b in zip(specs, own, strict=True)):
            own = list(specs)
        if self.free:
            row = self.free.pop()
        else:
            row = len(self.rows)
            self.rows.append(None)
            self.row_specs.append(own)
            self.row_versions.append([])
            if row >= len(self.delay):
                self._grow()
        self.rows[row] = animatable
        self.row_specs[row] = own
        self.rate[row] = self.fps * animatable._speedRatio
        versions = [r._stateVersion for r in animatable._runtimeAnimations]
        # (the kind's own lists where they are the same: no objects per row)
        self.row_versions[row] = self.versions if versions == self.versions else versions
        if own is not self.specs:
            self.uniform = False
        self.live += 1
        self._runs.clear()
        _MEMBERSHIP[0] += 1
        # The runtimes share the row's (kind, row) tuple and keep their column as an int.
        slot = animatable._batchRow = (self, row)
        animatable._batchWeighted = self.weighted
        for j, runtime in enumerate(animatable._runtimeAnimations):
            runtime._batchSlot = slot
            runtime._batchColumn = j
        if self.vectorised:
            self._load(animatable, row)
        elif self.live >= _MIN_ROWS[0]:
            # Enough rows: the clock state of every row moves into the arrays.
            self.vectorised = True
            _MEMBERSHIP[0] += 1
            for index, other in enumerate(self.rows):
                if other is not None:
                    self._load(other, index)

    def evict(self, animatable: Animatable, row: int, churn: bool = True) -> None:
        """Write the row's clock state back to its runtime animations and drop the row.

        ``churn``: the row leaves because something changed it (a speed, a pause, new keys),
        which makes it wait longer before joining again each time; a loop its callbacks must
        see, or a non-finite frame, does not (a looping group's rows leave at every loop).
        """
        for j, runtime in enumerate(animatable._runtimeAnimations):
            runtime._batchSlot = None
            frame_range = self.range_list[j][2]
            if self.vectorised:
                runtime._currentFrame = float(self.current[row, j])
                runtime._previousElapsedTime = float(self.elapsed[row])
                runtime._previousAbsoluteFrame = float(self.absolute[row, j])
            absolute = runtime._previousAbsoluteFrame
            runtime._animationState.repeatCount = (
                0 if frame_range == 0 else to_int32(absolute / frame_range)
            )
            runtime._nativeFrame = runtime._currentFrame
        animatable._batchRow, animatable._batchWeighted = None, False
        if churn:
            # The first change costs nothing; each one after doubles the wait (up to 31 steps).
            animatable._batchHold = animatable._batchBackoff
            animatable._batchBackoff = min(2 * animatable._batchBackoff + 1, _MAX_HOLD)
        self.rows[row] = None
        self.free.append(row)
        self.live -= 1
        self._runs.clear()
        _MEMBERSHIP[0] += 1
        if self.live == 0 and self.registry is not None:
            kinds, key = self.registry
            if kinds.get(key) is self:
                del kinds[key]
            self.registry = None

    def frame_of(self, row: int, column: int) -> float:
        """The current frame of one track of one row."""
        if self.vectorised:
            return float(self.current[row, column])
        animatable = self.rows[row]
        assert animatable is not None
        return float(animatable._runtimeAnimations[column]._currentFrame)

    def _queue(self, animatable: Animatable) -> None:
        if not DEFER[0]:
            register_rows((animatable,))

    def _evict(self, animatable: Animatable) -> None:
        # A row leaving at a loop its callbacks see, or a non-finite frame: no churn.
        evict(animatable, False)

    def first_idle(self, animatables: list[Animatable]) -> int:
        """A weighted kind's first row that ``Animatable._animate`` would skip this frame (its
        weight and previous weight 0), ``len(animatables)`` when none would."""
        if self.weighted and not type(animatables[0]).ProcessPausedAnimatables:
            for k, animatable in enumerate(animatables):
                if animatable._weight == 0 and animatable._previousWeight == 0:
                    return k
        return len(animatables)

    def idle_rows(self, animatables: list[Animatable]) -> list[Animatable]:
        """The rows :meth:`first_idle` would find, every one of them (in order)."""
        if self.weighted and not type(animatables[0]).ProcessPausedAnimatables:
            return [a for a in animatables if a._weight == 0 and a._previousWeight == 0]
        return []

    def current_versions(self) -> bool:
        """Whether the animations' key state is still the one the specs were compiled at."""
        for animation, version in zip(self.animations, self.versions, strict=True):
            if state_version(animation) != version:
                return False
        return True

    def first_stale(self, animatables: list[Animatable], run: _Run | None = None) -> int:
        """The index of the first row whose keys or frame rate changed since its specs were
        compiled (``len(animatables)`` when none did); ``run``: those rows' cached run, whose
        watch checks every row's animations at once."""
        if self.uniform:
            return len(animatables) if self.current_versions() else 0
        if run is not None:
            watch = run.watch
            if watch is False:  # the run's first check: row by row (the watch's answer)
                run.watch = None
                return self.first_stale(animatables)
            if watch is None:
                row_versions = self.row_versions
                watch = run.watch = watch_rows(
                    [a._runtimeAnimations for a in animatables],
                    [row_versions[a._batchRow[1]] for a in animatables],
                )
            if watch is not None and watch.fresh():
                return len(animatables)
            # Look row by row; when nothing changed after all, make the watch again.
            stale = self.first_stale(animatables)
            if stale == len(animatables):
                run.watch = None
            return stale
        row_versions = self.row_versions
        for k, animatable in enumerate(animatables):
            versions = row_versions[animatable._batchRow[1]]
            for runtime, version in zip(animatable._runtimeAnimations, versions, strict=True):
                if state_version(runtime._animation) != version:
                    return k
        return len(animatables)

    def run_for(self, animatables: list[Animatable]) -> _Run:
        """The cached run of exactly these rows (made when missing or different)."""
        runs = self._runs
        run = runs.get(id(animatables[0]))
        if run is None or run.animatables != animatables:
            if len(runs) > len(self.rows):
                runs.clear()
            run = runs[id(animatables[0])] = _Run(animatables, len(self.specs))
        return run

    def step(self, animatables: list[Animatable], time: float, run: _Run | None = None) -> int:
        """Step ``animatables`` (rows of this kind, in scene order); how many were stepped.

        Stops before the first row that must take the scalar path this frame (it is evicted).
        """
        if self.vectorised and run is None and len(animatables) >= _SHORT_RUN:
            run = self.run_for(animatables)
        stale = self.first_stale(animatables, run)
        if stale == 0:
            # Keys or a frame rate changed under the row: it leaves, and its scalar step moves
            # the changed tracks to the compat evaluator or compiles them again.
            evict(animatables[0])
            return 0
        if stale < len(animatables):
            # The rows before it step; it leaves at its turn (the next call).
            animatables = animatables[:stale]
            run = None
        if self.weighted:
            idle = self.first_idle(animatables)
            if idle == 0:
                # Its weight stays 0: Animatable._animate skips it (no clock, no write). The
                # run's other rows it skips leave with it (a cross-fade's faded-out group): one
                # at a time, each would make the run and its key-state watch again.
                for animatable in self.idle_rows(animatables):
                    evict(animatable, False)
                return 0
            if idle < len(animatables):
                animatables = animatables[:idle]
                run = None
        if not self.vectorised:
            return self._step_rows(animatables, time)
        if len(animatables) < _SHORT_RUN:
            # A short run (kinds interleaving in the active list): row by row in Python
            # floats on the clock arrays, cheaper than one numpy pass per track.
            return self._step_array_rows(animatables, time)
        if run is None:
            run = self.run_for(animatables)
        clock = self.clock(run, time)
        stop = clock[3]
        if stop < len(animatables):
            evict(animatables[stop], False)
            if stop == 0:
                return 0
        self.commit(run, clock)
        for k, count in clock[4]:
            _call_loops(animatables[k], count)
        return stop

    def clock(self, run: _Run, time: float) -> Clock:
        """Babylon's clock for the rows of ``run`` at ``time``, changing nothing.

        Returns ``(elapsed, absolute, current, stop, loops)``: ``stop`` is the index of the
        first row that must take the scalar path this frame (a non-finite frame, or a loop
        its callbacks can see: :func:`_loop_leaves`), ``len(run.animatables)`` when none must;
        ``loops`` the ``(row index, looped tracks)`` of the quiet loops before ``stop``, whose
        callbacks the caller makes after the writes.
        """
        rows: Any = run.span if run.span is not None else run.rows
        elapsed = time - self.delay[rows]
        absolute = (elapsed * self.rate[rows])[:, None] / 1000.0 + self.offset[rows]
        from_ = self.from_
        to = self.to
        with np.errstate(all="ignore"):
            wrapped = np.fmod(absolute, self.range)
        backward = ((absolute > 0) & (from_ > to)) | ((absolute < 0) & (from_ < to))
        current = np.where(self.range == 0, to, np.where(backward, to + wrapped, from_ + wrapped))
        looped = self.current[rows] > current
        animatables = run.animatables
        stop = len(animatables)
        if not np.isfinite(current).all():
            stop = int(np.argmax(~np.isfinite(current).all(axis=1)))
        loops: list[tuple[int, int]] = []
        if looped.any():
            counts = looped.sum(axis=1)
            for k in np.flatnonzero(counts).tolist():
                if k >= stop:
                    break
                a = animatables[k]
                if _loop_leaves(a):
                    stop = k
                    break
                if a._onAnimationLoop is not None:
                    loops.append((k, int(counts[k])))
        return elapsed, absolute, current, stop, loops

    def commit(self, run: _Run, clock: Clock) -> None:
        """Store the clock state :meth:`clock` computed and write the first ``stop`` rows (the
        quiet loops' callbacks are the caller's)."""
        elapsed, absolute, current, stop, _ = clock
        targets, objects, owners = run.targets, run.objects, run.owners
        # Consecutive row indices (the usual case) are read and written through a slice.
        rows: Any = run.span if run.span is not None else run.rows
        if self.weighted:
            commit_weighted(self, run, clock)
            return
        leaf_epoch = self.leaf_epoch
        moved = leaf_epoch is None or run.leaf_seen != leaf_epoch[0]
        for j, epoch_leaf in enumerate(self.epoch_leaf):
            if epoch_leaf is not None and (moved or not epoch_leaf):
                # A leaf object may have been replaced: the runtime's own goes back.
                _restore_leaves(owners[j], self.target_paths[j], objects[j])
        rotations = run.rotations
        if moved and self.zeroes_rotation:
            for j, effect in enumerate(self.effects):
                if effect is zero_rotation:
                    rotations[j] = [owner._rotation for owner in owners[j]]
        if leaf_epoch is not None:
            run.leaf_seen = leaf_epoch[0]
        if stop < len(run.animatables):
            rows = slice(rows.start, rows.start + stop) if run.span is not None else rows[:stop]
            targets = targets[:stop]
            objects = [o[:stop] for o in objects]
            owners = [o[:stop] for o in owners]
            rotations = {j: r[:stop] for j, r in rotations.items()}
            elapsed = elapsed[:stop]
            absolute = absolute[:stop]
            current = current[:stop]
        self.elapsed[rows] = elapsed
        self.absolute[rows] = absolute
        self.current[rows] = current
        tables = None if self.uniform else self._tables(run, stop)
        warm = run_warming(run, self.specs, stop)
        for j, spec in enumerate(self.specs):
            columns = sample_columns(spec, current[:, j], None if tables is None else tables[j])
            warm[j]()
            if spec.kind == _FLOAT:
                _write_float(owners[j], self.target_paths[j], columns[0])
            else:
                _write_leaves(objects[j], columns)
                effect = self.effects[j]
                if effect is zero_rotation and self.zeroes_rotation:
                    _zero_rotations(rotations[j])
                elif effect is not None:
                    deque(map(effect, owners[j]), 0)
            mark = self.marks[j]
            if mark is not None:
                if self.mark_if_clean:
                    self._mark_clean(run, targets, stop == len(run.targets))
                else:
                    deque(map(mark, targets), 0)

    def _tables(self, run: _Run, stop: int) -> list[Table]:
        """The run's rows' own keys per track (first ``stop`` rows), made once per run."""
        tables = run.tables
        if tables is None:
            row_specs = [self.row_specs[a._batchRow[1]] for a in run.animatables]
            tables = run.tables = []
            for j in range(len(self.specs)):
                specs = [own[j] for own in row_specs]
                frames, values, by_spec = table_arrays(specs)
                animations = [s.animation for s in specs]
                watch = EasingWatch(animations, plain_easing_getters(animations))
                tables.append((frames, values, animations, watch, by_spec))
        if stop < len(run.animatables):
            return [
                (f[:stop], v[:stop], a[:stop], plain_of(p), distinct_rows(d, stop))
                for f, v, a, p, d in tables
            ]
        return tables

    def _mark_clean(self, run: _Run, targets: list[Any], whole: bool) -> None:
        # TransformNode.markAsDirty returns at once while the node is dirty. After this pass
        # every target is dirty; until a TransformNode's dirty flag is cleared somewhere (the
        # clean epoch moves), the next pass would call nothing, so it is skipped.
        clean = self.clean_epoch
        if clean is not None and whole and run.clean_seen == clean[0]:
            return
        prop = self.mark_prop
        for target in targets:
            if not target._isDirty:
                target.markAsDirty(prop)
        if clean is not None and whole:
            run.clean_seen = clean[0]


def evict(animatable: Animatable, churn: bool = True) -> None:
    """Take ``animatable`` out of its batch (a no-op when it is not a row); see
    :meth:`BatchKind.evict` for ``churn``."""
    row = animatable._batchRow
    if row is not None:
        row[0].evict(animatable, row[1], churn)


def _kind_key(animatable: Animatable, group: BatchGroup | WeightedGroup) -> tuple[object, ...]:
    specs = group.specs()
    weighted = isinstance(group, WeightedGroup)
    shapes = tuple(s.shape for s in specs)
    if None not in shapes:
        # By shape: objects playing their own animations of one structure share a kind, the
        # rows' keys in per-row tables (sample_table).
        return (
            "shape",
            shapes,
            tuple(r.animation.targetProperty for r in group.runtimes),
            tuple(type(r._directTarget) for r in group.runtimes),
            type(group.runtimes[0]._target),
            tuple(_ranges(animatable)),
            group.runtimes[0].animation.framePerSecond,
            weighted,
        )
    return (
        tuple(id(s) for s in specs),
        tuple(r.animation.targetProperty for r in group.runtimes),
        tuple(r._stateVersion for r in group.runtimes),
        type(group.runtimes[0]._target),
        animatable.fromFrame,
        animatable.toFrame,
        group.runtimes[0].animation.framePerSecond,
        weighted,
    )


def _eligible(animatable: Animatable) -> BatchGroup | WeightedGroup | None:
    """The animatable's batch group when it can be a row now, else None."""
    if (
        _records_writes(animatable._scene)
        or animatable._paused
        or animatable._syncRoot is not None
        or not animatable.loopAnimation
        or not animatable._speedRatio > 0
        or animatable._speedRatio == math.inf
        or animatable._manualJumpDelay is not None
        or animatable._pausedDelay is not None
        or animatable._localDelayOffset is None
        or animatable.isAdditive
    ):
        return None
    if animatable._weight != -1:
        # A weighted row (its tracks blend through the late bindings); an enableBlending
        # track has its own blend state: the scalar path.
        planner = WEIGHTED_PLANNER[0]
        weighted: WeightedGroup | None = planner(animatable) if planner is not None else None
        if weighted is None or not _same_clock(weighted.runtimes):
            return None
        return weighted
    if len(animatable._nativeGroups) != 1:
        return None
    group = animatable._nativeGroups[0]
    runtimes = animatable._runtimeAnimations
    if not isinstance(group, BatchGroup) or len(group.runtimes) != len(runtimes):
        return None
    if any(a is not b for a, b in zip(group.runtimes, runtimes, strict=True)):
        return None
    return group if _same_clock(runtimes) else None


def try_admit(animatable: Animatable) -> None:
    """After a scalar step: make ``animatable`` a row when nothing stops it."""
    if not _ENABLED[0]:
        return
    if animatable._batchHold:
        animatable._batchHold -= 1
        return
    group = _eligible(animatable)
    if group is None:
        return
    scene = animatable._scene
    kinds: dict[tuple[object, ...], BatchKind] | None = getattr(scene, "_compatBatchKinds", None)
    if kinds is None:
        kinds = {}
        try:
            scene._compatBatchKinds = kinds
        except AttributeError:
            return
    key = _kind_key(animatable, group)
    kind = kinds.get(key)
    if kind is None:
        runtimes = animatable._runtimeAnimations
        ranges = _ranges(animatable)
        kind = BatchKind(
            group.specs(),
            [group._tracks[id(r)] for r in runtimes],
            runtimes[0].animation.framePerSecond,
            ranges,
            type(runtimes[0]._target),
            isinstance(group, WeightedGroup),
        )
        kinds[key] = kind
        kind.registry = (kinds, key)
    kind.admit(animatable, group.specs())
