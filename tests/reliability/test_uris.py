"""External buffer uris: what loads, what is refused and why, and the explicit resolver."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import lite
from lite.errors import GltfLoadError

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


def _gltf_with_uri(tmp_path: Path, uri: str) -> Path:
    doc = json.loads((FIXTURES / "rigged_figure.gltf").read_text(encoding="utf-8"))
    doc["buffers"][0]["uri"] = uri
    out = tmp_path / "asset" / "figure.gltf"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(doc), encoding="utf-8")
    return out


def _bin() -> bytes:
    doc = json.loads((FIXTURES / "rigged_figure.gltf").read_text(encoding="utf-8"))
    return (FIXTURES / doc["buffers"][0]["uri"]).read_bytes()


@pytest.mark.parametrize(
    "uri",
    [
        "https://example.com/figure.bin",
        "http://127.0.0.1/figure.bin",
        "file:///etc/passwd",
        "ftp://host/x.bin",
        "/etc/passwd",
        "../outside.bin",
        "sub/../../outside.bin",
        "%2E%2E/outside.bin",
    ],
)
def test_uris_leaving_the_folder_or_using_schemes_are_refused(tmp_path: Path, uri: str) -> None:
    (tmp_path / "outside.bin").write_bytes(_bin())
    path = _gltf_with_uri(tmp_path, uri)
    with pytest.raises(GltfLoadError) as exc:
        lite.load_gltf(path)
    assert exc.value.code == "LITE-GLTF-006"
    assert exc.value.input_name == "buffers[0].uri"
    assert exc.value.hint


@pytest.mark.skipif(not hasattr(os, "symlink"), reason="needs symlinks")
def test_a_symlink_pointing_out_of_the_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "outside.bin").write_bytes(_bin())
    path = _gltf_with_uri(tmp_path, "link.bin")
    os.symlink(tmp_path / "outside.bin", path.parent / "link.bin")
    with pytest.raises(GltfLoadError) as exc:
        lite.load_gltf(path)
    assert exc.value.code == "LITE-GLTF-006"


def test_a_relative_uri_inside_the_folder_loads(tmp_path: Path) -> None:
    path = _gltf_with_uri(tmp_path, "data/figure.bin")
    (path.parent / "data").mkdir()
    (path.parent / "data" / "figure.bin").write_bytes(_bin())
    asset = lite.load_gltf(path)
    assert len(asset.animation_groups) > 0


def test_an_explicit_resolver_is_the_only_way_to_fetch_other_uris(tmp_path: Path) -> None:
    seen: list[str] = []

    def resolver(uri: str) -> bytes:
        seen.append(uri)
        return _bin()

    path = _gltf_with_uri(tmp_path, "https://example.com/figure.bin")
    asset = lite.load_gltf(path, resolver=resolver)
    assert seen == ["https://example.com/figure.bin"]
    reference = lite.load_gltf(FIXTURES / "rigged_figure.gltf")
    assert [n.name for n in asset.nodes] == [n.name for n in reference.nodes]


@pytest.mark.parametrize(
    ("resolver", "code"),
    [
        (lambda uri: (_ for _ in ()).throw(OSError("offline")), "LITE-GLTF-001"),
        (lambda uri: "not bytes", "LITE-GLTF-001"),
        (lambda uri: b"\0" * 4, "LITE-GLTF-003"),
    ],
)
def test_a_failing_resolver_gives_a_typed_error(
    tmp_path: Path, resolver: object, code: str
) -> None:
    path = _gltf_with_uri(tmp_path, "https://example.com/figure.bin")
    with pytest.raises(GltfLoadError) as exc:
        lite.load_gltf(path, resolver=resolver)  # type: ignore[arg-type]
    assert exc.value.code == code


def test_resolver_must_be_callable() -> None:
    with pytest.raises(GltfLoadError) as exc:
        lite.load_gltf(FIXTURES / "rigged_figure.glb", resolver="http")  # type: ignore[arg-type]
    assert exc.value.code == "LITE-GLTF-001"
    assert exc.value.input_name == "resolver"


def test_oversized_data_uris_are_refused() -> None:
    from lite.loader_gltf import MAX_DATA_URI_BYTES

    doc = json.loads((FIXTURES / "rigged_figure.gltf").read_text(encoding="utf-8"))
    doc["buffers"][0]["uri"] = "data:application/octet-stream;base64," + "A" * (
        MAX_DATA_URI_BYTES * 4 // 3 + 8
    )
    with pytest.raises(GltfLoadError) as exc:
        lite.load_gltf(json.dumps(doc).encode())
    assert exc.value.code == "LITE-GLTF-006"
