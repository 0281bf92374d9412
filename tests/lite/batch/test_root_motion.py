"""Root motion in the batch engine (lite.batch.root_motion): a crowd's root motion, extracted,
accumulated and pinned in array operations, equals the per-group hook; and a walker walks."""

from __future__ import annotations

import math
import struct
from functools import cache

import numpy as np
import pytest

import lite
from lite.batch.engine import batch_engine_of, disable_batched_evaluation
from lite.batch.root_motion import VECTOR_MIN
from lite.errors import AnimationStateError
from lite.loader_gltf import GltfAsset, load_gltf
from lite.loader_gltf.instancing import COMPONENT_MAJOR_MIN, instantiate_many
from lite.tools.crowd_asset import CROWD_PHASE, crowd_asset_glb
from tests.lite._gltf_util import glb

STEP = 1000.0 / 60.0
#: The walker's stride: its hips move 2 units along +z per 1 s loop.
STRIDE = 2.0


@cache
def _walker_bytes() -> bytes:
    """Hips (node 0) walk +z at 2 units/s over a 1 s loop while turning nothing; a head
    (node 1) nods. LINEAR keys at 0, 0.5, 1 s."""
    times = [0.0, 0.5, 1.0]
    hips = [0.0, 1.0, 0.0, 0.0, 1.0, 1.0, 0.0, 1.0, 2.0]
    half = math.sin(0.2)
    nod = [half, 0.0, 0.0, math.cos(0.2), -half, 0.0, 0.0, math.cos(0.2)] + [
        half,
        0.0,
        0.0,
        math.cos(0.2),
    ]
    spin = [0.0, 0.0, 0.0, 1.0] * 3
    blob = struct.pack("<3f", *times) + struct.pack("<9f", *hips)
    blob += struct.pack("<12f", *nod) + struct.pack("<12f", *spin)
    views = [
        {"buffer": 0, "byteOffset": 0, "byteLength": 12},
        {"buffer": 0, "byteOffset": 12, "byteLength": 36},
        {"buffer": 0, "byteOffset": 48, "byteLength": 48},
        {"buffer": 0, "byteOffset": 96, "byteLength": 48},
    ]
    accessors = [
        {
            "bufferView": 0,
            "componentType": 5126,
            "count": 3,
            "type": "SCALAR",
            "min": [0.0],
            "max": [1.0],
        },
        {"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC3"},
        {"bufferView": 2, "componentType": 5126, "count": 3, "type": "VEC4"},
        {"bufferView": 3, "componentType": 5126, "count": 3, "type": "VEC4"},
    ]
    doc = {
        "asset": {"version": "2.0"},
        "scene": 0,
        "scenes": [{"nodes": [0]}],
        "nodes": [
            {"name": "hips", "translation": [0.0, 1.0, 0.0], "children": [1]},
            {"name": "head", "translation": [0.0, 0.5, 0.0]},
        ],
        "buffers": [{"byteLength": len(blob)}],
        "bufferViews": views,
        "accessors": accessors,
        "animations": [
            {
                "name": "walk",
                "samplers": [
                    {"input": 0, "output": 1, "interpolation": "LINEAR"},
                    {"input": 0, "output": 2, "interpolation": "LINEAR"},
                    {"input": 0, "output": 3, "interpolation": "LINEAR"},
                ],
                "channels": [
                    {"sampler": 0, "target": {"node": 0, "path": "translation"}},
                    {"sampler": 1, "target": {"node": 1, "path": "rotation"}},
                    {"sampler": 2, "target": {"node": 0, "path": "rotation"}},
                ],
            }
        ],
    }
    return glb(doc, blob)


def _walker() -> GltfAsset:
    return load_gltf(_walker_bytes())


@cache
def _crowd_bytes() -> bytes:
    return crowd_asset_glb()


