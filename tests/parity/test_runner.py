"""Tests of the parity harness: comparison rules, headers, the runner, the CLI and the report."""

from __future__ import annotations

import json
import math
import shutil
import textwrap
from pathlib import Path

import pytest

from parity import cli
from parity.compare import (
    PathPattern,
    compare,
    format_path,
    load_json,
    load_json_text,
    merge_headers,
    parse_header_line,
    read_header,
)
from parity.errors import HeaderError, RecorderError, ScenarioError
from parity.report import format_table, write_markdown_report
from parity.runner import check_port, discover, run_port, run_scenario, select

RECORDER = Path(cli.__file__).resolve().parent / "recorder"


def _frames(n: int = 6) -> dict[str, object]:
    return {
        "frames": [
            {"t": i / 30, "position": [float(i), 2.0, -0.5 * i], "q": [0.0, 0.0, 0.0, 1.0]}
            for i in range(n)
        ],
        "meta": {"engine": "Babylon.js 9.31.0"},
    }


def _write_pair(folder: Path, name: str, expected: object, port_source: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.json").write_text(json.dumps(expected, sort_keys=True), encoding="utf-8")
    port = folder / f"{name}.py"
    port.write_text(textwrap.dedent(port_source), encoding="utf-8")
    return port


# The recording has position[1] == 2.0 at every frame; this port is off by exactly 0.5 there
# from frame 3 on, and prints its engine name differently (ignored by the header).
BROKEN_PORT = """\
    # parity: {"ignore": ["$.meta"]}
    import json

    frames = []
    for i in range(6):
        y = 2.5 if i >= 3 else 2.0
        frames.append({"t": i / 30, "position": [float(i), y, -0.5 * i], "q": [0.0, 0.0, 0.0, 1.0]})
    print(json.dumps({"frames": frames, "meta": {"engine": "lite_compat"}}))
"""


# --------------------------------------------------------------------------- broken port


def test_broken_port_fails_with_path_errors_and_report(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scen = tmp_path / "scenarios"
    _write_pair(scen, "broken_port", _frames(), BROKEN_PORT)
    report = tmp_path / "out" / "report.md"

    code = cli.main(
        [
            "run",
            "--scenarios",
            str(scen),
            "--recorded",
            str(scen),
            "--report",
            str(report),
            "--progress",
            "never",
        ]
    )

    out = capsys.readouterr().out
    assert code == 1
    assert "broken_port" in out
    assert "FAIL" in out
    assert "first difference at $.frames[3].position[1]: expected 2.0, got 2.5" in out

    result = check_port(scen / "broken_port.py", scen / "broken_port.json")
    assert result.status == "fail"
    cmp = result.comparison
    assert cmp is not None
    assert cmp.first_difference is not None
    assert cmp.first_difference.path == "$.frames[3].position[1]"
    assert cmp.first_difference.kind == "value"
    assert cmp.n_differences == 3  # frames 3, 4, 5
    assert cmp.max_rel_err == 0.25  # 2.5 for 2.0: judged by the relative term (|2.0| > 1)
    assert cmp.max_abs_err == 0.0  # the values judged by atol (|expected| <= 1) all match
    assert cmp.values_compared == 6 * (1 + 3 + 4)
    assert cmp.worst_path == "$.frames[3].position[1]"

    text = report.read_text(encoding="utf-8")
    png = report.with_name("report-broken_port.png")
    assert "`$.frames[3].position[1]`" in text
    assert f"]({png.name})" in text
    assert png.is_file()
    assert png.stat().st_size > 1000
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_passing_pair_exits_zero_and_reports_closest_pass(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    scen = tmp_path / "s"
    _write_pair(
        scen,
        "ok",
        {"v": [1.0, 2.0, 3.0]},
        "import json\nprint(json.dumps({'v': [1.0, 2.0000005, 3.0]}))\n",
    )
    report = tmp_path / "r.md"
    code = cli.main(["--scenarios", str(scen), "--recorded", str(scen), "--report", str(report)])
    assert code == 0
    assert "PASS" in capsys.readouterr().out
    text = report.read_text(encoding="utf-8")
    assert "## Closest passes" in text
    assert "worst value at `$.v[1]`" in text
    assert report.with_name("r-ok.png").stat().st_size > 0


# --------------------------------------------------------------------------- comparison rules


def test_quaternion_compared_up_to_sign() -> None:
    expected = {"frames": [{"q": [0.1, 0.2, 0.3, 0.9273618]}]}
    negated = {"frames": [{"q": [-0.1, -0.2, -0.3, -0.9273618]}]}
    assert compare(expected, negated, quaternion_paths=["$.frames[*].q"]).passed
    plain = compare(expected, negated)
    assert not plain.passed
    assert plain.first_difference is not None
    assert plain.first_difference.path == "$.frames[0].q[0]"


def test_quaternion_sign_does_not_hide_a_real_difference() -> None:
    result = compare(
        {"q": [0.0, 0.0, 0.6, 0.8]},
        {"q": [0.0, 0.01, -0.6, -0.8]},
        quaternion_paths=["$.q"],
    )
    assert not result.passed
    assert result.first_difference is not None
    assert result.first_difference.path == "$.q[1]"
    assert result.max_abs_err == pytest.approx(0.01)


def test_ignore_globs_skip_subtrees() -> None:
    expected = {
        "meta": {"v": "9.31"},
        "frames": [{"x": 1.0, "debug": "a"}, {"x": 2.0, "debug": "b"}],
        "nested": {"deep": {"debug_time": 1.0}},
    }
    actual = {
        "meta": {"v": "py", "extra": 1},
        "frames": [{"x": 1.0, "debug": "z"}, {"x": 2.0}],
        "nested": {"deep": {"debug_time": 99.0}},
    }
    result = compare(expected, actual, ignore=["$.meta", "$.frames[*].debug", "$..debug_*"])
    assert result.passed, [str(d) for d in result.differences]
    assert result.values_compared == 2
    assert not compare(expected, actual, ignore=["$.meta", "$.frames[*].debug"]).passed


@pytest.mark.parametrize(
    ("expected", "actual", "path", "kind"),
    [
        ({"a": [1, 2, 3]}, {"a": [1, 2]}, "$.a", "length"),
        ({"a": {"b": 1}}, {"a": {}}, "$.a.b", "missing_key"),
        ({"a": {}}, {"a": {"c": 1}}, "$.a.c", "unexpected_key"),
        ({"a": [1, {"b": 1}]}, {"a": [1, [1]]}, "$.a[1]", "type"),
        ({"a": "x"}, {"a": 1}, "$.a", "type"),
        ({"a": True}, {"a": 1}, "$.a", "type"),
        ({"a": "x"}, {"a": "y"}, "$.a", "string"),
        ({"a": True}, {"a": False}, "$.a", "bool"),
        ({"a b": [0, 1]}, {"a b": [0, 2]}, '$["a b"][1]', "value"),
    ],
)
def test_shape_mismatch_reports_path_and_kind(
    expected: object, actual: object, path: str, kind: str
) -> None:
    result = compare(expected, actual)
    assert not result.passed
    assert result.first_difference is not None
    assert (result.first_difference.path, result.first_difference.kind) == (path, kind)


def test_length_mismatch_still_compares_common_items() -> None:
    result = compare([1.0, 2.0, 3.0], [1.0, 2.5])
    assert [d.path for d in result.differences] == ["$", "$[1]"]
    assert result.max_rel_err == 0.25


def test_nan_and_infinity_strings() -> None:
    rec = {"v": ["NaN", "Infinity", "-Infinity", 1.0]}
    assert compare(rec, {"v": ["NaN", "Infinity", "-Infinity", 1.0]}).passed
    assert compare(rec, {"v": [math.nan, math.inf, -math.inf, 1.0]}).passed
    bad = compare(rec, {"v": [0.0, "-Infinity", "-Infinity", 1.0]})
    assert [d.path for d in bad.differences] == ["$.v[0]", "$.v[1]"]
    assert bad.max_abs_err == math.inf


def test_each_error_column_is_taken_where_its_tolerance_judges() -> None:
    # A rounding at 1e300 is a relative error of ~1e-16, not an absolute one of 1e284; 1e-24
    # for 0 is an absolute error of 1e-24, not a relative one of 1. Both pass.
    big = 1.0e300
    result = compare([big, 1.0e-24, 0.5, "NaN"], [big * (1 + 2**-52), 0.0, 0.5, "NaN"])
    assert result.passed
    assert result.max_abs_err == 1.0e-24
    assert result.max_rel_err == pytest.approx(2**-52, rel=1e-3)
    assert (result.abs_judged, result.rel_judged) == (3, 1)
    # The split follows the tolerance: with rtol 0 every value is judged by atol.
    flat = compare([2.0, 4.0], [2.0 + 1e-7, 4.0], rtol=0.0)
    assert (flat.abs_judged, flat.rel_judged, flat.max_rel_err) == (2, 0, 0.0)
    assert flat.max_abs_err == pytest.approx(1e-7)


@pytest.mark.parametrize(
    "name",
    # Before, lite_easing_raw printed "max abs err 9.98e+291" (values near the float limit)
    # and lite_animation_controller "max rel err 3.28e+17" (expected values near zero).
    ["lite_easing_raw", "lite_animation_controller"],
)
def test_recorded_passes_print_errors_within_their_tolerance(name: str) -> None:
    (scenario,) = select(discover(), name)
    result = run_scenario(scenario, collect_series=False)
    assert result.passed
    cmp = result.comparison
    assert cmp is not None and result.settings is not None
    assert cmp.max_abs_err <= 2 * result.settings.atol
    assert cmp.max_rel_err <= 2 * result.settings.rtol
    assert cmp.abs_judged > 0 and cmp.rel_judged > 0
    row = format_table([result]).splitlines()[2].split()
    assert row[0] == name and row[-1] == "PASS"
    assert all(float(cell) <= 2e-5 for cell in row[2:4])


def test_null_against_nan_explains_json_stringify() -> None:
    result = compare({"v": None}, {"v": "NaN"})
    assert result.first_difference is not None
    assert "JSON.stringify writes NaN/Infinity as null" in result.first_difference.message


def test_tolerance_is_atol_plus_rtol_times_expected() -> None:
    assert compare([1000.0], [1000.0 + 1.0e-3], atol=0.0, rtol=1.1e-6).passed
    assert not compare([1000.0], [1000.0 + 1.0e-3], atol=0.0, rtol=0.9e-6).passed
    result = compare([0.0, 4.0], [1.5e-6, 4.0])
    assert result.max_tol_ratio == pytest.approx(1.5)
    assert result.max_rel_err == 0.0  # expected 0 has no relative error


def test_series_group_values_by_path_over_frames() -> None:
    result = compare(_frames(4), _frames(4))
    series = result.series["$.frames[*].position[1]"]
    assert series.x == [0, 1, 2, 3]
    assert series.expected == [2.0] * 4


def test_path_format_and_patterns() -> None:
    assert format_path([]) == "$"
    assert format_path(["frames", 3, "position", 1]) == "$.frames[3].position[1]"
    assert PathPattern("$.frames[*].q").matches(["frames", 7, "q"])
    assert not PathPattern("$.frames[*].q").matches(["frames", 7, "q", 0])
    assert PathPattern('$["a b"]').matches(["a b"])
    assert PathPattern("$.**.q").matches(["x", 0, "y", "q"])
    assert PathPattern("$..q").matches(["q"])
    with pytest.raises(HeaderError):
        PathPattern("frames[*]")
    with pytest.raises(HeaderError):
        PathPattern("$.frames[x]")


# --------------------------------------------------------------------------- headers


def test_header_parsing(tmp_path: Path) -> None:
    py = tmp_path / "a.py"
    py.write_text('# parity: {"atol": 1e-5, "ignore": ["$.meta"]}\nx = 1\n', encoding="utf-8")
    mjs = tmp_path / "a.mjs"
    mjs.write_text('// parity: {"rtol": 0, "quaternion_paths": ["$.q"]}\n', encoding="utf-8")
    bang = tmp_path / "b.py"
    bang.write_text('#!/usr/bin/env python\n# parity: {"atol": 2}\n', encoding="utf-8")
    plain = tmp_path / "c.py"
    plain.write_text("# an ordinary comment\n", encoding="utf-8")

    assert read_header(py) == {"atol": 1e-5, "ignore": ["$.meta"]}
    assert read_header(mjs) == {"rtol": 0.0, "quaternion_paths": ["$.q"]}
    assert read_header(bang) == {"atol": 2.0}
    assert read_header(plain) == {}
    assert merge_headers(read_header(py), read_header(mjs)) == {
        "atol": 1e-5,
        "ignore": ["$.meta"],
        "rtol": 0.0,
        "quaternion_paths": ["$.q"],
    }


@pytest.mark.parametrize(
    "line",
    [
        "# parity: {atol: 1}",
        "# parity: [1, 2]",
        '# parity: {"tolerance": 1}',
        '# parity: {"atol": -1}',
        '# parity: {"atol": true}',
        '# parity: {"ignore": "$.meta"}',
        '# parity: {"ignore": ["meta"]}',
    ],
)
def test_bad_headers_raise(line: str) -> None:
    with pytest.raises(HeaderError):
        parse_header_line(line)


def test_conflicting_headers_are_an_error(tmp_path: Path) -> None:
    with pytest.raises(HeaderError, match="disagree on 'atol'"):
        merge_headers({"atol": 1e-5}, {"atol": 1e-6})
    scen = tmp_path / "s"
    port = _write_pair(scen, "c", [1.0], '# parity: {"atol": 1e-5}\nprint("[1.0]")\n')
    (scen / "c.mjs").write_text('// parity: {"atol": 1e-4}\n', encoding="utf-8")
    result = check_port(port, scen / "c.json")
    assert result.status == "error"
    assert result.error is not None
    assert "disagree" in result.error


# --------------------------------------------------------------------------- running ports


@pytest.mark.parametrize(
    ("source", "shown"),
    [
        ("print('hello')\nprint('[1.0]')\n", "hello"),
        ("print('[1.0]')\nprint('[2.0]')\n", "[2.0]"),
        ("print('x' * 5000)\n", "x" * 100),
    ],
)
def test_non_json_output_is_shown(tmp_path: Path, source: str, shown: str) -> None:
    port = _write_pair(tmp_path, "chatty", [1.0], source)
    result = check_port(port, tmp_path / "chatty.json")
    assert result.status == "error"
    assert result.error is not None
    assert "did not print exactly one JSON document" in result.error
    assert shown in result.error
    assert len(result.error) < 2300  # the output is cut to about 2000 chars


def test_silent_port_is_an_error(tmp_path: Path) -> None:
    port = _write_pair(tmp_path, "silent", [1.0], "x = 1\n")
    result = check_port(port, tmp_path / "silent.json")
    assert result.error is not None
    assert "printed nothing" in result.error


def test_port_raising_gives_traceback_and_name(tmp_path: Path) -> None:
    source = "def step(f):\n    return 1 / f\n\nprint('partial')\nstep(0)\n"
    port = _write_pair(tmp_path, "crashy", [1.0], source)
    result = check_port(port, tmp_path / "crashy.json")
    assert result.status == "error"
    text = result.describe()
    assert "scenario 'crashy'" in text
    assert "crashy.py raised ZeroDivisionError" in text
    assert "Traceback (most recent call last)" in text
    assert "in step" in text


def test_port_exit_status_and_argv(tmp_path: Path) -> None:
    port = _write_pair(tmp_path, "exits", [1.0], "import sys\nsys.exit(3)\n")
    assert "exited with status 3" in (run_port(port).error or "")
    argv = tmp_path / "argv.py"
    argv.write_text(
        "import json, os, sys\nprint(json.dumps([sys.argv, os.getcwd(), __name__]))\n",
        encoding="utf-8",
    )
    for isolated in (False, True):
        out = run_port(argv, isolated=isolated)
        assert out.error is None
        doc = out.document
        assert isinstance(doc, list)
        assert Path(doc[0][0]).name == "argv.py"
        assert Path(doc[1]) == tmp_path.resolve()
        assert doc[2] == "__main__"


def test_discover_pairs_and_select(tmp_path: Path) -> None:
    _write_pair(tmp_path, "alpha", [1], "print(1)\n")
    _write_pair(tmp_path, "beta", [1], "print(1)\n")
    (tmp_path / "unrecorded.py").write_text("print(1)\n", encoding="utf-8")
    pairs = discover(tmp_path, tmp_path)
    assert [s.name for s in pairs] == ["alpha", "beta"]
    assert [s.name for s in select(pairs, "et")] == ["beta"]


# --------------------------------------------------------------------------- command line


def test_unknown_filter_lists_available(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _write_pair(tmp_path, "alpha", [1], "print(1)\n")
    code = cli.main(["-k", "zzz", "--scenarios", str(tmp_path), "--recorded", str(tmp_path)])
    err = capsys.readouterr().err
    assert code == 2
    assert "no scenario matches -k 'zzz'; available: alpha" in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_check_command_with_tolerance_flags(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    port = _write_pair(tmp_path, "mine", {"x": 1.0}, "print('{\"x\": 1.001}')\n")
    rec = str(tmp_path / "mine.json")
    assert cli.main(["check", str(port), "--against", rec]) == 1
    assert cli.main(["check", str(port), "--against", rec, "--atol", "0.01"]) == 0
    assert cli.main(["check", str(port), "--against", str(tmp_path / "nope.json")]) == 2
    assert cli.main(["check", str(port), "--against", rec, "--atol", "-1"]) == 2
    err = capsys.readouterr().err
    assert "nope.json does not exist" in err
    assert "Traceback" not in err


def test_missing_node_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert cli.main(["record", "-k", "parity_selftest"]) == 2
    err = capsys.readouterr().err
    assert "apt-get install nodejs npm" in err
    assert len(err.strip().splitlines()) == 1


def test_missing_node_modules_says_npm_ci(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "node_command", lambda: "node")
    (tmp_path / "package.json").write_text(
        '{"dependencies": {"@babylonjs/core": "9.31.0"}}', encoding="utf-8"
    )
    with pytest.raises(RecorderError) as exc:
        cli.require_recorder(recorder_dir=tmp_path)
    assert "npm ci" in exc.value.one_line()
    assert "--install" in exc.value.one_line()
    (tmp_path / "node_modules" / "@babylonjs" / "core").mkdir(parents=True)
    (tmp_path / "node_modules" / "@babylonjs" / "core" / "package.json").write_text(
        '{"version": "9.30.0"}', encoding="utf-8"
    )
    with pytest.raises(RecorderError, match="9.30.0 is installed but package.json pins 9.31.0"):
        cli.require_recorder(recorder_dir=tmp_path)


@pytest.mark.skipif(
    shutil.which("node") is None or not (RECORDER / "node_modules").is_dir(),
    reason="needs Node.js and 'npm ci' in parity/recorder",
)
def test_record_then_check_a_user_script_with_real_node(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mjs = tmp_path / "mine.mjs"
    mjs.write_text(
        "console.log(JSON.stringify({b: [Math.fround(0.1), 1 / 3], a: 'x'}));\n",
        encoding="utf-8",
    )
    assert cli.main(["record", str(mjs)]) == 0
    recorded = mjs.with_suffix(".json")
    assert recorded.read_text(encoding="utf-8").index('"a"') < recorded.read_text().index('"b"')
    port = tmp_path / "mine.py"
    port.write_text(
        "import json\nimport numpy as np\n"
        "print(json.dumps({'a': 'x', 'b': [float(np.float32(0.1)), 1 / 3]}))\n",
        encoding="utf-8",
    )
    assert cli.main(["check", str(port), "--against", str(recorded)]) == 0
    assert "PASS" in capsys.readouterr().out


NULL_ENGINE_SCRIPT = """\
import { NullEngine, Scene } from "@babylonjs/core";

const engine = new NullEngine(); // Babylon logs "BJS - [..]: Babylon.js v9.31.0 - Null engine"
const scene = new Scene(engine);
console.log(JSON.stringify({ meshes: scene.meshes.length, fps: engine.getFps() > 0 }));
"""


@pytest.mark.skipif(
    shutil.which("node") is None or not (RECORDER / "node_modules").is_dir(),
    reason="needs Node.js and 'npm ci' in parity/recorder",
)
def test_recording_a_null_engine_script_needs_no_logger_silencing(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    # The recorder moves Babylon's "BJS - " log lines to stderr; before, this script failed
    # with "did not print one JSON document" unless it set Logger.LogLevels itself.
    mjs = tmp_path / "null_engine.mjs"
    mjs.write_text(NULL_ENGINE_SCRIPT, encoding="utf-8")
    assert cli.main(["record", str(mjs)]) == 0, capfd.readouterr().err
    capfd.readouterr()
    assert load_json(mjs.with_suffix(".json")) == {"fps": True, "meshes": 0}
    # Other stray stdout still fails, and the message says what stdout must hold.
    noisy = tmp_path / "noisy.mjs"
    noisy.write_text(NULL_ENGINE_SCRIPT + 'console.log("done");\n', encoding="utf-8")
    assert cli.main(["record", str(noisy)]) == 1
    err = capfd.readouterr().err
    assert "did not print one JSON document on stdout (print only the document" in err
    assert "BJS - " not in err  # the excerpt is stdout: the banner went to stderr


def test_a_hand_run_recording_with_babylon_log_lines_names_the_fix() -> None:
    text = 'BJS - [21:44:42]: Babylon.js v9.31.0 - Null engine\n{"x": 1}\n'
    with pytest.raises(ScenarioError, match="not one JSON document") as exc:
        load_json_text(text, source="mine.json")
    line = exc.value.one_line()
    assert "python -m parity record SCRIPT.mjs" in line
    assert "Logger.LogLevels = Logger.NoneLogLevel" in line
    with pytest.raises(ScenarioError) as plain:
        load_json_text('oops {"x": 1}', source="mine.json")
    assert plain.value.hint is None


def test_report_survives_values_near_the_float_limit(tmp_path: Path) -> None:
    big = [1e306, -1e306, 2.0, 3.0]
    port = _write_pair(tmp_path, "huge", big, f"print({json.dumps(big)!r})\n")
    result = check_port(port, tmp_path / "huge.json")
    assert result.passed
    report = write_markdown_report([result], tmp_path / "rep.md")
    assert "### huge (PASS)" in report.read_text(encoding="utf-8")


def test_internal_error_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def boom(*_args: object) -> list[object]:
        raise RuntimeError("boom")

    monkeypatch.setattr(cli, "discover", boom)
    monkeypatch.delenv("PARITY_DEBUG", raising=False)
    assert cli.main([]) == 2
    err = capsys.readouterr().err
    assert err.strip() == (
        "parity: internal error: RuntimeError: boom (set PARITY_DEBUG=1 for the traceback)"
    )
