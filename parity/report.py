"""Print a results table and write a Markdown report with expected-vs-actual plots.

The table has one row per scenario: values compared, max abs error (over the values the
absolute tolerance judges), max rel error (over those the relative tolerance judges), how much
of the tolerance the worst value used, and the status. The Markdown report repeats it and
then, for every failing scenario and the closest passing ones, gives the JSON path of the
first difference (or the error and traceback) and a PNG of expected against actual over the
sampled frames, saved beside the report as ``<report stem>-<scenario>.png`` and linked.
Plots use Matplotlib's Agg canvas directly (no pyplot), so no display is needed and the
caller's backend is left alone.
"""

from __future__ import annotations

import math
import re
import warnings
from pathlib import Path
from typing import TYPE_CHECKING, Final

if TYPE_CHECKING:
    from collections.abc import Sequence

    from parity.compare import CompareResult, Series
    from parity.runner import ScenarioResult

__all__ = [
    "MAX_PLOTTED_SERIES",
    "PLOT_LIMIT",
    "format_table",
    "plot_comparison",
    "write_markdown_report",
]

#: Rows (leaf paths) drawn in one scenario's plot.
MAX_PLOTTED_SERIES: Final = 4

#: Values beyond this magnitude are left out of plots (drawn as gaps).
PLOT_LIMIT: Final = 1e150

_STATUS_LABEL: Final = {"pass": "PASS", "fail": "FAIL", "error": "ERROR"}


def _num(x: float) -> str:
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf"
    return f"{x:.3g}"


def _row(result: ScenarioResult) -> list[str]:
    cmp = result.comparison
    status = _STATUS_LABEL[result.status]
    if cmp is None:
        return [result.name, "-", "-", "-", "-", status]
    return [
        result.name,
        str(cmp.values_compared),
        _num(cmp.max_abs_err) if cmp.abs_judged else "-",
        _num(cmp.max_rel_err) if cmp.rel_judged else "-",
        _num(cmp.max_tol_ratio),
        status,
    ]


_HEADERS: Final = ["scenario", "values", "max abs err", "max rel err", "err/tol", "status"]


def format_table(results: Sequence[ScenarioResult]) -> str:
    """A fixed-width text table of results, one row per scenario, plus a summary line.

    ``err/tol`` is the worst value's error divided by its allowance
    ``atol + rtol * |expected|``; above 1 fails. ``max abs err`` is taken over the values
    whose allowance is mostly ``atol`` (``rtol * |expected| <= atol``), ``max rel err`` over
    the others, so each column shows the error its tolerance judged (``-``: no such value).
    """
    rows = [_HEADERS, *(_row(r) for r in results)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(_HEADERS))]
    lines = []
    for n, row in enumerate(rows):
        cells = [
            cell.ljust(widths[i]) if i == 0 else cell.rjust(widths[i]) for i, cell in enumerate(row)
        ]
        lines.append("  ".join(cells).rstrip())
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    lines.append(_summary(results))
    return "\n".join(lines)


def _summary(results: Sequence[ScenarioResult]) -> str:
    passed = sum(r.status == "pass" for r in results)
    failed = sum(r.status == "fail" for r in results)
    errors = sum(r.status == "error" for r in results)
    return f"{len(results)} scenario(s): {passed} passed, {failed} failed, {errors} error(s)"


def _safe_name(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", name) or "scenario"


def _pick_series(cmp: CompareResult, limit: int) -> list[Series]:
    """Series with failures first, then those closest to failing; exact ones only as filler."""
    ranked = sorted(
        cmp.series.values(),
        key=lambda s: (s.failures > 0, s.max_tol_ratio, len(s.x)),
        reverse=True,
    )
    first = cmp.first_difference
    if first is not None:
        # The series holding the first difference leads, so the plot shows what the text says.
        for i, s in enumerate(ranked):
            if _series_holds(s.name, first.path):
                ranked.insert(0, ranked.pop(i))
                break
    inexact = [s for s in ranked if s.max_tol_ratio > 0.0]
    return (inexact or ranked)[:limit]


def _series_holds(series_name: str, path: str) -> bool:
    pattern = re.escape(series_name).replace(re.escape("[*]"), r"\[\d+\]", 1)
    return re.fullmatch(pattern, path) is not None


def plot_comparison(
    result: ScenarioResult, path: Path, *, max_series: int = MAX_PLOTTED_SERIES
) -> Path | None:
    """Draw expected against actual for the worst leaf paths of one scenario.

    Each row is one leaf path over the sampled frames (its first array index): on the left
    the expected (recorded) and actual (port) values, on the right ``|actual - expected|``
    with the allowance ``atol + rtol * |expected|``.

    Returns
    -------
    Path or None
        ``path``, or ``None`` when there is nothing numeric to plot.
    """
    cmp = result.comparison
    if cmp is None or not cmp.series:
        return None
    chosen = _pick_series(cmp, max_series)
    if not chosen:
        return None
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    settings = result.settings
    atol = settings.atol if settings else 0.0
    rtol = settings.rtol if settings else 0.0
    fig = Figure(figsize=(11.0, 2.8 * len(chosen) + 0.6), layout="constrained")
    FigureCanvasAgg(fig)
    axes = fig.subplots(len(chosen), 2, squeeze=False)
    for row, series in enumerate(chosen):
        xs = series.x
        exp = [_plottable(v) for v in series.expected]
        act = [_plottable(v) for v in series.actual]
        err = [abs(a - e) for a, e in zip(act, exp, strict=True)]
        allowed = [atol + rtol * abs(e) for e in exp]
        left, right = axes[row][0], axes[row][1]
        left.plot(xs, exp, "-o", color="tab:blue", markersize=3, linewidth=1.5, label="expected")
        left.plot(xs, act, "--x", color="tab:red", markersize=4, linewidth=1.0, label="actual")
        left.set_title(series.name, fontsize=9, loc="left")
        left.set_xlabel(_x_label(series.name))
        left.legend(fontsize=8, loc="best")
        right.plot(xs, err, "-", color="tab:red", linewidth=1.0, label="|actual - expected|")
        right.plot(xs, allowed, ":", color="tab:gray", linewidth=1.0, label="allowed")
        right.set_title(
            f"abs error (max {_num(series.max_abs_err)}, {series.failures} over tolerance)",
            fontsize=9,
            loc="left",
        )
        right.set_xlabel(_x_label(series.name))
        right.legend(fontsize=8, loc="best")
        positive = [a for a in allowed if a > 0.0]
        if positive and series.max_abs_err > 10.0 * max(positive):
            # Errors far above the allowance: a symlog axis keeps both visible.
            right.set_yscale("symlog", linthresh=min(positive))
    fig.suptitle(f"{result.name}: expected (recorded) vs actual (port)", fontsize=11)
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=90)
    return path


