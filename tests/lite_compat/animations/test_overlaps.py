"""The overlap index's membership tables against an index rebuilt from the active list."""

from __future__ import annotations

import random

from lite_compat.animations.animation import Animation
from lite_compat.animations.overlaps import OverlapIndex, overlap_index
from lite_compat.engines.engine_store import NullEngine
from lite_compat.math import Vector3
from lite_compat.nodes.transform_node import TransformNode
from lite_compat.scene.scene import Scene


def _animation(name: str, path: str, kind: int, a: object, b: object) -> Animation:
    animation = Animation(name, path, 30, kind, Animation.ANIMATIONLOOPMODE_CYCLE)
    animation.setKeys([{"frame": 0, "value": a}, {"frame": 10, "value": b}])
    return animation


def _tables(index: OverlapIndex) -> tuple[object, ...]:
    # Runtime ids per animatable as sets (an int for one is the index's compact form).
    rids = {k: {v} if isinstance(v, int) else set(v) for k, v in index._rids.items() if v}
    return dict(index._members), rids, dict(index._host_of), dict(index._target_of)


def test_membership_tables_match_a_rebuilt_index_through_a_hostile_program() -> None:
    for seed in range(4):
        rng = random.Random(seed)
        scene = Scene(NullEngine())
        index = overlap_index(scene)
        assert index is not None
        nodes = [TransformNode(f"n{i}", scene) for i in range(4)]
        pool = [
            _animation("x", "position.x", Animation.ANIMATIONTYPE_FLOAT, 0, 1),
            _animation("y", "position.y", Animation.ANIMATIONTYPE_FLOAT, 0, 2),
            _animation(
                "p", "position", Animation.ANIMATIONTYPE_VECTOR3, Vector3(), Vector3(1, 1, 1)
            ),
            _animation("s", "scaling.z", Animation.ANIMATIONTYPE_FLOAT, 1, 3),
        ]
        for _step in range(40):
            op = rng.randrange(6)
            active = scene._activeAnimatables
            if op == 0 or not active:
                count = rng.randrange(1, 4)
                scene.beginDirectAnimation(rng.choice(nodes), rng.sample(pool, count), 0, 10, True)
            elif op == 1:
                animatable = rng.choice(active)
                animatable.appendAnimations(animatable.target, [rng.choice(pool)])
            elif op == 2:
                rng.choice(active).stop(rng.choice(pool).name)
            elif op == 3:
                rng.choice(active).stop()
            elif op == 4:
                scene.stopAnimation(rng.choice(nodes), rng.choice(pool).name)
            else:
                scene._animate(rng.choice((0, 16, 40)))
            if len(index._members) != len(scene._activeAnimatables):
                continue  # out of step: the index re-indexes itself on its next read
            kept = _tables(index)
            for animatable in scene._activeAnimatables:
                ids = {id(r) for r in animatable._runtimeAnimations}
                assert kept[1].get(id(animatable), set()) == ids, (seed, _step)
            rebuilt = OverlapIndex()
            for animatable in scene._activeAnimatables:
                rebuilt.add_animatable(animatable)
            assert _tables(rebuilt) == kept, (seed, _step)
        index.clear()
        assert _tables(index) == ({}, {}, {}, {})


def test_runtime_ids_are_an_int_for_one_a_set_for_more_and_go_when_removed() -> None:
    scene = Scene(NullEngine())
    index = overlap_index(scene)
    assert index is not None
    x = _animation("x", "position.x", Animation.ANIMATIONTYPE_FLOAT, 0, 1)
    y = _animation("y", "position.y", Animation.ANIMATIONTYPE_FLOAT, 0, 2)
    animatable = scene.beginDirectAnimation(TransformNode("n", scene), [x], 0, 10, True)
    first = animatable._runtimeAnimations[0]
    assert index._rids[id(animatable)] == id(first)  # one runtime: an int, no set
    index.add_runtime(animatable, first)  # again: still the one int
    assert index._rids[id(animatable)] == id(first)
    animatable.appendAnimations(animatable.target, [y])
    second = animatable._runtimeAnimations[1]
    assert index._rids[id(animatable)] == {id(first), id(second)}
    index.remove_runtime(second)
    assert index._rids[id(animatable)] == {id(first)}
    index.remove_runtimes_of(animatable)
    assert id(animatable) not in index._rids and id(first) not in index._host_of
    index.add_runtime(animatable, first)
    index.remove_runtime(first)
    assert id(animatable) not in index._rids
    assert index._members[id(animatable)] is animatable
    index.remove_animatable(animatable)
    assert not index._members and not index._rids
