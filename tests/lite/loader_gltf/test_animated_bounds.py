"""Animated bounds of loaded assets: dense samples, cross-fades and morphs stay inside.

The bundled figure (lite.assets) and the generated fixtures; Fox, CesiumMan and
RobotExpressive are measured by ``python -m lite.tools.bounds_figures`` (docs/bounds.md).
"""

from __future__ import annotations

import numpy as np
import pytest

import lite
import lite.assets
from lite.animation.animation_group import go_to_frame
from lite.errors import LiteError
from tests.lite._gltf_util import FIXTURES

SAMPLES_PER_CLIP = 48


def _load(name: str) -> lite.GltfAsset:
    if name == "figure":
        return lite.load_gltf(lite.assets.figure_path())
    return lite.load_gltf(FIXTURES / f"{name}.glb")


def _inside(p: np.ndarray, lo: np.ndarray, hi: np.ndarray) -> bool:
    return bool(np.all(p >= lo) and np.all(p <= hi))


@pytest.mark.parametrize("name", ["figure", "rigged_figure", "two_skeletons"])
def test_every_sampled_frame_of_every_clip_lies_inside_the_bound(name: str) -> None:
    asset = _load(name)
    bounds = [lite.animated_bounds(asset, skin=s) for s in range(len(asset.skeletons))]
    for group in asset.animation_groups:
        for other in asset.animation_groups:
            lite.stop_animation(other)
        lite.play_animation(group)
        for frame in np.linspace(0.0, group.duration * group.frame_rate, SAMPLES_PER_CLIP):
            go_to_frame(group, float(frame))
            for s, (lo, hi) in enumerate(bounds):
                assert _inside(lite.skinned_positions(asset, s), lo, hi), (group.name, frame)


def test_cross_fades_between_clips_stay_inside_the_bound() -> None:
    asset = _load("figure")
    bounds = [lite.animated_bounds(asset, skin=s) for s in range(len(asset.skeletons))]
    manager = lite.create_animation_manager()
    lite.enable_animation_blending(manager)
    groups = asset.animation_groups[:3]  # walk, run, wave
    lite.add_animation_groups(manager, groups)
    rng = np.random.default_rng(25)
    for _ in range(40):
        a, b = rng.choice(len(groups), size=2, replace=False)
        w = float(rng.uniform())
        for i, group in enumerate(groups):
            lite.play_animation(group)
            lite.set_animation_weight(group, w if i == a else 1.0 - w if i == b else 0.0)
            group.current_time = float(rng.uniform(0.0, group.duration))
        lite.update_animation_manager(manager, 0.0)
        for s, (lo, hi) in enumerate(bounds):
            assert _inside(lite.skinned_positions(asset, s), lo, hi)


def test_the_morph_envelope_is_enclosed() -> None:
    asset = _load("figure")
    eyelids = next(
        i for i, s in enumerate(asset.skeletons) if asset.nodes[s.mesh_node].weights is not None
    )
    weights = asset.nodes[asset.skeletons[eyelids].mesh_node].weights
    assert weights is not None
    lo, hi = lite.animated_bounds(asset, skin=eyelids)
    wide_lo, wide_hi = lite.animated_bounds(asset, skin=eyelids, morph_envelope=(-2.0, 3.0))
    assert np.all(wide_lo <= lo) and np.all(wide_hi >= hi)
    for w in np.linspace(-2.0, 3.0, 11):
        weights[:] = w
        assert _inside(lite.skinned_positions(asset, eyelids), wide_lo, wide_hi)
    weights[:] = 1.0
    assert _inside(lite.skinned_positions(asset, eyelids), lo, hi)


def test_a_subset_of_clips_gives_a_box_inside_the_box_of_all() -> None:
    asset = _load("figure")
    lo, hi = lite.animated_bounds(asset)
    walk_lo, walk_hi = lite.animated_bounds(asset, [0])
    same_lo, same_hi = lite.animated_bounds(asset, [asset.animation_data.clips[0]])
    np.testing.assert_array_equal(walk_lo, same_lo)
    np.testing.assert_array_equal(walk_hi, same_hi)
    assert np.all(walk_lo >= lo) and np.all(walk_hi <= hi)


def test_skinned_positions_at_rest_are_the_mesh_positions() -> None:
    asset = _load("rigged_figure")
    lite.stop_animation(asset.animation_groups[0])
    asset.pose.local[:] = asset.pose.rest
    mesh = asset.meshes[asset.nodes[asset.skeletons[0].mesh_node].mesh or 0]
    raw = np.concatenate([asset.read_accessor(p.attributes["POSITION"]) for p in mesh.primitives])
    np.testing.assert_allclose(lite.skinned_positions(asset), raw, atol=1e-5)


def test_bad_arguments_raise_their_codes() -> None:
    asset = _load("figure")
    cases = [
        ("LITE-BOUNDS-001", lambda: lite.animated_bounds(object())),  # type: ignore[arg-type]
        ("LITE-BOUNDS-001", lambda: lite.skinned_positions("figure.glb")),  # type: ignore[arg-type]
        ("LITE-BOUNDS-002", lambda: lite.animated_bounds(asset, skin=9)),
        ("LITE-BOUNDS-002", lambda: lite.skinned_positions(asset, skin=True)),  # type: ignore[arg-type]
        ("LITE-BOUNDS-003", lambda: lite.animated_bounds(asset, [99])),
        ("LITE-BOUNDS-003", lambda: lite.animated_bounds(asset, "walk")),  # type: ignore[arg-type]
        ("LITE-BOUNDS-004", lambda: lite.animated_bounds(asset, skin=1, morph_envelope=(1.0, 0.0))),
        (
            "LITE-BOUNDS-004",
            lambda: lite.animated_bounds(asset, skin=1, morph_envelope=[[0, 1]] * 7),
        ),
        (
            "LITE-BOUNDS-004",
            lambda: lite.animated_bounds(asset, skin=1, morph_envelope=(0, np.nan)),
        ),
    ]
    for code, call in cases:
        with pytest.raises(LiteError) as exc:
            call()
        assert exc.value.code == code and exc.value.hint


def test_a_skinned_primitive_without_influences_cannot_be_bounded() -> None:
    asset = _load("rigged_figure")
    mesh = asset.meshes[asset.nodes[asset.skeletons[0].mesh_node].mesh or 0]
    del mesh.primitives[0].attributes["WEIGHTS_0"]
    with pytest.raises(LiteError) as exc:
        lite.animated_bounds(asset)
    assert exc.value.code == "LITE-BOUNDS-005"
