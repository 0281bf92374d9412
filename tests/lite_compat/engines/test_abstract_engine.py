"""AbstractEngine's boilerplate (issue 29, item 9): canvas and size, hardware scaling, maxFPS,
the frame settings, PerformanceMonitor, QueueNewFrame, IsSupported, constants and refusals.

Expected values are Babylon.js 9.31's under Node (compat_surface_boilerplate records most;
``new Engine(null)``'s hardware scaling and ``_minFrameTime`` were read the same way).
"""

from __future__ import annotations

import asyncio
import math

import pytest

from lite.errors import AnimationStateError, LiteError, UnsupportedError
from lite_compat import AbstractEngine, Engine, NullEngine, PerformanceMonitor, QueueNewFrame


def test_boilerplate_defaults_are_null_engines() -> None:
    engine = NullEngine()
    assert isinstance(engine, AbstractEngine)
    assert engine.getRenderingCanvas() is None
    assert engine.maxFPS is None
    assert engine.renderEvenInBackground is True
    assert engine.customAnimationFrameRequester is None
    assert engine.skipFrameRender is False
    assert engine.enableOfflineSupport is False
    assert (engine.isWebGPU, engine.name, engine.webGLVersion) == (False, "WebGL", 1)
    assert (
        engine.getAspectRatio(
            type("Cam", (), {"viewport": type("V", (), {"width": 1, "height": 1})()})()
        )
        == 2
    )
    assert engine.getScreenAspectRatio() == 2
    engine.renderEvenInBackground = False
    assert engine.renderEvenInBackground is False
    assert NullEngine().renderEvenInBackground is True  # per engine


def test_hardware_scaling_is_kept_by_engine_and_ignored_by_null_engine() -> None:
    engine = Engine(None)
    assert engine.getHardwareScalingLevel() == 1
    engine.setHardwareScalingLevel(2)
    assert engine.getHardwareScalingLevel() == 2
    null = NullEngine()
    null.setHardwareScalingLevel(2)
    assert null.getHardwareScalingLevel() == 1  # NullEngine overrides the getter


def test_resize_without_a_canvas_changes_nothing() -> None:
    engine = NullEngine()
    events: list[object] = []
    engine.onResizeObservable.add(lambda e, _state: events.append(e))
    assert engine.resize() is None
    engine.resize(True)
    assert engine.setSize(10, 10) is False
    assert (engine.getRenderWidth(), engine.getRenderHeight(), events) == (512, 256, [])


def test_max_fps_sets_babylons_minimum_frame_time() -> None:
    engine = Engine(None)
    engine.maxFPS = 0
    assert engine.__dict__["_minFrameTime"] == 1.7976931348623157e308
    engine.maxFPS = 40
    assert (engine.maxFPS, engine.__dict__["_minFrameTime"]) == (40, 25)
    engine.maxFPS = None  # undefined: the frame time is kept
    assert (engine.maxFPS, engine.__dict__["_minFrameTime"]) == (None, 25)


def test_performance_monitor_matches_babylons_windows() -> None:
    monitor = PerformanceMonitor(3)
    assert (monitor.averageFrameTime, monitor.averageFPS, monitor.instantaneousFPS) == (
        0,
        math.inf,
        0,
    )
    for t in (0, 16, 48, 50):
        monitor.sampleFrame(t)
    assert monitor.averageFrameTime == pytest.approx(16.666666666666668, rel=1e-12)
    assert (monitor.instantaneousFrameTime, monitor.instantaneousFPS) == (2, 500)
    assert monitor.averageFPS == pytest.approx(59.99999999999999, rel=1e-12)
    assert monitor.averageFrameTimeVariance == pytest.approx(225.33333333333334, rel=1e-12)
    assert monitor.isSaturated
    monitor.disable()
    monitor.sampleFrame(200)  # ignored while disabled
    assert (monitor.isEnabled, monitor.instantaneousFrameTime) == (False, 2)
    monitor.enable()
    monitor.reset()
    assert (monitor.averageFrameTime, monitor.isSaturated) == (0, False)


