"""The planner's bulk analysis of many plain animations (track_bulk.analyse_plain) against the
one-by-one analysis it stands in for (track_analysis._analysis), bit for bit.

Seeded crowds of animations (a node's own position / rotation / scaling keys, as the
``own-clips`` workload) mixed with hostile ones (keys that are not dicts or hold extra fields,
NaN / infinite / negative / unsorted / float32-inexact frames, huge ints, bools, NumPy scalars,
values out of float32's range, -0.0, mixed value types, subclassed animations, animations
shared between nodes, per-key easing, tangents, STEP keys) are analysed in bulk; each analysis
cached must be the one the one-by-one path makes (the same signature, reasons and compiled
spec), and every animation the bulk pass leaves must have no cached analysis. A scene-level
check plays crowds with the bulk pass on and off, with keys edited between two starts, and
compares every fallback reason, evaluator and written number.
"""

from __future__ import annotations

import math
import random
import struct
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

import lite_compat as BABYLON  # noqa: N812
from lite_compat.animations import delegation, track_analysis, track_bulk
from tests.lite_compat.animations.test_track_analysis_plain import _animation, _facts

A = BABYLON.Animation

#: Seeded crowds checked.
CROWDS = 60


class _SubAnimation(A):
    pass


class _DictKey(dict[str, Any]):
    pass


def _strict(a: Any, b: Any) -> bool:
    # Equal types, and equal bits (floats) or the same object (anything not a number/tuple).
    if type(a) is not type(b):
        return False
    if isinstance(a, tuple):
        return len(a) == len(b) and all(map(_strict, a, b))
    if isinstance(a, float):
        return struct.pack("<d", a) == struct.pack("<d", b)
    if isinstance(a, int | str) or a is None:
        return bool(a == b)
    return a is b


def _own(rng: random.Random, i: int, data_type: int, sub: float = 0.02) -> Any:
    mid = rng.choice([20, 27, 33.5, 40])
    end = rng.choice([60, 60.0, 90])

    def number() -> Any:
        return rng.choice([rng.uniform(-3, 3), rng.randint(-4, 4), -0.0, 0.0, 1.0])

    def value() -> Any:
        if data_type == A.ANIMATIONTYPE_FLOAT:
            return number()
        if data_type == A.ANIMATIONTYPE_VECTOR3:
            return BABYLON.Vector3(number(), number(), number())
        if data_type == A.ANIMATIONTYPE_VECTOR2:
            return BABYLON.Vector2(number(), number())
        return BABYLON.Quaternion(number(), number(), number(), number())

    path = {
        A.ANIMATIONTYPE_FLOAT: "scaling.x",
        A.ANIMATIONTYPE_VECTOR2: "uv",
        A.ANIMATIONTYPE_VECTOR3: "position",
        A.ANIMATIONTYPE_QUATERNION: "rotationQuaternion",
    }[data_type]
    cls = _SubAnimation if rng.random() < sub else A
    animation = cls(f"a{i}", path, 60, data_type, A.ANIMATIONLOOPMODE_CYCLE)
    first = value()
    animation._keys = [
        {"frame": 0, "value": first},
        {"frame": mid, "value": value()},
        {"frame": end, "value": first if rng.random() < 0.5 else value()},
    ]
    return animation


#: The edits a playing scene survives (the others leave keys the evaluator cannot play).
_PLAYABLE = (0, 1, 2, 3, 6, 11, 13)


