// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 AnimationGroup ranges and speed, stepped with scene.animate() and a constant
// 16 ms delta: from/to widened by addTargetedAnimation, normalize (default and explicit, the
// keys it adds), start(loop, speedRatio, from, to) sub-ranges, from/to assigned during play,
// speedRatio 2 then 0.5 during play, start with a negative speed (plays to -> from), a
// negative speedRatio assigned during play, a non-looping reverse run ending at from,
// getLength, getCurrentFrame/getRetainedCurrentFrame after the end, and the virtual timeline
// (startWithVirtualTimeline over a range longer than the keys, getVirtualCurrentFrame,
// isVirtualFrameReached, isValidVirtualStopFrame, setVirtualCurrentFrame).
import { Animation, AnimationGroup, Logger, NullEngine, Scene } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const engine = new NullEngine();
const scene = new Scene(engine);
scene.useConstantAnimationDeltaTime = true;
const F = Animation.ANIMATIONTYPE_FLOAT;

function anim(name, property, keys, fps = 30) {
    const animation = new Animation(name, property, fps, F);
    animation.setKeys(keys.map(([frame, value]) => ({ frame, value })));
    return animation;
}
function frames(animation) {
    return animation.getKeys().map((k) => [k.frame, k.value]);
}

const log = [];
let step = -1;
function watch(group) {
    group.onAnimationGroupEndObservable.add((g) => log.push(["groupEnd", g.name, step, g.getRetainedCurrentFrame()]));
    group.onAnimationGroupLoopObservable.add((g) => log.push(["groupLoop", g.name, step]));
    group.onAnimationEndObservable.add((ta) => log.push(["end", group.name, ta.animation.name, step]));
    group.onAnimationLoopObservable.add((ta) => log.push(["loop", group.name, ta.animation.name, step]));
}

const p = { name: "p", x: 0, y: 0 };
const q = { name: "q", x: 0, y: 0 };
const r = { name: "r", x: 0, y: 0 };
const v = { name: "v", x: 0 };

// Normalised group: keys 10..40 and 0..30 become 0..40.
const norm = new AnimationGroup("norm", scene);
const px = anim("px", "x", [[10, 1], [40, 4]]);
const py = anim("py", "y", [[0, 0], [30, -3]]);
norm.addTargetedAnimation(px, p);
norm.addTargetedAnimation(py, p);
const beforeNormalize = [norm.from, norm.to];
norm.normalize();
const normalizedKeys = [frames(px), frames(py)];
const explicitGroup = new AnimationGroup("explicit", scene);
const ex = anim("ex", "x", [[5, 5], [15, 15]]);
explicitGroup.addTargetedAnimation(ex, r);
explicitGroup.normalize(0, 20);
const explicitKeys = [frames(ex), explicitGroup.from, explicitGroup.to];
watch(norm);

// Sub-range group.
const sub = new AnimationGroup("sub", scene);
sub.addTargetedAnimation(anim("qx", "x", [[0, 0], [60, 60]]), q);
sub.addTargetedAnimation(anim("qy", "y", [[0, 0], [60, -60]]), q);
watch(sub);

// Reverse group.
const back = new AnimationGroup("back", scene);
back.addTargetedAnimation(anim("rx", "x", [[0, 0], [20, 20]]), r);
watch(back);

// Virtual timeline.
const virt = new AnimationGroup("virt", scene);
virt.addTargetedAnimation(anim("vx", "x", [[0, 0], [10, 10], [20, 0]]), v);
watch(virt);

const lengths = [norm.getLength(), sub.getLength(), sub.getLength(10, 20), back.getLength()];

const steps = [];
for (step = 0; step < 200; step++) {
    const ev = [];
    if (step === 0) { norm.start(true, 2); sub.start(true, 1, 10, 30); back.start(true, -1); }
    if (step === 20) { norm.speedRatio = 0.5; ev.push(["norm0.5", norm.getCurrentFrame(), norm.getLength()]); }
    if (step === 30) { sub.from = 20; sub.to = 50; ev.push(["subRange", sub.from, sub.to, sub.animatables[0].fromFrame, sub.animatables[0].toFrame]); }
    if (step === 45) { back.speedRatio = 1.5; }
    if (step === 50) { sub.speedRatio = -1; ev.push(["subNeg", sub.getCurrentFrame()]); }
    if (step === 60) { back.stop(); back.start(false, -2, 5, 15); ev.push(["backOnce", back.animatables[0].fromFrame, back.animatables[0].toFrame, back.animatables[0].speedRatio]); }
    if (step === 70) { norm.speedRatio = -0.75; }
    if (step === 80) {
        virt.startWithVirtualTimeline(false, 1, 0, 65);
        ev.push(["virtStart", virt.getVirtualCurrentFrame(), virt.animatables.length, virt.animatables[0].fromFrame, virt.animatables[0].toFrame, !!virt.animatables[0].loopAnimation]);
    }
    if (step === 100) ev.push(["virtReached", virt.isVirtualFrameReached(30), virt.isVirtualFrameReached(50), virt.isValidVirtualStopFrame(64), virt.isValidVirtualStopFrame(65)]);
    if (step === 110) { virt.setVirtualCurrentFrame(12); ev.push(["virtSet", v.x, virt.getVirtualCurrentFrame()]); }
    if (step === 120) { virt.pause(); }
    if (step === 130) { virt.play(); }
    if (step === 190) { norm.stop(); sub.stop(); ev.push(["stoppedRetained", norm.getRetainedCurrentFrame(), sub.getRetainedCurrentFrame(), norm.getCurrentFrame()]); }
    scene.animate();
    steps.push({
        ev,
        p: [p.x, p.y],
        q: [q.x, q.y],
        r: r.x,
        v: v.x,
        frames: [norm.getCurrentFrame(), sub.getCurrentFrame(), back.getCurrentFrame(), virt.getCurrentFrame()],
        virt: [virt.getVirtualCurrentFrame(), virt.getRetainedCurrentFrame(), !!virt.isStarted],
    });
}

console.log(JSON.stringify({ beforeNormalize, normalizedKeys, explicitKeys, lengths, steps, log }));
