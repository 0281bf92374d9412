"""Two-bone IK and look-at on a pose, applied after sampling and blending.

lite's own addition (Babylon Lite has none; Babylon.js 9.31 has ``BoneIKController`` and
``BoneLookController``, which lite_compat will shape later). Both functions read the pose's
current world matrices, change the local rotations of the joints they solve for (nothing else),
and recompute the world matrices. Joint palettes are the caller's to refresh
(``lite.update_joint_matrices``) if a skin uses them.

Rotations are solved as world-space swings and written back as local rotations: with a parent's
world rotation ``P``, a world swing ``q`` applied at a joint becomes the local rotation
``P^-1 q P L``. Parents' scales are factored out of their world matrices (their columns
normalised), which is exact for uniform scale and the usual approximation otherwise.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from lite.animation.evaluate import quat_slerp
from lite.errors import AnimationStateError, finite_real, integer
from lite.motion.quaternion import qmul, qnormalize, qrot
from lite.skeleton.pose import R_OFF, NodePose, update_world_matrices

if TYPE_CHECKING:
    from lite.animation.types import F64Array

__all__ = ["ik_weight", "is_ancestor", "look_at", "node_index", "solve_two_bone_ik"]

_Quat = tuple[float, float, float, float]
_Vec = tuple[float, float, float]
_EPS: Final = 1e-9


def _err(code: str, message: str, hint: str, name: str) -> AnimationStateError:
    return AnimationStateError(code, message, hint=hint, input_name=name)


def _check_pose(pose: object) -> NodePose:
    if not isinstance(pose, NodePose):
        raise _err(
            "LITE-MOTION-020",
            f"pose must be a NodePose, got {type(pose).__name__}",
            "pass asset.pose",
            "pose",
        )
    return pose


def node_index(pose: NodePose, value: object, name: str) -> int:
    """``value`` as a node index of ``pose``, or ``LITE-MOTION-021`` naming argument ``name``
    (shared by the scalar solvers and :func:`lite.solve_crowd_two_bone_ik`)."""
    index = integer(value)
    if index is None or not 0 <= index < pose.node_count:
        raise _err(
            "LITE-MOTION-021",
            f"{name} must be a node index in [0, {pose.node_count}), got {value!r}",
            "pass a glTF node index (GltfNode.index)",
            name,
        )
    return index


def _vec(value: object, name: str) -> _Vec:
    try:
        items = [finite_real(v) for v in value]  # type: ignore[attr-defined]
    except TypeError:
        items = []
    if len(items) != 3 or any(v is None for v in items):
        raise _err(
            "LITE-MOTION-022",
            f"{name} must be 3 finite numbers, got {value!r}",
            "pass a point or direction such as (0.0, 1.0, 0.0)",
            name,
        )
    x, y, z = (float(v) for v in items if v is not None)
    return x, y, z


def _unit(value: object, name: str) -> _Vec:
    x, y, z = _vec(value, name)
    n = math.sqrt(x * x + y * y + z * z)
    if n < _EPS:
        raise _err(
            "LITE-MOTION-022",
            f"{name} must be a non-zero direction, got {value!r}",
            "pass a unit axis such as (0.0, 0.0, 1.0)",
            name,
        )
    return x / n, y / n, z / n


def ik_weight(value: object) -> float:
    """``value`` as a solve weight in [0, 1], or ``LITE-MOTION-023``."""
    w = finite_real(value)
    if w is None or not 0.0 <= w <= 1.0:
        raise _err(
            "LITE-MOTION-023",
            f"weight must be a number in [0, 1], got {value!r}",
            "pass 1.0 for the full solve, 0.0 to leave the pose",
            "weight",
        )
    return w


def is_ancestor(pose: NodePose, ancestor: int, node: int) -> bool:
    """Whether ``ancestor`` is above ``node`` in ``pose``'s hierarchy (cycles end the walk)."""
    parent = pose.parent
    i = int(parent[node])
    steps = 0
    while i >= 0 and steps <= pose.node_count:
        if i == ancestor:
            return True
        i = int(parent[i])
        steps += 1
    return False


