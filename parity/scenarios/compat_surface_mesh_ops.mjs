// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 mesh operations: CPU skinning (applySkeleton, getPositionData with the
// skeleton, refreshBoundingInfo(true)), validateSkinning/cleanMatrixWeights, morph-applied
// position data, increaseVertices, forceSharedVertices, applyDisplacementMapFromBuffer,
// optimizeIndicesAsync, thin instances from a matrix buffer (bounds, world matrices, count),
// the positional Mesh.CreateBox/CreateSphere/CreatePlane/CreateGround statics, MergeMeshes.
import { Bone, Matrix, Mesh, MeshBuilder, MorphTarget, MorphTargetManager, NullEngine, Scene, Skeleton, Logger, Vector3 } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const engine = new NullEngine();
const scene = new Scene(engine);
const v3 = (v) => [v.x, v.y, v.z];
const arr = (a) => (a === null || a === undefined ? null : Array.from(a));
const bounds = (m) => {
    const b = m.getBoundingInfo();
    return [...v3(b.minimum), ...v3(b.maximum), ...v3(b.boundingBox.centerWorld), b.boundingSphere.radiusWorld];
};
const out = {};

// A two-bone skinned strip.
const strip = MeshBuilder.CreateBox("strip", { width: 1, height: 4, depth: 1 }, scene);
const count = strip.getTotalVertices();
const positions = strip.getVerticesData("position");
const indices = [];
const weights = [];
for (let i = 0; i < count; i++) {
    const upper = positions[i * 3 + 1] > 0;
    indices.push(upper ? 1 : 0, upper ? 0 : 1, 0, 0);
    weights.push(upper ? 0.75 : 1, upper ? 0.25 : 0, 0, 0);
}
strip.setVerticesData("matricesIndices", indices);
strip.setVerticesData("matricesWeights", weights);
const skeleton = new Skeleton("skel", "skel", scene);
const root = new Bone("root", skeleton, null, Matrix.Identity());
const tip = new Bone("tip", skeleton, root, Matrix.Translation(0, 2, 0));
strip.skeleton = skeleton;
tip.setRotation(new Vector3(0, 0, 0.6));
root.setPosition(new Vector3(0.5, 0, 0));
skeleton.prepare();
out.skinnedData = arr(strip.getPositionData(true, false)).slice(0, 24);
out.rawData = arr(strip.getPositionData(false, false)).slice(0, 6);
strip.refreshBoundingInfo(true);
out.skinnedBounds = bounds(strip);
out.validate = strip.validateSkinning();
strip.applySkeleton(skeleton);
out.applied = {
    positions: arr(strip.getVerticesData("position")).slice(0, 24),
    normals: arr(strip.getVerticesData("normal")).slice(0, 24),
    updatable: strip.isVertexBufferUpdatable("position"),
    source: arr(strip.setPositionsForCPUSkinning()).slice(0, 6),
    sourceNormals: arr(strip.setNormalsForCPUSkinning()).slice(0, 6),
};
strip.setVerticesData("matricesWeights", weights.map((w, i) => (i % 4 === 0 ? w * 2 : w)));
strip.cleanMatrixWeights();
out.cleaned = arr(strip.getVerticesData("matricesWeights")).slice(0, 16);

// Morph-applied position data.
const morphed = MeshBuilder.CreatePlane("morphed", { size: 2 }, scene);
const manager = new MorphTargetManager(scene);
const target = new MorphTarget("t", 0.4, scene);
target.setPositions(arr(morphed.getVerticesData("position")).map((v, i) => v + (i % 3 === 2 ? 1 : 0.5)));
manager.addTarget(target);
morphed.morphTargetManager = manager;
out.morphData = arr(morphed.getPositionData(false, true));
morphed.refreshBoundingInfo(false, true);
out.morphBounds = bounds(morphed);

// increaseVertices / forceSharedVertices.
const dense = MeshBuilder.CreatePlane("dense", { width: 2, height: 1 }, scene);
dense.increaseVertices(2);
out.increased = {
    total: dense.getTotalVertices(),
    indices: arr(dense.getIndices()),
    positions: arr(dense.getVerticesData("position")),
    normals: arr(dense.getVerticesData("normal")),
    uvs: arr(dense.getVerticesData("uv")),
};
const sharedBox = MeshBuilder.CreateBox("sharedBox", { size: 2 }, scene);
sharedBox.forceSharedVertices();
out.sharedVertices = {
    total: sharedBox.getTotalVertices(),
    indices: arr(sharedBox.getIndices()),
    positions: arr(sharedBox.getVerticesData("position")),
    normals: arr(sharedBox.getVerticesData("normal")),
    uvs: arr(sharedBox.getVerticesData("uv")),
};

