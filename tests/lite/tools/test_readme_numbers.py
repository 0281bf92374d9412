"""README.md's and docs/performance.md's numbers are the generated ones.

The parity counts come from the recorded scenarios, the surface counts from
``parity.surface``, the speed figures from ``docs/benchmarks/*.json`` (a benchmark run's
``--json`` output); ``python -m lite.tools.readme_numbers`` rewrites the blocks.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from lite.errors import RETIRED_CODES
from lite.tools import readme_numbers as rn

ROOT = Path(__file__).resolve().parents[3]


def test_every_generated_block_is_in_sync() -> None:
    assert rn.stale_blocks() == [], f"run {rn.COMMAND}"


def test_the_blocks_exist_where_the_numbers_are_read() -> None:
    for path, renders in rn.blocks().items():
        text = path.read_text(encoding="utf-8")
        for name in renders:
            assert rn.current_block(text, name) is not None, f"{path}: {name}"


def test_the_parity_counts_are_counted_not_typed() -> None:
    counts = rn.parity_counts()
    recorded = sorted((ROOT / "parity" / "recorded").glob("*.json"))
    assert 0 < counts.scenarios <= len(recorded)
    assert counts.values > 100 * counts.scenarios
    assert 0 < counts.loosened < counts.scenarios
    assert counts.surface_implemented <= counts.surface_members
    block = rn.readme_parity_block(counts)
    assert f"{counts.scenarios} scenarios, {counts.values:,} values" in block


def test_the_readme_speed_claims_come_from_the_results_files() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    outside = readme.replace(rn.current_block(readme, "readme-speed") or "", "")
    # A speed ratio typed anywhere else in the README would not follow a new run.
    assert not re.search(r"\b\d+(\.\d+)?x (faster|slower)", outside)
    doc = rn.load_benchmark("property-arrays")
    ours = {int(r["groups"]): r["ms_per_frame"] for r in doc["results"]}
    theirs = doc["node"][rn.LITE]
    ratio = float(theirs["10000"]) / ours[10000]
    shown = f"{ratio:.1f}x" if ratio >= 10.0 else f"{ratio:.2f}x"  # the generator's rounding
    assert f"10,000 entities {shown} faster" in readme


def test_a_stale_block_is_reported_and_rewritten(tmp_path: Path) -> None:
    text = "before\n<!-- x:start (python -m lite.tools.readme_numbers) -->\nold\n<!-- x:end -->\n"
    assert rn.current_block(text, "x") == "old\n"
    assert rn.replace_block(text, "x", "new\n").count("new\n") == 1
    with pytest.raises(ValueError, match="no <!-- y:start"):
        rn.replace_block(text, "y", "z\n")


def test_user_pages_name_no_retired_error_code() -> None:
    """The no-GPU code and its kind: a page naming a retired code contradicts errors.md."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    for page in pages:
        if page.name in {"errors.md", "CHANGELOG.md"}:
            continue
        text = page.read_text(encoding="utf-8")
        for code in RETIRED_CODES:
            assert code not in text, f"{page.relative_to(ROOT)} names retired {code}"


def test_pages_list_the_pictures_the_demo_writes() -> None:
    from lite.tools.demo import DEMO_PICTURES

    for name in ("README.md", "docs/index.md", "docs/getting-started.md", "docs/cli.md"):
        text = (ROOT / name).read_text(encoding="utf-8")
        named = set(re.findall(r"`(?:out/)?(demo_\w+\.png)`", text))
        assert named == set(DEMO_PICTURES), name
    for picture in DEMO_PICTURES:
        assert (ROOT / "docs" / "images" / picture).is_file()


def test_the_ports_table_comes_from_the_ports_runs() -> None:
    table = rn.ports_table()
    for workload in rn.PORT_WORKLOADS:
        doc = rn.load_benchmark(workload)
        assert doc["workload"] == workload and doc["results"]
        for row in doc["results"]:
            cells = f"| {row['side']} | {int(row['count']):,} | {rn._ms(row['ms_per_frame'])} |"
            assert cells in table, (workload, cells)
        assert f"`{workload}`: commit {doc['commit']}" in table


def test_the_readme_ports_lines_come_from_the_ports_runs() -> None:
    readme = (rn.ROOT / "README.md").read_text(encoding="utf-8")
    prose = " ".join(readme.split())  # the lines are wrapped
    runs = {w: rn.load_benchmark(w) for w in rn.PORT_WORKLOADS}
    for workload, side, size, text in rn._PORT_PHRASES:
        (row,) = [
            r for r in runs[workload]["results"] if r["side"] == side and int(r["count"]) == size
        ]
        ratio = rn._ratio(float(row["peer_ms_per_frame"]), float(row["ms_per_frame"]))
        assert f"{text} {ratio}" in prose, (workload, side, size)
