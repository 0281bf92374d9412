"""Property animation clips and their binding to Python objects.

Port of src/animation/property-animation.ts.

A *clip* (:class:`PropertyAnimationClip`) is reusable and target-independent: each track's
keys are sorted and packed once into an :class:`~lite.types.AnimationSampler`. A *group*
(:func:`create_property_animation_group`) binds a clip to one target: every dotted path is
validated at creation and turned into a writer chosen once (scalar attribute, Mapping key,
``set(...)`` method, x/y/z/w components, or an in-place sequence/array write).

Writers re-resolve the leaf owner from the root before each write, so replacing an
intermediate object during playback (``target.position = Vector3(...)`` while ``position.x``
animates) redirects later writes to the replacement. Vector writers cache the leaf object and
rebuild themselves only when its identity changes.
"""

from __future__ import annotations

import math
import sys
from array import array
from collections.abc import Callable, Mapping, MutableMapping, MutableSequence, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal, NotRequired, TypedDict

import numpy as np

from lite.animation_group import AnimationGroup, TargetedAnimation, play_animation
from lite.constants import DEFAULT_FRAME_RATE, INTERP_LINEAR, INTERP_STEP
from lite.errors import AnimationPathError, AnimationStateError, KeyframeError, finite_real
from lite.evaluate import evaluate_property_sampler
from lite.types import AnimationSampler

if TYPE_CHECKING:
    from lite.manager import AnimationManager
    from lite.mask import AnimationGroupMask
    from lite.types import AnimationEasing

__all__ = [
    "AnimationKeyframe",
    "PropertyAnimationClip",
    "PropertyAnimationTrack",
    "PropertyAnimationTrackOptions",
    "PropertyRuntimeTrack",
    "create_property_animation_clip",
    "create_property_animation_group",
    "write_property_track",
]

AnimationKeyframeValue = float | Sequence[float]
PropertyAnimationInterpolation = Literal["linear", "step"]
#: Writes the first ``stride`` values of a float32 scratch array into the bound property.
#: A float32 scratch buffer: ``array("f")`` on the hot path (numpy float32 arrays also work).
Scratch = MutableSequence[float]
PropertyWriter = Callable[[Scratch], None]
#: Returns the current (owner, property) pair of a binding, re-resolved from the root.
OwnerResolver = Callable[[], tuple[object, str]]

_KEY_FIELDS = frozenset({"time", "frame", "value"})
_TRACK_FIELDS = frozenset({"path", "keys", "frame_rate", "interpolation", "quaternion", "easing"})
_TRACK_ALIASES = {"frameRate": "frame_rate"}
_COMPONENTS = "xyzw"
#: Smallest magnitude that rounds to infinity when stored as float32 (2**128 - 2**103):
#: key times and values at or beyond it would become inf in the packed sampler.
_F32_OVERFLOW = 2.0**128 - 2.0**103
#: Largest finite double: a playback time that overflows is held here so it stays finite.
_MAX_TIME = sys.float_info.max


class AnimationKeyframe(TypedDict, total=False):
    """One key: exactly one of ``time`` (seconds) or ``frame``, and a ``value``."""

    time: float
    frame: float
    value: AnimationKeyframeValue


class PropertyAnimationTrackOptions(TypedDict):
    """One animated property: a dotted ``path`` and its ``keys``."""

    path: str
    keys: Sequence[AnimationKeyframe]
    frame_rate: NotRequired[float]
    interpolation: NotRequired[PropertyAnimationInterpolation]
    quaternion: NotRequired[bool]
    easing: NotRequired[AnimationEasing | None]


@dataclass(frozen=True, slots=True)
class PropertyAnimationTrack:
    """A compiled track: packed sampler plus what is needed to evaluate and write it."""

    path: str
    sampler: AnimationSampler
    stride: int
    quaternion: bool
    easing: AnimationEasing | None = None


@dataclass(frozen=True, slots=True)
class PropertyAnimationClip:
    """A reusable set of compiled tracks; ``duration`` is the latest key time (seconds)."""

    name: str
    tracks: tuple[PropertyAnimationTrack, ...]
    duration: float
    frame_rate: float


