# parity: {"atol": 1e-5, "rtol": 1e-5, "quaternion_paths": ["$.cases.quat_*.frames[*]"]}
"""Port of compat_midplay_easing.mjs (issue 29): easing and blending changed mid-play.

setEasingFunction, a key's easingFunction, an easing's mode, an easing cleared, and
blendingSpeed / enableBlending of an animation started over another (on the animation, the
group, or the target's animationPropertiesOverride), changed after 6 renders,
for float, Vector3, Quaternion and Color3 tracks started by beginAnimation,
beginDirectAnimation and an AnimationGroup. See the .mjs for the details.
"""

import json

import lite_compat as BABYLON  # noqa: N812 (ports read like the Babylon script)

engine = BABYLON.NullEngine()
KINDS = ["float", "vec3", "quat", "color3"]
DRIVERS = ["begin", "direct", "group"]
MUTATIONS = [
    "ease_set",
    "ease_key",
    "ease_mode",
    "ease_clear",
    "blend_speed",
    "blend_late",
    "override_speed",
    "override_late",
]


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


def makeAnimation(kind, name, values):
    specs = {
        "float": ["position.x", BABYLON.Animation.ANIMATIONTYPE_FLOAT],
        "vec3": ["position", BABYLON.Animation.ANIMATIONTYPE_VECTOR3],
        "quat": ["rotationQuaternion", BABYLON.Animation.ANIMATIONTYPE_QUATERNION],
        "color3": ["diffuseColor", BABYLON.Animation.ANIMATIONTYPE_COLOR3],
    }
    path, type_ = specs[kind]
    anim = BABYLON.Animation(name, path, 30, type_, BABYLON.Animation.ANIMATIONLOOPMODE_CYCLE)
    keys = []
    for i in range(len(values)):
        keys.append({"frame": 30 * i, "value": value(kind, values[i])})
    anim.setKeys(keys)
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
        return scene.beginAnimation(target, 0, 60, True)
    if driver == "direct":
        scene.stopAnimation(target)
        return scene.beginDirectAnimation(target, [anim], 0, 60, True)
    group = BABYLON.AnimationGroup(anim.name, scene)
    group.addTargetedAnimation(anim, target)
    group.start(True)
    return group


cases = {}
for kind in KINDS:
    for driver in DRIVERS:
        for mutation in MUTATIONS:
            if kind == "color3" and mutation.startswith("override"):
                continue
            scene = makeScene()
            target = makeTarget(kind, scene)
            anim = makeAnimation(kind, "A", [0, 3, -1])
            ease = None
            if mutation == "ease_mode":
                ease = BABYLON.BackEase(0.8)
                ease.setEasingMode(BABYLON.EasingFunction.EASINGMODE_EASEIN)
                anim.setEasingFunction(ease)
            elif mutation == "ease_clear":
                anim.setEasingFunction(BABYLON.CircleEase())
            first = start(driver, scene, target, anim)
            for _i in range(6):
                scene.render()
            frames = [read(kind, target)]
            blend = makeAnimation(kind, "B", [5, 4, 2])
            player = None
            override = None
            if mutation == "ease_set":
                cubic = BABYLON.CubicEase()
                cubic.setEasingMode(BABYLON.EasingFunction.EASINGMODE_EASEINOUT)
                anim.setEasingFunction(cubic)
            elif mutation == "ease_key":
                anim.getKeys()[0]["easingFunction"] = BABYLON.SineEase()
            elif mutation == "ease_mode":
                ease.setEasingMode(BABYLON.EasingFunction.EASINGMODE_EASEOUT)
            elif mutation == "ease_clear":
                anim.setEasingFunction(None)
            elif mutation == "blend_speed":
                blend.enableBlending = True
                blend.blendingSpeed = 0.05
                if driver == "group":
                    first.stop()
                player = start(driver, scene, target, blend)
            elif mutation == "override_speed":
                override = BABYLON.AnimationPropertiesOverride()
                override.enableBlending = True
                override.blendingSpeed = 0.05
                target.animationPropertiesOverride = override
                if driver == "group":
                    first.stop()
                player = start(driver, scene, target, blend)
            else:
                if driver == "group":
                    first.stop()
                player = start(driver, scene, target, blend)
            for i in range(10):
                if i == 3 and mutation == "blend_speed":
                    if driver == "group":
                        player.blendingSpeed = 0.2
                    else:
                        blend.blendingSpeed = 0.2
                if i == 3 and mutation == "blend_late":
                    if driver == "group":
                        player.enableBlending = True
                        player.blendingSpeed = 0.05
                    else:
                        blend.enableBlending = True
                        blend.blendingSpeed = 0.05
                if i == 3 and mutation == "override_speed":
                    override.blendingSpeed = 0.2
                if i == 3 and mutation == "override_late":
                    override = BABYLON.AnimationPropertiesOverride()
                    override.enableBlending = True
                    override.blendingSpeed = 0.05
                    target.animationPropertiesOverride = override
                scene.render()
                frames.append(read(kind, target))
            cases[f"{kind}_{driver}_{mutation}"] = {"frames": frames}
            scene.dispose()

print(json.dumps({"cases": cases}))
