"""Batched evaluation: one clip, many groups, array operations (the ``"batched"`` stage).

The group pipeline's ``"batched"`` stage. Python-only; no Babylon Lite counterpart.

:func:`enable_batched_evaluation` fills the ``"batched"`` stage of a manager's group
pipeline (:mod:`lite.animation.animation_group_task`).
Each update it advances every attached group's clock exactly as the scalar controllers do,
then evaluates together the glTF groups that play one clip on instances of one asset, and the
property groups that play clips of one shape (the same paths, strides, interpolation and key
counts: :func:`lite.batch.property_batch.prop_shape_key`) on different objects:

1. **Sampling.** At bind time each glTF clip is compiled into a :class:`ClipPlan`: its LINEAR
   translation / rotation / scale channels that share one key-time array become per-segment
   tables (row 0 is "at or before the first key", row ``i`` the segment ``i - 1 -> i``): start
   and end key values (``a + f * (b - a)`` in float64, Babylon Lite's arithmetic), and for
   rotations the shortest-arc end ``b'``, ``theta = acos(a . b')`` and ``1 / sin(theta)``.
   Segments above Babylon Lite's ``QUAT_NLERP_THRESHOLD`` get ``theta = 1e-9`` (their slerp
   weights then equal ``1 - f`` and ``f``) and a renormalise flag. Per frame: one key search
   for all instances, gathers of the table rows, a handful of ``out=`` ufuncs.
2. **Compose, hierarchy, palette.** Local TRS -> local matrices, world matrices one depth
   level at a time (levels are contiguous blocks of a depth-sorted order), palettes
   ``inv(mesh world) * world * inverse bind``, as array operations over (component, node,
   instance) blocks, in float32 as Babylon Lite computes them; world matrices are widened
   into the instances' float64 ``pose.world``.

Instances created by :func:`lite.instantiate_many` (or ``instantiate``) live in
slabs whose world matrices and palettes are stored component-major with the instance
innermost, so a batch of ``n`` instances runs about 110 numpy calls whatever ``n`` is. Fewer
than :data:`SOA_MIN_INSTANCES` instances (and loaded assets, whose arrays are per-instance) take
a per-instance path of about 35 calls in float64: one row of the tables, a 9-call compose, one
stacked 4x4 ``matmul`` per depth level.

Semantics are those of :class:`lite.skeleton.animation_controller.GltfController` and
:class:`lite.animation.property_animation.PropertyController`: the same clock
(:mod:`lite.animation.animation_tick`) and completion, the same rest-pose reset, pose values
stored in float32, palettes of the affected skeletons only, uploads to the controller's
engine. Groups the batch cannot take this frame
(a mask, another non-stopped group on the same instance, easing, quaternion or CUBICSPLINE
property tracks, clip shapes played by fewer than :data:`PROPERTY_BATCH_MIN` property groups) tick
through :func:`lite.animation.animation_group.tick_animation`; every write to user objects
happens in attachment order. Channels outside a glTF clip's table (STEP, CUBICSPLINE, other
key times, weights, pointers) are evaluated per instance with
:func:`lite.animation.evaluate.evaluate_sampler`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

import numpy as np

from lite.animation.animation_group_task import STAGE_BATCHED, group_stage, set_group_stage
from lite.animation.animation_tick import advance_clock, clamp_time, wrap_clock
from lite.animation.property_animation import PropertyController
from lite.animation.state import (
    AnimationGroup,
    AnimationManager,
    check_manager,
    set_current_time_unchecked,
)
from lite.batch.gltf_clock import advance_gltf_clocks, plain_members
from lite.batch.members import _Batch, _FastClock, _Member
from lite.batch.plans import ClipPlan, StructurePlan, _clip_plan, _structure_plan
from lite.batch.property_batch import (
    KIND_PROPERTY,
    WritePlan,
    _finish_prop_batch,
    _prop_batchable,
    _PropBatch,
    _PropMember,
    _sample_prop_batch,
    advance_prop_batch,
    build_write_plan,
    plan_is_current,
    prop_shape_key,
    write_pass,
)
from lite.batch.root_motion import advance_roots, root_plan
from lite.batch.scratch import _single_scratch, _soa_scratch
from lite.batch.single import _eval_extras, _eval_single
from lite.batch.soa import _eval_soa
from lite.loader_gltf.instancing import COMPONENT_MAJOR_MIN, InstancePose, InstanceSlab
from lite.motion.root_motion import RootMotionTracker
from lite.skeleton.animation_controller import GltfController
from lite.skeleton.skeleton_updater import as_sink

__all__ = [
    "SOA_MIN_INSTANCES",
    "BatchEngine",
    "ClipPlan",
    "StructurePlan",
    "batch_engine_of",
    "disable_batched_evaluation",
    "enable_batched_evaluation",
]

#: Below this many instances of one slab playing one clip, each is evaluated on its own
#: (per-instance path); from here on, one component-major batch. Chosen by measurement
#: (``python -m lite.tools.bench crowd --counts 1 2 4 8 16``: per-instance 0.27 ms vs batch 0.29 ms
#: at 4 instances, 0.54 vs 0.32 ms at 8).
SOA_MIN_INSTANCES: Final = COMPONENT_MAJOR_MIN
#: Property clip shapes played by fewer groups than this tick through the scalar controllers:
#: below it numpy's per-call overhead outweighs sampling the tracks together (measured:
#: 10 groups 0.031 ms scalar vs 0.039 ms batched; 100 groups 0.295 vs 0.174 ms).
PROPERTY_BATCH_MIN: Final = 24


@dataclass(slots=True, eq=False)
class BatchEngine:
    """Per-manager state of the batched path (installed by :func:`enable_batched_evaluation`).

    Its bound :meth:`update` fills the ``"batched"`` stage of the manager's group pipeline
    (after weight fades and the weighted mixer). Plans are rebuilt when the attached groups
    change; scratch lives here, so two managers never share it.

    Attributes
    ----------
    batches
        The current batches (one per clip and slab, or per lone instance).
    soa, soa_min
        Use the batch path for ``soa_min`` or more instances of one slab (set ``soa`` to
        False to force the per-instance path).
    fast_clock
        Advance plain glTF batches' clocks in array form (False: member by member).
    property_min
        Sample a property clip for all its groups at once from this many groups on.
    """

    snapshot: list[AnimationGroup] = field(default_factory=list)
    #: Per attached group, in attachment order: its member record, or None (scalar tick).
    entries: list[_Member | _PropMember | None] = field(default_factory=list)
    #: Per attached group, this frame: 0 not evaluated, 1 scalar tick, 2 glTF batch,
    #: 3 property batch (reused list).
    kinds: list[int] = field(default_factory=list)
    batches: list[_Batch] = field(default_factory=list)
    prop_batches: list[_PropBatch] = field(default_factory=list)
    #: id(rest pose) -> (rest pose, plan), for the assets attached now.
    structures: dict[int, tuple[object, StructurePlan]] = field(default_factory=dict)
    #: (id(clip), id(rest pose)) -> (clip, rest pose, plan), for the clips attached now.
    clips: dict[tuple[int, int], tuple[object, object, ClipPlan]] = field(default_factory=dict)
    soa: bool = True
    soa_min: int = SOA_MIN_INSTANCES
    property_min: int = PROPERTY_BATCH_MIN
    #: Advance the clocks of plain glTF batches in array form (:mod:`lite.batch.gltf_clock`);
    #: False advances every member's clock on its own (the same numbers).
    fast_clock: bool = True
    #: A group's root-motion hook changed since the plans were built: rebuild next update.
    dirty: bool = field(default=False, init=False, repr=False)
    #: Positions of the entries that are not property-batch members (pass 1 visits these).
    others: list[int] = field(default_factory=list, init=False, repr=False)
    #: Pass 2's steps, kept while the frame's kinds stay the same.
    plan: WritePlan | None = field(default=None, init=False, repr=False)
    #: glTF batches whose clocks may advance in array form (their members are not in
    #: ``others`` unless the array clock cannot run that frame).
    fast_batches: list[_Batch] = field(default_factory=list, init=False, repr=False)

    def update(self, manager: AnimationManager, delta_ms: float) -> bool:
        """The ``"batched"`` stage: tick every attached group, batching where it can."""
        return _update_batched(manager, self, delta_ms)


def batch_engine_of(manager: AnimationManager) -> BatchEngine | None:
    """The manager's :class:`BatchEngine` when batched evaluation is installed, else None."""
    stage = group_stage(manager, STAGE_BATCHED)
    owner = getattr(stage, "__self__", None)
    return owner if isinstance(owner, BatchEngine) else None


