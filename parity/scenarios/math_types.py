# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of math_types.mjs against lite_compat.math.

Vector2/3/4, Quaternion, Matrix (float32 storage), Color3/4, Size and Scalar, member by member,
on varied inputs and edges: Slerp at identical, near-parallel, just-below-threshold, orthogonal,
opposite-hemisphere and opposite quaternions (several amounts, including outside [0, 1]);
gimbal-lock Euler angles; singular matrix invert; Compose/decompose round trips with negative
scale; float32 rounding of matrix writes; toString/toHexString formatting; Infinity/NaN from
divisions by zero.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable
from types import SimpleNamespace

from lite_compat.math import (
    Color3,
    Color4,
    Matrix,
    Quaternion,
    Scalar,
    Size,
    Vector2,
    Vector3,
    Vector4,
)


def enc(x: float) -> float | str:
    if math.isnan(x):
        return "NaN"
    if x == math.inf:
        return "Infinity"
    if x == -math.inf:
        return "-Infinity"
    return x


def v2(v: Vector2) -> list[float | str]:
    return [enc(v.x), enc(v.y)]


def v3(v: Vector3) -> list[float | str]:
    return [enc(v.x), enc(v.y), enc(v.z)]


def v4(v: Vector4 | Quaternion) -> list[float | str]:
    return [enc(v.x), enc(v.y), enc(v.z), enc(v.w)]


def c3(c: Color3) -> list[float | str]:
    return [enc(c.r), enc(c.g), enc(c.b)]


def c4(c: Color4) -> list[float | str]:
    return [enc(c.r), enc(c.g), enc(c.b), enc(c.a)]


def sz(s: Size) -> list[float | str]:
    return [enc(s.width), enc(s.height)]


def mat(m: Matrix) -> list[float | str]:
    return [enc(x) for x in m.m]


def nums(a: Iterable[float]) -> list[float | str]:
    return [enc(x) for x in a]


doc: dict[str, object] = {}

# One statement per line, in the order of math_types.mjs, so the two read side by side.
# fmt: off

# ---------------------------------------------------------------- Vector2
a = Vector2(1.5, -2.25)
b = Vector2(-0.5, 4)
d: dict[str, object] = {}
d["defaults"] = v2(Vector2())
d["set"] = v2(Vector2().set(3, 4))
d["setAll"] = v2(Vector2().setAll(-7))
d["copyFrom"] = v2(Vector2().copyFrom(a))
d["copyFromFloats"] = v2(Vector2().copyFromFloats(0.1, 0.2))
d["clone"] = v2(a.clone())
d["equals"] = [a.equals(a.clone()), a.equals(b)]
d["equalsWithEpsilon"] = [a.equalsWithEpsilon(Vector2(1.5009, -2.2491)), a.equalsWithEpsilon(Vector2(1.502, -2.25)), a.equalsWithEpsilon(Vector2(1.6, -2.25), 0.2)]
d["add"] = v2(a.add(b))
d["addInPlace"] = v2(a.clone().addInPlace(b))
d["addToRef"] = v2(a.addToRef(b, Vector2()))
d["subtract"] = v2(a.subtract(b))
d["subtractInPlace"] = v2(a.clone().subtractInPlace(b))
d["subtractToRef"] = v2(a.subtractToRef(b, Vector2()))
d["scale"] = v2(a.scale(-3))
d["scaleInPlace"] = v2(a.clone().scaleInPlace(0.5))
d["scaleToRef"] = v2(a.scaleToRef(2, Vector2()))
d["scaleAndAddToRef"] = v2(a.scaleAndAddToRef(2, Vector2(1, 1)))
d["multiply"] = v2(a.multiply(b))
d["multiplyInPlace"] = v2(a.clone().multiplyInPlace(b))
d["multiplyToRef"] = v2(a.multiplyToRef(b, Vector2()))
d["divide"] = v2(a.divide(b))
d["divideByZero"] = v2(a.divide(Vector2(0, 0)))
d["negate"] = v2(a.negate())
d["length"] = [a.length(), a.lengthSquared(), Vector2().length()]
d["normalize"] = v2(a.clone().normalize())
d["normalizeZero"] = v2(Vector2().normalize())
d["normalizeToNew"] = v2(b.normalizeToNew())
d["dot"] = [a.dot(b), Vector2.Dot(a, b)]
d["asArray"] = a.asArray()


def _v2_to_array() -> list[float]:
    arr: list[float] = [9, 9, 9, 9]
    a.toArray(arr, 1)
    return arr


d["toArray"] = _v2_to_array()
d["fromArray"] = v2(Vector2().fromArray([5, 6, 7], 1))
d["FromArray"] = v2(Vector2.FromArray([5, 6, 7]))
d["toString"] = [a.toString(), Vector2(1 / 3, 1e21).toString(), Vector2(1e-7, -0.000001).toString()]
d["getClassName"] = a.getClassName()
d["getHashCode"] = [a.getHashCode(), Vector2(0.1, 123.456).getHashCode()]
d["Zero"] = v2(Vector2.Zero())
d["One"] = v2(Vector2.One())
d["Lerp"] = [v2(Vector2.Lerp(a, b, t)) for t in [-0.5, 0, 0.3, 1, 2]]
d["LerpToRef"] = v2(Vector2.LerpToRef(a, b, 0.75, Vector2()))
d["Hermite"] = [v2(Vector2.Hermite(a, Vector2(1, 0), b, Vector2(0, -2), t)) for t in [0, 0.25, 0.5, 1]]
d["Hermite1stDerivative"] = v2(Vector2.Hermite1stDerivative(a, Vector2(1, 0), b, Vector2(0, -2), 0.4))
d["CatmullRom"] = v2(Vector2.CatmullRom(a, b, Vector2(2, 2), Vector2(3, -1), 0.6))
d["Distance"] = [Vector2.Distance(a, b), Vector2.DistanceSquared(a, b)]
d["Minimize"] = v2(Vector2.Minimize(a, b))
d["Maximize"] = v2(Vector2.Maximize(a, b))
d["Clamp"] = v2(Vector2.Clamp(Vector2(5, -5), Vector2(-1, -1), Vector2(1, 1)))
d["Center"] = v2(Vector2.Center(a, b))
d["rotate"] = v2(a.rotate(0.7))
d["floor"] = v2(a.floor())
d["fract"] = v2(a.fract())
d["Transform"] = v2(Vector2.Transform(a, Matrix.RotationZ(0.5).multiply(Matrix.Translation(1, 2, 3))))
d["PointInTriangle"] = [Vector2.PointInTriangle(Vector2(0.2, 0.2), Vector2(0, 0), Vector2(1, 0), Vector2(0, 1)), Vector2.PointInTriangle(Vector2(1, 1), Vector2(0, 0), Vector2(1, 0), Vector2(0, 1))]
d["DistanceOfPointFromSegment"] = [Vector2.DistanceOfPointFromSegment(Vector2(2, 3), Vector2(0, 0), Vector2(4, 0)), Vector2.DistanceOfPointFromSegment(Vector2(-2, 1), Vector2(0, 0), Vector2(4, 0))]
d["minMaxInPlace"] = [v2(a.clone().minimizeInPlace(b)), v2(a.clone().maximizeInPlace(b))]
d["ZeroReadOnly"] = v2(Vector2.ZeroReadOnly)
doc["vector2"] = d

