"""Load/play/dispose cycles of a skinned, morphed asset with a GPU engine leave nothing behind."""

from __future__ import annotations

import gc
import os
import tracemalloc
from pathlib import Path

import pytest

import lite

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
CYCLES = 1_000


def _live_gpu_objects() -> dict[str, int]:
    import wgpu

    counts = wgpu.diagnostics.object_counts.get_dict()
    return {name: int(v["count"]) for name, v in counts.items() if name in ("Texture", "Buffer")}


def _cycle(engine: object, manager: lite.AnimationManager, path: Path) -> None:
    from lite.skeleton.gpu_upload import dispose_asset_gpu

    asset = lite.load_gltf(path, engine=engine)
    lite.add_animation_groups(manager, asset.animation_groups)
    for _ in range(3):
        lite.update_animation_manager(manager, 16.0)
    dispose_asset_gpu(engine, asset)  # type: ignore[arg-type]
    lite.update_animation_manager(manager, 16.0)  # surviving groups never upload again
    for group in asset.animation_groups:
        lite.remove_animation_group(manager, group)


@pytest.mark.gpu
@pytest.mark.parametrize("fixture", ["rigged_figure.glb", "morph_figure.glb"])
def test_load_play_dispose_cycles_leave_no_growth(fixture: str) -> None:
    from lite.skeleton.gpu_upload import create_engine, dispose_engine

    engine = create_engine()
    manager = lite.create_animation_manager(engine=engine)
    path = FIXTURES / fixture
    cycles = CYCLES if fixture == "rigged_figure.glb" or os.environ.get("LITE_LONG") else 200
    for _ in range(20):  # warm-up: caches, first-use allocations
        _cycle(engine, manager, path)
    gc.collect()
    objects_before = _live_gpu_objects()
    tracemalloc.start()
    half = cycles // 2
    for _ in range(half):
        _cycle(engine, manager, path)
    gc.collect()
    middle, _ = tracemalloc.get_traced_memory()  # the last asset and caches are retained here
    for _ in range(cycles - half):
        _cycle(engine, manager, path)
    gc.collect()
    after, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    objects_after = _live_gpu_objects()
    assert engine._skeletons == {}
    assert engine._morphs == {}
    assert len(engine._retired) <= 4  # only entries of assets still referenced nearby
    assert lite.get_animation_groups(manager) == ()
    assert objects_after == objects_before, (objects_before, objects_after)
    # No growth: the second half of the cycles adds (almost) nothing to what the first left.
    assert after - middle < 32 * 1024, after - middle
    dispose_engine(engine)
