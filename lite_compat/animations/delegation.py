"""The compat delegation boundary: which tracks Lite samples and writes, and why not.

When an :class:`~lite_compat.animations.animatable.Animatable` starts playing, its runtime
animations are partitioned into a *native* subset, sampled and written by Lite through one property
binding per target (:class:`NativeGroup`), and a *fallback* subset run by the compat evaluator (the
``RuntimeAnimation`` port). Every fallback decision is one function returning a reason code
(``str``) or ``None``, so each can be tested alone.

Babylon's frame clock (elapsed ms -> frame, loop wrap, completion, events) runs in the facade for
every track (see :mod:`lite_compat.animations.runtime_animation`); a native group is handed the
exact frame each step and Lite samples its compiled clip there. The clip is compiled in the *frame
domain* (one Lite time unit = one frame) so that integer and dyadic key frames are exact in Lite's
float32 key times; a key frame that float32 cannot hold falls back.

Where Lite's numbers can differ from Babylon.js's beyond 1e-6 the track falls back:

========================  ===============================================================
reason code               why
========================  ===============================================================
no-animations             whole call: nothing to play
differing-frame-rates     whole call: tracks do not share one frame rate
reverse-range             whole call: ``from > to``
reverse-speed             whole call: negative speed ratio at start
non-finite-timing         whole call: NaN/infinite from, to or speed
array-target              whole call: the target is a list of objects
weighted                  whole call: a weight other than -1 (late-binding blend)
additive                  whole call: additive animatable
quaternion-slerp-threshold  a quaternion track compat's sampler (batch.py, Babylon's SlerpToRef)
                          cannot take: Lite nlerps above a dot of 0.9995, Babylon.js lerps
                          unnormalised above 0.999999 (and slerps below)
matrix-data-type          matrices (decompose-lerp or hold)
color-data-type           Color3 / Color4
size-data-type            Size
custom-data-type          a dataType outside the ANIMATIONTYPE_* constants Lite handles
loop-mode-relative        RELATIVE adds ``offset * repeatCount``
loop-mode-constant        CONSTANT holds the high limit after the first cycle
loop-mode-yoyo            YOYO (sin-mapped frames)
loop-mode-relative-from-current  adds the original value
blending                  ``enableBlending`` lerps from the original value
callable-key-value        a key value that is a function (evaluated each frame)
key-value-shape           a key value that does not match the data type
key-value-not-float32     a key value that is NaN/infinite or beyond float32's range
tangents                  in/out tangents on a non-STEP segment (Hermite)
per-key-easing            a key easing function on a non-STEP segment
mixed-step-linear         STEP and LINEAR segments in one track
key-frame-not-float32     a key frame float32 cannot represent exactly (or NaN/inf/negative),
                          on a track compat's own sampler cannot take either (LINEAR
                          FLOAT/vector/quaternion keys with strictly increasing frames are
                          batch tracks, sampled in float64 as Babylon.js does)
unsorted-keys             keys not in increasing frame order
empty-key-range           every key at frame 0 (Lite needs a non-empty clip)
range-outside-keys        Babylon.js clamps the play range to this track's keys, so its
                          frames differ from the group's
non-native-binding        the leaf is not the value class Babylon.js writes (e.g. a list
                          where a Vector3 is animated)
setter-recomposes         a Bone's position / rotationQuaternion / scaling: Babylon.js
                          assigns through the setter, which recomposes the local matrix;
                          Lite writes the decomposed vector in place
unresolved-binding        Lite cannot bind the path
overlapping-path          ancestor/descendant paths (``position`` and ``position.x``) in
                          this or another active animatable: Babylon.js replaces the
                          ancestor object, which only the compat evaluator reproduces
appended-after-start      animations appended to an animatable already playing
negative-speed            (after start) a negative speed ratio was assigned
state-changed             (after start) new keys or frame rate that cannot be native (state.py)
path-object-replaced      (after start) an object along the path was replaced (Babylon.js: no)
native-disabled           native delegation is off (:func:`set_native_delegation`)
========================  ===============================================================
"""

from __future__ import annotations

import contextlib
import gc
import itertools
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

import numpy as np

# The compat/lite seam: every use of ``lite`` by compat's animations is in this module.
from lite import (
    PropertyAnimationTrackOptions,
    PropertyBinding,
    bind_property_clip,
    create_property_animation_clip,
    write_property_track,
)
from lite.errors import LiteError
from lite_compat._js import js_number
from lite_compat.animations import batch, state
from lite_compat.animations.animation import Animation, AnimationKeyInterpolation, key_get
from lite_compat.animations.batch import FLOAT, QUAT, VEC, BatchGroup, TrackSpec, batch_leaf_ok
from lite_compat.animations.property_paths import MISSING, clone, lookup, set_property
from lite_compat.math import Vector2, Vector3

if TYPE_CHECKING:
    from lite_compat.animations.animatable import Animatable
    from lite_compat.animations.runtime_animation import RuntimeAnimation

__all__ = [
    "NativeGroup",
    "OverlapIndex",
    "REASONS",
    "demote",
    "overlap_index",
    "plan_animatable",
    "plan_animatables",
    "plan_step",
    "set_native_delegation",
]

NO_ANIMATIONS: Final = "no-animations"
DIFFERING_FRAME_RATES: Final = "differing-frame-rates"
REVERSE_RANGE: Final = "reverse-range"
REVERSE_SPEED: Final = "reverse-speed"
NON_FINITE_TIMING: Final = "non-finite-timing"
ARRAY_TARGET: Final = "array-target"
WEIGHTED: Final = "weighted"
ADDITIVE: Final = "additive"
QUATERNION_SLERP_THRESHOLD: Final = "quaternion-slerp-threshold"
MATRIX_DATA_TYPE: Final = "matrix-data-type"
COLOR_DATA_TYPE: Final = "color-data-type"
SIZE_DATA_TYPE: Final = "size-data-type"
CUSTOM_DATA_TYPE: Final = "custom-data-type"
LOOP_MODE_RELATIVE: Final = "loop-mode-relative"
LOOP_MODE_CONSTANT: Final = "loop-mode-constant"
LOOP_MODE_YOYO: Final = "loop-mode-yoyo"
LOOP_MODE_RELATIVE_FROM_CURRENT: Final = "loop-mode-relative-from-current"
LOOP_MODE_CUSTOM: Final = "loop-mode-custom"
BLENDING: Final = "blending"
CALLABLE_KEY_VALUE: Final = "callable-key-value"
KEY_VALUE_SHAPE: Final = "key-value-shape"
KEY_VALUE_NOT_FLOAT32: Final = "key-value-not-float32"
TANGENTS: Final = "tangents"
PER_KEY_EASING: Final = "per-key-easing"
MIXED_STEP_LINEAR: Final = "mixed-step-linear"
KEY_FRAME_NOT_FLOAT32: Final = "key-frame-not-float32"
UNSORTED_KEYS: Final = "unsorted-keys"
EMPTY_KEY_RANGE: Final = "empty-key-range"
RANGE_OUTSIDE_KEYS: Final = "range-outside-keys"
NON_NATIVE_BINDING: Final = "non-native-binding"
SETTER_RECOMPOSES: Final = "setter-recomposes"
UNRESOLVED_BINDING: Final = "unresolved-binding"
OVERLAPPING_PATH: Final = "overlapping-path"
APPENDED_AFTER_START: Final = "appended-after-start"
NEGATIVE_SPEED: Final = "negative-speed"

