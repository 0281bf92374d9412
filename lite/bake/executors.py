"""bake_files: many files baked on any concurrent.futures executor, one work item per file.

Not a port: Babylon Lite has no baking tool. A work item is a path and the options
(:func:`_bake_worker`, imported by the workers themselves); the worker loads, bakes and writes,
and sends back one short row per output. The default executor is a local process pool whose
files are retried in a fresh pool (then alone) when a dying worker breaks it. See
``docs/bake.md``.
"""

from __future__ import annotations

import errno
import os
import sys
import uuid
import warnings
from collections.abc import Iterable, Sequence
from concurrent.futures import BrokenExecutor, Executor, Future, ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import TYPE_CHECKING

from lite.bake.files import bake_targets, refuse_existing, write_failure
from lite.bake.sampling import bake_clip, frame_times
from lite.bake.types import (
    MAX_BAKE_WORKERS,
    BakeFormat,
    BakeResult,
    FileProgress,
    bake_error,
    check_format,
)
from lite.bake.writers import save_baked
from lite.bake.zarr import require_zarr
from lite.errors import LiteError, integer, short_repr
from lite.loader_gltf import load_gltf

if TYPE_CHECKING:
    pass

__all__ = ["bake_files"]


def _bake_worker(
    path: str,
    out_dir: str,
    clip: str | None,
    all_clips: bool,
    fps: float,
    fmt: BakeFormat,
    overwrite: bool,
    run_id: str = "",
) -> list[BakeResult]:
    """One work item of :func:`bake_files` (a path and options, run on any executor's worker):
    never raises for bad input, returns the one-line reason instead.

    Every output of the file is checked before the first is written, so a refused file
    writes nothing. ``run_id`` is unique per ``bake_files`` call: executors that key work by
    its arguments (Dask's, whose ``submit`` is ``pure`` by default) would otherwise hand a
    second call the first call's rows without baking again. With ``overwrite=False`` it also
    names the claim this item leaves in ``out_dir`` while it writes (:func:`_claim_path`): an
    attempt that died (a worker killed, the task retried by Dask or by the local pool's
    retry) leaves its claim, so the retry recognises the outputs that attempt wrote as its
    own instead of refusing them with ``LITE-CLI-011``."""
    rows: list[BakeResult] = []
    target = out_dir
    claim: Path | None = None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            asset = load_gltf(path)
            pairs = bake_targets(asset, out_dir, clip, fmt, all_clips=all_clips)
            if not overwrite:
                claim = _claim_path(out_dir, path, run_id)
                if not os.path.lexists(claim):
                    refuse_existing(t for _, t in pairs)
                    target = str(claim)
                    claim.touch()
            for k, (name, out) in enumerate(pairs):
                target = str(out)
                # Each clip starts from the file's rest pose, as a bake of that clip alone does.
                source = asset if k == 0 else load_gltf(path)
                baked = bake_clip(source, name, fps)
                rows.append((path, str(save_baked(baked, out, fmt)), baked.frame_count, None))
    except LiteError as exc:
        return [*rows, (path, target, 0, str(exc))]
    except OSError as exc:
        return [*rows, (path, target, 0, str(write_failure(target, exc)))]
    finally:
        if claim is not None:
            claim.unlink(missing_ok=True)
    return rows


def _claim_path(out_dir: str, path: str, run_id: str) -> Path:
    """The claim a ``bake_files`` work item holds in ``out_dir`` while writing ``path``'s
    outputs with ``overwrite=False``: ``.<stem>.<run_id>.claim`` (stems are unique per call)."""
    stem = Path(path).stem.encode("utf-8", "surrogateescape")[:180].decode("utf-8", "ignore")
    return Path(out_dir) / f".{stem}.{run_id[:32] or 'local'}.claim"


def _text_path(value: object) -> bool:
    return isinstance(value, str | os.PathLike) and "\0" not in os.fspath(value)


