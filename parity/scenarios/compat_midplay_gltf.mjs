// parity: {"atol": 1e-5, "rtol": 1e-5, "quaternion_paths": ["$.cases.*.frames[*].q.*", "$.cases.*.frames[*].swapped_q"]}
// Issue 29 on a glTF character: the bundled rigged figure (lite/assets/figure.glb) loaded with
// ImportMeshAsync (Babylon.js 9.31 + @babylonjs/loaders 9.28, NullEngine, a FreeCamera,
// useConstantAnimationDeltaTime: 16 ms a render). Every loaded group is stopped and the "run"
// clip (Hips position, ten joint rotationQuaternion tracks, 60 fps) started looping; after 6
// renders one thing changes, then 12 more renders; the frame before the change and renders
// 1, 2, 4, 8, 12 after it record Hips.position (p) and the rotationQuaternion of Spine,
// LeftThigh, LeftShin and LeftUpperArm (q):
//   keys_reverse  every run animation's key values reversed with setKeys,
//   key_edit      Spine's key 2 replaced, Hips' key 2 value object moved up 0.3 in place,
//   fps           Hips' position animation framePerSecond 60 -> 30 (its sibling joints stay),
//   weights       run 0.7 and walk 0.3 playing together, changed to 0.2 / 0.8,
//   speed         run.speedRatio 2,
//   blend         walk.enableBlending, blendingSpeed 0.1, run stopped and walk started; walk's
//                 group blendingSpeed 0.3 three renders later,
//   mask          run.mask = Exclude [LeftThigh, LeftShin],
//   swap          Hips.position and LeftThigh.rotationQuaternion replaced by new objects (whole
//                 value tracks: Babylon assigns its own objects back; the new ones are kept),
//   goto          run.goToFrame(10).
import { AnimationGroupMask, AnimationGroupMaskMode, FreeCamera, ImportMeshAsync, NullEngine, Quaternion, Scene, Vector3 } from "@babylonjs/core";
import "@babylonjs/loaders/glTF/index.js";
import { readFileSync } from "node:fs";

const engine = new NullEngine();
const bytes = new Uint8Array(readFileSync(new URL("../../lite/assets/figure.glb", import.meta.url)));
const CASES = ["keys_reverse", "key_edit", "fps", "weights", "speed", "blend", "mask", "swap", "goto"];
const JOINTS = ["Spine", "LeftThigh", "LeftShin", "LeftUpperArm"];
const RECORD = [1, 2, 4, 8, 12];

const cases = {};
for (const name of CASES) {
    const scene = new Scene(engine);
    new FreeCamera("camera", new Vector3(0, 1, -6), scene);
    scene.useConstantAnimationDeltaTime = true;
    await ImportMeshAsync(bytes, scene, { pluginExtension: ".glb" });
    const node = (n) => scene.getTransformNodeByName(n);
    const group = (n) => scene.animationGroups.find((g) => g.name === n);
    for (const g of scene.animationGroups) g.stop();
    const run = group("run");
    const walk = group("walk");
    if (name === "weights") {
        run.weight = 0.7;
        walk.weight = 0.3;
        walk.start(true);
    }
    run.start(true);
    for (let i = 0; i < 6; i++) scene.render();
    let swappedP = null;
    let swappedQ = null;
    const read = () => {
        const q = {};
        for (const j of JOINTS) q[j] = node(j).rotationQuaternion.asArray();
        const f = { p: node("Hips").position.asArray(), q };
        if (swappedP) {
            f.swapped_p = swappedP.asArray();
            f.swapped_q = swappedQ.asArray();
        }
        return f;
    };
    const frames = [read()];
    if (name === "keys_reverse") {
        for (const ta of run.targetedAnimations) {
            const keys = ta.animation.getKeys();
            ta.animation.setKeys(keys.map((k, i) => ({ frame: k.frame, value: keys[keys.length - 1 - i].value })));
        }
    } else if (name === "key_edit") {
        for (const ta of run.targetedAnimations) {
            if (ta.target.name === "Spine") ta.animation.getKeys()[2].value = Quaternion.RotationYawPitchRoll(0, 0.8, 0);
            if (ta.target.name === "Hips") ta.animation.getKeys()[2].value.y += 0.3;
        }
    } else if (name === "fps") {
        run.targetedAnimations[0].animation.framePerSecond = 30;
    } else if (name === "weights") {
        run.weight = 0.2;
        walk.weight = 0.8;
    } else if (name === "speed") {
        run.speedRatio = 2;
    } else if (name === "blend") {
        walk.enableBlending = true;
        walk.blendingSpeed = 0.1;
        run.stop();
        walk.start(true);
    } else if (name === "mask") {
        run.mask = new AnimationGroupMask(["LeftThigh", "LeftShin"], AnimationGroupMaskMode.Exclude);
    } else if (name === "swap") {
        swappedP = new Vector3(0, 2, 0);
        swappedQ = new Quaternion(0, 0, 0, 1);
        node("Hips").position = swappedP;
        node("LeftThigh").rotationQuaternion = swappedQ;
    } else if (name === "goto") {
        run.goToFrame(10);
    }
    for (let i = 1; i <= 12; i++) {
        if (i === 4 && name === "blend") walk.blendingSpeed = 0.3;
        scene.render();
        if (RECORD.includes(i)) frames.push(read());
    }
    cases[name] = { frames };
    scene.dispose();
}

console.log(JSON.stringify({ cases }));
