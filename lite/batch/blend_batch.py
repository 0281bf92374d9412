"""Weighted glTF blending of many instances at once: the mixer's batched path.

The weighted glTF mixer (:mod:`lite.skeleton.weighted_gltf_mixer`) blends one asset at a time:
per group, per channel, a sample and a weighted fold into that asset's TRS accumulator, then
the asset's world matrices and palettes. For the instances of one slab (clones made by
:func:`lite.instantiate_many`) this module does the same work for all of them together:

1. The mixer still advances each group's clock in attachment order; for an asset taken here
   it records ``(slot, clip, time, weight)`` (a row of the frame's contribution table, the
   weights a column of it) instead of folding the group in.
2. One compiled loop (:mod:`lite.batch.blend_jit`) resets every taken instance to its rest
   pose, folds the contributions in (each instance's groups in attachment order, so each
   instance sees the mixer's order), finishes the rotations and stores the poses into the
   slab's ``local`` rows: the mixer's float operations, so its bits.
3. World matrices and palettes of all the taken instances in one pass over stacked arrays:
   :func:`lite.skeleton.pose.compose_matrices` on every row, one stacked ``matmul`` per depth
   level, one per skeleton product: the per-instance functions' operations on more rows, so
   their bits.

An asset is taken in a frame when it is a slot of a component-major slab and every playing
group on it is a plain weighted group (no additive layer, no mask) whose clip has only
translation, rotation, scale and pointer channels (pointer channels are not evaluated when
blending, as in the mixer). Anything else blends through the mixer's own code that frame.
Without numba (or with ``LITE_JIT=0``) nothing is taken: the mixer's path gives the same
numbers. Python-only; no Babylon Lite counterpart.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Container
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from lite.animation.constants import (
    INTERP_LINEAR,
    PATH_POINTER,
    PATH_ROTATION,
    PATH_SCALE,
    PATH_TRANSLATION,
    QUAT_NLERP_THRESHOLD,
)
from lite.batch import blend_jit
from lite.loader_gltf.instancing import InstancePose, InstanceSlab
from lite.skeleton import weighted_gltf_mixer
from lite.skeleton.pose import POSE_STRIDE, compose_matrices
from lite.skeleton.skeleton_updater import GltfAnimationData, as_sink

if TYPE_CHECKING:
    from lite.animation.state import AnimationManager
    from lite.animation.types import AnimationClip, AnimationSampler, F32Array, F64Array

I64Array = npt.NDArray[np.int64]
__all__ = ["GltfBlendBatch", "install"]

_PATH_CODE = {
    PATH_TRANSLATION: blend_jit.CH_TRANSLATION,
    PATH_ROTATION: blend_jit.CH_ROTATION,
    PATH_SCALE: blend_jit.CH_SCALE,
}


def _rotation_segments(sampler: AnimationSampler, rotation: bool) -> F64Array:
    """Per key of a LINEAR rotation sampler, the segment to the next key as ``quat_slerp``
    sees it: ``(sign, nlerp, theta, sin(theta))`` with the sign that puts the second key on
    the first one's side, whether the pair is lerped (above the threshold), and the angle.
    The same double operations (and C library ``acos`` / ``sin``) as ``quat_slerp``."""
    n = len(sampler.times)
    out = np.zeros((n, 4))
    if not rotation or sampler.interpolation != INTERP_LINEAR:
        return out
    v = sampler._values
    for i in range(n - 1):
        ax, ay, az, aw = v[4 * i : 4 * i + 4]
        bx, by, bz, bw = v[4 * i + 4 : 4 * i + 8]
        dot = ax * bx + ay * by + az * bz + aw * bw
        sign = 1.0
        if dot < 0.0:
            sign = -1.0
            dot = -dot
        if dot > QUAT_NLERP_THRESHOLD:
            out[i] = (sign, 1.0, 0.0, 0.0)
        else:
            theta = math.acos(dot)
            out[i] = (sign, 0.0, theta, math.sin(theta))
    return out


@dataclass(slots=True, eq=False)
class _Tables:
    """The channels of every clip blended on one slab, packed for the compiled loop."""

    #: id(clip) -> (clip, index) for clips that can be blended here; None when it cannot.
    index: dict[int, tuple[AnimationClip, int | None]] = field(default_factory=dict)
    clips: list[AnimationClip] = field(default_factory=list)
    clip_ch: I64Array = field(default_factory=lambda: np.zeros(1, dtype=np.int64))
    channels: I64Array = field(default_factory=lambda: np.zeros((0, 6), dtype=np.int64))
    times: F64Array = field(default_factory=lambda: np.zeros(1))
    values: F64Array = field(default_factory=lambda: np.zeros(1))
    #: Per key: the rotation segment from it (see :func:`_rotation_segments`).
    segs: F64Array = field(default_factory=lambda: np.zeros((1, 4)))

    def lookup(self, clip: AnimationClip, n_nodes: int) -> int | None:
        """The clip's index in the tables (adding it), or None when it cannot be blended."""
        hit = self.index.get(id(clip))
        if hit is not None and hit[0] is clip:
            return hit[1]
        k = self._add(clip, n_nodes)
        self.index[id(clip)] = (clip, k)
        return k

    def _add(self, clip: AnimationClip, n_nodes: int) -> int | None:
        rows: list[tuple[int, int, int, int, int, int]] = []
        times = [self.times]
        values = [self.values]
        segs = [self.segs]
        t_len = len(self.times)
        v_len = len(self.values)
        for ch in clip.channels:
            if ch.path == PATH_POINTER:
                continue  # not evaluated when blending (Babylon Lite)
            code = _PATH_CODE.get(ch.path)
            if code is None or not 0 <= ch.node_idx < n_nodes:
                return None  # morph weights, or a channel the mixer's own path must refuse
            sampler = clip.samplers[ch.sampler_idx]
            if not sampler.times:
                return None  # an empty sampler leaves the mixer's scratch as it was
            rows.append(
                (code, ch.node_idx, int(sampler.interpolation), t_len, len(sampler.times), v_len)
            )
            times.append(np.asarray(sampler.times, dtype=np.float64))
            values.append(np.asarray(sampler._values, dtype=np.float64))
            segs.append(_rotation_segments(sampler, code == blend_jit.CH_ROTATION))
            t_len += len(sampler.times)
            v_len += len(sampler._values)
        self.times = np.concatenate(times)
        self.values = np.concatenate(values)
        self.segs = np.concatenate(segs)
        new = np.array(rows, dtype=np.int64).reshape(-1, 6)
        self.channels = np.concatenate([self.channels, new])
        self.clip_ch = np.append(self.clip_ch, len(self.channels)).astype(np.int64)
        self.clips.append(clip)
        return len(self.clips) - 1


