// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 MeshBuilder.CreatePolygon / ExtrudePolygon with Mapbox earcut 2.2.4 injected
// (Babylon's earcutInjection argument; _earcut_2_2_4.cjs): convex and concave outlines, holes,
// a closed outline (last point = first), 120-point stars (earcut's z-order hashing), depth,
// smoothing, faceUV/faceColors, wrap, side orientations; every position, normal, uv, color and
// index.
import { createRequire } from "module";
import { Color4, Logger, Mesh, MeshBuilder, NullEngine, Scene, Vector3, Vector4 } from "@babylonjs/core";

const require = createRequire(import.meta.url);
const earcut = require("./_earcut_2_2_4.cjs");
Logger.LogLevels = Logger.NoneLogLevel;
const engine = new NullEngine();
const scene = new Scene(engine);
const num = (x) => (Number.isFinite(x) ? x : String(x));
const nums = (a) => (a ? Array.from(a).map(num) : null);
const full = (m) => ({
    cls: m.getClassName(),
    vertices: m.getTotalVertices(),
    positions: nums(m.getVerticesData("position")),
    normals: nums(m.getVerticesData("normal")),
    uvs: nums(m.getVerticesData("uv")),
    colors: nums(m.getVerticesData("color")),
    indices: nums(m.getIndices()),
    side: m._originalBuilderSideOrientation,
});
const V = (x, y, z) => new Vector3(x, y, z);
const out = {};

const square = [V(-1, 0, -1), V(1, 0, -1), V(1, 0, 1), V(-1, 0, 1)];
const hole = [V(-0.5, 0, -0.5), V(0.5, 0, -0.5), V(0, 0, 0.5)];
const hole2 = [V(0.6, 0, 0.6), V(0.9, 0, 0.6), V(0.9, 0, 0.9), V(0.6, 0, 0.9)];
const ell = [V(0, 0, 0), V(3, 0, 0), V(3, 0, 1), V(1, 0, 1), V(1, 0, 3), V(0, 0, 3)];
out.square = full(MeshBuilder.CreatePolygon("p0", { shape: square }, scene, earcut));
out.squareClosed = full(MeshBuilder.CreatePolygon("p1", { shape: [...square, V(-1, 0, -1)], sideOrientation: Mesh.BACKSIDE }, scene, earcut));
out.ell = full(MeshBuilder.CreatePolygon("p2", { shape: ell }, scene, earcut));
out.holes = full(MeshBuilder.CreatePolygon("p3", { shape: square, holes: [hole, hole2] }, scene, earcut));
out.extruded = full(MeshBuilder.ExtrudePolygon("p4", { shape: ell, depth: 0.5 }, scene, earcut));
out.extrudedHoles = full(MeshBuilder.ExtrudePolygon("p5", { shape: square, holes: [hole], depth: 2, faceColors: [new Color4(1, 0, 0, 1), new Color4(0, 1, 0, 1), new Color4(0, 0, 1, 1)], faceUV: [new Vector4(0, 0, 0.5, 0.5), new Vector4(0.5, 0, 1, 0.5), new Vector4(0, 0.5, 1, 1)] }, scene, earcut));
out.extrudedWrap = full(MeshBuilder.ExtrudePolygon("p6", { shape: ell, depth: 1, wrap: true, smoothingThreshold: 0.5 }, scene, earcut));
out.extrudedSmooth = full(MeshBuilder.ExtrudePolygon("p7", { shape: [V(0, 0, 0), V(2, 0, 0.2), V(2.2, 0, 2), V(0.1, 0, 2.1), V(-0.5, 0, 1)], depth: 0.25, smoothingThreshold: -1, sideOrientation: Mesh.BACKSIDE }, scene, earcut));
const star = [];
for (let i = 0; i < 120; i++) {
    const a = (i / 120) * Math.PI * 2;
    const r = i % 2 === 0 ? 2 : 1 + 0.3 * Math.sin(i);
    star.push(V(Math.cos(a) * r, 0, Math.sin(a) * r));
}
out.star = full(MeshBuilder.CreatePolygon("p8", { shape: star, holes: [[V(-0.3, 0, -0.3), V(0.3, 0, -0.3), V(0.3, 0, 0.3), V(-0.3, 0, 0.3)]] }, scene, earcut));
out.starReversed = full(MeshBuilder.CreatePolygon("p9", { shape: [...star].reverse() }, scene, earcut));

console.log(JSON.stringify(out));
