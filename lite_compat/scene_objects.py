"""Babylon.js scene objects in one namespace: nodes, meshes, builders, materials, cameras, lights.

The classes live in :mod:`lite_compat.nodes.node`, :mod:`lite_compat.nodes.mesh`,
:mod:`lite_compat.nodes.mesh_builder`, :mod:`lite_compat.nodes.materials`, :mod:`lite_compat.nodes.cameras` and
:mod:`lite_compat.nodes.lights` (one module per Babylon.js area); this module gathers them so that
``lite_compat/__init__.py`` can re-export them with one import.
"""

from __future__ import annotations

from lite_compat.nodes.cameras import ArcRotateCamera, Camera, FreeCamera, TargetCamera
from lite_compat.nodes.lights import (
    DirectionalLight,
    HemisphericLight,
    Light,
    PointLight,
    ShadowLight,
)
from lite_compat.nodes.materials import Material, StandardMaterial
from lite_compat.nodes.mesh import AbstractMesh, GroundMesh, Mesh
from lite_compat.nodes.mesh_builder import MeshBuilder
from lite_compat.nodes.node import Node, Space, TransformNode
from lite_compat.nodes.vertex_data import VertexBuffer, VertexData

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