def enable_batched_evaluation(manager: AnimationManager) -> BatchEngine:
    """Evaluate ``manager``'s groups of one clip together (see :mod:`lite.batch`).

    Fills the ``"batched"`` stage of the manager's group pipeline. Weight fades and a
    weighted mixer (``enable_property_animation_blending``, ``enable_animation_blending``),
    enabled before or after, keep running first; when the mixer blends, it ticks the groups
    itself that frame. Calling this twice is harmless.

    Returns
    -------
    BatchEngine
        The manager's batch state (plans and scratch), e.g. to inspect ``batches``.
    """
    with check_manager(manager)._lock:
        existing = batch_engine_of(manager)
        if existing is not None:
            return existing
        eng = BatchEngine()
        set_group_stage(manager, STAGE_BATCHED, eng.update)
        return eng


def disable_batched_evaluation(manager: AnimationManager) -> None:
    """Empty the ``"batched"`` stage: groups tick one by one again (fades, mixer unchanged)."""
    with check_manager(manager)._lock:
        if batch_engine_of(manager) is not None:
            set_group_stage(manager, STAGE_BATCHED, None)


def _rebuild(manager: AnimationManager, eng: BatchEngine) -> None:
    groups = manager._groups
    eng.snapshot = list(groups)
    entries: list[_Member | _PropMember | None] = []
    batches: dict[tuple[int, int, int, int], _Batch] = {}
    by_pose: dict[int, list[AnimationGroup]] = {}
    used_structures: set[int] = set()
    used_clips: set[tuple[int, int]] = set()
    for group in groups:
        ctrl = group._ctrl
        if isinstance(ctrl, GltfController):
            by_pose.setdefault(id(ctrl._pose), []).append(group)
    prop_batches: dict[tuple[object, ...], _PropBatch] = {}
    for group in groups:
        ctrl = group._ctrl
        if isinstance(ctrl, PropertyController):
            if not _prop_batchable(ctrl):
                entries.append(None)
                continue
            # Batched by clip shape: members' own values (and short key lists' own times)
            # are tabulated per member (property_batch._shape_track).
            pkey = prop_shape_key(ctrl)
            pbatch = prop_batches.get(pkey)
            if pbatch is None:
                pbatch = prop_batches[pkey] = _PropBatch()
            pmember = _PropMember(
                group=group,
                ctrl=ctrl,
                writers=tuple(tr.writer for tr in ctrl.tracks),
                batch=pbatch,
                slot=len(pbatch.members),
            )
            pbatch.members.append(pmember)
            entries.append(pmember)
            continue
        mixer = group._gltf_mixer
        if not isinstance(ctrl, GltfController) or ctrl.duration <= 0.0 or mixer is None:
            entries.append(None)
            continue
        pose = ctrl._pose
        data = mixer[1]
        if data.pose is not pose:
            entries.append(None)
            continue
        # Cached plans hold the objects they were built for (an id is only unique while its
        # object lives) and are pruned below to what the attached groups use.
        skey = id(pose.rest)
        cached_sp = eng.structures.get(skey)
        if cached_sp is None or cached_sp[0] is not pose.rest:
            cached_sp = eng.structures[skey] = (pose.rest, _structure_plan(pose, data.skeletons))
        sp = cached_sp[1]
        used_structures.add(skey)
        key = (id(ctrl.clip), id(pose.rest))
        cached_plan = eng.clips.get(key)
        if (
            cached_plan is None
            or cached_plan[0] is not ctrl.clip
            or cached_plan[1] is not pose.rest
        ):
            cached_plan = eng.clips[key] = (
                ctrl.clip,
                pose.rest,
                _clip_plan(ctrl.clip, ctrl, pose.rest),
            )
        plan = cached_plan[2]
        used_clips.add(key)
        slab = pose.slab if isinstance(pose, InstancePose) else None
        slot = pose.slot if isinstance(pose, InstancePose) else 0
        hook = ctrl.post_sample
        tracker = hook if isinstance(hook, RootMotionTracker) else None
        # Root-motion groups batch with groups moving the same root (the pin is per batch).
        bkey = (
            id(plan),
            id(slab) if slab is not None else id(pose),
            id(sp),
            tracker.root_joint if tracker is not None else -1,
        )
        batch = batches.get(bkey)
        if batch is None:
            cap = slab.count if slab is not None else 1
            batch = _Batch(
                plan=plan,
                sp=sp,
                slab=slab,
                times=np.zeros(cap),
                slots=np.zeros(cap, dtype=np.intp),
                lock=pose.lock,
                root=root_plan(tracker) if tracker is not None else None,
            )
            batches[bkey] = batch
        plans = ctrl._plans
        member = _Member(
            group=group,
            ctrl=ctrl,
            pose=pose,
            skeletons=data.skeletons,
            slot=slot,
            extras=tuple(plans[ci] for ci in plan.extras),
            siblings=tuple(g for g in by_pose[id(pose)] if g is not group),
            batch=batch,
            duration=plan.duration,
            tracker=tracker,
        )
        batch.members.append(member)
        batch.active.append(member)
        batch.time_list.append(0.0)
        if tracker is not None:
            batch.trackers.append(tracker)
            batch.before_list.append(0.0)
            batch.after_list.append(0.0)
        entries.append(member)
    # Forget the plans of assets no longer attached, so loading and removing assets in a loop
    # does not grow the engine (and a recycled id never meets a stale plan).
    for stale in [k for k in eng.structures if k not in used_structures]:
        del eng.structures[stale]
    for stale_clip in [k for k in eng.clips if k not in used_clips]:
        del eng.clips[stale_clip]
    eng.entries = entries
    eng.kinds = [0] * len(entries)
    eng.batches = list(batches.values())
    small = {id(pb) for pb in prop_batches.values() if len(pb.members) < eng.property_min}
    if small:
        for k, entry in enumerate(entries):
            if type(entry) is _PropMember and id(entry.batch) in small:
                entries[k] = None
    eng.prop_batches = [pb for pb in prop_batches.values() if id(pb) not in small]
    for pb in eng.prop_batches:
        _finish_prop_batch(pb)
    eng.fast_batches = _fast_batches(manager, eng.batches, entries)
    fast_ks = {k for b in eng.fast_batches if b.fast is not None for k in b.fast.ks}
    eng.others = [
        k for k, entry in enumerate(entries) if type(entry) is not _PropMember and k not in fast_ks
    ]
    for k, entry in enumerate(entries):
        if type(entry) is _PropMember:
            eng.kinds[k] = KIND_PROPERTY
    eng.plan = None