# ---------------------------------------------------------------- Vector3
a3 = Vector3(1, -2, 3.5)
b3 = Vector3(-4, 0.5, 2)
d = {}
d["defaults"] = v3(Vector3())
d["set"] = v3(Vector3().set(1, 2, 3))
d["setAll"] = v3(Vector3().setAll(0.25))
d["copyFrom"] = v3(Vector3().copyFrom(b3))
d["copyFromFloats"] = v3(Vector3().copyFromFloats(7, 8, 9))
d["clone"] = v3(a3.clone())
d["equals"] = [a3.equals(a3.clone()), a3.equals(b3), a3.equalsToFloats(1, -2, 3.5)]
d["equalsWithEpsilon"] = [a3.equalsWithEpsilon(Vector3(1.0005, -2, 3.5)), a3.equalsWithEpsilon(Vector3(1.002, -2, 3.5)), a3.equalsWithEpsilon(Vector3(1.1, -2, 3.5), 0.2)]
d["add"] = v3(a3.add(b3))
d["addInPlace"] = v3(a3.clone().addInPlace(b3))
d["addToRef"] = v3(a3.addToRef(b3, Vector3()))
d["addInPlaceFromFloats"] = v3(a3.clone().addInPlaceFromFloats(1, 1, 1))
d["subtract"] = v3(a3.subtract(b3))
d["subtractInPlace"] = v3(a3.clone().subtractInPlace(b3))
d["subtractToRef"] = v3(a3.subtractToRef(b3, Vector3()))
d["subtractFromFloats"] = v3(a3.subtractFromFloats(1, 1, 1))
d["scale"] = v3(a3.scale(0.3))
d["scaleInPlace"] = v3(a3.clone().scaleInPlace(-2))
d["scaleToRef"] = v3(a3.scaleToRef(1.5, Vector3()))
d["scaleAndAddToRef"] = v3(a3.scaleAndAddToRef(0.5, Vector3(1, 2, 3)))
d["multiply"] = v3(a3.multiply(b3))
d["multiplyInPlace"] = v3(a3.clone().multiplyInPlace(b3))
d["multiplyToRef"] = v3(a3.multiplyToRef(b3, Vector3()))
d["multiplyByFloats"] = v3(a3.multiplyByFloats(2, 3, 4))
d["divide"] = v3(a3.divide(b3))
d["divideByZero"] = v3(Vector3(1, -1, 0).divide(Vector3(0, 0, 0)))
d["negate"] = v3(a3.negate())
d["negateInPlace"] = v3(a3.clone().negateInPlace())
d["negateToRef"] = v3(a3.negateToRef(Vector3()))
d["length"] = [a3.length(), a3.lengthSquared()]
d["normalize"] = v3(a3.clone().normalize())
d["normalizeZero"] = v3(Vector3.Zero().normalize())
d["normalizeToNew"] = v3(b3.normalizeToNew())
d["normalizeToRef"] = v3(b3.normalizeToRef(Vector3()))
d["Normalize"] = v3(Vector3.Normalize(a3))
d["dot"] = [a3.dot(b3), Vector3.Dot(a3, b3)]
d["cross"] = v3(a3.cross(b3))
d["Cross"] = v3(Vector3.Cross(a3, b3))


def _cross_aliased() -> Vector3:
    r = a3.clone()
    Vector3.CrossToRef(r, b3, r)
    return r


d["CrossToRefAliased"] = v3(_cross_aliased())
d["asArray"] = a3.asArray()


def _v3_to_array() -> list[float]:
    arr: list[float] = [0, 0, 0, 0, 0]
    a3.toArray(arr, 2)
    return arr


d["toArray"] = _v3_to_array()
d["fromArray"] = v3(Vector3().fromArray([1, 2, 3, 4, 5], 2))
d["FromArray"] = v3(Vector3.FromArray([0.5, 1.5, 2.5, 3.5], 1))
d["toString"] = [a3.toString(), Vector3(0.1 + 0.2, -1e-7, 123456789012).toString()]
d["getClassName"] = a3.getClassName()
d["getHashCode"] = [a3.getHashCode(), Vector3(0.5, -0.25, 10).getHashCode()]
d["statics"] = [v3(v) for v in [Vector3.Zero(), Vector3.One(), Vector3.Up(), Vector3.Down(), Vector3.Forward(), Vector3.Forward(True), Vector3.Backward(), Vector3.Backward(True), Vector3.Right(), Vector3.Left()]]
d["readOnly"] = [v3(v) for v in [Vector3.UpReadOnly, Vector3.DownReadOnly, Vector3.RightReadOnly, Vector3.LeftReadOnly, Vector3.LeftHandedForwardReadOnly, Vector3.RightHandedForwardReadOnly, Vector3.LeftHandedBackwardReadOnly, Vector3.RightHandedBackwardReadOnly, Vector3.ZeroReadOnly, Vector3.OneReadOnly]]
d["Lerp"] = [v3(Vector3.Lerp(a3, b3, t)) for t in [-0.5, 0, 0.25, 1, 1.5]]
d["LerpToRef"] = v3(Vector3.LerpToRef(a3, b3, 0.6, Vector3()))
d["Hermite"] = [v3(Vector3.Hermite(a3, Vector3(1, 1, 0), b3, Vector3(0, -1, 2), t)) for t in [0, 0.2, 0.5, 0.8, 1]]
d["Hermite1stDerivative"] = v3(Vector3.Hermite1stDerivative(a3, Vector3(1, 1, 0), b3, Vector3(0, -1, 2), 0.3))
d["CatmullRom"] = v3(Vector3.CatmullRom(a3, b3, Vector3(0, 0, 0), Vector3(1, 1, 1), 0.4))
d["Distance"] = [Vector3.Distance(a3, b3), Vector3.DistanceSquared(a3, b3)]
d["Minimize"] = v3(Vector3.Minimize(a3, b3))
d["Maximize"] = v3(Vector3.Maximize(a3, b3))
d["Clamp"] = v3(Vector3.Clamp(Vector3(5, -5, 0.5), Vector3(-1, -1, -1), Vector3(1, 1, 1)))
d["Center"] = v3(Vector3.Center(a3, b3))


def _check_extends() -> list[list[float | str]]:
    lo = Vector3(0, 0, 0)
    hi = Vector3(0, 0, 0)
    Vector3.CheckExtends(a3, lo, hi)
    Vector3.CheckExtends(b3, lo, hi)
    return [v3(lo), v3(hi)]


d["CheckExtends"] = _check_extends()
d["floor"] = v3(a3.scale(0.7).floor())
d["fract"] = v3(a3.scale(0.7).fract())
d["isNonUniform"] = [a3.isNonUniform, Vector3(2, -2, 2).isNonUniform, Vector3(1, 1.0001, 1).isNonUniformWithinEpsilon(0.001)]
d["hasAZeroComponent"] = [a3.hasAZeroComponent, Vector3(1, 0, 2).hasAZeroComponent]
d["reorderInPlace"] = v3(a3.clone().reorderInPlace("ZxY"))
d["getNormalToRef"] = v3(a3.getNormalToRef(Vector3()))


