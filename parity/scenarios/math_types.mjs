// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 math types: Vector2/3/4, Quaternion, Matrix (float32 storage), Color3/4, Size
// and Scalar, member by member, on varied inputs and edges: Slerp at identical, near-parallel,
// just-below-threshold, orthogonal, opposite-hemisphere and opposite quaternions (several
// amounts, including outside [0, 1]); gimbal-lock Euler angles; singular matrix invert;
// Compose/decompose round trips with negative scale; float32 rounding of matrix writes;
// toString/toHexString formatting; Infinity/NaN from divisions by zero.
import {
    Color3,
    Color4,
    Matrix,
    Quaternion,
    Scalar,
    Size,
    Vector2,
    Vector3,
    Vector4,
} from "@babylonjs/core";

function enc(x) {
    if (Number.isNaN(x)) return "NaN";
    if (x === Infinity) return "Infinity";
    if (x === -Infinity) return "-Infinity";
    return x;
}
const v2 = (v) => [enc(v.x), enc(v.y)];
const v3 = (v) => [enc(v.x), enc(v.y), enc(v.z)];
const v4 = (v) => [enc(v.x), enc(v.y), enc(v.z), enc(v.w)];
const c3 = (c) => [enc(c.r), enc(c.g), enc(c.b)];
const c4 = (c) => [enc(c.r), enc(c.g), enc(c.b), enc(c.a)];
const sz = (s) => [enc(s.width), enc(s.height)];
const mat = (m) => Array.from(m.m, enc);
const nums = (a) => Array.from(a, enc);

const doc = {};

// ---------------------------------------------------------------- Vector2
{
    const a = new Vector2(1.5, -2.25);
    const b = new Vector2(-0.5, 4);
    const d = {};
    d.defaults = v2(new Vector2());
    d.set = v2(new Vector2().set(3, 4));
    d.setAll = v2(new Vector2().setAll(-7));
    d.copyFrom = v2(new Vector2().copyFrom(a));
    d.copyFromFloats = v2(new Vector2().copyFromFloats(0.1, 0.2));
    d.clone = v2(a.clone());
    d.equals = [a.equals(a.clone()), a.equals(b)];
    d.equalsWithEpsilon = [a.equalsWithEpsilon(new Vector2(1.5009, -2.2491)), a.equalsWithEpsilon(new Vector2(1.502, -2.25)), a.equalsWithEpsilon(new Vector2(1.6, -2.25), 0.2)];
    d.add = v2(a.add(b));
    d.addInPlace = v2(a.clone().addInPlace(b));
    d.addToRef = v2(a.addToRef(b, new Vector2()));
    d.subtract = v2(a.subtract(b));
    d.subtractInPlace = v2(a.clone().subtractInPlace(b));
    d.subtractToRef = v2(a.subtractToRef(b, new Vector2()));
    d.scale = v2(a.scale(-3));
    d.scaleInPlace = v2(a.clone().scaleInPlace(0.5));
    d.scaleToRef = v2(a.scaleToRef(2, new Vector2()));
    d.scaleAndAddToRef = v2(a.scaleAndAddToRef(2, new Vector2(1, 1)));
    d.multiply = v2(a.multiply(b));
    d.multiplyInPlace = v2(a.clone().multiplyInPlace(b));
    d.multiplyToRef = v2(a.multiplyToRef(b, new Vector2()));
    d.divide = v2(a.divide(b));
    d.divideByZero = v2(a.divide(new Vector2(0, 0)));
    d.negate = v2(a.negate());
    d.length = [a.length(), a.lengthSquared(), new Vector2().length()];
    d.normalize = v2(a.clone().normalize());
    d.normalizeZero = v2(new Vector2().normalize());
    d.normalizeToNew = v2(b.normalizeToNew());
    d.dot = [a.dot(b), Vector2.Dot(a, b)];
    d.asArray = a.asArray();
    d.toArray = (() => { const arr = [9, 9, 9, 9]; a.toArray(arr, 1); return arr; })();
    d.fromArray = v2(new Vector2().fromArray([5, 6, 7], 1));
    d.FromArray = v2(Vector2.FromArray([5, 6, 7]));
    d.toString = [a.toString(), new Vector2(1 / 3, 1e21).toString(), new Vector2(1e-7, -0.000001).toString()];
    d.getClassName = a.getClassName();
    d.getHashCode = [a.getHashCode(), new Vector2(0.1, 123.456).getHashCode()];
    d.Zero = v2(Vector2.Zero());
    d.One = v2(Vector2.One());
    d.Lerp = [-0.5, 0, 0.3, 1, 2].map((t) => v2(Vector2.Lerp(a, b, t)));
    d.LerpToRef = v2(Vector2.LerpToRef(a, b, 0.75, new Vector2()));
    d.Hermite = [0, 0.25, 0.5, 1].map((t) => v2(Vector2.Hermite(a, new Vector2(1, 0), b, new Vector2(0, -2), t)));
    d.Hermite1stDerivative = v2(Vector2.Hermite1stDerivative(a, new Vector2(1, 0), b, new Vector2(0, -2), 0.4));
    d.CatmullRom = v2(Vector2.CatmullRom(a, b, new Vector2(2, 2), new Vector2(3, -1), 0.6));
    d.Distance = [Vector2.Distance(a, b), Vector2.DistanceSquared(a, b)];
    d.Minimize = v2(Vector2.Minimize(a, b));
    d.Maximize = v2(Vector2.Maximize(a, b));
    d.Clamp = v2(Vector2.Clamp(new Vector2(5, -5), new Vector2(-1, -1), new Vector2(1, 1)));
    d.Center = v2(Vector2.Center(a, b));
    d.rotate = v2(a.rotate(0.7));
    d.floor = v2(a.floor());
    d.fract = v2(a.fract());
    d.Transform = v2(Vector2.Transform(a, Matrix.RotationZ(0.5).multiply(Matrix.Translation(1, 2, 3))));
    d.PointInTriangle = [Vector2.PointInTriangle(new Vector2(0.2, 0.2), new Vector2(0, 0), new Vector2(1, 0), new Vector2(0, 1)), Vector2.PointInTriangle(new Vector2(1, 1), new Vector2(0, 0), new Vector2(1, 0), new Vector2(0, 1))];
    d.DistanceOfPointFromSegment = [Vector2.DistanceOfPointFromSegment(new Vector2(2, 3), new Vector2(0, 0), new Vector2(4, 0)), Vector2.DistanceOfPointFromSegment(new Vector2(-2, 1), new Vector2(0, 0), new Vector2(4, 0))];
    d.minMaxInPlace = [v2(a.clone().minimizeInPlace(b)), v2(a.clone().maximizeInPlace(b))];
    d.ZeroReadOnly = v2(Vector2.ZeroReadOnly);
    doc.vector2 = d;
}

