"""The weighted property mixer's batched path (lite.batch.property_blend) against the mixer's
own loop: seeded random programs of layered property groups (own clips per object, LINEAR
and STEP, shared and own key times, play ranges) whose weights are set, faded and
cross-faded (0, 1 and values between) while they play, with seeks, speeds, pauses, stops,
plays, paused groups sought past their range, loop toggles, groups replaced mid-run, and
non-looping groups completing, give the
same object values, group times and play states, bit for bit."""

from __future__ import annotations

import random
import struct
from typing import Any

import numpy as np
import pytest

import lite
import lite.batch.property_blend as property_blend
from lite.animation.weighted_pointer_mixer import property_mixer_state
from lite.batch.engine import batch_engine_of

STEP = 1000.0 / 60.0


class _Vec3:
    __slots__ = ("x", "y", "z")

    def __init__(self) -> None:
        self.x = self.y = self.z = 0.0

    def set(self, x: float, y: float, z: float) -> None:
        self.x, self.y, self.z = x, y, z


class _Obj:
    def __init__(self) -> None:
        self.position = _Vec3()
        self.scale = _Vec3()
        self.alpha = 0.0
        self.data = {"r": 0.0}


def _bits(x: float) -> int:
    return int(struct.unpack("<q", struct.pack("<d", x))[0])


def _state(objs: list[_Obj]) -> list[int]:
    out: list[float] = []
    for o in objs:
        p = o.position
        out += [p.x, p.y, p.z, o.scale.y, o.alpha, o.data["r"]]
    return [_bits(v) for v in out]


def _times(rng: random.Random, n: int) -> list[float]:
    ts = sorted(round(rng.uniform(0.0, 1.5), rng.choice((1, 3, 6))) for _ in range(n))
    if n > 2 and rng.random() < 0.3:
        ts[1] = ts[0]
    return ts


def _clip(rng: random.Random, name: str, n_keys: int, step: bool, shared: list[float]) -> Any:
    def keys(stride: int) -> list[dict[str, object]]:
        ts = shared if rng.random() < 0.5 else _times(rng, n_keys)
        return [
            {
                "time": t,
                "value": rng.uniform(-5.0, 5.0)
                if stride == 1
                else [rng.uniform(-5.0, 5.0) for _ in range(3)],
            }
            for t in ts
        ]

    tracks: list[dict[str, object]] = [
        {"path": "position", "keys": keys(3)},
        {"path": "alpha", "interpolation": "step" if step else "linear", "keys": keys(1)},
        {"path": "scale.y", "keys": keys(1)},
        {"path": "data.r", "keys": keys(1)},
    ]
    return lite.create_property_animation_clip(name, tracks)  # type: ignore[arg-type]


def _weight(rng: random.Random) -> float:
    return rng.choice((0.0, 1.0, 0.5, 0.25, rng.random(), rng.uniform(0.9, 1.0)))