def _slerp_vec(x: Vector3, y: Vector3, t: float) -> Vector3:
    r = Vector3()
    Vector3.SlerpToRef(x, y, t, r)
    return r


d["SlerpVec"] = [v3(_slerp_vec(a3, b3, t)) for t in [0, 0.3, 0.7, 1]]
d["SlerpVecParallel"] = v3(_slerp_vec(a3, a3.scale(2), 0.5))


def _smooth() -> Vector3:
    r = Vector3()
    Vector3.SmoothToRef(a3, b3, 0.1, 0.4, r)
    return r


d["SmoothToRef"] = v3(_smooth())
d["GetAngleBetweenVectors"] = [Vector3.GetAngleBetweenVectors(a3, b3, Vector3.Up()), Vector3.GetAngleBetweenVectors(a3, b3, Vector3.Down())]
d["GetAngleBetweenVectorsOnPlane"] = Vector3.GetAngleBetweenVectorsOnPlane(a3, b3, Vector3.Up())
d["PitchYawRollToMoveBetweenPoints"] = [v3(Vector3.PitchYawRollToMoveBetweenPoints(a3, b3)), v3(Vector3.PitchYawRollToMoveBetweenPoints(a3, a3))]
d["GetClipFactor"] = Vector3.GetClipFactor(a3, b3, Vector3.Right(), 0.5)
d["Reflect"] = v3(Vector3.Reflect(a3, Vector3.Up()))
d["toQuaternion"] = v4(Vector3(0.3, -0.7, 1.1).toQuaternion())
d["RotationFromAxis"] = v3(Vector3.RotationFromAxis(Vector3(0, 0, -1), Vector3(0, 1, 0), Vector3(1, 0, 0)))
q = Quaternion.RotationYawPitchRoll(0.4, -0.3, 1.2)
d["applyRotationQuaternion"] = v3(a3.applyRotationQuaternion(q))
d["applyRotationQuaternionInPlace"] = v3(a3.clone().applyRotationQuaternionInPlace(q))
d["rotateByQuaternionToRef"] = v3(a3.rotateByQuaternionToRef(q, Vector3()))
d["rotateByQuaternionAroundPointToRef"] = v3(a3.rotateByQuaternionAroundPointToRef(q, Vector3(1, 1, 1), Vector3()))
world = Matrix.Compose(Vector3(2, 1, 0.5), q, Vector3(10, -5, 3))
d["TransformCoordinates"] = v3(Vector3.TransformCoordinates(a3, world))
d["TransformCoordinatesToRef"] = v3(Vector3.TransformCoordinatesToRef(b3, world, Vector3()))
d["TransformCoordinatesFromFloatsToRef"] = v3(Vector3.TransformCoordinatesFromFloatsToRef(0.1, 0.2, 0.3, world, Vector3()))
proj = Matrix.PerspectiveFovLH(0.8, 1.5, 0.1, 100)
d["TransformCoordinatesPerspective"] = v3(Vector3.TransformCoordinates(Vector3(1, 2, 10), proj))
d["TransformCoordinatesWZero"] = v3(Vector3.TransformCoordinates(Vector3(1, 0, 0), proj))
d["TransformNormal"] = v3(Vector3.TransformNormal(a3, world))
d["TransformNormalToRef"] = v3(Vector3.TransformNormalToRef(b3, world, Vector3()))
d["minMaxInPlaceFromFloats"] = [v3(a3.clone().minimizeInPlaceFromFloats(0, 0, 10)), v3(a3.clone().maximizeInPlaceFromFloats(0, 0, 10))]
doc["vector3"] = d

# ---------------------------------------------------------------- Vector4
a4 = Vector4(1, -2, 3, -4)
b4 = Vector4(0.5, 0.25, -1, 2)
d = {}
d["defaults"] = v4(Vector4())
d["basic"] = [v4(v) for v in [a4.add(b4), a4.subtract(b4), a4.multiply(b4), a4.divide(b4), a4.scale(1.5), a4.negate(), a4.clone().normalize(), b4.normalizeToNew(), a4.clone().addInPlace(b4), a4.clone().subtractInPlace(b4), a4.clone().multiplyInPlace(b4), a4.clone().scaleInPlace(-1), a4.scaleAndAddToRef(2, Vector4(1, 1, 1, 1)), a4.clone().setAll(3), Vector4().set(1, 2, 3, 4), Vector4().copyFrom(b4), Vector4().copyFromFloats(4, 3, 2, 1)]]
d["length"] = [a4.length(), a4.lengthSquared(), a4.dot(b4), Vector4.Dot(a4, b4), Vector4.Distance(a4, b4), Vector4.DistanceSquared(a4, b4)]
d["equals"] = [a4.equals(a4.clone()), a4.equals(b4), a4.equalsWithEpsilon(Vector4(1.0001, -2, 3, -4)), a4.equalsToFloats(1, -2, 3, -4)]
d["statics"] = [v4(v) for v in [Vector4.Zero(), Vector4.One(), Vector4.Minimize(a4, b4), Vector4.Maximize(a4, b4), Vector4.Center(a4, b4), Vector4.Normalize(b4), Vector4.Clamp(a4, Vector4(-1, -1, -1, -1), Vector4(1, 1, 1, 1)), Vector4.FromArray([9, 8, 7, 6, 5], 1), Vector4.FromVector3(Vector3(1, 2, 3), 7), Vector4.ZeroReadOnly]]
m4 = Matrix.Compose(Vector3(1, 2, 3), Quaternion.RotationYawPitchRoll(0.1, 0.2, 0.3), Vector3(4, 5, 6))
d["Transform"] = [v4(v) for v in [Vector4.TransformCoordinates(Vector3(1, 1, 1), m4), Vector4.TransformNormal(a4, m4)]]
d["toVector3"] = v3(a4.toVector3())
d["toString"] = a4.toString()
d["asArray"] = a4.asArray()


def _v4_to_array() -> list[float]:
    arr: list[float] = [0, 0, 0, 0]
    b4.toArray(arr)
    return arr


d["toArray"] = _v4_to_array()
d["floorFract"] = [v4(a4.scale(0.3).floor()), v4(a4.scale(0.3).fract())]
doc["vector4"] = d

# ---------------------------------------------------------------- Quaternion
d = {}
qa = Quaternion.FromEulerAngles(0.3, -0.7, 1.1)
qb = Quaternion.FromEulerAngles(-1.2, 0.4, 2.5)
amounts = [-0.25, 0, 0.1, 0.5, 0.9, 1, 1.25]


def slerpAll(left: Quaternion, right: Quaternion) -> list[list[float | str]]:
    return [v4(Quaternion.Slerp(left, right, t)) for t in amounts]


