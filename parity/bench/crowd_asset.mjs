// Shared helpers for the crowd benchmark scripts: read the GLB written by
// `python -m lite.bench crowd --write-asset PATH` (lite/crowd_asset.py), time frames, print JSON.
import { readFileSync } from "node:fs";

/** Golden-ratio start offsets: instance k starts at (k * PHASE) mod 1 s (lite/crowd_asset.py). */
export const PHASE = 0.6180339887498949;

const COMPONENTS = { SCALAR: 1, VEC3: 3, VEC4: 4, MAT4: 16 };

/** Parse the crowd GLB: joints (parent, rest TRS), inverse binds, and the clip's channels. */
export function readCrowdAsset(path) {
    const buf = readFileSync(path);
    const jsonLen = buf.readUInt32LE(12);
    const doc = JSON.parse(buf.subarray(20, 20 + jsonLen).toString("utf8"));
    const binStart = 20 + jsonLen + 8;
    const bin = buf.buffer.slice(buf.byteOffset + binStart, buf.byteOffset + buf.length);
    const accessor = (i) => {
        const acc = doc.accessors[i];
        const view = doc.bufferViews[acc.bufferView];
        const n = acc.count * COMPONENTS[acc.type];
        return new Float32Array(bin, (view.byteOffset ?? 0) + (acc.byteOffset ?? 0), n).slice();
    };
    const parent = new Array(doc.nodes.length).fill(-1);
    doc.nodes.forEach((n, i) => (n.children ?? []).forEach((c) => (parent[c] = i)));
    const nodes = doc.nodes.map((n, i) => ({
        name: n.name,
        parent: parent[i],
        t: n.translation ?? [0, 0, 0],
        r: n.rotation ?? [0, 0, 0, 1],
        s: n.scale ?? [1, 1, 1],
        skin: n.skin,
    }));
    const skin = doc.skins[0];
    const anim = doc.animations[0];
    const channels = anim.channels.map((ch) => {
        const s = anim.samplers[ch.sampler];
        return { node: ch.target.node, path: ch.target.path, input: s.input, times: accessor(s.input), values: accessor(s.output) };
    });
    const duration = Math.max(...channels.map((c) => c.times[c.times.length - 1]));
    return { nodes, joints: skin.joints, ibm: accessor(skin.inverseBindMatrices), channels, duration, meshNode: nodes.findIndex((n) => n.skin === 0) };
}

/** Median ms of up to `frames` timed calls of `step()`, after up to `warmup` untimed ones. Slow
 *  engines stop early: warm-up ends after 1.5 s, timing after 4 s (at least 3 and 10 calls). */
export function timeFrames(step, frames, warmup = 50) {
    const w0 = performance.now();
    for (let i = 0; i < warmup && (i < 3 || performance.now() - w0 < 1500); i++) step();
    const samples = [];
    const t0 = performance.now();
    for (let i = 0; i < frames && (i < 10 || performance.now() - t0 < 4000); i++) {
        const t1 = performance.now();
        step();
        samples.push(performance.now() - t1);
    }
    samples.sort((a, b) => a - b);
    return samples[samples.length >> 1];
}

/** Frames to time for `count` instances/groups: fewer for the big runs. */
export function framesFor(count) {
    return count >= 10000 ? 60 : count >= 1000 ? 120 : 240;
}
