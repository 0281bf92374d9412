"""Plain glTF batches advance their clocks in array form (lite.batch.gltf_clock): seeded
random programs (seeks, speeds backwards, paused and huge, loop changes, pauses, stops, masks
set and cleared while the others play) give the same times, clocks, poses and palettes, bit for
bit, as advancing every member's clock on its own, and the same times as the scalar path."""

from __future__ import annotations

import random

import numpy as np
import pytest

import lite
from lite.animation.animation_group_mask import AnimationGroupMaskMode, create_animation_group_mask
from lite.batch.engine import BatchEngine, enable_batched_evaluation
from lite.loader_gltf import GltfAsset, load_gltf
from lite.loader_gltf.instancing import InstancePose, instantiate_many
from lite.tools.crowd_asset import CROWD_PHASE, crowd_asset_glb

STEP = 1000.0 / 60.0


def _bits(insts: list[GltfAsset], groups: list[lite.AnimationGroup]) -> list[bytes]:
    out: list[bytes] = []
    for inst in insts:
        assert isinstance(inst.pose, InstancePose)
        out.append(np.ascontiguousarray(inst.pose.world).tobytes())
        out += [np.ascontiguousarray(s.joint_matrices).tobytes() for s in inst.skeletons]
    out.append(np.array([g.current_time for g in groups]).tobytes())
    out.append(np.array([g._clock.state[k] for g in groups for k in (0, 1)]).tobytes())
    out.append(bytes(g.is_playing for g in groups))
    return out


def _program(seed: int) -> tuple[list[list[bytes]], int]:
    rng = random.Random(seed)
    asset = load_gltf(crowd_asset_glb())
    count = rng.randint(3, 9)
    ops: list[tuple[str, int, float]] = []
    for _ in range(30):
        r = rng.random()
        k = rng.randrange(count)
        if r < 0.12:
            ops.append(("seek", k, rng.uniform(-3.0, 6.0)))
        elif r < 0.22:
            ops.append(("speed", k, rng.choice((0.0, -1.0, 2.5, 0.3, 1e300))))
        elif r < 0.28:
            ops.append(("loop", k, 0.0))
        elif r < 0.33:
            ops.append(("pause", k, 0.0))
        elif r < 0.4:
            ops.append(("play", k, 0.0))
        elif r < 0.43:
            ops.append(("stop", k, 0.0))
        elif r < 0.47:
            ops.append(("mask", k, 0.0))
        ops.append(("step", 0, rng.choice((0.0, STEP, STEP, 33.3, 400.0, 2500.0))))
    runs: list[list[bytes]] = []
    fast_frames = 0
    for mode in ("scalar", "member", "array"):
        insts = instantiate_many(asset, count)
        m = lite.create_animation_manager(batched=False)
        groups: list[lite.AnimationGroup] = []
        for i, inst in enumerate(insts):
            for gi, g in enumerate(inst.animation_groups):
                if gi == 0:
                    lite.play_animation(g)
                    g.current_time = (i * CROWD_PHASE) % g.duration
                    groups.append(g)
                else:
                    lite.stop_animation(g)
            lite.add_animation_groups(m, inst.animation_groups)
        eng: BatchEngine | None = None
        if mode != "scalar":
            eng = enable_batched_evaluation(m)
            eng.soa_min = 2
            eng.fast_clock = mode == "array"
        states: list[bytes] = []
        for op, k, x in ops:
            g = groups[k]
            if op == "seek":
                g.current_time = x
            elif op == "speed":
                g.speed_ratio = x
            elif op == "loop":
                g.loop_animation = not g.loop_animation
            elif op == "pause":
                lite.pause_animation(g)
            elif op == "play":
                lite.play_animation(g)
            elif op == "stop":
                lite.stop_animation(g)
            elif op == "mask":
                g.mask = (
                    None
                    if g.mask is not None
                    else create_animation_group_mask(["nothing"], AnimationGroupMaskMode.EXCLUDE)
                )
            else:
                lite.update_animation_manager(m, x)
                if mode == "scalar":
                    # Times and playing flags (the scalar controllers keep their own clocks,
                    # and compute poses in float64).
                    full = _bits(insts, groups)
                    states += [full[-3], full[-1]]
                else:
                    states += _bits(insts, groups)
                if eng is not None and mode == "array":
                    fast_frames += sum(b.fast_now for b in eng.batches)
        runs.append(states)
    return runs, fast_frames


@pytest.mark.parametrize("seed", range(10))
def test_array_clocks_equal_member_clocks(seed: int) -> None:
    (scalar, member, array), fast_frames = _program(seed)
    assert array == member
    per_frame = len(array) // (len(scalar) // 2)
    times = [
        array[i + j]
        for i in range(0, len(array), per_frame)
        for j in (per_frame - 3, per_frame - 1)
    ]
    assert times == scalar
    assert fast_frames > 0


def test_a_paused_seek_past_the_end_restarts_the_clock_error() -> None:
    # Clocks that carry a rounding error, then paused and sought past the end: the wrap
    # starts a fresh clock (error 0), as wrap_clock does for a time the clock did not make.
    asset = load_gltf(crowd_asset_glb())
    out = []
    for fast in (False, True):
        insts = instantiate_many(asset, 4)
        m = lite.create_animation_manager(batched=False)
        groups = []
        for inst in insts:
            g = inst.animation_groups[0]
            for other in inst.animation_groups[1:]:
                lite.stop_animation(other)
            lite.play_animation(g)
            groups.append(g)
            lite.add_animation_groups(m, inst.animation_groups)
        eng = enable_batched_evaluation(m)
        eng.soa_min = 2
        eng.fast_clock = fast
        for _ in range(7):
            lite.update_animation_manager(m, STEP)
        assert any(g._clock.state[1] != 0.0 for g in groups)
        for g in groups:
            lite.pause_animation(g)
            g.current_time = 3.0 * g.duration + 0.1
        lite.update_animation_manager(m, STEP)
        assert all(b.fast_now == fast for b in eng.batches)
        out.append([(g.current_time, g._clock.state[0], g._clock.state[1]) for g in groups])
    assert out[1] == out[0]
    assert all(e == 0.0 for _, _, e in out[0])
