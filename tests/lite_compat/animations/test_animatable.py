"""Animatable details not covered by the parity scenarios."""

from __future__ import annotations

import gc
from types import SimpleNamespace

from lite_compat.animations.animatable import _is_scene
from lite_compat.animations.animation import Animation
from lite_compat.engines.engine_store import NullEngine, SceneLike
from lite_compat.nodes.transform_node import TransformNode
from lite_compat.scene.scene import Scene


def test_the_fast_scene_test_agrees_with_the_protocol() -> None:
    scene = Scene(NullEngine())
    almost = SimpleNamespace(
        _activeAnimatables=[],
        beginDirectAnimation=print,
        getAnimatableByTarget=print,
        stopAnimation=None,
    )
    lacking = SimpleNamespace(_activeAnimatables=[], beginDirectAnimation=print)
    for value in (scene, almost, lacking, SimpleNamespace(), None, 3):
        assert _is_scene(value) == isinstance(value, SceneLike), value
    almost.stopAnimation = print
    assert _is_scene(almost) and isinstance(almost, SceneLike)


def test_end_and_loop_observables_are_made_on_first_read_and_notified() -> None:
    scene = Scene(NullEngine())
    target = SimpleNamespace(x=0.0)
    x = Animation("x", "x", 30, Animation.ANIMATIONTYPE_FLOAT)
    x.setKeys([{"frame": 0, "value": 0}, {"frame": 10, "value": 1}])
    looping = scene.beginDirectAnimation(target, [x], 0, 10, True)
    ending = scene.beginDirectAnimation(SimpleNamespace(x=0.0), [x], 0, 10, False)
    assert "onAnimationLoopObservable" not in vars(looping)
    assert looping.onAnimationLoopObservable is looping.onAnimationLoopObservable
    assert looping.onAnimationLoopObservable is not ending.onAnimationLoopObservable
    events: list[str] = []
    looping.onAnimationLoopObservable.add(lambda a, _s: events.append("loop"))
    ending.onAnimationEndObservable.add(lambda a, _s: events.append("end"))
    for _ in range(30):  # 464 ms after the first step: frame 13.92, one loop of 0-10
        scene._animate(16)
    assert events == ["loop", "end"]  # both cross frame 10 in one step, the looping one first


def test_batch_admission_gives_an_animatable_no_instance_dict() -> None:
    # _batchRow is set in __init__, so admission (which assigns it) adds no instance key:
    # CPython keeps the attributes in the class's shared keys, no dict per animatable for the
    # cyclic collector, even after another name (here _playOrderSeen) was added first.
    scene = Scene(NullEngine())
    x = Animation("x", "position.x", 30, Animation.ANIMATIONTYPE_FLOAT)
    x.setKeys([{"frame": 0, "value": 0}, {"frame": 10, "value": 1}])
    first = scene.beginDirectAnimation(TransformNode("first", scene), [x], 0, 10, True)
    first._playOrderSeen = True
    crowd = [
        scene.beginDirectAnimation(TransformNode(f"n{i}", scene), [x], 0, 10, True)
        for i in range(8)
    ]
    for _ in range(3):
        scene._animate(16)
    admitted = [a for a in crowd if a._batchRow is not None]
    assert admitted
    for animatable in admitted:
        assert not any(type(r) is dict for r in gc.get_referents(animatable))
        assert animatable._batchRow[0].rows[animatable._batchRow[1]] is animatable
