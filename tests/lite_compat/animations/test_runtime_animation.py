"""RuntimeAnimation's per-instance state: slots, one target without lists, GC-tracked objects."""

from __future__ import annotations

import gc
import weakref
from types import SimpleNamespace

import lite_compat
from lite.tools.bench import _compat_scene
from lite_compat.animations.animatable import Animatable
from lite_compat.animations.animation import Animation
from lite_compat.animations.runtime_animation import RuntimeAnimation, notify_host_loop
from lite_compat.engines.engine_store import NullEngine
from lite_compat.math import Vector3
from lite_compat.nodes.transform_node import TransformNode
from lite_compat.scene.scene import Scene

V3 = Animation.ANIMATIONTYPE_VECTOR3


def _position() -> Animation:
    animation = Animation("p", "position", 60, V3, Animation.ANIMATIONLOOPMODE_CYCLE)
    animation.setKeys(
        [{"frame": 0, "value": Vector3(0, 0, 0)}, {"frame": 30, "value": Vector3(1, 2, 3)}]
    )
    return animation


def test_one_target_keeps_no_lists_and_an_array_of_targets_keeps_both() -> None:
    scene = Scene(NullEngine())
    node = TransformNode("n", scene)
    node.position = Vector3(5, 6, 7)
    one = scene.beginDirectAnimation(node, [_position()], 0, 30, True)._runtimeAnimations[0]
    assert one._activeTargetList is None and one._originalValueList is None
    assert one._activeTargets == [node]
    assert one._originalValue[0].asArray() == [5.0, 6.0, 7.0]
    assert one._originalValue[0] is not node.position  # a copy, as Babylon.js takes it
    a, b = TransformNode("a", scene), TransformNode("b", scene)
    b.position = Vector3(1, 1, 1)
    many = Animatable(scene, [a, b], 0, 30, True, animations=[_position()])._runtimeAnimations[0]
    assert many._activeTargets == [a, b]
    assert [v.asArray() for v in many._originalValue] == [[0.0, 0.0, 0.0], [1.0, 1.0, 1.0]]
    assert many._directTarget is None


def test_a_runtime_takes_outside_attributes_and_weak_references() -> None:
    scene = Scene(NullEngine())
    runtime = scene.beginDirectAnimation(
        TransformNode("n", scene), [_position()], 0, 30, True
    )._runtimeAnimations[0]
    assert "__dict__" in type(runtime).__slots__
    runtime.tag = "mine"  # type: ignore[attr-defined]
    assert runtime.tag == "mine"  # type: ignore[attr-defined]
    assert weakref.ref(runtime)() is runtime


def test_a_started_crowd_node_leaves_few_objects_for_the_garbage_collector() -> None:
    # The bench's verbatim-port node (a TransformNode with three animations started by
    # beginAnimation, after its first frame): 32 GC-tracked objects per node (108 before the
    # setup work of issue 14, 50 after its first part). The collector's full passes over a
    # growing heap were the part of a 10,000-node setup that grew with N.
    count = 1000
    gc.collect()
    before = len(gc.get_objects())
    scene, nodes = _compat_scene(lite_compat, count)
    gc.collect()
    per_node = (len(gc.get_objects()) - before) / count
    assert per_node < 34
    for _ in range(3):
        scene.render()
    assert nodes[0].scaling.x != 1.0 and nodes[0].position.y != 0.0
    scene.dispose()


def test_appended_runtimes_share_the_loop_marker_and_call_their_host_at_each_loop() -> None:
    # notify_host_loop is one shared marker (no bound method per animatable); the loop calls
    # the host's _notifyLoop, a user-set _onLoop still runs, a runtime made directly does not
    # notify the animatable it names.
    scene = Scene(NullEngine())
    x = Animation("x", "x", 30, Animation.ANIMATIONTYPE_FLOAT)
    x.setKeys([{"frame": 0, "value": 0}, {"frame": 10, "value": 1}])
    events: list[str] = []
    one = scene.beginDirectAnimation(SimpleNamespace(x=0.0), [x, x], 0, 10, True)
    two = scene.beginDirectAnimation(
        SimpleNamespace(x=0.0), [x], 0, 10, True, 1, None, lambda: events.append("cb2")
    )
    assert all(r._onLoop is notify_host_loop for r in one.getAnimations() + two.getAnimations())
    one.onAnimationLoopObservable.add(lambda a, _s: events.append("obs1" if a is one else "?"))
    own = two.getAnimations()[0]
    loose = RuntimeAnimation(SimpleNamespace(x=0.0), x, scene, one)
    for _ in range(12):  # 192 ms: frame 5.76 (no loop yet)
        scene._animate(16)
    assert events == []
    own._onLoop = lambda: events.append("own")
    for _ in range(20):  # the loop at frame 10 (ms 333)
        scene._animate(16)
        loose.animate(16 * (_ + 13), 0, 10, True, 1.0)
    assert events == ["obs1", "obs1", "own"]  # once per runtime of ``one``; two's patched
