"""Write baked clips back into their asset as a glTF 2.0 binary (``fmt="glb"`` of a bake).

Not a port: Babylon Lite has no baking tool. The output is the source asset (its nodes,
meshes, skins, materials and buffers, byte for byte) with its animations replaced by one
animation per baked clip: LINEAR samplers keyed at the bake times, over the asset's own nodes
(translation, rotation, scale) and morph weights. A blended, retargeted or IK-adjusted pose
sequence baked with :func:`lite.bake.bake_clip` so becomes a clip any glTF engine plays, and
re-loading the file with :func:`lite.load_gltf` and sampling it at the bake times gives the
baked values back (float32 keys).

What is written, per clip:

* one input accessor (the bake times, float32, with ``min``/``max``; of frames whose times
  round to one float32, only the last is keyed);
* a translation, rotation or scale channel for every node whose baked value differs from its
  rest value at some frame (a node that never leaves its rest pose needs no channel); a node
  that had a static ``matrix`` and moves gets its rest TRS instead (glTF forbids animating a
  ``matrix``);
* a weights channel for every node with morph targets;
* at least one channel (a clip that moves nothing, e.g. a pointer-only clip, keys its first
  node at rest), so every baked clip stays a named animation of its duration.

``KHR_animation_pointer`` values are not written back (the bake keeps them in its npz/zarr
outputs); the extension is dropped from ``extensionsUsed`` with the old animations. Images
that refer to external files keep their ``uri`` (copy the files next to the output).
"""

from __future__ import annotations

import copy
import json
import os
import struct
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Final

import numpy as np

from lite.bake._atomic import write_file
from lite.errors import LiteError
from lite.loader_gltf import read_gltf_document

if TYPE_CHECKING:
    from lite.animation.types import F32Array, F64Array, NodeRest
    from lite.loader_gltf import GltfDocument

__all__ = ["GLB_GENERATOR", "GlbClip", "write_baked_glb"]

#: ``asset.generator`` of the written files.
GLB_GENERATOR: Final = "lite-anim bake (glTF animations baked by lite)"
_MAGIC: Final = 0x46546C67  # b"glTF"
_CHUNK_JSON: Final = 0x4E4F534A
_CHUNK_BIN: Final = 0x004E4942
_FLOAT: Final = 5126
_POINTER_EXT: Final = "KHR_animation_pointer"


@dataclass(frozen=True, slots=True, eq=False)
class GlbClip:
    """One baked clip, as :func:`write_baked_glb` writes it.

    Attributes
    ----------
    name
        The animation's name.
    times
        ``(F,)`` sample times in seconds, increasing.
    translation, rotation, scale
        ``(F, N, 3)``, ``(F, N, 4)`` (x, y, z, w), ``(F, N, 3)`` local TRS of every node.
    morphs
        ``(node, (F, T) weights)`` per node with morph targets.
    """

    name: str
    times: F64Array
    translation: F32Array
    rotation: F32Array
    scale: F32Array
    morphs: tuple[tuple[int, F32Array], ...]


class _Bin:
    """The output's one binary buffer, with its buffer views and accessors."""

    def __init__(self, root: dict[str, Any]) -> None:
        self.data = bytearray()
        self.root = root

    def pad(self) -> None:
        self.data.extend(b"\0" * (-len(self.data) % 4))

    def append(self, payload: bytes) -> int:
        self.pad()
        offset = len(self.data)
        self.data.extend(payload)
        return offset

    def accessor(self, values: np.ndarray[Any, Any], kind: str, bounds: bool = False) -> int:
        flat = np.ascontiguousarray(values, dtype="<f4")
        offset = self.append(flat.tobytes())
        views = self.root.setdefault("bufferViews", [])
        views.append({"buffer": 0, "byteOffset": offset, "byteLength": flat.nbytes})
        count = int(flat.shape[0]) if kind != "SCALAR" or flat.ndim == 1 else int(flat.size)
        acc: dict[str, Any] = {
            "bufferView": len(views) - 1,
            "componentType": _FLOAT,
            "count": count,
            "type": kind,
        }
        if bounds:
            acc["min"] = [float(flat.min())]
            acc["max"] = [float(flat.max())]
        accessors = self.root.setdefault("accessors", [])
        accessors.append(acc)
        return len(accessors) - 1


def _key_frames(clip: GlbClip) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """(float32 key times, the frames they key): glTF key times must increase strictly, so of
    frames whose times round to one float32 only the last is kept (a bake's end frame can sit
    2e-8 s after the frame before it: 0.6 s stored as float32 is 0.6000000238 s)."""
    times = np.asarray(clip.times, dtype=np.float32)
    if times.ndim != 1 or times.shape[0] < 1 or (np.diff(times) < 0).any():
        raise LiteError(
            "LITE-BAKE-011",
            f"clip {clip.name!r}: its {times.reshape(-1).shape[0]} bake times do not increase",
            hint="pass the times of a bake (BakedClip.times)",
            input_name="clips",
        )
    keep = np.flatnonzero(np.append(np.diff(times) > 0, True))
    return times[keep], keep


