# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_surface_shapes_polygon.mjs against lite_compat's MeshBuilder.

CreatePolygon / ExtrudePolygon with lite_compat's default triangulator (the .mjs injects Mapbox
earcut 2.2.4 into Babylon.js): convex and concave outlines, holes, a closed outline (last point
= first), 120-point stars (earcut's z-order hashing), depth, smoothing, faceUV/faceColors, wrap,
side orientations; every position, normal, uv, color and index.
"""

from __future__ import annotations

import json
import math

from lite_compat import Color4, Mesh, MeshBuilder, NullEngine, Scene, Vector3, Vector4

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
        "side": m._originalBuilderSideOrientation,
    }


def V(x, y, z):
    return Vector3(x, y, z)


out = {}

square = [V(-1, 0, -1), V(1, 0, -1), V(1, 0, 1), V(-1, 0, 1)]
hole = [V(-0.5, 0, -0.5), V(0.5, 0, -0.5), V(0, 0, 0.5)]
hole2 = [V(0.6, 0, 0.6), V(0.9, 0, 0.6), V(0.9, 0, 0.9), V(0.6, 0, 0.9)]
ell = [V(0, 0, 0), V(3, 0, 0), V(3, 0, 1), V(1, 0, 1), V(1, 0, 3), V(0, 0, 3)]
out["square"] = full(MeshBuilder.CreatePolygon("p0", {"shape": square}, scene))
out["squareClosed"] = full(MeshBuilder.CreatePolygon("p1", {"shape": [*square, V(-1, 0, -1)], "sideOrientation": Mesh.BACKSIDE}, scene))
out["ell"] = full(MeshBuilder.CreatePolygon("p2", {"shape": ell}, scene))
out["holes"] = full(MeshBuilder.CreatePolygon("p3", {"shape": square, "holes": [hole, hole2]}, scene))
out["extruded"] = full(MeshBuilder.ExtrudePolygon("p4", {"shape": ell, "depth": 0.5}, scene))
out["extrudedHoles"] = full(MeshBuilder.ExtrudePolygon("p5", {"shape": square, "holes": [hole], "depth": 2, "faceColors": [Color4(1, 0, 0, 1), Color4(0, 1, 0, 1), Color4(0, 0, 1, 1)], "faceUV": [Vector4(0, 0, 0.5, 0.5), Vector4(0.5, 0, 1, 0.5), Vector4(0, 0.5, 1, 1)]}, scene))
out["extrudedWrap"] = full(MeshBuilder.ExtrudePolygon("p6", {"shape": ell, "depth": 1, "wrap": True, "smoothingThreshold": 0.5}, scene))
out["extrudedSmooth"] = full(MeshBuilder.ExtrudePolygon("p7", {"shape": [V(0, 0, 0), V(2, 0, 0.2), V(2.2, 0, 2), V(0.1, 0, 2.1), V(-0.5, 0, 1)], "depth": 0.25, "smoothingThreshold": -1, "sideOrientation": Mesh.BACKSIDE}, scene))
star = []
for i in range(120):
    a = (i / 120) * math.pi * 2
    r = 2 if i % 2 == 0 else 1 + 0.3 * math.sin(i)
    star.append(V(math.cos(a) * r, 0, math.sin(a) * r))
out["star"] = full(MeshBuilder.CreatePolygon("p8", {"shape": star, "holes": [[V(-0.3, 0, -0.3), V(0.3, 0, -0.3), V(0.3, 0, 0.3), V(-0.3, 0, 0.3)]]}, scene))
out["starReversed"] = full(MeshBuilder.CreatePolygon("p9", {"shape": list(reversed(star))}, scene))

print(json.dumps(out))
