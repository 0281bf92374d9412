"""The numbers README.md and docs/performance.md state, generated from where they are measured.

``python -m lite.tools.readme_numbers`` rewrites the blocks between ``<!-- NAME:start ... -->``
and ``<!-- NAME:end -->`` markers; ``--check`` only reports (exit 1) the blocks that are out of
date, and ``tests/lite/tools/test_readme_numbers.py`` fails on them. The sources:

* the parity counts (scenarios, values compared, the scenarios with a float32 allowance) from
  the recorded scenarios themselves (:func:`parity.discover`, each recording compared with
  itself under its headers' settings, which counts exactly the values a run compares);
* (the Babylon.js surface sentence after it is ``python -m parity.surface --docs``'s);
* the speed figures from the benchmark results in ``docs/benchmarks/<workload>.json``, each the
  document ``lite-anim bench <workload> --side-by-side --json`` prints (``property-arrays``:
  ``bench property --arrays``). Record a new run with, for example::

      lite-anim bench property --arrays --side-by-side --json > docs/benchmarks/property-arrays.json
      python -m lite.tools.readme_numbers

  The ports' workloads (``gltf-crowd``, ``blend``, ``eased``, ``own-clips``,
  :mod:`lite.tools.bench_ports`) fill docs/performance.md's ``perf-ports`` table the same way.

A checkout tool: it reads and writes files of the repository, not of an installed package.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import sys
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from lite.tools.bench import _targets

ROOT: Final = Path(__file__).resolve().parents[2]
README: Final = ROOT / "README.md"
PERFORMANCE: Final = ROOT / "docs" / "performance.md"
BENCHMARKS: Final = ROOT / "docs" / "benchmarks"
COMMAND: Final = "python -m lite.tools.readme_numbers"

LITE: Final = "babylon-lite-1.10"
BABYLONJS: Final = "babylonjs-9.31"
THREE: Final = "three-r187"
_NAMES: Final = {LITE: "Babylon Lite 1.10", BABYLONJS: "Babylon.js 9.31", THREE: "three.js r187"}
_SHORT: Final = {LITE: "vs Lite", BABYLONJS: "vs Babylon.js", THREE: "vs three"}


@dataclass(frozen=True, slots=True)
class ParityCounts:
    """What the recorded scenarios hold."""

    scenarios: int
    values: int
    #: Scenarios whose headers loosen the default allowance (values that pass through float32).
    loosened: int
    #: The loosened absolute allowances, ascending.
    loosened_atols: tuple[float, ...]
    surface_members: int
    surface_implemented: int


@functools.cache
def parity_counts() -> ParityCounts:
    """Count the recorded scenarios' values and the Babylon.js surface (no port is run)."""
    from parity import DEFAULT_ATOL, DEFAULT_RTOL, compare, discover, load_json
    from parity.runner import settings_for
    from parity.surface.coverage import coverage

    scenarios = discover()
    values = 0
    atols: list[float] = []
    for s in scenarios:
        settings = settings_for(s.port, s.original)
        doc = load_json(s.recorded)
        result = compare(
            doc,
            doc,
            atol=settings.atol,
            rtol=settings.rtol,
            quaternion_paths=settings.quaternion_paths,
            ignore=settings.ignore,
            collect_series=False,
        )
        values += result.values_compared
        if settings.atol > DEFAULT_ATOL or settings.rtol > DEFAULT_RTOL:
            atols.append(settings.atol)
    rows = coverage()
    implemented = sum(len(r.implemented) for r in rows)
    return ParityCounts(
        scenarios=len(scenarios),
        values=values,
        loosened=len(atols),
        loosened_atols=tuple(sorted(set(atols))),
        surface_members=sum(r.total for r in rows),
        surface_implemented=implemented,
    )


def load_benchmark(workload: str, folder: Path = BENCHMARKS) -> dict[str, Any]:
    """``docs/benchmarks/<workload>.json``: a ``lite-anim bench ... --side-by-side --json`` run."""
    doc: dict[str, Any] = json.loads((folder / f"{workload}.json").read_text(encoding="utf-8"))
    return doc


