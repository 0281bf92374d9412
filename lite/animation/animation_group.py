"""Animation group state and its play/pause/stop/seek functions.

Port of src/animation/animation-group.ts.

A group is plain state (:class:`AnimationGroup`); behaviour lives in functions taking the
group first. Each group wraps a *controller* (:class:`AnimationController`) that owns the
evaluation for one clip: property tracks (``lite.property_animation``) or glTF channels
(``lite.gltf_animation``). The group's public fields are pushed into the controller before
each tick, so users may assign ``group.current_time`` or ``group.speed_ratio`` directly.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from lite.constants import DEFAULT_FRAME_RATE
from lite.errors import AnimationStateError, KeyframeError, finite_real
from lite.mask import AnimationGroupMask

if TYPE_CHECKING:
    from lite.manager import AnimationManager, AnimationTask

__all__ = [
    "AnimationController",
    "AnimationGroup",
    "TargetedAnimation",
    "go_to_frame",
    "pause_animation",
    "play_animation",
    "stop_animation",
    "tick_animation",
]


class AnimationController(Protocol):
    """Evaluator behind one group: advances its own time and writes its targets."""

    time: float
    playing: bool
    speed_ratio: float
    loop: bool
    #: Set by ``tick`` when a non-looping playback reached the end of its range.
    completed: bool

    def tick(self, delta_ms: float, engine: object | None = None) -> None:
        """Advance by ``delta_ms`` (when playing), wrap or clamp, evaluate and write."""
        ...

    def set_mask(self, mask: AnimationGroupMask | None) -> None:
        """Apply (or clear) an include/exclude target-name mask."""
        ...


@dataclass(frozen=True, slots=True)
class TargetedAnimation:
    """One target a group animates: a property owner and name, or a glTF node and path."""

    path: str
    target: object | None = None
    target_name: str | None = None
    node_index: int | None = None


@dataclass(slots=True, eq=False)
class AnimationGroup:
    """User-facing handle for one playing clip.

    Assigning ``current_time``, ``speed_ratio``, ``weight``, ``frame_rate`` or ``mask``
    directly is validated like the functions that set them: a bad value raises (see
    Raises) and the previous value is kept, so a NaN never reaches the controller.

    Attributes
    ----------
    name, duration, frame_rate
        Clip name, duration in seconds, and the rate ``go_to_frame`` converts frames with.
    is_playing, current_time
        Playback state; ``current_time`` is in seconds.
    speed_ratio, loop_animation, weight
        Playback speed multiplier, looping, and blend weight (used by the mixers).
    mask
        Optional :class:`lite.mask.AnimationGroupMask` (glTF groups).
    targeted_animations
        What the group writes.

    Raises
    ------
    AnimationStateError
        On assignment: ``LITE-STATE-007`` (``current_time`` not finite), ``LITE-STATE-006``
        (``speed_ratio`` not finite), ``LITE-STATE-003`` (``weight`` outside [0, 1]),
        ``LITE-STATE-013`` (``mask`` not an ``AnimationGroupMask`` or None).
    KeyframeError
        ``LITE-ANIM-006`` on assigning a ``frame_rate`` that is not finite and positive.
    """

    name: str
    duration: float
    frame_rate: float = DEFAULT_FRAME_RATE
    is_playing: bool = False
    current_time: float = 0.0
    targeted_animations: Sequence[TargetedAnimation] = ()
    speed_ratio: float = 1.0
    loop_animation: bool = True
    weight: float = 1.0
    mask: AnimationGroupMask | None = None
    metadata: dict[str, Any] | None = None
    _ctrl: AnimationController | None = field(default=None, repr=False)
    _stopped: bool = field(default=False, repr=False)
    #: Property tracks and play range, read by the weighted property mixer.
    _property_mixer: Any = field(default=None, repr=False)
    #: glTF clip data, read by the weighted glTF mixer.
    _gltf_mixer: Any = field(default=None, repr=False)
    #: Additive layer settings (``set_animation_additive``).
    _additive: Any = field(default=None, repr=False)
    _manager: AnimationManager | None = field(default=None, repr=False)
    _task: AnimationTask | None = field(default=None, repr=False)
    _completed: bool = field(default=False, repr=False)

    def __setattr__(self, name: str, value: object) -> None:
        # Validated public fields; the per-frame code writes through _set_current_time /
        # _set_weight (the raw slot setters) so the hot path pays nothing for this.
        check = _FIELD_CHECKS.get(name)
        object.__setattr__(self, name, value if check is None else check(value))


def _check_current_time(value: object) -> float:
    number = finite_real(value)
    if number is None:
        raise AnimationStateError(
            "LITE-STATE-007",
            f"current_time must be a finite number of seconds, got {value!r}",
            hint="assign a time in seconds such as 0.0 or 1.25",
            input_name="current_time",
        )
    return number


def _check_speed_ratio(value: object) -> float:
    number = finite_real(value)
    if number is None:
        raise AnimationStateError(
            "LITE-STATE-006",
            f"speed_ratio must be a finite number, got {value!r}",
            hint="use 1 for normal speed, 0 to hold, a negative value to play backwards",
            input_name="speed_ratio",
        )
    return number


def _check_weight(value: object, name: str = "weight") -> float:
    number = finite_real(value)
    if number is None or not 0.0 <= number <= 1.0:
        raise AnimationStateError(
            "LITE-STATE-003",
            f"{name} must be a finite number between 0 and 1, got {value!r}",
            hint="weights are not normalised; use values in [0, 1]",
            input_name=name,
        )
    return number


def _check_frame_rate(value: object) -> float:
    number = finite_real(value)
    if number is None or not number > 0.0:
        raise KeyframeError(
            "LITE-ANIM-006",
            f"frame_rate must be a finite positive number, got {value!r}",
            hint="use frames per second such as 30 or 60",
            input_name="frame_rate",
        )
    return number


def _check_mask(value: object) -> object:
    if value is not None and not isinstance(value, AnimationGroupMask):
        raise AnimationStateError(
            "LITE-STATE-013",
            f"mask must be an AnimationGroupMask or None, got {type(value).__name__}",
            hint="build one with create_animation_group_mask(names, mode)",
            input_name="mask",
        )
    return value


_FIELD_CHECKS: dict[str, Callable[[object], object]] = {
    "current_time": _check_current_time,
    "speed_ratio": _check_speed_ratio,
    "weight": _check_weight,
    "frame_rate": _check_frame_rate,
    "mask": _check_mask,
}

#: Raw slot setters for internal per-frame writes of already-valid values (no validation).
_set_current_time: Callable[[AnimationGroup, float], None] = AnimationGroup.__dict__[
    "current_time"
].__set__
_set_weight: Callable[[AnimationGroup, float], None] = AnimationGroup.__dict__["weight"].__set__


def _check_group(group: object, name: str = "group") -> AnimationGroup:
    if not isinstance(group, AnimationGroup):
        raise AnimationStateError(
            "LITE-STATE-014",
            f"{name} must be an AnimationGroup, got {type(group).__name__}",
            hint="pass a group returned by create_property_animation_group or load_gltf",
            input_name=name,
        )
    return group


def _group_lock(group: AnimationGroup) -> AbstractContextManager[object]:
    """The lock of the manager ``group`` is attached to (serialises with its loop thread)."""
    manager = group._manager
    return manager._lock if manager is not None else nullcontext()


def play_animation(group: AnimationGroup) -> None:
    """Start (or resume) playback. A group that finished a non-looping run restarts.

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-014`` when ``group`` is not an :class:`AnimationGroup`.
    """
    with _group_lock(_check_group(group)):
        if group._completed:
            group._completed = False
            ctrl = group._ctrl
            start = getattr(ctrl, "from_time", 0.0) if ctrl is not None else 0.0
            end = getattr(ctrl, "to_time", group.duration) if ctrl is not None else group.duration
            group.current_time = end if group.speed_ratio < 0 else start
        group.is_playing = True
        group._stopped = False


def pause_animation(group: AnimationGroup) -> None:
    """Pause playback; the pose stays current (paused groups are still evaluated)."""
    with _group_lock(_check_group(group)):
        group.is_playing = False


def stop_animation(group: AnimationGroup) -> None:
    """Stop playback and reset time to 0; stopped groups are not evaluated."""
    with _group_lock(_check_group(group)):
        group.is_playing = False
        group.current_time = 0.0
        group._stopped = True
        group._completed = False


def _sync_controller(group: AnimationGroup, ctrl: AnimationController) -> None:
    ctrl.time = group.current_time
    ctrl.playing = group.is_playing
    ctrl.speed_ratio = group.speed_ratio
    ctrl.loop = group.loop_animation
    ctrl.set_mask(group.mask)


def tick_animation(group: AnimationGroup, delta_ms: float, engine: object | None = None) -> None:
    """Advance ``group`` by ``delta_ms`` and write its targets (no-op once stopped).

    This is what the manager's per-group task calls. A non-looping group that reaches the
    end of its range writes the exact final pose once, then stops (``is_playing`` false,
    ``current_time`` left at the end), so it never overwrites later animations.
    """
    ctrl = group._ctrl
    if group._stopped or ctrl is None:
        return
    _sync_controller(group, ctrl)
    ctrl.tick(delta_ms, engine)
    _set_current_time(group, ctrl.time)
    if ctrl.completed:
        ctrl.completed = False
        _complete(group)


def _complete(group: AnimationGroup) -> None:
    group.is_playing = False
    group._stopped = True
    group._completed = True


def go_to_frame(group: AnimationGroup, frame: float, engine: object | None = None) -> None:
    """Seek to ``frame`` (converted with ``group.frame_rate``), apply the pose now, and pause.

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-007`` when ``frame`` is not a finite number, or the time it converts to
        is not (the group is unchanged); ``LITE-STATE-014`` when ``group`` is not an
        :class:`AnimationGroup`.
    """
    _check_group(group)
    number = finite_real(frame)
    time = None if number is None else number / (group.frame_rate or DEFAULT_FRAME_RATE)
    if time is None or not math.isfinite(time):
        raise AnimationStateError(
            "LITE-STATE-007",
            f"go_to_frame frame must be a finite number, got {frame!r}",
            hint="pass a frame index such as 0 or 30.5",
            input_name="frame",
        )
    with _group_lock(group):
        group.current_time = time
        group.is_playing = False
        group._completed = False
        ctrl = group._ctrl
        if ctrl is not None:
            _sync_controller(group, ctrl)
            if engine is not None or not group._stopped or group._gltf_mixer is None:
                ctrl.tick(0.0, engine)
                ctrl.completed = False
                _set_current_time(group, ctrl.time)
