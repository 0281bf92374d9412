"""Unit tests for lite_compat.animations.property_paths (JavaScript ``owner[name]``)."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from lite_compat.animations.property_paths import (
    MISSING,
    clone,
    get_property,
    lookup,
    set_property,
)
from lite_compat.math import Vector3


def test_lookup_reads_mappings_indices_and_attributes_with_undefined_as_missing() -> None:
    assert lookup({"a": 1}, "a") == 1
    assert lookup({"a": None}, "a") is None  # null is defined
    assert lookup({}, "a") is MISSING
    assert lookup([5, 6], "1") == 6
    assert lookup([5, 6], "2") is MISSING
    assert lookup(np.array([1.0, 2.0]), "0") == 1.0
    assert lookup("ab", "0") is MISSING  # strings are not indexed
    assert lookup(SimpleNamespace(x=2.0), "x") == 2.0
    assert get_property(SimpleNamespace(), "x") is None


def test_set_property_writes_mappings_sequences_and_attributes() -> None:
    d: dict[str, float] = {}
    set_property(d, "x", 1.0)
    seq = [0.0, 0.0]
    set_property(seq, "1", 2.0)
    obj = SimpleNamespace()
    set_property(obj, "x", 3.0)
    assert (d, seq, obj.x) == ({"x": 1.0}, [0.0, 2.0], 3.0)


def test_clone_copies_math_values_and_passes_numbers_through() -> None:
    v = Vector3(1, 2, 3)
    c = clone(v)
    assert c is not v and c.equals(v)
    assert clone(4.0) == 4.0
