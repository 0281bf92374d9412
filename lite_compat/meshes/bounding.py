"""Babylon.js bounding volumes: ``BoundingBox``, ``BoundingSphere`` and ``BoundingInfo``.

Port of ``@babylonjs/core`` 9.31 ``Culling/boundingBox.js``, ``Culling/boundingSphere.js``,
``Culling/boundingInfo.js`` and ``extractMinAndMax`` of ``Maths/math.functions.js``. A box keeps
its local ``minimum``/``maximum``, eight corner ``vectors``, ``center`` and ``extendSize``, and
their world-space twins for the world matrix it was last updated with; a sphere keeps
``center``/``radius`` and ``centerWorld``/``radiusWorld``. The numbers are Babylon's: vectors
are doubles, matrices float32 (:class:`lite_compat.math.Matrix`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, NamedTuple, Protocol

import numpy as np

from lite_compat.math import Matrix, TmpVectors, Vector3
from lite_compat.math.constants import Epsilon

__all__ = [
    "BoundingBox",
    "BoundingInfo",
    "BoundingSphere",
    "MinMax",
    "extractMinAndMax",
]

_MAX: float = 1.7976931348623157e308


class MinMax(NamedTuple):
    """``{minimum, maximum}`` as Babylon's ``extractMinAndMax`` returns it."""

    minimum: Vector3
    maximum: Vector3


class _Bias(Protocol):
    x: float
    y: float


class _Plane(Protocol):
    def dotCoordinate(self, point: Vector3) -> float: ...


def extractMinAndMax(
    positions: Sequence[float],
    start: int,
    count: int,
    bias: _Bias | None = None,
    stride: int | None = None,
) -> MinMax:
    """Minimum and maximum of ``count`` points from ``start`` (``extractMinAndMax``).

    ``bias`` (a Vector2: ``x`` scales, ``y`` offsets) widens the result as Babylon.js does.
    """
    step = stride or 3
    if isinstance(positions, np.ndarray):
        # Compare Python floats: a float32 element against the float64 sentinel would cast
        # the sentinel to float32 (an overflow warning on every point).
        positions = positions.tolist()
    min_x = min_y = min_z = _MAX
    max_x = max_y = max_z = -_MAX
    offset = start * step
    for _ in range(count):
        x = float(positions[offset])
        y = float(positions[offset + 1])
        z = float(positions[offset + 2])
        min_x = x if x < min_x else min_x
        min_y = y if y < min_y else min_y
        min_z = z if z < min_z else min_z
        max_x = x if x > max_x else max_x
        max_y = y if y > max_y else max_y
        max_z = z if z > max_z else max_z
        offset += step
    minimum = Vector3(min_x, min_y, min_z)
    maximum = Vector3(max_x, max_y, max_z)
    if bias:
        bx, by = float(bias.x), float(bias.y)
        minimum.x -= minimum.x * bx + by
        minimum.y -= minimum.y * bx + by
        minimum.z -= minimum.z * bx + by
        maximum.x += maximum.x * bx + by
        maximum.y += maximum.y * bx + by
        maximum.z += maximum.z * bx + by
    return MinMax(minimum, maximum)


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
            min_world.setAll(_MAX)
            max_world.setAll(-_MAX)
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


def _box_extents(axis: Vector3, box: BoundingBox) -> tuple[float, float]:
    p = Vector3.Dot(box.centerWorld, axis)
    r0 = abs(Vector3.Dot(box.directions[0], axis)) * box.extendSize.x
    r1 = abs(Vector3.Dot(box.directions[1], axis)) * box.extendSize.y
    r2 = abs(Vector3.Dot(box.directions[2], axis)) * box.extendSize.z
    r = r0 + r1 + r2
    return p - r, p + r


def _axis_overlap(axis: Vector3, box0: BoundingBox, box1: BoundingBox) -> bool:
    min0, max0 = _box_extents(axis, box0)
    min1, max1 = _box_extents(axis, box1)
    return not (min0 > max1 or min1 > max0)


