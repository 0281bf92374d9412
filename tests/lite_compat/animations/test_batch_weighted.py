"""Weighted rows of the batched compat evaluation (group weights, cross-fades).

An animatable with a weight other than -1 queues its values for the late-binding blend. When
its tracks are batch tracks it is a *weighted row*: the batch samples it with Babylon.js's own
arithmetic, stores the values in its runtimes' objects and queues the blends in the active
list's order; a batch segment queues its rows' quaternion blends as one array-form plan
(``late_binding.LatePlan``). The differential tests below play seeded cross-fade programs with
batching off (the reference: the scalar path, itself checked against recordings of Babylon.js)
and on, and compare every value, object identity and callback count, frame by frame.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

import lite_compat as BABYLON  # noqa: N812
from lite_compat.animations import batch, batch_segments, batch_writes, late_binding
from tests._seeds import sweep

Anim = BABYLON.Animation


@pytest.fixture(autouse=True)
def _restore_batching() -> Iterator[None]:
    previous = batch.batched_evaluation_enabled()
    yield
    batch.set_batched_evaluation(previous, 16)


def _quaternion(rng: random.Random) -> Any:
    axis = BABYLON.Vector3(rng.random() - 0.5, rng.random() - 0.5, rng.random() - 0.5)
    if axis.length() < 1e-3:
        axis = BABYLON.Vector3(0, 1, 0)
    q = BABYLON.Quaternion.RotationAxis(axis.normalize(), rng.uniform(-3.0, 3.0))
    if rng.random() < 0.3:
        q.scaleInPlace(-1.0)  # the short-arc flip
    return q


def _animation(rng: random.Random, name: str, path: str, data_type: int, gltf: bool) -> Any:
    animation = Anim(name, path, 60, data_type, Anim.ANIMATIONLOOPMODE_CYCLE)
    times = sorted(rng.sample(range(1, 59), rng.randint(1, 4)))
    keys: list[dict[str, Any]] = []
    for frame in [0, *times, 60]:
        # glTF-style frames: float32 seconds x 60, which float32 frames cannot hold.
        f = float(np.float32(frame / 60 * 1.37)) * 60 / 1.37 if gltf and frame else float(frame)
        if data_type == Anim.ANIMATIONTYPE_QUATERNION:
            value: Any = _quaternion(rng)
        elif data_type == Anim.ANIMATIONTYPE_VECTOR3:
            value = BABYLON.Vector3(rng.random(), rng.random() * 2, rng.random() - 0.5)
        else:
            value = rng.uniform(0.5, 1.5)
        keys.append({"frame": f, "value": value})
    if rng.random() < 0.1:
        keys[0]["easingFunction"] = BABYLON.SineEase()
    animation.setKeys(keys)
    return animation


_TRACKS = (
    ("rotationQuaternion", Anim.ANIMATIONTYPE_QUATERNION),
    ("position", Anim.ANIMATIONTYPE_VECTOR3),
    ("scaling.x", Anim.ANIMATIONTYPE_FLOAT),
)


def _state(nodes: list[Any]) -> list[Any]:
    out: list[Any] = []
    for node in nodes:
        p, r, s, q = node.position, node.rotation, node.scaling, node.rotationQuaternion
        out += [p.x, p.y, p.z, r.x, r.y, r.z, s.x, s.y, s.z]
        out += [q.x, q.y, q.z, q.w] if q is not None else [-9.0]
        out.append(float(node._isDirty))
    return out


def _identities(nodes: list[Any], runtimes: list[Any]) -> list[int]:
    """Which objects the properties hold: per node and leaf, -1 for its own, else the index
    of the runtime whose value object it is (Babylon.js assigns a runtime's on some writes)."""
    index = {id(r._currentValue): i for i, r in enumerate(runtimes) if r._currentValue is not None}
    return [
        index.get(id(getattr(node, name)), -1)
        for node in nodes
        for name in ("position", "rotationQuaternion", "scaling")
    ]


def _fade(step: int, period: int, length: int) -> float | None:
    cycle, at = divmod(step, period)
    if at > length:
        return None
    w = min(1.0, at / length)
    return w if cycle % 2 == 0 else 1.0 - w


def _program(seed: int, frames: int = 110) -> tuple[list[list[Any]], list[Any]]:
    """Clones cross-fading two or three groups (shared or own animations, glTF frames), with
    seeded changes while they play: weights above and below a total of 1, weights back to -1,
    stops and restarts, jumps, speeds, masks, enableBlending, additive groups (made additive or
    not while they play), unweighted and
    weighted writers of the same properties, and a third term. Even seeds keep to plain
    cross-fades (changed now and then), odd seeds mix everything in."""
    rng = random.Random(seed)
    messy = seed % 2 == 1
    scene = BABYLON.Scene(BABYLON.NullEngine())
    scene.useConstantAnimationDeltaTime = True
    clones = rng.randint(18, 40)
    bones = rng.randint(2, 4)
    shared = rng.random() < 0.7
    names = ("walk", "run", "idle")
    pool = {
        (g, b, t): _animation(rng, f"{g}{b}{t}", path, data_type, rng.random() < 0.6)
        for g in names
        for b in range(bones)
        for t, (path, data_type) in enumerate(_TRACKS)
    }
    nodes: list[Any] = []
    groups: list[list[Any]] = []
    loops = [0]
    for k in range(clones):
        own_nodes = [BABYLON.TransformNode(f"c{k}b{b}", scene) for b in range(bones)]
        for node in own_nodes:
            node.rotationQuaternion = BABYLON.Quaternion.Identity()
        nodes += own_nodes
        mine = []
        for g in names[: 3 if messy and rng.random() < 0.15 else 2]:
            group = BABYLON.AnimationGroup(f"c{k}{g}", scene)
            for b, node in enumerate(own_nodes):
                for t, (path, data_type) in enumerate(_TRACKS):
                    if t and rng.random() < 0.4:
                        continue
                    animation = (
                        pool[(g, b, t)]
                        if shared
                        else _animation(rng, f"{g}{b}{t}", path, data_type, True)
                    )
                    group.addTargetedAnimation(animation, node)
            group.onAnimationGroupLoopObservable.add(lambda *_: loops.__setitem__(0, loops[0] + 1))
            mine.append(group)
        if messy and rng.random() < 0.1:
            mine[-1].isAdditive = True
        if messy and rng.random() < 0.1:
            mine[0].enableBlending = True
            mine[0].blendingSpeed = 0.05
        for group in mine:
            group.start(True, rng.choice((1.0, 1.0, 1.0, 1.5)))
        if rng.random() < 0.2:
            # Weights set after a first unweighted frame (the rows' objects are the leaves).
            scene._animate(16)
        mine[0].weight = 1.0
        for group in mine[1:]:
            group.weight = 0.0
        groups.append(mine)
    extra: list[Any] = []
    states: list[list[Any]] = []
    period = rng.choice((20, 30, 60))
    length = rng.choice((5, 10, period // 2))
    scale = rng.choice((1.0, 1.0, 0.6, 1.7))
    for step in range(frames):
        w = _fade(step, period, length)
        if w is not None:
            for mine in groups:
                mine[0].weight = (1.0 - w) * scale
                mine[1].weight = w * scale
                if len(mine) > 2:
                    mine[2].weight = 0.3
        roll = rng.random() * (1.0 if messy else 4.0)
        mine = groups[rng.randrange(len(groups))]
        if roll < 0.05:
            mine[rng.randrange(len(mine))].weight = -1
        elif roll < 0.08:
            group = mine[rng.randrange(len(mine))]
            group.stop()
            group.start(True)
            group.weight = rng.choice((0.0, 0.5, 1.0))
        elif roll < 0.1:
            mine[0].goToFrame(rng.uniform(0, 60))
        elif roll < 0.12:
            mine[1].speedRatio = rng.choice((0.5, 1.25))
        elif roll < 0.14:
            names_ = [n.name for n in nodes[:bones]]
            mine[1].mask = BABYLON.AnimationGroupMask(names_[:1], rng.choice((0, 1)))
        elif roll < 0.16:
            node = nodes[rng.randrange(len(nodes))]
            path, data_type = _TRACKS[0]
            extra.append(
                scene.beginDirectAnimation(
                    node, [pool[("walk", 0, 0)]], 0, 60, True, rng.choice((1.0, 2.0))
                )
            )
        elif roll < 0.18:
            node = nodes[rng.randrange(len(nodes))]
            node.animations = [pool[("run", 0, 0)]]
            scene.beginWeightedAnimation(node, 0, 60, rng.choice((0.25, 1.0)), True)
        elif roll < 0.19:
            node = nodes[rng.randrange(len(nodes))]
            node.rotationQuaternion = BABYLON.Quaternion.Identity()
        elif roll < 0.21:
            group = mine[rng.randrange(len(mine))]
            group.isAdditive = not group.isAdditive
        scene._animate(16)
        _check_weighted_flags(scene, groups, extra)
        runtimes = [r for a in scene._activeAnimatables for r in a._runtimeAnimations]
        states.append([*_state(nodes), loops[0], *_identities(nodes, runtimes)])
    return states, groups


def _check_weighted_flags(scene: Any, groups: list[list[Any]], extra: list[Any]) -> None:
    """``Animatable._batchWeighted`` (what ``set_weights`` reads) is what the row says."""
    every = [*scene._activeAnimatables, *extra]
    every += [a for mine in groups for group in mine for a in group.animatables]
    for animatable in every:
        row = animatable._batchRow
        assert animatable._batchWeighted is (row is not None and row[0].weighted)


def _compare(got: list[list[Any]], want: list[list[Any]], label: str) -> None:
    assert len(got) == len(want)
    for step, (a, b) in enumerate(zip(got, want, strict=True)):
        if a != b:
            bad = next(i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y)
            raise AssertionError(f"{label} frame {step} value {bad}: {a[bad]!r} != {b[bad]!r}")


# Seeds 0, 5, 6, 10 and 11 reach every branch the 16 reach (coverage.py arcs over lite and
# lite_compat); the rest run with -m slow (tests/_seeds.py).
@pytest.mark.parametrize("seed", sweep(16, (0, 1, 5, 6, 10, 11)))
def test_weighted_programs_give_the_scalar_numbers(seed: int) -> None:
    """Batched (the default, and every kind vectorised) against batching off, bit for bit."""
    batch.set_batched_evaluation(False)
    expected, _ = _program(seed)
    for min_rows in (16, 1):
        batch.set_batched_evaluation(True, min_rows)
        got, _ = _program(seed)
        _compare(got, expected, f"seed {seed} min_rows {min_rows}")


def _crossfade(
    clones: int, frames: int, edit: Callable[[list[list[Any]], random.Random], None] | None = None
) -> tuple[list[list[Any]], Any]:
    rng = random.Random(7)
    edits = random.Random(11)
    scene = BABYLON.Scene(BABYLON.NullEngine())
    scene.useConstantAnimationDeltaTime = True
    walk = [_animation(rng, f"w{t}", p, d, True) for t, (p, d) in enumerate(_TRACKS)]
    run = [_animation(rng, f"r{t}", p, d, False) for t, (p, d) in enumerate(_TRACKS)]
    nodes, pairs = [], []
    for k in range(clones):
        node = BABYLON.TransformNode(f"n{k}", scene)
        node.rotationQuaternion = BABYLON.Quaternion.Identity()
        nodes.append(node)
        pair = []
        for g, anims in (("walk", walk), ("run", run)):
            group = BABYLON.AnimationGroup(f"{g}{k}", scene)
            for animation in anims:
                group.addTargetedAnimation(animation, node)
            group.start(True)
            pair.append(group)
        pair[0].weight, pair[1].weight = 1.0, 0.0
        pairs.append(pair)
    states = []
    for step in range(frames):
        w = _fade(step, 40, 20)
        if w is not None:
            for a, b in pairs:
                a.weight, b.weight = 1.0 - w, w
        elif edit is not None:
            edit(pairs, edits)
        scene._animate(16)
        states.append(_state(nodes))
    return states, scene


def test_weighted_rows_warmed_before_their_stores_give_the_same_numbers() -> None:
    """A cross-fade large enough for its runs to gather their value objects' words before
    the stores (batch_writes.Warm): the same values as with the gathers off."""
    states = {}
    for warming in (False, True):
        previous = batch_writes.set_write_warming(warming)
        try:
            batch.set_batched_evaluation(True)
            got, scene = _crossfade(batch_writes.WARM_MIN + 10, 24)
            # The rows step as a batch segment (its parts' runs) or run by run.
            runs = [run for kind in scene._compatBatchKinds.values() for run in kind._runs.values()]
            for segment in scene._compatBatchSegments.by_first.values():
                runs += [run for _, run in segment.parts or ()]
            warmed = any(
                run.warm and any(w is not batch_writes._nothing for w in run.warm) for run in runs
            )
            assert warmed is (warming and batch_writes.SUPPORTED)
            states[warming] = got
        finally:
            batch_writes.set_write_warming(previous)
    _compare(states[True], states[False], "warmed")


def test_a_faded_out_group_leaves_at_once_and_the_rest_steps_as_a_segment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The frame a fade ends, the faded-out group's rows leave together (batch_segments
    ._evict_idle) and the other group's rows step as one segment that same frame: the
    scalar numbers, and no frame steps the rows run by run."""
    batch.set_batched_evaluation(False)
    expected, _ = _crossfade(40, 130)
    batch.set_batched_evaluation(True)
    left, adjacent = [0], [0]
    evict_idle, step_adjacent = batch_segments._evict_idle, batch_segments._step_adjacent

    def counted_evict(segment: Any) -> bool:
        done = evict_idle(segment)
        left[0] += done
        return done

    def counted_adjacent(*args: Any) -> int:
        adjacent[0] += 1
        return step_adjacent(*args)

    monkeypatch.setattr(batch_segments, "_step_adjacent", counted_adjacent)
    monkeypatch.setattr(batch_segments, "_evict_idle", lambda segment: False)
    _crossfade(40, 130)
    run_by_run = adjacent[0]
    adjacent[0] = 0
    monkeypatch.setattr(batch_segments, "_evict_idle", counted_evict)
    got, _ = _crossfade(40, 130)
    _compare(got, expected, "fade ends")
    assert left[0] >= 3
    # Only the frames a fade starts (the faded-in group's first scalar steps) go run by run.
    assert adjacent[0] < run_by_run / 2


def test_a_runs_first_key_check_goes_row_by_row_and_its_second_makes_the_watch() -> None:
    """BatchKind.first_stale with a new run: the row-by-row answer (a run made and dropped
    within a frame builds no watch), then the watch from its second check on; a key edited
    before the first check is found there."""
    batch.set_batched_evaluation(True)
    rng = random.Random(5)
    scene = BABYLON.Scene(BABYLON.NullEngine())
    for k in range(24):
        node = BABYLON.TransformNode(f"n{k}", scene)
        node.rotationQuaternion = BABYLON.Quaternion.Identity()
        group = BABYLON.AnimationGroup(f"g{k}", scene)
        for t, (path, data_type) in enumerate(_TRACKS):
            group.addTargetedAnimation(_animation(rng, f"a{k}{t}", path, data_type, True), node)
        group.start(True)
        group.weight = 0.5
    for _ in range(3):
        scene._animate(16)
    kind = next(k for k in scene._compatBatchKinds.values() if not k.uniform and k.live > 8)
    rows = [a for a in kind.rows if a is not None]
    run = batch._Run(rows, len(kind.specs))
    assert run.watch is False
    assert kind.first_stale(rows, run) == len(rows) == kind.first_stale(rows)
    assert run.watch is None
    assert kind.first_stale(rows, run) == len(rows)
    assert run.watch is not None
    keys = rows[5]._runtimeAnimations[0].animation.getKeys()
    keys[0]["frame"] = keys[0]["frame"] - 0.5
    fresh = batch._Run(rows, len(kind.specs))
    assert kind.first_stale(rows, fresh) == kind.first_stale(rows) <= 5
    assert fresh.watch is None


def _edit_idle(pairs: list[list[Any]], rng: random.Random) -> None:
    """Between fades: a script changes a faded-out group (or puts it back as it was)."""
    if rng.random() < 0.5:
        return
    pair = pairs[rng.randrange(len(pairs))]
    group = pair[0] if pair[0].weight == 0 else pair[1]
    op = rng.randrange(8)
    if op == 0:
        group.weight = 0.0
    elif op == 1:
        group.pause()
    elif op == 2:
        group.play(True)
    elif op == 3:
        group.goToFrame(rng.uniform(0, 30))
    elif op == 4:
        BABYLON.Animatable.ProcessPausedAnimatables = (
            not BABYLON.Animatable.ProcessPausedAnimatables
        )
    elif op == 5 and group.animatables:
        group.animatables[0].weight = rng.choice((0.0, 0.25))
    elif op == 6 and group.animatables:
        group.animatables[-1]._previousWeight = rng.choice((0.0, 0.5))
    elif group.animatables:
        # The members the weight setter would store, stored directly (no setter runs).
        animatable = group.animatables[rng.randrange(len(group.animatables))]
        animatable._weight = animatable._previousWeight = rng.choice((0.0, 0.5))


def test_idle_rows_passed_over_by_their_guard_give_the_scalar_numbers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A faded-out group's rows, passed over while their instance dicts are as the last step
    left them (batch_segments' idle guard), against batching off, while a script pauses,
    plays, jumps, re-weights them and toggles ProcessPausedAnimatables between fades."""
    quiet = [0]
    still = batch_segments._still_idle

    def counted(guard: Any) -> bool:
        ok = still(guard)
        quiet[0] += ok
        return ok

    monkeypatch.setattr(BABYLON.Animatable, "ProcessPausedAnimatables", False)
    batch.set_batched_evaluation(False)
    expected, _ = _crossfade(30, 130, _edit_idle)
    BABYLON.Animatable.ProcessPausedAnimatables = False
    batch.set_batched_evaluation(True)
    monkeypatch.setattr(batch_segments, "_still_idle", counted)
    got, _ = _crossfade(30, 130, _edit_idle)
    _compare(got, expected, "idle edits")
    assert quiet[0] >= 10


def test_a_cross_fade_steps_as_weighted_rows_with_array_form_blends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The cross-fading clones are rows of weighted kinds; their quaternion blends go through
    LatePlan.apply; and rows whose weight changes every frame do not leave the batch."""
    batch.set_batched_evaluation(False)
    expected, _ = _crossfade(40, 90)
    batch.set_batched_evaluation(True)
    applied, admits = [0], [0]
    apply, admit = late_binding.LatePlan.apply, batch.BatchKind.admit

    def counted_apply(self: Any, originals: Any) -> bool:
        applied[0] += 1
        return apply(self, originals)

    def counted_admit(self: Any, animatable: Any, specs: Any = None) -> None:
        admits[0] += 1
        admit(self, animatable, specs)

    monkeypatch.setattr(late_binding.LatePlan, "apply", counted_apply)
    monkeypatch.setattr(batch.BatchKind, "admit", counted_admit)
    got, scene = _crossfade(40, 90)
    _compare(got, expected, "cross-fade")
    kinds = list(scene._compatBatchKinds.values())
    assert kinds and all(k.weighted for k in kinds)
    # Both groups of every clone (a fade is on), an animatable per track.
    assert sum(k.live for k in kinds) == 240
    assert applied[0] >= 80
    # Each animatable joins after its first step, and again once per fade after its weight
    # stayed 0 (it was skipped, as Animatable._animate skips it): not once per frame.
    assert admits[0] <= 240 * 4


def test_weighted_rows_leave_for_the_scalar_path_when_their_weight_goes_back_to_minus_one() -> None:
    rng = random.Random(3)
    scene = BABYLON.Scene(BABYLON.NullEngine())
    scene.useConstantAnimationDeltaTime = True
    animation = _animation(rng, "q", "rotationQuaternion", Anim.ANIMATIONTYPE_QUATERNION, True)
    nodes = []
    animatables = []
    for k in range(20):
        node = BABYLON.TransformNode(f"n{k}", scene)
        node.rotationQuaternion = BABYLON.Quaternion.Identity()
        node.animations = [animation]
        nodes.append(node)
        animatables.append(scene.beginWeightedAnimation(node, 0, 60, 0.5, True))
    for _ in range(3):
        scene._animate(16)
    assert all(a._batchRow is not None and a._batchRow[0].weighted for a in animatables)
    animatables[4].weight = -1
    assert animatables[4]._batchRow is None
    animatables[5].weight = 0.25
    assert animatables[5]._batchRow is not None
