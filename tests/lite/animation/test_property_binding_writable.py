"""Targets that resolve but cannot be written are refused at bind time (issue 15, finding 7).

Both ``create_property_animation_group`` and ``bind_property_clip`` probe each track once by
writing back the value just read; a refusal is ``LITE-PATH-006``, the target is unchanged and
no group is attached, so the autonomous loop never meets the error at a frame.
"""

from __future__ import annotations

import copy
import types
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

import lite
from lite.errors import AnimationPathError


class ReadOnly:
    @property
    def x(self) -> float:
        return 1.0


@dataclass(frozen=True)
class Frozen:
    x: float = 1.0
    y: float = 2.0
    z: float = 3.0


def _scalar(path: str) -> lite.PropertyAnimationClip:
    keys = [{"time": 0, "value": 0.0}, {"time": 1, "value": 1.0}]
    return lite.create_property_animation_clip("c", [{"path": path, "keys": keys}])


def _vector(path: str) -> lite.PropertyAnimationClip:
    keys = [{"time": 0, "value": [0.0] * 3}, {"time": 1, "value": [1.0] * 3}]
    return lite.create_property_animation_clip("c", [{"path": path, "keys": keys}])


def _readonly_array() -> np.ndarray[Any, Any]:
    a = np.zeros(3)
    a.flags.writeable = False
    return a


CASES = {
    "read-only property": (lambda: ReadOnly(), _scalar("x")),
    "frozen dataclass": (lambda: Frozen(), _scalar("x")),
    "frozen dataclass leaf": (lambda: types.SimpleNamespace(p=Frozen()), _vector("p")),
    "tuple item": (lambda: types.SimpleNamespace(t=(1.0, 2.0)), _scalar("t.0")),
    "read-only array item": (lambda: types.SimpleNamespace(a=_readonly_array()), _scalar("a.1")),
    "immutable mapping": (lambda: types.MappingProxyType({"x": 1.0}), _scalar("x")),
    "second track refused": (
        lambda: types.SimpleNamespace(ok=0.5, t=(1.0,)),
        lite.create_property_animation_clip(
            "c",
            [
                {"path": "ok", "keys": [{"time": 0, "value": 0}, {"time": 1, "value": 1}]},
                {"path": "t.0", "keys": [{"time": 0, "value": 0}, {"time": 1, "value": 1}]},
            ],
        ),
    ),
}


def _snapshot(target: object) -> object:
    return copy.deepcopy(vars(target)) if hasattr(target, "__dict__") else dict(target)  # type: ignore[call-overload]


@pytest.mark.parametrize("case", sorted(CASES))
def test_an_unwritable_target_is_refused_by_the_group_and_nothing_attaches(case: str) -> None:
    make, clip = CASES[case]
    target = make()
    before = _snapshot(target)
    m = lite.create_animation_manager()
    with pytest.raises(AnimationPathError) as exc:
        lite.create_property_animation_group(m, target, clip)
    assert exc.value.code == "LITE-PATH-006"
    assert exc.value.hint
    assert exc.value.input_name in {t.path for t in clip.tracks}
    assert lite.get_animation_groups(m) == ()
    lite.update_animation_manager(m, 16.0)
    after = _snapshot(target)
    assert repr(after) == repr(before)


@pytest.mark.parametrize("case", sorted(CASES))
def test_an_unwritable_target_is_refused_by_bind_property_clip(case: str) -> None:
    make, clip = CASES[case]
    with pytest.raises(AnimationPathError) as exc:
        lite.bind_property_clip(make(), clip)
    assert exc.value.code == "LITE-PATH-006"


def test_writable_targets_still_bind_and_keep_their_values_until_written() -> None:
    target = types.SimpleNamespace(x=3, a=np.zeros(3), d={"k": 7}, lst=[1, 2, 3])
    clip = lite.create_property_animation_clip(
        "c",
        [
            {"path": "x", "keys": [{"time": 0, "value": 0}, {"time": 1, "value": 1}]},
            {"path": "a.2", "keys": [{"time": 0, "value": 0}, {"time": 1, "value": 1}]},
            {"path": "d.k", "keys": [{"time": 0, "value": 0}, {"time": 1, "value": 1}]},
            {"path": "lst", "keys": [{"time": 0, "value": [0] * 3}, {"time": 1, "value": [1] * 3}]},
        ],
    )
    lite.bind_property_clip(target, clip)
    assert target.x == 3
    assert type(target.x) is int
    assert target.d == {"k": 7}
    assert target.lst == [1, 2, 3]


def test_a_path_segment_that_is_not_ascii_is_refused_when_the_clip_is_compiled() -> None:
    for path in ("weights.²", "weights.١", "pos.x-y", "é"):
        with pytest.raises(AnimationPathError) as exc:
            _scalar(path)
        assert exc.value.code == "LITE-PATH-001"