// ---------------------------------------------------------------- Vector3
{
    const a = new Vector3(1, -2, 3.5);
    const b = new Vector3(-4, 0.5, 2);
    const d = {};
    d.defaults = v3(new Vector3());
    d.set = v3(new Vector3().set(1, 2, 3));
    d.setAll = v3(new Vector3().setAll(0.25));
    d.copyFrom = v3(new Vector3().copyFrom(b));
    d.copyFromFloats = v3(new Vector3().copyFromFloats(7, 8, 9));
    d.clone = v3(a.clone());
    d.equals = [a.equals(a.clone()), a.equals(b), a.equalsToFloats(1, -2, 3.5)];
    d.equalsWithEpsilon = [a.equalsWithEpsilon(new Vector3(1.0005, -2, 3.5)), a.equalsWithEpsilon(new Vector3(1.002, -2, 3.5)), a.equalsWithEpsilon(new Vector3(1.1, -2, 3.5), 0.2)];
    d.add = v3(a.add(b));
    d.addInPlace = v3(a.clone().addInPlace(b));
    d.addToRef = v3(a.addToRef(b, new Vector3()));
    d.addInPlaceFromFloats = v3(a.clone().addInPlaceFromFloats(1, 1, 1));
    d.subtract = v3(a.subtract(b));
    d.subtractInPlace = v3(a.clone().subtractInPlace(b));
    d.subtractToRef = v3(a.subtractToRef(b, new Vector3()));
    d.subtractFromFloats = v3(a.subtractFromFloats(1, 1, 1));
    d.scale = v3(a.scale(0.3));
    d.scaleInPlace = v3(a.clone().scaleInPlace(-2));
    d.scaleToRef = v3(a.scaleToRef(1.5, new Vector3()));
    d.scaleAndAddToRef = v3(a.scaleAndAddToRef(0.5, new Vector3(1, 2, 3)));
    d.multiply = v3(a.multiply(b));
    d.multiplyInPlace = v3(a.clone().multiplyInPlace(b));
    d.multiplyToRef = v3(a.multiplyToRef(b, new Vector3()));
    d.multiplyByFloats = v3(a.multiplyByFloats(2, 3, 4));
    d.divide = v3(a.divide(b));
    d.divideByZero = v3(new Vector3(1, -1, 0).divide(new Vector3(0, 0, 0)));
    d.negate = v3(a.negate());
    d.negateInPlace = v3(a.clone().negateInPlace());
    d.negateToRef = v3(a.negateToRef(new Vector3()));
    d.length = [a.length(), a.lengthSquared()];
    d.normalize = v3(a.clone().normalize());
    d.normalizeZero = v3(Vector3.Zero().normalize());
    d.normalizeToNew = v3(b.normalizeToNew());
    d.normalizeToRef = v3(b.normalizeToRef(new Vector3()));
    d.Normalize = v3(Vector3.Normalize(a));
    d.dot = [a.dot(b), Vector3.Dot(a, b)];
    d.cross = v3(a.cross(b));
    d.Cross = v3(Vector3.Cross(a, b));
    d.CrossToRefAliased = v3((() => { const r = a.clone(); Vector3.CrossToRef(r, b, r); return r; })());
    d.asArray = a.asArray();
    d.toArray = (() => { const arr = [0, 0, 0, 0, 0]; a.toArray(arr, 2); return arr; })();
    d.fromArray = v3(new Vector3().fromArray([1, 2, 3, 4, 5], 2));
    d.FromArray = v3(Vector3.FromArray([0.5, 1.5, 2.5, 3.5], 1));
    d.toString = [a.toString(), new Vector3(0.1 + 0.2, -1e-7, 123456789012).toString()];
    d.getClassName = a.getClassName();
    d.getHashCode = [a.getHashCode(), new Vector3(0.5, -0.25, 10).getHashCode()];
    d.statics = [Vector3.Zero(), Vector3.One(), Vector3.Up(), Vector3.Down(), Vector3.Forward(), Vector3.Forward(true), Vector3.Backward(), Vector3.Backward(true), Vector3.Right(), Vector3.Left()].map(v3);
    d.readOnly = [Vector3.UpReadOnly, Vector3.DownReadOnly, Vector3.RightReadOnly, Vector3.LeftReadOnly, Vector3.LeftHandedForwardReadOnly, Vector3.RightHandedForwardReadOnly, Vector3.LeftHandedBackwardReadOnly, Vector3.RightHandedBackwardReadOnly, Vector3.ZeroReadOnly, Vector3.OneReadOnly].map(v3);
    d.Lerp = [-0.5, 0, 0.25, 1, 1.5].map((t) => v3(Vector3.Lerp(a, b, t)));
    d.LerpToRef = v3(Vector3.LerpToRef(a, b, 0.6, new Vector3()));
    d.Hermite = [0, 0.2, 0.5, 0.8, 1].map((t) => v3(Vector3.Hermite(a, new Vector3(1, 1, 0), b, new Vector3(0, -1, 2), t)));
    d.Hermite1stDerivative = v3(Vector3.Hermite1stDerivative(a, new Vector3(1, 1, 0), b, new Vector3(0, -1, 2), 0.3));
    d.CatmullRom = v3(Vector3.CatmullRom(a, b, new Vector3(0, 0, 0), new Vector3(1, 1, 1), 0.4));
    d.Distance = [Vector3.Distance(a, b), Vector3.DistanceSquared(a, b)];
    d.Minimize = v3(Vector3.Minimize(a, b));
    d.Maximize = v3(Vector3.Maximize(a, b));
    d.Clamp = v3(Vector3.Clamp(new Vector3(5, -5, 0.5), new Vector3(-1, -1, -1), new Vector3(1, 1, 1)));
    d.Center = v3(Vector3.Center(a, b));
    d.CheckExtends = (() => { const lo = new Vector3(0, 0, 0); const hi = new Vector3(0, 0, 0); Vector3.CheckExtends(a, lo, hi); Vector3.CheckExtends(b, lo, hi); return [v3(lo), v3(hi)]; })();
    d.floor = v3(a.scale(0.7).floor());
    d.fract = v3(a.scale(0.7).fract());
    d.isNonUniform = [a.isNonUniform, new Vector3(2, -2, 2).isNonUniform, new Vector3(1, 1.0001, 1).isNonUniformWithinEpsilon(0.001)];
    d.hasAZeroComponent = [a.hasAZeroComponent, new Vector3(1, 0, 2).hasAZeroComponent];
    d.reorderInPlace = v3(a.clone().reorderInPlace("ZxY"));
    d.getNormalToRef = v3(a.getNormalToRef(new Vector3()));
    d.SlerpVec = [0, 0.3, 0.7, 1].map((t) => v3((() => { const r = new Vector3(); Vector3.SlerpToRef(a, b, t, r); return r; })()));
    d.SlerpVecParallel = v3((() => { const r = new Vector3(); Vector3.SlerpToRef(a, a.scale(2), 0.5, r); return r; })());
    d.SmoothToRef = v3((() => { const r = new Vector3(); Vector3.SmoothToRef(a, b, 0.1, 0.4, r); return r; })());
    d.GetAngleBetweenVectors = [Vector3.GetAngleBetweenVectors(a, b, Vector3.Up()), Vector3.GetAngleBetweenVectors(a, b, Vector3.Down())];
    d.GetAngleBetweenVectorsOnPlane = Vector3.GetAngleBetweenVectorsOnPlane(a, b, Vector3.Up());
    d.PitchYawRollToMoveBetweenPoints = [v3(Vector3.PitchYawRollToMoveBetweenPoints(a, b)), v3(Vector3.PitchYawRollToMoveBetweenPoints(a, a))];
    d.GetClipFactor = Vector3.GetClipFactor(a, b, Vector3.Right(), 0.5);
    d.Reflect = v3(Vector3.Reflect(a, Vector3.Up()));
    d.toQuaternion = v4(new Vector3(0.3, -0.7, 1.1).toQuaternion());
    d.RotationFromAxis = v3(Vector3.RotationFromAxis(new Vector3(0, 0, -1), new Vector3(0, 1, 0), new Vector3(1, 0, 0)));
    const q = Quaternion.RotationYawPitchRoll(0.4, -0.3, 1.2);
    d.applyRotationQuaternion = v3(a.applyRotationQuaternion(q));
    d.applyRotationQuaternionInPlace = v3(a.clone().applyRotationQuaternionInPlace(q));
    d.rotateByQuaternionToRef = v3(a.rotateByQuaternionToRef(q, new Vector3()));
    d.rotateByQuaternionAroundPointToRef = v3(a.rotateByQuaternionAroundPointToRef(q, new Vector3(1, 1, 1), new Vector3()));
    const world = Matrix.Compose(new Vector3(2, 1, 0.5), q, new Vector3(10, -5, 3));
    d.TransformCoordinates = v3(Vector3.TransformCoordinates(a, world));
    d.TransformCoordinatesToRef = v3(Vector3.TransformCoordinatesToRef(b, world, new Vector3()));
    d.TransformCoordinatesFromFloatsToRef = v3(Vector3.TransformCoordinatesFromFloatsToRef(0.1, 0.2, 0.3, world, new Vector3()));
    const proj = Matrix.PerspectiveFovLH(0.8, 1.5, 0.1, 100);
    d.TransformCoordinatesPerspective = v3(Vector3.TransformCoordinates(new Vector3(1, 2, 10), proj));
    d.TransformCoordinatesWZero = v3(Vector3.TransformCoordinates(new Vector3(1, 0, 0), proj));
    d.TransformNormal = v3(Vector3.TransformNormal(a, world));
    d.TransformNormalToRef = v3(Vector3.TransformNormalToRef(b, world, new Vector3()));
    d.minMaxInPlaceFromFloats = [v3(a.clone().minimizeInPlaceFromFloats(0, 0, 10)), v3(a.clone().maximizeInPlaceFromFloats(0, 0, 10))];
    doc.vector3 = d;
}

