"""load_gltf: the three file forms, accessor decoding, round trips, and every typed error.

Follows docs/architecture/gltf-loader.md, "Test specification".
"""

from __future__ import annotations

import json
import struct
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import lite.gltf_loader as loader
from lite.animation.constants import INTERP_CUBICSPLINE, INTERP_STEP, PATH_POINTER, PATH_ROTATION
from lite.animation.evaluate import evaluate_sampler
from lite.errors import ERROR_CODES, GltfLoadError, LiteWarning
from lite.gltf_loader import load_gltf
from tests.lite._gltf_util import (
    ASSETS,
    FIXTURES,
    buffer_bytes,
    embedded_json,
    glb,
    raw_accessor,
    to_bytes,
    with_buffer,
)


def _load_doc(doc: dict[str, Any]) -> loader.GltfAsset:
    return load_gltf(to_bytes(doc))


def _expect(code: str, doc: dict[str, Any], json_path: str | None = None) -> GltfLoadError:
    with pytest.raises(GltfLoadError) as exc:
        _load_doc(doc)
    assert exc.value.code == code, str(exc.value)
    if json_path is not None:
        assert exc.value.input_name == json_path, str(exc.value)
    assert exc.value.hint
    assert "<bytes>" in str(exc.value)
    return exc.value


# --- 1. The three forms -----------------------------------------------------------------------


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


def test_rest_palette_is_identity_when_inverse_binds_match_the_rest_pose() -> None:
    asset = load_gltf(FIXTURES / "rigged_figure.glb")
    eye = np.tile(np.eye(4, dtype=np.float32).reshape(1, 16), (10, 1))
    np.testing.assert_allclose(asset.skeletons[0].joint_matrices, eye, atol=1e-6)


# --- 2. Round trip: evaluate at each key time == raw accessor values ---------------------------


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


def test_clip_duration_is_the_last_key_time_of_any_sampler() -> None:
    asset = load_gltf(FIXTURES / "rigged_figure.glb")
    assert [c.duration for c in asset.animation_data.clips] == [1.0, 1.5, 2.0]
    assert all(c.frame_rate == 60.0 for c in asset.animation_data.clips)


# --- 3. Accessor decoding: normalized ints, sparse, byteStride ---------------------------------


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
    asset = _load_doc(with_buffer(doc, blob))
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
    asset = _load_doc(with_buffer(doc, blob))
    np.testing.assert_array_equal(asset.read_accessor(n - 2), [[1, 2, 3, 4], [5, 6, 7, 8]])
    np.testing.assert_array_equal(
        asset.read_accessor(n - 1).reshape(-1), np.array([7, 70000, 4000000000], dtype=np.float32)
    )
    with pytest.raises(GltfLoadError) as exc:
        asset.read_accessor(n)
    assert exc.value.code == "LITE-GLTF-002"


# --- 4. Errors: every malformed input gets its typed error and code ---------------------------


def test_every_gltf_error_code_is_registered() -> None:
    for code in [f"LITE-GLTF-{i:03d}" for i in range(1, 11)]:
        assert code in ERROR_CODES


def test_invalid_json_is_a_parse_error() -> None:
    with pytest.raises(GltfLoadError) as exc:
        load_gltf(b"{not json")
    assert exc.value.code == "LITE-GLTF-001"


def test_missing_file_names_the_path(tmp_path: Path) -> None:
    missing = tmp_path / "nope.glb"
    with pytest.raises(GltfLoadError) as exc:
        load_gltf(missing)
    assert exc.value.code == "LITE-GLTF-001"
    assert "nope.glb" in str(exc.value)


def test_wrong_asset_version_is_refused() -> None:
    doc = embedded_json("two_skeletons")
    doc["asset"]["version"] = "1.0"
    _expect("LITE-GLTF-001", doc, "asset.version")


def test_truncated_glb_is_refused() -> None:
    data = (FIXTURES / "two_skeletons.glb").read_bytes()
    with pytest.raises(GltfLoadError) as exc:
        load_gltf(data[:-100])
    assert exc.value.code == "LITE-GLTF-001"


def test_glb_chunk_longer_than_the_container_is_refused() -> None:
    data = bytearray((FIXTURES / "two_skeletons.glb").read_bytes())
    struct.pack_into("<I", data, 12, len(data))  # JSON chunk claims the whole file
    with pytest.raises(GltfLoadError) as exc:
        load_gltf(bytes(data))
    assert exc.value.code == "LITE-GLTF-001"


