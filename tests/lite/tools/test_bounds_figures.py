"""The animated-bounds picture and tightness table (docs/targets-and-bounds.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

import lite.assets
from lite.tools.bounds_figures import main, measure, table


def test_the_picture_is_written(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--out", str(tmp_path)]) == 0
    png = tmp_path / "animated_bounds.png"
    assert png.stat().st_size > 10_000
    assert str(png) in capsys.readouterr().out


def test_the_measured_bounds_hold_every_sample_and_are_not_smaller_than_it() -> None:
    rows = measure(lite.assets.figure_path(), samples=6)
    assert [r.skin for r in rows] == [0, 1]
    for r in rows:
        assert r.contained
        assert min(r.extent_ratio) >= 1.0
        assert r.volume_ratio >= 1.0
        assert len(r.clip_volume_ratios) >= 1
    text = table(rows)
    assert text.count("\n") == 3 and "figure.glb" in text
