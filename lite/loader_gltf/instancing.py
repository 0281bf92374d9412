"""Instances of a loaded glTF asset that share its immutable clip data.

(lite's own addition: Babylon Lite has no instancing; Babylon.js's
``AssetContainer.instantiateModelsToScene`` is the nearest.)

``instantiate(asset)`` returns a new :class:`~lite.loader_gltf.asset.GltfAsset` with its own
nodes, pose, skeleton palettes, morph weights and animation groups (one per clip, the first one
playing, as after ``load_gltf``), while the clips, samplers, rest pose, inverse bind matrices,
meshes and materials are shared with the source asset. ``instantiate_many(asset, count)``
makes ``count`` instances at once.

Storage (why instances live in *slabs*)
---------------------------------------
Instances of one asset are allocated in slabs, so that :mod:`lite.batch` can evaluate all
instances playing the same clip with array operations whose innermost axis runs over the
instances:

* ``local`` ``(C, N, 10)`` float32: instance-major, so each instance's ``pose.local`` is a
  contiguous ``(N, 10)`` block (the scalar controller writes it through a flat view);
* ``world`` ``(16, N, C)`` float64 and one palette ``(16, J, C)`` float32 per skeleton:
  component-major, instance innermost. An instance's ``pose.world`` (``(N, 4, 4)``) and
  ``skeleton.joint_matrices`` (``(J, 16)``) are strided *views* into these arrays, with the
  usual shapes, dtypes and Babylon Lite's column-major element order, so the scalar path, the
  GPU upload (``np.copyto`` into a staging array) and user code work unchanged.

``instantiate`` fills slabs of growing capacity (16, 32, 64, ... up to 1024 instances);
only instances keep a slab alive, so a slab's memory returns when the last instance in it is
dropped (there is nothing to dispose of explicitly; slots of dropped instances in a slab that
still has live ones are not reused);
``instantiate_many`` allocates exactly one slab for its ``count`` instances, the cheapest layout
for a crowd (one batch per clip). A slab of fewer than 4 instances is stored instance-major
(each instance's world matrices and palette contiguous), which suits the per-instance path
those few instances take.

What is shared and what is not
------------------------------
Shared (read-only): clips and samplers, rest pose, node names, inverse bind matrices and the
inverse mesh world, meshes, skins. Per instance: nodes (live TRS/world views), pose, skeleton
palettes, morph weights, groups and their controllers. KHR_animation_pointer targets
(materials, cameras, lights) stay those of the source asset: pointer channels of every instance
write the same material objects.
"""

from __future__ import annotations

import dataclasses
import threading
import weakref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

import numpy as np

from lite.animation.summary import describe_fields, shape_of, short_repr
from lite.errors import AnimationStateError, integer
from lite.loader_gltf.asset import GltfAsset, GltfNode
from lite.skeleton.animation_controller import create_animation_groups
from lite.skeleton.pose import POSE_STRIDE, NodePose, create_node_pose
from lite.skeleton.skeleton_updater import (
    MorphBinding,
    SkeletonBinding,
    as_sink,
    create_morph_binding,
    update_joint_matrices,
)

if TYPE_CHECKING:
    from lite.animation.types import F32Array, F64Array

__all__ = [
    "InstancePose",
    "InstanceSlab",
    "instantiate",
    "instantiate_many",
]

#: Capacity of the first slab ``instantiate`` fills, and the largest one it grows to.
FIRST_SLAB_CAPACITY: Final = 16
#: Slabs of at least this many instances use the component-major layout (batch path).
COMPONENT_MAJOR_MIN: Final = 4
MAX_SLAB_CAPACITY: Final = 1024
#: Most instances one ``instantiate_many`` call makes (one slab; each instance also owns its
#: groups and nodes, so a crowd past this is better split across managers).
MAX_INSTANCE_COUNT: Final = 1_000_000


def _check_asset(asset: object) -> GltfAsset:
    if not isinstance(asset, GltfAsset):
        raise AnimationStateError(
            "LITE-STATE-014",
            f"asset must be a GltfAsset (from load_gltf or instantiate), got "
            f"{type(asset).__name__}",
            hint="load one with lite.load_gltf(path)",
            input_name="asset",
        )
    return asset