def test_glb_buffer_longer_than_its_bin_chunk_is_refused() -> None:
    doc = embedded_json("two_skeletons")
    blob = buffer_bytes("two_skeletons")
    doc["buffers"][0]["byteLength"] = len(blob) + 64
    with pytest.raises(GltfLoadError) as exc:
        load_gltf(glb(doc, blob))
    assert exc.value.code == "LITE-GLTF-003"
    assert exc.value.input_name == "buffers[0]"


def test_sampler_input_index_out_of_range_names_the_json_path() -> None:
    doc = embedded_json("rigged_figure")
    doc["animations"][2]["samplers"][0]["input"] = 999
    err = _expect("LITE-GLTF-002", doc, "animations[2].samplers[0].input")
    assert "999" in err.message


def test_channel_sampler_out_of_range() -> None:
    doc = embedded_json("rigged_figure")
    doc["animations"][0]["channels"][0]["sampler"] = 7
    _expect("LITE-GLTF-002", doc, "animations[0].channels[0].sampler")


def test_child_index_out_of_range() -> None:
    doc = embedded_json("rigged_figure")
    doc["nodes"][0]["children"].append(40)
    _expect("LITE-GLTF-002", doc, "nodes[0].children[2]")


def test_channel_node_out_of_range() -> None:
    doc = embedded_json("two_skeletons")
    doc["animations"][0]["channels"][0]["target"]["node"] = 8
    _expect("LITE-GLTF-002", doc, "animations[0].channels[0].target.node")


def test_vertex_index_out_of_range() -> None:
    doc = embedded_json("two_skeletons")
    blob = buffer_bytes("two_skeletons")
    acc = doc["accessors"][doc["meshes"][0]["primitives"][0]["indices"]]
    off = doc["bufferViews"][acc["bufferView"]]["byteOffset"]
    struct.pack_into("<H", blob, off, 500)
    _expect("LITE-GLTF-002", with_buffer(doc, blob), "meshes[0].primitives[0].indices")


def test_accessor_larger_than_its_buffer_view_is_refused_before_reading() -> None:
    doc = embedded_json("rigged_figure")
    doc["accessors"][6]["count"] = 10**9  # claims ~16 GB; must fail on the size check
    err = _expect("LITE-GLTF-003", doc, "accessors[6]")
    assert "bufferViews[6]" in err.message


def test_buffer_view_outside_its_buffer() -> None:
    doc = embedded_json("rigged_figure")
    doc["bufferViews"][3]["byteLength"] = 10**6
    _expect("LITE-GLTF-003", doc, "bufferViews[3]")


def test_buffer_shorter_than_its_byte_length() -> None:
    doc = embedded_json("rigged_figure")
    doc["buffers"][0]["byteLength"] += 4
    _expect("LITE-GLTF-003", doc, "buffers[0]")


def test_truncated_external_bin_is_refused(tmp_path: Path) -> None:
    doc = json.loads((FIXTURES / "two_skeletons.gltf").read_text())
    (tmp_path / "two_skeletons.bin").write_bytes(buffer_bytes("two_skeletons")[:-16])
    (tmp_path / "a.gltf").write_text(json.dumps(doc))
    with pytest.raises(GltfLoadError) as exc:
        load_gltf(tmp_path / "a.gltf")
    assert exc.value.code == "LITE-GLTF-003"
    assert "a.gltf" in str(exc.value)


def _sampler_times(doc: dict[str, Any], blob: bytearray, anim: int, sampler: int) -> int:
    acc = doc["accessors"][doc["animations"][anim]["samplers"][sampler]["input"]]
    return int(doc["bufferViews"][acc["bufferView"]]["byteOffset"])


def test_decreasing_key_times_are_refused() -> None:
    doc = embedded_json("rigged_figure")
    blob = buffer_bytes("rigged_figure")
    off = _sampler_times(doc, blob, 2, 0)
    struct.pack_into("<f", blob, off + 8, 0.25)  # keys 0, 0.5, 0.25, 2
    err = _expect("LITE-GLTF-004", with_buffer(doc, blob), "animations[2].samplers[0].input")
    assert "key 2" in err.message


