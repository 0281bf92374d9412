"""Conservative animated bounds of a skinned mesh, computed once from the clips, not sampled.

Port of ``@forgeax/engine-animation/animated-bounds`` (``deriveConservativeAnimatedBounds``),
kept to its contract and tightened. A bound encloses the influenced vertices over every
LINEAR/STEP (and CUBICSPLINE) TRS clip given, every convex blend of them (non-negative weights
summing to 1: cross-fades, blend spaces) and a morph-weight envelope, including the motion
between keys. Arrays only: :mod:`lite.loader_gltf.animated_bounds` reads them from an asset.

Per node, the clips give an envelope: translation and scale ranges (the box of the rest value
and every key: linear interpolation and convex blends stay inside it; a CUBICSPLINE segment
stays inside the hull of its Bezier control points; zero too when only some of the clips
animate that path, because lite's glTF mixer, as Babylon Lite's, sums the weighted samples
of the groups that animate a node without normalising, so a cross-fade into a clip that
leaves the node alone pulls it towards zero, not rest) and a rotation cap: the smallest cap of
unit quaternions found around the normalised mean of the rest and every key. When its angular
radius ``theta`` is below 45 degrees, any two members are less than 90 degrees apart, so the
sampler's shortest-path slerp between consecutive keys, and every blend the mixer forms (slerp,
nlerp, slerp from rest by a partial weight), stays in the cap: the whole arc between keys is
covered, not only the keys. A rotation in the cap is ``R(c) R(d)`` with ``R(d)`` a rotation by
at most ``2 theta``; for ``k = cos 2theta`` and any vector ``u``, ``|R(d) u - k u| <= sin 2theta
|u|``. A wider cap (or a CUBICSPLINE rotation) is bounded as the complete orbit: ``|R u| = |u|``.

Each joint's influenced points (inverse bind applied) are carried up its chain as exact
nominal points plus a per-point box error and a per-point ball error. A static node maps them
exactly. An animated node has two forms, both conservative: the ball form maps them by its
nominal ``k R(c) S_c`` and ``T_c``, adds the translation half-range to the box error and grows
the ball by ``(sin 2theta s_max + k s_half) |x|`` (a ball keeps its radius under rotation, so
deep chains do not inflate box by box, forgeax's concern); the interval form bounds the
deviation ``R(d)`` entry by entry (the keys' vector parts, in the cap's frame, give a box;
every blend's vector part lies in it scaled by at most ``1 / cos theta``), so a joint that
swings about one axis moves its points only across that axis. Two enclosures travel up the
chain, the ball form alone and, at every animated node, the intersection of both forms; the
per-point intersection of the two at the end is kept. The mesh's inverse rest world maps the
result into mesh coordinates. Joints' boxes are joined and scaled by the range of the
vertices' weight sums (vertices with weights summing to 1 stay inside a convex hull).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import numpy as np

from lite.animation.constants import (
    INTERP_CUBICSPLINE,
    PATH_ROTATION,
    PATH_SCALE,
    PATH_TRANSLATION,
    PATH_WEIGHTS,
)

if TYPE_CHECKING:
    from lite.animation.types import AnimationClip, AnimationSampler, F64Array, NodeRest

__all__ = [
    "BOUNDS_MARGIN",
    "MAX_CAP_ANGLE",
    "NodeEnvelope",
    "bound_joint_points",
    "morph_weight_ranges",
    "node_envelopes",
    "quaternion_cap",
    "rotation_matrix",
    "trs_matrix",
]

#: Caps of at most this angular radius (radians) bound rotations by ``sin 2theta``; wider ones
#: (whose members may be 90 degrees or more apart, so a shortest-path slerp could leave the
#: cap) are bounded as the complete orbit.
MAX_CAP_ANGLE: Final = math.pi / 4.0
#: Outward rounding of a published bound, relative to its largest coordinate (at least 1):
#: float32 palettes and accumulated transform error (forgeax rounds out by the same 1e-5).
BOUNDS_MARGIN: Final = 1e-5
#: Minimax refinements of a cap's centre after the normalised mean.
_CAP_ITERATIONS: Final = 48


def rotation_matrix(q: Sequence[float] | F64Array) -> F64Array:
    """The ``(3, 3)`` rotation matrix of quaternion ``q`` (x, y, z, w), normalised first."""
    x, y, z, w = (float(v) for v in q)
    n = math.sqrt(x * x + y * y + z * z + w * w)
    x, y, z, w = x / n, y / n, z / n, w / n
    return np.array(
        [
            [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
            [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
            [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
        ],
        dtype=np.float64,
    )


def trs_matrix(rest: NodeRest) -> F64Array:
    """The ``(4, 4)`` local matrix (mathematical, row-major) of a rest TRS."""
    m = np.eye(4, dtype=np.float64)
    m[:3, :3] = rotation_matrix((rest.rx, rest.ry, rest.rz, rest.rw)) * np.array(
        [rest.sx, rest.sy, rest.sz]
    )
    m[:3, 3] = (rest.tx, rest.ty, rest.tz)
    return m


def quaternion_cap(quats: F64Array) -> tuple[F64Array, float]:
    """``(centre, theta)``: a unit quaternion and the largest angle (radians) from it to any of
    ``quats`` ``(M, 4)`` (each taken with the sign nearer the centre). ``theta`` is
    ``pi / 2`` when a quaternion has no direction (zero length)."""
    norms = np.linalg.norm(quats, axis=1)
    if quats.shape[0] == 0 or bool(np.any(norms < 1e-12)):
        return np.array([0.0, 0.0, 0.0, 1.0]), math.pi / 2.0
    q = quats / norms[:, None]

    def spread(c: F64Array) -> tuple[float, int]:
        dots = np.abs(q @ c)
        far = int(np.argmin(dots))
        return math.acos(min(1.0, float(dots[far]))), far

    signs = np.where(q @ q[0] < 0.0, -1.0, 1.0)
    c = (q * signs[:, None]).sum(axis=0)
    c = c / np.linalg.norm(c) if np.linalg.norm(c) > 1e-12 else q[0]
    best_theta, far = spread(c)
    best = c
    # Badoiu-Clarkson steps towards the farthest member: the minimax centre of the cap.
    for i in range(1, _CAP_ITERATIONS + 1):
        target = q[far] if float(q[far] @ c) >= 0.0 else -q[far]
        c = c + (target - c) / (i + 1)
        c = c / np.linalg.norm(c)
        theta, far = spread(c)
        if theta < best_theta:
            best_theta, best = theta, c
    return best, best_theta


@dataclass(frozen=True, slots=True)
class NodeEnvelope:
    """What the clips can do to one node's local transform.

    ``static`` nodes have no TRS channel in the clips: ``local`` is their exact ``(4, 4)``
    matrix. Animated nodes map a point ``x`` to within ``nominal @ x + t_center`` plus a box
    of half-widths ``t_half`` plus a ball of radius ``ball_gain * |x|``; ``scale_gain`` (the
    largest scale) bounds how far the node stretches an error ball, whatever its rotation.
    Where the cap is narrow, the interval form (scale range, ``R(c)`` times an interval
    matrix holding every deviation ``R(d)``) is the alternative; the tighter one is used.
    """

    static: bool
    local: F64Array
    nominal: F64Array
    t_center: F64Array
    t_half: F64Array
    ball_gain: float
    scale_gain: float
    theta: float
    #: Scale range (centre, half-width per axis), the cap's centre rotation ``R(c)`` and the
    #: interval matrix of the deviation ``R(d)`` (midpoint, radius); ``None`` for the orbit.
    s_center: F64Array | None = None
    s_half: F64Array | None = None
    rot_centre: F64Array | None = None
    dev_mid: F64Array | None = None
    dev_rad: F64Array | None = None


def _sampler_points(sampler: AnimationSampler, stride: int) -> tuple[F64Array, bool]:
    """Values a sampler's curve can take lie in the hull of these rows ``(M, stride)``; and
    whether it is CUBICSPLINE."""
    times = sampler.input.astype(np.float64)
    out = sampler.output.astype(np.float64)
    keys = times.shape[0]
    if sampler.interpolation != INTERP_CUBICSPLINE:
        return out.reshape(keys, stride), False
    packed = out.reshape(keys, 3, stride)
    values = packed[:, 1]
    if keys < 2:
        return values, False  # one key: a constant
    return _bezier_segments(times, packed).reshape(-1, stride), True


def _bezier_segments(times: F64Array, packed: F64Array) -> F64Array:
    """``(K - 1, 4, stride)`` Bezier control points of each CUBICSPLINE segment: a Hermite
    segment is a non-negative (Bernstein) combination of them."""
    values = packed[:, 1]
    dt = np.diff(times)[:, None] / 3.0
    after = values[:-1] + packed[:-1, 2] * dt  # P1 = p0 + m0 / 3, m0 = dt * out-tangent
    before = values[1:] - packed[1:, 0] * dt  # P2 = p1 - m1 / 3, m1 = dt * in-tangent
    return np.stack([values[:-1], after, before, values[1:]], axis=1)


def _imul(a: tuple[F64Array, F64Array], b: tuple[F64Array, F64Array]) -> tuple[F64Array, F64Array]:
    """Interval product of ``(lo, hi)`` arrays."""
    prods = np.stack([a[0] * b[0], a[0] * b[1], a[1] * b[0], a[1] * b[1]])
    return prods.min(axis=0), prods.max(axis=0)


def _deviation_interval(
    quats: F64Array, centre: F64Array, theta: float
) -> tuple[F64Array, F64Array]:
    """``(midpoint, radius)`` ``(3, 3)`` matrices enclosing every rotation ``R(d)`` with
    ``R(c) R(d)`` reachable from ``quats`` (the rest, keys and control points of one node).

    Each member ``d_k = conj(c) q_k`` (sign taken towards ``c``) has a vector part ``s_k``.
    A slerp, nlerp, blend or Bernstein combination of members is ``sum(l_k d_k) / N`` with
    ``l_k >= 0`` and ``cos(theta) sum(l_k) <= N <= sum(l_k)``, so its vector part lies in the
    members' box scaled by a factor in ``[1, 1 / cos(theta)]``, and its scalar part in
    ``[cos(theta), 1]``; ``R(d)``'s entries are then bounded by interval arithmetic."""
    q = quats / np.linalg.norm(quats, axis=1)[:, None]
    q = q * np.where(q @ centre < 0.0, -1.0, 1.0)[:, None]
    cx, cy, cz, cw = -centre[0], -centre[1], -centre[2], centre[3]  # conj(c)
    x, y, z, w = q[:, 0], q[:, 1], q[:, 2], q[:, 3]
    vec = np.stack(
        [
            cw * x + cx * w + cy * z - cz * y,
            cw * y - cx * z + cy * w + cz * x,
            cw * z + cx * y - cy * x + cz * w,
        ],
        axis=1,
    )
    lo, hi = vec.min(axis=0), vec.max(axis=0)
    grow = 1.0 / max(math.cos(theta), 1e-12)
    lo, hi = np.minimum(lo, lo * grow), np.maximum(hi, hi * grow)
    sx, sy, sz = ((lo[i : i + 1], hi[i : i + 1]) for i in range(3))
    ws = (np.array([math.cos(theta)]), np.array([1.0]))

    def sq(a: tuple[F64Array, F64Array]) -> tuple[F64Array, F64Array]:
        lo2, hi2 = a[0] * a[0], a[1] * a[1]
        low = np.where((a[0] <= 0.0) & (a[1] >= 0.0), 0.0, np.minimum(lo2, hi2))
        return low, np.maximum(lo2, hi2)

    def add(*terms: tuple[tuple[F64Array, F64Array], float]) -> tuple[float, float]:
        low = sum(min(f * t[0][0], f * t[1][0]) for t, f in terms)
        high = sum(max(f * t[0][0], f * t[1][0]) for t, f in terms)
        return float(low), float(high)

    xx, yy, zz = sq(sx), sq(sy), sq(sz)
    xy, xz, yz = _imul(sx, sy), _imul(sx, sz), _imul(sy, sz)
    wx, wy, wz = _imul(ws, sx), _imul(ws, sy), _imul(ws, sz)
    entries = [
        [add((yy, -2.0), (zz, -2.0)), add((xy, 2.0), (wz, -2.0)), add((xz, 2.0), (wy, 2.0))],
        [add((xy, 2.0), (wz, 2.0)), add((xx, -2.0), (zz, -2.0)), add((yz, 2.0), (wx, -2.0))],
        [add((xz, 2.0), (wy, -2.0)), add((yz, 2.0), (wx, 2.0)), add((xx, -2.0), (yy, -2.0))],
    ]
    low = np.array([[e[0] for e in row] for row in entries]) + np.eye(3)
    high = np.array([[e[1] for e in row] for row in entries]) + np.eye(3)
    # No entry of a rotation leaves [-1, 1].
    low, high = np.clip(low, -1.0, 1.0), np.clip(high, -1.0, 1.0)
    return (low + high) / 2.0, (high - low) / 2.0


