# parity: {"atol": 1e-5, "rtol": 1e-5, "quaternion_paths": ["$.cases.*.frames[*].nodes[*].q"]}
"""Port of compat_midplay_batched.mjs (issue 29) through the batched row path.

20 TransformNodes play the same position.x / rotationQuaternion / scaling animations and 20
materials the same diffuseColor animation (one kind of animatable with 20 rows: batched from
16), started by beginDirectAnimation or one AnimationGroup; after 6 renders the keys, a key's
easing, a framePerSecond, the objects under the tracks, an animatable's target, or a speed /
weight change. See the .mjs for the details.
"""

import json

import lite_compat as BABYLON  # noqa: N812 (ports read like the Babylon script)

engine = BABYLON.NullEngine()
COUNT = 20
WATCH = [0, 3, 5, 7]
RECORD = [1, 2, 6, 10]
CASES = [
    "setKeys",
    "edit",
    "ease_key",
    "fps_first",
    "fps_other",
    "swap",
    "quat_null",
    "shared",
    "target",
    "evict",
]
DRIVERS = ["direct", "group"]
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


def arr(v):
    return v.asArray() if v else None


cases = {}
for name in CASES:
    for driver in DRIVERS:
        scene = BABYLON.Scene(engine)
        BABYLON.FreeCamera("camera", Vector3(0, 0, -10), scene)
        scene.useConstantAnimationDeltaTime = True
        px = makeAnimation("px", "position.x", Animation.ANIMATIONTYPE_FLOAT, [0, 3, 6])
        rq = makeAnimation(
            "rq",
            "rotationQuaternion",
            Animation.ANIMATIONTYPE_QUATERNION,
            [
                Quaternion.Identity(),
                Quaternion.RotationYawPitchRoll(1.1, 0.2, 0),
                Quaternion.RotationYawPitchRoll(0.3, 0, 0.7),
            ],
        )
        sc = makeAnimation(
            "sc",
            "scaling",
            Animation.ANIMATIONTYPE_VECTOR3,
            [Vector3(1, 1, 1), Vector3(2, 0.5, 1), Vector3(1, 3, 2)],
        )
        dc = makeAnimation(
            "dc",
            "diffuseColor",
            Animation.ANIMATIONTYPE_COLOR3,
            [Color3(0, 0, 0), Color3(1, 0.5, 0.25), Color3(0.2, 0.9, 0.4)],
        )
        nodes = []
        mats = []
        for i in range(COUNT):
            node = BABYLON.TransformNode(f"node{i}", scene)
            node.position = Vector3(0, i, -i)
            node.rotationQuaternion = Quaternion.Identity()
            nodes.append(node)
            mats.append(BABYLON.StandardMaterial(f"mat{i}", scene))
        spare = BABYLON.TransformNode("spare", scene)
        animatables = []
        group = None
        if driver == "direct":
            for i in range(COUNT):
                animatables.append(scene.beginDirectAnimation(nodes[i], [px, rq, sc], 0, 30, True))
            for i in range(COUNT):
                scene.beginDirectAnimation(mats[i], [dc], 0, 30, True)
        else:
            group = BABYLON.AnimationGroup("crowd", scene)
            for i in range(COUNT):
                group.addTargetedAnimation(px, nodes[i])
                group.addTargetedAnimation(rq, nodes[i])
                group.addTargetedAnimation(sc, nodes[i])
            for i in range(COUNT):
                group.addTargetedAnimation(dc, mats[i])
            group.start(True)
        for _i in range(6):
            scene.render()

        def read():
            return {
                "nodes": [
                    {"p": arr(nodes[i].position), "q": arr(nodes[i].rotationQuaternion)}
                    for i in WATCH
                ],
                "s": [*nodes[0].scaling.asArray(), *nodes[3].scaling.asArray()],
                "spare": arr(spare.position),
                "c": mats[19].diffuseColor.asArray(),
            }

        frames = [read()]
        if name == "setKeys":
            px.setKeys(
                [
                    {"frame": 0, "value": 10},
                    {"frame": 15, "value": 13},
                    {"frame": 30, "value": 10},
                ]
            )
            rq.setKeys(
                [
                    {"frame": 0, "value": Quaternion.RotationYawPitchRoll(0, 1, 0)},
                    {"frame": 15, "value": Quaternion.Identity()},
                    {"frame": 30, "value": Quaternion.RotationYawPitchRoll(0, 1, 0)},
                ]
            )
            dc.setKeys(
                [
                    {"frame": 0, "value": Color3(1, 1, 1)},
                    {"frame": 15, "value": Color3(0, 1, 0)},
                    {"frame": 30, "value": Color3(1, 1, 1)},
                ]
            )
        elif name == "edit":
            px.getKeys()[1]["value"] = 300
            rq.getKeys()[1]["value"] = Quaternion.RotationYawPitchRoll(-1, 0, 0)
        elif name == "ease_key":
            px.getKeys()[0]["easingFunction"] = BABYLON.SineEase()
        elif name == "fps_first":
            px.framePerSecond = 60
        elif name == "fps_other":
            sc.framePerSecond = 15
        elif name == "swap":
            nodes[7].position = Vector3(0, 1, 0)
            nodes[3].scaling = Vector3(5, 5, 5)
        elif name == "quat_null":
            nodes[5].rotationQuaternion = None
        elif name == "shared":
            nodes[3].position = nodes[19].position
        elif name == "target":
            if driver == "group":
                group.targetedAnimations[0].target = spare
            else:
                animatables[0].target = spare
        elif name == "evict":
            if driver == "group":
                group.speedRatio = 2
            else:
                animatables[0].speedRatio = 2
                animatables[3].weight = 0.5
        for i in range(1, 11):
            scene.render()
            if i in RECORD:
                frames.append(read())
        cases[f"{name}_{driver}"] = {"frames": frames}
        scene.dispose()

print(json.dumps({"cases": cases}))
