// Babylon.js 9.31 playground boilerplate (issue 29, item 9): engine and scene creation,
// scene.clearColor (default, onClearColorChangedObservable), isReady / executeWhenReady /
// whenReadyAsync with pending data, the onDispose setter, uid (its shape, not its value),
// useRightHandedSystem, getDeterministicFrameTime, the scene's plain settings (fog, ambient
// colour, gravity) and active-camera switches; on the engine: the hardware scaling level,
// resize, getRenderingCanvas, maxFPS, renderEvenInBackground, customAnimationFrameRequester,
// skipFrameRender, enableOfflineSupport, performanceMonitor, QueueNewFrame and a few
// constants; and Babylon 7+'s module-level loaders (loadAssetContainerAsync,
// importAnimationsAsync, appendSceneAsync, loadSceneAsync, ImportMeshAsync, the plugin
// registry) on a small .glb generated here (two nodes, one translation animation).
import {
    AbstractEngine,
    Color4,
    Engine,
    FreeCamera,
    GetRegisteredSceneLoaderPluginMetadata,
    ImportMeshAsync,
    IsDocumentAvailable,
    IsWindowObjectExist,
    Logger,
    NullEngine,
    PerformanceMonitor,
    QueueNewFrame,
    RegisterSceneLoaderPlugin,
    Scene,
    Vector3,
    appendSceneAsync,
    importAnimationsAsync,
    loadAssetContainerAsync,
    loadSceneAsync,
    registerSceneLoaderPlugin,
} from "@babylonjs/core";
import "@babylonjs/loaders/glTF/index.js";

Logger.LogLevels = Logger.NoneLogLevel;

const out = {};
const rgba = (c) => [c.r, c.g, c.b, c.a];
const rgb = (c) => [c.r, c.g, c.b];
const xyz = (v) => [v.x, v.y, v.z];
const num = (x) => (Number.isFinite(x) ? x : String(x)); // JSON has no Infinity / NaN
const UID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

// -- engine and scene ---------------------------------------------------------------------------
const engine = new NullEngine();
const scene = new Scene(engine);
const camera = new FreeCamera("camera1", new Vector3(0, 5, -10), scene);
camera.setTarget(Vector3.Zero());

out.scene = {
    clearColor: rgba(scene.clearColor),
    clearColorClass: scene.clearColor.getClassName(),
    ambientColor: rgb(scene.ambientColor),
    fog: [scene.fogEnabled, scene.fogMode, rgb(scene.fogColor), scene.fogDensity, scene.fogStart, scene.fogEnd],
    fogModes: [Scene.FOGMODE_NONE, Scene.FOGMODE_EXP, Scene.FOGMODE_EXP2, Scene.FOGMODE_LINEAR],
    gravity: xyz(scene.gravity),
    flags: [scene.autoClear, scene.autoClearDepthAndStencil, scene.collisionsEnabled, scene.lightsEnabled, scene.texturesEnabled, scene.skeletonsEnabled],
    useRightHandedSystem: scene.useRightHandedSystem,
    deterministicFrameTime: scene.getDeterministicFrameTime(),
    onReadyTimeoutDuration: scene.onReadyTimeoutDuration,
    onDisposeIsUndefined: scene.onDispose === undefined,
};
scene.useRightHandedSystem = true;
out.scene.useRightHandedSystemSet = scene.useRightHandedSystem;
const lockstep = new Scene(new NullEngine({ timeStep: 1 / 30 }));
out.scene.deterministicFrameTime30 = lockstep.getDeterministicFrameTime();

// clearColor: a new object notifies, the same object again does not.
const clearColorEvents = [];
scene.onClearColorChangedObservable.add((c) => clearColorEvents.push(rgba(c)));
const color = new Color4(0.1, 0.2, 0.3, 1);
scene.clearColor = color;
scene.clearColor = color;
scene.clearColor.r = 0.5; // in place: no notification
out.clearColor = { events: clearColorEvents, after: rgba(scene.clearColor), same: scene.clearColor === color };

// uid: a v4 GUID, the same on each read, different per scene.
out.uid = { shape: UID.test(scene.uid), stable: scene.uid === scene.uid, distinct: scene.uid !== lockstep.uid, type: typeof scene.uid };

// -- readiness -----------------------------------------------------------------------------------
const ready = { now: scene.isReady(), nowNoTargets: scene.isReady(false), calls: [] };
scene.executeWhenReady((s, state) => ready.calls.push(["first", s === scene, typeof state]));
ready.callsAfterReady = ready.calls.length; // ready: called at once
scene.addPendingData("texture");
ready.pending = [scene.isReady(), scene.getWaitingItemsCount(), scene.isLoading];
scene.executeWhenReady(() => ready.calls.push(["second"]));
ready.callsWhilePending = ready.calls.length;
scene.removePendingData("texture");
ready.callsAfterRemove = ready.calls.length; // nothing checks until the retry
await scene.whenReadyAsync();
ready.callsAfterAwait = ready.calls.map((c) => c[0]);
ready.whenReadyReturns = (await scene.whenReadyAsync()) === undefined;
out.ready = ready;

