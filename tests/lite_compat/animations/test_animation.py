"""Unit tests for lite_compat.animations.animation, animatable and scene (hand-worked values)."""

from __future__ import annotations

import asyncio
import random
from types import SimpleNamespace
from typing import Any

import pytest

from lite.errors import AnimationPathError
from lite_compat.animations.animatable import Animatable
from lite_compat.animations.animation import Animation, AnimationEvent, AnimationKeyInterpolation
from lite_compat.animations.easing import CubicEase
from lite_compat.engines.engine_store import NullEngine
from lite_compat.math import Quaternion, Vector3
from lite_compat.scene.scene import PrecisionDate, Scene

F = Animation.ANIMATIONTYPE_FLOAT


def test_constants_match_babylon_js_9_31() -> None:
    # Pinned from @babylonjs/core 9.31 Animations/animation.pure.js.
    assert [
        Animation.ANIMATIONTYPE_FLOAT,
        Animation.ANIMATIONTYPE_VECTOR3,
        Animation.ANIMATIONTYPE_QUATERNION,
        Animation.ANIMATIONTYPE_MATRIX,
        Animation.ANIMATIONTYPE_COLOR3,
        Animation.ANIMATIONTYPE_VECTOR2,
        Animation.ANIMATIONTYPE_SIZE,
        Animation.ANIMATIONTYPE_COLOR4,
    ] == [0, 1, 2, 3, 4, 5, 6, 7]
    assert [
        Animation.ANIMATIONLOOPMODE_RELATIVE,
        Animation.ANIMATIONLOOPMODE_CYCLE,
        Animation.ANIMATIONLOOPMODE_CONSTANT,
        Animation.ANIMATIONLOOPMODE_YOYO,
        Animation.ANIMATIONLOOPMODE_RELATIVE_FROM_CURRENT,
    ] == [0, 1, 2, 4, 5]
    assert AnimationKeyInterpolation.NONE == 0
    assert AnimationKeyInterpolation.STEP == 1


def _float(keys: list[Any]) -> Animation:
    a = Animation("a", "x", 30, F)
    a.setKeys(keys)
    return a


def test_evaluate_before_on_between_and_after_keys() -> None:
    a = _float(
        [{"frame": 0, "value": 0.0}, {"frame": 10, "value": 10.0}, {"frame": 20, "value": 0.0}]
    )
    assert a.evaluate(-5) == 0.0
    assert a.evaluate(10) == 10.0
    assert a.evaluate(15) == 5.0
    assert a.evaluate(25) == 0.0


def test_keys_may_be_objects_with_babylon_field_names() -> None:
    keys = [
        SimpleNamespace(frame=0, value=1.0),
        SimpleNamespace(frame=4, value=3.0, interpolation=1),
    ]
    assert _float(keys).evaluate(2) == 2.0


def test_step_holds_value_until_next_key() -> None:
    a = _float([{"frame": 0, "value": 1.0, "interpolation": 1}, {"frame": 10, "value": 2.0}])
    assert a.evaluate(9.999) == 1.0
    assert a.evaluate(10) == 2.0


def test_start_key_easing_wins_over_animation_easing() -> None:
    class Half:
        def ease(self, g: float) -> float:
            return g / 2

    a = _float(
        [
            {"frame": 0, "value": 0.0, "easingFunction": Half()},
            {"frame": 10, "value": 10.0},
            {"frame": 20, "value": 0.0},
        ]
    )
    a.setEasingFunction(CubicEase())
    assert a.evaluate(5) == 2.5  # Half on the first segment
    assert a.evaluate(15) == pytest.approx(10 - 10 * 0.125)  # Cubic on the second


def test_quaternion_uses_babylon_slerp() -> None:
    a = Animation("q", "q", 30, Animation.ANIMATIONTYPE_QUATERNION)
    q1 = Quaternion.RotationAxis(Vector3(0, 1, 0), 1.0)
    a.setKeys([{"frame": 0, "value": Quaternion(0, 0, 0, 1)}, {"frame": 10, "value": q1}])
    mid = a.evaluate(5)
    expected = Quaternion.RotationAxis(Vector3(0, 1, 0), 0.5)
    assert mid.y == pytest.approx(expected.y, abs=1e-12)
    assert mid.w == pytest.approx(expected.w, abs=1e-12)