@dataclass(slots=True, eq=False)
class PropertyRuntimeTrack:
    """A track bound to one target (owned by its group)."""

    sampler: AnimationSampler
    stride: int
    quaternion: bool
    easing: AnimationEasing | None
    writer: PropertyWriter
    resolve_owner: OwnerResolver
    path: str
    mix_property: str = field(default="")


# ---------------------------------------------------------------------------------------------
# Clip compilation
# ---------------------------------------------------------------------------------------------


def _is_number(value: object) -> bool:
    return isinstance(value, int | float | np.integer | np.floating) and not isinstance(value, bool)


def _check_frame_rate(value: object, where: str) -> float:
    number = finite_real(value)
    if number is None or number <= 0.0:
        raise KeyframeError(
            "LITE-ANIM-006",
            f"{where} must be a finite positive number, got {value!r}",
            hint="use frames per second such as 30 or 60",
            input_name=where,
        )
    return number


def _key_time(key: Mapping[str, object], frame_rate: float, path: str, index: int) -> float:
    has_time = key.get("time") is not None
    has_frame = key.get("frame") is not None
    if has_time == has_frame:
        raise KeyframeError(
            "LITE-ANIM-004",
            f"track {path!r}: key {index} must give exactly one of 'time' or 'frame'",
            hint="write {'frame': 10, 'value': ...} or {'time': 0.5, 'value': ...}",
            input_name=f"{path}.keys[{index}]",
        )
    raw = key["time"] if has_time else key["frame"]
    if not _is_number(raw):
        raise KeyframeError(
            "LITE-ANIM-003",
            f"track {path!r}: key {index} {'time' if has_time else 'frame'} must be a number, "
            f"got {raw!r}",
            hint="key times are seconds, frames are numbers converted with frame_rate",
            input_name=f"{path}.keys[{index}]",
        )
    number = finite_real(raw)
    time = math.nan if number is None else (number if has_time else number / frame_rate)
    if not (time >= 0.0) or time >= _F32_OVERFLOW:
        raise KeyframeError(
            "LITE-ANIM-003",
            f"track {path!r}: key {index} {'time' if has_time else 'frame'} {raw!r} gives "
            f"t={time!r} s; key times must be finite float32 values >= 0",
            hint="shift the keys so the first one is at 0 or later",
            input_name=f"{path}.keys[{index}]",
        )
    return time


def _key_values(value: object, path: str, index: int, stride: int | None) -> list[float]:
    if _is_number(value):
        values = [_as_float(value)]
    elif isinstance(value, Sequence | np.ndarray) and not isinstance(value, str | bytes):
        seq = list(np.asarray(value).reshape(-1)) if isinstance(value, np.ndarray) else value
        if not all(_is_number(v) for v in seq):
            raise KeyframeError(
                "LITE-ANIM-005",
                f"track {path!r}: key {index} value must be a number or a sequence of numbers, "
                f"got {value!r}",
                hint="use a float, or a list like [x, y, z]",
                input_name=f"{path}.keys[{index}].value",
            )
        values = [_as_float(v) for v in seq]
    else:
        raise KeyframeError(
            "LITE-ANIM-005",
            f"track {path!r}: key {index} value must be a number or a sequence of numbers, "
            f"got {type(value).__name__}",
            hint="use a float, or a list like [x, y, z] (convert vector objects first)",
            input_name=f"{path}.keys[{index}].value",
        )
    if stride is not None and len(values) != stride:
        raise KeyframeError(
            "LITE-ANIM-005",
            f"track {path!r}: key {index} has {len(values)} values, expected {stride} "
            "(the first key's size)",
            hint="every key of a track must have the same number of components",
            input_name=f"{path}.keys[{index}].value",
        )
    if len(values) == 0:
        raise KeyframeError(
            "LITE-ANIM-005",
            f"track {path!r}: key {index} value is empty",
            hint="give at least one component",
            input_name=f"{path}.keys[{index}].value",
        )
    for v in values:
        if not abs(v) < _F32_OVERFLOW:
            raise KeyframeError(
                "LITE-ANIM-009",
                f"track {path!r}: key {index} value {value!r} is not finite (as float32)",
                hint="replace NaN/inf key values with numbers within float32 range (3.4e38)",
                input_name=f"{path}.keys[{index}].value",
            )
    return values


