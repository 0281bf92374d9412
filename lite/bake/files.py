"""One file's bake: output names, the outputs a bake writes, refusals, and bake_file.

Not a port: Babylon Lite has no baking tool. ``lite-anim bake`` and the workers of
:func:`lite.bake.bake_files` name and check their outputs with these functions, so one input
gives the same file names whichever runs it.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from lite.bake.sampling import bake_clip, find_clip_group, frame_times
from lite.bake.types import BakeFormat, ProgressFactory, bake_error
from lite.bake.writers import save_baked
from lite.errors import LiteError, short_repr
from lite.loader_gltf import GltfAsset, load_gltf

if TYPE_CHECKING:
    pass

__all__ = ["bake_file", "bake_targets", "output_name", "refuse_existing", "write_failure"]


def output_name(source: str | os.PathLike[str], clip: str, fmt: BakeFormat = "npz") -> str:
    """The default file name of a bake: ``<stem>.<clip>.<fmt>``, e.g. ``Fox.Walk.npz``.

    Characters of the clip name that are not letters, digits, ``.``, ``-`` or ``_`` become
    ``_`` (``Armature|mixamo.com`` -> ``Armature_mixamo.com``), and leading dots are dropped,
    so the name is one plain file name on every system.

    Examples
    --------
    >>> output_name("models/Fox.glb", "Walk")
    'Fox.Walk.npz'
    >>> output_name("a.gltf", "Armature|mixamo.com|Layer0", "json")
    'a.Armature_mixamo.com_Layer0.json'
    """
    safe = "".join(c if c.isalnum() or c in "._-" else "_" for c in clip).lstrip(".")
    return f"{Path(source).stem}.{safe or '_'}.{fmt}"


def bake_targets(
    asset: GltfAsset,
    out_dir: str | os.PathLike[str],
    clip: str | None = None,
    fmt: BakeFormat = "npz",
    *,
    all_clips: bool = False,
) -> list[tuple[str, Path]]:
    """The (clip name, output file) pairs a bake of ``asset`` into ``out_dir`` writes.

    Parameters
    ----------
    asset
        The loaded file (its ``source`` names the outputs, see :func:`output_name`).
    out_dir
        Output folder.
    clip
        One clip; default the first one. Ignored with ``all_clips``.
    fmt
        ``"npz"`` or ``"json"``.
    all_clips
        Every clip of the file, in file order.

    Raises
    ------
    LiteError
        ``LITE-STATE-043`` for a file without animations, ``LITE-STATE-041`` for an unknown
        clip, ``LITE-CLI-012`` when two clips' names give one file name.
    """
    if all_clips:
        if not asset.animation_groups:
            find_clip_group(asset, None)  # raises LITE-STATE-043
        names = [g.name for g in asset.animation_groups]
    else:
        names = [find_clip_group(asset, clip).name]
    root = Path(out_dir)
    pairs: list[tuple[str, Path]] = []
    seen: dict[Path, str] = {}
    for name in names:
        target = root / output_name(asset.source, name, fmt)
        if target in seen:
            raise bake_error(
                "LITE-CLI-012",
                f"{asset.source}: clips {seen[target]!r} and {name!r} would both be written "
                f"to {target}",
                "bake those clips one at a time with bake_file(path, out, clip)",
                "clip",
            )
        seen[target] = name
        pairs.append((name, target))
    return pairs


def refuse_existing(paths: Iterable[str | os.PathLike[str]]) -> None:
    """Raise ``LITE-CLI-011`` naming the first of ``paths`` that already exists.

    A bake that must not overwrite checks every output with this before it writes any.
    """
    for p in paths:
        if os.path.lexists(p):
            raise bake_error(
                "LITE-CLI-011",
                f"{p} already exists",
                "pass overwrite=True to replace it, or write somewhere else",
                "out",
            )


def bake_file(
    path: str | os.PathLike[str],
    out: str | os.PathLike[str],
    clip: str | None = None,
    fps: float = 60.0,
    fmt: BakeFormat = "npz",
    progress: ProgressFactory | None = None,
    *,
    overwrite: bool = True,
) -> tuple[Path, int]:
    """Load ``path``, bake ``clip`` and write ``out``.

    Parameters
    ----------
    progress
        Called with (frame count, description) before baking; the wrapper it returns (if
        any) wraps the frame iterator. ``lite-anim bake`` passes a tqdm bar for long bakes.
    overwrite
        False: refuse (``LITE-CLI-011``) when ``out`` exists, before anything is read.

    Returns
    -------
    (pathlib.Path, int)
        The written file and its frame count.

    Raises
    ------
    LiteError
        ``GltfLoadError`` for an unreadable file; ``LITE-STATE-041`` for an unknown clip,
        ``LITE-ANIM-020`` for a bad ``fps``, ``LITE-CLI-010`` when ``out``'s suffix names the
        other format, ``LITE-CLI-011`` (with ``overwrite=False``) when ``out`` exists.
    OSError
        When the output cannot be written.
    """
    if not overwrite:
        refuse_existing([out])
    asset = load_gltf(path)
    group = find_clip_group(asset, clip)
    count = int(frame_times(float(group.duration), fps).shape[0])
    wrapper = progress(count, f"bake {Path(path).name}:{group.name}") if progress else None
    baked = bake_clip(asset, group.name, fps, progress=wrapper)
    return save_baked(baked, out, fmt), baked.frame_count


def write_failure(target: str, exc: OSError) -> LiteError:
    """The ``LITE-BAKE-014`` error of an output ``target`` that could not be written (the
    ``OSError`` named by its errno, e.g. ``ENOSPC``; the output there before is kept, since
    every format is written to a temporary file and renamed into place)."""
    name = errno.errorcode.get(exc.errno or 0, type(exc).__name__)
    return LiteError(
        "LITE-BAKE-014",
        f"cannot write {short_repr(target, 300)}: {name} ({exc.strerror or exc}); "
        "the output there before, if any, is unchanged",
        hint="free disk space, check the folder's permissions, or write elsewhere",
        input_name="out_dir",
    )
