// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 Scene and Engine surface, headless: Engine statics and getters, the render
// loop driven frame by frame (fps, delta time, frame ids, begin/end frame observables,
// stopRenderLoop), onNewSceneAddedObservable; the scene's plain flags and their defaults,
// add/remove of skeletons, animations, textures, geometries, multi-materials, morph target
// managers and post-processes with their observables; every lookup by id, name and uniqueId
// (first and last), getNodes, tag queries (the observables Babylon notifies synchronously:
// its "new X added" ones fire on a later tick, so this synchronous script never sees them); lockstep step ids and step observable order;
// registerBeforeRender / beforeRender (and incrementRenderId); createDefaultCameraOrLight on
// an empty scene; Tools' number and string helpers; Angle, Path3D and Curve3; Vector3.Project,
// Unproject, ProjectOnTriangleToRef and projectOnPlane; Matrix.Reflection and oblique
// projections.
import {
    Angle,
    Curve3,
    Engine,
    Logger,
    Matrix,
    Mesh,
    MorphTarget,
    MorphTargetManager,
    NullEngine,
    Path3D,
    Plane,
    Scene,
    Skeleton,
    Bone,
    StandardMaterial,
    Tools,
    TransformNode,
    FreeCamera,
    PointLight,
    Vector2,
    Vector3,
} from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

let fakeNow = 1000;
Date.now = () => fakeNow;

const out = {};
const v = (p) => [p.x, p.y, p.z];
const arr = (m) => Array.from(m.asArray());

// -- engine ---------------------------------------------------------------------------------
const engine = new NullEngine();
const added = [];
engine.onNewSceneAddedObservable.add((s) => added.push(s.getClassName()));
out.engine = {
    className: engine.getClassName(),
    version: Engine.Version,
    npm: Engine.NpmPackage,
    lastEngine: Engine.LastCreatedEngine === engine,
    fps0: engine.getFps(),
    delta0: engine.getDeltaTime(),
    frame0: engine.frameId,
    lockstep: [engine.isDeterministicLockStep(), engine.getLockstepMaxSteps(), engine.getTimeStep()],
    disposed: engine.isDisposed,
};
const scene = new Scene(engine);
out.engine.lastScene = Engine.LastCreatedScene === scene;
out.engine.added = added.slice();

let queued = null;
engine.customAnimationFrameRequester = {
    requestAnimationFrame: (fn) => {
        queued = fn;
        return 1;
    },
};
const frames = [];
const begins = [];
engine.onBeginFrameObservable.add(() => begins.push(engine.frameId));
engine.onEndFrameObservable.add(() => begins.push(-engine.frameId));
const loop = () => {
    frames.push([engine.frameId, engine.getFps(), engine.getDeltaTime()]);
};
engine.runRenderLoop(loop);
engine.runRenderLoop(loop); // registered once
const steps = [20, 20, 10, 40, 16];
for (const dt of steps) {
    const f = queued;
    queued = null;
    f();
    fakeNow += dt;
}
out.engine.loops = engine.activeRenderLoops.length;
engine.stopRenderLoop(loop);
out.engine.loopsAfterStop = engine.activeRenderLoops.length;
out.engine.frames = frames.map((r) => [r[0], Number.isFinite(r[1]) ? r[1] : String(r[1]), r[2]]);
out.engine.begins = begins;
out.engine.frameEnd = engine.frameId;

// -- flags and lists --------------------------------------------------------------------------
out.flags = [
    scene.renderTargetsEnabled,
    scene.dumpNextRenderTargets,
    scene.defaultRenderableLayerMask,
    scene.blockfreeActiveMeshesAndRenderingGroups,
    scene.getInternalStep(),
    scene.animations.length,
    scene.geometries.length,
    scene.particleSystems.length,
    scene.postProcesses.length,
    scene.customRenderTargets.length,
    scene.getStepId(),
];
scene.blockfreeActiveMeshesAndRenderingGroups = true;
out.flags.push(scene.blockfreeActiveMeshesAndRenderingGroups);
scene.blockfreeActiveMeshesAndRenderingGroups = false;

