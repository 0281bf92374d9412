"""Bakes never destroy a good output (issue 27, items 1, 2, 4 and 12).

Every format is written to a temporary file in the destination folder and renamed over the
final name only when complete: a full disk, a SIGKILL mid-write or eight concurrent writers
leave the previous output or a new whole one, byte for byte, never a torn one. A worker that
dies does not fail the other files; paths that are not folders are refused before any work;
messages listing clips are bounded. Bound by counts, never by wall-clock time.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import signal
import subprocess
import sys
import textwrap
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace
from typing import Any, BinaryIO

import numpy as np
import pytest

import lite
import lite.bake._atomic as atomic
import lite.bake.executors as bake_mod
from lite.bake import BAKE_FORMATS, BakedClip, bake_clip, bake_files, output_name, save_baked
from lite.bake.sampling import find_clip_group
from lite.errors import MAX_MESSAGE_CHARS, LiteError
from lite.loader_gltf import load_gltf

FIGURE = Path(lite.__file__).parent / "assets" / "figure.glb"
ROOT = Path(__file__).resolve().parents[2]
FPS = 6.0


@pytest.fixture(scope="module")
def walk() -> BakedClip:
    return bake_clip(load_gltf(FIGURE), "walk", FPS)


@pytest.fixture(scope="module")
def run() -> BakedClip:
    return bake_clip(load_gltf(FIGURE), "run", FPS)


def _snapshot(path: Path) -> bytes | dict[str, bytes]:
    """The bytes of a file, or of every file of a store (zarr is a folder)."""
    if path.is_dir():
        return {
            str(p.relative_to(path)): p.read_bytes() for p in sorted(path.rglob("*")) if p.is_file()
        }
    return path.read_bytes()


def _leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("."))


class _FullDisk:
    """A file that takes ``room`` bytes, then raises ENOSPC (the rest of a write is lost)."""

    def __init__(self, fh: BinaryIO, room: int) -> None:
        self._fh = fh
        self._room = room

    def write(self, data: Any) -> int:
        view = memoryview(data).cast("B")
        if len(view) > self._room:
            self._fh.write(view[: self._room])
            self._room = 0
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        self._room -= len(view)
        return self._fh.write(view)

    def __enter__(self) -> _FullDisk:
        return self

    def __exit__(self, *exc: object) -> None:
        self._fh.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._fh, name)


@pytest.mark.parametrize("fmt", ["npz", "json", "glb"])
@pytest.mark.parametrize("share", [0.0, 0.3, 0.9])
def test_full_disk_keeps_the_previous_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, walk: Any, run: Any, fmt: str, share: float
) -> None:
    out = tmp_path / f"figure.clip.{fmt}"
    save_baked(run, out, fmt)  # type: ignore[arg-type]  # the shorter clip: the old file
    before = out.read_bytes()
    probe = tmp_path / "probe" / out.name
    probe.parent.mkdir()
    size = save_baked(walk, probe, fmt).stat().st_size  # type: ignore[arg-type]
    room = int(share * size)  # the disk fills after this share of the new file
    real = os.fdopen
    monkeypatch.setattr(atomic.os, "fdopen", lambda fd, mode: _FullDisk(real(fd, mode), room))
    with pytest.raises(OSError, match="No space") as info:
        save_baked(walk, out, fmt)  # type: ignore[arg-type]
    assert info.value.errno == errno.ENOSPC
    assert out.read_bytes() == before  # byte for byte
    assert _leftovers(tmp_path) == []  # the temporary file is removed
    assert sorted(p.name for p in tmp_path.iterdir()) == [out.name, "probe"]


def test_full_disk_row_has_a_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    rows = bake_files(
        [FIGURE], out, clip="walk", fps=FPS, progress=False, executor=ThreadPoolExecutor(1)
    )
    target = Path(rows[0][1])
    before = target.read_bytes()
    real = os.fdopen
    monkeypatch.setattr(atomic.os, "fdopen", lambda fd, mode: _FullDisk(real(fd, mode), 500))
    rows = bake_files(
        [FIGURE], out, clip="walk", fps=FPS, progress=False, executor=ThreadPoolExecutor(1)
    )
    (error,) = [r[3] for r in rows]
    assert error is not None and error.startswith("[LITE-BAKE-014]") and "ENOSPC" in error
    assert "[Errno" not in error
    assert target.read_bytes() == before


def test_zarr_failure_keeps_the_previous_store(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, walk: Any, run: Any
) -> None:
    pytest.importorskip("zarr")
    out = tmp_path / "figure.clip.zarr"
    save_baked(walk, out, "zarr")
    before = _snapshot(out)

    def fail(tmp: Path, final: Path) -> None:  # the store is complete; the disk fills now
        raise OSError(errno.ENOSPC, "full")

    monkeypatch.setattr(sys.modules["lite.bake.zarr"], "move_into_place", fail)
    with pytest.raises(OSError, match="full"):
        save_baked(run, out, "zarr")
    assert _snapshot(out) == before and _leftovers(tmp_path) == []


_KILL_CHILD = textwrap.dedent(
    """
    import os, sys
    import lite.bake._atomic as atomic
    from lite.bake import bake_clip, save_baked
    from lite.loader_gltf import load_gltf

    out, fmt, room = sys.argv[1], sys.argv[2], int(sys.argv[3])
    real = os.fdopen

    class Stall:
        # writes room bytes, then says so and waits to be killed (mid-write, by count)
        def __init__(self, fh):
            self.fh, self.room = fh, room
        def write(self, data):
            view = memoryview(data).cast("B")
            if len(view) >= self.room:
                self.fh.write(view[: self.room]); self.fh.flush()
                print("mid", flush=True); sys.stdin.read(); os._exit(3)
            self.room -= len(view)
            return self.fh.write(view)
        def __enter__(self): return self
        def __exit__(self, *a): self.fh.close()
        def __getattr__(self, name): return getattr(self.fh, name)

    atomic.os.fdopen = lambda fd, mode: Stall(real(fd, mode))
    save_baked(bake_clip(load_gltf(sys.argv[4]), "run", 6.0), out, fmt)
    """
)


@pytest.mark.parametrize(
    ("fmt", "share"), [("npz", 0.0), ("npz", 0.5), ("npz", 0.99), ("json", 0.5), ("glb", 0.5)]
)
def test_sigkill_mid_write_leaves_the_old_file(
    tmp_path: Path, walk: Any, run: Any, fmt: str, share: float
) -> None:
    out = tmp_path / f"figure.clip.{fmt}"
    probe = tmp_path / "probe" / out.name
    probe.parent.mkdir()
    room = max(1, int(share * save_baked(run, probe, fmt).stat().st_size))  # type: ignore[arg-type]
    save_baked(walk, out, fmt)  # type: ignore[arg-type]
    before = out.read_bytes()
    child = subprocess.Popen(
        [sys.executable, "-c", _KILL_CHILD, str(out), fmt, str(room), str(FIGURE)],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert child.stdout is not None
    assert child.stdout.readline().strip() == "mid"  # the child is inside the write
    child.send_signal(signal.SIGKILL)
    child.wait()
    assert child.returncode == -signal.SIGKILL
    assert out.read_bytes() == before  # the old file, whole
    if fmt == "npz":
        with np.load(out) as z:
            assert json.loads(str(z["meta"]))["clip"] == "walk"
    # The killed writer's temporary file is the only trace, under a dot name.
    assert all(n.endswith(".tmp") for n in _leftovers(tmp_path))


_STATE: dict[str, Any] = {}


def _write_many(i: int) -> int:
    clips = _STATE["clips"]
    for k in range(3):
        save_baked(clips[(i + k) % len(clips)], _STATE["out"], _STATE["fmt"])
    return i


@pytest.mark.parametrize("fmt", ["npz", "json"])
def test_eight_concurrent_writers_leave_a_loadable_file(
    tmp_path: Path, walk: Any, run: Any, fmt: str
) -> None:
    out = tmp_path / f"figure.clip.{fmt}"
    _STATE.update(clips=[walk, run], out=out, fmt=fmt)
    expected = set()
    for clip in (walk, run):
        save_baked(clip, out, fmt)  # type: ignore[arg-type]
        expected.add(out.read_bytes())
    with ProcessPoolExecutor(8) as pool:
        assert sorted(pool.map(_write_many, range(8))) == list(range(8))
    assert out.read_bytes() in expected  # one writer's whole file
    assert _leftovers(tmp_path) == []


# ---------------------------------------------------------------------------------------------
# Item 2: a dead worker
# ---------------------------------------------------------------------------------------------


def _inputs(folder: Path, n: int) -> list[Path]:
    folder.mkdir()
    paths = []
    for i in range(n):
        p = folder / f"f{i:02d}.glb"
        shutil.copyfile(FIGURE, p)
        paths.append(p)
    return paths


_BAKED_IN_THIS_PROCESS = [0]


def _dying_bake(flag: Path, after: int, poison: str | None) -> Any:
    real = bake_mod.bake_clip

    def bake(asset: Any, clip: Any, fps: float, **kw: Any) -> Any:
        _BAKED_IN_THIS_PROCESS[0] += 1
        if poison is not None and Path(asset.source).stem == poison:
            os._exit(9)
        if poison is None and _BAKED_IN_THIS_PROCESS[0] > after:
            try:  # only the first worker to get there dies (by count, once)
                os.close(os.open(flag, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
            except FileExistsError:
                pass
            else:
                os._exit(9)
        return real(asset, clip, fps, **kw)

    return bake


def test_one_dead_worker_fails_no_other_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = _inputs(tmp_path / "in", 8)
    # Forked workers inherit the patch: the first worker to bake its 3rd clip dies.
    monkeypatch.setattr(bake_mod, "bake_clip", _dying_bake(tmp_path / "died", 2, None))
    rows = bake_files(paths, tmp_path / "out", clip="walk", fps=FPS, workers=2, progress=False)
    assert (tmp_path / "died").exists()  # a worker did die
    assert [r[3] for r in rows] == [None] * 8
    for _, out, frames, _ in rows:
        with np.load(out) as z:
            assert z["times"].shape[0] == frames > 0


def test_the_file_that_kills_its_worker_gets_its_own_row(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    paths = _inputs(tmp_path / "in", 6)
    monkeypatch.setattr(bake_mod, "bake_clip", _dying_bake(tmp_path / "x", 0, "f03"))
    rows = bake_files(paths, tmp_path / "out", clip="walk", fps=FPS, workers=2, progress=False)
    errors = {Path(r[0]).stem: r[3] for r in rows}
    bad = errors.pop("f03")
    assert bad is not None and bad.startswith("[LITE-BAKE-013]") and "alone" in bad
    assert errors == {f"f{i:02d}": None for i in range(6) if i != 3}


def _die_after_two(path: str, out: str, run_id: str) -> None:
    calls = [0]
    real = bake_mod.bake_clip

    def bake(*a: Any, **kw: Any) -> Any:
        calls[0] += 1
        if calls[0] > 2:
            os._exit(9)
        return real(*a, **kw)

    bake_mod.bake_clip = bake  # type: ignore[assignment]
    bake_mod._bake_worker(path, out, None, True, FPS, "npz", False, run_id)


def test_a_retried_item_owns_what_its_dead_attempt_wrote(tmp_path: Path) -> None:
    """What Dask does when a worker dies: the same task (same run id) runs again."""
    import multiprocessing

    out = tmp_path / "out"
    out.mkdir()
    proc = multiprocessing.get_context("fork").Process(
        target=_die_after_two, args=(str(FIGURE), str(out), "run-1")
    )
    proc.start()
    proc.join()
    assert proc.exitcode == 9
    assert len(list(out.glob("figure.*.npz"))) == 2  # the dead attempt wrote two clips
    rows = bake_mod._bake_worker(str(FIGURE), str(out), None, True, FPS, "npz", False, "run-1")
    assert [r[3] for r in rows] == [None] * 5  # the retry bakes all five, no LITE-CLI-011
    assert _leftovers(out) == []  # its claim is gone
    # Another call (another run id) still refuses the existing outputs.
    rows = bake_mod._bake_worker(str(FIGURE), str(out), None, True, FPS, "npz", False, "run-2")
    assert len(rows) == 1 and rows[0][3] is not None and "[LITE-CLI-011]" in rows[0][3]


# ---------------------------------------------------------------------------------------------
# Item 4: output paths
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", BAKE_FORMATS)
def test_a_planted_link_is_replaced_not_written_through(tmp_path: Path, fmt: str) -> None:
    if fmt == "zarr":
        pytest.importorskip("zarr")
    out = tmp_path / "out"
    out.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"precious")
    link = out / output_name(FIGURE, "walk", fmt)  # type: ignore[arg-type]
    link.symlink_to(victim)
    rows = bake_files(
        [FIGURE],
        out,
        clip="walk",
        fps=FPS,
        fmt=fmt,  # type: ignore[arg-type]
        executor=ThreadPoolExecutor(1),
        progress=False,
    )
    assert rows[0][3] is None
    assert victim.read_bytes() == b"precious"
    assert not link.is_symlink() and link.exists()


def _bad_dirs(tmp: Path) -> Iterator[Path]:
    a_file = tmp / "file"
    a_file.write_text("x")
    yield a_file
    yield a_file / "under"
    dangling = tmp / "dangling"
    dangling.symlink_to(tmp / "nowhere")
    yield dangling


def test_an_output_folder_that_is_not_a_folder_is_refused_before_work(tmp_path: Path) -> None:
    for bad in _bad_dirs(tmp_path):
        with pytest.raises(LiteError) as info:
            bake_files([FIGURE], bad, progress=False, executor=ThreadPoolExecutor(1))
        assert info.value.code == "LITE-BAKE-002", bad
    assert not (tmp_path / "nowhere").exists()


@pytest.mark.parametrize("fmt", BAKE_FORMATS)
def test_a_240_character_clip_name_bakes_in_every_format(
    tmp_path: Path, walk: Any, fmt: str
) -> None:
    if fmt == "zarr":
        pytest.importorskip("zarr")
    name = output_name(FIGURE, "c" * 240, fmt)  # type: ignore[arg-type]
    assert len(name.encode()) <= atomic.NAME_MAX
    written = save_baked(walk, tmp_path / name, fmt)  # type: ignore[arg-type]
    assert written.exists() and _leftovers(tmp_path) == []


def test_temporary_names_fit_name_max() -> None:
    for n in (1, 200, 255):
        assert len(atomic.temp_path(Path("x" * n)).name.encode()) <= atomic.NAME_MAX
    assert len(atomic.temp_path(Path("é" * 127)).name.encode()) <= atomic.NAME_MAX


# ---------------------------------------------------------------------------------------------
# Item 12: bounded messages
# ---------------------------------------------------------------------------------------------


def test_no_clip_named_lists_a_bounded_number_of_clips() -> None:
    groups = [SimpleNamespace(name=f"clip_{i:05d}_" + "x" * 40) for i in range(20_000)]
    asset = SimpleNamespace(animation_groups=groups, source="many.glb")
    with pytest.raises(LiteError) as info:
        find_clip_group(asset, "y" * 100_000)  # type: ignore[arg-type]
    assert info.value.code == "LITE-STATE-041"
    assert len(str(info.value)) < 1200
    assert "and 19992 more" in str(info.value)


def test_every_lite_error_message_is_bounded() -> None:
    err = LiteError("LITE-X-001", "m" * 10**6, hint="h" * 10**6)
    assert len(str(err)) < 2 * MAX_MESSAGE_CHARS + 200
