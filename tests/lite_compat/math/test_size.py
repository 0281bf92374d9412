"""Unit tests for lite_compat.math.size: Size (group 7 of the test specification in
docs/architecture/compat-math.md)."""

from __future__ import annotations

import pytest

from lite_compat.math import (
    Size,
)


def test_size_arithmetic() -> None:
    a, b = Size(4, 3), Size(-1.5, 2.5)
    assert [a.add(b).width, a.add(b).height] == [2.5, 5.5]
    lerp = Size.Lerp(a, b, 0.4)
    assert [lerp.width, lerp.height] == pytest.approx([1.8, 2.8])
    assert a.surface == 12
    assert a.equals(a.clone())
    assert not a.equals(None)
