// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 AnimationGroupMask on an AnimationGroup: an include mask set before start
// (masked-out targets are paused, never written), the group loop counting only retained
// animations, mode switched to Exclude plus syncWithMask, addTargetName/removeTargetName/
// hasTarget/retainsTarget, disabled, the mask replaced and cleared during play, a target
// without a name, a non-looping group ending once its retained animations end (masked ones
// stay paused), removeUnmaskedAnimations, and a clone sharing the mask.
import { Animation, AnimationGroup, AnimationGroupMask, AnimationGroupMaskMode, Logger, NullEngine, Scene } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const engine = new NullEngine();
const scene = new Scene(engine);
const F = Animation.ANIMATIONTYPE_FLOAT;

function anim(name, keys, fps = 30) {
    const animation = new Animation(name, "x", fps, F);
    animation.setKeys(keys.map(([frame, value]) => ({ frame, value })));
    return animation;
}

const hips = { name: "hips", x: -1 };
const spine = { name: "spine", x: -1 };
const head = { name: "head", x: -1 };
const anon = { x: -1 };
const all = [hips, spine, head, anon];

const group = new AnimationGroup("body", scene);
group.addTargetedAnimation(anim("h", [[0, 0], [10, 10]]), hips);
group.addTargetedAnimation(anim("s", [[0, 0], [20, 20]]), spine);
group.addTargetedAnimation(anim("d", [[0, 0], [15, 30]]), head);
group.addTargetedAnimation(anim("n", [[0, 0], [5, 50]]), anon);

const log = [];
let step = -1;
group.onAnimationGroupLoopObservable.add(() => log.push(["groupLoop", step]));
group.onAnimationLoopObservable.add((ta) => log.push(["loop", ta.animation.name, step]));
group.onAnimationEndObservable.add((ta) => log.push(["end", ta.animation.name, step]));
group.onAnimationGroupEndObservable.add(() => log.push(["groupEnd", step, group.animatables.length]));

const mask = new AnimationGroupMask(["hips", "spine"]);
const maskInfo = [
    mask.mode,
    AnimationGroupMaskMode.Include,
    AnimationGroupMaskMode.Exclude,
    mask.hasTarget("hips"),
    mask.retainsTarget("hips"),
    mask.retainsTarget("head"),
    mask.retainsTarget(undefined),
    mask.disabled,
];
group.mask = mask;

const steps = [];
for (step = 0; step < 200; step++) {
    const ev = [];
    if (step === 0) { group.start(true); ev.push(["paused", group.animatables.map((a) => a.paused)]); }
    if (step === 30) {
        mask.mode = AnimationGroupMaskMode.Exclude;
        group.syncWithMask();
        ev.push(["exclude", group.animatables.map((a) => a.paused), mask.retainsTarget("hips"), mask.retainsTarget(undefined)]);
    }
    if (step === 50) { mask.addTargetName(["head", "neck"]); mask.removeTargetName("hips"); group.syncWithMask(); ev.push(["edit", mask.hasTarget("neck"), group.animatables.map((a) => a.paused)]); }
    if (step === 70) { mask.disabled = true; group.syncWithMask(); ev.push(["disabled", group.animatables.map((a) => a.paused)]); }
    if (step === 90) { mask.disabled = false; group.mask = new AnimationGroupMask("spine", AnimationGroupMaskMode.Include); ev.push(["replaced", group.animatables.map((a) => a.paused)]); }
    if (step === 100) { group.mask = null; ev.push(["cleared", group.animatables.map((a) => a.paused)]); }
    if (step === 110) {
        group.stop();
        group.mask = new AnimationGroupMask(["spine", "head"]);
        group.start(false);
        ev.push(["once", group.animatables.map((a) => a.paused)]);
    }
    if (step === 150) {
        const copy = group.clone("bodyCopy");
        ev.push(["clone", copy.mask === group.mask, copy.targetedAnimations.length]);
        group.mask = new AnimationGroupMask(["hips", "head"], AnimationGroupMaskMode.Exclude);
        group.play(true);
        group.removeUnmaskedAnimations();
        ev.push(["removed", group.targetedAnimations.map((ta) => ta.animation.name), group.animatables.length, scene.animatables.length]);
    }
    scene._animate(16);
    steps.push({ ev, x: all.map((t) => t.x), started: !!group.isStarted, frame: group.getCurrentFrame() });
}

console.log(JSON.stringify({ maskInfo, steps, log }));
