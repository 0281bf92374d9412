"""Unit tests for lite_compat.meshes.bounding_info (values worked out from Babylon.js 9.31's formulas)."""

from __future__ import annotations

import pytest

from lite_compat.math import Matrix, Vector2, Vector3
from lite_compat.meshes.bounding_box import BoundingBox
from lite_compat.meshes.bounding_info import BoundingInfo, extractMinAndMax
from lite_compat.meshes.bounding_sphere import BoundingSphere


def test_identity_info() -> None:
    info = BoundingInfo(Vector3(0, 0, 0), Vector3(1, 1, 0.5))
    assert [info.boundingBox.center.x, info.boundingBox.extendSize.z] == [0.5, 0.25]
    assert info.boundingSphere.radius == 0.75 and info.diagonalLength == 1.5


def test_world_update_and_locks() -> None:
    info = BoundingInfo(Vector3(-1, -1, -1), Vector3(1, 1, 1))
    info.update(Matrix.Scaling(2, 1, 1).multiply(Matrix.Translation(3, 0, 0)))
    assert [info.boundingBox.minimumWorld.x, info.boundingBox.maximumWorld.x] == [1, 5]
    assert info.boundingSphere.radiusWorld == pytest.approx(2 * 3**0.5)
    info.isLocked = True
    info.update(Matrix.Identity())
    assert info.boundingBox.minimumWorld.x == 1


def test_intersections() -> None:
    a = BoundingInfo(Vector3(-1, -1, -1), Vector3(1, 1, 1))
    b = BoundingInfo(Vector3(0.5, 0.5, 0.5), Vector3(2, 2, 2))
    c = BoundingInfo(Vector3(5, 5, 5), Vector3(6, 6, 6))
    assert a.intersects(b, True) and not a.intersects(c)
    assert a.intersectsPoint(Vector3(0, 0, 0)) and not a.intersectsPoint(Vector3(0, 0, 1.5))
    assert BoundingBox.IntersectsSphere(
        Vector3(-1, -1, -1), Vector3(1, 1, 1), Vector3(2, 0, 0), 1.0
    )
    assert BoundingSphere.CreateFromCenterAndRadius(Vector3(1, 2, 3), 2).radius == 2


def test_extract_min_and_max_with_bias() -> None:
    out = extractMinAndMax([0, 0, 0, 2, -1, 4], 0, 2, Vector2(0.5, 1))
    assert [out.minimum.x, out.minimum.y, out.maximum.z] == [-1, -1.5, 7]
