"""One glTF clip, two names: Babylon Lite's loader naming in lite, Babylon.js's in lite_compat.

An animation without a name is ``animation_<i>`` in Babylon Lite 1.10
(``lib/animation/animation-group.js``: ``clip.name || `animation_${clipIndex}```) and
``animation<i>`` in Babylon.js's glTF loader (``glTFLoader.pure.js``:
``animation.name || `animation${animation.index}```). Each API keeps its oracle's name; the
mapping is documented in docs/compat.md ("Clip names").
"""

from __future__ import annotations

import asyncio
import json
import struct
from pathlib import Path

import lite
from lite_compat import NullEngine, Scene
from lite_compat.loading.scene_loader import ImportMeshAsync

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def _unnamed_copy(src: Path, dst: Path) -> Path:
    """``src`` (a GLB) with every animation name removed, written to ``dst``."""
    data = src.read_bytes()
    json_len = struct.unpack_from("<I", data, 12)[0]
    doc = json.loads(data[20 : 20 + json_len])
    for animation in doc["animations"]:
        animation.pop("name", None)
    chunk = json.dumps(doc).encode()
    chunk += b" " * (-len(chunk) % 4)
    rest = data[20 + json_len :]
    body = struct.pack("<II", len(chunk), 0x4E4F534A) + chunk + rest
    dst.write_bytes(struct.pack("<III", 0x46546C67, 2, 12 + len(body)) + body)
    return dst


def test_an_unnamed_clip_is_animation_i_in_lite_and_animationi_in_lite_compat(
    tmp_path: Path,
) -> None:
    path = _unnamed_copy(FIXTURES / "rigged_figure.glb", tmp_path / "unnamed.glb")
    asset = lite.load_gltf(path)
    assert [g.name for g in asset.animation_groups] == ["animation_0", "animation_1", "animation_2"]
    scene = Scene(NullEngine())
    asyncio.run(ImportMeshAsync(path, scene))
    assert [g.name for g in scene.animationGroups] == ["animation0", "animation1", "animation2"]


def test_a_named_clip_has_the_same_name_in_both_apis() -> None:
    asset = lite.load_gltf(FIXTURES / "rigged_figure.glb")
    scene = Scene(NullEngine())
    asyncio.run(ImportMeshAsync(FIXTURES / "rigged_figure.glb", scene))
    assert [g.name for g in asset.animation_groups] == [g.name for g in scene.animationGroups]
