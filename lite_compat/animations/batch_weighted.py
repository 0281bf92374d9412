"""Weighted rows of the batch: Babylon's blending (``Animatable.weight``) batched.

An animatable with a weight (a cross-fade's ``group.weight``, ``beginWeightedAnimation``)
whose tracks the batch can sample is a row of a *weighted*
:class:`~lite_compat.animations.batch.BatchKind` (:class:`WeightedGroup`, planned by
:func:`lite_compat.animations.delegation.weighted_group`): its tracks are sampled with
Babylon.js's own arithmetic, stored in the runtimes' own value objects and their late
bindings queued in the active list's order (:func:`register_rows`); quaternion blends of one
or two terms go as one array-form :class:`~lite_compat.animations.late_binding.LatePlan`.
Also holds :class:`BatchTrack`, one batch track of a group.
"""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING, Any, Final

from lite_compat.animations.batch_sampling import (
    _FLOAT,
    TrackSpec,
    sample_columns,
)
from lite_compat.animations.batch_writes import _write_leaves, run_warming
from lite_compat.animations.late_binding import (
    LatePlan,
    RegisterTargetForLateAnimationBinding,
    register_plan,
)
from lite_compat.animations.state import setter_effect

if TYPE_CHECKING:
    from collections.abc import Sequence

# Duck-typed (importing their modules would close a cycle).
Animatable = Any
RuntimeAnimation = Any

__all__ = [
    "DEFER",
    "BatchTrack",
    "RowRegistrar",
    "WeightedGroup",
    "commit_weighted",
    "late_plan",
    "register_rows",
]


class BatchTrack:
    """One batch track of a :class:`BatchGroup`: its spec and its leaf's name (the owner is
    the one its runtime animation resolved at start, ``runtime._directTarget``)."""

    __slots__ = ("effect", "prop", "runtime", "spec", "target_path")

    def __init__(self, runtime: RuntimeAnimation, spec: TrackSpec) -> None:
        self.runtime = runtime
        self.spec = spec
        animation = runtime._animation
        self.target_path = animation.targetPropertyPath[-1]
        #: The leaf setter's side effect, run after each in-place write (None for FLOAT).
        self.effect = (
            None
            if spec.kind == _FLOAT
            else setter_effect(type(runtime._directTarget), self.target_path)
        )
        self.prop = animation.targetProperty


class WeightedGroup:
    """The batch specs of a weighted animatable's tracks (a row of a *weighted* kind).

    Its tracks are the compat evaluator's (fallback ``weighted``): at their own turn each is
    sampled by ``Animation._interpolate`` and queued for the late-binding blend. As a row they
    are sampled by the batch with Babylon.js's own arithmetic (exact specs: the float64 key
    values, ``start + (end - start) * amount``, ``Quaternion.SlerpToRef``: the same numbers),
    stored in the runtimes' own value objects and queued in the list's order.
    """

    __slots__ = ("_specs", "_tracks", "runtimes")

    def __init__(self, runtimes: Sequence[RuntimeAnimation], specs: Sequence[TrackSpec]) -> None:
        self.runtimes = list(runtimes)
        self._specs = list(specs)
        self._tracks = {id(r): BatchTrack(r, s) for r, s in zip(runtimes, specs, strict=True)}

    def specs(self) -> list[TrackSpec]:
        """The specs of the tracks, in runtime order."""
        return self._specs


#: While a segment steps its kinds one after another, the weighted rows queue their late
#: bindings afterwards, in the list's order (:func:`register_rows`), not kind by kind.
DEFER: Final = [False]


def late_plan(animatables: Sequence[Animatable]) -> LatePlan | None:
    """The array-form plan of the quaternion blends of weighted rows (in the list's order),
    or None when there is none (a blend of more than two terms is queued one by one)."""
    runtimes = [
        runtime
        for animatable in animatables
        for j, runtime in enumerate(animatable._runtimeAnimations)
        if j in animatable._batchRow[0].quat_columns
    ]
    runtimes = LatePlan.fitting(runtimes)
    return LatePlan(runtimes) if runtimes else None


def register_rows(animatables: Sequence[Animatable], plan: LatePlan | None = None) -> None:
    """Queue the late bindings of weighted rows whose values were just stored, in order.

    What ``RuntimeAnimation._setValue`` does after storing a weighted value: the active target,
    the weight, the late-binding registration, the target's mark; and ``Animatable._animate``'s
    ``_previousWeight``. ``plan`` (:func:`late_plan` of these rows): their quaternion tracks
    are queued as one array-form plan (blended by ``ProcessLateAnimationBindings`` with the
    same arithmetic) unless another registration of this step shares one of its blends.
    """
    scene = None
    if plan is not None and any(a.isAdditive for a in animatables):
        # A row made additive while it plays (AnimationGroup.isAdditive): its terms are
        # additive ones, which the plan does not blend; the rows are queued one by one.
        plan = None
    for animatable in animatables:
        weight = animatable._weight
        animatable._previousWeight = weight
        kind = animatable._batchRow[0]
        runtimes = animatable._runtimeAnimations
        scene = animatable._scene
        planned = plan.members if plan is not None else ()
        for runtime in runtimes:
            runtime._currentActiveTarget = runtime._directTarget
            runtime._weight = weight
            if id(runtime) not in planned:
                RegisterTargetForLateAnimationBinding(scene, runtime, runtime._originalAt(0))
        target = runtimes[0]._target
        if kind.mark_if_clean:
            if not target._isDirty:
                target.markAsDirty(kind.mark_prop)
        else:
            for mark in kind.marks:
                if mark is not None:
                    mark(target)
    if plan is not None and scene is not None and not register_plan(scene, plan):
        for runtime in plan.runtimes:
            RegisterTargetForLateAnimationBinding(scene, runtime, runtime._originalAt(0))


