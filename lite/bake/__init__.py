"""Baking: a glTF clip sampled to per-frame arrays and written as npz, JSON, Zarr or glb.

Not a port: Babylon Lite has no baking tool. This is the library half (no progress bar, no
command line: those are :mod:`lite.tools.bake` and ``lite-anim bake``; progress is reported
through callbacks): local TRS, world matrices, joint palettes, morph weights and
KHR_animation_pointer values per frame. Every frame is produced by the runtime itself, so a
baked frame equals what playback shows at that time. :func:`bake_files` bakes many files on
any ``concurrent.futures`` executor. The modules, bottom up: ``types`` (the data, formats and
limits), ``_atomic`` (whole-file writes), ``snapshot`` (one pose, copied), ``sampling``
(``bake_clip``), ``zarr`` and ``glb`` (those two formats), ``writers`` (``save_baked``),
``files`` (one file's outputs, ``bake_file``), ``executors`` (``bake_files``). See
docs/architecture/bake.md.

Layouts
-------
Matrices are written in mathematical layout, ``(4, 4)`` with ``p' = M @ p`` (column vectors):
``world_matrices[f, n] @ [x, y, z, 1]`` is a point of node ``n`` in world space. (The runtime
stores them column-major; the files do not.) Rotations are quaternions ``(x, y, z, w)``.
"""

from __future__ import annotations

from lite.bake.executors import bake_files
from lite.bake.files import bake_file, bake_targets, output_name, refuse_existing, write_failure
from lite.bake.sampling import bake_clip, frame_times
from lite.bake.snapshot import PoseSnapshot, snapshot_pose
from lite.bake.types import (
    BAKE_FORMAT,
    BAKE_FORMATS,
    BAKE_VERSION,
    LONG_BAKE_FRAMES,
    MAX_BAKE_FPS,
    MAX_BAKE_WORKERS,
    BakedClip,
    BakedMorph,
    BakedPointer,
    BakedSkin,
    BakeFormat,
    BakeResult,
    FileProgress,
    FrameProgress,
    ProgressFactory,
)
from lite.bake.types import MAX_BAKE_FRAMES as MAX_BAKE_FRAMES  # public before, not in __all__
from lite.bake.writers import glb_clip, save_baked

__all__ = [
    "BAKE_FORMAT",
    "BAKE_FORMATS",
    "BAKE_VERSION",
    "LONG_BAKE_FRAMES",
    "MAX_BAKE_FPS",
    "MAX_BAKE_WORKERS",
    "BakeFormat",
    "BakedClip",
    "BakedMorph",
    "BakedPointer",
    "BakeResult",
    "BakedSkin",
    "FileProgress",
    "FrameProgress",
    "ProgressFactory",
    "bake_clip",
    "bake_file",
    "bake_files",
    "bake_targets",
    "PoseSnapshot",
    "frame_times",
    "glb_clip",
    "output_name",
    "refuse_existing",
    "save_baked",
    "snapshot_pose",
    "write_failure",
]
