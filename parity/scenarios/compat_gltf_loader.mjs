// parity: {"atol": 1e-5, "rtol": 1e-5, "quaternion_paths": ["$.assets.*.runs.*[*].nodes.*.r", "$.assets.*.loaded.nodes.*.r", "$.assets.*.structure.bones.*[*].q"]}
// Babylon.js 9.31 + @babylonjs/loaders 9.28 glTF loading on a NullEngine, and the loaded
// AnimationGroups playing. Each fixture (tests/fixtures/*.glb) is loaded through every entry
// point (SceneLoader.ImportMeshAsync legacy form, the 9.x ImportMeshAsync / AppendSceneAsync /
// LoadAssetContainerAsync + addAllToScene) into fresh scenes. Recorded:
// - structure: meshes, transform nodes (class, name, parent), root nodes, skeletons and bones
//   (index, parent, linked node, local matrix TRS, inverse bind translation), morph targets
//   (names, influences), materials, lights, cameras, animation groups (name, from, to,
//   playing) and their targeted animations (name, property, target, key count, first and last
//   key frame);
// - loaded: the local TRS of every mesh and transform node (including __root__ with its
//   handedness conversion) and every morph influence right after loading;
// - runs, sampled every other step of scene._animate(70 ms): "play" (the group the loader
//   started), "weighted" (first two groups at weights 0.3 / 0.7), "blending" (enableBlending,
//   blendingSpeed 0.05, the second group started over the playing first), "additive" (the last
//   group made additive with AnimationGroup.MakeAnimationAdditive, weight 0.6, over the first at
//   weight 1), "mask" (an include mask of two targets on the first group, the exclude mask of
//   the same names on the second), "seek" (each group paused and sought with goToFrame).
// Each sample holds the local TRS of every mesh and transform node, every morph influence, the
// skinning palette of every skeleton (skeleton.prepare(true), getTransformMatrices) and,
// for pointer_material, the KHR_animation_pointer targets (albedo + alpha, emissive, light
// intensity, camera fov).
import {
    AnimationGroup,
    AnimationGroupMask,
    AnimationGroupMaskMode,
    AppendSceneAsync,
    ImportMeshAsync,
    LoadAssetContainerAsync,
    Logger,
    NullEngine,
    Scene,
    SceneLoader,
} from "@babylonjs/core";
import "@babylonjs/loaders/glTF/index.js";
import { readFileSync } from "node:fs";

// Stdout carries the JSON document only (Babylon's "Invalid pointer ... skipped" warning for
// pointer_material's roughnessFactor channel goes to stderr).
Logger.LogLevels = Logger.ErrorLogLevel;

const ASSETS = ["rigged_figure", "morph_figure", "pointer_material", "two_skeletons"];
const STEP_MS = 70;
const STEPS = 24;
const SEEK_FRAMES = [0, 7.5, 21.3, 36.6, 52.5, 59.9, 75, 95.5, 119.9];
const engine = new NullEngine();

function bytesOf(name) {
    return new Uint8Array(readFileSync(new URL(`../../tests/fixtures/${name}.glb`, import.meta.url)));
}

async function load(name, how) {
    const scene = new Scene(engine);
    const bytes = bytesOf(name);
    if (how === "legacy") {
        await SceneLoader.ImportMeshAsync("", "", bytes, scene, null, ".glb");
    } else if (how === "import") {
        await ImportMeshAsync(bytes, scene, { pluginExtension: ".glb" });
    } else if (how === "append") {
        await AppendSceneAsync(bytes, scene, { pluginExtension: ".glb" });
    } else {
        const container = await LoadAssetContainerAsync(bytes, scene, { pluginExtension: ".glb" });
        container.addAllToScene();
    }
    return scene;
}

const key = (n) => `${n.getClassName()}:${n.name}`;
const nameOf = (n) => (n ? key(n) : null);
const arr = (v) => Array.from(v.asArray());

function snapshot(scene) {
    const nodes = {};
    for (const n of [...scene.meshes, ...scene.transformNodes]) {
        nodes[key(n)] = {
            t: arr(n.position),
            r: n.rotationQuaternion ? arr(n.rotationQuaternion) : null,
            s: arr(n.scaling),
        };
    }
    const morphs = scene.morphTargetManagers.map((m) => {
        const w = [];
        for (let i = 0; i < m.numTargets; i++) w.push(m.getTarget(i).influence);
        return w;
    });
    const palettes = {};
    for (const s of scene.skeletons) {
        s.prepare(true);
        palettes[s.name] = Array.from(s.getTransformMatrices(null));
    }
    const out = { nodes, morphs, palettes };
    const paint = scene.getMaterialByName("Paint");
    if (paint) {
        out.albedo = [...arr(paint.albedoColor), paint.alpha];
        out.emissive = arr(paint.emissiveColor);
        out.light_intensity = scene.lights.map((l) => l.intensity);
        out.camera_fov = scene.cameras.map((c) => c.fov);
    }
    return out;
}

