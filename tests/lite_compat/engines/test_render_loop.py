"""engine.runRenderLoop / stopRenderLoop as NullEngine runs them under Node: the first frame is
queued; inside a running asyncio loop the frames run on it (a port awaiting a future a frame
resolves completes); outside one, the frames the main script queued run once it has run its
last line, until stopRenderLoop (lite_compat/engines/render_loop.py)."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any, cast

from lite_compat import FreeCamera, NullEngine, Scene, Vector3

ROOT = Path(__file__).resolve().parents[3]


def _run_script(tmp_path: Path, source: str) -> subprocess.CompletedProcess[str]:
    script = tmp_path / "port.py"
    script.write_text(textwrap.dedent(source))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, env=env, check=False
    )


def test_a_future_resolved_by_a_frame_completes_inside_asyncio() -> None:
    async def main() -> tuple[int, int, int, list[str]]:
        engine = NullEngine()
        scene = Scene(engine)
        FreeCamera("camera", Vector3(0, 0, -10), scene)
        log: list[str] = []
        done: asyncio.Future[int] = asyncio.get_running_loop().create_future()
        frames = [0]

        def frame() -> None:
            scene.render()
            frames[0] += 1
            if frames[0] == 5:
                done.set_result(scene.getFrameId())

        engine.runRenderLoop(frame)
        log.append(f"queued after {frames[0]} frames")  # Babylon queues the first frame
        rendered = await done
        engine.stopRenderLoop()
        at_stop = frames[0]
        for _ in range(5):  # no frame runs once the loop is stopped
            await asyncio.sleep(0)
        engine.dispose()
        return rendered, at_stop, frames[0], log

    rendered, at_stop, after, log = asyncio.run(main())
    assert (rendered, at_stop, after) == (5, 5, 5)
    assert log == ["queued after 0 frames"]


def test_stop_from_a_frame_inside_asyncio_ends_the_loop() -> None:
    async def main() -> list[int]:
        engine = NullEngine()
        ids: list[int] = []
        ended: asyncio.Future[None] = asyncio.get_running_loop().create_future()

        def end_frame(*_: object) -> None:
            if len(ids) == 3 and not ended.done():
                ended.set_result(None)

        engine.onEndFrameObservable.add(end_frame)

        def frame() -> None:
            ids.append(engine.frameId)
            if len(ids) == 3:
                engine.stopRenderLoop(frame)

        engine.runRenderLoop(frame)
        await ended
        for _ in range(5):
            await asyncio.sleep(0)
        engine.dispose()
        return ids

    assert asyncio.run(main()) == [0, 1, 2]


def test_render_functions_may_declare_parameters_they_are_not_given() -> None:
    engine = NullEngine()
    seen: list[object] = []

    def frame(timestamp: object) -> None:  # Babylon passes nothing: JavaScript's undefined
        seen.append(timestamp)

    engine.runRenderLoop(frame)
    assert engine.runFrames(2) == 2
    assert seen == [None, None]
    engine.stopRenderLoop(frame)
    assert engine.activeRenderLoops == []
    engine.dispose()


def test_a_function_stopping_itself_makes_the_next_skip_that_frame() -> None:
    engine = NullEngine()
    calls: list[str] = []

    def first() -> None:
        calls.append("first")
        engine.stopRenderLoop(first)

    def second() -> None:
        calls.append("second")

    engine.runRenderLoop(first)
    engine.runRenderLoop(second)
    engine.runFrames(2)
    assert calls == ["first", "second"]  # Babylon iterates the live list by index
    engine.stopRenderLoop()
    engine.dispose()


def test_outside_asyncio_the_main_script_frames_run_after_its_last_line(tmp_path: Path) -> None:
    result = _run_script(
        tmp_path,
        """
        import lite_compat as BABYLON

        engine = BABYLON.NullEngine()
        scene = BABYLON.Scene(engine)
        BABYLON.FreeCamera("camera", BABYLON.Vector3(0, 0, -10), scene)
        frames = []

        def frame():
            scene.render()
            frames.append(scene.getFrameId())
            if len(frames) == 5:
                engine.stopRenderLoop()

        scene.registerAfterRender(lambda: print("render", scene.getFrameId()))
        engine.runRenderLoop(frame)
        print("last line", frames)
        """,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split("\n") == [
        "last line []",
        *[f"render {i}" for i in range(1, 6)],
        "",
    ]


def test_outside_asyncio_an_observer_stops_the_loop(tmp_path: Path) -> None:
    result = _run_script(
        tmp_path,
        """
        import lite_compat as BABYLON

        engine = BABYLON.NullEngine()
        scene = BABYLON.Scene(engine)
        BABYLON.FreeCamera("camera", BABYLON.Vector3(0, 0, -10), scene)

        def after(scene_, state):
            if scene.getFrameId() == 7:
                engine.stopRenderLoop()
                print("frames", scene.getFrameId(), engine.frameId + 1)

        scene.onAfterRenderObservable.add(after)
        engine.runRenderLoop(lambda: scene.render())
        """,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == "frames 7 7\n"


def test_outside_asyncio_a_frame_that_raises_exits_with_status_1(tmp_path: Path) -> None:
    result = _run_script(
        tmp_path,
        """
        import lite_compat as BABYLON

        engine = BABYLON.NullEngine()
        engine.runRenderLoop(lambda: 1 / 0)
        print("queued")
        """,
    )
    assert result.returncode == 1
    assert result.stdout == "queued\n"
    assert "ZeroDivisionError" in result.stderr


def test_loops_started_outside_the_main_script_only_run_through_run_frames() -> None:
    engine = NullEngine()
    frames: list[int] = []
    engine.runRenderLoop(lambda: frames.append(engine.frameId))
    assert frames == []  # queued: this module is not __main__, so nothing runs at exit
    assert engine.runFrames(3) == 3
    assert frames == [0, 1, 2]
    engine.dispose()  # disposing stops the loop
    assert engine.activeRenderLoops == [] and engine.runFrames(1) == 0


def test_a_custom_frame_requester_gets_each_frame_as_in_babylon() -> None:
    # The Node scripts of compat_quirks_render_id / compat_surface_scene_graph, verbatim.
    engine = NullEngine()
    scene = Scene(engine)
    FreeCamera("camera", Vector3(0, 0, -10), scene)
    queued: list[object] = [None]
    cancelled: list[object] = []

    def request(fn: object) -> int:
        queued[0] = fn
        return 1

    cast(Any, engine).customAnimationFrameRequester = {
        "requestAnimationFrame": request,
        "cancelAnimationFrame": cancelled.append,
    }
    loop: list[tuple[int, int, int]] = []

    def frame() -> None:
        scene.render()
        loop.append((scene.getRenderId(), scene.getFrameId(), engine.frameId))

    engine.runRenderLoop(frame)
    requester = cast(Any, engine).customAnimationFrameRequester
    assert loop == [] and requester["requestID"] == 1
    for _ in range(3):
        f = queued[0]
        queued[0] = None
        assert callable(f)
        f()
    engine.stopRenderLoop()
    assert loop == [(2, 1, 0), (4, 2, 1), (6, 3, 2)]  # engine.frameId grows in endFrame
    assert cancelled == [1] and "requestID" not in requester
    engine.dispose()


def test_a_loop_left_running_by_an_async_main_goes_on_after_it(tmp_path: Path) -> None:
    result = _run_script(
        tmp_path,
        """
        import asyncio
        import lite_compat as BABYLON

        async def main():
            engine = BABYLON.NullEngine()
            scene = BABYLON.Scene(engine)
            BABYLON.FreeCamera("camera", BABYLON.Vector3(0, 0, -10), scene)

            def after():
                if scene.getFrameId() == 4:
                    engine.stopRenderLoop()
                    print("stopped at", scene.getFrameId())

            scene.registerAfterRender(after)
            engine.runRenderLoop(lambda: scene.render())
            await asyncio.sleep(0)
            print("main returns")

        asyncio.run(main())
        """,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout == "main returns\nstopped at 4\n"
