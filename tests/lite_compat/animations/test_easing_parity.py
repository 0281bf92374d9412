"""Easing parity: our scenario ports against the recorded Babylon.js 9.31 outputs.

Runs ``parity/scenarios/easing_curves.py`` (lite_compat classes) and
``parity/scenarios/lite_easing_raw.py`` (raw lite functions) in-process and compares what they
print with ``parity/recorded/<name>.json``: the same JSON shape, equal strings, and every number
within ``atol=1e-6, rtol=1e-6`` (``"NaN"`` / ``"Infinity"`` / ``"-Infinity"`` must match
exactly). Stands alone; the generic parity runner covers the same files.
"""

from __future__ import annotations

import contextlib
import io
import json
import math
import runpy
from pathlib import Path

import numpy as np
import pytest
from numpy.testing import assert_allclose

PARITY = Path(__file__).resolve().parents[3] / "parity"
_SPECIAL = {"NaN": math.nan, "Infinity": math.inf, "-Infinity": -math.inf}

Json = dict[str, "Json"] | list["Json"] | str | float | int | bool | None


def _run_scenario(name: str) -> Json:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        runpy.run_path(str(PARITY / "scenarios" / f"{name}.py"), run_name="__main__")
    doc: Json = json.loads(out.getvalue())
    return doc


def _flatten(
    actual: Json, expected: Json, path: str, pairs: list[tuple[str, float, float]]
) -> None:
    """Check the shapes match and collect every numeric leaf as (path, actual, expected)."""
    if isinstance(expected, dict):
        assert isinstance(actual, dict), path
        assert sorted(actual) == sorted(expected), path
        for key, value in expected.items():
            _flatten(actual[key], value, f"{path}.{key}", pairs)
    elif isinstance(expected, list):
        assert isinstance(actual, list), path
        assert len(actual) == len(expected), path
        for i, (a, e) in enumerate(zip(actual, expected, strict=True)):
            _flatten(a, e, f"{path}[{i}]", pairs)
    elif isinstance(expected, bool) or expected is None:
        assert actual == expected, path
    elif isinstance(expected, int | float) or expected in _SPECIAL:
        a = _SPECIAL.get(actual, actual) if isinstance(actual, str) else actual
        e = _SPECIAL[expected] if isinstance(expected, str) else expected
        assert isinstance(a, int | float), (path, actual)
        assert not isinstance(a, bool), (path, actual)
        pairs.append((path, float(a), float(e)))
    else:
        assert actual == expected, path


@pytest.mark.parity
@pytest.mark.parametrize("name", ["easing_curves", "lite_easing_raw"])
def test_easing_scenario_matches_babylon_recording(name: str) -> None:
    expected = json.loads((PARITY / "recorded" / f"{name}.json").read_text(encoding="utf-8"))
    actual = _run_scenario(name)
    pairs: list[tuple[str, float, float]] = []
    _flatten(actual, expected, "$", pairs)
    assert len(pairs) > 500
    got = np.array([p[1] for p in pairs])
    want = np.array([p[2] for p in pairs])
    bad = [
        p
        for p in pairs
        if not (
            (math.isnan(p[1]) and math.isnan(p[2]))
            or p[1] == p[2]
            or abs(p[1] - p[2]) <= 1e-6 + 1e-6 * abs(p[2])
        )
    ]
    assert not bad, bad[:10]
    assert_allclose(got, want, rtol=1e-6, atol=1e-6, equal_nan=True)
