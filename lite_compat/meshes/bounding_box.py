"""Babylon.js ``BoundingBox``: a mesh's local box and its world-space twin.

Port of ``@babylonjs/core`` 9.31 ``Culling/boundingBox.js``: local ``minimum``/``maximum``,
eight corner ``vectors``, ``center`` and ``extendSize``, and their world-space twins for the
world matrix the box was last updated with. Vectors are doubles, matrices float32
(:class:`lite_compat.math.Matrix`), as in Babylon.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from lite_compat.math import Matrix, Vector3
from lite_compat.math.constants import Epsilon
from lite_compat.meshes.bounding_sphere import BoundingSphere, _Plane
from lite_compat.nodes.node import MAX_VALUE

__all__ = ["BoundingBox"]


class BoundingBox:
    """An oriented box (``BABYLON.BoundingBox``): local extents and their world-space image.

    Parameters
    ----------
    min, max
        Local corners.
    worldMatrix
        World matrix (identity when None).
    """

    _TmpVector3: ClassVar[list[Vector3]] = [Vector3.Zero() for _ in range(3)]

    def __init__(self, min: Vector3, max: Vector3, worldMatrix: Matrix | None = None) -> None:  # noqa: A002
        self.vectors = [Vector3.Zero() for _ in range(8)]
        self.center = Vector3.Zero()
        self.centerWorld = Vector3.Zero()
        self.extendSize = Vector3.Zero()
        self.extendSizeWorld = Vector3.Zero()
        self.directions = [Vector3.Zero() for _ in range(3)]
        self.vectorsWorld = [Vector3.Zero() for _ in range(8)]
        self.minimumWorld = Vector3.Zero()
        self.maximumWorld = Vector3.Zero()
        self.minimum = Vector3.Zero()
        self.maximum = Vector3.Zero()
        self._worldMatrix: Matrix = Matrix.IdentityReadOnly
        self.reConstruct(min, max, worldMatrix)

    def getClassName(self) -> str:
        """``"BoundingBox"``."""
        return "BoundingBox"

    def reConstruct(self, min: Vector3, max: Vector3, worldMatrix: Matrix | None = None) -> None:  # noqa: A002
        """Rebuild from new local corners (and world matrix)."""
        min_x, min_y, min_z = min.x, min.y, min.z
        max_x, max_y, max_z = max.x, max.y, max.z
        v = self.vectors
        self.minimum.copyFromFloats(min_x, min_y, min_z)
        self.maximum.copyFromFloats(max_x, max_y, max_z)
        v[0].copyFromFloats(min_x, min_y, min_z)
        v[1].copyFromFloats(max_x, max_y, max_z)
        v[2].copyFromFloats(max_x, min_y, min_z)
        v[3].copyFromFloats(min_x, max_y, min_z)
        v[4].copyFromFloats(min_x, min_y, max_z)
        v[5].copyFromFloats(max_x, max_y, min_z)
        v[6].copyFromFloats(min_x, max_y, max_z)
        v[7].copyFromFloats(max_x, min_y, max_z)
        max.addToRef(min, self.center).scaleInPlace(0.5)
        max.subtractToRef(min, self.extendSize).scaleInPlace(0.5)
        self._worldMatrix = worldMatrix or Matrix.IdentityReadOnly
        self._update(self._worldMatrix)

    def scale(self, factor: float) -> BoundingBox:
        """Scale the box about its center by ``factor``."""
        tmp = BoundingBox._TmpVector3
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

    def _update(self, world: Matrix) -> None:
        min_world = self.minimumWorld
        max_world = self.maximumWorld
        if not world.isIdentity():
            min_world.setAll(MAX_VALUE)
            max_world.setAll(-MAX_VALUE)
            for index in range(8):
                corner = self.vectorsWorld[index]
                Vector3.TransformCoordinatesToRef(self.vectors[index], world, corner)
                min_world.minimizeInPlace(corner)
                max_world.maximizeInPlace(corner)
            max_world.subtractToRef(min_world, self.extendSizeWorld).scaleInPlace(0.5)
            max_world.addToRef(min_world, self.centerWorld).scaleInPlace(0.5)
        else:
            min_world.copyFrom(self.minimum)
            max_world.copyFrom(self.maximum)
            for index in range(8):
                self.vectorsWorld[index].copyFrom(self.vectors[index])
            self.extendSizeWorld.copyFrom(self.extendSize)
            self.centerWorld.copyFrom(self.center)
        m = world.m
        self.directions[0].copyFromFloats(m[0], m[1], m[2])
        self.directions[1].copyFromFloats(m[4], m[5], m[6])
        self.directions[2].copyFromFloats(m[8], m[9], m[10])
        self._worldMatrix = world

    def isInFrustum(self, frustumPlanes: Sequence[_Plane]) -> bool:
        """True when the box is at least partly inside the six planes."""
        return BoundingBox.IsInFrustum(self.vectorsWorld, frustumPlanes)

    def isCompletelyInFrustum(self, frustumPlanes: Sequence[_Plane]) -> bool:
        """True when the box is wholly inside the six planes."""
        return BoundingBox.IsCompletelyInFrustum(self.vectorsWorld, frustumPlanes)

    def intersectsPoint(self, point: Vector3) -> bool:
        """True when ``point`` is inside the world box (within ``Epsilon``)."""
        low, high = self.minimumWorld, self.maximumWorld
        delta = -Epsilon
        for lo, hi, p in (
            (low.x, high.x, point.x),
            (low.y, high.y, point.y),
            (low.z, high.z, point.z),
        ):
            if hi - p < delta or delta > p - lo:
                return False
        return True

    def intersectsSphere(self, sphere: BoundingSphere) -> bool:
        """True when the sphere touches the world box."""
        return BoundingBox.IntersectsSphere(
            self.minimumWorld, self.maximumWorld, sphere.centerWorld, sphere.radiusWorld
        )

    def intersectsMinMax(self, min: Vector3, max: Vector3) -> bool:  # noqa: A002
        """True when the world box overlaps the axis-aligned box ``min``..``max``."""
        a, b = self.minimumWorld, self.maximumWorld
        if b.x < min.x or a.x > max.x:
            return False
        if b.y < min.y or a.y > max.y:
            return False
        return not (b.z < min.z or a.z > max.z)

    def dispose(self) -> None:
        """Nothing to release here (Babylon frees its debug draw wrappers)."""

    @staticmethod
    def Intersects(box0: BoundingBox, box1: BoundingBox) -> bool:
        """True when the two world boxes overlap."""
        return box0.intersectsMinMax(box1.minimumWorld, box1.maximumWorld)

    @staticmethod
    def IntersectsSphere(
        minPoint: Vector3, maxPoint: Vector3, sphereCenter: Vector3, sphereRadius: float
    ) -> bool:
        """True when the sphere touches the box ``minPoint``..``maxPoint``."""
        vector = BoundingBox._TmpVector3[0]
        Vector3.ClampToRef(sphereCenter, minPoint, maxPoint, vector)
        return Vector3.DistanceSquared(sphereCenter, vector) <= sphereRadius * sphereRadius

    @staticmethod
    def IsCompletelyInFrustum(
        boundingVectors: Sequence[Vector3], frustumPlanes: Sequence[_Plane]
    ) -> bool:
        """True when all eight corners are inside all six planes."""
        for p in range(6):
            plane = frustumPlanes[p]
            for i in range(8):
                if plane.dotCoordinate(boundingVectors[i]) < 0:
                    return False
        return True

    @staticmethod
    def IsInFrustum(boundingVectors: Sequence[Vector3], frustumPlanes: Sequence[_Plane]) -> bool:
        """False when all eight corners are behind one of the six planes."""
        for p in range(6):
            plane = frustumPlanes[p]
            if all(plane.dotCoordinate(boundingVectors[i]) < 0 for i in range(8)):
                return False
        return True