// Displacement from an RGBA buffer.
const terrain = MeshBuilder.CreateGround("terrain", { width: 2, height: 2, subdivisions: 3, updatable: true }, scene);
const w = 4;
const h = 4;
const pixels = [];
for (let i = 0; i < w * h; i++) pixels.push((i * 37) % 256, (i * 91) % 256, (i * 13) % 256, 255);
terrain.applyDisplacementMapFromBuffer(pixels, w, h, -0.5, 1.5);
out.displaced = { positions: arr(terrain.getVerticesData("position")), normals: arr(terrain.getVerticesData("normal")) };

// optimizeIndicesAsync.
const sphere = MeshBuilder.CreateSphere("sphere", { segments: 2 }, scene);
await sphere.optimizeIndicesAsync();
out.optimized = arr(sphere.getIndices());

// Thin instances from a buffer.
const many = MeshBuilder.CreateBox("many", {}, scene);
const buffer = new Float32Array(48);
Matrix.Translation(3, 0, 0).copyToArray(buffer, 0);
Matrix.Scaling(2, 2, 2).multiply(Matrix.Translation(-2, 1, 0)).copyToArray(buffer, 16);
Matrix.RotationY(0.5).multiply(Matrix.Translation(0, 0, 4)).copyToArray(buffer, 32);
many.thinInstanceSetBuffer("matrix", buffer, 16);
out.thin = {
    count: many.thinInstanceCount,
    has: many.hasThinInstances,
    bounds: bounds(many),
    raw: [...v3(many.rawBoundingInfo.minimum), ...v3(many.rawBoundingInfo.maximum)],
    world: many.thinInstanceGetWorldMatrices().map((m) => Array.from(m.m)),
};
many.position.set(1, 1, 1);
many.computeWorldMatrix(true);
out.thinMoved = bounds(many);
many.thinInstanceCount = 2;
many.thinInstanceSetMatrixAt(1, Matrix.Translation(0, 5, 0));
out.thinSet = { count: many.thinInstanceCount, bounds: bounds(many) };
many.thinInstanceRegisterAttribute("color", 4);
out.thinAttr = [many.thinInstanceSetAttributeAt("color", 1, [1, 0.5, 0.25, 1]), many.thinInstanceSetAttributeAt("color", 2, [1, 1, 1, 1])];

// Positional Create statics.
const legacy = [
    Mesh.CreateBox("lb", 3, scene),
    Mesh.CreateSphere("ls", 4, 2, scene),
    Mesh.CreatePlane("lp", 2.5, scene),
    Mesh.CreateGround("lg", 4, 2, 2, scene),
];
out.legacy = legacy.map((m) => [m.getClassName(), m.getTotalVertices(), m.getTotalIndices(), ...bounds(m)]);

// MergeMeshes: world-space vertex data, a mirrored mesh's faces flipped, sub-meshes.
const partA = MeshBuilder.CreateBox("partA", { size: 1 }, scene);
partA.position.set(2, 0, 0);
partA.rotation.y = 0.4;
const partB = MeshBuilder.CreatePlane("partB", { size: 2 }, scene);
partB.scaling.set(-1, 1, 1);
partB.position.set(0, 3, 0);
const partC = MeshBuilder.CreateBox("partC", { width: 2, height: 1, depth: 1 }, scene);
partC.position.set(0, 0, -2);
const merged = Mesh.MergeMeshes([partA, partB], false);
out.merged = {
    name: merged.name,
    total: merged.getTotalVertices(),
    indices: arr(merged.getIndices()),
    positions: arr(merged.getVerticesData("position")),
    normals: arr(merged.getVerticesData("normal")),
    uvs: arr(merged.getVerticesData("uv")),
    bounds: bounds(merged),
    sourcesKept: [scene.meshes.indexOf(partA) !== -1, scene.meshes.indexOf(partB) !== -1],
};
const split = Mesh.MergeMeshes([partA, partC], true, true, undefined, true);
out.mergedSplit = {
    total: split.getTotalVertices(),
    subMeshes: split.subMeshes.map((s) => [s.verticesStart, s.verticesCount, s.indexStart, s.indexCount]),
    bounds: bounds(split),
    disposed: [scene.meshes.indexOf(partA) === -1, scene.meshes.indexOf(partC) === -1],
};

console.log(JSON.stringify(out));