// ---------------------------------------------------------------- Vector4
{
    const a = new Vector4(1, -2, 3, -4);
    const b = new Vector4(0.5, 0.25, -1, 2);
    const d = {};
    d.defaults = v4(new Vector4());
    d.basic = [a.add(b), a.subtract(b), a.multiply(b), a.divide(b), a.scale(1.5), a.negate(), a.clone().normalize(), b.normalizeToNew(), a.clone().addInPlace(b), a.clone().subtractInPlace(b), a.clone().multiplyInPlace(b), a.clone().scaleInPlace(-1), a.scaleAndAddToRef(2, new Vector4(1, 1, 1, 1)), a.clone().setAll(3), new Vector4().set(1, 2, 3, 4), new Vector4().copyFrom(b), new Vector4().copyFromFloats(4, 3, 2, 1)].map(v4);
    d.length = [a.length(), a.lengthSquared(), a.dot(b), Vector4.Dot(a, b), Vector4.Distance(a, b), Vector4.DistanceSquared(a, b)];
    d.equals = [a.equals(a.clone()), a.equals(b), a.equalsWithEpsilon(new Vector4(1.0001, -2, 3, -4)), a.equalsToFloats(1, -2, 3, -4)];
    d.statics = [Vector4.Zero(), Vector4.One(), Vector4.Minimize(a, b), Vector4.Maximize(a, b), Vector4.Center(a, b), Vector4.Normalize(b), Vector4.Clamp(a, new Vector4(-1, -1, -1, -1), new Vector4(1, 1, 1, 1)), Vector4.FromArray([9, 8, 7, 6, 5], 1), Vector4.FromVector3(new Vector3(1, 2, 3), 7), Vector4.ZeroReadOnly].map(v4);
    const m = Matrix.Compose(new Vector3(1, 2, 3), Quaternion.RotationYawPitchRoll(0.1, 0.2, 0.3), new Vector3(4, 5, 6));
    d.Transform = [Vector4.TransformCoordinates(new Vector3(1, 1, 1), m), Vector4.TransformNormal(a, m)].map(v4);
    d.toVector3 = v3(a.toVector3());
    d.toString = a.toString();
    d.asArray = a.asArray();
    d.toArray = (() => { const arr = [0, 0, 0, 0]; b.toArray(arr); return arr; })();
    d.floorFract = [v4(a.scale(0.3).floor()), v4(a.scale(0.3).fract())];
    doc.vector4 = d;
}

