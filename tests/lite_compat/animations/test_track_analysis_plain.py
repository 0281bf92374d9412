"""The planner's fast path for plain keys (track_analysis._plain_signature/_plain_spec) against
the general analysis it short-cuts, bit for bit, over seeded random key lists.

Plain keys (dicts with a frame and a value, no interpolation, easing or tangents; numbers or
the data type's exact vector class) are analysed in one pass. Every analysis here is made
twice, once through that pass and once with it turned off (the general path: the reasons of
fallback_reasons.py, then _batch_spec), and the reasons and compiled specs must be the same,
including near-plain keys the fast path must hand over (NaN, infinities, negative, unsorted,
float32-inexact or all-zero frames, huge ints, bools, NumPy scalars, values out of float32's
range, -0.0).
"""

from __future__ import annotations

import math
import random
import struct
from typing import Any

import numpy as np
import pytest

import lite_compat as BABYLON  # noqa: N812
from lite_compat.animations import track_analysis

A = BABYLON.Animation

TYPES = (
    A.ANIMATIONTYPE_FLOAT,
    A.ANIMATIONTYPE_VECTOR2,
    A.ANIMATIONTYPE_VECTOR3,
    A.ANIMATIONTYPE_QUATERNION,
)
#: Seeded programs (key lists) checked.
PROGRAMS = 3000


def _odd_number(rng: random.Random) -> Any:
    return rng.choice(
        [
            math.nan,
            math.inf,
            -math.inf,
            -0.0,
            0.0,
            1e39,
            -1e39,
            10**400,
            3,
            True,
            np.float32(0.5),
            np.float64(2.25),
            0.1,
            1 / 3,
            -7,
        ]
    )


def _number(rng: random.Random, odd: float) -> Any:
    if rng.random() < odd:
        return _odd_number(rng)
    return rng.choice([rng.randint(-5, 5), rng.uniform(-10, 10), round(rng.uniform(-3, 3), 2)])


def _frame(rng: random.Random, previous: float, odd: float) -> Any:
    if rng.random() < odd:
        return rng.choice(
            [math.nan, math.inf, -1, -0.0, 0.1, 2**25, 2**24 + 1, 10**400, True, np.float32(3)]
        )
    step = rng.choice([0, 1, 2.5, 10, 0.25])
    value = previous + step
    if math.isfinite(value) and value == int(value) and rng.random() < 0.5:
        return int(value)
    return float(value)


def _value(rng: random.Random, data_type: int, odd: float) -> Any:
    if data_type == A.ANIMATIONTYPE_FLOAT:
        return _number(rng, odd)
    if rng.random() < odd / 2:
        return rng.choice([BABYLON.Vector3(1, 2, 3), BABYLON.Quaternion(), 1.5, None])
    cls = {
        A.ANIMATIONTYPE_VECTOR2: BABYLON.Vector2,
        A.ANIMATIONTYPE_VECTOR3: BABYLON.Vector3,
        A.ANIMATIONTYPE_QUATERNION: BABYLON.Quaternion,
    }[data_type]
    count = {BABYLON.Vector2: 2, BABYLON.Vector3: 3, BABYLON.Quaternion: 4}[cls]
    return cls(*(_number(rng, odd) for _ in range(count)))


def _animation(seed: int) -> Any:
    rng = random.Random(seed)
    data_type = rng.choice(TYPES)
    odd = rng.choice([0.0, 0.0, 0.05, 0.3])
    keys: list[Any] = []
    frame: float = 0.0
    for _ in range(rng.randint(1, 5)):
        previous = frame if type(frame) in (int, float) and abs(frame) < 1e6 else 0.0
        frame = _frame(rng, previous, odd)
        key: dict[str, Any] = {"frame": frame, "value": _value(rng, data_type, odd)}
        if rng.random() < odd:
            field = rng.choice(["interpolation", "easingFunction", "inTangent", "outTangent"])
            key[field] = {
                "interpolation": BABYLON.AnimationKeyInterpolation.STEP,
                "easingFunction": BABYLON.CubicEase(),
                "inTangent": 0.0,
                "outTangent": 1.0,
            }[field]
        keys.append(key)
    path = {
        A.ANIMATIONTYPE_FLOAT: "x",
        A.ANIMATIONTYPE_VECTOR2: "uv",
        A.ANIMATIONTYPE_VECTOR3: "position",
        A.ANIMATIONTYPE_QUATERNION: "rotationQuaternion",
    }[data_type]
    animation = A("a", path, 60, data_type, A.ANIMATIONLOOPMODE_CYCLE)
    # Straight into the key list: setKeys refuses some of these (what the planner is given
    # after in-place edits).
    animation._keys = keys
    return animation


