"""Babylon.js meshes (``Meshes/``): meshes, instances, geometry, vertex data, bounding info.

Port of ``@babylonjs/core`` 9.31 ``Meshes/`` (``abstractMesh``, ``mesh``, ``groundMesh``,
``instancedMesh``, ``thinInstanceMesh``, ``subMesh``, ``geometry``, ``mesh.vertexData``,
``meshSimplification``) and ``Culling/boundingInfo`` (the parts a headless script observes).
The shape builders are :mod:`lite_compat.meshes.builders`.
"""

from __future__ import annotations

from lite_compat.meshes.abstract_mesh import AbstractMesh
from lite_compat.meshes.bounding_box import BoundingBox
from lite_compat.meshes.bounding_info import BoundingInfo, extractMinAndMax
from lite_compat.meshes.bounding_sphere import BoundingSphere
from lite_compat.meshes.geometry import Geometry
from lite_compat.meshes.ground_mesh import GroundMesh
from lite_compat.meshes.instanced_mesh import InstancedMesh
from lite_compat.meshes.mesh import Mesh
from lite_compat.meshes.mesh_members import MeshLODLevel
from lite_compat.meshes.mesh_simplification import (
    QuadraticErrorSimplification,
    SimplificationQueue,
    SimplificationSettings,
    SimplificationType,
)
from lite_compat.meshes.sub_mesh import SubMesh
from lite_compat.meshes.vertex_data import VertexBuffer, VertexData

__all__ = [
    "AbstractMesh",
    "BoundingBox",
    "BoundingInfo",
    "BoundingSphere",
    "Geometry",
    "GroundMesh",
    "InstancedMesh",
    "Mesh",
    "MeshLODLevel",
    "QuadraticErrorSimplification",
    "SimplificationQueue",
    "SimplificationSettings",
    "SimplificationType",
    "SubMesh",
    "VertexBuffer",
    "VertexData",
    "extractMinAndMax",
]
