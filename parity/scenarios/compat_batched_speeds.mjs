// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31, a crowd at varied speeds through the batched rows: 48 TransformNodes share
// position (Vector3), rotationQuaternion (Quaternion) and an eased scaling.x (float) Animation
// looping 0..60, each started with its own speed 0.5 + i / 32; an AnimationGroup of 20 more
// nodes plays the same animations at speed 1.25. Mid-play: three nodes change speed (frame 20),
// the group's speedRatio changes (frame 40), one node goes negative (frame 55), one node's
// speed is set to its current value (frame 70). scene._animate(16) for 120 frames; every
// node's position, quaternion and scaling.x on every tenth frame.
import { AnimationGroup, Animation, CubicEase, EasingFunction, Logger, NullEngine, Quaternion, Scene, TransformNode, Vector3 } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const engine = new NullEngine();
const scene = new Scene(engine);
const CYCLE = Animation.ANIMATIONLOOPMODE_CYCLE;
const position = new Animation("p", "position", 60, Animation.ANIMATIONTYPE_VECTOR3, CYCLE);
position.setKeys([
    { frame: 0, value: new Vector3(0, 0, 0) },
    { frame: 25, value: new Vector3(1, 2, 3) },
    { frame: 60, value: new Vector3(0, 0, 0) },
]);
const rotation = new Animation("r", "rotationQuaternion", 60, Animation.ANIMATIONTYPE_QUATERNION, CYCLE);
const axis = new Vector3(0, 1, 0);
rotation.setKeys([
    { frame: 0, value: Quaternion.RotationAxis(axis, 0.1) },
    { frame: 30, value: Quaternion.RotationAxis(axis, 2.5) },
    { frame: 60, value: Quaternion.RotationAxis(axis, 0.1) },
]);
const scaling = new Animation("s", "scaling.x", 60, Animation.ANIMATIONTYPE_FLOAT, CYCLE);
scaling.setKeys([{ frame: 0, value: 1 }, { frame: 30, value: 2 }, { frame: 60, value: 1 }]);
const ease = new CubicEase();
ease.setEasingMode(EasingFunction.EASINGMODE_EASEINOUT);
scaling.setEasingFunction(ease);

const nodes = [];
const animatables = [];
for (let i = 0; i < 48; i++) {
    const node = new TransformNode("n" + i, scene);
    node.rotationQuaternion = Quaternion.Identity();
    node.animations = [position, rotation, scaling];
    animatables.push(scene.beginAnimation(node, 0, 60, true, 0.5 + i / 32));
    nodes.push(node);
}
const group = new AnimationGroup("g", scene);
for (let i = 0; i < 20; i++) {
    const node = new TransformNode("g" + i, scene);
    node.rotationQuaternion = Quaternion.Identity();
    for (const a of [position, rotation, scaling]) group.addTargetedAnimation(a, node);
    nodes.push(node);
}
group.start(true, 1.25);

const r = (v) => Math.round(v * 1e9) / 1e9;
const frames = [];
for (let f = 0; f < 120; f++) {
    if (f === 20) {
        animatables[3].speedRatio = 2.75;
        animatables[17].speedRatio = 0.3;
        animatables[40].speedRatio = 1.0;
    }
    if (f === 40) group.speedRatio = 0.8;
    if (f === 55) animatables[9].speedRatio = -1.5;
    if (f === 70) animatables[30].speedRatio = animatables[30].speedRatio;
    scene._animate(16);
    if (f % 10 === 9) {
        frames.push({
            f,
            nodes: nodes.map((n) => [
                r(n.position.x), r(n.position.y), r(n.position.z),
                r(n.rotationQuaternion.x), r(n.rotationQuaternion.y), r(n.rotationQuaternion.z), r(n.rotationQuaternion.w),
                r(n.scaling.x),
            ]),
        });
    }
}
console.log(JSON.stringify({ frames }));
