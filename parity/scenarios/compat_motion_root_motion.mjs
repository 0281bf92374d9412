// parity: {"atol": 1e-5, "rtol": 1e-5}
// Babylon.js 9.31 RootMotionClip and RootMotionController on generated rigs built in code:
// a walk whose root travels (source Root: cycle offset, distance, speed, direction snapping,
// the in-place group's stripped root keys), a turning walk (rotation extracted, a quarter
// turn per cycle), an in-place walk whose planted feet give the travel (source FootContact),
// a clip that does not move (source None), and controllers driving the character over long
// runs: loop accumulation over many cycles, speed ratio changes, a reversed playback, a
// played range, two weighted clips blended, pause and applyToCharacter false.
import {
    Animation, AnimationGroup, Logger, NullEngine, Quaternion, RootMotionClip, RootMotionController,
    RootMotionSource, Scene, TransformNode, Vector3,
} from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;
const scene = new Scene(new NullEngine());
const v = (p) => [p.x, p.y, p.z];
const q = (r) => [r.x, r.y, r.z, r.w];

function vecAnim(name, prop, fps, keys) {
    const a = new Animation(name, prop, fps, Animation.ANIMATIONTYPE_VECTOR3, Animation.ANIMATIONLOOPMODE_CYCLE);
    a.setKeys(keys.map(([f, x, y, z]) => ({ frame: f, value: new Vector3(x, y, z) })));
    return a;
}
function quatAnim(name, fps, keys) {
    const a = new Animation(name, "rotationQuaternion", fps, Animation.ANIMATIONTYPE_QUATERNION, Animation.ANIMATIONLOOPMODE_CYCLE);
    a.setKeys(keys.map(([f, yaw, pitch]) => ({ frame: f, value: Quaternion.RotationYawPitchRoll(yaw, pitch, 0) })));
    return a;
}

// A rig: character > hips > (legL > footL, legR > footR).
function rig(name) {
    const character = new TransformNode(name, scene);
    const hips = new TransformNode(name + "_hips", scene);
    hips.parent = character;
    hips.position = new Vector3(0, 1, 0);
    hips.rotationQuaternion = Quaternion.Identity();
    const nodes = { character, hips };
    for (const side of ["L", "R"]) {
        const leg = new TransformNode(name + "_leg" + side, scene);
        leg.parent = hips;
        leg.position = new Vector3(side === "L" ? 0.2 : -0.2, -0.5, 0);
        const foot = new TransformNode(name + "_foot" + side, scene);
        foot.parent = leg;
        foot.position = new Vector3(0, -0.5, 0);
        nodes["leg" + side] = leg;
        nodes["foot" + side] = foot;
    }
    return nodes;
}
const N = 30;
const frames = (fn) => Array.from({ length: N / 5 + 1 }, (_, i) => [i * 5, ...fn(i * 5)]);

function walkGroup(r, name, stride, turn) {
    const g = new AnimationGroup(name, scene);
    g.addTargetedAnimation(vecAnim(name + "P", "position", 30, frames((f) => [0.03 * Math.sin((f / N) * 2 * Math.PI), 1 + 0.05 * Math.cos((f / N) * 4 * Math.PI), (stride * f) / N])), r.hips);
    g.addTargetedAnimation(quatAnim(name + "Q", 30, frames((f) => [(turn * f) / N, 0.05 * Math.sin((f / N) * 2 * Math.PI)])), r.hips);
    g.addTargetedAnimation(vecAnim(name + "L", "position", 30, frames((f) => [0.2, -0.5, 0.3 * Math.sin((f / N) * 2 * Math.PI)])), r.legL);
    g.addTargetedAnimation(vecAnim(name + "R", "position", 30, frames((f) => [-0.2, -0.5, -0.3 * Math.sin((f / N) * 2 * Math.PI)])), r.legR);
    return g;
}
// In place: the hips bob; each foot is planted (sliding back at the ground speed) half the cycle and swings forward the other half.
function inPlaceGroup(r, name, speed) {
    const g = new AnimationGroup(name, scene);
    g.addTargetedAnimation(vecAnim(name + "P", "position", 30, frames((f) => [0, 1 + 0.04 * Math.cos((f / N) * 4 * Math.PI), 0])), r.hips);
    const footKeys = (phase) => Array.from({ length: N + 1 }, (_, f) => {
        const u = ((f / N) + phase) % 1;
        const planted = u < 0.5;
        const z = planted ? speed * (0.25 - u) : speed * (-0.25 + (u - 0.5));
        const y = planted ? -0.5 : -0.5 + 0.15 * Math.sin((u - 0.5) * 2 * Math.PI);
        return [f, 0, y, z];
    });
    g.addTargetedAnimation(vecAnim(name + "FL", "position", 30, footKeys(0)), r.footL);
    g.addTargetedAnimation(vecAnim(name + "FR", "position", 30, footKeys(0.5)), r.footR);
    return g;
}

