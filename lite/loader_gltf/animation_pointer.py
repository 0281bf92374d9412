"""KHR_animation_pointer: which object and field a pointer names, and the writer bound to it.
Port of Babylon Lite's ``animation-pointer*.ts`` resolvers and ``gltf-feature-animation-
pointer.ts``.

Reading and binding are apart. :func:`resolve_pointer` runs while the document is read: it
turns a JSON pointer into a node channel ``(node, path)``, a :class:`PointerTarget` (the
material, texture transform, camera or light and the field), or the reason the pointer is not
supported (the channel is then skipped with ``LITE-GLTF-W01``); an index that names nothing
is :class:`PointerMissing` (skipped with ``LITE-GLTF-W04``). :func:`pointer_writer` runs when
``load_gltf`` binds the runtime: it makes the callable that writes one sampled value into the
target.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

import numpy as np

from lite.animation.constants import PATH_ROTATION, PATH_SCALE, PATH_TRANSLATION, PATH_WEIGHTS
from lite.loader_gltf.context import ReadContext, short
from lite.loader_gltf.properties import TEXTURE_SLOTS

if TYPE_CHECKING:
    from lite.animation.types import F32Array, TargetPath
    from lite.loader_gltf.asset import GltfCamera, GltfLight, GltfMaterial
    from lite.skeleton.skeleton_updater import PointerWriter

__all__ = [
    "NODE_PATHS",
    "PointerMissing",
    "PointerTarget",
    "pointer_writer",
    "resolve_pointer",
]

#: glTF channel paths -> lite's target path ids.
NODE_PATHS: Final[dict[str, TargetPath]] = {
    "translation": PATH_TRANSLATION,
    "rotation": PATH_ROTATION,
    "scale": PATH_SCALE,
    "weights": PATH_WEIGHTS,
}

#: A pointer's array index: JSON Pointer (RFC 6901) and glTF allow only canonical ASCII decimal
#: integers ("0" or no leading zero); Unicode digits, leading zeros and a trailing newline are
#: not indices. Patterns match with ``re.ASCII`` and end at ``\Z`` (``$`` allows a newline).
_INDEX: Final = r"(0|[1-9][0-9]*)"
#: Any run of (Unicode) digits at an index's place, to name a non-canonical index in a warning.
_LOOSE_INDEX_RE: Final = re.compile(
    r"^/(?:nodes|materials|cameras|extensions/KHR_lights_punctual/lights)/(\d+)(?:/|$)"
)
_NODE_POINTER_RE: Final = re.compile(
    r"^/nodes/" + _INDEX + r"/(translation|rotation|scale|weights)\Z", re.ASCII
)
_MATERIAL_POINTER_RE: Final = re.compile(r"^/materials/" + _INDEX + r"/(.+)\Z", re.ASCII)
_TEXTURE_POINTER_RE: Final = re.compile(
    r"^("
    + "|".join(TEXTURE_SLOTS)
    + r")/extensions/KHR_texture_transform/(offset|scale|rotation)\Z"
)
_CAMERA_POINTER_RE: Final = re.compile(
    r"^/cameras/"
    + _INDEX
    + r"/(perspective|orthographic)/(yfov|aspectRatio|znear|zfar|xmag|ymag)\Z",
    re.ASCII,
)
_LIGHT_POINTER_RE: Final = re.compile(
    r"^/extensions/KHR_lights_punctual/lights/" + _INDEX + r"/"
    r"(color|intensity|range|spot/innerConeAngle|spot/outerConeAngle)\Z",
    re.ASCII,
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


@dataclass(frozen=True, slots=True)
class PointerTarget:
    """A supported KHR_animation_pointer target, resolved but not yet bound.

    Attributes
    ----------
    pointer
        The JSON pointer, e.g. ``/materials/0/pbrMetallicRoughness/baseColorFactor``.
    target
        The document object written: a :class:`~lite.loader_gltf.asset.GltfMaterial`, a
        :class:`~lite.loader_gltf.asset.TextureTransform`, a camera or a light.
    attribute
        The field of ``target`` (``"base_color_factor"``, ``"rotation"``, ``"yfov"``, ...).
    arity
        Components per value (1 scalar, 2 vec2, 3 vec3/color3, 4 vec4/color4); fields of
        arity > 1 are float32 arrays written in place.
    """

    pointer: str
    target: object
    attribute: str
    arity: int


def pointer_writer(target: PointerTarget) -> PointerWriter:
    """The writer of one sampled value into ``target`` (arrays in place, scalars as floats)."""
    if target.arity > 1:
        return _array_writer(getattr(target.target, target.attribute))
    return _attr_writer(target.target, target.attribute)


def _array_writer(dst: F32Array) -> PointerWriter:
    def write(value: F32Array) -> None:
        np.copyto(dst, value)

    return write


def _attr_writer(obj: object, name: str) -> PointerWriter:
    def write(value: F32Array) -> None:
        setattr(obj, name, float(value[0]))

    return write


def _pointer_digits(ctx: ReadContext, digits: str, path: str, array: str) -> int:
    """The index a pointer's digits name (not yet range-checked). Past 9 digits no array can
    hold it, and ``int()`` refuses strings of over 4,300 digits, so those are refused here."""
    if len(digits) > 9:
        ctx.fail(
            "LITE-GLTF-002",
            path,
            f"refers to {array}[{short(digits)}], an index of {len(digits)} digits",
            "the pointer must name an existing element",
        )
    return int(digits)


@dataclass(frozen=True, slots=True)
class PointerMissing:
    """A pointer whose index names no node, material, camera or light: the channel is
    skipped (``LITE-GLTF-W04``) and its sibling channels play."""

    message: str


def _existing(ctx: ReadContext, digits: str, path: str, array: str, size: int) -> int | None:
    """The pointer's index into ``array`` (``size`` items), or ``None`` past the end."""
    idx = _pointer_digits(ctx, digits, path, array)
    return idx if idx < size else None