def test_events_sort_and_remove() -> None:
    a = _float([{"frame": 0, "value": 0.0}, {"frame": 10, "value": 1.0}])
    a.addEvent(AnimationEvent(5, lambda f: None))
    a.addEvent(AnimationEvent(2, lambda f: None))
    assert [e.frame for e in a.getEvents()] == [2, 5]
    a.removeEvents(2)
    assert [e.frame for e in a.getEvents()] == [5]


def test_invalid_path_raises_like_babylon() -> None:
    scene = Scene(NullEngine())
    with pytest.raises(AnimationPathError) as exc:
        scene.beginDirectAnimation(
            SimpleNamespace(y=0), [_float([{"frame": 0, "value": 0}])], 0, 10
        )
    assert exc.value.code == "LITE-PATH-002"


def test_first_step_is_frame_zero_and_loop_wraps_at_to() -> None:
    scene = Scene(NullEngine())
    t = SimpleNamespace(x=0.0)
    a = scene.beginDirectAnimation(
        t, [_float([{"frame": 0, "value": 0.0}, {"frame": 24, "value": 24.0}])], 0, 24, True
    )
    for _ in range(25):
        scene._animate(40)  # 1.2 frames per step at 30 fps
    assert a.masterFrame == pytest.approx(28.8 - 24)
    assert t.x == pytest.approx(4.8, abs=1e-6)


def test_speed_ratio_zero_holds_and_two_doubles() -> None:
    scene = Scene(NullEngine())
    t0, t2 = SimpleNamespace(x=0.0), SimpleNamespace(x=0.0)
    keys = [{"frame": 0, "value": 0.0}, {"frame": 30, "value": 30.0}]
    scene.beginDirectAnimation(t0, [_float(keys)], 0, 30, True, 0)
    scene.beginDirectAnimation(t2, [_float(keys)], 0, 30, True, 2)
    for _ in range(5):
        scene._animate(100)
    assert t0.x == 0.0
    assert t2.x == pytest.approx(24.0, abs=1e-6)


def test_six_argument_constructor_uses_the_last_scene() -> None:
    scene = Scene(NullEngine())
    t = SimpleNamespace(x=0.0)
    a = Animatable(
        t, [_float([{"frame": 0, "value": 0.0}, {"frame": 30, "value": 3.0}])], 0, 30, False, 1.0
    )
    assert scene.animatables == [a]
    scene._animate(16)
    scene._animate(1000)
    assert t.x == pytest.approx(3.0)
    assert scene.animatables == []


def test_end_callback_runs_before_the_end_observable() -> None:
    scene = Scene(NullEngine())
    log: list[str] = []
    t = SimpleNamespace(x=0.0)
    a = scene.beginDirectAnimation(
        t,
        [_float([{"frame": 0, "value": 0.0}, {"frame": 3, "value": 3.0}])],
        0,
        3,
        False,
        1,
        lambda: log.append("cb"),
    )
    a.onAnimationEndObservable.add(lambda *_: log.append("obs"))
    scene._animate(0)
    scene._animate(200)
    assert log == ["cb", "obs"]


def test_wait_async_resolves_when_the_animation_ends() -> None:
    scene = Scene(NullEngine())
    t = SimpleNamespace(x=0.0)
    a = scene.beginDirectAnimation(
        t, [_float([{"frame": 0, "value": 0.0}, {"frame": 3, "value": 3.0}])], 0, 3, False
    )
    waiter = a.waitAsync()

    async def main() -> Animatable:
        async def drive() -> None:
            for _ in range(10):
                scene._animate(50)
                await asyncio.sleep(0)

        task = asyncio.ensure_future(drive())
        result = await waiter
        await task
        return result

    assert asyncio.run(main()) is a
    assert waiter.done()


