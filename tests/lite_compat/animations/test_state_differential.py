"""Differential test of the state model (issue 29): the three evaluation paths agree.

Seeded random programs start a few animatables on a few nodes and then, while they play,
change what a script can change (every row of the state-model table in
docs/architecture/compat-animations.md: keys by ``setKeys`` and in place, ``framePerSecond``,
easing per animation and per key, loop mode, blending, objects along a path, weights,
``speedRatio``, ``fromFrame``/``toFrame``, ``Animatable.target``), plus seeks, pauses, stops,
disposal and animations started after the others. Each program runs three times:

* ``fallback``: native delegation off, every track on the compat evaluator (the port of
  Babylon.js's ``RuntimeAnimation``/``Animation._interpolate``, the reference);
* ``default``: native delegation and the batched rows as shipped (scalar rows below 16);
* ``batched``: the batched rows forced on and vectorised from one row.

Every node's animated properties are compared after every frame. Native tracks store values
as float32 (relative error at most 6e-8), hence the tolerance. Nothing here is tuned to the
implementation: the programs come from the seed, the reference is the Babylon.js port.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import lite_compat as BABYLON  # noqa: N812
from lite_compat.animations import batch, delegation

A = BABYLON.Animation
V3 = BABYLON.Vector3
Q = BABYLON.Quaternion

#: programs x frames (see the module doc); reported in the issue-29 note.
PROGRAMS = 200
FRAMES = 60
NODES = 4  # three TransformNodes and a plain object (its tracks bind through Lite)

#: (path, data type) of the tracks a program may animate.
TRACKS: tuple[tuple[str, int], ...] = (
    ("position.x", A.ANIMATIONTYPE_FLOAT),
    ("rotation.y", A.ANIMATIONTYPE_FLOAT),
    ("scaling.z", A.ANIMATIONTYPE_FLOAT),
    ("position", A.ANIMATIONTYPE_VECTOR3),
    ("scaling", A.ANIMATIONTYPE_VECTOR3),
    ("rotationQuaternion", A.ANIMATIONTYPE_QUATERNION),
)

Op = tuple[Any, ...]


def _value(rng: random.Random, data_type: int) -> Any:
    if data_type == A.ANIMATIONTYPE_FLOAT:
        return ("f", rng.randint(-20, 20) / 4)
    if data_type == A.ANIMATIONTYPE_VECTOR3:
        return ("v", *(rng.randint(-20, 20) / 4 for _ in range(3)))
    axis = [rng.uniform(-1, 1) for _ in range(3)]
    return ("q", *axis, rng.uniform(-3, 3))


def _make_value(spec: Any) -> Any:
    if spec[0] == "f":
        return spec[1]
    if spec[0] == "v":
        return V3(spec[1], spec[2], spec[3])
    axis = V3(spec[1], spec[2], spec[3])
    if axis.length() < 1e-3:
        axis = V3(0, 1, 0)
    return Q.RotationAxis(axis.normalize(), spec[4])


def _keys(rng: random.Random, data_type: int) -> list[tuple[int, Any]]:
    # From 0 to 40 (every play range inside the keys, so tracks can be native) mostly.
    frames = sorted(rng.sample(range(1, 40), rng.randint(0, 2)))
    frames.append(40 if rng.random() < 0.9 else rng.randint(20, 39))
    return [(0, _value(rng, data_type))] + [(f, _value(rng, data_type)) for f in frames]


def program(seed: int) -> dict[str, Any]:
    """The program of ``seed``: its animations, starts and mid-play operations (plain data)."""
    rng = random.Random(seed)
    animations = []
    for _ in range(rng.randint(2, 5)):
        path, data_type = rng.choice(TRACKS)
        animations.append(
            {
                "path": path,
                "type": data_type,
                "fps": rng.choice((30, 60, 60, 24)),
                "keys": _keys(rng, data_type),
                "easing": rng.random() < 0.2,
            }
        )
    starts = []
    for _ in range(rng.randint(1, 4)):
        starts.append(_start(rng, animations))
    ops: list[Op] = []
    for frame in range(FRAMES):
        for _ in range(2):
            if rng.random() < 0.2:
                ops.append((frame, *_op(rng, animations)))
    return {"animations": animations, "starts": starts, "ops": ops}


def _start(rng: random.Random, animations: list[dict[str, Any]]) -> Op:
    node = rng.randrange(NODES)
    # One frame rate per call so the native path is possible; several animations per call.
    fps = rng.choice([a["fps"] for a in animations])
    chosen = [i for i, a in enumerate(animations) if a["fps"] == fps]
    members = rng.sample(chosen, rng.randint(1, len(chosen)))
    paths = [animations[i]["path"] for i in members]
    members = [m for m, p in zip(members, paths, strict=True) if paths.count(p) == 1] or members[:1]
    from_ = rng.choice((0, 0, 0, 5))
    to = rng.choice((40, 40, 30, 20))
    loop = rng.random() < 0.8
    speed = rng.choice((1.0, 1.0, 0.5, 2.0))
    return ("begin", node, members, from_, to, loop, speed)


def _op(rng: random.Random, animations: list[dict[str, Any]]) -> Op:
    a = rng.randrange(len(animations))
    kind = rng.choice(
        (
            "setKeys",
            "keyValue",
            "keyComponent",
            "keyFrame",
            "fps",
            "easing",
            "keyEasing",
            "loopMode",
            "blending",
            "replaceOwner",
            "shareLeaf",
            "quatNone",
            "retarget",
            "weight",
            "speed",
            "range",
            "goto",
            "pause",
            "restart",
            "stop",
            "dispose",
            "begin",
        )
    )
    data_type = animations[a]["type"]
    if kind == "setKeys":
        return (kind, a, _keys(rng, data_type))
    if kind in ("keyValue", "keyComponent"):
        return (kind, a, rng.randrange(4), _value(rng, data_type), rng.choice("xyz"))
    if kind == "keyFrame":
        return (kind, a, rng.randrange(1, 4), rng.randint(1, 45))
    if kind == "fps":
        return (kind, a, rng.choice((15, 30, 60, 120)))
    if kind in ("easing", "keyEasing"):
        return (kind, a)
    if kind == "loopMode":
        return (kind, a, rng.choice((0, 1, 2)))
    if kind == "blending":
        return (kind, a, rng.random() < 0.5, rng.choice((0.05, 0.2, 0.5)))
    if kind in ("replaceOwner", "quatNone", "dispose"):
        return (kind, rng.randrange(NODES), rng.choice(("position", "scaling", "rotation")))
    if kind == "shareLeaf":
        return (kind, rng.randrange(NODES), rng.randrange(NODES))
    if kind == "begin":
        return (kind, _start(rng, animations))
    if kind == "weight":
        return (kind, rng.randrange(8), rng.choice((-1.0, 0.0, 0.5, 1.0)))
    if kind == "speed":
        return (kind, rng.randrange(8), rng.choice((0.5, 1.0, 2.0)))
    if kind == "range":
        return (kind, rng.randrange(8), rng.choice((0, 5, 10)), rng.choice((20, 30, 40)))
    if kind == "goto":
        return (kind, rng.randrange(8), rng.randint(0, 40))
    if kind == "retarget":
        return (kind, rng.randrange(8), rng.randrange(NODES))
    return (kind, rng.randrange(8))


# -- running a program ---------------------------------------------------------------------------


def _key_dicts(keys: list[tuple[int, Any]]) -> list[dict[str, Any]]:
    return [{"frame": f, "value": _make_value(v)} for f, v in keys]


def run(prog: dict[str, Any]) -> list[list[Any]]:
    """Run ``prog`` in the current mode; every node's animated values after every frame."""
    scene = BABYLON.Scene(BABYLON.NullEngine())
    nodes = []
    for i in range(NODES):
        node = BABYLON.TransformNode(f"n{i}", scene) if i < NODES - 1 else _Plain()
        node.rotationQuaternion = Q.Identity()
        nodes.append(node)
    animations = []
    for spec in prog["animations"]:
        animation = A("a", spec["path"], spec["fps"], spec["type"], A.ANIMATIONLOOPMODE_CYCLE)
        animation.setKeys(_key_dicts(spec["keys"]))
        if spec["easing"]:
            animation.setEasingFunction(BABYLON.CubicEase())
        animations.append(animation)
    animatables: list[Any] = []

    def begin(op: Op) -> None:
        _, node, members, from_, to, loop, speed = op
        if nodes[node].isDisposed():
            return
        animatables.append(
            scene.beginDirectAnimation(
                nodes[node], [animations[m] for m in members], from_, to, loop, speed
            )
        )

    for start in prog["starts"]:
        begin(start)
    ops: dict[int, list[Op]] = {}
    for op in prog["ops"]:
        ops.setdefault(op[0], []).append(op[1:])
    frames: list[list[Any]] = []
    for frame in range(FRAMES):
        try:
            for op in ops.get(frame, ()):
                _apply(op, scene, nodes, animations, animatables, begin)
            scene._animate(16)
        except (IndexError, TypeError) as error:
            # Babylon.js throws too (a TypeError reading ``keys[state.key].frame`` after
            # setKeys shrank the key list under a playing track): every path must agree.
            frames.append([f"error {type(error).__name__}"])
            break
        frames.append(_sample(nodes))
    return frames


