"""Scene's playground boilerplate (issue 29, item 9): clearColor, readiness, onDispose, uid,
useRightHandedSystem, getDeterministicFrameTime, the active camera and the refusals.

Expected values are Babylon.js 9.31's, measured under Node (compat_surface_boilerplate records
them); the retry without an asyncio loop (on the next render) is lite_compat's stand-in for
Babylon's 100 ms timer and is documented in docs/architecture/compat-scene.md.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator

import pytest

from lite.errors import AnimationStateError, LiteError, UnsupportedError
from lite_compat import Color4, FreeCamera, NullEngine, PrecisionDate, Scene, Vector3

UID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")


@pytest.fixture
def scene() -> Iterator[Scene]:
    engine = NullEngine()
    s = Scene(engine)
    FreeCamera("camera1", Vector3(0, 5, -10), s)
    yield s
    engine.dispose()


def test_clear_color_is_babylons_color4_and_notifies_on_a_new_object(scene: Scene) -> None:
    assert isinstance(scene.clearColor, Color4)
    assert [scene.clearColor.r, scene.clearColor.g, scene.clearColor.b, scene.clearColor.a] == [
        0.2,
        0.2,
        0.3,
        1,
    ]
    seen: list[Color4] = []
    scene.onClearColorChangedObservable.add(lambda c, _state: seen.append(c))
    color = Color4(0.1, 0.2, 0.3, 1)
    scene.clearColor = color
    scene.clearColor = color  # the same object: no notification
    color.r = 0.5  # in place: none either
    assert seen == [color]
    assert scene.clearColor is color


def test_plain_settings_have_babylons_defaults(scene: Scene) -> None:
    assert [scene.fogEnabled, scene.fogMode, scene.fogDensity, scene.fogStart, scene.fogEnd] == [
        True,
        0,
        0.1,
        0,
        1000,
    ]
    assert [scene.gravity.x, scene.gravity.y, scene.gravity.z] == [0, -9.807, 0]
    assert [scene.ambientColor.r, scene.ambientColor.g, scene.ambientColor.b] == [0, 0, 0]
    assert (Scene.FOGMODE_NONE, Scene.FOGMODE_EXP, Scene.FOGMODE_EXP2, Scene.FOGMODE_LINEAR) == (
        0,
        1,
        2,
        3,
    )
    assert scene.onReadyTimeoutDuration == 120000
    other = Scene(scene.getEngine())
    assert other.gravity is not scene.gravity  # one vector per scene


def test_uid_is_a_stable_v4_guid_per_scene(scene: Scene) -> None:
    other = Scene(scene.getEngine())
    assert UID.match(scene.uid) and scene.uid == scene.uid
    assert scene.uid != other.uid


def test_right_handedness_and_deterministic_frame_time(scene: Scene) -> None:
    assert scene.useRightHandedSystem is False
    scene.useRightHandedSystem = True
    assert scene.useRightHandedSystem is True
    assert scene.getDeterministicFrameTime() == pytest.approx(1000 / 60, abs=0, rel=1e-15)
    thirty = Scene(NullEngine({"timeStep": 1 / 30}))
    assert thirty.getDeterministicFrameTime() == pytest.approx(1000 / 30, abs=0, rel=1e-15)


def test_is_ready_waits_for_pending_data_ready_checks_and_disposal(scene: Scene) -> None:
    assert scene.isReady() and scene.isReady(False)
    scene.addPendingData("texture")
    assert not scene.isReady()
    scene.removePendingData("texture")
    check = type("Check", (), {"ready": False, "isReady": lambda self: self.ready})()
    scene.addIsReadyCheck(check)
    assert not scene.isReady()
    check.ready = True
    assert scene.isReady()
    scene.dispose()
    assert not scene.isReady()


def test_execute_when_ready_calls_at_once_with_babylons_arguments_or_fewer(scene: Scene) -> None:
    calls: list[object] = []
    scene.executeWhenReady(lambda s, state: calls.append((s is scene, state is not None)))
    scene.executeWhenReady(lambda s: calls.append(s is scene))
    scene.executeWhenReady(lambda: calls.append("none"))
    assert calls == [(True, True), True, "none"]
    assert not scene.onReadyObservable.hasObservers()  # added once, cleared


def test_execute_when_ready_without_a_loop_retries_on_the_next_render(scene: Scene) -> None:
    calls: list[str] = []
    scene.addPendingData("texture")
    scene.executeWhenReady(lambda: calls.append("first"))
    scene.executeWhenReady(lambda: calls.append("second"))  # a check is pending: joins it
    scene.render()
    assert calls == []  # still pending: retried again on the next render
    scene.removePendingData("texture")
    assert calls == []  # nothing checks until then
    scene.render()
    assert calls == ["first", "second"]
    scene.render()
    assert calls == ["first", "second"]


def test_when_ready_async_resolves_on_the_loops_100_ms_retry(scene: Scene) -> None:
    async def main() -> list[str]:
        order: list[str] = []
        scene.addPendingData("texture")
        scene.executeWhenReady(lambda: order.append("callback"))
        asyncio.get_running_loop().call_soon(scene.removePendingData, "texture")
        result = await scene.whenReadyAsync()
        order.append(f"awaited {result}")
        return order

    assert asyncio.run(main()) == ["callback", "awaited None"]


def test_when_ready_async_without_a_loop(scene: Scene) -> None:
    coro = scene.whenReadyAsync()
    with pytest.raises(StopIteration):
        coro.send(None)  # ready: completes at once
    scene.addPendingData("texture")
    with pytest.raises(LiteError) as exc:
        scene.whenReadyAsync().send(None)
    assert exc.value.code == "LITE-COMPAT-190"


def test_ready_checks_time_out_after_on_ready_timeout_duration(scene: Scene) -> None:
    now = [1000.0]
    saved = PrecisionDate.NowFunction
    PrecisionDate.NowFunction = lambda: now[0]
    try:
        timeouts: list[bool] = []
        scene.onReadyTimeoutObservable.add(lambda s, _state: timeouts.append(s is scene))
        scene.onReadyTimeoutDuration = 500
        scene.addPendingData("never")
        scene.executeWhenReady(lambda: timeouts.append(False))
        now[0] += 400
        scene.render()
        assert timeouts == []
        now[0] += 200
        scene.render()
        assert timeouts == [True]
        assert not scene.onReadyObservable.hasObservers()
    finally:
        PrecisionDate.NowFunction = saved


def test_execute_when_ready_needs_a_callable(scene: Scene) -> None:
    with pytest.raises(AnimationStateError) as exc:
        scene.executeWhenReady(42)  # type: ignore[arg-type]
    assert exc.value.code == "LITE-STATE-011"
    assert not scene.onReadyObservable.hasObservers()


def test_on_dispose_setter_replaces_the_previous_callback(scene: Scene) -> None:
    calls: list[object] = []
    assert scene.onDispose is None  # Babylon defines only a setter
    scene.onDispose = lambda: calls.append("first")
    scene.onDispose = lambda s: calls.append(s is scene)
    scene.dispose()
    assert calls == [True]


def test_active_camera_changes_notify_and_switch_does_nothing_headless(scene: Scene) -> None:
    first = scene.activeCamera
    second = FreeCamera("camera2", Vector3(1, 2, 3), scene)
    changed: list[str] = []
    # (the fixture's engine.dispose() later sets activeCamera to None, as Babylon's does)
    scene.onActiveCameraChanged.add(
        lambda s, _state: changed.append(s.activeCamera.name if s.activeCamera else None)
    )
    assert scene.setActiveCameraByName("camera2") is second
    assert scene.setActiveCameraByName("nope") is None
    assert scene.setActiveCameraById("camera1") is first
    scene.switchActiveCamera(second)  # Babylon returns early without an input element
    scene.activeCamera = first  # the same camera: no notification
    assert scene.activeCamera is first
    assert changed == ["camera2", "camera1"]


def test_unported_members_are_refused_with_their_code(scene: Scene) -> None:
    for member, code in [
        ("enablePhysics", "LITE-COMPAT-025"),
        ("pointerX", "LITE-COMPAT-022"),
        ("freezeActiveMeshes", "LITE-COMPAT-021"),
        ("createDefaultXRExperienceAsync", "LITE-COMPAT-025"),
    ]:
        with pytest.raises(UnsupportedError) as exc:
            getattr(scene, member)
        assert exc.value.code == code
        assert exc.value.input_name == f"Scene.{member}"
    scene.resetCachedMaterial()  # a no-op: there is no draw cache


def test_sort_lights_by_priority_puts_shadow_casters_then_higher_priority_first(
    scene: Scene,
) -> None:
    from lite_compat import PointLight

    a = PointLight("a", Vector3(0, 0, 0), scene)
    b = PointLight("b", Vector3(0, 0, 0), scene)
    PointLight("c", Vector3(0, 0, 0), scene)
    assert (a.shadowEnabled, a.renderPriority) == (True, 0)  # Babylon's defaults
    b.renderPriority = 2
    a.shadowEnabled = False
    scene.sortLightsByPriority()
    assert [light.name for light in scene.lights] == ["a", "b", "c"]  # requireLightSorting off
    scene.requireLightSorting = True
    scene.sortLightsByPriority()
    assert [light.name for light in scene.lights] == ["b", "c", "a"]
