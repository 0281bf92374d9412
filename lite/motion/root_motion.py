"""Root motion: how far a clip moves its root, accumulated across loops, and the pose without it.

lite's own addition (Babylon Lite has none; Babylon.js 9.31 has ``RootMotionClip``), shaped
after the design reference 004. Root motion is two calls, and making only one of them is the
classic mistake:

- :func:`extract_root_motion` answers how far the root travelled between two clip times, in the
  root's own frame at the first time, so it is applied as
  ``position += world_rotation * motion.translation`` and
  ``world_rotation = world_rotation * motion.rotation``.
- :func:`strip_root_motion` pins the pose's root to the clip's value at time 0.

Extract without stripping and the character moves twice, at exactly double speed, with nothing
failing. :func:`enable_root_motion` does both on every tick of a glTF group and accumulates
the character's world position and rotation for you.

Loops are *accumulated*, not subtracted: between clip times ``a`` and ``b`` in different loop
cycles the motion is the rest of ``a``'s cycle, then one whole stride per full cycle (composed
by repeated squaring, so a thousand loops cost ten compositions), then the start of ``b``'s cycle.
Sampling the root at both ends and subtracting would answer a full stride backwards every time
the clip wraps. What it gives up: a vertical bob authored on the root leaves the pose with the
rest of the root's motion and becomes motion you apply (``translation[1]``).
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

import numpy as np

from lite.animation.constants import PATH_ROTATION, PATH_TRANSLATION
from lite.animation.evaluate import evaluate_sampler
from lite.animation.state import AnimationGroup, check_group
from lite.animation.types import AnimationClip, NodeRest
from lite.errors import AnimationStateError, LiteWarning, finite_real, integer
from lite.motion.quaternion import qmul, qnormalize, qrot
from lite.skeleton.animation_controller import GltfController
from lite.skeleton.pose import R_OFF, T_OFF, NodePose, update_world_matrices

if TYPE_CHECKING:
    from collections.abc import Sequence

    from lite.animation.types import AnimationSampler, F64Array

__all__ = [
    "CrowdRootMotion",
    "RootMotion",
    "RootMotionTracker",
    "disable_root_motion",
    "enable_crowd_root_motion",
    "enable_root_motion",
    "extract_root_motion",
    "strip_root_motion",
]

#: Most whole loops one extraction composes (beyond it a cycle index is not an exact float).
_MAX_CYCLES: Final = 2.0**52

#: Largest |clip time| / duration a tracker's tick extracts motion for (2^51 loops: the cycle
#: index of both ends is an exact float, their span stays under :data:`_MAX_CYCLES`, and a
#: compiled int64 floor cannot wrap). Beyond it, or at a time that is not finite (a speed
#: ratio of 1e300), the member's tick is refused alone: see :meth:`RootMotionTracker.tick`.
MAX_TICK_CYCLES: Final = 2.0**51

_Rigid = tuple[float, float, float, float, float, float, float]
_IDENTITY: Final[_Rigid] = (0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0)


@dataclass(slots=True, eq=False)
class RootMotion:
    """Caller-owned output of :func:`extract_root_motion`: a rigid motion in the root's frame.

    Attributes
    ----------
    translation
        ``(3,)`` float64: the distance travelled, in the root's frame at the start time.
    rotation
        ``(4,)`` float64 unit quaternion ``x, y, z, w``: the turn, relative to that frame.
    """

    translation: F64Array = field(default_factory=lambda: np.zeros(3, dtype=np.float64))
    rotation: F64Array = field(
        default_factory=lambda: np.array([0.0, 0.0, 0.0, 1.0], dtype=np.float64)
    )
    #: Sample scratch (7 floats), reused by every extraction into this output.
    _sample: list[float] = field(default_factory=lambda: [0.0] * 7, repr=False)


def _compose(a: _Rigid, b: _Rigid) -> _Rigid:
    """``a`` then ``b``, where ``b`` is expressed in the frame ``a`` ends in."""
    rx, ry, rz = qrot(a[3], a[4], a[5], a[6], b[0], b[1], b[2])
    qx, qy, qz, qw = qmul(a[3], a[4], a[5], a[6], b[3], b[4], b[5], b[6])
    return (a[0] + rx, a[1] + ry, a[2] + rz, qx, qy, qz, qw)


def _inverse(a: _Rigid) -> _Rigid:
    ix, iy, iz, iw = -a[3], -a[4], -a[5], a[6]
    tx, ty, tz = qrot(ix, iy, iz, iw, a[0], a[1], a[2])
    return (-tx, -ty, -tz, ix, iy, iz, iw)


def _power(a: _Rigid, n: int) -> _Rigid:
    result = _IDENTITY
    base = a
    while n > 0:
        if n & 1:
            result = _compose(result, base)
        n >>= 1
        if n:
            base = _compose(base, base)
    return result


class _RootSamplers:
    __slots__ = ("rest", "rotation", "translation")

    def __init__(
        self,
        translation: AnimationSampler | None,
        rotation: AnimationSampler | None,
        rest: NodeRest | None,
    ) -> None:
        self.translation = translation
        self.rotation = rotation
        self.rest = rest

    def sample(self, t: float, out: list[float]) -> None:
        rest = self.rest
        if self.translation is not None:
            evaluate_sampler(self.translation, t, 3, False, out, 0)
        elif rest is not None:
            out[0], out[1], out[2] = rest.tx, rest.ty, rest.tz
        else:
            out[0] = out[1] = out[2] = 0.0
        if self.rotation is not None:
            evaluate_sampler(self.rotation, t, 4, True, out, 3)
        elif rest is not None:
            out[3], out[4], out[5], out[6] = rest.rx, rest.ry, rest.rz, rest.rw
        else:
            out[3] = out[4] = out[5] = 0.0
            out[6] = 1.0

    def segment(self, a: float, b: float, scratch: list[float]) -> _Rigid:
        """The root's motion from clip time ``a`` to ``b`` (one cycle), in its frame at ``a``."""
        self.sample(a, scratch)
        tx, ty, tz, qx, qy, qz, qw = scratch
        self.sample(b, scratch)
        ix, iy, iz, iw = qnormalize(-qx, -qy, -qz, qw)
        dx, dy, dz = qrot(ix, iy, iz, iw, scratch[0] - tx, scratch[1] - ty, scratch[2] - tz)
        bx, by, bz, bw = qnormalize(scratch[3], scratch[4], scratch[5], scratch[6])
        rx, ry, rz, rw = qmul(ix, iy, iz, iw, bx, by, bz, bw)
        return (dx, dy, dz, rx, ry, rz, rw)


