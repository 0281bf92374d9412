// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 legacy positional builders registered on Mesh (Mesh.CreateBox(name, size,
// scene, ...), Mesh.CreateCylinder with and without subdivisions, ...) and the Mesh shape
// constants (caps, tile patterns, alignments): counts and sums of each shape's vertex data.
import { Logger, Mesh, MeshBuilder, NullEngine, Scene, Vector3 } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;
const engine = new NullEngine();
const scene = new Scene(engine);
const sum = (a) => (a ? Array.from(a).reduce((s, x) => s + x, 0) : null);
const brief = (m) => ({
    cls: m.getClassName(),
    vertices: m.getTotalVertices(),
    indexCount: m.getIndices().length,
    positionSum: sum(m.getVerticesData("position")),
    normalSum: sum(m.getVerticesData("normal")),
    uvSum: sum(m.getVerticesData("uv")),
    indexSum: sum(m.getIndices()),
    side: m._originalBuilderSideOrientation ?? null,
});
const V = (x, y, z) => new Vector3(x, y, z);
const out = {};
out.constants = [Mesh.NO_CAP, Mesh.CAP_START, Mesh.CAP_END, Mesh.CAP_ALL, Mesh.NO_FLIP, Mesh.FLIP_TILE, Mesh.ROTATE_TILE, Mesh.FLIP_ROW, Mesh.ROTATE_ROW, Mesh.FLIP_N_ROTATE_TILE, Mesh.FLIP_N_ROTATE_ROW, Mesh.CENTER, Mesh.LEFT, Mesh.RIGHT, Mesh.TOP, Mesh.BOTTOM];
const path = [V(0, 0, 0), V(0, 1, 0), V(1, 2, 0.5)];
const shape = [V(0, 0.5, 0), V(0.5, 0, 0), V(0, -0.5, 0)];
out.box = brief(Mesh.CreateBox("b", 2, scene, false, Mesh.BACKSIDE));
out.sphere = brief(Mesh.CreateSphere("s", 6, 3, scene));
out.plane = brief(Mesh.CreatePlane("p", 4, scene, false, Mesh.DOUBLESIDE));
out.ground = brief(Mesh.CreateGround("g", 4, 2, 3, scene));
out.cylinder = brief(Mesh.CreateCylinder("c", 3, 1, 2, 6, 2, scene));
out.cylinderOld = brief(Mesh.CreateCylinder("c2", 3, 1, 2, 6, scene, false, Mesh.BACKSIDE));
out.disc = brief(Mesh.CreateDisc("d", 2, 7, scene));
out.torus = brief(Mesh.CreateTorus("t", 2, 0.5, 8, scene));
out.knot = brief(Mesh.CreateTorusKnot("k", 2, 0.5, 8, 6, 2, 3, scene));
out.lines = brief(Mesh.CreateLines("l", path, scene));
out.dashed = brief(Mesh.CreateDashedLines("dl", path, 2, 1, 10, scene));
out.ribbon = brief(Mesh.CreateRibbon("r", [path, path.map((p) => p.add(V(1, 0, 0)))], false, false, 0, scene));
out.tube = brief(Mesh.CreateTube("tu", path, 0.3, 5, null, Mesh.CAP_ALL, scene));
out.lathe = brief(Mesh.CreateLathe("la", shape.map((p) => p.add(V(1, 0, 0))), 1.5, 6, scene));
out.extrude = brief(Mesh.ExtrudeShape("e", shape, path, 0.5, 0.2, Mesh.CAP_END, scene));
out.extrudeCustom = brief(Mesh.ExtrudeShapeCustom("ec", shape, path, (i) => 1 + i, (i) => 0.1 * i, false, true, Mesh.NO_CAP, scene));
out.tiledGround = brief(Mesh.CreateTiledGround("tg", -1, -1, 1, 1, { w: 2, h: 2 }, { w: 1, h: 2 }, scene));
out.ico = brief(Mesh.CreateIcoSphere("i", { subdivisions: 2 }, scene));
out.poly = brief(Mesh.CreatePolyhedron("ph", { type: 3 }, scene));
out.capsule = brief(Mesh.CreateCapsule("ca", { height: 2 }, scene));
const sphere = MeshBuilder.CreateSphere("src", { segments: 4 }, scene);
out.decal = brief(Mesh.CreateDecal("de", sphere, V(0, 0.5, 0), V(0, 1, 0), V(0.5, 0.5, 0.5), 0.2));
console.log(JSON.stringify(out));
