"""Babylon.js 9's module-level functions that are another name for a static lite_compat has.

Babylon.js 9.31 exports its statics a second time as tree-shakable functions
(``CreateBox`` is ``MeshBuilder.CreateBox``, ``Lerp`` is ``Scalar.Lerp``, ``AnimationParse`` is
``Animation.Parse``, ``CreateBoxVertexData`` is ``VertexData.CreateBox``), and registers its
pure modules with ``Register*()`` functions (``RegisterMesh()``, ``RegisterBoxBuilder()``).
Here each such function is the same object as the static, and each registration of a class
lite_compat provides is a no-op (everything is registered on import). The ``Vector3*``
functions are not aliases (they take any ``{x, y, z}`` and differ from the statics in the last
bit): :mod:`lite_compat.math.vector_functions`. Written once from
``parity/surface/manifest.json``'s top-level names (those whose static lite_compat has), then
kept by hand.
"""

from __future__ import annotations

from collections.abc import Callable

from lite_compat.animations.animation import Animation
from lite_compat.animations.animation_group import AnimationGroup
from lite_compat.cameras.camera import Camera
from lite_compat.math import Scalar
from lite_compat.meshes.builders.mesh_builder import MeshBuilder
from lite_compat.meshes.vertex_data import VertexBuffer, VertexData
from lite_compat.nodes.transform_node import TransformNode

__all__ = [
    "AnimationAppendSerializedAnimations",
    "AnimationCreateAndStartAnimation",
    "AnimationCreateAndStartHierarchyAnimation",
    "AnimationCreateAnimation",
    "AnimationCreateMergeAndStartAnimation",
    "AnimationGroupClipFrames",
    "AnimationGroupClipFramesInPlace",
    "AnimationGroupClipInPlace",
    "AnimationGroupClipKeys",
    "AnimationGroupClipKeysInPlace",
    "AnimationGroupMakeAnimationAdditive",
    "AnimationGroupMergeAnimationGroups",
    "AnimationGroupParse",
    "AnimationMakeAnimationAdditive",
    "AnimationParse",
    "AnimationTransitionTo",
    "CameraParse",
    "Clamp",
    "CreateBox",
    "CreateBoxVertexData",
    "CreateCapsule",
    "CreateCylinder",
    "CreateDashedLines",
    "CreateDecal",
    "CreateDisc",
    "CreateGeodesic",
    "CreateGoldberg",
    "CreateGround",
    "CreateGroundFromHeightMap",
    "CreateGroundVertexData",
    "CreateIcoSphere",
    "CreateLathe",
    "CreateLineSystem",
    "CreateLines",
    "CreatePlane",
    "CreatePlaneVertexData",
    "CreatePolygon",
    "CreatePolyhedron",
    "CreateRibbon",
    "CreateSphere",
    "CreateSphereVertexData",
    "CreateText",
    "CreateTiledBox",
    "CreateTiledGround",
    "CreateTiledPlane",
    "CreateTorus",
    "CreateTorusKnot",
    "CreateTube",
    "DeltaAngle",
    "Denormalize",
    "ExtractAsInt",
    "ExtrudePolygon",
    "ExtrudeShape",
    "ExtrudeShapeCustom",
    "Hermite",
    "Hermite1stDerivative",
    "HighestCommonFactor",
    "ILog2",
    "InverseLerp",
    "Lerp",
    "LerpAngle",
    "MoveTowards",
    "MoveTowardsAngle",
    "Normalize",
    "NormalizeRadians",
    "OutsideRange",
    "PercentToRange",
    "PingPong",
    "RandomRange",
    "RangeToPercent",
    "RegisterAbstractMesh",
    "RegisterAnimatable",
    "RegisterAnimation",
    "RegisterAnimationGroup",
    "RegisterArcRotateCamera",
    "RegisterBoxBuilder",
    "RegisterCamera",
    "RegisterCapsuleBuilder",
    "RegisterCylinderBuilder",
    "RegisterDecalBuilder",
    "RegisterDirectionalLight",
    "RegisterDiscBuilder",
    "RegisterFreeCamera",
    "RegisterGroundBuilder",
    "RegisterGroundMesh",
    "RegisterHemisphericLight",
    "RegisterIcoSphereBuilder",
    "RegisterInstancedMesh",
    "RegisterLatheBuilder",
    "RegisterLinesBuilder",
    "RegisterMathColor",
    "RegisterMathVector",
    "RegisterMesh",
    "RegisterMeshSimplificationSceneComponent",
    "RegisterPBRMaterial",
    "RegisterPlaneBuilder",
    "RegisterPointLight",
    "RegisterPolygonBuilder",
    "RegisterPolyhedronBuilder",
    "RegisterRibbonBuilder",
    "RegisterScene",
    "RegisterSceneHelpers",
    "RegisterSphereBuilder",
    "RegisterSpotLight",
    "RegisterStandardMaterial",
    "RegisterTargetCamera",
    "RegisterTexture",
    "RegisterTiledBoxBuilder",
    "RegisterTiledPlaneBuilder",
    "RegisterTools",
    "RegisterTorusBuilder",
    "RegisterTorusKnotBuilder",
    "RegisterTouchCamera",
    "RegisterTransformNode",
    "RegisterTubeBuilder",
    "RegisterUniversalCamera",
    "RegisterVertexBuffer",
    "Repeat",
    "SmoothStep",
    "ToHex",
    "TransformNodeParse",
    "VertexBufferDeduceStride",
    "WithinEpsilon",
]


