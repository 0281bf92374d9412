"""Issue 27 item 9: the parity checker is bounded on users' scripts.

A port that never exits is stopped by ``--timeout`` (in process and ``--isolated``), a
recording script that never exits too; a port printing more than the output bound is stopped
with ``PARITY-OUTPUT``; JSON nested 900 deep is compared (a pass or a failed comparison), never
``internal error: RecursionError`` with exit status 2. The small timeouts bound the tool under
test, not the test.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from parity import cli
from parity.compare import compare
from parity.runner import OUTPUT_CODE, TIMEOUT_CODE, check_port

RECORDER = Path(cli.__file__).resolve().parent / "recorder"
FOREVER = "import time\nwhile True:\n    time.sleep(0.01)\n"


def _pair(tmp_path: Path, port_source: str, recorded: object = None) -> tuple[Path, Path]:
    port = tmp_path / "mine.py"
    port.write_text(port_source, encoding="utf-8")
    rec = tmp_path / "mine.json"
    rec.write_text(json.dumps({"x": 1} if recorded is None else recorded), encoding="utf-8")
    return port, rec


@pytest.mark.parametrize("isolated", [False, True])
def test_a_port_that_never_exits_is_stopped(
    tmp_path: Path, isolated: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    port, rec = _pair(tmp_path, FOREVER)
    argv = ["check", str(port), "--against", str(rec), "--timeout", "0.5"]
    assert cli.main(argv + (["--isolated"] if isolated else [])) == 1
    assert TIMEOUT_CODE in capsys.readouterr().out
    result = check_port(port, rec, isolated=isolated, timeout_s=0.3)
    assert result.status == "error" and result.code == TIMEOUT_CODE


def test_timeout_flag_is_checked_and_defaults() -> None:
    args = cli._build_parser("parity").parse_args(["check", "p.py", "--against", "p.json"])
    assert args.timeout == 600.0
    for bad in ("0", "-1", "x", "1e9"):
        assert cli.main(["check", "p.py", "--against", "p.json", "--timeout", bad]) == 2


@pytest.mark.parametrize("isolated", [False, True])
def test_a_port_printing_too_much_is_stopped(tmp_path: Path, isolated: bool) -> None:
    port, rec = _pair(tmp_path, "for i in range(100000):\n    print('x' * 99)\n")
    result = check_port(port, rec, isolated=isolated, max_output_bytes=1 << 20)
    assert result.status == "error" and result.code == OUTPUT_CODE
    assert result.error is not None and len(result.error) < 400
    # Under the bound, the same port is only a malformed document (not stopped).
    small, rec2 = _pair(tmp_path, "print('x' * 99)\n")
    assert check_port(small, rec2, isolated=isolated).code is None


def _deep(depth: int, leaf: object) -> object:
    value: object = leaf
    for _ in range(depth):
        value = [value]
    return value


def test_deep_json_is_compared_not_a_crash(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deep_port = "import json\nv = 2.0\nfor _ in range(900):\n    v = [v]\nprint(json.dumps(v))\n"
    port, rec = _pair(tmp_path, deep_port, _deep(900, 1.0))
    assert cli.main(["check", str(port), "--against", str(rec)]) == 1
    out = capsys.readouterr()
    assert "FAIL" in out.out and "internal error" not in out.err
    same, rec2 = _pair(tmp_path, deep_port, _deep(900, 2.0))
    assert cli.main(["check", str(same), "--against", str(rec2)]) == 0


def test_compare_walks_any_depth_iteratively() -> None:
    result = compare(_deep(50_000, 1.0), _deep(50_000, 1.5))
    assert not result.passed and result.values_compared == 1
    assert result.first_difference is not None
    assert result.first_difference.path.endswith("[0]" * 3)
    assert compare(_deep(50_000, {"a": 1}), _deep(50_000, {"a": 1})).passed


def test_json_too_deep_for_the_reader_is_an_error_result(tmp_path: Path) -> None:
    port, rec = _pair(tmp_path, "print('[' * 200000 + ']' * 200000)\n", [[]])
    result = check_port(port, rec)
    assert result.status == "error" and "nested more deeply" in (result.error or "")


@pytest.mark.skipif(
    shutil.which("node") is None or not (RECORDER / "node_modules").is_dir(),
    reason="needs Node.js and 'npm ci' in parity/recorder",
)
def test_a_recording_that_never_exits_is_stopped(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    mjs = tmp_path / "forever.mjs"
    mjs.write_text("setInterval(() => {}, 1000);\n", encoding="utf-8")
    assert cli.main(["record", str(mjs), "--timeout", "3"]) == 1
    assert TIMEOUT_CODE in capfd.readouterr().err
    # The recorder runs the script in a child Node of its own: that one is stopped too.
    assert not _processes_running(str(mjs))


def _processes_running(needle: str) -> list[str]:
    """Command lines of live processes that mention ``needle`` (Linux's /proc; [] elsewhere)."""
    found = []
    for cmdline in Path("/proc").glob("[0-9]*/cmdline"):
        try:
            text = cmdline.read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if needle in text:
            found.append(text)
    return found
