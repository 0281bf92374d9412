"""``MeshBuilder.CreateGeodesic``/``CreateGoldberg``: Goldberg-Coxeter subdivided icosahedra.

Port of ``@babylonjs/core`` 9.31 ``Meshes/geodesicMesh.js`` (``_PrimaryIsoTriangle``: the
(m, n) isometric grid of one icosahedron face; ``GeodesicData``: that grid mapped onto the 20
faces, shared vertices matched along the edges, reordered by the pole they are nearest, pushed
onto the unit sphere, and its dual), ``Maths/math.isovector.js``,
``Meshes/Builders/geodesicBuilder.js``, ``goldbergBuilder.js`` and the state of
``Meshes/goldbergMesh.pure.js`` (``goldbergData``). A geodesic is a custom
``CreatePolyhedron``; a Goldberg polyhedron is the dual, one flat face per geodesic vertex.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from lite_compat._js import truthy
from lite_compat.math import Color4, Vector3
from lite_compat.meshes.builders.shapes_common import builder_options
from lite_compat.meshes.builders.shapes_solid import CreatePolyhedron
from lite_compat.meshes.mesh import Mesh
from lite_compat.meshes.shape_budget import bounded
from lite_compat.meshes.vertex_data import VertexData, _get, _js_or, _side_orientation

__all__ = ["CreateGeodesic", "CreateGoldberg", "CreateGoldbergVertexData", "GoldbergMesh"]

_Options = Mapping[str, object] | None
_PHI = (1 + math.sqrt(5)) / 2
_ICO_VERTEX = (
    (0, _PHI, -1), (-_PHI, 1, 0), (-1, 0, -_PHI), (1, 0, -_PHI), (_PHI, 1, 0), (0, _PHI, 1),
    (-1, 0, _PHI), (-_PHI, -1, 0), (0, -_PHI, -1), (_PHI, -1, 0), (1, 0, _PHI), (0, -_PHI, 1),
)  # fmt: skip
_ICO_FACE = (
    (0, 2, 1), (0, 3, 2), (0, 4, 3), (0, 5, 4), (0, 1, 5), (7, 6, 1), (8, 7, 2), (9, 8, 3),
    (10, 9, 4), (6, 10, 5), (2, 7, 1), (3, 8, 2), (4, 9, 3), (5, 10, 4), (1, 6, 5), (11, 6, 7),
    (11, 7, 8), (11, 8, 9), (11, 9, 10), (11, 10, 6),
)  # fmt: skip
#: Per face: (face to the right, rotation vertex[, second face, "A"]).
_EDGE_MATCH: tuple[tuple[Any, ...], ...] = (
    (1, "B"), (2, "B"), (3, "B"), (4, "B"), (0, "B"),
    (10, "O", 14, "A"), (11, "O", 10, "A"), (12, "O", 11, "A"), (13, "O", 12, "A"),
    (14, "O", 13, "A"), (0, "O"), (1, "O"), (2, "O"), (3, "O"), (4, "O"),
    (19, "B", 5, "A"), (15, "B", 6, "A"), (16, "B", 7, "A"), (17, "B", 8, "A"), (18, "B", 9, "A"),
)  # fmt: skip


class _Iso:
    """An isometric grid vector (``_IsoVector``)."""

    __slots__ = ("x", "y")

    def __init__(self, x: int = 0, y: int = 0) -> None:
        self.x = x
        self.y = y

    def clone(self) -> _Iso:
        return _Iso(self.x, self.y)

    def key(self) -> str:
        return f"{self.x}|{self.y}"

    def rotate60_about(self, other: _Iso) -> _Iso:
        x = self.x
        self.x = other.x + other.y - self.y
        self.y = x + self.y - other.x
        return self

    def rotate120(self, m: int, n: int) -> _Iso:
        x = self.x
        self.x = m - x - self.y
        self.y = n + x
        return self

    def rotate_neg120(self, m: int, n: int) -> _Iso:
        x = self.x
        self.x = self.y - n
        self.y = m + n - x - self.y
        return self


def _hcf(a: int, b: int) -> int:
    r = a % b
    return b if r == 0 else _hcf(b, r)


class _PrimaryTriangle:
    """The (m, n) grid of one icosahedron face, mapped onto all 20 (``_PrimaryIsoTriangle``)."""

    def __init__(self, m: int, n: int) -> None:
        self.m = m
        self.n = n
        self.inner_facets: list[list[str]] = []
        self.iso_abob: list[list[_Iso]] = []
        self.iso_oboa: list[list[_Iso]] = []
        self.iso_baoa: list[list[_Iso]] = []
        self.vertex_types: list[tuple[int, int, int]] = []
        self.vec_to_idx: dict[str, int] = {}
        self.closest_to: dict[int, list[float]] = {}
        self._build()

    def _build(self) -> None:
        m, n = self.m, self.n
        vertices = [_Iso(0, 0), _Iso(m, n), _Iso(-n, m + n)]
        for y in range(n, m + 1):
            for x in range(m + 1 - y):
                vertices.append(_Iso(x, y))
        if n > 0:
            g = _hcf(m, n)
            m1, n1 = m // g, n // g
            for i in range(1, g):
                vertices.append(_Iso(i * m1, i * n1))
                vertices.append(_Iso(-i * n1, i * (m1 + n1)))
                vertices.append(_Iso(m - i * (m1 + n1), n + i * m1))
            ratio = m / n
            for y in range(1, n):
                x = 0
                while x < y * ratio:
                    vertices.append(_Iso(x, y))
                    vertices.append(_Iso(x, y).rotate120(m, n))
                    vertices.append(_Iso(x, y).rotate_neg120(m, n))
                    x += 1
        vertices.sort(key=lambda v: v.x)
        vertices.sort(key=lambda v: v.y)
        rows = m + n + 1
        low = [math.inf] * rows
        high = [-math.inf] * rows
        for v in vertices:
            low[v.y] = min(v.x, low[v.y])
            high[v.y] = max(v.x, high[v.y])

        def dist_from(vert: _Iso, prim: str) -> int:
            v = vert.clone()
            if prim == "A":
                v.rotate_neg120(m, n)
            if prim == "B":
                v.rotate120(m, n)
            return v.y if v.x < 0 else v.x + v.y

        vert_data: list[tuple[int, float, int, int]] = []
        closest = -1
        dist = -1
        self.cartesian: list[tuple[float, float]] = []
        for v in vertices:
            self.cartesian.append((2 * v.x * 0.5 + v.y * 0.5, math.sqrt(3) * v.y * 0.5))
            do, da, db = dist_from(v, "O"), dist_from(v, "A"), dist_from(v, "B")
            if do == da and da == db:
                closest, dist = 3, do
            elif do == da:
                closest, dist = 4, do
            elif da == db:
                closest, dist = 5, da
            elif db == do:
                closest, dist = 6, do
            if do < da and do < db:
                closest, dist = 2, do
            if da < do and da < db:
                closest, dist = 1, da
            if db < da and db < do:
                closest, dist = 0, db
            vert_data.append((closest, dist, v.x, v.y))
        vert_data.sort(key=lambda d: (d[0], d[1], d[3], d[2]))
        self.vert_by_dist = {
            f"{d[2]}|{d[3]}": (d[0], d[1], index) for index, d in enumerate(vert_data)
        }
        self.vertices = vertices
        self.low = low
        self.high = high

    def set_indices(self) -> None:
        index_count = 12
        vec_to_idx: dict[str, int] = {}
        closest_to: dict[int, list[float]] = {}
        m, n = self.m, self.n
        g = _hcf(m, n) if n != 0 else m
        m1, n1 = m // g, n // g
        a_vec = _Iso(m, n)
        b_vec = _Iso(-n, m + n)
        v_dist = self.vert_by_dist
        verts: Sequence[int] = ()

        def near(iso_id: str, index: int) -> list[float]:
            kind, distance, _ = v_dist[iso_id]
            if kind > 2:
                return [-kind, distance, index]
            return [verts[kind], distance, index]

        def match(f: int, fr: int, iso_id: str, iso_id_r: str) -> None:
            nonlocal index_count
            idx = f"{f}|{iso_id}"
            idx_r = f"{fr}|{iso_id_r}"
            if idx not in vec_to_idx and idx_r not in vec_to_idx:
                vec_to_idx[idx] = index_count
                vec_to_idx[idx_r] = index_count
                index_count += 1
            elif idx in vec_to_idx and idx_r not in vec_to_idx:
                vec_to_idx[idx_r] = vec_to_idx[idx]
            elif idx_r in vec_to_idx and idx not in vec_to_idx:
                vec_to_idx[idx] = vec_to_idx[idx_r]
            closest_to[vec_to_idx[idx]] = near(iso_id, vec_to_idx[idx])

        for f in range(20):
            verts = _ICO_FACE[f]
            for iso, corner in ((_Iso(0, 0), verts[2]), (a_vec, verts[1]), (b_vec, verts[0])):
                idx = f"{f}|{iso.key()}"
                if idx not in vec_to_idx:
                    vec_to_idx[idx] = corner
                    kind, distance, _ = v_dist[iso.key()]
                    closest_to[corner] = [verts[kind], distance]
            match_entry = _EDGE_MATCH[f]
            fr, rot = match_entry[0], match_entry[1]
            if rot == "B":
                for i in range(1, g):
                    ab = _Iso(m - i * (m1 + n1), n + i * m1)
                    ob = _Iso(-i * n1, i * (m1 + n1))
                    match(f, fr, ab.key(), ob.key())
            if rot == "O":
                for i in range(1, g):
                    ob = _Iso(-i * n1, i * (m1 + n1))
                    oa = _Iso(i * m1, i * n1)
                    match(f, fr, ob.key(), oa.key())
            if len(match_entry) > 2 and match_entry[3] == "A":
                fr = match_entry[2]
                for i in range(1, g):
                    oa = _Iso(i * m1, i * n1)
                    ab = _Iso(m - (g - i) * (m1 + n1), n + (g - i) * m1)
                    match(f, fr, oa.key(), ab.key())
            for vertex in self.vertices:
                iso_id = vertex.key()
                idx = f"{f}|{iso_id}"
                if idx not in vec_to_idx:
                    vec_to_idx[idx] = index_count
                    index_count += 1
                    closest_to[vec_to_idx[idx]] = near(iso_id, vec_to_idx[idx])
        self.closest_to = closest_to
        self.vec_to_idx = vec_to_idx

    def calc_coeffs(self) -> None:
        m, n = self.m, self.n
        third_r3 = math.sqrt(3) / 3
        lsqd = m * m + n * n + m * n
        self.coau = (m + n) / lsqd
        self.cobu = -n / lsqd
        self.coav = (-third_r3 * (m - n)) / lsqd
        self.cobv = (third_r3 * (2 * m + n)) / lsqd

    def _high(self, y: int) -> float:
        return self.high[y] if 0 <= y < len(self.high) else math.nan

    def create_inner_facets(self) -> None:
        m, n = self.m, self.n
        for y in range(n + m + 1):
            x = int(self.low[y])
            while x < self.high[y] + 1:
                if x < self.high[y] and x < self._high(y + 1) + 1:
                    self.inner_facets.append([f"|{x}|{y}", f"|{x}|{y + 1}", f"|{x + 1}|{y}"])
                if y > 0 and x < self._high(y - 1) and x + 1 < self.high[y] + 1:
                    self.inner_facets.append([f"|{x}|{y}", f"|{x + 1}|{y}", f"|{x + 1}|{y - 1}"])
                x += 1

    def edge_vecs_abob(self) -> None:
        m, n = self.m, self.n
        b = _Iso(-n, m + n)
        low = self.low
        for y in range(1, m + n):
            point = _Iso(int(low[y]), y)
            prev = _Iso(int(low[y - 1]), y - 1)
            nxt = _Iso(int(low[y + 1]), y + 1)
            point_r = point.clone().rotate60_about(b)
            next_r = nxt.clone().rotate60_about(b)
            max_point = _Iso(int(self.high[point_r.y]), point_r.y)
            max_prev = _Iso(int(self.high[point_r.y - 1]), point_r.y - 1)
            max_left_prev = _Iso(int(self.high[point_r.y - 1]) - 1, point_r.y - 1)
            if point_r.x != max_point.x or point_r.y != max_point.y:
                if point_r.x != max_prev.x:
                    self.vertex_types += [(1, 0, 0), (1, 0, 0)]
                    self.iso_abob += [
                        [point, max_prev, max_left_prev],
                        [point, max_left_prev, max_point],
                    ]
                elif point_r.y == next_r.y:
                    self.vertex_types += [(1, 1, 0), (1, 0, 1)]
                    self.iso_abob += [[point, prev, max_prev], [point, max_prev, nxt]]
                else:
                    self.vertex_types += [(1, 1, 0), (1, 0, 0)]
                    self.iso_abob += [[point, prev, max_prev], [point, max_prev, max_point]]

    def map_abob(self) -> None:
        m, n = self.m, self.n
        for i, triple in enumerate(self.iso_abob):
            oboa: list[_Iso] = []
            baoa: list[_Iso] = []
            for j in range(3):
                p = triple[j].clone()
                if self.vertex_types[i][j] == 0:
                    p.rotate_neg120(m, n)
                oboa.append(p)
                q = triple[j].clone()
                if self.vertex_types[i][j] == 1:
                    q.rotate120(m, n)
                baoa.append(q)
            self.iso_oboa.append(oboa)
            self.iso_baoa.append(baoa)

    def map_to_face(self, face: int, vertex: dict[int, list[float]]) -> None:
        f = _ICO_FACE[face]
        o = Vector3.FromArray(_ICO_VERTEX[f[2]])
        a = Vector3.FromArray(_ICO_VERTEX[f[1]])
        b = Vector3.FromArray(_ICO_VERTEX[f[0]])
        oa = a.subtract(o)
        ob = b.subtract(o)
        x = oa.scale(self.coau).add(ob.scale(self.cobu))
        y = oa.scale(self.coav).add(ob.scale(self.cobv))
        for i, (cx, cy) in enumerate(self.cartesian):
            mapped = x.scale(cx).add(y.scale(cy)).add(o)
            vertex[self.vec_to_idx[f"{face}|{self.vertices[i].key()}"]] = [
                mapped.x,
                mapped.y,
                mapped.z,
            ]


class _GeodesicData:
    """Vertices (unit sphere) and triangles of the (m, n) geodesic (``GeodesicData``)."""

    def __init__(self, tri: _PrimaryTriangle) -> None:
        vertex: dict[int, list[float]] = {i: list(v) for i, v in enumerate(_ICO_VERTEX)}
        self.face: list[list[int]] = []
        self.adjacent_faces: list[list[int]] = []
        tri.set_indices()
        tri.calc_coeffs()
        tri.create_inner_facets()
        tri.edge_vecs_abob()
        tri.map_abob()
        for f in range(20):
            tri.map_to_face(f, vertex)
            for facet in tri.inner_facets:
                self.face.append([tri.vec_to_idx[f"{f}{el}"] for el in facet])
            entry = _EDGE_MATCH[f]
            if entry[1] == "B":
                self._map(f, tri.iso_abob, entry[0], 0, tri)
            if entry[1] == "O":
                self._map(f, tri.iso_oboa, entry[0], 1, tri)
            if len(entry) > 2 and entry[3] == "A":
                self._map(f, tri.iso_baoa, entry[2], 1, tri)
        self.vertex = [vertex[i] for i in range(len(vertex))]
        self._order(tri)
        for v in self.vertex:
            d = math.sqrt(v[0] * v[0] + v[1] * v[1] + v[2] * v[2])
            v[0] *= 1 / d
            v[1] *= 1 / d
            v[2] *= 1 / d

    def _map(
        self, f: int, isos: list[list[_Iso]], fr: int, own: int, tri: _PrimaryTriangle
    ) -> None:
        for i, triple in enumerate(isos):
            keys = [
                f"{f if tri.vertex_types[i][j] == own else fr}|{triple[j].key()}" for j in range(3)
            ]
            self.face.append([tri.vec_to_idx[k] for k in keys])

    def _order(self, tri: _PrimaryTriangle) -> None:
        near_to: list[list[tuple[int, float]]] = [[] for _ in range(13)]
        close = tri.closest_to
        for i in range(len(close)):
            c = close[i]
            if c[0] > -1:
                if c[1] > 0:
                    near_to[int(c[0])].append((i, c[1]))
            else:
                near_to[12].append((i, c[0]))
        near = list(range(12)) + [0] * (len(self.vertex) - 12)
        near_index = 12
        for i in range(12):
            near_to[i].sort(key=lambda item: item[1])
            for j, _ in near_to[i]:
                near[j] = near_index
                near_index += 1
        for j, _ in near_to[12]:
            near[j] = near_index
            near_index += 1
        order = sorted(range(len(self.vertex)), key=lambda i: near[i])
        self.vertex = [self.vertex[i] for i in order]
        self.face = [[near[v] for v in face] for face in self.face]
        self.shared_nodes = len(near_to[12])
        self.pole_nodes = len(self.vertex) - self.shared_nodes

    def _set_order(self, m: int, faces: list[int]) -> list[int]:
        adjacent: list[int] = []
        dual: list[int] = []
        face = faces.pop()
        dual.append(face)
        index = (self.face[face].index(m) + 2) % 3
        v = self.face[face][index]
        adjacent.append(v)
        f = 0
        while faces:
            face = faces[f]
            if v in self.face[face]:
                index = (self.face[face].index(v) + 1) % 3
                v = self.face[face][index]
                adjacent.append(v)
                dual.append(face)
                del faces[f]
                f = 0
            else:
                f += 1
        self.adjacent_faces.append(adjacent)
        return dual

    def to_goldberg(self) -> tuple[list[list[float]], list[list[int]]]:
        """``toGoldbergPolyhedronData``: a vertex per triangle centre, a face per vertex."""
        faces_of: list[list[int]] = [[] for _ in self.vertex]
        for f, face in enumerate(self.face):
            for i in range(3):
                faces_of[face[i]].append(f)
        vertex: dict[int, list[float]] = {}
        dual_faces: list[list[int]] = []
        self.adjacent_faces = []
        for m, around in enumerate(faces_of):
            dual_faces.append(self._set_order(m, list(around)))
            for el in around:
                cx = cy = cz = 0.0
                for i in range(3):
                    point = self.vertex[self.face[el][i]]
                    cx += point[0]
                    cy += point[1]
                    cz += point[2]
                vertex[el] = [cx / 3, cy / 3, cz / 3]
        return [vertex[i] for i in range(len(vertex))], dual_faces


def _m_n(options: _Options) -> tuple[int, int]:
    m = math.floor(_js_or(options, ("m",), 1))
    n = math.floor(_js_or(options, ("n",), 0))
    return (n, m) if n > m else (m, n)


@bounded("CreateGeodesic", 1)
def CreateGeodesic(name: str, options: _Options = None, scene: object | None = None) -> Mesh:
    """A geodesic polyhedron (``MeshBuilder.CreateGeodesic``): the icosahedron with each face
    subdivided on the (m, n) Goldberg-Coxeter grid, pushed onto the sphere.

    Parameters
    ----------
    name
        Mesh name.
    options
        ``m`` (1), ``n`` (0; swapped with m when larger), ``size``/``sizeX/Y/Z``, ``faceUV``,
        ``faceColors``, ``flat`` (True), ``updatable``, ``sideOrientation``,
        ``frontUVs``/``backUVs`` (as
        :func:`~lite_compat.meshes.builders.shapes_solid.CreatePolyhedron`).
    scene
        Owning scene.
    """
    m, n = _m_n(options)
    data = _GeodesicData(_PrimaryTriangle(m, n))
    keys = ("size", "sizeX", "sizeY", "sizeZ", "faceUV", "faceColors", "flat", "updatable",
            "sideOrientation", "frontUVs", "backUVs")  # fmt: skip
    poly_options: dict[str, object] = {"custom": {"vertex": data.vertex, "face": data.face}}
    for key in keys:
        poly_options[key] = _get(options, key)
    return CreatePolyhedron(name, poly_options, scene)


class GoldbergMesh(Mesh):
    """The mesh ``MeshBuilder.CreateGoldberg`` returns (``BABYLON.GoldbergMesh``), with its
    ``goldbergData``: face centres, axes and colors, shared/unshared face counts and the
    adjacent faces of each face. Babylon.js does not override ``getClassName`` (``"Mesh"``)."""

    def __init__(self, name: str, scene: object | None = None) -> None:
        super().__init__(name, scene)
        self.goldbergData: dict[str, Any] = {
            "faceColors": [],
            "faceCenters": [],
            "faceZaxis": [],
            "faceXaxis": [],
            "faceYaxis": [],
            "nbSharedFaces": 0,
            "nbUnsharedFaces": 0,
            "nbFaces": 0,
            "nbFacesAtPole": 0,
            "adjacentFaces": [],
        }

    def relatedGoldbergFace(self, poleOrShared: int, fromPole: int | None = None) -> int:
        """Index of a shared face (no ``fromPole``) or of face ``fromPole`` around pole
        ``poleOrShared`` (clamped as Babylon.js clamps them)."""
        data = self.goldbergData
        if fromPole is None:
            poleOrShared = min(poleOrShared, data["nbUnsharedFaces"] - 1)
            return int(data["nbUnsharedFaces"] + poleOrShared)
        poleOrShared = min(poleOrShared, 11)
        fromPole = min(fromPole, data["nbFacesAtPole"] - 1)
        return int(12 + poleOrShared * data["nbFacesAtPole"] + fromPole)


@bounded("CreateGoldberg", 0)
def CreateGoldbergVertexData(
    options: _Options, goldbergData: tuple[Sequence[Sequence[float]], Sequence[Sequence[int]]]
) -> VertexData:
    """Vertex data of a Goldberg polyhedron from its ``(vertices, faces)``
    (``CreateGoldbergVertexData``): flat faces, uvs from the XY bounding box."""
    vertex, faces = goldbergData
    size = _js_or(options, ("size",), 1)
    sx = _js_or(options, ("sizeX",), size)
    sy = _js_or(options, ("sizeY",), size)
    sz = _js_or(options, ("sizeZ",), size)
    side_orientation = _side_orientation(options)
    min_x = min(v[0] * sx for v in vertex)
    max_x = max(v[0] * sx for v in vertex)
    min_y = min(v[1] * sy for v in vertex)
    max_y = max(v[1] * sy for v in vertex)
    positions: list[float] = []
    indices: list[int] = []
    normals: list[float] = []
    uvs: list[float] = []
    index = 0
    for verts in faces:
        a = Vector3.FromArray(vertex[verts[0]])
        b = Vector3.FromArray(vertex[verts[2]])
        c = Vector3.FromArray(vertex[verts[1]])
        norm = Vector3.Cross(c.subtract(a), b.subtract(a)).normalize()
        for v in verts:
            p = vertex[v]
            normals += [norm.x, norm.y, norm.z]
            positions += [p[0] * sx, p[1] * sy, p[2] * sz]
            uvs += [(p[0] * sx - min_x) / (max_x - min_x), (p[1] * sy - min_y) / (max_y - min_y)]
        for v in range(len(verts) - 2):
            indices += [index, index + v + 2, index + v + 1]
        index += len(verts)
    VertexData._ComputeSides(side_orientation, positions, indices, normals, uvs)
    data = VertexData()
    data.positions = positions
    data.indices = indices
    data.normals = normals
    data.uvs = uvs
    return data


@bounded("CreateGoldberg", 1)
def CreateGoldberg(
    name: str, options: _Options = None, scene: object | None = None
) -> GoldbergMesh:
    """A Goldberg polyhedron (``MeshBuilder.CreateGoldberg``): the dual of the (m, n)
    geodesic, 12 pentagons and the rest hexagons.

    Parameters
    ----------
    name
        Mesh name.
    options
        ``m`` (1), ``n`` (0), ``size``/``sizeX/Y/Z`` (1), ``updatable``, ``sideOrientation``.
    scene
        Owning scene.
    """
    opts = builder_options(options)
    size = _js_or(opts, ("size",), 1)
    scale = (_js_or(opts, ("sizeX",), size), _js_or(opts, ("sizeY",), size),
             _js_or(opts, ("sizeZ",), size))  # fmt: skip
    m, n = _m_n(opts)
    geodesic = _GeodesicData(_PrimaryTriangle(m, n))
    goldberg_vertex, goldberg_faces = geodesic.to_goldberg()
    goldberg = GoldbergMesh(name, scene)
    goldberg._originalBuilderSideOrientation = int(opts["sideOrientation"])  # type: ignore[call-overload]
    CreateGoldbergVertexData(opts, (goldberg_vertex, goldberg_faces)).applyToMesh(
        goldberg, truthy(opts.get("updatable"))
    )
    data = goldberg.goldbergData
    data["nbSharedFaces"] = geodesic.shared_nodes
    data["nbUnsharedFaces"] = geodesic.pole_nodes
    data["adjacentFaces"] = geodesic.adjacent_faces
    data["nbFaces"] = geodesic.shared_nodes + geodesic.pole_nodes
    data["nbFacesAtPole"] = (geodesic.pole_nodes - 12) / 12
    for point in geodesic.vertex:
        center = Vector3.FromArray(point)
        center.x *= scale[0]
        center.y *= scale[1]
        center.z *= scale[2]
        data["faceCenters"].append(center)
        data["faceColors"].append(Color4(1, 1, 1, 1))
    for verts in goldberg_faces:
        a = Vector3.FromArray(goldberg_vertex[verts[0]])
        b = Vector3.FromArray(goldberg_vertex[verts[2]])
        c = Vector3.FromArray(goldberg_vertex[verts[1]])
        ca = c.subtract(a)
        norm = Vector3.Cross(ca, b.subtract(a)).normalize()
        z = Vector3.Cross(ca, norm).normalize()
        data["faceXaxis"].append(ca.normalize())
        data["faceYaxis"].append(norm)
        data["faceZaxis"].append(z)
    return goldberg