_ADDITIVE: Final = attrgetter("isAdditive")
_DIRTY: Final = attrgetter("_isDirty")


class RowRegistrar:
    """:func:`register_rows` of a batch segment's weighted rows (fixed while the segment
    lives), in array form: the per-row and per-runtime stores done by C-level loops over lists
    made once, the scalar registrations (tracks the plan does not hold) in the list's order,
    the marks after them (a segment's marks commute), then the plan.

    The same state as :func:`register_rows` leaves (the stores are independent of one
    another and of the registrations, which read only the weights stored first).
    """

    __slots__ = (
        "animatables",
        "clean",
        "clean_targets",
        "marked",
        "plan",
        "planned",
        "runtime_rows",
        "runtimes",
        "scalar",
        "scene",
        "unplanned",
    )

    def __init__(self, animatables: Sequence[Animatable], plan: LatePlan | None) -> None:
        self.animatables = list(animatables)
        self.plan = plan
        runtimes: list[RuntimeAnimation] = []
        rows: list[int] = []
        for i, animatable in enumerate(self.animatables):
            for runtime in animatable._runtimeAnimations:
                runtimes.append(runtime)
                rows.append(i)
        self.runtimes = runtimes
        #: Each runtime's row (None: one runtime per row, in order).
        self.runtime_rows = None if rows == list(range(len(self.animatables))) else rows
        #: Every runtime with its scene (the registrations without a plan).
        self.scalar = [(self.animatables[i]._scene, r) for r, i in zip(runtimes, rows, strict=True)]
        planned = plan.members if plan is not None else frozenset()
        #: The runtimes the plan does not hold, with their scenes (in order).
        self.unplanned = [(scene, r) for scene, r in self.scalar if id(r) not in planned]
        self.planned = plan is not None
        self.scene = self.animatables[-1]._scene if self.animatables else None
        #: The targets marked only when clean with their properties (in order), and the
        #: other marks with their targets.
        clean: list[tuple[Any, str]] = []
        marked: list[tuple[Any, Any]] = []
        for animatable in self.animatables:
            kind = animatable._batchRow[0]
            target = animatable._runtimeAnimations[0]._target
            if kind.mark_if_clean:
                clean.append((target, kind.mark_prop))
            else:
                marked.extend((mark, target) for mark in kind.marks if mark is not None)
        self.clean = clean
        #: Each target of ``clean`` once (a target two groups blend is in both groups' rows).
        self.clean_targets = list({id(target): target for target, _ in clean}.values())
        self.marked = marked

    def register(self) -> None:
        """Queue the rows' late bindings (their values were just stored)."""
        animatables = self.animatables
        plan = self.plan
        if plan is not None and any(map(_ADDITIVE, animatables)):
            plan = None  # see register_rows
        runtimes = self.runtimes
        rows = self.runtime_rows
        # Plain loops (attribute access specialised by the interpreter) over the rows: the
        # stores are independent of one another, so the row's and its runtime's go together.
        if rows is None:
            for animatable, runtime in zip(animatables, runtimes, strict=True):
                weight = animatable._weight
                animatable._previousWeight = weight
                runtime._currentActiveTarget = runtime._directTarget
                runtime._weight = weight
        else:
            weights: list[float] = []
            append = weights.append
            for animatable in animatables:
                weight = animatable._weight
                animatable._previousWeight = weight
                append(weight)
            for runtime, row in zip(runtimes, rows, strict=True):
                runtime._currentActiveTarget = runtime._directTarget
                runtime._weight = weights[row]
        for scene, runtime in self.unplanned if plan is not None else self.scalar:
            RegisterTargetForLateAnimationBinding(scene, runtime, runtime._originalAt(0))
        if not all(map(_DIRTY, self.clean_targets)):
            for target, prop in self.clean:
                if not target._isDirty:
                    target.markAsDirty(prop)
        for mark, target in self.marked:
            mark(target)
        scene = self.scene
        if plan is not None and scene is not None and not register_plan(scene, plan):
            for runtime in plan.runtimes:
                RegisterTargetForLateAnimationBinding(scene, runtime, runtime._originalAt(0))


def commit_weighted(kind: Any, run: Any, clock: Any) -> None:
    """``BatchKind.commit`` for ``kind``'s weighted rows: the values into the runtimes' own
    objects, then the late bindings queued (unless a segment queues them in list order)."""
    elapsed, absolute, current, stop, _ = clock
    rows: Any = run.span if run.span is not None else run.rows
    objects, runtimes = run.objects, run.runtimes
    animatables = run.animatables
    if stop < len(animatables):
        rows = slice(rows.start, rows.start + stop) if run.span is not None else rows[:stop]
        objects = [o[:stop] for o in objects]
        runtimes = [r[:stop] for r in runtimes]
        animatables = animatables[:stop]
        elapsed = elapsed[:stop]
        absolute = absolute[:stop]
        current = current[:stop]
    kind.elapsed[rows] = elapsed
    kind.absolute[rows] = absolute
    kind.current[rows] = current
    tables = None if kind.uniform else kind._tables(run, stop)
    # The value objects' lines gathered before their stores, as BatchKind.commit does (a
    # FLOAT value goes to the runtime, not to the owner that would be warmed: none).
    warm = run_warming(run, kind.specs, stop)
    for j, spec in enumerate(kind.specs):
        columns = sample_columns(spec, current[:, j], None if tables is None else tables[j])
        if spec.kind == _FLOAT:
            for runtime, value in zip(runtimes[j], columns[0], strict=True):
                runtime._currentValue = value
        else:
            warm[j]()
            _write_leaves(objects[j], columns)
    if not DEFER[0]:
        register_rows(animatables)
