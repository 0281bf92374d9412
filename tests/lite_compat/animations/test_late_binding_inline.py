"""``LatePlan.apply``'s inline ``rotationQuaternion`` assignments against the loop they replace.

The array-form late-binding plan writes each blend's result into the target's quaternion and
assigns it back. Where the targets' class assigns with TransformNode's own setter, the setter's
body runs inline (:func:`late_binding._write_nodes`); the replaced path is one
``setattr(target, "rotationQuaternion", ref)`` per blend. Both are run over seeded cross-fade
programs (weights above 1, below 0, NaN, infinity, blending toggled, ``blendingSpeed`` changed
mid-ramp, speeds, restarts, three terms, ``rotationQuaternion`` cleared or replaced by the
script, ``rotation`` replaced) with nodes whose setters are subclassed or patched,
``customMarkAsDirty`` callbacks reading the nodes mid-write, instances with their own
``_markAsDirtyInternal``, ``rotation`` vectors of a Vector3 subclass: the node state, the
leaf epoch and every callback's log must be the same, bit for bit.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

import lite_compat as BABYLON  # noqa: N812
from lite_compat.animations import batch, late_binding
from lite_compat.nodes import transform_node

Anim = BABYLON.Animation
TransformNode = BABYLON.TransformNode

#: What the nodes' hooks saw, in order.
LOG: list[Any] = []
#: The leaf epoch when the frame's step began (the hooks log how far it moved).
EPOCH_AT: list[int] = [0]


@pytest.fixture(autouse=True)
def _restore_batching() -> Iterator[None]:
    previous = batch.batched_evaluation_enabled()
    yield
    batch.set_batched_evaluation(previous, 16)
    late_binding.FAST_PLAN[0] = True
    LOG.clear()


def _q(node: Any) -> tuple[float, ...] | None:
    q = node.rotationQuaternion
    return None if q is None else (q.x, q.y, q.z, q.w)


class SetterNode(TransformNode):
    """A subclass with its own rotationQuaternion setter (logs, then TransformNode's)."""

    @property
    def rotationQuaternion(self) -> Any:
        return TransformNode.rotationQuaternion.fget(self)  # type: ignore[attr-defined]

    @rotationQuaternion.setter
    def rotationQuaternion(self, value: Any) -> None:
        LOG.append(("setter", self.name, None if value is None else value.w))
        TransformNode.rotationQuaternion.fset(self, value)  # type: ignore[attr-defined]


class MarkNode(TransformNode):
    """A subclass with its own ``_markAsDirtyInternal``."""

    def _markAsDirtyInternal(self) -> None:
        LOG.append(("mark", self.name, self._isDirty, self.rotation.y))
        super()._markAsDirtyInternal()


class LoggedVector(BABYLON.Vector3):
    """A ``rotation`` whose ``setAll`` is seen."""

    def setAll(self, v: float) -> Any:
        LOG.append(("setAll", v, self.y))
        return super().setAll(v)


def _quaternion(rng: random.Random) -> Any:
    axis = BABYLON.Vector3(rng.random() - 0.5, rng.random() - 0.5, rng.random() + 0.1)
    q = BABYLON.Quaternion.RotationAxis(axis.normalize(), rng.uniform(-3.0, 3.0))
    if rng.random() < 0.3:
        q.scaleInPlace(-1.0)
    return q


def _animation(rng: random.Random, name: str) -> Any:
    animation = Anim(
        name, "rotationQuaternion", 60, Anim.ANIMATIONTYPE_QUATERNION, Anim.ANIMATIONLOOPMODE_CYCLE
    )
    frames = [0, *sorted(rng.sample(range(1, 59), rng.randint(1, 3))), 60]
    animation.setKeys([{"frame": float(f), "value": _quaternion(rng)} for f in frames])
    return animation


def _custom(node: Any) -> Callable[[], None]:
    def mark() -> None:
        # Reads the node (and so the order of the setter's steps) when it becomes dirty.
        LOG.append(
            ("custom", node.name, _q(node), node.rotation.x, node._leafEpoch[0] - EPOCH_AT[0])
        )

    return mark


def _own_mark(node: Any, nodes: list[Any]) -> Callable[[], None]:
    at = len(nodes)

    def mark() -> None:
        LOG.append(("own", node.name, node._isDirty))
        TransformNode._markAsDirtyInternal(node)
        # Cleans the next nodes, whose blended writes then mark them (and call their
        # customMarkAsDirty) inside the plan's loop.
        for other in nodes[at + 1 : at + 4]:
            other._isDirty = False

    return mark


def _make_node(
    rng: random.Random, name: str, scene: Any, mixed: bool, nodes: list[Any], hooks: bool = True
) -> Any:
    roll = rng.random() if mixed else 1.0
    node = (
        SetterNode(name, scene)
        if roll < 0.1
        else MarkNode(name, scene)
        if roll < 0.2
        else BABYLON.Mesh(name, scene)
        if roll < 0.6
        else TransformNode(name, scene)
    )
    node.rotationQuaternion = BABYLON.Quaternion.Identity()
    hook = rng.random() if hooks else 1.0
    if hook < 0.3:
        node.customMarkAsDirty = _custom(node)
    elif hook < 0.45:
        node._markAsDirtyInternal = _own_mark(node, nodes)  # type: ignore[method-assign]
    elif hook < 0.55:
        node.rotation = LoggedVector(0.1, 0.2, 0.3)
        node.rotationQuaternion = BABYLON.Quaternion.Identity()
    return node


def _weight(rng: random.Random, odd: bool = False) -> float:
    """A weight; ``odd``: also what only the animatables take (NaN, infinity)."""
    extra = (math.nan, math.inf) if odd else ()
    return float(rng.choice((0.0, 0.25, 0.5, 1.0, 1.0, 1.4, 2.5, -0.3, -1.0, *extra)))


def _program(
    seed: int, mixed: bool, frames: int = 60, hooks: bool = True, cleaner: bool = False
) -> list[list[Any]]:
    rng = random.Random(seed)
    scene = BABYLON.Scene(BABYLON.NullEngine())
    scene.useConstantAnimationDeltaTime = True
    clones = rng.randint(12, 24)
    bones = 3
    names = ("walk", "run", "idle")
    pool = {(g, b): _animation(rng, f"{g}{b}") for g in names for b in range(bones)}
    nodes: list[Any] = []
    groups: list[list[Any]] = []
    for k in range(clones):
        own = []
        for b in range(bones):
            own.append(_make_node(rng, f"c{k}b{b}", scene, mixed, nodes, hooks))
            nodes.append(own[-1])
        mine = []
        for g in names[: 3 if rng.random() < 0.2 else 2]:
            group = BABYLON.AnimationGroup(f"c{k}{g}", scene)
            for b, node in enumerate(own):
                group.addTargetedAnimation(pool[(g, b)], node)
            mine.append(group)
        for group in mine:
            group.start(True, rng.choice((1.0, 1.0, 1.5)))
        mine[0].weight = 1.0
        for group in mine[1:]:
            group.weight = 0.0
        groups.append(mine)
    if cleaner:
        # Played after the groups: its loop callback cleans every third node between the
        # rows' registrations (which mark them) and the late blends.
        dummy = TransformNode("cleaner", scene)
        track = Anim(
            "clean", "position.x", 60, Anim.ANIMATIONTYPE_FLOAT, Anim.ANIMATIONLOOPMODE_CYCLE
        )
        track.setKeys([{"frame": 0.0, "value": 0.0}, {"frame": 2.0, "value": 1.0}])
        dummy.animations = [track]
        sweeper = scene.beginAnimation(dummy, 0, 2, True)

        def clean() -> None:
            for node in nodes[::3]:
                node.computeWorldMatrix(True)

        sweeper.onAnimationLoop = clean
    period = rng.choice((16, 24))
    states: list[list[Any]] = []
    epoch = transform_node.TransformNode._leafEpoch
    for step in range(frames):
        cycle, at = divmod(step, period)
        if at <= period // 2:
            w = at / (period // 2)
            w = w if cycle % 2 == 0 else 1.0 - w
            for mine in groups:
                mine[0].weight = 1.0 - w
                mine[1].weight = w
        for _ in range(rng.randint(0, 3)):
            k = rng.randrange(len(groups))
            mine = groups[k]
            roll = rng.random()
            if roll < 0.15:
                mine[rng.randrange(len(mine))].weight = _weight(rng)
            elif roll < 0.25:
                mine[rng.randrange(len(mine))].setWeightForAllAnimatables(_weight(rng, odd=True))
            elif roll < 0.35:
                group = mine[rng.randrange(len(mine))]
                group.enableBlending = not group.enableBlending
                group.blendingSpeed = rng.choice((0.01, 0.05, 0.2))
            elif roll < 0.42:
                mine[rng.randrange(len(mine))].blendingSpeed = rng.choice((0.02, 0.3))
            elif roll < 0.5:
                mine[rng.randrange(len(mine))].speedRatio = rng.choice((0.5, 1.0, 2.0))
            elif roll < 0.56:
                group = mine[rng.randrange(len(mine))]
                group.stop()
                group.start(True)
                group.weight = rng.choice((0.0, 0.5, 1.0))
            elif roll < 0.62 and len(mine) > 2:
                mine[2].weight = rng.choice((0.2, 0.6, 1.3))  # a third term
            elif roll < 0.7:
                node = nodes[rng.randrange(len(nodes))]
                node.rotationQuaternion = None  # cleared by the script
            elif roll < 0.78:
                node = nodes[rng.randrange(len(nodes))]
                node.rotationQuaternion = _quaternion(rng)  # replaced by the script
            elif roll < 0.86:
                node = nodes[rng.randrange(len(nodes))]
                node.rotation = rng.choice((BABYLON.Vector3, LoggedVector))(0.1, rng.random(), 0.3)
            elif roll < 0.9:
                nodes[rng.randrange(len(nodes))].rotation.y = rng.random()  # edited in place
        before = EPOCH_AT[0] = epoch[0]
        LOG.append(("frame", step))
        scene._animate(16)
        state: list[Any] = [epoch[0] - before, len(LOG)]
        for node in nodes:
            r = node.rotation
            state += [r.x, r.y, r.z, node._isDirty, type(r).__name__, _q(node)]
        states.append(state)
        for node in nodes:
            node.computeWorldMatrix(True)
            if rng.random() < 0.5:
                node._isDirty = False  # clean again: the marks are taken again
    states.append(list(LOG))
    LOG.clear()
    return states


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, float) and isinstance(b, float):
        return a == b or (math.isnan(a) and math.isnan(b))
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)