#: Every reason code, for documentation and tests.
REASONS: Final = (
    NO_ANIMATIONS,
    DIFFERING_FRAME_RATES,
    REVERSE_RANGE,
    REVERSE_SPEED,
    NON_FINITE_TIMING,
    ARRAY_TARGET,
    WEIGHTED,
    ADDITIVE,
    QUATERNION_SLERP_THRESHOLD,
    MATRIX_DATA_TYPE,
    COLOR_DATA_TYPE,
    SIZE_DATA_TYPE,
    CUSTOM_DATA_TYPE,
    LOOP_MODE_RELATIVE,
    LOOP_MODE_CONSTANT,
    LOOP_MODE_YOYO,
    LOOP_MODE_RELATIVE_FROM_CURRENT,
    LOOP_MODE_CUSTOM,
    BLENDING,
    CALLABLE_KEY_VALUE,
    KEY_VALUE_SHAPE,
    KEY_VALUE_NOT_FLOAT32,
    TANGENTS,
    PER_KEY_EASING,
    MIXED_STEP_LINEAR,
    KEY_FRAME_NOT_FLOAT32,
    UNSORTED_KEYS,
    EMPTY_KEY_RANGE,
    RANGE_OUTSIDE_KEYS,
    NON_NATIVE_BINDING,
    SETTER_RECOMPOSES,
    UNRESOLVED_BINDING,
    OVERLAPPING_PATH,
    APPENDED_AFTER_START,
    NEGATIVE_SPEED,
    state.STATE_CHANGED,
    state.PATH_REPLACED,
    state.NATIVE_DISABLED,
)
set_native_delegation: Final = state.set_native_delegation

#: Largest finite float32 (values beyond it become infinite in Lite's packed keys).
_FLOAT32_MAX: Final = float(np.finfo(np.float32).max)


def _is_finite_number(value: object) -> bool:
    # js_number: NumPy scalars count, and an int past the double range is Infinity (not
    # OverflowError).
    number = js_number(value)
    return number is not None and math.isfinite(number)


# ---------------------------------------------------------------------------------------------
# Whole-call reasons
# ---------------------------------------------------------------------------------------------


def _no_animations_reason(runtimes: Sequence[RuntimeAnimation]) -> str | None:
    return NO_ANIMATIONS if not runtimes else None


def _frame_rate_reason(runtimes: Sequence[RuntimeAnimation]) -> str | None:
    rates = {r.animation.framePerSecond for r in runtimes}
    return DIFFERING_FRAME_RATES if len(rates) > 1 else None


def _non_finite_timing_reason(from_frame: object, to_frame: object, speed: object) -> str | None:
    if not all(_is_finite_number(v) for v in (from_frame, to_frame, speed)):
        return NON_FINITE_TIMING
    return None


def _reverse_range_reason(from_frame: float, to_frame: float) -> str | None:
    return REVERSE_RANGE if from_frame > to_frame else None


def _reverse_speed_reason(speed: float) -> str | None:
    return REVERSE_SPEED if speed < 0 else None


def _array_target_reason(target: object) -> str | None:
    return ARRAY_TARGET if isinstance(target, list) else None


def _weighted_reason(weight: float) -> str | None:
    return WEIGHTED if weight != -1 else None


def _additive_reason(is_additive: bool) -> str | None:
    return ADDITIVE if is_additive else None


def whole_call_reason(animatable: Animatable, runtimes: Sequence[RuntimeAnimation]) -> str | None:
    """Why none of ``runtimes`` can be native in ``animatable`` (or None)."""
    return (
        _no_animations_reason(runtimes)
        or _non_finite_timing_reason(
            animatable.fromFrame, animatable.toFrame, animatable.speedRatio
        )
        or _reverse_range_reason(animatable.fromFrame, animatable.toFrame)
        or _reverse_speed_reason(animatable.speedRatio)
        or _frame_rate_reason(runtimes)
        or _array_target_reason(animatable.target)
        or _weighted_reason(animatable.weight)
        or _additive_reason(animatable.isAdditive)
    )


# ---------------------------------------------------------------------------------------------
# Per-track reasons
# ---------------------------------------------------------------------------------------------


def _data_type_reason(animation: Animation) -> str | None:
    data_type = animation.dataType
    if data_type in (
        Animation.ANIMATIONTYPE_FLOAT,
        Animation.ANIMATIONTYPE_VECTOR2,
        Animation.ANIMATIONTYPE_VECTOR3,
    ):
        return None
    if data_type == Animation.ANIMATIONTYPE_QUATERNION:
        # Babylon.js Quaternion.SlerpToRef lerps WITHOUT renormalising above a dot of 0.999999;
        # Lite's quat_slerp nlerps above 0.9995. Compat's batch sampler (batch.py) reproduces
        # SlerpToRef; a quaternion track it cannot take falls back with this reason (planning).
        return None
    if data_type == Animation.ANIMATIONTYPE_MATRIX:
        return MATRIX_DATA_TYPE
    if data_type in (Animation.ANIMATIONTYPE_COLOR3, Animation.ANIMATIONTYPE_COLOR4):
        return COLOR_DATA_TYPE
    if data_type == Animation.ANIMATIONTYPE_SIZE:
        return SIZE_DATA_TYPE
    return CUSTOM_DATA_TYPE


def _loop_mode_reason(loop_mode: int) -> str | None:
    if loop_mode == Animation.ANIMATIONLOOPMODE_CYCLE:
        return None
    return {
        Animation.ANIMATIONLOOPMODE_RELATIVE: LOOP_MODE_RELATIVE,
        Animation.ANIMATIONLOOPMODE_CONSTANT: LOOP_MODE_CONSTANT,
        Animation.ANIMATIONLOOPMODE_YOYO: LOOP_MODE_YOYO,
        Animation.ANIMATIONLOOPMODE_RELATIVE_FROM_CURRENT: LOOP_MODE_RELATIVE_FROM_CURRENT,
    }.get(loop_mode, LOOP_MODE_CUSTOM)


def _blending_reason(enable_blending: object) -> str | None:
    return BLENDING if enable_blending else None


def _key_components(value: Any, data_type: int) -> list[float] | None:
    if data_type == Animation.ANIMATIONTYPE_FLOAT:
        number = js_number(value)
        return None if number is None else [number]
    names = (
        "xyzw"
        if data_type == Animation.ANIMATIONTYPE_QUATERNION
        else "xyz"
        if data_type == Animation.ANIMATIONTYPE_VECTOR3
        else "xy"
    )
    numbers = [js_number(getattr(value, c, None)) for c in names]
    if any(n is None for n in numbers):
        return None
    return numbers  # type: ignore[return-value]


def _key_value_reason(keys: Sequence[Any], data_type: int) -> str | None:
    for key in keys:
        value = key_get(key, "value")
        if callable(value):
            return CALLABLE_KEY_VALUE
        comps = _key_components(value, data_type)
        if comps is None:
            return KEY_VALUE_SHAPE
        if not all(math.isfinite(c) and abs(c) <= _FLOAT32_MAX for c in comps):
            return KEY_VALUE_NOT_FLOAT32
    return None


def _is_step(key: Any) -> bool:
    return bool(key_get(key, "interpolation") == AnimationKeyInterpolation.STEP)


def _tangent_reason(keys: Sequence[Any]) -> str | None:
    for start, end in zip(keys, keys[1:], strict=False):
        if _is_step(start):
            continue
        if key_get(start, "outTangent") is not None and key_get(end, "inTangent") is not None:
            return TANGENTS
    return None


