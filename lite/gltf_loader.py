"""glTF 2.0 loading for animation: validate once, decode with numpy, bind. Port of
src/loader-gltf/gltf-animation.ts (parseAnimationData) and the KHR_animation_pointer resolvers
(animation-pointer*.ts, gltf-feature-animation-pointer.ts).

This is the only module that imports ``pygltflib`` (for the container and enum constants).
The JSON is validated as parsed JSON, not through pygltflib's dataclass decoder, because that
decoder coerces or rejects malformed values before we could name the JSON path at fault.

Everything is checked here, once: JSON structure, indices, accessor and buffer-view bounds
(claimed sizes are compared *before* anything is allocated), key times, output counts,
the node tree, uris. Errors are :class:`~lite.errors.GltfLoadError` with a stable code, the
file, the JSON path (``input_name``) and a hint. Content that is skipped on purpose (an
unsupported pointer, a channel without a node, an unknown optional extension) emits a
:class:`~lite.errors.LiteWarning` whose message starts with its code. After loading, playback
assumes valid data.
"""

from __future__ import annotations

import base64
import binascii
import json
import math
import os
import re
import reprlib
import stat
import struct
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, NoReturn, TypeGuard
from urllib.parse import unquote

import numpy as np
import pygltflib

from lite.animation.constants import (
    DEFAULT_FRAME_RATE,
    INTERP_CUBICSPLINE,
    INTERP_LINEAR,
    INTERP_STEP,
    PATH_POINTER,
    PATH_ROTATION,
    PATH_SCALE,
    PATH_TRANSLATION,
    PATH_WEIGHTS,
)
from lite.animation.state import AnimationGroup
from lite.animation.types import AnimationChannel, AnimationClip, AnimationSampler, NodeRest
from lite.errors import GltfLoadError, LiteError, LiteWarning
from lite.skeleton.animation_controller import create_animation_groups
from lite.skeleton.pose import POSE_STRIDE, NodePose, create_node_pose
from lite.skeleton.skeleton_updater import (
    GltfAnimationData,
    MorphBinding,
    PointerBinding,
    PointerWriter,
    SkeletonBinding,
    create_morph_binding,
    create_skeleton_binding,
    update_joint_matrices,
)
from lite.skeleton.skeleton_updater import as_sink as _as_sink

if TYPE_CHECKING:
    from lite.animation.types import F32Array, F64Array, InterpMode, TargetPath

#: Maps an external buffer uri to its bytes (``load_gltf(..., resolver=...)``).
UriResolver = Callable[[str], "bytes | bytearray | memoryview"]

__all__ = [
    "MAX_DATA_URI_BYTES",
    "SUPPORTED_EXTENSIONS",
    "GltfAsset",
    "GltfCamera",
    "GltfLight",
    "GltfMaterial",
    "GltfMesh",
    "GltfNode",
    "GltfPrimitive",
    "GltfSkin",
    "TextureTransform",
    "load_gltf",
]

#: ``data:`` URIs whose decoded size would exceed this are refused (``LITE-GLTF-006``).
MAX_DATA_URI_BYTES: Final = 64 * 1024 * 1024
#: An accessor with no buffer view (zeros, plus sparse values) is decoded into an array of
#: ``count`` elements that the file does not pay for, so its size is bounded by what the file
#: carries: at most ``max(ZERO_ACCESSOR_FLOOR_BYTES, ZERO_ACCESSOR_RATIO x the input's bytes)``
#: (the .gltf/.glb plus external buffers), and never more than ``MAX_ZERO_ACCESSOR_BYTES``
#: (``LITE-GLTF-003``). Legitimate uses (sparse morph targets) match a vertex count whose
#: positions are stored in the file, well inside the ratio.
MAX_ZERO_ACCESSOR_BYTES: Final = 256 * 1024 * 1024
ZERO_ACCESSOR_FLOOR_BYTES: Final = 1024 * 1024
ZERO_ACCESSOR_RATIO: Final = 16
#: Each skinned node gets its own joint palette (about 640 bytes of arrays per joint) and each
#: morph node its own weights, so a small file can multiply one skin by many nodes. Together
#: they may take at most ``max(BOUND_STATE_FLOOR_BYTES, BOUND_STATE_RATIO x the input's
#: bytes)`` (``LITE-GLTF-009``).
BOUND_STATE_FLOOR_BYTES: Final = 32 * 1024 * 1024
BOUND_STATE_RATIO: Final = 16
#: Bytes of arrays per joint of a skinned node (palettes and scratch, float32 and float64)
#: and per morph target of a morph node, as allocated by ``lite.skeleton``.
_JOINT_STATE_BYTES: Final = 640
_MORPH_STATE_BYTES: Final = 16

#: Extensions this loader implements (so they may be listed in ``extensionsRequired``).
SUPPORTED_EXTENSIONS: Final = frozenset(
    {
        "KHR_animation_pointer",
        "KHR_lights_punctual",
        "KHR_texture_transform",
        "KHR_materials_emissive_strength",
        "KHR_mesh_quantization",
    }
)

W_POINTER: Final = "LITE-GLTF-W01"
W_CHANNEL: Final = "LITE-GLTF-W02"
W_EXTENSION: Final = "LITE-GLTF-W03"

_COMPONENTS: Final[dict[int, tuple[str, int]]] = {
    pygltflib.BYTE: ("i1", 1),
    pygltflib.UNSIGNED_BYTE: ("u1", 1),
    pygltflib.SHORT: ("<i2", 2),
    pygltflib.UNSIGNED_SHORT: ("<u2", 2),
    pygltflib.UNSIGNED_INT: ("<u4", 4),
    pygltflib.FLOAT: ("<f4", 4),
}
_COMPONENT_NAMES: Final = {
    pygltflib.BYTE: "BYTE",
    pygltflib.UNSIGNED_BYTE: "UNSIGNED_BYTE",
    pygltflib.SHORT: "SHORT",
    pygltflib.UNSIGNED_SHORT: "UNSIGNED_SHORT",
    pygltflib.UNSIGNED_INT: "UNSIGNED_INT",
    pygltflib.FLOAT: "FLOAT",
}
#: Components per element, and the matrix column count (0 for vectors).
_TYPES: Final[dict[str, tuple[int, int]]] = {
    pygltflib.SCALAR: (1, 0),
    pygltflib.VEC2: (2, 0),
    pygltflib.VEC3: (3, 0),
    pygltflib.VEC4: (4, 0),
    pygltflib.MAT2: (4, 2),
    pygltflib.MAT3: (9, 3),
    pygltflib.MAT4: (16, 4),
}
#: glTF normalized-integer decoding divisors (spec 3.11: signed values clamp at -1).
_NORM_DIVISOR: Final = {
    pygltflib.BYTE: 127.0,
    pygltflib.UNSIGNED_BYTE: 255.0,
    pygltflib.SHORT: 32767.0,
    pygltflib.UNSIGNED_SHORT: 65535.0,
}
_SPARSE_INDEX_TYPES: Final = (
    pygltflib.UNSIGNED_BYTE,
    pygltflib.UNSIGNED_SHORT,
    pygltflib.UNSIGNED_INT,
)
_JOINT_TYPES: Final = (pygltflib.UNSIGNED_BYTE, pygltflib.UNSIGNED_SHORT)
_INTERP: Final[dict[str, InterpMode]] = {
    pygltflib.ANIM_LINEAR: INTERP_LINEAR,
    pygltflib.ANIM_STEP: INTERP_STEP,
    pygltflib.ANIM_CUBICSPLINE: INTERP_CUBICSPLINE,
}
_PATHS: Final[dict[str, TargetPath]] = {
    pygltflib.TRANSLATION: PATH_TRANSLATION,
    pygltflib.ROTATION: PATH_ROTATION,
    pygltflib.SCALE: PATH_SCALE,
    pygltflib.WEIGHTS: PATH_WEIGHTS,
}
_GLB_JSON: Final = pygltflib.JSON.encode("ascii")
_GLB_BIN: Final = pygltflib.BIN.encode("ascii")
_SCHEME_RE: Final = re.compile(r"^[A-Za-z][A-Za-z0-9+.\-]*:")

_TEXTURE_SLOTS: Final = (
    "pbrMetallicRoughness/baseColorTexture",
    "pbrMetallicRoughness/metallicRoughnessTexture",
    "normalTexture",
    "occlusionTexture",
    "emissiveTexture",
)
_NODE_POINTER_RE: Final = re.compile(r"^/nodes/(\d+)/(translation|rotation|scale|weights)$")
_MATERIAL_POINTER_RE: Final = re.compile(r"^/materials/(\d+)/(.+)$")
_TEXTURE_POINTER_RE: Final = re.compile(
    r"^("
    + "|".join(_TEXTURE_SLOTS)
    + r")/extensions/KHR_texture_transform/(offset|scale|rotation)$"
)
_CAMERA_POINTER_RE: Final = re.compile(
    r"^/cameras/(\d+)/(perspective|orthographic)/(yfov|aspectRatio|znear|zfar|xmag|ymag)$"
)
_LIGHT_POINTER_RE: Final = re.compile(
    r"^/extensions/KHR_lights_punctual/lights/(\d+)/"
    r"(color|intensity|range|spot/innerConeAngle|spot/outerConeAngle)$"
)
#: material sub-path -> (attribute, arity); arity > 1 attributes are float32 arrays.
_MATERIAL_FIELDS: Final[dict[str, tuple[str, int]]] = {
    "pbrMetallicRoughness/baseColorFactor": ("base_color_factor", 4),
    "pbrMetallicRoughness/metallicFactor": ("metallic_factor", 1),
    "pbrMetallicRoughness/roughnessFactor": ("roughness_factor", 1),
    "emissiveFactor": ("emissive_factor", 3),
    "alphaCutoff": ("alpha_cutoff", 1),
    "normalTexture/scale": ("normal_scale", 1),
    "occlusionTexture/strength": ("occlusion_strength", 1),
    "extensions/KHR_materials_emissive_strength/emissiveStrength": ("emissive_strength", 1),
}
_CAMERA_FIELDS: Final[dict[tuple[str, str], str]] = {
    ("perspective", "yfov"): "yfov",
    ("perspective", "aspectRatio"): "aspect_ratio",
    ("perspective", "znear"): "znear",
    ("perspective", "zfar"): "zfar",
    ("orthographic", "xmag"): "xmag",
    ("orthographic", "ymag"): "ymag",
    ("orthographic", "znear"): "znear",
    ("orthographic", "zfar"): "zfar",
}
_LIGHT_FIELDS: Final[dict[str, tuple[str, int]]] = {
    "color": ("color", 3),
    "intensity": ("intensity", 1),
    "range": ("range", 1),
    "spot/innerConeAngle": ("inner_cone_angle", 1),
    "spot/outerConeAngle": ("outer_cone_angle", 1),
}


