"""batch_sampling.row_easings reads each row's animation easing as ``getEasingFunction()``
returns it, live: the attribute read it takes while no instance or class overrides the method
must give what calling it gives, and an override made at any time is called from then on."""

from __future__ import annotations

from typing import Any

import lite_compat as BABYLON  # noqa: N812
from lite_compat.animations.batch_sampling import plain_easing_getters, row_easings

A = BABYLON.Animation


class _Sub(A):
    pass


def _animations() -> list[Any]:
    out: list[Any] = []
    for i in range(6):
        cls = _Sub if i % 2 else A
        animation = cls("s", "scaling.x", 60, A.ANIMATIONTYPE_FLOAT, A.ANIMATIONLOOPMODE_CYCLE)
        if i % 3:
            animation.setEasingFunction(BABYLON.CubicEase())
        out.append(animation)
    return out


def _called(animations: list[Any]) -> list[Any]:
    return [a.getEasingFunction() for a in animations]


def test_row_easings_are_what_get_easing_function_returns_through_overrides() -> None:
    animations = _animations()
    plain = plain_easing_getters(animations)
    assert plain is not None
    assert row_easings(animations, plain) == _called(animations)
    animations[2].setEasingFunction(BABYLON.SineEase())  # live
    assert row_easings(animations, plain) == _called(animations)
    own = BABYLON.BounceEase()
    animations[4].getEasingFunction = lambda: own  # an instance's own method, mid-play
    assert row_easings(animations, plain)[4] is own
    del animations[4].getEasingFunction
    assert row_easings(animations, plain) == _called(animations)
    other = BABYLON.CircleEase()
    _Sub.getEasingFunction = lambda self: other  # type: ignore[method-assign]
    try:
        assert row_easings(animations, plain) == _called(animations)
        assert row_easings(animations, plain)[1] is other
    finally:
        del _Sub.getEasingFunction
    assert row_easings(animations, plain) == _called(animations)
    assert row_easings(animations, None) == _called(animations)
