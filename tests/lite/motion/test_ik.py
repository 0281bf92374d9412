"""Two-bone IK and look-at, against answers derived by hand."""

from __future__ import annotations

import math

import numpy as np
import pytest

import lite
from lite.errors import AnimationStateError
from lite.skeleton.pose import create_node_pose


def world_pos(pose: lite.NodePose, i: int) -> np.ndarray:
    return pose.world[i, 3, :3].copy()


def leg(parent_rotation_z: float = 0.0, parent_scale: float = 1.0) -> lite.NodePose:
    """Node 0 a (rotated, scaled) hip; 1 upper leg at the hip; 2 knee 1 below; 3 foot 1 below."""
    half = 0.5 * parent_rotation_z
    nodes = (
        lite.NodeRest(
            tx=0.5,
            ty=3.0,
            rz=math.sin(half),
            rw=math.cos(half),
            sx=parent_scale,
            sy=parent_scale,
            sz=parent_scale,
        ),
        lite.NodeRest(parent_idx=0),
        lite.NodeRest(parent_idx=1, ty=-1.0, tz=0.05),  # slightly bent forward (+z)
        lite.NodeRest(parent_idx=2, ty=-1.0),
    )
    return create_node_pose(nodes)


@pytest.mark.parametrize(("angle", "scale"), [(0.0, 1.0), (0.5, 1.0), (-1.1, 2.0)])
def test_a_reachable_target_is_reached_and_bones_keep_their_length(
    angle: float, scale: float
) -> None:
    pose = leg(angle, scale)
    a, b, c = (world_pos(pose, i) for i in (1, 2, 3))
    l1, l2 = np.linalg.norm(b - a), np.linalg.norm(c - b)
    target = a + np.array([0.3, -0.8, 0.6]) * (l1 + l2) * 0.7
    assert lite.solve_two_bone_ik(pose, 1, 2, 3, target) is True
    a2, b2, c2 = (world_pos(pose, i) for i in (1, 2, 3))
    np.testing.assert_allclose(a2, a, atol=1e-6)
    np.testing.assert_allclose(c2, target, atol=1e-5 * scale)
    assert np.linalg.norm(b2 - a2) == pytest.approx(l1, abs=1e-5 * scale)
    assert np.linalg.norm(c2 - b2) == pytest.approx(l2, abs=1e-5 * scale)


def test_an_unreachable_target_straightens_the_chain_towards_it() -> None:
    pose = leg()
    a = world_pos(pose, 1)
    assert lite.solve_two_bone_ik(pose, 1, 2, 3, a + [0.0, 0.0, 5.0]) is False
    l1 = np.linalg.norm(world_pos(pose, 2) - a)
    np.testing.assert_allclose(world_pos(pose, 3), a + [0.0, 0.0, l1 + 1.0], atol=1e-5)


def test_the_pole_picks_the_bend_plane() -> None:
    pose = leg()
    a = world_pos(pose, 1)
    target = a + [0.0, -1.2, 0.0]
    lite.solve_two_bone_ik(pose, 1, 2, 3, target, pole=a + [3.0, -0.5, 0.0])
    knee = world_pos(pose, 2) - a
    assert knee[0] > 0.3 and abs(knee[2]) < 1e-5  # bent towards +x, in the x-y plane
    np.testing.assert_allclose(world_pos(pose, 3), target, atol=1e-5)


def test_without_a_pole_the_chain_keeps_its_current_bend() -> None:
    pose = leg()
    a = world_pos(pose, 1)
    lite.solve_two_bone_ik(pose, 1, 2, 3, a + [0.0, -1.5, 0.0])
    knee = world_pos(pose, 2) - a
    assert knee[2] > 0.3 and abs(knee[0]) < 1e-5  # still bent forward (+z), more so


def test_weight_blends_between_the_pose_and_the_solve() -> None:
    pose = leg()
    before = pose.local.copy()
    target = world_pos(pose, 1) + [0.5, -1.0, 0.5]
    lite.solve_two_bone_ik(pose, 1, 2, 3, target, weight=0.0)
    np.testing.assert_allclose(pose.local, before, atol=1e-7)
    half = leg()
    lite.solve_two_bone_ik(half, 1, 2, 3, target, weight=0.5)
    full = leg()
    lite.solve_two_bone_ik(full, 1, 2, 3, target)
    d_half = np.linalg.norm(world_pos(half, 3) - target)
    assert 1e-3 < d_half < np.linalg.norm(world_pos(leg(), 3) - target)


def test_look_at_points_the_forward_axis_and_honours_the_limit() -> None:
    pose = leg(0.4)
    origin = world_pos(pose, 2)
    target = origin + [2.0, 0.5, -1.0]
    lite.look_at(pose, 2, target, forward=(0.0, -1.0, 0.0))
    axis = -pose.world[2, 1, :3] / np.linalg.norm(pose.world[2, 1, :3])  # world -y of the joint
    np.testing.assert_allclose(axis, (target - origin) / np.linalg.norm(target - origin), atol=1e-6)

    pose = leg()
    origin = world_pos(pose, 2)
    lite.look_at(
        pose, 2, origin + [0.0, 0.0, 1.0], forward=(0.0, -1.0, 0.0), max_angle=math.radians(30)
    )
    axis = -pose.world[2, 1, :3] / np.linalg.norm(pose.world[2, 1, :3])
    assert math.degrees(math.acos(np.clip(axis @ [0.0, -1.0, 0.0], -1, 1))) == pytest.approx(
        30.0, abs=1e-4
    )


def test_bad_inputs_are_refused_and_leave_the_pose() -> None:
    pose = leg()
    before = pose.local.copy()
    cases = [
        (lambda: lite.solve_two_bone_ik("pose", 1, 2, 3, (0, 0, 0)), "LITE-MOTION-020"),  # type: ignore[arg-type]
        (lambda: lite.solve_two_bone_ik(pose, 1, 2, 9, (0, 0, 0)), "LITE-MOTION-021"),
        (lambda: lite.solve_two_bone_ik(pose, 1, 2, 3, (0, float("nan"), 0)), "LITE-MOTION-022"),
        (lambda: lite.solve_two_bone_ik(pose, 1, 2, 3, (0, 0)), "LITE-MOTION-022"),
        (lambda: lite.solve_two_bone_ik(pose, 1, 2, 3, (0, 0, 0), weight=2.0), "LITE-MOTION-023"),
        (lambda: lite.solve_two_bone_ik(pose, 3, 2, 1, (0, 0, 0)), "LITE-MOTION-024"),
        (
            lambda: lite.solve_two_bone_ik(pose, 1, 2, 3, (0.5, 1.0, 0.0), pole=(0.5, 2.0, 0.0)),
            "LITE-MOTION-024",
        ),
        (lambda: lite.look_at(pose, 2, (1, 1, 1), forward=(0, 0, 0)), "LITE-MOTION-022"),
        (lambda: lite.look_at(pose, 2, (1, 1, 1), max_angle=-1.0), "LITE-MOTION-025"),
    ]
    for call, code in cases:
        with pytest.raises(AnimationStateError) as exc:
            call()
        assert exc.value.code == code
        assert exc.value.hint
    np.testing.assert_array_equal(pose.local, before)
    zero = create_node_pose(
        (lite.NodeRest(), lite.NodeRest(parent_idx=0), lite.NodeRest(parent_idx=1, ty=1.0))
    )
    with pytest.raises(AnimationStateError) as exc:
        lite.solve_two_bone_ik(zero, 0, 1, 2, (1.0, 0.0, 0.0))
    assert exc.value.code == "LITE-MOTION-024"
