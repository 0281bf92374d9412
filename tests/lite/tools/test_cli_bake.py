"""``lite-anim bake``: npz and JSON output checked against direct lite calls, parallel bakes."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import lite
from lite.bake import BAKE_FORMAT, BAKE_VERSION, frame_times
from lite.loader_gltf import load_gltf
from tests.lite._scale_util import require_module
from tests.lite.tools._cli_util import FIGURE, FIXTURES, assert_one_line_failure, run_cli

ATOL = 1e-6


def _expected_at(path: Path, clip: str, t: float) -> tuple[object, ...]:
    """Pose, world matrices, palettes and morph weights straight from the runtime at ``t``."""
    asset = load_gltf(path)
    group = next(g for g in asset.animation_groups if g.name == clip)
    group.loop_animation = False
    lite.play_animation(group)
    lite.go_to_frame(group, t * group.frame_rate)
    local = asset.pose.local.copy()
    world = np.stack([n.world_matrix.reshape(4, 4).T for n in asset.nodes])
    palettes = [
        s.joint_matrices.reshape(-1, 4, 4).transpose(0, 2, 1).copy() for s in asset.skeletons
    ]
    weights = [m.weights.copy() for m in asset.morph_targets]
    return local, world, palettes, weights


def test_frame_times_end_on_the_clip_end() -> None:
    assert frame_times(1.0, 4).tolist() == [0.0, 0.25, 0.5, 0.75, 1.0]
    np.testing.assert_allclose(frame_times(np.float32(0.6), 30)[-1], np.float32(0.6))
    assert frame_times(np.float32(0.6), 30).shape == (19,)
    assert frame_times(0.0, 60).tolist() == [0.0]


def test_bake_npz_matches_the_runtime_frame_by_frame(tmp_path: Path) -> None:
    out = tmp_path / "run.npz"
    result = run_cli("bake", str(FIGURE), "--clip", "run", "--fps", "30", "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert f"wrote {out}: 19 frames at 30 fps" in result.stdout
    with np.load(out) as z:
        data = {k: z[k] for k in z.files}
    meta = json.loads(str(data["meta"]))
    assert meta["format"] == BAKE_FORMAT and meta["version"] == BAKE_VERSION
    assert meta["clip"] == "run" and meta["fps"] == 30.0 and meta["frame_count"] == 19
    assert meta["skins"] == [
        {"index": 0, "name": "FigureSkin", "mesh_node": 14, "array": "palette_0"},
        {"index": 0, "name": "FigureSkin", "mesh_node": 15, "array": "palette_1"},
    ]
    assert meta["morph_targets"] == [
        {"node": 15, "target_names": ["blink"], "array": "morph_weights_0"}
    ]
    f, n = 19, 16
    assert data["times"].shape == (f,)
    assert data["node_names"].tolist()[:3] == ["Figure", "Hips", "Spine"]
    assert data["node_parents"].tolist()[:3] == [-1, 0, 1]
    assert data["translation"].shape == (f, n, 3) and data["translation"].dtype == np.float32
    assert data["rotation"].shape == (f, n, 4)
    assert data["scale"].shape == (f, n, 3)
    assert data["world_matrices"].shape == (f, n, 4, 4)
    assert data["palette_0"].shape == (f, 13, 4, 4)
    assert data["joints_0"].tolist() == list(range(1, 14))
    assert data["morph_weights_0"].shape == (f, 1)
    for frame in (0, 7, f - 1):
        t = float(data["times"][frame])
        local, world, palettes, weights = _expected_at(FIGURE, "run", t)
        np.testing.assert_allclose(data["translation"][frame], local[:, 0:3], atol=ATOL)
        np.testing.assert_allclose(data["rotation"][frame], local[:, 3:7], atol=ATOL)
        np.testing.assert_allclose(data["scale"][frame], local[:, 7:10], atol=ATOL)
        np.testing.assert_allclose(data["world_matrices"][frame], world, atol=ATOL)
        np.testing.assert_allclose(data["palette_0"][frame], palettes[0], atol=ATOL)
        np.testing.assert_allclose(data["morph_weights_0"][frame], weights[0], atol=ATOL)
    # Independent of go_to_frame: the Hips channel sampled directly at the last frame (the
    # clip's end, not its wrapped-around start).
    asset = load_gltf(FIGURE)
    clip = asset.animation_data.clips[1]
    ch = clip.channels[0]
    sample = np.zeros(3, np.float32)
    lite.evaluate_sampler(
        clip.samplers[ch.sampler_idx], float(data["times"][-1]), 3, False, sample, 0
    )
    np.testing.assert_allclose(data["translation"][-1, ch.node_idx], sample, atol=ATOL)
    # World matrices compose: world(child) = world(parent) @ local TRS(child).
    hips, spine = 1, 2
    x, y, z, w = (float(v) for v in data["rotation"][10, spine])
    rot = np.array(
        [
            [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
            [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
            [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
        ]
    )
    local_m = np.eye(4)
    local_m[:3, :3] = rot * data["scale"][10, spine]
    local_m[:3, 3] = data["translation"][10, spine]
    np.testing.assert_allclose(
        data["world_matrices"][10, spine], data["world_matrices"][10, hips] @ local_m, atol=1e-5
    )


def test_bake_json_carries_pointers_and_morph_weights(tmp_path: Path) -> None:
    out = tmp_path / "tint.json"
    result = run_cli("bake", str(FIGURE), "--clip", "tint", "--fps", "2", "-o", str(out))
    assert result.returncode == 0, result.stderr
    doc = json.loads(out.read_text(encoding="utf-8"))
    for key in (
        "format",
        "version",
        "source",
        "clip",
        "fps",
        "duration",
        "frame_count",
        "times",
        "nodes",
        "translation",
        "rotation",
        "scale",
        "world_matrices",
        "skins",
        "morph_targets",
        "pointers",
    ):
        assert key in doc, key
    assert doc["format"] == BAKE_FORMAT and doc["clip"] == "tint"
    assert doc["times"] == [0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0] and doc["frame_count"] == 7
    assert doc["nodes"][1] == {"index": 1, "name": "Hips", "parent": 0}
    assert np.asarray(doc["rotation"]).shape == (7, 16, 4)
    assert np.asarray(doc["world_matrices"]).shape == (7, 16, 4, 4)
    assert np.asarray(doc["skins"][0]["palettes"]).shape == (7, 13, 4, 4)
    # tint animates no joint: every palette is the identity (the inverse binds cancel).
    np.testing.assert_allclose(
        np.asarray(doc["skins"][0]["palettes"]),
        np.broadcast_to(np.eye(4), (7, 13, 4, 4)),
        atol=1e-6,
    )
    (pointer,) = doc["pointers"]
    assert pointer["pointer"] == "/materials/0/pbrMetallicRoughness/baseColorFactor"
    np.testing.assert_allclose(pointer["values"][0], [0.2, 0.4, 0.85, 1.0], atol=ATOL)
    np.testing.assert_allclose(pointer["values"][2], [0.95, 0.5, 0.12, 1.0], atol=ATOL)
    np.testing.assert_allclose(pointer["values"][1], [0.575, 0.45, 0.485, 1.0], atol=ATOL)


def test_bake_morph_weights_follow_the_blink(tmp_path: Path) -> None:
    out = tmp_path / "blink.npz"
    assert (
        run_cli("bake", str(FIGURE), "--clip", "blink", "--fps", "20", "-o", str(out)).returncode
        == 0
    )
    with np.load(out) as z:
        w = z["morph_weights_0"][:, 0]
        times = z["times"]
    np.testing.assert_allclose(w[times == 1.0], [1.0], atol=ATOL)
    np.testing.assert_allclose(w[times <= 0.9], 0.0, atol=ATOL)


def test_long_bake_shows_a_progress_bar_on_stderr(tmp_path: Path) -> None:
    result = run_cli(
        "bake", str(FIGURE), "--clip", "tint", "--fps", "250", "-o", str(tmp_path / "t.npz")
    )
    assert result.returncode == 0, result.stderr
    assert "751/751" in result.stderr and "frame" in result.stderr
    quiet = run_cli(
        "bake", str(FIGURE), "--clip", "walk", "--fps", "10", "-o", str(tmp_path / "w.npz")
    )
    assert "frame/s" not in quiet.stderr


def test_bake_several_files_in_parallel_into_a_folder(tmp_path: Path) -> None:
    files = [FIGURE, FIXTURES / "rigged_figure.glb", FIXTURES / "morph_figure.gltf"]
    out = tmp_path / "baked"
    result = run_cli("bake", *map(str, files), "--fps", "10", "--format", "json", "-o", str(out))
    assert result.returncode == 0, result.stderr
    firsts = {f: load_gltf(f).animation_groups[0].name for f in files}
    # Each output is named <stem>.<clip>.<format>, the clip being the first one by default.
    assert sorted(p.name for p in out.iterdir()) == sorted(
        f"{f.stem}.{clip}.json" for f, clip in firsts.items()
    )
    assert (out / "figure.walk.json").is_file() and (out / "rigged_figure.Walk.json").is_file()
    for f in files:
        doc = json.loads((out / f"{f.stem}.{firsts[f]}.json").read_text(encoding="utf-8"))
        assert Path(doc["source"]).name == f.name
        asset = load_gltf(f)
        assert doc["clip"] == firsts[f]
        assert len(doc["nodes"]) == len(asset.nodes)
    assert "3/3" in result.stderr  # the bar over files


def test_bake_several_files_reports_each_failure_and_writes_the_rest(tmp_path: Path) -> None:
    out = tmp_path / "baked"
    result = run_cli(
        "bake", str(FIGURE), str(tmp_path / "missing.glb"), "-o", str(out), "--no-progress"
    )
    assert (out / "figure.walk.npz").is_file()
    assert_one_line_failure(result, "missing.glb", "[LITE-GLTF-001]")


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (
            ["--clip", "sprint"],
            ["[LITE-STATE-041]", "'sprint'", "'walk', 'run', 'wave'", "with --clip"],
        ),
        (["--fps", "0"], ["--fps", "positive"]),
        (["--fps", "20000"], ["[LITE-ANIM-020]", "fps", "(hint: pass e.g. --fps 30)"]),
        (["--format", "csv"], ["--format", "invalid choice"]),
    ],
)
def test_bake_bad_input_is_one_line(tmp_path: Path, args: list[str], needles: list[str]) -> None:
    result = run_cli("bake", str(FIGURE), *args, "-o", str(tmp_path / "x.npz"))
    assert_one_line_failure(result, *needles)
    assert not (tmp_path / "x.npz").exists()


def test_bake_refuses_two_inputs_with_one_output_name(tmp_path: Path) -> None:
    copy = tmp_path / "a" / "figure.glb"
    copy.parent.mkdir()
    copy.write_bytes(FIGURE.read_bytes())
    result = run_cli("bake", str(FIGURE), str(copy), "-o", str(tmp_path / "out"))
    assert_one_line_failure(result, "would both be written to")


# ---------------------------------------------------------------------------------------------
# --format zarr | glb, --dask (issue 17)
# ---------------------------------------------------------------------------------------------


def test_bake_format_glb_writes_the_asset_with_the_baked_clip(tmp_path: Path) -> None:
    result = run_cli("bake", str(FIGURE), "--clip", "wave", "--fps", "20", "--format", "glb",
                     "-o", f"{tmp_path}/")  # fmt: skip
    assert result.returncode == 0, result.stderr
    out = tmp_path / "figure.wave.glb"
    assert f"wrote {out}: 41 frames at 20 fps (glb, clip 'wave')" in result.stdout
    again = load_gltf(out)
    assert [g.name for g in again.animation_groups] == ["wave"]
    with np.load(_bake_npz(tmp_path, "wave", 20)) as z:
        from lite.bake import bake_clip

        rebaked = bake_clip(again, "wave", 20)
        np.testing.assert_allclose(rebaked.world_matrices, z["world_matrices"], atol=ATOL)


def _bake_npz(tmp_path: Path, clip: str, fps: int) -> Path:
    out = tmp_path / f"{clip}.npz"
    assert (
        run_cli("bake", str(FIGURE), "--clip", clip, "--fps", str(fps), "-o", str(out)).returncode
        == 0
    )
    return out


def test_bake_o_names_a_glb_or_zarr_output(tmp_path: Path) -> None:
    result = run_cli("bake", str(FIGURE), "--fps", "10", "-o", str(tmp_path / "w.glb"))
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "w.glb").read_bytes()[:4] == b"glTF"
    result = run_cli("bake", str(FIGURE), "-o", str(tmp_path / "w.glb"), "--format", "npz")
    assert_one_line_failure(result, "[LITE-CLI-010]")
    require_module("zarr")
    store = tmp_path / "w.zarr"
    for attempt in range(2):  # the second is refused: the store exists
        result = run_cli("bake", str(FIGURE), "--fps", "10", "-o", str(store))
        if attempt == 0:
            assert result.returncode == 0, result.stderr
            assert (store / ".zgroup").is_file()
        else:
            assert_one_line_failure(result, "[LITE-CLI-011]", "w.zarr already exists")


def test_bake_dask_local_bakes_files_on_worker_processes(tmp_path: Path) -> None:
    require_module("distributed")
    files = [str(FIGURE), str(FIXTURES / "rigged_figure.glb"), str(tmp_path / "missing.glb")]
    out = tmp_path / "out"
    result = run_cli("bake", *files, "--fps", "10", "--dask", "local", "--workers", "2",
                     "--no-progress", "-o", str(out))  # fmt: skip
    assert result.returncode == 2, result.stderr
    assert result.stdout.splitlines() == [
        f"wrote {out / 'figure.walk.npz'}: 11 frames at 10 fps",
        f"wrote {out / 'rigged_figure.Walk.npz'}: 11 frames at 10 fps",
    ]
    assert "missing.glb: [LITE-GLTF-001]" in result.stderr
    with np.load(out / "figure.walk.npz") as z, np.load(_bake_npz(tmp_path, "walk", 10)) as ref:
        for key in ref.files:
            assert np.array_equal(z[key], ref[key]), key


def test_bake_workers_with_a_dask_address_is_refused(tmp_path: Path) -> None:
    result = run_cli("bake", str(FIGURE), "--dask", "tcp://127.0.0.1:9", "--workers", "2",
                     "-o", f"{tmp_path}/")  # fmt: skip
    assert_one_line_failure(result, "[LITE-CLI-022]", "--workers")
    assert list(tmp_path.iterdir()) == []
