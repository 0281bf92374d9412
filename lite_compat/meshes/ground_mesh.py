"""Babylon.js ``GroundMesh``: the mesh ``MeshBuilder.CreateGround`` returns.

Port of ``@babylonjs/core`` 9.31 ``Meshes/groundMesh.pure.js`` (its subdivisions and sizes;
height queries read the vertex data).
"""

from __future__ import annotations

from lite_compat.meshes.mesh import Mesh
from lite_compat.meshes.mesh_serialize import MeshSerializeMembers

__all__ = ["GroundMesh"]


class GroundMesh(Mesh):
    """The mesh ``MeshBuilder.CreateGround`` returns (``BABYLON.GroundMesh``)."""

    def __init__(self, name: str, scene: object | None = None) -> None:
        super().__init__(name, scene)
        self.generateOctree = False
        self._subdivisionsX = 1
        self._subdivisionsY = 1
        self._width = 1.0
        self._height = 1.0
        self._minX = -0.5
        self._maxX = 0.5
        self._minZ = -0.5
        self._maxZ = 0.5

    def getClassName(self) -> str:
        """``"GroundMesh"``."""
        return "GroundMesh"

    @property
    def subdivisions(self) -> int:
        """``min(subdivisionsX, subdivisionsY)``."""
        return min(self._subdivisionsX, self._subdivisionsY)

    @property
    def subdivisionsX(self) -> int:
        """Subdivisions along X."""
        return self._subdivisionsX

    @property
    def subdivisionsY(self) -> int:
        """Subdivisions along Z."""
        return self._subdivisionsY


# Mesh.Parse rebuilds a serialized GroundMesh as one (Babylon registers it in groundMesh.ts).
MeshSerializeMembers._ParsedTypes["GroundMesh"] = GroundMesh
