"""Babylon.js scene objects in one namespace: nodes, meshes, builders, materials, cameras, lights.

The classes live in :mod:`lite_compat.node`, :mod:`lite_compat.mesh`,
:mod:`lite_compat.mesh_builder`, :mod:`lite_compat.materials`, :mod:`lite_compat.cameras` and
:mod:`lite_compat.lights` (one module per Babylon.js area); this module gathers them so that
``lite_compat/__init__.py`` can re-export them with one import.
"""

from __future__ import annotations

from lite_compat.cameras import ArcRotateCamera, Camera, FreeCamera, TargetCamera
from lite_compat.lights import DirectionalLight, HemisphericLight, Light, PointLight, ShadowLight
from lite_compat.materials import Material, StandardMaterial
from lite_compat.mesh import AbstractMesh, GroundMesh, Mesh, VertexBuffer, VertexData
from lite_compat.mesh_builder import MeshBuilder
from lite_compat.node import Node, Space, TransformNode

__all__ = [
    "AbstractMesh",
    "ArcRotateCamera",
    "Camera",
    "DirectionalLight",
    "FreeCamera",
    "GroundMesh",
    "HemisphericLight",
    "Light",
    "Material",
    "Mesh",
    "MeshBuilder",
    "Node",
    "PointLight",
    "ShadowLight",
    "Space",
    "StandardMaterial",
    "TargetCamera",
    "TransformNode",
    "VertexBuffer",
    "VertexData",
]