def _plottable(v: float) -> float:
    # Matplotlib's tick maths overflows on ranges near the float limit; such points are gaps.
    return v if math.isfinite(v) and abs(v) < PLOT_LIMIT else math.nan


def _x_label(series_name: str) -> str:
    head, sep, _ = series_name.partition("[*]")
    return f"index in {head}" if sep else "sample"


def _code_block(text: str) -> str:
    fence = "```"
    while fence in text:
        fence += "`"
    return f"{fence}text\n{text.rstrip()}\n{fence}"


def _md_escape(text: str) -> str:
    return text.replace("|", "\\|")


def write_markdown_report(
    results: Sequence[ScenarioResult],
    path: Path,
    *,
    worst_passing: int = 3,
    title: str = "Parity report",
) -> Path:
    """Write the Markdown report and its PNGs.

    Parameters
    ----------
    results
        Scenario results, in table order.
    path
        The ``.md`` file to write; PNGs go beside it as ``<stem>-<scenario>.png``.
    worst_passing
        How many passing scenarios (those using most of their tolerance) also get a section.
    title
        The report's heading.

    Returns
    -------
    Path
        ``path``.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    out: list[str] = [f"# {title}", "", _summary(results) + ".", ""]
    out.append(
        "A number passes when `|actual - expected| <= atol + rtol * |expected|`; "
        "*err/tol* is the worst value's error divided by that allowance (above 1 fails); "
        "*max abs err* is taken over the values whose allowance is mostly `atol` "
        "(`rtol * |expected| <= atol`), *max rel err* over the others."
    )
    out.append("")
    out.append("| scenario | values | max abs err | max rel err | err/tol | atol | rtol | status |")
    out.append("|---|---:|---:|---:|---:|---:|---:|---|")
    for r in results:
        cells = _row(r)
        atol = f"{r.settings.atol:g}" if r.settings else "-"
        rtol = f"{r.settings.rtol:g}" if r.settings else "-"
        status = f"**{cells[5]}**" if r.status != "pass" else cells[5]
        out.append(
            f"| {_md_escape(cells[0])} | {cells[1]} | {cells[2]} | {cells[3]} | {cells[4]} "
            f"| {atol} | {rtol} | {status} |"
        )
    out.append("")

    failing = [r for r in results if r.status != "pass"]
    passing = sorted(
        (r for r in results if r.status == "pass" and r.comparison is not None),
        key=lambda r: r.comparison.max_tol_ratio if r.comparison else 0.0,
        reverse=True,
    )[: max(worst_passing, 0)]

    if failing:
        out += ["## Failures", ""]
        for r in failing:
            out += _section(r, path)
    if passing:
        out += ["## Closest passes", ""]
        for r in passing:
            out += _section(r, path)
    path.write_text("\n".join(out).rstrip() + "\n", encoding="utf-8")
    return path


def _section(r: ScenarioResult, report_path: Path) -> list[str]:
    lines = [f"### {r.name} ({_STATUS_LABEL[r.status]})", ""]
    if r.port is not None:
        lines.append(f"- port: `{r.port}`")
    if r.recorded is not None:
        lines.append(f"- recording: `{r.recorded}`")
    cmp = r.comparison
    if r.status == "error":
        lines += ["", _code_block(r.error or "unknown error"), ""]
        return lines
    if cmp is None:
        return [*lines, ""]
    lines.append(
        f"- {cmp.values_compared} values compared; max abs err {_row(r)[2]}, "
        f"max rel err {_row(r)[3]}, err/tol {_num(cmp.max_tol_ratio)}"
    )
    first = cmp.first_difference
    if first is not None:
        lines.append(f"- **first difference** at `{first.path}`: {first.message}")
        lines.append(f"- {cmp.n_differences} difference(s) in all")
        for d in cmp.differences[1:6]:
            lines.append(f"  - `{d.path}`: {d.message}")
    elif cmp.worst_path is not None:
        lines.append(f"- worst value at `{cmp.worst_path}`")
    png = report_path.with_name(f"{report_path.stem}-{_safe_name(r.name)}.png")
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            drawn = plot_comparison(r, png)
    except Exception as exc:  # a plot is a convenience: never lose the report over it
        lines.append(f"- (no plot: {type(exc).__name__}: {exc})")
    else:
        if drawn is not None:
            lines += ["", f"![{r.name}: expected vs actual]({png.name})"]
    lines.append("")
    return lines