def _ours(doc: dict[str, Any]) -> dict[int, float]:
    key = "instances" if doc["workload"] == "crowd" else "groups"
    return {int(row[key]): float(row["ms_per_frame"]) for row in doc["results"]}


def _theirs(doc: dict[str, Any]) -> dict[str, dict[int, float]]:
    return {
        label: {int(c): float(v) for c, v in by_count.items()}
        for label, by_count in doc.get("node", {}).items()
    }


def _sci(x: float) -> str:
    """``1e-05`` -> ``1e-5``, ``2e-05`` -> ``2e-5``."""
    exponent = math.floor(math.log10(x))
    mantissa = x / 10.0**exponent
    return f"{mantissa:g}e{exponent}"


def _ratio(theirs: float, ours: float) -> str:
    r = theirs / ours
    return f"{r:.1f}x" if r >= 10.0 else f"{r:.2f}x"


def _ms(x: float) -> str:
    return f"{x:,.3f}" if x < 100.0 else f"{x:,.1f}"


def readme_parity_block(counts: ParityCounts) -> str:
    """The README's opening paragraph, with the counts."""
    atols = " or ".join(_sci(a) for a in counts.loosened_atols)
    keep = "within 1e-6 absolute + 1e-6 relative"  # one line: tests and readers grep for it
    text = (
        "Babylon.js animation for Python users, measured against real Babylon: every recorded "
        f"scenario ({counts.scenarios} scenarios, {counts.values:,} values, recorded from "
        f"Babylon.js 9.31 and Babylon Lite 1.10 under Node) matches {keep.replace(' ', '~')} "
        f"({atols} for the {counts.loosened} whose values pass through float32: glTF files, "
        "skinning palettes, motion controllers; `python -m parity`)."
    )
    return textwrap.fill(text, width=96, break_on_hyphens=False).replace("~", " ") + "\n"


def _item(text: str) -> str:
    return textwrap.fill(text, width=99, initial_indent="- ", subsequent_indent="  ")


def readme_speed_block(folder: Path = BENCHMARKS) -> str:
    """The README's speed lines, from the recorded benchmark runs."""
    arrays, crowd, prop = (
        load_benchmark(w, folder) for w in ("property-arrays", "crowd", "property")
    )
    a_ours, a_lite = _ours(arrays), _theirs(arrays).get(LITE, {})
    parts = [
        f"{count:,} entities {_ratio(a_lite[count], ms)} faster ({_ms(ms)} against "
        f"{_ms(a_lite[count])} ms per frame)"
        for count, ms in a_ours.items()
        if count in a_lite
    ]
    lines = [
        _item(
            "one clip on entities stored in numpy arrays (`lite.create_array_animation_group`), "
            "against Babylon Lite 1.10 playing it on as many objects: " + "; ".join(parts) + ";"
        )
    ]
    c_ours, c_other = _ours(crowd), _theirs(crowd)
    k = max(c_ours)
    vs = ", ".join(
        f"{_ratio(c_other[lb][k], c_ours[k])} {_NAMES[lb]}" for lb in c_other if k in c_other[lb]
    )
    lines.append(_item(f"a crowd of {k:,} skinned instances (65 joints each): {vs};"))
    p_ours, p_other = _ours(prop), _theirs(prop)
    m = max(p_ours)
    vs = ", ".join(
        f"{_ratio(p_other[lb][m], p_ours[m])} {_NAMES[lb]}" for lb in p_other if m in p_other[lb]
    )
    lines.append(_item(f"{m:,} property groups on plain Python objects: {vs};"))
    ports = [load_benchmark(w, folder) for w in PORT_WORKLOADS if (folder / f"{w}.json").exists()]
    lines += _ports_lines(ports)
    machines = "; ".join(
        dict.fromkeys(str(d.get("machine", "?")) for d in (arrays, crowd, prop, *ports))
    )
    lines.append("")
    lines.append(
        textwrap.fill(
            "A ratio is the other engine's milliseconds per frame over ours (above 1x: "
            "lite-anim is faster), from one side-by-side run per workload "
            f"({machines}); [performance](docs/performance.md) has the "
            "tables and the commands that rerun them.",
            width=99,
        )
    )
    return "\n".join(lines) + "\n"


