// Property workload on Babylon.js 9.31 (V8, NullEngine): M plain objects { position: Vector3 }, each
// animated by scene.beginDirectAnimation with a looping "position.x" FLOAT animation and a
// "position" VECTOR3 animation (keys at frames 0, 30, 60 at 60 fps = 0, 0.5, 1 s); each frame is
// scene._animate(1000 / 60). Prints JSON like property_lite.mjs.
// Usage: node --import parity/recorder/register.mjs parity/bench/property_babylon.mjs [10,100,1000,10000]
import { Animation, Logger, NullEngine, Scene, Vector3 } from "@babylonjs/core";
import { framesFor, timeFrames } from "./crowd_asset.mjs";

Logger.LogLevels = Logger.NoneLogLevel;
const counts = (process.argv[2] ?? "10,100,1000,10000").split(",").map(Number);

const x = new Animation("x", "position.x", 60, Animation.ANIMATIONTYPE_FLOAT, Animation.ANIMATIONLOOPMODE_CYCLE);
x.setKeys([{ frame: 0, value: 0 }, { frame: 30, value: 1 }, { frame: 60, value: 0 }]);
const position = new Animation("p", "position", 60, Animation.ANIMATIONTYPE_VECTOR3, Animation.ANIMATIONLOOPMODE_CYCLE);
position.setKeys([{ frame: 0, value: new Vector3(0, 0, 0) }, { frame: 30, value: new Vector3(1, 2, 3) }, { frame: 60, value: new Vector3(0, 0, 0) }]);

const results = [];
for (const count of counts) {
    const engine = new NullEngine();
    const scene = new Scene(engine);
    const targets = [];
    for (let i = 0; i < count; i++) {
        const target = { position: new Vector3(0, 0, 0) };
        scene.beginDirectAnimation(target, [x, position], 0, 60, true);
        targets.push(target);
    }
    const step = 1000 / 60;
    const ms = timeFrames(() => scene._animate(step), framesFor(count));
    if (!Number.isFinite(targets[0].position.y)) throw new Error("not animated");
    results.push({ groups: count, ms_per_frame: ms });
    scene.dispose();
    engine.dispose();
}
console.log(JSON.stringify({ engine: "babylonjs-9.31", workload: "property", results }));
