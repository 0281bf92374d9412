"""What Babylon.js's glTF loader builds: scene objects, skeletons, morphs and groups.

Port of what ``@babylonjs/loaders`` 9.28 ``glTF/2.0/glTFLoader.js`` builds (with
``glTFLoaderAnimation.js``, ``KHR_animation_pointer`` and ``KHR_lights_punctual``), from a
document lite has already read, validated and decoded (:mod:`lite_compat.loading.scene_loader`
hands it over), in Babylon's order and with Babylon's names:

* the ``__root__`` ``Mesh`` holding the right- to left-handed conversion (rotation
  ``(0, 1, 0, 0)``, scaling ``(1, 1, -1)``; nothing when ``scene.useRightHandedSystem``);
* a ``TransformNode`` per glTF node without a mesh (``node.name`` or ``node<i>``), a ``Mesh``
  per primitive (named after the node, ``<name>_primitive<k>`` under a ``TransformNode`` when a
  mesh has several), skinned nodes as a ``TransformNode`` plus the mesh placed beside the
  skeleton root, node TRS as ``position``/``rotationQuaternion``/``scaling``;
* a ``Skeleton`` per skin whose ``Bone``s are linked to the joints' nodes
  (``bone.getTransformNode()``) with Babylon's bind matrices;
* a ``MorphTargetManager`` with one ``MorphTarget`` per target on every primitive mesh
  (``mesh.extras.targetNames`` or ``morphTarget<i>``, initial influence from the weights);
* ``PBRMaterial``s, ``FreeCamera``s and KHR_lights_punctual lights;
* an ``AnimationGroup`` per glTF animation (``lite_compat.animations.animation_group``) whose
  ``Animation``s use 60 frames per second (``targetFps``), key frames ``input * fps``, CUBICSPLINE
  tangents ``* (1 / fps)``, target ``position``/``rotationQuaternion``/``scaling``/``influence``
  and the KHR_animation_pointer properties Babylon maps, in the order Babylon's promises
  settle (:mod:`lite_compat.loading.promise_order`); the first group starts looping
  (``animationStartMode`` FIRST).
"""

from __future__ import annotations

import math
import re
import warnings
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, TypeVar

import numpy as np

from lite.errors import GltfLoadError, LiteWarning, UnsupportedError
from lite_compat.animations.animation import Animation
from lite_compat.animations.animation_group import AnimationGroup
from lite_compat.bones.bone import Bone
from lite_compat.bones.skeleton import Skeleton
from lite_compat.cameras.camera import Camera
from lite_compat.cameras.free_camera import FreeCamera
from lite_compat.engines.engine_store import scene_flag
from lite_compat.lights.directional_light import DirectionalLight
from lite_compat.lights.light import Light
from lite_compat.lights.point_light import PointLight
from lite_compat.lights.spot_light import SpotLight
from lite_compat.loading.gltf_textures import TEXTURE_SLOTS, load_material_textures
from lite_compat.loading.promise_order import _PromiseOrder
from lite_compat.materials.material import Material
from lite_compat.materials.pbr_material import PBRMaterial
from lite_compat.math import Color3, Matrix, Quaternion, Vector3
from lite_compat.meshes.mesh import Mesh
from lite_compat.meshes.vertex_data import VertexBuffer
from lite_compat.morph.morph_target import MorphTarget
from lite_compat.morph.morph_target_manager import MorphTargetManager
from lite_compat.nodes.node import MAX_VALUE
from lite_compat.nodes.transform_node import TransformNode
from lite_compat.scene.asset_container import AssetContainer

if TYPE_CHECKING:
    from lite import GltfDocument

__all__ = [
    "GLTFLoaderAnimationStartMode",
    "GLTFLoaderCoordinateSystemMode",
    "ISceneLoaderAsyncResult",
]