const events = [];
scene.onSkeletonRemovedObservable.add((s) => events.push("-skeleton:" + s.name));
scene.onNewTextureAddedObservable.add((t) => events.push("+texture:" + t.name));
scene.onTextureRemovedObservable.add((t) => events.push("-texture:" + t.name));
scene.onPostProcessRemovedObservable.add((p) => events.push("-pp:" + p.name));
scene.onMultiMaterialRemovedObservable.add((m) => events.push("-multi:" + m.name));
scene.onGeometryRemovedObservable.add((g) => events.push("-geometry:" + g.id));
scene.onDataLoadedObservable.add(() => events.push("dataLoaded"));

const tex = { name: "tex", uniqueId: 9001 };
scene.addTexture(tex);
const tex2 = { name: "tex2", uniqueId: 9002 };
scene.addTexture(tex2);
const pp = { name: "pp" };
scene.addPostProcess(pp);
const multi = { name: "multi", id: "multiId", uniqueId: 9100 };
scene.addMultiMaterial(multi);
const anim = { name: "a" };
scene.addAnimation(anim);
const geo = { id: "g1", uniqueId: 9200 };
scene.addGeometry(geo);
scene.addGeometry({ id: "g2", uniqueId: 9201 });
scene.addPendingData("x");
scene.addPendingData("y");
const lists = {};
lists.loading = [scene.isLoading, scene.getWaitingItemsCount()];
scene.removePendingData("x");
scene.removePendingData("y");
lists.loaded = [scene.isLoading, scene.getWaitingItemsCount()];
lists.textureByName = scene.getTextureByName("tex2").uniqueId;
lists.textureByUid = scene.getTextureByUniqueId(9001).name;
lists.textureMissing = scene.getTextureByName("zzz");
lists.ppByName = scene.getPostProcessByName("pp").name;
lists.geometryById = scene.getGeometryById("g2").uniqueId;
lists.removeGeometry = [scene.removeGeometry(geo), scene.removeGeometry(geo), scene.geometries.map((g) => g.id)];
lists.removeTexture = [scene.removeTexture(tex), scene.removeTexture(tex), scene.textures.length];
lists.removePp = [scene.removePostProcess(pp), scene.postProcesses.length];
lists.removeMulti = scene.removeMultiMaterial(multi);
lists.removeAnim = [scene.removeAnimation(anim), scene.removeAnimation(anim)];
lists.externalData = [
    scene.addExternalData("k", 1),
    scene.addExternalData("k", 2),
    scene.getExternalData("k"),
    scene.getOrAddExternalDataWithFactory("j", (key) => key + "!"),
    scene.removeExternalData("k"),
    scene.getExternalData("k"),
];
out.lists = lists;