const clipInfo = (c) => ({
    source: c.source, root: c.rootNode ? c.rootNode.name : null, character: c.characterNode.name,
    contacts: c.contactNodes.map((n) => n.name), up: v(c.upAxis), from: c.fromFrame, to: c.toFrame,
    dir: v(c.travelDirection), offset: v(c.cycleOffset), distance: c.cycleDistance, rotation: c.cycleRotation,
    turns: c.extractsRotation, duration: c.duration, speed: c.averageSpeed, height: c.characterHeight,
    samples: [0, 3.5, 7, 15, 22.25, 30].map((f) => [...v(c.getOffsetAtFrame(f, new Vector3())), c.getRotationAtFrame(f)]),
    group: c.animationGroup.name, sourceGroup: c.sourceAnimationGroup.name,
    inPlace: c.animationGroup.targetedAnimations.map((ta) => [ta.target.name, ta.animation.targetProperty, ta.animation.getKeys().map((k) => (k.value.w !== undefined ? q(k.value) : v(k.value)))]),
    sourceKept: c.sourceAnimationGroup.targetedAnimations[0].animation.getKeys().map((k) => v(k.value)),
});
const out = {};

const walkRig = rig("walker");
const walk = new RootMotionClip(walkGroup(walkRig, "walk", 1.2, 0));
out.walk = clipInfo(walk);
const turnRig = rig("turner");
const turnWalk = new RootMotionClip(walkGroup(turnRig, "turn", 0.8, Math.PI / 2));
out.turn = clipInfo(turnWalk);
const footRig = rig("stepper");
const step = new RootMotionClip(inPlaceGroup(footRig, "step", 1.0));
out.step = clipInfo(step);
const idleRig = rig("idler");
const idleGroup = new AnimationGroup("idle", scene);
idleGroup.addTargetedAnimation(vecAnim("idleP", "position", 30, frames((f) => [0, 1 + 0.02 * Math.sin((f / N) * 2 * Math.PI), 0])), idleRig.hips);
const idle = new RootMotionClip(idleGroup);
out.idle = clipInfo(idle);
const snapRig = rig("snapper");
const snapGroup = walkGroup(snapRig, "snap", 1.0, 0);
snapGroup.targetedAnimations[0].animation.setKeys(frames((f) => [(0.08 * f) / N, 1, (1.0 * f) / N]).map(([fr, x, y, z]) => ({ frame: fr, value: new Vector3(x, y, z) })));
const snapped = new RootMotionClip(snapGroup, { directionSnapAngle: 0.2, samplesPerSecond: 24 });
const lateral = new RootMotionClip(snapGroup, { extractLateralMotion: true, extractRotation: false, name: "lateral" });
out.snapped = clipInfo(snapped);
out.lateral = clipInfo(lateral);

const step60 = (n, dt, fn) => {
    const rows = [];
    for (let i = 0; i < n; i++) {
        scene._animate(dt);
        scene.onAfterAnimationsObservable.notifyObservers(scene);
        if (fn) fn(i);
        rows.push(i);
    }
    return rows;
};
const track = (ctl) => [...v(ctl.characterNode.position), ...(ctl.characterNode.rotationQuaternion ? q(ctl.characterNode.rotationQuaternion) : [0, 0, 0, 1]), ...v(ctl.deltaPosition), ctl.deltaRotation];

