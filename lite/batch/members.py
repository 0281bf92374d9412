"""Batch members: one batchable glTF group, and the members playing one clip on one slab.

Python-only.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from lite.animation.state import (
    AnimationGroup,
)
from lite.batch.plans import ClipPlan, IntpArray, LevelViews, StructurePlan
from lite.batch.root_motion import RootPlan
from lite.batch.scratch import _SingleScratch, _SoaScratch
from lite.loader_gltf.instancing import InstanceSlab
from lite.skeleton.animation_controller import GltfController

if TYPE_CHECKING:
    from lite.animation.types import F64Array
    from lite.batch.plans import ChannelPlan
    from lite.motion.root_motion import RootMotionTracker
    from lite.skeleton.pose import NodePose
    from lite.skeleton.skeleton_updater import SkeletonBinding


# ---------------------------------------------------------------------------------------------
# Batch members
# ---------------------------------------------------------------------------------------------


@dataclass(slots=True, eq=False)
class _Member:
    """One batchable group: its controller, pose, skeletons and where it is stored."""

    group: AnimationGroup
    ctrl: GltfController
    pose: NodePose
    skeletons: tuple[SkeletonBinding, ...]
    slot: int
    extras: tuple[ChannelPlan, ...]
    #: Other attached groups on the same pose: the member is batched only while they are
    #: stopped (otherwise tick order on a shared pose matters).
    siblings: tuple[AnimationGroup, ...]
    batch: _Batch
    duration: float
    #: Per-instance path: level views into this pose's world matrices (made on first use).
    views: LevelViews | None = None
    #: The group's root-motion hook when the batch applies it (a batch with ``root``).
    tracker: RootMotionTracker | None = None
    #: This frame's clip times for root motion: before the advance, and unwrapped after it.
    rm_before: float = 0.0
    rm_after: float = 0.0


@dataclass(slots=True, eq=False)
class _FastClock:
    """A batch whose clocks may advance in array form (:mod:`lite.batch.gltf_clock`): its
    members' groups, controllers, entry positions and state rows."""

    groups: list[AnimationGroup]
    ctrls: list[GltfController]
    #: The members' positions in ``BatchEngine.entries`` (their kinds are 2 while fast).
    ks: list[int]
    rows: slice | IntpArray
    #: Whether the last frame took the array clock (then the kinds are already 2).
    last: bool = False


@dataclass(slots=True, eq=False)
class _Batch:
    """Members playing one clip on one slab (or one non-slab pose)."""

    plan: ClipPlan
    sp: StructurePlan
    slab: InstanceSlab | None
    times: F64Array
    slots: IntpArray
    #: The pose's (or slab's) lock, held while the batch writes (``NodePose.lock``).
    lock: threading.RLock
    members: list[_Member] = field(default_factory=list)
    #: This frame's evaluated members and times: the first ``count`` entries (reused lists).
    active: list[_Member] = field(default_factory=list)
    time_list: list[float] = field(default_factory=list)
    count: int = 0
    single: _SingleScratch | None = None
    soa: _SoaScratch | None = None
    #: Root motion applied to every member (all carry a tracker for this root), or None.
    root: RootPlan | None = None
    #: This frame's trackers and root-motion times, parallel to ``active`` (reused lists).
    trackers: list[RootMotionTracker] = field(default_factory=list)
    before_list: list[float] = field(default_factory=list)
    after_list: list[float] = field(default_factory=list)
    #: Set when the batch can take the array clock (plain members of one slab in slot
    #: order), and whether it did this frame (then ``times[:count]`` holds the times).
    fast: _FastClock | None = None
    fast_now: bool = False
