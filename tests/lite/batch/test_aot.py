"""Ahead-of-time builds of the compiled loops (lite.batch.aot): types, fallbacks, same bits."""

from __future__ import annotations

import os
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


_VALUES: list[Any] = [
    np.zeros(3),
    np.zeros((2, 3), np.float32),
    np.zeros((4, 3), np.float32).T,
    np.zeros((4, 6))[:, ::2],
    np.zeros(5, np.intp),
    np.zeros(2, np.bool_),
    np.zeros(12, np.uint8)[1:9].view(np.float64),  # unaligned
    np.zeros(2, dtype=[("a", np.float64)]),
    np.zeros(2, dtype=object),
    np.zeros((2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2), np.float32),  # ndim with two digits
    np.zeros(3, "<M8[ns]"),
    True,
    3,
    2.5,
    "a",
    [1.0],
    np.float32(1.0),
    (np.zeros(2, np.float32), np.zeros(3, np.float32)),
    (np.zeros(2), 1),
    (1.0, "a"),
    ((1, 2.0), (np.zeros(1),)),
    (),
]


def test_arg_spec_is_read_off_the_call_key() -> None:
    """The per-call string and the build spec describe the same types: equal keys give equal
    specs, and different specs different keys (one table, ``_arg_key``, for both)."""
    read_only = np.zeros(3)
    read_only.flags.writeable = False
    values = [*_VALUES, read_only]
    specs = [aot.arg_spec(v) for v in values]
    keys = [aot._arg_key(v) for v in values]
    assert aot._specs_of_key("".join(keys)) == tuple(specs)
    by_key: dict[str, object] = {}
    for k, s in zip(keys, specs, strict=True):
        assert by_key.setdefault(k, s) == s
    known = [(k, s) for k, s in zip(keys, specs, strict=True) if s is not None]
    assert len({k for k, _ in known}) == len({repr(s) for _, s in known})
    assert specs[0] == ("a", "<f8", 1, "C", False)
    assert specs[-1] == ("a", "<f8", 1, "C", True)
    assert aot.arg_spec(np.zeros((4, 3), np.float32).T) == ("a", "<f4", 2, "F", False)
    assert aot.arg_spec(np.zeros((2,) * 11, np.float32))[2] == 11  # type: ignore[index]
    for refused in (6, 7, 8, 14, 15, 16, 19):
        assert specs[refused] is None, values[refused]
    assert specs[-3] == ("t", (("t", ("i", "f")), ("t", (("a", "<f8", 1, "C", False),))))
    with pytest.raises(ValueError, match="not an argument key"):
        aot._specs_of_key("(f,")


def _touch(folder: Path, name: str, mtime: int) -> Path:
    p = folder / name
    p.write_bytes(b"x")
    os.utime(p, ns=(mtime, mtime))
    return p


def test_stale_builds_of_a_loop_are_pruned(tmp_path: Path) -> None:
    sfx = aot._SUFFIX
    cur, new_other, old_other = "a" * 12, "b" * 12, "c" * 12
    keep = [
        _touch(tmp_path, f"lite_aot_world_{cur}_{'1' * 12}{sfx}", 10),  # current, old mtime
        _touch(tmp_path, f"lite_aot_world_{cur}_{'2' * 12}{sfx}", 10),
        _touch(tmp_path, f"lite_aot_world_{cur}_{'3' * 12}.failed", 10),
        _touch(tmp_path, f"lite_aot_world_{new_other}_{'1' * 12}{sfx}", 500),  # newest other
        _touch(tmp_path, f"lite_aot_world_x_{old_other}_{'1' * 12}{sfx}", 1),  # another loop
        _touch(tmp_path, f"lite_aot_frame_{old_other}_{'1' * 12}{sfx}", 1),  # another loop
        _touch(tmp_path, f"lite_aot_world_{old_other}_{'1' * 12}.txt", 1),  # not a build
    ]
    (tmp_path / "build-xyz").mkdir()  # a build in progress
    gone = [
        _touch(tmp_path, f"lite_aot_world_{old_other}_{'1' * 12}{sfx}", 100),
        _touch(tmp_path, f"lite_aot_world_{old_other}_{'2' * 12}.failed", 100),
        _touch(tmp_path, f"lite_aot_world_{'d' * 20}{sfx}", 50),  # unversioned (older names)
    ]
    removed = aot.prune_stale(tmp_path, "world", cur)
    assert sorted(removed) == sorted(gone)
    assert all(p.exists() for p in keep)
    assert not any(p.exists() for p in gone)
    assert (tmp_path / "build-xyz").is_dir()
    assert aot.prune_stale(tmp_path, "world", cur) == []  # nothing more
    # The newest other version goes once a newer one exists.
    _touch(tmp_path, f"lite_aot_world_{'e' * 12}_{'1' * 12}{sfx}", 900)
    assert aot.prune_stale(tmp_path, "world", cur) == [keep[3]]
    # Unversioned names go even when they are the newest other build.
    unversioned = _touch(tmp_path, f"lite_aot_world_{'f' * 20}{sfx}", 2000)
    assert aot.prune_stale(tmp_path, "world", cur) == [unversioned]


