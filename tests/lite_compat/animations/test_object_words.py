"""object_words.WordGuard: the guard in front of KeyStateWatch's full poll, against that poll.

``KeyStateWatch.fresh`` answers True from the guard while every object word the last approving
poll read is unchanged; otherwise it polls. It equals the poll (the previous ``fresh``) exactly
when *unchanged words* implies *the poll approves*. Checked here three ways, over seeded random
scripts editing keys in every way Babylon.js sees (a value's components, a key's fields, keys
replaced, appended, inserted, popped, sorted, reversed, the key list or frame rate replaced):

* watch by watch: ``fresh()`` and ``poll()`` agree after every edit;
* scene by scene: N nodes with their own position / rotationQuaternion / eased scaling.x
  animations on forced batched rows, edited at random frames while playing, give the same
  bits with the guard on and off (the previous full poll), frame by frame;
* the scene comparison fails when the guard is broken on purpose (dict tags not read);
* a frame rate replaced by an equal new object (guarded again), then by other new objects,
  one of which may take the first one's address, is seen (the guard holds its objects).
"""

from __future__ import annotations

import math
import random
import struct
from collections.abc import Iterator
from typing import Any

import pytest

import lite_compat as BABYLON  # noqa: N812
from lite_compat.animations import batch, object_words, state

A = BABYLON.Animation
V3 = BABYLON.Vector3
Q = BABYLON.Quaternion

pytestmark = pytest.mark.skipif(not object_words.SUPPORTED, reason="no word layout here")


def _make(kind: int, rng: random.Random) -> Any:
    if kind == 0:
        return V3(rng.random(), rng.random(), rng.random())
    if kind == 1:
        return Q.RotationAxis(V3(0, 1, 0), rng.random())
    return rng.random()


def _animation(kind: int, rng: random.Random, mid: int) -> Any:
    if kind == 0:
        a = A("p", "position", 60, A.ANIMATIONTYPE_VECTOR3, A.ANIMATIONLOOPMODE_CYCLE)
    elif kind == 1:
        a = A("r", "rotationQuaternion", 60, A.ANIMATIONTYPE_QUATERNION, 1)
    else:
        a = A("s", "scaling.x", 60, A.ANIMATIONTYPE_FLOAT, A.ANIMATIONLOOPMODE_CYCLE)
        ease = BABYLON.CubicEase()
        ease.setEasingMode(BABYLON.EasingFunction.EASINGMODE_EASEINOUT)
        a.setEasingFunction(ease)
    a.setKeys([{"frame": f, "value": _make(kind, rng)} for f in (0, mid, 60)])
    return a


def _kind(animation: Any) -> int:
    return {"position": 0, "rotationQuaternion": 1}.get(animation.targetProperty, 2)


