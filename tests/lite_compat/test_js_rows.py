"""lite_compat._js_rows: the array forms of Math.acos / Math.sin give the scalar functions'
bits on this machine whichever way numpy's own kernels round, and a numpy kernel that
disagrees with the C library is noticed and not used."""

from __future__ import annotations

import math
from collections.abc import Iterator

import numpy as np
import pytest

from lite_compat import _js_rows
from lite_compat._js import js_acos, js_sin
from lite_compat._js_rows import acos_rows, numpy_agrees, sin_rows


@pytest.fixture(autouse=True)
def _fresh_verdicts() -> Iterator[None]:
    saved = dict(_js_rows._verdicts)
    _js_rows._verdicts.clear()
    yield
    _js_rows._verdicts.clear()
    _js_rows._verdicts.update(saved)


def _arguments(seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    edges = [0.0, -0.0, 1.0, -1.0, 1.0 + 2**-52, -1.0 - 2**-52, 2.0, math.nan, math.inf, -math.inf]
    return np.concatenate(
        [
            np.array(edges),
            rng.uniform(-1.0, 1.0, 3000),
            1.0 - rng.uniform(0.0, 1e-6, 1000),
            rng.uniform(-40.0, 40.0, 2000),
        ]
    )


def _bits(values: np.ndarray) -> list[int]:
    # Every NaN is one value (JS has one NaN; its sign and payload are not observable).
    return np.where(np.isnan(values), math.nan, values).view(np.int64).tolist()


def _scalar(fn: object, x: np.ndarray) -> np.ndarray:
    assert callable(fn)
    return np.array([fn(v) for v in x.tolist()], dtype=np.float64)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_rows_give_the_scalar_functions_bits(seed: int) -> None:
    x = _arguments(seed)
    assert _bits(acos_rows(x)) == _bits(_scalar(js_acos, x))
    assert _bits(sin_rows(x)) == _bits(_scalar(js_sin, x))


def test_a_numpy_kernel_that_rounds_otherwise_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    # A kernel one ULP off on some arguments, as numpy's AVX-512 arccos is against glibc's.
    real = np.arccos

    def off_by_one_ulp(x: np.ndarray) -> np.ndarray:
        out = real(x)
        return np.where(np.arange(out.size) % 7 == 3, np.nextafter(out, np.inf), out)

    monkeypatch.setitem(_js_rows._UFUNCS, "acos", (off_by_one_ulp, _js_rows._acos_scalar_rows))
    assert numpy_agrees("acos") is False
    x = _arguments(3)
    assert _bits(acos_rows(x)) == _bits(_scalar(js_acos, x))


def test_the_scalar_route_gives_the_same_bits_as_the_numpy_route() -> None:
    x = _arguments(4)
    by_numpy = {name: numpy_agrees(name) for name in ("acos", "sin")}
    _js_rows._verdicts.update(acos=False, sin=False)
    scalar_acos, scalar_sin = acos_rows(x), sin_rows(x)
    assert _bits(scalar_acos) == _bits(_scalar(js_acos, x))
    assert _bits(scalar_sin) == _bits(_scalar(js_sin, x))
    _js_rows._verdicts.clear()
    assert {name: numpy_agrees(name) for name in ("acos", "sin")} == by_numpy
    assert _bits(acos_rows(x)) == _bits(scalar_acos)
    assert _bits(sin_rows(x)) == _bits(scalar_sin)


def test_an_unknown_function_is_named_in_the_error() -> None:
    with pytest.raises(ValueError, match="unknown function 'tan'"):
        numpy_agrees("tan")
