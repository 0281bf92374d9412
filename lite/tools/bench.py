"""Benchmarks (scripts with numbers, not timed tests).

``python -m lite.tools.bench {crowd,property,compat,bake,state-machine}`` (``bake``: the
throughput of :func:`lite.bake_files`, in :mod:`lite.tools.bench_bake`; ``state-machine``:
state machines on instances beside plain cross-fades, in :mod:`lite.tools.bench_pose`;
``gltf-crowd``, ``eased``, ``own-clips``, ``blend``: the ports' workloads, in
:mod:`lite.tools.bench_ports`).

``crowd``: K instances (:func:`lite.instantiate_many`) of the generated 65-joint
asset (:mod:`lite.tools.crowd_asset`: a root and 8 chains of 8, depth 9; translation, rotation and
scale channels of 30 keys over 1 s per joint), instance ``k`` starting at
``(k * 0.618...) mod 1 s``, all groups in one manager with batched evaluation
(:mod:`lite.batch.engine`). Each frame advances 1/60 s, samples every channel, composes local TRS,
propagates world matrices and forms every palette.

``property``: M plain Python objects, each with a looping ``position.x`` float track and a
``position`` vec3 track (3 keys at 0, 0.5 and 1 s), advanced by 1/60 s and written back every
frame, through :mod:`lite.batch.engine` too. ``--scalar`` times the per-group controllers instead.

``compat``: the verbatim Babylon.js port, through :mod:`lite_compat`: N TransformNodes,
each with a ``position`` VECTOR3, a ``rotationQuaternion`` QUATERNION and an eased (CubicEase,
EASEINOUT) ``scaling.x`` FLOAT animation (keys at frames 0, 30, 60), started by
``scene.beginAnimation(node, 0, 60, True)`` and stepped by ``scene.render()`` at a constant
16 ms (``useConstantAnimationDeltaTime``). It reports ms/frame and the setup seconds (from the
first node's construction to the end of the first render); its twin is
``parity/bench/compat_babylon.mjs`` (Babylon.js 9.31).

``property --arrays``: the same clip on M = 10,000 and 1,000,000 entities stored in numpy
arrays (:func:`lite.create_array_animation_group`, entity ``k`` offset by
``(k * 0.618...) mod 1 s``), beside Babylon Lite playing it on M objects with the same phase
offsets (``parity/bench/property_lite_arrays.mjs``); ``--numpy-dtype`` picks the arrays' dtype.

``--side-by-side`` also runs the same workloads under Node (``parity/bench/*.mjs``: Babylon
Lite 1.10, Babylon.js 9.31, three.js r187, pinned in ``parity/recorder/package.json``) and
prints one table with the ratios measured in this run. Every number is the best of
``--repeat`` medians (each median over ``--frames`` timed frames after a warm-up), on both
sides, which damps the noise of a shared machine.
"""

from __future__ import annotations

import argparse
import json
import math
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from lite import create_animation_manager, update_animation_manager
from lite.animation.property_animation import (
    create_property_animation_clip,
    create_property_animation_group,
)
from lite.tools.bench_env import machine as _machine
from lite.tools.bench_env import node_bench_dir
from lite.tools.progress import Progress

if TYPE_CHECKING:
    from lite.animation.types import PropertyAnimationClip

__all__ = [
    "bench_compat",
    "bench_crowd",
    "bench_property",
    "bench_property_arrays",
    "main",
    "node_bench_dir",
]

#: Node scripts per workload: (column label, script file).
NODE_SCRIPTS: dict[str, tuple[tuple[str, str], ...]] = {
    "crowd": (
        ("babylon-lite-1.10", "crowd_lite.mjs"),
        ("babylonjs-9.31", "crowd_babylon.mjs"),
        ("three-r187", "crowd_three.mjs"),
    ),
    "property": (
        ("babylon-lite-1.10", "property_lite.mjs"),
        ("babylonjs-9.31", "property_babylon.mjs"),
        ("three-r187", "property_three.mjs"),
    ),
}
STEP_MS = 1000.0 / 60.0
#: The ports' workloads (issue 24), run by :mod:`lite.tools.bench_ports`.
PORT_WORKLOADS = ("gltf-crowd", "eased", "own-clips", "blend")


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


def _each(counts: Sequence[int], args: argparse.Namespace) -> Iterator[int]:
    """The benchmark sizes, reported on stderr as the other long commands report
    (:class:`lite.tools.progress.Progress`: a bar on a terminal, plain lines otherwise)."""
    name = " ".join(str(v) for v in (getattr(args, "workload", None) or "",) if v)
    with Progress(len(counts), f"bench {name}".strip(), "size") as bar:
        for count in counts:
            bar.stage(f"{count:,} ...")
            yield count
            bar.update()