def test_stale_c_support_folders_are_pruned(tmp_path: Path) -> None:
    for name, mtime in (("mixins-cur", 1), ("mixins-new", 500), ("mixins-old", 100)):
        (tmp_path / name).mkdir()
        _touch(tmp_path / name, "0_modulemixin.o", mtime)
        os.utime(tmp_path / name, ns=(mtime, mtime))
    _touch(tmp_path, f"lite_aot_world_{'c' * 12}_{'1' * 12}{aot._SUFFIX}", 1)
    assert aot.prune_mixins(tmp_path, "mixins-cur") == [tmp_path / "mixins-old"]
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "lite_aot_world_cccccccccccc_111111111111" + aot._SUFFIX,
        "mixins-cur",
        "mixins-new",
    ]
    assert aot.prune_mixins(tmp_path / "missing", "mixins-cur") == []


def test_abandoned_build_folders_are_pruned(tmp_path: Path) -> None:
    now = 10_000_000.0
    old = tmp_path / "build-old"
    fresh = tmp_path / "build-fresh"
    for folder, age in ((old, aot.ABANDONED_AFTER_S + 5), (fresh, 60.0)):
        folder.mkdir()
        _touch(folder, "half.o", 1)
        os.utime(folder, (now - age, now - age))
    kept = _touch(tmp_path, f"lite_aot_world_{'c' * 12}_{'1' * 12}{aot._SUFFIX}", 1)
    assert aot.prune_abandoned(tmp_path, now) == [old]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["build-fresh", kept.name]
    assert aot.prune_abandoned(tmp_path / "missing", now) == []


def test_pruning_ignores_removal_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    sfx = aot._SUFFIX
    _touch(tmp_path, f"lite_aot_world_{'b' * 12}_{'1' * 12}{sfx}", 500)
    stale = _touch(tmp_path, f"lite_aot_world_{'c' * 12}_{'1' * 12}{sfx}", 100)

    def refuse(self: Path, missing_ok: bool = False) -> None:
        raise PermissionError(str(self))

    monkeypatch.setattr(Path, "unlink", refuse)
    assert aot.prune_stale(tmp_path, "world", "a" * 12) == []
    assert stale.exists()
    assert aot.prune_stale(tmp_path / "missing", "world", "a" * 12) == []


def test_a_build_prunes_the_loops_older_versions(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(aot, "cache_dir", lambda: tmp_path)
    sfx = aot._SUFFIX
    built: list[str] = []

    def fake_build(self: aot.Kernel, mod_name: str, spec: Any, folder: Path, path: Path) -> None:
        built.append(mod_name)
        path.write_bytes(b"not a module")  # fails to load: the dispatcher runs

    monkeypatch.setattr(aot.Kernel, "_build", fake_build)
    version = aot._machine_key((__file__,))[: aot._VERSION_CHARS]
    other = _touch(tmp_path, f"lite_aot_add_{'b' * 12}_{'1' * 12}{sfx}", 500)
    older = _touch(tmp_path, f"lite_aot_add_{'c' * 12}_{'1' * 12}{sfx}", 100)
    kernel, calls = _adder()
    assert kernel(1.0, 2.0) == 3.0
    assert calls == [1]
    assert built and built[0].startswith(f"lite_aot_add_{version}_")
    assert (tmp_path / (built[0] + sfx)).exists()
    assert other.exists()
    assert not older.exists()


@needs_numba
def test_the_c_support_code_is_compiled_once(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Modules are compiled under one inner name, so numba.pycc's C support objects are
    compiled by the first build and linked from the cache folder by the next ones."""
    import warnings

    import numba

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from numba.pycc import cc as pycc_cc

    monkeypatch.setattr(aot, "cache_dir", lambda: tmp_path)
    calls: list[int] = []
    real = pycc_cc.CC._compile_mixins

    def counting(self: Any, build_dir: str) -> Any:
        calls.append(1)
        return real(self, build_dir)

    monkeypatch.setattr(pycc_cc.CC, "_compile_mixins", counting)

    def add(a: float, b: float) -> float:
        return a + b

    jitted = numba.njit(add)
    kernel = aot.Kernel("add2", (__file__,), lambda: jitted, returns="f")
    assert kernel(1.0, 2.5) == 3.5
    assert kernel(1, 2.5) == 3.5  # other argument types: a second module
    assert calls == [1]
    assert len(list(tmp_path.glob("mixins-*"))) == 1
    assert len(list(tmp_path.glob(f"lite_aot_add2_*{aot._SUFFIX}"))) == 2
    built = list(kernel._by_key.values())
    assert len(built) == 2
    assert all(
        fn is not jitted and type(fn).__name__ == "builtin_function_or_method" for fn in built
    )
