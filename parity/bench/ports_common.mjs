// Shared by the ports_*.mjs peers of `lite-anim bench {gltf-crowd,eased,own-clips,blend}`
// (lite/tools/bench_ports.py): the same protocol as our side. Arguments:
// WORKLOAD SIDE COUNT FRAMES ASSET CLIP PROBE_FRAMES; prints one JSON row
// {count, ms_per_frame, setup_s, probe, animated}.
export const WARMUP = 10;
export const COMPAT_STEP_MS = 16;
export const LITE_STEP_MS = 1000 / 60;
export const BLEND_PERIOD = 60;
export const BLEND_FRAMES = 30;

export function parseArgs() {
    const [workload, side, count, frames, asset, clip, probeFrames] = process.argv.slice(2);
    return { workload, side, count: Number(count), frames: Number(frames), asset, clip: clip || null, probeFrames: Number(probeFrames ?? 5) };
}

/** The k-th seeded value of object i in [0, 1) (bench_ports.own_value: the same double). */
export function ownValue(i, k) {
    return ((i * 7919 + k * 104729) % 1000) / 1000;
}

/** Weight of the second group at `frame` while a fade runs (null between fades). */
export function blendWeight(frame) {
    const cycle = Math.floor(frame / BLEND_PERIOD);
    const at = frame % BLEND_PERIOD;
    if (at > BLEND_FRAMES) return null;
    const w = Math.min(1, at / BLEND_FRAMES);
    return cycle % 2 === 0 ? w : 1 - w;
}

/** Probe frames, probe, warm-up, timed frames (median), as bench_ports._finish; prints the row. */
export function finish(args, setupS, step, probe) {
    for (let i = 0; i < args.probeFrames; i++) step();
    const values = probe();
    for (let i = 0; i < WARMUP; i++) step();
    const samples = [];
    for (let i = 0; i < Math.max(1, args.frames); i++) {
        const t0 = performance.now();
        step();
        samples.push(performance.now() - t0);
    }
    samples.sort((a, b) => a - b);
    const n = samples.length;
    const ms = n % 2 ? samples[n >> 1] : (samples[n / 2 - 1] + samples[n / 2]) / 2;
    const after = probe();
    const animated = values.some((v, i) => v !== after[i]);
    console.log(JSON.stringify({ count: args.count, ms_per_frame: ms, setup_s: setupS, probe: values, animated }));
}
