"""Blend spaces: clips placed on a 1D line or a 2D plane, blended by a parameter.

DriftEngine's blend tree leaf, in the form game engines give it (Unity's 1D / 2D Freeform
Cartesian blend trees, Unreal's blend spaces). A 1D space interpolates linearly between the
two clips around the parameter and clamps to the end clips outside. A 2D space is
triangulated once (Delaunay, from its definition; no SciPy needed): inside a triangle the weights
are the parameter's barycentric coordinates, outside the convex hull they are those of the
nearest point on the nearest hull edge. Weights are non-negative and sum to 1.

With ``sync`` on, every clip plays at the same normalised time (``phase``), so clips of
different lengths (a walk and a run cycle) keep their feet in step; the space's duration is
the weight-blended duration of its clips (:func:`blend_space_duration`), the time one phase
takes.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from lite.animation.types import AnimationClip
from lite.errors import AnimationStateError, finite_real
from lite.pose.blend import blend_poses_unchecked
from lite.pose.pose import (
    GraphPose,
    check_pose,
    check_time,
    clip_plan,
    sample_clip_unchecked,
    twin_pose,
)

if TYPE_CHECKING:
    from lite.animation.types import F64Array

__all__ = [
    "BlendSpace",
    "blend_space_duration",
    "blend_space_weights",
    "check_blend_space",
    "check_parameter",
    "create_blend_space_1d",
    "create_blend_space_2d",
    "sample_blend_space",
    "sample_blend_space_unchecked",
    "space_duration_unchecked",
    "weights_into",
]

#: Barycentric coordinates above -EPS count as inside a triangle (the query is on its edge).
_INSIDE_EPS = 1e-9
#: Weights below this are snapped to 0 (a query on a clip's position is exactly one-hot).
_SNAP = 1e-12

# (i, j, k, ax, ay, v0x, v0y, v1x, v1y, 1/det) per triangle, CCW.
_Tri = tuple[int, int, int, float, float, float, float, float, float, float]
# (i, j, ax, ay, dx, dy, 1/|d|^2) per hull edge.
_Edge = tuple[int, int, float, float, float, float, float]


@dataclass(slots=True, eq=False)
class BlendSpace:
    """Clips placed in a 1D or 2D parameter space (see :func:`create_blend_space_1d`).

    Attributes
    ----------
    clips
        The clips, in the order given (weights follow this order).
    positions
        ``(K,)`` (1D) or ``(K, 2)`` (2D) float64, read-only.
    dimensions
        1 or 2.
    sync
        Whether every clip plays at the shared normalised time.
    durations
        Each clip's duration in seconds.
    triangles
        2D only: ``(T, 3)`` int clip indices of the triangulation (counter-clockwise).
    """

    clips: tuple[AnimationClip, ...]
    positions: F64Array
    dimensions: int
    sync: bool
    durations: tuple[float, ...]
    triangles: np.ndarray = field(default_factory=lambda: np.zeros((0, 3), dtype=np.int64))
    #: 1D (or collinear 2D, projected): sorted positions and the clip index of each.
    _line: tuple[float, ...] = ()
    _line_order: tuple[int, ...] = ()
    #: Collinear 2D: origin and direction / |direction|^2 of the projection line.
    _axis: tuple[float, float, float, float] | None = None
    _tris: tuple[_Tri, ...] = ()
    _edges: tuple[_Edge, ...] = ()
    #: Scratch weights of the public functions (the state machine keeps its own).
    _weights: F64Array = field(default_factory=lambda: np.zeros(0, dtype=np.float64))


def _bad_space(message: str, name: str) -> AnimationStateError:
    return AnimationStateError(
        "LITE-POSE-010",
        message,
        hint="give one or more AnimationClips and one distinct finite position per clip",
        input_name=name,
    )


def _clip_tuple(clips: object) -> tuple[AnimationClip, ...]:
    if isinstance(clips, (str, bytes)) or not isinstance(clips, Sequence):
        raise _bad_space(f"clips must be a sequence of AnimationClip, got {type(clips)}", "clips")
    items = tuple(clips)
    if not items:
        raise _bad_space("a blend space needs at least one clip", "clips")
    for i, clip in enumerate(items):
        if not isinstance(clip, AnimationClip):
            raise _bad_space(
                f"clips[{i}] must be an AnimationClip, got {type(clip).__name__}", f"clips[{i}]"
            )
    return items


def _durations(clips: tuple[AnimationClip, ...]) -> tuple[float, ...]:
    return tuple(float(c.duration) for c in clips)


def create_blend_space_1d(
    clips: Sequence[AnimationClip], positions: Sequence[float], *, sync: bool = True
) -> BlendSpace:
    """Clips placed on a line; the parameter is a number.

    Parameters
    ----------
    clips
        One or more clips of one asset (e.g. idle, walk, run).
    positions
        One distinct finite position per clip, in any order (e.g. speeds 0, 1.5, 4).
    sync
        Keyword only: play every clip at the shared normalised time (default).

    Raises
    ------
    AnimationStateError
        ``LITE-POSE-010`` for no clips, a non-clip, a count mismatch, a non-finite or
        repeated position.

    Examples
    --------
    >>> import lite
    >>> from lite.assets import figure_path
    >>> walk, run = lite.load_gltf(figure_path()).animation_data.clips[:2]
    >>> space = lite.create_blend_space_1d([walk, run], [1.0, 3.0])
    >>> lite.blend_space_weights(space, 1.5).tolist()
    [0.75, 0.25]
    """
    items = _clip_tuple(clips)
    values = _positions(positions, len(items), 1)
    order = sorted(range(len(items)), key=lambda i: values[i][0])
    line = tuple(values[i][0] for i in order)
    _check_distinct_1d(line)
    pos = np.array([v[0] for v in values], dtype=np.float64)
    pos.flags.writeable = False
    return BlendSpace(
        clips=items,
        positions=pos,
        dimensions=1,
        sync=bool(sync),
        durations=_durations(items),
        _line=line,
        _line_order=tuple(order),
        _weights=np.zeros(len(items), dtype=np.float64),
    )


def _positions(values: object, count: int, dims: int) -> list[tuple[float, ...]]:
    name = "positions" if dims == 1 else "points"
    if isinstance(values, (str, bytes)) or not isinstance(values, (Sequence, np.ndarray)):
        raise _bad_space(f"{name} must be a sequence, got {type(values).__name__}", name)
    items = list(values)
    if len(items) != count:
        raise _bad_space(f"{count} clips but {len(items)} {name}", name)
    out: list[tuple[float, ...]] = []
    for i, item in enumerate(items):
        if dims == 1:
            number = finite_real(item)
            if number is None:
                raise _bad_space(f"{name}[{i}] must be a finite number, got {item!r}", name)
            out.append((number,))
            continue
        if isinstance(item, (str, bytes)) or not isinstance(item, (Sequence, np.ndarray)):
            raise _bad_space(f"{name}[{i}] must be an (x, y) pair, got {item!r}", name)
        pair = [finite_real(v) for v in item]
        if len(pair) != 2 or any(v is None for v in pair):
            raise _bad_space(f"{name}[{i}] must be two finite numbers, got {item!r}", name)
        out.append((float(pair[0] or 0.0), float(pair[1] or 0.0)))
    return out


def _check_distinct_1d(line: tuple[float, ...]) -> None:
    for a, b in zip(line, line[1:], strict=False):
        if a == b:
            raise _bad_space(f"two clips share the position {a}", "positions")


def create_blend_space_2d(
    clips: Sequence[AnimationClip],
    points: Sequence[Sequence[float]] | np.ndarray,
    *,
    sync: bool = True,
) -> BlendSpace:
    """Clips placed on a plane; the parameter is an ``(x, y)`` pair.

    The points are triangulated once (Delaunay). Inside the triangulation a parameter's
    weights are its barycentric coordinates in the triangle holding it (three clips at
    most); outside, those of the nearest point of the nearest hull edge (two clips at most).
    Collinear points (or two) behave as a 1D space along their line; one clip always weighs 1.

    Parameters
    ----------
    clips
        One or more clips of one asset.
    points
        One distinct finite ``(x, y)`` per clip (e.g. velocities).
    sync
        Keyword only: play every clip at the shared normalised time (default).

    Raises
    ------
    AnimationStateError
        ``LITE-POSE-010`` for no clips, a non-clip, a count mismatch, a point that is not
        two finite numbers, or a repeated point.
    """
    items = _clip_tuple(clips)
    pts = _positions(points, len(items), 2)
    if len(set(pts)) != len(pts):
        raise _bad_space("two clips share one point", "points")
    pos = np.array(pts, dtype=np.float64).reshape(len(items), 2)
    pos.flags.writeable = False
    space = BlendSpace(
        clips=items,
        positions=pos,
        dimensions=2,
        sync=bool(sync),
        durations=_durations(items),
        _weights=np.zeros(len(items), dtype=np.float64),
    )
    xy = [(p[0], p[1]) for p in pts]
    tris = _delaunay(xy) if len(xy) >= 3 else []
    if not tris:
        _project_to_line(space, xy)
        return space
    space.triangles = np.array(tris, dtype=np.int64).reshape(-1, 3)
    space.triangles.flags.writeable = False
    space._tris = tuple(_tri_entry(xy, t) for t in tris)
    space._edges = tuple(_edge_entry(xy, i, j) for i, j in _hull_edges(tris))
    return space


def _project_to_line(space: BlendSpace, xy: list[tuple[float, float]]) -> None:
    """Collinear (or fewer than 3) points: a 1D space along the line through them."""
    if len(xy) == 1:
        space._line = (0.0,)
        space._line_order = (0,)
        space._axis = (xy[0][0], xy[0][1], 0.0, 0.0)
        return
    # the farthest pair spans the line
    best = (0, 1, -1.0)
    for i in range(len(xy)):
        for j in range(i + 1, len(xy)):
            d = (xy[j][0] - xy[i][0]) ** 2 + (xy[j][1] - xy[i][1]) ** 2
            if d > best[2]:
                best = (i, j, d)
    ox, oy = xy[best[0]]
    dx = xy[best[1]][0] - ox
    dy = xy[best[1]][1] - oy
    inv = 1.0 / best[2]
    proj = [((x - ox) * dx + (y - oy) * dy) * inv for x, y in xy]
    order = sorted(range(len(xy)), key=lambda i: proj[i])
    space._line = tuple(proj[i] for i in order)
    space._line_order = tuple(order)
    space._axis = (ox, oy, dx * inv, dy * inv)
    _check_distinct_1d(space._line)


def _orient(ax: float, ay: float, bx: float, by: float, cx: float, cy: float) -> float:
    return (bx - ax) * (cy - ay) - (by - ay) * (cx - ax)


def _delaunay(points: list[tuple[float, float]]) -> list[tuple[int, int, int]]:
    """Delaunay triangulation of a few points, by its definition; triangles counter-clockwise.

    Every triangle whose circumcircle holds no other point is Delaunay. Where four or more
    points share a circle (a square grid of clips), several triangulations are; the candidates
    are then taken in index order, skipping any that overlaps one already taken, which fills
    each such polygon completely. O(K^4) for K clips, run once (a few ms for 20 clips): a
    Bowyer-Watson with a finite super-triangle can miss thin triangles along the hull.
    """
    n = len(points)
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    span = max(max(xs) - min(xs), max(ys) - min(ys))
    area_eps = 1e-12 * span * span
    circle_eps = 1e-10 * span**4
    candidates: list[tuple[int, int, int]] = []
    for a in range(n):
        for b in range(a + 1, n):
            for c in range(b + 1, n):
                area = _orient(*points[a], *points[b], *points[c])
                if abs(area) <= area_eps:
                    continue
                tri = (a, b, c) if area > 0 else (a, c, b)
                if not any(
                    _in_circle(points, tri, d) > circle_eps for d in range(n) if d not in (a, b, c)
                ):
                    candidates.append(tri)
    taken: list[tuple[int, int, int]] = []
    for tri in candidates:
        if not any(_overlap(points, tri, other, area_eps) for other in taken):
            taken.append(tri)
    return sorted(taken)


def _in_circle(points: list[tuple[float, float]], tri: tuple[int, int, int], d: int) -> float:
    """Positive when point ``d`` is inside the circumcircle of the CCW triangle ``tri``."""
    px, py = points[d]
    (ax, ay), (bx, by), (cx, cy) = (points[i] for i in tri)
    adx, ady = ax - px, ay - py
    bdx, bdy = bx - px, by - py
    cdx, cdy = cx - px, cy - py
    return (
        (adx * adx + ady * ady) * (bdx * cdy - cdx * bdy)
        - (bdx * bdx + bdy * bdy) * (adx * cdy - cdx * ady)
        + (cdx * cdx + cdy * cdy) * (adx * bdy - bdx * ady)
    )


def _overlap(
    points: list[tuple[float, float]],
    t1: tuple[int, int, int],
    t2: tuple[int, int, int],
    eps: float,
) -> bool:
    """Whether two triangles share interior area (separating-axis test; touching is not)."""
    for tri, other in ((t1, t2), (t2, t1)):
        for k in range(3):
            ax, ay = points[tri[k]]
            bx, by = points[tri[(k + 1) % 3]]
            # every vertex of ``other`` on the outer side (or on the line) of this CCW edge
            if all(_orient(ax, ay, bx, by, *points[v]) <= eps for v in other):
                return False
    return True


def _hull_edges(tris: list[tuple[int, int, int]]) -> list[tuple[int, int]]:
    counts: dict[tuple[int, int], int] = {}
    for t in tris:
        for a, b in ((t[0], t[1]), (t[1], t[2]), (t[2], t[0])):
            key = (min(a, b), max(a, b))
            counts[key] = counts.get(key, 0) + 1
    return sorted(e for e, c in counts.items() if c == 1)


def _tri_entry(xy: list[tuple[float, float]], tri: tuple[int, int, int]) -> _Tri:
    i, j, k = tri
    ax, ay = xy[i]
    v0x, v0y = xy[j][0] - ax, xy[j][1] - ay
    v1x, v1y = xy[k][0] - ax, xy[k][1] - ay
    det = v0x * v1y - v1x * v0y
    return (i, j, k, ax, ay, v0x, v0y, v1x, v1y, 1.0 / det)


def _edge_entry(xy: list[tuple[float, float]], i: int, j: int) -> _Edge:
    ax, ay = xy[i]
    dx, dy = xy[j][0] - ax, xy[j][1] - ay
    return (i, j, ax, ay, dx, dy, 1.0 / (dx * dx + dy * dy))


def check_blend_space(value: object, name: str = "space") -> BlendSpace:
    """``value`` as a :class:`BlendSpace`, else ``LITE-POSE-012``."""
    if not isinstance(value, BlendSpace):
        raise AnimationStateError(
            "LITE-POSE-012",
            f"{name} must be a BlendSpace, got {type(value).__name__}",
            hint="make one with lite.create_blend_space_1d or lite.create_blend_space_2d",
            input_name=name,
        )
    return value


def check_parameter(space: BlendSpace, parameter: object) -> tuple[float, float]:
    """The parameter as ``(x, y)`` (``y`` = 0 in 1D), else ``LITE-POSE-011``."""
    if space.dimensions == 1:
        number = finite_real(parameter)
        if number is not None:
            return number, 0.0
        expected = "a finite number"
    else:
        if not isinstance(parameter, (str, bytes)) and isinstance(
            parameter, (Sequence, np.ndarray)
        ):
            pair = [finite_real(v) for v in parameter]
            if len(pair) == 2 and pair[0] is not None and pair[1] is not None:
                return pair[0], pair[1]
        expected = "two finite numbers (x, y)"
    raise AnimationStateError(
        "LITE-POSE-011",
        f"a {space.dimensions}D blend space's parameter must be {expected}, got {parameter!r}",
        hint="1D spaces take a number, 2D spaces an (x, y) pair",
        input_name="parameter",
    )


def weights_into(space: BlendSpace, x: float, y: float, out: F64Array) -> None:
    """The weights at ``(x, y)`` into ``out`` ``(K,)`` (no checks, no allocation)."""
    out.fill(0.0)
    axis = space._axis
    if space.dimensions == 1 or axis is not None:
        if axis is not None:
            x = (x - axis[0]) * axis[2] + (y - axis[1]) * axis[3]
        line = space._line
        order = space._line_order
        last = len(line) - 1
        if x <= line[0]:
            out[order[0]] = 1.0
        elif x >= line[last]:
            out[order[last]] = 1.0
        else:
            i = bisect.bisect_right(line, x) - 1
            f = (x - line[i]) / (line[i + 1] - line[i])
            out[order[i]] = 1.0 - f
            out[order[i + 1]] = f
        return
    # A triangle holding the parameter exactly wins; one it misses by rounding (a coordinate
    # down to -_INSIDE_EPS, on a shared edge) only when no triangle holds it exactly, since
    # clamping that coordinate moves the blended point by as much.
    near = None
    for tri in space._tris:
        i, j, k, ax, ay, v0x, v0y, v1x, v1y, inv = tri
        px = x - ax
        py = y - ay
        b = (px * v1y - v1x * py) * inv
        c = (v0x * py - px * v0y) * inv
        a = 1.0 - b - c
        if a >= 0.0 and b >= 0.0 and c >= 0.0:
            _write_barycentric(out, i, j, k, a, b, c)
            return
        if near is None and a >= -_INSIDE_EPS and b >= -_INSIDE_EPS and c >= -_INSIDE_EPS:
            near = (i, j, k, a, b, c)
    if near is not None:
        _write_barycentric(out, *near)
        return
    best = math.inf
    bi = bj = 0
    bs = 0.0
    for i, j, ax, ay, dx, dy, inv in space._edges:
        s = ((x - ax) * dx + (y - ay) * dy) * inv
        s = 0.0 if s < 0.0 else 1.0 if s > 1.0 else s
        ex = ax + s * dx - x
        ey = ay + s * dy - y
        d2 = ex * ex + ey * ey
        if d2 < best:
            best = d2
            bi, bj, bs = i, j, s
    out[bi] = 1.0 - bs
    out[bj] = out[bj] + bs


def _write_barycentric(
    out: np.ndarray, i: int, j: int, k: int, a: float, b: float, c: float
) -> None:
    """Write a triangle's coordinates, the ones within ``_SNAP`` of zero (or below) as zero."""
    a = 0.0 if a < _SNAP else a
    b = 0.0 if b < _SNAP else b
    c = 0.0 if c < _SNAP else c
    total = a + b + c
    out[i] = a / total
    out[j] = b / total
    out[k] = c / total


