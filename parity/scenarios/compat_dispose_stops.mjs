// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 disposal stops the animations of what it disposes: transformNode.dispose,
// mesh.dispose (recursing into an animated child, and with doNotRecurse), light, camera,
// material and skeleton dispose each call scene.stopAnimation(self), firing end callbacks.
// Then scene.dispose: stopAllAnimations first (callbacks silenced), then an
// onDisposeObservable observer starts animations on a light, a material, meshes, transform
// nodes, a camera and a plain object; the lists disposed after it stop them in Babylon's
// order; a skeleton is dropped from the list, not disposed (its animation stays). Logs every
// end callback / node onDispose with the active list at that moment.
import {
    Animation, Bone, FreeCamera, HemisphericLight, Logger, Mesh, NullEngine, Scene, Skeleton,
    StandardMaterial, TransformNode, Vector3,
} from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const engine = new NullEngine();
const scene = new Scene(engine);
const F = Animation.ANIMATIONTYPE_FLOAT;
const log = [];

function anim(name, property) {
    const animation = new Animation(name, property, 60, F);
    animation.setKeys([{ frame: 0, value: 0 }, { frame: 30, value: 3 }]);
    return animation;
}
function names() {
    return scene._activeAnimatables.map((a) => a.target.name);
}
function start(target, property, tag) {
    const animatable = scene.beginDirectAnimation(target, [anim("a" + tag, property)], 0, 30, true, 1, () => {
        log.push(["end", tag, names()]);
    });
    animatable.onAnimationEndObservable.add(() => log.push(["endObs", tag, names()]));
    return animatable;
}
function watch(node) {
    node.onDisposeObservable.add(() => log.push(["disposed", node.name, names()]));
    return node;
}

// A: node.dispose outside scene.dispose.
const t1 = watch(new TransformNode("t1", scene));
const t2 = watch(new TransformNode("t2", scene));
start(t1, "position.x", "t1");
start(t1, "position.y", "t1b");
start(t2, "position.x", "t2");
scene._animate(16);
t1.dispose();
log.push(["A t1", names(), t1.isDisposed()]);

const m1 = watch(new Mesh("m1", scene));
const c1 = watch(new TransformNode("c1", scene));
c1.parent = m1;
const m2 = watch(new Mesh("m2", scene));
const c2 = watch(new TransformNode("c2", scene));
c2.parent = m2;
start(m1, "position.x", "m1");
start(c1, "position.x", "c1");
start(m2, "position.x", "m2");
start(c2, "position.x", "c2");
scene._animate(16);
m1.dispose();
log.push(["A m1", names()]);
m2.dispose(true);
log.push(["A m2 doNotRecurse", names(), c2.parent === null]);

const l1 = watch(new HemisphericLight("l1", new Vector3(0, 1, 0), scene));
start(l1, "intensity", "l1");
const cam1 = watch(new FreeCamera("cam1", new Vector3(0, 0, -5), scene));
start(cam1, "position.x", "cam1");
const mat1 = new StandardMaterial("mat1", scene);
start(mat1, "alpha", "mat1");
scene._animate(16);
l1.dispose();
log.push(["A l1", names()]);
cam1.dispose();
log.push(["A cam1", names()]);
mat1.dispose();
log.push(["A mat1", names()]);

const skeleton = new Skeleton("sk", "sk", scene);
const bone = new Bone("b0", skeleton);
start(skeleton, "metadata", "sk");
start(bone, "position.x", "b0");
scene._animate(16);
skeleton.dispose();
log.push(["A sk", names()]);
for (const a of scene._activeAnimatables.slice()) a.stop();
log.push(["A end", names()]);

// B: scene.dispose with an observer starting animations on things it disposes next.
const plain = { name: "plain", x: 0 };
const m3 = watch(new Mesh("m3", scene));
const c3 = watch(new TransformNode("c3", scene));
c3.parent = m3;
const t3 = watch(new TransformNode("t3", scene));
const l3 = watch(new HemisphericLight("l3", new Vector3(0, 1, 0), scene));
const cam3 = watch(new FreeCamera("cam3", new Vector3(0, 0, -5), scene));
const mat3 = new StandardMaterial("mat3", scene);
const skeleton2 = new Skeleton("sk2", "sk2", scene);
start(skeleton2, "metadata", "sk2_before");
start(m3, "position.x", "m3_before");
start(t3, "position.x", "t3_before");
scene.onDisposeObservable.add(() => {
    log.push(["scene dispose", names(), scene.skeletons.length, scene.meshes.length]);
    start(plain, "x", "plain");
    start(skeleton2, "metadata", "sk2");
    start(cam3, "position.x", "cam3");
    start(t3, "position.x", "t3");
    start(c3, "position.x", "c3");
    start(m3, "position.x", "m3");
    start(mat3, "alpha", "mat3");
    start(l3, "intensity", "l3");
    log.push(["scene dispose started", names()]);
});
scene._animate(16);
scene.dispose();
log.push(["B after", names(), c3.isDisposed(), t3.isDisposed(), m3.isDisposed(), scene.skeletons.length]);
console.log(JSON.stringify({ log }));