d["defaults"] = v4(Quaternion())
d["Identity"] = v4(Quaternion.Identity())
d["Zero"] = v4(Quaternion.Zero())
d["qa"] = v4(qa)
d["qb"] = v4(qb)
d["dotAB"] = Quaternion.Dot(qa, qb)
d["slerpGeneric"] = slerpAll(qa, qb)
d["slerpIdentical"] = slerpAll(qa, qa.clone())
tiny = Quaternion.RotationAxis(Vector3(1, 2, 3), 0.002)
qTiny = qa.multiply(tiny)
d["dotTiny"] = Quaternion.Dot(qa, qTiny)
d["slerpNearParallel"] = slerpAll(qa, qTiny)
small = Quaternion.RotationAxis(Vector3(1, 2, 3), 0.01)
qSmall = qa.multiply(small)
d["dotSmall"] = Quaternion.Dot(qa, qSmall)
d["slerpJustBelowThreshold"] = slerpAll(qa, qSmall)
d["slerpNonUnitParallel"] = slerpAll(qa, qa.scale(2))
d["slerpOrthogonal"] = slerpAll(Quaternion(0, 0, 0, 1), Quaternion(1, 0, 0, 0))
d["slerpOppositeHemisphere"] = slerpAll(qa, qb.negate())
d["dotOppositeHemisphere"] = Quaternion.Dot(qa, qb.negate())
d["slerpNearOpposite"] = slerpAll(qa, qTiny.negate())
d["slerpExactOpposite"] = slerpAll(qa, qa.negate())
d["SlerpToRef"] = v4(Quaternion.SlerpToRef(qa, qb, 0.3, Quaternion()))
d["SmoothToRef"] = v4(Quaternion.SmoothToRef(qa, qb, 0.5, 2, Quaternion()))
d["Hermite"] = [v4(Quaternion.Hermite(qa, Quaternion(0.1, 0, 0, 0), qb, Quaternion(0, 0.2, 0, -0.1), t)) for t in [0, 0.3, 0.6, 1]]
d["Hermite1stDerivative"] = v4(Quaternion.Hermite1stDerivative(qa, Quaternion(0.1, 0, 0, 0), qb, Quaternion(0, 0.2, 0, -0.1), 0.45))
eulers: list[list[float]] = [[0, 0, 0], [0.3, -0.7, 1.1], [math.pi / 2, 0.3, 0], [-math.pi / 2, 0.3, 0.2], [math.pi / 2 - 0.001, 0.5, -0.4], [math.pi / 2 - 0.01, 0.5, -0.4], [3, 2, -2.5], [-0.2, math.pi, 0.1]]
d["FromEulerAngles"] = [v4(Quaternion.FromEulerAngles(e[0], e[1], e[2])) for e in eulers]
d["toEulerAngles"] = [v3(Quaternion.FromEulerAngles(e[0], e[1], e[2]).toEulerAngles()) for e in eulers]
d["toEulerAnglesNonUnit"] = v3(Quaternion(1, 2, 3, 4).toEulerAngles())
d["FromEulerVector"] = v4(Quaternion.FromEulerVector(Vector3(0.1, 0.2, 0.3)))
d["FromEulerAnglesToRef"] = v4(Quaternion.FromEulerAnglesToRef(0.4, 0.5, 0.6, Quaternion()))
d["RotationYawPitchRoll"] = v4(Quaternion.RotationYawPitchRoll(0.4, -0.3, 1.2))
d["RotationAxis"] = [v4(Quaternion.RotationAxis(Vector3(0, 1, 0), math.pi / 3)), v4(Quaternion.RotationAxis(Vector3(2, 0, 0), 1)), v4(Quaternion.RotationAxis(Vector3(1, -1, 2), -2.5)), v4(Quaternion.RotationAxis(Vector3(0, 0, 0), 1))]
d["RotationAlphaBetaGamma"] = v4(Quaternion.RotationAlphaBetaGamma(0.3, 0.6, 0.9))
d["toAlphaBetaGammaToRef"] = v3(qa.toAlphaBetaGammaToRef(Vector3()))
rotMats = [Matrix.RotationYawPitchRoll(0.4, -0.3, 1.2), Matrix.RotationX(3), Matrix.RotationY(3), Matrix.RotationZ(3), Matrix.RotationAxis(Vector3(1, 1, 0), math.pi)]
d["FromRotationMatrix"] = [v4(Quaternion.FromRotationMatrix(m)) for m in rotMats]
d["fromRotationMatrix"] = v4(Quaternion().fromRotationMatrix(rotMats[0]))
d["toRotationMatrix"] = mat(qa.toRotationMatrix(Matrix()))
d["Inverse"] = v4(Quaternion.Inverse(qa))
d["InverseToRef"] = v4(Quaternion.InverseToRef(qb, Quaternion()))
d["conjugate"] = [v4(qa.conjugate()), v4(qa.clone().conjugateInPlace()), v4(qa.conjugateToRef(Quaternion()))]
d["invert"] = [v4(Quaternion(1, 2, 3, 4).invert()), v4(Quaternion(1, 2, 3, 4).invertInPlace()), v4(qa.invert())]
d["multiply"] = [v4(qa.multiply(qb)), v4(qb.multiply(qa)), v4(qa.multiplyToRef(qb, Quaternion())), v4(qa.clone().multiplyInPlace(qb)), v4(qa.clone().multiplyByFloats(1, 2, 3, 4))]
d["Dot"] = [Quaternion.Dot(qa, qb), qa.dot(qb)]
d["Normalize"] = [v4(Quaternion.Normalize(Quaternion(1, 2, 3, 4))), v4(Quaternion(1, 2, 3, 4).normalize()), v4(Quaternion(0, 0, 0, 0).normalize()), v4(Quaternion(1, 2, 3, 4).normalizeToNew())]
d["length"] = [Quaternion(1, 2, 3, 4).length(), Quaternion(1, 2, 3, 4).lengthSquared()]
d["arith"] = [v4(v) for v in [qa.add(qb), qa.subtract(qb), qa.scale(3), qa.clone().addInPlace(qb), qa.clone().subtractInPlace(qb), qa.clone().scaleInPlace(0.5), qa.scaleAndAddToRef(2, Quaternion(1, 1, 1, 1)), qa.negate(), qa.clone().negateInPlace(), qa.addToRef(qb, Quaternion()), qa.subtractToRef(qb, Quaternion()), qa.scaleToRef(-1, Quaternion())]]
d["copy"] = [v4(v) for v in [Quaternion().set(1, 2, 3, 4), Quaternion().setAll(0.5), Quaternion().copyFrom(qb), Quaternion().copyFromFloats(4, 3, 2, 1), qa.clone()]]
d["equals"] = [qa.equals(qa.clone()), qa.equals(qb), qa.equalsWithEpsilon(qa.add(Quaternion(0.0005, 0, 0, 0))), qa.isApprox(qa.negate()), qa.isApprox(qb), Quaternion.IsIdentity(Quaternion()), Quaternion.IsIdentity(qa), Quaternion.AreClose(qa, qa.negate()), Quaternion.AreClose(qa, qb)]
axisAngle = qa.toAxisAngle()
d["toAxisAngle"] = [v3(axisAngle.axis), axisAngle.angle]