def blend_space_weights(space: BlendSpace, parameter: float | Sequence[float]) -> np.ndarray:
    """The clips' weights at ``parameter``: non-negative, summing to 1, in clip order.

    1D: one-hot at a clip's position, linear between two neighbouring positions, the end
    clip's one-hot outside the range. 2D: barycentric inside the triangulation, the nearest
    hull edge's two clips outside.

    Returns
    -------
    numpy.ndarray
        A new ``(K,)`` float64 array.

    Raises
    ------
    AnimationStateError
        ``LITE-POSE-012`` when ``space`` is not a blend space; ``LITE-POSE-011`` for a
        parameter of the wrong shape or a non-finite one.
    """
    sp = check_blend_space(space)
    x, y = check_parameter(sp, parameter)
    out = np.zeros(len(sp.clips), dtype=np.float64)
    weights_into(sp, x, y, out)
    return out


def space_duration_unchecked(space: BlendSpace, weights: F64Array) -> float:
    """``sum(weights * durations)`` (Python floats, no allocation)."""
    total = 0.0
    for k, d in enumerate(space.durations):
        total += float(weights[k]) * d
    return total


def blend_space_duration(space: BlendSpace, parameter: float | Sequence[float]) -> float:
    """The weight-blended duration of the clips at ``parameter``, in seconds.

    With ``sync`` on this is how long one phase (0 -> 1) takes, so a walk-run blend strides at
    a length between the walk's and the run's and the clips' feet stay in step.

    Raises
    ------
    AnimationStateError
        As :func:`blend_space_weights`.

    Examples
    --------
    >>> import lite
    >>> from lite.assets import figure_path
    >>> walk, run = lite.load_gltf(figure_path()).animation_data.clips[:2]
    >>> space = lite.create_blend_space_1d([walk, run], [1.0, 3.0])
    >>> round(lite.blend_space_duration(space, 2.0), 6)  # (1.0 + 0.6) / 2
    0.8
    """
    sp = check_blend_space(space)
    x, y = check_parameter(sp, parameter)
    weights_into(sp, x, y, sp._weights)
    return space_duration_unchecked(sp, sp._weights)


