# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_surface_shapes_legacy.mjs against lite_compat's Mesh.

Legacy positional builders registered on Mesh (Mesh.CreateBox(name, size, scene, ...),
Mesh.CreateCylinder with and without subdivisions, ...) and the Mesh shape constants (caps, tile
patterns, alignments): counts and sums of each shape's vertex data.
"""

from __future__ import annotations

import json

from lite_compat import Mesh, MeshBuilder, NullEngine, Scene, Vector3

engine = NullEngine()
scene = Scene(engine)


def total(a):
    return sum(a) if a is not None else None


def brief(m):
    return {
        "cls": m.getClassName(),
        "vertices": m.getTotalVertices(),
        "indexCount": len(m.getIndices()),
        "positionSum": total(m.getVerticesData("position")),
        "normalSum": total(m.getVerticesData("normal")),
        "uvSum": total(m.getVerticesData("uv")),
        "indexSum": total(m.getIndices()),
        "side": getattr(m, "_originalBuilderSideOrientation", None),
    }


def V(x, y, z):
    return Vector3(x, y, z)


out = {}
out["constants"] = [Mesh.NO_CAP, Mesh.CAP_START, Mesh.CAP_END, Mesh.CAP_ALL, Mesh.NO_FLIP, Mesh.FLIP_TILE, Mesh.ROTATE_TILE, Mesh.FLIP_ROW, Mesh.ROTATE_ROW, Mesh.FLIP_N_ROTATE_TILE, Mesh.FLIP_N_ROTATE_ROW, Mesh.CENTER, Mesh.LEFT, Mesh.RIGHT, Mesh.TOP, Mesh.BOTTOM]
path = [V(0, 0, 0), V(0, 1, 0), V(1, 2, 0.5)]
shape = [V(0, 0.5, 0), V(0.5, 0, 0), V(0, -0.5, 0)]
out["box"] = brief(Mesh.CreateBox("b", 2, scene, False, Mesh.BACKSIDE))
out["sphere"] = brief(Mesh.CreateSphere("s", 6, 3, scene))
out["plane"] = brief(Mesh.CreatePlane("p", 4, scene, False, Mesh.DOUBLESIDE))
out["ground"] = brief(Mesh.CreateGround("g", 4, 2, 3, scene))
out["cylinder"] = brief(Mesh.CreateCylinder("c", 3, 1, 2, 6, 2, scene))
out["cylinderOld"] = brief(Mesh.CreateCylinder("c2", 3, 1, 2, 6, scene, False, Mesh.BACKSIDE))
out["disc"] = brief(Mesh.CreateDisc("d", 2, 7, scene))
out["torus"] = brief(Mesh.CreateTorus("t", 2, 0.5, 8, scene))
out["knot"] = brief(Mesh.CreateTorusKnot("k", 2, 0.5, 8, 6, 2, 3, scene))
out["lines"] = brief(Mesh.CreateLines("l", path, scene))
out["dashed"] = brief(Mesh.CreateDashedLines("dl", path, 2, 1, 10, scene))
out["ribbon"] = brief(Mesh.CreateRibbon("r", [path, [p.add(V(1, 0, 0)) for p in path]], False, False, 0, scene))
out["tube"] = brief(Mesh.CreateTube("tu", path, 0.3, 5, None, Mesh.CAP_ALL, scene))
out["lathe"] = brief(Mesh.CreateLathe("la", [p.add(V(1, 0, 0)) for p in shape], 1.5, 6, scene))
out["extrude"] = brief(Mesh.ExtrudeShape("e", shape, path, 0.5, 0.2, Mesh.CAP_END, scene))
out["extrudeCustom"] = brief(Mesh.ExtrudeShapeCustom("ec", shape, path, lambda i, d: 1 + i, lambda i, d: 0.1 * i, False, True, Mesh.NO_CAP, scene))
out["tiledGround"] = brief(Mesh.CreateTiledGround("tg", -1, -1, 1, 1, {"w": 2, "h": 2}, {"w": 1, "h": 2}, scene))
out["ico"] = brief(Mesh.CreateIcoSphere("i", {"subdivisions": 2}, scene))
out["poly"] = brief(Mesh.CreatePolyhedron("ph", {"type": 3}, scene))
out["capsule"] = brief(Mesh.CreateCapsule("ca", {"height": 2}, scene))
sphere = MeshBuilder.CreateSphere("src", {"segments": 4}, scene)
out["decal"] = brief(Mesh.CreateDecal("de", sphere, V(0, 0.5, 0), V(0, 1, 0), V(0.5, 0.5, 0.5), 0.2))
print(json.dumps(out))