def _program(seed: int) -> tuple[list[list[int]], int]:
    """One seeded program, scalar then batched; (scalar states, batched frames)."""
    rng = random.Random(seed)
    n = rng.randint(24, 40)
    layers = rng.randint(2, 3)
    n_keys = [rng.choice((2, 3, 5)) for _ in range(layers)]
    steps = [rng.random() < 0.3 for _ in range(layers)]
    shared = [_times(rng, k) for k in n_keys]
    clips = [
        [_clip(rng, f"c{layer}_{i}", n_keys[layer], steps[layer], shared[layer]) for i in range(n)]
        for layer in range(layers)
    ]
    opts: list[list[dict[str, object]]] = []
    for _layer in range(layers):
        row: list[dict[str, object]] = []
        for _ in range(n):
            o: dict[str, object] = {}
            if rng.random() < 0.15:
                o["loop"] = False
            if rng.random() < 0.2:
                o["speed_ratio"] = rng.choice((-1.0, 0.5, 2.5))
            if rng.random() < 0.15:
                o["from_time"] = 0.1
                o["to_time"] = 0.8
            row.append(o)
        opts.append(row)
    weights = [[_weight(rng) for _ in range(n)] for _ in range(layers)]
    ops: list[tuple[str, int, int, float]] = []
    for _ in range(60):
        r = rng.random()
        layer = rng.randrange(layers)
        k = rng.randrange(n)
        if r < 0.15:
            ops.append(("weight", layer, k, _weight(rng)))
        elif r < 0.2:
            ops.append(("weights", layer, 0, _weight(rng)))
        elif r < 0.25:
            ops.append(("fade", layer, k, rng.choice((0.0, 1.0, 0.4))))
        elif r < 0.28:
            ops.append(("cross", layer, k, 0.0))
        elif r < 0.33:
            ops.append(("seek", layer, k, rng.uniform(-0.5, 2.0)))
        elif r < 0.37:
            ops.append(("speed", layer, k, rng.choice((0.0, 1.0, -2.0, 3.5))))
        elif r < 0.41:
            ops.append(("stop", layer, k, 0.0))
        elif r < 0.45:
            ops.append(("play", layer, k, 0.0))
        elif r < 0.48:
            ops.append(("pause", layer, k, 0.0))
        elif r < 0.51:
            ops.append(("loop", layer, k, 0.0))
        elif r < 0.54:
            ops.append(("replace", layer, k, float(rng.randrange(n))))
        elif r < 0.58:
            # Paused past the range: the mixer wraps a looping group even while paused.
            ops.append(("pauseseek", layer, k, rng.choice((-0.7, 1.7, 2.9))))
        ops.append(("step", 0, 0, rng.choice((0.0, STEP, STEP, STEP, 37.5, 260.0, 1100.0))))

    results: list[list[list[int]]] = []
    frames = 0
    real_frame = property_blend._frame

    def counting(*args: Any) -> bool | None:
        nonlocal frames
        done = real_frame(*args)
        frames += done is True
        return done

    for batched in (False, True):
        m = lite.create_animation_manager(batched=batched)
        if batched:
            eng = batch_engine_of(m)
            assert eng is not None
            eng.property_min = 1
        objs = [_Obj() for _ in range(n)]
        groups = [
            [
                lite.create_property_animation_group(
                    m,
                    objs[k],
                    clips[layer][k],
                    **opts[layer][k],  # type: ignore[arg-type]
                )
                for k in range(n)
            ]
            for layer in range(layers)
        ]
        for layer in range(layers):
            for k in range(n):
                lite.set_animation_weight(groups[layer][k], weights[layer][k])
        lite.enable_property_animation_blending(m)
        states: list[list[int]] = []
        if batched:
            property_blend._frame = counting  # type: ignore[assignment]
        try:
            for op, layer, k, x in ops:
                g = groups[layer][k]
                if op == "weight":
                    lite.set_animation_weight(g, x)
                elif op == "weights":
                    for gr in groups[layer]:
                        lite.set_animation_weight(gr, x)
                elif op == "fade":
                    lite.fade_animation_weight(m, g, to=x, duration_ms=120.0)
                elif op == "cross":
                    other = groups[(layer + 1) % layers][k]
                    lite.cross_fade_animation_groups(m, g, other, duration_ms=200.0)
                elif op == "seek":
                    g.current_time = x
                elif op == "speed":
                    g.speed_ratio = x
                elif op == "stop":
                    lite.stop_animation(g)
                elif op == "play":
                    lite.play_animation(g)
                elif op == "pause":
                    lite.pause_animation(g)
                elif op == "pauseseek":
                    lite.pause_animation(g)
                    g.current_time = x
                elif op == "loop":
                    g.loop_animation = not g.loop_animation
                elif op == "replace":
                    lite.remove_animation_group(m, g)
                    g = lite.create_property_animation_group(m, objs[k], clips[layer][int(x)])
                    lite.set_animation_weight(g, weights[layer][k])
                    groups[layer][k] = g
                else:
                    lite.update_animation_manager(m, x)
                    flat = [gr for row in groups for gr in row]
                    states.append(_state(objs))
                    states.append([_bits(gr.current_time) for gr in flat])
                    states.append([int(gr.is_playing) for gr in flat])
                    states.append([_bits(gr.weight) for gr in flat])
        finally:
            property_blend._frame = real_frame
        results.append(states)
    assert results[1] == results[0]
    return results[0], frames


@pytest.mark.parametrize("seed", range(12))
def test_batched_blending_equals_the_mixer_bit_for_bit(seed: int) -> None:
    _, frames = _program(seed)
    assert frames > 0  # the batched path took frames


def test_the_programs_take_both_paths() -> None:
    total = sum(_program(seed)[1] for seed in range(12, 16))
    assert total > 20


def _crossfade_rig(
    n: int, batched: bool, paths: tuple[str, ...] = ("position", "alpha")
) -> tuple[lite.AnimationManager, list[_Obj], list[lite.AnimationGroup]]:
    m = lite.create_animation_manager(batched=batched)
    objs = [_Obj() for _ in range(n)]
    groups: list[lite.AnimationGroup] = []
    for i, o in enumerate(objs):
        for layer in range(2):
            tracks: list[dict[str, object]] = []
            for path in paths:
                stride = 3 if path in ("position", "scale") else 1
                tracks.append(
                    {
                        "path": path,
                        "keys": [
                            {
                                "time": t / (3 + layer),
                                "value": [i * 0.1 + t, t - layer, 0.5 * t * i]
                                if stride == 3
                                else i * 0.01 - t * (layer + 1),
                            }
                            for t in range(4 + layer)
                        ],
                    }
                )
            g = lite.create_property_animation_group(
                m,
                o,
                lite.create_property_animation_clip(f"c{i}_{layer}", tracks),  # type: ignore[arg-type]
            )
            lite.set_animation_weight(g, 0.3 if layer == 0 else 0.7)
            groups.append(g)
    lite.enable_property_animation_blending(m)
    return m, objs, groups


