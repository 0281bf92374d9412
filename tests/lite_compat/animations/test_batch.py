"""Tests of lite_compat.animations.batch: compat's own native sampler and the batched rows."""

from __future__ import annotations

import tracemalloc
from collections.abc import Iterator
from typing import Any

import pytest

import lite_compat as BABYLON  # noqa: N812
from lite_compat.animations import batch

# Babylon.js 9.31 under Node (NullEngine, scene._animate(16) per frame): rotationQuaternion of a
# node playing Identity -> RotationAxis(normalize(0.3, 1, 0.2), angle) -> normalize(0.1, -0.2,
# 0.3, -0.9) at frames 0/30/60, sampled after the listed step. angle 0.004 has a key dot of
# cos(0.002) (between Lite's 0.9995 nlerp threshold and Babylon's 0.999999: Babylon slerps),
# angle 0.001 a dot above 0.999999 (Babylon lerps WITHOUT renormalising: |q| != 1).
BABYLON_ROTATIONS: dict[float, list[tuple[int, float, float, float, float]]] = {
    3.0: [
        (3, 0.04049883818661735, 0.1349961272887245, 0.0269992254577449, 0.9896499035251115),
        (20, 0.23118918105139077, 0.770630603504636, 0.15412612070092718, 0.5735199860724567),
        (37, 0.23327896461286712, 0.9189623984813121, 0.09367175046676861, 0.3038332404644261),
        (52, 0.04599605440064698, 0.5981185542721611, -0.1639352518926956, 0.783111608394251),
        (65, 0.0337847314790848, 0.11261577159694934, 0.02252315431938987, 0.9928086358538663),
    ],
    0.004: [
        (
            3,
            5.418552168597935e-05,
            0.0001806184056199312,
            3.612368112398624e-05,
            0.9999999815680002,
        ),
        (
            20,
            0.00036123671481757684,
            0.0012041223827252562,
            0.00024082447654505125,
            0.9999991808001119,
        ),
        (37, -0.01889249333110327, 0.040262849985992485, -0.05776154519746616, 0.9973392504575064),
        (52, -0.06892824105454763, 0.13889149921654498, -0.20723754314815215, 0.9659247640165481),
        (65, 4.5154601489753e-05, 0.0001505153382991767, 3.010306765983534e-05, 0.9999999872),
    ],
    0.001: [
        (
            3,
            1.3546379940291285e-05,
            4.515459980097096e-05,
            9.03091996019419e-06,
            0.9999999880000003,
        ),
        (
            20,
            9.03091996019419e-05,
            0.00030103066533980634,
            6.020613306796127e-05,
            0.9999999200000017,
        ),
        (37, -0.019241959405531136, 0.03910339637915123, -0.057996899652632335, 0.9973650440137418),
        (52, -0.06907590209224092, 0.13841057113722663, -0.2073409168185486, 0.9659610643087293),
        (
            65,
            1.1288649950242729e-05,
            3.7628833167475766e-05,
            7.525766633495154e-06,
            0.9999999900000002,
        ),
    ],
}


@pytest.fixture(params=["off", "on", "force"])
def mode(request: pytest.FixtureRequest) -> Iterator[str]:
    previous = batch.batched_evaluation_enabled()
    batch.set_batched_evaluation(request.param != "off", 1 if request.param == "force" else 16)
    yield str(request.param)
    batch.set_batched_evaluation(previous, 16)


def _scene() -> Any:
    scene = BABYLON.Scene(BABYLON.NullEngine())
    scene.useConstantAnimationDeltaTime = True
    return scene


def _rotation_nodes(scene: Any) -> dict[float, Any]:
    nodes = {}
    for angle in BABYLON_ROTATIONS:
        anim = BABYLON.Animation(
            "r",
            "rotationQuaternion",
            60,
            BABYLON.Animation.ANIMATIONTYPE_QUATERNION,
            BABYLON.Animation.ANIMATIONLOOPMODE_CYCLE,
        )
        axis = BABYLON.Vector3(0.3, 1, 0.2).normalize()
        anim.setKeys(
            [
                {"frame": 0, "value": BABYLON.Quaternion.Identity()},
                {"frame": 30, "value": BABYLON.Quaternion.RotationAxis(axis, angle)},
                {"frame": 60, "value": BABYLON.Quaternion(0.1, -0.2, 0.3, -0.9).normalize()},
            ]
        )
        node = BABYLON.TransformNode(f"n{angle}", scene)
        node.rotationQuaternion = BABYLON.Quaternion.Identity()
        node.animations = [anim]
        scene.beginAnimation(node, 0, 60, True)
        nodes[angle] = node
    return nodes


