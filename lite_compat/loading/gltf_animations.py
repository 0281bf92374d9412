"""The animation half of the glTF loader port: groups, channels and KHR_animation_pointer.

Port of ``@babylonjs/loaders`` 9.28 ``glTF/2.0/glTFLoaderAnimation.js`` (the value getters and
the node property tables), ``KHR_animation_pointer.data.js`` (the pointer property tables) and
the animation methods of ``glTFLoader.js``: an ``AnimationGroup`` per glTF animation whose
``Animation``s use ``targetFps`` frames per second, built in the order Babylon's promises settle
(:mod:`lite_compat.loading.promise_order`). :class:`GLTFAnimationLoading` is the base class of
the loader (``gltf_builder._GLTFLoader``), which sets the fields declared here; it also holds
the helpers both halves use (accessor reads, container ownership, coded failures).
"""

from __future__ import annotations

import math
import re
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, TypeVar

import numpy as np

from lite.errors import GltfLoadError, LiteWarning, UnsupportedError
from lite_compat.animations.animation import Animation
from lite_compat.animations.animation_group import AnimationGroup
from lite_compat.cameras.camera import Camera
from lite_compat.lights.light import Light
from lite_compat.loading.gltf_textures import TEXTURE_SLOTS
from lite_compat.loading.promise_order import _PromiseOrder
from lite_compat.materials.pbr_material import PBRMaterial
from lite_compat.math import Color3, Quaternion, Vector3
from lite_compat.meshes.mesh import Mesh
from lite_compat.morph.morph_target_manager import MorphTargetManager
from lite_compat.nodes.transform_node import TransformNode
from lite_compat.scene.asset_container import AssetContainer

if TYPE_CHECKING:
    from lite import GltfDocument
from lite_compat.loading.gltf_options import GLTFLoaderAnimationStartMode, _Options

__all__ = ["GLTFAnimationLoading"]

_W_POINTER: Final = "LITE-GLTF-W01"
#: A JSON Pointer array index (RFC 6901): "0" or ASCII digits without a leading zero.
_CANONICAL_INDEX_RE: Final = re.compile(r"(?:0|[1-9][0-9]*)\Z", re.ASCII)
_T = TypeVar("_T")


# ---------------------------------------------------------------------------------------------
# Animation property infos (glTFLoaderAnimation.js, KHR_animation_pointer.data.js)
# ---------------------------------------------------------------------------------------------

ValueGetter = Callable[[int, list[float], int, float], Any]


def _get_vector3(_n: int, source: list[float], offset: int, scale: float) -> Vector3:
    return Vector3.FromArray(source, offset).scaleInPlace(scale)


def _get_quaternion(_n: int, source: list[float], offset: int, scale: float) -> Quaternion:
    return Quaternion.FromArray(source, offset).scaleInPlace(scale)


def _get_weights(n: int, source: list[float], offset: int, scale: float) -> list[float]:
    return [source[offset + i] * scale for i in range(n)]


def _get_color3(_n: int, source: list[float], offset: int, scale: float) -> Color3:
    return Color3.FromArray(source, offset).scale(scale)


def _at(source: list[float], index: int) -> float:
    # JavaScript reads past the end of a typed array as undefined (NaN in arithmetic).
    return source[index] if index < len(source) else math.nan


def _get_alpha(_n: int, source: list[float], offset: int, scale: float) -> float:
    return _at(source, offset + 3) * scale


def _get_float(_n: int, source: list[float], offset: int, scale: float) -> float:
    return _at(source, offset) * scale


def _get_minus_float(_n: int, source: list[float], offset: int, scale: float) -> float:
    return -_at(source, offset) * scale


def _get_next_float(_n: int, source: list[float], offset: int, scale: float) -> float:
    # Babylon.js reads the *next* value for orthographic xmag/ymag right/top (stride 1), i.e.
    # the following key's value; reproduced as mapped.
    return _at(source, offset + 1) * scale


def _get_float_by_2(_n: int, source: list[float], offset: int, scale: float) -> float:
    return _at(source, offset) * scale * 2


