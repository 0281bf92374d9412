"""Batched rows whose kinds interleave in the active list (lite_compat.animations.batch_segments).

Clones started in a loop over a few ranges, or per-object animations of a few shapes, put rows
of different kinds next to each other (a row's speed is its own: rows at different speeds
share a kind). The scene regroups such a stretch kind by kind when no
one could tell the order apart, and otherwise steps short runs row by row; either way the
numbers are the scalar path's, every frame. The differential tests below play the same
scripts with batching off (the reference: the scalar path, itself checked against recordings
of Babylon.js) and on, and compare every value written and every callback's reads.
"""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
import pytest

import lite_compat as BABYLON  # noqa: N812
from lite_compat.animations import batch, batch_sampling, batch_segments

Anim = BABYLON.Animation


@pytest.fixture(autouse=True)
def _restore_batching() -> Iterator[None]:
    previous = batch.batched_evaluation_enabled()
    yield
    batch.set_batched_evaluation(previous, 16)


def _scene() -> Any:
    scene = BABYLON.Scene(BABYLON.NullEngine())
    scene.useConstantAnimationDeltaTime = True
    return scene


def _animations() -> dict[str, Any]:
    position = Anim("p", "position", 60, Anim.ANIMATIONTYPE_VECTOR3, Anim.ANIMATIONLOOPMODE_CYCLE)
    position.setKeys(
        [
            {"frame": 0, "value": BABYLON.Vector3(0, 0, 0)},
            {"frame": 30, "value": BABYLON.Vector3(1, 2, 3)},
            {"frame": 60, "value": BABYLON.Vector3(0, 0, 0)},
        ]
    )
    spin = Anim("r", "rotation.y", 60, Anim.ANIMATIONTYPE_FLOAT, Anim.ANIMATIONLOOPMODE_CYCLE)
    spin.setKeys([{"frame": 0, "value": 0.0}, {"frame": 60, "value": 6.25}])
    turn = Anim(
        "q", "rotationQuaternion", 60, Anim.ANIMATIONTYPE_QUATERNION, Anim.ANIMATIONLOOPMODE_CYCLE
    )
    turn.setKeys(
        [
            {"frame": 0, "value": BABYLON.Quaternion.Identity()},
            {"frame": 30, "value": BABYLON.Quaternion.RotationAxis(BABYLON.Vector3(0, 1, 0), 1.5)},
            {"frame": 60, "value": BABYLON.Quaternion.Identity()},
        ]
    )
    alpha = Anim("a", "alpha", 30, Anim.ANIMATIONTYPE_FLOAT, Anim.ANIMATIONLOOPMODE_CYCLE)
    alpha.setKeys([{"frame": 0, "value": 1.0}, {"frame": 30, "value": 0.25}])
    return {"position": position, "spin": spin, "turn": turn, "alpha": alpha}


def _state(nodes: list[Any], materials: list[Any]) -> list[float]:
    out: list[float] = []
    for node in nodes:
        p, r, s = node.position, node.rotation, node.scaling
        q = node.rotationQuaternion
        out += [p.x, p.y, p.z, r.x, r.y, r.z, s.x, s.y, s.z]
        out += [q.x, q.y, q.z, q.w] if q is not None else [-9.0]
        out.append(float(node._isDirty))
    out += [m.alpha for m in materials]
    return out


Script = Callable[[int, Any, list[Any], list[Any], list[Any], list[float]], None]


