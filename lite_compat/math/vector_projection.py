"""Babylon.js ``Vector3`` projections and ``Matrix`` reflection / oblique projections.

Port of ``@babylonjs/core`` 9.31 ``Maths/math.vector.pure.js``: ``Vector3.Project`` /
``ProjectToRef`` (world and transform matrices through a viewport), ``Unproject`` /
``UnprojectToRef`` / ``UnprojectFloatsToRef`` / ``UnprojectFromTransform``,
``ProjectOnTriangleToRef`` (closest point of a triangle and its distance),
``projectOnPlane`` / ``projectOnPlaneToRef``; ``Matrix.Reflection`` / ``ReflectionToRef``
and ``ObliqueOffCenterLHToRef`` / ``ObliqueOffCenterRHToRef``. The NDC depth range is
WebGL's (``-1..1``: ``isNDCHalfZRange`` is false on the null engine).

The two classes are mixins of :class:`~lite_compat.math.vector.Vector3` and
:class:`~lite_compat.math.vector.Matrix`; they reach the concrete classes through ``cls`` and
the arguments' types, so this module imports nothing of ``vector``.
"""

from __future__ import annotations

import math
from typing import Any

from lite_compat.math.constants import Epsilon

__all__ = ["MatrixReflection", "Vector3Projection"]


