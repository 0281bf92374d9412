"""``load_gltf``: read a glTF document once, then bind the runtime that plays it.

Port of Babylon Lite's ``loadGltf`` (``src/loader-gltf``) for animation.

:func:`load_gltf` is :func:`~lite.loader_gltf.document.read_gltf_document` (every check, every
warning) followed by the binding stages, each a function here: the shared node pose, one
skeleton binding (live joint palette) per skinned node, one morph binding (live weights) per
morph node, the live :class:`~lite.loader_gltf.asset.GltfNode` views, the KHR_animation_pointer
writers, the optional GPU upload, and one animation group per clip (the first one playing).
Binding raises nothing for a validated document, except ``LITE-UNSUP-001`` for an ``engine``
that cannot receive uploads.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from lite.loader_gltf.animation_pointer import pointer_writer
from lite.loader_gltf.asset import GltfAsset, GltfNode
from lite.loader_gltf.document import GltfDocument, read_gltf_document
from lite.skeleton.animation_controller import create_animation_groups
from lite.skeleton.pose import POSE_STRIDE, NodePose, create_node_pose
from lite.skeleton.skeleton_updater import (
    GltfAnimationData,
    MorphBinding,
    PointerBinding,
    SkeletonBinding,
    create_morph_binding,
    create_skeleton_binding,
    update_joint_matrices,
)
from lite.skeleton.skeleton_updater import as_sink as _as_sink

if TYPE_CHECKING:
    from lite.loader_gltf.context import UriResolver

__all__ = ["load_gltf"]


def load_gltf(
    source: str | os.PathLike[str] | bytes | bytearray | memoryview,
    engine: object | None = None,
    *,
    base_dir: str | os.PathLike[str] | None = None,
    resolver: UriResolver | None = None,
) -> GltfAsset:
    """Load a ``.gltf`` or ``.glb`` file (or its bytes) for animation playback.

    Parameters
    ----------
    source
        Path to a ``.gltf``/``.glb`` file, or the file's bytes (GLB or glTF JSON).
    engine
        Optional GPU engine (:func:`lite.gpu.create_engine`): bone textures and morph weight
        buffers are created and filled with the rest pose now, and the asset's groups upload
        through it on every tick.
    base_dir
        Folder that relative buffer uris resolve against (defaults to the file's folder;
        required for bytes with external buffers).
    resolver
        Optional ``uri -> bytes`` callable. Without it only data: URIs and relative paths inside
        the asset's folder load; http(s), other schemes, absolute paths and paths leaving the
        folder are refused (``LITE-GLTF-006``). With it, every external buffer uri is passed to
        the resolver, which decides what may be read.

    Returns
    -------
    GltfAsset
        Nodes with live pose views, skins, morph targets, materials, cameras, lights,
        ``animation_data`` and ``animation_groups`` (the first one playing).

    Raises
    ------
    GltfLoadError
        With ``code`` (see ``lite.errors.ERROR_CODES``), a message naming the file and JSON
        path, ``input_name`` = the JSON path, and a ``hint``.

    Warns
    -----
    LiteWarning
        With ``code`` ``LITE-GLTF-W01`` unsupported KHR_animation_pointer target (channel
        skipped), ``LITE-GLTF-W02`` channel without a usable target (skipped),
        ``LITE-GLTF-W03`` optional extensions that are ignored. The message starts with the
        code in brackets.
    """
    doc = read_gltf_document(source, base_dir=base_dir, resolver=resolver)
    rests = tuple(info.rest for info in doc.nodes)
    pose = create_node_pose(rests, [info.matrix for info in doc.nodes])
    skeletons = _bind_skeletons(doc, pose)
    morphs = _bind_morphs(doc)
    nodes = _bind_nodes(doc, pose, morphs)
    animation_data = GltfAnimationData(
        clips=doc.animations,
        nodes=rests,
        skeletons=skeletons,
        morph_bindings=morphs,
        node_names=tuple(info.name for info in doc.nodes),
        pose=pose,
        pointers=_bind_pointers(doc),
        node_targets=nodes,
    )
    animation_data.diagnostics.label = doc.source
    sink = _as_sink(engine) if engine is not None else None
    if sink is not None:
        for skel in skeletons:
            sink.upload_skeleton(skel)
        for morph in morphs:
            sink.upload_morph(morph)
    return GltfAsset(
        source=doc.source,
        nodes=nodes,
        meshes=doc.meshes,
        skins=doc.skins,
        materials=doc.materials,
        cameras=doc.cameras,
        lights=doc.lights,
        skeletons=skeletons,
        morph_targets=morphs,
        animation_data=animation_data,
        animation_groups=create_animation_groups(animation_data, engine=sink),
        pose=pose,
        scene_roots=doc.scene_roots,
        _read=doc.accessors.read,
    )


def _bind_skeletons(doc: GltfDocument, pose: NodePose) -> tuple[SkeletonBinding, ...]:
    """One skeleton binding per skinned node, its palette filled with the rest pose."""
    skeletons: list[SkeletonBinding] = []
    for ni, info in enumerate(doc.nodes):
        if info.skin is None:
            continue
        skin = doc.skins[info.skin]
        skel = create_skeleton_binding(
            skin.name or f"skin_{skin.index}",
            skin.index,
            ni,
            skin.joints,
            skin.inverse_bind_matrices,
            pose.world[ni],
        )
        update_joint_matrices(pose, skel)
        skeletons.append(skel)
    return tuple(skeletons)


def _bind_morphs(doc: GltfDocument) -> tuple[MorphBinding, ...]:
    """One morph binding per morph node (ascending), with the node's or the mesh's weights."""
    morphs: list[MorphBinding] = []
    for ni in doc.morph_nodes:
        info = doc.nodes[ni]
        assert info.mesh is not None  # a morph node has a mesh
        mesh = doc.meshes[info.mesh]
        morphs.append(
            create_morph_binding(
                ni, mesh.index, mesh.target_names, info.weights if info.weights else mesh.weights
            )
        )
    return tuple(morphs)


def _bind_nodes(
    doc: GltfDocument, pose: NodePose, morphs: tuple[MorphBinding, ...]
) -> tuple[GltfNode, ...]:
    """The live nodes: TRS and world-matrix views into ``pose``, morph weights."""
    weights_of = {morph.node_idx: morph.weights for morph in morphs}
    return tuple(
        GltfNode(
            index=ni,
            name=info.name,
            parent=info.parent,
            children=info.children,
            rest=info.rest,
            translation=pose.local[ni, 0:3],
            rotation=pose.local[ni, 3:7],
            scale=pose.local[ni, 7:POSE_STRIDE],
            world_matrix=pose.world[ni].reshape(16),
            weights=weights_of.get(ni),
            mesh=info.mesh,
            skin=info.skin,
            camera=info.camera,
            light=info.light,
            matrix=info.matrix,
        )
        for ni, info in enumerate(doc.nodes)
    )


def _bind_pointers(doc: GltfDocument) -> dict[str, PointerBinding]:
    """A writer per KHR_animation_pointer the clips use, in first-use order."""
    return {
        pointer: PointerBinding(pointer, target.arity, False, pointer_writer(target))
        for pointer, target in doc.pointer_targets.items()
    }
