"""lite.tools.bench_bake: the bake throughput benchmark runs and reports files/s, frames/s."""

from __future__ import annotations

import json

import pytest

from lite.tools.bench import main as bench_main


def test_bench_bake_prints_throughput_per_worker_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_main(["bake", "--files", "2", "--workers", "1", "2", "--fps", "5", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["engine"] == "process pool" and doc["format"] == "npz"
    assert [r["workers"] for r in doc["results"]] == [1.0, 2.0]
    for row in doc["results"]:
        # 2 figures x 5 clips at 5 fps: 6 + 4 + 11 + 9 + 16 frames each.
        assert (row["files"], row["frames"]) == (2.0, 92.0)
        assert row["files_per_s"] == pytest.approx(2.0 / row["seconds"])
        assert row["frames_per_s"] == pytest.approx(92.0 / row["seconds"])
