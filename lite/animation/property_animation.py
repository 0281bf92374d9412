"""Property animation clips, their controller, and the no-clock write seam.

Port of src/animation/property-animation.ts (clip compilation and the group's controller; path
binding is in :mod:`lite.animation.property_binding`).

A *clip* (:class:`~lite.animation.types.PropertyAnimationClip`) is reusable and
target-independent: each track's keys are sorted and packed once into an
:class:`~lite.animation.types.AnimationSampler`. A *group*
(:func:`create_property_animation_group`) binds a clip to one target
(:func:`~lite.animation.property_binding.bind_property_clip`) and plays it on a manager.
:func:`write_property_track` samples and writes one bound track at a caller-given time, for
callers that own their clock.
"""

from __future__ import annotations

import math
import warnings
from array import array
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Literal, NotRequired, TypedDict

import numpy as np

from lite.animation.animation_group import play_animation
from lite.animation.animation_group_task import add_animation_group
from lite.animation.animation_tick import (
    TickClock,
    advance_clock,
    clamp_time,
    reached_end,
    wrap_clock,
)
from lite.animation.constants import DEFAULT_FRAME_RATE, INTERP_LINEAR, INTERP_STEP
from lite.animation.evaluate import evaluate_property_sampler
from lite.animation.property_binding import (
    PropertyBinding,
    PropertyRuntimeTrack,
    Scratch,
    bind_property_clip,
    check_property_clip,
)
from lite.animation.state import AnimationGroup, TargetedAnimation, check_manager
from lite.animation.types import AnimationSampler, PropertyAnimationClip, PropertyAnimationTrack
from lite.errors import (
    AnimationPathError,
    AnimationStateError,
    KeyframeError,
    LiteWarning,
    finite_real,
    integer,
    short_repr,
)
from lite.path_guard import check_path_segments

if TYPE_CHECKING:
    from lite.animation.animation_group_mask import AnimationGroupMask
    from lite.animation.state import AnimationManager
    from lite.animation.types import AnimationEasing

__all__ = [
    "AnimationKeyframe",
    "PropertyAnimationTrackOptions",
    "PropertyController",
    "create_property_animation_clip",
    "create_property_animation_group",
    "write_property_track",
]

AnimationKeyframeValue = float | Sequence[float]
PropertyAnimationInterpolation = Literal["linear", "step"]

_KEY_FIELDS = frozenset({"time", "frame", "value"})
_TRACK_FIELDS = frozenset({"path", "keys", "frame_rate", "interpolation", "quaternion", "easing"})
#: Words in a track path's last segment (lower-cased) that name a rotation: a 4-wide track whose
#: last segment contains one of them, and which does not say ``"quaternion"``, is interpolated
#: component-wise as Babylon Lite does, with a ``LITE-ANIM-W02`` warning.
_ROTATION_WORDS = ("rotation", "orientation", "quat")
_TRACK_ALIASES = {"frameRate": "frame_rate"}
#: Smallest magnitude that rounds to infinity when stored as float32 (2**128 - 2**103):
#: key times and values at or beyond it would become inf in the packed sampler.
_F32_OVERFLOW = 2.0**128 - 2.0**103


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


# ---------------------------------------------------------------------------------------------
# Clip compilation
# ---------------------------------------------------------------------------------------------


def _is_path_segment(part: str) -> bool:
    """An ASCII identifier (``position``) or an ASCII index (``0``); ``weights.²`` is neither."""
    return part.isascii() and (part.isidentifier() or part.isdigit())


