// Crowd workload on Babylon.js 9.31 (V8, NullEngine): K instances of the 65-joint crowd asset, each
// a Skeleton of 65 Bones (bind pose = rest pose) and an AnimationGroup of 195 targeted animations
// (position / rotationQuaternion / scaling per bone, 30 keys at 60 fps, LINEAR, looping). Each
// frame: scene._animate(1000 / 60) (runtime animations write the bones), then skeleton.prepare(true)
// per instance (local -> final matrices down the hierarchy, palette = absoluteInverseBind x final;
// matrices kept in a Float32Array, no texture). Instances share the Animation objects (keys).
// Usage: node --import parity/recorder/register.mjs parity/bench/crowd_babylon.mjs ASSET.glb [1,10,100,1000]
import { Animation, AnimationGroup, Bone, Logger, Matrix, NullEngine, Quaternion, Scene, Skeleton, Vector3 } from "@babylonjs/core";
import { PHASE, framesFor, readCrowdAsset, timeFrames } from "./crowd_asset.mjs";

Logger.LogLevels = Logger.NoneLogLevel;
const asset = readCrowdAsset(process.argv[2]);
const counts = (process.argv[3] ?? "1,10,100,1000").split(",").map(Number);
const FPS = 60;
const PROPS = { translation: ["position", Animation.ANIMATIONTYPE_VECTOR3], rotation: ["rotationQuaternion", Animation.ANIMATIONTYPE_QUATERNION], scale: ["scaling", Animation.ANIMATIONTYPE_VECTOR3] };

// One Animation per channel, shared by every instance (keys are immutable clip data).
const animations = asset.channels.map((c, ci) => {
    const [prop, type] = PROPS[c.path];
    const anim = new Animation(`ch${ci}`, prop, FPS, type, Animation.ANIMATIONLOOPMODE_CYCLE);
    const n = c.times.length;
    const keys = [];
    for (let i = 0; i < n; i++) {
        const v = c.values;
        const value = c.path === "rotation" ? new Quaternion(v[4 * i], v[4 * i + 1], v[4 * i + 2], v[4 * i + 3]) : new Vector3(v[3 * i], v[3 * i + 1], v[3 * i + 2]);
        keys.push({ frame: c.times[i] * FPS, value });
    }
    anim.setKeys(keys);
    return { anim, node: c.node };
});
const jointOf = new Map(asset.joints.map((n, j) => [n, j]));

function instance(scene, k) {
    const skeleton = new Skeleton(`crowd${k}`, `crowd${k}`, scene);
    skeleton.useTextureToStoreBoneMatrices = false;
    const bones = [];
    for (const nodeIdx of asset.joints) {
        const n = asset.nodes[nodeIdx];
        const local = Matrix.Compose(new Vector3(n.s[0], n.s[1], n.s[2]), new Quaternion(n.r[0], n.r[1], n.r[2], n.r[3]), new Vector3(n.t[0], n.t[1], n.t[2]));
        const parent = n.parent >= 0 ? bones[jointOf.get(n.parent)] : null;
        const bone = new Bone(n.name, skeleton, parent, local);
        bone.rotationQuaternion = new Quaternion(n.r[0], n.r[1], n.r[2], n.r[3]);
        bones.push(bone);
    }
    const group = new AnimationGroup(`crowd${k}`, scene);
    for (const { anim, node } of animations) group.addTargetedAnimation(anim, bones[jointOf.get(node)]);
    group.start(true, 1, 0, asset.duration * FPS);
    group.goToFrame(((k * PHASE) % 1) * FPS);
    skeleton.prepare(true);
    return { skeleton, group };
}

const results = [];
for (const count of counts) {
    const engine = new NullEngine();
    const scene = new Scene(engine);
    const made = [];
    for (let k = 0; k < count; k++) made.push(instance(scene, k));
    const step = 1000 / 60;
    const skeletons = made.map((m) => m.skeleton);
    const frame = () => {
        scene._animate(step);
        for (let i = 0; i < skeletons.length; i++) skeletons[i].prepare(true);
    };
    const ms = timeFrames(frame, framesFor(count));
    const probe = skeletons[0]._transformMatrices;
    if (!probe || !Number.isFinite(probe[5 * 16 + 12]) || probe[5 * 16 + 15] !== 1) throw new Error("palette not computed");
    results.push({ instances: count, ms_per_frame: ms });
    scene.dispose();
    engine.dispose();
}
console.log(JSON.stringify({ engine: "babylonjs-9.31", workload: "crowd", results }));
