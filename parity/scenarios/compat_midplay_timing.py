# parity: {"atol": 1e-5, "rtol": 1e-5, "quaternion_paths": ["$.cases.*.frames[*].q"]}
"""Port of compat_midplay_timing.mjs (issue 29): timing and playback state changed mid-play.

framePerSecond of one animation (with siblings on the same target), speedRatio, loopAnimation,
loopMode (CYCLE -> RELATIVE, RELATIVE -> CYCLE, CYCLE -> CONSTANT), goToFrame, pause/restart
and the from/to range, changed after 6 steps of scene._animate(100) on animations started by
beginAnimation, beginDirectAnimation and an AnimationGroup. See the .mjs for the details.
"""

import json

import lite_compat as BABYLON  # noqa: N812 (ports read like the Babylon script)

engine = BABYLON.NullEngine()
DRIVERS = ["begin", "direct", "group"]
MUTATIONS = [
    "fps",
    "speed",
    "loop_off",
    "mode_relative",
    "mode_cycle",
    "mode_constant",
    "goto",
    "pause_restart",
    "range",
]


def makeAnimation(name, path, type_, loopMode, from_, to):
    anim = BABYLON.Animation(name, path, 30, type_, loopMode)
    anim.setKeys(
        [
            {"frame": 0, "value": from_},
            {"frame": 30, "value": to},
        ]
    )
    return anim


class Rig:
    pass


def setup(driver, loopMode):
    scene = BABYLON.Scene(engine)
    BABYLON.FreeCamera("camera", BABYLON.Vector3(0, 0, -10), scene)
    node = BABYLON.TransformNode("node", scene)
    node2 = BABYLON.TransformNode("node2", scene)
    node2.rotationQuaternion = BABYLON.Quaternion.Identity()
    material = BABYLON.StandardMaterial("material", scene)
    Animation = BABYLON.Animation
    anims = [
        makeAnimation("x", "position.x", Animation.ANIMATIONTYPE_FLOAT, loopMode, 0, 6),
        makeAnimation("ry", "rotation.y", Animation.ANIMATIONTYPE_FLOAT, loopMode, 0, 3),
        makeAnimation(
            "s",
            "scaling",
            Animation.ANIMATIONTYPE_VECTOR3,
            loopMode,
            BABYLON.Vector3(1, 1, 1),
            BABYLON.Vector3(3, 2, 1),
        ),
    ]
    quat = makeAnimation(
        "q",
        "rotationQuaternion",
        Animation.ANIMATIONTYPE_QUATERNION,
        loopMode,
        BABYLON.Quaternion.Identity(),
        BABYLON.Quaternion.RotationYawPitchRoll(1.2, 0.3, 0),
    )
    color = makeAnimation(
        "c",
        "diffuseColor",
        Animation.ANIMATIONTYPE_COLOR3,
        loopMode,
        BABYLON.Color3(0, 0, 0),
        BABYLON.Color3(1, 0.5, 0.25),
    )
    players = []
    if driver == "begin":
        node.animations = anims
        node2.animations = [quat]
        material.animations = [color]
        players.append(scene.beginAnimation(node, 0, 30, True))
        players.append(scene.beginAnimation(node2, 0, 30, True))
        players.append(scene.beginAnimation(material, 0, 30, True))
    elif driver == "direct":
        players.append(scene.beginDirectAnimation(node, anims, 0, 30, True))
        players.append(scene.beginDirectAnimation(node2, [quat], 0, 30, True))
        players.append(scene.beginDirectAnimation(material, [color], 0, 30, True))
    else:
        group = BABYLON.AnimationGroup("group", scene)
        for anim in anims:
            group.addTargetedAnimation(anim, node)
        group.addTargetedAnimation(quat, node2)
        group.addTargetedAnimation(color, material)
        group.start(True)
        players.append(group)
    rig = Rig()
    rig.scene = scene
    rig.node = node
    rig.node2 = node2
    rig.material = material
    rig.anims = [*anims, quat, color]
    rig.players = players
    return rig


def read(rig):
    return {
        "x": rig.node.position.x,
        "ry": rig.node.rotation.y,
        "s": rig.node.scaling.asArray(),
        "q": rig.node2.rotationQuaternion.asArray(),
        "c": rig.material.diffuseColor.asArray(),
    }


cases = {}
for driver in DRIVERS:
    for mutation in MUTATIONS:
        startMode = (
            BABYLON.Animation.ANIMATIONLOOPMODE_RELATIVE
            if mutation == "mode_cycle"
            else BABYLON.Animation.ANIMATIONLOOPMODE_CYCLE
        )
        rig = setup(driver, startMode)
        for _i in range(6):
            rig.scene._animate(100)
        frames = [read(rig)]
        paused = 0
        if mutation == "fps":
            rig.anims[0].framePerSecond = 60
        elif mutation == "speed":
            for p in rig.players:
                p.speedRatio = 2
        elif mutation == "loop_off":
            for p in rig.players:
                p.loopAnimation = False
        elif mutation == "mode_relative":
            for a in rig.anims:
                a.loopMode = BABYLON.Animation.ANIMATIONLOOPMODE_RELATIVE
        elif mutation == "mode_cycle":
            for a in rig.anims:
                a.loopMode = BABYLON.Animation.ANIMATIONLOOPMODE_CYCLE
        elif mutation == "mode_constant":
            for a in rig.anims:
                a.loopMode = BABYLON.Animation.ANIMATIONLOOPMODE_CONSTANT
        elif mutation == "goto":
            for p in rig.players:
                p.goToFrame(20)
            frames.append(read(rig))
        elif mutation == "pause_restart":
            for p in rig.players:
                p.pause()
            paused = 3
        else:
            for p in rig.players:
                if driver == "group":
                    p.from_ = 5
                    p.to = 20
                else:
                    p.fromFrame = 5
                    p.toFrame = 20
        for i in range(10):
            if paused > 0 and i == paused:
                for p in rig.players:
                    p.restart()
            rig.scene._animate(100)
            frames.append(read(rig))
        cases[f"{driver}_{mutation}"] = {"frames": frames}
        rig.scene.dispose()

print(json.dumps({"cases": cases}))
