"""Node pose and hierarchy: local TRS, local and world matrices.

Port of the pose half of src/skeleton/skeleton-updater.ts: local TRS → local matrix → world
matrix (parents before children). Joint palettes and morph weights are in
:mod:`lite.skeleton.skeleton_updater`; the GPU upload in :mod:`lite.skeleton.gpu_upload`.

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

This is the one place the convention is stated: the runtime (``GltfNode.world_matrix``,
``NodePose.world``, ``SkeletonBinding.joint_matrices``, ``GltfSkin`` inverse binds) is flat
column-major, 16 floats per matrix; baked files (``lite.bake_clip``, ``lite-anim bake``) are
mathematical ``(4, 4)`` matrices, row-major, column vectors (``p' = M @ p``).
:func:`as_row_major` and :func:`as_column_major` convert between the two (views, no copy,
whenever numpy can express the result as a view).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Final

import numpy as np

from lite.animation.summary import describe_fields, shape_of, short_repr
from lite.errors import AnimationStateError, GltfLoadError

if TYPE_CHECKING:
    from lite.animation.types import F32Array, F64Array, I32Array, NodeRest

__all__ = [
    "POSE_STRIDE",
    "R_OFF",
    "S_OFF",
    "T_OFF",
    "NodePose",
    "as_column_major",
    "as_row_major",
    "compose_matrices",
    "create_node_pose",
    "reset_pose",
    "update_world_matrices",
]

#: Floats per node in a pose row: translation (3), rotation quaternion x, y, z, w (4), scale (3).
POSE_STRIDE: Final = 10
T_OFF: Final = 0
R_OFF: Final = 3
S_OFF: Final = 7


# ---------------------------------------------------------------------------------------------
# Matrix layout conversions


def as_row_major(flat: np.ndarray) -> np.ndarray:
    """Runtime column-major matrices ``(..., 16)`` as mathematical ``(..., 4, 4)`` matrices.

    The result is a view (no copy): it follows the live array it was made from. Call
    ``.copy()`` on it to keep a frame.

    Parameters
    ----------
    flat
        ``(..., 16)`` (or ``(..., 4, 4)`` blocks holding the 16 floats row by row, as
        ``NodePose.world``), e.g. ``node.world_matrix`` or ``skin.joint_matrices``.

    Returns
    -------
    numpy.ndarray
        ``(..., 4, 4)``, row-major, column vectors: ``m[:3, 3]`` is the translation and
        ``m @ p`` transforms a point ``p``; the layout of baked files.

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-031`` when the last axis is not 16 floats (or the last two not 4 x 4).

    Examples
    --------
    >>> import numpy as np
    >>> flat = np.eye(4).reshape(16).copy()
    >>> flat[12:15] = (1.0, 2.0, 3.0)          # column-major: translation in 12..14
    >>> as_row_major(flat)[:3, 3].tolist()
    [1.0, 2.0, 3.0]
    """
    array = np.asarray(flat)
    if array.shape[-2:] == (4, 4):
        return array.swapaxes(-1, -2)
    if array.ndim == 0 or array.shape[-1] != 16:
        raise AnimationStateError(
            "LITE-STATE-031",
            f"as_row_major needs matrices of 16 floats (shape (..., 16)), got shape {array.shape}",
            hint="pass a runtime matrix such as node.world_matrix or skin.joint_matrices",
            input_name="flat",
        )
    return array.reshape(*array.shape[:-1], 4, 4).swapaxes(-1, -2)


def as_column_major(matrices: np.ndarray) -> np.ndarray:
    """Mathematical ``(..., 4, 4)`` matrices (bake layout) as runtime ``(..., 16)`` arrays.

    The inverse of :func:`as_row_major`. A view when ``matrices`` is itself a transposed view
    (e.g. what :func:`as_row_major` returned); otherwise numpy has to copy.

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-031`` when the last two axes are not 4 x 4.

    Examples
    --------
    >>> import numpy as np
    >>> m = np.eye(4)
    >>> m[:3, 3] = (1.0, 2.0, 3.0)
    >>> as_column_major(m)[12:15].tolist()
    [1.0, 2.0, 3.0]
    """
    array = np.asarray(matrices)
    if array.shape[-2:] != (4, 4):
        raise AnimationStateError(
            "LITE-STATE-031",
            f"as_column_major needs (..., 4, 4) matrices, got shape {array.shape}",
            hint="pass baked matrices, e.g. bake_clip(...).world_matrices",
            input_name="matrices",
        )
    return array.swapaxes(-1, -2).reshape(*array.shape[:-2], 16)


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
        ``(N, 4, 4)`` float64 world matrices as the runtime stores them for GPU upload:
        column-major per node, so each block is the *transposed* mathematical matrix (see
        the module notes). Read :attr:`world_matrices` for the public, row-major view.
    lock
        Held by every writer of this pose's storage (``local``, ``world``, the joint palettes and
        morph weights of its skeletons and morphs, and the scratch arrays below): each glTF
        controller tick, the batched engine, the weighted glTF mixer and a seek. A detached
        group (attached to no manager) shares its asset's pose with the groups that play, so
        it is this lock, not a manager's, that keeps their writes apart. Instances of one
        :class:`~lite.loader_gltf.instancing.InstanceSlab` share the slab's lock. Hold it to
        read a consistent pose while a manager plays on its autonomous thread. Lock order:
        a manager's lock first, then this one; never the reverse.
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
    lock: threading.RLock = field(default_factory=threading.RLock, init=False, repr=False)

    @property
    def node_count(self) -> int:
        """Number of nodes."""
        return int(self.local.shape[0])

    @property
    def world_matrices(self) -> F64Array:
        """``(N, 4, 4)`` float64 world matrices in the public convention: row-major
        mathematical matrices, column vectors (``m[:3, 3]`` is the translation, ``m @ p``
        transforms a point), as in ``PoseSnapshot.world_matrices`` and baked clips.

        A live view of :attr:`world` (no copy): ``.copy()`` it to keep a frame.
        :attr:`world` itself is the runtime's GPU-upload storage (each ``(4, 4)`` block holds
        Babylon Lite's 16 column-major floats, i.e. the transposed matrix).
        """
        return as_row_major(self.world)

    def __repr__(self) -> str:
        return short_repr(
            self, nodes=self.node_count, local=shape_of(self.local), world=shape_of(self.world)
        )

    def describe(self) -> str:
        """Every field in full, one per line (``repr()`` is the short form)."""
        return describe_fields(self)


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
