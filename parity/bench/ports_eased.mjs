// Peer of `lite-anim bench eased` (lite/tools/bench_ports.py) on Babylon.js 9.31 (NullEngine):
// N meshes (new Mesh, no geometry), each with its own StandardMaterial, sharing three looping
// Animations: position VECTOR3, rotation.y FLOAT whose keys carry their own easingFunction
// (CubicEase EASEINOUT, SineEase EASEOUT) and material.alpha FLOAT, begun with
// scene.beginAnimation(box, 0, 60, true); the step is scene._animate(16) alone.
// Usage: node --import parity/recorder/register.mjs parity/bench/ports_eased.mjs eased compat N FRAMES - "" PROBE_FRAMES
import {
    Animation, CubicEase, EasingFunction, FreeCamera, Logger, Mesh, NullEngine, Scene, SineEase, StandardMaterial, Vector3,
} from "@babylonjs/core";
import { COMPAT_STEP_MS, finish, parseArgs } from "./ports_common.mjs";

Logger.LogLevels = Logger.NoneLogLevel;
const args = parseArgs();
const t0 = performance.now();
const engine = new NullEngine();
const scene = new Scene(engine);
scene.useConstantAnimationDeltaTime = true;
new FreeCamera("camera", new Vector3(0, 0, -10), scene);
const CYCLE = Animation.ANIMATIONLOOPMODE_CYCLE;
const position = new Animation("p", "position", 60, Animation.ANIMATIONTYPE_VECTOR3, CYCLE);
position.setKeys([
    { frame: 0, value: new Vector3(0, 0, 0) },
    { frame: 30, value: new Vector3(1, 2, 3) },
    { frame: 60, value: new Vector3(0, 0, 0) },
]);
const cubic = new CubicEase();
cubic.setEasingMode(EasingFunction.EASINGMODE_EASEINOUT);
const sine = new SineEase();
sine.setEasingMode(EasingFunction.EASINGMODE_EASEOUT);
const rotation = new Animation("r", "rotation.y", 60, Animation.ANIMATIONTYPE_FLOAT, CYCLE);
rotation.setKeys([
    { frame: 0, value: 0, easingFunction: cubic },
    { frame: 30, value: 1.5, easingFunction: sine },
    { frame: 60, value: 0 },
]);
const alpha = new Animation("a", "material.alpha", 60, Animation.ANIMATIONTYPE_FLOAT, CYCLE);
alpha.setKeys([{ frame: 0, value: 1 }, { frame: 30, value: 0.25 }, { frame: 60, value: 1 }]);
const animations = [position, rotation, alpha];
const boxes = [];
for (let i = 0; i < args.count; i++) {
    const box = new Mesh(`b${i}`, scene);
    box.material = new StandardMaterial(`m${i}`, scene);
    box.animations = animations;
    scene.beginAnimation(box, 0, 60, true);
    boxes.push(box);
}
const step = () => scene._animate(COMPAT_STEP_MS);
step();
const setup = (performance.now() - t0) / 1000;
const ends = [boxes[0], boxes[boxes.length - 1]];
finish(args, setup, step, () =>
    ends.flatMap((b) => [b.position.x, b.position.y, b.position.z, b.rotation.y, b.material.alpha]));
