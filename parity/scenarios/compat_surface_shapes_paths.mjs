// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 MeshBuilder shapes built on paths: ribbons (closeArray, closePath, one path
// with offset, invertUV, custom uvs/colors, back side), tubes (radius function, caps, arc,
// instance update), lathes (arc, clip, caps, closed), ExtrudeShape (scale, rotation, caps,
// closeShape, firstNormal) and ExtrudeShapeCustom (scale/rotation functions, instance update);
// lines, line systems (vertex colors) and dashed lines with their LinesMesh state.
// Caps as numbers: NO_CAP 0, CAP_START 1, CAP_END 2, CAP_ALL 3.
import { Color3, Color4, Logger, Mesh, MeshBuilder, NullEngine, Scene, Vector2, Vector3, Vector4 } from "@babylonjs/core";

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
// Paths of unequal lengths leave Babylon's uv buffer shorter than the vertex count (reading it
// throws), so those record positions, normals and indices only.
const geometry = (m) => ({
    vertices: m.getTotalVertices(),
    positions: nums(m.getVerticesData("position")),
    normals: nums(m.getVerticesData("normal")),
    indices: nums(m.getIndices()),
});
const V = (x, y, z) => new Vector3(x, y, z);
const out = {};

const pathA = [V(0, 0, 0), V(1, 0.2, 0), V(2, 0, 0.3), V(3, 0.5, 0)];
const pathB = [V(0, 1, 0), V(1, 1.2, 0.1), V(2, 1, 0.5), V(3, 1.5, 0)];
const pathC = [V(0, 2, 1), V(1, 2, 1), V(2.5, 2.2, 1)];
out.ribbon = full(MeshBuilder.CreateRibbon("r0", { pathArray: [pathA, pathB] }, scene));
out.ribbonUneven = geometry(MeshBuilder.CreateRibbon("r1", { pathArray: [pathA, pathB, pathC], closeArray: true }, scene));
out.ribbonClosePath = full(MeshBuilder.CreateRibbon("r2", { pathArray: [pathA, pathB], closePath: true, invertUV: true }, scene));
out.ribbonOnePath = full(MeshBuilder.CreateRibbon("r3", { pathArray: [[V(0, 0, 0), V(1, 0, 0), V(2, 0, 0), V(0, 1, 0), V(1, 1, 0), V(2, 1.5, 0)]], offset: 3 }, scene));
out.ribbonCustom = full(MeshBuilder.CreateRibbon("r4", {
    pathArray: [pathC, [V(0, 3, 1), V(1, 3, 1.5), V(2.5, 3.2, 1)]],
    uvs: [new Vector2(0, 0), new Vector2(0.5, 0), new Vector2(1, 0), new Vector2(0, 1), new Vector2(0.5, 1), new Vector2(1, 1)],
    colors: [new Color4(1, 0, 0, 1), new Color4(0, 1, 0, 1), new Color4(0, 0, 1, 1), new Color4(1, 1, 0, 0.5), new Color4(0, 1, 1, 0.5), new Color4(1, 0, 1, 0.5)],
    sideOrientation: Mesh.BACKSIDE,
}, scene));
const ribbonU = MeshBuilder.CreateRibbon("r5", { pathArray: [pathA, pathB], updatable: true }, scene);
const ribbonU2 = MeshBuilder.CreateRibbon(null, { pathArray: [pathA.map((p) => p.add(V(0, 0, 1))), pathB.map((p) => p.scale(2))], instance: ribbonU });
out.ribbonInstance = { same: ribbonU2 === ribbonU, mesh: full(ribbonU) };

const tubePath = [V(0, 0, 0), V(0, 1, 0), V(1, 2, 0.5), V(2, 2, 1)];
out.tube = full(MeshBuilder.CreateTube("t0", { path: tubePath, tessellation: 4 }, scene));
out.tubeCapAll = full(MeshBuilder.CreateTube("t1", { path: tubePath, radius: 0.3, tessellation: 3, cap: 3, arc: 0.5 }, scene));
out.tubeRadiusFn = full(MeshBuilder.CreateTube("t2", { path: [V(0, 0, 0), V(1, 0, 0), V(2, 0, 0)], tessellation: 5, cap: 1, radiusFunction: (i, d) => 0.2 + i * 0.1 + d * 0.05, sideOrientation: Mesh.BACKSIDE }, scene));
out.tubeCapEnd = full(MeshBuilder.CreateTube("t3", { path: [V(0, 0, 0), V(0, 0, 1), V(0, 0, 2)], tessellation: 3, cap: 2, invertUV: true }, scene));
const tubeU = MeshBuilder.CreateTube("t4", { path: tubePath, tessellation: 4, radius: 0.5, updatable: true }, scene);
MeshBuilder.CreateTube("t4", { path: tubePath.map((p) => p.add(V(0.1, 0.2, 0.3))), radius: 0.25, instance: tubeU });
out.tubeInstance = full(tubeU);
out.tubeDefault = { vertices: MeshBuilder.CreateTube("t5", { path: tubePath }, scene).getTotalVertices() };