def _pair(
    asset_bytes: bytes, count: int, speeds: list[float], *, crowd: bool = True
) -> tuple[
    list[lite.AnimationManager],
    list[list[GltfAsset]],
    list[list[lite.RootMotionTracker]],
]:
    """The same characters twice: per-group hooks (scalar) and the batch engine."""
    managers, instances, trackers = [], [], []
    for batched in (False, True):
        insts = instantiate_many(load_gltf(asset_bytes), count)
        m = lite.create_animation_manager()
        groups = [inst.animation_groups[0] for inst in insts]
        for k, g in enumerate(groups):
            g.current_time = (k * CROWD_PHASE) % 1.0
            g.speed_ratio = speeds[k % len(speeds)]
            lite.add_animation_groups(m, [g])
        if crowd:
            trackers.append(list(lite.enable_crowd_root_motion(groups, 0).trackers))
        else:
            trackers.append([lite.enable_root_motion(g, 0) for g in groups])
        if not batched:
            disable_batched_evaluation(m)
        managers.append(m)
        instances.append(insts)
    return managers, instances, trackers


def _positions(trackers: list[lite.RootMotionTracker]) -> np.ndarray:
    return np.array([np.concatenate([t.position, t.rotation]) for t in trackers])


def _assert_same(
    instances: list[list[GltfAsset]], trackers: list[list[lite.RootMotionTracker]]
) -> None:
    # Root motion in float64: the hook's bits where numpy's sine is libm's (see below), else
    # within a few ulps.
    np.testing.assert_allclose(
        _positions(trackers[1]), _positions(trackers[0]), rtol=1e-12, atol=1e-12
    )
    for a, b in zip(instances[0], instances[1], strict=True):
        # The pinned root to the bit; the rest as the batch engine samples (1e-6, its tolerance).
        np.testing.assert_array_equal(a.pose.local[0], b.pose.local[0])
        np.testing.assert_allclose(b.pose.local, a.pose.local, rtol=1e-6, atol=1e-6)
        np.testing.assert_allclose(b.pose.world, a.pose.world, rtol=1e-6, atol=1e-6)


@pytest.mark.parametrize("count", [3, COMPONENT_MAJOR_MIN, VECTOR_MIN + 8])
@pytest.mark.parametrize("crowd", [True, False])
def test_batched_root_motion_equals_the_per_group_hook(count: int, crowd: bool) -> None:
    # Speeds: ordinary, fast, backwards, paused, and 40x (several loops in one frame).
    managers, instances, trackers = _pair(
        _crowd_bytes(), count, [1.0, 2.5, -1.0, 0.0, 40.0], crowd=crowd
    )
    for frame in range(240):
        for m in managers:
            lite.update_animation_manager(m, STEP + (frame % 3))
    _assert_same(instances, trackers)
    batches = batch_engine_of(managers[1]).batches  # type: ignore[union-attr]
    assert all(b.root is not None for b in batches)
    assert np.abs(_positions(trackers[1])[:, 0:3]).max() > 0.01  # the crowd's root moves


def test_a_crowd_walks_its_strides_and_its_roots_stay_pinned() -> None:
    count = VECTOR_MIN + 4
    insts = instantiate_many(_walker(), count)
    m = lite.create_animation_manager()
    groups = [inst.animation_groups[0] for inst in insts]
    for g in groups:
        lite.add_animation_groups(m, [g])
        lite.play_animation(g)
    origins = np.zeros((count, 3))
    origins[:, 0] = np.arange(count)  # one lane per character
    crowd = lite.enable_crowd_root_motion(groups, "hips", origins=origins)
    for _ in range(150):  # 2.5 s at 60 fps: 2.5 strides
        lite.update_animation_manager(m, STEP)
    assert batch_engine_of(m).batches[0].root is not None  # type: ignore[union-attr]
    np.testing.assert_allclose(crowd.positions[:, 0], np.arange(count))
    np.testing.assert_allclose(crowd.positions[:, 2], 2.5 * STRIDE, rtol=1e-9)
    np.testing.assert_allclose(crowd.positions[:, 1], 0.0, atol=1e-12)
    np.testing.assert_allclose(crowd.translations[:, 2], STRIDE * STEP / 1000.0, rtol=1e-9)
    for inst in insts:  # pinned at the time-0 value: (0, 1, 0), whatever the clip time
        np.testing.assert_array_equal(inst.pose.local[0, 0:3], [0.0, 1.0, 0.0])
        np.testing.assert_allclose(inst.pose.world[0][3, 0:3], [0.0, 1.0, 0.0], atol=1e-6)
    # The per-group trackers are rows of the crowd's arrays.
    t = crowd.trackers[5]
    assert np.shares_memory(t.position, crowd.positions)
    np.testing.assert_array_equal(t.position, crowd.positions[5])


