"""The loaded-asset types: :class:`GltfAsset` and the glTF objects it holds (dataclasses).

Nodes with live pose views, meshes, skins, materials, cameras, lights. Dataclasses only; they
are built by :mod:`lite.loader_gltf.properties` (the parsed objects) and
:mod:`lite.loader_gltf.loader` (the runtime binding). Port of the asset shape Babylon Lite's
``loadGltf`` returns."""

from __future__ import annotations

import difflib
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from lite.animation.summary import short_repr
from lite.errors import GltfLoadError

if TYPE_CHECKING:
    from lite.animation.state import AnimationGroup
    from lite.animation.types import F32Array, F64Array, NodeRest
    from lite.skeleton.pose import NodePose
    from lite.skeleton.skeleton_updater import GltfAnimationData, MorphBinding, SkeletonBinding

__all__ = [
    "GltfAsset",
    "GltfCamera",
    "GltfLight",
    "GltfMaterial",
    "GltfMesh",
    "GltfNode",
    "GltfPrimitive",
    "GltfSkin",
    "TextureTransform",
]


@dataclass(slots=True, eq=False)
class GltfNode:
    """One glTF node and its live state.

    ``translation`` (3), ``rotation`` (x, y, z, w) and ``scale`` (3) are float32 views into
    the asset's shared pose array, written by playback (and writable by you);
    ``world_matrix`` is a ``(16,)`` column-major float64 view of the node's world matrix,
    refreshed by playback of clips that animate TRS. ``weights`` is the live morph-weight
    array when the node's mesh has morph targets.

    These are live views, rewritten in place by every update: a list of them recorded in a
    loop holds one frame many times. Keep a frame with ``.copy()``, or the whole pose with
    ``lite.snapshot_pose(asset)``; ``lite.as_row_major(node.world_matrix)`` gives the
    mathematical ``(4, 4)`` matrix (the bake layout), still a view.
    """

    index: int
    name: str | None
    parent: int
    children: tuple[int, ...]
    rest: NodeRest
    translation: F32Array
    rotation: F32Array
    scale: F32Array
    world_matrix: F64Array
    weights: F32Array | None = None
    mesh: int | None = None
    skin: int | None = None
    camera: int | None = None
    light: int | None = None
    #: Static local matrix (``(4, 4)``, mathematical row-major) when the node has ``matrix``.
    matrix: F64Array | None = None


@dataclass(frozen=True, slots=True)
class GltfPrimitive:
    """A mesh primitive: accessor indices only (vertex data is not decoded)."""

    attributes: dict[str, int]
    indices: int | None
    material: int | None
    targets: tuple[dict[str, int], ...]
    mode: int


@dataclass(frozen=True, slots=True)
class GltfMesh:
    """A glTF mesh: primitives, default morph weights and target names."""

    index: int
    name: str | None
    primitives: tuple[GltfPrimitive, ...]
    target_count: int
    weights: tuple[float, ...]
    target_names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GltfSkin:
    """A glTF skin: joint nodes and inverse bind matrices (``(J, 16)`` column-major)."""

    index: int
    name: str | None
    joints: tuple[int, ...]
    skeleton: int | None
    inverse_bind_matrices: F32Array


@dataclass(slots=True, eq=False)
class TextureTransform:
    """KHR_texture_transform state of one material texture slot (animatable)."""

    offset: F32Array = field(default_factory=lambda: np.zeros(2, dtype=np.float32))
    scale: F32Array = field(default_factory=lambda: np.ones(2, dtype=np.float32))
    rotation: float = 0.0


@dataclass(slots=True, eq=False)
class GltfMaterial:
    """The animatable factors of a glTF material (textures are not loaded).

    ``texture_transforms`` has one entry per texture slot the material uses, keyed by the
    slot's JSON path (``"pbrMetallicRoughness/baseColorTexture"``, ``"normalTexture"``, ...).
    """

    index: int
    name: str | None
    base_color_factor: F32Array
    metallic_factor: float
    roughness_factor: float
    emissive_factor: F32Array
    emissive_strength: float
    alpha_cutoff: float
    normal_scale: float
    occlusion_strength: float
    texture_transforms: dict[str, TextureTransform]


@dataclass(slots=True, eq=False)
class GltfCamera:
    """A glTF camera (perspective or orthographic); pointer channels write these fields."""

    index: int
    name: str | None
    type: str
    yfov: float = 0.0
    aspect_ratio: float | None = None
    znear: float = 0.0
    zfar: float | None = None
    xmag: float = 0.0
    ymag: float = 0.0


@dataclass(slots=True, eq=False)
class GltfLight:
    """A KHR_lights_punctual light; pointer channels write these fields."""

    index: int
    name: str | None
    type: str
    color: F32Array
    intensity: float = 1.0
    range: float | None = None
    inner_cone_angle: float = 0.0
    outer_cone_angle: float = math.pi / 4.0


