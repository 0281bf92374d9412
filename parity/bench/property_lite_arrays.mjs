// Array-target twin on Babylon Lite 1.10 (V8): the property workload's clip (a looping position.x
// float track and a position vec3 track, 3 keys at 0, 0.5, 1 s) played on M plain objects, object
// k starting at (k * PHASE) mod 1 s, advanced 1/60 s per frame. Babylon Lite has no array
// targets, so this is what the same M entities with the same phase offsets cost there; lite-anim
// plays them through lite.create_array_animation_group (lite/tools/bench.py bench_property_arrays).
// Usage: node --import parity/recorder/register.mjs parity/bench/property_lite_arrays.mjs [10000,1000000]
// Prints JSON: {"engine": "babylon-lite-1.10", "results": [{"groups", "ms_per_frame"}]}.
import {
    createAnimationManager, createPropertyAnimationClip, createPropertyAnimationGroup, updateAnimationManager,
} from "@babylonjs/lite";
import { PHASE } from "./crowd_asset.mjs";

class Vec3 { constructor() { this.x = 0; this.y = 0; this.z = 0; } set(x, y, z) { this.x = x; this.y = y; this.z = z; } }
const counts = (process.argv[2] ?? "10000,1000000").split(",").map(Number);
const clip = createPropertyAnimationClip("bench", [
    { path: "position.x", keys: [{ time: 0, value: 0 }, { time: 0.5, value: 1 }, { time: 1, value: 0 }] },
    { path: "position", keys: [{ time: 0, value: [0, 0, 0] }, { time: 0.5, value: [1, 2, 3] }, { time: 1, value: [0, 0, 0] }] },
]);
const results = [];
for (const count of counts) {
    const manager = createAnimationManager();
    for (let k = 0; k < count; k++) {
        const group = createPropertyAnimationGroup(manager, { position: new Vec3() }, clip);
        group.currentTime = (k * PHASE) % 1;
    }
    const step = 1000 / 60;
    const warm = count >= 1000000 ? 5 : 50;
    for (let i = 0; i < warm; i++) updateAnimationManager(manager, step);
    const frames = count >= 1000000 ? 10 : count >= 10000 ? 60 : 240;
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
