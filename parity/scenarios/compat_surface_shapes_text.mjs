// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 MeshBuilder.CreateText with a small typeface.js font written here (line,
// quadratic and cubic outlines, a glyph with a hole, the "?" fallback, a glyph with no outline,
// a line break), Mapbox earcut 2.2.4 injected: the merged, centred, upright mesh's vertex data,
// per-letter face colors, depth/size/resolution, and the source letters disposed.
import { createRequire } from "module";
import { Color4, Logger, MeshBuilder, NullEngine, Scene } from "@babylonjs/core";

const require = createRequire(import.meta.url);
const earcut = require("./_earcut_2_2_4.cjs");
Logger.LogLevels = Logger.NoneLogLevel;
const engine = new NullEngine();
const scene = new Scene(engine);
const num = (x) => (Number.isFinite(x) ? x : String(x));
const nums = (a) => (a ? Array.from(a).map(num) : null);
const full = (m) => ({
    cls: m.getClassName(),
    name: m.name,
    vertices: m.getTotalVertices(),
    positions: nums(m.getVerticesData("position")),
    normals: nums(m.getVerticesData("normal")),
    uvs: nums(m.getVerticesData("uv")),
    colors: nums(m.getVerticesData("color")),
    indices: nums(m.getIndices()),
    position: [m.position.x, m.position.y, m.position.z],
    rotation: [m.rotation.x, m.rotation.y, m.rotation.z],
    parent: m.parent ? m.parent.name : null,
});
const font = {
    resolution: 1000,
    boundingBox: { yMin: -200, yMax: 800 },
    underlineThickness: 50,
    glyphs: {
        O: { ha: 700, o: "m 0 0 l 0 700 l 600 700 l 600 0 m 150 150 l 450 150 l 450 550 l 150 550" },
        b: { ha: 600, o: "m 0 0 l 0 700 l 100 700 l 100 400 q 100 0 500 200" },
        c: { ha: 550, o: "m 0 0 l 0 500 b 400 500 100 650 300 650 l 400 400 l 100 400 l 100 100 l 400 100 l 400 0" },
        "?": { ha: 300, o: "m 0 0 l 200 0 l 100 300" },
        " ": { ha: 250 },
    },
};
const out = {};
out.single = full(MeshBuilder.CreateText("t0", "O", font, { size: 10, resolution: 4, depth: 2 }, scene, earcut));
out.word = full(MeshBuilder.CreateText("t1", "Ob c\nx", font, { size: 5, resolution: 3, depth: 0.5, perLetterFaceColors: (i) => [new Color4(i / 4, 0, 1, 1), new Color4(0, 1, 0, 1), new Color4(1, 1, i / 4, 1)] }, scene, earcut));
out.defaults = full(MeshBuilder.CreateText("t2", "bc", font, undefined, scene, earcut));
out.nothing = MeshBuilder.CreateText("t3", "  ", font, { size: 3 }, scene, earcut);
out.sceneMeshes = scene.meshes.map((m) => m.name);
out.sceneNodes = scene.transformNodes.map((m) => m.name);
console.log(JSON.stringify(out));