def _time_frames(step: Callable[[], object], frames: int, warmup: int, repeat: int) -> float:
    """Best of ``repeat`` medians of ``frames`` timed ``step()`` calls, in milliseconds."""
    best = float("inf")
    for _ in range(max(1, repeat)):
        for _ in range(warmup):
            step()
        samples: list[float] = []
        for _ in range(frames):
            t0 = time.perf_counter()
            step()
            samples.append((time.perf_counter() - t0) * 1000.0)
        best = min(best, statistics.median(samples))
    return best


def _bench_clip() -> PropertyAnimationClip:
    """The property workload's clip: a ``position.x`` scalar and a ``position`` vec3 track."""
    return create_property_animation_clip(
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


def bench_property(
    count: int, frames: int = 120, warmup: int = 20, repeat: int = 1, *, batched: bool = True
) -> dict[str, float]:
    """Time ``frames`` updates of ``count`` property groups; returns median ms/frame etc.

    ``batched`` evaluates through :mod:`lite.batch.engine` (tracks sampled for all groups at once,
    values written back in attachment order); False times the per-group controllers.
    """
    clip = _bench_clip()
    manager = create_animation_manager()
    for _ in range(count):
        create_property_animation_group(manager, _Obj(), clip)
    if batched:
        from lite.batch.engine import enable_batched_evaluation

        enable_batched_evaluation(manager)
    median = _time_frames(
        lambda: update_animation_manager(manager, STEP_MS), frames, warmup, repeat
    )
    return {
        "groups": float(count),
        "ms_per_frame": median,
        "us_per_group": median * 1000.0 / count,
        "frames": float(frames),
    }


#: Array-target workload: (column label, script file) of its Node twin.
ARRAYS_NODE_SCRIPT: tuple[str, str] = ("babylon-lite-1.10", "property_lite_arrays.mjs")
#: Phase offsets of the array workload (the crowd's golden-ratio offsets).
ARRAYS_PHASE = 0.6180339887498949


def bench_property_arrays(
    count: int, frames: int = 60, warmup: int = 10, repeat: int = 1, *, dtype: str = "float32"
) -> dict[str, float]:
    """Time ``frames`` updates of one array group of ``count`` entities (the property clip).

    Entity ``k`` starts at ``(k * ARRAYS_PHASE) mod 1`` s; ``position.x`` is an ``(M,)`` array
    and ``position`` an ``(M, 3)`` array of ``dtype``, written in place every frame.
    """
    import numpy as np

    from lite import create_array_animation_group

    clip = _bench_clip()
    manager = create_animation_manager()
    xs = np.zeros(count, dtype=dtype)
    positions = np.zeros((count, 3), dtype=dtype)
    offsets = (np.arange(count, dtype=np.float64) * ARRAYS_PHASE) % 1.0
    create_array_animation_group(
        manager, clip, {"position.x": xs, "position": positions}, time_offsets=offsets
    )
    median = _time_frames(
        lambda: update_animation_manager(manager, STEP_MS), frames, warmup, repeat
    )
    if not (np.isfinite(positions).all() and float(np.abs(positions).max()) > 0.0):
        raise RuntimeError("array targets were not written")
    return {
        "groups": float(count),
        "ms_per_frame": median,
        "us_per_group": median * 1000.0 / count,
        "frames": float(frames),
    }


def _main_arrays(args: argparse.Namespace) -> int:
    """``lite-anim bench property --arrays [--side-by-side]``: the array-target table."""
    counts = args.counts or [10_000, 1_000_000]
    rows = []
    for count in _each(counts, args):
        frames = args.frames if count < 1_000_000 else max(5, args.frames // 6)
        rows.append(
            bench_property_arrays(count, frames=frames, repeat=args.repeat, dtype=args.numpy_dtype)
        )
    ours = {int(r["groups"]): r["ms_per_frame"] for r in rows}
    others: dict[str, dict[int, float]] = {}
    errors: dict[str, str] = {}
    if args.side_by_side:
        bench = node_bench_dir()
        if bench is None or shutil.which("node") is None:
            errors["node"] = "Node or parity/recorder/node_modules not found (npm ci there)"
        else:
            label, script = ARRAYS_NODE_SCRIPT
            result, error = _run_node(
                bench / script, [",".join(str(c) for c in counts)], args.repeat, 1800.0
            )
            others[label] = result
            if error is not None:
                errors[label] = error
    if args.json:
        doc: dict[str, object] = {"workload": "property-arrays", "results": rows}
        if args.side_by_side:
            doc["node"] = {k: {str(c): v for c, v in r.items()} for k, r in others.items()}
            doc["errors"] = errors
            doc["machine"] = _machine()
        print(json.dumps(doc, indent=1))
        return 0
    if not args.side_by_side:
        print(f"{'entities':>10} {'ms/frame':>10} {'ns/entity':>10} {'fps':>8}")
        for row in rows:
            ms = row["ms_per_frame"]
            print(
                f"{int(row['groups']):>10} {ms:>10.3f} {ms * 1e6 / row['groups']:>10.1f} "
                f"{1000.0 / ms:>8.1f}"
            )
        return 0
    _print_table("property --arrays", "entities", ours, others)
    for label, error in errors.items():
        print(f"  {label}: {error}", file=sys.stderr)
    lite_ms = others.get(ARRAYS_NODE_SCRIPT[0], {})
    print("targets:")
    mine, theirs = ours.get(10_000), lite_ms.get(10_000)
    if mine is None or theirs is None:
        print("  M=10000 at least 10x faster than Babylon Lite: not measured")
    else:
        ratio = theirs / mine
        verdict = "met" if ratio >= 10.0 else "NOT met"
        print(
            f"  M=10000 at least 10x faster than Babylon Lite: {verdict} ({ratio:.2f}x; "
            f"{mine:.3f} vs {theirs:.3f} ms)"
        )
    big = ours.get(1_000_000)
    if big is not None:
        print(f"  M=1000000 interactive: {big:.1f} ms/frame = {1000.0 / big:.1f} frames/s")
    print(f"machine: {_machine()}")
    return 0


@cache
def _crowd_base() -> Any:
    from lite.loader_gltf import load_gltf
    from lite.tools.crowd_asset import crowd_asset_glb

    return load_gltf(crowd_asset_glb())


def bench_crowd(
    count: int,
    frames: int = 120,
    warmup: int = 20,
    repeat: int = 1,
    *,
    batched: bool = True,
) -> dict[str, float]:
    """Time ``frames`` updates of a crowd of ``count`` instances; median ms/frame etc.

    Parameters
    ----------
    count
        Instances (one slab, see :func:`lite.loader_gltf.instantiate_many`).
    batched
        Evaluate through :mod:`lite.batch.engine` (default) or the per-group scalar controllers.
    """
    from lite import add_animation_groups
    from lite.batch.engine import enable_batched_evaluation
    from lite.loader_gltf.instancing import instantiate_many
    from lite.tools.crowd_asset import CROWD_PHASE

    instances = instantiate_many(_crowd_base(), count)
    manager = create_animation_manager()
    for k, inst in enumerate(instances):
        inst.animation_groups[0].current_time = (k * CROWD_PHASE) % 1.0
        add_animation_groups(manager, inst.animation_groups)
    if batched:
        enable_batched_evaluation(manager)
    median = _time_frames(
        lambda: update_animation_manager(manager, STEP_MS), frames, warmup, repeat
    )
    palette = instances[0].skeletons[0].joint_matrices
    if not (palette[5, 15] == 1.0 and abs(float(palette[5, 12])) < 1e6):
        raise RuntimeError("crowd palettes were not computed")
    return {
        "instances": float(count),
        "ms_per_frame": median,
        "us_per_instance": median * 1000.0 / count,
        "frames": float(frames),
    }


def _compat_scene(bjs: Any, count: int) -> tuple[Any, list[Any]]:
    """Build and start the compat workload (see the module doc) with ``bjs`` = lite_compat."""
    engine = bjs.NullEngine()
    scene = bjs.Scene(engine)
    scene.useConstantAnimationDeltaTime = True
    bjs.FreeCamera("camera", bjs.Vector3(0, 0, -10), scene)
    anim = bjs.Animation
    position = anim("p", "position", 60, anim.ANIMATIONTYPE_VECTOR3, anim.ANIMATIONLOOPMODE_CYCLE)
    position.setKeys(
        [
            {"frame": 0, "value": bjs.Vector3(0, 0, 0)},
            {"frame": 30, "value": bjs.Vector3(1, 2, 3)},
            {"frame": 60, "value": bjs.Vector3(0, 0, 0)},
        ]
    )
    rotation = anim(
        "r", "rotationQuaternion", 60, anim.ANIMATIONTYPE_QUATERNION, anim.ANIMATIONLOOPMODE_CYCLE
    )
    rotation.setKeys(
        [
            {"frame": 0, "value": bjs.Quaternion.Identity()},
            {
                "frame": 30,
                "value": bjs.Quaternion.RotationAxis(bjs.Vector3(0, 1, 0), 1.5),
            },
            {"frame": 60, "value": bjs.Quaternion.Identity()},
        ]
    )
    scaling = anim("s", "scaling.x", 60, anim.ANIMATIONTYPE_FLOAT, anim.ANIMATIONLOOPMODE_CYCLE)
    scaling.setKeys(
        [{"frame": 0, "value": 1}, {"frame": 30, "value": 2}, {"frame": 60, "value": 1}]
    )
    ease = bjs.CubicEase()
    ease.setEasingMode(bjs.EasingFunction.EASINGMODE_EASEINOUT)
    scaling.setEasingFunction(ease)
    animations = [position, rotation, scaling]
    nodes = []
    for i in range(count):
        node = bjs.TransformNode(f"n{i}", scene)
        node.rotationQuaternion = bjs.Quaternion.Identity()
        node.animations = animations
        scene.beginAnimation(node, 0, 60, True)
        nodes.append(node)
    scene.render()
    return scene, nodes


def bench_compat(
    count: int, frames: int = 120, warmup: int = 20, repeat: int = 1
) -> dict[str, float]:
    """Time the compat workload at ``count`` nodes: setup seconds and median ms/frame.

    Setup runs once per ``repeat`` on a fresh scene (the best is kept), from the first node's
    construction through every ``beginAnimation`` to the end of the first ``scene.render()``.
    """
    import lite_compat  # imported before the clock starts

    best_setup = float("inf")
    scene: Any = None
    nodes: list[Any] = []
    for _ in range(max(1, repeat)):
        if scene is not None:
            scene.dispose()
        t0 = time.perf_counter()
        scene, nodes = _compat_scene(lite_compat, count)
        best_setup = min(best_setup, time.perf_counter() - t0)
    median = _time_frames(scene.render, frames, warmup, repeat)
    if not (nodes[0].scaling.x != 1.0 and abs(nodes[0].position.y) < 1e6):
        raise RuntimeError("compat nodes were not animated")
    scene.dispose()
    return {
        "nodes": float(count),
        "ms_per_frame": median,
        "setup_s": best_setup,
        "us_per_node": median * 1000.0 / count,
        "frames": float(frames),
    }


def _run_node_compat(
    script: Path, counts: Sequence[int], repeat: int, timeout_s: float
) -> tuple[dict[int, tuple[float, float]], str | None]:
    """Run the Babylon.js compat twin ``repeat`` times: best (ms/frame, setup s) per count."""
    node = shutil.which("node")
    if node is None:
        return {}, "node not found"
    register = script.parents[1] / "recorder" / "register.mjs"
    best: dict[int, tuple[float, float]] = {}
    for _ in range(max(1, repeat)):
        try:
            done = subprocess.run(
                [node, "--import", str(register), str(script), ",".join(map(str, counts))],
                capture_output=True,
                text=True,
                timeout=timeout_s,
                check=False,
            )
        except subprocess.TimeoutExpired:
            return best, f"timed out after {timeout_s:.0f} s"
        if done.returncode != 0:
            tail = (done.stderr.strip().splitlines() or ["?"])[-1]
            return best, f"exit {done.returncode}: {tail}"
        for row in json.loads(done.stdout)["results"]:
            key = int(row["nodes"])
            ms, setup = best.get(key, (float("inf"), float("inf")))
            best[key] = (min(ms, float(row["ms_per_frame"])), min(setup, float(row["setup_s"])))
    return best, None


def _compat_targets(
    ours: dict[int, dict[str, float]], theirs: dict[int, tuple[float, float]]
) -> list[str]:
    checks = [
        ("N=1000 no slower than Babylon.js", 1000, 1.0),
        ("N=10000 at least 2x faster than Babylon.js", 10000, 2.0),
        ("N=10 within 2x of Babylon.js", 10, 0.5),
    ]
    lines = []
    for text, count, factor in checks:
        mine, other = ours.get(count), theirs.get(count)
        if mine is None or other is None:
            lines.append(f"  {text}: not measured")
            continue
        ratio = other[0] / mine["ms_per_frame"]
        verdict = "met" if ratio >= factor else "NOT met"
        lines.append(
            f"  {text}: {verdict} ({ratio:.2f}x; {mine['ms_per_frame']:.3f} vs {other[0]:.3f} ms)"
        )
    mine = ours.get(10000)
    if mine is None:
        lines.append("  setup of N=10000 at most 2 s: not measured")
    else:
        verdict = "met" if mine["setup_s"] <= 2.0 else "NOT met"
        lines.append(f"  setup of N=10000 at most 2 s: {verdict} ({mine['setup_s']:.2f} s)")
    return lines


def _main_compat(args: argparse.Namespace) -> int:
    """``lite-anim bench compat``: the table, optionally beside Babylon.js 9.31."""
    counts = args.counts or [10, 100, 1_000, 10_000]
    ours: dict[int, dict[str, float]] = {}
    for count in _each(counts, args):
        frames = args.frames if count < 10_000 else max(10, args.frames // 4)
        ours[count] = bench_compat(count, frames=frames, repeat=args.repeat)
    theirs: dict[int, tuple[float, float]] = {}
    error: str | None = None
    if args.side_by_side:
        bench = node_bench_dir()
        if bench is None or shutil.which("node") is None:
            error = "Node or parity/recorder/node_modules not found (npm ci there)"
        else:
            theirs, error = _run_node_compat(
                bench / "compat_babylon.mjs", counts, args.repeat, 900.0
            )
    if args.json:
        doc: dict[str, object] = {"workload": "compat", "results": list(ours.values())}
        if args.side_by_side:
            doc["node"] = {
                "babylonjs-9.31": {
                    str(c): {"ms_per_frame": ms, "setup_s": setup}
                    for c, (ms, setup) in theirs.items()
                }
            }
            doc["errors"] = {"babylonjs-9.31": error} if error else {}
            doc["machine"] = _machine()
        print(json.dumps(doc, indent=1))
        return 0
    print("compat: ms per frame and setup seconds (ratios > 1 mean lite_compat is faster)")
    head = f"{'nodes':>8} {'ms (py)':>10} {'ms (bjs)':>10} {'ratio':>8}"
    head += f" {'setup s (py)':>13} {'setup s (bjs)':>14} {'ratio':>8}"
    print(head)
    for count, row in ours.items():
        other = theirs.get(count)
        ms, setup = row["ms_per_frame"], row["setup_s"]
        line = f"{count:>8} {ms:>10.3f}"
        line += f" {other[0]:>10.3f}" if other else f" {'-':>10}"
        line += f" {_ratio(other[0] if other else None, ms):>8}"
        line += f" {setup:>13.3f}"
        line += f" {other[1]:>14.3f}" if other else f" {'-':>14}"
        line += f" {_ratio(other[1] if other else None, setup):>8}"
        print(line)
    if error:
        print(f"  babylonjs-9.31: {error}", file=sys.stderr)
    if args.side_by_side:
        print("targets:")
        for text in _compat_targets(ours, theirs):
            print(text)
        print(f"machine: {_machine()}")
    return 0


def _run_node(
    script: Path, args: Sequence[str], repeat: int, timeout_s: float
) -> tuple[dict[int, float], str | None]:
    """Run one Node benchmark ``repeat`` times; best ms/frame per count, or an error."""
    node = shutil.which("node")
    if node is None:
        return {}, "node not found"
    register = script.parents[1] / "recorder" / "register.mjs"
    best: dict[int, float] = {}
    for _ in range(max(1, repeat)):
        try:
            done = subprocess.run(
                [node, "--import", str(register), str(script), *args],
                capture_output=True,
                text=True,
                timeout=timeout_s,
                check=False,
            )
        except subprocess.TimeoutExpired:
            return best, f"timed out after {timeout_s:.0f} s"
        if done.returncode != 0:
            tail = (done.stderr.strip().splitlines() or ["?"])[-1]
            return best, f"exit {done.returncode}: {tail}"
        doc = json.loads(done.stdout)
        for row in doc["results"]:
            key = int(row.get("instances", row.get("groups", 0)))
            best[key] = min(best.get(key, float("inf")), float(row["ms_per_frame"]))
    return best, None


def _ratio(other: float | None, ours: float) -> str:
    if other is None or ours <= 0.0:
        return "-"
    return f"{other / ours:.2f}x"


def _print_table(
    workload: str, key: str, ours: dict[int, float], others: dict[str, dict[int, float]]
) -> None:
    labels = list(others)
    short = {
        "babylon-lite-1.10": "vs Lite",
        "babylonjs-9.31": "vs Babylon.js",
        "three-r187": "vs three",
    }
    head = f"{key:>10} {'lite-anim (py)':>15}" + "".join(f" {lb:>18}" for lb in labels)
    head += "".join(f" {short.get(lb, 'vs ' + lb):>14}" for lb in labels)
    print(f"{workload}: ms per frame (best of medians; ratios > 1 mean lite-anim is faster)")
    print(head)
    for count, ms in ours.items():
        row = f"{count:>10} {ms:>15.3f}"
        for lb in labels:
            v = others[lb].get(count)
            row += f" {v:>18.3f}" if v is not None else f" {'-':>18}"
        for lb in labels:
            row += f" {_ratio(others[lb].get(count), ms):>14}"
        print(row)


def _targets(
    workload: str, ours: dict[int, float], others: dict[str, dict[int, float]]
) -> list[str]:
    lite_ms = others.get("babylon-lite-1.10", {})
    bjs_ms = others.get("babylonjs-9.31", {})
    checks: list[tuple[str, float | None, float | None, float]] = []
    if workload == "crowd":
        checks = [
            ("K=1000 at least 2x faster than Babylon Lite", ours.get(1000), lite_ms.get(1000), 2.0),
            ("K=100 faster than Babylon Lite", ours.get(100), lite_ms.get(100), 1.0),
            ("K=1 no slower than Babylon.js", ours.get(1), bjs_ms.get(1), 1.0),
        ]
    else:
        # The property target: groups on Python objects within 2x of Babylon Lite
        checks = [("M=10000 within 2x of Babylon Lite", ours.get(10000), lite_ms.get(10000), 0.5)]
    lines = []
    for text, mine, theirs, factor in checks:
        if mine is None or theirs is None:
            lines.append(f"  {text}: not measured")
            continue
        ratio = theirs / mine
        verdict = "met" if ratio >= factor else "NOT met"
        lines.append(f"  {text}: {verdict} ({ratio:.2f}x; {mine:.3f} vs {theirs:.3f} ms)")
    return lines


def _crowd_manager(count: int, *, batched: bool, root_motion: bool) -> Any:
    """A warm crowd manager of ``count`` instances (see :func:`bench_crowd`)."""
    from lite import add_animation_groups, enable_crowd_root_motion
    from lite.batch.engine import disable_batched_evaluation
    from lite.loader_gltf.instancing import instantiate_many
    from lite.tools.crowd_asset import CROWD_PHASE

    instances = instantiate_many(_crowd_base(), count)
    manager = create_animation_manager()
    for k, inst in enumerate(instances):
        inst.animation_groups[0].current_time = (k * CROWD_PHASE) % 1.0
        add_animation_groups(manager, inst.animation_groups)
    if root_motion:
        enable_crowd_root_motion([inst.animation_groups[0] for inst in instances], "root")
    if not batched:
        disable_batched_evaluation(manager)
    for _ in range(10):
        update_animation_manager(manager, STEP_MS)
    return manager


def bench_root_motion(
    count: int, frames: int = 120, repeat: int = 5, *, batched: bool = True
) -> dict[str, float]:
    """The crowd of ``count`` with and without root motion, timed in alternating blocks.

    Both managers are built first; then ``repeat`` times, ``frames`` updates of one and
    ``frames`` of the other, so a change in machine load hits both alike. The figures are
    the best block of each, in ms of this process's CPU time per frame (a ratio of two
    workloads, kept steady on a shared machine; the other benchmarks report wall time).
    """
    managers = {
        flag: _crowd_manager(count, batched=batched, root_motion=flag) for flag in (False, True)
    }
    best = {False: math.inf, True: math.inf}
    for _ in range(max(1, repeat)):
        for flag, manager in managers.items():
            start = time.process_time()
            for _ in range(frames):
                update_animation_manager(manager, STEP_MS)
            best[flag] = min(best[flag], (time.process_time() - start) * 1000.0 / frames)
    return {
        "instances": float(count),
        "without": best[False],
        "with": best[True],
        "overhead": best[True] / best[False] - 1.0,
    }


def _main_root_motion(args: argparse.Namespace) -> int:
    """``bench crowd --root-motion``: the crowd with and without root motion."""
    counts = args.counts or [10, 100, 1_000, 4_000]
    rows = []
    for count in _each(counts, args):
        frames = max(10, args.frames // max(1, count // 1_000))
        rows.append(
            bench_root_motion(count, frames=frames, repeat=args.repeat, batched=not args.scalar)
        )
    if args.json:
        print(json.dumps({"workload": "crowd-root-motion", "results": rows}, indent=1))
        return 0
    print(f"{'instances':>10} {'without ms':>11} {'with ms':>9} {'overhead':>9}  (CPU time)")
    for row in rows:
        print(
            f"{int(row['instances']):>10} {row['without']:>11.3f} {row['with']:>9.3f} "
            f"{row['overhead'] * 100:>8.1f}%"
        )
    print("target: root motion within 10% of the crowd without it")
    print(f"root-motion pass: {_root_motion_path()}")
    print(f"machine: {_machine()}")
    return 0


def _root_motion_path() -> str:
    """Which form of the crowd's root-motion pass ran (compiled, or Python/numpy)."""
    from importlib.metadata import version

    from lite.batch.root_jit import ENABLED

    if ENABLED:
        return f"compiled (numba {version('numba')}); LITE_JIT=0 measures the Python/numpy path"
    return "Python/numpy (numba absent or LITE_JIT=0)"


def _crowd_ik_step(manager: Any, *, scalar: bool = False) -> Callable[[], object]:
    """One frame of ``manager``'s crowd then one leg-chain IK solve on every instance
    (``c0_j0 -> c0_j1 -> c0_j2``), crowd-wide, or pose by pose with ``scalar``."""
    import numpy as np

    from lite import solve_crowd_two_bone_ik, solve_two_bone_ik

    poses = list({id(g._ctrl._pose): g._ctrl._pose for g in manager._groups}.values())
    names = {nd.name: nd.index for nd in _crowd_base().nodes}
    r, m, t = names["c0_j0"], names["c0_j1"], names["c0_j2"]
    count = len(poses)
    # Each leg reaches for a point below and in front of its hip (some out of reach), the
    # knee pointing forward.
    hips = np.array([p.world[r, 3, 0:3] for p in poses])
    k = np.arange(count)
    offsets = np.stack((0.1 * np.cos(k), -0.2 - 0.15 * (k % 3 == 0), 0.1 * np.sin(k)), axis=1)
    targets = hips + offsets
    poles = hips + np.array([0.0, 0.0, 1.0])
    reached = np.zeros(count, dtype=np.bool_)

    def crowd() -> None:
        update_animation_manager(manager, STEP_MS)
        solve_crowd_two_bone_ik(poses, r, m, t, targets, poles=poles, out=reached)

    def per_pose() -> None:
        update_animation_manager(manager, STEP_MS)
        for i, pose in enumerate(poses):
            solve_two_bone_ik(pose, r, m, t, targets[i], pole=poles[i])

    return per_pose if scalar else crowd


def bench_ik(
    count: int, frames: int = 120, repeat: int = 5, *, batched: bool = True, per_pose: bool = True
) -> dict[str, float]:
    """The crowd of ``count`` with and without one leg-chain IK solve per frame.

    As :func:`bench_root_motion`: the managers are built first, then timed in alternating
    blocks of ``frames`` updates, best block of each, ms of CPU time per frame. With
    ``per_pose``, a third manager solves the same chains with ``solve_two_bone_ik`` in a
    Python loop (the cost the crowd form saves).
    """
    plain = _crowd_manager(count, batched=batched, root_motion=False)
    steps: dict[str, Callable[[], object]] = {
        "without": lambda: update_animation_manager(plain, STEP_MS),
        "with": _crowd_ik_step(_crowd_manager(count, batched=batched, root_motion=False)),
    }
    if per_pose:
        steps["per_pose"] = _crowd_ik_step(
            _crowd_manager(count, batched=batched, root_motion=False), scalar=True
        )
    best = dict.fromkeys(steps, math.inf)
    for _ in range(max(1, repeat)):
        for name, step in steps.items():
            runs = frames if name != "per_pose" else max(2, frames // 10)
            start = time.process_time()
            for _ in range(runs):
                step()
            best[name] = min(best[name], (time.process_time() - start) * 1000.0 / runs)
    row = {"instances": float(count), **best, "overhead": best["with"] / best["without"] - 1.0}
    return row


def _main_ik(args: argparse.Namespace) -> int:
    """``bench crowd --ik``: the crowd with and without a leg IK solve per frame."""
    counts = args.counts or [10, 100, 1_000, 4_000]
    rows = []
    for count in _each(counts, args):
        frames = max(10, args.frames // max(1, count // 1_000))
        rows.append(
            bench_ik(
                count,
                frames=frames,
                repeat=args.repeat,
                batched=not args.scalar,
                per_pose=count <= 1_000,
            )
        )
    if args.json:
        print(json.dumps({"workload": "crowd-ik", "results": rows}, indent=1))
        return 0
    print(
        f"{'instances':>10} {'without ms':>11} {'with IK ms':>11} {'overhead':>9} "
        f"{'IK ms':>8} {'per-pose IK ms':>15}  (CPU time)"
    )
    for row in rows:
        ik = row["with"] - row["without"]
        loop = row.get("per_pose")
        per_pose = f"{loop - row['without']:>15.3f}" if loop is not None else f"{'-':>15}"
        print(
            f"{int(row['instances']):>10} {row['without']:>11.3f} {row['with']:>11.3f} "
            f"{row['overhead'] * 100:>8.1f}% {ik:>8.3f} {per_pose}"
        )
    print("IK: solve_crowd_two_bone_ik on c0_j0 -> c0_j1 -> c0_j2 of every instance per frame;")
    print("per-pose: solve_two_bone_ik in a Python loop over the instances (up to 1,000)")
    print(f"machine: {_machine()}")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of ``python -m lite.tools.bench`` and ``lite-anim bench``."""
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["bake"]:  # bake throughput: lite.tools.bench_bake
        from lite.tools.bench_bake import main as bench_bake_main

        return bench_bake_main(argv[1:])
    if argv[:1] == ["state-machine"]:  # state machines vs cross-fades: lite.tools.bench_pose
        from lite.tools.bench_pose import main as bench_pose_main

        return bench_pose_main(argv[1:])
    if argv[:1] and argv[0] in PORT_WORKLOADS:  # the ports' workloads: lite.tools.bench_ports
        from lite.tools.bench_ports import main as bench_ports_main

        return bench_ports_main(argv)
    parser = argparse.ArgumentParser(
        prog="lite-anim bench",
        description="Benchmark the animation hot paths (crowd: batched glTF skeletons; "
        "property: plain Python objects), optionally side by side with Node engines.",
        epilog="example: lite-anim bench crowd --side-by-side",
    )
    parser.add_argument(
        "workload",
        choices=["crowd", "property", "compat", "bake", "state-machine", *PORT_WORKLOADS],
        help="which workload to run (bake: lite-anim bench bake --help; state-machine: "
        "lite-anim bench state-machine --help; gltf-crowd, eased, own-clips, blend: "
        "lite-anim bench gltf-crowd --help)",
    )
    parser.add_argument("--counts", type=int, nargs="+", help="instance (crowd) or group counts")
    parser.add_argument("--frames", type=int, default=120, help="timed frames per count")
    parser.add_argument("--repeat", type=int, default=3, help="best of this many medians")
    parser.add_argument(
        "--scalar", action="store_true", help="time the per-group controllers (no lite.batch)"
    )
    parser.add_argument(
        "--side-by-side",
        action="store_true",
        help="also run the Node scripts (Babylon Lite, Babylon.js, three.js) and print ratios",
    )
    parser.add_argument(
        "--arrays",
        action="store_true",
        help="property only: M entities in numpy arrays (create_array_animation_group), "
        "default M = 10000 and 1000000",
    )
    parser.add_argument(
        "--numpy-dtype",
        choices=["float32", "float64"],
        default="float32",
        help="dtype of the --arrays targets",
    )
    parser.add_argument(
        "--root-motion",
        action="store_true",
        help="crowd only: each count with and without root motion, and the overhead",
    )
    parser.add_argument(
        "--ik",
        action="store_true",
        help="crowd only: each count with and without a leg-chain IK solve per frame",
    )
    parser.add_argument("--write-asset", metavar="PATH", help="write the crowd GLB and exit")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    args = parser.parse_args(argv)

    if args.write_asset:
        from lite.tools.crowd_asset import crowd_asset_glb

        Path(args.write_asset).write_bytes(crowd_asset_glb())
        return 0
    if args.arrays:
        if args.workload != "property":
            parser.error("--arrays applies to the property workload")
        return _main_arrays(args)
    if args.workload == "compat":
        return _main_compat(args)
    if args.root_motion:
        if args.workload != "crowd":
            parser.error("--root-motion applies to the crowd workload")
        return _main_root_motion(args)
    if args.ik:
        if args.workload != "crowd":
            parser.error("--ik applies to the crowd workload")
        return _main_ik(args)
    crowd = args.workload == "crowd"
    counts = args.counts or ([1, 10, 100, 1_000] if crowd else [10, 100, 1_000, 10_000])
    key = "instances" if crowd else "groups"
    rows: list[dict[str, float]] = []
    for count in _each(counts, args):
        big = count >= (1_000 if crowd else 10_000)
        frames = args.frames if not big else max(10, args.frames // 2)
        if crowd:
            rows.append(
                bench_crowd(count, frames=frames, repeat=args.repeat, batched=not args.scalar)
            )
        else:
            rows.append(
                bench_property(count, frames=frames, repeat=args.repeat, batched=not args.scalar)
            )
    ours = {int(r[key]): r["ms_per_frame"] for r in rows}

    others: dict[str, dict[int, float]] = {}
    errors: dict[str, str] = {}
    if args.side_by_side:
        bench = node_bench_dir()
        if bench is None or shutil.which("node") is None:
            errors["node"] = "Node or parity/recorder/node_modules not found (npm ci there)"
        else:
            with tempfile.TemporaryDirectory() as tmp:
                node_args = [",".join(str(c) for c in counts)]
                if crowd:
                    from lite.tools.crowd_asset import crowd_asset_glb

                    asset = Path(tmp) / "crowd.glb"
                    asset.write_bytes(crowd_asset_glb())
                    node_args.insert(0, str(asset))
                for label, script in NODE_SCRIPTS[args.workload]:
                    result, error = _run_node(bench / script, node_args, args.repeat, 900.0)
                    others[label] = result
                    if error is not None:
                        errors[label] = error

    if args.json:
        doc: dict[str, object] = {"workload": args.workload, "results": rows}
        if args.side_by_side:
            doc["node"] = {k: {str(c): v for c, v in r.items()} for k, r in others.items()}
            doc["errors"] = errors
            doc["machine"] = _machine()
        print(json.dumps(doc, indent=1))
        return 0
    if not args.side_by_side:
        unit = "us/instance" if crowd else "us/group"
        per = "us_per_instance" if crowd else "us_per_group"
        print(f"{key:>10} {'ms/frame':>10} {unit:>12}")
        for row in rows:
            print(f"{int(row[key]):>10} {row['ms_per_frame']:>10.3f} {row[per]:>12.2f}")
        return 0
    _print_table(args.workload, key, ours, others)
    for label, error in errors.items():
        print(f"  {label}: {error}", file=sys.stderr)
    print("targets:")
    for line in _targets(args.workload, ours, others):
        print(line)
    print(f"machine: {_machine()}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
