"""Old module paths (lite._moved.MOVED) still import, warn once naming the new path, and are the
new module itself (same objects, so a monkeypatch through either name reaches both)."""

from __future__ import annotations

import importlib
import subprocess
import sys
from pathlib import Path

import pytest

from lite._moved import MOVED

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(("old", "new"), sorted(MOVED.items()))
def test_an_old_path_warns_and_is_the_new_module(
    old: str, new: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delitem(sys.modules, old, raising=False)
    with pytest.warns(DeprecationWarning, match=rf"{old} is deprecated.*import {new} instead"):
        module = importlib.import_module(old)
    assert module is importlib.import_module(new)
    assert sys.modules[old] is sys.modules[new]


@pytest.mark.parametrize(("old", "new"), sorted(MOVED.items()))
def test_the_warning_points_at_the_importing_line(old: str, new: str) -> None:
    leaf = old.rsplit(".", 1)[1]
    probe = f"import warnings\nwarnings.simplefilter('always')\nfrom lite import {leaf}\n"
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert f"<string>:3: DeprecationWarning: {old} is deprecated" in done.stderr
    assert f"import {new} instead" in done.stderr


def test_the_documented_names_still_import_from_the_old_paths(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for old in MOVED:
        monkeypatch.delitem(sys.modules, old, raising=False)
    with pytest.warns(DeprecationWarning, match="import lite.bake.glb instead"):
        from lite.bake_gltf import GlbClip, write_baked_glb
    with pytest.warns(DeprecationWarning, match="import lite.bake.zarr instead"):
        from lite.bake_zarr import frame_chunk, write_zarr
    from lite.bake.glb import write_baked_glb as new_write

    assert write_baked_glb is new_write
    assert callable(frame_chunk) and callable(write_zarr) and GlbClip.__name__ == "GlbClip"


def test_importing_lite_loads_no_old_path() -> None:
    probe = "import sys, lite; print([m for m in ('lite.bake_gltf', 'lite.bake_zarr') if m in sys.modules])"
    done = subprocess.run(
        [sys.executable, "-W", "error::DeprecationWarning", "-c", probe],
        capture_output=True, text=True, cwd=ROOT, check=True,
    )  # fmt: skip
    assert done.stdout.strip() == "[]"
