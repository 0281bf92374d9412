"""``lite.bake_files`` on executors: serial, process pool, threads and a Dask LocalCluster give
identical arrays, rows come back in input order, and a failing file never stops the others."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import lite
from lite.bake import bake_file, bake_targets, output_name
from lite.errors import LiteError
from lite.loader_gltf import load_gltf
from tests.lite._gltf_util import FIXTURES
from tests.lite._scale_util import require_module

FIGURE = Path(lite.__file__).parent / "assets" / "figure.glb"
INPUTS = [FIGURE, FIXTURES / "rigged_figure.glb", FIXTURES / "morph_figure.gltf"]
FPS = 8.0


def _npz(path: str | Path) -> dict[str, np.ndarray]:
    with np.load(path) as z:
        return {k: z[k] for k in z.files}


def _serial(out: Path) -> dict[str, dict[str, np.ndarray]]:
    """Every clip of INPUTS baked one after the other with bake_file (no executor)."""
    out.mkdir()
    baked: dict[str, dict[str, np.ndarray]] = {}
    for path in INPUTS:
        for name, target in bake_targets(load_gltf(path), out, all_clips=True):
            written, _ = bake_file(path, target, name, FPS)
            baked[written.name] = _npz(written)
    return baked


def _rows_to_arrays(rows: list[tuple[str, str, int, str | None]]) -> dict[str, Any]:
    assert all(error is None for *_, error in rows), rows
    return {Path(out).name: _npz(out) for _, out, _, _ in rows}


def _assert_same(a: dict[str, dict[str, np.ndarray]], b: dict[str, dict[str, np.ndarray]]) -> None:
    assert sorted(a) == sorted(b)
    for name in a:
        assert sorted(a[name]) == sorted(b[name]), name
        for key, value in a[name].items():
            other = b[name][key]
            assert value.dtype == other.dtype and value.shape == other.shape, (name, key)
            assert np.array_equal(value, other), (name, key)


@pytest.fixture(scope="module")
def serial(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, np.ndarray]]:
    return _serial(tmp_path_factory.mktemp("serial") / "out")


def test_rows_come_back_in_input_order_one_per_clip(tmp_path: Path) -> None:
    rows = lite.bake_files(INPUTS, tmp_path, fps=FPS, progress=False)
    assert [(Path(i), Path(o).name, f, e) for i, o, f, e in rows] == [
        (FIGURE, "figure.walk.npz", 9, None),
        (FIXTURES / "rigged_figure.glb", "rigged_figure.Walk.npz", 9, None),
        (FIXTURES / "morph_figure.gltf", "morph_figure.Expressions.npz", 17, None),
    ]


def test_a_process_pool_gives_the_serial_arrays(
    tmp_path: Path, serial: dict[str, dict[str, np.ndarray]]
) -> None:
    rows = lite.bake_files(INPUTS, tmp_path, fps=FPS, workers=2, all_clips=True, progress=False)
    _assert_same(serial, _rows_to_arrays(rows))
    with ProcessPoolExecutor(2) as pool:  # a pool of the caller's, used and left open
        rows = lite.bake_files(
            INPUTS, tmp_path / "b", fps=FPS, executor=pool, all_clips=True, progress=False
        )
        assert pool.submit(int, "3").result() == 3
    _assert_same(serial, _rows_to_arrays(rows))


def test_a_dask_local_cluster_gives_the_serial_arrays(
    tmp_path: Path, serial: dict[str, dict[str, np.ndarray]]
) -> None:
    distributed = require_module("distributed")
    seen: list[tuple[int, int]] = []
    broken = tmp_path / "broken.glb"
    broken.write_bytes(b"glTF not really")
    files = [INPUTS[0], broken, *INPUTS[1:], tmp_path / "missing.gltf"]
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        executor = client.get_executor()
        rows = lite.bake_files(
            files,
            tmp_path / "out",
            fps=FPS,
            executor=executor,
            all_clips=True,
            progress=lambda done, total: seen.append((done, total)),
        )
        # Dask keys pure tasks by their arguments: a second call must bake again, not hand
        # back the first call's rows.
        again = tmp_path / "out" / "figure.walk.npz"
        again.unlink()
        rows_2 = lite.bake_files(
            files[:1],
            tmp_path / "out",
            fps=FPS,
            executor=executor,
            all_clips=True,
            progress=False,
        )
        assert rows_2[0][3] is None and again.is_file()
    assert seen == [(k, 5) for k in range(1, 6)]
    failed = [(Path(i).name, e) for i, _, _, e in rows if e is not None]
    assert [name for name, _ in failed] == ["broken.glb", "missing.gltf"]
    assert all(e.startswith("[LITE-GLTF-001]") for _, e in failed)
    # Input order, whatever the completion order: the figure's 5 clips, broken, rigged, ...
    assert [Path(i).name for i, *_ in rows][:7] == ["figure.glb"] * 5 + ["broken.glb"] * 1 + [
        "rigged_figure.glb"
    ]
    _assert_same(serial, _rows_to_arrays([r for r in rows if r[3] is None]))


class _FlakyExecutor(Executor):
    """Runs work inline, but refuses to submit one file and fails another's future."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        fut: Future[Any] = Future()
        if "rigged" in str(args[0]):
            raise RuntimeError("executor is shutting down")
        if "morph" in str(args[0]):
            fut.set_exception(MemoryError("worker killed"))
        else:
            fut.set_result(fn(*args, **kwargs))
        return fut


