"""Command line of the parity harness: ``python -m parity`` (and ``lite-anim parity``).

    python -m parity [run] [-k FILTER] [--report out/report.md] [--isolated]
    python -m parity list
    python -m parity record [PATH.mjs ...] [-k FILTER] [--out PATH.json] [--install]
    python -m parity check PATH.py --against PATH.json [--atol X] [--rtol Y] [--report PATH]

``run`` (the default) runs every recorded scenario pair, prints a table and exits 1 if any
scenario fails. ``record`` runs ``.mjs`` scripts under Node with the pinned Babylon packages
(through ``parity/recorder/register.mjs``) and stores what they print: ``PATH.json`` beside a
given ``PATH.mjs``, or ``parity/recorded/<name>.json`` for our own scenarios when no path is
given. ``check`` runs a user's own port against a recording. Problems (Node or npm missing,
recorder not installed, an unknown filter, a missing file) are one line on stderr and exit
status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Final, NoReturn, TypeVar

from lite_compat.animations.batch import set_batched_evaluation
from parity.errors import ParityError, RecorderError, ScenarioError
from parity.report import format_table, write_markdown_report
from parity.runner import (
    DEFAULT_TIMEOUT_S,
    PARITY_DIR,
    RECORDED_DIR,
    SCENARIO_DIR,
    TIMEOUT_CODE,
    ScenarioResult,
    check_port,
    discover,
    run_scenario,
    select,
    unpaired_ports,
)

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

__all__ = [
    "MIN_NODE_VERSION",
    "RECORDER_DIR",
    "main",
    "node_command",
    "require_recorder",
]

RECORDER_DIR: Final = PARITY_DIR / "recorder"

#: ``module.register`` (used by register.mjs) arrived in Node 18.19 / 20.6.
MIN_NODE_VERSION: Final = (18, 19)

_T = TypeVar("_T")

_SUBCOMMANDS: Final = frozenset({"run", "list", "record", "check"})
_INSTALL_HINT: Final = (
    "install Node.js 18.19 or newer; on Debian/Ubuntu: apt-get install nodejs npm"
)


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is a one-line ParityError instead of usage + exit."""

    def error(self, message: str) -> NoReturn:
        raise ParityError(f"{message} (see {self.prog} --help)")


# --------------------------------------------------------------------------- Node checks


def node_command() -> str:
    """Path of a usable ``node`` executable.

    Raises
    ------
    RecorderError
        If Node.js is missing or older than :data:`MIN_NODE_VERSION`.
    """
    node = shutil.which("node")
    if node is None:
        raise RecorderError("Node.js ('node') was not found on PATH", hint=_INSTALL_HINT)
    try:
        proc = subprocess.run(
            [node, "--version"], capture_output=True, text=True, timeout=30, check=False
        )
        parts = proc.stdout.strip().lstrip("v").split(".")
        version = (int(parts[0]), int(parts[1]))
    except (OSError, subprocess.SubprocessError, ValueError, IndexError):
        raise RecorderError(f"could not run '{node} --version'", hint=_INSTALL_HINT) from None
    if version < MIN_NODE_VERSION:
        raise RecorderError(
            f"Node.js {proc.stdout.strip()} at {node} is too old for the recorder "
            f"(needs {MIN_NODE_VERSION[0]}.{MIN_NODE_VERSION[1]}+)",
            hint=_INSTALL_HINT,
        )
    return node