class Vector3Projection:
    """``Vector3``'s projection members (mixin)."""

    __slots__ = ()

    @classmethod
    def Project(cls, vector: Any, world: Any, transform: Any, viewport: Any) -> Any:
        """``vector`` through ``world * transform`` into ``viewport`` pixels (y down, z in
        0..1)."""
        return cls.ProjectToRef(vector, world, transform, viewport, cls())

    @classmethod
    def ProjectToRef(
        cls, vector: Any, world: Any, transform: Any, viewport: Any, result: Any
    ) -> Any:
        """:meth:`Project` into ``result``."""
        matrix_cls = type(world)
        cw, ch, cx, cy = viewport.width, viewport.height, viewport.x, viewport.y
        viewport_matrix = matrix_cls.FromValues(
            cw / 2.0, 0, 0, 0,
            0, -ch / 2.0, 0, 0,
            0, 0, 0.5, 0,
            cx + cw / 2.0, ch / 2.0 + cy, 0.5, 1,
        )  # fmt: skip
        matrix = world.multiply(transform).multiply(viewport_matrix)
        cls.TransformCoordinatesToRef(vector, matrix, result)  # type: ignore[attr-defined]
        return result

    @classmethod
    def UnprojectFromTransform(
        cls, source: Any, viewportWidth: float, viewportHeight: float, world: Any, transform: Any
    ) -> Any:
        """:meth:`Unproject` with ``transform`` as the view and an identity projection."""
        identity = type(world).Identity()
        return cls.Unproject(source, viewportWidth, viewportHeight, world, transform, identity)

    @classmethod
    def Unproject(
        cls,
        source: Any,
        viewportWidth: float,
        viewportHeight: float,
        world: Any,
        view: Any,
        projection: Any,
    ) -> Any:
        """Screen ``source`` (pixels, z in 0..1) back to world space."""
        return cls.UnprojectToRef(
            source, viewportWidth, viewportHeight, world, view, projection, cls()
        )

    @classmethod
    def UnprojectToRef(
        cls,
        source: Any,
        viewportWidth: float,
        viewportHeight: float,
        world: Any,
        view: Any,
        projection: Any,
        result: Any,
    ) -> Any:
        """:meth:`Unproject` into ``result``."""
        return cls.UnprojectFloatsToRef(
            source.x,
            source.y,
            source.z,
            viewportWidth,
            viewportHeight,
            world,
            view,
            projection,
            result,
        )

    @classmethod
    def UnprojectFloatsToRef(
        cls,
        sourceX: float,
        sourceY: float,
        sourceZ: float,
        viewportWidth: float,
        viewportHeight: float,
        world: Any,
        view: Any,
        projection: Any,
        result: Any,
    ) -> Any:
        """:meth:`Unproject` of ``(sourceX, sourceY, sourceZ)`` into ``result``."""
        matrix = world.multiply(view).multiply(projection)
        matrix.invert()
        screen = cls(
            _div(sourceX, viewportWidth) * 2 - 1,
            -(_div(sourceY, viewportHeight) * 2 - 1),
            2 * sourceZ - 1.0,
        )  # type: ignore[call-arg]
        cls.TransformCoordinatesToRef(screen, matrix, result)  # type: ignore[attr-defined]
        return result

    def projectOnPlane(self, plane: Any, origin: Any) -> Any:
        """Where the ray from ``origin`` through this point meets ``plane`` (``normal``,
        ``d``); all Infinity when the ray is parallel to it."""
        return self.projectOnPlaneToRef(plane, origin, type(self)())

    def projectOnPlaneToRef(self, plane: Any, origin: Any, result: Any) -> Any:
        """:meth:`projectOnPlane` into ``result``."""
        me: Any = self
        n = plane.normal
        direction = me.subtract(origin)
        direction.normalize()
        denom = type(me).Dot(direction, n)
        if abs(denom) < 0.0000000001:
            result.setAll(math.inf)
        else:
            t = -(type(me).Dot(origin, n) + plane.d) / denom
            origin.addToRef(direction.scaleInPlace(t), result)
        return result

    @classmethod
    def ProjectOnTriangleToRef(cls, vector: Any, p0: Any, p1: Any, p2: Any, ref: Any) -> float:
        """The point of triangle ``p0 p1 p2`` closest to ``vector`` (into ``ref``) and its
        distance (Babylon's construction, degenerate triangles snap to ``p0``)."""
        c: Any = cls
        p1p0, p2p0, p2p1 = p1.subtract(p0), p2.subtract(p0), p2.subtract(p1)
        p1p0_l, p2p0_l, p2p1_l = p1p0.length(), p2p0.length(), p2p1.length()
        if p1p0_l < Epsilon or p2p0_l < Epsilon or p2p1_l < Epsilon:
            ref.copyFrom(p0)
            return float(c.Distance(vector, p0))
        vectorp0 = vector.subtract(p0)
        normal = c.Cross(p1p0, p2p0)
        nl = normal.length()
        if nl < Epsilon:
            ref.copyFrom(p0)
            return float(c.Distance(vector, p0))
        normal.normalizeFromLength(nl)
        length = vectorp0.length()
        if length < Epsilon:
            ref.copyFrom(p0)
            return 0.0
        vectorp0.normalizeFromLength(length)
        cos_a = c.Dot(normal, vectorp0)
        proj = vector.clone().addInPlace(normal.clone().scaleInPlace(-length * cos_a))
        v0 = p1p0.clone().scaleInPlace(1 / p1p0_l)
        v0.addInPlace(p2p0.clone().scaleInPlace(1 / p2p0_l)).scaleInPlace(-1)
        v1 = p1p0.clone().scaleInPlace(-1 / p1p0_l)
        v1.addInPlace(p2p1.clone().scaleInPlace(1 / p2p1_l)).scaleInPlace(-1)
        v2 = p2p1.clone().scaleInPlace(-1 / p2p1_l)
        v2.addInPlace(p2p0.clone().scaleInPlace(-1 / p2p0_l)).scaleInPlace(-1)
        s0 = c.Dot(c.Cross(v0, proj.subtract(p0)), normal)
        s1 = c.Dot(c.Cross(v1, proj.subtract(p1)), normal)
        s2 = c.Dot(c.Cross(v2, proj.subtract(p2)), normal)
        if s0 > 0 and s1 < 0:
            edge, e0, e1 = p1p0.clone(), p0, p1
        elif s1 > 0 and s2 < 0:
            edge, e0, e1 = p2p1.clone(), p1, p2
        else:
            edge, e0, e1 = p2p0.clone().scaleInPlace(-1), p2, p0
        tmp3 = c.Cross(e0.subtract(proj), e1.subtract(proj))
        if not c.Dot(tmp3, normal) < 0:
            ref.copyFrom(proj)
            return float(abs(length * cos_a))
        r = c.Cross(edge, tmp3)
        r.normalize()
        e0proj = e0.clone().subtractInPlace(proj)
        e0proj_l = e0proj.length()
        if e0proj_l < Epsilon:
            ref.copyFrom(e0)
            return float(c.Distance(vector, e0))
        e0proj.normalizeFromLength(e0proj_l)
        cos_g = c.Dot(r, e0proj)
        tri_proj = proj.clone().addInPlace(r.scaleInPlace(e0proj_l * cos_g))
        tmp = tri_proj.clone().subtractInPlace(e0)
        edge_l = edge.length()
        edge.normalizeFromLength(edge_l)
        t = min(max(c.Dot(tmp, edge) / max(edge_l, Epsilon), 0.0), 1.0)
        tri_proj = e0.clone().addInPlace(edge.scaleInPlace(t * edge_l))
        ref.copyFrom(tri_proj)
        return float(c.Distance(vector, tri_proj))


