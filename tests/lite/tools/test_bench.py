"""``lite-anim bench crowd --ik``: the crowd with and without a leg IK solve per frame."""

from __future__ import annotations

import json

import pytest

from lite.tools.bench import bench_ik, main


def test_bench_ik_times_the_crowd_with_and_without_the_solve() -> None:
    row = bench_ik(4, frames=2, repeat=1)
    assert row["instances"] == 4.0
    assert row["without"] > 0.0 and row["with"] > 0.0 and row["per_pose"] > 0.0
    assert row["overhead"] == pytest.approx(row["with"] / row["without"] - 1.0)


def test_the_ik_option_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["crowd", "--ik", "--counts", "4", "--frames", "2", "--repeat", "1", "--json"]
    assert main(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["workload"] == "crowd-ik"
    assert [r["instances"] for r in out["results"]] == [4.0]


def test_the_ik_option_is_for_the_crowd_only() -> None:
    with pytest.raises(SystemExit):
        main(["property", "--ik"])