def _play(count: int, frames: int, script: Script | None = None) -> tuple[list[Any], list[float]]:
    """``count`` nodes started in a loop with speeds 1 / 1.5 / 2 and every seventh over a
    shorter range (kinds interleave), two Animation sets, a material per fourth node, a few
    rows with a second animatable."""
    scene = _scene()
    anims = _animations()
    nodes, materials, extra = [], [], []
    for i in range(count):
        node = BABYLON.TransformNode(f"n{i}", scene)
        speed = (1.0, 1.5, 2.0)[i % 3]
        node.animations = [anims["position"], anims["spin"]] if i % 2 else [anims["position"]]
        scene.beginAnimation(node, 0, 60 if i % 7 else 45, True, speed)
        nodes.append(node)
        if i % 4 == 0:
            material = BABYLON.StandardMaterial(f"m{i}", scene)
            scene.beginDirectAnimation(material, [anims["alpha"]], 0, 30, True, speed)
            materials.append(material)
        if i % 5 == 0 and i % 2 == 0:
            # A second animatable on the same node, another property: rows that commute
            # (not on a node whose ``rotation.y`` plays: the quaternion's write resets it).
            extra.append(scene.beginDirectAnimation(node, [anims["turn"]], 0, 60, True, speed))
    reads: list[float] = []
    states = []
    for step in range(frames):
        if script is not None:
            script(step, scene, nodes, materials, extra, reads)
        scene._animate(16)
        states.append(_state(nodes, materials))
    return states, reads


def _both(count: int, frames: int, script: Script | None = None, min_rows: int = 16) -> None:
    batch.set_batched_evaluation(False)
    expected = _play(count, frames, script)
    batch.set_batched_evaluation(True, min_rows)
    got = _play(count, frames, script)
    assert got[1] == expected[1]
    for step, (a, b) in enumerate(zip(got[0], expected[0], strict=True)):
        assert a == b, f"frame {step}"


@pytest.mark.parametrize("min_rows", [1, 4, 16])
def test_interleaved_kinds_give_the_scalar_numbers(min_rows: int) -> None:
    _both(96, 130, min_rows=min_rows)


def _scripted(
    step: int,
    scene: Any,
    nodes: list[Any],
    materials: list[Any],
    extra: list[Any],
    reads: list[float],
) -> None:
    def read_all(*_: Any) -> None:
        # A loop callback reading rows on both sides of its own: their order must be the list's.
        reads.extend(n.position.x + n.rotation.y for n in nodes)

    if step == 20:
        scene.getAnimatableByTarget(nodes[10]).onAnimationLoopObservable.add(read_all)
        # A row of a kind too small to be vectorised (eight materials per speed).
        scene.getAnimatableByTarget(materials[2]).onAnimationLoopObservable.add(read_all)
    if step == 35:
        scene.getAnimatableByTarget(nodes[4]).speedRatio = 1.25
        scene.getAnimatableByTarget(nodes[40]).pause()
    if step == 50:
        # A second animatable writing the same property as a row: the list order decides.
        anim = Anim("x", "position", 60, Anim.ANIMATIONTYPE_VECTOR3, Anim.ANIMATIONLOOPMODE_CYCLE)
        anim.setKeys(
            [
                {"frame": 0, "value": BABYLON.Vector3(5, 5, 5)},
                {"frame": 60, "value": BABYLON.Vector3(-5, 0, 5)},
            ]
        )
        scene.beginDirectAnimation(nodes[7], [anim], 0, 60, True, 1.5)
    if step == 60:
        scene.getAnimatableByTarget(nodes[40]).restart()
        nodes[13].position = BABYLON.Vector3(9, 9, 9)  # a replaced leaf
    if step == 75:
        # Keys edited under every row of one Animation: they all leave, one by one.
        nodes[1].animations[1].setKeys([{"frame": 0, "value": 1.0}, {"frame": 60, "value": -1.0}])
    if step == 90:
        extra[2].stop()
        nodes[3].computeWorldMatrix(True)
    if step == 100:
        scene.getAnimatableByTarget(nodes[10]).onAnimationLoopObservable.clear()
        materials[1].alpha = 0.5


@pytest.mark.parametrize("min_rows", [1, 16])
def test_interleaved_kinds_follow_scripts_that_change_things_while_they_play(min_rows: int) -> None:
    _both(96, 140, _scripted, min_rows=min_rows)


def _traced_growth(scene: Any, warm: int, frames: int = 1000) -> int:
    """Bytes still allocated after ``frames`` steps of ``scene`` that were not before them,
    counted from ``warm`` traced steps on (the first traced steps replace the values the
    nodes held when tracing began: turnover, not growth)."""
    tracemalloc.start()
    try:
        for _ in range(warm):
            scene._animate(16)
        before = tracemalloc.get_traced_memory()[0]
        for _ in range(frames):
            scene._animate(16)
        return int(tracemalloc.get_traced_memory()[0] - before)
    finally:
        tracemalloc.stop()