def test_quaternion_tracks_are_native_and_equal_babylons_slerp_to_the_bit(mode: str) -> None:
    scene = _scene()
    nodes = _rotation_nodes(scene)
    seen: dict[float, list[tuple[int, float, float, float, float]]] = {a: [] for a in nodes}
    frames = {row[0] for row in BABYLON_ROTATIONS[3.0]}
    for frame in range(70):
        scene._animate(16)
        if frame in frames:
            for angle, node in nodes.items():
                q = node.rotationQuaternion
                seen[angle].append((frame, q.x, q.y, q.z, q.w))
    assert seen == BABYLON_ROTATIONS
    for node in nodes.values():
        owners = scene.getAnimatableByTarget(node).getTrackOwners()
        assert owners == [("rotationQuaternion", "native", None)]
    rows = [a._batchRow for a in scene._activeAnimatables]
    if mode == "off":
        assert rows == [None, None, None]
    else:
        # Rows from the first one; three rows of one kind are vectorised only when forced.
        assert all(row is not None for row in rows)
        assert {row[0].vectorised for row in rows} == {mode == "force"}


def _workload(scene: Any, count: int) -> list[Any]:
    anim = BABYLON.Animation
    position = anim("p", "position", 60, anim.ANIMATIONTYPE_VECTOR3, anim.ANIMATIONLOOPMODE_CYCLE)
    position.setKeys(
        [
            {"frame": 0, "value": BABYLON.Vector3(0, 0, 0)},
            {"frame": 30, "value": BABYLON.Vector3(1, 2, 3)},
            {"frame": 60, "value": BABYLON.Vector3(0, 0, 0)},
        ]
    )
    rotation = anim(
        "r", "rotationQuaternion", 60, anim.ANIMATIONTYPE_QUATERNION, anim.ANIMATIONLOOPMODE_CYCLE
    )
    rotation.setKeys(
        [
            {"frame": 0, "value": BABYLON.Quaternion.Identity()},
            {"frame": 30, "value": BABYLON.Quaternion.RotationAxis(BABYLON.Vector3(0, 1, 0), 1.5)},
            {"frame": 60, "value": BABYLON.Quaternion.Identity()},
        ]
    )
    scaling = anim("s", "scaling.x", 60, anim.ANIMATIONTYPE_FLOAT, anim.ANIMATIONLOOPMODE_CYCLE)
    scaling.setKeys(
        [{"frame": 0, "value": 1}, {"frame": 30, "value": 2}, {"frame": 60, "value": 1}]
    )
    ease = BABYLON.CubicEase()
    ease.setEasingMode(BABYLON.EasingFunction.EASINGMODE_EASEINOUT)
    scaling.setEasingFunction(ease)
    nodes = []
    for i in range(count):
        node = BABYLON.TransformNode(f"n{i}", scene)
        node.rotationQuaternion = BABYLON.Quaternion.Identity()
        node.animations = [position, rotation, scaling]
        # Staggered starts: the rows wrap on different frames.
        scene.beginAnimation(node, 0, 60, True, 1.0 + (i % 3) * 0.25)
        nodes.append(node)
    return nodes


def _state(nodes: list[Any]) -> list[tuple[float, ...]]:
    out = []
    for node in nodes:
        p, q, s = node.position, node.rotationQuaternion, node.scaling
        out.append((p.x, p.y, p.z, q.x, q.y, q.z, q.w, s.x, s.y, s.z))
    return out


