// Property workload on Babylon Lite 1.10 (V8): M plain objects, each with a looping position.x
// float track and a position vec3 track (3 keys at 0, 0.5, 1 s), advanced 1/60 s per frame.
// Prints JSON: {"engine": "babylon-lite", "results": [{"groups", "ms_per_frame"}]}.
import {
    createAnimationManager, createPropertyAnimationClip, createPropertyAnimationGroup, updateAnimationManager,
} from "@babylonjs/lite";

class Vec3 { constructor() { this.x = 0; this.y = 0; this.z = 0; } set(x, y, z) { this.x = x; this.y = y; this.z = z; } }
const counts = (process.argv[2] ?? "10,100,1000,10000").split(",").map(Number);
const clip = createPropertyAnimationClip("bench", [
    { path: "position.x", keys: [{ time: 0, value: 0 }, { time: 0.5, value: 1 }, { time: 1, value: 0 }] },
    { path: "position", keys: [{ time: 0, value: [0, 0, 0] }, { time: 0.5, value: [1, 2, 3] }, { time: 1, value: [0, 0, 0] }] },
]);
const results = [];
for (const count of counts) {
    const manager = createAnimationManager();
    for (let i = 0; i < count; i++) createPropertyAnimationGroup(manager, { position: new Vec3() }, clip);
    const step = 1000 / 60;
    for (let i = 0; i < 50; i++) updateAnimationManager(manager, step);
    const frames = count >= 10000 ? 60 : 240;
    const samples = [];
    for (let i = 0; i < frames; i++) {
        const t0 = performance.now();
        updateAnimationManager(manager, step);
        samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    results.push({ groups: count, ms_per_frame: samples[samples.length >> 1] });
}
console.log(JSON.stringify({ engine: "babylon-lite-1.10", results }));
