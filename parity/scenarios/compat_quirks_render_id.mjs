// parity: {"atol": 0, "rtol": 0}
// Babylon.js 9.31 render and frame ids: scene.render() adds 1 to getFrameId() and, to
// getRenderId(), 1 after the (empty) custom render targets pass plus 1 per rendered camera in
// _renderForCamera (so 2 with one camera, 3 with two activeCameras); 1 with
// customRenderFunction; a render that throws "No camera defined" has already added the 1;
// renderTargetsEnabled = false drops the render-targets 1; incrementRenderId; the ids seen by
// the observables; scene.activeCamera after a multi-camera render (the last camera rendered);
// world-matrix recomputations per render (onAfterWorldMatrixUpdateObservable) with 1 and 2
// cameras; a mesh with infiniteDistance follows the last camera rendered; the engine render
// loop (one queued frame per call); the observables of each pass in order (not the rendering
// groups: they depend on frustum culling); the camera view/projection matrices each pass
// computes.
import { FreeCamera, Logger, MeshBuilder, NullEngine, Scene, Vector3 } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const engine = new NullEngine();
const scene = new Scene(engine);
const ids = () => [scene.getRenderId(), scene.getFrameId()];
const out = { initial: ids() };
const seen = [];
scene.onBeforeAnimationsObservable.add(() => seen.push(["beforeAnimations", ...ids()]));
scene.onAfterAnimationsObservable.add(() => seen.push(["afterAnimations", ...ids()]));
scene.onBeforeRenderObservable.add(() => seen.push(["beforeRender", ...ids()]));
scene.onAfterRenderObservable.add(() => seen.push(["afterRender", ...ids()]));

// No camera: the render throws after onBeforeRender and the render-targets increment.
try {
    scene.render();
    out.noCamera = ["no error", ...ids()];
} catch (err) {
    out.noCamera = [err.message, ...ids()];
}
out.seenNoCamera = seen.splice(0);

const box = MeshBuilder.CreateBox("box", { size: 1 }, scene);
let updates = 0;
box.onAfterWorldMatrixUpdateObservable.add(() => updates++);
const c1 = new FreeCamera("c1", new Vector3(0, 0, -10), scene);
const c2 = new FreeCamera("c2", new Vector3(5, 6, 7), scene);
out.activeAfterCreate = scene.activeCamera.name;

const step = (label, fn) => {
    const before = ids();
    const u = updates;
    fn();
    const after = ids();
    return [label, after[0] - before[0], after[1] - before[1], ...after, updates - u, scene.activeCamera ? scene.activeCamera.name : null];
};
const rows = [];
rows.push(step("one camera", () => scene.render()));
rows.push(step("one camera again", () => scene.render()));
rows.push(step("moved", () => {
    box.position.x += 1;
    scene.render();
}));
rows.push(step("ignoreAnimations", () => scene.render(true, true)));
rows.push(step("no camera update", () => scene.render(false)));
scene.activeCameras = [];
rows.push(step("empty activeCameras", () => scene.render()));
scene.activeCameras = [c1];
rows.push(step("activeCameras [c1]", () => scene.render()));
scene.activeCameras = [c2, c1];
rows.push(step("activeCameras [c2, c1]", () => scene.render()));
rows.push(step("activeCameras [c2, c1] moved", () => {
    box.position.y += 1;
    scene.render();
}));
scene.activeCameras = [c1, c2];
rows.push(step("activeCameras [c1, c2]", () => scene.render()));
out.seenTwoCameras = seen.splice(0);
scene.activeCameras = null;
scene.activeCamera = c1;
scene.renderTargetsEnabled = false;
rows.push(step("renderTargetsEnabled false", () => scene.render()));
scene.activeCameras = [c1, c2];
rows.push(step("renderTargetsEnabled false, two cameras", () => scene.render()));
scene.renderTargetsEnabled = true;
scene.activeCameras = null;
scene.activeCamera = c1;
rows.push(step("incrementRenderId", () => scene.incrementRenderId()));
const custom = [];
scene.customRenderFunction = (updateCameras, ignoreAnimations) => custom.push([updateCameras, ignoreAnimations, ...ids()]);
rows.push(step("customRenderFunction", () => scene.render()));
rows.push(step("customRenderFunction moved", () => {
    box.position.z += 1;
    scene.render(false, true);
}));
scene.activeCameras = [c1, c2];
rows.push(step("customRenderFunction two cameras", () => scene.render()));
scene.customRenderFunction = null;
scene.activeCameras = null;
scene.activeCamera = null;
rows.push(step("no camera", () => {
    try {
        scene.render();
    } catch (err) {
        custom.push(err.message);
    }
}));
scene.activeCamera = c1;
out.rows = rows;
out.custom = custom;
seen.length = 0;

