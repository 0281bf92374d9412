"""The asset's public surface: short reprs with detail on request, ``asset.node(name)``, and
one matrix convention (``world_matrices`` row-major everywhere public)."""

from __future__ import annotations

import numpy as np
import pytest

import lite
import lite.assets
from lite.errors import GltfLoadError


@pytest.fixture
def asset() -> lite.GltfAsset:
    return lite.load_gltf(lite.assets.figure_path())


def test_reprs_are_short(asset: lite.GltfAsset) -> None:
    manager = lite.create_animation_manager()
    clip = lite.create_property_animation_clip(
        "x", [{"path": "x", "keys": [{"time": 0.0, "value": 0.0}, {"time": 1.0, "value": 1.0}]}]
    )

    class Obj:
        x = 0.0

    group = lite.create_property_animation_group(manager, Obj(), clip)
    objects: list[object] = [
        asset,
        asset.pose,
        asset.animation_data,
        *asset.animation_groups,
        *asset.animation_data.clips,
        *asset.skeletons,
        *asset.morph_targets,
        manager,
        clip,
        group,
        lite.bind_property_clip(Obj(), clip),
    ]
    for obj in objects:
        text = repr(obj)
        assert len(text) < 300, text
        assert text.startswith(type(obj).__name__ + "(")
    assert "nodes=16" in repr(asset)
    assert "'walk'" in repr(asset)
    assert "float64[16, 4, 4]" in repr(asset.pose)


def test_describe_gives_the_detail(asset: lite.GltfAsset) -> None:
    text = asset.describe()
    assert "'Hips' parent=0" in text
    assert all(repr(g) in text for g in asset.animation_groups)
    detail = asset.animation_groups[0].describe()
    assert "targeted_animations" in detail and len(detail) > 1000


def test_node_returns_the_node(asset: lite.GltfAsset) -> None:
    assert asset.node("Hips") is asset.find_node("Hips")
    assert asset.node("Hips").index == 1


def test_node_raises_a_coded_error_with_close_matches(asset: lite.GltfAsset) -> None:
    with pytest.raises(GltfLoadError) as info:
        asset.node("hip")
    assert info.value.code == "LITE-GLTF-021"
    assert "'hip'" in str(info.value)
    assert "'Hips'" in str(info.value)
    assert asset.find_node("hip") is None


def test_world_matrices_follow_the_public_convention(asset: lite.GltfAsset) -> None:
    manager = lite.create_animation_manager()
    lite.add_animation_group(manager, asset.animation_groups[0])
    lite.update_animation_manager(manager, 250.0)
    world = asset.pose.world_matrices
    assert world.shape == (16, 4, 4)
    snap = lite.snapshot_pose(asset)
    np.testing.assert_array_equal(world, snap.world_matrices)
    # Row-major, column vectors: the translation is the last column, M @ p moves a point.
    hips = world[1]
    np.testing.assert_array_equal(hips[3], [0.0, 0.0, 0.0, 1.0])
    origin = hips @ np.array([0.0, 0.0, 0.0, 1.0])
    np.testing.assert_array_equal(origin[:3], hips[:3, 3])
    # A view of the storage: the runtime's (GPU) block is the transpose.
    np.testing.assert_array_equal(asset.pose.world[1], hips.T)
    assert np.shares_memory(world, asset.pose.world)


def test_subclass_reprs_stay_short(asset: lite.GltfAsset) -> None:
    """Array groups and instance poses (dataclass subclasses) keep the short form."""
    manager = lite.create_animation_manager()
    clip = lite.create_property_animation_clip(
        "x", [{"path": "x", "keys": [{"time": 0.0, "value": 0.0}, {"time": 1.0, "value": 1.0}]}]
    )
    group = lite.create_array_animation_group(manager, clip, {"x": np.zeros(10_000, np.float32)})
    assert repr(group).startswith("_ArrayGroup(name='x'") and len(repr(group)) < 300
    instances = lite.instantiate_many(asset, 3)
    assert len(repr(instances[0].pose)) < 300
    assert repr(instances[0].pose).startswith("InstancePose(nodes=16")
