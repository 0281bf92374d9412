// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon Lite 1.10 manual weighted blending: weighted sums per (target, property), no
// normalisation, quaternion hemisphere correction, uncontested direct writes, fades, cross-fades.
import {
    createAnimationManager, createPropertyAnimationClip, createPropertyAnimationGroup,
    updateAnimationManager, enablePropertyAnimationBlending, setAnimationWeight,
    fadeAnimationWeight, crossFadeAnimationGroups, pauseAnimation, stopAnimation, playAnimation,
} from "@babylonjs/lite";

class Vec3 { constructor() { this.x = 0; this.y = 0; this.z = 0; } set(x, y, z) { this.x = x; this.y = y; this.z = z; } }
class Quat { constructor() { this.x = 0; this.y = 0; this.z = 0; this.w = 1; } set(x, y, z, w) { this.x = x; this.y = y; this.z = z; this.w = w; } }
const makeTarget = () => ({ alpha: 0, position: new Vec3(), rotationQuaternion: new Quat(), other: { x: 0 } });
const snap = (t, groups) => ({
    alpha: t.alpha, p: [t.position.x, t.position.y, t.position.z],
    q: [t.rotationQuaternion.x, t.rotationQuaternion.y, t.rotationQuaternion.z, t.rotationQuaternion.w],
    other: t.other.x, w: groups.map((g) => g.weight), t: groups.map((g) => g.currentTime),
});
const clips = {
    walk: createPropertyAnimationClip("walk", [
        { path: "alpha", keys: [{ time: 0, value: 0 }, { time: 1, value: 10 }] },
        { path: "position", keys: [{ time: 0, value: [0, 0, 0] }, { time: 0.5, value: [1, 2, 3] }, { time: 1, value: [0, 0, 0] }] },
        { path: "rotationQuaternion", keys: [{ time: 0, value: [0, 0, 0, 1] }, { time: 1, value: [0, 0.7071068, 0, 0.7071068] }] },
    ]),
    run: createPropertyAnimationClip("run", [
        { path: "alpha", keys: [{ time: 0, value: 5 }, { time: 0.6, value: -5 }] },
        { path: "position", keys: [{ time: 0, value: [2, 0, -2] }, { time: 0.6, value: [4, 4, 4] }] },
        { path: "rotationQuaternion", keys: [{ time: 0, value: [0, 0, -0.3826834, -0.9238795] }, { time: 0.6, value: [0.5, 0.5, 0.5, -0.5] }] },
    ]),
    side: createPropertyAnimationClip("side", [{ path: "other.x", keys: [{ time: 0, value: 1 }, { time: 0.4, value: 3 }] }]),
};
const cases = {
    fixed_weights: { groups: ["walk", "run"], setup: [["weight", 0, 0.3], ["weight", 1, 0.7]], ops: Array(30).fill(["tick", 33]) },
    fixed_weights_swapped: { groups: ["run", "walk"], setup: [["weight", 1, 0.3], ["weight", 0, 0.7]], ops: Array(30).fill(["tick", 33]) },
    under_sum: { groups: ["walk", "run"], setup: [["weight", 0, 0.5], ["weight", 1, 0.25]], ops: Array(20).fill(["tick", 50]) },
    full_and_half: { groups: ["walk", "run"], setup: [["weight", 1, 0.5]], ops: Array(20).fill(["tick", 50]) },
    zero_weight: { groups: ["walk", "run", "side"], setup: [["weight", 0, 0], ["weight", 1, 0.6]], ops: Array(20).fill(["tick", 45]) },
    uncontested_side: { groups: ["walk", "side"], setup: [["weight", 0, 0.4]], ops: Array(20).fill(["tick", 45]) },
    fade_out: { groups: ["walk", "run"], setup: [["weight", 1, 0.5], ["fade", 0, 0.2, 500]], ops: Array(30).fill(["tick", 33]) },
    fade_from: { groups: ["walk", "run"], setup: [["fadeFrom", 1, 0.9, 0.1, 400]], ops: Array(20).fill(["tick", 33]) },
    cross_fade: { groups: ["walk", "run"], setup: [["weight", 1, 0], ["cross", 0, 1, 300, 1]], ops: Array(20).fill(["tick", 33]) },
    cross_fade_to_weight: { groups: ["walk", "run"], setup: [["weight", 1, 0], ["cross", 0, 1, 250, 0.8]], ops: Array(20).fill(["tick", 33]) },
    fade_replaced: { groups: ["walk", "run"], setup: [["weight", 1, 0.5], ["fade", 1, 1, 1000]], ops: [["tick", 100], ["tick", 100], ["fade", 1, 0, 200], ["tick", 50], ["tick", 50], ["tick", 50], ["tick", 50], ["tick", 50], ["tick", 50]] },
    pause_stop_in_blend: { groups: ["walk", "run"], setup: [["weight", 0, 0.5], ["weight", 1, 0.5]], ops: [["tick", 100], ["pause", 1], ["tick", 100], ["tick", 100], ["play", 1], ["tick", 100], ["stop", 0], ["tick", 100], ["tick", 100], ["play", 0], ["tick", 100]] },
    uneven_long: { groups: ["walk", "run"], setup: [["weight", 0, 0.35], ["weight", 1, 0.65]], ops: Array.from({ length: 300 }, (_, i) => ["tick", 3 + ((i * 104729) % 41) * 0.913]) },
};
const doc = {};
for (const [name, c] of Object.entries(cases)) {
    const manager = createAnimationManager();
    const target = makeTarget();
    const groups = c.groups.map((clipName) => createPropertyAnimationGroup(manager, target, clips[clipName]));
    enablePropertyAnimationBlending(manager);
    const apply = (op) => {
        if (op[0] === "weight") setAnimationWeight(groups[op[1]], op[2]);
        else if (op[0] === "fade") fadeAnimationWeight(manager, groups[op[1]], { to: op[2], durationMs: op[3] });
        else if (op[0] === "fadeFrom") fadeAnimationWeight(manager, groups[op[1]], { from: op[2], to: op[3], durationMs: op[4] });
        else if (op[0] === "cross") crossFadeAnimationGroups(manager, groups[op[1]], groups[op[2]], { durationMs: op[3], toWeight: op[4] });
        else if (op[0] === "tick") updateAnimationManager(manager, op[1]);
        else if (op[0] === "pause") pauseAnimation(groups[op[1]]);
        else if (op[0] === "play") playAnimation(groups[op[1]]);
        else if (op[0] === "stop") stopAnimation(groups[op[1]]);
    };
    c.setup.forEach(apply);
    const steps = [];
    for (const op of c.ops) {
        apply(op);
        steps.push(snap(target, groups));
    }
    doc[name] = steps;
}
console.log(JSON.stringify(doc));
