"""``lite-anim bench {gltf-crowd,eased,own-clips,blend}`` (lite.tools.bench_ports).

Our side of every workload at tiny sizes (no timing asserted: the table and JSON structure, and
that the probed values animated), and, where Node and the pinned packages are present, the JS
peers at tiny sizes giving the same probed values as ours.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from lite.tools import bench_ports
from lite.tools.bench import main as bench_main
from lite.tools.bench import node_bench_dir

SIDES = [(w, s) for w, sides in bench_ports.WORKLOADS.items() for s in sides]


@pytest.mark.parametrize(("workload", "side"), SIDES)
def test_each_side_runs_and_animates(workload: str, side: str) -> None:
    row = bench_ports.bench_port(workload, side, 3, 2)
    assert row["count"] == 3
    assert row["ms_per_frame"] > 0.0
    assert row["setup_s"] > 0.0
    assert row["animated"] is True
    assert row["probe"], "a probe reads some values"
    assert all(isinstance(v, float) for v in row["probe"])
    if workload in ("gltf-crowd", "blend"):
        assert len(row["probe"]) == 32  # two palette matrices


@pytest.mark.parametrize("workload", list(bench_ports.WORKLOADS))
def test_json_document(workload: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_main([workload, "--counts", "2", "--frames", "2", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["workload"] == workload
    sides = [r["side"] for r in doc["results"]]
    assert sides == list(bench_ports.WORKLOADS[workload])
    for row in doc["results"]:
        assert row["count"] == 2
        assert {"ms_per_frame", "setup_s", "probe", "animated"} <= set(row)
        assert "peer_ms_per_frame" not in row  # no --side-by-side


def test_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench_main(["own-clips", "--counts", "2", "--frames", "2", "--side", "lite"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("own-clips: ms per frame and setup seconds")
    assert lines[2].split()[:3] == ["side", "size", "ms"]
    assert lines[3].split()[:2] == ["lite", "2"]
    assert len(lines) == 4


def test_clip_option_picks_a_group() -> None:
    row = bench_ports.bench_port("gltf-crowd", "lite", 2, 2, clip="run")
    walk = bench_ports.bench_port("gltf-crowd", "lite", 2, 2)
    assert row["probe"] != walk["probe"]
    with pytest.raises(SystemExit):
        bench_ports.bench_port("gltf-crowd", "lite", 1, 1, clip="no-such-group")


def test_bad_side_is_refused() -> None:
    with pytest.raises(ValueError, match="no side"):
        bench_ports.bench_port("eased", "lite", 1, 1)
    with pytest.raises(SystemExit):
        bench_main(["eased", "--side", "lite"])


def test_own_value_is_seeded_and_varies() -> None:
    values = {bench_ports.own_value(i, k) for i in range(10) for k in range(10)}
    assert len(values) > 50
    assert all(0.0 <= v < 1.0 for v in values)


def test_blend_weights_ramp_and_alternate() -> None:
    w = bench_ports._blend_weight
    assert w(0) == 0.0 and w(bench_ports.BLEND_FRAMES) == 1.0
    assert w(bench_ports.BLEND_FRAMES + 1) is None
    assert w(bench_ports.BLEND_PERIOD) == 1.0
    assert w(bench_ports.BLEND_PERIOD + bench_ports.BLEND_FRAMES) == 0.0


def _peer(workload: str, side: str, count: int) -> dict[str, Any]:
    bench = node_bench_dir()
    node = shutil.which("node")
    assert bench is not None and node is not None
    script = bench_ports.WORKLOADS[workload][side][2]
    args = bench_ports._peer_args(workload, side, count, 2, bench_ports.DEFAULT_ASSET, None)
    done = subprocess.run(
        [node, "--import", str(bench.parent / "recorder" / "register.mjs"), str(bench / script)]
        + args,
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    row: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return row


#: (workload, side, count, allowance): the peers compute the same numbers as ours; compat keeps
#: animated vectors in float32 and lite's palettes are float32 products, hence the allowances.
CHECKED = [
    ("eased", "compat", 4, 1e-6),
    ("own-clips", "compat", 4, 1e-6),
    ("own-clips", "lite", 4, 1e-6),
    ("gltf-crowd", "compat", 2, 1e-6),
    ("gltf-crowd", "lite", 2, 1e-5),
    ("blend", "compat", 2, 1e-6),
    ("blend", "lite", 2, 1e-5),
]


@pytest.mark.skipif(
    node_bench_dir() is None or shutil.which("node") is None,
    reason="Node or parity/recorder/node_modules absent (npm ci in parity/recorder)",
)
@pytest.mark.parametrize(("workload", "side", "count", "atol"), CHECKED)
def test_peers_give_the_same_values(workload: str, side: str, count: int, atol: float) -> None:
    ours = bench_ports.bench_port(workload, side, count, 2)
    theirs = _peer(workload, side, count)
    assert theirs["count"] == count and theirs["animated"] is True
    assert len(theirs["probe"]) == len(ours["probe"])
    assert theirs["probe"] == pytest.approx(ours["probe"], abs=atol, rel=0.0)
    assert Path(bench_ports.DEFAULT_ASSET).is_file()
