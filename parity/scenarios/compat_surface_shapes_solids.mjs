// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 MeshBuilder ico-spheres (flat and smooth, radii), polyhedra (all 15 types,
// custom, faceUV/faceColors, smooth), capsules (radii, cap subdivisions, orientation), tiled
// planes and boxes (every pattern and alignment with partial tiles), tiled grounds and grounds
// from a height-map buffer (color/alpha filters, inverted heights, height buffer callback).
// Patterns/alignments as numbers: NO_FLIP 0 .. FLIP_N_ROTATE_ROW 6; CENTER 0, LEFT 1, RIGHT 2,
// TOP 3, BOTTOM 4.
import { Color3, Color4, Logger, Mesh, MeshBuilder, NullEngine, Scene, Vector3, Vector4 } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;
const engine = new NullEngine();
const scene = new Scene(engine);
const num = (x) => (Number.isFinite(x) ? x : String(x));
const nums = (a) => (a ? Array.from(a).map(num) : null);
const numo = (x) => (x === null ? null : num(x));
const sum = (a) => (a ? Array.from(a).reduce((s, x) => s + x, 0) : null);
const full = (m) => ({
    cls: m.getClassName(),
    vertices: m.getTotalVertices(),
    positions: nums(m.getVerticesData("position")),
    normals: nums(m.getVerticesData("normal")),
    uvs: nums(m.getVerticesData("uv")),
    colors: nums(m.getVerticesData("color")),
    indices: nums(m.getIndices()),
});
const brief = (m) => ({
    cls: m.getClassName(),
    vertices: m.getTotalVertices(),
    indexCount: m.getIndices().length,
    positionSum: numo(sum(m.getVerticesData("position"))),
    normalSum: numo(sum(m.getVerticesData("normal"))),
    uvSum: numo(sum(m.getVerticesData("uv"))),
    colorSum: numo(sum(m.getVerticesData("color"))),
    indexSum: sum(m.getIndices()),
});
const out = {};

out.icoDefault = brief(MeshBuilder.CreateIcoSphere("i0", {}, scene));
out.icoOne = full(MeshBuilder.CreateIcoSphere("i1", { subdivisions: 1, radius: 2 }, scene));
out.icoSmooth = full(MeshBuilder.CreateIcoSphere("i2", { subdivisions: 2, flat: false, radiusX: 1, radiusY: 2, radiusZ: 0.5 }, scene));
out.icoBack = brief(MeshBuilder.CreateIcoSphere("i3", { subdivisions: 3, sideOrientation: Mesh.DOUBLESIDE }, scene));

out.polyTypes = [];
for (let t = 0; t < 15; t++) {
    out.polyTypes.push(brief(MeshBuilder.CreatePolyhedron("p" + t, { type: t, size: 1 + t / 10 }, scene)));
}
out.polyOcta = full(MeshBuilder.CreatePolyhedron("pa", { type: 1, sizeX: 2, sizeZ: 0.5, faceColors: [new Color4(1, 0, 0, 1), new Color4(0, 1, 0, 1)], faceUV: [new Vector4(0, 0, 0.5, 0.5)] }, scene));
out.polySmooth = full(MeshBuilder.CreatePolyhedron("pb", { type: 2, flat: false }, scene));
out.polyBadType = brief(MeshBuilder.CreatePolyhedron("pc", { type: 20 }, scene));
out.polyCustom = full(MeshBuilder.CreatePolyhedron("pd", { custom: { vertex: [[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0], [0.5, 0.5, 1]], face: [[0, 1, 2, 3], [0, 1, 4], [1, 2, 4], [2, 3, 4], [3, 0, 4]] }, sideOrientation: Mesh.BACKSIDE }, scene));

out.capsuleDefault = brief(MeshBuilder.CreateCapsule("k0", undefined, scene));
out.capsuleEmpty = brief(MeshBuilder.CreateCapsule("k1", {}, scene));
out.capsuleSmall = full(MeshBuilder.CreateCapsule("k2", { height: 2, radius: 0.5, tessellation: 4, subdivisions: 1, capSubdivisions: 2 }, scene));
out.capsuleCone = full(MeshBuilder.CreateCapsule("k3", { height: 3, radiusTop: 0.25, radiusBottom: 0.75, tessellation: 3, subdivisions: 2, topCapSubdivisions: 1, bottomCapSubdivisions: 3 }, scene));
out.capsuleOriented = full(MeshBuilder.CreateCapsule("k4", { height: 2, radius: 0.4, tessellation: 3, subdivisions: 1, capSubdivisions: 1, orientation: new Vector3(1, 0, 0) }, scene));

out.tiledPlanes = [];
for (let pattern = 0; pattern <= 6; pattern++) {
    for (const [h, v] of [[0, 0], [1, 4], [2, 3]]) {
        out.tiledPlanes.push(full(MeshBuilder.CreateTiledPlane("tp", { pattern, width: 3.5, height: 2.25, tileWidth: 1, tileHeight: 1, alignHorizontal: h, alignVertical: v }, scene)));
    }
}
out.tiledPlaneExact = full(MeshBuilder.CreateTiledPlane("tq", { size: 2, tileSize: 1, sideOrientation: Mesh.DOUBLESIDE }, scene));
out.tiledPlaneOdd = full(MeshBuilder.CreateTiledPlane("tr", { width: 2.5, height: 3.5, tileSize: 1, pattern: 2 }, scene));
out.tiledBox = full(MeshBuilder.CreateTiledBox("tb", { width: 2, height: 1.5, depth: 1.25, tileSize: 1, pattern: 1, faceColors: [new Color4(1, 0, 0, 1)], faceUV: [undefined, new Vector4(0, 0, 0.5, 0.5)] }, scene));
out.tiledBoxAlign = brief(MeshBuilder.CreateTiledBox("tc", { size: 2.6, tileWidth: 0.7, tileHeight: 0.9, alignHorizontal: 1, alignVertical: 3, pattern: 4 }, scene));
out.tiledGround = full(MeshBuilder.CreateTiledGround("tg", { xmin: -2, zmin: -1, xmax: 2, zmax: 1, subdivisions: { w: 2, h: 1 }, precision: { w: 2, h: 1 } }, scene));
out.tiledGroundDefault = full(MeshBuilder.CreateTiledGround("th", {}, scene));

const w = 4, h = 3;
const data = new Uint8Array(w * h * 4);
for (let i = 0; i < w * h; i++) {
    data[i * 4] = (i * 37) % 256;
    data[i * 4 + 1] = (i * 91 + 13) % 256;
    data[i * 4 + 2] = (i * 53 + 200) % 256;
    data[i * 4 + 3] = i % 5 === 0 ? 100 : 255;
}
let readyBuffer = null;
const hm = MeshBuilder.CreateGroundFromHeightMap("hm", { data, width: w, height: h }, { width: 6, height: 4, subdivisions: 3, minHeight: -1, maxHeight: 2, passHeightBufferInCallback: true, onReady: (m, buf) => { readyBuffer = Array.from(buf); } }, scene);
out.heightMap = { ...full(hm), readyBuffer, subdivisions: hm.subdivisions, width: hm._width, height: hm._height, isReady: hm.isReady() };
out.heightMapFiltered = full(MeshBuilder.CreateGroundFromHeightMap("hn", { data, width: w, height: h }, { width: 2, height: 2, subdivisions: 2, minHeight: 3, maxHeight: 1, colorFilter: new Color3(1, 0, 0), alphaFilter: 0.5 }, scene));

console.log(JSON.stringify(out));
