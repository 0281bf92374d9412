"""The compat delegation boundary: which tracks Lite samples and writes, and why not.

When an :class:`~lite_compat.animations.animatable.Animatable` starts playing, its runtime
animations are partitioned into a *native* subset, sampled and written by Lite through one property
binding per target (:class:`NativeGroup`) or by compat's batch sampler
(:class:`~lite_compat.animations.batch.BatchGroup`), and a *fallback* subset run by the compat
evaluator (the ``RuntimeAnimation`` port). This module plans the partition and holds the native
groups; the decisions come from its neighbours:

* :mod:`~lite_compat.animations.fallback_reasons`: the reason codes (the table of them is
  there) and one function per reason;
* :mod:`~lite_compat.animations.track_analysis`: the per-animation analysis, cached by key
  signature, and :func:`~lite_compat.animations.track_analysis.track_reason`;
* :mod:`~lite_compat.animations.overlaps`: overlapping paths, per scene
  (:class:`~lite_compat.animations.overlaps.OverlapIndex`).

Babylon's frame clock (elapsed ms -> frame, loop wrap, completion, events) runs in the facade for
every track (see :mod:`lite_compat.animations.runtime_animation`); a native group is handed the
exact frame each step and Lite samples its compiled clip there. The clip is compiled in the *frame
domain* (one Lite time unit = one frame) so that integer and dyadic key frames are exact in Lite's
float32 key times; a key frame that float32 cannot hold falls back.
"""

from __future__ import annotations

import contextlib
import gc
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final

# The compat/lite seam: every use of ``lite`` by compat's animations is in this module.
from lite import (
    PropertyAnimationTrackOptions,
    PropertyBinding,
    bind_property_clip,
    create_property_animation_clip,
    write_property_track,
)
from lite.errors import LiteError
from lite_compat.animations import batch, state
from lite_compat.animations.animation import Animation
from lite_compat.animations.batch import BatchGroup, batch_leaf_ok
from lite_compat.animations.batch_sampling import _QUAT, TrackSpec
from lite_compat.animations.batch_weighted import WeightedGroup
from lite_compat.animations.fallback_reasons import (
    OVERLAPPING_PATH,
    QUATERNION_SLERP_THRESHOLD,
    REASONS,
    UNRESOLVED_BINDING,
    WEIGHTED,
    whole_call_reason,
)
from lite_compat.animations.overlaps import (
    OverlapIndex,
    _scene_overlaps,
    overlap_index,
)
from lite_compat.animations.property_paths import MISSING, clone, lookup, set_property
from lite_compat.animations.track_analysis import (
    _PASS,
    _PASSES,
    _analysis,
    _animation_track_options,
    _batch_spec,
    track_reason,
)
from lite_compat.animations.track_bulk import analyse_plain
from lite_compat.math import Vector2, Vector3

if TYPE_CHECKING:
    from lite_compat.animations.animatable import Animatable
    from lite_compat.animations.runtime_animation import RuntimeAnimation

__all__ = [
    "NativeGroup",
    "OverlapIndex",
    "REASONS",
    "demote",
    "overlap_index",
    "plan_animatable",
    "plan_animatables",
    "plan_step",
    "set_native_delegation",
    "track_reason",
    "whole_call_reason",
]

set_native_delegation: Final = state.set_native_delegation

#: Distinct clips kept per animation (a bound on the cache, never reached in practice).
_CLIPS_PER_ANIMATION: Final = 64


# ---------------------------------------------------------------------------------------------
# Native groups
# ---------------------------------------------------------------------------------------------


def _build_binding(target: Any, runtimes: Sequence[RuntimeAnimation], name: str) -> PropertyBinding:
    """Compile ``runtimes``' keys into one clip (frame domain) and bind it to ``target``.

    The only place compat creates Lite state: :func:`lite.bind_property_clip` resolves the
    paths and chooses the writers once; there is no Lite group, manager or clock (compat owns
    Babylon's clock).

    Raises
    ------
    LiteError
        A path Lite cannot bind on ``target``.
    """
    return bind_property_clip(target, _clip(runtimes, name))


