"""The API reference (docs/api) documents public names: every ``lite.__all__`` name once, as
``::: lite.NAME``, and no private module (``lite._compose``)."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import lite

API = Path(__file__).resolve().parent.parent / "docs" / "api"


def _directives() -> list[str]:
    found: list[str] = []
    for page in sorted(API.rglob("*.md")):
        found += re.findall(r"^::: ([\w.]+)\s*$", page.read_text(encoding="utf-8"), re.M)
    return found


def test_every_lite_name_is_documented_once_under_its_public_name() -> None:
    counts = Counter(d for d in _directives() if d.count(".") == 1 and d.startswith("lite."))
    missing = [n for n in lite.__all__ if counts[f"lite.{n}"] == 0]
    twice = [n for n, c in counts.items() if c > 1]
    assert not missing, f"docs/api lacks ::: lite.NAME for {missing}"
    assert not twice, f"documented twice: {twice}"


def test_no_private_module_is_documented() -> None:
    private = [d for d in _directives() if any(part.startswith("_") for part in d.split("."))]
    assert not private, private
