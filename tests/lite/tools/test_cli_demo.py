"""``lite-anim demo``: the figure demo end to end (table, curves PNG, rendered contact sheet)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from lite.errors import UnsupportedError
from lite.tools import cli
from lite.tools.demo import (
    CROSS_FADE_AT,
    CROSS_FADE_MS,
    DEMO_FPS,
    DEMO_SECONDS,
    SHEET_EVERY,
    WAVE_AT,
    render_figure_demo,
    simulate_figure_demo,
)
from tests.lite.tools._cli_util import non_flat, read_png, run_cli

BACKGROUND = np.array([31, 31, 36])  # lite.tools.render.DEFAULT_BACKGROUND in 8-bit


def _figure_mask(cell: np.ndarray) -> np.ndarray:
    """Pixels that are not the clear colour (the figure), below the label text."""
    body = cell[45:, :, :3].astype(np.int32)
    return np.abs(body - BACKGROUND).sum(axis=-1) > 24


def test_demo_prints_the_timeline_and_table_and_writes_the_curves(
    demo_no_render: tuple[Any, Path],
) -> None:
    result, folder = demo_no_render
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "cross_fade_animation_groups(walk -> run, 1000 ms)" in out
    assert "additive (reference frame 0)" in out
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.lstrip().startswith("t (s)"))
    for column in ("walk", "run", "wave", "hips.y", "blink", "shirt rgb"):
        assert column in lines[start]
    end = next(i for i, line in enumerate(lines) if line.startswith("Lthigh:"))
    rows = [line.split() for line in lines[start + 1 : end]]
    assert len(rows) == 13  # every 0.25 s from 0 to 3 s
    first, last = rows[0], rows[-1]
    assert first[:4] == ["0.00", "1.00", "0.00", "0.00"]  # t, walk, run, wave
    assert last[:4] == ["3.00", "0.00", "1.00", "1.00"]
    assert any(float(r[9]) == 1.0 for r in rows)  # the blink closes the lids at 1.0 s
    curves = read_png(folder / "demo_curves.png", (600, 600))
    assert non_flat(curves)
    assert not (folder / "demo_sheet.png").exists()


def test_demo_no_plot_writes_nothing(tmp_path: Path) -> None:
    result = run_cli("demo", "--no-plot", "--out", str(tmp_path / "out"))
    assert result.returncode == 0, result.stderr
    assert "walk" in result.stdout
    assert not (tmp_path / "out").exists()


def test_demo_property_keeps_the_box_demo(tmp_path: Path) -> None:
    result = run_cli("demo", "--property", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert "a box animated by three property groups" in result.stdout
    read_png(tmp_path / "property_demo_curves.png", (400, 300))


def test_demo_without_an_adapter_says_how_to_get_one_and_still_plots(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def no_device() -> object:
        raise UnsupportedError("LITE-GPU-001", "cannot render: no GPU adapter is available")

    monkeypatch.setattr("lite.tools.render.create_render_device", no_device)
    assert cli.main(["demo", "--out", str(tmp_path)]) == 0
    err = [line for line in capsys.readouterr().err.splitlines() if line.strip()]
    assert len(err) == 1
    assert "mesa-vulkan-drivers" in err[0] and "LITE-GPU-001" in err[0]
    read_png(tmp_path / "demo_curves.png", (600, 600))
    assert not (tmp_path / "demo_sheet.png").exists()


def test_simulation_follows_the_timeline() -> None:
    demo = simulate_figure_demo()
    rows = demo.rows
    assert len(rows) == round(DEMO_SECONDS * DEMO_FPS) + 1
    fade = round(CROSS_FADE_AT * DEMO_FPS)
    # Before the cross-fade walk has everything; one second after it run has everything.
    assert rows[fade - 1].walk == 1.0 and rows[fade - 1].run == 0.0
    done = fade + round(CROSS_FADE_MS / 1000.0 * DEMO_FPS)
    assert rows[done].walk == 0.0 and rows[done].run == 1.0
    # Halfway through the fade the weights sum to 1.
    mid = rows[fade + 30]
    assert mid.walk + mid.run == pytest.approx(1.0)
    # The additive wave is silent before it starts, then raises the arm above the head.
    wave = round(WAVE_AT * DEMO_FPS)
    assert all(r.wave == 0.0 for r in rows[:wave])
    assert max(r.right_arm for r in rows) > 150.0
    assert max(r.hand_y for r in rows) > 1.9 > rows[0].hand_y
    # Blink (1.5 s clip, closed at 1.0 s) and the KHR_animation_pointer tint.
    assert rows[60].blink == pytest.approx(1.0)
    assert rows[0].blink == 0.0
    assert rows[0].shirt == pytest.approx((0.2, 0.4, 0.85, 1.0))
    assert rows[60].shirt == pytest.approx((0.95, 0.5, 0.12, 1.0), abs=1e-6)
    assert demo.sheet_frames == tuple(range(0, round(DEMO_SECONDS * DEMO_FPS), SHEET_EVERY))
    for palettes in demo.palettes.values():
        assert palettes.shape == (len(demo.sheet_frames), 13, 16)


@pytest.mark.gpu
def test_rendered_frames_show_the_figure_moving() -> None:
    demo = simulate_figure_demo()
    frames = render_figure_demo(demo, size=(160, 160))
    assert frames.shape == (12, 160, 160, 4)
    masks = [np.abs(f[..., :3].astype(np.int32) - BACKGROUND).sum(-1) > 24 for f in frames]
    for mask in masks:
        assert mask.sum() > 500  # the figure is there in every frame
    for a, b in zip(frames[:-1], frames[1:], strict=True):
        assert np.abs(a.astype(np.int32) - b.astype(np.int32)).sum() > 0  # it moves
    # From 1.25 s on the right arm is raised out to the side: the figure gets wider (the
    # camera looks from the front-right, so the raised right arm extends to the left).
    left = [int(np.flatnonzero(m.any(axis=0))[0]) for m in masks]
    assert max(left[5:]) < left[0] - 15, left
    # The shirt colour changes: mean colour of the figure differs between 0 s and 1 s.
    c0 = frames[0][masks[0]][:, :3].mean(axis=0)
    c4 = frames[4][masks[4]][:, :3].mean(axis=0)
    assert np.abs(c0 - c4).max() > 10


@pytest.fixture(scope="module")
def readme_demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Any, Path]:
    """The README's ``lite-anim demo --out DIR``, run once for the tests below, on a headless
    machine's environment (no XDG_RUNTIME_DIR)."""
    # Headless Mesa printed "error: XDG_RUNTIME_DIR is invalid or not set in the environment."
    # twice here (one per adapter request); lite now gives itself a private runtime dir first.
    out = tmp_path_factory.mktemp("demo")
    env = dict(os.environ)
    env.pop("XDG_RUNTIME_DIR", None)
    env.pop("LITE_ANIM_DEBUG", None)
    result = subprocess.run(
        [sys.executable, "-m", "lite.tools.cli", "demo", "--out", str(out)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    return result, out


@pytest.mark.gpu
def test_demo_writes_a_contact_sheet_whose_figure_moves(readme_demo: tuple[Any, Path]) -> None:
    result, out = readme_demo
    assert result.returncode == 0, result.stderr
    assert "demo_sheet.png: 12 rendered frames" in result.stdout
    sheet = read_png(out / "demo_sheet.png", (800, 600))
    cells = [
        sheet[r * 200 : (r + 1) * 200, c * 200 : (c + 1) * 200] for r in range(3) for c in range(4)
    ]
    masks = [_figure_mask(cell) for cell in cells]
    assert all(m.sum() > 500 for m in masks)
    moved = [int((a ^ b).sum()) for a, b in zip(masks[:-1], masks[1:], strict=True)]
    assert min(moved) > 50, moved
    read_png(out / "demo_curves.png", (600, 600))


def test_the_readme_demo_command_prints_no_error_line_on_a_headless_machine(
    readme_demo: tuple[Any, Path],
) -> None:
    result, out = readme_demo
    assert result.returncode == 0, result.stderr
    assert [line for line in result.stderr.splitlines() if "error:" in line] == []
    assert (out / "demo_curves.png").is_file()
