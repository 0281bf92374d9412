"""Discover scenario pairs, run each Python port, and compare it with its recording.

A scenario is ``parity/scenarios/<name>.py`` (the port) plus ``parity/recorded/<name>.json``
(what the original ``parity/scenarios/<name>.mjs`` printed under Node with the pinned
Babylon packages). A port is run in this process with :mod:`runpy`, as ``__main__``, with
``sys.argv = [port]``, its folder first on ``sys.path`` and as the working directory, and
stdout captured; it must print exactly one JSON document. ``isolated=True`` runs it in a
fresh interpreter instead (slower, but no state is shared between ports).

Running a user's script is bounded: ``timeout_s`` stops a port that does not
finish (in process with ``SIGALRM``, where this is the main thread of a POSIX process; isolated
by killing the interpreter) and gives an ``error`` result whose ``code`` is
:data:`TIMEOUT_CODE`; what a port prints is captured up to ``max_output_bytes`` (default
:data:`MAX_OUTPUT_BYTES`, 64 MiB) per stream, beyond which it is stopped with
:data:`OUTPUT_CODE`. The comparison walks iteratively, so nesting depth is never a crash.
"""

from __future__ import annotations

import contextlib
import io
import os
import runpy
import signal
import subprocess
import sys
import threading
import time
import traceback
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import FrameType
from typing import IO, Final, Literal

from parity.compare import (
    CompareResult,
    CompareSettings,
    compare,
    load_json,
    load_json_text,
    merge_headers,
    read_header,
)
from parity.errors import ParityError, ScenarioError

__all__ = [
    "DEFAULT_TIMEOUT_S",
    "MAX_OUTPUT_BYTES",
    "OUTPUT_CODE",
    "OUTPUT_EXCERPT_CHARS",
    "PARITY_DIR",
    "RECORDED_DIR",
    "SCENARIO_DIR",
    "TIMEOUT_CODE",
    "PortOutput",
    "Scenario",
    "ScenarioResult",
    "Status",
    "check_port",
    "discover",
    "run_port",
    "run_scenario",
    "select",
    "settings_for",
    "unpaired_ports",
]

PARITY_DIR: Final = Path(__file__).resolve().parent
SCENARIO_DIR: Final = PARITY_DIR / "scenarios"
RECORDED_DIR: Final = PARITY_DIR / "recorded"

#: How much of a port's stray output a failure message shows.
OUTPUT_EXCERPT_CHARS: Final = 2000
#: The time limit ``parity check`` and ``parity record`` give a script (``--timeout S``).
DEFAULT_TIMEOUT_S: Final = 600.0
#: The most a port may print on stdout (and, apart, on stderr) before it is stopped.
MAX_OUTPUT_BYTES: Final = 64 * 1024 * 1024
#: ``ScenarioResult.code`` of a port (or recording) stopped at its time limit.
TIMEOUT_CODE: Final = "PARITY-TIMEOUT"
#: ``ScenarioResult.code`` of a port stopped for printing more than its output bound.
OUTPUT_CODE: Final = "PARITY-OUTPUT"

Status = Literal["pass", "fail", "error"]


@dataclass(frozen=True, slots=True)
class Scenario:
    """One port and the recording it is checked against.

    Parameters
    ----------
    name
        Scenario name (the file stem).
    port
        The Python port (``.py``).
    recorded
        The recorded JSON document.
    original
        The ``.mjs`` it was recorded from, when present (its header is merged).
    """

    name: str
    port: Path
    recorded: Path
    original: Path | None = None


@dataclass(slots=True)
class PortOutput:
    """What a port printed, or how it failed.

    Exactly one of ``document`` and ``error`` is meaningful: ``error`` is set when the port
    raised (it then holds the traceback) or printed something other than one JSON document
    (it then holds the start of that output).
    """

    document: object = None
    error: str | None = None
    stderr: str = ""
    duration_s: float = 0.0
    #: :data:`TIMEOUT_CODE` or :data:`OUTPUT_CODE` when the port was stopped, else None.
    code: str | None = None


