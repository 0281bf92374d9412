"""Every writer of a shared pose holds ``NodePose.lock`` (issue 15, finding 5).

A detached group (attached to no manager) of an asset shares the asset's pose with the groups a
manager plays on its autonomous thread. Seeking it used to write the pose with no lock while the
loop wrote it too: poses tore (world matrices that do not belong to the local TRS beside them)
and, on an instance (strided slab views), the loop died with NumPy's ``WRITEBACKIFCOPY base is
read-only``. Here a checker task on the loop thread takes the pose lock and verifies that the
world matrices are those of the local TRS, while the main thread seeks the detached sibling.
"""

from __future__ import annotations

import threading

import numpy as np
import pytest

import lite
from lite.animation.state import AnimationManager, AnimationTask
from lite.assets import default_figure_path
from lite.skeleton.pose import create_node_pose, update_world_matrices

SEEKS = 300


def _asset(kind: str) -> lite.GltfAsset:
    source = lite.load_gltf(default_figure_path())
    if kind == "asset":
        return source
    if kind == "instance":
        return lite.instantiate(source)
    return lite.instantiate_many(source, 8)[3]


@pytest.mark.parametrize("kind", ["asset", "instance", "crowd"])
@pytest.mark.parametrize("path", ["scalar", "batched", "blended"])
def test_seeking_a_detached_sibling_never_tears_the_pose(kind: str, path: str) -> None:
    asset = _asset(kind)
    pose = asset.pose
    walk, run = asset.animation_groups[0], asset.animation_groups[1]
    manager = lite.create_animation_manager(fixed_delta_ms=0.01)  # a tick after every tick
    if path == "scalar":
        lite.disable_batched_evaluation(manager)
    lite.add_animation_groups(manager, [walk])
    if path == "blended":
        lite.enable_animation_blending(manager)
        lite.set_animation_weight(walk, 0.5)
    check = create_node_pose(asset.animation_data.nodes, [nd.matrix for nd in asset.nodes])
    checked = [0]
    torn: list[float] = []
    ticked = threading.Event()

    def verify(_manager: AnimationManager, _delta: float, _task: AnimationTask) -> None:
        with pose.lock:
            np.copyto(check.local, pose.local)
            update_world_matrices(check)
            err = float(np.max(np.abs(check.world - pose.world)))
        checked[0] += 1
        ticked.set()
        if err > 1e-5:
            torn.append(err)

    lite.add_animation_task(manager, lite.create_animation_task(verify))
    lite.play_animation(walk)
    lite.play_animation(run)  # detached, but not stopped: each seek writes the shared pose
    lite.start_animation_manager(manager)
    try:
        assert ticked.wait(10.0)
        for i in range(SEEKS):
            lite.go_to_frame(run, (i * 7) % 40)
            assert manager.loop_error is None, f"loop died at seek {i}"
    finally:
        lite.stop_animation_manager(manager)  # re-raises an error of the loop thread
    assert checked[0] > 0
    assert torn == []


def test_instances_of_one_slab_share_its_lock() -> None:
    source = lite.load_gltf(default_figure_path())
    first, second = lite.instantiate_many(source, 4)[:2]
    alone = lite.instantiate(source)
    assert first.pose.lock is second.pose.lock
    assert first.pose.lock is not source.pose.lock
    assert alone.pose.lock is not first.pose.lock


def test_a_seek_waits_for_a_writer_holding_the_pose_lock() -> None:
    asset = lite.load_gltf(default_figure_path())
    run = asset.animation_groups[1]
    lite.play_animation(run)
    before = asset.pose.local.copy()
    done = threading.Event()

    def seek() -> None:
        lite.go_to_frame(run, 12)
        done.set()

    with asset.pose.lock:
        worker = threading.Thread(target=seek)
        worker.start()
        assert not done.wait(0.2)  # blocked on the lock: the pose is untouched meanwhile
        np.testing.assert_array_equal(asset.pose.local, before)
    worker.join(10.0)
    assert done.is_set()
    assert not np.array_equal(asset.pose.local, before)
