"""Every callback the facade calls follows JavaScript's calling convention (issue 29 item 8).

Each kind is called with a 0-parameter lambda, a 1-parameter def, ``*args``, a bound method
and a builtin (``list.append``), and removed by the function given where Babylon removes
callbacks. The values Babylon.js 9.31 passes (and the frames it calls them on) are recorded in
the compat_js_conventions parity scenario; here: who is called, with what, how often.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import SimpleNamespace
from typing import Any

import pytest

from lite_compat import (
    Animation,
    AnimationEvent,
    AnimationGroup,
    FreeCamera,
    MeshBuilder,
    NullEngine,
    Observable,
    Quaternion,
    Scene,
    TransformNode,
    Vector3,
)


class Sink:
    """Collects calls; ``method`` is the bound method variant."""

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def method(self, first: Any = "default") -> None:
        self.calls.append((first,))


def variants(log: list[Any]) -> dict[str, Any]:
    """The five shapes a port's callback takes, each appending to ``log``."""
    sink = Sink()

    def one(a: Any) -> None:
        log.append(("one", a))

    def star(*args: Any) -> None:
        log.append(("star", len(args)))

    return {
        "lambda0": lambda: log.append(("lambda0",)),
        "def1": one,
        "star": star,
        "method": sink.method,
        "builtin": log.append,
        "_sink": sink,
    }


def new_scene() -> Scene:
    scene = Scene(NullEngine())
    scene.useConstantAnimationDeltaTime = True
    FreeCamera("camera", Vector3(0, 0, -10), scene)
    return scene


def float_anim(
    name: str, path: str, last: float, events: Sequence[AnimationEvent] = ()
) -> Animation:
    anim = Animation(name, path, 60, Animation.ANIMATIONTYPE_FLOAT)
    anim.setKeys([{"frame": 0, "value": 0}, {"frame": last, "value": last}])
    for event in events:
        anim.addEvent(event)
    return anim


# -- observables -------------------------------------------------------------------------------


@pytest.mark.parametrize("how", ["add", "addOnce", "insertFirst"])
def test_observers_take_any_arity_and_are_removed_by_the_function_given(how: str) -> None:
    log: list[Any] = []
    v = variants(log)
    observable: Observable[str] = Observable()
    for key in ("lambda0", "def1", "star", "method", "builtin"):
        if how == "addOnce":
            observable.addOnce(v[key])
        else:
            observable.add(v[key], -1, how == "insertFirst")
    observable.notifyObservers("data")
    shapes = [("lambda0",), ("one", "data"), ("star", 2), "data"]
    assert sorted(map(str, log)) == sorted(map(str, shapes))
    assert v["_sink"].calls == [("data",)]
    log.clear()
    if how != "addOnce":
        for key in ("lambda0", "def1", "star", "method", "builtin"):
            assert observable.removeCallback(v[key]), key  # the original function finds it
    observable.notifyObservers("again")
    assert log == [] and not observable.hasObservers()


def test_an_observer_keeps_the_function_it_was_given() -> None:
    observable: Observable[int] = Observable()
    fn = lambda: None  # noqa: E731
    observer = observable.add(fn)
    assert observer is not None and observer.callback is fn
    seen: list[Any] = []
    observer.callback = lambda value: seen.append(value)  # re-read on assignment
    observable.notifyObservers(7)
    assert seen == [7]


def test_an_observer_declaring_more_parameters_gets_none_for_them() -> None:
    observable: Observable[int] = Observable()
    seen: list[Any] = []
    observable.add(lambda value, state, extra: seen.append((value, state.mask, extra)))
    observable.notifyObservers(1, 4)
    assert seen == [(1, 4, None)]


