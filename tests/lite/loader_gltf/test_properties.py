"""Nodes, meshes, skins, materials, cameras and lights: the tree, references and cross-object
checks.
"""

from __future__ import annotations

import json
import struct

import numpy as np
import pytest

from lite.errors import GltfLoadError
from lite.loader_gltf import load_gltf
from tests.lite._gltf_util import (
    FIXTURES,
    buffer_bytes,
    embedded_json,
    expect_error,
    with_buffer,
)


def test_child_index_out_of_range() -> None:
    doc = embedded_json("rigged_figure")
    doc["nodes"][0]["children"].append(40)
    expect_error("LITE-GLTF-002", doc, "nodes[0].children[2]")


def test_vertex_index_out_of_range() -> None:
    doc = embedded_json("two_skeletons")
    blob = buffer_bytes("two_skeletons")
    acc = doc["accessors"][doc["meshes"][0]["primitives"][0]["indices"]]
    off = doc["bufferViews"][acc["bufferView"]]["byteOffset"]
    struct.pack_into("<H", blob, off, 500)
    expect_error("LITE-GLTF-002", with_buffer(doc, blob), "meshes[0].primitives[0].indices")


def test_node_cycle_is_refused() -> None:
    doc = embedded_json("two_skeletons")
    doc["nodes"][2]["children"] = [0]  # RigA_Tip -> RigA_Root -> RigA_Mid -> RigA_Tip
    err = expect_error("LITE-GLTF-005", doc)
    assert "cycle" in err.message


def test_node_cycle_message_is_bounded_however_long_the_cycle() -> None:
    n = 100_000
    nodes = [{"children": [(i + 1) % n]} for i in range(n)]
    doc = {"asset": {"version": "2.0"}, "nodes": nodes}
    with pytest.raises(GltfLoadError) as exc:
        load_gltf(json.dumps(doc).encode())
    assert exc.value.code == "LITE-GLTF-005"
    assert len(str(exc.value)) < 400
    assert f"{n - 8} more ({n} in all)" in exc.value.message


def test_node_with_two_parents_is_refused() -> None:
    doc = embedded_json("two_skeletons")
    doc["nodes"][4]["children"].append(2)
    expect_error("LITE-GLTF-005", doc, "nodes[4].children[1]")


def test_node_that_is_its_own_child_is_refused() -> None:
    doc = embedded_json("two_skeletons")
    doc["nodes"][2]["children"] = [2]
    expect_error("LITE-GLTF-005", doc, "nodes[2].children[0]")


def test_too_few_inverse_bind_matrices() -> None:
    doc = embedded_json("rigged_figure")
    doc["accessors"][4]["count"] = 9
    expect_error("LITE-GLTF-009", doc, "skins[0].inverseBindMatrices")


def test_joint_index_out_of_range() -> None:
    doc = embedded_json("two_skeletons")
    blob = buffer_bytes("two_skeletons")
    acc = doc["accessors"][doc["meshes"][1]["primitives"][0]["attributes"]["JOINTS_0"]]
    blob[doc["bufferViews"][acc["bufferView"]]["byteOffset"]] = 3
    expect_error(
        "LITE-GLTF-009", with_buffer(doc, blob), "meshes[1].primitives[0].attributes.JOINTS_0"
    )


def test_mesh_weights_must_match_the_target_count() -> None:
    doc = embedded_json("morph_figure")
    doc["meshes"][0]["weights"] = [0.0, 0.0]
    expect_error("LITE-GLTF-009", doc, "meshes[0].weights")


def test_primitives_must_share_a_target_count() -> None:
    doc = embedded_json("morph_figure")
    doc["meshes"][0]["primitives"][1]["targets"].pop()
    expect_error("LITE-GLTF-009", doc, "meshes[0].primitives[1].targets")


def test_skin_without_mesh() -> None:
    doc = embedded_json("two_skeletons")
    del doc["nodes"][3]["mesh"]
    expect_error("LITE-GLTF-009", doc, "nodes[3].skin")


def test_material_camera_and_light_state_is_loaded() -> None:
    asset = load_gltf(FIXTURES / "pointer_material.glb")
    mat = asset.materials[0]
    np.testing.assert_allclose(mat.base_color_factor, [0.8, 0.2, 0.2, 1.0], rtol=1e-6)
    assert mat.roughness_factor == 0.75
    assert asset.cameras[0].yfov == pytest.approx(0.8)
    assert asset.lights[0].type == "spot"
    assert asset.lights[0].intensity == 5.0
    assert asset.nodes[1].light == 0
