// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 easing and key interpolation during playback: animation-level easing
// (replaced live mid-play, then cleared), per-key easing with start-key precedence over the
// animation default (the final key's easing unused), all-STEP keys, mixed STEP/LINEAR keys,
// float and Vector3 tangents (Hermite), and Animation.evaluate on a frame grid.
import {
    Animation,
    AnimationKeyInterpolation,
    BackEase,
    CubicEase,
    EasingFunction,
    ElasticEase,
    Logger,
    NullEngine,
    Scene,
    SineEase,
    Vector3,
} from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const engine = new NullEngine();
const scene = new Scene(engine);

const STEP = AnimationKeyInterpolation.STEP;
const cubic = new CubicEase();
cubic.setEasingMode(EasingFunction.EASINGMODE_EASEINOUT);

const target = {
    eased: 0,
    perKey: 0,
    stepped: 0,
    mixed: 0,
    hermite: 0,
    position: new Vector3(0, 0, 0),
    scale: new Vector3(1, 1, 1),
};

const eased = new Animation("eased", "eased", 30, Animation.ANIMATIONTYPE_FLOAT);
eased.setKeys([
    { frame: 0, value: 0 },
    { frame: 30, value: 10 },
    { frame: 60, value: -5 },
]);
eased.setEasingFunction(cubic);

const back = new BackEase(1.7);
back.setEasingMode(EasingFunction.EASINGMODE_EASEOUT);
const perKey = new Animation("perKey", "perKey", 30, Animation.ANIMATIONTYPE_FLOAT);
perKey.setKeys([
    { frame: 0, value: 0, easingFunction: back },
    { frame: 20, value: 4 },
    { frame: 40, value: 8, easingFunction: new ElasticEase(2, 4) },
    { frame: 60, value: 0, easingFunction: new SineEase() },
]);
perKey.setEasingFunction(new SineEase());

const stepped = new Animation("stepped", "stepped", 30, Animation.ANIMATIONTYPE_FLOAT);
stepped.setKeys([
    { frame: 0, value: 1, interpolation: STEP },
    { frame: 15, value: 2, interpolation: STEP },
    { frame: 45, value: 3, interpolation: STEP },
    { frame: 60, value: 4, interpolation: STEP },
]);
stepped.setEasingFunction(new CubicEase());

const mixed = new Animation("mixed", "mixed", 30, Animation.ANIMATIONTYPE_FLOAT);
mixed.setKeys([
    { frame: 0, value: 0, interpolation: STEP },
    { frame: 20, value: 10 },
    { frame: 40, value: 20, interpolation: STEP },
    { frame: 60, value: 30 },
]);

const hermite = new Animation("hermite", "hermite", 30, Animation.ANIMATIONTYPE_FLOAT);
hermite.setKeys([
    { frame: 0, value: 0, outTangent: 0.5 },
    { frame: 30, value: 6, inTangent: -0.2, outTangent: 0.3 },
    { frame: 60, value: 1, inTangent: 0 },
]);

const position = new Animation("position", "position", 30, Animation.ANIMATIONTYPE_VECTOR3);
position.setKeys([
    { frame: 0, value: new Vector3(0, 0, 0), outTangent: new Vector3(1, 0, -1) },
    { frame: 40, value: new Vector3(4, 2, 0), inTangent: new Vector3(0, 0.5, 0) },
    { frame: 60, value: new Vector3(-1, 1, 1) },
]);

const scale = new Animation("scale", "scale", 30, Animation.ANIMATIONTYPE_VECTOR3);
scale.setKeys([
    { frame: 0, value: new Vector3(1, 1, 1) },
    { frame: 60, value: new Vector3(3, 0.5, 2) },
]);
scale.setEasingFunction(new BackEase(0.8));

const all = [eased, perKey, stepped, mixed, hermite, position, scale];
const animatable = scene.beginDirectAnimation(target, all, 0, 60, true);
const steps = [];
for (let i = 0; i < 260; i++) {
    if (i === 60) eased.setEasingFunction(new SineEase());
    if (i === 90) scale.setEasingFunction(null);
    if (i === 120) eased.setEasingFunction(null);
    if (i === 150) perKey.setEasingFunction(null);
    scene._animate(16);
    steps.push([
        animatable.masterFrame,
        target.eased,
        target.perKey,
        target.stepped,
        target.mixed,
        target.hermite,
        target.position.x,
        target.position.y,
        target.position.z,
        target.scale.x,
        target.scale.y,
    ]);
}

const grid = [];
for (let f = -5; f <= 65; f += 2.5) {
    grid.push([f, perKey.evaluate(f), stepped.evaluate(f), mixed.evaluate(f), hermite.evaluate(f), position.evaluate(f).asArray()]);
}

console.log(JSON.stringify({ steps, grid }));
