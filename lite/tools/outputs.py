"""Output files of the ``lite-anim`` commands: each suffix names the format written.

Not a port. ``bake`` writes ``.npz`` or ``.json``, ``plot``, ``plot-easing`` and ``render -o``
write PNG, ``render --gif`` writes GIF; a file whose suffix names another format (or none) is
refused with ``LITE-CLI-010`` before any work, rather than written with bytes its name does
not promise. ``docs/cli.md`` states the rule.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Final

from lite.errors import LiteError

__all__ = ["PNG_SUFFIXES", "check_suffix", "option_values"]

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
