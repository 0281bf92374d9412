// parity: {"atol": 2e-5, "rtol": 1e-5}
// Babylon.js 9.31 Bone API in both spaces on a generated rig with known answers: a rotated,
// non-uniformly scaled root, a chain of children, and a rotated/scaled mesh node passed as
// tNode. Every getter (position, rotation as Euler/quaternion/matrix, scale, direction, local
// <-> absolute points) in Space.LOCAL and Space.WORLD, with and without the mesh; every setter
// (setPosition, setAbsolutePosition, translate, setRotation, setRotationQuaternion,
// setRotationMatrix, setYawPitchRoll, setAxisAngle, rotate, scale, setScale) in both spaces, each
// on a fresh rig; returnToRest, clone, getChildren/getParent, computeAbsoluteMatrices; a
// 120-frame script loop of world-space rotations with the skinning palette every 30 frames.
import { Axis, Bone, Logger, Matrix, NullEngine, Quaternion, Scene, Skeleton, Space, TransformNode, Vector3 } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const scene = new Scene(new NullEngine());
const v = (p) => [p.x, p.y, p.z];
const q = (p) => [p.x, p.y, p.z, p.w];
const m = (x) => Array.from(x.m);

function build() {
    const skeleton = new Skeleton("rig", "rig", scene);
    const rootM = Matrix.Compose(new Vector3(1, 2, 1.5), Quaternion.RotationYawPitchRoll(0.3, -0.2, 0.1), new Vector3(0.5, 1, 2));
    const root = new Bone("root", skeleton, null, rootM);
    const armM = Matrix.Compose(new Vector3(1, 1, 1), Quaternion.RotationAxis(new Vector3(0, 0, 1), 0.7), new Vector3(0, 2, 0));
    const arm = new Bone("arm", skeleton, root, armM);
    const handM = Matrix.Compose(new Vector3(1.5, 1.5, 1.5), Quaternion.RotationAxis(new Vector3(1, 0, 0), -0.4), new Vector3(0.5, 1, 0));
    const hand = new Bone("hand", skeleton, arm, handM);
    const tip = new Bone("tip", skeleton, hand, Matrix.Translation(0, 0.5, 0.25));
    const mesh = new TransformNode("mesh", scene);
    mesh.position = new Vector3(3, -1, 2);
    mesh.rotation = new Vector3(0.2, 1.1, -0.3);
    mesh.scaling = new Vector3(2, 2, 2);
    mesh.computeWorldMatrix(true);
    return { skeleton, root, arm, hand, tip, mesh };
}

const out = {};
{
    const { skeleton, root, arm, hand, tip, mesh } = build();
    const g = {};
    for (const [name, bone] of [["root", root], ["arm", arm], ["hand", hand], ["tip", tip]]) {
        const r = [];
        r.push(v(bone.getPosition()), v(bone.getPosition(Space.WORLD)), v(bone.getPosition(Space.WORLD, mesh)));
        r.push(v(bone.getAbsolutePosition()), v(bone.getAbsolutePosition(mesh)));
        r.push(v(bone.getRotation()), v(bone.getRotation(Space.WORLD)), v(bone.getRotation(Space.WORLD, mesh)));
        r.push(q(bone.getRotationQuaternion()), q(bone.getRotationQuaternion(Space.WORLD)), q(bone.getRotationQuaternion(Space.WORLD, mesh)));
        r.push(m(bone.getRotationMatrix()), m(bone.getRotationMatrix(Space.WORLD)), m(bone.getRotationMatrix(Space.WORLD, mesh)));
        r.push(v(bone.getScale()), v(bone.scaling), v(bone.position), q(bone.rotationQuaternion), v(bone.rotation));
        r.push(v(bone.getDirection(new Vector3(0, 0, 1))), v(bone.getDirection(new Vector3(1, 0, 0), mesh)));
        r.push(v(bone.getAbsolutePositionFromLocal(new Vector3(0.5, 1, -1))), v(bone.getAbsolutePositionFromLocal(new Vector3(0.5, 1, -1), mesh)));
        r.push(v(bone.getLocalPositionFromAbsolute(new Vector3(2, 3, 4))), v(bone.getLocalPositionFromAbsolute(new Vector3(2, 3, 4), mesh)));
        const t1 = Vector3.Zero(), t2 = Quaternion.Zero(), t3 = Matrix.Zero(), t4 = Vector3.Zero(), t5 = Vector3.Zero();
        bone.getPositionToRef(Space.WORLD, mesh, t1);
        bone.getRotationQuaternionToRef(Space.WORLD, null, t2);
        bone.getRotationMatrixToRef(Space.LOCAL, null, t3);
        bone.getRotationToRef(Space.WORLD, mesh, t4);
        bone.getScaleToRef(t5);
        r.push(v(t1), q(t2), m(t3), v(t4), v(t5));
        r.push(m(bone.getAbsoluteMatrix()), m(bone.getAbsoluteInverseBindMatrix()), m(bone.getLocalMatrix()));
        g[name] = r;
    }
    g.tree = [root.getChildren().map((b) => b.name), arm.getParent().name, root.getParent(), skeleton.getChildren().map((b) => b.name)];
    out.getters = g;
}

