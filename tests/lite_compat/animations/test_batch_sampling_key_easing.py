"""Key easing functions in compat's batch sampler (lite_compat.animations.batch_sampling).

Babylon.js eases a segment with its start key's ``easingFunction``, else the animation's
(``Animation._interpolate``). Lite's clips have no per-key easing, so such tracks used to run on
the compat evaluator (``per-key-easing``) and kept their whole animatable off the batched path.
Compat's own sampler now takes them, with Babylon's own float64 arithmetic: the differential
tests below play all twelve curves in their three modes, on FLOAT, VECTOR3 and QUATERNION
tracks, mixed with eased and plain segments, and compare every value of every frame with the
compat evaluator (native delegation off, the port of ``Animation._interpolate``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

import lite_compat as BABYLON  # noqa: N812
from lite_compat.animations import batch, state

A = BABYLON.Animation


@pytest.fixture(autouse=True)
def _restore() -> Iterator[None]:
    batched = batch.batched_evaluation_enabled()
    native = state.native_delegation_enabled()
    yield
    batch.set_batched_evaluation(batched, 16)
    state.set_native_delegation(native)


def _curves() -> list[Any]:
    curves = [
        BABYLON.CircleEase(),
        BABYLON.BackEase(0.7),
        BABYLON.BounceEase(3, 2.5),
        BABYLON.CubicEase(),
        BABYLON.ElasticEase(2, 4),
        BABYLON.ExponentialEase(3),
        BABYLON.PowerEase(2.5),
        BABYLON.QuadraticEase(),
        BABYLON.QuarticEase(),
        BABYLON.QuinticEase(),
        BABYLON.SineEase(),
        BABYLON.BezierCurveEase(0.3, 0.1, 0.7, 1.2),
    ]
    out = []
    for mode in (
        BABYLON.EasingFunction.EASINGMODE_EASEIN,
        BABYLON.EasingFunction.EASINGMODE_EASEOUT,
        BABYLON.EasingFunction.EASINGMODE_EASEINOUT,
    ):
        for curve in curves:
            eased = type(curve).__new__(type(curve))
            eased.__dict__.update(curve.__dict__)
            eased.setEasingMode(mode)
            out.append(eased)
    return out


def _play(frames: int = 75) -> list[list[float]]:
    scene = BABYLON.Scene(BABYLON.NullEngine())
    scene.useConstantAnimationDeltaTime = True
    curves = _curves()
    nodes = []
    for i, curve in enumerate(curves):
        node = BABYLON.TransformNode(f"n{i}", scene)
        node.rotationQuaternion = BABYLON.Quaternion.Identity()
        spin = A("y", "rotation.y", 60, A.ANIMATIONTYPE_FLOAT, A.ANIMATIONLOOPMODE_CYCLE)
        spin.setKeys(
            [
                {"frame": 0, "value": 0.0, "easingFunction": curve},
                {"frame": 20, "value": 1.5},  # a plain segment between eased ones
                {"frame": 40, "value": -0.5, "easingFunction": curves[(i + 7) % len(curves)]},
                {"frame": 60, "value": 0.0},
            ]
        )
        move = A("p", "position", 60, A.ANIMATIONTYPE_VECTOR3, A.ANIMATIONLOOPMODE_CYCLE)
        move.setKeys(
            [
                {"frame": 0, "value": BABYLON.Vector3(0, 0, 0), "easingFunction": curve},
                {"frame": 60, "value": BABYLON.Vector3(1, -2, 3 + i)},
            ]
        )
        turn = A("q", "rotationQuaternion", 60, A.ANIMATIONTYPE_QUATERNION, 1)
        turn.setKeys(
            [
                {"frame": 0, "value": BABYLON.Quaternion.Identity()},
                {
                    "frame": 30,
                    "value": BABYLON.Quaternion.RotationAxis(BABYLON.Vector3(0, 1, 0), 2.0),
                    "easingFunction": curve,
                },
                {"frame": 60, "value": BABYLON.Quaternion.Identity()},
            ]
        )
        # An animation-level easing where a segment has none of its own.
        turn.setEasingFunction(BABYLON.SineEase())
        node.animations = [spin, move, turn]
        scene.beginAnimation(node, 0, 60, True, 1.0 + (i % 3) * 0.25)
        nodes.append(node)
    states = []
    for _ in range(frames):
        scene._animate(16)
        row: list[float] = []
        for node in nodes:
            row += [node.rotation.y, *node.position.asArray(), *node.rotationQuaternion.asArray()]
        states.append(row)
    return states


def test_key_easing_tracks_are_native_batch_tracks() -> None:
    batch.set_batched_evaluation(True, 16)
    scene = BABYLON.Scene(BABYLON.NullEngine())
    node = BABYLON.TransformNode("n", scene)
    spin = A("y", "rotation.y", 60, A.ANIMATIONTYPE_FLOAT, A.ANIMATIONLOOPMODE_CYCLE)
    spin.setKeys(
        [
            {"frame": 0, "value": 0.0, "easingFunction": BABYLON.SineEase()},
            {"frame": 60, "value": 1},
        ]
    )
    animatable = scene.beginDirectAnimation(node, [spin], 0, 60, True)
    scene._animate(16)
    assert animatable.getTrackOwners() == [("rotation.y", "native", None)]
    assert animatable._batchRow is not None


@pytest.mark.parametrize("min_rows", [1, 16])
def test_key_easings_give_the_compat_evaluators_numbers(min_rows: int) -> None:
    state.set_native_delegation(False)
    expected = _play()
    state.set_native_delegation(True)
    batch.set_batched_evaluation(False)
    scalar = _play()
    batch.set_batched_evaluation(True, min_rows)
    batched = _play()
    for step, (a, b, c) in enumerate(zip(expected, scalar, batched, strict=True)):
        assert b == a, f"scalar, frame {step}"
        assert c == a, f"batched, frame {step}"
