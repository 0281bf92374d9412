// parity: {"atol": 1e-6, "rtol": 1e-6}
// Babylon.js 9.31 members that stop documentation ports: Axis (values, identity, rotate and
// translate along it); scene.getStepId / setStepId through a deterministic-lockstep render
// loop (render() alone: 1 ms per render after the clamp) with registerBeforeRender / registerAfterRender /
// unregister*, the same function registered twice, and the order of step and render hooks;
// node animation ranges (createAnimationRange on a node and its animations, a duplicate name
// ignored, getAnimationRange(s) including a deleted one, beginAnimation over a range with loop,
// speed and end callback, a missing range, deleteAnimationRange with and without frames); and
// Bone.getPositionToRef / getPosition / getAbsolutePosition(ToRef) in LOCAL and WORLD space,
// with and without the skinned mesh, after the bones move.
import { Animation, Axis, Bone, FreeCamera, Logger, Matrix, Mesh, NullEngine, Quaternion, Scene, Skeleton, Space, TransformNode, Vector3 } from "@babylonjs/core";

Logger.LogLevels = Logger.NoneLogLevel;

let fakeNow = 1000;
Date.now = () => fakeNow;
const v = (p) => [p.x, p.y, p.z];
const out = {};

// Axis.
{
    out.axis = [v(Axis.X), v(Axis.Y), v(Axis.Z), Axis.X === Axis.X, Axis.Y instanceof Vector3];
    const scene = new Scene(new NullEngine());
    const n = new TransformNode("n", scene);
    n.rotate(Axis.Y, 0.5, Space.LOCAL);
    n.rotate(Axis.X, -0.25, Space.WORLD);
    n.translate(Axis.Z, 2, Space.LOCAL);
    n.translate(Axis.X, 1.5, Space.WORLD);
    n.computeWorldMatrix(true);
    out.axisMoves = [v(n.position), [n.rotationQuaternion.x, n.rotationQuaternion.y, n.rotationQuaternion.z, n.rotationQuaternion.w], v(Axis.X), v(Axis.Y), v(Axis.Z)];
    scene.dispose();
}

// Step ids and render hooks through a lockstep loop.
{
    const engine = new NullEngine({ deterministicLockstep: true, lockstepMaxSteps: 3 });
    const scene = new Scene(engine);
    new FreeCamera("camera", new Vector3(0, 0, -10), scene);
    const log = [];
    const before = () => log.push(["before", scene.getStepId()]);
    const after = () => log.push(["after", scene.getStepId()]);
    const twice = () => log.push(["twice", scene.getStepId()]);
    scene.onBeforeStepObservable.add(() => log.push(["beforeStep", scene.getStepId()]));
    scene.onAfterStepObservable.add(() => log.push(["afterStep", scene.getStepId()]));
    scene.registerBeforeRender(before);
    scene.registerAfterRender(after);
    scene.registerBeforeRender(twice);
    scene.registerBeforeRender(twice);
    out.stepStart = scene.getStepId();
    // A NullEngine driven by render() alone reports a 0 ms delta, which the lockstep clamps
    // to Scene.MinDeltaTime (1 ms): one 1/60 s step every 17 renders.
    const frames = [];
    for (let i = 0; i < 80; i++) {
        if (i === 3) scene.unregisterBeforeRender(twice);
        if (i === 30) scene.setStepId(100);
        if (i === 40) scene.unregisterBeforeRender(before);
        if (i === 55) { scene.unregisterAfterRender(after); scene.unregisterBeforeRender(twice); }
        if (i === 60) scene.unregisterBeforeRender(() => {}); // never registered: no effect
        if (i === 65) scene.registerBeforeRender(before);
        fakeNow += 16;
        const mark = log.length;
        scene.render();
        frames.push([i, scene.getStepId(), log.slice(mark)]);
    }
    out.steps = frames;
    scene.dispose();
}

