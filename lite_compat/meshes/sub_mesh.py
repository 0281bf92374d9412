"""Babylon.js ``SubMesh``: a range of a mesh's vertices and indices drawn with one material.

Port of the parts of ``@babylonjs/core`` 9.31 ``Meshes/subMesh.js`` a headless script
observes (the ranges, ``getClassName``, ``clone``).
"""

from __future__ import annotations

from typing import Protocol

__all__ = ["SubMesh", "SubMeshOwner"]


class SubMeshOwner(Protocol):
    """What a sub-mesh needs of its mesh (an ``AbstractMesh``): its sub-mesh list and size."""

    subMeshes: list[SubMesh] | None

    def getTotalVertices(self) -> int:
        """The mesh's vertex count."""
        ...


class SubMesh:
    """A range of a mesh's vertices and indices drawn with one material (``BABYLON.SubMesh``).

    Parameters
    ----------
    materialIndex, verticesStart, verticesCount, indexStart, indexCount
        The ranges, as Babylon's constructor takes them.
    mesh
        The mesh it belongs to (it appends itself to ``mesh.subMeshes``).
    renderingMesh
        The mesh whose geometry it draws (``mesh`` when None).
    """

    def __init__(
        self,
        materialIndex: int,
        verticesStart: int,
        verticesCount: int,
        indexStart: int,
        indexCount: int,
        mesh: SubMeshOwner,
        renderingMesh: SubMeshOwner | None = None,
    ) -> None:
        self.materialIndex = materialIndex
        self.verticesStart = verticesStart
        self.verticesCount = verticesCount
        self.indexStart = indexStart
        self.indexCount = indexCount
        self._mesh = mesh
        self._renderingMesh = renderingMesh or mesh
        if mesh.subMeshes is None:
            mesh.subMeshes = []
        mesh.subMeshes.append(self)
        self._id = len(mesh.subMeshes) - 1

    def getClassName(self) -> str:
        """``"SubMesh"``."""
        return "SubMesh"

    @property
    def IsGlobal(self) -> bool:
        """True when it covers every vertex of its mesh."""
        return self.verticesStart == 0 and self.verticesCount == self._mesh.getTotalVertices()

    def getMesh(self) -> SubMeshOwner:
        """The mesh it belongs to."""
        return self._mesh

    def getRenderingMesh(self) -> SubMeshOwner:
        """The mesh whose geometry it draws."""
        return self._renderingMesh

    def clone(self, newMesh: SubMeshOwner, newRenderingMesh: SubMeshOwner | None = None) -> SubMesh:
        """The same ranges on ``newMesh``."""
        return SubMesh(
            self.materialIndex,
            self.verticesStart,
            self.verticesCount,
            self.indexStart,
            self.indexCount,
            newMesh,
            newRenderingMesh,
        )

    def dispose(self, immediate: bool = False) -> None:
        """Leave the mesh's ``subMeshes``."""
        subs = self._mesh.subMeshes
        if subs is not None:
            for i, item in enumerate(subs):
                if item is self:
                    del subs[i]
                    break
