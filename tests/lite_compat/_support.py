"""Shared helpers of the lite_compat scene-object tests."""

from __future__ import annotations

import random

from lite_compat.animations.animation import Animation
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


def random_keyed_animation(rng: random.Random) -> Animation:
    """A FLOAT ``x``, VECTOR3 ``position`` or QUATERNION ``rotationQuaternion`` Animation at
    30 fps with 2 to 6 keys 10 frames apart, their values uniform draws (the key-edit tests'
    subject)."""
    kind = rng.randrange(3)
    data_type = (
        Animation.ANIMATIONTYPE_FLOAT,
        Animation.ANIMATIONTYPE_VECTOR3,
        Animation.ANIMATIONTYPE_QUATERNION,
    )[kind]
    path = ("x", "position", "rotationQuaternion")[kind]
    animation = Animation("a", path, 30, data_type)
    keys = []
    for i in range(rng.randint(2, 6)):
        value: float | Vector3 | Quaternion
        if kind == 0:
            value = rng.random()
        elif kind == 1:
            value = Vector3(rng.random(), rng.random(), rng.random())
        else:
            value = Quaternion(rng.random(), rng.random(), rng.random(), 1.0)
        keys.append({"frame": float(i * 10), "value": value})
    animation.setKeys(keys)
    return animation
