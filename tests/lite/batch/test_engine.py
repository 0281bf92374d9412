"""Batched glTF evaluation (lite.batch.engine) and instancing (lite.loader_gltf.instancing).

Follows docs/architecture/batch.md, "Test specification": the batched path must equal the
scalar controller (rtol = atol = 1e-6, the parity tolerance) on every fixture, through both
the per-instance and the component-major batch kernels, and a warm frame must not grow memory.
"""

from __future__ import annotations

import gc
import tracemalloc
from functools import cache

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import lite
from lite.animation.animation_group_mask import AnimationGroupMaskMode, create_animation_group_mask
from lite.animation.animation_group_task import STAGE_BATCHED, STAGE_MIXER, group_stage
from lite.batch.engine import (
    BatchEngine,
    batch_engine_of,
    disable_batched_evaluation,
    enable_batched_evaluation,
)
from lite.loader_gltf import GltfAsset, load_gltf
from lite.loader_gltf.instancing import InstancePose, instantiate, instantiate_many
from lite.skeleton.skeleton_updater import MorphBinding, SkeletonBinding
from lite.tools.crowd_asset import CROWD_PHASE, JOINT_COUNT, crowd_asset_glb
from tests.lite._gltf_util import ASSETS, FIXTURES

STEP = 1000.0 / 60.0


@cache
def _crowd_bytes() -> bytes:
    return crowd_asset_glb()


def _crowd() -> GltfAsset:
    return load_gltf(_crowd_bytes())


def _fixture(name: str) -> GltfAsset:
    return load_gltf(FIXTURES / f"{name}.glb")


def _pair(
    asset: GltfAsset, count: int, *, soa_min: int = 2, clip: int = 0
) -> tuple[lite.AnimationManager, list[GltfAsset], lite.AnimationManager, list[GltfAsset]]:
    """Two identical crowds of ``count`` instances: one scalar, one batched."""
    scalar = instantiate_many(asset, count)
    batched = instantiate_many(asset, count)
    m_s = lite.create_animation_manager(batched=False)
    m_b = lite.create_animation_manager(batched=False)
    for insts, m in ((scalar, m_s), (batched, m_b)):
        for k, inst in enumerate(insts):
            for gi, g in enumerate(inst.animation_groups):
                if gi == clip:
                    lite.play_animation(g)
                    g.current_time = (k * CROWD_PHASE) % max(g.duration, 1e-9)
                else:
                    lite.stop_animation(g)
            lite.add_animation_groups(m, inst.animation_groups)
    eng = enable_batched_evaluation(m_b)
    eng.soa_min = soa_min
    return m_s, scalar, m_b, batched


def _assert_same(a: list[GltfAsset], b: list[GltfAsset]) -> None:
    for x, y in zip(a, b, strict=True):
        np.testing.assert_allclose(y.pose.local, x.pose.local, rtol=1e-6, atol=1e-6)
        np.testing.assert_allclose(y.pose.world, x.pose.world, rtol=1e-6, atol=1e-6)
        for sx, sy in zip(x.skeletons, y.skeletons, strict=True):
            np.testing.assert_allclose(sy.joint_matrices, sx.joint_matrices, rtol=1e-6, atol=1e-6)
        for mx, my in zip(x.morph_targets, y.morph_targets, strict=True):
            np.testing.assert_allclose(my.weights, mx.weights, rtol=1e-6, atol=1e-6)
        for gx, gy in zip(x.animation_groups, y.animation_groups, strict=True):
            assert gy.current_time == gx.current_time
            assert gy.is_playing == gx.is_playing


def _run(
    m_s: lite.AnimationManager,
    m_b: lite.AnimationManager,
    deltas: list[float],
    a: list[GltfAsset],
    b: list[GltfAsset],
) -> None:
    for d in deltas:
        lite.update_animation_manager(m_s, d)
        lite.update_animation_manager(m_b, d)
        _assert_same(a, b)


# ---------------------------------------------------------------------------------------------
# 1-3. Equality with the scalar path
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("soa_min", [2, 10_000], ids=["batch", "per-instance"])
def test_crowd_equals_the_scalar_path(soa_min: int) -> None:
    m_s, a, m_b, b = _pair(_crowd(), 7, soa_min=soa_min)
    _run(m_s, m_b, [0.0, STEP, STEP, 33.0, 250.0, 7.5, 1000.0, STEP], a, b)
    eng = batch_engine_of(m_b)
    assert eng is not None
    assert len(eng.batches) == 1
    assert (eng.batches[0].soa is not None) == (soa_min == 2)


