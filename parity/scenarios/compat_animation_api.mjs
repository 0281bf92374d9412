// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 Animation API outside playback: constants, serialize() of float/Vector3/
// Quaternion/Color3 animations with tangents, interpolation and ranges, Animation.Parse round
// trips evaluated on a grid, clone, getHighestFrame, createKeyForFrame, deleteRange, the
// frame-0 key inserted into getKeys() when playback starts, CreateAnimation,
// CreateAndStartAnimation, CreateMergeAndStartAnimation and TransitionTo (incl. duration 0).
import { Animation, Color3, Logger, NullEngine, Quaternion, Scene, SineEase, Vector3 } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const engine = new NullEngine();
const scene = new Scene(engine);

const constants = [
    Animation.ANIMATIONTYPE_FLOAT,
    Animation.ANIMATIONTYPE_VECTOR3,
    Animation.ANIMATIONTYPE_QUATERNION,
    Animation.ANIMATIONTYPE_MATRIX,
    Animation.ANIMATIONTYPE_COLOR3,
    Animation.ANIMATIONTYPE_VECTOR2,
    Animation.ANIMATIONTYPE_SIZE,
    Animation.ANIMATIONTYPE_COLOR4,
    Animation.ANIMATIONLOOPMODE_RELATIVE,
    Animation.ANIMATIONLOOPMODE_CYCLE,
    Animation.ANIMATIONLOOPMODE_CONSTANT,
    Animation.ANIMATIONLOOPMODE_YOYO,
    Animation.ANIMATIONLOOPMODE_RELATIVE_FROM_CURRENT,
];

const f = new Animation("f", "x", 24, Animation.ANIMATIONTYPE_FLOAT, Animation.ANIMATIONLOOPMODE_CONSTANT, true);
f.setKeys([
    { frame: 0, value: 1 },
    { frame: 10, value: 2, inTangent: 0.5, outTangent: -0.5 },
    { frame: 20, value: 0, interpolation: 1 },
    { frame: 30, value: 4, outTangent: 1 },
]);
f.blendingSpeed = 0.05;
f.createRange("a", 0, 10);
f.createRange("b", 12, 30);
const v = new Animation("v", "position", 30, Animation.ANIMATIONTYPE_VECTOR3);
v.setKeys([
    { frame: 0, value: new Vector3(1, 2, 3) },
    { frame: 15, value: new Vector3(4, 5, 6), inTangent: new Vector3(1, 0, 0), outTangent: new Vector3(0, 1, 0) },
    { frame: 30, value: new Vector3(-1, -2, -3), interpolation: 1 },
]);
const q = new Animation("q", "rotationQuaternion", 30, Animation.ANIMATIONTYPE_QUATERNION);
q.setKeys([
    { frame: 0, value: Quaternion.RotationAxis(new Vector3(0, 1, 0), 0.5) },
    { frame: 30, value: Quaternion.RotationAxis(new Vector3(1, 0, 0), 1.5) },
]);
const c = new Animation("c", "color", 30, Animation.ANIMATIONTYPE_COLOR3);
c.setKeys([
    { frame: 0, value: new Color3(1, 0, 0) },
    { frame: 30, value: new Color3(0, 0.5, 1) },
]);

const serialized = [f, v, q, c].map((a) => a.serialize());
const parsed = serialized.map((s) => Animation.Parse(s));
const grid = [];
for (let frame = -2; frame <= 32; frame += 1.5) {
    grid.push([
        frame,
        parsed[0].evaluate(frame),
        parsed[1].evaluate(frame).asArray(),
        parsed[2].evaluate(frame).asArray(),
        parsed[3].evaluate(frame).asArray(),
        f.evaluate(frame),
    ]);
}
const copy = f.clone();
copy.deleteRange("a", false);
const trimmed = f.clone();
trimmed.deleteRange("b");
const created = copy.createKeyForFrame(5);
const existing = copy.createKeyForFrame(20);
const info = {
    highest: [f.getHighestFrame(), v.getHighestFrame()],
    cloneKeys: copy.getKeys().map((k) => [k.frame, k.value]),
    created,
    trimmed: trimmed.getKeys().map((k) => k.frame),
    existing,
    ranges: [copy.getRange("a"), copy.getRange("b") && [copy.getRange("b").from, copy.getRange("b").to]],
    loopMode: [f.loopMode, v.loopMode, copy.loopMode, copy.enableBlending, copy.blendingSpeed],
    toString: f.toString(true),
};

// The frame-0 key Babylon.js inserts into the animation's own keys when playback starts.
const late = new Animation("late", "x", 30, Animation.ANIMATIONTYPE_FLOAT);
late.setKeys([
    { frame: 10, value: 5 },
    { frame: 20, value: 7 },
]);
const host = { x: 0 };
const before = late.getKeys().length;
scene.beginDirectAnimation(host, [late], 0, 20, false);
const inserted = [before, late.getKeys().map((k) => [k.frame, k.value])];

const made = Animation.CreateAnimation("alpha", Animation.ANIMATIONTYPE_FLOAT, 60, new SineEase());
const madeInfo = [made.name, made.targetProperty, made.loopMode, made.getEasingFunction() !== null];

const node = { x: 1, position: new Vector3(0, 0, 0), animations: [], getScene: () => scene };
const log = [];
const started = Animation.CreateAndStartAnimation("move", node, "position", 30, 20, new Vector3(0, 0, 0), new Vector3(2, 4, 6), Animation.ANIMATIONLOOPMODE_CONSTANT, undefined, () => log.push("started-end"));
const merged = Animation.CreateMergeAndStartAnimation("mx", node, "x", 30, 10, 1, 11, Animation.ANIMATIONLOOPMODE_CYCLE, undefined, () => log.push("merged-end"));
const transition = new Animation("t", "x", 60, Animation.ANIMATIONTYPE_FLOAT, Animation.ANIMATIONLOOPMODE_CONSTANT);
const host2 = { x: 3 };
const none = Animation.TransitionTo("x", 9, host2, scene, 60, transition, 0, () => log.push("instant"));
const host3 = { x: 3 };
const transition3 = new Animation("t3", "x", 60, Animation.ANIMATIONTYPE_FLOAT, Animation.ANIMATIONLOOPMODE_CONSTANT);
const moving = Animation.TransitionTo("x", 9, host3, scene, 60, transition3, 500, () => log.push("transition-end"));
const steps = [];
for (let i = 0; i < 50; i++) {
    scene._animate(16);
    steps.push([node.position.x, node.position.z, node.x, host3.x, host.x, scene.animatables.length]);
}

console.log(JSON.stringify({
    constants,
    serialized,
    grid,
    info,
    inserted,
    madeInfo,
    statics: [started !== null, merged !== null, none === null, host2.x, moving !== null, node.animations.length, host3.animations.length],
    steps,
    log,
}));
