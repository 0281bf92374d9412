"""Weight fades: linear weight ramps over manager time, the group pipeline's first stage.

Port of src/animation/animation-weight-fade.ts. Scheduling a fade fills the ``"fades"``
stage of the manager's group pipeline (:mod:`lite.animation.animation_group_task`), so fades
advance before any mixer reads the weights, every update. The fades of a manager live here,
keyed weakly by the manager; the manager has no field for them.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field

from lite.animation.animation_group_task import (
    STAGE_FADES,
    group_stage,
    set_group_stage,
    warn_weights_unblended,
)
from lite.animation.state import (
    AnimationGroup,
    AnimationManager,
    check_group,
    check_manager,
    check_weight,
    set_weight_unchecked,
)
from lite.errors import AnimationStateError, finite_real

__all__ = [
    "WeightFade",
    "active_weight_fades",
    "cross_fade_animation_groups",
    "fade_animation_weight",
]


@dataclass(slots=True, eq=False)
class WeightFade:
    """A scheduled linear weight ramp, advanced by manager time."""

    group: AnimationGroup
    from_: float
    to: float
    duration_ms: float
    elapsed_ms: float = 0.0


@dataclass(slots=True, eq=False)
class _FadeState:
    """The scheduled fades of one manager; its bound :meth:`update` is the fades stage."""

    fades: list[WeightFade] = field(default_factory=list)
    #: id(group) -> its fade in ``fades`` (at most one per group), so that scheduling a fade
    #: does not scan the list (cross-fading a crowd scheduled n fades in O(n^2)).
    by_group: dict[int, WeightFade] = field(default_factory=dict)

    def update(self, manager: AnimationManager, delta_ms: float) -> bool:
        """Advance every fade by ``delta_ms``; never handles the frame."""
        if self.fades:
            _update_fades(self.fades, self.by_group, delta_ms)
        return False


_STATES: weakref.WeakKeyDictionary[AnimationManager, _FadeState] = weakref.WeakKeyDictionary()


def _fade_state(manager: AnimationManager) -> _FadeState:
    state = _STATES.get(manager)
    if state is None:
        state = _STATES[manager] = _FadeState()
    if group_stage(manager, STAGE_FADES) != state.update:
        set_group_stage(manager, STAGE_FADES, state.update)
    return state


def active_weight_fades(manager: AnimationManager) -> tuple[WeightFade, ...]:
    """The fades scheduled on ``manager`` that have not finished yet."""
    check_manager(manager)
    with manager._lock:
        state = _STATES.get(manager)
        return tuple(state.fades) if state is not None else ()


def _check_duration(value: object) -> float:
    number = finite_real(value)
    if number is None or not number > 0.0:
        raise AnimationStateError(
            "LITE-STATE-004",
            f"duration_ms must be a finite positive number, got {value!r}",
            hint="fade over e.g. 300 ms; set the weight directly for an instant change",
            input_name="duration_ms",
        )
    return number


def _check_owner(manager: AnimationManager, group: AnimationGroup, name: str) -> None:
    # A fade ticks on ``manager``: a group another manager updates would be written by two.
    owner = group._manager
    if owner is not None and owner is not manager:
        raise AnimationStateError(
            "LITE-STATE-005",
            f"{name} {group.name!r} is attached to another AnimationManager than the one "
            "asked to fade it",
            hint="fade it on the manager it is attached to, or remove it from that one first",
            input_name=name,
        )


def fade_animation_weight(
    manager: AnimationManager,
    group: AnimationGroup,
    *,
    to: float,
    duration_ms: float,
    from_: float | None = None,
) -> None:
    """Ramp ``group.weight`` linearly to ``to`` over ``duration_ms`` of manager time.

    The ramp starts at ``from_`` (default: the current weight), replaces any fade already
    scheduled for the group, and runs before the mixers each update. It only schedules the
    weight: enable a blending mixer for weights to have an effect (without one, the first
    fade or weight change on a manager warns once, ``LITE-ANIM-W01``).

    Raises
    ------
    AnimationStateError
        Weights outside [0, 1] (``LITE-STATE-003``), a non-positive duration
        (``LITE-STATE-004``), a group attached to another manager (``LITE-STATE-005``) or a
        wrong manager/group type (``LITE-STATE-014``); nothing is scheduled or changed then.
    """
    check_manager(manager)
    check_group(group)
    target = check_weight(to, "to")
    start = group.weight if from_ is None else check_weight(from_, "from_")
    duration = _check_duration(duration_ms)
    with manager._lock:
        _check_owner(manager, group, "group")
        _start_fade(manager, group, start, target, duration)
    warn_weights_unblended(group, "fade_animation_weight")


def _start_fade(
    manager: AnimationManager, group: AnimationGroup, start: float, target: float, duration: float
) -> None:
    # Under the manager lock, every input already checked.
    group.weight = start
    state = _fade_state(manager)
    fades = state.fades
    old = state.by_group.get(id(group))
    if old is not None:
        if old.group is group:
            fades.remove(old)  # the group's one fade (by identity: WeightFade has eq=False)
        else:  # that fade's public ``group`` was reassigned since: scan
            fades[:] = [f for f in fades if f.group is not group]
    fade = WeightFade(group=group, from_=start, to=target, duration_ms=duration)
    fades.append(fade)
    state.by_group[id(group)] = fade


def cross_fade_animation_groups(
    manager: AnimationManager,
    from_group: AnimationGroup,
    to_group: AnimationGroup,
    *,
    duration_ms: float,
    to_weight: float = 1.0,
) -> None:
    """Fade ``from_group`` to weight 0 and ``to_group`` to ``to_weight`` over ``duration_ms``.

    Raises
    ------
    AnimationStateError
        As :func:`fade_animation_weight`; both groups are checked before either fade starts.
        ``LITE-STATE-030`` when ``from_group`` and ``to_group`` are the same group (its two
        fades would contradict each other; Babylon Lite 1.10 accepts it and the later fade
        wins, leaving the group fading to ``to_weight``); no fade starts.
    """
    check_manager(manager)
    check_group(from_group, "from_group")
    check_group(to_group, "to_group")
    if from_group is to_group:
        raise AnimationStateError(
            "LITE-STATE-030",
            f"cross_fade_animation_groups was given the group {from_group.name!r} as both "
            "from_group and to_group",
            hint="pass two different groups, or fade one group with fade_animation_weight",
            input_name="to_group",
        )
    target = check_weight(to_weight, "to_weight")
    duration = _check_duration(duration_ms)
    with manager._lock:
        _check_owner(manager, from_group, "from_group")
        _check_owner(manager, to_group, "to_group")
        _start_fade(manager, from_group, from_group.weight, 0.0, duration)
        _start_fade(manager, to_group, to_group.weight, target, duration)
    warn_weights_unblended(to_group, "cross_fade_animation_groups")


def _update_fades(
    fades: list[WeightFade], by_group: dict[int, WeightFade], delta_ms: float
) -> None:
    step = max(0.0, delta_ms)
    i = len(fades) - 1
    while i >= 0:
        fade = fades[i]
        fade.elapsed_ms = min(fade.duration_ms, fade.elapsed_ms + step)
        t = fade.elapsed_ms / fade.duration_ms
        set_weight_unchecked(fade.group, fade.from_ + (fade.to - fade.from_) * t)
        if fade.elapsed_ms >= fade.duration_ms:
            set_weight_unchecked(fade.group, fade.to)
            del fades[i]
            if by_group.get(id(fade.group)) is fade:
                del by_group[id(fade.group)]
        i -= 1