@settings(max_examples=25, deadline=None)
@given(
    starts=st.lists(st.floats(-3.0, 3.0), min_size=5, max_size=5),
    deltas=st.lists(st.floats(0.0, 700.0), min_size=1, max_size=4),
    speed=st.sampled_from([1.0, 2.0, -0.5, 0.0]),
    loop=st.booleans(),
)
def test_batched_crowd_equals_scalar_at_random_times(
    starts: list[float], deltas: list[float], speed: float, loop: bool
) -> None:
    m_s, a, m_b, b = _pair(_crowd(), 5)
    for insts in (a, b):
        for inst, start in zip(insts, starts, strict=True):
            g = inst.animation_groups[0]
            g.current_time = start
            g.speed_ratio = speed
            g.loop_animation = loop
    _run(m_s, m_b, deltas, a, b)


@pytest.mark.parametrize("soa_min", [2, 10_000], ids=["batch", "per-instance"])
@pytest.mark.parametrize("name", ASSETS)
def test_every_fixture_clip_equals_the_scalar_path(name: str, soa_min: int) -> None:
    asset = _fixture(name)
    for clip in range(len(asset.animation_groups)):
        m_s, a, m_b, b = _pair(asset, 4, soa_min=soa_min, clip=clip)
        _run(m_s, m_b, [0.0, STEP, 33.25, 100.0, 250.0, 420.0, STEP], a, b)


def test_loaded_assets_use_the_per_instance_path() -> None:
    a, b = _crowd(), _crowd()
    m_s = lite.create_animation_manager(batched=False)
    m_b = lite.create_animation_manager(batched=False)
    lite.add_animation_groups(m_s, a.animation_groups)
    lite.add_animation_groups(m_b, b.animation_groups)
    eng = enable_batched_evaluation(m_b)
    _run(m_s, m_b, [STEP, 90.0, 500.0], [a], [b])
    assert eng.batches[0].slab is None
    assert eng.batches[0].single is not None


# ---------------------------------------------------------------------------------------------
# 4-6. Groups the batch hands back to the scalar path, subsets, state changes
# ---------------------------------------------------------------------------------------------


def test_masked_group_ticks_through_the_scalar_path() -> None:
    m_s, a, m_b, b = _pair(_fixture("rigged_figure"), 3)
    for insts in (a, b):
        insts[1].animation_groups[0].mask = create_animation_group_mask(
            ["Hips", "Spine"], AnimationGroupMaskMode.EXCLUDE
        )
    _run(m_s, m_b, [STEP, 40.0, STEP], a, b)


def test_two_playing_groups_on_one_instance_keep_attachment_order() -> None:
    m_s, a, m_b, b = _pair(_fixture("two_skeletons"), 3)
    for insts in (a, b):
        lite.play_animation(insts[0].animation_groups[1])
    _run(m_s, m_b, [STEP, 120.0, STEP], a, b)
    for insts in (a, b):
        lite.stop_animation(insts[0].animation_groups[1])
    _run(m_s, m_b, [STEP, 60.0], a, b)


def test_stopped_and_paused_instances_and_a_changing_subset() -> None:
    m_s, a, m_b, b = _pair(_crowd(), 6)
    _run(m_s, m_b, [STEP], a, b)
    for insts in (a, b):
        lite.stop_animation(insts[0].animation_groups[0])
        lite.pause_animation(insts[3].animation_groups[0])
    _run(m_s, m_b, [STEP, 77.0], a, b)
    for insts in (a, b):
        lite.play_animation(insts[0].animation_groups[0])
        lite.play_animation(insts[3].animation_groups[0])
        insts[4].animation_groups[0].speed_ratio = -1.5
        insts[2].animation_groups[0].loop_animation = False
    _run(m_s, m_b, [STEP, 300.0, 800.0], a, b)


def test_groups_attached_in_reverse_slot_order_are_gathered_and_scattered() -> None:
    asset = _crowd()
    a = instantiate_many(asset, 5)
    b = instantiate_many(asset, 5)
    m_s = lite.create_animation_manager(batched=False)
    m_b = lite.create_animation_manager(batched=False)
    for k in reversed(range(5)):
        for insts, m in ((a, m_s), (b, m_b)):
            insts[k].animation_groups[0].current_time = 0.13 * k
            lite.add_animation_groups(m, insts[k].animation_groups)
    enable_batched_evaluation(m_b).soa_min = 2
    _run(m_s, m_b, [STEP, 50.0, STEP], a, b)


