"""Conservative animated bounds (pure math): rotation caps, chains, arcs between keys, blends.

Every check samples the motion densely (and blends of it) and asserts each sampled point lies
inside the bound computed once from the keys; the bound is never sampled itself.
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from lite.animation.constants import (
    INTERP_CUBICSPLINE,
    INTERP_LINEAR,
    INTERP_STEP,
    PATH_ROTATION,
    PATH_TRANSLATION,
)
from lite.animation.evaluate import evaluate_sampler, quat_slerp
from lite.animation.types import AnimationChannel, AnimationClip, AnimationSampler, NodeRest
from lite.skeleton.bounds import (
    MAX_CAP_ANGLE,
    bound_joint_points,
    node_envelopes,
    quaternion_cap,
    rotation_matrix,
    trs_matrix,
)


def axis_angle(axis: tuple[float, float, float], degrees: float) -> list[float]:
    a = np.asarray(axis, dtype=float) / np.linalg.norm(axis)
    h = math.radians(degrees) / 2.0
    return [*(a * math.sin(h)), math.cos(h)]


def sampler(times: list[float], values: list[list[float]], interp: int) -> AnimationSampler:
    return AnimationSampler(
        np.asarray(times, dtype=np.float32),
        np.asarray(values, dtype=np.float32).reshape(-1),
        interp,  # type: ignore[arg-type]
    )


# A three-node chain: a static root, an arm that swings and slides, a hand that turns.
NODES = (
    NodeRest(ty=1.0),
    NodeRest(parent_idx=0, tx=0.5, sy=1.5),
    NodeRest(parent_idx=1, ty=0.8),
)
SWING = AnimationClip(
    "swing",
    (
        AnimationChannel(0, 1, PATH_ROTATION),
        AnimationChannel(1, 1, PATH_TRANSLATION),
        AnimationChannel(2, 2, PATH_ROTATION),
    ),
    (
        # 80 degrees about z then -60 about x: the arc between keys bulges past both keys.
        sampler(
            [0.0, 1.0, 2.0],
            [axis_angle((0, 0, 1), 0), axis_angle((0, 0, 1), 80), axis_angle((1, 0, 0), -60)],
            INTERP_LINEAR,
        ),
        sampler([0.0, 2.0], [[0.5, 0.0, 0.0], [0.7, 0.2, -0.1]], INTERP_LINEAR),
        sampler([0.0, 1.0], [axis_angle((0, 1, 0), 0), axis_angle((0, 1, 0), 40)], INTERP_STEP),
    ),
    2.0,
    60.0,
)
NOD = AnimationClip(
    "nod",
    (AnimationChannel(0, 2, PATH_ROTATION),),
    (sampler([0.0, 1.0], [axis_angle((1, 0, 0), 0), axis_angle((1, 0, 0), 50)], INTERP_LINEAR),),
    1.0,
    60.0,
)
# Points in the hand's frame.
POINTS = np.array([[0.0, 0.3, 0.0], [0.1, 0.5, 0.05], [-0.1, 0.2, -0.05], [0.0, 0.0, 0.2]])


def local_pose(clip: AnimationClip, t: float) -> np.ndarray:
    """(N, 10) TRS rows at ``t``: rest, then the clip's channels."""
    rows = np.array(
        [[n.tx, n.ty, n.tz, n.rx, n.ry, n.rz, n.rw, n.sx, n.sy, n.sz] for n in NODES],
        dtype=np.float32,
    )
    for ch in clip.channels:
        off = 3 if ch.path == PATH_ROTATION else 0
        stride = 4 if ch.path == PATH_ROTATION else 3
        evaluate_sampler(
            clip.samplers[ch.sampler_idx],
            t,
            stride,
            ch.path == PATH_ROTATION,
            rows[ch.node_idx],
            off,
        )
    return rows


def blend(a: np.ndarray, b: np.ndarray, w: float) -> np.ndarray:
    """A convex blend of two poses: lerp T/S, shortest-path slerp R (as the glTF mixer)."""
    out = a * (1.0 - w) + b * w
    for i in range(a.shape[0]):
        q = [0.0] * 4
        quat_slerp(q, 0, *map(float, a[i, 3:7]), *map(float, b[i, 3:7]), w)
        out[i, 3:7] = q
    return out


def hand_points(rows: np.ndarray) -> np.ndarray:
    world = np.eye(4)
    mats = []
    for i, n in enumerate(NODES):
        rest = NodeRest(
            n.parent_idx,
            *map(float, rows[i, 0:3]),
            *map(float, rows[i, 3:7]),
            *map(float, rows[i, 7:10]),
        )
        mats.append(trs_matrix(rest))
    world = mats[0] @ mats[1] @ mats[2]
    return POINTS @ world[:3, :3].T + world[:3, 3]


