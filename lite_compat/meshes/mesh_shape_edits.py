"""The shape edits of ``BABYLON.Mesh``: baking transforms, flipping, un-indexing, skin checks.

Port of ``@babylonjs/core`` 9.31 ``Meshes/mesh.pure.js``'s ``bakeTransformIntoVertices``,
``bakeCurrentTransformIntoVertices``, ``flipFaces``, ``convertToFlatShadedMesh``,
``convertToUnIndexedMesh``, ``optimizeIndices``, ``cleanMatrixWeights`` and
``validateSkinning``. :class:`MeshShapeEdits` sits between
:class:`~lite_compat.meshes.mesh_members.MeshMembers` and :class:`~lite_compat.meshes.mesh.Mesh`;
each edit rewrites the mesh's vertex data through the members below it.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence

from lite_compat._js import js_callable, js_str
from lite_compat.engines.engine_store import scene_flag
from lite_compat.math import Matrix, Vector3
from lite_compat.meshes.abstract_mesh_members import (
    require_mesh_arg,
)
from lite_compat.meshes.mesh_members import MeshMembers
from lite_compat.meshes.sub_mesh import SubMesh
from lite_compat.meshes.vertex_data import VertexBuffer

__all__ = ["MeshShapeEdits"]


class MeshShapeEdits(MeshMembers):
    """``Mesh``'s in-place vertex edits (see the module docstring).

    Parameters
    ----------
    name, scene
        As :class:`~lite_compat.meshes.mesh.Mesh`.
    """

    def bakeTransformIntoVertices(self, transform: Matrix) -> MeshMembers:
        """Transform positions (and normals, tangents) by ``transform``; a mirroring matrix
        also flips the faces."""
        require_mesh_arg(
            isinstance(transform, Matrix),
            "Mesh.bakeTransformIntoVertices",
            "transform",
            "a Matrix",
            transform,
        )
        if not self.isVerticesDataPresent(VertexBuffer.PositionKind):
            return self
        submeshes = self.subMeshes[:] if self.subMeshes else []
        if self.subMeshes:
            self.subMeshes.clear()
        temp = Vector3.Zero()
        data = self.getVerticesData(VertexBuffer.PositionKind)
        assert data is not None
        for i in range(0, len(data), 3):
            Vector3.TransformCoordinatesFromFloatsToRef(
                data[i], data[i + 1], data[i + 2], transform, temp
            )
            data[i], data[i + 1], data[i + 2] = temp.x, temp.y, temp.z
        self.setVerticesData(
            VertexBuffer.PositionKind, data, self.isVertexBufferUpdatable(VertexBuffer.PositionKind)
        )
        for kind, step in ((VertexBuffer.NormalKind, 3), (VertexBuffer.TangentKind, 4)):
            values = self.getVerticesData(kind)
            if values is None:
                continue
            for i in range(0, len(values), step):
                Vector3.TransformNormalFromFloatsToRef(
                    values[i], values[i + 1], values[i + 2], transform, temp
                ).normalize()
                values[i], values[i + 1], values[i + 2] = temp.x, temp.y, temp.z
            self.setVerticesData(kind, values, self.isVertexBufferUpdatable(kind))
        if transform.determinant() < 0:
            self.flipFaces()
        self.releaseSubMeshes()
        self.subMeshes = submeshes
        return self

    def bakeCurrentTransformIntoVertices(
        self, bakeIndependentlyOfChildren: bool = True, forceUnique: bool = False
    ) -> MeshMembers:
        """Bake the world matrix into the vertices, then reset the local transform."""
        if forceUnique:
            self.makeGeometryUnique()
        self.bakeTransformIntoVertices(self.computeWorldMatrix(True))
        self.resetLocalMatrix(bakeIndependentlyOfChildren)
        return self

    def flipFaces(self, flipNormals: bool = False) -> MeshMembers:
        """Reverse the winding of every triangle (and negate the normals on request)."""
        normals = self.getVerticesData(VertexBuffer.NormalKind)
        if flipNormals and normals is not None:
            for i in range(len(normals)):
                normals[i] *= -1
            self.setVerticesData(
                VertexBuffer.NormalKind,
                normals,
                self.isVertexBufferUpdatable(VertexBuffer.NormalKind),
            )
        if self._geometry is not None:
            indices = self.getIndices()
            for i in range(0, len(indices) - 2, 3):
                indices[i + 1], indices[i + 2] = indices[i + 2], indices[i + 1]
            self.setIndices(
                indices, None, self.isVertexBufferUpdatable(VertexBuffer.PositionKind), True
            )
        return self

    def _flattenedNormals(self, indices: Sequence[int], positions: Sequence[float]) -> array[float]:
        normals = array("f", bytes(4 * len(indices) * 3))
        flip = self.sideOrientation == (1 if scene_flag(self._scene, "useRightHandedSystem") else 0)
        n = 0
        for i in range(0, len(indices) - 2, 3):
            p1 = Vector3.FromArray(positions, int(indices[i]) * 3)
            p2 = Vector3.FromArray(positions, int(indices[i + 1]) * 3)
            p3 = Vector3.FromArray(positions, int(indices[i + 2]) * 3)
            normal = Vector3.Normalize(Vector3.Cross(p1.subtract(p2), p3.subtract(p2)))
            if flip:
                normal.scaleInPlace(-1)
            for _ in range(3):
                normals[n], normals[n + 1], normals[n + 2] = normal.x, normal.y, normal.z
                n += 3
        return normals

    def _convertToUnIndexedMesh(self, flattenNormals: bool = False) -> MeshMembers:
        kinds = self.getVerticesDataKinds()
        indices = list(self.getIndices(False, True))
        info = self.getBoundingInfo()
        previous = list(self.subMeshes or []) if self._geometry is not None else []
        data = {kind: self.getVerticesData(kind) for kind in kinds}

        def separate(values: Sequence[float], size: int) -> array[float]:
            out = array("f", bytes(4 * len(indices) * size))
            c = 0
            for index in indices:
                for offset in range(size):
                    out[c] = values[int(index) * size + offset]
                    c += 1
            return out

        for kind in kinds:
            buffer = self.getVertexBuffer(kind)
            values = data[kind]
            if buffer is None or values is None:
                continue
            size = buffer.getSize()
            if flattenNormals and kind == VertexBuffer.NormalKind:
                positions = data.get(VertexBuffer.PositionKind) or []
                new = self._flattenedNormals(indices, positions)
            else:
                new = separate(values, size)
            self.setVerticesData(kind, new, buffer.isUpdatable(), size)
        self.setIndices(list(range(len(indices))))
        self._unIndexed = True
        self.releaseSubMeshes()
        for sub in previous:
            SubMesh(
                sub.materialIndex,
                sub.indexStart,
                sub.indexCount,
                sub.indexStart,
                sub.indexCount,
                self,
            )
        self.setBoundingInfo(info)
        self.synchronizeInstances()
        return self

    def convertToFlatShadedMesh(self) -> MeshMembers:
        """One vertex per triangle corner, each with its triangle's normal."""
        return self._convertToUnIndexedMesh(True)

    def convertToUnIndexedMesh(self) -> MeshMembers:
        """One vertex per triangle corner (indices become 0, 1, 2, ...)."""
        return self._convertToUnIndexedMesh()

    def optimizeIndices(
        self, successCallback: Callable[[MeshMembers], object] | None = None
    ) -> MeshMembers:
        """Point every index at the first vertex with the same position."""
        indices = self.getIndices()
        positions = self.getVerticesData(VertexBuffer.PositionKind)
        if positions is None or not indices:
            return self
        points = [Vector3.FromArray(positions, p) for p in range(0, len(positions), 3)]
        dupes: dict[int, int] = {}
        for real in range(len(points) - 1, -1, -1):
            tested = points[real]
            for j in range(real):
                if tested.equals(points[j]):
                    dupes[real] = j
                    break
        for i in range(len(indices)):
            indices[i] = dupes.get(int(indices[i])) or indices[i]
        subs = list(self.subMeshes or [])
        self.setIndices(indices)
        self.subMeshes = subs
        if successCallback is not None:
            js_callable(successCallback, 1)(self)
        return self

    def cleanMatrixWeights(self) -> None:
        """Normalise the skin weights of every vertex to sum to 1 (Babylon.js)."""
        weights = self.getVerticesData(VertexBuffer.MatricesWeightsKind)
        if weights is None:
            return
        extra = self.getVerticesData(VertexBuffer.MatricesWeightsExtraKind)
        for a in range(0, len(weights), 4):
            t = weights[a] + weights[a + 1] + weights[a + 2] + weights[a + 3]
            if extra is not None:
                t += extra[a] + extra[a + 1] + extra[a + 2] + extra[a + 3]
            if t == 0:
                weights[a] = 1
                continue
            recip = 1 / t
            for k in range(4):
                weights[a + k] *= recip
                if extra is not None:
                    extra[a + k] *= recip
        self.setVerticesData(VertexBuffer.MatricesWeightsKind, weights)
        if extra is not None:
            # Babylon.js 9.31 stores the extra weights under MatricesWeightsKind too.
            self.setVerticesData(VertexBuffer.MatricesWeightsKind, extra)

    def validateSkinning(self) -> dict[str, object]:
        """``{skinned, valid, report}``: Babylon's checks of the skin weights (sorted,
        normalised, bone indices in range)."""
        weights = self.getVerticesData(VertexBuffer.MatricesWeightsKind)
        skeleton = self.skeleton
        if weights is None or skeleton is None:
            return {"skinned": False, "valid": True, "report": "not skinned"}
        extra = self.getVerticesData(VertexBuffer.MatricesWeightsExtraKind)
        num_weights = len(weights)
        influences = 4 if extra is None else 8

        def weight(a: int, b: int, main: Sequence[float], more: Sequence[float] | None) -> float:
            return main[a + b] if b < 4 else (more[a + b - 4] if more is not None else 0.0)

        not_sorted = missing = max_used = not_normalized = 0
        counts = [0] * (influences + 1)
        for a in range(0, num_weights, 4):
            last = weights[a]
            t = last
            used = 0 if t == 0 else 1
            for b in range(1, influences):
                d = weight(a, b, weights, extra)
                if d > last:
                    not_sorted += 1
                if d != 0:
                    used += 1
                t += d
                last = d
            counts[used] += 1
            max_used = max(max_used, used)
            if t == 0:
                missing += 1
            else:
                recip = 1 / t
                tolerance = 0.0
                for b in range(influences):
                    w = weight(a, b, weights, extra)
                    tolerance += abs(w - w * recip)
                if tolerance > 0.001:
                    not_normalized += 1
        bones = len(getattr(skeleton, "bones", None) or [])
        indices = self.getVerticesData(VertexBuffer.MatricesIndicesKind) or []
        indices_extra = self.getVerticesData(VertexBuffer.MatricesIndicesExtraKind)
        bad = 0
        for a in range(0, num_weights, 4):
            for b in range(influences):
                index = weight(a, b, indices, indices_extra)
                if index >= bones or index < 0:
                    bad += 1
        report = (
            f"Number of Weights = {js_str(num_weights / 4)}\nMaximum influences = {max_used}"
            f"\nMissing Weights = {missing}\nNot Sorted = {not_sorted}"
            f"\nNot Normalized = {not_normalized}\nWeightCounts = [{','.join(map(str, counts))}]"
            f"\nNumber of bones = {bones}\nBad Bone Indices = {bad}"
        )
        valid = missing == 0 and not_normalized == 0 and bad == 0
        return {"skinned": True, "valid": valid, "report": report}
