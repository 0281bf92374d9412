"""Helpers for the end-to-end CLI tests: run ``lite-anim`` in a subprocess, check PNGs."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
from PIL import Image

ROOT = Path(__file__).resolve().parents[3]
FIGURE = ROOT / "lite" / "assets" / "figure.glb"
FIXTURES = ROOT / "tests" / "fixtures"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def run_cli(
    *args: str, cwd: Path | None = None, timeout: float = 120.0
) -> subprocess.CompletedProcess[str]:
    """``python -m lite.tools.cli ARGS`` with captured text output (never raises on exit status)."""
    env = dict(os.environ)
    env.pop("LITE_ANIM_DEBUG", None)
    return subprocess.run(
        [sys.executable, "-m", "lite.tools.cli", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=timeout,
        check=False,
        env=env,
    )


def assert_one_line_failure(result: subprocess.CompletedProcess[str], *needles: str) -> str:
    """Exit status 2, one line on stderr (no traceback) that contains every needle."""
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


def read_png(path: Path, min_size: tuple[int, int] = (100, 100)) -> np.ndarray:
    """Check the PNG magic and a minimum size; return the pixels as ``(H, W, C)`` uint8."""
    data = path.read_bytes()
    assert data[:8] == PNG_MAGIC, f"{path} is not a PNG"
    with Image.open(path) as img:
        assert img.width >= min_size[0] and img.height >= min_size[1], img.size
        return np.asarray(img.convert("RGBA"))


def non_flat(pixels: np.ndarray) -> bool:
    """More than a handful of distinct colours (a drawn plot, not an empty canvas)."""
    flat = pixels.reshape(-1, pixels.shape[-1])
    return len(np.unique(flat[:: max(1, flat.shape[0] // 20000)], axis=0)) > 8