// -- lookups ----------------------------------------------------------------------------------
const m1 = new Mesh("box", scene);
m1.id = "shared";
const m2 = new Mesh("ball", scene);
m2.id = "shared";
const t1 = new TransformNode("pivot", scene);
t1.id = "tid";
const t2 = new TransformNode("pivot2", scene);
t2.id = "tid";
const cam = new FreeCamera("cam", new Vector3(0, 0, -5), scene);
cam.id = "camId";
const light = new PointLight("lamp", new Vector3(0, 3, 0), scene);
light.id = "lampId";
const mat = new StandardMaterial("mat", scene);
mat.id = "matId";
const skeleton = new Skeleton("skel", "skelId", scene);
const bone = new Bone("hip", skeleton);
bone.id = "hipId";
const manager = new MorphTargetManager(scene);
const target = new MorphTarget("smile", 0.5, scene);
target.id = "smileId";
manager.addTarget(target);
m1._tags = { red: true, big: true };
m2._tags = { red: true };
t1._tags = { big: true };
const nm = (n) => (n ? n.name : null);
out.lookups = {
    meshById: nm(scene.getMeshById("shared")),
    lastMeshById: nm(scene.getLastMeshById("shared")),
    meshesById: scene.getMeshesById("shared").map(nm),
    meshByUid: nm(scene.getMeshByUniqueId(m2.uniqueId)),
    meshByIdMissing: scene.getMeshById("nope"),
    tnById: nm(scene.getTransformNodeById("tid")),
    lastTnById: nm(scene.getLastTransformNodeById("tid")),
    tnsById: scene.getTransformNodesById("tid").map(nm),
    tnByUid: nm(scene.getTransformNodeByUniqueId(t2.uniqueId)),
    camById: nm(scene.getCameraById("camId")),
    camByUid: nm(scene.getCameraByUniqueId(cam.uniqueId)),
    lightById: nm(scene.getLightById("lampId")),
    lightByUid: nm(scene.getLightByUniqueId(light.uniqueId)),
    matById: nm(scene.getMaterialById("matId")),
    matByUid: nm(scene.getMaterialByUniqueId(mat.uniqueId)),
    lastMatById: nm(scene.getLastMaterialById("matId")),
    multiAllowed: nm(scene.getMaterialById("multiId", true)),
    multiRefused: scene.getMaterialById("multiId"),
    skelById: nm(scene.getSkeletonById("skelId")),
    skelByName: nm(scene.getSkeletonByName("skel")),
    skelByUid: nm(scene.getSkeletonByUniqueId(skeleton.uniqueId)),
    lastSkelById: nm(scene.getLastSkeletonById("skelId")),
    boneById: nm(scene.getBoneById("hipId")),
    boneByName: nm(scene.getBoneByName("hip")),
    nodeById: [nm(scene.getNodeById("tid")), nm(scene.getNodeById("lampId")), nm(scene.getNodeById("hipId"))],
    lastEntryById: [nm(scene.getLastEntryById("shared")), nm(scene.getLastEntryById("hipId")), scene.getLastEntryById("none")],
    morphManager: scene.getMorphTargetManagerById(manager.uniqueId) === manager,
    morphById: nm(scene.getMorphTargetById("smileId")),
    morphByName: nm(scene.getMorphTargetByName("smile")),
    nodes: scene.getNodes().map(nm),
    tagsRed: scene.getMeshesByTags("red").map(nm),
    tagsRedBig: scene.getMeshesByTags("red && big").map(nm),
    tagsNotBig: scene.getMeshesByTags("red && !big").map(nm),
    tagsOr: scene.getTransformNodesByTags("(red || big) && !small").map(nm),
    tagsAny: scene.getMeshesByTags("").map(nm),
    tagsFilter: scene.getMeshesByTags("red", (m) => m.name === "ball").map(nm),
    skeletonEvents: null,
};
scene.removeSkeleton(skeleton);
scene.addSkeleton(skeleton);
out.lookups.skeletonEvents = events.slice();
out.lookups.removeMorph = [scene.removeMorphTargetManager(manager), scene.removeMorphTargetManager(manager)];
const twinCam = new FreeCamera("twin", Vector3.Zero(), scene);
const twinLight = new PointLight("twin", Vector3.Zero(), scene);
out.lookups.nodeByName = [nm(scene.getNodeByName("hip")), scene.getNodeByName("twin") === twinLight, scene.getNodeByName("twin") === twinCam, scene.getNodeByName("nobody")];
out.lookups.materialByName = [nm(scene.getMaterialByName("mat")), nm(scene.getMaterialByName("mat", true)), scene.getMaterialByName("zzz", true)];

// -- render hooks -----------------------------------------------------------------------------
const order = [];
scene.activeCamera = cam;
scene.registerBeforeRender(() => order.push("registered"));
scene.beforeRender = () => order.push("beforeRender1");
scene.beforeRender = () => order.push("beforeRender2");
scene.onAfterRenderObservable.add(() => order.push("after:" + scene.getFrameId()));
scene.render();
scene.render();
const renderIdBefore = scene.getRenderId();
scene.incrementRenderId();
out.hooks = { order, renderIdStep: scene.getRenderId() - renderIdBefore, frameId: scene.getFrameId() };

