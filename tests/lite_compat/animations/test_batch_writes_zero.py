"""``batch_writes._zero_rotations`` (a guard skips the pass while no rotation component moved)
against the plain pass it replaces, over seeded scripts that edit the rotations between calls:
components set to non-zero floats, ``-0.0``, ints, bools, numpy values (a 0-d array mutated in
place keeps its member word), whole rotations swapped in the list, vector subclasses. After
every call both copies hold the same components (type and bits), and a broken guard is caught.
"""

from __future__ import annotations

import random
import struct
from typing import Any

import numpy as np
import pytest

from lite_compat.animations import batch_writes, object_words
from lite_compat.animations.object_words import WordGuard
from lite_compat.math import Vector3


class _Rotation(Vector3):
    """A Vector3 subclass (the guard refuses a list holding one)."""

    __slots__ = ()


class _Tilted(Vector3):
    """A class a script may give a rotation (``__class__``): its ``x`` reads non-zero."""

    __slots__ = ()

    @property
    def x(self) -> Any:
        return 1.0

    @x.setter
    def x(self, value: Any) -> None:
        _SLOT_X.__set__(self, value)

    def setAll(self, v: float) -> Any:  # noqa: N802 - Babylon's name
        _TILTED_RESETS.append(id(self))
        return super().setAll(v)


_TILTED_RESETS: list[int] = []


_SLOT_X = Vector3.__dict__["x"]


def _recast(vector: Any, cls: type) -> None:
    vector.__class__ = cls


def _reference(rotations: list[Any]) -> None:
    for rotation in rotations:
        if rotation.x or rotation.y or rotation.z:
            rotation.setAll(0.0)


def _value(rng: random.Random) -> Any:
    pick = rng.randrange(8)
    return [
        rng.uniform(-1, 1),
        -0.0,
        0,
        rng.choice([True, False]),
        np.float64(0.0),
        np.zeros(()),
        0.0,
        rng.randint(-2, 2),
    ][pick]


def _snapshot(rotations: list[Any]) -> list[Any]:
    out = []
    for r in rotations:
        for v in (r.x, r.y, r.z):
            if isinstance(v, np.ndarray):
                out.append(("array", v.tobytes()))
            elif isinstance(v, float):
                out.append((type(v).__name__, struct.pack("<d", v)))
            else:
                out.append((type(v).__name__, v))
    return out


def _run(seed: int, zero: Any) -> list[Any]:
    _TILTED_RESETS.clear()
    rng = random.Random(seed)
    rotations: list[Any] = [Vector3(0.0, 0.0, 0.0) for _ in range(rng.randint(1, 30))]
    lists = [rotations]
    trace: list[Any] = []
    for _ in range(60):
        zero(lists[-1])
        trace.append((_snapshot(lists[-1]), len(_TILTED_RESETS)))
        # Most calls nothing changed since the last (an animation's own frames).
        if rng.random() < 0.5:
            continue
        current = lists[-1]
        op = rng.randrange(7)
        r = rng.choice(current)
        if op == 0:
            setattr(r, rng.choice("xyz"), _value(rng))
        elif op == 1:
            r.set(rng.uniform(-1, 1), 0.0, 0.0)
        elif op == 2:
            # A 0-d array held by a component, changed in place (same object, now non-zero).
            held = [v for v in (r.x, r.y, r.z) if isinstance(v, np.ndarray)]
            if held:
                held[0][...] = rng.choice([0.0, 1.0])
        elif op == 3:
            current[rng.randrange(len(current))] = Vector3(rng.uniform(-1, 1), 0.0, 0.0)
        elif op == 4 and rng.random() < 0.3:
            current[rng.randrange(len(current))] = _Rotation(0.5, 0.0, 0.0)
        elif op == 4:
            _recast(r, _Tilted if type(r) is Vector3 else Vector3)
        elif op == 5:
            # Another list of the same rotations (a run sliced anew).
            lists.append(list(current))
        else:
            current.append(Vector3(0.0, rng.uniform(-1, 1), 0.0))
    return trace


@pytest.mark.parametrize("seed", range(40))
def test_guarded_zero_pass_equals_the_plain_pass(seed: int) -> None:
    batch_writes._ZEROED.clear()
    assert _run(seed, batch_writes._zero_rotations) == _run(seed, _reference)


@pytest.mark.skipif(not object_words.SUPPORTED, reason="needs CPython 3.11-3.13")
def test_the_guard_skips_unchanged_lists() -> None:
    batch_writes._ZEROED.clear()
    rotations = [Vector3(0.0, 0.0, 0.0) for _ in range(5)]
    for _ in range(3):
        batch_writes._zero_rotations(rotations)
    guard = batch_writes._ZEROED[id(rotations)][1]
    assert guard is not None and guard.unchanged()
    rotations[2].y = 0.5
    batch_writes._zero_rotations(rotations)
    assert rotations[2].y == 0.0


@pytest.mark.skipif(not object_words.SUPPORTED, reason="needs CPython 3.11-3.13")
def test_a_broken_guard_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(WordGuard, "unchanged", lambda self: True)
    failed = 0
    for seed in range(10):
        batch_writes._ZEROED.clear()
        failed += _run(seed, batch_writes._zero_rotations) != _run(seed, _reference)
    assert failed > 0