def _edit(rng: random.Random, animation: Any) -> None:
    """One edit a script may make to ``animation``'s key state (or none, or an equal one)."""
    keys = animation._keys
    key = rng.choice(keys)
    kind = _kind(animation)
    op = rng.randrange(23)
    if op == 0:
        value = key["value"]
        if isinstance(value, V3 | Q):
            name = rng.choice("xyzw" if isinstance(value, Q) else "xyz")
            current = getattr(value, name)
            new = rng.choice([rng.random(), current, float(repr(current)), math.nan, -0.0, 1])
            setattr(value, name, new)
        else:
            key["value"] = rng.choice([value, float(repr(value)), rng.random(), -0.0, math.nan])
    elif op == 1:
        key["frame"] = rng.choice([key["frame"], float(key["frame"]), key["frame"] + 1])
    elif op == 2:
        key["value"] = _make(kind, rng)
    elif op == 3:
        field = rng.choice(["interpolation", "easingFunction", "inTangent", "outTangent"])
        choices: list[Any] = [None, _make(kind, rng)]
        if field == "interpolation":
            choices = [None, 1, 0]
        elif field == "easingFunction":
            choices = [None, BABYLON.SineEase()]
        key[field] = rng.choice(choices)
    elif op == 4:
        key.pop(rng.choice(["interpolation", "easingFunction", "lockedTangent"]), None)
    elif op == 5 and keys[-1]["frame"] < 90:
        keys.append({"frame": 90, "value": _make(kind, rng)})
    elif op == 6 and len(keys) > 3:
        keys.pop(rng.randrange(1, len(keys)))
    elif op == 7:
        keys[keys.index(key)] = dict(key)  # an equal dict
    elif op == 8:
        animation.framePerSecond = rng.choice([60, 60.0, 30])
    elif op == 9:
        keys.sort(key=lambda k: k["frame"])  # sorted already: the same order
    elif op == 10 and len(keys) > 3:
        keys[1], keys[2] = keys[2], keys[1]
        keys.sort(key=lambda k: k["frame"])  # out of order, then sorted back
    elif op == 11:
        keys.insert(1, {"frame": keys[0]["frame"], "value": _make(kind, rng)})
    elif op == 12:
        keys[:] = list(keys)  # the same items again
    elif op == 13:
        animation.setKeys([dict(k) for k in keys])  # a new list of equal keys
    elif op == 14 and isinstance(key["value"], V3 | Q):
        key["value"].copyFrom(_make(kind, rng))
    elif op == 16:
        # Another key object of the same size in its place (the list's length stays).
        keys[keys.index(key)] = {"frame": key["frame"], "value": _make(kind, rng)}
    elif op == 17 and len(keys) > 2:
        keys[0], keys[1] = keys[1], keys[0]  # out of order, left so
    elif op == 18:
        # New objects in a row, each freeing the one before: a later one may be allocated
        # where an earlier one was (the guard holds what its words point to).
        value = key["value"]
        for _ in range(rng.choice([1, 2, 3])):
            fresh = float(str(rng.choice([30, 45, 60])))
            if rng.random() < 0.5:
                animation.framePerSecond = fresh
            elif isinstance(value, V3 | Q):
                value.x = fresh / 100
            else:
                key["value"] = fresh / 100
    elif op == 15:
        # Changed, seen by another path (a seek asks the version), and changed back.
        before = key["frame"]
        key["frame"] = before + 0.5
        state.state_version(animation)
        key["frame"] = before
    # other ops: nothing changes this step


def test_fresh_is_the_poll_after_every_edit() -> None:
    guarded = changed = 0
    for seed in range(60):
        rng = random.Random(seed)
        animations = [_animation(i % 3, rng, 20 + i) for i in range(9)]
        versions = [state.state_version(a) for a in animations]
        watch = state.KeyStateWatch.build(animations, versions)
        assert watch is not None
        for step in range(40):
            for _ in range(rng.choice([0, 0, 0, 1, 2])):
                _edit(rng, rng.choice(animations))
            guard = watch.guard
            unchanged = guard is not None and guard.unchanged()
            poll = watch.poll()
            assert watch.fresh() == poll, f"seed {seed} step {step}"
            if unchanged:
                assert poll, f"seed {seed} step {step}: words unchanged, keys changed"
                guarded += 1
            if not poll:
                changed += 1
                versions = [state.state_version(a) for a in animations]
                rebuilt = state.KeyStateWatch.build(animations, versions)
                if rebuilt is None:
                    break
                watch = rebuilt
    # The guard answered many steps, and many edits were found.
    assert guarded > 600
    assert changed > 200


def _bits(x: float) -> bytes:
    return struct.pack("<d", x)


def _scene_run(seed: int, frames: int = 50, nodes: int = 12) -> list[list[bytes]]:
    rng = random.Random(seed)
    engine = BABYLON.NullEngine()
    scene = BABYLON.Scene(engine)
    scene.useConstantAnimationDeltaTime = True
    BABYLON.FreeCamera("camera", V3(0, 0, -10), scene)
    made: list[Any] = []
    animations: list[Any] = []
    for i in range(nodes):
        node = BABYLON.TransformNode(f"n{i}", scene)
        node.rotationQuaternion = Q.Identity()
        node.animations = [_animation(k, rng, 20 + (i * 7) % 21) for k in range(3)]
        animations += node.animations
        scene.beginAnimation(node, 0, 60, True)
        made.append(node)
    out: list[list[bytes]] = []
    for _ in range(frames):
        if rng.random() < 0.3:
            for _ in range(rng.choice([1, 1, 2, 3])):
                _edit(rng, rng.choice(animations))
        scene.render()
        row: list[bytes] = []
        for node in made:
            q = node.rotationQuaternion
            row += map(_bits, (node.position.x, node.position.y, node.position.z))
            row += map(_bits, (q.x, q.y, q.z, q.w, node.scaling.x))
        out.append(row)
    scene.dispose()
    engine.dispose()
    return out