def write_baked_glb(
    source: str | os.PathLike[str], out: str | os.PathLike[str], clips: Sequence[GlbClip]
) -> Path:
    """Write ``source`` with its animations replaced by ``clips`` as the GLB file ``out``.

    Parameters
    ----------
    source
        The glTF/GLB file the clips were baked from (its nodes are the ones animated).
    out
        The ``.glb`` file to write (replaced atomically: a reader never sees half a file).
    clips
        The baked clips, one glTF animation each, in order.

    Returns
    -------
    pathlib.Path
        ``out``.

    Raises
    ------
    LiteError
        ``LITE-BAKE-010`` when ``source`` is not a file path (an asset loaded from bytes) or a
        clip's arrays do not match the asset's nodes, ``LITE-BAKE-011`` when a clip's times
        decrease; ``GltfLoadError`` when ``source`` cannot be read.
    """
    src = str(source)
    if src == "<bytes>" or not Path(src).is_file():
        raise LiteError(
            "LITE-BAKE-010",
            f"fmt='glb' rewrites the baked asset, but its source {src!r} is not a file",
            hint="bake an asset loaded from a file path (lite.load_gltf(path))",
            input_name="source",
        )
    doc = read_gltf_document(src, emit_warnings=False)
    root = copy.deepcopy(doc.json)
    n_nodes = len(doc.nodes)
    out_bin = _Bin(root)
    # The source's buffers, one after the other; its buffer views are shifted onto them.
    bases = [out_bin.append(bytes(b)) for b in doc.accessors.buffers]
    for view in root.get("bufferViews", []):
        view["byteOffset"] = bases[view["buffer"]] + int(view.get("byteOffset", 0))
        view["buffer"] = 0
    root.pop("animations", None)
    for key in ("extensionsUsed", "extensionsRequired"):
        names = [e for e in root.get(key, []) if e != _POINTER_EXT]
        if names:
            root[key] = names
        else:
            root.pop(key, None)
    animations: list[dict[str, Any]] = []
    for clip in clips:
        animations.append(_animation(clip, doc, root, out_bin, n_nodes))
    root["animations"] = animations
    out_bin.pad()
    root["buffers"] = [{"byteLength": len(out_bin.data)}]
    root.setdefault("asset", {"version": "2.0"})["generator"] = GLB_GENERATOR
    text = json.dumps(root, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    text += b" " * (-len(text) % 4)
    binary = bytes(out_bin.data)
    total = 12 + 8 + len(text) + 8 + len(binary)
    blob = b"".join(
        (
            struct.pack("<III", _MAGIC, 2, total),
            struct.pack("<II", len(text), _CHUNK_JSON),
            text,
            struct.pack("<II", len(binary), _CHUNK_BIN),
            binary,
        )
    )

    def put(fh: BinaryIO) -> None:
        fh.write(blob)

    return write_file(out, put)


def _animation(
    clip: GlbClip, doc: GltfDocument, root: dict[str, Any], out_bin: _Bin, n_nodes: int
) -> dict[str, Any]:
    shapes = (clip.translation.shape, clip.rotation.shape, clip.scale.shape)
    n_frames = int(clip.times.shape[0])
    if shapes != ((n_frames, n_nodes, 3), (n_frames, n_nodes, 4), (n_frames, n_nodes, 3)):
        raise LiteError(
            "LITE-BAKE-010",
            f"clip {clip.name!r}: TRS arrays of shapes {shapes} do not fit {n_frames} frames of "
            f"the source's {n_nodes} nodes",
            hint="write a bake of this very asset (bake_clip(load_gltf(source), ...))",
            input_name="clips",
        )
    times, keep = _key_frames(clip)
    samplers: list[dict[str, Any]] = []
    channels: list[dict[str, Any]] = []
    time_acc = out_bin.accessor(times, "SCALAR", bounds=True)

    def add(node: int, path: str, values: np.ndarray[Any, Any], kind: str) -> None:
        samplers.append(
            {
                "input": time_acc,
                "output": out_bin.accessor(values, kind),
                "interpolation": "LINEAR",
            }
        )
        channels.append({"sampler": len(samplers) - 1, "target": {"node": node, "path": path}})

    nodes = root.get("nodes", [])
    for n, info in enumerate(doc.nodes):
        rest = info.rest
        parts = (
            ("translation", clip.translation[keep, n], (rest.tx, rest.ty, rest.tz), "VEC3"),
            ("rotation", clip.rotation[keep, n], (rest.rx, rest.ry, rest.rz, rest.rw), "VEC4"),
            ("scale", clip.scale[keep, n], (rest.sx, rest.sy, rest.sz), "VEC3"),
        )
        for path, values, at_rest, kind in parts:
            if np.array_equal(
                values, np.broadcast_to(np.asarray(at_rest, np.float32), values.shape)
            ):
                continue
            _unmatrix(nodes[n], rest)
            add(n, path, _continuous(values) if path == "rotation" else values, kind)
    for node, weights in clip.morphs:
        add(int(node), "weights", np.asarray(weights, np.float32)[keep].reshape(-1), "SCALAR")
    if not channels and n_nodes:
        _unmatrix(nodes[0], doc.nodes[0].rest)
        add(0, "translation", clip.translation[keep, 0], "VEC3")
    return {"name": clip.name, "samplers": samplers, "channels": channels}


def _continuous(quats: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """``(F, 4)`` quaternions with signs flipped so that each key is in the hemisphere of the
    one before (``q`` and ``-q`` are one rotation; engines that lerp keys without a
    shortest-path check then turn the short way too)."""
    dots = np.einsum("ij,ij->i", quats[1:], quats[:-1])
    flips = np.concatenate(([1.0], np.cumprod(np.where(dots < 0.0, -1.0, 1.0))))
    return (quats * flips[:, None]).astype(np.float32)


def _unmatrix(node: dict[str, Any], rest: NodeRest) -> None:
    """Replace a node's static ``matrix`` by its rest TRS (an animated node has no matrix)."""
    if "matrix" not in node:
        return
    del node["matrix"]
    node["translation"] = [float(rest.tx), float(rest.ty), float(rest.tz)]
    node["rotation"] = [float(rest.rx), float(rest.ry), float(rest.rz), float(rest.rw)]
    node["scale"] = [float(rest.sx), float(rest.sy), float(rest.sz)]