@dataclass(frozen=True, slots=True)
class _PropertyInfo:
    """One Babylon property a glTF channel drives (``AnimationPropertyInfo``)."""

    type: int
    name: str
    get_value: ValueGetter
    stride: int  # 0: the target's morph target count
    kind: str  # "node" | "weights" | "camera" | "material" | "light"


_V3 = Animation.ANIMATIONTYPE_VECTOR3
_Q = Animation.ANIMATIONTYPE_QUATERNION
_F = Animation.ANIMATIONTYPE_FLOAT
_C3 = Animation.ANIMATIONTYPE_COLOR3

_NODE_INFOS: Final[dict[str, tuple[_PropertyInfo, ...]]] = {
    "translation": (_PropertyInfo(_V3, "position", _get_vector3, 3, "node"),),
    "rotation": (_PropertyInfo(_Q, "rotationQuaternion", _get_quaternion, 4, "node"),),
    "scale": (_PropertyInfo(_V3, "scaling", _get_vector3, 3, "node"),),
    "weights": (_PropertyInfo(_F, "influence", _get_weights, 0, "weights"),),
}


def _cam(name: str, getter: ValueGetter) -> _PropertyInfo:
    return _PropertyInfo(_F, name, getter, 1, "camera")


def _mat(type_: int, name: str, getter: ValueGetter, stride: int) -> _PropertyInfo:
    return _PropertyInfo(type_, name, getter, stride, "material")


def _light(type_: int, name: str, getter: ValueGetter, stride: int) -> _PropertyInfo:
    return _PropertyInfo(type_, name, getter, stride, "light")


def _texture_transform_infos() -> dict[str, tuple[_PropertyInfo, ...]]:
    """KHR_texture_transform pointers of the five core texture slots (``getTextureTransformTree``
    in ``KHR_animation_pointer.data.js``): offset/scale on u then v, rotation on -wAng."""
    infos: dict[str, tuple[_PropertyInfo, ...]] = {}
    for path, slot, _label in TEXTURE_SLOTS:
        base = "/materials/{}/" + "/".join(path) + "/extensions/KHR_texture_transform"
        infos[base + "/scale"] = (
            _mat(_F, f"{slot}.uScale", _get_float, 2),
            _mat(_F, f"{slot}.vScale", _get_next_float, 2),
        )
        infos[base + "/offset"] = (
            _mat(_F, f"{slot}.uOffset", _get_float, 2),
            _mat(_F, f"{slot}.vOffset", _get_next_float, 2),
        )
        infos[base + "/rotation"] = (_mat(_F, f"{slot}.wAng", _get_minus_float, 1),)
    return infos