def test_detaching_a_group_rebuilds_the_plan() -> None:
    m_s, a, m_b, b = _pair(_crowd(), 4)
    _run(m_s, m_b, [STEP], a, b)
    for m, insts in ((m_s, a), (m_b, b)):
        lite.remove_animation_group(m, insts[2].animation_groups[0])
    _run(m_s, m_b, [STEP, 25.0], a, b)
    eng = batch_engine_of(m_b)
    assert eng is not None
    assert len(eng.batches[0].members) == 3


def test_property_groups_still_tick_in_a_batched_manager() -> None:
    class Obj:
        def __init__(self) -> None:
            self.x = 0.0

    m = lite.create_animation_manager(batched=False)
    enable_batched_evaluation(m).property_min = 1
    clip = lite.create_property_animation_clip(
        "c", [{"path": "x", "keys": [{"time": 0, "value": 0}, {"time": 1, "value": 10}]}]
    )
    obj = Obj()
    lite.create_property_animation_group(m, obj, clip)
    lite.update_animation_manager(m, 250.0)
    assert obj.x == pytest.approx(2.5)


def test_engine_receives_the_same_uploads() -> None:
    class Sink:
        def __init__(self) -> None:
            self.skeletons: list[SkeletonBinding] = []
            self.morphs: list[MorphBinding] = []

        def upload_skeleton(self, skeleton: SkeletonBinding) -> None:
            self.skeletons.append(skeleton)

        def upload_morph(self, morph: MorphBinding) -> None:
            self.morphs.append(morph)

    sinks = []
    for batched in (False, True):
        asset = _fixture("morph_figure")
        sink = Sink()
        insts = instantiate_many(asset, 3, engine=sink)
        sink.morphs.clear()
        sink.skeletons.clear()
        m = lite.create_animation_manager(batched=False)
        for inst in insts:
            lite.add_animation_groups(m, inst.animation_groups)
        if batched:
            enable_batched_evaluation(m).soa_min = 2
        lite.update_animation_manager(m, STEP)
        sinks.append([id(x) for x in sink.morphs] and len(sink.morphs))
    assert sinks[0] == sinks[1] == 3


def test_enable_keeps_the_mixer_stage_and_disable_leaves_it() -> None:
    m = lite.create_animation_manager(batched=False)
    lite.enable_property_animation_blending(m)
    mixer = group_stage(m, STAGE_MIXER)
    assert mixer is not None
    eng = enable_batched_evaluation(m)
    assert isinstance(eng, BatchEngine)
    assert group_stage(m, STAGE_MIXER) is mixer
    assert group_stage(m, STAGE_BATCHED) == eng.update
    assert enable_batched_evaluation(m) is eng
    disable_batched_evaluation(m)
    assert group_stage(m, STAGE_MIXER) is mixer
    assert group_stage(m, STAGE_BATCHED) is None
    assert batch_engine_of(m) is None


# ---------------------------------------------------------------------------------------------
# 7. Allocation
# ---------------------------------------------------------------------------------------------


def test_warm_crowd_frames_do_not_grow_memory() -> None:
    asset = _crowd()
    insts = instantiate_many(asset, 100)
    m = lite.create_animation_manager(batched=False)
    for k, inst in enumerate(insts):
        inst.animation_groups[0].current_time = (k * CROWD_PHASE) % 1.0
        lite.add_animation_groups(m, inst.animation_groups)
    enable_batched_evaluation(m)
    for _ in range(50):
        lite.update_animation_manager(m, STEP)
    gc.collect()
    tracemalloc.start()
    before, _ = tracemalloc.get_traced_memory()
    tracemalloc.reset_peak()
    for _ in range(1_000):
        lite.update_animation_manager(m, STEP)
    gc.collect()
    after, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert after - before <= 1024, after - before
    # Transient only: numpy's casting buffers (float32 key values into float64 sums) and
    # einsum's iterator buffers, freed inside the call.
    assert peak - before < 512 * 1024, peak - before


# ---------------------------------------------------------------------------------------------
# 8. Instancing
# ---------------------------------------------------------------------------------------------


def test_instances_share_clip_data_and_own_their_state() -> None:
    asset = _crowd()
    a, b = instantiate(asset), instantiate(asset)
    assert a.animation_data.clips is asset.animation_data.clips
    assert a.pose.rest is asset.pose.rest
    assert a.skeletons[0].inverse_bind_matrices is asset.skeletons[0].inverse_bind_matrices
    assert a.pose.local is not b.pose.local
    assert not np.shares_memory(a.skeletons[0].joint_matrices, b.skeletons[0].joint_matrices)
    joints = a.skeletons[0].joint_matrices
    assert joints.shape == (JOINT_COUNT, 16)
    assert joints.dtype == np.float32
    np.testing.assert_array_equal(joints, asset.skeletons[0].joint_matrices)
    assert a.animation_groups[0] is not asset.animation_groups[0]
    assert a.animation_groups[0].is_playing
    assert isinstance(a.pose, InstancePose)
    assert a.pose.slab is b.pose.slab