def _per_key_easing_reason(keys: Sequence[Any]) -> str | None:
    # A final key's easing and easings on STEP segments are never used: no fallback for them.
    for start in keys[:-1]:
        if not _is_step(start) and key_get(start, "easingFunction"):
            return PER_KEY_EASING
    return None


def _same_value(a: Any, b: Any, data_type: int) -> bool:
    ca = _key_components(a, data_type)
    cb = _key_components(b, data_type)
    return ca is not None and ca == cb


def _segment_kinds(keys: Sequence[Any], data_type: int) -> set[str]:
    # A segment between equal values gives the same value stepped or lerped, so it counts as
    # neither (e.g. the frame-0 key Babylon.js inserts, which has no interpolation field).
    kinds: set[str] = set()
    for start, end in zip(keys, keys[1:], strict=False):
        if _same_value(key_get(start, "value"), key_get(end, "value"), data_type):
            continue
        kinds.add("step" if _is_step(start) else "linear")
    return kinds


def _mixed_interpolation_reason(keys: Sequence[Any], data_type: int) -> str | None:
    return MIXED_STEP_LINEAR if len(_segment_kinds(keys, data_type)) > 1 else None


def _key_frame_reason(keys: Sequence[Any]) -> str | None:
    for key in keys:
        frame = key_get(key, "frame")
        if (
            not _is_finite_number(frame)
            or not 0 <= frame <= _FLOAT32_MAX
            or float(np.float32(frame)) != frame
        ):
            return KEY_FRAME_NOT_FLOAT32
    return None


def _exact_frames(keys: Sequence[Any]) -> bool:
    """Whether the only key-frame trouble is float32 precision: every frame finite, at least 0
    and strictly increasing, and no key reason after the frames' (sorted, non-empty range)."""
    frames = [key_get(k, "frame") for k in keys]
    if not all(_is_finite_number(f) and f >= 0 for f in frames):
        return False
    if any(b <= a for a, b in zip(frames, frames[1:], strict=False)):
        return False
    return _empty_key_range_reason(keys) is None


def _sorted_keys_reason(keys: Sequence[Any]) -> str | None:
    frames = [key_get(k, "frame") for k in keys]
    if any(b < a for a, b in zip(frames, frames[1:], strict=False)):
        return UNSORTED_KEYS
    return None


def _empty_key_range_reason(keys: Sequence[Any]) -> str | None:
    return EMPTY_KEY_RANGE if max(key_get(k, "frame") for k in keys) <= 0 else None


def _range_reason(
    min_frame: float, max_frame: float, from_frame: float, to_frame: float
) -> str | None:
    # RuntimeAnimation.animate replaces an out-of-keys from/to by this track's first/last key.
    if not (min_frame <= from_frame <= max_frame and min_frame <= to_frame <= max_frame):
        return RANGE_OUTSIDE_KEYS
    return None


#: Bone properties whose Babylon.js setter recomposes the local matrix (bone.pure.js).
_BONE_RECOMPOSING: Final = frozenset({"position", "rotationQuaternion", "scaling"})


def _binding_reason(owner: Any, prop: str, data_type: int) -> str | None:
    # Babylon.js assigns a Vector3/Vector2 to the property; Lite sets the existing leaf in
    # place. The two agree only when the leaf already is that class.
    leaf = lookup(owner, prop)
    if leaf is MISSING:
        return UNRESOLVED_BINDING
    get_class_name = getattr(owner, "getClassName", None)
    if prop in _BONE_RECOMPOSING and callable(get_class_name) and get_class_name() == "Bone":
        return SETTER_RECOMPOSES
    if data_type == Animation.ANIMATIONTYPE_VECTOR3 and not isinstance(leaf, Vector3):
        return NON_NATIVE_BINDING
    if data_type == Animation.ANIMATIONTYPE_VECTOR2 and not isinstance(leaf, Vector2):
        return NON_NATIVE_BINDING
    return None


def _keys_reason(keys: Sequence[Any], data_type: int) -> str | None:
    """The first reason the keys themselves give (in :func:`track_reason`'s order), or None."""
    return (
        _key_value_reason(keys, data_type)
        or _tangent_reason(keys)
        or _per_key_easing_reason(keys)
        or _mixed_interpolation_reason(keys, data_type)
        or _key_frame_reason(keys)
        or _sorted_keys_reason(keys)
        or _empty_key_range_reason(keys)
    )


#: Distinct clips kept per animation (a bound on the cache, never reached in practice).
_CLIPS_PER_ANIMATION: Final = 64


def _number_signature(value: object) -> object:
    # A number's type and value, with the sign of a zero (-0.0 == 0.0 but is written as -0).
    if isinstance(value, float):
        return (type(value), value, math.copysign(1.0, value))
    if isinstance(value, int):
        return (type(value), value)
    return (type(value), id(value))


def _value_signature(value: Any) -> object:
    # Everything the key checks and the compiled key read from a value: its type and numbers.
    if isinstance(value, int | float):
        return _number_signature(value)
    return (
        type(value),
        id(value),
        tuple(_number_signature(getattr(value, c, None)) for c in "xyzw"),
    )


def _signature(animation: Animation) -> tuple[object, ...]:
    """What :class:`_Analysis` depends on: name, path, type and each key's fields and numbers.

    Taken each time a track is planned; an equal signature means the cached analysis holds
    (NaN never compares equal, so a NaN key is simply analysed again).
    """
    keys = animation.getKeys()
    sig: list[object] = [animation.name, animation.targetProperty, animation.dataType, len(keys)]
    for key in keys:
        if isinstance(key, dict):
            get = key.get
            sig.append(
                (
                    _number_signature(get("frame")),
                    get("interpolation"),
                    get("inTangent") is None,
                    get("outTangent") is None,
                    id(get("easingFunction")),
                    _value_signature(get("value")),
                )
            )
        else:
            sig.append(
                (
                    type(key),
                    _number_signature(key_get(key, "frame")),
                    key_get(key, "interpolation"),
                    key_get(key, "inTangent") is None,
                    key_get(key, "outTangent") is None,
                    id(key_get(key, "easingFunction")),
                    _value_signature(key_get(key, "value")),
                )
            )
    return tuple(sig)


# ---------------------------------------------------------------------------------------------
# The batch sampler's keys (lite_compat/animations/batch.py)
# ---------------------------------------------------------------------------------------------


def _components(value: Any, names: str) -> list[float] | None:
    out: list[float] = []
    for name in names:
        number = js_number(getattr(value, name, None))
        if number is None:
            return None
        out.append(number)
    return out


def _batch_spec(animation: Animation, exact: bool = False) -> TrackSpec | None:
    """The batch sampler's compiled keys of ``animation``, or None when it cannot take them.

    Called on animations the planner already found native-capable (sorted float32 frames,
    finite values, no tangents, no per-key easing, one interpolation kind); this adds: LINEAR
    (not STEP) and a FLOAT/VECTOR2/VECTOR3/QUATERNION data type. ``exact``: key frames Lite's
    float32 times cannot hold; FLOAT/VEC keys are then kept and sampled in float64 as Babylon.js
    does (the compat evaluator's numbers), not rounded as Lite's.
    """
    data_type = animation.dataType
    keys = animation.getKeys()
    if len(keys) < 2:
        return None
    if any(key_get(k, "interpolation") == AnimationKeyInterpolation.STEP for k in keys[:-1]):
        return None
    rows: list[list[float]] = []
    frames = [float(key_get(k, "frame")) for k in keys]
    if data_type == Animation.ANIMATIONTYPE_QUATERNION:
        if _overridden(animation, "quaternionInterpolateFunction"):
            return None
        for key in keys:
            comps = _components(key_get(key, "value"), "xyzw")
            if comps is None:
                return None
            rows.append(comps)
        return TrackSpec(animation, QUAT, 4, frames, rows)
    if data_type == Animation.ANIMATIONTYPE_FLOAT:
        kind, names, stride = FLOAT, "", 1
    elif data_type == Animation.ANIMATIONTYPE_VECTOR3:
        kind, names, stride = VEC, "xyz", 3
    elif data_type == Animation.ANIMATIONTYPE_VECTOR2:
        kind, names, stride = VEC, "xy", 2
    else:
        return None
    for key in keys:
        value = key_get(key, "value")
        if kind == FLOAT:
            number = js_number(value)
            comps = None if number is None else [number]
        else:
            comps = _components(value, names)
        if comps is None:
            return None
        # Lite packs key values as float32: so does this sampler (the same numbers).
        rows.append(comps if exact else [float(np.float32(c)) for c in comps])
    return TrackSpec(animation, kind, stride, frames, rows, exact)


