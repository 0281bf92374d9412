"""lite.pose.blend: blend_poses (lerp, shortest-arc slerp, masks), additive_pose / add_pose
(Babylon's MakeAnimationAdditive convention) and their identities."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numpy.testing import assert_allclose, assert_array_equal

import lite
from lite.errors import AnimationStateError
from tests.lite.pose._util import clip, figure

ASSET = figure()


def _random_pose(seed: int) -> lite.GraphPose:
    """A pose of the figure with random unit rotations, translations, scales and weights."""
    rng = np.random.default_rng(seed)
    pose = lite.create_pose(ASSET)
    n = pose.node_count
    q = rng.normal(size=(n, 4))
    q /= np.linalg.norm(q, axis=1, keepdims=True)
    pose.local[:, 0:3] = rng.uniform(-2, 2, size=(n, 3))
    pose.local[:, 3:7] = q
    pose.local[:, 7:10] = rng.uniform(0.5, 2, size=(n, 3))
    pose.weights[:] = rng.uniform(0, 1, size=pose.weights.shape)
    return pose


def _same_rotation(a: np.ndarray, b: np.ndarray, atol: float = 2e-6) -> None:
    """Rows of ``a`` and ``b`` are the same rotations (q and -q are one rotation)."""
    dots = np.abs(np.sum(a.astype(np.float64) * b.astype(np.float64), axis=1))
    assert_allclose(dots, 1.0, atol=atol)


def test_blend_at_0_is_a_and_at_1_is_b_exactly() -> None:
    a, b, out = _random_pose(1), _random_pose(2), lite.create_pose(ASSET)
    assert_array_equal(lite.blend_poses(a, b, 0.0, out).local, a.local)
    assert_array_equal(out.weights, a.weights)
    assert_array_equal(lite.blend_poses(a, b, 1.0, out).local, b.local)
    assert_array_equal(out.weights, b.weights)


@given(t=st.floats(0.0, 1.0), seed=st.integers(0, 2**16))
def test_blend_lerps_translation_scale_weights_and_keeps_rotations_unit(
    t: float, seed: int
) -> None:
    a, b, out = _random_pose(seed), _random_pose(seed + 1), lite.create_pose(ASSET)
    lite.blend_poses(a, b, t, out)
    a64, b64 = a.local.astype(np.float64), b.local.astype(np.float64)
    expect = a64 + (b64 - a64) * t
    assert_allclose(out.local[:, 0:3], expect[:, 0:3], rtol=1e-6, atol=1e-6)
    assert_allclose(out.local[:, 7:10], expect[:, 7:10], rtol=1e-6, atol=1e-6)
    wa, wb = a.weights.astype(np.float64), b.weights.astype(np.float64)
    assert_allclose(out.weights, wa + (wb - wa) * t, rtol=1e-6, atol=1e-6)
    assert_allclose(np.linalg.norm(out.local[:, 3:7], axis=1), 1.0, atol=1e-6)


@given(t=st.floats(0.0, 1.0), seed=st.integers(0, 2**16))
def test_blend_rotations_are_the_samplers_slerp_row_by_row(t: float, seed: int) -> None:
    a, b, out = _random_pose(seed), _random_pose(seed + 7), lite.create_pose(ASSET)
    # a few nearly parallel rows exercise the nlerp branch
    near = a.local[:3, 3:7].astype(np.float64) + 1e-4
    b.local[:3, 3:7] = near / np.linalg.norm(near, axis=1, keepdims=True)
    lite.blend_poses(a, b, t, out)
    row = [0.0] * 4
    for i in range(a.node_count):
        qa = [float(v) for v in a.local[i, 3:7]]
        qb = [float(v) for v in b.local[i, 3:7]]
        lite.quat_slerp(row, 0, *qa, *qb, t)
        if t in (0.0, 1.0):
            _same_rotation(out.local[i : i + 1, 3:7], np.array([row]))
        else:
            assert_allclose(out.local[i, 3:7], row, rtol=1e-6, atol=1e-6)


def test_blend_takes_the_shortest_arc() -> None:
    a, out = lite.create_pose(ASSET), lite.create_pose(ASSET)
    b = lite.create_pose(ASSET)
    half = np.sqrt(0.5)
    a.local[:, 3:7] = (0.0, 0.0, 0.0, 1.0)
    # 90 degrees about z, written in the far hemisphere (-q): the short way is still 45 degrees
    b.local[:, 3:7] = (0.0, 0.0, -half, -half)
    lite.blend_poses(a, b, 0.5, out)
    angle = 2.0 * np.arccos(np.abs(out.local[:, 6].astype(np.float64)))
    assert_allclose(angle, np.pi / 4, atol=1e-6)
    assert (out.local[:, 6] > 0).all()  # on a's side of the hypersphere


def test_a_mask_blends_only_the_listed_nodes() -> None:
    a, b, out = _random_pose(3), _random_pose(4), lite.create_pose(ASSET)
    morph_node = a.morph_slices[0][0]
    mask = [2, 5, morph_node]
    lite.blend_poses(a, b, 0.4, out, mask=mask)
    full = lite.blend_poses(a, b, 0.4, lite.create_pose(ASSET))
    for node in range(a.node_count):
        expected = full.local[node] if node in mask else a.local[node]
        assert_array_equal(out.local[node], expected)
    assert_array_equal(out.weights, full.weights)
    # a node without morph weights keeps a's weights
    lite.blend_poses(a, b, 1.0, out, mask=[2])
    assert_array_equal(out.weights, a.weights)
    assert_array_equal(out.local[2], b.local[2])
    assert_array_equal(out.local[3], a.local[3])


def test_out_may_be_an_input() -> None:
    a, b = _random_pose(5), _random_pose(6)
    expected = lite.blend_poses(a, b, 0.3, lite.create_pose(ASSET)).local.copy()
    assert_array_equal(lite.blend_poses(a, b, 0.3, a).local, expected)
    a = _random_pose(5)
    assert_array_equal(lite.blend_poses(a, b, 0.3, b).local, expected)


@pytest.mark.parametrize("seed", range(5))
def test_additive_round_trip_gives_the_pose_back(seed: int) -> None:
    p, ref = _random_pose(seed), _random_pose(seed + 100)
    delta = lite.additive_pose(p, ref, lite.create_pose(ASSET))
    back = lite.add_pose(ref, delta, 1.0, lite.create_pose(ASSET))
    assert_allclose(back.local[:, 0:3], p.local[:, 0:3], rtol=1e-6, atol=1e-6)
    assert_allclose(back.local[:, 7:10], p.local[:, 7:10], rtol=1e-6, atol=1e-6)
    assert_allclose(back.local[:, 3:7], p.local[:, 3:7], atol=1e-6)
    assert_allclose(back.weights, p.weights, rtol=1e-6, atol=1e-6)
    # weight 0 is the base
    assert_array_equal(lite.add_pose(ref, delta, 0.0, back).local[:, 0:3], ref.local[:, 0:3])
    _same_rotation(back.local[:, 3:7], ref.local[:, 3:7])


def test_additive_follows_babylons_make_animation_additive_convention() -> None:
    # Babylon.js Animation.MakeAnimationAdditive: Vector3 keys (position and scaling alike)
    # become value - reference; quaternion keys conjugate(normalize(reference)) * value.
    asset = figure()
    walk = clip(asset, "walk")
    ref = lite.sample_clip(walk, 0.0, lite.create_pose(asset))
    p = lite.sample_clip(walk, 0.4, lite.create_pose(asset))
    delta = lite.additive_pose(p, ref, lite.create_pose(asset))
    assert_allclose(delta.local[:, 0:3], p.local[:, 0:3] - ref.local[:, 0:3], atol=1e-6)
    assert_allclose(delta.local[:, 7:10], p.local[:, 7:10] - ref.local[:, 7:10], atol=1e-6)
    for i in range(p.node_count):
        rx, ry, rz, rw = (float(v) for v in ref.local[i, 3:7])
        bx, by, bz, bw = (float(v) for v in p.local[i, 3:7])
        ax, ay, az, aw = -rx, -ry, -rz, rw
        expect = (
            aw * bx + ax * bw + ay * bz - az * by,
            aw * by - ax * bz + ay * bw + az * bx,
            aw * bz + ax * by - ay * bx + az * bw,
            aw * bw - ax * bx - ay * by - az * bz,
        )
        assert_allclose(delta.local[i, 3:7], np.array(expect) / np.linalg.norm(expect), atol=1e-6)
    # a pose against itself is the identity delta
    zero = lite.additive_pose(p, p, lite.create_pose(asset))
    assert_allclose(zero.local[:, 0:3], 0.0, atol=0)
    assert_allclose(np.abs(zero.local[:, 6]), 1.0, atol=1e-6)


def test_add_pose_layers_like_the_additive_mixer() -> None:
    # Babylon Lite's weighted glTF mixer: translation adds (sample - reference) * weight and
    # a rotation slerps from base to base * delta by the weight.
    base, p, ref = _random_pose(11), _random_pose(12), _random_pose(13)
    delta = lite.additive_pose(p, ref, lite.create_pose(ASSET))
    out = lite.add_pose(base, delta, 0.35, lite.create_pose(ASSET))
    assert_allclose(
        out.local[:, 0:3],
        base.local[:, 0:3].astype(np.float64) + delta.local[:, 0:3] * 0.35,
        rtol=1e-6,
        atol=1e-6,
    )
    full = lite.add_pose(base, delta, 1.0, lite.create_pose(ASSET))
    expect = lite.blend_poses(base, full, 0.35, lite.create_pose(ASSET))
    assert_allclose(out.local[:, 3:7], expect.local[:, 3:7], atol=2e-6)


def test_bad_blend_arguments_raise_their_codes() -> None:
    a, b, out = _random_pose(1), _random_pose(2), lite.create_pose(ASSET)
    other = lite.create_pose(lite.load_gltf("tests/fixtures/rigged_figure.glb"))
    before = out.local.copy()
    cases = [
        (lambda: lite.blend_poses(ASSET.pose, b, 0.5, out), "LITE-POSE-001"),
        (lambda: lite.blend_poses(a, other, 0.5, out), "LITE-POSE-002"),
        (lambda: lite.blend_poses(a, b, 0.5, other), "LITE-POSE-002"),
        (lambda: lite.blend_poses(a, b, 1.5, out), "LITE-POSE-005"),
        (lambda: lite.blend_poses(a, b, float("nan"), out), "LITE-POSE-005"),
        (lambda: lite.blend_poses(a, b, 0.5, out, mask=[99]), "LITE-POSE-006"),
        (lambda: lite.blend_poses(a, b, 0.5, out, mask="hips"), "LITE-POSE-006"),
        (lambda: lite.additive_pose(a, other, out), "LITE-POSE-002"),
        (lambda: lite.add_pose(a, b, -0.1, out), "LITE-POSE-005"),
        (lambda: lite.add_pose(a, b, 0.5, None), "LITE-POSE-001"),
    ]
    for call, code in cases:
        with pytest.raises(AnimationStateError) as exc:
            call()
        assert exc.value.code == code, (code, exc.value)
        assert exc.value.hint
    assert_array_equal(out.local, before)
