"""Structure-aware mutations of glTF assets for the loader fuzz tests.

An input is a fixture (``tests/fixtures``) in one of three containers: self-contained glTF
JSON (``data:`` URI buffers), GLB, or glTF JSON with an external ``.bin`` resolved against
the fixtures folder. A mutation is drawn with hypothesis and applied to the parsed JSON (set a
value to an interesting one, tweak a number, delete, duplicate, swap, graft a subtree from
elsewhere in the document, nest deeply, change a uri), to the binary buffer (bytes, float32
NaN/inf/huge values, reversed key times), or to the GLB container (lengths, version, chunk
types, truncation). Paths are drawn step by step, so hypothesis shrinks them well.
"""

from __future__ import annotations

import base64
import copy
import json
import struct
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
ASSETS = ("rigged_figure", "morph_figure", "pointer_material", "two_skeletons")
CONTAINERS = ("embedded", "glb", "external")

INTERESTING: tuple[Any, ...] = (
    -1, 0, 1, 2, 3, 4, 7, 16, 255, 256, 65535, 2**31 - 1, 2**31, 2**32, 2**53 + 1, 10**30,
    -(10**30), 10**400, 0.5, -0.0, 1e-320, 1e308, -1e308, 1e39, 3.4028235e38,
    "", "x", "SCALAR", "VEC2", "VEC3", "VEC4", "MAT4", "LINEAR", "STEP", "CUBICSPLINE",
    "translation", "rotation", "scale", "weights", "pointer", "KHR_animation_pointer",
    "/nodes/0/rotation", "/materials/0/pbrMetallicRoughness/baseColorFactor", "/nodes/99/scale",
    None, True, False, [], {}, [0], [0, 0, 0], [0, 0, 0, 1], [1e39, 0, 0], [[1]], {"a": 1},
    5120, 5121, 5122, 5123, 5125, 5126, 5127, 34962, 34963,
)  # fmt: skip

URIS: tuple[str, ...] = (
    "../x.bin", "../../etc/passwd", "/etc/passwd", "file:///etc/passwd", "http://example.com/a.bin",
    "data:application/octet-stream;base64,@@@@", "data:,abc", "data:application/octet-stream;base64,",
    "%2e%2e/x.bin", "C:\\x.bin", "missing.bin", "rigged_figure.bin", "two_skeletons.bin",
    "a" * 5000, "\x00", "generate.py",
)  # fmt: skip

FLOAT_BYTES: tuple[bytes, ...] = tuple(
    struct.pack("<f", v)
    for v in (float("nan"), float("inf"), -float("inf"), 3.4e38, -1.0, 0.0, 1e-45, 1e30)
)


@dataclass
class Source:
    doc: dict[str, Any]
    blob: bytes
    container: str
    deep: int = 0  # replace the marker string with this many nested lists


def load_source(asset: str, container: str) -> Source:
    blob = (FIXTURES / f"{asset}.bin").read_bytes()
    if container == "external":
        doc = json.loads((FIXTURES / f"{asset}.gltf").read_text("utf-8"))
    else:
        doc = json.loads((FIXTURES / f"{asset}_embedded.gltf").read_text("utf-8"))
    return Source(doc, blob, container)


def encode(src: Source) -> bytes:
    """The mutated input as bytes (GLB or glTF JSON)."""
    doc = src.doc
    if src.container == "embedded" and isinstance(doc.get("buffers"), list) and doc["buffers"]:
        b0 = doc["buffers"][0]
        if (
            isinstance(b0, dict)
            and isinstance(b0.get("uri"), str)
            and b0["uri"].startswith("data:application/octet-stream;base64,")
        ):
            b0["uri"] = (
                "data:application/octet-stream;base64," + base64.b64encode(src.blob).decode()
            )
    buffers = doc.get("buffers")
    if (
        src.container == "glb"
        and isinstance(buffers, list)
        and buffers
        and isinstance(buffers[0], dict)
    ):
        buffers[0].pop("uri", None)
    text = json.dumps(doc, allow_nan=True)
    if src.deep:
        text = text.replace('"\\u0000deep"', "[" * src.deep + "]" * src.deep, 1)
    data = text.encode("utf-8")
    if src.container != "glb":
        return data
    data += b" " * (-len(data) % 4)
    blob = src.blob + b"\0" * (-len(src.blob) % 4)
    total = 12 + 8 + len(data) + 8 + len(blob)
    return (
        struct.pack("<4sII", b"glTF", 2, total)
        + struct.pack("<I4s", len(data), b"JSON")
        + data
        + struct.pack("<I4s", len(blob), b"BIN\0")
        + blob
    )


def _children(node: Any) -> list[Any]:
    if isinstance(node, dict):
        return list(node.keys())
    if isinstance(node, list):
        return list(range(len(node)))
    return []


def _draw_path(data: st.DataObject, doc: Any) -> list[Any]:
    """A path to an existing node (possibly the root), drawn one level at a time."""
    path: list[Any] = []
    node = doc
    for _ in range(8):
        keys = _children(node)
        if not keys or (path and data.draw(st.integers(0, 3)) == 0):
            break
        key = keys[data.draw(st.integers(0, len(keys) - 1))]
        path.append(key)
        node = node[key]
    return path


