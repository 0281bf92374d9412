"""The per-animation half of planning: key signature, cached analysis, compiled keys.

Part of the compat delegation boundary (:mod:`~lite_compat.animations.delegation`). Many
animatables play the same ``Animation`` objects, so what planning needs from an animation (its
data-type and key reasons from :mod:`~lite_compat.animations.fallback_reasons`, the batch
sampler's compiled keys, Lite's track options) is computed once per distinct key state and
cached on the animation by a signature of its keys (:class:`_Analysis`).
:func:`track_reason` adds the per-runtime reasons (loop mode, blending, range, binding).
"""

from __future__ import annotations

import contextlib
import itertools
import math
from array import array
from itertools import chain
from operator import attrgetter, gt, is_, ne
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from lite_compat._js import js_number
from lite_compat.animations.animation import Animation, AnimationKeyInterpolation, key_get
from lite_compat.animations.batch import FLOAT, QUAT, VEC, TrackSpec
from lite_compat.animations.batch_sampling import BASE_EASING_GETTER
from lite_compat.animations.fallback_reasons import (
    KEY_FRAME_NOT_FLOAT32,
    PER_KEY_EASING,
    _binding_reason,
    _blending_reason,
    _data_type_reason,
    _key_components,
    _keys_reason,
    _loop_mode_reason,
    _range_reason,
    _segment_kinds,
    exact_keys,
)
from lite_compat.animations.object_words import WordGuard, class_word
from lite_compat.math import Quaternion, Vector2, Vector3

if TYPE_CHECKING:
    from collections.abc import Sequence

    # The compiled options' type only: compat calls ``lite`` in delegation.py alone.
    from lite import PropertyAnimationTrackOptions
    from lite_compat.animations.animatable import Animatable
    from lite_compat.animations.runtime_animation import RuntimeAnimation

__all__ = ["track_reason"]

