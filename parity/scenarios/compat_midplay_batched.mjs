// parity: {"atol": 1e-5, "rtol": 1e-5, "quaternion_paths": ["$.cases.*.frames[*].nodes[*].q"]}
// Issue 29 through the batched row path: 20 TransformNodes (node i at rest at (0, i, -i)) each
// play the SAME three animations - position.x (float, a 0..6 ramp), rotationQuaternion
// (Quaternion) and scaling (Vector3), 30 fps keyed 0/15/30, looping 0..30 - and 20
// StandardMaterials the same diffuseColor (Color3) animation, so one kind of animatable has 20
// rows (the batch kicks in at 16). Started by beginDirectAnimation ("direct") or one
// AnimationGroup holding every (animation, target) pair ("group"); scene.render() with a camera
// and useConstantAnimationDeltaTime (16 ms). After 6 renders one thing changes, then 10 more
// renders; the frame before the change and renders 1, 2, 6, 10 after it are recorded: nodes 0, 3,
// 5, 7 (p position, q rotationQuaternion), the scaling of nodes 0 and 3 (s), the spare node's
// position and material 19's colour (c):
//   setKeys      setKeys on the shared position.x, quaternion and colour animations,
//   edit         getKeys()[1].value replaced on position.x (300) and the quaternion,
//   ease_key     getKeys()[0].easingFunction = SineEase on position.x,
//   fps_first    position.x's framePerSecond 30 -> 60 (the first animation of each row),
//   fps_other    scaling's framePerSecond 30 -> 15,
//   swap         node 7's position and node 3's scaling replaced by new vectors,
//   quat_null    node 5's rotationQuaternion = null,
//   shared       node 3's position = node 19's position,
//   target       (direct) node 0's animatable.target = a spare node; (group) its targeted
//                animation's target,
//   evict        (direct) node 0's animatable speedRatio 2, node 3's weight 0.5; (group) the
//                group's speedRatio 2.
import {
    Animation,
    AnimationGroup,
    Color3,
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
const COUNT = 20;
const WATCH = [0, 3, 5, 7];
const RECORD = [1, 2, 6, 10];
const CASES = ["setKeys", "edit", "ease_key", "fps_first", "fps_other", "swap", "quat_null", "shared", "target", "evict"];
const DRIVERS = ["direct", "group"];

function makeAnimation(name, path, type, values) {
    const anim = new Animation(name, path, 30, type, Animation.ANIMATIONLOOPMODE_CYCLE);
    anim.setKeys([
        { frame: 0, value: values[0] },
        { frame: 15, value: values[1] },
        { frame: 30, value: values[2] },
    ]);
    return anim;
}

const arr = (v) => (v ? v.asArray() : null);

const cases = {};
for (const name of CASES) {
    for (const driver of DRIVERS) {
        const scene = new Scene(engine);
        new FreeCamera("camera", new Vector3(0, 0, -10), scene);
        scene.useConstantAnimationDeltaTime = true;
        const px = makeAnimation("px", "position.x", Animation.ANIMATIONTYPE_FLOAT, [0, 3, 6]);
        const rq = makeAnimation("rq", "rotationQuaternion", Animation.ANIMATIONTYPE_QUATERNION, [
            Quaternion.Identity(),
            Quaternion.RotationYawPitchRoll(1.1, 0.2, 0),
            Quaternion.RotationYawPitchRoll(0.3, 0, 0.7),
        ]);
        const sc = makeAnimation("sc", "scaling", Animation.ANIMATIONTYPE_VECTOR3, [new Vector3(1, 1, 1), new Vector3(2, 0.5, 1), new Vector3(1, 3, 2)]);
        const dc = makeAnimation("dc", "diffuseColor", Animation.ANIMATIONTYPE_COLOR3, [new Color3(0, 0, 0), new Color3(1, 0.5, 0.25), new Color3(0.2, 0.9, 0.4)]);
        const nodes = [];
        const mats = [];
        for (let i = 0; i < COUNT; i++) {
            const node = new TransformNode(`node${i}`, scene);
            node.position = new Vector3(0, i, -i);
            node.rotationQuaternion = Quaternion.Identity();
            nodes.push(node);
            mats.push(new StandardMaterial(`mat${i}`, scene));
        }
        const spare = new TransformNode("spare", scene);
        const animatables = [];
        let group = null;
        if (driver === "direct") {
            for (let i = 0; i < COUNT; i++) animatables.push(scene.beginDirectAnimation(nodes[i], [px, rq, sc], 0, 30, true));
            for (let i = 0; i < COUNT; i++) scene.beginDirectAnimation(mats[i], [dc], 0, 30, true);
        } else {
            group = new AnimationGroup("crowd", scene);
            for (let i = 0; i < COUNT; i++) {
                group.addTargetedAnimation(px, nodes[i]);
                group.addTargetedAnimation(rq, nodes[i]);
                group.addTargetedAnimation(sc, nodes[i]);
            }
            for (let i = 0; i < COUNT; i++) group.addTargetedAnimation(dc, mats[i]);
            group.start(true);
        }
        for (let i = 0; i < 6; i++) scene.render();
        const read = () => ({
            nodes: WATCH.map((i) => ({ p: arr(nodes[i].position), q: arr(nodes[i].rotationQuaternion) })),
            s: [...nodes[0].scaling.asArray(), ...nodes[3].scaling.asArray()],
            spare: arr(spare.position),
            c: mats[19].diffuseColor.asArray(),
        });
        const frames = [read()];
        if (name === "setKeys") {
            px.setKeys([
                { frame: 0, value: 10 },
                { frame: 15, value: 13 },
                { frame: 30, value: 10 },
            ]);
            rq.setKeys([
                { frame: 0, value: Quaternion.RotationYawPitchRoll(0, 1, 0) },
                { frame: 15, value: Quaternion.Identity() },
                { frame: 30, value: Quaternion.RotationYawPitchRoll(0, 1, 0) },
            ]);
            dc.setKeys([
                { frame: 0, value: new Color3(1, 1, 1) },
                { frame: 15, value: new Color3(0, 1, 0) },
                { frame: 30, value: new Color3(1, 1, 1) },
            ]);
        } else if (name === "edit") {
            px.getKeys()[1].value = 300;
            rq.getKeys()[1].value = Quaternion.RotationYawPitchRoll(-1, 0, 0);
        } else if (name === "ease_key") {
            px.getKeys()[0].easingFunction = new SineEase();
        } else if (name === "fps_first") {
            px.framePerSecond = 60;
        } else if (name === "fps_other") {
            sc.framePerSecond = 15;
        } else if (name === "swap") {
            nodes[7].position = new Vector3(0, 1, 0);
            nodes[3].scaling = new Vector3(5, 5, 5);
        } else if (name === "quat_null") {
            nodes[5].rotationQuaternion = null;
        } else if (name === "shared") {
            nodes[3].position = nodes[19].position;
        } else if (name === "target") {
            if (driver === "group") {
                group.targetedAnimations[0].target = spare;
            } else {
                animatables[0].target = spare;
            }
        } else if (name === "evict") {
            if (driver === "group") {
                group.speedRatio = 2;
            } else {
                animatables[0].speedRatio = 2;
                animatables[3].weight = 0.5;
            }
        }
        for (let i = 1; i <= 10; i++) {
            scene.render();
            if (RECORD.includes(i)) frames.push(read());
        }
        cases[`${name}_${driver}`] = { frames };
        scene.dispose();
    }
}

console.log(JSON.stringify({ cases }));