def _numpy_sin_is_libm_sin() -> bool:
    """Whether numpy's vectorised sine gives math.sin's bits here (it does with glibc and
    numpy 2.x on x86-64; a SIMD sine elsewhere may differ in the last bit)."""
    x = np.linspace(-4.0, 4.0, 10_001)
    return np.sin(x).tolist() == [math.sin(v) for v in x.tolist()]


@pytest.mark.skipif(not _numpy_sin_is_libm_sin(), reason="numpy's sine is not libm's here")
@pytest.mark.parametrize("count", [3, VECTOR_MIN - 1, VECTOR_MIN, 2 * VECTOR_MIN])
@pytest.mark.parametrize("crowd", [True, False])
def test_batched_root_motion_is_the_hook_to_the_bit(count: int, crowd: bool) -> None:
    # Every product in the scalar order: both paths (member by member below VECTOR_MIN, arrays
    # from it), wraps, backwards, paused and 40x frames give the hook's float64 bits.
    managers, _, trackers = _pair(_crowd_bytes(), count, [1.0, 2.5, -1.0, 0.0, 40.0], crowd=crowd)
    for frame in range(150):
        for m in managers:
            lite.update_animation_manager(m, STEP + (frame % 3))
    np.testing.assert_array_equal(_positions(trackers[1]), _positions(trackers[0]))
    for a, b in zip(trackers[0], trackers[1], strict=True):
        np.testing.assert_array_equal(b.motion.translation, a.motion.translation)
        np.testing.assert_array_equal(b.motion.rotation, a.motion.rotation)


def test_seeks_stops_and_toggling_root_motion_keep_matching_the_hook() -> None:
    managers, instances, trackers = _pair(_walker_bytes(), VECTOR_MIN + 2, [1.0, 1.5])
    for frame in range(200):
        for side, m in enumerate(managers):
            insts = instances[side]
            if frame == 40:
                lite.go_to_frame(insts[1].animation_groups[0], 12)  # a seek teleports
            if frame == 60:
                lite.stop_animation(insts[2].animation_groups[0])
            if frame == 80:
                lite.disable_root_motion(insts[3].animation_groups[0])
            if frame == 120:
                trackers[side][3] = lite.enable_root_motion(insts[3].animation_groups[0], 0)
            lite.update_animation_manager(m, STEP)
    _assert_same(instances, trackers)


def test_crowd_root_motion_refuses_bad_input_and_enables_nothing() -> None:
    insts = instantiate_many(_walker(), 4)
    groups = [inst.animation_groups[0] for inst in insts]
    with pytest.raises(AnimationStateError) as exc:
        lite.enable_crowd_root_motion([], 0)
    assert exc.value.code == "LITE-MOTION-017"
    with pytest.raises(AnimationStateError) as exc:
        lite.enable_crowd_root_motion([groups[0], groups[0]], 0)
    assert exc.value.code == "LITE-MOTION-017"
    with pytest.raises(AnimationStateError) as exc:
        lite.enable_crowd_root_motion(groups, 0, origins=np.zeros((3, 3)))
    assert exc.value.code == "LITE-MOTION-017" and "(4, 3)" in str(exc.value)
    with pytest.raises(AnimationStateError) as exc:
        lite.enable_crowd_root_motion(groups, 0, rotations=np.zeros((4, 4)))
    assert exc.value.code == "LITE-MOTION-017"
    lite.enable_root_motion(groups[2], 0)
    with pytest.raises(AnimationStateError) as exc:
        lite.enable_crowd_root_motion(groups, "hips")
    assert exc.value.code == "LITE-MOTION-015"
    with pytest.raises(AnimationStateError) as exc:
        lite.enable_crowd_root_motion(groups[:2], "nose")
    assert exc.value.code == "LITE-MOTION-011"
    # Nothing was half-applied: only the group enabled on its own has a hook.
    assert [g._ctrl.post_sample is not None for g in groups] == [False, False, True, False]
