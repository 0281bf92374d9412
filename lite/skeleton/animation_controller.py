"""glTF animation groups and their controller.

Port of createAnimationGroups (src/animation/animation-group.ts) and the evaluation half of
createAnimationController (src/skeleton/skeleton-updater.ts).

One :class:`~lite.animation.animation_group.AnimationGroup` per glTF clip. Its controller
(:class:`GltfController`) samples the clip's channels into the asset's shared pose
(:class:`~lite.skeleton.pose.NodePose`), morph weights and KHR_animation_pointer targets, then
resolves world matrices and the palettes of the skeletons the clip drives, and hands those to
the engine, if one was given (:class:`~lite.skeleton.skeleton_updater.GpuSink`).

:func:`create_animation_controller` is the public ``createAnimationController``: the same
controller over caller-given nodes, skins and morphs that also writes node TRS back into the
caller's scene targets (``position.set``, ``rotationQuaternion.set``, ``scaling.set``).
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Final, Protocol, TypeVar, cast

import numpy as np

from lite.animation.animation_group_mask import (
    AnimationGroupMaskMode,
    animation_group_mask_retains_target,
)
from lite.animation.animation_tick import TickClock, advance_clock, clamp_time, wrap_clock
from lite.animation.constants import (
    DEFAULT_FRAME_RATE,
    INTERP_CUBICSPLINE,
    PATH_POINTER,
    PATH_ROTATION,
    PATH_SCALE,
    PATH_TRANSLATION,
    PATH_WEIGHTS,
)
from lite.animation.diagnostics import emit_animation_diagnostic
from lite.animation.evaluate import evaluate_sampler
from lite.animation.state import AnimationGroup, TargetedAnimation
from lite.animation.types import AnimationChannel, AnimationClip, NodeRest
from lite.errors import AnimationPathError, AnimationStateError, KeyframeError, LiteWarning
from lite.skeleton.pose import (
    POSE_STRIDE,
    R_OFF,
    S_OFF,
    T_OFF,
    NodePose,
    create_node_pose,
    update_world_matrices,
)
from lite.skeleton.skeleton_updater import (
    GltfAnimationData,
    GpuSink,
    MorphBinding,
    PointerBinding,
    PointerWriter,
    SkeletonBinding,
    as_sink,
    skeletons_affected_by,
    update_joint_matrices,
)

if TYPE_CHECKING:
    from lite.animation.animation_group_mask import AnimationGroupMask
    from lite.animation.types import AnimationSampler, F32Array

__all__ = [
    "AnimatedNodeTarget",
    "GltfController",
    "create_animation_controller",
    "create_animation_groups",
]

_PATH_NAMES: Final = {
    PATH_TRANSLATION: "translation",
    PATH_ROTATION: "rotation",
    PATH_SCALE: "scale",
    PATH_WEIGHTS: "weights",
    PATH_POINTER: "pointer",
}

#: Placeholder for a controller's per-node mask flags until a mask applies (never written).
_NO_MASK: Final = np.zeros(0, dtype=bool)
# Channel plan kinds (compared as ints per frame).
_K_POSE: Final = 0
_K_WEIGHTS: Final = 1
_K_POINTER: Final = 2


class GltfController:
    """Evaluates one glTF clip into the shared pose (the group's controller).

    Per tick, as Babylon Lite's ``createAnimationController``: advance time (when playing),
    wrap (loop) or clamp, put the nodes this clip re-poses back to rest, sample every
    channel (skipping masked nodes), resolve world matrices and the palettes of the
    skeletons this clip drives, then upload those palettes and the written morph weights
    when an engine is known. Everything is allocated here, at bind time.
    """

    __slots__ = (
        "_affected_skeletons",
        "_clock",
        "_engine",
        "_has_pose_channels",
        "_mask_disabled",
        "_mask_len",
        "_mask_mode",
        "_mask_names",
        "_mask_obj",
        "_masked",
        "_mask_active",
        "_morph_touched",
        "_node_names",
        "_target_ids",
        "_plans",
        "_reset_where",
        "_skeletons",
        "_pose",
        "_pose_flat",
        "clip",
        "post_sample",
        "completed",
        "duration",
        "loop",
        "playing",
        "speed_ratio",
        "time",
    )

    def __init__(self, clip: AnimationClip, data: GltfAnimationData) -> None:
        self.clip = clip
        self.duration = float(clip.duration)
        self.time = 0.0
        self._clock = TickClock()
        self.playing = True
        self.speed_ratio = 1.0
        self.loop = True
        self.completed = False
        #: Called as ``post_sample(pose, from_time, to_time)`` after the channels are sampled
        #: and before world matrices are resolved, under the pose lock: ``from_time`` is the
        #: clip time before this tick, ``to_time`` that time plus this tick's advance (not
        #: wrapped, so a loop that wrapped reads past the end). Root motion installs one
        #: (:func:`lite.enable_root_motion`); a group with one is never batched.
        self.post_sample: Callable[[NodePose, float, float], object] | None = None
        pose = data.pose
        self._pose = pose
        self._pose_flat: F32Array = pose.local.reshape(-1)
        n = pose.node_count
        morph_by_node = {m.node_idx: m for m in data.morph_bindings}
        plans: list[
            tuple[int, AnimationSampler, int, bool, F32Array, int, int, PointerWriter | None]
        ] = []
        animated: set[int] = set()
        morph_touched: list[MorphBinding] = []
        for ch in clip.channels:
            sampler = clip.samplers[ch.sampler_idx]
            path = ch.path
            if path == PATH_POINTER:
                binding = data.pointers[ch.pointer or ""]
                scratch = np.zeros(binding.arity, dtype=np.float32)
                plans.append(
                    (
                        _K_POINTER,
                        sampler,
                        binding.arity,
                        binding.quaternion,
                        scratch,
                        0,
                        -1,
                        binding.writer,
                    )
                )
            elif path == PATH_WEIGHTS:
                morph = morph_by_node[ch.node_idx]
                plans.append(
                    (
                        _K_WEIGHTS,
                        sampler,
                        morph.target_count,
                        False,
                        morph.weights,
                        0,
                        ch.node_idx,
                        None,
                    )
                )
                if morph not in morph_touched:
                    morph_touched.append(morph)
            else:
                off = (
                    T_OFF if path == PATH_TRANSLATION else R_OFF if path == PATH_ROTATION else S_OFF
                )
                plans.append(
                    (
                        _K_POSE,
                        sampler,
                        4 if path == PATH_ROTATION else 3,
                        path == PATH_ROTATION,
                        self._pose_flat,
                        ch.node_idx * POSE_STRIDE + off,
                        ch.node_idx,
                        None,
                    )
                )
                animated.add(ch.node_idx)
        self._plans = tuple(plans)
        self._has_pose_channels = bool(animated)
        self._morph_touched = tuple(morph_touched)
        affected = skeletons_affected_by(animated, data.skeletons, pose.parent)
        self._skeletons = tuple(data.skeletons[i] for i in affected)
        # Nodes put back to rest each tick: every node this clip animates (so masked ones
        # keep their rest pose) and every joint of the skeletons it re-poses (Babylon Lite
        # re-poses a whole rig from rest + this clip).
        # One flag per node, broadcast over the pose row: a clip costs n bytes here, not
        # n x POSE_STRIDE (many clips on a large node tree add up).
        reset = np.zeros((n, 1), dtype=bool)
        for i in animated:
            reset[i] = True
        for skel in self._skeletons:
            reset[skel.joint_nodes] = True
        self._reset_where = reset
        self._affected_skeletons = affected
        self._engine: GpuSink | None = None
        self._node_names = data.node_names
        self._target_ids = data.target_ids
        # Allocated by set_mask when a mask first applies (read only while one is active).
        self._masked = _NO_MASK
        self._mask_active = False
        self._mask_obj: AnimationGroupMask | None = None
        self._mask_names: list[str] | None = None
        self._mask_len = -1
        self._mask_mode = -1
        self._mask_disabled = False

    @property
    def skeletons(self) -> tuple[SkeletonBinding, ...]:
        """The skeletons this clip re-poses and uploads."""
        return self._skeletons

    def set_mask(self, mask: AnimationGroupMask | None) -> None:
        """Resolve ``mask`` to per-node skip flags (re-resolved only when it changed).

        Like Babylon Lite, a change is detected from the mask object, its ``names`` list
        object and length, ``mode`` and ``disabled``; edit ``names`` in place at the same
        length and the old resolution stays.
        """
        if mask is None or mask.disabled:
            self._mask_active = False
            return
        names = mask.names
        mode = int(mask.mode)
        if (
            mask is self._mask_obj
            and names is self._mask_names
            and len(names) == self._mask_len
            and mode == self._mask_mode
            and not self._mask_disabled
        ):
            self._mask_active = True
            return
        self._mask_obj = mask
        self._mask_names = names
        self._mask_len = len(names)
        self._mask_mode = mode
        self._mask_disabled = mask.disabled
        masked = self._masked
        if masked.shape[0] != len(self._node_names):
            masked = self._masked = np.zeros(len(self._node_names), dtype=bool)
        for i, name in enumerate(self._node_names):
            masked[i] = not animation_group_mask_retains_target(mask, name or "")
        # A mask may list stable target ids (lite.derive_target_id) where it lists names.
        ids = self._target_ids
        if ids:
            include = mask.mode == AnimationGroupMaskMode.INCLUDE
            listed = set(names)
            for i, tid in enumerate(ids):
                if tid is not None and tid in listed:
                    masked[i] = not include
        self._mask_active = True

    def tick(self, delta_ms: float, engine: object | None = None) -> None:
        """Advance by ``delta_ms`` (when playing), wrap or clamp, evaluate, update, upload."""
        duration = self.duration
        if duration <= 0.0:
            # Babylon Lite: zero-length clips get a no-op controller.
            return
        if engine is not None and engine is not self._engine:
            self._engine = as_sink(engine)
        before = self.time
        if self.playing:
            self.time = advance_clock(self._clock, self.time, delta_ms, self.speed_ratio)
        unwrapped = self.time
        # Babylon Lite's glTF controller loops whenever the group loops (playing or not).
        if self.loop:
            t = wrap_clock(self._clock, self.time, 0.0, duration)
        else:
            t = clamp_time(self.time, 0.0, duration)
            unwrapped = t
        self.time = t

        with self._pose.lock:
            self._write_pose(t, before, unwrapped)

    def _write_pose(self, t: float, before: float, unwrapped: float) -> None:
        # Under ``pose.lock``: every other writer of this asset's pose (a sibling group's
        # tick on another thread, the batched engine, the glTF mixer) holds it too.
        pose = self._pose
        np.copyto(pose.local, pose.rest, where=self._reset_where)
        mask_active = self._mask_active
        masked = self._masked
        for kind, sampler, stride, quat, dst, off, node, writer in self._plans:
            if mask_active and node >= 0 and masked[node]:
                continue
            evaluate_sampler(sampler, t, stride, quat, dst, off)
            if kind == _K_POINTER and writer is not None:
                writer(dst)
        hook = self.post_sample
        if hook is not None:
            hook(pose, before, unwrapped)
        if self._has_pose_channels:
            update_world_matrices(pose)
            for skel in self._skeletons:
                update_joint_matrices(pose, skel)
        sink = self._engine
        if sink is not None:
            for skel in self._skeletons:
                sink.upload_skeleton(skel)
            for morph in self._morph_touched:
                if not (mask_active and masked[morph.node_idx]):
                    sink.upload_morph(morph)


#: A glTF group's clip had channels its asset cannot play: skipped, one warning per group
#: and reason (the facts go to lite.subscribe_animation_diagnostics one by one).
W_UNPLAYABLE: Final = "LITE-GLTF-W07"

_UNPLAYABLE_HINTS: Final = {
    "sampler-missing": "point the channel at one of the clip's samplers",
    "target-missing": "a channel must target a node (or pointer) of the asset it plays on",
    "morph-missing": "animate weights only on nodes whose mesh has morph targets",
    "accessor-size": "a sampler must hold keys x values-per-key (x 3 for CUBICSPLINE) floats",
}


def _channel_fault(
    ch: AnimationChannel, clip: AnimationClip, data: GltfAnimationData, morphs: Mapping[int, int]
) -> str | None:
    """Why ``ch`` cannot play on ``data``'s asset (a diagnostic reason), or ``None``."""
    if not 0 <= ch.sampler_idx < len(clip.samplers):
        return "sampler-missing"
    if ch.path == PATH_POINTER:
        binding = data.pointers.get(ch.pointer or "")
        if binding is None:
            return "target-missing"
        stride = binding.arity
    elif not 0 <= ch.node_idx < len(data.nodes):
        return "target-missing"
    elif ch.path == PATH_WEIGHTS:
        if ch.node_idx not in morphs:
            return "morph-missing"
        stride = morphs[ch.node_idx]
    else:
        stride = 4 if ch.path == PATH_ROTATION else 3
    sampler = clip.samplers[ch.sampler_idx]
    per_key = 3 if sampler.interpolation == INTERP_CUBICSPLINE else 1
    if sampler.output.size != sampler.input.shape[0] * per_key * stride:
        return "accessor-size"
    return None


def _playable_clip(clip: AnimationClip, index: int, data: GltfAnimationData) -> AnimationClip:
    """``clip`` without the channels ``data``'s asset cannot play (the same object when all
    can): each skipped channel is one diagnostic fact, each (group, reason) one warning, the
    first time they are found for this asset. Checked once here, never per frame."""
    morphs = {m.node_idx: m.target_count for m in data.morph_bindings}
    kept: list[AnimationChannel] = []
    faults: dict[str, list[int]] = {}
    player = clip.name or f"animation_{index}"
    scope = data.diagnostics
    for ci, ch in enumerate(clip.channels):
        reason = _channel_fault(ch, clip, data, morphs)
        if reason is None:
            kept.append(ch)
            continue
        target: int | str | None = ch.pointer if ch.path == PATH_POINTER else ch.node_idx
        detail: dict[str, object] = {
            "asset": scope.label,
            "clip": index,
            "clip_name": clip.name,
            "channel": ci,
            "target": target,
            "reason": reason,
            "player": player,
        }
        if emit_animation_diagnostic(
            scope,
            W_UNPLAYABLE,
            _UNPLAYABLE_HINTS[reason],
            f"group {player!r}: channel {ci} ({reason}, target {target!r}) cannot play",
            detail,
        ):
            faults.setdefault(reason, []).append(ci)
    for reason, channels in faults.items():
        shown = ", ".join(map(str, channels[:8])) + (" ..." if len(channels) > 8 else "")
        warnings.warn(
            LiteWarning(
                W_UNPLAYABLE,
                f"group {player!r}: {len(channels)} channel(s) skipped ({reason}): channels "
                f"{shown}; the others play",
            ),
            stacklevel=3,
        )
    if len(kept) == len(clip.channels):
        return clip
    return AnimationClip(
        name=clip.name,
        channels=tuple(kept),
        samplers=clip.samplers,
        duration=clip.duration,
        frame_rate=clip.frame_rate,
    )


def create_animation_groups(
    animation_data: GltfAnimationData, *, engine: object | None = None
) -> list[AnimationGroup]:
    """Create one :class:`~lite.animation.animation_group.AnimationGroup` per clip.

    As in Babylon Lite (and Babylon.js's default ``animationStartMode``), only the first
    group starts playing; the others are stopped until ``play_animation``. Groups are named
    after their clip, or ``animation_<i>`` when the clip has no name, and convert frames at
    the clip's frame rate (60 for glTF).

    Parameters
    ----------
    animation_data
        From :func:`lite.loader_gltf.load_gltf` (``asset.animation_data``).
    engine
        Optional GPU engine the controllers upload through even when their manager has none
        (``load_gltf(..., engine)`` passes its engine here).

    Returns
    -------
    list[AnimationGroup]
        Not attached to any manager; pass them to ``add_animation_groups``.

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-014`` when ``animation_data`` is not a ``GltfAnimationData``.
    """
    if not isinstance(animation_data, GltfAnimationData):
        raise AnimationStateError(
            "LITE-STATE-014",
            f"animation_data must be a GltfAnimationData, got {type(animation_data).__name__}",
            hint="pass asset.animation_data from lite.load_gltf",
            input_name="animation_data",
        )
    names = animation_data.node_names
    targets = animation_data.node_targets
    sink = as_sink(engine) if engine is not None else None
    groups: list[AnimationGroup] = []
    for index, authored in enumerate(animation_data.clips):
        clip = _playable_clip(authored, index, animation_data)
        ctrl = GltfController(clip, animation_data)
        ctrl._engine = sink
        started = index == 0
        targeted = tuple(
            TargetedAnimation(
                path=_PATH_NAMES[ch.path],
                target=(
                    targets[ch.node_idx]
                    if ch.node_idx >= 0 and ch.node_idx < len(targets)
                    else None
                ),
                target_name=names[ch.node_idx] if ch.node_idx >= 0 else None,
                node_index=ch.node_idx if ch.node_idx >= 0 else None,
            )
            for ch in clip.channels
        )
        group = AnimationGroup(
            name=clip.name or f"animation_{index}",
            duration=clip.duration,
            frame_rate=clip.frame_rate or DEFAULT_FRAME_RATE,
            is_playing=started,
            current_time=0.0,
            targeted_animations=targeted,
            speed_ratio=1.0,
            loop_animation=True,
            weight=1.0,
            _ctrl=ctrl,
            _stopped=not started,
        )
        group._gltf_mixer = (clip, animation_data)
        groups.append(group)
    return groups


# ---------------------------------------------------------------------------------------------
# Public controller: Babylon Lite's createAnimationController (src/skeleton/skeleton-updater.ts)
# ---------------------------------------------------------------------------------------------

_T = TypeVar("_T")

#: Node-TRS writeback bits per node, as Babylon Lite's ``nodeTrsBindings`` mask.
_WRITE_T: Final = 1
_WRITE_R: Final = 2
_WRITE_S: Final = 4
_WRITE_BITS: Final = {PATH_TRANSLATION: _WRITE_T, PATH_ROTATION: _WRITE_R, PATH_SCALE: _WRITE_S}
_WRITE_MEMBERS: Final = (
    (_WRITE_T, "position"),
    (_WRITE_R, "rotationQuaternion"),
    (_WRITE_S, "scaling"),
)


class _Vec3Setter(Protocol):
    def set(self, x: float, y: float, z: float) -> object: ...


class _QuatSetter(Protocol):
    def set(self, x: float, y: float, z: float, w: float) -> object: ...


class AnimatedNodeTarget(Protocol):
    """A scene node the controller writes glTF node TRS into (Babylon Lite's type of that name).

    Babylon-shaped on purpose (``rotationQuaternion``), so a ``lite_compat`` ``TransformNode``
    (give it a ``rotationQuaternion`` first, Babylon's default is ``None``) or any object of your
    own scene graph with these three members can be driven. Members are read on every write, so
    replacing ``target.position`` during playback redirects later writes.
    """

    @property
    def position(self) -> _Vec3Setter:
        """Receives ``set(x, y, z)`` with the node's translation."""
        ...

    @property
    def rotationQuaternion(self) -> _QuatSetter:  # noqa: N802 - Babylon's member name
        """Receives ``set(x, y, z, w)`` with the node's rotation."""
        ...

    @property
    def scaling(self) -> _Vec3Setter:
        """Receives ``set(x, y, z)`` with the node's scale."""
        ...


class _NodeTargetController(GltfController):
    """A :class:`GltfController` that also writes node TRS into caller scene targets."""

    __slots__ = ("_has_names", "_node_writes")

    _node_writes: tuple[tuple[AnimatedNodeTarget, int, F32Array], ...]
    _has_names: bool

    def set_mask(self, mask: AnimationGroupMask | None) -> None:
        """Apply ``mask`` (needs ``node_names``; without them, as in Lite, masks are ignored)."""
        if not self._has_names:
            self._mask_active = False
            return
        GltfController.set_mask(self, mask)

    def tick(self, delta_ms: float, engine: object | None = None) -> None:
        """Advance, wrap or clamp, evaluate, update palettes, upload, then write node targets."""
        # Babylon Lite writes the float32 pose values (masked nodes hold their rest TRS). The
        # rows this tick wrote are read before the pose lock goes (no other writer can come
        # between); the user setters run outside it.
        with self._pose.lock:
            GltfController.tick(self, delta_ms, engine)
            if self.duration <= 0.0:
                return
            values = [row.tolist() for _, _, row in self._node_writes]
        for (target, bits, _), v in zip(self._node_writes, values, strict=True):
            if bits & _WRITE_T:
                target.position.set(v[0], v[1], v[2])
            if bits & _WRITE_R:
                target.rotationQuaternion.set(v[3], v[4], v[5], v[6])
            if bits & _WRITE_S:
                target.scaling.set(v[7], v[8], v[9])


def _not_lite(name: str, expected: str, value: object) -> AnimationStateError:
    return AnimationStateError(
        "LITE-STATE-014",
        f"create_animation_controller {name} must be {expected}, got {type(value).__name__}",
        hint="pass the parts of a loaded asset's animation_data (clips[i], nodes, skeletons, "
        "morph_bindings)",
        input_name=name,
    )


def _out_of_range(name: str, what: str, index: int, count: int) -> AnimationStateError:
    return AnimationStateError(
        "LITE-STATE-016",
        f"{name} refers to {what} {index}, but there are {count}",
        hint="give the controller the node list (and clip) the skins, morphs and channels "
        "were built for",
        input_name=name,
    )


def _sequence(value: object, name: str, item: type[_T], expected: str) -> tuple[_T, ...]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise _not_lite(name, f"a sequence of {expected}", value)
    items = tuple(value)
    for i, entry in enumerate(items):
        if not isinstance(entry, item):
            raise _not_lite(f"{name}[{i}]", expected, entry)
    return items


def _index_set(value: object) -> frozenset[int]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise _not_lite("excluded", "a set of node indices", value)
    out: set[int] = set()
    for entry in value:
        if isinstance(entry, bool) or not isinstance(entry, (int, np.integer)):
            raise _not_lite("excluded", "a set of int node indices", entry)
        out.add(int(entry))
    return frozenset(out)


def create_animation_controller(
    clip: AnimationClip,
    nodes: Sequence[NodeRest] | NodePose,
    skins: Sequence[SkeletonBinding],
    morphs: Sequence[MorphBinding],
    node_targets: Sequence[AnimatedNodeTarget | None] | None = None,
    excluded: Iterable[int] | None = None,
    *,
    node_names: Sequence[str | None] | None = None,
    pointers: Mapping[str, PointerBinding] | None = None,
) -> GltfController:
    """Create the controller that plays one glTF clip: Lite's ``createAnimationController``.

    Each ``tick(delta_ms, engine=None)`` advances ``time`` by ``delta_ms / 1000 * speed_ratio``
    (when ``playing``), wraps it into ``[0, duration)`` (``loop``, JavaScript ``%`` semantics)
    or clamps it to ``[0, duration]``, puts the nodes the clip animates back to rest, samples
    every channel, and then, as Lite does:

    - writes each animated node's translation, rotation and scale into
      ``node_targets[node]`` through ``position.set(x, y, z)``,
      ``rotationQuaternion.set(x, y, z, w)`` and ``scaling.set(x, y, z)`` (only the paths this
      clip animates; nodes in ``excluded`` and ``None`` targets are skipped);
    - writes morph weights into ``morphs[i].weights``;
    - recomputes world matrices and the joint palettes (``joint_matrices``) of the skins the
      clip re-poses, and uploads palettes and weights when an engine is given (kept for later
      ticks, like Lite's cached engine).

    A clip of zero duration gives a controller whose ``tick`` does nothing.

    Parameters
    ----------
    clip
        The clip to play, e.g. ``asset.animation_data.clips[i]``.
    nodes
        Rest pose and parent of every node (``animation_data.nodes``): the controller owns a
        private pose built from them, as Lite's does. A :class:`~lite.skeleton.NodePose` (such
        as ``asset.pose``) is used as is instead, so the asset's ``GltfNode`` views and its
        static ``matrix`` nodes follow.
    skins
        Skeletons whose palettes the controller may update (``animation_data.skeletons``).
    morphs
        Morph sets whose weights the controller may write (``animation_data.morph_bindings``);
        weight channels of nodes without one are skipped, as in Lite.
    node_targets
        Optional scene target per node index (:class:`AnimatedNodeTarget`); shorter sequences
        and ``None`` entries leave those nodes unwritten.
    excluded
        Node indices never written back (Lite's ``excludedNodeIndices``: typically skin
        joints, skinned-mesh nodes and their ancestors, which the palettes already move).
    node_names
        Keyword only (Lite's trailing ``nodeNames``): names per node, needed for
        ``set_mask``; without them a mask is ignored, as in Lite.
    pointers
        Keyword only: KHR_animation_pointer bindings by pointer
        (``animation_data.pointers``); pointer channels without one are skipped. Lite's
        channels carry their writer; ours are resolved through this map.

    Returns
    -------
    GltfController
        With ``time``, ``playing``, ``speed_ratio``, ``loop``, ``tick`` and ``set_mask``.
        Groups built on it (``tick_animation``) push their playback fields in before each
        tick and write the advanced ``time`` back to ``current_time`` after it.

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-014`` when an argument is not the expected lite object (its input name
        says which, e.g. ``skins[1]``); ``LITE-STATE-016`` when a channel, skin, morph or
        ``node_names`` does not fit the node list or a channel's sampler index is out of
        range.
    AnimationPathError
        ``LITE-PATH-002`` when a target this clip writes has no ``position``,
        ``rotationQuaternion`` or ``scaling`` with a callable ``set``.
    KeyframeError
        ``LITE-ANIM-010`` when a channel's sampler does not hold values of its path's size.
    GltfLoadError
        ``LITE-GLTF-002`` / ``LITE-GLTF-005`` when the parent links of ``nodes`` are out of
        range or form a cycle.

    Examples
    --------
    >>> import numpy as np
    >>> import lite
    >>> from lite.types import AnimationChannel
    >>> class Vec:
    ...     def set(self, *v):
    ...         self.v = v
    >>> class Node:
    ...     position, rotationQuaternion, scaling = Vec(), Vec(), Vec()
    >>> keys = np.array([0, 1], np.float32)
    >>> slide = lite.AnimationSampler(keys, np.array([0, 0, 0, 2, 0, 0], np.float32), 0)
    >>> move = AnimationChannel(sampler_idx=0, node_idx=0, path=lite.PATH_TRANSLATION)
    >>> clip = lite.AnimationClip("Slide", [move], [slide], duration=1.0)
    >>> box = Node()
    >>> ctrl = lite.create_animation_controller(clip, [lite.NodeRest()], [], [], [box])
    >>> ctrl.tick(250.0)
    >>> box.position.v
    (0.5, 0.0, 0.0)
    """
    if not isinstance(clip, AnimationClip):
        raise _not_lite("clip", "an AnimationClip", clip)
    if isinstance(nodes, NodePose):
        pose = nodes
        rests: tuple[NodeRest, ...] = ()
    else:
        rests = _sequence(nodes, "nodes", NodeRest, "NodeRest")
        pose = create_node_pose(rests)
    n = pose.node_count
    skin_list = _sequence(skins, "skins", SkeletonBinding, "SkeletonBinding")
    morph_list = _sequence(morphs, "morphs", MorphBinding, "MorphBinding")
    for i, skel in enumerate(skin_list):
        for node in (*skel.joint_nodes.tolist(), skel.mesh_node):
            if not 0 <= node < n:
                raise _out_of_range(f"skins[{i}]", "node", node, n)
    for i, morph in enumerate(morph_list):
        if not 0 <= morph.node_idx < n:
            raise _out_of_range(f"morphs[{i}]", "node", morph.node_idx, n)
    targets: tuple[AnimatedNodeTarget | None, ...] = ()
    if node_targets is not None:
        if isinstance(node_targets, (str, bytes)) or not isinstance(node_targets, Iterable):
            raise _not_lite("node_targets", "a sequence of scene nodes (or None)", node_targets)
        targets = tuple(node_targets)
    skip = frozenset[int]() if excluded is None else _index_set(excluded)
    names: tuple[str | None, ...] = ()
    if node_names is not None:
        if isinstance(node_names, (str, bytes)) or not isinstance(node_names, Iterable):
            raise _not_lite("node_names", "a sequence of str or None", node_names)
        names = tuple(node_names)
        if any(not (nm is None or isinstance(nm, str)) for nm in names):
            raise _not_lite("node_names", "a sequence of str or None", names)
        if len(names) != n:
            raise AnimationStateError(
                "LITE-STATE-016",
                f"node_names has {len(names)} names for {n} nodes",
                hint="give one name (or None) per node, e.g. animation_data.node_names",
                input_name="node_names",
            )
    pointer_map: Mapping[str, PointerBinding] = {} if pointers is None else pointers
    if not isinstance(pointer_map, Mapping):
        raise _not_lite("pointers", "a mapping of pointer to PointerBinding", pointers)

    morph_nodes = {m.node_idx: m for m in morph_list}
    kept = []
    writes: dict[int, int] = {}  # node -> written paths, in first-channel order (Lite's Map)
    for ci, ch in enumerate(clip.channels):
        name = f"clip.channels[{ci}]"
        if not 0 <= ch.sampler_idx < len(clip.samplers):
            raise _out_of_range(name, "sampler", ch.sampler_idx, len(clip.samplers))
        sampler = clip.samplers[ch.sampler_idx]
        path = ch.path
        if path == PATH_POINTER:
            binding = pointer_map.get(ch.pointer or "")
            if binding is None:
                continue
            stride = binding.arity
        else:
            if not 0 <= ch.node_idx < n:
                raise _out_of_range(name, "node", ch.node_idx, n)
            if path == PATH_WEIGHTS:
                if ch.node_idx not in morph_nodes:
                    continue
                stride = morph_nodes[ch.node_idx].target_count
            else:
                stride = 4 if path == PATH_ROTATION else 3
                node = ch.node_idx
                if node not in skip and node < len(targets) and targets[node] is not None:
                    writes[node] = writes.get(node, 0) | _WRITE_BITS[path]
        per_key = stride * (3 if sampler.interpolation == INTERP_CUBICSPLINE else 1)
        if sampler.output.shape[0] != sampler.input.shape[0] * per_key:
            raise KeyframeError(
                "LITE-ANIM-010",
                f"{name}: sampler {ch.sampler_idx} holds {sampler.output.shape[0]} values for "
                f"{sampler.input.shape[0]} keys, expected {per_key} per key",
                hint="weights channels need one value per morph target of the node's morph set",
                input_name=f"clip.samplers[{ch.sampler_idx}]",
            )
        kept.append(ch)

    for node, bits in writes.items():
        target = targets[node]
        for bit, member in _WRITE_MEMBERS:
            if bits & bit and not callable(getattr(getattr(target, member, None), "set", None)):
                raise AnimationPathError(
                    "LITE-PATH-002",
                    f"node_targets[{node}] ({type(target).__name__}) has no {member}.set(...) "
                    "for the clip to write",
                    hint="give scene targets position, rotationQuaternion and scaling objects "
                    "with a set method, or exclude the node",
                    input_name=f"node_targets[{node}].{member}",
                )

    if len(kept) != len(clip.channels):
        clip = AnimationClip(
            name=clip.name,
            channels=tuple(kept),
            samplers=clip.samplers,
            duration=clip.duration,
            frame_rate=clip.frame_rate,
        )
    data = GltfAnimationData(
        clips=(clip,),
        nodes=rests,
        skeletons=skin_list,
        morph_bindings=morph_list,
        node_names=names or (None,) * n,
        pose=pose,
        pointers=pointer_map,
    )
    ctrl = _NodeTargetController(clip, data)
    local = pose.local
    ctrl._node_writes = tuple(
        (cast("AnimatedNodeTarget", targets[node]), bits, local[node])
        for node, bits in writes.items()
    )
    ctrl._has_names = node_names is not None
    return ctrl
