"""Engine (and NullEngine, derived from it): the render loop, fps, delta time, frame ids and
disposal, with Babylon.js 9.31's numbers (compat_surface_scene_graph)."""

from __future__ import annotations

import math

import pytest

from lite.errors import LiteError
from lite_compat import Engine, EngineStore, NullEngine, PrecisionDate, Scene


@pytest.fixture
def clock() -> list[float]:
    now = [1000.0]
    saved = PrecisionDate.NowFunction
    PrecisionDate.NowFunction = lambda: now[0]
    yield now
    PrecisionDate.NowFunction = saved


def test_null_engine_is_an_engine_with_babylons_statics() -> None:
    engine = NullEngine()
    assert isinstance(engine, Engine)
    assert (Engine.Version, Engine.NpmPackage) == ("9.31.0", "babylonjs@9.31.0")
    assert engine.getClassName() == "ThinEngine"
    assert Engine.LastCreatedEngine is engine and engine in Engine.Instances
    assert (engine.getFps(), engine.getDeltaTime(), engine.frameId) == (60, 0, 0)
    engine.dispose()


def test_render_loop_measures_fps_and_delta(clock: list[float]) -> None:
    engine = NullEngine()
    seen: list[tuple[int, float, float]] = []

    def loop() -> None:
        seen.append((engine.frameId, engine.getFps(), engine.getDeltaTime()))

    engine.runRenderLoop(loop)
    engine.runRenderLoop(loop)
    assert len(engine.activeRenderLoops) == 1
    for dt in (20, 20, 10, 40):
        assert engine.runFrames(1) == 1
        clock[0] += dt
    assert seen[0][0] == 0 and math.isinf(seen[0][1])
    assert seen[1:] == [(1, 50, 20), (2, 50, 20), (3, pytest.approx(59.99999999999999), 10)]
    engine.stopRenderLoop(loop)
    assert engine.runFrames(5) == 0
    assert engine.frameId == 4
    engine.dispose()


def test_run_frames_needs_a_whole_count() -> None:
    engine = NullEngine()
    for bad in (-1, 1.5, "2", None):
        with pytest.raises(LiteError) as info:
            engine.runFrames(bad)  # type: ignore[arg-type]
        assert info.value.code == "LITE-COMPAT-122"
    engine.dispose()


def test_dispose_disposes_scenes_and_notifies_the_last_engine() -> None:
    for e in list(EngineStore.Instances):
        e.dispose()
    engine = NullEngine()
    scene = Scene(engine)
    notes: list[str] = []
    engine.onDisposeObservable.add(lambda _e, _s: notes.append("engine"))
    EngineStore.OnEnginesDisposedObservable.add(lambda _e, _s: notes.append("all"))
    engine.dispose()
    assert scene.isDisposed and engine.isDisposed and engine.scenes == []
    assert notes == ["engine", "all"]
    assert engine not in Engine.Instances


def test_a_new_scene_is_announced() -> None:
    engine = NullEngine()
    added: list[object] = []
    engine.onNewSceneAddedObservable.add(lambda s, _st: added.append(s))
    scene = Scene(engine)
    assert added == [scene]
    engine.dispose()