def _play(scripted: bool) -> tuple[list[list[tuple[float, ...]]], list[float]]:
    scene = _scene()
    nodes = _workload(scene, 24)
    states, frames = [], []
    for step in range(150):
        if scripted and step == 40:
            scene.getAnimatableByTarget(nodes[3]).pause()
            scene.getAnimatableByTarget(nodes[5]).speedRatio = 2.5
        if scripted and step == 55:
            scene.getAnimatableByTarget(nodes[3]).restart()
            scene.getAnimatableByTarget(nodes[7]).goToFrame(12)
        if scripted and step == 70:
            scene.getAnimatableByTarget(nodes[9]).stop()
            scene.getAnimatableByTarget(nodes[11]).onAnimationLoopObservable.add(
                lambda *_: frames.append(-1.0)
            )
        scene._animate(16)
        states.append(_state(nodes))
        frames.append(scene.getAnimatableByTarget(nodes[0]).masterFrame)
    return states, frames


@pytest.mark.parametrize("min_rows", [1, 16])
@pytest.mark.parametrize("scripted", [False, True])
def test_batched_rows_give_the_numbers_of_the_scalar_path(scripted: bool, min_rows: int) -> None:
    # min_rows 1: every kind vectorised; 16: three kinds of 8 rows, stepped row by row.
    previous = batch.batched_evaluation_enabled()
    try:
        batch.set_batched_evaluation(False)
        expected = _play(scripted)
        batch.set_batched_evaluation(True, min_rows)
        got = _play(scripted)
    finally:
        batch.set_batched_evaluation(previous, 16)
    assert got == expected


def test_a_kind_is_vectorised_once_it_has_enough_rows() -> None:
    previous = batch.batched_evaluation_enabled()
    batch.set_batched_evaluation(True, 16)
    try:
        scene = _scene()
        few = _workload(scene, 10)  # three speeds, one kind of 10 rows
        scene._animate(16)
        scene._animate(16)
        assert all(a._batchRow for a in scene._activeAnimatables)
        assert not any(a._batchRow[0].vectorised for a in scene._activeAnimatables)
        # Other Animation objects of the same shape (tracks, key counts, ranges) join the same
        # kind, with their own keys and speeds: it fills up (its clocks move to arrays).
        more = _workload(scene, 60)
        scene._animate(16)
        scene._animate(16)
        rows = [scene.getAnimatableByTarget(n)._batchRow for n in few + more]
    finally:
        batch.set_batched_evaluation(previous, 16)
    kinds = {kind for kind, _ in rows}
    assert len(kinds) == 1
    (kind,) = kinds
    assert kind.vectorised and not kind.uniform
    # Each row at its own speed: framePerSecond x speedRatio, as the scalar clock multiplies.
    speeds = {scene.getAnimatableByTarget(n).speedRatio for n in few + more}
    assert len(speeds) == 3
    assert sorted({float(kind.rate[row]) for _, row in rows}) == sorted(60 * s for s in speeds)


def test_turning_batching_off_moves_rows_back_to_the_scalar_path() -> None:
    previous = batch.batched_evaluation_enabled()
    batch.set_batched_evaluation(True, 1)
    try:
        scene = _scene()
        _workload(scene, 20)
        scene._animate(16)
        scene._animate(16)
        assert all(a._batchRow is not None for a in scene._activeAnimatables)
        batch.set_batched_evaluation(False)
        scene._animate(16)
        assert not any(a._batchRow for a in scene._activeAnimatables)
    finally:
        batch.set_batched_evaluation(previous, 16)


@pytest.mark.parametrize("min_rows", [1, 64])
def test_warm_batched_frames_allocate_nothing_net(min_rows: int) -> None:
    # min_rows 1: the numpy pass; 64: the same 16 rows stepped row by row.
    previous = batch.batched_evaluation_enabled()
    batch.set_batched_evaluation(True, min_rows)
    try:
        scene = _scene()
        _workload(scene, 16)
        for _ in range(200):
            scene._animate(16)
        tracemalloc.start()
        try:
            before = tracemalloc.get_traced_memory()[0]
            for _ in range(1000):
                scene._animate(16)
            after = tracemalloc.get_traced_memory()[0]
        finally:
            tracemalloc.stop()
    finally:
        batch.set_batched_evaluation(previous, 16)
    # Kind state created once (the run cache, easing scratch) is the only difference.
    assert after - before <= 2048


