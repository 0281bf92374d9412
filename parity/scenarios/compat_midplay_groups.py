# parity: {"atol": 1e-5, "rtol": 1e-5, "quaternion_paths": ["$.cases.*.frames[*].b"]}
"""Port of compat_midplay_groups.mjs (issue 29): weights, masks, targets and group membership
changed while animations play.

Group and animatable weights, masks set / disabled / extended (with and without
syncWithMask), targets disposed, animations added to and removed from a running group, a seek
while paused, reset and a restart with a new range, after 6 renders of a group animating
Vector3, Quaternion, float and Color3 tracks. See the .mjs for the details.
"""

import json

import lite_compat as BABYLON  # noqa: N812 (ports read like the Babylon script)

engine = BABYLON.NullEngine()
CASES = [
    "weight",
    "weight_two",
    "weight_zero",
    "mask_set",
    "mask_disable",
    "mask_add",
    "dispose_nodes",
    "dispose_mat",
    "add_running",
    "remove_running",
    "goto_paused",
    "reset",
    "restart_range",
    "direct_weight",
    "weighted_begin",
]
Animation = BABYLON.Animation
Vector3 = BABYLON.Vector3
Quaternion = BABYLON.Quaternion
Color3 = BABYLON.Color3


def makeAnimation(name, path, type_, values):
    anim = Animation(name, path, 30, type_, Animation.ANIMATIONLOOPMODE_CYCLE)
    anim.setKeys(
        [
            {"frame": 0, "value": values[0]},
            {"frame": 15, "value": values[1]},
            {"frame": 30, "value": values[2]},
        ]
    )
    return anim


def makeAnimations(s):
    return [
        makeAnimation(
            "a",
            "position",
            Animation.ANIMATIONTYPE_VECTOR3,
            [Vector3(0, 0, 0), Vector3(3 * s, 2, 1), Vector3(0, -s, 0)],
        ),
        makeAnimation(
            "b",
            "rotationQuaternion",
            Animation.ANIMATIONTYPE_QUATERNION,
            [
                Quaternion.Identity(),
                Quaternion.RotationYawPitchRoll(1.2 * s, 0.3, 0),
                Quaternion.RotationYawPitchRoll(0, 0, 0.6 * s),
            ],
        ),
        makeAnimation("c", "position.x", Animation.ANIMATIONTYPE_FLOAT, [0, 6 * s, 1]),
        makeAnimation(
            "m",
            "diffuseColor",
            Animation.ANIMATIONTYPE_COLOR3,
            [Color3(0, 0, 0), Color3(s, 0.5, 0.25), Color3(0.2, 0.2 * s, 0.9)],
        ),
    ]


cases = {}
for name in CASES:
    scene = BABYLON.Scene(engine)
    BABYLON.FreeCamera("camera", Vector3(0, 0, -10), scene)
    scene.useConstantAnimationDeltaTime = True
    nodeA = BABYLON.TransformNode("nodeA", scene)
    nodeA.position = Vector3(1, 1, 1)
    nodeB = BABYLON.TransformNode("nodeB", scene)
    nodeB.rotationQuaternion = Quaternion.Identity()
    nodeC = BABYLON.TransformNode("nodeC", scene)
    nodeC.position.x = -2
    nodeD = BABYLON.TransformNode("nodeD", scene)
    mat = BABYLON.StandardMaterial("mat", scene)
    targets = [nodeA, nodeB, nodeC, mat]
    anims = makeAnimations(1)
    g = BABYLON.AnimationGroup("g", scene)
    for i in range(4):
        g.addTargetedAnimation(anims[i], targets[i])
    g2 = None
    mask = None
    players = []
    if name == "weight":
        g.weight = 1
    if name == "weight_zero":
        g.weight = 0.5
    if name == "weight_two":
        anims2 = makeAnimations(-0.5)
        g2 = BABYLON.AnimationGroup("g2", scene)
        for i in range(4):
            g2.addTargetedAnimation(anims2[i], targets[i])
        g.weight = 0.5
        g2.weight = 0.5
        g2.start(True)
    if name == "mask_disable":
        mask = BABYLON.AnimationGroupMask(["nodeA"], BABYLON.AnimationGroupMaskMode.Exclude)
        g.mask = mask
    if name == "mask_add":
        mask = BABYLON.AnimationGroupMask(["nodeA"], BABYLON.AnimationGroupMaskMode.Include)
        g.mask = mask
    if name == "direct_weight":
        for i in range(4):
            players.append(scene.beginDirectAnimation(targets[i], [anims[i]], 0, 30, True))
    elif name == "weighted_begin":
        for i in range(4):
            targets[i].animations = [anims[i]]
            players.append(scene.beginWeightedAnimation(targets[i], 0, 30, 1.0, True))
    else:
        g.start(True)
    for _i in range(6):
        scene.render()

    def read():
        return {
            "a": nodeA.position.asArray(),
            "b": nodeB.rotationQuaternion.asArray(),
            "c": nodeC.position.x,
            "m": mat.diffuseColor.asArray(),
            "d": nodeD.position.y,
            "n": len(scene.animatables),
        }

    frames = [read()]
    animD = makeAnimation("d", "position.y", Animation.ANIMATIONTYPE_FLOAT, [0, 5, 2])
    if name == "weight":
        g.weight = 0.3
    elif name == "weight_two":
        g.weight = 0.2
        g2.weight = 0.8
    elif name == "weight_zero":
        g.weight = 0
    elif name == "mask_set":
        g.mask = BABYLON.AnimationGroupMask(
            ["nodeA", "mat"], BABYLON.AnimationGroupMaskMode.Include
        )
    elif name == "mask_disable":
        mask.disabled = True
    elif name == "mask_add":
        mask.addTargetName("nodeB")
    elif name == "dispose_nodes":
        nodeB.dispose()
        nodeC.dispose()
    elif name == "dispose_mat":
        mat.dispose()
    elif name == "add_running":
        g.addTargetedAnimation(animD, nodeD)
    elif name == "remove_running":
        g.removeTargetedAnimation(anims[2])
    elif name == "goto_paused":
        g.pause()
        g.goToFrame(20)
        frames.append(read())
    elif name == "reset":
        g.reset()
        frames.append(read())
    elif name == "restart_range":
        g.stop()
        g.start(True, 2, 5, 25)
        frames.append(read())
    elif name == "direct_weight":
        for p in players:
            p.weight = 0.5
    elif name == "weighted_begin":
        for p in players:
            p.weight = 0.4
    for i in range(10):
        if i == 4 and name in ("mask_disable", "mask_add"):
            g.syncWithMask()
        if i == 4 and name == "goto_paused":
            g.play(True)
        if i == 5 and name == "add_running":
            g.stop()
            g.start(True)
        scene.render()
        frames.append(read())
    cases[name] = {
        "frames": frames,
        "targeted": len(g.targetedAnimations),
        "from": g.from_,
        "to": g.to,
        "playing": g.isPlaying is True,
    }
    scene.dispose()

print(json.dumps({"cases": cases}))
