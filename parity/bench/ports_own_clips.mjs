// Peer of `lite-anim bench own-clips` (lite/tools/bench_ports.py). compat side, Babylon.js 9.31
// (NullEngine): N TransformNodes each with its OWN position VECTOR3 / rotationQuaternion
// QUATERNION / eased (CubicEase EASEINOUT) scaling.x FLOAT Animations, middle key frame
// 20 + (i * 7) % 21 and key values ownValue(i, k) per node, stepped by scene.render().
// lite side, Babylon Lite 1.10: M plain objects each with its own property clip (position.x +
// position, values ownValue(i, k)) in one manager (also the peer of our lite-arrays side).
// Usage: node --import parity/recorder/register.mjs parity/bench/ports_own_clips.mjs own-clips SIDE N FRAMES - "" PROBE_FRAMES
import { COMPAT_STEP_MS, LITE_STEP_MS, finish, ownValue, parseArgs } from "./ports_common.mjs";

const args = parseArgs();

async function compat() {
    const { Animation, CubicEase, EasingFunction, FreeCamera, Logger, NullEngine, Quaternion, Scene, TransformNode, Vector3 } =
        await import("@babylonjs/core");
    Logger.LogLevels = Logger.NoneLogLevel;
    const t0 = performance.now();
    const engine = new NullEngine();
    const scene = new Scene(engine);
    scene.useConstantAnimationDeltaTime = true;
    new FreeCamera("camera", new Vector3(0, 0, -10), scene);
    const CYCLE = Animation.ANIMATIONLOOPMODE_CYCLE;
    const axis = new Vector3(0, 1, 0);
    const nodes = [];
    for (let i = 0; i < args.count; i++) {
        const mid = 20 + ((i * 7) % 21);
        const v = (k) => ownValue(i, k);
        const position = new Animation("p", "position", 60, Animation.ANIMATIONTYPE_VECTOR3, CYCLE);
        position.setKeys([
            { frame: 0, value: new Vector3(v(0), v(1), v(2)) },
            { frame: mid, value: new Vector3(v(3), v(4), v(5)) },
            { frame: 60, value: new Vector3(v(0), v(1), v(2)) },
        ]);
        const rotation = new Animation("r", "rotationQuaternion", 60, Animation.ANIMATIONTYPE_QUATERNION, CYCLE);
        rotation.setKeys([
            { frame: 0, value: Quaternion.RotationAxis(axis, v(6)) },
            { frame: mid, value: Quaternion.RotationAxis(axis, 1 + v(7)) },
            { frame: 60, value: Quaternion.RotationAxis(axis, v(6)) },
        ]);
        const scaling = new Animation("s", "scaling.x", 60, Animation.ANIMATIONTYPE_FLOAT, CYCLE);
        scaling.setKeys([{ frame: 0, value: 1 + v(8) }, { frame: mid, value: 2 + v(9) }, { frame: 60, value: 1 + v(8) }]);
        const ease = new CubicEase();
        ease.setEasingMode(EasingFunction.EASINGMODE_EASEINOUT);
        scaling.setEasingFunction(ease);
        const node = new TransformNode(`n${i}`, scene);
        node.rotationQuaternion = Quaternion.Identity();
        node.animations = [position, rotation, scaling];
        scene.beginAnimation(node, 0, 60, true);
        nodes.push(node);
    }
    scene.render();
    const setup = (performance.now() - t0) / 1000;
    const ends = [nodes[0], nodes[nodes.length - 1]];
    finish(args, setup, () => scene.render(), () =>
        ends.flatMap((n) => {
            const q = n.rotationQuaternion;
            return [n.position.x, n.position.y, n.position.z, q.x, q.y, q.z, q.w, n.scaling.x];
        }));
}

class Vec3 {
    constructor() { this.x = 0; this.y = 0; this.z = 0; }
    set(x, y, z) { this.x = x; this.y = y; this.z = z; }
}

async function lite() {
    const { createAnimationManager, createPropertyAnimationClip, createPropertyAnimationGroup, updateAnimationManager } =
        await import("@babylonjs/lite");
    const t0 = performance.now();
    const manager = createAnimationManager();
    const objects = [];
    for (let i = 0; i < args.count; i++) {
        const v = (k) => ownValue(i, k);
        const clip = createPropertyAnimationClip(`own${i}`, [
            { path: "position.x", keys: [{ time: 0, value: v(0) }, { time: 0.5, value: 1 + v(1) }, { time: 1, value: v(0) }] },
            {
                path: "position",
                keys: [
                    { time: 0, value: [v(2), v(3), v(4)] },
                    { time: 0.5, value: [1 + v(5), 2 + v(6), 3 + v(7)] },
                    { time: 1, value: [v(2), v(3), v(4)] },
                ],
            },
        ]);
        const obj = { position: new Vec3() };
        createPropertyAnimationGroup(manager, obj, clip);
        objects.push(obj);
    }
    const step = () => updateAnimationManager(manager, LITE_STEP_MS);
    step();
    const setup = (performance.now() - t0) / 1000;
    const a = objects[0].position;
    const b = objects[objects.length - 1].position;
    finish(args, setup, step, () => [a.x, a.y, a.z, b.x, b.y, b.z]);
}

await (args.side === "compat" ? compat() : lite());
void COMPAT_STEP_MS;
