"""Root motion: extraction accumulated across loops, stripping, and the per-tick group option."""

from __future__ import annotations

import math

import numpy as np
import pytest

import lite
from lite.animation.constants import PATH_ROTATION, PATH_TRANSLATION
from lite.errors import AnimationStateError
from lite.skeleton.pose import create_node_pose

S = math.sqrt(0.5)


def walk_clip(turn: bool = False) -> lite.AnimationClip:
    """Node 0 walks 2 units along +z per second (1 s loop); with ``turn``, also turns 90 deg about y."""
    samplers = [
        lite.AnimationSampler([0.0, 1.0], [0.0, 0.0, 0.0, 0.0, 0.0, 2.0], lite.INTERP_LINEAR)
    ]
    channels = [lite.AnimationChannel(0, 0, PATH_TRANSLATION)]
    if turn:
        samplers.append(
            lite.AnimationSampler(
                [0.0, 1.0], [0.0, 0.0, 0.0, 1.0, 0.0, S, 0.0, S], lite.INTERP_LINEAR
            )
        )
        channels.append(lite.AnimationChannel(1, 0, PATH_ROTATION))
    return lite.AnimationClip("walk", channels, samplers, 1.0)


def test_within_one_cycle_it_is_the_difference_in_the_start_frame() -> None:
    out = lite.RootMotion()
    lite.extract_root_motion(walk_clip(), 0, 0.25, 0.75, out)
    np.testing.assert_allclose(out.translation, [0.0, 0.0, 1.0], atol=1e-12)
    np.testing.assert_allclose(out.rotation, [0.0, 0.0, 0.0, 1.0], atol=1e-12)


def test_loops_accumulate_strides_instead_of_subtracting() -> None:
    out = lite.RootMotion()
    lite.extract_root_motion(walk_clip(), 0, 0.0, 3.5, out)
    np.testing.assert_allclose(out.translation, [0.0, 0.0, 7.0], atol=1e-12)  # not 1.0
    lite.extract_root_motion(walk_clip(), 0, 0.75, 1.25, out)  # across one wrap
    np.testing.assert_allclose(out.translation, [0.0, 0.0, 1.0], atol=1e-12)  # not -1.0
    lite.extract_root_motion(walk_clip(), 0, 0.0, 1000.25, out)  # 1,000 strides, by squaring
    assert out.translation[2] == 2000.5
    lite.extract_root_motion(walk_clip(), 0, 3.5, 0.0, out)  # backwards: the inverse
    np.testing.assert_allclose(out.translation, [0.0, 0.0, -7.0], atol=1e-12)


def test_turning_strides_compose_in_the_root_frame() -> None:
    clip = walk_clip(turn=True)
    out = lite.RootMotion()
    lite.extract_root_motion(clip, 0, 0.0, 1.0, out)
    np.testing.assert_allclose(out.translation, [0.0, 0.0, 2.0], atol=1e-12)
    np.testing.assert_allclose(out.rotation, [0.0, S, 0.0, S], atol=1e-12)
    # Second stride is taken facing +x: (0, 0, 2) + rotY(90)(0, 0, 2) = (2, 0, 2).
    lite.extract_root_motion(clip, 0, 0.0, 2.0, out)
    np.testing.assert_allclose(out.translation, [2.0, 0.0, 2.0], atol=1e-12)
    np.testing.assert_allclose(out.rotation, [0.0, 1.0, 0.0, 0.0], atol=1e-12)
    # Four strides walk a square back to the start, facing the start direction.
    lite.extract_root_motion(clip, 0, 0.0, 4.0, out)
    np.testing.assert_allclose(out.translation, [0.0, 0.0, 0.0], atol=1e-12)
    assert abs(abs(out.rotation[3]) - 1.0) < 1e-12
    # From a later start, the motion is in the root's frame there: same stride, forward.
    lite.extract_root_motion(clip, 0, 1.0, 2.0, out)
    np.testing.assert_allclose(out.translation, [0.0, 0.0, 2.0], atol=1e-12)


def _walker(turn: bool = False) -> tuple[lite.AnimationGroup, lite.NodePose]:
    nodes = (lite.NodeRest(), lite.NodeRest(parent_idx=0, ty=1.0))
    pose = create_node_pose(nodes)
    data = lite.GltfAnimationData(
        clips=(walk_clip(turn),),
        nodes=nodes,
        skeletons=(),
        morph_bindings=(),
        node_names=("hips", "head"),
        pose=pose,
    )
    return lite.create_animation_groups(data)[0], pose


def test_strip_pins_the_root_to_time_zero() -> None:
    group, pose = _walker()
    manager = lite.create_animation_manager()
    lite.add_animation_group(manager, group)
    lite.update_animation_manager(manager, 500.0)
    assert pose.local[0, 2] == pytest.approx(1.0)
    lite.strip_root_motion(walk_clip(), 0, pose)
    assert pose.local[0, 2] == 0.0
    assert pose.world[1, 3, 2] == 0.0  # world matrices recomputed (column-major translation)


