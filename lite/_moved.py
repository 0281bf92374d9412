"""Old module paths kept for one release: each warns once and hands back the new module.

A module that moved leaves a two-line file at its old path that imports its new home and calls
:func:`alias_module`; the old name then *is* the new module (``sys.modules`` entry swapped), so
``from lite.bake_gltf import write_baked_glb`` and a monkeypatch through the old name reach the
same objects. :data:`MOVED` lists every such path (docs/CHANGELOG.md, "Moved modules").
"""

from __future__ import annotations

import sys
import warnings
from types import ModuleType
from typing import Final

__all__ = ["MOVED", "REMOVED_IN", "alias_module"]

#: Old module path -> new module path.
MOVED: Final = {
    "lite.bake_gltf": "lite.bake.glb",
    "lite.bake_zarr": "lite.bake.zarr",
}
#: The release that drops the old paths.
REMOVED_IN: Final = "0.3.0"


def alias_module(old: str, new: ModuleType) -> None:
    """Make ``old`` an alias of ``new`` after a :class:`DeprecationWarning` naming ``new``.

    Called at the top level of the module at the old path, with that module's ``__name__``;
    the warning is attributed to the line that imported the old path.
    """
    warnings.warn(
        f"{old} is deprecated and will be removed in lite-anim {REMOVED_IN}: "
        f"import {new.__name__} instead",
        DeprecationWarning,
        stacklevel=3,  # the importing line: warnings skips importlib's own frames
    )
    sys.modules[old] = new
