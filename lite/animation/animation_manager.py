"""Standalone animation manager: tasks, deterministic stepping, an autonomous loop.

Port of src/animation/animation-manager.ts and src/animation/animation-group-task.ts.

The manager owns a list of :class:`AnimationTask`. :func:`update_animation_manager` advances
them by a caller-given ``delta_ms`` (or the manager's ``fixed_delta_ms``), so the caller owns
the clock and playback is deterministic. :func:`start_animation_manager` runs the same update
from a background thread on a monotonic clock instead of ``requestAnimationFrame``.

Thread-safety contract: every public function here takes the manager's re-entrant lock, so
groups may be added, removed, paused or re-weighted from other threads while the autonomous
loop runs; each update sees a consistent task list and writes each target whole.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from lite.animation_group import AnimationGroup, _check_group, tick_animation
from lite.errors import AnimationStateError, finite_real

if TYPE_CHECKING:
    from lite.mixers import WeightFade

__all__ = [
    "ANIMATION_GROUP_TASK_CATEGORY",
    "AnimationManager",
    "AnimationTask",
    "AnimationTaskCategoryHandler",
    "AnimationTaskUpdate",
    "add_animation_group",
    "add_animation_groups",
    "add_animation_task",
    "clear_animation_manager",
    "create_animation_manager",
    "create_animation_task",
    "get_animation_groups",
    "remove_animation_group",
    "remove_animation_task",
    "set_animation_task_category_handler",
    "start_animation_manager",
    "stop_animation_manager",
    "update_animation_manager",
]

ANIMATION_GROUP_TASK_CATEGORY = "animation-group"

#: Frame period of the autonomous loop when no fixed delta is set (a 60 Hz display).
_AUTONOMOUS_PERIOD_S = 1.0 / 60.0

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


@dataclass(slots=True, eq=False)
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
    _fades: list[WeightFade] = field(default_factory=list)
    _snapshot: list[AnimationTask] = field(default_factory=list)
    _mixer_state: object | None = None
    _gltf_mixer_state: object | None = None
    _lock: threading.RLock = field(default_factory=threading.RLock)
    _thread: threading.Thread | None = None
    _stop_event: threading.Event = field(default_factory=threading.Event)
    _last_time: float = 0.0
    _frames: int = 0

    def __setattr__(self, name: str, value: object) -> None:
        if name == "fixed_delta_ms":
            value = _check_delta(value, name, "LITE-STATE-009")
        elif name == "on_update":
            _check_callable(value, name)
        object.__setattr__(self, name, value)


def _check_callable(value: object, name: str) -> None:
    if value is not None and not callable(value):
        raise AnimationStateError(
            "LITE-STATE-011",
            f"{name} must be callable, got {type(value).__name__}",
            hint=f"pass a function for {name}",
            input_name=name,
        )


def _check_delta(value: object, name: str, code: str) -> float:
    number = finite_real(value)
    if number is None or number < 0.0:
        raise AnimationStateError(
            code,
            f"{name} must be a finite, non-negative number of milliseconds, got {value!r}",
            hint="pass elapsed milliseconds, e.g. 16.667 for one 60 Hz frame",
            input_name=name,
        )
    return number


def _check_manager(manager: object) -> AnimationManager:
    if not isinstance(manager, AnimationManager):
        raise AnimationStateError(
            "LITE-STATE-014",
            f"manager must be an AnimationManager, got {type(manager).__name__}",
            hint="create one with create_animation_manager()",
            input_name="manager",
        )
    return manager


def _check_task(task: object) -> AnimationTask:
    if not isinstance(task, AnimationTask):
        raise AnimationStateError(
            "LITE-STATE-014",
            f"task must be an AnimationTask, got {type(task).__name__}",
            hint="create one with create_animation_task(update)",
            input_name="task",
        )
    return task


def _check_category(category: object) -> str:
    if not isinstance(category, str) or not category:
        raise AnimationStateError(
            "LITE-STATE-008",
            f"task category must be a non-empty string, got {category!r}",
            hint=f"use e.g. {ANIMATION_GROUP_TASK_CATEGORY!r}",
            input_name="category",
        )
    return category


def create_animation_manager(
    fixed_delta_ms: float = 0.0,
    on_update: Callable[[float], None] | None = None,
    engine: object | None = None,
    *,
    batched: bool = True,
) -> AnimationManager:
    """Create a manager with no tasks.

    Parameters
    ----------
    fixed_delta_ms
        0 to use the delta each update is given; > 0 to always step by this many ms.
    on_update
        Called after each autonomous tick with the step applied.
    engine
        Optional GPU engine for glTF skeleton and morph uploads.
    batched
        Evaluate groups that play one clip together (``lite.batch``; default on). The results
        equal the per-group path within 1e-6; pass False to force per-group evaluation.

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-009`` for a negative or non-finite ``fixed_delta_ms``;
        ``LITE-STATE-011`` when ``on_update`` is not callable.
    """
    step = _check_delta(fixed_delta_ms, "fixed_delta_ms", "LITE-STATE-009")
    _check_callable(on_update, "on_update")
    manager = AnimationManager(fixed_delta_ms=step, on_update=on_update, engine=engine)
    if batched:
        # Users do nothing special: groups of one clip are evaluated together (lite.batch).
        from lite.batch import enable_batched_evaluation

        enable_batched_evaluation(manager)
    return manager


def create_animation_task(
    update: AnimationTaskUpdate,
    *,
    category: str | None = None,
    dispose: Callable[[AnimationManager], None] | None = None,
) -> AnimationTask:
    """Create an active task calling ``update(manager, delta_ms, task)`` each tick.

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-011`` when ``update`` or ``dispose`` is not callable; ``LITE-STATE-008``
        when ``category`` is neither None nor a non-empty string.
    """
    if category is not None:
        _check_category(category)
    if not callable(update):
        raise AnimationStateError(
            "LITE-STATE-011",
            f"update must be callable, got {type(update).__name__}",
            hint="pass a function (manager, delta_ms, task) -> None",
            input_name="update",
        )
    _check_callable(dispose, "dispose")
    return AnimationTask(_update=update, _category=category, _dispose=dispose)


def set_animation_task_category_handler(
    manager: AnimationManager, category: str, handler: AnimationTaskCategoryHandler
) -> None:
    """Install one handler that drives every task of ``category`` in a single pass.

    When the handler returns True for a tick, the manager skips that category's tasks (it
    handled them) and still runs every other task. ``handler=None`` removes the handler.

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-008`` for an empty or non-string ``category``; ``LITE-STATE-011`` when
        ``handler`` is not callable; ``LITE-STATE-014`` when ``manager`` is not a manager.
    """
    _check_manager(manager)
    _check_category(category)
    _check_callable(handler, "handler")
    with manager._lock:
        current = manager._task_category_handler
        engine = getattr(current, "__self__", None)
        if (
            category == ANIMATION_GROUP_TASK_CATEGORY
            and handler is not None
            and engine is not None
            and type(engine).__name__ == "BatchEngine"
            and getattr(handler, "__self__", None) is not engine
        ):
            # The batched evaluator stays installed and runs this handler (a weighted mixer)
            # first, as it would have if the mixer had been enabled before batching.
            engine.prior = handler
            return
        manager._task_category = category
        manager._task_category_handler = handler


def add_animation_task(manager: AnimationManager, task: AnimationTask) -> None:
    """Attach ``task`` (no-op if already attached here).

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-005`` when the task belongs to another manager; ``LITE-STATE-014`` when
        ``manager`` or ``task`` has the wrong type.
    """
    _check_manager(manager)
    _check_task(task)
    with manager._lock:
        owner = task._owner
        if owner is manager:
            return
        if owner is not None:
            raise AnimationStateError(
                "LITE-STATE-005",
                "animation task is already attached to another AnimationManager",
                hint="remove it from that manager first",
                input_name="task",
            )
        task.active = True
        task._owner = manager
        manager.animations.append(task)


def _remove_task_at(manager: AnimationManager, index: int) -> None:
    task = manager.animations.pop(index)
    if task._owner is manager:
        task._owner = None
    task.active = False
    if task._dispose is not None:
        task._dispose(manager)


def remove_animation_task(manager: AnimationManager, task: AnimationTask) -> None:
    """Detach ``task``, mark it inactive and run its dispose hook."""
    _check_manager(manager)
    _check_task(task)
    with manager._lock:
        for index, candidate in enumerate(manager.animations):
            if candidate is task:
                _remove_task_at(manager, index)
                return
        if task._owner is manager:
            task._owner = None
            task.active = False


def clear_animation_manager(manager: AnimationManager) -> None:
    """Remove and dispose every task (and so every group)."""
    _check_manager(manager)
    with manager._lock:
        while manager.animations:
            _remove_task_at(manager, len(manager.animations) - 1)


def get_animation_groups(manager: AnimationManager) -> tuple[AnimationGroup, ...]:
    """The groups attached to ``manager``, in attachment order."""
    _check_manager(manager)
    with manager._lock:
        return tuple(manager._groups)


def add_animation_group(manager: AnimationManager, group: AnimationGroup) -> None:
    """Attach ``group`` so each update ticks it (creating its task on first use).

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-005`` when the group is attached to another manager; ``LITE-STATE-014``
        when ``manager`` or ``group`` has the wrong type.
    """
    _check_manager(manager)
    _check_group(group)
    with manager._lock:
        owner = group._manager
        if owner is not None and owner is not manager:
            raise AnimationStateError(
                "LITE-STATE-005",
                f"animation group {group.name!r} is already attached to another AnimationManager",
                hint="remove_animation_group it from the other manager first",
                input_name="group",
            )
        if owner is manager:
            return
        task = group._task
        if task is None:
            task = _group_task(group)
            group._task = task
        manager._groups.append(group)
        group._manager = manager
        add_animation_task(manager, task)


def _group_task(group: AnimationGroup) -> AnimationTask:
    def update(manager: AnimationManager, delta_ms: float, task: AnimationTask) -> None:
        tick_animation(group, delta_ms, manager.engine)

    def dispose(manager: AnimationManager) -> None:
        groups = manager._groups
        for index, candidate in enumerate(groups):
            if candidate is group:
                del groups[index]
                break
        if group._manager is manager:
            group._manager = None

    return AnimationTask(_update=update, _category=ANIMATION_GROUP_TASK_CATEGORY, _dispose=dispose)


def add_animation_groups(manager: AnimationManager, groups: Iterable[AnimationGroup]) -> None:
    """Attach each group in ``groups`` (see :func:`add_animation_group`); all or nothing."""
    _check_manager(manager)
    if isinstance(groups, AnimationGroup):
        raise AnimationStateError(
            "LITE-STATE-014",
            f"groups must be an iterable of AnimationGroup, got the group {groups.name!r}",
            hint="wrap it in a list, or call add_animation_group",
            input_name="groups",
        )
    try:
        items = list(groups)
    except TypeError:
        raise AnimationStateError(
            "LITE-STATE-014",
            f"groups must be an iterable of AnimationGroup, got {type(groups).__name__}",
            hint="pass a list of groups",
            input_name="groups",
        ) from None
    for i, item in enumerate(items):
        _check_group(item, f"groups[{i}]")
    with manager._lock:
        for group in items:
            owner = group._manager
            if owner is not None and owner is not manager:
                raise AnimationStateError(
                    "LITE-STATE-005",
                    f"animation group {group.name!r} is already attached to another manager",
                    hint="remove it from the other manager first; no group was added",
                    input_name="groups",
                )
        for group in items:
            add_animation_group(manager, group)


def remove_animation_group(manager: AnimationManager, group: AnimationGroup) -> None:
    """Detach ``group`` so it is no longer ticked."""
    _check_manager(manager)
    _check_group(group)
    with manager._lock:
        task = group._task
        if task is not None and group._manager is manager:
            remove_animation_task(manager, task)
            return
        for index, candidate in enumerate(manager._groups):
            if candidate is group:
                del manager._groups[index]
                break
        if group._manager is manager:
            group._manager = None


def update_animation_manager(manager: AnimationManager, delta_ms: float) -> None:
    """Advance every active task by ``delta_ms`` (or by ``fixed_delta_ms`` when set).

    Weight fades run first, then the category handler (the weighted mixers), then every
    task it did not handle, in attachment order. Tasks may remove themselves or others
    while the update runs.

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-002`` for a negative or non-finite ``delta_ms`` (nothing advances);
        ``LITE-STATE-014`` when ``manager`` is not an :class:`AnimationManager`.
    """
    step = _check_delta(delta_ms, "delta_ms", "LITE-STATE-002")
    _check_manager(manager)
    with manager._lock:
        if manager.fixed_delta_ms > 0.0:
            step = manager.fixed_delta_ms
        if manager._fades:
            from lite.mixers import _update_fades

            _update_fades(manager._fades, step)
        handler = manager._task_category_handler
        handled = manager._task_category if handler is not None and handler(manager, step) else None
        # Snapshot (into a reused list) so tasks can remove themselves or others mid-update.
        snapshot = manager._snapshot
        snapshot[:] = manager.animations
        try:
            for task in snapshot:
                if not task.active or (handled is not None and task._category == handled):
                    continue
                task._update(manager, step, task)
        finally:
            snapshot.clear()
        manager._frames += 1


def _loop(manager: AnimationManager) -> None:
    stop = manager._stop_event
    next_deadline = time.monotonic()
    try:
        while not stop.is_set():
            now = time.monotonic()
            delta_ms = (now - manager._last_time) * 1000.0 if manager._last_time > 0.0 else 0.0
            manager._last_time = now
            step = manager.fixed_delta_ms if manager.fixed_delta_ms > 0.0 else delta_ms
            update_animation_manager(manager, delta_ms)
            if manager.on_update is not None:
                manager.on_update(step)
            period = (
                manager.fixed_delta_ms / 1000.0
                if manager.fixed_delta_ms > 0.0
                else _AUTONOMOUS_PERIOD_S
            )
            next_deadline = max(next_deadline + period, time.monotonic())
            stop.wait(max(0.0, next_deadline - time.monotonic()))
    except BaseException as exc:  # keep the error for stop_animation_manager to re-raise
        manager.loop_error = exc
    finally:
        manager.running = False


def start_animation_manager(manager: AnimationManager) -> None:
    """Run updates autonomously from a daemon thread on a monotonic clock (no-op if running).

    Each tick passes the measured elapsed milliseconds (0 on the first tick) to
    :func:`update_animation_manager` (so ``fixed_delta_ms`` still wins when set), then calls
    ``on_update(step)``. Ticks are paced at ``fixed_delta_ms`` when set, else at 60 Hz. An
    exception raised by a task or ``on_update`` stops the loop and is kept in
    ``manager.loop_error``; :func:`stop_animation_manager` re-raises it.
    """
    _check_manager(manager)
    with manager._lock:
        if manager.running:
            return
        manager.running = True
        manager.loop_error = None
        manager._last_time = 0.0
        manager._stop_event.clear()
        thread = threading.Thread(
            target=_loop, args=(manager,), name="lite-animation-manager", daemon=True
        )
        manager._thread = thread
    thread.start()


def stop_animation_manager(manager: AnimationManager, timeout_s: float | None = 5.0) -> None:
    """Stop the autonomous loop and join its thread (no-op if not running).

    Called from inside the loop (a task or ``on_update``), it only asks the loop to stop.

    Raises
    ------
    BaseException
        The exception that had stopped the loop, if any (then cleared).
    """
    _check_manager(manager)
    thread = manager._thread
    manager._stop_event.set()
    if thread is not None and thread is not threading.current_thread():
        thread.join(timeout_s)
        manager._thread = None
    manager.running = False
    manager._last_time = 0.0
    error = manager.loop_error
    if error is not None:
        manager.loop_error = None
        raise error