def _get(doc: Any, path: list[Any]) -> Any:
    for key in path:
        doc = doc[key]
    return doc


def _tweak(value: Any, data: st.DataObject) -> Any:
    if isinstance(value, bool) or not isinstance(value, int | float):
        return data.draw(st.sampled_from(INTERESTING))
    op = data.draw(st.integers(0, 6))
    if op == 0:
        return value + 1
    if op == 1:
        return value - 1
    if op == 2:
        return -value
    if op == 3:
        return value * 2
    if op == 4:
        return value + 2**31
    if op == 5:
        return float(value) + 0.5 if abs(value) < 1e300 else value
    return data.draw(st.sampled_from(INTERESTING))


def _leaves(node: Any, path: list[Any], out: list[list[Any]]) -> None:
    for key in _children(node):
        child = node[key]
        if isinstance(child, dict | list):
            _leaves(child, [*path, key], out)
        else:
            out.append([*path, key])


def mutate_json(src: Source, data: st.DataObject) -> str:
    doc = src.doc
    kind = data.draw(
        st.sampled_from(
            ["leaf", "leaf", "set", "tweak", "delete", "dup", "swap", "graft", "deep", "uri"]
        )
    )
    if kind == "leaf":
        # Any scalar anywhere (deep ones too): a number, index, enum or name.
        leaves: list[list[Any]] = []
        _leaves(doc, [], leaves)
        if not leaves:
            return "noop"
        path = leaves[data.draw(st.integers(0, len(leaves) - 1))]
        kind = data.draw(st.sampled_from(["set", "tweak"]))
    else:
        path = _draw_path(data, doc)
    if kind == "uri":
        holders = [
            item
            for kind_name in ("buffers", "images")
            if isinstance(doc.get(kind_name), list)
            for item in doc[kind_name]
            if isinstance(item, dict)
        ]
        if holders:
            data.draw(st.sampled_from(holders))["uri"] = data.draw(st.sampled_from(URIS))
        return f"uri {path}"
    if not path:
        return "noop"
    parent = _get(doc, path[:-1])
    key = path[-1]
    if kind == "set":
        parent[key] = copy.deepcopy(data.draw(st.sampled_from(INTERESTING)))
    elif kind == "tweak":
        parent[key] = _tweak(parent[key], data)
    elif kind == "delete":
        del parent[key]
    elif kind == "dup" and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(parent[key]))
    elif kind == "swap" and isinstance(parent, list) and len(parent) > 1:
        other = data.draw(st.integers(0, len(parent) - 1))
        parent[key], parent[other] = parent[other], parent[key]
    elif kind == "graft":
        donor = _get(doc, _draw_path(data, doc))
        parent[key] = copy.deepcopy(donor)
    elif kind == "deep":
        parent[key] = "\x00deep"
        src.deep = data.draw(st.sampled_from([50, 500, 5_000, 200_000]))
    return f"{kind} {path}"


def mutate_blob(src: Source, data: st.DataObject) -> str:
    blob = bytearray(src.blob)
    if not blob:
        return "noop"
    kind = data.draw(st.sampled_from(["byte", "float", "truncate", "extend"]))
    if kind == "float" and len(blob) < 4:
        kind = "byte"
    if kind == "truncate":
        src.blob = bytes(blob[: data.draw(st.integers(0, len(blob) - 1))])
    elif kind == "extend":
        src.blob = bytes(blob) + bytes(data.draw(st.integers(1, 64)))
    elif kind == "byte":
        at = data.draw(st.integers(0, len(blob) - 1))
        blob[at] = data.draw(st.sampled_from([0x00, 0xFF, 0x7F, 0x80, 0x01]))
        src.blob = bytes(blob)
    else:
        at = data.draw(st.integers(0, len(blob) // 4 - 1)) * 4
        blob[at : at + 4] = data.draw(st.sampled_from(FLOAT_BYTES))
        src.blob = bytes(blob)
    return f"blob {kind}"


def mutate_container(raw: bytes, data: st.DataObject) -> tuple[bytes, str]:
    """Byte-level damage to a finished GLB (header and chunk fields, truncation)."""
    b = bytearray(raw)
    kind = data.draw(
        st.sampled_from(["length", "version", "chunk_len", "chunk_type", "truncate", "magic_only"])
    )
    if kind == "length":
        struct.pack_into(
            "<I", b, 8, data.draw(st.sampled_from([0, 12, 19, len(b) - 1, len(b) + 1, 2**32 - 1]))
        )
    elif kind == "version":
        struct.pack_into("<I", b, 4, data.draw(st.sampled_from([0, 1, 3, 2**32 - 1])))
    elif kind == "chunk_len":
        struct.pack_into(
            "<I", b, 12, data.draw(st.sampled_from([0, 1, 3, len(b), 2**31, 2**32 - 1]))
        )
    elif kind == "chunk_type":
        b[16:20] = data.draw(st.sampled_from([b"BIN\0", b"JSOX", b"\0\0\0\0"]))
    elif kind == "truncate":
        b = b[: data.draw(st.integers(0, len(b) - 1))]
    else:
        b = b[:4]
    return bytes(b), f"container {kind}"