def _root_samplers(clip: object, root_joint: object, rest: object) -> tuple[_RootSamplers, int]:
    if not isinstance(clip, AnimationClip):
        raise AnimationStateError(
            "LITE-MOTION-010",
            f"clip must be an AnimationClip, got {type(clip).__name__}",
            hint="pass a glTF clip, e.g. asset.animation_data.clips[0] or group._ctrl.clip",
            input_name="clip",
        )
    node = integer(root_joint)
    if node is None or node < 0:
        raise AnimationStateError(
            "LITE-MOTION-011",
            f"root_joint must be a node index >= 0, got {root_joint!r}",
            hint="pass the glTF node index of the root joint (GltfNode.index)",
            input_name="root_joint",
        )
    if rest is not None and not isinstance(rest, NodeRest):
        raise AnimationStateError(
            "LITE-MOTION-010",
            f"rest must be a NodeRest or None, got {type(rest).__name__}",
            hint="pass asset.animation_data.nodes[root_joint]",
            input_name="rest",
        )
    translation: AnimationSampler | None = None
    rotation: AnimationSampler | None = None
    for ch in clip.channels:
        if ch.node_idx != node:
            continue
        if ch.path == PATH_TRANSLATION:
            translation = clip.samplers[ch.sampler_idx]
        elif ch.path == PATH_ROTATION:
            rotation = clip.samplers[ch.sampler_idx]
    if translation is None and rotation is None:
        animated = sorted(
            {ch.node_idx for ch in clip.channels if ch.path in (PATH_TRANSLATION, PATH_ROTATION)}
        )
        shown = ", ".join(str(i) for i in animated[:8]) + (" ..." if len(animated) > 8 else "")
        raise AnimationStateError(
            "LITE-MOTION-011",
            f"clip {clip.name!r} animates neither the translation nor the rotation of node "
            f"{node} (nodes it moves: {shown or 'none'})",
            hint="pass the index of the node the clip moves through space (the hips or root)",
            input_name="root_joint",
        )
    return _RootSamplers(translation, rotation, rest), node


