"""Recorded scenarios whose port is known not to match Babylon yet, in one place (empty now).

A scenario recorded from real Babylon before the runtime change that makes it pass (a
behaviour found missing is recorded first) is listed here with the paths it fails through
(``"default"``: as ``python -m parity`` runs it; ``"batched"``: every lite manager batched, as
``tests/lite/batch/test_batch_parity.py`` runs it) and the reason. The pytest wrappers
(``parity/test_scenarios.py`` and ``tests/lite/batch/test_batch_parity.py``) mark a listed
scenario ``xfail(strict=True)``: once it passes, the suite fails as XPASS until the entry is
removed. ``python -m parity`` itself still runs and reports such a scenario as FAIL. Never add a
scenario here to hide a regression.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

__all__ = ["EXPECTED_FAILURES", "expected_failure"]

#: Scenario name -> (paths it fails through, why). See the module docstring.
EXPECTED_FAILURES: Final[Mapping[str, tuple[frozenset[str], str]]] = {}


def expected_failure(name: str, path: str = "default") -> str | None:
    """The reason ``name`` is expected to fail through ``path``, or None when it must pass."""
    entry = EXPECTED_FAILURES.get(name)
    if entry is None or path not in entry[0]:
        return None
    return entry[1]