def _spoil(rng: random.Random, animation: Any, playable: bool = False) -> None:
    # One hostile edit of a crowd member's keys (or none).
    keys = animation._keys
    choice = rng.choice(_PLAYABLE) if playable else rng.randrange(15)
    if choice == 0:
        keys[1] = _DictKey(keys[1])
    elif choice == 1:
        keys[1]["interpolation"] = BABYLON.AnimationKeyInterpolation.STEP
    elif choice == 2:
        keys[0]["easingFunction"] = BABYLON.CubicEase()
    elif choice == 3:
        keys[0]["inTangent"] = None  # an extra field that is None: still plain
    elif choice == 4:
        keys[1]["frame"] = rng.choice([math.nan, math.inf, -1, 0.1, 2**25, 10**400, True])
    elif choice == 5:
        keys[2]["frame"] = 0
    elif choice == 6:
        keys[0]["frame"], keys[1]["frame"] = keys[1]["frame"], keys[0]["frame"]
    elif choice == 7:
        value = keys[1]["value"]
        odd = rng.choice([math.nan, math.inf, 1e39, 10**400, 2**60, True, np.float32(0.5)])
        if isinstance(value, float | int):
            keys[1]["value"] = odd
        else:
            value.x = odd
    elif choice == 8:
        keys[1]["value"] = rng.choice([BABYLON.Vector3(1, 2, 3), 1.5, None, "x"])
    elif choice == 9:
        animation._keys = tuple(keys)
    elif choice == 10:
        animation._keys = keys[:1]
    elif choice == 11:
        animation.quaternionInterpolateFunction = lambda a, b, t: a
    elif choice == 12:
        keys[1] = {"frame": keys[1]["frame"], "interpolation": None}
    elif choice == 13:
        keys[1] = SimpleNamespace(**keys[1])


def _crowd(seed: int) -> list[Any]:
    rng = random.Random(seed)
    types = (
        A.ANIMATIONTYPE_FLOAT,
        A.ANIMATIONTYPE_VECTOR2,
        A.ANIMATIONTYPE_VECTOR3,
        A.ANIMATIONTYPE_QUATERNION,
    )
    odd = rng.choice([0.0, 0.02, 0.2])
    animations: list[Any] = []
    for i in range(rng.randint(2 * track_bulk.MIN_BULK, 6 * track_bulk.MIN_BULK)):
        animation = _own(rng, i, rng.choice(types))
        if rng.random() < odd:
            _spoil(rng, animation)
        animations.append(animation)
    # The fast path's own hostile programs, and animations shared (listed twice).
    animations += [_animation(seed * 1000 + k) for k in range(rng.randint(0, 40))]
    animations += rng.sample(animations, k=min(10, len(animations)))
    rng.shuffle(animations)
    return animations


def _clear(animations: list[Any]) -> None:
    for animation in animations:
        animation.__dict__.pop("_litePlanAnalysis", None)


def _one_by_one(animation: Any) -> Any:
    return track_analysis._Analysis(animation, track_analysis._signature(animation))


@pytest.mark.parametrize("seed", range(CROWDS))
def test_bulk_analyses_are_the_one_by_one_analyses(seed: int) -> None:
    animations = _crowd(seed)
    _clear(animations)
    outer = track_analysis._PASS[0]
    track_analysis._PASS[0] = next(track_analysis._PASSES)
    try:
        taken = track_bulk.analyse_plain(animations)
        pass_now = track_analysis._PASS[0]
    finally:
        track_analysis._PASS[0] = outer
    cached = 0
    for animation in {id(a): a for a in animations}.values():
        bulk = animation.__dict__.get("_litePlanAnalysis")
        if bulk is None:
            continue
        cached += 1
        reference = _one_by_one(animation)
        assert bulk.checked_pass == pass_now
        assert bulk.ident is None
        assert _strict(bulk.signature, reference.signature), (seed, animation.name)
        assert _facts(bulk) == _facts(reference), (seed, animation.name)
        assert type(animation) is A
    assert cached == taken
    # Every crowd has plain groups the bulk pass takes (the rest exercise hand-overs).
    assert taken > 0


def test_bulk_needs_a_planning_pass_and_enough_animations() -> None:
    rng = random.Random(7)
    few = [_own(rng, i, A.ANIMATIONTYPE_FLOAT, 0.0) for i in range(track_bulk.MIN_BULK - 1)]
    outer = track_analysis._PASS[0]
    track_analysis._PASS[0] = -1
    many = few + [_own(rng, 99, A.ANIMATIONTYPE_FLOAT, 0.0)]
    try:
        assert track_bulk.analyse_plain(many) == 0
        track_analysis._PASS[0] = next(track_analysis._PASSES)
        assert track_bulk.analyse_plain(few) == 0
        assert track_bulk.analyse_plain(many) == len(many)
        # Already analysed: left alone.
        assert track_bulk.analyse_plain(many) == 0
    finally:
        track_analysis._PASS[0] = outer