def test_a_scene_that_records_writes_has_no_batch_rows() -> None:
    # A RootMotionController reads every write as it is made (RuntimeAnimation._recordWrites):
    # its scene steps every animatable on the scalar path; another scene still batches.
    previous = batch.batched_evaluation_enabled()
    batch.set_batched_evaluation(True, 1)
    try:
        recording, plain = _scene(), _scene()
        for scene in (recording, plain):
            _rotation_nodes(scene)
        BABYLON.RuntimeAnimation._recordWrites(recording, True)
        for _ in range(3):
            recording._animate(16)
            plain._animate(16)
        assert sum(a._batchRow is not None for a in recording._activeAnimatables) == 0
        assert sum(a._batchRow is not None for a in plain._activeAnimatables) == 3
        BABYLON.RuntimeAnimation._recordWrites(recording, False)
        for _ in range(2):
            recording._animate(16)
        assert sum(a._batchRow is not None for a in recording._activeAnimatables) == 3
    finally:
        batch.set_batched_evaluation(previous, 16)


def _play_replacing_leaves() -> list[tuple[list[tuple[float, ...]], list[bool], list[int]]]:
    scene = _scene()
    nodes = _workload(scene, 48)
    kept = (nodes[4].position, nodes[6].scaling, nodes[8].rotationQuaternion)
    out = []
    for step in range(90):
        if step == 30:
            # New objects: the rows write into them from the next step on.
            nodes[4].position = BABYLON.Vector3(5, 5, 5)
            nodes[6].scaling = BABYLON.Vector3(2, 2, 2)
            nodes[8].rotationQuaternion = BABYLON.Quaternion.Identity()
        if step % 7 == 0:
            nodes[step % 48].computeWorldMatrix(True)  # clean again: marked at the next step
        scene._animate(16)
        old = [v for obj in kept for v in (obj.x, obj.y, obj.z)]
        out.append((_state(nodes), [n._isDirty for n in nodes], old))
    return out


@pytest.mark.parametrize("min_rows", [1, 16])
def test_replaced_leaves_and_cleaned_nodes_are_seen_by_the_rows(min_rows: int) -> None:
    previous = batch.batched_evaluation_enabled()
    try:
        batch.set_batched_evaluation(False)
        expected = _play_replacing_leaves()
        batch.set_batched_evaluation(True, min_rows)
        got = _play_replacing_leaves()
    finally:
        batch.set_batched_evaluation(previous, 16)
    assert got == expected


def test_a_kind_leaves_its_scene_with_its_last_row() -> None:
    """A speed ramp (``speedRatio = 1 + 0.25 sin(f)`` on 32 nodes) makes a kind per speed; a kind
    whose rows have all left is dropped, so the scene keeps a bounded number of kinds (4,500
    after 4,000 frames when kinds lived for ever)."""
    import math

    previous = batch.batched_evaluation_enabled()
    batch.set_batched_evaluation(True, 16)
    try:
        scene = _scene()
        nodes = _workload(scene, 32)
        animatables = [scene.getAnimatableByTarget(n) for n in nodes]
        counts = []
        for f in range(400):
            for animatable in animatables:
                animatable.speedRatio = 1 + 0.25 * math.sin(f)
            scene._animate(16)
            counts.append(len(scene._compatBatchKinds))
    finally:
        batch.set_batched_evaluation(previous, 16)
    # One speed for every row each frame: the frame's own kind (a kind per Animation set) at
    # most, never the ramp's history.
    assert max(counts) <= 3, max(counts)
    live = {a._batchRow[0] for a in animatables if a._batchRow is not None}
    assert set(scene._compatBatchKinds.values()) >= live


def test_the_node_members_the_batch_matches_by_name_are_where_it_looks() -> None:
    """The batch recognises TransformNode's leaf properties, setter side effects and
    markAsDirty by module and qualified name (animations never import the scene objects);
    moving TransformNode would silently turn those fast paths off. This test fails first."""
    from lite_compat.animations.state import _drop_quaternion, setter_effect, zero_rotation

    node = BABYLON.TransformNode
    assert setter_effect(node, "rotationQuaternion") is zero_rotation
    assert setter_effect(node, "rotation") is _drop_quaternion
    for name in ("position", "scaling", "rotationQuaternion"):
        assert batch._epoch_property(node, name), name
    scene = _scene()
    nodes = _workload(scene, 2)
    scene._animate(16)
    kind = scene.getAnimatableByTarget(nodes[0])._batchRow[0]
    assert kind.mark_if_clean
    assert kind.epoch_leaf[0] is True
