"""Property clips and groups: binding, writers, easing, completion, errors."""

from __future__ import annotations

import math
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

import lite
from lite import (
    AnimationPathError,
    AnimationStateError,
    KeyframeError,
    create_animation_manager,
    create_property_animation_clip,
    create_property_animation_group,
    go_to_frame,
    play_animation,
    update_animation_manager,
)


def slide(path: str = "position.x", **extra: Any) -> lite.PropertyAnimationClip:
    track: Any = {
        "path": path,
        "frame_rate": 10,
        "keys": [{"frame": 0, "value": 2}, {"frame": 10, "value": -2}, {"frame": 20, "value": 2}],
    }
    track.update(extra)
    return create_property_animation_clip("slide", [track])


def vec_clip(path: str, n: int = 3) -> lite.PropertyAnimationClip:
    return create_property_animation_clip(
        "v",
        [
            {
                "path": path,
                "keys": [{"time": 0, "value": [0.0] * n}, {"time": 1, "value": [1.0] * n}],
            }
        ],
    )


class Vec3:
    def __init__(self) -> None:
        self.x = self.y = self.z = 0.0
        self.calls = 0

    def set(self, x: float, y: float, z: float) -> None:
        self.x, self.y, self.z = x, y, z
        self.calls += 1


def test_scalar_keyframes_reproduce_babylon_frame_timing() -> None:
    m = create_animation_manager()
    target = SimpleNamespace(position=SimpleNamespace(x=0.0))
    create_property_animation_group(m, target, slide())
    update_animation_manager(m, 250.0)  # 2.5 frames at 10 fps: 2 + 0.25 * (-4)
    assert target.position.x == pytest.approx(1.0)


def test_vector_path_calls_set_once_per_frame() -> None:
    m = create_animation_manager()
    target = SimpleNamespace(position=Vec3())
    create_property_animation_group(m, target, vec_clip("position"))
    update_animation_manager(m, 500.0)
    assert (target.position.x, target.position.calls) == (0.5, 1)


def test_mapping_targets_are_written_by_key() -> None:
    m = create_animation_manager()
    target = {"position": {"x": 0.0, "y": 0.0, "z": 0.0}}
    create_property_animation_group(m, target, vec_clip("position"))
    update_animation_manager(m, 250.0)
    assert target["position"] == {"x": 0.25, "y": 0.25, "z": 0.25}


def test_numpy_and_list_leaves_are_written_in_place() -> None:
    m = create_animation_manager()
    arr = np.zeros(3)
    target = SimpleNamespace(scaling=arr, color=[0.0, 0.0, 0.0, 0.0])
    create_property_animation_group(m, target, vec_clip("scaling"))
    create_property_animation_group(m, target, vec_clip("color", 4))
    update_animation_manager(m, 750.0)
    assert target.scaling is arr
    assert arr.tolist() == [0.75, 0.75, 0.75]
    assert target.color == [0.75] * 4


def test_index_segments_address_sequence_items() -> None:
    m = create_animation_manager()
    target = {"weights": [0.0, 0.0, 0.0]}
    clip = create_property_animation_clip(
        "w", [{"path": "weights.1", "keys": [{"time": 0, "value": 0}, {"time": 1, "value": 1}]}]
    )
    create_property_animation_group(m, target, clip)
    update_animation_manager(m, 400.0)
    assert target["weights"] == [0.0, pytest.approx(0.4), 0.0]


def test_replaced_intermediate_redirects_later_writes() -> None:
    m = create_animation_manager()
    target = SimpleNamespace(position=SimpleNamespace(x=0.0))
    create_property_animation_group(m, target, slide())
    update_animation_manager(m, 100.0)
    old = target.position
    target.position = SimpleNamespace(x=123.0)
    update_animation_manager(m, 100.0)
    assert old.x == pytest.approx(1.6)
    assert target.position.x == pytest.approx(1.2)


