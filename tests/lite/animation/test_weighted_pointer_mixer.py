"""The weighted property mixer, weights and fades."""

from __future__ import annotations

from typing import Any

import pytest

import lite
from lite import (
    AnimationStateError,
    create_animation_manager,
    create_property_animation_clip,
    create_property_animation_group,
    cross_fade_animation_groups,
    enable_property_animation_blending,
    fade_animation_weight,
    set_animation_weight,
    update_animation_manager,
)
from lite.animation.animation_weight_fade import active_weight_fades


def const_clip(value: float, path: str = "x") -> lite.PropertyAnimationClip:
    return create_property_animation_clip(
        "c", [{"path": path, "keys": [{"time": 0, "value": value}, {"time": 1, "value": value}]}]
    )


def test_weighted_blend_is_a_weighted_sum_independent_of_order() -> None:
    results = []
    for order in ((0, 1), (1, 0)):
        m = create_animation_manager()
        target = {"x": 0.0}
        clips = [const_clip(10.0), const_clip(20.0)]
        weights = [0.25, 0.5]
        for i in order:
            g = create_property_animation_group(m, target, clips[i])
            set_animation_weight(g, weights[i])
        enable_property_animation_blending(m)
        update_animation_manager(m, 16.0)
        results.append(target["x"])
    assert results == [12.5, 12.5]  # 0.25*10 + 0.5*20, not normalised


def test_without_blending_last_writer_wins() -> None:
    m = create_animation_manager()
    target = {"x": 0.0}
    a = create_property_animation_group(m, target, const_clip(10.0))
    create_property_animation_group(m, target, const_clip(20.0))
    set_animation_weight(a, 0.5)
    # Babylon Lite 1.10 ignores the weight silently; lite says so once per manager.
    with pytest.warns(lite.LiteWarning, match=r"LITE-ANIM-W01.*group 'c'") as caught:
        update_animation_manager(m, 16.0)
    assert [w.message.code for w in caught] == ["LITE-ANIM-W01"]  # type: ignore[union-attr]
    assert target["x"] == 20.0
    set_animation_weight(a, 0.25)
    update_animation_manager(m, 16.0)  # warned once: no second warning (an error here)
    assert target["x"] == 20.0


def test_weights_set_before_blending_is_enabled_do_not_warn() -> None:
    m = create_animation_manager()
    target = {"x": 0.0}
    a = create_property_animation_group(m, target, const_clip(10.0))
    b = create_property_animation_group(m, target, const_clip(20.0))
    set_animation_weight(a, 0.3)
    set_animation_weight(b, 0.7)
    enable_property_animation_blending(m)
    update_animation_manager(m, 16.0)  # pytest turns a LiteWarning into an error
    assert target["x"] == pytest.approx(17.0)


@pytest.mark.parametrize("bad", [-0.1, 1.5, float("nan"), "1", None])
def test_bad_weight_raises_and_keeps_previous(bad: Any) -> None:
    m = create_animation_manager()
    g = create_property_animation_group(m, {"x": 0.0}, const_clip(1.0))
    set_animation_weight(g, 0.3)
    with pytest.raises(AnimationStateError) as exc:
        set_animation_weight(g, bad)
    assert exc.value.code == "LITE-STATE-003"
    assert g.weight == 0.3


def test_fade_updates_weight_by_elapsed_duration() -> None:
    m = create_animation_manager()
    g = create_property_animation_group(m, {"x": 0.0}, const_clip(1.0))
    fade_animation_weight(m, g, to=0.0, duration_ms=400.0)
    with pytest.warns(lite.LiteWarning, match="LITE-ANIM-W01"):
        update_animation_manager(m, 100.0)
    assert g.weight == pytest.approx(0.75)
    update_animation_manager(m, 1000.0)
    assert g.weight == 0.0 and active_weight_fades(m) == ()


def test_cross_fade_moves_both_weights() -> None:
    m = create_animation_manager()
    target = {"x": 0.0}
    a = create_property_animation_group(m, target, const_clip(0.0))
    b = create_property_animation_group(m, target, const_clip(100.0))
    set_animation_weight(b, 0.0)
    enable_property_animation_blending(m)
    cross_fade_animation_groups(m, a, b, duration_ms=200.0)
    update_animation_manager(m, 50.0)
    assert (a.weight, b.weight, target["x"]) == (0.75, 0.25, 25.0)
    update_animation_manager(m, 150.0)
    assert (a.weight, b.weight, target["x"]) == (0.0, 1.0, 100.0)


@pytest.mark.parametrize(
    ("kwargs", "code"),
    [
        ({"to": 2.0, "duration_ms": 100.0}, "LITE-STATE-003"),
        ({"to": 0.5, "duration_ms": 0.0}, "LITE-STATE-004"),
        ({"to": 0.5, "duration_ms": float("inf")}, "LITE-STATE-004"),
        ({"to": 0.5, "duration_ms": 100.0, "from_": -1.0}, "LITE-STATE-003"),
    ],
)
def test_bad_fade_changes_nothing(kwargs: Any, code: str) -> None:
    m = create_animation_manager()
    g = create_property_animation_group(m, {"x": 0.0}, const_clip(1.0))
    set_animation_weight(g, 0.4)
    with pytest.raises(AnimationStateError) as exc:
        fade_animation_weight(m, g, **kwargs)
    assert exc.value.code == code
    assert g.weight == 0.4 and active_weight_fades(m) == ()


def test_bad_cross_fade_changes_nothing() -> None:
    m = create_animation_manager()
    a = create_property_animation_group(m, {"x": 0.0}, const_clip(1.0))
    b = create_property_animation_group(m, {"x": 0.0}, const_clip(1.0))
    with pytest.raises(AnimationStateError):
        cross_fade_animation_groups(m, a, b, duration_ms=-5.0)
    with pytest.raises(AnimationStateError):
        cross_fade_animation_groups(m, a, b, duration_ms=5.0, to_weight=3.0)
    assert (a.weight, b.weight, active_weight_fades(m)) == (1.0, 1.0, ())


def test_blending_different_value_sizes_on_one_property_raises() -> None:
    m = create_animation_manager()
    target = {"p": {"x": 0.0, "y": 0.0, "z": 0.0}}
    two = create_property_animation_clip(
        "2", [{"path": "p", "keys": [{"time": 0, "value": [1, 2]}, {"time": 1, "value": [1, 2]}]}]
    )
    three = create_property_animation_clip(
        "3",
        [{"path": "p", "keys": [{"time": 0, "value": [1, 2, 3]}, {"time": 1, "value": [1, 2, 3]}]}],
    )
    a = create_property_animation_group(m, target, two)
    create_property_animation_group(m, target, three)
    set_animation_weight(a, 0.5)
    enable_property_animation_blending(m)
    with pytest.raises(AnimationStateError) as exc:
        update_animation_manager(m, 1.0)
    assert exc.value.code == "LITE-STATE-010"


def test_replaced_owner_gets_its_own_bucket() -> None:
    m = create_animation_manager()
    target: dict[str, Any] = {"pos": {"x": 0.0}}
    a = create_property_animation_group(m, target, const_clip(10.0, "pos.x"))
    b = create_property_animation_group(m, target, const_clip(20.0, "pos.x"))
    set_animation_weight(a, 0.5)
    set_animation_weight(b, 0.5)
    enable_property_animation_blending(m)
    update_animation_manager(m, 1.0)
    assert target["pos"]["x"] == 15.0
    target["pos"] = {"x": 0.0}
    update_animation_manager(m, 1.0)
    assert target["pos"]["x"] == 15.0
