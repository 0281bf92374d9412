// parity: {"atol": 1e-5, "rtol": 1e-5, "quaternion_paths": ["$.runs[*].frames[*].nodes.*.r"], "ignore": ["$.runs[*].frames[*].nodes.MorphRoot", "$.runs[3].frames[*].world"]}
// Babylon Lite 1.10 glTF playback of the generated fixtures (tests/fixtures/*.glb): Lite's own
// glTF animation parser (parseAnimationData, with the KHR_animation_pointer feature and the
// normalized-sampler converter installed) and its controllers (createAnimationGroups) driven by
// an AnimationManager whose engine is a fake GPU device that records every bone-texture and
// morph-weight upload. One run per (asset, clip), each on a freshly parsed asset, with the clip
// playing alone; then a seek (goToFrame with the engine) and, for rigged_figure/Walk, a run with
// an exclude mask. Recorded per frame: group time, the palettes uploaded to each skeleton, the
// morph weights uploaded, the local TRS Lite writes back to non-skinned scene nodes, the
// pointer targets (material base color and emissive, light intensity) and, on a run's last
// frame, every node's world matrix (Lite's includes the RH->LH root flip diag(-1, 1, 1, 1)).
// Ignored: morph_figure's MorphRoot translation, whose output accessor is sparse; Lite's
// resolveAccessor ignores sparse substitution (a known divergence: lite applies it, as glTF says).
import { readFileSync } from "node:fs";
import { parseGlbContainer } from "../recorder/node_modules/@babylonjs/lite/lib/loader-gltf/gltf-glb-parser.js";
import { parseAnimationData } from "../recorder/node_modules/@babylonjs/lite/lib/loader-gltf/gltf-animation.js";
import { buildParentMap } from "../recorder/node_modules/@babylonjs/lite/lib/loader-gltf/gltf-parser.js";
import "../recorder/node_modules/@babylonjs/lite/lib/loader-gltf/gltf-feature-animation-pointer.js";
import "../recorder/node_modules/@babylonjs/lite/lib/loader-gltf/animation-pointer-lights.js";
import { setGltfPunctualLight } from "../recorder/node_modules/@babylonjs/lite/lib/loader-gltf/gltf-light-pointer-state.js";
import {
    AnimationGroupMaskMode,
    addAnimationGroups,
    createAnimationGroupMask,
    createAnimationGroups,
    createAnimationManager,
    goToFrame,
    playAnimation,
    stopAnimation,
    updateAnimationManager,
} from "@babylonjs/lite";

const ASSETS = ["rigged_figure", "morph_figure", "pointer_material", "two_skeletons"];
const DELTAS = [0, 1000 / 60, 1000 / 60, 1000 / 60, 33.25, 7.5, 100, 250, 1000 / 60, 1000 / 60, 420, 16, 333.3];
const SEEK_FRAME = 37;

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

function snapshot(asset, group, uploads, withWorld) {
    const nodes = {};
    for (const n of asset.nodeMap) {
        const rec = n._rec;
        if (rec.t || rec.r || rec.s) {
            const o = {};
            if (rec.t) o.t = rec.t;
            if (rec.r) o.r = rec.r;
            if (rec.s) o.s = rec.s;
            nodes[rec.name] = o;
        }
    }
    const out = {
        time: group.currentTime,
        playing: group.isPlaying,
        palettes: { ...uploads.bones },
        morphs: { ...uploads.morphs },
        nodes,
    };
    const mat = asset.meshes.find((m) => m.material)?.material;
    if (mat) {
        out.base_color = [...mat.baseColorFactor];
        out.emissive = [...mat.emissiveColor];
    }
    if (asset.liveLights.length) out.light_intensity = asset.liveLights.map((l) => l.intensity);
    if (withWorld) out.world = arr(group._ctrl._debugWorldMat);
    return out;
}

function run(name, clipIndex, mask) {
    const asset = load(name);
    const { engine, uploads } = makeEngine();
    const manager = createAnimationManager({ engine });
    const groups = asset.groups;
    for (const g of groups) stopAnimation(g);
    const group = groups[clipIndex];
    if (mask) group.mask = createAnimationGroupMask(mask, AnimationGroupMaskMode.Exclude);
    playAnimation(group);
    addAnimationGroups(manager, groups);
    const frames = [];
    DELTAS.forEach((d, i) => {
        updateAnimationManager(manager, d);
        frames.push(snapshot(asset, group, uploads, i === DELTAS.length - 1));
    });
    goToFrame(group, SEEK_FRAME, engine);
    frames.push(snapshot(asset, group, uploads, true));
    return { asset: name, clip: group.name, mask: mask ?? null, frames };
}

const runs = [];
for (const name of ASSETS) {
    const count = load(name).groups.length;
    for (let k = 0; k < count; k++) runs.push(run(name, k, null));
}
runs.push(run("rigged_figure", 0, ["LeftUpLeg", "Spine"]));
console.log(JSON.stringify({ deltas: DELTAS, seek_frame: SEEK_FRAME, runs }));
