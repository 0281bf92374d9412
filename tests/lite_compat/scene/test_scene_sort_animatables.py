"""``Scene.sortActiveAnimatables`` skips the sort where it would move nothing, checking only what
was added since its last call: the order it leaves equals a stable sort by ``playOrder`` of
the list as it was (Babylon.js's ``sort((a, b) => a.playOrder - b.playOrder)``) after any
sequence of starts, stops, ``playOrder`` changes and direct edits of the list; and starting
clones one after another reads each animatable's ``playOrder`` a bounded number of times."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from lite_compat import Animation, AnimationGroup, NullEngine, Scene, TransformNode
from lite_compat.animations.animatable import Animatable
from lite_compat.scene import scene as scene_module


def _animation(name: str) -> Animation:
    animation = Animation(name, "position.x", 60, Animation.ANIMATIONTYPE_FLOAT)
    animation.setKeys([{"frame": 0, "value": 0.0}, {"frame": 30, "value": 1.0}])
    return animation


class _Checked:
    """Wraps the scene's sort: the result must be the stable sort of the list before."""

    def __init__(self, scene: Scene) -> None:
        self.scene = scene
        self.calls = 0
        original = scene.sortActiveAnimatables

        def checked() -> None:
            before = list(scene._activeAnimatables)
            original()
            self.calls += 1
            expected = sorted(before, key=lambda a: a.playOrder)
            got = scene._activeAnimatables
            assert len(got) == len(expected)
            assert all(a is b for a, b in zip(got, expected, strict=True))

        scene.sortActiveAnimatables = checked  # type: ignore[method-assign]


@pytest.mark.parametrize("seed", range(12))
def test_order_equals_a_stable_sort_over_random_programs(seed: int) -> None:
    rng = random.Random(seed)
    scene = Scene(NullEngine())
    check = _Checked(scene)
    nodes = [TransformNode(f"n{i}", scene) for i in range(6)]
    groups: list[AnimationGroup] = []
    orders = [0, 0, 1, 2, -1, 0.5, 3] + ([math.nan] if seed % 4 == 3 else [])
    for step in range(160):
        op = rng.randrange(10)
        active = scene._activeAnimatables
        if op <= 2 or not groups:
            group = AnimationGroup(f"g{step}", scene)
            for node in rng.sample(nodes, rng.randint(1, 3)):
                group.addTargetedAnimation(_animation(f"a{step}"), node)
            if rng.random() < 0.5:
                group.playOrder = rng.choice([o for o in orders if not math.isnan(o)])
            group.start(True)
            groups.append(group)
        elif op == 3:
            Animatable(
                scene, rng.choice(nodes), 0, 30, True, 1.0, None, [_animation("d")],
                None, False, rng.choice(orders),
            )  # fmt: skip
        elif op == 4 and active:
            rng.choice(active).playOrder = rng.choice(orders)
        elif op == 5:
            group = rng.choice(groups)
            group.playOrder = rng.choice([o for o in orders if not math.isnan(o)])
        elif op == 6 and groups:
            rng.choice(groups).stop()
        elif op == 7 and active:
            edit = rng.randrange(4)
            if edit == 0:
                active.insert(rng.randrange(len(active) + 1), rng.choice(active))
            elif edit == 1:
                active.reverse()
            elif edit == 2:
                active.pop(rng.randrange(len(active)))
            else:
                i, j = rng.randrange(len(active)), rng.randrange(len(active))
                active[i], active[j] = active[j], active[i]
        elif op == 8:
            scene.sortActiveAnimatables()
        else:
            scene._animate(16)
    assert check.calls > 20


def test_clones_started_one_after_another_read_each_play_order_a_bounded_number_of_times(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    scene = Scene(NullEngine())
    reads = [0]
    sorts = [0]

    def key(animatable: Any) -> float:
        sorts[0] += 1
        return animatable.playOrder  # type: ignore[no-any-return]

    monkeypatch.setattr(scene_module, "_PLAY_ORDER", key)
    run = scene_module._one_run

    def counted(active: list[Animatable], start: int) -> bool:
        reads[0] += max(0, len(active) - start + 1)
        return run(active, start)

    monkeypatch.setattr(scene_module, "_one_run", counted)
    per_clone = 5
    for k in range(60):
        group = AnimationGroup(f"clone{k}", scene)
        for i in range(per_clone):
            group.addTargetedAnimation(_animation(f"a{i}"), TransformNode(f"n{k}_{i}", scene))
        group.start(True)
    # One whole sort (the first start), then only each start's own animatables and the
    # one before them: linear in the clones, not quadratic.
    assert sorts[0] == per_clone
    assert reads[0] <= 2 * per_clone + 59 * (per_clone + 1)
