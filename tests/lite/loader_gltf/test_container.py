"""The container stage: JSON and GLB parsing, buffers, uris (refusal and resolution), extensions."""

from __future__ import annotations

import json
import struct
from pathlib import Path
from typing import Any

import pytest

import lite.loader_gltf.container as container
from lite.errors import GltfLoadError, LiteWarning
from lite.loader_gltf import load_gltf
from tests.lite._gltf_util import (
    FIXTURES,
    buffer_bytes,
    embedded_json,
    expect_error,
    glb,
    load_doc,
)


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
    expect_error("LITE-GLTF-001", doc, "asset.version")


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


def test_buffer_shorter_than_its_byte_length() -> None:
    doc = embedded_json("rigged_figure")
    doc["buffers"][0]["byteLength"] += 4
    expect_error("LITE-GLTF-003", doc, "buffers[0]")


def test_truncated_external_bin_is_refused(tmp_path: Path) -> None:
    doc = json.loads((FIXTURES / "two_skeletons.gltf").read_text())
    (tmp_path / "two_skeletons.bin").write_bytes(buffer_bytes("two_skeletons")[:-16])
    (tmp_path / "a.gltf").write_text(json.dumps(doc))
    with pytest.raises(GltfLoadError) as exc:
        load_gltf(tmp_path / "a.gltf")
    assert exc.value.code == "LITE-GLTF-003"
    assert "a.gltf" in str(exc.value)


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
    monkeypatch.setattr(container, "MAX_DATA_URI_BYTES", 1024)
    err = expect_error("LITE-GLTF-006", embedded_json("two_skeletons"), "buffers[0].uri")
    assert "1024" in err.message


def test_non_base64_data_uri_is_refused() -> None:
    doc = embedded_json("two_skeletons")
    doc["buffers"][0]["uri"] = "data:application/octet-stream,rawbytes"
    expect_error("LITE-GLTF-006", doc, "buffers[0].uri")


def test_unsupported_required_extension_is_refused() -> None:
    doc = embedded_json("two_skeletons")
    doc["extensionsUsed"] = ["KHR_draco_mesh_compression"]
    doc["extensionsRequired"] = ["KHR_draco_mesh_compression"]
    expect_error("LITE-GLTF-007", doc, "extensionsRequired[0]")


def test_unknown_optional_extension_warns_once() -> None:
    doc = embedded_json("two_skeletons")
    doc["extensionsUsed"] = ["KHR_materials_unlit", "EXT_foo", "KHR_texture_transform"]
    with pytest.warns(LiteWarning, match="LITE-GLTF-W03") as record:
        load_doc(doc)
    assert len(record) == 1
    assert "EXT_foo" in str(record[0].message)