def _check_bake_files_args(
    paths: object,
    out_dir: object,
    clip: object,
    fps: object,
    fmt: object,
    executor: object,
    workers: object,
    progress: object,
    all_clips: object,
    overwrite: object,
) -> tuple[list[str], BakeFormat, int | None]:
    """Every argument of :func:`bake_files` checked before any work: (paths, fmt, workers)."""
    if isinstance(paths, str | bytes | os.PathLike) or not isinstance(paths, Iterable):
        raise bake_error(
            "LITE-BAKE-001",
            f"paths must be a list of file paths, got {type(paths).__name__} {paths!r:.60}",
            "pass a list, e.g. bake_files(['a.glb', 'b.glb'], 'baked')",
            "paths",
        )
    items = list(paths)
    for i, p in enumerate(items):
        if not _text_path(p) or isinstance(p, bytes):
            raise bake_error(
                "LITE-BAKE-001",
                f"paths[{i}] must be a str or os.PathLike file path, got {p!r:.60}",
                "pass each file as a str or pathlib.Path (no NUL character)",
                "paths",
            )
    if not _text_path(out_dir) or isinstance(out_dir, bytes):
        raise bake_error(
            "LITE-BAKE-002",
            f"out_dir must be a folder path (str or os.PathLike), got {out_dir!r:.60}",
            "pass e.g. out_dir='baked'",
            "out_dir",
        )
    if clip is not None and not isinstance(clip, str):
        raise bake_error(
            "LITE-BAKE-003",
            f"clip must be a clip name (str) or None, got {type(clip).__name__}",
            "pass clip=None for each file's first clip, or a name",
            "clip",
        )
    frame_times(0.0, fps)  # type: ignore[arg-type]  # LITE-ANIM-020 for a bad fps
    fmt_ = check_format(fmt, "fmt")
    if executor is not None and not isinstance(executor, Executor):
        raise bake_error(
            "LITE-BAKE-005",
            f"executor must be a concurrent.futures.Executor or None, got "
            f"{type(executor).__name__}",
            "pass e.g. ThreadPoolExecutor(), dask's client.get_executor(), or None",
            "executor",
        )
    n_workers = None if workers is None else integer(workers)
    if workers is not None and (n_workers is None or not 1 <= n_workers <= MAX_BAKE_WORKERS):
        raise bake_error(
            "LITE-BAKE-006",
            f"workers must be an integer in [1, {MAX_BAKE_WORKERS}] or None, got {workers!r}",
            "pass e.g. workers=4, or None for one per CPU",
            "workers",
        )
    if executor is not None and workers is not None:
        raise bake_error(
            "LITE-BAKE-007",
            f"workers={workers!r} sizes the local process pool, but an executor was given",
            "size the executor itself, and leave workers=None",
            "workers",
        )
    if not isinstance(progress, bool) and not callable(progress):
        raise bake_error(
            "LITE-BAKE-008",
            f"progress must be True, False or a callable(done, total), got {progress!r:.60}",
            "pass progress=False for none",
            "progress",
        )
    for name, flag in (("all_clips", all_clips), ("overwrite", overwrite)):
        if not isinstance(flag, bool):
            raise bake_error(
                "LITE-BAKE-012",
                f"{name} must be True or False, got {flag!r:.60}",
                f"pass {name}=True or {name}=False",
                name,
            )
    if fmt_ == "zarr":
        require_zarr()
    return [os.fspath(p) for p in items], fmt_, n_workers


class _CountOnStderr:
    """``progress=True`` of :func:`bake_files`: ``bake: 3/10 files`` on stderr when it is a
    terminal (the library draws no bar; ``lite-anim bake`` shows a tqdm one)."""

    def __init__(self) -> None:
        self._shown = sys.stderr.isatty()

    def __call__(self, done: int, total: int) -> None:
        if self._shown:
            end = "\n" if done == total else ""
            print(f"\rbake: {done}/{total} files", end=end, file=sys.stderr, flush=True)


def _failed_row(
    path: str, out_root: Path, exc: BaseException, retried: bool = False
) -> list[BakeResult]:
    """The row of a file whose work item raised on the executor (not a bake error)."""
    reason = f"{type(exc).__name__}: {exc}".strip().splitlines()[0][:300]
    if retried and isinstance(exc, BrokenExecutor):
        reason += "; its worker process died while baking it, also when retried alone in a "
        reason += "fresh process"
    error = LiteError(
        "LITE-BAKE-013",
        f"{short_repr(path, 300)}: the work item failed on the executor ({reason})",
        hint="check that every worker can import lite and has enough memory; "
        "bake the file alone to see the error",
        input_name="paths",
    )
    return [(path, str(out_root), 0, str(error))]


