"""Group state rows (lite.animation.state.GroupStateStore): the public fields are views over
the manager's arrays, with the same values, types and checks inside and outside a manager."""

from __future__ import annotations

import math

import pytest

import lite
from lite.animation.state import (
    COL_CLOCK_ERROR,
    COL_CLOCK_TIME,
    COL_LOOP,
    COL_PLAYING,
    COL_SPEED,
    COL_STOPPED,
    COL_TIME,
    AnimationGroup,
)
from lite.errors import AnimationStateError


class _Box:
    def __init__(self) -> None:
        self.x = 0.0


def _clip() -> lite.PropertyAnimationClip:
    return lite.create_property_animation_clip(
        "c", [{"path": "x", "keys": [{"time": 0, "value": 0}, {"time": 2, "value": 4}]}]
    )


def test_a_group_in_no_manager_keeps_its_fields() -> None:
    g = AnimationGroup("g", 2.0, is_playing=True, current_time=0.5, speed_ratio=-2.0)
    assert g._manager is None and g._store is None and g._slot == -1
    assert (g.current_time, g.speed_ratio, g.is_playing, g.loop_animation) == (
        0.5,
        -2.0,
        True,
        True,
    )
    assert type(g.is_playing) is bool and type(g.loop_animation) is bool
    assert type(g._stopped) is bool and g._stopped is False
    g.loop_animation = False
    g.is_playing = False
    assert g.loop_animation is False and g.is_playing is False
    with pytest.raises(AnimationStateError) as err:
        g.current_time = math.nan
    assert err.value.code == "LITE-STATE-007"
    assert g.current_time == 0.5
    with pytest.raises(AnimationStateError) as err:
        g.speed_ratio = math.inf
    assert err.value.code == "LITE-STATE-006"
    assert g.speed_ratio == -2.0


def test_attaching_moves_the_state_into_the_managers_arrays() -> None:
    m = lite.create_animation_manager()
    g = lite.create_property_animation_group(m, _Box(), _clip(), speed_ratio=1.5)
    g.current_time = 0.25
    store = m._group_state
    assert g._store is store
    row = store.data[g._slot]
    assert row[COL_TIME] == 0.25 and row[COL_SPEED] == 1.5
    assert row[COL_PLAYING] == 1.0 and row[COL_LOOP] == 1.0 and row[COL_STOPPED] == 0.0
    g._clock.state[0] = 0.125
    g._clock.state[1] = 1e-17
    assert store.data[g._slot, COL_CLOCK_TIME] == 0.125
    assert store.data[g._slot, COL_CLOCK_ERROR] == 1e-17
    lite.stop_animation(g)
    assert store.data[g._slot, COL_STOPPED] == 1.0 and g._stopped is True


def test_detaching_and_moving_between_managers_keeps_every_value() -> None:
    m1 = lite.create_animation_manager()
    m2 = lite.create_animation_manager()
    g = lite.create_property_animation_group(m1, _Box(), _clip(), speed_ratio=0.5, loop=False)
    lite.update_animation_manager(m1, 300.0)
    g._clock.state[0] = 0.15
    g._clock.state[1] = 3e-12
    before = (g.current_time, g.speed_ratio, g.is_playing, g.loop_animation, g._stopped)
    clock = g._clock
    lite.remove_animation_group(m1, g)
    assert g._store is None and len(m1._group_state) == 0
    assert (g.current_time, g.speed_ratio, g.is_playing, g.loop_animation, g._stopped) == before
    assert g._clock is clock and tuple(clock.state[i] for i in (0, 1)) == (0.15, 3e-12)
    lite.add_animation_group(m2, g)
    assert g._store is m2._group_state
    assert (g.current_time, g.speed_ratio, g.is_playing, g.loop_animation, g._stopped) == before
    assert clock.state[1] == 3e-12
    lite.update_animation_manager(m2, 100.0)
    assert g.current_time == pytest.approx(0.2)


def test_growing_the_store_repoints_every_group() -> None:
    m = lite.create_animation_manager()
    clip = _clip()
    groups = []
    for k in range(50):  # the store starts with 8 rows and doubles
        g = lite.create_property_animation_group(m, _Box(), clip)
        g.current_time = k / 100.0
        g._clock.state[1] = k * 1e-15
        groups.append(g)
    assert m._group_state.data.shape[0] >= 50
    for k, g in enumerate(groups):
        assert g.current_time == k / 100.0
        assert g._clock.state[1] == k * 1e-15
        assert m._group_state.data[g._slot, COL_TIME] == k / 100.0
    assert len({g._slot for g in groups}) == 50
