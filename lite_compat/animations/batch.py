"""Compat's own native sampler: one track at a time, or many animatables in one numpy pass.

A *batch track* is a native track (see :mod:`~lite_compat.animations.delegation`) whose key
structure compat samples itself instead of binding a Lite clip: LINEAR keys (animation-level
easing allowed) of a FLOAT, VECTOR2, VECTOR3 or QUATERNION animation whose path is a chain of
attributes ending in a number or a ``Vector2``/``Vector3``/``Quaternion`` leaf.

* FLOAT and vector tracks reproduce Lite's property sampler to the bit
  (:func:`lite.evaluate_property_sampler` on float32 key values: ``a + f * (b - a)`` in float64,
  the result rounded to float32), so moving a track here changes no number.
* QUATERNION tracks reproduce Babylon.js ``Quaternion.SlerpToRef`` exactly, on the float64 key
  values, including its short-arc flip and its plain (unnormalised) lerp above a dot of
  0.999999 -- the reason they used to fall back (Lite nlerps above 0.9995).

:class:`BatchGroup` is the per-animatable group (the same interface as
:class:`~lite_compat.animations.delegation.NativeGroup`): each step hands it Babylon's frame
for one track and it writes that track (the *scalar* path). An animatable whose tracks are all
batch tracks, that loops, plays forward at weight -1 without sync, events or pauses, is also
admitted as a *row* of a :class:`BatchKind` (one per scene, animations, range and speed) after
its first step: ``Scene._animate`` then hands each run of consecutive rows of one kind to
:func:`step_run`, which computes Babylon's clock (elapsed time -> frame -> ``%`` wrap, loop
detection), samples every track of every row and writes the results. A kind with few rows
(below ``min_rows``, 16) steps them one after another in plain Python floats, with the scalar
path's arithmetic but none of its per-track dispatch; from ``min_rows`` on it is *vectorised*:
the clock state moves into arrays, each track is sampled in one numpy pass and written by a
loop whose attribute stores CPython specialises. Anything that could make a row differ from
its scalar step (a loop while a loop observer or callback is registered, a non-finite frame,
a pause, ``goToFrame``, a speed, weight, range or loop change, ``stop``) evicts the row first:
its clock state is written back to its runtime animations and the scalar path carries on
exactly.

Batching can be turned off (:func:`set_batched_evaluation`, or ``LITE_COMPAT_BATCH=0`` in the
environment): every batch track then runs the scalar path, which gives the same numbers.
"""

from __future__ import annotations

import contextlib
import math
import os
from array import array
from bisect import bisect_right
from collections import deque
from itertools import repeat
from operator import methodcaller
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from lite_compat._js import to_int32
from lite_compat.animations.easing import CubicEase, QuadraticEase, QuarticEase, QuinticEase
from lite_compat.animations.property_paths import MISSING, clone, lookup, set_property
from lite_compat.animations.state import (
    setter_effect,
    state_version,
    still_current,
    zero_rotation,
)
from lite_compat.math import Quaternion, Vector2, Vector3

if TYPE_CHECKING:
    from collections.abc import Sequence

# The animatables and runtime animations this module steps (duck-typed: importing their
# modules, even for annotations, would close a cycle with them).
Animatable = Any
RuntimeAnimation = Any

__all__ = [
    "BatchGroup",
    "BatchKind",
    "TrackSpec",
    "batched_evaluation_enabled",
    "evict",
    "set_batched_evaluation",
    "step_run",
]

_ENV: Final = os.environ.get("LITE_COMPAT_BATCH", "1")
_ENABLED: Final = [_ENV != "0"]


def set_write_recording(scene: Any, on: bool) -> None:
    """Tell the batch that ``scene`` records (or no longer records) every animation write: a
    RootMotionController reads them as they are made, so none of its animatables is a row."""
    with contextlib.suppress(AttributeError):
        scene._compatRecordsWrites = on


def _records_writes(scene: Any) -> bool:
    return bool(getattr(scene, "_compatRecordsWrites", False))


#: Rows a kind gathers before it is vectorised: below this, one numpy pass (about 80 calls)
#: costs more than stepping the rows one by one in Python floats. ``LITE_COMPAT_BATCH=force``
#: makes it 1 (every kind vectorised: the parity runner's ``--compat-batch force``).
_MIN_ROWS: Final = [1 if _ENV == "force" else 16]

#: Spec kinds: a number, a Vector2/Vector3 (Lite's arithmetic), a Quaternion (Babylon's slerp).
FLOAT: Final = 1
VEC: Final = 2
QUAT: Final = 4
_FLOAT: Final = FLOAT
_VEC: Final = VEC
_QUAT: Final = QUAT
_SLERP_LERP_THRESHOLD: Final = 0.999999

_IDEMPOTENT_MARKS: Final = frozenset({"Node.markAsDirty", "TransformNode.markAsDirty"})

#: Node properties whose object a vectorised kind keeps between frames: their getter returns
#: the stored object, and their setter (like every other replacement of that object) bumps the
#: class's ``_leafEpoch`` counter, after which the kind reads them again.
_EPOCH_PROPERTIES: Final = frozenset(
    {
        ("lite_compat.nodes.transform_node", "TransformNode.position"),
        ("lite_compat.nodes.transform_node", "TransformNode.scaling"),
        ("lite_compat.nodes.transform_node", "TransformNode.rotationQuaternion"),
    }
)

#: Easing classes whose curve is a power of the gradient (vectorised exactly).
_POWERS: Final = {CubicEase: 3, QuadraticEase: 2, QuarticEase: 4, QuinticEase: 5}


