// parity: {"atol": 1e-5, "rtol": 1e-5}
// Babylon.js 9.31 BoneIKController and BoneLookController on generated rigs: each bone's
// world matrix (absolute matrix times the mesh's world matrix) per frame while a target
// moves. IK: lengths measured from children (a pole mesh with an offset), from bone.length
// (slerpAmount, poleAngle, maxAngle, the default pole bone) and a mirrored rig (negative
// determinant: the other bend-axis convention). Look: no limits, yaw/pitch limits, a yaw
// range wider than pi, slerping, upAxisSpace BONE, custom yaw/pitch axes, adjustments and
// useAbsoluteValueForYaw.
import {
    BoneIKController, BoneLookController, Bone, Logger, Matrix, NullEngine, Quaternion, Scene,
    Skeleton, Space, TransformNode, Vector3,
} from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;
const scene = new Scene(new NullEngine());
const worldOf = (bone, mesh) => Array.from(bone.getAbsoluteMatrix().multiply(mesh.getWorldMatrix()).m);
const local = (bone) => [bone.position.x, bone.position.y, bone.position.z, bone.rotationQuaternion.x, bone.rotationQuaternion.y, bone.rotationQuaternion.z, bone.rotationQuaternion.w];

function arm(name, mirrored) {
    const mesh = new TransformNode(name + "Mesh", scene);
    mesh.position = new Vector3(0.5, -0.25, 1);
    mesh.rotation = new Vector3(0.1, 0.4, -0.2);
    mesh.scaling = new Vector3(1, 1, 1);
    const skeleton = new Skeleton(name, name, scene);
    const rootM = mirrored ? Matrix.Scaling(1, 1, -1).multiply(Matrix.Translation(0, 1, 0)) : Matrix.Translation(0, 1, 0);
    const root = new Bone("root", skeleton, null, rootM);
    const upper = new Bone("upper", skeleton, root, Matrix.RotationZ(0.3).multiply(Matrix.Translation(0.2, 0.5, 0)));
    const fore = new Bone("fore", skeleton, upper, Matrix.RotationZ(-0.5).multiply(Matrix.Translation(0, 1, 0)));
    const hand = new Bone("hand", skeleton, fore, Matrix.Translation(0, 0.8, 0));
    return { mesh, skeleton, bones: [root, upper, fore, hand] };
}

const out = {};

// IK 1: lengths from children, a pole mesh with a local offset.
{
    const r = arm("ik1", false);
    const target = new TransformNode("target", scene);
    const pole = new TransformNode("pole", scene);
    pole.position = new Vector3(0, 1, -2);
    const ik = new BoneIKController(r.mesh, r.bones[2], { targetMesh: target, poleTargetMesh: pole, poleTargetLocalOffset: new Vector3(0.1, 0.2, 0) });
    const frames = [];
    for (let i = 0; i < 24; i++) {
        const t = i / 8;
        target.position = new Vector3(0.5 + Math.cos(t) * 1.2, 1.4 + Math.sin(t * 1.3) * 0.6, 1 + Math.sin(t) * 0.9);
        if (i === 12) target.position = new Vector3(5, 5, 5); // out of reach
        ik.update();
        frames.push([...worldOf(r.bones[1], r.mesh), ...worldOf(r.bones[2], r.mesh), ...worldOf(r.bones[3], r.mesh), ...local(r.bones[2])]);
    }
    out.ik1 = { frames, maxAngle: ik.maxAngle };
}

// IK 2: bone.length, slerpAmount, poleAngle, maxAngle, default pole bone (the root).
{
    const r = arm("ik2", false);
    r.bones[1].length = 1.0;
    r.bones[2].length = 0.8;
    const ik = new BoneIKController(r.mesh, r.bones[2], { slerpAmount: 0.35, poleAngle: 0.4, maxAngle: 2.5, poleTargetLocalOffset: new Vector3(0, 0, 1) });
    const frames = [];
    for (let i = 0; i < 20; i++) {
        ik.targetPosition.copyFromFloats(1.0 - i * 0.05, 2.0 + i * 0.03, 1.5 - i * 0.04);
        ik.update();
        frames.push([...worldOf(r.bones[1], r.mesh), ...worldOf(r.bones[2], r.mesh)]);
    }
    out.ik2 = { frames, maxAngle: ik.maxAngle, pole: ik.poleTargetBone ? ik.poleTargetBone.name : null };
    ik.maxAngle = -1;
    out.ik2.clampLow = ik.maxAngle;
    ik.maxAngle = 9;
    out.ik2.clampHigh = ik.maxAngle;
}

// IK 3: a mirrored rig (negative determinant), a bend axis given, no options for the pole.
{
    const r = arm("ik3", true);
    const ik = new BoneIKController(r.mesh, r.bones[2], { bendAxis: new Vector3(1, 0, 0) });
    const frames = [];
    for (let i = 0; i < 12; i++) {
        ik.targetPosition.copyFromFloats(0.3 + i * 0.1, 2.2 - i * 0.05, 0.8 + i * 0.02);
        ik.update();
        frames.push([...worldOf(r.bones[1], r.mesh), ...worldOf(r.bones[2], r.mesh)]);
    }
    out.ik3 = frames;
}

// Look-at: several option sets on a neck -> head chain.
function neck(name) {
    const mesh = new TransformNode(name + "Mesh", scene);
    mesh.position = new Vector3(-0.3, 0, 0.4);
    mesh.rotation = new Vector3(0, 0.7, 0.05);
    const skeleton = new Skeleton(name, name, scene);
    const root = new Bone("root", skeleton, null, Matrix.Translation(0, 1.5, 0));
    const head = new Bone("head", skeleton, root, Matrix.RotationY(0.2).multiply(Matrix.Translation(0, 0.3, 0.05)));
    return { mesh, skeleton, root, head };
}
const lookCases = {
    free: {},
    limited: { maxYaw: 0.6, minYaw: -0.4, maxPitch: 0.3, minPitch: -0.5 },
    wide: { maxYaw: 2.0, minYaw: -2.0, slerpAmount: 0.3 },
    bone: { upAxisSpace: Space.BONE, maxPitch: 0.4, adjustYaw: 0.2, adjustRoll: -0.1 },
    axes: { yawAxis: new Vector3(0, 0, 1), pitchAxis: new Vector3(1, 0, 0), maxYaw: 0.8, minYaw: -0.8 },
    absYaw: { maxYaw: 0.5, minYaw: 0.0, useAbsoluteValueForYaw: true, adjustPitch: 0.15 },
    world: { upAxisSpace: Space.WORLD, upAxis: new Vector3(0.1, 1, 0), slerpAmount: 0.5, maxYaw: 1.0 },
};
out.look = {};
for (const [name, options] of Object.entries(lookCases)) {
    const r = neck(name);
    const target = new Vector3(0, 0, 0);
    const look = new BoneLookController(r.mesh, r.head, target, options);
    const frames = [];
    for (let i = 0; i < 30; i++) {
        const a = i * 0.31;
        target.copyFromFloats(-0.3 + Math.sin(a) * 3, 1.8 + Math.cos(a * 0.7) * 1.5, 0.4 + Math.cos(a) * 3);
        look.update();
        frames.push([...worldOf(r.head, r.mesh), ...local(r.head)]);
    }
    out.look[name] = { frames, limits: [look.minYaw ?? null, look.maxYaw ?? null, look.minPitch ?? null, look.maxPitch ?? null] };
}
console.log(JSON.stringify(out));