// -- lockstep ----------------------------------------------------------------------------------
const lockEngine = new NullEngine({ deterministicLockstep: true, lockstepMaxSteps: 3, timeStep: 1 / 50 });
const lockScene = new Scene(lockEngine);
new FreeCamera("c", new Vector3(0, 0, -1), lockScene);
const stepLog = [];
lockScene.onBeforeStepObservable.add(() => stepLog.push("before:" + lockScene.getStepId()));
lockScene.onAfterStepObservable.add(() => stepLog.push("after:" + lockScene.getStepId()));
lockScene.onBeforeRenderObservable.add(() => stepLog.push("render:" + lockScene.getStepId()));
let lockQueued = null;
lockEngine.customAnimationFrameRequester = {
    requestAnimationFrame: (fn) => {
        lockQueued = fn;
        return 1;
    },
};
lockEngine.runRenderLoop(() => lockScene.render());
for (const dt of [0, 45, 10, 100, 20]) {
    fakeNow += dt;
    const f = lockQueued;
    lockQueued = null;
    f();
}
lockScene.setStepId(100);
out.lockstep = { log: stepLog, step: lockScene.getStepId(), internal: lockScene.getInternalStep(), delta: lockEngine.getDeltaTime() };
lockEngine.stopRenderLoop();

// -- default camera and light ----------------------------------------------------------------
const empty = new Scene(engine);
empty.createDefaultCameraOrLight();
const dc = empty.activeCamera;
out.defaults = {
    camera: [dc.name, dc.getClassName(), v(dc.position), dc.minZ, dc.maxZ, dc.speed, v(dc.getTarget())],
    light: [empty.lights.length, empty.lights[0].name, empty.lights[0].getClassName(), v(empty.lights[0].direction)],
};
empty.createDefaultLight();
out.defaults.lightsAgain = empty.lights.length;
const arcScene = new Scene(engine);
arcScene.createDefaultCamera(true);
const ac = arcScene.activeCamera;
out.defaults.arc = [ac.getClassName(), ac.alpha, ac.beta, ac.radius, ac.lowerRadiusLimit, ac.wheelPrecision, ac.minZ, ac.maxZ];

// -- Tools ----------------------------------------------------------------------------------
out.tools = {
    rad: [Tools.ToRadians(90), Tools.ToRadians(-45.5), Tools.ToDegrees(Math.PI / 3)],
    smooth: [Tools.SmoothAngleChange(10, 350), Tools.SmoothAngleChange(90, 180, 0.5)],
    mix: [Tools.Mix(1, 3, 0.25), Tools.Mix(-2, 2, 1.5)],
    pow2: [Tools.IsExponentOfTwo(1), Tools.IsExponentOfTwo(2), Tools.IsExponentOfTwo(3), Tools.IsExponentOfTwo(64), Tools.IsExponentOfTwo(0.5)],
    fround: [Tools.FloatRound(0.1), Tools.FloatRound(1 / 3)],
    format: [Tools.Format(0.125), Tools.Format(1.005), Tools.Format(-2.5, 0), Tools.Format(123.456, 1), Tools.Format(2, 3)],
    files: [Tools.GetFilename("a/b/c.glb"), Tools.GetFilename("c.glb"), Tools.GetFolderPath("a/b/c.glb"), Tools.GetFolderPath("c.glb"), Tools.GetFolderPath("c.glb", true)],
    abs: ["//x.com/a", "https://x.com/a", "a/b.glb", "data:abc", "file:/x", "http://localhost/a"].map((u) => Tools.IsAbsoluteUrl(u)),
    base64: [Tools.IsBase64("data:image/png;base64,AAAA"), Tools.IsBase64("data:text,hi")],
    makeArray: [Tools.MakeArray(3), Tools.MakeArray([1, 2]), Tools.MakeArray(null), Tools.MakeArray(null, true)],
    first: [Tools.First([1, 5, 8], (x) => x > 4), Tools.First([1], (x) => x > 4)],
    className: [Tools.GetClassName(new Vector3()), Tools.GetClassName(3), Tools.GetClassName("s")],
    cdn: [Tools.GetBabylonScriptURL("https://cdn.babylonjs.com/ammo.js"), Tools.GetAssetUrl("https://assets.babylonjs.com/core/x.png")],
    levels: [Tools.NoneLogLevel, Tools.MessageLogLevel, Tools.WarningLogLevel, Tools.ErrorLogLevel, Tools.AllLogLevel],
    id: Tools.RandomId().replace(/[0-9a-f]/g, "h"),
    noPrevent: [Tools.BackCompatCameraNoPreventDefault([true]), Tools.BackCompatCameraNoPreventDefault([null, true]), Tools.BackCompatCameraNoPreventDefault([])],
    pointer: Tools.GetPointerPrefix(engine),
};
Tools.ScriptBaseUrl = "https://mirror.example/";
Tools.AssetBaseUrl = "https://assets.example";
out.tools.cdnBase = [Tools.GetBabylonScriptURL("https://cdn.babylonjs.com/ammo.js"), Tools.GetAssetUrl("https://assets.babylonjs.com/core/x.png")];
Tools.ScriptBaseUrl = "";
Tools.AssetBaseUrl = "";

