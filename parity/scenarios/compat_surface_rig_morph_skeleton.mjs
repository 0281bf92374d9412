// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 Skeleton, MorphTarget and MorphTargetManager members beyond playback:
// Skeleton.clone (bones, matrices, ranges, animations), serialize/Parse round trip,
// copyAnimationRange between two rigs (frame offset, missing bone), toString,
// MakeAnimationAdditive, useTextureToStoreBoneMatrices; MorphTarget.FromMesh (positions, normals,
// UVs, colours present or not), serialize/Parse, clone; the manager's hasX/supportsX flags with
// morphing switched off, vertexCount, clone, serialize/Parse; Animation.AppendSerializedAnimations
// and CreateAndStartHierarchyAnimation playing on a node and its children.
import { Animation, Bone, Logger, Matrix, Mesh, MorphTarget, MorphTargetManager, NullEngine, Quaternion, Scene, Skeleton, TransformNode, Vector3 } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const scene = new Scene(new NullEngine());
const v = (p) => [p.x, p.y, p.z];
const m = (x) => Array.from(x.m);
const arr = (a) => (a ? Array.from(a) : null);

function rig(name, withAnim, withRanges = true) {
    const sk = new Skeleton(name, name + "-id", scene);
    const root = new Bone("root", sk, null, Matrix.Translation(0, 1, 0));
    const arm = new Bone("arm", sk, root, Matrix.Compose(new Vector3(1, 2, 1), Quaternion.RotationAxis(new Vector3(0, 0, 1), 0.4), new Vector3(0, 2, 0)));
    new Bone("hand", sk, arm, Matrix.Translation(0.5, 1, 0));
    if (withAnim) {
        for (const bone of sk.bones) {
            const a = new Animation(bone.name + "A", "_matrix", 30, Animation.ANIMATIONTYPE_MATRIX);
            a.setKeys([0, 10, 20, 30].map((f) => ({ frame: f, value: Matrix.Compose(new Vector3(1, 1, 1), Quaternion.RotationAxis(new Vector3(1, 0, 0), f / 30), new Vector3(0, f / 10, 0)) })));
            bone.animations.push(a);
        }
        if (withRanges) {
            sk.createAnimationRange("swing", 0, 20);
            sk.createAnimationRange("rest", 25, 30);
        }
    }
    return sk;
}

