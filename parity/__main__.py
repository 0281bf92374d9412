"""``python -m parity``: see :mod:`parity.cli`."""

from __future__ import annotations

from parity.cli import main

raise SystemExit(main(prog="python -m parity"))