def _axis_angle_identity() -> list[object]:
    axis = Vector3()
    angle = Quaternion().toAxisAngleToRef(axis)
    return [v3(axis), angle]


d["toAxisAngleIdentity"] = _axis_angle_identity()
d["FromUnitVectors"] = [v4(Quaternion.FromUnitVectorsToRef(Vector3(1, 0, 0), Vector3(0, 1, 0), Quaternion())), v4(Quaternion.FromUnitVectorsToRef(Vector3(1, 0, 0), Vector3(-1, 0, 0), Quaternion())), v4(Quaternion.FromUnitVectorsToRef(Vector3(0, 0, 1), Vector3(0, 0, -1), Quaternion()))]
d["FromLookDirection"] = [v4(Quaternion.FromLookDirectionLH(Vector3(1, 0, 1).normalize(), Vector3.Up())), v4(Quaternion.FromLookDirectionRH(Vector3(1, 0, 1).normalize(), Vector3.Up()))]
d["RotationQuaternionFromAxis"] = v4(Quaternion.RotationQuaternionFromAxis(Vector3(0, 0, -2), Vector3(0, 3, 0), Vector3(1, 0, 0)))
d["Distance"] = [Quaternion.Distance(qa, qb), Quaternion.DistanceSquared(qa, qb)]
d["Center"] = v4(Quaternion.Center(qa, qb))
d["Clamp"] = v4(Quaternion.Clamp(Quaternion(2, -2, 0.5, 0), Quaternion(-1, -1, -1, -1), Quaternion(1, 1, 1, 1)))
d["FromArray"] = [v4(Quaternion.FromArray([1, 2, 3, 4, 5], 1)), v4(Quaternion().fromArray([4, 3, 2, 1]))]
d["asArray"] = qa.asArray()
d["toString"] = [Quaternion().toString(), qa.toString()]
d["getClassName"] = qa.getClassName()
d["getHashCode"] = Quaternion(0.5, 0.25, 1, 2).getHashCode()
doc["quaternion"] = d

# ---------------------------------------------------------------- Matrix
d = {}
qa = Quaternion.FromEulerAngles(0.3, -0.7, 1.1)
qb = Quaternion.FromEulerAngles(-1.2, 0.4, 2.5)
d["constructor"] = mat(Matrix())
d["Identity"] = mat(Matrix.Identity())
d["Zero"] = mat(Matrix.Zero())
d["IdentityReadOnly"] = mat(Matrix.IdentityReadOnly)
vals = [0.1, 1 / 3, 2 / 3, 1e-40, 16777217, -0.7, 1e39, -1e39, 3.14159265358979, 2.5, -0.0, 1e-8, 123456.789, 0.2, 0.3, 1]
rounded = Matrix.FromArray(vals)
d["float32Rounding"] = mat(rounded)
d["float32String"] = rounded.toString()
d["FromArrayOffset"] = mat(Matrix.FromArray([9, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], 1))
d["FromValues"] = mat(Matrix.FromValues(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16))
s = Vector3(-2, 3, 4)
t3 = Vector3(1, -2, 3)
composed = Matrix.Compose(s, qa, t3)
d["Compose"] = mat(composed)
d["ComposeToRef"] = mat(Matrix.ComposeToRef(Vector3(1, 1, 1), qb, Vector3(0, 0, 0), Matrix()))
ds = Vector3()
dq = Quaternion()
dt = Vector3()
d["decomposeOk"] = composed.decompose(ds, dq, dt)
d["decomposed"] = [v3(ds), v4(dq), v3(dt)]
d["recomposed"] = mat(Matrix.Compose(ds, dq, dt))
d["determinant"] = [composed.determinant(), Matrix.Identity().determinant(), Matrix.Compose(Vector3(1, 2, 3), qb, t3).determinant()]
posScale = Matrix.Compose(Vector3(0.5, 2, 1.5), qb, Vector3(7, 8, 9))
ps = Vector3()
pq = Quaternion()
pt = Vector3()
posScale.decompose(ps, pq, pt)
d["decomposePositive"] = [v3(ps), v4(pq), v3(pt)]
negAll = Matrix.Compose(Vector3(-1, -2, -3), qb, Vector3(0, 0, 0))
ns = Vector3()
nq = Quaternion()
d["decomposeNegativeAll"] = [negAll.decompose(ns, nq), v3(ns), v4(nq)]
d["recomposeNegativeAll"] = mat(Matrix.Compose(ns, nq, Vector3.Zero()))
zs = Vector3()
zq = Quaternion(1, 2, 3, 4)
d["decomposeZeroScale"] = [Matrix.Scaling(1, 0, 2).decompose(zs, zq), v3(zs), v4(zq)]
is_ = Vector3(5, 5, 5)
iq = Quaternion(1, 2, 3, 4)
it = Vector3(5, 5, 5)
d["decomposeIdentity"] = [Matrix.Identity().decompose(is_, iq, it), v3(is_), v4(iq), v3(it)]
preserve = SimpleNamespace(scaling=Vector3(-1, 1, 1), absoluteScaling=Vector3(1, 1, -1))
pvs = Vector3()
pvq = Quaternion()
composed.decompose(pvs, pvq, None, preserve)
d["decomposePreserveAbsolute"] = [v3(pvs), v4(pvq)]
composed.decompose(pvs, pvq, None, preserve, False)
d["decomposePreserveLocal"] = [v3(pvs), v4(pvq)]
m1 = Matrix.Compose(Vector3(1, 2, 1), qa, Vector3(3, 0, -1))
m2 = Matrix.RotationYawPitchRoll(0.2, 0.4, -0.6).multiply(Matrix.Translation(-5, 2, 1))
d["multiply"] = [mat(m1.multiply(m2)), mat(m2.multiply(m1)), mat(m1.multiplyToRef(m2, Matrix())), mat(Matrix.Identity().multiply(m1)), mat(m1.multiply(Matrix.Identity()))]


def _multiply_aliased() -> Matrix:
    r = m1.clone()
    r.multiplyToRef(m2, r)
    return r


d["multiplyAliased"] = mat(_multiply_aliased())


def _multiply_to_array() -> list[float | str]:
    arr: list[float] = [0] * 18
    m1.multiplyToArray(m2, arr, 2)
    return nums(arr)


d["multiplyToArray"] = _multiply_to_array()
d["invert"] = [mat(m1.clone().invert()), mat(Matrix.Invert(m2)), mat(m1.invertToRef(Matrix())), mat(Matrix.Identity().invert())]
d["invertRoundTrip"] = mat(m1.multiply(Matrix.Invert(m1)))
singular = Matrix.FromValues(1, 2, 3, 4, 2, 4, 6, 8, 0, 1, 0, 0, 0, 0, 1, 1)
d["singularDeterminant"] = singular.determinant()
d["singularInvert"] = mat(singular.clone().invert())
d["singularInvertToRef"] = mat(singular.invertToRef(Matrix.Translation(9, 9, 9)))
d["scalingSingular"] = mat(Matrix.Invert(Matrix.Scaling(1, 0, 1)))
illConditioned = Matrix.FromValues(1, 0, 0, 0, 0, 1e-6, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)
d["illConditioned"] = [illConditioned.determinant(), mat(Matrix.Invert(illConditioned))]
d["transpose"] = [mat(m1.transpose()), mat(Matrix.Transpose(m2)), mat(m1.transposeToRef(Matrix()))]


