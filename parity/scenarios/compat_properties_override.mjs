// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 AnimationPropertiesOverride on the scene, on a node, on a skeleton and on a
// morph target: its defaults; the scene switch turning blending on for a weighted group and
// for a plain beginAnimation (a plain object target, which has no override, is untouched);
// a node's override beating the scene's; the target's override beating the animation's own
// enableBlending / blendingSpeed / loopMode (both ways round); loopMode overrides (RELATIVE,
// CONSTANT, YOYO) on a CYCLE animation; a morph target ignoring the scene's loop mode but
// taking its own; blendingSpeed over frames at several speeds; and toggling mid-run
// (blendingSpeed is read every frame, enableBlending and loopMode when the animation starts).
import {
    Animation,
    AnimationGroup,
    AnimationPropertiesOverride,
    Logger,
    MorphTarget,
    NullEngine,
    Scene,
    Skeleton,
    Bone,
    TransformNode,
    Vector3,
} from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

const engine = new NullEngine();
const scene = new Scene(engine);
const F = Animation.ANIMATIONTYPE_FLOAT;
const V3 = Animation.ANIMATIONTYPE_VECTOR3;

function anim(name, property, type, keys, fps = 30, loopMode = undefined) {
    const animation = new Animation(name, property, fps, type, loopMode);
    animation.setKeys(keys.map(([frame, value]) => ({ frame, value })));
    return animation;
}
function override(enableBlending, blendingSpeed, loopMode) {
    const o = new AnimationPropertiesOverride();
    if (enableBlending !== undefined) o.enableBlending = enableBlending;
    if (blendingSpeed !== undefined) o.blendingSpeed = blendingSpeed;
    if (loopMode !== undefined) o.loopMode = loopMode;
    return o;
}
function xs(...nodes) {
    return nodes.map((n) => (n.position ? n.position.x : n.x));
}
const out = {};

// Defaults.
const d = new AnimationPropertiesOverride();
out.defaults = [d.enableBlending, d.blendingSpeed, d.loopMode];
out.sceneDefault = scene.animationPropertiesOverride === null ? "null" : String(scene.animationPropertiesOverride);
const probe = new TransformNode("probe", scene);
out.nodeDefault = probe.animationPropertiesOverride === null ? "null" : String(probe.animationPropertiesOverride);

// 1. Scene switch with a weighted group and with a plain beginAnimation.
{
    scene.animationPropertiesOverride = override(true, 0.05);
    out.nodeInherits = probe.animationPropertiesOverride === scene.animationPropertiesOverride;
    const a = new TransformNode("a", scene);
    a.position = new Vector3(10, 0, 0);
    const b = new TransformNode("b", scene);
    b.position = new Vector3(10, 0, 0);
    const plain = { name: "plain", x: 10 };
    const group = new AnimationGroup("weighted", scene, 1);
    group.addTargetedAnimation(anim("ga", "position.x", F, [[0, 0], [60, 60]]), a);
    group.addTargetedAnimation(anim("gp", "x", F, [[0, 0], [60, 60]]), plain);
    group.play(true);
    const b0 = scene.beginDirectAnimation(b, [anim("bb", "position", V3, [[0, new Vector3(0, 0, 0)], [60, new Vector3(60, -6, 6)]])], 0, 60, true);
    const steps = [];
    for (let i = 0; i < 30; i++) {
        scene._animate(33);
        steps.push([...xs(a, plain, b), b.position.y, b.position.z]);
    }
    out.sceneWeighted = steps;
    group.stop();
    b0.stop();
    group.dispose();
    scene.animationPropertiesOverride = null;
}

