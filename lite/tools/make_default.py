"""Generate the bundled default asset, ``lite/assets/figure.glb`` (deterministic bytes).

Run ``python -m lite.tools.make_default`` to rewrite the file, or ``--check`` to compare the
committed file with a fresh generation (exit 1 when they differ).

Not a port: a build tool for the package's own demo asset. It is the one module outside
``lite/loader_gltf/`` that imports ``pygltflib``, and nothing in ``lite`` imports it.

The figure
----------
A humanoid of boxes facing +Z (glTF's front), 1.98 m tall, feet on y = 0. One skin with 13
joints::

    Hips ─┬─ Spine ── Chest ─┬─ Neck ── Head
          │                  ├─ LeftUpperArm ── LeftForearm
          │                  └─ RightUpperArm ── RightForearm
          ├─ LeftThigh ── LeftShin
          └─ RightThigh ── RightShin

Each box is bound rigidly (weight 1) to one joint. Two skinned mesh nodes share the skin:
``Body`` (four primitives: shirt, skin, trousers, dark) and ``Eyelids`` (one morph target,
``blink``, that lowers the lids over the eyes). Materials: ``Shirt`` (0), ``Skin`` (1),
``Trousers`` (2), ``Dark`` (3).

Clips
-----
walk
    1.0 s loop, LINEAR: hips bob, spine twist, thighs, shins, upper arms and forearms.
run
    0.6 s loop, CUBICSPLINE (tangents are the exact time derivatives): as walk, plus a forward
    lean and a head counter-tilt.
wave
    2.0 s, mixed: right upper arm raised (LINEAR), forearm waving (CUBICSPLINE, Catmull-Rom
    tangents), head tilting in steps (STEP). Made to be layered additively from frame 0.
blink
    1.5 s, LINEAR morph weights on ``Eyelids`` (closed at 1.0 s).
tint
    3.0 s, LINEAR KHR_animation_pointer ``/materials/0/pbrMetallicRoughness/baseColorFactor``
    (the shirt goes blue, orange, green, blue).
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt
import pygltflib as g

__all__ = ["JOINTS", "build_default_figure", "main", "write_default_figure"]

F64 = npt.NDArray[np.float64]

#: Where the generated file is written (next to this module).
OUTPUT: Final = Path(__file__).resolve().parents[1] / "assets" / "figure.glb"

#: (name, parent, rest translation relative to the parent); rest rotations are identity.
JOINTS: Final[tuple[tuple[str, str | None, tuple[float, float, float]], ...]] = (
    ("Hips", None, (0.0, 1.0, 0.0)),
    ("Spine", "Hips", (0.0, 0.1, 0.0)),
    ("Chest", "Spine", (0.0, 0.22, 0.0)),
    ("Neck", "Chest", (0.0, 0.3, 0.0)),
    ("Head", "Neck", (0.0, 0.08, 0.0)),
    ("LeftUpperArm", "Chest", (0.27, 0.27, 0.0)),
    ("LeftForearm", "LeftUpperArm", (0.0, -0.3, 0.0)),
    ("RightUpperArm", "Chest", (-0.27, 0.27, 0.0)),
    ("RightForearm", "RightUpperArm", (0.0, -0.3, 0.0)),
    ("LeftThigh", "Hips", (0.1, -0.06, 0.0)),
    ("LeftShin", "LeftThigh", (0.0, -0.45, 0.0)),
    ("RightThigh", "Hips", (-0.1, -0.06, 0.0)),
    ("RightShin", "RightThigh", (0.0, -0.45, 0.0)),
)

_SHIRT, _SKIN, _TROUSERS, _DARK = 0, 1, 2, 3
#: (name, linear RGBA base colour)
_MATERIALS: Final = (
    ("Shirt", (0.2, 0.4, 0.85, 1.0)),
    ("Skin", (0.93, 0.74, 0.6, 1.0)),
    ("Trousers", (0.22, 0.23, 0.3, 1.0)),
    ("Dark", (0.06, 0.06, 0.08, 1.0)),
)

#: Body boxes: (joint, material, min corner, max corner), joint-local coordinates.
_BOXES: Final[tuple[tuple[str, int, tuple[float, ...], tuple[float, ...]], ...]] = (
    ("Hips", _TROUSERS, (-0.17, -0.09, -0.1), (0.17, 0.09, 0.1)),
    ("Spine", _SHIRT, (-0.15, -0.02, -0.09), (0.15, 0.24, 0.09)),
    ("Chest", _SHIRT, (-0.22, 0.0, -0.12), (0.22, 0.32, 0.12)),
    ("Neck", _SKIN, (-0.05, -0.02, -0.05), (0.05, 0.1, 0.05)),
    ("Head", _SKIN, (-0.12, 0.0, -0.13), (0.12, 0.28, 0.13)),
    ("Head", _DARK, (-0.09, 0.13, 0.12), (-0.03, 0.17, 0.14)),  # right eye
    ("Head", _DARK, (0.03, 0.13, 0.12), (0.09, 0.17, 0.14)),  # left eye
    ("LeftUpperArm", _SHIRT, (-0.05, -0.31, -0.055), (0.05, 0.03, 0.055)),
    ("RightUpperArm", _SHIRT, (-0.05, -0.31, -0.055), (0.05, 0.03, 0.055)),
    ("LeftForearm", _SKIN, (-0.045, -0.3, -0.045), (0.045, 0.0, 0.045)),
    ("RightForearm", _SKIN, (-0.045, -0.3, -0.045), (0.045, 0.0, 0.045)),
    ("LeftThigh", _TROUSERS, (-0.07, -0.46, -0.075), (0.07, 0.02, 0.075)),
    ("RightThigh", _TROUSERS, (-0.07, -0.46, -0.075), (0.07, 0.02, 0.075)),
    ("LeftShin", _TROUSERS, (-0.06, -0.43, -0.065), (0.06, 0.0, 0.065)),
    ("RightShin", _TROUSERS, (-0.06, -0.43, -0.065), (0.06, 0.0, 0.065)),
    ("LeftShin", _DARK, (-0.065, -0.49, -0.07), (0.065, -0.43, 0.17)),  # left shoe
    ("RightShin", _DARK, (-0.065, -0.49, -0.07), (0.065, -0.43, 0.17)),  # right shoe
)
#: Eyelids (Head-local): thin strips just above and in front of the eyes.
_LIDS: Final = (
    ((-0.095, 0.17, 0.125), (-0.025, 0.19, 0.147)),
    ((0.025, 0.17, 0.125), (0.095, 0.19, 0.147)),
)
#: How far the blink target lowers a lid's bottom edge (covers the 0.04 m eye).
_BLINK_DROP: Final = 0.045

_TYPE_OF_WIDTH: Final = {1: g.SCALAR, 3: g.VEC3, 4: g.VEC4, 16: g.MAT4}
_DTYPE: Final = {g.FLOAT: "<f4", g.UNSIGNED_BYTE: "u1", g.UNSIGNED_SHORT: "<u2"}


def _f32(values: object) -> list[float]:
    """Round to float32 and return Python floats (the JSON then holds exact float32 values)."""
    return [float(v) for v in np.asarray(values, dtype=np.float32).reshape(-1)]


def _quat(axis: Sequence[float], angle: float) -> F64:
    """Unit quaternion (x, y, z, w) of a rotation by ``angle`` radians about ``axis``."""
    a = np.asarray(axis, dtype=np.float64)
    a = a / np.linalg.norm(a)
    s = math.sin(angle / 2.0)
    return np.array([a[0] * s, a[1] * s, a[2] * s, math.cos(angle / 2.0)])


def _quat_mul(a: F64, b: F64) -> F64:
    ax, ay, az, aw = a
    bx, by, bz, bw = b
    return np.array(
        [
            aw * bx + ax * bw + ay * bz - az * by,
            aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw,
            aw * bw - ax * bx - ay * by - az * bz,
        ]
    )


class _Builder:
    """One binary buffer plus the accessors and buffer views that index into it."""

    def __init__(self) -> None:
        self.blob = bytearray()
        self.views: list[g.BufferView] = []
        self.accessors: list[g.Accessor] = []
        self._times: dict[tuple[float, ...], int] = {}

    def accessor(
        self,
        values: object,
        width: int,
        component: int = g.FLOAT,
        *,
        minmax: bool = False,
        target: int | None = None,
    ) -> int:
        arr = np.asarray(values, dtype=_DTYPE[component]).reshape(-1, width)
        while len(self.blob) % 4:
            self.blob.append(0)
        data = arr.tobytes()
        self.views.append(
            g.BufferView(buffer=0, byteOffset=len(self.blob), byteLength=len(data), target=target)
        )
        self.blob += data
        acc = g.Accessor(
            bufferView=len(self.views) - 1,
            componentType=component,
            count=int(arr.shape[0]),
            type=_TYPE_OF_WIDTH[width],
        )
        if minmax:
            acc.min = [float(v) for v in arr.min(axis=0)]
            acc.max = [float(v) for v in arr.max(axis=0)]
        self.accessors.append(acc)
        return len(self.accessors) - 1

    def sampler(
        self, times: Sequence[float], values: object, width: int, interpolation: str
    ) -> g.AnimationSampler:
        """An animation sampler; channels of one clip with equal key times share an input."""
        key = tuple(_f32(times))
        t = self._times.get(key)
        if t is None:
            t = self._times[key] = self.accessor(times, 1, minmax=True)
        v = self.accessor(values, width)
        return g.AnimationSampler(input=t, output=v, interpolation=interpolation)


def _box(lo: Sequence[float], hi: Sequence[float]) -> tuple[F64, F64, npt.NDArray[np.int64]]:
    """24 vertices (4 per face, flat normals) and 12 counter-clockwise triangles."""
    x0, y0, z0 = lo
    x1, y1, z1 = hi
    faces = (
        ((1, 0, 0), ((x1, y0, z1), (x1, y0, z0), (x1, y1, z0), (x1, y1, z1))),
        ((-1, 0, 0), ((x0, y0, z0), (x0, y0, z1), (x0, y1, z1), (x0, y1, z0))),
        ((0, 1, 0), ((x0, y1, z1), (x1, y1, z1), (x1, y1, z0), (x0, y1, z0))),
        ((0, -1, 0), ((x0, y0, z0), (x1, y0, z0), (x1, y0, z1), (x0, y0, z1))),
        ((0, 0, 1), ((x0, y0, z1), (x1, y0, z1), (x1, y1, z1), (x0, y1, z1))),
        ((0, 0, -1), ((x1, y0, z0), (x0, y0, z0), (x0, y1, z0), (x1, y1, z0))),
    )
    pos = np.array([v for _, quad in faces for v in quad], dtype=np.float64)
    nrm = np.array([n for n, _ in faces for _ in range(4)], dtype=np.float64)
    idx = np.array(
        [[4 * f, 4 * f + 1, 4 * f + 2, 4 * f, 4 * f + 2, 4 * f + 3] for f in range(6)],
        dtype=np.int64,
    ).reshape(-1)
    return pos, nrm, idx


def _rest_world() -> dict[str, F64]:
    """World-space rest position of every joint (rest rotations are identity)."""
    world: dict[str, F64] = {}
    for name, parent, t in JOINTS:
        base = world[parent] if parent is not None else np.zeros(3)
        world[name] = base + np.asarray(t, dtype=np.float64)
    return world


def _primitive(
    b: _Builder,
    boxes: Sequence[tuple[str, Sequence[float], Sequence[float]]],
    material: int,
    targets: Callable[[F64], F64] | None = None,
) -> g.Primitive:
    """One skinned primitive of boxes (mesh space = world space at rest)."""
    world = _rest_world()
    index = {name: i for i, (name, _, _) in enumerate(JOINTS)}
    pos_l, nrm_l, idx_l, jnt_l = [], [], [], []
    base = 0
    for joint, lo, hi in boxes:
        pos, nrm, idx = _box(lo, hi)
        pos_l.append(pos + world[joint])
        nrm_l.append(nrm)
        idx_l.append(idx + base)
        jnt_l.append(np.full((pos.shape[0], 4), 0, dtype=np.int64))
        jnt_l[-1][:, 0] = index[joint]
        base += pos.shape[0]
    # Rounded (and -0.0 made +0.0) so sums such as 1.0 - 0.06 - 0.45 - 0.49 land on 0 exactly.
    verts = np.asarray(np.round(np.concatenate(pos_l), 6) + 0.0, dtype=np.float64)
    weights = np.zeros((verts.shape[0], 4))
    weights[:, 0] = 1.0
    prim = g.Primitive(
        attributes=g.Attributes(
            POSITION=b.accessor(verts, 3, minmax=True, target=g.ARRAY_BUFFER),
            NORMAL=b.accessor(np.concatenate(nrm_l), 3, target=g.ARRAY_BUFFER),
            JOINTS_0=b.accessor(np.concatenate(jnt_l), 4, g.UNSIGNED_BYTE, target=g.ARRAY_BUFFER),
            WEIGHTS_0=b.accessor(weights, 4, target=g.ARRAY_BUFFER),
        ),
        indices=b.accessor(
            np.concatenate(idx_l), 1, g.UNSIGNED_SHORT, target=g.ELEMENT_ARRAY_BUFFER
        ),
        material=material,
    )
    if targets is not None:
        prim.targets = [{"POSITION": b.accessor(targets(verts), 3, minmax=True)}]
    return prim


def _lid_delta(pos: F64) -> F64:
    """Blink target: the bottom edge of each lid moves down, the top edge stays."""
    delta = np.zeros_like(pos)
    bottom = np.isclose(pos[:, 1], pos[:, 1].min())
    delta[bottom, 1] = -_BLINK_DROP
    return delta


# ---------------------------------------------------------------------------------------------
# Clips
# ---------------------------------------------------------------------------------------------

_X: Final = (1.0, 0.0, 0.0)
_Y: Final = (0.0, 1.0, 0.0)
_Z: Final = (0.0, 0.0, 1.0)
#: Central-difference step for CUBICSPLINE tangents (exact enough in float32).
_H: Final = 1e-5

Curve = Callable[[float], F64]


def _about(axis: Sequence[float], angle: Callable[[float], float]) -> Curve:
    return lambda t: _quat(axis, angle(t))


def _keys(curve: Curve, times: Sequence[float]) -> F64:
    return np.stack([curve(t) for t in times])


def _cubic_keys(curve: Curve, times: Sequence[float]) -> F64:
    """(in-tangent, value, out-tangent) per key; tangents are d(curve)/dt (per second)."""
    out = []
    for t in times:
        d = (curve(t + _H) - curve(t - _H)) / (2.0 * _H)
        out += [d, curve(t), d]
    return np.stack(out)


def _catmull_rom(times: Sequence[float], values: F64) -> F64:
    """(in, value, out) per key with Catmull-Rom tangents; zero at both ends."""
    k = len(times)
    out = []
    for i in range(k):
        if 0 < i < k - 1:
            d = (values[i + 1] - values[i - 1]) / (times[i + 1] - times[i - 1])
        else:
            d = np.zeros_like(values[i])
        out += [d, values[i], d]
    return np.stack(out)


def _walk(b: _Builder, node: dict[str, int]) -> g.Animation:
    period = 1.0
    times = [period * i / 8 for i in range(9)]

    def ph(t: float) -> float:
        return 2.0 * math.pi * t / period

    curves: list[tuple[str, str, Curve]] = [
        ("Hips", "translation", lambda t: np.array([0.0, 1.0 - 0.03 * math.sin(ph(t)) ** 2, 0.0])),
        ("Spine", "rotation", _about(_Y, lambda t: 0.1 * math.sin(ph(t)))),
        ("LeftThigh", "rotation", _about(_X, lambda t: -0.45 * math.sin(ph(t)))),
        ("RightThigh", "rotation", _about(_X, lambda t: 0.45 * math.sin(ph(t)))),
        (
            "LeftShin",
            "rotation",
            _about(_X, lambda t: 0.1 + 0.4 * ((1 + math.cos(ph(t))) / 2) ** 2),
        ),
        (
            "RightShin",
            "rotation",
            _about(_X, lambda t: 0.1 + 0.4 * ((1 - math.cos(ph(t))) / 2) ** 2),
        ),
        ("LeftUpperArm", "rotation", _about(_X, lambda t: 0.35 * math.sin(ph(t)))),
        ("RightUpperArm", "rotation", _about(_X, lambda t: -0.35 * math.sin(ph(t)))),
        ("LeftForearm", "rotation", _about(_X, lambda t: -0.25 - 0.1 * math.sin(ph(t)))),
        ("RightForearm", "rotation", _about(_X, lambda t: -0.25 + 0.1 * math.sin(ph(t)))),
    ]
    samplers, channels = [], []
    for joint, path, curve in curves:
        width = 3 if path == "translation" else 4
        samplers.append(b.sampler(times, _keys(curve, times), width, "LINEAR"))
        channels.append(_channel(len(samplers) - 1, node[joint], path))
    return g.Animation(name="walk", samplers=samplers, channels=channels)


def _run(b: _Builder, node: dict[str, int]) -> g.Animation:
    period = 0.6
    times = [period * i / 6 for i in range(7)]

    def ph(t: float) -> float:
        return 2.0 * math.pi * t / period

    def spine(t: float) -> F64:
        return _quat_mul(_quat(_X, 0.25), _quat(_Y, 0.15 * math.sin(ph(t))))

    curves: list[tuple[str, str, Curve]] = [
        (
            "Hips",
            "translation",
            lambda t: np.array([0.0, 0.95 + 0.04 * math.cos(2.0 * ph(t)), 0.0]),
        ),
        ("Spine", "rotation", spine),
        ("Head", "rotation", _about(_X, lambda t: -0.2 + 0.05 * math.cos(2.0 * ph(t)))),
        ("LeftThigh", "rotation", _about(_X, lambda t: -0.75 * math.sin(ph(t)) - 0.15)),
        ("RightThigh", "rotation", _about(_X, lambda t: 0.75 * math.sin(ph(t)) - 0.15)),
        ("LeftShin", "rotation", _about(_X, lambda t: 0.9 + 0.6 * math.cos(ph(t)))),
        ("RightShin", "rotation", _about(_X, lambda t: 0.9 - 0.6 * math.cos(ph(t)))),
        ("LeftUpperArm", "rotation", _about(_X, lambda t: 0.6 * math.sin(ph(t)))),
        ("RightUpperArm", "rotation", _about(_X, lambda t: -0.6 * math.sin(ph(t)))),
        ("LeftForearm", "rotation", _about(_X, lambda t: -1.3)),
        ("RightForearm", "rotation", _about(_X, lambda t: -1.3)),
    ]
    samplers, channels = [], []
    for joint, path, curve in curves:
        width = 3 if path == "translation" else 4
        samplers.append(b.sampler(times, _cubic_keys(curve, times), width, "CUBICSPLINE"))
        channels.append(_channel(len(samplers) - 1, node[joint], path))
    return g.Animation(name="run", samplers=samplers, channels=channels)


def _wave(b: _Builder, node: dict[str, int]) -> g.Animation:
    raise_t = [0.0, 0.4, 1.6, 2.0]
    raise_q = _keys(_about(_Z, lambda a: a), [0.0, -2.7, -2.7, 0.0])
    wave_t = [0.0, 0.4, 0.6, 0.8, 1.0, 1.2, 1.4, 1.6, 2.0]
    wave_q = _keys(_about(_Z, lambda a: a), [0.0, 0.0, 0.6, -0.3, 0.6, -0.3, 0.6, 0.0, 0.0])
    tilt_t = [0.0, 0.5, 1.0, 1.5, 2.0]
    tilt_q = _keys(_about(_Z, lambda a: a), [0.0, 0.12, -0.12, 0.12, 0.0])
    samplers = [
        b.sampler(raise_t, raise_q, 4, "LINEAR"),
        b.sampler(wave_t, _catmull_rom(wave_t, wave_q), 4, "CUBICSPLINE"),
        b.sampler(tilt_t, tilt_q, 4, "STEP"),
    ]
    channels = [
        _channel(0, node["RightUpperArm"], "rotation"),
        _channel(1, node["RightForearm"], "rotation"),
        _channel(2, node["Head"], "rotation"),
    ]
    return g.Animation(name="wave", samplers=samplers, channels=channels)


def _blink(b: _Builder, lids_node: int) -> g.Animation:
    s = b.sampler([0.0, 0.9, 1.0, 1.1, 1.5], [[0.0], [0.0], [1.0], [0.0], [0.0]], 1, "LINEAR")
    return g.Animation(name="blink", samplers=[s], channels=[_channel(0, lids_node, "weights")])


def _tint(b: _Builder) -> g.Animation:
    colours = [
        _MATERIALS[_SHIRT][1],
        (0.95, 0.5, 0.12, 1.0),
        (0.25, 0.7, 0.3, 1.0),
        _MATERIALS[_SHIRT][1],
    ]
    s = b.sampler([0.0, 1.0, 2.0, 3.0], colours, 4, "LINEAR")
    pointer = f"/materials/{_SHIRT}/pbrMetallicRoughness/baseColorFactor"
    channel = g.AnimationChannel(
        sampler=0,
        target=g.AnimationChannelTarget(
            path="pointer", extensions={"KHR_animation_pointer": {"pointer": pointer}}
        ),
    )
    return g.Animation(name="tint", samplers=[s], channels=[channel])


def _channel(sampler: int, node: int, path: str) -> g.AnimationChannel:
    return g.AnimationChannel(
        sampler=sampler, target=g.AnimationChannelTarget(node=node, path=path)
    )


# ---------------------------------------------------------------------------------------------
# Document
# ---------------------------------------------------------------------------------------------


def build_default_figure() -> bytes:
    """Build ``figure.glb`` in memory.

    Returns
    -------
    bytes
        The GLB file; the same bytes on every call.
    """
    b = _Builder()
    # Node order: 0 Figure, 1..13 joints, 14 Body, 15 Eyelids.
    node = {name: 1 + i for i, (name, _, _) in enumerate(JOINTS)}
    body_node, lids_node = 1 + len(JOINTS), 2 + len(JOINTS)
    nodes: list[g.Node] = [g.Node(name="Figure", children=[node["Hips"], body_node, lids_node])]
    for name, _, t in JOINTS:
        kids = [node[c] for c, p, _ in JOINTS if p == name]
        nodes.append(g.Node(name=name, translation=_f32(t), children=kids))
    nodes.append(g.Node(name="Body", mesh=0, skin=0))
    nodes.append(g.Node(name="Eyelids", mesh=1, skin=0))

    body = g.Mesh(
        name="Body",
        primitives=[
            _primitive(b, [(j, lo, hi) for j, m, lo, hi in _BOXES if m == mat], mat)
            for mat in (_SHIRT, _SKIN, _TROUSERS, _DARK)
        ],
    )
    lids = g.Mesh(
        name="Eyelids",
        primitives=[_primitive(b, [("Head", lo, hi) for lo, hi in _LIDS], _SKIN, _lid_delta)],
        weights=[0.0],
        extras={"targetNames": ["blink"]},
    )
    # Mesh space is world space at rest and every rest rotation is identity, so each inverse
    # bind matrix is a translation by minus the joint's rest position (column-major storage).
    world = _rest_world()
    ibms = []
    for name, _, _ in JOINTS:
        m = np.eye(4)
        m[:3, 3] = -world[name]
        ibms.append(m.T.reshape(16))
    skin = g.Skin(
        name="FigureSkin",
        joints=[node[name] for name, _, _ in JOINTS],
        skeleton=node["Hips"],
        inverseBindMatrices=b.accessor(np.stack(ibms), 16),
    )
    materials = [
        g.Material(
            name=name,
            pbrMetallicRoughness=g.PbrMetallicRoughness(
                baseColorFactor=_f32(color), metallicFactor=0.0, roughnessFactor=0.8
            ),
        )
        for name, color in _MATERIALS
    ]
    animations = [_walk(b, node), _run(b, node), _wave(b, node), _blink(b, lids_node), _tint(b)]
    doc = g.GLTF2(
        asset=g.Asset(version="2.0", generator="lite-anim lite/assets/make_default.py"),
        scene=0,
        scenes=[g.Scene(name="Scene", nodes=[0])],
        nodes=nodes,
        meshes=[body, lids],
        skins=[skin],
        materials=materials,
        animations=animations,
        accessors=b.accessors,
        bufferViews=b.views,
        extensionsUsed=["KHR_animation_pointer"],
    )
    blob = bytes(b.blob)
    doc.buffers = [g.Buffer(byteLength=len(blob))]
    doc.set_binary_blob(blob)
    parts: Any = doc.save_to_bytes()
    return b"".join(parts)


def write_default_figure(path: Path = OUTPUT) -> Path:
    """Generate the figure and write it to ``path`` (default ``lite/assets/figure.glb``)."""
    path.write_bytes(build_default_figure())
    return path


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m lite.tools.make_default [--check] [-o PATH]``."""
    parser = argparse.ArgumentParser(
        prog="python -m lite.tools.make_default",
        description="Generate the bundled default asset lite/assets/figure.glb.",
        epilog="example: python -m lite.tools.make_default --check",
    )
    parser.add_argument("-o", "--output", type=Path, default=OUTPUT, help="where to write")
    parser.add_argument(
        "--check", action="store_true", help="compare with the file instead of writing it"
    )
    args = parser.parse_args(argv)
    if args.check:
        fresh = build_default_figure()
        current = args.output.read_bytes() if args.output.is_file() else b""
        if current != fresh:
            print(f"{args.output} differs from a fresh generation", file=sys.stderr)
            return 1
        print(f"{args.output} is up to date ({len(fresh)} bytes)")
        return 0
    out = write_default_figure(args.output)
    print(f"wrote {out} ({out.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
