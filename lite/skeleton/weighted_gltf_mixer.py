"""Weighted and additive glTF skeleton blending. Port of src/animation/weighted-gltf-mixer.ts.

Opt-in: :func:`enable_animation_blending` fills the ``"mixer"`` stage of the manager's group
pipeline. Each update, every asset (one
:class:`~lite.skeleton.skeleton_updater.GltfAnimationData`) that has a playing group with a
weight other than 1, or an additive group, is *blended*: its groups
advance their own time, their translation / rotation / scale channels are accumulated into one
TRS pose (Babylon.js weight semantics: translation and scale are weighted sums that replace
the rest value, rotations are folded in by weighted slerp and, when the total rotation weight
is below 1, slerped from the rest rotation), additive groups then add their delta from a
reference time, and the asset's world matrices and every skeleton palette are updated and
uploaded once. Morph-weight channels blend the same way as translation (weighted sums that
replace the default weights, plus additive deltas); each morph set they drive is written and
uploaded once. Group masks apply (masked nodes' channels are skipped). Pointer channels of
blended groups are not evaluated, as in Babylon Lite.
"""

from __future__ import annotations

import weakref
from array import array
from collections.abc import Callable, Container
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, Protocol

import numpy as np

from lite.animation.animation_group import tick_animation
from lite.animation.animation_group_task import STAGE_MIXER, set_group_stage
from lite.animation.animation_tick import advance_clock, clamp_time, wrap_clock
from lite.animation.constants import (
    DEFAULT_FRAME_RATE,
    PATH_ROTATION,
    PATH_SCALE,
    PATH_TRANSLATION,
    PATH_WEIGHTS,
)
from lite.animation.evaluate import evaluate_sampler, normalize_quat4, quat_slerp
from lite.animation.state import (
    AnimationGroup,
    AnimationManager,
    check_group,
    check_manager,
    set_current_time_unchecked,
)
from lite.errors import AnimationStateError, finite_real
from lite.skeleton.animation_controller import GltfController
from lite.skeleton.pose import POSE_STRIDE, R_OFF, S_OFF, T_OFF
from lite.skeleton.pose import update_world_matrices as _update_world
from lite.skeleton.skeleton_updater import (
    GltfAnimationData,
    MorphBinding,
    as_sink,
    update_joint_matrices,
)

if TYPE_CHECKING:
    from lite.animation.types import AnimationClip, AnimationSampler

__all__ = [
    "AdditiveSettings",
    "GltfBlendBatcher",
    "enable_animation_blending",
    "gltf_mixer_state",
    "set_animation_additive",
    "set_blend_batcher_factory",
]

_STRIDE: Final = POSE_STRIDE


@dataclass(frozen=True, slots=True)
class AdditiveSettings:
    """An additive group's reference time (seconds); stored on ``group._additive``."""

    reference_time: float


@dataclass(slots=True, eq=False)
class _MorphBlend:
    """Morph-weight blend state of one asset, one entry per ``data.morph_bindings`` item."""

    morphs: tuple[MorphBinding, ...]
    #: float32 accumulators (reset to the default weights) and their numpy views.
    acc: tuple[array[float], ...]
    acc_views: tuple[np.ndarray, ...]
    #: Total contributing weight per morph set (0: the default weights stand).
    weight: array[float]
    #: 1 where a group of this update drives the set (only those are written and uploaded).
    touched: bytearray
    #: Morph index per node (-1: the node has no morph binding).
    of_node: tuple[int, ...]
    #: id(clip) -> morph indices its weights channels drive (clips live in ``data.clips``).
    clip_morphs: dict[int, tuple[int, ...]]
    #: Scratch for one sampled weights value and its additive reference.
    sample: array[float]
    reference: array[float]


