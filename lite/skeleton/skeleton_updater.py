"""Joint palettes, morph weights, and the data a glTF controller animates.

Port of src/skeleton/skeleton-updater.ts (the CPU half: skeleton and morph bindings, joint
palettes ``inverse(mesh_world) * joint_world * inverse_bind``, the sink a controller hands
them to). The node pose and world matrices are in :mod:`lite.skeleton.pose`; the GPU upload
half is :mod:`lite.skeleton.gpu_upload`, which imports this module (never the reverse).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol, runtime_checkable

import numpy as np

from lite.animation.diagnostics import DiagnosticScope
from lite.animation.summary import describe_fields, shape_of, short_repr
from lite.animation.target_id import node_target_ids
from lite.errors import UnsupportedError
from lite.skeleton.pose import NodePose

if TYPE_CHECKING:
    from lite.animation.types import AnimationClip, F32Array, F64Array, I32Array, NodeRest

__all__ = [
    "GltfAnimationData",
    "GpuSink",
    "MorphBinding",
    "PointerBinding",
    "PointerWriter",
    "SkeletonBinding",
    "as_sink",
    "create_morph_binding",
    "create_skeleton_binding",
    "skeletons_affected_by",
    "update_joint_matrices",
]

#: Receives a pointer channel's sampled value (``arity`` float32 components).
PointerWriter = Callable[["F32Array"], None]


@runtime_checkable
class GpuSink(Protocol):
    """Receiver of per-frame uploads (``lite.skeleton.gpu_upload.Engine`` implements it).

    A controller calls these after it has written a palette or a weight set; the sink copies
    the data into its staging array and queues the write. Resources are created on first
    sight of a binding, and a disposed binding is never written.
    """

    def upload_skeleton(self, skeleton: SkeletonBinding) -> None:
        """Upload ``skeleton.joint_matrices`` to its bone texture."""
        ...

    def upload_morph(self, morph: MorphBinding) -> None:
        """Upload ``morph.weights`` to its weights buffer."""
        ...


# ---------------------------------------------------------------------------------------------
# Skeletons and morph weights
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, eq=False)
class SkeletonBinding:
    """One skinned mesh node's skeleton: joints, inverse binds and the live palette.

    Attributes
    ----------
    name
        Skin name (or ``"skin_<index>"``).
    skin_index, mesh_node
        glTF skin index and the index of the node that carries the skinned mesh.
    joint_nodes
        ``(J,)`` int32 node index of each joint.
    inverse_bind_matrices
        ``(J, 16)`` float32, column-major, read-only.
    inv_mesh_world
        ``(4, 4)`` float64, column-major inverse of the mesh node's rest world matrix
        (captured at load, as Babylon Lite does).
    joint_matrices
        ``(J, 16)`` float32, column-major palette
        ``inv_mesh_world * joint_world * inverse_bind``, updated by playback. This is the
        bone texture's content (4 RGBA32F texels per joint). A live view, rewritten in place
        by each update: ``.copy()`` it (or use ``lite.snapshot_pose``) to keep a frame;
        ``lite.as_row_major`` gives ``(J, 4, 4)`` mathematical matrices.
    """

    name: str
    skin_index: int
    mesh_node: int
    joint_nodes: I32Array
    inverse_bind_matrices: F32Array
    inv_mesh_world: F64Array
    joint_matrices: F32Array
    _ibm: F64Array = field(repr=False)
    _joint_world: F64Array = field(repr=False)
    _tmp: F64Array = field(repr=False)
    _palette: F64Array = field(repr=False)
    _palette32: F32Array = field(repr=False)

    @property
    def bone_count(self) -> int:
        """Number of joints (bones)."""
        return int(self.joint_nodes.shape[0])

    def __repr__(self) -> str:
        return short_repr(
            self,
            name=repr(self.name),
            mesh_node=self.mesh_node,
            joints=self.bone_count,
            joint_matrices=shape_of(self.joint_matrices),
        )

    def describe(self) -> str:
        """Every field in full, one per line (``repr()`` is the short form)."""
        return describe_fields(self)


def create_skeleton_binding(
    name: str,
    skin_index: int,
    mesh_node: int,
    joint_nodes: Sequence[int],
    inverse_bind_matrices: F32Array,
    mesh_world: F64Array,
) -> SkeletonBinding:
    """Bind a skin to a mesh node and allocate its palette and scratch once.

    Parameters
    ----------
    joint_nodes
        Joint node indices.
    inverse_bind_matrices
        ``(J, 16)`` column-major float32.
    mesh_world
        ``(4, 4)`` column-major rest world matrix of the mesh node (as in
        :attr:`NodePose.world`); inverted here. A singular matrix falls back to the identity,
        as in Babylon Lite.
    """
    j = len(joint_nodes)
    ibm = np.array(inverse_bind_matrices, dtype=np.float32).reshape(j, 16)
    ibm.flags.writeable = False
    try:
        inv_mesh = np.linalg.inv(np.asarray(mesh_world, dtype=np.float64))
    except np.linalg.LinAlgError:
        inv_mesh = np.eye(4)
    inv_mesh.flags.writeable = False
    palette32 = np.zeros((j, 4, 4), dtype=np.float32)
    return SkeletonBinding(
        name=name,
        skin_index=skin_index,
        mesh_node=mesh_node,
        joint_nodes=np.array(joint_nodes, dtype=np.int32),
        inverse_bind_matrices=ibm,
        inv_mesh_world=inv_mesh,
        joint_matrices=palette32.reshape(j, 16),
        _ibm=ibm.astype(np.float64).reshape(j, 4, 4),
        _joint_world=np.zeros((j, 4, 4), dtype=np.float64),
        _tmp=np.zeros((j, 4, 4), dtype=np.float64),
        _palette=np.zeros((j, 4, 4), dtype=np.float64),
        _palette32=palette32,
    )


def update_joint_matrices(pose: NodePose, skeleton: SkeletonBinding) -> None:
    """Recompute ``skeleton.joint_matrices`` from ``pose.world`` (no allocation).

    Column-major blocks multiply in reverse: ``palette_T = ibm_T @ joint_world_T @
    inv_mesh_world_T``.
    """
    np.take(pose.world, skeleton.joint_nodes, axis=0, out=skeleton._joint_world, mode="clip")
    np.matmul(skeleton._ibm, skeleton._joint_world, out=skeleton._tmp)
    np.matmul(skeleton._tmp, skeleton.inv_mesh_world, out=skeleton._palette)
    np.copyto(skeleton._palette32, skeleton._palette, casting="same_kind")


def skeletons_affected_by(
    animated_nodes: set[int] | frozenset[int],
    skeletons: Sequence[SkeletonBinding],
    parent: Sequence[int] | I32Array,
) -> tuple[int, ...]:
    """Indices of the skeletons with a joint animated by ``animated_nodes`` or below one.

    A clip re-poses (and uploads) only these, so clips driving different rigs of one asset
    never reset each other. Each node's answer is memoised, so the cost is linear in nodes
    plus joints: walking every joint's ancestor chain anew was quadratic, and a 66 KB file
    (a 2,000-joint chain shared by 50 skinned nodes) took 31 s to load.
    """
    if not skeletons or not animated_nodes:
        return ()
    parents = parent.tolist() if isinstance(parent, np.ndarray) else list(parent)
    # 0: not yet known, 1: neither the node nor an ancestor is animated, 2: one of them is.
    under = bytearray(len(parents))
    out: list[int] = []
    for si, skel in enumerate(skeletons):
        hit = False
        for jn in skel.joint_nodes.tolist():
            chain: list[int] = []
            i = int(jn)
            while i >= 0 and not under[i]:
                if i in animated_nodes:
                    under[i] = 2
                    break
                chain.append(i)
                i = parents[i]
            state = under[i] if i >= 0 else 1
            for j in chain:
                under[j] = state
            if state == 2:
                hit = True
                break
        if hit:
            out.append(si)
    return tuple(out)


@dataclass(frozen=True, slots=True, eq=False)
class MorphBinding:
    """Morph-target weights of one mesh node (shared by all its primitives).

    Attributes
    ----------
    node_idx, mesh_idx
        The node carrying the mesh and the glTF mesh index.
    target_count
        Number of morph targets (no upper limit).
    target_names
        From ``mesh.extras.targetNames`` when present, else ``"target_<i>"``.
    weights
        ``(target_count,)`` float32 live weights written by playback.
    default_weights
        ``(target_count,)`` float32 read-only weights from the node or mesh.
    """

    node_idx: int
    mesh_idx: int
    target_count: int
    target_names: tuple[str, ...]
    weights: F32Array
    default_weights: F32Array

    def __repr__(self) -> str:
        return short_repr(
            self, node_idx=self.node_idx, mesh_idx=self.mesh_idx, targets=self.target_count
        )

    def describe(self) -> str:
        """Every field in full, one per line (``repr()`` is the short form)."""
        return describe_fields(self)


def create_morph_binding(
    node_idx: int,
    mesh_idx: int,
    target_names: Sequence[str],
    default_weights: Sequence[float],
) -> MorphBinding:
    """Create a morph binding whose live weights start at ``default_weights``."""
    defaults = np.array(default_weights, dtype=np.float32).reshape(-1)
    defaults.flags.writeable = False
    return MorphBinding(
        node_idx=node_idx,
        mesh_idx=mesh_idx,
        target_count=int(defaults.shape[0]),
        target_names=tuple(target_names),
        weights=defaults.copy(),
        default_weights=defaults,
    )


@dataclass(frozen=True, slots=True, eq=False)
class PointerBinding:
    """A resolved KHR_animation_pointer target.

    Attributes
    ----------
    pointer
        The JSON pointer, e.g. ``/materials/0/pbrMetallicRoughness/baseColorFactor``.
    arity
        Components per value (1 scalar, 2 vec2, 3 vec3/color3, 4 vec4/color4).
    quaternion
        Interpolate as a quaternion (slerp / renormalise).
    writer
        Writes one sampled value into the target object.
    """

    pointer: str
    arity: int
    quaternion: bool
    writer: PointerWriter


@dataclass(frozen=True, slots=True, eq=False)
class GltfAnimationData:
    """Everything the glTF controllers need: clips, rest poses, skeletons, morphs, pointers.

    Attributes
    ----------
    clips
        One :class:`~lite.animation.types.AnimationClip` per glTF animation.
    nodes
        Rest pose and parent of each node.
    skeletons
        One :class:`~lite.skeleton.skeleton_updater.SkeletonBinding` per skinned mesh node.
    morph_bindings
        One :class:`~lite.skeleton.skeleton_updater.MorphBinding` per mesh node with morph targets.
    node_names
        glTF node names (``None`` when unnamed); masks match these.
    pose
        Shared runtime pose every controller of this asset writes.
    pointers
        Resolved KHR_animation_pointer targets, keyed by pointer string.
    node_targets
        Optional user-facing object per node (the loader's ``GltfNode``), reported in
        ``TargetedAnimation.target``.
    diagnostics
        The skipped-channel facts already reported for this asset or instance;
        ``diagnostics.label`` is the asset's file label (set by the loader).
    target_ids
        Stable target id per node (:func:`lite.derive_target_id` of its name lineage from the
        asset root; ``None`` where a name in the lineage is missing), derived from
        ``node_names`` and the parents in ``nodes``; masks match these too.
    """

    clips: tuple[AnimationClip, ...]
    nodes: tuple[NodeRest, ...]
    skeletons: tuple[SkeletonBinding, ...]
    morph_bindings: tuple[MorphBinding, ...]
    node_names: tuple[str | None, ...]
    pose: NodePose
    pointers: Mapping[str, PointerBinding] = field(default_factory=dict)
    node_targets: tuple[object, ...] = ()
    target_ids: tuple[str | None, ...] = field(init=False, repr=False)
    diagnostics: DiagnosticScope = field(init=False, repr=False)

    def __post_init__(self) -> None:
        # Derived, not passed: the constructor's signature stays what callers know, and
        # dataclasses.replace (instancing) derives them again (same ids, a fresh scope).
        parents = [nd.parent_idx for nd in self.nodes]
        object.__setattr__(self, "target_ids", node_target_ids(self.node_names, parents))
        object.__setattr__(self, "diagnostics", DiagnosticScope())

    def __repr__(self) -> str:
        return short_repr(
            self,
            clips=[c.name for c in self.clips][:8] + (["..."] if len(self.clips) > 8 else []),
            nodes=len(self.nodes),
            skeletons=len(self.skeletons),
            morph_bindings=len(self.morph_bindings),
            pointers=len(self.pointers),
        )

    def describe(self) -> str:
        """Every field in full, one per line (``repr()`` is the short form)."""
        return describe_fields(self)


def as_sink(engine: object) -> GpuSink:
    """``engine`` as a :class:`GpuSink`, or ``LITE-UNSUP-001`` when it cannot receive uploads."""
    if not isinstance(engine, GpuSink):
        raise UnsupportedError(
            "LITE-UNSUP-001",
            f"engine {type(engine).__name__} cannot receive skeleton or morph uploads",
            hint="pass lite.create_engine() (or an object with upload_skeleton and "
            "upload_morph methods), or no engine for CPU-only playback",
            input_name="engine",
        )
    return engine
