"""``MeshBuilder`` lines, line systems and dashed lines, and the ``LinesMesh`` they return.

Port of ``@babylonjs/core`` 9.31 ``Meshes/Builders/linesBuilder.pure.js`` and the state of
``Meshes/linesMesh.pure.js`` (``color``, ``alpha``, ``useVertexColor``, ``useVertexAlpha``,
``intersectionThreshold``; the color shader Babylon.js makes for drawing is not, so
``material`` stays what the caller gave). Indices are line-list pairs, as in Babylon.js. The
``instance`` option updates a line mesh built before in place.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from lite_compat._js import truthy
from lite_compat.math import Color3, Vector3
from lite_compat.meshes.builders.shapes_common import require_option
from lite_compat.meshes.mesh import Mesh
from lite_compat.meshes.shape_budget import bounded
from lite_compat.meshes.vertex_data import VertexBuffer, VertexData
from lite_compat.nodes.transform_node import TransformNode

__all__ = [
    "CreateDashedLines",
    "CreateDashedLinesVertexData",
    "CreateLineSystem",
    "CreateLineSystemVertexData",
    "CreateLines",
    "LinesMesh",
]

_Options = Mapping[str, object] | None


def _xyz(point: object) -> tuple[float, float, float]:
    if isinstance(point, Sequence) and len(point) == 3:
        return float(point[0]), float(point[1]), float(point[2])
    return (
        float(getattr(point, "x")),  # noqa: B009
        float(getattr(point, "y")),  # noqa: B009
        float(getattr(point, "z")),  # noqa: B009
    )


def _rgba(color: object) -> list[float]:
    return [float(getattr(color, k)) for k in ("r", "g", "b", "a")]


class LinesMesh(Mesh):
    """A mesh drawn as line segments (``BABYLON.LinesMesh``); its indices are pairs.

    Parameters
    ----------
    name
        Mesh name.
    scene
        Owning scene.
    parent
        Optional parent node.
    source
        A lines mesh to copy ``color``/``alpha``/``useVertexColor``/``useVertexAlpha`` from.
    doNotCloneChildren
        Accepted for Babylon's signature.
    useVertexColor
        Per-vertex colors instead of :attr:`color`.
    useVertexAlpha
        Per-vertex alpha.
    material
        A material to use (Babylon.js otherwise makes its own color shader).
    """

    def __init__(
        self,
        name: str,
        scene: object | None = None,
        parent: TransformNode | None = None,
        source: LinesMesh | None = None,
        doNotCloneChildren: bool | None = None,
        useVertexColor: bool | None = None,
        useVertexAlpha: bool | None = None,
        material: object | None = None,
    ) -> None:
        super().__init__(name, scene, parent)
        self.useVertexColor = useVertexColor
        self.useVertexAlpha = useVertexAlpha
        self.color = Color3(1, 1, 1)
        self.alpha = 1.0
        if source is not None:
            self.color = source.color.clone()
            self.alpha = source.alpha
            self.useVertexColor = source.useVertexColor
            self.useVertexAlpha = source.useVertexAlpha
        self.intersectionThreshold = 0.1
        if material is not None:
            self.material = material

    def getClassName(self) -> str:
        """``"LinesMesh"``."""
        return "LinesMesh"

    @property
    def checkCollisions(self) -> bool:
        """Always False: lines do not collide (setting it is ignored, as in Babylon.js)."""
        return False

    @checkCollisions.setter
    def checkCollisions(self, value: bool) -> None:
        pass


def CreateLineSystemVertexData(options: Mapping[str, object]) -> VertexData:
    """Vertex data of several polylines (``VertexData.CreateLineSystem``).

    Parameters
    ----------
    options
        ``lines`` (a list of point lists, required), ``colors`` (a list of Color4 lists, one
        per point).
    """
    lines = require_option(options, "lines", "CreateLineSystem", "a list of Vector3 lists")
    colors = options.get("colors")
    indices: list[int] = []
    positions: list[float] = []
    vertex_colors: list[float] = []
    idx = 0
    for line_index, points in enumerate(lines):
        for index, point in enumerate(points):
            positions.extend(_xyz(point))
            if colors:
                vertex_colors += _rgba(colors[line_index][index])  # type: ignore[index]
            if index > 0:
                indices += [idx - 1, idx]
            idx += 1
    data = VertexData()
    data.indices = indices
    data.positions = positions
    if colors:
        data.colors = vertex_colors
    return data


@bounded("CreateDashedLines", 0)
def CreateDashedLinesVertexData(options: Mapping[str, object]) -> VertexData:
    """Vertex data of a dashed polyline (``VertexData.CreateDashedLines``).

    Parameters
    ----------
    options
        ``points`` (required), ``dashSize`` (3), ``gapSize`` (1), ``dashNb`` (200).
    """
    dash_size = float(options["dashSize"]) if truthy(options.get("dashSize")) else 3.0  # type: ignore[arg-type]
    gap_size = float(options["gapSize"]) if truthy(options.get("gapSize")) else 1.0  # type: ignore[arg-type]
    dash_nb = float(options["dashNb"]) if truthy(options.get("dashNb")) else 200.0  # type: ignore[arg-type]
    raw = require_option(options, "points", "CreateDashedLines", "a list of Vector3")
    points = [Vector3(*_xyz(p)) for p in raw]
    positions: list[float] = []
    indices: list[int] = []
    curvect = Vector3.Zero()
    lg = 0.0
    for i in range(len(points) - 1):
        points[i + 1].subtractToRef(points[i], curvect)
        lg += curvect.length()
    shft = lg / dash_nb
    dashshft = (dash_size * shft) / (dash_size + gap_size)
    idx = 0
    for i in range(len(points) - 1):
        points[i + 1].subtractToRef(points[i], curvect)
        nb = math.floor(curvect.length() / shft) if shft != 0 else 0
        curvect.normalize()
        p = points[i]
        for j in range(nb):
            curshft = shft * j
            positions += [
                p.x + curshft * curvect.x, p.y + curshft * curvect.y, p.z + curshft * curvect.z,
                p.x + (curshft + dashshft) * curvect.x,
                p.y + (curshft + dashshft) * curvect.y,
                p.z + (curshft + dashshft) * curvect.z,
            ]  # fmt: skip
            indices += [idx, idx + 1]
            idx += 2
    data = VertexData()
    data.positions = positions
    data.indices = indices
    return data


def CreateLineSystem(name: str, options: _Options = None, scene: object | None = None) -> LinesMesh:
    """A line system mesh (``MeshBuilder.CreateLineSystem``).

    Parameters
    ----------
    name
        Mesh name.
    options
        ``lines`` (list of point lists, required), ``colors`` (Color4 lists), ``useVertexAlpha``,
        ``material``, ``updatable``, ``instance`` (a line system to update in place).
    scene
        Owning scene.
    """
    opts = dict(options or {})
    instance = opts.get("instance")
    colors = opts.get("colors")
    if isinstance(instance, Mesh):
        lines = require_option(opts, "lines", "CreateLineSystem", "a list of Vector3 lists")
        positions = list(instance.getVerticesData(VertexBuffer.PositionKind) or [])
        vertex_color = list(instance.getVerticesData(VertexBuffer.ColorKind) or [])
        i = 0
        c = 0
        for line_index, points in enumerate(lines):
            for p, point in enumerate(points):
                positions[i : i + 3] = _xyz(point)
                if colors and vertex_color:
                    vertex_color[c : c + 4] = _rgba(colors[line_index][p])  # type: ignore[index]
                    c += 4
                i += 3
        instance.setVerticesData(VertexBuffer.PositionKind, positions, True)
        if colors and vertex_color:
            instance.setVerticesData(VertexBuffer.ColorKind, vertex_color, True)
        return instance  # type: ignore[return-value]
    line_system = LinesMesh(
        name, scene, None, None, None, bool(colors), opts.get("useVertexAlpha"),  # type: ignore[arg-type]
        opts.get("material"),
    )  # fmt: skip
    CreateLineSystemVertexData(opts).applyToMesh(line_system, truthy(opts.get("updatable")))
    return line_system


def CreateLines(name: str, options: _Options = None, scene: object | None = None) -> LinesMesh:
    """A polyline mesh (``MeshBuilder.CreateLines``).

    Parameters
    ----------
    name
        Mesh name.
    options
        ``points`` (required), ``colors`` (one Color4 per point), ``useVertexAlpha``,
        ``material``, ``updatable``, ``instance``.
    scene
        Owning scene.
    """
    opts = dict(options or {})
    points = require_option(opts, "points", "CreateLines", "a list of Vector3")
    colors = [opts["colors"]] if truthy(opts.get("colors")) else None
    return CreateLineSystem(
        name,
        {
            "lines": [points],
            "updatable": opts.get("updatable"),
            "instance": opts.get("instance"),
            "colors": colors,
            "useVertexAlpha": opts.get("useVertexAlpha"),
            "material": opts.get("material"),
        },
        scene,
    )


@bounded("CreateDashedLines", 1)
def CreateDashedLines(
    name: str, options: _Options = None, scene: object | None = None
) -> LinesMesh:
    """A dashed polyline mesh (``MeshBuilder.CreateDashedLines``); see
    :func:`CreateDashedLinesVertexData` for the options (plus ``useVertexAlpha``,
    ``material``, ``updatable`` and ``instance``)."""
    opts = dict(options or {})
    instance = opts.get("instance")
    gap_size = float(opts["gapSize"]) if truthy(opts.get("gapSize")) else 1.0  # type: ignore[arg-type]
    dash_size = float(opts["dashSize"]) if truthy(opts.get("dashSize")) else 3.0  # type: ignore[arg-type]
    if isinstance(instance, Mesh):
        raw = require_option(opts, "points", "CreateDashedLines", "a list of Vector3")
        points = [Vector3(*_xyz(p)) for p in raw]
        positions = list(instance.getVerticesData(VertexBuffer.PositionKind) or [])
        storage = getattr(instance, "_creationDataStorage", None)
        stored_dash = float(getattr(storage, "dashSize", dash_size))
        stored_gap = float(getattr(storage, "gapSize", gap_size))
        curvect = Vector3.Zero()
        nb_seg = len(positions) / 6
        lg = 0.0
        for i in range(len(points) - 1):
            points[i + 1].subtractToRef(points[i], curvect)
            lg += curvect.length()
        shft = lg / nb_seg
        dashshft = (stored_dash * shft) / (stored_dash + stored_gap)
        p = 0
        i = 0
        for i in range(len(points) - 1):
            points[i + 1].subtractToRef(points[i], curvect)
            nb = math.floor(curvect.length() / shft)
            curvect.normalize()
            j = 0
            start = points[i]
            while j < nb and p < len(positions):
                curshft = shft * j
                positions[p : p + 6] = [
                    start.x + curshft * curvect.x, start.y + curshft * curvect.y,
                    start.z + curshft * curvect.z, start.x + (curshft + dashshft) * curvect.x,
                    start.y + (curshft + dashshft) * curvect.y,
                    start.z + (curshft + dashshft) * curvect.z,
                ]  # fmt: skip
                p += 6
                j += 1
        if len(points) > 1:
            i += 1
        while p < len(positions):
            positions[p : p + 3] = [points[i].x, points[i].y, points[i].z]
            p += 3
        instance.setVerticesData(VertexBuffer.PositionKind, positions, True)
        return instance  # type: ignore[return-value]
    dashed = LinesMesh(
        name, scene, None, None, None, None, opts.get("useVertexAlpha"),  # type: ignore[arg-type]
        opts.get("material"),
    )  # fmt: skip
    CreateDashedLinesVertexData(opts).applyToMesh(dashed, truthy(opts.get("updatable")))
    storage_new = _DashStorage(dash_size, gap_size)
    dashed._creationDataStorage = storage_new  # type: ignore[attr-defined]
    return dashed


class _DashStorage:
    """``_creationDataStorage`` of a dashed-lines mesh (its dash and gap sizes)."""

    def __init__(self, dash_size: float, gap_size: float) -> None:
        self.dashSize = dash_size
        self.gapSize = gap_size