// Node animation ranges.
{
    const scene = new Scene(new NullEngine());
    const node = new TransformNode("ranged", scene);
    const x = new Animation("x", "position.x", 30, Animation.ANIMATIONTYPE_FLOAT);
    x.setKeys([0, 10, 20, 30, 40, 50, 60].map((f) => ({ frame: f, value: f / 10 })));
    const s = new Animation("s", "scaling", 30, Animation.ANIMATIONTYPE_VECTOR3);
    s.setKeys([0, 30, 60].map((f) => ({ frame: f, value: new Vector3(1 + f / 30, 1, 1 - f / 120) })));
    node.animations.push(x, s);
    node.createAnimationRange("walk", 0, 30);
    node.createAnimationRange("run", 30, 60);
    node.createAnimationRange("walk", 5, 6); // name in use: ignored
    const r = (range) => (range ? [range.name, range.from, range.to] : null);
    out.ranges = [r(node.getAnimationRange("walk")), r(node.getAnimationRange("run")), r(x.getRange("walk")), r(s.getRange("run")), node.getAnimationRange("none")];
    const log = [];
    const a = node.beginAnimation("run", false, 2, () => log.push("end"));
    const play = [];
    for (let i = 0; i < 20; i++) {
        scene._animate(33);
        play.push([a.masterFrame, node.position.x, ...v(node.scaling), log.length]);
    }
    out.play = play;
    const b = node.beginAnimation("walk", true, 0.5);
    const loop = [];
    for (let i = 0; i < 10; i++) {
        scene._animate(100);
        loop.push([b.masterFrame, node.position.x, node.scaling.x]);
    }
    b.stop();
    out.loop = loop;
    out.missing = node.beginAnimation("none", true) === null;
    node.deleteAnimationRange("run", false);
    out.afterDeleteRun = [r(node.getAnimationRange("run")), r(x.getRange("run")), x.getKeys().length, s.getKeys().length, node.getAnimationRanges().map(r)];
    node.deleteAnimationRange("walk");
    out.afterDeleteWalk = [r(node.getAnimationRange("walk")), x.getKeys().map((k) => k.frame), s.getKeys().map((k) => k.frame), node.getAnimationRanges().map(r)];
    out.beginDeleted = node.beginAnimation("walk") === null;
    scene.dispose();
}

// Bone positions in both spaces.
{
    const scene = new Scene(new NullEngine());
    const skeleton = new Skeleton("rig", "rig", scene);
    const root = new Bone("root", skeleton, null, Matrix.Compose(new Vector3(1, 1, 1), Quaternion.RotationAxis(Axis.Z, 0.5), new Vector3(0, 1, 0)));
    const child = new Bone("child", skeleton, root, Matrix.Compose(new Vector3(2, 2, 2), Quaternion.RotationAxis(Axis.X, -0.3), new Vector3(0, 2, 0.5)));
    const tip = new Bone("tip", skeleton, child, Matrix.Translation(0.25, 1, 0));
    const mesh = new Mesh("skinned", scene);
    mesh.position = new Vector3(3, 0, -1);
    mesh.rotation = new Vector3(0, 0.7, 0);
    mesh.scaling = new Vector3(1.5, 1.5, 1.5);
    mesh.skeleton = skeleton;
    mesh.computeWorldMatrix(true);
    const read = () => {
        const rows = [];
        for (const bone of [root, child, tip]) {
            const local = new Vector3();
            bone.getPositionToRef(Space.LOCAL, null, local);
            const world = new Vector3();
            bone.getPositionToRef(Space.WORLD, null, world);
            const meshWorld = new Vector3();
            bone.getPositionToRef(Space.WORLD, mesh, meshWorld);
            const abs = new Vector3();
            bone.getAbsolutePositionToRef(mesh, abs);
            rows.push([bone.name, v(local), v(world), v(meshWorld), v(abs), v(bone.getPosition()), v(bone.getPosition(Space.WORLD, mesh)), v(bone.getAbsolutePosition())]);
        }
        return rows;
    };
    out.bones = read();
    child.position = new Vector3(1, 1, 1);
    root.rotationQuaternion = Quaternion.RotationAxis(Axis.Y, 1.2);
    out.bonesMoved = read();
    scene.dispose();
}

console.log(JSON.stringify(out));
