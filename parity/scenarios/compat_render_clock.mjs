// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 scene clocks: render() with useConstantAnimationDeltaTime (16 ms), render()
// on the wall clock (Date.now, replaced by a deterministic fake advancing 7 ms per call, with
// animationTimeScale 1 then 2.5), _animate(ms) mixed in, animationsEnabled off, and a
// deterministic-lockstep NullEngine stepping in timeStep increments; observable order
// onBeforeAnimations -> onAfterAnimations -> onBeforeRender -> onAfterRender.
import { Animation, FreeCamera, Logger, NullEngine, Scene, Vector3 } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

let fakeNow = 5000;
Date.now = () => fakeNow;

function setup(engine) {
    const scene = new Scene(engine);
    new FreeCamera("camera", new Vector3(0, 0, -10), scene);
    const target = { x: 0 };
    const x = new Animation("x", "x", 60, Animation.ANIMATIONTYPE_FLOAT);
    x.setKeys([
        { frame: 0, value: 0 },
        { frame: 120, value: 12 },
    ]);
    const animatable = scene.beginDirectAnimation(target, [x], 0, 120, true);
    return { scene, target, animatable };
}

const order = [];
const a = setup(new NullEngine());
a.scene.onBeforeAnimationsObservable.add(() => order.push("beforeAnimations"));
a.scene.onAfterAnimationsObservable.add(() => order.push("afterAnimations"));
a.scene.onBeforeRenderObservable.add(() => order.push("beforeRender"));
a.scene.onAfterRenderObservable.add(() => order.push("afterRender"));
const wall = [];
for (let i = 0; i < 60; i++) {
    if (i === 20) a.scene.animationTimeScale = 2.5;
    if (i === 30) a.scene.useConstantAnimationDeltaTime = true;
    if (i === 40) a.scene.useConstantAnimationDeltaTime = false;
    if (i === 45) a.scene._animate(100);
    if (i === 50) a.scene.animationsEnabled = false;
    if (i === 55) a.scene.animationsEnabled = true;
    fakeNow += 7;
    a.scene.render();
    wall.push([a.scene.deltaTime, a.scene._animationTime, a.animatable.masterFrame, a.target.x]);
}

const b = setup(new NullEngine({ deterministicLockstep: true, lockstepMaxSteps: 4 }));
let steps = 0;
b.scene.onBeforeStepObservable.add(() => steps++);
const lockstep = [];
for (let i = 0; i < 60; i++) {
    fakeNow += 7;
    b.scene.render();
    lockstep.push([b.scene.deltaTime, b.scene._animationTime, b.animatable.masterFrame, b.target.x, steps]);
}

console.log(JSON.stringify({ order: order.slice(0, 8), wall, lockstep }));