# ---------------------------------------------------------------------------------------------
# Public asset types
# ---------------------------------------------------------------------------------------------


@dataclass(slots=True, eq=False)
class GltfNode:
    """One glTF node and its live state.

    ``translation`` (3), ``rotation`` (x, y, z, w) and ``scale`` (3) are float32 views into
    the asset's shared pose array, written by playback (and writable by you);
    ``world_matrix`` is a ``(16,)`` column-major float64 view of the node's world matrix,
    refreshed by playback of clips that animate TRS. ``weights`` is the live morph-weight
    array when the node's mesh has morph targets.
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

    def find_node(self, name: str) -> GltfNode | None:
        """The first node called ``name`` (exact, case-sensitive), or ``None``."""
        for node in self.nodes:
            if node.name == name:
                return node
        return None

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

    def instantiate(self, *, engine: object | None = None) -> GltfAsset:
        """A new instance sharing this asset's immutable clip data (see ``lite.instancing``).

        The instance has its own pose, palettes (``skeletons[i].joint_matrices``), morph
        weights and animation groups; groups of many instances in one manager are evaluated
        together.
        """
        from lite.instancing import instantiate

        return instantiate(self, engine=engine)

    def instantiate_many(self, count: int, *, engine: object | None = None) -> list[GltfAsset]:
        """``count`` instances laid out for batched evaluation (see ``lite.instancing``)."""
        from lite.instancing import instantiate_many

        return instantiate_many(self, count, engine=engine)


# ---------------------------------------------------------------------------------------------
# Parsing context and JSON helpers
# ---------------------------------------------------------------------------------------------


@dataclass(slots=True)
class _Accessor:
    """A validated accessor's layout (nothing decoded yet)."""

    component: int
    type: str
    comps: int
    columns: int
    count: int
    normalized: bool
    elem_size: int
    col_stride: int
    view: int | None
    offset: int
    stride: int
    sparse: tuple[int, int, int, int, int, int, int] | None
    # sparse: (count, idx_view, idx_offset, idx_component, val_view, val_offset, _)


