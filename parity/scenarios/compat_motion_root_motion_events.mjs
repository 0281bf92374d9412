// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 root motion under mid-step mutations, on the walking rig of Babylon's own
// unit tests (babylon.rootMotion.test.ts): a clock re-evaluated by an animation event within a
// step (goToFrame with the weight, after the group's weight changed: 0.8/0.8, 0.8/0.2, 0.2/0.8),
// a clock that turns additive in its event and is re-evaluated twice, a weighted jump made
// between steps, and a follower synchronized with a driver that plays twice its keys' range.
// For each: the character's travel over the step and the hips' position against the value the
// runtime animation evaluated.
import {
    Animation, AnimationEvent, AnimationGroup, Logger, Matrix, NullEngine, Quaternion, RootMotionClip,
    RootMotionController, Scene, TransformNode, Vector3,
} from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;
const Fps = 60;
const CycleFrames = 60;
const Speed = 1.2;
const v = (p) => [p.x, p.y, p.z];

function footInWalk(time, side, speed) {
    const half = CycleFrames / Fps / 2;
    const shifted = side === 1 ? time : time + half;
    const phase = shifted % (half * 2);
    const plantedAt = side === 1 ? 0.3 : -0.3 + speed * half;
    const cycleStart = Math.floor(shifted / (half * 2)) * speed * half * 2 - (side === 1 ? 0 : speed * half);
    if (phase <= half) {
        return new Vector3(0.1 * side, 0, cycleStart + plantedAt);
    }
    const swing = (phase - half) / half;
    return new Vector3(0.1 * side, 0.15 * Math.sin(Math.PI * swing), cycleStart + plantedAt + speed * half * 2 * swing);
}

// character > armature (scale 0.5, a quarter turn) > hips > feet, head; a walk whose hips travel.
function walkingRig(scene) {
    const character = new TransformNode("character", scene);
    const armature = new TransformNode("armature", scene);
    armature.parent = character;
    armature.scaling.setAll(0.5);
    armature.rotationQuaternion = Quaternion.RotationAxis(Vector3.Up(), Math.PI / 2);
    const hips = new TransformNode("hips", scene);
    hips.parent = armature;
    const leftFoot = new TransformNode("leftFoot", scene);
    leftFoot.parent = hips;
    const rightFoot = new TransformNode("rightFoot", scene);
    rightFoot.parent = hips;
    const head = new TransformNode("head", scene);
    head.parent = hips;
    head.position.set(0, 1.4, 0);
    const toArmature = armature.computeWorldMatrix(true).clone().invert();
    const hipsKeys = [];
    const leftKeys = [];
    const rightKeys = [];
    for (let frame = 0; frame <= CycleFrames; frame++) {
        const time = frame / Fps;
        const hipsInCharacter = new Vector3(0.03 * Math.sin((2 * Math.PI * frame) / CycleFrames), 1, Speed * time);
        const left = footInWalk(time, 1, Speed);
        const right = footInWalk(time, -1, Speed);
        hipsKeys.push({ frame, value: Vector3.TransformCoordinates(hipsInCharacter, toArmature) });
        leftKeys.push({ frame, value: Vector3.TransformNormal(left.subtract(hipsInCharacter), toArmature) });
        rightKeys.push({ frame, value: Vector3.TransformNormal(right.subtract(hipsInCharacter), toArmature) });
    }
    const make = (name, keys) => {
        const a = new Animation(name, "position", Fps, Animation.ANIMATIONTYPE_VECTOR3, Animation.ANIMATIONLOOPMODE_CYCLE);
        a.setKeys(keys);
        return a;
    };
    const group = new AnimationGroup("rootMotion", scene);
    group.addTargetedAnimation(make("hips", hipsKeys), hips);
    group.addTargetedAnimation(make("left", leftKeys), leftFoot);
    group.addTargetedAnimation(make("right", rightKeys), rightFoot);
    group.normalize(0, CycleFrames);
    const clip = new RootMotionClip(group);
    new RootMotionController(character, [clip]);
    return { character, hips, group: clip.animationGroup };
}