#: KHR_animation_pointer templates Babylon.js 9.28 interpolates, with their properties.
_POINTER_INFOS: Final[dict[str, tuple[_PropertyInfo, ...]]] = {
    **_texture_transform_infos(),
    "/nodes/{}/translation": _NODE_INFOS["translation"],
    "/nodes/{}/rotation": _NODE_INFOS["rotation"],
    "/nodes/{}/scale": _NODE_INFOS["scale"],
    "/nodes/{}/weights": _NODE_INFOS["weights"],
    "/cameras/{}/orthographic/xmag": (
        _cam("orthoLeft", _get_minus_float),
        _cam("orthoRight", _get_next_float),
    ),
    "/cameras/{}/orthographic/ymag": (
        _cam("orthoBottom", _get_minus_float),
        _cam("orthoTop", _get_next_float),
    ),
    "/cameras/{}/orthographic/zfar": (_cam("maxZ", _get_float),),
    "/cameras/{}/orthographic/znear": (_cam("minZ", _get_float),),
    "/cameras/{}/perspective/yfov": (_cam("fov", _get_float),),
    "/cameras/{}/perspective/zfar": (_cam("maxZ", _get_float),),
    "/cameras/{}/perspective/znear": (_cam("minZ", _get_float),),
    "/materials/{}/pbrMetallicRoughness/baseColorFactor": (
        _mat(_C3, "albedoColor", _get_color3, 4),
        _mat(_F, "alpha", _get_alpha, 4),
    ),
    # Babylon.js registers metallicFactor twice; the second registration (roughness) wins.
    "/materials/{}/pbrMetallicRoughness/metallicFactor": (_mat(_F, "roughness", _get_float, 1),),
    "/materials/{}/emissiveFactor": (_mat(_C3, "emissiveColor", _get_color3, 3),),
    "/materials/{}/occlusionTexture/strength": (_mat(_F, "ambientTextureStrength", _get_float, 1),),
    "/materials/{}/extensions/KHR_materials_emissive_strength/emissiveStrength": (
        _mat(_F, "emissiveIntensity", _get_float, 1),
    ),
    "/materials/{}/extensions/KHR_materials_ior/ior": (
        _mat(_F, "indexOfRefraction", _get_float, 1),
    ),
    "/materials/{}/extensions/KHR_materials_specular/specularFactor": (
        _mat(_F, "metallicF0Factor", _get_float, 1),
    ),
    "/materials/{}/extensions/KHR_materials_specular/specularColorFactor": (
        _mat(_C3, "metallicReflectanceColor", _get_color3, 3),
    ),
    "/extensions/KHR_lights_punctual/lights/{}/color": (_light(_C3, "diffuse", _get_color3, 3),),
    "/extensions/KHR_lights_punctual/lights/{}/intensity": (
        _light(_F, "intensity", _get_float, 1),
    ),
    "/extensions/KHR_lights_punctual/lights/{}/range": (_light(_F, "range", _get_float, 1),),
    "/extensions/KHR_lights_punctual/lights/{}/spot/innerConeAngle": (
        _light(_F, "innerAngle", _get_float_by_2, 1),
    ),
    "/extensions/KHR_lights_punctual/lights/{}/spot/outerConeAngle": (
        _light(_F, "angle", _get_float_by_2, 1),
    ),
}
#: Pointers Babylon.js maps onto objects lite_compat does not build (extension textures, material
#: sub-configurations, area/IES lights, node visibility): skipped with a warning.
_UNPORTED_POINTER_PARTS: Final = (
    "Texture/",
    "/KHR_materials_anisotropy/",
    "/KHR_materials_clearcoat/",
    "/KHR_materials_dispersion/",
    "/KHR_materials_iridescence/",
    "/KHR_materials_sheen/",
    "/KHR_materials_transmission/",
    "/KHR_materials_volume/",
    "/KHR_materials_diffuse_transmission/",
    "/EXT_lights_area/",
    "/EXT_lights_ies/",
    "/KHR_node_visibility/",
)
#: Root collection of each pointer template and the JSON list it indexes.
_POINTER_ROOTS: Final = {
    "nodes": ("nodes",),
    "materials": ("materials",),
    "cameras": ("cameras",),
    "extensions/KHR_lights_punctual/lights": ("extensions", "KHR_lights_punctual", "lights"),
}


# ---------------------------------------------------------------------------------------------
# The glTF loader (glTFLoader.js)
# ---------------------------------------------------------------------------------------------


@dataclass(slots=True)
class _Channel:
    """A channel ready to build: its property infos and target index."""

    index: int
    sampler: int
    infos: tuple[_PropertyInfo, ...]
    target: int