#: The README's wording of each ports workload at one size: (workload, side, size, text).
_PORT_PHRASES: Final = (
    ("gltf-crowd", "compat", 500, "a Fox.glb crowd of 500 clones (palettes included)"),
    ("blend", "compat", 100, "100 clones cross-fading Walk and Run"),
    ("own-clips", "compat", 10_000, "10,000 nodes each with its own Animations"),
    ("eased", "compat", 10_000, "10,000 boxes with eased keys"),
    ("gltf-crowd", "lite", 500, "a Fox.glb crowd of 500 instances"),
    ("blend", "lite", 100, "100 instances cross-fading"),
    ("own-clips", "lite", 10_000, "10,000 objects each with its own clip"),
)


def _ports_lines(docs: list[dict[str, Any]]) -> list[str]:
    """The README's lines on the workloads ports write (one per side), from their runs."""
    rows = {
        (d["workload"], r["side"], int(r["count"])): r
        for d in docs
        for r in d["results"]
        if r.get("peer_ms_per_frame")
    }
    lines = []
    for side, peer in (("compat", "Babylon.js 9.31"), ("lite", "Babylon Lite 1.10")):
        parts = [
            f"{text} {_ratio(float(row['peer_ms_per_frame']), float(row['ms_per_frame']))}"
            for workload, s, size, text in _PORT_PHRASES
            if s == side and (row := rows.get((workload, side, size))) is not None
        ]
        if parts:
            via = "`lite_compat` (a verbatim port)" if side == "compat" else "`lite`"
            lines.append(
                _item(
                    f"the workloads ports write, through {via} against {peer}: "
                    + ", ".join(parts)
                    + (";" if side == "compat" else ".")
                )
            )
    return lines


def performance_table(workload: str, folder: Path = BENCHMARKS) -> str:
    """One of docs/performance.md's result tables (``crowd``, ``property``, ``property-arrays``)."""
    doc = load_benchmark(workload, folder)
    ours, others = _ours(doc), _theirs(doc)
    labels = [lb for lb in (LITE, BABYLONJS, THREE) if lb in others]
    head = {"crowd": "instances", "property": "groups", "property-arrays": "entities"}[workload]
    cols = [head, "lite-anim (py)", *(_NAMES[lb] for lb in labels), *(_SHORT[lb] for lb in labels)]
    out = ["| " + " | ".join(cols) + " |", "|" + "---:|" * len(cols)]
    for count, ms in ours.items():
        cells = [f"{count:,}", _ms(ms)]
        cells += [_ms(others[lb][count]) if count in others[lb] else "-" for lb in labels]
        cells += [_ratio(others[lb][count], ms) if count in others[lb] else "-" for lb in labels]
        out.append("| " + " | ".join(cells) + " |")
    out.append("")
    out.append(f"Machine: {doc.get('machine', '?')}.")
    if doc.get("note"):
        out.append(f"Run: {doc['note']}.")
    out.append("")
    out.append("Targets:")
    out.append("")
    out += [f"- {line.strip()}" for line in _target_lines(workload, ours, others)]
    return "\n".join(out) + "\n"


#: The ports' workloads (lite.tools.bench_ports), in docs/performance.md's order.
PORT_WORKLOADS: Final = ("gltf-crowd", "blend", "eased", "own-clips")


