"""lite_compat: a Babylon.js 9.31-shaped facade over ``lite``.

``import lite_compat as BABYLON`` and port a Babylon.js animation script line for line:
Babylon's class names, camelCase members, argument order, defaults and constant values.
See docs/compat.md for what changes in a port and what stays.

The package follows Babylon.js's own folders: :mod:`lite_compat.math`,
:mod:`lite_compat.animations`, :mod:`lite_compat.scene`, the scene objects
(:mod:`lite_compat.nodes`, :mod:`lite_compat.meshes`, :mod:`lite_compat.cameras`,
:mod:`lite_compat.lights`, :mod:`lite_compat.materials`, :mod:`lite_compat.bones`,
:mod:`lite_compat.morph`) and :mod:`lite_compat.loading`, over :mod:`lite_compat._js`
(JavaScript number semantics) and :mod:`lite_compat.observable`. This module re-exports the
public names.
"""

from __future__ import annotations

from lite_compat import _module_functions, _moved
from lite_compat._module_functions import *  # noqa: F403 - Babylon.js 9's flat aliases
from lite_compat._refusal import module_refusals
from lite_compat._top_level import TOP_LEVEL_REFUSALS
from lite_compat.animations.animatable import Animatable
from lite_compat.animations.animation import (
    Animation,
    AnimationEvent,
    AnimationKeyInterpolation,
    AnimationRange,
    IAnimationKey,
)
from lite_compat.animations.animation_group import (
    AnimationGroup,
    AnimationGroupMask,
    AnimationGroupMaskMode,
    TargetedAnimation,
)
from lite_compat.animations.animation_properties_override import AnimationPropertiesOverride
from lite_compat.animations.easing import (
    BackEase,
    BezierCurveEase,
    BounceEase,
    CircleEase,
    CubicEase,
    EasingFunction,
    ElasticEase,
    ExponentialEase,
    IEasingFunction,
    PowerEase,
    QuadraticEase,
    QuarticEase,
    QuinticEase,
    SineEase,
)
from lite_compat.animations.late_binding import RegisterTargetForLateAnimationBinding
from lite_compat.animations.runtime_animation import RuntimeAnimation
from lite_compat.bones.bone import Bone
from lite_compat.bones.bone_ik_controller import BoneIKController
from lite_compat.bones.bone_look_controller import BoneLookController
from lite_compat.bones.skeleton import Skeleton
from lite_compat.cameras.arc_rotate_camera import ArcRotateCamera, ComputeAlpha, ComputeBeta
from lite_compat.cameras.camera import Camera
from lite_compat.cameras.camera_projection import Viewport
from lite_compat.cameras.free_camera import FreeCamera
from lite_compat.cameras.target_camera import TargetCamera
from lite_compat.cameras.touch_camera import TouchCamera
from lite_compat.cameras.universal_camera import UniversalCamera
from lite_compat.engines.abstract_engine import (
    AbstractEngine,
    PerformanceMonitor,
    QueueNewFrame,
    RollingAverage,
)
from lite_compat.engines.constants import Constants
from lite_compat.engines.engine_store import Engine, EngineStore, NullEngine
from lite_compat.lights.directional_light import DirectionalLight
from lite_compat.lights.hemispheric_light import HemisphericLight
from lite_compat.lights.light import Light
from lite_compat.lights.point_light import PointLight
from lite_compat.lights.shadow_light import ShadowLight
from lite_compat.lights.spot_light import SpotLight
from lite_compat.loading.scene_loader import (
    AppendSceneAsync,
    GLTFLoaderAnimationStartMode,
    GLTFLoaderCoordinateSystemMode,
    ImportAnimationsAsync,
    ImportMeshAsync,
    ISceneLoaderAsyncResult,
    ISceneLoaderProgressEvent,
    LoadAssetContainerAsync,
    LoadSceneAsync,
    SceneLoader,
    SceneLoaderAnimationGroupLoadingMode,
)
from lite_compat.loading.scene_loader_functions import (
    GetRegisteredSceneLoaderPluginMetadata,
    RegisterSceneLoaderPlugin,
    appendSceneAsync,
    importAnimationsAsync,
    loadAssetContainerAsync,
    loadSceneAsync,
    registerSceneLoaderPlugin,
)
from lite_compat.materials.material import Material
from lite_compat.materials.pbr_material import PBRMaterial
from lite_compat.materials.standard_material import StandardMaterial
from lite_compat.materials.textures.texture import Texture
from lite_compat.math import (
    PHI,
    Angle,
    Color3,
    Color4,
    Curve3,
    Epsilon,
    Matrix,
    Path3D,
    Quaternion,
    Scalar,
    Size,
    TmpColors,
    TmpVectors,
    ToGammaSpace,
    ToLinearSpace,
    Vector2,
    Vector3,
    Vector4,
)
from lite_compat.math.vector_functions import (
    Vector3CopyToRef,
    Vector3Distance,
    Vector3DistanceSquared,
    Vector3Dot,
    Vector3FromFloatsToRef,
    Vector3Length,
    Vector3LengthSquared,
    Vector3LerpToRef,
    Vector3NormalizeToRef,
    Vector3ScaleInPlace,
    Vector3ScaleToRef,
    Vector3SignedDistanceToPlaneFromPositionAndNormal,
    Vector3SubtractToRef,
    Vector4Dot,
)
from lite_compat.meshes.abstract_mesh import AbstractMesh
from lite_compat.meshes.bounding_box import BoundingBox
from lite_compat.meshes.bounding_info import BoundingInfo, extractMinAndMax
from lite_compat.meshes.bounding_sphere import BoundingSphere
from lite_compat.meshes.builders.mesh_builder import MeshBuilder
from lite_compat.meshes.builders.shapes_basic import (
    CreateCylinderVertexData,
    CreateDiscVertexData,
    CreateTorusKnotVertexData,
    CreateTorusVertexData,
)
from lite_compat.meshes.builders.shapes_geodesic import CreateGoldbergVertexData, GoldbergMesh
from lite_compat.meshes.builders.shapes_lines import (
    CreateDashedLinesVertexData,
    CreateLineSystemVertexData,
    LinesMesh,
)
from lite_compat.meshes.builders.shapes_polygon import CreatePolygonVertexData
from lite_compat.meshes.builders.shapes_ribbon import CreateRibbonVertexData
from lite_compat.meshes.builders.shapes_solid import (
    CreateCapsuleVertexData,
    CreateIcoSphereVertexData,
    CreatePolyhedronVertexData,
)
from lite_compat.meshes.builders.shapes_text import CreateTextShapePaths
from lite_compat.meshes.builders.shapes_tiled import (
    CreateGroundFromHeightMapVertexData,
    CreateTiledBoxVertexData,
    CreateTiledGroundVertexData,
    CreateTiledPlaneVertexData,
)
from lite_compat.meshes.geometry import Geometry
from lite_compat.meshes.ground_mesh import GroundMesh
from lite_compat.meshes.instanced_mesh import InstancedMesh
from lite_compat.meshes.mesh import Mesh
from lite_compat.meshes.mesh_create import MeshCreateStatics
from lite_compat.meshes.mesh_members import MeshLODLevel
from lite_compat.meshes.mesh_simplification import (
    QuadraticErrorSimplification,
    SimplificationQueue,
    SimplificationSettings,
    SimplificationType,
)
from lite_compat.meshes.sub_mesh import SubMesh
from lite_compat.meshes.vertex_data import VertexBuffer, VertexData
from lite_compat.morph.morph_target import MorphTarget
from lite_compat.morph.morph_target_manager import MorphTargetManager
from lite_compat.motion.animator_avatar import AnimatorAvatar
from lite_compat.motion.root_motion import RootMotionClip, RootMotionSource
from lite_compat.motion.root_motion_controller import RootMotionController
from lite_compat.nodes.node import Axis, Node, Space
from lite_compat.nodes.transform_node import TransformNode
from lite_compat.observable import EventState, Observable, Observer
from lite_compat.scene.asset_container import (
    AbstractAssetContainer,
    AssetContainer,
    InstantiatedEntries,
    KeepAssets,
)
from lite_compat.scene.scene import PrecisionDate, Scene
from lite_compat.scene.string_tools import (
    DecodeBase64ToBinary,
    DecodeBase64ToString,
    EncodeArrayBufferToBase64,
    EndsWith,
    IsDocumentAvailable,
    IsNavigatorAvailable,
    IsWindowObjectExist,
    PadNumber,
    StartsWith,
    Vector2ToFixed,
    Vector3ToFixed,
    Vector4ToFixed,
)
from lite_compat.scene.tools import Tools

