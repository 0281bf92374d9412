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
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Protocol, cast, overload

import numpy as np

from lite.animation.animation_group_mask import AnimationGroupMask
from lite.animation.animation_tick import ClockState, TickClock
from lite.animation.constants import ANIMATION_GROUP_TASK_CATEGORY, DEFAULT_FRAME_RATE
from lite.animation.signal import GroupSignal
from lite.animation.summary import describe_fields, short_repr
from lite.errors import AnimationStateError, KeyframeError, finite_real

__all__ = [
    "MAX_FIXED_DELTA_MS",
    "AnimationController",
    "AnimationGroup",
    "AnimationManager",
    "AnimationTask",
    "AnimationTaskCategoryHandler",
    "AnimationTaskUpdate",
    "GroupStateStore",
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
    "release_group_row",
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
    #: Rounding error carried beside ``current_time`` by the mixers and the batched engine
    #: (its ``state`` is columns ``COL_CLOCK_TIME``/``COL_CLOCK_ERROR`` of the group's row).
    _clock: TickClock = field(default_factory=TickClock, init=False, repr=False)
    on_animation_end: GroupSignal = field(init=False, repr=False)
    on_animation_loop: GroupSignal = field(init=False, repr=False)
    #: The group's state row (``GROUP_STATE_COLUMNS`` doubles): a row of its manager's
    #: :class:`GroupStateStore`, or a private buffer while it is in no manager. The fields
    #: ``current_time``, ``is_playing``, ``speed_ratio``, ``loop_animation`` and ``_stopped``
    #: are properties over it (installed below the class).
    _row: _Row = field(init=False, repr=False)
    #: Index of ``_row`` in ``_store`` (-1 with a private row).
    _slot: int = field(init=False, repr=False)
    _store: GroupStateStore | None = field(init=False, repr=False)
    #: Storage of the ``_manager`` property (setting it moves the state row).
    _owner: AnimationManager | None = field(init=False, repr=False)

    def __repr__(self) -> str:
        return short_repr(
            self,
            name=repr(self.name),
            duration=self.duration,
            current_time=self.current_time,
            is_playing=self.is_playing,
            loop_animation=self.loop_animation,
            speed_ratio=self.speed_ratio,
            weight=self.weight,
            targets=len(self.targeted_animations),
        )

    def describe(self) -> str:
        """Every field in full, one per line (``repr()`` is the short form)."""
        return describe_fields(self)

    def __post_init__(self) -> None:
        object.__setattr__(self, "on_animation_end", GroupSignal(self))
        object.__setattr__(self, "on_animation_loop", GroupSignal(self))
        self._clock.state = self._row[COL_CLOCK_TIME : COL_CLOCK_ERROR + 1]

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

# ---------------------------------------------------------------------------------------------
# Group state rows: the per-frame state of every group of a manager in one float64 array
# ---------------------------------------------------------------------------------------------


class _Row(Protocol):
    """A group's state row: ``GROUP_STATE_COLUMNS`` raw doubles (a ``memoryview``)."""

    @overload
    def __getitem__(self, index: int, /) -> float: ...

    @overload
    def __getitem__(self, index: slice, /) -> ClockState: ...

    def __setitem__(self, index: int, value: float, /) -> None: ...

    def tolist(self) -> list[float]: ...


#: Columns of a group's state row. Booleans are stored as 0.0 / 1.0.
COL_TIME: Final = 0
COL_SPEED: Final = 1
COL_PLAYING: Final = 2
COL_LOOP: Final = 3
COL_STOPPED: Final = 4
COL_CLOCK_TIME: Final = 5
COL_CLOCK_ERROR: Final = 6
GROUP_STATE_COLUMNS: Final = 8


def _private_row(values: Sequence[float] | None = None) -> _Row:
    buf = array("d", values if values is not None else bytes(8 * GROUP_STATE_COLUMNS))
    return cast("_Row", memoryview(buf))


class GroupStateStore:
    """The state of a manager's groups: one row of ``GROUP_STATE_COLUMNS`` doubles per group.

    ``data`` is ``(capacity, GROUP_STATE_COLUMNS)`` float64; an attached group's fields
    (``current_time``, ``speed_ratio``, ``is_playing``, ``loop_animation``, ``_stopped``, its
    clock) read and write its row through a ``memoryview``, so the batched engine can read and
    write the state of all its groups with array operations (gather ``data[rows]``, scatter
    back). Rows are stable while a group stays attached; growing reallocates ``data`` and
    re-points every attached group's row.
    """

    __slots__ = ("data", "_flat", "_groups", "_free")

    def __init__(self, capacity: int = 8) -> None:
        self.data: np.ndarray[Any, np.dtype[np.float64]] = np.zeros((capacity, GROUP_STATE_COLUMNS))
        self._flat = memoryview(cast("Any", self.data.reshape(-1)))
        self._groups: list[AnimationGroup | None] = [None] * capacity
        self._free = list(range(capacity - 1, -1, -1))

    def __len__(self) -> int:
        return len(self._groups) - len(self._free)

    def _row(self, slot: int) -> _Row:
        n = GROUP_STATE_COLUMNS
        return cast("_Row", self._flat[slot * n : (slot + 1) * n])

    def _grow(self) -> None:
        cap = len(self._groups)
        data = np.zeros((2 * cap, GROUP_STATE_COLUMNS))
        data[:cap] = self.data
        self.data = data
        self._flat = memoryview(cast("Any", data.reshape(-1)))
        self._groups.extend([None] * cap)
        self._free.extend(range(2 * cap - 1, cap - 1, -1))
        for slot, group in enumerate(self._groups[:cap]):
            if group is not None:
                _point_row(group, self._row(slot), slot, self)

    def adopt(self, group: AnimationGroup) -> None:
        """Move ``group``'s state into a row of this store (values unchanged)."""
        values = group._row.tolist()
        release_group_row(group)
        if not self._free:
            self._grow()
        slot = self._free.pop()
        self._groups[slot] = group
        row = self._row(slot)
        for i, v in enumerate(values):
            row[i] = v
        _point_row(group, row, slot, self)


def _point_row(group: AnimationGroup, row: _Row, slot: int, store: GroupStateStore | None) -> None:
    object.__setattr__(group, "_row", row)
    object.__setattr__(group, "_slot", slot)
    object.__setattr__(group, "_store", store)
    clock = getattr(group, "_clock", None)  # unset while the dataclass __init__ runs
    if clock is not None:
        clock.state = row[COL_CLOCK_TIME : COL_CLOCK_ERROR + 1]


def release_group_row(group: AnimationGroup) -> None:
    """Give ``group`` a private row again (values unchanged), freeing its store row."""
    store = group._store
    if store is None:
        return
    values = group._row.tolist()
    store._groups[group._slot] = None
    store._free.append(group._slot)
    _point_row(group, _private_row(values), -1, None)


def _init_row(group: AnimationGroup) -> _Row:
    # First field write of a new group (inside the dataclass __init__): a private row.
    row = _private_row()
    _point_row(group, row, -1, None)
    return row


def _time_get(self: AnimationGroup) -> float:
    return self._row[COL_TIME]


def set_current_time_unchecked(group: AnimationGroup, value: float) -> None:
    """Raw setter of ``current_time`` for internal per-frame writes of valid values."""
    try:
        group._row[COL_TIME] = value
    except AttributeError:
        _init_row(group)[COL_TIME] = value


def _speed_get(self: AnimationGroup) -> float:
    return self._row[COL_SPEED]


def _speed_set(self: AnimationGroup, value: float) -> None:
    try:
        self._row[COL_SPEED] = value
    except AttributeError:
        _init_row(self)[COL_SPEED] = value


def _flag(column: int, doc: str) -> property:
    def get(self: AnimationGroup) -> bool:
        return self._row[column] != 0.0

    def put(self: AnimationGroup, value: object) -> None:
        try:
            row = self._row
        except AttributeError:
            row = _init_row(self)
        row[column] = 1.0 if value else 0.0

    return property(get, put, doc=doc)


def _manager_get(self: AnimationGroup) -> AnimationManager | None:
    return self._owner


def _manager_set(self: AnimationGroup, manager: AnimationManager | None) -> None:
    # Attaching moves the state row into the manager's store; detaching makes it private.
    object.__setattr__(self, "_owner", manager)
    try:
        self._row  # noqa: B018 - is the row set yet?
    except AttributeError:
        _init_row(self)
    if manager is None:
        release_group_row(self)
    elif self._store is not manager._group_state:
        manager._group_state.adopt(self)


# The state fields become properties over the row (the dataclass keeps them as fields, so the
# constructor's signature, repr and ``dataclasses.fields`` are unchanged).
for _name, _field_property in (
    ("current_time", property(_time_get, set_current_time_unchecked, doc="Playback time, s.")),
    ("speed_ratio", property(_speed_get, _speed_set, doc="Playback speed multiplier.")),
    ("is_playing", _flag(COL_PLAYING, "Whether the group advances each update.")),
    ("loop_animation", _flag(COL_LOOP, "Whether playback loops.")),
    ("_stopped", _flag(COL_STOPPED, "Stopped groups are not evaluated.")),
    ("_manager", property(_manager_get, _manager_set)),
):
    setattr(AnimationGroup, _name, _field_property)
del _name, _field_property

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

    fixed_delta_ms: float = 0.0
    running: bool = False
    engine: object | None = None
    on_update: Callable[[float], None] | None = None
    loop_error: BaseException | None = None
    #: Attached tasks and groups by ``id``, in attachment order: a dict, so that attaching and
    #: removing one is O(1) (a list scan made tearing down 20,000 groups take seconds).
    _task_ids: dict[int, AnimationTask] = field(default_factory=dict, init=False, repr=False)
    _group_ids: dict[int, AnimationGroup] = field(default_factory=dict, init=False, repr=False)
    #: The lists :attr:`animations` and ``_groups`` return, rebuilt on the first read after a
    #: change (None: changed since).
    _task_list: list[AnimationTask] | None = field(default=None, init=False, repr=False)
    _group_list: list[AnimationGroup] | None = field(default=None, init=False, repr=False)
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
    #: update_animation_manager's tasks outside the handled category: (tasks, category, them).
    _unhandled: tuple[list[AnimationTask], str, list[AnimationTask]] | None = field(
        default=None, init=False, repr=False
    )
    #: The attached groups' state rows (:class:`GroupStateStore`).
    _group_state: GroupStateStore = field(default_factory=GroupStateStore, init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_loop_changed", threading.Condition(self._lock))

    def __repr__(self) -> str:
        return short_repr(
            self,
            tasks=len(self.animations),
            groups=[g.name for g in self._groups][:8] + (["..."] if len(self._groups) > 8 else []),
            running=self.running,
            fixed_delta_ms=self.fixed_delta_ms,
        )

    def describe(self) -> str:
        """Every field in full, one per line (``repr()`` is the short form)."""
        return describe_fields(self)

    @property
    def animations(self) -> list[AnimationTask]:
        """The attached tasks, in attachment order (groups tick in this order). A list made on
        the first read after a change: read it, do not mutate it (use
        ``add_animation_task`` / ``remove_animation_task``)."""
        tasks = self._task_list
        if tasks is None:
            tasks = self._task_list = list(self._task_ids.values())
        return tasks

    @property
    def _groups(self) -> list[AnimationGroup]:
        """The attached groups, in attachment order (as :attr:`animations`)."""
        groups = self._group_list
        if groups is None:
            groups = self._group_list = list(self._group_ids.values())
        return groups

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