def test_an_executor_failure_is_that_files_row_only(tmp_path: Path) -> None:
    rows = lite.bake_files(INPUTS, tmp_path, fps=FPS, executor=_FlakyExecutor(), progress=False)
    assert [r[2] for r in rows] == [9, 0, 0]
    assert rows[0][3] is None
    assert rows[1][3] is not None and rows[1][3].startswith("[LITE-BAKE-013]")
    assert "RuntimeError: executor is shutting down" in rows[1][3]
    assert rows[2][3] is not None and "MemoryError: worker killed" in rows[2][3]
    assert (tmp_path / "figure.walk.npz").is_file()


def test_threads_and_progress_as_futures_complete(tmp_path: Path) -> None:
    seen: list[tuple[int, int]] = []
    with ThreadPoolExecutor(3) as pool:
        rows = lite.bake_files(
            INPUTS, tmp_path, clip=None, fps=FPS, fmt="json", executor=pool,
            progress=lambda d, t: seen.append((d, t)),
        )  # fmt: skip
    assert seen == [(1, 3), (2, 3), (3, 3)]
    doc = json.loads(Path(rows[0][1]).read_text(encoding="utf-8"))
    assert doc["clip"] == "walk" and doc["frame_count"] == 9


def test_progress_true_counts_on_a_terminal_only(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lite.bake_files(INPUTS[:1], tmp_path, fps=FPS)  # stderr is captured: not a terminal
    assert capsys.readouterr().err == ""


def test_no_files_is_no_work(tmp_path: Path) -> None:
    assert lite.bake_files([], tmp_path / "o", progress=False) == []
    assert (tmp_path / "o").is_dir()


@pytest.mark.parametrize(
    ("kwargs", "code", "name"),
    [
        ({"paths": "a.glb"}, "LITE-BAKE-001", "paths"),
        ({"paths": [b"a.glb"]}, "LITE-BAKE-001", "paths"),
        ({"out_dir": None}, "LITE-BAKE-002", "out_dir"),
        ({"clip": 3}, "LITE-BAKE-003", "clip"),
        ({"fmt": "hdf5"}, "LITE-BAKE-004", "fmt"),
        ({"executor": os}, "LITE-BAKE-005", "executor"),
        ({"workers": 0}, "LITE-BAKE-006", "workers"),
        ({"workers": 2, "executor": ThreadPoolExecutor(1)}, "LITE-BAKE-007", "workers"),
        ({"progress": "yes"}, "LITE-BAKE-008", "progress"),
        ({"overwrite": None}, "LITE-BAKE-012", "overwrite"),
        ({"fps": 0}, "LITE-ANIM-020", "fps"),
        ({"paths": [FIGURE, FIXTURES / "figure.gltf"]}, "LITE-CLI-012", "paths"),
    ],
)
def test_bad_arguments_are_refused_before_any_work(
    tmp_path: Path, kwargs: dict[str, Any], code: str, name: str
) -> None:
    call: dict[str, Any] = {"paths": [FIGURE], "out_dir": tmp_path / "out", "progress": False}
    call.update(kwargs)
    paths, out_dir = call.pop("paths"), call.pop("out_dir")
    with pytest.raises(LiteError) as exc:
        lite.bake_files(paths, out_dir, **call)
    assert (exc.value.code, exc.value.input_name) == (code, name)
    assert exc.value.hint
    assert not (tmp_path / "out").exists()


def test_the_signature_is_the_documented_one() -> None:
    import inspect

    params = inspect.signature(lite.bake_files).parameters
    assert list(params)[:8] == [
        "paths", "out_dir", "clip", "fps", "fmt", "executor", "workers", "progress",
    ]  # fmt: skip
    assert [params[p].default for p in list(params)[2:8]] == [None, 60.0, "npz", None, None, True]
    assert all(params[p].kind is inspect.Parameter.KEYWORD_ONLY for p in list(params)[2:])


def _iter_names(rows: list[tuple[str, str, int, str | None]]) -> Iterator[str]:
    return (Path(o).name for _, o, _, _ in rows)


def test_outputs_are_named_as_output_name_says(tmp_path: Path) -> None:
    rows = lite.bake_files([FIGURE], tmp_path, clip="wave", fps=FPS, fmt="glb", progress=False)
    assert list(_iter_names(rows)) == [output_name(FIGURE, "wave", "glb")]