def _clip(runtimes: Sequence[RuntimeAnimation], name: str) -> Any:
    """The frame-domain clip of ``runtimes``' animations, compiled once per key state.

    A clip depends only on its animations (their analyses hold the compiled track options);
    nodes playing the same animations bind the same clip.
    """
    analyses = tuple(_analysis(r.animation) for r in runtimes)
    # Cached on the first animation's analysis (so it lives as long as that key state).
    clips = analyses[0].clips
    if clips is None:
        clips = analyses[0].clips = {}
    key = (name, *(id(a) for a in analyses))
    cached = clips.get(key)
    if cached is not None and all(x is y for x, y in zip(cached[0], analyses, strict=True)):
        return cached[1]
    options: list[PropertyAnimationTrackOptions] = []
    for runtime, analysis in zip(runtimes, analyses, strict=True):
        # Compiled at the first clip that needs them (the analysis holds for these keys now).
        if analysis.options is None:
            analysis.options = _animation_track_options(runtime.animation)
        options.append(analysis.options)
    clip = create_property_animation_clip(name, options, frame_rate=1.0)
    if len(clips) >= _CLIPS_PER_ANIMATION:
        clips.clear()
    clips[key] = (analyses, clip)
    return clip


class NativeGroup:
    """The native tracks of one animatable on one target, bound once to Lite.

    The clip is compiled in the frame domain (Lite time = frame). Each native track hands
    the binding Babylon's frame at its own turn in the step (between the same callbacks as in
    Babylon.js); Lite samples that one track there and writes it
    (:func:`lite.write_property_track`). The binding is used for nothing else: compat owns
    the clock, playing state and completion.
    """

    def __init__(
        self, animatable: Animatable, target: Any, runtimes: Sequence[RuntimeAnimation]
    ) -> None:
        self.animatable = animatable
        self.target = target
        self.runtimes = list(runtimes)
        self.binding = _build_binding(target, self.runtimes, _group_name(self.runtimes))
        self._index = {id(r): i for i, r in enumerate(self.runtimes)}
        self._owner_paths = {id(r): tuple(r._animation.targetPropertyPath[:-1]) for r in runtimes}
        for runtime in self.runtimes:
            runtime._native = self
            runtime._fallbackReason = None
            runtime._stateVersion = state.state_version(runtime._animation)

    def current(self, runtime: RuntimeAnimation) -> bool:
        """Whether ``runtime``'s compiled track applies now (see ``state.still_current``)."""
        return state.still_current(runtime, self._owner_paths[id(runtime)], self._recompile)

    def _recompile(self, runtime: RuntimeAnimation) -> bool:  # its keys changed: bind again?
        with contextlib.suppress(LiteError):
            # Keys only compat's own sampler takes (key easings, frames float32 cannot hold)
            # cannot go back into a Lite clip: the track leaves.
            if (
                track_reason(runtime, self.animatable) is None
                and _analysis(runtime._animation).exact_reason is None
            ):
                name = _group_name(self.runtimes)
                self.binding = _build_binding(self.target, self.runtimes, name)
                return True
        return False

    def _prepare_leaf(self, runtime: RuntimeAnimation) -> None:
        # Babylon.js's first write assigns a copy of the value as the property's object, later
        # writes update it and assign it back (state.assign_back): object identity matches.
        current = runtime._currentValue
        if current is not None:
            if runtime._native is self and type(current) in (Vector3, Vector2):
                state.assign_back(runtime._directTarget, runtime._targetPath, current)
            return
        if runtime.animation.dataType in (
            Animation.ANIMATIONTYPE_VECTOR3,
            Animation.ANIMATIONTYPE_VECTOR2,
        ):
            owner = runtime._directTarget
            leaf = lookup(owner, runtime._targetPath)
            if leaf is not MISSING:
                copy = clone(leaf)
                set_property(owner, runtime._targetPath, copy)
                runtime._currentValue = copy
                index = overlap_index(self.animatable._scene)
                if index is not None:
                    index.refresh(runtime)

    def write(self, runtime: RuntimeAnimation, frame: float) -> None:
        """Lite samples ``runtime``'s track at ``frame`` and writes it (at its own turn)."""
        self._prepare_leaf(runtime)
        write_property_track(self.binding, self._index[id(runtime)], float(frame))
        runtime._nativeFrame = frame
        runtime._currentActiveTarget = runtime._directTarget
        runtime._weight = -1.0
        mark = getattr(runtime._target, "markAsDirty", None)
        if callable(mark):
            mark(runtime.animation.targetProperty)

    def seek(self, runtime: RuntimeAnimation, frame: float) -> None:
        """Write ``runtime``'s value at ``frame`` now (``goToFrame``)."""
        self.write(runtime, frame)

    def remove(self, runtimes: Sequence[RuntimeAnimation]) -> None:
        """Take ``runtimes`` out of the group, rebinding the remaining tracks."""
        drop = {id(r) for r in runtimes}
        keep = [r for r in self.runtimes if id(r) not in drop]
        for runtime in self.runtimes:
            if id(runtime) in drop:
                runtime._native = None
        self.runtimes = keep
        if keep:
            self.binding = _build_binding(self.target, keep, _group_name(keep))
            self._index = {id(r): i for i, r in enumerate(keep)}
        elif self in self.animatable._nativeGroups:
            self.animatable._nativeGroups.remove(self)


