"""One pytest test per recorded scenario pair (``-m parity`` selects them).

Each test runs ``parity/scenarios/<name>.py`` in-process and compares what it prints with
``parity/recorded/<name>.json``, exactly as ``python -m parity -k <name>`` does, and fails
with the JSON path of the first difference (or the port's traceback / stray output).
"""

from __future__ import annotations

import pytest

from parity.runner import discover, run_scenario

_SCENARIOS = {s.name: s for s in discover()}


@pytest.mark.parity
@pytest.mark.parametrize("name", sorted(_SCENARIOS))
def test_port_matches_recording(name: str) -> None:
    """The port's output equals the Babylon recording within the scenario's tolerance."""
    result = run_scenario(_SCENARIOS[name], collect_series=False)
    if not result.passed:
        pytest.fail(result.describe(), pytrace=False)
