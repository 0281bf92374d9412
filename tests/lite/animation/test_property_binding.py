"""bind_property_clip / write_property_track: a clip bound to a target, no group, no manager."""

from __future__ import annotations

import math
from types import SimpleNamespace

import pytest

import lite
from lite.errors import AnimationPathError, AnimationStateError


class Vec3:
    def __init__(self) -> None:
        self.x = self.y = self.z = 0.0

    def set(self, x: float, y: float, z: float) -> None:
        self.x, self.y, self.z = x, y, z


def _clip() -> lite.PropertyAnimationClip:
    return lite.create_property_animation_clip(
        "c",
        [
            {
                "path": "a",
                "keys": [
                    {"time": 0, "value": 0},
                    {"time": 0.3, "value": 1.7},
                    {"time": 2, "value": 20},
                ],
            },
            {
                "path": "pos",
                "keys": [{"time": 0, "value": [0, 0, 0]}, {"time": 1.1, "value": [1, 2, 3]}],
            },
            {
                "path": "q",
                "quaternion": True,
                "keys": [
                    {"time": 0, "value": [0, 0, 0, 1]},
                    {"time": 1, "value": [0, 0.7071068, 0, 0.7071068]},
                ],
            },
            {
                "path": "s",
                "easing": lite.create_back_ease(1.2),
                "keys": [{"time": 0, "value": 0}, {"time": 1, "value": 1}],
            },
        ],
    )


def _target() -> SimpleNamespace:
    return SimpleNamespace(a=0.0, pos=Vec3(), q=[0.0, 0.0, 0.0, 1.0], s=0.0)


def _state(t: SimpleNamespace) -> tuple[float, ...]:
    return (t.a, t.pos.x, t.pos.y, t.pos.z, *t.q, t.s)


def test_binding_writes_the_same_numbers_as_a_group_to_the_digit() -> None:
    clip = _clip()
    via_binding, via_group = _target(), _target()
    binding = lite.bind_property_clip(via_binding, clip)
    group = lite.create_property_animation_group(
        lite.create_animation_manager(), via_group, clip, loop=False
    )
    for time in (0.0, 0.1, 0.3, 0.31, 0.77, 1.0, 1.1, 1.9, 2.0):
        for i in range(len(clip.tracks)):
            lite.write_property_track(binding, i, time)
            lite.write_property_track(group, i, time)
        assert _state(via_binding) == _state(via_group), time


def test_binding_clamps_time_to_the_clip() -> None:
    target = _target()
    binding = lite.bind_property_clip(target, _clip())
    assert binding.duration == 2.0
    lite.write_property_track(binding, 0, 99.0)
    assert target.a == 20.0
    lite.write_property_track(binding, 0, -5.0)
    assert target.a == 0.0


def test_binding_writes_only_the_given_track() -> None:
    target = _target()
    binding = lite.bind_property_clip(target, _clip())
    lite.write_property_track(binding, 1, 1.1)
    assert (target.a, target.pos.x, target.pos.z, target.s) == (0.0, 1.0, 3.0, 0.0)


def test_binding_reports_path_errors_like_group_creation() -> None:
    with pytest.raises(AnimationPathError) as bound:
        lite.bind_property_clip(SimpleNamespace(a=0.0), _clip())
    with pytest.raises(AnimationPathError) as grouped:
        lite.create_property_animation_group(
            lite.create_animation_manager(), SimpleNamespace(a=0.0), _clip()
        )
    assert bound.value.code == grouped.value.code


def test_binding_refuses_a_non_clip() -> None:
    with pytest.raises(AnimationStateError) as exc:
        lite.bind_property_clip(_target(), "clip")  # type: ignore[arg-type]
    assert exc.value.code == "LITE-STATE-014"


@pytest.mark.parametrize("index", [-1, 4, True, 1.0, "0"])
def test_bad_index_is_refused(index: object) -> None:
    binding = lite.bind_property_clip(_target(), _clip())
    with pytest.raises(AnimationStateError) as exc:
        lite.write_property_track(binding, index, 0.0)  # type: ignore[arg-type]
    assert exc.value.code == "LITE-STATE-044"


@pytest.mark.parametrize("time", [math.nan, math.inf, "0.5", None])
def test_bad_time_is_refused(time: object) -> None:
    binding = lite.bind_property_clip(_target(), _clip())
    with pytest.raises(AnimationStateError) as exc:
        lite.write_property_track(binding, 0, time)  # type: ignore[arg-type]
    assert exc.value.code == "LITE-STATE-007"


def test_not_a_binding_is_refused() -> None:
    with pytest.raises(AnimationStateError) as exc:
        lite.write_property_track(object(), 0, 0.0)  # type: ignore[arg-type]
    assert exc.value.code == "LITE-STATE-014"