def _as_float(value: object) -> float:
    """A real number as a float; ints too large for a float become inf (rejected later)."""
    try:
        return float(value)  # type: ignore[arg-type]
    except OverflowError:
        return math.inf


def _compile_track(
    track: Mapping[str, object], index: int, clip_frame_rate: float
) -> PropertyAnimationTrack:
    if not isinstance(track, Mapping):
        raise KeyframeError(
            "LITE-ANIM-008",
            f"tracks[{index}] must be a dict with 'path' and 'keys', got {type(track).__name__}",
            hint="write {'path': 'position.x', 'keys': [...]}",
            input_name=f"tracks[{index}]",
        )
    for name in track:
        if name not in _TRACK_FIELDS and name not in _TRACK_ALIASES:
            raise KeyframeError(
                "LITE-ANIM-008",
                f"tracks[{index}] has an unknown field {name!r}",
                hint=f"allowed fields: {', '.join(sorted(_TRACK_FIELDS))}",
                input_name=f"tracks[{index}].{name}",
            )
    path = track.get("path")
    if not isinstance(path, str) or not path or any(p == "" for p in path.split(".")):
        raise AnimationPathError(
            "LITE-PATH-001",
            f"tracks[{index}] path must be a non-empty dotted string, got {path!r}",
            hint="write a path like 'position.x' or 'rotationQuaternion'",
            input_name=f"tracks[{index}].path",
        )
    raw_rate = track.get("frame_rate", track.get("frameRate"))
    frame_rate = (
        clip_frame_rate
        if raw_rate is None
        else _check_frame_rate(raw_rate, f"track {path!r} frame_rate")
    )
    keys = track.get("keys")
    if not isinstance(keys, Sequence) or isinstance(keys, str) or len(keys) == 0:
        raise KeyframeError(
            "LITE-ANIM-002",
            f"track {path!r} needs at least one key, got {keys!r}",
            hint="give a list of {'frame': ..., 'value': ...} dicts",
            input_name=f"{path}.keys",
        )
    interp_name = track.get("interpolation", "linear")
    if interp_name not in ("linear", "step"):
        raise KeyframeError(
            "LITE-ANIM-007",
            f"track {path!r}: unknown interpolation {interp_name!r}",
            hint="use 'linear' or 'step'",
            input_name=f"{path}.interpolation",
        )
    easing = track.get("easing")
    if easing is not None and not callable(easing):
        raise KeyframeError(
            "LITE-ANIM-011",
            f"track {path!r}: easing must be a callable float -> float, got {easing!r}",
            hint="pass e.g. lite.sine_ease or lite.create_back_ease(1.5)",
            input_name=f"{path}.easing",
        )
    quaternion_flag = track.get("quaternion")
    if quaternion_flag is not None and not isinstance(quaternion_flag, bool):
        raise KeyframeError(
            "LITE-ANIM-008",
            f"track {path!r}: quaternion must be True or False, got {quaternion_flag!r}",
            hint="omit it to infer from paths ending in 'rotationQuaternion'",
            input_name=f"{path}.quaternion",
        )

    timed: list[tuple[float, list[float]]] = []
    stride: int | None = None
    for k, key in enumerate(keys):
        if not isinstance(key, Mapping):
            raise KeyframeError(
                "LITE-ANIM-008",
                f"track {path!r}: key {k} must be a dict, got {type(key).__name__}",
                hint="write {'frame': 0, 'value': 1.0}",
                input_name=f"{path}.keys[{k}]",
            )
        for name in key:
            if name not in _KEY_FIELDS:
                raise KeyframeError(
                    "LITE-ANIM-008",
                    f"track {path!r}: key {k} has an unknown field {name!r}",
                    hint="a key has 'time' or 'frame', and 'value'",
                    input_name=f"{path}.keys[{k}].{name}",
                )
        if "value" not in key:
            raise KeyframeError(
                "LITE-ANIM-005",
                f"track {path!r}: key {k} has no 'value'",
                hint="add 'value': a number or a list of numbers",
                input_name=f"{path}.keys[{k}]",
            )
        time = _key_time(key, frame_rate, path, k)
        values = _key_values(key["value"], path, k, stride)
        stride = len(values)
        timed.append((time, values))
    assert stride is not None  # at least one key was compiled above
    # Stable sort by time, as Array.prototype.sort is stable in JavaScript.
    timed.sort(key=lambda item: item[0])
    times = np.array([t for t, _ in timed], dtype=np.float32)
    packed = np.array([v for _, vals in timed for v in vals], dtype=np.float32)
    sampler = AnimationSampler(
        times, packed, INTERP_STEP if interp_name == "step" else INTERP_LINEAR
    )
    is_quat = (
        quaternion_flag is True
        or path == "rotationQuaternion"
        or path.endswith(".rotationQuaternion")
    )
    return PropertyAnimationTrack(
        path=path,
        sampler=sampler,
        stride=stride,
        quaternion=is_quat,
        easing=easing,
    )


