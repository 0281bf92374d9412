"""PoseSnapshot and snapshot_pose: the pose an asset holds now, copied in the bake layout.

Not a port: Babylon Lite has no baking tool. The runtime rewrites an asset's pose arrays in
place every update; a snapshot is one frame of a :class:`~lite.bake.BakedClip` taken from a
loop the caller drives (matrices ``(4, 4)``, row-major, ``p' = M @ p``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from lite.animation.state import check_group
from lite.errors import AnimationStateError
from lite.loader_gltf import GltfAsset

if TYPE_CHECKING:
    from lite.animation.state import AnimationGroup
    from lite.animation.types import F32Array, F64Array

__all__ = ["PoseSnapshot", "snapshot_pose"]


@dataclass(frozen=True, slots=True, eq=False)
class PoseSnapshot:
    """The current pose of an asset, copied: one frame of a :class:`BakedClip`, same layout.

    Attributes
    ----------
    time
        ``current_time`` of the group given to :func:`snapshot_pose` (None without one).
    translation, rotation, scale
        ``(N, 3)``, ``(N, 4)`` (x, y, z, w), ``(N, 3)`` float32 local TRS per node.
    world_matrices
        ``(N, 4, 4)`` float64, mathematical layout (``p' = M @ p``).
    joint_matrices
        One ``(J, 4, 4)`` float32 palette per skeleton (``asset.skeletons`` order),
        mathematical layout.
    morph_weights
        One ``(T,)`` float32 weight array per morphed mesh (``asset.morph_targets`` order).
    """

    time: float | None
    translation: F32Array
    rotation: F32Array
    scale: F32Array
    world_matrices: F64Array
    joint_matrices: tuple[F32Array, ...]
    morph_weights: tuple[F32Array, ...]


def snapshot_pose(asset: GltfAsset, group: AnimationGroup | None = None) -> PoseSnapshot:
    """Copy the pose ``asset`` holds now, so frames recorded in a loop stay distinct.

    ``node.translation``, ``node.rotation``, ``node.world_matrix``,
    ``skeleton.joint_matrices`` and ``asset.pose`` are *live views*: the runtime rewrites
    them in place on every update, so appending them to a list keeps N references to one
    pose. This copies everything once, in the bake layout (matrices ``(4, 4)``, row-major).
    For a single array, ``.copy()`` (or ``lite.as_row_major(view).copy()``) is enough.

    Parameters
    ----------
    asset
        A loaded asset (``lite.load_gltf``).
    group
        Optional group whose ``current_time`` is recorded beside the pose.

    Raises
    ------
    AnimationStateError
        ``LITE-STATE-014`` when ``asset`` is not a ``GltfAsset`` or ``group`` not a group.

    Examples
    --------
    >>> from lite import add_animation_groups, create_animation_manager, load_gltf
    >>> from lite import update_animation_manager
    >>> from lite.assets import DEFAULT_FIGURE
    >>> asset = load_gltf(DEFAULT_FIGURE)
    >>> manager = create_animation_manager()
    >>> add_animation_groups(manager, asset.animation_groups)
    >>> frames = []
    >>> for _ in range(3):
    ...     update_animation_manager(manager, 100.0)
    ...     frames.append(snapshot_pose(asset, asset.animation_groups[0]))
    >>> bool((frames[0].world_matrices != frames[2].world_matrices).any())
    True
    """
    if not isinstance(asset, GltfAsset):
        raise AnimationStateError(
            "LITE-STATE-014",
            f"snapshot_pose asset must be a GltfAsset, got {type(asset).__name__}",
            hint="pass what lite.load_gltf returned",
            input_name="asset",
        )
    if group is not None:
        check_group(group)
    pose = asset.pose
    local = np.array(pose.local, dtype=np.float32)
    return PoseSnapshot(
        time=None if group is None else float(group.current_time),
        translation=np.ascontiguousarray(local[:, 0:3]),
        rotation=np.ascontiguousarray(local[:, 3:7]),
        scale=np.ascontiguousarray(local[:, 7:10]),
        world_matrices=np.ascontiguousarray(pose.world.transpose(0, 2, 1), dtype=np.float64),
        joint_matrices=tuple(
            np.ascontiguousarray(
                s.joint_matrices.reshape(-1, 4, 4).transpose(0, 2, 1), dtype=np.float32
            )
            for s in asset.skeletons
        ),
        morph_weights=tuple(np.array(m.weights, dtype=np.float32) for m in asset.morph_targets),
    )
