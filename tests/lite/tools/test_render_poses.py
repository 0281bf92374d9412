"""``render_poses`` / ``sample_poses``: rendering poses the user made (a cross-fade here).

The poses come from ``lite.snapshot_pose`` after updates of the user's own program. The
check that they are drawn as recorded: snapshots taken at the times ``sample_asset`` samples
a clip give the same scene input, and (on a GPU adapter, ``gpu`` mark) the same pixels as
``render_asset_frames`` on the same device.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

import lite
from lite.animation.animation_group import go_to_frame, play_animation
from lite.assets import DEFAULT_FIGURE
from lite.errors import LiteError
from lite.tools.render import (
    contact_sheet,
    render_asset_frames,
    render_poses,
    sample_asset,
    sample_poses,
)


def _clip_snapshots(clip: str, frames: int) -> tuple[Any, list[lite.PoseSnapshot]]:
    asset = lite.load_gltf(DEFAULT_FIGURE)
    group = next(g for g in asset.animation_groups if g.name == clip)
    play_animation(group)
    poses = []
    for i in range(frames):
        go_to_frame(group, i * float(group.duration) / frames * group.frame_rate)
        poses.append(lite.snapshot_pose(asset, group))
    return asset, poses


def test_snapshots_give_the_scene_sample_asset_gives_for_the_same_times() -> None:
    asset, poses = _clip_snapshots("walk", 4)
    ours = sample_poses(asset, poses)
    ref = sample_asset(lite.load_gltf(DEFAULT_FIGURE), "walk", 4)
    assert len(ours.meshes) == len(ref.meshes)
    np.testing.assert_allclose(ours.times, ref.times)
    for a, b in zip(ours.meshes, ref.meshes, strict=True):
        np.testing.assert_allclose(a.model, b.model, atol=1e-6)
    for pa, pb in zip(ours.palettes, ref.palettes, strict=True):
        assert (pa is None) == (pb is None)
        if pa is not None and pb is not None:
            np.testing.assert_allclose(pa, pb, atol=1e-6)
    for wa, wb in zip(ours.morph_weights, ref.morph_weights, strict=True):
        assert (wa is None) == (wb is None)
        if wa is not None and wb is not None:
            np.testing.assert_allclose(wa, wb, atol=1e-7)


def test_a_cross_fade_the_user_drives_is_sampled_pose_by_pose() -> None:
    asset = lite.load_gltf(DEFAULT_FIGURE)
    manager = lite.create_animation_manager()
    lite.add_animation_groups(manager, asset.animation_groups)
    walk = next(g for g in asset.animation_groups if g.name == "walk")
    run = next(g for g in asset.animation_groups if g.name == "run")
    play_animation(walk)
    play_animation(run)
    poses = []
    for i in range(6):
        walk.weight, run.weight = 1.0 - i / 5, i / 5
        lite.update_animation_manager(manager, 100.0)
        poses.append(lite.snapshot_pose(asset, walk))
    scene = sample_poses(asset, poses)
    skinned = [p for p in scene.palettes if p is not None]
    assert skinned and all(p.shape[0] == 6 for p in skinned)
    assert not np.allclose(skinned[0][0], skinned[0][5])  # the poses differ frame to frame
    np.testing.assert_allclose(scene.times, [p.time for p in poses])


def test_poses_that_do_not_fit_the_asset_raise_render_001(tmp_path: Any) -> None:
    asset, poses = _clip_snapshots("walk", 2)
    with pytest.raises(LiteError) as info:
        sample_poses(asset, [])
    assert info.value.code == "LITE-RENDER-001"
    bad = lite.PoseSnapshot(
        time=None,
        translation=poses[0].translation[:2],
        rotation=poses[0].rotation[:2],
        scale=poses[0].scale[:2],
        world_matrices=poses[0].world_matrices[:2],
        joint_matrices=poses[0].joint_matrices,
        morph_weights=poses[0].morph_weights,
    )
    with pytest.raises(LiteError) as info:
        sample_poses(asset, [bad])
    assert info.value.code == "LITE-RENDER-001" and "nodes" in str(info.value)
    with pytest.raises(LiteError) as info:
        sample_poses(asset, ["not a pose"])  # type: ignore[list-item]
    assert info.value.code == "LITE-RENDER-001"


@pytest.mark.gpu
def test_render_poses_draws_what_render_asset_frames_draws(render_device: Any) -> None:
    asset, poses = _clip_snapshots("walk", 3)
    ours = render_poses(asset, poses, (64, 64), device=render_device, samples=1)
    ref = render_asset_frames(
        lite.load_gltf(DEFAULT_FIGURE), "walk", 3, (64, 64), device=render_device, samples=1
    )
    assert ours.shape == (3, 64, 64, 4)
    assert np.abs(ours.astype(int) - ref.astype(int)).max() <= 1
    sheet = contact_sheet(ours, 3)
    assert sheet.size == (3 * 64, 64)
