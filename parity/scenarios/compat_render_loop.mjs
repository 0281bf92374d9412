// Babylon.js 9.31's render loop under Node (NullEngine): runRenderLoop queues the first frame,
// so the script's following lines run first; the frames then run (setTimeout, 16 ms) until an
// observer calls stopRenderLoop; a second render function stopped from a frame; the document
// is printed from the last frame. A box's position.x animation over the frames
// (useConstantAnimationDeltaTime: 16 ms a render).
import { Animation, FreeCamera, Logger, MeshBuilder, NullEngine, Scene, Vector3 } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const engine = new NullEngine();
const scene = new Scene(engine);
scene.useConstantAnimationDeltaTime = true;
new FreeCamera("camera", new Vector3(0, 0, -10), scene);
const box = MeshBuilder.CreateBox("box", { size: 1 }, scene);
const anim = new Animation("x", "position.x", 60, Animation.ANIMATIONTYPE_FLOAT, Animation.ANIMATIONLOOPMODE_CYCLE);
anim.setKeys([
    { frame: 0, value: 0 },
    { frame: 60, value: 30 },
]);
scene.beginDirectAnimation(box, [anim], 0, 60, true);
const out = { log: [], counted: 0 };
scene.onAfterRenderObservable.add(() => {
    out.log.push([scene.getFrameId(), engine.frameId, scene.getRenderId(), box.position.x, engine.activeRenderLoops.length]);
    if (scene.getFrameId() === 12) {
        engine.stopRenderLoop();
        out.after = [engine.activeRenderLoops.length];
        console.log(JSON.stringify(out));
    }
});
const counter = () => {
    out.counted += 1;
    if (out.counted === 5) {
        engine.stopRenderLoop(counter);
    }
};
engine.runRenderLoop(() => scene.render());
engine.runRenderLoop(counter);
out.before = [scene.getFrameId(), engine.frameId, engine.activeRenderLoops.length, box.position.x];
