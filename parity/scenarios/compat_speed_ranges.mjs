// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 play ranges and speed ratios: a named range (createRange/getRange), speeds
// 1.5, 2, 0.5 and 0, a negative speed (from/to swapped), a reverse range (from > to), a range
// outside the keys (clamped per track), and speedRatio changed mid-play (faster, negative,
// slower), with loop true and false. Stepped with scene._animate(16).
import { Animation, Logger, NullEngine, Scene, Vector3 } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const engine = new NullEngine();
const scene = new Scene(engine);

function makeTarget() {
    const target = { x: 0, position: new Vector3(0, 0, 0) };
    const x = new Animation("x", "x", 30, Animation.ANIMATIONTYPE_FLOAT);
    x.setKeys([
        { frame: 0, value: 0 },
        { frame: 10, value: 10 },
        { frame: 30, value: -10 },
        { frame: 50, value: 40 },
    ]);
    x.createRange("walk", 10, 30);
    const position = new Animation("p", "position", 30, Animation.ANIMATIONTYPE_VECTOR3);
    position.setKeys([
        { frame: 0, value: new Vector3(0, 0, 0) },
        { frame: 50, value: new Vector3(5, -10, 2.5) },
    ]);
    target.animations = [x, position];
    return target;
}

function run(start, changes, steps) {
    const target = makeTarget();
    const log = [];
    const animatable = start(target, log);
    const out = [];
    for (let i = 0; i < steps; i++) {
        if (changes[i] !== undefined) {
            animatable.speedRatio = changes[i];
        }
        scene._animate(16);
        out.push([animatable.masterFrame, target.x, target.position.x, target.position.y, log.length]);
    }
    scene.stopAnimation(target);
    return { out, log, speed: animatable.speedRatio };
}

const results = {};
results.range = run((t, log) => {
    const range = t.animations[0].getRange("walk");
    return scene.beginAnimation(t, range.from, range.to, true, 1.5, () => log.push("end"));
}, {}, 80);
for (const speed of [2, 0.5, 0]) {
    results["speed" + speed] = run((t, log) => scene.beginAnimation(t, 0, 50, true, speed, () => log.push("end")), {}, 120);
}
results.negative = run((t, log) => scene.beginAnimation(t, 0, 50, true, -1, () => log.push("end")), {}, 120);
results.negativeOnce = run((t, log) => scene.beginAnimation(t, 0, 50, false, -1.5, () => log.push("end")), {}, 120);
results.reverse = run((t, log) => scene.beginAnimation(t, 40, 5, false, 1, () => log.push("end")), {}, 120);
results.reverseLoop = run((t, log) => scene.beginAnimation(t, 40, 5, true, 1, () => log.push("end")), {}, 120);
results.outside = run((t, log) => scene.beginAnimation(t, -10, 80, true, 1, () => log.push("end")), {}, 200);
results.changed = run(
    (t, log) => scene.beginAnimation(t, 0, 50, true, 1, () => log.push("end")),
    { 30: 3, 60: -1, 90: 0.5, 120: 0, 130: 2 },
    170
);
results.changedOnce = run(
    (t, log) => scene.beginAnimation(t, 0, 50, false, 1, () => log.push("end")),
    { 20: 2.5, 40: -2 },
    150
);

console.log(JSON.stringify(results));
