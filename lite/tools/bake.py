"""Progress bars and the Dask executor of ``lite-anim bake``, around :mod:`lite.bake`.

The runtime's bake functions report progress through callbacks and never import tqdm; this
module turns those callbacks into tqdm bars, with the command's default policy: a bar for
bakes of :data:`lite.bake.LONG_BAKE_FRAMES` frames or more, and one over files when several
are baked. :func:`dask_executor` opens ``--dask ADDRESS`` / ``--dask local`` as the
``concurrent.futures`` executor :func:`lite.bake.bake_files` runs on (dask.distributed is the
optional ``scale`` extra, imported only here and only when asked for).
"""

from __future__ import annotations

import contextlib
import json
import os
import struct
import zipfile
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from lite.bake import LONG_BAKE_FRAMES, FileProgress, FrameProgress, ProgressFactory
from lite.errors import LiteError
from lite.tools.progress import Progress

__all__ = [
    "bake_output_complete",
    "dask_executor",
    "file_progress",
    "frame_progress",
    "interrupted_report",
    "outputs_of",
]

#: How long ``--dask ADDRESS`` waits for the scheduler, in seconds.
DASK_CONNECT_TIMEOUT_S = 20.0


def frame_progress(show: bool | None) -> ProgressFactory:
    """A ``bake_file(progress=...)`` factory: a :class:`~lite.tools.progress.Progress` per
    bake (a tqdm bar on a terminal, plain lines in a pipe or log).

    Parameters
    ----------
    show
        True: always; False: never; None: only for bakes of ``LONG_BAKE_FRAMES`` frames or more.
    """

    def factory(total: int, desc: str) -> FrameProgress | None:
        if not (total >= LONG_BAKE_FRAMES if show is None else show):
            return None

        def wrap(frames: Iterable[int]) -> Iterable[int]:
            with Progress(total, desc, "frame") as bar:
                for frame in frames:
                    yield frame
                    bar.update()

        return wrap

    return factory


class file_progress:  # noqa: N801 (used like a function: with file_progress(n) as callback)
    """A report over files for ``bake_files(progress=...)``, as a context manager.

    ``with file_progress(len(files), show) as callback: bake_files(..., progress=callback)``;
    ``callback`` is None when ``show`` is False. The report starts with the first finished
    file, so a bake refused before any work prints nothing but its error.
    """

    def __init__(self, total: int, show: bool = True) -> None:
        self._total = total
        self._show = show
        self._bar: Progress | None = None

    def __enter__(self) -> FileProgress | None:
        if not self._show:
            return None

        def advance(done: int, total: int) -> None:
            if self._bar is None:
                self._bar = Progress(total, "bake", "file")
            self._bar.update(done - self._bar.done)

        return advance

    def __exit__(self, *exc: object) -> None:
        if self._bar is not None:
            self._bar.close()


