"""Weight fades: a fade refuses a group another manager owns (issue 15, "Also")."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import lite
from lite.animation.animation_weight_fade import active_weight_fades
from lite.errors import AnimationStateError

CLIP = lite.create_property_animation_clip(
    "c", [{"path": "x", "keys": [{"time": 0, "value": 0}, {"time": 1, "value": 1}]}]
)


def test_a_fade_refuses_a_group_attached_to_another_manager() -> None:
    a, b = lite.create_animation_manager(), lite.create_animation_manager()
    g = lite.create_property_animation_group(b, SimpleNamespace(x=0.0), CLIP)
    g.weight = 0.25
    with pytest.raises(AnimationStateError) as exc:
        lite.fade_animation_weight(a, g, to=1.0, duration_ms=100.0, from_=0.0)
    assert exc.value.code == "LITE-STATE-005" and exc.value.hint
    assert g.weight == 0.25 and active_weight_fades(a) == ()


def test_a_cross_fade_checks_both_owners_before_either_fade_starts() -> None:
    a, b = lite.create_animation_manager(), lite.create_animation_manager()
    mine = lite.create_property_animation_group(a, SimpleNamespace(x=0.0), CLIP)
    theirs = lite.create_property_animation_group(b, SimpleNamespace(x=0.0), CLIP)
    with pytest.raises(AnimationStateError) as exc:
        lite.cross_fade_animation_groups(a, mine, theirs, duration_ms=100.0)
    assert exc.value.code == "LITE-STATE-005"
    assert active_weight_fades(a) == () and mine.weight == 1.0


def test_a_fade_on_the_owning_manager_still_runs() -> None:
    m = lite.create_animation_manager()
    g = lite.create_property_animation_group(m, SimpleNamespace(x=0.0), CLIP)
    lite.fade_animation_weight(m, g, to=0.0, duration_ms=100.0)
    with pytest.warns(lite.LiteWarning, match="LITE-ANIM-W01"):  # no blending enabled
        lite.update_animation_manager(m, 50.0)
    assert g.weight == pytest.approx(0.5)


def test_a_cross_fade_of_a_group_into_itself_is_refused_and_starts_no_fade() -> None:
    # Babylon Lite 1.10 accepts it and the second fade replaces the first (measured under
    # Node: weight 0.5, cross-fade into itself to 0.8 over 100 ms -> 0.65, 0.8 at 50 ms
    # steps), so the "fade out" silently never happens; lite refuses the call instead.
    m = lite.create_animation_manager()
    g = lite.create_property_animation_group(m, SimpleNamespace(x=0.0), CLIP)
    g.weight = 0.5
    with pytest.raises(AnimationStateError) as exc:
        lite.cross_fade_animation_groups(m, g, g, duration_ms=100.0, to_weight=0.8)
    assert exc.value.code == "LITE-STATE-030" and exc.value.hint
    assert "'c'" in str(exc.value)
    assert active_weight_fades(m) == () and g.weight == 0.5


def test_refading_a_group_replaces_its_fade_and_moves_it_last() -> None:
    """Scheduling keeps one fade per group without scanning (an index by group): a new fade
    replaces the group's old one and goes last, finished fades leave the index, a crowd's
    cross-fades schedule in linear time."""
    m = lite.create_animation_manager()
    lite.enable_property_animation_blending(m)
    g1, g2, g3 = (
        lite.create_property_animation_group(m, SimpleNamespace(x=0.0), CLIP) for _ in range(3)
    )
    lite.fade_animation_weight(m, g1, to=0.0, duration_ms=100.0)
    lite.fade_animation_weight(m, g2, to=0.0, duration_ms=50.0)
    lite.fade_animation_weight(m, g3, to=0.0, duration_ms=100.0)
    lite.fade_animation_weight(m, g1, to=0.5, duration_ms=100.0, from_=1.0)
    assert [f.group for f in active_weight_fades(m)] == [g2, g3, g1]
    lite.update_animation_manager(m, 60.0)  # g2's fade ends
    assert [f.group for f in active_weight_fades(m)] == [g3, g1]
    assert g2.weight == 0.0 and g1.weight == pytest.approx(0.7)
    lite.fade_animation_weight(m, g2, to=1.0, duration_ms=10.0)
    lite.update_animation_manager(m, 60.0)  # g2, g3 and g1 end
    assert active_weight_fades(m) == ()
    assert (g1.weight, g2.weight, g3.weight) == (0.5, 1.0, 0.0)
    many = [
        lite.create_property_animation_group(m, SimpleNamespace(x=0.0), CLIP) for _ in range(400)
    ]
    for a, b in zip(many[::2], many[1::2], strict=True):
        lite.cross_fade_animation_groups(m, a, b, duration_ms=100.0)
    assert len(active_weight_fades(m)) == 400
