"""An array group writes its pose at time 0 (plus offsets) when it is created.

"Copy, then update" must record a true frame 0: the arrays hold, right after
``create_array_animation_group``, exactly what the group's first zero-delta update writes, and
playback afterwards is the same as for a group that was never primed.
"""

from __future__ import annotations

import numpy as np
import pytest

import lite
from lite.batch.array_targets import ArrayController

STEP = 1000.0 / 60.0


def _clip(loop_keys: bool = True) -> lite.PropertyAnimationClip:
    return lite.create_property_animation_clip(
        "slide",
        [
            {"path": "x", "keys": [{"time": 0.0, "value": 0.0}, {"time": 1.0, "value": 10.0}]},
            {
                "path": "q",
                "quaternion": True,
                "keys": [
                    {"time": 0.0, "value": [0.0, 0.0, 0.0, 1.0]},
                    {"time": 1.0, "value": [0.0, 1.0, 0.0, 0.0]},
                ],
            },
        ],
    )


def _arrays(m: int) -> dict[str, np.ndarray]:
    return {"x": np.full(m, -99.0, np.float32), "q": np.full((m, 4), -99.0, np.float32)}


def test_creation_writes_time_zero_plus_offsets() -> None:
    manager = lite.create_animation_manager()
    arrays = _arrays(3)
    lite.create_array_animation_group(manager, _clip(), arrays, time_offsets=[0.0, 0.5, 1.5])
    # Looping: 1.5 s wraps to 0.5 s. Linear 0 -> 10 over 1 s.
    np.testing.assert_array_equal(arrays["x"], np.array([0.0, 5.0, 5.0], np.float32))
    np.testing.assert_array_equal(arrays["q"][0], np.array([0, 0, 0, 1], np.float32))
    frame0 = {k: v.copy() for k, v in arrays.items()}
    lite.update_animation_manager(manager, 0.0)
    for k in arrays:
        np.testing.assert_array_equal(arrays[k], frame0[k])


def test_non_looping_creation_clamps_offsets() -> None:
    manager = lite.create_animation_manager()
    arrays = _arrays(2)
    lite.create_array_animation_group(
        manager, _clip(), arrays, loop=False, time_offsets=[0.25, 3.0]
    )
    np.testing.assert_array_equal(arrays["x"], np.array([2.5, 10.0], np.float32))


def test_playback_after_creation_is_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    """Writing the initial pose changes no clock: playback equals an unprimed group's."""
    offsets = np.linspace(0.0, 2.0, 7)
    m1, m2 = lite.create_animation_manager(), lite.create_animation_manager()
    a1, a2 = _arrays(7), _arrays(7)
    lite.create_array_animation_group(m1, _clip(), a1, time_offsets=offsets)
    with monkeypatch.context() as patch:
        patch.setattr(ArrayController, "write_initial_pose", lambda self: None)
        lite.create_array_animation_group(m2, _clip(), a2, time_offsets=offsets)
    assert a2["x"][0] == -99.0  # the unprimed group wrote nothing yet
    for _ in range(90):
        lite.update_animation_manager(m1, STEP)
        lite.update_animation_manager(m2, STEP)
        for k in a1:
            np.testing.assert_array_equal(a1[k], a2[k])


class _Obj:
    def __init__(self) -> None:
        self.x = -99.0


def test_property_group_writes_nothing_at_creation_like_babylon_lite() -> None:
    """Babylon Lite 1.10's createPropertyAnimationGroup only binds, plays and attaches."""
    manager = lite.create_animation_manager()
    target = _Obj()
    clip = lite.create_property_animation_clip(
        "x", [{"path": "x", "keys": [{"time": 0.0, "value": 1.0}, {"time": 1.0, "value": 2.0}]}]
    )
    lite.create_property_animation_group(manager, target, clip)
    assert target.x == -99.0
    lite.update_animation_manager(manager, 0.0)
    assert target.x == 1.0
