"""glTF groups and their controller: playback, masks, morphs, pointers, independent skeletons,
and the public controller (``lite.create_animation_controller``, Lite's createAnimationController).

Follows docs/architecture/skeleton.md, "Test specification". The public controller's cases use
hand-built nodes, clips, skins and morphs with values worked out by hand; scene targets are plain
objects whose ``set`` records its arguments. The recorded comparison with Babylon Lite 1.10 is
the parity scenario ``lite_animation_controller``.
"""

from __future__ import annotations

import dataclasses
import gc
import math
import tracemalloc
from typing import Any

import numpy as np
import pytest

import lite
from lite.animation.animation_group import go_to_frame, tick_animation
from lite.animation.animation_group_mask import AnimationGroupMaskMode, create_animation_group_mask
from lite.animation.types import AnimationChannel, AnimationClip, AnimationSampler, NodeRest
from lite.errors import AnimationPathError, AnimationStateError, KeyframeError
from lite.loader_gltf import GltfAsset, load_gltf
from lite.skeleton.animation_controller import GltfController, create_animation_groups
from lite.skeleton.pose import create_node_pose, update_world_matrices
from lite.skeleton.skeleton_updater import (
    MorphBinding,
    SkeletonBinding,
    create_morph_binding,
    create_skeleton_binding,
    update_joint_matrices,
)
from tests.lite._gltf_util import FIXTURES


def _asset(name: str) -> GltfAsset:
    return load_gltf(FIXTURES / f"{name}.glb")


def _group(asset: GltfAsset, name: str) -> lite.AnimationGroup:
    return next(g for g in asset.animation_groups if g.name == name)


def _weights(asset: GltfAsset) -> np.ndarray:
    weights = asset.nodes[1].weights
    assert weights is not None
    return weights


def _quat_close(a: np.ndarray, b: np.ndarray, atol: float = 1e-6) -> None:
    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    if float(np.dot(a, b)) < 0.0:
        b = -b
    np.testing.assert_allclose(a, b, atol=atol)