def test_register_and_unregister_before_and_after_render() -> None:
    scene = new_scene()
    log: list[Any] = []
    v = variants(log)
    for key in ("lambda0", "def1", "star", "method", "builtin"):
        scene.registerBeforeRender(v[key])
        scene.registerAfterRender(v[key])
    scene.render()
    assert len(log) == 8 and len(v["_sink"].calls) == 2
    for key in ("lambda0", "def1", "star", "method", "builtin"):
        scene.unregisterBeforeRender(v[key])
        scene.unregisterAfterRender(v[key])
    log.clear()
    scene.render()
    assert log == []
    assert not scene.onBeforeRenderObservable.hasObservers()
    assert not scene.onAfterRenderObservable.hasObservers()


def test_scene_observables_and_execute_once_before_render() -> None:
    scene = new_scene()
    log: list[Any] = []
    v = variants(log)
    scene.onBeforeRenderObservable.add(v["lambda0"])
    scene.onAfterRenderObservable.add(v["def1"])
    scene.executeOnceBeforeRender(lambda: log.append("once"))
    scene.executeOnceBeforeRender(v["def1"])  # a parameter Babylon does not pass: None
    scene.render()
    assert log == [("lambda0",), "once", ("one", None), ("one", scene)]


# -- animation events and end/loop callbacks ------------------------------------------------


def test_animation_event_actions_of_any_arity_fire_on_their_frame() -> None:
    scene = new_scene()
    log: list[Any] = []
    v = variants(log)
    events = [AnimationEvent(3, v[key]) for key in ("lambda0", "def1", "star", "method", "builtin")]
    target = SimpleNamespace(x=0.0)
    scene.beginDirectAnimation(target, [float_anim("x", "x", 12, events)], 0, 12, False)
    for _ in range(5):
        scene.render()
    assert len(log) == 4  # lambda0, def1, star, builtin (the method writes to its sink)
    assert ("lambda0",) in log and ("star", 1) in log
    passed = [e[1] for e in log if isinstance(e, tuple) and e[0] == "one"]
    passed += [e for e in log if isinstance(e, float)]
    assert len(passed) == 2 and passed[0] == passed[1] >= 3  # the current frame
    assert len(v["_sink"].calls) == 1
    assert events[0].action is v["lambda0"]  # the event keeps the function given


def test_on_animation_end_and_loop_of_any_arity() -> None:
    scene = new_scene()
    log: list[Any] = []
    v = variants(log)
    for key in ("lambda0", "def1", "star", "method", "builtin"):
        target = SimpleNamespace(x=0.0)
        # Babylon calls onAnimationEnd() and onAnimationLoop() with no argument: a declared
        # parameter is undefined (None), list.append included (it appends None).
        scene.beginDirectAnimation(target, [float_anim("x", "x", 3)], 0, 3, False, 1, v[key], None)
        looping = SimpleNamespace(x=0.0)
        scene.beginDirectAnimation(looping, [float_anim("y", "x", 3)], 0, 3, True, 1, None, v[key])
    for _ in range(10):
        scene.render()
    assert ("lambda0",) in log and ("one", None) in log and ("star", 0) in log
    assert None in log  # the builtin
    assert ("default",) in v["_sink"].calls  # a defaulted parameter keeps its default


def test_callbacks_assigned_on_the_animatable_are_wrapped_too() -> None:
    scene = new_scene()
    log: list[Any] = []
    target = SimpleNamespace(x=0.0)
    animatable = scene.beginDirectAnimation(target, [float_anim("x", "x", 3)], 0, 3, False)
    assert animatable.onAnimationEnd is None and animatable.onAnimationLoop is None

    def end(a: Any) -> None:
        log.append(("end", a))

    animatable.onAnimationEnd = end
    assert animatable.onAnimationEnd is end
    for _ in range(10):
        scene.render()
    assert log == [("end", None)]


def test_transition_to_with_no_duration_calls_its_end_at_once() -> None:
    scene = new_scene()
    node = TransformNode("node", scene)
    log: list[Any] = []
    Animation.TransitionTo(
        "position.x",
        3.0,
        node,
        scene,
        60,
        float_anim("t", "position.x", 1),
        0,
        lambda: log.append("done"),
    )
    assert log == ["done"]