def _registration(name: str) -> Callable[[], None]:
    def register() -> None:
        return None

    register.__name__ = register.__qualname__ = name
    register.__doc__ = (
        f"Babylon.js ``{name}()``: registers a pure module; a no-op here (lite_compat "
        "registers every class it provides on import)."
    )
    return register


AnimationAppendSerializedAnimations = Animation.AppendSerializedAnimations
AnimationCreateAndStartAnimation = Animation.CreateAndStartAnimation
AnimationCreateAndStartHierarchyAnimation = Animation.CreateAndStartHierarchyAnimation
AnimationCreateAnimation = Animation.CreateAnimation
AnimationCreateMergeAndStartAnimation = Animation.CreateMergeAndStartAnimation
AnimationGroupClipFrames = AnimationGroup.ClipFrames
AnimationGroupClipFramesInPlace = AnimationGroup.ClipFramesInPlace
AnimationGroupClipInPlace = AnimationGroup.ClipInPlace
AnimationGroupClipKeys = AnimationGroup.ClipKeys
AnimationGroupClipKeysInPlace = AnimationGroup.ClipKeysInPlace
AnimationGroupMakeAnimationAdditive = AnimationGroup.MakeAnimationAdditive
AnimationGroupMergeAnimationGroups = AnimationGroup.MergeAnimationGroups
AnimationGroupParse = AnimationGroup.Parse
AnimationMakeAnimationAdditive = Animation.MakeAnimationAdditive
AnimationParse = Animation.Parse
AnimationTransitionTo = Animation.TransitionTo
CameraParse = Camera.Parse
Clamp = Scalar.Clamp
CreateBox = MeshBuilder.CreateBox
CreateBoxVertexData = VertexData.CreateBox
CreateCapsule = MeshBuilder.CreateCapsule
CreateCylinder = MeshBuilder.CreateCylinder
CreateDashedLines = MeshBuilder.CreateDashedLines
CreateDecal = MeshBuilder.CreateDecal
CreateDisc = MeshBuilder.CreateDisc
CreateGeodesic = MeshBuilder.CreateGeodesic
CreateGoldberg = MeshBuilder.CreateGoldberg
CreateGround = MeshBuilder.CreateGround
CreateGroundFromHeightMap = MeshBuilder.CreateGroundFromHeightMap
CreateGroundVertexData = VertexData.CreateGround
CreateIcoSphere = MeshBuilder.CreateIcoSphere
CreateLathe = MeshBuilder.CreateLathe
CreateLineSystem = MeshBuilder.CreateLineSystem
CreateLines = MeshBuilder.CreateLines
CreatePlane = MeshBuilder.CreatePlane
CreatePlaneVertexData = VertexData.CreatePlane
CreatePolygon = MeshBuilder.CreatePolygon
CreatePolyhedron = MeshBuilder.CreatePolyhedron
CreateRibbon = MeshBuilder.CreateRibbon
CreateSphere = MeshBuilder.CreateSphere
CreateSphereVertexData = VertexData.CreateSphere
CreateText = MeshBuilder.CreateText
CreateTiledBox = MeshBuilder.CreateTiledBox
CreateTiledGround = MeshBuilder.CreateTiledGround
CreateTiledPlane = MeshBuilder.CreateTiledPlane
CreateTorus = MeshBuilder.CreateTorus
CreateTorusKnot = MeshBuilder.CreateTorusKnot
CreateTube = MeshBuilder.CreateTube
DeltaAngle = Scalar.DeltaAngle
Denormalize = Scalar.Denormalize
ExtractAsInt = Scalar.ExtractAsInt
ExtrudePolygon = MeshBuilder.ExtrudePolygon
ExtrudeShape = MeshBuilder.ExtrudeShape
ExtrudeShapeCustom = MeshBuilder.ExtrudeShapeCustom
Hermite = Scalar.Hermite
Hermite1stDerivative = Scalar.Hermite1stDerivative
HighestCommonFactor = Scalar.HighestCommonFactor
ILog2 = Scalar.ILog2
InverseLerp = Scalar.InverseLerp
Lerp = Scalar.Lerp
LerpAngle = Scalar.LerpAngle
MoveTowards = Scalar.MoveTowards
MoveTowardsAngle = Scalar.MoveTowardsAngle
Normalize = Scalar.Normalize
NormalizeRadians = Scalar.NormalizeRadians
OutsideRange = Scalar.OutsideRange
PercentToRange = Scalar.PercentToRange
PingPong = Scalar.PingPong
RandomRange = Scalar.RandomRange
RangeToPercent = Scalar.RangeToPercent
Repeat = Scalar.Repeat
SmoothStep = Scalar.SmoothStep
ToHex = Scalar.ToHex
TransformNodeParse = TransformNode.Parse
VertexBufferDeduceStride = VertexBuffer.DeduceStride
WithinEpsilon = Scalar.WithinEpsilon

