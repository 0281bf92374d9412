"""Babylon.js ``Angle``, ``Path3D`` and ``Curve3``: angles, 3D paths and curve builders.

Port of ``@babylonjs/core`` 9.31 ``Maths/math.path.js`` (the 3D half): an :class:`Angle` kept
in ``[0, 2*pi)``; a :class:`Path3D` with Babylon's tangents, normals and binormals (the
rotation-minimising frame of ``_compute``), distances, the ``getPointAt`` family with its
cached point data and interpolated frames, ``slice`` and ``update``; and :class:`Curve3`'s
builders (quadratic and cubic Bezier, Hermite, Catmull-Rom, the arc through three points)
with ``continue``. The numbers are Babylon's: the same formulas in the same order, in
double precision.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from lite.errors import LiteError
from lite_compat._js import require_number
from lite_compat.math.constants import Epsilon
from lite_compat.math.scalar import clamp
from lite_compat.math.vector import Matrix, Quaternion, Vector3

__all__ = ["Angle", "Curve3", "Path3D"]

#: Babylon's ``do ... while`` in ``ArcThru3Points`` has no bound; a degenerate input that
#: never reaches the third point stops here instead of looping forever.
_MAX_ARC_POINTS = 1_000_000


def _points(value: object, where: str, name: str = "points") -> list[Vector3]:
    """``value`` as a list of Vector3, or ``LITE-COMPAT-120`` naming the bad element."""
    if isinstance(value, str | bytes) or not isinstance(value, Sequence):
        raise LiteError(
            "LITE-COMPAT-120",
            f"{where}: {name} must be a list of Vector3, got {type(value).__name__}",
            hint="pass a list of BABYLON.Vector3",
            input_name=name,
        )
    out: list[Vector3] = []
    for index, point in enumerate(value):
        if not isinstance(point, Vector3):
            raise LiteError(
                "LITE-COMPAT-120",
                f"{where}: {name}[{index}] must be a Vector3, got {point!r}",
                hint="build each point with BABYLON.Vector3(x, y, z)",
                input_name=f"{name}[{index}]",
            )
        out.append(point)
    return out


def _vector(value: object, where: str, name: str) -> Vector3:
    """``value`` when it is a Vector3, else ``LITE-COMPAT-120`` naming the argument."""
    if not isinstance(value, Vector3):
        raise LiteError(
            "LITE-COMPAT-120",
            f"{where}: {name} must be a Vector3, got {value!r}",
            hint="build the point with BABYLON.Vector3(x, y, z)",
            input_name=name,
        )
    return value


def _planar(value: object, where: str, name: str) -> Any:
    """A Vector2/Vector3-like argument (``x``, ``y``, ``subtract``), else ``LITE-COMPAT-120``."""
    if not all(hasattr(value, a) for a in ("x", "y", "subtract", "dot", "lengthSquared")):
        raise LiteError(
            "LITE-COMPAT-120",
            f"{where}: {name} must be a Vector2 or Vector3, got {value!r}",
            hint="pass BABYLON.Vector2 / BABYLON.Vector3 values",
            input_name=name,
        )
    return value


class Angle:
    """An angle in radians, kept in ``[0, 2*pi)`` for negative inputs (``BABYLON.Angle``).

    Parameters
    ----------
    radians
        The angle; a negative one gets ``2*pi`` added once (Babylon's constructor).
    """

    def __init__(self, radians: float) -> None:
        value = require_number(radians, "radians", "Angle")
        if value < 0.0:
            value += 2.0 * math.pi
        self._radians = value

    def degrees(self) -> float:
        """The angle in degrees."""
        return self._radians * 180.0 / math.pi

    def radians(self) -> float:
        """The angle in radians."""
        return self._radians

    @staticmethod
    def BetweenTwoPoints(a: Any, b: Any) -> Angle:
        """The angle of the segment ``a -> b`` (``atan2`` of its y and x; Vector2s)."""
        where = "Angle.BetweenTwoPoints"
        delta = _planar(b, where, "b").subtract(_planar(a, where, "a"))
        return Angle(math.atan2(delta.y, delta.x))

    @staticmethod
    def BetweenTwoVectors(a: Any, b: Any) -> Angle:
        """The unsigned angle between two vectors (``pi/2`` when one has zero length)."""
        where = "Angle.BetweenTwoVectors"
        product = _planar(a, where, "a").lengthSquared() * _planar(b, where, "b").lengthSquared()
        if product == 0:
            return Angle(math.pi / 2)
        product = math.sqrt(product)
        cos_val = clamp(a.dot(b) / product, -1, 1)
        return Angle(math.acos(cos_val))

    @staticmethod
    def FromRadians(radians: float) -> Angle:
        """``Angle(radians)``."""
        return Angle(radians)

    @staticmethod
    def FromDegrees(degrees: float) -> Angle:
        """``Angle(degrees * pi / 180)``."""
        return Angle(require_number(degrees, "degrees", "Angle.FromDegrees") * math.pi / 180.0)

    def __repr__(self) -> str:
        return f"Angle({self._radians!r})"


@dataclass
class _PointAtData:
    id: float = 0.0
    point: Vector3 = field(default_factory=Vector3.Zero)
    previousPointArrayIndex: int = 0
    position: float = 0.0
    subPosition: float = 0.0
    interpolateReady: bool = False
    interpolationMatrix: Matrix = field(default_factory=Matrix.Identity)


class Path3D:
    """A 3D path with Babylon's tangent / normal / binormal frames (``BABYLON.Path3D``).

    Parameters
    ----------
    path
        The points (copied).
    firstNormal
        The normal at the first point (``None``: Babylon's arbitrary choice).
    raw
        ``True`` keeps the tangents, normals and binormals unnormalised.
    alignTangentsWithPath
        ``True``: a tangent follows the next segment instead of the mean of both.
    """

    def __init__(
        self,
        path: Sequence[Vector3],
        firstNormal: Vector3 | None = None,
        raw: bool = False,
        alignTangentsWithPath: bool = False,
    ) -> None:
        points = _points(path, "Path3D", "path")
        if firstNormal is not None:
            _vector(firstNormal, "Path3D", "firstNormal")
        self.path = path
        self._curve: list[Vector3] = [p.clone() for p in points]
        self._distances: list[float] = []
        self._tangents: list[Vector3] = []
        self._normals: list[Vector3] = []
        self._binormals: list[Vector3] = []
        self._pointAtData = _PointAtData()
        self._raw = bool(raw)
        self._alignTangentsWithPath = alignTangentsWithPath
        self._compute(firstNormal, alignTangentsWithPath)

    def getCurve(self) -> list[Vector3]:
        """The path's own copy of the points."""
        return self._curve

    def getPoints(self) -> list[Vector3]:
        """The path's own copy of the points (as :meth:`getCurve`)."""
        return self._curve

    def length(self) -> float:
        """The path length (the last cumulated distance)."""
        return self._distances[-1] if self._distances else math.nan

    def getTangents(self) -> list[Vector3]:
        """The tangent at each point."""
        return self._tangents

    def getNormals(self) -> list[Vector3]:
        """The normal at each point."""
        return self._normals

    def getBinormals(self) -> list[Vector3]:
        """The binormal at each point."""
        return self._binormals

    def getDistances(self) -> list[float]:
        """The cumulated distance at each point."""
        return self._distances

    def getPointAt(self, position: float) -> Vector3:
        """The point at ``position`` (0..1 of the length, clamped)."""
        return self._updatePointAtData(position).point

    def getTangentAt(self, position: float, interpolated: bool = False) -> Vector3:
        """The tangent at ``position`` (of the previous point, or slerped between frames)."""
        self._updatePointAtData(position, interpolated)
        if interpolated:
            return Vector3.TransformCoordinates(
                Vector3.Forward(), self._pointAtData.interpolationMatrix
            )
        return self._tangents[self._pointAtData.previousPointArrayIndex]

    def getNormalAt(self, position: float, interpolated: bool = False) -> Vector3:
        """The normal at ``position`` (see :meth:`getTangentAt`)."""
        self._updatePointAtData(position, interpolated)
        if interpolated:
            return Vector3.TransformCoordinates(
                Vector3.Right(), self._pointAtData.interpolationMatrix
            )
        return self._normals[self._pointAtData.previousPointArrayIndex]

    def getBinormalAt(self, position: float, interpolated: bool = False) -> Vector3:
        """The binormal at ``position`` (see :meth:`getTangentAt`)."""
        self._updatePointAtData(position, interpolated)
        if interpolated:
            return Vector3.TransformCoordinates(Vector3.Up(), self._pointAtData.interpolationMatrix)
        return self._binormals[self._pointAtData.previousPointArrayIndex]

    def getDistanceAt(self, position: float) -> float:
        """``length() * position``."""
        return self.length() * position

    def getPreviousPointIndexAt(self, position: float) -> int:
        """Index of the path point before ``position``."""
        self._updatePointAtData(position)
        return self._pointAtData.previousPointArrayIndex

    def getSubPositionAt(self, position: float) -> float:
        """Where ``position`` lies between its previous and next point (0..1)."""
        self._updatePointAtData(position)
        return self._pointAtData.subPosition

    def getClosestPositionTo(self, target: Vector3) -> float:
        """The position (0..1) of the path point closest to ``target``."""
        _vector(target, "Path3D.getClosestPositionTo", "target")
        smallest = float("inf")
        closest = 0.0
        for i in range(len(self._curve) - 1):
            point = self._curve[i]
            tangent = self._curve[i + 1].subtract(point).normalize()
            sub_length = self._distances[i + 1] - self._distances[i]
            along = max(Vector3.Dot(tangent, target.subtract(point).normalize()), 0.0)
            numerator = along * Vector3.Distance(point, target)
            sub_position = min(_div(numerator, sub_length), 1.0)
            distance = Vector3.Distance(point.add(tangent.scale(sub_position * sub_length)), target)
            if distance < smallest:
                smallest = distance
                closest = _div(self._distances[i] + sub_length * sub_position, self.length())
        return closest

    def slice(self, start: float = 0.0, end: float = 1.0) -> Path3D:
        """The part of the path between ``start`` and ``end`` (0..1; negative counts from
        the end), as a new Path3D."""
        start = require_number(start, "start", "Path3D.slice")
        end = require_number(end, "end", "Path3D.slice")
        if start < 0.0:
            start = 1 - math.fmod(start * -1.0, 1.0)
        if end < 0.0:
            end = 1 - math.fmod(end * -1.0, 1.0)
        if start > end:
            start, end = end, start
        curve = self.getCurve()
        start_point = self.getPointAt(start)
        start_index = self.getPreviousPointIndexAt(start)
        end_point = self.getPointAt(end)
        end_index = self.getPreviousPointIndexAt(end) + 1
        points: list[Vector3] = []
        if start != 0.0:
            start_index += 1
            points.append(start_point)
        points.extend(curve[start_index:end_index])
        if end != 1.0 or start == 1.0:
            points.append(end_point)
        return Path3D(points, self.getNormalAt(start), self._raw, self._alignTangentsWithPath)

    def update(
        self,
        path: Sequence[Vector3],
        firstNormal: Vector3 | None = None,
        alignTangentsWithPath: bool = False,
    ) -> Path3D:
        """Copy ``path``'s coordinates into the path's points and recompute the frames."""
        points = _points(path, "Path3D.update", "path")
        for own, new in zip(self._curve, points, strict=False):
            own.x = new.x
            own.y = new.y
            own.z = new.z
        self._compute(firstNormal, alignTangentsWithPath)
        return self

    # -- Babylon's private computation ---------------------------------------------------------

    def _compute(self, firstNormal: Vector3 | None, alignTangentsWithPath: bool = False) -> None:
        curve = self._curve
        n = len(curve)
        if n < 2:
            return
        tangents, normals, binormals, distances = (
            self._tangents,
            self._normals,
            self._binormals,
            self._distances,
        )
        for lst in (tangents, normals, binormals):
            while len(lst) < n:
                lst.append(Vector3.Zero())
        while len(distances) < n:
            distances.append(0.0)
        tangents[0] = self._getFirstNonNullVector(0)
        if not self._raw:
            tangents[0].normalize()
        tangents[n - 1] = curve[n - 1].subtract(curve[n - 2])
        if not self._raw:
            tangents[n - 1].normalize()
        tg0 = tangents[0]
        normals[0] = self._normalVector(tg0, firstNormal)
        if not self._raw:
            normals[0].normalize()
        binormals[0] = Vector3.Cross(tg0, normals[0])
        if not self._raw:
            binormals[0].normalize()
        distances[0] = 0.0
        for i in range(1, n):
            prev = self._getLastNonNullVector(i)
            if i < n - 1:
                cur = self._getFirstNonNullVector(i)
                tangents[i] = cur if alignTangentsWithPath else prev.add(cur)
                tangents[i].normalize()
            distances[i] = distances[i - 1] + curve[i].subtract(curve[i - 1]).length()
            cur_tang = tangents[i]
            normals[i] = Vector3.Cross(binormals[i - 1], cur_tang)
            if not self._raw:
                if normals[i].length() == 0:
                    normals[i] = normals[i - 1].clone()
                else:
                    normals[i].normalize()
            binormals[i] = Vector3.Cross(cur_tang, normals[i])
            if not self._raw:
                binormals[i].normalize()
        self._pointAtData.id = math.nan

    def _getFirstNonNullVector(self, index: int) -> Vector3:
        i = 1
        vector = self._curve[index + i].subtract(self._curve[index])
        while vector.length() == 0 and index + i + 1 < len(self._curve):
            i += 1
            vector = self._curve[index + i].subtract(self._curve[index])
        return vector

    def _getLastNonNullVector(self, index: int) -> Vector3:
        i = 1
        vector = self._curve[index].subtract(self._curve[index - i])
        while vector.length() == 0 and index > i:
            i += 1
            vector = self._curve[index].subtract(self._curve[index - i])
        return vector

    @staticmethod
    def _normalVector(vt: Vector3, va: Vector3 | None) -> Vector3:
        tgl = vt.length()
        if tgl == 0.0:
            tgl = 1.0
        if va is None:
            if abs(abs(vt.y) / tgl - 1.0) > Epsilon:
                point = Vector3(0.0, -1.0, 0.0)
            elif abs(abs(vt.x) / tgl - 1.0) > Epsilon:
                point = Vector3(1.0, 0.0, 0.0)
            elif abs(abs(vt.z) / tgl - 1.0) > Epsilon:
                point = Vector3(0.0, 0.0, 1.0)
            else:
                point = Vector3.Zero()
            normal0 = Vector3.Cross(vt, point)
        else:
            normal0 = Vector3.Cross(vt, va)
            Vector3.CrossToRef(normal0, vt, normal0)
        normal0.normalize()
        return normal0

    def _updatePointAtData(self, position: float, interpolateTNB: bool = False) -> _PointAtData:
        position = require_number(position, "position", "Path3D.getPointAt")
        data = self._pointAtData
        if data.id == position:
            if not data.interpolateReady:
                self._updateInterpolationMatrix()
            return data
        data.id = position
        points = self.getPoints()
        if not points:  # Babylon reads undefined here; keep the zero point
            return data
        if position <= 0.0:
            return self._setPointAtData(0.0, 0.0, points[0], 0, interpolateTNB)
        if position >= 1.0:
            return self._setPointAtData(1.0, 1.0, points[-1], len(points) - 1, interpolateTNB)
        previous = points[0]
        current_length = 0.0
        target_length = position * self.length()
        for i in range(1, len(points)):
            current = points[i]
            distance = Vector3.Distance(previous, current)
            current_length += distance
            if current_length == target_length:
                return self._setPointAtData(position, 1.0, current, i, interpolateTNB)
            if current_length > target_length:
                diff = (current_length - target_length) / distance
                direction = previous.subtract(current)
                point = current.add(direction.scaleInPlace(diff))
                return self._setPointAtData(position, 1 - diff, point, i - 1, interpolateTNB)
            previous = current
        return data

    def _setPointAtData(
        self,
        position: float,
        subPosition: float,
        point: Vector3,
        parentIndex: int,
        interpolateTNB: bool,
    ) -> _PointAtData:
        data = self._pointAtData
        data.point = point
        data.position = position
        data.subPosition = subPosition
        data.previousPointArrayIndex = parentIndex
        data.interpolateReady = interpolateTNB
        if interpolateTNB:
            self._updateInterpolationMatrix()
        return data

    def _updateInterpolationMatrix(self) -> None:
        data = self._pointAtData
        data.interpolationMatrix = Matrix.Identity()
        parent = data.previousPointArrayIndex
        if parent != len(self._tangents) - 1:
            index = parent + 1
            quat_from = Quaternion.RotationQuaternionFromAxis(
                self._normals[parent].clone(),
                self._binormals[parent].clone(),
                self._tangents[parent].clone(),
            )
            quat_to = Quaternion.RotationQuaternionFromAxis(
                self._normals[index].clone(),
                self._binormals[index].clone(),
                self._tangents[index].clone(),
            )
            quat_at = Quaternion.Slerp(quat_from, quat_to, data.subPosition)
            quat_at.toRotationMatrix(data.interpolationMatrix)


def _upto(limit: float) -> range:
    """``for (let i = 0; i <= limit; i++)`` (empty for NaN; capped like an arc)."""
    if limit != limit or limit < 0:
        return range(0)
    return range(int(min(math.floor(limit), _MAX_ARC_POINTS)) + 1)


def _below(limit: float) -> range:
    """``for (let i = 0; i < limit; i++)``."""
    if limit != limit or limit <= 0:
        return range(0)
    return range(int(min(math.ceil(limit), _MAX_ARC_POINTS)))


def _div(a: float, b: float) -> float:
    """JavaScript division (x/0 is +-Infinity or NaN)."""
    if b == 0:
        if a == 0 or a != a:
            return math.nan
        return math.copysign(math.inf, a) * math.copysign(1.0, b)
    return a / b


class Curve3:
    """A 3D curve: a list of points and its length (``BABYLON.Curve3``).

    Parameters
    ----------
    points
        The points (kept, not copied).
    """

    def __init__(self, points: Sequence[Vector3]) -> None:
        self._points: list[Vector3] = _points(points, "Curve3")
        self._length = self._computeLength(self._points)

    @staticmethod
    def CreateQuadraticBezier(v0: Vector3, v1: Vector3, v2: Vector3, nbPoints: int) -> Curve3:
        """A quadratic Bezier from ``v0`` to ``v2`` with control point ``v1``
        (``nbPoints + 1`` points; at least 3 segments)."""
        where = "Curve3.CreateQuadraticBezier"
        v0, v1, v2 = (_vector(v, where, f"v{i}") for i, v in enumerate((v0, v1, v2)))
        n = require_number(nbPoints, "nbPoints", where)
        count = n if n > 2 else 3

        def equation(t: float, a: float, b: float, c: float) -> float:
            return (1.0 - t) * (1.0 - t) * a + 2.0 * t * (1.0 - t) * b + t * t * c

        points = []
        for i in _upto(count):
            t = i / count
            points.append(
                Vector3(
                    equation(t, v0.x, v1.x, v2.x),
                    equation(t, v0.y, v1.y, v2.y),
                    equation(t, v0.z, v1.z, v2.z),
                )
            )
        return Curve3(points)

    @staticmethod
    def CreateCubicBezier(
        v0: Vector3, v1: Vector3, v2: Vector3, v3: Vector3, nbPoints: int
    ) -> Curve3:
        """A cubic Bezier from ``v0`` to ``v3`` with control points ``v1``, ``v2``
        (``nbPoints + 1`` points; at least 4 segments)."""
        where = "Curve3.CreateCubicBezier"
        v0, v1, v2, v3 = (_vector(v, where, f"v{i}") for i, v in enumerate((v0, v1, v2, v3)))
        n = require_number(nbPoints, "nbPoints", where)
        count = n if n > 3 else 4

        def equation(t: float, a: float, b: float, c: float, d: float) -> float:
            return (
                (1.0 - t) * (1.0 - t) * (1.0 - t) * a
                + 3.0 * t * (1.0 - t) * (1.0 - t) * b
                + 3.0 * t * t * (1.0 - t) * c
                + t * t * t * d
            )

        points = []
        for i in _upto(count):
            t = i / count
            points.append(
                Vector3(
                    equation(t, v0.x, v1.x, v2.x, v3.x),
                    equation(t, v0.y, v1.y, v2.y, v3.y),
                    equation(t, v0.z, v1.z, v2.z, v3.z),
                )
            )
        return Curve3(points)

    @staticmethod
    def CreateHermiteSpline(
        p1: Vector3, t1: Vector3, p2: Vector3, t2: Vector3, nSeg: int
    ) -> Curve3:
        """A Hermite spline from ``p1`` (tangent ``t1``) to ``p2`` (tangent ``t2``) in
        ``nSeg`` segments."""
        where = "Curve3.CreateHermiteSpline"
        for name, value in (("p1", p1), ("t1", t1), ("p2", p2), ("t2", t2)):
            _vector(value, where, name)
        segments = require_number(nSeg, "nSeg", where)
        step = _div(1.0, segments)
        return Curve3([Vector3.Hermite(p1, t1, p2, t2, i * step) for i in _upto(segments)])

    @staticmethod
    def CreateCatmullRomSpline(
        points: Sequence[Vector3], nbPoints: int, closed: bool = False
    ) -> Curve3:
        """A Catmull-Rom spline through ``points`` (``nbPoints`` per segment)."""
        pts = _points(points, "Curve3.CreateCatmullRomSpline")
        if not pts:
            raise LiteError(
                "LITE-COMPAT-120",
                "Curve3.CreateCatmullRomSpline: points is empty",
                hint="pass at least one Vector3",
                input_name="points",
            )
        count = require_number(nbPoints, "nbPoints", "Curve3.CreateCatmullRomSpline")
        step = _div(1.0, count)
        out: list[Vector3] = []
        amount = 0.0
        if closed:
            n = len(pts)
            for i in range(n):
                amount = 0.0
                for _ in _below(count):
                    out.append(
                        Vector3.CatmullRom(
                            pts[i % n], pts[(i + 1) % n], pts[(i + 2) % n], pts[(i + 3) % n], amount
                        )
                    )
                    amount += step
            out.append(out[0])
        else:
            total = [pts[0].clone(), *pts, pts[-1].clone()]
            i = 0
            while i < len(total) - 3:
                amount = 0.0
                for _ in _below(count):
                    out.append(
                        Vector3.CatmullRom(
                            total[i], total[i + 1], total[i + 2], total[i + 3], amount
                        )
                    )
                    amount += step
                i += 1
            i -= 1
            out.append(
                Vector3.CatmullRom(total[i], total[i + 1], total[i + 2], total[i + 3], amount)
            )
        return Curve3(out)

    @staticmethod
    def ArcThru3Points(
        first: Vector3,
        second: Vector3,
        third: Vector3,
        steps: int = 32,
        closed: bool = False,
        fullCircle: bool = False,
    ) -> Curve3:
        """The circle arc from ``first`` through ``second`` to ``third`` (empty for colinear
        points); ``fullCircle`` gives the whole circle, ``closed`` appends ``first``."""
        arc: list[Vector3] = []
        for name, value in (("first", first), ("second", second), ("third", third)):
            _vector(value, "Curve3.ArcThru3Points", name)
        vec1 = second.subtract(first)
        vec2 = third.subtract(second)
        vec3 = first.subtract(third)
        z_axis = Vector3.Cross(vec1, vec2)
        len4 = z_axis.length()
        if len4 < math.pow(10, -8):
            return Curve3(arc)
        len1_sq, len2_sq, len3_sq = vec1.lengthSquared(), vec2.lengthSquared(), vec3.lengthSquared()
        len4_sq = z_axis.lengthSquared()
        len1, len2, len3 = vec1.length(), vec2.length(), vec3.length()
        radius = 0.5 * len1 * len2 * len3 / len4
        dot1 = Vector3.Dot(vec1, vec3)
        dot2 = Vector3.Dot(vec1, vec2)
        dot3 = Vector3.Dot(vec2, vec3)
        a = -0.5 * len2_sq * dot1 / len4_sq
        b = -0.5 * len3_sq * dot2 / len4_sq
        c = -0.5 * len1_sq * dot3 / len4_sq
        center = first.scale(a).add(second.scale(b)).add(third.scale(c))
        x_axis = first.subtract(center).normalize()
        y_axis = Vector3.Cross(z_axis, x_axis).normalize()
        n_steps = require_number(steps, "steps", "Curve3.ArcThru3Points")
        if fullCircle:
            d_step = 2 * math.pi / n_steps
            theta = 0.0
            while theta <= 2 * math.pi and len(arc) < _MAX_ARC_POINTS:
                arc.append(
                    center.add(
                        x_axis.scale(radius * math.cos(theta)).add(
                            y_axis.scale(radius * math.sin(theta))
                        )
                    )
                )
                theta += d_step
            arc.append(first)
        else:
            d_step = 1 / n_steps
            theta = 0.0
            while True:
                point = center.add(
                    x_axis.scale(radius * math.cos(theta)).add(
                        y_axis.scale(radius * math.sin(theta))
                    )
                )
                arc.append(point)
                theta += d_step
                if point.equalsWithEpsilon(third, radius * d_step * 1.1):
                    break
                if len(arc) >= _MAX_ARC_POINTS:
                    break
            arc.append(third)
            if closed:
                arc.append(first)
        return Curve3(arc)

    def getPoints(self) -> list[Vector3]:
        """The points."""
        return self._points

    def length(self) -> float:
        """The curve length."""
        return self._length

    def continue_(self, curve: Curve3) -> Curve3:
        """This curve followed by ``curve`` translated to start at this curve's last point
        (Babylon's ``continue``; also reachable as ``curve.continue`` through ``getattr``)."""
        if not isinstance(curve, Curve3):
            raise LiteError(
                "LITE-COMPAT-120",
                f"Curve3.continue: curve must be a Curve3, got {curve!r}",
                hint="pass another BABYLON.Curve3",
                input_name="curve",
            )
        last = self._points[-1]
        points = list(self._points)
        others = curve.getPoints()
        for i in range(1, len(others)):
            points.append(others[i].subtract(others[0]).add(last))
        return Curve3(points)

    @staticmethod
    def _computeLength(path: Sequence[Vector3]) -> float:
        total = 0.0
        for i in range(1, len(path)):
            total += path[i].subtract(path[i - 1]).length()
        return total


# ``continue`` is a Python keyword: Babylon's name is bound on the class so that
# ``getattr(curve, "continue")`` (and the manifest) find it; ports call ``continue_``.
setattr(Curve3, "continue", Curve3.continue_)  # noqa: B010 - a keyword cannot be assigned