def _segments_in_cap(groups: list[F64Array], centre: F64Array) -> bool:
    """Whether every CUBICSPLINE rotation segment's control points lie on one side of the
    cap's centre: their non-negative combinations (normalised by the sampler) then stay in
    the cap, whatever their length."""
    for group in groups:
        dots = group @ centre
        if not bool(np.all(np.all(dots > 0.0, axis=1) | np.all(dots < 0.0, axis=1))):
            return False
    return True


def _ranges(
    found: dict[int, list[F64Array]], path: int, rest_value: tuple[float, float, float]
) -> tuple[F64Array, F64Array]:
    """Centre and half-width per axis of the rest value and every value of ``path``."""
    rows = np.concatenate([np.array([rest_value]), *found.get(path, [])])
    lo, hi = rows.min(axis=0), rows.max(axis=0)
    return (lo + hi) / 2.0, (hi - lo) / 2.0


def node_envelopes(
    nodes: Sequence[NodeRest],
    clips: Sequence[AnimationClip],
    matrices: Sequence[F64Array | None] | None = None,
) -> tuple[NodeEnvelope, ...]:
    """One :class:`NodeEnvelope` per node for the TRS channels of ``clips`` (weights and
    pointer channels are not transforms; channels on nodes outside ``nodes`` are ignored).

    ``matrices`` gives a static node's ``(4, 4)`` local matrix where it has one (glTF
    ``matrix`` nodes); others compose their rest TRS."""
    n = len(nodes)
    values: list[dict[int, list[F64Array]]] = [{} for _ in range(n)]
    # Clips animating each (node, path): fewer than all of them means a blend can give that
    # path a total weight below 1 (lite's glTF mixer then sums towards zero, not rest).
    animating: list[dict[int, set[int]]] = [{} for _ in range(n)]
    # CUBICSPLINE rotation segments' control points, (S, 4, 4) per channel.
    cubic_rotation: list[list[F64Array]] = [[] for _ in range(n)]
    for ci, clip in enumerate(clips):
        for ch in clip.channels:
            if ch.path not in (PATH_TRANSLATION, PATH_ROTATION, PATH_SCALE):
                continue
            if not 0 <= ch.node_idx < n or not 0 <= ch.sampler_idx < len(clip.samplers):
                continue
            animating[ch.node_idx].setdefault(ch.path, set()).add(ci)
            stride = 4 if ch.path == PATH_ROTATION else 3
            pts, cubic = _sampler_points(clip.samplers[ch.sampler_idx], stride)
            values[ch.node_idx].setdefault(ch.path, []).append(pts)
            if cubic and ch.path == PATH_ROTATION:
                cubic_rotation[ch.node_idx].append(pts.reshape(-1, 4, 4))
    out: list[NodeEnvelope] = []
    for i, rest in enumerate(nodes):
        found = values[i]
        if not found:
            given = matrices[i] if matrices is not None and i < len(matrices) else None
            local = np.asarray(given, dtype=np.float64) if given is not None else trs_matrix(rest)
            out.append(
                NodeEnvelope(True, local, local[:3, :3], local[:3, 3], np.zeros(3), 0.0, 0.0, 0.0)
            )
            continue
        for path in (PATH_TRANSLATION, PATH_SCALE):
            if 0 < len(animating[i].get(path, ())) < len(clips):
                found[path].append(np.zeros((1, 3)))
        t_center, t_half = _ranges(found, PATH_TRANSLATION, (rest.tx, rest.ty, rest.tz))
        s_center, s_half = _ranges(found, PATH_SCALE, (rest.sx, rest.sy, rest.sz))
        rest_q = np.array([[rest.rx, rest.ry, rest.rz, rest.rw]])
        if PATH_ROTATION in found:
            quats = np.concatenate([rest_q, *found[PATH_ROTATION]])
            centre, theta = quaternion_cap(quats)
            if theta > MAX_CAP_ANGLE or not _segments_in_cap(cubic_rotation[i], centre):
                theta = math.pi / 2.0
        else:
            centre, theta = rest_q[0], 0.0
        if theta >= math.pi / 2.0:
            k, e_rot = 0.0, 1.0  # the complete orbit: |R u| = |u|
        else:
            k, e_rot = math.cos(2.0 * theta), math.sin(2.0 * theta)
        s_max = float(np.max(np.abs(s_center) + s_half))
        nominal = k * rotation_matrix(centre) * s_center
        dev: tuple[F64Array, F64Array] | None = None
        if theta < math.pi / 2.0:
            quats = np.concatenate([rest_q, *found.get(PATH_ROTATION, [])])
            dev = _deviation_interval(quats, centre, theta)
        out.append(
            NodeEnvelope(
                static=False,
                local=np.eye(4),
                nominal=nominal,
                t_center=t_center,
                t_half=t_half,
                ball_gain=e_rot * s_max + k * float(np.max(s_half)),
                scale_gain=s_max,
                theta=theta,
                s_center=s_center,
                s_half=s_half,
                rot_centre=rotation_matrix(centre) if dev is not None else None,
                dev_mid=dev[0] if dev is not None else None,
                dev_rad=dev[1] if dev is not None else None,
            )
        )
    return tuple(out)


