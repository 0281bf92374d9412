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
import { arr, load, makeEngine } from "./_lite_gltf_harness.mjs";

const ASSETS = ["rigged_figure", "morph_figure", "pointer_material", "two_skeletons"];
const DELTAS = [0, 1000 / 60, 1000 / 60, 1000 / 60, 33.25, 7.5, 100, 250, 1000 / 60, 1000 / 60, 420, 16, 333.3];
const SEEK_FRAME = 37;


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
