"""Buffer views and accessors: decoding (normalized ints, sparse, strides, padded matrices) and
every malformed layout's typed error; the reader decodes each accessor once.
"""

from __future__ import annotations

import struct
from typing import Any

import numpy as np
import pytest

from lite.errors import GltfLoadError
from lite.loader_gltf import load_gltf
from tests.lite._gltf_util import (
    FIXTURES,
    buffer_bytes,
    embedded_json,
    expect_error,
    load_doc,
    raw_accessor,
    with_buffer,
)


def test_normalized_short_rotation_decodes_to_unit_range() -> None:
    asset = load_gltf(FIXTURES / "rigged_figure.glb")
    walk = asset.animation_data.clips[0]
    raw = raw_accessor("rigged_figure", 7).astype(np.float64)
    expected = np.maximum(raw / 32767.0, -1.0).astype(np.float32).reshape(-1)
    np.testing.assert_array_equal(walk.samplers[1].output, expected)


def test_normalized_unsigned_byte_weights_decode_by_255() -> None:
    asset = load_gltf(FIXTURES / "morph_figure.glb")
    blink = asset.animation_data.clips[2]
    assert blink.name == "Blink"
    out = blink.samplers[0].output.reshape(4, 6)
    np.testing.assert_array_equal(out[1, 2:4], [1.0, 1.0])
    assert float(out[2, 2]) == float(np.float32(128 / 255.0))
    assert float(out[3, 5]) == float(np.float32(153 / 255.0))


def test_normalized_byte_minimum_clamps_to_minus_one() -> None:
    doc = embedded_json("rigged_figure")
    blob = buffer_bytes("rigged_figure")
    view = doc["accessors"][7]["bufferView"]
    blob[doc["bufferViews"][view]["byteOffset"]] = 0x80  # -128 as BYTE
    blob[doc["bufferViews"][view]["byteOffset"] + 1] = 0x7F  # 127
    doc["accessors"].append(
        {
            "bufferView": view,
            "componentType": 5120,
            "normalized": True,
            "count": 4,
            "type": "SCALAR",
        }
    )
    asset = load_doc(with_buffer(doc, blob))
    values = asset.read_accessor(len(doc["accessors"]) - 1)
    assert values.shape == (4, 1)
    assert float(values[0, 0]) == -1.0
    assert float(values[1, 0]) == 1.0


def test_sparse_output_accessor_is_applied() -> None:
    asset = load_gltf(FIXTURES / "morph_figure.glb")
    expressions = asset.animation_data.clips[0]
    out = expressions.samplers[1].output.reshape(5, 3)
    expected = np.tile([[0.0, 1.0, 0.0]], (5, 1)).astype(np.float32)
    expected[1] = [0.0, 1.2, 0.0]
    expected[3] = [0.1, 0.9, 0.0]
    np.testing.assert_array_equal(out, expected)


def test_sparse_accessor_without_buffer_view_is_zeros_plus_substitutions() -> None:
    asset = load_gltf(FIXTURES / "morph_figure.glb")
    doc = embedded_json("morph_figure")
    target = doc["meshes"][0]["primitives"][0]["targets"][2]["POSITION"]
    acc = doc["accessors"][target]
    assert "bufferView" not in acc
    values = asset.read_accessor(target)
    moved = np.nonzero(np.any(values != 0.0, axis=1))[0].tolist()
    assert moved == [1, 5]


def test_strided_buffer_view_is_decoded_per_element() -> None:
    asset = load_gltf(FIXTURES / "morph_figure.glb")
    doc = embedded_json("morph_figure")
    prim = doc["meshes"][0]["primitives"][0]
    pos = asset.read_accessor(prim["attributes"]["POSITION"])
    nrm = asset.read_accessor(prim["attributes"]["NORMAL"])
    assert (
        doc["bufferViews"][doc["accessors"][prim["attributes"]["POSITION"]]["bufferView"]][
            "byteStride"
        ]
        == 24
    )
    np.testing.assert_array_equal(nrm, np.tile([[0.0, 0.0, 1.0]], (8, 1)))
    np.testing.assert_allclose(
        pos.min(axis=0), doc["accessors"][prim["attributes"]["POSITION"]]["min"]
    )


