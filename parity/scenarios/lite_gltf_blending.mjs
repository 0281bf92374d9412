// parity: {"atol": 1e-5, "rtol": 1e-5, "ignore": ["$.cases[*].frames[0].palettes"]}
// Babylon Lite 1.10 weighted and additive glTF skeleton blending (weighted-gltf-mixer.ts) on the
// generated fixtures, parsed by Lite's own glTF animation parser and driven by an
// AnimationManager whose engine is a fake GPU device recording every bone-texture upload.
// Cases: two rigged_figure clips at weight 0.5 each; one clip at weight 0.3 alone (rotations
// slerp from rest, translations scale); an override clip with two additive layers (one paused
// at 0.75 s, reference frame 0; one playing, reference frame 12); two_skeletons with three
// clips at weights 0.7, 1 and 0.5. Recorded per frame: group times and the palette uploaded to
// each skeleton. Ignored: the palettes of each case's first frame. Lite 1.10 creates a blend
// target with an all-zero TRS on the first blended update (its reset runs before the target
// exists), so unanimated components collapse to 0 for that one frame; lite starts from rest.
import { readFileSync } from "node:fs";
import { parseGlbContainer } from "../recorder/node_modules/@babylonjs/lite/lib/loader-gltf/gltf-glb-parser.js";
import { parseAnimationData } from "../recorder/node_modules/@babylonjs/lite/lib/loader-gltf/gltf-animation.js";
import { buildParentMap } from "../recorder/node_modules/@babylonjs/lite/lib/loader-gltf/gltf-parser.js";
import "../recorder/node_modules/@babylonjs/lite/lib/loader-gltf/gltf-feature-animation-pointer.js";
import "../recorder/node_modules/@babylonjs/lite/lib/loader-gltf/animation-pointer-lights.js";
import { setGltfPunctualLight } from "../recorder/node_modules/@babylonjs/lite/lib/loader-gltf/gltf-light-pointer-state.js";
import {
    addAnimationGroups,
    createAnimationGroups,
    createAnimationManager,
    enableAnimationBlending,
    pauseAnimation,
    playAnimation,
    setAnimationAdditive,
    setAnimationWeight,
    stopAnimation,
    updateAnimationManager,
} from "@babylonjs/lite";

const DELTAS = [0, 1000 / 60, 1000 / 60, 33.25, 7.5, 100, 250, 1000 / 60, 420, 16, 333.3];

const arr = (a) => Array.from(a, (v) => v);

function load(name) {
    const bytes = readFileSync(new URL(`../../tests/fixtures/${name}.glb`, import.meta.url));
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    const { json, binChunk } = parseGlbContainer(buffer);
    const nodes = json.nodes ?? [];
    // Scene nodes Lite writes node TRS back to (non-skinned nodes), recording the values set.
    const nodeMap = nodes.map((n, i) => {
        const rec = { name: n.name ?? `node_${i}` };
        return {
            name: rec.name,
            _rec: rec,
            position: { set: (x, y, z) => (rec.t = [x, y, z]) },
            rotationQuaternion: { set: (x, y, z, w) => (rec.r = [x, y, z, w]) },
            scaling: { set: (x, y, z) => (rec.s = [x, y, z]) },
        };
    });
    // One runtime mesh per primitive, in node order, as load-gltf creates them.
    const meshes = [];
    const skeletonTextures = [];
    const morphBuffers = [];
    for (let ni = 0; ni < nodes.length; ni++) {
        const node = nodes[ni];
        if (node.mesh === undefined) continue;
        const gltfMesh = json.meshes[node.mesh];
        for (const prim of gltfMesh.primitives) {
            const mesh = { material: null, skeleton: null, morphTargets: null };
            if (prim.material !== undefined) {
                const def = json.materials[prim.material];
                const bcf = def.pbrMetallicRoughness?.baseColorFactor ?? [1, 1, 1, 1];
                const ef = def.emissiveFactor ?? [0, 0, 0];
                mesh.material = { _uboVersion: 0, baseColorFactor: [...bcf], emissiveColor: [...ef] };
            }
            if (node.skin !== undefined) {
                const joints = json.skins[node.skin].joints.length;
                const texture = { skeleton: skeletonTextures.length, node: ni };
                skeletonTextures.push(texture);
                mesh.skeleton = { boneTexture: texture, boneMatrices: new Float32Array(joints * 16) };
            }
            if (prim.targets?.length) {
                const buffer = { node: ni };
                morphBuffers.push(buffer);
                mesh.morphTargets = {
                    weightsBuffer: buffer,
                    weights: new Float32Array(prim.targets.length),
                    count: prim.targets.length,
                };
            }
            meshes.push(mesh);
        }
    }
    const lights = json.extensions?.KHR_lights_punctual?.lights ?? [];
    const liveLights = lights.map((l, i) => {
        const light = {
            lightType: l.type,
            diffuse: [...(l.color ?? [1, 1, 1])],
            specular: [...(l.color ?? [1, 1, 1])],
            intensity: l.intensity ?? 1,
            range: l.range,
            angle: (l.spot?.outerConeAngle ?? Math.PI / 4) * 2,
            _bumpLightVersion() {},
        };
        setGltfPunctualLight(json, i, light);
        return light;
    });
    const parentMap = buildParentMap(json);
    const animData = parseAnimationData(json, binChunk, meshes, parentMap, new Map(), nodeMap);
    const groups = createAnimationGroups(animData);
    return { json, nodeMap, meshes, liveLights, groups, animData };
}

function makeEngine() {
    const uploads = { bones: {}, morphs: {} };
    const engine = {
        _device: {
            queue: {
                writeTexture(dst, data, layout, size) {
                    const floats = new Float32Array(data, 0, size.width * 4);
                    uploads.bones[dst.texture.skeleton] = arr(floats);
                },
                writeBuffer(buffer, offset, data, dataOffset, size) {
                    uploads.morphs[buffer.node] = arr(new Float32Array(data, dataOffset, size / 4));
                },
            },
        },
    };
    return { engine, uploads };
}


// setup(groups): play/pause/weights/additive per case, by group index.
const CASES = [
    ["rigged_figure", "walk_wave_half", [[0, "play", 0.5], [1, "play", 0.5]]],
    ["rigged_figure", "walk_partial", [[0, "play", 0.3]]],
    ["rigged_figure", "additive_layers", [[0, "play", 1.0], [2, "additive_paused", 0.6, 0, 0.75], [1, "additive", 0.4, 12]]],
    ["two_skeletons", "three_weights", [[0, "play", 0.7], [1, "play", 1.0], [2, "play", 0.5]]],
];

const cases = [];
for (const [name, label, setup] of CASES) {
    const asset = load(name);
    const { engine, uploads } = makeEngine();
    const manager = createAnimationManager({ engine });
    const groups = asset.groups;
    for (const g of groups) stopAnimation(g);
    for (const [index, mode, weight, refFrame, time] of setup) {
        const g = groups[index];
        playAnimation(g);
        if (mode === "additive" || mode === "additive_paused") setAnimationAdditive(g, { referenceFrame: refFrame });
        if (mode === "additive_paused") {
            g.currentTime = time;
            pauseAnimation(g);
        }
        setAnimationWeight(g, weight);
    }
    addAnimationGroups(manager, groups);
    enableAnimationBlending(manager);
    const frames = [];
    for (const d of DELTAS) {
        updateAnimationManager(manager, d);
        frames.push({ times: groups.map((g) => g.currentTime), palettes: { ...uploads.bones } });
    }
    cases.push({ asset: name, label, frames });
}
console.log(JSON.stringify({ deltas: DELTAS, cases }));
