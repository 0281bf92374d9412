// Crowd workload on three.js r187 (V8): K instances of the 65-joint crowd asset, each a Bone
// hierarchy with a Skeleton (boneInverses = inverse rest world) and its own AnimationMixer playing
// one shared AnimationClip (195 tracks: position / quaternion / scale per bone, LINEAR, looping).
// Each frame, per instance: mixer.update(1/60 s), root.updateMatrixWorld(true) (compose local
// matrices, world matrices down the hierarchy) and skeleton.update() (boneMatrices = world x
// boneInverse). No renderer.
// Usage: node --import parity/recorder/register.mjs parity/bench/crowd_three.mjs ASSET.glb [1,10,100,1000]
import { AnimationClip, AnimationMixer, Bone, QuaternionKeyframeTrack, Skeleton, VectorKeyframeTrack } from "three";
import { PHASE, framesFor, readCrowdAsset, timeFrames } from "./crowd_asset.mjs";

const asset = readCrowdAsset(process.argv[2]);
const counts = (process.argv[3] ?? "1,10,100,1000").split(",").map(Number);
const TRACKS = { translation: [VectorKeyframeTrack, "position"], rotation: [QuaternionKeyframeTrack, "quaternion"], scale: [VectorKeyframeTrack, "scale"] };

const clip = new AnimationClip(
    "Crowd",
    asset.duration,
    asset.channels.map((c) => {
        const [Track, prop] = TRACKS[c.path];
        return new Track(`${asset.nodes[c.node].name}.${prop}`, c.times, c.values);
    })
);

function instance(k) {
    const bones = asset.joints.map((nodeIdx) => {
        const n = asset.nodes[nodeIdx];
        const bone = new Bone();
        bone.name = n.name;
        bone.position.fromArray(n.t);
        bone.quaternion.fromArray(n.r);
        bone.scale.fromArray(n.s);
        return bone;
    });
    const jointOf = new Map(asset.joints.map((n, j) => [n, j]));
    asset.joints.forEach((nodeIdx, j) => {
        const p = asset.nodes[nodeIdx].parent;
        if (p >= 0) bones[jointOf.get(p)].add(bones[j]);
    });
    const root = bones[0];
    root.updateMatrixWorld(true);
    const skeleton = new Skeleton(bones); // boneInverses from the current (rest) world matrices
    const mixer = new AnimationMixer(root);
    const action = mixer.clipAction(clip);
    action.play();
    action.time = (k * PHASE) % 1;
    return { root, skeleton, mixer };
}

const results = [];
for (const count of counts) {
    const made = [];
    for (let k = 0; k < count; k++) made.push(instance(k));
    const dt = 1 / 60;
    const frame = () => {
        for (let i = 0; i < made.length; i++) {
            const m = made[i];
            m.mixer.update(dt);
            m.root.updateMatrixWorld(true);
            m.skeleton.update();
        }
    };
    const ms = timeFrames(frame, framesFor(count));
    const probe = made[0].skeleton.boneMatrices;
    if (!Number.isFinite(probe[5 * 16 + 12]) || probe[5 * 16 + 15] !== 1) throw new Error("palette not computed");
    results.push({ instances: count, ms_per_frame: ms });
}
console.log(JSON.stringify({ engine: "three-r187", workload: "crowd", results }));