@dataclass(slots=True, eq=False)
class _Target:
    """Blend state of one asset: float32 TRS accumulator and per-node weights."""

    data: GltfAnimationData
    trs: array[float]
    trs_view: np.ndarray  # float32 view of ``trs`` for the copy into the pose
    t_weight: array[float]
    r_weight: array[float]
    s_weight: array[float]
    weight_views: tuple[np.ndarray, ...]  # float32 views of the three weight arrays
    rest: tuple[float, ...]
    morph: _MorphBlend
    active: bool = False


class GltfBlendBatcher(Protocol):
    """A batched path for some of the blended assets (``lite.batch.blend_batch`` installs one).

    Each update the mixer asks :meth:`begin` which of the blended assets it takes; for those
    it advances the groups' clocks as usual and hands each non-additive group's sample time and
    weight to :meth:`add` (in attachment order) instead of folding it in, then calls
    :meth:`finish` to blend, pose and upload them, with the same numbers as this module.
    """

    def run(self, manager: AnimationManager, delta_ms: float) -> bool:
        """The whole update, or False having changed nothing (then :meth:`begin` is asked)."""
        ...

    def begin(
        self, manager: AnimationManager, keys: Container[GltfAnimationData]
    ) -> Container[GltfAnimationData]:
        """The assets of ``keys`` taken this frame (each with only groups it can blend)."""
        ...

    def add(self, data: GltfAnimationData, clip: AnimationClip, t: float, weight: float) -> None:
        """Fold in a group of a taken asset: ``clip`` at time ``t`` with ``weight`` (not 0)."""
        ...

    def finish(self, engine: object | None) -> None:
        """Blend the taken assets, write their poses, world matrices and palettes; upload."""
        ...


_NOTHING: Final[frozenset[GltfAnimationData]] = frozenset()
#: Makes a manager's batcher (None when it cannot run in this process).
_batcher_factory: Callable[[], GltfBlendBatcher | None] | None = None


def set_blend_batcher_factory(factory: Callable[[], GltfBlendBatcher | None] | None) -> None:
    """Install (or with None, remove) the batched path for managers that blend from now on.

    Managers whose mixer already ran keep the batcher they have (or none).
    """
    global _batcher_factory
    _batcher_factory = factory


@dataclass(slots=True, eq=False)
class _State:
    targets: dict[GltfAnimationData, _Target] = field(default_factory=dict)
    keys: set[GltfAnimationData] = field(default_factory=set)
    batcher: GltfBlendBatcher | None = None
    #: Whether ``batcher`` was asked of the factory yet.
    batcher_made: bool = False
    sample: array[float] = field(default_factory=lambda: array("f", bytes(64)))
    reference: array[float] = field(default_factory=lambda: array("f", bytes(64)))
    delta: array[float] = field(default_factory=lambda: array("f", bytes(16)))

    def update(self, manager: AnimationManager, delta_ms: float) -> bool:
        """The ``"mixer"`` stage: blend weighted and additive glTF groups (False if none)."""
        return _update_weighted_gltf_animations(self, manager, delta_ms)


_STATES: weakref.WeakKeyDictionary[AnimationManager, _State] = weakref.WeakKeyDictionary()


def enable_animation_blending(manager: AnimationManager) -> None:
    """Blend glTF groups by weight (and additive layers) on ``manager``.

    Fills the group pipeline's ``"mixer"`` stage, replacing any other mixer (such as
    ``enable_property_animation_blending``'s), as in Babylon Lite; fades still run before it
    and batched evaluation after it.

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-014`` when ``manager`` is not an :class:`AnimationManager`.
    """
    check_manager(manager)
    with manager._lock:
        state = _STATES.get(manager)
        if state is None:
            state = _STATES[manager] = _State()
        set_group_stage(manager, STAGE_MIXER, state.update)


def gltf_mixer_state(manager: AnimationManager) -> _State | None:
    """The weighted glTF mixer's state on ``manager``, or None when never enabled."""
    return _STATES.get(manager)