const out = {};
{
    const sk = rig("src", true);
    sk.bones[1].metadata = { side: "left" };
    const c = sk.clone("copy");
    out.clone = [c.name, c.id, c.bones.map((b) => [b.name, b.getParent() ? b.getParent().name : null, m(b.getBindMatrix()), m(b.getRestMatrix()), b.animations.length, b.animations[0] ? b.animations[0].getKeys().length : 0, b.animations[0] === sk.bones[0].animations[0]]), c.getAnimationRanges().map((r) => [r.name, r.from, r.to]), Array.from(c.getTransformMatrices(null)).slice(0, 48), c.toString(), c.toString(true)];
    const ser = sk.serialize();
    const bones = ser.bones.map((b) => [b.parentBoneIndex, b.index, b.name, b.id, Array.from(Object.values(b.matrix)), Array.from(Object.values(b.rest)), b.animation ? [b.animation.name, b.animation.property, b.animation.dataType, b.animation.keys.length] : null, b.metadata ?? null]);
    out.serialize = [ser.name, ser.id, ser.needInitialSkinMatrix, ser.ranges, bones];
    const json = JSON.parse(JSON.stringify(ser));
    for (const b of json.bones) {
        b.matrix = Object.values(b.matrix);
        b.rest = Object.values(b.rest);
    }
    const p = Skeleton.Parse(json, scene);
    p.prepare(true);
    out.parse = [p.name, p.id, p.bones.map((b) => [b.name, b.getIndex(), b.getParent() ? b.getParent().name : null, m(b.getLocalMatrix()), b.animations.length]), p.getAnimationRanges().map((r) => [r.name, r.from, r.to]), Array.from(p.getTransformMatrices(null)).slice(0, 48), p.bones[1].animations[0].getKeys().map((k) => k.frame)];
    out.flags = [sk.useTextureToStoreBoneMatrices, sk.isUsingTextureForMatrices];
    sk.useTextureToStoreBoneMatrices = false;
    out.flags.push(sk.useTextureToStoreBoneMatrices);
}
{
    const src = rig("src2", true);
    const dst = rig("dst", true, false);
    const ok = dst.copyAnimationRange(src, "swing");
    const again = dst.copyAnimationRange(src, "swing");
    const none = dst.copyAnimationRange(src, "nope");
    out.copy = [ok, again, none, dst.getAnimationRanges().map((r) => [r.name, r.from, r.to]), dst.bones.map((b) => b.animations[0].getKeys().map((k) => k.frame)), dst.bones[0].animations[0].getRange("swing") ? [dst.bones[0].animations[0].getRange("swing").from, dst.bones[0].animations[0].getRange("swing").to] : null];
    const anims = (sk) => sk.bones.map((b) => [b.name, b.animations.length, b.animations[0] ? [b.animations[0].name, b.animations[0].targetProperty, b.animations[0].dataType, b.animations[0].framePerSecond, b.animations[0].getKeys().map((k) => [k.frame, m(k.value)])] : null]);
    const bare = rig("bare", false);
    const ok2 = bare.copyAnimationRange(src, "rest");
    out.copy2 = [ok2, anims(bare), bare.getAnimationRanges().map((r) => [r.name, r.from, r.to])];
    const odd = rig("odd", false);
    new Bone("extra", odd, null);
    const ok3 = odd.copyAnimationRange(src, "rest");
    out.copy3 = [ok3, anims(odd), odd.getAnimationRanges().map((r) => [r.name, r.from, r.to])];
    const add = Skeleton.MakeAnimationAdditive(src, 0, "swing");
    const missing = Skeleton.MakeAnimationAdditive(src, 0, "nope");
    out.additive = [add === src, missing, src.bones.map((b) => b.animations[0].getKeys().map((k) => m(k.value)))];
}
{
    const mesh = new Mesh("base", scene);
    mesh.setVerticesData("position", [0, 0, 0, 1, 0, 0, 0, 1, 0]);
    mesh.setVerticesData("normal", [0, 0, 1, 0, 0, 1, 0, 0, 1]);
    mesh.setVerticesData("uv", [0, 0, 1, 0, 0, 1]);
    const t1 = MorphTarget.FromMesh(mesh);
    const t2 = MorphTarget.FromMesh(mesh, "named", 0.4);
    const plain = new Mesh("plain", scene);
    plain.setVerticesData("position", [0, 0, 1, 1, 0, 1, 0, 1, 1]);
    const t3 = MorphTarget.FromMesh(plain, "", 0.7);
    const desc = (t) => [t.name, t.id, t.influence, t.hasPositions, t.hasNormals, t.hasTangents, t.hasUVs, t.hasUV2s, t.hasColors, t.vertexCount, arr(t.getPositions()), arr(t.getNormals()), arr(t.getUVs()), t.morphTargetManager];
    out.fromMesh = [desc(t1), desc(t2), desc(t3)];
    const manager = new MorphTargetManager(scene);
    const flags = (mt) => [mt.hasPositions, mt.hasNormals, mt.hasTangents, mt.hasUVs, mt.hasUV2s, mt.hasColors, mt.supportsPositions, mt.supportsNormals, mt.supportsUVs, mt.vertexCount, mt.numTargets, mt.numInfluencers];
    const f0 = flags(manager);
    manager.addTarget(t1);
    const f1 = flags(manager);
    manager.addTarget(t2);
    manager.enableNormalMorphing = false;
    const f2 = flags(manager);
    manager.addTarget(t3);
    const f3 = flags(manager);
    manager.removeTarget(t3);
    manager.removeTarget(t2);
    manager.removeTarget(t1);
    const f4 = flags(manager);
    manager.addTarget(t1);
    manager.addTarget(t2);
    out.managerFlags = [f0, f1, f2, f3, f4];
    const anim = new Animation("inf", "influence", 30, Animation.ANIMATIONTYPE_FLOAT);
    anim.setKeys([{ frame: 0, value: 0 }, { frame: 30, value: 1 }]);
    t2.animations.push(anim);
    const s = t2.serialize();
    out.targetSerialize = [Object.keys(s).sort(), s.name, s.influence, s.id, s.positions, s.normals, s.uvs, s.animations.length, s.animations[0].name, s.animations[0].keys.length];
    const p = MorphTarget.Parse(JSON.parse(JSON.stringify(s)), scene);
    out.targetParse = [desc(p), p.animations.length, p.animations[0].getKeys().map((k) => [k.frame, k.value])];
    const c = t2.clone();
    out.targetClone = [desc(c), c.getPositions() === t2.getPositions(), c.animations.length];
    manager.metadata = { owner: "base" };
    const ms = manager.serialize();
    out.managerSerialize = [ms.id === manager.uniqueId, ms.meshName ?? null, ms.targets.length, ms.targets.map((t) => t.name), ms.metadata];
    const mp = MorphTargetManager.Parse(JSON.parse(JSON.stringify(ms)), scene);
    out.managerParse = [flags(mp), mp.getTarget(1).name, mp.getTarget(1).influence, mp.getTarget(1).morphTargetManager === mp, mp.metadata];
    const mc = manager.clone();
    out.managerClone = [flags(mc), mc.enableNormalMorphing, mc.getTarget(0).name, mc.getTarget(0) === manager.getTarget(0), mc.metadata === manager.metadata];
}
{
    const root = new TransformNode("hroot", scene);
    const kid = new TransformNode("hkid", scene);
    kid.parent = root;
    const grandKid = new TransformNode("hgrand", scene);
    grandKid.parent = kid;
    const all = Animation.CreateAndStartHierarchyAnimation("slide", root, false, "position.x", 30, 30, 0, 6, Animation.ANIMATIONLOOPMODE_CONSTANT);
    const direct = Animation.CreateAndStartHierarchyAnimation("lift", root, true, "position.y", 30, 60, 0, 3, Animation.ANIMATIONLOOPMODE_CYCLE);
    const steps = [];
    for (let i = 0; i < 8; i++) {
        scene._animate(200);
        steps.push([root.position.x, kid.position.x, grandKid.position.x, root.position.y, kid.position.y, grandKid.position.y]);
    }
    out.hierarchy = [all.length, direct.length, all.map((a) => a.target.name), direct.map((a) => a.target.name), direct[0].loopAnimation, all[0].loopAnimation, steps];
    const holder = { animations: [anim0()] };
    const dest = {};
    Animation.AppendSerializedAnimations(holder, dest);
    const dest2 = {};
    Animation.AppendSerializedAnimations({}, dest2);
    out.append = [dest.animations.length, dest.animations[0].name, dest.animations[0].keys.length, Object.keys(dest2)];
}
function anim0() {
    const a = new Animation("ser", "position.z", 60, Animation.ANIMATIONTYPE_FLOAT);
    a.setKeys([{ frame: 0, value: 1 }, { frame: 6, value: 2 }, { frame: 12, value: -1 }]);
    return a;
}

console.log(JSON.stringify(out));
