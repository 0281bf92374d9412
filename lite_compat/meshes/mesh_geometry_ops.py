"""Babylon.js ``Mesh`` geometry operations: CPU skinning, vertex increase/sharing, displacement.

Port of ``applySkeleton``, ``setPositionsForCPUSkinning``/``setNormalsForCPUSkinning``,
``increaseVertices``, ``forceSharedVertices`` and ``applyDisplacementMapFromBuffer`` of
``@babylonjs/core`` 9.31 ``Meshes/mesh.pure.js``, with Babylon's arithmetic and data flow:
skinning blends the skeleton's bone matrices (weights x ``getTransformMatrices``) per vertex
from the bind-pose copies; ``increaseVertices`` splits every triangle edge into
``numberPerEdge + 1`` segments; ``forceSharedVertices`` merges vertices by the text of their
position (Babylon's ``"x|y|z|"`` keys) and recomputes the normals.
"""

from __future__ import annotations

import math
from array import array
from collections.abc import MutableSequence, Sequence
from typing import Any

from lite_compat._js import js_str, to_int32
from lite_compat.math import Matrix, Vector2, Vector3
from lite_compat.meshes.abstract_mesh_members import AbstractMeshMembers
from lite_compat.meshes.geometry import DataArray
from lite_compat.meshes.normals import compute_normals
from lite_compat.meshes.vertex_data import _VERTEX_DATA_KINDS, VertexBuffer, VertexData

__all__ = ["MeshGeometryOps"]


def _extract(mesh: AbstractMeshMembers) -> VertexData:
    """``VertexData.ExtractFromMesh(mesh)``: the stored arrays themselves (no copies)."""
    data = VertexData()
    for attribute, kind in _VERTEX_DATA_KINDS:
        values = mesh.getVerticesData(kind)
        if values is not None:
            setattr(data, attribute, values)
    indices = mesh.getIndices()
    data.indices = None if indices is None else list(indices)
    return data


def _plain(values: DataArray | None) -> list[float] | None:
    """``Array.from(typedArray)`` (a list stays the same list)."""
    if values is None:
        return None
    return values if isinstance(values, list) else list(values)