def set_batched_evaluation(enabled: bool, min_rows: int | None = None) -> bool:
    """Turn the batched compat evaluation on or off (default on); returns the previous setting.

    Off, every batch track is sampled one at a time at its own turn (the same numbers). Rows
    already batched leave the batch at their next step. ``min_rows`` (default 16) is how many
    rows of one kind a scene gathers before stepping them in one numpy pass (below it they are
    stepped row by row; the same numbers).
    """
    previous = _ENABLED[0]
    _ENABLED[0] = bool(enabled)
    if min_rows is not None:
        _MIN_ROWS[0] = max(1, int(min_rows))
    return previous


def batched_evaluation_enabled() -> bool:
    """Whether the batched compat evaluation is on."""
    return _ENABLED[0]


# ---------------------------------------------------------------------------------------------
# Track specs (one per Animation key state)
# ---------------------------------------------------------------------------------------------


class TrackSpec:
    """The compiled keys of one animation for the batch sampler (built by the planner).

    ``frames`` are the key frames, ``rows`` the key values' components (float32-rounded for
    FLOAT/VEC kinds, as Lite packs them; float64 for QUAT).
    """

    __slots__ = (
        "animation",
        "frame_list",
        "frames",
        "kind",
        "last",
        "stride",
        "value_rows",
        "values",
    )

    def __init__(
        self, animation: Any, kind: int, stride: int, frames: list[float], rows: list[list[float]]
    ) -> None:
        self.animation = animation
        self.kind = kind
        self.stride = stride
        self.frame_list = frames
        self.frames = np.array(self.frame_list, dtype=np.float64)
        self.value_rows = rows
        self.values = np.array(rows, dtype=np.float64).reshape(len(rows), stride)
        self.last = len(rows) - 1


# ---------------------------------------------------------------------------------------------
# Scalar sampling (one track, one frame)
# ---------------------------------------------------------------------------------------------

_F32: Final = array("f", [0.0])


def _f32(x: float) -> float:
    _F32[0] = x
    return _F32[0]


#: Float32 scratch rows by stride (the sampler's rounding).
_F32_ROWS: Final = {n: array("f", [0.0] * n) for n in (1, 2, 3, 4)}


def _sample_lite(spec: TrackSpec, t: float) -> list[float]:
    # lite.animation.evaluate.evaluate_property_sampler with the compat easing adapter.
    frames = spec.frame_list
    rows = spec.value_rows
    last = spec.last
    if t <= frames[0]:
        return rows[0]
    if t >= frames[last]:
        return rows[last]
    idx = bisect_right(frames, t) - 1
    t0 = frames[idx]
    dt = frames[idx + 1] - t0
    if dt > 0.0:
        easing = spec.animation.getEasingFunction()
        g = (t - t0) / dt
        f = float(easing.ease(g)) if easing else g
    else:
        f = 0.0
    a = rows[idx]
    b = rows[idx + 1]
    # Each component rounded to float32 by the array's item store (the C cast _f32 makes).
    out = _F32_ROWS[spec.stride]
    if spec.stride == 3:
        out[0] = a[0] + f * (b[0] - a[0])
        out[1] = a[1] + f * (b[1] - a[1])
        out[2] = a[2] + f * (b[2] - a[2])
    else:
        for c in range(spec.stride):
            out[c] = a[c] + f * (b[c] - a[c])
    return out.tolist()


def _slerp(left: list[float], right: list[float], amount: float) -> list[float]:
    # Babylon.js Quaternion.SlerpToRef (math.vector.js), operation for operation.
    dot = left[0] * right[0] + left[1] * right[1] + left[2] * right[2] + left[3] * right[3]
    flip = False
    if dot < 0:
        flip = True
        dot = -dot
    if dot > _SLERP_LERP_THRESHOLD:
        s_left = 1 - amount
        s_right = -amount if flip else amount
    else:
        omega = math.acos(dot)
        inv_sin = 1.0 / math.sin(omega)
        s_left = math.sin((1.0 - amount) * omega) * inv_sin
        s_right = (
            -math.sin(amount * omega) * inv_sin if flip else math.sin(amount * omega) * inv_sin
        )
    return [s_left * left[c] + s_right * right[c] for c in range(4)]


def _sample_babylon_quat(spec: TrackSpec, t: float) -> list[float]:
    # Animation._interpolate for a LINEAR quaternion track (animation-level easing only).
    frames = spec.frame_list
    rows = spec.value_rows
    if t < frames[0]:
        return rows[0]
    idx = bisect_right(frames, t) - 1
    if idx + 1 > spec.last:
        return rows[spec.last]
    start = frames[idx]
    gradient = (t - start) / (frames[idx + 1] - start)
    easing = spec.animation.getEasingFunction()
    if easing:
        gradient = easing.ease(gradient)
    return _slerp(rows[idx], rows[idx + 1], gradient)


def _sample(spec: TrackSpec, t: float) -> list[float]:
    return _sample_babylon_quat(spec, t) if spec.kind == _QUAT else _sample_lite(spec, t)


# ---------------------------------------------------------------------------------------------
# The per-animatable group (scalar path)
# ---------------------------------------------------------------------------------------------

_NAMES: Final = {1: ("",), 2: ("x", "y"), 3: ("x", "y", "z"), 4: ("x", "y", "z", "w")}