def test_replaced_vector_leaf_rebuilds_its_writer() -> None:
    m = create_animation_manager()
    target = SimpleNamespace(position=Vec3())
    create_property_animation_group(m, target, vec_clip("position"))
    update_animation_manager(m, 100.0)
    target.position = {"x": 0.0, "y": 0.0, "z": 0.0}  # type: ignore[assignment]
    update_animation_manager(m, 100.0)
    assert target.position == {
        "x": pytest.approx(0.2),
        "y": pytest.approx(0.2),
        "z": pytest.approx(0.2),
    }


def test_rotation_quaternion_paths_infer_slerp() -> None:
    clip = create_property_animation_clip(
        "q",
        [
            {
                "path": "mesh.rotationQuaternion",
                "keys": [{"time": 0, "value": [0, 0, 0, 1]}, {"time": 1, "value": [0, 0, 1, 0]}],
            }
        ],
    )
    assert clip.tracks[0].quaternion
    q = SimpleNamespace(x=0.0, y=0.0, z=0.0, w=1.0)
    m = create_animation_manager()
    create_property_animation_group(
        m, SimpleNamespace(mesh=SimpleNamespace(rotationQuaternion=q)), clip
    )
    update_animation_manager(m, 500.0)
    assert (q.z, q.w) == (pytest.approx(math.sqrt(0.5)), pytest.approx(math.sqrt(0.5)))


def test_clip_duration_is_latest_key_across_tracks() -> None:
    clip = create_property_animation_clip(
        "multi",
        [
            {"path": "a", "keys": [{"time": 0, "value": 0}, {"time": 0.5, "value": 1}]},
            {
                "path": "b",
                "frame_rate": 30,
                "keys": [{"frame": 0, "value": 0}, {"frame": 45, "value": 1}],
            },
        ],
    )
    assert clip.duration == 1.5
    assert clip.frame_rate == 60.0


def test_easing_transforms_segment_progress_only() -> None:
    calls: list[float] = []

    def square(g: float) -> float:
        calls.append(g)
        return g * g

    clip = create_property_animation_clip(
        "e",
        [
            {
                "path": "v",
                "easing": square,
                "keys": [{"time": 0, "value": 0}, {"time": 1, "value": 10}],
            }
        ],
    )
    target = {"v": -1.0}
    m = create_animation_manager()
    g = create_property_animation_group(m, target, clip, loop=False)
    go_to_frame(g, 0)  # the first key: callback not invoked
    assert target["v"] == 0.0 and calls == []
    go_to_frame(g, 30)  # t = 0.5 s -> progress 0.25
    assert target["v"] == pytest.approx(2.5) and calls == [0.5]
    go_to_frame(g, 60)  # the last key: exact, no callback
    assert target["v"] == 10.0 and len(calls) == 1


def test_easing_is_bypassed_on_step_tracks_and_overshoot_is_not_clamped() -> None:
    step = create_property_animation_clip(
        "s",
        [
            {
                "path": "v",
                "interpolation": "step",
                "easing": lambda g: 1 / 0,
                "keys": [{"time": 0, "value": 0}, {"time": 1, "value": 10}],
            }
        ],
    )
    target = {"v": 0.0}
    m = create_animation_manager()
    create_property_animation_group(m, target, step)
    update_animation_manager(m, 500.0)
    assert target["v"] == 0.0
    over = create_property_animation_clip(
        "o",
        [
            {
                "path": "v",
                "easing": lambda g: 1.5,
                "keys": [{"time": 0, "value": 0}, {"time": 1, "value": 10}],
            }
        ],
    )
    t2 = {"v": 0.0}
    create_property_animation_group(m, t2, over)
    update_animation_manager(m, 100.0)
    assert t2["v"] == 15.0


def test_non_looping_group_applies_final_pose_once_then_stops() -> None:
    m = create_animation_manager()
    target = SimpleNamespace(position=Vec3())
    g = create_property_animation_group(m, target, vec_clip("position"), loop=False)
    update_animation_manager(m, 900.0)
    update_animation_manager(m, 200.0)
    assert (target.position.x, target.position.calls, g.is_playing) == (1.0, 2, False)
    assert g.current_time == 1.0
    target.position.set(7, 7, 7)  # a later animation (or the app) writes the property
    update_animation_manager(m, 16.0)
    assert target.position.x == 7  # the finished group never overwrites it
    play_animation(g)  # restarts from the beginning of its range
    update_animation_manager(m, 100.0)
    assert target.position.x == pytest.approx(0.1)


