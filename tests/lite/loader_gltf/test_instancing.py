"""instantiate / instantiate_many: instances share the asset's clips and own their live state.

The batched evaluation of instances is tested with the batch engine (tests/lite/batch/test_engine.py).
"""

from __future__ import annotations

import gc
import tracemalloc

import numpy as np
import pytest

from lite.errors import AnimationStateError
from lite.loader_gltf import instantiate, instantiate_many, load_gltf
from tests.lite._gltf_util import FIXTURES


def test_an_instance_shares_clips_and_owns_its_pose() -> None:
    asset = load_gltf(FIXTURES / "rigged_figure.glb")
    twin = instantiate(asset)
    assert twin.animation_data.clips is asset.animation_data.clips
    assert twin.skins is asset.skins
    assert twin.pose is not asset.pose
    np.testing.assert_array_equal(twin.pose.local, asset.pose.local)
    twin.nodes[2].translation[1] = 5.0
    assert asset.nodes[2].translation[1] != 5.0
    assert len(twin.animation_groups) == len(asset.animation_groups)
    assert twin.animation_groups[0] is not asset.animation_groups[0]


def test_instantiate_many_makes_count_instances() -> None:
    asset = load_gltf(FIXTURES / "rigged_figure.glb")
    crowd = instantiate_many(asset, 3)
    assert len(crowd) == 3
    assert len({id(a.pose) for a in crowd}) == 3


@pytest.mark.parametrize("count", [0, -1, 1.5, True])
def test_instantiate_many_refuses_a_bad_count(count: object) -> None:
    asset = load_gltf(FIXTURES / "rigged_figure.glb")
    with pytest.raises(AnimationStateError) as exc:
        instantiate_many(asset, count)  # type: ignore[arg-type]
    assert exc.value.code == "LITE-STATE-015"


def _traced_after(make: object) -> tuple[int, int]:
    """(bytes held while the instances live, bytes still held once they are dropped)."""
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        instances = make()  # type: ignore[operator]
        held = tracemalloc.get_traced_memory()[0] - base
        del instances
        gc.collect()
        left = tracemalloc.get_traced_memory()[0] - base
    finally:
        tracemalloc.stop()
    return held, left


def test_dropping_every_instance_returns_the_slab_memory() -> None:
    # issue 15, finding 13: the slab `instantiate` was filling stayed referenced by the
    # module's chain table after every instance went (113 MiB at 1,001 instances).
    asset = load_gltf(FIXTURES / "rigged_figure.glb")
    for make in (
        lambda: [instantiate(asset) for _ in range(40)],  # slabs of 16 and 32, the last half full
        lambda: instantiate_many(asset, 40),
    ):
        held, left = _traced_after(make)
        assert held > 200_000
        assert left < held / 50, (held, left)
    # A new chain starts after the old one is gone, and still shares the asset's clips.
    twin = instantiate(asset)
    assert twin.animation_data.clips is asset.animation_data.clips
    assert twin.pose.slab is not None
    assert twin.pose.slab.count == 1
