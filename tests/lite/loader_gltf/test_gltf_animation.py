"""Samplers and channels: key times, output counts and types, skipped channels."""

from __future__ import annotations

import struct
from typing import Any

import numpy as np
import pytest

from lite.errors import LiteWarning
from lite.loader_gltf import load_gltf
from tests.lite._gltf_util import (
    FIXTURES,
    buffer_bytes,
    embedded_json,
    expect_error,
    expect_skipped,
    load_doc,
    with_buffer,
)


def test_clip_duration_is_the_last_key_time_of_any_sampler() -> None:
    asset = load_gltf(FIXTURES / "rigged_figure.glb")
    assert [c.duration for c in asset.animation_data.clips] == [1.0, 1.5, 2.0]
    assert all(c.frame_rate == 60.0 for c in asset.animation_data.clips)


def test_sampler_input_index_out_of_range_names_the_json_path() -> None:
    doc = embedded_json("rigged_figure")
    doc["animations"][2]["samplers"][0]["input"] = 999
    err = expect_error("LITE-GLTF-002", doc, "animations[2].samplers[0].input")
    assert "999" in err.message


def test_channel_sampler_out_of_range_is_skipped_and_reported() -> None:
    doc = embedded_json("rigged_figure")
    doc["animations"][0]["channels"][0]["sampler"] = 7
    _, seen = expect_skipped("LITE-GLTF-W06", doc, "sampler-missing")
    assert seen[0].detail["path"] == "animations[0].channels[0].sampler"


def test_channel_sampler_that_is_not_an_integer_is_still_an_error() -> None:
    doc = embedded_json("rigged_figure")
    doc["animations"][0]["channels"][0]["sampler"] = "7"
    expect_error("LITE-GLTF-002", doc, "animations[0].channels[0].sampler")


def test_channel_node_out_of_range_is_skipped_and_its_siblings_play() -> None:
    import lite

    doc = embedded_json("two_skeletons")
    doc["animations"][0]["channels"][0]["target"]["node"] = 8
    asset, seen = expect_skipped("LITE-GLTF-W04", doc, "target-missing")
    assert seen[0].detail["target"] == 8
    assert seen[0].detail["path"] == "animations[0].channels[0].target.node"
    # The clip's remaining channels play.
    clip = asset.animation_data.clips[0]
    kept = clip.channels[0]
    before = asset.pose.local[kept.node_idx].copy()
    manager = lite.create_animation_manager()
    lite.add_animation_groups(manager, asset.animation_groups)
    lite.update_animation_manager(manager, 250.0)
    assert not np.array_equal(before, asset.pose.local[kept.node_idx])


def test_channel_node_that_is_not_an_integer_is_still_an_error() -> None:
    doc = embedded_json("two_skeletons")
    doc["animations"][0]["channels"][0]["target"]["node"] = "8"
    expect_error("LITE-GLTF-010", doc, "animations[0].channels[0].target.node")


def _sampler_times(doc: dict[str, Any], blob: bytearray, anim: int, sampler: int) -> int:
    acc = doc["accessors"][doc["animations"][anim]["samplers"][sampler]["input"]]
    return int(doc["bufferViews"][acc["bufferView"]]["byteOffset"])


def test_decreasing_key_times_are_refused() -> None:
    doc = embedded_json("rigged_figure")
    blob = buffer_bytes("rigged_figure")
    off = _sampler_times(doc, blob, 2, 0)
    struct.pack_into("<f", blob, off + 8, 0.25)  # keys 0, 0.5, 0.25, 2
    err = expect_error("LITE-GLTF-004", with_buffer(doc, blob), "animations[2].samplers[0].input")
    assert "key 2" in err.message


def test_repeated_key_time_is_refused() -> None:
    doc = embedded_json("rigged_figure")
    blob = buffer_bytes("rigged_figure")
    off = _sampler_times(doc, blob, 2, 0)
    struct.pack_into("<f", blob, off + 4, 0.0)
    expect_error("LITE-GLTF-004", with_buffer(doc, blob), "animations[2].samplers[0].input")