@dataclass(slots=True, eq=False)
class _World:
    """Stacked scratch of the world and palette pass for ``k`` instances."""

    k: int
    local32: F32Array  # (k, N, 10) sorted
    trs: F64Array  # (k * N, 10)
    local_m: F64Array  # (k, N, 4, 4)
    scratch: F64Array  # (10, k * N)
    world_sorted: F64Array  # (k, N, 4, 4)
    parents: tuple[F64Array, ...]  # per level (k, m, 4, 4)
    world: F64Array  # (k, N, 4, 4) glTF order
    joints: tuple[tuple[F64Array, F64Array, F64Array], ...]  # per skeleton (k, J, 4, 4) x 3


@dataclass(slots=True, eq=False)
class _JitWorld:
    """Arguments of :func:`lite.batch.blend_jit.world_kernel`'s pass for one slab."""

    kernel: Callable[..., None]
    fused: bool
    order: I64Array
    parent_pos: I64Array
    matrix_pos: I64Array
    matrix_vals: F64Array
    lm: F64Array
    ws: F64Array
    tmp: F64Array
    joints: I64Array
    joint_start: I64Array
    ibm: F64Array
    inv_mesh: F64Array


def _jit_world(pose: InstancePose, skeletons: tuple[Any, ...]) -> _JitWorld | None:
    kernel = blend_jit.world_kernel()
    if kernel is None or not skeletons:
        return None
    n = pose.node_count
    order = pose._order.astype(np.int64)
    inv_order = pose._inv_order
    parent = pose.parent
    parent_pos = np.array(
        [int(inv_order[parent[i]]) if parent[i] >= 0 else -1 for i in order.tolist()],
        dtype=np.int64,
    )
    lm = np.zeros((n, 4, 4))
    lm[:, 3, 3] = 1.0
    return _JitWorld(
        kernel=kernel,
        fused=blend_jit.matmul_mode() == 1,
        order=order,
        parent_pos=parent_pos,
        matrix_pos=pose._matrix_pos.astype(np.int64),
        matrix_vals=np.ascontiguousarray(pose._matrix_vals, dtype=np.float64),
        lm=lm,
        ws=np.zeros((n, 4, 4)),
        tmp=np.zeros((2, 4, 4)),
        joints=np.concatenate([s.joint_nodes for s in skeletons]).astype(np.int64),
        joint_start=np.cumsum([0] + [len(s.joint_nodes) for s in skeletons]).astype(np.int64),
        ibm=np.ascontiguousarray(np.concatenate([s._ibm for s in skeletons]), dtype=np.float64),
        inv_mesh=np.ascontiguousarray(
            np.stack([s.inv_mesh_world for s in skeletons]), dtype=np.float64
        ),
    )