class _Plain:
    """A script's own object with a node's animated properties (not a lite_compat class)."""

    def __init__(self) -> None:
        self.position, self.rotation, self.scaling = V3(0, 0, 0), V3(0, 0, 0), V3(1, 1, 1)
        self.rotationQuaternion: Any = None

    def isDisposed(self) -> bool:  # noqa: N802
        return False

    def dispose(self) -> None:
        return None


def _apply(
    op: Op,
    scene: Any,
    nodes: list[Any],
    animations: list[Any],
    animatables: list[Any],
    begin: Callable[[Op], None],
) -> None:
    kind = op[0]
    if kind == "setKeys":
        animations[op[1]].setKeys(_key_dicts(op[2]))
    elif kind in ("keyValue", "keyComponent"):
        keys = animations[op[1]].getKeys()
        key = keys[op[2] % len(keys)]
        if kind == "keyValue" or isinstance(key["value"], int | float):
            key["value"] = _make_value(op[3])
        else:
            value = _make_value(op[3])
            setattr(key["value"], op[4], getattr(value, op[4]))
    elif kind == "keyFrame":
        keys = animations[op[1]].getKeys()
        index = op[2] % len(keys)
        if index > 0:
            low = keys[index - 1]["frame"]
            high = keys[index + 1]["frame"] if index + 1 < len(keys) else 60
            keys[index]["frame"] = min(max(op[3], low + 1), high - 1) if high - low > 1 else low
    elif kind == "fps":
        animations[op[1]].framePerSecond = op[2]
    elif kind == "easing":
        animation = animations[op[1]]
        animation.setEasingFunction(None if animation.getEasingFunction() else BABYLON.SineEase())
    elif kind == "keyEasing":
        keys = animations[op[1]].getKeys()
        keys[0]["easingFunction"] = BABYLON.QuadraticEase()
    elif kind == "loopMode":
        animations[op[1]].loopMode = op[2]
    elif kind == "blending":
        animations[op[1]].enableBlending = op[2]
        animations[op[1]].blendingSpeed = op[3]
    elif kind == "replaceOwner":
        node = nodes[op[1]]
        setattr(node, op[2], V3(1, 2, 3))
    elif kind == "shareLeaf":
        nodes[op[1]].position = nodes[op[2]].position
    elif kind == "quatNone":
        nodes[op[1]].rotationQuaternion = None
    elif kind == "dispose":
        if not nodes[op[1]].isDisposed():
            nodes[op[1]].dispose()
    elif kind == "begin":
        begin(op[1])
    elif animatables:
        animatable = animatables[op[1] % len(animatables)]
        if kind == "weight":
            animatable.weight = op[2]
        elif kind == "speed":
            animatable.speedRatio = op[2]
        elif kind == "range":
            animatable.fromFrame, animatable.toFrame = op[2], op[3]
        elif kind == "goto":
            animatable.goToFrame(op[2])
        elif kind == "pause":
            animatable.pause()
        elif kind == "restart":
            animatable.restart()
        elif kind == "stop":
            animatable.stop()
        elif kind == "retarget":
            animatable.target = nodes[op[2]]


