// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon Lite 1.10 property groups: loop, play ranges, speed, pause/stop/play, goToFrame,
// uneven deltas, vec3 through set(), quaternions, STEP, multi-track durations, long runs.
import {
    createAnimationManager, createPropertyAnimationClip, createPropertyAnimationGroup,
    updateAnimationManager, playAnimation, pauseAnimation, stopAnimation, goToFrame,
} from "@babylonjs/lite";

class Vec3 {
    constructor(x, y, z) { this.x = x; this.y = y; this.z = z; this.sets = 0; }
    set(x, y, z) { this.x = x; this.y = y; this.z = z; this.sets++; }
}
class Quat {
    constructor(x, y, z, w) { this.x = x; this.y = y; this.z = z; this.w = w; this.sets = 0; }
    set(x, y, z, w) { this.x = x; this.y = y; this.z = z; this.w = w; this.sets++; }
}
const makeTarget = () => ({
    position: new Vec3(0, 0, 0),
    plain: { x: 0, y: 0, z: 0 },
    rotationQuaternion: new Quat(0, 0, 0, 1),
    alpha: 1,
    scaling: [1, 1, 1],
});
const snap = (t, g) => ({
    p: [t.position.x, t.position.y, t.position.z], sets: t.position.sets,
    plain: [t.plain.x, t.plain.y, t.plain.z],
    q: [t.rotationQuaternion.x, t.rotationQuaternion.y, t.rotationQuaternion.z, t.rotationQuaternion.w],
    alpha: t.alpha, time: g.currentTime,
});

const slide = [{ path: "position.x", frameRate: 10, keys: [{ frame: 0, value: 2 }, { frame: 10, value: -2 }, { frame: 20, value: 2 }] }];
const multi = [
    { path: "position", frameRate: 30, keys: [{ frame: 0, value: [0, 0, 0] }, { frame: 15, value: [1, 2, 3] }, { frame: 45, value: [-1, 0.5, 4] }] },
    { path: "plain", frameRate: 30, keys: [{ time: 0, value: [1, 1, 1] }, { time: 2, value: [3, -3, 0.5] }] },
    { path: "alpha", frameRate: 30, interpolation: "step", keys: [{ frame: 0, value: 1 }, { frame: 10, value: 0.5 }, { frame: 20, value: 0 }, { frame: 33, value: 0.25 }] },
    { path: "rotationQuaternion", frameRate: 30, keys: [{ frame: 0, value: [0, 0, 0, 1] }, { frame: 30, value: [0, 0.7071068, 0, 0.7071068] }, { frame: 60, value: [0, 0, -1, 0] }] },
];
const unsorted = [{ path: "alpha", keys: [{ time: 1, value: 5 }, { time: 0, value: 1 }, { time: 0.5, value: -2 }] }];
const cases = {
    loop_slide: { tracks: slide, opts: {}, ops: Array(40).fill(["tick", 37]) },
    loop_uneven: { tracks: slide, opts: {}, ops: [["tick", 0], ["tick", 1], ["tick", 16.667], ["tick", 250], ["tick", 999], ["tick", 1000], ["tick", 2000], ["tick", 0.001], ["tick", 3333.3], ["tick", 16]] },
    range_frames: { tracks: slide, opts: { fromFrame: 5, toFrame: 15 }, ops: Array(25).fill(["tick", 90]) },
    range_times: { tracks: slide, opts: { fromTime: 0.25, toTime: 1.75, speedRatio: 1.5 }, ops: Array(25).fill(["tick", 70]) },
    range_beyond_clip: { tracks: slide, opts: { fromFrame: 10, toFrame: 30 }, ops: Array(20).fill(["tick", 120]) },
    speed_half: { tracks: slide, opts: { speedRatio: 0.5 }, ops: Array(20).fill(["tick", 100]) },
    speed_zero: { tracks: slide, opts: { speedRatio: 0 }, ops: Array(5).fill(["tick", 100]) },
    speed_negative: { tracks: slide, opts: { speedRatio: -1 }, ops: Array(20).fill(["tick", 130]) },
    speed_change: { tracks: slide, opts: {}, ops: [["tick", 100], ["speed", 2], ["tick", 100], ["tick", 100], ["speed", 0.25], ["tick", 300], ["speed", 3], ["tick", 500], ["tick", 500]] },
    pause_play_stop: { tracks: slide, opts: {}, ops: [["tick", 300], ["pause"], ["tick", 300], ["tick", 300], ["play"], ["tick", 300], ["stop"], ["tick", 300], ["play"], ["tick", 250], ["tick", 250]] },
    goto_frames: { tracks: slide, opts: {}, ops: [["goto", 5], ["tick", 100], ["goto", 12.5], ["goto", 0], ["goto", 20], ["goto", 35], ["play"], ["tick", 100], ["goto", -3]] },
    goto_range: { tracks: slide, opts: { fromFrame: 4, toFrame: 16 }, ops: [["goto", 2], ["goto", 10], ["goto", 18], ["play"], ["tick", 50]] },
    set_time: { tracks: slide, opts: {}, ops: [["time", 1.5], ["tick", 0], ["time", 7.3], ["tick", 10], ["time", -0.5], ["tick", 10]] },
    multi_track: { tracks: multi, opts: {}, ops: Array(60).fill(["tick", 41]) },
    multi_track_range: { tracks: multi, opts: { fromFrame: 12, toFrame: 50 }, ops: Array(40).fill(["tick", 33.3]) },
    unsorted_keys: { tracks: unsorted, opts: {}, ops: Array(12).fill(["tick", 100]) },
    long_run: { tracks: multi, opts: {}, ops: Array(600).fill(["tick", 16.666666666666668]) },
    long_run_uneven: { tracks: slide, opts: { speedRatio: 1.37 }, ops: Array.from({ length: 500 }, (_, i) => ["tick", 5 + ((i * 7919) % 53) * 0.731]) },
};
const nonLoopCases = {
    once_slide: { tracks: slide, opts: { loop: false }, ops: Array(30).fill(["tick", 100]) },
    once_range: { tracks: multi, opts: { loop: false, fromFrame: 10, toFrame: 40 }, ops: Array(30).fill(["tick", 80]) },
};
const doc = {};
const run = (cases, loop) => {
    for (const [name, c] of Object.entries(cases)) {
        const manager = createAnimationManager();
        const target = makeTarget();
        const clip = createPropertyAnimationClip(name, c.tracks);
        const group = createPropertyAnimationGroup(manager, target, clip, c.opts);
        const steps = [];
        for (const op of c.ops) {
            if (op[0] === "tick") updateAnimationManager(manager, op[1]);
            else if (op[0] === "pause") pauseAnimation(group);
            else if (op[0] === "play") playAnimation(group);
            else if (op[0] === "stop") stopAnimation(group);
            else if (op[0] === "goto") goToFrame(group, op[1]);
            else if (op[0] === "speed") group.speedRatio = op[1];
            else if (op[0] === "time") group.currentTime = op[1];
            const row = snap(target, group);
            // Non-looping groups: ours stop after writing the final pose once (Lite 1.10 keeps
            // rewriting it and stays "playing"), so only the values are compared there.
            if (loop) row.playing = group.isPlaying;
            else delete row.sets;
            steps.push(row);
        }
        doc[name] = { duration: clip.duration, frameRate: clip.frameRate, name: group.name, steps };
    }
};
run(cases, true);
run(nonLoopCases, false);
console.log(JSON.stringify(doc));
