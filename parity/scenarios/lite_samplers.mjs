// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon Lite 1.10 evaluateSampler: every interpolation, scalar/vec3/quat, clamping, exact key
// hits, near-parallel and opposite-hemisphere quaternions, single keys, repeated key times.
import { evaluateSampler } from "../recorder/node_modules/@babylonjs/lite/lib/animation/evaluate.js";

const LINEAR = 0, STEP = 1, CUBIC = 2;
const f32 = (a) => new Float32Array(a);
const s = Math.SQRT1_2;
const samplers = {
    scalar_linear: [[0, 0.5, 1.25, 2], [0, 10, -3.5, 7.25], LINEAR, 1, false],
    scalar_step: [[0, 0.5, 1.25, 2], [0, 10, -3.5, 7.25], STEP, 1, false],
    scalar_cubic: [[0, 1, 3], [0, 1, 2, -1, 5, 0.5, 3, -2, 1], CUBIC, 1, false],
    vec3_linear: [[0.1, 0.7, 1.9], [1, 2, 3, -4, 5.5, 6, 0.25, -8, 9], LINEAR, 3, false],
    vec3_step: [[0.1, 0.7, 1.9], [1, 2, 3, -4, 5.5, 6, 0.25, -8, 9], STEP, 3, false],
    vec3_cubic: [[0, 0.4, 1.0], [0, 0, 0, 1, 2, 3, 1, 1, 1, 0.5, -1, 2, 4, 5, 6, -1, 0, 1, 2, 2, 2, 7, 8, 9, 0, 0, 0], CUBIC, 3, false],
    quat_linear: [[0, 1, 2, 3], [0, 0, 0, 1, 0, s, 0, s, 0.5, 0.5, 0.5, 0.5, 0, 0, 1, 0], LINEAR, 4, true],
    quat_opposite: [[0, 1], [0, 0, 0.3826834, 0.9238795, 0, 0, -0.7071068, -0.7071068], LINEAR, 4, true],
    quat_near_parallel: [[0, 1], [0, 0, 0, 1, 0.01, 0.02, 0.0, 0.9997499], LINEAR, 4, true],
    quat_parallel_threshold: [[0, 1], [0, 0, 0, 1, 0, 0.0316, 0, 0.9995006], LINEAR, 4, true],
    quat_identical: [[0, 1], [0.1, 0.2, 0.3, 0.9273618, 0.1, 0.2, 0.3, 0.9273618], LINEAR, 4, true],
    quat_step: [[0, 1, 2], [0, 0, 0, 1, 0, s, 0, s, 1, 0, 0, 0], STEP, 4, true],
    quat_cubic: [[0, 1, 2], [0, 0, 0, 0, 0, 0, 0, 1, 0, 0.5, 0, 0, 0, 0.2, 0, 0, 0, s, 0, s, 0, 0.3, 0, 0, 0, 0, 0.1, 0, 0, 0, s, s, 0, 0, 0, 0], CUBIC, 4, true],
    single_key: [[0.5], [3, 4, 5], LINEAR, 3, false],
    single_key_cubic: [[0.5], [9, 9, 9, 3, 4, 5, 8, 8, 8], CUBIC, 3, false],
    repeated_times: [[0, 1, 1, 2], [0, 1, 5, 6], LINEAR, 1, false],
    repeated_times_step: [[0, 1, 1, 2], [0, 1, 5, 6], STEP, 1, false],
    weights5_linear: [[0, 0.25, 1], [0, 0.1, 0.2, 0.3, 0.4, 1, 0.9, 0.8, 0.7, 0.6, 0.5, 0.5, 0.5, 0.5, 0.5], LINEAR, 5, false],
    tiny_segment: [[0, 1e-7, 1], [0, 1, 2], LINEAR, 1, false],
};
const times = [-1, 0, 1e-9, 0.1, 0.25, 0.4, 0.49999, 0.5, 0.50001, 0.7, 0.9999999, 1, 1.0000001, 1.1, 1.25, 1.5, 1.9, 1.9999, 2, 2.5, 3, 3.0001, 10, 0.1 + 0.2, 1 / 3, 2 / 3];
const doc = {};
for (const [name, [input, output, interp, stride, isQuat]] of Object.entries(samplers)) {
    const sampler = { input: f32(input), output: f32(output), interpolation: interp };
    const rows = [];
    const dst = new Float32Array(stride + 2);
    for (const t of times) {
        dst.fill(-99);
        evaluateSampler(sampler, t, stride, isQuat, dst, 1);
        rows.push({ t, v: Array.from(dst) });
    }
    doc[name] = rows;
}
console.log(JSON.stringify(doc));