def _pinned_versions(recorder_dir: Path) -> dict[str, str]:
    try:
        manifest = json.loads((recorder_dir / "package.json").read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise RecorderError(f"cannot read {recorder_dir / 'package.json'}: {exc}") from None
    deps = manifest.get("dependencies", {})
    return {str(k): str(v) for k, v in deps.items()} if isinstance(deps, dict) else {}


def _install(recorder_dir: Path) -> None:
    npm = shutil.which("npm")
    if npm is None:
        raise RecorderError("npm was not found on PATH", hint=_INSTALL_HINT)
    verb = "ci" if (recorder_dir / "package-lock.json").is_file() else "install"
    print(f"parity: running 'npm {verb}' in {recorder_dir}", file=sys.stderr)
    # npm's own progress goes to our stderr; stdout stays free for results.
    proc = subprocess.run(
        [npm, verb, "--no-audit", "--no-fund"],
        cwd=recorder_dir,
        stdout=sys.stderr,
        check=False,
    )
    if proc.returncode != 0:
        raise RecorderError(f"'npm {verb}' in {recorder_dir} failed with status {proc.returncode}")


def require_recorder(*, install: bool = False, recorder_dir: Path = RECORDER_DIR) -> str:
    """Check Node.js and the recorder's pinned packages; return the ``node`` path.

    Parameters
    ----------
    install
        Run ``npm ci`` in the recorder folder when its packages are missing or stale.
    recorder_dir
        The recorder folder (holding package.json and record.mjs).

    Raises
    ------
    RecorderError
        If Node.js is missing, or the packages are missing or not the pinned versions and
        ``install`` is false.
    """
    node = node_command()
    problems = _package_problems(recorder_dir)
    if problems and install:
        _install(recorder_dir)
        problems = _package_problems(recorder_dir)
    if problems:
        raise RecorderError(
            f"the recorder's Node packages are not ready: {problems[0]}",
            hint=f"run 'npm ci' in {recorder_dir}, or pass --install",
        )
    return node


def _package_problems(recorder_dir: Path) -> list[str]:
    modules = recorder_dir / "node_modules"
    if not modules.is_dir():
        return [f"{modules} is missing"]
    problems = []
    for name, pinned in sorted(_pinned_versions(recorder_dir).items()):
        manifest = modules / name / "package.json"
        try:
            installed = json.loads(manifest.read_text(encoding="utf-8")).get("version")
        except (OSError, json.JSONDecodeError):
            problems.append(f"{name} is not installed")
            continue
        if pinned[:1].isdigit() and installed != pinned:
            problems.append(f"{name} {installed} is installed but package.json pins {pinned}")
    return problems


# --------------------------------------------------------------------------- subcommands


def _progress(items: Sequence[_T], enabled: bool | None) -> Iterable[_T]:
    """The scenarios, reported as lite-anim's long work is: a bar on a terminal, plain lines
    in a pipe or log (``--progress never``: nothing; ``always``: the same as auto)."""
    from lite.tools.progress import Progress

    off = enabled is False
    with Progress(len(items), "parity", "scenario", enabled=False if off else None) as bar:
        for item in items:
            yield item
            bar.update()


def _finish(results: list[ScenarioResult], report: Path | None, worst: int) -> int:
    print(format_table(results))
    for r in results:
        if r.status != "pass":
            print()
            print(r.describe())
    if report is not None:
        path = write_markdown_report(results, report, worst_passing=worst)
        print(f"parity: report written to {path}", file=sys.stderr)
    return 0 if all(r.passed for r in results) else 1


def _cmd_run(args: argparse.Namespace) -> int:
    # lite_compat's batched evaluation: on (default), off, or forced on every eligible track
    # (in this process and in --isolated interpreters).
    mode = getattr(args, "compat_batch", "on")
    os.environ["LITE_COMPAT_BATCH"] = {"on": "1", "off": "0", "force": "force"}[mode]
    set_batched_evaluation(mode != "off", min_rows=1 if mode == "force" else 16)
    scenario_dir = Path(args.scenarios)
    recorded_dir = Path(args.recorded)
    scenarios = discover(scenario_dir, recorded_dir)
    if not scenarios:
        raise ScenarioError(
            f"no scenario pairs (a .py port with a recorded .json) in {scenario_dir} "
            f"and {recorded_dir}",
            hint="record them with 'python -m parity record'",
        )
    chosen = select(scenarios, args.k)
    missing = [n for n in unpaired_ports(scenario_dir, recorded_dir) if not args.k or args.k in n]
    if missing:
        print(f"parity: not recorded yet, skipped: {', '.join(missing)}", file=sys.stderr)
    progress = None if args.progress == "auto" else args.progress == "always"
    results: list[ScenarioResult] = []
    for scenario in _progress(chosen, progress):
        results.append(
            run_scenario(scenario, isolated=args.isolated, collect_series=args.report is not None)
        )
    return _finish(results, Path(args.report) if args.report else None, args.worst)


def _cmd_list(args: argparse.Namespace) -> int:
    scenario_dir = Path(args.scenarios)
    recorded_dir = Path(args.recorded)
    names = sorted(
        {p.stem for p in scenario_dir.glob("*.py") if not p.name.startswith("_")}
        | {p.stem for p in scenario_dir.glob("*.mjs")}
    )
    for name in names:
        has = [
            ".mjs" if (scenario_dir / f"{name}.mjs").is_file() else "    ",
            ".py" if (scenario_dir / f"{name}.py").is_file() else "   ",
            "recorded" if (recorded_dir / f"{name}.json").is_file() else "not recorded",
        ]
        print(f"{name}  {' '.join(has)}")
    return 0


def _cmd_record(args: argparse.Namespace) -> int:
    record_script = RECORDER_DIR / "record.mjs"
    paths = [Path(p) for p in args.paths]
    for p in paths:
        if p.suffix != ".mjs":
            raise ScenarioError(f"{p} is not an .mjs script")
        if not p.is_file():
            raise ScenarioError(f"{p} does not exist")
    if args.out and len(paths) != 1:
        raise ParityError("--out needs exactly one PATH.mjs")
    if not paths:
        available = sorted(p.stem for p in SCENARIO_DIR.glob("*.mjs"))
        if args.k and not any(args.k in n for n in available):
            raise ScenarioError(
                f"no scenario matches -k {args.k!r}; available: {', '.join(available) or 'none'}"
            )
    node = require_recorder(install=args.install)
    failed = 0
    if paths:
        for p in paths:
            out = Path(args.out) if args.out else p.with_suffix(".json")
            failed += _node(
                node,
                [str(record_script), "--out", str(out.resolve()), str(p.resolve())],
                args.timeout,
            )
    else:
        failed += _node(
            node, [str(record_script), *(["-k", args.k] if args.k else [])], args.timeout
        )
    if failed:
        print("parity: recording failed (Node's message is above)", file=sys.stderr)
        return 1
    return 0


def _node(node: str, argv: list[str], timeout_s: float) -> int:
    """Run Node; a run past ``timeout_s`` is killed and counts as a failed recording.

    The recorder runs each script in a child Node process of its own, so Node starts in a new
    process group and the whole group is killed: killing the recorder alone left the script
    running (an orphan that never exits)."""
    proc = subprocess.Popen([node, *argv], start_new_session=os.name == "posix")
    try:
        proc.wait(timeout=timeout_s)
    except BaseException as exc:  # the time limit, or Ctrl-C (Node is in its own group now)
        _kill_group(proc)
        if not isinstance(exc, subprocess.TimeoutExpired):
            raise
        print(
            f"parity: {TIMEOUT_CODE}: recording {argv[-1]} did not finish within "
            f"{timeout_s:g} s (--timeout); Node was stopped",
            file=sys.stderr,
        )
        return 1
    return 0 if proc.returncode == 0 else 1


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    """Kill ``proc`` and every process of its group (POSIX), reap it, and wait (up to
    :data:`_GROUP_EXIT_S`) until the rest of the group is gone too: a killed grandchild is
    reaped by init, a moment later on a loaded machine."""
    if os.name == "posix":
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, signal.SIGKILL)
    proc.kill()
    proc.wait()
    if os.name == "posix":
        deadline = time.monotonic() + _GROUP_EXIT_S
        while time.monotonic() < deadline:
            try:
                os.killpg(proc.pid, 0)
            except (ProcessLookupError, PermissionError):
                return
            time.sleep(0.01)


