// parity: {"atol": 1e-5, "rtol": 1e-5, "quaternion_paths": ["$.cases.*.frames[*].q"]}
// Issue 29, objects swapped under running animations (Babylon.js 9.31, NullEngine with a camera,
// scene._animate(50) steps, 30 fps animations keyed 0..30 looping). Babylon resolves a
// property path's objects once, when the RuntimeAnimation is made, and a whole-value track
// assigns its own value object back every frame. Each case is started three ways
// (beginAnimation with target.animations, beginDirectAnimation, an AnimationGroup); after 6
// steps the change is made, then 10 more steps are recorded (cases marked * change nothing
// mid-play: their setup is the point):
//   pos_x         node.position = new Vector3(0, 1, 0) under position.x (new and old vectors),
//   rot_y         node.rotation = new Vector3(0, 0, 0.5) under rotation.y,
//   scale_x       node.scaling = new Vector3(2, 2, 2) under scaling.x,
//   pos_whole     node.position = new Vector3(0, 1, 0) under a whole position (Vector3) track,
//   quat_whole    node.rotationQuaternion = new Quaternion(0, 0, 0, 1) under rotationQuaternion,
//   quat_null     node.rotationQuaternion = null under rotationQuaternion,
//   mat_alpha     mesh.material swapped under material.alpha (new and old materials),
//   mat_color     mesh.material swapped under material.diffuseColor (Color3),
//   color_whole   material.diffuseColor = new Color3(0, 0, 1) under diffuseColor,
//   shared_whole* a.position = b.position, then a position (Vector3) animation played on a,
//   shared_mid    the same sharing done mid-play,
//   shared_x*     a.position = b.position, then a position.x animation played on a,
//   target_swap   animatable.target = another node (groups: targetedAnimations[0].target).
import {
    Animation,
    AnimationGroup,
    Color3,
    FreeCamera,
    MeshBuilder,
    NullEngine,
    Quaternion,
    Scene,
    StandardMaterial,
    TransformNode,
    Vector3,
} from "@babylonjs/core";

const engine = new NullEngine();
const CASES = ["pos_x", "rot_y", "scale_x", "pos_whole", "quat_whole", "quat_null", "mat_alpha", "mat_color", "color_whole", "shared_whole", "shared_mid", "shared_x", "target_swap"];
const DRIVERS = ["begin", "direct", "group"];

function makeAnimation(path, type, from, to) {
    const anim = new Animation(path, path, 30, type, Animation.ANIMATIONLOOPMODE_CYCLE);
    anim.setKeys([
        { frame: 0, value: from },
        { frame: 30, value: to },
    ]);
    return anim;
}

const arr = (v) => (v ? v.asArray() : null);

