"""Root motion at huge or non-finite clip times, and numba installed but unusable (issue 27,
items 5 and 6).

One rule for every path (the per-group hook, the batch engine's Python, numpy and compiled
passes): a member whose clip time is not finite or beyond 2^51 loops of its clip is refused
alone (no motion, one ``LITE-MOTION-W03`` per tracker); the other members keep their root
motion and nothing raises. A numba that cannot import, compile, cache or load the pass falls
back to the Python path once, with ``LITE-MOTION-W02``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
import warnings
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

import lite
import lite.batch.root_motion as batch_root_motion
from lite.batch import root_jit
from lite.batch.root_motion import VECTOR_MIN
from lite.motion.root_motion import MAX_TICK_CYCLES
from tests.lite.batch.test_root_motion import _crowd_bytes, _pair, _positions

STEP = 1000.0 / 60.0
SPEEDS = [1.0, 2.5, -1.0, 0.0, 40.0]
ROOT = Path(__file__).resolve().parents[2]
BAD = 2  # the member made bad


def _huge(kind: str, duration: float) -> tuple[str, float]:
    """(attribute, value) that makes a member's clip time huge or non-finite."""
    return {
        "2^63 loops": ("current_time", 2.0**63 * duration),
        "-2^63 loops": ("current_time", -(2.0**63) * duration),
        "2^80 loops": ("current_time", 2.0**80 * duration),
        "1e300 s": ("current_time", 1e300),
        "speed 1e300": ("speed_ratio", 1e300),
        "speed -1e300": ("speed_ratio", -1e300),
    }[kind]


def _run(count: int, kind: str, jit: bool, monkeypatch: pytest.MonkeyPatch) -> tuple[Any, Any]:
    monkeypatch.setattr(batch_root_motion, "JIT_ENABLED", jit)
    managers, instances, trackers = _pair(_crowd_bytes(), count, SPEEDS)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for frame in range(60):
            if frame == 20:
                for insts in instances:
                    group = insts[BAD].animation_groups[0]
                    name, value = _huge(kind, group.duration)
                    if name == "speed_ratio":
                        group.speed_ratio = value
                    else:
                        group.current_time = value
                frozen = [_positions(t)[BAD].copy() for t in trackers]
            for m in managers:
                lite.update_animation_manager(m, STEP + (frame % 3))
    codes = [getattr(w.message, "code", "") for w in caught]
    # The bad member of each manager (hook and batched) warned once, nothing else did.
    assert codes.count("LITE-MOTION-W03") == 2, codes
    if kind.startswith("speed"):  # every later tick is refused: that member stays put
        for t, before in zip(trackers, frozen, strict=True):
            np.testing.assert_array_equal(_positions(t)[BAD], before)
    # (A huge time set once is one refused tick: the looping clock wraps it back.)
    return trackers, managers