#: How long :func:`_kill_group` waits for a killed group's last members to be reaped.
_GROUP_EXIT_S: Final = 5.0


def _cmd_check(args: argparse.Namespace) -> int:
    port = Path(args.port)
    recorded = Path(args.against)
    if port.suffix != ".py":
        raise ScenarioError(f"{port} is not a .py script")
    if not port.is_file():
        raise ScenarioError(f"{port} does not exist")
    if not recorded.is_file():
        mjs = recorded.with_suffix(".mjs")
        hint = f"record it with 'python -m parity record {mjs}'" if mjs.is_file() else None
        raise ScenarioError(f"recording {recorded} does not exist", hint=hint)
    result = check_port(
        port,
        recorded,
        atol=args.atol,
        rtol=args.rtol,
        isolated=args.isolated,
        collect_series=args.report is not None,
        timeout_s=args.timeout,
    )
    return _finish([result], Path(args.report) if args.report else None, worst=1)


# --------------------------------------------------------------------------- parser


def _nonneg_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value >= 0.0:
        raise argparse.ArgumentTypeError(f"must be >= 0, got {text}")
    return value


def _timeout(text: str) -> float:
    value = _nonneg_float(text)
    if value == 0.0 or value > 86400.0:
        raise argparse.ArgumentTypeError(f"must be in (0, 86400] seconds, got {text}")
    return value


