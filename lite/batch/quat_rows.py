"""Row-wise quaternion and vector arithmetic for the batch engine (Python-only, private).

Quaternions are ``(n, 4)`` float64 rows ``x, y, z, w`` (glTF order), vectors ``(n, 3)`` rows.
Each function is the array form of the scalar one in :mod:`lite.motion.quaternion`: the same
products, summed in the same order, on the columns of the rows, so a row gives the scalar
function's bits (tests/lite/batch/test_quat_rows.py). Column arithmetic on ``(n,)`` views is
what is fast at crowd sizes: ``np.cross``, a three-operand ``einsum``, a gather of permuted
components or a product broadcast over short rows cost 3-8 times as much per call below a few
thousand rows, and the number of numpy calls, not the row count, sets the cost there.

Each function writes into ``out`` when given one (it may alias an input), else into a new
array. Shared by :mod:`lite.batch.root_motion` and :mod:`lite.batch.ik_batch`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

import numpy as np

if TYPE_CHECKING:
    from lite.animation.types import F64Array

__all__ = ["cross", "dot", "length", "qconj", "qmul", "qnormalize", "qrot"]

_IDENTITY: Final = np.array([0.0, 0.0, 0.0, 1.0])
_IDENTITY.flags.writeable = False


def qmul(a: F64Array, b: F64Array, out: F64Array | None = None) -> F64Array:
    """Hamilton products ``a * b`` of ``(n, 4)`` rows, as :func:`lite.motion.quaternion.qmul`.

    ``out`` may be ``a`` or ``b`` (each component is computed before any is written).
    """
    ax, ay, az, aw = a[:, 0], a[:, 1], a[:, 2], a[:, 3]
    bx, by, bz, bw = b[:, 0], b[:, 1], b[:, 2], b[:, 3]
    x = aw * bx + ax * bw + ay * bz - az * by
    y = aw * by - ax * bz + ay * bw + az * bx
    z = aw * bz + ax * by - ay * bx + az * bw
    w = aw * bw - ax * bx - ay * by - az * bz
    if out is None:
        out = np.empty((len(a), 4), dtype=np.float64)
    out[:, 0] = x
    out[:, 1] = y
    out[:, 2] = z
    out[:, 3] = w
    return out


def qrot(q: F64Array, v: F64Array, out: F64Array | None = None) -> F64Array:
    """``(n, 3)`` rows ``v`` rotated by unit quaternion rows ``q``:
    ``v + 2 (w (q x v) + q x (q x v))``, as :func:`lite.motion.quaternion.qrot`.

    ``out`` may be ``v``.
    """
    qx, qy, qz, qw = q[:, 0], q[:, 1], q[:, 2], q[:, 3]
    vx, vy, vz = v[:, 0], v[:, 1], v[:, 2]
    cx = qy * vz - qz * vy
    cy = qz * vx - qx * vz
    cz = qx * vy - qy * vx
    x = vx + 2.0 * (qw * cx + qy * cz - qz * cy)
    y = vy + 2.0 * (qw * cy + qz * cx - qx * cz)
    z = vz + 2.0 * (qw * cz + qx * cy - qy * cx)
    if out is None:
        out = np.empty((len(q), 3), dtype=np.float64)
    out[:, 0] = x
    out[:, 1] = y
    out[:, 2] = z
    return out


def qconj(q: F64Array, out: F64Array | None = None) -> F64Array:
    """Conjugates ``(-x, -y, -z, w)`` of ``(n, 4)`` rows (the inverse of unit rows)."""
    if out is None:
        out = np.empty((len(q), 4), dtype=np.float64)
    np.negative(q[:, 0:3], out=out[:, 0:3])
    out[:, 3] = q[:, 3]
    return out


def qnormalize(q: F64Array, out: F64Array | None = None) -> F64Array:
    """``(n, 4)`` rows scaled to unit length (a zero row becomes the identity), as
    :func:`lite.motion.quaternion.qnormalize`. ``out`` may be ``q``."""
    # ((x^2 + y^2) + z^2) + w^2: a reduction over four columns adds them in order
    # (tests/lite/batch/test_quat_rows.py checks it against the scalar, to the bit).
    norm = np.add.reduce(q * q, axis=1)
    np.sqrt(norm, out=norm)
    if out is None:
        out = np.empty((len(q), 4), dtype=np.float64)
    zero = len(norm) > 0 and norm.min() == 0.0
    if zero:
        rows = norm == 0.0
        norm[rows] = 1.0
    np.divide(q, norm[:, None], out=out)
    if zero:
        out[rows] = _IDENTITY
    return out


def dot(a: F64Array, b: F64Array) -> F64Array:
    """Row-wise dot products of ``(n, k)`` rows."""
    out: F64Array = np.einsum("ij,ij->i", a, b)
    return out


def cross(a: F64Array, b: F64Array) -> F64Array:
    """Row-wise cross products of ``(n, 3)`` rows."""
    out: F64Array = np.cross(a, b)
    return out


def length(a: F64Array) -> F64Array:
    """Row-wise Euclidean lengths of ``(n, k)`` rows."""
    out: F64Array = np.sqrt(dot(a, a))
    return out
