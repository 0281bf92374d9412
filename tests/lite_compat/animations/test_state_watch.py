"""state.KeyStateWatch (the per-run check of rows playing their own animations) against the
per-animation state versions it stands for, over seeded random scripts editing keys in place.

Whenever the watch says its animations are fresh, asking each animation's key state version
(:func:`state.state_version`, the path the watch replaces) must find no change; when a change
is found the caller makes the watch again, as BatchKind.first_stale does. The scripts edit
what Babylon.js reads live: value components (new numbers, equal numbers in new objects, NaN,
-0.0), key fields (frame, value object, interpolation, easing, tangents, added or removed),
keys appended, removed or replaced, new key lists, frame rates; and changes another path
saw (a version moved) and undid.
"""

from __future__ import annotations

import gc
import math
import random
from typing import Any

import pytest

import lite_compat as BABYLON  # noqa: N812
from lite_compat.animations import state

A = BABYLON.Animation
V3 = BABYLON.Vector3
Q = BABYLON.Quaternion

PROGRAMS = 150
STEPS = 40
ANIMATIONS = 12


#: Each animation's maker of new key values, by id.
_MAKERS: dict[int, Any] = {}


def _animations(rng: random.Random) -> list[Any]:
    out = []
    for i in range(ANIMATIONS):
        kind = i % 3
        if kind == 0:
            a = A("p", "position", 60, A.ANIMATIONTYPE_VECTOR3, A.ANIMATIONLOOPMODE_CYCLE)
            make: Any = lambda: V3(rng.random(), rng.random(), 0.0)  # noqa: E731
        elif kind == 1:
            a = A("q", "rotationQuaternion", 60, A.ANIMATIONTYPE_QUATERNION, 1)
            make = lambda: Q(0.0, rng.random(), 0.0, 1.0)  # noqa: E731
        else:
            a = A("s", "scaling.x", 60, A.ANIMATIONTYPE_FLOAT, A.ANIMATIONLOOPMODE_CYCLE)
            make = lambda: rng.choice([1, 0.0, rng.random()])  # noqa: E731
        a.setKeys([{"frame": f, "value": make()} for f in (0, 20 + i, 60)])
        _MAKERS[id(a)] = make  # (for the script)
        out.append(a)
    return out


def _edit(rng: random.Random, animation: Any) -> None:
    keys = animation._keys
    key = rng.choice(keys) if keys else None
    op = rng.randrange(15)
    if key is None or op == 0:
        animation.setKeys(
            [dict(k) for k in keys] or [{"frame": 0, "value": _MAKERS[id(animation)]()}]
        )
    elif op == 1:
        value = key["value"]
        if isinstance(value, V3 | Q):
            name = rng.choice("xyz")
            current = getattr(value, name)
            setattr(
                value,
                name,
                rng.choice(
                    [
                        rng.random(),
                        float(repr(current)) if isinstance(current, float) else current,
                        current,
                        math.nan,
                        -0.0,
                        0.0,
                        1,
                    ]
                ),
            )
        else:
            key["value"] = rng.choice([value, float(value), -0.0, rng.random(), math.nan])
    elif op == 2:
        key["frame"] = rng.choice([key["frame"], float(key["frame"]), key["frame"] + 1, -0.0])
    elif op == 3:
        key["value"] = _MAKERS[id(animation)]()
    elif op == 4:
        key[rng.choice(["interpolation", "easingFunction", "inTangent", "outTangent"])] = (
            rng.choice([None, 1, BABYLON.CubicEase()])
        )
    elif op == 5:
        key.pop(rng.choice(["interpolation", "easingFunction", "lockedTangent"]), None)
    elif op == 6:
        keys.append({"frame": 90, "value": _MAKERS[id(animation)]()})
    elif op == 7 and len(keys) > 1:
        keys.pop(rng.randrange(len(keys)))
    elif op == 8:
        keys[keys.index(key)] = dict(key)  # an equal dict
    elif op == 9:
        animation.framePerSecond = rng.choice([60, 60.0, 30])
    elif op == 10:
        animation.setEasingFunction(rng.choice([None, BABYLON.SineEase()]))  # not key state
    elif op == 11:
        # Changed, seen by another path (a seek asks the version), and changed back.
        before = key["frame"]
        key["frame"] = before + 0.5
        state.state_version(animation)
        key["frame"] = before
    # other ops: nothing changes this step


