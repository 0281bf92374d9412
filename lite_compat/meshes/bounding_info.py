"""Babylon.js ``BoundingInfo``: a mesh's bounding box and sphere, and ``extractMinAndMax``.

Port of ``@babylonjs/core`` 9.31 ``Culling/boundingInfo.js`` (its
:class:`~lite_compat.meshes.bounding_box.BoundingBox` and
:class:`~lite_compat.meshes.bounding_sphere.BoundingSphere` built from the same corners, the
frustum and intersection tests over both) and ``extractMinAndMax`` of
``Maths/math.functions.js``. Vectors are doubles, matrices float32
(:class:`lite_compat.math.Matrix`), as in Babylon.
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from typing import Any, ClassVar, NamedTuple, Protocol

import numpy as np

from lite_compat._words import LIST_ITEMS_SUPPORTED, list_item_words
from lite_compat.math import Matrix, TmpVectors, Vector3
from lite_compat.meshes.bounding_box import BoundingBox
from lite_compat.meshes.bounding_sphere import BoundingSphere, _Plane

__all__ = ["BoundingInfo", "MinMax", "extractMinAndMax"]

_MAX: float = 1.7976931348623157e308


class MinMax(NamedTuple):
    """``{minimum, maximum}`` as Babylon's ``extractMinAndMax`` returns it."""

    minimum: Vector3
    maximum: Vector3


class _Bias(Protocol):
    x: float
    y: float


#: Compiled ``struct.Struct(f"{n}d")`` per length n (bounded: cleared when full).
_FLOAT64_STRUCTS: dict[int, struct.Struct] = {}
_FLOAT64_STRUCTS_LIMIT = 256


def float64_bits(values: Sequence[float]) -> bytes:
    """``values`` as native float64 bytes (``array.array("d", values).tobytes()``, packed in
    one call: a third of the time for a list of floats; the format compiled once per
    length). Raises TypeError, ValueError, OverflowError or ``struct.error`` for values that
    are not numbers."""
    count = len(values)
    packer = _FLOAT64_STRUCTS.get(count)
    if packer is None:
        if len(_FLOAT64_STRUCTS) >= _FLOAT64_STRUCTS_LIMIT:
            _FLOAT64_STRUCTS.clear()
        packer = _FLOAT64_STRUCTS[count] = struct.Struct(f"{count}d")
    return packer.pack(*values)


#: The last large extent computed: (the exact float64 bits of its points, stride) and its six
#: numbers. Clones of one skinned mesh refresh their bounding info from the same points.
_EXTENT_MEMO: list[Any] = [((b"", 0), ())]
#: Fewer points than this: no memo (building the key would cost more than it saves).
_MEMO_MIN_POINTS = 256


def _extent_key(
    positions: Sequence[float], offset: int, count: int, step: int
) -> tuple[bytes, int] | None:
    # Every number the loop reads (and, with a stride, the ones between) as float64 bits:
    # equal keys give equal results. None: too few points, a short list, not plain numbers.
    if count < _MEMO_MIN_POINTS or offset < 0:
        return None
    stop = offset + step * (count - 1) + 3
    if stop > len(positions):
        return None
    try:
        return (float64_bits(positions[offset:stop]), step)
    except (TypeError, ValueError, OverflowError, struct.error):
        return None


#: Which objects the memo's points were (:func:`_same_points`): (their item words and
#: stride, the points held, the ``_EXTENT_MEMO`` entry they were taken for).
_EXTENT_SAME: list[tuple[Any, Any, Any]] = [(None, None, None)]
_NUMBERS = frozenset({float, int})


def _same_points(
    positions: Sequence[float], offset: int, count: int, step: int
) -> tuple[tuple[bytes, int], list[Any]] | None:
    # The item words (which objects, in order) of the numbers :func:`_extent_key` would pack,
    # with the stride, and those numbers' list; None where the key would be None or the
    # positions are not an exact list whose items can be read so.
    if not LIST_ITEMS_SUPPORTED or type(positions) is not list:
        return None
    if count < _MEMO_MIN_POINTS or offset < 0:
        return None
    stop = offset + step * (count - 1) + 3
    if stop > len(positions):
        return None
    points = positions[offset:stop]
    return (list_item_words(points), step), points


def _extent(
    positions: Sequence[float], offset: int, count: int, step: int
) -> tuple[float, float, float, float, float, float]:
    min_x = min_y = min_z = _MAX
    max_x = max_y = max_z = -_MAX
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
    return min_x, min_y, min_z, max_x, max_y, max_z


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
    offset = start * step
    memo = _EXTENT_MEMO[0]
    points = _same_points(positions, offset, count, step)
    seen = _EXTENT_SAME[0]
    if points is not None and seen[2] is memo and seen[0] == points[0]:
        # The very number objects of the memo's points (held): its numbers, without packing.
        min_x, min_y, min_z, max_x, max_y, max_z = memo[1]
    else:
        key = _extent_key(positions, offset, count, step)
        if key is not None and memo[0] == key:
            min_x, min_y, min_z, max_x, max_y, max_z = memo[1]
        else:
            min_x, min_y, min_z, max_x, max_y, max_z = _extent(positions, offset, count, step)
            if key is not None:
                memo = _EXTENT_MEMO[0] = (key, (min_x, min_y, min_z, max_x, max_y, max_z))
        if key is not None and points is not None and _NUMBERS.issuperset(map(type, points[1])):
            # (Numbers only: immutable, so the same objects are the same numbers.)
            _EXTENT_SAME[0] = (points[0], tuple(points[1]), memo)
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
