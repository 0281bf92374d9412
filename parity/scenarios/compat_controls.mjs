// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 Animatable controls during scene._animate(16) stepping: pause/restart
// (elapsed time excludes the pause), goToFrame (immediate write, playback continues from the
// new frame; also while paused and with a speed change pending), reset, stop (all and by
// animation name), scene.stopAnimation, getAnimatableByTarget/getAllAnimatablesByTarget,
// syncWith, masterFrame, elapsedTime and the active animatable count.
import { Animation, Logger, NullEngine, Scene, Vector3 } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const engine = new NullEngine();
const scene = new Scene(engine);

function makeAnimations() {
    const x = new Animation("x", "x", 30, Animation.ANIMATIONTYPE_FLOAT);
    x.setKeys([
        { frame: 0, value: 0 },
        { frame: 20, value: 4 },
        { frame: 40, value: -4 },
    ]);
    const position = new Animation("p", "position", 30, Animation.ANIMATIONTYPE_VECTOR3);
    position.setKeys([
        { frame: 0, value: new Vector3(0, 1, 2) },
        { frame: 40, value: new Vector3(8, -3, 6) },
    ]);
    return [x, position];
}

const a = { x: 5, position: new Vector3(9, 9, 9) };
const b = { x: 5, position: new Vector3(9, 9, 9) };
const c = { x: 5, position: new Vector3(9, 9, 9) };
a.animations = makeAnimations();
const log = [];
const animA = scene.beginAnimation(a, 0, 40, true, 1, () => log.push("endA"));
const animB = scene.beginDirectAnimation(b, makeAnimations(), 0, 40, false, 1, () => log.push("endB"));
const animC = scene.beginDirectAnimation(c, makeAnimations(), 10, 30, true, 0.5, () => log.push("endC"));
const afterBegin = [a.x, a.position.x, b.x, c.x];

const steps = [];
for (let i = 0; i < 160; i++) {
    const events = [];
    if (i === 10) { animA.pause(); events.push("pauseA"); }
    if (i === 25) { animA.restart(); events.push("restartA"); }
    if (i === 30) { animB.goToFrame(35); events.push(["gotoB", b.x, b.position.x]); }
    if (i === 40) { animC.pause(); animC.goToFrame(12); events.push(["gotoC-paused", c.x, c.position.y]); }
    if (i === 50) { animC.restart(); }
    if (i === 55) { animA.goToFrame(5); animA.speedRatio = 2; events.push(["gotoA-speed", a.x]); }
    if (i === 60) { animC.syncWith(animA); events.push("syncC"); }
    if (i === 70) { animA.reset(); events.push(["resetA", a.x, a.position.x]); }
    if (i === 90) { animC.syncWith(null); }
    if (i === 100) { animA.stop("x"); events.push(["stopA-x", animA.getAnimations().length]); }
    if (i === 120) { scene.stopAnimation(c); events.push("stopC"); }
    scene._animate(16);
    steps.push({
        i,
        events,
        a: [animA.masterFrame, a.x, a.position.x, animA.elapsedTime],
        b: [animB.masterFrame, b.x, b.position.z, animB.elapsedTime],
        c: [animC.masterFrame, c.x, c.position.y],
        count: scene.animatables.length,
        byTarget: [scene.getAnimatableByTarget(a) === animA, scene.getAllAnimatablesByTarget(c).length],
        log: log.slice(),
    });
}

console.log(JSON.stringify({ afterBegin, steps }));
