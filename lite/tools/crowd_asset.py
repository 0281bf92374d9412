"""The benchmark crowd asset: a deterministic 65-joint skinned glTF, written as GLB bytes.

One skin of 65 joints (a root and 8 chains of 8, depth 9), a one-triangle skinned mesh on a
sibling root node, and one clip ``Crowd`` whose 195 channels (translation, rotation with
LINEAR slerp, scale per joint) all share one 30-key time accessor over 1 s, the way glTF
exporters write a clip. The same bytes feed the Python benchmark and the Node benchmark
scripts (``parity/bench/crowd_*.mjs`` read the file), so every engine plays identical data.

The GLB is assembled with ``json`` and ``struct`` (no pygltflib, which only
:mod:`lite.loader_gltf` imports). The output is byte-for-byte reproducible.
"""

from __future__ import annotations

import json
import math
import struct
from typing import Final

import numpy as np

__all__ = [
    "CHAIN_COUNT",
    "CHAIN_LENGTH",
    "CROWD_PHASE",
    "JOINT_COUNT",
    "KEY_COUNT",
    "crowd_asset_glb",
    "crowd_joint_parents",
]

#: Chains under the root joint, and joints per chain: 1 + 8 * 8 = 65 joints, depth 9.
CHAIN_COUNT: Final = 8
CHAIN_LENGTH: Final = 8
JOINT_COUNT: Final = 1 + CHAIN_COUNT * CHAIN_LENGTH
#: Keys per channel, evenly spaced over the 1 s clip (first and last key coincide in value).
KEY_COUNT: Final = 30
#: Instance ``k`` starts at ``(k * CROWD_PHASE) mod 1 s`` (the golden-ratio conjugate).
CROWD_PHASE: Final = 0.6180339887498949

_FLOAT: Final = 5126
_UBYTE: Final = 5121
_USHORT: Final = 5123


def crowd_joint_parents() -> list[int]:
    """Parent joint index of each of the 65 joints (-1 for the root)."""
    parents = [-1]
    for c in range(CHAIN_COUNT):
        for j in range(CHAIN_LENGTH):
            parents.append(0 if j == 0 else 1 + c * CHAIN_LENGTH + j - 1)
    return parents


def _rest_translation(joint: int) -> tuple[float, float, float]:
    if joint == 0:
        return (0.0, 1.0, 0.0)
    c, j = divmod(joint - 1, CHAIN_LENGTH)
    if j == 0:
        a = 2.0 * math.pi * c / CHAIN_COUNT
        return (0.2 * math.cos(a), 0.1, 0.2 * math.sin(a))
    return (0.0, 0.15, 0.0)


