"""Worker threads for the component-major path (lite.batch.threads): the chunks give the
whole batch's bits, the chunking rule, and a pool that survives a fork."""

from __future__ import annotations

import os

import numpy as np
import pytest

import lite
from lite.batch.engine import batch_engine_of
from lite.batch.threads import THREAD_MIN_ROWS, chunk_bounds, worker_pool
from lite.loader_gltf import load_gltf
from lite.loader_gltf.instancing import instantiate_many
from lite.tools.crowd_asset import CROWD_PHASE, crowd_asset_glb

STEP = 1000.0 / 60.0


def _crowd(count: int, threads: int, *, root_motion: bool = False) -> tuple:
    insts = instantiate_many(load_gltf(crowd_asset_glb()), count)
    m = lite.create_animation_manager()
    groups = [inst.animation_groups[0] for inst in insts]
    for k, g in enumerate(groups):
        g.current_time = (k * CROWD_PHASE) % 1.0
        g.speed_ratio = (1.0, 2.5, 0.5)[k % 3]
        lite.add_animation_groups(m, [g])
    crowd = lite.enable_crowd_root_motion(groups, 0) if root_motion else None
    engine = batch_engine_of(m)
    assert engine is not None
    engine.threads = threads
    return m, insts, crowd


@pytest.mark.parametrize("root_motion", [False, True])
def test_threaded_chunks_give_the_single_chunks_bits(root_motion: bool) -> None:
    count = 3 * THREAD_MIN_ROWS + 7  # three chunks of unequal size
    runs = [_crowd(count, threads, root_motion=root_motion) for threads in (1, 3)]
    for frame in range(40):
        for m, _, _ in runs:
            lite.update_animation_manager(m, STEP + frame % 3)
    (_, one, c1), (m3, three, c3) = runs
    assert len(batch_engine_of(m3).batches[0].soa_chunks) == 3  # type: ignore[union-attr]
    slab1, slab3 = one[0].pose.slab, three[0].pose.slab  # type: ignore[attr-defined]
    np.testing.assert_array_equal(slab1.local, slab3.local)
    np.testing.assert_array_equal(slab1.world, slab3.world)
    for p1, p3 in zip(slab1.palettes, slab3.palettes, strict=True):
        np.testing.assert_array_equal(p1, p3)
    if root_motion:
        np.testing.assert_array_equal(c1.positions, c3.positions)


def test_chunks_are_contiguous_balanced_and_never_below_the_minimum() -> None:
    assert chunk_bounds(100, 4) == [(0, 100)]
    assert chunk_bounds(2 * THREAD_MIN_ROWS, 2) == [
        (0, THREAD_MIN_ROWS),
        (THREAD_MIN_ROWS, 2 * THREAD_MIN_ROWS),
    ]
    bounds = chunk_bounds(1001, 4)
    assert bounds[0][0] == 0 and bounds[-1][1] == 1001
    assert all(a[1] == b[0] for a, b in zip(bounds, bounds[1:], strict=False))
    sizes = [b - a for a, b in bounds]
    assert max(sizes) - min(sizes) <= 1 and min(sizes) >= THREAD_MIN_ROWS
    assert chunk_bounds(5 * THREAD_MIN_ROWS, 1) == [(0, 5 * THREAD_MIN_ROWS)]


def test_a_worker_exception_reaches_the_caller() -> None:
    def boom() -> None:
        raise ValueError("chunk failed")

    with pytest.raises(ValueError, match="chunk failed"):
        worker_pool(2).submit(boom).result()


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this platform")
def test_a_forked_child_gets_a_pool_of_its_own() -> None:
    parent = worker_pool(2)
    assert parent.submit(lambda: 1).result() == 1
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # child: the inherited pool has no threads; a new one must run the work
        try:
            ok = worker_pool(2) is not parent and worker_pool(2).submit(lambda: 7).result() == 7
            os.write(write, b"1" if ok else b"0")
        finally:
            os._exit(0)
    os.close(write)
    _, status = os.waitpid(pid, 0)
    assert os.read(read, 1) == b"1" and status == 0
    os.close(read)