def resolve_pointer(
    ctx: ReadContext,
    pointer: str,
    path: str,
    materials: list[GltfMaterial],
    cameras: list[GltfCamera],
    lights: list[GltfLight],
) -> tuple[int, TargetPath] | PointerTarget | PointerMissing | str:
    """A node channel ``(node, path)``, a pointer target, :class:`PointerMissing` when the
    pointer's index names no node, material, camera or light, or the reason it is unsupported.

    Raises
    ------
    GltfLoadError
        ``LITE-GLTF-002`` when the pointer's index has over 9 digits.
    """
    m = _NODE_POINTER_RE.match(pointer)
    if m:
        count = len(ctx.array("nodes"))
        node = _existing(ctx, m.group(1), path, "nodes", count)
        if node is None:
            return PointerMissing(f"names node {m.group(1)}, but the file has {count} nodes")
        return node, NODE_PATHS[m.group(2)]
    m = _MATERIAL_POINTER_RE.match(pointer)
    if m:
        found = _existing(ctx, m.group(1), path, "materials", len(materials))
        if found is None:
            return PointerMissing(
                f"names material {m.group(1)}, but the file has {len(materials)} materials"
            )
        mat = materials[found]
        sub = m.group(2)
        if sub in _MATERIAL_FIELDS:
            attr, arity = _MATERIAL_FIELDS[sub]
            if sub.startswith("normalTexture/") and "normalTexture" not in mat.texture_transforms:
                return "the material has no normalTexture"
            if sub.startswith("occlusionTexture/") and (
                "occlusionTexture" not in mat.texture_transforms
            ):
                return "the material has no occlusionTexture"
            return PointerTarget(pointer, mat, attr, arity)
        tm = _TEXTURE_POINTER_RE.match(sub)
        if tm:
            tt = mat.texture_transforms.get(tm.group(1))
            if tt is None:
                return f"the material has no {tm.group(1)}"
            if tm.group(2) == "rotation":
                return PointerTarget(pointer, tt, "rotation", 1)
            return PointerTarget(pointer, tt, tm.group(2), 2)
        return "no writer for this material property"
    m = _CAMERA_POINTER_RE.match(pointer)
    if m:
        ci = _existing(ctx, m.group(1), path, "cameras", len(cameras))
        if ci is None:
            return PointerMissing(
                f"names camera {m.group(1)}, but the file has {len(cameras)} cameras"
            )
        cam = cameras[ci]
        attr_name = _CAMERA_FIELDS.get((m.group(2), m.group(3)))
        if attr_name is None:
            return f"{m.group(2)} cameras have no {m.group(3)}"
        if cam.type != m.group(2):
            return f"camera {cam.index} is {cam.type}, not {m.group(2)}"
        return PointerTarget(pointer, cam, attr_name, 1)
    m = _LIGHT_POINTER_RE.match(pointer)
    if m:
        li = _pointer_digits(ctx, m.group(1), path, "lights")
        if li >= len(lights):
            return PointerMissing(f"names light {li}, but the file defines {len(lights)} lights")
        light = lights[li]
        attr, arity = _LIGHT_FIELDS[m.group(2)]
        if m.group(2).startswith("spot/") and light.type != "spot":
            return f"light {li} is a {light.type} light, not a spot"
        return PointerTarget(pointer, light, attr, arity)
    loose = _LOOSE_INDEX_RE.match(pointer)
    if loose or pointer.endswith("\n"):
        return (
            f"index {loose.group(1)!r} is not a canonical ASCII integer (JSON Pointer: 0 or no "
            "leading zero, digits 0-9 only)"
            if loose
            else "the pointer ends with a newline"
        )
    return "no writer for this pointer"
