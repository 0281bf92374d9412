"""lite.pose.pose: create_pose, sample_clip (a pure function of time that equals what a playing
group writes), apply_pose (drives the asset as a group's update does)."""

from __future__ import annotations

import numpy as np
import pytest
from numpy.testing import assert_allclose, assert_array_equal

import lite
from lite.errors import AnimationStateError
from tests.lite.pose._util import ASSETS, clip, figure, load

STEPS_MS = (16.7, 33.3, 8.0, 250.0, 16.7, 400.0, 1.0, 16.7)


def _clip_cases() -> list[tuple[str, str]]:
    return [(name, c.name) for name in ASSETS for c in load(name).animation_data.clips]


def test_create_pose_is_the_assets_rest_layout() -> None:
    asset = figure()
    pose = lite.create_pose(asset)
    assert isinstance(pose, lite.NodePose)
    assert pose.local.shape == asset.pose.local.shape
    assert pose.local.dtype == np.float32
    assert_array_equal(pose.local, asset.pose.rest)
    assert_array_equal(pose.rest, asset.pose.rest)
    assert_array_equal(pose.parent, asset.pose.parent)
    assert_allclose(pose.world, asset.pose.world, rtol=1e-6, atol=1e-6)
    assert_array_equal(pose.weights, asset.morph_targets[0].default_weights)
    assert pose.morph_slices == ((asset.morph_targets[0].node_idx, 0, 1),)
    # its own arrays: writing it leaves the asset alone
    pose.local[0, 0] += 1.0
    assert asset.pose.local[0, 0] != pose.local[0, 0]


@pytest.mark.parametrize(("asset_name", "clip_name"), _clip_cases())
def test_sample_clip_equals_what_a_playing_group_writes(asset_name: str, clip_name: str) -> None:
    asset = load(asset_name)
    group = next(g for g in asset.animation_groups if g.name == clip_name)
    manager = lite.create_animation_manager(batched=False)
    lite.add_animation_group(manager, group)
    lite.play_animation(group)
    pose = lite.create_pose(asset)
    the_clip = clip(asset, clip_name)
    for step in STEPS_MS:
        lite.update_animation_manager(manager, step)
        lite.sample_clip(the_clip, group.current_time, pose)
        assert_array_equal(pose.local, asset.pose.local)
        for morph, (node, start, count) in zip(asset.morph_targets, pose.morph_slices, strict=True):
            assert morph.node_idx == node
            assert_array_equal(pose.weights[start : start + count], morph.weights)


def test_sample_clip_equals_the_batched_crowd_within_tolerance() -> None:
    base = figure()
    crowd = lite.instantiate_many(base, 6)
    manager = lite.create_animation_manager()
    for i, inst in enumerate(crowd):
        inst.animation_groups[0].current_time = 0.13 * i
        lite.add_animation_group(manager, inst.animation_groups[0])
    pose = lite.create_pose(crowd[0])
    walk = clip(base, "walk")
    for step in STEPS_MS:
        lite.update_animation_manager(manager, step)
        for inst in crowd:
            lite.sample_clip(walk, inst.animation_groups[0].current_time, pose)
            assert_allclose(pose.local, inst.pose.local, rtol=1e-6, atol=1e-6)


def test_sampling_backwards_gives_what_forwards_gave() -> None:
    asset = figure()
    pose = lite.create_pose(asset)
    times = [i * 0.037 for i in range(60)]
    for name in ("walk", "run", "wave", "blink"):
        c = clip(asset, name)
        forwards = [lite.sample_clip(c, t, pose).local.copy() for t in times]
        weights = [lite.sample_clip(c, t, pose).weights.copy() for t in times]
        for t, local, w in zip(reversed(times), reversed(forwards), reversed(weights), strict=True):
            lite.sample_clip(c, t, pose)
            assert_array_equal(pose.local, local)
            assert_array_equal(pose.weights, w)


def test_nodes_the_clip_does_not_animate_take_their_rest_values() -> None:
    asset = figure()
    pose = lite.create_pose(asset)
    lite.sample_clip(clip(asset, "walk"), 0.3, pose)
    animated = {ch.node_idx for ch in clip(asset, "walk").channels}
    lite.sample_clip(clip(asset, "blink"), 0.4, pose)  # a morph clip: every node at rest
    assert_array_equal(pose.local, pose.rest)
    lite.sample_clip(clip(asset, "wave"), 0.7, pose)
    wave_nodes = {ch.node_idx for ch in clip(asset, "wave").channels}
    for node in animated - wave_nodes:
        assert_array_equal(pose.local[node], pose.rest[node])
    assert_array_equal(pose.weights, pose.rest_weights)


def test_times_outside_the_clip_clamp_to_its_ends() -> None:
    asset = figure()
    walk = clip(asset, "walk")
    a, b = lite.create_pose(asset), lite.create_pose(asset)
    assert_array_equal(lite.sample_clip(walk, -5.0, a).local, lite.sample_clip(walk, 0, b).local)
    assert_array_equal(
        lite.sample_clip(walk, 99.0, a).local, lite.sample_clip(walk, walk.duration, b).local
    )


