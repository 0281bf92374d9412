"""GltfAsset: nodes with live pose views, find_node, read_accessor."""

from __future__ import annotations

import numpy as np
import pytest

from lite.errors import GltfLoadError
from lite.loader_gltf import load_gltf
from tests.lite._gltf_util import (
    FIXTURES,
)


def test_asset_exposes_nodes_with_live_pose_views() -> None:
    asset = load_gltf(FIXTURES / "rigged_figure.glb")
    hips = asset.find_node("Hips")
    assert hips is not None
    assert hips.index == 2
    assert hips.parent == 1
    assert asset.nodes[1].children == (2,)
    np.testing.assert_allclose(hips.translation, [0.0, 0.0, 1.0])
    hips.translation[1] = 5.0
    assert asset.pose.local[2, 1] == 5.0
    assert asset.find_node("Nope") is None
    assert asset.nodes[12].skin == 0
    assert asset.nodes[12].mesh == 0
    assert asset.scene_roots == (0,)
    assert asset.skins[0].joints == tuple(range(2, 12))


def test_read_accessor_decodes_float32_and_refuses_unknown_indices() -> None:
    asset = load_gltf(FIXTURES / "rigged_figure.glb")
    values = asset.read_accessor(0)
    assert values.dtype == np.float32
    assert values.shape == (30, 3)
    with pytest.raises(GltfLoadError) as exc:
        asset.read_accessor(10_000)
    assert exc.value.code == "LITE-GLTF-002"