@dataclass(slots=True)
class ScenarioResult:
    """Outcome of one scenario.

    ``status`` is ``"pass"``, ``"fail"`` (numbers or shape differ) or ``"error"`` (the port
    raised, printed no JSON, or a file or header was bad); ``error`` explains an error.
    """

    name: str
    status: Status
    comparison: CompareResult | None = None
    error: str | None = None
    settings: CompareSettings | None = None
    duration_s: float = 0.0
    port: Path | None = None
    recorded: Path | None = None
    #: :data:`TIMEOUT_CODE` or :data:`OUTPUT_CODE` when the port was stopped, else None.
    code: str | None = None

    @property
    def passed(self) -> bool:
        """True when the port matched its recording."""
        return self.status == "pass"

    def describe(self) -> str:
        """A multi-line explanation of a failure (empty for a pass)."""
        if self.status == "pass":
            return ""
        if self.status == "error":
            return f"scenario {self.name!r}: {self.error}"
        cmp = self.comparison
        if cmp is None:
            return f"scenario {self.name!r}: failed"
        lines = [
            f"scenario {self.name!r}: {cmp.n_differences} difference(s) in "
            f"{cmp.values_compared} values compared (max abs err {cmp.max_abs_err:.3g}, "
            f"max rel err {cmp.max_rel_err:.3g})",
        ]
        first = cmp.first_difference
        if first is not None:
            lines.append(f"first difference at {first.path}: {first.message}")
        for diff in cmp.differences[1:6]:
            lines.append(f"  also {diff}")
        if cmp.n_differences > 6:
            lines.append(f"  ... and {cmp.n_differences - 6} more")
        return "\n".join(lines)


def discover(
    scenario_dir: Path = SCENARIO_DIR,
    recorded_dir: Path = RECORDED_DIR,
) -> list[Scenario]:
    """Every scenario with both a ``.py`` port and a recording, sorted by name.

    Ports without a recording (not yet recorded) are not pairs and are left out; see
    :func:`unpaired_ports`.
    """
    if not scenario_dir.is_dir():
        return []
    pairs: list[Scenario] = []
    for port in sorted(scenario_dir.glob("*.py")):
        if port.name.startswith("_"):
            continue
        recorded = recorded_dir / f"{port.stem}.json"
        if not recorded.is_file():
            continue
        original = scenario_dir / f"{port.stem}.mjs"
        pairs.append(Scenario(port.stem, port, recorded, original if original.is_file() else None))
    return pairs


def unpaired_ports(
    scenario_dir: Path = SCENARIO_DIR,
    recorded_dir: Path = RECORDED_DIR,
) -> list[str]:
    """Names of ``.py`` ports that have no recording yet."""
    if not scenario_dir.is_dir():
        return []
    return [
        p.stem
        for p in sorted(scenario_dir.glob("*.py"))
        if not p.name.startswith("_") and not (recorded_dir / f"{p.stem}.json").is_file()
    ]


def select(scenarios: list[Scenario], pattern: str | None) -> list[Scenario]:
    """Scenarios whose name contains ``pattern`` (all when ``pattern`` is empty).

    Raises
    ------
    ScenarioError
        If ``pattern`` matches none; the message lists the available names.
    """
    if not pattern:
        return list(scenarios)
    chosen = [s for s in scenarios if pattern in s.name]
    if not chosen:
        names = ", ".join(s.name for s in scenarios) or "none (no recorded pairs found)"
        raise ScenarioError(f"no scenario matches -k {pattern!r}; available: {names}")
    return chosen


def settings_for(
    port: Path,
    original: Path | None = None,
    *,
    atol: float | None = None,
    rtol: float | None = None,
) -> CompareSettings:
    """Comparison settings from the port's and original's headers, then ``atol``/``rtol``.

    Raises
    ------
    HeaderError
        If a header is malformed or the two headers disagree.
    """
    header = read_header(port)
    if original is not None and original.is_file():
        header = merge_headers(
            header, read_header(original), py_name=port.name, mjs_name=original.name
        )
    return CompareSettings.from_header(header).with_overrides(atol=atol, rtol=rtol)


def _excerpt(text: str) -> str:
    if len(text) <= OUTPUT_EXCERPT_CHARS:
        return text
    return text[:OUTPUT_EXCERPT_CHARS] + f"\n... ({len(text) - OUTPUT_EXCERPT_CHARS} more chars)"


def _parse_output(stdout: str, port: Path) -> PortOutput:
    if not stdout.strip():
        return PortOutput(
            error=f"{port.name} printed nothing on stdout (expected one JSON document)"
        )
    try:
        return PortOutput(document=load_json_text(stdout, source=port.name))
    except ParityError as exc:
        return PortOutput(
            error=f"{port.name} did not print exactly one JSON document "
            f"({exc.message.split(': ', 1)[-1]}); its output began:\n{_excerpt(stdout)}"
        )