// -- Angle, Path3D, Curve3 -------------------------------------------------------------------
const ang = [new Angle(-1), Angle.FromDegrees(90), Angle.BetweenTwoPoints(new Vector2(0, 0), new Vector2(1, 1)), Angle.BetweenTwoVectors(new Vector3(1, 0, 0), new Vector3(0, 0, 2)), Angle.BetweenTwoVectors(Vector3.Zero(), new Vector3(1, 0, 0))];
out.angle = ang.map((a) => [a.radians(), a.degrees()]);
const pts = [new Vector3(0, 0, 0), new Vector3(1, 0, 0), new Vector3(1, 1, 0), new Vector3(1, 1, 1), new Vector3(3, 2, 1)];
const path = new Path3D(pts);
out.path = {
    length: path.length(),
    distances: path.getDistances(),
    tangents: path.getTangents().map(v),
    normals: path.getNormals().map(v),
    binormals: path.getBinormals().map(v),
    at: [0, 0.1, 0.37, 0.5, 0.99, 1].map((p) => [v(path.getPointAt(p)), path.getPreviousPointIndexAt(p), path.getSubPositionAt(p), path.getDistanceAt(p)]),
    tnb: [0.2, 0.6].map((p) => [v(path.getTangentAt(p, true)), v(path.getNormalAt(p, true)), v(path.getBinormalAt(p, true)), v(path.getTangentAt(p))]),
    closest: [path.getClosestPositionTo(new Vector3(1, 0.5, 0.2)), path.getClosestPositionTo(new Vector3(5, 5, 5))],
};
const sliced = path.slice(0.2, 0.7);
out.path.slice = [sliced.getPoints().map(v), sliced.length()];
const sliceNeg = path.slice(-0.3);
out.path.sliceNeg = sliceNeg.getPoints().map(v);
const rawPath = new Path3D(pts, new Vector3(0, 0, 1), true, true);
out.path.raw = [rawPath.getNormals().map(v), rawPath.getTangents().map(v)];
path.update([new Vector3(0, 0, 0), new Vector3(0, 2, 0), new Vector3(1, 2, 0), new Vector3(1, 2, 3), new Vector3(2, 2, 3)]);
out.path.updated = [path.length(), path.getNormals().map(v)];
const quad = Curve3.CreateQuadraticBezier(Vector3.Zero(), new Vector3(1, 2, 0), new Vector3(3, 0, 1), 5);
const cubic = Curve3.CreateCubicBezier(Vector3.Zero(), new Vector3(0, 2, 0), new Vector3(3, 2, 1), new Vector3(3, 0, 0), 6);
const herm = Curve3.CreateHermiteSpline(Vector3.Zero(), new Vector3(1, 1, 0), new Vector3(2, 0, 0), new Vector3(1, -1, 0), 4);
const cat = Curve3.CreateCatmullRomSpline([Vector3.Zero(), new Vector3(1, 1, 0), new Vector3(2, 0, 1), new Vector3(3, 1, 1)], 3);
const catClosed = Curve3.CreateCatmullRomSpline([Vector3.Zero(), new Vector3(1, 1, 0), new Vector3(2, 0, 1)], 2, true);
const arc = Curve3.ArcThru3Points(new Vector3(1, 0, 0), new Vector3(0, 1, 0), new Vector3(-1, 0, 0), 8);
const arcClosed = Curve3.ArcThru3Points(new Vector3(1, 0, 0), new Vector3(0, 1, 0), new Vector3(-1, 0, 0), 4, true, true);
const flat = Curve3.ArcThru3Points(new Vector3(0, 0, 0), new Vector3(1, 0, 0), new Vector3(2, 0, 0));
const cont = quad.continue(herm);
out.curves = [quad, cubic, herm, cat, catClosed, arc, arcClosed, flat, cont, Curve3.CreateQuadraticBezier(Vector3.Zero(), Vector3.One(), Vector3.Zero(), 1)].map((c) => [c.length(), c.getPoints().map(v)]);

