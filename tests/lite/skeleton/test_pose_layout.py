"""The one matrix convention: runtime flat column-major, bakes (4, 4) row-major (issue 16)."""

from __future__ import annotations

import numpy as np
import pytest

import lite
from lite.assets import DEFAULT_FIGURE
from lite.bake import bake_clip
from lite.errors import AnimationStateError


def test_a_node_world_matrix_converts_to_the_baked_layout_as_a_live_view() -> None:
    asset = lite.load_gltf(DEFAULT_FIGURE)
    group = asset.animation_groups[0]
    baked = bake_clip(asset, group.name, fps=8)
    node = asset.nodes[group.targeted_animations[1].node_index or 0]
    m = lite.as_row_major(node.world_matrix)
    assert m.shape == (4, 4) and np.shares_memory(m, node.world_matrix)
    lite.go_to_frame(group, 0)
    np.testing.assert_allclose(m, baked.world_matrices[0, node.index], atol=1e-6)
    before = m.copy()
    lite.go_to_frame(group, group.duration * group.frame_rate / 3)
    assert not np.array_equal(m, before)  # a view follows the pose; .copy() keeps a frame


def test_the_conversions_are_inverse_and_zero_copy_both_ways() -> None:
    flat = np.arange(32, dtype=np.float32).reshape(2, 16)
    rows = lite.as_row_major(flat)
    assert rows.shape == (2, 4, 4) and np.shares_memory(rows, flat)
    assert rows[0, 0, 3] == flat[0, 12]  # translation x sits at 12 column-major
    back = lite.as_column_major(rows)
    assert np.shares_memory(back, flat) and np.array_equal(back, flat)
    m = np.eye(4)
    m[:3, 3] = (1.0, 2.0, 3.0)
    assert lite.as_column_major(m)[12:15].tolist() == [1.0, 2.0, 3.0]
    np.testing.assert_array_equal(lite.as_row_major(lite.as_column_major(m)), m)


@pytest.mark.parametrize("bad", [np.zeros(15), np.zeros((3, 3)), np.float64(1.0)])
def test_a_wrong_shape_is_refused_with_a_code(bad: np.ndarray) -> None:
    with pytest.raises(AnimationStateError) as exc:
        lite.as_row_major(bad)
    assert exc.value.code == "LITE-STATE-031" and str(bad.shape) in str(exc.value)
    with pytest.raises(AnimationStateError) as exc:
        lite.as_column_major(np.zeros((2, 16)))
    assert exc.value.code == "LITE-STATE-031"


def test_snapshot_pose_copies_what_the_live_views_share() -> None:
    asset = lite.load_gltf(DEFAULT_FIGURE)
    group = asset.animation_groups[0]
    manager = lite.create_animation_manager()
    lite.add_animation_groups(manager, asset.animation_groups)
    node = asset.nodes[group.targeted_animations[1].node_index or 0]
    views, snaps = [], []
    for _ in range(3):
        lite.update_animation_manager(manager, 100.0)
        views.append(node.world_matrix)
        snaps.append(lite.snapshot_pose(asset, group))
    assert all(np.array_equal(v, views[0]) for v in views)  # one live array, three times
    assert not np.array_equal(snaps[0].world_matrices, snaps[2].world_matrices)
    assert [s.time for s in snaps] == pytest.approx([0.1, 0.2, 0.3])
    last = snaps[-1]
    np.testing.assert_array_equal(last.world_matrices[node.index], lite.as_row_major(views[0]))
    skel = asset.skeletons[0]
    np.testing.assert_array_equal(last.joint_matrices[0], lite.as_row_major(skel.joint_matrices))
    np.testing.assert_array_equal(last.rotation[node.index], node.rotation)
    # The same layout as one frame of a bake at that time.
    baked = bake_clip(lite.load_gltf(DEFAULT_FIGURE), group.name, fps=10)
    np.testing.assert_allclose(last.world_matrices, baked.world_matrices[3], atol=1e-6)
    np.testing.assert_allclose(last.joint_matrices[0], baked.skins[0].palettes[3], atol=1e-6)
