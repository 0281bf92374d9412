// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 loop modes (RELATIVE, CYCLE, CONSTANT, YOYO, RELATIVE_FROM_CURRENT), each
// with loop true and false, on a FLOAT and a VECTOR3 track, stepped with scene._animate(16) at
// 60 fps (0.96 frames per step) across several cycles; records values, frames, loop and end
// callbacks per step.
import { Animation, Logger, NullEngine, Scene, Vector3 } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const engine = new NullEngine();
const scene = new Scene(engine);

const modes = [
    Animation.ANIMATIONLOOPMODE_RELATIVE,
    Animation.ANIMATIONLOOPMODE_CYCLE,
    Animation.ANIMATIONLOOPMODE_CONSTANT,
    Animation.ANIMATIONLOOPMODE_YOYO,
    Animation.ANIMATIONLOOPMODE_RELATIVE_FROM_CURRENT,
];

const runs = [];
for (const mode of modes) {
    for (const loop of [true, false]) {
        const target = { x: 10, position: new Vector3(1, 2, 3) };
        const x = new Animation("x", "x", 60, Animation.ANIMATIONTYPE_FLOAT, mode);
        x.setKeys([
            { frame: 0, value: 1 },
            { frame: 20, value: 5 },
            { frame: 40, value: 3 },
        ]);
        const position = new Animation("p", "position", 60, Animation.ANIMATIONTYPE_VECTOR3, mode);
        position.setKeys([
            { frame: 0, value: new Vector3(0, 0, 0) },
            { frame: 25, value: new Vector3(2, -1, 0.5) },
            { frame: 40, value: new Vector3(3, 1, -2) },
        ]);
        const log = [];
        const animatable = scene.beginDirectAnimation(
            target,
            [x, position],
            0,
            40,
            loop,
            1,
            () => log.push("end"),
            () => log.push("loop")
        );
        const steps = [];
        for (let i = 0; i < 180; i++) {
            scene._animate(16);
            steps.push([
                animatable.masterFrame,
                target.x,
                target.position.x,
                target.position.y,
                target.position.z,
                log.length,
            ]);
        }
        scene.stopAnimation(target);
        runs.push({ mode, loop, steps, log });
    }
}

console.log(JSON.stringify({ runs }));
