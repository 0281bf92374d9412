"""key_types.coerce_plain_keys' one-pass check (keys already of the data type's class) against
the key-by-key path it stands in front of, over seeded random key lists: the same data type,
the same keys and values afterwards (objects by identity), the same error; and the comparison
fails when the check is broken (a plain-array tangent not looked at)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import lite_compat as BABYLON  # noqa: N812
from lite.errors import LiteError
from lite_compat.animations import key_types
from lite_compat.animations.animation_key import key_get, key_set

A = BABYLON.Animation
_TYPES = {
    A.ANIMATIONTYPE_VECTOR3: (BABYLON.Vector3, 3),
    A.ANIMATIONTYPE_QUATERNION: (BABYLON.Quaternion, 4),
    A.ANIMATIONTYPE_VECTOR2: (BABYLON.Vector2, 2),
    A.ANIMATIONTYPE_COLOR3: (BABYLON.Color3, 3),
}


class _Key:
    def __init__(self, frame: float, value: Any) -> None:
        self.frame = frame
        self.value = value


class _Sub(BABYLON.Vector3):
    pass


def _value(rng: random.Random, cls: type, n: int) -> Any:
    op = rng.randrange(12)
    numbers = [rng.random() for _ in range(n)]
    if op == 0:
        return numbers
    if op == 1:
        return tuple(numbers)
    if op == 2:
        return np.array(numbers)
    if op == 3:
        return numbers[:-1]  # wrong length
    if op == 4 and cls is BABYLON.Vector3:
        return _Sub(*numbers)
    if op == 5:
        return None
    return cls(*numbers)


def _keys(rng: random.Random, cls: type, n: int) -> list[Any]:
    keys: list[Any] = []
    for frame in range(rng.randint(1, 4)):
        value = _value(rng, cls, n) if rng.random() < 0.3 else cls(*[rng.random()] * n)
        if rng.random() < 0.1:
            keys.append(_Key(frame, value))
            continue
        key: dict[str, Any] = {"frame": frame, "value": value}
        if rng.random() < 0.3:
            key[rng.choice(["inTangent", "outTangent"])] = _value(rng, cls, n)
        if rng.random() < 0.1:
            del key["frame"]
        if rng.random() < 0.1:
            key["interpolation"] = 1
        keys.append(key)
    return keys


_FIELDS = ("frame", "value", "inTangent", "outTangent")


def _fields(keys: list[Any]) -> list[Any]:
    return [key_get(key, field) for key in keys for field in _FIELDS]


def _snapshot(keys: list[Any], before: list[Any]) -> list[Any]:
    # Per field: its type, whether it is the object it was, and its numbers.
    out: list[Any] = []
    for value, old in zip(_fields(keys), before, strict=True):
        if isinstance(value, BABYLON.Vector2 | BABYLON.Vector3 | BABYLON.Quaternion):
            numbers: Any = value.asArray()
        elif isinstance(value, BABYLON.Color3):
            numbers = value.asArray()
        elif isinstance(value, np.ndarray):
            numbers = value.tolist()
        else:
            numbers = value
        out.append((type(value), value is old, numbers))
    return out


def _run(keys: list[Any], data_type: int) -> Any:
    try:
        return key_types.coerce_plain_keys("a", data_type, "position", keys, key_get, key_set)
    except LiteError as error:
        return ("error", error.code, str(error))


def _compare(seeds: int) -> int:
    differ = 0
    for seed in range(seeds):
        rng = random.Random(seed)
        data_type = rng.choice(list(_TYPES))
        cls, n = _TYPES[data_type]
        keys = _keys(rng, cls, n)
        copies = [dict(k) if type(k) is dict else _Key(k.frame, k.value) for k in keys]
        before = _fields(keys)
        key_types._FAST[0] = True
        fast = (_run(keys, data_type), _snapshot(keys, before))
        key_types._FAST[0] = False
        full = (_run(copies, data_type), _snapshot(copies, before))
        key_types._FAST[0] = True
        differ += fast != full
    return differ


def test_the_one_pass_check_is_the_key_by_key_path() -> None:
    assert _compare(400) == 0


def test_the_comparison_catches_a_broken_check(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(keys: Any, cls: type) -> bool:
        return all(type(k) is dict and type(k.get("value")) is cls for k in keys)

    monkeypatch.setattr(key_types, "_nothing_to_coerce", broken)
    assert _compare(400) > 0
