"""The docs' pose-graph pictures are drawn from the public functions and show what they compute."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from lite.tools.pose_figures import cross_fade_weights, main
from tests.lite.tools._cli_util import non_flat, read_png


def test_the_cross_fade_picture_shows_weights_summing_to_1_through_every_transition() -> None:
    times, names, weights, events = cross_fade_weights()
    assert names == ["walk", "run", "wave"]
    np.testing.assert_allclose(weights.sum(axis=1), 1.0, atol=1e-12)
    assert (weights >= 0.0).all()
    texts = [text for _, text in events]
    for expected in ("enter run", "enter wave", "exit walk", "exit run", "enter walk"):
        assert expected in texts
    assert weights[0].tolist() == [1.0, 0.0, 0.0]
    assert weights[-1].tolist() == [0.0, 1.0, 0.0]


def test_the_pictures_are_written(tmp_path: Path) -> None:
    assert main(["--out", str(tmp_path)]) == 0
    for name, size in (
        ("pose_blend_space_1d.png", (800, 400)),
        ("pose_blend_space_2d.png", (1000, 700)),
        ("pose_cross_fade.png", (900, 420)),
    ):
        assert non_flat(read_png(tmp_path / name, size))
