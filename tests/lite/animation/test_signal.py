"""Group end and loop notifications: fired after the update, on the ticks Lite's state shows."""

from __future__ import annotations

import threading
from types import SimpleNamespace

import pytest

import lite
from lite.assets import default_figure_path
from lite.errors import AnimationStateError

KEYS = [{"time": 0, "value": 0.0}, {"time": 1, "value": 10.0}]


def clip() -> lite.PropertyAnimationClip:
    return lite.create_property_animation_clip("c", [{"path": "x", "keys": KEYS}])


def test_end_fires_on_the_update_that_stops_the_group_after_its_write() -> None:
    manager = lite.create_animation_manager()
    box = SimpleNamespace(x=0.0)
    group = lite.create_property_animation_group(manager, box, clip(), loop=False)
    seen: list[tuple[int, float, bool]] = []
    group.on_animation_end.add(lambda g: seen.append((frame, box.x, g.is_playing)))
    stopped_at = None
    for frame in range(8):
        lite.update_animation_manager(manager, 300.0)
        if stopped_at is None and not group.is_playing:
            stopped_at = frame
    assert stopped_at == 3 and seen == [(3, 10.0, False)]  # the final value was written first


@pytest.mark.parametrize("delta", [70.0, 333.0, 1000.0, 2500.0])
def test_loop_fires_once_per_update_that_wraps(delta: float) -> None:
    manager = lite.create_animation_manager()
    group = lite.create_property_animation_group(manager, SimpleNamespace(x=0.0), clip())
    loops: list[int] = []
    group.on_animation_loop.add(lambda g: loops.append(frame))
    expected = []
    for frame in range(40):
        before = group.current_time
        lite.update_animation_manager(manager, delta)
        if group.current_time < before or delta >= 1000.0:
            expected.append(frame)
    assert loops == expected and loops


def test_backwards_playback_loops_and_ends_at_the_start() -> None:
    manager = lite.create_animation_manager()
    group = lite.create_property_animation_group(
        manager, SimpleNamespace(x=0.0), clip(), loop=False
    )
    group.speed_ratio = -1.0
    group.current_time = 0.5
    ended = []
    group.on_animation_end.add(lambda g: ended.append(g.current_time))
    for _ in range(4):
        lite.update_animation_manager(manager, 200.0)
    assert ended == [0.0]


def test_gltf_groups_end_once_and_keep_playing_as_in_lite() -> None:
    asset = lite.load_gltf(default_figure_path())
    manager = lite.create_animation_manager()
    walk = asset.animation_groups[0]
    walk.loop_animation = False
    lite.add_animation_group(manager, walk)
    ended: list[float] = []
    walk.on_animation_end.add(lambda g: ended.append(g.current_time))
    for _ in range(6):
        lite.update_animation_manager(manager, 300.0)
    assert ended == [walk.duration] and walk.is_playing  # Lite holds the end pose, playing


def test_batched_property_groups_fire_too_in_attachment_order() -> None:
    manager = lite.create_animation_manager()
    boxes = [SimpleNamespace(x=0.0) for _ in range(64)]  # enough to take the batched path
    groups = [lite.create_property_animation_group(manager, b, clip(), loop=False) for b in boxes]
    order: list[int] = []
    for i in (40, 3, 17):
        groups[i].on_animation_end.add(lambda g, i=i: order.append(i))
    for _ in range(5):
        lite.update_animation_manager(manager, 300.0)
    assert order == [3, 17, 40]


def test_listeners_may_call_lite_and_errors_surface_after_every_listener() -> None:
    manager = lite.create_animation_manager()
    group = lite.create_property_animation_group(
        manager, SimpleNamespace(x=0.0), clip(), loop=False
    )
    calls: list[str] = []

    def restart(g: lite.AnimationGroup) -> None:
        calls.append("restart")
        lite.play_animation(g)
        lite.update_animation_manager(manager, 0.0)  # not a re-entry: the update has finished

    def boom(g: lite.AnimationGroup) -> None:
        calls.append("boom")
        raise RuntimeError("listener failed")

    group.on_animation_end.add(boom)
    remove = group.on_animation_end.add(restart)
    for _ in range(3):
        lite.update_animation_manager(manager, 300.0)
    with pytest.raises(RuntimeError, match="listener failed"):
        lite.update_animation_manager(manager, 300.0)  # the update that ends the run
    assert calls == ["boom", "restart"] and group.is_playing
    remove()
    assert len(group.on_animation_end) == 1
    with pytest.raises(AnimationStateError) as exc:
        group.on_animation_loop.add("not callable")  # type: ignore[arg-type]
    assert exc.value.code == "LITE-STATE-011"


def test_seeks_fire_nothing_and_the_loop_thread_fires_before_on_update() -> None:
    seen: list[str] = []
    done = threading.Event()
    manager = lite.create_animation_manager(
        fixed_delta_ms=250.0, on_update=lambda step: seen.append("update")
    )
    group = lite.create_property_animation_group(
        manager, SimpleNamespace(x=0.0), clip(), loop=False
    )
    lite.go_to_frame(group, 60)  # a seek to the end: no event
    lite.play_animation(group)
    group.current_time = 0.0

    def on_end(g: lite.AnimationGroup) -> None:
        seen.append("end")
        done.set()

    group.on_animation_end.add(on_end)
    lite.start_animation_manager(manager)
    try:
        assert done.wait(10.0)
    finally:
        lite.stop_animation_manager(manager)
    i = seen.index("end")
    assert seen[i + 1 :][:1] == ["update"] and seen.count("end") == 1