__all__ = [
    "Constants",
    "Vector3CopyToRef",
    "Vector3Distance",
    "Vector3DistanceSquared",
    "Vector3Dot",
    "Vector3FromFloatsToRef",
    "Vector3Length",
    "Vector3LengthSquared",
    "Vector3LerpToRef",
    "Vector3NormalizeToRef",
    "Vector3ScaleInPlace",
    "Vector3ScaleToRef",
    "Vector3SignedDistanceToPlaneFromPositionAndNormal",
    "Vector3SubtractToRef",
    "Vector4Dot",
    "Vector2ToFixed",
    "Vector3ToFixed",
    "Vector4ToFixed",
    "RegisterTargetForLateAnimationBinding",
    "SubMesh",
    "extractMinAndMax",
    "ComputeAlpha",
    "ComputeBeta",
    "Geometry",
    "MeshLODLevel",
    "CreateCylinderVertexData",
    "CreateDiscVertexData",
    "CreateTorusKnotVertexData",
    "CreateTorusVertexData",
    "CreateGoldbergVertexData",
    "GoldbergMesh",
    "CreateDashedLinesVertexData",
    "CreateLineSystemVertexData",
    "LinesMesh",
    "CreatePolygonVertexData",
    "CreateRibbonVertexData",
    "CreateCapsuleVertexData",
    "CreateIcoSphereVertexData",
    "CreatePolyhedronVertexData",
    "CreateTextShapePaths",
    "CreateGroundFromHeightMapVertexData",
    "CreateTiledBoxVertexData",
    "CreateTiledGroundVertexData",
    "CreateTiledPlaneVertexData",
    "KeepAssets",
    "AbstractEngine",
    "PerformanceMonitor",
    "QueueNewFrame",
    "RollingAverage",
    "GetRegisteredSceneLoaderPluginMetadata",
    "RegisterSceneLoaderPlugin",
    "appendSceneAsync",
    "importAnimationsAsync",
    "loadAssetContainerAsync",
    "loadSceneAsync",
    "registerSceneLoaderPlugin",
    "BoundingBox",
    "BoundingInfo",
    "BoundingSphere",
    "DecodeBase64ToBinary",
    "DecodeBase64ToString",
    "EncodeArrayBufferToBase64",
    "EndsWith",
    "IsDocumentAvailable",
    "IsNavigatorAvailable",
    "IsWindowObjectExist",
    "PadNumber",
    "StartsWith",
    "PHI",
    "AbstractAssetContainer",
    "AbstractMesh",
    "Angle",
    "Animatable",
    "Animation",
    "AnimationEvent",
    "AnimationGroup",
    "AnimationGroupMask",
    "AnimationGroupMaskMode",
    "AnimationKeyInterpolation",
    "AnimationPropertiesOverride",
    "AnimationRange",
    "AnimatorAvatar",
    "AppendSceneAsync",
    "ArcRotateCamera",
    "AssetContainer",
    "Axis",
    "BackEase",
    "BezierCurveEase",
    "Bone",
    "BoneIKController",
    "BoneLookController",
    "BounceEase",
    "Camera",
    "CircleEase",
    "Color3",
    "Color4",
    "CubicEase",
    "Curve3",
    "DirectionalLight",
    "EasingFunction",
    "ElasticEase",
    "Engine",
    "EngineStore",
    "Epsilon",
    "EventState",
    "ExponentialEase",
    "FreeCamera",
    "GLTFLoaderAnimationStartMode",
    "GLTFLoaderCoordinateSystemMode",
    "GroundMesh",
    "HemisphericLight",
    "IAnimationKey",
    "IEasingFunction",
    "ISceneLoaderAsyncResult",
    "ISceneLoaderProgressEvent",
    "ImportAnimationsAsync",
    "ImportMeshAsync",
    "InstancedMesh",
    "InstantiatedEntries",
    "Light",
    "LoadAssetContainerAsync",
    "LoadSceneAsync",
    "Material",
    "Matrix",
    "Mesh",
    "MeshBuilder",
    "QuadraticErrorSimplification",
    "SimplificationQueue",
    "SimplificationSettings",
    "SimplificationType",
    "MorphTarget",
    "MorphTargetManager",
    "Node",
    "NullEngine",
    "Observable",
    "Observer",
    "PBRMaterial",
    "Path3D",
    "PointLight",
    "PowerEase",
    "PrecisionDate",
    "QuadraticEase",
    "QuarticEase",
    "Quaternion",
    "QuinticEase",
    "RootMotionClip",
    "RootMotionController",
    "RootMotionSource",
    "RuntimeAnimation",
    "Scalar",
    "Scene",
    "SceneLoader",
    "SceneLoaderAnimationGroupLoadingMode",
    "ShadowLight",
    "SineEase",
    "Size",
    "Skeleton",
    "Space",
    "SpotLight",
    "StandardMaterial",
    "TargetCamera",
    "TargetedAnimation",
    "Texture",
    "TmpColors",
    "TmpVectors",
    "ToGammaSpace",
    "ToLinearSpace",
    "Tools",
    "TouchCamera",
    "TransformNode",
    "UniversalCamera",
    "Vector2",
    "Vector3",
    "Vector4",
    "VertexBuffer",
    "VertexData",
    "Viewport",
]

__all__ += _module_functions.__all__  # the flat aliases, listed there

# Every other top-level name of @babylonjs/core a script can reach as BABYLON.X: reading one
# raises lite.UnsupportedError with the code of its reason (lite_compat._top_level).
__getattr__, top_level_refusal = module_refusals("lite_compat", TOP_LEVEL_REFUSALS)

# Babylon.js's animation module installs the range factory on Node (animation.pure.js:
# ``Node._AnimationRangeFactory = (name, from, to) => new AnimationRange(name, from, to)``);
# here the package root does, since nodes never import animations.
Node._AnimationRangeFactory = AnimationRange
Node._AnimationClass = Animation
MorphTarget._AnimationClass = Animation
# Babylon.js's builder side effects give Mesh its positional Create* statics.
MeshCreateStatics._MeshBuilder = MeshBuilder

# Old lite_compat.nodes.* module paths resolve to their new homes, with a DeprecationWarning
# (lite_compat._moved); installed last, once every new module is imported.
_moved.install()
