"""Scene step ids and before/after render hooks (Babylon.js 9.31 semantics).

Expected orders are Babylon.js's, measured by parity/scenarios/compat_scene_hooks_ranges.mjs.
"""

from __future__ import annotations

from typing import Any

from lite_compat import FreeCamera, NullEngine, Scene, Vector3


def lockstep_scene() -> Scene:
    scene = Scene(NullEngine({"deterministicLockstep": True, "lockstepMaxSteps": 3}))
    FreeCamera("camera", Vector3(0, 0, -10), scene)
    return scene


def test_step_id_counts_lockstep_steps_after_the_after_step_hook() -> None:
    scene = lockstep_scene()
    log: list[tuple[str, int]] = []
    scene.onBeforeStepObservable.add(lambda *_: log.append(("beforeStep", scene.getStepId())))
    scene.onAfterStepObservable.add(lambda *_: log.append(("afterStep", scene.getStepId())))
    assert scene.getStepId() == 0
    # render() alone: a 0 ms engine delta clamped to 1 ms; a 1/60 s step on the 17th render.
    for _ in range(17):
        scene.render()
    assert log == [("beforeStep", 0), ("afterStep", 0)]
    assert scene.getStepId() == 1
    scene.setStepId(100)
    assert scene.getStepId() == 100


def test_register_before_and_after_render_take_javascript_style_functions() -> None:
    scene = Scene(NullEngine())
    FreeCamera("camera", Vector3(0, 0, -10), scene)
    log: list[Any] = []

    def no_args() -> None:
        log.append("before")

    def both(s: Scene, state: object) -> None:
        log.append(("after", s is scene))

    scene.registerBeforeRender(no_args)
    scene.registerBeforeRender(no_args)
    scene.registerAfterRender(both)
    scene.render()
    assert log == ["before", "before", ("after", True)]
    scene.unregisterBeforeRender(no_args)  # removes one of the two registrations
    log.clear()
    scene.render()
    assert log == ["before", ("after", True)]
    scene.unregisterBeforeRender(lambda: None)  # never registered: nothing happens
    scene.unregisterBeforeRender(no_args)
    scene.unregisterAfterRender(both)
    log.clear()
    scene.render()
    assert log == []
