// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 calling its callbacks the JavaScript way (a function may declare fewer or
// more parameters than it is given: the extra arguments are dropped, the missing ones are
// undefined) and the members it leaves undefined (issue 29 items 7, 8, 10). Observers with 0,
// 1 and 3 parameters, removeCallback and unregisterBeforeRender, addOnce,
// AnimationEvent actions with 0 and 2 parameters, onAnimationEnd/onAnimationLoop with a
// parameter, AnimationGroup observers with none, isStarted/isPlaying before the first start,
// and the documentation's copy of an animatable's runtime animations into a group (a node whose
// rotationQuaternion is null under a rotationQuaternion animation).
import {
    Animation,
    AnimationEvent,
    AnimationGroup,
    FreeCamera,
    Logger,
    NullEngine,
    Quaternion,
    Scene,
    TransformNode,
    Vector3,
} from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const engine = new NullEngine();
const scene = new Scene(engine);
scene.useConstantAnimationDeltaTime = true; // 16 ms per render
new FreeCamera("camera", new Vector3(0, 0, -10), scene);
const log = [];
let step = 0;

// 1. Observers declaring 0, 1 and 3 parameters; removal by the function given.
const zero = () => log.push(["obs0", step]);
scene.onBeforeRenderObservable.add(zero);
scene.onBeforeRenderObservable.add((s) => log.push(["obs1", step, s === scene]));
scene.onAfterRenderObservable.add((s, state, extra) => log.push(["obs3", step, s === scene, state.mask, extra]));
const registered = () => log.push(["registered", step]);
scene.registerBeforeRender(registered);
const firstOnly = () => log.push(["addOnce", step]);
scene.onBeforeRenderObservable.addOnce(firstOnly);

// 2. An animation whose events and callbacks declare 0 or 2 parameters.
const target = { x: 0 };
const x = new Animation("x", "x", 60, Animation.ANIMATIONTYPE_FLOAT);
x.setKeys([
    { frame: 0, value: 0 },
    { frame: 12, value: 12 },
]);
x.addEvent(new AnimationEvent(5, () => log.push(["event0", step, target.x])));
x.addEvent(new AnimationEvent(8, (frame, extra) => log.push(["event2", step, frame, extra])));
const looping = scene.beginDirectAnimation(target, [x], 0, 12, true, 1, undefined, function (a) {
    log.push(["loop", step, a, target.x]);
});
const other = { y: 0 };
const y = new Animation("y", "y", 60, Animation.ANIMATIONTYPE_FLOAT);
y.setKeys([
    { frame: 0, value: 0 },
    { frame: 6, value: 6 },
]);
const ending = scene.beginDirectAnimation(other, [y], 0, 6, false, 1, (a) => log.push(["end", step, a, other.y]));
const endUndefinedBefore = [ending.onAnimationLoop ?? null, typeof ending.onAnimationEnd];

// 3. A group: undefined state before the first start, observers with no parameter.
const node = new TransformNode("node", scene);
const pos = new Animation("pos", "position.y", 60, Animation.ANIMATIONTYPE_FLOAT);
pos.setKeys([
    { frame: 0, value: 0 },
    { frame: 10, value: 5 },
]);
const group = new AnimationGroup("group", scene);
group.addTargetedAnimation(pos, node);
const states = [["new", group.isStarted, group.isPlaying]];
group.onAnimationGroupEndObservable.add(() => log.push(["groupEnd", step, node.position.y]));
group.onAnimationEndObservable.add((targeted) => log.push(["targetedEnd", step, targeted.animation.name]));
group.onAnimationGroupPlayObservable.add(() => log.push(["groupPlay", step]));
group.pause();
states.push(["pause before start", group.isStarted, group.isPlaying]);

// 4. The documentation's copy of an animatable's runtime animations into a new group.
const hero = new TransformNode("hero", scene);
const spin = new Animation("spin", "rotationQuaternion", 60, Animation.ANIMATIONTYPE_QUATERNION);
spin.setKeys([
    { frame: 0, value: Quaternion.Identity() },
    { frame: 30, value: Quaternion.RotationAxis(new Vector3(0, 1, 0), 1.5) },
]);
const lift = new Animation("lift", "position.x", 60, Animation.ANIMATIONTYPE_FLOAT);
lift.setKeys([
    { frame: 0, value: 1 },
    { frame: 30, value: 4 },
]);
hero.animations = [spin];
const idle = scene.beginAnimation(hero, 0, 30, true);
const copy = new AnimationGroup("copy", scene);
const copied = [];
for (const runtime of idle.getAnimations()) {
    copied.push([runtime.animation.name, runtime.target === hero, hero.rotationQuaternion === null]);
    copy.addTargetedAnimation(runtime.animation, runtime.target);
}
copy.addTargetedAnimation(lift, hero);
scene.stopAnimation(hero);

const rows = [];
for (step = 0; step < 40; step++) {
    if (step === 2) group.start(false);
    if (step === 3) states.push(["started", group.isStarted, group.isPlaying]);
    if (step === 4) {
        group.pause();
        states.push(["paused", group.isStarted, group.isPlaying]);
        group.play();
    }
    if (step === 5) {
        scene.onBeforeRenderObservable.removeCallback(zero);
        scene.unregisterBeforeRender(registered);
    }
    if (step === 6) copy.start(true);
    if (step === 30) looping.stop();
    scene.render();
    const q = hero.rotationQuaternion;
    rows.push([step, target.x, other.y, node.position.y, hero.position.x, q ? [q.x, q.y, q.z, q.w] : null]);
}
states.push(["ended", group.isStarted, group.isPlaying]);

console.log(JSON.stringify({ log, rows, states, endUndefinedBefore, copied, copyTargets: copy.targetedAnimations.length }));
