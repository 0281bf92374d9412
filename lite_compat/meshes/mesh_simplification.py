"""``Mesh.simplify``: Babylon.js 9.31's quadratic error mesh decimation, as a mixin on ``Mesh``.

Ports the behaviour of Babylon.js ``Meshes/meshSimplification.js`` (``SimplificationQueue``,
``QuadraticErrorSimplification``), ``meshSimplification.common.js`` (``SimplificationSettings``,
``SimplificationType``) and ``meshSimplificationSceneComponent.js`` (``Mesh.simplify`` and the
scene's ``simplificationQueue``): Garland and Heckbert's quadric error metric, edge collapses
in the same triangle order, with the same thresholds (``1e-9 * (iteration + 3) ** 7``), the
same border detection, flip test and reference bookkeeping, and the same reconstruction of
the decimated mesh (one output vertex per original vertex offset kept, normals, uvs and colours
copied from the source). Every step is deterministic (no random numbers), so the decimated
vertex data are Babylon's own.

Divergence (documented in docs/compat.md): Babylon.js queues the task and runs it from
``scene.render()``, decimating through ``setTimeout`` chunks, so the success callback and the
LOD levels arrive later; here the queue runs at once and ``simplify`` returns after the callback
has fired and the LOD levels are added. The result does not depend on that timing.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from lite.errors import LiteError
from lite_compat._js import js_callable
from lite_compat.math.constants import Epsilon


class SimplificationType:
    """Babylon.js ``SimplificationType``: the implemented decimation algorithms.

    Only ``QUADRATIC`` (0) exists; any other value also decimates quadratically, as in
    Babylon.js.
    """

    QUADRATIC: ClassVar[int] = 0


class SimplificationSettings:
    """Babylon.js ``SimplificationSettings``: one quality level of ``Mesh.simplify``.

    Parameters
    ----------
    quality
        Fraction of the triangles to keep (the target is ``int(triangles * quality)``).
    distance
        LOD distance the decimated mesh is added at (``None``: no LOD level is added).
    optimizeMesh
        Merge vertices within 1e-4 of each other before decimating (seams stop being borders).
    """

    def __init__(
        self, quality: float, distance: float | None = None, optimizeMesh: bool | None = None
    ) -> None:
        self.quality = quality
        self.distance = distance
        self.optimizeMesh = optimizeMesh


def _field(setting: object, name: str) -> Any:
    if isinstance(setting, Mapping):
        return setting.get(name)
    return getattr(setting, name, None)


def _js_min(*values: float) -> float:
    """``Math.min``: NaN when any argument is NaN."""
    for v in values:
        if v != v:
            return v
    return min(values)


def _normalize(x: float, y: float, z: float) -> tuple[float, float, float]:
    """``Vector3.normalize``: unchanged when the length is 0 or 1, else scaled by 1/length."""
    length = math.sqrt(x * x + y * y + z * z)
    if length == 0 or length == 1.0:
        return x, y, z
    s = 1.0 / length
    return x * s, y * s, z * s


def _cross(
    ax: float, ay: float, az: float, bx: float, by: float, bz: float
) -> tuple[float, float, float]:
    return ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx


class _Vertex:
    __slots__ = (
        "position",
        "id",
        "isBorder",
        "q",
        "triangleCount",
        "triangleStart",
        "originalOffsets",
    )

    def __init__(self, position: list[float], vid: int) -> None:
        self.position = position
        self.id = vid
        self.isBorder = True
        self.q = [0.0] * 10
        self.triangleCount = 0
        self.triangleStart = 0
        self.originalOffsets: list[int] = []


class _Triangle:
    __slots__ = (
        "vertices",
        "error",
        "deleted",
        "isDirty",
        "deletePending",
        "borderFactor",
        "normal",
        "originalOffset",
    )

    def __init__(self, vertices: list[_Vertex], original_offset: int) -> None:
        self.vertices = vertices
        self.error = [0.0, 0.0, 0.0, 0.0]
        self.deleted = False
        self.isDirty = False
        self.deletePending = False
        self.borderFactor = 0.0
        self.normal = (0.0, 0.0, 0.0)
        self.originalOffset = original_offset


def _det(
    d: list[float],
    a11: int,
    a12: int,
    a13: int,
    a21: int,
    a22: int,
    a23: int,
    a31: int,
    a32: int,
    a33: int,
) -> float:
    return (
        d[a11] * d[a22] * d[a33]
        + d[a13] * d[a21] * d[a32]
        + d[a12] * d[a23] * d[a31]
        - d[a13] * d[a22] * d[a31]
        - d[a11] * d[a23] * d[a32]
        - d[a12] * d[a21] * d[a33]
    )


def _vertex_error(q: list[float], p: Sequence[float]) -> float:
    x, y, z = p[0], p[1], p[2]
    return (
        q[0] * x * x
        + 2 * q[1] * x * y
        + 2 * q[2] * x * z
        + 2 * q[3] * x
        + q[4] * y * y
        + 2 * q[5] * y * z
        + 2 * q[6] * y
        + q[7] * z * z
        + 2 * q[8] * z
        + q[9]
    )


class QuadraticErrorSimplification:
    """Babylon.js ``QuadraticErrorSimplification``: decimates one mesh into a new one.

    Parameters
    ----------
    _mesh
        The source mesh (left unchanged).

    Attributes
    ----------
    syncIterations, aggressiveness, decimationIterations, boundingBoxEpsilon
        Babylon's tuning values (5000, 7, 100, Epsilon); ``syncIterations`` only sized
        Babylon's asynchronous chunks and changes nothing here.
    """

    def __init__(self, _mesh: Any) -> None:
        self._mesh = _mesh
        self.syncIterations = 5000
        self.aggressiveness = 7
        self.decimationIterations = 100
        self.boundingBoxEpsilon = Epsilon
        self._vertices: list[_Vertex] = []
        self._triangles: list[_Triangle] = []
        self._references: list[tuple[int, int]] = []
        self._reconstructedMesh: Any = None

    def simplify(self, settings: Any, successCallback: Callable[[Any], object]) -> None:
        """Decimate every sub-mesh at ``settings.quality`` and pass the new mesh to the callback.

        Parameters
        ----------
        settings
            A :class:`SimplificationSettings` (or a mapping/object with ``quality`` and
            ``optimizeMesh``).
        successCallback
            Called with the decimated mesh (synchronously here; Babylon.js calls it later).
        """
        _check_mesh(self._mesh, "QuadraticErrorSimplification.simplify")
        quality = _check_quality(settings, "QuadraticErrorSimplification.simplify")
        self._init_decimated_mesh()
        for index in range(len(self._mesh.subMeshes)):
            self._init_with_mesh(index, bool(_field(settings, "optimizeMesh")))
            self._run_decimation(quality, index)
        js_callable(successCallback, 1)(self._reconstructedMesh)

    # -- decimation --------------------------------------------------------------------------

    def _run_decimation(self, quality: float, submesh_index: int) -> None:
        target = math.trunc(len(self._triangles) * quality)
        triangle_count = len(self._triangles)
        deleted = 0
        for iteration in range(self.decimationIterations):
            if triangle_count - deleted <= target:
                break
            if iteration % 5 == 0:
                self._update_mesh(iteration == 0)
            for t in self._triangles:
                t.isDirty = False
            threshold = 0.000000001 * float((iteration + 3) ** self.aggressiveness)
            n = len(self._triangles)
            for i in range(n):
                deleted = self._collapse_one(int((n / 2 + i) % n), threshold, deleted)
                if triangle_count - deleted <= target:
                    break
        self._reconstruct_mesh(submesh_index)

    def _collapse_one(self, t_idx: int, threshold: float, deleted: int) -> int:
        t = self._triangles[t_idx]
        if t.error[3] > threshold or t.deleted or t.isDirty:
            return deleted
        for j in range(3):
            if not t.error[j] < threshold:
                continue
            v0 = t.vertices[j]
            v1 = t.vertices[(j + 1) % 3]
            if v0.isBorder or v1.isBorder:
                continue
            p = [0.0, 0.0, 0.0]
            self._calculate_error(v0, v1, p)
            del_tr: list[_Triangle] = []
            deleted0: dict[int, bool] = {}
            deleted1: dict[int, bool] = {}
            if self._is_flipped(v0, v1, p, deleted0, del_tr):
                continue
            if self._is_flipped(v1, v0, p, deleted1, del_tr):
                continue
            if True not in deleted0.values() or True not in deleted1.values():
                continue
            unique: list[_Triangle] = []
            for dt in del_tr:
                if not any(u is dt for u in unique):
                    dt.deletePending = True
                    unique.append(dt)
            if len(unique) % 2 != 0:
                continue
            v0.q = [a + b for a, b in zip(v1.q, v0.q, strict=True)]
            v0.position = p
            t_start = len(self._references)
            deleted = self._update_triangles(v0, v0, deleted0, deleted)
            deleted = self._update_triangles(v0, v1, deleted1, deleted)
            t_count = len(self._references) - t_start
            if t_count <= v0.triangleCount:
                for c in range(t_count):
                    self._references[v0.triangleStart + c] = self._references[t_start + c]
            else:
                v0.triangleStart = t_start
            v0.triangleCount = t_count
            break
        return deleted

    def _is_flipped(
        self,
        vertex1: _Vertex,
        vertex2: _Vertex,
        point: list[float],
        deleted: dict[int, bool],
        del_tr: list[_Triangle],
    ) -> bool:
        px, py, pz = point
        for i in range(vertex1.triangleCount):
            vid, tid = self._references[vertex1.triangleStart + i]
            t = self._triangles[tid]
            if t.deleted:
                continue
            a = t.vertices[(vid + 1) % 3]
            b = t.vertices[(vid + 2) % 3]
            if a is vertex2 or b is vertex2:
                deleted[i] = True
                del_tr.append(t)
                continue
            d1 = _normalize(a.position[0] - px, a.position[1] - py, a.position[2] - pz)
            d2 = _normalize(b.position[0] - px, b.position[1] - py, b.position[2] - pz)
            if abs(d1[0] * d2[0] + d1[1] * d2[1] + d1[2] * d2[2]) > 0.999:
                return True
            nx, ny, nz = _normalize(*_cross(*d1, *d2))
            deleted[i] = False
            tn = t.normal
            if nx * tn[0] + ny * tn[1] + nz * tn[2] < 0.2:
                return True
        return False

    def _update_triangles(
        self, orig: _Vertex, vertex: _Vertex, deleted_array: dict[int, bool], deleted: int
    ) -> int:
        for i in range(vertex.triangleCount):
            ref = self._references[vertex.triangleStart + i]
            t = self._triangles[ref[1]]
            if t.deleted:
                continue
            if deleted_array.get(i) and t.deletePending:
                t.deleted = True
                deleted += 1
                continue
            t.vertices[ref[0]] = orig
            t.isDirty = True
            vs = t.vertices
            half = t.borderFactor / 2
            t.error[0] = self._calculate_error(vs[0], vs[1]) + half
            t.error[1] = self._calculate_error(vs[1], vs[2]) + half
            t.error[2] = self._calculate_error(vs[2], vs[0]) + half
            t.error[3] = _js_min(t.error[0], t.error[1], t.error[2])
            self._references.append(ref)
        return deleted

    def _calculate_error(
        self, vertex1: _Vertex, vertex2: _Vertex, point: list[float] | None = None
    ) -> float:
        q = [a + b for a, b in zip(vertex1.q, vertex2.q, strict=True)]
        border = vertex1.isBorder and vertex2.isBorder
        q_det = _det(q, 0, 1, 2, 1, 4, 5, 2, 5, 7)
        if q_det != 0 and not border:
            res = [
                (-1 / q_det) * _det(q, 1, 2, 3, 4, 5, 6, 5, 7, 8),
                (1 / q_det) * _det(q, 0, 2, 3, 1, 5, 6, 2, 7, 8),
                (-1 / q_det) * _det(q, 0, 1, 3, 1, 4, 6, 2, 5, 8),
            ]
            if point is not None:
                point[:] = res
            return _vertex_error(q, res)
        pa, pb = vertex1.position, vertex2.position
        p3 = [(pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2, (pa[2] + pb[2]) / 2]
        error1 = _vertex_error(q, pa)
        error2 = _vertex_error(q, pb)
        error3 = _vertex_error(q, p3)
        error = _js_min(error1, error2, error3)
        if point is not None:
            if error == error1:
                point[:] = pa
            elif error == error2:
                point[:] = pb
            else:
                point[:] = p3
        return error

    # -- set-up ------------------------------------------------------------------------------

    def _init_with_mesh(self, submesh_index: int, optimize: bool) -> None:
        self._vertices = []
        self._triangles = []
        positions = self._mesh.getVerticesData("position")
        indices = self._mesh.getIndices()
        sub = self._mesh.subMeshes[submesh_index]
        references: list[int] = []
        if positions:
            for i in range(sub.verticesCount):
                offset = i + sub.verticesStart
                pos = [
                    float(positions[offset * 3]),
                    float(positions[offset * 3 + 1]),
                    float(positions[offset * 3 + 2]),
                ]
                vertex = self._find(pos) if optimize else None
                if vertex is None:
                    vertex = _Vertex(pos, len(self._vertices))
                vertex.originalOffsets.append(offset)
                if vertex.id == len(self._vertices):
                    self._vertices.append(vertex)
                references.append(vertex.id)
        if indices:
            start = sub.verticesStart
            for i in range(sub.indexCount // 3):
                pos3 = (sub.indexStart // 3 + i) * 3
                tri = [self._vertices[references[int(indices[pos3 + k]) - start]] for k in range(3)]
                self._triangles.append(_Triangle(tri, pos3))
        self._init()

    def _find(self, pos: list[float]) -> _Vertex | None:
        for v in self._vertices:
            p = v.position
            if (
                abs(p[0] - pos[0]) <= 0.0001
                and abs(p[1] - pos[1]) <= 0.0001
                and abs(p[2] - pos[2]) <= 0.0001
            ):
                return v
        return None

    def _init(self) -> None:
        for t in self._triangles:
            p0, p1, p2 = (v.position for v in t.vertices)
            n = _normalize(
                *_cross(
                    p1[0] - p0[0],
                    p1[1] - p0[1],
                    p1[2] - p0[2],
                    p2[0] - p0[0],
                    p2[1] - p0[1],
                    p2[2] - p0[2],
                )
            )
            t.normal = n
            a, b, c = n
            d = -(a * p0[0] + b * p0[1] + c * p0[2])
            data = (a * a, a * b, a * c, a * d, b * b, b * c, b * d, c * c, c * d, d * d)
            for v in t.vertices:
                q = v.q
                for k in range(10):
                    q[k] += data[k]
        for t in self._triangles:
            vs = t.vertices
            for j in range(3):
                t.error[j] = self._calculate_error(vs[j], vs[(j + 1) % 3])
            t.error[3] = _js_min(t.error[0], t.error[1], t.error[2])

    def _update_mesh(self, identify_borders: bool) -> None:
        if not identify_borders:
            self._triangles = [t for t in self._triangles if not t.deleted]
        for v in self._vertices:
            v.triangleCount = 0
            v.triangleStart = 0
        for t in self._triangles:
            for v in t.vertices:
                v.triangleCount += 1
        start = 0
        for v in self._vertices:
            v.triangleStart = start
            start += v.triangleCount
            v.triangleCount = 0
        refs: list[tuple[int, int]] = [(0, 0)] * (len(self._triangles) * 3)
        for i, t in enumerate(self._triangles):
            for j, v in enumerate(t.vertices):
                refs[v.triangleStart + v.triangleCount] = (j, i)
                v.triangleCount += 1
        self._references = refs
        if identify_borders:
            self._identify_border()

    def _identify_border(self) -> None:
        for v in self._vertices:
            counts: dict[int, int] = {}
            for j in range(v.triangleCount):
                t = self._triangles[self._references[v.triangleStart + j][1]]
                for vv in t.vertices:
                    counts[vv.id] = counts.get(vv.id, 0) + 1
            for vid, count in counts.items():
                self._vertices[vid].isBorder = count == 1

    # -- output ------------------------------------------------------------------------------

    def _init_decimated_mesh(self) -> None:
        mesh = self._mesh
        mesh_class = next(c for c in type(mesh).__mro__ if MeshSimplifyMembers in c.__bases__)
        out = mesh_class(mesh.name + "Decimated", mesh.getScene())
        out.material = mesh.material
        out.parent = mesh.parent
        out.isVisible = False
        out.renderingGroupId = mesh.renderingGroupId
        self._reconstructedMesh = out

    def _reconstruct_mesh(self, submesh_index: int) -> None:
        out = self._reconstructedMesh
        mesh = self._mesh
        for v in self._vertices:
            v.triangleCount = 0
        kept = [t for t in self._triangles if not t.deleted]
        for t in kept:
            for v in t.vertices:
                v.triangleCount = 1
        new_pos = list(out.getVerticesData("position") or [])
        new_nrm = list(out.getVerticesData("normal") or [])
        new_uv = list(out.getVerticesData("uv") or [])
        new_col = list(out.getVerticesData("color") or [])
        normals = mesh.getVerticesData("normal")
        uvs = mesh.getVerticesData("uv")
        colors = mesh.getVerticesData("color")
        vertex_count = 0
        for v in self._vertices:
            v.id = vertex_count
            if not v.triangleCount:
                continue
            for off in v.originalOffsets:
                new_pos.extend(v.position)
                if normals:
                    new_nrm.extend(normals[off * 3 : off * 3 + 3])
                if uvs:
                    new_uv.extend(uvs[off * 2 : off * 2 + 2])
                if colors:
                    new_col.extend(colors[off * 4 : off * 4 + 4])
                vertex_count += 1
        starting_index = out.getTotalIndices()
        starting_vertex = out.getTotalVertices()
        previous = list(out.subMeshes or [])
        out.subMeshes = []
        new_indices = list(out.getIndices() or [])
        original = mesh.getIndices()
        for t in kept:
            for k in range(3):
                offsets = t.vertices[k].originalOffsets
                ident = original[t.originalOffset + k]
                offset = offsets.index(ident) if ident in offsets else 0
                new_indices.append(t.vertices[k].id + offset + starting_vertex)
        out.setIndices(new_indices)
        out.setVerticesData("position", new_pos)
        if new_nrm:
            out.setVerticesData("normal", new_nrm)
        if new_uv:
            out.setVerticesData("uv", new_uv)
        if new_col:
            out.setVerticesData("color", new_col)
        if submesh_index > 0:
            source = mesh.subMeshes[submesh_index]
            sub_class = type(source)
            out.subMeshes = []
            for s in previous:
                sub_class(
                    s.materialIndex,
                    s.verticesStart,
                    s.verticesCount,
                    s.indexStart,
                    s.indexCount,
                    out,
                )
            sub_class(
                source.materialIndex,
                starting_vertex,
                vertex_count,
                starting_index,
                len(kept) * 3,
                out,
            )


class SimplificationQueue:
    """Babylon.js ``SimplificationQueue``: the scene's list of pending ``simplify`` tasks.

    ``executeNext`` pops the most recently added task (Babylon's order) and runs it to the
    end at once; ``running`` is True only while a task runs.
    """

    def __init__(self) -> None:
        self.running = False
        self._simplificationArray: list[dict[str, Any]] = []

    def addTask(self, task: Mapping[str, Any]) -> None:
        """Queue a task (``settings``, ``parallelProcessing``, ``mesh``, ``simplificationType``,
        ``successCallback``)."""
        self._simplificationArray.append(dict(task))

    def executeNext(self) -> None:
        """Run the last queued task, or mark the queue idle when none is left."""
        if self._simplificationArray:
            task = self._simplificationArray.pop()
            self.running = True
            self.runSimplification(task)
        else:
            self.running = False

    def runSimplification(self, task: Mapping[str, Any]) -> None:
        """Decimate the task's mesh at each of its settings, adding LOD levels and calling back.

        Parameters
        ----------
        task
            A mapping with Babylon's task fields.
        """
        mesh = task["mesh"]
        settings = list(task["settings"])
        callback = task.get("successCallback")
        last_quality = _field(settings[-1], "quality") if settings else None

        def done(setting: object, new_mesh: Any) -> None:
            distance = _field(setting, "distance")
            if distance is not None:
                mesh.addLODLevel(distance, new_mesh)
            new_mesh.isVisible = True

        if task.get("parallelProcessing"):
            for setting in settings:

                def finished(new_mesh: Any, setting: object = setting) -> None:
                    done(setting, new_mesh)
                    if _field(setting, "quality") == last_quality and callback:
                        callback()
                    self.executeNext()

                QuadraticErrorSimplification(mesh).simplify(setting, finished)
        else:
            simplifier = QuadraticErrorSimplification(mesh)
            for setting in settings:

                def level_done(new_mesh: Any, setting: object = setting) -> None:
                    done(setting, new_mesh)

                simplifier.simplify(setting, level_done)
            if callback:
                callback()
            self.executeNext()


def _is_mesh(obj: object) -> bool:
    return isinstance(obj, MeshSimplifyMembers)


def _check_mesh(mesh: Any, member: str) -> None:
    if not _is_mesh(mesh):
        raise LiteError(
            "LITE-COMPAT-231",
            f"{member}: the source must be a Mesh, got {type(mesh).__name__}",
            hint="pass a Mesh (e.g. one made by MeshBuilder)",
            input_name="mesh",
        )
    if not getattr(mesh, "subMeshes", None) or mesh.getVerticesData("position") is None:
        raise LiteError(
            "LITE-COMPAT-231",
            f"{member}: mesh {mesh.name!r} has no geometry (no positions or sub-meshes)",
            hint="simplify a mesh with vertex data and indices (e.g. from MeshBuilder)",
            input_name="mesh",
        )
    count = len(mesh.getVerticesData("position")) // 3
    indices = mesh.getIndices() or []
    for n, sub in enumerate(mesh.subMeshes):
        start, end = sub.verticesStart, sub.verticesStart + sub.verticesCount
        first, last = sub.indexStart, sub.indexStart + sub.indexCount
        if (
            end > count
            or last > len(indices)
            or any(not start <= int(i) < end for i in indices[first:last])
        ):
            raise LiteError(
                "LITE-COMPAT-231",
                f"{member}: sub-mesh {n} of {mesh.name!r} reaches outside the mesh's data "
                f"(vertices {start}..{end} of {count}, indices {first}..{last} of {len(indices)})",
                hint="give each sub-mesh ranges within the vertex data and indices it uses",
                input_name="mesh",
            )


def _check_quality(setting: object, member: str) -> float:
    quality = _field(setting, "quality")
    if isinstance(quality, bool) or not isinstance(quality, int | float):
        raise LiteError(
            "LITE-COMPAT-230",
            f"{member}: each setting needs a numeric quality, got {setting!r}",
            hint="pass SimplificationSettings(quality, distance) or {'quality': 0.5, ...}",
            input_name="settings",
        )
    distance = _field(setting, "distance")
    if distance is not None and (
        isinstance(distance, bool) or not isinstance(distance, int | float)
    ):
        raise LiteError(
            "LITE-COMPAT-230",
            f"{member}: a setting's distance must be a number or None, got {distance!r}",
            hint="pass SimplificationSettings(quality, distance) with a numeric distance",
            input_name="settings",
        )
    return float(quality)


class MeshSimplifyMembers:
    """``Mesh.simplify``: queue a decimation task on the scene's ``simplificationQueue``."""

    def simplify(
        self,
        settings: Sequence[SimplificationSettings | Mapping[str, Any]],
        parallelProcessing: bool = True,
        simplificationType: int = SimplificationType.QUADRATIC,
        successCallback: Callable[[], object] | None = None,
    ) -> Any:
        """Decimate this mesh at each quality of ``settings`` and add the results as LOD levels.

        Parameters
        ----------
        settings
            Quality levels: :class:`SimplificationSettings` or mappings with ``quality``,
            ``distance`` (the LOD distance; None adds no level) and ``optimizeMesh``.
        parallelProcessing
            Babylon's parallel mode (one simplifier per level; the callback fires when the
            level whose quality equals the last one's is done). Same results either way.
        simplificationType
            ``SimplificationType.QUADRATIC`` (the only algorithm).
        successCallback
            Called with no argument when done.

        Returns
        -------
        Mesh
            This mesh. Unlike Babylon.js (which runs the task from the next ``scene.render()``
            through timers), the task has run and the LOD levels are added when this returns.

        Raises
        ------
        LiteError
            ``LITE-COMPAT-230`` for settings without a numeric quality (or a non-numeric
            distance), ``LITE-COMPAT-231`` for a mesh without geometry, ``LITE-COMPAT-232``
            for a successCallback that cannot be called. Nothing is queued then.
        """
        member = "Mesh.simplify"
        if isinstance(settings, str | bytes | Mapping) or not isinstance(settings, Sequence):
            raise LiteError(
                "LITE-COMPAT-230",
                f"{member}: settings must be a list of SimplificationSettings, got {settings!r}",
                hint="pass [SimplificationSettings(0.5, 10)] or [{'quality': 0.5, 'distance': 10}]",
                input_name="settings",
            )
        for setting in settings:
            _check_quality(setting, member)
        if successCallback is not None and not callable(successCallback):
            raise LiteError(
                "LITE-COMPAT-232",
                f"{member}: successCallback must be callable, got {successCallback!r}",
                hint="pass a function taking no argument, or None",
                input_name="successCallback",
            )
        if settings:
            _check_mesh(self, member)
        scene = self.getScene()  # type: ignore[attr-defined]
        queue = getattr(scene, "simplificationQueue", None)
        if not isinstance(queue, SimplificationQueue):
            queue = SimplificationQueue()
            scene.simplificationQueue = queue
        queue.addTask(
            {
                "settings": list(settings),
                "parallelProcessing": parallelProcessing,
                "mesh": self,
                "simplificationType": simplificationType,
                "successCallback": successCallback,
            }
        )
        if not queue.running:
            queue.executeNext()
        return self