def _update_batched(manager: AnimationManager, eng: BatchEngine, delta_ms: float) -> bool:
    if eng.dirty or manager._groups != eng.snapshot:
        eng.dirty = False
        _rebuild(manager, eng)
    engine = manager.engine
    set_time = set_current_time_unchecked
    kinds = eng.kinds
    for batch in eng.batches:
        batch.count = 0
    snapshot = eng.snapshot
    entries = eng.entries
    # Pass 1: advance the clocks of the groups evaluated in batches (no writes yet): whole
    # batches in array form where they can, the others group by group.
    todo = eng.others
    if eng.fast_batches:
        fast_clock = eng.fast_clock
        store = manager._group_state.data
        for batch in eng.fast_batches:
            fast = batch.fast
            assert fast is not None
            n = len(batch.members)
            if (
                fast_clock
                and engine is None
                and eng.soa
                and n >= eng.soa_min
                and plain_members(batch, not fast.last)
                and advance_gltf_clocks(
                    store, fast.rows, batch.plan.duration, delta_ms, batch.times[:n]
                )
            ):
                batch.fast_now = True
                batch.count = n
                if not fast.last:
                    for k in fast.ks:
                        kinds[k] = 2
                    fast.last = True
                continue
            batch.fast_now = False
            fast.last = False
            todo = [*todo, *fast.ks]
    for k in todo:
        group = snapshot[k]
        member = entries[k]
        if group._stopped:
            kinds[k] = 0
            continue
        if member is None:
            kinds[k] = 1
            continue
        assert type(member) is _Member
        mask = group.mask
        tracker = member.tracker
        if member.ctrl.post_sample is not tracker:
            eng.dirty = True  # root motion enabled or disabled since the plans were built
            kinds[k] = 1
            continue
        if (mask is not None and not mask.disabled) or (
            member.siblings and not _all_stopped(member.siblings)
        ):
            kinds[k] = 1
            continue
        # GltfController.tick's clock: loops whenever the group loops.
        duration = member.duration
        before = time = group.current_time
        if group.is_playing:
            time = advance_clock(group._clock, time, delta_ms, group.speed_ratio)
        if group.loop_animation:
            t = wrap_clock(group._clock, time, 0.0, duration)
        else:
            t = time = clamp_time(time, 0.0, duration)
        set_time(group, t)
        batch = member.batch
        i = batch.count
        batch.time_list[i] = t
        batch.active[i] = member
        if tracker is not None:  # (the members' rm_before/rm_after: set where they are read)
            batch.trackers[i] = tracker
            batch.before_list[i] = before
            batch.after_list[i] = time
        batch.count = i + 1
        if engine is not None and engine is not member.ctrl._engine:
            member.ctrl._engine = as_sink(engine)
        kinds[k] = 2
    # glTF batches write only their own instances' poses: order-independent.
    for batch in eng.batches:
        if batch.count:
            _run_batch(eng, batch)
    store = manager._group_state.data
    for pbatch in eng.prop_batches:
        advance_prop_batch(pbatch, store, delta_ms)
        if pbatch.written.any():
            _sample_prop_batch(pbatch)
    # Pass 2: every write to user objects in attachment order, as the scalar path does.
    plan = eng.plan
    if plan is None or not plan_is_current(plan, kinds, eng.prop_batches):
        plan = eng.plan = build_write_plan(snapshot, entries, kinds, eng.prop_batches)
    write_pass(plan, delta_ms, engine)
    return True