class _Track:
    """One batch track of a :class:`BatchGroup`: its spec and its leaf's name (the owner is
    the one its runtime animation resolved at start, ``runtime._directTarget``)."""

    __slots__ = ("effect", "prop", "runtime", "spec", "target_path")

    def __init__(self, runtime: RuntimeAnimation, spec: TrackSpec) -> None:
        self.runtime = runtime
        self.spec = spec
        animation = runtime._animation
        self.target_path = animation.targetPropertyPath[-1]
        #: The leaf setter's side effect, run after each in-place write (None for FLOAT).
        self.effect = (
            None
            if spec.kind == _FLOAT
            else setter_effect(type(runtime._directTarget), self.target_path)
        )
        self.prop = animation.targetProperty


#: Whether a class is lite_compat's own (its module is in the package), per class.
_OWN_CLASSES: Final[dict[type, bool]] = {}


def _own_class(cls: type) -> bool:
    own = _OWN_CLASSES.get(cls)
    if own is None:
        own = _OWN_CLASSES[cls] = cls.__module__.split(".")[0] == "lite_compat"
    return own


_CONTAINERS: Final = (dict, list, tuple)


#: The planner's ``(track_reason, spec_of_animation)`` (set by the delegation module): what
#: :func:`_respec` asks about a batch track whose keys changed.
PLANNER: Final[list[Any]] = [None]


def _respec(runtime: RuntimeAnimation) -> TrackSpec | None:
    """The spec of ``runtime``'s keys now, when it can stay a batch track (else None)."""
    planner, host = PLANNER[0], runtime._host
    if planner is None or host is None or planner[0](runtime, host) is not None:
        return None
    spec: TrackSpec | None = planner[1](runtime._animation)
    return spec if spec is not None and batch_leaf_ok(runtime, spec) else None


def batch_leaf_ok(runtime: RuntimeAnimation, spec: TrackSpec) -> bool:
    """Whether the runtime's path is a plain attribute chain ending in the leaf the spec needs."""
    obj: Any = runtime._target
    if not _own_class(type(obj)):
        return False
    mark = getattr(type(obj), "markAsDirty", None)
    if mark is not None and not getattr(mark, "__module__", "").startswith("lite_compat."):
        return False
    for part in runtime._animation.targetPropertyPath:
        if isinstance(obj, _CONTAINERS) or not part.isidentifier():
            return False
        obj = lookup(obj, part)
        if obj is MISSING:
            return False
    if spec.kind == _FLOAT:
        return isinstance(obj, int | float) and not isinstance(obj, bool)
    if spec.kind == _QUAT:
        return type(obj) is Quaternion
    return type(obj) is (Vector3 if spec.stride == 3 else Vector2)


class BatchGroup:
    """The batch tracks of one animatable on one target (a ``NativeGroup`` without Lite).

    Written one track at a time by :meth:`write` (the scalar path) or, while the animatable is
    a row of a :class:`BatchKind`, by :func:`step_run`.
    """

    def __init__(
        self,
        animatable: Animatable,
        target: Any,
        runtimes: Sequence[RuntimeAnimation],
        specs: Sequence[TrackSpec],
    ) -> None:
        self.animatable = animatable
        self.target = target
        self.runtimes = list(runtimes)
        tracks: dict[int, _Track] = {}
        for runtime, spec in zip(runtimes, specs, strict=True):
            tracks[id(runtime)] = _Track(runtime, spec)
            runtime._native = self
            runtime._fallbackReason = None
            runtime._stateVersion = state_version(runtime._animation)
        self._tracks = tracks

    def current(self, runtime: RuntimeAnimation) -> bool:
        """Whether ``runtime``'s spec applies to its animation's keys now.

        It does while its animation's key state version is the one the spec was compiled at
        (the owner it writes is the one Babylon.js resolved at start, whatever the path walks
        to now). After a change the track is compiled again when its new keys can still be a
        batch track (the planner's analysis); else it leaves for the compat
        evaluator (``state-changed``).
        """
        return still_current(runtime, (), self._recompile)

    def _recompile(self, runtime: RuntimeAnimation) -> bool:
        spec = _respec(runtime)
        if spec is None:
            return False
        evict(self.animatable)
        self._tracks[id(runtime)] = _Track(runtime, spec)
        return True

    def specs(self) -> list[TrackSpec]:
        """The specs of the tracks, in runtime order."""
        return [self._tracks[id(r)].spec for r in self.runtimes]

    def _prepare_leaf(self, runtime: RuntimeAnimation, track: _Track) -> None:
        # Babylon.js's first write assigns a copy of the value as the property's object and
        # updates that object from then on, assigning it back on every write (NativeGroup
        # does the same).
        if track.spec.kind == _FLOAT:
            return
        current = runtime._currentValue
        if current is not None:
            owner = runtime._directTarget
            if getattr(owner, runtime._targetPath, None) is not current:
                setattr(owner, runtime._targetPath, current)
            return
        owner = runtime._directTarget
        leaf = lookup(owner, runtime._targetPath)
        if leaf is not MISSING:
            copy = clone(leaf)
            set_property(owner, runtime._targetPath, copy)
            runtime._currentValue = copy
            index = getattr(self.animatable._scene, "_overlapIndex", None)
            if index is not None:
                index.refresh(runtime)

    def write(self, runtime: RuntimeAnimation, frame: float) -> None:
        """Sample ``runtime``'s track at ``frame`` and write it (at its own turn)."""
        track = self._tracks[id(runtime)]
        self._prepare_leaf(runtime, track)
        values = _sample(track.spec, float(frame))
        # The owner Babylon.js resolved when the runtime animation was created.
        owner = runtime._directTarget
        if track.spec.kind == _FLOAT:
            setattr(owner, track.target_path, values[0])
        else:
            leaf = runtime._currentValue
            if leaf is None:
                leaf = getattr(owner, track.target_path)
            for name, value in zip(_NAMES[track.spec.stride], values, strict=True):
                setattr(leaf, name, value)
            if track.effect is not None:
                track.effect(owner)
        runtime._nativeFrame = frame
        runtime._currentActiveTarget = runtime._directTarget
        runtime._weight = -1.0
        mark = getattr(runtime._target, "markAsDirty", None)
        if callable(mark):
            mark(track.prop)

    def seek(self, runtime: RuntimeAnimation, frame: float) -> None:
        """Write ``runtime``'s value at ``frame`` now (``goToFrame``)."""
        self.write(runtime, frame)

    def remove(self, runtimes: Sequence[RuntimeAnimation]) -> None:
        """Take ``runtimes`` out of the group (they leave the batch first)."""
        evict(self.animatable)
        drop = {id(r) for r in runtimes}
        for runtime in self.runtimes:
            if id(runtime) in drop:
                runtime._native = None
                self._tracks.pop(id(runtime), None)
        self.runtimes = [r for r in self.runtimes if id(r) not in drop]
        if not self.runtimes and self in self.animatable._nativeGroups:
            self.animatable._nativeGroups.remove(self)


