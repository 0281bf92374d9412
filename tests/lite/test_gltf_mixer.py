"""Weighted and additive glTF blending (lite.gltf_mixer)."""

from __future__ import annotations

import gc
import math
import tracemalloc
from types import SimpleNamespace

import numpy as np
import pytest

import lite
from lite.animation_group import tick_animation
from lite.gltf_loader import GltfAsset, load_gltf
from lite.gltf_mixer import AdditiveSettings, enable_animation_blending, set_animation_additive
from lite.skeleton import MorphBinding, SkeletonBinding
from tests.lite._gltf_util import FIXTURES


def _setup(weights: dict[int, float]) -> tuple[GltfAsset, lite.AnimationManager]:
    asset = load_gltf(FIXTURES / "rigged_figure.glb")
    manager = lite.create_animation_manager()
    for i, g in enumerate(asset.animation_groups):
        lite.stop_animation(g)
        if i in weights:
            lite.play_animation(g)
            lite.set_animation_weight(g, weights[i])
    lite.add_animation_groups(manager, asset.animation_groups)
    enable_animation_blending(manager)
    return asset, manager


def _sample(asset: GltfAsset, clip: int, channel: int, t: float, stride: int) -> np.ndarray:
    c = asset.animation_data.clips[clip]
    ch = c.channels[channel]
    out = np.zeros(stride, dtype=np.float32)
    lite.evaluate_sampler(c.samplers[ch.sampler_idx], t, stride, stride == 4, out, 0)
    return out.astype(np.float64)


def _slerp(a: np.ndarray, b: np.ndarray, t: float) -> np.ndarray:
    d = float(np.dot(a, b))
    if d < 0:
        b, d = -b, -d
    if d > 0.9995:
        q: np.ndarray = a + t * (b - a)
        out: np.ndarray = q / float(np.linalg.norm(q))
        return out
    th = math.acos(d)
    return (math.sin((1 - t) * th) * a + math.sin(t * th) * b) / math.sin(th)


def test_partial_weight_scales_translation_and_slerps_rotation_from_rest() -> None:
    asset, manager = _setup({0: 0.3})
    lite.update_animation_manager(manager, 100.0)
    hips_t = _sample(asset, 0, 4, 0.1, 3)
    # Babylon-style weighted sum: no blend toward the rest translation.
    np.testing.assert_allclose(asset.nodes[2].translation, hips_t * 0.3, rtol=1e-6, atol=1e-7)
    r = asset.nodes[3].rest
    rest_q = np.array([r.rx, r.ry, r.rz, r.rw], dtype=np.float64)
    expected = _slerp(rest_q, _sample(asset, 0, 3, 0.1, 4), 0.3)
    np.testing.assert_allclose(asset.nodes[3].rotation, expected, atol=1e-6)


def test_two_half_weights_slerp_between_the_clips() -> None:
    asset, manager = _setup({0: 0.5, 1: 0.5})
    lite.update_animation_manager(manager, 200.0)
    walk, wave = asset.animation_groups[:2]
    assert walk.current_time == pytest.approx(0.2)
    assert wave.current_time == pytest.approx(0.2)
    # RightArm (node 9) is animated by both: weighted slerp, total weight 1, normalised.
    a = _sample(asset, 0, 2, 0.2, 4)
    b = _sample(asset, 1, 0, 0.2, 4)
    expected = _slerp(a, b, 0.5)
    np.testing.assert_allclose(
        asset.nodes[9].rotation, expected / np.linalg.norm(expected), atol=1e-6
    )


def test_additive_layer_adds_its_delta_from_the_reference_pose() -> None:
    asset, manager = _setup({0: 1.0})
    pose = asset.animation_groups[2]
    lite.play_animation(pose)
    set_animation_additive(pose, reference_frame=0)
    assert pose._additive == AdditiveSettings(0.0)
    lite.set_animation_weight(pose, 1.0)
    lite.update_animation_manager(manager, 600.0)
    # Pose's Hips translation at 0.6 s (STEP) minus its value at 0 s, added to Walk's Hips.
    delta = _sample(asset, 2, 1, 0.6, 3) - _sample(asset, 2, 1, 0.0, 3)
    base = _sample(asset, 0, 4, 0.6, 3)
    np.testing.assert_allclose(asset.nodes[2].translation, base + delta, atol=1e-6)
    # Chest scale: not animated by Walk, so rest (1, 1, 1) + Pose's delta.
    scale_delta = _sample(asset, 2, 0, 0.6, 3) - _sample(asset, 2, 0, 0.0, 3)
    np.testing.assert_allclose(asset.nodes[4].scale, 1.0 + scale_delta, atol=1e-6)