function fresh() {
    const engine = new NullEngine();
    const scene = new Scene(engine);
    scene.useConstantAnimationDeltaTime = true;
    return { engine, scene };
}
const run = (scene, ticks) => {
    for (let i = 0; i < ticks; i++) {
        scene.animate();
    }
};
const hipsChannel = (group, hips) => group.targetedAnimations.find((t) => t.target === hips && t.animation.targetProperty === "position").animation;
const animatableOf = (group, hips) => group.animatables.find((a) => a.target === hips);

const out = {};

// An event at frame 30 of the clock changes the group's weight and re-evaluates the clock.
for (const [first, second] of [[0.8, 0.8], [0.8, 0.2], [0.2, 0.8]]) {
    const { engine, scene } = fresh();
    const { character, hips, group } = walkingRig(scene);
    let runtime = null;
    hipsChannel(group, hips).addEvent(new AnimationEvent(30, () => {
        const animatable = animatableOf(group, hips);
        runtime = animatable.getAnimations()[0];
        group.weight = second;
        animatable.goToFrame(runtime.currentFrame, true);
    }, true));
    group.start(true);
    group.weight = first;
    run(scene, 32);
    const before = character.position.z;
    run(scene, 1);
    out[`event_${first}_${second}`] = { travel: character.position.z - before, hips: v(hips.position), value: v(runtime.currentValue) };
    scene.dispose();
    engine.dispose();
}

// The event turns the group additive and re-evaluates the clock twice.
{
    const { engine, scene } = fresh();
    const { character, hips, group } = walkingRig(scene);
    let runtime = null;
    hipsChannel(group, hips).addEvent(new AnimationEvent(30, () => {
        const animatable = animatableOf(group, hips);
        runtime = animatable.getAnimations()[0];
        group.isAdditive = true;
        animatable.goToFrame(runtime.currentFrame, true);
        animatable.goToFrame(runtime.currentFrame, true);
    }, true));
    group.start(true);
    group.weight = 1;
    run(scene, 32);
    const before = character.position.z;
    run(scene, 1);
    out.additiveTwice = { travel: character.position.z - before, hips: v(hips.position), value: v(runtime.currentValue) };
    // and the steps after: the bindings of an additive group over nothing else
    const after = [];
    for (let i = 0; i < 3; i++) {
        const z = character.position.z;
        run(scene, 1);
        after.push([character.position.z - z, ...v(hips.position)]);
    }
    out.additiveTwiceAfter = after;
    scene.dispose();
    engine.dispose();
}

// A weighted jump between steps: goToFrame(current, true) after the step's bindings.
{
    const { engine, scene } = fresh();
    const { character, hips, group } = walkingRig(scene);
    group.start(true);
    group.weight = 0.8;
    run(scene, 32);
    const animatable = animatableOf(group, hips);
    const runtime = animatable.getAnimations()[0];
    animatable.goToFrame(runtime.currentFrame, true);
    const jumpHips = v(hips.position);
    const before = character.position.z;
    run(scene, 1);
    out.weightedJump = { travel: character.position.z - before, jumpHips, hips: v(hips.position), value: v(runtime.currentValue) };
    const after = [];
    for (let i = 0; i < 3; i++) {
        const z = character.position.z;
        run(scene, 1);
        after.push([character.position.z - z, ...v(hips.position)]);
    }
    out.weightedJumpAfter = after;
    scene.dispose();
    engine.dispose();
}

// A follower synchronized with a driver played over twice its keys' range.
{
    const { engine, scene } = fresh();
    const { character, group } = walkingRig(scene);
    const prop = new TransformNode("prop", scene);
    const driverAnimation = new Animation("driver", "position", Fps, Animation.ANIMATIONTYPE_VECTOR3, Animation.ANIMATIONLOOPMODE_CYCLE);
    driverAnimation.setKeys([{ frame: 0, value: Vector3.Zero() }, { frame: CycleFrames, value: Vector3.Zero() }]);
    const driver = scene.beginDirectAnimation(prop, [driverAnimation], 0, 2 * CycleFrames, true);
    group.start(true);
    group.syncAllAnimationsWith(driver);
    const trace = [];
    for (let i = 0; i < 80; i++) {
        run(scene, 1);
        trace.push([character.position.z, group.getCurrentFrame()]);
    }
    out.longDriver = trace;
    scene.dispose();
    engine.dispose();
}

void Matrix;
console.log(JSON.stringify(out));
