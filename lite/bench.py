"""Benchmarks (scripts with numbers, not timed tests): ``python -m lite.bench property``.

``property``: M plain Python objects, each with a looping ``position.x`` float track and a
``position`` vec3 track (3 keys at 0, 0.5 and 1 s), advanced by 1/60 s and written back every
frame. Prints the median milliseconds per frame (and microseconds per group) for each M.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Sequence

from lite.manager import create_animation_manager, update_animation_manager
from lite.property_animation import create_property_animation_clip, create_property_animation_group

__all__ = ["bench_property", "main"]


class _Vec3:
    __slots__ = ("x", "y", "z")

    def __init__(self) -> None:
        self.x = self.y = self.z = 0.0

    def set(self, x: float, y: float, z: float) -> None:
        self.x = x
        self.y = y
        self.z = z


class _Obj:
    __slots__ = ("position",)

    def __init__(self) -> None:
        self.position = _Vec3()


def bench_property(count: int, frames: int = 120, warmup: int = 20) -> dict[str, float]:
    """Time ``frames`` updates of ``count`` property groups; returns median ms/frame etc."""
    clip = create_property_animation_clip(
        "bench",
        [
            {
                "path": "position.x",
                "keys": [
                    {"time": 0.0, "value": 0.0},
                    {"time": 0.5, "value": 1.0},
                    {"time": 1.0, "value": 0.0},
                ],
            },
            {
                "path": "position",
                "keys": [
                    {"time": 0.0, "value": [0.0, 0.0, 0.0]},
                    {"time": 0.5, "value": [1.0, 2.0, 3.0]},
                    {"time": 1.0, "value": [0.0, 0.0, 0.0]},
                ],
            },
        ],
    )
    manager = create_animation_manager()
    for _ in range(count):
        create_property_animation_group(manager, _Obj(), clip)
    step = 1000.0 / 60.0
    for _ in range(warmup):
        update_animation_manager(manager, step)
    samples: list[float] = []
    for _ in range(frames):
        t0 = time.perf_counter()
        update_animation_manager(manager, step)
        samples.append((time.perf_counter() - t0) * 1000.0)
    median = statistics.median(samples)
    return {
        "groups": float(count),
        "ms_per_frame": median,
        "us_per_group": median * 1000.0 / count,
        "frames": float(frames),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m lite.bench`` and ``lite-anim bench``."""
    parser = argparse.ArgumentParser(
        prog="lite-anim bench",
        description="Benchmark the property animation hot path.",
        epilog="example: lite-anim bench property --counts 10 100 1000 --json",
    )
    parser.add_argument("workload", choices=["property"], help="which workload to run")
    parser.add_argument(
        "--counts", type=int, nargs="+", default=[10, 100, 1_000, 10_000], help="group counts"
    )
    parser.add_argument("--frames", type=int, default=120, help="timed frames per count")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    rows = []
    for count in args.counts:
        frames = args.frames if count <= 1_000 else max(10, args.frames // 4)
        rows.append(bench_property(count, frames=frames))
    if args.json:
        print(json.dumps({"workload": args.workload, "results": rows}, indent=1))
    else:
        print(f"{'groups':>8} {'ms/frame':>10} {'us/group':>10}")
        for row in rows:
            print(
                f"{int(row['groups']):>8} {row['ms_per_frame']:>10.3f} {row['us_per_group']:>10.2f}"
            )
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
