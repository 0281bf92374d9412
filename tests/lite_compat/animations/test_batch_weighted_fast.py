"""The cross-fade fast paths of weighted rows, each against the path it replaces, bit for bit.

* ``animatable.set_weights`` (``AnimationGroup.setWeightForAllAnimatables``, which a
  cross-fade's ``group.weight`` calls every frame) against one ``Animatable.weight`` setter
  call per animatable;
* ``batch_weighted.RowRegistrar`` (a batch segment's late-binding registrations) against
  ``register_rows``, comparing the runtimes' and animatables' blend state and every
  ``markAsDirty`` call;
* the whole batched path (``LatePlan.apply`` reading targets as attributes, the registrar, the
  weights) against batching off (the compat evaluator: Babylon.js's scalar arithmetic).

Each over seeded random cross-fade programs with changes while they play: group weights
(above 1, below 0, NaN, back to -1, a total of 0), ``setWeightForAllAnimatables`` directly,
``enableBlending`` toggled with ``blendingSpeed`` changed, speeds, stops and restarts, a third
concurrent group (blends of three terms), scripts writing ``rotation`` (which Babylon.js's
``rotationQuaternion`` setter zeroes on each blended write).
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import lite_compat as BABYLON  # noqa: N812
from lite.errors import AnimationStateError
from lite_compat.animations import animatable as animatable_module
from lite_compat.animations import batch, batch_weighted
from lite_compat.nodes import transform_node

Anim = BABYLON.Animation


@pytest.fixture(autouse=True)
def _restore_batching() -> Iterator[None]:
    previous = batch.batched_evaluation_enabled()
    yield
    batch.set_batched_evaluation(previous, 16)


def _quaternion(rng: random.Random) -> Any:
    axis = BABYLON.Vector3(rng.random() - 0.5, rng.random() - 0.5, rng.random() + 0.1)
    q = BABYLON.Quaternion.RotationAxis(axis.normalize(), rng.uniform(-3.0, 3.0))
    if rng.random() < 0.3:
        q.scaleInPlace(-1.0)
    return q


def _animation(rng: random.Random, name: str, path: str, data_type: int) -> Any:
    animation = Anim(name, path, 60, data_type, Anim.ANIMATIONLOOPMODE_CYCLE)
    frames = [0, *sorted(rng.sample(range(1, 59), rng.randint(1, 3))), 60]
    keys = []
    for frame in frames:
        # glTF-style frames (float32 seconds x 60) half of the time.
        f = (
            float(np.float32(frame / 60 * 1.37)) * 60 / 1.37
            if frame and rng.random() < 0.5
            else frame
        )
        if data_type == Anim.ANIMATIONTYPE_QUATERNION:
            value: Any = _quaternion(rng)
        else:
            value = BABYLON.Vector3(rng.random(), rng.random(), rng.random())
        keys.append({"frame": float(f), "value": value})
    animation.setKeys(keys)
    return animation


_TRACKS = (
    ("rotationQuaternion", Anim.ANIMATIONTYPE_QUATERNION),
    ("position", Anim.ANIMATIONTYPE_VECTOR3),
)


def _node_state(nodes: list[Any]) -> list[Any]:
    out: list[Any] = []
    for node in nodes:
        p, r, q = node.position, node.rotation, node.rotationQuaternion
        out += [p.x, p.y, p.z, r.x, r.y, r.z, float(node._isDirty)]
        out += [q.x, q.y, q.z, q.w] if q is not None else [-9.0]
    return out


def _blend_state(scene: Any) -> list[Any]:
    """The animatables' and runtimes' blend state (what the registrations store)."""
    out: list[Any] = []
    for animatable in scene._activeAnimatables:
        out += [animatable._weight, animatable._previousWeight, animatable._batchRow is None]
        for runtime in animatable._runtimeAnimations:
            out += [runtime._weight, getattr(runtime._currentActiveTarget, "name", None)]
    return out


def _weights(rng: random.Random, odd: bool = False) -> float:
    """A group weight; ``odd``: also what only the animatables take (NaN, infinity)."""
    extra = (math.nan, math.inf) if odd else ()
    return rng.choice((0.0, 0.25, 0.5, 1.0, 1.0, 1.4, -0.3, -1.0, *extra))


def _program(seed: int, frames: int = 70, internals: bool = False) -> list[list[Any]]:
    """Clones cross-fading two (or three) groups every ``period`` frames, with seeded changes
    while they play; the node state every frame (and the blend state with ``internals``)."""
    rng = random.Random(seed)
    scene = BABYLON.Scene(BABYLON.NullEngine())
    scene.useConstantAnimationDeltaTime = True
    clones = rng.randint(18, 30)
    bones = 2
    names = ("walk", "run", "idle")
    pool = {
        (g, b, t): _animation(rng, f"{g}{b}{t}", path, data_type)
        for g in names
        for b in range(bones)
        for t, (path, data_type) in enumerate(_TRACKS)
    }
    nodes: list[Any] = []
    groups: list[list[Any]] = []
    for k in range(clones):
        own = [BABYLON.TransformNode(f"c{k}b{b}", scene) for b in range(bones)]
        for node in own:
            node.rotationQuaternion = BABYLON.Quaternion.Identity()
        nodes += own
        mine = []
        for g in names[: 3 if rng.random() < 0.2 else 2]:
            group = BABYLON.AnimationGroup(f"c{k}{g}", scene)
            for b, node in enumerate(own):
                for t, _ in enumerate(_TRACKS):
                    if t == 0 or rng.random() < 0.5:
                        group.addTargetedAnimation(pool[(g, b, t)], node)
            mine.append(group)
        for group in mine:
            group.start(True, rng.choice((1.0, 1.0, 1.5)))
        groups.append(mine)
        if rng.random() < 0.25:
            continue  # unweighted (native, batch rows) until the fades reach it
        mine[0].weight = 1.0
        for group in mine[1:]:
            group.weight = 0.0
    period = rng.choice((20, 30))
    length = period // 2
    states: list[list[Any]] = []
    #: Per clone, the step until which the fades leave it alone (unweighted for a while).
    unweighted = [0 if groups[k][0].weight != -1 else rng.randint(5, 25) for k in range(clones)]
    for step in range(frames):
        cycle, at = divmod(step, period)
        if at <= length:
            w = at / length if cycle % 2 == 0 else 1.0 - at / length
            for k, mine in enumerate(groups):
                if unweighted[k] <= step:
                    mine[0].weight = 1.0 - w
                    mine[1].weight = w
        k = rng.randrange(len(groups))
        mine = groups[k]
        roll = rng.random()
        if roll < 0.08:
            mine[rng.randrange(len(mine))].weight = _weights(rng)
        elif roll < 0.12:
            mine[rng.randrange(len(mine))].setWeightForAllAnimatables(_weights(rng, odd=True))
        elif roll < 0.15:
            for group in mine:
                group.weight = 0.0  # a blend of total weight 0
            for node in nodes[k * bones : (k + 1) * bones]:
                node.rotation = BABYLON.Vector3(0.5, 0.25, 0.125)
        elif roll < 0.17:
            # Unweighted rows for a while, then weighted again by the fades.
            for group in mine:
                group.weight = -1
            unweighted[k] = step + rng.randint(3, 12)
        elif roll < 0.18:
            group = mine[rng.randrange(len(mine))]
            group.isAdditive = not group.isAdditive
        elif roll < 0.2:
            group = mine[rng.randrange(len(mine))]
            group.enableBlending = not group.enableBlending
            group.blendingSpeed = rng.choice((0.01, 0.05, 0.2))
        elif roll < 0.23:
            mine[rng.randrange(len(mine))].blendingSpeed = rng.choice((0.02, 0.1))
        elif roll < 0.26:
            mine[rng.randrange(len(mine))].speedRatio = rng.choice((0.5, 1.0, 2.0))
        elif roll < 0.29:
            group = mine[rng.randrange(len(mine))]
            group.stop()
            group.start(True)
            group.weight = rng.choice((0.0, 0.5, 1.0))
        elif roll < 0.31 and len(mine) > 2:
            mine[2].weight = rng.choice((0.2, 0.6))  # a third term
        if rng.random() < 0.3:
            # Babylon.js zeroes it on every rotationQuaternion write, blended ones included.
            node = nodes[rng.randrange(len(nodes))]
            node.rotation = BABYLON.Vector3(0.1, rng.random(), 0.3)
        scene._animate(16)
        state = _node_state(nodes)
        for node in nodes:
            # What a render does: the nodes are clean again (the rows' marks are seen).
            node.computeWorldMatrix(True)
        if internals:
            state += _blend_state(scene)
        states.append(state)
    return states


def _compare(got: list[list[Any]], want: list[list[Any]], label: str) -> None:
    assert len(got) == len(want)
    for step, (a, b) in enumerate(zip(got, want, strict=True)):
        if a != b and not all(
            x == y or (isinstance(x, float) and math.isnan(x) and math.isnan(y))
            for x, y in zip(a, b, strict=True)
        ):
            bad = next(i for i, (x, y) in enumerate(zip(a, b, strict=True)) if x != y)
            raise AssertionError(f"{label} frame {step} value {bad}: {a[bad]!r} != {b[bad]!r}")


@pytest.mark.parametrize("seed", range(6))
def test_cross_fade_programs_batched_give_the_scalar_numbers(seed: int) -> None:
    batch.set_batched_evaluation(False)
    expected = _program(seed)
    for min_rows in (16, 1):
        batch.set_batched_evaluation(True, min_rows)
        _compare(_program(seed), expected, f"seed {seed} min_rows {min_rows}")


def _setter_loop(animatables: Any, weight: float) -> None:
    for animatable in animatables:
        animatable.weight = weight


@pytest.mark.parametrize("seed", range(6))
def test_set_weights_leaves_what_the_setters_leave(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    batch.set_batched_evaluation(True, 16)
    fast = _program(seed, internals=True)
    monkeypatch.setattr(animatable_module, "set_weights", _setter_loop)
    monkeypatch.setattr(
        BABYLON.AnimationGroup,
        "setWeightForAllAnimatables",
        lambda self, weight: _setter_loop(self._animatables, weight) or self,
    )
    _compare(fast, _program(seed, internals=True), f"seed {seed}")


def test_set_weights_refuses_a_bad_weight_before_changing_anything() -> None:
    scene = BABYLON.Scene(BABYLON.NullEngine())
    node = BABYLON.TransformNode("n", scene)
    group = BABYLON.AnimationGroup("g", scene)
    group.addTargetedAnimation(_animation(random.Random(1), "q", *_TRACKS[0]), node)
    group.start(True)
    group.weight = 0.5
    with pytest.raises(AnimationStateError):
        group.setWeightForAllAnimatables("heavy")  # type: ignore[arg-type]
    assert [a.weight for a in group.animatables] == [0.5]
    BABYLON.AnimationGroup("empty", scene).setWeightForAllAnimatables("heavy")  # type: ignore[arg-type]


def _marks(monkeypatch: pytest.MonkeyPatch, idempotent: bool) -> list[tuple[str, Any]]:
    """Log every TransformNode.markAsDirty call (kept a lite_compat method, so that batch
    segments still regroup; ``idempotent``: named as TransformNode's own, so that the rows
    call it only on clean nodes, else once per track and row)."""
    log: list[tuple[str, Any]] = []
    mark = transform_node.TransformNode.markAsDirty

    def logged(self: Any, property: Any = None) -> Any:
        log.append((self.name, property))
        return mark(self, property)

    logged.__module__ = mark.__module__
    if idempotent:
        logged.__qualname__ = mark.__qualname__
    monkeypatch.setattr(transform_node.TransformNode, "markAsDirty", logged)
    return log


@pytest.mark.parametrize("idempotent", [True, False])
@pytest.mark.parametrize("seed", range(4))
def test_segment_registrations_equal_register_rows(
    seed: int, idempotent: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    batch.set_batched_evaluation(True, 16)
    calls = [0]
    register = batch_weighted.RowRegistrar.register

    def counted(self: Any) -> None:
        calls[0] += 1
        register(self)

    monkeypatch.setattr(batch_weighted.RowRegistrar, "register", counted)
    log = _marks(monkeypatch, idempotent)
    fast = _program(seed, internals=True)
    fast_marks = sorted(log)
    assert calls[0] > 0
    log.clear()

    def reference(self: Any) -> None:
        batch_weighted.register_rows(self.animatables, self.plan)

    monkeypatch.setattr(batch_weighted.RowRegistrar, "register", reference)
    _compare(fast, _program(seed, internals=True), f"seed {seed}")
    # The marks of a segment commute: the same calls, grouped by kind.
    assert fast_marks == sorted(log)
    assert fast_marks
