"""Weighted and additive glTF blending (lite.skeleton.weighted_gltf_mixer)."""

from __future__ import annotations

import gc
import math
import tracemalloc
from types import SimpleNamespace

import numpy as np
import pytest

import lite
from lite.animation.animation_group import tick_animation
from lite.animation.animation_group_mask import AnimationGroupMaskMode, create_animation_group_mask
from lite.animation.animation_group_task import STAGE_MIXER, group_stage
from lite.loader_gltf import GltfAsset, load_gltf
from lite.skeleton.skeleton_updater import MorphBinding, SkeletonBinding
from lite.skeleton.weighted_gltf_mixer import (
    AdditiveSettings,
    enable_animation_blending,
    gltf_mixer_state,
    set_animation_additive,
)
from tests.lite._gltf_util import FIXTURES, raw_accessor


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
    ("kwargs", "code"),
    [
        ({"reference_frame": 1, "reference_time": 0.1}, "LITE-STATE-040"),
        ({"reference_frame": -1}, "LITE-STATE-007"),
        ({"reference_time": math.nan}, "LITE-STATE-007"),
        ({"reference_frame": True}, "LITE-STATE-007"),
    ],
)
def test_bad_additive_reference_is_refused(kwargs: dict[str, object], code: str) -> None:
    asset = load_gltf(FIXTURES / "rigged_figure.glb")
    group = asset.animation_groups[1]
    with pytest.raises(lite.AnimationStateError) as exc:
        set_animation_additive(group, **kwargs)  # type: ignore[arg-type]
    assert exc.value.code == code
    assert group._additive is None


def test_set_animation_additive_enables_blending_on_the_owner() -> None:
    asset = load_gltf(FIXTURES / "rigged_figure.glb")
    manager = lite.create_animation_manager()
    lite.add_animation_groups(manager, asset.animation_groups)
    set_animation_additive(asset.animation_groups[1])
    assert group_stage(manager, STAGE_MIXER) is not None
    assert gltf_mixer_state(manager) is not None


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
            raise AssertionError("this asset has no morph targets")

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


# --- Morph weights ---------------------------------------------------------------------------

# morph_figure: node 1 ("Face") has 6 morph targets, defaults [0.1, 0, 0, 0.2, 0, 0].
# Expressions drives Face's weights (LINEAR, keys every 0.5 s, output accessor 19) and
# MorphRoot's translation (y 1.0 -> 1.2 over the first 0.5 s); Blink drives Face's weights
# (STEP, keys 0, 0.2, 0.4, 0.6 s, output accessor 24).
_DEFAULTS = np.array([0.1, 0.0, 0.0, 0.2, 0.0, 0.0])
_EXPR = raw_accessor("morph_figure", 19).reshape(5, 6).astype(np.float64)  # one row per key
# Blink's output is normalized UNSIGNED_BYTE: raw / 255.
_BLINK = raw_accessor("morph_figure", 24).reshape(4, 6).astype(np.float64) / 255.0


def _morph_setup(
    weights: dict[str, float], engine: object | None = None
) -> tuple[GltfAsset, lite.AnimationManager]:
    asset = load_gltf(FIXTURES / "morph_figure.glb")
    manager = lite.create_animation_manager(engine=engine)
    for g in asset.animation_groups:
        lite.stop_animation(g)
        if g.name in weights:
            lite.play_animation(g)
            lite.set_animation_weight(g, weights[g.name])
    lite.add_animation_groups(manager, asset.animation_groups)
    enable_animation_blending(manager)
    return asset, manager


def _group_named(asset: GltfAsset, name: str) -> lite.AnimationGroup:
    return next(g for g in asset.animation_groups if g.name == name)


def test_morph_weights_are_a_weighted_sum_of_the_groups() -> None:
    asset, manager = _morph_setup({"Expressions": 0.3, "Blink": 0.7})
    lite.update_animation_manager(manager, 250.0)
    # t = 0.25: Expressions halfway between keys 0 and 1; Blink holds key 1 (0.2 s) =
    # [0, 0, 1, 1, 0, 0.2]. Weighted sum, no normalisation, defaults replaced.
    expr = (_EXPR[0] + _EXPR[1]) / 2
    np.testing.assert_allclose(_BLINK[1], [0, 0, 1, 1, 0, 0.2], rtol=1e-6)
    expected = 0.3 * expr + 0.7 * np.array([0.0, 0.0, 1.0, 1.0, 0.0, 0.2])
    morph = asset.morph_targets[0]
    np.testing.assert_allclose(morph.weights, expected, rtol=1e-6, atol=1e-7)
    assert morph.weights.dtype == np.float32
    # First component by hand: 0.3 * (0.98772 + 0.38948) / 2 + 0.7 * 0 = 0.20658.
    assert float(morph.weights[0]) == pytest.approx(0.3 * (0.98771751 + 0.38947973) / 2)
    # MorphRoot's translation follows the same rule: 0.3 * (0, 1.1, 0).
    np.testing.assert_allclose(asset.nodes[0].translation, [0.0, 0.33, 0.0], rtol=1e-6)