def run_port(
    port: Path,
    *,
    isolated: bool = False,
    timeout_s: float | None = None,
    max_output_bytes: int = MAX_OUTPUT_BYTES,
) -> PortOutput:
    """Run a Python port and parse what it prints.

    Parameters
    ----------
    port
        The ``.py`` script.
    isolated
        Run it in a fresh interpreter (``sys.executable``) instead of in this process.
    timeout_s
        Time limit in seconds (None: none). Isolated, the interpreter is killed; in process,
        ``SIGALRM`` interrupts the port (only from the main thread of a POSIX process).
    max_output_bytes
        Most bytes (characters in process) captured per stream; a port printing more is
        stopped with :data:`OUTPUT_CODE`.

    Returns
    -------
    PortOutput
        The parsed document, or an error holding the traceback or the offending output.
    """
    port = port.resolve()
    start = time.perf_counter()
    out = (
        _run_isolated(port, timeout_s, max_output_bytes)
        if isolated
        else _run_in_process(port, timeout_s, max_output_bytes)
    )
    out.duration_s = time.perf_counter() - start
    return out


class _PortStopped(BaseException):
    """Raised inside an in-process port to stop it (time limit or output bound)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


class _BoundedText(io.StringIO):
    """A capture buffer that stops the port once it holds more than ``limit`` characters."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self._room = limit

    def write(self, text: str) -> int:
        self._room -= len(text)
        if self._room < 0:
            raise _PortStopped(OUTPUT_CODE)
        return super().write(text)


@contextlib.contextmanager
def _alarm(timeout_s: float | None) -> Iterator[None]:
    """Raise :class:`_PortStopped` in this thread after ``timeout_s`` (POSIX main thread)."""
    usable = (
        timeout_s is not None
        and hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
    )
    if not usable:
        yield
        return

    def fire(_signum: int, _frame: FrameType | None) -> None:
        raise _PortStopped(TIMEOUT_CODE)

    previous = signal.signal(signal.SIGALRM, fire)
    signal.setitimer(signal.ITIMER_REAL, timeout_s)  # type: ignore[arg-type]
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _stopped(port: Path, code: str, timeout_s: float | None, limit: int) -> PortOutput:
    if code == TIMEOUT_CODE:
        why = f"did not finish within {timeout_s:g} s (--timeout)"
    else:
        why = f"printed more than {limit:,} bytes on one stream (MAX_OUTPUT_BYTES); stopped"
    return PortOutput(error=f"{code}: {port.name} {why}", code=code)


def _run_in_process(port: Path, timeout_s: float | None, limit: int) -> PortOutput:
    stdout = _BoundedText(limit)
    stderr = _BoundedText(limit)
    saved_argv = sys.argv[:]
    saved_path = sys.path[:]
    saved_cwd = os.getcwd()
    error: str | None = None
    try:
        sys.argv = [str(port)]
        sys.path.insert(0, str(port.parent))
        os.chdir(port.parent)
        with (
            _alarm(timeout_s),
            contextlib.redirect_stdout(stdout),
            contextlib.redirect_stderr(stderr),
        ):
            runpy.run_path(str(port), run_name="__main__")
            _finish_main_script()
    except _PortStopped as exc:
        return _stopped(port, exc.code, timeout_s, limit)
    except SystemExit as exc:
        if exc.code not in (None, 0):
            error = f"{port.name} exited with status {exc.code!r}"
    except BaseException as exc:  # a port's crash is a scenario failure, not ours
        if isinstance(exc, KeyboardInterrupt):
            raise
        tb = traceback.format_exception(exc)
        error = f"{port.name} raised {type(exc).__name__}: {exc}\n{''.join(tb).rstrip()}"
    finally:
        _finish_main_script(discard=True)
        os.chdir(saved_cwd)
        sys.argv = saved_argv
        sys.path[:] = saved_path
    if error is not None:
        return PortOutput(error=_with_stderr(error, stderr.getvalue()), stderr=stderr.getvalue())
    out = _parse_output(stdout.getvalue(), port)
    out.stderr = stderr.getvalue()
    return out


def _finish_main_script(discard: bool = False) -> None:
    """What a process does after a script's last line: run the render-loop frames the port
    queued (lite_compat.engines.render_loop), or drop them after a failure. A no-op when the
    port did not import lite_compat."""
    render_loop = sys.modules.get("lite_compat.engines.render_loop")
    finish = getattr(render_loop, "run_main_script_frames", None)
    if callable(finish):
        finish(discard)