def _position(pose: NodePose, i: int) -> _Vec:
    row = pose.world[i, 3]  # column-major storage: the translation is the fourth stored row
    return float(row[0]), float(row[1]), float(row[2])


def _world_rotation(pose: NodePose, i: int) -> _Quat:
    if i < 0:
        return (0.0, 0.0, 0.0, 1.0)
    m = pose.world[i]  # m[c, r] = M[r, c]
    cols = []
    for c in range(3):
        x, y, z = float(m[c, 0]), float(m[c, 1]), float(m[c, 2])
        n = math.sqrt(x * x + y * y + z * z) or 1.0
        cols.append((x / n, y / n, z / n))
    return _quat_from_columns(cols[0], cols[1], cols[2])


def _quat_from_columns(c0: _Vec, c1: _Vec, c2: _Vec) -> _Quat:
    m00, m10, m20 = c0
    m01, m11, m21 = c1
    m02, m12, m22 = c2
    trace = m00 + m11 + m22
    if trace > 0.0:
        s = 0.5 / math.sqrt(trace + 1.0)
        q = ((m21 - m12) * s, (m02 - m20) * s, (m10 - m01) * s, 0.25 / s)
    elif m00 > m11 and m00 > m22:
        s = 2.0 * math.sqrt(1.0 + m00 - m11 - m22)
        q = (0.25 * s, (m01 + m10) / s, (m02 + m20) / s, (m21 - m12) / s)
    elif m11 > m22:
        s = 2.0 * math.sqrt(1.0 + m11 - m00 - m22)
        q = ((m01 + m10) / s, 0.25 * s, (m12 + m21) / s, (m02 - m20) / s)
    else:
        s = 2.0 * math.sqrt(1.0 + m22 - m00 - m11)
        q = ((m02 + m20) / s, (m12 + m21) / s, 0.25 * s, (m10 - m01) / s)
    return _qnorm(q)


def _qnorm(q: _Quat) -> _Quat:
    return qnormalize(q[0], q[1], q[2], q[3])


def _qmul(a: _Quat, b: _Quat) -> _Quat:
    return qmul(a[0], a[1], a[2], a[3], b[0], b[1], b[2], b[3])


def _qinv(q: _Quat) -> _Quat:
    return -q[0], -q[1], -q[2], q[3]


def _rotate(q: _Quat, v: _Vec) -> _Vec:
    return qrot(q[0], q[1], q[2], q[3], v[0], v[1], v[2])


def _sub(a: _Vec, b: _Vec) -> _Vec:
    return a[0] - b[0], a[1] - b[1], a[2] - b[2]


def _dot(a: _Vec, b: _Vec) -> float:
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]


def _cross(a: _Vec, b: _Vec) -> _Vec:
    return a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]


def _length(a: _Vec) -> float:
    return math.sqrt(_dot(a, a))


def _scale(a: _Vec, s: float) -> _Vec:
    return a[0] * s, a[1] * s, a[2] * s


def _any_perpendicular(u: _Vec) -> _Vec:
    axis = (1.0, 0.0, 0.0) if abs(u[0]) < 0.9 else (0.0, 1.0, 0.0)
    p = _cross(u, axis)
    return _scale(p, 1.0 / _length(p))


def _swing(f: _Vec, g: _Vec) -> _Quat:
    """The shortest rotation taking direction ``f`` to direction ``g`` (both non-zero)."""
    f = _scale(f, 1.0 / _length(f))
    g = _scale(g, 1.0 / _length(g))
    d = _dot(f, g)
    if d < -1.0 + 1e-12:
        p = _any_perpendicular(f)
        return p[0], p[1], p[2], 0.0
    c = _cross(f, g)
    return _qnorm((c[0], c[1], c[2], 1.0 + d))


def _clamp_angle(q: _Quat, max_angle: float) -> _Quat:
    w = max(-1.0, min(1.0, q[3]))
    angle = 2.0 * math.acos(abs(w))
    if angle <= max_angle:
        return q
    s = math.sqrt(max(0.0, 1.0 - w * w))
    if s < _EPS:
        return q
    sign = 1.0 if w >= 0.0 else -1.0
    half = 0.5 * max_angle
    k = math.sin(half) / s * sign
    return q[0] * k, q[1] * k, q[2] * k, math.cos(half)


