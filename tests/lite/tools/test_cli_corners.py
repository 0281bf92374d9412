"""Corners of ``lite-anim`` a newcomer hits: each is one coded line on stderr, exit status 2.

Output paths the OS refuses (a file in the path, a missing folder, a read-only folder) are
``LITE-CLI-014`` with a hint, checked before any work; a PNG renamed ``.glb`` is named for
what it is; ``render`` without FILE uses the bundled figure and ``render missing.glb`` has a
code; ``bake --skip-existing`` resumes an interrupted bake and Ctrl-C says what was written;
``inspect`` notes clips that each animate one node; ``parity`` help texts describe each
subcommand and keep their examples on lines of their own. Calls go through ``main(argv)``.
"""

from __future__ import annotations

import base64
import json
import struct
from pathlib import Path

import numpy as np
import pytest

from lite.tools import cli
from lite.tools.bake import bake_output_complete, interrupted_report
from lite.tools.progress import Progress
from parity.cli import main as parity_main
from tests.lite.tools._cli_util import FIGURE

PNG = b"\x89PNG\r\n\x1a\n" + b"\0" * 64


def _fails(capsys: pytest.CaptureFixture[str], argv: list[str], *needles: str) -> str:
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


@pytest.mark.parametrize("command", ["bake", "plot", "plot-easing", "render"])
def test_an_output_under_a_file_is_cli_014(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    suffix = ".npz" if command == "bake" else ".png"
    line = _fails(
        capsys, [command, "-o", str(blocker / f"x{suffix}")], "[LITE-CLI-014]", "Not a directory"
    )
    assert "(hint: " in line and "is a file, not a folder" in line


def test_dev_null_as_a_folder_is_cli_014(capsys: pytest.CaptureFixture[str]) -> None:
    _fails(capsys, ["bake", "-o", "/dev/null/x.npz"], "[LITE-CLI-014]", "/dev/null/x.npz")


def test_a_missing_parent_is_refused_not_created(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "typo" / "sub" / "run.npz"
    _fails(capsys, ["bake", "--clip", "run", "-o", str(target)], "[LITE-CLI-014]", "mkdir -p")
    assert not (tmp_path / "typo").exists()
    # A folder output (ending in /) is still created: it is what -o DIR/ asks for.
    out = tmp_path / "new" / "baked"
    assert cli.main(["bake", "--clip", "run", "--fps", "5", "-o", f"{out}/"]) == 0
    assert (out / "figure.run.npz").is_file()


def test_a_folder_without_write_permission_is_refused_before_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``os.access`` says no (as for a user in a read-only folder; root passes it anyway)."""
    from lite.tools import outputs

    monkeypatch.setattr(outputs.os, "access", lambda path, mode: False)
    _fails(capsys, ["bake", "-o", str(tmp_path / "x.npz")], "[LITE-CLI-014]", "Permission denied")
    assert not list(tmp_path.iterdir())


def test_permission_denied_while_writing_is_cli_014(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An OSError raised by the write itself (whoever runs the test) is a coded line too."""
    import lite.bake

    def refuse(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied", str(tmp_path / "x.npz"))

    monkeypatch.setattr(lite.bake, "save_baked", refuse)
    line = _fails(
        capsys, ["bake", "--clip", "run", "--fps", "5", "-o", str(tmp_path / "x.npz")],
        "[LITE-CLI-014]", "Permission denied",
    )  # fmt: skip
    assert "choose a folder you can write to" in line


def test_a_png_renamed_glb_is_named_for_what_it_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake = tmp_path / "model.glb"
    fake.write_bytes(PNG)
    line = _fails(capsys, ["inspect", str(fake)], "[LITE-GLTF-001]", "a PNG image, not glTF")
    assert "JSON" not in line.split("(hint")[0].replace("a JSON object", "")


def test_render_without_file_renders_the_bundled_figure(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """No usage error: the bundled figure is loaded (stopped at the adapter step here)."""
    import lite.tools.render as render
    from lite.errors import UnsupportedError

    def no_gpu() -> None:
        raise UnsupportedError("LITE-GPU-001", "no adapter (test)", hint="install mesa")

    monkeypatch.setattr(render, "create_render_device", no_gpu)
    argv = ["render", "-o", str(tmp_path / "s.png")]
    line = _fails(capsys, argv, "[LITE-GPU-001]")
    assert "usage" not in line


def test_render_of_a_missing_file_has_a_code(capsys: pytest.CaptureFixture[str]) -> None:
    _fails(capsys, ["render", "missing.glb"], "[LITE-GLTF-001]", "missing.glb")


def test_skip_existing_resumes_an_interrupted_bake(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "baked"
    assert cli.main(["bake", "--clip", "all", "--fps", "5", "-o", f"{out}/"]) == 0
    capsys.readouterr()
    outputs = sorted(out.glob("figure.*.npz"))
    assert len(outputs) == 5 and all(bake_output_complete(p) for p in outputs)
    # An interrupted run: one output cut short, one missing.
    outputs[0].write_bytes(outputs[0].read_bytes()[:100])
    outputs[1].unlink()
    assert not bake_output_complete(outputs[0])
    again = ["bake", "--clip", "all", "--fps", "5", "-o", f"{out}/"]
    _fails(capsys, again, "[LITE-CLI-011]")
    assert cli.main([*again, "--skip-existing"]) == 0
    text = capsys.readouterr().out
    assert text.count("skipped ") == 3 and text.count("wrote ") == 2
    assert all(bake_output_complete(p) for p in outputs)
    assert cli.main([*again, "--skip-existing"]) == 0
    assert capsys.readouterr().out.count("skipped ") == 5


def test_skip_existing_skips_whole_files_of_a_multi_file_bake(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a, b = tmp_path / "a.glb", tmp_path / "b.glb"
    a.write_bytes(FIGURE.read_bytes())
    b.write_bytes(FIGURE.read_bytes())
    out = tmp_path / "baked"
    argv = ["bake", str(a), "--clip", "run", "--fps", "5", "--workers", "1", "-o", f"{out}/"]
    assert cli.main(argv) == 0
    argv[1:2] = [str(a), str(b)]
    assert cli.main([*argv, "--skip-existing", "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert f"skipped {a}: already baked" in text and "wrote " in text and "b.run.npz" in text


def test_interrupt_report_says_what_was_written(tmp_path: Path) -> None:
    out = tmp_path / "baked"
    out.mkdir()
    (out / "a.run.json").write_text("{}")
    (out / "b.run.json").write_text('{"cut')
    lines = interrupted_report(["x/a.glb", "x/b.glb", "x/c.glb"], out, "json", since_ns=0)
    assert lines[0] == f"interrupted: wrote 1 complete output(s): {out / 'a.run.json'}"
    assert lines[1] == "not baked: x/b.glb, x/c.glb"
    assert "--skip-existing" in lines[2]


def test_ctrl_c_during_a_bake_reports_and_exits_130(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import lite.bake

    real = lite.bake.save_baked
    calls = []

    def save_then_interrupt(*args: object, **kwargs: object) -> object:
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(lite.bake, "save_baked", save_then_interrupt)
    assert cli.main(["bake", "--clip", "all", "--fps", "5", "-o", f"{tmp_path}/"]) == 130
    err = capsys.readouterr().err
    assert "interrupted: wrote 1 complete output(s)" in err
    assert "not written: " in err and "figure.run.npz" in err.split("not written")[1]


def _one_node_clips_gltf(path: Path, nodes: int = 3) -> Path:
    times = np.array([0.0, 1.0], dtype=np.float32)
    rot = np.array([[0, 0, 0, 1], [0, 0.7071068, 0, 0.7071068]], dtype=np.float32)
    blob = times.tobytes() + rot.tobytes()
    doc = {
        "asset": {"version": "2.0"},
        "scene": 0,
        "scenes": [{"nodes": [0]}],
        "nodes": [{"name": f"Joint{i}", **({"children": [i + 1]} if i + 1 < nodes else {})}
                  for i in range(nodes)],
        "buffers": [{"byteLength": len(blob),
                     "uri": "data:application/octet-stream;base64,"
                     + base64.b64encode(blob).decode()}],
        "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 8},
                        {"buffer": 0, "byteOffset": 8, "byteLength": 32}],
        "accessors": [{"bufferView": 0, "componentType": 5126, "count": 2, "type": "SCALAR",
                       "min": [0.0], "max": [1.0]},
                      {"bufferView": 1, "componentType": 5126, "count": 2, "type": "VEC4"}],
        "animations": [{"name": f"animation_{i}",
                        "samplers": [{"input": 0, "output": 1}],
                        "channels": [{"sampler": 0, "target": {"node": i, "path": "rotation"}}]}
                       for i in range(nodes)],
    }  # fmt: skip
    path.write_text(json.dumps(doc))
    return path


def test_inspect_notes_clips_that_each_animate_one_node(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gltf = _one_node_clips_gltf(tmp_path / "split.gltf")
    assert cli.main(["inspect", str(gltf), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert len(report["notes"]) == 1
    assert "each of the 3 clips animates a single node" in report["notes"][0]
    assert "Joint0, Joint1, Joint2" in report["notes"][0]
    assert cli.main(["inspect", str(gltf), "--brief"]) == 0
    assert "\nNotes\n  each of the 3 clips" in capsys.readouterr().out
    assert cli.main(["inspect", str(FIGURE), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["notes"] == []


def test_parity_help_examples_are_lines_and_subcommands_are_described(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert parity_main(["--help"], prog="lite-anim parity") == 0
    text = capsys.readouterr().out
    assert "|" not in text.split("examples:")[1]
    assert "\n  lite-anim parity check my_port.py --against my_script.json\n" in text
    for sub in ("run", "list", "record", "check"):
        assert parity_main([sub, "--help"], prog="lite-anim parity") == 0
        usage, _, rest = capsys.readouterr().out.partition("\n\n")
        description = rest.split("\n\n")[0]
        assert not description.startswith(("options:", "positional")), (sub, rest)
        assert f"lite-anim parity {sub}" in rest or sub == "run"


def test_progress_writes_plain_lines_off_a_terminal() -> None:
    import io

    stream = io.StringIO()
    with Progress(200, "plot Fox.glb", "channel", stream=stream) as bar:
        bar.stage("sampling")
        for _ in range(200):
            bar.update()
        bar.stage("drawing")
    lines = stream.getvalue().splitlines()
    assert lines[0] == "plot Fox.glb: sampling"
    assert lines[1] == "plot Fox.glb: 20/200 channels (10%)"
    assert lines[-2] == "plot Fox.glb: 200/200 channels (100%)"
    assert lines[-1] == "plot Fox.glb: drawing"
    assert len(lines) == 12 and "\r" not in stream.getvalue()
    silent = io.StringIO()
    with Progress(5, "x", enabled=False, stream=silent) as bar:
        bar.update(5)
    assert silent.getvalue() == ""


def test_glb_magic_is_checked_by_the_completeness_test(tmp_path: Path) -> None:
    glb = tmp_path / "a.run.glb"
    glb.write_bytes(b"glTF" + struct.pack("<II", 2, 40) + b"\0" * 28)
    assert bake_output_complete(glb)
    glb.write_bytes(b"glTF" + struct.pack("<II", 2, 400) + b"\0" * 28)
    assert not bake_output_complete(glb)


def _many_channels_gltf(path: Path, nodes: int = 16) -> Path:
    doc = json.loads(_one_node_clips_gltf(path, nodes).read_text())
    doc["animations"] = [
        {
            "name": "all",
            "samplers": [{"input": 0, "output": 1}],
            "channels": [
                {"sampler": 0, "target": {"node": i, "path": "rotation"}} for i in range(nodes)
            ],
        }
    ]
    path.write_text(json.dumps(doc))
    return path


def test_plot_of_many_channels_reports_progress_in_plain_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    gltf = _many_channels_gltf(tmp_path / "many.gltf")
    assert cli.main(["plot", str(gltf), "--samples", "20", "-o", str(tmp_path / "p.png")]) == 0
    err = capsys.readouterr().err.splitlines()
    assert err[0] == "plot many.gltf:all: sampling 16 channels"
    assert "plot many.gltf:all: 16/16 channels (100%)" in err
    assert err[-1] == f"plot many.gltf:all: drawing and writing {tmp_path / 'p.png'}"
    assert not any("\r" in line for line in err)


def test_plot_of_a_few_channels_stays_quiet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["plot", "--clip", "run", "-o", str(tmp_path / "p.png")]) == 0
    assert capsys.readouterr().err == ""


def test_a_bake_with_progress_announces_its_write_phase(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "run.json"
    assert cli.main(["bake", "--clip", "run", "--fps", "5", "--progress", "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert f"bake figure.glb:run: writing {out} (json)" in err
    assert "bake figure.glb:run: 4/4 frames (100%)" in err


def test_a_glb_without_the_magic_is_not_reported_as_bad_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake = tmp_path / "notes.glb"
    fake.write_text("# some notes\n")
    _fails(capsys, ["inspect", str(fake)], "[LITE-GLTF-001]", "not a GLB", "b'# so'")
    renamed = tmp_path / "text.glb"  # a .gltf renamed .glb is JSON: it still loads
    renamed.write_text(json.dumps({"asset": {"version": "2.0"}}))
    assert cli.main(["inspect", str(renamed), "--brief"]) == 0


def test_an_os_error_without_a_file_name_names_the_option() -> None:
    from lite.tools.outputs import os_error

    err = os_error(OSError(28, "No space left on device"), "--gif")
    assert str(err) == (
        "[LITE-CLI-014] cannot write the --gif output: No space left on device "
        "(hint: the disk is full; free space or choose another folder)"
    )