// 2. A node's override beats the scene's; 3. the target's override beats the animation's own.
{
    scene.animationPropertiesOverride = override(true, 0.02);
    const inherit = new TransformNode("inherit", scene);
    const off = new TransformNode("off", scene);
    off.animationPropertiesOverride = override(false);
    const fast = new TransformNode("fast", scene);
    fast.animationPropertiesOverride = override(true, 0.25);
    const animOn = new TransformNode("animOn", scene); // animation says blend, node says no
    animOn.animationPropertiesOverride = override(false, 0.5);
    const animOff = new TransformNode("animOff", scene); // animation says no, node says blend
    animOff.animationPropertiesOverride = override(true, 0.1);
    const nodes = [inherit, off, fast, animOn, animOff];
    for (const n of nodes) n.position = new Vector3(5, 0, 0);
    const blendAnim = anim("blend", "position.x", F, [[0, -5], [30, 25]]);
    blendAnim.enableBlending = true;
    blendAnim.blendingSpeed = 0.5;
    const noBlendAnim = anim("noblend", "position.x", F, [[0, -5], [30, 25]]);
    noBlendAnim.enableBlending = false;
    const animatables = [
        scene.beginDirectAnimation(inherit, [anim("i", "position.x", F, [[0, -5], [30, 25]])], 0, 30, true),
        scene.beginDirectAnimation(off, [anim("o", "position.x", F, [[0, -5], [30, 25]])], 0, 30, true),
        scene.beginDirectAnimation(fast, [anim("f", "position.x", F, [[0, -5], [30, 25]])], 0, 30, true),
        scene.beginDirectAnimation(animOn, [blendAnim], 0, 30, true),
        scene.beginDirectAnimation(animOff, [noBlendAnim], 0, 30, true),
    ];
    const steps = [];
    for (let i = 0; i < 20; i++) {
        scene._animate(33);
        steps.push(xs(...nodes));
    }
    out.precedence = steps;
    out.precedenceGetters = [
        inherit.animationPropertiesOverride === scene.animationPropertiesOverride,
        off.animationPropertiesOverride.enableBlending,
        fast.animationPropertiesOverride.blendingSpeed,
    ];
    for (const x of animatables) x.stop();
    // Clearing a node's override falls back to the scene's again.
    off.animationPropertiesOverride = null;
    out.clearedFallsBack = off.animationPropertiesOverride === scene.animationPropertiesOverride;
    scene.animationPropertiesOverride = null;
}

// 4. loopMode overrides on a CYCLE animation; the scene's loop mode and a morph target.
{
    const modes = [Animation.ANIMATIONLOOPMODE_RELATIVE, Animation.ANIMATIONLOOPMODE_CONSTANT, Animation.ANIMATIONLOOPMODE_YOYO];
    const runs = [];
    for (const mode of modes) {
        const node = new TransformNode("loop" + mode, scene);
        node.position = new Vector3(1, 2, 3);
        node.animationPropertiesOverride = override(false, 0.01, mode);
        const x = anim("x", "position", V3, [[0, new Vector3(0, 0, 0)], [20, new Vector3(2, 1, -1)], [40, new Vector3(3, -1, 2)]], 60, Animation.ANIMATIONLOOPMODE_CYCLE);
        const log = [];
        const animatable = scene.beginDirectAnimation(node, [x], 0, 40, true, 1, () => log.push("end"), () => log.push("loop"));
        const steps = [];
        for (let i = 0; i < 120; i++) {
            scene._animate(16);
            steps.push([animatable.masterFrame, node.position.x, node.position.y, node.position.z, log.length]);
        }
        animatable.stop();
        runs.push({ mode, steps });
    }
    out.loopOverride = runs;

    // Animation says RELATIVE, the scene says CYCLE: the scene wins for a node; a morph target
    // keeps its own loop mode unless its own override is set; a plain object keeps its own.
    scene.animationPropertiesOverride = override(false, 0.01, Animation.ANIMATIONLOOPMODE_CYCLE);
    const node = new TransformNode("sceneLoop", scene);
    const morph = new MorphTarget("m", 0, scene);
    const morph2 = new MorphTarget("m2", 0, scene);
    morph2.animationPropertiesOverride = override(false, 0.01, Animation.ANIMATIONLOOPMODE_CYCLE);
    const plain = { x: 0 };
    const rel = () => anim("r", "position.x", F, [[0, 0], [10, 1]], 60, Animation.ANIMATIONLOOPMODE_RELATIVE);
    const relI = () => anim("ri", "influence", F, [[0, 0], [10, 0.1]], 60, Animation.ANIMATIONLOOPMODE_RELATIVE);
    const relX = () => anim("rx", "x", F, [[0, 0], [10, 1]], 60, Animation.ANIMATIONLOOPMODE_RELATIVE);
    const started = [
        scene.beginDirectAnimation(node, [rel()], 0, 10, true),
        scene.beginDirectAnimation(morph, [relI()], 0, 10, true),
        scene.beginDirectAnimation(morph2, [relI()], 0, 10, true),
        scene.beginDirectAnimation(plain, [relX()], 0, 10, true),
    ];
    const steps = [];
    for (let i = 0; i < 40; i++) {
        scene._animate(16);
        steps.push([node.position.x, morph.influence, morph2.influence, plain.x]);
    }
    out.sceneLoop = steps;
    out.morphGetters = [morph.animationPropertiesOverride === scene.animationPropertiesOverride, morph2.animationPropertiesOverride !== scene.animationPropertiesOverride];
    for (const s of started) s.stop();
    scene.animationPropertiesOverride = null;
}

