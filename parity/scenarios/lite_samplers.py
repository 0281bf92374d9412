# parity: {"atol": 1e-6, "rtol": 1e-6}
# Babylon Lite 1.10 evaluateSampler: every interpolation, scalar/vec3/quat, clamping, exact key
# hits, near-parallel and opposite-hemisphere quaternions, single keys, repeated key times.
import json
import math

import numpy as np

from lite import AnimationSampler, evaluate_sampler

LINEAR, STEP, CUBIC = 0, 1, 2
f32 = lambda a: np.array(a, dtype=np.float32)  # noqa: E731
s = math.sqrt(0.5)
samplers = {
    "scalar_linear": [[0, 0.5, 1.25, 2], [0, 10, -3.5, 7.25], LINEAR, 1, False],
    "scalar_step": [[0, 0.5, 1.25, 2], [0, 10, -3.5, 7.25], STEP, 1, False],
    "scalar_cubic": [[0, 1, 3], [0, 1, 2, -1, 5, 0.5, 3, -2, 1], CUBIC, 1, False],
    "vec3_linear": [[0.1, 0.7, 1.9], [1, 2, 3, -4, 5.5, 6, 0.25, -8, 9], LINEAR, 3, False],
    "vec3_step": [[0.1, 0.7, 1.9], [1, 2, 3, -4, 5.5, 6, 0.25, -8, 9], STEP, 3, False],
    "vec3_cubic": [
        [0, 0.4, 1.0],
        [0, 0, 0, 1, 2, 3, 1, 1, 1, 0.5, -1, 2, 4, 5, 6, -1, 0, 1, 2, 2, 2, 7, 8, 9, 0, 0, 0],
        CUBIC,
        3,
        False,
    ],
    "quat_linear": [
        [0, 1, 2, 3],
        [0, 0, 0, 1, 0, s, 0, s, 0.5, 0.5, 0.5, 0.5, 0, 0, 1, 0],
        LINEAR,
        4,
        True,
    ],
    "quat_opposite": [
        [0, 1],
        [0, 0, 0.3826834, 0.9238795, 0, 0, -0.7071068, -0.7071068],
        LINEAR,
        4,
        True,
    ],
    "quat_near_parallel": [[0, 1], [0, 0, 0, 1, 0.01, 0.02, 0.0, 0.9997499], LINEAR, 4, True],
    "quat_parallel_threshold": [[0, 1], [0, 0, 0, 1, 0, 0.0316, 0, 0.9995006], LINEAR, 4, True],
    "quat_identical": [
        [0, 1],
        [0.1, 0.2, 0.3, 0.9273618, 0.1, 0.2, 0.3, 0.9273618],
        LINEAR,
        4,
        True,
    ],
    "quat_step": [[0, 1, 2], [0, 0, 0, 1, 0, s, 0, s, 1, 0, 0, 0], STEP, 4, True],
    "quat_cubic": [
        [0, 1, 2],
        [
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            1,
            0,
            0.5,
            0,
            0,
            0,
            0.2,
            0,
            0,
            0,
            s,
            0,
            s,
            0,
            0.3,
            0,
            0,
            0,
            0,
            0.1,
            0,
            0,
            0,
            s,
            s,
            0,
            0,
            0,
            0,
        ],
        CUBIC,
        4,
        True,
    ],
    "single_key": [[0.5], [3, 4, 5], LINEAR, 3, False],
    "single_key_cubic": [[0.5], [9, 9, 9, 3, 4, 5, 8, 8, 8], CUBIC, 3, False],
    "repeated_times": [[0, 1, 1, 2], [0, 1, 5, 6], LINEAR, 1, False],
    "repeated_times_step": [[0, 1, 1, 2], [0, 1, 5, 6], STEP, 1, False],
    "weights5_linear": [
        [0, 0.25, 1],
        [0, 0.1, 0.2, 0.3, 0.4, 1, 0.9, 0.8, 0.7, 0.6, 0.5, 0.5, 0.5, 0.5, 0.5],
        LINEAR,
        5,
        False,
    ],
    "tiny_segment": [[0, 1e-7, 1], [0, 1, 2], LINEAR, 1, False],
}
times = [
    -1,
    0,
    1e-9,
    0.1,
    0.25,
    0.4,
    0.49999,
    0.5,
    0.50001,
    0.7,
    0.9999999,
    1,
    1.0000001,
    1.1,
    1.25,
    1.5,
    1.9,
    1.9999,
    2,
    2.5,
    3,
    3.0001,
    10,
    0.1 + 0.2,
    1 / 3,
    2 / 3,
]
doc = {}
for name, (input, output, interp, stride, isQuat) in samplers.items():
    sampler = AnimationSampler(f32(input), f32(output), interp)
    rows = []
    dst = np.zeros(stride + 2, dtype=np.float32)
    for t in times:
        dst.fill(-99)
        evaluate_sampler(sampler, t, stride, isQuat, dst, 1)
        rows.append({"t": t, "v": [float(x) for x in dst]})
    doc[name] = rows
print(json.dumps(doc))