@pytest.mark.parametrize("batched", [True, False])
def test_group_option_moves_the_character_and_pins_the_root(batched: bool) -> None:
    group, pose = _walker()
    manager = lite.create_animation_manager()
    if not batched:
        lite.disable_batched_evaluation(manager)
    lite.add_animation_group(manager, group)
    tracker = lite.enable_root_motion(group, "hips")
    for _ in range(210):  # 3.5 s at 60 fps, through three wraps
        lite.update_animation_manager(manager, 1000.0 / 60.0)
    np.testing.assert_allclose(tracker.position, [0.0, 0.0, 7.0], atol=1e-9)
    assert pose.local[0, 2] == 0.0  # stripped: the world position is the tracker's alone
    assert tracker.motion.translation[2] == pytest.approx(2.0 / 60.0)
    lite.go_to_frame(group, 12)  # a seek teleports the clip, not the character
    np.testing.assert_allclose(tracker.position, [0.0, 0.0, 7.0], atol=1e-9)
    lite.disable_root_motion(group)
    lite.update_animation_manager(manager, 100.0)
    assert pose.local[0, 2] != 0.0


def test_extract_without_strip_moves_twice() -> None:
    """The pitfall the two calls exist for: applied motion plus the clip's own root motion."""
    group, pose = _walker()
    manager = lite.create_animation_manager()
    lite.add_animation_group(manager, group)
    position = np.zeros(3)
    motion = lite.RootMotion()
    previous = 0.0
    for _ in range(30):  # half a second, no wrap
        lite.update_animation_manager(manager, 1000.0 / 60.0)
        lite.extract_root_motion(walk_clip(), 0, previous, group.current_time, motion)
        previous = group.current_time
        position += motion.translation
    character_z = position[2] + pose.local[0, 2]
    assert character_z == pytest.approx(2.0)  # twice the 1.0 the clip walks in 0.5 s


def test_turning_walker_follows_its_heading() -> None:
    group, _ = _walker(turn=True)
    manager = lite.create_animation_manager()
    lite.add_animation_group(manager, group)
    tracker = lite.enable_root_motion(group, 0)
    for _ in range(120):
        lite.update_animation_manager(manager, 1000.0 / 60.0)
    np.testing.assert_allclose(tracker.position, [2.0, 0.0, 2.0], atol=1e-6)
    np.testing.assert_allclose(np.abs(tracker.rotation), [0.0, 1.0, 0.0, 0.0], atol=1e-6)


def test_bad_inputs_are_refused_with_codes() -> None:
    clip = walk_clip()
    out = lite.RootMotion()
    out.translation[:] = 5.0
    cases = [
        (lambda: lite.extract_root_motion("clip", 0, 0.0, 1.0, out), "LITE-MOTION-010"),  # type: ignore[arg-type]
        (lambda: lite.extract_root_motion(clip, 1, 0.0, 1.0, out), "LITE-MOTION-011"),
        (lambda: lite.extract_root_motion(clip, -1, 0.0, 1.0, out), "LITE-MOTION-011"),
        (lambda: lite.extract_root_motion(clip, 0.0, 0.0, 1.0, out), "LITE-MOTION-011"),  # type: ignore[arg-type]
        (lambda: lite.extract_root_motion(clip, 0, float("nan"), 1.0, out), "LITE-MOTION-012"),
        (lambda: lite.extract_root_motion(clip, 0, 0.0, "1", out), "LITE-MOTION-012"),  # type: ignore[arg-type]
        (lambda: lite.extract_root_motion(clip, 0, 0.0, 1e300, out), "LITE-MOTION-012"),
        (lambda: lite.extract_root_motion(clip, 0, 0.0, 1.0, np.zeros(3)), "LITE-MOTION-013"),  # type: ignore[arg-type]
        (lambda: lite.strip_root_motion(clip, 0, "pose"), "LITE-MOTION-014"),  # type: ignore[arg-type]
    ]
    for call, code in cases:
        with pytest.raises(AnimationStateError) as exc:
            call()
        assert exc.value.code == code, call
        assert exc.value.hint
    np.testing.assert_array_equal(out.translation, 5.0)

    group, _ = _walker()
    with pytest.raises(AnimationStateError) as exc:
        lite.enable_root_motion(group, "tail")
    assert exc.value.code == "LITE-MOTION-011"
    with pytest.raises(AnimationStateError) as exc:
        lite.enable_root_motion(group, 0, origin=[0.0, float("inf"), 0.0])
    assert exc.value.code == "LITE-MOTION-016"
    lite.enable_root_motion(group, 0)
    with pytest.raises(AnimationStateError) as exc:
        lite.enable_root_motion(group, 0)
    assert exc.value.code == "LITE-MOTION-015"
    box = type("Box", (), {"x": 0.0})()
    prop = lite.create_property_animation_group(
        lite.create_animation_manager(),
        box,
        lite.create_property_animation_clip(
            "c", [{"path": "x", "keys": [{"time": 0, "value": 0}, {"time": 1, "value": 1}]}]
        ),
    )
    with pytest.raises(AnimationStateError) as exc:
        lite.enable_root_motion(prop, 0)
    assert exc.value.code == "LITE-MOTION-015"