# ---------------------------------------------------------------------------------------------
# Rows: many animatables in one pass
# ---------------------------------------------------------------------------------------------


def _ease_array(easing: Any, g: np.ndarray) -> Any:
    """``easing.ease`` on every element, vectorised for the power curves, else one by one."""
    power = _POWERS.get(type(easing))
    own = getattr(easing, "__dict__", {})
    if power is not None and "ease" not in own and "easeInCore" not in own:
        mode = easing._easingMode

        def curve(x: Any) -> Any:
            out = x * x
            for _ in range(power - 2):
                out = out * x
            return out

        if mode == 0:
            return curve(g)
        if mode == 1:
            return 1.0 - curve(1.0 - g)
        return np.where(g >= 0.5, (1.0 - curve((1.0 - g) * 2.0)) * 0.5 + 0.5, curve(g * 2.0) * 0.5)
    return np.fromiter((float(easing.ease(x)) for x in g.tolist()), np.float64, len(g))


def _sample_rows(spec: TrackSpec, t: np.ndarray) -> np.ndarray:
    """Every row's value at its frame ``t``: shape (rows, stride), float32 (FLOAT/VEC: the
    float32-rounded values) or float64 (QUAT)."""
    frames = spec.frames
    last = spec.last
    idx = np.searchsorted(frames, t, side="right") - 1
    np.clip(idx, 0, last - 1, out=idx)
    start = frames[idx]
    a = spec.values[idx]
    b = spec.values[idx + 1]
    low = t <= frames[0] if spec.kind != _QUAT else t < frames[0]
    high = t >= frames[last]
    inner = ~(low | high)
    easing = spec.animation.getEasingFunction()
    with np.errstate(all="ignore"):
        if spec.kind != _QUAT:
            g = (t - start) / (frames[idx + 1] - start)
            f = g
            if easing:
                f = g.copy()
                f[inner] = _ease_array(easing, g[inner])
            # float32 (Lite's rounding); its tolist() gives the float64 values of the floats.
            out: np.ndarray = (a + f[:, None] * (b - a)).astype(np.float32)
        else:
            g = (t - start) / (frames[idx + 1] - start)
            if easing:
                g = g.copy()
                g[inner] = _ease_array(easing, g[inner])
            lx, ly, lz, lw = a.T
            rx, ry, rz, rw = b.T
            dot = lx * rx + ly * ry + lz * rz + lw * rw
            flip = dot < 0
            dot = np.where(flip, -dot, dot)
            lerp = dot > _SLERP_LERP_THRESHOLD
            omega = np.arccos(dot)
            inv_sin = 1.0 / np.sin(omega)
            s_left = np.where(lerp, 1 - g, np.sin((1.0 - g) * omega) * inv_sin)
            s_right = np.where(lerp, g, np.sin(g * omega) * inv_sin)
            s_right = np.where(flip, -s_right, s_right)
            out = s_left[:, None] * a + s_right[:, None] * b
    if low.any():
        out[low] = spec.values[0]
    if high.any():
        out[high] = spec.values[last]
    return out


def _write_float(owners: list[Any], name: str, values: list[float]) -> None:
    # STORE_ATTR with a constant name is specialised by CPython (slots, instance values):
    # about twice as fast as map(setattr, ...) for the component names.
    if name == "x":
        for owner, x in zip(owners, values, strict=True):
            owner.x = x
    elif name == "y":
        for owner, y in zip(owners, values, strict=True):
            owner.y = y
    elif name == "z":
        for owner, z in zip(owners, values, strict=True):
            owner.z = z
    else:
        deque(map(setattr, owners, repeat(name), values), 0)


def _write_leaves(leaves: list[Any], columns: list[list[float]]) -> None:
    # The components in Babylon's order (x, y[, z[, w]]) of each leaf.
    if len(columns) == 3:
        for leaf, x, y, z in zip(leaves, *columns, strict=True):
            leaf.x = x
            leaf.y = y
            leaf.z = z
    elif len(columns) == 4:
        for leaf, x, y, z, w in zip(leaves, *columns, strict=True):
            leaf.x = x
            leaf.y = y
            leaf.z = z
            leaf.w = w
    else:
        for leaf, x, y in zip(leaves, *columns, strict=True):
            leaf.x = x
            leaf.y = y


