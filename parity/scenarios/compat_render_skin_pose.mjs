// Babylon.js 9.31 skeletons with needInitialSkinMatrix prepared by scene.render(): each mesh
// given the skeleton while the flag is set gets its own palette (getTransformMatrices(mesh)),
// rooted at its pose matrix (the root bones' absolute bind matrices are recomputed for the
// mesh being prepared); the bones' final matrices and absolute positions after each render;
// the pose matrix of the first registered mesh is the skeleton's getPoseMatrix().
import { Bone, FreeCamera, Logger, Matrix, MeshBuilder, NullEngine, Scene, Skeleton, Vector3 } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;
const out = {};
const scene = new Scene(new NullEngine());
new FreeCamera("camera", new Vector3(0, 0, -10), scene);
const skeleton = new Skeleton("rig", "rig", scene);
skeleton.needInitialSkinMatrix = true;
const root = new Bone("root", skeleton, null, Matrix.Translation(0, 1, 0));
new Bone("tip", skeleton, root, Matrix.RotationZ(0.3).multiply(Matrix.Translation(0, 1, 0)));
const first = MeshBuilder.CreateBox("first", { size: 1 }, scene);
first.updatePoseMatrix(Matrix.Translation(0.5, 0, 0));
first.skeleton = skeleton;
const second = MeshBuilder.CreateBox("second", { size: 1 }, scene);
second.updatePoseMatrix(Matrix.RotationY(0.7).multiply(Matrix.Translation(0, -1, 0.25)));
second.skeleton = skeleton;
out.pose = Array.from(skeleton.getPoseMatrix().m);
const read = () => ({
    first: Array.from(skeleton.getTransformMatrices(first)),
    second: Array.from(skeleton.getTransformMatrices(second)),
    bones: skeleton.bones.map((b) => [...Array.from(b.getFinalMatrix().m), ...b.getAbsolutePosition(first).asArray(), ...Array.from(b.getAbsoluteInverseBindMatrix().m)]),
});
scene.render();
out.render1 = read();
skeleton.bones[1].position = new Vector3(0.25, 1.5, 0);
scene.render();
out.render2 = read();
scene.render();
out.render3 = read();
console.log(JSON.stringify(out));