def _trs(t: np.ndarray, q: np.ndarray, s: np.ndarray) -> np.ndarray:
    x, y, z, w = (float(v) for v in q)
    r = np.array(
        [
            [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
            [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
            [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
        ]
    )
    m = np.eye(4)
    m[:3, :3] = r * np.asarray(s, dtype=np.float64)[None, :]
    m[:3, 3] = t
    return m


def _naive_world(asset: GltfAsset) -> list[np.ndarray]:
    out: list[np.ndarray] = []
    for node in asset.nodes:
        m = _trs(node.translation, node.rotation, node.scale)
        if node.matrix is not None:
            m = node.matrix
        out.append(m if node.parent < 0 else out[node.parent] @ m)
    return out


# --- 1. Group creation ------------------------------------------------------------------------


def test_one_group_per_clip_and_only_the_first_plays() -> None:
    asset = _asset("rigged_figure")
    groups = asset.animation_groups
    assert [g.name for g in groups] == ["Walk", "Wave", "Pose"]
    assert [g.is_playing for g in groups] == [True, False, False]
    assert [g._stopped for g in groups] == [False, True, True]
    assert all(g.frame_rate == 60.0 for g in groups)
    assert groups[1].duration == 1.5
    walk = groups[0].targeted_animations
    assert [(t.target_name, t.path) for t in walk] == [
        ("LeftUpLeg", "rotation"),
        ("LeftArm", "rotation"),
        ("RightArm", "rotation"),
        ("Spine", "rotation"),
        ("Hips", "translation"),
    ]
    assert walk[0].target is asset.nodes[11]
    assert walk[0].node_index == 11


def test_unnamed_clips_are_named_by_index() -> None:
    asset = _asset("two_skeletons")
    data = asset.animation_data
    clip = data.clips[1]
    renamed = type(clip)("", clip.channels, clip.samplers, clip.duration)
    groups = create_animation_groups(dataclasses.replace(data, clips=(renamed,)))
    assert groups[0].name == "animation_0"


def test_pointer_channels_report_a_pointer_path() -> None:
    asset = _asset("pointer_material")
    paths = [t.path for t in asset.animation_groups[0].targeted_animations]
    assert paths.count("pointer") == 5
    assert "translation" in paths


# --- 2. Playback through the manager ---------------------------------------------------------


def test_manager_advances_time_and_writes_the_pose() -> None:
    asset = _asset("rigged_figure")
    manager = lite.create_animation_manager()
    lite.add_animation_groups(manager, asset.animation_groups)
    walk = asset.animation_groups[0]
    for _ in range(15):
        lite.update_animation_manager(manager, 1000.0 / 60.0)
    assert walk.current_time == pytest.approx(0.25)
    # Walk's Hips translation key at 0.25 s is (0, 0, 1.05).
    np.testing.assert_allclose(asset.nodes[2].translation, [0.0, 0.0, 1.05], atol=1e-6)
    # Stopped groups are not evaluated: the Pose clip's Chest scale stays at rest.
    np.testing.assert_array_equal(asset.nodes[4].scale, [1.0, 1.0, 1.0])


def test_loop_wraps_and_speed_ratio_scales_time() -> None:
    asset = _asset("rigged_figure")
    walk = asset.animation_groups[0]
    tick_animation(walk, 1250.0)
    assert walk.current_time == pytest.approx(0.25)
    walk.speed_ratio = 2.0
    tick_animation(walk, 500.0)
    assert walk.current_time == pytest.approx(0.25)  # 0.25 + 1.0 wraps to 0.25
    walk.speed_ratio = 0.0
    tick_animation(walk, 500.0)
    assert walk.current_time == pytest.approx(0.25)
    walk.speed_ratio = -1.0
    tick_animation(walk, 500.0)
    assert walk.current_time == pytest.approx(0.75)  # JavaScript-style wrap of -0.25


def test_non_looping_clip_clamps_at_the_end_and_keeps_playing() -> None:
    asset = _asset("rigged_figure")
    walk = asset.animation_groups[0]
    walk.loop_animation = False
    tick_animation(walk, 5000.0)
    assert walk.current_time == 1.0
    assert walk.is_playing  # glTF controllers clamp; they do not complete (Babylon Lite)
    np.testing.assert_allclose(asset.nodes[2].translation, [0.0, 0.0, 1.0], atol=1e-6)


def test_paused_group_is_still_evaluated_at_its_time() -> None:
    asset = _asset("rigged_figure")
    walk = asset.animation_groups[0]
    tick_animation(walk, 250.0)
    lite.pause_animation(walk)
    asset.nodes[2].translation[:] = 0.0
    tick_animation(walk, 250.0)
    assert walk.current_time == pytest.approx(0.25)
    np.testing.assert_allclose(asset.nodes[2].translation, [0.0, 0.0, 1.05], atol=1e-6)


def test_go_to_frame_seeks_evaluates_and_pauses() -> None:
    asset = _asset("rigged_figure")
    pose_group = _group(asset, "Pose")
    lite.play_animation(pose_group)
    lite.go_to_frame(pose_group, 45)  # 0.75 s: STEP holds the 0.5 s key
    assert pose_group.current_time == 0.75
    assert not pose_group.is_playing
    np.testing.assert_allclose(asset.nodes[4].scale, [1.1, 1.1, 1.1], rtol=1e-6)


def test_go_to_frame_on_a_stopped_gltf_group_without_engine_only_seeks() -> None:
    asset = _asset("rigged_figure")
    pose_group = _group(asset, "Pose")
    lite.go_to_frame(pose_group, 45)
    assert pose_group.current_time == 0.75
    np.testing.assert_array_equal(asset.nodes[4].scale, [1.0, 1.0, 1.0])


def test_zero_length_clip_is_a_no_op() -> None:
    asset = _asset("two_skeletons")
    data = asset.animation_data
    clip = data.clips[0]
    frozen = type(clip)("still", clip.channels, clip.samplers, 0.0)
    ctrl = GltfController(frozen, data)
    before = asset.pose.local.copy()
    ctrl.tick(100.0)
    assert ctrl.time == 0.0
    np.testing.assert_array_equal(asset.pose.local, before)


def test_rotation_takes_the_short_arc_across_a_hemisphere_flip() -> None:
    asset = _asset("rigged_figure")
    walk = asset.animation_groups[0]
    walk.current_time = 0.625  # between key 2 and the negated key 3
    tick_animation(walk, 0.0)
    q = asset.nodes[11].rotation.astype(np.float64)
    assert abs(float(np.linalg.norm(q)) - 1.0) < 1e-6
    # Halfway between keys 2 and 3 is about half of their (short) angle from key 2.
    data = asset.animation_data.clips[0].samplers[0].output.reshape(5, 4).astype(np.float64)
    k2, k3 = data[2], -data[3]
    mid = (k2 + k3) / np.linalg.norm(k2 + k3)
    _quat_close(q, mid, atol=1e-6)


# --- 3. World matrices and palettes ----------------------------------------------------------


@pytest.mark.parametrize("name", ["rigged_figure", "two_skeletons"])
def test_world_matrices_match_a_naive_recursion(name: str) -> None:
    asset = _asset(name)
    for group in asset.animation_groups:
        lite.play_animation(group)
        tick_animation(group, 330.0)
        expected = _naive_world(asset)
        for i, node in enumerate(asset.nodes):
            np.testing.assert_allclose(
                node.world_matrix.reshape(4, 4).T, expected[i], rtol=1e-6, atol=1e-6
            )


def test_palette_is_inverse_mesh_world_times_joint_world_times_inverse_bind() -> None:
    asset = _asset("rigged_figure")
    wave = _group(asset, "Wave")
    lite.play_animation(wave)
    tick_animation(wave, 700.0)
    world = _naive_world(asset)
    skel = asset.skeletons[0]
    rest_mesh = _naive_rest_world(asset, skel.mesh_node)
    for j, node in enumerate(skel.joint_nodes.tolist()):
        ibm = skel.inverse_bind_matrices[j].reshape(4, 4).T.astype(np.float64)
        expected = np.linalg.inv(rest_mesh) @ world[node] @ ibm
        got = skel.joint_matrices[j].reshape(4, 4).T
        np.testing.assert_allclose(got, expected, atol=2e-6)


def _naive_rest_world(asset: GltfAsset, index: int) -> np.ndarray:
    m = np.eye(4)
    i = index
    while i >= 0:
        r = asset.nodes[i].rest
        local = _trs(
            np.array([r.tx, r.ty, r.tz]),
            np.array([r.rx, r.ry, r.rz, r.rw]),
            np.array([r.sx, r.sy, r.sz]),
        )
        m = local @ m
        i = asset.nodes[i].parent
    return m


def test_static_matrix_node_keeps_its_matrix() -> None:
    nodes = [NodeRest(-1), NodeRest(0, tx=1.0)]
    m = np.array([[0, -1, 0, 2], [1, 0, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]], dtype=np.float64)
    pose = create_node_pose(nodes, [m, None])
    expected = m @ _trs(np.array([1.0, 0, 0]), np.array([0, 0, 0, 1.0]), np.ones(3))
    np.testing.assert_allclose(pose.world[1].T, expected)


def test_node_cycle_in_a_hand_built_hierarchy_is_refused() -> None:
    with pytest.raises(lite.GltfLoadError) as exc:
        create_node_pose([NodeRest(1), NodeRest(0)])
    assert exc.value.code == "LITE-GLTF-005"


def test_world_update_handles_deep_and_wide_levels() -> None:
    # 3 roots, a chain of depth 6 under root 0, a wide level under root 1.
    nodes = [NodeRest(-1, tx=1.0), NodeRest(-1, ty=1.0), NodeRest(-1)]
    for d in range(6):
        nodes.append(NodeRest(0 if d == 0 else len(nodes) - 1, tx=0.5, rz=0.1, rw=math.sqrt(0.99)))
    for _ in range(5):
        nodes.append(NodeRest(1, ty=0.25, sx=2.0))
    pose = create_node_pose(nodes)
    world: list[np.ndarray] = []
    for nd in nodes:
        m = _trs(
            np.array([nd.tx, nd.ty, nd.tz]),
            np.array([nd.rx, nd.ry, nd.rz, nd.rw], dtype=np.float32),
            np.array([nd.sx, nd.sy, nd.sz]),
        )
        world.append(m if nd.parent_idx < 0 else world[nd.parent_idx] @ m)
    for i in range(len(nodes)):
        np.testing.assert_allclose(pose.world[i].T, world[i], atol=1e-6)


# --- 4. Independent skeleton clips ----------------------------------------------------------


def test_a_clip_re_poses_only_the_skeletons_it_targets() -> None:
    asset = _asset("two_skeletons")
    swing_a, swing_b, both = asset.animation_groups
    assert isinstance(swing_a._ctrl, GltfController)
    assert [s.name for s in swing_a._ctrl.skeletons] == ["SkinA"]
    assert isinstance(swing_b._ctrl, GltfController)
    assert [s.name for s in swing_b._ctrl.skeletons] == ["SkinB"]
    assert isinstance(both._ctrl, GltfController)
    assert [s.name for s in both._ctrl.skeletons] == ["SkinA", "SkinB"]


def test_independent_skeleton_clips_do_not_reset_each_other() -> None:
    asset = _asset("two_skeletons")
    swing_a, swing_b, _ = asset.animation_groups
    lite.play_animation(swing_b)
    tick_animation(swing_b, 500.0)
    palette_b = asset.skeletons[1].joint_matrices.copy()
    assert not np.allclose(palette_b, np.eye(4, dtype=np.float32).reshape(1, 16), atol=1e-4)
    for _ in range(5):
        tick_animation(swing_a, 70.0)
    np.testing.assert_array_equal(asset.skeletons[1].joint_matrices, palette_b)
    # And rig A moved while rig B kept SwingB's pose.
    assert not np.allclose(asset.skeletons[0].joint_matrices[1], np.eye(4).reshape(16), atol=1e-4)
    np.testing.assert_allclose(asset.nodes[4].translation, [1.0, 0.2, 0.0], rtol=1e-6)


def test_engine_receives_uploads_only_for_targeted_skeletons() -> None:
    class Sink:
        def __init__(self) -> None:
            self.skeletons: list[str] = []
            self.morphs: list[int] = []

        def upload_skeleton(self, skeleton: SkeletonBinding) -> None:
            self.skeletons.append(skeleton.name)

        def upload_morph(self, morph: MorphBinding) -> None:
            self.morphs.append(morph.node_idx)

    sink = Sink()
    asset = _asset("two_skeletons")
    manager = lite.create_animation_manager(engine=sink)
    lite.add_animation_groups(manager, asset.animation_groups)
    lite.update_animation_manager(manager, 16.0)
    assert sink.skeletons == ["SkinA"]
    morph_asset = _asset("morph_figure")
    tick_animation(morph_asset.animation_groups[0], 16.0, sink)
    assert sink.morphs == [1]


def test_engine_without_upload_methods_is_refused() -> None:
    asset = _asset("two_skeletons")
    with pytest.raises(lite.UnsupportedError):
        tick_animation(asset.animation_groups[0], 16.0, object())


# --- 5. Masks ------------------------------------------------------------------------------


def test_excluded_nodes_keep_their_rest_pose() -> None:
    asset = _asset("rigged_figure")
    walk = asset.animation_groups[0]
    walk.mask = create_animation_group_mask(["LeftUpLeg", "Hips"], AnimationGroupMaskMode.EXCLUDE)
    asset.nodes[11].rotation[:] = [0.5, 0.5, 0.5, 0.5]  # a stale value is put back to rest
    tick_animation(walk, 125.0)
    r = asset.nodes[11].rest
    np.testing.assert_array_equal(
        asset.nodes[11].rotation, np.array([r.rx, r.ry, r.rz, r.rw], dtype=np.float32)
    )
    np.testing.assert_allclose(asset.nodes[2].translation, [0.0, 0.0, 1.0])
    spine = asset.nodes[3].rotation
    assert not np.allclose(spine, [0.0, 0.0, 0.0, 1.0])


def test_include_mask_animates_only_listed_nodes_and_can_be_replaced() -> None:
    asset = _asset("rigged_figure")
    walk = asset.animation_groups[0]
    mask = create_animation_group_mask(["Hips"])
    walk.mask = mask
    tick_animation(walk, 125.0)
    np.testing.assert_allclose(asset.nodes[2].translation, [0.0, 0.0, 1.025], atol=1e-6)
    np.testing.assert_array_equal(asset.nodes[3].rotation, [0.0, 0.0, 0.0, 1.0])
    mask.names = ["Spine"]  # replacing the list is picked up
    tick_animation(walk, 0.0)
    np.testing.assert_allclose(asset.nodes[2].translation, [0.0, 0.0, 1.0])
    assert not np.allclose(asset.nodes[3].rotation, [0.0, 0.0, 0.0, 1.0])
    mask.disabled = True
    tick_animation(walk, 0.0)
    np.testing.assert_allclose(asset.nodes[2].translation, [0.0, 0.0, 1.025], atol=1e-6)
    walk.mask = None
    tick_animation(walk, 0.0)
    np.testing.assert_allclose(asset.nodes[2].translation, [0.0, 0.0, 1.025], atol=1e-6)


def test_mask_skips_morph_weights_of_masked_nodes() -> None:
    asset = _asset("morph_figure")
    group = asset.animation_groups[0]
    group.mask = create_animation_group_mask(["Face"], AnimationGroupMaskMode.EXCLUDE)
    tick_animation(group, 250.0)
    np.testing.assert_allclose(_weights(asset), [0.1, 0, 0, 0.2, 0, 0], rtol=1e-6)


# --- 6. Morph weights and pointers ----------------------------------------------------------


def test_morph_weights_start_at_the_mesh_defaults() -> None:
    asset = _asset("morph_figure")
    morph = asset.morph_targets[0]
    assert morph.target_count == 6
    assert morph.target_names == ("Smile", "Frown", "BlinkL", "BlinkR", "JawOpen", "Puff")
    np.testing.assert_allclose(morph.weights, [0.1, 0, 0, 0.2, 0, 0], rtol=1e-6)
    assert asset.nodes[1].weights is morph.weights


def test_linear_weights_channel_writes_all_targets() -> None:
    asset = _asset("morph_figure")
    clip = asset.animation_data.clips[0]
    w = clip.samplers[0].output.reshape(5, 6).astype(np.float64)
    tick_animation(asset.animation_groups[0], 250.0)
    np.testing.assert_allclose(_weights(asset), (w[0] + w[1]) / 2, rtol=1e-6, atol=1e-7)
    # The sparse-output translation channel moved the root.
    np.testing.assert_allclose(asset.nodes[0].translation, [0.0, 1.1, 0.0], rtol=1e-6)


def test_step_weights_hold_until_the_next_key() -> None:
    asset = _asset("morph_figure")
    blink = _group(asset, "Blink")
    lite.play_animation(blink)
    tick_animation(blink, 399.0)
    np.testing.assert_array_equal(_weights(asset)[2:4], [1.0, 1.0])
    tick_animation(blink, 2.0)
    expected = np.float32(128 / 255.0)
    np.testing.assert_array_equal(_weights(asset)[2:4], [expected, expected])


def test_pointer_channels_write_material_light_camera_and_node() -> None:
    asset = _asset("pointer_material")
    tick_animation(asset.animation_groups[0], 250.0)
    mat = asset.materials[0]
    np.testing.assert_allclose(mat.base_color_factor, [0.5, 0.5, 0.2, 0.9], rtol=1e-6)
    assert mat.roughness_factor == 0.75  # STEP
    np.testing.assert_allclose(mat.emissive_factor, [0.05, 0.15, 0.0], rtol=1e-6, atol=1e-7)
    assert asset.lights[0].intensity == pytest.approx(7.5)
    assert asset.cameras[0].yfov == pytest.approx(0.9)
    np.testing.assert_allclose(asset.nodes[0].translation, [0.0, 0.75, 0.0], rtol=1e-6)
    np.testing.assert_allclose(asset.nodes[3].scale, [1.5, 1.5, 1.5], rtol=1e-6)
    tick_animation(asset.animation_groups[0], 500.0)
    assert mat.roughness_factor == 0.25


# --- 7. Allocation guard -------------------------------------------------------------------


def test_warm_gltf_frames_do_not_grow_memory() -> None:
    asset = _asset("rigged_figure")
    manager = lite.create_animation_manager()
    for g in asset.animation_groups:
        lite.play_animation(g)
    lite.add_animation_groups(manager, asset.animation_groups)
    for _ in range(100):
        lite.update_animation_manager(manager, 16.0)
    gc.collect()
    tracemalloc.start()
    before, _ = tracemalloc.get_traced_memory()
    tracemalloc.reset_peak()
    for _ in range(1000):
        lite.update_animation_manager(manager, 16.0)
    gc.collect()
    after, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert after - before <= 1024, after - before
    assert peak - before < 16 * 1024, peak - before


def test_palette_update_functions_are_allocation_free_when_called_directly() -> None:
    asset = _asset("rigged_figure")
    skel = asset.skeletons[0]
    tracemalloc.start()
    for _ in range(20):
        update_world_matrices(asset.pose)
        update_joint_matrices(asset.pose, skel)
    gc.collect()
    before, _ = tracemalloc.get_traced_memory()
    for _ in range(200):
        update_world_matrices(asset.pose)
        update_joint_matrices(asset.pose, skel)
    gc.collect()
    after, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert after - before <= 512


# The public controller: lite.create_animation_controller

T, R, S, W = lite.PATH_TRANSLATION, lite.PATH_ROTATION, lite.PATH_SCALE, lite.PATH_WEIGHTS
SIN45 = math.sqrt(0.5)


class Setter:
    """Records every ``set`` call."""

    def __init__(self) -> None:
        self.calls: list[tuple[float, ...]] = []

    def set(self, *values: float) -> None:
        self.calls.append(values)


class Target:
    """A scene node with Babylon's three members."""

    def __init__(self) -> None:
        self.position = Setter()
        self.rotationQuaternion = Setter()
        self.scaling = Setter()


def _sampler(times: list[float], values: list[float], interp: int = 0) -> AnimationSampler:
    return AnimationSampler(
        np.array(times, dtype=np.float32),
        np.array(values, dtype=np.float32),
        interp,  # type: ignore[arg-type]
    )


def _clip(duration: float = 1.0) -> AnimationClip:
    """Node 0: translation x 0 -> 2. Node 1: rotation identity -> 90 deg about z, scale 1 -> 3."""
    samplers = [
        _sampler([0, 1], [0, 0, 0, 2, 0, 0]),
        _sampler([0, 1], [0, 0, 0, 1, 0, 0, SIN45, SIN45]),
        _sampler([0, 1], [1, 1, 1, 3, 3, 3]),
    ]
    channels = [AnimationChannel(0, 0, T), AnimationChannel(1, 1, R), AnimationChannel(2, 1, S)]
    return AnimationClip("Clip", channels, samplers, duration)


def _nodes() -> list[NodeRest]:
    # Node 1 is a child of node 0 one unit up; node 2 is a root (the skinned mesh, say).
    return [NodeRest(), NodeRest(parent_idx=0, ty=1.0), NodeRest()]


def _controller(**kwargs: Any) -> tuple[GltfController, list[Target]]:
    targets = [Target(), Target(), Target()]
    args: dict[str, Any] = {"node_targets": targets}
    args.update(kwargs)
    clip = args.pop("clip", _clip())
    skins = args.pop("skins", [])
    morphs = args.pop("morphs", [])
    nodes = args.pop("nodes", _nodes())
    ctrl = lite.create_animation_controller(clip, nodes, skins, morphs, **args)
    return ctrl, targets


def _last(setter: Setter) -> tuple[float, ...]:
    return setter.calls[-1]


# 1. Node TRS goes to the scene targets through set(), only for the paths the clip animates.


def test_tick_writes_translation_rotation_and_scale_through_set() -> None:
    ctrl, (t0, t1, t2) = _controller()
    ctrl.tick(500.0)
    assert ctrl.time == 0.5
    np.testing.assert_allclose(_last(t0.position), (1.0, 0.0, 0.0), atol=1e-6)
    # slerp halfway to 90 deg about z: 45 deg, (0, 0, sin 22.5, cos 22.5)
    np.testing.assert_allclose(
        _last(t1.rotationQuaternion), (0.0, 0.0, 0.38268343, 0.92387953), atol=1e-6
    )
    np.testing.assert_allclose(_last(t1.scaling), (2.0, 2.0, 2.0), atol=1e-6)
    assert all(type(v) is float for v in _last(t0.position))
    # Only animated paths are written, and a node the clip does not animate is not touched.
    assert t0.rotationQuaternion.calls == [] and t0.scaling.calls == []
    assert t1.position.calls == []
    assert t2.position.calls == t2.rotationQuaternion.calls == t2.scaling.calls == []


def test_every_tick_writes_once_per_animated_path() -> None:
    ctrl, (t0, t1, _) = _controller()
    for _ in range(3):
        ctrl.tick(100.0)
    assert len(t0.position.calls) == 3
    assert len(t1.rotationQuaternion.calls) == len(t1.scaling.calls) == 3
    np.testing.assert_allclose(_last(t0.position), (0.6, 0.0, 0.0), atol=1e-6)


def test_excluded_nodes_are_not_written() -> None:
    ctrl, (t0, t1, _) = _controller(excluded={1})
    ctrl.tick(250.0)
    np.testing.assert_allclose(_last(t0.position), (0.5, 0.0, 0.0), atol=1e-6)
    assert t1.rotationQuaternion.calls == [] and t1.scaling.calls == []


def test_none_targets_and_a_short_target_list_are_skipped() -> None:
    t0 = Target()
    ctrl = lite.create_animation_controller(_clip(), _nodes(), [], [], [t0])
    ctrl.tick(250.0)
    assert len(t0.position.calls) == 1
    ctrl2 = lite.create_animation_controller(_clip(), _nodes(), [], [], [None, Target()])
    ctrl2.tick(250.0)  # node 0 has no target; node 1 is written
    assert ctrl2.time == 0.25


def test_without_targets_the_controller_still_evaluates_the_pose() -> None:
    pose = create_node_pose(_nodes())
    ctrl = lite.create_animation_controller(_clip(), pose, [], [])
    ctrl.tick(250.0)
    # A NodePose is used as is: its local TRS and world matrices follow the clip.
    assert float(pose.local[0, 0]) == 0.5
    np.testing.assert_allclose(pose.world[1][3, :3], (0.5, 1.0, 0.0), atol=1e-6)


def test_a_replaced_member_receives_later_writes() -> None:
    ctrl, (t0, _, _) = _controller()
    ctrl.tick(100.0)
    old = t0.position
    t0.position = Setter()
    ctrl.tick(100.0)
    assert len(old.calls) == 1
    np.testing.assert_allclose(_last(t0.position), (0.4, 0.0, 0.0), atol=1e-6)


# 2. Time: uneven deltas, loop wrap, negative speed, clamp, pause, zero duration.


def test_uneven_deltas_wrap_at_the_clip_end() -> None:
    ctrl, (t0, _, _) = _controller()
    for delta in (250.0, 400.0, 500.0):  # 0.25, 0.65, 1.15 -> 0.15
        ctrl.tick(delta)
    assert ctrl.time == pytest.approx(0.15, abs=1e-12)
    np.testing.assert_allclose(_last(t0.position), (0.3, 0.0, 0.0), atol=1e-6)


def test_negative_speed_wraps_below_zero() -> None:
    ctrl, (t0, _, _) = _controller()
    ctrl.tick(250.0)
    ctrl.speed_ratio = -1.0
    ctrl.tick(500.0)  # 0.25 - 0.5 = -0.25 -> 0.75
    assert ctrl.time == pytest.approx(0.75, abs=1e-12)
    np.testing.assert_allclose(_last(t0.position), (1.5, 0.0, 0.0), atol=1e-6)


def test_non_looping_controller_clamps_at_the_end() -> None:
    ctrl, (t0, t1, _) = _controller()
    ctrl.loop = False
    ctrl.speed_ratio = 2.0
    ctrl.tick(5000.0)
    assert ctrl.time == 1.0
    np.testing.assert_allclose(_last(t0.position), (2.0, 0.0, 0.0), atol=1e-6)
    np.testing.assert_allclose(_last(t1.rotationQuaternion), (0, 0, SIN45, SIN45), atol=1e-6)


def test_paused_controller_holds_its_time_and_still_writes() -> None:
    ctrl, (t0, _, _) = _controller()
    ctrl.tick(250.0)
    ctrl.playing = False
    ctrl.tick(300.0)
    assert ctrl.time == 0.25
    assert len(t0.position.calls) == 2


def test_a_time_set_from_outside_is_wrapped_on_the_next_tick() -> None:
    ctrl, (t0, _, _) = _controller()
    ctrl.time = 3.75
    ctrl.tick(0.0)
    assert ctrl.time == 0.75
    np.testing.assert_allclose(_last(t0.position), (1.5, 0.0, 0.0), atol=1e-6)


def test_zero_duration_clip_gives_a_no_op_controller() -> None:
    ctrl, (t0, _, _) = _controller(clip=_clip(duration=0.0))
    ctrl.tick(250.0)
    assert ctrl.time == 0.0
    assert t0.position.calls == []


# 3. Joint palettes and morph weights.


def _skin() -> SkeletonBinding:
    identity = np.tile(np.eye(4, dtype=np.float32).reshape(16), (2, 1))
    return create_skeleton_binding("Skin", 0, 2, [0, 1], identity, np.eye(4))


def test_joint_palettes_follow_the_animated_joints() -> None:
    skin = _skin()
    ctrl, _ = _controller(skins=[skin])
    assert ctrl.skeletons == (skin,)
    ctrl.tick(250.0)
    palette = skin.joint_matrices.reshape(2, 16)
    # Identity inverse binds and mesh world: each palette is the joint's world matrix
    # (column-major, translation in 12..14). Joint 0 moved to x 0.5; joint 1 sits one unit up
    # from it, rotated 22.5 deg about z and scaled 1.5.
    np.testing.assert_allclose(palette[0][12:15], (0.5, 0.0, 0.0), atol=1e-6)
    np.testing.assert_allclose(palette[1][12:15], (0.5, 1.0, 0.0), atol=1e-6)
    c, s = math.cos(math.radians(22.5)) * 1.5, math.sin(math.radians(22.5)) * 1.5
    np.testing.assert_allclose(palette[1][[0, 1, 4, 5]], (c, s, -s, c), atol=1e-6)


def _morph_clip() -> AnimationClip:
    samplers = [_sampler([0, 1], [0, 0, 1, 0.5])]
    return AnimationClip("Morph", [AnimationChannel(0, 2, W)], samplers, 1.0)


def test_morph_weights_are_written_into_the_binding() -> None:
    morph = create_morph_binding(2, 0, ["a", "b"], [0.0, 0.0])
    ctrl, _ = _controller(clip=_morph_clip(), morphs=[morph])
    ctrl.tick(250.0)
    np.testing.assert_allclose(morph.weights, (0.25, 0.125), atol=1e-7)


def test_weights_of_a_node_without_a_morph_binding_are_skipped() -> None:
    ctrl, _ = _controller(clip=_morph_clip())
    ctrl.tick(250.0)
    assert ctrl.time == 0.25


class Sink:
    def __init__(self) -> None:
        self.skeletons: list[SkeletonBinding] = []
        self.morphs: list[MorphBinding] = []

    def upload_skeleton(self, skeleton: SkeletonBinding) -> None:
        self.skeletons.append(skeleton)

    def upload_morph(self, morph: MorphBinding) -> None:
        self.morphs.append(morph)


def test_an_engine_given_once_receives_every_later_upload() -> None:
    skin = _skin()
    sink = Sink()
    ctrl, _ = _controller(skins=[skin])
    ctrl.tick(100.0, sink)
    ctrl.tick(100.0)
    assert sink.skeletons == [skin, skin]


def test_fixture_palettes_and_node_writes_match_the_asset_groups() -> None:
    # The same clip played by the asset's own group and by a public controller over the same
    # nodes and skins gives the same palette; the controller writes the non-joint targets.
    asset = load_gltf(FIXTURES / "rigged_figure.glb")
    data = asset.animation_data
    group = next(g for g in asset.animation_groups if g.name == "Wave")
    for g in asset.animation_groups:
        lite.stop_animation(g)
    lite.play_animation(group)
    tick_animation(group, 400.0)
    expected = data.skeletons[0].joint_matrices.copy()
    targets = [Target() for _ in asset.nodes]
    ctrl = lite.create_animation_controller(
        data.clips[1], data.nodes, data.skeletons, data.morph_bindings, targets, {9, 10}
    )
    ctrl.tick(400.0)
    np.testing.assert_allclose(data.skeletons[0].joint_matrices, expected, atol=1e-6)
    head = asset.nodes[6]
    np.testing.assert_allclose(_last(targets[6].position), head.translation, atol=1e-7)
    assert targets[9].rotationQuaternion.calls == [] and targets[10].rotationQuaternion.calls == []


# 4. Groups built on a controller: time write-back and optional hooks.


def test_a_group_on_a_controller_gets_the_advanced_time_back() -> None:
    ctrl, (t0, _, _) = _controller()
    group = lite.AnimationGroup(name="g", duration=1.0, is_playing=True, _ctrl=ctrl)
    manager = lite.create_animation_manager()
    lite.add_animation_group(manager, group)
    lite.update_animation_manager(manager, 600.0)
    lite.update_animation_manager(manager, 650.0)  # 1.25 -> 0.25
    assert group.current_time == ctrl.time == pytest.approx(0.25, abs=1e-12)
    group.speed_ratio = 2.0  # pushed into the controller before the next tick
    lite.update_animation_manager(manager, 100.0)
    assert group.current_time == pytest.approx(0.45, abs=1e-12)
    np.testing.assert_allclose(_last(t0.position), (0.9, 0.0, 0.0), atol=1e-6)


def test_a_group_mask_needs_node_names() -> None:
    nodes = [NodeRest(tx=7.0), NodeRest(parent_idx=0, ty=1.0), NodeRest()]
    mask = lite.create_animation_group_mask(["root"], lite.AnimationGroupMaskMode.EXCLUDE)
    named, (n0, _, _) = _controller(nodes=nodes, node_names=["root", "child", "mesh"])
    unnamed, (u0, _, _) = _controller(nodes=nodes)
    for ctrl in (named, unnamed):
        group = lite.AnimationGroup(name="g", duration=1.0, is_playing=True, _ctrl=ctrl)
        group.mask = mask
        tick_animation(group, 250.0)
    # Masked out: the node keeps (and is written) its rest translation.
    assert _last(n0.position) == (7.0, 0.0, 0.0)
    np.testing.assert_allclose(_last(u0.position), (0.5, 0.0, 0.0), atol=1e-6)


class LiteShapedController:
    """Only what Lite's AnimationController requires: no set_mask, no completed."""

    __slots__ = ("loop", "playing", "speed_ratio", "ticks", "time")

    def __init__(self) -> None:
        self.time = 0.0
        self.playing = True
        self.speed_ratio = 1.0
        self.loop = True
        self.ticks = 0

    def tick(self, delta_ms: float, engine: object | None = None) -> None:
        self.ticks += 1
        if self.playing:
            self.time = math.fmod(self.time + delta_ms / 1000.0 * self.speed_ratio, 2.0)


def test_a_controller_without_optional_hooks_can_back_a_group() -> None:
    ctrl = LiteShapedController()
    group = lite.AnimationGroup(name="g", duration=2.0, is_playing=True, _ctrl=ctrl)  # type: ignore[arg-type]
    group.mask = lite.create_animation_group_mask(["x"])
    tick_animation(group, 1500.0)
    tick_animation(group, 1000.0)
    assert group.current_time == pytest.approx(0.5, abs=1e-12)
    go_to_frame(group, 30)
    assert group.current_time == 0.5 and ctrl.ticks == 3


# 5. Bad input raises a typed error whose code and input name say what was wrong.


@pytest.mark.parametrize(
    ("kwargs", "error", "code", "input_name"),
    [
        ({"clip": "Walk"}, AnimationStateError, "LITE-STATE-014", "clip"),
        ({"nodes": 3}, AnimationStateError, "LITE-STATE-014", "nodes"),
        ({"nodes": [NodeRest(), {"tx": 1}]}, AnimationStateError, "LITE-STATE-014", "nodes[1]"),
        ({"skins": [object()]}, AnimationStateError, "LITE-STATE-014", "skins[0]"),
        ({"morphs": "ab"}, AnimationStateError, "LITE-STATE-014", "morphs"),
        ({"node_targets": 5}, AnimationStateError, "LITE-STATE-014", "node_targets"),
        ({"excluded": "01"}, AnimationStateError, "LITE-STATE-014", "excluded"),
        ({"excluded": [1.5]}, AnimationStateError, "LITE-STATE-014", "excluded"),
        ({"node_names": ["a"]}, AnimationStateError, "LITE-STATE-016", "node_names"),
        ({"pointers": [1]}, AnimationStateError, "LITE-STATE-014", "pointers"),
        ({"nodes": [NodeRest(), NodeRest()]}, AnimationStateError, "LITE-STATE-016", "skins[0]"),
    ],
)
def test_bad_arguments_raise_typed_errors(
    kwargs: dict[str, Any], error: type[Exception], code: str, input_name: str
) -> None:
    if "skins" not in kwargs and input_name == "skins[0]":
        kwargs["skins"] = [_skin()]  # joints 0, 1 and mesh node 2 on a two-node list
    with pytest.raises(error) as exc:
        _controller(**kwargs)
    assert exc.value.code == code  # type: ignore[attr-defined]
    assert exc.value.input_name == input_name  # type: ignore[attr-defined]


def test_a_channel_outside_the_node_list_is_refused() -> None:
    clip = AnimationClip("Far", [AnimationChannel(0, 5, T)], [_sampler([0, 1], [0] * 6)], 1.0)
    with pytest.raises(AnimationStateError) as exc:
        _controller(clip=clip)
    assert exc.value.code == "LITE-STATE-016"
    assert exc.value.input_name == "clip.channels[0]"


def test_a_channel_with_a_missing_sampler_is_refused() -> None:
    clip = AnimationClip("NoSampler", [AnimationChannel(3, 0, T)], [_sampler([0], [0] * 3)], 1.0)
    with pytest.raises(AnimationStateError) as exc:
        _controller(clip=clip)
    assert exc.value.code == "LITE-STATE-016"


def test_a_morph_outside_the_node_list_is_refused() -> None:
    with pytest.raises(AnimationStateError) as exc:
        _controller(morphs=[create_morph_binding(9, 0, ["a"], [0.0])])
    assert exc.value.code == "LITE-STATE-016"
    assert exc.value.input_name == "morphs[0]"


def test_weights_of_the_wrong_size_are_refused() -> None:
    morph = create_morph_binding(2, 0, ["a", "b", "c"], [0.0, 0.0, 0.0])
    with pytest.raises(KeyframeError) as exc:
        _controller(clip=_morph_clip(), morphs=[morph])
    assert exc.value.code == "LITE-ANIM-010"


def test_a_target_without_the_written_setter_is_refused() -> None:
    broken = Target()
    broken.scaling = object()  # type: ignore[assignment]
    with pytest.raises(AnimationPathError) as exc:
        lite.create_animation_controller(_clip(), _nodes(), [], [], [Target(), broken])
    assert exc.value.code == "LITE-PATH-002"
    assert exc.value.input_name == "node_targets[1].scaling"
    # Excluding the node, or a member the clip does not write, is fine.
    lite.create_animation_controller(_clip(), _nodes(), [], [], [Target(), broken], {1})
    partial = Target()
    partial.position = object()  # type: ignore[assignment]
    lite.create_animation_controller(_clip(), _nodes(), [], [], [Target(), partial])
