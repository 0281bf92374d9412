"""The ways in: ``lite-anim --version`` and ``python -m lite`` (the same command line)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import pytest

import lite
from lite.assets import figure_path
from lite.tools.cli import version_text
from tests.lite.tools._cli_util import FIGURE, ROOT, assert_one_line_failure, run_cli


def _python_m_lite(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env.pop("LITE_ANIM_DEBUG", None)
    return subprocess.run(
        [sys.executable, "-m", "lite", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )


def test_version_prints_the_installed_version_and_where_lite_runs_from() -> None:
    result = run_cli("--version")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    line = result.stdout.strip()
    assert line == version_text()
    try:
        number = version("lite-anim")
    except PackageNotFoundError:
        number = "version unknown (not installed)"
    assert line.startswith(f"lite-anim {number} from {Path(lite.__file__).parent}")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert number in (project["version"], "version unknown (not installed)")


def test_version_without_an_installed_distribution_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def missing(name: str) -> str:
        raise PackageNotFoundError(name)

    monkeypatch.setattr("importlib.metadata.version", missing)
    assert version_text().startswith("lite-anim version unknown (not installed) from ")


def test_python_m_lite_is_lite_anim() -> None:
    for args in (("--version",), ("--help",), ("inspect", str(FIGURE), "--brief")):
        ours, theirs = _python_m_lite(*args), run_cli(*args)
        assert ours.returncode == theirs.returncode == 0, ours.stderr
        assert ours.stdout == theirs.stdout
        assert ours.stderr == ""


def test_python_m_lite_reports_bad_usage_in_one_line() -> None:
    assert_one_line_failure(_python_m_lite("frobnicate"), "invalid choice", "lite-anim --help")
    assert_one_line_failure(_python_m_lite(), "required", "lite-anim --help")


def test_importing_lite_does_not_run_the_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "import lite, sys; print('lite.__main__' in sys.modules)"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert done.stdout.strip() == "False"


# --- the bundled figure needs no checkout path ------------------------------------------------


def test_inspect_plot_and_bake_default_to_the_bundled_figure(tmp_path: Path) -> None:
    # Run from a folder outside the checkout: "lite/assets/figure.glb" exists only in a clone.
    inspected = run_cli("inspect", "--json", cwd=tmp_path)
    assert inspected.returncode == 0, inspected.stderr
    report = json.loads(inspected.stdout)
    assert report["file"] == str(figure_path())
    assert [c["name"] for c in report["clips"]] == ["walk", "run", "wave", "blink", "tint"]
    plotted = run_cli("plot", "--clip", "wave", cwd=tmp_path)
    assert plotted.returncode == 0, plotted.stderr
    assert (tmp_path / "figure_wave_curves.png").is_file()
    baked = run_cli("bake", "--clip", "run", "--fps", "10", "-o", "run.npz", cwd=tmp_path)
    assert baked.returncode == 0, baked.stderr
    assert "wrote run.npz: 7 frames at 10 fps" in baked.stdout  # run lasts 0.6 s


@pytest.mark.parametrize("command", ["inspect", "bake", "plot", "render", "demo"])
def test_help_examples_name_no_checkout_path(command: str) -> None:
    result = run_cli(command, "--help")
    assert result.returncode == 0, result.stderr
    assert "lite/assets/" not in result.stdout
