"""Every ```python block of README.md and docs/ (recursively) runs as a user would run it.

Each block is written to a file in an empty temporary folder and run there with a fresh
interpreter (``python example.py``, cwd = that folder), so an example cannot lean on the
checkout (``tests/fixtures/...``), on another block's variables or on this process's state.
The checkout is put on ``PYTHONPATH``, as the README's ``pip install -e .`` does.

A block whose first line is ``# fragment`` is a piece of a larger program (the body of a frame
loop, one side of a Babylon.js/Python comparison): it is compiled, not run. Blocks that import
the ``scale`` extra (dask, zarr) are skipped without it, and fail under ``LITE_REQUIRE_SCALE=1``
(which ``.ci/run`` sets), like the other bake-at-scale tests.

The timeout is a guard against a hung example, not a speed assertion.
"""

from __future__ import annotations

import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FRAGMENT = "# fragment"
_BLOCK = re.compile(
    r"^(?P<indent>[ \t]*)```python[^\n]*\n(?P<body>.*?)^(?P=indent)```", re.S | re.M
)
_SCALE_MODULES = ("dask", "distributed", "zarr")
HANG_GUARD_S = 900


def _pages() -> list[Path]:
    return [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]


def python_blocks() -> list[tuple[str, int, str]]:
    """``(page, line, code)`` of every ```python block, dedented to its fence."""
    found = []
    for page in _pages():
        text = page.read_text(encoding="utf-8")
        for m in _BLOCK.finditer(text):
            indent = len(m.group("indent"))
            code = "".join(line[indent:] for line in m.group("body").splitlines(keepends=True))
            line = text.count("\n", 0, m.start()) + 1
            found.append((page.relative_to(ROOT).as_posix(), line, code))
    return found


BLOCKS = python_blocks()
IDS = [f"{page}:{line}" for page, line, _ in BLOCKS]


def _is_fragment(code: str) -> bool:
    return code.startswith(FRAGMENT)


def _needs_scale(code: str) -> str | None:
    for name in _SCALE_MODULES:
        if re.search(rf"^\s*(import|from) {name}\b", code, re.M):
            return name
    return None


def test_the_pages_have_python_examples() -> None:
    pages = {page for page, _, _ in BLOCKS}
    assert {"README.md", "docs/getting-started.md", "docs/motion.md", "docs/bake.md"} <= pages


def test_fragment_markers_are_exact() -> None:
    """``# fragment`` alone or with what it leans on (``# fragment: clip, hips are yours``)."""
    for (_, _, code), ident in zip(BLOCKS, IDS, strict=True):
        if _is_fragment(code):
            first = code.splitlines()[0]
            assert first == FRAGMENT or first.startswith(f"{FRAGMENT}: "), f"{ident}: {first!r}"


def test_lite_assets_is_reachable_after_import_lite() -> None:
    result = subprocess.run(
        [sys.executable, "-c", "import lite; print(lite.assets.figure_path())"],
        capture_output=True,
        text=True,
        env=_env(),
        cwd=ROOT / "docs",  # not the checkout root: the package, not the folder, must provide it
        timeout=HANG_GUARD_S,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert Path(result.stdout.strip()).name == "figure.glb"
    assert Path(result.stdout.strip()).is_file()


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    env["MPLBACKEND"] = "Agg"
    env.pop("PYTHONSTARTUP", None)
    return env


@pytest.mark.parametrize(("page", "line", "code"), BLOCKS, ids=IDS)
def test_python_block_runs_from_an_empty_folder(
    page: str, line: int, code: str, tmp_path: Path
) -> None:
    if _is_fragment(code):
        compile(code, f"{page}:{line}", "exec")  # a fragment is still valid Python
        return
    needed = _needs_scale(code)
    if needed is not None and importlib.util.find_spec(needed) is None:
        if os.environ.get("LITE_REQUIRE_SCALE", "") == "1":
            pytest.fail(f"LITE_REQUIRE_SCALE=1 but {needed} is missing")
        pytest.skip(f"{needed} is not installed (pip install 'lite-anim[scale]')")
    script = tmp_path / "example.py"
    # Blank lines first, so a traceback's line numbers are the page's.
    script.write_text("\n" * line + code, encoding="utf-8")
    result = subprocess.run(
        [sys.executable, script.name],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=_env(),
        timeout=HANG_GUARD_S,
        check=False,
    )
    assert result.returncode == 0, (
        f"{page}:{line} failed from an empty folder (mark a piece of a larger program with a "
        f"first line '{FRAGMENT}: ...'):\n{result.stderr[-3000:]}"
    )


def test_the_readme_pictures_are_what_the_demo_draws(tmp_path: Path) -> None:
    """``docs/images/demo_*.png`` are regenerated with ``lite-anim demo --out docs/images``.

    The two plots need no GPU and are compared here, pixel for pixel within a small tolerance
    (font rasterisation may differ between matplotlib builds); the rendered sheet depends on
    the GPU driver, so it is regenerated with the plots but not compared.
    """
    import numpy as np
    from PIL import Image

    from lite.tools.demo import DEMO_PICTURES

    result = subprocess.run(
        [sys.executable, "-m", "lite.tools.cli", "demo", "--no-render", "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        env=_env(),
        timeout=HANG_GUARD_S,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    for name in DEMO_PICTURES[1:]:
        fresh = np.asarray(Image.open(tmp_path / name).convert("RGB"), dtype=np.int16)
        shown = np.asarray(Image.open(ROOT / "docs" / "images" / name).convert("RGB"), np.int16)
        assert fresh.shape == shown.shape, f"{name}: run lite-anim demo --out docs/images"
        differs = (np.abs(fresh - shown).max(axis=-1) > 48).mean()
        assert differs < 0.01, f"{name}: {differs:.1%} of pixels differ; regenerate the pictures"