def test_repeated_key_time_is_refused() -> None:
    doc = embedded_json("rigged_figure")
    blob = buffer_bytes("rigged_figure")
    off = _sampler_times(doc, blob, 2, 0)
    struct.pack_into("<f", blob, off + 4, 0.0)
    _expect("LITE-GLTF-004", with_buffer(doc, blob), "animations[2].samplers[0].input")


def test_nan_key_time_is_refused() -> None:
    doc = embedded_json("rigged_figure")
    blob = buffer_bytes("rigged_figure")
    off = _sampler_times(doc, blob, 1, 0)
    struct.pack_into("<f", blob, off + 4, float("nan"))
    _expect("LITE-GLTF-004", with_buffer(doc, blob), "animations[1].samplers[0].input")


def test_negative_key_time_is_refused() -> None:
    doc = embedded_json("rigged_figure")
    blob = buffer_bytes("rigged_figure")
    off = _sampler_times(doc, blob, 1, 0)
    struct.pack_into("<f", blob, off, -0.5)
    _expect("LITE-GLTF-004", with_buffer(doc, blob), "animations[1].samplers[0].input")


def test_nan_output_value_is_refused() -> None:
    doc = embedded_json("rigged_figure")
    blob = buffer_bytes("rigged_figure")
    acc = doc["accessors"][doc["animations"][0]["samplers"][4]["output"]]
    struct.pack_into("<f", blob, doc["bufferViews"][acc["bufferView"]]["byteOffset"], float("inf"))
    _expect("LITE-GLTF-004", with_buffer(doc, blob), "animations[0].samplers[4].output")


def test_output_count_must_match_input_count() -> None:
    doc = embedded_json("rigged_figure")
    doc["accessors"][doc["animations"][0]["samplers"][4]["output"]]["count"] = 4
    _expect("LITE-GLTF-004", doc, "animations[0].samplers[4].output")


def test_cubicspline_output_needs_three_values_per_key() -> None:
    doc = embedded_json("rigged_figure")
    doc["animations"][0]["samplers"][4]["interpolation"] = "CUBICSPLINE"
    err = _expect("LITE-GLTF-004", doc, "animations[0].samplers[4].output")
    assert "CUBICSPLINE" in err.message


def test_weights_output_needs_one_value_per_target_per_key() -> None:
    doc = embedded_json("morph_figure")
    doc["accessors"][doc["animations"][0]["samplers"][0]["output"]]["count"] = 25
    _expect("LITE-GLTF-004", doc, "animations[0].samplers[0].output")


def test_unknown_interpolation_is_refused() -> None:
    doc = embedded_json("rigged_figure")
    doc["animations"][1]["samplers"][2]["interpolation"] = "BEZIER"
    _expect("LITE-GLTF-004", doc, "animations[1].samplers[2].interpolation")


def test_rotation_from_a_vec3_accessor_is_refused() -> None:
    doc = embedded_json("rigged_figure")
    doc["animations"][0]["channels"][4]["target"]["path"] = "rotation"
    _expect("LITE-GLTF-004", doc, "animations[0].samplers[4].output")


def test_integer_key_times_are_refused() -> None:
    doc = embedded_json("rigged_figure")
    doc["accessors"][doc["animations"][0]["samplers"][0]["input"]]["componentType"] = 5125
    _expect("LITE-GLTF-004", doc, "animations[0].samplers[0].input")


def test_node_cycle_is_refused() -> None:
    doc = embedded_json("two_skeletons")
    doc["nodes"][2]["children"] = [0]  # RigA_Tip -> RigA_Root -> RigA_Mid -> RigA_Tip
    err = _expect("LITE-GLTF-005", doc)
    assert "cycle" in err.message


def test_node_with_two_parents_is_refused() -> None:
    doc = embedded_json("two_skeletons")
    doc["nodes"][4]["children"].append(2)
    _expect("LITE-GLTF-005", doc, "nodes[4].children[1]")


def test_node_that_is_its_own_child_is_refused() -> None:
    doc = embedded_json("two_skeletons")
    doc["nodes"][2]["children"] = [2]
    _expect("LITE-GLTF-005", doc, "nodes[2].children[0]")