@dataclass(slots=True, eq=False)
class GltfAsset:
    """A loaded glTF asset: nodes with live pose views, skins, morphs, materials, groups.

    Attributes
    ----------
    source
        File path, or ``"<bytes>"``.
    nodes
        :class:`GltfNode` per glTF node (same indices).
    skeletons
        One :class:`~lite.skeleton.SkeletonBinding` (live joint palette) per skinned node.
    morph_targets
        One :class:`~lite.skeleton.MorphBinding` (live weights) per node with morph targets.
    animation_data
        Input of :func:`lite.gltf_animation.create_animation_groups`.
    animation_groups
        One group per glTF animation; the first one is playing.
    pose
        The shared :class:`~lite.skeleton.NodePose`.
    scene_roots
        Root nodes of the default scene (all parentless nodes when there is no scene).
    """

    source: str
    nodes: tuple[GltfNode, ...]
    meshes: tuple[GltfMesh, ...]
    skins: tuple[GltfSkin, ...]
    materials: tuple[GltfMaterial, ...]
    cameras: tuple[GltfCamera, ...]
    lights: tuple[GltfLight, ...]
    skeletons: tuple[SkeletonBinding, ...]
    morph_targets: tuple[MorphBinding, ...]
    animation_data: GltfAnimationData
    animation_groups: list[AnimationGroup]
    pose: NodePose
    scene_roots: tuple[int, ...]
    _read: Callable[[int], F32Array] = field(repr=False, default=lambda i: np.zeros(0, np.float32))

    @property
    def target_ids(self) -> tuple[str | None, ...]:
        """Stable target id per node (same indices as ``nodes``), shared by every instance.

        Each is :func:`lite.derive_target_id` of the node names from the node's asset root
        (its parentless ancestor) down to the node, as forgeax's glTF importer derives them;
        ``None`` for a node with an unnamed node in its lineage. Find a node by its id with
        :func:`lite.find_node_by_target_id`.
        """
        return self.animation_data.target_ids

    def __repr__(self) -> str:
        groups = [g.name for g in self.animation_groups]
        return short_repr(
            self,
            source=repr(self.source),
            nodes=len(self.nodes),
            meshes=len(self.meshes),
            skins=len(self.skins),
            materials=len(self.materials),
            morph_targets=len(self.morph_targets),
            animation_groups=groups[:8] + (["..."] if len(groups) > 8 else []),
        )

    def describe(self) -> str:
        """A readable summary: every node (index, name, parent), group, skin and morph.

        ``repr(asset)`` is the one-line form; the arrays themselves are on the fields.
        """
        lines = [repr(self), "nodes:"]
        for n in self.nodes:
            lines.append(f"  [{n.index}] {n.name!r} parent={n.parent}")
        lines.append("animation groups:")
        for g in self.animation_groups:
            lines.append(f"  {g!r}")
        for title, items in (
            ("skeletons:", self.skeletons),
            ("morph targets:", self.morph_targets),
        ):
            if items:
                lines.append(title)
                lines.extend(f"  {item!r}" for item in items)
        return "\n".join(lines)

    def find_node(self, name: str) -> GltfNode | None:
        """The first node called ``name`` (exact, case-sensitive), or ``None``.

        Use :meth:`node` when the node must exist: it raises a coded error instead.
        """
        for node in self.nodes:
            if node.name == name:
                return node
        return None

    def node(self, name: str) -> GltfNode:
        """The first node called ``name`` (exact, case-sensitive); raises when there is none.

        Raises
        ------
        GltfLoadError
            ``LITE-GLTF-021`` naming the missing node, with the closest node names as hint.

        Examples
        --------
        >>> import lite
        >>> asset = lite.load_gltf(lite.assets.figure_path())  # doctest: +SKIP
        >>> asset.node("Hips").index  # doctest: +SKIP
        1
        """
        found = self.find_node(name)
        if found is not None:
            return found
        names = [n.name for n in self.nodes if n.name]
        close = difflib.get_close_matches(str(name), names, n=3, cutoff=0.5)
        if not close:
            close = [n for n in names if str(name).lower() in n.lower()][:3]
        hint = (
            f"did you mean {', '.join(map(repr, close))}?"
            if close
            else f"the asset has {len(names)} named node(s)"
            + (f", e.g. {', '.join(map(repr, names[:5]))}" if names else "")
        )
        raise GltfLoadError(
            "LITE-GLTF-021",
            f"{self.source}: no node named {name!r}",
            hint=hint + " (asset.find_node returns None instead of raising)",
            input_name="name",
        )

    def read_accessor(self, index: int) -> F32Array:
        """Decode accessor ``index`` as float32 ``(count, components)``.

        Strides, sparse substitution and normalized integers are applied; integer accessors
        that are not normalized are converted as-is.

        Raises
        ------
        GltfLoadError
            ``LITE-GLTF-002`` when ``index`` is not an accessor of this asset.
        """
        return self._read(index)