RegisterAbstractMesh = _registration("RegisterAbstractMesh")
RegisterAnimatable = _registration("RegisterAnimatable")
RegisterAnimation = _registration("RegisterAnimation")
RegisterAnimationGroup = _registration("RegisterAnimationGroup")
RegisterArcRotateCamera = _registration("RegisterArcRotateCamera")
RegisterBoxBuilder = _registration("RegisterBoxBuilder")
RegisterCamera = _registration("RegisterCamera")
RegisterCapsuleBuilder = _registration("RegisterCapsuleBuilder")
RegisterCylinderBuilder = _registration("RegisterCylinderBuilder")
RegisterDecalBuilder = _registration("RegisterDecalBuilder")
RegisterDirectionalLight = _registration("RegisterDirectionalLight")
RegisterDiscBuilder = _registration("RegisterDiscBuilder")
RegisterFreeCamera = _registration("RegisterFreeCamera")
RegisterGroundBuilder = _registration("RegisterGroundBuilder")
RegisterGroundMesh = _registration("RegisterGroundMesh")
RegisterHemisphericLight = _registration("RegisterHemisphericLight")
RegisterIcoSphereBuilder = _registration("RegisterIcoSphereBuilder")
RegisterInstancedMesh = _registration("RegisterInstancedMesh")
RegisterLatheBuilder = _registration("RegisterLatheBuilder")
RegisterLinesBuilder = _registration("RegisterLinesBuilder")
RegisterMathColor = _registration("RegisterMathColor")
RegisterMathVector = _registration("RegisterMathVector")
RegisterMesh = _registration("RegisterMesh")
RegisterMeshSimplificationSceneComponent = _registration("RegisterMeshSimplificationSceneComponent")
RegisterPBRMaterial = _registration("RegisterPBRMaterial")
RegisterPlaneBuilder = _registration("RegisterPlaneBuilder")
RegisterPointLight = _registration("RegisterPointLight")
RegisterPolygonBuilder = _registration("RegisterPolygonBuilder")
RegisterPolyhedronBuilder = _registration("RegisterPolyhedronBuilder")
RegisterRibbonBuilder = _registration("RegisterRibbonBuilder")
RegisterScene = _registration("RegisterScene")
RegisterSceneHelpers = _registration("RegisterSceneHelpers")
RegisterSphereBuilder = _registration("RegisterSphereBuilder")
RegisterSpotLight = _registration("RegisterSpotLight")
RegisterStandardMaterial = _registration("RegisterStandardMaterial")
RegisterTargetCamera = _registration("RegisterTargetCamera")
RegisterTexture = _registration("RegisterTexture")
RegisterTiledBoxBuilder = _registration("RegisterTiledBoxBuilder")
RegisterTiledPlaneBuilder = _registration("RegisterTiledPlaneBuilder")
RegisterTools = _registration("RegisterTools")
RegisterTorusBuilder = _registration("RegisterTorusBuilder")
RegisterTorusKnotBuilder = _registration("RegisterTorusKnotBuilder")
RegisterTouchCamera = _registration("RegisterTouchCamera")
RegisterTransformNode = _registration("RegisterTransformNode")
RegisterTubeBuilder = _registration("RegisterTubeBuilder")
RegisterUniversalCamera = _registration("RegisterUniversalCamera")
RegisterVertexBuffer = _registration("RegisterVertexBuffer")
