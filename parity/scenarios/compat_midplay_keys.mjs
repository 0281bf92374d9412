// parity: {"atol": 1e-5, "rtol": 1e-5, "quaternion_paths": ["$.cases.quat_*.frames[*]"]}
// Issue 29, keys changed while an animation plays (Babylon.js 9.31, NullEngine, scene.render()
// with a camera and useConstantAnimationDeltaTime: 16 ms a frame). For float (position.x),
// Vector3 (position), Quaternion (rotationQuaternion) and Color3 (material.diffuseColor) tracks,
// each started four ways (scene.beginAnimation with target.animations, beginDirectAnimation,
// an AnimationGroup, beginWeightedAnimation at weight 0.6: blended with the value the target had
// when it started), keys 0/30/60 at 30 fps looping over 0..60: after 6 renders the keys are
//   setKeys      replaced with anim.setKeys(...) (float: the issue's [{0,10},{30,13}]),
//   edit         anim.getKeys()[1].value = a new value,
//   edit_inplace the value object of key 1 mutated in place (not float),
//   append       a key pushed at frame 90 (beyond the range the animation started with),
//   insert       a key spliced in at frame 15,
// then 10 more renders. Each case records the value after render 6 (before the change) and
// after each later render. An extra case replays the issue's example with scene._animate(16).
import {
    Animation,
    AnimationGroup,
    Color3,
    FreeCamera,
    NullEngine,
    Quaternion,
    Scene,
    StandardMaterial,
    TransformNode,
    Vector3,
} from "@babylonjs/core";

const engine = new NullEngine();
const KINDS = ["float", "vec3", "quat", "color3"];
const DRIVERS = ["begin", "direct", "group", "weighted"];
const MUTATIONS = ["setKeys", "edit", "edit_inplace", "append", "insert"];

function makeScene() {
    const scene = new Scene(engine);
    new FreeCamera("camera", new Vector3(0, 0, -10), scene);
    scene.useConstantAnimationDeltaTime = true;
    return scene;
}

function value(kind, a) {
    if (kind === "float") return a;
    if (kind === "vec3") return new Vector3(a, 2 * a, -a);
    if (kind === "quat") return Quaternion.RotationYawPitchRoll(0.1 * a, 0.05 * a, -0.02 * a);
    return new Color3(0.1 * a, 0.5 - 0.05 * a, 0.2);
}

function makeAnimation(kind) {
    const specs = {
        float: ["position.x", Animation.ANIMATIONTYPE_FLOAT],
        vec3: ["position", Animation.ANIMATIONTYPE_VECTOR3],
        quat: ["rotationQuaternion", Animation.ANIMATIONTYPE_QUATERNION],
        color3: ["diffuseColor", Animation.ANIMATIONTYPE_COLOR3],
    };
    const [path, type] = specs[kind];
    const anim = new Animation(`${kind}Anim`, path, 30, type, Animation.ANIMATIONLOOPMODE_CYCLE);
    anim.setKeys([
        { frame: 0, value: value(kind, 0) },
        { frame: 30, value: value(kind, 3) },
        { frame: 60, value: value(kind, -1) },
    ]);
    return anim;
}

function makeTarget(kind, scene) {
    if (kind === "color3") {
        const material = new StandardMaterial("material", scene);
        material.diffuseColor = new Color3(1, 1, 1);
        return material;
    }
    const node = new TransformNode("node", scene);
    if (kind === "quat") node.rotationQuaternion = Quaternion.Identity();
    return node;
}

function read(kind, target) {
    if (kind === "float") return target.position.x;
    if (kind === "vec3") return target.position.asArray();
    if (kind === "quat") return target.rotationQuaternion.asArray();
    return target.diffuseColor.asArray();
}

function start(driver, scene, target, anim) {
    if (driver === "begin") {
        target.animations = [anim];
        scene.beginAnimation(target, 0, 60, true);
    } else if (driver === "direct") {
        scene.beginDirectAnimation(target, [anim], 0, 60, true);
    } else if (driver === "weighted") {
        target.animations = [anim];
        scene.beginWeightedAnimation(target, 0, 60, 0.6, true);
    } else {
        const group = new AnimationGroup("group", scene);
        group.addTargetedAnimation(anim, target);
        group.start(true);
    }
}

function mutate(mutation, kind, anim) {
    if (mutation === "setKeys") {
        if (kind === "float") {
            anim.setKeys([
                { frame: 0, value: 10 },
                { frame: 30, value: 13 },
            ]);
        } else {
            anim.setKeys([
                { frame: 0, value: value(kind, 1) },
                { frame: 30, value: value(kind, 5) },
                { frame: 60, value: value(kind, 2) },
            ]);
        }
    } else if (mutation === "edit") {
        anim.getKeys()[1].value = kind === "float" ? 300 : value(kind, 7);
    } else if (mutation === "edit_inplace") {
        const v = anim.getKeys()[1].value;
        if (kind === "vec3") v.x = 40;
        else if (kind === "quat") v.copyFrom(Quaternion.RotationYawPitchRoll(0.9, 0, 0));
        else v.r = 0.9;
    } else if (mutation === "append") {
        anim.getKeys().push({ frame: 90, value: value(kind, 8) });
    } else {
        anim.getKeys().splice(1, 0, { frame: 15, value: value(kind, 6) });
    }
}

const cases = {};
for (const kind of KINDS) {
    for (const driver of DRIVERS) {
        for (const mutation of MUTATIONS) {
            if (kind === "float" && mutation === "edit_inplace") continue;
            const scene = makeScene();
            const target = makeTarget(kind, scene);
            const anim = makeAnimation(kind);
            start(driver, scene, target, anim);
            for (let i = 0; i < 6; i++) scene.render();
            const frames = [read(kind, target)];
            mutate(mutation, kind, anim);
            for (let i = 0; i < 10; i++) {
                scene.render();
                frames.push(read(kind, target));
            }
            cases[`${kind}_${driver}_${mutation}`] = { frames, keys: anim.getKeys().length };
            scene.dispose();
        }
    }
}

// The issue's example: a float ramp 0 -> 3 over 30 frames at 60 fps, setKeys after 5 steps.
{
    const scene = makeScene();
    const node = new TransformNode("node", scene);
    const anim = new Animation("x", "position.x", 60, Animation.ANIMATIONTYPE_FLOAT, Animation.ANIMATIONLOOPMODE_CYCLE);
    anim.setKeys([
        { frame: 0, value: 0 },
        { frame: 30, value: 3 },
    ]);
    scene.beginDirectAnimation(node, [anim], 0, 30, true);
    const frames = [];
    for (let i = 0; i < 5; i++) {
        scene._animate(16);
        frames.push(node.position.x);
    }
    anim.setKeys([
        { frame: 0, value: 10 },
        { frame: 30, value: 13 },
    ]);
    for (let i = 0; i < 5; i++) {
        scene._animate(16);
        frames.push(node.position.x);
    }
    cases.issue_animate16 = { frames, keys: anim.getKeys().length };
    scene.dispose();
}

console.log(JSON.stringify({ cases }));