// ---------------------------------------------------------------- Quaternion
{
    const d = {};
    const qa = Quaternion.FromEulerAngles(0.3, -0.7, 1.1);
    const qb = Quaternion.FromEulerAngles(-1.2, 0.4, 2.5);
    const amounts = [-0.25, 0, 0.1, 0.5, 0.9, 1, 1.25];
    const slerpAll = (l, r) => amounts.map((t) => v4(Quaternion.Slerp(l, r, t)));
    d.defaults = v4(new Quaternion());
    d.Identity = v4(Quaternion.Identity());
    d.Zero = v4(Quaternion.Zero());
    d.qa = v4(qa);
    d.qb = v4(qb);
    d.dotAB = Quaternion.Dot(qa, qb);
    d.slerpGeneric = slerpAll(qa, qb);
    d.slerpIdentical = slerpAll(qa, qa.clone());
    const tiny = Quaternion.RotationAxis(new Vector3(1, 2, 3), 0.002);
    const qTiny = qa.multiply(tiny);
    d.dotTiny = Quaternion.Dot(qa, qTiny);
    d.slerpNearParallel = slerpAll(qa, qTiny);
    const small = Quaternion.RotationAxis(new Vector3(1, 2, 3), 0.01);
    const qSmall = qa.multiply(small);
    d.dotSmall = Quaternion.Dot(qa, qSmall);
    d.slerpJustBelowThreshold = slerpAll(qa, qSmall);
    d.slerpNonUnitParallel = slerpAll(qa, qa.scale(2));
    d.slerpOrthogonal = slerpAll(new Quaternion(0, 0, 0, 1), new Quaternion(1, 0, 0, 0));
    d.slerpOppositeHemisphere = slerpAll(qa, qb.negate());
    d.dotOppositeHemisphere = Quaternion.Dot(qa, qb.negate());
    d.slerpNearOpposite = slerpAll(qa, qTiny.negate());
    d.slerpExactOpposite = slerpAll(qa, qa.negate());
    d.SlerpToRef = v4(Quaternion.SlerpToRef(qa, qb, 0.3, new Quaternion()));
    d.SmoothToRef = v4(Quaternion.SmoothToRef(qa, qb, 0.5, 2, new Quaternion()));
    d.Hermite = [0, 0.3, 0.6, 1].map((t) => v4(Quaternion.Hermite(qa, new Quaternion(0.1, 0, 0, 0), qb, new Quaternion(0, 0.2, 0, -0.1), t)));
    d.Hermite1stDerivative = v4(Quaternion.Hermite1stDerivative(qa, new Quaternion(0.1, 0, 0, 0), qb, new Quaternion(0, 0.2, 0, -0.1), 0.45));
    const eulers = [[0, 0, 0], [0.3, -0.7, 1.1], [Math.PI / 2, 0.3, 0], [-Math.PI / 2, 0.3, 0.2], [Math.PI / 2 - 0.001, 0.5, -0.4], [Math.PI / 2 - 0.01, 0.5, -0.4], [3, 2, -2.5], [-0.2, Math.PI, 0.1]];
    d.FromEulerAngles = eulers.map((e) => v4(Quaternion.FromEulerAngles(e[0], e[1], e[2])));
    d.toEulerAngles = eulers.map((e) => v3(Quaternion.FromEulerAngles(e[0], e[1], e[2]).toEulerAngles()));
    d.toEulerAnglesNonUnit = v3(new Quaternion(1, 2, 3, 4).toEulerAngles());
    d.FromEulerVector = v4(Quaternion.FromEulerVector(new Vector3(0.1, 0.2, 0.3)));
    d.FromEulerAnglesToRef = v4(Quaternion.FromEulerAnglesToRef(0.4, 0.5, 0.6, new Quaternion()));
    d.RotationYawPitchRoll = v4(Quaternion.RotationYawPitchRoll(0.4, -0.3, 1.2));
    d.RotationAxis = [v4(Quaternion.RotationAxis(new Vector3(0, 1, 0), Math.PI / 3)), v4(Quaternion.RotationAxis(new Vector3(2, 0, 0), 1)), v4(Quaternion.RotationAxis(new Vector3(1, -1, 2), -2.5)), v4(Quaternion.RotationAxis(new Vector3(0, 0, 0), 1))];
    d.RotationAlphaBetaGamma = v4(Quaternion.RotationAlphaBetaGamma(0.3, 0.6, 0.9));
    d.toAlphaBetaGammaToRef = v3(qa.toAlphaBetaGammaToRef(new Vector3()));
    const rotMats = [Matrix.RotationYawPitchRoll(0.4, -0.3, 1.2), Matrix.RotationX(3), Matrix.RotationY(3), Matrix.RotationZ(3), Matrix.RotationAxis(new Vector3(1, 1, 0), Math.PI)];
    d.FromRotationMatrix = rotMats.map((m) => v4(Quaternion.FromRotationMatrix(m)));
    d.fromRotationMatrix = v4(new Quaternion().fromRotationMatrix(rotMats[0]));
    d.toRotationMatrix = mat(qa.toRotationMatrix(new Matrix()));
    d.Inverse = v4(Quaternion.Inverse(qa));
    d.InverseToRef = v4(Quaternion.InverseToRef(qb, new Quaternion()));
    d.conjugate = [v4(qa.conjugate()), v4(qa.clone().conjugateInPlace()), v4(qa.conjugateToRef(new Quaternion()))];
    d.invert = [v4(new Quaternion(1, 2, 3, 4).invert()), v4(new Quaternion(1, 2, 3, 4).invertInPlace()), v4(qa.invert())];
    d.multiply = [v4(qa.multiply(qb)), v4(qb.multiply(qa)), v4(qa.multiplyToRef(qb, new Quaternion())), v4(qa.clone().multiplyInPlace(qb)), v4(qa.clone().multiplyByFloats(1, 2, 3, 4))];
    d.Dot = [Quaternion.Dot(qa, qb), qa.dot(qb)];
    d.Normalize = [v4(Quaternion.Normalize(new Quaternion(1, 2, 3, 4))), v4(new Quaternion(1, 2, 3, 4).normalize()), v4(new Quaternion(0, 0, 0, 0).normalize()), v4(new Quaternion(1, 2, 3, 4).normalizeToNew())];
    d.length = [new Quaternion(1, 2, 3, 4).length(), new Quaternion(1, 2, 3, 4).lengthSquared()];
    d.arith = [qa.add(qb), qa.subtract(qb), qa.scale(3), qa.clone().addInPlace(qb), qa.clone().subtractInPlace(qb), qa.clone().scaleInPlace(0.5), qa.scaleAndAddToRef(2, new Quaternion(1, 1, 1, 1)), qa.negate(), qa.clone().negateInPlace(), qa.addToRef(qb, new Quaternion()), qa.subtractToRef(qb, new Quaternion()), qa.scaleToRef(-1, new Quaternion())].map(v4);
    d.copy = [new Quaternion().set(1, 2, 3, 4), new Quaternion().setAll(0.5), new Quaternion().copyFrom(qb), new Quaternion().copyFromFloats(4, 3, 2, 1), qa.clone()].map(v4);
    d.equals = [qa.equals(qa.clone()), qa.equals(qb), qa.equalsWithEpsilon(qa.add(new Quaternion(0.0005, 0, 0, 0))), qa.isApprox(qa.negate()), qa.isApprox(qb), Quaternion.IsIdentity(new Quaternion()), Quaternion.IsIdentity(qa), Quaternion.AreClose(qa, qa.negate()), Quaternion.AreClose(qa, qb)];
    const axisAngle = qa.toAxisAngle();
    d.toAxisAngle = [v3(axisAngle.axis), axisAngle.angle];
    d.toAxisAngleIdentity = (() => { const axis = new Vector3(); const angle = new Quaternion().toAxisAngleToRef(axis); return [v3(axis), angle]; })();
    d.FromUnitVectors = [v4(Quaternion.FromUnitVectorsToRef(new Vector3(1, 0, 0), new Vector3(0, 1, 0), new Quaternion())), v4(Quaternion.FromUnitVectorsToRef(new Vector3(1, 0, 0), new Vector3(-1, 0, 0), new Quaternion())), v4(Quaternion.FromUnitVectorsToRef(new Vector3(0, 0, 1), new Vector3(0, 0, -1), new Quaternion()))];
    d.FromLookDirection = [v4(Quaternion.FromLookDirectionLH(new Vector3(1, 0, 1).normalize(), Vector3.Up())), v4(Quaternion.FromLookDirectionRH(new Vector3(1, 0, 1).normalize(), Vector3.Up()))];
    d.RotationQuaternionFromAxis = v4(Quaternion.RotationQuaternionFromAxis(new Vector3(0, 0, -2), new Vector3(0, 3, 0), new Vector3(1, 0, 0)));
    d.Distance = [Quaternion.Distance(qa, qb), Quaternion.DistanceSquared(qa, qb)];
    d.Center = v4(Quaternion.Center(qa, qb));
    d.Clamp = v4(Quaternion.Clamp(new Quaternion(2, -2, 0.5, 0), new Quaternion(-1, -1, -1, -1), new Quaternion(1, 1, 1, 1)));
    d.FromArray = [v4(Quaternion.FromArray([1, 2, 3, 4, 5], 1)), v4(new Quaternion().fromArray([4, 3, 2, 1]))];
    d.asArray = qa.asArray();
    d.toString = [new Quaternion().toString(), qa.toString()];
    d.getClassName = qa.getClassName();
    d.getHashCode = new Quaternion(0.5, 0.25, 1, 2).getHashCode();
    doc.quaternion = d;
}

