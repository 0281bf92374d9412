// Peers of `lite-anim bench gltf-crowd` and `lite-anim bench blend` (lite/tools/bench_ports.py).
// compat side: Babylon.js 9.31 + loaders 9.28 (NullEngine): LoadAssetContainerAsync once,
// instantiateModelsToScene(rename, false, {doNotInstantiate: true}) K times, each clone's chosen
// group (blend: walk and run) looping, others stopped; per frame scene.render() then
// skeleton.prepare() on every skeleton (a no-op where the render prepared it). blend: group.weight
// set each frame of a fade. lite side: Babylon Lite 1.10: each instance's groups built by Lite's
// own glTF animation parser (parseAnimationData + createAnimationGroups, as its loader does), the
// chosen group(s) in one manager (stub GPU engine); blend: crossFadeAnimationGroups every 60 frames.
// Usage: node --import parity/recorder/register.mjs parity/bench/ports_gltf.mjs WORKLOAD SIDE K FRAMES ASSET CLIP PROBE_FRAMES
import { readFileSync } from "node:fs";
import { BLEND_FRAMES, BLEND_PERIOD, COMPAT_STEP_MS, LITE_STEP_MS, blendWeight, finish, parseArgs } from "./ports_common.mjs";

const args = parseArgs();
const blend = args.workload === "blend";

function pick(names) {
    const lower = names.map((n) => n.toLowerCase());
    if (blend) {
        if (lower.includes("walk") && lower.includes("run")) return [lower.indexOf("walk"), lower.indexOf("run")];
        return [0, 1];
    }
    if (args.clip) {
        const i = lower.indexOf(args.clip.toLowerCase());
        if (i < 0) throw new Error(`--clip ${args.clip}: groups are ${names}`);
        return [i];
    }
    return [0];
}

const paletteProbe = (matrices) => () => Array.from(matrices().subarray(16, 48), Number);

async function compat() {
    const { FreeCamera, LoadAssetContainerAsync, Logger, NullEngine, Scene, Vector3 } = await import("@babylonjs/core");
    await import("@babylonjs/loaders/glTF/index.js");
    Logger.LogLevels = Logger.NoneLogLevel;
    const data = new Uint8Array(readFileSync(args.asset));
    const t0 = performance.now();
    const engine = new NullEngine();
    const scene = new Scene(engine);
    scene.useConstantAnimationDeltaTime = true;
    const camera = new FreeCamera("camera", new Vector3(0, 1, -10), scene);
    camera.setTarget(Vector3.Zero());
    const container = await LoadAssetContainerAsync(data, scene, { pluginExtension: ".glb" });
    const chosen = pick(container.animationGroups.map((g) => g.name));
    const played = [];
    let mesh = null;
    for (let k = 0; k < args.count; k++) {
        const entries = container.instantiateModelsToScene((n) => `c${k}_${n}`, false, { doNotInstantiate: true });
        const groups = entries.animationGroups;
        for (const g of groups) g.stop();
        const mine = chosen.map((i) => groups[i]);
        for (const g of mine) g.start(true);
        if (blend) {
            mine[0].weight = 1;
            mine[1].weight = 0;
        }
        played.push(mine);
        if (k === 0) {
            for (const root of entries.rootNodes) {
                for (const n of [root, ...root.getDescendants(false)]) {
                    if (!mesh && n.skeleton) mesh = n;
                }
            }
        }
    }
    const skeletons = scene.skeletons.slice();
    let frame = 0;
    const step = () => {
        if (blend) {
            const w = blendWeight(frame);
            if (w !== null) {
                for (const [a, b] of played) {
                    a.weight = 1 - w;
                    b.weight = w;
                }
            }
        }
        frame++;
        scene.render();
        for (const s of skeletons) s.prepare();
    };
    step();
    const setup = (performance.now() - t0) / 1000;
    finish(args, setup, step, paletteProbe(() => mesh.skeleton.getTransformMatrices(mesh)));
}

async function lite() {
    const L = await import("@babylonjs/lite");
    const base = "../recorder/node_modules/@babylonjs/lite/lib/loader-gltf/";
    const { parseGlbContainer } = await import(base + "gltf-glb-parser.js");
    const { parseAnimationData } = await import(base + "gltf-animation.js");
    const { buildParentMap } = await import(base + "gltf-parser.js");
    const bytes = readFileSync(args.asset);
    const t0 = performance.now();
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    const { json, binChunk } = parseGlbContainer(buffer);
    const parentMap = buildParentMap(json);
    const gltfNodes = json.nodes ?? [];
    const instance = () => {
        // One runtime mesh per primitive in node order (as load-gltf creates them), node targets
        // whose TRS Lite writes back for non-skinned animated nodes.
        const nodeMap = gltfNodes.map((n, i) => ({
            name: n.name ?? `node_${i}`,
            position: { set() {} },
            rotationQuaternion: { set() {} },
            scaling: { set() {} },
        }));
        const meshes = [];
        for (const node of gltfNodes) {
            if (node.mesh === undefined) continue;
            for (const prim of json.meshes[node.mesh].primitives) {
                const mesh = { material: null, skeleton: null, morphTargets: null };
                if (node.skin !== undefined) {
                    const joints = json.skins[node.skin].joints.length;
                    mesh.skeleton = { boneTexture: {}, boneMatrices: new Float32Array(joints * 16) };
                }
                if (prim.targets?.length) {
                    mesh.morphTargets = { weightsBuffer: {}, weights: new Float32Array(prim.targets.length), count: prim.targets.length };
                }
                meshes.push(mesh);
            }
        }
        const groups = L.createAnimationGroups(parseAnimationData(json, binChunk, meshes, parentMap, new Map(), nodeMap));
        return { groups, meshes };
    };
    const engine = { _device: { queue: { writeTexture() {}, writeBuffer() {} } } };
    const manager = L.createAnimationManager({ engine });
    const played = [];
    let first = null;
    for (let k = 0; k < args.count; k++) {
        const inst = instance();
        first ??= inst;
        const chosen = pick(inst.groups.map((g) => g.name));
        for (const g of inst.groups) L.stopAnimation(g);
        const mine = chosen.map((i) => inst.groups[i]);
        for (const g of mine) L.playAnimation(g);
        if (blend) L.setAnimationWeight(mine[1], 0);
        L.addAnimationGroups(manager, mine);
        played.push(mine);
    }
    if (blend) L.enableAnimationBlending(manager);
    let frame = 0;
    const step = () => {
        if (blend && frame % BLEND_PERIOD === 0) {
            const forward = Math.floor(frame / BLEND_PERIOD) % 2 === 0;
            for (const [a, b] of played) {
                if (forward) L.crossFadeAnimationGroups(manager, a, b, { durationMs: BLEND_FRAMES * LITE_STEP_MS });
                else L.crossFadeAnimationGroups(manager, b, a, { durationMs: BLEND_FRAMES * LITE_STEP_MS });
            }
        }
        frame++;
        L.updateAnimationManager(manager, LITE_STEP_MS);
    };
    step();
    const setup = (performance.now() - t0) / 1000;
    const skinned = first.meshes.find((m) => m.skeleton);
    finish(args, setup, step, paletteProbe(() => skinned.skeleton.boneMatrices));
}

await (args.side === "compat" ? compat() : lite());
void COMPAT_STEP_MS;
