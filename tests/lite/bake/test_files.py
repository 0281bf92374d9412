"""lite.bake.files (and save_baked, bake_files seen from it): output names, overwrite refusals,
suffix checks, Python hints."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import lite
from lite.bake import (
    bake_clip,
    bake_file,
    bake_files,
    bake_targets,
    output_name,
    refuse_existing,
    save_baked,
)
from lite.errors import AnimationStateError, KeyframeError, LiteError

ROOT = Path(__file__).resolve().parents[3]
FIGURE = ROOT / "lite" / "assets" / "figure.glb"
FIXTURES = ROOT / "tests" / "fixtures"


def test_output_names_carry_the_clip() -> None:
    assert output_name("models/Fox.glb", "Walk") == "Fox.Walk.npz"
    assert output_name("Fox.gltf", "Run", "json") == "Fox.Run.json"
    # a Mixamo-style name stays one plain file name
    assert output_name("a.glb", "Armature|mixamo.com|Layer0") == "a.Armature_mixamo.com_Layer0.npz"
    assert output_name("a.glb", "../../etc/passwd") == "a._.._etc_passwd.npz"
    assert output_name("a.glb", "") == "a._.npz"


def test_bake_targets_one_clip_or_all(tmp_path: Path) -> None:
    asset = lite.load_gltf(FIGURE)
    assert bake_targets(asset, tmp_path) == [("walk", tmp_path / "figure.walk.npz")]
    assert bake_targets(asset, tmp_path, "run", "json") == [("run", tmp_path / "figure.run.json")]
    every = bake_targets(asset, tmp_path, all_clips=True)
    assert [name for name, _ in every] == ["walk", "run", "wave", "blink", "tint"]
    assert len({t for _, t in every}) == 5


def test_two_clips_with_one_file_name_are_refused(tmp_path: Path) -> None:
    asset = lite.load_gltf(FIGURE)
    asset.animation_groups[1].name = "walk?"
    asset.animation_groups[0].name = "walk*"
    with pytest.raises(LiteError) as exc:
        bake_targets(asset, tmp_path, all_clips=True)
    assert exc.value.code == "LITE-CLI-012"


def test_refuse_existing_names_the_file(tmp_path: Path) -> None:
    out = tmp_path / "figure.walk.npz"
    refuse_existing([out])
    out.write_bytes(b"")
    with pytest.raises(LiteError) as exc:
        refuse_existing([tmp_path / "other.npz", out])
    assert exc.value.code == "LITE-CLI-011" and str(out) in exc.value.message
    assert "overwrite=True" in (exc.value.hint or "")


def test_bake_file_overwrites_only_when_asked(tmp_path: Path) -> None:
    out = tmp_path / "w.npz"
    out.write_bytes(b"keep")
    with pytest.raises(LiteError) as exc:
        bake_file(FIGURE, out, "walk", 10, overwrite=False)
    assert exc.value.code == "LITE-CLI-011"
    assert out.read_bytes() == b"keep"
    bake_file(FIGURE, out, "walk", 10)  # the default keeps the old behaviour
    assert out.read_bytes()[:2] == b"PK"


def test_save_baked_refuses_a_suffix_that_names_the_other_format(tmp_path: Path) -> None:
    baked = bake_clip(lite.load_gltf(FIGURE), "walk", 4)
    with pytest.raises(LiteError) as exc:
        save_baked(baked, tmp_path / "x.json", "npz")
    assert exc.value.code == "LITE-CLI-010"
    assert "fmt='json'" in (exc.value.hint or "")
    assert not (tmp_path / "x.json").exists()
    # a suffix the format does not claim is the caller's choice
    save_baked(baked, tmp_path / "x.bin", "npz")
    assert np.load(tmp_path / "x.bin")["times"].shape == (baked.frame_count,)


def test_bake_files_names_each_clip_and_bakes_all_clips(tmp_path: Path) -> None:
    rows = bake_files([FIGURE, FIXTURES / "rigged_figure.glb"], tmp_path, fps=4, all_clips=True)
    names = sorted(Path(out).name for _, out, _, error in rows if error is None)
    assert names == [
        "figure.blink.npz",
        "figure.run.npz",
        "figure.tint.npz",
        "figure.walk.npz",
        "figure.wave.npz",
        "rigged_figure.Pose.npz",
        "rigged_figure.Walk.npz",
        "rigged_figure.Wave.npz",
    ]
    # each clip starts from the rest pose: baking run alone gives the same arrays
    alone = bake_clip(lite.load_gltf(FIGURE), "run", 4)
    together = np.load(tmp_path / "figure.run.npz")
    np.testing.assert_array_equal(together["translation"], alone.translation)
    np.testing.assert_array_equal(together["world_matrices"], alone.world_matrices)


def test_bake_files_without_overwrite_refuses_a_whole_file(tmp_path: Path) -> None:
    (tmp_path / "figure.run.npz").write_bytes(b"keep")
    rows = bake_files([FIGURE], tmp_path, fps=4, all_clips=True, overwrite=False)
    assert len(rows) == 1 and rows[0][3] is not None and "[LITE-CLI-011]" in rows[0][3]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["figure.run.npz"]
    assert (tmp_path / "figure.run.npz").read_bytes() == b"keep"


def test_library_hints_are_phrased_for_python() -> None:
    asset = lite.load_gltf(FIGURE)
    with pytest.raises(KeyframeError) as fps:
        bake_clip(asset, "walk", 0)
    assert fps.value.code == "LITE-ANIM-020" and fps.value.hint == "pass e.g. fps=30"
    with pytest.raises(AnimationStateError) as clip:
        bake_clip(asset, "sprint")
    assert clip.value.code == "LITE-STATE-041"
    assert "clip=" in (clip.value.hint or "") and "--" not in (clip.value.hint or "")
