"""set_animation_weight validates, then writes under the owning manager's lock."""

from __future__ import annotations

import threading
from types import SimpleNamespace

import pytest

import lite
from lite.errors import AnimationStateError

CLIP = lite.create_property_animation_clip(
    "c", [{"path": "x", "keys": [{"time": 0, "value": 0}, {"time": 1, "value": 1}]}]
)


def test_set_weight_waits_for_the_manager_lock() -> None:
    m = lite.create_animation_manager()
    g = lite.create_property_animation_group(m, SimpleNamespace(x=0.0), CLIP)
    writer = threading.Thread(target=lite.set_animation_weight, args=(g, 0.5))
    with m._lock:  # as an update in progress holds it
        writer.start()
        writer.join(0.2)
        assert writer.is_alive() and g.weight == 1.0
    writer.join(5.0)
    assert not writer.is_alive() and g.weight == 0.5


def test_a_bad_weight_is_refused_and_changes_nothing() -> None:
    m = lite.create_animation_manager()
    g = lite.create_property_animation_group(m, SimpleNamespace(x=0.0), CLIP)
    with pytest.raises(AnimationStateError) as exc:
        lite.set_animation_weight(g, 1.5)
    assert exc.value.code == "LITE-STATE-003" and g.weight == 1.0