def create_property_animation_clip(
    name: str,
    tracks: Sequence[PropertyAnimationTrackOptions],
    frame_rate: float | None = None,
) -> PropertyAnimationClip:
    """Compile track definitions into a reusable clip.

    Parameters
    ----------
    name
        Clip name.
    tracks
        One or more track dicts (``path``, ``keys``, optional ``frame_rate``,
        ``interpolation`` "linear"|"step", ``quaternion``, ``easing``). Keys are dicts with
        exactly one of ``time`` (seconds) or ``frame``, and ``value``.
    frame_rate
        Default frame rate for ``frame`` keys and for ``go_to_frame``; defaults to the first
        track's ``frame_rate``, else 60.

    Returns
    -------
    PropertyAnimationClip
        Keys sorted and packed as float32; ``duration`` is the latest key time.

    Raises
    ------
    KeyframeError
        Empty tracks, bad keys, times, values, frame rates or interpolation names.
    AnimationPathError
        A malformed path string.

    Examples
    --------
    >>> clip = create_property_animation_clip("slide", [
    ...     {"path": "position.x", "frame_rate": 10,
    ...      "keys": [{"frame": 0, "value": 2}, {"frame": 20, "value": -2}]}])
    >>> clip.duration, clip.frame_rate
    (2.0, 10.0)
    """
    if not isinstance(name, str):
        raise KeyframeError(
            "LITE-ANIM-008",
            f"clip name must be a string, got {type(name).__name__}",
            hint="pass a name such as 'walk'",
            input_name="name",
        )
    if (
        isinstance(tracks, Mapping | str | bytes)
        or not isinstance(tracks, Sequence)
        or len(tracks) == 0
    ):
        raise KeyframeError(
            "LITE-ANIM-001",
            f"create_property_animation_clip {name!r} needs a non-empty list of tracks, "
            f"got {tracks!r}",
            hint="pass [{'path': 'position.x', 'keys': [...]}]",
            input_name="tracks",
        )
    if frame_rate is not None:
        clip_rate = _check_frame_rate(frame_rate, "frame_rate")
    else:
        first = tracks[0]
        raw = (
            first.get("frame_rate", first.get("frameRate")) if isinstance(first, Mapping) else None
        )
        clip_rate = (
            DEFAULT_FRAME_RATE if raw is None else _check_frame_rate(raw, "tracks[0].frame_rate")
        )
    compiled = tuple(_compile_track(t, i, clip_rate) for i, t in enumerate(tracks))
    duration = 0.0
    for track in compiled:
        last = track.sampler.times[-1]
        if last > duration:
            duration = last
    return PropertyAnimationClip(
        name=name, tracks=compiled, duration=duration, frame_rate=clip_rate
    )


# ---------------------------------------------------------------------------------------------
# Path binding
# ---------------------------------------------------------------------------------------------


def _has_member(owner: object, part: str) -> bool:
    if isinstance(owner, Mapping):
        return part in owner
    if isinstance(owner, Sequence | np.ndarray) and not isinstance(owner, str) and part.isdigit():
        return int(part) < len(owner)
    return hasattr(owner, part)


def _get_member(owner: object, part: str) -> object:
    if isinstance(owner, Mapping):
        return owner[part]
    if isinstance(owner, Sequence | np.ndarray) and not isinstance(owner, str) and part.isdigit():
        return owner[int(part)]
    return getattr(owner, part)


def _is_object(value: object) -> bool:
    return value is not None and not isinstance(value, int | float | str | bytes | bool | complex)