# The batched rows read each animation's easing as the attribute Animation's getter returns.
BASE_EASING_GETTER[0] = Animation.getEasingFunction


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
    (NaN never compares equal, so a NaN key is simply analysed again). Plain keys
    (:func:`_plain_signature`) have a flat signature, which also carries what
    :func:`_plain_spec` compiles.
    """
    plain = _plain_signature(animation)
    if plain is not None:
        return plain
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


#: Key reasons compat's own sampler lifts (:func:`_batch_spec` with ``exact``).
_EXACT_ONLY: Final = frozenset({KEY_FRAME_NOT_FLOAT32, PER_KEY_EASING})


def _batch_spec(animation: Animation, exact: bool = False) -> TrackSpec | None:
    """The batch sampler's compiled keys of ``animation``, or None when it cannot take them.

    Called on animations the planner already found native-capable (sorted float32 frames,
    finite values, no tangents, no per-key easing, one interpolation kind); this adds: LINEAR
    (not STEP) and a FLOAT/VECTOR2/VECTOR3/QUATERNION data type. ``exact``: key frames Lite's
    float32 times cannot hold; FLOAT/VEC keys are then kept and sampled in float64 as Babylon.js
    does (the compat evaluator's numbers), not rounded as Lite's, and key easings are kept.
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
        return TrackSpec(animation, QUAT, 4, frames, rows, exact, _key_easings(keys))
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
    return TrackSpec(animation, kind, stride, frames, rows, exact, _key_easings(keys))


#: The value class and component getter of each vector data type (exact classes).
_PLAIN_VALUES: Final[dict[int, tuple[type, Any, int]]] = {
    Animation.ANIMATIONTYPE_VECTOR2: (Vector2, attrgetter("x", "y"), 2),
    Animation.ANIMATIONTYPE_VECTOR3: (Vector3, attrgetter("x", "y", "z"), 3),
    Animation.ANIMATIONTYPE_QUATERNION: (Quaternion, attrgetter("x", "y", "z", "w"), 4),
}
_FLOAT32_MAX: Final = float(np.finfo(np.float32).max)
#: Integers up to this magnitude are float32 numbers exactly.
_EXACT_INT: Final = 1 << 24
_NUMBERS: Final = frozenset({int, float})


#: The first element of a plain signature (:func:`_plain_signature`).
_PLAIN: Final = object()


def _plain_signature(animation: Animation) -> tuple[object, ...] | None:
    """The signature of plain keys, or None: every key a dict with no interpolation, easing
    or tangents, every frame an int or a float, every value a number (FLOAT) or the data
    type's exact vector class. Flat, taken in one pass: the marker, name, path, data type,
    the frames, their types, the value objects (vectors; held, and compared by identity),
    the values' numbers (a
    vector's components in order), their types and signs (``-0.0 == 0.0``). As
    discriminating as the general form, and never equal to it."""
    keys = animation.getKeys()
    if type(keys) is not list or len(keys) < 2:
        return None
    data_type = animation.dataType
    if data_type == Animation.ANIMATIONTYPE_FLOAT:
        cls: type | None = None
        components: Any = None
    else:
        entry = _PLAIN_VALUES.get(data_type)
        if entry is None:
            return None
        cls, components, _ = entry
    frames: list[Any] = []
    values: list[Any] = []
    flat: list[Any] = []
    for key in keys:
        if type(key) is not dict:
            return None
        get = key.get
        if len(key) != 2 and (
            get("interpolation") is not None
            or get("easingFunction") is not None
            or get("inTangent") is not None
            or get("outTangent") is not None
        ):
            return None
        frames.append(get("frame"))
        value = get("value")
        if cls is None:
            flat.append(value)
        elif type(value) is cls:
            values.append(value)
            flat.extend(components(value))
        else:
            return None
    frame_types = tuple(map(type, frames))
    if not set(frame_types) <= _NUMBERS:
        return None
    flat_types = tuple(map(type, flat))
    if not set(flat_types) <= _NUMBERS:
        return None
    return (
        _PLAIN,
        animation.name,
        animation.targetProperty,
        data_type,
        tuple(frames),
        frame_types,
        _signs(frames, frame_types),
        tuple(values),  # (compared by identity: the vector classes have no __eq__)
        tuple(flat),
        flat_types,
        _signs(flat, flat_types),
    )


def _signs(numbers: list[Any], types: tuple[type, ...]) -> tuple[float, ...]:
    # The sign of each float (of a zero too); 0.0 for an int (which may be past the doubles).
    if int not in types:
        return tuple(map(math.copysign, itertools.repeat(1.0), numbers))
    return tuple(
        math.copysign(1.0, x) if t is float else 0.0 for x, t in zip(numbers, types, strict=True)
    )


def _plain_spec(animation: Animation, signature: tuple[Any, ...]) -> TrackSpec | None:
    """:func:`_batch_spec` of plain keys (``signature`` is their :func:`_plain_signature`):
    when every frame is one float32 holds, non-negative, non-decreasing and not all zero, and
    every number finite within float32's range, those keys give no key reason
    (:func:`_keys_reason`) and this is the spec the general path compiles for them, made with
    fewer calls (one float32 conversion of the whole track). None where any check fails:
    the general path then decides (and finds the reason). Many nodes with their own
    animations are planned through here."""
    data_type = signature[3]
    if int in signature[5]:
        for raw, kind in zip(signature[4], signature[5], strict=True):
            if kind is int and not 0 <= raw <= _EXACT_INT:
                return None
    frames = list(map(float, signature[4]))
    flat = signature[8]
    # In range, NaN excluded (min/max do not see a NaN reliably: it is looked for first, as
    # the number unequal to itself; ints too large for a double compare exactly).
    if any(map(ne, frames, frames)) or not 0.0 <= min(frames) <= max(frames) <= _FLOAT32_MAX:
        return None
    if any(map(ne, flat, flat)) or not (min(flat) >= -_FLOAT32_MAX and max(flat) <= _FLOAT32_MAX):
        return None
    if array("f", frames).tolist() != frames:
        return None
    if any(map(gt, frames, frames[1:])) or max(frames) <= 0:
        return None
    if data_type == Animation.ANIMATIONTYPE_QUATERNION:
        if _overridden(animation, "quaternionInterpolateFunction"):
            return None
        numbers = iter(list(map(float, flat)))
        rows = tuple(zip(numbers, numbers, numbers, numbers, strict=True))
        return TrackSpec(animation, QUAT, 4, frames, rows, False, None)
    # Lite packs key values as float32: so does this sampler (the same numbers).
    packed = iter(array("f", map(float, flat)).tolist())
    if data_type == Animation.ANIMATIONTYPE_FLOAT:
        return TrackSpec(animation, FLOAT, 1, frames, tuple(zip(packed)), False, None)
    stride = _PLAIN_VALUES[data_type][2]
    rows = tuple(zip(*[packed] * stride, strict=True))
    return TrackSpec(animation, VEC, stride, frames, rows, False, None)


def _key_easings(keys: Sequence[Any]) -> list[Any] | None:
    """Each segment's start-key easing, or None when no segment has one."""
    easings = [key_get(k, "easingFunction") or None for k in keys[:-1]]
    return easings if any(e is not None for e in easings) else None


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
        "exact_reason",
        "keys_reason",
        "guard",
        "ident",
        "ident_read",
        "options",
        "signature",
    )

    def __init__(
        self,
        animation: Animation,
        signature: tuple[object, ...],
        plain_spec: TrackSpec | None = None,
    ) -> None:
        # ``plain_spec``: the :func:`_plain_spec` of a plain signature, when the caller made
        # it already (:mod:`~lite_compat.animations.track_bulk`, many animations at once).
        self.signature = signature
        #: The objects the signature was read from (:func:`_identity`), or None.
        self.ident: list[object] | None = None
        #: The words of :attr:`ident`'s objects (:func:`_ident_guard`), or None.
        self.guard: WordGuard | None = None
        #: Identity list entries read for this analysis so far (the guard is made once they
        #: outweigh making it: ``_GUARD_AFTER``).
        self.ident_read = 0
        self.checked_pass = -1
        #: Compiled clips whose first track is this animation: (name, analysis ids) -> clip
        #: (made with the first).
        self.clips: dict[tuple[object, ...], tuple[tuple[_Analysis, ...], Any]] | None = None
        self.data_type_reason = _data_type_reason(animation)
        self.keys_reason: str | None = None
        #: The keys' reason when only compat's sampler can take them (its batch spec is exact).
        self.exact_reason: str | None = None
        self.options: PropertyAnimationTrackOptions | None = None
        #: The batch sampler's compiled keys (None: Lite samples the track, or it falls back).
        self.batch = None
        if self.data_type_reason is None:
            # Lite's track options are compiled when a clip needs them (delegation._clip).
            if signature[0] is _PLAIN:
                self.batch = (
                    plain_spec if plain_spec is not None else _plain_spec(animation, signature)
                )
                if self.batch is not None:
                    return
            self.keys_reason = _keys_reason(animation.getKeys(), animation.dataType)
            if self.keys_reason is None:
                self.batch = _batch_spec(animation)
            elif self.keys_reason in _EXACT_ONLY and exact_keys(
                animation.getKeys(), animation.dataType
            ):
                # Keys Lite cannot take (frames its float32 key times cannot hold, as a glTF
                # loader's ``time * 60``; key easings): compat's own sampler takes them with
                # Babylon's arithmetic. Where it cannot write the leaf, this reason stays.
                self.batch = _batch_spec(animation, exact=True)
                if self.batch is not None:
                    self.exact_reason = self.keys_reason
                    self.keys_reason = None


