"""Weights, weighted property blending and weight fades.

Port of src/animation/animation-weight.ts, weighted-pointer-mixer.ts and
animation-weight-fade.ts.

Blending is opt-in: :func:`enable_property_animation_blending` installs a category handler
on the manager. Each update, every property (current owner object, property name) that a
group with a weight other than 1 animates becomes a *contested bucket*; contributing groups
add ``weight * sample`` into the bucket (float32 accumulation, as Babylon Lite's
``Float32Array`` buckets do), quaternion buckets flip samples into the first sample's
hemisphere and are renormalised, and one value is written per bucket. Totals are not
normalised and nothing blends toward a rest pose (Babylon-style weighted sums).
Uncontested tracks are written directly.
"""

from __future__ import annotations

import math
import sys
from array import array
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

from lite.animation_group import (
    AnimationGroup,
    _check_group,
    _check_weight,
    _complete,
    _set_current_time,
    _set_weight,
    tick_animation,
)
from lite.errors import AnimationStateError, finite_real
from lite.evaluate import evaluate_property_sampler, normalize_quat4
from lite.manager import (
    ANIMATION_GROUP_TASK_CATEGORY,
    _check_manager,
    set_animation_task_category_handler,
)

if TYPE_CHECKING:
    from lite.manager import AnimationManager
    from lite.property_animation import PropertyRuntimeTrack, PropertyWriter, Scratch

__all__ = [
    "WeightFade",
    "cross_fade_animation_groups",
    "enable_property_animation_blending",
    "fade_animation_weight",
    "set_animation_weight",
]


#: Largest finite double: a playback time that overflows is held here so it stays finite.
_MAX_TIME: Final = sys.float_info.max


def set_animation_weight(group: AnimationGroup, weight: float) -> None:
    """Set ``group``'s blend weight (read by whichever mixer is enabled).

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-003`` unless ``0 <= weight <= 1``; the weight is unchanged then.
        ``LITE-STATE-014`` when ``group`` is not an ``AnimationGroup``.
    """
    _check_group(group).weight = _check_weight(weight, "weight")


# ---------------------------------------------------------------------------------------------
# Fades
# ---------------------------------------------------------------------------------------------


@dataclass(slots=True, eq=False)
class WeightFade:
    """A scheduled linear weight ramp, advanced by manager time."""

    group: AnimationGroup
    from_: float
    to: float
    duration_ms: float
    elapsed_ms: float = 0.0


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
    weight: enable a blending mixer for weights to have an effect.

    Raises
    ------
    AnimationStateError
        Weights outside [0, 1] (``LITE-STATE-003``), a non-positive duration
        (``LITE-STATE-004``) or a wrong manager/group type (``LITE-STATE-014``); nothing is
        scheduled or changed then.
    """
    _check_manager(manager)
    _check_group(group)
    target = _check_weight(to, "to")
    start = group.weight if from_ is None else _check_weight(from_, "from_")
    duration = _check_duration(duration_ms)
    with manager._lock:
        group.weight = start
        fades = manager._fades
        fades[:] = [f for f in fades if f.group is not group]
        fades.append(WeightFade(group=group, from_=start, to=target, duration_ms=duration))


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
    """
    _check_manager(manager)
    _check_group(from_group, "from_group")
    _check_group(to_group, "to_group")
    target = _check_weight(to_weight, "to_weight")
    duration = _check_duration(duration_ms)
    with manager._lock:
        fade_animation_weight(manager, from_group, to=0.0, duration_ms=duration)
        fade_animation_weight(manager, to_group, to=target, duration_ms=duration)


def _update_fades(fades: list[WeightFade], delta_ms: float) -> None:
    step = max(0.0, delta_ms)
    i = len(fades) - 1
    while i >= 0:
        fade = fades[i]
        fade.elapsed_ms = min(fade.duration_ms, fade.elapsed_ms + step)
        t = fade.elapsed_ms / fade.duration_ms
        _set_weight(fade.group, fade.from_ + (fade.to - fade.from_) * t)
        if fade.elapsed_ms >= fade.duration_ms:
            _set_weight(fade.group, fade.to)
            del fades[i]
        i -= 1


# ---------------------------------------------------------------------------------------------
# Weighted property mixer
# ---------------------------------------------------------------------------------------------


@dataclass(slots=True, eq=False)
class _Bucket:
    owner: object
    prop: str
    arity: int
    values: Scratch
    zeros: Scratch
    writer: PropertyWriter
    quaternion: bool
    contested: bool = False
    active: bool = False
    seen: bool = False
    has_reference: bool = False
    ref: list[float] = field(default_factory=lambda: [0.0, 0.0, 0.0, 1.0])


@dataclass(slots=True, eq=False)
class _MixerState:
    buckets: list[_Bucket] = field(default_factory=list)
    #: id(owner) -> {property: bucket}; owners are kept alive by their bucket.
    index: dict[int, dict[str, _Bucket]] = field(default_factory=dict)
    sample: Scratch = field(default_factory=lambda: array("f", bytes(64)))


def enable_property_animation_blending(manager: AnimationManager) -> None:
    """Blend property groups by weight on ``manager`` (see the module docstring)."""
    with _check_manager(manager)._lock:
        if not isinstance(manager._mixer_state, _MixerState):
            manager._mixer_state = _MixerState()
        set_animation_task_category_handler(
            manager, ANIMATION_GROUP_TASK_CATEGORY, _update_weighted_property_animations
        )