def _clip_time(value: object, name: str) -> float:
    number = finite_real(value)
    if number is None:
        raise AnimationStateError(
            "LITE-MOTION-012",
            f"{name} must be a finite number of seconds, got {value!r}",
            hint="pass clip times in seconds; loops continue past the clip's duration",
            input_name=name,
        )
    return number


def _check_motion_out(out: object) -> RootMotion:
    if not isinstance(out, RootMotion):
        raise AnimationStateError(
            "LITE-MOTION-013",
            f"out must be a RootMotion, got {type(out).__name__}",
            hint="allocate one lite.RootMotion() and reuse it every frame",
            input_name="out",
        )
    return out


def _forward(roots: _RootSamplers, duration: float, a: float, b: float, s: list[float]) -> _Rigid:
    """Motion from unwrapped time ``a`` to ``b >= a``, accumulated across loop cycles."""
    if duration <= 0.0 or a == b:
        return _IDENTITY
    ca = math.floor(a / duration)
    cb = math.floor(b / duration)
    la = a - ca * duration
    lb = b - cb * duration
    if ca == cb:
        return roots.segment(la, lb, s)
    if cb - ca > _MAX_CYCLES:
        raise AnimationStateError(
            "LITE-MOTION-012",
            f"the times span {cb - ca:.3g} loops of the clip, more than 2^52",
            hint="extract the motion of each frame (from the previous time to this one)",
            input_name="to_time",
        )
    head = roots.segment(la, duration, s)
    strides = _power(roots.segment(0.0, duration, s), int(cb - ca - 1))
    return _compose(_compose(head, strides), roots.segment(0.0, lb, s))


def _motion(
    roots: _RootSamplers, duration: float, from_time: float, to_time: float, s: list[float]
) -> _Rigid:
    if to_time >= from_time:
        return _forward(roots, duration, from_time, to_time, s)
    return _inverse(_forward(roots, duration, to_time, from_time, s))


def extract_root_motion(
    clip: AnimationClip,
    root_joint: int,
    from_time: float,
    to_time: float,
    out: RootMotion,
    *,
    rest: NodeRest | None = None,
) -> RootMotion:
    """How far ``clip`` moves ``root_joint`` from ``from_time`` to ``to_time``, into ``out``.

    The motion is expressed in the root's own frame at ``from_time``; apply it as
    ``position += world_rotation * out.translation`` and
    ``world_rotation = world_rotation * out.rotation``, and strip the root from the pose
    (:func:`strip_root_motion`), or the character moves twice. Times are unwrapped clip
    times: past the clip's duration the clip loops, and each full loop adds one stride (the
    motion from time 0 to the end), so a clip looped ``n`` times travels ``n`` strides.
    ``to_time < from_time`` gives the inverse motion (playing backwards).

    Parameters
    ----------
    clip
        A glTF clip that animates the root's translation and/or rotation.
    root_joint
        The glTF node index of the root joint.
    from_time, to_time
        Clip times in seconds (finite, any sign).
    out
        A :class:`RootMotion` to write (allocate once, reuse every frame).
    rest
        The root's rest TRS, used for a path the clip does not animate (default: identity).

    Returns
    -------
    RootMotion
        ``out``.

    Raises
    ------
    AnimationStateError
        ``LITE-MOTION-010`` for a clip (or ``rest``) of the wrong type; ``LITE-MOTION-011``
        for a root joint that is not a node index the clip moves; ``LITE-MOTION-012`` for a
        non-finite time (or a span of more than 2^52 loops); ``LITE-MOTION-013`` when ``out``
        is not a :class:`RootMotion`. ``out`` is unchanged on refusal.
    """
    roots, _ = _root_samplers(clip, root_joint, rest)
    a = _clip_time(from_time, "from_time")
    b = _clip_time(to_time, "to_time")
    target = _check_motion_out(out)
    m = _motion(roots, float(clip.duration), a, b, target._sample)
    tr = target.translation
    rot = target.rotation
    tr[0], tr[1], tr[2] = m[0], m[1], m[2]
    rot[0], rot[1], rot[2], rot[3] = qnormalize(m[3], m[4], m[5], m[6])
    return target


