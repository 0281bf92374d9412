"""Node hierarchy, world matrices and joint palettes. Port of src/skeleton/skeleton-updater.ts.

This is the CPU half of Babylon Lite's skeleton updater: local TRS → local matrix → world
matrix (parents before children) → joint palette ``inverse(mesh_world) * joint_world *
inverse_bind``. The GPU upload half lives in :mod:`lite.gpu`, which imports this module (never
the reverse); a controller hands palettes to whatever *sink* it was given (:class:`GpuSink`).

Matrix layout
-------------
Every 4x4 matrix is stored the way Babylon Lite stores it: column-major, 16 floats. In numpy a
``(4, 4)`` block holding those 16 floats row by row is the *transpose* of the mathematical
matrix, so products run in reverse order: ``world = parent_world * local`` becomes
``world_T = local_T @ parent_world_T``. ``world.reshape(16)`` is then exactly Babylon Lite's
array, with no copy.

World matrices are in glTF space. Babylon Lite premultiplies every root by the RH→LH flip
``diag(-1, 1, 1, 1)``; the flip cancels in the joint palette (the mesh world carries it too),
so palettes are identical, and world matrices differ only by that flip.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final, Protocol, runtime_checkable

import numpy as np

from lite.errors import GltfLoadError

if TYPE_CHECKING:
    from lite.types import F32Array, F64Array, I32Array, NodeRest

__all__ = [
    "POSE_STRIDE",
    "R_OFF",
    "S_OFF",
    "T_OFF",
    "GpuSink",
    "MorphBinding",
    "NodePose",
    "SkeletonBinding",
    "compose_matrices",
    "create_morph_binding",
    "create_node_pose",
    "create_skeleton_binding",
    "reset_pose",
    "skeletons_affected_by",
    "update_joint_matrices",
    "update_world_matrices",
]

#: Floats per node in a pose row: translation (3), rotation quaternion x, y, z, w (4), scale (3).
POSE_STRIDE: Final = 10
T_OFF: Final = 0
R_OFF: Final = 3
S_OFF: Final = 7


@runtime_checkable
class GpuSink(Protocol):
    """Receiver of per-frame uploads (``lite.gpu.Engine`` implements it).

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
# Pose and hierarchy
# ---------------------------------------------------------------------------------------------


@dataclass(slots=True, eq=False)
class NodePose:
    """Current and rest local TRS of every node, and the world matrices derived from them.

    Attributes
    ----------
    local
        ``(N, 10)`` float32, glTF node order: ``tx ty tz rx ry rz rw sx sy sz``. Playback writes
        here; each ``GltfNode``'s ``translation``/``rotation``/``scale`` is a view of one row.
    rest
        ``(N, 10)`` float32, read-only rest pose (the node's glTF TRS).
    parent
        ``(N,)`` int32 parent index, -1 for roots.
    world
        ``(N, 4, 4)`` float64 world matrices, column-major per node (see the module notes).
    """

    local: F32Array
    rest: F32Array
    parent: I32Array
    world: F64Array
    #: ``(N,)`` node indices sorted by depth (roots first); each depth is a contiguous slice.
    _order: I32Array = field(repr=False)
    #: ``(N,)`` position of each node in ``_order``.
    _inv_order: I32Array = field(repr=False)
    _sorted_local32: F32Array = field(repr=False)
    _trs: F64Array = field(repr=False)
    _local_m: F64Array = field(repr=False)
    _world_sorted: F64Array = field(repr=False)
    #: Per depth level below the roots: (local slice, parent positions, parent scratch, out).
    _levels: tuple[tuple[F64Array, I32Array, F64Array, F64Array], ...] = field(repr=False)
    _root_count: int = field(repr=False)
    _scratch: F64Array = field(repr=False)
    #: Positions (in ``_order``) of nodes whose local matrix is a static glTF ``matrix``.
    _matrix_pos: I32Array = field(repr=False)
    _matrix_vals: F64Array = field(repr=False)

    @property
    def node_count(self) -> int:
        """Number of nodes."""
        return int(self.local.shape[0])


def _depths(parent: Sequence[int]) -> list[int]:
    n = len(parent)
    depth = [-1] * n
    for start in range(n):
        chain: list[int] = []
        i = start
        while i >= 0 and depth[i] < 0:
            if len(chain) > n:
                raise GltfLoadError(
                    "LITE-GLTF-005",
                    f"node {start}: following parent links never reaches a root (cycle)",
                    hint="each node must have at most one parent and no node may be its "
                    "own ancestor",
                    input_name=f"nodes[{start}]",
                )
            chain.append(i)
            i = parent[i]
        d = -1 if i < 0 else depth[i]
        for j in reversed(chain):
            d += 1
            depth[j] = d
    return depth


