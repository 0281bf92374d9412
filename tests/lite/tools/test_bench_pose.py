"""``lite-anim bench state-machine``: state machines on instances beside plain cross-fades."""

from __future__ import annotations

import json

import pytest

from lite.tools.bench import main
from lite.tools.bench_pose import WORKLOADS, bench_state_machines


def test_every_workload_is_timed_steady_and_cross_fading() -> None:
    rows = bench_state_machines(3, frames=2, warmup=1, repeat=1)
    assert [r["workload"] for r in rows] == list(WORKLOADS)
    for row in rows:
        assert row["instances"] == 3
        assert row["steady_ms"] >= 0.0 and row["cross_fade_ms"] >= 0.0


def test_the_subcommand_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["state-machine", "--counts", "2", "--frames", "2", "--repeat", "1", "--json"]
    assert main(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["workload"] == "state-machine"
    assert [r["workload"] for r in out["results"]] == list(WORKLOADS)