@contextlib.contextmanager
def dask_executor(address: str | None, workers: int | None = None) -> Iterator[Executor | None]:
    """The executor of ``lite-anim bake --dask``: None without ``address``.

    Parameters
    ----------
    address
        A scheduler address (``tcp://host:8786``), or ``"local"`` for a
        ``dask.distributed.LocalCluster`` on this machine (closed on exit), or None.
    workers
        Worker processes of the local cluster (default: one per CPU, one thread each); refused
        with a scheduler address (``LITE-CLI-022``), whose cluster has its own workers.

    Raises
    ------
    LiteError
        ``LITE-CLI-020`` when dask.distributed is not installed, ``LITE-CLI-021`` when the
        scheduler cannot be reached, ``LITE-CLI-022`` for ``workers`` with an address.
    """
    if address is None:
        yield None
        return
    if workers is not None and address != "local":
        raise LiteError(
            "LITE-CLI-022",
            f"--workers {workers} sizes --dask local, but --dask {address} names a cluster",
            hint="size the cluster where its workers are started (dask worker ... --nworkers N)",
            input_name="--workers",
        )
    try:
        import distributed
    except ImportError as exc:
        raise LiteError(
            "LITE-CLI-020",
            f"--dask {address} needs dask.distributed, which is not installed ({exc})",
            hint="pip install 'lite-anim[scale]'",
            input_name="--dask",
        ) from None
    if address == "local":
        n = workers if workers is not None else (os.cpu_count() or 1)
        with (
            _untyped(distributed.LocalCluster)(
                n_workers=n, threads_per_worker=1, processes=True, dashboard_address=None
            ) as cluster,
            _untyped(distributed.Client)(cluster) as client,
        ):
            yield client.get_executor()
        return
    try:
        client = _untyped(distributed.Client)(address, timeout=DASK_CONNECT_TIMEOUT_S)
    except (OSError, TimeoutError, ValueError) as exc:
        raise LiteError(
            "LITE-CLI-021",
            f"--dask {address}: cannot reach the Dask scheduler ({type(exc).__name__}: {exc})",
            hint="start one with `dask scheduler` and pass its tcp://host:port address, or "
            "use --dask local",
            input_name="--dask",
        ) from None
    with client:
        yield client.get_executor()


def _untyped(factory: object) -> Any:
    """``factory`` as ``Any``: dask.distributed's constructors are not annotated."""
    return factory


def bake_output_complete(path: str | os.PathLike[str]) -> bool:
    """Whether ``path`` is a whole bake output (``--skip-existing`` skips those).

    Checked from the file's own structure, not its age: an ``.npz`` must be a readable zip
    (its central directory is written last), a ``.json`` must parse, a ``.glb`` must be as
    long as its header says, a ``.zarr`` store must hold its root metadata.
    """
    p = Path(path)
    suffix = p.suffix.lower()
    try:
        if suffix == ".zarr":
            roots = ("zarr.json", ".zattrs", ".zgroup")
            return p.is_dir() and any((p / n).is_file() for n in roots)
        if not p.is_file():
            return False
        if suffix == ".npz":
            with zipfile.ZipFile(p) as z:
                return z.testzip() is None and bool(z.namelist())
        if suffix == ".json":
            with p.open("rb") as fh:
                json.load(fh)
            return True
        if suffix == ".glb":
            with p.open("rb") as fh:
                head = fh.read(12)
            if len(head) < 12 or head[:4] != b"glTF":
                return False
            return int(struct.unpack_from("<I", head, 8)[0]) == p.stat().st_size
    except (OSError, ValueError, zipfile.BadZipFile):
        return False
    return False


def outputs_of(input_file: str | os.PathLike[str], folder: Path, fmt: str) -> list[Path]:
    """The outputs in ``folder`` named after ``input_file`` (``<stem>.<clip>.<fmt>``)."""
    stem = Path(input_file).stem
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob(f"{stem}.*.{fmt}") if p.name.count(".") >= 2)


def interrupted_report(
    files: Sequence[str | os.PathLike[str]], folder: Path, fmt: str, since_ns: int
) -> list[str]:
    """What an interrupted bake (Ctrl-C) wrote and what it did not, one line each.

    An output counts as written when it is complete and changed since ``since_ns``
    (``time.time_ns()`` at the start of the bake).
    """
    written: list[str] = []
    missing: list[str] = []
    for f in files:
        fresh = [
            p
            for p in outputs_of(f, folder, fmt)
            if p.stat().st_mtime_ns >= since_ns and bake_output_complete(p)
        ]
        written += [str(p) for p in fresh]
        if not fresh:
            missing.append(os.fspath(f))
    lines = [
        f"interrupted: wrote {len(written)} complete output(s)"
        + (": " + ", ".join(written) if written else "")
    ]
    if missing:
        lines.append(f"not baked: {', '.join(missing)}")
    lines.append("rerun with --skip-existing to bake only what is missing")
    return lines