def _zero_rotations(rotations: list[Any]) -> None:
    # What zero_rotation does to each owner's rotation, skipping the ones already at zero (all
    # of them unless a script or another track wrote a rotation since the last step; a -0.0
    # component, equal to 0, is left as it is).
    for rotation in rotations:
        if rotation.x or rotation.y or rotation.z:
            rotation.setAll(0.0)


def _restore_leaves(owners: list[Any], name: str, leaves: list[Any]) -> None:
    # Babylon.js assigns its own value object to the property on every write.
    for owner, leaf in zip(owners, leaves, strict=True):
        if getattr(owner, name) is not leaf:
            setattr(owner, name, leaf)


def _epoch_property(target_type: type, name: str) -> bool:
    prop = getattr(target_type, name, None)
    if not isinstance(prop, property):
        return False
    return all(
        (getattr(f, "__module__", ""), getattr(f, "__qualname__", "")) in _EPOCH_PROPERTIES
        for f in (prop.fget, prop.fset)
    )


class _Run:
    """A vectorised kind's last run of rows: their row indices and targets, and per track the
    objects written: the owners Babylon.js resolved at start (FLOAT) or the runtimes' own
    value objects (vector/quaternion leaves), with the owners those belong to."""

    __slots__ = (
        "animatables",
        "clean_seen",
        "leaf_seen",
        "objects",
        "owners",
        "rotations",
        "rows",
        "span",
        "targets",
    )

    def __init__(self, animatables: list[Animatable], count: int) -> None:
        self.animatables = list(animatables)
        self.rows = np.fromiter((a._batchRow[1] for a in animatables), np.intp, len(animatables))
        # The targets the runtime animations captured (not ``Animatable.target``, which a
        # script may reassign without effect in Babylon.js).
        self.targets = [a._runtimeAnimations[0]._target for a in animatables]
        first = int(self.rows[0])
        consecutive = bool((self.rows == np.arange(first, first + len(self.rows))).all())
        self.span = slice(first, first + len(self.rows)) if consecutive else None
        self.owners: list[list[Any]] = [
            [a._runtimeAnimations[j]._directTarget for a in animatables] for j in range(count)
        ]
        self.objects: list[list[Any]] = [
            [a._runtimeAnimations[j]._currentValue for a in animatables] for j in range(count)
        ]
        #: The ``rotation`` vectors of the owners of a rotationQuaternion column (read again
        #: when the leaf epoch moves: only the rotation setter replaces them).
        self.rotations: dict[int, list[Any]] = {}
        self.leaf_seen = -1
        self.clean_seen = -1