def _group_name(runtimes: Sequence[RuntimeAnimation]) -> str:
    return "+".join(r.animation.name for r in runtimes)


def demote(runtimes: Sequence[RuntimeAnimation], reason: str) -> None:
    """Move native ``runtimes`` to the compat evaluator, recording ``reason``."""
    groups: dict[int, tuple[NativeGroup, list[RuntimeAnimation]]] = {}
    for runtime in runtimes:
        native = runtime._native
        if native is not None:
            groups.setdefault(id(native), (native, []))[1].append(runtime)
        runtime._fallbackReason = runtime._fallbackReason or reason
    for native, members in groups.values():
        native.remove(members)
        for runtime in members:
            runtime._fallbackReason = reason


# ---------------------------------------------------------------------------------------------
# Weighted rows (lite_compat/animations/batch_weighted.py)
# ---------------------------------------------------------------------------------------------

#: Exact specs made for weighted rows of animations whose own batch spec is Lite's (float32),
#: by animation id: (animation, key state version, spec).
_EXACT_SPECS: Final[dict[int, tuple[Any, int, TrackSpec | None]]] = {}


def _exact_spec(runtime: RuntimeAnimation) -> TrackSpec | None:
    """The spec that samples ``runtime``'s keys as ``Animation._interpolate`` does, or None."""
    animation = runtime._animation
    spec: TrackSpec | None = _analysis(animation).batch
    if spec is None or spec.kind == _QUAT or spec.exact:
        return spec
    version = state.state_version(animation)
    cached = _EXACT_SPECS.get(id(animation))
    if cached is None or cached[0] is not animation or cached[1] != version:
        if len(_EXACT_SPECS) > 4096:
            _EXACT_SPECS.clear()
        cached = _EXACT_SPECS[id(animation)] = (
            animation,
            version,
            _batch_spec(animation, exact=True),
        )
    return cached[2]


def weighted_group(animatable: Animatable) -> WeightedGroup | None:
    """The weighted animatable's group when every track can be a weighted row's, else None
    (cached on the animatable while its runtimes and their key states stay; a None is asked
    again after 1, 3, 7, ... 63 steps)."""
    runtimes = animatable._runtimeAnimations
    key = (tuple(map(id, runtimes)), tuple(state.state_version(r._animation) for r in runtimes))
    cached = animatable._weightedBatch
    wait = 0
    if cached is not None and cached[0] == key:
        if cached[1] is not None:
            return cached[1]  # type: ignore[no-any-return]
        # No: asked again after a wait that doubles (a leaf may appear: the first blend
        # assigns a rotationQuaternion a node did not have).
        wait = cached[2]
        if cached[3] > 0:
            animatable._weightedBatch = (key, None, wait, cached[3] - 1)
            return None
    group = _make_weighted_group(animatable, runtimes)
    wait = min(2 * wait + 1, 63)
    animatable._weightedBatch = (key, group, wait, wait)
    return group


def _make_weighted_group(
    animatable: Animatable, runtimes: list[RuntimeAnimation]
) -> WeightedGroup | None:
    if not runtimes or animatable._nativeGroups:
        return None
    if whole_call_reason(animatable, runtimes, weighted=True) is not None:
        return None
    specs: list[TrackSpec] = []
    for runtime in runtimes:
        if (
            runtime._native is not None
            or runtime._fallbackReason != WEIGHTED
            or runtime._targetIsArray
            or track_reason(runtime, animatable) is not None
        ):
            return None
        spec = _exact_spec(runtime)
        if spec is None or not batch_leaf_ok(runtime, spec):
            return None
        specs.append(spec)
    for runtime in runtimes:
        runtime._stateVersion = state.state_version(runtime._animation)
    return WeightedGroup(runtimes, specs)


batch.PLANNER[0] = (track_reason, lambda animation: _analysis(animation).batch)
batch.WEIGHTED_PLANNER[0] = weighted_group


