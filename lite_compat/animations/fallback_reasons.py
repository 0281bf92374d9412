"""The fallback reasons: why a track cannot be native, one function per reason.

Part of the compat delegation boundary (:mod:`~lite_compat.animations.delegation`): every
fallback decision is one function returning a reason code (``str``) or ``None``, so each can be
tested alone. The whole-call reasons look at one ``beginAnimation`` call (its timing, weight,
target), the per-track ones at one animation (its data type, loop mode, keys) and at the leaf
the track writes. :func:`~lite_compat.animations.track_analysis.track_reason` chains the
per-track reasons; overlapping paths are found by :mod:`~lite_compat.animations.overlaps`.

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
per-key-easing            a key easing function on a non-STEP segment, on a track compat's
                          own sampler cannot take either (as key-frame-not-float32)
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

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from lite_compat._js import js_number
from lite_compat.animations import state
from lite_compat.animations.animation import Animation, AnimationKeyInterpolation, key_get
from lite_compat.animations.property_paths import MISSING, lookup
from lite_compat.math import Vector2, Vector3

if TYPE_CHECKING:
    from lite_compat.animations.animatable import Animatable
    from lite_compat.animations.runtime_animation import RuntimeAnimation

__all__ = ["REASONS", "whole_call_reason"]

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


def whole_call_reason(
    animatable: Animatable, runtimes: Sequence[RuntimeAnimation], *, weighted: bool = False
) -> str | None:
    """Why none of ``runtimes`` can be native in ``animatable`` (or None); ``weighted``: leave
    the weight out (the batch's weighted rows, which blend through the late bindings)."""
    return (
        _no_animations_reason(runtimes)
        or _non_finite_timing_reason(
            animatable.fromFrame, animatable.toFrame, animatable.speedRatio
        )
        or _reverse_range_reason(animatable.fromFrame, animatable.toFrame)
        or _reverse_speed_reason(animatable.speedRatio)
        or _frame_rate_reason(runtimes)
        or _array_target_reason(animatable.target)
        or (None if weighted else _weighted_reason(animatable.weight))
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


def exact_keys(keys: Sequence[Any], data_type: int) -> bool:
    """Whether compat's own sampler can take keys Lite cannot (key easings, frames float32
    cannot hold): no value, tangent or mixed-interpolation reason, every frame finite, at
    least 0 and strictly increasing, and a non-empty range."""
    if (
        _key_value_reason(keys, data_type)
        or _tangent_reason(keys)
        or _mixed_interpolation_reason(keys, data_type)
    ):
        return False
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