def test_instance_views_are_live() -> None:
    inst = instantiate(_fixture("rigged_figure"))
    m = lite.create_animation_manager(batched=False)
    lite.add_animation_groups(m, inst.animation_groups)
    lite.update_animation_manager(m, 200.0)
    node = inst.nodes[inst.skeletons[0].joint_nodes[1]]
    np.testing.assert_array_equal(node.world_matrix, inst.pose.world[node.index].reshape(16))
    np.testing.assert_array_equal(node.rotation, inst.pose.local[node.index, 3:7])
    assert np.shares_memory(node.world_matrix, inst.pose.world)


def test_an_instance_of_an_instance_is_an_instance_of_the_asset() -> None:
    asset = _crowd()
    first = instantiate(asset)
    second = instantiate(first)
    assert second.pose.rest is asset.pose.rest
    assert isinstance(second.pose, InstancePose)
    assert second.pose.slab is first.pose.slab


def test_instantiate_many_rejects_a_bad_count() -> None:
    with pytest.raises(lite.AnimationStateError) as exc:
        instantiate_many(_crowd(), 0)
    assert exc.value.code == "LITE-STATE-015"


# ---------------------------------------------------------------------------------------------
# 9. Property groups
# ---------------------------------------------------------------------------------------------


class _Vec3:
    __slots__ = ("x", "y", "z")

    def __init__(self) -> None:
        self.x = self.y = self.z = 0.0

    def set(self, x: float, y: float, z: float) -> None:
        self.x, self.y, self.z = x, y, z


class _Target:
    def __init__(self) -> None:
        self.position = _Vec3()
        self.alpha = 0.0
        self.color = [0.0, 0.0, 0.0]
        self.extra = {"k": 0.0}


_TRACKS = [
    {
        "path": "position.x",
        "keys": [{"time": 0, "value": 0}, {"time": 0.5, "value": 1}, {"time": 1, "value": 0}],
    },
    {
        "path": "position",
        "keys": [
            {"time": 0, "value": [0, 0, 0]},
            {"time": 0.25, "value": [1, 2, 3]},
            {"time": 1, "value": [0, -1, 5]},
        ],
    },
    {
        "path": "alpha",
        "interpolation": "step",
        "keys": [{"time": 0.1, "value": 0.3}, {"time": 0.6, "value": 0.9}],
    },
    {
        "path": "color",
        "keys": [{"time": 0, "value": [1, 0, 0]}, {"time": 0.8, "value": [0, 1, 0.5]}],
    },
    {
        "path": "extra.k",
        "keys": [{"time": 0.2, "value": 5}, {"time": 0.2, "value": 6}, {"time": 0.9, "value": -2}],
    },
]


def _state(targets: list[_Target]) -> list[tuple[float, ...]]:
    return [
        (t.position.x, t.position.y, t.position.z, t.alpha, *t.color, t.extra["k"]) for t in targets
    ]


def _property_pair(
    setup: list[dict[str, object]],
) -> tuple[
    lite.AnimationManager,
    list[_Target],
    list[lite.AnimationGroup],
    lite.AnimationManager,
    list[_Target],
    list[lite.AnimationGroup],
]:
    clip = lite.create_property_animation_clip("c", _TRACKS)
    out: list[object] = []
    for batched in (False, True):
        m = lite.create_animation_manager(batched=False)
        targets = [_Target() for _ in setup]
        groups = [
            lite.create_property_animation_group(m, tgt, clip, **opts)  # type: ignore[arg-type]
            for tgt, opts in zip(targets, setup, strict=True)
        ]
        if batched:
            enable_batched_evaluation(m).property_min = 1
        out += [m, targets, groups]
    return tuple(out)  # type: ignore[return-value]


