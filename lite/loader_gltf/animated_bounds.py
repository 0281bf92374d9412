"""Animated bounds and CPU skinning of a loaded asset's skinned mesh.

Port of what forgeax's glTF importer feeds ``deriveConservativeAnimatedBounds``
(``deriveGltfAnimatedBounds``): the skinned mesh's positions, joint influences and morph
targets, read from the asset's accessors, bounded by :mod:`lite.skeleton.bounds` over the
asset's clips. :func:`skinned_positions` skins the current pose on the CPU in the same
coordinates, the mesh node's local space as the runtime's palettes define it
(``inverse(mesh rest world) * joint world * inverse bind``).
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from lite.animation.types import AnimationClip
from lite.errors import LiteError
from lite.loader_gltf.asset import GltfAsset
from lite.skeleton.bounds import (
    BOUNDS_MARGIN,
    bound_joint_points,
    morph_weight_ranges,
    node_envelopes,
)
from lite.skeleton.pose import update_world_matrices
from lite.skeleton.skeleton_updater import SkeletonBinding, update_joint_matrices

if TYPE_CHECKING:
    from lite.animation.types import F64Array

__all__ = ["animated_bounds", "skinned_positions"]


@dataclass(frozen=True, slots=True)
class _SkinnedMesh:
    skeleton: SkeletonBinding
    positions: F64Array  # (V, 3)
    joints: np.ndarray  # (V, L) int64, indices into the skin's joints
    weights: F64Array  # (V, L)
    morph_deltas: F64Array  # (T, V, 3)


def _skinned_mesh(asset: object, skin: object) -> tuple[GltfAsset, _SkinnedMesh]:
    if not isinstance(asset, GltfAsset):
        raise LiteError(
            "LITE-BOUNDS-001",
            f"asset must be a loaded GltfAsset, got {type(asset).__name__}",
            hint="pass what lite.load_gltf or lite.instantiate returned",
            input_name="asset",
        )
    count = len(asset.skeletons)
    if (
        isinstance(skin, bool)
        or not isinstance(skin, numbers.Integral)
        or not 0 <= int(skin) < count
    ):
        raise LiteError(
            "LITE-BOUNDS-002",
            f"skin must index asset.skeletons ({count} skinned mesh nodes), got {skin!r}",
            hint=f"use 0..{count - 1}" if count else "this asset has no skinned mesh",
            input_name="skin",
        )
    skel = asset.skeletons[int(skin)]
    node = asset.nodes[skel.mesh_node]
    mesh = asset.meshes[node.mesh] if node.mesh is not None else None
    positions: list[np.ndarray] = []
    joints: list[np.ndarray] = []
    weights: list[np.ndarray] = []
    deltas: list[np.ndarray] = []
    targets = mesh.target_count if mesh is not None else 0
    for pi, prim in enumerate(mesh.primitives if mesh is not None else ()):
        attrs = prim.attributes
        if not all(k in attrs for k in ("POSITION", "JOINTS_0", "WEIGHTS_0")):
            raise LiteError(
                "LITE-BOUNDS-005",
                f"mesh {node.mesh} primitive {pi} of skinned node {skel.mesh_node} lacks "
                "POSITION, JOINTS_0 or WEIGHTS_0",
                hint="a skinned primitive needs positions and joint influences to be bounded",
                input_name="skin",
            )
        pos = asset.read_accessor(attrs["POSITION"]).astype(np.float64)
        sets = 0
        while f"JOINTS_{sets}" in attrs and f"WEIGHTS_{sets}" in attrs:
            sets += 1
        j = np.concatenate([asset.read_accessor(attrs[f"JOINTS_{i}"]) for i in range(sets)], axis=1)
        w = np.concatenate(
            [asset.read_accessor(attrs[f"WEIGHTS_{i}"]) for i in range(sets)], axis=1
        )
        positions.append(pos)
        joints.append(np.rint(j).astype(np.int64))
        weights.append(w.astype(np.float64))
        d = np.zeros((targets, pos.shape[0], 3))
        for t, target in enumerate(prim.targets[:targets]):
            if "POSITION" in target:
                d[t] = asset.read_accessor(target["POSITION"])
        deltas.append(d)
    if not positions:
        raise LiteError(
            "LITE-BOUNDS-005",
            f"skinned node {skel.mesh_node} has no mesh primitives",
            hint="a skinned primitive needs positions and joint influences to be bounded",
            input_name="skin",
        )
    lanes = max(j.shape[1] for j in joints)

    def pad(a: np.ndarray) -> np.ndarray:
        return np.pad(a, ((0, 0), (0, lanes - a.shape[1])))

    return asset, _SkinnedMesh(
        skeleton=skel,
        positions=np.concatenate(positions),
        joints=np.concatenate([pad(j) for j in joints]),
        weights=np.concatenate([pad(w) for w in weights]),
        morph_deltas=np.concatenate(deltas, axis=1),
    )


def _clips(asset: GltfAsset, clips: object) -> tuple[AnimationClip, ...]:
    own = asset.animation_data.clips
    if clips is None:
        return own
    if isinstance(clips, AnimationClip | str | bytes) or not isinstance(clips, Sequence):
        raise LiteError(
            "LITE-BOUNDS-003",
            f"clips must be a sequence of AnimationClip or clip indices, got "
            f"{type(clips).__name__}",
            hint="pass e.g. asset.animation_data.clips[:2] or [0, 1], or None for all",
            input_name="clips",
        )
    out: list[AnimationClip] = []
    for i, clip in enumerate(clips):
        if isinstance(clip, AnimationClip):
            out.append(clip)
        elif (
            isinstance(clip, numbers.Integral)
            and not isinstance(clip, bool)
            and 0 <= int(clip) < len(own)
        ):
            out.append(own[int(clip)])
        else:
            raise LiteError(
                "LITE-BOUNDS-003",
                f"clips[{i}] must be an AnimationClip or an index in 0..{len(own) - 1}, "
                f"got {clip!r}",
                hint="pass clips of this asset (asset.animation_data.clips) or their indices",
                input_name=f"clips[{i}]",
            )
    return tuple(out)


def _envelope(
    asset: GltfAsset, mesh: _SkinnedMesh, clips: Sequence[AnimationClip], given: object
) -> F64Array:
    targets = mesh.morph_deltas.shape[0]
    if given is None:
        node = mesh.skeleton.mesh_node
        morph = next((m for m in asset.morph_targets if m.node_idx == node), None)
        defaults = morph.default_weights.tolist() if morph is not None else [0.0] * targets
        return morph_weight_ranges(node, defaults, clips)
    try:
        env = np.asarray(given, dtype=np.float64)
    except (TypeError, ValueError):
        env = np.zeros((0, 3))
    shape = env.shape
    if env.shape == (2,):
        env = np.broadcast_to(env, (targets, 2))
    if (
        env.shape != (targets, 2)
        or not bool(np.all(np.isfinite(env)))
        or bool(np.any(env[:, 0] > env[:, 1]))
    ):
        raise LiteError(
            "LITE-BOUNDS-004",
            f"morph_envelope must be (lo, hi) or ({targets}, 2) finite weights with lo <= hi, "
            f"got shape {shape}",
            hint="pass e.g. (0.0, 1.0) for every target, or one (lo, hi) row per target",
            input_name="morph_envelope",
        )
    return np.array(env)


def animated_bounds(
    asset: GltfAsset,
    clips: Sequence[AnimationClip | int] | None = None,
    *,
    skin: int = 0,
    morph_envelope: object = None,
) -> tuple[F64Array, F64Array]:
    """A conservative axis-aligned box around a skinned mesh over its clips, computed once.

    The box, in the skinned mesh node's local coordinates (those of
    :func:`skinned_positions`), encloses every influenced vertex over every LINEAR / STEP /
    CUBICSPLINE TRS clip given, every convex blend of them (non-negative weights summing to 1,
    as cross-fades make), the whole rotation arc between keys, and the morph-weight envelope.
    Nothing is sampled: each joint's motion is bounded from its clips' key ranges and
    rotation caps (see :mod:`lite.skeleton.bounds`).

    Parameters
    ----------
    asset
        A loaded :class:`~lite.GltfAsset` (or instance).
    clips
        The clips to enclose: ``AnimationClip`` objects (of this asset, or retargeted onto it)
        or indices into ``asset.animation_data.clips``; ``None`` (default) for all of them.
    skin
        Index into ``asset.skeletons`` (one per skinned mesh node): which mesh to bound.
    morph_envelope
        Morph weights to enclose: ``(lo, hi)`` for every target or one ``(lo, hi)`` row per
        target. ``None`` (default): zero, the default weights and every key of the clips'
        weights channels on the mesh node.

    Returns
    -------
    tuple[numpy.ndarray, numpy.ndarray]
        ``(min_xyz, max_xyz)``, float64 ``(3,)`` each, rounded outward by ``BOUNDS_MARGIN``.

    Raises
    ------
    LiteError
        ``LITE-BOUNDS-001`` (not an asset), ``002`` (skin index), ``003`` (clips), ``004``
        (morph envelope), ``005`` (a skinned primitive without positions or influences).

    Notes
    -----
    Not covered, as in forgeax: additive layers, weight sums other than 1 in the weighted glTF
    mixer (Babylon Lite sums samples without normalising, so a translation shrinks towards
    zero), procedural motion (IK, look-at, springs, root-motion stripping): bound those
    explicitly.
    """
    asset, mesh = _skinned_mesh(asset, skin)
    chosen = _clips(asset, clips)
    envelope = _envelope(asset, mesh, chosen, morph_envelope)
    nodes = asset.animation_data.nodes
    envelopes = node_envelopes(nodes, chosen, [nd.matrix for nd in asset.nodes])
    # Per-vertex morph offset interval: sum over targets of [lo, hi] x delta.
    d = mesh.morph_deltas
    lo_w = envelope[:, 0][:, None, None]
    hi_w = envelope[:, 1][:, None, None]
    m_lo = np.minimum(lo_w * d, hi_w * d).sum(axis=0) if d.shape[0] else 0.0 * mesh.positions
    m_hi = np.maximum(lo_w * d, hi_w * d).sum(axis=0) if d.shape[0] else 0.0 * mesh.positions
    centres = mesh.positions + (m_lo + m_hi) / 2.0
    halves = (m_hi - m_lo) / 2.0
    skel = mesh.skeleton
    ibm = skel.inverse_bind_matrices.astype(np.float64).reshape(-1, 4, 4).transpose(0, 2, 1)
    final = np.asarray(skel.inv_mesh_world, dtype=np.float64).T
    lo = np.full(3, np.inf)
    hi = np.full(3, -np.inf)
    parents = [nd.parent for nd in asset.nodes]
    for j, joint_node in enumerate(skel.joint_nodes.tolist()):
        influenced = np.any((mesh.joints == j) & (mesh.weights > 0.0), axis=1)
        if not bool(np.any(influenced)):
            continue
        m = ibm[j]
        points = centres[influenced] @ m[:3, :3].T + m[:3, 3]
        half = halves[influenced] @ np.abs(m[:3, :3]).T
        chain: list[int] = []
        node = int(joint_node)
        while node >= 0 and len(chain) <= len(parents):
            chain.append(node)
            node = parents[node]
        jlo, jhi = bound_joint_points(points, half, chain, envelopes, final)
        lo = np.minimum(lo, jlo)
        hi = np.maximum(hi, jhi)
    sums = mesh.weights.sum(axis=1)
    smin, smax = float(sums.min()), float(sums.max())
    if not bool(np.all(np.isfinite(lo))):  # no influenced vertex: every vertex skins to 0
        lo, hi = np.zeros(3), np.zeros(3)
    products = np.stack([lo * smin, lo * smax, hi * smin, hi * smax])
    lo, hi = products.min(axis=0), products.max(axis=0)
    margin = BOUNDS_MARGIN * max(1.0, float(np.max(np.abs(np.concatenate([lo, hi])))))
    return lo - margin, hi + margin


def skinned_positions(asset: GltfAsset, skin: int = 0) -> F64Array:
    """The skinned mesh's vertex positions in the current pose, skinned on the CPU.

    Morph targets are applied with the mesh node's current weights, then each vertex is
    ``sum_i w_i * palette[j_i] @ v`` with the palette recomputed from the current pose
    (``inverse(mesh rest world) * joint world * inverse bind``, float32 as uploaded): the
    coordinates of :func:`animated_bounds`. Primitives are concatenated in order.

    Parameters
    ----------
    asset
        A loaded :class:`~lite.GltfAsset` (or instance).
    skin
        Index into ``asset.skeletons``.

    Returns
    -------
    numpy.ndarray
        ``(V, 3)`` float64.

    Raises
    ------
    LiteError
        ``LITE-BOUNDS-001``, ``002`` or ``005`` as :func:`animated_bounds`.
    """
    asset, mesh = _skinned_mesh(asset, skin)
    skel = mesh.skeleton
    pose = asset.pose
    with pose.lock:
        update_world_matrices(pose)
        update_joint_matrices(pose, skel)
        palette = skel.joint_matrices.astype(np.float64).reshape(-1, 4, 4).transpose(0, 2, 1)
    v = mesh.positions
    morph = next((m for m in asset.morph_targets if m.node_idx == skel.mesh_node), None)
    if morph is not None and mesh.morph_deltas.shape[0]:
        w = morph.weights.astype(np.float64)[: mesh.morph_deltas.shape[0]]
        v = v + np.tensordot(w, mesh.morph_deltas, axes=1)
    out = np.zeros_like(v)
    for lane in range(mesh.joints.shape[1]):
        m = palette[mesh.joints[:, lane]]
        moved = np.einsum("vij,vj->vi", m[:, :3, :3], v) + m[:, :3, 3]
        out += mesh.weights[:, lane, None] * moved
    return out
