// parity: {"atol": 1e-5, "rtol": 1e-5}
// Babylon.js 9.31 AnimatorAvatar.retargetAnimationGroup between two generated rigs of
// different proportions and rest poses: a source hierarchy of transform nodes with a walk
// (hips travel and bob, spine and legs turn, spine scales, a tail the avatar does not have)
// and an avatar mesh whose skeleton's bones are linked to its own nodes. Every retargeted
// key, and every avatar joint's local TRS while the retargeted group plays, under the option
// sets: defaults, fixRootPosition with a ground reference, fixGroundReference, renamed
// source nodes (mapNodeNames) with checkHierarchy, retargetAnimationKeys false, fixAnimations.
import {
    Animation, AnimationGroup, AnimatorAvatar, Bone, Logger, Matrix, MeshBuilder, NullEngine,
    Quaternion, Scene, Skeleton, TransformNode, Vector3,
} from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;
const scene = new Scene(new NullEngine());
const v = (p) => [p.x, p.y, p.z];
const q = (r) => [r.x, r.y, r.z, r.w];
const N = 40;
const JOINTS = ["Hips", "Spine", "Head", "LegL", "FootL", "LegR", "FootR"];

function sourceRig(prefix) {
    const root = new TransformNode(prefix + "root", scene);
    const make = (name, parent, pos, rot) => {
        const n = new TransformNode(prefix + name, scene);
        n.parent = parent;
        n.position = new Vector3(...pos);
        n.rotationQuaternion = Quaternion.RotationYawPitchRoll(...rot);
        return n;
    };
    const hips = make("Hips", root, [0, 1, 0], [0, 0, 0]);
    const spine = make("Spine", hips, [0, 0.3, 0], [0, 0, 0]);
    const head = make("Head", spine, [0, 0.4, 0], [0, 0, 0]);
    head.rotationQuaternion = null;
    head.rotation = new Vector3(0.1, 0, 0);
    const legL = make("LegL", hips, [0.15, -0.1, 0], [0, 0, 0]);
    const footL = make("FootL", legL, [0, -0.85, 0], [0, 0, 0]);
    const legR = make("LegR", hips, [-0.15, -0.1, 0], [0, 0, 0]);
    const footR = make("FootR", legR, [0, -0.85, 0], [0, 0, 0]);
    const tail = make("Tail", hips, [0, 0, -0.2], [0, 0, 0]);
    return { root, hips, spine, head, legL, footL, legR, footR, tail };
}
function anim(name, prop, type, keys) {
    const a = new Animation(name, prop, 30, type, Animation.ANIMATIONLOOPMODE_CYCLE);
    a.setKeys(keys);
    return a;
}
const frames = (fn) => Array.from({ length: N / 5 + 1 }, (_, i) => ({ frame: i * 5, value: fn(i * 5) }));
const tau = 2 * Math.PI;
function sourceGroup(s, name) {
    const g = new AnimationGroup(name, scene);
    const V = Animation.ANIMATIONTYPE_VECTOR3;
    const Q = Animation.ANIMATIONTYPE_QUATERNION;
    g.addTargetedAnimation(anim(name + "hipsP", "position", V, frames((f) => new Vector3(0.02 * Math.sin((f / N) * tau), 1 + 0.05 * Math.cos((f / N) * 2 * tau), (1.4 * f) / N))), s.hips);
    g.addTargetedAnimation(anim(name + "hipsQ", "rotationQuaternion", Q, frames((f) => Quaternion.RotationYawPitchRoll(0.1 * Math.sin((f / N) * tau), 0.05, 0))), s.hips);
    g.addTargetedAnimation(anim(name + "spineQ", "rotationQuaternion", Q, frames((f) => Quaternion.RotationYawPitchRoll(0, 0.15 * Math.sin((f / N) * tau), 0.05 * Math.cos((f / N) * tau)))), s.spine);
    g.addTargetedAnimation(anim(name + "spineS", "scaling", V, frames((f) => new Vector3(1, 1 + 0.05 * Math.sin((f / N) * tau), 1))), s.spine);
    g.addTargetedAnimation(anim(name + "headQ", "rotationQuaternion", Q, frames((f) => Quaternion.RotationYawPitchRoll(0.3 * Math.sin((f / N) * tau), 0.1, 0))), s.head);
    g.addTargetedAnimation(anim(name + "legLQ", "rotationQuaternion", Q, frames((f) => Quaternion.RotationYawPitchRoll(0, 0.5 * Math.sin((f / N) * tau), 0))), s.legL);
    g.addTargetedAnimation(anim(name + "legRQ", "rotationQuaternion", Q, frames((f) => Quaternion.RotationYawPitchRoll(0, -0.5 * Math.sin((f / N) * tau), 0))), s.legR);
    g.addTargetedAnimation(anim(name + "footLP", "position", V, frames((f) => new Vector3(0, -0.85, 0.05 * Math.sin((f / N) * tau)))), s.footL);
    g.addTargetedAnimation(anim(name + "tailQ", "rotationQuaternion", Q, frames((f) => Quaternion.RotationYawPitchRoll(0.4 * Math.sin((f / N) * tau), 0, 0))), s.tail);
    return g;
}