def test_property_groups_equal_the_scalar_path() -> None:
    setup: list[dict[str, object]] = [
        {},
        {"loop": False},
        {"speed_ratio": -1.0},
        {"from_time": 0.2, "to_time": 0.7},
        {"loop": False, "speed_ratio": 2.5},
        {"speed_ratio": 0.0},
    ]
    m_s, t_s, g_s, m_b, t_b, g_b = _property_pair(setup)
    lite.pause_animation(g_s[5])
    lite.pause_animation(g_b[5])
    for d in [0.0, STEP, 123.0, 400.0, STEP, 999.0, 50.0, 250.0]:
        lite.update_animation_manager(m_s, d)
        lite.update_animation_manager(m_b, d)
        assert _state(t_b) == _state(t_s)
        assert [g.current_time for g in g_b] == [g.current_time for g in g_s]
        assert [g.is_playing for g in g_b] == [g.is_playing for g in g_s]
    lite.play_animation(g_s[1])
    lite.play_animation(g_b[1])
    for d in [STEP, 300.0]:
        lite.update_animation_manager(m_s, d)
        lite.update_animation_manager(m_b, d)
        assert _state(t_b) == _state(t_s)


@settings(max_examples=25, deadline=None)
@given(
    starts=st.lists(st.floats(-2.0, 2.0), min_size=3, max_size=3),
    deltas=st.lists(st.floats(0.0, 900.0), min_size=1, max_size=5),
)
def test_batched_property_values_equal_scalar_at_random_times(
    starts: list[float], deltas: list[float]
) -> None:
    m_s, t_s, g_s, m_b, t_b, g_b = _property_pair([{}, {"loop": False}, {"speed_ratio": -0.5}])
    for gs in (g_s, g_b):
        for g, start in zip(gs, starts, strict=True):
            g.current_time = start
    for d in deltas:
        lite.update_animation_manager(m_s, d)
        lite.update_animation_manager(m_b, d)
        assert _state(t_b) == _state(t_s)


def test_writes_keep_attachment_order_with_scalar_groups() -> None:
    # Two groups write position.x; the second eases (scalar path). The last one wins in both.
    out = []
    for batched in (False, True):
        m = lite.create_animation_manager(batched=False)
        tgt = _Target()
        lite.create_property_animation_group(
            m, tgt, lite.create_property_animation_clip("a", _TRACKS[:1])
        )
        eased = [dict(_TRACKS[0], easing=lambda p: p * p)]
        lite.create_property_animation_group(
            m, tgt, lite.create_property_animation_clip("b", eased)
        )  # type: ignore[list-item]
        if batched:
            enable_batched_evaluation(m).property_min = 1
        lite.update_animation_manager(m, 300.0)
        out.append(tgt.position.x)
    assert out[0] == out[1]


def test_warm_property_frames_do_not_grow_memory() -> None:
    m = lite.create_animation_manager(batched=False)
    clip = lite.create_property_animation_clip("c", _TRACKS[:2])
    for _ in range(100):
        lite.create_property_animation_group(m, _Target(), clip)
    enable_batched_evaluation(m)
    for _ in range(200):
        lite.update_animation_manager(m, STEP)
    gc.collect()
    tracemalloc.start()
    before, _ = tracemalloc.get_traced_memory()
    tracemalloc.reset_peak()
    for _ in range(1_000):
        lite.update_animation_manager(m, STEP)
    gc.collect()
    after, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert after - before <= 1024, after - before
    assert peak - before < 64 * 1024, peak - before


def test_small_property_batches_tick_through_the_scalar_path() -> None:
    m = lite.create_animation_manager(batched=False)
    clip = lite.create_property_animation_clip("c", _TRACKS[:1])
    for _ in range(3):
        lite.create_property_animation_group(m, _Target(), clip)
    eng = enable_batched_evaluation(m)
    lite.update_animation_manager(m, STEP)
    assert eng.prop_batches == []
    eng.property_min = 2
    lite.create_property_animation_group(m, _Target(), clip)
    lite.update_animation_manager(m, STEP)
    assert len(eng.prop_batches) == 1


def test_instances_made_one_by_one_fill_growing_slabs_and_batch_per_slab() -> None:
    asset_a, asset_b = _crowd(), _crowd()  # two assets: two separate slab chains
    a = [instantiate(asset_a) for _ in range(20)]
    b = [instantiate(asset_b) for _ in range(20)]
    m_s = lite.create_animation_manager(batched=False)
    m_b = lite.create_animation_manager(batched=False)
    for k in range(20):
        for insts, m in ((a, m_s), (b, m_b)):
            insts[k].animation_groups[0].current_time = (k * CROWD_PHASE) % 1.0
            lite.add_animation_groups(m, insts[k].animation_groups)
    eng = enable_batched_evaluation(m_b)
    _run(m_s, m_b, [STEP, 45.0, STEP], a, b)
    slabs = {id(inst.pose.slab) for inst in b if isinstance(inst.pose, InstancePose)}
    assert len(slabs) >= 2
    assert len(eng.batches) == len(slabs)