def strip_root_motion(clip: AnimationClip, root_joint: int, pose: NodePose) -> NodePose:
    """Pin ``pose``'s root to ``clip``'s root at time 0, and recompute the world matrices.

    Only the paths the clip animates on the root are pinned (its translation, its rotation):
    that is the motion :func:`extract_root_motion` hands you to apply instead. Joint palettes
    are not recomputed here (call ``lite.skeleton.update_joint_matrices`` for each skeleton, or
    use :func:`enable_root_motion`, which strips before the palettes are resolved).

    Raises
    ------
    AnimationStateError
        As :func:`extract_root_motion` for ``clip`` and ``root_joint``; ``LITE-MOTION-014`` when
        ``pose`` is not a ``NodePose`` or has no node ``root_joint``.
    """
    roots, node = _root_samplers(clip, root_joint, None)
    if not isinstance(pose, NodePose) or node >= pose.node_count:
        raise AnimationStateError(
            "LITE-MOTION-014",
            f"pose must be a NodePose with node {node}, got "
            f"{type(pose).__name__}"
            + (f" of {pose.node_count} nodes" if isinstance(pose, NodePose) else ""),
            hint="pass asset.pose (the pose the clip plays on)",
            input_name="pose",
        )
    with pose.lock:
        _pin(roots, node, pose)
        update_world_matrices(pose)
    return pose


def _pin(roots: _RootSamplers, node: int, pose: NodePose) -> None:
    row = pose.local[node]
    if roots.translation is not None:
        evaluate_sampler(roots.translation, 0.0, 3, False, row, T_OFF)
    if roots.rotation is not None:
        evaluate_sampler(roots.rotation, 0.0, 4, True, row, R_OFF)