def _transpose_aliased() -> Matrix:
    r = m1.clone()
    Matrix.TransposeToRef(r, r)
    return r


d["transposeAliased"] = mat(_transpose_aliased())
d["Translation"] = mat(Matrix.Translation(1.5, -2.5, 3.25))
d["Scaling"] = mat(Matrix.Scaling(2, -3, 0.5))
d["RotationX"] = mat(Matrix.RotationX(0.7))
d["RotationY"] = mat(Matrix.RotationY(-1.3))
d["RotationZ"] = mat(Matrix.RotationZ(2.2))
d["RotationAxis"] = [mat(Matrix.RotationAxis(Vector3(1, 2, 3), 0.9)), mat(Matrix.RotationAxis(Vector3(0, 5, 0), -math.pi / 2))]
d["RotationYawPitchRoll"] = mat(Matrix.RotationYawPitchRoll(0.4, -0.3, 1.2))
d["RotationAlignToRef"] = [mat(Matrix.RotationAlignToRef(Vector3(1, 0, 0), Vector3(0, 1, 0), Matrix())), mat(Matrix.RotationAlignToRef(Vector3(1, 0, 0), Vector3(-1, 0, 0), Matrix())), mat(Matrix.RotationAlignToRef(Vector3(1, 0, 0), Vector3(-1, 0, 0), Matrix(), True))]
d["LookAtLH"] = [mat(Matrix.LookAtLH(Vector3(1, 2, -5), Vector3(0, 0, 0), Vector3.Up())), mat(Matrix.LookAtLH(Vector3(0, 5, 0), Vector3(0, 0, 0), Vector3.Up()))]
d["LookAtRH"] = mat(Matrix.LookAtRH(Vector3(1, 2, -5), Vector3(0, 1, 0), Vector3.Up()))
d["LookDirection"] = [mat(Matrix.LookDirectionLH(Vector3(0, 0, 1), Vector3.Up())), mat(Matrix.LookDirectionRH(Vector3(1, 0, 0), Vector3.Up()))]
d["PerspectiveFovLH"] = [mat(Matrix.PerspectiveFovLH(0.8, 16 / 9, 0.1, 100)), mat(Matrix.PerspectiveFovLH(0.8, 16 / 9, 0.1, 100, True)), mat(Matrix.PerspectiveFovLH(0.8, 16 / 9, 0.1, 0)), mat(Matrix.PerspectiveFovLH(0.8, 16 / 9, 0, 100, False, 0, True))]
d["PerspectiveFovRH"] = mat(Matrix.PerspectiveFovRH(1.2, 1, 0.5, 50))
d["PerspectiveLH"] = mat(Matrix.PerspectiveLH(2, 1, 0.1, 10))
d["OrthoLH"] = [mat(Matrix.OrthoLH(10, 5, 0.1, 100)), mat(Matrix.OrthoLH(2, 2, -1, 1)), mat(Matrix.OrthoLH(4, 4, 0, 1, True))]
d["OrthoOffCenter"] = [mat(Matrix.OrthoOffCenterLH(-1, 3, -2, 2, 0.1, 10)), mat(Matrix.OrthoOffCenterRH(-1, 3, -2, 2, 0.1, 10))]
d["getTranslation"] = v3(m1.getTranslation())
d["getTranslationToRef"] = v3(m2.getTranslationToRef(Vector3()))
d["setTranslation"] = mat(m1.clone().setTranslation(Vector3(0.1, 0.2, 0.3)))
d["setTranslationFromFloats"] = mat(m1.clone().setTranslationFromFloats(7, 8, 9))
d["addTranslationFromFloats"] = mat(m1.clone().addTranslationFromFloats(1, 1, 1))
d["removeRotationAndScaling"] = mat(m1.clone().removeRotationAndScaling())
d["equals"] = [m1.equals(m1.clone()), m1.equals(m2), Matrix.Identity().equals(Matrix.Translation(0, 0, 0)), Matrix.Identity().equals(Matrix.FromValues(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)), m1.equalsWithEpsilon(m1.clone()), m1.equalsWithEpsilon(Matrix.FromArray(m1.toArray()).addAtIndex(3, 1e-7), 1e-6), m1.equalsWithEpsilon(Matrix.FromArray(m1.toArray()).addAtIndex(3, 1e-3), 1e-6)]
d["clone"] = mat(m2.clone())
d["copyFrom"] = mat(Matrix().copyFrom(m1))
d["toArray"] = [nums(m1.toArray()), nums(m1.asArray())]


def _to_array_into() -> list[float | str]:
    arr: list[float] = [-1] * 17
    m2.toArray(arr, 1)
    return nums(arr)


d["toArrayInto"] = _to_array_into()


def _copy_to_array() -> list[float | str]:
    arr: list[float] = [0] * 16
    m2.copyToArray(arr)
    return nums(arr)


d["copyToArray"] = _copy_to_array()
d["Lerp"] = [mat(Matrix.Lerp(m1, m2, g)) for g in [0, 0.25, 0.5, 1, 1.5]]
d["DecomposeLerp"] = [mat(Matrix.DecomposeLerp(composed, posScale, g)) for g in [0, 0.25, 0.5, 1]]
d["DecomposeLerpToRef"] = mat(Matrix.DecomposeLerpToRef(m1, Matrix.Identity(), 0.5, Matrix()))
d["isIdentity"] = [Matrix.Identity().isIdentity(), Matrix().isIdentity(), Matrix.FromValues(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1).isIdentity(), Matrix.Translation(0, 0, 0).isIdentity(), Matrix.RotationX(0).isIdentity(), Matrix.Scaling(1, 1, 1).isIdentity(), m1.isIdentity()]
d["isIdentityAs3x2"] = [Matrix.Identity().isIdentityAs3x2(), Matrix.Translation(1, 0, 0).isIdentityAs3x2(), Matrix().isIdentityAs3x2()]
# Identity flag kept although the storage was written directly: Babylon.js short-cuts on it.
stale = Matrix.Identity()
stale.m[12] = 5
d["staleIdentity"] = [stale.isIdentity(), stale.determinant(), mat(stale.multiply(m1)), mat(m1.multiply(stale)), mat(stale.clone().invert())]
stale.markAsUpdated()
d["staleIdentityRefreshed"] = [stale.isIdentity(), mat(stale.multiply(m1))]
row0 = m1.getRow(0)
row3 = m1.getRow(3)
assert row0 is not None
assert row3 is not None
d["getRow"] = [v4(row0), v4(row3), m1.getRow(4) is None]
d["getRowToRef"] = v4(m1.getRowToRef(2, Vector4()))
d["setRow"] = mat(m1.clone().setRow(1, Vector4(9, 8, 7, 6)))
d["setRowFromFloats"] = mat(m1.clone().setRowFromFloats(3, 1, 2, 3, 4))


def _normal_matrix() -> Matrix:
    r = Matrix()
    m1.toNormalMatrix(r)
    return r


