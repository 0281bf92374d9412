# parity: {"quaternion_paths": ["$.quaternions[*]"], "ignore": ["$.meta"]}
"""Port of parity_selftest.mjs: the harness's own end-to-end check, in plain Python.

Quaternions are written with w >= 0 (Babylon.js keeps the sign of cos(angle / 2)), so the
angles past pi only pass because ``$.quaternions[*]`` is compared up to sign. ``$.meta`` names
the engine and differs on purpose; the header ignores it.
"""

from __future__ import annotations

import json
import math

import numpy as np


def fround(x: float) -> float:
    """JavaScript's Math.fround: round to the nearest float32."""
    return float(np.float32(x))


def num(x: float) -> float | str:
    """NaN and the infinities travel as strings, as JSON cannot spell them."""
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    return x


def lerp3(a: list[float], b: list[float], t: float) -> list[float]:
    # Babylon.js Vector3.LerpToRef: start + (end - start) * amount, per component.
    return [x + (y - x) * t for x, y in zip(a, b, strict=True)]


def rotation_axis(axis: list[float], angle: float) -> list[float]:
    # Babylon.js Quaternion.RotationAxisToRef: normalised axis * sin(angle/2), w = cos(angle/2);
    # here flipped to w >= 0.
    n = math.sqrt(sum(c * c for c in axis))
    s = math.sin(angle / 2)
    q = [axis[0] / n * s, axis[1] / n * s, axis[2] / n * s, math.cos(angle / 2)]
    return [-c for c in q] if q[3] < 0 else q


doc = {
    "frounds": [fround(x) for x in [0.1, 1 / 3, math.pi, 1e-8, 16777217, -2.5, 3.4028235e38]],
    "lerps": [lerp3([1, 2, 3], [-4, 0.5, 9], t) for t in [0, 0.25, 0.5, 0.9, 1]],
    "meta": {"engine": "parity selftest (Python)"},
    "quaternions": [
        rotation_axis([1, 2, 2], a) for a in [0, 0.5, math.pi / 2, 3, 4, 2 * math.pi - 0.25]
    ],
    "scalars": [-2 + (6 - -2) * t for t in [0, 0.1, 0.5, 1, 1.5]],
    "specials": [num(x) for x in [math.nan, math.inf, -math.inf, math.nan, 0.5]],
}
print(json.dumps(doc))
