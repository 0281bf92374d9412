"""Babylon.js ``Mesh``: a node with geometry (vertex data, indices, sub-meshes) and a material.

Port of ``@babylonjs/core`` 9.31 ``Meshes/mesh.pure.js`` and ``Meshes/geometry.js`` (vertex
data: :mod:`lite_compat.meshes.vertex_data`). There is no GPU here: a mesh keeps its vertex data
as plain Python lists (``number[]`` in Babylon.js, doubles), read back with
``getVerticesData(kind)``/``getIndices()``. Its members are layered as mixins
(:mod:`~lite_compat.meshes.mesh_members`, :mod:`~lite_compat.meshes.mesh_serialize`,
:mod:`~lite_compat.meshes.mesh_simplification`, ...).

The shape builders (``MeshBuilder.CreateBox`` ...) live in
:mod:`lite_compat.meshes.builders.mesh_builder`.
"""

from __future__ import annotations

from typing import ClassVar

from lite_compat.meshes.abstract_mesh import AbstractMesh
from lite_compat.meshes.mesh_serialize import MeshSerializeMembers
from lite_compat.meshes.mesh_shape_edits import MeshShapeEdits
from lite_compat.meshes.mesh_simplification import MeshSimplifyMembers
from lite_compat.meshes.vertex_data import VertexData
from lite_compat.nodes.transform_node import TransformNode

__all__ = ["Mesh"]


class Mesh(MeshSerializeMembers, MeshShapeEdits, MeshSimplifyMembers, AbstractMesh):
    """A mesh with its own vertex data (``BABYLON.Mesh``).

    Parameters
    ----------
    name
        Mesh name (and id).
    scene
        Owning scene.
    parent
        Optional parent node (Babylon's ``parentOrOptions`` when given a node).

    Examples
    --------
    >>> mesh = Mesh("triangle")
    >>> _ = mesh.setVerticesData(VertexBuffer.PositionKind, [0, 0, 0, 1, 0, 0, 0, 1, 0])
    >>> mesh.getTotalVertices()
    3
    """

    FRONTSIDE: ClassVar[int] = VertexData.FRONTSIDE
    BACKSIDE: ClassVar[int] = VertexData.BACKSIDE
    DOUBLESIDE: ClassVar[int] = VertexData.DOUBLESIDE
    DEFAULTSIDE: ClassVar[int] = VertexData.DEFAULTSIDE

    def __init__(
        self, name: str, scene: object | None = None, parent: TransformNode | None = None
    ) -> None:
        super().__init__(name, scene)
        self._originalBuilderSideOrientation = Mesh.DEFAULTSIDE
        if parent is not None:
            self.parent = parent

    def getClassName(self) -> str:
        """``"Mesh"``."""
        return "Mesh"

    @staticmethod
    def _GetDefaultSideOrientation(orientation: int | None = None) -> int:
        return orientation or Mesh.FRONTSIDE

    def getAnimatables(self) -> list[object]:
        """Objects whose animations ``scene.beginAnimation(mesh, ...)`` also plays: the
        material and the skeleton, when there are."""
        results: list[object] = []
        if self.material is not None:
            results.append(self.material)
        if self.skeleton is not None:
            results.append(self.skeleton)
        return results

    def dispose(self, doNotRecurse: bool = False, disposeMaterialAndTextures: bool = False) -> None:
        """Dispose the instances, release the geometry, then leave the scene."""
        self._disposeMeshData()
        super().dispose(doNotRecurse, disposeMaterialAndTextures)
