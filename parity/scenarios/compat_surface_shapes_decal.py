# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_surface_shapes_decal.mjs against lite_compat's MeshBuilder.CreateDecal.

A decal on a moved, rotated, scaled sphere (clipped triangles, box-projected uvs), on a box
with captured uvs and an angle, with back faces culled, in local mode (parented), and one that
misses the mesh.
"""

from __future__ import annotations

import json
import math

from lite_compat import MeshBuilder, NullEngine, Scene, Vector3

engine = NullEngine()
scene = Scene(engine)


def num(x):
    return x if math.isfinite(x) else ("NaN" if math.isnan(x) else ("Infinity" if x > 0 else "-Infinity"))


def nums(a):
    return [num(x) for x in a] if a is not None else None


def full(m):
    return {
        "cls": m.getClassName(),
        "vertices": m.getTotalVertices(),
        "positions": nums(m.getVerticesData("position")),
        "normals": nums(m.getVerticesData("normal")),
        "uvs": nums(m.getVerticesData("uv")),
        "indices": nums(m.getIndices()),
        "position": [m.position.x, m.position.y, m.position.z],
        "rotation": [m.rotation.x, m.rotation.y, m.rotation.z],
        "parent": m.parent.name if m.parent else None,
    }


out = {}
sphere = MeshBuilder.CreateSphere("s", {"segments": 4, "diameter": 2}, scene)
sphere.position = Vector3(0.5, -0.25, 1)
sphere.rotation = Vector3(0.2, 0.4, -0.1)
sphere.scaling = Vector3(1.5, 1, 1)
sphere.computeWorldMatrix(True)
out["onSphere"] = full(MeshBuilder.CreateDecal("d0", sphere, {"position": Vector3(0.5, 0.75, 1), "normal": Vector3(0, 1, 0), "size": Vector3(1, 1, 1)}))
out["onSphereSide"] = full(MeshBuilder.CreateDecal("d1", sphere, {"position": Vector3(1.9, 0, 1), "normal": Vector3(1, 0.3, 0.2), "size": Vector3(0.8, 1.2, 2), "angle": 0.5, "cullBackFaces": True}))
box = MeshBuilder.CreateBox("b", {"size": 2}, scene)
box.position.x = 3
box.computeWorldMatrix(True)
out["onBox"] = full(MeshBuilder.CreateDecal("d2", box, {"position": Vector3(3.2, 0.3, -1), "normal": Vector3(0, 0, -1), "size": Vector3(1, 1, 0.5), "angle": 0.3, "captureUVS": True}))
out["local"] = full(MeshBuilder.CreateDecal("d3", box, {"position": Vector3(4, 0, 0), "normal": Vector3(1, 0, 0), "size": Vector3(1.5, 0.5, 1), "localMode": True}))
out["miss"] = full(MeshBuilder.CreateDecal("d4", box, {"position": Vector3(10, 10, 10)}))
print(json.dumps(out))
