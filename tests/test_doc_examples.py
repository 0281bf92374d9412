"""Every ```python block in docs/getting-started.md and docs/cli.md runs (in a scratch folder)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ("docs/getting-started.md", "docs/cli.md")


def _blocks() -> list[tuple[str, int, str]]:
    found = []
    for doc in DOCS:
        text = (ROOT / doc).read_text(encoding="utf-8")
        for m in re.finditer(r"^```python\n(.*?)^```", text, re.S | re.M):
            line = text.count("\n", 0, m.start()) + 1
            found.append((doc, line, m.group(1)))
    return found


BLOCKS = _blocks()


def test_the_docs_have_python_examples() -> None:
    assert {doc for doc, _, _ in BLOCKS} == set(DOCS)


@pytest.mark.parametrize(("doc", "line", "code"), BLOCKS, ids=[f"{d}:{n}" for d, n, _ in BLOCKS])
def test_doc_python_block_runs(
    doc: str, line: int, code: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # examples may write files (run.npz, walk.npz)
    exec(compile(code, f"{doc}:{line}", "exec"), {"__name__": "__doc_example__"})
