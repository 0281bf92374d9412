"""Seed sweeps split between the default run and ``-m slow``.

A seeded differential test keeps, in the default run, the seeds that reach every branch the
whole sweep reaches (measured with coverage.py's per-test arcs over ``lite`` and
``lite_compat``), plus the first few; the rest of the sweep is marked ``slow``, so
``pytest -m slow`` (or ``-m ''`` for everything) still runs every seed.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pytest


def sweep(count: int, default: Iterable[int]) -> list[Any]:
    """Seeds ``0..count-1`` as parameters; those not in ``default`` are marked ``slow``."""
    keep = set(default)
    assert keep <= set(range(count)), keep
    return [pytest.param(s, marks=() if s in keep else pytest.mark.slow) for s in range(count)]