// infiniteDistance: the world matrix follows the camera rendered last.
const sky = MeshBuilder.CreateBox("sky", { size: 1 }, scene);
sky.infiniteDistance = true;
sky.position.set(1, 2, 3);
scene.activeCameras = [c1, c2];
scene.render();
out.skyTwoCameras = [...sky.getWorldMatrix().m.slice(12, 15), scene.activeCamera.name];
scene.activeCameras = [c2, c1];
scene.render();
out.skyTwoCamerasSwapped = [...sky.getWorldMatrix().m.slice(12, 15), scene.activeCamera.name];
scene.activeCameras = null;
scene.activeCamera = c2;
scene.render();
out.skyOneCamera = [...sky.getWorldMatrix().m.slice(12, 15), scene.activeCamera.name];

// The engine render loop: one queued frame per call.
let queued = null;
engine.customAnimationFrameRequester = {
    requestAnimationFrame: (fn) => {
        queued = fn;
        return 1;
    },
};
const loop = [];
engine.runRenderLoop(() => {
    scene.render();
    loop.push([...ids(), engine.frameId]);
});
for (let i = 0; i < 3; i++) {
    const f = queued;
    queued = null;
    f();
}
engine.stopRenderLoop();
out.loop = loop;
out.seenLoop = seen.slice(-4);

// The observables of a frame, in order, with the render id each sees (one camera, then two).
const passScene = new Scene(engine);
const p1 = new FreeCamera("p1", new Vector3(0, 0, -10), passScene);
const p2 = new FreeCamera("p2", new Vector3(5, 6, 7), passScene);
const passNames = [
    "BeforeAnimations", "AfterAnimations", "BeforeRender", "BeforeRenderTargetsRender",
    "AfterRenderTargetsRender", "BeforeCameraRender", "BeforeActiveMeshesEvaluation",
    "AfterActiveMeshesEvaluation", "BeforeParticlesRendering", "AfterParticlesRendering",
    "BeforeDrawPhase", "AfterDrawPhase", "AfterCameraRender", "AfterRenderCamera", "AfterRender",
];
const passes = [];
for (const name of passNames) {
    passScene[`on${name}Observable`].add((x) => passes.push([name, x && x.name ? x.name : "", passScene.getRenderId()]));
}
passScene.render();
passScene.activeCameras = [p1, p2];
passScene.render();
passScene.activeCameras = null;
passScene.activeCamera = null;
try {
    passScene.render();
} catch (err) {
    passes.push(err.message);
}
out.passes = passes;

// Each camera pass computes the camera's view and projection matrices (updateTransformMatrix),
// so render(false) still refreshes a moved camera; customRenderFunction does not.
const camScene = new Scene(engine);
const m1 = new FreeCamera("m1", new Vector3(0, 0, -10), camScene);
const m2 = new FreeCamera("m2", new Vector3(5, 6, 7), camScene);
const n = { v1: 0, p1: 0, v2: 0, p2: 0 };
m1.onViewMatrixChangedObservable.add(() => n.v1++);
m1.onProjectionMatrixChangedObservable.add(() => n.p1++);
m2.onViewMatrixChangedObservable.add(() => n.v2++);
m2.onProjectionMatrixChangedObservable.add(() => n.p2++);
const matrices = [];
const mrec = (label) => matrices.push([label, n.v1, n.p1, n.v2, n.p2, m1._currentRenderId, m2._currentRenderId, camScene.getRenderId()]);
mrec("start");
camScene.render();
mrec("render");
camScene.render();
mrec("render again");
m1.position.x = 1;
camScene.render(false);
mrec("moved, render(false)");
m1.fov = 1;
camScene.render(false);
mrec("fov, render(false)");
m2.position.x = 1;
camScene.render(false);
mrec("other camera moved, render(false)");
camScene.activeCameras = [m1, m2];
camScene.render(false);
mrec("two cameras, render(false)");
m2.position.x = 2;
m1.position.x = 2;
camScene.render();
mrec("both moved, render()");
camScene.customRenderFunction = () => {};
m1.position.x = 3;
camScene.render(false);
mrec("customRenderFunction");
out.matrices = matrices;

console.log(JSON.stringify(out));