def test_weight_zero_group_contributes_nothing_to_morph_weights() -> None:
    asset, manager = _morph_setup({"Expressions": 0.5, "Blink": 0.0})
    lite.update_animation_manager(manager, 250.0)
    expected = 0.5 * (_EXPR[0] + _EXPR[1]) / 2  # not renormalised to weight 1
    np.testing.assert_allclose(asset.morph_targets[0].weights, expected, rtol=1e-6, atol=1e-7)


def test_morph_driven_only_by_weight_zero_groups_keeps_its_defaults() -> None:
    asset, manager = _morph_setup({"Blink": 0.0})
    morph = asset.morph_targets[0]
    morph.weights[:] = 0.9  # a stale value is put back to the defaults, as TRS goes to rest
    lite.update_animation_manager(manager, 250.0)
    np.testing.assert_allclose(morph.weights, _DEFAULTS, rtol=1e-6)
    assert _group_named(asset, "Blink").current_time == pytest.approx(0.25)


def test_additive_layer_adds_its_morph_delta_onto_the_blend() -> None:
    asset, manager = _morph_setup({"Expressions": 1.0, "Blink": 0.5})
    set_animation_additive(_group_named(asset, "Blink"), reference_frame=0)
    lite.update_animation_manager(manager, 450.0)
    # t = 0.45: Expressions 90% of the way from key 0 to key 1; Blink holds key 2 (0.4 s),
    # its reference (0 s) is all zeros, so the delta is key 2 itself, times 0.5.
    base = _EXPR[0] + 0.9 * (_EXPR[1] - _EXPR[0])
    delta = _BLINK[2] - _BLINK[0]
    np.testing.assert_allclose(
        asset.morph_targets[0].weights, base + 0.5 * delta, rtol=1e-5, atol=1e-6
    )


def test_additive_morph_layer_alone_adds_onto_the_defaults() -> None:
    asset, manager = _morph_setup({"Blink": 1.0})
    # 0.3 s, not 0.2: the float32 key time 0.2 is a hair above the double 0.2.
    set_animation_additive(_group_named(asset, "Blink"), reference_time=0.3)
    lite.update_animation_manager(manager, 450.0)
    # (key 2 - key 1) added to the defaults [0.1, 0, 0, 0.2, 0, 0].
    expected = _DEFAULTS + np.array([0.0, 0.0, 128 / 255 - 1, 128 / 255 - 1, 0.0, 0.2])
    np.testing.assert_allclose(asset.morph_targets[0].weights, expected, rtol=1e-5, atol=1e-6)


def test_blended_morph_set_is_uploaded_once_per_update() -> None:
    class Sink:
        def __init__(self) -> None:
            self.morphs: list[int] = []
            self.seen: list[np.ndarray] = []

        def upload_skeleton(self, skeleton: SkeletonBinding) -> None:
            raise AssertionError("this asset has no skeleton")

        def upload_morph(self, morph: MorphBinding) -> None:
            self.morphs.append(morph.node_idx)
            self.seen.append(morph.weights.copy())

    sink = Sink()
    asset, manager = _morph_setup({"Expressions": 0.3, "Blink": 0.7}, engine=sink)
    for _ in range(3):
        lite.update_animation_manager(manager, 16.0)
    # Two groups drive Face's weights: still one upload per update, of the final blend.
    assert sink.morphs == [1, 1, 1]
    np.testing.assert_array_equal(sink.seen[-1], asset.morph_targets[0].weights)


def test_masks_apply_in_the_blend_pass() -> None:
    asset, manager = _morph_setup({"Expressions": 0.5, "Blink": 0.5})
    expressions = _group_named(asset, "Expressions")
    expressions.mask = create_animation_group_mask(["Face"], AnimationGroupMaskMode.EXCLUDE)
    lite.update_animation_manager(manager, 250.0)
    # Face's weights come from Blink alone; MorphRoot's translation still blends.
    np.testing.assert_allclose(asset.morph_targets[0].weights, 0.5 * _BLINK[1], rtol=1e-6)
    np.testing.assert_allclose(asset.nodes[0].translation, [0.0, 0.55, 0.0], rtol=1e-6)
    expressions.mask = create_animation_group_mask(["Face"])  # include: MorphRoot masked
    lite.update_animation_manager(manager, 0.0)
    np.testing.assert_allclose(asset.nodes[0].translation, [0.0, 1.0, 0.0], rtol=1e-6)
    expected = 0.5 * (_EXPR[0] + _EXPR[1]) / 2 + 0.5 * _BLINK[1]
    np.testing.assert_allclose(asset.morph_targets[0].weights, expected, rtol=1e-6, atol=1e-7)


def test_warm_blended_morph_frames_do_not_grow_memory() -> None:
    asset, manager = _morph_setup({"Expressions": 0.5, "Talk": 0.5, "Blink": 0.5})
    set_animation_additive(_group_named(asset, "Blink"))
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