def set_animation_additive(
    group: AnimationGroup,
    *,
    reference_frame: float | None = None,
    reference_time: float | None = None,
) -> None:
    """Make ``group`` an additive layer relative to its pose at a reference frame or time.

    The reference defaults to frame 0 (Babylon.js ``MakeAnimationAdditive``). If the group
    already belongs to a manager, blending is enabled on it.

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-040`` when both a frame and a time are given, ``LITE-STATE-007`` when
        the reference is not a finite non-negative number; the group is unchanged then.
        ``LITE-STATE-014`` when ``group`` is not an :class:`AnimationGroup`.
    """
    check_group(group)
    if reference_frame is not None and reference_time is not None:
        raise AnimationStateError(
            "LITE-STATE-040",
            "additive reference must use either reference_frame or reference_time, not both",
            hint="pass one of them",
            input_name="reference_frame",
        )
    if reference_time is not None:
        value: object = reference_time
        name = "reference_time"
    else:
        value = 0.0 if reference_frame is None else reference_frame
        name = "reference_frame"
    number = finite_real(value)  # NumPy scalars accepted; huge ints refused, not OverflowError
    if number is None or number < 0:
        raise AnimationStateError(
            "LITE-STATE-007",
            f"additive {name} must be a finite non-negative number, got {value!r}",
            hint="use e.g. reference_frame=0",
            input_name=name,
        )
    seconds = (
        number if reference_time is not None else number / (group.frame_rate or DEFAULT_FRAME_RATE)
    )
    group._additive = AdditiveSettings(seconds)
    owner = group._manager
    if owner is not None:
        enable_animation_blending(owner)


def _gltf_parts(group: AnimationGroup) -> tuple[AnimationClip, GltfAnimationData] | None:
    mixer = group._gltf_mixer
    if mixer is None:
        return None
    clip, data = mixer
    return clip, data


def _target(state: _State, data: GltfAnimationData) -> _Target:
    target = state.targets.get(data)
    if target is None:
        n = data.pose.node_count
        trs = array("f", bytes(4 * n * _STRIDE))
        t_weight = array("f", bytes(4 * n))
        r_weight = array("f", bytes(4 * n))
        s_weight = array("f", bytes(4 * n))
        target = _Target(
            data=data,
            trs=trs,
            trs_view=np.frombuffer(trs, dtype=np.float32).reshape(n, _STRIDE),
            t_weight=t_weight,
            r_weight=r_weight,
            s_weight=s_weight,
            weight_views=tuple(
                np.frombuffer(a, dtype=np.float32) for a in (t_weight, r_weight, s_weight)
            ),
            rest=tuple(data.pose.rest.reshape(-1).tolist()),
            morph=_morph_state(data),
        )
        # Start from the rest pose (Babylon Lite 1.10 blends its first update from zeros).
        _reset(target)
        state.targets[data] = target
    return target


def _morph_state(data: GltfAnimationData) -> _MorphBlend:
    morphs = data.morph_bindings
    acc = tuple(array("f", bytes(4 * m.target_count)) for m in morphs)
    of_node = [-1] * data.pose.node_count
    for i, m in enumerate(morphs):
        if 0 <= m.node_idx < len(of_node):
            of_node[m.node_idx] = i
    clip_morphs: dict[int, tuple[int, ...]] = {}
    for clip in data.clips:
        driven: list[int] = []
        for ch in clip.channels:
            if ch.path == PATH_WEIGHTS and 0 <= ch.node_idx < len(of_node):
                m_idx = of_node[ch.node_idx]
                if m_idx >= 0 and m_idx not in driven:
                    driven.append(m_idx)
        clip_morphs[id(clip)] = tuple(driven)
    widest = max((m.target_count for m in morphs), default=0)
    return _MorphBlend(
        morphs=morphs,
        acc=acc,
        acc_views=tuple(np.frombuffer(a, dtype=np.float32) for a in acc),
        weight=array("f", bytes(4 * len(morphs))),
        touched=bytearray(len(morphs)),
        of_node=tuple(of_node),
        clip_morphs=clip_morphs,
        sample=array("f", bytes(4 * max(widest, 1))),
        reference=array("f", bytes(4 * max(widest, 1))),
    )


