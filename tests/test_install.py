"""The README's install, as a user meets it: type checkers resolve the installed package.

``python3 -m pip install -e .`` with setuptools' default editable mode used an import-hook
finder that mypy cannot follow, so mypy on a user's own script said "Cannot find implementation
or library stub for module named 'lite'" (the wheel worked). ``pyproject.toml`` now names the
root package dir, which makes the editable install a plain ``.pth`` line. This test runs mypy on
a small user script from a temporary folder outside the checkout, with ``PYTHONPATH`` and
``MYPYPATH`` removed, so only the installed package can answer.
"""

from __future__ import annotations

import os
import subprocess
import sys
from importlib.metadata import PackageNotFoundError, distribution
from pathlib import Path

import pytest

USER_SCRIPT = """\
import lite
import lite_compat as BABYLON

manager = lite.create_animation_manager()
lite.update_animation_manager(manager, 16.0)
engine = BABYLON.NullEngine()
scene = BABYLON.Scene(engine)
"""
#: A type error only a checker that reads lite's annotations (py.typed) can see.
WRONG_SCRIPT = """\
import lite

manager = lite.create_animation_manager()
lite.update_animation_manager(manager, "16 ms")
"""


def _outside_env() -> dict[str, str]:
    env = dict(os.environ)
    for name in ("PYTHONPATH", "MYPYPATH", "PYTHONSTARTUP"):
        env.pop(name, None)
    return env


def _run(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=_outside_env(),
        timeout=600,
        check=False,
    )


@pytest.fixture(scope="module")
def user_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A user's project folder outside the checkout, where only the installed lite is seen."""
    try:
        dist = distribution("lite-anim")
    except PackageNotFoundError:
        pytest.skip("lite-anim is not installed (python3 -m pip install -e .)")
    folder = tmp_path_factory.mktemp("user_project")
    found = _run(["-c", "import lite; print(lite.__file__)"], folder)
    if found.returncode != 0:
        # Installed, but this interpreter cannot import it from outside (a stale editable
        # install whose checkout moved): a broken install, not a typing problem.
        origin = dist.read_text("direct_url.json") or "?"
        pytest.skip(f"the installed lite-anim does not import outside the checkout ({origin})")
    if _run(["-m", "mypy", "--version"], folder).returncode != 0:
        pytest.skip("mypy is not installed (python3 -m pip install -e '.[dev]')")
    return folder


def _mypy(folder: Path, name: str, text: str) -> subprocess.CompletedProcess[str]:
    (folder / name).write_text(text, encoding="utf-8")
    cache = folder / ".mypy_cache"
    return _run(["-m", "mypy", "--strict", "--cache-dir", str(cache), name], folder)


def _install_kind() -> str:
    """How lite-anim is installed, for the failure message."""
    files = [str(f) for f in distribution("lite-anim").files or ()]
    if any(f.endswith("_finder.py") and "__editable__" in f for f in files):
        return (
            "an editable install through setuptools' import-hook finder, which mypy cannot "
            "follow: it predates the root package dir in pyproject.toml; reinstall with "
            "python3 -m pip install -e ."
        )
    return "installed: " + (distribution("lite-anim").read_text("direct_url.json") or "a wheel")


def test_mypy_resolves_the_installed_package_from_a_user_folder(user_dir: Path) -> None:
    result = _mypy(user_dir, "app.py", USER_SCRIPT)
    assert "Cannot find implementation or library stub" not in result.stdout, (
        f"{result.stdout}\nlite-anim is {_install_kind()}"
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("Success: no issues found in 1 source file")


def test_mypy_sees_the_installed_annotations(user_dir: Path) -> None:
    result = _mypy(user_dir, "wrong.py", WRONG_SCRIPT)
    assert result.returncode == 1, result.stdout + result.stderr
    assert 'Argument 2 to "update_animation_manager" has incompatible type "str"' in result.stdout
