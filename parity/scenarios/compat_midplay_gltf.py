# parity: {"atol": 1e-5, "rtol": 1e-5, "quaternion_paths": ["$.cases.*.frames[*].q.*", "$.cases.*.frames[*].swapped_q"]}
"""Port of compat_midplay_gltf.mjs (issue 29) on a glTF character loaded by the loader.

The bundled figure (lite/assets/figure.glb) loaded with ImportMeshAsync, its "run" clip
playing; after 6 renders the keys (reversed, edited), one track's framePerSecond, group weights,
speed, a blend into "walk", a mask, the objects under whole-value tracks, or a seek change, then
12 more renders. See the .mjs for the details.
"""

import asyncio
import json
from pathlib import Path

import lite_compat as BABYLON  # noqa: N812 (ports read like the Babylon script)

engine = BABYLON.NullEngine()
data = (Path(__file__).resolve().parents[2] / "lite" / "assets" / "figure.glb").read_bytes()
CASES = ["keys_reverse", "key_edit", "fps", "weights", "speed", "blend", "mask", "swap", "goto"]
JOINTS = ["Spine", "LeftThigh", "LeftShin", "LeftUpperArm"]
RECORD = [1, 2, 4, 8, 12]


async def main():
    cases = {}
    for name in CASES:
        scene = BABYLON.Scene(engine)
        BABYLON.FreeCamera("camera", BABYLON.Vector3(0, 1, -6), scene)
        scene.useConstantAnimationDeltaTime = True
        await BABYLON.ImportMeshAsync(data, scene, {"pluginExtension": ".glb"})

        def node(n, scene=scene):
            return scene.getTransformNodeByName(n)

        def group(n, scene=scene):
            return next(g for g in scene.animationGroups if g.name == n)

        for g in scene.animationGroups:
            g.stop()
        run = group("run")
        walk = group("walk")
        if name == "weights":
            run.weight = 0.7
            walk.weight = 0.3
            walk.start(True)
        run.start(True)
        for _i in range(6):
            scene.render()
        swapped = {}

        def read(node=node, swapped=swapped):
            q = {}
            for j in JOINTS:
                q[j] = node(j).rotationQuaternion.asArray()
            f = {"p": node("Hips").position.asArray(), "q": q}
            if swapped:
                f["swapped_p"] = swapped["p"].asArray()
                f["swapped_q"] = swapped["q"].asArray()
            return f

        frames = [read()]
        if name == "keys_reverse":
            for ta in run.targetedAnimations:
                keys = ta.animation.getKeys()
                ta.animation.setKeys(
                    [
                        {"frame": k["frame"], "value": keys[len(keys) - 1 - i]["value"]}
                        for i, k in enumerate(keys)
                    ]
                )
        elif name == "key_edit":
            for ta in run.targetedAnimations:
                if ta.target.name == "Spine":
                    ta.animation.getKeys()[2]["value"] = BABYLON.Quaternion.RotationYawPitchRoll(
                        0, 0.8, 0
                    )
                if ta.target.name == "Hips":
                    ta.animation.getKeys()[2]["value"].y += 0.3
        elif name == "fps":
            run.targetedAnimations[0].animation.framePerSecond = 30
        elif name == "weights":
            run.weight = 0.2
            walk.weight = 0.8
        elif name == "speed":
            run.speedRatio = 2
        elif name == "blend":
            walk.enableBlending = True
            walk.blendingSpeed = 0.1
            run.stop()
            walk.start(True)
        elif name == "mask":
            run.mask = BABYLON.AnimationGroupMask(
                ["LeftThigh", "LeftShin"], BABYLON.AnimationGroupMaskMode.Exclude
            )
        elif name == "swap":
            swapped["p"] = BABYLON.Vector3(0, 2, 0)
            swapped["q"] = BABYLON.Quaternion(0, 0, 0, 1)
            node("Hips").position = swapped["p"]
            node("LeftThigh").rotationQuaternion = swapped["q"]
        elif name == "goto":
            run.goToFrame(10)
        for i in range(1, 13):
            if i == 4 and name == "blend":
                walk.blendingSpeed = 0.3
            scene.render()
            if i in RECORD:
                frames.append(read())
        cases[name] = {"frames": frames}
        scene.dispose()

    print(json.dumps({"cases": cases}))


asyncio.run(main())