def test_go_to_frame_sets_time_evaluates_and_pauses() -> None:
    m = create_animation_manager()
    target = SimpleNamespace(position=SimpleNamespace(x=0.0))
    clip = create_property_animation_clip(
        "long",
        [{"path": "position.x", "keys": [{"frame": 0, "value": 0}, {"frame": 240, "value": 4}]}],
    )
    g = create_property_animation_group(m, target, clip)
    go_to_frame(g, 120)
    assert (g.current_time, target.position.x, g.is_playing) == (2.0, 2.0, False)
    update_animation_manager(m, 500.0)
    assert g.current_time == 2.0


def test_speed_ratio_two_doubles_playback_speed() -> None:
    m = create_animation_manager()
    a = SimpleNamespace(position=SimpleNamespace(x=0.0))
    b = SimpleNamespace(position=SimpleNamespace(x=0.0))
    create_property_animation_group(m, a, slide(), speed_ratio=2.0)
    create_property_animation_group(m, b, slide())
    update_animation_manager(m, 300.0)
    m2 = create_animation_manager()
    c = SimpleNamespace(position=SimpleNamespace(x=0.0))
    create_property_animation_group(m2, c, slide())
    update_animation_manager(m2, 600.0)
    assert a.position.x == c.position.x


def test_loop_wraps_at_range_end() -> None:
    m = create_animation_manager()
    target = SimpleNamespace(position=SimpleNamespace(x=0.0))
    g = create_property_animation_group(m, target, slide(), from_frame=5, to_frame=15)
    update_animation_manager(m, 1100.0)  # 0.5 + 1.1 = 1.6 -> wraps to 0.6
    assert g.current_time == pytest.approx(0.6)


# -- errors --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("tracks", "code"),
    [
        ([], "LITE-ANIM-001"),
        ([{"path": "x", "keys": []}], "LITE-ANIM-002"),
        ([{"path": "x", "keys": [{"time": 0, "frame": 0, "value": 1}]}], "LITE-ANIM-004"),
        ([{"path": "x", "keys": [{"value": 1}]}], "LITE-ANIM-004"),
        ([{"path": "x", "keys": [{"time": -1, "value": 1}]}], "LITE-ANIM-003"),
        ([{"path": "x", "keys": [{"time": float("inf"), "value": 1}]}], "LITE-ANIM-003"),
        (
            [{"path": "x", "keys": [{"time": 0, "value": 1}, {"time": 1, "value": [1, 2]}]}],
            "LITE-ANIM-005",
        ),
        ([{"path": "x", "keys": [{"time": 0, "value": "a"}]}], "LITE-ANIM-005"),
        ([{"path": "x", "keys": [{"time": 0, "value": float("nan")}]}], "LITE-ANIM-009"),
        ([{"path": "x", "frame_rate": 0, "keys": [{"frame": 0, "value": 1}]}], "LITE-ANIM-006"),
        (
            [{"path": "x", "interpolation": "cubic", "keys": [{"time": 0, "value": 1}]}],
            "LITE-ANIM-007",
        ),
        ([{"path": "x", "keyz": [], "keys": [{"time": 0, "value": 1}]}], "LITE-ANIM-008"),
        ([{"path": "x", "keys": [{"time": 0, "value": 1, "ease": 2}]}], "LITE-ANIM-008"),
        ([{"path": "x", "easing": 3, "keys": [{"time": 0, "value": 1}]}], "LITE-ANIM-011"),
    ],
)
def test_bad_tracks_raise_keyframe_error_with_code(tracks: Any, code: str) -> None:
    with pytest.raises(KeyframeError) as exc:
        create_property_animation_clip("bad", tracks)
    assert exc.value.code == code
    assert exc.value.hint
    assert isinstance(exc.value, ValueError)


@pytest.mark.parametrize("path", ["", "position..x", ".x", 7])
def test_malformed_path_raises(path: Any) -> None:
    with pytest.raises(AnimationPathError) as exc:
        create_property_animation_clip("bad", [{"path": path, "keys": [{"time": 0, "value": 1}]}])
    assert exc.value.code == "LITE-PATH-001"