#: Issue 24's targets: (text, workload, side, size, what, least peer / ours); what is "ms"
#: (peer ms / ours), "setup" (peer setup / ours) or "setup_s" (ours at most 1 / least seconds).
PORT_TARGETS: Final = (
    (
        "glTF crowd K=100 through lite_compat no slower than Babylon.js",
        "gltf-crowd",
        "compat",
        100,
        "ms",
        1.0,
    ),
    (
        "glTF crowd K=500 through lite_compat no slower than Babylon.js",
        "gltf-crowd",
        "compat",
        500,
        "ms",
        1.0,
    ),
    ("glTF crowd K=100 setup no slower than Babylon.js", "gltf-crowd", "compat", 100, "setup", 1.0),
    ("glTF crowd K=500 setup no slower than Babylon.js", "gltf-crowd", "compat", 500, "setup", 1.0),
    (
        "glTF crowd K=100 through lite at least 2x faster than Babylon Lite",
        "gltf-crowd",
        "lite",
        100,
        "ms",
        2.0,
    ),
    (
        "glTF crowd K=500 through lite at least 2x faster than Babylon Lite",
        "gltf-crowd",
        "lite",
        500,
        "ms",
        2.0,
    ),
    (
        "cross-fading clones K=100, lite_compat no slower than Babylon.js",
        "blend",
        "compat",
        100,
        "ms",
        1.0,
    ),
    (
        "cross-fading clones K=100, lite no slower than Babylon Lite",
        "blend",
        "lite",
        100,
        "ms",
        1.0,
    ),
    ("1,000 eased boxes no slower than Babylon.js", "eased", "compat", 1_000, "ms", 1.0),
    ("10,000 eased boxes at least 2x faster than Babylon.js", "eased", "compat", 10_000, "ms", 2.0),
    (
        "1,000 nodes with their own Animations no slower than Babylon.js",
        "own-clips",
        "compat",
        1_000,
        "ms",
        1.0,
    ),
    (
        "10,000 nodes with their own Animations at least 2x faster than Babylon.js",
        "own-clips",
        "compat",
        10_000,
        "ms",
        2.0,
    ),
    (
        "setup of 10,000 nodes with their own Animations at most 2 s",
        "own-clips",
        "compat",
        10_000,
        "setup_s",
        0.5,
    ),
    (
        "10,000 objects with their own clips within 2x of Babylon Lite",
        "own-clips",
        "lite",
        10_000,
        "ms",
        0.5,
    ),
    (
        "the array form at least 10x faster than Babylon Lite's objects",
        "own-clips",
        "lite-arrays",
        10_000,
        "ms",
        10.0,
    ),
)


def _port_targets(docs: dict[str, dict[str, Any]]) -> list[str]:
    lines = []
    for text, workload, side, count, what, least in PORT_TARGETS:
        rows = [r for r in docs[workload]["results"] if r["side"] == side and r["count"] == count]
        if not rows or (what != "setup_s" and "peer_ms_per_frame" not in rows[0]):
            lines.append(f"- {text}: not measured")
            continue
        row = rows[0]
        if what == "setup_s":
            met = row["setup_s"] <= 1.0 / least
            lines.append(f"- {text}: {'met' if met else 'NOT met'} ({row['setup_s']:.2f} s)")
            continue
        ours, theirs = (
            (row["ms_per_frame"], row["peer_ms_per_frame"])
            if what == "ms"
            else (row["setup_s"], row["peer_setup_s"])
        )
        verdict = "met" if theirs / ours >= least else "NOT met"
        lines.append(f"- {text}: {verdict} ({_pratio(theirs, ours)}; {ours:.3f} vs {theirs:.3f})")
    return lines


def _secs(x: float) -> str:
    return f"{x:.3f}" if x < 1.0 else f"{x:.2f}"


def _pratio(theirs: float, ours: float) -> str:
    return f"{theirs / ours:.3g}x"


def ports_table(folder: Path = BENCHMARKS) -> str:
    """docs/performance.md's table of the ports' workloads, from their recorded runs."""
    cols = ["workload", "side", "size", "lite-anim ms", "peer", "peer ms", "vs peer"]
    cols += ["setup s", "peer setup s", "setup vs peer", "probe diff"]
    out = ["| " + " | ".join(cols) + " |", "|---|---|" + "---:|" * (len(cols) - 2)]
    runs = []
    docs = {w: load_benchmark(w, folder) for w in PORT_WORKLOADS}
    for workload, doc in docs.items():
        name = f"`{workload}`" + (f" ({doc['asset']})" if doc.get("asset") else "")
        for row in doc["results"]:
            peer = row.get("peer")
            cells = [name, row["side"], f"{int(row['count']):,}", _ms(row["ms_per_frame"])]
            if peer is None:
                cells += ["-", "-", "-", _secs(row["setup_s"]), "-", "-", "-"]
            else:
                diff = row.get("probe_max_diff")
                cells += [
                    _NAMES.get(peer, peer),
                    _ms(row["peer_ms_per_frame"]),
                    _pratio(row["peer_ms_per_frame"], row["ms_per_frame"]),
                    _secs(row["setup_s"]),
                    _secs(row["peer_setup_s"]),
                    _pratio(row["peer_setup_s"], row["setup_s"]),
                    "-" if diff is None else f"{diff:.1e}",
                ]
            out.append("| " + " | ".join(cells) + " |")
        runs.append(
            f"- `{workload}`: commit {doc.get('commit', '?')}, best of {doc.get('repeat', '?')} "
            f"rounds; {doc.get('machine', '?')}"
            + (f"; {doc['note']}" if doc.get("note") else "")
            + (f"; errors: {doc['errors']}" if doc.get("errors") else "")
        )
    out += ["", "Targets (issue 24):", "", *_port_targets(docs), "", "Runs:", "", *runs]
    return "\n".join(out) + "\n"


