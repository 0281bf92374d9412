"""Write an output file or folder so that no failure can destroy the one already there.

Every bake format goes through here (:func:`write_file` for npz, json and glb,
:func:`temp_path` + :func:`move_into_place` for Zarr stores): the content is written under a
temporary name in the destination folder, flushed and ``fsync``'d where the platform allows,
then renamed over the final name in one step. A full disk, an exception or a kill during the
write leaves the previous output byte for byte (and at most a ``.*.tmp`` file, never under the
final name); concurrent writers of one output each write their own temporary file, and the
last rename wins, so the output is always one whole file. The rename replaces a symbolic link
planted at the output name instead of writing through it.
"""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import BinaryIO, Final

__all__ = ["NAME_MAX", "move_into_place", "temp_path", "write_file"]

#: Longest file name (in bytes) on the common file systems (ext4, APFS, NTFS in UTF-16 units).
NAME_MAX: Final = 255
#: Random hex digits of a temporary name (64 bits: two writers never pick one name).
_TAG_DIGITS: Final = 16


def temp_path(final: Path, kind: str = "tmp") -> Path:
    """A fresh temporary name for ``final`` in its folder: ``.<name>.<random>.<kind>``, with
    ``<name>`` shortened so the whole fits :data:`NAME_MAX` bytes (a 250-byte output name
    gets a temporary name too)."""
    tag = f".{uuid.uuid4().hex[:_TAG_DIGITS]}.{kind}"
    room = NAME_MAX - 1 - len(tag.encode())
    head = final.name.encode("utf-8", "surrogateescape")[:room].decode("utf-8", "ignore")
    return final.with_name(f".{head}{tag}")


def _fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable where the platform allows (POSIX); no-op elsewhere."""
    flag = getattr(os, "O_DIRECTORY", None)
    if flag is None:  # pragma: no cover - Windows
        return
    try:
        fd = os.open(folder, os.O_RDONLY | flag)
    except OSError:  # pragma: no cover - a folder we may write but not open
        return
    try:
        os.fsync(fd)
    except OSError:  # pragma: no cover - file systems without directory fsync
        pass
    finally:
        os.close(fd)


def write_file(path: str | os.PathLike[str], write: Callable[[BinaryIO], None]) -> Path:
    """Call ``write(fh)`` on a temporary file beside ``path``, fsync it, rename it to ``path``.

    On any exception (``OSError`` for a full disk included) the temporary file is removed and
    the exception propagates: ``path`` is untouched. A symbolic link at ``path`` is replaced
    by the file (the link's target is never written).
    """
    final = Path(path)
    tmp = temp_path(final)
    try:
        # O_EXCL: never open an existing file (or a link) under the temporary name.
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
        with os.fdopen(fd, "wb") as fh:
            write(fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, final)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    _fsync_dir(final.parent)
    return final


def move_into_place(tmp: Path, out: Path) -> None:
    """Rename the finished folder (or file) ``tmp`` to ``out``. An ``out`` already there (an
    older store, another writer's finished first, or a link) is renamed aside first and
    removed, so ``out`` is always one whole store; the last writer's stays."""
    for _ in range(100):
        try:
            os.rename(tmp, out)
            break
        except OSError:
            if not os.path.lexists(tmp):
                raise
            if not os.path.lexists(out):
                continue  # another writer moved ``out`` aside between our rename and this check
        aside = temp_path(out, "old")
        try:
            os.rename(out, aside)
        except FileNotFoundError:
            continue  # another writer moved it first
        if aside.is_dir() and not aside.is_symlink():
            shutil.rmtree(aside, ignore_errors=True)
        else:
            aside.unlink(missing_ok=True)
    else:
        os.rename(tmp, out)
    _fsync_dir(out.parent)
