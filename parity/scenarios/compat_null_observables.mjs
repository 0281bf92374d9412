// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 with observables a script assigned null: Babylon reads them unguarded, so the
// call that reaches one throws a TypeError after the steps before it were done. Each case logs
// whether the call threw, the error's class, and the state it left: an AnimationGroup
// disposed with its loop observable null (the observables cleared before it, the scene list);
// a TransformNode disposed with onDisposeObservable null; a Mesh given a material with
// onMaterialChangedObservable null; a group ending, and one looping, inside scene._animate
// with the group end / loop observable null (the frame's other animations, the group's state);
// an Animatable ending with its onAnimationEndObservable null; and the onX setters, which read
// the observable whatever the callback.
import { Animation, AnimationGroup, Logger, Mesh, NullEngine, Observable, Scene, StandardMaterial, TransformNode } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const engine = new NullEngine();
const scene = new Scene(engine);
const F = Animation.ANIMATIONTYPE_FLOAT;
const log = [];

function anim(name, end = 30) {
    const animation = new Animation(name, "position.x", 60, F);
    animation.setKeys([{ frame: 0, value: 0 }, { frame: end, value: 3 }]);
    return animation;
}
function attempt(label, call) {
    try {
        call();
        log.push([label, "ok"]);
    } catch (error) {
        log.push([label, "threw", error.constructor.name]);
    }
}
function x(node) {
    return Math.round(node.position.x * 1e6) / 1e6;
}

// 1. AnimationGroup.dispose with its fifth observable null.
const n1 = new TransformNode("n1", scene);
const g1 = new AnimationGroup("g1", scene);
g1.addTargetedAnimation(anim("a1"), n1);
g1.onAnimationEndObservable.add(() => log.push(["g1 end"]));
g1.onAnimationGroupPlayObservable.add(() => log.push(["g1 play"]));
g1.play(true);
g1.onAnimationLoopObservable = null;
attempt("g1 dispose", () => g1.dispose());
log.push(["g1 after", scene.animationGroups.length, !!g1.isStarted, g1.targetedAnimations.length,
    g1.onAnimationEndObservable.hasObservers(), g1.onAnimationGroupPlayObservable.hasObservers(),
    scene._activeAnimatables.length]);

// 2. TransformNode.dispose with onDisposeObservable null.
const n2 = new TransformNode("n2", scene);
const c2 = new TransformNode("c2", scene);
c2.parent = n2;
n2.onDisposeObservable = null;
attempt("n2 dispose", () => n2.dispose());
log.push(["n2 after", scene.transformNodes.map((n) => n.name), n2.isDisposed(), c2.isDisposed()]);

// 3. Mesh.material with onMaterialChangedObservable null.
const m3 = new Mesh("m3", scene);
m3.onMaterialChangedObservable = null;
attempt("m3 material", () => { m3.material = new StandardMaterial("s3", scene); });
log.push(["m3 after", m3.material ? m3.material.name : null]);

// 4. A group ending inside scene._animate, its group end observable null; another animatable
//    in the same frame after it.
const n4 = new TransformNode("n4", scene);
const n4b = new TransformNode("n4b", scene);
const g4 = new AnimationGroup("g4", scene);
g4.addTargetedAnimation(anim("a4", 10), n4);
g4.onAnimationEndObservable.add(() => log.push(["g4 end", x(n4)]));
g4.play(false);
scene.beginDirectAnimation(n4b, [anim("a4b", 60)], 0, 60, false);
g4.onAnimationGroupEndObservable = null;
for (let i = 0; i < 4; i++) {
    attempt("g4 frame " + i, () => scene._animate(64));
    log.push(["g4 state", i, !!g4.isStarted, scene._activeAnimatables.length, x(n4), x(n4b)]);
}

// 5. A looping group with onAnimationGroupLoopObservable null.
const n5 = new TransformNode("n5", scene);
const g5 = new AnimationGroup("g5", scene);
g5.addTargetedAnimation(anim("a5", 10), n5);
g5.onAnimationLoopObservable.add(() => log.push(["g5 loop", x(n5)]));
g5.play(true);
g5.onAnimationGroupLoopObservable = null;
for (let i = 0; i < 4; i++) {
    attempt("g5 frame " + i, () => scene._animate(64));
    log.push(["g5 state", i, !!g5.isStarted, x(n5)]);
}
g5.stop();

// 6. An Animatable ending with its onAnimationEndObservable null.
const n6 = new TransformNode("n6", scene);
const a6 = scene.beginDirectAnimation(n6, [anim("a6", 10)], 0, 10, false, 1, () => log.push(["a6 onEnd", x(n6)]));
a6.onAnimationEndObservable = null;
for (let i = 0; i < 5; i++) {
    attempt("a6 frame " + i, () => scene._animate(64));
    log.push(["a6 state", i, scene._activeAnimatables.length, x(n6), !!a6.animationStarted]);
}

// 7. The onX setters read the observable, with a callback or null.
const n7 = new TransformNode("n7", scene);
n7.onDisposeObservable = null;
attempt("n7 onDispose null", () => { n7.onDispose = null; });
attempt("n7 onDispose fn", () => { n7.onDispose = () => log.push(["n7 disposed"]); });

// 8. Forty looping animatables of one animation (a batch), the twentieth with its
//    onAnimationLoopObservable null: the frame that loops it throws there.
const shared = anim("a8", 10);
const row8 = [];
let a8 = null;
for (let i = 0; i < 40; i++) {
    const node = new TransformNode("n8_" + i, scene);
    const animatable = scene.beginDirectAnimation(node, [shared], 0, 10, true, 1 + i / 100);
    if (i === 20) {
        animatable.onAnimationLoopObservable = null;
        a8 = animatable;
    }
    row8.push(node);
}
for (let i = 0; i < 6; i++) {
    attempt("b8 frame " + i, () => scene._animate(48));
    log.push(["b8 state", i, row8.map(x)]);
}
// Leave nothing null behind, then dispose the engine and its scene.
for (const [owner, name] of [[g1, "onAnimationLoopObservable"], [g4, "onAnimationGroupEndObservable"],
    [g5, "onAnimationGroupLoopObservable"], [a6, "onAnimationEndObservable"], [a8, "onAnimationLoopObservable"],
    [n2, "onDisposeObservable"], [m3, "onMaterialChangedObservable"], [n7, "onDisposeObservable"]]) {
    owner[name] = new Observable();
}
engine.dispose();
console.log(JSON.stringify({ log }));
