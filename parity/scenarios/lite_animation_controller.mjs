// Babylon Lite 1.10's public createAnimationController (src/skeleton/skeleton-updater.ts) on the
// generated fixtures (tests/fixtures/*.glb), parsed by Lite's own glTF animation parser (see
// _lite_gltf_harness.mjs). Each run builds one controller over a clip with caller scene targets
// whose position / rotationQuaternion / scaling .set() calls are recorded (cleared before every
// tick, so a frame shows exactly what that tick wrote), an excluded-node set, and the asset's
// skeletons and morph bindings (a fake GPU device takes the uploads). Runs tick the controller
// directly with uneven deltas (loop wrap, negative speed, clamp, pause, a time set from outside),
// or wrap it in a group on an AnimationManager, whose currentTime the controller's advanced time
// is written back to (with group speed / time / loop changes and an exclude mask, honoured only
// by a controller that was given node names). Recorded per frame: time, the scene-target writes,
// every skeleton's palette (boneMatrices), the morph weights and, for pointer_material, the
// material base color and light intensity written by its KHR_animation_pointer channels.
import {
    AnimationGroupMaskMode,
    addAnimationGroup,
    createAnimationController,
    createAnimationGroupMask,
    createAnimationManager,
    updateAnimationManager,
} from "@babylonjs/lite";
import { arr, load, makeEngine } from "./_lite_gltf_harness.mjs";

const DELTAS = [0, 1000 / 60, 33.25, 7.5, 100, 250, 1000 / 60, 420, 16, 333.3, 48.1, 5];

function makeTargets(json, holes) {
    return (json.nodes ?? []).map((n, i) => {
        if (holes.includes(i)) return undefined;
        const rec = {};
        return {
            _rec: rec,
            _name: n.name ?? `node_${i}`,
            position: { set: (x, y, z) => (rec.t = [x, y, z]) },
            rotationQuaternion: { set: (x, y, z, w) => (rec.r = [x, y, z, w]) },
            scaling: { set: (x, y, z) => (rec.s = [x, y, z]) },
        };
    });
}

function clearTargets(targets) {
    for (const t of targets) {
        if (!t) continue;
        delete t._rec.t;
        delete t._rec.r;
        delete t._rec.s;
    }
}

function snapshot(asset, targets, time, extra) {
    const written = {};
    for (const t of targets) {
        if (t && (t._rec.t || t._rec.r || t._rec.s)) written[t._name] = { ...t._rec };
    }
    const out = {
        time,
        written,
        palettes: asset.animData.skeletons.map((s) => arr(s.boneMatrices)),
        // One entry per morphed node (Lite binds each primitive; lite one set per node).
        morphs: Object.fromEntries(asset.animData.morphBindings.map((m) => [m.nodeIdx, arr(m.weights)])),
        ...extra,
    };
    const mat = asset.meshes.find((m) => m.material)?.material;
    if (mat) out.base_color = [...mat.baseColorFactor];
    if (asset.liveLights.length) out.light_intensity = asset.liveLights.map((l) => l.intensity);
    return out;
}

function excludedSet(asset, spec) {
    if (spec === "asset") return asset.animData.excludedNodeIndices;
    return spec === null ? undefined : new Set(spec);
}

// ops: {frame: {field: value}} applied to the controller just before that frame's tick.
function runController({ name, asset: assetName, clip, excluded, holes = [], skins = true, ops = {} }) {
    const asset = load(assetName);
    const { engine } = makeEngine();
    const data = asset.animData;
    const targets = makeTargets(asset.json, holes);
    const ex = excludedSet(asset, excluded);
    const ctrl = createAnimationController(
        data.clips[clip],
        data.nodes,
        skins ? data.skeletons : [],
        skins ? data.morphBindings : [],
        targets,
        ex
    );
    const frames = [];
    DELTAS.forEach((d, i) => {
        Object.assign(ctrl, ops[i] ?? {});
        clearTargets(targets);
        ctrl.tick(d, engine);
        frames.push(snapshot(asset, targets, ctrl.time, {}));
    });
    return {
        name,
        asset: assetName,
        clip: data.clips[clip].name,
        excluded: ex ? [...ex].sort((a, b) => a - b) : null,
        frames,
    };
}

