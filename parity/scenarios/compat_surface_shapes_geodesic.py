# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_surface_shapes_geodesic.mjs against lite_compat's MeshBuilder.

CreateGeodesic and CreateGoldberg for several (m, n) grids (class I, II and III, swapped and
fractional m/n), sizes, flat/smooth, faceColors; the Goldberg mesh's goldbergData (face counts,
centres, axes, adjacent faces) and relatedGoldbergFace.
"""

from __future__ import annotations

import json
import math

from lite_compat import Color4, MeshBuilder, NullEngine, Scene

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
        "colors": nums(m.getVerticesData("color")),
        "indices": nums(m.getIndices()),
    }


def v3s(a):
    return [[v.x, v.y, v.z] for v in a]


out = {}
out["geo11"] = full(MeshBuilder.CreateGeodesic("g0", {}, scene))
out["geo20"] = full(MeshBuilder.CreateGeodesic("g1", {"m": 2, "size": 2}, scene))
out["geo21"] = full(MeshBuilder.CreateGeodesic("g2", {"m": 2, "n": 1, "flat": False, "sizeY": 0.5}, scene))
out["geo33"] = full(MeshBuilder.CreateGeodesic("g3", {"m": 3, "n": 3, "faceColors": [Color4(1, 0, 0, 1)]}, scene))
out["geoSwap"] = full(MeshBuilder.CreateGeodesic("g4", {"m": 1.7, "n": 3.2}, scene))
out["geo42"] = full(MeshBuilder.CreateGeodesic("g5", {"m": 4, "n": 2}, scene))
for key, opts in [["gold10", {}], ["gold21", {"m": 2, "n": 1, "size": 3}], ["gold32", {"m": 3, "n": 2, "sizeX": 2}], ["gold40", {"m": 4}]]:
    g = MeshBuilder.CreateGoldberg(key, opts, scene)
    d = g.goldbergData
    out[key] = {
        **full(g),
        "nbSharedFaces": d["nbSharedFaces"], "nbUnsharedFaces": d["nbUnsharedFaces"], "nbFaces": d["nbFaces"], "nbFacesAtPole": d["nbFacesAtPole"],
        "adjacentFaces": d["adjacentFaces"], "faceCenters": v3s(d["faceCenters"]), "faceXaxis": v3s(d["faceXaxis"]), "faceYaxis": v3s(d["faceYaxis"]), "faceZaxis": v3s(d["faceZaxis"]),
        "faceColors": len(d["faceColors"]),
        "related": [g.relatedGoldbergFace(0), g.relatedGoldbergFace(1000), g.relatedGoldbergFace(2, 0), g.relatedGoldbergFace(20, 50)],
    }
print(json.dumps(out))
