"""Babylon.js ``BoundingSphere``: a mesh's local sphere and its world-space twin.

Port of ``@babylonjs/core`` 9.31 ``Culling/boundingSphere.js``: ``center``/``radius`` and
``centerWorld``/``radiusWorld`` for the world matrix the sphere was last updated with.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, Protocol

from lite_compat.math import Matrix, Vector3

__all__ = ["BoundingSphere"]


class _Plane(Protocol):
    def dotCoordinate(self, point: Vector3) -> float: ...


class BoundingSphere:
    """A sphere around a box (``BABYLON.BoundingSphere``): half the diagonal as radius.

    Parameters
    ----------
    min, max
        Local corners of the box it bounds.
    worldMatrix
        World matrix (identity when None).
    """

    _TmpVector3: ClassVar[list[Vector3]] = [Vector3.Zero() for _ in range(3)]

    def __init__(self, min: Vector3, max: Vector3, worldMatrix: Matrix | None = None) -> None:  # noqa: A002
        self.center = Vector3.Zero()
        self.centerWorld = Vector3.Zero()
        self.minimum = Vector3.Zero()
        self.maximum = Vector3.Zero()
        self.radius = 0.0
        self.radiusWorld = 0.0
        self._worldMatrix: Matrix = Matrix.IdentityReadOnly
        self.reConstruct(min, max, worldMatrix)

    def getClassName(self) -> str:
        """``"BoundingSphere"``."""
        return "BoundingSphere"

    def reConstruct(self, min: Vector3, max: Vector3, worldMatrix: Matrix | None = None) -> None:  # noqa: A002
        """Rebuild from new local corners (and world matrix)."""
        self.minimum.copyFrom(min)
        self.maximum.copyFrom(max)
        distance = Vector3.Distance(min, max)
        max.addToRef(min, self.center).scaleInPlace(0.5)
        self.radius = distance * 0.5
        self._update(worldMatrix or Matrix.IdentityReadOnly)

    def scale(self, factor: float) -> BoundingSphere:
        """Scale the sphere about its center by ``factor``."""
        tmp = BoundingSphere._TmpVector3
        diff = self.maximum.subtractToRef(self.minimum, tmp[0])
        length = diff.length()
        diff.normalizeFromLength(length)
        new_radius = diff.scaleInPlace(length * factor * 0.5)
        low = self.center.subtractToRef(new_radius, tmp[1])
        high = self.center.addToRef(new_radius, tmp[2])
        self.reConstruct(low, high, self._worldMatrix)
        return self

    def getWorldMatrix(self) -> Matrix:
        """The world matrix of the last update."""
        return self._worldMatrix

    def _update(self, worldMatrix: Matrix) -> None:
        if not worldMatrix.isIdentity():
            Vector3.TransformCoordinatesToRef(self.center, worldMatrix, self.centerWorld)
            tmp = BoundingSphere._TmpVector3[0]
            Vector3.TransformNormalFromFloatsToRef(1.0, 1.0, 1.0, worldMatrix, tmp)
            self.radiusWorld = max(abs(tmp.x), abs(tmp.y), abs(tmp.z)) * self.radius
        else:
            self.centerWorld.copyFrom(self.center)
            self.radiusWorld = self.radius
        self._worldMatrix = worldMatrix

    def isInFrustum(self, frustumPlanes: Sequence[_Plane]) -> bool:
        """False when the sphere is wholly behind one of the six planes."""
        return all(
            frustumPlanes[i].dotCoordinate(self.centerWorld) > -self.radiusWorld for i in range(6)
        )

    def isCenterInFrustum(self, frustumPlanes: Sequence[_Plane]) -> bool:
        """True when the world center is inside the six planes."""
        return all(frustumPlanes[i].dotCoordinate(self.centerWorld) >= 0 for i in range(6))

    def intersectsPoint(self, point: Vector3) -> bool:
        """True when ``point`` is inside the world sphere."""
        return not (
            self.radiusWorld * self.radiusWorld < Vector3.DistanceSquared(self.centerWorld, point)
        )

    @staticmethod
    def Intersects(sphere0: BoundingSphere, sphere1: BoundingSphere) -> bool:
        """True when the two world spheres touch."""
        distance = Vector3.DistanceSquared(sphere0.centerWorld, sphere1.centerWorld)
        radius_sum = sphere0.radiusWorld + sphere1.radiusWorld
        return not (radius_sum * radius_sum < distance)

    @staticmethod
    def CreateFromCenterAndRadius(
        center: Vector3, radius: float, matrix: Matrix | None = None
    ) -> BoundingSphere:
        """A sphere of ``radius`` around ``center``."""
        offset = Vector3(0, 0, radius)
        sphere = BoundingSphere(center.add(offset), center.subtract(offset))
        sphere._worldMatrix = matrix if matrix is not None else Matrix.Identity()
        return sphere