// The avatar: a mesh with vertices, its bones linked to nodes with the joint names, taller and with other rest rotations.
function avatarRig(name) {
    const mesh = MeshBuilder.CreateBox(name + "Mesh", { size: 0.1 }, scene);
    const skeleton = new Skeleton(name + "Skel", name + "Skel", scene);
    mesh.skeleton = skeleton;
    const rest = {
        Hips: [null, [0, 1.5, 0], [0, 0.1, 0]],
        Spine: ["Hips", [0, 0.45, 0.02], [0.2, 0, 0]],
        Head: ["Spine", [0, 0.5, 0], [-0.2, 0, 0.05]],
        LegL: ["Hips", [0.2, -0.12, 0], [0, 0, 0.1]],
        FootL: ["LegL", [0, -1.25, 0], [0, 0, -0.1]],
        LegR: ["Hips", [-0.2, -0.12, 0], [0, 0, -0.1]],
        FootR: ["LegR", [0, -1.25, 0], [0, 0, 0.1]],
    };
    const bones = {};
    const nodes = {};
    for (const joint of JOINTS) {
        const [parent, pos, [px, py, pz]] = rest[joint];
        const node = new TransformNode(joint, scene);
        node.parent = parent ? nodes[parent] : mesh;
        node.position = new Vector3(...pos);
        node.rotationQuaternion = Quaternion.RotationYawPitchRoll(py, px, pz);
        const local = Matrix.Compose(Vector3.One(), node.rotationQuaternion, node.position);
        const bone = new Bone(joint, skeleton, parent ? bones[parent] : null, local);
        bone.linkTransformNode(node);
        bones[joint] = bone;
        nodes[joint] = node;
    }
    return { mesh, skeleton, bones, nodes };
}
const keysOf = (g) => g.targetedAnimations.map((ta) => [ta.target.name, ta.animation.targetProperty, ta.animation.getKeys().map((k) => (k.value.w !== undefined ? q(k.value) : v(k.value)))]);
function pose(r) {
    return JOINTS.map((j) => {
        const n = r.nodes[j];
        n.computeWorldMatrix(true);
        return [...v(n.position), ...q(n.rotationQuaternion), ...v(n.scaling), ...v(n.getAbsolutePosition())];
    });
}
function play(g, r) {
    const rows = [];
    g.start(true);
    for (const f of [0, 7, 13.5, 20, 31, 40]) {
        g.goToFrame(f);
        rows.push(pose(r));
    }
    g.stop();
    return rows;
}

const out = {};
const s = sourceRig("src_");
// Source node names as the avatar's, through a map: src_Hips -> Hips and so on.
const map = new Map(JOINTS.map((j) => ["src_" + j, j]));
const cases = {
    defaults: { mapNodeNames: map },
    rootFix: { mapNodeNames: map, groundReferenceNodeName: "FootL", rootNodeName: "Hips" },
    ground: { mapNodeNames: map, fixGroundReference: true, fixRootPosition: false, groundReferenceNodeName: "FootL", rootNodeName: "Hips" },
    both: { mapNodeNames: map, fixGroundReference: true, groundReferenceNodeName: "FootR", rootNodeName: "Hips", groundReferenceVerticalAxis: "Y" },
    hierarchy: { mapNodeNames: map, checkHierarchy: true, fixRootPosition: false },
    rawKeys: { mapNodeNames: map, retargetAnimationKeys: false, fixRootPosition: false, animationGroupName: "raw" },
    fixed: { mapNodeNames: map, fixAnimations: true, fixRootPosition: false },
};
for (const [name, options] of Object.entries(cases)) {
    const r = avatarRig("av_" + name);
    const avatar = new AnimatorAvatar("avatar_" + name, r.mesh);
    avatar.showWarnings = false;
    const group = sourceGroup(s, "walk_" + name);
    const retargeted = avatar.retargetAnimationGroup(group, options);
    out[name] = {
        group: retargeted.name,
        meshes: avatar.meshes.map((m) => m.name),
        skeletons: avatar.skeletons.size,
        rootName: r.mesh.name,
        keys: keysOf(retargeted),
        sourceKeys: keysOf(group).slice(0, 2),
        restAfter: pose(r),
        play: play(retargeted, r),
        source: [...v(s.hips.position), ...q(s.hips.rotationQuaternion), ...v(s.head.rotation), s.head.rotationQuaternion ? q(s.head.rotationQuaternion) : null],
    };
}
{
    const r = avatarRig("av_find");
    const avatar = new AnimatorAvatar("finder", r.mesh, false, false);
    out.find = [avatar.findBoneByName("Spine")?.name ?? null, avatar.findBoneByName("Nope"), avatar.findBoneByTransformNode("Head")?.name ?? null, avatar.findBoneByTransformNode(r.nodes.LegR)?.name ?? null, r.mesh.name, avatar.name];
    const empty = new AnimatorAvatar("empty", null);
    out.empty = [empty.meshes.length, empty.skeletons.size];
}
console.log(JSON.stringify(out));