// ---------------------------------------------------------------- Matrix
{
    const d = {};
    const qa = Quaternion.FromEulerAngles(0.3, -0.7, 1.1);
    const qb = Quaternion.FromEulerAngles(-1.2, 0.4, 2.5);
    d.constructor = mat(new Matrix());
    d.Identity = mat(Matrix.Identity());
    d.Zero = mat(Matrix.Zero());
    d.IdentityReadOnly = mat(Matrix.IdentityReadOnly);
    const vals = [0.1, 1 / 3, 2 / 3, 1e-40, 16777217, -0.7, 1e39, -1e39, 3.14159265358979, 2.5, -0, 1e-8, 123456.789, 0.2, 0.3, 1];
    const rounded = Matrix.FromArray(vals);
    d.float32Rounding = mat(rounded);
    d.float32String = rounded.toString();
    d.FromArrayOffset = mat(Matrix.FromArray([9, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16], 1));
    d.FromValues = mat(Matrix.FromValues(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16));
    const s = new Vector3(-2, 3, 4);
    const t = new Vector3(1, -2, 3);
    const composed = Matrix.Compose(s, qa, t);
    d.Compose = mat(composed);
    d.ComposeToRef = mat(Matrix.ComposeToRef(new Vector3(1, 1, 1), qb, new Vector3(0, 0, 0), new Matrix()));
    const ds = new Vector3();
    const dq = new Quaternion();
    const dt = new Vector3();
    d.decomposeOk = composed.decompose(ds, dq, dt);
    d.decomposed = [v3(ds), v4(dq), v3(dt)];
    d.recomposed = mat(Matrix.Compose(ds, dq, dt));
    d.determinant = [composed.determinant(), Matrix.Identity().determinant(), Matrix.Compose(new Vector3(1, 2, 3), qb, t).determinant()];
    const posScale = Matrix.Compose(new Vector3(0.5, 2, 1.5), qb, new Vector3(7, 8, 9));
    const ps = new Vector3();
    const pq = new Quaternion();
    const pt = new Vector3();
    posScale.decompose(ps, pq, pt);
    d.decomposePositive = [v3(ps), v4(pq), v3(pt)];
    const negAll = Matrix.Compose(new Vector3(-1, -2, -3), qb, new Vector3(0, 0, 0));
    const ns = new Vector3();
    const nq = new Quaternion();
    d.decomposeNegativeAll = [negAll.decompose(ns, nq), v3(ns), v4(nq)];
    d.recomposeNegativeAll = mat(Matrix.Compose(ns, nq, Vector3.Zero()));
    const zs = new Vector3();
    const zq = new Quaternion(1, 2, 3, 4);
    d.decomposeZeroScale = [Matrix.Scaling(1, 0, 2).decompose(zs, zq), v3(zs), v4(zq)];
    const is = new Vector3(5, 5, 5);
    const iq = new Quaternion(1, 2, 3, 4);
    const it = new Vector3(5, 5, 5);
    d.decomposeIdentity = [Matrix.Identity().decompose(is, iq, it), v3(is), v4(iq), v3(it)];
    const preserve = { scaling: new Vector3(-1, 1, 1), absoluteScaling: new Vector3(1, 1, -1) };
    const pvs = new Vector3();
    const pvq = new Quaternion();
    composed.decompose(pvs, pvq, undefined, preserve);
    d.decomposePreserveAbsolute = [v3(pvs), v4(pvq)];
    composed.decompose(pvs, pvq, undefined, preserve, false);
    d.decomposePreserveLocal = [v3(pvs), v4(pvq)];
    const m1 = Matrix.Compose(new Vector3(1, 2, 1), qa, new Vector3(3, 0, -1));
    const m2 = Matrix.RotationYawPitchRoll(0.2, 0.4, -0.6).multiply(Matrix.Translation(-5, 2, 1));
    d.multiply = [mat(m1.multiply(m2)), mat(m2.multiply(m1)), mat(m1.multiplyToRef(m2, new Matrix())), mat(Matrix.Identity().multiply(m1)), mat(m1.multiply(Matrix.Identity()))];
    d.multiplyAliased = mat((() => { const r = m1.clone(); r.multiplyToRef(m2, r); return r; })());
    d.multiplyToArray = (() => { const arr = new Array(18).fill(0); m1.multiplyToArray(m2, arr, 2); return nums(arr); })();
    d.invert = [mat(m1.clone().invert()), mat(Matrix.Invert(m2)), mat(m1.invertToRef(new Matrix())), mat(Matrix.Identity().invert())];
    d.invertRoundTrip = mat(m1.multiply(Matrix.Invert(m1)));
    const singular = Matrix.FromValues(1, 2, 3, 4, 2, 4, 6, 8, 0, 1, 0, 0, 0, 0, 1, 1);
    d.singularDeterminant = singular.determinant();
    d.singularInvert = mat(singular.clone().invert());
    d.singularInvertToRef = mat(singular.invertToRef(Matrix.Translation(9, 9, 9)));
    d.scalingSingular = mat(Matrix.Invert(Matrix.Scaling(1, 0, 1)));
    const illConditioned = Matrix.FromValues(1, 0, 0, 0, 0, 1e-6, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);
    d.illConditioned = [illConditioned.determinant(), mat(Matrix.Invert(illConditioned))];
    d.transpose = [mat(m1.transpose()), mat(Matrix.Transpose(m2)), mat(m1.transposeToRef(new Matrix()))];
    d.transposeAliased = mat((() => { const r = m1.clone(); Matrix.TransposeToRef(r, r); return r; })());
    d.Translation = mat(Matrix.Translation(1.5, -2.5, 3.25));
    d.Scaling = mat(Matrix.Scaling(2, -3, 0.5));
    d.RotationX = mat(Matrix.RotationX(0.7));
    d.RotationY = mat(Matrix.RotationY(-1.3));
    d.RotationZ = mat(Matrix.RotationZ(2.2));
    d.RotationAxis = [mat(Matrix.RotationAxis(new Vector3(1, 2, 3), 0.9)), mat(Matrix.RotationAxis(new Vector3(0, 5, 0), -Math.PI / 2))];
    d.RotationYawPitchRoll = mat(Matrix.RotationYawPitchRoll(0.4, -0.3, 1.2));
    d.RotationAlignToRef = [mat(Matrix.RotationAlignToRef(new Vector3(1, 0, 0), new Vector3(0, 1, 0), new Matrix())), mat(Matrix.RotationAlignToRef(new Vector3(1, 0, 0), new Vector3(-1, 0, 0), new Matrix())), mat(Matrix.RotationAlignToRef(new Vector3(1, 0, 0), new Vector3(-1, 0, 0), new Matrix(), true))];
    d.LookAtLH = [mat(Matrix.LookAtLH(new Vector3(1, 2, -5), new Vector3(0, 0, 0), Vector3.Up())), mat(Matrix.LookAtLH(new Vector3(0, 5, 0), new Vector3(0, 0, 0), Vector3.Up()))];
    d.LookAtRH = mat(Matrix.LookAtRH(new Vector3(1, 2, -5), new Vector3(0, 1, 0), Vector3.Up()));
    d.LookDirection = [mat(Matrix.LookDirectionLH(new Vector3(0, 0, 1), Vector3.Up())), mat(Matrix.LookDirectionRH(new Vector3(1, 0, 0), Vector3.Up()))];
    d.PerspectiveFovLH = [mat(Matrix.PerspectiveFovLH(0.8, 16 / 9, 0.1, 100)), mat(Matrix.PerspectiveFovLH(0.8, 16 / 9, 0.1, 100, true)), mat(Matrix.PerspectiveFovLH(0.8, 16 / 9, 0.1, 0)), mat(Matrix.PerspectiveFovLH(0.8, 16 / 9, 0, 100, false, 0, true))];
    d.PerspectiveFovRH = mat(Matrix.PerspectiveFovRH(1.2, 1, 0.5, 50));
    d.PerspectiveLH = mat(Matrix.PerspectiveLH(2, 1, 0.1, 10));
    d.OrthoLH = [mat(Matrix.OrthoLH(10, 5, 0.1, 100)), mat(Matrix.OrthoLH(2, 2, -1, 1)), mat(Matrix.OrthoLH(4, 4, 0, 1, true))];
    d.OrthoOffCenter = [mat(Matrix.OrthoOffCenterLH(-1, 3, -2, 2, 0.1, 10)), mat(Matrix.OrthoOffCenterRH(-1, 3, -2, 2, 0.1, 10))];
    d.getTranslation = v3(m1.getTranslation());
    d.getTranslationToRef = v3(m2.getTranslationToRef(new Vector3()));
    d.setTranslation = mat(m1.clone().setTranslation(new Vector3(0.1, 0.2, 0.3)));
    d.setTranslationFromFloats = mat(m1.clone().setTranslationFromFloats(7, 8, 9));
    d.addTranslationFromFloats = mat(m1.clone().addTranslationFromFloats(1, 1, 1));
    d.removeRotationAndScaling = mat(m1.clone().removeRotationAndScaling());
    d.equals = [m1.equals(m1.clone()), m1.equals(m2), Matrix.Identity().equals(Matrix.Translation(0, 0, 0)), Matrix.Identity().equals(Matrix.FromValues(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1)), m1.equalsWithEpsilon(m1.clone()), m1.equalsWithEpsilon(Matrix.FromArray(m1.toArray()).addAtIndex(3, 1e-7), 1e-6), m1.equalsWithEpsilon(Matrix.FromArray(m1.toArray()).addAtIndex(3, 1e-3), 1e-6)];
    d.clone = mat(m2.clone());
    d.copyFrom = mat(new Matrix().copyFrom(m1));
    d.toArray = [nums(m1.toArray()), nums(m1.asArray())];
    d.toArrayInto = (() => { const arr = new Array(17).fill(-1); m2.toArray(arr, 1); return nums(arr); })();
    d.copyToArray = (() => { const arr = new Array(16).fill(0); m2.copyToArray(arr); return nums(arr); })();
    d.Lerp = [0, 0.25, 0.5, 1, 1.5].map((g) => mat(Matrix.Lerp(m1, m2, g)));
    d.DecomposeLerp = [0, 0.25, 0.5, 1].map((g) => mat(Matrix.DecomposeLerp(composed, posScale, g)));
    d.DecomposeLerpToRef = mat(Matrix.DecomposeLerpToRef(m1, Matrix.Identity(), 0.5, new Matrix()));
    d.isIdentity = [Matrix.Identity().isIdentity(), new Matrix().isIdentity(), Matrix.FromValues(1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1).isIdentity(), Matrix.Translation(0, 0, 0).isIdentity(), Matrix.RotationX(0).isIdentity(), Matrix.Scaling(1, 1, 1).isIdentity(), m1.isIdentity()];
    d.isIdentityAs3x2 = [Matrix.Identity().isIdentityAs3x2(), Matrix.Translation(1, 0, 0).isIdentityAs3x2(), new Matrix().isIdentityAs3x2()];
    // Identity flag kept although the storage was written directly: Babylon.js short-cuts on it.
    const stale = Matrix.Identity();
    stale.m[12] = 5;
    d.staleIdentity = [stale.isIdentity(), stale.determinant(), mat(stale.multiply(m1)), mat(m1.multiply(stale)), mat(stale.clone().invert())];
    stale.markAsUpdated();
    d.staleIdentityRefreshed = [stale.isIdentity(), mat(stale.multiply(m1))];
    d.getRow = [v4(m1.getRow(0)), v4(m1.getRow(3)), m1.getRow(4) === null];
    d.getRowToRef = v4(m1.getRowToRef(2, new Vector4()));
    d.setRow = mat(m1.clone().setRow(1, new Vector4(9, 8, 7, 6)));
    d.setRowFromFloats = mat(m1.clone().setRowFromFloats(3, 1, 2, 3, 4));
    d.toNormalMatrix = mat((() => { const r = new Matrix(); m1.toNormalMatrix(r); return r; })());
    d.getRotationMatrix = [mat(composed.getRotationMatrix()), mat(Matrix.Scaling(0, 1, 1).getRotationMatrix())];
    d.elementwise = [mat(m1.add(m2)), mat(m1.addToRef(m2, new Matrix())), mat(m1.clone().addInPlace(m2)), mat(m1.clone().subtract(m2)), mat(m1.subtractToRef(m2, new Matrix())), mat(m1.clone().multiplyInPlace(m2)), mat(m1.scale(0.5)), mat(m1.scaleToRef(2, new Matrix())), mat(m1.scaleAndAddToRef(2, Matrix.Identity())), mat(m1.clone().scaleInPlace(-1)), mat(m1.negate()), mat(m1.divide(m2)), mat(m1.clone().setAll(0.1)), mat(new Matrix().set(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16)), mat(m1.clone().reset())];
    d.floorFract = [mat(m1.floor()), mat(m1.fract())];
    d.getClassName = m1.getClassName();
    d.toString = [Matrix.Identity().toString(), m1.toString()];
    d.getHashCode = Matrix.FromValues(1.5, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16).getHashCode();
    d.GetAsMatrix = [nums(Matrix.GetAsMatrix2x2(m1)), nums(Matrix.GetAsMatrix3x3(m1))];
    d.FromQuaternionToRef = mat((() => { const r = new Matrix(); Matrix.FromQuaternionToRef(qb, r); return r; })());
    d.FromXYZAxesToRef = mat(Matrix.FromXYZAxesToRef(new Vector3(0.1, 0.2, 0.3), new Vector3(1, 0, 0), new Vector3(0, 0, 1), new Matrix()));
    d.toggleHand = [mat(m1.clone().toggleModelMatrixHandInPlace()), mat(m1.clone().toggleProjectionMatrixHandInPlace())];
    doc.matrix = d;
}

