"""Shared pytest setup: a deterministic hypothesis profile, and the GPU marker policy.

Tests marked ``@pytest.mark.gpu`` need a real wgpu adapter. On a machine without one they are
skipped with the reason; with ``LITE_REQUIRE_GPU=1`` (set by ``.ci/run``, which installs Mesa's
CPU Vulkan driver) a missing adapter fails them instead, so CI always exercises the GPU path.
"""

from __future__ import annotations

import functools
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, max_examples=200, deadline=None)
settings.register_profile("dev", max_examples=100, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@functools.cache
def gpu_adapter_problem() -> str | None:
    """None when a wgpu adapter is available, else why not."""
    try:
        from lite.skeleton.gpu_upload import request_adapter

        adapter = request_adapter("high-performance")
    except Exception as exc:  # any failure to load the native library counts as "no GPU"
        return f"wgpu could not start: {exc}"
    if adapter is None:
        return "no wgpu adapter (install Mesa's Vulkan driver: apt-get install mesa-vulkan-drivers)"
    return None


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    gpu_items = [item for item in items if item.get_closest_marker("gpu") is not None]
    if not gpu_items:
        return
    problem = gpu_adapter_problem()
    if problem is None:
        return
    if os.environ.get("LITE_REQUIRE_GPU") == "1":
        for item in gpu_items:
            item.add_marker(pytest.mark.usefixtures("_require_gpu"))
        return
    skip = pytest.mark.skip(reason=problem)
    for item in gpu_items:
        item.add_marker(skip)


@pytest.fixture
def _require_gpu() -> None:
    problem = gpu_adapter_problem()
    if problem is not None:
        pytest.fail(f"LITE_REQUIRE_GPU=1 but {problem}")


@pytest.fixture(scope="session")
def demo_no_render(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Path]:
    """``python -m lite.tools.cli demo --out DIR --no-render``, run once for the tests that
    read its output (tests/lite/tools/test_cli_demo.py, tests/test_docs_and_cli.py)."""
    out = tmp_path_factory.mktemp("demo-no-render") / "out"
    env = dict(os.environ)
    env.pop("LITE_ANIM_DEBUG", None)
    result = subprocess.run(
        [sys.executable, "-m", "lite.tools.cli", "demo", "--out", str(out), "--no-render"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env=env,
    )
    return result, out
