// parity: {"atol": 1e-9, "rtol": 1e-9}
// Babylon.js 9.31 render pipeline as a script sees it: scene.getActiveMeshes() (a SmartArray:
// data and length) after each render, with the meshes a camera pass keeps or drops (disabled,
// zero scaling, invisible, visibility 0, layer mask, out of the frustum, alwaysSelectAsActiveMesh,
// skipFrustumClipping, a mesh without geometry); scene.defaultMaterial, created (a
// StandardMaterial "default material" added to scene.materials, with the next unique id) by
// the first render that draws a mesh without a material, not before, not for a mesh without
// geometry, an out-of-view or invisible one; world matrices recomputed once per render id
// (counted with onAfterWorldMatrixUpdateObservable across renders, parent and child).
import { FreeCamera, Logger, Mesh, MeshBuilder, NullEngine, Scene, StandardMaterial, Vector3 } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;
const out = {};
const names = (arr) => arr.data.slice(0, arr.length).map((m) => m.name);
// Unique ids relative to the first material (the counter is shared by every scene of a process).
const mats = (scene) => scene.materials.map((m) => [m.name, m.getClassName(), m.uniqueId - (scene.materials.length ? scene.materials[0].uniqueId : 0), m.id]);

// Which meshes a pass keeps, and when the default material appears.
const scene = new Scene(new NullEngine());
const camera = new FreeCamera("camera", new Vector3(0, 0, -10), scene);
const red = new StandardMaterial("red", scene);
const withMaterial = MeshBuilder.CreateBox("withMaterial", { size: 1 }, scene);
withMaterial.material = red;
const empty = new Mesh("empty", scene);
const behind = MeshBuilder.CreateBox("behind", { size: 1 }, scene);
behind.position.z = -30;
behind.material = red;
out.before = { materials: mats(scene), active: names(scene.getActiveMeshes()), length: scene.getActiveMeshes().length, capacity: scene.getActiveMeshes().data.length };
scene.render();
out.first = { materials: mats(scene), active: names(scene.getActiveMeshes()) };
const hiddenBare = MeshBuilder.CreateSphere("hiddenBare", { diameter: 1 }, scene);
hiddenBare.isVisible = false;
const behindBare = MeshBuilder.CreateBox("behindBare", { size: 1 }, scene);
behindBare.position.z = -40;
const zeroVisibility = MeshBuilder.CreateBox("zeroVisibility", { size: 1 }, scene);
zeroVisibility.visibility = 0;
const masked = MeshBuilder.CreateBox("masked", { size: 1 }, scene);
masked.layerMask = 0x10000000;
const flat = MeshBuilder.CreateBox("flat", { size: 1 }, scene);
flat.scaling.y = 0;
const disabled = MeshBuilder.CreateBox("disabled", { size: 1 }, scene);
disabled.setEnabled(false);
scene.render();
out.unseenBare = { materials: mats(scene), active: names(scene.getActiveMeshes()) };
behind.alwaysSelectAsActiveMesh = true;
scene.render();
out.always = names(scene.getActiveMeshes());
scene.skipFrustumClipping = true;
scene.render();
out.skipClipping = { materials: mats(scene), active: names(scene.getActiveMeshes()) };
scene.skipFrustumClipping = false;
const bare = MeshBuilder.CreateBox("bare", { size: 1 }, scene);
scene.render();
out.bare = { materials: mats(scene), active: names(scene.getActiveMeshes()), isDefault: scene.defaultMaterial === scene.materials[scene.materials.length - 1], bareMaterial: bare.material };
camera.position.z = -100;
camera.setTarget(new Vector3(0, 0, 1000));
scene.render();
out.lookingAway = { active: names(scene.getActiveMeshes()), length: scene.getActiveMeshes().length };

// World matrices: once per render id, across renders.
const wscene = new Scene(new NullEngine());
new FreeCamera("camera", new Vector3(0, 0, -10), wscene);
const parent = MeshBuilder.CreateBox("parent", { size: 1 }, wscene);
const child = MeshBuilder.CreateBox("child", { size: 1 }, wscene);
child.parent = parent;
child.position.x = 2;
const counts = { parent: 0, child: 0 };
parent.onAfterWorldMatrixUpdateObservable.add(() => counts.parent++);
child.onAfterWorldMatrixUpdateObservable.add(() => counts.child++);
const t = (m) => Array.from(m.getWorldMatrix().m.slice(12, 15));
out.world = [];
for (let i = 0; i < 6; i++) {
    if (i === 1) parent.position.y = 1; // in place: the next render id recomputes
    if (i === 2) parent.position = new Vector3(0, 2, 0);
    if (i === 3) child.position.x = 3;
    if (i === 4) parent.rotation.z = Math.PI / 2;
    wscene.render();
    out.world.push([wscene.getRenderId(), counts.parent, counts.child, ...t(parent), ...t(child)]);
    parent.position.y += 0.5; // moved after the render: reads in this render id stay cached
    out.world.push([wscene.getRenderId(), counts.parent, counts.child, ...t(parent), ...t(child)]);
}
out.worldActive = names(wscene.getActiveMeshes());
out.worldMaterials = mats(wscene).map((m) => [m[0], m[1]]);
console.log(JSON.stringify(out));
