"""Pose blending and additive layers over caller-owned poses, with no per-call allocation.

DriftEngine's ``blendPoses(a, b, t, out)`` and its additive layers, on lite's pose layout.
The additive convention is Babylon.js's ``Animation.MakeAnimationAdditive`` (vectors: ``value -
reference``; quaternions: ``conjugate(normalize(reference)) * value``) and the way Babylon Lite's
weighted glTF mixer layers such a delta on a base (``src/animation/weighted-gltf-mixer.ts``):
translation, scale and morph weights add ``delta * weight``; a rotation becomes
``slerp(base, base * delta, weight)``. Rotations interpolate along the shortest arc with the
sampler's slerp (nlerp above a dot of ``QUAT_NLERP_THRESHOLD``, Babylon Lite's 0.9995).

Every function computes in the scratch of its ``out`` pose (float64) and writes ``out`` once
at the end, so ``out`` may be one of the inputs.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from lite.animation.constants import QUAT_NLERP_THRESHOLD
from lite.errors import AnimationStateError, finite_real, integer
from lite.pose.pose import GraphPose, PoseScratch, check_pose, check_same_layout

if TYPE_CHECKING:
    from lite.animation.types import F64Array

__all__ = [
    "add_pose",
    "add_pose_unchecked",
    "additive_pose",
    "blend_poses",
    "blend_poses_unchecked",
    "check_factor",
]


def check_factor(value: object, name: str) -> float:
    """A finite number in [0, 1], else ``LITE-POSE-005``."""
    number = finite_real(value)
    if number is None or not 0.0 <= number <= 1.0:
        raise AnimationStateError(
            "LITE-POSE-005",
            f"{name} must be a finite number in [0, 1], got {value!r}",
            hint="0 gives the first pose (the base), 1 the second (the full layer)",
            input_name=name,
        )
    return number


def _resolve_mask(mask: object, out: GraphPose) -> bool:
    """Resolve ``mask`` into ``out``'s cached row flags; True when a mask applies.

    Resolved once per mask object (and length): pass the same list every frame and nothing
    is recomputed; edit it in place at the same length and the old resolution stays.
    """
    g = out._g
    if mask is None:
        return False
    if mask is g.mask_key and _length(mask) == g.mask_len:
        return True
    if isinstance(mask, (str, bytes)) or not isinstance(mask, (Sequence, np.ndarray)):
        raise _bad_mask(f"mask must be a sequence of node indices, got {type(mask).__name__}")
    n = out.node_count
    rows = np.zeros((n, 1), dtype=bool)
    for entry in list(mask):
        index = integer(entry)
        if index is None or not 0 <= index < n:
            raise _bad_mask(f"mask entry {entry!r} is not a node index of a {n}-node pose")
        rows[index, 0] = True
    weights = np.zeros(out.weights.shape[0], dtype=bool)
    for node, start, count in out.morph_slices:
        weights[start : start + count] = rows[node, 0]
    g.blend_rows = rows
    g.blend_weights = weights
    g.mask_key = mask
    g.mask_len = _length(mask)
    return True


def _length(mask: object) -> int:
    return len(mask) if isinstance(mask, (Sequence, np.ndarray)) else -1


def _bad_mask(message: str) -> AnimationStateError:
    return AnimationStateError(
        "LITE-POSE-006",
        message,
        hint="list the node indices that blend, e.g. [asset.nodes.index(node), ...]",
        input_name="mask",
    )


def _slerp_rows(g: PoseScratch, t: float) -> None:
    """Shortest-arc slerp of the rows ``g.qa`` -> ``g.qb`` at ``t`` into ``g.q4``.

    Row for row what :func:`lite.animation.evaluate.quat_slerp` does: flip ``b`` into ``a``'s
    hemisphere, lerp and renormalise above the nlerp threshold, slerp below it.
    """
    qa, qb, q4, dot = g.qa, g.qb, g.q4, g.dot
    np.multiply(qa, qb, out=q4)
    np.sum(q4, axis=1, out=dot)
    np.less(dot, 0.0, out=g.neg)
    np.negative(qb, out=qb, where=g.neg[:, None])
    np.abs(dot, out=dot)
    np.greater(dot, QUAT_NLERP_THRESHOLD, out=g.near)
    theta, wa, wb = g.theta, g.wa, g.wb
    np.minimum(dot, 1.0, out=theta)
    np.arccos(theta, out=theta)
    np.sin(theta, out=dot)  # sin(theta); the dot is not needed any more
    np.logical_not(g.near, out=g.neg)  # rows that slerp
    np.multiply(theta, 1.0 - t, out=wa)
    np.sin(wa, out=wa)
    np.divide(wa, dot, out=wa, where=g.neg)
    np.multiply(theta, t, out=wb)
    np.sin(wb, out=wb)
    np.divide(wb, dot, out=wb, where=g.neg)
    # nlerp rows: (1 - t) a + t b, renormalised below
    np.copyto(wa, 1.0 - t, where=g.near)
    np.copyto(wb, t, where=g.near)
    np.multiply(qa, wa[:, None], out=q4)
    np.multiply(qb, wb[:, None], out=qb)
    np.add(q4, qb, out=q4)
    _normalize(q4, g.theta, g.wa, g.near[:, None])


def blend_poses(
    a: GraphPose,
    b: GraphPose,
    t: float,
    out: GraphPose,
    *,
    mask: Sequence[int] | np.ndarray | None = None,
) -> GraphPose:
    """Blend two poses: ``a`` at ``t = 0``, ``b`` at ``t = 1``.

    Translation and scale lerp, rotations slerp along the shortest arc (the sampler's slerp),
    morph weights lerp. ``t = 0`` and ``t = 1`` return copies of ``a`` and ``b`` exactly.

    Parameters
    ----------
    a, b
        Poses from :func:`lite.create_pose` of one layout.
    t
        Blend factor in [0, 1].
    out
        Written and returned; may be ``a`` or ``b``.
    mask
        Keyword only: the node indices that blend (their morph weights too); every other node
        keeps ``a``. Resolved once per mask object, so pass the same list every frame.

    Returns
    -------
    GraphPose
        ``out``.

    Raises
    ------
    AnimationStateError
        ``LITE-POSE-001`` for a pose not made by ``create_pose``; ``LITE-POSE-002`` for poses
        of different layouts; ``LITE-POSE-005`` for ``t`` outside [0, 1]; ``LITE-POSE-006``
        for a mask that is not a list of node indices. ``out`` is unchanged then.

    Examples
    --------
    >>> import lite
    >>> from lite.assets import figure_path
    >>> figure = lite.load_gltf(figure_path())
    >>> walk, run = figure.animation_data.clips[:2]
    >>> a = lite.sample_clip(walk, 0.2, lite.create_pose(figure))
    >>> b = lite.sample_clip(run, 0.2, lite.create_pose(figure))
    >>> mid = lite.blend_poses(a, b, 0.5, lite.create_pose(figure))
    >>> bool(abs(mid.local[:, 3:7]).max() <= 1.0)
    True
    """
    pa = check_pose(a, "a")
    pb = check_pose(b, "b")
    po = check_pose(out, "out")
    check_same_layout(pa, pb, "b")
    check_same_layout(pa, po, "out")
    factor = check_factor(t, "t")
    masked = _resolve_mask(mask, po)
    blend_poses_unchecked(pa, pb, factor, po, masked)
    return po


def blend_poses_unchecked(
    a: GraphPose, b: GraphPose, t: float, out: GraphPose, masked: bool = False
) -> None:
    """:func:`blend_poses` without checks (``masked``: use ``out``'s resolved mask)."""
    g = out._g
    if t == 0.0 or t == 1.0:
        src = a if t == 0.0 else b
        if masked:
            # copy ``src`` on the masked rows and ``a`` elsewhere (a is ``src`` at t = 0)
            np.copyto(g.trs, a.local)
            np.copyto(g.trs, src.local, where=g.blend_rows)
            np.copyto(g.w64, a.weights)
            np.copyto(g.w64, src.weights, where=g.blend_weights)
            np.copyto(out.local, g.trs, casting="same_kind")
            np.copyto(out.weights, g.w64, casting="same_kind")
        else:
            np.copyto(out.local, src.local)
            np.copyto(out.weights, src.weights)
        return
    trs, tmp = g.trs, g.tmp
    np.copyto(trs, a.local)
    np.copyto(tmp, b.local)
    np.copyto(g.qa, a.local[:, 3:7])
    np.copyto(g.qb, b.local[:, 3:7])
    np.subtract(tmp, trs, out=tmp)
    np.multiply(tmp, t, out=tmp)
    np.add(trs, tmp, out=tmp)  # every column lerped; rotations replaced next
    _slerp_rows(g, t)
    np.copyto(tmp[:, 3:7], g.q4)
    w64, wtmp = g.w64, g.wtmp
    np.copyto(w64, a.weights)
    np.copyto(wtmp, b.weights)
    np.subtract(wtmp, w64, out=wtmp)
    np.multiply(wtmp, t, out=wtmp)
    np.add(w64, wtmp, out=wtmp)
    if masked:
        np.copyto(trs, tmp, where=g.blend_rows)  # trs still holds a
        np.copyto(w64, wtmp, where=g.blend_weights)
        np.copyto(out.local, trs, casting="same_kind")
        np.copyto(out.weights, w64, casting="same_kind")
    else:
        np.copyto(out.local, tmp, casting="same_kind")
        np.copyto(out.weights, wtmp, casting="same_kind")


def _qmul(a: F64Array, b: F64Array, out: F64Array, tmp: F64Array) -> None:
    """Row-wise Hamilton product ``out = a * b`` of ``(N, 4)`` x, y, z, w rows.

    ``out`` must not be ``a`` or ``b``. Babylon's ``Quaternion.multiplyToRef`` order.
    """
    ax, ay, az, aw = a[:, 0], a[:, 1], a[:, 2], a[:, 3]
    bx, by, bz, bw = b[:, 0], b[:, 1], b[:, 2], b[:, 3]
    ox, oy, oz, ow = out[:, 0], out[:, 1], out[:, 2], out[:, 3]
    # x = aw*bx + ax*bw + ay*bz - az*by
    np.multiply(aw, bx, out=ox)
    np.multiply(ax, bw, out=tmp)
    np.add(ox, tmp, out=ox)
    np.multiply(ay, bz, out=tmp)
    np.add(ox, tmp, out=ox)
    np.multiply(az, by, out=tmp)
    np.subtract(ox, tmp, out=ox)
    # y = aw*by - ax*bz + ay*bw + az*bx
    np.multiply(aw, by, out=oy)
    np.multiply(ax, bz, out=tmp)
    np.subtract(oy, tmp, out=oy)
    np.multiply(ay, bw, out=tmp)
    np.add(oy, tmp, out=oy)
    np.multiply(az, bx, out=tmp)
    np.add(oy, tmp, out=oy)
    # z = aw*bz + ax*by - ay*bx + az*bw
    np.multiply(aw, bz, out=oz)
    np.multiply(ax, by, out=tmp)
    np.add(oz, tmp, out=oz)
    np.multiply(ay, bx, out=tmp)
    np.subtract(oz, tmp, out=oz)
    np.multiply(az, bw, out=tmp)
    np.add(oz, tmp, out=oz)
    # w = aw*bw - ax*bx - ay*by - az*bz
    np.multiply(aw, bw, out=ow)
    np.multiply(ax, bx, out=tmp)
    np.subtract(ow, tmp, out=ow)
    np.multiply(ay, by, out=tmp)
    np.subtract(ow, tmp, out=ow)
    np.multiply(az, bz, out=tmp)
    np.subtract(ow, tmp, out=ow)


def _normalize(
    q: F64Array, length: F64Array, tmp: F64Array, where: np.ndarray | bool = True
) -> None:
    """Normalise the ``(N, 4)`` rows of ``q`` in place (``where``: ``(N, 1)`` row flags).

    Zero-length rows stay zero, as :func:`lite.animation.evaluate.normalize_quat4` leaves them.
    """
    np.multiply(q[:, 0], q[:, 0], out=length)
    for c in (1, 2, 3):
        np.multiply(q[:, c], q[:, c], out=tmp)
        np.add(length, tmp, out=length)
    np.sqrt(length, out=length)
    np.maximum(length, 1e-300, out=length)
    np.divide(q, length[:, None], out=q, where=where)


def additive_pose(pose: GraphPose, reference: GraphPose, out: GraphPose) -> GraphPose:
    """The delta of ``pose`` against ``reference`` (Babylon's ``MakeAnimationAdditive``).

    Translation, scale and morph weights: ``pose - reference`` (Babylon subtracts Vector3
    tracks, scaling included); rotation: ``normalize(conjugate(normalize(reference)) * pose)``.
    Layer it on a base with :func:`add_pose`; ``add_pose(reference, delta, 1, out)`` gives
    ``pose`` back.

    Returns
    -------
    GraphPose
        ``out`` (may be ``pose`` or ``reference``), holding deltas, not a pose to apply.

    Raises
    ------
    AnimationStateError
        ``LITE-POSE-001`` / ``LITE-POSE-002`` as :func:`blend_poses`.
    """
    p = check_pose(pose, "pose")
    r = check_pose(reference, "reference")
    o = check_pose(out, "out")
    check_same_layout(p, r, "reference")
    check_same_layout(p, o, "out")
    g = o._g
    trs, tmp = g.trs, g.tmp
    np.copyto(trs, p.local)
    np.copyto(tmp, r.local)
    np.copyto(g.qb, p.local[:, 3:7])
    np.copyto(g.qa, r.local[:, 3:7])
    np.subtract(trs, tmp, out=trs)
    _normalize(g.qa, g.theta, g.wa)
    np.negative(g.qa[:, :3], out=g.qa[:, :3])  # conjugate(normalize(reference))
    _qmul(g.qa, g.qb, g.q4, g.theta)
    _normalize(g.q4, g.theta, g.wa)
    np.copyto(trs[:, 3:7], g.q4)
    np.copyto(g.w64, p.weights)
    np.copyto(g.wtmp, r.weights)
    np.subtract(g.w64, g.wtmp, out=g.w64)
    np.copyto(o.local, trs, casting="same_kind")
    np.copyto(o.weights, g.w64, casting="same_kind")
    return o


def add_pose(base: GraphPose, delta: GraphPose, weight: float, out: GraphPose) -> GraphPose:
    """Layer an additive ``delta`` (from :func:`additive_pose`) on ``base`` at ``weight``.

    Translation, scale and morph weights: ``base + delta * weight``; rotation:
    ``slerp(base, base * delta, weight)`` (Babylon Lite's additive mixer). At ``weight = 1``
    the rotation is ``base * delta`` itself.

    Parameters
    ----------
    base, delta
        Poses of one layout; ``delta`` holds deltas.
    weight
        In [0, 1].
    out
        Written and returned; may be ``base`` or ``delta``.

    Raises
    ------
    AnimationStateError
        ``LITE-POSE-001`` / ``LITE-POSE-002`` as :func:`blend_poses`; ``LITE-POSE-005`` for a
        weight outside [0, 1].
    """
    b = check_pose(base, "base")
    d = check_pose(delta, "delta")
    o = check_pose(out, "out")
    check_same_layout(b, d, "delta")
    check_same_layout(b, o, "out")
    w = check_factor(weight, "weight")
    add_pose_unchecked(b, d, w, o)
    return o


def add_pose_unchecked(base: GraphPose, delta: GraphPose, weight: float, out: GraphPose) -> None:
    """:func:`add_pose` without checks."""
    g = out._g
    trs, tmp = g.trs, g.tmp
    np.copyto(trs, base.local)
    np.copyto(tmp, delta.local)
    np.copyto(g.qa, base.local[:, 3:7])
    np.copyto(g.q4, delta.local[:, 3:7])
    np.multiply(tmp, weight, out=tmp)
    np.add(trs, tmp, out=tmp)
    _qmul(g.qa, g.q4, g.qb, g.theta)  # base * delta
    if weight == 1.0:
        np.copyto(g.q4, g.qb)
    elif weight == 0.0:
        np.copyto(g.q4, g.qa)
    else:
        _slerp_rows(g, weight)
    np.copyto(tmp[:, 3:7], g.q4)
    np.copyto(g.w64, base.weights)
    np.copyto(g.wtmp, delta.weights)
    np.multiply(g.wtmp, weight, out=g.wtmp)
    np.add(g.w64, g.wtmp, out=g.w64)
    np.copyto(out.local, tmp, casting="same_kind")
    np.copyto(out.weights, g.w64, casting="same_kind")
