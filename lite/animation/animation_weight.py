"""A group's blend weight. Port of src/animation/animation-weight.ts."""

from __future__ import annotations

from lite.animation.animation_group import _group_lock
from lite.animation.animation_group_task import warn_weights_unblended
from lite.animation.state import AnimationGroup, check_group, check_weight

__all__ = ["set_animation_weight"]


def set_animation_weight(group: AnimationGroup, weight: float) -> None:
    """Set ``group``'s blend weight (read by whichever mixer is enabled).

    Holds the lock of the manager the group is attached to, like every mixer function, so
    the weight changes between two updates, never during one.

    A weight other than 1 on a group whose manager has no blending enabled warns once per
    manager (``LITE-ANIM-W01``): there the weight is ignored and the last group written wins,
    as in Babylon Lite 1.10 (which says nothing). The weight is still set.

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-003`` unless ``0 <= weight <= 1``; the weight is unchanged then.
        ``LITE-STATE-014`` when ``group`` is not an ``AnimationGroup``.
    """
    value = check_weight(weight, "weight")
    with _group_lock(check_group(group)):
        group.weight = value
    if value != 1.0:
        warn_weights_unblended(group, f"set_animation_weight({value!r})")
