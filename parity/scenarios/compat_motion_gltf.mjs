// parity: {"atol": 1e-5, "rtol": 1e-5}
// Babylon.js 9.31 motion classes on AnimationGroups and skeletons from the glTF loader
// (@babylonjs/loaders 9.28), with the project's own fixture tests/fixtures/rigged_figure.glb:
// RootMotionClip on the loaded Walk (its analysis and in-place root keys) and a controller
// driving the character over 300 steps; AnimatorAvatar retargeting the loaded Wave onto a
// second import of the figure (every joint's local TRS while it plays); BoneIKController and
// BoneLookController on the loaded skeleton (bones linked to transform nodes).
import { AnimatorAvatar, BoneIKController, BoneLookController, ImportMeshAsync, Logger, NullEngine, RootMotionClip, RootMotionController, Scene, TransformNode, Vector3 } from "@babylonjs/core";
import "@babylonjs/loaders/glTF/index.js";
import { readFileSync } from "node:fs";

Logger.LogLevels = Logger.NoneLogLevel;
const bytes = () => new Uint8Array(readFileSync(new URL("../../tests/fixtures/rigged_figure.glb", import.meta.url)));
const v = (p) => [p.x, p.y, p.z];
const q = (r) => (r ? [r.x, r.y, r.z, r.w] : null);
const out = {};

const scene = new Scene(new NullEngine());
const first = await ImportMeshAsync(bytes(), scene, { pluginExtension: ".glb" });
for (const g of scene.animationGroups) g.stop();
const byName = (name) => first.animationGroups.find((g) => g.name === name);

// Root motion on the loaded Walk.
const walk = new RootMotionClip(byName("Walk"));
out.walk = {
    source: walk.source, root: walk.rootNode ? walk.rootNode.name : null, character: walk.characterNode.name,
    from: walk.fromFrame, to: walk.toFrame, dir: v(walk.travelDirection), offset: v(walk.cycleOffset),
    rotation: walk.cycleRotation, turns: walk.extractsRotation, duration: walk.duration, height: walk.characterHeight,
    inPlace: walk.animationGroup.targetedAnimations.map((ta) => [ta.target.name, ta.animation.targetProperty, ta.animation.getKeys().length]),
};
const forced = new RootMotionClip(byName("Walk"), { source: 1, extractRotation: true, name: "forced" });
out.forced = { source: forced.source, offset: v(forced.cycleOffset), rotation: forced.cycleRotation, samples: [0, 0.3, 0.77, 1.2].map((t) => [...v(forced.getOffsetAtFrame(t * 60, new Vector3())), forced.getRotationAtFrame(t * 60)]) };
const controller = new RootMotionController(forced.characterNode, [forced]);
forced.animationGroup.start(true);
const rows = [];
for (let i = 0; i < 300; i++) {
    scene._animate(1000 / 60);
    scene.onAfterAnimationsObservable.notifyObservers(scene);
    if (i % 15 === 14) rows.push([...v(controller.characterNode.position), ...(q(controller.characterNode.rotationQuaternion) ?? [0, 0, 0, 1]), ...v(forced.rootNode.position), controller.deltaRotation]);
}
forced.animationGroup.stop();
controller.dispose();
out.controller = rows;

// Retarget the first import's Wave onto a second import of the figure.
const second = await ImportMeshAsync(bytes(), scene, { pluginExtension: ".glb" });
for (const g of scene.animationGroups) g.stop();
const avatarRoot = second.meshes[0];
const avatar = new AnimatorAvatar("avatar", avatarRoot);
avatar.showWarnings = false;
const retargeted = avatar.retargetAnimationGroup(byName("Wave"), { fixRootPosition: false, animationGroupName: "WaveAvatar" });
out.avatar = { meshes: avatar.meshes.map((m) => m.name), skeletons: avatar.skeletons.size, targets: retargeted.targetedAnimations.map((ta) => [ta.target.name, ta.target === second.transformNodes.find((n) => n.name === ta.target.name), ta.animation.targetProperty]) };
const joints = second.transformNodes.filter((n) => n.getClassName() === "TransformNode");
retargeted.start(true);
out.retargeted = [];
for (const f of [0, 10, 25.5, 40, 60]) {
    retargeted.goToFrame(f);
    out.retargeted.push(joints.map((n) => [n.name, ...v(n.position), ...(q(n.rotationQuaternion) ?? v(n.rotation)), ...v(n.scaling)]));
}
retargeted.stop();

// Bone controllers on the first import's skeleton.
const skeleton = first.skeletons[0];
const body = first.meshes.find((m) => m.skeleton === skeleton);
const bone = (name) => skeleton.bones[skeleton.getBoneIndexByName(name)];
const target = new TransformNode("ikTarget", scene);
const ik = new BoneIKController(body, bone("LeftForeArm"), { targetMesh: target, poleAngle: 0.3 }); // a leaf: Babylon logs, update() does nothing
const ik2 = new BoneIKController(body, bone("RightArm"), { targetMesh: target, slerpAmount: 0.5 });
const lookTarget = new Vector3(0, 0, 0);
const look = new BoneLookController(body, bone("Head"), lookTarget, { maxYaw: 0.8, minYaw: -0.8, maxPitch: 0.4, minPitch: -0.4 });
out.bones = [];
for (let i = 0; i < 10; i++) {
    target.position = new Vector3(0.6 + 0.1 * i, 1.2 - 0.05 * i, 0.3);
    lookTarget.copyFromFloats(Math.sin(i) * 2, 1.5, 2);
    ik.update();
    ik2.update();
    look.update();
    out.bones.push([
        ...Array.from(bone("LeftArm").getAbsoluteMatrix().m), ...Array.from(bone("LeftForeArm").getAbsoluteMatrix().m),
        ...Array.from(bone("Head").getAbsoluteMatrix().m), ...q(bone("LeftArm").getTransformNode().rotationQuaternion),
        ...Array.from(bone("RightArm").getAbsoluteMatrix().m), ...Array.from(bone("RightForeArm").getAbsoluteMatrix().m), ...q(bone("RightArm").getTransformNode().rotationQuaternion),
    ]);
}
console.log(JSON.stringify(out));
