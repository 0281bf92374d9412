// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 under non-finite frames: one bad frame does not break the scene. After
// scene._animate(NaN / Infinity), goToFrame(+-Infinity / NaN) on an Animatable or an
// AnimationGroup, a NaN/Infinity speed ratio or frame rate (and a frame rate of 0), Babylon
// writes NaN (or, where its key-search cache stands on the last key, that key's value) and
// carries on stepping. Each case: the target before and after the bad call, then five
// scene._animate(16) steps, plus the masterFrame and the active animatable count.
// (lite_compat's AnimationGroup refuses a NaN goToFrame or speedRatio up front with a coded
// error, before changing anything, so those two calls are not replayed here.)
import { Animation, AnimationGroup, Logger, NullEngine, Quaternion, Scene, Vector3 } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const num = (x) => (Number.isFinite(x) ? x : String(x));

function makeAnimations(fps = 30) {
    const x = new Animation("x", "x", fps, Animation.ANIMATIONTYPE_FLOAT);
    x.setKeys([
        { frame: 0, value: 0 },
        { frame: 20, value: 4 },
        { frame: 40, value: -4 },
    ]);
    const position = new Animation("p", "position", fps, Animation.ANIMATIONTYPE_VECTOR3);
    position.setKeys([
        { frame: 0, value: new Vector3(0, 1, 2) },
        { frame: 40, value: new Vector3(8, -3, 6) },
    ]);
    const rotation = new Animation("q", "rotationQuaternion", fps, Animation.ANIMATIONTYPE_QUATERNION);
    rotation.setKeys([
        { frame: 0, value: new Quaternion(0, 0, 0, 1) },
        { frame: 40, value: new Quaternion(0, Math.SQRT1_2, 0, Math.SQRT1_2) },
    ]);
    return [x, position, rotation];
}

function snapshot(t) {
    return [num(t.x), num(t.position.x), num(t.position.z), num(t.rotationQuaternion.y), num(t.rotationQuaternion.w)];
}

function makeTarget() {
    return { x: 5, position: new Vector3(9, 9, 9), rotationQuaternion: new Quaternion(0, 0, 0, 1) };
}

function group(scene, t, fps = 30) {
    const g = new AnimationGroup("g", scene);
    for (const a of makeAnimations(fps)) g.addTargetedAnimation(a, t);
    return g;
}

const cases = {
    animateNaN: (s, t) => { const a = s.beginDirectAnimation(t, makeAnimations(), 0, 40, true); s._animate(16); s._animate(NaN); return a; },
    animateInfinity: (s, t) => { const a = s.beginDirectAnimation(t, makeAnimations(), 0, 40, true); s._animate(16); s._animate(Infinity); return a; },
    animateNaNOnce: (s, t) => { const a = s.beginDirectAnimation(t, makeAnimations(), 0, 40, false); s._animate(16); s._animate(NaN); return a; },
    animatableGoToInfinity: (s, t) => { const a = s.beginDirectAnimation(t, makeAnimations(), 0, 40, true); s._animate(16); a.goToFrame(Infinity); return a; },
    animatableGoToMinusInfinity: (s, t) => { const a = s.beginDirectAnimation(t, makeAnimations(), 0, 40, true); s._animate(16); a.goToFrame(-Infinity); return a; },
    animatableGoToNaN: (s, t) => { const a = s.beginDirectAnimation(t, makeAnimations(), 0, 40, true); s._animate(16); a.goToFrame(NaN); return a; },
    groupGoToInfinity: (s, t) => { const g = group(s, t); g.play(true); s._animate(16); g.goToFrame(Infinity); return null; },
    animatableSpeedNaN: (s, t) => { const a = s.beginDirectAnimation(t, makeAnimations(), 0, 40, true); s._animate(16); a.speedRatio = NaN; return a; },
    beginSpeedInfinity: (s, t) => s.beginDirectAnimation(t, makeAnimations(), 0, 40, true, Infinity),
    fpsNaN: (s, t) => s.beginDirectAnimation(t, makeAnimations(NaN), 0, 40, true),
    fpsInfinity: (s, t) => s.beginDirectAnimation(t, makeAnimations(Infinity), 0, 40, true),
    fpsZero: (s, t) => s.beginDirectAnimation(t, makeAnimations(0), 0, 40, true),
    groupFpsZero: (s, t) => { const g = group(s, t, 0); g.play(true); return null; },
};

const out = {};
for (const [name, run] of Object.entries(cases)) {
    const scene = new Scene(new NullEngine());
    const t = makeTarget();
    const animatable = run(scene, t);
    const after = snapshot(t);
    const steps = [];
    for (let i = 0; i < 5; i++) {
        scene._animate(16);
        steps.push([...snapshot(t), animatable ? num(animatable.masterFrame) : null, scene.animatables.length]);
    }
    out[name] = { after, steps };
}

console.log(JSON.stringify(out));
