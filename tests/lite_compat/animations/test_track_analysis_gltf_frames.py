"""glTF key frames through lite_compat's delegation: native, batched, and Babylon's numbers.

A glTF loader turns key times into frames as ``float32 seconds * 60`` computed in float64
(``2.500000074505806``), which float32 cannot hold: Lite's clips (float32 key times) cannot take
such tracks, and every real glTF track used to fall back (``key-frame-not-float32``). Compat's
own sampler keeps the frames in float64 and, for these tracks, samples FLOAT/vector keys with
Babylon.js's own arithmetic (``start + (end - start) * gradient`` in float64, no float32
rounding) and quaternions with ``Quaternion.SlerpToRef``: the numbers of the compat evaluator
(the port of Babylon.js's ``Animation._interpolate``), to the bit, now batched.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pygltflib
import pytest

import lite_compat as BABYLON  # noqa: N812
from lite_compat.animations import batch, fallback_reasons, state

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


@pytest.fixture(autouse=True)
def _restore() -> Iterator[None]:
    batched = batch.batched_evaluation_enabled()
    native = state.native_delegation_enabled()
    yield
    batch.set_batched_evaluation(batched, 16)
    state.set_native_delegation(native)


@pytest.fixture(scope="module")
def odd_times(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """rigged_figure.glb with every key time scaled by 0.7331 (float32): frames float32 cannot
    hold once multiplied by 60, as in most real assets."""
    doc = pygltflib.GLTF2().load(str(FIXTURES / "rigged_figure.glb"))
    blob = bytearray(doc.binary_blob())
    inputs = {s.input for a in doc.animations for s in a.samplers}
    for index in inputs:
        accessor = doc.accessors[index]
        view = doc.bufferViews[accessor.bufferView]
        offset = (view.byteOffset or 0) + (accessor.byteOffset or 0)
        times = np.frombuffer(bytes(blob), np.float32, accessor.count, offset)
        scaled = (times * np.float32(0.7331)).astype(np.float32)
        blob[offset : offset + 4 * accessor.count] = scaled.tobytes()
        accessor.min = [float(scaled.min())]
        accessor.max = [float(scaled.max())]
    doc.set_binary_blob(bytes(blob))
    path = tmp_path_factory.mktemp("gltf") / "odd_times.glb"
    doc.save(str(path))
    return path


def _play(path: Path, frames: int = 90) -> tuple[list[list[float]], list[Any]]:
    async def run() -> tuple[list[list[float]], list[Any]]:
        scene = BABYLON.Scene(BABYLON.NullEngine())
        scene.useConstantAnimationDeltaTime = True
        container = await BABYLON.LoadAssetContainerAsync(str(path), scene)
        nodes: list[Any] = []
        for i in range(12):
            entries = container.instantiateModelsToScene(
                lambda name, i=i: f"{name}_{i}", False, {"doNotInstantiate": True}
            )
            for group in entries.animationGroups:
                if group.name.startswith(("Walk", "Wave")[i % 4 == 3]):
                    group.play(True)
                    group.speedRatio = (1.0, 1.5, 0.75)[i % 3]
                else:
                    group.stop()
            nodes += entries.rootNodes[0].getDescendants(False)
        nodes = [n for n in nodes if hasattr(n, "rotationQuaternion")]
        states = []
        for _ in range(frames):
            scene._animate(16)
            row: list[float] = []
            for node in nodes:
                q = node.rotationQuaternion
                row += [*node.position.asArray(), *node.scaling.asArray()]
                row += q.asArray() if q is not None else [-9.0]
            states.append(row)
        runtimes = [r for a in scene._activeAnimatables for r in a._runtimeAnimations]
        return states, runtimes

    return asyncio.run(run())


def test_loaded_frames_are_ones_float32_cannot_hold(odd_times: Path) -> None:
    _, runtimes = _play(odd_times, 1)
    frames = [key["frame"] for r in runtimes for key in r.animation.getKeys()]
    assert frames
    assert any(float(np.float32(f)) != f for f in frames)


def test_linear_gltf_tracks_are_native_batch_tracks(odd_times: Path) -> None:
    batch.set_batched_evaluation(True, 16)
    _, runtimes = _play(odd_times, 3)
    reasons = {r._fallbackReason for r in runtimes if r._native is None}
    # CUBICSPLINE keys (tangents) stay on the compat evaluator; nothing else falls back.
    assert reasons <= {fallback_reasons.TANGENTS}
    natives = [r for r in runtimes if r._native is not None]
    assert natives
    assert all(isinstance(r._native, batch.BatchGroup) for r in natives)
    assert sum(r._host._batchRow is not None for r in natives) >= len(natives) // 2


@pytest.mark.parametrize("min_rows", [1, 16])
def test_batched_gltf_tracks_give_the_compat_evaluators_numbers(
    odd_times: Path, min_rows: int
) -> None:
    state.set_native_delegation(False)
    expected, _ = _play(odd_times)
    state.set_native_delegation(True)
    batch.set_batched_evaluation(False)
    scalar, _ = _play(odd_times)
    batch.set_batched_evaluation(True, min_rows)
    batched, _ = _play(odd_times)
    assert scalar == expected
    assert batched == expected
