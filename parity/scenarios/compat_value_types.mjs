// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 Animation value interpolation through scene stepping: FLOAT, VECTOR3,
// QUATERNION (incl. a near-parallel pair between Lite's 0.9995 and Babylon's 0.999999 slerp
// thresholds, and a hemisphere flip), COLOR3, VECTOR2, SIZE and COLOR4 tracks started with
// beginAnimation and stepped with scene._animate(16); then beginDirectAnimation stepped with
// scene.render() under useConstantAnimationDeltaTime.
import {
    Animation,
    Color3,
    Color4,
    FreeCamera,
    Logger,
    NullEngine,
    Quaternion,
    Scene,
    Size,
    Vector2,
    Vector3,
} from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const engine = new NullEngine();
const scene = new Scene(engine);
new FreeCamera("camera", new Vector3(0, 0, -10), scene);

function make(name, property, fps, type, keys) {
    const animation = new Animation(name, property, fps, type, Animation.ANIMATIONLOOPMODE_CYCLE);
    animation.setKeys(keys);
    return animation;
}

const axis = new Vector3(1, 2, 2).normalize();
const q0 = Quaternion.RotationAxis(axis, 0.3);
const q1 = Quaternion.RotationAxis(axis, 0.3 + 0.05); // dot ~ 0.99969: between the thresholds
const q2 = Quaternion.RotationAxis(new Vector3(0, 1, 0), 2.5);
const q3 = Quaternion.RotationAxis(new Vector3(0, 1, 0), 2.5).scale(-1); // same rotation, other hemisphere
const q4 = Quaternion.RotationAxis(new Vector3(1, 0, 0), -1.2);

const box = {
    x: 0,
    position: new Vector3(0, 0, 0),
    rotationQuaternion: new Quaternion(0, 0, 0, 1),
    color: new Color3(0, 0, 0),
    uv: new Vector2(0, 0),
    size: new Size(1, 1),
    tint: new Color4(0, 0, 0, 1),
};
box.animations = [
    make("x", "x", 30, Animation.ANIMATIONTYPE_FLOAT, [
        { frame: 0, value: 0 },
        { frame: 10, value: 2.5 },
        { frame: 25, value: -1.25 },
        { frame: 40, value: 7 },
        { frame: 60, value: 0.1 },
    ]),
    make("position", "position", 30, Animation.ANIMATIONTYPE_VECTOR3, [
        { frame: 0, value: new Vector3(1, 2, 3) },
        { frame: 15, value: new Vector3(-4, 0.5, 9) },
        { frame: 45, value: new Vector3(0.3, -7, 2) },
        { frame: 60, value: new Vector3(1, 2, 3) },
    ]),
    make("rotation", "rotationQuaternion", 30, Animation.ANIMATIONTYPE_QUATERNION, [
        { frame: 0, value: q0 },
        { frame: 20, value: q1 },
        { frame: 30, value: q2 },
        { frame: 40, value: q3 },
        { frame: 60, value: q4 },
    ]),
    make("color", "color", 30, Animation.ANIMATIONTYPE_COLOR3, [
        { frame: 0, value: new Color3(1, 0, 0) },
        { frame: 30, value: new Color3(0, 1, 0.5) },
        { frame: 60, value: new Color3(0.2, 0.2, 1) },
    ]),
    make("uv", "uv", 30, Animation.ANIMATIONTYPE_VECTOR2, [
        { frame: 0, value: new Vector2(0, 0) },
        { frame: 60, value: new Vector2(3, -6) },
    ]),
    make("size", "size", 30, Animation.ANIMATIONTYPE_SIZE, [
        { frame: 0, value: new Size(1, 2) },
        { frame: 60, value: new Size(5, 0.5) },
    ]),
    make("tint", "tint", 30, Animation.ANIMATIONTYPE_COLOR4, [
        { frame: 0, value: new Color4(0, 0, 0, 1) },
        { frame: 60, value: new Color4(1, 0.5, 0.25, 0) },
    ]),
];

function snapshot(target) {
    return {
        x: target.x,
        position: [target.position.x, target.position.y, target.position.z],
        rotationQuaternion: [
            target.rotationQuaternion.x,
            target.rotationQuaternion.y,
            target.rotationQuaternion.z,
            target.rotationQuaternion.w,
        ],
        color: [target.color.r, target.color.g, target.color.b],
        uv: [target.uv.x, target.uv.y],
        size: [target.size.width, target.size.height],
        tint: [target.tint.r, target.tint.g, target.tint.b, target.tint.a],
    };
}

const animatable = scene.beginAnimation(box, 0, 60, true);
const stepped = [];
for (let i = 0; i < 150; i++) {
    scene._animate(16);
    stepped.push({ frame: animatable.masterFrame, time: scene._animationTime, values: snapshot(box) });
}

// Direct animation on a second target, driven by render() with a constant 16 ms delta.
scene.useConstantAnimationDeltaTime = true;
const ball = { alpha: 1, offset: new Vector3(0, 0, 0) };
const alpha = make("alpha", "alpha", 60, Animation.ANIMATIONTYPE_FLOAT, [
    { frame: 0, value: 1 },
    { frame: 24, value: 0 },
    { frame: 48, value: 1 },
]);
const offset = make("offset", "offset", 60, Animation.ANIMATIONTYPE_VECTOR3, [
    { frame: 0, value: new Vector3(0, 0, 0) },
    { frame: 48, value: new Vector3(4.8, -9.6, 0.96) },
]);
const direct = scene.beginDirectAnimation(ball, [alpha, offset], 0, 48, true);
const rendered = [];
for (let i = 0; i < 120; i++) {
    scene.render();
    rendered.push({
        frame: direct.masterFrame,
        alpha: ball.alpha,
        offset: [ball.offset.x, ball.offset.y, ball.offset.z],
        deltaTime: scene.deltaTime,
    });
}

console.log(JSON.stringify({ stepped, rendered }));
