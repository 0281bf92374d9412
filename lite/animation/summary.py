"""Short reprs and on-request detail for the runtime's objects with big contents.

``repr()`` of an asset, group, clip, pose, manager or binding names it and gives counts and
shapes (one line, a few hundred characters at most); ``obj.describe()`` gives every field in
full, one per line. Not a port: Babylon Lite's objects are plain JavaScript objects.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sized

import numpy as np

__all__ = ["describe_fields", "shape_of", "short_repr"]


def shape_of(value: object) -> str:
    """``"float32[16, 10]"`` for an array, ``"None"`` for None, else the length or the repr."""
    if value is None:
        return "None"
    if isinstance(value, np.ndarray):
        return f"{value.dtype}[{', '.join(map(str, value.shape))}]"
    if isinstance(value, Sized) and not isinstance(value, str):
        return str(len(value))
    return repr(value)


def short_repr(obj: object, **parts: object) -> str:
    """``TypeName(key=value, ...)`` with each value already short (a count, a shape)."""
    inner = ", ".join(f"{key}={value}" for key, value in parts.items())
    return f"{type(obj).__name__}({inner})"


def describe_fields(obj: object) -> str:
    """Every repr-visible dataclass field of ``obj`` in full, one ``name = value`` per line."""
    lines = [f"{type(obj).__name__}:"]
    for f in dataclasses.fields(obj):  # type: ignore[arg-type]
        if not f.repr:
            continue
        value = getattr(obj, f.name)
        text = repr(value).replace("\n", "\n    ")
        lines.append(f"  {f.name} = {text}")
    return "\n".join(lines)