class BatchKind:
    """The rows of one scene playing the same animations over one range at one speed.

    Below ``min_rows`` live rows (see :func:`set_batched_evaluation`) the rows are stepped one
    after another in plain Python floats (:meth:`_step_rows`: no per-track dispatch, the
    scalar path's arithmetic) and their clock state stays on their runtime animations; from
    then on the kind is *vectorised*: the clock state moves into arrays and :meth:`step` runs
    one numpy pass per track.
    """

    def __init__(
        self,
        specs: Sequence[TrackSpec],
        tracks: Sequence[_Track],
        fps: float,
        speed: float,
        ranges: Sequence[tuple[float, float]],
        target_type: type,
    ) -> None:
        self.specs = list(specs)
        self.target_paths = [t.target_path for t in tracks]
        # Babylon.js marks the target dirty after each write, when it has markAsDirty. A
        # Node/TransformNode's markAsDirty ignores its argument and returns at once when the
        # node is already dirty, so one call per target and step does the same.
        mark = getattr(target_type, "markAsDirty", None)
        marks: list[Any] = [
            methodcaller("markAsDirty", t.prop) if callable(mark) else None for t in tracks
        ]
        mark_name = getattr(mark, "__qualname__", "")
        idempotent = mark_name in _IDEMPOTENT_MARKS and (
            getattr(mark, "__module__", "")
            in ("lite_compat.nodes.node", "lite_compat.nodes.transform_node")
        )
        if idempotent:
            marks = [None] * (len(marks) - 1) + marks[-1:]
        self.marks = marks
        #: TransformNode.markAsDirty returns at once while ``_isDirty``: not called then.
        self.mark_if_clean = idempotent and mark_name == "TransformNode.markAsDirty"
        self.mark_prop = tracks[-1].prop
        # Tracks whose leaf (VEC/QUAT on target.<p>) or owner (FLOAT on target.<p>.<c>) can be
        # kept between frames while the leaf epoch does not move.
        leaf_epoch = getattr(target_type, "_leafEpoch", None)
        self.leaf_epoch: list[int] | None = leaf_epoch if type(leaf_epoch) is list else None
        clean_epoch = getattr(target_type, "_cleanEpoch", None)
        self.clean_epoch: list[int] | None = clean_epoch if type(clean_epoch) is list else None
        #: Per leaf track, whether only the leaf epoch moving can have replaced its leaf on
        #: the owner (a TransformNode property on the target itself); the other leaf tracks
        #: are checked every step. FLOAT tracks write the captured owner: never checked.
        self.epoch_leaf: list[bool | None] = []
        for t, spec in zip(tracks, specs, strict=True):
            parts = t.runtime.animation.targetPropertyPath
            if spec.kind == _FLOAT:
                self.epoch_leaf.append(None)
            else:
                self.epoch_leaf.append(
                    self.leaf_epoch is not None
                    and len(parts) == 1
                    and _epoch_property(target_type, parts[0])
                )
        #: The animations' key state versions the specs were compiled at.
        self.animations = [t.runtime._animation for t in tracks]
        self.versions = [t.runtime._stateVersion for t in tracks]
        self.fps = fps
        self.fps_speed = fps * speed
        count = len(self.specs)
        self.range_list = [(float(a), float(b), float(b) - float(a)) for a, b in ranges]
        self.from_ = np.array([r[0] for r in ranges], dtype=np.float64)
        self.to = np.array([r[1] for r in ranges], dtype=np.float64)
        self.range = self.to - self.from_
        self.rows: list[Animatable | None] = []
        self.free: list[int] = []
        self.live = 0
        #: Whether the clock state is in the arrays below (else on the runtime animations).
        self.vectorised = False
        cap = 16
        self.delay = np.zeros(cap)
        self.elapsed = np.zeros(cap)
        self.offset = np.zeros((cap, count))
        self.current = np.zeros((cap, count))
        self.absolute = np.zeros((cap, count))
        #: The runs of rows last stepped, by the id of their first animatable (a scene whose
        #: kinds interleave steps several runs of each kind per frame).
        self._runs: dict[int, _Run] = {}
        self._frames = [0.0] * count
        self.effects = [t.effect for t in tracks]
        #: Whether a column is a TransformNode's rotationQuaternion (whose owners' rotation
        #: vectors a run keeps while the leaf epoch does not move).
        self.zeroes_rotation = zero_rotation in self.effects and self.leaf_epoch is not None
        self._row_writers = [
            (
                spec,
                self.target_paths[j],
                self.effects[j],
                _sample_babylon_quat if spec.kind == _QUAT else _sample_lite,
                self.marks[j],
            )
            for j, spec in enumerate(self.specs)
        ]
        self._absolutes = [0.0] * count
        #: The scene table this kind is registered in and its key there: a kind leaves the
        #: table with its last row, so kinds made for passing states (a speed ramp makes one
        #: per speed) do not pile up.
        self.registry: tuple[dict[tuple[object, ...], BatchKind], tuple[object, ...]] | None = None

    def _grow(self) -> None:
        cap = len(self.delay) * 2
        for name in ("delay", "elapsed", "offset", "current", "absolute"):
            old = getattr(self, name)
            new = np.zeros((cap, *old.shape[1:]))
            new[: len(old)] = old
            setattr(self, name, new)

    def _load(self, animatable: Animatable, row: int) -> None:
        runtimes = animatable._runtimeAnimations
        self.delay[row] = animatable._localDelayOffset
        self.elapsed[row] = runtimes[0]._previousElapsedTime
        for j, runtime in enumerate(runtimes):
            self.offset[row, j] = runtime._absoluteFrameOffset
            self.current[row, j] = runtime._currentFrame
            self.absolute[row, j] = runtime._previousAbsoluteFrame

    def admit(self, animatable: Animatable) -> None:
        """Add ``animatable`` (its first step done) as a row, reading its clock state."""
        if self.free:
            row = self.free.pop()
        else:
            row = len(self.rows)
            self.rows.append(None)
            if row >= len(self.delay):
                self._grow()
        self.rows[row] = animatable
        self.live += 1
        self._runs.clear()
        # The runtimes share the row's (kind, row) tuple and keep their column as an int.
        slot = animatable._batchRow = (self, row)
        for j, runtime in enumerate(animatable._runtimeAnimations):
            runtime._batchSlot = slot
            runtime._batchColumn = j
        if self.vectorised:
            self._load(animatable, row)
        elif self.live >= _MIN_ROWS[0]:
            # Enough rows: the clock state of every row moves into the arrays.
            self.vectorised = True
            for index, other in enumerate(self.rows):
                if other is not None:
                    self._load(other, index)

    def evict(self, animatable: Animatable, row: int) -> None:
        """Write the row's clock state back to its runtime animations and drop the row."""
        for j, runtime in enumerate(animatable._runtimeAnimations):
            runtime._batchSlot = None
            frame_range = self.range_list[j][2]
            if self.vectorised:
                runtime._currentFrame = float(self.current[row, j])
                runtime._previousElapsedTime = float(self.elapsed[row])
                runtime._previousAbsoluteFrame = float(self.absolute[row, j])
            absolute = runtime._previousAbsoluteFrame
            runtime._animationState.repeatCount = (
                0 if frame_range == 0 else to_int32(absolute / frame_range)
            )
            runtime._nativeFrame = runtime._currentFrame
        animatable._batchRow = None
        self.rows[row] = None
        self.free.append(row)
        self.live -= 1
        self._runs.clear()
        if self.live == 0 and self.registry is not None:
            kinds, key = self.registry
            if kinds.get(key) is self:
                del kinds[key]
            self.registry = None

    def frame_of(self, row: int, column: int) -> float:
        """The current frame of one track of one row."""
        if self.vectorised:
            return float(self.current[row, column])
        animatable = self.rows[row]
        assert animatable is not None
        return float(animatable._runtimeAnimations[column]._currentFrame)

    def _step_rows(self, animatables: list[Animatable], time: float) -> int:
        """:meth:`step` for a kind that is not vectorised: each row in plain Python floats."""
        fps_speed = self.fps_speed
        ranges = self.range_list
        writers = self._row_writers
        mark_if_clean = self.mark_if_clean
        prop = self.mark_prop
        frames = self._frames
        absolutes = self._absolutes
        for k, animatable in enumerate(animatables):
            runtimes = animatable._runtimeAnimations
            elapsed = time - animatable._localDelayOffset
            scaled = elapsed * fps_speed
            looped = False
            for j, runtime in enumerate(runtimes):
                from_, to, frame_range = ranges[j]
                # RuntimeAnimation.animate's clock for a forward loop, operation for operation.
                absolute = scaled / 1000.0 + runtime._absoluteFrameOffset
                if frame_range == 0:
                    current = to
                elif absolute - absolute != 0.0:
                    current = math.nan
                elif (absolute > 0 and from_ > to) or (absolute < 0 and from_ < to):
                    current = to + math.fmod(absolute, frame_range)
                else:
                    current = from_ + math.fmod(absolute, frame_range)
                if current - current != 0.0:
                    evict(animatable)  # a non-finite frame: Babylon's evaluator writes it
                    return k
                if runtime._currentFrame > current:
                    looped = True
                frames[j] = current
                absolutes[j] = absolute
            if looped and (
                animatable.onAnimationLoop is not None
                or animatable.onAnimationLoopObservable.hasObservers()
            ):
                evict(animatable)  # the scalar path fires the loop at its turn
                return k
            target = runtimes[0]._target
            for runtime, current, absolute, (spec, path, effect, sample, mark) in zip(
                runtimes, frames, absolutes, writers, strict=True
            ):
                runtime._currentFrame = current
                runtime._previousElapsedTime = elapsed
                runtime._previousAbsoluteFrame = absolute
                values = sample(spec, current)
                # The owner resolved at start; a leaf is the runtime's own object, assigned
                # back when a script replaced it (Babylon.js assigns it on every write).
                owner = runtime._directTarget
                if spec.kind == _FLOAT:
                    setattr(owner, path, values[0])
                else:
                    leaf = runtime._currentValue
                    if getattr(owner, path) is not leaf:
                        setattr(owner, path, leaf)
                    if spec.stride == 3:
                        leaf.x, leaf.y, leaf.z = values
                    elif spec.stride == 4:
                        leaf.x, leaf.y, leaf.z, leaf.w = values
                    else:
                        leaf.x, leaf.y = values
                    if effect is not None:
                        effect(owner)
                if mark is not None:
                    if not mark_if_clean:
                        mark(target)
                    elif not target._isDirty:
                        target.markAsDirty(prop)
        return len(animatables)

    def step(self, animatables: list[Animatable], time: float, run: _Run | None = None) -> int:
        """Step ``animatables`` (rows of this kind, in scene order); how many were stepped.

        Stops before the first row that must take the scalar path this frame (it is evicted).
        """
        for animation, version in zip(self.animations, self.versions, strict=True):
            if state_version(animation) != version:
                # Keys or a frame rate changed under the rows: each leaves at its turn and
                # its scalar step moves the changed tracks to the compat evaluator.
                evict(animatables[0])
                return 0
        if not self.vectorised:
            return self._step_rows(animatables, time)
        if run is None:
            runs = self._runs
            run = runs.get(id(animatables[0]))
            if run is None or run.animatables != animatables:
                if len(runs) > len(self.rows):
                    runs.clear()
                run = runs[id(animatables[0])] = _Run(animatables, len(self.specs))
        targets, objects, owners = run.targets, run.objects, run.owners
        # Consecutive row indices (the usual case) are read and written through a slice.
        rows: Any = run.span if run.span is not None else run.rows
        leaf_epoch = self.leaf_epoch
        moved = leaf_epoch is None or run.leaf_seen != leaf_epoch[0]
        for j, epoch_leaf in enumerate(self.epoch_leaf):
            if epoch_leaf is not None and (moved or not epoch_leaf):
                # A leaf object may have been replaced: the runtime's own goes back.
                _restore_leaves(owners[j], self.target_paths[j], objects[j])
        rotations = run.rotations
        if moved and self.zeroes_rotation:
            for j, effect in enumerate(self.effects):
                if effect is zero_rotation:
                    rotations[j] = [owner._rotation for owner in owners[j]]
        if leaf_epoch is not None:
            run.leaf_seen = leaf_epoch[0]
        elapsed = time - self.delay[rows]
        absolute = (elapsed * self.fps_speed)[:, None] / 1000.0 + self.offset[rows]
        from_ = self.from_
        to = self.to
        with np.errstate(all="ignore"):
            wrapped = np.fmod(absolute, self.range)
        backward = ((absolute > 0) & (from_ > to)) | ((absolute < 0) & (from_ < to))
        current = np.where(self.range == 0, to, np.where(backward, to + wrapped, from_ + wrapped))
        looped = self.current[rows] > current
        stop = len(animatables)
        if not np.isfinite(current).all():
            stop = int(np.argmax(~np.isfinite(current).all(axis=1)))
        if looped.any():
            for k in np.flatnonzero(looped.any(axis=1)).tolist():
                if k >= stop:
                    break
                a = animatables[k]
                if a.onAnimationLoop is not None or a.onAnimationLoopObservable.hasObservers():
                    stop = k
                    break
        if stop < len(animatables):
            evict(animatables[stop])
            if stop == 0:
                return 0
            rows = slice(rows.start, rows.start + stop) if run.span is not None else rows[:stop]
            targets = targets[:stop]
            objects = [o[:stop] for o in objects]
            owners = [o[:stop] for o in owners]
            rotations = {j: r[:stop] for j, r in rotations.items()}
            elapsed = elapsed[:stop]
            absolute = absolute[:stop]
            current = current[:stop]
        self.elapsed[rows] = elapsed
        self.absolute[rows] = absolute
        self.current[rows] = current
        for j, spec in enumerate(self.specs):
            columns = _sample_rows(spec, current[:, j]).T.tolist()
            if spec.kind == _FLOAT:
                _write_float(owners[j], self.target_paths[j], columns[0])
            else:
                _write_leaves(objects[j], columns)
                effect = self.effects[j]
                if effect is zero_rotation and self.zeroes_rotation:
                    _zero_rotations(rotations[j])
                elif effect is not None:
                    deque(map(effect, owners[j]), 0)
            mark = self.marks[j]
            if mark is not None:
                if self.mark_if_clean:
                    self._mark_clean(run, targets, stop == len(run.targets))
                else:
                    deque(map(mark, targets), 0)
        return stop

    def _mark_clean(self, run: _Run, targets: list[Any], whole: bool) -> None:
        # TransformNode.markAsDirty returns at once while the node is dirty. After this pass
        # every target is dirty; until a TransformNode's dirty flag is cleared somewhere (the
        # clean epoch moves), the next pass would call nothing, so it is skipped.
        clean = self.clean_epoch
        if clean is not None and whole and run.clean_seen == clean[0]:
            return
        prop = self.mark_prop
        for target in targets:
            if not target._isDirty:
                target.markAsDirty(prop)
        if clean is not None and whole:
            run.clean_seen = clean[0]