@dataclass(slots=True, eq=False, weakref_slot=True)
class InstanceSlab:
    """Shared storage of up to ``capacity`` instances of one asset (see the module notes).

    Attributes
    ----------
    capacity, count
        Slots allocated and slots handed out so far.
    local
        ``(capacity, N, 10)`` float32 local TRS, instance-major.
    world
        ``(16, N, capacity)`` float64 world matrices, component-major (column-major element
        order), instance innermost.
    palettes
        One ``(16, J, capacity)`` float32 array per skeleton of the asset.
    """

    capacity: int
    count: int
    local: F32Array
    world: F64Array
    palettes: tuple[F32Array, ...]
    #: True for the component-major layout above; False for slabs of fewer than
    #: :data:`COMPONENT_MAJOR_MIN` instances, stored instance-major (``world`` ``(C, N, 4, 4)``,
    #: palettes ``(C, J, 16)``): those are always evaluated one instance at a time.
    component_major: bool = True
    #: The rest-pose array shared by every instance of the asset (the asset's identity).
    rest: F32Array | None = field(default=None, repr=False)
    #: Every instance's ``pose.lock``: the batched engine writes a whole slab at once, so one
    #: lock guards all of it (see :attr:`~lite.skeleton.NodePose.lock`).
    lock: threading.RLock = field(default_factory=threading.RLock, repr=False)
    #: The asset's skeleton bindings (joint nodes, inverse binds, inverse mesh world: shared
    #: by every instance), for code that refreshes the slab's palettes in place.
    skeletons: tuple[SkeletonBinding, ...] = field(default=(), repr=False)

    def __repr__(self) -> str:
        return short_repr(
            self,
            capacity=self.capacity,
            count=self.count,
            local=shape_of(self.local),
            world=shape_of(self.world),
            palettes=[shape_of(p) for p in self.palettes],
        )

    def describe(self) -> str:
        """Every field in full, one per line (``repr()`` is the short form)."""
        return describe_fields(self)


@dataclass(slots=True, eq=False, repr=False)  # the short NodePose repr
class InstancePose(NodePose):
    """A :class:`~lite.skeleton.NodePose` whose arrays are views into an :class:`InstanceSlab`.

    ``slab`` and ``slot`` tell :mod:`lite.batch` where the instance's data lives.
    """

    slab: InstanceSlab | None = None
    slot: int = 0


# The slab `instantiate` is filling, per asset, keyed by id(rest array); the entry goes when
# that array does. Held weakly: only instances keep a slab alive (through their pose's
# ``slab`` and their array views), so once the last instance of a slab is dropped its memory
# returns, even if it is the slab being filled (it used to stay, up to 1,024 instances' worth:
# 227 MiB for a 1,001-node rig). The next `instantiate` then starts a new chain.
_CHAINS: dict[int, weakref.ref[InstanceSlab]] = {}


def _new_slab(asset: GltfAsset, capacity: int) -> InstanceSlab:
    n = asset.pose.node_count
    major = capacity >= COMPONENT_MAJOR_MIN
    if major:
        world = np.zeros((16, n, capacity), dtype=np.float64)
        palettes = tuple(
            np.zeros((16, skel.bone_count, capacity), dtype=np.float32) for skel in asset.skeletons
        )
    else:
        world = np.zeros((capacity, n, 4, 4), dtype=np.float64)
        palettes = tuple(
            np.zeros((capacity, skel.bone_count, 16), dtype=np.float32) for skel in asset.skeletons
        )
    return InstanceSlab(
        component_major=major,
        capacity=capacity,
        count=0,
        local=np.zeros((capacity, n, POSE_STRIDE), dtype=np.float32),
        world=world,
        palettes=palettes,
        rest=asset.pose.rest,
        skeletons=asset.skeletons,
    )


def _world_view(slab: InstanceSlab, slot: int) -> F64Array:
    if not slab.component_major:
        contiguous: F64Array = slab.world[slot]
        return contiguous
    n = slab.world.shape[1]
    view: F64Array = slab.world[:, :, slot].T.reshape(n, 4, 4)
    return view


def _palette_view(slab: InstanceSlab, skeleton: int, slot: int) -> F32Array:
    palette = slab.palettes[skeleton]
    view: F32Array = palette[slot] if not slab.component_major else palette[:, :, slot].T
    return view


