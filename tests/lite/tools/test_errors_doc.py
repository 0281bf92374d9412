"""docs/errors.md is generated from lite.errors, and the registry matches the source.

The page must equal what ``python3 -m lite.tools.errors_doc`` writes; every code string in
``lite``, ``lite_compat`` and ``parity`` must be registered; every registered code must occur
in the source (raised somewhere), and a retired one nowhere.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lite import errors
from lite.errors import ERROR_CODES, ERROR_NOTES, FORMER_CODES, RETIRED_CODES, WARNING_CODES
from lite.tools import errors_doc
from lite.tools.errors_doc import DOC_PATH, code_sort_key, main, render_errors_doc

ROOT = Path(__file__).resolve().parents[3]
CODE = re.compile(r"""["'](LITE-[A-Z]+-(?:\d{3}|W\d{2}))["'](:?)""")
#: Where codes are defined or only listed, not raised.
NOT_RAISE_SITES = {ROOT / "lite" / "errors.py"}


def _source_codes(*, keys: bool = True) -> dict[str, list[str]]:
    """Code -> files it occurs in; ``keys=False`` skips dict keys (``"LITE-X-001": ...``, as in
    ``lite.tools.cli.CLI_HINTS``), which name a code without raising it."""
    found: dict[str, list[str]] = {}
    for package in ("lite", "lite_compat", "parity"):
        for path in sorted((ROOT / package).rglob("*.py")):
            if path in NOT_RAISE_SITES or "node_modules" in path.parts:
                continue
            for code, colon in CODE.findall(path.read_text(encoding="utf-8")):
                if keys or not colon:
                    found.setdefault(code, []).append(str(path.relative_to(ROOT)))
    return found


def test_docs_errors_md_is_the_generated_page() -> None:
    text = (ROOT / DOC_PATH).read_text(encoding="utf-8")
    assert text == render_errors_doc(), (
        "docs/errors.md is out of date: run python3 -m lite.tools.errors_doc"
    )


def test_every_code_in_the_source_is_registered() -> None:
    unknown = sorted(set(_source_codes()) - set(ERROR_CODES) - set(WARNING_CODES))
    assert not unknown, f"codes used but not in lite.errors.ERROR_CODES: {unknown}"


def test_every_registered_code_is_raised_somewhere() -> None:
    used = _source_codes(keys=False)
    unused = sorted(set(ERROR_CODES) - set(used))
    assert not unused, f"registered but raised nowhere (retire them in RETIRED_CODES): {unused}"
    assert set(WARNING_CODES) <= set(used)


def test_a_retired_code_is_raised_nowhere() -> None:
    used = _source_codes()
    assert not {code: used[code] for code in RETIRED_CODES if code in used}


def test_the_registry_tables_are_consistent() -> None:
    assert not set(ERROR_CODES) & set(RETIRED_CODES)
    assert not set(ERROR_CODES) & set(WARNING_CODES)
    assert set(ERROR_NOTES) <= set(ERROR_CODES)
    assert set(FORMER_CODES) <= set(ERROR_CODES)
    assert set(FORMER_CODES.values()) <= set(ERROR_CODES) | set(RETIRED_CODES)
    for code in [*ERROR_CODES, *RETIRED_CODES]:
        assert re.fullmatch(r"LITE-[A-Z]+-\d{3}", code), code
    for code in WARNING_CODES:
        assert re.fullmatch(r"LITE-[A-Z]+-W\d{2}", code), code
    # ERROR_CODES stays a plain code -> one-line meaning table (lite_compat and tools read it).
    assert all(isinstance(v, str) and "\n" not in v for v in ERROR_CODES.values())


def test_the_page_lists_codes_by_family_then_number_whatever_the_registry_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    page = render_errors_doc()
    reversed_codes = dict(reversed(list(ERROR_CODES.items())))
    monkeypatch.setattr(errors_doc, "ERROR_CODES", reversed_codes)
    assert render_errors_doc() == page
    listed = re.findall(r"^\| `(LITE-[A-Z]+-\d{3})` \| (?!`)", page, re.M)
    table = listed[: len(ERROR_CODES)]
    assert table == sorted(ERROR_CODES, key=code_sort_key)
    assert table.index("LITE-ANIM-021") < table.index("LITE-PATH-001")
    assert table.index("LITE-STATE-009") < table.index("LITE-STATE-040")
    assert code_sort_key("LITE-NEWFAMILY-001") > code_sort_key("LITE-CLI-013")


def test_the_page_keeps_the_prose_notes_and_tables() -> None:
    page = render_errors_doc()
    for needle in (
        "A failed call changes nothing",
        "## Warning codes",
        "emit_warnings=False",
        "### LITE-GLTF-011",
        "max(64 MiB, 64 x the input's bytes)",
        "| `LITE-STATE-041` | `LITE-STATE-007` |",  # renumbered, with the former code
        "| `LITE-UNSUP-002` |",  # retired, still findable
        "[note](#lite-gltf-011)",
    ):
        assert needle in page, needle


def test_check_mode_reports_a_stale_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--root", str(ROOT), "--check"]) == 0
    (tmp_path / "docs").mkdir()
    (tmp_path / DOC_PATH).write_text("# Error codes\n", encoding="utf-8")
    assert main(["--root", str(tmp_path), "--check"]) == 1
    assert "out of date" in capsys.readouterr().err
    assert main(["--root", str(tmp_path)]) == 0
    assert (tmp_path / DOC_PATH).read_text(encoding="utf-8") == render_errors_doc()


def test_cli_hints_name_registered_codes() -> None:
    from lite.tools.cli import CLI_HINTS

    assert set(CLI_HINTS) <= set(ERROR_CODES)
    # Each names an option (-o, --fps) or a command, never a Python keyword such as fps=30.
    for code, hint in CLI_HINTS.items():
        assert re.search(r"(^|\s)-|lite-anim", hint), (code, hint)
        assert not re.search(r"\w=", hint), (code, hint)


def test_errors_module_exports_the_tables() -> None:
    for name in ("ERROR_CODES", "ERROR_NOTES", "FORMER_CODES", "RETIRED_CODES", "WARNING_CODES"):
        assert name in errors.__all__
