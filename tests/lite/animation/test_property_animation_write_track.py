"""write_property_track: sample and write one track of a property group, nothing else."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from lite import AnimationGroup, create_animation_manager, create_property_animation_clip
from lite.animation.property_animation import create_property_animation_group, write_property_track
from lite.errors import AnimationStateError


def _group() -> tuple[SimpleNamespace, AnimationGroup]:
    target = SimpleNamespace(a=0.0, b=0.0)
    clip = create_property_animation_clip(
        "two",
        [
            {"path": "a", "keys": [{"time": 0, "value": 0}, {"time": 2, "value": 20}]},
            {"path": "b", "keys": [{"time": 0, "value": 0}, {"time": 2, "value": -2}]},
        ],
    )
    manager = create_animation_manager()
    group = create_property_animation_group(manager, target, clip, loop=False)
    return target, group


def test_writes_only_the_given_track_at_the_given_time() -> None:
    target, group = _group()
    write_property_track(group, 0, 0.5)
    assert target.a == 5.0
    assert target.b == 0.0
    write_property_track(group, 1, 1.0)
    assert target.b == -1.0
    assert group.current_time == 0.0


def test_clamps_to_the_play_range() -> None:
    target, group = _group()
    write_property_track(group, 0, 9.0)
    assert target.a == 20.0
    write_property_track(group, 0, -1.0)
    assert target.a == 0.0


def test_rejects_a_bad_track_index() -> None:
    _, group = _group()
    with pytest.raises(AnimationStateError) as exc:
        write_property_track(group, 2, 0.0)
    assert exc.value.code == "LITE-STATE-044"
