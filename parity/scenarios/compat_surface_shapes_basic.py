# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_surface_shapes_basic.mjs against lite_compat's MeshBuilder.

Cylinders/cones/prisms (arc, enclose, hasRings, caps, faceUV, faceColors, side orientations),
discs (arc, tessellation), tori and torus knots: every position, normal, uv, color and index of
small tessellations, counts and sums of the defaults.
"""

from __future__ import annotations

import json

from lite_compat import Color4, Mesh, MeshBuilder, NullEngine, Scene, Vector4

engine = NullEngine()
scene = Scene(engine)


def nums(a):
    return list(a) if a is not None else None


def total(a):
    return sum(a) if a is not None else None


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


def brief(m):
    return {
        "cls": m.getClassName(),
        "vertices": m.getTotalVertices(),
        "indexCount": len(m.getIndices()),
        "positionSum": total(m.getVerticesData("position")),
        "normalSum": total(m.getVerticesData("normal")),
        "uvSum": total(m.getVerticesData("uv")),
        "indexSum": total(m.getIndices()),
    }


out = {}
out["cylinderDefault"] = brief(MeshBuilder.CreateCylinder("c0", {}, scene))
out["cylinderSmall"] = full(MeshBuilder.CreateCylinder("c1", {"tessellation": 5, "height": 3, "diameterTop": 0.5, "diameterBottom": 2}, scene))
out["cone"] = full(MeshBuilder.CreateCylinder("c2", {"tessellation": 4, "diameterTop": 0, "subdivisions": 2}, scene))
out["cylinderArcEnclose"] = full(MeshBuilder.CreateCylinder("c3", {"tessellation": 4, "arc": 0.75, "enclose": True, "subdivisions": 2}, scene))
out["cylinderRings"] = full(MeshBuilder.CreateCylinder("c4", {
    "tessellation": 3, "subdivisions": 3, "hasRings": True,
    "faceColors": [Color4(1, 0, 0, 1), None, Color4(0, 1, 0, 0.5)],
    "faceUV": [Vector4(0, 0, 0.5, 0.5), Vector4(0.5, 0.5, 1, 1)],
}, scene))
out["cylinderRingsEnclose"] = full(MeshBuilder.CreateCylinder("c5", {"tessellation": 3, "subdivisions": 2, "hasRings": True, "enclose": True, "arc": 0.5, "faceColors": [Color4(0.1, 0.2, 0.3, 0.4)]}, scene))
out["cylinderCapStart"] = full(MeshBuilder.CreateCylinder("c6", {"tessellation": 3, "cap": 1, "sideOrientation": Mesh.BACKSIDE}, scene))
out["cylinderNoCapDouble"] = full(MeshBuilder.CreateCylinder("c7", {"tessellation": 3, "cap": 0, "sideOrientation": Mesh.DOUBLESIDE, "frontUVs": Vector4(0, 0, 0.5, 1), "backUVs": Vector4(0.5, 0, 1, 1)}, scene))
out["cylinderCapEndPrism"] = full(MeshBuilder.CreateCylinder("c8", {"tessellation": 3.7, "subdivisions": 1.9, "height": 0, "diameter": 3, "cap": 2}, scene))

out["discDefault"] = brief(MeshBuilder.CreateDisc("d0", {}, scene))
out["discSmall"] = full(MeshBuilder.CreateDisc("d1", {"radius": 2, "tessellation": 6}, scene))
out["discArc"] = full(MeshBuilder.CreateDisc("d2", {"radius": 1, "tessellation": 5, "arc": 0.5, "sideOrientation": Mesh.DOUBLESIDE}, scene))
out["discBadArc"] = full(MeshBuilder.CreateDisc("d3", {"tessellation": 3, "arc": 2}, scene))

out["torusDefault"] = brief(MeshBuilder.CreateTorus("t0", {}, scene))
out["torusSmall"] = full(MeshBuilder.CreateTorus("t1", {"diameter": 3, "thickness": 0.75, "tessellation": 4}, scene))
out["torusBack"] = full(MeshBuilder.CreateTorus("t2", {"tessellation": 3, "sideOrientation": Mesh.BACKSIDE}, scene))

out["knotDefault"] = brief(MeshBuilder.CreateTorusKnot("k0", {}, scene))
out["knotSmall"] = full(MeshBuilder.CreateTorusKnot("k1", {"radius": 1.5, "tube": 0.3, "radialSegments": 6, "tubularSegments": 4, "p": 3, "q": 2}, scene))
out["knotDouble"] = full(MeshBuilder.CreateTorusKnot("k2", {"radialSegments": 4, "tubularSegments": 3, "sideOrientation": Mesh.DOUBLESIDE}, scene))

print(json.dumps(out))