def test_padded_matrix_columns_and_unsigned_int_components_decode() -> None:
    doc = embedded_json("two_skeletons")
    blob = buffer_bytes("two_skeletons")
    start = len(blob)
    # Two MAT2 UNSIGNED_BYTE elements: each 2-byte column is padded to 4 bytes.
    blob += bytes([1, 2, 0xEE, 0xEE, 3, 4, 0xEE, 0xEE, 5, 6, 0xEE, 0xEE, 7, 8, 0xEE, 0xEE])
    blob += struct.pack("<3I", 7, 70000, 4000000000)
    doc["buffers"][0]["byteLength"] = len(blob)
    doc["bufferViews"].append({"buffer": 0, "byteOffset": start, "byteLength": 16})
    doc["bufferViews"].append({"buffer": 0, "byteOffset": start + 16, "byteLength": 12})
    views = len(doc["bufferViews"])
    doc["accessors"].append(
        {"bufferView": views - 2, "componentType": 5121, "count": 2, "type": "MAT2"}
    )
    doc["accessors"].append(
        {"bufferView": views - 1, "componentType": 5125, "count": 3, "type": "SCALAR"}
    )
    n = len(doc["accessors"])
    asset = load_doc(with_buffer(doc, blob))
    np.testing.assert_array_equal(asset.read_accessor(n - 2), [[1, 2, 3, 4], [5, 6, 7, 8]])
    np.testing.assert_array_equal(
        asset.read_accessor(n - 1).reshape(-1), np.array([7, 70000, 4000000000], dtype=np.float32)
    )
    with pytest.raises(GltfLoadError) as exc:
        asset.read_accessor(n)
    assert exc.value.code == "LITE-GLTF-002"


def test_accessor_larger_than_its_buffer_view_is_refused_before_reading() -> None:
    doc = embedded_json("rigged_figure")
    doc["accessors"][6]["count"] = 10**9  # claims ~16 GB; must fail on the size check
    err = expect_error("LITE-GLTF-003", doc, "accessors[6]")
    assert "bufferViews[6]" in err.message


def test_buffer_view_outside_its_buffer() -> None:
    doc = embedded_json("rigged_figure")
    doc["bufferViews"][3]["byteLength"] = 10**6
    expect_error("LITE-GLTF-003", doc, "bufferViews[3]")


def test_unknown_component_type() -> None:
    doc = embedded_json("rigged_figure")
    doc["accessors"][3]["componentType"] = 5130
    expect_error("LITE-GLTF-008", doc, "accessors[3].componentType")


def test_normalized_float_accessor() -> None:
    doc = embedded_json("rigged_figure")
    doc["accessors"][6]["normalized"] = True
    expect_error("LITE-GLTF-008", doc, "accessors[6].normalized")


def test_bad_byte_stride() -> None:
    doc = embedded_json("morph_figure")
    doc["bufferViews"][0]["byteStride"] = 6
    expect_error("LITE-GLTF-008", doc, "bufferViews[0].byteStride")


def test_byte_stride_smaller_than_the_element() -> None:
    doc = embedded_json("morph_figure")
    doc["bufferViews"][0]["byteStride"] = 8
    expect_error("LITE-GLTF-008", doc, "bufferViews[0].byteStride")


def test_misaligned_accessor_offset() -> None:
    doc = embedded_json("rigged_figure")
    doc["accessors"][6]["byteOffset"] = 2
    expect_error("LITE-GLTF-008", doc, "accessors[6].byteOffset")


def _sparse_index_offset(doc: dict[str, Any]) -> tuple[int, int]:
    acc = doc["accessors"][doc["animations"][0]["samplers"][1]["output"]]
    view = doc["bufferViews"][acc["sparse"]["indices"]["bufferView"]]
    return int(view["byteOffset"]), doc["animations"][0]["samplers"][1]["output"]


def test_sparse_indices_must_increase() -> None:
    doc = embedded_json("morph_figure")
    blob = buffer_bytes("morph_figure")
    off, acc = _sparse_index_offset(doc)
    struct.pack_into("<HH", blob, off, 3, 1)
    expect_error("LITE-GLTF-008", with_buffer(doc, blob), f"accessors[{acc}].sparse.indices")


def test_sparse_index_past_the_accessor_count() -> None:
    doc = embedded_json("morph_figure")
    blob = buffer_bytes("morph_figure")
    off, acc = _sparse_index_offset(doc)
    struct.pack_into("<HH", blob, off, 1, 9)
    expect_error("LITE-GLTF-008", with_buffer(doc, blob), f"accessors[{acc}].sparse.indices")


def test_sparse_count_over_the_accessor_count() -> None:
    doc = embedded_json("morph_figure")
    acc = doc["animations"][0]["samplers"][1]["output"]
    doc["accessors"][acc]["sparse"]["count"] = 6
    expect_error("LITE-GLTF-008", doc, f"accessors[{acc}].sparse.count")