@dataclass(slots=True, eq=False)
class _SlabBlend:
    """Blend state of the taken instances of one slab."""

    slab: InstanceSlab
    pose: InstancePose  # any instance: the hierarchy plan is the asset's
    skeletons: tuple[Any, ...]
    tables: _Tables
    acc: F32Array  # (C, N * 10)
    t_weight: F32Array  # (C, N)
    r_weight: F32Array
    s_weight: F32Array
    rest: F64Array  # (N * 10,)
    #: Per taken instance (this frame): slot, and its asset data (for uploads).
    slots: I64Array
    datas: list[GltfAnimationData] = field(default_factory=list)
    n_slots: int = 0
    c_slot: I64Array = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    c_clip: I64Array = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    c_time: F64Array = field(default_factory=lambda: np.zeros(0))
    c_weight: F64Array = field(default_factory=lambda: np.zeros(0))
    n_contrib: int = 0
    sample: F32Array = field(default_factory=lambda: np.zeros(4, dtype=np.float32))
    world: _World | None = None
    ordered: bool = True
    #: The compiled world pass's tables (None: the numpy pass).
    jit_world: _JitWorld | None = None


def _slab_blend(slab: InstanceSlab, pose: InstancePose, data: GltfAnimationData) -> _SlabBlend:
    cap = slab.local.shape[0]
    n = slab.local.shape[1]
    jit_world = (
        _jit_world(pose, data.skeletons) if len(slab.palettes) == len(data.skeletons) else None
    )
    return _SlabBlend(
        jit_world=jit_world,
        slab=slab,
        pose=pose,
        skeletons=data.skeletons,
        tables=_Tables(),
        acc=np.zeros((cap, n * POSE_STRIDE), dtype=np.float32),
        t_weight=np.zeros((cap, n), dtype=np.float32),
        r_weight=np.zeros((cap, n), dtype=np.float32),
        s_weight=np.zeros((cap, n), dtype=np.float32),
        rest=np.asarray(pose.rest, dtype=np.float64).reshape(-1).copy(),
        slots=np.zeros(cap, dtype=np.int64),
    )


def _world_scratch(sb: _SlabBlend, k: int) -> _World:
    pose = sb.pose
    n = pose.node_count
    local_m = np.zeros((k, n, 4, 4))
    local_m[:, :, 3, 3] = 1.0
    joints = tuple(
        (
            np.zeros((k, len(s.joint_nodes), 4, 4)),
            np.zeros((k, len(s.joint_nodes), 4, 4)),
            np.zeros((k, len(s.joint_nodes), 4, 4)),
        )
        for s in sb.skeletons
    )
    return _World(
        k=k,
        local32=np.zeros((k, n, POSE_STRIDE), dtype=np.float32),
        trs=np.zeros((k * n, POSE_STRIDE)),
        local_m=local_m,
        scratch=np.zeros((10, k * n)),
        world_sorted=np.zeros((k, n, 4, 4)),
        parents=tuple(np.zeros((k, len(lv[1]), 4, 4)) for lv in pose._levels),
        world=np.zeros((k, n, 4, 4)),
        joints=joints,
    )


