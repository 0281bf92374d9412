// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 weights and blending between AnimationGroups on the same TransformNodes
// (position, rotationQuaternion, scaling) and a plain float: a group weight given to the
// constructor, a cross-fade stepped before each frame (weights summing to 1,
// then to more than 1, a weight above 1 clamped by the animatables, a weight of 0),
// setWeightForAllAnimatables, weight back to -1, enableBlending/blendingSpeed on the group
// (blending from the pose the previous group left), playOrder between two unweighted groups
// animating the same property (the later in play order writes last), and
// syncAllAnimationsWith.
import { Animation, AnimationGroup, Logger, NullEngine, Quaternion, Scene, TransformNode, Vector3 } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const engine = new NullEngine();
const scene = new Scene(engine);
const F = Animation.ANIMATIONTYPE_FLOAT;
const V3 = Animation.ANIMATIONTYPE_VECTOR3;
const Q = Animation.ANIMATIONTYPE_QUATERNION;

function anim(name, property, type, keys, fps = 30) {
    const animation = new Animation(name, property, fps, type);
    animation.setKeys(keys.map(([frame, value]) => ({ frame, value })));
    return animation;
}
const axisY = new Vector3(0, 1, 0);
const axisX = new Vector3(1, 0, 0);

const hips = new TransformNode("hips", scene);
hips.rotationQuaternion = Quaternion.Identity();
const spine = new TransformNode("spine", scene);
spine.rotationQuaternion = Quaternion.RotationAxis(axisX, 0.1);
spine.position = new Vector3(0, 1, 0);
const blob = { name: "blob", value: 10 };

function clip(name, weight, scale, offset) {
    const group = new AnimationGroup(name, scene, weight);
    group.addTargetedAnimation(anim(name + "HipsP", "position", V3, [[0, new Vector3(0, 0, 0)], [15, new Vector3(scale, offset, 0)], [30, new Vector3(0, 0, 0)]]), hips);
    group.addTargetedAnimation(anim(name + "HipsQ", "rotationQuaternion", Q, [[0, Quaternion.RotationAxis(axisY, offset)], [30, Quaternion.RotationAxis(axisY, offset + scale)]]), hips);
    group.addTargetedAnimation(anim(name + "SpineQ", "rotationQuaternion", Q, [[0, Quaternion.RotationAxis(axisX, -scale)], [20, Quaternion.RotationAxis(axisX, scale)]]), spine);
    group.addTargetedAnimation(anim(name + "SpineS", "scaling", V3, [[0, new Vector3(1, 1, 1)], [30, new Vector3(1 + scale, 1, 1 - scale / 2)]]), spine);
    group.addTargetedAnimation(anim(name + "Blob", "value", F, [[0, offset], [30, offset + 10 * scale]]), blob);
    return group;
}

const idle = clip("idle", 1, 0.4, 0);
const walk = clip("walk", 0, 1.2, 0.5);
const run = clip("run", -1, 2, -0.3);
const log = [];
let step = -1;
for (const g of [idle, walk, run]) {
    g.onAnimationGroupPlayObservable.add(() => log.push(["play", g.name, step, g.weight]));
    g.onAnimationGroupEndObservable.add(() => log.push(["end", g.name, step]));
}

let fade = null;
function advanceFade() {
    if (fade) {
        fade.t = Math.min(1, fade.t + 0.05);
        fade.from.weight = 1 - fade.t;
        fade.to.weight = fade.t;
        if (fade.t === 1) fade = null;
    }
}

const ordered = new AnimationGroup("ordered", scene);
ordered.addTargetedAnimation(anim("o1", "value", F, [[0, 100], [30, 130]]), blob);
const ordered2 = new AnimationGroup("ordered2", scene, -1, -5);

const steps = [];
for (step = 0; step < 230; step++) {
    const ev = [];
    if (step === 0) { idle.play(true); walk.play(true); }
    if (step === 10) fade = { from: idle, to: walk, t: 0 };
    if (step === 40) { idle.weight = 0.8; walk.weight = 0.7; ev.push(["over1", idle.animatables[0].weight, walk.animatables[0].weight]); }
    if (step === 50) { walk.weight = 2.5; ev.push(["clamped", walk.weight, walk.animatables[0].weight]); }
    if (step === 60) { idle.weight = 0; walk.setWeightForAllAnimatables(0.25); ev.push(["setAll", walk.weight, walk.animatables[0].weight]); }
    if (step === 70) { idle.weight = -1; walk.weight = -1; }
    if (step === 80) {
        idle.stop();
        walk.stop();
        run.enableBlending = true;
        run.blendingSpeed = 0.04;
        run.play(true);
        ev.push(["blending", run.enableBlending, run.blendingSpeed, run.targetedAnimations[0].animation.enableBlending, run.targetedAnimations[4].animation.blendingSpeed]);
    }
    if (step === 140) {
        run.stop();
        run.enableBlending = false;
        ordered.playOrder = 3;
        ordered2.addTargetedAnimation(anim("o2", "value", F, [[0, -100], [30, -130]]), blob);
        ordered.play(true);
        ordered2.play(true);
        ev.push(["order", scene.animatables.map((a) => a.playOrder)]);
    }
    if (step === 170) { ordered.playOrder = -10; ev.push(["reorder", scene.animatables.map((a) => a.playOrder)]); }
    if (step === 190) {
        ordered.stop();
        ordered2.stop();
        idle.weight = 0.5;
        walk.weight = 0.5;
        idle.play(true);
        walk.start(true, 2);
        walk.syncAllAnimationsWith(idle.animatables[0]);
    }
    if (step === 215) walk.syncAllAnimationsWith(null);
    advanceFade();
    scene._animate(16);
    steps.push({
        ev,
        hips: [...hips.position.asArray(), ...hips.rotationQuaternion.asArray()],
        spine: [...spine.position.asArray(), ...spine.rotationQuaternion.asArray(), ...spine.scaling.asArray()],
        blob: blob.value,
        w: [idle.weight, walk.weight],
    });
}

console.log(JSON.stringify({ steps, log }));
