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
import warnings
import weakref
from collections.abc import Callable
from typing import Final

from lite.animation.signal import OBSERVED_GROUPS, GroupSignal
from lite.animation.state import (
    AnimationGroup,
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
from lite.errors import AnimationStateError, LiteWarning

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
        manager._task_ids[id(task)] = task
        manager._task_list = None


def _detach_task(manager: AnimationManager, task: AnimationTask) -> None:
    """``task``, already taken out of ``manager._task_ids``: mark it detached, dispose it."""
    manager._task_list = None
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
        if manager._task_ids.get(id(task)) is task:  # O(1): no scan of the tasks
            del manager._task_ids[id(task)]
            _detach_task(manager, task)
            return
        if task._owner is manager:
            task._owner = None
            task.active = False


def clear_animation_manager(manager: AnimationManager) -> None:
    """Remove and dispose every task (and so every group)."""
    check_manager(manager)
    with manager._lock:
        tasks = manager._task_ids
        while tasks:
            _, task = tasks.popitem()  # the last attached first, O(1) each
            _detach_task(manager, task)


#: Consecutive updates with ``0 < delta_ms < 1`` (while a group longer than
#: :data:`_SECONDS_MIN_DURATION_S` plays) after which ``LITE-ANIM-W03`` warns.
_SECONDS_STREAK: Final = 10
_SECONDS_MIN_DURATION_S = 0.1
#: Per manager: the current streak of sub-millisecond updates.
_SMALL_DELTAS: weakref.WeakKeyDictionary[AnimationManager, int] = weakref.WeakKeyDictionary()
#: Managers already warned with ``LITE-ANIM-W03`` (once per manager).
_WARNED_SECONDS: weakref.WeakSet[AnimationManager] = weakref.WeakSet()


def _watch_units(manager: AnimationManager, delta_ms: float) -> None:
    """Warn once per manager (``LITE-ANIM-W03``) when deltas look like seconds.

    The rule: :data:`_SECONDS_STREAK` consecutive updates with ``0 < delta_ms < 1`` (faster
    than 1000 frames per second) while a playing group lasts more than 0.1 s. A zero delta
    (a re-evaluation) neither counts nor breaks the streak; any delta of 1 ms or more breaks it.
    """
    if delta_ms >= 1.0:
        if manager in _SMALL_DELTAS:
            del _SMALL_DELTAS[manager]
        return
    if delta_ms == 0.0 or manager in _WARNED_SECONDS or manager.fixed_delta_ms > 0.0:
        return
    if not any(g.is_playing and g.duration > _SECONDS_MIN_DURATION_S for g in manager._groups):
        return
    streak = _SMALL_DELTAS.get(manager, 0) + 1
    _SMALL_DELTAS[manager] = streak
    if streak < _SECONDS_STREAK:
        return
    _WARNED_SECONDS.add(manager)
    del _SMALL_DELTAS[manager]
    warnings.warn(
        LiteWarning(
            "LITE-ANIM-W03",
            f"update_animation_manager got {streak} deltas below 1 ms in a row (last "
            f"{delta_ms!r}) while clips lasting seconds play: delta_ms is in milliseconds "
            "(16.667 for one 60 Hz frame); pass seconds=... for seconds (warned once per "
            "manager)",
        ),
        stacklevel=3,
    )


def update_animation_manager(
    manager: AnimationManager,
    delta_ms: float | None = None,
    *,
    seconds: float | None = None,
) -> None:
    """Advance every active task by ``delta_ms`` (or by ``fixed_delta_ms`` when set).

    The delta is in **milliseconds**, as in Babylon Lite (key times are seconds): pass
    ``16.667`` for one 60 Hz frame, or give seconds by keyword, ``seconds=1 / 60`` (exactly
    one of the two). Several consecutive deltas in ``(0, 1)`` while a clip longer than 0.1 s
    plays (ten in a row) look like seconds passed as milliseconds and warn once per manager
    (``LITE-ANIM-W03``).

    The category handler runs first (for animation groups: the group pipeline, whose first
    stage is weight fades), then every task it did not handle, in attachment order. Tasks
    may remove themselves or others while the update runs.

    Group events: after the update has run every task and written every target, and after the
    manager lock is released, the listeners of the attached groups fire, groups in attachment
    order: ``group.on_animation_loop`` for a looping group that wrapped in this update (once per
    update, however many times it wrapped), ``group.on_animation_end`` for a non-looping run
    that reached the end of its range (the start, when playing backwards). A listener sees the
    final state of the frame and may call any lite function, this one included. Seeks and
    direct time assignments fire nothing. If a listener raises, the others still run and the
    first error is raised from here (the frame itself is complete). On the autonomous loop the
    events fire before ``on_update``.

    An update is never re-entered: called from inside a task, the category handler or a
    mixer while this manager's update runs on the same thread, it raises ``LITE-STATE-017``
    and changes nothing. The outer update then carries on with the remaining tasks and
    groups if the task catches the error, or raises it (never skips them silently).

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-002`` for a negative or non-finite ``delta_ms`` or ``seconds``, or for
        both or neither given (nothing advances); ``LITE-STATE-014`` when ``manager`` is not
        an :class:`AnimationManager`; ``LITE-STATE-017`` when called from inside this
        manager's own update.

    Examples
    --------
    >>> import lite
    >>> manager = lite.create_animation_manager()
    >>> lite.update_animation_manager(manager, 16.667)  # milliseconds
    >>> lite.update_animation_manager(manager, seconds=1 / 60)
    """
    if (delta_ms is None) == (seconds is None):
        raise AnimationStateError(
            "LITE-STATE-002",
            "update_animation_manager needs exactly one of delta_ms (milliseconds) and "
            f"seconds=, got delta_ms={delta_ms!r}, seconds={seconds!r}",
            hint="pass update_animation_manager(manager, 16.667) or (manager, seconds=1/60)",
            input_name="delta_ms" if seconds is None else "seconds",
        )
    if seconds is not None:
        step = check_delta(seconds, "seconds", "LITE-STATE-002") * 1000.0
    else:
        step = check_delta(delta_ms, "delta_ms", "LITE-STATE-002")
        check_manager(manager)
        _watch_units(manager, step)
    _update(manager, step)


def _update(manager: AnimationManager, step: float) -> None:
    """One update by ``step`` ms (already checked); the autonomous loop calls this."""
    delta_ms = step
    check_manager(manager)
    events: list[tuple[GroupSignal, AnimationGroup]] | None = None
    with manager._lock:
        if manager._updating:
            raise AnimationStateError(
                "LITE-STATE-017",
                "update_animation_manager was called from inside this manager's own update "
                f"(delta_ms={delta_ms!r})",
                hint="advance the manager from outside its tasks; a task already runs once "
                "per update",
                input_name="manager",
            )
        manager._updating = True
        try:
            if manager.fixed_delta_ms > 0.0:
                step = manager.fixed_delta_ms
            watched = _watch(manager) if OBSERVED_GROUPS else None
            handler = manager._task_category_handler
            handled = (
                manager._task_category if handler is not None and handler(manager, step) else None
            )
            # Snapshot (into a reused list) so tasks can remove themselves or others mid-update.
            snapshot = manager._snapshot
            snapshot[:] = manager.animations if handled is None else _unhandled(manager, handled)
            try:
                for task in snapshot:
                    if not task.active or (handled is not None and task._category == handled):
                        continue
                    task._update(manager, step, task)
            finally:
                snapshot.clear()
            manager._frames += 1
            if watched:
                events = _events(watched, step)
        finally:
            manager._updating = False
    if events:
        _fire(events)


def _unhandled(manager: AnimationManager, handled: str) -> list[AnimationTask]:
    """The tasks outside the ``handled`` category, in order (cached while the list is equal).

    With 10,000 groups the category handler ticks every group task, and testing each task
    in Python only to skip it took about 3 ms a frame; the filtered list is rebuilt only when
    ``manager.animations`` or the handled category changes (compared element by element, by
    identity: tasks compare by identity).
    """
    tasks = manager.animations
    cache = manager._unhandled
    if cache is None or cache[1] != handled or cache[0] != tasks:
        cache = manager._unhandled = (
            list(tasks),
            handled,
            [task for task in tasks if task._category != handled],
        )
    return cache[2]


#: What an update remembers of a watched group: (group, time, completed, advancing, looping,
#: speed, start, end).
_Watch = tuple[AnimationGroup, float, bool, bool, bool, float, float, float]


def _watch(manager: AnimationManager) -> list[_Watch]:
    """The state, before this update, of the attached groups that have listeners."""
    out: list[_Watch] = []
    for group in tuple(OBSERVED_GROUPS):
        if group._manager is not manager or not (
            len(group.on_animation_end) or len(group.on_animation_loop)
        ):
            continue
        ctrl = group._ctrl
        start = float(getattr(ctrl, "from_time", 0.0))
        end = float(getattr(ctrl, "to_time", group.duration))
        out.append(
            (
                group,
                group.current_time,
                group._completed,
                group.is_playing and not group._stopped,
                group.loop_animation,
                group.speed_ratio,
                start,
                end,
            )
        )
    if len(out) > 1:
        # Attachment order, whatever order the weak set iterates in (one watched group, the
        # common case, skips this map over every attached group).
        order = {id(g): i for i, g in enumerate(manager._groups)}
        out.sort(key=lambda w: order.get(id(w[0]), 0))
    return out


def _events(watched: list[_Watch], step: float) -> list[tuple[GroupSignal, AnimationGroup]]:
    """Loop and end events of this update, per group in attachment order (loop first)."""
    events: list[tuple[GroupSignal, AnimationGroup]] = []
    for group, before, completed, advancing, looping, speed, start, end in watched:
        if not advancing or speed == 0.0:
            continue
        after = group.current_time
        span = end - start
        advance = step / 1000.0 * speed
        if looping and span > 0.0:
            wrapped = after < before if speed > 0.0 else after > before
            if wrapped or abs(advance) >= span:
                events.append((group.on_animation_loop, group))
            continue
        ended = (not completed and group._completed) or (
            not group._completed
            and (before < end <= after if speed > 0.0 else after <= start < before)
        )
        if ended:
            events.append((group.on_animation_end, group))
    return events


def _fire(events: list[tuple[GroupSignal, AnimationGroup]]) -> None:
    """Call the listeners after the update, outside the manager lock; re-raise the first error."""
    error: BaseException | None = None
    for signal, group in events:
        for callback in signal:
            try:
                callback(group)
            except Exception as exc:  # every listener runs; the first error surfaces after
                if error is None:
                    error = exc
    if error is not None:
        raise error


def _loop(manager: AnimationManager) -> None:
    stop = manager._stop_event
    lock = manager._lock
    me = threading.current_thread()
    next_deadline = time.monotonic()
    exited = False
    try:
        while True:
            with lock:
                # The exit is decided and recorded under the lock, so a start that clears the
                # stop event either sees this thread go on or sees ``_thread`` already cleared.
                if stop.is_set():
                    _loop_exited(manager, me)
                    exited = True
                    return
            now = time.monotonic()
            delta_ms = (now - manager._last_time) * 1000.0 if manager._last_time > 0.0 else 0.0
            manager._last_time = now
            step = manager.fixed_delta_ms if manager.fixed_delta_ms > 0.0 else delta_ms
            _update(manager, delta_ms)
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
        with lock:
            manager.loop_error = exc
    finally:
        if not exited:
            with lock:
                _loop_exited(manager, me)
        # From here on this thread takes no lock: a start may join it while holding one.


def _loop_exited(manager: AnimationManager, thread: threading.Thread) -> None:
    # Under the manager lock: the loop thread ``thread`` leaves and runs no further tick.
    if manager._thread is thread:
        manager._thread = None
        manager.running = False
    manager._exiting = thread
    manager._loop_changed.notify_all()


def start_animation_manager(manager: AnimationManager) -> None:
    """Run updates autonomously from a daemon thread on a monotonic clock (no-op if running).

    Each tick passes the measured elapsed milliseconds (0 on the first tick) to
    :func:`update_animation_manager` (so ``fixed_delta_ms`` still wins when set), then calls
    ``on_update(step)``. Ticks are paced at ``fixed_delta_ms`` when set, else at 60 Hz. An
    exception raised by a task or ``on_update`` stops the loop and is kept in
    ``manager.loop_error``; :func:`stop_animation_manager` re-raises it.

    A manager has at most one loop thread, always. If the previous loop thread is still
    finishing (a stop was requested, or ``stop_animation_manager`` timed out waiting for a
    long tick), start cancels that stop and the same thread carries on: no second thread.
    Concurrent start and stop calls from several threads serialise on the manager's lock;
    the last one to take it decides whether the loop runs.

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-012`` when called from the loop thread itself (a task or ``on_update``)
        while the loop is running; ``LITE-STATE-014`` when ``manager`` is not a manager.
        After ``stop_animation_manager`` from inside the loop, a start from the loop thread
        is accepted and cancels that stop (the loop goes on, on the same thread).
    """
    check_manager(manager)
    with manager._lock:
        thread = manager._thread
        if thread is not None:
            if not manager._stop_event.is_set():
                if thread is threading.current_thread():
                    raise AnimationStateError(
                        "LITE-STATE-012",
                        "start_animation_manager was called from inside the running loop",
                        hint="the loop is already running; start it from another thread, "
                        "or stop it first",
                        input_name="manager",
                    )
                return
            # The previous loop thread has not exited yet: keep it instead of adding one.
            manager._stop_event.clear()
            manager.running = True
            manager._loop_changed.notify_all()
            return
        exiting = manager._exiting
        if exiting is not None:
            # The previous loop thread has left its loop and takes no lock any more: wait
            # for it to end so that two loop threads are never alive at once.
            exiting.join()
            manager._exiting = None
        manager.running = True
        manager.loop_error = None
        manager._last_time = 0.0
        manager._stop_event.clear()
        thread = threading.Thread(
            target=_loop,
            args=(manager,),
            name=f"lite-animation-manager-{id(manager):x}",
            daemon=True,
        )
        manager._thread = thread
        # Started under the lock: no other call can see a thread that is not started yet.
        thread.start()


def stop_animation_manager(manager: AnimationManager, timeout_s: float | None = 5.0) -> None:
    """Stop the autonomous loop and wait for its thread (no-op if not running).

    Called from inside the loop (a task or ``on_update``), it only asks the loop to stop;
    the loop exits after the current tick. From another thread it waits up to ``timeout_s``
    for the loop thread to exit (or for a concurrent :func:`start_animation_manager` to
    cancel the stop), the wait for a tick in progress included. When the wait times out the
    thread finishes its tick and exits on its own (``running`` turns False then); a later
    start reuses it rather than adding a second one.

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
    lock = manager._lock
    # A tick holds the lock: waiting for it counts against the timeout too.
    if not (lock.acquire() if timeout_s is None else lock.acquire(timeout=max(0.0, timeout_s))):
        # Timed out behind a long tick: request the stop; the loop exits after that tick.
        manager._stop_event.set()
        return
    try:
        thread = manager._thread
        manager._stop_event.set()
        if thread is not None and thread is not threading.current_thread():
            # Releases the lock while waiting, so the loop can finish its tick and exit.
            manager._loop_changed.wait_for(
                lambda: manager._thread is not thread or not manager._stop_event.is_set(),
                timeout_s,
            )
        if manager._stop_event.is_set():
            manager.running = False
            manager._last_time = 0.0
        error = manager.loop_error
        if error is not None and manager._thread is None:
            manager.loop_error = None
            raise error
    finally:
        lock.release()