def _resolve_owner(root: object, parts: Sequence[str], path: str) -> object:
    owner = root
    for part in parts[:-1]:
        if not _is_object(owner):
            raise AnimationPathError(
                "LITE-PATH-003",
                f"property path {path!r} reached a non-object value {owner!r} before {part!r}",
                hint="every segment but the last must name an object",
                input_name=path,
            )
        if not _has_member(owner, part):
            raise AnimationPathError(
                "LITE-PATH-002",
                f"property path {path!r} could not resolve {part!r} on {type(owner).__name__}",
                hint="check the spelling; the object must already have that attribute or key",
                input_name=path,
            )
        owner = _get_member(owner, part)
    if not _is_object(owner):
        raise AnimationPathError(
            "LITE-PATH-003",
            f"property path {path!r} reached a non-object value {owner!r}",
            hint="every segment but the last must name an object",
            input_name=path,
        )
    return owner


def _member_getter(sample_owner: object, part: str) -> Callable[[object], object]:
    """Getter for one path segment, specialised for the owner's kind at bind time.

    The fast path assumes later owners are of the same kind (attribute object, Mapping or
    sequence); a replacement of another kind falls back to the generic lookup.
    """
    if isinstance(sample_owner, Mapping):

        def get_key(owner: object) -> object:
            try:
                return owner[part]  # type: ignore[index]
            except (TypeError, KeyError):
                return _get_member(owner, part)

        return get_key
    if (
        isinstance(sample_owner, Sequence | np.ndarray)
        and not isinstance(sample_owner, str)
        and part.isdigit()
    ):
        index = int(part)

        def get_index(owner: object) -> object:
            try:
                return owner[index]  # type: ignore[index]
            except (TypeError, KeyError):
                return _get_member(owner, part)

        return get_index

    def get_attr(owner: object) -> object:
        try:
            return getattr(owner, part)
        except AttributeError:
            return _get_member(owner, part)

    return get_attr


def _make_getter(root: object, parts: Sequence[str]) -> Callable[[object], object]:
    """Owner lookup from the root (every segment but the last), chosen at bind time."""
    steps: list[Callable[[object], object]] = []
    owner = root
    for part in parts[:-1]:
        steps.append(_member_getter(owner, part))
        owner = _get_member(owner, part)
    if not steps:
        return lambda r: r
    if len(steps) == 1:
        return steps[0]
    if len(steps) == 2:
        first, second = steps
        return lambda r: second(first(r))

    def get_n(r: object) -> object:
        o = r
        for step in steps:
            o = step(o)
        return o

    return get_n


def _set_member(owner: object, prop: str, value: float) -> None:
    if isinstance(owner, MutableMapping):
        owner[prop] = value
    elif prop.isdigit() and isinstance(owner, MutableSequence | np.ndarray):
        owner[int(prop)] = value
    else:
        setattr(owner, prop, value)


def _scalar_writer(root: object, parts: Sequence[str]) -> PropertyWriter:
    get_owner = _make_getter(root, parts)
    prop = parts[-1]
    owner0 = get_owner(root)
    if isinstance(owner0, MutableMapping):

        def write_key(src: Scratch) -> None:
            owner = get_owner(root)
            try:
                owner[prop] = src[0]  # type: ignore[index]
            except TypeError:
                _set_member(owner, prop, src[0])

        return write_key
    if prop.isdigit() and isinstance(owner0, MutableSequence | np.ndarray):
        index = int(prop)

        def write_index(src: Scratch) -> None:
            owner = get_owner(root)
            try:
                owner[index] = src[0]  # type: ignore[index]
            except TypeError:
                _set_member(owner, prop, src[0])

        return write_index

    def write_attr(src: Scratch) -> None:
        owner = get_owner(root)
        if type(owner) is dict:
            owner[prop] = src[0]
        else:
            setattr(owner, prop, src[0])

    return write_attr