@pytest.fixture
def forced_rows() -> Iterator[None]:
    previous_min = batch._MIN_ROWS[0]
    previous = batch.set_batched_evaluation(True, 1)
    guard = object_words.word_guard_enabled()
    try:
        yield
    finally:
        batch.set_batched_evaluation(previous, previous_min)
        object_words.set_word_guard(guard)


def _both(seed: int) -> tuple[list[list[bytes]], list[list[bytes]]]:
    object_words.set_word_guard(False)
    polled = _scene_run(seed)
    object_words.set_word_guard(True)
    return polled, _scene_run(seed)


def test_scenes_give_the_same_bits_with_and_without_the_guard(
    forced_rows: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    answered = [0]
    unchanged = object_words.WordGuard.unchanged

    def counting(self: object_words.WordGuard) -> bool:
        result = unchanged(self)
        answered[0] += result
        return result

    monkeypatch.setattr(object_words.WordGuard, "unchanged", counting)
    for seed in range(24):
        polled, guarded = _both(seed)
        for frame, (a, b) in enumerate(zip(polled, guarded, strict=True)):
            assert a == b, f"seed {seed} frame {frame}"
    # The guard answered most frames.
    assert answered[0] > 24 * 25


def test_the_scene_comparison_catches_a_broken_guard(
    forced_rows: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Broken on purpose: the dicts' entry counts read instead of their version tags, so a
    # key's value or frame replaced in place goes unseen while the count stays.
    monkeypatch.setattr(object_words, "_DICT_TAG", object_words._DICT_USED)
    differs = 0
    for seed in range(24):
        polled, guarded = _both(seed)
        differs += polled != guarded
    assert differs > 0


def test_slot_offsets_read_the_members() -> None:
    v = V3(1.5, 2.5, 3.5)
    for name in "xyz":
        offset = object_words.slot_offset(V3, name)
        assert offset is not None
        assert object_words._word(id(v) + offset) == id(getattr(v, name))
    a = _animation(2, random.Random(0), 30)
    for name in ("_keys", "framePerSecond"):
        offset = object_words.slot_offset(A, name)
        assert offset is not None
        assert object_words._word(id(a) + offset) == id(getattr(a, name))
    # Not members: a property, a plain attribute, a method.
    assert object_words.slot_offset(BABYLON.TransformNode, "position") is None
    assert object_words.slot_offset(A, "name") is None
    assert object_words.slot_offset(A, "setKeys") is None


def test_no_guard_when_turned_off_or_unreadable(forced_rows: None) -> None:
    rng = random.Random(1)
    animations = [_animation(i % 3, rng, 30) for i in range(3)]
    watch = state.KeyStateWatch.build(animations, [state.state_version(a) for a in animations])
    assert watch is not None
    assert watch.fresh()
    assert watch.guard is not None
    object_words.set_word_guard(False)
    assert watch.fresh()
    assert watch.guard is None or watch.guard.unchanged()
    # Objects of mixed classes in one member entry, or a non-dict, make no guard.
    object_words.set_word_guard(True)
    assert object_words.WordGuard.build([([V3(), Q()], "x")], [], []) is None
    assert object_words.WordGuard.build([], [], [(1, 2)]) is None  # type: ignore[list-item]


def test_an_object_allocated_where_a_guarded_one_was_is_seen() -> None:
    seen = 0
    for seed in range(200):
        a = A("s", "scaling.x", 60, A.ANIMATIONTYPE_FLOAT, A.ANIMATIONLOOPMODE_CYCLE)
        a.setKeys([{"frame": 0, "value": 1.0}, {"frame": 60, "value": 2.0}])
        watch = state.KeyStateWatch.build([a], [state.state_version(a)])
        assert watch is not None
        assert watch.fresh()
        a.framePerSecond = float("60")  # equal, another object: guarded again on it
        assert watch.fresh()
        assert watch.guard is not None
        a.framePerSecond = float("30")
        a.framePerSecond = float(str(45 + seed % 3))
        assert not watch.fresh(), f"seed {seed}"
        seen += 1
    assert seen == 200
