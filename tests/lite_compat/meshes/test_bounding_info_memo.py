"""The one-entry memos of the CPU skinning and ``extractMinAndMax`` (clones of one skinned
mesh refresh their bounding info from the same points): over seeded random inputs, some
repeated exactly and some differing by one number (a sign of zero included), the results
with the memos equal the ones computed afresh, to the bit.
"""

from __future__ import annotations

import array
import math
import random
import struct
from typing import Any

import numpy as np
import pytest

from lite_compat.meshes import bounding_info, vertex_deformation
from lite_compat.meshes.bounding_info import float64_bits
from lite_compat.meshes.vertex_data import VertexBuffer


def _bits(values: Any) -> bytes:
    return b"".join(struct.pack("<d", float(v)) for v in values)


def _inputs(rng: random.Random, count: int) -> dict[str, Any]:
    bones = 5
    palette = array.array("f", [rng.uniform(-2, 2) for _ in range(16 * bones)])
    indices = [float(rng.randrange(bones)) for _ in range(4 * count)]
    weights = [rng.choice([0.0, 0.25, 0.5, 1.0]) for _ in range(4 * count)]
    data = array.array("f", [rng.uniform(-3, 3) for _ in range(3 * count)])
    return {"data": data, "palette": palette, "indices": indices, "weights": weights}


def _tweak(rng: random.Random, inputs: dict[str, Any]) -> None:
    name = rng.choice(["data", "palette", "weights"])
    values = inputs[name]
    i = rng.randrange(len(values))
    if rng.random() < 0.5:
        values[i] = -0.0 if values[i] == 0 and not str(values[i]).startswith("-") else 0.0
    else:
        values[i] = values[i] + 0.5


def _skin(inputs: dict[str, Any], kind: str) -> bytes:
    data = array.array("f", inputs["data"])
    ok = vertex_deformation._apply_skeleton_batched(
        data, kind, inputs["palette"], inputs["indices"], inputs["weights"], None, None
    )
    assert ok
    return data.tobytes()


