"""KHR_animation_pointer: node pointers as node channels, material/texture/camera/light
targets and their writers, unsupported pointers skipped with W01.
"""

from __future__ import annotations

import numpy as np
import pytest

from lite.errors import LiteWarning
from lite.loader_gltf import load_gltf
from lite.skeleton.animation_controller import PATH_POINTER, PATH_ROTATION
from tests.lite._gltf_util import (
    FIXTURES,
    embedded_json,
    expect_skipped,
    load_doc,
)


def test_unsupported_pointer_warns_and_skips_the_channel() -> None:
    doc = embedded_json("pointer_material")
    doc["animations"][0]["channels"][3]["target"]["extensions"]["KHR_animation_pointer"][
        "pointer"
    ] = "/nodes/0/extensions/KHR_node_visibility/visible"
    with pytest.warns(LiteWarning, match=r"^\[LITE-GLTF-W01\]"):
        asset = load_doc(doc)
    assert len(asset.animation_data.clips[0].channels) == 7


def test_pointer_to_a_missing_texture_slot_warns() -> None:
    doc = embedded_json("pointer_material")
    doc["animations"][0]["channels"][3]["target"]["extensions"]["KHR_animation_pointer"][
        "pointer"
    ] = "/materials/0/normalTexture/extensions/KHR_texture_transform/offset"
    with pytest.warns(LiteWarning, match="LITE-GLTF-W01"):
        load_doc(doc)


@pytest.mark.parametrize(
    "pointer",
    [
        "/materials/4/pbrMetallicRoughness/baseColorFactor",
        "/nodes/99/translation",
        "/cameras/7/perspective/yfov",
        "/extensions/KHR_lights_punctual/lights/9/intensity",
    ],
)
def test_pointer_that_resolves_to_nothing_is_skipped_and_reported(pointer: str) -> None:
    doc = embedded_json("pointer_material")
    doc["animations"][0]["channels"][0]["target"]["extensions"]["KHR_animation_pointer"][
        "pointer"
    ] = pointer
    _, seen = expect_skipped("LITE-GLTF-W04", doc, "target-missing")
    assert seen[0].detail["target"] == pointer
    assert seen[0].detail["path"] == (
        "animations[0].channels[0].target.extensions.KHR_animation_pointer.pointer"
    )


def test_pointer_output_arity_must_match_the_property() -> None:
    doc = embedded_json("pointer_material")
    ptr = doc["animations"][0]["channels"][0]["target"]["extensions"]["KHR_animation_pointer"]
    ptr["pointer"] = "/materials/0/emissiveFactor"  # VEC4 output on a vec3 property
    _, seen = expect_skipped("LITE-GLTF-W05", doc, "accessor-size")
    assert seen[0].detail["path"] == "animations[0].samplers[0].output"


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
    asset = load_doc(doc)
    binding = asset.animation_data.pointers[ptr["pointer"]]
    assert binding.arity == 2
    binding.writer(np.array([2.0, 3.0], dtype=np.float32))
    tt = asset.materials[0].texture_transforms["pbrMetallicRoughness/baseColorTexture"]
    np.testing.assert_array_equal(tt.scale, [2.0, 3.0])


@pytest.mark.parametrize(
    "pointer",
    [
        "/nodes/\u0661/rotation",  # Arabic-Indic digit one
        "/nodes/\uff10/rotation",  # fullwidth digit zero
        "/nodes/00/rotation",  # leading zero
        "/nodes/0/rotation\n",  # trailing newline
        "/materials/\u0660/pbrMetallicRoughness/baseColorFactor",
        "/materials/00/pbrMetallicRoughness/baseColorFactor",
    ],
)
def test_pointer_index_must_be_a_canonical_ascii_integer(pointer: str) -> None:
    doc = embedded_json("pointer_material")
    ptr = doc["animations"][0]["channels"][2]["target"]["extensions"]["KHR_animation_pointer"]
    ptr["pointer"] = pointer
    with pytest.warns(LiteWarning) as caught:
        asset = load_doc(doc)
    codes = [getattr(w.message, "code", None) for w in caught]
    assert codes == ["LITE-GLTF-W01"]
    assert len(asset.animation_data.clips[0].channels) == 7
    assert all(c.pointer != pointer for c in asset.animation_data.clips[0].channels)
