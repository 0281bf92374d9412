"""Load/play/dispose cycles of a skinned, morphed asset with a GPU engine leave nothing behind."""

from __future__ import annotations

import gc
import json
import os
import tracemalloc
from pathlib import Path

import numpy as np
import pytest

import lite
from lite.errors import GltfLoadError

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"
CYCLES = 1_000


def _live_gpu_objects() -> dict[str, int]:
    import wgpu

    counts = wgpu.diagnostics.object_counts.get_dict()
    return {name: int(v["count"]) for name, v in counts.items() if name in ("Texture", "Buffer")}


def _cycle(engine: object, manager: lite.AnimationManager, path: Path) -> None:
    from lite.skeleton.gpu_upload import dispose_asset_gpu

    asset = lite.load_gltf(path, engine=engine)
    lite.add_animation_groups(manager, asset.animation_groups)
    for _ in range(3):
        lite.update_animation_manager(manager, 16.0)
    dispose_asset_gpu(engine, asset)  # type: ignore[arg-type]
    lite.update_animation_manager(manager, 16.0)  # surviving groups never upload again
    for group in asset.animation_groups:
        lite.remove_animation_group(manager, group)


@pytest.mark.gpu
@pytest.mark.parametrize("fixture", ["rigged_figure.glb", "morph_figure.glb"])
def test_load_play_dispose_cycles_leave_no_growth(fixture: str) -> None:
    from lite.skeleton.gpu_upload import create_engine, dispose_engine

    engine = create_engine()
    manager = lite.create_animation_manager(engine=engine)
    path = FIXTURES / fixture
    # The second half's residue is constant (7-10 KB at 200 or 1,000 cycles): 400 cycles still
    # catch any leak over about 120 B a cycle; LITE_LONG=1 runs 1,000 (down to about 50 B).
    cycles = (
        CYCLES if os.environ.get("LITE_LONG") else 400 if fixture == "rigged_figure.glb" else 200
    )
    for _ in range(20):  # warm-up: caches, first-use allocations
        _cycle(engine, manager, path)
    gc.collect()
    objects_before = _live_gpu_objects()
    tracemalloc.start()
    half = cycles // 2
    for _ in range(half):
        _cycle(engine, manager, path)
    gc.collect()
    middle, _ = tracemalloc.get_traced_memory()  # the last asset and caches are retained here
    for _ in range(cycles - half):
        _cycle(engine, manager, path)
    gc.collect()
    after, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    objects_after = _live_gpu_objects()
    assert engine._skeletons == {}
    assert engine._morphs == {}
    assert len(engine._retired) <= 4  # only entries of assets still referenced nearby
    assert lite.get_animation_groups(manager) == ()
    assert objects_after == objects_before, (objects_before, objects_after)
    # No growth: the second half of the cycles adds (almost) nothing to what the first left.
    assert after - middle < 32 * 1024, after - middle
    dispose_engine(engine)


def _shared_accessor_file(tmp: Path, samplers: int, buffers: int = 1) -> Path:
    """``samplers`` samplers over one 1 MiB accessor pair, the .bin named by ``buffers``
    entries (a file of a few KB that used to decode 1 MiB per sampler)."""
    k = 65536
    blob = np.arange(k, dtype=np.float32).tobytes() + np.zeros(k * 3, np.float32).tobytes()
    (tmp / "a.bin").write_bytes(blob)
    doc = {
        "asset": {"version": "2.0"},
        "nodes": [{} for _ in range(samplers)],
        "buffers": [{"uri": "a.bin", "byteLength": len(blob)} for _ in range(buffers)],
        "bufferViews": [
            {"buffer": buffers - 1, "byteLength": k * 4},
            {"buffer": 0, "byteOffset": k * 4, "byteLength": k * 12},
        ],
        "accessors": [
            {"bufferView": 0, "componentType": 5126, "count": k, "type": "SCALAR"},
            {"bufferView": 1, "componentType": 5126, "count": k, "type": "VEC3"},
        ],
        "animations": [
            {
                "samplers": [{"input": 0, "output": 1} for _ in range(samplers)],
                "channels": [
                    {"sampler": i, "target": {"node": i, "path": "translation"}}
                    for i in range(samplers)
                ],
            }
        ],
    }
    (tmp / "a.gltf").write_text(json.dumps(doc), encoding="utf-8")
    return tmp / "a.gltf"


def test_samplers_sharing_an_accessor_and_buffers_sharing_a_uri_decode_once(
    tmp_path: Path,
) -> None:
    path = _shared_accessor_file(tmp_path, samplers=100, buffers=200)
    tracemalloc.start()
    try:
        asset = lite.load_gltf(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert len(asset.animation_data.clips[0].channels) == 100
    # One decode (1 MiB), one sampler's copies (~11 MiB) and the 1 MiB .bin read once.
    assert peak < 32 * 1024 * 1024, peak


def test_the_decode_budget_refuses_before_allocating_and_can_be_raised(tmp_path: Path) -> None:
    path = _shared_accessor_file(tmp_path, samplers=2)
    with pytest.raises(GltfLoadError) as exc:
        lite.read_gltf_document(path, max_decoded_bytes=1024 * 1024)
    assert exc.value.code == "LITE-GLTF-011"
    assert lite.read_gltf_document(path, max_decoded_bytes=64 * 1024 * 1024).animations
    with pytest.raises(GltfLoadError) as bad:
        lite.read_gltf_document(path, max_decoded_bytes=-1)
    assert bad.value.code == "LITE-GLTF-020"


def test_zero_filled_accessors_are_bounded_per_file_not_each(tmp_path: Path) -> None:
    k = 65536  # 1 MiB of VEC4 floats each, under the per-file limit alone, not together
    doc = {
        "asset": {"version": "2.0"},
        "accessors": [{"componentType": 5126, "count": k, "type": "VEC4"} for _ in range(200)],
    }
    with pytest.raises(GltfLoadError) as exc:
        lite.read_gltf_document(json.dumps(doc).encode())
    assert exc.value.code == "LITE-GLTF-003"
    assert exc.value.input_name == "accessors[1]"