def _leaf_writer(leaf: object, stride: int, path: str) -> Callable[[Scratch], None]:
    """Writer for one vector/quaternion leaf object, chosen by its shape."""
    setter = getattr(leaf, "set", None)
    if callable(setter) and not isinstance(leaf, Mapping | set | frozenset):
        if stride == 2:
            return lambda s: setter(s[0], s[1])
        if stride == 3:
            return lambda s: setter(s[0], s[1], s[2])
        return lambda s: setter(s[0], s[1], s[2], s[3])
    if isinstance(leaf, np.ndarray):
        if leaf.ndim != 1 or leaf.shape[0] < stride or not leaf.flags.writeable:
            raise AnimationPathError(
                "LITE-PATH-004",
                f"property path {path!r}: array leaf of shape {leaf.shape} cannot take "
                f"{stride} values",
                hint=f"use a writable 1-D array with at least {stride} elements",
                input_name=path,
            )

        def write_array(s: Scratch) -> None:
            for i in range(stride):
                leaf[i] = s[i]

        return write_array
    if isinstance(leaf, MutableSequence):
        if len(leaf) < stride:
            raise AnimationPathError(
                "LITE-PATH-004",
                f"property path {path!r}: list leaf has {len(leaf)} items, needs {stride}",
                hint="make the list as long as the key values",
                input_name=path,
            )

        def write_list(s: Scratch) -> None:
            for i in range(stride):
                leaf[i] = s[i]

        return write_list
    names = _COMPONENTS[:stride]
    if isinstance(leaf, MutableMapping):
        for c in names:
            if c not in leaf:
                raise AnimationPathError(
                    "LITE-PATH-004",
                    f"property path {path!r} could not resolve component {c!r}",
                    hint=f"the leaf needs keys {', '.join(names)}",
                    input_name=path,
                )

        def write_map(s: Scratch) -> None:
            for i, c in enumerate(names):
                leaf[c] = s[i]

        return write_map
    for c in names:
        if not hasattr(leaf, c):
            raise AnimationPathError(
                "LITE-PATH-004",
                f"property path {path!r} could not resolve component {c!r} on "
                f"{type(leaf).__name__}",
                hint="give the leaf a set(...) method or x/y/z/w attributes",
                input_name=path,
            )
    if stride == 2:

        def write2(s: Scratch) -> None:
            leaf.x = s[0]  # type: ignore[attr-defined]
            leaf.y = s[1]  # type: ignore[attr-defined]

        return write2
    if stride == 3:

        def write3(s: Scratch) -> None:
            leaf.x = s[0]  # type: ignore[attr-defined]
            leaf.y = s[1]  # type: ignore[attr-defined]
            leaf.z = s[2]  # type: ignore[attr-defined]

        return write3

    def write4(s: Scratch) -> None:
        leaf.x = s[0]  # type: ignore[attr-defined]
        leaf.y = s[1]  # type: ignore[attr-defined]
        leaf.z = s[2]  # type: ignore[attr-defined]
        leaf.w = s[3]  # type: ignore[attr-defined]

    return write4


def _vector_writer(root: object, parts: Sequence[str], stride: int, path: str) -> PropertyWriter:
    get_owner = _make_getter(root, parts)
    prop = parts[-1]
    initial = _get_member(_resolve_owner(root, parts, path), prop)
    get_leaf = _member_getter(get_owner(root), prop)
    if not _is_object(initial):
        raise AnimationPathError(
            "LITE-PATH-003",
            f"property path {path!r} animates {stride} values but its leaf is {initial!r}",
            hint="the leaf must be a vector-like object, list or array (or use a scalar path)",
            input_name=path,
        )
    cache: list[object] = [initial, _leaf_writer(initial, stride, path)]

    def write(src: Scratch) -> None:
        leaf = get_leaf(get_owner(root))
        if leaf is not cache[0]:
            # Application code replaced the leaf object: rebuild the writer once.
            cache[0] = leaf
            cache[1] = _leaf_writer(leaf, stride, path)
        cache[1](src)  # type: ignore[operator]

    return write