def test_bad_path_raises_at_binding_naming_path_and_segment() -> None:
    m = create_animation_manager()
    target = SimpleNamespace(position=SimpleNamespace(x=0.0))
    with pytest.raises(AnimationPathError) as exc:
        create_property_animation_group(m, target, slide("positon.x"))
    assert exc.value.code == "LITE-PATH-002"
    assert "positon.x" in str(exc.value) and "'positon'" in str(exc.value)
    assert lite.get_animation_groups(m) == ()  # nothing half-attached


def test_missing_leaf_and_component_errors() -> None:
    m = create_animation_manager()
    with pytest.raises(AnimationPathError) as exc:
        create_property_animation_group(m, SimpleNamespace(position=SimpleNamespace()), slide())
    assert exc.value.code == "LITE-PATH-002"
    with pytest.raises(AnimationPathError) as exc:
        create_property_animation_group(
            m, SimpleNamespace(p=SimpleNamespace(x=0, y=0)), vec_clip("p")
        )
    assert exc.value.code == "LITE-PATH-004"
    with pytest.raises(AnimationPathError) as exc:
        create_property_animation_group(m, SimpleNamespace(position=3.0), slide())
    assert exc.value.code == "LITE-PATH-003"
    with pytest.raises(AnimationPathError) as exc:
        create_property_animation_group(m, SimpleNamespace(p=[0] * 5), vec_clip("p", 5))
    assert exc.value.code == "LITE-PATH-005"


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"from_frame": 10, "to_frame": 10}, "LITE-STATE-001"),
        ({"from_time": 1.5, "to_time": 0.5}, "LITE-STATE-001"),
        ({"from_time": float("nan")}, "LITE-STATE-007"),
        ({"speed_ratio": float("inf")}, "LITE-STATE-006"),
    ],
)
def test_bad_group_options_raise_state_error(kwargs: Any, code: str) -> None:
    m = create_animation_manager()
    target = SimpleNamespace(position=SimpleNamespace(x=0.0))
    with pytest.raises(AnimationStateError) as exc:
        create_property_animation_group(m, target, slide(), **kwargs)
    assert exc.value.code == code
    assert lite.get_animation_groups(m) == ()


@pytest.mark.parametrize("seed", range(6))
def test_compiled_samplers_equal_the_validating_constructor(seed: int) -> None:
    # The clip compiler checks every key itself and builds its samplers without a second
    # validation (AnimationSampler._checked): the same arrays, flags and cached floats as
    # the public constructor gives, keys unsorted, ints, numpy scalars, float32 edges included.
    rng = np.random.default_rng(seed)
    edges = [0.0, -0.0, 3.4028234e38, -3.4028234e38, 2.0**128 - 2.0**104, 1e-45, 7, np.float32(0.1)]
    tracks: list[Any] = []
    for t in range(4):
        stride = int(rng.integers(1, 5))
        count = int(rng.integers(1, 7))
        keys = []
        for _ in range(count):
            values = [
                edges[int(rng.integers(len(edges)))] if rng.random() < 0.3 else float(v)
                for v in rng.normal(0, 1e3, stride)
            ]
            time = float(rng.choice([0.0, 0.5, 1.0, rng.uniform(0, 5)]))
            keys.append({"time": time, "value": values if stride > 1 else values[0]})
        tracks.append({"path": f"p{t}", "keys": keys})
    clip = create_property_animation_clip("c", tracks)
    for track in clip.tracks:
        s = track.sampler
        public = lite.AnimationSampler(np.array(s.input), np.array(s.output), s.interpolation)
        for name in ("input", "output", "input_f64"):
            ours, theirs = getattr(s, name), getattr(public, name)
            assert ours.dtype == theirs.dtype and ours.shape == theirs.shape
            assert ours.tobytes() == theirs.tobytes() and not ours.flags.writeable
        assert s.times == public.times and s._values == public._values
        assert s.interpolation == public.interpolation and type(s.interpolation) is int
