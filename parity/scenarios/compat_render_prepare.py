# parity: {"atol": 1e-5, "rtol": 1e-5}
"""Port of compat_render_prepare.mjs against lite_compat.

Babylon.js 9.31 prepares the skeletons of the active meshes during ``scene.render()``
(``_evaluateActiveMeshes`` -> ``_activeMesh`` -> ``_prepareSkeleton`` -> ``skeleton.prepare()``,
once per render id): after renders of a skinned glTF's clip (the package's bundled figure,
``lite/assets/figure.glb``, its "run"), ``bone.getAbsolutePosition(mesh)`` and
``bone.getWorldMatrix()`` follow the animated transform nodes. A second import of the figure
placed behind the camera is culled, so its skeleton is not prepared. ``skeleton.prepare()`` is
keyed on the render id; ``getActiveMeshes()`` lists the meshes the last pass kept.
"""

from __future__ import annotations

import asyncio
import json
import warnings

from lite.assets import figure_path
from lite.errors import LiteWarning
from lite_compat import FreeCamera, ImportMeshAsync, NullEngine, Scene, Vector3

# Babylon's Logger is silenced in the original (NoneLogLevel); its messages are LiteWarnings here.
warnings.simplefilter("ignore", LiteWarning)


def data():
    return figure_path().read_bytes()


def v(p):
    return [p.x, p.y, p.z]


def skinned(r):
    return next(m for m in r.meshes if m.skeleton)


def run(r):
    return next(g for g in r.animationGroups if g.name == "run")


def pose(mesh):
    return [
        [b.name, *v(b.getAbsolutePosition(mesh)), *b.getWorldMatrix().m]
        for b in mesh.skeleton.bones
    ]


def active(scene):
    return [m.name for m in scene.getActiveMeshes().data[: scene.getActiveMeshes().length]]


async def main():
    out = {}
    scene = Scene(NullEngine())
    scene.useConstantAnimationDeltaTime = True
    camera = FreeCamera("camera", Vector3(0, 1, -8), scene)
    camera.setTarget(Vector3(0, 1, 0))
    seen = await ImportMeshAsync(data(), scene, {"pluginExtension": ".glb"})
    hidden = await ImportMeshAsync(data(), scene, {"pluginExtension": ".glb"})
    for g in scene.animationGroups:
        g.stop()
    hidden.meshes[0].position.z = -50
    seenMesh = skinned(seen)
    hiddenMesh = skinned(hidden)
    out["meshes"] = [
        [m.name, m.skeleton.name if m.skeleton else None, m.material.name if m.material else None]
        for m in scene.meshes
    ]
    run(seen).start(True)
    run(hidden).start(True, 1.5)

    out["renders"] = []
    for _i in range(10):
        scene.render()
        out["renders"].append(
            {
                "renderId": scene.getRenderId(),
                "active": active(scene),
                "activeLength": scene.getActiveMeshes().length,
                "seen": pose(seenMesh),
                "hidden": pose(hiddenMesh),
                "seenRenderId": seenMesh.skeleton._currentRenderId,
                "hiddenRenderId": hiddenMesh.skeleton._currentRenderId,
                "activeBones": scene.getActiveBones(),
                "isActive": [scene.isActiveMesh(seenMesh), scene.isActiveMesh(hiddenMesh)],
            }
        )

    # prepare() is keyed on the render id.
    run(seen).pause()
    node = seenMesh.skeleton.bones[1].getTransformNode()
    node.position.y += 0.25
    seenMesh.skeleton.prepare()
    out["sameRenderId"] = pose(seenMesh)
    seenMesh.skeleton.prepare(True)
    out["forced"] = pose(seenMesh)
    node.position.y += 0.25
    scene.render()
    out["nextRender"] = pose(seenMesh)

    # The hidden figure comes into view: its skeleton is prepared by the next render.
    hidden.meshes[0].position.z = 0
    hidden.meshes[0].position.x = 2
    scene.render()
    out["broughtIntoView"] = {"active": active(scene), "hidden": pose(hiddenMesh)}

    # A disabled hierarchy is not evaluated: its skeleton keeps its pose.
    seen.meshes[0].setEnabled(False)
    node.position.y += 0.25
    scene.render()
    out["disabled"] = {
        "active": scene.getActiveMeshes().length,
        "seen": pose(seenMesh),
        "activeBones": scene.getActiveBones(),
    }
    print(json.dumps(out))


asyncio.run(main())