def _reset(target: _Target) -> None:
    target.active = False
    for view in target.weight_views:
        view.fill(0.0)
    np.copyto(target.trs_view, target.data.pose.rest)
    blend = target.morph
    weight = blend.weight
    touched = blend.touched
    views = blend.acc_views
    for i, morph in enumerate(blend.morphs):
        touched[i] = 0
        weight[i] = 0.0
        np.copyto(views[i], morph.default_weights)


def _mask_of(group: AnimationGroup) -> np.ndarray | None:
    """Per-node skip flags of ``group``'s mask (resolved by its controller), or None."""
    ctrl = group._ctrl
    if not isinstance(ctrl, GltfController):
        return None
    ctrl.set_mask(group.mask)
    return ctrl._masked if ctrl._mask_active else None


def _touch_morphs(target: _Target, clip: AnimationClip) -> None:
    blend = target.morph
    driven = blend.clip_morphs.get(id(clip))
    if driven is None:
        return
    touched = blend.touched
    for m_idx in driven:
        touched[m_idx] = 1


def _advance_group_time(group: AnimationGroup, clip: AnimationClip, delta_ms: float) -> float:
    # Per-frame writes go through the unchecked slot setter: the values are finite by
    # construction (the validated ``current_time`` setter costs ~0.2 us per write).
    playing = group.is_playing
    if playing:
        set_current_time_unchecked(
            group, advance_clock(group._clock, group.current_time, delta_ms, group.speed_ratio)
        )
    duration = clip.duration
    if duration <= 0.0:
        return 0.0
    # Babylon Lite's weighted glTF mixer loops only while playing.
    if group.loop_animation and playing:
        t = wrap_clock(group._clock, group.current_time, 0.0, duration)
    else:
        t = clamp_time(group.current_time, 0.0, duration)
    set_current_time_unchecked(group, t)
    return t


def _update_weighted_gltf_animations(
    state: _State, manager: AnimationManager, delta_ms: float
) -> bool:
    if not state.batcher_made:
        state.batcher_made = True
        state.batcher = _batcher_factory() if _batcher_factory is not None else None
    batcher = state.batcher
    if batcher is not None and batcher.run(manager, delta_ms):
        return True
    keys = state.keys
    keys.clear()
    groups = manager._groups
    for group in groups:
        parts = _gltf_parts(group)
        if group._stopped or parts is None or (group.weight == 1.0 and group._additive is None):
            continue
        keys.add(parts[1])
    if not keys:
        return False

    taken = batcher.begin(manager, keys) if batcher is not None else _NOTHING

    for data, target in state.targets.items():
        if data not in taken:
            _reset(target)

    for group in tuple(groups):
        if group._stopped:
            continue
        parts = _gltf_parts(group)
        if parts is not None and parts[1] in keys:
            clip, data = parts
            if data in taken:
                assert batcher is not None
                t = _advance_group_time(group, clip, delta_ms)
                if group.weight != 0.0:
                    batcher.add(data, clip, t, group.weight)
                continue
            target = _target(state, data)
            target.active = True
            _touch_morphs(target, clip)
            t = _advance_group_time(group, clip, delta_ms)
            if group._additive is None and group.weight != 0.0:
                _accumulate(state, target, clip, t, group.weight, _mask_of(group))
            continue
        tick_animation(group, delta_ms, manager.engine)

    for group in groups:
        parts = _gltf_parts(group)
        additive = group._additive
        if group._stopped or parts is None or additive is None or parts[1] not in keys:
            continue
        if group.weight != 0.0:
            _accumulate_additive(
                state,
                _target(state, parts[1]),
                parts[0],
                group.current_time,
                additive,
                group.weight,
                _mask_of(group),
            )

    engine = manager.engine
    for data, target in state.targets.items():
        if target.active and data in keys and data not in taken:
            _apply(target, engine)
    if batcher is not None and taken:
        batcher.finish(engine)
    return True


