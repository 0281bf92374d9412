"""The work bound of the ``MeshBuilder`` shapes: vertex counts from the arguments, up front.

Babylon.js builds whatever its count options ask for (``tessellation``, ``segments``,
``subdivisions``, ``tileSize``, ``dashNb``, ...); a ``1e9`` there ran for minutes or ended in
``MemoryError``. Every shape whose size grows with a count option has an estimate here, read
with the builder's own JavaScript rules (``options.tessellation || 24``, ``| 0`` where the
builder truncates), of the vertices it would build, an upper bound within a small factor.
:func:`check_shape_budget` refuses a call whose estimate exceeds :data:`MAX_SHAPE_VERTICES`
with ``LITE-COMPAT-185`` naming the argument, before a mesh or a list is created, as the glTF
loader bounds accessors before decoding. The :func:`bounded` decorator runs it first in the
mesh-level ``Create*`` function and in its ``Create*VertexData`` function.

Shapes sized by the data passed in (ribbons, polygons, lines, ``CreateBox``, ``CreatePlane``,
polyhedra, decals) have no estimate: their work is linear in that data. Not a port: Babylon.js
has no such bound.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Final, TypeVar, cast

from lite.errors import LiteError
from lite_compat._js import js_number, to_int32, truthy

__all__ = ["MAX_SHAPE_VERTICES", "bounded", "check_shape_budget", "estimate_vertices"]

#: The most vertices one builder call may build (2^21; a 2,097,152-vertex sphere is about
#: 1 GiB of Python lists). Parity shapes use at most a few thousand.
MAX_SHAPE_VERTICES: Final = 1 << 21

_F = TypeVar("_F", bound=Callable[..., Any])
_Options = Mapping[str, object] | None
#: One estimate: (the argument that drives it, the vertices it would build).
_Estimate = Iterator[tuple[str, float]]


def _count(options: _Options, keys: Sequence[str], default: float, *, int32: bool = False) -> float:
    """``options.k0 || options.k1 || default`` as a count (NaN when not a number)."""
    for key in keys:
        value = None if options is None else options.get(key)
        if truthy(value):
            number = js_number(value)
            if number is None:
                return math.nan
            if int32 and math.isfinite(number):
                return float(max(to_int32(number), 0))
            return max(number, 0.0)
    return default


def _pair(value: object) -> tuple[float, float]:
    """``{w, h}`` of a tiled-ground subdivisions/precision option (at least 1 each)."""
    if not truthy(value):
        return 1.0, 1.0
    out = []
    for key in ("w", "h"):
        item = value.get(key) if isinstance(value, Mapping) else getattr(value, key, None)
        number = js_number(item)
        out.append(math.nan if number is None else max(number, 1.0))
    return out[0], out[1]


def _driver(counts: Mapping[str, float]) -> str:
    """The argument with the largest count (the one to name in a refusal)."""
    return max(counts, key=lambda k: -1.0 if math.isnan(counts[k]) else counts[k])


def _length(value: object) -> float:
    return float(len(value)) if isinstance(value, Sequence) else 1.0


def _sphere(o: _Options) -> _Estimate:
    s = _count(o, ("segments",), 32, int32=True)
    yield "segments", (s + 3) * (2 * s + 5)


def _ground(o: _Options) -> _Estimate:
    x = _count(o, ("subdivisionsX", "subdivisions"), 1, int32=True)
    y = _count(o, ("subdivisionsY", "subdivisions"), 1, int32=True)
    yield _driver({"subdivisionsX": x, "subdivisionsY": y}), (x + 1) * (y + 1)


def _cylinder(o: _Options) -> _Estimate:
    t = _count(o, ("tessellation",), 24, int32=True)
    d = _count(o, ("subdivisions",), 1, int32=True)
    yield _driver({"tessellation": t, "subdivisions": d}), 4 * (t + 1) * (d + 1) + 2 * (t + 2)


def _disc(o: _Options) -> _Estimate:
    yield "tessellation", _count(o, ("tessellation",), 64) + 2


def _torus(o: _Options) -> _Estimate:
    t = _count(o, ("tessellation",), 16, int32=True)
    yield "tessellation", (t + 1) ** 2


def _torus_knot(o: _Options) -> _Estimate:
    r = _count(o, ("radialSegments",), 32)
    t = _count(o, ("tubularSegments",), 32)
    yield _driver({"radialSegments": r, "tubularSegments": t}), (r + 1) * (t + 1)


def _ico_sphere(o: _Options) -> _Estimate:
    s = _count(o, ("subdivisions",), 4, int32=True)
    yield "subdivisions", 60 * (s + 1) ** 2


def _capsule(o: _Options) -> _Estimate:
    t = max(_count(o, ("tessellation",), 16), 3)
    sub = max(_count(o, ("subdivisions",), 2), 1)
    cap = max(_count(o, ("capSubdivisions",), 6), 1)
    top = max(_count(o, ("topCapSubdivisions",), cap), 1)
    bottom = max(_count(o, ("bottomCapSubdivisions",), cap), 1)
    counts = {
        "tessellation": t,
        "subdivisions": sub,
        "topCapSubdivisions" if o and "topCapSubdivisions" in o else "capSubdivisions": top,
        "bottomCapSubdivisions": bottom,
    }
    yield _driver(counts), (t + 1) * (sub + top + bottom + 3)


def _geodesic(o: _Options) -> _Estimate:
    m = _count(o, ("m",), 1)
    n = _count(o, ("n",), 0)
    yield _driver({"m": m, "n": n}), 120 * (m * m + m * n + n * n + 1)


def _tiles(size: float, tile: float) -> float:
    return size / tile + 3 if tile > 0 else math.inf


def _tile_driver(o: _Options, across: float, down: float) -> str:
    """``tileSize`` when given, else the tile dimension that makes more tiles."""
    if (
        o is not None
        and truthy(o.get("tileSize"))
        and not (o.get("tileWidth") or o.get("tileHeight"))
    ):
        return "tileSize"
    return "tileWidth" if across >= down else "tileHeight"


def _tiled_plane(o: _Options) -> _Estimate:
    w = _count(o, ("width", "size"), 1)
    h = _count(o, ("height", "size"), 1)
    tw = _count(o, ("tileWidth", "tileSize"), 1)
    th = _count(o, ("tileHeight", "tileSize"), 1)
    yield _tile_driver(o, _tiles(w, tw), _tiles(h, th)), 4 * _tiles(w, tw) * _tiles(h, th)


def _tiled_box(o: _Options) -> _Estimate:
    w = _count(o, ("width", "size"), 1)
    h = _count(o, ("height", "size"), 1)
    d = _count(o, ("depth", "size"), 1)
    tw = _count(o, ("tileWidth", "tileSize"), 1)
    th = _count(o, ("tileHeight", "tileSize"), 1)
    faces = (
        _tiles(w, tw) * _tiles(h, th)
        + _tiles(d, tw) * _tiles(h, th)
        + _tiles(w, tw) * _tiles(d, th)
    )
    yield _tile_driver(o, _tiles(max(w, d), tw), _tiles(max(h, d), th)), 8 * faces


def _tiled_ground(o: _Options) -> _Estimate:
    sw, sh = _pair(None if o is None else o.get("subdivisions"))
    pw, ph = _pair(None if o is None else o.get("precision"))
    yield ("subdivisions" if sw * sh >= pw * ph else "precision"), sw * sh * (pw + 1) * (ph + 1)


def _height_map(o: _Options) -> _Estimate:
    s = _count(o, ("subdivisions",), 1)
    yield "subdivisions", (s + 1) ** 2


def _dashed_lines(o: _Options) -> _Estimate:
    dashes = _count(o, ("dashNb",), 200)
    yield "dashNb", 2 * dashes + 2 * _length(None if o is None else o.get("points"))


def _tube(o: _Options) -> _Estimate:
    t = _count(o, ("tessellation",), 64)
    yield "tessellation", (t + 2) * (_length(None if o is None else o.get("path")) + 4)


def _lathe(o: _Options) -> _Estimate:
    t = _count(o, ("tessellation",), 64)
    yield "tessellation", (t + 2) * (_length(None if o is None else o.get("shape")) + 4)


def _extrude(o: _Options) -> _Estimate:
    shape = _length(None if o is None else o.get("shape"))
    path = _length(None if o is None else o.get("path"))
    yield "path", (shape + 2) * (path + 2)


def _text(o: _Options) -> _Estimate:
    yield "resolution", (_count(o, ("resolution",), 8) + 1) * 256


#: Shape name -> estimate (the vertices a call would build, per driving argument).
_ESTIMATES: Final[dict[str, Callable[[_Options], _Estimate]]] = {
    "CreateSphere": _sphere,
    "CreateGround": _ground,
    "CreateCylinder": _cylinder,
    "CreateDisc": _disc,
    "CreateTorus": _torus,
    "CreateTorusKnot": _torus_knot,
    "CreateIcoSphere": _ico_sphere,
    "CreateCapsule": _capsule,
    "CreateGeodesic": _geodesic,
    "CreateGoldberg": _geodesic,
    "CreateTiledPlane": _tiled_plane,
    "CreateTiledBox": _tiled_box,
    "CreateTiledGround": _tiled_ground,
    "CreateGroundFromHeightMap": _height_map,
    "CreateDashedLines": _dashed_lines,
    "CreateTube": _tube,
    "CreateLathe": _lathe,
    "ExtrudeShape": _extrude,
    "ExtrudeShapeCustom": _extrude,
    "CreateText": _text,
}


def estimate_vertices(shape: str, options: _Options) -> tuple[str, float] | None:
    """The largest estimate for ``shape`` with ``options``: (driving argument, vertices).

    None for a shape without an estimate. NaN estimates (an option that is not a number) are
    left to the builder's own checks.
    """
    estimate = _ESTIMATES.get(shape)
    if estimate is None or (options is not None and not isinstance(options, Mapping)):
        return None
    worst: tuple[str, float] | None = None
    for name, vertices in estimate(options):
        if not math.isnan(vertices) and (worst is None or vertices > worst[1]):
            worst = (name, vertices)
    return worst


def check_shape_budget(shape: str, options: _Options) -> None:
    """Refuse ``shape`` when ``options`` would build over :data:`MAX_SHAPE_VERTICES` vertices.

    Raises ``LITE-COMPAT-185`` naming the argument (``options.tessellation``); costs a few
    arithmetic operations, whatever the counts.
    """
    worst = estimate_vertices(shape, options)
    if worst is None or worst[1] <= MAX_SHAPE_VERTICES:
        return
    name, vertices = worst
    given = None if options is None else options.get(name)
    shown = "inf" if math.isinf(vertices) else f"{vertices:.3g}"
    raise LiteError(
        "LITE-COMPAT-185",
        f"MeshBuilder.{shape}: options.{name} = {given!r} would build about {shown} vertices, "
        f"more than MAX_SHAPE_VERTICES ({MAX_SHAPE_VERTICES:,})",
        hint=f"use a smaller {name} (or a larger tile size); the bound is "
        "lite_compat.meshes.shape_budget.MAX_SHAPE_VERTICES",
        input_name=f"options.{name}",
    )


def bounded(shape: str, options_at: int) -> Callable[[_F], _F]:
    """Decorator: :func:`check_shape_budget` on the options (positional ``options_at`` or the
    ``options`` keyword) before the builder runs."""

    def wrap(function: _F) -> _F:
        @functools.wraps(function)
        def call(*args: Any, **kwargs: Any) -> Any:
            options = args[options_at] if len(args) > options_at else kwargs.get("options")
            if options is None or isinstance(options, Mapping):
                check_shape_budget(shape, options)
            return function(*args, **kwargs)

        return cast(_F, call)

    return wrap
