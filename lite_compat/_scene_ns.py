"""Private aggregator for the scene-object parity scenarios.

Use as ``import lite_compat._scene_ns as BABYLON``: the scene objects
(:mod:`lite_compat.scene_objects`), the math types and ``NullEngine``/``Scene``, so a scenario
reads like the JavaScript it ports until ``lite_compat/__init__.py`` re-exports these names.
"""

from __future__ import annotations

from lite_compat.math import Color3, Color4, Matrix, Quaternion, Vector2, Vector3, Vector4
from lite_compat.scene import NullEngine, Scene
from lite_compat.scene_objects import (
    AbstractMesh,
    ArcRotateCamera,
    Camera,
    DirectionalLight,
    FreeCamera,
    GroundMesh,
    HemisphericLight,
    Light,
    Material,
    Mesh,
    MeshBuilder,
    Node,
    PointLight,
    ShadowLight,
    Space,
    StandardMaterial,
    TargetCamera,
    TransformNode,
    VertexBuffer,
    VertexData,
)

__all__ = [
    "AbstractMesh",
    "ArcRotateCamera",
    "Camera",
    "Color3",
    "Color4",
    "DirectionalLight",
    "FreeCamera",
    "GroundMesh",
    "HemisphericLight",
    "Light",
    "Material",
    "Matrix",
    "Mesh",
    "MeshBuilder",
    "Node",
    "NullEngine",
    "PointLight",
    "Quaternion",
    "Scene",
    "ShadowLight",
    "Space",
    "StandardMaterial",
    "TargetCamera",
    "TransformNode",
    "Vector2",
    "Vector3",
    "Vector4",
    "VertexBuffer",
    "VertexData",
]
