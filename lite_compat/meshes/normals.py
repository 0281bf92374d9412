"""Babylon.js ``VertexData.ComputeNormals``: per-vertex normals, facet data and depth sort.

Port of ``ComputeNormals`` in ``@babylonjs/core`` 9.31 ``Meshes/mesh.vertexData.js``: each
triangle's normal (``(p1 - p2) x (p3 - p2)``, normalised) is added to its three vertices, then
every vertex normal is normalised. With facet options it also fills the facet normals, facet
barycenters, the facet partitioning (block index -> facets) and the depth-sort distances, as
``AbstractMesh.updateFacetData`` asks. ``normals`` is written in place, so a float32
``array("f")`` rounds every accumulation step exactly like Babylon's ``Float32Array``.
"""

from __future__ import annotations

import math
from collections.abc import MutableSequence, Sequence
from dataclasses import dataclass, field

from lite_compat.math import Vector3

__all__ = ["DepthSortedFacet", "FacetParameters", "SubDiv", "compute_normals"]


@dataclass
class SubDiv:
    """Partitioning subdivisions (``{max, X, Y, Z}``)."""

    max: int = 1
    X: int = 1
    Y: int = 1
    Z: int = 1


@dataclass
class DepthSortedFacet:
    """One facet of the depth sort (``{ind, sqDistance}``)."""

    ind: int
    sqDistance: float = 0.0


@dataclass
class FacetParameters:
    """The ``options`` object ``ComputeNormals`` reads and fills for facet data."""

    facetNormals: list[Vector3] | None = None
    facetPositions: list[Vector3] | None = None
    facetPartitioning: list[list[int] | None] | None = None
    bInfo: object = None
    bbSize: Vector3 | None = None
    subDiv: SubDiv = field(default_factory=SubDiv)
    ratio: float = 0.0
    depthSort: bool = False
    distanceTo: Vector3 | None = None
    depthSortedFacets: list[DepthSortedFacet] | None = None
    useRightHandedSystem: bool = False


def _block(value: float, low: float, ratio: float, sub_ratio: float) -> int:
    return math.floor((value - low * ratio) * sub_ratio)