@dataclass(slots=True, eq=False)
class RootMotionTracker:
    """Root motion applied every tick of one glTF group (from :func:`enable_root_motion`).

    Attributes
    ----------
    root_joint
        The root's node index.
    position
        ``(3,)`` float64: the character's accumulated world position (starts at ``origin``).
    rotation
        ``(4,)`` float64 unit quaternion: its accumulated world rotation.
    motion
        The motion of the last tick, in the root's frame (zero after a seek: a seek teleports).
    """

    root_joint: int
    position: F64Array
    rotation: F64Array
    motion: RootMotion
    _roots: _RootSamplers = field(repr=False)
    _duration: float = field(repr=False)
    #: The crowd this tracker is row ``_row`` of, or None (see :func:`enable_crowd_root_motion`).
    _crowd: CrowdRootMotion | None = field(default=None, init=False, repr=False)
    _row: int = field(default=0, init=False, repr=False)
    #: Whether this tracker already warned that a tick was refused (once per tracker).
    _refused: bool = field(default=False, init=False, repr=False)

    def __call__(self, pose: NodePose, from_time: float, to_time: float) -> None:
        """The controller's ``post_sample`` hook: extract, accumulate, strip (under the lock)."""
        if self.tick_ok(from_time, to_time):
            self._advance(from_time, to_time)
        else:
            self.refuse_tick(from_time, to_time)
        _pin(self._roots, self.root_joint, pose)

    def tick_ok(self, from_time: float, to_time: float) -> bool:
        """Whether a tick from ``from_time`` to ``to_time`` has a motion: both finite and
        within :data:`MAX_TICK_CYCLES` loops of the clip (the rule every path shares: the
        per-group hook, the batch engine's Python, numpy and compiled passes)."""
        limit = MAX_TICK_CYCLES * self._duration
        return self._duration <= 0.0 or (-limit < from_time < limit and -limit < to_time < limit)

    def refuse_tick(self, from_time: float, to_time: float) -> None:
        """A tick :meth:`tick_ok` refuses: this member alone gets no motion this frame (its
        position and rotation are kept; ``motion`` is zero) and, once per tracker, a
        ``LITE-MOTION-W03`` warning names the times. Other members are not affected."""
        self.motion.translation[:] = 0.0
        self.motion.rotation[:] = (0.0, 0.0, 0.0, 1.0)
        if not self._refused:
            self._refused = True
            warnings.warn(
                LiteWarning(
                    "LITE-MOTION-W03",
                    f"root motion of node {self.root_joint}: clip time {from_time!r} -> "
                    f"{to_time!r} is not a finite time within 2^51 loops of the clip (a speed "
                    "ratio or time that large); this member gets no root motion until its "
                    "time is set back (warned once per tracker)",
                ),
                stacklevel=2,
            )

    def _motion_between(self, from_time: float, to_time: float, scratch: list[float]) -> _Rigid:
        """The root's motion from ``from_time`` to ``to_time`` (loops accumulated)."""
        return _motion(self._roots, self._duration, from_time, to_time, scratch)

    def _advance(self, from_time: float, to_time: float) -> None:
        """Extract the motion from ``from_time`` to ``to_time`` and add it to the world."""
        motion = self.motion
        m = _motion(self._roots, self._duration, from_time, to_time, motion._sample)
        tr = motion.translation
        rot = motion.rotation
        tr[0], tr[1], tr[2] = m[0], m[1], m[2]
        qx, qy, qz, qw = qnormalize(m[3], m[4], m[5], m[6])
        rot[0], rot[1], rot[2], rot[3] = qx, qy, qz, qw
        wr = self.rotation
        wx, wy, wz, ww = float(wr[0]), float(wr[1]), float(wr[2]), float(wr[3])
        dx, dy, dz = qrot(wx, wy, wz, ww, m[0], m[1], m[2])
        pos = self.position
        pos[0] += dx
        pos[1] += dy
        pos[2] += dz
        wr[0], wr[1], wr[2], wr[3] = qnormalize(*qmul(wx, wy, wz, ww, qx, qy, qz, qw))


@dataclass(slots=True, eq=False)
class CrowdRootMotion:
    """Root motion of many glTF groups, stored together (from :func:`enable_crowd_root_motion`).

    Row ``i`` belongs to ``groups[i]``; ``trackers[i].position`` is the view ``positions[i]``
    (and so on), so the per-group and the crowd views always agree. The batched engine
    (:mod:`lite.batch`) extracts and accumulates the motion of every row of a crowd in one
    pass of array operations.

    Attributes
    ----------
    groups
        The glTF groups, in row order.
    positions
        ``(M, 3)`` float64: each character's accumulated world position.
    rotations
        ``(M, 4)`` float64 unit quaternions (x, y, z, w): each character's world rotation.
    translations, turns
        ``(M, 3)`` / ``(M, 4)`` float64: the motion of each group's last tick, in its root's
        frame (``trackers[i].motion``).
    trackers
        The per-group :class:`RootMotionTracker` s (the groups' ``post_sample`` hooks).
    """

    groups: tuple[AnimationGroup, ...]
    positions: F64Array
    rotations: F64Array
    translations: F64Array
    turns: F64Array
    trackers: tuple[RootMotionTracker, ...]


