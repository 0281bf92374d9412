// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 animation ranges on a skeleton: createAnimationRange on the skeleton and on
// each bone's first animation (a bone without animations skipped, a duplicate name ignored),
// skeleton.beginAnimation over a range (loop, speed, end callback; a missing range gives null),
// the bones' local and absolute positions while it plays, getAnimationRange(s) and
// deleteAnimationRange with and without frames.
import { Animation, Bone, Logger, Matrix, NullEngine, Quaternion, Scene, Skeleton, Space, Vector3 } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const scene = new Scene(new NullEngine());
const skeleton = new Skeleton("rig", "rig", scene);
const root = new Bone("root", skeleton, null, Matrix.Translation(0, 1, 0));
const arm = new Bone("arm", skeleton, root, Matrix.Translation(0, 2, 0));
const hand = new Bone("hand", skeleton, arm, Matrix.Translation(0, 1, 0));
const still = new Bone("still", skeleton, root, Matrix.Translation(1, 0, 0)); // no animations
const v = (p) => [p.x, p.y, p.z];

const pos = new Animation("rootP", "position", 30, Animation.ANIMATIONTYPE_VECTOR3);
pos.setKeys([0, 20, 40].map((f) => ({ frame: f, value: new Vector3(f / 20, 1, 0) })));
const rot = new Animation("armQ", "rotationQuaternion", 30, Animation.ANIMATIONTYPE_QUATERNION);
rot.setKeys([0, 20, 40].map((f) => ({ frame: f, value: Quaternion.RotationAxis(new Vector3(0, 0, 1), f / 40) })));
const scl = new Animation("handS", "scaling", 30, Animation.ANIMATIONTYPE_VECTOR3);
scl.setKeys([0, 40].map((f) => ({ frame: f, value: new Vector3(1 + f / 40, 1, 1) })));
root.animations.push(pos);
arm.animations.push(rot);
hand.animations.push(scl);

skeleton.createAnimationRange("idle", 0, 20);
skeleton.createAnimationRange("wave", 20, 40);
skeleton.createAnimationRange("idle", 3, 4); // name in use: ignored
const r = (range) => (range ? [range.name, range.from, range.to] : null);
const out = {};
out.ranges = [r(skeleton.getAnimationRange("idle")), r(skeleton.getAnimationRange("wave")), r(pos.getRange("wave")), r(rot.getRange("idle")), r(scl.getRange("wave")), skeleton.getAnimationRange("none"), still.animations.length];
out.missing = skeleton.beginAnimation("none") === null;

const log = [];
const a = skeleton.beginAnimation("wave", false, 1.5, () => log.push("end"));
const play = [];
for (let i = 0; i < 18; i++) {
    scene._animate(33);
    play.push([a.masterFrame, v(root.position), v(arm.rotationQuaternion.toEulerAngles()), v(hand.scaling), v(hand.getAbsolutePosition()), v(still.getPosition(Space.WORLD)), log.length]);
}
out.play = play;
const b = skeleton.beginAnimation("idle", true, 2);
const loop = [];
for (let i = 0; i < 12; i++) {
    scene._animate(50);
    loop.push([b.masterFrame, root.position.x, hand.getAbsolutePosition().x]);
}
b.stop();
out.loop = loop;

skeleton.deleteAnimationRange("wave", false);
out.afterWave = [r(skeleton.getAnimationRange("wave")), r(pos.getRange("wave")), pos.getKeys().length, skeleton.getAnimationRanges().map(r)];
skeleton.deleteAnimationRange("idle");
out.afterIdle = [pos.getKeys().map((k) => k.frame), rot.getKeys().map((k) => k.frame), scl.getKeys().map((k) => k.frame), skeleton.getAnimationRanges().map(r), skeleton.beginAnimation("idle") === null];

console.log(JSON.stringify(out));
