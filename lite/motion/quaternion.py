"""Quaternion arithmetic on Python floats for lite.motion (x, y, z, w order, as glTF).

Scalar arguments and tuple results, so the per-call solvers allocate no arrays.
"""

from __future__ import annotations

import math

__all__ = ["qmul", "qnormalize", "qrot"]


def qmul(
    ax: float, ay: float, az: float, aw: float, bx: float, by: float, bz: float, bw: float
) -> tuple[float, float, float, float]:
    """The Hamilton product ``a * b`` (apply ``b``, then ``a``)."""
    return (
        aw * bx + ax * bw + ay * bz - az * by,
        aw * by - ax * bz + ay * bw + az * bx,
        aw * bz + ax * by - ay * bx + az * bw,
        aw * bw - ax * bx - ay * by - az * bz,
    )


def qrot(
    qx: float, qy: float, qz: float, qw: float, vx: float, vy: float, vz: float
) -> tuple[float, float, float]:
    """The vector ``v`` rotated by the unit quaternion ``q``: ``v + 2w(q x v) + 2q x (q x v)``."""
    cx = qy * vz - qz * vy
    cy = qz * vx - qx * vz
    cz = qx * vy - qy * vx
    return (
        vx + 2.0 * (qw * cx + qy * cz - qz * cy),
        vy + 2.0 * (qw * cy + qz * cx - qx * cz),
        vz + 2.0 * (qw * cz + qx * cy - qy * cx),
    )


def qnormalize(x: float, y: float, z: float, w: float) -> tuple[float, float, float, float]:
    """``(x, y, z, w)`` scaled to unit length (the identity for a zero quaternion)."""
    n = math.sqrt(x * x + y * y + z * z + w * w)
    if n == 0.0:
        return 0.0, 0.0, 0.0, 1.0
    return x / n, y / n, z / n, w / n