def test_the_engines_monitor_is_its_frame_clock() -> None:
    engine = NullEngine()
    monitor = engine.performanceMonitor
    assert monitor is engine.performanceMonitor and monitor.isEnabled
    monitor.sampleFrame(0)
    monitor.sampleFrame(20)
    assert engine._rollingFrameTime.average == 20
    assert monitor.averageFPS == 50


def test_queue_new_frame_uses_the_requester_else_the_running_loop() -> None:
    ran: list[str] = []

    def request(func: object) -> int:
        ran.append("requested")
        assert callable(func)
        func()
        return 7

    assert QueueNewFrame(lambda: ran.append("ran"), {"requestAnimationFrame": request}) == 7
    assert ran == ["requested", "ran"]
    assert Engine.QueueNewFrame is QueueNewFrame

    async def main() -> None:
        done = asyncio.get_running_loop().create_future()
        handle = QueueNewFrame(lambda: done.set_result("timer"))
        assert isinstance(handle, asyncio.TimerHandle)
        ran.append(await done)

    asyncio.run(main())
    assert ran[-1] == "timer"


def test_queue_new_frame_errors() -> None:
    with pytest.raises(LiteError) as exc:
        QueueNewFrame(lambda: None)
    assert exc.value.code == "LITE-COMPAT-190"
    with pytest.raises(AnimationStateError) as exc2:
        QueueNewFrame(3)  # type: ignore[arg-type]
    assert exc2.value.code == "LITE-STATE-011"


def test_is_supported_answers_as_thin_engine_does_under_node() -> None:
    first = type("First", (NullEngine,), {})
    assert first.IsSupported is False and first.isSupported() is False
    second = type("Second", (NullEngine,), {})
    assert second.HasMajorPerformanceCaveat is False
    assert second.IsSupported is True  # Babylon: "not HasMajorPerformanceCaveat" once probed


def test_constants_are_babylons() -> None:
    assert (Engine.ALPHA_DISABLE, Engine.ALPHA_ADD, Engine.ALPHA_COMBINE) == (0, 1, 2)
    assert (Engine.ALPHA_PREMULTIPLIED, Engine.LEQUAL, Engine.KEEP) == (7, 515, 7680)
    assert (Engine.TEXTURE_TRILINEAR_SAMPLINGMODE, Engine.DELAYLOADSTATE_NOTLOADED) == (3, 4)
    assert (Engine.TEXTUREFORMAT_RGBA16_UNORM, Engine.CollisionsEpsilon) == (32859, 0.001)


@pytest.mark.parametrize(
    ("member", "code"),
    [
        ("createTexture", "LITE-COMPAT-021"),
        ("getCaps", None),  # not refused: thin instances probe it (see abstract_engine)
        ("enterFullscreen", "LITE-COMPAT-022"),
        ("getAudioContext", "LITE-COMPAT-025"),
        ("OfflineProviderFactory", "LITE-COMPAT-023"),
    ],
)
def test_gpu_dom_audio_and_offline_members_are_refused(member: str, code: str | None) -> None:
    engine = NullEngine()
    if code is None:
        assert getattr(engine, member, None) is None
        return
    with pytest.raises(UnsupportedError) as exc:
        getattr(engine, member)
    assert exc.value.code == code
    assert exc.value.input_name == f"Engine.{member}"


def test_constants_class_is_babylons() -> None:
    from lite_compat import Constants

    assert (Constants.ALPHA_COMBINE, Constants.TEXTURE_TRILINEAR_SAMPLINGMODE) == (2, 3)
    assert (Constants.TEXTUREFORMAT_RGBA, Constants.TEXTURETYPE_HALF_FLOAT) == (5, 2)
    assert (Constants.ACTION_OnPickTrigger, Constants.MATERIAL_TriangleFillMode) == (1, 0)
    assert len([n for n in vars(Constants) if not n.startswith("_")]) == 356
