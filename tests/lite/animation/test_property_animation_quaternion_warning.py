"""An unflagged 4-wide rotation track warns once per clip (``LITE-ANIM-W02``); Babylon
Lite's slerp inference is kept."""

from __future__ import annotations

import warnings
from collections.abc import Iterable
from typing import Any

import pytest

import lite
from lite.errors import LiteWarning

Q0 = [0.0, 0.0, 0.0, 1.0]
Q1 = [0.0, 1.0, 0.0, 0.0]


def _track(path: str, **extra: object) -> Any:
    keys = [{"time": 0.0, "value": Q0}, {"time": 1.0, "value": Q1}]
    return {"path": path, "keys": keys, **extra}


def _codes(caught: Iterable[warnings.WarningMessage]) -> list[str]:
    return [getattr(w.message, "code", "") for w in caught]


@pytest.mark.parametrize(
    "path", ["rotation", "node.Orientation", "quat", "bone.quaternion", "headRotation"]
)
def test_unflagged_rotation_track_warns_once_per_clip(path: str) -> None:
    with pytest.warns(LiteWarning) as caught:
        clip = lite.create_property_animation_clip("spin", [_track(path), _track(path + "2")])
    assert _codes(caught) == ["LITE-ANIM-W02"]
    assert repr(path) in str(caught[0].message)
    assert not clip.tracks[0].quaternion  # Babylon Lite's inference is kept: lerp


@pytest.mark.parametrize(
    ("path", "extra"),
    [
        ("rotation", {"quaternion": True}),
        ("rotation", {"quaternion": False}),  # the lerp is meant
        ("rotationQuaternion", {}),  # inferred as a quaternion, as in Babylon Lite
        ("mesh.rotationQuaternion", {}),
        ("color", {}),  # 4 wide, not a rotation
        ("rotation.x", {}),  # last segment 'x'
    ],
)
def test_no_warning_when_flagged_inferred_or_not_a_rotation(
    path: str, extra: dict[str, object]
) -> None:
    track: Any = _track(path, **extra)
    if path == "rotation.x":
        track["keys"] = [{"time": 0.0, "value": 0.0}, {"time": 1.0, "value": 1.0}]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        lite.create_property_animation_clip("ok", [track])


def test_three_wide_rotation_does_not_warn() -> None:
    keys: Any = [{"time": 0.0, "value": [0.0, 0.0, 0.0]}, {"time": 1.0, "value": [0.0, 1.0, 0.0]}]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        lite.create_property_animation_clip("euler", [{"path": "rotation", "keys": keys}])