d["toNormalMatrix"] = mat(_normal_matrix())
d["getRotationMatrix"] = [mat(composed.getRotationMatrix()), mat(Matrix.Scaling(0, 1, 1).getRotationMatrix())]
d["elementwise"] = [mat(m1.add(m2)), mat(m1.addToRef(m2, Matrix())), mat(m1.clone().addInPlace(m2)), mat(m1.clone().subtract(m2)), mat(m1.subtractToRef(m2, Matrix())), mat(m1.clone().multiplyInPlace(m2)), mat(m1.scale(0.5)), mat(m1.scaleToRef(2, Matrix())), mat(m1.scaleAndAddToRef(2, Matrix.Identity())), mat(m1.clone().scaleInPlace(-1)), mat(m1.negate()), mat(m1.divide(m2)), mat(m1.clone().setAll(0.1)), mat(Matrix().set(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)), mat(m1.clone().reset())]
d["floorFract"] = [mat(m1.floor()), mat(m1.fract())]
d["getClassName"] = m1.getClassName()
d["toString"] = [Matrix.Identity().toString(), m1.toString()]
d["getHashCode"] = Matrix.FromValues(1.5, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16).getHashCode()
d["GetAsMatrix"] = [nums(Matrix.GetAsMatrix2x2(m1)), nums(Matrix.GetAsMatrix3x3(m1))]


def _from_quaternion() -> Matrix:
    r = Matrix()
    Matrix.FromQuaternionToRef(qb, r)
    return r


d["FromQuaternionToRef"] = mat(_from_quaternion())
d["FromXYZAxesToRef"] = mat(Matrix.FromXYZAxesToRef(Vector3(0.1, 0.2, 0.3), Vector3(1, 0, 0), Vector3(0, 0, 1), Matrix()))
d["toggleHand"] = [mat(m1.clone().toggleModelMatrixHandInPlace()), mat(m1.clone().toggleProjectionMatrixHandInPlace())]
doc["matrix"] = d

# ---------------------------------------------------------------- Color3 / Color4
d = {}
ca = Color3(0.2, 0.4, 0.6)
cb = Color3(1, 0.5, 0.25)
d["defaults"] = [c3(Color3()), c4(Color4())]
d["statics"] = [c3(c) for c in [Color3.Red(), Color3.Green(), Color3.Blue(), Color3.Black(), Color3.White(), Color3.Gray(), Color3.Purple(), Color3.Yellow(), Color3.Magenta(), Color3.Teal(), Color3.BlackReadOnly]]
d["Lerp3"] = [c3(Color3.Lerp(ca, cb, t)) for t in [-0.5, 0, 0.3, 1, 1.5]]


def _lerp_to_ref3() -> list[float | str]:
    r = Color3()
    Color3.LerpToRef(ca, cb, 0.75, r)
    return c3(r)


d["LerpToRef3"] = _lerp_to_ref3()
d["arith3"] = [c3(c) for c in [ca.scale(2), ca.add(cb), ca.subtract(cb), ca.multiply(cb), ca.clone().scaleInPlace(0.5), ca.clone().addInPlace(cb), ca.clone().subtractInPlace(cb), ca.clone().multiplyInPlace(cb), ca.scaleToRef(3, Color3()), ca.scaleAndAddToRef(2, Color3(1, 1, 1)), ca.addToRef(cb, Color3()), ca.subtractToRef(cb, Color3()), ca.multiplyToRef(cb, Color3()), ca.multiplyByFloats(1, 2, 3), ca.subtractFromFloats(1, 1, 1), ca.clone().minimizeInPlace(cb), ca.clone().maximizeInPlace(cb)]]
d["clampToRef3"] = [c3(Color3(1.5, -0.5, 0.5).clampToRef(0, 1, Color3())), c3(Color3(1.5, -0.5, 0.5).clampToRef(0.2, 0.8, Color3()))]
d["toHexString3"] = [ca.toHexString(), cb.toHexString(), Color3(0.998, 0.002, 1).toHexString(), Color3(1.5, -0.002, 0.5).toHexString(), Color3(0.5 / 255, 1.5 / 255, 2.5 / 255).toHexString()]
d["FromHexString3"] = [c3(Color3.FromHexString(h)) for h in ["#FF8000", "#12ab9F", "#12345", "123456", "#GG0000", "#1G2H3I"]]
d["toColor4"] = [c4(ca.toColor4()), c4(ca.toColor4(0.5))]
d["equals3"] = [ca.equals(ca.clone()), ca.equals(cb), ca.equalsFloats(0.2, 0.4, 0.6), ca.equalsWithEpsilon(Color3(0.2005, 0.4, 0.6)), ca.equalsWithEpsilon(Color3(0.21, 0.4, 0.6))]
d["luminance"] = ca.toLuminance()
d["hsv"] = [c3(ca.toHSV()), c3(cb.toHSV()), c3(Color3(0.3, 0.9, 0.1).toHSV()), c3(Color3(0.5, 0.5, 0.5).toHSV()), c3(Color3(0.2, 0.1, 0.3).toHSV())]
d["FromHSV"] = [c3(Color3.FromHSV(0, 1, 1)), c3(Color3.FromHSV(75, 0.5, 0.8)), c3(Color3.FromHSV(200, 0.3, 0.6)), c3(Color3.FromHSV(330, 1, 0.5)), c3(Color3.FromHSV(400, 1, 1))]
d["linearGamma3"] = [c3(c) for c in [ca.toLinearSpace(), ca.toLinearSpace(True), ca.toGammaSpace(), ca.toGammaSpace(True), Color3(0.001, 0.03, 0.002).toLinearSpace(True), Color3(0.001, 0.03, 0.002).toGammaSpace(True)]]
d["FromInts3"] = c3(Color3.FromInts(255, 128, 0))
d["FromArray3"] = c3(Color3.FromArray([0.1, 0.2, 0.3, 0.4], 1))
d["Hermite3"] = c3(Color3.Hermite(ca, Color3(0.1, 0, 0), cb, Color3(0, 0.1, 0), 0.4))
d["Hermite1stDerivative3"] = c3(Color3.Hermite1stDerivative(ca, Color3(0.1, 0, 0), cb, Color3(0, 0.1, 0), 0.4))
d["toString3"] = [ca.toString(), Color3(1, 0, 1 / 3).toString()]
d["getHashCode3"] = [ca.getHashCode(), cb.getHashCode()]
d["getClassName3"] = ca.getClassName()
d["asArray3"] = ca.asArray()
d["copy3"] = [c3(c) for c in [Color3().set(0.1, 0.2, 0.3), Color3().setAll(0.7), Color3().copyFrom(cb), Color3().copyFromFloats(0.3, 0.2, 0.1), Color3().fromArray([0.9, 0.8, 0.7])]]
e = Color4(0.1, 0.2, 0.3, 0.4)
f = Color4(0.9, 0.7, 0.5, 1)
d["Lerp4"] = [c4(Color4.Lerp(e, f, t)) for t in [-0.5, 0, 0.3, 1, 1.5]]
d["LerpToRef4"] = c4(Color4.LerpToRef(e, f, 0.25, Color4()))
d["arith4"] = [c4(c) for c in [e.scale(2), e.add(f), e.subtract(f), e.multiply(f), e.clone().scaleInPlace(0.5), e.clone().addInPlace(f), e.clone().subtractInPlace(f), e.clone().multiplyInPlace(f), e.scaleToRef(3, Color4()), e.scaleAndAddToRef(2, Color4(1, 1, 1, 1)), e.addToRef(f, Color4()), e.subtractToRef(f, Color4()), e.multiplyToRef(f, Color4()), e.multiplyByFloats(1, 2, 3, 4), e.subtractFromFloats(1, 1, 1, 1), e.clone().minimizeInPlace(f), e.clone().maximizeInPlace(f)]]
d["clampToRef4"] = c4(Color4(1.5, -0.5, 0.5, 2).clampToRef(0, 1, Color4()))
d["toHexString4"] = [e.toHexString(), e.toHexString(True), f.toHexString()]
d["FromHexString4"] = [c4(Color4.FromHexString(h)) for h in ["#FF800080", "#FF8000", "#12345", "#abcdef0"]]
d["FromColor3"] = [c4(Color4.FromColor3(ca)), c4(Color4.FromColor3(ca, 0.25))]
d["equals4"] = [e.equals(e.clone()), e.equals(f), e.equalsWithEpsilon(Color4(0.1, 0.2, 0.3, 0.4005)), e.equalsToFloats(0.1, 0.2, 0.3, 0.4)]
d["linearGamma4"] = [c4(c) for c in [e.toLinearSpace(), e.toGammaSpace(True)]]
d["FromInts4"] = c4(Color4.FromInts(255, 128, 0, 64))
d["FromArray4"] = c4(Color4.FromArray([0.1, 0.2, 0.3, 0.4, 0.5], 1))
d["Hermite4"] = c4(Color4.Hermite(e, Color4(0.1, 0, 0, 0), f, Color4(0, 0.1, 0, 0.2), 0.6))
d["toString4"] = e.toString()
d["getHashCode4"] = e.getHashCode()
d["CheckColors4"] = list(Color4.CheckColors4([0.1, 0.2, 0.3, 0.4, 0.5, 0.6], 2))
d["copy4"] = [c4(c) for c in [Color4().set(0.1, 0.2, 0.3, 0.4), Color4().setAll(0.7), Color4().copyFrom(f), Color4().copyFromFloats(0.3, 0.2, 0.1, 0), Color4().fromArray([0.9, 0.8, 0.7, 0.6]), e.clone()]]
doc["color"] = d