def _overridden(animation: Animation, name: str) -> bool:
    return name in getattr(animation, "__dict__", {}) or getattr(type(animation), name) is not (
        getattr(Animation, name)
    )


class _Analysis:
    """The per-:class:`Animation` half of planning, cached on the animation by signature.

    Many animatables play the same ``Animation`` objects (``node.animations`` shared by a
    crowd of nodes, a group's animations): its data-type and key reasons and its compiled
    track options are computed once per distinct key state, not once per track.
    """

    __slots__ = (
        "batch",
        "checked_pass",
        "clips",
        "data_type_reason",
        "keys_reason",
        "options",
        "signature",
    )

    def __init__(self, animation: Animation, signature: tuple[object, ...]) -> None:
        self.signature = signature
        self.checked_pass = -1
        #: Compiled clips whose first track is this animation: (name, analysis ids) -> clip.
        self.clips: dict[tuple[object, ...], tuple[tuple[_Analysis, ...], Any]] = {}
        self.data_type_reason = _data_type_reason(animation)
        self.keys_reason: str | None = None
        self.options: PropertyAnimationTrackOptions | None = None
        #: The batch sampler's compiled keys (None: Lite samples the track, or it falls back).
        self.batch = None
        if self.data_type_reason is None:
            self.keys_reason = _keys_reason(animation.getKeys(), animation.dataType)
            if self.keys_reason is None:
                self.batch = _batch_spec(animation)
                if animation.dataType != Animation.ANIMATIONTYPE_QUATERNION:
                    self.options = _animation_track_options(animation)
            elif self.keys_reason == KEY_FRAME_NOT_FLOAT32 and _exact_frames(animation.getKeys()):
                # Lite's float32 key times cannot hold these frames (a glTF loader's
                # ``time * 60``); compat's own sampler takes them with Babylon's arithmetic.
                self.batch = _batch_spec(animation, exact=True)
                if self.batch is not None:
                    self.keys_reason = None


#: The planning pass under way (-1 outside one): within a pass an animation's signature is
#: checked once (its track reason and its clip both need the analysis; no user code runs
#: between them).
_PASS: Final = [-1]
_PASSES: Final = itertools.count()


def _analysis(animation: Animation) -> _Analysis:
    cached = getattr(animation, "_litePlanAnalysis", None)
    if isinstance(cached, _Analysis) and _PASS[0] >= 0 and cached.checked_pass == _PASS[0]:
        return cached
    signature = _signature(animation)
    if isinstance(cached, _Analysis) and cached.signature == signature:
        cached.checked_pass = _PASS[0]
        return cached
    analysis = _Analysis(animation, signature)
    analysis.checked_pass = _PASS[0]
    # An Animation subclass with __slots__ simply gets no cache.
    with contextlib.suppress(AttributeError):
        animation._litePlanAnalysis = analysis  # type: ignore[attr-defined]
    return analysis


def track_reason(runtime: RuntimeAnimation, animatable: Animatable) -> str | None:
    """Why ``runtime`` cannot be native on its own (or None); overlap is checked separately."""
    animation = runtime._animation
    analysis = _analysis(animation)
    return (
        analysis.data_type_reason
        or _loop_mode_reason(runtime._animationState.loopMode)
        or _blending_reason(runtime._enableBlending)
        or analysis.keys_reason
        or _range_reason(
            runtime._minFrame, runtime._maxFrame, animatable.fromFrame, animatable.toFrame
        )
        or _binding_reason(runtime._directTarget, runtime._targetPath, animation.dataType)
    )


# ---------------------------------------------------------------------------------------------
# Overlapping paths (by resolved object identity)
# ---------------------------------------------------------------------------------------------


#: Exact types :func:`_object_id` answers None for without the isinstance test.
_ATOMIC_TYPES: Final = frozenset({int, float, str, bytes, bool, complex, type(None)})


def _object_id(leaf: object) -> int | None:
    """``id(leaf)`` for a leaf that is an object (not MISSING, None or a number or string)."""
    if type(leaf) in _ATOMIC_TYPES or leaf is MISSING:
        return None
    if isinstance(leaf, int | float | str | bytes | bool | complex):
        return None
    return id(leaf)


class _Chain:
    """The objects a track's path walks through, its leaf pair and the leaf's value.

    ``step_slots`` are the ``(id(owner), segment)`` pairs the walk reads before its leaf
    (``leaf_key`` is the leaf's own pair): a track whose leaf pair is one of another track's
    step slots animates an ancestor of that track's leaf.
    """

    __slots__ = ("leaf_key", "leaf_value_id", "owner_ids", "runtime", "step_slots")

    def __init__(self, runtime: RuntimeAnimation) -> None:
        self.runtime = runtime
        obj: Any = runtime._target
        parts = runtime._animation.targetPropertyPath
        if len(parts) == 1:
            # A property of the target itself (most tracks): no walk, no step slots.
            self.owner_ids: tuple[int, ...] = (id(obj),)
            self.step_slots: tuple[tuple[int, str], ...] = ()
            self.leaf_key = (id(obj), parts[0])
            leaf = lookup(obj, parts[0])
            self.leaf_value_id = _object_id(leaf)
            return
        owners: list[int] = []
        for part in parts[:-1]:
            owners.append(id(obj))
            obj = lookup(obj, part)
            if obj is MISSING:
                break
        owners.append(id(obj))
        # Tuples of numbers and strings: the garbage collector stops tracking them.
        self.owner_ids = tuple(owners)
        self.step_slots = tuple((owners[i], parts[i]) for i in range(len(owners) - 1))
        self.leaf_key = (id(obj), parts[-1])
        leaf = lookup(obj, parts[-1]) if obj is not MISSING else MISSING
        self.leaf_value_id = _object_id(leaf)


def _is_ancestor(ancestor: _Chain, chain: _Chain) -> bool:
    """Whether ``ancestor`` animates an object ``chain``'s path walks through (another leaf)."""
    return (
        ancestor is not chain
        and ancestor.leaf_value_id is not None
        and ancestor.leaf_value_id in chain.owner_ids
        and ancestor.leaf_key != chain.leaf_key
    )


def _overlaps(
    candidates: Sequence[RuntimeAnimation], others: Sequence[RuntimeAnimation]
) -> set[int]:
    """ids of runtimes (from both lists) whose paths are ancestor/descendant of another's."""
    return _chain_overlaps([_Chain(r) for r in (*candidates, *others)], {id(r) for r in candidates})


