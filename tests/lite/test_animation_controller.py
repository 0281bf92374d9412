"""The public glTF controller (``lite.create_animation_controller``), Lite's createAnimationController.

Hand-built nodes, clips, skins and morphs with values worked out by hand; scene targets are
plain objects whose ``set`` records its arguments. The recorded comparison with Babylon Lite 1.10
is the parity scenario ``lite_animation_controller``.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

import lite
from lite.animation_group import go_to_frame, tick_animation
from lite.errors import AnimationPathError, AnimationStateError, KeyframeError
from lite.gltf_animation import GltfController
from lite.loader_gltf import load_gltf
from lite.skeleton import (
    MorphBinding,
    SkeletonBinding,
    create_morph_binding,
    create_node_pose,
    create_skeleton_binding,
)
from lite.types import AnimationChannel, AnimationClip, AnimationSampler, NodeRest
from tests.lite._gltf_util import FIXTURES

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