def bound_joint_points(
    points: F64Array,
    half: F64Array,
    chain: Sequence[int],
    envelopes: Sequence[NodeEnvelope],
    final: F64Array,
) -> tuple[F64Array, F64Array]:
    """``(lo, hi)`` enclosing ``points`` ``(V, 3)`` (each give or take ``half`` ``(V, 3)``,
    in the joint's frame) carried through ``chain`` (the joint first, its root last) and the
    affine ``final`` ``(4, 4)`` (the mesh's inverse rest world).

    Two enclosures are carried, each valid on its own, and intersected per point at the end:
    the ball form alone (rotation-invariant, best for wide caps), and at each animated node
    the intersection of the ball and interval forms (best for narrow caps about one axis)."""
    lo_a, hi_a = _carry(points, half, chain, envelopes, final, intervals=False)
    lo_b, hi_b = _carry(points, half, chain, envelopes, final, intervals=True)
    lo, hi = np.maximum(lo_a, lo_b), np.minimum(hi_a, hi_b)
    return lo.min(axis=0), hi.max(axis=0)


def _carry(
    points: F64Array,
    half: F64Array,
    chain: Sequence[int],
    envelopes: Sequence[NodeEnvelope],
    final: F64Array,
    *,
    intervals: bool,
) -> tuple[F64Array, F64Array]:
    """Per-point ``(lo, hi)`` ``(V, 3)`` after ``chain`` and ``final``."""
    p = points.astype(np.float64, copy=True)
    h = half.astype(np.float64, copy=True)
    r = np.zeros(p.shape[0])  # each point's error ball
    for node in chain:
        env = envelopes[node]
        if env.static:
            lin = env.local[:3, :3]
            p = p @ lin.T + env.local[:3, 3]
            h = h @ np.abs(lin).T
            r *= float(np.linalg.norm(lin, 2))
            continue
        # Ball form: a ball keeps its radius under any rotation (times the largest scale); a
        # nominal point and its box move by at most ball_gain times their distance.
        reach = np.linalg.norm(p, axis=1) + np.linalg.norm(h, axis=1)
        r_ball = env.scale_gain * r + env.ball_gain * reach
        p_ball = p @ env.nominal.T + env.t_center
        h_ball = h @ np.abs(env.nominal).T + env.t_half
        if not intervals or env.dev_mid is None or env.dev_rad is None or env.rot_centre is None:
            p, h, r = p_ball, h_ball, r_ball
            continue
        assert env.s_center is not None
        assert env.s_half is not None
        # Interval form (midpoint, radius): scale range, the deviation's interval matrix, then
        # the cap's centre rotation, exactly.
        hs = np.abs(env.s_center) * h + env.s_half * (np.abs(p) + h)
        ps = p * env.s_center
        pd = ps @ env.dev_mid.T
        hd = hs @ np.abs(env.dev_mid).T + (np.abs(ps) + hs) @ env.dev_rad.T
        p_int = pd @ env.rot_centre.T + env.t_center
        h_int = hd @ np.abs(env.rot_centre).T + env.t_half
        r_int = env.scale_gain * r
        # Both forms hold every point: keep the intersection of their boxes (balls boxed).
        lo = np.maximum(p_int - h_int - r_int[:, None], p_ball - h_ball - r_ball[:, None])
        hi = np.minimum(p_int + h_int + r_int[:, None], p_ball + h_ball + r_ball[:, None])
        p, h, r = (lo + hi) / 2.0, (hi - lo) / 2.0, np.zeros_like(r)
    lin = final[:3, :3]
    p = p @ lin.T + final[:3, 3]
    h = h @ np.abs(lin).T + r[:, None] * np.linalg.norm(lin, axis=1)
    return p - h, p + h


def morph_weight_ranges(
    node: int, defaults: Sequence[float], clips: Sequence[AnimationClip]
) -> F64Array:
    """``(T, 2)`` weight range per morph target of ``node``: zero (a blend whose groups do not
    all drive the weights sums towards zero), the default weights and every key of the clips'
    weights channels on the node (CUBICSPLINE: the Bezier hull)."""
    count = len(defaults)
    rows = [np.zeros((1, count)), np.asarray(defaults, dtype=np.float64).reshape(1, count)]
    for clip in clips:
        for ch in clip.channels:
            if ch.path != PATH_WEIGHTS or ch.node_idx != node:
                continue
            if not 0 <= ch.sampler_idx < len(clip.samplers) or count == 0:
                continue
            pts, _ = _sampler_points(clip.samplers[ch.sampler_idx], count)
            rows.append(pts)
    stacked = np.concatenate(rows)
    return np.stack([stacked.min(axis=0), stacked.max(axis=0)], axis=1)
