// parity: {"atol": 1e-5, "rtol": 1e-5, "quaternion_paths": ["$.cases.*.frames[*].q"]}
// Issue 29, timing and playback state changed while animations play (Babylon.js 9.31,
// NullEngine with a camera, scene._animate(100) steps). Animations at 30 fps keyed 0..30: a
// TransformNode's position.x (float), rotation.y (float, the sibling of the issue) and scaling
// (Vector3), a second node's rotationQuaternion (Quaternion; on its own node because assigning
// rotationQuaternion zeroes rotation) and a StandardMaterial's diffuseColor (Color3). They are
// started looping over 0..30 three ways: beginAnimation (target.animations, one animatable per
// target), beginDirectAnimation, an AnimationGroup.
// After 6 steps one thing changes, then 10 more steps are recorded:
//   fps            position.x's framePerSecond 30 -> 60 (its siblings stay at 30),
//   speed          speedRatio 2 (each animatable / the group),
//   loop_off       loopAnimation false (each animatable / the group),
//   mode_relative  every animation's loopMode CYCLE -> RELATIVE,
//   mode_cycle     animations created RELATIVE, switched to CYCLE,
//   mode_constant  CYCLE -> CONSTANT,
//   goto           goToFrame(20),
//   pause_restart  pause, 3 steps, restart,
//   range          fromFrame/toFrame (group: from/to) set to 5 and 20.
// Each frame records x, ry, s (scaling), q (quaternion), c (colour).
import {
    Animation,
    AnimationGroup,
    Color3,
    FreeCamera,
    NullEngine,
    Quaternion,
    Scene,
    StandardMaterial,
    TransformNode,
    Vector3,
} from "@babylonjs/core";

const engine = new NullEngine();
const DRIVERS = ["begin", "direct", "group"];
const MUTATIONS = ["fps", "speed", "loop_off", "mode_relative", "mode_cycle", "mode_constant", "goto", "pause_restart", "range"];

function makeAnimation(name, path, type, loopMode, from, to) {
    const anim = new Animation(name, path, 30, type, loopMode);
    anim.setKeys([
        { frame: 0, value: from },
        { frame: 30, value: to },
    ]);
    return anim;
}

function setup(driver, loopMode) {
    const scene = new Scene(engine);
    new FreeCamera("camera", new Vector3(0, 0, -10), scene);
    const node = new TransformNode("node", scene);
    const node2 = new TransformNode("node2", scene);
    node2.rotationQuaternion = Quaternion.Identity();
    const material = new StandardMaterial("material", scene);
    const anims = [
        makeAnimation("x", "position.x", Animation.ANIMATIONTYPE_FLOAT, loopMode, 0, 6),
        makeAnimation("ry", "rotation.y", Animation.ANIMATIONTYPE_FLOAT, loopMode, 0, 3),
        makeAnimation("s", "scaling", Animation.ANIMATIONTYPE_VECTOR3, loopMode, new Vector3(1, 1, 1), new Vector3(3, 2, 1)),
    ];
    const quat = makeAnimation("q", "rotationQuaternion", Animation.ANIMATIONTYPE_QUATERNION, loopMode, Quaternion.Identity(), Quaternion.RotationYawPitchRoll(1.2, 0.3, 0));
    const color = makeAnimation("c", "diffuseColor", Animation.ANIMATIONTYPE_COLOR3, loopMode, new Color3(0, 0, 0), new Color3(1, 0.5, 0.25));
    const players = [];
    if (driver === "begin") {
        node.animations = anims;
        node2.animations = [quat];
        material.animations = [color];
        players.push(scene.beginAnimation(node, 0, 30, true));
        players.push(scene.beginAnimation(node2, 0, 30, true));
        players.push(scene.beginAnimation(material, 0, 30, true));
    } else if (driver === "direct") {
        players.push(scene.beginDirectAnimation(node, anims, 0, 30, true));
        players.push(scene.beginDirectAnimation(node2, [quat], 0, 30, true));
        players.push(scene.beginDirectAnimation(material, [color], 0, 30, true));
    } else {
        const group = new AnimationGroup("group", scene);
        for (const anim of anims) group.addTargetedAnimation(anim, node);
        group.addTargetedAnimation(quat, node2);
        group.addTargetedAnimation(color, material);
        group.start(true);
        players.push(group);
    }
    return { scene, node, node2, material, anims: [...anims, quat, color], players };
}

function read(rig) {
    return {
        x: rig.node.position.x,
        ry: rig.node.rotation.y,
        s: rig.node.scaling.asArray(),
        q: rig.node2.rotationQuaternion.asArray(),
        c: rig.material.diffuseColor.asArray(),
    };
}

const cases = {};
for (const driver of DRIVERS) {
    for (const mutation of MUTATIONS) {
        const startMode = mutation === "mode_cycle" ? Animation.ANIMATIONLOOPMODE_RELATIVE : Animation.ANIMATIONLOOPMODE_CYCLE;
        const rig = setup(driver, startMode);
        for (let i = 0; i < 6; i++) rig.scene._animate(100);
        const frames = [read(rig)];
        let paused = 0;
        if (mutation === "fps") {
            rig.anims[0].framePerSecond = 60;
        } else if (mutation === "speed") {
            for (const p of rig.players) p.speedRatio = 2;
        } else if (mutation === "loop_off") {
            for (const p of rig.players) p.loopAnimation = false;
        } else if (mutation === "mode_relative") {
            for (const a of rig.anims) a.loopMode = Animation.ANIMATIONLOOPMODE_RELATIVE;
        } else if (mutation === "mode_cycle") {
            for (const a of rig.anims) a.loopMode = Animation.ANIMATIONLOOPMODE_CYCLE;
        } else if (mutation === "mode_constant") {
            for (const a of rig.anims) a.loopMode = Animation.ANIMATIONLOOPMODE_CONSTANT;
        } else if (mutation === "goto") {
            for (const p of rig.players) p.goToFrame(20);
            frames.push(read(rig));
        } else if (mutation === "pause_restart") {
            for (const p of rig.players) p.pause();
            paused = 3;
        } else {
            for (const p of rig.players) {
                if (driver === "group") {
                    p.from = 5;
                    p.to = 20;
                } else {
                    p.fromFrame = 5;
                    p.toFrame = 20;
                }
            }
        }
        for (let i = 0; i < 10; i++) {
            if (paused > 0 && i === paused) {
                for (const p of rig.players) p.restart();
            }
            rig.scene._animate(100);
            frames.push(read(rig));
        }
        cases[`${driver}_${mutation}`] = { frames };
        rig.scene.dispose();
    }
}

console.log(JSON.stringify({ cases }));
