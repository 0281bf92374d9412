// Crowd workload on Babylon Lite 1.10 (V8): K instances of the 65-joint crowd asset, each its own
// glTF animation group (createAnimationGroups -> createAnimationController, Lite's CPU skeleton
// updater: rest pose, evaluateSampler per channel, mat4ComposeInto, world matrices in topological
// order, palette = invMeshWorld * world * inverseBind). Instances share the immutable clip and
// rest-pose data, each has its own SkeletonBinding/boneMatrices. The GPU upload is a no-op
// (a stub engine whose queue.writeTexture does nothing), so only CPU work is timed.
// Usage: node --import parity/recorder/register.mjs parity/bench/crowd_lite.mjs ASSET.glb [1,10,100,1000]
// Prints JSON: {"engine": "babylon-lite-1.10", "results": [{"instances", "ms_per_frame"}]}.
import {
    addAnimationGroups, createAnimationGroups, createAnimationManager, updateAnimationManager,
} from "@babylonjs/lite";
import { PHASE, framesFor, readCrowdAsset, timeFrames } from "./crowd_asset.mjs";

const asset = readCrowdAsset(process.argv[2]);
const counts = (process.argv[3] ?? "1,10,100,1000").split(",").map(Number);
const PATHS = { translation: 0, rotation: 1, scale: 2 };

const samplers = asset.channels.map((c) => ({ input: c.times, output: c.values, interpolation: 0 }));
const clip = {
    name: "Crowd",
    channels: asset.channels.map((c, i) => ({ samplerIdx: i, nodeIdx: c.node, path: PATHS[c.path] })),
    samplers,
    duration: asset.duration,
    frameRate: 60,
};
const nodes = asset.nodes.map((n) => ({
    parentIdx: n.parent, tx: n.t[0], ty: n.t[1], tz: n.t[2], rx: n.r[0], ry: n.r[1], rz: n.r[2], rw: n.r[3], sx: n.s[0], sy: n.s[1], sz: n.s[2],
}));
// inverse(mesh world): the mesh node sits at the origin under Lite's RH->LH root flip diag(-1, 1, 1, 1),
// which is its own inverse (palettes then equal lite's to ~3e-7, Lite computing in float32).
const invMeshWorld = new Float32Array([-1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
const stubEngine = { _device: { queue: { writeTexture() {}, writeBuffer() {} } } };

function instance() {
    const boneCount = asset.joints.length;
    const skeleton = {
        jointNodes: asset.joints,
        inverseBindMatrices: asset.ibm,
        invMeshWorld,
        boneTexture: {},
        boneCount,
        boneMatrices: new Float32Array(boneCount * 16),
    };
    const [group] = createAnimationGroups({
        clips: [clip], nodes, skeletons: [skeleton], morphBindings: [], nodeTargets: [],
        excludedNodeIndices: new Set(), nodeNames: asset.nodes.map((n) => n.name),
    });
    return { group, skeleton };
}

const results = [];
for (const count of counts) {
    const manager = createAnimationManager({ engine: stubEngine });
    const made = [];
    for (let k = 0; k < count; k++) {
        const inst = instance();
        inst.group.currentTime = (k * PHASE) % 1;
        made.push(inst);
    }
    addAnimationGroups(manager, made.map((m) => m.group));
    const step = 1000 / 60;
    const ms = timeFrames(() => updateAnimationManager(manager, step), framesFor(count));
    const probe = made[0].skeleton.boneMatrices;
    if (!Number.isFinite(probe[5 * 16 + 12]) || probe[5 * 16 + 15] !== 1) throw new Error("palette not computed");
    results.push({ instances: count, ms_per_frame: ms });
}
console.log(JSON.stringify({ engine: "babylon-lite-1.10", workload: "crowd", results }));
