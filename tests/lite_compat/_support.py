"""Shared helpers of the lite_compat scene-object tests."""

from __future__ import annotations

import random

from lite_compat.math import Matrix, Quaternion, Vector3

TOL = {"rtol": 1e-6, "atol": 1e-6}


class FakeScene:
    """A scene with a render id we control and no add*/remove* methods (lists are created)."""

    def __init__(self) -> None:
        self.render_id = 0
        self.activeCamera: object = None

    def getRenderId(self) -> int:
        return self.render_id


def translation(m: Matrix) -> list[float]:
    """The translation column of a Babylon (row-vector, column-major-stored) matrix."""
    return [m.m[12], m.m[13], m.m[14]]


def random_vector3(rng: random.Random, lo: float = -2.0, hi: float = 2.0) -> Vector3:
    """A Vector3 of three uniform draws from ``[lo, hi]`` (x, then y, then z)."""
    return Vector3(rng.uniform(lo, hi), rng.uniform(lo, hi), rng.uniform(lo, hi))


def random_quaternion(rng: random.Random) -> Quaternion:
    """``Quaternion.RotationYawPitchRoll`` of three uniform draws from ``[-3, 3]``."""
    return Quaternion.RotationYawPitchRoll(
        rng.uniform(-3, 3), rng.uniform(-3, 3), rng.uniform(-3, 3)
    )
