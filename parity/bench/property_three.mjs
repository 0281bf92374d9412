// Property workload on three.js r187 (V8): M plain objects { uuid, position: Vector3 }, each with its
// own AnimationMixer playing one shared looping AnimationClip of a ".position[x]" NumberKeyframeTrack
// and a ".position" VectorKeyframeTrack (keys at 0, 0.5, 1 s); each frame updates every mixer by
// 1/60 s. Prints JSON like property_lite.mjs.
// Usage: node --import parity/recorder/register.mjs parity/bench/property_three.mjs [10,100,1000,10000]
import { AnimationClip, AnimationMixer, NumberKeyframeTrack, Vector3, VectorKeyframeTrack } from "three";
import { framesFor, timeFrames } from "./crowd_asset.mjs";

const counts = (process.argv[2] ?? "10,100,1000,10000").split(",").map(Number);
const clip = new AnimationClip("bench", 1, [
    new NumberKeyframeTrack(".position[x]", [0, 0.5, 1], [0, 1, 0]),
    new VectorKeyframeTrack(".position", [0, 0.5, 1], [0, 0, 0, 1, 2, 3, 0, 0, 0]),
]);

const results = [];
for (const count of counts) {
    const mixers = [];
    const targets = [];
    for (let i = 0; i < count; i++) {
        const target = { uuid: `target-${i}`, position: new Vector3() };
        const mixer = new AnimationMixer(target);
        mixer.clipAction(clip).play();
        mixers.push(mixer);
        targets.push(target);
    }
    const dt = 1 / 60;
    const ms = timeFrames(() => {
        for (let i = 0; i < mixers.length; i++) mixers[i].update(dt);
    }, framesFor(count));
    if (!(targets[0].position.y > 0)) throw new Error("not animated");
    results.push({ groups: count, ms_per_frame: ms });
}
console.log(JSON.stringify({ engine: "three-r187", workload: "property", results }));
