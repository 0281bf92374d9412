"""Manager: tasks, category handlers, deterministic stepping, the autonomous loop."""

from __future__ import annotations

import threading
import time
from types import SimpleNamespace
from typing import Any

import pytest

import lite
from lite import (
    AnimationStateError,
    add_animation_group,
    add_animation_task,
    create_animation_manager,
    create_animation_task,
    create_property_animation_clip,
    create_property_animation_group,
    get_animation_groups,
    remove_animation_group,
    remove_animation_task,
    set_animation_task_category_handler,
    start_animation_manager,
    stop_animation_manager,
    update_animation_manager,
)

CLIP = create_property_animation_clip(
    "c", [{"path": "x", "keys": [{"time": 0, "value": 0}, {"time": 10, "value": 10}]}]
)


def test_standalone_manager_updates_property_groups_without_scene() -> None:
    m = create_animation_manager()
    target = {"x": -1.0}
    g = create_property_animation_group(m, target, CLIP)
    assert get_animation_groups(m) == (g,)
    update_animation_manager(m, 1500.0)
    assert target["x"] == 1.5


@pytest.mark.parametrize("bad", [-1.0, float("nan"), float("inf"), "16", None, True])
def test_bad_delta_raises_and_advances_nothing(bad: Any) -> None:
    m = create_animation_manager()
    target = {"x": -1.0}
    g = create_property_animation_group(m, target, CLIP)
    update_animation_manager(m, 100.0)
    with pytest.raises(AnimationStateError) as exc:
        update_animation_manager(m, bad)
    assert exc.value.code == "LITE-STATE-002"
    assert g.current_time == pytest.approx(0.1)


def test_fixed_delta_overrides_given_delta() -> None:
    m = create_animation_manager(fixed_delta_ms=250.0)
    target = {"x": 0.0}
    create_property_animation_group(m, target, CLIP)
    update_animation_manager(m, 0.0)
    update_animation_manager(m, 9999.0)
    assert target["x"] == 0.5


@pytest.mark.parametrize("bad", [-1.0, float("nan")])
def test_bad_fixed_delta_raises(bad: float) -> None:
    with pytest.raises(AnimationStateError) as exc:
        create_animation_manager(fixed_delta_ms=bad)
    assert exc.value.code == "LITE-STATE-009"


def test_tasks_run_in_order_and_may_remove_themselves() -> None:
    m = create_animation_manager()
    seen: list[str] = []
    disposed: list[str] = []

    def once(manager: lite.AnimationManager, dt: float, task: lite.AnimationTask) -> None:
        seen.append("once")
        remove_animation_task(manager, task)

    a = create_animation_task(once, dispose=lambda _m: disposed.append("a"))
    b = create_animation_task(lambda _m, dt, _t: seen.append(f"b{dt}"))
    add_animation_task(m, a)
    add_animation_task(m, b)
    update_animation_manager(m, 5.0)
    update_animation_manager(m, 6.0)
    assert seen == ["once", "b5.0", "b6.0"]
    assert disposed == ["a"] and not a.active


def test_task_cannot_join_two_managers() -> None:
    task = create_animation_task(lambda *_: None)
    add_animation_task(create_animation_manager(), task)
    with pytest.raises(AnimationStateError) as exc:
        add_animation_task(create_animation_manager(), task)
    assert exc.value.code == "LITE-STATE-005"


def test_category_handler_skips_only_its_category() -> None:
    m = create_animation_manager()
    target = {"x": 0.0}
    create_property_animation_group(m, target, CLIP)
    other: list[float] = []
    add_animation_task(
        m, create_animation_task(lambda _m, dt, _t: other.append(dt), category="sprites")
    )
    set_animation_task_category_handler(m, "animation-group", lambda _m, _dt: True)
    update_animation_manager(m, 1000.0)
    assert target["x"] == 0.0 and other == [1000.0]
    with pytest.raises(AnimationStateError):
        set_animation_task_category_handler(m, "", lambda _m, _dt: True)


def test_group_removal_and_reattachment() -> None:
    m = create_animation_manager()
    target = {"x": 0.0}
    g = create_property_animation_group(m, target, CLIP)
    remove_animation_group(m, g)
    update_animation_manager(m, 1000.0)
    assert target["x"] == 0.0 and get_animation_groups(m) == ()
    add_animation_group(m, g)
    update_animation_manager(m, 1000.0)
    assert target["x"] == 1.0
    with pytest.raises(AnimationStateError):
        add_animation_group(create_animation_manager(), g)


