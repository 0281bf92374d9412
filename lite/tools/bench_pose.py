"""Benchmark of ``lite-anim bench state-machine``: state machines beside plain cross-fades.

State machines on instances, beside plain cross-fades of the same clips.

N instances of the bundled figure (:func:`lite.instantiate_many`), one manager. Three
workloads, each timed while steady (one clip per instance at weight 1) and while every instance
cross-fades walk -> run (a fade long enough to last through the timed frames):

- ``plain``: each instance's walk and run groups attached, blending enabled, and
  :func:`lite.cross_fade_animation_groups` from walk to run;
- ``machine``: one :func:`lite.create_state_machine` per instance over the same two clips
  (``"groups"`` mode), the cross-fade started by a parameter (``speed > 2``);
- ``machine-pose``: one machine per instance whose walk-run state is a 1D blend space and whose
  other state is the wave clip (``"pose"`` mode: the machine samples, blends and applies), the
  cross-fade started by a trigger.

Every number is the best of ``--repeat`` blocks of ``--frames`` updates of 1/60 s, in ms of
CPU time per frame, the workloads' blocks alternating (as ``bench crowd --root-motion``), after
a warm-up.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import time
from collections.abc import Callable, Sequence
from typing import Any, Final

import lite
from lite.assets import figure_path

__all__ = ["WORKLOADS", "bench_state_machines", "main"]

#: One frame at 60 Hz (ms), as the other benchmarks step.
STEP_MS: Final = 1000.0 / 60.0

WORKLOADS: Final = ("plain", "machine", "machine-pose")
#: A fade that outlasts any timed run (ms).
_LONG_FADE_MS: Final = 1e9


def _instances(count: int) -> list[lite.GltfAsset]:
    base = lite.load_gltf(figure_path())
    return lite.instantiate_many(base, count)


def _group(asset: lite.GltfAsset, name: str) -> lite.AnimationGroup:
    return next(g for g in asset.animation_groups if g.name == name)


def _plain(count: int) -> tuple[lite.AnimationManager, Callable[[], None]]:
    manager = lite.create_animation_manager()
    pairs = []
    for k, inst in enumerate(_instances(count)):
        walk, run = _group(inst, "walk"), _group(inst, "run")
        lite.add_animation_groups(manager, [walk, run])
        lite.play_animation(walk)
        walk.current_time = (k * 0.618034) % 1.0
        lite.stop_animation(run)
        lite.set_animation_weight(run, 0.0)
        pairs.append((walk, run))
    lite.enable_animation_blending(manager)

    def start() -> None:
        for walk, run in pairs:
            lite.play_animation(run)
            lite.cross_fade_animation_groups(manager, walk, run, duration_ms=_LONG_FADE_MS)

    return manager, start


def _machines(count: int) -> tuple[lite.AnimationManager, Callable[[], None]]:
    manager = lite.create_animation_manager()
    machines = []
    for k, inst in enumerate(_instances(count)):
        machine = lite.create_state_machine(
            manager,
            inst,
            states={"walk": "walk", "run": "run"},
            transitions=[
                {
                    "from": "walk",
                    "to": "run",
                    "when": [("speed", ">", 2.0)],
                    "duration_ms": _LONG_FADE_MS,
                },
                {"from": "run", "to": "walk", "when": [("speed", "<=", 2.0)], "duration_ms": 200},
            ],
            parameters={"speed": 1.0},
            initial="walk",
        )
        _group(inst, "walk").current_time = (k * 0.618034) % 1.0
        machines.append(machine)

    def start() -> None:
        for machine in machines:
            lite.set_state_parameter(machine, "speed", 3.0)

    return manager, start


def _pose_machines(count: int) -> tuple[lite.AnimationManager, Callable[[], None]]:
    manager = lite.create_animation_manager()
    machines = []
    for inst in _instances(count):
        clips = {c.name: c for c in inst.animation_data.clips}
        space = lite.create_blend_space_1d([clips["walk"], clips["run"]], [1.0, 3.0])
        machine = lite.create_state_machine(
            manager,
            inst,
            states={"move": {"blend_space": space, "parameter": "speed"}, "wave": "wave"},
            transitions=[
                {"from": "move", "to": "wave", "trigger": "greet", "duration_ms": _LONG_FADE_MS}
            ],
            parameters={"speed": 2.0},
            initial="move",
        )
        machines.append(machine)

    def start() -> None:
        for machine in machines:
            lite.fire_state_trigger(machine, "greet")

    return manager, start


_BUILDERS: Final = {"plain": _plain, "machine": _machines, "machine-pose": _pose_machines}


def bench_state_machines(
    count: int,
    workloads: Sequence[str] = WORKLOADS,
    frames: int = 60,
    warmup: int = 10,
    repeat: int = 3,
) -> list[dict[str, Any]]:
    """Time ``workloads`` on ``count`` instances each: steady and cross-fading ms/frame.

    Every workload is built first; then, ``repeat`` times, a block of ``frames`` updates of
    each in turn (so a change in machine load hits them alike), steady first, then after every
    instance's cross-fade has started. The figures are each workload's best block, in ms of
    this process's CPU time per frame.
    """
    built = {name: _BUILDERS[name](count) for name in workloads}

    def block(manager: lite.AnimationManager) -> float:
        start = time.process_time()
        for _ in range(frames):
            lite.update_animation_manager(manager, STEP_MS)
        return (time.process_time() - start) * 1000.0 / frames

    results: dict[str, dict[str, Any]] = {
        name: {
            "workload": name,
            "instances": count,
            "steady_ms": math.inf,
            "cross_fade_ms": math.inf,
        }
        for name in workloads
    }
    for key in ("steady_ms", "cross_fade_ms"):
        if key == "cross_fade_ms":
            for manager, start_fades in built.values():
                start_fades()
                lite.update_animation_manager(manager, STEP_MS)
        for manager, _ in built.values():
            for _ in range(warmup):
                lite.update_animation_manager(manager, STEP_MS)
        for _ in range(max(1, repeat)):
            for name, (manager, _) in built.items():
                results[name][key] = min(results[name][key], block(manager))
    return [results[name] for name in workloads]


def _machine() -> str:
    import numpy as np

    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for line in info:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return (
        f"{cpu}, {os.cpu_count()} CPUs; Python {platform.python_version()}, numpy {np.__version__}"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """``lite-anim bench state-machine``: the table (or JSON) of every workload and count."""
    parser = argparse.ArgumentParser(
        prog="lite-anim bench state-machine",
        description="State machines on instances of the bundled figure beside plain "
        "cross-fades (ms per frame, steady and while every instance cross-fades).",
    )
    parser.add_argument("--counts", type=int, nargs="+", default=[1_000], help="instances")
    parser.add_argument("--frames", type=int, default=60, help="timed frames per figure")
    parser.add_argument("--repeat", type=int, default=3, help="best of this many medians")
    parser.add_argument(
        "--workloads", nargs="+", choices=WORKLOADS, default=list(WORKLOADS), help="which to run"
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)
    rows = [
        row
        for count in args.counts
        for row in bench_state_machines(
            count, args.workloads, frames=args.frames, repeat=args.repeat
        )
    ]
    if args.json:
        print(json.dumps({"workload": "state-machine", "results": rows}, indent=1))
        return 0
    print(f"{'workload':>13} {'instances':>10} {'steady ms':>10} {'cross-fade ms':>14}  (CPU)")
    for row in rows:
        print(
            f"{row['workload']:>13} {row['instances']:>10} {row['steady_ms']:>10.2f} "
            f"{row['cross_fade_ms']:>14.2f}"
        )
    print(f"machine: {_machine()}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
