"""Weighted property blending. Port of src/animation/weighted-pointer-mixer.ts.

Blending is opt-in: :func:`enable_property_animation_blending` fills the ``"mixer"`` stage of
the manager's group pipeline. Each update, every property (current owner object, property
name) that a group with a weight other than 1 animates becomes a *contested bucket*;
contributing groups add ``weight * sample`` into the bucket (float32 accumulation, as Babylon
Lite's ``Float32Array`` buckets do), quaternion buckets flip samples into the first sample's
hemisphere and are renormalised, and one value is written per bucket. Totals are not
normalised and nothing blends toward a rest pose (Babylon-style weighted sums).
Uncontested tracks are written directly. The mixer's state (buckets) lives here, one per
manager, keyed weakly by the manager.

Array groups (:func:`lite.create_array_animation_group`) carry an :class:`ArrayBlendSource`
instead of a track tuple: the mixer keeps their buckets (one per target array, M rows each)
in ``array_buckets`` and calls the source's ``mark`` and ``tick`` where it handles a property
group's tracks, so each row blends exactly as one property bucket.
"""

from __future__ import annotations

import weakref
from array import array
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from lite.animation.animation_group import tick_animation
from lite.animation.animation_group_task import STAGE_MIXER, set_group_stage
from lite.animation.animation_tick import (
    advance_clock,
    clamp_time,
    reached_end,
    wrap_clock,
)
from lite.animation.evaluate import evaluate_property_sampler, normalize_quat4
from lite.animation.state import (
    AnimationGroup,
    AnimationManager,
    check_manager,
    complete_group,
    set_current_time_unchecked,
)
from lite.errors import AnimationStateError

if TYPE_CHECKING:
    from lite.animation.property_binding import PropertyRuntimeTrack, PropertyWriter, Scratch

__all__ = [
    "ArrayBlendBucket",
    "ArrayBlendSource",
    "PropertyBlendBatcher",
    "enable_property_animation_blending",
    "property_mixer_state",
    "set_property_blend_batcher_factory",
]


class PropertyBlendBatcher(Protocol):
    """A manager's batched path for this mixer (``lite.batch.property_blend``)."""

    def run(self, manager: AnimationManager, delta_ms: float) -> bool | None:
        """Blend the whole frame in array form (True); None leaves it to the scalar mixer
        with nothing changed."""
        ...


#: Makes a manager's batcher (None when it cannot run in this process).
_batcher_factory: Callable[[], PropertyBlendBatcher | None] | None = None


def set_property_blend_batcher_factory(
    factory: Callable[[], PropertyBlendBatcher | None] | None,
) -> None:
    """Install (or with None, remove) the batched path for managers that blend from now on.

    Managers whose mixer already ran keep the batcher they have (or none).
    """
    global _batcher_factory
    _batcher_factory = factory


class ArrayBlendBucket(Protocol):
    """A bucket of an array group's target: M rows blended like M property buckets."""

    seen: bool

    def begin_frame(self) -> None:
        """Reset for a new frame (not seen, nothing contested or accumulated)."""
        ...

    def flush(self) -> None:
        """Write the accumulated rows (renormalised for quaternions)."""
        ...


class ArrayBlendSource(Protocol):
    """What an array group puts in ``group._property_mixer`` (see the module docstring)."""

    def mark(self, group: AnimationGroup, buckets: dict[Hashable, Any]) -> int:
        """Mark this group's rows contested in ``buckets``; how many buckets it marked."""
        ...

    def tick(self, group: AnimationGroup, buckets: dict[Hashable, Any], delta_ms: float) -> None:
        """Advance the group, then write its uncontested rows and accumulate the others."""
        ...


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
    #: Array groups' buckets by target storage (values: :class:`ArrayBlendBucket`).
    array_buckets: dict[Hashable, Any] = field(default_factory=dict)
    batcher: PropertyBlendBatcher | None = None
    #: Whether ``batcher`` was asked of the factory yet.
    batcher_made: bool = False

    def update(self, manager: AnimationManager, delta_ms: float) -> bool:
        """The ``"mixer"`` stage: blend contested properties (False when none is)."""
        return _update_weighted_property_animations(self, manager, delta_ms)


_STATES: weakref.WeakKeyDictionary[AnimationManager, _MixerState] = weakref.WeakKeyDictionary()


def enable_property_animation_blending(manager: AnimationManager) -> None:
    """Blend property groups by weight on ``manager`` (see the module docstring).

    Fills the group pipeline's ``"mixer"`` stage (replacing the glTF mixer, as in Babylon
    Lite); fades still run before it and batched evaluation after it.
    """
    with check_manager(manager)._lock:
        state = _STATES.get(manager)
        if state is None:
            state = _STATES[manager] = _MixerState()
        set_group_stage(manager, STAGE_MIXER, state.update)


def property_mixer_state(manager: AnimationManager) -> _MixerState | None:
    """The weighted property mixer's state on ``manager`` (buckets), or None."""
    return _STATES.get(manager)


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
        set_current_time_unchecked(
            group, advance_clock(group._clock, group.current_time, delta_ms, group.speed_ratio)
        )
    from_time = max(0.0, min(from_raw, clip_duration))
    to_time = min(to_raw, clip_duration) if to_raw > from_time else clip_duration
    duration = max(0.0, to_time - from_time)
    if duration <= 0.0:
        return from_time
    # Babylon Lite's weighted-pointer-mixer loops whenever the group loops (playing or not).
    if group.loop_animation:
        t = wrap_clock(group._clock, group.current_time, from_time, duration)
        set_current_time_unchecked(group, t)
        return t
    t = clamp_time(group.current_time, from_time, to_time)
    if reached_end(t, from_time, to_time, group.is_playing, group.speed_ratio):
        group._completed = True  # applied after this frame's pose is written
    set_current_time_unchecked(group, t)
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


def _update_weighted_property_animations(
    state: _MixerState, manager: AnimationManager, delta_ms: float
) -> bool:
    if not state.batcher_made:
        state.batcher_made = True
        state.batcher = _batcher_factory() if _batcher_factory is not None else None
    batcher = state.batcher
    if batcher is not None and batcher.run(manager, delta_ms):
        return True
    for bucket in state.buckets:
        bucket.contested = False
        bucket.active = False
        bucket.has_reference = False
        bucket.seen = False
        bucket.values[:] = bucket.zeros
    array_buckets = state.array_buckets
    for array_bucket in array_buckets.values():
        array_bucket.begin_frame()

    groups = manager._groups
    contested = 0
    for group in groups:
        mixer = group._property_mixer
        if group._stopped or group.weight == 1.0 or mixer is None:
            continue
        if type(mixer) is not tuple:
            contested += mixer.mark(group, array_buckets)
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
        if type(mixer) is not tuple:
            mixer.tick(group, array_buckets, delta_ms)
            if group._completed:
                complete_group(group)
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
            complete_group(group)

    for bucket in state.buckets:
        if not bucket.active:
            continue
        if bucket.quaternion and bucket.arity == 4:
            normalize_quat4(bucket.values, 0)
        bucket.writer(bucket.values)
    for array_bucket in array_buckets.values():
        array_bucket.flush()
    _trim(state)
    return True


def _trim(state: _MixerState) -> None:
    """Drop buckets no track resolved to this frame (their owner was replaced or detached)."""
    array_buckets = state.array_buckets
    for array_bucket in array_buckets.values():
        if not array_bucket.seen:
            for key in [k for k, b in array_buckets.items() if not b.seen]:
                del array_buckets[key]
            break
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
