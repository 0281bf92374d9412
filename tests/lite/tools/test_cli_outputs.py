"""End to end: what ``lite-anim`` writes is named for its content, and never overwritten by
accident.

``bake`` names each output ``<stem>.<clip>.<format>``, bakes every clip with ``--clip all``,
refuses an existing output without ``--force``; every command refuses an output whose suffix
names another format than the one it writes (``LITE-CLI-010``); hints name flags. Each run is
a subprocess in a temporary folder, with its stderr checked.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from tests.lite.tools._cli_util import FIGURE, assert_one_line_failure, run_cli

CLIPS = ("walk", "run", "wave", "blink", "tint")


def _clean(result: object) -> None:
    assert result.returncode == 0, (result.stdout, result.stderr)  # type: ignore[attr-defined]
    assert result.stderr == "", result.stderr  # type: ignore[attr-defined]


def test_two_clips_of_one_file_get_two_names(tmp_path: Path) -> None:
    walk = run_cli("bake", str(FIGURE), "--clip", "walk", "--fps", "10", cwd=tmp_path)
    run = run_cli("bake", str(FIGURE), "--clip", "run", "--fps", "10", cwd=tmp_path)
    _clean(walk)
    _clean(run)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["figure.run.npz", "figure.walk.npz"]
    assert "wrote figure.walk.npz: 11 frames at 10 fps (npz, clip 'walk')" in walk.stdout
    meta = np.load(tmp_path / "figure.run.npz")["meta"].item()
    assert '"clip": "run"' in meta


def test_the_default_clip_is_named_too(tmp_path: Path) -> None:
    _clean(run_cli("bake", str(FIGURE), "--fps", "5", "--format", "json", "-o", f"{tmp_path}/"))
    assert [p.name for p in tmp_path.iterdir()] == ["figure.walk.json"]


def test_clip_all_bakes_every_clip_into_the_folder(tmp_path: Path) -> None:
    out = tmp_path / "baked"
    result = run_cli("bake", str(FIGURE), "--clip", "all", "--fps", "5", "-o", f"{out}/")
    _clean(result)
    assert sorted(p.name for p in out.iterdir()) == sorted(f"figure.{c}.npz" for c in CLIPS)
    assert len(result.stdout.splitlines()) == len(CLIPS)


def test_clip_all_with_a_file_output_is_refused(tmp_path: Path) -> None:
    result = run_cli("bake", str(FIGURE), "--clip", "all", "-o", str(tmp_path / "all.npz"))
    assert_one_line_failure(result, "[LITE-CLI-013]", "--clip all", "folder")
    assert list(tmp_path.iterdir()) == []


def test_an_existing_output_is_kept_without_force(tmp_path: Path) -> None:
    target = tmp_path / "figure.walk.npz"
    target.write_bytes(b"keep")
    again = run_cli("bake", str(FIGURE), "--fps", "5", cwd=tmp_path)
    assert_one_line_failure(again, "[LITE-CLI-011]", "figure.walk.npz", "--force")
    assert target.read_bytes() == b"keep"
    forced = run_cli("bake", str(FIGURE), "--fps", "5", "--force", cwd=tmp_path)
    _clean(forced)
    assert target.read_bytes()[:2] == b"PK"


def test_clip_all_checks_every_output_before_writing_any(tmp_path: Path) -> None:
    (tmp_path / "figure.tint.npz").write_bytes(b"keep")  # the last clip's output
    result = run_cli("bake", str(FIGURE), "--clip", "all", "--fps", "5", cwd=tmp_path)
    assert_one_line_failure(result, "[LITE-CLI-011]", "figure.tint.npz")
    assert [p.name for p in tmp_path.iterdir()] == ["figure.tint.npz"]  # nothing half-done


def test_several_files_refuse_existing_outputs_per_file(tmp_path: Path) -> None:
    other = tmp_path / "in" / "other.glb"
    other.parent.mkdir()
    other.write_bytes(FIGURE.read_bytes())
    out = tmp_path / "out"
    out.mkdir()
    (out / "figure.walk.npz").write_bytes(b"keep")
    result = run_cli("bake", str(FIGURE), str(other), "-o", str(out), "--no-progress")
    line = assert_one_line_failure(result, "[LITE-CLI-011]", "--force")
    assert "figure.glb" in line
    assert sorted(p.name for p in out.iterdir()) == ["figure.walk.npz", "other.walk.npz"]
    assert (out / "figure.walk.npz").read_bytes() == b"keep"


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["-o", "x.json", "--format", "npz"], ["-o x.json names json but --format is npz"]),
        (["-o", "x.dat"], ["-o x.dat ends in .dat", ".json or .npz"]),
        (["-o", "x"], ["-o x has no suffix", "end a folder name with /"]),
    ],
)
def test_bake_refuses_a_suffix_that_lies(
    tmp_path: Path, args: list[str], needles: list[str]
) -> None:
    result = run_cli("bake", str(FIGURE), *args, cwd=tmp_path)
    assert_one_line_failure(result, "lite-anim bake: [LITE-CLI-010]", *needles)
    assert list(tmp_path.iterdir()) == []


def test_bake_infers_the_format_from_the_suffix(tmp_path: Path) -> None:
    _clean(
        run_cli("bake", str(FIGURE), "--clip", "run", "--fps", "5", "-o", "r.json", cwd=tmp_path)
    )
    assert (tmp_path / "r.json").read_text(encoding="utf-8").startswith("{")


def test_plot_refuses_a_jpeg_name_for_png_bytes(tmp_path: Path) -> None:
    result = run_cli("plot", str(FIGURE), "-o", "out.jpg", cwd=tmp_path)
    assert_one_line_failure(result, "lite-anim plot: [LITE-CLI-010]", "out.jpg", ".png")
    easing = run_cli("plot-easing", "-o", "e.svg", cwd=tmp_path)
    assert_one_line_failure(easing, "lite-anim plot-easing: [LITE-CLI-010]", "e.svg")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["--gif", "anim.png"], ["--gif anim.png", ".gif"]),
        (["--gif=anim.apng"], ["--gif anim.apng"]),
        (["-o", "sheet.gif"], ["-o sheet.gif", ".png"]),
    ],
)
def test_render_refuses_a_suffix_that_lies_before_any_gpu_work(
    tmp_path: Path, args: list[str], needles: list[str]
) -> None:
    result = run_cli("render", str(FIGURE), "--frames", "2", *args, cwd=tmp_path)
    assert_one_line_failure(result, "lite-anim render: [LITE-CLI-010]", *needles)
    assert list(tmp_path.iterdir()) == []


def test_cli_hints_name_flags_where_the_library_names_arguments(tmp_path: Path) -> None:
    fps = run_cli("bake", str(FIGURE), "--fps", "60000", cwd=tmp_path)
    line = assert_one_line_failure(fps, "[LITE-ANIM-020]", "(hint: pass e.g. --fps 30)")
    assert "fps=30" not in line
    clip = run_cli("plot", str(FIGURE), "--clip", "sprint", cwd=tmp_path)
    assert_one_line_failure(clip, "[LITE-STATE-041]", "with --clip", "lite-anim inspect")
    # the same refusals from Python read Python (tests/lite/test_bake.py)