def _bind_track(root: object, track: PropertyAnimationTrack) -> PropertyRuntimeTrack:
    path = track.path
    parts = path.split(".")
    owner = _resolve_owner(root, parts, path)
    prop = parts[-1]
    if not _has_member(owner, prop):
        raise AnimationPathError(
            "LITE-PATH-002",
            f"property path {path!r} could not resolve {prop!r} on {type(owner).__name__}",
            hint="the target must already have the animated property (typos never fail silently)",
            input_name=path,
        )
    stride = track.stride
    if stride == 1:
        writer = _scalar_writer(root, parts)
    elif stride > 4:
        raise AnimationPathError(
            "LITE-PATH-005",
            f"property path {path!r} has unsupported vector size {stride}",
            hint="animate at most 4 components per track, or split the track",
            input_name=path,
        )
    else:
        writer = _vector_writer(root, parts, stride, path)
    get_owner = _make_getter(root, parts)

    def resolve_owner() -> tuple[object, str]:
        return get_owner(root), prop

    return PropertyRuntimeTrack(
        sampler=track.sampler,
        stride=stride,
        quaternion=track.quaternion,
        easing=track.easing,
        writer=writer,
        resolve_owner=resolve_owner,
        path=path,
        mix_property=prop,
    )


# ---------------------------------------------------------------------------------------------
# Group controller
# ---------------------------------------------------------------------------------------------


class PropertyController:
    """Evaluates a property group's tracks at its own time (the group's controller)."""

    __slots__ = (
        "_scratch",
        "completed",
        "from_time",
        "loop",
        "playing",
        "speed_ratio",
        "time",
        "to_time",
        "tracks",
    )

    def __init__(
        self, tracks: Sequence[PropertyRuntimeTrack], from_time: float, to_time: float
    ) -> None:
        self.tracks = tuple(tracks)
        self.from_time = from_time
        self.to_time = to_time
        self.time = from_time
        self.playing = False
        self.speed_ratio = 1.0
        self.loop = True
        self.completed = False
        # array('f') stores float32 (Babylon Lite's Float32Array rounding) and reads back
        # Python floats cheaply, unlike numpy element access.
        self._scratch: Scratch = array("f", bytes(64))

    def set_mask(self, mask: AnimationGroupMask | None) -> None:
        """Masks select glTF nodes by name; property groups ignore them."""

    def tick(self, delta_ms: float, engine: object | None = None) -> None:
        """Advance (when playing), wrap or clamp to the play range, evaluate and write."""
        from_time = self.from_time
        to_time = self.to_time
        if self.playing:
            advanced = self.time + (delta_ms / 1000.0) * self.speed_ratio
            if advanced - advanced != 0.0:
                # Only an absurd finite speed * delta overflows; stay finite (fmod(inf) raises).
                advanced = math.copysign(_MAX_TIME, advanced)
            self.time = advanced
        duration = max(0.0, to_time - from_time)
        if duration <= 0.0:
            return
        finished = False
        if self.loop and self.playing:
            # JavaScript's % keeps the dividend's sign: math.fmod, not Python's %.
            t = from_time + math.fmod(self.time - from_time, duration)
            if t < from_time:
                t += duration
            self.time = t
        else:
            t = self.time
            if t >= to_time:
                t = to_time
                finished = self.playing and self.speed_ratio > 0.0
            elif t <= from_time:
                t = from_time
                finished = self.playing and self.speed_ratio < 0.0
            self.time = t
        scratch = self._scratch
        for track in self.tracks:
            evaluate_property_sampler(
                track.sampler, t, track.stride, track.quaternion, track.easing, scratch, 0
            )
            track.writer(scratch)
        if finished:
            self.completed = True


def write_property_track(group: AnimationGroup, index: int, time: float) -> None:
    """Sample track ``index`` of a property group at ``time`` and write it, nothing else.

    The time is clamped to the group's play range; the group's clock, playing state and
    manager membership are left alone and no other track is written. This lets a caller
    that owns its own clock (the Babylon.js-shaped facade) write each track at its own turn
    in a frame, between callbacks, while Lite still samples, eases and writes.

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-007`` when ``group`` is not a property group or ``index`` is out of range.
    """
    ctrl = group._ctrl if isinstance(group, AnimationGroup) else None
    if (
        not isinstance(ctrl, PropertyController)
        or isinstance(index, bool)
        or not isinstance(index, int)
        or not 0 <= index < len(ctrl.tracks)
    ):
        raise AnimationStateError(
            "LITE-STATE-007",
            f"write_property_track: {getattr(group, 'name', group)!r} has no property track "
            f"{index!r}",
            hint="pass a group made by create_property_animation_group and a track index",
            input_name="index",
        )
    t = finite_real(time)
    if t is None:
        raise AnimationStateError(
            "LITE-STATE-007",
            f"write_property_track: time must be a finite number of seconds, got {time!r}",
            hint="pass the group's current time in seconds",
            input_name="time",
        )
    if t >= ctrl.to_time:
        t = ctrl.to_time
    elif t <= ctrl.from_time:
        t = ctrl.from_time
    track = ctrl.tracks[index]
    scratch = ctrl._scratch
    evaluate_property_sampler(
        track.sampler, t, track.stride, track.quaternion, track.easing, scratch, 0
    )
    track.writer(scratch)


