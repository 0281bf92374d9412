"""Zero net allocation over warm frames: state machines in both modes, and the pose-graph
functions called directly (tracemalloc, as tests/lite/test_allocations.py)."""

from __future__ import annotations

import gc
import tracemalloc
from collections.abc import Callable

import lite
from tests.lite.pose._util import clip, figure


def _growth(step: Callable[[], None], frames: int = 1_000) -> tuple[int, int]:
    for _ in range(200):  # warm-up: plans, scratch, caches
        step()
    gc.collect()
    tracemalloc.start()
    before, _ = tracemalloc.get_traced_memory()
    tracemalloc.reset_peak()
    for _ in range(frames):
        step()
    gc.collect()
    after, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return after - before, peak - before


def test_warm_groups_mode_machines_do_not_grow_memory() -> None:
    base = figure()
    manager = lite.create_animation_manager()
    for inst in lite.instantiate_many(base, 8):
        lite.create_state_machine(
            manager,
            inst,
            states={"walk": "walk", "run": "run"},
            transitions=[
                {"from": "walk", "to": "run", "when": [("speed", ">", 2.0)], "duration_ms": 200},
                {"from": "run", "to": "walk", "when": [("speed", "<=", 2.0)], "duration_ms": 200},
            ],
            parameters={"speed": 1.0},
            initial="walk",
        )
    # About 0.8 KiB stays whatever the frame count (measured at 1,000 and 4,000 frames: the
    # manager's and tracemalloc's own bookkeeping); a leak of one small object per frame
    # would be tens of KiB over these 3,000 frames.
    growth, peak = _growth(lambda: lite.update_animation_manager(manager, 16.0), 3_000)
    assert growth <= 2048, growth
    assert peak < 256 * 1024, peak


def test_warm_pose_mode_machine_mid_cross_fade_does_not_grow_memory() -> None:
    asset = figure()
    space = lite.create_blend_space_2d(
        [clip(asset, n) for n in ("walk", "run", "wave")], [(0, 0), (2, 0), (0, 2)]
    )
    manager = lite.create_animation_manager()
    machine = lite.create_state_machine(
        manager,
        asset,
        states={"move": {"blend_space": space, "parameter": ("x", "y")}, "blink": "blink"},
        transitions=[{"from": "move", "to": "blink", "trigger": "go", "duration_ms": 1e9}],
        parameters={"x": 0.7, "y": 0.6},
        initial="move",
    )
    lite.update_animation_manager(manager, 16.0)
    lite.fire_state_trigger(machine, "go")
    lite.update_animation_manager(manager, 16.0)
    assert machine.in_transition
    growth, peak = _growth(lambda: lite.update_animation_manager(manager, 16.0))
    assert machine.in_transition  # every measured frame blended two states
    assert growth <= 1024, growth
    assert peak < 64 * 1024, peak


def test_pose_functions_called_directly_do_not_grow_memory() -> None:
    asset = figure()
    walk, run = clip(asset, "walk"), clip(asset, "run")
    a, b, out, delta = (lite.create_pose(asset) for _ in range(4))
    space = lite.create_blend_space_1d([walk, run], [1.0, 3.0])
    mask = [1, 2, 3]
    clock = [0.0]

    def step() -> None:
        clock[0] = (clock[0] + 0.016) % 1.0
        t = clock[0]
        lite.sample_clip(walk, t, a)
        lite.sample_clip(run, t * 0.6, b)
        lite.blend_poses(a, b, 0.3, out)
        lite.blend_poses(a, b, 0.6, out, mask=mask)
        lite.additive_pose(a, b, delta)
        lite.add_pose(b, delta, 0.5, out)
        lite.sample_blend_space(space, 2.2, t, out)
        lite.apply_pose(out, asset)

    growth, peak = _growth(step)
    assert growth <= 1024, growth
    assert peak < 64 * 1024, peak