class _Ctx:
    """Per-load state: label for messages, JSON root, buffers, decoded accessor cache."""

    def __init__(self, label: str, base_dir: Path | None) -> None:
        self.label = label
        self.base_dir = base_dir
        self.doc: dict[str, Any] = {}
        self.glb_bin: memoryview | None = None
        self.buffers: list[memoryview] = []
        self.views: list[tuple[int, int, int, int | None]] = []  # buffer, offset, length, stride
        self.accessors: list[_Accessor] = []
        self._decoded: dict[int, np.ndarray[Any, Any]] = {}
        #: Bytes of the input: the .gltf/.glb itself plus external buffer files read.
        self.input_bytes = 0
        #: The most bytes an accessor without a buffer view may claim (set once buffers load).
        self.zero_limit = ZERO_ACCESSOR_FLOOR_BYTES
        #: Caller-given ``uri -> bytes`` for external buffers (http(s), absolute paths, ...).
        self.resolver: UriResolver | None = None

    def fail(self, code: str, path: str, message: str, hint: str) -> NoReturn:
        where = f"{path}: " if path else ""
        raise GltfLoadError(
            code, f"{self.label}: {where}{message}", hint=hint, input_name=path or None
        )

    def warn(self, code: str, path: str, message: str) -> None:
        warnings.warn(f"[{code}] {self.label}: {path}: {message}", LiteWarning, stacklevel=4)

    def array(self, name: str) -> list[Any]:
        value = self.doc.get(name, [])
        if not isinstance(value, list):
            self.fail("LITE-GLTF-010", name, f"must be an array, got {_kind(value)}", _HINT_SPEC)
        return value

    def obj(self, value: object, path: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            self.fail("LITE-GLTF-010", path, f"must be an object, got {_kind(value)}", _HINT_SPEC)
        return value

    def index(
        self, owner: dict[str, Any], key: str, path: str, array: str, *, required: bool = False
    ) -> int | None:
        value = owner.get(key)
        if value is None:
            if required:
                self.fail(
                    "LITE-GLTF-010", f"{path}.{key}", "is required", f"give an index into {array}"
                )
            return None
        return self.check_index(value, f"{path}.{key}", array)

    def check_index(self, value: object, path: str, array: str) -> int:
        size = len(self.array(array))
        if not _is_int(value):
            self.fail(
                "LITE-GLTF-010", path, f"must be an integer index, got {_short(value)}", _HINT_SPEC
            )
        idx = int(value)
        if not 0 <= idx < size:
            self.fail(
                "LITE-GLTF-002",
                path,
                f"refers to {array}[{idx}], but the file has {size} {array}",
                f"use an index in 0..{size - 1}" if size else f"the file defines no {array}",
            )
        return idx

    def integer(
        self,
        owner: dict[str, Any],
        key: str,
        path: str,
        default: int | None = None,
        minimum: int = 0,
        code: str = "LITE-GLTF-010",
    ) -> int:
        value = owner.get(key, default)
        if value is None:
            self.fail(code, f"{path}.{key}", "is required", _HINT_SPEC)
        if not _is_int(value) or int(value) < minimum:
            self.fail(
                code,
                f"{path}.{key}",
                f"must be an integer >= {minimum}, got {_short(value)}",
                _HINT_SPEC,
            )
        return int(value)

    def number(self, owner: dict[str, Any], key: str, path: str, default: float) -> float:
        value = owner.get(key, default)
        v = _f32(value)
        if v is None:
            self.fail(
                "LITE-GLTF-010",
                f"{path}.{key}",
                f"must be a finite number within float32 range, got {_short(value)}",
                _HINT_F32,
            )
        return v

    def numbers(
        self, owner: dict[str, Any], key: str, path: str, default: Sequence[float], size: int
    ) -> list[float]:
        value = owner.get(key)
        if value is None:
            return list(default)
        if not isinstance(value, list) or len(value) != size:
            self.fail(
                "LITE-GLTF-010",
                f"{path}.{key}",
                f"must be {size} finite numbers, got {_short(value)}",
                _HINT_SPEC,
            )
        out: list[float] = []
        for k, raw in enumerate(value):
            v = _f32(raw)
            if v is None:
                self.fail(
                    "LITE-GLTF-010",
                    f"{path}.{key}[{k}]",
                    f"must be a finite number within float32 range, got {_short(raw)}",
                    _HINT_F32,
                )
            out.append(v)
        return out

    def name(self, owner: dict[str, Any], path: str) -> str | None:
        value = owner.get("name")
        if value is not None and not isinstance(value, str):
            self.fail(
                "LITE-GLTF-010",
                f"{path}.name",
                f"must be a string, got {_short(value)}",
                _HINT_SPEC,
            )
        return value


_HINT_SPEC: Final = "see the glTF 2.0 specification for this property's type"
_HINT_F32: Final = (
    "glTF numbers are stored as float32: give a finite value below about 3.4e38 in magnitude"
)
#: Smallest magnitude that rounds to infinity when stored as float32 (2**128 - 2**103).
_F32_OVERFLOW: Final = 2.0**128 - 2.0**103


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_num(value: object) -> TypeGuard[int | float]:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _f32(value: object) -> float | None:
    """``value`` as a float when it is a number that stays finite as float32, else None.

    A JSON integer too large for a float (``10**400``) is refused rather than raising
    ``OverflowError``; JSON reals beyond the double range already parse as ``inf``.
    """
    if not _is_num(value):
        return None
    try:
        v = float(value)
    except OverflowError:
        return None
    return v if abs(v) < _F32_OVERFLOW else None


def _kind(value: object) -> str:
    return "null" if value is None else type(value).__name__


_REPR: Final = reprlib.Repr()
_REPR.maxlevel = 2
_REPR.maxlist = _REPR.maxdict = _REPR.maxtuple = 4
_REPR.maxstring = 60
_REPR.maxother = 60


def _short(value: object) -> str:
    """A bounded ``repr`` for messages: JSON values may be huge or nested thousands deep."""
    text = _REPR.repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


# ---------------------------------------------------------------------------------------------
# Container, JSON, buffers
# ---------------------------------------------------------------------------------------------


def _read_source(
    source: str | os.PathLike[str] | bytes | bytearray | memoryview,
    base_dir: str | os.PathLike[str] | None,
) -> tuple[bytes, _Ctx]:
    if isinstance(source, bytes | bytearray | memoryview):
        ctx = _Ctx("<bytes>", Path(base_dir) if base_dir is not None else None)
        return bytes(source), ctx
    if not isinstance(source, str | os.PathLike):
        raise GltfLoadError(
            "LITE-GLTF-001",
            f"source must be a path or bytes, got {type(source).__name__}",
            hint="pass the path of a .gltf/.glb file, or its bytes",
            input_name="source",
        )
    path = Path(source)
    ctx = _Ctx(str(path), Path(base_dir) if base_dir is not None else path.parent)
    try:
        data = path.read_bytes()
    except OSError as exc:
        ctx.fail(
            "LITE-GLTF-001", "", f"cannot read the file: {exc.strerror or exc}", "check the path"
        )
    return data, ctx


def _parse_container(data: bytes, ctx: _Ctx) -> None:
    text: bytes
    if data[:4] == pygltflib.MAGIC:
        if len(data) < 12:
            ctx.fail("LITE-GLTF-001", "", "GLB header is truncated", "re-export the file")
        _, version, length = struct.unpack_from("<4sII", data, 0)
        if version != 2:
            ctx.fail(
                "LITE-GLTF-001", "", f"GLB container version {version}", "only GLB version 2 loads"
            )
        if length > len(data):
            ctx.fail(
                "LITE-GLTF-001",
                "",
                f"GLB header claims {length} bytes but the file has {len(data)}",
                "the file is truncated; re-export or re-download it",
            )
        offset = 12
        json_chunk: bytes | None = None
        chunk = 0
        view = memoryview(data)
        while offset + 8 <= length:
            clen, ctype = struct.unpack_from("<I4s", data, offset)
            offset += 8
            if offset + clen > length:
                ctx.fail(
                    "LITE-GLTF-001",
                    "",
                    f"GLB chunk {chunk} claims {clen} bytes at offset {offset}, past the end "
                    f"of the {length}-byte container",
                    "the file is truncated or corrupt",
                )
            if chunk == 0 and ctype != _GLB_JSON:
                ctx.fail("LITE-GLTF-001", "", "GLB does not start with a JSON chunk", "re-export")
            if ctype == _GLB_JSON and json_chunk is None:
                json_chunk = bytes(view[offset : offset + clen])
            elif ctype == _GLB_BIN and ctx.glb_bin is None:
                ctx.glb_bin = view[offset : offset + clen]
            offset += clen
            chunk += 1
        if json_chunk is None:
            ctx.fail("LITE-GLTF-001", "", "GLB has no JSON chunk", "re-export the file")
        text = json_chunk
    else:
        text = data

    def reject_constant(name: str) -> object:
        raise ValueError(f"non-standard JSON constant {name}")

    try:
        doc = json.loads(text.decode("utf-8"), parse_constant=reject_constant)
    except RecursionError:
        # json.loads recurses once per nesting level; thousands of nested arrays or objects
        # exhaust the interpreter's stack long before any glTF property needs them.
        ctx.fail(
            "LITE-GLTF-001",
            "",
            "not valid glTF JSON: arrays or objects are nested too deeply to parse",
            "glTF needs only a few levels of nesting; check the file is glTF 2.0",
        )
    except (UnicodeDecodeError, ValueError) as exc:
        ctx.fail("LITE-GLTF-001", "", f"not valid glTF JSON: {exc}", "check the file is glTF 2.0")
    if not isinstance(doc, dict):
        ctx.fail("LITE-GLTF-001", "", "the JSON root is not an object", "check the file is glTF")
    ctx.doc = doc
    asset = doc.get("asset")
    version = asset.get("version") if isinstance(asset, dict) else None
    if not isinstance(version, str) or not version.startswith("2."):
        ctx.fail(
            "LITE-GLTF-001",
            "asset.version",
            f"must be a 2.x version string, got {_short(version)}",
            "only glTF 2.0 loads",
        )
    min_version = asset.get("minVersion") if isinstance(asset, dict) else None
    if isinstance(min_version, str) and min_version not in ("2.0", "2"):
        ctx.fail(
            "LITE-GLTF-007", "asset.minVersion", f"requires glTF {min_version}", "re-export as 2.0"
        )


def _check_extensions(ctx: _Ctx) -> None:
    required = ctx.array("extensionsRequired")
    used = ctx.array("extensionsUsed")
    for i, ext in enumerate(required):
        if not isinstance(ext, str):
            ctx.fail(
                "LITE-GLTF-010",
                f"extensionsRequired[{i}]",
                f"must be an extension name (a string), got {_short(ext)}",
                _HINT_SPEC,
            )
        if ext not in SUPPORTED_EXTENSIONS:
            ctx.fail(
                "LITE-GLTF-007",
                f"extensionsRequired[{i}]",
                f"required extension {_short(ext)} is not supported",
                "supported: " + ", ".join(sorted(SUPPORTED_EXTENSIONS)),
            )
    ignored = sorted({e for e in used if isinstance(e, str) and e not in SUPPORTED_EXTENSIONS})
    if ignored:
        ctx.warn(
            W_EXTENSION,
            "extensionsUsed",
            "optional extension(s) not used by lite, their data is ignored: " + ", ".join(ignored),
        )


def _decode_data_uri(ctx: _Ctx, uri: str, path: str) -> bytes:
    comma = uri.find(",")
    header = uri[5:comma] if comma >= 0 else ""
    if comma < 0 or not header.endswith(";base64"):
        ctx.fail(
            "LITE-GLTF-006",
            path,
            "data: URI is not base64-encoded",
            "embed buffers as data:application/octet-stream;base64,...",
        )
    payload = uri[comma + 1 :]
    claimed = (len(payload) * 3) // 4
    if claimed > MAX_DATA_URI_BYTES:
        ctx.fail(
            "LITE-GLTF-006",
            path,
            f"data: URI holds about {claimed} bytes, over the {MAX_DATA_URI_BYTES}-byte limit",
            "store large buffers in a .bin file next to the .gltf, or use .glb",
        )
    try:
        return base64.b64decode(payload, validate=True)
    except (binascii.Error, ValueError) as exc:
        ctx.fail("LITE-GLTF-001", path, f"data: URI is not valid base64: {exc}", "re-export")


def _resolve_with_resolver(ctx: _Ctx, uri: str, path: str, byte_length: int) -> bytes:
    """Fetch an external buffer through the caller's resolver (the only way to leave the folder)."""
    assert ctx.resolver is not None  # checked by the caller
    try:
        data = ctx.resolver(uri)
    except LiteError:
        raise
    except Exception as exc:  # the resolver is user code: report, do not crash
        ctx.fail(
            "LITE-GLTF-001",
            path,
            f"the resolver failed for {_short(uri)}: {type(exc).__name__}: {exc}",
            "make the resolver return the buffer's bytes, or raise a LiteError",
        )
    if not isinstance(data, bytes | bytearray | memoryview):
        ctx.fail(
            "LITE-GLTF-001",
            path,
            f"the resolver returned {type(data).__name__} for {_short(uri)}, not bytes",
            "a resolver maps a uri to the buffer's bytes",
        )
    if len(data) < byte_length:
        ctx.fail(
            "LITE-GLTF-003",
            path,
            f"byteLength is {byte_length} but the resolver gave {len(data)} bytes for "
            f"{_short(uri)}",
            "return the whole buffer",
        )
    ctx.input_bytes += len(data)
    return bytes(data)


def _resolve_file_uri(ctx: _Ctx, uri: str, path: str) -> Path:
    """The regular file a relative ``uri`` names, inside the asset folder."""
    if not uri:
        ctx.fail(
            "LITE-GLTF-006",
            path,
            "uri is empty, so it names the asset folder itself, not a file",
            "refer to the buffer's file by relative path, or embed it as a data: URI",
        )
    if _SCHEME_RE.match(uri) or uri.startswith(("/", "\\")):
        ctx.fail(
            "LITE-GLTF-006",
            path,
            f"uri {_short(uri)} is absolute or uses a scheme; only relative file paths and data: "
            "URIs load",
            "keep buffers next to the .gltf and refer to them by relative path",
        )
    if ctx.base_dir is None:
        ctx.fail(
            "LITE-GLTF-006",
            path,
            f"uri {_short(uri)} needs a folder to resolve against, but the glTF was given as bytes",
            "pass the file path, or base_dir=, or use .glb / data: URIs",
        )
    decoded = unquote(uri)
    if "\0" in decoded:
        ctx.fail(
            "LITE-GLTF-006",
            path,
            f"uri {_short(uri)} contains a NUL character, which no file name can hold",
            "refer to the buffer's file by its relative path",
        )
    try:
        base = ctx.base_dir.resolve()
        target = (base / decoded).resolve()
    except (OSError, RuntimeError, ValueError) as exc:
        # A symlink loop (RuntimeError before Python 3.13), a name the OS refuses.
        ctx.fail(
            "LITE-GLTF-006",
            path,
            f"uri {_short(uri)} cannot be resolved: {exc}",
            "refer to the buffer's file by its relative path",
        )
    if not target.is_relative_to(base):
        ctx.fail(
            "LITE-GLTF-006",
            path,
            f"uri {_short(uri)} resolves outside the asset folder {str(base)!r}",
            "buffers must live in the asset's folder or below it",
        )
    return target


def _load_buffers(ctx: _Ctx) -> None:
    for i, raw in enumerate(ctx.array("buffers")):
        path = f"buffers[{i}]"
        buf = ctx.obj(raw, path)
        byte_length = ctx.integer(buf, "byteLength", path, minimum=1)
        uri = buf.get("uri")
        data: bytes | memoryview
        if uri is None:
            if i != 0 or ctx.glb_bin is None:
                ctx.fail(
                    "LITE-GLTF-010",
                    f"{path}.uri",
                    "is missing and there is no GLB binary chunk to use instead",
                    "give the buffer a uri, or load the .glb",
                )
            data = ctx.glb_bin
        elif not isinstance(uri, str):
            ctx.fail(
                "LITE-GLTF-010", f"{path}.uri", f"must be a string, got {_short(uri)}", _HINT_SPEC
            )
        elif uri.startswith("data:"):
            data = _decode_data_uri(ctx, uri, f"{path}.uri")
        elif ctx.resolver is not None:
            data = _resolve_with_resolver(ctx, uri, f"{path}.uri", byte_length)
        else:
            target = _resolve_file_uri(ctx, uri, f"{path}.uri")
            try:
                info = target.stat()
            except OSError as exc:
                ctx.fail(
                    "LITE-GLTF-001",
                    f"{path}.uri",
                    f"cannot read {_short(uri)}: {exc.strerror or exc}",
                    "keep the .bin next to the .gltf",
                )
            if not stat.S_ISREG(info.st_mode):
                # A directory cannot be read; a FIFO or device could block or never end.
                kind = "a directory" if stat.S_ISDIR(info.st_mode) else "not a regular file"
                ctx.fail(
                    "LITE-GLTF-006",
                    f"{path}.uri",
                    f"uri {_short(uri)} names {kind}",
                    "a buffer uri must name a regular file (the .bin next to the .gltf)",
                )
            if info.st_size < byte_length:
                ctx.fail(
                    "LITE-GLTF-003",
                    path,
                    f"byteLength is {byte_length} but {_short(uri)} has only {info.st_size} bytes",
                    "the .bin is truncated or belongs to another export",
                )
            ctx.input_bytes += byte_length
            try:
                with target.open("rb") as fh:
                    data = fh.read(byte_length)
            except OSError as exc:
                ctx.fail(
                    "LITE-GLTF-001",
                    f"{path}.uri",
                    f"cannot read {_short(uri)}: {exc.strerror or exc}",
                    "check the file's permissions",
                )
        if len(data) < byte_length:
            ctx.fail(
                "LITE-GLTF-003",
                path,
                f"byteLength is {byte_length} but only {len(data)} bytes are present",
                "the buffer is truncated; re-export the file",
            )
        ctx.buffers.append(memoryview(data)[:byte_length])


def _check_buffer_views(ctx: _Ctx) -> None:
    for i, raw in enumerate(ctx.array("bufferViews")):
        path = f"bufferViews[{i}]"
        bv = ctx.obj(raw, path)
        buffer = ctx.index(bv, "buffer", path, "buffers", required=True)
        assert buffer is not None
        offset = ctx.integer(bv, "byteOffset", path, default=0)
        length = ctx.integer(bv, "byteLength", path, minimum=1)
        have = len(ctx.buffers[buffer])
        if offset + length > have:
            ctx.fail(
                "LITE-GLTF-003",
                path,
                f"bytes {offset}..{offset + length} lie outside buffers[{buffer}] ({have} bytes)",
                "byteOffset + byteLength must not exceed the buffer's byteLength",
            )
        stride = bv.get("byteStride")
        if stride is not None and (
            not _is_int(stride) or not 4 <= stride <= 252 or stride % 4 != 0
        ):
            ctx.fail(
                "LITE-GLTF-008",
                f"{path}.byteStride",
                f"must be a multiple of 4 in 4..252, got {_short(stride)}",
                _HINT_SPEC,
            )
        ctx.views.append((buffer, offset, length, int(stride) if stride is not None else None))


# ---------------------------------------------------------------------------------------------
# Accessors
# ---------------------------------------------------------------------------------------------


def _check_accessors(ctx: _Ctx) -> None:
    for i, raw in enumerate(ctx.array("accessors")):
        path = f"accessors[{i}]"
        acc = ctx.obj(raw, path)
        component = acc.get("componentType")
        if not _is_int(component) or component not in _COMPONENTS:
            ctx.fail(
                "LITE-GLTF-008",
                f"{path}.componentType",
                f"unknown component type {_short(component)}",
                "use 5120, 5121, 5122, 5123, 5125 or 5126",
            )
        type_ = acc.get("type")
        if not isinstance(type_, str) or type_ not in _TYPES:
            ctx.fail(
                "LITE-GLTF-008",
                f"{path}.type",
                f"unknown accessor type {_short(type_)}",
                "use SCALAR, VEC2, VEC3, VEC4, MAT2, MAT3 or MAT4",
            )
        count = ctx.integer(acc, "count", path, minimum=1, code="LITE-GLTF-008")
        normalized = acc.get("normalized", False)
        if not isinstance(normalized, bool):
            ctx.fail("LITE-GLTF-008", f"{path}.normalized", "must be a boolean", _HINT_SPEC)
        if normalized and component not in _NORM_DIVISOR:
            ctx.fail(
                "LITE-GLTF-008",
                f"{path}.normalized",
                f"is true for {_COMPONENT_NAMES[component]} components",
                "only BYTE, UNSIGNED_BYTE, SHORT and UNSIGNED_SHORT can be normalized",
            )
        comps, columns = _TYPES[type_]
        csize = _COMPONENTS[component][1]
        if columns:
            col_stride = (columns * csize + 3) // 4 * 4
            elem_size = columns * col_stride
        else:
            col_stride = 0
            elem_size = comps * csize
        offset = ctx.integer(acc, "byteOffset", path, default=0, code="LITE-GLTF-008")
        if offset % csize:
            ctx.fail(
                "LITE-GLTF-008",
                f"{path}.byteOffset",
                f"{offset} is not a multiple of the component size {csize}",
                "align accessor data to its component size",
            )
        view_idx = ctx.index(acc, "bufferView", path, "bufferViews")
        stride = elem_size
        if view_idx is not None:
            _, v_off, v_len, v_stride = ctx.views[view_idx]
            if (v_off + offset) % csize:
                # glTF 2.0 spec, "Data Alignment": accessor.byteOffset + bufferView.byteOffset
                # must be a multiple of the component size too, not only accessor.byteOffset.
                ctx.fail(
                    "LITE-GLTF-008",
                    f"{path}.byteOffset",
                    f"data starts at byte {v_off + offset} of its buffer (bufferViews[{view_idx}]"
                    f".byteOffset {v_off} + byteOffset {offset}), which is not a multiple of the "
                    f"component size {csize}",
                    "align each buffer view to the component size of the accessors that use it",
                )
            if v_stride is not None:
                if v_stride < elem_size:
                    ctx.fail(
                        "LITE-GLTF-008",
                        f"bufferViews[{view_idx}].byteStride",
                        f"{v_stride} is smaller than one {type_} element ({elem_size} bytes) "
                        f"of {path}",
                        "byteStride must be at least the element size",
                    )
                stride = v_stride
            need = offset + stride * (count - 1) + elem_size
            if need > v_len:
                ctx.fail(
                    "LITE-GLTF-003",
                    path,
                    f"{count} x {type_} {_COMPONENT_NAMES[component]} from byte {offset} "
                    f"needs {need} bytes, but bufferViews[{view_idx}] has {v_len}",
                    "count, byteOffset or byteStride do not fit the buffer view",
                )
        elif count * elem_size > ctx.zero_limit:
            ctx.fail(
                "LITE-GLTF-003",
                path,
                f"has no buffer view but claims {count} x {type_} "
                f"{_COMPONENT_NAMES[component]} = {count * elem_size} zero-filled bytes, over "
                f"the {ctx.zero_limit}-byte limit for this file",
                "an accessor without a bufferView may hold at most "
                f"max({ZERO_ACCESSOR_FLOOR_BYTES}, {ZERO_ACCESSOR_RATIO} x the file's bytes) "
                f"and never more than {MAX_ZERO_ACCESSOR_BYTES}; the count is implausible",
            )
        sparse_info = None
        sparse_raw = acc.get("sparse")
        if sparse_raw is not None:
            sp = ctx.obj(sparse_raw, f"{path}.sparse")
            spath = f"{path}.sparse"
            scount = ctx.integer(sp, "count", spath, minimum=1, code="LITE-GLTF-008")
            if scount > count:
                ctx.fail(
                    "LITE-GLTF-008",
                    f"{spath}.count",
                    f"{scount} sparse values for an accessor of {count} elements",
                    "sparse.count must not exceed the accessor count",
                )
            ind = ctx.obj(sp.get("indices"), f"{spath}.indices")
            ivw = ctx.index(ind, "bufferView", f"{spath}.indices", "bufferViews", required=True)
            assert ivw is not None
            ioff = ctx.integer(ind, "byteOffset", f"{spath}.indices", default=0)
            icomp = ind.get("componentType")
            if icomp not in _SPARSE_INDEX_TYPES:
                ctx.fail(
                    "LITE-GLTF-008",
                    f"{spath}.indices.componentType",
                    f"must be UNSIGNED_BYTE, UNSIGNED_SHORT or UNSIGNED_INT, got {_short(icomp)}",
                    _HINT_SPEC,
                )
            isize = _COMPONENTS[icomp][1]
            if ioff + scount * isize > ctx.views[ivw][2]:
                ctx.fail(
                    "LITE-GLTF-003",
                    f"{spath}.indices",
                    f"{scount} indices from byte {ioff} lie outside bufferViews[{ivw}] "
                    f"({ctx.views[ivw][2]} bytes)",
                    "sparse indices must fit their buffer view",
                )
            val = ctx.obj(sp.get("values"), f"{spath}.values")
            vvw = ctx.index(val, "bufferView", f"{spath}.values", "bufferViews", required=True)
            assert vvw is not None
            voff = ctx.integer(val, "byteOffset", f"{spath}.values", default=0)
            if voff + scount * elem_size > ctx.views[vvw][2]:
                ctx.fail(
                    "LITE-GLTF-003",
                    f"{spath}.values",
                    f"{scount} values from byte {voff} lie outside bufferViews[{vvw}] "
                    f"({ctx.views[vvw][2]} bytes)",
                    "sparse values must fit their buffer view",
                )
            sparse_info = (scount, ivw, ioff, int(icomp), vvw, voff, 0)
        ctx.accessors.append(
            _Accessor(
                component=int(component),
                type=type_,
                comps=comps,
                columns=columns,
                count=count,
                normalized=bool(normalized),
                elem_size=elem_size,
                col_stride=col_stride,
                view=view_idx,
                offset=offset,
                stride=stride,
                sparse=sparse_info,
            )
        )


def _read_block(
    ctx: _Ctx, acc: _Accessor, view_idx: int, offset: int, count: int, stride: int
) -> np.ndarray[Any, Any]:
    """``count`` elements of ``acc``'s layout from a buffer view (bounds already checked)."""
    buffer, v_off, _, _ = ctx.views[view_idx]
    mem = ctx.buffers[buffer]
    dtype, csize = _COMPONENTS[acc.component]
    start = v_off + offset
    if acc.columns and acc.col_stride != acc.columns * csize:
        # MAT2/MAT3 with 1- or 2-byte components: columns are padded to 4 bytes.
        n = acc.columns
        out = np.empty((count, acc.comps), dtype=dtype)
        for c in range(n):
            col = np.ndarray(
                shape=(count, n),
                dtype=dtype,
                buffer=mem,
                offset=start + c * acc.col_stride,
                strides=(stride, csize),
            )
            out[:, c * n : (c + 1) * n] = col
        return out
    block = np.ndarray(
        shape=(count, acc.comps), dtype=dtype, buffer=mem, offset=start, strides=(stride, csize)
    )
    return np.array(block, copy=True)


def _accessor_raw(ctx: _Ctx, index: int, path: str) -> np.ndarray[Any, Any]:
    """Decoded ``(count, comps)`` values in the component dtype, sparse applied (cached)."""
    cached = ctx._decoded.get(index)
    if cached is not None:
        return cached
    acc = ctx.accessors[index]
    dtype = _COMPONENTS[acc.component][0]
    if acc.view is None:
        out = np.zeros((acc.count, acc.comps), dtype=dtype)
    else:
        out = _read_block(ctx, acc, acc.view, acc.offset, acc.count, acc.stride)
    if acc.sparse is not None:
        scount, ivw, ioff, icomp, vvw, voff, _ = acc.sparse
        ib, i_voff, _, _ = ctx.views[ivw]
        idx = np.frombuffer(
            ctx.buffers[ib],
            dtype=_COMPONENTS[icomp][0],
            count=scount,
            offset=i_voff + ioff,
        ).astype(np.int64)
        if scount > 1 and bool(np.any(np.diff(idx) <= 0)):
            ctx.fail(
                "LITE-GLTF-008",
                f"accessors[{index}].sparse.indices",
                "sparse indices are not strictly increasing",
                "sort sparse indices and remove duplicates",
            )
        if int(idx.max()) >= acc.count:
            ctx.fail(
                "LITE-GLTF-008",
                f"accessors[{index}].sparse.indices",
                f"index {int(idx.max())} is outside the accessor's {acc.count} elements",
                "sparse indices must be < accessor.count",
            )
        values = _read_block(ctx, acc, vvw, voff, scount, acc.elem_size)
        out[idx] = values
    out.flags.writeable = False
    ctx._decoded[index] = out
    return out


def _accessor_float(ctx: _Ctx, index: int, path: str) -> F32Array:
    """Values as float32 ``(count, comps)``; normalized integers decoded per the glTF spec."""
    acc = ctx.accessors[index]
    raw = _accessor_raw(ctx, index, path)
    if acc.component == pygltflib.FLOAT:
        return raw.astype(np.float32, copy=True)
    if acc.normalized:
        # Babylon Lite's sampler converter: double division, signed values clamped at -1,
        # rounded once into float32.
        vals = raw.astype(np.float64) / _NORM_DIVISOR[acc.component]
        if acc.component in (pygltflib.BYTE, pygltflib.SHORT):
            np.maximum(vals, -1.0, out=vals)
        return vals.astype(np.float32)
    return raw.astype(np.float32)


# ---------------------------------------------------------------------------------------------
# Nodes, meshes, skins, materials, cameras, lights
# ---------------------------------------------------------------------------------------------


def _decompose(m: F64Array) -> tuple[list[float], list[float], list[float]]:
    """TRS of a mathematical (row-major) affine matrix, like Babylon's ``Matrix.decompose``."""
    t = [float(m[0, 3]), float(m[1, 3]), float(m[2, 3])]
    cols = m[:3, :3]
    s = [float(np.linalg.norm(cols[:, k])) for k in range(3)]
    if np.linalg.det(cols) < 0:
        s[0] = -s[0]
    if any(v == 0.0 for v in s):
        return t, [0.0, 0.0, 0.0, 1.0], s
    r = cols / np.asarray(s)[None, :]
    tr = r[0, 0] + r[1, 1] + r[2, 2]
    if tr > 0:
        k = 0.5 / math.sqrt(tr + 1.0)
        q = [(r[2, 1] - r[1, 2]) * k, (r[0, 2] - r[2, 0]) * k, (r[1, 0] - r[0, 1]) * k, 0.25 / k]
    elif r[0, 0] > r[1, 1] and r[0, 0] > r[2, 2]:
        k = 2.0 * math.sqrt(1.0 + r[0, 0] - r[1, 1] - r[2, 2])
        q = [0.25 * k, (r[0, 1] + r[1, 0]) / k, (r[0, 2] + r[2, 0]) / k, (r[2, 1] - r[1, 2]) / k]
    elif r[1, 1] > r[2, 2]:
        k = 2.0 * math.sqrt(1.0 + r[1, 1] - r[0, 0] - r[2, 2])
        q = [(r[0, 1] + r[1, 0]) / k, 0.25 * k, (r[1, 2] + r[2, 1]) / k, (r[0, 2] - r[2, 0]) / k]
    else:
        k = 2.0 * math.sqrt(1.0 + r[2, 2] - r[0, 0] - r[1, 1])
        q = [(r[0, 2] + r[2, 0]) / k, (r[1, 2] + r[2, 1]) / k, 0.25 * k, (r[1, 0] - r[0, 1]) / k]
    return t, [float(v) for v in q], s


@dataclass(slots=True)
class _NodeInfo:
    name: str | None
    parent: int
    children: tuple[int, ...]
    rest: NodeRest
    matrix: F64Array | None
    mesh: int | None
    skin: int | None
    camera: int | None
    light: int | None
    weights: list[float] | None


def _parse_nodes(ctx: _Ctx) -> list[_NodeInfo]:
    raw_nodes = ctx.array("nodes")
    n = len(raw_nodes)
    parent = [-1] * n
    infos: list[_NodeInfo] = []
    for i, raw in enumerate(raw_nodes):
        path = f"nodes[{i}]"
        nd = ctx.obj(raw, path)
        children_raw = nd.get("children", [])
        if not isinstance(children_raw, list):
            ctx.fail("LITE-GLTF-010", f"{path}.children", "must be an array", _HINT_SPEC)
        children: list[int] = []
        for k, c in enumerate(children_raw):
            ci = ctx.check_index(c, f"{path}.children[{k}]", "nodes")
            if ci == i:
                ctx.fail(
                    "LITE-GLTF-005",
                    f"{path}.children[{k}]",
                    f"node {i} lists itself as a child",
                    "the node hierarchy must be a tree",
                )
            if parent[ci] != -1:
                ctx.fail(
                    "LITE-GLTF-005",
                    f"{path}.children[{k}]",
                    f"node {ci} is a child of both node {parent[ci]} and node {i}",
                    "each node may have at most one parent",
                )
            parent[ci] = i
            children.append(ci)
        t = ctx.numbers(nd, "translation", path, (0.0, 0.0, 0.0), 3)
        r = ctx.numbers(nd, "rotation", path, (0.0, 0.0, 0.0, 1.0), 4)
        s = ctx.numbers(nd, "scale", path, (1.0, 1.0, 1.0), 3)
        matrix: F64Array | None = None
        if nd.get("matrix") is not None:
            m = ctx.numbers(nd, "matrix", path, (), 16)
            matrix = np.array(m, dtype=np.float64).reshape(4, 4).T
            t, r, s = _decompose(matrix)
            if not all(abs(v) < _F32_OVERFLOW for v in (*t, *r, *s)):
                # Each entry fits float32, but a column's length (the scale) may not.
                ctx.fail(
                    "LITE-GLTF-010",
                    f"{path}.matrix",
                    "decomposes into a translation, rotation or scale beyond float32 range",
                    _HINT_F32,
                )
        mesh = ctx.index(nd, "mesh", path, "meshes")
        skin = ctx.index(nd, "skin", path, "skins")
        camera = ctx.index(nd, "camera", path, "cameras")
        if skin is not None and mesh is None:
            ctx.fail(
                "LITE-GLTF-009",
                f"{path}.skin",
                "a node with a skin must also have a mesh",
                _HINT_SPEC,
            )
        light = None
        ext = nd.get("extensions")
        if isinstance(ext, dict) and isinstance(ext.get("KHR_lights_punctual"), dict):
            lp = ext["KHR_lights_punctual"]
            light = _light_index(
                ctx, lp.get("light"), f"{path}.extensions.KHR_lights_punctual.light"
            )
        weights = None
        if nd.get("weights") is not None:
            wl = nd["weights"]
            if not isinstance(wl, list):
                ctx.fail("LITE-GLTF-010", f"{path}.weights", "must be numbers", _HINT_SPEC)
            weights = ctx.numbers(nd, "weights", path, (), len(wl))
        rest = NodeRest(
            -1,
            *(float(np.float32(v)) for v in t),
            *(float(np.float32(v)) for v in r),
            *(float(np.float32(v)) for v in s),
        )
        infos.append(
            _NodeInfo(
                name=ctx.name(nd, path),
                parent=-1,
                children=tuple(children),
                rest=rest,
                matrix=matrix,
                mesh=mesh,
                skin=skin,
                camera=camera,
                light=light,
                weights=weights,
            )
        )
    # Cycles: with at most one parent per node, a cycle is a parent chain that never ends.
    state = [0] * n  # 0 unvisited, 1 on the current chain, 2 reaches a root
    for start in range(n):
        chain = []
        i = start
        while i >= 0 and state[i] == 0:
            state[i] = 1
            chain.append(i)
            i = parent[i]
        if i >= 0 and state[i] == 1:
            ctx.fail(
                "LITE-GLTF-005",
                f"nodes[{parent[i]}].children",
                f"node {i} is its own ancestor (cycle through nodes {sorted(chain)})",
                "the node hierarchy must be a tree",
            )
        for j in chain:
            state[j] = 2
    for i, info in enumerate(infos):
        info.parent = parent[i]
        info.rest.parent_idx = parent[i]
    return infos


def _light_index(ctx: _Ctx, value: object, path: str) -> int:
    lights = _lights_json(ctx)
    if not _is_int(value) or not 0 <= value < len(lights):
        ctx.fail(
            "LITE-GLTF-002",
            path,
            f"refers to light {_short(value)}, but the file defines {len(lights)} lights",
            "check KHR_lights_punctual.lights",
        )
    return int(value)


def _lights_json(ctx: _Ctx) -> list[Any]:
    ext = ctx.doc.get("extensions")
    if isinstance(ext, dict) and isinstance(ext.get("KHR_lights_punctual"), dict):
        lights = ext["KHR_lights_punctual"].get("lights", [])
        if isinstance(lights, list):
            return lights
    return []


def _parse_meshes(ctx: _Ctx) -> list[GltfMesh]:
    meshes: list[GltfMesh] = []
    for mi, raw in enumerate(ctx.array("meshes")):
        path = f"meshes[{mi}]"
        m = ctx.obj(raw, path)
        prims_raw = m.get("primitives")
        if not isinstance(prims_raw, list) or not prims_raw:
            ctx.fail("LITE-GLTF-010", f"{path}.primitives", "must be a non-empty array", _HINT_SPEC)
        prims: list[GltfPrimitive] = []
        target_count = -1
        for pi, praw in enumerate(prims_raw):
            ppath = f"{path}.primitives[{pi}]"
            p = ctx.obj(praw, ppath)
            attrs_raw = ctx.obj(p.get("attributes"), f"{ppath}.attributes")
            attrs = {
                str(k): ctx.check_index(v, f"{ppath}.attributes.{k}", "accessors")
                for k, v in attrs_raw.items()
            }
            indices = ctx.index(p, "indices", ppath, "accessors")
            material = ctx.index(p, "material", ppath, "materials")
            targets_raw = p.get("targets", [])
            if not isinstance(targets_raw, list):
                ctx.fail("LITE-GLTF-010", f"{ppath}.targets", "must be an array", _HINT_SPEC)
            targets = tuple(
                {
                    str(k): ctx.check_index(v, f"{ppath}.targets[{ti}].{k}", "accessors")
                    for k, v in ctx.obj(t, f"{ppath}.targets[{ti}]").items()
                }
                for ti, t in enumerate(targets_raw)
            )
            if target_count >= 0 and len(targets) != target_count:
                ctx.fail(
                    "LITE-GLTF-009",
                    f"{ppath}.targets",
                    f"has {len(targets)} morph targets but primitive 0 has {target_count}",
                    "all primitives of a mesh must have the same number of morph targets",
                )
            target_count = len(targets)
            mode = ctx.integer(p, "mode", ppath, default=4)
            if indices is not None and "POSITION" in attrs:
                _check_vertex_indices(ctx, indices, attrs["POSITION"], f"{ppath}.indices")
            prims.append(GltfPrimitive(attrs, indices, material, targets, mode))
        weights = [0.0] * target_count
        raw_weights = m.get("weights")
        if raw_weights is not None:
            size = len(raw_weights) if isinstance(raw_weights, list) else -1
            weights = ctx.numbers(m, "weights", path, (), size)
            if len(weights) != target_count:
                ctx.fail(
                    "LITE-GLTF-009",
                    f"{path}.weights",
                    f"has {len(weights)} weights for {target_count} morph targets",
                    "give one default weight per morph target",
                )
        names = [f"target_{i}" for i in range(target_count)]
        extras = m.get("extras")
        if isinstance(extras, dict):
            tn = extras.get("targetNames")
            if (
                isinstance(tn, list)
                and len(tn) == target_count
                and all(isinstance(v, str) for v in tn)
            ):
                names = list(tn)
        meshes.append(
            GltfMesh(
                mi, ctx.name(m, path), tuple(prims), target_count, tuple(weights), tuple(names)
            )
        )
    return meshes


def _check_vertex_indices(ctx: _Ctx, indices: int, position: int, path: str) -> None:
    acc = ctx.accessors[indices]
    if acc.type != pygltflib.SCALAR or acc.component not in _SPARSE_INDEX_TYPES:
        ctx.fail(
            "LITE-GLTF-008",
            path,
            f"index accessor {indices} is {acc.type} {_COMPONENT_NAMES[acc.component]}",
            "indices must be SCALAR UNSIGNED_BYTE, UNSIGNED_SHORT or UNSIGNED_INT",
        )
    values = _accessor_raw(ctx, indices, path)
    vertex_count = ctx.accessors[position].count
    top = int(values.max())
    if top >= vertex_count:
        ctx.fail(
            "LITE-GLTF-002",
            path,
            f"vertex index {top} is out of range for {vertex_count} vertices",
            "every index must be < the POSITION accessor's count",
        )


def _parse_skins(ctx: _Ctx) -> list[GltfSkin]:
    skins: list[GltfSkin] = []
    for si, raw in enumerate(ctx.array("skins")):
        path = f"skins[{si}]"
        sk = ctx.obj(raw, path)
        joints_raw = sk.get("joints")
        if not isinstance(joints_raw, list) or not joints_raw:
            ctx.fail("LITE-GLTF-009", f"{path}.joints", "must be a non-empty array", _HINT_SPEC)
        joints = [
            ctx.check_index(j, f"{path}.joints[{k}]", "nodes") for k, j in enumerate(joints_raw)
        ]
        if len(set(joints)) != len(joints):
            ctx.fail(
                "LITE-GLTF-009", f"{path}.joints", "lists a node twice", "joints must be unique"
            )
        skeleton = ctx.index(sk, "skeleton", path, "nodes")
        ibm_idx = ctx.index(sk, "inverseBindMatrices", path, "accessors")
        if ibm_idx is None:
            ibm = np.tile(np.eye(4, dtype=np.float32).reshape(1, 16), (len(joints), 1))
        else:
            acc = ctx.accessors[ibm_idx]
            if acc.type != pygltflib.MAT4 or acc.component != pygltflib.FLOAT:
                ctx.fail(
                    "LITE-GLTF-009",
                    f"{path}.inverseBindMatrices",
                    f"accessor {ibm_idx} is {acc.type} {_COMPONENT_NAMES[acc.component]}",
                    "inverse bind matrices must be MAT4 FLOAT",
                )
            if acc.count < len(joints):
                ctx.fail(
                    "LITE-GLTF-009",
                    f"{path}.inverseBindMatrices",
                    f"has {acc.count} matrices for {len(joints)} joints",
                    "give one inverse bind matrix per joint",
                )
            ibm = _accessor_float(ctx, ibm_idx, f"{path}.inverseBindMatrices")[: len(joints)]
            if not np.all(np.isfinite(ibm)):
                ctx.fail(
                    "LITE-GLTF-009",
                    f"{path}.inverseBindMatrices",
                    "contains NaN or infinity",
                    "re-export the skin",
                )
        ibm = np.ascontiguousarray(ibm, dtype=np.float32)
        ibm.flags.writeable = False
        skins.append(GltfSkin(si, ctx.name(sk, path), tuple(joints), skeleton, ibm))
    return skins


def _check_skinned_joints(
    ctx: _Ctx, nodes: list[_NodeInfo], meshes: list[GltfMesh], skins: list[GltfSkin]
) -> None:
    checked: set[tuple[int, int]] = set()
    for ni, info in enumerate(nodes):
        if info.skin is None or info.mesh is None or (info.mesh, info.skin) in checked:
            continue
        checked.add((info.mesh, info.skin))
        joint_count = len(skins[info.skin].joints)
        for pi, prim in enumerate(meshes[info.mesh].primitives):
            for attr, acc_idx in prim.attributes.items():
                if not attr.startswith("JOINTS_"):
                    continue
                path = f"meshes[{info.mesh}].primitives[{pi}].attributes.{attr}"
                acc = ctx.accessors[acc_idx]
                if acc.type != pygltflib.VEC4 or acc.component not in _JOINT_TYPES:
                    # Spec: JOINTS_n is VEC4 UNSIGNED_BYTE or UNSIGNED_SHORT. A FLOAT one
                    # could hold NaN, which no joint index can be.
                    ctx.fail(
                        "LITE-GLTF-008",
                        path,
                        f"accessor {acc_idx} is {acc.type} {_COMPONENT_NAMES[acc.component]}",
                        "JOINTS_n must be VEC4 UNSIGNED_BYTE or UNSIGNED_SHORT",
                    )
                values = _accessor_raw(ctx, acc_idx, path)
                top = int(values.max())
                if top >= joint_count:
                    ctx.fail(
                        "LITE-GLTF-009",
                        path,
                        f"joint index {top} is out of range for skins[{info.skin}] "
                        f"({joint_count} joints, used by nodes[{ni}])",
                        "JOINTS_n values must be < the skin's joint count",
                    )


def _check_bound_state(
    ctx: _Ctx,
    nodes: list[_NodeInfo],
    meshes: list[GltfMesh],
    skins: list[GltfSkin],
    morph_nodes: set[int],
) -> None:
    """Refuse skins and morphs whose per-node state would dwarf the file (checked before
    anything is allocated): every skinned node has its own palette, every morph node its own
    weights, so a few bytes of JSON per node can multiply a large skin or target list."""
    joints = sum(len(skins[info.skin].joints) for info in nodes if info.skin is not None)
    weights = 0
    for ni in morph_nodes:
        mesh = nodes[ni].mesh
        assert mesh is not None
        weights += meshes[mesh].target_count
    need = joints * _JOINT_STATE_BYTES + weights * _MORPH_STATE_BYTES
    limit = max(BOUND_STATE_FLOOR_BYTES, BOUND_STATE_RATIO * ctx.input_bytes)
    if need > limit:
        skinned = sum(1 for info in nodes if info.skin is not None)
        ctx.fail(
            "LITE-GLTF-009",
            "skins" if joints * _JOINT_STATE_BYTES >= weights * _MORPH_STATE_BYTES else "meshes",
            f"{skinned} skinned nodes with {joints} joints in all and {len(morph_nodes)} morph "
            f"nodes with {weights} weights in all need about {need} bytes of palettes and "
            f"weights, over the {limit}-byte limit for this file",
            f"per-node skin and morph state may take at most max({BOUND_STATE_FLOOR_BYTES}, "
            f"{BOUND_STATE_RATIO} x the file's bytes); share fewer skinned or morph nodes per "
            "skin or mesh",
        )


def _texture_transform(ctx: _Ctx, info: object, path: str) -> TextureTransform:
    tt = TextureTransform()
    if isinstance(info, dict):
        ext = info.get("extensions")
        if isinstance(ext, dict) and isinstance(ext.get("KHR_texture_transform"), dict):
            raw = ext["KHR_texture_transform"]
            tpath = f"{path}.extensions.KHR_texture_transform"
            tt.offset[:] = ctx.numbers(raw, "offset", tpath, (0.0, 0.0), 2)
            tt.scale[:] = ctx.numbers(raw, "scale", tpath, (1.0, 1.0), 2)
            tt.rotation = ctx.number(raw, "rotation", tpath, 0.0)
    return tt


def _parse_materials(ctx: _Ctx) -> list[GltfMaterial]:
    out: list[GltfMaterial] = []
    for mi, raw in enumerate(ctx.array("materials")):
        path = f"materials[{mi}]"
        m = ctx.obj(raw, path)
        pbr = m.get("pbrMetallicRoughness")
        pbr = ctx.obj(pbr, f"{path}.pbrMetallicRoughness") if pbr is not None else {}
        ppath = f"{path}.pbrMetallicRoughness"
        ext = m.get("extensions") if isinstance(m.get("extensions"), dict) else {}
        strength = 1.0
        if isinstance(ext, dict) and isinstance(ext.get("KHR_materials_emissive_strength"), dict):
            strength = ctx.number(
                ext["KHR_materials_emissive_strength"],
                "emissiveStrength",
                f"{path}.extensions.KHR_materials_emissive_strength",
                1.0,
            )
        normal = m.get("normalTexture")
        occlusion = m.get("occlusionTexture")
        transforms: dict[str, TextureTransform] = {}
        for slot in _TEXTURE_SLOTS:
            holder: object = m
            for part in slot.split("/"):
                holder = holder.get(part) if isinstance(holder, dict) else None
            if isinstance(holder, dict):
                transforms[slot] = _texture_transform(
                    ctx, holder, f"{path}.{slot.replace('/', '.')}"
                )
        out.append(
            GltfMaterial(
                index=mi,
                name=ctx.name(m, path),
                base_color_factor=np.array(
                    ctx.numbers(pbr, "baseColorFactor", ppath, (1.0, 1.0, 1.0, 1.0), 4),
                    dtype=np.float32,
                ),
                metallic_factor=ctx.number(pbr, "metallicFactor", ppath, 1.0),
                roughness_factor=ctx.number(pbr, "roughnessFactor", ppath, 1.0),
                emissive_factor=np.array(
                    ctx.numbers(m, "emissiveFactor", path, (0.0, 0.0, 0.0), 3), dtype=np.float32
                ),
                emissive_strength=strength,
                alpha_cutoff=ctx.number(m, "alphaCutoff", path, 0.5),
                normal_scale=(
                    ctx.number(normal, "scale", f"{path}.normalTexture", 1.0)
                    if isinstance(normal, dict)
                    else 1.0
                ),
                occlusion_strength=(
                    ctx.number(occlusion, "strength", f"{path}.occlusionTexture", 1.0)
                    if isinstance(occlusion, dict)
                    else 1.0
                ),
                texture_transforms=transforms,
            )
        )
    return out


def _parse_cameras(ctx: _Ctx) -> list[GltfCamera]:
    out: list[GltfCamera] = []
    for ci, raw in enumerate(ctx.array("cameras")):
        path = f"cameras[{ci}]"
        c = ctx.obj(raw, path)
        type_ = c.get("type")
        if type_ not in ("perspective", "orthographic"):
            ctx.fail(
                "LITE-GLTF-010",
                f"{path}.type",
                f"must be 'perspective' or 'orthographic', got {_short(type_)}",
                _HINT_SPEC,
            )
        cam = GltfCamera(ci, ctx.name(c, path), type_)
        sub = ctx.obj(c.get(type_), f"{path}.{type_}")
        spath = f"{path}.{type_}"
        if type_ == "perspective":
            cam.yfov = ctx.number(sub, "yfov", spath, 0.8)
            cam.znear = ctx.number(sub, "znear", spath, 0.1)
            if sub.get("aspectRatio") is not None:
                cam.aspect_ratio = ctx.number(sub, "aspectRatio", spath, 1.0)
            if sub.get("zfar") is not None:
                cam.zfar = ctx.number(sub, "zfar", spath, 100.0)
        else:
            cam.xmag = ctx.number(sub, "xmag", spath, 1.0)
            cam.ymag = ctx.number(sub, "ymag", spath, 1.0)
            cam.znear = ctx.number(sub, "znear", spath, 0.0)
            cam.zfar = ctx.number(sub, "zfar", spath, 100.0)
        out.append(cam)
    return out


def _parse_lights(ctx: _Ctx) -> list[GltfLight]:
    out: list[GltfLight] = []
    for li, raw in enumerate(_lights_json(ctx)):
        path = f"extensions.KHR_lights_punctual.lights[{li}]"
        lt = ctx.obj(raw, path)
        type_ = lt.get("type")
        if type_ not in ("directional", "point", "spot"):
            ctx.fail(
                "LITE-GLTF-010",
                f"{path}.type",
                f"must be 'directional', 'point' or 'spot', got {_short(type_)}",
                _HINT_SPEC,
            )
        light = GltfLight(
            li,
            ctx.name(lt, path),
            type_,
            np.array(ctx.numbers(lt, "color", path, (1.0, 1.0, 1.0), 3), dtype=np.float32),
            intensity=ctx.number(lt, "intensity", path, 1.0),
        )
        if lt.get("range") is not None:
            light.range = ctx.number(lt, "range", path, 0.0)
        if type_ == "spot":
            spot = ctx.obj(lt.get("spot", {}), f"{path}.spot")
            light.inner_cone_angle = ctx.number(spot, "innerConeAngle", f"{path}.spot", 0.0)
            light.outer_cone_angle = ctx.number(
                spot, "outerConeAngle", f"{path}.spot", math.pi / 4.0
            )
        out.append(light)
    return out


# ---------------------------------------------------------------------------------------------
# KHR_animation_pointer
# ---------------------------------------------------------------------------------------------


def _array_writer(dst: F32Array) -> PointerWriter:
    def write(value: F32Array) -> None:
        np.copyto(dst, value)

    return write


def _attr_writer(obj: object, name: str) -> PointerWriter:
    def write(value: F32Array) -> None:
        setattr(obj, name, float(value[0]))

    return write


@dataclass(slots=True)
class _Targets:
    materials: list[GltfMaterial]
    cameras: list[GltfCamera]
    lights: list[GltfLight]
    morph_nodes: set[int]


def _pointer_digits(ctx: _Ctx, digits: str, path: str, array: str) -> int:
    """The index a pointer's digits name (not yet range-checked). Past 9 digits no array can
    hold it, and ``int()`` refuses strings of over 4,300 digits, so those are refused here."""
    if len(digits) > 9:
        ctx.fail(
            "LITE-GLTF-002",
            path,
            f"refers to {array}[{_short(digits)}], an index of {len(digits)} digits",
            "the pointer must name an existing element",
        )
    return int(digits)


def _resolve_pointer(
    ctx: _Ctx, pointer: str, path: str, targets: _Targets
) -> tuple[int, TargetPath] | PointerBinding | str:
    """A node channel ``(node, path)``, a bound pointer, or the reason it is unsupported."""
    m = _NODE_POINTER_RE.match(pointer)
    if m:
        node = ctx.check_index(_pointer_digits(ctx, m.group(1), path, "nodes"), path, "nodes")
        return node, _PATHS[m.group(2)]
    m = _MATERIAL_POINTER_RE.match(pointer)
    if m:
        mi = ctx.check_index(_pointer_digits(ctx, m.group(1), path, "materials"), path, "materials")
        mat = targets.materials[mi]
        sub = m.group(2)
        if sub in _MATERIAL_FIELDS:
            attr, arity = _MATERIAL_FIELDS[sub]
            if sub.startswith("normalTexture/") and "normalTexture" not in mat.texture_transforms:
                return "the material has no normalTexture"
            if sub.startswith("occlusionTexture/") and (
                "occlusionTexture" not in mat.texture_transforms
            ):
                return "the material has no occlusionTexture"
            writer = _array_writer(getattr(mat, attr)) if arity > 1 else _attr_writer(mat, attr)
            return PointerBinding(pointer, arity, False, writer)
        tm = _TEXTURE_POINTER_RE.match(sub)
        if tm:
            tt = mat.texture_transforms.get(tm.group(1))
            if tt is None:
                return f"the material has no {tm.group(1)}"
            if tm.group(2) == "rotation":
                return PointerBinding(pointer, 1, False, _attr_writer(tt, "rotation"))
            return PointerBinding(pointer, 2, False, _array_writer(getattr(tt, tm.group(2))))
        return "no writer for this material property"
    m = _CAMERA_POINTER_RE.match(pointer)
    if m:
        ci = ctx.check_index(_pointer_digits(ctx, m.group(1), path, "cameras"), path, "cameras")
        cam = targets.cameras[ci]
        attr_name = _CAMERA_FIELDS.get((m.group(2), m.group(3)))
        if attr_name is None:
            return f"{m.group(2)} cameras have no {m.group(3)}"
        if cam.type != m.group(2):
            return f"camera {cam.index} is {cam.type}, not {m.group(2)}"
        return PointerBinding(pointer, 1, False, _attr_writer(cam, attr_name))
    m = _LIGHT_POINTER_RE.match(pointer)
    if m:
        li = _pointer_digits(ctx, m.group(1), path, "lights")
        if li >= len(targets.lights):
            ctx.fail(
                "LITE-GLTF-002",
                path,
                f"refers to light {li}, but the file defines {len(targets.lights)} lights",
                "check KHR_lights_punctual.lights",
            )
        light = targets.lights[li]
        attr, arity = _LIGHT_FIELDS[m.group(2)]
        if m.group(2).startswith("spot/") and light.type != "spot":
            return f"light {li} is a {light.type} light, not a spot"
        writer = _array_writer(light.color) if arity > 1 else _attr_writer(light, attr)
        return PointerBinding(pointer, arity, False, writer)
    return "no writer for this pointer"


# ---------------------------------------------------------------------------------------------
# Animations
# ---------------------------------------------------------------------------------------------


def _parse_sampler(ctx: _Ctx, raw: object, path: str) -> tuple[F32Array, F32Array, InterpMode, int]:
    s = ctx.obj(raw, path)
    inp = ctx.index(s, "input", path, "accessors", required=True)
    outp = ctx.index(s, "output", path, "accessors", required=True)
    assert inp is not None
    assert outp is not None
    interp_name = s.get("interpolation", pygltflib.ANIM_LINEAR)
    if not isinstance(interp_name, str) or interp_name not in _INTERP:
        ctx.fail(
            "LITE-GLTF-004",
            f"{path}.interpolation",
            f"unknown interpolation {_short(interp_name)}",
            "use LINEAR, STEP or CUBICSPLINE",
        )
    interp = _INTERP[interp_name]
    in_acc = ctx.accessors[inp]
    if in_acc.type != pygltflib.SCALAR or in_acc.component != pygltflib.FLOAT:
        ctx.fail(
            "LITE-GLTF-004",
            f"{path}.input",
            f"key times must be SCALAR FLOAT, accessor {inp} is {in_acc.type} "
            f"{_COMPONENT_NAMES[in_acc.component]}",
            "store key times in seconds as float32",
        )
    times = _accessor_float(ctx, inp, f"{path}.input").reshape(-1)
    t64 = times.astype(np.float64)
    if not np.all(np.isfinite(t64)):
        bad = int(np.argmin(np.isfinite(t64)))
        ctx.fail(
            "LITE-GLTF-004",
            f"{path}.input",
            f"key {bad} time is {float(t64[bad])} (accessor {inp})",
            "key times must be finite",
        )
    if float(t64[0]) < 0.0:
        ctx.fail(
            "LITE-GLTF-004",
            f"{path}.input",
            f"key 0 is at t={float(t64[0])} s (accessor {inp})",
            "key times must be >= 0",
        )
    if t64.shape[0] > 1:
        steps = np.diff(t64)
        if bool(np.any(steps <= 0.0)):
            bad = int(np.argmax(steps <= 0.0)) + 1
            ctx.fail(
                "LITE-GLTF-004",
                f"{path}.input",
                f"key {bad} at t={float(t64[bad])} s does not come after key {bad - 1} at "
                f"t={float(t64[bad - 1])} s (accessor {inp})",
                "key times must be strictly increasing",
            )
    # The output's size is known from its accessor: check it against the key count before
    # decoding, so a mismatched (possibly huge) output is refused without being read.
    per_key = 3 if interp == INTERP_CUBICSPLINE else 1
    keys = times.shape[0]
    out_acc = ctx.accessors[outp]
    size = out_acc.count * out_acc.comps
    if size % (keys * per_key) != 0 or size < keys * per_key:
        ctx.fail(
            "LITE-GLTF-004",
            f"{path}.output",
            f"{out_acc.count} x {out_acc.type} values do not divide into "
            f"{keys} keys" + (" x 3 (CUBICSPLINE)" if per_key == 3 else ""),
            "output must hold the same number of keys as input"
            + (" (in-tangent, value, out-tangent each)" if per_key == 3 else ""),
        )
    values = _accessor_float(ctx, outp, f"{path}.output")
    if not np.all(np.isfinite(values)):
        ctx.fail(
            "LITE-GLTF-004",
            f"{path}.output",
            f"accessor {outp} contains NaN or infinity",
            "key values must be finite",
        )
    return times, values.reshape(-1), interp, outp


def _parse_animations(
    ctx: _Ctx,
    nodes: list[_NodeInfo],
    meshes: list[GltfMesh],
    targets: _Targets,
    pointers: dict[str, PointerBinding],
) -> list[AnimationClip]:
    clips: list[AnimationClip] = []
    for ai, raw in enumerate(ctx.array("animations")):
        apath = f"animations[{ai}]"
        anim = ctx.obj(raw, apath)
        samplers_raw = anim.get("samplers", [])
        channels_raw = anim.get("channels", [])
        if not isinstance(samplers_raw, list) or not isinstance(channels_raw, list):
            ctx.fail("LITE-GLTF-010", apath, "samplers and channels must be arrays", _HINT_SPEC)
        parsed = [
            _parse_sampler(ctx, s, f"{apath}.samplers[{si}]") for si, s in enumerate(samplers_raw)
        ]
        samplers = [AnimationSampler(t, v, interp) for t, v, interp, _ in parsed]
        channels: list[AnimationChannel] = []
        for ci, craw in enumerate(channels_raw):
            cpath = f"{apath}.channels[{ci}]"
            c = ctx.obj(craw, cpath)
            sval = c.get("sampler")
            if not _is_int(sval) or not 0 <= int(sval) < len(samplers):
                ctx.fail(
                    "LITE-GLTF-002",
                    f"{cpath}.sampler",
                    f"refers to sampler {_short(sval)}, but {apath} has {len(samplers)} samplers",
                    f"use an index in 0..{len(samplers) - 1}" if samplers else "add samplers",
                )
            si = int(sval)
            target = ctx.obj(c.get("target"), f"{cpath}.target")
            ext = target.get("extensions")
            pointer = None
            if isinstance(ext, dict) and isinstance(ext.get("KHR_animation_pointer"), dict):
                pointer = ext["KHR_animation_pointer"].get("pointer")
                if not isinstance(pointer, str):
                    ctx.fail(
                        "LITE-GLTF-010",
                        f"{cpath}.target.extensions.KHR_animation_pointer.pointer",
                        f"must be a string, got {_short(pointer)}",
                        _HINT_SPEC,
                    )
            node_idx: int
            path_id: TargetPath
            binding: PointerBinding | None = None
            if pointer is not None:
                ppath = f"{cpath}.target.extensions.KHR_animation_pointer.pointer"
                resolved = _resolve_pointer(ctx, pointer, ppath, targets)
                if isinstance(resolved, str):
                    ctx.warn(
                        W_POINTER,
                        ppath,
                        f"KHR_animation_pointer {_short(pointer)} is not supported ({resolved}); "
                        "the channel is skipped",
                    )
                    continue
                if isinstance(resolved, PointerBinding):
                    binding = pointers.setdefault(pointer, resolved)
                    node_idx, path_id = -1, PATH_POINTER
                else:
                    node_idx, path_id = resolved
            else:
                if target.get("node") is None:
                    ctx.warn(W_CHANNEL, f"{cpath}.target", "has no node; the channel is skipped")
                    continue
                node_idx = ctx.check_index(target.get("node"), f"{cpath}.target.node", "nodes")
                pname = target.get("path")
                if not isinstance(pname, str):
                    ctx.fail(
                        "LITE-GLTF-010",
                        f"{cpath}.target.path",
                        f"must be a string, got {_short(pname)}",
                        "use translation, rotation, scale or weights",
                    )
                if pname not in _PATHS:
                    ctx.warn(
                        W_CHANNEL,
                        f"{cpath}.target.path",
                        f"unknown path {_short(pname)}; the channel is skipped",
                    )
                    continue
                path_id = _PATHS[pname]
            _check_channel_output(
                ctx,
                parsed[si],
                path_id,
                node_idx,
                binding,
                nodes,
                meshes,
                targets,
                cpath,
                f"{apath}.samplers[{si}]",
            )
            if path_id == PATH_WEIGHTS and node_idx not in targets.morph_nodes:
                ctx.warn(
                    W_CHANNEL,
                    f"{cpath}.target",
                    f"animates weights of node {node_idx}, which has no morph targets; "
                    "the channel is skipped",
                )
                continue
            channels.append(
                AnimationChannel(si, node_idx, path_id, pointer if binding is not None else None)
            )
        duration = 0.0
        for t, _, _, _ in parsed:
            duration = max(duration, float(t[-1]))
        name = anim.get("name")
        clips.append(
            AnimationClip(
                name=name if isinstance(name, str) else "",
                channels=tuple(channels),
                samplers=tuple(samplers),
                duration=duration,
                frame_rate=DEFAULT_FRAME_RATE,
            )
        )
    return clips


def _check_channel_output(
    ctx: _Ctx,
    sampler: tuple[F32Array, F32Array, InterpMode, int],
    path_id: int,
    node_idx: int,
    binding: PointerBinding | None,
    nodes: list[_NodeInfo],
    meshes: list[GltfMesh],
    targets: _Targets,
    cpath: str,
    spath: str,
) -> None:
    times, values, interp, out_idx = sampler
    acc = ctx.accessors[out_idx]
    if path_id == PATH_WEIGHTS:
        if node_idx not in targets.morph_nodes:
            return
        mesh = nodes[node_idx].mesh
        assert mesh is not None
        stride = meshes[mesh].target_count
        want_type = pygltflib.SCALAR
    elif path_id == PATH_POINTER:
        assert binding is not None
        stride = binding.arity
        want_type = {1: pygltflib.SCALAR, 2: pygltflib.VEC2, 3: pygltflib.VEC3}.get(
            stride, pygltflib.VEC4
        )
    else:
        stride = 4 if path_id == PATH_ROTATION else 3
        want_type = pygltflib.VEC4 if path_id == PATH_ROTATION else pygltflib.VEC3
    if acc.type != want_type:
        ctx.fail(
            "LITE-GLTF-004",
            f"{spath}.output",
            f"accessor {out_idx} is {acc.type}, but {cpath} needs {want_type}",
            "translation/scale take VEC3, rotation VEC4, weights SCALAR",
        )
    per_key = 3 if interp == INTERP_CUBICSPLINE else 1
    want = times.shape[0] * per_key * stride
    if values.size != want:
        ctx.fail(
            "LITE-GLTF-004",
            f"{spath}.output",
            f"has {values.size // max(1, _TYPES[acc.type][0])} {acc.type} values; {cpath} needs "
            f"{times.shape[0]} keys"
            + (" x 3 (CUBICSPLINE)" if per_key == 3 else "")
            + (f" x {stride} morph targets" if path_id == PATH_WEIGHTS else "")
            + f" = {want // max(1, _TYPES[acc.type][0])}",
            "output count must match input count"
            + (" times 3 for CUBICSPLINE" if per_key == 3 else ""),
        )


# ---------------------------------------------------------------------------------------------
# Entry point
# ---------------------------------------------------------------------------------------------


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
        ``[LITE-GLTF-W01]`` unsupported KHR_animation_pointer target (channel skipped),
        ``[LITE-GLTF-W02]`` channel without a usable target (skipped),
        ``[LITE-GLTF-W03]`` optional extensions that are ignored.
    """
    if resolver is not None and not callable(resolver):
        raise GltfLoadError(
            "LITE-GLTF-001",
            f"resolver must be callable (uri -> bytes), got {type(resolver).__name__}",
            hint="pass a function such as lambda uri: my_fetch(uri)",
            input_name="resolver",
        )
    data, ctx = _read_source(source, base_dir)
    ctx.resolver = resolver
    ctx.input_bytes = len(data)
    _parse_container(data, ctx)
    _check_extensions(ctx)
    _load_buffers(ctx)
    ctx.zero_limit = min(
        MAX_ZERO_ACCESSOR_BYTES,
        max(ZERO_ACCESSOR_FLOOR_BYTES, ZERO_ACCESSOR_RATIO * ctx.input_bytes),
    )
    _check_buffer_views(ctx)
    _check_accessors(ctx)
    node_infos = _parse_nodes(ctx)
    meshes = _parse_meshes(ctx)
    skins = _parse_skins(ctx)
    _check_skinned_joints(ctx, node_infos, meshes, skins)
    materials = _parse_materials(ctx)
    cameras = _parse_cameras(ctx)
    lights = _parse_lights(ctx)
    for ni, info in enumerate(node_infos):
        if (
            info.weights is not None
            and info.mesh is not None
            and len(info.weights) != meshes[info.mesh].target_count
        ):
            ctx.fail(
                "LITE-GLTF-009",
                f"nodes[{ni}].weights",
                f"has {len(info.weights)} weights for "
                f"{meshes[info.mesh].target_count} morph targets",
                "give one weight per morph target of the node's mesh",
            )
    morph_nodes = {
        ni
        for ni, info in enumerate(node_infos)
        if info.mesh is not None and meshes[info.mesh].target_count > 0
    }
    _check_bound_state(ctx, node_infos, meshes, skins, morph_nodes)
    targets = _Targets(materials, cameras, lights, morph_nodes)
    pointers: dict[str, PointerBinding] = {}
    clips = _parse_animations(ctx, node_infos, meshes, targets, pointers)

    rests = tuple(info.rest for info in node_infos)
    pose = create_node_pose(rests, [info.matrix for info in node_infos])

    skeletons: list[SkeletonBinding] = []
    for ni, info in enumerate(node_infos):
        if info.skin is None:
            continue
        skin = skins[info.skin]
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
    morphs: list[MorphBinding] = []
    morph_of: dict[int, MorphBinding] = {}
    for ni in sorted(morph_nodes):
        info = node_infos[ni]
        assert info.mesh is not None
        mesh = meshes[info.mesh]
        morph = create_morph_binding(
            ni, mesh.index, mesh.target_names, info.weights if info.weights else mesh.weights
        )
        morphs.append(morph)
        morph_of[ni] = morph

    gnodes = tuple(
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
            weights=morph_of[ni].weights if ni in morph_of else None,
            mesh=info.mesh,
            skin=info.skin,
            camera=info.camera,
            light=info.light,
            matrix=info.matrix,
        )
        for ni, info in enumerate(node_infos)
    )
    animation_data = GltfAnimationData(
        clips=tuple(clips),
        nodes=rests,
        skeletons=tuple(skeletons),
        morph_bindings=tuple(morphs),
        node_names=tuple(info.name for info in node_infos),
        pose=pose,
        pointers=pointers,
        node_targets=gnodes,
    )
    sink = _as_sink(engine) if engine is not None else None
    if sink is not None:
        for skel in skeletons:
            sink.upload_skeleton(skel)
        for morph in morphs:
            sink.upload_morph(morph)
    groups = create_animation_groups(animation_data, engine=sink)
    return GltfAsset(
        source=ctx.label,
        nodes=gnodes,
        meshes=tuple(meshes),
        skins=tuple(skins),
        materials=tuple(materials),
        cameras=tuple(cameras),
        lights=tuple(lights),
        skeletons=tuple(skeletons),
        morph_targets=tuple(morphs),
        animation_data=animation_data,
        animation_groups=groups,
        pose=pose,
        scene_roots=_scene_roots(ctx, node_infos),
        _read=lambda i: _accessor_float(
            ctx, ctx.check_index(i, "accessor", "accessors"), f"accessors[{i}]"
        ),
    )


def _scene_roots(ctx: _Ctx, nodes: list[_NodeInfo]) -> tuple[int, ...]:
    scenes = ctx.array("scenes")
    for si, raw in enumerate(scenes):
        sc = ctx.obj(raw, f"scenes[{si}]")
        roots = sc.get("nodes", [])
        if not isinstance(roots, list):
            ctx.fail("LITE-GLTF-010", f"scenes[{si}].nodes", "must be an array", _HINT_SPEC)
        for k, r in enumerate(roots):
            ctx.check_index(r, f"scenes[{si}].nodes[{k}]", "nodes")
    scene = ctx.doc.get("scene")
    if scene is not None:
        idx = ctx.check_index(scene, "scene", "scenes")
        return tuple(int(r) for r in scenes[idx].get("nodes", []))
    if scenes:
        return tuple(int(r) for r in scenes[0].get("nodes", []))
    return tuple(i for i, n in enumerate(nodes) if n.parent < 0)