def _is_number(value: object) -> bool:
    kind = type(value)
    if kind is float or kind is int:  # the usual keys, without the isinstance checks below
        return True
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
    bad = next((p for p in path.split(".") if not _is_path_segment(p)), None)
    if bad is not None:
        raise AnimationPathError(
            "LITE-PATH-001",
            f"track path {path!r}: segment {bad!r} is neither an ASCII identifier nor an "
            "ASCII index",
            hint="use segments like 'position', 'x' or '0' (ASCII letters, digits, '_')",
            input_name=f"tracks[{index}].path",
        )
    check_path_segments(path.split("."), path, f"tracks[{index}].path")
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
    # A str first: ``in`` on an array (np.array([...])) compares element-wise and raises.
    if not isinstance(interp_name, str) or interp_name not in ("linear", "step"):
        raise KeyframeError(
            "LITE-ANIM-007",
            f"track {path!r}: unknown interpolation {short_repr(interp_name)} "
            f"({type(interp_name).__name__})",
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
    # Every check validate_sampler_arrays makes was made above, key by key (numbers, finite as
    # float32, times >= 0, one stride; sorted here): the sampler takes the arrays as they are.
    sampler = AnimationSampler._checked(
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
    _warn_unflagged_rotations(name, tracks, compiled)
    duration = 0.0
    for track in compiled:
        last = track.sampler.times[-1]
        if last > duration:
            duration = last
    return PropertyAnimationClip(
        name=name, tracks=compiled, duration=duration, frame_rate=clip_rate
    )


def _looks_like_rotation(path: str) -> bool:
    last = path.rsplit(".", 1)[-1].lower()
    return any(word in last for word in _ROTATION_WORDS)


def _warn_unflagged_rotations(
    name: str,
    tracks: Sequence[PropertyAnimationTrackOptions],
    compiled: Sequence[PropertyAnimationTrack],
) -> None:
    """Warn once per clip (``LITE-ANIM-W02``) about 4-wide rotation tracks that will lerp.

    Babylon Lite slerps a property track only when it says ``quaternion: true`` or its path
    ends in ``rotationQuaternion``; any other 4-value track is interpolated component by
    component, which shortens a quaternion between keys. That is kept (it is Babylon Lite's
    behaviour), but a track whose last path segment names a rotation (``rotation``,
    ``orientation``, ``quat``, ``quaternion``, any case) and has no ``quaternion`` field at all
    is most likely a quaternion missing its flag. ``"quaternion": False`` says the lerp is meant
    and silences the warning.
    """
    suspect = [
        track.path
        for options, track in zip(tracks, compiled, strict=True)
        if track.stride == 4
        and not track.quaternion
        and options.get("quaternion") is None
        and _looks_like_rotation(track.path)
    ]
    if suspect:
        warnings.warn(
            LiteWarning(
                "LITE-ANIM-W02",
                f"clip {name!r}: 4-value track(s) {', '.join(map(repr, suspect))} look like "
                "rotations but are interpolated component-wise (not slerped); add "
                "'quaternion': True to slerp a quaternion, or 'quaternion': False to keep the "
                "lerp and silence this warning",
            ),
            stacklevel=3,
        )


# ---------------------------------------------------------------------------------------------
# Group controller
# ---------------------------------------------------------------------------------------------


class PropertyController:
    """Evaluates a property group's tracks at its own time (the group's controller)."""

    __slots__ = (
        "_clock",
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
        self._clock = TickClock()

    def set_mask(self, mask: AnimationGroupMask | None) -> None:
        """Masks select glTF nodes by name; property groups ignore them."""

    def tick(self, delta_ms: float, engine: object | None = None) -> None:
        """Advance (when playing), wrap or clamp to the play range, evaluate and write."""
        from_time = self.from_time
        to_time = self.to_time
        playing = self.playing
        if playing:
            self.time = advance_clock(self._clock, self.time, delta_ms, self.speed_ratio)
        duration = max(0.0, to_time - from_time)
        if duration <= 0.0:
            return
        finished = False
        # Babylon Lite's property controller loops only while playing.
        if self.loop and playing:
            t = self.time = wrap_clock(self._clock, self.time, from_time, duration)
        else:
            raw = self.time
            t = self.time = clamp_time(raw, from_time, to_time)
            finished = reached_end(raw, from_time, to_time, playing, self.speed_ratio)
        scratch = self._scratch
        for track in self.tracks:
            evaluate_property_sampler(
                track.sampler, t, track.stride, track.quaternion, track.easing, scratch, 0
            )
            track.writer(scratch)
        if finished:
            self.completed = True


def write_property_track(
    binding: PropertyBinding | AnimationGroup, index: int, time: float
) -> None:
    """Sample track ``index`` of a bound clip at ``time`` and write it, nothing else.

    ``binding`` is a :class:`~lite.animation.property_binding.PropertyBinding` (from
    :func:`~lite.animation.property_binding.bind_property_clip`; the time is clamped to
    ``[0, clip duration]``) or, for convenience, a property group (the time is clamped to the
    group's play range; the group's clock, playing state and manager membership are left
    alone). No other track is written. This lets a caller that owns its own clock (the
    Babylon.js-shaped facade) write each track at its own turn in a frame, between callbacks,
    while Lite still samples, eases and writes.

    Parameters
    ----------
    binding
        What to write through.
    index
        Track index, in clip order.
    time
        Seconds.

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-014`` when ``binding`` is neither a binding nor a property group,
        ``LITE-STATE-044`` when ``index`` is out of range, ``LITE-STATE-007`` when ``time`` is
        not a finite number.
    """
    if isinstance(binding, PropertyBinding):
        tracks: tuple[PropertyRuntimeTrack, ...] | None = binding.tracks
        lo = 0.0
        hi = binding.clip.duration
        scratch = binding._scratch
    else:
        ctrl = binding._ctrl if isinstance(binding, AnimationGroup) else None
        if isinstance(ctrl, PropertyController):
            tracks = ctrl.tracks
            lo = ctrl.from_time
            hi = ctrl.to_time
            scratch = ctrl._scratch
        else:
            tracks = None
    if type(index) is not int:  # NumPy integers are accepted like Python ints
        checked = integer(index)
        index = checked if checked is not None else -1
    if tracks is None:
        raise AnimationStateError(
            "LITE-STATE-014",
            f"write_property_track: binding must be a PropertyBinding or a property group, got "
            f"{type(binding).__name__}",
            hint="pass a binding from bind_property_clip (or a property group)",
            input_name="binding",
        )
    if not 0 <= index < len(tracks):
        name = binding.clip.name if isinstance(binding, PropertyBinding) else binding
        raise AnimationStateError(
            "LITE-STATE-044",
            f"write_property_track: {getattr(name, 'name', name)!r} has no property track "
            f"{index!r}",
            hint=f"pass a track index from 0 to {len(tracks) - 1}, in clip order",
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
    if t >= hi:
        t = hi
    elif t <= lo:
        t = lo
    track = tracks[index]
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
        The :class:`~lite.animation.state.AnimationManager` that will drive the group.
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
        Playing, attached to ``manager``. Like Babylon Lite 1.10's, it writes nothing to
        ``target`` until the manager's first update (``update_animation_manager(manager,
        0.0)`` writes the start pose); array groups, by contrast, write theirs at creation.

    Raises
    ------
    AnimationPathError
        A path does not resolve on ``target`` (names the path and the segment).
    AnimationStateError
        Non-finite range or speed, or ``to_time <= from_time``. Nothing is attached then.
    """
    check_manager(manager)
    check_property_clip(clip)
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
    runtime = bind_property_clip(target, clip).tracks
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