def evict(animatable: Animatable) -> None:
    """Take ``animatable`` out of its batch (a no-op when it is not a row)."""
    row = animatable._batchRow
    if row is not None:
        row[0].evict(animatable, row[1])


def _kind_key(animatable: Animatable, group: BatchGroup) -> tuple[object, ...]:
    specs = group.specs()
    return (
        tuple(id(s) for s in specs),
        tuple(r.animation.targetProperty for r in group.runtimes),
        tuple(r._stateVersion for r in group.runtimes),
        type(group.runtimes[0]._target),
        animatable.fromFrame,
        animatable.toFrame,
        animatable._speedRatio,
        group.runtimes[0].animation.framePerSecond,
    )


def _eligible(animatable: Animatable) -> BatchGroup | None:
    """The animatable's batch group when it can be a row now, else None."""
    if (
        _records_writes(animatable._scene)
        or animatable._paused
        or animatable._weight != -1
        or animatable._syncRoot is not None
        or not animatable.loopAnimation
        or not animatable._speedRatio > 0
        or animatable._speedRatio == math.inf
        or animatable._manualJumpDelay is not None
        or animatable._pausedDelay is not None
        or animatable._localDelayOffset is None
        or animatable.isAdditive
        or len(animatable._nativeGroups) != 1
    ):
        return None
    group = animatable._nativeGroups[0]
    runtimes = animatable._runtimeAnimations
    if not isinstance(group, BatchGroup) or len(group.runtimes) != len(runtimes):
        return None
    if any(a is not b for a, b in zip(group.runtimes, runtimes, strict=True)):
        return None
    for runtime in runtimes:
        if (
            runtime._events
            or runtime._enableBlending
            or runtime._target is not runtimes[0]._target
            or runtime._animation.framePerSecond != runtimes[0]._animation.framePerSecond
            or runtime._currentFrame - runtime._currentFrame != 0.0
        ):
            return None
    return group