def test_additive_at_its_reference_time_changes_nothing() -> None:
    asset, manager = _setup({0: 1.0})
    pose = asset.animation_groups[2]
    lite.play_animation(pose)
    set_animation_additive(pose, reference_time=0.5)
    lite.go_to_frame(pose, 30)  # paused at the reference
    lite.update_animation_manager(manager, 250.0)
    plain = load_gltf(FIXTURES / "rigged_figure.glb")
    tick_animation(plain.animation_groups[0], 250.0)
    # The blend pass renormalises rotations (LeftArm's normalized-SHORT keys are ~3e-6 off
    # unit length); everything else is identical.
    np.testing.assert_allclose(asset.pose.local, plain.pose.local, atol=1e-5)


@pytest.mark.parametrize(
    "kwargs",
    [
        {"reference_frame": 1, "reference_time": 0.1},
        {"reference_frame": -1},
        {"reference_time": math.nan},
        {"reference_frame": True},
    ],
)
def test_bad_additive_reference_is_refused(kwargs: dict[str, object]) -> None:
    asset = load_gltf(FIXTURES / "rigged_figure.glb")
    group = asset.animation_groups[1]
    with pytest.raises(lite.AnimationStateError) as exc:
        set_animation_additive(group, **kwargs)  # type: ignore[arg-type]
    assert exc.value.code == "LITE-STATE-007"
    assert group._additive is None


def test_set_animation_additive_enables_blending_on_the_owner() -> None:
    asset = load_gltf(FIXTURES / "rigged_figure.glb")
    manager = lite.create_animation_manager()
    lite.add_animation_groups(manager, asset.animation_groups)
    set_animation_additive(asset.animation_groups[1])
    assert manager._task_category_handler is not None
    assert manager._gltf_mixer_state is not None


def test_full_weights_without_additive_use_the_ordinary_path() -> None:
    asset, manager = _setup({0: 1.0})
    plain = load_gltf(FIXTURES / "rigged_figure.glb")
    lite.update_animation_manager(manager, 130.0)
    tick_animation(plain.animation_groups[0], 130.0)
    np.testing.assert_array_equal(asset.pose.local, plain.pose.local)


def test_blended_asset_uploads_each_skeleton_once_per_update() -> None:
    class Sink:
        def __init__(self) -> None:
            self.count = 0

        def upload_skeleton(self, skeleton: SkeletonBinding) -> None:
            self.count += 1

        def upload_morph(self, morph: MorphBinding) -> None:
            raise AssertionError("the glTF mixer blends TRS only")

    asset = load_gltf(FIXTURES / "two_skeletons.glb")
    sink = Sink()
    manager = lite.create_animation_manager(engine=sink)
    for g in asset.animation_groups:
        lite.play_animation(g)
        lite.set_animation_weight(g, 0.5)
    lite.add_animation_groups(manager, asset.animation_groups)
    enable_animation_blending(manager)
    for _ in range(3):
        lite.update_animation_manager(manager, 16.0)
    assert sink.count == 3 * 2


def test_property_groups_still_tick_under_the_gltf_mixer() -> None:
    asset, manager = _setup({0: 0.5})
    target = SimpleNamespace(x=0.0)
    clip = lite.create_property_animation_clip(
        "x", [{"path": "x", "keys": [{"time": 0, "value": 0}, {"time": 1, "value": 10}]}]
    )
    lite.create_property_animation_group(manager, target, clip)
    enable_animation_blending(manager)
    lite.update_animation_manager(manager, 250.0)
    assert target.x == pytest.approx(2.5)


def test_warm_blended_frames_do_not_grow_memory() -> None:
    asset, manager = _setup({0: 0.5, 1: 0.5})
    pose = asset.animation_groups[2]
    lite.play_animation(pose)
    set_animation_additive(pose)
    for _ in range(50):
        lite.update_animation_manager(manager, 16.0)
    gc.collect()
    tracemalloc.start()
    before, _ = tracemalloc.get_traced_memory()
    for _ in range(500):
        lite.update_animation_manager(manager, 16.0)
    gc.collect()
    after, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert after - before <= 1024, after - before
