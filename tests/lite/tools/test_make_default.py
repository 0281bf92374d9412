"""The bundled default figure (lite/assets/figure.glb): reproducible, and what the demo needs."""

from __future__ import annotations

from pathlib import Path

import numpy as np

import lite
from lite.animation.constants import (
    INTERP_CUBICSPLINE,
    INTERP_LINEAR,
    INTERP_STEP,
    PATH_POINTER,
    PATH_WEIGHTS,
)
from lite.assets import DEFAULT_FIGURE, default_figure_path, figure_path
from lite.loader_gltf import load_gltf
from lite.tools.make_default import JOINTS, build_default_figure, main


def test_committed_figure_equals_a_fresh_generation() -> None:
    fresh = build_default_figure()
    assert fresh == build_default_figure()  # deterministic
    assert DEFAULT_FIGURE.read_bytes() == fresh, (
        "lite/assets/figure.glb is stale: run python -m lite.tools.make_default"
    )
    assert main(["--check"]) == 0


def test_check_reports_a_stale_file(tmp_path: Path) -> None:
    stale = tmp_path / "figure.glb"
    stale.write_bytes(b"old")
    assert main(["--check", "-o", str(stale)]) == 1
    assert main(["-o", str(stale)]) == 0
    assert main(["--check", "-o", str(stale)]) == 0


def test_figure_is_a_skinned_humanoid_with_every_feature_the_demo_shows() -> None:
    assert figure_path() == default_figure_path() == DEFAULT_FIGURE
    assert figure_path().is_file() and figure_path().is_absolute()
    asset = load_gltf(DEFAULT_FIGURE)  # LiteWarnings are errors in this suite
    (skin,) = asset.skins
    assert len(skin.joints) == len(JOINTS) == 13
    names = {asset.nodes[j].name for j in skin.joints}
    for part in ("Hips", "Spine", "Head", "LeftUpperArm", "RightForearm", "LeftShin"):
        assert part in names
    assert [g.name for g in asset.animation_groups] == ["walk", "run", "wave", "blink", "tint"]
    clips = {c.name: c for c in asset.animation_data.clips}
    interps = {
        int(c.samplers[ch.sampler_idx].interpolation)
        for name in ("walk", "run", "wave")
        for c in [clips[name]]
        for ch in c.channels
    }
    assert interps == {INTERP_LINEAR, INTERP_STEP, INTERP_CUBICSPLINE}
    (morph,) = asset.morph_targets
    assert morph.target_names == ("blink",)
    assert [ch.path for ch in clips["blink"].channels] == [PATH_WEIGHTS]
    assert [ch.pointer for ch in clips["tint"].channels] == [
        "/materials/0/pbrMetallicRoughness/baseColorFactor"
    ]
    assert clips["tint"].channels[0].path == PATH_POINTER
    # Rest pose: the inverse binds cancel the joints' world matrices.
    for skel in asset.skeletons:
        np.testing.assert_allclose(
            skel.joint_matrices, np.tile(np.eye(4).reshape(16), (13, 1)), atol=1e-6
        )


def test_figure_stands_on_the_ground_and_the_clips_move_it() -> None:
    asset = load_gltf(DEFAULT_FIGURE)
    body = asset.meshes[0]
    lows = [
        float(asset.read_accessor(p.attributes["POSITION"])[:, 1].min()) for p in body.primitives
    ]
    highs = [
        float(asset.read_accessor(p.attributes["POSITION"])[:, 1].max()) for p in body.primitives
    ]
    assert min(lows) == 0.0 and 1.9 < max(highs) < 2.0
    walk = asset.animation_groups[0]
    lite.play_animation(walk)
    lite.go_to_frame(walk, 15)  # 0.25 s: the left leg swings forward
    thigh = asset.find_node("LeftThigh")
    assert thigh is not None
    assert float(thigh.rotation[0]) < -0.2  # negative about X: forward (+Z)
