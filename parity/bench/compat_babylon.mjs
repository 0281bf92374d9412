// Compat workload on Babylon.js 9.31 (V8, NullEngine), the twin of `lite-anim bench compat`
// (lite/tools/bench.py bench_compat): N TransformNodes, each with a position VECTOR3, a
// rotationQuaternion QUATERNION and an eased (CubicEase, EASEINOUT) scaling.x FLOAT animation
// (keys at frames 0, 30, 60), started by scene.beginAnimation(node, 0, 60, true) and stepped by
// scene.render() at a constant 16 ms (useConstantAnimationDeltaTime). Setup is timed from the
// first node's construction to the end of the first render. Prints JSON like property_babylon.mjs.
// Usage: node --import parity/recorder/register.mjs parity/bench/compat_babylon.mjs [10,100,1000,10000]
import {
    Animation, CubicEase, EasingFunction, FreeCamera, Logger, NullEngine, Quaternion, Scene,
    TransformNode, Vector3,
} from "@babylonjs/core";
import { framesFor, timeFrames } from "./crowd_asset.mjs";

Logger.LogLevels = Logger.NoneLogLevel;
const counts = (process.argv[2] ?? "10,100,1000,10000").split(",").map(Number);

function animations() {
    const position = new Animation("p", "position", 60, Animation.ANIMATIONTYPE_VECTOR3, Animation.ANIMATIONLOOPMODE_CYCLE);
    position.setKeys([
        { frame: 0, value: new Vector3(0, 0, 0) },
        { frame: 30, value: new Vector3(1, 2, 3) },
        { frame: 60, value: new Vector3(0, 0, 0) },
    ]);
    const rotation = new Animation("r", "rotationQuaternion", 60, Animation.ANIMATIONTYPE_QUATERNION, Animation.ANIMATIONLOOPMODE_CYCLE);
    rotation.setKeys([
        { frame: 0, value: Quaternion.Identity() },
        { frame: 30, value: Quaternion.RotationAxis(new Vector3(0, 1, 0), 1.5) },
        { frame: 60, value: Quaternion.Identity() },
    ]);
    const scaling = new Animation("s", "scaling.x", 60, Animation.ANIMATIONTYPE_FLOAT, Animation.ANIMATIONLOOPMODE_CYCLE);
    scaling.setKeys([{ frame: 0, value: 1 }, { frame: 30, value: 2 }, { frame: 60, value: 1 }]);
    const ease = new CubicEase();
    ease.setEasingMode(EasingFunction.EASINGMODE_EASEINOUT);
    scaling.setEasingFunction(ease);
    return [position, rotation, scaling];
}

const results = [];
for (const count of counts) {
    const engine = new NullEngine();
    const scene = new Scene(engine);
    scene.useConstantAnimationDeltaTime = true;
    new FreeCamera("camera", new Vector3(0, 0, -10), scene);
    const anims = animations();
    const t0 = performance.now();
    const nodes = [];
    for (let i = 0; i < count; i++) {
        const node = new TransformNode(`n${i}`, scene);
        node.rotationQuaternion = Quaternion.Identity();
        node.animations = anims;
        scene.beginAnimation(node, 0, 60, true);
        nodes.push(node);
    }
    scene.render();
    const setup = (performance.now() - t0) / 1000;
    const ms = timeFrames(() => scene.render(), framesFor(count));
    if (!Number.isFinite(nodes[0].position.y) || nodes[0].scaling.x === 1) throw new Error("not animated");
    results.push({ nodes: count, ms_per_frame: ms, setup_s: setup });
    scene.dispose();
    engine.dispose();
}
console.log(JSON.stringify({ engine: "babylonjs-9.31", workload: "compat", results }));
