// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 AnimationGroup statics and copies: MergeAnimationGroups (plain, with
// normalize and an explicit weight, keeping or disposing the sources, an empty list),
// ClipKeys/ClipKeysInPlace (key indices) and ClipFrames/ClipFramesInPlace (frames, keys
// created at the bounds; cloned or shared animations; an animation left without keys is
// dropped), clone (settings copied, shared vs cloned animations and keys, targetConverter),
// serialize and Parse (targets found by id), and playing the merged and clipped groups.
import { Animation, AnimationGroup, Logger, NullEngine, Scene, TransformNode, Vector3 } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const engine = new NullEngine();
const scene = new Scene(engine);
const F = Animation.ANIMATIONTYPE_FLOAT;
const V3 = Animation.ANIMATIONTYPE_VECTOR3;

function anim(name, property, type, keys, fps = 30) {
    const animation = new Animation(name, property, fps, type);
    animation.setKeys(keys.map(([frame, value]) => ({ frame, value })));
    return animation;
}
function dump(value) {
    return typeof value === "number" ? value : value.asArray();
}
function keysOf(animation) {
    return animation.getKeys().map((k) => [k.frame, dump(k.value)]);
}
function describe(group) {
    return {
        name: group.name,
        range: [group.from, group.to],
        settings: [group.speedRatio, group.loopAnimation, group.isAdditive, group.weight, group.playOrder, group.enableBlending, group.blendingSpeed],
        targets: group.targetedAnimations.map((ta) => [ta.target.name, ta.animation.name, keysOf(ta.animation)]),
    };
}

const left = new TransformNode("left", scene);
const right = new TransformNode("right", scene);
const leftTwin = new TransformNode("leftTwin", scene);

function makeA() {
    const g = new AnimationGroup("A", scene);
    g.addTargetedAnimation(anim("lx", "position.x", F, [[0, 0], [10, 1], [20, 4], [30, 9]]), left);
    g.addTargetedAnimation(anim("rp", "position", V3, [[5, new Vector3(0, 0, 0)], [25, new Vector3(2, 4, 6)]]), right);
    return g;
}
function makeB() {
    const g = new AnimationGroup("B", scene, 0.5);
    g.addTargetedAnimation(anim("ly", "position.y", F, [[10, 1], [40, -2]]), left);
    return g;
}

// Merge keeping the sources.
const a1 = makeA();
const b1 = makeB();
const merged = AnimationGroup.MergeAnimationGroups([a1, b1], false);
const mergeKeep = [describe(merged), scene.animationGroups.map((g) => g.name), merged.targetedAnimations[0].animation === a1.targetedAnimations[0].animation];

// Merge with normalize, explicit weight, disposing the sources.
const a2 = makeA();
const b2 = makeB();
const mergedN = AnimationGroup.MergeAnimationGroups([a2, b2], true, true, 0.75);
const mergeNorm = [describe(mergedN), scene.animationGroups.map((g) => g.name), a2.targetedAnimations.length];
const mergeEmpty = AnimationGroup.MergeAnimationGroups([]);

// Clips.
const src = makeA();
src.speedRatio = 2;
src.loopAnimation = true;
src.playOrder = 3;
src.metadata = { tag: "src" };
const byKeys = AnimationGroup.ClipKeys(src, 1, 2, "byKeys");
const byFrames = AnimationGroup.ClipFrames(src, 8, 22);
const clipInfo = {
    byKeys: describe(byKeys),
    byFrames: describe(byFrames),
    srcAfter: describe(src),
    shared: [byKeys.targetedAnimations[0].animation === src.targetedAnimations[0].animation, byFrames.metadata === src.metadata],
};
const inPlace = makeA();
inPlace.name = "inPlace";
const firstAnim = inPlace.targetedAnimations[0].animation;
AnimationGroup.ClipFramesInPlace(inPlace, 6, 12, true);
const inPlaceKeys = makeA();
inPlaceKeys.name = "inPlaceKeys";
AnimationGroup.ClipKeysInPlace(inPlaceKeys, 3, 3);
const inPlaceInfo = [describe(inPlace), inPlace.targetedAnimations[0].animation === firstAnim, describe(inPlaceKeys)];

// Clones.
const orig = makeA();
orig.name = "orig";
orig.weight = 0.4;
orig.enableBlending = true;
orig.blendingSpeed = 0.2;
const shallow = orig.clone();
const deep = orig.clone("deep", (t) => (t === left ? leftTwin : t), true, true);
const cloneInfo = {
    shallow: describe(shallow),
    deep: describe(deep),
    sameAnim: [shallow.targetedAnimations[0].animation === orig.targetedAnimations[0].animation, deep.targetedAnimations[0].animation === orig.targetedAnimations[0].animation],
    sameKey: deep.targetedAnimations[1].animation.getKeys()[0].value === orig.targetedAnimations[1].animation.getKeys()[0].value,
};

// Serialize and parse.
const serialized = orig.serialize();
const parsed = AnimationGroup.Parse(serialized, scene);
const parsedInfo = [describe(parsed), parsed.targetedAnimations.map((ta) => ta.target === left || ta.target === right)];
const targetedSerialized = orig.targetedAnimations[1].serialize();
// Unique ids depend on how many objects were created before: record whether they match.
for (const t of [...serialized.targetedAnimations, targetedSerialized]) {
    t.targetUniqueId = t.targetUniqueId === (t.targetId === "left" ? left : right).uniqueId;
}

// Play the merged and the clipped groups.
const steps = [];
mergedN.play(true);
for (let i = 0; i < 90; i++) {
    if (i === 45) { mergedN.stop(); byFrames.play(true); }
    scene._animate(16);
    steps.push([left.position.x, left.position.y, ...right.position.asArray()]);
}

console.log(JSON.stringify({ mergeKeep, mergeNorm, mergeEmpty, clipInfo, inPlaceInfo, cloneInfo, serialized, parsedInfo, targetedSerialized, steps }));