// -- active camera ---------------------------------------------------------------------------
const camera2 = new FreeCamera("camera2", new Vector3(1, 2, 3), scene);
camera2.id = "cam2";
const switched = [];
const onSwitch = scene.onActiveCameraChanged.add(() => switched.push(scene.activeCamera.name));
out.cameras = {
    active: scene.activeCamera.name,
    byName: scene.setActiveCameraByName("camera2").name,
    afterByName: scene.activeCamera.name,
    missing: scene.setActiveCameraByName("nope"),
    byId: scene.setActiveCameraById("camera1").name,
};
scene.switchActiveCamera(camera2);
out.cameras.afterSwitch = scene.activeCamera.name;
out.cameras.changed = switched;
scene.activeCamera = camera;
// Off again: disposing the scene later releases the active camera (no name to read).
scene.onActiveCameraChanged.remove(onSwitch);

// -- engine ---------------------------------------------------------------------------------------
const resized = [];
engine.onResizeObservable.add(() => resized.push(engine.getRenderWidth()));
out.engine = {
    hardwareScaling: engine.getHardwareScalingLevel(),
    canvasIsUndefined: engine.getRenderingCanvas() === undefined,
    size: [engine.getRenderWidth(), engine.getRenderHeight()],
    maxFPSUndefined: engine.maxFPS === undefined,
    renderEvenInBackground: engine.renderEvenInBackground,
    customAnimationFrameRequester: engine.customAnimationFrameRequester,
    skipFrameRender: engine.skipFrameRender,
    enableOfflineSupport: engine.enableOfflineSupport,
    aspectRatio: engine.getAspectRatio(camera),
    screenAspectRatio: engine.getScreenAspectRatio(),
    isWebGPU: engine.isWebGPU,
    allEffectsReady: engine.areAllEffectsReady(),
    statics: [Engine.ALPHA_COMBINE, Engine.ALPHA_ADD, Engine.TEXTURE_TRILINEAR_SAMPLINGMODE, Engine.DELAYLOADSTATE_LOADED, Engine.LEQUAL, Engine.IsSupported, NullEngine.ALPHA_PREMULTIPLIED],
    abstract: engine instanceof AbstractEngine,
};
engine.setHardwareScalingLevel(2);
out.engine.hardwareScalingAfterSet = engine.getHardwareScalingLevel(); // NullEngine: always 1
out.engine.resizeReturns = engine.resize() === undefined;
engine.resize(true);
out.engine.sizeAfterResize = [engine.getRenderWidth(), engine.getRenderHeight()];
out.engine.resizeEvents = resized;
engine.maxFPS = 30;
out.engine.maxFPS = engine.maxFPS;
engine.renderEvenInBackground = false;
engine.skipFrameRender = true;
engine.enableOfflineSupport = true;
out.engine.set = [engine.renderEvenInBackground, engine.skipFrameRender, engine.enableOfflineSupport];
out.page = [IsWindowObjectExist(), IsDocumentAvailable()];

// performanceMonitor: the engine's, and a standalone one sampled by hand.
const pm = engine.performanceMonitor;
out.engine.monitor = { isEnabled: pm.isEnabled, className: pm.constructor.name };
const monitor = new PerformanceMonitor(3);
const sample = () => [num(monitor.averageFrameTime), num(monitor.instantaneousFrameTime), num(monitor.averageFPS), num(monitor.instantaneousFPS), monitor.isSaturated, num(monitor.averageFrameTimeVariance)];
const samples = [sample()];
for (const t of [0, 16, 48, 50, 100]) {
    monitor.sampleFrame(t);
    samples.push(sample());
}
monitor.disable();
monitor.sampleFrame(200);
samples.push([monitor.isEnabled, ...sample()]);
monitor.enable();
monitor.sampleFrame(300);
monitor.sampleFrame(310);
samples.push(sample());
monitor.reset();
samples.push(sample());
out.monitor = samples;

// QueueNewFrame: a requester's requestAnimationFrame, else Node's setTimeout(func, 16).
const requested = [];
const handle = QueueNewFrame(() => requested.push("ran"), { requestAnimationFrame: (f) => { requested.push("requested"); f(); return 7; } });
await new Promise((resolve) => QueueNewFrame(() => { requested.push("timer"); resolve(); }));
out.queueNewFrame = { requested, handle, static: Engine.QueueNewFrame === QueueNewFrame };