const cases = {};
for (const name of CASES) {
    for (const driver of DRIVERS) {
        const scene = new Scene(engine);
        new FreeCamera("camera", new Vector3(0, 0, -10), scene);
        const node = new TransformNode("node", scene);
        const other = new TransformNode("other", scene);
        const mesh = MeshBuilder.CreateBox("box", {}, scene);
        const matA = new StandardMaterial("matA", scene);
        const matB = new StandardMaterial("matB", scene);
        mesh.material = matA;
        let target = node;
        let anim;
        if (name === "pos_x" || name === "target_swap") {
            anim = makeAnimation("position.x", Animation.ANIMATIONTYPE_FLOAT, 0, 3);
        } else if (name === "rot_y") {
            anim = makeAnimation("rotation.y", Animation.ANIMATIONTYPE_FLOAT, 0, 3);
        } else if (name === "scale_x") {
            anim = makeAnimation("scaling.x", Animation.ANIMATIONTYPE_FLOAT, 1, 3);
        } else if (name === "pos_whole" || name === "shared_whole" || name === "shared_mid") {
            anim = makeAnimation("position", Animation.ANIMATIONTYPE_VECTOR3, new Vector3(0, 0, 0), new Vector3(3, 2, 1));
        } else if (name === "quat_whole" || name === "quat_null") {
            node.rotationQuaternion = Quaternion.Identity();
            anim = makeAnimation("rotationQuaternion", Animation.ANIMATIONTYPE_QUATERNION, Quaternion.Identity(), Quaternion.RotationYawPitchRoll(1, 0.5, 0));
        } else if (name === "mat_alpha") {
            target = mesh;
            anim = makeAnimation("material.alpha", Animation.ANIMATIONTYPE_FLOAT, 1, 0);
        } else if (name === "mat_color") {
            target = mesh;
            anim = makeAnimation("material.diffuseColor", Animation.ANIMATIONTYPE_COLOR3, new Color3(0, 0, 0), new Color3(1, 0.5, 0.25));
        } else if (name === "color_whole") {
            target = matA;
            anim = makeAnimation("diffuseColor", Animation.ANIMATIONTYPE_COLOR3, new Color3(0, 0, 0), new Color3(1, 0.5, 0.25));
        } else {
            anim = makeAnimation("position.x", Animation.ANIMATIONTYPE_FLOAT, 0, 3);
        }
        if (name === "shared_whole" || name === "shared_x") node.position = other.position;
        let player;
        if (driver === "begin") {
            target.animations = [anim];
            player = scene.beginAnimation(target, 0, 30, true);
        } else if (driver === "direct") {
            player = scene.beginDirectAnimation(target, [anim], 0, 30, true);
        } else {
            player = new AnimationGroup("group", scene);
            player.addTargetedAnimation(anim, target);
            player.start(true);
        }
        for (let i = 0; i < 6; i++) scene._animate(50);
        let old = null;
        let swapped = null;
        if (name === "pos_x" || name === "pos_whole") {
            old = node.position;
            swapped = new Vector3(0, 1, 0);
            node.position = swapped;
        } else if (name === "rot_y") {
            old = node.rotation;
            swapped = new Vector3(0, 0, 0.5);
            node.rotation = swapped;
        } else if (name === "scale_x") {
            old = node.scaling;
            swapped = new Vector3(2, 2, 2);
            node.scaling = swapped;
        } else if (name === "quat_whole") {
            old = node.rotationQuaternion;
            swapped = new Quaternion(0, 0, 0, 1);
            node.rotationQuaternion = swapped;
        } else if (name === "quat_null") {
            old = node.rotationQuaternion;
            node.rotationQuaternion = null;
        } else if (name === "mat_alpha" || name === "mat_color") {
            mesh.material = matB;
        } else if (name === "color_whole") {
            old = matA.diffuseColor;
            swapped = new Color3(0, 0, 1);
            matA.diffuseColor = swapped;
        } else if (name === "shared_mid") {
            node.position = other.position;
        } else if (name === "target_swap") {
            if (driver === "group") player.targetedAnimations[0].target = other;
            else player.target = other;
        }
        const frames = [];
        for (let i = 0; i < 11; i++) {
            if (i > 0) scene._animate(50);
            const f = { node_p: arr(node.position) };
            if (name === "rot_y") f.node_r = arr(node.rotation);
            if (name === "scale_x") f.node_s = arr(node.scaling);
            if (name.startsWith("shared") || name === "target_swap") f.other_p = arr(other.position);
            if (name === "quat_whole" || name === "quat_null") {
                f.q = arr(node.rotationQuaternion);
                f.old_q = arr(old);
            } else if (name === "mat_alpha" || name === "mat_color") {
                f.alpha = [matA.alpha, matB.alpha, mesh.material.alpha];
                f.color = [...matA.diffuseColor.asArray(), ...matB.diffuseColor.asArray()];
            } else if (name === "color_whole") {
                f.color = [...matA.diffuseColor.asArray(), ...swapped.asArray(), ...old.asArray()];
            } else if (old) {
                f.old = arr(old);
                f.swapped = arr(swapped);
            }
            frames.push(f);
        }
        cases[`${name}_${driver}`] = { frames, same_object: node.position === other.position };
        scene.dispose();
    }
}

console.log(JSON.stringify({ cases }));
