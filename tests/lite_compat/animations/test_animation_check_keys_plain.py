"""The key checks' fast path (animation._plain_doubles in front of animation._check_keys) against
the key-by-key checks it short-cuts, over seeded random key lists.

Each list is checked twice, on separate copies: once as setKeys does (fast path first), once
with the fast path turned off. Both must raise the same error (type, code, message, input) or
none, and leave the keys the same (each field's type and value: NumPy scalars become doubles,
nothing else changes). Plain keys (exact dicts, double frames, double float values) must
take the fast path: no key is read one field at a time. Bounded by counts.
"""

from __future__ import annotations

import copy
import math
import random
from typing import Any

import numpy as np
import pytest

import lite_compat as BABYLON  # noqa: N812
from lite.errors import LiteError
from lite_compat.animations import animation as animation_module

A = BABYLON.Animation
TYPES = (
    A.ANIMATIONTYPE_FLOAT,
    A.ANIMATIONTYPE_VECTOR2,
    A.ANIMATIONTYPE_VECTOR3,
    A.ANIMATIONTYPE_QUATERNION,
    A.ANIMATIONTYPE_COLOR3,
)
PROGRAMS = 4000


class _Key(dict):  # type: ignore[type-arg]
    pass


class _ObjKey:
    def __init__(self, frame: Any, value: Any) -> None:
        self.frame = frame
        self.value = value


def _number(rng: random.Random) -> Any:
    if rng.random() < 0.8:
        return rng.choice([rng.randint(0, 120), rng.uniform(-5, 5), 0.0, -0.0, 60])
    return rng.choice(
        [
            math.nan,
            math.inf,
            -math.inf,
            10**400,
            -(10**400),
            (1 << 1023) - 1,
            1 << 1023,
            -(1 << 1023),
            2**1024 - 2**970,
            True,
            None,
            "3",
            np.float32(0.5),
            np.float64(2.25),
            np.int64(7),
            np.bool_(True),
            [1, 2],
            lambda: 1.0,
        ]
    )


def _value(rng: random.Random, data_type: int) -> Any:
    if rng.random() < 0.1:
        return _number(rng)
    if data_type == A.ANIMATIONTYPE_FLOAT:
        return _number(rng)
    if data_type == A.ANIMATIONTYPE_VECTOR2:
        return BABYLON.Vector2(rng.random(), rng.random())
    if data_type == A.ANIMATIONTYPE_VECTOR3:
        return BABYLON.Vector3(rng.random(), rng.random(), rng.random())
    if data_type == A.ANIMATIONTYPE_COLOR3:
        return BABYLON.Color3(rng.random(), rng.random(), rng.random())
    return BABYLON.Quaternion(rng.random(), rng.random(), rng.random(), 1.0)


def _keys(rng: random.Random, data_type: int) -> list[Any]:
    plain = rng.random() < 0.4
    keys: list[Any] = []
    for _ in range(rng.randint(0, 5)):
        frame = rng.choice([rng.randint(0, 100), rng.uniform(0, 100)])
        value = _value(rng, data_type) if not plain else None
        if plain:
            value = (
                rng.uniform(-3, 3) if data_type == A.ANIMATIONTYPE_FLOAT else _value(rng, data_type)
            )
        elif rng.random() < 0.3:
            frame = _number(rng)
        shape = rng.random()
        if shape < 0.85 or plain:
            key: Any = {"frame": frame, "value": value}
            if rng.random() < 0.1:
                key["interpolation"] = 0
        elif shape < 0.93:
            key = _Key(frame=frame, value=value)
        else:
            key = _ObjKey(frame, value)
        keys.append(key)
    return keys


def _fields(keys: list[Any]) -> list[tuple[Any, ...]]:
    out = []
    for key in keys:
        get = key.get if isinstance(key, dict) else lambda n, k=key: getattr(k, n, None)
        row = []
        for name in ("frame", "value", "interpolation"):
            item = get(name)
            row.append((type(item), repr(item) if not callable(item) else "fn"))
        out.append(tuple(row))
    return out


def _run(keys: list[Any], data_type: int) -> tuple[Any, list[tuple[Any, ...]]]:
    try:
        animation_module._check_keys("a", data_type, keys)
    except LiteError as error:
        return (type(error), error.code, str(error), getattr(error, "input_name", None)), _fields(
            keys
        )
    return None, _fields(keys)


def test_fast_path_matches_key_by_key_checks(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(24)
    fast_taken = 0
    real = animation_module._plain_doubles
    for _ in range(PROGRAMS):
        data_type = rng.choice(TYPES)
        keys = _keys(rng, data_type)
        general_keys = copy.deepcopy(keys)
        fast_keys = copy.deepcopy(keys)
        if real(data_type, keys):
            fast_taken += 1
        fast = _run(fast_keys, data_type)
        monkeypatch.setattr(animation_module, "_plain_doubles", lambda *_: False)
        general = _run(general_keys, data_type)
        monkeypatch.setattr(animation_module, "_plain_doubles", real)
        assert fast == general, (data_type, keys)
    # Both paths were exercised.
    assert 1000 < fast_taken < PROGRAMS - 1000


def test_plain_keys_read_no_field_one_at_a_time(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = [0]
    real = animation_module.key_get

    def counted(key: Any, name: str) -> Any:
        calls[0] += 1
        return real(key, name)

    monkeypatch.setattr(animation_module, "key_get", counted)
    for data_type, value in (
        (A.ANIMATIONTYPE_FLOAT, 1.5),
        (A.ANIMATIONTYPE_VECTOR3, BABYLON.Vector3(1, 2, 3)),
        (A.ANIMATIONTYPE_QUATERNION, BABYLON.Quaternion(0, 0, 0, 1)),
    ):
        keys = [{"frame": f, "value": value} for f in (0, 20.5, 60)]
        animation_module._check_keys("a", data_type, keys)
    assert calls[0] == 0
    # A NumPy frame is converted key by key (and the keys read one field at a time).
    odd: list[dict[str, Any]] = [
        {"frame": np.float32(0.5), "value": 1.0},
        {"frame": 2, "value": 2.0},
    ]
    animation_module._check_keys("a", A.ANIMATIONTYPE_FLOAT, odd)
    assert calls[0] > 0
    assert type(odd[0]["frame"]) is float


def test_a_refused_key_changes_nothing() -> None:
    keys: list[Any] = [
        {"frame": np.float32(0.5), "value": np.float64(1.0)},
        {"frame": 10**400, "value": 2.0},
    ]
    with pytest.raises(LiteError) as caught:
        animation_module._check_keys("a", A.ANIMATIONTYPE_FLOAT, keys)
    assert caught.value.code == "LITE-COMPAT-001"
    assert type(keys[0]["frame"]) is np.float32
    assert type(keys[0]["value"]) is np.float64