def compute_normals(
    positions: Sequence[float],
    indices: Sequence[int],
    normals: MutableSequence[float],
    options: FacetParameters | None = None,
) -> None:
    """Write vertex normals of ``positions``/``indices`` into ``normals``
    (``VertexData.ComputeNormals``); ``options`` also computes facet data."""
    o = options
    facet_normals = o.facetNormals if o is not None and o.facetNormals else None
    facet_positions = o.facetPositions if o is not None and o.facetPositions is not None else None
    partitioning = (
        o.facetPartitioning if o is not None and o.facetPartitioning is not None else None
    )
    sign = -1.0 if o is not None and o.useRightHandedSystem else 1.0
    ratio = (o.ratio or 0.0) if o is not None else 0.0
    depth_sort = o is not None and o.depthSort
    distance_to = o.distanceTo if o is not None else None
    if depth_sort and distance_to is None:
        distance_to = Vector3.Zero()
    x_sub = y_sub = z_sub = 0.0
    sub_sq = 0
    low = Vector3.Zero()
    sub = SubDiv()
    if partitioning is not None and o is not None and o.bbSize is not None:
        sub = o.subDiv
        x_sub = sub.X * ratio / o.bbSize.x
        y_sub = sub.Y * ratio / o.bbSize.y
        z_sub = sub.Z * ratio / o.bbSize.z
        sub_sq = sub.max * sub.max
        partitioning.clear()
        low = getattr(o.bInfo, "minimum", low)
    else:
        partitioning = None
    if len(normals) < len(positions):  # a JavaScript array grows on assignment
        normals.extend([0.0] * (len(positions) - len(normals)))
    for index in range(len(positions)):
        normals[index] = 0.0
    nb_faces = len(indices) // 3
    for face in range(nb_faces):
        v1 = int(indices[face * 3]) * 3
        v2 = int(indices[face * 3 + 1]) * 3
        v3 = int(indices[face * 3 + 2]) * 3
        p1p2x = positions[v1] - positions[v2]
        p1p2y = positions[v1 + 1] - positions[v2 + 1]
        p1p2z = positions[v1 + 2] - positions[v2 + 2]
        p3p2x = positions[v3] - positions[v2]
        p3p2y = positions[v3 + 1] - positions[v2 + 1]
        p3p2z = positions[v3 + 2] - positions[v2 + 2]
        nx = sign * (p1p2y * p3p2z - p1p2z * p3p2y)
        ny = sign * (p1p2z * p3p2x - p1p2x * p3p2z)
        nz = sign * (p1p2x * p3p2y - p1p2y * p3p2x)
        length = math.sqrt(nx * nx + ny * ny + nz * nz)
        length = 1.0 if length == 0 else length
        nx /= length
        ny /= length
        nz /= length
        if facet_normals is not None:
            facet_normals[face].copyFromFloats(nx, ny, nz)
        if facet_positions is not None:
            facet_positions[face].copyFromFloats(
                (positions[v1] + positions[v2] + positions[v3]) / 3.0,
                (positions[v1 + 1] + positions[v2 + 1] + positions[v3 + 1]) / 3.0,
                (positions[v1 + 2] + positions[v2 + 2] + positions[v3 + 2]) / 3.0,
            )
        if partitioning is not None and facet_positions is not None:
            fp = facet_positions[face]
            blocks = []
            for px, py, pz in (
                (positions[v1], positions[v1 + 1], positions[v1 + 2]),
                (positions[v2], positions[v2 + 1], positions[v2 + 2]),
                (positions[v3], positions[v3 + 1], positions[v3 + 2]),
                (fp.x, fp.y, fp.z),
            ):
                bx = _block(px, low.x, ratio, x_sub)
                by = _block(py, low.y, ratio, y_sub)
                bz = _block(pz, low.z, ratio, z_sub)
                blocks.append(bx + sub.max * by + sub_sq * bz)
            b1, b2, b3, b4 = blocks
            for b in (b4, b1, b2, b3):
                _ensure_block(partitioning, b)
            _block_list(partitioning, b1).append(face)
            if b2 != b1:
                _block_list(partitioning, b2).append(face)
            if b3 not in (b2, b1):
                _block_list(partitioning, b3).append(face)
            if b4 not in (b1, b2, b3):
                _block_list(partitioning, b4).append(face)
        if depth_sort and o is not None and facet_positions is not None:
            sorted_facets = o.depthSortedFacets or []
            facet = sorted_facets[face]
            facet.ind = face * 3
            assert distance_to is not None
            facet.sqDistance = Vector3.DistanceSquared(facet_positions[face], distance_to)
        for v in (v1, v2, v3):
            normals[v] += nx
            normals[v + 1] += ny
            normals[v + 2] += nz
    for index in range(len(normals) // 3):
        nx = normals[index * 3]
        ny = normals[index * 3 + 1]
        nz = normals[index * 3 + 2]
        length = math.sqrt(nx * nx + ny * ny + nz * nz)
        length = 1.0 if length == 0 else length
        normals[index * 3] = nx / length
        normals[index * 3 + 1] = ny / length
        normals[index * 3 + 2] = nz / length


def _ensure_block(partitioning: list[list[int] | None], index: int) -> None:
    """``partitioning[index] = partitioning[index] || []`` (a JavaScript array grows)."""
    if index < 0:
        return
    if index >= len(partitioning):
        partitioning.extend([None] * (index + 1 - len(partitioning)))
    if partitioning[index] is None:
        partitioning[index] = []


def _block_list(partitioning: list[list[int] | None], index: int) -> list[int]:
    block = partitioning[index] if 0 <= index < len(partitioning) else None
    return block if block is not None else []
