"""Deprecated path of :mod:`lite.bake.zarr` (kept for one release; see docs/CHANGELOG.md)."""

from __future__ import annotations

from lite._moved import alias_module
from lite.bake import zarr

alias_module(__name__, zarr)