def _chain_overlaps(chains: Sequence[_Chain], candidate_ids: set[int]) -> set[int]:
    """:func:`_overlaps` on chains already built (one pass, hashed by leaf value)."""
    by_leaf_value: dict[int, list[_Chain]] = {}
    for chain in chains:
        if chain.leaf_value_id is not None:
            by_leaf_value.setdefault(chain.leaf_value_id, []).append(chain)
    hit: set[int] = set()
    for chain in chains:
        for owner_id in chain.owner_ids:
            for ancestor in by_leaf_value.get(owner_id, ()):
                if ancestor is chain or ancestor.leaf_key == chain.leaf_key:
                    continue
                # Only conflicts that involve a new track matter (older pairs were planned).
                if id(chain.runtime) in candidate_ids or id(ancestor.runtime) in candidate_ids:
                    hit.add(id(chain.runtime))
                    hit.add(id(ancestor.runtime))
    return hit


# A bucket of the index is one runtime id (an int: most buckets hold one, and an int is no
# object for the garbage collector to track) or a set of two or more.
_Bucket = int | set[int]


class OverlapIndex:
    """The paths of a scene's active tracks, hashed, kept as animatables start and stop.

    Planning a new track asks which active tracks of *other* animatables animate an ancestor or
    a descendant of its path (:func:`_is_ancestor`, by resolved object identity as before).
    Instead of walking every other track's path again, the index hashes each registered track
    by the objects and ``(owner, segment)`` slots of its path when it was last walked; a new
    track looks up only the buckets its own path names, and each track found there is walked
    again and checked against the same rule, so a stale entry can never make a conflict that
    the objects of now do not have. The cost of planning a track is therefore independent of
    how many tracks the scene plays.

    Entries are added lazily: a started animatable's runtimes are *pending* until the next
    planning, which walks them once (and, for the tracks being planned then, that walk is the
    one their plan uses). A scene whose active list was changed behind the index's back (its
    length no longer matches) is re-indexed from the list.

    Limitation: identity is refreshed when a track of this scene replaces its leaf object (the
    first write of a vector or quaternion track) and whenever a track is planned or found; an
    object replaced by user code between plannings is seen by the slot hash (same owner and
    segment) but not by a value alias through an unrelated property until one of those walks.
    """

    __slots__ = (
        "_by_leaf_slot",
        "_by_leaf_value",
        "_by_owner",
        "_by_step_slot",
        "_by_target",
        "_chains",
        "_host_of",
        "_members",
        "_pending",
        "_target_of",
        "_unplanned",
        "alone",
    )

    def __init__(self) -> None:
        self._members: dict[int, tuple[Animatable, set[int]]] = {}
        self._host_of: dict[int, int] = {}
        self._pending: dict[int, RuntimeAnimation] = {}
        self._chains: dict[int, _Chain] = {}
        self._by_leaf_value: dict[int, _Bucket] = {}
        self._by_owner: dict[int, _Bucket] = {}
        self._by_leaf_slot: dict[tuple[int, str], _Bucket] = {}
        self._by_step_slot: dict[tuple[int, str], _Bucket] = {}
        #: target id -> its one animatable, or a list of two or more (most targets have one).
        self._by_target: dict[int, Animatable | list[Animatable]] = {}
        self._target_of: dict[int, int] = {}
        #: Active animatables with runtimes not planned yet (candidates for :func:`plan_step`).
        self._unplanned: dict[int, Animatable] = {}
        #: ids of animatables that :func:`plan_step` found in a conflict: planned one by one.
        self.alone: set[int] = set()

    # -- membership ----------------------------------------------------------------------------

    def add_animatable(self, animatable: Animatable) -> None:
        """``animatable`` joined the active list: its runtimes become pending."""
        key = id(animatable)
        if key not in self._members:
            self._members[key] = (animatable, set())
            self._target_of[key] = id(animatable.target)
            key = id(animatable.target)
            held = self._by_target.get(key)
            if held is None:
                self._by_target[key] = animatable
            elif isinstance(held, list):
                held.append(animatable)
            else:
                self._by_target[key] = [held, animatable]
        for runtime in animatable._runtimeAnimations:
            self.add_runtime(animatable, runtime)

    def add_runtime(self, animatable: Animatable, runtime: RuntimeAnimation) -> None:
        """``runtime`` was appended to the active ``animatable`` (pending until planning)."""
        member = self._members.get(id(animatable))
        if member is None or member[0] is not animatable:
            return
        rid = id(runtime)
        member[1].add(rid)
        self._host_of[rid] = id(animatable)
        self._pending[rid] = runtime
        if rid not in animatable._planned:
            self._unplanned[id(animatable)] = animatable

    def remove_runtime(self, runtime: RuntimeAnimation) -> None:
        """``runtime`` left its animatable."""
        rid = id(runtime)
        host = self._host_of.pop(rid, None)
        if host is not None and host in self._members:
            self._members[host][1].discard(rid)
        self._pending.pop(rid, None)
        self._unregister(rid)

    def remove_runtimes_of(self, animatable: Animatable) -> None:
        """Every runtime of ``animatable`` left it (the animatable stays active)."""
        member = self._members.get(id(animatable))
        if member is None or member[0] is not animatable:
            return
        for rid in list(member[1]):
            self._host_of.pop(rid, None)
            self._pending.pop(rid, None)
            self._unregister(rid)
        member[1].clear()

    def remove_animatable(self, animatable: Animatable) -> None:
        """``animatable`` left the active list."""
        self.remove_runtimes_of(animatable)
        member = self._members.get(id(animatable))
        if member is not None and member[0] is animatable:
            del self._members[id(animatable)]
            self._unplanned.pop(id(animatable), None)
            self.alone.discard(id(animatable))
            key = self._target_of.pop(id(animatable))
            held = self._by_target[key]
            if not isinstance(held, list):
                if held is animatable:
                    del self._by_target[key]
            else:
                held[:] = [a for a in held if a is not animatable]
                if not held:
                    del self._by_target[key]

    def clear(self) -> None:
        """The active list was emptied."""
        for table in (
            self._members,
            self._host_of,
            self._pending,
            self._chains,
            self._by_leaf_value,
            self._by_owner,
            self._by_leaf_slot,
            self._by_step_slot,
            self._by_target,
            self._target_of,
            self._unplanned,
            self.alone,
        ):
            table.clear()

    def unplanned(self, active: Sequence[Animatable]) -> list[Animatable]:
        """The indexed animatables with runtimes not planned yet, in the order they started.

        Fully planned ones are dropped from the list as it is read (re-indexed first when
        ``active`` changed unseen, as :meth:`sync` does).
        """
        if len(self._members) != len(active):
            self.clear()
            for animatable in active:
                self.add_animatable(animatable)
        table = self._unplanned
        out: list[Animatable] = []
        for key, animatable in list(table.items()):
            if len(animatable._planned) >= len(animatable._runtimeAnimations):
                del table[key]
            else:
                out.append(animatable)
        return out

    def animatables_of(
        self, target: object, active: Sequence[Animatable]
    ) -> list[Animatable] | None:
        """The active animatables of ``target`` when the index knows them for sure, else None.

        None (scan the list) when the index is out of step with ``active``, when ``target`` has
        several animatables (their order is the active list's) or when an animatable's target
        was reassigned.
        """
        if len(self._members) != len(active):
            return None
        held = self._by_target.get(id(target))
        if held is None or (isinstance(held, list) and not held):
            return []
        one = held if not isinstance(held, list) else held[0] if len(held) == 1 else None
        if one is not None and one.target is target:
            return [one]
        return None

    def sync(self, active: Sequence[Animatable]) -> set[int]:
        """Walk the pending runtimes (re-index all if ``active`` changed unseen); ids walked."""
        if len(self._members) != len(active):
            self.clear()
            for animatable in active:
                self.add_animatable(animatable)
        built: set[int] = set()
        if self._pending:
            pending = list(self._pending.values())
            self._pending.clear()
            for runtime in pending:
                self._register(_Chain(runtime))
                built.add(id(runtime))
        return built

    def is_active(self, rid: int, exclude: set[int]) -> bool:
        """Whether runtime ``rid`` is indexed and its animatable is not in ``exclude``."""
        host = self._host_of.get(rid)
        return host is not None and host not in exclude and rid in self._chains

    def chain(self, runtime: RuntimeAnimation, fresh: set[int]) -> _Chain:
        """``runtime``'s chain walked now (the indexed one if walked by this planning)."""
        rid = id(runtime)
        chain = self._chains.get(rid)
        if chain is not None and rid in fresh and chain.runtime is runtime:
            return chain
        chain = _Chain(runtime)
        if rid in self._host_of:
            self._unregister(rid)
            self._pending.pop(rid, None)
            self._register(chain)
            fresh.add(rid)
        return chain

    def refresh(self, runtime: RuntimeAnimation) -> None:
        """``runtime`` replaced its leaf object: walk its path again."""
        rid = id(runtime)
        if rid in self._chains and self._chains[rid].runtime is runtime:
            self._unregister(rid)
            self._register(_Chain(runtime))

    def related(self, chain: _Chain) -> set[int]:
        """ids of indexed runtimes that may be ancestors or descendants of ``chain``."""
        found: set[int] = set()
        # (most buckets are absent: tested inline before the call)
        # Indexed tracks that animate an object this path walks through (ancestors) ...
        values = self._by_leaf_value
        for owner in chain.owner_ids:
            bucket = values.get(owner)
            if bucket is not None:
                _gather(found, bucket)
        if chain.step_slots:
            slots = self._by_leaf_slot
            for slot in chain.step_slots:
                bucket = slots.get(slot)
                if bucket is not None:
                    _gather(found, bucket)
        # ... and those walking through the object this track animates (descendants).
        if chain.leaf_value_id is not None:
            bucket = self._by_owner.get(chain.leaf_value_id)
            if bucket is not None:
                _gather(found, bucket)
        bucket = self._by_step_slot.get(chain.leaf_key)
        if bucket is not None:
            _gather(found, bucket)
        found.discard(id(chain.runtime))
        return found

    def runtime(self, rid: int) -> RuntimeAnimation:
        """The indexed runtime ``rid``."""
        return self._chains[rid].runtime

    # -- the hashes ----------------------------------------------------------------------------

    def _register(self, chain: _Chain) -> None:
        rid = id(chain.runtime)
        self._chains[rid] = chain
        # ``setdefault`` returns ``rid`` itself when the key was free (most keys): the
        # general :func:`_add` runs only for a key already held.
        if chain.leaf_value_id is not None:
            values = self._by_leaf_value
            if values.setdefault(chain.leaf_value_id, rid) is not rid:
                _add(values, chain.leaf_value_id, rid)
        owners = chain.owner_ids
        by_owner = self._by_owner
        for owner in owners if len(owners) == 1 else set(owners):
            if by_owner.setdefault(owner, rid) is not rid:
                _add(by_owner, owner, rid)
        slots = self._by_leaf_slot
        if slots.setdefault(chain.leaf_key, rid) is not rid:
            _add(slots, chain.leaf_key, rid)
        slots = self._by_step_slot
        for slot in chain.step_slots:
            if slots.setdefault(slot, rid) is not rid:
                _add(slots, slot, rid)

    def _unregister(self, rid: int) -> None:
        chain = self._chains.pop(rid, None)
        if chain is None:
            return
        if chain.leaf_value_id is not None:
            _discard(self._by_leaf_value, chain.leaf_value_id, rid)
        owners = chain.owner_ids
        for owner in owners if len(owners) == 1 else set(owners):
            _discard(self._by_owner, owner, rid)
        _discard(self._by_leaf_slot, chain.leaf_key, rid)
        for slot in chain.step_slots:
            _discard(self._by_step_slot, slot, rid)


