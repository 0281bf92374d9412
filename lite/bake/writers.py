"""save_baked: a BakedClip written as npz or JSON here, as Zarr or glb through their modules.

Not a port: Babylon Lite has no baking tool. The npz and JSON encodings (arrays, ``meta``) are
built here; every format reaches the disk through :mod:`lite.bake._atomic`, so a failed write
leaves the previous output whole.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, Final

import numpy as np
import numpy.typing as npt

from lite.bake._atomic import write_file
from lite.bake.glb import GlbClip, write_baked_glb
from lite.bake.types import (
    BAKE_FORMAT,
    BAKE_VERSION,
    BakedClip,
    BakeFormat,
    bake_error,
    check_format,
)
from lite.bake.zarr import frame_chunk, write_zarr

if TYPE_CHECKING:
    pass

__all__ = ["glb_clip", "save_baked"]


def _meta(baked: BakedClip) -> dict[str, Any]:
    return {
        "format": BAKE_FORMAT,
        "version": BAKE_VERSION,
        "source": baked.source,
        "clip": baked.clip,
        "fps": baked.fps,
        "duration": baked.duration,
        "frame_count": baked.frame_count,
        "matrix_layout": "row-major 4x4, column vectors (p' = M @ p)",
        "rotation_layout": "quaternion x, y, z, w",
    }


def _npz_arrays(baked: BakedClip) -> dict[str, npt.NDArray[Any]]:
    meta = _meta(baked)
    meta["skins"] = [
        {"index": s.skin_index, "name": s.name, "mesh_node": s.mesh_node, "array": f"palette_{k}"}
        for k, s in enumerate(baked.skins)
    ]
    meta["morph_targets"] = [
        {"node": m.node, "target_names": list(m.target_names), "array": f"morph_weights_{k}"}
        for k, m in enumerate(baked.morphs)
    ]
    meta["pointers"] = [
        {"pointer": p.pointer, "array": f"pointer_{k}"} for k, p in enumerate(baked.pointers)
    ]
    arrays: dict[str, npt.NDArray[Any]] = {
        "meta": np.array(json.dumps(meta, sort_keys=True)),
        "times": baked.times,
        "node_names": np.array([n or "" for n in baked.node_names], dtype=np.str_),
        "node_parents": baked.node_parents,
        "translation": baked.translation,
        "rotation": baked.rotation,
        "scale": baked.scale,
        "world_matrices": baked.world_matrices,
    }
    for k, s in enumerate(baked.skins):
        arrays[f"palette_{k}"] = s.palettes
        arrays[f"joints_{k}"] = s.joints
    for k, m in enumerate(baked.morphs):
        arrays[f"morph_weights_{k}"] = m.weights
    for k, p in enumerate(baked.pointers):
        arrays[f"pointer_{k}"] = p.values
    return arrays


def _json_doc(baked: BakedClip) -> dict[str, Any]:
    doc = _meta(baked)
    doc.update(
        {
            "times": baked.times.tolist(),
            "nodes": [
                {"index": i, "name": name, "parent": int(p)}
                for i, (name, p) in enumerate(
                    zip(baked.node_names, baked.node_parents.tolist(), strict=True)
                )
            ],
            "translation": baked.translation.tolist(),
            "rotation": baked.rotation.tolist(),
            "scale": baked.scale.tolist(),
            "world_matrices": baked.world_matrices.tolist(),
            "skins": [
                {
                    "index": s.skin_index,
                    "name": s.name,
                    "mesh_node": s.mesh_node,
                    "joints": s.joints.tolist(),
                    "palettes": s.palettes.tolist(),
                }
                for s in baked.skins
            ],
            "morph_targets": [
                {
                    "node": m.node,
                    "target_names": list(m.target_names),
                    "weights": m.weights.tolist(),
                }
                for m in baked.morphs
            ],
            "pointers": [
                {"pointer": p.pointer, "values": p.values.tolist()} for p in baked.pointers
            ],
        }
    )
    return doc


#: Output suffix of each bake format.
_SUFFIXES: Final[dict[str, BakeFormat]] = {
    ".npz": "npz",
    ".json": "json",
    ".zarr": "zarr",
    ".glb": "glb",
}


def save_baked(
    baked: BakedClip, path: str | os.PathLike[str], fmt: BakeFormat | None = None
) -> Path:
    """Write a bake as ``.npz`` (numpy arrays plus a ``meta`` JSON string), ``.json``,
    ``.zarr`` (a Zarr store) or ``.glb`` (the asset with the clip as its animation).

    Parameters
    ----------
    baked
        From :func:`bake_clip`.
    path
        Output file (a folder for zarr).
    fmt
        ``"npz"``, ``"json"``, ``"zarr"`` or ``"glb"``; default from the suffix (npz for an
        unknown one).

    Returns
    -------
    pathlib.Path
        The written file.

    Raises
    ------
    LiteError
        ``LITE-CLI-010`` when ``path`` ends in one format's suffix and ``fmt`` names another
        (the file would lie about its content); nothing is written. ``LITE-BAKE-004`` for an
        unknown ``fmt``, ``LITE-BAKE-009`` for zarr without the zarr package,
        ``LITE-BAKE-010`` when a glb cannot be written (see
        :func:`lite.bake.glb.write_baked_glb`).

    Notes
    -----
    npz arrays: ``times``, ``node_names``, ``node_parents``, ``translation``, ``rotation``,
    ``scale``, ``world_matrices``, ``palette_<k>`` + ``joints_<k>`` per skinned mesh node,
    ``morph_weights_<k>`` per morphed node, ``pointer_<k>`` per pointer channel; ``meta``
    (a 0-d string) says which ``k`` is which. Everything loads with
    ``numpy.load(path)`` (no pickle). JSON has the same content as nested lists (see
    ``docs/cli.md`` for the schema). A Zarr store holds the same arrays (names, shapes,
    dtypes), chunked one second of frames at a time, with ``meta`` as its attributes
    (:mod:`lite.bake.zarr`). A glb is the source asset with one LINEAR animation of the
    baked TRS and morph weights (:mod:`lite.bake.glb`).

    Every format is written to a temporary file in the destination folder, fsync'd and
    renamed over ``path`` when complete (:mod:`lite.bake._atomic`): a failure or a kill leaves
    the previous output byte for byte, and a symbolic link at ``path`` is replaced, not
    written through.
    """
    out = Path(path)
    fmt_ = check_format(fmt, "fmt") if fmt is not None else None
    implied = _SUFFIXES.get(out.suffix.lower())
    if fmt_ is not None and implied is not None and implied != fmt_:
        raise bake_error(
            "LITE-CLI-010",
            f"{out} ends in {out.suffix} but the format asked for is {fmt_}",
            f"name the file .{fmt_}, or pass fmt={implied!r}",
            "path",
        )
    chosen: BakeFormat = fmt_ if fmt_ is not None else (implied or "npz")
    if chosen == "json":
        text = json.dumps(_json_doc(baked), separators=(",", ":")).encode("utf-8")
        write_file(out, lambda fh: _put(fh, text))
    elif chosen == "zarr":
        arrays = _npz_arrays(baked)
        attrs = json.loads(str(arrays.pop("meta")))
        write_zarr(out, arrays, attrs, frame_chunk(baked.fps, baked.frame_count))
    elif chosen == "glb":
        write_baked_glb(baked.source, out, [glb_clip(baked)])
    else:
        arrays = _npz_arrays(baked)
        write_file(out, lambda fh: np.savez_compressed(fh, **arrays))  # type: ignore[arg-type]
    return out


def _put(fh: BinaryIO, data: bytes) -> None:
    fh.write(data)


def glb_clip(baked: BakedClip) -> GlbClip:
    """The part of a bake a glb keeps: times, local TRS and morph weights, by node."""
    return GlbClip(
        name=baked.clip,
        times=baked.times,
        translation=baked.translation,
        rotation=baked.rotation,
        scale=baked.scale,
        morphs=tuple((m.node, m.weights) for m in baked.morphs),
    )