def _make_instance(
    asset: GltfAsset, slab: InstanceSlab, slot: int, engine: object | None
) -> GltfAsset:
    src_pose = asset.pose
    fresh = create_node_pose(asset.animation_data.nodes, [nd.matrix for nd in asset.nodes])
    local = slab.local[slot]
    world = _world_view(slab, slot)
    values = {f.name: getattr(fresh, f.name) for f in dataclasses.fields(NodePose) if f.init}
    values.update(local=local, world=world, rest=src_pose.rest, parent=src_pose.parent)
    pose = InstancePose(**values, slab=slab, slot=slot)
    pose.lock = slab.lock

    skeletons: list[SkeletonBinding] = []
    # The slab may already hold playing instances: its writes go under their shared lock.
    with slab.lock:
        np.copyto(local, fresh.local)
        np.copyto(world, fresh.world)
        for si, skel in enumerate(asset.skeletons):
            j = skel.bone_count
            joints = _palette_view(slab, si, slot)
            inst = SkeletonBinding(
                name=skel.name,
                skin_index=skel.skin_index,
                mesh_node=skel.mesh_node,
                joint_nodes=skel.joint_nodes,
                inverse_bind_matrices=skel.inverse_bind_matrices,
                inv_mesh_world=skel.inv_mesh_world,
                joint_matrices=joints,
                _ibm=skel._ibm,
                _joint_world=np.zeros((j, 4, 4), dtype=np.float64),
                _tmp=np.zeros((j, 4, 4), dtype=np.float64),
                _palette=np.zeros((j, 4, 4), dtype=np.float64),
                _palette32=joints.reshape(j, 4, 4),
            )
            update_joint_matrices(pose, inst)
            skeletons.append(inst)

    morphs: list[MorphBinding] = [
        create_morph_binding(m.node_idx, m.mesh_idx, m.target_names, m.default_weights.tolist())
        for m in asset.morph_targets
    ]
    morph_of = {m.node_idx: m for m in morphs}
    nodes = tuple(
        GltfNode(
            index=nd.index,
            name=nd.name,
            parent=nd.parent,
            children=nd.children,
            rest=nd.rest,
            translation=local[nd.index, 0:3],
            rotation=local[nd.index, 3:7],
            scale=local[nd.index, 7:POSE_STRIDE],
            world_matrix=world[nd.index].reshape(16),
            weights=morph_of[nd.index].weights if nd.index in morph_of else None,
            mesh=nd.mesh,
            skin=nd.skin,
            camera=nd.camera,
            light=nd.light,
            matrix=nd.matrix,
        )
        for nd in asset.nodes
    )
    data = dataclasses.replace(
        asset.animation_data,
        skeletons=tuple(skeletons),
        morph_bindings=tuple(morphs),
        pose=pose,
        node_targets=nodes,
    )
    data.diagnostics.label = asset.animation_data.diagnostics.label
    if engine is not None:
        sink = as_sink(engine)
        for skel in skeletons:
            sink.upload_skeleton(skel)
        for morph in morphs:
            sink.upload_morph(morph)
    groups = create_animation_groups(data, engine=engine)
    return GltfAsset(
        source=asset.source,
        nodes=nodes,
        meshes=asset.meshes,
        skins=asset.skins,
        materials=asset.materials,
        cameras=asset.cameras,
        lights=asset.lights,
        skeletons=tuple(skeletons),
        morph_targets=tuple(morphs),
        animation_data=data,
        animation_groups=groups,
        pose=pose,
        scene_roots=asset.scene_roots,
        _read=asset._read,
    )


def _drop_chain(key: int) -> None:
    _CHAINS.pop(key, None)


def instantiate(asset: GltfAsset, *, engine: object | None = None) -> GltfAsset:
    """A new instance of ``asset`` that shares its immutable clip data.

    The instance starts at the rest pose with fresh groups (the first one playing, as after
    :func:`~lite.loader_gltf.loader.load_gltf`); attach them to a manager with
    ``add_animation_groups(manager, inst.animation_groups)``. Instances of one asset whose
    groups sit in one manager are evaluated together by :mod:`lite.batch`.

    Parameters
    ----------
    asset
        A loaded asset, or an instance of one (both give instances of the same asset).
    engine
        Optional GPU engine the new groups upload through (as ``load_gltf(..., engine)``).

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-014`` when ``asset`` is not a :class:`GltfAsset`.

    Returns
    -------
    GltfAsset
        With its own ``nodes``, ``pose``, ``skeletons[i].joint_matrices`` (float32
        ``(joints, 16)``, column-major), ``morph_targets`` and ``animation_groups``.
    """
    _check_asset(asset)
    key = id(asset.pose.rest)
    ref = _CHAINS.get(key)
    slab = ref() if ref is not None else None
    if slab is None or slab.count >= slab.capacity:
        capacity = (
            FIRST_SLAB_CAPACITY if slab is None else min(2 * slab.capacity, MAX_SLAB_CAPACITY)
        )
        if ref is None:
            weakref.finalize(asset.pose.rest, _drop_chain, key)
        slab = _new_slab(asset, capacity)
        _CHAINS[key] = weakref.ref(slab)
    slot = slab.count
    slab.count += 1
    return _make_instance(asset, slab, slot, engine)


def instantiate_many(
    asset: GltfAsset, count: int, *, engine: object | None = None
) -> list[GltfAsset]:
    """``count`` new instances of ``asset`` in one slab (see :func:`instantiate`).

    This is the cheapest layout for a crowd: the instances' data is contiguous per
    component, so each clip is evaluated for all of them in one batch.

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-014`` when ``asset`` is not a :class:`GltfAsset`; ``LITE-STATE-015`` when
        ``count`` is not a positive integer (Python or NumPy) up to :data:`MAX_INSTANCE_COUNT`.
    """
    _check_asset(asset)
    number = integer(count)
    if number is None or not 1 <= number <= MAX_INSTANCE_COUNT:
        raise AnimationStateError(
            "LITE-STATE-015",
            f"instance count must be an integer from 1 to {MAX_INSTANCE_COUNT:,}, got {count!r}",
            hint="pass e.g. instantiate_many(asset, 100)",
            input_name="count",
        )
    count = number
    slab = _new_slab(asset, count)
    slab.count = count
    return [_make_instance(asset, slab, slot, engine) for slot in range(count)]
