// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 additive AnimationGroups: AnimationGroup.MakeAnimationAdditive with the
// numeric form (reference frame 0, and a named range with cloneOriginal, whose clone still
// shares the animations) and the options form (referenceFrame between keys, fromFrame/toFrame
// with clipKeys recomputing from/to), the converted keys of Vector3, Quaternion, float,
// Color3, Size and Matrix animations, Animation.MakeAnimationAdditive alone (cloned), and
// playback on TransformNodes (position/rotationQuaternion/scaling): a weighted base group with
// an additive group at partial weight, an additive group over an unweighted base (the late
// blend starts from the rest pose), isAdditive toggled during play, and start(..., isAdditive).
import { Animation, AnimationGroup, Color3, Logger, Matrix, NullEngine, Quaternion, Scene, Size, TransformNode, Vector3 } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const engine = new NullEngine();
const scene = new Scene(engine);
const T = Animation;

function anim(name, property, type, keys, fps = 30) {
    const animation = new Animation(name, property, fps, type);
    animation.setKeys(keys.map(([frame, value]) => ({ frame, value })));
    return animation;
}
function dump(value) {
    if (typeof value === "number") return value;
    if (value instanceof Size) return [value.width, value.height];
    return Array.from(value.asArray());
}
function keysOf(animation) {
    return animation.getKeys().map((k) => [k.frame, dump(k.value)]);
}
const axisY = new Vector3(0, 1, 0);
const axisZ = new Vector3(0, 0, 1);

const arm = new TransformNode("arm", scene);
arm.rotationQuaternion = Quaternion.RotationAxis(axisZ, 0.2);
arm.position = new Vector3(1, 2, 3);
arm.scaling = new Vector3(1, 1, 1);

function armAnims(prefix, s) {
    return [
        anim(prefix + "P", "position", T.ANIMATIONTYPE_VECTOR3, [[0, new Vector3(0, 0, 0)], [10, new Vector3(s, 0, 0)], [30, new Vector3(s, 2 * s, 0)]]),
        anim(prefix + "Q", "rotationQuaternion", T.ANIMATIONTYPE_QUATERNION, [[0, Quaternion.RotationAxis(axisY, 0.1)], [15, Quaternion.RotationAxis(axisY, 0.1 + s)], [30, Quaternion.RotationAxis(axisZ, s)]]),
        anim(prefix + "S", "scaling", T.ANIMATIONTYPE_VECTOR3, [[0, new Vector3(1, 1, 1)], [30, new Vector3(1 + s, 1 - s / 4, 1)]]),
    ];
}

// Base pose group (weighted 1 so the additive layer has something to add to).
const base = new AnimationGroup("base", scene, 1);
for (const a of armAnims("base", 0.5)) base.addTargetedAnimation(a, arm);

// Numeric form, reference frame 0, converted in place.
const wave = new AnimationGroup("wave", scene);
for (const a of armAnims("wave", 0.8)) wave.addTargetedAnimation(a, arm);
const waveResult = AnimationGroup.MakeAnimationAdditive(wave);
const waveKeys = wave.targetedAnimations.map((ta) => keysOf(ta.animation));

// Numeric form with a named range and cloneOriginal: the clone shares (and converts) the animations.
const nod = new AnimationGroup("nod", scene);
for (const a of armAnims("nod", 0.3)) {
    a.createRange("mid", 10, 20);
    nod.addTargetedAnimation(a, arm);
}
const nodClone = AnimationGroup.MakeAnimationAdditive(nod, 5, "mid", true, "nodAdd");
const nodInfo = {
    names: [nodClone.name, nodClone === nod, nodClone.targetedAnimations[0].animation === nod.targetedAnimations[0].animation, nod.isAdditive, nodClone.isAdditive],
    keys: nodClone.targetedAnimations.map((ta) => keysOf(ta.animation)),
    groups: scene.animationGroups.map((g) => g.name),
};