def _add(table: dict[Any, _Bucket], key: Any, rid: int) -> None:
    bucket = table.get(key)
    if bucket is None:
        table[key] = rid
    elif isinstance(bucket, int):
        if bucket != rid:
            table[key] = {bucket, rid}
    else:
        bucket.add(rid)


def _discard(table: dict[Any, _Bucket], key: Any, rid: int) -> None:
    bucket = table.get(key)
    if bucket is None:
        return
    if isinstance(bucket, int):
        if bucket == rid:
            del table[key]
        return
    bucket.discard(rid)
    if not bucket:
        del table[key]


def _gather(found: set[int], bucket: _Bucket | None) -> None:
    if bucket is None:
        return
    if isinstance(bucket, int):
        found.add(bucket)
    else:
        found |= bucket


def overlap_index(scene: object) -> OverlapIndex | None:
    """The scene's :class:`OverlapIndex` (None for a scene-like object without one)."""
    index = getattr(scene, "_overlapIndex", None)
    return index if isinstance(index, OverlapIndex) else None


def _scene_overlaps(
    scene: Any,
    candidates: Sequence[RuntimeAnimation],
    batch_others: Sequence[RuntimeAnimation],
    batch_ids: set[int],
) -> tuple[set[int], list[RuntimeAnimation]]:
    """Overlaps of ``candidates`` with each other, ``batch_others`` and the scene's tracks.

    ``batch_ids`` are the animatables being planned (their tracks are ``candidates`` or
    ``batch_others``). Returns the ids of every runtime in a conflict with a candidate and the
    runtimes of other animatables among them.
    """
    index = overlap_index(scene)
    if index is None:
        others = _other_runtimes(scene, batch_ids)
        hit = _overlaps(candidates, [*others, *batch_others])
        return hit, [r for r in others if id(r) in hit]
    fresh = index.sync(scene._activeAnimatables)
    chains = [index.chain(r, fresh) for r in (*candidates, *batch_others)]
    hit = _chain_overlaps(chains, {id(r) for r in candidates})
    hit_others: list[RuntimeAnimation] = []
    for chain in chains[: len(candidates)]:
        for rid in index.related(chain):
            if not index.is_active(rid, batch_ids):
                continue
            other = index.chain(index.runtime(rid), fresh)
            if _is_ancestor(other, chain) or _is_ancestor(chain, other):
                hit.add(id(chain.runtime))
                if rid not in hit:
                    hit.add(rid)
                    hit_others.append(other.runtime)
    return hit, hit_others


# ---------------------------------------------------------------------------------------------
# Native groups
# ---------------------------------------------------------------------------------------------


def _native_keys(animation: Animation) -> list[dict[str, object]]:
    data_type = animation.dataType
    out: list[dict[str, object]] = []
    for key in animation.getKeys():
        comps = _key_components(key_get(key, "value"), data_type)
        assert comps is not None  # checked by _key_value_reason
        out.append(
            {"time": float(key_get(key, "frame")), "value": comps[0] if len(comps) == 1 else comps}
        )
    return out


def _easing_adapter(animation: Animation) -> Any:
    # Reads Animation.getEasingFunction() at sample time: replacing or clearing it is live.
    def ease(gradient: float) -> float:
        easing = animation.getEasingFunction()
        return float(easing.ease(gradient)) if easing else gradient

    return ease