def try_admit(animatable: Animatable) -> None:
    """After a scalar step: make ``animatable`` a row when nothing stops it."""
    if not _ENABLED[0]:
        return
    group = _eligible(animatable)
    if group is None:
        return
    scene = animatable._scene
    kinds: dict[tuple[object, ...], BatchKind] | None = getattr(scene, "_compatBatchKinds", None)
    if kinds is None:
        kinds = {}
        try:
            scene._compatBatchKinds = kinds
        except AttributeError:
            return
    key = _kind_key(animatable, group)
    kind = kinds.get(key)
    if kind is None:
        runtimes = animatable._runtimeAnimations
        ranges = []
        for runtime in runtimes:
            from_, to = animatable.fromFrame, animatable.toFrame
            if from_ < runtime._minFrame or from_ > runtime._maxFrame:
                from_ = runtime._minFrame
            if to < runtime._minFrame or to > runtime._maxFrame:
                to = runtime._maxFrame
            ranges.append((float(from_), float(to)))
        kind = BatchKind(
            group.specs(),
            [group._tracks[id(r)] for r in runtimes],
            runtimes[0].animation.framePerSecond,
            animatable._speedRatio,
            ranges,
            type(runtimes[0]._target),
        )
        kinds[key] = kind
        kind.registry = (kinds, key)
    kind.admit(animatable)


def step_run(animatables: list[Animatable], index: int, time: float) -> int:
    """Step the run of rows of one kind starting at ``animatables[index]``; the next index.

    Called by ``Scene._animate``. Returns ``index`` unchanged when the first row had to leave
    the batch (the caller then steps it on the scalar path).
    """
    if not _ENABLED[0] or _records_writes(animatables[index]._scene):
        # Off, or a RootMotionController reads every write as it is made: the scalar path.
        evict(animatables[index])
        return index
    first = animatables[index]._batchRow
    assert first is not None
    kind = first[0]
    count = len(animatables)
    run = kind._runs.get(id(animatables[index])) if kind.vectorised else None
    if run is not None:
        # The run stepped last frame, when it is still there and ends where it did.
        end = index + len(run.animatables)
        if end <= count:
            after = animatables[end]._batchRow if end < count else None
            if (after is None or after[0] is not kind) and (
                animatables[index:end] == run.animatables
            ):
                return index + int(kind.step(run.animatables, time, run))
    end = index + 1
    while end < count:
        row = animatables[end]._batchRow
        if row is None or row[0] is not kind:
            break
        end += 1
    return index + int(kind.step(animatables[index:end], time))