# ---------------------------------------------------------------- Size
d = {}
sa = Size(4, 3)
sb = Size(-1.5, 2.5)
d["add"] = sz(sa.add(sb))
d["subtract"] = sz(sa.subtract(sb))
d["scale"] = sz(sa.scale(1.5))
d["multiplyByFloats"] = sz(sa.multiplyByFloats(2, 0.5))
d["Lerp"] = [sz(Size.Lerp(sa, sb, t)) for t in [-1, 0, 0.4, 1, 2]]
d["clone"] = sz(sa.clone())
d["equals"] = [sa.equals(sa.clone()), sa.equals(sb)]
d["surface"] = sa.surface
d["Zero"] = sz(Size.Zero())
d["set"] = sz(Size(0, 0).set(5, 6))


def _size_copy_from() -> list[float | str]:
    r = Size(0, 0)
    r.copyFrom(sb)
    return sz(r)


d["copyFrom"] = _size_copy_from()
d["toString"] = [sa.toString(), sb.toString()]
d["getClassName"] = sa.getClassName()
d["getHashCode"] = [sa.getHashCode(), sb.getHashCode()]
doc["size"] = d

# ---------------------------------------------------------------- Scalar
d = {}
d["Lerp"] = [Scalar.Lerp(2, 10, 0.25), Scalar.Lerp(2, 10, -1)]
d["LerpAngle"] = [Scalar.LerpAngle(350, 10, 0.5), Scalar.LerpAngle(10, 350, 0.25), Scalar.LerpAngle(0, 90, 2)]
d["InverseLerp"] = [Scalar.InverseLerp(2, 10, 4), Scalar.InverseLerp(2, 10, 20), Scalar.InverseLerp(5, 5, 1)]
d["Hermite"] = [Scalar.Hermite(1, 2, 3, -1, t) for t in [0, 0.3, 1]]
d["Hermite1stDerivative"] = Scalar.Hermite1stDerivative(1, 2, 3, -1, 0.3)
d["Clamp"] = [Scalar.Clamp(1.5), Scalar.Clamp(-2, -1, 1), Scalar.Clamp(0.5, 0, 0.25), enc(Scalar.Clamp(math.nan))]
d["NormalizeRadians"] = [Scalar.NormalizeRadians(7), Scalar.NormalizeRadians(-4), Scalar.NormalizeRadians(math.pi)]
d["ToHex"] = [Scalar.ToHex(255), Scalar.ToHex(5), Scalar.ToHex(300)]
d["ILog2"] = [Scalar.ILog2(1000), Scalar.ILog2(0.3), enc(Scalar.ILog2(0))]
d["Repeat"] = [Scalar.Repeat(-1, 3), Scalar.Repeat(7.5, 2)]
d["Normalize"] = [Scalar.Normalize(5, 0, 20), Scalar.Denormalize(0.25, 0, 20)]
d["DeltaAngle"] = [Scalar.DeltaAngle(10, 350), Scalar.DeltaAngle(350, 10), Scalar.DeltaAngle(0, 180)]
d["PingPong"] = [Scalar.PingPong(2.5, 2), Scalar.PingPong(5, 2)]
d["SmoothStep"] = [Scalar.SmoothStep(0, 10, 0.3), Scalar.SmoothStep(0, 10, 1.3)]
d["MoveTowards"] = [Scalar.MoveTowards(0, 10, 3), Scalar.MoveTowards(0, 2, 3), Scalar.MoveTowards(5, -5, 1)]
d["MoveTowardsAngle"] = [Scalar.MoveTowardsAngle(350, 10, 5), Scalar.MoveTowardsAngle(0, 90, 100)]
d["RangeToPercent"] = [Scalar.RangeToPercent(5, 0, 20), Scalar.PercentToRange(0.5, 10, 20)]
d["HCF"] = [Scalar.HighestCommonFactor(48, 18), Scalar.HCF(17, 5)]
d["WithinEpsilon"] = [Scalar.WithinEpsilon(1, 1.0001, 0.001), Scalar.WithinEpsilon(1, 1.1, 0.001), Scalar.OutsideRange(1.5, 0, 1), Scalar.OutsideRange(0.5, 0, 1)]
d["TwoPi"] = Scalar.TwoPi
d["Sign"] = [Scalar.Sign(-3), Scalar.Sign(0), Scalar.Sign(2)]
d["Log2"] = Scalar.Log2(8)
d["ExtractAsInt"] = [Scalar.ExtractAsInt(12.5), Scalar.ExtractAsInt(-0.25)]
doc["scalar"] = d

# fmt: on
print(json.dumps(doc))