def _target_lines(
    workload: str, ours: dict[int, float], others: dict[str, dict[int, float]]
) -> list[str]:
    if workload != "property-arrays":
        return _targets(workload, ours, others)
    mine, theirs = ours.get(10_000), others.get(LITE, {}).get(10_000)
    if mine is None or theirs is None:
        return ["M=10000 at least 10x faster than Babylon Lite: not measured"]
    verdict = "met" if theirs / mine >= 10.0 else "NOT met"
    return [
        f"M=10000 at least 10x faster than Babylon Lite: {verdict} ({theirs / mine:.2f}x; "
        f"{mine:.3f} vs {theirs:.3f} ms)"
    ]


def blocks() -> dict[Path, dict[str, Callable[[], str]]]:
    """File -> block name -> the function that renders it."""
    return {
        README: {
            "readme-parity": lambda: readme_parity_block(parity_counts()),
            "readme-speed": readme_speed_block,
        },
        PERFORMANCE: {
            "perf-crowd": lambda: performance_table("crowd"),
            "perf-property": lambda: performance_table("property"),
            "perf-arrays": lambda: performance_table("property-arrays"),
            "perf-ports": ports_table,
        },
    }


def _start(name: str) -> str:
    return f"<!-- {name}:start ({COMMAND}) -->"


def _end(name: str) -> str:
    return f"<!-- {name}:end -->"


def current_block(text: str, name: str) -> str | None:
    """The text between a block's markers (None when the markers are missing)."""
    head, found, rest = text.partition(_start(name) + "\n")
    body, found_end, _ = rest.partition(_end(name))
    return body if found and found_end else None


def replace_block(text: str, name: str, body: str) -> str:
    """``text`` with the block's body replaced (ValueError when its markers are missing)."""
    head, found, rest = text.partition(_start(name) + "\n")
    _, found_end, tail = rest.partition(_end(name))
    if not found or not found_end:
        raise ValueError(f"no {_start(name)} ... {_end(name)} block")
    return head + _start(name) + "\n" + body + _end(name) + tail


def stale_blocks() -> list[str]:
    """``file: block`` for every generated block whose text differs from a fresh generation."""
    stale = []
    for path, renders in blocks().items():
        text = path.read_text(encoding="utf-8")
        for name, render in renders.items():
            if current_block(text, name) != render():
                stale.append(f"{path.relative_to(ROOT)}: {name}")
    return stale


def write_blocks() -> list[str]:
    """Rewrite every generated block; returns the ``file: block`` names that changed."""
    changed = []
    for path, renders in blocks().items():
        text = path.read_text(encoding="utf-8")
        new = text
        for name, render in renders.items():
            new = replace_block(new, name, render())
            if current_block(text, name) != current_block(new, name):
                changed.append(f"{path.relative_to(ROOT)}: {name}")
        if new != text:
            path.write_text(new, encoding="utf-8")
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog=COMMAND,
        description="Rewrite the generated numbers in README.md and docs/performance.md.",
    )
    parser.add_argument("--check", action="store_true", help="report stale blocks, change nothing")
    args = parser.parse_args(argv)
    if args.check:
        stale = stale_blocks()
        for line in stale:
            print(f"out of date: {line} (run {COMMAND})", file=sys.stderr)
        return 1 if stale else 0
    for line in write_blocks():
        print(f"rewrote {line}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
