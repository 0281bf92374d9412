"""The facet data of ``BABYLON.AbstractMesh``: facet normals, positions, partitioning, depth sort.

Port of the facet part of ``@babylonjs/core`` 9.31 ``Meshes/abstractMesh.pure.js``
(``updateFacetData``, ``getFacet*``, ``getClosestFacetAtCoordinates``, ``disableFacetData``).
:class:`AbstractMeshFacets` sits between
:class:`~lite_compat.meshes.abstract_mesh_members.AbstractMeshMembers` and
:class:`~lite_compat.meshes.abstract_mesh.AbstractMesh`; the arithmetic is in
:mod:`lite_compat.meshes.normals`.
"""

from __future__ import annotations

import math

from lite_compat.math import Matrix, TmpVectors, Vector3
from lite_compat.math.constants import Epsilon
from lite_compat.meshes.abstract_mesh_members import _MAX, AbstractMeshMembers, MeshDataError
from lite_compat.meshes.normals import DepthSortedFacet, FacetParameters, compute_normals
from lite_compat.meshes.vertex_data import VertexBuffer

__all__ = ["AbstractMeshFacets"]


class AbstractMeshFacets(AbstractMeshMembers):
    """``AbstractMesh``'s facet data: ``updateFacetData`` and its getters.

    Parameters
    ----------
    name, scene, isPure
        As :class:`~lite_compat.nodes.transform_node.TransformNode`.
    """

    @property
    def facetNb(self) -> int:
        """Number of facets (0 until facet data is computed)."""
        return self._facetData.facetNb

    @property
    def partitioningSubdivisions(self) -> int:
        """Subdivisions per axis of the facet partitioning (default 10)."""
        return self._facetData.partitioningSubdivisions

    @partitioningSubdivisions.setter
    def partitioningSubdivisions(self, nb: int) -> None:
        self._facetData.partitioningSubdivisions = nb

    @property
    def partitioningBBoxRatio(self) -> float:
        """Size of the partitioning space relative to the bounding box (default 1.01)."""
        return self._facetData.partitioningBBoxRatio

    @partitioningBBoxRatio.setter
    def partitioningBBoxRatio(self, ratio: float) -> None:
        self._facetData.partitioningBBoxRatio = ratio

    @property
    def mustDepthSortFacets(self) -> bool:
        """Whether ``updateFacetData`` depth-sorts the facets (default False)."""
        return self._facetData.facetDepthSort

    @mustDepthSortFacets.setter
    def mustDepthSortFacets(self, sort: bool) -> None:
        self._facetData.facetDepthSort = sort

    @property
    def facetDepthSortFrom(self) -> Vector3 | None:
        """Where facets are depth-sorted from (the active camera's position when None)."""
        return self._facetData.facetDepthSortFrom

    @facetDepthSortFrom.setter
    def facetDepthSortFrom(self, location: Vector3 | None) -> None:
        self._facetData.facetDepthSortFrom = location

    @property
    def isFacetDataEnabled(self) -> bool:
        """True once ``updateFacetData`` ran (until ``disableFacetData``)."""
        return self._facetData.facetDataEnabled

    # -- facet data -------------------------------------------------------------------------

    def _initFacetData(self) -> None:
        data = self._facetData
        indices = self.getIndices() or []
        data.facetNb = len(indices) // 3
        data.partitioningSubdivisions = data.partitioningSubdivisions or 10
        data.partitioningBBoxRatio = data.partitioningBBoxRatio or 1.01
        data.facetNormals = [Vector3.Zero() for _ in range(data.facetNb)]
        data.facetPositions = [Vector3.Zero() for _ in range(data.facetNb)]
        data.facetPartitioning = []
        data.facetDataEnabled = True

    def updateFacetData(self) -> AbstractMeshMembers:
        """Compute facet normals, barycenters and the partitioning (and the depth sort when
        ``mustDepthSortFacets``)."""
        data = self._facetData
        if not data.facetDataEnabled:
            self._initFacetData()
        positions = self.getVerticesData(VertexBuffer.PositionKind)
        indices = self.getIndices() or []
        existing = self.getVerticesData(VertexBuffer.NormalKind)
        normals = existing[:] if existing is not None else None
        info = self.getBoundingInfo()
        if data.facetDepthSort and not data.facetDepthSortEnabled:
            data.facetDepthSortEnabled = True
            data.depthSortedIndices = list(indices)
            if data.facetDepthSortFrom is None:
                camera = getattr(self._scene, "activeCamera", None)
                data.facetDepthSortFrom = camera.position if camera is not None else Vector3.Zero()
            data.depthSortedFacets = [DepthSortedFacet(f * 3) for f in range(data.facetNb)]
            data.invertedMatrix = Matrix.Identity()
            data.facetDepthSortOrigin = Vector3.Zero()
        size = data.bbSize
        for axis in ("x", "y", "z"):
            extent = getattr(info.maximum, axis) - getattr(info.minimum, axis)
            setattr(size, axis, extent if extent > Epsilon else Epsilon)
        largest = max(size.x, size.y, size.z)
        sub = data.subDiv
        sub.max = data.partitioningSubdivisions
        sub.X = max(1, math.floor(sub.max * size.x / largest))
        sub.Y = max(1, math.floor(sub.max * size.y / largest))
        sub.Z = max(1, math.floor(sub.max * size.z / largest))
        params = FacetParameters(
            facetNormals=data.facetNormals,
            facetPositions=data.facetPositions,
            facetPartitioning=data.facetPartitioning,
            bInfo=info,
            bbSize=size,
            subDiv=sub,
            ratio=data.partitioningBBoxRatio,
            depthSort=data.facetDepthSort,
            depthSortedFacets=data.depthSortedFacets,
        )
        if data.facetDepthSort and data.facetDepthSortEnabled and data.invertedMatrix is not None:
            self.computeWorldMatrix(True)
            self._worldMatrix.invertToRef(data.invertedMatrix)
            origin = data.facetDepthSortOrigin or Vector3.Zero()
            assert data.facetDepthSortFrom is not None
            Vector3.TransformCoordinatesToRef(data.facetDepthSortFrom, data.invertedMatrix, origin)
            params.distanceTo = origin
        data.facetParameters = params
        if normals is not None and positions is not None:
            compute_normals(positions, indices, normals, params)
        if data.facetDepthSort and data.facetDepthSortEnabled:
            data.depthSortedFacets.sort(key=lambda f: -f.sqDistance)
            sorted_indices = data.depthSortedIndices
            for f in range(len(sorted_indices) // 3):
                ind = data.depthSortedFacets[f].ind
                sorted_indices[f * 3 : f * 3 + 3] = indices[ind : ind + 3]
            self.updateIndices(sorted_indices, None, True)
        return self

    def getFacetLocalNormals(self) -> list[Vector3]:
        """Facet normals in local space (computed on first use)."""
        if self._facetData.facetNormals is None:
            self.updateFacetData()
        return self._facetData.facetNormals or []

    def getFacetLocalPositions(self) -> list[Vector3]:
        """Facet barycenters in local space (computed on first use)."""
        if self._facetData.facetPositions is None:
            self.updateFacetData()
        return self._facetData.facetPositions or []

    def getFacetLocalPartitioning(self) -> list[list[int] | None]:
        """Facet indices per partitioning block (None for an empty block)."""
        if self._facetData.facetPartitioning is None:
            self.updateFacetData()
        return self._facetData.facetPartitioning or []

    def _facet(self, values: list[Vector3], i: int, member: str) -> Vector3:
        if isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < len(values):
            raise MeshDataError(
                "LITE-COMPAT-102",
                f"AbstractMesh.{member}: facet index {i!r} is not in 0..{len(values) - 1}",
                hint="call updateFacetData() and use an index below facetNb",
                input_name=f"AbstractMesh.{member}",
            )
        return values[i]

    def getFacetPosition(self, i: int) -> Vector3:
        """World position of facet ``i``."""
        pos = Vector3.Zero()
        self.getFacetPositionToRef(i, pos)
        return pos

    def getFacetPositionToRef(self, i: int, ref: Vector3) -> AbstractMeshMembers:
        """Write the world position of facet ``i`` into ``ref``."""
        local = self._facet(self.getFacetLocalPositions(), i, "getFacetPositionToRef")
        Vector3.TransformCoordinatesToRef(local, self.getWorldMatrix(), ref)
        return self

    def getFacetNormal(self, i: int) -> Vector3:
        """World normal of facet ``i``."""
        norm = Vector3.Zero()
        self.getFacetNormalToRef(i, norm)
        return norm

    def getFacetNormalToRef(self, i: int, ref: Vector3) -> AbstractMeshMembers:
        """Write the world normal of facet ``i`` into ``ref``."""
        local = self._facet(self.getFacetLocalNormals(), i, "getFacetNormalToRef")
        Vector3.TransformNormalToRef(local, self.getWorldMatrix(), ref)
        return self

    def getFacetsAtLocalCoordinates(self, x: float, y: float, z: float) -> list[int] | None:
        """Facets of the partitioning block holding the local point (None outside)."""
        info = self.getBoundingInfo()
        data = self._facetData
        ratio = data.partitioningBBoxRatio
        sub = data.subDiv
        size = data.bbSize
        ox = (x - info.minimum.x * ratio) * sub.X * ratio / size.x
        oy = (y - info.minimum.y * ratio) * sub.Y * ratio / size.y
        oz = (z - info.minimum.z * ratio) * sub.Z * ratio / size.z
        bx, by, bz = math.floor(ox), math.floor(oy), math.floor(oz)
        if not (0 <= bx <= sub.max and 0 <= by <= sub.max and 0 <= bz <= sub.max):
            return None
        index = bx + sub.max * by + sub.max * sub.max * bz
        blocks = data.facetPartitioning or []
        return blocks[index] if index < len(blocks) else None

    def getClosestFacetAtCoordinates(
        self,
        x: float,
        y: float,
        z: float,
        projected: Vector3 | None = None,
        checkFace: bool = False,
        facing: bool = True,
    ) -> int | None:
        """Index of the facet closest to a world point (and its projection into
        ``projected``), or None."""
        world = self.getWorldMatrix()
        inverse = TmpVectors.Matrix[5]
        world.invertToRef(inverse)
        local = TmpVectors.Vector3[8]
        Vector3.TransformCoordinatesFromFloatsToRef(x, y, z, inverse, local)
        closest = self.getClosestFacetAtLocalCoordinates(
            local.x, local.y, local.z, projected, checkFace, facing
        )
        if projected is not None:
            Vector3.TransformCoordinatesFromFloatsToRef(
                projected.x, projected.y, projected.z, world, projected
            )
        return closest

    def getClosestFacetAtLocalCoordinates(
        self,
        x: float,
        y: float,
        z: float,
        projected: Vector3 | None = None,
        checkFace: bool = False,
        facing: bool = True,
    ) -> int | None:
        """Index of the facet closest to a local point, or None."""
        positions = self.getFacetLocalPositions()
        normals = self.getFacetLocalNormals()
        block = self.getFacetsAtLocalCoordinates(x, y, z)
        if not block:
            return None
        closest: int | None = None
        shortest = _MAX
        for fib in block:
            n = normals[fib]
            p0 = positions[fib]
            d = (x - p0.x) * n.x + (y - p0.y) * n.y + (z - p0.z) * n.z
            if not checkFace or (facing and d >= 0.0) or (not facing and d <= 0.0):
                d = n.x * p0.x + n.y * p0.y + n.z * p0.z
                t0 = -(n.x * x + n.y * y + n.z * z - d) / (n.x * n.x + n.y * n.y + n.z * n.z)
                px, py, pz = x + n.x * t0, y + n.y * t0, z + n.z * t0
                dx, dy, dz = px - x, py - y, pz - z
                distance = dx * dx + dy * dy + dz * dz
                if distance < shortest:
                    shortest = distance
                    closest = fib
                    if projected is not None:
                        projected.x, projected.y, projected.z = px, py, pz
        return closest

    def getFacetDataParameters(self) -> FacetParameters | None:
        """The parameters of the last ``updateFacetData`` (None before)."""
        return self._facetData.facetParameters

    def disableFacetData(self) -> AbstractMeshMembers:
        """Drop the facet data."""
        data = self._facetData
        if data.facetDataEnabled:
            data.facetDataEnabled = False
            data.facetPositions = []
            data.facetNormals = []
            data.facetPartitioning = []
            data.facetParameters = None
            data.depthSortedIndices = []
        return self