function structure(scene) {
    const skeletons = {};
    const bones = {};
    for (const s of scene.skeletons) {
        skeletons[s.name] = { id: s.id, count: s.bones.length };
        bones[s.name] = s.bones.map((b) => {
            const local = b.getLocalMatrix().asArray();
            const inv = b.getAbsoluteInverseBindMatrix().asArray();
            return {
                name: b.name,
                index: b.getIndex(),
                parent: nameOf(b.getParent()),
                node: nameOf(b.getTransformNode()),
                t: [local[12], local[13], local[14]],
                q: arr(b.rotationQuaternion),
                s: arr(b.scaling),
                inv_t: [inv[12], inv[13], inv[14]],
            };
        });
    }
    return {
        meshes: scene.meshes.map((m) => ({
            name: key(m),
            parent: nameOf(m.parent),
            vertices: m.getTotalVertices(),
            skeleton: m.skeleton ? m.skeleton.name : null,
            material: m.material ? m.material.name : null,
            morph_targets: m.morphTargetManager ? m.morphTargetManager.numTargets : 0,
        })),
        transform_nodes: scene.transformNodes.map((n) => ({ name: key(n), parent: nameOf(n.parent) })),
        root_nodes: scene.rootNodes.map(key),
        skeletons,
        bones,
        morph_targets: scene.morphTargetManagers.map((m) => {
            const names = [];
            for (let i = 0; i < m.numTargets; i++) names.push(m.getTarget(i).name);
            return names;
        }),
        materials: scene.materials.map((m) => ({
            name: m.name,
            albedo: arr(m.albedoColor),
            alpha: m.alpha,
            emissive: arr(m.emissiveColor),
            metallic: m.metallic,
            roughness: m.roughness,
        })),
        lights: scene.lights.map((l) => ({
            name: key(l),
            parent: nameOf(l.parent),
            intensity: l.intensity,
            range: l.range,
            angle: l.angle ?? null,
            inner: l.innerAngle ?? null,
            diffuse: arr(l.diffuse),
        })),
        cameras: scene.cameras.map((c) => ({
            name: key(c),
            parent: nameOf(c.parent),
            fov: c.fov,
            minZ: c.minZ,
            maxZ: c.maxZ,
            rotation: arr(c.rotation),
        })),
        groups: scene.animationGroups.map((g) => ({
            name: g.name,
            from: g.from,
            to: g.to,
            playing: !!g.isPlaying,
            animations: g.targetedAnimations.map((ta) => {
                const k = ta.animation.getKeys();
                return [ta.animation.name, ta.animation.targetProperty, nameOf(ta.target), k.length, k[0].frame, k[k.length - 1].frame];
            }),
        })),
    };
}

function steps(scene, samples) {
    for (let i = 1; i <= STEPS; i++) {
        scene._animate(STEP_MS);
        if (i % 2 === 0) samples.push(snapshot(scene));
    }
}

function targetNames(group) {
    const names = [];
    for (const ta of group.targetedAnimations) {
        if (!names.includes(ta.target.name)) names.push(ta.target.name);
    }
    return names.slice(0, 2);
}

const assets = {};
for (const name of ASSETS) {
    const entry = {};
    // Structure and rest pose, compared across the four entry points.
    const loaded = {};
    for (const how of ["legacy", "import", "append", "container"]) {
        const scene = await load(name, how);
        loaded[how] = structure(scene);
        if (how === "legacy") entry.loaded = snapshot(scene);
        scene.dispose();
    }
    entry.structure = loaded.legacy;
    entry.same_structure = ["import", "append", "container"].map((how) => JSON.stringify(loaded[how]) === JSON.stringify(loaded.legacy));

    const runs = {};
    {
        const scene = await load(name, "legacy");
        const samples = [];
        steps(scene, samples);
        runs.play = samples;
        scene.dispose();
    }
    {
        const scene = await load(name, "import");
        const groups = scene.animationGroups;
        for (const g of groups) g.stop();
        const samples = [];
        groups[0].weight = 0.3;
        groups[0].start(true);
        if (groups.length > 1) {
            groups[1].weight = 0.7;
            groups[1].start(true);
        }
        steps(scene, samples);
        runs.weighted = samples;
        scene.dispose();
    }
    {
        const scene = await load(name, "append");
        const groups = scene.animationGroups;
        for (const g of groups) g.stop();
        const samples = [];
        for (const g of groups) {
            g.enableBlending = true;
            g.blendingSpeed = 0.05;
        }
        groups[0].start(true);
        for (let i = 0; i < 5; i++) scene._animate(STEP_MS);
        groups[groups.length > 1 ? 1 : 0].start(true);
        steps(scene, samples);
        runs.blending = samples;
        scene.dispose();
    }
    {
        const scene = await load(name, "container");
        const groups = scene.animationGroups;
        for (const g of groups) g.stop();
        const samples = [];
        const layer = groups[groups.length - 1];
        AnimationGroup.MakeAnimationAdditive(layer);
        if (layer !== groups[0]) {
            groups[0].weight = 1;
            groups[0].start(true);
        }
        layer.weight = 0.6;
        layer.start(true);
        steps(scene, samples);
        runs.additive = samples;
        scene.dispose();
    }
    {
        const scene = await load(name, "legacy");
        const groups = scene.animationGroups;
        for (const g of groups) g.stop();
        const samples = [];
        const names = targetNames(groups[0]);
        groups[0].mask = new AnimationGroupMask(names, AnimationGroupMaskMode.Include);
        groups[0].start(true);
        if (groups.length > 1) {
            groups[1].mask = new AnimationGroupMask(names, AnimationGroupMaskMode.Exclude);
            groups[1].start(true);
        }
        steps(scene, samples);
        runs.mask = samples;
        runs.mask_names = names;
        scene.dispose();
    }
    {
        const scene = await load(name, "import");
        const samples = [];
        for (const g of scene.animationGroups) {
            for (const other of scene.animationGroups) other.stop();
            g.start(true, 1.0, g.from, g.to);
            g.pause();
            for (const f of SEEK_FRAMES) {
                if (f > g.to) break;
                g.goToFrame(f);
                samples.push({ group: g.name, frame: f, ...snapshot(scene) });
            }
        }
        runs.seek = samples;
        scene.dispose();
    }
    entry.runs = runs;
    assets[name] = entry;
}
console.log(JSON.stringify({ assets }));
