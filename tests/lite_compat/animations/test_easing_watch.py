"""easing_watch.EasingWatch: the kept easings of a run against reading them every frame.

N nodes with their own position / rotationQuaternion / eased scaling.x animations play on
forced batched rows (per-row key tables) while a seeded script changes their easings in every
way a script can (an easing swapped, cleared, set where there was none, one object shared by
every row, the mode changed, an instance ``ease`` or ``getEasingFunction`` set and deleted, an
easing's class changed, an animation's ``__dict__`` replaced, a class-level
``getEasingFunction``), frame by frame. With the watch on and off (every frame read in full,
the path it replaces) every written value is the same, bit for bit; the comparison fails when
the watch is broken on purpose (the easings' dicts not guarded).
"""

from __future__ import annotations

import random
import struct
from collections.abc import Iterator
from typing import Any

import pytest

import lite_compat as BABYLON  # noqa: N812
from lite_compat.animations import batch, easing_watch, object_words

A = BABYLON.Animation
V3 = BABYLON.Vector3
Q = BABYLON.Quaternion

pytestmark = pytest.mark.skipif(not object_words.SUPPORTED, reason="no word layout here")


class _Sub(A):
    pass


def _ease(rng: random.Random) -> Any:
    cls = rng.choice(
        [BABYLON.CubicEase, BABYLON.QuadraticEase, BABYLON.QuarticEase, BABYLON.SineEase]
    )
    ease = cls()
    ease.setEasingMode(rng.choice([0, 1, 2]))
    return ease


def _animations(i: int, rng: random.Random) -> list[Any]:
    mid = 20 + (i * 7) % 21
    cls = _Sub if i % 5 == 4 else A
    p = cls("p", "position", 60, A.ANIMATIONTYPE_VECTOR3, A.ANIMATIONLOOPMODE_CYCLE)
    p.setKeys([{"frame": f, "value": V3(rng.random(), rng.random(), 1.0)} for f in (0, mid, 60)])
    r = cls("r", "rotationQuaternion", 60, A.ANIMATIONTYPE_QUATERNION, 1)
    r.setKeys(
        [{"frame": f, "value": Q.RotationAxis(V3(0, 1, 0), rng.random())} for f in (0, mid, 60)]
    )
    s = cls("s", "scaling.x", 60, A.ANIMATIONTYPE_FLOAT, A.ANIMATIONLOOPMODE_CYCLE)
    s.setKeys([{"frame": f, "value": 1 + rng.random()} for f in (0, mid, 60)])
    ease = BABYLON.CubicEase()
    ease.setEasingMode(2)
    s.setEasingFunction(ease)
    return [p, r, s]


def _edit(rng: random.Random, animations: list[Any], shared: Any) -> None:
    animation = rng.choice(animations)
    op = rng.randrange(13)
    easing = animation.getEasingFunction()
    if op == 0:
        animation.setEasingFunction(_ease(rng))
    elif op == 1:
        animation.setEasingFunction(None)
    elif op == 2 and easing is not None:
        easing.setEasingMode(rng.choice([0, 1, 2, 2.5]))
    elif op == 3 and easing is not None:
        easing.ease = lambda g: g * 0.5  # an instance's own curve
    elif op == 4 and easing is not None and "ease" in vars(easing):
        del easing.ease
    elif op == 5:
        own = _ease(rng)
        animation.getEasingFunction = lambda: own
    elif op == 6 and "getEasingFunction" in vars(animation):
        del animation.getEasingFunction
    elif op == 7:
        for a in animations:
            if a.targetProperty == "scaling.x":
                a.setEasingFunction(shared)  # one object for every row
    elif op == 8 and easing is not None and type(easing) is BABYLON.CubicEase:
        easing.__class__ = BABYLON.QuarticEase
    elif op == 9:
        animation.__dict__ = dict(vars(animation), _easingFunction=_ease(rng))
    elif op == 10:
        animation._easingFunction = easing  # the same object again: nothing changes
    elif op == 11 and easing is not None:
        easing.setEasingMode(easing.getEasingMode())
    elif op == 12:
        other = _ease(rng)
        _Sub.getEasingFunction = lambda self: other  # type: ignore[method-assign]


