"""What a benchmark run was measured on, and where the JS peers live (shared by the benches)."""

from __future__ import annotations

import os
import platform
import shutil
import subprocess
from pathlib import Path

import numpy as np

__all__ = ["machine", "node_bench_dir"]


def node_bench_dir() -> Path | None:
    """``parity/bench`` of this checkout when it and the pinned Node packages are present."""
    root = Path(__file__).resolve().parents[2]
    bench = root / "parity" / "bench"
    register = root / "parity" / "recorder" / "register.mjs"
    modules = root / "parity" / "recorder" / "node_modules"
    if bench.is_dir() and register.is_file() and modules.is_dir():
        return bench
    return None


def machine() -> str:
    """The CPU, core count, Python, numpy and Node versions of this machine (one line)."""
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    node = shutil.which("node")
    node_version = "absent"
    if node is not None:
        try:
            node_version = subprocess.run(
                [node, "--version"], capture_output=True, text=True, timeout=10, check=False
            ).stdout.strip()
        except (OSError, subprocess.TimeoutExpired):
            node_version = "?"
    return (
        f"{cpu}, {os.cpu_count()} CPUs; Python {platform.python_version()}, "
        f"numpy {np.__version__}; Node {node_version}"
    )
