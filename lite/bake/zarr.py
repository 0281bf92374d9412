"""Write a bake as a Zarr store (``fmt="zarr"`` of :func:`lite.bake.save_baked`).

Not a port: Babylon Lite has no baking tool. One store per baked clip holds the arrays of the
``.npz`` (same names, shapes and dtypes), chunked along frames so that a reader can take a slice
of the clip without reading the rest, and the ``meta`` JSON as the group's attributes. The
store is written in Zarr format 2, whose specification covers every dtype of the bake (the
fixed-width unicode ``node_names`` included; Zarr 3 does not specify it yet), so xarray, Zarr
3 readers, tensorstore or zarr.js read it as well.

Many workers may write stores at once: each store is written under a temporary name in the
destination folder and renamed into place when complete, so a reader never sees half a store
and two writers never share a file. ``zarr`` is an optional dependency
(``pip install 'lite-anim[scale]'``), imported when a store is written.
"""

from __future__ import annotations

import math
import os
import shutil
from collections.abc import Mapping
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from lite.bake._atomic import move_into_place, temp_path
from lite.errors import LiteError

__all__ = ["FRAME_ARRAYS", "ZARR_FORMAT", "frame_chunk", "require_zarr", "write_zarr"]

#: Zarr format version of the stores written.
ZARR_FORMAT: Final = 2
#: Arrays whose first axis is the frame axis (chunked along it); prefixes end in ``_``.
FRAME_ARRAYS: Final = (
    "times",
    "translation",
    "rotation",
    "scale",
    "world_matrices",
    "palette_",
    "morph_weights_",
    "pointer_",
)
_INSTALL_HINT: Final = "pip install 'lite-anim[scale]' (or pip install zarr)"


def require_zarr() -> Any:
    """The ``zarr`` module, or ``LITE-BAKE-009`` when it is not installed."""
    try:
        import zarr
    except ImportError as exc:
        raise LiteError(
            "LITE-BAKE-009",
            f"fmt='zarr' needs the zarr package, which is not installed ({exc})",
            hint=_INSTALL_HINT,
            input_name="fmt",
        ) from None
    return zarr


def frame_chunk(fps: float, frames: int) -> int:
    """Frames per chunk: one second of the clip (at least 1, at most ``frames``).

    Examples
    --------
    >>> frame_chunk(60.0, 121), frame_chunk(60.0, 7), frame_chunk(0.5, 3)
    (60, 7, 1)
    """
    return max(1, min(int(frames), math.ceil(fps)))


def _is_frame_array(name: str) -> bool:
    return any(name == p or (p.endswith("_") and name.startswith(p)) for p in FRAME_ARRAYS)


def write_zarr(
    path: str | os.PathLike[str],
    arrays: Mapping[str, npt.NDArray[Any]],
    attrs: Mapping[str, Any],
    chunk_frames: int,
) -> Path:
    """Write ``arrays`` and ``attrs`` as the Zarr group ``path`` (replacing one there).

    Parameters
    ----------
    path
        The store (a folder, conventionally ending in ``.zarr``).
    arrays
        Name -> array; the frame arrays (:data:`FRAME_ARRAYS`) are chunked ``chunk_frames``
        frames at a time along axis 0, the others are one chunk.
    attrs
        JSON-serialisable group attributes.
    chunk_frames
        Frames per chunk (:func:`frame_chunk`).

    Returns
    -------
    pathlib.Path
        ``path``.

    Raises
    ------
    LiteError
        ``LITE-BAKE-009`` when zarr is not installed (nothing is written).
    OSError
        When the folder cannot be written (the temporary store is removed).
    """
    zarr = require_zarr()
    out = Path(path)
    tmp = temp_path(out)
    try:
        group = zarr.open_group(str(tmp), mode="w", zarr_format=ZARR_FORMAT)
        for name, value in arrays.items():
            data = np.asarray(value)
            if data.ndim and _is_frame_array(name):
                chunks: tuple[int, ...] = (max(1, chunk_frames), *data.shape[1:])
            else:
                chunks = tuple(max(1, s) for s in data.shape)
            array = group.create_array(name, shape=data.shape, dtype=data.dtype, chunks=chunks)
            array[...] = data
        group.attrs.update(dict(attrs))
        move_into_place(tmp, out)
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)
    return out
