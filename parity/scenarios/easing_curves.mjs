// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 easing classes: ease(g) in all three modes and easeInCore(g) for every class,
// with default and edge parameters, on 65 gradients in [0, 1] plus a few outside it; also the
// constructor defaults, setEasingMode clamping, and live attribute changes.
import {
    BackEase,
    BezierCurveEase,
    BounceEase,
    CircleEase,
    CubicEase,
    EasingFunction,
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

const gradients = [];
for (let i = 0; i <= 64; i++) gradients.push(i / 64);
for (const g of [-1, -0.5, -0.25, 1.25, 1.5, 2]) gradients.push(g);

function make(cls, args) {
    switch (cls) {
        case "BackEase": return new BackEase(...args);
        case "BezierCurveEase": return new BezierCurveEase(...args);
        case "BounceEase": return new BounceEase(...args);
        case "CircleEase": return new CircleEase(...args);
        case "CubicEase": return new CubicEase(...args);
        case "ElasticEase": return new ElasticEase(...args);
        case "ExponentialEase": return new ExponentialEase(...args);
        case "PowerEase": return new PowerEase(...args);
        case "QuadraticEase": return new QuadraticEase(...args);
        case "QuarticEase": return new QuarticEase(...args);
        case "QuinticEase": return new QuinticEase(...args);
        case "SineEase": return new SineEase(...args);
    }
    throw new Error(cls);
}

const setups = [
    ["CircleEase", []],
    ["CubicEase", []],
    ["QuadraticEase", []],
    ["QuarticEase", []],
    ["QuinticEase", []],
    ["SineEase", []],
    ["PowerEase", []],
    ["PowerEase", [0]],
    ["PowerEase", [1]],
    ["PowerEase", [5]],
    ["PowerEase", [2.5]],
    ["PowerEase", [-1]],
    ["ExponentialEase", []],
    ["ExponentialEase", [0]],
    ["ExponentialEase", [-2]],
    ["ExponentialEase", [4]],
    ["BackEase", []],
    ["BackEase", [0]],
    ["BackEase", [2]],
    ["BackEase", [-1]],
    ["BounceEase", []],
    ["BounceEase", [0]],
    ["BounceEase", [1]],
    ["BounceEase", [5]],
    ["BounceEase", [3, 0.5]],
    ["BounceEase", [3, 1]],
    ["BounceEase", [3, 3]],
    ["BounceEase", [2.5, 2]],
    ["BounceEase", [-1, 2]],
    ["ElasticEase", []],
    ["ElasticEase", [0]],
    ["ElasticEase", [7]],
    ["ElasticEase", [3, 0]],
    ["ElasticEase", [3, 10]],
    ["ElasticEase", [0, 0]],
    ["ElasticEase", [1.5, 2]],
    ["BezierCurveEase", []],
    ["BezierCurveEase", [0.25, 0.1, 0.25, 1]],
    ["BezierCurveEase", [0.42, 0, 0.58, 1]],
    ["BezierCurveEase", [0.5, -0.5, 0.5, 1.5]],
    ["BezierCurveEase", [0.68, -0.55, 0.265, 1.55]],
];

const modes = [
    EasingFunction.EASINGMODE_EASEIN,
    EasingFunction.EASINGMODE_EASEOUT,
    EasingFunction.EASINGMODE_EASEINOUT,
];

const cases = [];
for (const [cls, args] of setups) {
    const fn = make(cls, args);
    const core = gradients.map((g) => enc(fn.easeInCore(g)));
    const ease = [];
    for (const mode of modes) {
        fn.setEasingMode(mode);
        ease.push(gradients.map((g) => enc(fn.ease(g))));
    }
    cases.push({ class: cls, args, core, ease });
}

const defaults = {
    BackEase: { amplitude: new BackEase().amplitude },
    BezierCurveEase: (() => {
        const b = new BezierCurveEase();
        return { x1: b.x1, y1: b.y1, x2: b.x2, y2: b.y2 };
    })(),
    BounceEase: (() => {
        const b = new BounceEase();
        return { bounces: b.bounces, bounciness: b.bounciness };
    })(),
    ElasticEase: (() => {
        const e = new ElasticEase();
        return { oscillations: e.oscillations, springiness: e.springiness };
    })(),
    ExponentialEase: { exponent: new ExponentialEase().exponent },
    PowerEase: { power: new PowerEase().power },
    mode: new QuadraticEase().getEasingMode(),
};

const constants = {
    EASINGMODE_EASEIN: EasingFunction.EASINGMODE_EASEIN,
    EASINGMODE_EASEOUT: EasingFunction.EASINGMODE_EASEOUT,
    EASINGMODE_EASEINOUT: EasingFunction.EASINGMODE_EASEINOUT,
};

// setEasingMode clamps with Math.min(Math.max(mode, 0), 2); non-integers fall to ease-in-out.
const modeClamp = [];
for (const mode of [-3, -0.5, 0, 1, 2, 3, 1.5, 0.25, NaN]) {
    const q = new QuadraticEase();
    q.setEasingMode(mode);
    modeClamp.push({
        set: enc(mode),
        get: enc(q.getEasingMode()),
        ease: [0.1, 0.25, 0.5, 0.75, 0.9].map((g) => enc(q.ease(g))),
    });
}

// Attributes are read on every call.
const mutation = [];
{
    const back = new BackEase();
    back.setEasingMode(EasingFunction.EASINGMODE_EASEOUT);
    mutation.push(enc(back.ease(0.3)));
    back.amplitude = 2;
    mutation.push(enc(back.ease(0.3)));
    const bounce = new BounceEase();
    mutation.push(enc(bounce.ease(0.7)));
    bounce.bounces = 5;
    bounce.bounciness = 3;
    mutation.push(enc(bounce.ease(0.7)));
    const bez = new BezierCurveEase(0.42, 0, 0.58, 1);
    mutation.push(enc(bez.ease(0.3)));
    bez.x1 = 0.1;
    bez.y2 = 1.4;
    mutation.push(enc(bez.ease(0.3)));
    const power = new PowerEase();
    mutation.push(enc(power.ease(0.6)));
    power.power = 7;
    mutation.push(enc(power.ease(0.6)));
}

const doc = {
    constants,
    defaults,
    gradients: gradients.map(enc),
    cases,
    mode_clamp: modeClamp,
    mutation,
};
console.log(JSON.stringify(doc));
