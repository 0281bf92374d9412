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
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

import numpy as np

from lite.errors import UnsupportedError
from lite_compat.bones.bone import Bone
from lite_compat.bones.skeleton import Skeleton
from lite_compat.cameras.camera import Camera
from lite_compat.cameras.free_camera import FreeCamera
from lite_compat.engines.engine_store import scene_flag
from lite_compat.lights.directional_light import DirectionalLight
from lite_compat.lights.light import Light
from lite_compat.lights.point_light import PointLight
from lite_compat.lights.spot_light import SpotLight
from lite_compat.loading.gltf_animations import GLTFAnimationLoading
from lite_compat.loading.gltf_options import (
    GLTFLoaderAnimationStartMode,
    GLTFLoaderCoordinateSystemMode,
    _Options,
)
from lite_compat.loading.gltf_textures import load_material_textures
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
class _Loaded:
    document: GltfDocument  # lite's one validated read (accessors decoded once, on demand)
    gltf: dict[str, Any]
    url: str
    size: int


class _GLTFLoader(GLTFAnimationLoading):
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