def _bindable(target: Any, runtime: RuntimeAnimation) -> bool:
    try:
        _build_binding(target, [runtime], "probe")
    except LiteError:
        return False
    return True


def plan_animatable(animatable: Animatable, runtimes: Sequence[RuntimeAnimation]) -> None:
    """Decide the evaluator of each of ``runtimes`` (all of ``animatable``) and build groups."""
    outer = _PASS[0]
    _PASS[0] = next(_PASSES)
    try:
        _plan_animatable(animatable, runtimes)
    finally:
        _PASS[0] = outer


def _plan_animatable(animatable: Animatable, runtimes: Sequence[RuntimeAnimation]) -> None:
    if whole_call_reason(animatable, runtimes) is not None:
        _plan_members(animatable, runtimes, set(), [])
        return
    hit, hit_others = _scene_overlaps(animatable._scene, runtimes, (), {id(animatable)})
    _plan_members(animatable, runtimes, hit, hit_others)


def plan_animatables(animatables: Sequence[Animatable]) -> None:
    """Plan the unplanned tracks of several new animatables with one overlap pass.

    What :func:`plan_animatable` decides for each in turn, at the cost of one pass over the
    new tracks (an ``AnimationGroup`` starts one animatable per targeted animation).
    """
    outer = _PASS[0]
    _PASS[0] = next(_PASSES)
    try:
        _plan_animatables(animatables)
    finally:
        _PASS[0] = outer


def _plan_animatables(animatables: Sequence[Animatable]) -> None:
    batch: list[tuple[Animatable, list[RuntimeAnimation]]] = []
    for animatable in animatables:
        new = [r for r in animatable._runtimeAnimations if id(r) not in animatable._planned]
        if new:
            animatable._planned.update(id(r) for r in new)
            batch.append((animatable, new))
    if not batch:
        return
    scene = batch[0][0]._scene
    # Each animatable's whole-call reason, taken once (the overlap pass and the demotion
    # below read and change only tracks, never what the reason reads).
    wholes = [whole_call_reason(animatable, new) for animatable, new in batch]
    candidates = [
        r for (_, new), whole in zip(batch, wholes, strict=True) if whole is None for r in new
    ]
    # Whole-call fallbacks of the batch still count as others (as when planned one by one).
    candidate_ids = {id(r) for r in candidates}
    batch_others = [r for _, new in batch for r in new if id(r) not in candidate_ids]
    hit: set[int] = set()
    if candidates:
        hit, hit_others = _scene_overlaps(
            scene, candidates, batch_others, {id(animatable) for animatable, _ in batch}
        )
        demote([r for r in hit_others if r._native is not None], OVERLAPPING_PATH)
    for (animatable, new), whole in zip(batch, wholes, strict=True):
        _plan_members(animatable, new, hit, (), whole)


def plan_step(animatables: Sequence[Animatable]) -> bool:
    """Plan every unplanned track of ``animatables`` in one pass, if none overlaps any other.

    Called by a scene step for the animatables the step is about to start (the first of them
    steps now, the others later in the same step): a crowd's first frame is planned with one
    overlap pass and one analysis per distinct animation instead of one per animatable. When
    the pass finds any overlapping path, nothing is planned and False is returned: those
    animatables are then planned one by one at their own turn, exactly as before (a conflict
    can depend on the leaf objects an earlier animatable's first write replaces).

    The cyclic garbage collector is paused during the pass (it allocates only acyclic
    bookkeeping that stays alive with the animatables; without the pause a 10,000-node first
    frame spends about a third of its time in collections that find nothing). Inside a scene
    step the pause lasts until the step ends (``state.hold_collection``: the step then admits
    and steps what was planned, allocating more of the same); outside one it ends with the
    pass. Either way the collector is restored as it
    was, also on an error.
    """
    if not animatables:
        return False
    scene = animatables[0]._scene
    index = overlap_index(scene)
    if index is None:
        return False
    outer = _PASS[0]
    _PASS[0] = next(_PASSES)
    # Inside a scene step the pause lasts until the step ends (state.hold_collection): the
    # step goes on to admit and step what was planned, allocating more of the same.
    collecting = not state.hold_collection() and gc.isenabled()
    if collecting:
        gc.disable()
    try:
        return _plan_step(index, scene, animatables)
    finally:
        _PASS[0] = outer
        if collecting:
            gc.enable()


