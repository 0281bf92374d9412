// parity: {"atol": 1e-5, "rtol": 1e-5, "quaternion_paths": ["$.cases.quat_*.frames[*]"]}
// Issue 29, easing and blending changed while an animation plays (Babylon.js 9.31, NullEngine,
// scene.render() with a camera and useConstantAnimationDeltaTime: 16 ms a frame). For float
// (position.x), Vector3 (position), Quaternion (rotationQuaternion) and Color3
// (material.diffuseColor) tracks at 30 fps keyed 0/30/60, looping over 0..60, started three ways
// (beginAnimation, beginDirectAnimation, an AnimationGroup); after 6 renders:
//   ease_set     anim.setEasingFunction(CubicEase, EASEINOUT) on an animation without easing,
//   ease_key     getKeys()[0].easingFunction = SineEase (the key playing),
//   ease_mode    the animation's BackEase(0.8) switched from EASEIN to EASEOUT (setEasingMode),
//   ease_clear   setEasingFunction(null) on an animation started with a CircleEase,
//   blend_speed  a second animation B (enableBlending, blendingSpeed 0.05) started over the first
//                (beginAnimation stops the first; direct: scene.stopAnimation then
//                beginDirectAnimation; groups: the first stopped, B's group started), and three
//                renders later B's blendingSpeed (group: group.blendingSpeed) set to 0.2,
//   blend_late   B started without blending, then B.enableBlending = true and
//                blendingSpeed = 0.05 (group: group.enableBlending / blendingSpeed) while it plays,
//   override_speed (nodes only) the target's animationPropertiesOverride (enableBlending,
//                blendingSpeed 0.05) set, B started over the first, and three renders later the
//                override's blendingSpeed set to 0.2,
//   override_late  (nodes only) B started without blending, then an animationPropertiesOverride
//                with enableBlending and blendingSpeed 0.05 set on the target while it plays;
// then 10 more renders. Each case records the value after render 6 and after every later one.
import {
    Animation,
    AnimationGroup,
    AnimationPropertiesOverride,
    BackEase,
    CircleEase,
    Color3,
    CubicEase,
    EasingFunction,
    FreeCamera,
    NullEngine,
    Quaternion,
    Scene,
    SineEase,
    StandardMaterial,
    TransformNode,
    Vector3,
} from "@babylonjs/core";

const engine = new NullEngine();
const KINDS = ["float", "vec3", "quat", "color3"];
const DRIVERS = ["begin", "direct", "group"];
const MUTATIONS = ["ease_set", "ease_key", "ease_mode", "ease_clear", "blend_speed", "blend_late", "override_speed", "override_late"];

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

function makeAnimation(kind, name, values) {
    const specs = {
        float: ["position.x", Animation.ANIMATIONTYPE_FLOAT],
        vec3: ["position", Animation.ANIMATIONTYPE_VECTOR3],
        quat: ["rotationQuaternion", Animation.ANIMATIONTYPE_QUATERNION],
        color3: ["diffuseColor", Animation.ANIMATIONTYPE_COLOR3],
    };
    const [path, type] = specs[kind];
    const anim = new Animation(name, path, 30, type, Animation.ANIMATIONLOOPMODE_CYCLE);
    const keys = [];
    for (let i = 0; i < values.length; i++) keys.push({ frame: 30 * i, value: value(kind, values[i]) });
    anim.setKeys(keys);
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
        return scene.beginAnimation(target, 0, 60, true);
    }
    if (driver === "direct") {
        scene.stopAnimation(target);
        return scene.beginDirectAnimation(target, [anim], 0, 60, true);
    }
    const group = new AnimationGroup(anim.name, scene);
    group.addTargetedAnimation(anim, target);
    group.start(true);
    return group;
}

const cases = {};
for (const kind of KINDS) {
    for (const driver of DRIVERS) {
        for (const mutation of MUTATIONS) {
            if (kind === "color3" && mutation.startsWith("override")) continue;
            const scene = makeScene();
            const target = makeTarget(kind, scene);
            const anim = makeAnimation(kind, "A", [0, 3, -1]);
            let ease = null;
            if (mutation === "ease_mode") {
                ease = new BackEase(0.8);
                ease.setEasingMode(EasingFunction.EASINGMODE_EASEIN);
                anim.setEasingFunction(ease);
            } else if (mutation === "ease_clear") {
                anim.setEasingFunction(new CircleEase());
            }
            const first = start(driver, scene, target, anim);
            for (let i = 0; i < 6; i++) scene.render();
            const frames = [read(kind, target)];
            const blend = makeAnimation(kind, "B", [5, 4, 2]);
            let player = null;
            let override = null;
            if (mutation === "ease_set") {
                const cubic = new CubicEase();
                cubic.setEasingMode(EasingFunction.EASINGMODE_EASEINOUT);
                anim.setEasingFunction(cubic);
            } else if (mutation === "ease_key") {
                anim.getKeys()[0].easingFunction = new SineEase();
            } else if (mutation === "ease_mode") {
                ease.setEasingMode(EasingFunction.EASINGMODE_EASEOUT);
            } else if (mutation === "ease_clear") {
                anim.setEasingFunction(null);
            } else if (mutation === "blend_speed") {
                blend.enableBlending = true;
                blend.blendingSpeed = 0.05;
                if (driver === "group") first.stop();
                player = start(driver, scene, target, blend);
            } else if (mutation === "override_speed") {
                override = new AnimationPropertiesOverride();
                override.enableBlending = true;
                override.blendingSpeed = 0.05;
                target.animationPropertiesOverride = override;
                if (driver === "group") first.stop();
                player = start(driver, scene, target, blend);
            } else {
                if (driver === "group") first.stop();
                player = start(driver, scene, target, blend);
            }
            for (let i = 0; i < 10; i++) {
                if (i === 3 && mutation === "blend_speed") {
                    if (driver === "group") player.blendingSpeed = 0.2;
                    else blend.blendingSpeed = 0.2;
                }
                if (i === 3 && mutation === "blend_late") {
                    if (driver === "group") {
                        player.enableBlending = true;
                        player.blendingSpeed = 0.05;
                    } else {
                        blend.enableBlending = true;
                        blend.blendingSpeed = 0.05;
                    }
                }
                if (i === 3 && mutation === "override_speed") override.blendingSpeed = 0.2;
                if (i === 3 && mutation === "override_late") {
                    override = new AnimationPropertiesOverride();
                    override.enableBlending = true;
                    override.blendingSpeed = 0.05;
                    target.animationPropertiesOverride = override;
                }
                scene.render();
                frames.push(read(kind, target));
            }
            cases[`${kind}_${driver}_${mutation}`] = { frames };
            scene.dispose();
        }
    }
}

console.log(JSON.stringify({ cases }));
