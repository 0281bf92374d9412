// parity: {"atol": 1e-5, "rtol": 1e-5, "quaternion_paths": ["$.*.runs[*].nodes.*.r"]}
// Babylon.js 9.31 AssetContainer.instantiateModelsToScene on glTF containers: each fixture is
// loaded into a container (LoadAssetContainerAsync, not added to the scene), instantiated twice
// (renamed clones with doNotInstantiate, then the default, which instances meshes), and the
// cloned animation groups of both copies play. Recorded: what each InstantiatedEntries holds
// (root nodes, skeletons, animation groups with their targets' names), the scene's lists, and
// every 2nd step of scene._animate(70 ms) the local TRS of the copies' nodes and their palettes.
import { LoadAssetContainerAsync, Logger, NullEngine, Scene } from "@babylonjs/core";
import "@babylonjs/loaders/glTF/index.js";
import { readFileSync } from "node:fs";

Logger.LogLevels = Logger.ErrorLogLevel;
const ASSETS = ["rigged_figure", "morph_figure"];
const engine = new NullEngine();
const arr = (v) => Array.from(v.asArray());
const key = (n) => `${n.getClassName()}:${n.name}`;

function bytesOf(name) {
    return new Uint8Array(readFileSync(new URL(`../../tests/fixtures/${name}.glb`, import.meta.url)));
}

function describe(entries) {
    return {
        roots: entries.rootNodes.map(key),
        skeletons: entries.skeletons.map((s) => [s.name, s.bones.length]),
        groups: entries.animationGroups.map((g) => ({
            name: g.name,
            from: g.from,
            to: g.to,
            targets: g.targetedAnimations.map((ta) => `${ta.target.name}.${ta.animation.targetProperty}`),
        })),
    };
}

function nodesOf(entries) {
    const out = {};
    const seen = new Set();
    const visit = (n) => {
        if (seen.has(n)) return;
        seen.add(n);
        if (n.position) {
            out[key(n)] = {
                t: arr(n.position),
                r: n.rotationQuaternion ? arr(n.rotationQuaternion) : null,
                s: arr(n.scaling),
            };
        }
        for (const c of n.getChildren()) visit(c);
    };
    entries.rootNodes.forEach(visit);
    return out;
}

const result = {};
for (const name of ASSETS) {
    const scene = new Scene(engine);
    const container = await LoadAssetContainerAsync(bytesOf(name), scene, { pluginExtension: ".glb" });
    const a = container.instantiateModelsToScene((n) => `A_${n}`, false, { doNotInstantiate: true });
    const b = container.instantiateModelsToScene();
    const doc = {
        a: describe(a),
        b: describe(b),
        scene: {
            meshes: scene.meshes.map((m) => [key(m), m.getClassName()]),
            transform_nodes: scene.transformNodes.map(key),
            skeletons: scene.skeletons.map((s) => s.name),
            groups: scene.animationGroups.map((g) => g.name),
        },
        runs: [],
    };
    for (const g of scene.animationGroups) g.stop();
    if (a.animationGroups.length) a.animationGroups[0].start(true);
    if (b.animationGroups.length) b.animationGroups[b.animationGroups.length - 1].start(true, 1.5);
    for (let step = 1; step <= 12; step++) {
        scene._animate(70);
        if (step % 2 === 0) {
            const palettes = {};
            for (const s of scene.skeletons) {
                s.prepare(true);
                palettes[s.name] = Array.from(s.getTransformMatrices(null));
            }
            doc.runs.push({ a: nodesOf(a), b: nodesOf(b), palettes });
        }
    }
    result[name] = doc;
}
console.log(JSON.stringify(result));