def bake_files(
    paths: Sequence[str | os.PathLike[str]],
    out_dir: str | os.PathLike[str],
    *,
    clip: str | None = None,
    fps: float = 60.0,
    fmt: BakeFormat = "npz",
    executor: Executor | None = None,
    workers: int | None = None,
    progress: bool | FileProgress = True,
    all_clips: bool = False,
    overwrite: bool = True,
) -> list[BakeResult]:
    """Bake many files on an executor: a local process pool, or a distributed engine.

    Each file is one small work item (its path and the options) submitted to ``executor``;
    the worker loads the file, bakes it and writes its outputs into ``out_dir`` itself, and
    sends back one short row per output. Each clip baked from input ``a/b/name.glb`` is
    written to ``out_dir/name.<clip>.<fmt>`` (:func:`output_name`).

    Parameters
    ----------
    paths
        The glTF / GLB files (a list; paths as the workers see them).
    out_dir
        Output folder (created). With a multi-machine executor it must be a folder every
        worker can write (a shared file system): the workers write the outputs there.
    clip
        The clip to bake from each file; default each file's first clip.
    fps
        Samples per second.
    fmt
        ``"npz"``, ``"json"``, ``"zarr"`` (one store per output, needs the ``scale`` extra)
        or ``"glb"`` (the asset with the baked clip as its animation).
    executor
        Any :class:`concurrent.futures.Executor`: a ``ProcessPoolExecutor``, a
        ``ThreadPoolExecutor``, or a ``dask.distributed`` client's ``client.get_executor()``.
        It is used, not shut down. Default: a local process pool of ``workers`` processes.
    workers
        Process count of the default pool; default ``min(len(paths), os.cpu_count())``.
        Refused with an ``executor`` (which has its own workers).
    progress
        True: ``bake: i/n files`` on stderr when it is a terminal; False: nothing; a callable:
        called as ``progress(done, total)`` each time a file finishes (in completion order),
        e.g. to advance a tqdm bar (``lite-anim bake`` does).
    all_clips
        Bake every clip of each file (``clip`` is then ignored).
    overwrite
        False: a file with an output that already exists is refused (``LITE-CLI-011`` in its
        row) and writes nothing; the other files are baked.

    Returns
    -------
    list of (input, output, frame count, error or None)
        One row per written output, in input order (whatever the completion order); a file
        that failed, in the bake or on the executor (``LITE-BAKE-013``), has a row with its
        one-line reason and 0 frames, an output that could not be written a
        ``LITE-BAKE-014`` row (the previous output is kept). A failing file never stops the
        others: on the default pool, the files of a pool broken by a dying worker are
        retried in a fresh pool, then alone (see ``docs/bake.md``).

    Raises
    ------
    LiteError
        Before any work: ``LITE-BAKE-001`` .. ``008``, ``012`` for a bad argument
        (``LITE-BAKE-002`` also for an ``out_dir`` that is a file, under a file, a dangling
        link, or cannot be created or written),
        ``LITE-ANIM-020`` for a bad ``fps``, ``LITE-BAKE-009`` for zarr without the zarr
        package, ``LITE-CLI-012`` when two inputs have the same file stem (their outputs
        would share names).

    Examples
    --------
    >>> import tempfile
    >>> from concurrent.futures import ThreadPoolExecutor
    >>> from lite.assets import DEFAULT_FIGURE
    >>> with tempfile.TemporaryDirectory() as out, ThreadPoolExecutor(2) as pool:
    ...     rows = bake_files([DEFAULT_FIGURE], out, clip="run", fps=10, executor=pool,
    ...                       progress=False)
    >>> [(Path(o).name, frames, error) for _, o, frames, error in rows]
    [('figure.run.npz', 7, None)]
    """
    files, fmt_, n_workers = _check_bake_files_args(
        paths, out_dir, clip, fps, fmt, executor, workers, progress, all_clips, overwrite
    )
    out_root = Path(out_dir)
    seen: dict[str, str] = {}
    for p in files:
        stem = Path(p).stem
        if stem in seen:
            raise bake_error(
                "LITE-CLI-012",
                f"{seen[stem]} and {p} would both be written to {out_root / stem}.*.{fmt_}",
                "bake files with different names, or each into its own out_dir",
                "paths",
            )
        seen[stem] = p
    on_done: FileProgress | None
    if progress is True:
        on_done = _CountOnStderr()
    elif progress is False:
        on_done = None
    else:
        on_done = progress
    _prepare_out_dir(out_root)
    if not files:
        return []
    run = _Run(files, out_root, clip, all_clips, float(fps), fmt_, overwrite, on_done)
    if executor is not None:
        run.collect(executor, range(len(files)), retry=False)
        return run.rows()
    size = n_workers if n_workers is not None else min(len(files), os.cpu_count() or 1)
    with ProcessPoolExecutor(max_workers=max(1, size)) as pool:
        broken = run.collect(pool, range(len(files)), retry=True)
    if broken:
        # A worker died and broke the pool: every pending future failed with it, whatever its
        # file. Retry those files in a fresh pool; the files that break that one too are run
        # once more each alone, so the file that kills its worker gets its own LITE-BAKE-013
        # row and the others their outputs. Outputs written before keep their rows.
        with ProcessPoolExecutor(max_workers=max(1, min(size, len(broken)))) as pool:
            broken = run.collect(pool, broken, retry=True)
        for i in broken:
            with ProcessPoolExecutor(max_workers=1) as pool:
                run.collect(pool, [i], retry=False, retried=True)
    return run.rows()