def _accumulate(
    state: _State,
    target: _Target,
    clip: AnimationClip,
    t: float,
    weight: float,
    masked: np.ndarray | None,
) -> None:
    trs = target.trs
    sample = state.sample
    samplers = clip.samplers
    for ch in clip.channels:
        path = ch.path
        node = ch.node_idx
        if masked is not None and node >= 0 and masked[node]:
            continue
        base = node * _STRIDE
        if path == PATH_WEIGHTS:
            _accumulate_morph(target, samplers[ch.sampler_idx], node, t, weight)
        elif path in (PATH_TRANSLATION, PATH_SCALE):
            evaluate_sampler(samplers[ch.sampler_idx], t, 3, False, sample, 0)
            weights = target.t_weight if path == PATH_TRANSLATION else target.s_weight
            o = base + (T_OFF if path == PATH_TRANSLATION else S_OFF)
            if weights[node] == 0.0:
                trs[o] = 0.0
                trs[o + 1] = 0.0
                trs[o + 2] = 0.0
            trs[o] = trs[o] + sample[0] * weight
            trs[o + 1] = trs[o + 1] + sample[1] * weight
            trs[o + 2] = trs[o + 2] + sample[2] * weight
            weights[node] = weights[node] + weight
        elif path == PATH_ROTATION:
            evaluate_sampler(samplers[ch.sampler_idx], t, 4, True, sample, 0)
            o = base + R_OFF
            acc = target.r_weight[node]
            if acc == 0.0:
                trs[o] = sample[0]
                trs[o + 1] = sample[1]
                trs[o + 2] = sample[2]
                trs[o + 3] = sample[3]
                target.r_weight[node] = weight
                continue
            _slerp(
                trs,
                o,
                trs[o],
                trs[o + 1],
                trs[o + 2],
                trs[o + 3],
                sample[0],
                sample[1],
                sample[2],
                sample[3],
                weight / (acc + weight),
            )
            target.r_weight[node] = acc + weight


def _accumulate_additive(
    state: _State,
    target: _Target,
    clip: AnimationClip,
    t: float,
    additive: AdditiveSettings,
    weight: float,
    masked: np.ndarray | None,
) -> None:
    trs = target.trs
    sample = state.sample
    ref = state.reference
    delta = state.delta
    ref_t = additive.reference_time
    samplers = clip.samplers
    for ch in clip.channels:
        path = ch.path
        node = ch.node_idx
        if masked is not None and node >= 0 and masked[node]:
            continue
        base = node * _STRIDE
        if path == PATH_WEIGHTS:
            _add_morph_delta(target, samplers[ch.sampler_idx], node, t, ref_t, weight)
        elif path in (PATH_TRANSLATION, PATH_SCALE):
            sampler = samplers[ch.sampler_idx]
            evaluate_sampler(sampler, t, 3, False, sample, 0)
            evaluate_sampler(sampler, ref_t, 3, False, ref, 0)
            o = base + (T_OFF if path == PATH_TRANSLATION else S_OFF)
            trs[o] = trs[o] + (sample[0] - ref[0]) * weight
            trs[o + 1] = trs[o + 1] + (sample[1] - ref[1]) * weight
            trs[o + 2] = trs[o + 2] + (sample[2] - ref[2]) * weight
        elif path == PATH_ROTATION:
            sampler = samplers[ch.sampler_idx]
            evaluate_sampler(sampler, t, 4, True, sample, 0)
            evaluate_sampler(sampler, ref_t, 4, True, ref, 0)
            # delta = normalize(conjugate(ref) * sample)
            ax = -ref[0]
            ay = -ref[1]
            az = -ref[2]
            aw = ref[3]
            bx = sample[0]
            by = sample[1]
            bz = sample[2]
            bw = sample[3]
            delta[0] = aw * bx + ax * bw + ay * bz - az * by
            delta[1] = aw * by - ax * bz + ay * bw + az * bx
            delta[2] = aw * bz + ax * by - ay * bx + az * bw
            delta[3] = aw * bw - ax * bx - ay * by - az * bz
            normalize_quat4(delta, 0)
            o = base + R_OFF
            qx = trs[o]
            qy = trs[o + 1]
            qz = trs[o + 2]
            qw = trs[o + 3]
            dx = delta[0]
            dy = delta[1]
            dz = delta[2]
            dw = delta[3]
            _slerp(
                trs,
                o,
                qx,
                qy,
                qz,
                qw,
                qw * dx + qx * dw + qy * dz - qz * dy,
                qw * dy - qx * dz + qy * dw + qz * dx,
                qw * dz + qx * dy - qy * dx + qz * dw,
                qw * dw - qx * dx - qy * dy - qz * dz,
                weight,
            )