def _world_pass(sb: _SlabBlend, ws: _World, local: F32Array, sel: slice | I64Array) -> None:
    """``update_world_matrices`` and ``update_joint_matrices`` for ``k`` stacked instances."""
    pose = sb.pose
    k = ws.k
    n = pose.node_count
    np.take(local, pose._order, axis=1, out=ws.local32, mode="clip")
    np.copyto(ws.trs, ws.local32.reshape(k * n, POSE_STRIDE), casting="same_kind")
    compose_matrices(ws.trs, ws.local_m.reshape(k * n, 4, 4), ws.scratch)
    local_m = ws.local_m
    if pose._matrix_pos.shape[0]:
        local_m[:, pose._matrix_pos] = pose._matrix_vals
    world = ws.world_sorted
    r = pose._root_count
    np.copyto(world[:, :r], local_m[:, :r])
    start = r
    for (loc, parents, _ps, _out), pscratch in zip(pose._levels, ws.parents, strict=True):
        end = start + loc.shape[0]
        np.take(world, parents, axis=1, out=pscratch, mode="clip")
        np.matmul(local_m[:, start:end], pscratch, out=world[:, start:end])
        start = end
    np.take(world, pose._inv_order, axis=1, out=ws.world, mode="clip")
    slab = sb.slab
    slab.world[:, :, sel] = ws.world.reshape(k, n, 16).transpose(2, 1, 0)
    for si, skel in enumerate(sb.skeletons):
        jw, tmp, pal = ws.joints[si]
        np.take(ws.world, skel.joint_nodes, axis=1, out=jw, mode="clip")
        np.matmul(skel._ibm, jw, out=tmp)
        np.matmul(tmp, skel.inv_mesh_world, out=pal)
        slab.palettes[si][:, :, sel] = pal.reshape(k, -1, 16).transpose(2, 1, 0)


@dataclass(slots=True, eq=False)
class _FramePlan:
    """The whole-update path's tables for one list of groups (see :meth:`GltfBlendBatch.run`).

    ``sb`` is None when the list does not qualify (a group that is not a glTF group on a slot
    of one component-major slab, or whose clip cannot be blended here).
    """

    groups: list[Any]
    sb: _SlabBlend | None = None
    rows: I64Array = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    g_slot: I64Array = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    g_clip: I64Array = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    g_duration: F64Array = field(default_factory=lambda: np.zeros(0))
    g_weight: F64Array = field(default_factory=lambda: np.zeros(0))
    flags: npt.NDArray[np.int8] = field(default_factory=lambda: np.zeros(0, dtype=np.int8))
    #: The store the rows index (the manager's; compared each frame).
    store: object = None
    #: Slot -> its asset data (uploads).
    slot_data: dict[int, GltfAnimationData] = field(default_factory=dict)


def _frame_plan(manager: AnimationManager, slabs: dict[int, _SlabBlend]) -> _FramePlan:
    groups = list(manager._groups)
    store = manager._group_state
    plan = _FramePlan(groups=groups, store=store)
    sb: _SlabBlend | None = None
    rows: list[int] = []
    g_slot: list[int] = []
    g_clip: list[int] = []
    g_duration: list[float] = []
    for group in groups:
        mixer = group._gltf_mixer
        if mixer is None or group._store is not store:
            return plan
        clip, data = mixer
        pose = data.pose
        if not isinstance(pose, InstancePose):
            return plan
        slab = pose.slab
        if slab is None or not slab.component_major:
            return plan
        if sb is None:
            known = slabs.get(id(slab))
            if known is None or known.slab is not slab:
                known = slabs[id(slab)] = _slab_blend(slab, pose, data)
            sb = known
        elif sb.slab is not slab:
            return plan
        k = sb.tables.lookup(clip, sb.t_weight.shape[1])
        if k is None:
            return plan
        rows.append(group._slot)
        g_slot.append(pose.slot)
        plan.slot_data[pose.slot] = data
        g_clip.append(k)
        g_duration.append(float(clip.duration))
    if sb is None:
        return plan
    n = len(groups)
    plan.rows = np.array(rows, dtype=np.int64)
    plan.g_slot = np.array(g_slot, dtype=np.int64)
    plan.g_clip = np.array(g_clip, dtype=np.int64)
    plan.g_duration = np.array(g_duration, dtype=np.float64)
    plan.g_weight = np.zeros(n)
    plan.flags = np.zeros(sb.acc.shape[0], dtype=np.int8)
    if len(sb.c_slot) < n:
        sb.c_slot = np.zeros(n, dtype=np.int64)
        sb.c_clip = np.zeros(n, dtype=np.int64)
        sb.c_time = np.zeros(n)
        sb.c_weight = np.zeros(n)
    plan.sb = sb
    return plan


