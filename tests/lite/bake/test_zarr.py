"""Zarr stores of a bake: the npz's arrays (names, shapes, dtypes, values), ``meta`` as
attributes, chunked along frames, written whole or not at all by many writers at once."""

from __future__ import annotations

import json
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest

import lite
from lite.bake import bake_clip, save_baked
from lite.bake.zarr import frame_chunk, write_zarr
from lite.errors import LiteError
from lite.loader_gltf import load_gltf
from tests.lite._gltf_util import FIXTURES
from tests.lite._scale_util import require_module

FIGURE = Path(lite.__file__).parent / "assets" / "figure.glb"


@pytest.mark.parametrize(
    ("path", "clip"),
    [(FIGURE, "tint"), (FIGURE, "walk"), (FIXTURES / "morph_figure.gltf", "Talk")],
)
def test_a_store_holds_the_npz_arrays_and_meta(tmp_path: Path, path: Path, clip: str) -> None:
    zarr = require_module("zarr")
    baked = bake_clip(load_gltf(path), clip, fps=30)
    npz = save_baked(baked, tmp_path / "b.npz")
    store = save_baked(baked, tmp_path / "b.zarr")
    group = zarr.open_group(str(store), mode="r")
    with np.load(npz) as z:
        names = sorted(z.files)
        meta = json.loads(str(z["meta"]))
        assert sorted(group.array_keys()) == sorted(n for n in names if n != "meta")
        for name in names:
            if name == "meta":
                continue
            want, got = z[name], group[name][...]
            assert (got.dtype, got.shape) == (want.dtype, want.shape), name
            assert np.array_equal(got, want), name
    assert dict(group.attrs) == meta
    frames = baked.frame_count
    assert group["times"].chunks == (frame_chunk(30, frames),)
    assert group["world_matrices"].chunks == (
        frame_chunk(30, frames),
        *baked.world_matrices.shape[1:],
    )
    assert group["node_names"].chunks == group["node_names"].shape


def test_a_slice_reads_only_its_chunks(tmp_path: Path) -> None:
    zarr = require_module("zarr")
    baked = bake_clip(load_gltf(FIGURE), "tint", fps=10)  # 3 s: 31 frames, chunks of 10
    store = save_baked(baked, tmp_path / "tint.zarr", "zarr")
    group = zarr.open_group(str(store), mode="r")
    chunk_files = sorted(p.name for p in (store / "translation").iterdir() if p.name[0] != ".")
    assert chunk_files == ["0.0.0", "1.0.0", "2.0.0", "3.0.0"]
    for name in chunk_files[1:]:
        (store / "translation" / name).unlink()  # only the first chunk is needed below
    np.testing.assert_array_equal(group["translation"][2:7], baked.translation[2:7])


def test_many_writers_write_whole_stores(tmp_path: Path) -> None:
    require_module("zarr")
    baked = bake_clip(load_gltf(FIGURE), "wave", fps=20)
    targets = [tmp_path / f"w{k}.zarr" for k in range(8)] + [tmp_path / "w0.zarr"] * 4
    with ThreadPoolExecutor(6) as pool:
        list(pool.map(lambda t: save_baked(baked, t, "zarr"), targets))
    assert sorted(p.name for p in tmp_path.iterdir()) == [f"w{k}.zarr" for k in range(8)]
    zarr = require_module("zarr")
    for k in range(8):
        got = zarr.open_group(str(tmp_path / f"w{k}.zarr"), mode="r")["rotation"][...]
        assert np.array_equal(got, baked.rotation)


def test_writers_racing_for_one_store_all_succeed_and_leave_one_whole_store(
    tmp_path: Path,
) -> None:
    # Twelve writers of one path, ten rounds: a writer whose rename fails because ``out`` is
    # there, and finds it gone a moment later (another writer moved it aside), tries again.
    zarr = require_module("zarr")
    baked = bake_clip(load_gltf(FIGURE), "wave", fps=20)
    for round_ in range(10):
        folder = tmp_path / f"r{round_}"
        folder.mkdir()
        with ThreadPoolExecutor(6) as pool:
            list(pool.map(lambda t: save_baked(baked, t, "zarr"), [folder / "w.zarr"] * 12))
        assert [p.name for p in folder.iterdir()] == ["w.zarr"]
        got = zarr.open_group(str(folder / "w.zarr"), mode="r")["rotation"][...]
        assert np.array_equal(got, baked.rotation)


def test_bake_files_writes_one_store_per_output(tmp_path: Path) -> None:
    zarr = require_module("zarr")
    rows = lite.bake_files(
        [FIGURE, FIXTURES / "rigged_figure.glb"], tmp_path, fps=10, fmt="zarr", progress=False
    )
    assert [Path(o).name for _, o, _, _ in rows] == ["figure.walk.zarr", "rigged_figure.Walk.zarr"]
    assert zarr.open_group(rows[1][1], mode="r").attrs["clip"] == "Walk"


def test_without_zarr_the_format_is_refused_with_the_extra_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "zarr", None)  # import zarr raises ImportError
    for call in (
        lambda: lite.bake_files([FIGURE], tmp_path / "o", fmt="zarr", progress=False),
        lambda: write_zarr(tmp_path / "x.zarr", {}, {}, 1),
    ):
        with pytest.raises(LiteError) as exc:
            call()
        assert exc.value.code == "LITE-BAKE-009"
        assert "lite-anim[scale]" in str(exc.value)
    assert list(tmp_path.iterdir()) == []