const setters = {
    setPosition: (b, mesh, s) => b.setPosition(new Vector3(0.25, -1, 2), s, mesh),
    setAbsolutePosition: (b, mesh) => b.setAbsolutePosition(new Vector3(4, 1, -2), mesh),
    translate: (b, mesh, s) => b.translate(new Vector3(0.5, 1, -0.75), s, mesh),
    setRotation: (b, mesh, s) => b.setRotation(new Vector3(0.4, -0.6, 0.9), s, mesh),
    setRotationQuaternion: (b, mesh, s) => b.setRotationQuaternion(Quaternion.RotationYawPitchRoll(-0.5, 0.25, 1.2), s, mesh),
    setRotationMatrix: (b, mesh, s) => b.setRotationMatrix(Matrix.RotationAxis(new Vector3(1, 1, 0).normalize(), 0.8), s, mesh),
    setYawPitchRoll: (b, mesh, s) => b.setYawPitchRoll(0.7, 0.1, -0.4, s, mesh),
    setAxisAngle: (b, mesh, s) => b.setAxisAngle(new Vector3(0, 1, 1).normalize(), 1.3, s, mesh),
    rotate: (b, mesh, s) => b.rotate(new Vector3(0, 0, 1), 0.9, s, mesh),
};
const res = {};
for (const [name, fn] of Object.entries(setters)) {
    for (const [label, space, useMesh] of [["local", Space.LOCAL, false], ["world", Space.WORLD, false], ["worldMesh", Space.WORLD, true]]) {
        for (const boneName of ["root", "hand"]) {
            const rig = build();
            const bone = rig[boneName];
            fn(bone, useMesh ? rig.mesh : null, space);
            res[`${name}.${label}.${boneName}`] = [
                m(bone.getLocalMatrix()),
                v(bone.getPosition(Space.WORLD, rig.mesh)),
                q(bone.getRotationQuaternion(Space.WORLD)),
                v(rig.tip.getAbsolutePosition(rig.mesh)),
            ];
        }
    }
}
for (const boneName of ["root", "arm"]) {
    for (const children of [false, true]) {
        const rig = build();
        rig[boneName].scale(2, 0.5, 1.5, children);
        res[`scale.${children}.${boneName}`] = [m(rig[boneName].getLocalMatrix()), m(rig.hand.getLocalMatrix()), v(rig.tip.getAbsolutePosition())];
    }
    const rig = build();
    rig[boneName].setScale(new Vector3(3, 1, 0.5));
    res[`setScale.${boneName}`] = [m(rig[boneName].getLocalMatrix()), v(rig.tip.getAbsolutePosition())];
}
out.setters = res;

{
    const rig = build();
    rig.hand.rotate(new Vector3(0, 1, 0), 1.0);
    rig.hand.position = new Vector3(9, 9, 9);
    const before = m(rig.hand.getLocalMatrix());
    rig.skeleton.returnToRest();
    const rest = [before, m(rig.hand.getLocalMatrix()), v(rig.tip.getAbsolutePosition())];
    rig.arm.setRotation(new Vector3(0, 0, 1.5));
    rig.skeleton.computeAbsoluteMatrices(true);
    rest.push(v(rig.tip.getAbsolutePosition()));
    rig.arm.returnToRest();
    rig.skeleton.computeAbsoluteMatrices();
    rest.push(v(rig.tip.getAbsolutePosition()));
    out.rest = rest;
    const c = rig.hand.clone("handCopy");
    out.clone = [c.name, c.getClassName(), c.id, c.getChildren().length];
    const nan = build();
    nan.root.setScale(new Vector3(0, 1, 1));
    const beforeNan = m(nan.arm.getLocalMatrix());
    nan.arm.setRotation(new Vector3(0.1, 0.2, 0.3), Space.WORLD);
    out.singular = [beforeNan, m(nan.arm.getLocalMatrix())];
}

{
    // A script loop as in Babylon's bone docs: world-space rotations against the mesh every
    // frame, accumulating in the float32 local matrices; the skinning palette every 30 frames.
    const rig = build();
    const loop = [];
    for (let i = 0; i < 120; i++) {
        rig.hand.rotate(Axis.Y, 0.05, Space.WORLD, rig.mesh);
        rig.arm.rotate(Axis.Z, -0.02, Space.LOCAL);
        rig.root.translate(new Vector3(0.01, 0, -0.005), Space.WORLD);
        rig.tip.setYawPitchRoll(i / 50, 0, 0.1, Space.WORLD, rig.mesh);
        if (i % 30 === 29) {
            rig.skeleton.prepare(true);
            loop.push([Array.from(rig.skeleton.getTransformMatrices(null)), v(rig.tip.getAbsolutePosition(rig.mesh)), v(rig.hand.getRotation(Space.WORLD, rig.mesh))]);
        }
    }
    out.loop = loop;
}

console.log(JSON.stringify(out));