class _EpilogAsWritten(argparse.HelpFormatter):
    """Descriptions wrapped to the terminal; text with line breaks (the examples) as written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if "\n" in text:
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)


def _build_parser(prog: str) -> argparse.ArgumentParser:
    parser = _Parser(
        prog=prog,
        description="Compare the Python ports with outputs recorded from real Babylon.js / "
        "Babylon Lite.",
        epilog="examples:\n"
        "  lite-anim parity -k compat --report out/parity.md\n"
        "  lite-anim parity list\n"
        "  lite-anim parity record my_script.mjs --out my_script.json\n"
        "  lite-anim parity check my_port.py --against my_script.json",
        formatter_class=_EpilogAsWritten,
    )
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    def dirs(p: argparse.ArgumentParser) -> None:
        p.add_argument("--scenarios", default=str(SCENARIO_DIR), help="scenario folder")
        p.add_argument("--recorded", default=str(RECORDED_DIR), help="recordings folder")

    run = sub.add_parser(
        "run",
        help="run scenario pairs and compare (the default)",
        description="Run each scenario pair (a .mjs recorded under Node from real Babylon.js / "
        "Babylon Lite, and its .py port) and compare the port's values with the recording "
        "within the scenario's tolerances; print a table and the details of each failure. "
        "Exit status 0 when all pass, 1 when one fails.",
        epilog="examples:\n  lite-anim parity run\n  lite-anim parity run -k crossfade\n"
        "  lite-anim parity run -k compat --report out/parity.md",
        formatter_class=_EpilogAsWritten,
    )
    run.add_argument("-k", metavar="FILTER", help="only scenarios whose name contains FILTER")
    run.add_argument("--report", metavar="PATH", help="write a Markdown report (and PNGs) here")
    run.add_argument(
        "--worst", type=int, default=3, help="passing scenarios detailed in the report"
    )
    run.add_argument("--isolated", action="store_true", help="run each port in its own interpreter")
    run.add_argument(
        "--compat-batch",
        choices=("on", "off", "force"),
        default="on",
        help="lite_compat batched evaluation: on (default), off, or force (batch every "
        "eligible animatable, however few)",
    )
    run.add_argument(
        "--progress",
        choices=("auto", "always", "never"),
        default="auto",
        help="progress bar on stderr (auto: only on a terminal)",
    )
    dirs(run)

    lst = sub.add_parser(
        "list",
        help="list scenarios and whether they are recorded",
        description="List the scenarios in the scenario folder: whether each has its .mjs "
        "and .py halves and a recording.",
        epilog="example:\n  lite-anim parity list",
        formatter_class=_EpilogAsWritten,
    )
    dirs(lst)

    rec = sub.add_parser(
        "record",
        help="record .mjs scripts under Node with pinned Babylon",
        description="Run .mjs scripts under Node with the pinned @babylonjs packages of "
        "parity/recorder and write what they record as JSON: our scenarios (default, or -k), "
        "or your own script with --out. Needs node and the recorder's npm packages "
        "(--install runs npm ci).",
        epilog="examples:\n  lite-anim parity record -k crossfade\n"
        "  lite-anim parity record my_script.mjs --out my_script.json",
        formatter_class=_EpilogAsWritten,
    )
    rec.add_argument("paths", nargs="*", metavar="PATH.mjs", help="scripts (default: ours)")
    rec.add_argument("-k", metavar="FILTER", help="only our scenarios whose name contains it")
    rec.add_argument("--out", metavar="PATH.json", help="output for a single PATH.mjs")
    rec.add_argument(
        "--install", action="store_true", help="run 'npm ci' in the recorder first if needed"
    )
    rec.add_argument(
        "--timeout",
        type=_timeout,
        default=DEFAULT_TIMEOUT_S,
        metavar="S",
        help=f"stop a recording after S seconds (default {DEFAULT_TIMEOUT_S:g})",
    )

    chk = sub.add_parser(
        "check",
        help="check your own port against a recording",
        description="Run your own Python port (a .py that records the same values as the "
        ".mjs) and compare it with a recording made by 'record', within the recording's "
        "tolerances or --atol / --rtol.",
        epilog="example:\n"
        "  lite-anim parity check my_port.py --against my_script.json --report out/check.md",
        formatter_class=_EpilogAsWritten,
    )
    chk.add_argument("port", metavar="PATH.py")
    chk.add_argument("--against", metavar="PATH.json", required=True)
    chk.add_argument("--atol", type=_nonneg_float, help="absolute tolerance (overrides headers)")
    chk.add_argument("--rtol", type=_nonneg_float, help="relative tolerance (overrides headers)")
    chk.add_argument("--report", metavar="PATH", help="write a Markdown report (and PNG) here")
    chk.add_argument("--isolated", action="store_true", help="run the port in its own interpreter")
    chk.add_argument(
        "--timeout",
        type=_timeout,
        default=DEFAULT_TIMEOUT_S,
        metavar="S",
        help=f"stop the port after S seconds (default {DEFAULT_TIMEOUT_S:g})",
    )
    return parser


def main(argv: list[str] | None = None, *, prog: str = "parity") -> int:
    """Run the parity command line.

    Parameters
    ----------
    argv
        Arguments without the program name (default: ``sys.argv[1:]``). With no subcommand,
        ``run`` is assumed.
    prog
        Program name shown in usage and errors.

    Returns
    -------
    int
        0 when everything passed, 1 when a scenario failed or a recording failed, 2 for a
        usage or setup error (printed as one line on stderr; set ``PARITY_DEBUG=1`` to see
        the traceback of an internal error).
    """
    args_list = list(sys.argv[1:] if argv is None else argv)
    if not args_list or (args_list[0] not in _SUBCOMMANDS and args_list[0] not in ("-h", "--help")):
        args_list.insert(0, "run")
    parser = _build_parser(prog)
    try:
        args = parser.parse_args(args_list)
        handler = {
            "run": _cmd_run,
            "list": _cmd_list,
            "record": _cmd_record,
            "check": _cmd_check,
        }[args.command]
        return handler(args)
    except ParityError as exc:
        print(f"{prog}: error: {exc.one_line()}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"{prog}: error: {exc}", file=sys.stderr)
        return 2
    except SystemExit as exc:  # --help
        return exc.code if isinstance(exc.code, int) else 0
    except KeyboardInterrupt:
        print(f"{prog}: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:  # a bug of ours: still one line, as promised, with a way to see more
        if os.environ.get("PARITY_DEBUG"):
            raise
        print(
            f"{prog}: internal error: {type(exc).__name__}: {exc} "
            "(set PARITY_DEBUG=1 for the traceback)",
            file=sys.stderr,
        )
        return 2
