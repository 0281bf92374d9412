"""Helpers for the glTF tests: fixture paths, JSON copies to mutate, GLB packing, raw reads."""

from __future__ import annotations

import base64
import copy
import json
import struct
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from lite.errors import GltfLoadError
from lite.loader_gltf import GltfAsset, load_gltf

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
ASSETS = ("rigged_figure", "morph_figure", "pointer_material", "two_skeletons")


@cache
def _embedded(name: str) -> dict[str, Any]:
    doc: dict[str, Any] = json.loads((FIXTURES / f"{name}_embedded.gltf").read_text("utf-8"))
    return doc


def embedded_json(name: str) -> dict[str, Any]:
    """A fresh, mutable copy of the self-contained (data: URI) glTF JSON of a fixture."""
    return copy.deepcopy(_embedded(name))


def buffer_bytes(name: str) -> bytearray:
    """A fresh copy of a fixture's binary buffer."""
    return bytearray((FIXTURES / f"{name}.bin").read_bytes())


def with_buffer(doc: dict[str, Any], blob: bytes | bytearray) -> dict[str, Any]:
    """Put ``blob`` into ``doc``'s buffer 0 as a data: URI (byteLength unchanged)."""
    doc["buffers"][0]["uri"] = "data:application/octet-stream;base64," + base64.b64encode(
        bytes(blob)
    ).decode("ascii")
    return doc


def to_bytes(doc: dict[str, Any]) -> bytes:
    """Serialise a glTF JSON document."""
    return json.dumps(doc).encode("utf-8")


def glb(doc: dict[str, Any], blob: bytes | bytearray) -> bytes:
    """Pack ``doc`` (buffer 0 without uri) and ``blob`` into a GLB container."""
    doc = copy.deepcopy(doc)
    doc["buffers"][0].pop("uri", None)
    text = json.dumps(doc).encode("utf-8")
    text += b" " * (-len(text) % 4)
    data = bytes(blob) + b"\0" * (-len(blob) % 4)
    total = 12 + 8 + len(text) + 8 + len(data)
    return (
        struct.pack("<4sII", b"glTF", 2, total)
        + struct.pack("<I4s", len(text), b"JSON")
        + text
        + struct.pack("<I4s", len(data), b"BIN\0")
        + data
    )


def raw_accessor(name: str, index: int) -> np.ndarray[Any, Any]:
    """Independent read of a tightly packed, non-sparse fixture accessor (no normalization)."""
    doc = _embedded(name)
    acc = doc["accessors"][index]
    view = doc["bufferViews"][acc["bufferView"]]
    assert view.get("byteStride") is None
    comps = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT4": 16}[acc["type"]]
    dtype = {5126: "<f4", 5122: "<i2", 5121: "u1", 5123: "<u2"}[acc["componentType"]]
    blob = (FIXTURES / f"{name}.bin").read_bytes()
    start = view.get("byteOffset", 0) + acc.get("byteOffset", 0)
    arr = np.frombuffer(blob, dtype=dtype, count=acc["count"] * comps, offset=start)
    return arr.reshape(acc["count"], comps)


def load_doc(doc: dict[str, Any]) -> GltfAsset:
    """``load_gltf`` of a glTF JSON document given as a dict (bytes, no folder)."""
    return load_gltf(to_bytes(doc))


def expect_error(code: str, doc: dict[str, Any], json_path: str | None = None) -> GltfLoadError:
    """Loading ``doc`` raises ``GltfLoadError`` ``code`` at ``json_path``, with a hint."""
    with pytest.raises(GltfLoadError) as exc:
        load_doc(doc)
    assert exc.value.code == code, str(exc.value)
    if json_path is not None:
        assert exc.value.input_name == json_path, str(exc.value)
    assert exc.value.hint
    assert "<bytes>" in str(exc.value)
    return exc.value


def expect_skipped(
    code: str, doc: dict[str, Any], reason: str, anim: int = 0, channel: int | None = 0
) -> tuple[GltfAsset, list[Any]]:
    """Loading ``doc`` skips one channel of animation ``anim``: one ``code`` warning, one
    structured diagnostic (``reason``, ``channel``) and the animation's other channels kept."""
    import lite

    seen: list[Any] = []
    unsubscribe = lite.subscribe_animation_diagnostics(seen.append)
    try:
        with pytest.warns(lite.LiteWarning) as record:
            asset = load_doc(doc)
    finally:
        unsubscribe()
    codes = [w.message.code for w in record if isinstance(w.message, lite.LiteWarning)]
    assert codes.count(code) == 1, codes
    facts = [d for d in seen if d.code == code]
    assert len(facts) == 1, seen
    fact = facts[0]
    assert fact.hint
    assert fact.detail["reason"] == reason
    assert fact.detail["clip"] == anim
    assert fact.detail["channel"] == channel
    assert fact.detail["asset"] == "<bytes>"
    if channel is not None:
        assert (
            len(asset.animation_data.clips[anim].channels)
            == len(doc["animations"][anim]["channels"]) - 1
        )
    return asset, seen