def test_nan_key_time_is_refused() -> None:
    doc = embedded_json("rigged_figure")
    blob = buffer_bytes("rigged_figure")
    off = _sampler_times(doc, blob, 1, 0)
    struct.pack_into("<f", blob, off + 4, float("nan"))
    expect_error("LITE-GLTF-004", with_buffer(doc, blob), "animations[1].samplers[0].input")


def test_negative_key_time_is_refused() -> None:
    doc = embedded_json("rigged_figure")
    blob = buffer_bytes("rigged_figure")
    off = _sampler_times(doc, blob, 1, 0)
    struct.pack_into("<f", blob, off, -0.5)
    expect_error("LITE-GLTF-004", with_buffer(doc, blob), "animations[1].samplers[0].input")


def test_nan_output_value_is_refused() -> None:
    doc = embedded_json("rigged_figure")
    blob = buffer_bytes("rigged_figure")
    acc = doc["accessors"][doc["animations"][0]["samplers"][4]["output"]]
    struct.pack_into("<f", blob, doc["bufferViews"][acc["bufferView"]]["byteOffset"], float("inf"))
    expect_error("LITE-GLTF-004", with_buffer(doc, blob), "animations[0].samplers[4].output")


def test_output_count_not_matching_input_count_skips_the_channel() -> None:
    doc = embedded_json("rigged_figure")
    doc["accessors"][doc["animations"][0]["samplers"][4]["output"]]["count"] = 4
    users = [i for i, c in enumerate(doc["animations"][0]["channels"]) if c["sampler"] == 4]
    _, seen = expect_skipped("LITE-GLTF-W05", doc, "accessor-size", channel=users[0])
    assert seen[0].detail["path"] == "animations[0].samplers[4].output"


def test_cubicspline_output_needs_three_values_per_key() -> None:
    doc = embedded_json("rigged_figure")
    doc["animations"][0]["samplers"][4]["interpolation"] = "CUBICSPLINE"
    users = [i for i, c in enumerate(doc["animations"][0]["channels"]) if c["sampler"] == 4]
    _, seen = expect_skipped("LITE-GLTF-W05", doc, "accessor-size", channel=users[0])
    assert "CUBICSPLINE" in seen[0].message


def test_weights_output_needs_one_value_per_target_per_key() -> None:
    doc = embedded_json("morph_figure")
    doc["accessors"][doc["animations"][0]["samplers"][0]["output"]]["count"] = 25
    users = [i for i, c in enumerate(doc["animations"][0]["channels"]) if c["sampler"] == 0]
    expect_skipped("LITE-GLTF-W05", doc, "accessor-size", channel=users[0])


def test_unknown_interpolation_is_refused() -> None:
    doc = embedded_json("rigged_figure")
    doc["animations"][1]["samplers"][2]["interpolation"] = "BEZIER"
    expect_error("LITE-GLTF-004", doc, "animations[1].samplers[2].interpolation")


def test_rotation_from_a_vec3_accessor_is_skipped() -> None:
    doc = embedded_json("rigged_figure")
    doc["animations"][0]["channels"][4]["target"]["path"] = "rotation"
    _, seen = expect_skipped("LITE-GLTF-W05", doc, "accessor-size", channel=4)
    assert "VEC4" in seen[0].message


def test_integer_key_times_are_refused() -> None:
    doc = embedded_json("rigged_figure")
    doc["accessors"][doc["animations"][0]["samplers"][0]["input"]]["componentType"] = 5125
    expect_error("LITE-GLTF-004", doc, "animations[0].samplers[0].input")


def test_channel_without_node_warns() -> None:
    doc = embedded_json("two_skeletons")
    del doc["animations"][0]["channels"][0]["target"]["node"]
    with pytest.warns(LiteWarning, match="LITE-GLTF-W02"):
        asset = load_doc(doc)
    assert len(asset.animation_data.clips[0].channels) == 1


def test_weights_channel_on_a_node_without_morph_targets_warns() -> None:
    doc = embedded_json("two_skeletons")
    doc["animations"][0]["channels"][0]["target"]["path"] = "weights"
    with pytest.warns(LiteWarning, match="LITE-GLTF-W02"):
        load_doc(doc)
