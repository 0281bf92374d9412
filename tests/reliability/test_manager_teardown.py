"""Removing groups from a manager is O(1) per group (issue 27, item 8), by counting work:
the lines of lite.animation that run per removed group do not grow with the group count
(a list scan made tearing down 20,000 groups take 11-15 s). No wall-clock bound."""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import FrameType, SimpleNamespace
from typing import Any

import pytest

import lite

_PKG = lite.__file__.rsplit("/", 1)[0] + "/animation/"


def _clip() -> lite.PropertyAnimationClip:
    return lite.create_property_animation_clip(
        "c", [{"path": "x", "keys": [{"time": 0, "value": 0}, {"time": 1, "value": 10}]}]
    )


def _lines_run(work: Callable[[], None]) -> int:
    """How many lines of lite/animation/*.py ``work`` executes."""
    count = [0]

    def local(frame: FrameType, event: str, arg: Any) -> Any:
        if event == "line":
            count[0] += 1
        return local

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        return local if frame.f_code.co_filename.startswith(_PKG) else None

    sys.settrace(trace)
    try:
        work()
    finally:
        sys.settrace(None)
    return count[0]


def _manager(n: int) -> tuple[lite.AnimationManager, list[lite.AnimationGroup]]:
    m = lite.create_animation_manager()
    clip = _clip()
    groups = [
        lite.create_property_animation_group(m, SimpleNamespace(x=0.0), clip) for _ in range(n)
    ]
    return m, groups


@pytest.mark.parametrize("order", ["first", "last", "middle"])
def test_removing_a_group_costs_the_same_with_8x_the_groups(order: str) -> None:
    per_group = []
    for n in (500, 4000):
        m, groups = _manager(n)
        k = 50
        pick = {
            "first": groups[:k],
            "last": groups[-k:][::-1],
            "middle": groups[n // 2 : n // 2 + k],
        }[order]

        def remove(m: lite.AnimationManager = m, pick: list[Any] = pick) -> None:
            for g in pick:
                lite.remove_animation_group(m, g)

        per_group.append(_lines_run(remove) / k)
        assert len(lite.get_animation_groups(m)) == n - k
        assert len(m.animations) == n - k
    assert per_group[1] <= per_group[0] * 1.05 + 1, per_group  # O(1): no scan


def test_clear_animation_manager_is_linear_in_the_groups() -> None:
    per_group = []
    for n in (500, 4000):
        m, groups = _manager(n)
        per_group.append(_lines_run(lambda m=m: lite.clear_animation_manager(m)) / n)
        assert m.animations == [] and lite.get_animation_groups(m) == ()
        assert all(g._manager is None for g in groups)
    assert per_group[1] <= per_group[0] * 1.05 + 1, per_group


def test_order_is_kept_after_removals() -> None:
    m, groups = _manager(10)
    for g in groups[2:8:2]:
        lite.remove_animation_group(m, g)
    kept = [g for i, g in enumerate(groups) if i not in (2, 4, 6)]
    assert list(lite.get_animation_groups(m)) == kept
    assert [t for t in m.animations] == [g._task for g in kept]
    lite.add_animation_group(m, groups[4])
    assert lite.get_animation_groups(m)[-1] is groups[4]
