"""Every parity scenario, re-run with batched evaluation enabled on every manager it creates.

Until the manager installs :mod:`lite.batch.engine` by itself, this wraps ``create_animation_manager``
(in ``lite``, ``lite.animation.animation_manager`` and every module that imported it) so each new manager gets
:func:`lite.batch.engine.enable_batched_evaluation`, then runs the scenario in-process exactly as
``parity/test_scenarios.py`` does and compares it with its Babylon recording (scenarios that
:mod:`parity.expected_failures` lists for the ``"batched"`` path are strict expected failures).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import lite._compose
from lite.animation.state import AnimationManager
from lite.batch.engine import enable_batched_evaluation
from parity.expected_failures import expected_failure
from parity.runner import discover, run_scenario

_SCENARIOS = {s.name: s for s in discover()}


def _params() -> list[object]:
    """Every scenario name; those in parity/expected_failures.py marked xfail(strict=True)."""
    params: list[object] = []
    for name in sorted(_SCENARIOS):
        reason = expected_failure(name, "batched")
        marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
        params.append(pytest.param(name, marks=marks, id=name))
    return params


@pytest.fixture
def _batched_managers() -> Iterator[None]:
    original: Callable[..., AnimationManager] = lite._compose.create_animation_manager

    def batched(*args: Any, **kwargs: Any) -> AnimationManager:
        manager = original(*args, **kwargs)
        # Batch every property clip, however few groups play it.
        enable_batched_evaluation(manager).property_min = 1
        return manager

    patched = []
    for module in list(sys.modules.values()):
        if getattr(module, "create_animation_manager", None) is original:
            patched.append(module)
            module.create_animation_manager = batched  # type: ignore[attr-defined]
    try:
        yield
    finally:
        for module in patched:
            module.create_animation_manager = original  # type: ignore[attr-defined]


@pytest.mark.parity
@pytest.mark.usefixtures("_batched_managers")
@pytest.mark.parametrize("name", _params())
def test_port_matches_recording_through_the_batched_path(name: str) -> None:
    """The scenario's output, with every manager batched, equals the Babylon recording."""
    result = run_scenario(_SCENARIOS[name], collect_series=False)
    if not result.passed:
        pytest.fail(result.describe(), pytrace=False)
