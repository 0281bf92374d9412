// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 MeshBuilder.CreateGeodesic and CreateGoldberg for several (m, n) grids
// (class I, II and III, swapped and fractional m/n), sizes, flat/smooth, faceColors; the
// Goldberg mesh's goldbergData (face counts, centres, axes, adjacent faces) and
// relatedGoldbergFace.
import { Color4, Logger, MeshBuilder, NullEngine, Scene } from "@babylonjs/core";

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
});
const v3s = (a) => a.map((v) => [v.x, v.y, v.z]);
const out = {};
out.geo11 = full(MeshBuilder.CreateGeodesic("g0", {}, scene));
out.geo20 = full(MeshBuilder.CreateGeodesic("g1", { m: 2, size: 2 }, scene));
out.geo21 = full(MeshBuilder.CreateGeodesic("g2", { m: 2, n: 1, flat: false, sizeY: 0.5 }, scene));
out.geo33 = full(MeshBuilder.CreateGeodesic("g3", { m: 3, n: 3, faceColors: [new Color4(1, 0, 0, 1)] }, scene));
out.geoSwap = full(MeshBuilder.CreateGeodesic("g4", { m: 1.7, n: 3.2 }, scene));
out.geo42 = full(MeshBuilder.CreateGeodesic("g5", { m: 4, n: 2 }, scene));
for (const [key, opts] of [["gold10", {}], ["gold21", { m: 2, n: 1, size: 3 }], ["gold32", { m: 3, n: 2, sizeX: 2 }], ["gold40", { m: 4 }]]) {
    const g = MeshBuilder.CreateGoldberg(key, opts, scene);
    const d = g.goldbergData;
    out[key] = {
        ...full(g),
        nbSharedFaces: d.nbSharedFaces, nbUnsharedFaces: d.nbUnsharedFaces, nbFaces: d.nbFaces, nbFacesAtPole: d.nbFacesAtPole,
        adjacentFaces: d.adjacentFaces, faceCenters: v3s(d.faceCenters), faceXaxis: v3s(d.faceXaxis), faceYaxis: v3s(d.faceYaxis), faceZaxis: v3s(d.faceZaxis),
        faceColors: d.faceColors.length,
        related: [g.relatedGoldbergFace(0), g.relatedGoldbergFace(1000), g.relatedGoldbergFace(2, 0), g.relatedGoldbergFace(20, 50)],
    };
}
console.log(JSON.stringify(out));