#: The planning pass under way (-1 outside one): within a pass an animation's signature is
#: checked once (its track reason and its clip both need the analysis; no user code runs
#: between them).
_PASS: Final = [-1]
_PASSES: Final = itertools.count()


#: ``{dict}``: keys that are all exactly dicts (a superset test of their types).
_DICT_ONLY: Final = frozenset({dict})


def _identity(animation: Animation) -> list[object] | None:
    """Every object :func:`_signature` reads, for an identity check (None: a key is not a
    plain dict). The same objects (held here, so no id is reused) give the same signature:
    a clone's ``start`` re-plans the shared animations without re-reading every key."""
    keys = animation.getKeys()
    if type(keys) is not list or not _DICT_ONLY.issuperset(map(type, keys)):
        return None
    ident: list[object] = [animation.name, animation.targetProperty, animation.dataType, keys]
    ident.extend(keys)
    ident.extend(chain.from_iterable(map(dict.keys, keys)))
    values = list(chain.from_iterable(map(dict.values, keys)))
    ident.extend(values)
    for value in values:
        kind = type(value)
        if kind is not float and kind is not int and value is not None:
            ident.append(getattr(value, "x", None))
            ident.append(getattr(value, "y", None))
            ident.append(getattr(value, "z", None))
            ident.append(getattr(value, "w", None))
    return ident