def _bits(x: float) -> bytes:
    return struct.pack("<d", x)


def _scene_run(seed: int, frames: int = 50, nodes: int = 20) -> list[list[bytes]]:
    rng = random.Random(seed)
    engine = BABYLON.NullEngine()
    scene = BABYLON.Scene(engine)
    scene.useConstantAnimationDeltaTime = True
    BABYLON.FreeCamera("camera", V3(0, 0, -10), scene)
    made: list[Any] = []
    animations: list[Any] = []
    shared = _ease(rng)
    try:
        for i in range(nodes):
            node = BABYLON.TransformNode(f"n{i}", scene)
            node.rotationQuaternion = Q.Identity()
            node.animations = _animations(i, rng)
            animations += node.animations
            scene.beginAnimation(node, 0, 60, True)
            made.append(node)
        out: list[list[bytes]] = []
        for _ in range(frames):
            if rng.random() < 0.25:
                for _ in range(rng.choice([1, 1, 2])):
                    _edit(rng, animations, shared)
            if rng.random() < 0.05 and "getEasingFunction" in vars(_Sub):
                del _Sub.getEasingFunction
            scene.render()
            row: list[bytes] = []
            for node in made:
                q = node.rotationQuaternion
                row += map(_bits, (node.position.x, node.position.y, node.position.z))
                row += map(_bits, (q.x, q.y, q.z, q.w, node.scaling.x))
            out.append(row)
    finally:
        if "getEasingFunction" in vars(_Sub):
            del _Sub.getEasingFunction
    scene.dispose()
    engine.dispose()
    return out


@pytest.fixture
def forced_rows() -> Iterator[None]:
    previous_min = batch._MIN_ROWS[0]
    previous = batch.set_batched_evaluation(True, 1)
    watch = easing_watch.set_easing_watch(True)
    try:
        yield
    finally:
        batch.set_batched_evaluation(previous, previous_min)
        easing_watch.set_easing_watch(watch)


def _both(seed: int) -> tuple[list[list[bytes]], list[list[bytes]]]:
    easing_watch.set_easing_watch(False)
    read = _scene_run(seed)
    easing_watch.set_easing_watch(True)
    return read, _scene_run(seed)


def test_kept_easings_give_the_same_bits_as_reading_them(
    forced_rows: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    kept = [0]
    read = easing_watch.EasingWatch.read

    def counting(self: easing_watch.EasingWatch) -> Any:
        guard = self._guard
        result = read(self)
        kept[0] += guard is not None and self._guard is guard
        return result

    monkeypatch.setattr(easing_watch.EasingWatch, "read", counting)
    for seed in range(16):
        full, watched = _both(seed)
        for frame, (a, b) in enumerate(zip(full, watched, strict=True)):
            assert a == b, f"seed {seed} frame {frame}"
    # The kept easings answered most reads.
    assert kept[0] > 16 * 50


def test_the_comparison_catches_a_broken_watch(
    forced_rows: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Broken on purpose: only the animations' words are guarded, not the easings' (a mode
    # changed in place, an instance ``ease``, a class changed go unseen).
    make = easing_watch.EasingWatch._make_guard

    def blind(self: easing_watch.EasingWatch, easings: list[Any] | None) -> Any:
        return make(self, None)

    monkeypatch.setattr(easing_watch.EasingWatch, "_make_guard", blind)
    differs = 0
    for seed in range(16):
        full, watched = _both(seed)
        differs += full != watched
    assert differs > 0


def test_no_watch_without_the_word_guard(forced_rows: None) -> None:
    guard = object_words.set_word_guard(False)
    try:
        animations = [a for i in range(3) for a in _animations(i, random.Random(i))]
        from lite_compat.animations.batch_sampling import plain_easing_getters

        watch = easing_watch.EasingWatch(animations, plain_easing_getters(animations))
        first = watch.read()
        assert watch._guard is None
        assert watch.read()[0] == first[0]
    finally:
        object_words.set_word_guard(guard)
