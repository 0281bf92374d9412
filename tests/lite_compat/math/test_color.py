"""Unit tests for lite_compat.math.color: Color3 and Color4 (group 7 of the test specification in
docs/architecture/compat-math.md)."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pytest
from numpy.testing import assert_allclose

from lite.errors import UnsupportedError
from lite_compat.math import (
    Color3,
    Color4,
    Quaternion,
)


def close(
    actual: Sequence[float], expected: Sequence[float], rtol: float = 1e-6, atol: float = 1e-6
) -> None:
    """``assert_allclose`` with the parity tolerance (abs 1e-6 + rel 1e-6) by default."""
    assert_allclose(
        np.asarray(actual, dtype=np.float64), np.asarray(expected), rtol=rtol, atol=atol
    )


def test_to_hex_string_rounds_half_up_and_does_not_clamp() -> None:
    assert Color3(0.5, 1, 0).toHexString() == "#80FF00"  # 127.5 -> 128
    assert Color3(1.5, -0.002, 0.5).toHexString() == "#17F0-180"  # 382.5, -0.51, 127.5
    assert Color4(1, 0, 0, 0.5).toHexString() == "#FF000080"
    assert Color4(1, 0, 0, 0.5).toHexString(True) == "#FF0000"


def test_from_hex_string_parses_and_ignores_malformed() -> None:
    assert Color3.FromHexString("#FF8000").asArray() == [1, 128 / 255, 0]
    assert Color3.FromHexString("#12345").asArray() == [0, 0, 0]
    assert Color4.FromHexString("#12345").asArray() == [0, 0, 0, 0]
    assert Color4.FromHexString("#FF000080").a == 128 / 255
    bad = Color3.FromHexString("#GG0000")
    assert math.isnan(bad.r)
    assert bad.g == 0


def test_color_lerp_to_ref_returns_nothing_like_babylon() -> None:
    r = Color3()
    assert Color3.LerpToRef(Color3(0, 0, 0), Color3(1, 1, 1), 0.25, r) is None
    assert r.asArray() == [0.25, 0.25, 0.25]
    c4 = Color4.Lerp(Color4(0, 0, 0, 0), Color4(1, 1, 1, 1), 0.5)
    assert c4.asArray() == [0.5, 0.5, 0.5, 0.5]


def test_clamp_to_ref_and_to_color4() -> None:
    r = Color3(1.5, -0.5, 0.5).clampToRef(0, 1, Color3())
    assert r.asArray() == [1, 0, 0.5]
    assert Color3(0.1, 0.2, 0.3).toColor4().asArray() == [0.1, 0.2, 0.3, 1]


def test_hsv_round_trip() -> None:
    c = Color3(0.3, 0.9, 0.1)
    hsv = c.toHSV()
    close(Color3.FromHSV(hsv.r, hsv.g, hsv.b).asArray(), c.asArray())


def test_colors_refuse_negate_like_babylon() -> None:
    with pytest.raises(UnsupportedError) as exc:
        Color3().negate()
    assert exc.value.code == "LITE-UNSUP-001"
    with pytest.raises(UnsupportedError):
        Quaternion().divide(Quaternion())
