"""Seconds passed where milliseconds are expected warn once per manager (``LITE-ANIM-W03``);
``update_animation_manager(manager, seconds=...)`` is the seconds spelling."""

from __future__ import annotations

import warnings
from collections.abc import Iterable

import pytest

import lite
from lite.animation.animation_manager import _SECONDS_STREAK
from lite.errors import AnimationStateError, LiteWarning


def _codes(caught: Iterable[warnings.WarningMessage]) -> list[str]:
    return [getattr(w.message, "code", "") for w in caught]


class _Obj:
    def __init__(self) -> None:
        self.x = 0.0


def _playing(duration: float = 2.0) -> lite.AnimationManager:
    manager = lite.create_animation_manager()
    clip = lite.create_property_animation_clip(
        "x",
        [{"path": "x", "keys": [{"time": 0.0, "value": 0.0}, {"time": duration, "value": 1.0}]}],
    )
    lite.create_property_animation_group(manager, _Obj(), clip)
    return manager


def test_seconds_as_milliseconds_warns_once_per_manager() -> None:
    manager = _playing()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for _ in range(_SECONDS_STREAK - 1):  # a few sub-millisecond frames are allowed
            lite.update_animation_manager(manager, 1 / 60)
    with pytest.warns(LiteWarning) as caught:
        lite.update_animation_manager(manager, 1 / 60)
    assert _codes(caught) == ["LITE-ANIM-W03"]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for _ in range(10):
            lite.update_animation_manager(manager, 1 / 60)


@pytest.mark.parametrize(
    "deltas",
    [
        [0.5] * 9 + [16.0] + [0.5] * 9,  # a millisecond delta breaks the streak
        [0.0] * 10,  # zero deltas re-evaluate; they are not seconds
        [16.667] * 10,
    ],
)
def test_no_units_warning_for_millisecond_updates(deltas: list[float]) -> None:
    manager = _playing()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for delta in deltas:
            lite.update_animation_manager(manager, delta)


def test_no_units_warning_for_short_clips_or_fixed_delta() -> None:
    short = _playing(duration=0.05)
    fixed = _playing()
    fixed.fixed_delta_ms = 16.0
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for _ in range(2 * _SECONDS_STREAK):
            lite.update_animation_manager(short, 0.01)
            lite.update_animation_manager(fixed, 0.01)


def test_seconds_keyword_equals_milliseconds() -> None:
    a, b = _Obj(), _Obj()
    clip = lite.create_property_animation_clip(
        "x", [{"path": "x", "keys": [{"time": 0.0, "value": 0.0}, {"time": 2.0, "value": 1.0}]}]
    )
    ma, mb = lite.create_animation_manager(), lite.create_animation_manager()
    lite.create_property_animation_group(ma, a, clip)
    lite.create_property_animation_group(mb, b, clip)
    for _ in range(5):
        lite.update_animation_manager(ma, seconds=0.25)
        lite.update_animation_manager(mb, 250.0)
    assert a.x == b.x == pytest.approx(0.625)
    lite.update_animation_manager(ma, delta_ms=250.0)  # the keyword name still works


@pytest.mark.parametrize(
    ("args", "kwargs"), [((), {}), ((16.0,), {"seconds": 0.016}), ((), {"seconds": -1.0})]
)
def test_update_needs_exactly_one_valid_delta(
    args: tuple[float, ...], kwargs: dict[str, float]
) -> None:
    manager = lite.create_animation_manager()
    with pytest.raises(AnimationStateError) as info:
        lite.update_animation_manager(manager, *args, **kwargs)
    assert info.value.code == "LITE-STATE-002"
