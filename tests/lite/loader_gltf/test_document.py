"""read_gltf_document: one validated read (one JSON parse, each accessor decoded once), the
document's contents equal what load_gltf builds on it, and warnings carry their code."""

from __future__ import annotations

import json
import warnings
from typing import Any

import numpy as np
import pytest

import lite
from lite.errors import GltfLoadError, LiteWarning
from lite.loader_gltf import GltfDocument, load_gltf, read_gltf_document
from lite.loader_gltf.accessors import AccessorLayout, AccessorReader
from tests.lite._gltf_util import ASSETS, FIXTURES, embedded_json, to_bytes

_UNSUPPORTED = "/nodes/0/extensions/KHR_node_visibility/visible"


def _with_unsupported_pointer() -> dict[str, Any]:
    doc = embedded_json("pointer_material")
    target = doc["animations"][0]["channels"][3]["target"]
    target["extensions"]["KHR_animation_pointer"]["pointer"] = _UNSUPPORTED
    return doc


def test_read_gltf_document_is_exported_from_lite() -> None:
    assert lite.read_gltf_document is read_gltf_document
    assert lite.GltfDocument is GltfDocument


@pytest.mark.parametrize("form", [".glb", ".gltf", "_embedded.gltf"])
def test_the_json_is_parsed_exactly_once(monkeypatch: pytest.MonkeyPatch, form: str) -> None:
    calls: list[int] = []
    real = json.loads

    def counting(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(json, "loads", counting)
    doc = read_gltf_document(FIXTURES / f"rigged_figure{form}")
    assert len(calls) == 1
    load_gltf(FIXTURES / f"rigged_figure{form}")
    assert len(calls) == 2  # load_gltf reads the document once too
    assert doc.json["asset"]["version"] == "2.0"


def test_the_json_is_the_file_as_parsed() -> None:
    path = FIXTURES / "pointer_material.gltf"
    doc = read_gltf_document(path)
    assert doc.json == json.loads(path.read_text("utf-8"))
    assert doc.source == str(path)


@pytest.mark.parametrize("name", ASSETS)
def test_each_accessor_is_decoded_once(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    seen: list[tuple[int, int, int, int]] = []
    real = AccessorReader._read_block

    def recording(
        self: AccessorReader,
        acc: AccessorLayout,
        view_idx: int,
        offset: int,
        count: int,
        stride: int,
    ) -> Any:
        seen.append((id(self), id(acc), view_idx, offset))
        return real(self, acc, view_idx, offset, count, stride)

    monkeypatch.setattr(AccessorReader, "_read_block", recording)
    asset = load_gltf(FIXTURES / f"{name}.glb")
    assert seen
    assert len(seen) == len(set(seen)), "an accessor block was decoded twice"
    before = len(seen)
    doc = read_gltf_document(FIXTURES / f"{name}.glb")
    decoded = doc.accessors.decoded_count
    for i in range(len(doc.accessors)):
        first = doc.accessors.raw(i)
        assert doc.accessors.raw(i) is first  # cached
        assert not first.flags.writeable
        np.testing.assert_array_equal(doc.read_accessor(i), asset.read_accessor(i))
    assert doc.accessors.decoded_count == len(doc.accessors) >= decoded
    again = len(seen)
    for i in range(len(doc.accessors)):
        doc.read_accessor(i)
    assert len(seen) == again > before  # read_accessor reuses the cached decode


def test_read_accessor_returns_a_new_float32_array_each_time() -> None:
    doc = read_gltf_document(FIXTURES / "rigged_figure.glb")
    a = doc.read_accessor(0)
    b = doc.read_accessor(0)
    assert a.dtype == np.float32
    assert a is not b
    a[0, 0] = 99.0
    assert b[0, 0] != 99.0


def test_read_accessor_out_of_range_is_a_typed_error() -> None:
    doc = read_gltf_document(FIXTURES / "rigged_figure.glb")
    with pytest.raises(GltfLoadError) as exc:
        doc.read_accessor(len(doc.accessors))
    assert exc.value.code == "LITE-GLTF-002"


@pytest.mark.parametrize("name", ASSETS)
def test_document_contents_equal_what_load_gltf_builds(name: str) -> None:
    path = FIXTURES / f"{name}.glb"
    doc = read_gltf_document(path)
    asset = load_gltf(path)
    assert doc.source == asset.source
    assert len(doc.nodes) == len(asset.nodes)
    for info, node in zip(doc.nodes, asset.nodes, strict=True):
        assert (info.name, info.parent, info.children) == (node.name, node.parent, node.children)
        assert (info.mesh, info.skin, info.camera, info.light) == (
            node.mesh,
            node.skin,
            node.camera,
            node.light,
        )
        assert info.rest == node.rest
    assert doc.meshes == asset.meshes
    for s1, s2 in zip(doc.skins, asset.skins, strict=True):
        assert (s1.index, s1.name, s1.joints, s1.skeleton) == (
            s2.index,
            s2.name,
            s2.joints,
            s2.skeleton,
        )
        np.testing.assert_array_equal(s1.inverse_bind_matrices, s2.inverse_bind_matrices)
    assert [repr(m) for m in doc.materials] == [repr(m) for m in asset.materials]
    assert [repr(c) for c in doc.cameras] == [repr(c) for c in asset.cameras]
    assert [repr(li) for li in doc.lights] == [repr(li) for li in asset.lights]
    assert len(doc.animations) == len(asset.animation_data.clips)
    for c1, c2 in zip(doc.animations, asset.animation_data.clips, strict=True):
        assert (c1.name, c1.duration, c1.frame_rate, c1.channels) == (
            c2.name,
            c2.duration,
            c2.frame_rate,
            c2.channels,
        )
        for a, b in zip(c1.samplers, c2.samplers, strict=True):
            np.testing.assert_array_equal(a.input, b.input)
            np.testing.assert_array_equal(a.output, b.output)
            assert a.interpolation == b.interpolation
    assert list(doc.pointer_targets) == list(asset.animation_data.pointers)
    for pointer, target in doc.pointer_targets.items():
        assert target.arity == asset.animation_data.pointers[pointer].arity
    assert doc.morph_nodes == tuple(m.node_idx for m in asset.morph_targets)
    assert doc.scene_roots == asset.scene_roots
    assert doc.warnings == ()


def test_errors_are_those_of_load_gltf() -> None:
    doc = embedded_json("two_skeletons")
    doc["nodes"][0]["children"] = [0]
    with pytest.raises(GltfLoadError) as from_doc:
        read_gltf_document(to_bytes(doc))
    with pytest.raises(GltfLoadError) as from_load:
        load_gltf(to_bytes(doc))
    assert from_doc.value.code == from_load.value.code == "LITE-GLTF-005"
    assert from_doc.value.input_name == from_load.value.input_name
    assert str(from_doc.value) == str(from_load.value)


def test_warnings_are_recorded_with_their_code_and_emitted() -> None:
    with pytest.warns(LiteWarning) as record:
        doc = read_gltf_document(to_bytes(_with_unsupported_pointer()))
    assert [w.code for w in doc.warnings] == ["LITE-GLTF-W01"]
    assert [w.message.code for w in record] == ["LITE-GLTF-W01"]  # type: ignore[union-attr]
    assert record[0].message is doc.warnings[0]
    assert str(doc.warnings[0]).startswith("[LITE-GLTF-W01] <bytes>: animations[0]")
    assert len(doc.animations[0].channels) == 7


def test_emit_warnings_false_records_without_emitting() -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        doc = read_gltf_document(to_bytes(_with_unsupported_pointer()), emit_warnings=False)
    assert caught == []
    assert [w.code for w in doc.warnings] == ["LITE-GLTF-W01"]


def test_warnings_of_several_stages_keep_their_order() -> None:
    doc_json = _with_unsupported_pointer()
    doc_json["extensionsUsed"] = ["EXT_foo"]
    doc = read_gltf_document(to_bytes(doc_json), emit_warnings=False)
    assert [w.code for w in doc.warnings] == ["LITE-GLTF-W03", "LITE-GLTF-W01"]


def test_load_gltf_binds_the_documents_materials() -> None:
    # Pointer writers write the very material objects the document parsed.
    path = FIXTURES / "pointer_material.glb"
    asset = load_gltf(path)
    binding = asset.animation_data.pointers["/materials/0/pbrMetallicRoughness/baseColorFactor"]
    binding.writer(np.array([0.1, 0.2, 0.3, 0.4], dtype=np.float32))
    np.testing.assert_allclose(asset.materials[0].base_color_factor, [0.1, 0.2, 0.3, 0.4])
