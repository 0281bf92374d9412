"""glb write-back of baked clips: valid glTF 2.0 (Khronos validator), one LINEAR animation per
baked clip over the asset's own nodes and morph weights, and a re-load sampled at the bake
times gives the baked values back within float32 precision."""

from __future__ import annotations

import json
import struct
from pathlib import Path

import numpy as np
import pytest

import lite
from lite.bake import BakedClip, bake_clip, glb_clip, save_baked
from lite.bake.glb import GlbClip, write_baked_glb
from lite.errors import LiteError
from lite.loader_gltf import load_gltf
from tests.lite._gltf_util import FIXTURES
from tests.lite._scale_util import error_codes, validate_gltf

FIGURE = Path(lite.__file__).parent / "assets" / "figure.glb"
FIGURE_CLIPS = ["walk", "run", "wave", "blink", "tint"]
#: float32 keys: a re-sampled value is the baked one to a few float32 ulps (values are ~1).
ATOL = 1e-6


def _glb_json(path: Path) -> dict:
    data = path.read_bytes()
    magic, version, total = struct.unpack_from("<III", data)
    assert (magic, version, total) == (0x46546C67, 2, len(data))
    length, kind = struct.unpack_from("<II", data, 12)
    assert kind == 0x4E4F534A and length % 4 == 0
    return json.loads(data[20 : 20 + length])


def _assert_resampled_equal(baked: BakedClip, again: BakedClip) -> None:
    assert again.frame_count == baked.frame_count
    np.testing.assert_array_equal(again.times, baked.times)
    for name in ("translation", "scale", "world_matrices"):
        np.testing.assert_allclose(getattr(again, name), getattr(baked, name), rtol=0, atol=ATOL)
    # q and -q are one rotation: keys are written in one hemisphere, one after the other.
    a, b = again.rotation.astype(np.float64), baked.rotation
    off = np.minimum(np.abs(a - b).max(axis=-1), np.abs(a + b).max(axis=-1))
    assert float(off.max()) <= ATOL
    for a, b in zip(again.skins, baked.skins, strict=True):
        np.testing.assert_allclose(a.palettes, b.palettes, rtol=0, atol=ATOL)
    for a, b in zip(again.morphs, baked.morphs, strict=True):
        np.testing.assert_allclose(a.weights, b.weights, rtol=0, atol=ATOL)


@pytest.mark.parametrize("clip", FIGURE_CLIPS)
def test_a_reloaded_glb_resamples_to_the_bake(tmp_path: Path, clip: str) -> None:
    baked = bake_clip(load_gltf(FIGURE), clip, fps=60)  # the default rate
    out = save_baked(baked, tmp_path / f"{clip}.glb")
    again = bake_clip(load_gltf(out), clip, fps=60)
    _assert_resampled_equal(baked, again)


def test_an_end_frame_2e_8_s_after_the_last_keys_once(tmp_path: Path) -> None:
    # run lasts float32(0.6) = 0.6000000238 s: at 60 fps its last two bake times (0.6 and
    # 0.6000000238) are one float32, so the end frame alone is keyed.
    baked = bake_clip(load_gltf(FIGURE), "run", fps=60)
    assert baked.frame_count == 38 and np.float32(baked.times[-2]) == np.float32(baked.times[-1])
    out = save_baked(baked, tmp_path / "run.glb")
    doc = _glb_json(out)
    assert doc["accessors"][doc["animations"][0]["samplers"][0]["input"]]["count"] == 37
    _assert_resampled_equal(baked, bake_clip(load_gltf(out), "run", fps=60))
    (report,) = validate_gltf(out)
    assert report["errors"] == 0, report["messages"]


@pytest.mark.parametrize(
    "path", [FIXTURES / "rigged_figure.glb", FIXTURES / "morph_figure.gltf"], ids=lambda p: p.name
)
def test_fixtures_resample_to_the_bake_for_every_clip(tmp_path: Path, path: Path) -> None:
    for group in load_gltf(path).animation_groups:
        baked = bake_clip(load_gltf(path), group.name, fps=15)
        out = save_baked(baked, tmp_path / f"{group.name}.glb")
        _assert_resampled_equal(baked, bake_clip(load_gltf(out), group.name, fps=15))


