"""Standalone animation manager: tasks, deterministic stepping, an autonomous loop.

Port of src/animation/animation-manager.ts.

The manager owns a list of :class:`~lite.animation.state.AnimationTask`.
:func:`update_animation_manager` advances them by a caller-given ``delta_ms`` (or the
manager's ``fixed_delta_ms``), so the caller owns the clock and playback is deterministic.
:func:`start_animation_manager` runs the same update from a background thread on a monotonic
clock instead of ``requestAnimationFrame``.

The manager is generic: it knows tasks and one category handler, and imports none of the
features that plug into it. Animation groups, the group pipeline (weight fades, mixers,
batched evaluation) live in :mod:`lite.animation.animation_group_task` and install
themselves as the animation-group category's handler.

Thread-safety contract: every public function here takes the manager's re-entrant lock, so
groups may be added, removed, paused or re-weighted from other threads while the autonomous
loop runs; each update sees a consistent task list and writes each target whole.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from lite.animation.state import (
    AnimationManager,
    AnimationTask,
    AnimationTaskCategoryHandler,
    AnimationTaskUpdate,
    check_callable,
    check_category,
    check_delta,
    check_fixed_delta,
    check_manager,
    check_task,
    check_timeout,
)
from lite.errors import AnimationStateError

__all__ = [
    "add_animation_task",
    "clear_animation_manager",
    "create_animation_manager",
    "create_animation_task",
    "install_task_category_handler",
    "remove_animation_task",
    "start_animation_manager",
    "stop_animation_manager",
    "update_animation_manager",
]

#: Frame period of the autonomous loop when no fixed delta is set (a 60 Hz display).
_AUTONOMOUS_PERIOD_S = 1.0 / 60.0


def create_animation_manager(
    fixed_delta_ms: float = 0.0,
    on_update: Callable[[float], None] | None = None,
    engine: object | None = None,
) -> AnimationManager:
    """Create a core manager with no tasks and no group pipeline stages.

    ``lite.create_animation_manager`` (:mod:`lite._compose`) is this plus the batched
    evaluation stage; use this one for a manager that evaluates every group on its own.

    Parameters
    ----------
    fixed_delta_ms
        0 to use the delta each update is given; > 0 to always step by this many ms.
    on_update
        Called after each autonomous tick with the step applied.
    engine
        Optional GPU engine for glTF skeleton and morph uploads.

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-009`` for a negative, non-finite or over-1e9 ``fixed_delta_ms``;
        ``LITE-STATE-011`` when ``on_update`` is not callable.
    """
    step = check_fixed_delta(fixed_delta_ms)
    check_callable(on_update, "on_update")
    return AnimationManager(fixed_delta_ms=step, on_update=on_update, engine=engine)


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
        check_category(category)
    if not callable(update):
        raise AnimationStateError(
            "LITE-STATE-011",
            f"update must be callable, got {type(update).__name__}",
            hint="pass a function (manager, delta_ms, task) -> None",
            input_name="update",
        )
    check_callable(dispose, "dispose")
    return AnimationTask(_update=update, _category=category, _dispose=dispose)


def install_task_category_handler(
    manager: AnimationManager, category: str, handler: AnimationTaskCategoryHandler | None
) -> None:
    """Put ``handler`` in the manager's one category-handler slot, for tasks of ``category``.

    When the handler returns True for a tick, the manager skips that category's tasks (it
    handled them) and still runs every other task. ``handler=None`` empties the slot. This is
    the raw slot; ``lite.set_animation_task_category_handler``
    (:mod:`lite.animation.animation_group_task`) routes the animation-group category into the
    group pipeline instead.

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-008`` for an empty or non-string ``category``; ``LITE-STATE-011`` when
        ``handler`` is not callable; ``LITE-STATE-014`` when ``manager`` is not a manager.
    """
    check_manager(manager)
    check_category(category)
    check_callable(handler, "handler")
    with manager._lock:
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
    check_manager(manager)
    check_task(task)
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
    check_manager(manager)
    check_task(task)
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
    check_manager(manager)
    with manager._lock:
        while manager.animations:
            _remove_task_at(manager, len(manager.animations) - 1)


def update_animation_manager(manager: AnimationManager, delta_ms: float) -> None:
    """Advance every active task by ``delta_ms`` (or by ``fixed_delta_ms`` when set).

    The category handler runs first (for animation groups: the group pipeline, whose first
    stage is weight fades), then every task it did not handle, in attachment order. Tasks
    may remove themselves or others while the update runs.

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-002`` for a negative or non-finite ``delta_ms`` (nothing advances);
        ``LITE-STATE-014`` when ``manager`` is not an :class:`AnimationManager`.
    """
    step = check_delta(delta_ms, "delta_ms", "LITE-STATE-002")
    check_manager(manager)
    with manager._lock:
        if manager.fixed_delta_ms > 0.0:
            step = manager.fixed_delta_ms
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
    check_manager(manager)
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
    AnimationStateError
        ``LITE-STATE-025`` for a ``timeout_s`` that is not None or a finite, non-negative
        number of seconds, checked before anything is stopped (the loop keeps running).
    BaseException
        The exception that had stopped the loop, if any (then cleared).
    """
    check_manager(manager)
    timeout_s = check_timeout(timeout_s)
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
