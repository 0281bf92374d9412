"""Linear teardown (lite_compat/animations/active_positions.py and Scene.stopAllAnimations).

* Differential: seeded teardown programs (stops in random order, stops and starts inside end
  callbacks, groups stopped/disposed, stopAllAnimations, dispose) log the same callbacks with
  the same active lists, and leave the same list after each call, as Babylon.js's literal
  algorithm (``indexOf`` + ``splice`` per stop, stopAllAnimations walking the live list),
  which is what the record replaced. A broken record is caught.
* Counted, never timed: stopping 4 more animatables after 2,000 makes the same Python calls
  (and identity comparisons) as after 200.
* Babylon's own order is pinned by the recorded parity scenario compat_teardown_order.
"""

from __future__ import annotations

import cProfile
import gc
import pstats
import random
from bisect import bisect_left
from collections.abc import Callable
from typing import Any

import pytest

from lite_compat import Animation, AnimationGroup, NullEngine, Scene, TransformNode
from lite_compat.animations import active_positions
from lite_compat.animations.animatable import Animatable

F = Animation.ANIMATIONTYPE_FLOAT


def _anim(name: str, last: int) -> Animation:
    animation = Animation(name, "position.x", 60, F)
    animation.setKeys([{"frame": 0, "value": 0}, {"frame": last, "value": 3}])
    return animation


def _babylon_search(scene: Any, animatable: Any) -> int:
    # Babylon's indexOf: what active_positions.position replaced.
    active: list[Any] = scene._activeAnimatables
    for index, held in enumerate(active):
        if held is animatable:
            return index
    return -1


def _babylon_stop_all(self: Scene) -> None:
    # animatable.core.js stopAllAnimations, line for line.
    active = self._activeAnimatables
    i = 0
    while i < len(active):
        active[i].stop(None, None, True)
        i += 1
    active.clear()
    for group in self.animationGroups:
        group.stop()


def _run_program(seed: int) -> list[Any]:
    rng = random.Random(seed)
    scene = Scene(NullEngine())
    log: list[Any] = []
    own: list[Animatable] = []
    groups: list[AnimationGroup] = []
    budget = [30]  # callbacks starting new animatables, at most

    def names() -> list[str]:
        return [a.target.name for a in scene._activeAnimatables]

    def start(name: str) -> Animatable:
        node = TransformNode(name, scene)
        loop = rng.random() < 0.7
        last = rng.choice([10, 20, 40])
        action = rng.random()

        def ended() -> None:
            log.append(["end", name, names()])
            if action < 0.15 and budget[0] > 0:
                budget[0] -= 1
                start(f"{name}+")
            elif action < 0.3 and own:
                rng_pick = own[(len(name) * 7 + len(log)) % len(own)]
                rng_pick.stop()
            elif action < 0.38 and own:
                own[len(log) % len(own)].stop(None, None, True)
            elif action < 0.45 and groups:
                groups[len(log) % len(groups)].stop()

        animatable = scene.beginDirectAnimation(
            node, [_anim("x" + name, last)], 0, last, loop, 1, ended
        )
        animatable.onAnimationEndObservable.add(
            lambda _a, _s, name=name: log.append(["endObs", name, names()])
        )
        own.append(animatable)
        return animatable

    for i in range(rng.randint(35, 70)):
        start(f"n{i}")
    for g in range(rng.randint(2, 6)):
        group = AnimationGroup(f"g{g}", scene)
        for t in range(rng.randint(1, 4)):
            group.addTargetedAnimation(_anim(f"g{g}t{t}", 30), TransformNode(f"g{g}t{t}", scene))
        group.onAnimationEndObservable.add(
            lambda ta, _s, g=g: log.append(["gEnd", g, ta.target.name, names()])
        )
        group.onAnimationGroupEndObservable.add(
            lambda gr, _s: log.append(["groupEnd", gr.name, bool(gr.isStarted), names()])
        )
        if rng.random() < 0.8:
            group.play(rng.random() < 0.5)
        groups.append(group)

    for _ in range(rng.randint(20, 60)):
        op = rng.random()
        if op < 0.45 and own:
            target = rng.choice(own)
            target.stop()
            log.append(["stop", target.target.name, names()])
        elif op < 0.52 and own:
            target = rng.choice(own)
            target.stop(None, None, True, rng.random() < 0.5)
            log.append(["stopGlobal", target.target.name, names()])
        elif op < 0.57 and own:
            target = rng.choice(own)
            target.stop("x" + target.target.name)
            log.append(["stopNamed", target.target.name, names()])
        elif op < 0.65:
            group = rng.choice(groups)
            group.stop(rng.random() < 0.3)
            log.append(["groupStop", group.name, names()])
        elif op < 0.7:
            group = rng.choice(groups)
            group.play(rng.random() < 0.5)
            log.append(["groupPlay", group.name, names()])
        elif op < 0.73:
            group = rng.choice(groups)
            group.dispose()
            groups.remove(group)
            if not groups:
                groups.append(AnimationGroup("spare", scene))
            log.append(["groupDispose", group.name, names()])
        elif op < 0.78 and own:
            rng.choice(own).syncWith(rng.choice(own))
            log.append(["sync", names()])
        elif op < 0.88:
            for _k in range(rng.randint(1, 5)):
                start(f"s{len(own)}")
            log.append(["started", names()])
        elif op < 0.96:
            scene._animate(rng.choice([16, 100, 400]))
            log.append(["animate", names()])
        else:
            scene.stopAllAnimations()
            log.append(["stopAll", names()])
    scene.dispose()
    log.append(["disposed", names(), [g.isStarted for g in groups]])
    return log