def create_node_pose(
    nodes: Sequence[NodeRest],
    matrices: Sequence[F64Array | None] | None = None,
) -> NodePose:
    """Allocate the pose arrays and the depth-level plan for a node hierarchy.

    Parameters
    ----------
    nodes
        Rest TRS and parent index per node.
    matrices
        Optional static local matrix per node (glTF ``matrix``), ``(4, 4)`` row-major
        mathematical form; used instead of the TRS, as Babylon Lite does.

    Returns
    -------
    NodePose
        With ``local`` = ``rest`` and world matrices already computed.

    Raises
    ------
    GltfLoadError
        ``LITE-GLTF-005`` when parent links form a cycle, ``LITE-GLTF-002`` when a parent
        index is out of range.
    """
    n = len(nodes)
    parent_list = [int(nd.parent_idx) for nd in nodes]
    for i, p in enumerate(parent_list):
        if p < -1 or p >= n or p == i:
            raise GltfLoadError(
                "LITE-GLTF-002" if p != i else "LITE-GLTF-005",
                f"node {i}: parent index {p} is not a node of this hierarchy",
                hint="parent indices must be -1 or another node's index",
                input_name=f"nodes[{i}]",
            )
    depth = _depths(parent_list)
    order = np.array(sorted(range(n), key=lambda i: (depth[i], i)), dtype=np.int32)
    inv_order = np.empty(n, dtype=np.int32)
    inv_order[order] = np.arange(n, dtype=np.int32)
    rest = np.zeros((n, POSE_STRIDE), dtype=np.float32)
    for i, nd in enumerate(nodes):
        rest[i] = (nd.tx, nd.ty, nd.tz, nd.rx, nd.ry, nd.rz, nd.rw, nd.sx, nd.sy, nd.sz)
    local = rest.copy()
    rest.flags.writeable = False
    parent = np.array(parent_list, dtype=np.int32)

    local_m = np.zeros((n, 4, 4), dtype=np.float64)
    local_m[:, 3, 3] = 1.0
    world_sorted = np.zeros((n, 4, 4), dtype=np.float64)
    sorted_depth = [depth[int(i)] for i in order]
    root_count = sum(1 for d in sorted_depth if d == 0)
    max_level = 0
    bounds: list[tuple[int, int]] = []
    start = root_count
    while start < n:
        d = sorted_depth[start]
        end = start
        while end < n and sorted_depth[end] == d:
            end += 1
        bounds.append((start, end))
        max_level = max(max_level, end - start)
        start = end
    parent_pos = np.array(
        [int(inv_order[parent_list[int(i)]]) if parent_list[int(i)] >= 0 else -1 for i in order],
        dtype=np.int32,
    )
    parent_scratch = np.zeros((max(max_level, 1), 4, 4), dtype=np.float64)
    levels = tuple(
        (
            local_m[s:e],
            parent_pos[s:e],
            parent_scratch[: e - s],
            world_sorted[s:e],
        )
        for s, e in bounds
    )
    mpos: list[int] = []
    mvals: list[F64Array] = []
    if matrices is not None:
        for i, m in enumerate(matrices):
            if m is not None:
                mpos.append(int(inv_order[i]))
                mvals.append(np.asarray(m, dtype=np.float64).reshape(4, 4).T)
    pose = NodePose(
        local=local,
        rest=rest,
        parent=parent,
        world=np.zeros((n, 4, 4), dtype=np.float64),
        _order=order,
        _inv_order=inv_order,
        _sorted_local32=np.zeros((n, POSE_STRIDE), dtype=np.float32),
        _trs=np.zeros((n, POSE_STRIDE), dtype=np.float64),
        _local_m=local_m,
        _world_sorted=world_sorted,
        _levels=levels,
        _root_count=root_count,
        _scratch=np.zeros((10, n), dtype=np.float64),
        _matrix_pos=np.array(mpos, dtype=np.int32),
        _matrix_vals=(np.stack(mvals) if mvals else np.zeros((0, 4, 4), dtype=np.float64)),
    )
    update_world_matrices(pose)
    return pose


def reset_pose(pose: NodePose) -> None:
    """Copy the rest pose into ``pose.local`` (all nodes)."""
    np.copyto(pose.local, pose.rest)