def _compare(got: list[list[Any]], want: list[list[Any]], label: str) -> None:
    assert len(got) == len(want)
    for step, (a, b) in enumerate(zip(got, want, strict=True)):
        if not _same(a, b):
            bad = next(i for i, (x, y) in enumerate(zip(a, b, strict=True)) if not _same(x, y))
            raise AssertionError(f"{label} frame {step} item {bad}: {a[bad]!r} != {b[bad]!r}")


def _scalar_writes(targets: list[Any], refs: list[Any], out: Any, written: list[bool]) -> None:
    """The replaced path: one assignment per blend through the target's setter."""
    for target, ref, (x, y, z, w), write in zip(targets, refs, out.tolist(), written, strict=True):
        if write:
            ref.x = x
            ref.y = y
            ref.z = z
            ref.w = w
        target.rotationQuaternion = ref


def _run(seed: int, mixed: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    batch.set_batched_evaluation(True, 1)
    inline = [0]
    epoch_of = late_binding._inline_epoch

    def counted(cls: type) -> Any:
        epoch = epoch_of(cls)
        inline[0] += epoch is not None
        return epoch

    monkeypatch.setattr(late_binding, "_inline_epoch", counted)
    fast = _program(seed, mixed)
    assert inline[0] > 0, "the inline path was not taken"
    monkeypatch.setattr(late_binding, "_write_nodes", _scalar_writes)
    _compare(fast, _program(seed, mixed), f"seed {seed}")


@pytest.mark.parametrize("seed", range(5))
def test_inline_assignments_equal_the_setters_one_class(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    _run(seed, False, monkeypatch)


@pytest.mark.parametrize("seed", range(5))
def test_inline_assignments_equal_the_setters_mixed_classes(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    _run(100 + seed, True, monkeypatch)


def test_a_patched_setter_is_called(monkeypatch: pytest.MonkeyPatch) -> None:
    """TransformNode's own setter patched by a script (a wrapper named like it): the plan
    calls it for every blended write, as the scalar path does."""
    original: Any = TransformNode.__dict__["rotationQuaternion"]
    calls = [0]

    def fset(self: Any, value: Any) -> None:
        calls[0] += 1
        original.fset(self, value)

    fset.__qualname__ = original.fset.__qualname__
    fset.__module__ = original.fset.__module__
    monkeypatch.setattr(TransformNode, "rotationQuaternion", property(original.fget, fset))
    assert late_binding._inline_epoch(TransformNode) is None
    batch.set_batched_evaluation(True, 1)
    fast = _program(7, False, frames=30)
    patched = calls[0]
    calls[0] = 0
    monkeypatch.setattr(late_binding, "_write_nodes", _scalar_writes)
    _compare(fast, _program(7, False, frames=30), "patched setter")
    assert patched == calls[0] > 0


def test_a_patched_getter_is_called(monkeypatch: pytest.MonkeyPatch) -> None:
    """TransformNode's own getter patched by a script (a wrapper named like it): the plan
    reads each blend's quaternion through it (the fast plan as the plain one)."""
    original: Any = TransformNode.__dict__["rotationQuaternion"]
    calls = [0]

    def fget(self: Any) -> Any:
        calls[0] += 1
        return original.fget(self)

    fget.__qualname__ = original.fget.__qualname__
    fget.__module__ = original.fget.__module__
    monkeypatch.setattr(TransformNode, "rotationQuaternion", property(fget, original.fset))
    assert (
        late_binding._node_refs([TransformNode("n", BABYLON.Scene(BABYLON.NullEngine()))]) is None
    )
    batch.set_batched_evaluation(True, 1)
    calls[0] = 0
    fast = _program(7, False, frames=30)
    patched = calls[0]
    calls[0] = 0
    late_binding.FAST_PLAN[0] = False
    plain = _program(7, False, frames=30)
    late_binding.FAST_PLAN[0] = True
    _compare(_without_epochs(fast), _without_epochs(plain), "patched getter")
    assert patched == calls[0] > 0


def test_node_refs_are_what_the_getter_returns() -> None:
    """The member read stands for ``getattr(node, "rotationQuaternion", None)``: a
    quaternion, None, and a node whose member was deleted (the getter's AttributeError)."""
    scene = BABYLON.Scene(BABYLON.NullEngine())
    nodes = [TransformNode(f"n{k}", scene) for k in range(4)]
    nodes[0].rotationQuaternion = BABYLON.Quaternion(0.1, 0.2, 0.3, 0.9)
    nodes[2].rotationQuaternion = BABYLON.Quaternion.Identity()
    del nodes[3]._rotationQuaternion
    expected = [getattr(node, "rotationQuaternion", None) for node in nodes]
    refs = late_binding._node_refs(nodes)
    assert refs is not None
    assert list(map(id, refs)) == list(map(id, expected))
    assert late_binding._node_refs([nodes[0], SetterNode("s", scene)]) is None
    assert late_binding._node_refs([SetterNode("s", scene)]) is None


def test_the_class_verdict_is_taken_again(monkeypatch: pytest.MonkeyPatch) -> None:
    assert late_binding._inline_epoch(TransformNode) is TransformNode._leafEpoch
    assert late_binding._inline_epoch(SetterNode) is None
    assert late_binding._inline_epoch(MarkNode) is None
    monkeypatch.setattr(TransformNode, "_rotation", None, raising=False)
    assert late_binding._inline_epoch(TransformNode) is None
    monkeypatch.undo()
    monkeypatch.setattr(
        TransformNode, "_markAsDirtyInternal", lambda self: TransformNode.markAsDirty(self)
    )
    assert late_binding._inline_epoch(TransformNode) is None


def test_rows_are_floats() -> None:
    # _write_nodes reads the blend results as Python floats (out.ravel().tolist()).
    out = np.arange(8, dtype=np.float64).reshape(2, 4)
    assert all(type(v) is float for v in out.ravel().tolist())


# --- The fast plan (word reads, pass-by-pass node writes) against the plain plan -------------


def _without_epochs(states: list[list[Any]]) -> list[list[Any]]:
    """The states less the leaf epoch's moves (lite_compat's own counter: the fast writes
    replace no leaf object and leave it)."""
    frames = [[0, *state[1:]] for state in states[:-1]]
    log = [entry[:-1] if entry[0] == "custom" else entry for entry in states[-1]]
    return [*frames, log]


def _fast_run(
    seed: int, mixed: bool, hooks: bool, cleaner: bool, monkeypatch: pytest.MonkeyPatch
) -> Any:
    batch.set_batched_evaluation(True, 1)
    used = {"reads": 0, "writes": 0}
    values = late_binding._Reads.values
    fast_nodes = late_binding._fast_nodes

    def counted_values(self: Any) -> Any:
        rows = values(self)
        used["reads"] += rows is not None
        return rows

    def counted_nodes(*args: Any) -> bool:
        done = fast_nodes(*args)
        used["writes"] += done
        return done

    monkeypatch.setattr(late_binding._Reads, "values", counted_values)
    monkeypatch.setattr(late_binding, "_fast_nodes", counted_nodes)
    fast = _program(seed, mixed, hooks=hooks, cleaner=cleaner)
    monkeypatch.undo()
    late_binding.FAST_PLAN[0] = False
    plain = _program(seed, mixed, hooks=hooks, cleaner=cleaner)
    late_binding.FAST_PLAN[0] = True
    return _without_epochs(fast), _without_epochs(plain), used


@pytest.mark.parametrize(
    ("seed", "mixed", "hooks"),
    [(0, False, False), (1, False, False), (2, False, True), (103, True, True)],
)
def test_the_fast_plan_equals_the_plain_plan(
    seed: int, mixed: bool, hooks: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Weights changed mid-fade (NaN, infinity, -1), blending toggled and its speed edited,
    speeds, restarts, third terms, quaternions cleared or replaced and rotations replaced or
    edited in place between frames, hooks (customMarkAsDirty, own _markAsDirtyInternal,
    subclassed setters) in some, a loop callback cleaning nodes mid-step in the odd seeds:
    the same state and callbacks, bit for bit."""
    fast, plain, used = _fast_run(seed, mixed, hooks, seed % 2 == 1, monkeypatch)
    if not hooks:
        assert used["reads"] > 0 and used["writes"] > 0, used
    _compare(fast, plain, f"seed {seed}")


def test_the_fast_plan_check_catches_broken_reads_and_writes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Each deliberate break of the fast plan is caught by the comparison above."""
    values = late_binding._Reads.values
    last: list[Any] = [None]

    def stale(self: Any) -> Any:
        # The rows of the previous read of the same size (a frame old).
        rows = values(self)
        previous = last[0]
        last[0] = None if rows is None else rows.copy()
        if rows is not None and previous is not None and previous.shape == rows.shape:
            return previous
        return rows

    breaks: list[tuple[Any, str, Any, bool]] = [
        (late_binding._Reads, "values", stale, False),  # values a frame old
        (late_binding._Reads, "origins", lambda self: np.zeros((len(self.originals), 4)), False),
        (late_binding, "_DIRTY", lambda target: True, True),  # marks skipped on clean nodes
    ]
    for owner, name, broken, cleaner in breaks:
        with monkeypatch.context() as patch:
            patch.setattr(owner, name, broken)
            batch.set_batched_evaluation(True, 1)
            fast = _without_epochs(_program(1, False, hooks=False, cleaner=cleaner))
        late_binding.FAST_PLAN[0] = False
        plain = _without_epochs(_program(1, False, hooks=False, cleaner=cleaner))
        late_binding.FAST_PLAN[0] = True
        with pytest.raises(AssertionError):
            _compare(fast, plain, name)