KINDS = ["2^63 loops", "-2^63 loops", "2^80 loops", "1e300 s", "speed 1e300", "speed -1e300"]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("count", [5, VECTOR_MIN + 4])
def test_a_bad_member_is_refused_alone_on_every_path(
    count: int, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    results = []
    for jit in [True, False] if root_jit.ENABLED else [False]:
        trackers, _ = _run(count, kind, jit, monkeypatch)
        hook, batched = _positions(trackers[0]), _positions(trackers[1])
        # The batched paths agree with the per-group hook, the bad member included.
        np.testing.assert_allclose(batched, hook, rtol=1e-12, atol=1e-12)
        assert np.isfinite(batched).all()
        others = [i for i in range(count) if i != BAD and SPEEDS[i % len(SPEEDS)] != 0.0]
        assert (np.abs(batched[others, 0:3]).max(axis=1) > 1e-3).all()  # they kept moving
        results.append(batched)
    if len(results) == 2:  # compiled and LITE_JIT=0: the same bits
        np.testing.assert_array_equal(results[0], results[1])


def test_the_kernel_limit_is_the_trackers() -> None:
    src = Path(root_jit.__file__).read_text(encoding="utf-8")
    assert f"{MAX_TICK_CYCLES!r}" in src  # 2251799813685248.0 == 2^51


# ---------------------------------------------------------------------------------------------
# Item 6: numba installed but unusable
# ---------------------------------------------------------------------------------------------


def _fresh_jit(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(root_jit, "ENABLED", True)
    monkeypatch.setattr(root_jit, "_kernel", None)
    monkeypatch.setattr(root_jit, "_broken", None)
    monkeypatch.setattr(root_jit, "_sample", root_jit._sample_impl)
    monkeypatch.setattr(root_jit, "_segment", root_jit._segment_impl)
    monkeypatch.setattr(batch_root_motion, "JIT_ENABLED", True)


def _crowd_frames(frames: int = 40) -> tuple[list[str], Any]:
    managers, _, trackers = _pair(_crowd_bytes(), 12, SPEEDS)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        for frame in range(frames):
            for m in managers:
                lite.update_animation_manager(m, STEP + (frame % 3))
    np.testing.assert_allclose(
        _positions(trackers[1]), _positions(trackers[0]), rtol=1e-12, atol=1e-12
    )
    return [getattr(w.message, "code", "") for w in caught], trackers


def _raise(exc: BaseException) -> Any:
    def f(*a: Any, **kw: Any) -> Any:
        raise exc

    return f


@pytest.mark.parametrize(
    "numba",
    [
        None,  # `import numba` raises ImportError
        SimpleNamespace(njit=_raise(RuntimeError("cannot cache function '_sample_impl'"))),
        # Compiles lazily, then fails on the first call (a cache that cannot load).
        SimpleNamespace(njit=lambda **kw: lambda f: _raise(EOFError("Ran out of input"))),
        SimpleNamespace(njit=lambda **kw: lambda f: _raise(ImportError("bad llvmlite"))),
    ],
    ids=["import-raises", "cannot-cache", "truncated-cache", "llvmlite"],
)
def test_an_unusable_numba_falls_back_once(numba: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    _fresh_jit(monkeypatch)
    monkeypatch.setitem(sys.modules, "numba", numba)
    codes, _ = _crowd_frames()
    assert codes == ["LITE-MOTION-W02"]  # once, and no error in any frame
    assert root_jit.broken() is not None
    assert root_jit.advance_rows_kernel() is None


_CHILD = textwrap.dedent(
    """
    import warnings
    warnings.simplefilter("always")
    from tests.reliability.test_root_motion_limits import _crowd_frames
    codes, trackers = _crowd_frames(30)
    print("CODES", ",".join(codes) or "-")
    """
)


def _child(env_extra: dict[str, str]) -> str:
    env = {**os.environ, **env_extra, "LITE_JIT": "1"}
    out = subprocess.run(
        [sys.executable, "-c", _CHILD], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr[-2000:]
    return next(line for line in out.stdout.splitlines() if line.startswith("CODES"))


@pytest.mark.skipif(not root_jit.ENABLED, reason="numba is not installed, or LITE_JIT=0")
def test_a_cache_dir_under_a_file_and_a_truncated_cache_fall_back(tmp_path: Path) -> None:
    a_file = tmp_path / "file"
    a_file.write_text("x")
    line = _child({"NUMBA_CACHE_DIR": str(a_file / "cache")})
    assert line in ("CODES -", "CODES LITE-MOTION-W02"), line
    cache = tmp_path / "cache"
    assert _child({"NUMBA_CACHE_DIR": str(cache)}) == "CODES -"  # compiles and caches
    files = [p for p in cache.rglob("*") if p.is_file() and p.suffix in (".nbi", ".nbc")]
    assert files
    for p in files:
        p.write_bytes(p.read_bytes()[: max(1, p.stat().st_size // 3)])
    line = _child({"NUMBA_CACHE_DIR": str(cache)})
    assert line in ("CODES -", "CODES LITE-MOTION-W02"), line  # recompiled, or fell back once
