"""Helpers for the bake-at-scale tests: the optional ``scale`` extra and the glTF validator.

Without the extra (dask.distributed, zarr) or without Node and the pinned validator
(``parity/validator``, ``npm ci`` there) the tests that need them are skipped, with the reason;
CI sets ``LITE_REQUIRE_SCALE=1`` and ``LITE_REQUIRE_GLTF_VALIDATOR=1`` so that they fail
instead.
"""

from __future__ import annotations

import importlib
import json
import os
import shutil
import subprocess
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
VALIDATOR = ROOT / "parity" / "validator"


def require_module(name: str) -> ModuleType:
    """Import ``name`` (a module of the ``scale`` extra), or skip (fail under
    ``LITE_REQUIRE_SCALE=1``)."""
    try:
        return importlib.import_module(name)
    except ImportError as exc:
        if os.environ.get("LITE_REQUIRE_SCALE", "") == "1":
            pytest.fail(f"LITE_REQUIRE_SCALE=1 but {name} is missing: {exc}")
        pytest.skip(f"{name} is not installed (pip install 'lite-anim[scale]')")


def validate_gltf(*paths: Path) -> list[dict[str, Any]]:
    """The Khronos validator's report of each file (errors, warnings, infos, messages)."""
    node = shutil.which("node")
    installed = (VALIDATOR / "node_modules" / "gltf-validator").is_dir()
    if node is None or not installed:
        reason = "node is not installed" if node is None else "run npm ci in parity/validator"
        if os.environ.get("LITE_REQUIRE_GLTF_VALIDATOR", "") == "1":
            pytest.fail(f"LITE_REQUIRE_GLTF_VALIDATOR=1 but {reason}")
        pytest.skip(f"no glTF validator: {reason}")
    done = subprocess.run(
        [node, str(VALIDATOR / "validate.mjs"), *map(str, paths)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


def error_codes(report: dict[str, Any]) -> set[str]:
    """The codes of a report's errors (severity 0)."""
    return {m.split(" ")[1] for m in report["messages"] if m.startswith("0 ")}
