// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 mesh data and bounds: setVerticesData (static and updatable, float32),
// updateVerticesData with and without updateExtends, updateMeshPositions (normals recomputed),
// getBoundingInfo (box corners, centers, extend sizes, sphere radii) after transforms and
// parenting, refreshBoundingInfo, buildBoundingInfo/setBoundingInfo, intersectsPoint/Mesh,
// getHierarchyBoundingVectors, normalizeToUnitCube, Mesh.MinMax/Center, createNormals,
// bakeTransformIntoVertices/bakeCurrentTransformIntoVertices (mirroring flips faces),
// flipFaces, convertToFlatShadedMesh, convertToUnIndexedMesh, makeGeometryUnique, toLeftHanded,
// subdivide, optimizeIndices (its callback result), isVerticesDataPresent/getVerticesDataKinds, submeshes.
import { Logger, Matrix, Mesh, MeshBuilder, NullEngine, Quaternion, Scene, TransformNode, Vector3 } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const engine = new NullEngine();
const scene = new Scene(engine);

const v3 = (v) => [v.x, v.y, v.z];
const arr = (a) => (a === null || a === undefined ? null : Array.from(a));
function bounds(mesh) {
    const info = mesh.getBoundingInfo();
    const box = info.boundingBox;
    const sphere = info.boundingSphere;
    return {
        minimum: v3(info.minimum),
        maximum: v3(info.maximum),
        minimumWorld: v3(box.minimumWorld),
        maximumWorld: v3(box.maximumWorld),
        centerWorld: v3(box.centerWorld),
        extendSize: v3(box.extendSize),
        extendSizeWorld: v3(box.extendSizeWorld),
        vectorsWorld: box.vectorsWorld.map(v3),
        directions: box.directions.map(v3),
        radius: sphere.radius,
        radiusWorld: sphere.radiusWorld,
        sphereCenterWorld: v3(sphere.centerWorld),
        diagonalLength: info.diagonalLength,
    };
}

const out = {};

// A hand-made triangle pair, static then updatable.
const quad = new Mesh("quad", scene);
const positions = [0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0.5];
quad.setVerticesData("position", positions);
quad.setIndices([0, 1, 2, 0, 2, 3]);
out.quadStatic = {
    total: quad.getTotalVertices(),
    totalIndices: quad.getTotalIndices(),
    kinds: quad.getVerticesDataKinds(),
    present: [quad.isVerticesDataPresent("position"), quad.isVerticesDataPresent("normal")],
    updatable: quad.isVertexBufferUpdatable("position"),
    sameArray: quad.getVerticesData("position") === positions,
    bounds: bounds(quad),
    subMeshes: quad.subMeshes.map((s) => [s.materialIndex, s.verticesStart, s.verticesCount, s.indexStart, s.indexCount]),
};
quad.createNormals(false);
out.quadNormals = arr(quad.getVerticesData("normal"));
// A static buffer ignores updateVerticesData (Babylon keeps the old data) but updateExtends
// still refreshes the bounds from the data given.
quad.updateVerticesData("position", [0, 0, 0, 2, 0, 0, 2, 2, 0, 0, 2, 0], true);
out.quadStaticUpdate = { data: arr(quad.getVerticesData("position")), bounds: bounds(quad) };
quad.setVerticesData("position", [0.1, 0.2, 0.3, 1.7, 0.1, 0, 1.3, 1.1, 0, 0, 1, 0.25], true);
out.quadUpdatable = { data: arr(quad.getVerticesData("position")), updatable: quad.isVertexBufferUpdatable("position"), bounds: bounds(quad) };
quad.updateVerticesData("position", [0, 0, 0, 3, 0, 0, 3, 3, 0, 0, 3, 1], false);
out.quadNoExtend = { data: arr(quad.getVerticesData("position")), bounds: bounds(quad) };
quad.refreshBoundingInfo();
out.quadRefreshed = bounds(quad);

// updateMeshPositions on an updatable sphere: positions edited in place, normals recomputed.
const sphere = MeshBuilder.CreateSphere("sphere", { segments: 3, diameter: 2, updatable: true }, scene);
sphere.updateMeshPositions((p) => {
    for (let i = 0; i < p.length; i += 3) {
        p[i] *= 1.5;
        p[i + 1] += p[i] * 0.25;
    }
});
out.sphereMorphed = {
    positions: arr(sphere.getVerticesData("position")),
    normals: arr(sphere.getVerticesData("normal")),
    boundsBefore: bounds(sphere),
};
sphere.refreshBoundingInfo();
out.sphereMorphed.boundsAfter = bounds(sphere);

// Bounds under a transform and a parent.
const root = new TransformNode("root", scene);
root.position.set(1, 2, 3);
root.rotation.y = 0.7;
root.scaling.set(2, 1, 0.5);
const box = MeshBuilder.CreateBox("box", { width: 2, height: 1, depth: 3 }, scene);
box.parent = root;
box.position.set(0.5, -1, 2);
box.rotationQuaternion = Quaternion.RotationYawPitchRoll(0.3, -0.2, 0.9);
box.computeWorldMatrix(true);
out.boxWorld = bounds(box);
out.boxTests = {
    inside: box.intersectsPoint(box.getBoundingInfo().boundingBox.centerWorld),
    outside: box.intersectsPoint(new Vector3(100, 0, 0)),
};
const other = MeshBuilder.CreateBox("other", { size: 1 }, scene);
other.position.copyFrom(box.getAbsolutePosition()).addInPlace(new Vector3(1.6, 0, 0));
other.computeWorldMatrix(true);
out.intersects = [box.intersectsMesh(other, false), box.intersectsMesh(other, true)];
other.position.x += 10;
other.computeWorldMatrix(true);
out.intersectsFar = [box.intersectsMesh(other, false), box.intersectsMesh(other, true)];
const child = MeshBuilder.CreateSphere("child", { segments: 2, diameter: 1 }, scene);
child.parent = box;
child.position.set(0, 3, 0);
const h = box.getHierarchyBoundingVectors(true);
out.hierarchy = { min: v3(h.min), max: v3(h.max) };
const hb = box.getHierarchyBoundingVectors(false);
out.hierarchyBoxOnly = { min: v3(hb.min), max: v3(hb.max) };
const mm = Mesh.MinMax([box, child, other]);
out.minMax = { min: v3(mm.min), max: v3(mm.max), center: v3(Mesh.Center([box, child, other])) };
box.normalizeToUnitCube(true);
out.normalized = v3(box.scaling);

