"""glTF groups and their controller: playback, masks, morphs, pointers, independent skeletons.

Follows docs/architecture/skeleton.md, "Test specification".
"""

from __future__ import annotations

import dataclasses
import gc
import math
import tracemalloc

import numpy as np
import pytest

import lite
from lite.animation.animation_group import tick_animation
from lite.animation.animation_group_mask import AnimationGroupMaskMode, create_animation_group_mask
from lite.animation.types import NodeRest
from lite.gltf_loader import GltfAsset, load_gltf
from lite.skeleton.animation_controller import GltfController, create_animation_groups
from lite.skeleton.pose import create_node_pose, update_world_matrices
from lite.skeleton.skeleton_updater import MorphBinding, SkeletonBinding, update_joint_matrices
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