def _plan_step(index: OverlapIndex, scene: Any, animatables: Sequence[Animatable]) -> bool:
    batch: list[tuple[Animatable, list[RuntimeAnimation]]] = []
    for animatable in animatables:
        new = [r for r in animatable._runtimeAnimations if id(r) not in animatable._planned]
        if new:
            batch.append((animatable, new))
    if not batch:
        return False
    # A crowd shares its timing and animations: the whole-call reason is taken once per
    # distinct (timing, animations) in the pass (no user code runs inside it).
    seen: dict[tuple[object, ...], str | None] = {}
    wholes: list[str | None] = []
    for animatable, new in batch:
        start, end, speed = animatable.fromFrame, animatable.toFrame, animatable.speedRatio
        weight, additive = animatable.weight, animatable.isAdditive
        key = (
            type(start),
            start,
            type(end),
            end,
            type(speed),
            speed,
            type(weight),
            weight,
            type(additive),
            additive,
            isinstance(animatable.target, list),
            *[id(r._animation) for r in new],
        )
        if key in seen:
            wholes.append(seen[key])
        else:
            wholes.append(seen.setdefault(key, whole_call_reason(animatable, new)))
    candidates = [
        r for (_, new), whole in zip(batch, wholes, strict=True) if whole is None for r in new
    ]
    candidate_ids = {id(r) for r in candidates}
    batch_others = [r for _, new in batch for r in new if id(r) not in candidate_ids]
    if candidates:
        hit, _hit_others = _scene_overlaps(
            scene, candidates, batch_others, {id(animatable) for animatable, _ in batch}
        )
        if hit:
            index.alone.update(id(animatable) for animatable, _ in batch)
            return False
    # Many nodes' own plain animations: analysed in bulk (the same analyses, cached).
    analyse_plain([r._animation for r in candidates])
    no_hit: set[int] = set()
    for (animatable, new), whole in zip(batch, wholes, strict=True):
        animatable._planned.update(id(r) for r in new)
        _plan_members(animatable, new, no_hit, (), whole)
    return True


def _plan_members(
    animatable: Animatable,
    runtimes: Sequence[RuntimeAnimation],
    hit: set[int],
    others: Sequence[RuntimeAnimation],
    whole: str | None | bool = True,
) -> None:
    # ``whole``: the whole-call reason when the caller has it (True: take it here).
    if not state.native_delegation_enabled():
        whole = state.NATIVE_DISABLED
    elif whole is True:
        whole = whole_call_reason(animatable, runtimes)
    if isinstance(whole, str):
        for runtime in runtimes:
            runtime._fallbackReason = whole
        return
    native: list[RuntimeAnimation] = []
    for runtime in runtimes:
        reason = track_reason(runtime, animatable)
        if reason is None:
            native.append(runtime)
        else:
            runtime._fallbackReason = reason
    if hit:
        for runtime in runtimes:
            if id(runtime) in hit:
                runtime._fallbackReason = runtime._fallbackReason or OVERLAPPING_PATH
        native = [r for r in native if id(r) not in hit]
        demote([r for r in others if id(r) in hit and r._native is not None], OVERLAPPING_PATH)
        # (plan_animatables demotes the other tracks once itself and passes no others)
    by_target: dict[int, tuple[Any, list[RuntimeAnimation]]] = {}
    batched: dict[int, tuple[Any, list[RuntimeAnimation], list[Any]]] = {}
    for runtime in native:
        spec = _analysis(runtime._animation).batch
        if spec is not None and batch_leaf_ok(runtime, spec):
            entry = batched.setdefault(id(runtime._target), (runtime._target, [], []))
            entry[1].append(runtime)
            entry[2].append(spec)
        elif runtime.animation.dataType == Animation.ANIMATIONTYPE_QUATERNION:
            runtime._fallbackReason = QUATERNION_SLERP_THRESHOLD
        elif spec is not None and spec.exact:
            # Keys only compat's sampler takes, on a leaf it cannot write.
            runtime._fallbackReason = _analysis(runtime._animation).exact_reason
        else:
            by_target.setdefault(id(runtime._target), (runtime._target, []))[1].append(runtime)
    for target, members, specs in batched.values():
        animatable._nativeGroups.append(BatchGroup(animatable, target, members, specs))
    for target, members in by_target.values():
        try:
            group = NativeGroup(animatable, target, members)
        except LiteError:
            ok = [r for r in members if _bindable(target, r)]
            for runtime in members:
                if runtime not in ok:
                    runtime._fallbackReason = UNRESOLVED_BINDING
            if not ok:
                continue
            group = NativeGroup(animatable, target, ok)
        animatable._nativeGroups.append(group)
