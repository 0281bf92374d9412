# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_surface_shapes_paths.mjs against lite_compat's MeshBuilder.

Ribbons (closeArray, closePath, one path with offset, invertUV, custom uvs/colors, double side),
tubes (radius function, caps, arc, instance update), lathes (arc, clip, caps, closed),
ExtrudeShape (scale, rotation, caps, closeShape, firstNormal) and ExtrudeShapeCustom
(scale/rotation functions, instance update); lines, line systems (vertex colors) and dashed lines
with their LinesMesh state. Caps as numbers: NO_CAP 0, CAP_START 1, CAP_END 2, CAP_ALL 3.
"""

from __future__ import annotations

import json
import math

from lite_compat import Color3, Color4, Mesh, MeshBuilder, NullEngine, Scene, Vector2, Vector3

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


# Paths of unequal lengths leave Babylon's uv buffer shorter than the vertex count (reading it
# throws), so those record positions, normals and indices only.
def geometry(m):
    return {
        "vertices": m.getTotalVertices(),
        "positions": nums(m.getVerticesData("position")),
        "normals": nums(m.getVerticesData("normal")),
        "indices": nums(m.getIndices()),
    }


def V(x, y, z):
    return Vector3(x, y, z)


out = {}

pathA = [V(0, 0, 0), V(1, 0.2, 0), V(2, 0, 0.3), V(3, 0.5, 0)]
pathB = [V(0, 1, 0), V(1, 1.2, 0.1), V(2, 1, 0.5), V(3, 1.5, 0)]
pathC = [V(0, 2, 1), V(1, 2, 1), V(2.5, 2.2, 1)]
out["ribbon"] = full(MeshBuilder.CreateRibbon("r0", {"pathArray": [pathA, pathB]}, scene))
out["ribbonUneven"] = geometry(MeshBuilder.CreateRibbon("r1", {"pathArray": [pathA, pathB, pathC], "closeArray": True}, scene))
out["ribbonClosePath"] = full(MeshBuilder.CreateRibbon("r2", {"pathArray": [pathA, pathB], "closePath": True, "invertUV": True}, scene))
out["ribbonOnePath"] = full(MeshBuilder.CreateRibbon("r3", {"pathArray": [[V(0, 0, 0), V(1, 0, 0), V(2, 0, 0), V(0, 1, 0), V(1, 1, 0), V(2, 1.5, 0)]], "offset": 3}, scene))
out["ribbonCustom"] = full(MeshBuilder.CreateRibbon("r4", {
    "pathArray": [pathC, [V(0, 3, 1), V(1, 3, 1.5), V(2.5, 3.2, 1)]],
    "uvs": [Vector2(0, 0), Vector2(0.5, 0), Vector2(1, 0), Vector2(0, 1), Vector2(0.5, 1), Vector2(1, 1)],
    "colors": [Color4(1, 0, 0, 1), Color4(0, 1, 0, 1), Color4(0, 0, 1, 1), Color4(1, 1, 0, 0.5), Color4(0, 1, 1, 0.5), Color4(1, 0, 1, 0.5)],
    "sideOrientation": Mesh.BACKSIDE,
}, scene))
ribbonU = MeshBuilder.CreateRibbon("r5", {"pathArray": [pathA, pathB], "updatable": True}, scene)
ribbonU2 = MeshBuilder.CreateRibbon(None, {"pathArray": [[p.add(V(0, 0, 1)) for p in pathA], [p.scale(2) for p in pathB]], "instance": ribbonU})
out["ribbonInstance"] = {"same": ribbonU2 is ribbonU, "mesh": full(ribbonU)}

tubePath = [V(0, 0, 0), V(0, 1, 0), V(1, 2, 0.5), V(2, 2, 1)]
out["tube"] = full(MeshBuilder.CreateTube("t0", {"path": tubePath, "tessellation": 4}, scene))
out["tubeCapAll"] = full(MeshBuilder.CreateTube("t1", {"path": tubePath, "radius": 0.3, "tessellation": 3, "cap": 3, "arc": 0.5}, scene))
out["tubeRadiusFn"] = full(MeshBuilder.CreateTube("t2", {"path": [V(0, 0, 0), V(1, 0, 0), V(2, 0, 0)], "tessellation": 5, "cap": 1, "radiusFunction": lambda i, d: 0.2 + i * 0.1 + d * 0.05, "sideOrientation": Mesh.BACKSIDE}, scene))
out["tubeCapEnd"] = full(MeshBuilder.CreateTube("t3", {"path": [V(0, 0, 0), V(0, 0, 1), V(0, 0, 2)], "tessellation": 3, "cap": 2, "invertUV": True}, scene))
tubeU = MeshBuilder.CreateTube("t4", {"path": tubePath, "tessellation": 4, "radius": 0.5, "updatable": True}, scene)
MeshBuilder.CreateTube("t4", {"path": [p.add(V(0.1, 0.2, 0.3)) for p in tubePath], "radius": 0.25, "instance": tubeU})
out["tubeInstance"] = full(tubeU)
out["tubeDefault"] = {"vertices": MeshBuilder.CreateTube("t5", {"path": tubePath}, scene).getTotalVertices()}

profile = [V(0.5, 0, 0), V(1, 0.5, 0), V(0.75, 1, 0), V(0.25, 1.5, 0)]
out["lathe"] = full(MeshBuilder.CreateLathe("l0", {"shape": profile, "tessellation": 4}, scene))
out["latheArc"] = full(MeshBuilder.CreateLathe("l1", {"shape": profile, "tessellation": 6, "arc": 0.5, "radius": 2, "closed": False, "cap": 3}, scene))
out["latheClip"] = full(MeshBuilder.CreateLathe("l2", {"shape": profile[0:3], "tessellation": 5, "clip": 2, "cap": 1, "invertUV": True}, scene))

shape = [V(0, 0.5, 0), V(0.5, 0, 0), V(0, -0.5, 0), V(-0.5, 0, 0)]
extPath = [V(0, 0, 0), V(0, 0, 1), V(0.5, 0.5, 2), V(1, 1, 3), V(1, 1, 4)]
out["extrude"] = full(MeshBuilder.ExtrudeShape("e0", {"shape": shape, "path": extPath}, scene))
out["extrudeScaled"] = full(MeshBuilder.ExtrudeShape("e1", {"shape": shape, "path": extPath, "scale": 0.5, "rotation": 0.3, "cap": 3, "closeShape": True}, scene))
out["extrudeNormal"] = full(MeshBuilder.ExtrudeShape("e2", {"shape": shape, "path": extPath[0:3], "firstNormal": V(1, 0, 0), "cap": 2, "closePath": True, "sideOrientation": Mesh.DOUBLESIDE}, scene))
out["extrudeCustom"] = full(MeshBuilder.ExtrudeShapeCustom("e3", {"shape": shape, "path": extPath, "scaleFunction": lambda i, d: 1 + i * 0.25, "rotationFunction": lambda i, d: 0.1 * d, "ribbonCloseArray": True, "cap": 1}, scene))
out["extrudeVector"] = full(MeshBuilder.ExtrudeShapeCustom("e4", {"shape": shape, "path": extPath[1:], "scaleVectorFunction": lambda i, d: V(1, 1 + i, 0.5), "closeShape": True, "adjustFrame": True}, scene))
extU = MeshBuilder.ExtrudeShapeCustom("e5", {"shape": shape, "path": extPath, "scaleFunction": lambda i, d: 1, "updatable": True}, scene)
MeshBuilder.ExtrudeShapeCustom("e5", {"shape": shape, "path": [p.scale(1.5) for p in extPath], "scaleFunction": lambda i, d: 0.5 + i * 0.1, "rotationFunction": lambda i, d: 0.2, "instance": extU})
out["extrudeInstance"] = full(extU)

pts = [V(0, 0, 0), V(1, 1, 0), V(2, 0, 1), V(3, 1, 1)]
lines = MeshBuilder.CreateLines("li", {"points": pts, "colors": [Color4(i / 3, 1 - i / 3, 0.5, 1) for i, p in enumerate(pts)], "updatable": True}, scene)
out["lines"] = {**full(lines), "color": [lines.color.r, lines.color.g, lines.color.b], "alpha": lines.alpha, "useVertexColor": lines.useVertexColor, "useVertexAlpha": lines.useVertexAlpha, "intersectionThreshold": lines.intersectionThreshold, "checkCollisions": lines.checkCollisions}
lines.color = Color3(1, 0, 0)
lines.alpha = 0.5
lines.checkCollisions = True
out["linesSet"] = {"color": [lines.color.r, lines.color.g, lines.color.b], "alpha": lines.alpha, "checkCollisions": lines.checkCollisions}
MeshBuilder.CreateLines(None, {"points": [p.scale(2) for p in pts], "instance": lines})
out["linesInstance"] = full(lines)
sys_ = MeshBuilder.CreateLineSystem("ls", {"lines": [pts, [V(5, 5, 5), V(6, 5, 5)]], "useVertexAlpha": True}, scene)
out["lineSystem"] = {**full(sys_), "useVertexColor": sys_.useVertexColor, "useVertexAlpha": sys_.useVertexAlpha}
out["dashed"] = full(MeshBuilder.CreateDashedLines("da", {"points": pts, "dashNb": 7, "dashSize": 2, "gapSize": 1}, scene))
dashedU = MeshBuilder.CreateDashedLines("db", {"points": [V(0, 0, 0), V(4, 0, 0), V(4, 3, 0)], "dashNb": 5, "updatable": True}, scene)
out["dashedDefault"] = {"vertices": MeshBuilder.CreateDashedLines("dc", {"points": pts}, scene).getTotalVertices()}
MeshBuilder.CreateDashedLines(None, {"points": [V(0, 0, 0), V(2, 0, 0), V(2, 1, 0)], "instance": dashedU})
out["dashedInstance"] = full(dashedU)

print(json.dumps(out))
