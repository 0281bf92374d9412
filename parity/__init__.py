"""Parity harness: compare the Python ports with outputs recorded from real Babylon.js 9.31
and Babylon Lite 1.10 under Node.

``parity.compare`` walks two JSON documents, ``parity.runner`` discovers and runs scenario
pairs (``scenarios/<name>.py`` against ``recorded/<name>.json``), ``parity.report`` prints the
table and writes the Markdown report, and ``parity.cli`` is ``python -m parity``. See
``docs/parity.md``.
"""

from __future__ import annotations

from parity.compare import (
    DEFAULT_ATOL,
    DEFAULT_RTOL,
    CompareResult,
    CompareSettings,
    Difference,
    PathPattern,
    Series,
    compare,
    format_path,
    load_json,
    merge_headers,
    read_header,
)
from parity.errors import HeaderError, ParityError, RecorderError, ScenarioError
from parity.runner import (
    PortOutput,
    Scenario,
    ScenarioResult,
    check_port,
    discover,
    run_port,
    run_scenario,
)

__all__ = [
    "DEFAULT_ATOL",
    "DEFAULT_RTOL",
    "CompareResult",
    "CompareSettings",
    "Difference",
    "HeaderError",
    "ParityError",
    "PathPattern",
    "PortOutput",
    "RecorderError",
    "Scenario",
    "ScenarioError",
    "ScenarioResult",
    "Series",
    "check_port",
    "compare",
    "discover",
    "format_path",
    "load_json",
    "merge_headers",
    "read_header",
    "run_port",
    "run_scenario",
]
