"""The compiled root-motion pass (lite.batch.root_jit): the per-group hook's float64 bits, for
plain steps, single wraps, paused, backwards and many-loop frames, and the same bits as the
pure-Python/numpy paths it replaces when numba is absent or ``LITE_JIT=0``."""

from __future__ import annotations

import gc
import subprocess
import sys
import tracemalloc

import numpy as np
import pytest

import lite
import lite.batch.root_motion as batch_root_motion
from lite.batch import root_jit
from lite.batch.engine import batch_engine_of
from lite.loader_gltf.instancing import COMPONENT_MAJOR_MIN
from tests.lite.batch.test_root_motion import (
    _crowd_bytes,
    _numpy_sin_is_libm_sin,
    _pair,
    _positions,
)

STEP = 1000.0 / 60.0
SPEEDS = [1.0, 2.5, -1.0, 0.0, 40.0, 1.0, 61.0]

needs_numba = pytest.mark.skipif(
    not root_jit.ENABLED, reason="numba is not installed (the `fast` extra) or LITE_JIT=0"
)


def _run(count: int, frames: int, *, jit: bool, monkeypatch: pytest.MonkeyPatch) -> tuple:
    monkeypatch.setattr(batch_root_motion, "JIT_ENABLED", jit)
    managers, _, trackers = _pair(_crowd_bytes(), count, SPEEDS)
    for frame in range(frames):
        for m in managers:
            lite.update_animation_manager(m, STEP + (frame % 3))
    plans = [b.root for b in batch_engine_of(managers[1]).batches]  # type: ignore[union-attr]
    return trackers, plans


@needs_numba
@pytest.mark.skipif(not _numpy_sin_is_libm_sin(), reason="numpy's sine is not libm's here")
@pytest.mark.parametrize("count", [COMPONENT_MAJOR_MIN, 30, 64])
def test_the_compiled_pass_gives_the_hooks_bits(
    count: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    trackers, plans = _run(count, 150, jit=True, monkeypatch=monkeypatch)
    assert all(p is not None and p.jit is not None for p in plans)  # the kernel ran
    np.testing.assert_array_equal(_positions(trackers[1]), _positions(trackers[0]))
    for a, b in zip(trackers[0], trackers[1], strict=True):
        np.testing.assert_array_equal(b.motion.translation, a.motion.translation)
        np.testing.assert_array_equal(b.motion.rotation, a.motion.rotation)
    assert np.abs(_positions(trackers[1])[:, 0:3]).max() > 0.01


@needs_numba
@pytest.mark.parametrize("count", [5, 40])
def test_the_compiled_and_the_python_paths_agree_to_the_bit(
    count: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    on, _ = _run(count, 100, jit=True, monkeypatch=monkeypatch)
    off, plans = _run(count, 100, jit=False, monkeypatch=monkeypatch)
    assert all(p is not None and p.jit is None for p in plans)  # the Python/numpy path ran
    np.testing.assert_array_equal(_positions(on[1]), _positions(off[1]))


def test_without_the_compiled_pass_the_python_paths_still_give_the_hooks_numbers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    trackers, plans = _run(12, 120, jit=False, monkeypatch=monkeypatch)
    assert all(p is not None and p.jit is None for p in plans)
    np.testing.assert_allclose(
        _positions(trackers[1]), _positions(trackers[0]), rtol=1e-12, atol=1e-12
    )


def test_the_kernel_is_compiled_once_and_numba_is_imported_lazily() -> None:
    code = (
        "import sys, lite, lite.batch.root_jit as j; "
        "print('numba' in sys.modules, j.advance_rows_kernel() is j.advance_rows_kernel())"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True"]  # importing lite does not import numba


@needs_numba
def test_a_warm_crowd_with_compiled_root_motion_allocates_nothing_that_grows(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(batch_root_motion, "JIT_ENABLED", True)
    managers, _, _ = _pair(_crowd_bytes(), 40, [1.0, 2.5, 0.0])
    m = managers[1]
    for _ in range(200):  # warm-up: compiled, scratch made, every member wrapped at least once
        lite.update_animation_manager(m, STEP)
    assert all(b.root is not None and b.root.jit for b in batch_engine_of(m).batches)  # type: ignore[union-attr]
    gc.collect()
    tracemalloc.start()
    before, _ = tracemalloc.get_traced_memory()
    for _ in range(1_000):
        lite.update_animation_manager(m, STEP)
    gc.collect()
    after, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert after - before < 4_096, after - before