class GLTFAnimationLoading:
    """The animation half of one load, and the helpers the whole load shares."""

    _scene: Any
    _document: GltfDocument
    _gltf: dict[str, Any]
    _opts: _Options
    _container: AssetContainer | None
    _tn: list[TransformNode | None]
    _primitive_meshes: list[list[Mesh] | None]
    _num_morph_targets: list[int | None]
    _is_joint: list[bool]
    _cameras: dict[int, Camera]
    _lights: dict[int, Light]
    _material_data: dict[int, dict[int, PBRMaterial]]
    _groups: list[Any]
    _accessors: dict[int, np.ndarray[Any, Any]]
    _pointer_extension: bool

    # -- helpers -----------------------------------------------------------------------------

    def _accessor(self, index: int) -> np.ndarray[Any, Any]:
        data = self._accessors.get(index)
        if data is None:
            data = self._document.read_accessor(index).reshape(-1)
            self._accessors[index] = data
        return data

    def _own(self, obj: _T) -> _T:
        if self._container is not None:
            setattr(obj, "_parentContainer", self._container)  # noqa: B010
        return obj

    @staticmethod
    def _add_pointer_metadata(obj: Any, pointer: str) -> None:
        if obj.metadata is None:
            obj.metadata = {}
        internal = getattr(obj, "_internalMetadata", None)
        if internal is None:
            internal = {}
            obj._internalMetadata = internal
        internal.setdefault("gltf", {}).setdefault("pointers", []).append(pointer)

    def _fail(self, code: str, message: str, path: str) -> GltfLoadError:
        return GltfLoadError(code, f"{path}: {message}", input_name=path)

    # -- animations --------------------------------------------------------------------------

    def _load_animations(self) -> None:
        """``_loadAnimationsAsync``: one AnimationGroup per glTF animation.

        Babylon.js builds each channel's animations when its sampler data promise settles, so
        a group's ``targetedAnimations`` (and each target's ``animations``) follow the order
        those promises settle in, not the channel order; :class:`_PromiseOrder` replays it.
        """
        animations = self._gltf.get("animations") or []
        groups: list[Any] = []
        channel_lists: list[tuple[list[_Channel], list[_Channel]]] = []
        for a_index, animation in enumerate(animations):
            name = animation.get("name") or f"animation{a_index}"
            group = self._own(AnimationGroup(name, self._scene))
            self._groups.append(group)
            groups.append(group)
            channel_lists.append(self._animation_channels(a_index, animation))
        order = _PromiseOrder[_Channel](self._gltf, self._accessors_requested_before_animations())
        for a_index, (pointer_channels, node_channels) in enumerate(channel_lists):
            samplers = animations[a_index].get("samplers") or []
            order.animation(
                a_index,
                [
                    (c, int(samplers[c.sampler]["input"]), int(samplers[c.sampler]["output"]))
                    for c in pointer_channels
                ],
                [
                    (c, int(samplers[c.sampler]["input"]), int(samplers[c.sampler]["output"]))
                    for c in node_channels
                ],
            )
        on_loads = [self._on_load(group) for group in groups]
        for a_index, channel in order.run():
            animation = animations[a_index]
            name = animation.get("name") or f"animation{a_index}"
            sampler = (animation.get("samplers") or [])[channel.sampler]
            self._build_channel(name, channel, sampler, on_loads[a_index])
        for group in groups:
            group.normalize(0)
            if len(group.targetedAnimations) == 0:
                group.dispose()

    def _accessors_requested_before_animations(self) -> tuple[set[int], set[int]]:
        """Buffer views and accessors whose promises already settled when Babylon.js loads the
        animations: vertex attribute and index views (geometry) and inverse bind matrices."""
        gltf = self._gltf
        accessors = gltf.get("accessors") or []
        views: set[int] = set()
        settled_accessors: set[int] = set()

        def view_of(accessor: int) -> None:
            view = accessors[accessor].get("bufferView")
            if view is not None:
                views.add(int(view))

        for mesh in gltf.get("meshes") or []:
            for primitive in mesh.get("primitives") or []:
                for accessor in (primitive.get("attributes") or {}).values():
                    view_of(int(accessor))
                if primitive.get("indices") is not None:
                    view_of(int(primitive["indices"]))
        for skin in gltf.get("skins") or []:
            if skin.get("inverseBindMatrices") is not None:
                settled_accessors.add(int(skin["inverseBindMatrices"]))
                view_of(int(skin["inverseBindMatrices"]))
        return views, settled_accessors

    def _animation_channels(
        self, a_index: int, animation: Mapping[str, Any]
    ) -> tuple[list[_Channel], list[_Channel]]:
        """The channels Babylon.js builds: KHR_animation_pointer ones, then core node ones."""
        context = f"/animations/{a_index}"
        pointer_channels: list[_Channel] = []
        node_channels: list[_Channel] = []
        for c_index, channel in enumerate(animation.get("channels") or []):
            target = channel.get("target") or {}
            pointer_ext = (target.get("extensions") or {}).get("KHR_animation_pointer")
            if self._pointer_extension and pointer_ext is not None:
                resolved = self._resolve_pointer(f"{context}/channels/{c_index}", pointer_ext)
                if resolved is not None:
                    infos, target_index = resolved
                    pointer_channels.append(
                        _Channel(c_index, int(channel["sampler"]), infos, target_index)
                    )
                    continue
            node_index = target.get("node")
            if node_index is None:
                continue
            path = target.get("path")
            node_infos = _NODE_INFOS.get(str(path))
            if node_infos is None:
                raise self._fail(
                    "LITE-GLTF-010",
                    f"Invalid value ({path})",
                    f"{context}/channels/{c_index}/target/path",
                )
            is_weights = path == "weights"
            if (is_weights and not self._num_morph_targets[node_index]) or (
                not is_weights and self._tn[node_index] is None
            ):
                continue
            if (
                not self._opts.loadNodeAnimations
                and not is_weights
                and not self._is_joint[node_index]
            ):
                continue
            node_channels.append(
                _Channel(c_index, int(channel["sampler"]), node_infos, int(node_index))
            )
        return pointer_channels, node_channels

    @staticmethod
    def _on_load(group: Any) -> Callable[[Any, Animation], None]:
        def on_load(target: Any, babylon_animation: Animation) -> None:
            animations = getattr(target, "animations", None)
            if animations is None:
                animations = []
                target.animations = animations
            animations.append(babylon_animation)
            group.addTargetedAnimation(babylon_animation, target)

        return on_load

    def _resolve_pointer(
        self, context: str, extension: Mapping[str, Any]
    ) -> tuple[tuple[_PropertyInfo, ...], int] | None:
        """KHR_animation_pointer: the property infos and target index of a pointer, or None
        (with Babylon's "Invalid pointer ... skipped" warning)."""
        pointer = extension.get("pointer")
        extension_context = f"{context}/extensions/KHR_animation_pointer"
        if not pointer:
            raise self._fail("LITE-GLTF-010", "Pointer is missing", extension_context)

        def skip(reason: str) -> None:
            warnings.warn(
                f"[{_W_POINTER}] {extension_context}/pointer: Invalid pointer ({pointer}) "
                f"skipped ({reason})",
                LiteWarning,
                stacklevel=6,
            )

        pointer = str(pointer)
        parts = pointer.split("/")
        if not pointer.startswith("/") or len(parts) < 3:
            skip("not a JSON pointer into the glTF")
            return None
        root_key = next((k for k in _POINTER_ROOTS if pointer.startswith(f"/{k}/")), None)
        if root_key is None:
            skip("no Babylon.js property for this root")
            return None
        json_path = _POINTER_ROOTS[root_key]
        rest = pointer[len(root_key) + 2 :].split("/")
        index_text, property_parts = rest[0], rest[1:]
        template = f"/{root_key}/{{}}/" + "/".join(property_parts)
        infos = _POINTER_INFOS.get(template)
        if infos is None:
            if any(part in pointer for part in _UNPORTED_POINTER_PARTS):
                skip("its Babylon.js target object is not built by lite_compat")
            else:
                skip("Babylon.js does not animate this property")
            return None
        collection: Any = self._gltf
        for key in json_path:
            collection = collection.get(key) if isinstance(collection, Mapping) else None
        if not _CANONICAL_INDEX_RE.match(index_text):
            # JSON Pointer (RFC 6901) indices: ASCII digits, "0" or no leading zero.
            skip(f"index {index_text!r} is not a canonical ASCII integer")
            return None
        if not isinstance(collection, list):
            skip("no such object")
            return None
        index = int(index_text)
        if index >= len(collection):
            skip("no such object")
            return None
        obj: Any = collection[index]
        if root_key != "nodes":
            # Babylon's converter walks the JSON; a missing intermediate object is invalid.
            for part in property_parts[:-1]:
                obj = obj.get(part) if isinstance(obj, Mapping) else None
                if obj is None:
                    if "/extensions/KHR_texture_transform/" in pointer:
                        break  # Babylon's one optional path: the transform may be absent
                    skip(f"the glTF has no '{part}' there")
                    return None
        return infos, index

    def _sampler_data(self, sampler: Mapping[str, Any]) -> tuple[list[float], list[float], str]:
        inputs = self._accessor(int(sampler["input"])).tolist()
        outputs = self._accessor(int(sampler["output"])).tolist()
        return inputs, outputs, str(sampler.get("interpolation") or "LINEAR")

    def _build_channel(
        self,
        animation_name: str,
        channel: _Channel,
        sampler: Mapping[str, Any],
        on_load: Callable[[Any, Animation], None],
    ) -> None:
        """``_loadAnimationChannelFromTargetInfoAsync``: keys in frames, one Animation per
        property (and per morph target / material instance)."""
        fps = float(self._opts.targetFps)
        invfps = 1 / fps
        inputs, outputs, interpolation = self._sampler_data(sampler)
        num_animations = 0
        n_morph = 0
        if channel.infos[0].kind == "weights":
            n_morph = self._num_morph_targets[channel.target] or 0
        for info in channel.infos:
            stride = info.stride or n_morph
            if stride == 0:
                continue
            get = info.get_value
            keys: list[dict[str, Any]] = []
            offset = 0
            if interpolation == "STEP":
                for t in inputs:
                    value = get(n_morph, outputs, offset, 1)
                    offset += stride
                    keys.append({"frame": t * fps, "value": value, "interpolation": 1})
            elif interpolation == "CUBICSPLINE":
                for t in inputs:
                    in_tangent = get(n_morph, outputs, offset, invfps)
                    offset += stride
                    value = get(n_morph, outputs, offset, 1)
                    offset += stride
                    out_tangent = get(n_morph, outputs, offset, invfps)
                    offset += stride
                    keys.append(
                        {
                            "frame": t * fps,
                            "inTangent": in_tangent,
                            "value": value,
                            "outTangent": out_tangent,
                        }
                    )
            else:
                for t in inputs:
                    value = get(n_morph, outputs, offset, 1)
                    offset += stride
                    keys.append({"frame": t * fps, "value": value})
            if offset > 0:
                name = f"{animation_name}_channel{channel.index}_{num_animations}"
                for target, babylon_animation in self._build_animations(
                    info, channel.target, name, fps, keys, n_morph
                ):
                    num_animations += 1
                    on_load(target, babylon_animation)

    def _build_animations(
        self,
        info: _PropertyInfo,
        target_index: int,
        name: str,
        fps: float,
        keys: list[dict[str, Any]],
        n_morph: int,
    ) -> list[tuple[Any, Animation]]:
        def build() -> Animation:
            babylon_animation = Animation(name, info.name, fps, info.type)
            babylon_animation.setKeys(keys, True)
            return babylon_animation

        kind = info.kind
        if kind == "node":
            node = self._tn[target_index]
            return [] if node is None else [(node, build())]
        if kind == "camera":
            camera = self._cameras.get(target_index)
            return [] if camera is None else [(camera, build())]
        if kind == "light":
            light = self._lights.get(target_index)
            return [] if light is None else [(light, build())]
        if kind == "material":
            return [(m, build()) for m in self._material_data.get(target_index, {}).values()]
        # weights: one animation per morph target, cloned onto every primitive's target
        results: list[tuple[Any, Animation]] = []
        for t in range(n_morph):
            babylon_animation = Animation(f"{name}_{t}", info.name, fps, info.type)
            babylon_animation.setKeys(
                [
                    {
                        "frame": key["frame"],
                        "inTangent": key["inTangent"][t] if key.get("inTangent") else None,
                        "value": key["value"][t],
                        "outTangent": key["outTangent"][t] if key.get("outTangent") else None,
                        "interpolation": key.get("interpolation"),
                    }
                    for key in keys
                ],
                True,
            )
            for babylon_mesh in self._primitive_meshes[target_index] or []:
                manager = babylon_mesh.morphTargetManager
                if isinstance(manager, MorphTargetManager):
                    morph = manager.getTarget(t)
                    if morph is None:
                        continue
                    clone = babylon_animation.clone()
                    morph.animations.append(clone)
                    results.append((morph, clone))
        return results

    def _start_animations(self) -> None:
        mode = self._opts.animationStartMode
        if mode == GLTFLoaderAnimationStartMode.FIRST:
            if self._groups:
                self._groups[0].start(True)
        elif mode == GLTFLoaderAnimationStartMode.ALL:
            for group in self._groups:
                group.start(True)
        elif mode != GLTFLoaderAnimationStartMode.NONE:
            raise UnsupportedError("LITE-UNSUP-001", f"Invalid animation start mode ({mode})")