@pytest.mark.parametrize("asset_name", ASSETS)
def test_apply_pose_drives_the_asset_as_a_groups_update(asset_name: str) -> None:
    played, applied = load(asset_name), load(asset_name)
    pose = lite.create_pose(applied)
    for group in played.animation_groups:
        manager = lite.create_animation_manager(batched=False)
        lite.add_animation_group(manager, group)
        lite.play_animation(group)
        lite.update_animation_manager(manager, 123.0)
        lite.update_animation_manager(manager, 371.0)
        the_clip = clip(applied, group.name)
        lite.apply_pose(lite.sample_clip(the_clip, group.current_time, pose), applied)
        assert_array_equal(applied.pose.local, played.pose.local)
        assert_allclose(applied.pose.world, played.pose.world, rtol=1e-6, atol=1e-6)
        for mine, theirs in zip(applied.skeletons, played.skeletons, strict=True):
            assert_allclose(mine.joint_matrices, theirs.joint_matrices, rtol=1e-6, atol=1e-6)
        for mine_m, theirs_m in zip(applied.morph_targets, played.morph_targets, strict=True):
            assert_array_equal(mine_m.weights, theirs_m.weights)
        lite.remove_animation_group(manager, group)
        lite.stop_animation(group)
        # back to rest for the next clip, on both
        lite.apply_pose(lite.create_pose(played), played)
        lite.apply_pose(lite.create_pose(applied), applied)


def test_a_pose_serves_every_instance_of_its_asset() -> None:
    base = figure()
    a, b = lite.instantiate_many(base, 2)
    pose = lite.create_pose(base)
    lite.sample_clip(clip(base, "run"), 0.2, pose)
    lite.apply_pose(pose, b)
    assert_array_equal(b.pose.local, pose.local)
    assert_array_equal(a.pose.local, a.pose.rest)
    assert_array_equal(b.nodes[3].rotation, pose.local[3, 3:7])


def test_bad_arguments_raise_their_codes_and_change_nothing() -> None:
    asset = figure()
    other = load("rigged_figure")
    pose = lite.create_pose(asset)
    walk = clip(asset, "walk")
    before = pose.local.copy()
    cases = [
        (lambda: lite.create_pose("figure.glb"), "LITE-POSE-003"),
        (lambda: lite.sample_clip(walk, 0.1, asset.pose), "LITE-POSE-001"),
        (lambda: lite.sample_clip("walk", 0.1, pose), "LITE-POSE-004"),
        (lambda: lite.sample_clip(walk, float("nan"), pose), "LITE-POSE-005"),
        (lambda: lite.sample_clip(walk, "0.1", pose), "LITE-POSE-005"),
        (
            lambda: lite.sample_clip(
                clip(load("two_skeletons"), "SwingB"), 0.1, lite.create_pose(load("morph_figure"))
            ),
            "LITE-POSE-004",
        ),
        (lambda: lite.sample_clip(clip(load("morph_figure"), "Talk"), 0.1, pose), "LITE-POSE-004"),
        (lambda: lite.apply_pose(pose, other), "LITE-POSE-002"),
        (lambda: lite.apply_pose(asset.pose, asset), "LITE-POSE-001"),
        (lambda: lite.apply_pose(pose, object()), "LITE-POSE-003"),
    ]
    for call, code in cases:
        with pytest.raises(AnimationStateError) as exc:
            call()
        assert exc.value.code == code, (code, exc.value)
        assert exc.value.hint
    assert_array_equal(pose.local, before)
    assert_array_equal(asset.pose.local, asset.pose.rest)


class _Sink:
    """A GPU sink that records what it is handed (the GpuSink protocol)."""

    def __init__(self) -> None:
        self.skeletons: list[object] = []
        self.morphs: list[object] = []

    def upload_skeleton(self, skeleton: object) -> None:
        self.skeletons.append(skeleton)

    def upload_morph(self, morph: object) -> None:
        self.morphs.append(morph)


def test_apply_pose_uploads_through_an_engine_and_machines_use_the_managers() -> None:
    asset = figure()
    sink = _Sink()
    lite.apply_pose(lite.create_pose(asset), asset, engine=sink)
    assert sink.skeletons == list(asset.skeletons)
    assert sink.morphs == list(asset.morph_targets)
    with pytest.raises(lite.UnsupportedError) as exc:
        lite.apply_pose(lite.create_pose(asset), asset, engine=object())
    assert exc.value.code == "LITE-UNSUP-001"
    # a pose-mode state machine uploads through its manager's engine each update
    engine = _Sink()
    manager = lite.create_animation_manager(engine=engine)
    space = lite.create_blend_space_1d([clip(asset, "walk"), clip(asset, "run")], [0.0, 1.0])
    lite.create_state_machine(
        manager,
        asset,
        states={"move": {"blend_space": space, "parameter": "speed"}},
        transitions=[],
        parameters={"speed": 0.5},
        initial="move",
    )
    lite.update_animation_manager(manager, 16.0)
    lite.update_animation_manager(manager, 16.0)
    assert len(engine.skeletons) == 2 * len(asset.skeletons)