// Options form: reference between keys, sub-range with clipKeys, cloned animations.
const sway = new AnimationGroup("sway", scene);
for (const a of armAnims("sway", 1.1)) sway.addTargetedAnimation(a, arm);
const swayResult = AnimationGroup.MakeAnimationAdditive(sway, {
    referenceFrame: 12,
    fromFrame: 6,
    toFrame: 24,
    clipKeys: true,
    cloneOriginalAnimation: true,
    clonedAnimationName: "swayAdd",
});
const swayInfo = {
    same: swayResult === sway,
    range: [sway.from, sway.to],
    names: sway.targetedAnimations.map((ta) => ta.animation.name),
    keys: sway.targetedAnimations.map((ta) => keysOf(ta.animation)),
};

// Other data types (converted keys only).
const other = new AnimationGroup("other", scene);
const holder = { name: "holder", f: 0, c: new Color3(0, 0, 0), s: new Size(1, 1), m: Matrix.Identity() };
other.addTargetedAnimation(anim("of", "f", T.ANIMATIONTYPE_FLOAT, [[0, 2], [10, 5], [20, -1]]), holder);
other.addTargetedAnimation(anim("oc", "c", T.ANIMATIONTYPE_COLOR3, [[0, new Color3(0.5, 0.2, 0.1)], [20, new Color3(1, 0.4, 0.3)]]), holder);
other.addTargetedAnimation(anim("os", "s", T.ANIMATIONTYPE_SIZE, [[0, new Size(2, 3)], [20, new Size(5, 7)]]), holder);
other.addTargetedAnimation(anim("om", "m", T.ANIMATIONTYPE_MATRIX, [
    [0, Matrix.Compose(new Vector3(1, 2, 1), Quaternion.RotationAxis(axisY, 0.3), new Vector3(1, 2, 3))],
    [20, Matrix.Compose(new Vector3(2, 2, 0.5), Quaternion.RotationAxis(axisZ, 0.7), new Vector3(-1, 0, 4))],
]), holder);
AnimationGroup.MakeAnimationAdditive(other, { referenceFrame: 5 });
const otherKeys = other.targetedAnimations.map((ta) => keysOf(ta.animation));

// Animation.MakeAnimationAdditive alone, cloned.
const lone = anim("lone", "x", T.ANIMATIONTYPE_FLOAT, [[0, 1], [10, 3], [20, 9]]);
const loneAdd = Animation.MakeAnimationAdditive(lone, 20, undefined, true, "loneAdd");
const loneInfo = [loneAdd.name, keysOf(lone), keysOf(loneAdd)];

const log = [];
let step = -1;
wave.onAnimationGroupPlayObservable.add((g) => log.push(["play", g.name, step, g.isAdditive, g.animatables.map((a) => a.isAdditive)]));

const steps = [];
for (step = 0; step < 160; step++) {
    if (step === 0) { base.play(true); wave.weight = 0.6; wave.play(true); }
    if (step === 40) wave.weight = 1;
    if (step === 60) { wave.isAdditive = false; log.push(["notAdditive", wave.animatables.map((a) => a.isAdditive)]); }
    if (step === 70) wave.isAdditive = true;
    if (step === 80) { base.stop(); base.weight = -1; base.play(true); }
    if (step === 110) { wave.stop(); wave.start(true, 1, 0, 30, false); log.push(["startNotAdditive", wave.animatables.map((a) => a.isAdditive)]); }
    if (step === 130) { wave.stop(); base.stop(); sway.weight = 0.5; sway.start(true, 1.5); }
    scene._animate(16);
    steps.push([...arm.position.asArray(), ...arm.rotationQuaternion.asArray(), ...arm.scaling.asArray()]);
}

console.log(JSON.stringify({ same: waveResult === wave, waveAdditive: wave.isAdditive, waveKeys, nodInfo, swayInfo, otherKeys, loneInfo, steps, log }));
