// parity: {"atol": 1e-6, "rtol": 1e-6}
// Raw ease-in curves (Babylon.js 9.31 easeInCore) for the lite.easing functions, including
// parameters and gradients far outside the sane range (NaN, Infinity, overflowing exponents,
// zero slopes): lite.easing must return the same NaN/Infinity results instead of raising.
import {
    BackEase,
    BezierCurveEase,
    BounceEase,
    CircleEase,
    CubicEase,
    ElasticEase,
    ExponentialEase,
    PowerEase,
    QuadraticEase,
    QuarticEase,
    QuinticEase,
    SineEase,
} from "@babylonjs/core";

function enc(x) {
    if (Number.isNaN(x)) return "NaN";
    if (x === Infinity) return "Infinity";
    if (x === -Infinity) return "-Infinity";
    return x;
}

function dec(x) {
    if (x === "NaN") return NaN;
    if (x === "Infinity") return Infinity;
    if (x === "-Infinity") return -Infinity;
    return x;
}

const gradients = [];
for (let i = 0; i <= 16; i++) gradients.push(i / 16);
for (const g of [-2, -1, -0.5, 1e-9, 1 - 1e-9, 1.5, 3, 1e3, -1e3, "Infinity", "-Infinity", "NaN"]) {
    gradients.push(g);
}

const CLASSES = {
    back_ease: BackEase,
    bezier_curve_ease: BezierCurveEase,
    bounce_ease: BounceEase,
    circle_ease: CircleEase,
    cubic_ease: CubicEase,
    elastic_ease: ElasticEase,
    exponential_ease: ExponentialEase,
    power_ease: PowerEase,
    quadratic_ease: QuadraticEase,
    quartic_ease: QuarticEase,
    quintic_ease: QuinticEase,
    sine_ease: SineEase,
};

const setups = [
    ["circle_ease", []],
    ["cubic_ease", []],
    ["quadratic_ease", []],
    ["quartic_ease", []],
    ["quintic_ease", []],
    ["sine_ease", []],
    ["power_ease", [2]],
    ["power_ease", [0]],
    ["power_ease", [0.5]],
    ["power_ease", [-3]],
    ["power_ease", [3]],
    ["power_ease", [400]],
    ["power_ease", ["Infinity"]],
    ["power_ease", ["NaN"]],
    ["exponential_ease", [2]],
    ["exponential_ease", [1000]],
    ["exponential_ease", [1e-300]],
    ["exponential_ease", ["Infinity"]],
    ["exponential_ease", ["NaN"]],
    ["back_ease", [1]],
    ["back_ease", [1e308]],
    ["back_ease", ["Infinity"]],
    ["back_ease", ["NaN"]],
    ["elastic_ease", [3, 3]],
    ["elastic_ease", [3, 1000]],
    ["elastic_ease", ["Infinity", 3]],
    ["elastic_ease", [3, "Infinity"]],
    ["elastic_ease", ["NaN", 3]],
    ["elastic_ease", [3, "NaN"]],
    ["elastic_ease", [-2, -2]],
    ["bounce_ease", [3, 2]],
    ["bounce_ease", [1000, 2]],
    ["bounce_ease", [3, 1e308]],
    ["bounce_ease", ["Infinity", 2]],
    ["bounce_ease", [3, "Infinity"]],
    ["bounce_ease", ["NaN", 2]],
    ["bounce_ease", [3, "NaN"]],
    ["bounce_ease", [0.5, 1.5]],
    ["bezier_curve_ease", [0, 0, 1, 1]],
    ["bezier_curve_ease", [0, 0, 0, 1]],
    ["bezier_curve_ease", [1, 0, 0, 1]],
    ["bezier_curve_ease", [1, 0, 1, 1]],
    ["bezier_curve_ease", [0.5, 0, 0.5, 1]],
    ["bezier_curve_ease", [2, -1, -1, 2]],
    ["bezier_curve_ease", ["NaN", 0, 1, 1]],
    ["bezier_curve_ease", [0.25, "Infinity", 0.75, 1]],
];

const cases = [];
for (const [name, params] of setups) {
    const fn = new CLASSES[name](...params.map(dec));
    cases.push({ fn: name, params, values: gradients.map((g) => enc(fn.easeInCore(dec(g)))) });
}

console.log(JSON.stringify({ gradients, cases }));