// -- projections ------------------------------------------------------------------------------
const world = Matrix.RotationY(0.3);
const view = Matrix.LookAtLH(new Vector3(0, 1, -10), Vector3.Zero(), Vector3.Up());
const proj = Matrix.PerspectiveFovLH(0.8, 800 / 600, 0.1, 100);
const viewport = { x: 10, y: 20, width: 800, height: 600 };
const projected = Vector3.Project(new Vector3(1, 2, 3), world, view.multiply(proj), viewport);
const unprojected = Vector3.Unproject(new Vector3(400, 300, 0.5), 800, 600, world, view, proj);
const unFloats = new Vector3();
Vector3.UnprojectFloatsToRef(100, 50, 0.9, 800, 600, Matrix.Identity(), view, proj, unFloats);
const unT = Vector3.UnprojectFromTransform(new Vector3(100, 200, 0.3), 800, 600, world, view.multiply(proj));
const tri = [];
for (const p of [new Vector3(0.2, 1, 0.3), new Vector3(2, 1, 2), new Vector3(-1, -1, -1), new Vector3(0.5, 0, -3), new Vector3(3, 0, 0.2)]) {
    const ref = new Vector3();
    const d = Vector3.ProjectOnTriangleToRef(p, new Vector3(0, 0, 0), new Vector3(1, 0, 0), new Vector3(0, 0, 1), ref);
    tri.push([d, v(ref)]);
}
const plane = new Plane(0, 2, 0, -2);
const onPlane = new Vector3(1, 0, 1).projectOnPlane(plane, new Vector3(0, 5, 0));
const parallel = new Vector3(1, 5, 0).projectOnPlane(plane, new Vector3(0, 5, 0));
const reflection = Matrix.Reflection(new Plane(1, 1, 0, -3));
const obliqueLH = new Matrix();
Matrix.ObliqueOffCenterLHToRef(-2, 2, -1, 1, 0.1, 50, 0.5, 0.3, 4, obliqueLH);
const obliqueRH = new Matrix();
Matrix.ObliqueOffCenterRHToRef(-2, 2, -1, 1, 0.1, 50, 0.5, 0.3, 4, obliqueRH);
out.projection = {
    projected: v(projected),
    unprojected: v(unprojected),
    unFloats: v(unFloats),
    unT: v(unT),
    triangle: tri,
    onPlane: v(onPlane),
    parallel: v(parallel).map(String),
    reflection: arr(reflection),
    obliqueLH: arr(obliqueLH),
    obliqueRH: arr(obliqueRH),
};

scene.removeTexture(tex2);
scene.removeGeometry(scene.geometries[0]);
engine.dispose();
out.engine.disposedAfter = [engine.isDisposed, engine.scenes.length];

console.log(JSON.stringify(out));