def _trs_matrix(t: np.ndarray, q: np.ndarray, s: np.ndarray) -> np.ndarray:
    """Mathematical (row-major) 4x4 ``T * R * S`` in float64."""
    x, y, z, w = (float(v) for v in q)
    rot = np.array(
        [
            [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
            [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
            [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
        ]
    )
    m = np.eye(4)
    m[:3, :3] = rot * s[None, :]
    m[:3, 3] = t
    return m


def _keys() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Key times (30,), translations (65, 30, 3), rotations (65, 30, 4), scales (65, 30, 3)."""
    u = np.arange(KEY_COUNT, dtype=np.float64) / (KEY_COUNT - 1)
    two_pi_u = 2.0 * math.pi * u
    trans = np.zeros((JOINT_COUNT, KEY_COUNT, 3))
    rot = np.zeros((JOINT_COUNT, KEY_COUNT, 4))
    scale = np.zeros((JOINT_COUNT, KEY_COUNT, 3))
    for n in range(JOINT_COUNT):
        p = 0.37 * n
        rest = np.asarray(_rest_translation(n))
        trans[n, :, 0] = rest[0] + 0.05 * np.sin(two_pi_u + p)
        trans[n, :, 1] = rest[1] + 0.05 * np.cos(two_pi_u + 0.5 * p)
        trans[n, :, 2] = rest[2] + 0.05 * np.sin(2.0 * two_pi_u + p)
        axis = np.array([math.sin(p), 1.0, math.cos(p)])
        axis /= np.linalg.norm(axis)
        # Amplitude 0.8 rad: most segments slerp, the slow ones near the extremes take
        # Babylon Lite's nlerp branch (|dot| > 0.9995), so both paths are timed.
        angle = 0.8 * np.sin(two_pi_u + p)
        half = 0.5 * angle
        rot[n, :, 0:3] = axis[None, :] * np.sin(half)[:, None]
        rot[n, :, 3] = np.cos(half)
        scale[n, :, 0] = 1.0 + 0.1 * np.sin(two_pi_u + 2.0 * p)
        scale[n, :, 1] = 1.0 + 0.05 * np.sin(two_pi_u + 3.0 * p)
        scale[n, :, 2] = 1.0 + 0.1 * np.cos(two_pi_u + 2.0 * p)
    return u, trans, rot, scale


class _Blob:
    def __init__(self) -> None:
        self.data = bytearray()
        self.views: list[dict[str, int]] = []
        self.accessors: list[dict[str, object]] = []

    def accessor(
        self,
        arr: np.ndarray,
        gltf_type: str,
        component: int,
        *,
        minmax: bool = False,
        target: int | None = None,
    ) -> int:
        while len(self.data) % 4:
            self.data.append(0)
        raw = arr.tobytes()
        view: dict[str, int] = {"buffer": 0, "byteOffset": len(self.data), "byteLength": len(raw)}
        if target is not None:
            view["target"] = target
        self.data += raw
        self.views.append(view)
        acc: dict[str, object] = {
            "bufferView": len(self.views) - 1,
            "componentType": component,
            "count": int(arr.shape[0]),
            "type": gltf_type,
        }
        if minmax:
            flat = arr.reshape(arr.shape[0], -1)
            acc["min"] = [float(v) for v in flat.min(axis=0)]
            acc["max"] = [float(v) for v in flat.max(axis=0)]
        self.accessors.append(acc)
        return len(self.accessors) - 1


def crowd_asset_glb() -> bytes:
    """The crowd asset as GLB bytes (deterministic).

    Returns
    -------
    bytes
        Nodes 0..64 are the joints (``root``, ``c<chain>_j<index>``), node 65 the skinned
        mesh ``body``; one skin, one animation ``Crowd`` with channels ordered joint by joint
        (translation, rotation, scale).
    """
    parents = crowd_joint_parents()
    blob = _Blob()
    nodes: list[dict[str, object]] = []
    world = np.zeros((JOINT_COUNT, 4, 4))
    for n in range(JOINT_COUNT):
        t = np.asarray(_rest_translation(n), dtype=np.float32).astype(np.float64)
        local = _trs_matrix(t, np.array([0.0, 0.0, 0.0, 1.0]), np.ones(3))
        world[n] = local if parents[n] < 0 else world[parents[n]] @ local
        if n == 0:
            name = "root"
        else:
            c, j = divmod(n - 1, CHAIN_LENGTH)
            name = f"c{c}_j{j}"
        node: dict[str, object] = {"name": name, "translation": [float(v) for v in t]}
        children = [k for k in range(JOINT_COUNT) if parents[k] == n]
        if children:
            node["children"] = children
        nodes.append(node)
    # Inverse bind matrices: inverse rest world, stored column-major (glTF).
    ibm = np.linalg.inv(world).transpose(0, 2, 1).astype(np.float32).reshape(JOINT_COUNT, 16)

    # One triangle per chain tip, weighted to the tip joint and the root.
    positions = []
    joints = []
    weights = []
    for c in range(CHAIN_COUNT):
        tip = 1 + c * CHAIN_LENGTH + CHAIN_LENGTH - 1
        p = world[tip, :3, 3]
        for off in ((0.02, 0.0, 0.0), (-0.02, 0.0, 0.0), (0.0, 0.0, 0.02)):
            positions.append(p + np.asarray(off))
            joints.append((tip, 0, 0, 0))
            weights.append((0.8, 0.2, 0.0, 0.0))
    pos = np.asarray(positions, dtype="<f4")
    prim_attrs = {
        "POSITION": blob.accessor(pos, "VEC3", _FLOAT, minmax=True, target=34962),
        "JOINTS_0": blob.accessor(np.asarray(joints, dtype="u1"), "VEC4", _UBYTE, target=34962),
        "WEIGHTS_0": blob.accessor(np.asarray(weights, dtype="<f4"), "VEC4", _FLOAT, target=34962),
    }
    indices = blob.accessor(np.arange(pos.shape[0], dtype="<u2"), "SCALAR", _USHORT, target=34963)
    ibm_acc = blob.accessor(ibm.astype("<f4"), "MAT4", _FLOAT)

    times, trans, rot, scale = _keys()
    time_acc = blob.accessor(times.astype("<f4"), "SCALAR", _FLOAT, minmax=True)
    samplers: list[dict[str, object]] = []
    channels: list[dict[str, object]] = []
    for n in range(JOINT_COUNT):
        for path, values, gltf_type in (
            ("translation", trans[n], "VEC3"),
            ("rotation", rot[n], "VEC4"),
            ("scale", scale[n], "VEC3"),
        ):
            out = blob.accessor(values.astype("<f4"), gltf_type, _FLOAT)
            samplers.append({"input": time_acc, "output": out, "interpolation": "LINEAR"})
            channels.append({"sampler": len(samplers) - 1, "target": {"node": n, "path": path}})
    nodes.append({"name": "body", "mesh": 0, "skin": 0})
    while len(blob.data) % 4:
        blob.data.append(0)
    doc = {
        "asset": {"version": "2.0", "generator": "lite.crowd_asset"},
        "scene": 0,
        "scenes": [{"nodes": [0, JOINT_COUNT]}],
        "nodes": nodes,
        "meshes": [
            {"name": "body", "primitives": [{"attributes": prim_attrs, "indices": indices}]}
        ],
        "skins": [
            {
                "name": "crowd",
                "joints": list(range(JOINT_COUNT)),
                "skeleton": 0,
                "inverseBindMatrices": ibm_acc,
            }
        ],
        "animations": [{"name": "Crowd", "samplers": samplers, "channels": channels}],
        "accessors": blob.accessors,
        "bufferViews": blob.views,
        "buffers": [{"byteLength": len(blob.data)}],
    }
    text = json.dumps(doc, separators=(",", ":"), sort_keys=True).encode("utf-8")
    text += b" " * (-len(text) % 4)
    data = bytes(blob.data)
    total = 12 + 8 + len(text) + 8 + len(data)
    return (
        struct.pack("<4sII", b"glTF", 2, total)
        + struct.pack("<I4s", len(text), b"JSON")
        + text
        + struct.pack("<I4s", len(data), b"BIN\0")
        + data
    )
