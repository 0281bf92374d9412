// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 Mesh.simplify (quadratic error decimation): the simplified LOD meshes'
// positions, normals, uvs and indices for a sphere, a ground and a box at several qualities,
// parallel and sequential processing, optimizeMesh (vertices merged by position), settings
// given as SimplificationSettings or plain objects, a setting without distance (no LOD level),
// the decimated meshes' names, visibility, parent, material and rendering group, the LOD
// distances, the success callbacks and the scene's simplificationQueue, a hand-built bumpy
// grid with vertex colours and a two-sub-mesh ground. Babylon runs the
// queue from scene.render() and decimates through setTimeout: each case awaits its callback.
import {
    Logger,
    Mesh,
    MeshBuilder,
    NullEngine,
    Scene,
    SimplificationSettings,
    SimplificationType,
    StandardMaterial,
    SubMesh,
    TransformNode,
    FreeCamera,
    Vector3,
} from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const engine = new NullEngine();
const scene = new Scene(engine);
new FreeCamera("cam", new Vector3(0, 0, -10), scene);

const arr = (a) => (a === null || a === undefined ? null : Array.from(a));
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function meshData(m) {
    return {
        name: m.name,
        isVisible: m.isVisible,
        parent: m.parent ? m.parent.name : null,
        material: m.material ? m.material.name : null,
        renderingGroupId: m.renderingGroupId,
        totalVertices: m.getTotalVertices(),
        totalIndices: m.getTotalIndices(),
        positions: arr(m.getVerticesData("position")),
        normals: arr(m.getVerticesData("normal")),
        uvs: arr(m.getVerticesData("uv")),
        indices: arr(m.getIndices()),
        subMeshes: m.subMeshes.map((s) => [s.materialIndex, s.verticesStart, s.verticesCount, s.indexStart, s.indexCount]),
    };
}

function lods(mesh) {
    return mesh.getLODLevels().map((l) => ({ distance: l.distanceOrScreenCoverage, mesh: l.mesh ? meshData(l.mesh) : null }));
}

async function run(mesh, settings, parallel, expectedLods) {
    let calls = 0;
    const returned = mesh.simplify(settings, parallel, SimplificationType.QUADRATIC, () => {
        calls++;
    });
    const same = returned === mesh;
    for (let i = 0; i < 400 && (calls === 0 || mesh.getLODLevels().length < expectedLods); i++) {
        scene.render();
        await sleep(5);
    }
    await sleep(50);
    return { same, calls, running: scene.simplificationQueue.running };
}

const out = {};
out.type = { QUADRATIC: SimplificationType.QUADRATIC, name: SimplificationType[0] };
const st = new SimplificationSettings(0.5, 12, true);
out.settings = [st.quality, st.distance, st.optimizeMesh];

// A sphere, three qualities in parallel (plain objects, as Babylon's docs write them).
const root = new TransformNode("root", scene);
const mat = new StandardMaterial("mat", scene);
const sphere = MeshBuilder.CreateSphere("sphere", { segments: 6, diameter: 2 }, scene);
sphere.parent = root;
sphere.material = mat;
sphere.renderingGroupId = 1;
out.sphereRun = await run(sphere, [{ quality: 0.8, distance: 10 }, { quality: 0.5, distance: 30 }, { quality: 0.2, distance: 20 }], true, 3);
out.sphereLods = lods(sphere);
out.sphereTriangles = sphere.getTotalIndices() / 3;

// The same sphere shape merged by position (optimizeMesh), sequential processing.
const sphere2 = MeshBuilder.CreateSphere("sphere2", { segments: 8, diameter: 3 }, scene);
out.sphere2Run = await run(sphere2, [new SimplificationSettings(0.6, 5, true), new SimplificationSettings(0.3, 15, true)], false, 2);
out.sphere2Lods = lods(sphere2);

// A subdivided ground: interior vertices collapse, the border stays.
const ground = MeshBuilder.CreateGround("ground", { width: 4, height: 3, subdivisions: 5 }, scene);
out.groundRun = await run(ground, [new SimplificationSettings(0.4, 8)], false, 1);
out.groundLods = lods(ground);

// A box: without optimizeMesh every vertex is on a face border (nothing collapses); with it
// the 8 corners are shared. A setting without distance adds no LOD level.
const box = MeshBuilder.CreateBox("box", { size: 2 }, scene);
out.boxRun = await run(box, [new SimplificationSettings(0.5, 4)], true, 1);
out.boxLods = lods(box);
const box2 = MeshBuilder.CreateBox("box2", { width: 1, height: 2, depth: 3 }, scene);
out.box2Run = await run(box2, [new SimplificationSettings(0.5, 6, true), { quality: 0.3 }], false, 1);
out.box2Lods = lods(box2);
const undistanced = scene.meshes.filter((m) => m.name === "box2Decimated").map(meshData);
out.box2All = undistanced;

// Two sub-meshes: each is decimated on its own and appended to the decimated mesh.
const split = MeshBuilder.CreateGround("split", { width: 4, height: 3, subdivisions: 5 }, scene);
split.subMeshes = [];
new SubMesh(0, 0, 36, 0, 72, split);
new SubMesh(1, 0, 36, 72, 78, split);
out.splitRun = await run(split, [new SimplificationSettings(0.5, 3)], false, 1);
out.splitLods = lods(split);

// A bumpy 12 x 12 grid built by hand (non-planar quadrics), with vertex colours.
const bumpy = new Mesh("bumpy", scene);
const bPos = [];
const bCol = [];
const bIdx = [];
for (let j = 0; j <= 12; j++) {
    for (let i = 0; i <= 12; i++) {
        bPos.push(i * 0.25, ((i * 7 + j * 3) % 5) * 0.1, j * 0.25);
        bCol.push(i / 12, j / 12, 0.5, 1);
    }
}
for (let j = 0; j < 12; j++) {
    for (let i = 0; i < 12; i++) {
        const a = j * 13 + i;
        bIdx.push(a, a + 1, a + 13, a + 1, a + 14, a + 13);
    }
}
bumpy.setVerticesData("position", bPos);
bumpy.setVerticesData("color", bCol);
bumpy.setIndices(bIdx);
out.bumpyRun = await run(bumpy, [{ quality: 0.7, distance: 2 }, { quality: 0.25, distance: 9 }], true, 2);
out.bumpyLods = lods(bumpy);
out.bumpyColors = bumpy.getLODLevels().map((l) => arr(l.mesh.getVerticesData("color")));

out.meshes = scene.meshes.map((m) => m.name);
console.log(JSON.stringify(out));