def _fast_batches(
    manager: AnimationManager, batches: list[_Batch], entries: list[_Member | _PropMember | None]
) -> list[_Batch]:
    """The batches whose clocks may advance in array form (:mod:`lite.batch.gltf_clock`):
    component-major slabs evaluated whole (every member on its own slot, in slot order), no
    root motion, no channel outside the tables, no sibling group on an instance."""
    pos = {id(entry): k for k, entry in enumerate(entries) if type(entry) is _Member}
    store = manager._group_state
    out: list[_Batch] = []
    for batch in batches:
        batch.fast = None
        batch.fast_now = False
        slab = batch.slab
        members = batch.members
        if (
            slab is None
            or not slab.component_major
            or not batch.sp.affine
            or batch.plan.extras
            or batch.root is not None
            or any(
                m.slot != i or m.siblings or m.tracker is not None or m.group._store is not store
                for i, m in enumerate(members)
            )
        ):
            continue
        rows = [m.group._slot for m in members]
        lo = rows[0]
        sel: slice | np.ndarray = (
            slice(lo, lo + len(rows))
            if rows == list(range(lo, lo + len(rows)))
            else np.array(rows, dtype=np.intp)
        )
        batch.fast = _FastClock(
            groups=[m.group for m in members],
            ctrls=[m.ctrl for m in members],
            ks=[pos[id(m)] for m in members],
            rows=sel,
        )
        out.append(batch)
    return out