// ---------------------------------------------------------------- Color3 / Color4
{
    const d = {};
    const a = new Color3(0.2, 0.4, 0.6);
    const b = new Color3(1, 0.5, 0.25);
    d.defaults = [c3(new Color3()), c4(new Color4())];
    d.statics = [Color3.Red(), Color3.Green(), Color3.Blue(), Color3.Black(), Color3.White(), Color3.Gray(), Color3.Purple(), Color3.Yellow(), Color3.Magenta(), Color3.Teal(), Color3.BlackReadOnly].map(c3);
    d.Lerp3 = [-0.5, 0, 0.3, 1, 1.5].map((t) => c3(Color3.Lerp(a, b, t)));
    d.LerpToRef3 = (() => { const r = new Color3(); Color3.LerpToRef(a, b, 0.75, r); return c3(r); })();
    d.arith3 = [a.scale(2), a.add(b), a.subtract(b), a.multiply(b), a.clone().scaleInPlace(0.5), a.clone().addInPlace(b), a.clone().subtractInPlace(b), a.clone().multiplyInPlace(b), a.scaleToRef(3, new Color3()), a.scaleAndAddToRef(2, new Color3(1, 1, 1)), a.addToRef(b, new Color3()), a.subtractToRef(b, new Color3()), a.multiplyToRef(b, new Color3()), a.multiplyByFloats(1, 2, 3), a.subtractFromFloats(1, 1, 1), a.clone().minimizeInPlace(b), a.clone().maximizeInPlace(b)].map(c3);
    d.clampToRef3 = [c3(new Color3(1.5, -0.5, 0.5).clampToRef(0, 1, new Color3())), c3(new Color3(1.5, -0.5, 0.5).clampToRef(0.2, 0.8, new Color3()))];
    d.toHexString3 = [a.toHexString(), b.toHexString(), new Color3(0.998, 0.002, 1).toHexString(), new Color3(1.5, -0.002, 0.5).toHexString(), new Color3(0.5 / 255, 1.5 / 255, 2.5 / 255).toHexString()];
    d.FromHexString3 = ["#FF8000", "#12ab9F", "#12345", "123456", "#GG0000", "#1G2H3I"].map((h) => c3(Color3.FromHexString(h)));
    d.toColor4 = [c4(a.toColor4()), c4(a.toColor4(0.5))];
    d.equals3 = [a.equals(a.clone()), a.equals(b), a.equalsFloats(0.2, 0.4, 0.6), a.equalsWithEpsilon(new Color3(0.2005, 0.4, 0.6)), a.equalsWithEpsilon(new Color3(0.21, 0.4, 0.6))];
    d.luminance = a.toLuminance();
    d.hsv = [c3(a.toHSV()), c3(b.toHSV()), c3(new Color3(0.3, 0.9, 0.1).toHSV()), c3(new Color3(0.5, 0.5, 0.5).toHSV()), c3(new Color3(0.2, 0.1, 0.3).toHSV())];
    d.FromHSV = [c3(Color3.FromHSV(0, 1, 1)), c3(Color3.FromHSV(75, 0.5, 0.8)), c3(Color3.FromHSV(200, 0.3, 0.6)), c3(Color3.FromHSV(330, 1, 0.5)), c3(Color3.FromHSV(400, 1, 1))];
    d.linearGamma3 = [a.toLinearSpace(), a.toLinearSpace(true), a.toGammaSpace(), a.toGammaSpace(true), new Color3(0.001, 0.03, 0.002).toLinearSpace(true), new Color3(0.001, 0.03, 0.002).toGammaSpace(true)].map(c3);
    d.FromInts3 = c3(Color3.FromInts(255, 128, 0));
    d.FromArray3 = c3(Color3.FromArray([0.1, 0.2, 0.3, 0.4], 1));
    d.Hermite3 = c3(Color3.Hermite(a, new Color3(0.1, 0, 0), b, new Color3(0, 0.1, 0), 0.4));
    d.Hermite1stDerivative3 = c3(Color3.Hermite1stDerivative(a, new Color3(0.1, 0, 0), b, new Color3(0, 0.1, 0), 0.4));
    d.toString3 = [a.toString(), new Color3(1, 0, 1 / 3).toString()];
    d.getHashCode3 = [a.getHashCode(), b.getHashCode()];
    d.getClassName3 = a.getClassName();
    d.asArray3 = a.asArray();
    d.copy3 = [new Color3().set(0.1, 0.2, 0.3), new Color3().setAll(0.7), new Color3().copyFrom(b), new Color3().copyFromFloats(0.3, 0.2, 0.1), new Color3().fromArray([0.9, 0.8, 0.7])].map(c3);
    const e = new Color4(0.1, 0.2, 0.3, 0.4);
    const f = new Color4(0.9, 0.7, 0.5, 1);
    d.Lerp4 = [-0.5, 0, 0.3, 1, 1.5].map((t) => c4(Color4.Lerp(e, f, t)));
    d.LerpToRef4 = c4(Color4.LerpToRef(e, f, 0.25, new Color4()));
    d.arith4 = [e.scale(2), e.add(f), e.subtract(f), e.multiply(f), e.clone().scaleInPlace(0.5), e.clone().addInPlace(f), e.clone().subtractInPlace(f), e.clone().multiplyInPlace(f), e.scaleToRef(3, new Color4()), e.scaleAndAddToRef(2, new Color4(1, 1, 1, 1)), e.addToRef(f, new Color4()), e.subtractToRef(f, new Color4()), e.multiplyToRef(f, new Color4()), e.multiplyByFloats(1, 2, 3, 4), e.subtractFromFloats(1, 1, 1, 1), e.clone().minimizeInPlace(f), e.clone().maximizeInPlace(f)].map(c4);
    d.clampToRef4 = c4(new Color4(1.5, -0.5, 0.5, 2).clampToRef(0, 1, new Color4()));
    d.toHexString4 = [e.toHexString(), e.toHexString(true), f.toHexString()];
    d.FromHexString4 = ["#FF800080", "#FF8000", "#12345", "#abcdef0"].map((h) => c4(Color4.FromHexString(h)));
    d.FromColor3 = [c4(Color4.FromColor3(a)), c4(Color4.FromColor3(a, 0.25))];
    d.equals4 = [e.equals(e.clone()), e.equals(f), e.equalsWithEpsilon(new Color4(0.1, 0.2, 0.3, 0.4005)), e.equalsToFloats(0.1, 0.2, 0.3, 0.4)];
    d.linearGamma4 = [e.toLinearSpace(), e.toGammaSpace(true)].map(c4);
    d.FromInts4 = c4(Color4.FromInts(255, 128, 0, 64));
    d.FromArray4 = c4(Color4.FromArray([0.1, 0.2, 0.3, 0.4, 0.5], 1));
    d.Hermite4 = c4(Color4.Hermite(e, new Color4(0.1, 0, 0, 0), f, new Color4(0, 0.1, 0, 0.2), 0.6));
    d.toString4 = e.toString();
    d.getHashCode4 = e.getHashCode();
    d.CheckColors4 = Color4.CheckColors4([0.1, 0.2, 0.3, 0.4, 0.5, 0.6], 2);
    d.copy4 = [new Color4().set(0.1, 0.2, 0.3, 0.4), new Color4().setAll(0.7), new Color4().copyFrom(f), new Color4().copyFromFloats(0.3, 0.2, 0.1, 0), new Color4().fromArray([0.9, 0.8, 0.7, 0.6]), e.clone()].map(c4);
    doc.color = d;
}

