// Issue 29, skeletons read after scene.render() (Babylon.js 9.31 + @babylonjs/loaders 9.28,
// NullEngine, a FreeCamera, useConstantAnimationDeltaTime: 16 ms a render). The bundled rigged
// figure (lite/assets/figure.glb: 13 joints, clips walk, run, wave, blink, tint) is loaded with
// ImportMeshAsync; Babylon prepares the skeleton of every active skinned mesh during render(),
// so bone world matrices and absolute positions follow the animated joints only after a render.
// For the first skinned mesh, each sample holds every bone's getWorldMatrix() (16 numbers) and
// getAbsolutePosition(mesh) (read in that order):
//   autoplay   the group the loader started (walk), sampled after renders 1, 10, 25,
//   run        every group stopped, run.start(true), sampled after renders 1, 5, 10, 30,
//   switch     walk as loaded; after 10 renders walk.stop(), run.start(true, 1.5); sampled after
//              renders 11, 15, 25,
//   no_render  run.start(true) then 10 scene._animate(16) without a render (sampled), then one
//              render (sampled),
//   attached   run playing; a small box attached to RightForearm with box.attachToBone(bone,
//              mesh), box.position (0, -0.3, 0); after renders 1, 10, 20 the box's
//              getAbsolutePosition() and getWorldMatrix(), and after render 10 the skinning
//              palette skeleton.getTransformMatrices(mesh) that render() prepared.
import { FreeCamera, ImportMeshAsync, MeshBuilder, NullEngine, Scene, Vector3 } from "@babylonjs/core";
import "@babylonjs/loaders/glTF/index.js";
import { readFileSync } from "node:fs";

const engine = new NullEngine();
const bytes = new Uint8Array(readFileSync(new URL("../../lite/assets/figure.glb", import.meta.url)));

async function load() {
    const scene = new Scene(engine);
    new FreeCamera("camera", new Vector3(0, 1, -6), scene);
    scene.useConstantAnimationDeltaTime = true;
    await ImportMeshAsync(bytes, scene, { pluginExtension: ".glb" });
    const mesh = scene.meshes.find((m) => m.skeleton);
    return { scene, mesh };
}

function sample(label, mesh) {
    const bones = mesh.skeleton.bones;
    const world = bones.map((b) => Array.from(b.getWorldMatrix().asArray()));
    const abs = bones.map((b) => b.getAbsolutePosition(mesh).asArray());
    return { label, world, abs };
}

function group(scene, name) {
    return scene.animationGroups.find((g) => g.name === name);
}

const cases = {};
{
    const { scene, mesh } = await load();
    const samples = [];
    for (let i = 1; i <= 25; i++) {
        scene.render();
        if (i === 1 || i === 10 || i === 25) samples.push(sample(`render ${i}`, mesh));
    }
    cases.autoplay = { mesh: mesh.name, bones: mesh.skeleton.bones.map((b) => b.name), samples };
    scene.dispose();
}
{
    const { scene, mesh } = await load();
    for (const g of scene.animationGroups) g.stop();
    group(scene, "run").start(true);
    const samples = [];
    for (let i = 1; i <= 30; i++) {
        scene.render();
        if (i === 1 || i === 5 || i === 10 || i === 30) samples.push(sample(`render ${i}`, mesh));
    }
    cases.run = { samples };
    scene.dispose();
}
{
    const { scene, mesh } = await load();
    const samples = [];
    for (let i = 1; i <= 25; i++) {
        if (i === 11) {
            group(scene, "walk").stop();
            group(scene, "run").start(true, 1.5);
        }
        scene.render();
        if (i === 11 || i === 15 || i === 25) samples.push(sample(`render ${i}`, mesh));
    }
    cases.switch = { samples };
    scene.dispose();
}
{
    const { scene, mesh } = await load();
    for (const g of scene.animationGroups) g.stop();
    group(scene, "run").start(true);
    const samples = [];
    for (let i = 1; i <= 10; i++) scene._animate(16);
    samples.push(sample("animate x10", mesh));
    scene.render();
    samples.push(sample("then render", mesh));
    cases.no_render = { samples };
    scene.dispose();
}
{
    const { scene, mesh } = await load();
    for (const g of scene.animationGroups) g.stop();
    group(scene, "run").start(true);
    const bone = mesh.skeleton.bones[mesh.skeleton.getBoneIndexByName("RightForearm")];
    const box = MeshBuilder.CreateBox("box", { size: 0.1 }, scene);
    box.attachToBone(bone, mesh);
    box.position = new Vector3(0, -0.3, 0);
    const samples = [];
    let palette = null;
    for (let i = 1; i <= 20; i++) {
        scene.render();
        if (i === 1 || i === 10 || i === 20) {
            samples.push({ label: `render ${i}`, abs: box.getAbsolutePosition().asArray(), world: Array.from(box.getWorldMatrix().asArray()) });
        }
        if (i === 10) palette = Array.from(mesh.skeleton.getTransformMatrices(mesh));
    }
    cases.attached = { samples, palette };
    scene.dispose();
}

console.log(JSON.stringify({ cases }));