def enable_root_motion(
    group: AnimationGroup,
    root_joint: int | str,
    *,
    origin: F64Array | None = None,
    rotation: F64Array | None = None,
) -> RootMotionTracker:
    """Move a character through the world with its glTF group's root motion, every tick.

    On each tick of ``group`` (manual updates, the autonomous loop, seeks), after its channels
    are sampled: the root's motion since the previous tick is extracted
    (:func:`extract_root_motion`, loops accumulated), added to the tracker's world ``position``
    and ``rotation``, and the root is pinned to its time-0 value in the pose
    (:func:`strip_root_motion`), before world matrices and palettes are resolved. A seek moves
    nothing (it teleports the clip, not the character). A group with root motion is evaluated
    on the per-group path (the batched engine skips it), and the weighted glTF mixer, which
    samples clips itself, does not apply it: give root-motion groups weight 1.

    Parameters
    ----------
    group
        A glTF animation group (from ``load_gltf`` or ``instantiate``).
    root_joint
        The root's glTF node index, or its node name.
    origin, rotation
        Optional starting world position ``(3,)`` and rotation ``(4,)`` (x, y, z, w).

    Returns
    -------
    RootMotionTracker
        Read ``tracker.position`` / ``tracker.rotation`` after each update.

    Raises
    ------
    AnimationStateError
        ``LITE-MOTION-015`` for a group that is not a glTF group or already has root motion;
        ``LITE-MOTION-011`` for a root joint the clip does not move (or an unknown name);
        ``LITE-MOTION-016`` for an origin or rotation that is not 3 (4) finite numbers.
    """
    ctrl, roots, node = _prepare(group, root_joint)
    pos = _vector(origin, 3, "origin", (0.0, 0.0, 0.0))
    rot = _vector(rotation, 4, "rotation", (0.0, 0.0, 0.0, 1.0))
    rot[:] = qnormalize(float(rot[0]), float(rot[1]), float(rot[2]), float(rot[3]))
    tracker = RootMotionTracker(
        root_joint=node,
        position=pos,
        rotation=rot,
        motion=RootMotion(),
        _roots=roots,
        _duration=float(ctrl.clip.duration),
    )
    with ctrl._pose.lock:
        ctrl.post_sample = tracker
    return tracker


def _prepare(group: object, root_joint: int | str) -> tuple[GltfController, _RootSamplers, int]:
    """Validate one group for root motion: its controller, root samplers and root node."""
    check_group(group)
    assert isinstance(group, AnimationGroup)
    ctrl = group._ctrl
    if not isinstance(ctrl, GltfController):
        raise AnimationStateError(
            "LITE-MOTION-015",
            f"group {group.name!r} is not a glTF group, so it has no root to move",
            hint="pass a group from lite.load_gltf(...).animation_groups",
            input_name="group",
        )
    if ctrl.post_sample is not None:
        raise AnimationStateError(
            "LITE-MOTION-015",
            f"group {group.name!r} already applies root motion",
            hint="call lite.disable_root_motion(group) first",
            input_name="group",
        )
    if isinstance(root_joint, str):
        names = ctrl._node_names
        if root_joint not in names:
            raise AnimationStateError(
                "LITE-MOTION-011",
                f"no node is named {root_joint!r}",
                hint="pass a node name of the asset (GltfNode.name) or its index",
                input_name="root_joint",
            )
        root_joint = names.index(root_joint)
    parts = group._gltf_mixer
    index = integer(root_joint)
    rest = None
    if parts is not None and index is not None and 0 <= index < len(parts[1].nodes):
        rest = parts[1].nodes[index]
    roots, node = _root_samplers(ctrl.clip, root_joint, rest)
    return ctrl, roots, node


