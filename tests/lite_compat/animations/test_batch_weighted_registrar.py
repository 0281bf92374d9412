"""``RowRegistrar.register`` against ``register_rows`` for weighted rows of several tracks.

A ``beginWeightedAnimation`` over a node's ``animations`` is one animatable with several
runtime animations (the registrar's per-runtime row index); its weight changes every frame
(above 1, below 0, NaN, infinity through ``setWeightForAllAnimatables``, -1 and back,
``enableBlending`` ramps). The runtimes' and animatables' blend state and the node state must
be the registrar's and ``register_rows``' alike, bit for bit.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from typing import Any

import pytest

import lite_compat as BABYLON  # noqa: N812
from lite_compat.animations import batch, batch_weighted

Anim = BABYLON.Animation

_TRACKS = (
    ("rotationQuaternion", Anim.ANIMATIONTYPE_QUATERNION),
    ("position", Anim.ANIMATIONTYPE_VECTOR3),
    ("scaling", Anim.ANIMATIONTYPE_VECTOR3),
)


@pytest.fixture(autouse=True)
def _restore_batching() -> Iterator[None]:
    previous = batch.batched_evaluation_enabled()
    yield
    batch.set_batched_evaluation(previous, 16)


def _animation(rng: random.Random, name: str, path: str, data_type: int) -> Any:
    animation = Anim(name, path, 60, data_type, Anim.ANIMATIONLOOPMODE_CYCLE)
    keys = []
    for frame in (0, rng.randint(10, 50), 60):
        if data_type == Anim.ANIMATIONTYPE_QUATERNION:
            axis = BABYLON.Vector3(rng.random(), rng.random() - 0.5, 0.3).normalize()
            value: Any = BABYLON.Quaternion.RotationAxis(axis, rng.uniform(-3.0, 3.0))
        else:
            value = BABYLON.Vector3(rng.random(), rng.random(), rng.random())
        keys.append({"frame": float(frame), "value": value})
    animation.setKeys(keys)
    return animation


def _weight(rng: random.Random) -> float:
    return float(rng.choice((0.0, 0.2, 0.5, 0.8, 1.0, 1.0, 1.7, -0.4, math.nan, math.inf)))


def _program(seed: int, frames: int = 40) -> list[list[Any]]:
    rng = random.Random(seed)
    scene = BABYLON.Scene(BABYLON.NullEngine())
    scene.useConstantAnimationDeltaTime = True
    pool = [
        [_animation(rng, f"a{v}{t}", path, kind) for t, (path, kind) in enumerate(_TRACKS)]
        for v in range(3)
    ]
    nodes: list[Any] = []
    animatables: list[Any] = []
    for k in range(rng.randint(20, 36)):
        node = BABYLON.TransformNode(f"n{k}", scene)
        node.rotationQuaternion = BABYLON.Quaternion.Identity()
        nodes.append(node)
        for _ in range(rng.choice((1, 2, 2, 3))):
            tracks = pool[rng.randrange(len(pool))]
            node.animations = [t for i, t in enumerate(tracks) if i == 0 or rng.random() < 0.7]
            animatables.append(
                scene.beginWeightedAnimation(node, 0, 60, rng.choice((0.3, 0.5, 1.0)), True)
            )
    states: list[list[Any]] = []
    for _ in range(frames):
        for animatable in rng.sample(animatables, rng.randint(1, len(animatables))):
            roll = rng.random()
            if roll < 0.8:
                animatable.weight = min(max(_weight(rng), 0.0), 1.0) if roll < 0.7 else -1.0
            elif roll < 0.9:
                animatable.weight = rng.choice((0.25, 0.75))
        for animatable in animatables:
            if animatable.weight == -1 and rng.random() < 0.5:
                animatable.weight = 0.5
        scene._animate(16)
        state: list[Any] = []
        for node in nodes:
            p, s, q = node.position, node.scaling, node.rotationQuaternion
            state += [p.x, p.y, p.z, s.x, s.y, s.z, q.x, q.y, q.z, q.w]
        for animatable in scene._activeAnimatables:
            state += [animatable._weight, animatable._previousWeight]
            for runtime in animatable._runtimeAnimations:
                state += [runtime._weight, getattr(runtime._currentActiveTarget, "name", None)]
        states.append(state)
    return states


def _same(a: Any, b: Any) -> bool:
    if isinstance(a, float) and isinstance(b, float):
        return a == b or (math.isnan(a) and math.isnan(b))
    return bool(a == b)


@pytest.mark.parametrize("seed", range(5))
def test_several_tracks_per_row_register_as_register_rows(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    batch.set_batched_evaluation(True, 1)
    shared = [0]
    register = batch_weighted.RowRegistrar.register

    def counted(self: Any) -> None:
        shared[0] += self.runtime_rows is not None
        register(self)

    monkeypatch.setattr(batch_weighted.RowRegistrar, "register", counted)
    fast = _program(seed)
    assert shared[0] > 0, "no registrar with several tracks per row"

    def reference(self: Any) -> None:
        batch_weighted.register_rows(self.animatables, self.plan)

    monkeypatch.setattr(batch_weighted.RowRegistrar, "register", reference)
    want = _program(seed)
    for step, (a, b) in enumerate(zip(fast, want, strict=True)):
        assert len(a) == len(b)
        bad = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if not _same(x, y)]
        assert not bad, f"seed {seed} frame {step} item {bad[0]}: {a[bad[0]]!r} != {b[bad[0]]!r}"


def test_scalar_blends_of_zero_weight_terms_match_the_rows() -> None:
    """Three-term quaternion blends whose first terms weigh 0 divide 0 by 0: NaN, as in
    JavaScript (the compat evaluator raised ZeroDivisionError), the batched rows' numbers."""
    batch.set_batched_evaluation(False)
    expected = _program(0)
    batch.set_batched_evaluation(True, 1)
    got = _program(0)
    for step, (a, b) in enumerate(zip(got, expected, strict=True)):
        bad = [i for i, (x, y) in enumerate(zip(a, b, strict=True)) if not _same(x, y)]
        assert not bad, f"frame {step} item {bad[0]}: {a[bad[0]]!r} != {b[bad[0]]!r}"