def _accumulate_morph(
    target: _Target, sampler: AnimationSampler, node: int, t: float, weight: float
) -> None:
    """Fold one weights channel in: a weighted sum that replaces the default weights."""
    blend = target.morph
    m_idx = blend.of_node[node] if 0 <= node < len(blend.of_node) else -1
    if m_idx < 0:
        return
    acc = blend.acc[m_idx]
    sample = blend.sample
    n = len(acc)
    evaluate_sampler(sampler, t, n, False, sample, 0)
    if blend.weight[m_idx] == 0.0:
        for i in range(n):
            acc[i] = 0.0
    for i in range(n):
        acc[i] = acc[i] + sample[i] * weight
    blend.weight[m_idx] = blend.weight[m_idx] + weight


def _add_morph_delta(
    target: _Target,
    sampler: AnimationSampler,
    node: int,
    t: float,
    ref_t: float,
    weight: float,
) -> None:
    """Add ``(sample - reference) * weight`` of one weights channel onto the blended base."""
    blend = target.morph
    m_idx = blend.of_node[node] if 0 <= node < len(blend.of_node) else -1
    if m_idx < 0:
        return
    acc = blend.acc[m_idx]
    sample = blend.sample
    ref = blend.reference
    n = len(acc)
    evaluate_sampler(sampler, t, n, False, sample, 0)
    evaluate_sampler(sampler, ref_t, n, False, ref, 0)
    for i in range(n):
        acc[i] = acc[i] + (sample[i] - ref[i]) * weight


def _apply(target: _Target, engine: object | None) -> None:
    """Finish rotations, write the blended pose, update world matrices and every palette."""
    trs = target.trs
    rest = target.rest
    r_weight = target.r_weight
    for i in range(len(r_weight)):
        w = r_weight[i]
        if w <= 0.0:
            continue
        o = i * _STRIDE + R_OFF
        if w < 1.0:
            _slerp(
                trs,
                o,
                rest[o],
                rest[o + 1],
                rest[o + 2],
                rest[o + 3],
                trs[o],
                trs[o + 1],
                trs[o + 2],
                trs[o + 3],
                w,
            )
        else:
            normalize_quat4(trs, o)
    data = target.data
    pose = data.pose
    blend = target.morph
    touched = blend.touched
    with pose.lock:  # shared with every other writer of this asset's pose
        np.copyto(pose.local, target.trs_view)
        _update_world(pose)
        for skel in data.skeletons:
            update_joint_matrices(pose, skel)
        for i, morph in enumerate(blend.morphs):
            if touched[i]:
                np.copyto(morph.weights, blend.acc_views[i])
        if engine is not None:
            sink = as_sink(engine)
            for skel in data.skeletons:
                sink.upload_skeleton(skel)
            for i, morph in enumerate(blend.morphs):
                if touched[i]:
                    sink.upload_morph(morph)


#: Babylon Lite's quatSlerpInto is the same short-arc slerp (nlerp above 0.9995) as the sampler's.
_slerp = quat_slerp