// A group built on a controller, driven by a manager: ops change the group before a frame.
function runGroup({ name, asset: assetName, clip, excluded, withNames, mask, ops = {} }) {
    const asset = load(assetName);
    const { engine } = makeEngine();
    const data = asset.animData;
    const targets = makeTargets(asset.json, []);
    const ex = excludedSet(asset, excluded);
    const c = data.clips[clip];
    const ctrl = withNames
        ? createAnimationController(c, data.nodes, data.skeletons, data.morphBindings, targets, ex, undefined, data.nodeNames)
        : createAnimationController(c, data.nodes, data.skeletons, data.morphBindings, targets, ex);
    const group = {
        name,
        duration: c.duration,
        frameRate: 60,
        isPlaying: true,
        currentTime: 0,
        targetedAnimations: [],
        speedRatio: 1,
        loopAnimation: true,
        weight: 1,
        _ctrl: ctrl,
        _stopped: false,
    };
    if (mask) group.mask = createAnimationGroupMask(mask, AnimationGroupMaskMode.Exclude);
    const manager = createAnimationManager({ engine });
    addAnimationGroup(manager, group);
    const frames = [];
    DELTAS.forEach((d, i) => {
        Object.assign(group, ops[i] ?? {});
        clearTargets(targets);
        updateAnimationManager(manager, d);
        frames.push(snapshot(asset, targets, group.currentTime, { ctrl_time: ctrl.time }));
    });
    return {
        name,
        asset: assetName,
        clip: c.name,
        excluded: ex ? [...ex].sort((a, b) => a - b) : null,
        mask: mask ?? null,
        with_names: withNames,
        frames,
    };
}

const runs = [
    // Every Walk channel targets a joint: with the asset's excluded set nothing is written back.
    runController({ name: "walk_asset_excluded", asset: "rigged_figure", clip: 0, excluded: "asset" }),
    // Wave: Neck rotation, Head translation, LeftForeArm scale written; RightArm / RightForeArm
    // excluded; time set from outside (wraps), then a pause.
    runController({
        name: "wave_custom_excluded",
        asset: "rigged_figure",
        clip: 1,
        excluded: [9, 10],
        ops: { 6: { time: 3.7 }, 9: { playing: false }, 10: { playing: true, speedRatio: 1.75 } },
    }),
    // No excluded set: joints are written too; speed 1.75, then non-looping clamp.
    runController({
        name: "pose_nothing_excluded",
        asset: "rigged_figure",
        clip: 2,
        excluded: null,
        ops: { 0: { speedRatio: 1.75 }, 8: { loop: false } },
    }),
    // Node 1 has no target (a hole): only RigB_Tip is written; negative speed wraps below 0.
    runController({
        name: "both_target_hole",
        asset: "two_skeletons",
        clip: 2,
        excluded: null,
        holes: [1],
        ops: { 5: { speedRatio: -0.75 } },
    }),
    runController({ name: "swing_b_asset_excluded", asset: "two_skeletons", clip: 1, excluded: "asset" }),
    // Morph weights; MorphRoot excluded (its translation accessor is sparse, which Lite ignores).
    runController({ name: "expressions", asset: "morph_figure", clip: 0, excluded: [0] }),
    runController({
        name: "talk_clamped",
        asset: "morph_figure",
        clip: 1,
        excluded: [0],
        ops: { 0: { loop: false, speedRatio: 1.3 } },
    }),
    // No skeletons or morphs: Box translation / rotation, Spinner scale, plus pointer channels.
    runController({ name: "pulse", asset: "pointer_material", clip: 0, excluded: null, skins: false }),
    runGroup({
        name: "group_wave",
        asset: "rigged_figure",
        clip: 1,
        excluded: "asset",
        withNames: false,
        ops: { 3: { speedRatio: 2 }, 6: { currentTime: 5.25 }, 8: { loopAnimation: false }, 10: { isPlaying: false } },
    }),
    runGroup({ name: "group_wave_mask_names", asset: "rigged_figure", clip: 1, excluded: [9, 10], withNames: true, mask: ["Head"] }),
    runGroup({ name: "group_wave_mask_no_names", asset: "rigged_figure", clip: 1, excluded: [9, 10], withNames: false, mask: ["Head"] }),
    runGroup({
        name: "group_pulse",
        asset: "pointer_material",
        clip: 0,
        excluded: [3],
        withNames: false,
        ops: { 4: { speedRatio: -1.5 }, 9: { currentTime: -0.4 } },
    }),
];
console.log(JSON.stringify({ deltas: DELTAS, runs }));
