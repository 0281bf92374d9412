// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 instances, clones and mesh state: createInstance (shared geometry and
// material, own transform and bounds, instances list, dispose), an instance animated by
// beginAnimation and by an AnimationGroup, clone (state copied, children cloned, geometry
// shared), the default values of AbstractMesh/Mesh flags, meshBlendingTag, facet data
// (normals, positions, partitioning, closest facet), movePOV/rotatePOV, alignWithNormal,
// moveWithCollisions with nothing to collide, LOD levels by distance, toString.
import { Animation, AnimationGroup, FreeCamera, Logger, Mesh, MeshBuilder, NullEngine, Scene, StandardMaterial, TransformNode, Vector3 } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const engine = new NullEngine();
const scene = new Scene(engine);

const v3 = (v) => [v.x, v.y, v.z];
const box3 = (mesh) => {
    const b = mesh.getBoundingInfo().boundingBox;
    return { min: v3(b.minimumWorld), max: v3(b.maximumWorld), center: v3(b.centerWorld), radiusWorld: mesh.getBoundingInfo().boundingSphere.radiusWorld };
};
const out = {};

const material = new StandardMaterial("mat", scene);
const source = MeshBuilder.CreateBox("source", { width: 2, height: 1, depth: 1 }, scene);
source.material = material;
source.position.set(1, 0, 0);
source.rotation.y = 0.25;
source.visibility = 0.5;
const parent = new TransformNode("parent", scene);
source.parent = parent;
source.createAnimationRange("walk", 0, 10);
const inst = source.createInstance("inst");
out.instanceCreated = {
    className: inst.getClassName(),
    isAnInstance: inst.isAnInstance,
    sourceIsSource: inst.sourceMesh === source,
    sameGeometry: inst.geometry === source.geometry,
    material: inst.material.name,
    visibility: inst.visibility,
    parent: inst.parent.name,
    position: v3(inst.position),
    rotation: v3(inst.rotation),
    totalVertices: inst.getTotalVertices(),
    totalIndices: inst.getTotalIndices(),
    firstPositions: Array.from(inst.getVerticesData("position")).slice(0, 6),
    hasInstances: source.hasInstances,
    instances: source.instances.map((i) => i.name),
    ranges: inst.getAnimationRanges().map((r) => [r.name, r.from, r.to]),
    subMeshes: inst.subMeshes.length,
    inScene: scene.meshes.indexOf(inst) !== -1,
};
inst.material = null;
inst.visibility = 1;
out.instanceSetters = { material: inst.material.name, visibility: inst.visibility };
inst.position.set(-3, 2, 1);
inst.scaling.set(2, 2, 2);
inst.computeWorldMatrix(true);
source.computeWorldMatrix(true);
out.instanceBounds = { instance: box3(inst), source: box3(source) };

// An instance animates like any node.
const slide = new Animation("slide", "position.x", 30, Animation.ANIMATIONTYPE_FLOAT);
slide.setKeys([{ frame: 0, value: 0 }, { frame: 30, value: 6 }]);
inst.animations.push(slide);
scene.beginAnimation(inst, 0, 30, false);
const frames = [];
for (let i = 0; i < 4; i++) {
    scene._animate(250);
    inst.computeWorldMatrix(true);
    frames.push([inst.position.x, inst.getBoundingInfo().boundingBox.centerWorld.x]);
}
out.instanceAnimated = frames;
const inst2 = source.createInstance("inst2");
const spin = new Animation("spin", "rotation.y", 30, Animation.ANIMATIONTYPE_FLOAT);
spin.setKeys([{ frame: 0, value: 0 }, { frame: 60, value: Math.PI }]);
const group = new AnimationGroup("group", scene);
group.addTargetedAnimation(spin, inst2);
group.play(false);
const spins = [];
for (let i = 0; i < 3; i++) {
    scene._animate(400);
    inst2.computeWorldMatrix(true);
    spins.push([inst2.rotation.y, ...v3(inst2.getBoundingInfo().boundingBox.maximumWorld)]);
}
out.instanceGroup = spins;
const inst3 = inst.clone("inst3");
out.instanceClone = { className: inst3.getClassName(), source: inst3.sourceMesh.name, position: v3(inst3.position), scaling: v3(inst3.scaling), instances: source.instances.map((i) => i.name) };
inst.dispose();
out.afterDispose = { instances: source.instances.map((i) => i.name), inScene: scene.meshes.indexOf(inst) !== -1 };