#: Babylon.js ``GLTFFileLoader.targetFps`` default.
DEFAULT_TARGET_FPS: Final = 60.0
#: glTF primitive mode -> Babylon ``Material`` draw/fill mode (``GLTFLoader._GetDrawMode``).
_DRAW_MODES: Final = {
    0: Material.PointListDrawMode,
    1: Material.LineListDrawMode,
    2: Material.LineLoopDrawMode,
    3: Material.LineStripDrawMode,
    4: Material.TriangleFillMode,
    5: Material.TriangleStripDrawMode,
    6: Material.TriangleFanDrawMode,
}
#: glTF attribute -> Babylon vertex kind, in the order ``_loadVertexDataAsync`` reads them.
_VERTEX_KINDS: Final = (
    ("POSITION", VertexBuffer.PositionKind),
    ("NORMAL", VertexBuffer.NormalKind),
    ("TANGENT", VertexBuffer.TangentKind),
    ("TEXCOORD_0", VertexBuffer.UVKind),
    ("TEXCOORD_1", VertexBuffer.UV2Kind),
    ("TEXCOORD_2", VertexBuffer.UV3Kind),
    ("TEXCOORD_3", VertexBuffer.UV4Kind),
    ("TEXCOORD_4", VertexBuffer.UV5Kind),
    ("TEXCOORD_5", VertexBuffer.UV6Kind),
    ("JOINTS_0", VertexBuffer.MatricesIndicesKind),
    ("WEIGHTS_0", VertexBuffer.MatricesWeightsKind),
    ("JOINTS_1", VertexBuffer.MatricesIndicesExtraKind),
    ("WEIGHTS_1", VertexBuffer.MatricesWeightsExtraKind),
    ("COLOR_0", VertexBuffer.ColorKind),
)
_W_POINTER: Final = "LITE-GLTF-W01"
#: A JSON Pointer array index (RFC 6901): "0" or ASCII digits without a leading zero.
_CANONICAL_INDEX_RE: Final = re.compile(r"(?:0|[1-9][0-9]*)\Z", re.ASCII)
_T = TypeVar("_T")


class GLTFLoaderAnimationStartMode:
    """Which animation groups start after loading (``BABYLON.GLTFLoaderAnimationStartMode``)."""

    NONE: Final = 0
    FIRST: Final = 1
    ALL: Final = 2


class GLTFLoaderCoordinateSystemMode:
    """Handedness handling (``BABYLON.GLTFLoaderCoordinateSystemMode``)."""

    AUTO: Final = 0
    FORCE_RIGHT_HANDED: Final = 1


@dataclass(slots=True)
class ISceneLoaderAsyncResult:
    """What ``ImportMeshAsync`` returns (Babylon's ``ISceneLoaderAsyncResult``)."""

    meshes: list[Any] = field(default_factory=list)
    particleSystems: list[Any] = field(default_factory=list)
    skeletons: list[Skeleton] = field(default_factory=list)
    animationGroups: list[Any] = field(default_factory=list)
    lights: list[Light] = field(default_factory=list)
    transformNodes: list[TransformNode] = field(default_factory=list)
    geometries: list[Any] = field(default_factory=list)
    spriteManagers: list[Any] = field(default_factory=list)


@dataclass(slots=True)
class _Options:
    """The ``GLTFFileLoader`` options honoured here (``pluginOptions={"gltf": {...}}``)."""

    animationStartMode: int = GLTFLoaderAnimationStartMode.FIRST
    coordinateSystemMode: int = GLTFLoaderCoordinateSystemMode.AUTO
    loadSkins: bool = True
    loadMorphTargets: bool = True
    loadNodeAnimations: bool = True
    targetFps: float = DEFAULT_TARGET_FPS
    skipMaterials: bool = False
    loadAllMaterials: bool = False
    alwaysComputeSkeletonRootNode: bool = False

    @staticmethod
    def parse(plugin_options: object) -> _Options:
        options = _Options()
        gltf = _get(plugin_options, "gltf")
        if gltf is None:
            return options
        if _get(gltf, "enabled") is False:
            raise UnsupportedError(
                "LITE-UNSUP-001",
                "The 'gltf' plugin is disabled via the loader options passed to the loading "
                "operation.",
            )
        for name in _Options.__dataclass_fields__:
            value = _get(gltf, name)
            if value is not None:
                setattr(options, name, value)
        return options


def _get(obj: object, name: str) -> Any:
    """``obj[name]`` for mappings, ``obj.name`` otherwise (None when absent)."""
    if obj is None:
        return None
    if isinstance(obj, Mapping):
        return obj.get(name)
    return getattr(obj, name, None)


@dataclass(slots=True)
class _Loaded:
    document: GltfDocument  # lite's one validated read (accessors decoded once, on demand)
    gltf: dict[str, Any]
    url: str
    size: int


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


