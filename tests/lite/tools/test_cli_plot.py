"""``lite-anim plot`` and ``lite-anim plot-easing``: PNGs with content, and their failures."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from lite.loader_gltf import load_gltf
from lite.tools.plots import EASING_CURVES, channel_curves
from tests.lite.tools._cli_util import (
    FIGURE,
    FIXTURES,
    assert_one_line_failure,
    non_flat,
    read_png,
    run_cli,
)


def test_plot_draws_every_channel_of_a_clip(tmp_path: Path) -> None:
    out = tmp_path / "wave.png"
    result = run_cli("plot", str(FIGURE), "--clip", "wave", "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"wrote {out}: 3 channels of 'wave'"
    pixels = read_png(out, (600, 600))
    assert non_flat(pixels)


def test_plot_one_node_with_the_default_output_name(tmp_path: Path) -> None:
    result = run_cli("plot", str(FIGURE), "--clip", "run", "--node", "LeftShin", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    read_png(tmp_path / "figure_run_curves.png", (500, 200))


def test_plot_defaults_to_the_first_clip_and_handles_pointers_and_weights(tmp_path: Path) -> None:
    for name in ("pointer_material.glb", "morph_figure.glb"):
        out = tmp_path / f"{name}.png"
        result = run_cli("plot", str(FIXTURES / name), "-o", str(out))
        assert result.returncode == 0, result.stderr
        read_png(out, (500, 200))


def test_channel_curves_hit_the_keys_and_hold_steps() -> None:
    asset = load_gltf(FIGURE)
    curves = {c.target: c for c in channel_curves(asset, "wave")}
    assert [c.interpolation for c in curves.values()] == ["LINEAR", "CUBICSPLINE", "STEP"]
    for c in curves.values():
        assert c.components == ("x", "y", "z", "w")
        for t, v in zip(c.key_times, c.key_values, strict=True):
            i = int(np.flatnonzero(c.times == t)[0])
            np.testing.assert_allclose(c.values[i], v, atol=1e-6)
    head = curves["Head"]
    # STEP: just before the key at 0.5 s the value is still the previous key's.
    before = int(np.flatnonzero(head.times < 0.5)[-1])
    np.testing.assert_allclose(head.values[before], head.key_values[0], atol=1e-6)
    (blink,) = channel_curves(asset, "blink")
    assert blink.components == ("blink",) and blink.path == "weights"
    (tint,) = channel_curves(asset, "tint")
    assert tint.components == ("r", "g", "b", "a") and tint.path == "pointer"


def test_plot_easing_draws_every_curve(tmp_path: Path) -> None:
    out = tmp_path / "easing.png"
    result = run_cli("plot-easing", "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert f"{len(EASING_CURVES)} easing curves x 3 modes" in result.stdout
    assert len(EASING_CURVES) == 12
    pixels = read_png(out, (1000, 700))
    assert non_flat(pixels)


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["--clip", "moonwalk"], ["[LITE-STATE-041]", "'moonwalk'", "clips: 'walk'"]),
        (["--clip", "run", "--node", "Tail"], ["[LITE-STATE-042]", "'Tail'", "--node"]),
        (["--samples", "0"], ["--samples"]),
    ],
)
def test_plot_bad_input_is_one_line(tmp_path: Path, args: list[str], needles: list[str]) -> None:
    result = run_cli("plot", str(FIGURE), *args, "-o", str(tmp_path / "x.png"))
    assert_one_line_failure(result, "lite-anim plot", *needles)
    assert not (tmp_path / "x.png").exists()


def test_plot_missing_file_shows_the_loader_code(tmp_path: Path) -> None:
    assert_one_line_failure(run_cli("plot", str(tmp_path / "none.gltf")), "[LITE-GLTF-001]")


def test_plot_file_without_animations_is_one_line(tmp_path: Path) -> None:
    import json

    from tests.lite._gltf_util import embedded_json

    doc = embedded_json("two_skeletons")
    del doc["animations"]
    path = tmp_path / "still.gltf"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert_one_line_failure(run_cli("plot", str(path)), "has no animations")