// Clone: state copied, geometry shared, children cloned.
source.isPickable = false;
source.checkCollisions = true;
source.alphaIndex = 3;
source.receiveShadows = true;
source.outlineWidth = 0.5;
source.ellipsoid.set(1, 2, 3);
const kid = MeshBuilder.CreateSphere("kid", { segments: 2 }, scene);
kid.parent = source;
kid.position.set(0, 2, 0);
const copy = source.clone("copy");
out.clone = {
    name: copy.name,
    id: copy.id,
    parent: copy.parent.name,
    position: v3(copy.position),
    rotation: v3(copy.rotation),
    material: copy.material.name,
    sameGeometry: copy.geometry === source.geometry,
    isPickable: copy.isPickable,
    checkCollisions: copy.checkCollisions,
    alphaIndex: copy.alphaIndex,
    receiveShadows: copy.receiveShadows,
    visibility: copy.visibility,
    outlineWidth: copy.outlineWidth,
    ellipsoid: v3(copy.ellipsoid),
    ellipsoidShared: copy.ellipsoid === source.ellipsoid,
    source: copy.source.name,
    children: copy.getChildMeshes(true).map((c) => [c.name, ...v3(c.position)]),
    instances: copy.instances.length,
    ranges: copy.getAnimationRanges().map((r) => [r.name, r.from, r.to]),
};

// Defaults of the plain state.
const plain = new Mesh("plain", scene);
const flags = [
    "isBlocker", "isNearPickable", "isNearGrabbable", "showSubMeshesBoundingBox", "enablePointerMoveEvents",
    "outlineWidth", "overlayAlpha", "useOctreeForRenderingSelection", "useOctreeForPicking", "useOctreeForCollisions",
    "edgesWidth", "definedFacingForward", "collisionMask", "collisionGroup", "collisionResponse", "collisionRetryCount",
    "hasVertexAlpha", "useVertexColors", "computeBonesUsingShaders", "numBoneInfluencers", "applyFog", "enableDistantPicking",
    "partitioningSubdivisions", "partitioningBBoxRatio", "mustDepthSortFacets", "facetNb", "isFacetDataEnabled",
    "occlusionRetryCount", "occlusionType", "occlusionQueryAlgorithmType", "isOccluded", "isOcclusionQueryInProgress",
    "forceRenderingWhenOccluded", "occlusionForRenderPassId", "showBoundingBox", "meshBlendingTag", "isAnInstance",
    "hasInstances", "hasThinInstances", "hasBoundingInfo", "isBlocked", "pointerOverDisableMeshTesting", "delayLoadState",
    "ignoreCameraMaxZ", "sideOrientation", "overrideMaterialSideOrientation", "forcedInstanceCount", "thinInstanceCount",
    "useLODScreenCoverage", "hasLODLevels", "areNormalsFrozen", "isUnIndexed", "cullingStrategy", "alphaIndex",
];
out.defaults = Object.fromEntries(flags.map((f) => [f, plain[f]]));
out.defaultColors = { outline: [plain.outlineColor.r, plain.outlineColor.g, plain.outlineColor.b], edges: [plain.edgesColor.r, plain.edgesColor.g, plain.edgesColor.b, plain.edgesColor.a], ellipsoid: v3(plain.ellipsoid), ellipsoidOffset: v3(plain.ellipsoidOffset) };
out.defaultNulls = ["actionManager", "rawBoundingInfo", "surroundingMeshes", "edgesRenderer", "bakedVertexAnimationManager", "overrideRenderingFillMode", "source", "cloneMeshMap", "geometry", "collider"].map((f) => plain[f] === null || plain[f] === undefined);
out.emptyData = [plain.getTotalVertices(), plain.getTotalIndices(), plain.getIndices().length, plain.getVerticesData("position"), plain.isVerticesDataPresent("position"), plain.getVerticesDataKinds().length];
plain.collisionMask = NaN;
plain.collisionGroup = 5;
plain.meshBlendingTag = 65;
out.setters = [plain.collisionMask, plain.collisionGroup, plain.meshBlendingTag];
let tagError = false;
try {
    plain.meshBlendingTag = 64;
} catch (e) {
    tagError = true;
}
out.tagError = [tagError, plain.meshBlendingTag];
out.toString = [source.toString(), source.toString(true), inst2.toString()];

