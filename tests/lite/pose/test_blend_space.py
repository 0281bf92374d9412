"""lite.pose.blend_space: 1D and 2D blend-space weights, duration blending and sampling."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from numpy.testing import assert_allclose, assert_array_equal

import lite
from lite.errors import AnimationStateError
from tests.lite.pose._util import clip, figure

ASSET = figure()
WALK, RUN, WAVE, BLINK = (clip(ASSET, n) for n in ("walk", "run", "wave", "blink"))
#: A 2D layout with an interior point (fan of 4 triangles) and a square hull.
POINTS = [(0.0, 0.0), (2.0, 0.0), (0.0, 2.0), (2.0, 2.0), (0.8, 1.1)]
CLIPS5 = [WALK, RUN, WAVE, BLINK, WALK]


def _space_1d() -> lite.BlendSpace:
    # given out of order on purpose: weights follow the clips' order, not the positions'
    return lite.create_blend_space_1d([RUN, WALK, WAVE], [3.0, 1.0, 5.0])


@given(x=st.floats(-10, 10))
def test_1d_weights_are_non_negative_and_sum_to_1(x: float) -> None:
    w = lite.blend_space_weights(_space_1d(), x)
    assert (w >= 0).all()
    assert_allclose(w.sum(), 1.0, rtol=0, atol=1e-12)


def test_1d_weights_are_one_hot_at_positions_linear_between_and_clamped_outside() -> None:
    space = _space_1d()
    assert_array_equal(lite.blend_space_weights(space, 3.0), [1, 0, 0])
    assert_array_equal(lite.blend_space_weights(space, 1.0), [0, 1, 0])
    assert_array_equal(lite.blend_space_weights(space, 5.0), [0, 0, 1])
    for f in (0.1, 0.25, 0.5, 0.9):
        assert_allclose(lite.blend_space_weights(space, 1.0 + 2.0 * f), [f, 1 - f, 0], atol=1e-12)
        assert_allclose(lite.blend_space_weights(space, 3.0 + 2.0 * f), [1 - f, 0, f], atol=1e-12)
    assert_array_equal(lite.blend_space_weights(space, -4.0), [0, 1, 0])
    assert_array_equal(lite.blend_space_weights(space, 40.0), [0, 0, 1])
    # a new array each call (the caller may keep it)
    a = lite.blend_space_weights(space, 2.0)
    lite.blend_space_weights(space, 4.0)
    assert_allclose(a, [0.5, 0.5, 0.0])


def _space_2d() -> lite.BlendSpace:
    return lite.create_blend_space_2d(CLIPS5, POINTS)


def _hull_edges(points: list[tuple[float, float]]) -> list[tuple[int, int]]:
    """Convex hull edges by brute force (a pair is an edge when every point is on one side)."""
    edges = []
    for i, j in itertools.combinations(range(len(points)), 2):
        (ax, ay), (bx, by) = points[i], points[j]
        sides = [
            (bx - ax) * (py - ay) - (by - ay) * (px - ax)
            for k, (px, py) in enumerate(points)
            if k not in (i, j)
        ]
        if all(s >= -1e-12 for s in sides) or all(s <= 1e-12 for s in sides):
            edges.append((i, j))
    return edges


def test_2d_triangulation_is_delaunay_and_covers_the_hull() -> None:
    space = _space_2d()
    pts = np.array(POINTS)
    tris = space.triangles
    assert len(tris) == 4  # the interior point fans the square
    area = 0.0
    for i, j, k in tris:
        a, b, c = pts[i], pts[j], pts[k]
        signed = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        assert signed > 0  # counter-clockwise
        area += signed / 2
        for m, p in enumerate(pts):  # empty circumcircles
            if m in (i, j, k):
                continue
            rows = [
                [q[0] - p[0], q[1] - p[1], (q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2]
                for q in (a, b, c)
            ]
            assert np.linalg.det(np.array(rows)) <= 1e-9
    assert_allclose(area, 4.0)


@given(x=st.floats(-0.0, 2.0), y=st.floats(-0.0, 2.0))
def test_2d_weights_inside_are_barycentric(x: float, y: float) -> None:
    w = lite.blend_space_weights(_space_2d(), (x, y))
    assert (w >= 0).all()
    assert_allclose(w.sum(), 1.0, atol=1e-12)
    assert np.count_nonzero(w) <= 3
    # barycentric coordinates reproduce the parameter
    assert_allclose(w @ np.array(POINTS), (x, y), atol=1e-9)


@given(x=st.floats(-6.0, 8.0), y=st.floats(-6.0, 8.0))
def test_2d_weights_outside_are_the_nearest_hull_edges(x: float, y: float) -> None:
    if 0.0 <= x <= 2.0 and 0.0 <= y <= 2.0:
        return
    w = lite.blend_space_weights(_space_2d(), (x, y))
    assert (w >= 0).all()
    assert_allclose(w.sum(), 1.0, atol=1e-12)
    assert np.count_nonzero(w) <= 2
    assert w[4] == 0.0  # never the interior clip
    # the weighted point is the nearest point of the hull boundary
    p = np.array((x, y))
    nearest = np.inf
    for i, j in _hull_edges(POINTS):
        a, b = np.array(POINTS[i]), np.array(POINTS[j])
        s = np.clip(np.dot(p - a, b - a) / np.dot(b - a, b - a), 0, 1)
        nearest = min(nearest, float(np.linalg.norm(a + s * (b - a) - p)))
    got = w @ np.array(POINTS)
    assert_allclose(np.linalg.norm(got - p), nearest, atol=1e-9)


def test_2d_weights_are_one_hot_at_each_point() -> None:
    space = _space_2d()
    for k, point in enumerate(POINTS):
        expect = np.zeros(len(POINTS))
        expect[k] = 1.0
        assert_array_equal(lite.blend_space_weights(space, point), expect)


def test_collinear_2d_points_blend_along_their_line_and_one_clip_weighs_1() -> None:
    line = lite.create_blend_space_2d([WALK, RUN, WAVE], [(0, 0), (2, 2), (1, 1)])
    assert line.triangles.shape == (0, 3)
    assert_allclose(lite.blend_space_weights(line, (1.5, 1.5)), [0, 0.5, 0.5])
    assert_allclose(lite.blend_space_weights(line, (0.5, 0.5)), [0.5, 0, 0.5])
    assert_allclose(lite.blend_space_weights(line, (2.0, 0.0)), [0, 0, 1])  # projects to (1, 1)
    assert_allclose(lite.blend_space_weights(line, (-3, -3)), [1, 0, 0])
    single = lite.create_blend_space_2d([WALK], [(1, 1)])
    assert_array_equal(lite.blend_space_weights(single, (7, -2)), [1.0])
    one = lite.create_blend_space_1d([WALK], [0.0])
    assert_array_equal(lite.blend_space_weights(one, 9.0), [1.0])


def test_duration_is_the_weight_blended_duration() -> None:
    space = lite.create_blend_space_1d([WALK, RUN], [1.0, 3.0])
    assert lite.blend_space_duration(space, 1.0) == pytest.approx(WALK.duration)
    assert lite.blend_space_duration(space, 3.0) == pytest.approx(RUN.duration)
    assert lite.blend_space_duration(space, 2.5) == pytest.approx(
        0.25 * WALK.duration + 0.75 * RUN.duration
    )
    assert lite.blend_space_duration(space, -1.0) == pytest.approx(WALK.duration)
    space2 = _space_2d()
    w = lite.blend_space_weights(space2, (1.2, 0.3))
    durations = np.array([c.duration for c in CLIPS5])
    assert lite.blend_space_duration(space2, (1.2, 0.3)) == pytest.approx(float(w @ durations))


def test_sampling_at_a_clips_position_is_that_clip_at_the_shared_phase() -> None:
    space = lite.create_blend_space_1d([WALK, RUN], [1.0, 3.0])
    out, ref = lite.create_pose(ASSET), lite.create_pose(ASSET)
    for phase in (0.0, 0.3, 0.99):
        lite.sample_blend_space(space, 3.0, phase, out)
        assert_array_equal(out.local, lite.sample_clip(RUN, phase * RUN.duration, ref).local)
        lite.sample_blend_space(space, 1.0, phase + 2.0, out)  # phases wrap into [0, 1)
        assert_allclose(
            out.local, lite.sample_clip(WALK, phase * WALK.duration, ref).local, atol=1e-6
        )


def test_synced_sampling_blends_the_clips_at_their_own_normalised_times() -> None:
    space = lite.create_blend_space_1d([WALK, RUN], [1.0, 3.0])
    out = lite.create_pose(ASSET)
    a, b = lite.create_pose(ASSET), lite.create_pose(ASSET)
    lite.sample_blend_space(space, 2.5, 0.4, out)
    lite.sample_clip(WALK, 0.4 * WALK.duration, a)
    lite.sample_clip(RUN, 0.4 * RUN.duration, b)
    assert_allclose(out.local, lite.blend_poses(a, b, 0.75, a).local, atol=1e-6)


def test_unsynced_sampling_plays_every_clip_at_the_blended_time() -> None:
    space = lite.create_blend_space_1d([WALK, RUN], [1.0, 3.0], sync=False)
    out = lite.create_pose(ASSET)
    a, b = lite.create_pose(ASSET), lite.create_pose(ASSET)
    phase = 0.9
    t = phase * lite.blend_space_duration(space, 2.0)
    lite.sample_blend_space(space, 2.0, phase, out)
    lite.sample_clip(WALK, t % WALK.duration, a)
    lite.sample_clip(RUN, t % RUN.duration, b)
    assert_allclose(out.local, lite.blend_poses(a, b, 0.5, a).local, atol=1e-6)


def test_three_way_2d_sampling_is_a_running_weighted_blend() -> None:
    space = _space_2d()
    param = (1.5, 0.4)
    w = lite.blend_space_weights(space, param)
    out = lite.sample_blend_space(space, param, 0.25, lite.create_pose(ASSET))
    acc = lite.create_pose(ASSET)
    tmp = lite.create_pose(ASSET)
    total = 0.0
    for k, c in enumerate(CLIPS5):
        if w[k] <= 0:
            continue
        lite.sample_clip(c, 0.25 * c.duration, tmp if total else acc)
        if total:
            lite.blend_poses(acc, tmp, w[k] / (total + w[k]), acc)
        total += w[k]
    assert_allclose(out.local, acc.local, atol=1e-6)
    assert_allclose(out.weights, acc.weights, atol=1e-6)


def test_bad_blend_space_arguments_raise_their_codes() -> None:
    pose = lite.create_pose(ASSET)
    space = _space_1d()
    other = clip(lite.load_gltf("tests/fixtures/morph_figure.glb"), "Talk")
    cases = [
        (lambda: lite.create_blend_space_1d([], []), "LITE-POSE-010"),
        (lambda: lite.create_blend_space_1d([WALK, RUN], [1.0]), "LITE-POSE-010"),
        (lambda: lite.create_blend_space_1d([WALK, RUN], [1.0, 1.0]), "LITE-POSE-010"),
        (lambda: lite.create_blend_space_1d([WALK, "run"], [1.0, 2.0]), "LITE-POSE-010"),
        (lambda: lite.create_blend_space_1d([WALK], [float("inf")]), "LITE-POSE-010"),
        (lambda: lite.create_blend_space_2d([WALK, RUN], [(0, 0), (0, 0)]), "LITE-POSE-010"),
        (lambda: lite.create_blend_space_2d([WALK], [(0, 0, 1)]), "LITE-POSE-010"),
        (lambda: lite.create_blend_space_2d([WALK], [1.0]), "LITE-POSE-010"),
        (lambda: lite.blend_space_weights(space, (1.0, 2.0)), "LITE-POSE-011"),
        (lambda: lite.blend_space_weights(_space_2d(), 1.0), "LITE-POSE-011"),
        (lambda: lite.blend_space_weights(_space_2d(), (1.0, float("nan"))), "LITE-POSE-011"),
        (lambda: lite.blend_space_duration("space", 1.0), "LITE-POSE-012"),
        (lambda: lite.sample_blend_space(space, 1.0, float("nan"), pose), "LITE-POSE-005"),
        (lambda: lite.sample_blend_space(space, 1.0, 0.5, ASSET.pose), "LITE-POSE-001"),
        (
            lambda: lite.sample_blend_space(
                lite.create_blend_space_1d([WALK, other], [0, 1]), 0.0, 0.5, pose
            ),
            "LITE-POSE-004",
        ),
    ]
    for call, code in cases:
        with pytest.raises(AnimationStateError) as exc:
            call()
        assert exc.value.code == code, (code, exc.value)
        assert exc.value.hint
    assert_array_equal(pose.local, pose.rest)


def _inside_hull(points: np.ndarray, p: np.ndarray) -> bool:
    for i, j in _hull_edges([tuple(q) for q in points.tolist()]):
        a, b = points[i], points[j]
        side = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
        others = [
            (b[0] - a[0]) * (q[1] - a[1]) - (b[1] - a[1]) * (q[0] - a[0])
            for k, q in enumerate(points)
            if k not in (i, j)
        ]
        inner = max(others, key=abs)
        if side * inner < -1e-9:
            return False
    return True


@given(seed=st.integers(0, 10_000), count=st.integers(3, 9))
def test_random_point_sets_triangulate_to_their_hull(seed: int, count: int) -> None:
    rng = np.random.default_rng(seed)
    points = np.round(rng.uniform(-3, 3, size=(count, 2)), 3)
    if len({tuple(p) for p in points.tolist()}) < count:
        return
    space = lite.create_blend_space_2d([WALK] * count, points)
    if len(space.triangles):
        area = 0.0
        for i, j, k in space.triangles:
            a, b, c = points[i], points[j], points[k]
            area += ((b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])) / 2
        hull = _hull_edges([tuple(p) for p in points.tolist()])
        centre = points.mean(axis=0)
        hull_area = sum(
            abs(
                (points[i][0] - centre[0]) * (points[j][1] - centre[1])
                - (points[i][1] - centre[1]) * (points[j][0] - centre[0])
            )
            / 2
            for i, j in hull
        )
        assert_allclose(area, hull_area, rtol=1e-9, atol=1e-9)
    for q in rng.uniform(-5, 5, size=(20, 2)):
        w = lite.blend_space_weights(space, (float(q[0]), float(q[1])))
        assert (w >= 0).all()
        assert_allclose(w.sum(), 1.0, atol=1e-12)
        if len(space.triangles) and _inside_hull(points, q):
            assert_allclose(w @ points, q, atol=1e-9)


def test_a_grid_of_cocircular_points_is_triangulated_without_overlaps_or_holes() -> None:
    grid = [(float(x), float(y)) for y in range(3) for x in range(3)]
    space = lite.create_blend_space_2d([WALK] * 9, grid)
    pts = np.array(grid)
    assert len(space.triangles) == 8
    area = sum(
        ((pts[j] - pts[i])[0] * (pts[k] - pts[i])[1] - (pts[j] - pts[i])[1] * (pts[k] - pts[i])[0])
        / 2
        for i, j, k in space.triangles
    )
    assert_allclose(area, 4.0)
    for q in [(0.3, 0.2), (1.5, 1.5), (1.0, 0.5), (1.99, 0.01)]:
        assert_allclose(lite.blend_space_weights(space, q) @ pts, q, atol=1e-12)