def test_the_file_has_one_linear_animation_over_the_assets_nodes(tmp_path: Path) -> None:
    baked = bake_clip(load_gltf(FIGURE), "blink", fps=10)
    out = save_baked(baked, tmp_path / "blink.glb", "glb")
    doc = _glb_json(out)
    source = _glb_json(FIGURE)
    assert [a["name"] for a in doc["animations"]] == ["blink"]
    (anim,) = doc["animations"]
    assert {s["interpolation"] for s in anim["samplers"]} == {"LINEAR"}
    assert len(doc["nodes"]) == len(source["nodes"]) and doc["meshes"] == source["meshes"]
    assert doc["skins"] == source["skins"]
    targets = [(c["target"]["node"], c["target"]["path"]) for c in anim["channels"]]
    assert targets == [(15, "weights")]  # blink moves no node: only the morph weights
    time_acc = doc["accessors"][anim["samplers"][0]["input"]]
    assert time_acc["count"] == baked.frame_count == 16
    assert (time_acc["min"], time_acc["max"]) == ([0.0], [pytest.approx(1.5)])
    assert "KHR_animation_pointer" not in doc.get("extensionsUsed", [])
    assert doc["asset"]["version"] == "2.0"


def test_several_clips_make_one_animation_each(tmp_path: Path) -> None:
    clips = [glb_clip(bake_clip(load_gltf(FIGURE), name, fps=12)) for name in FIGURE_CLIPS]
    out = write_baked_glb(FIGURE, tmp_path / "all.glb", clips)
    assert [a["name"] for a in _glb_json(out)["animations"]] == FIGURE_CLIPS
    asset = load_gltf(out)
    assert [g.name for g in asset.animation_groups] == FIGURE_CLIPS
    for name in ("walk", "wave"):
        baked = bake_clip(load_gltf(FIGURE), name, fps=12)
        _assert_resampled_equal(baked, bake_clip(load_gltf(out), name, fps=12))
    (report,) = validate_gltf(out)
    assert report["errors"] == 0, report["messages"]


def test_the_khronos_validator_finds_no_error(tmp_path: Path) -> None:
    rows = lite.bake_files([FIGURE], tmp_path, fps=30, fmt="glb", all_clips=True, progress=False)
    files = [Path(o) for _, o, _, e in rows if e is None]
    assert [f.name for f in files] == [f"figure.{c}.glb" for c in FIGURE_CLIPS]
    for report in validate_gltf(FIGURE, *files):
        assert report["errors"] == 0, (report["file"], report["messages"])


def test_the_output_adds_no_validator_error_to_its_source(tmp_path: Path) -> None:
    # The morph and rigged fixtures have validator errors of their own (POSITION targets
    # without bounds, unnormalised skin weights): the written file keeps them, adds none.
    for path in (FIXTURES / "morph_figure.gltf", FIXTURES / "rigged_figure.glb"):
        name = load_gltf(path).animation_groups[0].name
        out = save_baked(bake_clip(load_gltf(path), name, fps=10), tmp_path / f"{path.stem}.glb")
        source, written = validate_gltf(path, out)
        assert error_codes(written) <= error_codes(source), written["messages"]
        assert written["errors"] == source["errors"]


def test_refusals(tmp_path: Path) -> None:
    baked = bake_clip(load_gltf(FIGURE.read_bytes()), "walk", fps=10)
    with pytest.raises(LiteError) as exc:
        save_baked(baked, tmp_path / "x.glb")
    assert exc.value.code == "LITE-BAKE-010"
    good = glb_clip(bake_clip(load_gltf(FIGURE), "walk", fps=10))
    squeezed = GlbClip(
        "s", np.array([0.5, 0.25, 0.75]), good.translation[:3], good.rotation[:3],
        good.scale[:3], (),
    )  # fmt: skip
    with pytest.raises(LiteError) as exc:
        write_baked_glb(FIGURE, tmp_path / "y.glb", [squeezed])
    assert exc.value.code == "LITE-BAKE-011"
    wrong = GlbClip("w", good.times, good.translation[:, :3], good.rotation, good.scale, ())
    with pytest.raises(LiteError) as exc:
        write_baked_glb(FIGURE, tmp_path / "z.glb", [wrong])
    assert exc.value.code == "LITE-BAKE-010"
    with pytest.raises(LiteError) as exc:
        save_baked(baked, tmp_path / "x.npz", "glb")
    assert exc.value.code == "LITE-CLI-010"
    assert sorted(p.name for p in tmp_path.iterdir()) == []