def _diag(a: F64Array, b: F64Array, s: F64Array, dst: F64Array, tmp: F64Array) -> None:
    # (1 - 2 * (a + b)) * s
    np.add(a, b, out=tmp)
    np.multiply(tmp, -2.0, out=tmp)
    np.add(tmp, 1.0, out=tmp)
    np.multiply(tmp, s, out=dst)


def _sum(a: F64Array, b: F64Array, s: F64Array, dst: F64Array, tmp: F64Array) -> None:
    # 2 * (a + b) * s
    np.add(a, b, out=tmp)
    np.multiply(tmp, 2.0, out=tmp)
    np.multiply(tmp, s, out=dst)


def _dif(a: F64Array, b: F64Array, s: F64Array, dst: F64Array, tmp: F64Array) -> None:
    # 2 * (a - b) * s
    np.subtract(a, b, out=tmp)
    np.multiply(tmp, 2.0, out=tmp)
    np.multiply(tmp, s, out=dst)


def compose_matrices(trs: F64Array, out: F64Array, scratch: F64Array) -> None:
    """Compose ``(N, 10)`` TRS rows into ``(N, 4, 4)`` column-major local matrices.

    Same arithmetic as Babylon Lite's ``mat4ComposeInto``; the constant last column
    (``0, 0, 0, 1``) must already be in ``out``. ``scratch`` is ``(>= 10, N)`` float64.

    Examples
    --------
    >>> import numpy as np
    >>> trs = np.array([[1, 2, 3, 0, 0, 0, 1, 2, 2, 2]], dtype=np.float64)
    >>> out = np.zeros((1, 4, 4)); out[:, 3, 3] = 1
    >>> compose_matrices(trs, out, np.zeros((10, 1)))
    >>> out[0].reshape(16).tolist()
    [2.0, 0.0, 0.0, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0, 0.0, 2.0, 0.0, 1.0, 2.0, 3.0, 1.0]
    """
    x = trs[:, 3]
    y = trs[:, 4]
    z = trs[:, 5]
    w = trs[:, 6]
    sx = trs[:, 7]
    sy = trs[:, 8]
    sz = trs[:, 9]
    xx, yy, zz, xy, xz, yz, wx, wy, wz, tmp = scratch[:10]
    np.multiply(x, x, out=xx)
    np.multiply(y, y, out=yy)
    np.multiply(z, z, out=zz)
    np.multiply(x, y, out=xy)
    np.multiply(x, z, out=xz)
    np.multiply(y, z, out=yz)
    np.multiply(w, x, out=wx)
    np.multiply(w, y, out=wy)
    np.multiply(w, z, out=wz)

    _diag(yy, zz, sx, out[:, 0, 0], tmp)
    _sum(xy, wz, sx, out[:, 0, 1], tmp)
    _dif(xz, wy, sx, out[:, 0, 2], tmp)
    _dif(xy, wz, sy, out[:, 1, 0], tmp)
    _diag(xx, zz, sy, out[:, 1, 1], tmp)
    _sum(yz, wx, sy, out[:, 1, 2], tmp)
    _sum(xz, wy, sz, out[:, 2, 0], tmp)
    _dif(yz, wx, sz, out[:, 2, 1], tmp)
    _diag(xx, yy, sz, out[:, 2, 2], tmp)
    np.copyto(out[:, 3, :3], trs[:, 0:3])


def update_world_matrices(pose: NodePose) -> None:
    """Recompute ``pose.world`` from ``pose.local``, one batched product per depth level.

    Allocation-free: every intermediate lives in arrays created by :func:`create_node_pose`.
    """
    np.take(pose.local, pose._order, axis=0, out=pose._sorted_local32, mode="clip")
    np.copyto(pose._trs, pose._sorted_local32, casting="same_kind")
    local_m = pose._local_m
    compose_matrices(pose._trs, local_m, pose._scratch)
    if pose._matrix_pos.shape[0]:
        local_m[pose._matrix_pos] = pose._matrix_vals
    world = pose._world_sorted
    r = pose._root_count
    np.copyto(world[:r], local_m[:r])
    for loc, parents, pscratch, out in pose._levels:
        np.take(world, parents, axis=0, out=pscratch, mode="clip")
        np.matmul(loc, pscratch, out=out)
    np.take(world, pose._inv_order, axis=0, out=pose.world, mode="clip")


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
        bone texture's content (4 RGBA32F texels per joint).
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