def _finite(value: object, name: str, code: str = "LITE-STATE-007") -> float:
    number = finite_real(value)
    if number is None:
        raise AnimationStateError(
            code,
            f"{name} must be a finite number, got {value!r}",
            hint=f"pass a finite number for {name}",
            input_name=name,
        )
    return number


def create_property_animation_group(
    manager: AnimationManager,
    target: object,
    clip: PropertyAnimationClip,
    *,
    loop: bool = True,
    speed_ratio: float = 1.0,
    from_frame: float | None = None,
    to_frame: float | None = None,
    from_time: float | None = None,
    to_time: float | None = None,
) -> AnimationGroup:
    """Bind ``clip`` to ``target``, start playing, and attach the group to ``manager``.

    Parameters
    ----------
    manager
        The :class:`~lite.manager.AnimationManager` that will drive the group.
    target
        Any Python object; paths walk attributes, Mapping keys and sequence indices.
    clip
        A compiled :class:`PropertyAnimationClip` (reusable across targets).
    loop, speed_ratio
        Looping and playback speed.
    from_frame, to_frame, from_time, to_time
        Play range; times win over frames (converted with ``clip.frame_rate``). Defaults to
        the whole clip.

    Returns
    -------
    AnimationGroup
        Playing, attached to ``manager``.

    Raises
    ------
    AnimationPathError
        A path does not resolve on ``target`` (names the path and the segment).
    AnimationStateError
        Non-finite range or speed, or ``to_time <= from_time``. Nothing is attached then.
    """
    from lite.manager import _check_manager, add_animation_group

    _check_manager(manager)
    if not isinstance(clip, PropertyAnimationClip):
        raise AnimationStateError(
            "LITE-STATE-007",
            f"clip must be a PropertyAnimationClip, got {type(clip).__name__}",
            hint="build one with create_property_animation_clip(name, tracks)",
            input_name="clip",
        )
    speed = _finite(speed_ratio, "speed_ratio", "LITE-STATE-006")
    rate = clip.frame_rate
    start = (
        _finite(from_time, "from_time")
        if from_time is not None
        else (_finite(from_frame, "from_frame") / rate if from_frame is not None else 0.0)
    )
    end = (
        _finite(to_time, "to_time")
        if to_time is not None
        else (_finite(to_frame, "to_frame") / rate if to_frame is not None else clip.duration)
    )
    for bound, name in ((start, "from_frame"), (end, "to_frame")):
        if not math.isfinite(bound):
            raise AnimationStateError(
                "LITE-STATE-007",
                f"{name} converts to {bound} s at {rate} fps; the play range must be finite",
                hint="pass frames within the clip's range",
                input_name=name,
            )
    if not end > start:
        raise AnimationStateError(
            "LITE-STATE-001",
            f"clip {clip.name!r}: play range must have to_time > from_time, got "
            f"from {start} s to {end} s",
            hint="check from_frame/to_frame (a clip whose keys all sit at 0 has no range)",
            input_name="to_time",
        )
    runtime = [_bind_track(target, track) for track in clip.tracks]
    ctrl = PropertyController(runtime, start, end)
    ctrl.speed_ratio = speed
    ctrl.loop = bool(loop)
    group = AnimationGroup(
        name=clip.name,
        duration=clip.duration,
        frame_rate=rate or DEFAULT_FRAME_RATE,
        is_playing=False,
        current_time=start,
        targeted_animations=tuple(
            TargetedAnimation(path=t.mix_property, target=t.resolve_owner()[0]) for t in runtime
        ),
        speed_ratio=speed,
        loop_animation=bool(loop),
        weight=1.0,
        _ctrl=ctrl,
    )
    group._property_mixer = (tuple(runtime), start, end, clip.duration)
    play_animation(group)
    add_animation_group(manager, group)
    return group