def _local_rotation(pose: NodePose, i: int) -> _Quat:
    row = pose.local[i]
    return _qnorm(
        (float(row[R_OFF]), float(row[R_OFF + 1]), float(row[R_OFF + 2]), float(row[R_OFF + 3]))
    )


def _apply_world_delta(pose: NodePose, i: int, parent_rot: _Quat, q: _Quat, weight: float) -> None:
    """Set joint ``i``'s local rotation so its world rotation turns by ``q`` (blended)."""
    old = _local_rotation(pose, i)
    new = _qnorm(_qmul(_qmul(_qmul(_qinv(parent_rot), q), parent_rot), old))
    row = pose.local[i]
    if weight < 1.0:  # the sampler's short-arc slerp, from the pose to the solve
        quat_slerp(row, R_OFF, *old, *new, weight)
        return
    row[R_OFF], row[R_OFF + 1], row[R_OFF + 2], row[R_OFF + 3] = new


def solve_two_bone_ik(
    pose: NodePose,
    root: int,
    mid: int,
    tip: int,
    target: Sequence[float] | F64Array,
    *,
    pole: Sequence[float] | F64Array | None = None,
    weight: float = 1.0,
) -> bool:
    """Bend the chain ``root -> mid -> tip`` so ``tip`` reaches ``target`` (world space).

    The root and mid joints' local rotations change; their bone lengths do not. The chain
    bends in the plane through the root, the target and ``pole`` (a world point the mid joint
    points towards, such as a knee target in front of the leg), or, without a pole, in the
    plane the chain bends in now. A target out of reach straightens the chain towards it; one
    closer than ``|l1 - l2|`` folds it as far as it goes. World matrices are recomputed.

    Parameters
    ----------
    pose
        A pose with current world matrices (after sampling and blending).
    root, mid, tip
        Node indices: ``mid`` below ``root``, ``tip`` below ``mid`` in the hierarchy.
    target
        World position for the tip.
    pole
        Optional world point the bend points towards.
    weight
        0 leaves the pose, 1 is the full solve (rotations slerped between).

    Returns
    -------
    bool
        True when the target was within reach (the tip is on it).

    Raises
    ------
    AnimationStateError
        ``LITE-MOTION-020`` for a pose that is not a ``NodePose``; ``LITE-MOTION-021`` for a
        node index out of range; ``LITE-MOTION-022`` for a target or pole that is not 3 finite
        numbers; ``LITE-MOTION-023`` for a weight outside [0, 1]; ``LITE-MOTION-024`` for a
        degenerate chain (joints not in root -> mid -> tip order, a zero-length bone, or a
        pole on the line from the root to the target). The pose is unchanged on refusal.
    """
    p = _check_pose(pose)
    r = node_index(p, root, "root")
    m = node_index(p, mid, "mid")
    t_ = node_index(p, tip, "tip")
    goal = _vec(target, "target")
    pole_pt = _vec(pole, "pole") if pole is not None else None
    w = ik_weight(weight)
    if not (is_ancestor(p, r, m) and is_ancestor(p, m, t_)):
        raise _err(
            "LITE-MOTION-024",
            f"nodes {r}, {m}, {t_} are not a chain: mid must be below root and tip below mid",
            "pass e.g. the upper leg, the lower leg and the foot, in that order",
            "mid",
        )
    with p.lock:
        a = _position(p, r)
        b = _position(p, m)
        c = _position(p, t_)
        l1 = _length(_sub(b, a))
        l2 = _length(_sub(c, b))
        if l1 < _EPS or l2 < _EPS:
            raise _err(
                "LITE-MOTION-024",
                f"the chain {r} -> {m} -> {t_} has a zero-length bone ({l1:g}, {l2:g})",
                "solve over joints that are apart in the current pose",
                "mid",
            )
        to_goal = _sub(goal, a)
        d = _length(to_goal)
        if d < _EPS:
            return False
        u = _scale(to_goal, 1.0 / d)
        hint_dir = _sub(pole_pt, a) if pole_pt is not None else _sub(b, a)
        perp = _sub(hint_dir, _scale(u, _dot(hint_dir, u)))
        if _length(perp) < _EPS * max(1.0, _length(hint_dir)):
            if pole_pt is not None:
                raise _err(
                    "LITE-MOTION-024",
                    "the pole lies on the line from the root to the target, so it picks no "
                    "bend plane",
                    "move the pole off that line (e.g. in front of the knee)",
                    "pole",
                )
            bend = _cross(_sub(b, a), _sub(c, b))
            perp = _cross(bend, u) if _length(bend) > _EPS else _any_perpendicular(u)
        v = _scale(perp, 1.0 / _length(perp))
        reach = min(max(d, abs(l1 - l2)), l1 + l2)
        cos_a = max(-1.0, min(1.0, (l1 * l1 + reach * reach - l2 * l2) / (2.0 * l1 * reach)))
        sin_a = math.sqrt(max(0.0, 1.0 - cos_a * cos_a))
        b_new = (
            a[0] + l1 * (cos_a * u[0] + sin_a * v[0]),
            a[1] + l1 * (cos_a * u[1] + sin_a * v[1]),
            a[2] + l1 * (cos_a * u[2] + sin_a * v[2]),
        )
        c_new = (a[0] + reach * u[0], a[1] + reach * u[1], a[2] + reach * u[2])
        q1 = _swing(_sub(b, a), _sub(b_new, a))
        c_rot = _rotate(q1, _sub(c, a))
        c_after = (a[0] + c_rot[0], a[1] + c_rot[1], a[2] + c_rot[2])
        q2 = _swing(_sub(c_after, b_new), _sub(c_new, b_new))
        parent_r = _world_rotation(p, int(p.parent[r]))
        parent_m = _world_rotation(p, int(p.parent[m]))
        _apply_world_delta(p, r, parent_r, q1, w)
        # The mid joint's parent has turned by q1 with the root: its new world rotation.
        _apply_world_delta(p, m, _qmul(q1, parent_m), q2, w)
        update_world_matrices(p)
        return d <= l1 + l2 + 1e-9 and d >= abs(l1 - l2) - 1e-9


