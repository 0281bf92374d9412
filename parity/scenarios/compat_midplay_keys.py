# parity: {"atol": 1e-5, "rtol": 1e-5, "quaternion_paths": ["$.cases.quat_*.frames[*]"]}
"""Port of compat_midplay_keys.mjs (issue 29): keys changed while an animation plays.

Float, Vector3, Quaternion and Color3 tracks started by beginAnimation, beginDirectAnimation,
an AnimationGroup and beginWeightedAnimation (weight 0.6); after 6 renders the keys are replaced (setKeys), edited (a key's value
reassigned, or its value object mutated in place), appended to or spliced into, then 10 more
renders are recorded. See the .mjs for the details.
"""

import json

import lite_compat as BABYLON  # noqa: N812 (ports read like the Babylon script)

engine = BABYLON.NullEngine()
KINDS = ["float", "vec3", "quat", "color3"]
DRIVERS = ["begin", "direct", "group", "weighted"]
MUTATIONS = ["setKeys", "edit", "edit_inplace", "append", "insert"]


def makeScene():
    scene = BABYLON.Scene(engine)
    BABYLON.FreeCamera("camera", BABYLON.Vector3(0, 0, -10), scene)
    scene.useConstantAnimationDeltaTime = True
    return scene


def value(kind, a):
    if kind == "float":
        return a
    if kind == "vec3":
        return BABYLON.Vector3(a, 2 * a, -a)
    if kind == "quat":
        return BABYLON.Quaternion.RotationYawPitchRoll(0.1 * a, 0.05 * a, -0.02 * a)
    return BABYLON.Color3(0.1 * a, 0.5 - 0.05 * a, 0.2)


def makeAnimation(kind):
    specs = {
        "float": ["position.x", BABYLON.Animation.ANIMATIONTYPE_FLOAT],
        "vec3": ["position", BABYLON.Animation.ANIMATIONTYPE_VECTOR3],
        "quat": ["rotationQuaternion", BABYLON.Animation.ANIMATIONTYPE_QUATERNION],
        "color3": ["diffuseColor", BABYLON.Animation.ANIMATIONTYPE_COLOR3],
    }
    path, type_ = specs[kind]
    anim = BABYLON.Animation(
        f"{kind}Anim", path, 30, type_, BABYLON.Animation.ANIMATIONLOOPMODE_CYCLE
    )
    anim.setKeys(
        [
            {"frame": 0, "value": value(kind, 0)},
            {"frame": 30, "value": value(kind, 3)},
            {"frame": 60, "value": value(kind, -1)},
        ]
    )
    return anim


def makeTarget(kind, scene):
    if kind == "color3":
        material = BABYLON.StandardMaterial("material", scene)
        material.diffuseColor = BABYLON.Color3(1, 1, 1)
        return material
    node = BABYLON.TransformNode("node", scene)
    if kind == "quat":
        node.rotationQuaternion = BABYLON.Quaternion.Identity()
    return node


def read(kind, target):
    if kind == "float":
        return target.position.x
    if kind == "vec3":
        return target.position.asArray()
    if kind == "quat":
        return target.rotationQuaternion.asArray()
    return target.diffuseColor.asArray()


def start(driver, scene, target, anim):
    if driver == "begin":
        target.animations = [anim]
        scene.beginAnimation(target, 0, 60, True)
    elif driver == "direct":
        scene.beginDirectAnimation(target, [anim], 0, 60, True)
    elif driver == "weighted":
        target.animations = [anim]
        scene.beginWeightedAnimation(target, 0, 60, 0.6, True)
    else:
        group = BABYLON.AnimationGroup("group", scene)
        group.addTargetedAnimation(anim, target)
        group.start(True)


def mutate(mutation, kind, anim):
    if mutation == "setKeys":
        if kind == "float":
            anim.setKeys(
                [
                    {"frame": 0, "value": 10},
                    {"frame": 30, "value": 13},
                ]
            )
        else:
            anim.setKeys(
                [
                    {"frame": 0, "value": value(kind, 1)},
                    {"frame": 30, "value": value(kind, 5)},
                    {"frame": 60, "value": value(kind, 2)},
                ]
            )
    elif mutation == "edit":
        anim.getKeys()[1]["value"] = 300 if kind == "float" else value(kind, 7)
    elif mutation == "edit_inplace":
        v = anim.getKeys()[1]["value"]
        if kind == "vec3":
            v.x = 40
        elif kind == "quat":
            v.copyFrom(BABYLON.Quaternion.RotationYawPitchRoll(0.9, 0, 0))
        else:
            v.r = 0.9
    elif mutation == "append":
        anim.getKeys().append({"frame": 90, "value": value(kind, 8)})
    else:
        anim.getKeys().insert(1, {"frame": 15, "value": value(kind, 6)})


cases = {}
for kind in KINDS:
    for driver in DRIVERS:
        for mutation in MUTATIONS:
            if kind == "float" and mutation == "edit_inplace":
                continue
            scene = makeScene()
            target = makeTarget(kind, scene)
            anim = makeAnimation(kind)
            start(driver, scene, target, anim)
            for _i in range(6):
                scene.render()
            frames = [read(kind, target)]
            mutate(mutation, kind, anim)
            for _i in range(10):
                scene.render()
                frames.append(read(kind, target))
            cases[f"{kind}_{driver}_{mutation}"] = {"frames": frames, "keys": len(anim.getKeys())}
            scene.dispose()

# The example: a float ramp 0 -> 3 over 30 frames at 60 fps, setKeys after 5 steps.
scene = makeScene()
node = BABYLON.TransformNode("node", scene)
anim = BABYLON.Animation(
    "x",
    "position.x",
    60,
    BABYLON.Animation.ANIMATIONTYPE_FLOAT,
    BABYLON.Animation.ANIMATIONLOOPMODE_CYCLE,
)
anim.setKeys(
    [
        {"frame": 0, "value": 0},
        {"frame": 30, "value": 3},
    ]
)
scene.beginDirectAnimation(node, [anim], 0, 30, True)
frames = []
for _i in range(5):
    scene._animate(16)
    frames.append(node.position.x)
anim.setKeys(
    [
        {"frame": 0, "value": 10},
        {"frame": 30, "value": 13},
    ]
)
for _i in range(5):
    scene._animate(16)
    frames.append(node.position.x)
cases["issue_animate16"] = {"frames": frames, "keys": len(anim.getKeys())}
scene.dispose()

print(json.dumps({"cases": cases}))