def _prepare_out_dir(out_root: Path) -> None:
    """Create ``out_root`` (and its parents), or ``LITE-BAKE-002`` before any work when it is
    a file, lies under a file, is a dangling link or cannot be created or written."""
    why = ""
    if os.path.lexists(out_root) and not out_root.is_dir():
        why = "a dangling link" if out_root.is_symlink() else "not a folder"
    else:
        try:
            out_root.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            why = f"cannot be created: {errno.errorcode.get(exc.errno or 0, type(exc).__name__)}"
        else:
            if not os.access(out_root, os.W_OK | os.X_OK):
                why = "not writable"
    if why:
        raise bake_error(
            "LITE-BAKE-002",
            f"out_dir {short_repr(str(out_root), 300)} is {why}",
            "pass a folder that exists or can be created, and that this process can write",
            "out_dir",
        )


class _Run:
    """The rows of one :func:`bake_files` call, collected as futures complete."""

    def __init__(
        self,
        files: list[str],
        out_root: Path,
        clip: str | None,
        all_clips: bool,
        fps: float,
        fmt: BakeFormat,
        overwrite: bool,
        progress: FileProgress | None,
    ) -> None:
        self.files = files
        self.args = (str(out_root), clip, all_clips, fps, fmt, overwrite, uuid.uuid4().hex)
        self.out_root = out_root
        self.progress = progress
        self.results: list[list[BakeResult] | None] = [None] * len(files)
        self.done = 0

    def _finish(self, i: int, rows: list[BakeResult]) -> None:
        self.results[i] = rows
        self.done += 1
        if self.progress is not None:
            self.progress(self.done, len(self.files))

    def collect(
        self, executor: Executor, indices: Iterable[int], *, retry: bool, retried: bool = False
    ) -> list[int]:
        """Submit one work item per file of ``indices`` and collect their rows. With
        ``retry``, the files whose future failed because the pool broke (a worker died) are
        returned, without rows, for a retry in a fresh pool."""
        futures: dict[Future[list[BakeResult]], int] = {}
        broken: list[int] = []
        for i in indices:
            try:
                futures[executor.submit(_bake_worker, self.files[i], *self.args)] = i
            except Exception as exc:  # a closed or broken executor: this file fails, not the run
                if retry and isinstance(exc, BrokenExecutor):
                    broken.append(i)
                else:
                    self._finish(i, _failed_row(self.files[i], self.out_root, exc, retried))
        for fut in as_completed(futures):
            i = futures[fut]
            try:
                rows = fut.result()
            except Exception as exc:  # the worker died, or the item could not be sent back
                if retry and isinstance(exc, BrokenExecutor):
                    broken.append(i)
                    continue
                rows = _failed_row(self.files[i], self.out_root, exc, retried)
            self._finish(i, rows)
        return sorted(broken)

    def rows(self) -> list[BakeResult]:
        """Every row, in input order."""
        return [row for rows in self.results if rows is not None for row in rows]
