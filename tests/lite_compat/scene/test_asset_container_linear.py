"""``instantiateModelsToScene`` stays linear: the work of one more glTF clone (Python calls,
identity comparisons in scene-list scans) does not grow with the clones already in the scene.
Counted, never timed."""

from __future__ import annotations

import asyncio
import cProfile
import gc
import pstats
import warnings
from pathlib import Path
from typing import Any

import pytest

from lite.errors import LiteWarning
from lite_compat import NullEngine, Scene
from lite_compat.loading.scene_loader import LoadAssetContainerAsync

FIXTURE = Path(__file__).resolve().parents[2] / "fixtures" / "rigged_figure.glb"


@pytest.fixture
def container() -> Any:
    warnings.simplefilter("ignore", LiteWarning)
    scene = Scene(NullEngine())

    async def load() -> Any:
        data = FIXTURE.read_bytes()
        return await LoadAssetContainerAsync(data, scene, {"pluginExtension": ".glb"})

    return asyncio.run(load())


def _clone(container: Any, count: int, offset: int, *, start: bool) -> None:
    """``count`` more clones; with ``start`` each clone's first group is also started after
    stopping all of them, as a crowd does (planning and the scene's playOrder sort)."""
    for k in range(count):
        entries = container.instantiateModelsToScene(
            lambda n, k=k: f"{n}_{offset + k}", False, {"doNotInstantiate": True}
        )
        if start:
            for group in entries.animationGroups:
                group.stop()
            entries.animationGroups[0].start(True)


def _calls(container: Any, count: int, offset: int, *, start: bool) -> int:
    """Python calls made by ``_clone`` (planning and the playOrder sort counted too)."""
    # Only the clones' own calls: no finalizer of an earlier test's garbage (a collection
    # the copies' allocations would trigger) is counted.
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    profile = cProfile.Profile()
    try:
        profile.enable()
        _clone(container, count, offset, start=start)
        profile.disable()
    finally:
        if enabled:
            gc.enable()
    stats = pstats.Stats(profile)
    return sum(entry[1] for entry in stats.stats.values())  # type: ignore[attr-defined]


@pytest.mark.parametrize("start", [False, True], ids=["cloned", "cloned-and-started"])
def test_one_more_clone_costs_the_same_number_of_calls(container: Any, start: bool) -> None:
    _clone(container, 2, 0, start=start)  # warm the per-class caches
    early = _calls(container, 4, 2, start=start)
    _clone(container, 24, 6, start=start)  # not profiled: only their number matters
    late = _calls(container, 4, 30, start=start)
    # 24 clones later, 4 more clones make the same calls (no per-clone scan in Python).
    assert late == early
