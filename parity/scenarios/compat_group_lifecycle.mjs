// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 AnimationGroup lifecycle during scene._animate(16) stepping: play (looping)
// with the group loop raised once every animation looped (a 24-frame and a 48-frame track at
// 60 fps, so the loops land exactly on frame boundaries), pause/play (restart), goToFrame,
// stop (per-animation end before the group end), reset on a stopped group (play, goToFrame(0),
// stop(true)), play(loop) on a started group, a non-looping group ending track by track, a
// group started from another group's end observer, scene.stopAnimation ending a group,
// start while started, an empty group, removeTargetedAnimation, dispose, and the observable
// order; isStarted/isPlaying/getCurrentFrame/animatables each step.
import { Animation, AnimationGroup, Logger, NullEngine, Scene, TransformNode } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const engine = new NullEngine();
const scene = new Scene(engine);
const F = Animation.ANIMATIONTYPE_FLOAT;

function anim(name, property, keys, fps = 60) {
    const animation = new Animation(name, property, fps, F);
    animation.setKeys(keys.map(([frame, value]) => ({ frame, value })));
    return animation;
}

const a = new TransformNode("a", scene);
const b = new TransformNode("b", scene);
const c = new TransformNode("c", scene);
let step = -1;
const log = [];

function watch(group) {
    group.onAnimationGroupPlayObservable.add((g) => log.push(["play", g.name, step, !!g.isPlaying]));
    group.onAnimationGroupPauseObservable.add((g) => log.push(["pause", g.name, step, !!g.isPlaying]));
    group.onAnimationGroupEndObservable.add((g) => log.push(["groupEnd", g.name, step, !!g.isStarted]));
    group.onAnimationGroupLoopObservable.add((g) => log.push(["groupLoop", g.name, step]));
    group.onAnimationEndObservable.add((ta) => log.push(["end", group.name, ta.target.name, ta.animation.name, step]));
    group.onAnimationLoopObservable.add((ta) => log.push(["loop", group.name, ta.target.name, ta.animation.name, step]));
}

const walk = new AnimationGroup("walk", scene);
walk.addTargetedAnimation(anim("ax", "position.x", [[0, 0], [12, 6], [24, 24]]), a);
walk.addTargetedAnimation(anim("by", "position.y", [[0, 0], [48, 4.8]]), b);
watch(walk);

const once = new AnimationGroup("once", scene);
once.addTargetedAnimation(anim("cz", "position.z", [[0, 10], [30, 40]]), c);
once.addTargetedAnimation(anim("cx", "position.x", [[10, 1], [20, 2]]), c);
watch(once);

const chained = new AnimationGroup("chained");
const chainedTA = chained.addTargetedAnimation(anim("ay", "position.y", [[0, -1], [6, -7]]), a);
watch(chained);
once.onAnimationGroupEndObservable.add(() => {
    chained.start(false, 2);
    log.push(["chainedStarted", step, a.position.y]);
});

const empty = new AnimationGroup("empty", scene);
watch(empty);

const initial = {
    groups: scene.animationGroups.map((g) => g.name),
    walk: [walk.from, walk.to, !!walk.isStarted, !!walk.isPlaying, walk.getCurrentFrame(), walk.targetedAnimations.length, walk.animatables.length],
    once: [once.from, once.to, once.getLength(), walk.getLength(), walk.getLength(12, 36)],
    classNames: [walk.getClassName(), chainedTA.getClassName(), chainedTA.parent === chained],
    byName: scene.getAnimationGroupByName("once") === once,
    str: [walk.toString(), walk.toString(true)],
    emptyStart: empty.start(true) === empty,
    emptyStarted: !!empty.isStarted,
};

const steps = [];
for (step = 0; step < 240; step++) {
    const ev = [];
    if (step === 0) walk.play(true);
    if (step === 1) ev.push(["startWhileStarted", walk.start(false, 3) === walk, walk.speedRatio, walk.loopAnimation]);
    if (step === 60) walk.pause();
    if (step === 61) ev.push(["pausedFrame", walk.getCurrentFrame(), !!walk.isPlaying, !!walk.isStarted]);
    if (step === 70) walk.play();
    if (step === 80) { walk.goToFrame(30); ev.push(["goto30", a.position.x, b.position.y, walk.getCurrentFrame()]); }
    if (step === 90) { walk.pause(); walk.goToFrame(6); ev.push(["goto6paused", a.position.x, b.position.y]); }
    if (step === 95) walk.play(false);
    if (step === 100) once.start();
    if (step === 130) { walk.stop(); ev.push(["stopped", !!walk.isStarted, walk.animatables.length, scene.animatables.length]); }
    if (step === 131) { ev.push(["restartStopped", walk.restart() === walk, !!walk.isPlaying]); walk.goToFrame(10); }
    if (step === 140) {
        a.position.x = 100;
        b.position.y = 100;
        walk.reset();
        ev.push(["resetStopped", a.position.x, b.position.y, !!walk.isStarted, scene.animatables.length]);
    }
    if (step === 150) { walk.play(true); walk.goToFrame(40); }
    if (step === 160) { walk.reset(); ev.push(["resetPlaying", a.position.x, b.position.y, walk.getCurrentFrame()]); }
    if (step === 175) { scene.stopAnimation(a); ev.push(["stopA", walk.animatables.length, !!walk.isStarted]); }
    if (step === 180) { scene.stopAnimation(b); ev.push(["stopB", walk.animatables.length, !!walk.isStarted]); }
    if (step === 190) {
        walk.removeTargetedAnimation(walk.targetedAnimations[1].animation);
        walk.play(true);
        ev.push(["removedB", walk.targetedAnimations.length, walk.animatables.length]);
    }
    if (step === 220) {
        walk.dispose();
        ev.push(["disposed", scene.animationGroups.map((g) => g.name), walk.targetedAnimations.length, scene.animatables.length]);
    }
    scene._animate(16);
    steps.push({
        ev,
        a: [a.position.x, a.position.y],
        b: b.position.y,
        c: [c.position.x, c.position.z],
        walk: [!!walk.isStarted, !!walk.isPlaying, walk.getCurrentFrame(), walk.animatables.length],
        once: [!!once.isStarted, once.getCurrentFrame(), once.animatables.length],
        chained: [!!chained.isStarted, chained.getCurrentFrame()],
        active: scene.animatables.length,
    });
}

console.log(JSON.stringify({ initial, steps, log }));
