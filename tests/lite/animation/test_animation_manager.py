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
    holder: dict[str, lite.AnimationManager] = {}

    def on_update(step: float) -> None:
        stop_animation_manager(holder["m"])

    m = create_animation_manager(on_update=on_update)
    holder["m"] = m
    start_animation_manager(m)
    thread = m._thread
    assert thread is not None
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