SEEDS = range(24)


def _recorded(seeds: range) -> dict[int, list[Any]]:
    return {seed: _run_program(seed) for seed in seeds}


def test_teardown_matches_babylons_algorithm(monkeypatch: pytest.MonkeyPatch) -> None:
    fast = _recorded(SEEDS)
    with monkeypatch.context() as patch:
        patch.setattr(active_positions, "position", _babylon_search)
        patch.setattr(Scene, "stopAllAnimations", _babylon_stop_all)
        reference = _recorded(SEEDS)
    for seed in SEEDS:
        assert fast[seed] == reference[seed], seed
    # The programs exercise what they are meant to: long lists (the record answers) and
    # callbacks that run while the list changes.
    assert sum(len(log) for log in fast.values()) > 2000


def _unchecked_position(scene: Any, animatable: Any) -> int:
    # A broken record: the virtual index trusted without the check against the list.
    active: list[Any] = scene._activeAnimatables
    if len(active) > active_positions.SEARCH_BELOW:
        record = active_positions._record(scene)
        if record is None:
            record = active_positions.ActivePositions(active)
            scene._activePositions = record
        virtual = record.slots.get(id(animatable))
        if virtual is not None:
            index: int = virtual - bisect_left(record.removed, virtual)
            return index if index < len(active) else -1
    return _babylon_search(scene, animatable)


def test_a_broken_record_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    reference = _recorded(range(6))
    monkeypatch.setattr(active_positions, "position", _unchecked_position)
    broken = _recorded(range(6))
    assert any(broken[seed] != reference[seed] for seed in range(6))


# -- counted, never timed -----------------------------------------------------------------------


def _scene_with(count: int) -> tuple[Scene, list[Animatable]]:
    scene = Scene(NullEngine())
    animatables = []
    for i in range(count):
        node = TransformNode(f"n{i}", scene)
        animatables.append(scene.beginDirectAnimation(node, [_anim(f"x{i}", 30)], 0, 30, True))
    return scene, animatables


def _calls(action: Callable[[], None]) -> int:
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    profile = cProfile.Profile()
    try:
        profile.enable()
        action()
        profile.disable()
    finally:
        if enabled:
            gc.enable()
    stats = pstats.Stats(profile)
    return sum(entry[1] for entry in stats.stats.values())  # type: ignore[attr-defined]


def _stop_four_calls(count: int, monkeypatch: pytest.MonkeyPatch) -> int:
    scene, animatables = _scene_with(count)
    rng = random.Random(5)
    order = list(animatables)
    rng.shuffle(order)
    order[0].stop()  # the record is built on the first stop of a long list
    chosen = order[1:5]
    # Identity comparisons of a list search become Python calls (Babylon's === is identity).
    with monkeypatch.context() as patch:
        patch.setattr(Animatable, "__eq__", lambda self, other: self is other, raising=False)

        def stop_four() -> None:
            for animatable in chosen:
                animatable.stop()

        calls = _calls(stop_four)
    assert all(a not in scene._activeAnimatables for a in chosen)
    return calls


def test_stopping_4_more_after_2000_costs_the_same_as_after_200(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    early = _stop_four_calls(200, monkeypatch)
    late = _stop_four_calls(2000, monkeypatch)
    assert late == early


def test_the_count_sees_a_list_search(monkeypatch: pytest.MonkeyPatch) -> None:
    # The counter is not blind: with the replaced search (``list.index``, equality by identity
    # first) the same stops cost more in a longer list.
    monkeypatch.setattr(active_positions, "position", active_positions.searched)
    assert _stop_four_calls(2000, monkeypatch) > _stop_four_calls(200, monkeypatch)


def test_stop_all_and_dispose_make_calls_linear_in_the_list(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def per_animatable(count: int, teardown: str) -> float:
        scene, _ = _scene_with(count)
        with monkeypatch.context() as patch:
            patch.setattr(Animatable, "__eq__", lambda self, other: self is other, raising=False)
            calls = _calls(getattr(scene, teardown))
        return calls / count

    for teardown in ("stopAllAnimations", "dispose"):
        assert per_animatable(2000, teardown) <= per_animatable(200, teardown) + 0.1