// onDispose: the setter replaces the previous callback.
const disposed = [];
const other = new Scene(engine);
other.onDispose = () => disposed.push("first");
other.onDispose = (s) => disposed.push(["second", s === other]);
other.dispose();
out.onDispose = disposed;

// -- module-level loaders on a generated glTF ------------------------------------------------
const times = new Float32Array([0, 1, 2]);
const values = new Float32Array([0, 0, 0, 2, 0, 0, 2, 3, 0]);
const bin = new Uint8Array(times.byteLength + values.byteLength);
bin.set(new Uint8Array(times.buffer), 0);
bin.set(new Uint8Array(values.buffer), times.byteLength);
const gltf = {
    asset: { version: "2.0" },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ name: "root", children: [1] }, { name: "mover", translation: [0, 0, 0] }],
    buffers: [{ byteLength: bin.byteLength }],
    bufferViews: [
        { buffer: 0, byteOffset: 0, byteLength: times.byteLength },
        { buffer: 0, byteOffset: times.byteLength, byteLength: values.byteLength },
    ],
    accessors: [
        { bufferView: 0, componentType: 5126, count: 3, type: "SCALAR", min: [0], max: [2] },
        { bufferView: 1, componentType: 5126, count: 3, type: "VEC3" },
    ],
    animations: [{ name: "slide", channels: [{ sampler: 0, target: { node: 1, path: "translation" } }], samplers: [{ input: 0, output: 1 }] }],
};
// A .glb: 12-byte header, the JSON chunk (space padded to 4), the BIN chunk.
const glb = () => {
    const json = new TextEncoder().encode(JSON.stringify(gltf));
    const jsonLength = Math.ceil(json.length / 4) * 4;
    const total = 12 + 8 + jsonLength + 8 + bin.byteLength;
    const bytes = new Uint8Array(total);
    const view = new DataView(bytes.buffer);
    view.setUint32(0, 0x46546c67, true);
    view.setUint32(4, 2, true);
    view.setUint32(8, total, true);
    view.setUint32(12, jsonLength, true);
    view.setUint32(16, 0x4e4f534a, true);
    bytes.fill(0x20, 20, 20 + jsonLength);
    bytes.set(json, 20);
    view.setUint32(20 + jsonLength, bin.byteLength, true);
    view.setUint32(24 + jsonLength, 0x004e4942, true);
    bytes.set(bin, 28 + jsonLength);
    return bytes;
};
const source = glb;
const options = { pluginExtension: ".glb" };
const names = (list) => list.map((o) => o.name).sort();
const sampleGroup = (group, frame) => {
    group.goToFrame(frame);
    return xyz(group.targetedAnimations[0].target.position);
};

const loadScene = new Scene(engine);
const container = await loadAssetContainerAsync(source(), loadScene, options);
out.container = {
    nodes: names(container.transformNodes),
    meshes: names(container.meshes),
    groups: names(container.animationGroups),
    inSceneBefore: loadScene.animationGroups.length,
};
container.addAllToScene();
out.container.inSceneAfter = names(loadScene.animationGroups);
out.container.at30 = sampleGroup(loadScene.animationGroups[0], 30);
out.container.at45 = sampleGroup(loadScene.animationGroups[0], 45);

const appendTarget = new Scene(engine);
const appended = await appendSceneAsync(source(), appendTarget, options);
out.append = { returns: appended === undefined, groups: names(appendTarget.animationGroups), nodes: names(appendTarget.transformNodes), meshes: names(appendTarget.meshes) };
await importAnimationsAsync(source(), appendTarget, { ...options, overwriteAnimations: true });
out.append.afterImport = names(appendTarget.animationGroups);
out.append.importedAt60 = sampleGroup(appendTarget.animationGroups[0], 60);

const loaded = await loadSceneAsync(source(), engine, options);
out.loadScene = { isScene: loaded instanceof Scene, groups: names(loaded.animationGroups), nodes: names(loaded.transformNodes), inEngine: engine.scenes.includes(loaded) };
const imported = await ImportMeshAsync(source(), loadScene, options);
out.importMesh = { meshes: names(imported.meshes), groups: names(imported.animationGroups), nodes: names(imported.transformNodes) };

// the plugin registry
RegisterSceneLoaderPlugin({ name: "fakeA", extensions: ".fakea" });
registerSceneLoaderPlugin({ name: "fakeB", extensions: { ".FB1": { isBinary: true }, ".fb2": { isBinary: false, mimeType: "model/fb" } } });
const metadata = GetRegisteredSceneLoaderPluginMetadata();
const pick = (name) => {
    const entry = metadata.find((m) => m.name === name);
    return entry ? entry.extensions.map((e) => [e.extension, e.isBinary, e.mimeType === undefined ? null : e.mimeType]) : null;
};
out.plugins = { gltf: pick("gltf"), fakeA: pick("fakeA"), fakeB: pick("fakeB") };

console.log(JSON.stringify(out));