const profile = [V(0.5, 0, 0), V(1, 0.5, 0), V(0.75, 1, 0), V(0.25, 1.5, 0)];
out.lathe = full(MeshBuilder.CreateLathe("l0", { shape: profile, tessellation: 4 }, scene));
out.latheArc = full(MeshBuilder.CreateLathe("l1", { shape: profile, tessellation: 6, arc: 0.5, radius: 2, closed: false, cap: 3 }, scene));
out.latheClip = full(MeshBuilder.CreateLathe("l2", { shape: profile.slice(0, 3), tessellation: 5, clip: 2, cap: 1, invertUV: true }, scene));

const shape = [V(0, 0.5, 0), V(0.5, 0, 0), V(0, -0.5, 0), V(-0.5, 0, 0)];
const extPath = [V(0, 0, 0), V(0, 0, 1), V(0.5, 0.5, 2), V(1, 1, 3), V(1, 1, 4)];
out.extrude = full(MeshBuilder.ExtrudeShape("e0", { shape, path: extPath }, scene));
out.extrudeScaled = full(MeshBuilder.ExtrudeShape("e1", { shape, path: extPath, scale: 0.5, rotation: 0.3, cap: 3, closeShape: true }, scene));
out.extrudeNormal = full(MeshBuilder.ExtrudeShape("e2", { shape, path: extPath.slice(0, 3), firstNormal: V(1, 0, 0), cap: 2, closePath: true, sideOrientation: Mesh.DOUBLESIDE }, scene));
out.extrudeCustom = full(MeshBuilder.ExtrudeShapeCustom("e3", { shape, path: extPath, scaleFunction: (i, d) => 1 + i * 0.25, rotationFunction: (i, d) => 0.1 * d, ribbonCloseArray: true, cap: 1 }, scene));
out.extrudeVector = full(MeshBuilder.ExtrudeShapeCustom("e4", { shape, path: extPath.slice(1), scaleVectorFunction: (i, d) => V(1, 1 + i, 0.5), closeShape: true, adjustFrame: true }, scene));
const extU = MeshBuilder.ExtrudeShapeCustom("e5", { shape, path: extPath, scaleFunction: (i) => 1, updatable: true }, scene);
MeshBuilder.ExtrudeShapeCustom("e5", { shape, path: extPath.map((p) => p.scale(1.5)), scaleFunction: (i) => 0.5 + i * 0.1, rotationFunction: () => 0.2, instance: extU });
out.extrudeInstance = full(extU);

const pts = [V(0, 0, 0), V(1, 1, 0), V(2, 0, 1), V(3, 1, 1)];
const lines = MeshBuilder.CreateLines("li", { points: pts, colors: pts.map((p, i) => new Color4(i / 3, 1 - i / 3, 0.5, 1)), updatable: true }, scene);
out.lines = { ...full(lines), color: [lines.color.r, lines.color.g, lines.color.b], alpha: lines.alpha, useVertexColor: lines.useVertexColor, useVertexAlpha: lines.useVertexAlpha ?? null, intersectionThreshold: lines.intersectionThreshold, checkCollisions: lines.checkCollisions };
lines.color = new Color3(1, 0, 0);
lines.alpha = 0.5;
lines.checkCollisions = true;
out.linesSet = { color: [lines.color.r, lines.color.g, lines.color.b], alpha: lines.alpha, checkCollisions: lines.checkCollisions };
MeshBuilder.CreateLines(null, { points: pts.map((p) => p.scale(2)), instance: lines });
out.linesInstance = full(lines);
const sys = MeshBuilder.CreateLineSystem("ls", { lines: [pts, [V(5, 5, 5), V(6, 5, 5)]], useVertexAlpha: true }, scene);
out.lineSystem = { ...full(sys), useVertexColor: sys.useVertexColor, useVertexAlpha: sys.useVertexAlpha };
out.dashed = full(MeshBuilder.CreateDashedLines("da", { points: pts, dashNb: 7, dashSize: 2, gapSize: 1 }, scene));
const dashedU = MeshBuilder.CreateDashedLines("db", { points: [V(0, 0, 0), V(4, 0, 0), V(4, 3, 0)], dashNb: 5, updatable: true }, scene);
out.dashedDefault = { vertices: MeshBuilder.CreateDashedLines("dc", { points: pts }, scene).getTotalVertices() };
MeshBuilder.CreateDashedLines(null, { points: [V(0, 0, 0), V(2, 0, 0), V(2, 1, 0)], instance: dashedU });
out.dashedInstance = full(dashedU);

console.log(JSON.stringify(out));
