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
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from lite.constants import DEFAULT_FRAME_RATE
from lite.errors import AnimationStateError

if TYPE_CHECKING:
    from lite.manager import AnimationManager, AnimationTask
    from lite.mask import AnimationGroupMask

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


def play_animation(group: AnimationGroup) -> None:
    """Start (or resume) playback. A group that finished a non-looping run restarts."""
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
    group.is_playing = False


def stop_animation(group: AnimationGroup) -> None:
    """Stop playback and reset time to 0; stopped groups are not evaluated."""
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
    group.current_time = ctrl.time
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
        ``LITE-STATE-007`` when ``frame`` is not a finite number (the group is unchanged).
    """
    if isinstance(frame, bool) or not isinstance(frame, int | float) or not math.isfinite(frame):
        raise AnimationStateError(
            "LITE-STATE-007",
            f"go_to_frame frame must be a finite number, got {frame!r}",
            hint="pass a frame index such as 0 or 30.5",
            input_name="frame",
        )
    group.current_time = float(frame) / (group.frame_rate or DEFAULT_FRAME_RATE)
    group.is_playing = False
    group._completed = False
    ctrl = group._ctrl
    if ctrl is not None:
        _sync_controller(group, ctrl)
        if engine is not None or not group._stopped or group._gltf_mixer is None:
            ctrl.tick(0.0, engine)
            ctrl.completed = False
            group.current_time = ctrl.time
