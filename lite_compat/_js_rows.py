"""``Math.acos`` and ``Math.sin`` on float64 arrays, equal to :mod:`lite_compat._js`'s scalar
``js_acos`` / ``js_sin`` (the C library's ``acos`` / ``sin``, as Python's :mod:`math` calls
them) to the bit, on every machine.

numpy chooses some float64 ufunc loops by the CPU it finds at import: on an AVX-512 machine,
numpy 2.x computes ``np.arccos`` (and ``exp``, ``log``, ``power``, ``arctan2``) with SIMD
kernels accurate to a few ULP, which differ from the C library's result in the last bits for
about one argument in ten. A batched path that used them would give other numbers than the
scalar path it stands in for, on those machines only. So each function here asks once, on
first use, whether numpy's ufunc agrees with the scalar function on a fixed probe of 65,536
arguments spread over the domain the animation code uses; where it does (numpy calls the C
library, or an implementation that rounds the same way), the ufunc serves, else every element
goes through the scalar function (about 100 ns each; acos maps the C function directly).

The probe is a test, not a proof: an implementation that disagreed with the C library on none
of the probe's arguments but on some others would pass it. The SIMD kernels seen disagree on
about 10% of arguments, so they cannot; :func:`numpy_agrees` reports each verdict.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Final

import numpy as np

from lite_compat._js import js_sin

__all__ = ["acos_rows", "numpy_agrees", "sin_rows"]

F64 = np.ndarray[Any, np.dtype[np.float64]]

_PROBE_SIZE: Final = 65536
_PROBE_SEED: Final = 20261207


def _probe(name: str) -> F64:
    rng = np.random.default_rng(_PROBE_SEED)
    quarter = _PROBE_SIZE // 4
    if name == "acos":
        parts = [
            rng.uniform(-1.0, 1.0, 2 * quarter),
            # Near 1, where slerp takes its arc cosines (dot products of close quaternions).
            1.0 - rng.uniform(0.0, 1e-3, quarter),
            np.linspace(-1.0, 1.0, quarter),
        ]
    else:
        parts = [
            rng.uniform(0.0, math.pi, 2 * quarter),
            rng.uniform(-1e-3, 1e-3, quarter),
            rng.uniform(-64.0, 64.0, quarter),
        ]
    return np.concatenate(parts)


def _acos_scalar_rows(x: F64) -> F64:
    # js_acos element by element, with math.acos mapped directly (a C call per element, no
    # Python frame: about 1.5x faster): the arguments clamped into its domain, then NaN
    # where they were outside it (js_acos's NaN; a NaN argument gives NaN either way).
    flat = np.ravel(x)
    inside = np.clip(flat, -1.0, 1.0)
    out = np.fromiter(map(math.acos, inside.tolist()), np.float64, flat.size)
    out[flat != inside] = np.nan
    return out.reshape(np.shape(x))


def _sin_scalar_rows(x: F64) -> F64:
    # js_sin is math.sin on the finite numbers: where every element is finite, math.sin is
    # mapped directly (the same C call, no Python frame per element).
    flat = np.ravel(x)
    fn: Callable[[float], float] = math.sin if bool(np.isfinite(flat).all()) else js_sin
    out = np.fromiter(map(fn, flat.tolist()), np.float64, flat.size)
    return out.reshape(np.shape(x))


#: Per function: numpy's ufunc and the element-by-element fallback (the scalar function's
#: numbers, which the probe compares the ufunc against).
_UFUNCS: Final[dict[str, tuple[Any, Callable[[F64], F64]]]] = {
    "acos": (np.arccos, _acos_scalar_rows),
    "sin": (np.sin, _sin_scalar_rows),
}
_verdicts: dict[str, bool] = {}


def numpy_agrees(name: str) -> bool:
    """Whether numpy's ufunc for ``name`` (``"acos"`` or ``"sin"``) gives the scalar function's
    numbers on the probe; decided on the first call and kept for the process."""
    verdict = _verdicts.get(name)
    if verdict is None:
        if name not in _UFUNCS:
            raise ValueError(f"numpy_agrees: unknown function {name!r}; expected 'acos' or 'sin'")
        ufunc, scalar_rows = _UFUNCS[name]
        x = _probe(name)
        with np.errstate(all="ignore"):
            ours = ufunc(x)
        verdict = _verdicts[name] = bool(np.array_equal(ours, scalar_rows(x)))
    return verdict


def _rows(name: str, x: F64) -> F64:
    """The function ``name`` of every element: numpy's ufunc where :func:`numpy_agrees`,
    else the scalar function element by element."""
    ufunc, scalar_rows = _UFUNCS[name]
    if numpy_agrees(name):
        with np.errstate(invalid="ignore"):
            out: F64 = ufunc(x)
        return out
    return scalar_rows(x)


def acos_rows(x: F64) -> F64:
    """``Math.acos`` of every element (NaN outside [-1, 1]), as ``js_acos`` gives it."""
    return _rows("acos", x)


def sin_rows(x: F64) -> F64:
    """``Math.sin`` of every element (NaN for infinities), as ``js_sin`` gives it."""
    return _rows("sin", x)
