"""lite.batch.quat_rows: each row equals lite.motion.quaternion's scalar function, to the bit,
with and without caller-owned outputs and temporaries (aliased outputs included)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from lite.batch import quat_rows as qr
from lite.motion.quaternion import qmul, qnormalize, qrot


def _quats(n: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    q = rng.standard_normal((n, 4))
    q /= np.sqrt((q * q).sum(axis=1))[:, None]
    return q


@pytest.mark.parametrize("n", [1, 7, 100, 1000])
def test_qmul_rows_equal_the_scalar_product_to_the_bit(n: int) -> None:
    a, b = _quats(n, 1), _quats(n, 2)
    expected = np.array([qmul(*a[i], *b[i]) for i in range(n)])
    np.testing.assert_array_equal(qr.qmul(a, b), expected)
    out = np.zeros((n, 4))
    assert qr.qmul(a, b, out) is out
    np.testing.assert_array_equal(out, expected)
    # Aliased outputs: a * b written over a, then over b.
    a2, b2 = a.copy(), b.copy()
    qr.qmul(a2, b, a2)
    qr.qmul(a, b2, b2)
    np.testing.assert_array_equal(a2, expected)
    np.testing.assert_array_equal(b2, expected)


@pytest.mark.parametrize("n", [1, 7, 100, 1000])
def test_qrot_rows_equal_the_scalar_rotation_to_the_bit(n: int) -> None:
    q = _quats(n, 3)
    v = np.random.default_rng(4).standard_normal((n, 3)) * 5.0
    expected = np.array([qrot(*q[i], *v[i]) for i in range(n)])
    np.testing.assert_array_equal(qr.qrot(q, v), expected)
    # Views of wider rows (as root motion passes them), written over the input.
    wide = np.concatenate([v, q], axis=1)
    qr.qrot(wide[:, 3:7], wide[:, 0:3], wide[:, 0:3])
    np.testing.assert_array_equal(wide[:, 0:3], expected)


def test_qrot_of_a_quarter_turn() -> None:
    s = math.sqrt(0.5)
    got = qr.qrot(np.array([[0.0, 0.0, s, s]]), np.array([[1.0, 0.0, 0.0]]))
    np.testing.assert_allclose(got, [[0.0, 1.0, 0.0]], atol=1e-15)


@pytest.mark.parametrize("n", [1, 3, 7, 8, 9, 33, 100, 1000, 4096])
def test_qnormalize_rows_equal_the_scalar_normalize_to_the_bit(n: int) -> None:
    q = np.random.default_rng(5).standard_normal((n, 4)) * 3.0
    q[0] = 0.0  # a zero row becomes the identity
    expected = np.array([qnormalize(*q[i]) for i in range(n)])
    np.testing.assert_array_equal(expected[0], [0.0, 0.0, 0.0, 1.0])
    np.testing.assert_array_equal(qr.qnormalize(q), expected)
    q2 = q.copy()
    assert qr.qnormalize(q2, q2) is q2
    np.testing.assert_array_equal(q2, expected)
    # Component-major storage, (4, n), passed as its (n, 4) transpose (as root motion does).
    q3 = np.ascontiguousarray(q.T)
    qr.qnormalize(q3.T, q3.T)
    np.testing.assert_array_equal(q3.T, expected)


def test_qconj_and_vector_rows() -> None:
    q = _quats(5, 6)
    np.testing.assert_array_equal(qr.qconj(q), q * [-1.0, -1.0, -1.0, 1.0])
    a = np.array([[1.0, 0.0, 0.0], [0.0, 3.0, 4.0]])
    b = np.array([[0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
    np.testing.assert_array_equal(qr.dot(a, b), [0.0, 4.0])
    np.testing.assert_array_equal(qr.cross(a, b), [[0.0, 0.0, 1.0], [3.0, 0.0, 0.0]])
    np.testing.assert_array_equal(qr.length(a), [1.0, 5.0])
