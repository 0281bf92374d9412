"""Ahead-of-time builds of the compiled loops (lite.batch.aot): types, fallbacks, same bits."""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from lite.batch import aot, root_jit, soa_jit

needs_numba = pytest.mark.skipif(find_spec("numba") is None, reason="numba not installed")
needs_jit = pytest.mark.skipif(not root_jit.ENABLED, reason="numba is not installed or LITE_JIT=0")


@needs_numba
@pytest.mark.parametrize(
    "value",
    [
        np.zeros(3),
        np.zeros((2, 3), np.float32),
        np.zeros((4, 3), np.float32).T,
        np.zeros((4, 6))[:, ::2],
        np.zeros(5, np.intp),
        np.zeros(2, np.bool_),
        True,
        3,
        2.5,
        (np.zeros(2, np.float32), np.zeros(3, np.float32)),
        (np.zeros(2), 1),
    ],
)
def test_arg_spec_is_numbas_type(value: Any) -> None:
    import numba

    if isinstance(value, np.ndarray) and not value.flags.writeable:
        raise AssertionError("fixture arrays are writable")
    assert aot._numba_type(aot.arg_spec(value)) == numba.typeof(value)
    if isinstance(value, np.ndarray):
        value.flags.writeable = False
        assert aot._numba_type(aot.arg_spec(value)) == numba.typeof(value)


def test_arg_spec_refuses_what_it_does_not_know() -> None:
    assert aot.arg_spec([1.0]) is None
    assert aot.arg_spec(np.float32(1.0)) is None
    assert aot.arg_spec((1.0, "a")) is None
    assert aot.arg_spec(np.zeros(2, dtype=object)) is None


def _adder() -> tuple[aot.Kernel, list[int]]:
    calls: list[int] = []

    def dispatcher() -> Any:
        calls.append(1)
        return lambda a, b: a + b

    return aot.Kernel("add", (__file__,), dispatcher, returns="f"), calls


def test_without_a_cache_folder_the_dispatcher_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(aot, "cache_dir", lambda: None)
    kernel, calls = _adder()
    assert kernel(1.0, 2.0) == 3.0
    assert kernel(2.0, 2.0) == 4.0
    assert calls == [1]  # resolved once per argument types


def test_unknown_argument_types_take_the_dispatcher(monkeypatch: pytest.MonkeyPatch) -> None:
    kernel, calls = _adder()
    monkeypatch.setattr(aot.Kernel, "_build", lambda *a: pytest.fail("no build for lists"))
    assert kernel([1.0], [2.0]) == [1.0, 2.0]
    assert calls == [1]


def test_a_failed_build_is_remembered(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(aot, "cache_dir", lambda: tmp_path)
    tries: list[int] = []

    def fail(*args: Any) -> None:
        tries.append(1)
        raise OSError("no C compiler")

    monkeypatch.setattr(aot.Kernel, "_build", fail)
    kernel, calls = _adder()
    assert kernel(1.0, 2.0) == 3.0
    assert list(tmp_path.glob("*.failed"))
    again, _ = _adder()  # another process: the marker keeps it from trying again
    assert again(1.0, 2.0) == 3.0
    assert tries == [1]


def test_numba_caches_only_where_it_can(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(aot, "_can_cache", False)
    assert aot.numba_cache() is False
    monkeypatch.setattr(aot, "_can_cache", None)
    assert aot.numba_cache() in (True, False)


@needs_jit
def test_the_built_loops_give_the_dispatchers_bits() -> None:
    """The palette loop through its built module and through numba's dispatcher, on random
    matrices: the same bytes (the batch tests run the built modules against the numpy path)."""
    kernels = soa_jit.hierarchy_kernels()
    assert kernels is not None
    palette = kernels[1]
    rng = np.random.default_rng(5)
    n, c, j = 6, 7, 4
    w32 = rng.standard_normal((16, n, c)).astype(np.float32)
    joints = np.array([0, 2, 3, 5], dtype=np.intp)
    ibm = rng.standard_normal((j, 16)).astype(np.float32)
    inv = rng.standard_normal(16).astype(np.float32)
    outs = []
    for fn in (palette, soa_jit._dispatchers()["palette"], soa_jit._palette_impl):
        scratch = np.zeros((16, j, c), np.float32)
        out = np.zeros((16, j, c), np.float32)
        fn(w32, joints, ibm, inv, True, scratch, out)
        outs.append(out.tobytes())
    assert outs[0] == outs[1] == outs[2]
