# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_surface_simplify_quadratic.mjs against lite_compat.

Babylon.js 9.31 Mesh.simplify (quadratic error decimation): the simplified LOD meshes'
positions, normals, uvs and indices for a sphere, a ground and a box at several qualities,
parallel and sequential processing, optimizeMesh (vertices merged by position), settings
given as SimplificationSettings or plain objects, a setting without distance (no LOD level),
the decimated meshes' names, visibility, parent, material and rendering group, the LOD
distances, the success callbacks and the scene's simplificationQueue, a hand-built bumpy
grid with vertex colours and a two-sub-mesh ground. Babylon runs the queue from
scene.render() and decimates through setTimeout: each case awaits its callback. Here
simplify has finished when it returns; the render calls stay for a verbatim port.
"""

from __future__ import annotations

import json

from lite_compat import (
    FreeCamera,
    Mesh,
    MeshBuilder,
    NullEngine,
    Scene,
    SimplificationSettings,
    SimplificationType,
    StandardMaterial,
    TransformNode,
    Vector3,
)
from lite_compat.meshes.sub_mesh import SubMesh

engine = NullEngine()
scene = Scene(engine)
FreeCamera("cam", Vector3(0, 0, -10), scene)


def arr(a):
    return None if a is None else list(a)


def mesh_data(m):
    return {
        "name": m.name,
        "isVisible": m.isVisible,
        "parent": m.parent.name if m.parent else None,
        "material": m.material.name if m.material else None,
        "renderingGroupId": m.renderingGroupId,
        "totalVertices": m.getTotalVertices(),
        "totalIndices": m.getTotalIndices(),
        "positions": arr(m.getVerticesData("position")),
        "normals": arr(m.getVerticesData("normal")),
        "uvs": arr(m.getVerticesData("uv")),
        "indices": arr(m.getIndices()),
        "subMeshes": [
            [s.materialIndex, s.verticesStart, s.verticesCount, s.indexStart, s.indexCount]
            for s in m.subMeshes
        ],
    }


def lods(mesh):
    return [
        {"distance": lv.distanceOrScreenCoverage, "mesh": mesh_data(lv.mesh) if lv.mesh else None}
        for lv in mesh.getLODLevels()
    ]


def run(mesh, settings, parallel, expected_lods):
    calls = [0]

    def on_done():
        calls[0] += 1

    returned = mesh.simplify(settings, parallel, SimplificationType.QUADRATIC, on_done)
    same = returned is mesh
    for _ in range(400):
        if not (calls[0] == 0 or len(mesh.getLODLevels()) < expected_lods):
            break
        scene.render()
    return {"same": same, "calls": calls[0], "running": scene.simplificationQueue.running}


out = {}
out["type"] = {"QUADRATIC": SimplificationType.QUADRATIC, "name": "QUADRATIC"}
st = SimplificationSettings(0.5, 12, True)
out["settings"] = [st.quality, st.distance, st.optimizeMesh]

# A sphere, three qualities in parallel (plain objects, as Babylon's docs write them).
root = TransformNode("root", scene)
mat = StandardMaterial("mat", scene)
sphere = MeshBuilder.CreateSphere("sphere", {"segments": 6, "diameter": 2}, scene)
sphere.parent = root
sphere.material = mat
sphere.renderingGroupId = 1
out["sphereRun"] = run(
    sphere,
    [
        {"quality": 0.8, "distance": 10},
        {"quality": 0.5, "distance": 30},
        {"quality": 0.2, "distance": 20},
    ],
    True,
    3,
)
out["sphereLods"] = lods(sphere)
out["sphereTriangles"] = sphere.getTotalIndices() / 3

# The same sphere shape merged by position (optimizeMesh), sequential processing.
sphere2 = MeshBuilder.CreateSphere("sphere2", {"segments": 8, "diameter": 3}, scene)
out["sphere2Run"] = run(
    sphere2, [SimplificationSettings(0.6, 5, True), SimplificationSettings(0.3, 15, True)], False, 2
)
out["sphere2Lods"] = lods(sphere2)

# A subdivided ground: interior vertices collapse, the border stays.
ground = MeshBuilder.CreateGround("ground", {"width": 4, "height": 3, "subdivisions": 5}, scene)
out["groundRun"] = run(ground, [SimplificationSettings(0.4, 8)], False, 1)
out["groundLods"] = lods(ground)

# A box: without optimizeMesh every vertex is on a face border (nothing collapses); with it
# the 8 corners are shared. A setting without distance adds no LOD level.
box = MeshBuilder.CreateBox("box", {"size": 2}, scene)
out["boxRun"] = run(box, [SimplificationSettings(0.5, 4)], True, 1)
out["boxLods"] = lods(box)
box2 = MeshBuilder.CreateBox("box2", {"width": 1, "height": 2, "depth": 3}, scene)
out["box2Run"] = run(box2, [SimplificationSettings(0.5, 6, True), {"quality": 0.3}], False, 1)
out["box2Lods"] = lods(box2)
out["box2All"] = [mesh_data(m) for m in scene.meshes if m.name == "box2Decimated"]

# Two sub-meshes: each is decimated on its own and appended to the decimated mesh.
split = MeshBuilder.CreateGround("split", {"width": 4, "height": 3, "subdivisions": 5}, scene)
split.subMeshes = []
SubMesh(0, 0, 36, 0, 72, split)
SubMesh(1, 0, 36, 72, 78, split)
out["splitRun"] = run(split, [SimplificationSettings(0.5, 3)], False, 1)
out["splitLods"] = lods(split)

# A bumpy 12 x 12 grid built by hand (non-planar quadrics), with vertex colours.
bumpy = Mesh("bumpy", scene)
b_pos = []
b_col = []
b_idx = []
for j in range(13):
    for i in range(13):
        b_pos += [i * 0.25, ((i * 7 + j * 3) % 5) * 0.1, j * 0.25]
        b_col += [i / 12, j / 12, 0.5, 1]
for j in range(12):
    for i in range(12):
        a = j * 13 + i
        b_idx += [a, a + 1, a + 13, a + 1, a + 14, a + 13]
bumpy.setVerticesData("position", b_pos)
bumpy.setVerticesData("color", b_col)
bumpy.setIndices(b_idx)
out["bumpyRun"] = run(
    bumpy, [{"quality": 0.7, "distance": 2}, {"quality": 0.25, "distance": 9}], True, 2
)
out["bumpyLods"] = lods(bumpy)
out["bumpyColors"] = [arr(lv.mesh.getVerticesData("color")) for lv in bumpy.getLODLevels()]

out["meshes"] = [m.name for m in scene.meshes]
print(json.dumps(out))