def _bits(x: Any) -> Any:
    return struct.pack("<d", x) if isinstance(x, float) else x


def _facts(analysis: Any) -> tuple[Any, ...]:
    spec = analysis.batch
    compiled = None
    if spec is not None:
        compiled = (
            spec.kind,
            spec.stride,
            spec.exact,
            spec.key_easings,
            [_bits(f) for f in spec.frame_list],
            [[_bits(c) for c in row] for row in spec.value_rows],
            spec.last,
            spec.shape,
            _bits_array(spec.frames),
            _bits_array(spec.values),
        )
    return (analysis.data_type_reason, analysis.keys_reason, analysis.exact_reason, compiled)


def _bits_array(array: np.ndarray) -> bytes:
    return np.ascontiguousarray(array, dtype=np.float64).tobytes()


def _general(animation: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    with monkeypatch.context() as m:
        m.setattr(track_analysis, "_plain_signature", lambda _animation: None)
        return track_analysis._Analysis(animation, track_analysis._signature(animation))


def test_plain_keys_are_analysed_as_the_general_path_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fast_specs = 0
    for seed in range(PROGRAMS):
        animation = _animation(seed)
        signature = track_analysis._signature(animation)
        fast = track_analysis._Analysis(animation, signature)
        general = _general(animation, monkeypatch)
        assert _facts(fast) == _facts(general), f"seed {seed}"
        if signature[0] is track_analysis._PLAIN and fast.batch is not None:
            fast_specs += 1
    # Most programs are plain and compile through the fast path; the rest exercise hand-overs.
    assert fast_specs > PROGRAMS // 3


def test_a_plain_signature_changes_with_every_number_type_sign_and_value_object() -> None:
    def make(frame: Any, value: Any) -> Any:
        animation = A("a", "position", 60, A.ANIMATIONTYPE_VECTOR3, A.ANIMATIONLOOPMODE_CYCLE)
        animation._keys = [{"frame": 0, "value": value}, {"frame": frame, "value": value}]
        return animation

    v = BABYLON.Vector3(1.0, 0.0, 2)
    base = track_analysis._signature(make(30, v))
    assert base[0] is track_analysis._PLAIN
    assert track_analysis._signature(make(30, v)) == base
    for other in (
        make(30.0, v),  # int frame -> float
        make(31, v),
        make(30, BABYLON.Vector3(1.0, 0.0, 2)),  # equal, another object
    ):
        assert track_analysis._signature(other) != base
    for name, number in (("x", 1), ("y", -0.0), ("z", 2.0), ("z", 2.5), ("x", math.nan)):
        w = BABYLON.Vector3(1.0, 0.0, 2)
        animation = make(30, w)
        before = track_analysis._signature(animation)
        setattr(w, name, number)
        assert track_analysis._signature(animation) != before, (name, number)


def test_the_analysis_cache_sees_an_in_place_sign_change() -> None:
    animation = A("a", "x", 60, A.ANIMATIONTYPE_FLOAT, A.ANIMATIONLOOPMODE_CYCLE)
    animation.setKeys([{"frame": 0, "value": 0.0}, {"frame": 30, "value": 1.0}])
    first = track_analysis._analysis(animation)
    assert track_analysis._analysis(animation) is first
    animation.getKeys()[0]["value"] = -0.0
    second = track_analysis._analysis(animation)
    assert second is not first
    assert second.batch is not None
    assert math.copysign(1.0, second.batch.value_rows[0][0]) == -1.0