def sample_blend_space(
    space: BlendSpace, parameter: float | Sequence[float], phase: float, out: GraphPose
) -> GraphPose:
    """The blended pose of ``space`` at ``parameter`` and normalised time ``phase`` into ``out``.

    With ``sync`` on, clip ``k`` is sampled at ``phase * duration_k``; with it off, at
    ``phase * blend_space_duration(space, parameter)`` wrapped into each clip's own length.
    ``phase`` is wrapped into [0, 1). The clips with a non-zero weight are blended in clip
    order with running weights (:func:`lite.blend_poses` at ``w_k / sum(w_0..w_k)``), as the
    glTF mixer folds rotations in. Pure: no state is carried between calls.

    Returns
    -------
    GraphPose
        ``out``.

    Raises
    ------
    AnimationStateError
        As :func:`blend_space_weights`; ``LITE-POSE-001`` for ``out``; ``LITE-POSE-005`` for a
        non-finite phase; ``LITE-POSE-004`` when a clip does not fit the pose.
    """
    sp = check_blend_space(space)
    x, y = check_parameter(sp, parameter)
    p = check_time(phase, "phase")
    pose = check_pose(out, "out")
    for clip in sp.clips:
        clip_plan(clip, pose)  # validate every clip against the pose before writing
    weights_into(sp, x, y, sp._weights)
    sample_blend_space_unchecked(sp, sp._weights, p, pose)
    return pose


def sample_blend_space_unchecked(
    space: BlendSpace, weights: F64Array, phase: float, out: GraphPose
) -> None:
    """:func:`sample_blend_space` with the weights already computed (no checks)."""
    phase = phase % 1.0
    total = 0.0 if space.sync else space_duration_unchecked(space, weights) * phase
    twin = out._g.twin
    acc = 0.0
    for k, clip in enumerate(space.clips):
        w = float(weights[k])
        if w <= 0.0:
            continue
        duration = space.durations[k]
        if space.sync:
            t = phase * duration
        elif duration > 0.0:
            t = total % duration
        else:
            t = 0.0
        if acc == 0.0:
            sample_clip_unchecked(clip_plan(clip, out), t, out)
            acc = w
            continue
        if twin is None:
            twin = out._g.twin = twin_pose(out)
        sample_clip_unchecked(clip_plan(clip, twin), t, twin)
        acc += w
        blend_poses_unchecked(out, twin, w / acc, out)
