"""Stable target ids: byte-compatible with @forgeax/engine-animation, one per glTF node."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

import lite
from lite.animation.animation_group import tick_animation
from lite.animation.animation_group_mask import AnimationGroupMaskMode, create_animation_group_mask
from lite.animation.target_id import node_target_ids
from lite.errors import LiteError
from tests.lite._gltf_util import FIXTURES

# forgeax-engine packages/animation/src/__tests__/animation-target-id.unit.test.ts (VECTORS).
VECTORS = [
    (["Root", "Hip"], "a95da0ec669189f98273e8f86d8ad9f2"),
    (["ab"], "f9435481ae45880387567b7a1b26b41c"),
    (["a", "b"], "2a4725924b1c84a5adf2f7933aa10c63"),
    (["Root", "A/B"], "72262f23f7148acaaf24c50e22924ca7"),
    (["\u6839", "\u9aa8"], "06749e3fb5a88f3a8945fb13c1d7a6b1"),
]


@pytest.mark.parametrize(("path", "expected"), VECTORS)
def test_derived_ids_equal_forgeax_test_vectors(path: list[str], expected: str) -> None:
    actual = lite.derive_target_id(path)
    assert actual == expected
    assert actual[12] == "8"  # UUID v8
    assert int(actual[16], 16) & 0xC == 0x8  # RFC 4122 variant


def test_segment_slash_and_utf8_boundaries_are_preserved() -> None:
    assert lite.derive_target_id(["ab"]) != lite.derive_target_id(["a", "b"])
    assert lite.derive_target_id(["Root", "A/B"]) != lite.derive_target_id(["Root", "A", "B"])
    assert lite.derive_target_id(("Root", "Hip")) == VECTORS[0][1]  # any sequence


def test_lone_surrogates_encode_as_textencoder_does() -> None:
    # TextEncoder writes U+FFFD for a lone surrogate; a surrogate pair is one code point.
    assert lite.derive_target_id(["\ud800"]) == lite.derive_target_id(["\ufffd"])
    pair = "\ud83d\ude00".encode("utf-16-le", "surrogatepass").decode("utf-16-le")
    assert lite.derive_target_id(["\ud83d\ude00"]) == lite.derive_target_id([pair])


@pytest.mark.parametrize(
    "wire",
    [
        "",
        "a" * 31,
        "a" * 33,
        "A95da0ec669159f98273e8f86d8ad9f",
        "g95da0ec669159f98273e8f86d8ad9f",
        "A95DA0EC669189F98273E8F86D8AD9F2",
        VECTORS[0][1] + "\n",
        None,
        12,
    ],
)
def test_invalid_wires_are_rejected(wire: object) -> None:
    assert lite.is_target_id(wire) is False


def test_a_32_character_lowercase_hex_wire_is_accepted() -> None:
    assert lite.is_target_id(VECTORS[0][1]) is True


@pytest.mark.parametrize("bad", ["Root", b"Root", 3, ["Root", 4]])
def test_bad_segments_are_refused_with_a_code(bad: object) -> None:
    with pytest.raises(LiteError) as exc:
        lite.derive_target_id(bad)  # type: ignore[arg-type]
    assert exc.value.code == "LITE-ID-001"
    assert exc.value.hint


def test_asset_ids_follow_the_name_lineage_from_the_asset_root() -> None:
    asset = lite.load_gltf(FIXTURES / "rigged_figure.glb")
    assert len(asset.target_ids) == len(asset.nodes)
    for node in asset.nodes:
        names: list[str] = []
        i = node.index
        while i >= 0:
            names.append(asset.nodes[i].name or "")
            i = asset.nodes[i].parent
        expected = lite.derive_target_id(names[::-1]) if all(names) else None
        assert asset.target_ids[node.index] == expected
        if expected is not None:
            assert lite.find_node_by_target_id(asset, expected) == node.index


def test_every_instance_shares_the_ids() -> None:
    asset = lite.load_gltf(FIXTURES / "rigged_figure.glb")
    twin = lite.instantiate(asset)
    assert twin.target_ids == asset.target_ids
    assert lite.find_node_by_target_id(twin, asset.target_ids[3] or "") == 3


def test_unnamed_nodes_and_their_descendants_have_no_id() -> None:
    # forgeax's importer derives no id when a name in the lineage is missing or empty.
    ids = node_target_ids(["Root", None, "Leaf", "", "Other"], [-1, 0, 1, 0, 3])
    assert ids[0] == lite.derive_target_id(["Root"])
    assert ids[1] is None and ids[2] is None and ids[3] is None and ids[4] is None


def test_unknown_invalid_or_ambiguous_ids_are_refused() -> None:
    asset = lite.load_gltf(FIXTURES / "rigged_figure.glb")
    with pytest.raises(LiteError) as exc:
        lite.find_node_by_target_id(asset, VECTORS[1][1])
    assert exc.value.code == "LITE-ID-003" and exc.value.hint
    with pytest.raises(LiteError) as exc:
        lite.find_node_by_target_id(asset, "Hips")
    assert exc.value.code == "LITE-ID-002"
    with pytest.raises(LiteError) as exc:
        lite.find_node_by_target_id(object(), VECTORS[1][1])
    assert exc.value.code == "LITE-ID-005"
    twins = node_target_ids(["Root", "Bone", "Bone"], [-1, 0, 0])
    data = dataclasses.replace(
        asset.animation_data,
        nodes=(lite.NodeRest(), lite.NodeRest(parent_idx=0), lite.NodeRest(parent_idx=0)),
        node_names=("Root", "Bone", "Bone"),
    )
    assert data.target_ids == twins
    with pytest.raises(LiteError) as exc:
        lite.find_node_by_target_id(data, twins[1] or "")
    assert exc.value.code == "LITE-ID-004"


def test_masks_accept_target_ids_where_they_accept_names() -> None:
    by_name = lite.load_gltf(FIXTURES / "rigged_figure.glb")
    by_id = lite.load_gltf(FIXTURES / "rigged_figure.glb")
    names = ["LeftUpLeg", "Hips"]
    ids = [by_id.target_ids[by_id.find_node(n).index] for n in names]  # type: ignore[union-attr]
    for mode in (AnimationGroupMaskMode.EXCLUDE, AnimationGroupMaskMode.INCLUDE):
        by_name.animation_groups[0].mask = create_animation_group_mask(names, mode)
        by_id.animation_groups[0].mask = create_animation_group_mask(ids, mode)  # type: ignore[arg-type]
        tick_animation(by_name.animation_groups[0], 125.0)
        tick_animation(by_id.animation_groups[0], 125.0)
        np.testing.assert_array_equal(by_id.pose.local, by_name.pose.local)


def test_retarget_joint_maps_accept_target_ids() -> None:
    source = lite.load_gltf(FIXTURES / "rigged_figure.glb")
    target = lite.load_gltf(FIXTURES / "rigged_figure.glb")
    clip = source.animation_data.clips[0]
    hips = source.find_node("Hips")
    assert hips is not None
    tid = source.target_ids[hips.index] or ""
    plain = lite.retarget_clip(clip, source, target)
    mapped = lite.retarget_clip(clip, source, target, {tid: tid})
    assert plain.channels == mapped.channels
    with pytest.raises(LiteError) as exc:
        lite.retarget_clip(clip, source, target, {VECTORS[1][1]: "Hips"})
    assert exc.value.code == "LITE-MOTION-031"