def _write_gltf(folder: Path, doc: dict[str, Any]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "asset.gltf"
    path.write_text(json.dumps(doc))
    return path


@pytest.mark.parametrize(
    "uri",
    [
        "../secret.bin",
        "sub/../../secret.bin",
        "%2E%2E/secret.bin",
        "/etc/passwd",
        "\\\\server\\share.bin",
        "file:///etc/passwd",
        "http://example.com/a.bin",
        "C:/Windows/a.bin",
    ],
)
def test_uris_escaping_the_asset_folder_are_refused(tmp_path: Path, uri: str) -> None:
    (tmp_path / "secret.bin").write_bytes(buffer_bytes("two_skeletons"))
    doc = json.loads((FIXTURES / "two_skeletons.gltf").read_text())
    doc["buffers"][0]["uri"] = uri
    path = _write_gltf(tmp_path / "asset", doc)
    with pytest.raises(GltfLoadError) as exc:
        load_gltf(path)
    assert exc.value.code == "LITE-GLTF-006"
    assert exc.value.input_name == "buffers[0].uri"


def test_relative_uri_in_a_subfolder_loads(tmp_path: Path) -> None:
    doc = json.loads((FIXTURES / "two_skeletons.gltf").read_text())
    (tmp_path / "asset" / "data").mkdir(parents=True)
    (tmp_path / "asset" / "data" / "b 1.bin").write_bytes(buffer_bytes("two_skeletons"))
    doc["buffers"][0]["uri"] = "data/b%201.bin"
    asset = load_gltf(_write_gltf(tmp_path / "asset", doc))
    assert len(asset.skeletons) == 2


def test_external_uri_from_bytes_needs_a_base_dir() -> None:
    data = (FIXTURES / "two_skeletons.gltf").read_bytes()
    with pytest.raises(GltfLoadError) as exc:
        load_gltf(data)
    assert exc.value.code == "LITE-GLTF-006"
    asset = load_gltf(data, base_dir=FIXTURES)
    assert len(asset.animation_groups) == 3


def test_data_uri_over_the_size_limit_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(loader, "MAX_DATA_URI_BYTES", 1024)
    err = _expect("LITE-GLTF-006", embedded_json("two_skeletons"), "buffers[0].uri")
    assert "1024" in err.message


def test_non_base64_data_uri_is_refused() -> None:
    doc = embedded_json("two_skeletons")
    doc["buffers"][0]["uri"] = "data:application/octet-stream,rawbytes"
    _expect("LITE-GLTF-006", doc, "buffers[0].uri")


def test_unsupported_required_extension_is_refused() -> None:
    doc = embedded_json("two_skeletons")
    doc["extensionsUsed"] = ["KHR_draco_mesh_compression"]
    doc["extensionsRequired"] = ["KHR_draco_mesh_compression"]
    _expect("LITE-GLTF-007", doc, "extensionsRequired[0]")


def test_unknown_component_type() -> None:
    doc = embedded_json("rigged_figure")
    doc["accessors"][3]["componentType"] = 5130
    _expect("LITE-GLTF-008", doc, "accessors[3].componentType")


def test_normalized_float_accessor() -> None:
    doc = embedded_json("rigged_figure")
    doc["accessors"][6]["normalized"] = True
    _expect("LITE-GLTF-008", doc, "accessors[6].normalized")


def test_bad_byte_stride() -> None:
    doc = embedded_json("morph_figure")
    doc["bufferViews"][0]["byteStride"] = 6
    _expect("LITE-GLTF-008", doc, "bufferViews[0].byteStride")


def test_byte_stride_smaller_than_the_element() -> None:
    doc = embedded_json("morph_figure")
    doc["bufferViews"][0]["byteStride"] = 8
    _expect("LITE-GLTF-008", doc, "bufferViews[0].byteStride")


def test_misaligned_accessor_offset() -> None:
    doc = embedded_json("rigged_figure")
    doc["accessors"][6]["byteOffset"] = 2
    _expect("LITE-GLTF-008", doc, "accessors[6].byteOffset")


def _sparse_index_offset(doc: dict[str, Any]) -> tuple[int, int]:
    acc = doc["accessors"][doc["animations"][0]["samplers"][1]["output"]]
    view = doc["bufferViews"][acc["sparse"]["indices"]["bufferView"]]
    return int(view["byteOffset"]), doc["animations"][0]["samplers"][1]["output"]


def test_sparse_indices_must_increase() -> None:
    doc = embedded_json("morph_figure")
    blob = buffer_bytes("morph_figure")
    off, acc = _sparse_index_offset(doc)
    struct.pack_into("<HH", blob, off, 3, 1)
    _expect("LITE-GLTF-008", with_buffer(doc, blob), f"accessors[{acc}].sparse.indices")


def test_sparse_index_past_the_accessor_count() -> None:
    doc = embedded_json("morph_figure")
    blob = buffer_bytes("morph_figure")
    off, acc = _sparse_index_offset(doc)
    struct.pack_into("<HH", blob, off, 1, 9)
    _expect("LITE-GLTF-008", with_buffer(doc, blob), f"accessors[{acc}].sparse.indices")


def test_sparse_count_over_the_accessor_count() -> None:
    doc = embedded_json("morph_figure")
    acc = doc["animations"][0]["samplers"][1]["output"]
    doc["accessors"][acc]["sparse"]["count"] = 6
    _expect("LITE-GLTF-008", doc, f"accessors[{acc}].sparse.count")


def test_too_few_inverse_bind_matrices() -> None:
    doc = embedded_json("rigged_figure")
    doc["accessors"][4]["count"] = 9
    _expect("LITE-GLTF-009", doc, "skins[0].inverseBindMatrices")


def test_joint_index_out_of_range() -> None:
    doc = embedded_json("two_skeletons")
    blob = buffer_bytes("two_skeletons")
    acc = doc["accessors"][doc["meshes"][1]["primitives"][0]["attributes"]["JOINTS_0"]]
    blob[doc["bufferViews"][acc["bufferView"]]["byteOffset"]] = 3
    _expect("LITE-GLTF-009", with_buffer(doc, blob), "meshes[1].primitives[0].attributes.JOINTS_0")


def test_mesh_weights_must_match_the_target_count() -> None:
    doc = embedded_json("morph_figure")
    doc["meshes"][0]["weights"] = [0.0, 0.0]
    _expect("LITE-GLTF-009", doc, "meshes[0].weights")


def test_primitives_must_share_a_target_count() -> None:
    doc = embedded_json("morph_figure")
    doc["meshes"][0]["primitives"][1]["targets"].pop()
    _expect("LITE-GLTF-009", doc, "meshes[0].primitives[1].targets")


def test_skin_without_mesh() -> None:
    doc = embedded_json("two_skeletons")
    del doc["nodes"][3]["mesh"]
    _expect("LITE-GLTF-009", doc, "nodes[3].skin")


@pytest.mark.parametrize(
    ("mutate", "json_path"),
    [
        (lambda d: d["nodes"][0].__setitem__("translation", "up"), "nodes[0].translation"),
        (lambda d: d["nodes"][0].__setitem__("rotation", [0, 0, 1]), "nodes[0].rotation"),
        (lambda d: d.__setitem__("nodes", {}), "nodes"),
        (lambda d: d["accessors"][0].__setitem__("count", 0), "accessors[0].count"),
        (
            lambda d: d["animations"][0]["channels"][0].__setitem__("target", 3),
            "animations[0].channels[0].target",
        ),
    ],
)
def test_wrong_property_types_name_the_property(mutate: Any, json_path: str) -> None:
    doc = embedded_json("two_skeletons")
    mutate(doc)
    with pytest.raises(GltfLoadError) as exc:
        _load_doc(doc)
    assert exc.value.code in ("LITE-GLTF-010", "LITE-GLTF-008")
    assert exc.value.input_name == json_path


# --- 5. Warnings: skipped content is never silent ---------------------------------------------


def test_unsupported_pointer_warns_and_skips_the_channel() -> None:
    doc = embedded_json("pointer_material")
    doc["animations"][0]["channels"][3]["target"]["extensions"]["KHR_animation_pointer"][
        "pointer"
    ] = "/nodes/0/extensions/KHR_node_visibility/visible"
    with pytest.warns(LiteWarning, match=r"^\[LITE-GLTF-W01\]"):
        asset = _load_doc(doc)
    assert len(asset.animation_data.clips[0].channels) == 7


def test_pointer_to_a_missing_texture_slot_warns() -> None:
    doc = embedded_json("pointer_material")
    doc["animations"][0]["channels"][3]["target"]["extensions"]["KHR_animation_pointer"][
        "pointer"
    ] = "/materials/0/normalTexture/extensions/KHR_texture_transform/offset"
    with pytest.warns(LiteWarning, match="LITE-GLTF-W01"):
        _load_doc(doc)


def test_pointer_index_out_of_range_is_an_error() -> None:
    doc = embedded_json("pointer_material")
    doc["animations"][0]["channels"][0]["target"]["extensions"]["KHR_animation_pointer"][
        "pointer"
    ] = "/materials/4/pbrMetallicRoughness/baseColorFactor"
    _expect(
        "LITE-GLTF-002",
        doc,
        "animations[0].channels[0].target.extensions.KHR_animation_pointer.pointer",
    )


def test_pointer_output_arity_must_match_the_property() -> None:
    doc = embedded_json("pointer_material")
    ptr = doc["animations"][0]["channels"][0]["target"]["extensions"]["KHR_animation_pointer"]
    ptr["pointer"] = "/materials/0/emissiveFactor"  # VEC4 output on a vec3 property
    _expect("LITE-GLTF-004", doc, "animations[0].samplers[0].output")


def test_channel_without_node_warns() -> None:
    doc = embedded_json("two_skeletons")
    del doc["animations"][0]["channels"][0]["target"]["node"]
    with pytest.warns(LiteWarning, match="LITE-GLTF-W02"):
        asset = _load_doc(doc)
    assert len(asset.animation_data.clips[0].channels) == 1


def test_weights_channel_on_a_node_without_morph_targets_warns() -> None:
    doc = embedded_json("two_skeletons")
    doc["animations"][0]["channels"][0]["target"]["path"] = "weights"
    with pytest.warns(LiteWarning, match="LITE-GLTF-W02"):
        _load_doc(doc)


def test_unknown_optional_extension_warns_once() -> None:
    doc = embedded_json("two_skeletons")
    doc["extensionsUsed"] = ["KHR_materials_unlit", "EXT_foo", "KHR_texture_transform"]
    with pytest.warns(LiteWarning, match="LITE-GLTF-W03") as record:
        _load_doc(doc)
    assert len(record) == 1
    assert "EXT_foo" in str(record[0].message)


# --- 6. KHR_animation_pointer resolution -----------------------------------------------------


def test_node_pointers_become_ordinary_node_channels() -> None:
    asset = load_gltf(FIXTURES / "pointer_material.glb")
    clip = asset.animation_data.clips[0]
    assert clip.channels[1].node_idx == 0
    assert clip.channels[1].path == 0
    assert clip.channels[2].path == PATH_ROTATION
    assert clip.channels[0].path == PATH_POINTER
    assert clip.channels[0].pointer == "/materials/0/pbrMetallicRoughness/baseColorFactor"
    assert asset.animation_data.pointers[clip.channels[0].pointer].arity == 4


def test_texture_transform_pointer_writes_the_slot() -> None:
    doc = embedded_json("pointer_material")
    doc["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"] = {"index": 0}
    ptr = doc["animations"][0]["channels"][4]["target"]["extensions"]["KHR_animation_pointer"]
    ptr["pointer"] = "/materials/0/pbrMetallicRoughness/baseColorTexture/extensions/"
    ptr["pointer"] += "KHR_texture_transform/scale"
    doc["accessors"][doc["animations"][0]["samplers"][4]["output"]]["type"] = "VEC2"
    doc["accessors"][doc["animations"][0]["samplers"][4]["output"]]["count"] = 4
    asset = _load_doc(doc)
    binding = asset.animation_data.pointers[ptr["pointer"]]
    assert binding.arity == 2
    binding.writer(np.array([2.0, 3.0], dtype=np.float32))
    tt = asset.materials[0].texture_transforms["pbrMetallicRoughness/baseColorTexture"]
    np.testing.assert_array_equal(tt.scale, [2.0, 3.0])


def test_material_camera_and_light_state_is_loaded() -> None:
    asset = load_gltf(FIXTURES / "pointer_material.glb")
    mat = asset.materials[0]
    np.testing.assert_allclose(mat.base_color_factor, [0.8, 0.2, 0.2, 1.0], rtol=1e-6)
    assert mat.roughness_factor == 0.75
    assert asset.cameras[0].yfov == pytest.approx(0.8)
    assert asset.lights[0].type == "spot"
    assert asset.lights[0].intensity == 5.0
    assert asset.nodes[1].light == 0
