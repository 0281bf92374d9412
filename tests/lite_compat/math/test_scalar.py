"""Unit tests for lite_compat.math.scalar: Scalar (group 7 of the test specification in
docs/architecture/compat-math.md)."""

from __future__ import annotations

import math

import pytest

from lite_compat.math import (
    Scalar,
)


def test_scalar_helpers() -> None:
    assert Scalar.LerpAngle(350, 10, 0.5) == 360
    assert Scalar.DeltaAngle(10, 350) == -20
    assert Scalar.HCF(48, 18) == 6
    assert Scalar.NormalizeRadians(math.pi) == pytest.approx(-math.pi)
    assert Scalar.Repeat(-1, 3) == 2
    assert Scalar.ToHex(5) == "05"
    assert Scalar.ILog2(0) == -math.inf
    assert Scalar.Sign(0) == 0
