// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 drift check: ten minutes of 16 ms frames (37,500 scene._animate(16) steps),
// sampled every 500 frames. Tracks: a 30 fps float cycle, a 60 fps Vector3 cycle whose range
// (24 frames) is hit exactly every 25 steps, a slow eased float, a quaternion cycle, a
// RELATIVE float (its offset grows every loop) and a speed-1.37 Vector2 cycle.
import { Animation, CircleEase, Logger, NullEngine, Quaternion, Scene, Vector2, Vector3 } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const engine = new NullEngine();
const scene = new Scene(engine);

function anim(name, property, fps, type, keys, mode) {
    const animation = new Animation(name, property, fps, type, mode);
    animation.setKeys(keys);
    return animation;
}

const t = {
    x: 0,
    position: new Vector3(0, 0, 0),
    eased: 0,
    rotationQuaternion: new Quaternion(0, 0, 0, 1),
    relative: 0,
    uv: new Vector2(0, 0),
};
const eased = anim("eased", "eased", 24, Animation.ANIMATIONTYPE_FLOAT, [
    { frame: 0, value: -3 },
    { frame: 1000, value: 3 },
    { frame: 2000, value: -3 },
]);
eased.setEasingFunction(new CircleEase());
const main = scene.beginDirectAnimation(
    t,
    [
        anim("x", "x", 30, Animation.ANIMATIONTYPE_FLOAT, [
            { frame: 0, value: 0 },
            { frame: 37, value: 3.7 },
            { frame: 100, value: -1 },
        ]),
        eased,
    ],
    0,
    2000,
    true
);
const boundary = scene.beginDirectAnimation(
    t,
    [
        anim("p", "position", 60, Animation.ANIMATIONTYPE_VECTOR3, [
            { frame: 0, value: new Vector3(0, 0, 0) },
            { frame: 24, value: new Vector3(24, -48, 0.5) },
        ]),
    ],
    0,
    24,
    true
);
const axis = new Vector3(0.3, 1, 0.2).normalize();
const spin = scene.beginDirectAnimation(
    t,
    [
        anim("q", "rotationQuaternion", 30, Animation.ANIMATIONTYPE_QUATERNION, [
            { frame: 0, value: Quaternion.RotationAxis(axis, 0) },
            { frame: 45, value: Quaternion.RotationAxis(axis, 3) },
            { frame: 90, value: Quaternion.RotationAxis(axis, 6) },
        ]),
    ],
    0,
    90,
    true
);
const relative = scene.beginDirectAnimation(
    t,
    [
        anim("r", "relative", 30, Animation.ANIMATIONTYPE_FLOAT, [
            { frame: 0, value: 0 },
            { frame: 30, value: 0.25 },
        ], Animation.ANIMATIONLOOPMODE_RELATIVE),
    ],
    0,
    30,
    true
);
const uv = scene.beginDirectAnimation(
    t,
    [
        anim("uv", "uv", 60, Animation.ANIMATIONTYPE_VECTOR2, [
            { frame: 0, value: new Vector2(0, 1) },
            { frame: 33, value: new Vector2(1, 0) },
            { frame: 77, value: new Vector2(-1, 2) },
        ]),
    ],
    0,
    77,
    true,
    1.37
);

const samples = [];
for (let i = 1; i <= 37500; i++) {
    scene._animate(16);
    if (i % 500 === 0) {
        samples.push({
            i,
            time: scene._animationTime,
            frames: [main.masterFrame, boundary.masterFrame, spin.masterFrame, relative.masterFrame, uv.masterFrame],
            x: t.x,
            eased: t.eased,
            position: t.position.asArray(),
            q: t.rotationQuaternion.asArray(),
            relative: t.relative,
            uv: t.uv.asArray(),
        });
    }
}

console.log(JSON.stringify({ samples }));