def _count_passes(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    calls = [0]
    sample_rows = batch_sampling.sample_rows

    def counted(spec: Any, t: Any) -> Any:
        calls[0] += 1
        return sample_rows(spec, t)

    monkeypatch.setattr(batch_sampling, "sample_rows", counted)
    return calls


def test_a_stretch_of_interleaved_kinds_costs_a_pass_per_kind_and_track(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """3,000 nodes with ranges alternating 0-60 / 0-50 / 0-40: three kinds of one track.
    Stepped by runs of adjacent rows that was 3,000 numpy passes a frame (7-13x slower than no
    batching); regrouped it is three."""
    batch.set_batched_evaluation(True, 16)
    scene = _scene()
    anims = _animations()
    for i in range(3000):
        node = BABYLON.TransformNode(f"n{i}", scene)
        node.animations = [anims["position"]]
        scene.beginAnimation(node, 0, (60, 50, 40)[i % 3], True)
    for _ in range(3):
        scene._animate(16)
    calls = _count_passes(monkeypatch)
    for _ in range(5):
        scene._animate(16)
    assert calls[0] == 5 * 3
    assert all(a._batchRow is not None for a in scene._activeAnimatables)


def test_rows_at_varied_speeds_are_one_kind_and_one_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    """3,000 nodes with speeds alternating 1 / 1.5 / 2 (a crowd walking at varied speeds): one
    kind, each row at its own speed, one numpy pass a frame; the same numbers as no batching."""
    anims = _animations()

    def run(batched: bool) -> tuple[list[BABYLON.TransformNode], list[Any], int]:
        batch.set_batched_evaluation(batched, 16)
        scene = _scene()
        nodes = []
        for i in range(3000):
            node = BABYLON.TransformNode(f"n{i}", scene)
            node.animations = [anims["position"]]
            scene.beginAnimation(node, 0, 60, True, (1.0, 1.5, 2.0)[i % 3] + i * 1e-4)
            nodes.append(node)
        for _ in range(3):
            scene._animate(16)
        before = calls[0]
        for _ in range(5):
            scene._animate(16)
        return nodes, scene._activeAnimatables, calls[0] - before

    calls = _count_passes(monkeypatch)
    try:
        plain, _, unbatched = run(False)
        nodes, active, passes = run(True)
    finally:
        batch.set_batched_evaluation(True, 16)
    assert (unbatched, passes) == (0, 5)
    assert len({a._batchRow[0] for a in active}) == 1
    assert [n.position.asArray() for n in nodes] == [n.position.asArray() for n in plain]


def test_rows_that_cannot_be_regrouped_step_short_runs_without_numpy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two animatables writing the same property of each node (the later one wins, so the
    stretch keeps the list order): runs of one row are stepped in Python floats, not one
    numpy pass per row and track."""
    batch.set_batched_evaluation(True, 16)
    scene = _scene()
    anims = _animations()
    for i in range(300):
        node = BABYLON.TransformNode(f"n{i}", scene)
        scene.beginDirectAnimation(node, [anims["position"]], 0, 60, True, 1.0)
        scene.beginDirectAnimation(node, [anims["position"]], 0, 50, True, 2.0)
    for _ in range(3):
        scene._animate(16)
    assert all(a._batchRow is not None for a in scene._activeAnimatables)
    calls = _count_passes(monkeypatch)
    scene._animate(16)
    assert calls[0] == 0


@pytest.mark.parametrize("min_rows", [1, 16, 128])
def test_warm_frames_of_rows_at_varied_speeds_allocate_nothing_net(min_rows: int) -> None:
    # One kind, each row at its own speed (128: stepped row by row). Measured from a traced
    # warm-up on: the values the rows hold are replaced every frame, not accumulated.
    batch.set_batched_evaluation(True, min_rows)
    scene = _scene()
    anims = _animations()
    for i in range(60):
        node = BABYLON.TransformNode(f"n{i}", scene)
        node.animations = [anims["position"], anims["spin"]]
        scene.beginAnimation(node, 0, 60, True, 0.5 + i / 40)
    for _ in range(100):
        scene._animate(16)
    try:
        growth = _traced_growth(scene, warm=100)
    finally:
        batch.set_batched_evaluation(True, 16)
    assert len({a._batchRow[0] for a in scene._activeAnimatables}) == 1
    assert growth <= 2048


def test_two_rows_of_one_kind_writing_one_property_keep_the_list_order() -> None:
    """Two animatables of one kind (different speeds) writing the same property of each node,
    adjacent in the list: one pass writes them in row order, so the later one wins, as on the
    scalar path, frame after frame."""
    anims = _animations()

    def run(batched: bool) -> list[list[list[float]]]:
        batch.set_batched_evaluation(batched, 16)
        scene = _scene()
        nodes = []
        for i in range(40):
            node = BABYLON.TransformNode(f"n{i}", scene)
            scene.beginDirectAnimation(node, [anims["position"]], 0, 60, True, 1.0)
            scene.beginDirectAnimation(node, [anims["position"]], 0, 60, True, 2.0 + i / 64)
            nodes.append(node)
        out = []
        for _ in range(90):
            scene._animate(16)
            out.append([n.position.asArray() for n in nodes])
        return out

    try:
        assert run(True) == run(False)
    finally:
        batch.set_batched_evaluation(True, 16)


def _play_conflicting(count: int, frames: int) -> list[list[float]]:
    # Two animatables write each node's position, started in alternating order: kind by kind
    # the winner would be the same kind for every node; in the list's order it alternates.
    scene = _scene()
    anims = _animations()
    other = Anim("o", "position", 60, Anim.ANIMATIONTYPE_VECTOR3, Anim.ANIMATIONLOOPMODE_CYCLE)
    other.setKeys(
        [
            {"frame": 0, "value": BABYLON.Vector3(4, 0, 0)},
            {"frame": 60, "value": BABYLON.Vector3(0, 4, 0)},
        ]
    )
    nodes = []
    for i in range(count):
        node = BABYLON.TransformNode(f"n{i}", scene)
        first, second = (anims["position"], other) if i % 2 else (other, anims["position"])
        scene.beginDirectAnimation(node, [first], 0, 60, True, 1.0)
        scene.beginDirectAnimation(node, [second], 0, 60, True, 1.0)
        nodes.append(node)
    states = []
    for _ in range(frames):
        scene._animate(16)
        states.append([v for n in nodes for v in (n.position.x, n.position.y, n.position.z)])
    return states


@pytest.mark.parametrize("min_rows", [1, 16])
def test_conflicting_writers_keep_the_order_of_the_list(min_rows: int) -> None:
    batch.set_batched_evaluation(False)
    expected = _play_conflicting(40, 70)
    batch.set_batched_evaluation(True, min_rows)
    assert _play_conflicting(40, 70) == expected


def test_a_frame_in_which_every_row_leaves_makes_one_segment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Keys edited under 2,000 interleaved rows: each leaves at its turn. The scene makes a
    segment once that frame and steps the rest by runs (not a rescan of the list per row)."""
    batch.set_batched_evaluation(True, 16)
    scene = _scene()
    anims = _animations()
    for i in range(2000):
        node = BABYLON.TransformNode(f"n{i}", scene)
        node.animations = [anims["position"]]
        scene.beginAnimation(node, 0, (60, 50)[i % 2], True)
    for _ in range(3):
        scene._animate(16)
    made = [0]
    regroup = batch_segments._regroup

    def counted(rows: list[Any]) -> Any:
        made[0] += 1
        return regroup(rows)

    monkeypatch.setattr(batch_segments, "_regroup", counted)
    anims["position"].setKeys(
        [{"frame": 0, "value": BABYLON.Vector3(1, 1, 1)}, {"frame": 60, "value": BABYLON.Vector3()}]
    )
    scene._animate(16)
    assert made[0] <= 1
    # Each left, took its scalar step on the new keys and joined a kind of the new version.
    kinds = {a._batchRow[0] for a in scene._activeAnimatables}
    assert len(kinds) == 2
    assert all(kind.current_versions() for kind in kinds)


@pytest.mark.parametrize("min_rows", [1, 16])
def test_warm_regrouped_frames_allocate_nothing_net(min_rows: int) -> None:
    batch.set_batched_evaluation(True, min_rows)
    scene = _scene()
    anims = _animations()
    for i in range(60):
        node = BABYLON.TransformNode(f"n{i}", scene)
        node.animations = [anims["position"], anims["spin"]]
        scene.beginAnimation(node, 0, (60, 50, 40)[i % 3], True)
    for _ in range(200):
        scene._animate(16)
    assert _traced_growth(scene, warm=0) <= 2048


def test_a_row_that_keeps_leaving_waits_longer_each_time(monkeypatch: pytest.MonkeyPatch) -> None:
    """A speed ramp moves every row to another kind each frame: admitting it again every
    frame cost twice the scalar path. A row that keeps leaving waits 0, 1, 3, ... 31 scalar
    steps before it joins again (the same numbers: the waits are scalar steps)."""
    import math

    batch.set_batched_evaluation(True, 16)
    admitted = [0]
    admit = batch.BatchKind.admit

    def counted(self: Any, animatable: Any, specs: Any = None) -> None:
        admitted[0] += 1
        admit(self, animatable, specs)

    monkeypatch.setattr(batch.BatchKind, "admit", counted)
    scene = _scene()
    anims = _animations()
    animatables = []
    for i in range(32):
        node = BABYLON.TransformNode(f"n{i}", scene)
        node.animations = [anims["position"]]
        animatables.append(scene.beginAnimation(node, 0, 60, True))
    for f in range(200):
        for animatable in animatables:
            animatable.speedRatio = 1 + 0.25 * math.sin(f)
        scene._animate(16)
    # Waits 0, 1, 3, 7, 15, 31, 31, ...: 11 admissions per row in 200 frames, not 200.
    assert admitted[0] <= 32 * 11


def test_rows_of_a_looping_group_join_again_right_after_each_loop() -> None:
    """An AnimationGroup watches its animatables' loops, so its rows leave the batch at every
    loop (the scalar step fires the callback). That is no churn: they join again at once,
    not after a growing wait."""
    batch.set_batched_evaluation(True, 16)
    scene = _scene()
    anims = _animations()
    group = BABYLON.AnimationGroup("g", scene)
    for i in range(32):
        node = BABYLON.TransformNode(f"n{i}", scene)
        group.addTargetedAnimation(anims["position"], node)
        group.addTargetedAnimation(anims["spin"], node)
    loops = [0]
    group.onAnimationGroupLoopObservable.add(lambda *_: loops.__setitem__(0, loops[0] + 1))
    group.play(True)
    out_frames = 0
    for _ in range(400):
        scene._animate(16)
        out_frames += any(a._batchRow is None for a in scene._activeAnimatables)
    assert loops[0] >= 5
    # The first frame (not yet admitted) and one frame per loop at most.
    assert out_frames <= 1 + loops[0]


def _play_group_loops(frames: int = 300) -> tuple[list[list[float]], list[tuple[int, str]], Any]:
    # Two groups whose tracks loop on different frames (ranges 60, 45 and 30 frames at
    # different speeds); the groups' loop counters run quietly in the batch until an observer
    # is added (frame 120), after which the loops are the scalar path's again.
    scene = _scene()
    anims = _animations()
    short = Anim("s", "scaling", 60, Anim.ANIMATIONTYPE_VECTOR3, Anim.ANIMATIONLOOPMODE_CYCLE)
    short.setKeys(
        [
            {"frame": 0, "value": BABYLON.Vector3(1, 1, 1)},
            {"frame": 45, "value": BABYLON.Vector3(2, 1, 2)},
        ]
    )
    groups = []
    nodes = []
    for g in range(2):
        group = BABYLON.AnimationGroup(f"g{g}", scene)
        for i in range(24):
            node = BABYLON.TransformNode(f"n{g}_{i}", scene)
            group.addTargetedAnimation((anims["position"], short, anims["spin"])[i % 3], node)
            nodes.append(node)
        groups.append(group)
    events: list[tuple[int, str]] = []
    counters: list[list[tuple[int, list[int]]]] = []
    groups[0].play(True)
    groups[1].play(True)
    groups[1].speedRatio = 1.5
    states = []
    now = [0]
    for step in range(frames):
        now[0] = step
        if step == 120:
            groups[0].onAnimationGroupLoopObservable.add(
                lambda g, *_: events.append((now[0], g.name))
            )
            groups[1].onAnimationLoopObservable.add(lambda t, *_: events.append((now[0], "t")))
        scene._animate(16)
        states.append(_state(nodes, []))
        # The counters are private, but they decide when the next observer call comes.
        counters.append([(g._animationLoopCount, sorted(g._animationLoopFlags)) for g in groups])
    return states, events, counters


@pytest.mark.parametrize("min_rows", [1, 16])
def test_group_loops_are_counted_in_the_batch_as_on_the_scalar_path(min_rows: int) -> None:
    batch.set_batched_evaluation(False)
    expected = _play_group_loops()
    batch.set_batched_evaluation(True, min_rows)
    got = _play_group_loops()
    assert got[2] == expected[2]
    assert got[1] == expected[1]
    assert len(expected[1]) > 10
    assert got[0] == expected[0]


def test_rows_of_a_group_nobody_watches_stay_in_the_batch_when_they_loop() -> None:
    batch.set_batched_evaluation(True, 16)
    scene = _scene()
    anims = _animations()
    group = BABYLON.AnimationGroup("g", scene)
    for i in range(32):
        node = BABYLON.TransformNode(f"n{i}", scene)
        group.addTargetedAnimation(anims["position"], node)
        group.addTargetedAnimation(anims["spin"], node)
    group.play(True)
    out_frames = 0
    for _ in range(400):
        scene._animate(16)
        out_frames += any(a._batchRow is None for a in scene._activeAnimatables)
    assert out_frames == 0  # (a row joins right after its first, scalar, step)
    # Every animatable looped in the last wrap: the counter was reset there.
    assert group._animationLoopCount in (0, len(scene._activeAnimatables))


def _random_scene(seed: int, frames: int = 70) -> tuple[list[list[float]], list[tuple[int, str]]]:
    """A seeded mix of what real ports put next to each other: shared and own animations,
    glTF-style frames (float32 seconds x 60), key easings, groups whose loops are watched or
    not, materials, speeds; and scripted changes while they play."""
    import random

    rng = random.Random(seed)
    scene = _scene()
    anims = _animations()
    nodes: list[Any] = []
    materials: list[Any] = []
    events: list[tuple[int, str]] = []
    now = [0]
    groups: list[Any] = []

    def own(path: str, data_type: int, value: Callable[[], Any]) -> Any:
        animation = Anim(path, path, 60, data_type, Anim.ANIMATIONLOOPMODE_CYCLE)
        glTF = rng.random() < 0.5
        times = sorted(rng.sample(range(1, 59), rng.randint(1, 3)))
        keys = []
        for frame in [0, *times, 60]:
            f = float(np.float32(frame / 60 * 1.37)) * 60 / 1.37 if glTF and frame else frame
            key: dict[str, Any] = {"frame": f, "value": value()}
            if rng.random() < 0.3:
                key["easingFunction"] = rng.choice(
                    [BABYLON.SineEase(), BABYLON.CubicEase(), BABYLON.BackEase(0.5)]
                )
            keys.append(key)
        animation.setKeys(keys)
        return animation

    for i in range(rng.randint(20, 60)):
        node = BABYLON.TransformNode(f"n{i}", scene)
        nodes.append(node)
        speed = rng.choice((1.0, 1.5, 2.0, 0.75))
        roll = rng.random()
        if roll < 0.35:
            node.animations = [anims["position"], anims["spin"]]
            scene.beginAnimation(node, 0, 60, True, speed)
        elif roll < 0.6:
            node.animations = [
                own(
                    "position",
                    Anim.ANIMATIONTYPE_VECTOR3,
                    lambda: BABYLON.Vector3(rng.random(), rng.random(), rng.random()),
                ),
                own("scaling.x", Anim.ANIMATIONTYPE_FLOAT, rng.random),
            ]
            scene.beginAnimation(node, 0, 60, True, speed)
        elif roll < 0.85:
            if not groups or rng.random() < 0.3:
                groups.append(BABYLON.AnimationGroup(f"g{len(groups)}", scene))
            groups[-1].addTargetedAnimation(anims["position"], node)
            groups[-1].addTargetedAnimation(
                own("rotation.y", Anim.ANIMATIONTYPE_FLOAT, rng.random), node
            )
        else:
            material = BABYLON.StandardMaterial(f"m{i}", scene)
            materials.append(material)
            scene.beginDirectAnimation(material, [anims["alpha"]], 0, 30, True, speed)
    for group in groups:
        group.play(True)
        group.speedRatio = rng.choice((1.0, 1.25))
    watched = rng.randrange(len(groups)) if groups else -1
    states = []
    for step in range(frames):
        now[0] = step
        if step == 25 and watched >= 0:
            groups[watched].onAnimationGroupLoopObservable.add(
                lambda g, *_: events.append((now[0], g.name))
            )
        if step == 40 and nodes:
            node = nodes[rng.randrange(len(nodes))]
            animatable = scene.getAnimatableByTarget(node)
            if animatable is not None:
                animatable.speedRatio = 1.7
        if step == 50 and nodes:
            node = nodes[rng.randrange(len(nodes))]
            if node.animations:
                keys = node.animations[0].getKeys()
                keys[-1]["easingFunction"] = BABYLON.QuadraticEase()
                keys[0]["easingFunction"] = BABYLON.QuadraticEase()
        scene._animate(16)
        states.append(_state(nodes, materials))
    return states, events


@pytest.mark.parametrize("seed", range(12))
def test_random_mixes_give_the_scalar_numbers(seed: int) -> None:
    """Batched (every kind vectorised, or the default) against batching off, bit for bit; and
    against the compat evaluator (native delegation off) within float32 rounding, the tracks
    Lite's clips could take being rounded as Lite rounds them (the rest are exact)."""
    from lite_compat.animations import state

    previous = state.native_delegation_enabled()
    try:
        state.set_native_delegation(False)
        reference = _random_scene(seed)
        state.set_native_delegation(True)
        batch.set_batched_evaluation(False)
        expected = _random_scene(seed)
        for min_rows in (1, 16):
            batch.set_batched_evaluation(True, min_rows)
            got = _random_scene(seed)
            assert got[1] == expected[1]
            for step, (a, b) in enumerate(zip(got[0], expected[0], strict=True)):
                assert a == b, f"min_rows {min_rows}, frame {step}"
    finally:
        state.set_native_delegation(previous)
    assert expected[1] == reference[1]
    for a, b in zip(expected[0], reference[0], strict=True):
        assert a == pytest.approx(b, rel=1e-6, abs=1e-6)


def _play_own_clips(count: int, frames: int = 90) -> tuple[list[list[float]], int]:
    """Nodes each with their OWN position / rotationQuaternion / eased scaling.x animations of
    one shape (key frames and values differ per node), as ports write them; one node's keys
    are edited while they play and another's easing changes."""
    import random

    rng = random.Random(7)
    scene = _scene()
    nodes = []
    easings: list[Callable[[], Any]] = [
        lambda: None,
        BABYLON.CubicEase,
        BABYLON.SineEase,
        lambda: BABYLON.PowerEase(2.5),
    ]
    for i in range(count):
        node = BABYLON.TransformNode(f"n{i}", scene)
        node.rotationQuaternion = BABYLON.Quaternion.Identity()
        mid = 20 + rng.randint(0, 20)
        p = Anim("p", "position", 60, Anim.ANIMATIONTYPE_VECTOR3, Anim.ANIMATIONLOOPMODE_CYCLE)
        p.setKeys(
            [
                {"frame": 0, "value": BABYLON.Vector3(0, 0, 0)},
                {"frame": mid, "value": BABYLON.Vector3(rng.random(), 2, 3)},
                {"frame": 60, "value": BABYLON.Vector3(0, 0, 0)},
            ]
        )
        q = Anim(
            "q",
            "rotationQuaternion",
            60,
            Anim.ANIMATIONTYPE_QUATERNION,
            Anim.ANIMATIONLOOPMODE_CYCLE,
        )
        q.setKeys(
            [
                {"frame": 0, "value": BABYLON.Quaternion.Identity()},
                {
                    "frame": mid,
                    "value": BABYLON.Quaternion.RotationAxis(
                        BABYLON.Vector3(0, 1, 0), rng.random() * 3
                    ),
                },
                {"frame": 60, "value": BABYLON.Quaternion.Identity()},
            ]
        )
        s = Anim("s", "scaling.x", 60, Anim.ANIMATIONTYPE_FLOAT, Anim.ANIMATIONLOOPMODE_CYCLE)
        s.setKeys(
            [
                {"frame": 0, "value": 1},
                {"frame": mid, "value": 1 + rng.random()},
                {"frame": 60, "value": 1},
            ]
        )
        ease = easings[i % len(easings) if i < count // 2 else 1]()
        if ease is not None:
            ease.setEasingMode(i % 3)
            s.setEasingFunction(ease)
        node.animations = [p, q, s]
        scene.beginAnimation(node, 0, 60, True, (1.0, 1.5)[i % 2])
        nodes.append(node)
    states = []
    for step in range(frames):
        if step == 30:
            nodes[5].animations[0].getKeys()[1]["value"].y = -7.0  # in place, one row's own
        if step == 45:
            nodes[9].animations[2].setEasingFunction(BABYLON.BounceEase())
        if step == 60:
            nodes[11].animations[1].setKeys(nodes[12].animations[1].getKeys())
        scene._animate(16)
        states.append(_state(nodes, []))
    kinds = len({a._batchRow[0] for a in scene._activeAnimatables if a._batchRow is not None})
    return states, kinds


@pytest.mark.parametrize("min_rows", [1, 16])
def test_own_clips_of_one_shape_share_kinds_and_give_the_scalar_numbers(min_rows: int) -> None:
    batch.set_batched_evaluation(False)
    expected, _ = _play_own_clips(64)
    batch.set_batched_evaluation(True, min_rows)
    got, kinds = _play_own_clips(64)
    # One kind (each row at its own speed; the edited rows may sit in two more), not one per
    # node.
    assert kinds <= 3
    for step, (a, b) in enumerate(zip(got, expected, strict=True)):
        assert a == b, f"frame {step}"


def test_own_clips_step_in_one_pass_per_track(monkeypatch: pytest.MonkeyPatch) -> None:
    batch.set_batched_evaluation(True, 16)
    calls = [0]
    sample_table = batch_sampling.sample_table

    def counted(*args: Any) -> Any:
        calls[0] += 1
        return sample_table(*args)

    monkeypatch.setattr(batch_sampling, "sample_table", counted)
    _play_own_clips(64, 10)
    # 1 kind (rows at two speeds) x 3 tracks a frame once vectorised (the first frames are
    # scalar).
    assert 0 < calls[0] <= 10 * 1 * 3


def test_warm_own_clip_frames_allocate_nothing_net() -> None:
    batch.set_batched_evaluation(True, 16)
    scene = _scene()
    anims = _animations()
    for i in range(48):
        node = BABYLON.TransformNode(f"n{i}", scene)
        own = Anim("p", "position", 60, Anim.ANIMATIONTYPE_VECTOR3, Anim.ANIMATIONLOOPMODE_CYCLE)
        own.setKeys(
            [
                {"frame": 0, "value": BABYLON.Vector3(i, 0, 0)},
                {"frame": 20 + i % 20, "value": BABYLON.Vector3(1, 2, 3)},
                {"frame": 60, "value": BABYLON.Vector3(0, 0, i)},
            ]
        )
        node.animations = [own, anims["spin"]]
        scene.beginAnimation(node, 0, 60, True)
    for _ in range(200):
        scene._animate(16)
    assert not next(iter(scene._compatBatchKinds.values())).uniform
    assert _traced_growth(scene, warm=100) <= 2048