def _animation_track_options(animation: Animation) -> PropertyAnimationTrackOptions:
    kinds = _segment_kinds(animation.getKeys(), animation.dataType)
    return {
        "path": animation.targetProperty,
        "keys": _native_keys(animation),  # type: ignore[typeddict-item]
        "interpolation": "step" if kinds == {"step"} else "linear",
        "quaternion": False,
        "easing": _easing_adapter(animation),
    }


def _build_binding(target: Any, runtimes: Sequence[RuntimeAnimation], name: str) -> PropertyBinding:
    """Compile ``runtimes``' keys into one clip (frame domain) and bind it to ``target``.

    The only place compat creates Lite state: :func:`lite.bind_property_clip` resolves the
    paths and chooses the writers once; there is no Lite group, manager or clock (compat owns
    Babylon's clock).

    Raises
    ------
    LiteError
        A path Lite cannot bind on ``target``.
    """
    return bind_property_clip(target, _clip(runtimes, name))


def _clip(runtimes: Sequence[RuntimeAnimation], name: str) -> Any:
    """The frame-domain clip of ``runtimes``' animations, compiled once per key state.

    A clip depends only on its animations (their analyses hold the compiled track options);
    nodes playing the same animations bind the same clip.
    """
    analyses = tuple(_analysis(r.animation) for r in runtimes)
    # Cached on the first animation's analysis (so it lives as long as that key state).
    clips = analyses[0].clips
    key = (name, *(id(a) for a in analyses))
    cached = clips.get(key)
    if cached is not None and all(x is y for x, y in zip(cached[0], analyses, strict=True)):
        return cached[1]
    options: list[PropertyAnimationTrackOptions] = []
    for runtime, analysis in zip(runtimes, analyses, strict=True):
        options.append(
            analysis.options
            if analysis.options is not None
            else _animation_track_options(runtime.animation)
        )
    clip = create_property_animation_clip(name, options, frame_rate=1.0)
    if len(clips) >= _CLIPS_PER_ANIMATION:
        clips.clear()
    clips[key] = (analyses, clip)
    return clip


class NativeGroup:
    """The native tracks of one animatable on one target, bound once to Lite.

    The clip is compiled in the frame domain (Lite time = frame). Each native track hands
    the binding Babylon's frame at its own turn in the step (between the same callbacks as in
    Babylon.js); Lite samples that one track there and writes it
    (:func:`lite.write_property_track`). The binding is used for nothing else: compat owns
    the clock, playing state and completion.
    """

    def __init__(
        self, animatable: Animatable, target: Any, runtimes: Sequence[RuntimeAnimation]
    ) -> None:
        self.animatable = animatable
        self.target = target
        self.runtimes = list(runtimes)
        self.binding = _build_binding(target, self.runtimes, _group_name(self.runtimes))
        self._index = {id(r): i for i, r in enumerate(self.runtimes)}
        self._owner_paths = {id(r): tuple(r._animation.targetPropertyPath[:-1]) for r in runtimes}
        for runtime in self.runtimes:
            runtime._native = self
            runtime._fallbackReason = None
            runtime._stateVersion = state.state_version(runtime._animation)

    def current(self, runtime: RuntimeAnimation) -> bool:
        """Whether ``runtime``'s compiled track applies now (see ``state.still_current``)."""
        return state.still_current(runtime, self._owner_paths[id(runtime)], self._recompile)

    def _recompile(self, runtime: RuntimeAnimation) -> bool:  # its keys changed: bind again?
        with contextlib.suppress(LiteError):
            if track_reason(runtime, self.animatable) is None:
                name = _group_name(self.runtimes)
                self.binding = _build_binding(self.target, self.runtimes, name)
                return True
        return False

    def _prepare_leaf(self, runtime: RuntimeAnimation) -> None:
        # Babylon.js's first write assigns a copy of the value as the property's object, later
        # writes update it and assign it back (state.assign_back): object identity matches.
        current = runtime._currentValue
        if current is not None:
            if runtime._native is self and type(current) in (Vector3, Vector2):
                state.assign_back(runtime._directTarget, runtime._targetPath, current)
            return
        if runtime.animation.dataType in (
            Animation.ANIMATIONTYPE_VECTOR3,
            Animation.ANIMATIONTYPE_VECTOR2,
        ):
            owner = runtime._directTarget
            leaf = lookup(owner, runtime._targetPath)
            if leaf is not MISSING:
                copy = clone(leaf)
                set_property(owner, runtime._targetPath, copy)
                runtime._currentValue = copy
                index = overlap_index(self.animatable._scene)
                if index is not None:
                    index.refresh(runtime)

    def write(self, runtime: RuntimeAnimation, frame: float) -> None:
        """Lite samples ``runtime``'s track at ``frame`` and writes it (at its own turn)."""
        self._prepare_leaf(runtime)
        write_property_track(self.binding, self._index[id(runtime)], float(frame))
        runtime._nativeFrame = frame
        runtime._currentActiveTarget = runtime._directTarget
        runtime._weight = -1.0
        mark = getattr(runtime._target, "markAsDirty", None)
        if callable(mark):
            mark(runtime.animation.targetProperty)

    def seek(self, runtime: RuntimeAnimation, frame: float) -> None:
        """Write ``runtime``'s value at ``frame`` now (``goToFrame``)."""
        self.write(runtime, frame)

    def remove(self, runtimes: Sequence[RuntimeAnimation]) -> None:
        """Take ``runtimes`` out of the group, rebinding the remaining tracks."""
        drop = {id(r) for r in runtimes}
        keep = [r for r in self.runtimes if id(r) not in drop]
        for runtime in self.runtimes:
            if id(runtime) in drop:
                runtime._native = None
        self.runtimes = keep
        if keep:
            self.binding = _build_binding(self.target, keep, _group_name(keep))
            self._index = {id(r): i for i, r in enumerate(keep)}
        elif self in self.animatable._nativeGroups:
            self.animatable._nativeGroups.remove(self)


def _group_name(runtimes: Sequence[RuntimeAnimation]) -> str:
    return "+".join(r.animation.name for r in runtimes)


def demote(runtimes: Sequence[RuntimeAnimation], reason: str) -> None:
    """Move native ``runtimes`` to the compat evaluator, recording ``reason``."""
    groups: dict[int, tuple[NativeGroup, list[RuntimeAnimation]]] = {}
    for runtime in runtimes:
        native = runtime._native
        if native is not None:
            groups.setdefault(id(native), (native, []))[1].append(runtime)
        runtime._fallbackReason = runtime._fallbackReason or reason
    for native, members in groups.values():
        native.remove(members)
        for runtime in members:
            runtime._fallbackReason = reason


batch.PLANNER[0] = (track_reason, lambda animation: _analysis(animation).batch)


def _bindable(target: Any, runtime: RuntimeAnimation) -> bool:
    try:
        _build_binding(target, [runtime], "probe")
    except LiteError:
        return False
    return True


def plan_animatable(animatable: Animatable, runtimes: Sequence[RuntimeAnimation]) -> None:
    """Decide the evaluator of each of ``runtimes`` (all of ``animatable``) and build groups."""
    outer = _PASS[0]
    _PASS[0] = next(_PASSES)
    try:
        _plan_animatable(animatable, runtimes)
    finally:
        _PASS[0] = outer


def _plan_animatable(animatable: Animatable, runtimes: Sequence[RuntimeAnimation]) -> None:
    if whole_call_reason(animatable, runtimes) is not None:
        _plan_members(animatable, runtimes, set(), [])
        return
    hit, hit_others = _scene_overlaps(animatable._scene, runtimes, (), {id(animatable)})
    _plan_members(animatable, runtimes, hit, hit_others)