def _watch(animations: list[Any]) -> tuple[state.KeyStateWatch | None, list[int]]:
    versions = [state.state_version(a) for a in animations]
    return state.KeyStateWatch.build(animations, versions), versions


def test_a_fresh_watch_means_no_key_state_changed() -> None:
    fresh_steps = changed_steps = 0
    for seed in range(PROGRAMS):
        rng = random.Random(seed)
        animations = _animations(rng)
        watch, versions = _watch(animations)
        for step in range(STEPS):
            for _ in range(rng.choice([0, 0, 1, 2])):
                _edit(rng, rng.choice(animations))
            fresh = watch is not None and watch.fresh()
            # The path the watch replaces (outside a scene step: every call compares).
            now = [state.state_version(a) for a in animations]
            if fresh:
                assert now == versions, f"seed {seed} step {step}"
                fresh_steps += 1
            if now != versions or watch is None or not fresh:
                changed_steps += now != versions
                watch, versions = _watch(animations)
    # Both outcomes are exercised many times.
    assert fresh_steps > PROGRAMS * STEPS // 4
    assert changed_steps > PROGRAMS * 5


def test_a_snapshot_made_from_the_fast_lists_is_the_one_taken_in_full(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Plain dict keys keep no snapshot list (the key copies and component lists hold it); the
    # one made from them when asked must be the full snapshot, object for object.
    for seed in range(PROGRAMS):
        rng = random.Random(seed)
        for animation in _animations(rng):
            for _ in range(rng.choice([0, 1, 2])):
                _edit(rng, animation)
            lazy = state._KeyState(animation)
            with monkeypatch.context() as m:
                m.setattr(state._KeyState, "_take_fast", _no_fast)
                full = state._KeyState(animation)
            assert full._snapshot is not None
            made = lazy.snapshot
            assert len(made) == len(full.snapshot), f"seed {seed}"
            assert all(a is b for a, b in zip(made, full.snapshot, strict=True)), f"seed {seed}"


def _no_fast(self: Any, keys: Any) -> None:
    self.copies = None


def test_key_state_components_are_tuples_the_collector_stops_tracking() -> None:
    # No list kept per animation: a tuple of the components' tuples (the shared empty one for
    # a number track), untracked after a collection; an edit of a component is still seen,
    # and an equal number in a new object refreshes it (still a tuple).
    number = BABYLON.Animation("n", "x", 30, BABYLON.Animation.ANIMATIONTYPE_FLOAT)
    number.setKeys([{"frame": 0, "value": 0.5}, {"frame": 10, "value": 1.5}])
    assert state._KeyState(number).components == ()
    vector = BABYLON.Animation("v", "position", 30, BABYLON.Animation.ANIMATIONTYPE_VECTOR3)
    first = BABYLON.Vector3(1.5, 2.5, 3.5)
    vector.setKeys([{"frame": 0, "value": first}, {"frame": 10, "value": BABYLON.Vector3()}])
    key_state = state._KeyState(vector)
    assert type(key_state.components) is tuple and len(key_state.components) == 3
    gc.collect()
    gc.collect()  # (inner tuples first, then the tuple holding them)
    assert not gc.is_tracked(key_state.components)
    assert not key_state.differs(vector)
    first.x = float("1.5")  # an equal number (maybe a new object): no change
    assert not key_state.differs(vector)
    assert type(key_state.components) is tuple
    assert key_state.components[0][0] == 1.5
    first.y = 7.0
    assert key_state.differs(vector)
