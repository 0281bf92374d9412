"""Helpers the ``MeshBuilder`` shape modules share: JavaScript option reads, normals, float32.

Ports ``VertexData.ComputeNormals`` (``@babylonjs/core`` 9.31 ``Meshes/mesh.vertexData.js``,
without the facet options no builder passes), the ``Mesh.NO_CAP``/``CAP_*`` constants, and the
small steps every ``Create*`` function repeats: defaulting ``sideOrientation`` with
``Mesh._GetDefaultSideOrientation`` (on a copy: Babylon.js writes it into the caller's object),
rounding to ``Float32Array`` where Babylon stores one, and checking that a required option is
there (a coded :class:`lite.errors.LiteError` instead of a Python ``TypeError``).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, TypeVar, cast

import numpy as np

from lite.errors import LiteError
from lite_compat._js import truthy
from lite_compat.meshes.vertex_data import BuilderOptions, FloatArray, IndicesArray

__all__ = [
    "CAP_ALL",
    "CAP_END",
    "CAP_START",
    "NO_CAP",
    "builder_options",
    "compute_normals",
    "float32_list",
    "guarded",
    "require_option",
]

_F = TypeVar("_F", bound=Callable[..., Any])
#: What reading a malformed option raises inside a builder (a number that is a string, a point
#: that is not a vector, a too-short list ...).
_READ_ERRORS: Final = (
    TypeError, ValueError, AttributeError, IndexError, KeyError, ZeroDivisionError, OverflowError,
)  # fmt: skip

#: ``Mesh.NO_CAP``, ``Mesh.CAP_START``, ``Mesh.CAP_END``, ``Mesh.CAP_ALL``.
NO_CAP: Final = 0
CAP_START: Final = 1
CAP_END: Final = 2
CAP_ALL: Final = 3


def builder_options(options: Mapping[str, object] | None) -> dict[str, object]:
    """Copy of ``options`` with ``sideOrientation`` set as the ``Create*`` mesh functions do
    (``Mesh._GetDefaultSideOrientation``: any falsy value becomes FRONTSIDE, 0)."""
    merged = dict(options or {})
    value = merged.get("sideOrientation")
    merged["sideOrientation"] = int(value) if truthy(value) else 0  # type: ignore[call-overload]
    return merged


def require_option(options: BuilderOptions | None, key: str, member: str, what: str) -> Any:
    """``options[key]``, or a coded error naming ``member`` when it is missing (Babylon.js would
    stop on a TypeError reading a property of undefined)."""
    value = None if options is None else options.get(key)
    if value is None:
        raise LiteError(
            "LITE-COMPAT-180",
            f"MeshBuilder.{member}: options.{key} is required ({what}), got "
            f"{'no options' if options is None else 'no ' + key}",
            hint=f"pass {{'{key}': ...}} in the options dict, as in Babylon.js",
            input_name=f"options.{key}",
        )
    return value


def guarded(member: str, function: _F) -> _F:
    """``function`` with Python errors from malformed arguments turned into a coded
    ``LITE-COMPAT-184`` :class:`~lite.errors.LiteError` naming ``member``
    (``"MeshBuilder.CreateTube"``); coded errors pass through unchanged."""

    @functools.wraps(function)
    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except LiteError:
            raise
        except _READ_ERRORS as exc:
            raise LiteError(
                "LITE-COMPAT-184",
                f"{member}: an argument is not what Babylon.js reads there "
                f"({type(exc).__name__}: {exc})",
                hint="pass Babylon's options: numbers for sizes and counts, Vector3 (or "
                "[x, y, z]) for points and paths, Color4 for colors, Vector4 for uv rectangles",
                input_name="options",
            ) from exc

    return cast(_F, call)


def float32_list(values: Sequence[float]) -> FloatArray:
    """``Array.from(new Float32Array(values))``: every value rounded to float32."""
    return [float(x) for x in np.asarray(values, dtype=np.float64).astype(np.float32)]


def compute_normals(positions: Sequence[float], indices: IndicesArray, normals: FloatArray) -> None:
    """``VertexData.ComputeNormals(positions, indices, normals)``: area-independent facet normals
    summed per vertex and normalised, written into ``normals`` (resized to the positions)."""
    count = len(positions)
    if len(normals) < count:
        normals.extend([0.0] * (count - len(normals)))
    for i in range(count):
        normals[i] = 0.0
    nb_faces = len(indices) // 3
    for face in range(nb_faces):
        v1 = indices[face * 3] * 3
        v2 = indices[face * 3 + 1] * 3
        v3 = indices[face * 3 + 2] * 3
        p1p2x = positions[v1] - positions[v2]
        p1p2y = positions[v1 + 1] - positions[v2 + 1]
        p1p2z = positions[v1 + 2] - positions[v2 + 2]
        p3p2x = positions[v3] - positions[v2]
        p3p2y = positions[v3 + 1] - positions[v2 + 1]
        p3p2z = positions[v3 + 2] - positions[v2 + 2]
        nx = p1p2y * p3p2z - p1p2z * p3p2y
        ny = p1p2z * p3p2x - p1p2x * p3p2z
        nz = p1p2x * p3p2y - p1p2y * p3p2x
        length = math.sqrt(nx * nx + ny * ny + nz * nz)
        if length == 0:
            length = 1.0
        nx /= length
        ny /= length
        nz /= length
        for v in (v1, v2, v3):
            normals[v] += nx
            normals[v + 1] += ny
            normals[v + 2] += nz
    for v in range(0, len(normals) - len(normals) % 3, 3):
        nx, ny, nz = normals[v], normals[v + 1], normals[v + 2]
        length = math.sqrt(nx * nx + ny * ny + nz * nz)
        if length == 0:
            length = 1.0
        normals[v] = nx / length
        normals[v + 1] = ny / length
        normals[v + 2] = nz / length
