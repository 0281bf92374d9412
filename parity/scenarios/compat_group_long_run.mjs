// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 AnimationGroups over ten minutes of 16 ms frames (37,500 scene._animate(16)
// steps), sampled every 500 steps, with every group loop recorded (count and last step):
// a 60 fps two-target group whose 24- and 48-frame tracks loop exactly every 25 and 50 steps,
// a speed-1.37 group on a TransformNode (position/rotationQuaternion/scaling), a reverse
// (speed -0.5) group, two weighted groups on one target whose weights swap every 3,000 steps,
// and a group paused and resumed every 7,000 steps.
import { Animation, AnimationGroup, Logger, NullEngine, Quaternion, Scene, TransformNode, Vector3 } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const engine = new NullEngine();
const scene = new Scene(engine);
const F = Animation.ANIMATIONTYPE_FLOAT;
const V3 = Animation.ANIMATIONTYPE_VECTOR3;
const Q = Animation.ANIMATIONTYPE_QUATERNION;

function anim(name, property, type, keys, fps) {
    const animation = new Animation(name, property, fps, type);
    animation.setKeys(keys.map(([frame, value]) => ({ frame, value })));
    return animation;
}

const a = { name: "a", x: 0 };
const b = { name: "b", y: 0 };
const node = new TransformNode("node", scene);
node.rotationQuaternion = Quaternion.Identity();
const r = { name: "r", z: 0 };
const w = { name: "w", v: 0 };
const p = { name: "p", u: 0 };

const exact = new AnimationGroup("exact", scene);
exact.addTargetedAnimation(anim("ax", "x", F, [[0, 0], [12, 5], [24, 1]], 60), a);
exact.addTargetedAnimation(anim("by", "y", F, [[0, 0], [48, 9.6]], 60), b);

const fast = new AnimationGroup("fast", scene);
fast.addTargetedAnimation(anim("np", "position", V3, [[0, new Vector3(0, 0, 0)], [40, new Vector3(4, -2, 1)], [90, new Vector3(0, 0, 0)]], 30), node);
fast.addTargetedAnimation(anim("nq", "rotationQuaternion", Q, [[0, Quaternion.RotationAxis(new Vector3(0, 1, 0), 0)], [45, Quaternion.RotationAxis(new Vector3(0, 1, 0), 2)], [90, Quaternion.RotationAxis(new Vector3(0, 1, 0), 0)]], 30), node);
fast.addTargetedAnimation(anim("ns", "scaling", V3, [[0, new Vector3(1, 1, 1)], [90, new Vector3(2, 0.5, 1)]], 30), node);

const reverse = new AnimationGroup("reverse", scene);
reverse.addTargetedAnimation(anim("rz", "z", F, [[0, -1], [33, 2], [70, 10]], 25), r);

const w1 = new AnimationGroup("w1", scene, 0.25);
w1.addTargetedAnimation(anim("w1", "v", F, [[0, 0], [30, 30]], 30), w);
const w2 = new AnimationGroup("w2", scene, 0.75);
w2.addTargetedAnimation(anim("w2", "v", F, [[0, 100], [45, 55]], 30), w);

const paused = new AnimationGroup("paused", scene);
paused.addTargetedAnimation(anim("pu", "u", F, [[0, 0], [100, 1]], 30), p);

const loops = {};
for (const g of [exact, fast, reverse, w1, w2, paused]) {
    loops[g.name] = [0, -1];
    g.onAnimationGroupLoopObservable.add(() => {
        loops[g.name][0]++;
        loops[g.name][1] = step;
    });
}

exact.play(true);
fast.start(true, 1.37);
reverse.start(true, -0.5);
w1.play(true);
w2.play(true);
paused.play(true);

let step = 0;
const samples = [];
for (step = 0; step < 37500; step++) {
    if (step % 3000 === 0 && step > 0) {
        const t = w1.weight;
        w1.weight = w2.weight;
        w2.weight = t;
    }
    if (step % 7000 === 0 && step > 0) paused.pause();
    if (step % 7000 === 1000 && step > 1000) paused.play();
    scene._animate(16);
    if (step % 500 === 0) {
        samples.push({
            step,
            v: [a.x, b.y, ...node.position.asArray(), ...node.rotationQuaternion.asArray(), ...node.scaling.asArray(), r.z, w.v, p.u],
            f: [exact.getCurrentFrame(), fast.getCurrentFrame(), reverse.getCurrentFrame(), paused.getCurrentFrame()],
            loops: JSON.parse(JSON.stringify(loops)),
        });
    }
}

console.log(JSON.stringify({ samples, loops }));