def test_render_with_constant_delta_and_fake_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    now = [1000.0]
    monkeypatch.setattr(PrecisionDate, "NowFunction", lambda: now[0])
    scene = Scene(NullEngine())
    scene.activeCamera = object()
    t = SimpleNamespace(x=0.0)
    scene.beginDirectAnimation(
        t, [_float([{"frame": 0, "value": 0.0}, {"frame": 60, "value": 60.0}])], 0, 60, True
    )
    scene.render()  # first step: frame 0, delta 0
    now[0] += 10
    scene.render()
    assert scene.deltaTime == 10
    assert t.x == pytest.approx(0.3, abs=1e-6)
    scene.useConstantAnimationDeltaTime = True
    scene.render()
    assert scene.deltaTime == 16
    assert t.x == pytest.approx(0.78, abs=1e-6)


def test_render_without_camera_raises_after_animating() -> None:
    scene = Scene(NullEngine())
    scene.useConstantAnimationDeltaTime = True
    with pytest.raises(RuntimeError, match="No camera defined"):
        scene.render()


def test_frame_zero_key_is_inserted_into_the_animation() -> None:
    scene = Scene(NullEngine())
    a = _float([{"frame": 10, "value": 5.0}, {"frame": 20, "value": 7.0}])
    scene.beginDirectAnimation(SimpleNamespace(x=0.0), [a], 0, 20)
    assert [k["frame"] for k in a.getKeys()] == [0, 10, 20]


class _SubAnimation(Animation):
    """Runtimes take a subclass's events through ``getEvents()`` (the path the plain
    ``Animation`` read of ``_events`` stands for)."""


def _events_log(seed: int, cls: type[Animation]) -> list[tuple[str, float, float]]:
    rng = random.Random(seed)
    scene = Scene(NullEngine())
    log: list[tuple[str, float, float]] = []
    targets = []
    for i in range(4):
        a = cls("a", "x", 30, Animation.ANIMATIONTYPE_FLOAT, Animation.ANIMATIONLOOPMODE_CYCLE)
        a.setKeys([{"frame": 0, "value": 0.0}, {"frame": 12, "value": float(i + 1)}])
        how = rng.randrange(4)  # none, addEvent, getEvents().append, added then removed
        for _ in range(rng.randrange(1, 4) if how else 0):
            frame = float(rng.randrange(13))
            event = AnimationEvent(frame, lambda f, i=i, fr=frame: log.append(("e", i, fr)))
            if how == 2:
                a.getEvents().append(event)
            else:
                a.addEvent(event)
            if how == 3:
                a.removeEvents(frame)
        t = SimpleNamespace(x=0.0)
        targets.append(t)
        scene.beginDirectAnimation(
            t, [a], 0, 12, True, onAnimationLoop=lambda i=i: log.append(("loop", i, 0.0))
        )
    for step in range(30):
        scene._animate(1000 / 30 * rng.choice((0.5, 1.0, 2.5)))
        log.extend(("x", step, t.x) for t in targets)
    return log


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_runtime_events_of_a_plain_animation_equal_a_subclass_through_get_events(
    seed: int,
) -> None:
    assert _events_log(seed, Animation) == _events_log(seed, _SubAnimation)
    assert any(entry[0] == "e" for entry in _events_log(seed, Animation))


def test_an_animation_without_events_lists_them_live_once_asked() -> None:
    a = _float([{"frame": 0, "value": 0.0}, {"frame": 10, "value": 1.0}])
    events = a.getEvents()
    assert events == [] and a.getEvents() is events
    fired: list[str] = []
    events.append(AnimationEvent(4, lambda f: fired.append("mine")))
    scene = Scene(NullEngine())
    scene.beginDirectAnimation(SimpleNamespace(x=0.0), [a], 0, 10, False)
    for _ in range(8):
        scene._animate(1000 / 30)
    assert fired == ["mine"]


def test_a_patched_get_events_gives_the_runtime_its_events() -> None:
    a = _float([{"frame": 0, "value": 0.0}, {"frame": 10, "value": 1.0}])
    fired: list[str] = []
    own = [AnimationEvent(3, lambda f: fired.append("patched"))]
    a.getEvents = lambda: own  # type: ignore[method-assign]
    scene = Scene(NullEngine())
    scene.beginDirectAnimation(SimpleNamespace(x=0.0), [a], 0, 10, False)
    for _ in range(8):
        scene._animate(1000 / 30)
    assert fired == ["patched"]