class BoundingInfo:
    """A mesh's bounds (``BABYLON.BoundingInfo``): a :class:`BoundingBox` and a
    :class:`BoundingSphere` built from the same corners.

    Parameters
    ----------
    minimum, maximum
        Local corners.
    worldMatrix
        World matrix (identity when None).

    Examples
    --------
    >>> info = BoundingInfo(Vector3(-1, -1, -1), Vector3(1, 1, 1))
    >>> info.boundingSphere.radius == 3 ** 0.5
    True
    """

    _TmpVector3: ClassVar[list[Vector3]] = [Vector3.Zero() for _ in range(2)]

    def __init__(
        self, minimum: Vector3, maximum: Vector3, worldMatrix: Matrix | None = None
    ) -> None:
        self._isLocked = False
        self.boundingBox = BoundingBox(minimum, maximum, worldMatrix)
        self.boundingSphere = BoundingSphere(minimum, maximum, worldMatrix)

    def getClassName(self) -> str:
        """``"BoundingInfo"``."""
        return "BoundingInfo"

    def reConstruct(
        self,
        min: Vector3,
        max: Vector3,
        worldMatrix: Matrix | None = None,  # noqa: A002
    ) -> None:
        """Rebuild box and sphere from new local corners."""
        self.boundingBox.reConstruct(min, max, worldMatrix)
        self.boundingSphere.reConstruct(min, max, worldMatrix)

    @property
    def minimum(self) -> Vector3:
        """Local minimum corner."""
        return self.boundingBox.minimum

    @property
    def maximum(self) -> Vector3:
        """Local maximum corner."""
        return self.boundingBox.maximum

    @property
    def isLocked(self) -> bool:
        """When True, :meth:`update` (and mesh bounds refreshes) leave it alone."""
        return self._isLocked

    @isLocked.setter
    def isLocked(self, value: bool) -> None:
        self._isLocked = value

    def update(self, world: Matrix) -> None:
        """Move the world-space volumes to ``world`` (unless locked)."""
        if self._isLocked:
            return
        self.boundingBox._update(world)
        self.boundingSphere._update(world)

    def centerOn(self, center: Vector3, extend: Vector3) -> BoundingInfo:
        """Rebuild as ``center - extend`` .. ``center + extend``."""
        minimum = center.subtract(extend)
        maximum = center.add(extend)
        world = self.boundingBox.getWorldMatrix()
        self.boundingBox.reConstruct(minimum, maximum, world)
        self.boundingSphere.reConstruct(minimum, maximum, world)
        return self

    def encapsulate(self, point: Vector3) -> BoundingInfo:
        """Grow to include ``point`` (local space)."""
        minimum = Vector3.Minimize(self.minimum, point)
        maximum = Vector3.Maximize(self.maximum, point)
        self.reConstruct(minimum, maximum, self.boundingBox.getWorldMatrix())
        return self

    def encapsulateBoundingInfo(self, toEncapsulate: BoundingInfo) -> BoundingInfo:
        """Grow to include another info's world box (brought into this local space)."""
        inverse = TmpVectors.Matrix[0]
        self.boundingBox.getWorldMatrix().invertToRef(inverse)
        v = TmpVectors.Vector3[0]
        Vector3.TransformCoordinatesToRef(toEncapsulate.boundingBox.minimumWorld, inverse, v)
        self.encapsulate(v)
        Vector3.TransformCoordinatesToRef(toEncapsulate.boundingBox.maximumWorld, inverse, v)
        self.encapsulate(v)
        return self

    def scale(self, factor: float) -> BoundingInfo:
        """Scale box and sphere about their center."""
        self.boundingBox.scale(factor)
        self.boundingSphere.scale(factor)
        return self

    def isInFrustum(self, frustumPlanes: Sequence[_Plane], strategy: int = 0) -> bool:
        """Frustum test with one of ``AbstractMesh.CULLINGSTRATEGY_*``."""
        if strategy in (2, 3) and self.boundingSphere.isCenterInFrustum(frustumPlanes):
            return True
        if not self.boundingSphere.isInFrustum(frustumPlanes):
            return False
        if strategy in (1, 3):
            return True
        return self.boundingBox.isInFrustum(frustumPlanes)

    @property
    def diagonalLength(self) -> float:
        """Length of the world box diagonal."""
        box = self.boundingBox
        return box.maximumWorld.subtractToRef(
            box.minimumWorld, BoundingInfo._TmpVector3[0]
        ).length()

    def isCompletelyInFrustum(self, frustumPlanes: Sequence[_Plane]) -> bool:
        """True when the world box is wholly inside the six planes."""
        return self.boundingBox.isCompletelyInFrustum(frustumPlanes)

    def intersectsPoint(self, point: Vector3) -> bool:
        """True when ``point`` is inside both the world sphere and the world box."""
        return self.boundingSphere.intersectsPoint(point) and self.boundingBox.intersectsPoint(
            point
        )

    def intersects(self, boundingInfo: BoundingInfo, precise: bool = False) -> bool:
        """Sphere then box overlap; with ``precise``, the oriented-box separating-axis test."""
        if not BoundingSphere.Intersects(self.boundingSphere, boundingInfo.boundingSphere):
            return False
        if not BoundingBox.Intersects(self.boundingBox, boundingInfo.boundingBox):
            return False
        if not precise:
            return True
        box0 = self.boundingBox
        box1 = boundingInfo.boundingBox
        axes = [*box0.directions, *box1.directions]
        axes += [Vector3.Cross(a, b) for a in box0.directions for b in box1.directions]
        return all(_axis_overlap(axis, box0, box1) for axis in axes)
