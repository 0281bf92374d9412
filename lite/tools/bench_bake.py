"""Bake throughput benchmark: files/s and frames/s of :func:`lite.bake_files` per worker count.

``python -m lite.tools.bench_bake`` (or ``lite-anim bench bake``). The inputs are ``--files``
copies of the bundled figure (16 nodes, two skinned meshes, a morph target; five clips, 8.1 s
in all), each baked whole (every clip, ``all_clips=True``) at ``--fps`` into a temporary
folder as ``--format``, on a local process pool of 1, 2 and 4 workers (``--workers``), or on a
``dask.distributed.LocalCluster`` of that many worker processes with ``--dask``. Each figure
is the best of ``--repeat`` wall-clock runs of the whole ``bake_files`` call, pool or cluster
start included for the pool (what a user waits for) and excluded for the cluster (started
once per worker count, as a long-lived cluster is). ``docs/bake.md`` quotes the figures.
"""

from __future__ import annotations

import argparse
import json
import shutil
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import Executor
from pathlib import Path
from typing import Any

from lite import bake_files
from lite.assets import figure_path
from lite.tools.bench_env import machine as _machine

__all__ = ["bench_bake", "main"]


def _inputs(folder: Path, count: int) -> list[Path]:
    source = figure_path()
    paths = []
    for k in range(count):
        target = folder / f"figure_{k:03d}.glb"
        shutil.copyfile(source, target)
        paths.append(target)
    return paths


def bench_bake(
    files: Sequence[Path],
    workers: int,
    *,
    fps: float = 60.0,
    fmt: str = "npz",
    repeat: int = 1,
    executor: Executor | None = None,
) -> dict[str, float]:
    """Bake ``files`` (every clip) ``repeat`` times; the best run's files/s and frames/s."""
    best = float("inf")
    frames = 0
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as out:
            start = time.perf_counter()
            rows = bake_files(
                list(files),
                out,
                fps=fps,
                fmt=fmt,  # type: ignore[arg-type]
                executor=executor,
                workers=None if executor is not None else workers,
                progress=False,
                all_clips=True,
            )
            elapsed = time.perf_counter() - start
        failed = [r for r in rows if r[3] is not None]
        if failed:
            raise RuntimeError(f"bench bake: {failed[0][3]}")
        frames = sum(r[2] for r in rows)
        best = min(best, elapsed)
    return {
        "workers": float(workers),
        "files": float(len(files)),
        "frames": float(frames),
        "seconds": best,
        "files_per_s": len(files) / best,
        "frames_per_s": frames / best,
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m lite.tools.bench_bake`` and ``lite-anim bench bake``."""
    parser = argparse.ArgumentParser(
        prog="lite-anim bench bake",
        description="Throughput of lite.bake_files (files/s, frames/s) on 1, 2 and 4 local "
        "workers: a process pool, or a Dask LocalCluster with --dask.",
        epilog="example: lite-anim bench bake --files 32 --workers 1 2 4 --dask",
    )
    parser.add_argument("--files", type=int, default=16, help="copies of the figure to bake")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--fps", type=float, default=60.0, help="bake rate (60)")
    parser.add_argument("--format", choices=["npz", "json", "zarr", "glb"], default="npz")
    parser.add_argument("--repeat", type=int, default=1, help="best of this many runs")
    parser.add_argument("--dask", action="store_true", help="a Dask LocalCluster per count")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)

    rows: list[dict[str, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        files = _inputs(Path(tmp), args.files)
        for n in args.workers:
            if args.dask:
                rows.append(_on_dask(files, n, args))
            else:
                rows.append(bench_bake(files, n, fps=args.fps, fmt=args.format, repeat=args.repeat))
    engine = "dask LocalCluster" if args.dask else "process pool"
    if args.json:
        doc: dict[str, Any] = {"engine": engine, "format": args.format, "fps": args.fps}
        doc.update(results=rows, machine=_machine())
        print(json.dumps(doc, indent=1))
        return 0
    print(f"{engine}, {args.files} files x 5 clips at {args.fps:g} fps, {args.format}")
    print(f"{'workers':>8} {'seconds':>8} {'files/s':>8} {'frames/s':>9} {'speed-up':>9}")
    base = rows[0]["seconds"] if rows else 1.0
    for row in rows:
        print(
            f"{int(row['workers']):>8} {row['seconds']:>8.2f} {row['files_per_s']:>8.2f} "
            f"{row['frames_per_s']:>9.0f} {base / row['seconds']:>8.2f}x"
        )
    print(f"machine: {_machine()}")
    return 0


def _on_dask(files: list[Path], workers: int, args: argparse.Namespace) -> dict[str, float]:
    from lite.tools.bake import dask_executor

    with dask_executor("local", workers) as executor:
        assert executor is not None
        # Warm the workers (lite imported in each) before timing, as a running cluster is.
        bench_bake(files[:workers], workers, fps=args.fps, fmt=args.format, executor=executor)
        return bench_bake(
            files, workers, fps=args.fps, fmt=args.format, repeat=args.repeat, executor=executor
        )


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