def _all_stopped(groups: tuple[AnimationGroup, ...]) -> bool:
    return all(g._stopped for g in groups)


def _run_batch(eng: BatchEngine, batch: _Batch) -> None:
    # A detached group of the same asset may seek on another thread: hold the pose's lock.
    with batch.lock:
        _run_batch_locked(eng, batch)


def _run_batch_locked(eng: BatchEngine, batch: _Batch) -> None:
    count = batch.count
    if batch.fast_now:
        # Every member, in slot order, times already in batch.times; no extras, no root
        # motion and no engine (checked by the array clock).
        slab = batch.slab
        assert slab is not None
        soa_sc = batch.soa
        if soa_sc is None or soa_sc.n != count:
            soa_sc = batch.soa = _soa_scratch(batch.plan, batch.sp, count)
        _eval_soa(
            batch.plan,
            batch.sp,
            soa_sc,
            batch.times[:count],
            slab.local[:count],
            slab.world[:, :, :count],
            tuple(p[:, :, :count] for p in slab.palettes),
            None,
        )
        return
    active = batch.active[:count]
    plan = batch.plan
    slab = batch.slab
    times = batch.time_list
    if (
        slab is not None
        and slab.component_major
        and eng.soa
        and count >= eng.soa_min
        and batch.sp.affine
        and not plan.pose_extras
    ):
        _run_soa(batch, slab, count)
        if batch.root is not None:
            advance_roots(
                batch.root,
                batch.trackers,
                batch.before_list,
                batch.after_list,
                count,
                len(batch.members),
            )
        if plan.extras:
            for i, member in enumerate(active):
                _eval_extras(member, times[i])
    else:
        sc = batch.single
        if sc is None:
            sc = batch.single = _single_scratch(plan, batch.sp)
        for i, member in enumerate(active):
            t = times[i]
            if member.tracker is not None:
                member.rm_before = batch.before_list[i]
                member.rm_after = batch.after_list[i]
            _eval_single(plan, batch.sp, sc, member, t)
            if plan.extras and not plan.pose_extras:
                _eval_extras(member, t)
    for member in active:
        sink = member.ctrl._engine
        if sink is not None:  # per member: each group keeps the engine it was given
            for skel in member.ctrl._skeletons:
                sink.upload_skeleton(skel)
            for morph in member.ctrl._morph_touched:
                sink.upload_morph(morph)


def _run_soa(batch: _Batch, slab: InstanceSlab, count: int) -> None:
    sc = batch.soa
    if sc is None or sc.n != count:
        sc = batch.soa = _soa_scratch(batch.plan, batch.sp, count)
    in_order = True
    slots = batch.slots
    for i in range(count):
        member = batch.active[i]
        slots[i] = member.slot
        if member.slot != i:
            in_order = False
    times = batch.times[:count]
    np.copyto(times, batch.time_list[:count])
    sp = batch.sp
    if in_order:
        _eval_soa(
            batch.plan,
            sp,
            sc,
            times,
            slab.local[:count],
            slab.world[:, :, :count],
            tuple(p[:, :, :count] for p in slab.palettes),
            batch.root,
        )
        return
    # Members out of slot order, or a subset of the slab: gather, evaluate, scatter back.
    idx = slots[:count]
    local = slab.local[idx]
    world = slab.world[:, :, idx]
    pals = tuple(p[:, :, idx] for p in slab.palettes)
    _eval_soa(batch.plan, sp, sc, times, local, world, pals, batch.root)
    slab.local[idx] = local
    slab.world[:, :, idx] = world
    for si in batch.plan.skeletons:
        slab.palettes[si][:, :, idx] = pals[si]