// buildBoundingInfo / setBoundingInfo / locks.
const custom = MeshBuilder.CreateBox("custom", {}, scene);
custom.position.set(3, 0, 0);
custom.computeWorldMatrix(true);
custom.buildBoundingInfo(new Vector3(-2, -2, -2), new Vector3(2, 2, 2));
out.built = bounds(custom);
custom.getBoundingInfo().isLocked = true;
custom.refreshBoundingInfo();
out.locked = bounds(custom);
custom.getBoundingInfo().isLocked = false;
custom.refreshBoundingInfo();
out.unlocked = bounds(custom);

// Baking transforms, mirrored (faces flip), then the current transform.
const baked = MeshBuilder.CreateBox("baked", { size: 1 }, scene);
baked.bakeTransformIntoVertices(Matrix.Scaling(-1, 2, 1).multiply(Matrix.Translation(1, 0, 0)));
out.bakeMirror = {
    positions: arr(baked.getVerticesData("position")),
    normals: arr(baked.getVerticesData("normal")),
    indices: arr(baked.getIndices()),
    bounds: bounds(baked),
};
const current = MeshBuilder.CreateBox("current", { width: 1, height: 2, depth: 1 }, scene);
current.position.set(1, 2, 3);
current.rotation.set(0.1, 0.5, -0.3);
current.scaling.set(1, 0.5, 2);
current.bakeCurrentTransformIntoVertices();
current.computeWorldMatrix(true);
out.bakeCurrent = {
    positions: arr(current.getVerticesData("position")),
    normals: arr(current.getVerticesData("normal")),
    position: v3(current.position),
    rotation: v3(current.rotation),
    scaling: v3(current.scaling),
    bounds: bounds(current),
};

// flipFaces, flat shading, un-indexing, left-handed conversion, subdivide, optimizeIndices.
const flipped = MeshBuilder.CreatePlane("flipped", { size: 2 }, scene);
flipped.flipFaces(true);
out.flipped = { indices: arr(flipped.getIndices()), normals: arr(flipped.getVerticesData("normal")) };
const flat = MeshBuilder.CreateSphere("flat", { segments: 2, diameter: 1 }, scene);
flat.convertToFlatShadedMesh();
out.flat = {
    total: flat.getTotalVertices(),
    isUnIndexed: flat.isUnIndexed,
    indices: arr(flat.getIndices()).slice(0, 12),
    positions: arr(flat.getVerticesData("position")).slice(0, 36),
    normals: arr(flat.getVerticesData("normal")).slice(0, 36),
    uvs: arr(flat.getVerticesData("uv")).slice(0, 24),
    bounds: bounds(flat),
};
const unindexed = MeshBuilder.CreateGround("unindexed", { width: 2, height: 2, subdivisions: 2 }, scene);
unindexed.convertToUnIndexedMesh();
out.unindexed = { total: unindexed.getTotalVertices(), positions: arr(unindexed.getVerticesData("position")), normals: arr(unindexed.getVerticesData("normal")) };
const lefty = MeshBuilder.CreatePlane("lefty", { width: 2, height: 1 }, scene);
lefty.position.z = 1;
lefty.toLeftHanded();
out.lefty = { indices: arr(lefty.getIndices()), positions: arr(lefty.getVerticesData("position")), normals: arr(lefty.getVerticesData("normal")) };
const split = MeshBuilder.CreateBox("split", {}, scene);
split.subdivide(4);
out.split = split.subMeshes.map((s) => [s.verticesStart, s.verticesCount, s.indexStart, s.indexCount]);
const dedup = MeshBuilder.CreateBox("dedup", {}, scene);
// optimizeIndices finishes in a later task (AsyncLoop + setTimeout): wait for its callback.
out.dedup = await new Promise((resolve) => dedup.optimizeIndices((m) => resolve(arr(m.getIndices()))));

// Shared geometry: a clone shares it until makeGeometryUnique.
const shared = MeshBuilder.CreateBox("shared", { size: 2, updatable: true }, scene);
const twin = shared.clone("twin");
out.sharedBefore = [twin.geometry === shared.geometry, shared.geometry.meshes.length];
twin.makeGeometryUnique();
twin.updateVerticesData("position", twin.getVerticesData("position").map((v) => v * 3), true);
out.sharedAfter = {
    same: twin.geometry === shared.geometry,
    counts: [shared.geometry.meshes.length, twin.geometry.meshes.length],
    sourceFirst: arr(shared.getVerticesData("position")).slice(0, 6),
    twinFirst: arr(twin.getVerticesData("position")).slice(0, 6),
    twinBounds: bounds(twin),
    copyWhenShared: shared.getVerticesData("position", true) === shared.getVerticesData("position"),
};

console.log(JSON.stringify(out));