def _sample(nodes: list[Any]) -> list[float | None]:
    out: list[float | None] = []
    for node in nodes:
        for vector in (node.position, node.rotation, node.scaling):
            out.extend((vector.x, vector.y, vector.z))
        q = node.rotationQuaternion
        out.extend((q.x, q.y, q.z, q.w) if q is not None else (None,) * 4)
    return out


# -- the three paths -----------------------------------------------------------------------------


@pytest.fixture
def modes() -> Iterator[dict[str, Callable[[], None]]]:
    previous_batch = batch.batched_evaluation_enabled()
    previous_min = batch._MIN_ROWS[0]
    previous_native = delegation.set_native_delegation(True)

    def fallback() -> None:
        delegation.set_native_delegation(False)
        batch.set_batched_evaluation(True, previous_min)

    def default() -> None:
        delegation.set_native_delegation(True)
        batch.set_batched_evaluation(True, previous_min)

    def batched() -> None:
        delegation.set_native_delegation(True)
        batch.set_batched_evaluation(True, 1)

    yield {"fallback": fallback, "default": default, "batched": batched}
    delegation.set_native_delegation(previous_native)
    batch.set_batched_evaluation(previous_batch, previous_min)


def _same(a: Any, b: Any) -> bool:
    if a is None or b is None or isinstance(a, str) or isinstance(b, str):
        return bool(a == b)
    x, y = float(a), float(b)
    if math.isnan(x) or math.isnan(y):
        return math.isnan(x) and math.isnan(y)
    return abs(x - y) <= 1e-5 + 1e-6 * abs(x)


def test_paths_agree_frame_by_frame(modes: dict[str, Callable[[], None]]) -> None:
    failures: list[str] = []
    for seed in range(PROGRAMS):
        prog = program(seed)
        results = {}
        for name, enter in modes.items():
            enter()
            results[name] = run(prog)
        reference = results["fallback"]
        for name in ("default", "batched"):
            if len(reference) != len(results[name]):
                failures.append(f"seed {seed} {name}: {len(results[name])} frames")
                continue
            for frame, (want, got) in enumerate(zip(reference, results[name], strict=True)):
                if len(want) != len(got):
                    failures.append(f"seed {seed} {name} frame {frame}: {got[:1]} != {want[:1]}")
                    break
                pairs = zip(want, got, strict=True)
                bad = [i for i, (w, g) in enumerate(pairs) if not _same(w, g)]
                if bad:
                    i = bad[0]
                    failures.append(
                        f"seed {seed} {name} frame {frame} value {i}: {got[i]} != {want[i]}"
                    )
                    break
    assert not failures, "\n".join(failures[:40]) + f"\n({len(failures)} in all)"
