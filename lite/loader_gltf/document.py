"""One validated read of a glTF file: :func:`read_gltf_document` -> :class:`GltfDocument`.
Port of the reading half of Babylon Lite's ``loadGltf`` (``src/loader-gltf``), in the shape of
glTF-Transform's ``io/reader.ts`` (container, buffers, then the document's properties).

The file is read and its JSON parsed exactly once; every stage validates what it reads, with
the typed errors of :class:`~lite.errors.GltfLoadError` (a stable code, the file, the JSON
path, a hint), in this order: container and JSON, extensions, buffers, buffer views, accessors,
nodes, meshes, skins (and JOINTS_n), materials, cameras, lights, node weights, the bound on
per-node state, animations (with KHR_animation_pointer), scenes. The document then holds the
parsed JSON, an accessor reader (each accessor decoded once, cached), the parsed objects, the
animation clips and the warnings raised. :func:`lite.load_gltf` builds the runtime on it;
``lite_compat``'s loader builds Babylon objects on it.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from lite.errors import GltfLoadError
from lite.loader_gltf.accessors import AccessorReader, check_accessors, check_buffer_views
from lite.loader_gltf.container import (
    check_extensions,
    check_resolver,
    load_buffers,
    parse_container,
    read_source,
)
from lite.loader_gltf.context import short
from lite.loader_gltf.gltf_animation import PointerTargets, parse_animations
from lite.loader_gltf.properties import (
    check_bound_state,
    check_node_weights,
    check_skinned_joints,
    morph_node_set,
    parse_cameras,
    parse_lights,
    parse_materials,
    parse_meshes,
    parse_nodes,
    parse_scene_roots,
    parse_skins,
)

if TYPE_CHECKING:
    from lite.animation.types import AnimationClip, F32Array
    from lite.errors import LiteWarning
    from lite.loader_gltf.animation_pointer import PointerTarget
    from lite.loader_gltf.asset import (
        GltfCamera,
        GltfLight,
        GltfMaterial,
        GltfMesh,
        GltfSkin,
    )
    from lite.loader_gltf.context import ReadContext, UriResolver
    from lite.loader_gltf.properties import GltfNodeInfo

__all__ = ["GltfDocument", "read_gltf_document"]


@dataclass(frozen=True, slots=True, eq=False)
class GltfDocument:
    """A glTF file read once and validated: JSON, accessors, objects, clips, warnings.

    Nothing here is bound to a runtime (no pose, palettes, groups); :func:`lite.load_gltf` does
    that. Treat the document as read-only: ``json`` is the parsed file itself, and the
    materials, cameras and lights are the objects a loaded asset's pointer channels write.

    Attributes
    ----------
    source
        File path, or ``"<bytes>"`` (the label every message starts with).
    json
        The file's JSON root as parsed (once), every part ``load_gltf`` uses validated. Parts
        lite does not read (images, textures, samplers, extras, ...) are as in the file.
    accessors
        The :class:`~lite.loader_gltf.accessors.AccessorReader`: ``accessors.read(i)`` decodes
        accessor ``i`` as float32 ``(count, components)``, ``accessors.raw(i)`` in its
        component dtype; each accessor's bytes are decoded once and cached.
    nodes
        One :class:`~lite.loader_gltf.properties.GltfNodeInfo` per glTF node (same indices):
        parent, children, rest TRS, matrix, mesh, skin, camera, light, weights.
    meshes, skins, materials, cameras, lights
        The parsed objects, indexed as in the file (lights: KHR_lights_punctual).
    animations
        One :class:`~lite.types.AnimationClip` per glTF animation (same indices); channels
        that were skipped (with a warning) are absent.
    pointer_targets
        Each supported KHR_animation_pointer used by a channel, in first-use order.
    morph_nodes
        Indices of the nodes whose mesh has morph targets, ascending.
    scene_roots
        Root nodes of the default scene (all parentless nodes when there is no scene).
    warnings
        Every :class:`~lite.errors.LiteWarning` raised while reading, in order; each has a
        ``code`` (``LITE-GLTF-W01`` pointer skipped, ``W02`` channel skipped, ``W03``
        optional extension ignored).
    """

    source: str
    json: dict[str, Any] = field(repr=False)  # may hold megabytes of data: URIs
    accessors: AccessorReader = field(repr=False)
    nodes: tuple[GltfNodeInfo, ...]
    meshes: tuple[GltfMesh, ...]
    skins: tuple[GltfSkin, ...]
    materials: tuple[GltfMaterial, ...]
    cameras: tuple[GltfCamera, ...]
    lights: tuple[GltfLight, ...]
    animations: tuple[AnimationClip, ...]
    pointer_targets: dict[str, PointerTarget]
    morph_nodes: tuple[int, ...]
    scene_roots: tuple[int, ...]
    warnings: tuple[LiteWarning, ...]

    def read_accessor(self, index: int) -> F32Array:
        """Decode accessor ``index`` as float32 ``(count, components)`` (a new array).

        Strides, sparse substitution and normalized integers are applied; integer accessors
        that are not normalized are converted as-is.

        Raises
        ------
        GltfLoadError
            ``LITE-GLTF-002`` when ``index`` is not an accessor of this file.
        """
        return self.accessors.read(index)


def read_gltf_document(
    source: str | os.PathLike[str] | bytes | bytearray | memoryview,
    *,
    base_dir: str | os.PathLike[str] | None = None,
    resolver: UriResolver | None = None,
    emit_warnings: bool = True,
    max_decoded_bytes: int | None = None,
) -> GltfDocument:
    """Read and validate a ``.gltf`` or ``.glb`` file (or its bytes) once, binding nothing.

    Parameters
    ----------
    source
        Path to a ``.gltf``/``.glb`` file, or the file's bytes (GLB or glTF JSON).
    base_dir
        Folder that relative buffer uris resolve against (defaults to the file's folder;
        required for bytes with external buffers).
    resolver
        Optional ``uri -> bytes`` callable. Without it only data: URIs and relative paths inside
        the asset's folder load; http(s), other schemes, absolute paths and paths leaving the
        folder are refused (``LITE-GLTF-006``). With it, every external buffer uri is passed to
        the resolver, which decides what may be read.
    emit_warnings
        ``True`` (default): each warning is also emitted with ``warnings.warn`` as it is
        raised, attributed to your call. ``False``: warnings are only recorded in
        :attr:`GltfDocument.warnings`, for a caller that filters them by ``code`` and emits
        the rest itself.
    max_decoded_bytes
        The most bytes this read may allocate from the file's data: decoded accessors, their
        float32 conversions and the animation samplers built on them (each distinct accessor
        and sampler counted once). ``None`` (default): ``max(64 MiB, 64 x the input's bytes)``
        (the .gltf/.glb plus external buffers), so a small file cannot make the loader
        allocate gigabytes. Raise it for a trusted file that needs more; refusals are
        ``LITE-GLTF-011``, raised before the allocation.

    Returns
    -------
    GltfDocument
        The validated JSON, the accessor reader, the parsed objects, the animation clips and
        the warnings.

    Raises
    ------
    GltfLoadError
        With ``code`` (see ``lite.errors.ERROR_CODES``), a message naming the file and JSON
        path, ``input_name`` = the JSON path, and a ``hint``.

    Warns
    -----
    LiteWarning
        ``LITE-GLTF-W01`` unsupported KHR_animation_pointer target (channel skipped),
        ``LITE-GLTF-W02`` channel without a usable target (skipped),
        ``LITE-GLTF-W03`` optional extensions that are ignored.
    """
    _check_arguments(source, base_dir, emit_warnings)
    checked = check_resolver(resolver)
    if max_decoded_bytes is not None and (
        not isinstance(max_decoded_bytes, int | np.integer)
        or isinstance(max_decoded_bytes, bool)
        or max_decoded_bytes < 0
    ):
        raise GltfLoadError(
            "LITE-GLTF-020",
            f"max_decoded_bytes must be None or an integer >= 0, got {short(max_decoded_bytes)}",
            hint="pass a byte count such as 2 * 1024**3, or None for the default budget",
            input_name="max_decoded_bytes",
        )
    data, ctx = read_source(source, base_dir, emit_warnings=bool(emit_warnings))
    ctx.resolver = checked
    ctx.input_bytes = len(data)
    budget = None if max_decoded_bytes is None else int(max_decoded_bytes)
    reader = _read_container(ctx, data, budget)
    return _read_document(ctx, reader)


def _path_argument(value: object, name: str) -> None:
    """A str or os.PathLike naming a path the OS can take (no NUL byte), else LITE-GLTF-020."""
    try:
        text = os.fspath(value)  # type: ignore[call-overload]
    except TypeError:
        text = None
    if not isinstance(text, str) or "\0" in text:
        shown = type(value).__name__ if not isinstance(text, str) else repr(text)
        raise GltfLoadError(
            "LITE-GLTF-020",
            f"{name} must be a path (str or os.PathLike) without NUL bytes, got {shown}",
            hint=f"pass {name} as a folder or file path string, or pathlib.Path",
            input_name=name,
        )


def _check_arguments(source: object, base_dir: object, emit_warnings: object) -> None:
    """The reader's own arguments, before anything is opened (the file's content is checked
    by the reader itself): odd types raise a coded error, never TypeError or ValueError."""
    if isinstance(source, str | os.PathLike):
        _path_argument(source, "source")
    if base_dir is not None:
        _path_argument(base_dir, "base_dir")
    if not isinstance(emit_warnings, bool | np.bool_):
        raise GltfLoadError(
            "LITE-GLTF-020",
            f"emit_warnings must be True or False, got {emit_warnings!r}",
            hint="pass emit_warnings=False to only record warnings in GltfDocument.warnings",
            input_name="emit_warnings",
        )


def _read_container(ctx: ReadContext, data: bytes, budget: int | None) -> AccessorReader:
    """Container, JSON, extensions, buffers, buffer views and accessor layouts."""
    glb_bin = parse_container(data, ctx)
    check_extensions(ctx)
    buffers = load_buffers(ctx, glb_bin)
    views = check_buffer_views(ctx, buffers)
    layouts = check_accessors(ctx, views)
    return AccessorReader(ctx, buffers, views, layouts, budget)


def _read_document(ctx: ReadContext, reader: AccessorReader) -> GltfDocument:
    """The document's objects, the cross-object checks, the animations and the scenes."""
    nodes = parse_nodes(ctx)
    meshes = parse_meshes(ctx, reader)
    skins = parse_skins(ctx, reader)
    check_skinned_joints(ctx, reader, nodes, meshes, skins)
    materials = parse_materials(ctx)
    cameras = parse_cameras(ctx)
    lights = parse_lights(ctx)
    check_node_weights(ctx, nodes, meshes)
    morph_nodes = morph_node_set(nodes, meshes)
    check_bound_state(ctx, nodes, meshes, skins, morph_nodes)
    targets = PointerTargets(materials, cameras, lights, morph_nodes)
    pointers: dict[str, PointerTarget] = {}
    clips = parse_animations(ctx, reader, nodes, meshes, targets, pointers)
    scene_roots = parse_scene_roots(ctx, nodes)
    return GltfDocument(
        source=ctx.label,
        json=ctx.doc,
        accessors=reader,
        nodes=tuple(nodes),
        meshes=tuple(meshes),
        skins=tuple(skins),
        materials=tuple(materials),
        cameras=tuple(cameras),
        lights=tuple(lights),
        animations=tuple(clips),
        pointer_targets=pointers,
        morph_nodes=tuple(sorted(morph_nodes)),
        scene_roots=scene_roots,
        warnings=tuple(ctx.warnings),
    )
