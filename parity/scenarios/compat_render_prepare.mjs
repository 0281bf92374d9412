// parity: {"atol": 1e-5, "rtol": 1e-5}
// Babylon.js 9.31 prepares the skeletons of the active meshes during scene.render()
// (_evaluateActiveMeshes -> _activeMesh -> _prepareSkeleton -> skeleton.prepare(), once per
// render id): after renders of a skinned glTF's clip (the package's bundled figure, lite/assets/
// figure.glb, its "run"), bone.getAbsolutePosition(mesh) and bone.getWorldMatrix() follow the
// animated transform nodes. A second import of the figure placed behind the camera is culled,
// so its skeleton is not prepared (its bones keep the pose of the last render that saw it).
// skeleton.prepare() is keyed on the render id (a second call in the same render id does
// nothing, prepare(true) recomputes); getActiveMeshes() lists the meshes the last pass kept.
import { FreeCamera, ImportMeshAsync, Logger, NullEngine, Scene, Vector3 } from "@babylonjs/core";
import "@babylonjs/loaders/glTF/index.js";
import { readFileSync } from "node:fs";

Logger.LogLevels = Logger.NoneLogLevel;
const bytes = () => new Uint8Array(readFileSync(new URL("../../lite/assets/figure.glb", import.meta.url)));
const v = (p) => [p.x, p.y, p.z];
const out = {};

const scene = new Scene(new NullEngine());
scene.useConstantAnimationDeltaTime = true;
const camera = new FreeCamera("camera", new Vector3(0, 1, -8), scene);
camera.setTarget(new Vector3(0, 1, 0));
const seen = await ImportMeshAsync(bytes(), scene, { pluginExtension: ".glb" });
const hidden = await ImportMeshAsync(bytes(), scene, { pluginExtension: ".glb" });
for (const g of scene.animationGroups) g.stop();
hidden.meshes[0].position.z = -50;
const skinned = (r) => r.meshes.find((m) => m.skeleton);
const seenMesh = skinned(seen);
const hiddenMesh = skinned(hidden);
out.meshes = scene.meshes.map((m) => [m.name, m.skeleton ? m.skeleton.name : null, m.material ? m.material.name : null]);
const run = (r) => r.animationGroups.find((g) => g.name === "run");
run(seen).start(true);
run(hidden).start(true, 1.5);

const pose = (mesh) => mesh.skeleton.bones.map((b) => [b.name, ...v(b.getAbsolutePosition(mesh)), ...Array.from(b.getWorldMatrix().m)]);
out.renders = [];
for (let i = 0; i < 10; i++) {
    scene.render();
    out.renders.push({
        renderId: scene.getRenderId(),
        active: scene.getActiveMeshes().data.slice(0, scene.getActiveMeshes().length).map((m) => m.name),
        activeLength: scene.getActiveMeshes().length,
        seen: pose(seenMesh),
        hidden: pose(hiddenMesh),
        seenRenderId: seenMesh.skeleton._currentRenderId,
        hiddenRenderId: hiddenMesh.skeleton._currentRenderId,
        activeBones: scene.getActiveBones(),
        isActive: [scene.isActiveMesh(seenMesh), scene.isActiveMesh(hiddenMesh)],
    });
}

// prepare() is keyed on the render id.
run(seen).pause();
const node = seenMesh.skeleton.bones[1].getTransformNode();
node.position.y += 0.25;
seenMesh.skeleton.prepare();
out.sameRenderId = pose(seenMesh);
seenMesh.skeleton.prepare(true);
out.forced = pose(seenMesh);
node.position.y += 0.25;
scene.render();
out.nextRender = pose(seenMesh);

// The hidden figure comes into view: its skeleton is prepared by the next render.
hidden.meshes[0].position.z = 0;
hidden.meshes[0].position.x = 2;
scene.render();
out.broughtIntoView = { active: scene.getActiveMeshes().data.slice(0, scene.getActiveMeshes().length).map((m) => m.name), hidden: pose(hiddenMesh) };

// A disabled hierarchy is not evaluated: its skeleton keeps its pose.
seen.meshes[0].setEnabled(false);
node.position.y += 0.25;
scene.render();
out.disabled = { active: scene.getActiveMeshes().length, seen: pose(seenMesh), activeBones: scene.getActiveBones() };
console.log(JSON.stringify(out));
