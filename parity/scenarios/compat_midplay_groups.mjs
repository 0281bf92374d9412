// parity: {"atol": 1e-5, "rtol": 1e-5, "quaternion_paths": ["$.cases.*.frames[*].b"]}
// Issue 29, weights, masks, targets and group membership changed while animations play
// (Babylon.js 9.31, NullEngine, scene.render() with a camera and useConstantAnimationDeltaTime:
// 16 ms a frame). An AnimationGroup "g" animates, at 30 fps keyed 0..30, nodeA.position
// (Vector3, from (1,1,1) at rest), nodeB.rotationQuaternion (Quaternion), nodeC.position.x
// (float, -2 at rest) and a StandardMaterial "mat"'s diffuseColor (Color3), looping. After 6
// renders one thing changes, then 10 more renders are recorded:
//   weight          g.weight 1 -> 0.3,
//   weight_two      g and a second group g2 (other keys, same targets) at 0.5 each -> 0.2 / 0.8,
//   weight_zero     g.weight 0.5 -> 0,
//   mask_set        g.mask = Include [nodeA, mat] (the setter syncs),
//   mask_disable    started with mask Exclude [nodeA]; mask.disabled = true, g.syncWithMask()
//                   4 renders later,
//   mask_add        started with mask Include [nodeA]; mask.addTargetName("nodeB"),
//                   g.syncWithMask() 4 renders later,
//   dispose_nodes   nodeB and nodeC disposed,
//   dispose_mat     the material disposed,
//   add_running     g.addTargetedAnimation(nodeD.position.y) while playing; 5 renders later
//                   g.stop(); g.start(true),
//   remove_running  g.removeTargetedAnimation(nodeC's animation) while playing,
//   goto_paused     g.pause(); g.goToFrame(20); g.play(true) 4 renders later,
//   reset           g.reset(),
//   restart_range   g.stop(); g.start(true, 2, 5, 25),
//   direct_weight   no group: beginDirectAnimation per target (weight -1), animatable.weight = 0.5,
//   weighted_begin  no group: beginWeightedAnimation per target at 1.0 (target.animations),
//                   animatable.weight = 0.4.
// Each frame records a (nodeA.position), b (nodeB.rotationQuaternion), c (nodeC.position.x),
// m (mat.diffuseColor), d (nodeD.position.y) and n (scene.animatables.length).
import {
    Animation,
    AnimationGroup,
    AnimationGroupMask,
    AnimationGroupMaskMode,
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
const CASES = ["weight", "weight_two", "weight_zero", "mask_set", "mask_disable", "mask_add", "dispose_nodes", "dispose_mat", "add_running", "remove_running", "goto_paused", "reset", "restart_range", "direct_weight", "weighted_begin"];

function makeAnimation(name, path, type, values) {
    const anim = new Animation(name, path, 30, type, Animation.ANIMATIONLOOPMODE_CYCLE);
    anim.setKeys([
        { frame: 0, value: values[0] },
        { frame: 15, value: values[1] },
        { frame: 30, value: values[2] },
    ]);
    return anim;
}

function makeAnimations(s) {
    return [
        makeAnimation("a", "position", Animation.ANIMATIONTYPE_VECTOR3, [new Vector3(0, 0, 0), new Vector3(3 * s, 2, 1), new Vector3(0, -s, 0)]),
        makeAnimation("b", "rotationQuaternion", Animation.ANIMATIONTYPE_QUATERNION, [
            Quaternion.Identity(),
            Quaternion.RotationYawPitchRoll(1.2 * s, 0.3, 0),
            Quaternion.RotationYawPitchRoll(0, 0, 0.6 * s),
        ]),
        makeAnimation("c", "position.x", Animation.ANIMATIONTYPE_FLOAT, [0, 6 * s, 1]),
        makeAnimation("m", "diffuseColor", Animation.ANIMATIONTYPE_COLOR3, [new Color3(0, 0, 0), new Color3(s, 0.5, 0.25), new Color3(0.2, 0.2 * s, 0.9)]),
    ];
}

const cases = {};
for (const name of CASES) {
    const scene = new Scene(engine);
    new FreeCamera("camera", new Vector3(0, 0, -10), scene);
    scene.useConstantAnimationDeltaTime = true;
    const nodeA = new TransformNode("nodeA", scene);
    nodeA.position = new Vector3(1, 1, 1);
    const nodeB = new TransformNode("nodeB", scene);
    nodeB.rotationQuaternion = Quaternion.Identity();
    const nodeC = new TransformNode("nodeC", scene);
    nodeC.position.x = -2;
    const nodeD = new TransformNode("nodeD", scene);
    const mat = new StandardMaterial("mat", scene);
    const targets = [nodeA, nodeB, nodeC, mat];
    const anims = makeAnimations(1);
    const g = new AnimationGroup("g", scene);
    for (let i = 0; i < 4; i++) g.addTargetedAnimation(anims[i], targets[i]);
    let g2 = null;
    let mask = null;
    const players = [];
    if (name === "weight") g.weight = 1;
    if (name === "weight_zero") g.weight = 0.5;
    if (name === "weight_two") {
        const anims2 = makeAnimations(-0.5);
        g2 = new AnimationGroup("g2", scene);
        for (let i = 0; i < 4; i++) g2.addTargetedAnimation(anims2[i], targets[i]);
        g.weight = 0.5;
        g2.weight = 0.5;
        g2.start(true);
    }
    if (name === "mask_disable") {
        mask = new AnimationGroupMask(["nodeA"], AnimationGroupMaskMode.Exclude);
        g.mask = mask;
    }
    if (name === "mask_add") {
        mask = new AnimationGroupMask(["nodeA"], AnimationGroupMaskMode.Include);
        g.mask = mask;
    }
    if (name === "direct_weight") {
        for (let i = 0; i < 4; i++) players.push(scene.beginDirectAnimation(targets[i], [anims[i]], 0, 30, true));
    } else if (name === "weighted_begin") {
        for (let i = 0; i < 4; i++) {
            targets[i].animations = [anims[i]];
            players.push(scene.beginWeightedAnimation(targets[i], 0, 30, 1.0, true));
        }
    } else {
        g.start(true);
    }
    for (let i = 0; i < 6; i++) scene.render();
    const read = () => ({
        a: nodeA.position.asArray(),
        b: nodeB.rotationQuaternion.asArray(),
        c: nodeC.position.x,
        m: mat.diffuseColor.asArray(),
        d: nodeD.position.y,
        n: scene.animatables.length,
    });
    const frames = [read()];
    const animD = makeAnimation("d", "position.y", Animation.ANIMATIONTYPE_FLOAT, [0, 5, 2]);
    if (name === "weight") g.weight = 0.3;
    else if (name === "weight_two") {
        g.weight = 0.2;
        g2.weight = 0.8;
    } else if (name === "weight_zero") g.weight = 0;
    else if (name === "mask_set") g.mask = new AnimationGroupMask(["nodeA", "mat"], AnimationGroupMaskMode.Include);
    else if (name === "mask_disable") mask.disabled = true;
    else if (name === "mask_add") mask.addTargetName("nodeB");
    else if (name === "dispose_nodes") {
        nodeB.dispose();
        nodeC.dispose();
    } else if (name === "dispose_mat") mat.dispose();
    else if (name === "add_running") g.addTargetedAnimation(animD, nodeD);
    else if (name === "remove_running") g.removeTargetedAnimation(anims[2]);
    else if (name === "goto_paused") {
        g.pause();
        g.goToFrame(20);
        frames.push(read());
    } else if (name === "reset") {
        g.reset();
        frames.push(read());
    } else if (name === "restart_range") {
        g.stop();
        g.start(true, 2, 5, 25);
        frames.push(read());
    } else if (name === "direct_weight") {
        for (const p of players) p.weight = 0.5;
    } else if (name === "weighted_begin") {
        for (const p of players) p.weight = 0.4;
    }
    for (let i = 0; i < 10; i++) {
        if (i === 4 && (name === "mask_disable" || name === "mask_add")) g.syncWithMask();
        if (i === 4 && name === "goto_paused") g.play(true);
        if (i === 5 && name === "add_running") {
            g.stop();
            g.start(true);
        }
        scene.render();
        frames.push(read());
    }
    cases[name] = { frames, targeted: g.targetedAnimations.length, from: g.from, to: g.to, playing: g.isPlaying === true };
    scene.dispose();
}

console.log(JSON.stringify({ cases }));