def _scene_run(seed: int, bulk: bool, monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    rng = random.Random(seed)
    with monkeypatch.context() as m:
        taken: list[int] = []
        if bulk:
            m.setattr(
                delegation,
                "analyse_plain",
                lambda animations: taken.append(track_bulk.analyse_plain(animations)) or taken[-1],
            )
        else:
            m.setattr(delegation, "analyse_plain", lambda _animations: 0)
        engine = BABYLON.NullEngine()
        scene = BABYLON.Scene(engine)
        scene.useConstantAnimationDeltaTime = True
        BABYLON.FreeCamera("camera", BABYLON.Vector3(0, 0, -10), scene)
        nodes = []
        shared = _own(rng, -1, A.ANIMATIONTYPE_VECTOR3)
        for i in range(track_bulk.MIN_BULK + 20):
            node = BABYLON.TransformNode(f"n{i}", scene)
            node.rotationQuaternion = BABYLON.Quaternion.Identity()
            animations = [
                shared if rng.random() < 0.2 else _own(rng, i, A.ANIMATIONTYPE_VECTOR3),
                _own(rng, i, A.ANIMATIONTYPE_QUATERNION),
                _own(rng, i, A.ANIMATIONTYPE_FLOAT),
            ]
            for animation in animations:
                if type(animation) is _SubAnimation:
                    animation.__class__ = A
                if rng.random() < 0.1:
                    _spoil(rng, animation, playable=True)
            if rng.random() < 0.3:
                ease = BABYLON.CubicEase()
                ease.setEasingMode(BABYLON.EasingFunction.EASINGMODE_EASEINOUT)
                animations[2].setEasingFunction(ease)
            if rng.random() < 0.05:
                animations[0].loopMode = A.ANIMATIONLOOPMODE_YOYO
            node.animations = animations
            nodes.append(node)
        out: list[Any] = []

        def record() -> None:
            for node in nodes:
                q = node.rotationQuaternion
                out.append(
                    tuple(
                        struct.pack("<d", float(x)) if isinstance(x, float | int) else repr(x)
                        for x in (
                            node.position.x,
                            node.position.y,
                            node.position.z,
                            q.x,
                            q.y,
                            q.z,
                            q.w,
                            node.scaling.x,
                        )
                    )
                )

        animatables = []
        for node in nodes:
            start, end = (0, 60) if rng.random() < 0.9 else (10, 50)
            animatables.append(scene.beginAnimation(node, start, end, True))
        for _ in range(3):
            scene.render()
            record()
        # Keys edited in place between two starts.
        for node in nodes[::5]:
            keys = node.animations[2].getKeys()
            if isinstance(keys, list) and keys and isinstance(keys[-1], dict):
                keys[-1]["value"] = 0.25
            scene.stopAnimation(node)
            scene.beginAnimation(node, 0, 60, True)
        for _ in range(3):
            scene.render()
            record()
        for animatable in scene._activeAnimatables:
            for runtime in animatable._runtimeAnimations:
                native = runtime._native
                out.append(
                    (
                        animatable.target.name,
                        runtime.animation.targetProperty,
                        runtime._fallbackReason,
                        None if native is None else type(native).__name__,
                    )
                )
        scene.dispose()
        # The bulk run took most of its crowd in bulk.
        assert not bulk or sum(taken) > len(nodes)
        return out


@pytest.mark.parametrize("seed", range(6))
def test_scene_verdicts_and_numbers_with_and_without_the_bulk_pass(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert _scene_run(seed, True, monkeypatch) == _scene_run(seed, False, monkeypatch)
