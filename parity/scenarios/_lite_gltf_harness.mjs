// Shared by lite_gltf_playback.mjs and lite_gltf_blending.mjs (a helper, not a scenario: the
// recorder and the runner skip files starting with "_"): loads a fixture with Babylon Lite 1.10's
// own glTF parser and builds a fake GPU engine that records every upload.
import { readFileSync } from "node:fs";
import { parseGlbContainer } from "../recorder/node_modules/@babylonjs/lite/lib/loader-gltf/gltf-glb-parser.js";
import { parseAnimationData } from "../recorder/node_modules/@babylonjs/lite/lib/loader-gltf/gltf-animation.js";
import { buildParentMap } from "../recorder/node_modules/@babylonjs/lite/lib/loader-gltf/gltf-parser.js";
import "../recorder/node_modules/@babylonjs/lite/lib/loader-gltf/gltf-feature-animation-pointer.js";
import "../recorder/node_modules/@babylonjs/lite/lib/loader-gltf/animation-pointer-lights.js";
import { setGltfPunctualLight } from "../recorder/node_modules/@babylonjs/lite/lib/loader-gltf/gltf-light-pointer-state.js";
import { createAnimationGroups } from "@babylonjs/lite";

export const arr = (a) => Array.from(a, (v) => v);

export function load(name) {
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

export function makeEngine() {
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