class MeshGeometryOps(AbstractMeshMembers):
    """The geometry operations of ``BABYLON.Mesh`` (see the module docstring).

    Parameters
    ----------
    name, scene
        As :class:`~lite_compat.meshes.mesh.AbstractMesh`.
    """

    def __init__(self, name: str, scene: object | None = None) -> None:
        super().__init__(name, scene)
        self._sourcePositions: array[float] | None = None
        self._sourceNormals: array[float] | None = None
        self._softwareSkinningFrameId: int | None = None

    def isVertexBufferUpdatable(self, kind: str) -> bool:
        """True when ``kind`` exists and was set updatable (``Mesh`` provides it)."""
        return False

    @property
    def computeBonesUsingShaders(self) -> bool:
        """Skin on the GPU (default True); turning it back on restores the bind pose that
        CPU skinning kept."""
        return self._computeBonesUsingShaders

    @computeBonesUsingShaders.setter
    def computeBonesUsingShaders(self, value: bool) -> None:
        if self._computeBonesUsingShaders == value:
            return
        if value and self._sourcePositions is not None:
            self.setVerticesData(VertexBuffer.PositionKind, self._sourcePositions, True)
            if self._sourceNormals is not None:
                self.setVerticesData(VertexBuffer.NormalKind, self._sourceNormals, True)
            self._sourcePositions = None
            self._sourceNormals = None
        self._computeBonesUsingShaders = value

    def setPositionsForCPUSkinning(self) -> array[float] | None:
        """Keep a float32 copy of the bind-pose positions (and make them updatable)."""
        if self._sourcePositions is None:
            source = self.getVerticesData(VertexBuffer.PositionKind)
            if source is None:
                return None
            self._sourcePositions = array("f", source)
            if not self.isVertexBufferUpdatable(VertexBuffer.PositionKind):
                self.setVerticesData(VertexBuffer.PositionKind, source, True)
        return self._sourcePositions

    def setNormalsForCPUSkinning(self) -> array[float] | None:
        """Keep a float32 copy of the bind-pose normals (and make them updatable)."""
        if self._sourceNormals is None:
            source = self.getVerticesData(VertexBuffer.NormalKind)
            if source is None:
                return None
            self._sourceNormals = array("f", source)
            if not self.isVertexBufferUpdatable(VertexBuffer.NormalKind):
                self.setVerticesData(VertexBuffer.NormalKind, source, True)
        return self._sourceNormals

    def applySkeleton(self, skeleton: Any) -> MeshGeometryOps:
        """Skin the bind-pose positions (and normals) on the CPU with ``skeleton``'s bone
        matrices, once per scene frame."""
        if getattr(self, "geometry", None) is None:
            return self
        frame_id = getattr(self._scene, "getFrameId", None)
        frame = frame_id() if callable(frame_id) else None
        if frame is not None and self._softwareSkinningFrameId == frame:
            return self
        self._softwareSkinningFrameId = frame
        kinds = (VertexBuffer.PositionKind, VertexBuffer.MatricesIndicesKind)
        if not all(
            self.isVerticesDataPresent(k) for k in (*kinds, VertexBuffer.MatricesWeightsKind)
        ):
            return self
        has_normals = self.isVerticesDataPresent(VertexBuffer.NormalKind)
        if self._sourcePositions is None:
            submeshes = list(self.subMeshes or [])
            self.setPositionsForCPUSkinning()
            self.subMeshes = submeshes
        if has_normals and self._sourceNormals is None:
            self.setNormalsForCPUSkinning()
        positions = self.getVerticesData(VertexBuffer.PositionKind)
        if positions is None:
            return self
        if not isinstance(positions, array):
            positions = array("f", positions)
        normals = self.getVerticesData(VertexBuffer.NormalKind)
        if has_normals:
            if normals is None:
                return self
            if not isinstance(normals, array):
                normals = array("f", normals)
        indices = self.getVerticesData(VertexBuffer.MatricesIndicesKind)
        weights = self.getVerticesData(VertexBuffer.MatricesWeightsKind)
        if indices is None or weights is None:
            return self
        extras = self.numBoneInfluencers > 4
        indices_x = self.getVerticesData(VertexBuffer.MatricesIndicesExtraKind) if extras else None
        weights_x = self.getVerticesData(VertexBuffer.MatricesWeightsExtraKind) if extras else None
        matrices = skeleton.getTransformMatrices(self)
        temp = Vector3.Zero()
        final = Matrix()
        scaled = Matrix()
        src_p = self._sourcePositions
        src_n = self._sourceNormals
        assert src_p is not None
        w = 0
        for index in range(0, len(positions), 3):
            for bone_indices, bone_weights in ((indices, weights), (indices_x, weights_x)):
                if bone_indices is None or bone_weights is None:
                    continue
                for inf in range(4):
                    weight = bone_weights[w + inf]
                    if weight > 0:
                        offset = math.floor(bone_indices[w + inf] * 16)
                        Matrix.FromFloat32ArrayToRefScaled(matrices, offset, weight, scaled)
                        final.addToSelf(scaled)
            Vector3.TransformCoordinatesFromFloatsToRef(
                src_p[index], src_p[index + 1], src_p[index + 2], final, temp
            )
            temp.toArray(positions, index)
            if has_normals and normals is not None and src_n is not None:
                Vector3.TransformNormalFromFloatsToRef(
                    src_n[index], src_n[index + 1], src_n[index + 2], final, temp
                )
                temp.toArray(normals, index)
            final.reset()
            w += 4
        self.updateVerticesData(VertexBuffer.PositionKind, positions)
        if has_normals and normals is not None:
            self.updateVerticesData(VertexBuffer.NormalKind, normals)
        return self

    def increaseVertices(self, numberPerEdge: int = 1) -> None:
        """Split every triangle edge into ``numberPerEdge + 1`` segments (new positions,
        normals and uvs interpolated along the edges and across the face)."""
        vertex_data = _extract(self)
        current = vertex_data.indices
        positions = _plain(vertex_data.positions)
        uvs = _plain(vertex_data.uvs)
        normals = _plain(vertex_data.normals)
        if not current or positions is None:
            return  # Babylon warns: "VertexData must contain at least indices and positions"
        vertex_data.positions = positions
        if uvs is not None:
            vertex_data.uvs = uvs
        if normals is not None:
            vertex_data.normals = normals
        segments = numberPerEdge + 1
        temp: list[dict[int, int]] = [{} for _ in range(segments + 1)]
        side: dict[int, dict[int, list[int]]] = {}
        indices: list[int] = []
        dp = [0.0, 0.0, 0.0]
        dn = [0.0, 0.0, 0.0]
        du = [0.0, 0.0]

        def lerp_vertex(a: int, k: float, count_from: int) -> None:
            for c in range(3):
                positions.append(positions[3 * a + c] + k * dp[c])
            if normals is not None:
                for c in range(3):
                    normals.append(normals[3 * a + c] + k * dn[c])
            if uvs is not None:
                for c in range(2):
                    uvs.append(uvs[2 * a + c] + k * du[c])

        def deltas(a: int, b: int, div: float) -> None:
            for c in range(3):
                dp[c] = (positions[3 * b + c] - positions[3 * a + c]) / div
            if normals is not None:
                for c in range(3):
                    dn[c] = (normals[3 * b + c] - normals[3 * a + c]) / div
            if uvs is not None:
                for c in range(2):
                    du[c] = (uvs[2 * b + c] - uvs[2 * a + c]) / div

        for i in range(0, len(current) - 2, 3):
            tri = [int(current[i]), int(current[i + 1]), int(current[i + 2])]
            for j in range(3):
                a, b = tri[j], tri[(j + 1) % 3]
                side.setdefault(a, {})
                side.setdefault(b, {})
                if b not in side[a] and a not in side[b]:
                    deltas(a, b, segments)
                    edge = [a]
                    for k in range(1, segments):
                        edge.append(len(positions) // 3)
                        lerp_vertex(a, k, 0)
                    edge.append(b)
                    side[a][b] = edge
                    side[b][a] = edge[::-1]
            p0, p1, p2 = tri
            temp[0][0] = p0
            temp[1][0] = side[p0][p1][1]
            temp[1][1] = side[p0][p2][1]
            for k in range(2, segments):
                temp[k][0] = side[p0][p1][k]
                temp[k][k] = side[p0][p2][k]
                deltas(temp[k][0], temp[k][k], k)
                for j in range(1, k):
                    temp[k][j] = len(positions) // 3
                    lerp_vertex(temp[k][0], j, 0)
            temp[segments] = dict(enumerate(side[p1][p2]))
            indices += [temp[0][0], temp[1][0], temp[1][1]]
            for k in range(1, segments):
                j = 0
                for j in range(k):
                    indices += [temp[k][j], temp[k + 1][j], temp[k + 1][j + 1]]
                    indices += [temp[k][j], temp[k + 1][j + 1], temp[k][j + 1]]
                j = k
                indices += [temp[k][j], temp[k + 1][j], temp[k + 1][j + 1]]
        vertex_data.indices = indices
        vertex_data.applyToMesh(self, self.isVertexBufferUpdatable(VertexBuffer.PositionKind))  # type: ignore[arg-type]

    def forceSharedVertices(self) -> None:
        """Merge vertices with the same position (keyed as Babylon.js keys them), dropping
        degenerate triangles, and recompute the normals."""
        vertex_data = _extract(self)
        current = vertex_data.indices
        current_positions = vertex_data.positions
        if current is None or current_positions is None:
            return  # Babylon warns: "VertexData contains empty entries"
        per_vertex: list[tuple[str, int, MutableSequence[float] | None]] = [
            ("colors", 4, vertex_data.colors),
            ("uvs", 2, vertex_data.uvs),
            ("matricesIndices", 4, vertex_data.matricesIndices),
            ("matricesWeights", 4, vertex_data.matricesWeights),
            ("matricesIndicesExtra", 4, vertex_data.matricesIndicesExtra),
            ("matricesWeightsExtra", 4, vertex_data.matricesWeightsExtra),
        ]
        out: dict[str, list[float]] = {name: [] for name, _, _ in per_vertex}
        positions: list[float] = []
        indices: list[int] = []
        unique: dict[str, int] = {}
        for i in range(0, len(current) - 2, 3):
            facet = [int(current[i]), int(current[i + 1]), int(current[i + 2])]
            keys = []
            for j in range(3):
                key = ""
                for k in range(3):
                    if abs(current_positions[3 * facet[j] + k]) < 0.00000001:
                        current_positions[3 * facet[j] + k] = 0
                    key += js_str(current_positions[3 * facet[j] + k]) + "|"
                keys.append(key)
            if keys[0] == keys[1] or keys[0] == keys[2] or keys[1] == keys[2]:
                continue
            for j in range(3):
                ptr = unique.get(keys[j])
                if ptr is None:
                    ptr = len(unique)
                    unique[keys[j]] = ptr
                    for k in range(3):
                        positions.append(current_positions[3 * facet[j] + k])
                    for name, size, values in per_vertex:
                        if values is not None:
                            out[name] += [values[size * facet[j] + k] for k in range(size)]
                indices.append(ptr)
        normals: list[float] = []
        compute_normals(positions, indices, normals)
        vertex_data.positions = positions
        vertex_data.indices = indices
        vertex_data.normals = normals
        for name, _, values in per_vertex:
            if values is not None:
                setattr(vertex_data, name, out[name])
        if vertex_data.matricesWeights is not None:
            # Babylon.js 9.31 tests matricesWeights (not ...Extra) before storing the extras.
            vertex_data.matricesWeightsExtra = out["matricesWeightsExtra"]
        vertex_data.applyToMesh(self, self.isVertexBufferUpdatable(VertexBuffer.PositionKind))  # type: ignore[arg-type]

    def applyDisplacementMapFromBuffer(
        self,
        buffer: Sequence[float],
        heightMapWidth: int,
        heightMapHeight: int,
        minHeight: float,
        maxHeight: float,
        uvOffset: Vector2 | None = None,
        uvScale: Vector2 | None = None,
        forceUpdate: bool = False,
    ) -> MeshGeometryOps:
        """Move each vertex along its normal by the height read from an RGBA ``buffer``
        (grey = 0.3 r + 0.59 g + 0.11 b), then recompute the normals."""
        if not all(
            self.isVerticesDataPresent(k)
            for k in (VertexBuffer.PositionKind, VertexBuffer.NormalKind, VertexBuffer.UVKind)
        ):
            return self  # Babylon warns: position, normal or uv missing
        positions = self.getVerticesData(VertexBuffer.PositionKind, True, True)
        normals = self.getVerticesData(VertexBuffer.NormalKind)
        uvs = self.getVerticesData(VertexBuffer.UVKind)
        assert positions is not None
        assert normals is not None
        assert uvs is not None
        offset = uvOffset or Vector2.Zero()
        scale = uvScale or Vector2(1, 1)
        position = Vector3.Zero()
        normal = Vector3.Zero()
        uv = Vector2.Zero()
        for index in range(0, len(positions), 3):
            Vector3.FromArrayToRef(positions, index, position)
            Vector3.FromArrayToRef(normals, index, normal)
            Vector2.FromArrayToRef(uvs, (index // 3) * 2, uv)
            u = to_int32(
                math.fmod(
                    abs(uv.x * scale.x + math.fmod(offset.x, 1)) * (heightMapWidth - 1),
                    heightMapWidth,
                )
            )
            v = to_int32(
                math.fmod(
                    abs(uv.y * scale.y + math.fmod(offset.y, 1)) * (heightMapHeight - 1),
                    heightMapHeight,
                )
            )
            pos = (u + v * heightMapWidth) * 4
            gradient = (
                buffer[pos] / 255.0 * 0.3
                + buffer[pos + 1] / 255.0 * 0.59
                + buffer[pos + 2] / 255.0 * 0.11
            )
            normal.normalize()
            normal.scaleInPlace(minHeight + (maxHeight - minHeight) * gradient)
            position = position.add(normal)
            position.toArray(positions, index)
        compute_normals(positions, self.getIndices() or [], normals)
        if forceUpdate:
            self.setVerticesData(VertexBuffer.PositionKind, positions)
            self.setVerticesData(VertexBuffer.NormalKind, normals)
            self.setVerticesData(VertexBuffer.UVKind, uvs)
        else:
            self.updateVerticesData(VertexBuffer.PositionKind, positions)
            self.updateVerticesData(VertexBuffer.NormalKind, normals)
        return self