def test_autonomous_loop_runs_on_a_thread_and_stops_cleanly() -> None:
    ticks: list[float] = []
    done = threading.Event()

    def on_update(step: float) -> None:
        ticks.append(step)
        if len(ticks) >= 5:
            done.set()

    m = create_animation_manager(fixed_delta_ms=5.0, on_update=on_update)
    target = {"x": 0.0}
    create_property_animation_group(m, target, CLIP)
    start_animation_manager(m)
    start_animation_manager(m)  # no-op while running
    assert m.running
    assert done.wait(5.0)
    stop_animation_manager(m)
    assert not m.running and m._thread is None
    count = len(ticks)
    time.sleep(0.05)
    assert len(ticks) == count  # no tick after stop returned
    assert set(ticks) == {5.0}
    assert target["x"] == pytest.approx(0.005 * count)


def test_loop_error_is_kept_and_reraised_on_stop() -> None:
    def boom(step: float) -> None:
        raise RuntimeError("boom")

    m = create_animation_manager(on_update=boom)
    start_animation_manager(m)
    deadline = time.monotonic() + 5.0
    while m.running and time.monotonic() < deadline:
        time.sleep(0.005)
    with pytest.raises(RuntimeError, match="boom"):
        stop_animation_manager(m)
    stop_animation_manager(m)  # error cleared: a second stop is a no-op


def test_stop_from_inside_the_loop_only_requests_stop() -> None:
    holder: dict[str, Any] = {}
    seen = threading.Event()

    def on_update(step: float) -> None:
        holder["thread"] = threading.current_thread()
        stop_animation_manager(holder["m"])
        seen.set()

    m = create_animation_manager(on_update=on_update)
    holder["m"] = m
    start_animation_manager(m)
    assert seen.wait(5.0)
    thread = holder["thread"]
    thread.join(5.0)
    assert not thread.is_alive() and not m.running


def test_threads_can_add_pause_and_reweight_while_loop_runs() -> None:
    m = create_animation_manager(fixed_delta_ms=1.0)
    lite.enable_property_animation_blending(m)
    start_animation_manager(m)
    targets = [SimpleNamespace(x=0.0) for _ in range(20)]
    errors: list[BaseException] = []

    def worker(k: int) -> None:
        try:
            for i in range(50):
                g = create_property_animation_group(m, targets[(k + i) % 20], CLIP)
                lite.set_animation_weight(g, (i % 10) / 10)
                if i % 3 == 0:
                    lite.pause_animation(g)
                if i % 5 == 0:
                    remove_animation_group(m, g)
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    stop_animation_manager(m)
    assert errors == []
    assert len(get_animation_groups(m)) == 4 * 40


# --- one loop thread per manager, always (issue 15, finding 3) -------------------------------


def _loop_threads(m: lite.AnimationManager) -> list[threading.Thread]:
    name = f"lite-animation-manager-{id(m):x}"
    return [t for t in threading.enumerate() if t.name == name and t.is_alive()]


class _Ticks:
    """A task recording which thread ran each tick; ``wait(n)`` waits for n more ticks."""

    def __init__(self) -> None:
        self.cond = threading.Condition()
        self.idents: list[int] = []

    def __call__(self, manager: lite.AnimationManager, delta_ms: float, task: Any) -> None:
        with self.cond:
            self.idents.append(threading.get_ident())
            self.cond.notify_all()

    def wait(self, n: int) -> list[int]:
        with self.cond:
            start = len(self.idents)
            assert self.cond.wait_for(lambda: len(self.idents) >= start + n, 5.0)
            return self.idents[start:]


def _stop_all(m: lite.AnimationManager) -> None:
    stop_animation_manager(m, timeout_s=None)
    assert _loop_threads(m) == [] and m._thread is None and not m.running


def test_stop_then_start_from_inside_a_task_keeps_one_loop_thread() -> None:
    m = create_animation_manager(fixed_delta_ms=1.0)
    ticks = _Ticks()
    calls = {"n": 0}

    def restart(manager: lite.AnimationManager, delta_ms: float, task: Any) -> None:
        calls["n"] += 1
        if calls["n"] == 3:
            stop_animation_manager(manager)
            start_animation_manager(manager)  # cancels the stop: the same thread goes on

    add_animation_task(m, create_animation_task(restart))
    add_animation_task(m, create_animation_task(ticks))
    start_animation_manager(m)
    later = ticks.wait(20)
    assert len(set(later)) == 1 and len(_loop_threads(m)) == 1 and m.running
    _stop_all(m)