class GltfBlendBatch:
    """The mixer's batched path for one manager (see the module docstring).

    Implements :class:`lite.skeleton.weighted_gltf_mixer.GltfBlendBatcher`: :meth:`begin`
    picks the assets to take this frame, :meth:`add` records a group's contribution,
    :meth:`finish` blends, poses and uploads them.
    """

    __slots__ = ("_active", "_bad", "_frame", "_kernel", "_plan", "_slabs", "_snapshot", "_taken")

    def __init__(self, kernel: Callable[..., None], frame: Callable[..., int] | None) -> None:
        self._kernel = kernel
        self._frame = frame
        self._plan: _FramePlan | None = None
        #: Per slab (by id): its blend state.
        self._slabs: dict[int, _SlabBlend] = {}
        #: This frame's taken assets -> (slab state, slot).
        self._taken: dict[GltfAnimationData, tuple[_SlabBlend, int]] = {}
        #: Slab states with taken instances this frame.
        self._active: list[_SlabBlend] = []
        #: Assets found not blendable here this frame.
        self._bad: set[GltfAnimationData] = set()
        #: The manager's group list when ``_slabs`` was last pruned.
        self._snapshot: list[object] = []

    def run(self, manager: AnimationManager, delta_ms: float) -> bool:
        """The whole update when every attached group is a plain weighted group on a slot of
        one slab and every slot with a playing group is blended; False (nothing changed)
        otherwise, for :meth:`begin` and the mixer's own loop."""
        frame = self._frame
        if frame is None:
            return False
        groups = manager._groups
        plan = self._plan
        if plan is None or groups != plan.groups or plan.store is not manager._group_state:
            if groups != self._snapshot:
                self._snapshot = list(groups)
                self._slabs.clear()
            plan = self._plan = _frame_plan(manager, self._slabs)
        sb = plan.sb
        if sb is None:
            return False
        for group in groups:
            if group.mask is not None or group._additive is not None:
                return False
        np.copyto(plan.g_weight, [group.weight for group in groups])
        slab = sb.slab
        n_nodes = sb.t_weight.shape[1]
        local = slab.local.reshape(slab.local.shape[0], n_nodes * POSE_STRIDE)
        tb = sb.tables
        with slab.lock:
            k = frame(
                manager._group_state.data,
                plan.rows,
                plan.g_slot,
                plan.g_clip,
                plan.g_duration,
                plan.g_weight,
                len(groups),
                delta_ms,
                plan.flags,
                sb.acc,
                sb.t_weight,
                sb.r_weight,
                sb.s_weight,
                sb.rest,
                sb.slots,
                sb.c_slot,
                sb.c_clip,
                sb.c_time,
                sb.c_weight,
                tb.clip_ch,
                tb.channels,
                tb.times,
                tb.values,
                tb.segs,
                sb.sample,
                local,
            )
            if k < 0:
                return False
            sb.n_slots = k
            sb.ordered = True  # ascending slots (their contiguity is checked by _world)
            self._world(sb)
        engine = manager.engine
        if engine is not None:  # once per blended asset, as the mixer's _apply
            sink = as_sink(engine)
            by_slot = plan.slot_data
            for slot in sb.slots[:k].tolist():
                for skel in by_slot[slot].skeletons:
                    sink.upload_skeleton(skel)
        return True

    def begin(
        self, manager: AnimationManager, keys: Container[GltfAnimationData]
    ) -> Container[GltfAnimationData]:
        """The assets in ``keys`` this batch blends this frame."""
        taken = self._taken
        taken.clear()
        bad = self._bad
        bad.clear()
        active = self._active
        active.clear()
        if manager._groups != self._snapshot:
            # Groups changed: forget the slabs (and clips) so dropped instances are freed.
            self._snapshot = list(manager._groups)
            self._slabs.clear()
            self._plan = None
        for sb in self._slabs.values():
            sb.n_slots = 0
            sb.n_contrib = 0
        for group in manager._groups:
            mixer = group._gltf_mixer
            if group._stopped or mixer is None:
                continue
            clip, data = mixer
            if data not in keys or data in bad:
                continue
            if group._additive is not None or group.mask is not None:
                bad.add(data)
                continue
            hit = taken.get(data)
            if hit is None:
                pose = data.pose
                slab = pose.slab if isinstance(pose, InstancePose) else None
                if slab is None or not slab.component_major:
                    bad.add(data)
                    continue
                known = self._slabs.get(id(slab))
                if known is None or known.slab is not slab:
                    known = self._slabs[id(slab)] = _slab_blend(slab, pose, data)
                assert isinstance(pose, InstancePose)
                hit = (known, pose.slot)
            tables = hit[0].tables
            if tables.lookup(clip, hit[0].t_weight.shape[1]) is None:
                bad.add(data)
                continue
            if data not in taken:
                taken[data] = hit
        for data in bad:
            taken.pop(data, None)
        for data, (sb, slot) in taken.items():
            if sb.n_slots == 0:
                active.append(sb)
                sb.ordered = True
            elif slot != sb.slots[sb.n_slots - 1] + 1:
                sb.ordered = False
            if sb.n_slots >= len(sb.datas):
                sb.datas.append(data)
            else:
                sb.datas[sb.n_slots] = data
            sb.slots[sb.n_slots] = slot
            sb.n_slots += 1
        return taken

    def add(self, data: GltfAnimationData, clip: AnimationClip, t: float, weight: float) -> None:
        """Record one group's weighted sample at clip time ``t`` on a taken asset."""
        sb, slot = self._taken[data]
        k = sb.tables.index[id(clip)][1]
        assert k is not None  # begin took the asset only with clips it can blend
        i = sb.n_contrib
        if i >= len(sb.c_slot):
            grow = max(16, 2 * len(sb.c_slot))
            sb.c_slot = np.resize(sb.c_slot, grow)
            sb.c_clip = np.resize(sb.c_clip, grow)
            sb.c_time = np.resize(sb.c_time, grow)
            sb.c_weight = np.resize(sb.c_weight, grow)
        sb.c_slot[i] = slot
        sb.c_clip[i] = k
        sb.c_time[i] = t
        sb.c_weight[i] = weight
        sb.n_contrib = i + 1

    def finish(self, engine: object | None) -> None:
        """Blend every taken asset, write its pose, world matrices and palettes; upload."""
        for sb in self._active:
            with sb.slab.lock:
                self._finish_slab(sb)
            if engine is not None:
                sink = as_sink(engine)
                for data in sb.datas[: sb.n_slots]:
                    for skel in data.skeletons:
                        sink.upload_skeleton(skel)

    def _finish_slab(self, sb: _SlabBlend) -> None:
        slab = sb.slab
        n_nodes = sb.t_weight.shape[1]
        local = slab.local.reshape(slab.local.shape[0], n_nodes * POSE_STRIDE)
        tb = sb.tables
        self._kernel(
            sb.acc,
            sb.t_weight,
            sb.r_weight,
            sb.s_weight,
            sb.rest,
            sb.slots,
            sb.n_slots,
            sb.c_slot,
            sb.c_clip,
            sb.c_time,
            sb.c_weight,
            sb.n_contrib,
            tb.clip_ch,
            tb.channels,
            tb.times,
            tb.values,
            tb.segs,
            sb.sample,
            local,
        )
        self._world(sb)

    @staticmethod
    def _world(sb: _SlabBlend) -> None:
        slab = sb.slab
        k = sb.n_slots
        jw = sb.jit_world
        if jw is not None:
            jw.kernel(
                slab.local,
                sb.slots,
                k,
                jw.order,
                jw.parent_pos,
                jw.matrix_pos,
                jw.matrix_vals,
                jw.lm,
                jw.ws,
                jw.tmp,
                slab.world,
                jw.joints,
                jw.joint_start,
                jw.ibm,
                jw.inv_mesh,
                slab.palettes,
                jw.fused,
            )
            return
        ws = sb.world
        if ws is None or ws.k != k:
            ws = sb.world = _world_scratch(sb, k)
        slots = sb.slots[:k]
        first = int(slots[0])
        if sb.ordered and int(slots[k - 1]) - first == k - 1:  # a contiguous ascending run
            sel: slice | I64Array = slice(first, first + k)
            _world_pass(sb, ws, slab.local[sel], sel)
        else:
            _world_pass(sb, ws, slab.local[slots], slots)


def _factory() -> weighted_gltf_mixer.GltfBlendBatcher | None:
    kernel = blend_jit.blend_kernel()
    return GltfBlendBatch(kernel, blend_jit.frame_kernel()) if kernel is not None else None


def install() -> None:
    """Give the weighted glTF mixer this batched path (done when :mod:`lite.batch` loads)."""
    weighted_gltf_mixer.set_blend_batcher_factory(_factory)
