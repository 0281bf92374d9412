"""End-to-end: the README's examples run, the CLI works, docs/errors.md lists every code."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from lite.errors import ERROR_CODES, RETIRED_CODES

ROOT = Path(__file__).resolve().parents[1]


def _python_blocks(path: Path) -> list[str]:
    return re.findall(r"```python\n(.*?)```", path.read_text(encoding="utf-8"), re.S)


def test_readme_lite_tour_runs() -> None:
    blocks = _python_blocks(ROOT / "README.md")
    assert blocks, "README has python examples"
    exec(compile(blocks[0], "README.md:lite-tour", "exec"), {})


def test_readme_verbatim_port_matches_babylon(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = _python_blocks(ROOT / "README.md")
    exec(compile(blocks[1], "README.md:port", "exec"), {})
    # Babylon.js 9.31 prints 1.424 for the same script (recorded with parity/recorder).
    assert float(capsys.readouterr().out.strip()) == pytest.approx(1.424, rel=1e-6, abs=1e-6)


def test_every_error_code_is_documented() -> None:
    text = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    documented = set(re.findall(r"`(LITE-[A-Z]+-\d{3})`", text))
    assert documented == set(ERROR_CODES) | set(RETIRED_CODES)


def _cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "lite.tools.cli", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=120,
        check=False,
    )


def test_demo_prints_table_and_writes_png(demo_no_render: tuple[Any, Path]) -> None:
    result, folder = demo_no_render  # the run tests/lite/tools/test_cli_demo.py reads too
    assert result.returncode == 0, result.stderr
    assert "cross_fade_animation_groups(walk -> run" in result.stdout
    png = folder / "demo_curves.png"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert png.stat().st_size > 10_000


def test_bench_property_prints_json() -> None:
    result = _cli("bench", "property", "--counts", "10", "--frames", "5", "--json")
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    assert doc["results"][0]["groups"] == 10.0
    assert doc["results"][0]["ms_per_frame"] > 0


def test_help_has_an_example() -> None:
    result = _cli("demo", "--help")
    assert result.returncode == 0
    assert "example:" in result.stdout


def test_unknown_subcommand_exits_non_zero_with_one_line() -> None:
    result = _cli("frobnicate")
    assert result.returncode != 0
    assert "Traceback" not in result.stderr


def test_readme_headline_states_what_parity_measures() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    headline = text.split("\n\n")[1]
    assert "last digit" not in text
    assert "within 1e-6 absolute + 1e-6 relative" in headline
    # The port example prints 1.424 as stored in float32: say so, with the number it prints.
    import numpy as np

    assert float(np.float32(1.424)) == 1.4240000247955322
    assert "1.4240000247955322 is\n1.424 rounded to float32" in text
