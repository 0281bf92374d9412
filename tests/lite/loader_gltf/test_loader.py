"""load_gltf: the three file forms give one asset, round trips through the clips, rest palettes.

Follows docs/architecture/loader_gltf.md, "Test specification" (1, 2).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from lite.animation.evaluate import evaluate_sampler
from lite.animation.types import INTERP_CUBICSPLINE, INTERP_STEP
from lite.loader_gltf import load_gltf
from lite.skeleton.animation_controller import PATH_ROTATION
from tests.lite._gltf_util import (
    ASSETS,
    FIXTURES,
    embedded_json,
    raw_accessor,
)


@pytest.mark.parametrize("name", ASSETS)
def test_glb_gltf_and_embedded_forms_load_the_same_asset(name: str) -> None:
    forms = [
        load_gltf(FIXTURES / f"{name}.glb"),
        load_gltf(FIXTURES / f"{name}.gltf"),
        load_gltf(str(FIXTURES / f"{name}_embedded.gltf")),
        load_gltf((FIXTURES / f"{name}.glb").read_bytes()),
    ]
    ref = forms[0]
    for other in forms[1:]:
        np.testing.assert_array_equal(other.pose.rest, ref.pose.rest)
        assert [c.name for c in other.animation_data.clips] == [
            c.name for c in ref.animation_data.clips
        ]
        for c1, c2 in zip(other.animation_data.clips, ref.animation_data.clips, strict=True):
            assert c1.duration == c2.duration
            assert c1.channels == c2.channels
            for s1, s2 in zip(c1.samplers, c2.samplers, strict=True):
                np.testing.assert_array_equal(s1.input, s2.input)
                np.testing.assert_array_equal(s1.output, s2.output)
                assert s1.interpolation == s2.interpolation


def test_generator_is_deterministic(tmp_path: Path) -> None:
    # The committed fixtures are exactly what generate.py writes.
    import importlib.util

    spec = importlib.util.spec_from_file_location("fixture_gen", FIXTURES / "generate.py")
    assert spec is not None
    assert spec.loader is not None
    gen = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(gen)
    gen.__dict__["HERE"] = tmp_path
    gen.main()
    for path in sorted(tmp_path.iterdir()):
        assert path.read_bytes() == (FIXTURES / path.name).read_bytes(), path.name


def test_rest_palette_is_identity_when_inverse_binds_match_the_rest_pose() -> None:
    asset = load_gltf(FIXTURES / "rigged_figure.glb")
    eye = np.tile(np.eye(4, dtype=np.float32).reshape(1, 16), (10, 1))
    np.testing.assert_allclose(asset.skeletons[0].joint_matrices, eye, atol=1e-6)


@pytest.mark.parametrize("name", ASSETS)
def test_sampling_at_each_key_time_returns_the_raw_accessor_value(name: str) -> None:
    asset = load_gltf(FIXTURES / f"{name}.glb")
    doc = embedded_json(name)
    checked = 0
    for ai, clip in enumerate(asset.animation_data.clips):
        for si, sampler in enumerate(clip.samplers):
            out_idx = doc["animations"][ai]["samplers"][si]["output"]
            acc = doc["accessors"][out_idx]
            if "sparse" in acc:
                continue  # covered by test_sparse_output_accessor_is_applied
            raw = raw_accessor(name, out_idx).astype(np.float64)
            if acc.get("normalized"):
                div = {5122: 32767.0, 5121: 255.0}[acc["componentType"]]
                raw = np.maximum(raw / div, -1.0)
            keys = sampler.input.shape[0]
            stride = raw.size // keys // (3 if sampler.interpolation == INTERP_CUBICSPLINE else 1)
            values = raw.reshape(keys, -1, stride)
            value = values[:, 1] if sampler.interpolation == INTERP_CUBICSPLINE else values[:, 0]
            channel = next(c for c in clip.channels if c.sampler_idx == si)
            is_quat = channel.path == PATH_ROTATION
            out = np.zeros(stride, dtype=np.float32)
            for k in range(keys):
                evaluate_sampler(sampler, float(sampler.input[k]), stride, is_quat, out, 0)
                expected = value[k]
                if sampler.interpolation == INTERP_STEP:
                    np.testing.assert_array_equal(out, expected.astype(np.float32))
                elif is_quat:
                    got = out / np.linalg.norm(out)
                    want = expected / np.linalg.norm(expected)
                    if float(np.dot(got, want)) < 0:
                        want = -want
                    np.testing.assert_allclose(got, want, rtol=1e-6, atol=1e-6)
                else:
                    np.testing.assert_allclose(out, expected, rtol=1e-6, atol=1e-6)
                checked += 1
    assert checked > 0