def _drain(stream: IO[bytes], limit: int, chunks: list[bytes], over: threading.Event) -> None:
    """Read ``stream`` into ``chunks`` until EOF, or until more than ``limit`` bytes came."""
    total = 0
    while True:
        chunk = stream.read1(65536)  # type: ignore[attr-defined]
        if not chunk:
            return
        total += len(chunk)
        if total > limit:
            over.set()
            return
        chunks.append(chunk)


def _run_isolated(port: Path, timeout_s: float | None, limit: int) -> PortOutput:
    proc = subprocess.Popen(
        [sys.executable, str(port)],
        cwd=port.parent,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    over = threading.Event()
    out_chunks: list[bytes] = []
    err_chunks: list[bytes] = []
    readers = [
        threading.Thread(target=_drain, args=(stream, limit, chunks, over), daemon=True)
        for stream, chunks in ((proc.stdout, out_chunks), (proc.stderr, err_chunks))
    ]
    for reader in readers:
        reader.start()
    deadline = None if timeout_s is None else time.monotonic() + timeout_s
    code: str | None = None
    with proc:
        while proc.poll() is None:
            if over.wait(0.02):
                code = OUTPUT_CODE
            elif deadline is not None and time.monotonic() > deadline:
                code = TIMEOUT_CODE
            if code is not None:
                proc.kill()
                break
        proc.wait()
        for reader in readers:
            reader.join(timeout=5.0)
    if code is None and over.is_set():
        code = OUTPUT_CODE
    if code is not None:
        return _stopped(port, code, timeout_s, limit)
    stdout = b"".join(out_chunks).decode("utf-8", errors="replace")
    stderr = b"".join(err_chunks).decode("utf-8", errors="replace")
    if proc.returncode != 0:
        return PortOutput(
            error=f"{port.name} exited with status {proc.returncode}:\n{stderr.rstrip()}",
            stderr=stderr,
        )
    out = _parse_output(stdout, port)
    out.stderr = stderr
    return out


def _with_stderr(error: str, stderr: str) -> str:
    if not stderr.strip():
        return error
    return f"{error}\n--- stderr ---\n{_excerpt(stderr.rstrip())}"


def check_port(
    port: Path,
    recorded: Path,
    *,
    name: str | None = None,
    original: Path | None = None,
    atol: float | None = None,
    rtol: float | None = None,
    isolated: bool = False,
    collect_series: bool = True,
    timeout_s: float | None = None,
    max_output_bytes: int = MAX_OUTPUT_BYTES,
) -> ScenarioResult:
    """Run ``port`` and compare what it prints with ``recorded``.

    Settings come from the headers of ``port`` and ``original`` (default: the ``.mjs``
    beside ``recorded`` or beside ``port``), then ``atol``/``rtol`` when given. Bad headers,
    an unreadable recording, a crashing port or non-JSON output give an ``"error"`` result
    rather than an exception; so do a port past ``timeout_s`` or past ``max_output_bytes``
    (see :func:`run_port`; ``result.code`` names which).
    """
    name = name or port.stem
    if original is None:
        for candidate in (recorded.with_suffix(".mjs"), port.with_suffix(".mjs")):
            if candidate.is_file():
                original = candidate
                break
    result = ScenarioResult(name, "error", port=port, recorded=recorded)
    try:
        settings = settings_for(port, original, atol=atol, rtol=rtol)
        expected = load_json(recorded)
    except ParityError as exc:
        result.error = exc.one_line()
        return result
    result.settings = settings
    output = run_port(
        port, isolated=isolated, timeout_s=timeout_s, max_output_bytes=max_output_bytes
    )
    result.duration_s = output.duration_s
    if output.error is not None:
        result.error = output.error
        result.code = output.code
        return result
    cmp = compare(
        expected,
        output.document,
        atol=settings.atol,
        rtol=settings.rtol,
        quaternion_paths=settings.quaternion_paths,
        ignore=settings.ignore,
        collect_series=collect_series,
    )
    result.comparison = cmp
    result.status = "pass" if cmp.passed else "fail"
    return result


def run_scenario(
    scenario: Scenario, *, isolated: bool = False, collect_series: bool = True
) -> ScenarioResult:
    """Run one discovered scenario (see :func:`check_port`)."""
    return check_port(
        scenario.port,
        scenario.recorded,
        name=scenario.name,
        original=scenario.original,
        isolated=isolated,
        collect_series=collect_series,
    )