def enable_crowd_root_motion(
    groups: Sequence[AnimationGroup],
    root_joint: int | str,
    *,
    origins: F64Array | None = None,
    rotations: F64Array | None = None,
) -> CrowdRootMotion:
    """:func:`enable_root_motion` for many groups at once, their state stored together.

    Use it for a crowd (``lite.instantiate_many``): the batched engine then extracts and
    accumulates the root motion of all its characters in one pass of array operations, and
    pins their roots inside the batched sampling, so a crowd with root motion costs about
    what it costs without. Each group still gets its own :class:`RootMotionTracker`, whose
    arrays are rows of the crowd's.

    Parameters
    ----------
    groups
        glTF animation groups, e.g. ``[inst.animation_groups[0] for inst in instances]``.
    root_joint
        The root's glTF node index, or its node name (the same for every group).
    origins, rotations
        Optional starting world positions ``(M, 3)`` and rotations ``(M, 4)`` (x, y, z, w).

    Returns
    -------
    CrowdRootMotion
        Read ``crowd.positions`` / ``crowd.rotations`` after each update.

    Raises
    ------
    AnimationStateError
        As :func:`enable_root_motion`, for the first group that fails (nothing is enabled
        then); ``LITE-MOTION-017`` for an empty or repeated group list, or origins/rotations
        that are not ``(M, 3)`` / ``(M, 4)`` finite numbers.
    """
    try:
        members = list(groups)
    except TypeError:
        members = []
    if not members or len({id(g) for g in members}) != len(members):
        raise AnimationStateError(
            "LITE-MOTION-017",
            f"groups must be a non-empty sequence of distinct glTF groups, got {groups!r}",
            hint="pass [inst.animation_groups[0] for inst in lite.instantiate_many(asset, n)]",
            input_name="groups",
        )
    prepared = [_prepare(g, root_joint) for g in members]
    count = len(members)
    positions = _rows(origins, count, 3, "origins", (0.0, 0.0, 0.0))
    turns_world = _rows(rotations, count, 4, "rotations", (0.0, 0.0, 0.0, 1.0))
    norms = np.sqrt(np.einsum("ij,ij->i", turns_world, turns_world))
    turns_world /= norms[:, None]
    translations = np.zeros((count, 3), dtype=np.float64)
    turns = np.zeros((count, 4), dtype=np.float64)
    turns[:, 3] = 1.0
    trackers: list[RootMotionTracker] = []
    for i, (ctrl, roots, node) in enumerate(prepared):
        trackers.append(
            RootMotionTracker(
                root_joint=node,
                position=positions[i],
                rotation=turns_world[i],
                motion=RootMotion(translation=translations[i], rotation=turns[i]),
                _roots=roots,
                _duration=float(ctrl.clip.duration),
            )
        )
    crowd = CrowdRootMotion(
        groups=tuple(members),
        positions=positions,
        rotations=turns_world,
        translations=translations,
        turns=turns,
        trackers=tuple(trackers),
    )
    for i, ((ctrl, _roots, _node), tracker) in enumerate(zip(prepared, trackers, strict=True)):
        tracker._crowd = crowd
        tracker._row = i
        with ctrl._pose.lock:
            ctrl.post_sample = tracker
    return crowd


def disable_root_motion(group: AnimationGroup) -> None:
    """Stop applying root motion to ``group`` (the root plays its clip motion in place again)."""
    check_group(group)
    ctrl = group._ctrl
    if isinstance(ctrl, GltfController):
        with ctrl._pose.lock:
            ctrl.post_sample = None


def _vector(value: object, size: int, name: str, default: tuple[float, ...]) -> F64Array:
    if value is None:
        return np.array(default, dtype=np.float64)
    try:
        arr = np.array(value, dtype=np.float64).reshape(-1)
    except (TypeError, ValueError):
        arr = np.zeros(0)
    if (
        arr.shape != (size,)
        or not np.all(np.isfinite(arr))
        or (size == 4 and not np.any(arr != 0.0))
    ):
        raise AnimationStateError(
            "LITE-MOTION-016",
            f"{name} must be {size} finite numbers"
            + (" (a non-zero quaternion x, y, z, w)" if size == 4 else "")
            + f", got {value!r}",
            hint=f"pass e.g. {default}",
            input_name=name,
        )
    return arr


def _rows(value: object, count: int, size: int, name: str, default: tuple[float, ...]) -> F64Array:
    if value is None:
        return np.tile(np.array(default, dtype=np.float64), (count, 1))
    try:
        arr = np.array(value, dtype=np.float64)
    except (TypeError, ValueError):
        arr = np.zeros(0)
    if (
        arr.shape != (count, size)
        or not np.all(np.isfinite(arr))
        or (size == 4 and not np.all(np.any(arr != 0.0, axis=1)))
    ):
        shape = getattr(value, "shape", None)
        raise AnimationStateError(
            "LITE-MOTION-017",
            f"{name} must be ({count}, {size}) finite numbers"
            + (" (non-zero quaternions x, y, z, w)" if size == 4 else "")
            + f", got {'shape ' + str(shape) if shape is not None else repr(value)[:80]}",
            hint=f"pass one row per group, e.g. np.tile({default}, ({count}, 1))",
            input_name=name,
        )
    return arr