# -- groups ------------------------------------------------------------------------------------


def test_group_observables_and_clone_target_converter() -> None:
    scene = new_scene()
    log: list[Any] = []
    v = variants(log)
    node = TransformNode("node", scene)
    group = AnimationGroup("g", scene)
    group.addTargetedAnimation(float_anim("x", "position.x", 3), node)
    group.onAnimationGroupEndObservable.add(v["lambda0"])
    group.onAnimationEndObservable.add(v["def1"])
    group.onAnimationGroupPlayObservable.add(v["star"])
    group.onAnimationGroupEndObservable.add(v["method"])
    assert group.isStarted is None and group.isPlaying is None  # Babylon's undefined
    group.start(False)
    assert group.isStarted is True and group.isPlaying is True
    for _ in range(10):
        scene.render()
    assert group.isStarted is False and group.isPlaying is False
    assert ("lambda0",) in log and ("star", 2) in log
    assert [entry[1].animation.name for entry in log if entry[0] == "one"] == ["x"]
    other = TransformNode("other", scene)
    clone = group.clone("c", lambda: other)  # a converter that ignores its argument
    assert clone.targetedAnimations[0].target is other


def test_copying_an_animatables_runtime_animations_into_a_group() -> None:
    """The documentation's example (issue 29 item 10); values in compat_js_conventions."""
    scene = new_scene()
    hero = TransformNode("hero", scene)
    spin = Animation("spin", "rotationQuaternion", 60, Animation.ANIMATIONTYPE_QUATERNION)
    spin.setKeys(
        [{"frame": 0, "value": Quaternion()}, {"frame": 30, "value": Quaternion(0, 1, 0, 0)}]
    )
    hero.animations = [spin]
    assert hero.rotationQuaternion is None
    idle = scene.beginAnimation(hero, 0, 30, True)
    copy = AnimationGroup("copy", scene)
    for runtime in idle.getAnimations():
        assert runtime.target is hero  # set by the start's reset, as in Babylon
        copy.addTargetedAnimation(runtime.animation, runtime.target)
    assert [t.target for t in copy.targetedAnimations] == [hero]


def test_mesh_register_before_render_takes_any_arity_and_removes_by_function() -> None:
    scene = new_scene()
    mesh = MeshBuilder.CreateBox("box", {}, scene)
    log: list[Any] = []
    fn = lambda: log.append("before")  # noqa: E731
    mesh.registerBeforeRender(fn)
    mesh.registerAfterRender(log.append)
    mesh.onBeforeRenderObservable.notifyObservers(mesh)  # Babylon passes (mesh, eventState)
    mesh.onAfterRenderObservable.notifyObservers(mesh)
    assert log == ["before", mesh]
    mesh.unregisterBeforeRender(fn)
    mesh.unregisterAfterRender(log.append)  # a new bound method, equal to the one given
    assert not mesh.onBeforeRenderObservable.hasObservers()
    assert not mesh.onAfterRenderObservable.hasObservers()


def test_members_babylon_leaves_undefined_read_none() -> None:
    scene = new_scene()
    anim = float_anim("x", "x", 3)
    assert anim.enableBlending is None
    assert AnimationEvent(1, lambda: None).onlyOnce is None
    animatable = scene.beginDirectAnimation(SimpleNamespace(x=0.0), [anim], 0, 3, False)
    assert animatable.onAnimationEnd is None and animatable.onAnimationLoop is None
    group = AnimationGroup("g", scene)
    assert group.isStarted is None and group.isPlaying is None
    group.addTargetedAnimation(anim, SimpleNamespace(x=0.0))
    group.pause()  # before any start: nothing changes, as in Babylon
    assert group.isStarted is None and group.isPlaying is None
