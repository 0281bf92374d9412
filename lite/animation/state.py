"""Group, manager and task state, and the checks of their validated fields.

Port of the state interfaces of src/animation/types.ts (``AnimationGroup``,
``TargetedAnimation``, ``AnimationController``, ``AnimationManager``, ``AnimationTask``).
Babylon Lite keeps these interfaces together in one file; here they sit at the bottom of the
animation core, so the group functions and the manager functions both import them and never
each other. Behaviour lives in the modules above: ``animation_group`` (play/pause/seek),
``animation_manager`` (tasks, update, loop) and ``animation_group_task`` (groups on a
manager, the group pipeline).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from lite.animation.animation_group_mask import AnimationGroupMask
from lite.animation.animation_tick import TickClock
from lite.animation.constants import ANIMATION_GROUP_TASK_CATEGORY, DEFAULT_FRAME_RATE
from lite.animation.signal import GroupSignal
from lite.errors import AnimationStateError, KeyframeError, finite_real

__all__ = [
    "MAX_FIXED_DELTA_MS",
    "AnimationController",
    "AnimationGroup",
    "AnimationManager",
    "AnimationTask",
    "AnimationTaskCategoryHandler",
    "AnimationTaskUpdate",
    "TargetedAnimation",
    "check_callable",
    "check_category",
    "check_current_time",
    "check_delta",
    "check_fixed_delta",
    "check_frame_rate",
    "check_group",
    "check_manager",
    "check_mask",
    "check_speed_ratio",
    "check_task",
    "check_timeout",
    "check_weight",
    "complete_group",
    "set_current_time_unchecked",
    "set_weight_unchecked",
]


class AnimationController(Protocol):
    """Evaluator behind one group: advances its own time and writes its targets.

    ``set_mask`` and ``completed`` are optional hooks, as in Babylon Lite: a controller
    with only ``time``, ``playing``, ``speed_ratio``, ``loop`` and ``tick`` can back a group.
    """

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


@dataclass(slots=True, eq=False, weakref_slot=True)
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
        Optional :class:`lite.animation.animation_group_mask.AnimationGroupMask` (glTF groups).
    targeted_animations
        What the group writes.
    on_animation_end, on_animation_loop
        :class:`~lite.animation.signal.GroupSignal` s: ``add(callback)`` calls
        ``callback(group)`` after the update in which a non-looping run reached the end of its
        range (property groups: the update that stops them; glTF groups, which hold their end
        pose as in Babylon Lite: the update that reaches it), or in which a looping group
        wrapped. See :func:`lite.update_animation_manager` for when and in what order.

    Raises
    ------
    AnimationStateError
        On assignment: ``LITE-STATE-007`` (``current_time`` not finite), ``LITE-STATE-006``
        (``speed_ratio`` not finite), ``LITE-STATE-003`` (``weight`` outside [0, 1]),
        ``LITE-STATE-014`` (``mask`` not an ``AnimationGroupMask`` or None).
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
    #: Rounding error carried beside ``current_time`` by the mixers and the batched engine.
    _clock: TickClock = field(default_factory=TickClock, init=False, repr=False)
    on_animation_end: GroupSignal = field(init=False, repr=False)
    on_animation_loop: GroupSignal = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "on_animation_end", GroupSignal(self))
        object.__setattr__(self, "on_animation_loop", GroupSignal(self))

    def __setattr__(self, name: str, value: object) -> None:
        # Validated public fields; the per-frame code writes through set_current_time_unchecked /
        # set_weight_unchecked (the raw slot setters) so the hot path pays nothing for this.
        check = _GROUP_FIELD_CHECKS.get(name)
        object.__setattr__(self, name, value if check is None else check(value))


def check_current_time(value: object) -> float:
    """A finite playback time in seconds, else ``LITE-STATE-007``."""
    number = finite_real(value)
    if number is None:
        raise AnimationStateError(
            "LITE-STATE-007",
            f"current_time must be a finite number of seconds, got {value!r}",
            hint="assign a time in seconds such as 0.0 or 1.25",
            input_name="current_time",
        )
    return number


def check_speed_ratio(value: object) -> float:
    """A finite speed ratio, else ``LITE-STATE-006``."""
    number = finite_real(value)
    if number is None:
        raise AnimationStateError(
            "LITE-STATE-006",
            f"speed_ratio must be a finite number, got {value!r}",
            hint="use 1 for normal speed, 0 to hold, a negative value to play backwards",
            input_name="speed_ratio",
        )
    return number


def check_weight(value: object, name: str = "weight") -> float:
    """A finite weight in [0, 1], else ``LITE-STATE-003``."""
    number = finite_real(value)
    if number is None or not 0.0 <= number <= 1.0:
        raise AnimationStateError(
            "LITE-STATE-003",
            f"{name} must be a finite number between 0 and 1, got {value!r}",
            hint="weights are not normalised; use values in [0, 1]",
            input_name=name,
        )
    return number


def check_frame_rate(value: object) -> float:
    """A finite positive frame rate, else ``LITE-ANIM-006``."""
    number = finite_real(value)
    if number is None or not number > 0.0:
        raise KeyframeError(
            "LITE-ANIM-006",
            f"frame_rate must be a finite positive number, got {value!r}",
            hint="use frames per second such as 30 or 60",
            input_name="frame_rate",
        )
    return number


def check_mask(value: object) -> object:
    """An :class:`AnimationGroupMask` or None, else ``LITE-STATE-014``."""
    if value is not None and not isinstance(value, AnimationGroupMask):
        raise AnimationStateError(
            "LITE-STATE-014",
            f"mask must be an AnimationGroupMask or None, got {type(value).__name__}",
            hint="build one with create_animation_group_mask(names, mode)",
            input_name="mask",
        )
    return value


_GROUP_FIELD_CHECKS: dict[str, Callable[[object], object]] = {
    "current_time": check_current_time,
    "speed_ratio": check_speed_ratio,
    "weight": check_weight,
    "frame_rate": check_frame_rate,
    "mask": check_mask,
}

#: Raw slot setters for internal per-frame writes of already-valid values (no validation).
set_current_time_unchecked: Callable[[AnimationGroup, float], None] = AnimationGroup.__dict__[
    "current_time"
].__set__
set_weight_unchecked: Callable[[AnimationGroup, float], None] = AnimationGroup.__dict__[
    "weight"
].__set__


def check_group(group: object, name: str = "group") -> AnimationGroup:
    """``group`` if it is an :class:`AnimationGroup`, else ``LITE-STATE-014``."""
    if not isinstance(group, AnimationGroup):
        raise AnimationStateError(
            "LITE-STATE-014",
            f"{name} must be an AnimationGroup, got {type(group).__name__}",
            hint="pass a group returned by create_property_animation_group or load_gltf",
            input_name=name,
        )
    return group


def complete_group(group: AnimationGroup) -> None:
    """Mark ``group`` finished: a non-looping run reached the end of its range."""
    group.is_playing = False
    group._stopped = True
    group._completed = True


AnimationTaskUpdate = Callable[["AnimationManager", float, "AnimationTask"], None]
AnimationTaskCategoryHandler = Callable[["AnimationManager", float], bool]


@dataclass(slots=True, eq=False)
class AnimationTask:
    """A unit of per-frame work owned by one manager."""

    _update: AnimationTaskUpdate
    active: bool = True
    _category: str | None = None
    _dispose: Callable[[AnimationManager], None] | None = None
    _owner: AnimationManager | None = None


@dataclass(slots=True, eq=False, weakref_slot=True)
class AnimationManager:
    """Owns tasks and animation groups and advances them.

    Notes
    -----
    Public fields: ``animations`` (attached tasks, in attachment order: groups tick in this
    order); ``fixed_delta_ms`` (when > 0 every update advances by exactly this step, whatever
    delta it is given); ``running`` (true while the autonomous loop runs); ``engine`` (optional
    GPU engine used by glTF groups to upload palettes); ``on_update`` (called after each
    autonomous tick with the step applied, in ms); ``loop_error`` (the exception that stopped
    the autonomous loop, re-raised by :func:`stop_animation_manager`).

    Features that plug into a manager (the group pipeline, the mixers, weight fades) keep
    their per-manager state in their own modules, keyed by the manager (weakly), so the
    manager carries no field for any of them.
    """

    animations: list[AnimationTask] = field(default_factory=list)
    fixed_delta_ms: float = 0.0
    running: bool = False
    engine: object | None = None
    on_update: Callable[[float], None] | None = None
    loop_error: BaseException | None = None
    _groups: list[AnimationGroup] = field(default_factory=list)
    _task_category: str | None = None
    _task_category_handler: AnimationTaskCategoryHandler | None = None
    _snapshot: list[AnimationTask] = field(default_factory=list)
    _lock: threading.RLock = field(default_factory=threading.RLock)
    _thread: threading.Thread | None = None
    _stop_event: threading.Event = field(default_factory=threading.Event)
    _last_time: float = 0.0
    _frames: int = 0
    #: True while an update runs (it is never re-entered: ``LITE-STATE-017``).
    _updating: bool = field(default=False, init=False, repr=False)
    #: The last loop thread that left its loop (start joins it before starting another).
    _exiting: threading.Thread | None = field(default=None, init=False, repr=False)
    #: Notified when the loop thread exits or a start cancels a pending stop.
    _loop_changed: threading.Condition = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_loop_changed", threading.Condition(self._lock))

    def __setattr__(self, name: str, value: object) -> None:
        if name == "fixed_delta_ms":
            value = check_fixed_delta(value)
        elif name == "on_update":
            check_callable(value, name)
        object.__setattr__(self, name, value)


def check_callable(value: object, name: str) -> None:
    """Refuse a non-callable ``value`` (None allowed): ``LITE-STATE-011``."""
    if value is not None and not callable(value):
        raise AnimationStateError(
            "LITE-STATE-011",
            f"{name} must be callable, got {type(value).__name__}",
            hint=f"pass a function for {name}",
            input_name=name,
        )


def check_delta(value: object, name: str, code: str) -> float:
    """A finite, non-negative number of milliseconds, or ``code``."""
    number = finite_real(value)
    if number is None or number < 0.0:
        raise AnimationStateError(
            code,
            f"{name} must be a finite, non-negative number of milliseconds, got {value!r}",
            hint="pass elapsed milliseconds, e.g. 16.667 for one 60 Hz frame",
            input_name=name,
        )
    return number


#: Largest ``fixed_delta_ms``: the autonomous loop waits one step between ticks, and a wait
#: past ``threading.TIMEOUT_MAX`` (about 9.2e9 s) raises ``OverflowError`` inside the loop.
#: 1e9 ms is 11.6 days per frame.
MAX_FIXED_DELTA_MS: Final = 1e9


def check_fixed_delta(value: object) -> float:
    """A ``fixed_delta_ms`` in ``[0, MAX_FIXED_DELTA_MS]``, or ``LITE-STATE-009``."""
    step = check_delta(value, "fixed_delta_ms", "LITE-STATE-009")
    if step > MAX_FIXED_DELTA_MS:
        raise AnimationStateError(
            "LITE-STATE-009",
            f"fixed_delta_ms must be at most {MAX_FIXED_DELTA_MS:g} ms, got {value!r}",
            hint="a fixed step is one frame's duration, e.g. 16.667 for 60 Hz",
            input_name="fixed_delta_ms",
        )
    return step


def check_timeout(value: object, name: str = "timeout_s") -> float | None:
    """None (wait forever) or a finite, non-negative number of seconds: ``LITE-STATE-025``."""
    if value is None:
        return None
    seconds = finite_real(value)
    if seconds is None or seconds < 0.0 or seconds > threading.TIMEOUT_MAX:
        raise AnimationStateError(
            "LITE-STATE-025",
            f"{name} must be None or a finite, non-negative number of seconds, got {value!r}",
            hint="pass e.g. 5.0, or None to wait until the loop thread ends",
            input_name=name,
        )
    return seconds


def check_manager(manager: object) -> AnimationManager:
    """``manager`` if it is an :class:`AnimationManager`, else ``LITE-STATE-014``."""
    if not isinstance(manager, AnimationManager):
        raise AnimationStateError(
            "LITE-STATE-014",
            f"manager must be an AnimationManager, got {type(manager).__name__}",
            hint="create one with create_animation_manager()",
            input_name="manager",
        )
    return manager


def check_task(task: object) -> AnimationTask:
    """``task`` if it is an :class:`AnimationTask`, else ``LITE-STATE-014``."""
    if not isinstance(task, AnimationTask):
        raise AnimationStateError(
            "LITE-STATE-014",
            f"task must be an AnimationTask, got {type(task).__name__}",
            hint="create one with create_animation_task(update)",
            input_name="task",
        )
    return task


def check_category(category: object) -> str:
    """A non-empty task category string, else ``LITE-STATE-008``."""
    if not isinstance(category, str) or not category:
        raise AnimationStateError(
            "LITE-STATE-008",
            f"task category must be a non-empty string, got {category!r}",
            hint=f"use e.g. {ANIMATION_GROUP_TASK_CATEGORY!r}",
            input_name="category",
        )
    return category
