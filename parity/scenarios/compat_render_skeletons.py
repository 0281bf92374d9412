"""Port of compat_render_skeletons.mjs (issue 29): skeletons read after scene.render().

The bundled rigged figure (lite/assets/figure.glb) loaded with ImportMeshAsync; after renders of
its walk / run clips (and a clip switch, and _animate without render) every bone's
getWorldMatrix() and getAbsolutePosition(mesh) of the first skinned mesh, and a box attached to a
bone (attachToBone) with the skinning palette. Babylon prepares the skeletons of skinned meshes
during render(). See the .mjs for the details.
"""

import asyncio
import json
from pathlib import Path

import lite_compat as BABYLON  # noqa: N812 (ports read like the Babylon script)

engine = BABYLON.NullEngine()
data = (Path(__file__).resolve().parents[2] / "lite" / "assets" / "figure.glb").read_bytes()


async def load():
    scene = BABYLON.Scene(engine)
    BABYLON.FreeCamera("camera", BABYLON.Vector3(0, 1, -6), scene)
    scene.useConstantAnimationDeltaTime = True
    await BABYLON.ImportMeshAsync(data, scene, {"pluginExtension": ".glb"})
    mesh = next(m for m in scene.meshes if m.skeleton)
    return scene, mesh


def sample(label, mesh):
    bones = mesh.skeleton.bones
    world = [list(b.getWorldMatrix().asArray()) for b in bones]
    abs_ = [b.getAbsolutePosition(mesh).asArray() for b in bones]
    return {"label": label, "world": world, "abs": abs_}


def group(scene, name):
    return next(g for g in scene.animationGroups if g.name == name)


async def main():
    cases = {}

    scene, mesh = await load()
    samples = []
    for i in range(1, 26):
        scene.render()
        if i in (1, 10, 25):
            samples.append(sample(f"render {i}", mesh))
    cases["autoplay"] = {
        "mesh": mesh.name,
        "bones": [b.name for b in mesh.skeleton.bones],
        "samples": samples,
    }
    scene.dispose()

    scene, mesh = await load()
    for g in scene.animationGroups:
        g.stop()
    group(scene, "run").start(True)
    samples = []
    for i in range(1, 31):
        scene.render()
        if i in (1, 5, 10, 30):
            samples.append(sample(f"render {i}", mesh))
    cases["run"] = {"samples": samples}
    scene.dispose()

    scene, mesh = await load()
    samples = []
    for i in range(1, 26):
        if i == 11:
            group(scene, "walk").stop()
            group(scene, "run").start(True, 1.5)
        scene.render()
        if i in (11, 15, 25):
            samples.append(sample(f"render {i}", mesh))
    cases["switch"] = {"samples": samples}
    scene.dispose()

    scene, mesh = await load()
    for g in scene.animationGroups:
        g.stop()
    group(scene, "run").start(True)
    samples = []
    for _i in range(1, 11):
        scene._animate(16)
    samples.append(sample("animate x10", mesh))
    scene.render()
    samples.append(sample("then render", mesh))
    cases["no_render"] = {"samples": samples}
    scene.dispose()

    scene, mesh = await load()
    for g in scene.animationGroups:
        g.stop()
    group(scene, "run").start(True)
    bone = mesh.skeleton.bones[mesh.skeleton.getBoneIndexByName("RightForearm")]
    box = BABYLON.MeshBuilder.CreateBox("box", {"size": 0.1}, scene)
    box.attachToBone(bone, mesh)
    box.position = BABYLON.Vector3(0, -0.3, 0)
    samples = []
    palette = None
    for i in range(1, 21):
        scene.render()
        if i in (1, 10, 20):
            samples.append(
                {
                    "label": f"render {i}",
                    "abs": box.getAbsolutePosition().asArray(),
                    "world": list(box.getWorldMatrix().asArray()),
                }
            )
        if i == 10:
            palette = list(mesh.skeleton.getTransformMatrices(mesh))
    cases["attached"] = {"samples": samples, "palette": palette}
    scene.dispose()

    print(json.dumps({"cases": cases}))


asyncio.run(main())
