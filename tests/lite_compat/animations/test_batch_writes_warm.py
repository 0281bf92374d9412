"""``batch_writes.Warm`` (a gather over the words a run's stores will touch, made before them)
reads the right words, and a scene whose rows warm their writes gives the numbers of the same
scene without it, frame by frame, with leaves replaced, keys edited and nodes disposed between
frames and inside ``onBeforeRenderObservable``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import lite_compat as bjs
from lite_compat.animations import batch_writes
from lite_compat.animations.batch_writes import WARM_MIN, Warm, set_write_warming
from lite_compat.animations.object_words import SUPPORTED

pytestmark = pytest.mark.skipif(not SUPPORTED, reason="object layout not read here")


def test_touch_reads_each_objects_type_and_member_words() -> None:
    objects: list[Any] = [bjs.Vector3(i, 0, 0) for i in range(WARM_MIN)]
    objects += [bjs.Quaternion(0, 0, 0, i) for i in range(WARM_MIN)]
    warm = Warm.build(objects)
    assert warm is not None
    words = set(warm.touch().tolist())
    # The type word of each object, and its last member (z of a Vector3, w... the slots in
    # layout order: the last one of a Quaternion holds its fourth component).
    assert id(bjs.Vector3) in words and id(bjs.Quaternion) in words
    for v in objects[:WARM_MIN]:
        assert id(v.z) in words
    for q in objects[WARM_MIN:]:
        last = type(q).__slots__[-1]
        assert id(getattr(q, last)) in words
    assert len(warm.touch()) == 2 * len(objects)


def test_build_refuses_small_lists_and_when_off() -> None:
    assert Warm.build([bjs.Vector3() for _ in range(WARM_MIN - 1)]) is None
    previous = set_write_warming(False)
    try:
        assert Warm.build([bjs.Vector3() for _ in range(WARM_MIN)]) is None
    finally:
        set_write_warming(previous)


def _scene(count: int, seed: int) -> tuple[Any, list[Any]]:
    rng = random.Random(seed)
    engine = bjs.NullEngine()
    scene = bjs.Scene(engine)
    scene.useConstantAnimationDeltaTime = True
    bjs.FreeCamera("camera", bjs.Vector3(0, 0, -10), scene)
    anim = bjs.Animation
    nodes = []
    for i in range(count):
        mid = 10 + i % 40
        a, b = rng.random(), rng.random()
        position = anim("p", "position", 60, anim.ANIMATIONTYPE_VECTOR3, 1)
        position.setKeys(
            [
                {"frame": 0, "value": bjs.Vector3(a, b, 0)},
                {"frame": mid, "value": bjs.Vector3(b, a, 1)},
                {"frame": 60, "value": bjs.Vector3(a, b, 0)},
            ]
        )
        rotation = anim("r", "rotationQuaternion", 60, anim.ANIMATIONTYPE_QUATERNION, 1)
        axis = bjs.Vector3(0, 1, 0)
        rotation.setKeys(
            [
                {"frame": 0, "value": bjs.Quaternion.RotationAxis(axis, a)},
                {"frame": mid, "value": bjs.Quaternion.RotationAxis(axis, 1 + b)},
                {"frame": 60, "value": bjs.Quaternion.RotationAxis(axis, a)},
            ]
        )
        scaling = anim("s", "scaling.x", 60, anim.ANIMATIONTYPE_FLOAT, 1)
        scaling.setKeys([{"frame": 0, "value": 1 + a}, {"frame": 60, "value": 2 + b}])
        node = bjs.TransformNode(f"n{i}", scene)
        node.rotationQuaternion = bjs.Quaternion.Identity()
        node.animations = [position, rotation, scaling]
        scene.beginAnimation(node, 0, 60, True)
        nodes.append(node)
    return scene, nodes


def _edit(rng: random.Random, nodes: list[Any]) -> None:
    node = nodes[rng.randrange(len(nodes))]
    pick = rng.randrange(4)
    if pick == 0:
        node.position = bjs.Vector3(9, 9, 9)  # the runtime's own leaf goes back
    elif pick == 1:
        node.animations[0].getKeys()[1]["value"].x = rng.random()
    elif pick == 2 and not node.isDisposed():
        node.dispose()
    else:
        node.scaling = bjs.Vector3(3, 3, 3)


def _warmed(scene: Any) -> bool:
    return any(
        run.warm and any(w is not batch_writes._nothing for w in run.warm)
        for kind in scene._compatBatchKinds.values()
        for run in kind._runs.values()
    )


def _run(warming: bool, seed: int) -> list[list[float]]:
    previous = set_write_warming(warming)
    try:
        scene, nodes = _scene(WARM_MIN + 40, seed)
        rng = random.Random(seed + 1)

        def inside(*_: Any) -> None:
            if rng.random() < 0.3:
                _edit(rng, nodes)

        frames: list[list[float]] = []
        for frame in range(10):
            if frame > 3:
                _edit(rng, nodes)
            scene.render()
            row: list[float] = []
            for n in nodes:
                q = n.rotationQuaternion
                row += [n.position.x, n.position.y, n.position.z, q.x, q.y, q.z, q.w]
                row.append(n.scaling.x)
            frames.append(row)
            if frame == 3:
                # Before any edit: one run of every row, warmed from its second commit on.
                assert _warmed(scene) is warming
                scene.onBeforeRenderObservable.add(inside)
        scene.dispose()
        return frames
    finally:
        set_write_warming(previous)


@pytest.mark.parametrize("seed", [3, 11])
def test_warmed_scene_equals_unwarmed(seed: int) -> None:
    assert _run(True, seed) == _run(False, seed)
