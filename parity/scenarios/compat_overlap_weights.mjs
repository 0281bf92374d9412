// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 write order and weights: `position` and `position.x` animated in one call
// (both orders) and across two calls (Babylon.js replaces the position object, so a
// position.x runtime resolved earlier writes a detached object), the same path animated by
// two animatables (the later one wins), and beginWeightedAnimation blends (two weighted
// animatables on float/Vector3/Quaternion properties, a single weight mixing in the original
// value, a weight changed mid-play, and a weight of 0).
import { Animation, Logger, NullEngine, Quaternion, Scene, Vector3 } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const engine = new NullEngine();
const scene = new Scene(engine);

function anim(name, property, type, keys) {
    const animation = new Animation(name, property, 30, type);
    animation.setKeys(keys);
    return animation;
}
const V3 = Animation.ANIMATIONTYPE_VECTOR3;
const F = Animation.ANIMATIONTYPE_FLOAT;
const Q = Animation.ANIMATIONTYPE_QUATERNION;

const wholeKeys = () => [
    { frame: 0, value: new Vector3(0, 0, 0) },
    { frame: 30, value: new Vector3(3, 6, 9) },
];
const xKeys = () => [
    { frame: 0, value: 100 },
    { frame: 30, value: 130 },
];

const a = { position: new Vector3(1, 1, 1) };
const b = { position: new Vector3(1, 1, 1) };
const c = { position: new Vector3(1, 1, 1) };
const d = { x: 0 };
scene.beginDirectAnimation(a, [anim("p", "position", V3, wholeKeys()), anim("px", "position.x", F, xKeys())], 0, 30, true);
scene.beginDirectAnimation(b, [anim("px", "position.x", F, xKeys()), anim("p", "position", V3, wholeKeys())], 0, 30, true);
scene.beginDirectAnimation(c, [anim("px", "position.x", F, xKeys())], 0, 30, true);
scene.beginDirectAnimation(c, [anim("p", "position", V3, wholeKeys())], 0, 30, true);
scene.beginDirectAnimation(d, [anim("d1", "x", F, xKeys())], 0, 30, true);
scene.beginDirectAnimation(d, [anim("d2", "x", F, [{ frame: 0, value: -1 }, { frame: 30, value: -31 }])], 0, 30, true);

const axis = new Vector3(0, 1, 0);
const w = { x: 10, position: new Vector3(5, 5, 5), rotationQuaternion: Quaternion.RotationAxis(axis, 0.2) };
const walk = [
    anim("wx", "x", F, [{ frame: 0, value: 0 }, { frame: 30, value: 30 }]),
    anim("wp", "position", V3, [{ frame: 0, value: new Vector3(0, 0, 0) }, { frame: 30, value: new Vector3(3, 0, -3) }]),
    anim("wq", "rotationQuaternion", Q, [
        { frame: 0, value: Quaternion.RotationAxis(axis, 0) },
        { frame: 30, value: Quaternion.RotationAxis(axis, 1.5) },
    ]),
];
const run = [
    anim("rx", "x", F, [{ frame: 0, value: 100 }, { frame: 30, value: 70 }]),
    anim("rp", "position", V3, [{ frame: 0, value: new Vector3(10, 10, 10) }, { frame: 30, value: new Vector3(0, 20, 0) }]),
    anim("rq", "rotationQuaternion", Q, [
        { frame: 0, value: Quaternion.RotationAxis(new Vector3(1, 0, 0), 0.5) },
        { frame: 30, value: Quaternion.RotationAxis(new Vector3(1, 0, 0), -0.5) },
    ]),
];
w.animations = walk;
const walkAnim = scene.beginWeightedAnimation(w, 0, 30, 0.3, true);
w.animations = run;
const runAnim = scene.beginWeightedAnimation(w, 0, 30, 0.7, true);

const single = { x: 10, position: new Vector3(5, 5, 5) };
single.animations = [
    anim("sx", "x", F, [{ frame: 0, value: 0 }, { frame: 30, value: 30 }]),
    anim("sp", "position", V3, [{ frame: 0, value: new Vector3(0, 0, 0) }, { frame: 30, value: new Vector3(3, 0, -3) }]),
];
const singleAnim = scene.beginWeightedAnimation(single, 0, 30, 0.5, true);

const steps = [];
for (let i = 0; i < 100; i++) {
    if (i === 40) walkAnim.weight = 0.9;
    if (i === 60) singleAnim.weight = 0;
    if (i === 80) runAnim.weight = 0;
    scene._animate(16);
    steps.push({
        a: a.position.asArray(),
        b: b.position.asArray(),
        c: c.position.asArray(),
        d: d.x,
        w: [w.x, ...w.position.asArray(), ...w.rotationQuaternion.asArray()],
        single: [single.x, ...single.position.asArray()],
    });
}

console.log(JSON.stringify({ steps }));