def _run(m: lite.AnimationManager, objs: list[_Obj], frames: int) -> list[list[int]]:
    out = []
    for _ in range(frames):
        lite.update_animation_manager(m, STEP)
        out.append(_state(objs))
    return out


def test_a_crossfading_crowd_takes_the_batched_path() -> None:
    m, objs, _ = _crossfade_rig(30, True)
    got = _run(m, objs, 5)
    state = property_mixer_state(m)
    assert state is not None and isinstance(state.batcher, property_blend.PropertyBlendBatch)
    assert state.batcher._plan is not None
    m2, objs2, _ = _crossfade_rig(30, False)
    assert _run(m2, objs2, 5) == got


@pytest.mark.parametrize(
    "paths", [("position", "position.x"), ("scale", "scale.y"), ("position", "alpha")]
)
def test_overlapping_buckets_stay_with_the_mixer(paths: tuple[str, ...]) -> None:
    m, objs, _ = _crossfade_rig(30, True, paths)
    got = _run(m, objs, 4)
    state = property_mixer_state(m)
    assert state is not None and isinstance(state.batcher, property_blend.PropertyBlendBatch)
    # A property of an object another bucket writes whole: the flush order matters.
    assert (state.batcher._plan is None) == (paths[0] != "position" or paths[1] != "alpha")
    m2, objs2, _ = _crossfade_rig(30, False, paths)
    assert _run(m2, objs2, 4) == got


@pytest.mark.parametrize("paths", [("scale.y", "alpha"), ("position", "alpha")])
def test_replaced_owner_or_leaf_goes_to_the_mixer_then_rebuilds(paths: tuple[str, ...]) -> None:
    runs: list[list[list[int]]] = []
    for batched in (False, True):
        m, objs, _ = _crossfade_rig(30, batched, paths)
        out = _run(m, objs, 2)
        old = objs[3].scale if paths[0] == "scale.y" else objs[3].position
        if paths[0] == "scale.y":
            objs[3].scale = _Vec3()
        else:
            objs[3].position = _Vec3()
        out += _run(m, objs, 3)
        out.append([_bits(old.x), _bits(old.y)])  # the replaced object is written no more
        runs.append(out)
    assert runs[0] == runs[1]


def test_not_blending_leaves_the_frame_to_the_batch_engine() -> None:
    m, objs, groups = _crossfade_rig(30, True)
    for g in groups:
        lite.set_animation_weight(g, 1.0)
    got = _run(m, objs, 3)
    m2, objs2, groups2 = _crossfade_rig(30, False)
    for g in groups2:
        lite.set_animation_weight(g, 1.0)
    assert _run(m2, objs2, 3) == got


def test_a_broken_accumulation_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    # The differential programs' sensitivity: a float32 weight column changes bits.
    monkeypatch.setattr(property_blend, "_WEIGHT_DTYPE", np.float32)
    caught = 0
    for seed in range(4):
        try:
            _program(seed)
        except AssertionError:
            caught += 1
    assert caught > 0


def test_warm_cross_fading_property_crowd_frames_do_not_grow_memory() -> None:
    import gc
    import tracemalloc

    m, objs, groups = _crossfade_rig(40, True)
    pairs = list(zip(groups[0::2], groups[1::2], strict=True))

    def step(f: int) -> None:
        if f % 60 == 0:
            forward = (f // 60) % 2 == 0
            for a, b in pairs:
                lite.cross_fade_animation_groups(
                    m, *((a, b) if forward else (b, a)), duration_ms=500.0
                )
        lite.update_animation_manager(m, STEP)

    for f in range(200):
        step(f)
    state = property_mixer_state(m)
    assert state is not None and isinstance(state.batcher, property_blend.PropertyBlendBatch)
    assert state.batcher._plan is not None
    gc.collect()
    tracemalloc.start()
    before, _ = tracemalloc.get_traced_memory()
    marks = []
    for start, end in ((200, 1_200), (1_200, 3_000)):
        for f in range(start, end):
            step(f)
        gc.collect()
        marks.append(tracemalloc.get_traced_memory()[0] - before)
    tracemalloc.stop()
    # The first window holds this frame's clock rows and the objects' current floats (the
    # mixer's loop holds about 5 KB there too); the second must not grow with the frames
    # (the fades' own churn is about 1 KB either way).
    assert marks[0] <= 16384, marks
    assert marks[1] - marks[0] <= 2048, marks