def test_start_from_inside_the_running_loop_raises_state_012() -> None:
    m = create_animation_manager(fixed_delta_ms=1.0)
    caught: list[str] = []
    done = threading.Event()

    def start_inside(manager: lite.AnimationManager, delta_ms: float, task: Any) -> None:
        if not done.is_set():
            with pytest.raises(AnimationStateError) as exc:
                start_animation_manager(manager)
            caught.append(exc.value.code)
            done.set()

    add_animation_task(m, create_animation_task(start_inside))
    start_animation_manager(m)
    assert done.wait(5.0)
    assert caught == ["LITE-STATE-012"] and len(_loop_threads(m)) == 1
    _stop_all(m)


def test_start_after_a_timed_out_stop_reuses_the_finishing_thread() -> None:
    m = create_animation_manager(fixed_delta_ms=1.0)
    ticks = _Ticks()
    entered, release = threading.Event(), threading.Event()

    def slow(manager: lite.AnimationManager, delta_ms: float, task: Any) -> None:
        if not release.is_set():
            entered.set()
            release.wait(5.0)

    add_animation_task(m, create_animation_task(slow))
    add_animation_task(m, create_animation_task(ticks))
    start_animation_manager(m)
    assert entered.wait(5.0)
    stop_animation_manager(m, timeout_s=0.0)  # the tick is still running: the wait times out
    assert len(_loop_threads(m)) == 1
    start_animation_manager(m)
    release.set()
    later = ticks.wait(20)
    assert len(set(later)) == 1 and len(_loop_threads(m)) == 1 and m.running
    _stop_all(m)


def _start_stop_trial(seed: int, workers: int, calls: int) -> tuple[int, int]:
    """Peak number of live loop threads, and the number of calls that raised."""
    m = create_animation_manager(fixed_delta_ms=0.5)
    peak = [0]
    failures: list[BaseException] = []

    def watch(manager: lite.AnimationManager, delta_ms: float, task: Any) -> None:
        peak[0] = max(peak[0], len(_loop_threads(manager)))

    def worker(k: int) -> None:
        try:
            for i in range(calls):
                if (i + k) % 2:
                    start_animation_manager(m)
                else:
                    stop_animation_manager(m, timeout_s=1.0)
                peak[0] = max(peak[0], len(_loop_threads(m)))
        except BaseException as exc:
            failures.append(exc)

    add_animation_task(m, create_animation_task(watch))
    threads = [threading.Thread(target=worker, args=(k + seed,)) for k in range(workers)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30.0)
    _stop_all(m)
    return peak[0], len(failures)


def test_concurrent_start_and_stop_never_run_two_loops_nor_raise() -> None:
    trials, workers, calls = 20, 6, 40
    results = [_start_stop_trial(trial, workers, calls) for trial in range(trials)]
    doubles = sum(peak > 1 for peak, _ in results)
    errors = sum(n for _, n in results)
    print(
        f"\n{trials} trials x {workers} threads x {calls} calls: {doubles} double loops, "
        f"{errors} errors"
    )
    assert doubles == 0 and errors == 0


# --- update re-entrancy (issue 15, finding 9) -------------------------------------------------


def test_nested_update_from_a_task_is_refused_and_the_outer_frame_completes() -> None:
    m = create_animation_manager()
    target = {"x": 0.0}
    g = create_property_animation_group(m, target, CLIP)
    lite.play_animation(g)
    codes: list[str] = []
    ran: list[int] = []

    def nested(manager: lite.AnimationManager, delta_ms: float, task: Any) -> None:
        with pytest.raises(AnimationStateError) as exc:
            update_animation_manager(manager, 1000.0)
        codes.append(exc.value.code)

    add_animation_task(m, create_animation_task(nested))
    for k in range(3):
        add_animation_task(m, create_animation_task(lambda mm, d, t, k=k: ran.append(k)))
    update_animation_manager(m, 500.0)
    assert codes == ["LITE-STATE-017"] and ran == [0, 1, 2]
    assert target["x"] == pytest.approx(0.5)  # advanced once, by the outer delta only
    update_animation_manager(m, 500.0)  # the manager is usable afterwards
    assert ran == [0, 1, 2, 0, 1, 2] and target["x"] == pytest.approx(1.0)


def test_an_uncaught_nested_update_raises_from_the_outer_update() -> None:
    m = create_animation_manager()
    add_animation_task(m, create_animation_task(lambda mm, d, t: update_animation_manager(mm, 1.0)))
    with pytest.raises(AnimationStateError) as exc:
        update_animation_manager(m, 1.0)
    assert exc.value.code == "LITE-STATE-017" and not m._updating