def plan_animatables(animatables: Sequence[Animatable]) -> None:
    """Plan the unplanned tracks of several new animatables with one overlap pass.

    What :func:`plan_animatable` decides for each in turn, at the cost of one pass over the
    new tracks (an ``AnimationGroup`` starts one animatable per targeted animation).
    """
    outer = _PASS[0]
    _PASS[0] = next(_PASSES)
    try:
        _plan_animatables(animatables)
    finally:
        _PASS[0] = outer


def _plan_animatables(animatables: Sequence[Animatable]) -> None:
    batch: list[tuple[Animatable, list[RuntimeAnimation]]] = []
    for animatable in animatables:
        new = [r for r in animatable._runtimeAnimations if id(r) not in animatable._planned]
        if new:
            animatable._planned.update(id(r) for r in new)
            batch.append((animatable, new))
    if not batch:
        return
    scene = batch[0][0]._scene
    candidates = [
        r for animatable, new in batch if whole_call_reason(animatable, new) is None for r in new
    ]
    # Whole-call fallbacks of the batch still count as others (as when planned one by one).
    candidate_ids = {id(r) for r in candidates}
    batch_others = [r for _, new in batch for r in new if id(r) not in candidate_ids]
    hit: set[int] = set()
    if candidates:
        hit, hit_others = _scene_overlaps(
            scene, candidates, batch_others, {id(animatable) for animatable, _ in batch}
        )
        demote([r for r in hit_others if r._native is not None], OVERLAPPING_PATH)
    for animatable, new in batch:
        _plan_members(animatable, new, hit, ())


def plan_step(animatables: Sequence[Animatable]) -> bool:
    """Plan every unplanned track of ``animatables`` in one pass, if none overlaps any other.

    Called by a scene step for the animatables the step is about to start (the first of them
    steps now, the others later in the same step): a crowd's first frame is planned with one
    overlap pass and one analysis per distinct animation instead of one per animatable. When
    the pass finds any overlapping path, nothing is planned and False is returned: those
    animatables are then planned one by one at their own turn, exactly as before (a conflict
    can depend on the leaf objects an earlier animatable's first write replaces).

    The cyclic garbage collector is paused during the pass (it allocates only acyclic
    bookkeeping that stays alive with the animatables; without the pause a 10,000-node first
    frame spends about a third of its time in collections that find nothing) and restored
    exactly as it was, also on an error.
    """
    if not animatables:
        return False
    scene = animatables[0]._scene
    index = overlap_index(scene)
    if index is None:
        return False
    outer = _PASS[0]
    _PASS[0] = next(_PASSES)
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _plan_step(index, scene, animatables)
    finally:
        _PASS[0] = outer
        if collecting:
            gc.enable()


def _plan_step(index: OverlapIndex, scene: Any, animatables: Sequence[Animatable]) -> bool:
    batch: list[tuple[Animatable, list[RuntimeAnimation]]] = []
    for animatable in animatables:
        new = [r for r in animatable._runtimeAnimations if id(r) not in animatable._planned]
        if new:
            batch.append((animatable, new))
    if not batch:
        return False
    # A crowd shares its timing and animations: the whole-call reason is taken once per
    # distinct (timing, animations) in the pass (no user code runs inside it).
    seen: dict[tuple[object, ...], str | None] = {}
    wholes: list[str | None] = []
    for animatable, new in batch:
        start, end, speed = animatable.fromFrame, animatable.toFrame, animatable.speedRatio
        weight, additive = animatable.weight, animatable.isAdditive
        key = (
            type(start),
            start,
            type(end),
            end,
            type(speed),
            speed,
            type(weight),
            weight,
            type(additive),
            additive,
            isinstance(animatable.target, list),
            *[id(r._animation) for r in new],
        )
        if key in seen:
            wholes.append(seen[key])
        else:
            wholes.append(seen.setdefault(key, whole_call_reason(animatable, new)))
    candidates = [
        r for (_, new), whole in zip(batch, wholes, strict=True) if whole is None for r in new
    ]
    candidate_ids = {id(r) for r in candidates}
    batch_others = [r for _, new in batch for r in new if id(r) not in candidate_ids]
    if candidates:
        hit, _hit_others = _scene_overlaps(
            scene, candidates, batch_others, {id(animatable) for animatable, _ in batch}
        )
        if hit:
            index.alone.update(id(animatable) for animatable, _ in batch)
            return False
    no_hit: set[int] = set()
    for (animatable, new), whole in zip(batch, wholes, strict=True):
        animatable._planned.update(id(r) for r in new)
        _plan_members(animatable, new, no_hit, (), whole)
    return True


def _other_runtimes(scene: Any, exclude: set[int]) -> list[RuntimeAnimation]:
    return [
        r
        for other in scene._activeAnimatables
        if id(other) not in exclude
        for r in other._runtimeAnimations
    ]


def _plan_members(
    animatable: Animatable,
    runtimes: Sequence[RuntimeAnimation],
    hit: set[int],
    others: Sequence[RuntimeAnimation],
    whole: str | None | bool = True,
) -> None:
    # ``whole``: the whole-call reason when the caller has it (True: take it here).
    if not state.native_delegation_enabled():
        whole = state.NATIVE_DISABLED
    elif whole is True:
        whole = whole_call_reason(animatable, runtimes)
    if isinstance(whole, str):
        for runtime in runtimes:
            runtime._fallbackReason = whole
        return
    native: list[RuntimeAnimation] = []
    for runtime in runtimes:
        reason = track_reason(runtime, animatable)
        if reason is None:
            native.append(runtime)
        else:
            runtime._fallbackReason = reason
    if hit:
        for runtime in runtimes:
            if id(runtime) in hit:
                runtime._fallbackReason = runtime._fallbackReason or OVERLAPPING_PATH
        native = [r for r in native if id(r) not in hit]
        demote([r for r in others if id(r) in hit and r._native is not None], OVERLAPPING_PATH)
        # (plan_animatables demotes the other tracks once itself and passes no others)
    by_target: dict[int, tuple[Any, list[RuntimeAnimation]]] = {}
    batched: dict[int, tuple[Any, list[RuntimeAnimation], list[Any]]] = {}
    for runtime in native:
        spec = _analysis(runtime._animation).batch
        if spec is not None and batch_leaf_ok(runtime, spec):
            entry = batched.setdefault(id(runtime._target), (runtime._target, [], []))
            entry[1].append(runtime)
            entry[2].append(spec)
        elif runtime.animation.dataType == Animation.ANIMATIONTYPE_QUATERNION:
            runtime._fallbackReason = QUATERNION_SLERP_THRESHOLD
        elif spec is not None and spec.exact:
            # Keys only compat's sampler takes, on a leaf it cannot write.
            runtime._fallbackReason = KEY_FRAME_NOT_FLOAT32
        else:
            by_target.setdefault(id(runtime._target), (runtime._target, []))[1].append(runtime)
    for target, members, specs in batched.values():
        animatable._nativeGroups.append(BatchGroup(animatable, target, members, specs))
    for target, members in by_target.values():
        try:
            group = NativeGroup(animatable, target, members)
        except LiteError:
            ok = [r for r in members if _bindable(target, r)]
            for runtime in members:
                if runtime not in ok:
                    runtime._fallbackReason = UNRESOLVED_BINDING
            if not ok:
                continue
            group = NativeGroup(animatable, target, ok)
        animatable._nativeGroups.append(group)