def _bucket_for(state: _MixerState, track: PropertyRuntimeTrack) -> _Bucket:
    owner, prop = track.resolve_owner()
    by_prop = state.index.get(id(owner))
    bucket = by_prop.get(prop) if by_prop is not None else None
    if bucket is not None and bucket.owner is owner:
        if bucket.arity != track.stride:
            raise AnimationStateError(
                "LITE-STATE-010",
                f"weighted channels for property {track.path!r} use {bucket.arity} and "
                f"{track.stride} values",
                hint="groups blended on one property must animate the same value size",
                input_name=track.path,
            )
        bucket.writer = track.writer
        bucket.quaternion = track.quaternion
        bucket.seen = True
        return bucket
    bucket = _Bucket(
        owner=owner,
        prop=prop,
        arity=track.stride,
        values=array("f", bytes(4 * track.stride)),
        zeros=array("f", bytes(4 * track.stride)),
        writer=track.writer,
        quaternion=track.quaternion,
        seen=True,
    )
    if by_prop is None or (by_prop and next(iter(by_prop.values())).owner is not owner):
        by_prop = {}
        state.index[id(owner)] = by_prop
    by_prop[prop] = bucket
    state.buckets.append(bucket)
    return bucket


def _advance_group_time(group: AnimationGroup, delta_ms: float) -> float:
    from_raw: float
    to_raw: float
    clip_duration: float
    _, from_raw, to_raw, clip_duration = group._property_mixer
    if group.is_playing:
        advanced = group.current_time + (delta_ms / 1000.0) * group.speed_ratio
        if advanced - advanced != 0.0:
            # Only an absurd finite speed * delta overflows; stay finite (fmod(inf) raises).
            advanced = math.copysign(_MAX_TIME, advanced)
        _set_current_time(group, advanced)
    from_time = max(0.0, min(from_raw, clip_duration))
    to_time = min(to_raw, clip_duration) if to_raw > from_time else clip_duration
    duration = max(0.0, to_time - from_time)
    if duration <= 0.0:
        return from_time
    if group.loop_animation:
        t = from_time + math.fmod(group.current_time - from_time, duration)
        if t < from_time:
            t += duration
        _set_current_time(group, t)
        return t
    t = min(max(group.current_time, from_time), to_time)
    if group.is_playing and (
        (t >= to_time and group.speed_ratio > 0.0) or (t <= from_time and group.speed_ratio < 0.0)
    ):
        group._completed = True  # applied after this frame's pose is written
    _set_current_time(group, t)
    return t


def _accumulate(bucket: _Bucket, sample: Scratch, stride: int, weight: float) -> None:
    bucket.active = True
    sign = 1.0
    if bucket.quaternion and stride == 4:
        ref = bucket.ref
        s0 = sample[0]
        s1 = sample[1]
        s2 = sample[2]
        s3 = sample[3]
        if not bucket.has_reference:
            ref[0] = s0
            ref[1] = s1
            ref[2] = s2
            ref[3] = s3
            bucket.has_reference = True
        elif ref[0] * s0 + ref[1] * s1 + ref[2] * s2 + ref[3] * s3 < 0.0:
            sign = -1.0
    values = bucket.values
    for i in range(stride):
        values[i] = values[i] + sample[i] * weight * sign


def _update_weighted_property_animations(manager: AnimationManager, delta_ms: float) -> bool:
    state = manager._mixer_state
    assert isinstance(state, _MixerState)  # installed by enable_property_animation_blending
    for bucket in state.buckets:
        bucket.contested = False
        bucket.active = False
        bucket.has_reference = False
        bucket.seen = False
        bucket.values[:] = bucket.zeros

    groups = manager._groups
    contested = 0
    for group in groups:
        mixer = group._property_mixer
        if group._stopped or group.weight == 1.0 or mixer is None:
            continue
        for track in mixer[0]:
            bucket = _bucket_for(state, track)
            if not bucket.contested:
                bucket.contested = True
                contested += 1
    if contested == 0:
        _trim(state)
        return False

    sample = state.sample
    for group in tuple(groups):
        if group._stopped:
            continue
        mixer = group._property_mixer
        if mixer is None:
            tick_animation(group, delta_ms, manager.engine)
            continue
        t = _advance_group_time(group, delta_ms)
        weight = group.weight
        if weight != 0.0:
            for track in mixer[0]:
                evaluate_property_sampler(
                    track.sampler, t, track.stride, track.quaternion, track.easing, sample, 0
                )
                bucket = _bucket_for(state, track)
                if not bucket.contested:
                    track.writer(sample)
                else:
                    _accumulate(bucket, sample, track.stride, weight)
        if group._completed:
            _complete(group)

    for bucket in state.buckets:
        if not bucket.active:
            continue
        if bucket.quaternion and bucket.arity == 4:
            normalize_quat4(bucket.values, 0)
        bucket.writer(bucket.values)
    _trim(state)
    return True


def _trim(state: _MixerState) -> None:
    """Drop buckets no track resolved to this frame (their owner was replaced or detached)."""
    buckets = state.buckets
    for b in buckets:
        if not b.seen:
            break
    else:
        return
    keep = [b for b in buckets if b.seen]
    buckets[:] = keep
    state.index.clear()
    for b in keep:
        state.index.setdefault(id(b.owner), {})[b.prop] = b
