# parity: {"atol": 1e-9, "rtol": 1e-9}
"""Port of compat_render_pipeline.mjs against lite_compat.

Babylon.js 9.31 render pipeline as a script sees it: ``scene.getActiveMeshes()`` (a
SmartArray: ``data`` and ``length``) after each render, with the meshes a camera pass keeps or
drops; ``scene.defaultMaterial``, created (a StandardMaterial "default material" added to
``scene.materials``) by the first render that draws a mesh without a material; world matrices
recomputed once per render id, counted across renders.
"""

from __future__ import annotations

import json
import math

from lite_compat import FreeCamera, Mesh, MeshBuilder, NullEngine, Scene, StandardMaterial, Vector3

out = {}


def names(arr):
    return [m.name for m in arr.data[: arr.length]]


# Unique ids relative to the first material (the counter is shared by every scene of a process).
def mats(scene):
    first = scene.materials[0].uniqueId if scene.materials else 0
    return [[m.name, m.getClassName(), m.uniqueId - first, m.id] for m in scene.materials]


# Which meshes a pass keeps, and when the default material appears.
scene = Scene(NullEngine())
camera = FreeCamera("camera", Vector3(0, 0, -10), scene)
red = StandardMaterial("red", scene)
withMaterial = MeshBuilder.CreateBox("withMaterial", {"size": 1}, scene)
withMaterial.material = red
empty = Mesh("empty", scene)
behind = MeshBuilder.CreateBox("behind", {"size": 1}, scene)
behind.position.z = -30
behind.material = red
out["before"] = {
    "materials": mats(scene),
    "active": names(scene.getActiveMeshes()),
    "length": scene.getActiveMeshes().length,
    "capacity": len(scene.getActiveMeshes().data),
}
scene.render()
out["first"] = {"materials": mats(scene), "active": names(scene.getActiveMeshes())}
hiddenBare = MeshBuilder.CreateSphere("hiddenBare", {"diameter": 1}, scene)
hiddenBare.isVisible = False
behindBare = MeshBuilder.CreateBox("behindBare", {"size": 1}, scene)
behindBare.position.z = -40
zeroVisibility = MeshBuilder.CreateBox("zeroVisibility", {"size": 1}, scene)
zeroVisibility.visibility = 0
masked = MeshBuilder.CreateBox("masked", {"size": 1}, scene)
masked.layerMask = 0x10000000
flat = MeshBuilder.CreateBox("flat", {"size": 1}, scene)
flat.scaling.y = 0
disabled = MeshBuilder.CreateBox("disabled", {"size": 1}, scene)
disabled.setEnabled(False)
scene.render()
out["unseenBare"] = {"materials": mats(scene), "active": names(scene.getActiveMeshes())}
behind.alwaysSelectAsActiveMesh = True
scene.render()
out["always"] = names(scene.getActiveMeshes())
scene.skipFrustumClipping = True
scene.render()
out["skipClipping"] = {"materials": mats(scene), "active": names(scene.getActiveMeshes())}
scene.skipFrustumClipping = False
bare = MeshBuilder.CreateBox("bare", {"size": 1}, scene)
scene.render()
out["bare"] = {
    "materials": mats(scene),
    "active": names(scene.getActiveMeshes()),
    "isDefault": scene.defaultMaterial is scene.materials[len(scene.materials) - 1],
    "bareMaterial": bare.material,
}
camera.position.z = -100
camera.setTarget(Vector3(0, 0, 1000))
scene.render()
out["lookingAway"] = {
    "active": names(scene.getActiveMeshes()),
    "length": scene.getActiveMeshes().length,
}

# World matrices: once per render id, across renders.
wscene = Scene(NullEngine())
FreeCamera("camera", Vector3(0, 0, -10), wscene)
parent = MeshBuilder.CreateBox("parent", {"size": 1}, wscene)
child = MeshBuilder.CreateBox("child", {"size": 1}, wscene)
child.parent = parent
child.position.x = 2
counts = {"parent": 0, "child": 0}


def count(name):
    def add(*_):
        counts[name] += 1

    return add


parent.onAfterWorldMatrixUpdateObservable.add(count("parent"))
child.onAfterWorldMatrixUpdateObservable.add(count("child"))


def t(m):
    return list(m.getWorldMatrix().m[12:15])


out["world"] = []
for i in range(6):
    if i == 1:
        parent.position.y = 1  # in place: the next render id recomputes
    if i == 2:
        parent.position = Vector3(0, 2, 0)
    if i == 3:
        child.position.x = 3
    if i == 4:
        parent.rotation.z = math.pi / 2
    wscene.render()
    out["world"].append(
        [wscene.getRenderId(), counts["parent"], counts["child"], *t(parent), *t(child)]
    )
    parent.position.y += 0.5  # moved after the render: reads in this render id stay cached
    out["world"].append(
        [wscene.getRenderId(), counts["parent"], counts["child"], *t(parent), *t(child)]
    )
out["worldActive"] = names(wscene.getActiveMeshes())
out["worldMaterials"] = [m[:2] for m in mats(wscene)]
print(json.dumps(out))
