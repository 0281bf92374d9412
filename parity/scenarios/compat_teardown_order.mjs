// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 teardown order: scene.stopAllAnimations with end callbacks that start a new
// animatable, stop a later one and stop an earlier one; a loop of animatable.stop() in a
// scrambled order with callbacks that start and stop others; many animation groups stopped
// one by one (an end observer restarting another group) and disposed; scene.dispose with
// started groups, own animatables whose end callbacks would start more, and an
// onDisposeObservable observer logging the list. Logs every callback with the active list
// (target names) at that moment, and the list after each call.
import { Animation, AnimationGroup, Logger, NullEngine, Scene, TransformNode } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const engine = new NullEngine();
const scene = new Scene(engine);
const F = Animation.ANIMATIONTYPE_FLOAT;
const log = [];

function anim(name) {
    const animation = new Animation(name, "position.x", 60, F);
    animation.setKeys([{ frame: 0, value: 0 }, { frame: 30, value: 3 }]);
    return animation;
}
const nodes = {};
function node(name) {
    if (!nodes[name]) nodes[name] = new TransformNode(name, scene);
    return nodes[name];
}
function names() {
    return scene._activeAnimatables.map((a) => a.target.name);
}
const own = {};
function start(name, onEnd) {
    const animatable = scene.beginDirectAnimation(node(name), [anim("x" + name)], 0, 30, true, 1, () => {
        log.push(["end", name, names()]);
        if (onEnd) onEnd();
    });
    animatable.onAnimationEndObservable.add(() => log.push(["endObs", name, names()]));
    own[name] = animatable;
    return animatable;
}
function group(name, targets) {
    const g = new AnimationGroup(name, scene);
    for (const t of targets) g.addTargetedAnimation(anim("g" + t), node(t));
    g.onAnimationEndObservable.add((ta) => log.push(["gEnd", name, ta.target.name, names()]));
    g.onAnimationGroupEndObservable.add((gg) => log.push(["groupEnd", gg.name, !!gg.isStarted, names()]));
    return g;
}

// A: stopAllAnimations with callbacks that change the list.
for (let i = 0; i < 8; i++) {
    const name = "a" + i;
    let onEnd = null;
    if (i === 2) onEnd = () => start("a_new");
    if (i === 4) onEnd = () => own["a6"].stop();
    if (i === 5) onEnd = () => own["a1"].stop();
    start(name, onEnd);
}
const ga = group("ga", ["ga0", "ga1"]);
ga.play(true);
scene._animate(16);
log.push(["A before", names()]);
scene.stopAllAnimations();
log.push(["A after", names(), !!ga.isStarted]);
scene._activeAnimatables.length = 0;

// B: individual stops in a scrambled order.
for (let i = 0; i < 10; i++) {
    const name = "b" + i;
    let onEnd = null;
    if (i === 3) onEnd = () => start("b_new3");
    if (i === 6) onEnd = () => own["b8"].stop();
    if (i === 7) onEnd = () => own["b2"].stop(undefined, undefined, true);
    start(name, onEnd);
}
scene._animate(16);
for (const i of [9, 3, 0, 7, 5, 6, 2, 1, 4, 8]) {
    own["b" + i].stop();
    log.push(["B stop", "b" + i, names()]);
}
own["b_new3"].stop();
log.push(["B end", names()]);

// C: many groups stopped one by one, then disposed.
const groups = [];
for (let i = 0; i < 5; i++) groups.push(group("c" + i, ["c" + i + "a", "c" + i + "b"]));
groups[1].onAnimationGroupEndObservable.add(() => groups[4].play(true));
start("c_own");
for (const g of groups.slice(0, 4)) g.play(true);
scene._animate(16);
for (const i of [2, 0, 1, 3, 4]) {
    groups[i].stop();
    log.push(["C stop", "c" + i, names(), !!groups[i].isStarted]);
}
groups[4].play(true);
groups[0].play(true);
groups[4].dispose();
log.push(["C dispose4", names()]);
groups[0].stop(true);
log.push(["C skip0", names()]);
own["c_own"].stop();

// D: dispose.
const gd = group("gd", ["gd0", "gd1"]);
gd.play(true);
start("d0", () => start("d_late"));
start("d1");
scene.onDisposeObservable.add(() => {
    log.push(["dispose", names(), !!gd.isStarted]);
});
scene._animate(16);
scene.dispose();
log.push(["D after", names(), !!gd.isStarted, gd.animatables.length, scene.animationGroups.length]);
console.log(JSON.stringify({ log }));
