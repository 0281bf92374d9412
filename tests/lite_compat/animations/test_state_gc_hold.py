"""The collection pause a scene step's planning takes (state.hold_collection, delegation.plan_step).

A step that plans a crowd keeps the cyclic garbage collector paused until the step ends (the
step then admits and steps what it planned); a warm step takes no pause; the collector comes
back exactly as it was (enabled, or disabled by the caller), also when the step raises; a
planning pass outside a step pauses only for the pass. The numbers a step writes do not depend
on it: the same crowd stepped with and without the pause writes the same values, bit for bit.
Bounded by counts (no timing).
"""

from __future__ import annotations

import gc
import struct
from collections.abc import Iterator
from typing import Any

import pytest

import lite_compat as BABYLON  # noqa: N812
from lite_compat.animations import delegation, state
from lite_compat.scene import scene as scene_module

A = BABYLON.Animation


def _crowd(count: int) -> tuple[Any, list[Any]]:
    # The issue-24 workload's shape: each node its own position / rotationQuaternion / eased
    # scaling.x keys.
    engine = BABYLON.NullEngine()
    scene = BABYLON.Scene(engine)
    scene.useConstantAnimationDeltaTime = True
    BABYLON.FreeCamera("camera", BABYLON.Vector3(0, 0, -10), scene)
    axis = BABYLON.Vector3(0, 1, 0)
    nodes = []
    for i in range(count):
        mid = 20 + (i * 7) % 21
        v = [((i * 7919 + k * 104729) % 1000) / 1000.0 for k in range(10)]
        position = A("p", "position", 60, A.ANIMATIONTYPE_VECTOR3, A.ANIMATIONLOOPMODE_CYCLE)
        position.setKeys(
            [
                {"frame": 0, "value": BABYLON.Vector3(v[0], v[1], v[2])},
                {"frame": mid, "value": BABYLON.Vector3(v[3], v[4], v[5])},
                {"frame": 60, "value": BABYLON.Vector3(v[0], v[1], v[2])},
            ]
        )
        rotation = A(
            "r", "rotationQuaternion", 60, A.ANIMATIONTYPE_QUATERNION, A.ANIMATIONLOOPMODE_CYCLE
        )
        rotation.setKeys(
            [
                {"frame": 0, "value": BABYLON.Quaternion.RotationAxis(axis, v[6])},
                {"frame": mid, "value": BABYLON.Quaternion.RotationAxis(axis, 1 + v[7])},
                {"frame": 60, "value": BABYLON.Quaternion.RotationAxis(axis, v[6])},
            ]
        )
        scaling = A("s", "scaling.x", 60, A.ANIMATIONTYPE_FLOAT, A.ANIMATIONLOOPMODE_CYCLE)
        scaling.setKeys(
            [
                {"frame": 0, "value": 1 + v[8]},
                {"frame": mid, "value": 2 + v[9]},
                {"frame": 60, "value": 1 + v[8]},
            ]
        )
        ease = BABYLON.CubicEase()
        ease.setEasingMode(BABYLON.EasingFunction.EASINGMODE_EASEINOUT)
        scaling.setEasingFunction(ease)
        node = BABYLON.TransformNode(f"n{i}", scene)
        node.rotationQuaternion = BABYLON.Quaternion.Identity()
        node.animations = [position, rotation, scaling]
        scene.beginAnimation(node, 0, 60, True)
        nodes.append(node)
    return scene, nodes


def _bits(nodes: list[Any]) -> list[bytes]:
    out = []
    for n in nodes:
        q = n.rotationQuaternion
        numbers = [n.position.x, n.position.y, n.position.z, q.x, q.y, q.z, q.w, n.scaling.x]
        out.append(struct.pack(f"<{len(numbers)}d", *map(float, numbers)))
    return out


@pytest.fixture
def step_ends(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[bool]]:
    """gc.isenabled() as each scene step ends (just before the step's end_step runs)."""
    seen: list[bool] = []
    real = state.end_step

    def end_step() -> None:
        seen.append(gc.isenabled())
        real()

    monkeypatch.setattr(scene_module, "end_step", end_step)
    was = gc.isenabled()
    try:
        yield seen
    finally:
        (gc.enable if was else gc.disable)()


def test_planning_step_holds_collection_until_it_ends(step_ends: list[bool]) -> None:
    gc.enable()
    scene, _ = _crowd(40)
    passes: list[int] = []
    real = delegation._plan_step

    def counted(*args: Any) -> bool:
        passes.append(1)
        return real(*args)

    delegation._plan_step = counted  # type: ignore[assignment]
    try:
        scene.render()  # plans the crowd: held to the end of the step
        assert passes == [1]
        assert step_ends == [False]
        assert gc.isenabled()
        for _ in range(3):
            scene.render()  # warm: no planning, no hold
        assert passes == [1]
        assert step_ends == [False, True, True, True]
        assert gc.isenabled()
    finally:
        delegation._plan_step = real
    scene.dispose()


def test_collector_disabled_by_caller_stays_disabled(step_ends: list[bool]) -> None:
    gc.disable()
    scene, _ = _crowd(10)
    scene.render()
    scene.render()
    assert step_ends == [False, False]
    assert not gc.isenabled()
    scene.dispose()


def test_hold_ends_when_the_step_raises(step_ends: list[bool]) -> None:
    gc.enable()
    scene, nodes = _crowd(10)

    class BoomError(Exception):
        pass

    def boom(*_: Any) -> None:
        raise BoomError

    # An animation event fires inside the step, after planning.
    event = BABYLON.AnimationEvent(0, boom, False)
    nodes[-1].animations[0].addEvent(event)
    scene.stopAllAnimations()
    for node in nodes:
        scene.beginAnimation(node, 0, 60, True)
    with pytest.raises(BoomError):
        scene.render()
    assert step_ends == [False]
    assert gc.isenabled()
    assert not state._GC_HELD[0]
    scene.dispose()


def test_hold_outside_a_step_does_nothing() -> None:
    was = gc.isenabled()
    gc.enable()
    try:
        assert state.hold_collection() is False
        assert gc.isenabled()
        assert not state._GC_HELD[0]
    finally:
        (gc.enable if was else gc.disable)()


def test_values_do_not_depend_on_the_hold(monkeypatch: pytest.MonkeyPatch) -> None:
    was = gc.isenabled()
    gc.enable()
    try:
        scene, nodes = _crowd(30)
        held = []
        for _ in range(5):
            scene.render()
            held.append(_bits(nodes))
        scene.dispose()
        monkeypatch.setattr(state, "hold_collection", lambda: False)
        scene, nodes = _crowd(30)
        free = []
        for _ in range(5):
            scene.render()
            free.append(_bits(nodes))
        scene.dispose()
    finally:
        (gc.enable if was else gc.disable)()
    assert held == free
