"""A warm frame allocates nothing that grows (tracemalloc guard): property groups, blended
property groups, glTF groups, a batched crowd and the glTF mixer."""

from __future__ import annotations

import gc
import tracemalloc
from pathlib import Path
from types import SimpleNamespace

import lite


class Vec3:
    __slots__ = ("x", "y", "z")

    def __init__(self) -> None:
        self.x = self.y = self.z = 0.0

    def set(self, x: float, y: float, z: float) -> None:
        self.x, self.y, self.z = x, y, z


def _net_growth(blending: bool, frames: int) -> tuple[int, int]:
    m = lite.create_animation_manager()
    clip = lite.create_property_animation_clip(
        "c",
        [
            {
                "path": "position.x",
                "keys": [
                    {"time": 0, "value": 0},
                    {"time": 0.5, "value": 2},
                    {"time": 1, "value": 0},
                ],
            },
            {
                "path": "position",
                "keys": [{"time": 0, "value": [0, 0, 0]}, {"time": 1, "value": [1, 2, 3]}],
            },
        ],
    )
    for i in range(100):
        target = SimpleNamespace(position=Vec3())
        g = lite.create_property_animation_group(m, target, clip)
        if blending and i % 2:
            lite.set_animation_weight(g, 0.5)
    if blending:
        lite.enable_property_animation_blending(m)
    for _ in range(200):  # warm-up
        lite.update_animation_manager(m, 16.0)
    gc.collect()
    tracemalloc.start()
    before, _ = tracemalloc.get_traced_memory()
    tracemalloc.reset_peak()
    for _ in range(frames):
        lite.update_animation_manager(m, 16.0)
    gc.collect()
    after, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return after - before, peak - before


def test_warm_frames_do_not_grow_memory() -> None:
    growth, peak = _net_growth(blending=False, frames=10_000)
    assert growth <= 1024, growth
    assert peak < 64 * 1024, peak


def test_warm_blended_frames_do_not_grow_memory() -> None:
    growth, peak = _net_growth(blending=True, frames=2_000)
    assert growth <= 1024, growth
    assert peak < 64 * 1024, peak


# ---------------------------------------------------------------------------------------------
# glTF groups, a batched crowd, the glTF mixer
# ---------------------------------------------------------------------------------------------

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _measure(m: lite.AnimationManager, frames: int = 1_000) -> tuple[int, int]:
    for _ in range(200):  # warm-up: plans, scratch, caches
        lite.update_animation_manager(m, 16.0)
    gc.collect()
    tracemalloc.start()
    before, _ = tracemalloc.get_traced_memory()
    tracemalloc.reset_peak()
    for _ in range(frames):
        lite.update_animation_manager(m, 16.0)
    gc.collect()
    after, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return after - before, peak - before


def test_warm_gltf_group_frames_do_not_grow_memory() -> None:
    m = lite.create_animation_manager(batched=False)
    asset = lite.load_gltf(FIXTURES / "rigged_figure.glb")
    lite.add_animation_groups(m, asset.animation_groups)
    growth, peak = _measure(m)
    assert growth <= 1024, growth
    assert peak < 64 * 1024, peak


def test_warm_batched_crowd_frames_do_not_grow_memory() -> None:
    m = lite.create_animation_manager()
    asset = lite.load_gltf(FIXTURES / "rigged_figure.glb")
    crowd = lite.instantiate_many(asset, 16)
    for i, instance in enumerate(crowd):
        groups = instance.animation_groups
        groups[0].current_time = 0.05 * i
        lite.add_animation_groups(m, groups)
    eng = lite.batch_engine_of(m)
    assert eng is not None
    growth, peak = _measure(m)
    assert eng.batches, "the crowd was not batched"
    assert growth <= 1024, growth
    assert peak < 256 * 1024, peak


def test_warm_gltf_mixer_frames_do_not_grow_memory() -> None:
    m = lite.create_animation_manager()
    asset = lite.load_gltf(FIXTURES / "rigged_figure.glb")
    groups = asset.animation_groups
    lite.add_animation_groups(m, groups)
    lite.enable_animation_blending(m)
    for g in groups:
        lite.play_animation(g)
        lite.set_animation_weight(g, 0.5)
    growth, peak = _measure(m)
    assert growth <= 1024, growth
    assert peak < 64 * 1024, peak