#: Key value classes whose components :func:`_ident_guard` watches through their slot words
#: (exact classes; the components :func:`_identity` reads that a class has no slot for are
#: None on every instance of it).
_GUARDED_VALUES: Final[dict[type, tuple[str, ...]]] = {
    Vector2: ("x", "y"),
    Vector3: ("x", "y", "z"),
    Quaternion: ("x", "y", "z", "w"),
}


#: Identity list entries an analysis reads (re-planned again and again: a crowd of clones
#: starting the same animations) before its guard is made; making one costs about as much as
#: reading a few thousand entries, and a few keys re-planned now and then never pay it.
_GUARD_AFTER: Final = 4096


def _ident_guard(ident: list[object] | None) -> WordGuard | None:
    """The :class:`~lite_compat.animations.object_words.WordGuard` of the objects an
    :func:`_identity` list (taken now) was read from, or None where they cannot be watched so.

    Its words are the key list's size and items, each key dict's version tag (any field
    inserted, deleted or given another object), each key value's class word and component
    slots (a component given another object): while they all read the same, a new identity
    list would hold the same objects, without reading every key again (a crowd of clones
    starting the same animations). The animation's name, path, data type and key list are
    compared by identity beside it (``_analysis``)."""
    if ident is None:
        return None
    keys: list[dict[str, Any]] = ident[3]  # type: ignore[assignment]
    by_class: dict[type, list[Any]] = {}
    values: list[Any] = []
    for key in keys:
        value = key.get("value")
        kind = type(value)
        if kind is float or kind is int or value is None:
            continue
        if kind not in _GUARDED_VALUES:
            return None
        by_class.setdefault(kind, []).append(value)
        values.append(value)
    members = [
        (objects, name) for kind, objects in by_class.items() for name in _GUARDED_VALUES[kind]
    ]
    return WordGuard.build(members, keys, [keys], list(map(class_word, values)), list(by_class))


def _analysis(animation: Animation) -> _Analysis:
    cached = getattr(animation, "_litePlanAnalysis", None)
    if isinstance(cached, _Analysis) and _PASS[0] >= 0 and cached.checked_pass == _PASS[0]:
        return cached
    if not isinstance(cached, _Analysis):
        signature = _signature(animation)
        analysis = _Analysis(animation, signature)
        analysis.checked_pass = _PASS[0]
        # The first analysis of plain keys keeps no identity list (it pays off only when
        # the animation is planned again: a clone's start, a kind admitted again; the next
        # call takes it). The plain signature holds the value objects it names, so no id
        # in it is reused meanwhile; other signatures hold ids, so their objects are held.
        if signature[0] is not _PLAIN:
            analysis.ident = _identity(animation)
        with contextlib.suppress(AttributeError):
            animation._litePlanAnalysis = analysis  # type: ignore[attr-defined]
        return analysis
    before = cached.ident
    guard = cached.guard
    if guard is not None:
        assert before is not None  # (a guard is made of the identity list it keeps)
        if (
            animation.name is before[0]
            and animation.targetProperty is before[1]
            and animation.dataType is before[2]
            and animation.getKeys() is before[3]
            and guard.unchanged()
        ):
            # Every word the identity list's objects were read from is unchanged: a new
            # identity list would hold the same objects.
            cached.checked_pass = _PASS[0]
            return cached
        cached.guard = None
        cached.ident_read = 0
    ident = _identity(animation)
    if (
        ident is not None
        and before is not None
        and len(ident) == len(before)
        and all(map(is_, ident, before))
    ):
        cached.checked_pass = _PASS[0]
        cached.ident_read += len(ident)
        if cached.ident_read >= _GUARD_AFTER:
            cached.guard = _ident_guard(ident)
        return cached
    signature = _signature(animation)
    if cached.signature == signature:
        cached.checked_pass = _PASS[0]
        cached.ident = ident
        cached.guard = None
        cached.ident_read = 0
        return cached
    analysis = _Analysis(animation, signature)
    analysis.ident = ident
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
# Lite's track options (compiled into a clip by delegation.py)
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