// Long runs: each controller drives its character for 600 steps of 1000/60 ms (10 s, 10 cycles).
const runs = {};
for (const [name, clip] of [["walk", walk], ["turn", turnWalk], ["step", step], ["idle", idle]]) {
    const ctl = new RootMotionController(clip.characterNode, [clip]);
    let notified = 0;
    ctl.onRootMotionObservable.add(() => notified++);
    clip.animationGroup.start(true);
    const rows = [];
    step60(600, 1000 / 60, (i) => {
        if (i % 20 === 19) rows.push(track(ctl));
    });
    runs[name] = { rows, notified, hips: v(clip.rootNode ? clip.rootNode.position : Vector3.Zero()) };
    clip.animationGroup.stop();
}
out.runs = runs;

// Speed ratio, reversal, a played range, pause, applyToCharacter false, reset.
{
    const ctl = walk.controller;
    const g = walk.animationGroup;
    walkRig.character.position = Vector3.Zero();
    g.start(true, 1.0);
    const rows = [];
    step60(45, 20, () => rows.push(track(ctl)));
    g.speedRatio = 2.5;
    step60(30, 20, () => rows.push(track(ctl)));
    g.speedRatio = -1;
    step60(40, 20, () => rows.push(track(ctl)));
    g.pause();
    step60(5, 20, () => rows.push(track(ctl)));
    g.play(true);
    ctl.applyToCharacter = false;
    step60(10, 20, () => rows.push(track(ctl)));
    ctl.applyToCharacter = true;
    g.stop();
    g.start(true, 1, 10, 20);
    step60(50, 20, () => rows.push(track(ctl)));
    g.goToFrame(5);
    ctl.reset();
    step60(10, 20, () => rows.push(track(ctl)));
    g.stop();
    out.controls = rows;
}

// Two clips of one character blended by weight.
{
    const r = rig("blender");
    const a = new RootMotionClip(walkGroup(r, "slow", 0.6, 0));
    const b = new RootMotionClip(walkGroup(r, "fast", 1.8, 0.3), { extractRotation: true });
    const ctl = new RootMotionController(r.character, [a, b]);
    a.animationGroup.start(true);
    b.animationGroup.start(true);
    a.animationGroup.weight = 0.3;
    b.animationGroup.weight = 0.7;
    const rows = [];
    step60(120, 1000 / 60, (i) => { if (i % 10 === 9) rows.push(track(ctl)); });
    a.animationGroup.weight = 0.9;
    b.animationGroup.weight = 0.6;
    step60(60, 1000 / 60, (i) => { if (i % 10 === 9) rows.push(track(ctl)); });
    ctl.removeClip(b);
    step60(30, 1000 / 60, (i) => { if (i % 10 === 9) rows.push(track(ctl)); });
    out.blend = { rows, clips: ctl.clips.length, bController: b.controller === null };
    a.dispose();
    out.blend.disposedGroups = scene.animationGroups.some((g) => g.name === "slow (in place)");
}

// Refusals Babylon throws.
const refusals = {};
const tryIt = (name, fn) => { try { fn(); refusals[name] = "ok"; } catch (e) { refusals[name] = "threw"; } };
tryIt("empty", () => new RootMotionClip(new AnimationGroup("empty", scene)));
tryIt("rootWithoutParent", () => {
    const lone = new TransformNode("lone", scene);
    const g = new AnimationGroup("lone", scene);
    g.addTargetedAnimation(vecAnim("loneP", "position", 30, [[0, 0, 0, 0], [30, 0, 0, 1]]), lone);
    new RootMotionClip(g);
});
tryIt("sourceRootNoPosition", () => {
    const r = rig("norot");
    const g = new AnimationGroup("norot", scene);
    g.addTargetedAnimation(quatAnim("nq", 30, [[0, 0, 0], [30, 1, 0]]), r.hips);
    new RootMotionClip(g, { source: RootMotionSource.Root });
});
tryIt("otherController", () => new RootMotionController(walkRig.character, [walk]));
out.refusals = refusals;
console.log(JSON.stringify(out));