def bound(clips: list[AnimationClip]) -> tuple[np.ndarray, np.ndarray]:
    env = node_envelopes(NODES, clips)
    return bound_joint_points(POINTS, np.zeros_like(POINTS), [2, 1, 0], env, np.eye(4))


def inside(p: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> bool:
    return bool(np.all(p >= lo - 1e-6) and np.all(p <= hi + 1e-6))


def test_the_bound_holds_the_whole_arc_between_keys_not_only_the_keys() -> None:
    lo, hi = bound([SWING])
    for t in np.linspace(0.0, 2.0, 2001):
        assert inside(hand_points(local_pose(SWING, float(t))), lo, hi), t
    keys_only = np.concatenate([hand_points(local_pose(SWING, t)) for t in (0.0, 1.0, 2.0)])
    between = np.concatenate([hand_points(local_pose(SWING, t)) for t in np.linspace(0, 2, 201)])
    # The motion between keys reaches beyond the keys' box: sampling keys would miss it.
    assert np.any(between.max(axis=0) > keys_only.max(axis=0) + 1e-3) or np.any(
        between.min(axis=0) < keys_only.min(axis=0) - 1e-3
    )


def test_the_bound_holds_convex_blends_of_clips() -> None:
    lo, hi = bound([SWING, NOD])
    rng = np.random.default_rng(7)
    for _ in range(2000):
        t1, t2, w = float(rng.uniform(0, 2)), float(rng.uniform(0, 1)), float(rng.uniform())
        rows = blend(local_pose(SWING, t1), local_pose(NOD, t2), w)
        assert inside(hand_points(rows), lo, hi)


def test_a_static_chain_is_bounded_exactly() -> None:
    still = AnimationClip("still", (), (), 0.0, 60.0)
    lo, hi = bound([still])
    p = hand_points(local_pose(still, 0.0))
    np.testing.assert_allclose(lo, p.min(axis=0), atol=1e-9)
    np.testing.assert_allclose(hi, p.max(axis=0), atol=1e-9)


def test_a_wide_rotation_falls_back_to_the_complete_orbit() -> None:
    spin = AnimationClip(
        "spin",
        (AnimationChannel(0, 1, PATH_ROTATION),),
        (
            sampler(
                [0.0, 1.0, 2.0],
                [axis_angle((0, 0, 1), 0), axis_angle((0, 0, 1), 170), axis_angle((0, 0, 1), 340)],
                INTERP_LINEAR,
            ),
        ),
        2.0,
        60.0,
    )
    env = node_envelopes(NODES, [spin])
    assert env[1].theta == pytest.approx(math.pi / 2)
    lo, hi = bound([spin])
    for t in np.linspace(0.0, 2.0, 1001):
        assert inside(hand_points(local_pose(spin, float(t))), lo, hi)


def test_cubicspline_rotations_stay_in_their_control_point_cap() -> None:
    q0, q1 = axis_angle((0, 0, 1), 0), axis_angle((0, 0, 1), 60)
    tangent = [0.0, 0.0, 0.6, 0.0]  # overshoots the keys
    cubic = AnimationClip(
        "cubic",
        (AnimationChannel(0, 1, PATH_ROTATION),),
        (
            AnimationSampler(
                np.array([0.0, 1.0], dtype=np.float32),
                np.array([tangent, q0, tangent, tangent, q1, tangent], dtype=np.float32).reshape(
                    -1
                ),
                INTERP_CUBICSPLINE,
            ),
        ),
        1.0,
        60.0,
    )
    env = node_envelopes(NODES, [cubic])
    assert env[1].theta < MAX_CAP_ANGLE
    lo, hi = bound([cubic])
    for t in np.linspace(0.0, 1.0, 1001):
        assert inside(hand_points(local_pose(cubic, float(t))), lo, hi)


def test_quaternion_cap_is_sign_agnostic_and_encloses_its_members() -> None:
    q = np.array([axis_angle((0, 0, 1), a) for a in (0, 30, 60)])
    q[1] *= -1.0  # the same rotation
    centre, theta = quaternion_cap(q)
    assert theta == pytest.approx(math.radians(15), abs=1e-3)
    assert np.all(np.abs(q @ centre) >= math.cos(theta) - 1e-9)
    assert quaternion_cap(np.zeros((1, 4)))[1] == pytest.approx(math.pi / 2)


def test_rotation_matrix_matches_the_rest_trs() -> None:
    r = rotation_matrix(axis_angle((0, 0, 1), 90))
    np.testing.assert_allclose(r @ [1.0, 0.0, 0.0], [0.0, 1.0, 0.0], atol=1e-12)