// 5. blendingSpeed over frames, several speeds; a skeleton's override reaches its bones.
{
    const speeds = [0.01, 0.05, 0.2, 0.7, 1.5];
    const nodes = speeds.map((s, i) => {
        const n = new TransformNode("speed" + i, scene);
        n.position = new Vector3(100, 0, 0);
        n.animationPropertiesOverride = override(true, s);
        return n;
    });
    const skeleton = new Skeleton("sk", "sk", scene);
    const bone = new Bone("bone", skeleton);
    bone.position = new Vector3(100, 0, 0);
    skeleton.animationPropertiesOverride = override(true, 0.1);
    const started = nodes.map((n) => scene.beginDirectAnimation(n, [anim("s", "position", V3, [[0, new Vector3(0, 0, 0)], [30, new Vector3(30, 3, -3)]])], 0, 30, true));
    started.push(scene.beginDirectAnimation(bone, [anim("bs", "position", V3, [[0, new Vector3(0, 0, 0)], [30, new Vector3(30, 3, -3)]])], 0, 30, true));
    const steps = [];
    for (let i = 0; i < 40; i++) {
        scene._animate(33);
        steps.push([...nodes.map((n) => n.position.x), nodes[2].position.y, bone.position.x, bone.position.z]);
    }
    out.speeds = steps;
    out.boneGetter = bone.animationPropertiesOverride === skeleton.animationPropertiesOverride;
    for (const s of started) s.stop();
}

// 6. Toggling mid-run.
{
    const shared = override(true, 0.02);
    scene.animationPropertiesOverride = shared;
    const n = new TransformNode("toggle", scene);
    n.position = new Vector3(50, 0, 0);
    const m = new TransformNode("late", scene);
    m.position = new Vector3(50, 0, 0);
    const group = new AnimationGroup("toggle", scene);
    group.addTargetedAnimation(anim("t", "position.x", F, [[0, 0], [30, 30]]), n);
    group.play(true);
    const steps = [];
    let second = null;
    for (let i = 0; i < 90; i++) {
        const ev = [];
        if (i === 5) { shared.blendingSpeed = 0.2; ev.push("speed"); }
        if (i === 15) { shared.enableBlending = false; ev.push("off"); }
        if (i === 20) { second = scene.beginDirectAnimation(m, [anim("l", "position.x", F, [[0, 0], [30, 30]])], 0, 30, true); ev.push("late-start"); }
        if (i === 30) { scene.animationPropertiesOverride = override(true, 0.1); n.position.x = 80; ev.push("new-scene-override"); }
        if (i === 40) { group.stop(); group.play(true); ev.push("restart"); }
        if (i === 55) { scene.animationPropertiesOverride = null; ev.push("cleared"); }
        if (i === 60) { group.stop(); n.position.x = -20; group.play(true); ev.push("restart-cleared"); }
        if (i === 70) { n.animationPropertiesOverride = override(false, 0.01, Animation.ANIMATIONLOOPMODE_CONSTANT); group.stop(); group.play(true); ev.push("node-constant"); }
        scene._animate(33);
        steps.push([i, ev, n.position.x, m.position.x]);
    }
    out.toggle = steps;
    group.stop();
    if (second) second.stop();
}

console.log(JSON.stringify(out));
