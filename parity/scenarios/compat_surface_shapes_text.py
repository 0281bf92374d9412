# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_surface_shapes_text.mjs against lite_compat's MeshBuilder.CreateText.

A small typeface.js font written here (line, quadratic and cubic outlines, a glyph with a hole,
the "?" fallback, a glyph with no outline, a line break), lite_compat's default triangulator
(the .mjs injects Mapbox earcut 2.2.4): the merged, centred, upright mesh's vertex data,
per-letter face colors, depth/size/resolution, and the source letters disposed.
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
        "name": m.name,
        "vertices": m.getTotalVertices(),
        "positions": nums(m.getVerticesData("position")),
        "normals": nums(m.getVerticesData("normal")),
        "uvs": nums(m.getVerticesData("uv")),
        "colors": nums(m.getVerticesData("color")),
        "indices": nums(m.getIndices()),
        "position": [m.position.x, m.position.y, m.position.z],
        "rotation": [m.rotation.x, m.rotation.y, m.rotation.z],
        "parent": m.parent.name if m.parent else None,
    }


font = {
    "resolution": 1000,
    "boundingBox": {"yMin": -200, "yMax": 800},
    "underlineThickness": 50,
    "glyphs": {
        "O": {"ha": 700, "o": "m 0 0 l 0 700 l 600 700 l 600 0 m 150 150 l 450 150 l 450 550 l 150 550"},
        "b": {"ha": 600, "o": "m 0 0 l 0 700 l 100 700 l 100 400 q 100 0 500 200"},
        "c": {"ha": 550, "o": "m 0 0 l 0 500 b 400 500 100 650 300 650 l 400 400 l 100 400 l 100 100 l 400 100 l 400 0"},
        "?": {"ha": 300, "o": "m 0 0 l 200 0 l 100 300"},
        " ": {"ha": 250},
    },
}
out = {}
out["single"] = full(MeshBuilder.CreateText("t0", "O", font, {"size": 10, "resolution": 4, "depth": 2}, scene))
out["word"] = full(MeshBuilder.CreateText("t1", "Ob c\nx", font, {"size": 5, "resolution": 3, "depth": 0.5, "perLetterFaceColors": lambda i: [Color4(i / 4, 0, 1, 1), Color4(0, 1, 0, 1), Color4(1, 1, i / 4, 1)]}, scene))
out["defaults"] = full(MeshBuilder.CreateText("t2", "bc", font, None, scene))
out["nothing"] = MeshBuilder.CreateText("t3", "  ", font, {"size": 3}, scene)
out["sceneMeshes"] = [m.name for m in scene.meshes]
out["sceneNodes"] = [m.name for m in scene.transformNodes]
print(json.dumps(out))
