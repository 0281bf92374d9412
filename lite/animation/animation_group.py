"""Play, pause, stop, seek and tick an animation group.

Port of src/animation/animation-group.ts (the group functions; the state lives in
:mod:`lite.animation.state`).

A group is plain state (:class:`~lite.animation.state.AnimationGroup`); behaviour lives in
functions taking the group first. Each group wraps a *controller*
(:class:`~lite.animation.state.AnimationController`) that owns the evaluation for one clip:
property tracks (``lite.animation.property_animation``) or glTF channels
(``lite.skeleton.animation_controller``). The group's public fields are pushed into the
controller before each tick, so users may assign ``group.current_time`` or
``group.speed_ratio`` directly.
"""

from __future__ import annotations

import math
from contextlib import AbstractContextManager, nullcontext

from lite.animation.constants import DEFAULT_FRAME_RATE
from lite.animation.state import (
    AnimationController,
    AnimationGroup,
    check_group,
    complete_group,
    set_current_time_unchecked,
)
from lite.errors import AnimationStateError, finite_real

__all__ = [
    "go_to_frame",
    "pause_animation",
    "play_animation",
    "stop_animation",
    "tick_animation",
]


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
    with _group_lock(check_group(group)):
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
    with _group_lock(check_group(group)):
        group.is_playing = False


def stop_animation(group: AnimationGroup) -> None:
    """Stop playback and reset time to 0; stopped groups are not evaluated."""
    with _group_lock(check_group(group)):
        group.is_playing = False
        group.current_time = 0.0
        group._stopped = True
        group._completed = False


def _sync_controller(group: AnimationGroup, ctrl: AnimationController) -> None:
    ctrl.time = group.current_time
    ctrl.playing = group.is_playing
    ctrl.speed_ratio = group.speed_ratio
    ctrl.loop = group.loop_animation
    set_mask = getattr(ctrl, "set_mask", None)  # optional hook, as Lite's ``_setMask?``
    if set_mask is not None:
        set_mask(group.mask)


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
    set_current_time_unchecked(group, ctrl.time)
    if getattr(ctrl, "completed", False):  # optional hook (a Lite-shaped controller lacks it)
        ctrl.completed = False
        complete_group(group)


def go_to_frame(group: AnimationGroup, frame: float, engine: object | None = None) -> None:
    """Seek to ``frame`` (converted with ``group.frame_rate``), apply the pose now, and pause.

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-007`` when ``frame`` is not a finite number, or the time it converts to
        is not (the group is unchanged); ``LITE-STATE-014`` when ``group`` is not an
        :class:`AnimationGroup`.
    """
    check_group(group)
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
                if getattr(ctrl, "completed", False):
                    ctrl.completed = False
                set_current_time_unchecked(group, ctrl.time)
