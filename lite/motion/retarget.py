"""Retargeting: one clip, played by a different rig, matched by joint name.

lite's own addition (Babylon Lite has none; Babylon.js 9.31's ``AnimatorAvatar`` is the
compat-side counterpart). :func:`retarget_clip` returns a new clip whose channels drive the
target rig's nodes:

- **rotations** carry the source joint's motion relative to its rest pose onto the target's
  rest pose, in the joint's own frame: ``q_target = rest_target * rest_source^-1 * q_source``.
  Identical rigs give the same rotations; a joint whose rest is turned by ``r`` plays the same
  swing from there;
- **translations** keep the target's rest and scale the source's offset from its rest by the
  ratio of the two joints' rest offsets from their parents (a rig twice as tall strides twice
  as far); a joint with a zero rest offset on either side uses the ratio of the rigs' heights
  (summed rest offsets along the longest parent chain);
- **scales** carry the ratio to the source rest onto the target rest.

Joints are matched by node name, or through ``joint_map`` (source name to target name) for
renamed joints. Unmatched joints are reported, not guessed: their channels are dropped with a
``LITE-MOTION-W01`` warning naming them (``strict=True`` refuses instead). Morph weight and
KHR_animation_pointer channels are dropped the same way (they address meshes and materials,
not joints). Every map of a key value is linear in its components (left multiplication by a
constant quaternion, an affine scale), so CUBICSPLINE tangents map with the same linear part.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Final

import numpy as np

from lite.animation.constants import (
    INTERP_CUBICSPLINE,
    PATH_ROTATION,
    PATH_SCALE,
    PATH_TRANSLATION,
)
from lite.animation.target_id import node_target_ids
from lite.animation.types import AnimationChannel, AnimationClip, AnimationSampler, NodeRest
from lite.errors import AnimationStateError, LiteWarning
from lite.motion.quaternion import qmul, qnormalize
from lite.skeleton.skeleton_updater import GltfAnimationData

if TYPE_CHECKING:
    from lite.animation.types import F32Array

__all__ = ["retarget_clip"]

_EPS: Final = 1e-12
_SHOWN: Final = 8


class _Rig:
    __slots__ = ("height", "ids", "names", "nodes")

    def __init__(
        self,
        names: Sequence[str | None],
        nodes: Sequence[NodeRest],
        ids: Sequence[str | None] = (),
    ) -> None:
        self.names = tuple(names)
        self.nodes = tuple(nodes)
        self.height = _rig_height(self.nodes)
        found = tuple(ids) or node_target_ids(self.names, [nd.parent_idx for nd in self.nodes])
        #: stable target id -> node index (ids shared by several nodes are left out).
        counts: dict[str, int] = {}
        for tid in found:
            if tid is not None:
                counts[tid] = counts.get(tid, 0) + 1
        self.ids = {tid: i for i, tid in enumerate(found) if tid is not None and counts[tid] == 1}

    def lookup(self, key: object) -> list[int]:
        """Node indices a joint_map entry names: by node name, else by stable target id."""
        if not isinstance(key, str):
            return []
        hits = [i for i, n in enumerate(self.names) if n == key]
        if not hits and key in self.ids:
            hits = [self.ids[key]]
        return hits


def _rig_height(nodes: Sequence[NodeRest]) -> float:
    memo: dict[int, float] = {}
    for start in range(len(nodes)):
        chain: list[int] = []
        i = start
        while i >= 0 and i not in memo and len(chain) <= len(nodes):
            chain.append(i)
            i = nodes[i].parent_idx
        base = memo.get(i, 0.0) if i >= 0 else 0.0
        for j in reversed(chain):
            nd = nodes[j]
            base += math.sqrt(nd.tx * nd.tx + nd.ty * nd.ty + nd.tz * nd.tz)
            memo[j] = base
    return max(memo.values(), default=0.0)


def _rig(value: object, name: str) -> _Rig:
    data = getattr(value, "animation_data", value)
    if not isinstance(data, GltfAnimationData):
        raise AnimationStateError(
            "LITE-MOTION-030",
            f"{name} must be a loaded asset or its animation_data, got {type(value).__name__}",
            hint="pass lite.load_gltf(...) (or asset.animation_data)",
            input_name=name,
        )
    return _Rig(data.node_names, data.nodes, data.target_ids)


def _list(names: Sequence[str], total: int) -> str:
    shown = ", ".join(repr(n) for n in names[:_SHOWN])
    return shown + (f" and {total - _SHOWN} more" if total > _SHOWN else "")


def _check_map(joint_map: object, source: _Rig, target: _Rig) -> dict[int, int]:
    """Source node index -> target node index for every joint_map entry (names or ids)."""
    if joint_map is None:
        return {}
    if not isinstance(joint_map, Mapping):
        raise AnimationStateError(
            "LITE-MOTION-031",
            f"joint_map must map source joint names to target joint names, got "
            f"{type(joint_map).__name__}",
            hint='pass e.g. {"mixamorig:Hips": "Hips"}',
            input_name="joint_map",
        )
    bad_src = sorted(str(k) for k in joint_map if not source.lookup(k))
    bad_dst = sorted(str(v) for v in joint_map.values() if not target.lookup(v))
    if bad_src or bad_dst:
        parts = []
        if bad_src:
            parts.append(f"source joints {_list(bad_src, len(bad_src))} are not in the source rig")
        if bad_dst:
            parts.append(f"target joints {_list(bad_dst, len(bad_dst))} are not in the target rig")
        raise AnimationStateError(
            "LITE-MOTION-031",
            "joint_map names absent joints: " + "; ".join(parts),
            hint="use node names exactly as the two assets spell them (GltfNode.name), or "
            "their stable target ids (asset.target_ids)",
            input_name="joint_map",
        )
    mapping: dict[int, int] = {}
    for key, value in joint_map.items():
        dst = target.lookup(value)[0]
        for src in source.lookup(key):
            mapping[src] = dst
    return mapping


def _qmul_matrix(r: tuple[float, float, float, float]) -> np.ndarray:
    """The 4x4 matrix ``L`` with ``L @ q == r * q`` for quaternions stored x, y, z, w."""
    x, y, z, w = r
    return np.array(
        [
            [w, -z, y, x],
            [z, w, -x, y],
            [-y, x, w, z],
            [-x, -y, -z, w],
        ],
        dtype=np.float64,
    )


def _map_values(
    sampler: AnimationSampler, stride: int, linear: np.ndarray, offset: np.ndarray
) -> AnimationSampler:
    """A sampler whose values are ``linear @ v + offset`` (tangents: ``linear @ v``)."""
    out = np.asarray(sampler.output, dtype=np.float64).reshape(-1, stride)
    mapped = out @ linear.T
    if sampler.interpolation == INTERP_CUBICSPLINE:
        mapped[1::3] += offset  # per key: in-tangent, value, out-tangent
    else:
        mapped += offset
    values: F32Array = mapped.astype(np.float32).reshape(-1)
    return AnimationSampler(
        np.asarray(sampler.input, dtype=np.float32), values, sampler.interpolation
    )


def _ratio(src: NodeRest, dst: NodeRest, fallback: float) -> float:
    ls = math.sqrt(src.tx * src.tx + src.ty * src.ty + src.tz * src.tz)
    ld = math.sqrt(dst.tx * dst.tx + dst.ty * dst.ty + dst.tz * dst.tz)
    if ls < _EPS or ld < _EPS:
        return fallback
    return ld / ls


def retarget_clip(
    clip: AnimationClip,
    source: object,
    target: object,
    joint_map: Mapping[str, str] | None = None,
    *,
    strict: bool = False,
) -> AnimationClip:
    """``clip`` (made for ``source``) rewritten to drive ``target``'s joints by name.

    Parameters
    ----------
    clip
        A glTF clip of the source rig (``source.animation_data.clips[i]``).
    source, target
        Loaded assets (``lite.load_gltf``) or their ``animation_data``.
    joint_map
        Optional source-name to target-name map for renamed joints; names not in it match
        by equal names. A key or value may be a stable target id (``asset.target_ids``,
        :func:`lite.derive_target_id`) instead of a name: it names that one node.
    strict
        Refuse (``LITE-MOTION-032``) instead of warning when a channel has no target joint.

    Returns
    -------
    AnimationClip
        A new clip (same name, duration and frame rate) over ``target``'s node indices.

    Warns
    -----
    LiteWarning
        ``LITE-MOTION-W01`` naming the source joints (and non-joint channels) that were dropped.

    Raises
    ------
    AnimationStateError
        ``LITE-MOTION-010`` for a clip that is not an ``AnimationClip``; ``LITE-MOTION-030`` for a
        rig that is not an asset; ``LITE-MOTION-031`` for a joint map that names absent joints;
        ``LITE-MOTION-032`` in strict mode when a channel has no target joint.
    """
    if not isinstance(clip, AnimationClip):
        raise AnimationStateError(
            "LITE-MOTION-010",
            f"clip must be an AnimationClip, got {type(clip).__name__}",
            hint="pass source.animation_data.clips[i]",
            input_name="clip",
        )
    src = _rig(source, "source")
    dst = _rig(target, "target")
    mapping = _check_map(joint_map, src, dst)
    by_name = {n: i for i, n in enumerate(dst.names) if n is not None}
    height_ratio = dst.height / src.height if src.height > _EPS and dst.height > _EPS else 1.0

    channels: list[AnimationChannel] = []
    samplers: list[AnimationSampler] = []
    dropped: list[str] = []
    for ch in clip.channels:
        node = ch.node_idx
        name = src.names[node] if 0 <= node < len(src.names) else None
        if ch.path not in (PATH_TRANSLATION, PATH_ROTATION, PATH_SCALE) or node < 0:
            dropped.append(
                f"{name or ch.pointer or node} ({'weights' if ch.pointer is None else 'pointer'})"
            )
            continue
        index = mapping.get(node)
        if index is None and name is not None:
            index = by_name.get(name)
        if index is None or node >= len(src.nodes):
            dropped.append(repr(name) if name is not None else f"node {node}")
            continue
        rs = src.nodes[node]
        rd = dst.nodes[index]
        sampler = clip.samplers[ch.sampler_idx]
        if ch.path == PATH_ROTATION:
            inv_rs = qnormalize(-rs.rx, -rs.ry, -rs.rz, rs.rw)
            corr = qmul(*qnormalize(rd.rx, rd.ry, rd.rz, rd.rw), *inv_rs)
            new = _map_values(sampler, 4, _qmul_matrix(corr), np.zeros(4))
        elif ch.path == PATH_TRANSLATION:
            k = _ratio(rs, rd, height_ratio)
            offset = np.array([rd.tx - k * rs.tx, rd.ty - k * rs.ty, rd.tz - k * rs.tz])
            new = _map_values(sampler, 3, np.eye(3) * k, offset)
        else:
            scale = [
                (d / s) if abs(s) > _EPS else 1.0
                for s, d in ((rs.sx, rd.sx), (rs.sy, rd.sy), (rs.sz, rd.sz))
            ]
            new = _map_values(sampler, 3, np.diag(scale), np.zeros(3))
        channels.append(AnimationChannel(len(samplers), index, ch.path))
        samplers.append(new)
    if dropped:
        unique = list(dict.fromkeys(dropped))
        message = (
            f"retarget_clip {clip.name!r}: no target joint for {_list(unique, len(unique))}; "
            "their channels were dropped"
        )
        if strict:
            raise AnimationStateError(
                "LITE-MOTION-032",
                message,
                hint="map the joints with joint_map={source_name: target_name}",
                input_name="joint_map",
            )
        warnings.warn(LiteWarning("LITE-MOTION-W01", message), stacklevel=2)
    return AnimationClip(
        clip.name, tuple(channels), tuple(samplers), clip.duration, clip.frame_rate
    )
