"""One pytest test per recorded scenario pair (``-m parity`` selects them).

Each test runs ``parity/scenarios/<name>.py`` in-process and compares what it prints with
``parity/recorded/<name>.json``, exactly as ``python -m parity -k <name>`` does, and fails
with the JSON path of the first difference (or the port's traceback / stray output).
Scenarios listed in :mod:`parity.expected_failures` (recorded before the fix that makes them
pass) are strict expected failures.
"""

from __future__ import annotations

import pytest

from parity.expected_failures import expected_failure
from parity.runner import discover, run_scenario

_SCENARIOS = {s.name: s for s in discover()}


def _params() -> list[object]:
    """Every scenario name; those in parity/expected_failures.py marked xfail(strict=True)."""
    params: list[object] = []
    for name in sorted(_SCENARIOS):
        reason = expected_failure(name, "default")
        marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
        params.append(pytest.param(name, marks=marks, id=name))
    return params


@pytest.mark.parity
@pytest.mark.parametrize("name", _params())
def test_port_matches_recording(name: str) -> None:
    """The port's output equals the Babylon recording within the scenario's tolerance."""
    result = run_scenario(_SCENARIOS[name], collect_series=False)
    if not result.passed:
        pytest.fail(result.describe(), pytrace=False)