@pytest.mark.parametrize("seed", range(12))
def test_skinning_memo_equals_fresh(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(seed)
    inputs = _inputs(rng, 300)
    for _step in range(8):
        kind = rng.choice([VertexBuffer.PositionKind, VertexBuffer.NormalKind])
        with_memo = _skin(inputs, kind)
        monkeypatch.setattr(vertex_deformation, "_MEMO_MIN_VERTICES", 10**9)
        fresh = _skin(inputs, kind)
        monkeypatch.undo()
        assert with_memo == fresh
        if rng.random() < 0.6:
            _tweak(rng, inputs)


@pytest.mark.parametrize("seed", range(12))
def test_extent_memo_equals_fresh(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(seed)
    points = [rng.uniform(-3, 3) for _ in range(3 * 400)]
    for _step in range(8):
        stride = rng.choice([None, 3, 4])
        count = len(points) // (stride or 3) - 1
        got = bounding_info.extractMinAndMax(points, 1, count, None, stride)
        monkeypatch.setattr(bounding_info, "_MEMO_MIN_POINTS", 10**9)
        fresh = bounding_info.extractMinAndMax(points, 1, count, None, stride)
        monkeypatch.undo()
        assert _bits(got.minimum.asArray() + got.maximum.asArray()) == _bits(
            fresh.minimum.asArray() + fresh.maximum.asArray()
        )
        if rng.random() < 0.6:
            i = rng.randrange(len(points))
            points[i] = rng.choice([-0.0, 0.0, points[i] * 2, 9.0])


def test_the_memos_are_used() -> None:
    rng = random.Random(5)
    inputs = _inputs(rng, 300)
    first = _skin(inputs, VertexBuffer.PositionKind)
    memo = vertex_deformation._SKIN_MEMO[0]
    assert _skin(inputs, VertexBuffer.PositionKind) == first
    assert vertex_deformation._SKIN_MEMO[0] is memo
    points = [rng.random() for _ in range(3 * 300)]
    bounding_info.extractMinAndMax(points, 0, 300)
    extent = bounding_info._EXTENT_MEMO[0]
    bounding_info.extractMinAndMax(points, 0, 300)
    assert bounding_info._EXTENT_MEMO[0] is extent


def test_float64_bits_are_array_doubles() -> None:
    # The memo keys' packing (struct, one call) gives array("d")'s bytes for every number
    # kind a vertex list holds, and fails where array("d") fails.
    rng = random.Random(7)
    values: list[object] = [rng.uniform(-1e3, 1e3) for _ in range(2000)]
    values += [0.0, -0.0, math.nan, math.inf, -math.inf, 1, True, np.float32(0.1), 2**60]
    rng.shuffle(values)
    assert float64_bits(values) == array.array("d", values).tobytes()  # type: ignore[arg-type,type-var]
    floats32 = array.array("f", [0.1, -0.0, 3.5, 1e30])
    assert float64_bits(floats32) == array.array("d", floats32).tobytes()
    for bad in ([None], ["x"], [10**400]):
        with pytest.raises((TypeError, ValueError, OverflowError, struct.error)):
            float64_bits(bad)  # type: ignore[arg-type]


def _list_inputs(rng: random.Random, count: int) -> dict[str, Any]:
    # As a clone's refresh reads them: vertex data as lists (positions copied from the shared
    # geometry list, the same float objects), the palette as a float32 array.
    inputs = _inputs(rng, count)
    inputs["data"] = list(inputs["data"])
    return inputs


def _skin_list(inputs: dict[str, Any], kind: str) -> list[float]:
    data = inputs["data"][:]
    ok = vertex_deformation._apply_skeleton_batched(
        data, kind, inputs["palette"], inputs["indices"], inputs["weights"], None, None
    )
    assert ok
    return data


def _list_tweak(rng: random.Random, inputs: dict[str, Any]) -> None:
    name = rng.choice(["data", "indices", "weights", "palette"])
    values = inputs[name]
    i = rng.randrange(len(values))
    edit = rng.randrange(6)
    if edit == 0:
        values[i] = float(repr(float(values[i])))  # an equal number in another object
    elif edit == 1:
        values[i] = -0.0 if math.copysign(1.0, float(values[i])) > 0 else 0.0
    elif edit == 2 and name != "indices":
        values[i] = float(values[i]) + 0.5
    elif edit == 3 and name == "data":
        values[i] = np.array(float(values[i]))  # a mutable number object
    elif edit == 4 and name == "data":
        boxed = [j for j, v in enumerate(values) if isinstance(v, np.ndarray)]
        if boxed:
            values[rng.choice(boxed)][()] = rng.choice([-9.0, 9.0, -0.0])  # changed in place
    else:
        inputs[name] = type(values)(values) if name != "palette" else array.array("f", values)


@pytest.mark.parametrize("seed", range(12))
def test_skinning_memo_of_lists_equals_fresh(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # The memo's same-objects key (item pointers of the lists) and its number key agree with
    # a fresh computation through equal numbers in new objects, signs of zero and list copies.
    rng = random.Random(seed)
    inputs = _list_inputs(rng, 300)
    for _step in range(10):
        kind = rng.choice([VertexBuffer.PositionKind, VertexBuffer.NormalKind])
        with_memo = _skin_list(inputs, kind)
        again = _skin_list(inputs, kind)
        monkeypatch.setattr(vertex_deformation, "_MEMO_MIN_VERTICES", 10**9)
        fresh = _skin_list(inputs, kind)
        monkeypatch.undo()
        assert _bits(with_memo) == _bits(fresh) == _bits(again)
        if rng.random() < 0.7:
            _list_tweak(rng, inputs)


def test_the_same_input_objects_skip_the_number_key(monkeypatch: pytest.MonkeyPatch) -> None:
    if not vertex_deformation.LIST_ITEMS_SUPPORTED:
        pytest.skip("list item words are not read on this interpreter")
    rng = random.Random(9)
    inputs = _list_inputs(rng, 300)
    first = _skin_list(inputs, VertexBuffer.PositionKind)
    calls: list[object] = []
    original = vertex_deformation._skin_key

    def spy(*args: Any) -> Any:
        calls.append(args)
        return original(*args)

    monkeypatch.setattr(vertex_deformation, "_skin_key", spy)
    assert _skin_list(inputs, VertexBuffer.PositionKind) == first
    assert calls == []
    # An equal number in another object: the number key decides (a hit, the same numbers).
    inputs["data"][0] = float(repr(inputs["data"][0]))
    assert _bits(_skin_list(inputs, VertexBuffer.PositionKind)) == _bits(first)
    assert len(calls) == 1


@pytest.mark.parametrize("seed", range(8))
def test_extent_memo_of_the_same_objects_equals_fresh(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Copies of one list (the same number objects: the memo's same-objects key), then edits:
    # equal numbers in new objects, signs of zero, and mutable number objects (0-d arrays,
    # changed in place: never taken as the same numbers).
    rng = random.Random(seed)
    points: list[Any] = [rng.uniform(-3, 3) for _ in range(3 * 400)]
    for _step in range(10):
        got = [bounding_info.extractMinAndMax(points[:], 0, 400) for _ in range(2)]
        monkeypatch.setattr(bounding_info, "_MEMO_MIN_POINTS", 10**9)
        fresh = bounding_info.extractMinAndMax(points, 0, 400)
        monkeypatch.undo()
        want = _bits(fresh.minimum.asArray() + fresh.maximum.asArray())
        for extent in got:
            assert _bits(extent.minimum.asArray() + extent.maximum.asArray()) == want
        i = rng.randrange(len(points))
        edit = rng.randrange(4)
        if edit == 0:
            points[i] = float(repr(float(points[i])))
        elif edit == 1:
            points[i] = -0.0 if math.copysign(1.0, float(points[i])) > 0 else 0.0
        elif edit == 2:
            points[i] = np.array(float(points[i]))
        else:
            boxed = [j for j, p in enumerate(points) if isinstance(p, np.ndarray)]
            if boxed:
                points[rng.choice(boxed)][()] = rng.choice([-9.0, 9.0, -0.0])


def test_the_same_points_skip_the_number_key(monkeypatch: pytest.MonkeyPatch) -> None:
    if not bounding_info.LIST_ITEMS_SUPPORTED:
        pytest.skip("list item words are not read on this interpreter")
    rng = random.Random(4)
    points = [rng.random() for _ in range(3 * 300)]
    first = bounding_info.extractMinAndMax(points[:], 0, 300)
    calls: list[object] = []
    original = bounding_info._extent_key

    def spy(*args: Any) -> Any:
        calls.append(args)
        return original(*args)

    monkeypatch.setattr(bounding_info, "_extent_key", spy)
    again = bounding_info.extractMinAndMax(points[:], 0, 300)
    assert calls == []
    assert again.minimum.asArray() + again.maximum.asArray() == (
        first.minimum.asArray() + first.maximum.asArray()
    )


def test_a_mutable_number_changed_in_place_is_skinned_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    rng = random.Random(11)
    inputs = _list_inputs(rng, 300)
    inputs["data"][4] = np.array(1.25)  # the same object, changed in place below
    _skin_list(inputs, VertexBuffer.PositionKind)
    _skin_list(inputs, VertexBuffer.PositionKind)
    inputs["data"][4][()] = -7.5
    got = _skin_list(inputs, VertexBuffer.PositionKind)
    monkeypatch.setattr(vertex_deformation, "_MEMO_MIN_VERTICES", 10**9)
    assert _bits(got) == _bits(_skin_list(inputs, VertexBuffer.PositionKind))
