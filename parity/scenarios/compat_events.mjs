// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 animation events and callback ordering: AnimationEvent (onlyOnce or not,
// at frame 0, inside, and exactly at `to`), events re-armed on each loop, onAnimationLoop vs
// onAnimationLoopObservable, onAnimationEnd vs onAnimationEndObservable, values read inside
// callbacks, removeEvents, an animation started from an end callback (visited in the same
// step), and completion exactly on a loop boundary (60 fps, 16 ms steps: frame 24 lands
// exactly on step 25).
import { Animation, AnimationEvent, Logger, NullEngine, Scene, Vector3 } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const engine = new NullEngine();
const scene = new Scene(engine);
const log = [];
let step = 0;

function track(name, property, keys) {
    const animation = new Animation(name, property, 60, Animation.ANIMATIONTYPE_FLOAT);
    animation.setKeys(keys);
    return animation;
}

// 1. Looping, with events; ends by stop() at step 70.
const looper = { x: 0, y: 0 };
const lx = track("lx", "x", [
    { frame: 0, value: 0 },
    { frame: 24, value: 24 },
]);
lx.addEvent(new AnimationEvent(0, (f) => log.push(["ev0", step, f, looper.x])));
lx.addEvent(new AnimationEvent(10, (f) => log.push(["ev10", step, f, looper.x])));
lx.addEvent(new AnimationEvent(10, (f) => log.push(["ev10b", step, f]), true));
lx.addEvent(new AnimationEvent(24, (f) => log.push(["ev24", step, f, looper.x])));
lx.addEvent(new AnimationEvent(30, (f) => log.push(["ev30-outside", step, f])));
lx.addEvent(new AnimationEvent(5, (f) => log.push(["ev5-removed", step, f])));
lx.removeEvents(5);
const ly = track("ly", "y", [
    { frame: 0, value: 100 },
    { frame: 24, value: 124 },
]);
ly.addEvent(new AnimationEvent(12, (f) => log.push(["ly12", step, f, looper.x, looper.y]), true));
const loopAnim = scene.beginDirectAnimation(
    looper,
    [lx, ly],
    0,
    24,
    true,
    1,
    () => log.push(["looper-end-cb", step, looper.x]),
    () => log.push(["looper-loop-cb", step, looper.x, looper.y])
);
loopAnim.onAnimationLoopObservable.add(() => log.push(["looper-loop-obs", step, looper.x]));
loopAnim.onAnimationEndObservable.add(() => log.push(["looper-end-obs", step]));

// 2. Not looping: ends exactly on frame 24 at step 25; its end callback starts a follow-up.
const once = { x: 0 };
const ox = track("ox", "x", [
    { frame: 0, value: 0 },
    { frame: 24, value: 48 },
]);
ox.addEvent(new AnimationEvent(24, (f) => log.push(["once-ev24", step, f, once.x])));
const follow = { z: -1 };
const fz = track("fz", "z", [
    { frame: 0, value: 0 },
    { frame: 12, value: 12 },
]);
const onceAnim = scene.beginDirectAnimation(once, [ox], 0, 24, false, 1, () => {
    log.push(["once-end-cb", step, once.x]);
    const f = scene.beginDirectAnimation(follow, [fz], 0, 12, false, 1, () => log.push(["follow-end-cb", step, follow.z]));
    f.onAnimationEndObservable.add(() => log.push(["follow-end-obs", step]));
});
onceAnim.onAnimationEndObservable.add(() => log.push(["once-end-obs", step, once.x]));
onceAnim.onAnimationEndObservable.add(() => log.push(["once-end-obs-first", step]), undefined, true);

// 3. Looping range that is not the whole key range, events outside the range never fire.
const ranged = { x: 0 };
const rx = track("rx", "x", [
    { frame: 0, value: 0 },
    { frame: 48, value: 96 },
]);
rx.addEvent(new AnimationEvent(6, (f) => log.push(["rx6-before-range", step, f])));
rx.addEvent(new AnimationEvent(20, (f) => log.push(["rx20", step, f, ranged.x])));
rx.addEvent(new AnimationEvent(36, (f) => log.push(["rx36", step, f, ranged.x])));
const rangedAnim = scene.beginDirectAnimation(ranged, [rx], 12, 36, true, 1.5);
rangedAnim.onAnimationLoopObservable.add(() => log.push(["ranged-loop", step, ranged.x]));

const samples = [];
for (step = 0; step < 90; step++) {
    if (step === 70) {
        loopAnim.stop();
    }
    scene._animate(16);
    samples.push([looper.x, looper.y, once.x, follow.z, ranged.x, scene.animatables.length]);
}

console.log(JSON.stringify({ log, samples }));
