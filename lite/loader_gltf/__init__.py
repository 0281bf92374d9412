"""glTF 2.0 loading for animation, in stages. Port of Babylon Lite's ``src/loader-gltf``.

Read once, validate at the boundary, bind: :func:`read_gltf_document` reads and validates a
file into a :class:`GltfDocument` (the parsed JSON, an accessor reader that decodes each
accessor once, the nodes, meshes, skins, materials, cameras, lights, animation clips and the
warnings, each with its code); :func:`load_gltf` binds the runtime on that document (pose,
skeleton and morph bindings, pointer writers, animation groups) and returns a
:class:`GltfAsset`; :func:`instantiate` / :func:`instantiate_many` make more instances of an
asset that share its clips.

Modules, bottom up: ``context`` (reader context, JSON helpers), ``container`` (source, GLB,
uris, buffers), ``accessors`` (views, accessors, decoding), ``asset`` (the asset dataclasses),
``properties`` (nodes, meshes, skins, materials, cameras, lights, scenes),
``animation_pointer`` (KHR_animation_pointer), ``gltf_animation`` (samplers and channels),
``document`` (``read_gltf_document``), ``loader`` (``load_gltf``), ``instancing``. This package
is the only part of the runtime that imports ``pygltflib``.
"""

from __future__ import annotations

from lite.loader_gltf.accessors import (
    MAX_ZERO_ACCESSOR_BYTES,
    ZERO_ACCESSOR_FLOOR_BYTES,
    ZERO_ACCESSOR_RATIO,
    AccessorReader,
)
from lite.loader_gltf.animation_pointer import PointerTarget
from lite.loader_gltf.asset import (
    GltfAsset,
    GltfCamera,
    GltfLight,
    GltfMaterial,
    GltfMesh,
    GltfNode,
    GltfPrimitive,
    GltfSkin,
    TextureTransform,
)
from lite.loader_gltf.container import MAX_DATA_URI_BYTES, SUPPORTED_EXTENSIONS, W_EXTENSION
from lite.loader_gltf.context import UriResolver
from lite.loader_gltf.document import GltfDocument, read_gltf_document
from lite.loader_gltf.gltf_animation import W_CHANNEL, W_POINTER
from lite.loader_gltf.instancing import InstancePose, InstanceSlab, instantiate, instantiate_many
from lite.loader_gltf.loader import load_gltf
from lite.loader_gltf.properties import (
    BOUND_STATE_FLOOR_BYTES,
    BOUND_STATE_RATIO,
    GltfNodeInfo,
)

__all__ = [
    "BOUND_STATE_FLOOR_BYTES",
    "BOUND_STATE_RATIO",
    "MAX_DATA_URI_BYTES",
    "MAX_ZERO_ACCESSOR_BYTES",
    "SUPPORTED_EXTENSIONS",
    "W_CHANNEL",
    "W_EXTENSION",
    "W_POINTER",
    "ZERO_ACCESSOR_FLOOR_BYTES",
    "ZERO_ACCESSOR_RATIO",
    "AccessorReader",
    "GltfAsset",
    "GltfCamera",
    "GltfDocument",
    "GltfLight",
    "GltfMaterial",
    "GltfMesh",
    "GltfNode",
    "GltfNodeInfo",
    "GltfPrimitive",
    "GltfSkin",
    "InstancePose",
    "InstanceSlab",
    "PointerTarget",
    "TextureTransform",
    "UriResolver",
    "instantiate",
    "instantiate_many",
    "load_gltf",
    "read_gltf_document",
]