def _div(a: float, b: float) -> float:
    if b == 0:
        return math.nan if a == 0 or a != a else math.copysign(math.inf, a)
    return a / b


class MatrixReflection:
    """``Matrix``'s reflection and oblique projections (mixin)."""

    __slots__ = ()

    @classmethod
    def Reflection(cls, plane: Any) -> Any:
        """The reflection across ``plane`` (``normalize()``, ``normal``, ``d``)."""
        return cls.ReflectionToRef(plane, cls())

    @classmethod
    def ReflectionToRef(cls, plane: Any, result: Any) -> Any:
        """:meth:`Reflection` into ``result`` (normalises ``plane`` as Babylon does)."""
        plane.normalize()
        x, y, z = plane.normal.x, plane.normal.y, plane.normal.z
        t1, t2, t3 = -2 * x, -2 * y, -2 * z
        d = plane.d
        cls.FromValuesToRef(  # type: ignore[attr-defined]
            t1 * x + 1, t2 * x, t3 * x, 0.0,
            t1 * y, t2 * y + 1, t3 * y, 0.0,
            t1 * z, t2 * z, t3 * z + 1, 0.0,
            t1 * d, t2 * d, t3 * d, 1.0,
            result,
        )  # fmt: skip
        return result

    @classmethod
    def _oblique(
        cls,
        sign: float,
        length: float,
        angle: float,
        distance: float,
    ) -> Any:
        c: Any = cls
        a = sign * length * math.cos(angle)
        b = sign * length * math.sin(angle)
        shear = c.FromValues(1, 0, 0, 0, 0, 1, 0, 0, a, b, 1, 0, 0, 0, 0, 1)
        m = c.Translation(0, 0, sign * distance).multiply(shear)
        return m.multiply(c.Translation(0, 0, -sign * distance))

    @classmethod
    def ObliqueOffCenterLHToRef(
        cls,
        left: float,
        right: float,
        bottom: float,
        top: float,
        znear: float,
        zfar: float,
        length: float,
        angle: float,
        distance: float,
        result: Any,
        halfZRange: bool = False,
    ) -> Any:
        """A left-handed oblique off-center orthographic projection into ``result``."""
        c: Any = cls
        shear = cls._oblique(-1.0, length, angle, distance)
        c.OrthoOffCenterLHToRef(left, right, bottom, top, znear, zfar, result, halfZRange)
        shear.multiplyToRef(result, result)
        return result

    @classmethod
    def ObliqueOffCenterRHToRef(
        cls,
        left: float,
        right: float,
        bottom: float,
        top: float,
        znear: float,
        zfar: float,
        length: float,
        angle: float,
        distance: float,
        result: Any,
        halfZRange: bool = False,
    ) -> Any:
        """A right-handed oblique off-center orthographic projection into ``result``."""
        c: Any = cls
        shear = cls._oblique(1.0, length, angle, distance)
        c.OrthoOffCenterRHToRef(left, right, bottom, top, znear, zfar, result, halfZRange)
        shear.multiplyToRef(result, result)
        return result
