"""Output files of the ``lite-anim`` commands: each suffix names the format written.

Not a port. ``bake`` writes ``.npz`` or ``.json``, ``plot``, ``plot-easing`` and ``render -o``
write PNG, ``render --gif`` writes GIF; a file whose suffix names another format (or none) is
refused with ``LITE-CLI-010`` before any work, rather than written with bytes its name does
not promise. ``docs/cli.md`` states the rule.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Final

from lite.errors import LiteError

__all__ = [
    "OUTPUT_ERROR_CODE",
    "PNG_SUFFIXES",
    "check_suffix",
    "check_writable",
    "option_values",
    "os_error",
]

#: The code of an output path that cannot be written (permission, a file where a folder
#: should be, a missing folder, a full disk).
OUTPUT_ERROR_CODE: Final = "LITE-CLI-014"

_OS_HINTS: Final[Mapping[int, str]] = {
    errno.EACCES: "choose a folder you can write to (or fix its permissions)",
    errno.EPERM: "choose a folder you can write to (or fix its permissions)",
    errno.EROFS: "the file system is read-only; choose another folder",
    errno.ENOTDIR: "a part of the path is a file, not a folder; choose another path",
    errno.EEXIST: "a part of the path is a file, not a folder; choose another path",
    errno.ENOENT: "create the folder first (mkdir -p), or choose another path",
    errno.EISDIR: "the path is a folder; name a file inside it",
    errno.ENOSPC: "the disk is full; free space or choose another folder",
    errno.ENAMETOOLONG: "shorten the file name",
}

#: Suffixes accepted for a PNG output (compared case-insensitively).
PNG_SUFFIXES: Final[Mapping[str, str]] = {".png": "png"}


def check_suffix(
    path: str | os.PathLike[str],
    suffixes: Mapping[str, str],
    option: str,
    fmt: str | None = None,
    *,
    folder_ok: bool = False,
) -> str:
    """The format ``path``'s suffix names, refusing a suffix that does not fit.

    Parameters
    ----------
    path
        The output file a command was given.
    suffixes
        Accepted suffix (lower case, with the dot) -> format, e.g. ``{".npz": "npz"}``.
    option
        The option that named ``path`` (``-o``, ``--gif``), for the message.
    fmt
        A format asked for explicitly (``--format``); it must agree with the suffix.
    folder_ok
        The option also takes a folder (ending in ``/``); the hint says so.

    Returns
    -------
    str
        The format, from the suffix.

    Raises
    ------
    LiteError
        ``LITE-CLI-010`` when the suffix is not one of ``suffixes`` or names another format
        than ``fmt``.

    Examples
    --------
    >>> check_suffix("run.JSON", {".npz": "npz", ".json": "json"}, "-o")
    'json'
    """
    suffix = Path(path).suffix.lower()
    names = " or ".join(sorted(suffixes))
    implied = suffixes.get(suffix)
    if implied is None:
        got = f"ends in {Path(path).suffix}" if suffix else "has no suffix"
        raise LiteError(
            "LITE-CLI-010",
            f"{option} {os.fspath(path)} {got}, but this command writes {names} files",
            hint=f"name the file {names}" + (", or end a folder name with /" if folder_ok else ""),
            input_name=option,
        )
    if fmt is not None and fmt != implied:
        raise LiteError(
            "LITE-CLI-010",
            f"{option} {os.fspath(path)} names {implied} but --format is {fmt}",
            hint=f"end {option} with .{fmt}, or leave --format out",
            input_name=option,
        )
    return implied


def option_values(argv: Sequence[str], names: Sequence[str]) -> list[tuple[str, str]]:
    """``(option, value)`` for each of ``names`` given in ``argv`` (``-o X``, ``-oX``,
    ``--gif X``, ``--gif=X`` and unambiguous long prefixes such as ``--gi X``).

    A light pre-parse for checks that run before a subcommand's own parser; values after
    ``--`` are not options.
    """
    longs = [n for n in names if n.startswith("--")]
    shorts = [n for n in names if not n.startswith("--")]
    found: list[tuple[str, str]] = []
    i = 0
    while i < len(argv):
        arg = argv[i]
        if arg == "--":
            break
        key, eq, value = arg.partition("=")
        match = [n for n in longs if key.startswith("--") and len(key) > 2 and n.startswith(key)]
        if key in longs:
            match = [key]
        if len(match) == 1:
            if eq:
                found.append((match[0], value))
            elif i + 1 < len(argv):
                found.append((match[0], argv[i + 1]))
                i += 1
        else:
            for s in shorts:
                if arg == s and i + 1 < len(argv):
                    found.append((s, argv[i + 1]))
                    i += 1
                elif arg.startswith(s) and len(arg) > len(s) and not arg.startswith("--"):
                    found.append((s, arg[len(s) :]))
        i += 1
    return found


def os_error(exc: OSError, option: str = "-o") -> LiteError:
    """``exc`` (raised writing an output) as a coded one-line ``LITE-CLI-014`` error.

    Examples
    --------
    >>> str(os_error(PermissionError(13, "Permission denied", "/x.npz")))  # doctest: +ELLIPSIS
    '[LITE-CLI-014] cannot write /x.npz: Permission denied (hint: choose a folder you can ...)'
    """
    where = os.fspath(exc.filename) if exc.filename is not None else f"the {option} output"
    reason = exc.strerror or str(exc)
    return LiteError(
        OUTPUT_ERROR_CODE,
        f"cannot write {where}: {reason}",
        hint=_OS_HINTS.get(exc.errno or 0, "check the path and the disk"),
        input_name=option,
    )


def check_writable(
    path: str | os.PathLike[str], option: str = "-o", *, create_parent: bool = False
) -> None:
    """Refuse, before any work, an output path whose folder cannot take the file.

    Parameters
    ----------
    path
        The output file (or folder) a command was given.
    option
        The option that named it, for the message.
    create_parent
        A missing folder is created (``bake -o baked/``); otherwise it is refused, rather
        than created silently under a mistyped name.

    Raises
    ------
    LiteError
        ``LITE-CLI-014`` when a part of the path is a file, the folder is missing (and not
        to be created), or the folder is not writable.
    """
    target = Path(path)
    parent = target.parent if str(target.parent) else Path(".")
    probe = parent
    while not probe.exists() and probe != probe.parent:
        probe = probe.parent
    if probe.exists() and not probe.is_dir():
        raise os_error(OSError(errno.ENOTDIR, os.strerror(errno.ENOTDIR), os.fspath(path)), option)
    if probe != parent and not create_parent:
        raise LiteError(
            OUTPUT_ERROR_CODE,
            f"cannot write {os.fspath(path)}: the folder {os.fspath(parent)} does not exist",
            hint=f"create it first (mkdir -p {os.fspath(parent)}), or choose another path",
            input_name=option,
        )
    if not os.access(probe, os.W_OK):
        raise os_error(OSError(errno.EACCES, os.strerror(errno.EACCES), os.fspath(path)), option)
    if target.is_dir() and target.suffix.lower() not in (".zarr",) and not create_parent:
        raise os_error(OSError(errno.EISDIR, os.strerror(errno.EISDIR), os.fspath(path)), option)