// ---------------------------------------------------------------- Size
{
    const d = {};
    const a = new Size(4, 3);
    const b = new Size(-1.5, 2.5);
    d.add = sz(a.add(b));
    d.subtract = sz(a.subtract(b));
    d.scale = sz(a.scale(1.5));
    d.multiplyByFloats = sz(a.multiplyByFloats(2, 0.5));
    d.Lerp = [-1, 0, 0.4, 1, 2].map((t) => sz(Size.Lerp(a, b, t)));
    d.clone = sz(a.clone());
    d.equals = [a.equals(a.clone()), a.equals(b)];
    d.surface = a.surface;
    d.Zero = sz(Size.Zero());
    d.set = sz(new Size(0, 0).set(5, 6));
    d.copyFrom = (() => { const r = new Size(0, 0); r.copyFrom(b); return sz(r); })();
    d.toString = [a.toString(), b.toString()];
    d.getClassName = a.getClassName();
    d.getHashCode = [a.getHashCode(), b.getHashCode()];
    doc.size = d;
}

// ---------------------------------------------------------------- Scalar
{
    const d = {};
    d.Lerp = [Scalar.Lerp(2, 10, 0.25), Scalar.Lerp(2, 10, -1)];
    d.LerpAngle = [Scalar.LerpAngle(350, 10, 0.5), Scalar.LerpAngle(10, 350, 0.25), Scalar.LerpAngle(0, 90, 2)];
    d.InverseLerp = [Scalar.InverseLerp(2, 10, 4), Scalar.InverseLerp(2, 10, 20), Scalar.InverseLerp(5, 5, 1)];
    d.Hermite = [0, 0.3, 1].map((t) => Scalar.Hermite(1, 2, 3, -1, t));
    d.Hermite1stDerivative = Scalar.Hermite1stDerivative(1, 2, 3, -1, 0.3);
    d.Clamp = [Scalar.Clamp(1.5), Scalar.Clamp(-2, -1, 1), Scalar.Clamp(0.5, 0, 0.25), enc(Scalar.Clamp(NaN))];
    d.NormalizeRadians = [Scalar.NormalizeRadians(7), Scalar.NormalizeRadians(-4), Scalar.NormalizeRadians(Math.PI)];
    d.ToHex = [Scalar.ToHex(255), Scalar.ToHex(5), Scalar.ToHex(300)];
    d.ILog2 = [Scalar.ILog2(1000), Scalar.ILog2(0.3), enc(Scalar.ILog2(0))];
    d.Repeat = [Scalar.Repeat(-1, 3), Scalar.Repeat(7.5, 2)];
    d.Normalize = [Scalar.Normalize(5, 0, 20), Scalar.Denormalize(0.25, 0, 20)];
    d.DeltaAngle = [Scalar.DeltaAngle(10, 350), Scalar.DeltaAngle(350, 10), Scalar.DeltaAngle(0, 180)];
    d.PingPong = [Scalar.PingPong(2.5, 2), Scalar.PingPong(5, 2)];
    d.SmoothStep = [Scalar.SmoothStep(0, 10, 0.3), Scalar.SmoothStep(0, 10, 1.3)];
    d.MoveTowards = [Scalar.MoveTowards(0, 10, 3), Scalar.MoveTowards(0, 2, 3), Scalar.MoveTowards(5, -5, 1)];
    d.MoveTowardsAngle = [Scalar.MoveTowardsAngle(350, 10, 5), Scalar.MoveTowardsAngle(0, 90, 100)];
    d.RangeToPercent = [Scalar.RangeToPercent(5, 0, 20), Scalar.PercentToRange(0.5, 10, 20)];
    d.HCF = [Scalar.HighestCommonFactor(48, 18), Scalar.HCF(17, 5)];
    d.WithinEpsilon = [Scalar.WithinEpsilon(1, 1.0001, 0.001), Scalar.WithinEpsilon(1, 1.1, 0.001), Scalar.OutsideRange(1.5, 0, 1), Scalar.OutsideRange(0.5, 0, 1)];
    d.TwoPi = Scalar.TwoPi;
    d.Sign = [Scalar.Sign(-3), Scalar.Sign(0), Scalar.Sign(2)];
    d.Log2 = Scalar.Log2(8);
    d.ExtractAsInt = [Scalar.ExtractAsInt(12.5), Scalar.ExtractAsInt(-0.25)];
    doc.scalar = d;
}

console.log(JSON.stringify(doc));