class _GLTFLoader:
    """One load: builds Babylon objects for one glTF document into one scene."""

    def __init__(
        self,
        scene: Any,
        loaded: _Loaded,
        options: _Options,
        container: AssetContainer | None,
    ) -> None:
        self._scene = scene
        self._document = loaded.document
        self._gltf = loaded.gltf
        self._opts = options
        self._container = container
        nodes = self._gltf.get("nodes") or []
        count = len(nodes)
        self._nodes: list[dict[str, Any]] = nodes
        self._parent = [-1] * count
        for i, node in enumerate(nodes):
            for child in node.get("children") or []:
                self._parent[child] = i
        self._tn: list[TransformNode | None] = [None] * count
        self._tn_for_skin: list[TransformNode | None] = [None] * count
        self._primitive_meshes: list[list[Mesh] | None] = [None] * count
        self._num_morph_targets: list[int | None] = [None] * count
        self._is_joint = [False] * count
        self._instanced_meshes: dict[int, bool] = {}
        self._cameras: dict[int, Camera] = {}
        self._lights: dict[int, Light] = {}
        self._material_data: dict[int, dict[int, PBRMaterial]] = {}
        self._default_materials: dict[int, PBRMaterial] = {}
        self._skeletons: dict[int, Skeleton] = {}
        self._skin_skeleton: dict[int, int | None] = {}
        self._groups: list[Any] = []
        self._post_scene_load_actions: list[Callable[[], None]] = []
        self._babylon_lights: list[Light] = []
        self._loaded_materials: list[PBRMaterial] = []
        self._loaded_textures: list[Any] = []
        self._loaded_cameras: list[Camera] = []
        self._loaded_morph_managers: list[MorphTargetManager] = []
        self._accessors: dict[int, np.ndarray[Any, Any]] = {}
        used = self._gltf.get("extensionsUsed") or []
        self._lights_extension = "KHR_lights_punctual" in used
        self._pointer_extension = "KHR_animation_pointer" in used
        self._right_handed = scene_flag(scene, "useRightHandedSystem")
        self._root = self._create_root_node()

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

    # -- root and transforms -------------------------------------------------------------------

    def _create_root_node(self) -> Mesh:
        root = self._own(Mesh("__root__", self._scene))
        root.setEnabled(False)
        mode = self._opts.coordinateSystemMode
        if mode == GLTFLoaderCoordinateSystemMode.AUTO:
            if not self._right_handed:
                self._load_transform({"rotation": [0, 1, 0, 0], "scale": [1, 1, -1]}, root)
        elif mode == GLTFLoaderCoordinateSystemMode.FORCE_RIGHT_HANDED:
            self._scene.useRightHandedSystem = True
            self._right_handed = True
        else:
            raise UnsupportedError("LITE-UNSUP-001", f"Invalid coordinate system mode ({mode})")
        return root

    @staticmethod
    def _load_transform(node: Mapping[str, Any], babylon_node: TransformNode) -> None:
        """``GLTFLoader._LoadTransform``: the TRS of skinned nodes is ignored (glTF spec)."""
        if node.get("skin") is not None:
            return
        position = Vector3.Zero()
        rotation = Quaternion.Identity()
        scaling = Vector3.One()
        matrix = node.get("matrix")
        if matrix is not None:
            Matrix.FromArray(matrix).decompose(scaling, rotation, position)
        else:
            if node.get("translation") is not None:
                position = Vector3.FromArray(node["translation"])
            if node.get("rotation") is not None:
                rotation = Quaternion.FromArray(node["rotation"])
            if node.get("scale") is not None:
                scaling = Vector3.FromArray(node["scale"])
        babylon_node.position = position
        babylon_node.rotationQuaternion = rotation
        babylon_node.scaling = scaling

    @staticmethod
    def _node_matrix(node: Mapping[str, Any]) -> Matrix:
        """``GLTFLoader._getNodeMatrix``."""
        if node.get("matrix") is not None:
            return Matrix.FromArray(node["matrix"])
        scale = node.get("scale")
        rotation = node.get("rotation")
        translation = node.get("translation")
        return Matrix.Compose(
            Vector3.FromArray(scale) if scale is not None else Vector3.One(),
            Quaternion.FromArray(rotation) if rotation is not None else Quaternion.Identity(),
            Vector3.FromArray(translation) if translation is not None else Vector3.Zero(),
        )

    # -- scene and nodes -----------------------------------------------------------------------

    def load(self, node_indices: list[int] | None) -> None:
        """``_loadAsync``: scene (or the given nodes), animations, then start the first."""
        if node_indices is not None:
            roots: list[int] = node_indices
        elif self._gltf.get("scene") is not None or self._gltf.get("scenes"):
            scene_index = self._gltf.get("scene") or 0
            roots = list(self._gltf["scenes"][scene_index].get("nodes") or [])
        else:
            roots = []
        root = self._root
        for index in roots:
            self._load_node(index, lambda tn: setattr(tn, "parent", root))
        for action in self._post_scene_load_actions:
            action()
        # Babylon applies each primitive's geometry (and with it computeWorldMatrix(true),
        # which fixes the pose matrix) once its accessors resolve: after the node tree is
        # assembled and the skinned meshes placed. This builder sets the geometry while the
        # tree is still being built, so compute the primitives' world matrices again here, as
        # their first computation (the render id is unchanged: reads before a render see it).
        for primitives in self._primitive_meshes:
            for babylon_primitive in primitives or []:
                babylon_primitive._poseMatrix = None
                babylon_primitive.computeWorldMatrix(True)
        if not self._opts.skipMaterials and self._opts.loadAllMaterials:
            for m in range(len(self._gltf.get("materials") or [])):
                self._load_material(m, Material.TriangleFillMode)
        self._load_animations()
        root.setEnabled(True)
        light_count = len(getattr(self._scene, "lights", None) or [])
        for material in getattr(self._scene, "materials", None) or []:
            current = getattr(material, "maxSimultaneousLights", None)
            if current is not None:
                material.maxSimultaneousLights = max(current, light_count)
        self._start_animations()

    def _load_node(self, index: int, assign: Callable[[TransformNode], None]) -> None:
        """``loadNodeAsync`` (with the KHR_lights_punctual node hook)."""
        context = f"/nodes/{index}"
        node = self._nodes[index]
        light_ext = (node.get("extensions") or {}).get("KHR_lights_punctual")
        if self._lights_extension and light_ext is not None:
            outer_assign = assign

            def assign(tn: TransformNode) -> None:
                self._load_light(context, light_ext, tn)
                outer_assign(tn)

        if self._tn[index] is not None:
            raise self._fail("LITE-GLTF-005", "Invalid recursive node hierarchy", context)

        def load_node(tn: TransformNode) -> None:
            self._add_pointer_metadata(tn, context)
            self._load_transform(node, tn)
            camera_index = node.get("camera")
            if camera_index is not None:
                camera = self._load_camera(camera_index)
                camera.parent = tn
                if not self._right_handed:
                    # Cancels the root's handedness flip so the view matrix is not mirrored.
                    tn.scaling.x = -1
            for child in node.get("children") or []:
                self._load_node(child, lambda child_tn: setattr(child_tn, "parent", tn))
            assign(tn)

        has_mesh = node.get("mesh") is not None
        has_skin = self._opts.loadSkins and node.get("skin") is not None
        if not has_mesh or has_skin:
            name = node.get("name") or f"node{index}"
            tn = self._own(TransformNode(name, self._scene))
            if not has_mesh:
                self._tn[index] = tn
            else:
                self._tn_for_skin[index] = tn
            load_node(tn)
        if has_mesh:
            mesh_index = int(node["mesh"])
            if has_skin:
                skin_index = int(node["skin"])

                def skinned(babylon_tn: TransformNode) -> None:
                    for_skin = self._tn_for_skin[index]
                    assert for_skin is not None  # created above
                    babylon_tn.metadata = {
                        **(for_skin.metadata if isinstance(for_skin.metadata, dict) else {}),
                        **(babylon_tn.metadata if isinstance(babylon_tn.metadata, dict) else {}),
                    }
                    self._load_skin(index, skin_index, babylon_tn, for_skin)

                self._load_mesh(index, mesh_index, skinned)
                # Babylon's loadNodeAsync ends with refreshBoundingInfo(true, true) on each
                # primitive: for a skinned one that reads the skeleton's palette, which
                # prepares it (the bones' final matrices hold the bind pose from then on).
                for babylon_primitive in self._primitive_meshes[index] or []:
                    babylon_primitive.refreshBoundingInfo(True, True)
            else:
                self._load_mesh(index, mesh_index, load_node)

    def _load_mesh(
        self, node_index: int, mesh_index: int, assign: Callable[[TransformNode], None]
    ) -> None:
        """``_loadMeshAsync``: one Mesh per primitive (under a TransformNode when several)."""
        mesh = (self._gltf.get("meshes") or [])[mesh_index]
        primitives = mesh.get("primitives") or []
        context = f"/meshes/{mesh_index}"
        if not primitives:
            raise self._fail("LITE-GLTF-010", "Primitives are missing", context)
        name = self._nodes[node_index].get("name") or f"node{node_index}"
        if len(primitives) == 1:
            babylon_mesh = self._load_primitive(
                f"{context}/primitives/0", name, node_index, mesh, primitives[0]
            )
            self._tn[node_index] = babylon_mesh
            self._primitive_meshes[node_index] = [babylon_mesh]
        else:
            tn = self._own(TransformNode(name, self._scene))
            self._tn[node_index] = tn
            meshes: list[Mesh] = []
            self._primitive_meshes[node_index] = meshes
            for k, primitive in enumerate(primitives):
                babylon_mesh = self._load_primitive(
                    f"{context}/primitives/{k}", f"{name}_primitive{k}", node_index, mesh, primitive
                )
                babylon_mesh.parent = tn
                meshes.append(babylon_mesh)
        target = self._tn[node_index]
        assert target is not None  # set above
        assign(target)

    def _load_primitive(
        self,
        context: str,
        name: str,
        node_index: int,
        mesh: Mapping[str, Any],
        primitive: Mapping[str, Any],
    ) -> Mesh:
        """``_loadMeshPrimitiveAsync`` (without instancing: every primitive gets a Mesh)."""
        babylon_mesh = self._own(Mesh(name, self._scene))
        self._create_morph_targets(context, node_index, mesh, primitive, babylon_mesh)
        self._load_vertex_data(primitive, babylon_mesh)
        self._load_morph_target_data(primitive, babylon_mesh)
        if not self._opts.skipMaterials:
            mode = primitive.get("mode")
            draw_mode = _DRAW_MODES.get(4 if mode is None else int(mode))
            if draw_mode is None:
                raise self._fail("LITE-GLTF-010", f"Invalid mesh primitive mode ({mode})", context)
            material_index = primitive.get("material")
            if material_index is None:
                material = self._default_materials.get(draw_mode)
                if material is None:
                    material = self._create_default_material("__GLTFLoader._default", draw_mode)
                    self._loaded_materials.append(material)
                    self._default_materials[draw_mode] = material
                babylon_mesh.material = material
            else:
                babylon_mesh.material = self._load_material(int(material_index), draw_mode)
        self._add_pointer_metadata(babylon_mesh, context)
        morph_manager = babylon_mesh.morphTargetManager
        if isinstance(morph_manager, MorphTargetManager):
            self._loaded_morph_managers.append(morph_manager)
        return babylon_mesh

    # -- geometry and morph targets ------------------------------------------------------------

    def _load_vertex_data(self, primitive: Mapping[str, Any], babylon_mesh: Mesh) -> None:
        attributes = primitive.get("attributes") or {}
        indices = primitive.get("indices")
        if indices is not None:
            values = self._accessor(int(indices))
            babylon_mesh.setIndices(values.astype(np.int64).tolist())
        for attribute, kind in _VERTEX_KINDS:
            accessor = attributes.get(attribute)
            if accessor is None:
                continue
            data = self._document.read_accessor(int(accessor))
            babylon_mesh.setVerticesData(kind, data.reshape(-1).tolist(), False, data.shape[1])

    def _create_morph_targets(
        self,
        context: str,
        node_index: int,
        mesh: Mapping[str, Any],
        primitive: Mapping[str, Any],
        babylon_mesh: Mesh,
    ) -> None:
        targets = primitive.get("targets")
        if not targets or not self._opts.loadMorphTargets:
            return
        count = self._num_morph_targets[node_index]
        if count is None:
            self._num_morph_targets[node_index] = len(targets)
        elif len(targets) != count:
            raise self._fail(
                "LITE-GLTF-009", "Primitives do not have the same number of targets", context
            )
        extras = mesh.get("extras")
        target_names = extras.get("targetNames") if isinstance(extras, Mapping) else None
        node_weights = self._nodes[node_index].get("weights")
        mesh_weights = mesh.get("weights")
        manager = self._own(MorphTargetManager(self._scene))
        babylon_mesh.morphTargetManager = manager
        manager.areUpdatesFrozen = True
        for i in range(len(targets)):
            if node_weights:
                weight = node_weights[i]
            elif mesh_weights:
                weight = mesh_weights[i]
            else:
                weight = 0
            if target_names and i < len(target_names):
                target_name = str(target_names[i])
            else:
                target_name = f"morphTarget{i}"
            manager.addTarget(MorphTarget(target_name, weight, self._scene))

    def _load_morph_target_data(self, primitive: Mapping[str, Any], babylon_mesh: Mesh) -> None:
        """``_loadMorphTargetsAsync``: absolute target data (base + delta, float32)."""
        manager = babylon_mesh.morphTargetManager
        if not isinstance(manager, MorphTargetManager):
            return
        targets = primitive.get("targets") or []
        base: dict[str, np.ndarray[Any, Any]] = {}
        for attribute, kind in (
            ("POSITION", VertexBuffer.PositionKind),
            ("NORMAL", VertexBuffer.NormalKind),
            ("TANGENT", VertexBuffer.TangentKind),
            ("TEXCOORD_0", VertexBuffer.UVKind),
            ("TEXCOORD_1", VertexBuffer.UV2Kind),
            ("COLOR_0", VertexBuffer.ColorKind),
        ):
            data = babylon_mesh.getVerticesData(kind)
            if data is not None:
                base[attribute] = np.asarray(data, dtype=np.float32)
        for i in range(manager.numTargets):
            morph = manager.getTarget(i)
            assert morph is not None  # i < numTargets
            for attribute, accessor in (targets[i] or {}).items():
                if attribute not in base:
                    continue
                delta = self._document.read_accessor(int(accessor)).reshape(-1)
                values = base[attribute]
                if attribute == "TANGENT":
                    # Babylon.js walks the xyzw base buffer and fills the first 3n floats.
                    out = np.zeros(len(delta) // 3 * 4, dtype=np.float32)
                    xyz = values.reshape(-1, 4)[:, :3].reshape(-1)[: len(delta)]
                    out[: len(delta)] = delta + xyz
                    morph.setTangents(out)
                elif attribute == "COLOR_0":
                    comps = len(values) // max(1, babylon_mesh.getTotalVertices())
                    if comps == 3:
                        out = np.ones(len(delta) // 3 * 4, dtype=np.float32)
                        out.reshape(-1, 4)[:, :3] = (delta + values[: len(delta)]).reshape(-1, 3)
                    else:
                        out = (delta + values[: len(delta)]).astype(np.float32)
                    morph.setColors(out)
                else:
                    out = (delta + values[: len(delta)]).astype(np.float32)
                    setter = {
                        "POSITION": morph.setPositions,
                        "NORMAL": morph.setNormals,
                        "TEXCOORD_0": morph.setUVs,
                        "TEXCOORD_1": morph.setUV2s,
                    }[attribute]
                    setter(out)
        manager.areUpdatesFrozen = False

    # -- materials ---------------------------------------------------------------------------

    def _create_default_material(self, name: str, draw_mode: int) -> PBRMaterial:
        material = self._own(PBRMaterial(name, self._scene))
        material.fillMode = draw_mode
        material.transparencyMode = PBRMaterial.MATERIAL_OPAQUE
        material.metallic = 1.0
        material.roughness = 1.0
        return material

    def _load_material(self, index: int, draw_mode: int) -> PBRMaterial:
        """``_loadMaterialAsync``: one PBRMaterial per (glTF material, draw mode)."""
        per_mode = self._material_data.setdefault(index, {})
        existing = per_mode.get(draw_mode)
        if existing is not None:
            return existing
        material_json = (self._gltf.get("materials") or [])[index]
        context = f"/materials/{index}"
        name = material_json.get("name") or f"material{index}"
        material = self._create_default_material(name, draw_mode)
        per_mode[draw_mode] = material
        # loadMaterialBasePropertiesAsync
        emissive = material_json.get("emissiveFactor")
        material.emissiveColor = Color3.FromArray(emissive) if emissive else Color3(0, 0, 0)
        if material_json.get("doubleSided"):
            material.backFaceCulling = False
            material.twoSidedLighting = True
        occlusion = material_json.get("occlusionTexture")
        if isinstance(occlusion, Mapping) and occlusion.get("strength") is not None:
            # Babylon.js applies the strength with the occlusion texture; kept as the value.
            material.ambientTextureStrength = float(occlusion["strength"])
        for texture in load_material_textures(
            self._gltf, material_json, material, context, self._scene, self._right_handed
        ):
            self._loaded_textures.append(self._own(texture))
        # loadMaterialMetallicRoughnessPropertiesAsync
        pbr = material_json.get("pbrMetallicRoughness")
        if pbr is not None:
            factor = pbr.get("baseColorFactor")
            if factor:
                material.albedoColor = Color3.FromArray(factor)
                material.alpha = factor[3]
            else:
                material.albedoColor = Color3(1, 1, 1)
            metallic = pbr.get("metallicFactor")
            roughness = pbr.get("roughnessFactor")
            material.metallic = 1 if metallic is None else metallic
            material.roughness = 1 if roughness is None else roughness
        # loadMaterialAlphaProperties
        alpha_mode = material_json.get("alphaMode") or "OPAQUE"
        if alpha_mode == "OPAQUE":
            material.transparencyMode = PBRMaterial.MATERIAL_OPAQUE
            material.alpha = 1.0
        elif alpha_mode == "MASK":
            material.transparencyMode = PBRMaterial.MATERIAL_ALPHATEST
            cutoff = material_json.get("alphaCutoff")
            material.alphaCutOff = 0.5 if cutoff is None else cutoff
        elif alpha_mode == "BLEND":
            material.transparencyMode = PBRMaterial.MATERIAL_ALPHABLEND
        else:
            raise self._fail(
                "LITE-GLTF-010", f"Invalid value ({alpha_mode})", context + "/alphaMode"
            )
        extensions = material_json.get("extensions") or {}
        strength = (extensions.get("KHR_materials_emissive_strength") or {}).get("emissiveStrength")
        if strength is not None:
            material.emissiveIntensity = strength
        ior = (extensions.get("KHR_materials_ior") or {}).get("ior")
        if ior is not None:
            material.indexOfRefraction = ior
        self._add_pointer_metadata(material, context)
        self._loaded_materials.append(material)
        return material

    # -- cameras and lights --------------------------------------------------------------------

    def _load_camera(self, index: int) -> Camera:
        """``loadCameraAsync``: a FreeCamera looking down local -Z."""
        camera_json = (self._gltf.get("cameras") or [])[index]
        context = f"/cameras/{index}"
        camera = self._own(
            FreeCamera(
                camera_json.get("name") or f"camera{index}", Vector3.Zero(), self._scene, False
            )
        )
        self._cameras[index] = camera
        camera.setTarget(Vector3(0, 0, -1))
        kind = camera_json.get("type")
        if kind == "perspective":
            perspective = camera_json.get("perspective")
            if not perspective:
                raise self._fail(
                    "LITE-GLTF-010", "Camera perspective properties are missing", context
                )
            camera.fov = perspective["yfov"]
            camera.minZ = perspective["znear"]
            camera.maxZ = perspective.get("zfar") or 0
        elif kind == "orthographic":
            ortho = camera_json.get("orthographic")
            if not ortho:
                raise self._fail(
                    "LITE-GLTF-010", "Camera orthographic properties are missing", context
                )
            camera.mode = Camera.ORTHOGRAPHIC_CAMERA
            camera.orthoLeft = -ortho["xmag"]
            camera.orthoRight = ortho["xmag"]
            camera.orthoBottom = -ortho["ymag"]
            camera.orthoTop = ortho["ymag"]
            camera.minZ = ortho["znear"]
            camera.maxZ = ortho.get("zfar")
        else:
            raise self._fail("LITE-GLTF-010", f"Invalid camera type ({kind})", context)
        self._add_pointer_metadata(camera, context)
        self._loaded_cameras.append(camera)
        return camera

    def _load_light(self, context: str, extension: Mapping[str, Any], tn: TransformNode) -> None:
        """KHR_lights_punctual ``loadNodeAsync``: the light, parented to the node."""
        extension_context = f"{context}/extensions/KHR_lights_punctual"
        lights = ((self._gltf.get("extensions") or {}).get("KHR_lights_punctual") or {}).get(
            "lights"
        ) or []
        index = extension.get("light")
        if not isinstance(index, int) or not 0 <= index < len(lights):
            raise self._fail("LITE-GLTF-002", f"Invalid index ({index})", extension_context)
        light_json = lights[index]
        name = light_json.get("name") or tn.name
        kind = light_json.get("type")
        light: Light
        if kind == "directional":
            directional = DirectionalLight(name, Vector3.Backward(), self._scene)
            directional.position.setAll(0)
            light = directional
        elif kind == "point":
            light = PointLight(name, Vector3.Zero(), self._scene)
        elif kind == "spot":
            spot = SpotLight(name, Vector3.Zero(), Vector3.Backward(), 0, 1, self._scene)
            cone = light_json.get("spot") or {}
            spot.angle = (cone.get("outerConeAngle") or math.pi / 4) * 2
            spot.innerAngle = (cone.get("innerConeAngle") or 0) * 2
            light = spot
        else:
            raise self._fail("LITE-GLTF-010", f"Invalid light type ({kind})", extension_context)
        self._own(light)
        self._lights[index] = light
        light.falloffType = Light.FALLOFF_GLTF
        color = light_json.get("color")
        light.diffuse = Color3.FromArray(color) if color else Color3(1, 1, 1)
        intensity = light_json.get("intensity")
        light.intensity = 1 if intensity is None else intensity
        light_range = light_json.get("range")
        light.range = MAX_VALUE if light_range is None else light_range
        light.parent = tn
        self._babylon_lights.append(light)
        self._add_pointer_metadata(light, extension_context)

    # -- skins -------------------------------------------------------------------------------

    def _load_skin(
        self, node_index: int, skin_index: int, babylon_mesh: TransformNode, for_skin: TransformNode
    ) -> None:
        """``_loadSkinAsync`` and the parenting of the skinned mesh beside the skeleton root."""
        skeleton = self._skeletons.get(skin_index)
        if skeleton is None:
            skin = (self._gltf.get("skins") or [])[skin_index]
            skeleton = self._own(
                Skeleton(
                    skin.get("name") or f"skeleton{skin_index}",
                    f"skeleton{skin_index}",
                    self._scene,
                )
            )
            self._skeletons[skin_index] = skeleton
            self._load_bones(skin_index, skin, skeleton)
            ibm = skin.get("inverseBindMatrices")
            data = self._accessor(int(ibm)).tolist() if ibm is not None else None
            self._update_bone_matrices(skeleton, data)
        for babylon_primitive in self._primitive_meshes[node_index] or []:
            babylon_primitive.skeleton = skeleton

        def place_skinned_mesh() -> None:
            root_index = self._skin_skeleton.get(skin_index)
            if root_index is not None:
                parent_index = self._parent[root_index]
                if node_index == parent_index:
                    babylon_mesh.parent = for_skin.parent
                else:
                    babylon_mesh.parent = (
                        self._root if parent_index == -1 else self._tn[parent_index]
                    )
            else:
                babylon_mesh.parent = self._root

        self._post_scene_load_actions.append(place_skinned_mesh)

    def _path_to_root(self, index: int) -> list[int]:
        path: list[int] = []
        while index != -1:
            path.insert(0, index)
            index = self._parent[index]
        return path

    def _find_skeleton_root_node(self, joints: Sequence[int]) -> int | None:
        """Deepest common ancestor of the joints (``_findSkeletonRootNode``)."""
        if not joints:
            return None
        paths = {j: self._path_to_root(j) for j in joints}
        root: int | None = None
        i = 0
        while True:
            first = paths[joints[0]]
            if i >= len(first):
                return root
            candidate = first[i]
            for j in joints[1:]:
                path = paths[j]
                if i >= len(path) or path[i] != candidate:
                    return root
            root = candidate
            i += 1

    def _is_ancestor(self, ancestor: int, node: int) -> bool:
        parent = self._parent[node]
        while parent != -1:
            if parent == ancestor:
                return True
            parent = self._parent[parent]
        return False

    def _load_bones(self, skin_index: int, skin: Mapping[str, Any], skeleton: Skeleton) -> None:
        joints = [int(j) for j in skin.get("joints") or []]
        skeleton_node = skin.get("skeleton")
        if skeleton_node is None or self._opts.alwaysComputeSkeletonRootNode:
            root = self._find_skeleton_root_node(joints)
            if root is not None:
                if skeleton_node is None:
                    skeleton_node = root
                elif skeleton_node != root and not self._is_ancestor(skeleton_node, root):
                    # Babylon.js: "Overriding with nearest common ancestor".
                    skeleton_node = root
        self._skin_skeleton[skin_index] = skeleton_node
        bones: dict[int, Bone] = {}
        for joint in joints:
            self._load_bone(joint, joints, skeleton_node, skeleton, bones)

    def _load_bone(
        self,
        index: int,
        joints: list[int],
        skeleton_node: int | None,
        skeleton: Skeleton,
        bones: dict[int, Bone],
    ) -> Bone:
        self._is_joint[index] = True
        bone = bones.get(index)
        if bone is not None:
            return bone
        parent_bone: Bone | None = None
        if index != skeleton_node:
            parent = self._parent[index]
            if parent != -1:
                parent_bone = self._load_bone(parent, joints, skeleton_node, skeleton, bones)
        node = self._nodes[index]
        bone_index = joints.index(index) if index in joints else -1
        bone = Bone(
            node.get("name") or f"joint{index}",
            skeleton,
            parent_bone,
            self._node_matrix(node),
            None,
            None,
            bone_index,
        )
        bones[index] = bone

        def link() -> None:
            bone.linkTransformNode(self._tn[index])

        self._post_scene_load_actions.append(link)
        return bone

    @staticmethod
    def _update_bone_matrices(skeleton: Skeleton, data: list[float] | None) -> None:
        """``_updateBoneMatrices``: bind matrices from the inverse bind matrices."""
        for bone in skeleton.bones:
            base = Matrix.Identity()
            index = bone._index
            if data is not None and index is not None and index != -1:
                Matrix.FromArrayToRef(data, index * 16, base)
                base.invertToRef(base)
            parent = bone.getParent()
            if parent is not None:
                base.multiplyToRef(parent.getAbsoluteInverseBindMatrix(), base)
            bone.updateMatrix(base, False, False)
            bone._updateAbsoluteBindMatrices(None, False)

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

    # -- results -----------------------------------------------------------------------------

    def result(self) -> ISceneLoaderAsyncResult:
        """What ``importMeshAsync`` resolves with (Babylon's order)."""
        meshes: list[Any] = [self._root]
        transform_nodes: list[TransformNode] = []
        geometries: list[Any] = []
        for i in range(len(self._nodes)):
            for babylon_mesh in self._primitive_meshes[i] or []:
                meshes.append(babylon_mesh)
                geometry = babylon_mesh.geometry
                if geometry is not None and all(g is not geometry for g in geometries):
                    geometries.append(geometry)
            tn = self._tn[i]
            if tn is not None and tn.getClassName() == "TransformNode":
                transform_nodes.append(tn)
            for_skin = self._tn_for_skin[i]
            if for_skin is not None:
                transform_nodes.append(for_skin)
        skeletons = [
            self._skeletons[s]
            for s in range(len(self._gltf.get("skins") or []))
            if s in self._skeletons
        ]
        return ISceneLoaderAsyncResult(
            meshes=meshes,
            skeletons=skeletons,
            animationGroups=list(self._groups),
            lights=list(self._babylon_lights),
            transformNodes=transform_nodes,
            geometries=geometries,
        )

    def fill_container(self, container: AssetContainer) -> None:
        """``GLTFFileLoader.loadAssetContainerAsync``: the result lists plus the materials,
        cameras and morph target managers created while loading."""
        result = self.result()
        container.geometries.extend(result.geometries)
        container.meshes.extend(result.meshes)
        container.skeletons.extend(result.skeletons)
        container.animationGroups.extend(result.animationGroups)
        container.materials.extend(self._loaded_materials)
        container.textures.extend(self._loaded_textures)
        container.lights.extend(result.lights)
        container.transformNodes.extend(result.transformNodes)
        container.cameras.extend(self._loaded_cameras)
        container.morphTargetManagers.extend(self._loaded_morph_managers)
