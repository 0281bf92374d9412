# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_scene_hooks_ranges.mjs against lite_compat.

Babylon.js 9.31 members that stop documentation ports: Axis (values, identity, rotate and
translate along it); scene.getStepId / setStepId through a deterministic-lockstep render
loop (render() alone: 1 ms per render after the clamp) with registerBeforeRender /
registerAfterRender / unregister*, the same function registered twice, and the order of step
and render hooks; node animation ranges (createAnimationRange on a node and its animations, a
duplicate name ignored, getAnimationRange(s) including a deleted one, beginAnimation over a
range with loop, speed and end callback, a missing range, deleteAnimationRange with and without
frames); and Bone.getPositionToRef / getPosition / getAbsolutePosition(ToRef) in LOCAL and
WORLD space, with and without the skinned mesh, after the bones move.
"""

from __future__ import annotations

import json

from lite_compat import (
    Animation,
    Axis,
    Bone,
    FreeCamera,
    Matrix,
    Mesh,
    NullEngine,
    PrecisionDate,
    Quaternion,
    Scene,
    Skeleton,
    Space,
    TransformNode,
    Vector3,
)

fake_now = [1000]
PrecisionDate.NowFunction = lambda: fake_now[0]


def v(p):
    return [p.x, p.y, p.z]


out = {}

# Axis.
out["axis"] = [v(Axis.X), v(Axis.Y), v(Axis.Z), Axis.X is Axis.X, isinstance(Axis.Y, Vector3)]
scene = Scene(NullEngine())
n = TransformNode("n", scene)
n.rotate(Axis.Y, 0.5, Space.LOCAL)
n.rotate(Axis.X, -0.25, Space.WORLD)
n.translate(Axis.Z, 2, Space.LOCAL)
n.translate(Axis.X, 1.5, Space.WORLD)
n.computeWorldMatrix(True)
q = n.rotationQuaternion
out["axisMoves"] = [v(n.position), [q.x, q.y, q.z, q.w], v(Axis.X), v(Axis.Y), v(Axis.Z)]
scene.dispose()

# Step ids and render hooks through a lockstep loop.
engine = NullEngine({"deterministicLockstep": True, "lockstepMaxSteps": 3})
scene = Scene(engine)
FreeCamera("camera", Vector3(0, 0, -10), scene)
log = []


def before():
    log.append(["before", scene.getStepId()])


def after():
    log.append(["after", scene.getStepId()])


def twice():
    log.append(["twice", scene.getStepId()])


scene.onBeforeStepObservable.add(lambda *_: log.append(["beforeStep", scene.getStepId()]))
scene.onAfterStepObservable.add(lambda *_: log.append(["afterStep", scene.getStepId()]))
scene.registerBeforeRender(before)
scene.registerAfterRender(after)
scene.registerBeforeRender(twice)
scene.registerBeforeRender(twice)
out["stepStart"] = scene.getStepId()
# A NullEngine driven by render() alone reports a 0 ms delta, which the lockstep clamps
# to Scene.MinDeltaTime (1 ms): one 1/60 s step every 17 renders.
frames = []
for i in range(80):
    if i == 3:
        scene.unregisterBeforeRender(twice)
    if i == 30:
        scene.setStepId(100)
    if i == 40:
        scene.unregisterBeforeRender(before)
    if i == 55:
        scene.unregisterAfterRender(after)
        scene.unregisterBeforeRender(twice)
    if i == 60:
        scene.unregisterBeforeRender(lambda: None)  # never registered: no effect
    if i == 65:
        scene.registerBeforeRender(before)
    fake_now[0] += 16
    mark = len(log)
    scene.render()
    frames.append([i, scene.getStepId(), log[mark:]])
out["steps"] = frames
scene.dispose()

# Node animation ranges.
scene = Scene(NullEngine())
node = TransformNode("ranged", scene)
x = Animation("x", "position.x", 30, Animation.ANIMATIONTYPE_FLOAT)
x.setKeys([{"frame": f, "value": f / 10} for f in [0, 10, 20, 30, 40, 50, 60]])
s = Animation("s", "scaling", 30, Animation.ANIMATIONTYPE_VECTOR3)
s.setKeys([{"frame": f, "value": Vector3(1 + f / 30, 1, 1 - f / 120)} for f in [0, 30, 60]])
node.animations.extend([x, s])
node.createAnimationRange("walk", 0, 30)
node.createAnimationRange("run", 30, 60)
node.createAnimationRange("walk", 5, 6)  # name in use: ignored


def r(rng):
    return [rng.name, getattr(rng, "from"), rng.to] if rng else None


out["ranges"] = [
    r(node.getAnimationRange("walk")),
    r(node.getAnimationRange("run")),
    r(x.getRange("walk")),
    r(s.getRange("run")),
    node.getAnimationRange("none"),
]
log = []
a = node.beginAnimation("run", False, 2, lambda: log.append("end"))
play = []
for _i in range(20):
    scene._animate(33)
    play.append([a.masterFrame, node.position.x, *v(node.scaling), len(log)])
out["play"] = play
b = node.beginAnimation("walk", True, 0.5)
loop = []
for _i in range(10):
    scene._animate(100)
    loop.append([b.masterFrame, node.position.x, node.scaling.x])
b.stop()
out["loop"] = loop
out["missing"] = node.beginAnimation("none", True) is None
node.deleteAnimationRange("run", False)
out["afterDeleteRun"] = [
    r(node.getAnimationRange("run")),
    r(x.getRange("run")),
    len(x.getKeys()),
    len(s.getKeys()),
    [r(g) for g in node.getAnimationRanges()],
]
node.deleteAnimationRange("walk")
out["afterDeleteWalk"] = [
    r(node.getAnimationRange("walk")),
    [k["frame"] for k in x.getKeys()],
    [k["frame"] for k in s.getKeys()],
    [r(g) for g in node.getAnimationRanges()],
]
out["beginDeleted"] = node.beginAnimation("walk") is None
scene.dispose()

# Bone positions in both spaces.
scene = Scene(NullEngine())
skeleton = Skeleton("rig", "rig", scene)
root = Bone(
    "root",
    skeleton,
    None,
    Matrix.Compose(Vector3(1, 1, 1), Quaternion.RotationAxis(Axis.Z, 0.5), Vector3(0, 1, 0)),
)
child = Bone(
    "child",
    skeleton,
    root,
    Matrix.Compose(Vector3(2, 2, 2), Quaternion.RotationAxis(Axis.X, -0.3), Vector3(0, 2, 0.5)),
)
tip = Bone("tip", skeleton, child, Matrix.Translation(0.25, 1, 0))
mesh = Mesh("skinned", scene)
mesh.position = Vector3(3, 0, -1)
mesh.rotation = Vector3(0, 0.7, 0)
mesh.scaling = Vector3(1.5, 1.5, 1.5)
mesh.skeleton = skeleton
mesh.computeWorldMatrix(True)


def read():
    rows = []
    for bone in [root, child, tip]:
        local = Vector3()
        bone.getPositionToRef(Space.LOCAL, None, local)
        world = Vector3()
        bone.getPositionToRef(Space.WORLD, None, world)
        mesh_world = Vector3()
        bone.getPositionToRef(Space.WORLD, mesh, mesh_world)
        absolute = Vector3()
        bone.getAbsolutePositionToRef(mesh, absolute)
        rows.append(
            [
                bone.name,
                v(local),
                v(world),
                v(mesh_world),
                v(absolute),
                v(bone.getPosition()),
                v(bone.getPosition(Space.WORLD, mesh)),
                v(bone.getAbsolutePosition()),
            ]
        )
    return rows


out["bones"] = read()
child.position = Vector3(1, 1, 1)
root.rotationQuaternion = Quaternion.RotationAxis(Axis.Y, 1.2)
out["bonesMoved"] = read()
scene.dispose()

print(json.dumps(out))