// Facet data.
const ground = MeshBuilder.CreateGround("ground", { width: 4, height: 2, subdivisions: 2 }, scene);
ground.position.set(1, 1, 0);
ground.rotation.x = 0.3;
ground.computeWorldMatrix(true);
ground.updateFacetData();
const projected = Vector3.Zero();
const closest = ground.getClosestFacetAtCoordinates(1.2, 1.5, 0.2, projected);
out.facets = {
    facetNb: ground.facetNb,
    enabled: ground.isFacetDataEnabled,
    localNormals: ground.getFacetLocalNormals().map(v3),
    localPositions: ground.getFacetLocalPositions().map(v3),
    partitioning: ground.getFacetLocalPartitioning().map((b) => (b ? b.slice() : null)),
    position3: v3(ground.getFacetPosition(3)),
    normal3: v3(ground.getFacetNormal(3)),
    atLocal: ground.getFacetsAtLocalCoordinates(0.5, 0, 0.2),
    closest,
    projected: v3(projected),
    closestLocal: ground.getClosestFacetAtLocalCoordinates(-1.5, 0.1, -0.6),
    params: [ground.getFacetDataParameters().ratio, ground.getFacetDataParameters().subDiv.max, ground.getFacetDataParameters().subDiv.X, ground.getFacetDataParameters().subDiv.Y, ground.getFacetDataParameters().subDiv.Z],
};
ground.disableFacetData();
out.facetsDisabled = [ground.isFacetDataEnabled, ground.facetNb];

// POV moves, alignWithNormal, moveWithCollisions.
const walker = MeshBuilder.CreateBox("walker", {}, scene);
walker.rotation.set(0.2, 0.8, -0.1);
walker.movePOV(1, 2, 3);
out.pov = { afterMove: v3(walker.position), calc: v3(walker.calcMovePOV(0.5, -1, 2)), rotate: v3(walker.calcRotatePOV(0.1, 0.2, 0.3)) };
walker.rotatePOV(0.1, 0.2, 0.3);
out.pov.afterRotate = v3(walker.rotation);
walker.definedFacingForward = false;
out.pov.flipped = v3(walker.calcMovePOV(1, 2, 3));
walker.alignWithNormal(new Vector3(1, 1, 0).normalize());
out.aligned = v3(walker.rotation);
source.checkCollisions = false;
for (const m of scene.meshes) m.checkCollisions = false;
walker.position.set(0, 0, 0);
walker.ellipsoid.set(0.5, 0.75, 0.25);
walker.moveWithCollisions(new Vector3(0.3, -0.2, 0.7));
const afterMove = v3(walker.position);
walker.moveWithCollisions(new Vector3(0.0004, 0, 0));
out.collisions = { afterMove, tiny: v3(walker.position) };

// LOD by distance.
const hero = MeshBuilder.CreateSphere("hero", { segments: 4 }, scene);
const mid = MeshBuilder.CreateSphere("mid", { segments: 2 }, scene);
const far = MeshBuilder.CreateBox("far", {}, scene);
hero.addLODLevel(30, far);
hero.addLODLevel(10, mid);
hero.addLODLevel(60, null);
const camera = new FreeCamera("camera", new Vector3(0, 0, -5), scene);
const picks = [];
for (const z of [-5, -15, -40, -80]) {
    camera.position.z = z;
    camera.getViewMatrix(true);
    const lod = hero.getLOD(camera);
    picks.push(lod ? lod.name : null);
}
out.lod = {
    levels: hero.getLODLevels().map((l) => [l.distanceOrScreenCoverage, l.mesh ? l.mesh.name : null]),
    picks,
    hasLOD: hero.hasLODLevels,
    midBlocked: mid.isBlocked,
    atDistance: hero.getLODLevelAtDistance(30).name,
};
hero.removeLODLevel(mid);
out.lodRemoved = { levels: hero.getLODLevels().map((l) => l.distanceOrScreenCoverage), midBlocked: mid.isBlocked };

console.log(JSON.stringify(out));