def look_at(
    pose: NodePose,
    joint: int,
    target: Sequence[float] | F64Array,
    *,
    forward: Sequence[float] | F64Array = (0.0, 0.0, 1.0),
    max_angle: float | None = None,
    weight: float = 1.0,
) -> None:
    """Turn ``joint`` so its local ``forward`` axis points at ``target`` (world space).

    The shortest turn is taken (no twist about the look direction), limited to ``max_angle``
    radians when given, and blended by ``weight``. Only the joint's local rotation changes;
    world matrices are recomputed.

    Raises
    ------
    AnimationStateError
        ``LITE-MOTION-020``/``021``/``022``/``023`` as :func:`solve_two_bone_ik`;
        ``LITE-MOTION-025`` for a ``max_angle`` that is not a finite number >= 0.
    """
    p = _check_pose(pose)
    j = node_index(p, joint, "joint")
    goal = _vec(target, "target")
    axis = _unit(forward, "forward")
    w = ik_weight(weight)
    limit = None
    if max_angle is not None:
        limit = finite_real(max_angle)
        if limit is None or limit < 0.0:
            raise _err(
                "LITE-MOTION-025",
                f"max_angle must be a finite number of radians >= 0, got {max_angle!r}",
                "pass e.g. math.radians(60)",
                "max_angle",
            )
    with p.lock:
        origin = _position(p, j)
        to_goal = _sub(goal, origin)
        if _length(to_goal) < _EPS:
            return
        rot = _world_rotation(p, j)
        q = _swing(_rotate(rot, axis), to_goal)
        if limit is not None:
            q = _clamp_angle(q, limit)
        _apply_world_delta(p, j, _world_rotation(p, int(p.parent[j])), q, w)
        update_world_matrices(p)
