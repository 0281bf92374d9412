"""The component-major path's compiled loops (lite.batch.soa_jit: sampling and matrices) give
the numpy path's local poses, world matrices and palettes bit for bit: every fixture clip, the
generated crowd and Fox.glb where present (forwards, backwards, looping and held at either
end), with the loops compiled and run as plain Python."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

import lite
import lite.batch.soa as soa_mod
from lite.batch import root_jit, soa_jit
from lite.batch.engine import enable_batched_evaluation
from lite.loader_gltf import GltfAsset, load_gltf
from lite.loader_gltf.instancing import InstancePose, instantiate_many
from lite.tools.crowd_asset import CROWD_PHASE, crowd_asset_glb
from tests.lite._gltf_util import ASSETS, FIXTURES

STEP = 1000.0 / 60.0
FOX = Path("/work/shared/gltf/Fox/Fox.glb")


def _crowd(
    asset: GltfAsset, count: int, clip: int
) -> tuple[lite.AnimationManager, list[GltfAsset]]:
    insts = instantiate_many(asset, count)
    m = lite.create_animation_manager(batched=False)
    for k, inst in enumerate(insts):
        for gi, g in enumerate(inst.animation_groups):
            if gi == clip:
                lite.play_animation(g)
                g.current_time = (k * CROWD_PHASE) % max(g.duration, 1e-9)
                g.speed_ratio = (1.0 + 0.25 * (k % 3)) * (-1.0 if k % 4 == 3 else 1.0)
                g.loop_animation = k % 5 != 4
            else:
                lite.stop_animation(g)
        lite.add_animation_groups(m, inst.animation_groups)
    enable_batched_evaluation(m).soa_min = 2
    return m, insts


def _bits(insts: list[GltfAsset]) -> list[bytes]:
    out: list[bytes] = []
    for inst in insts:
        assert isinstance(inst.pose, InstancePose)
        out.append(np.ascontiguousarray(inst.pose.world).tobytes())
        out.append(np.ascontiguousarray(inst.pose.local).tobytes())
        out += [np.ascontiguousarray(s.joint_matrices).tobytes() for s in inst.skeletons]
    return out


def _kernels(kind: str) -> tuple[Callable[[], object], Callable[[], object]]:
    if kind == "python":
        return soa_jit.python_kernels, soa_jit.python_samplers
    return soa_jit.hierarchy_kernels, soa_jit.sampling_kernels


def _compare(
    asset: GltfAsset, clip: int, kind: str, monkeypatch: pytest.MonkeyPatch, count: int = 5
) -> int:
    m_n, a = _crowd(asset, count, clip)
    m_j, b = _crowd(asset, count, clip)
    ran = 0
    real = soa_jit.run_matrices
    real_sampling = soa_jit.run_sampling

    def counted(*args: object) -> bool:
        nonlocal ran
        done = real(*args)  # type: ignore[arg-type]
        ran += done
        return done

    def sampled(*args: object) -> bool:
        nonlocal ran
        done = real_sampling(*args)  # type: ignore[arg-type]
        ran += done
        return done

    hierarchy, sampling = _kernels(kind)
    for d in [0.0, STEP, 33.25, 100.0, 250.0, 420.0, STEP, 1234.5, 5000.0]:
        monkeypatch.setattr(soa_mod, "run_matrices", lambda *args: False)
        monkeypatch.setattr(soa_mod, "run_sampling", lambda *args: False)
        lite.update_animation_manager(m_n, d)
        monkeypatch.setattr(soa_mod, "run_matrices", counted)
        monkeypatch.setattr(soa_mod, "run_sampling", sampled)
        monkeypatch.setattr(soa_jit, "hierarchy_kernels", hierarchy)
        monkeypatch.setattr(soa_jit, "sampling_kernels", sampling)
        lite.update_animation_manager(m_j, d)
        assert _bits(b) == _bits(a)
    return ran


KINDS = ["python"] + (["compiled"] if root_jit.ENABLED else [])


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", ASSETS)
def test_fixture_matrices_equal_the_numpy_path(
    name: str, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    asset = load_gltf(FIXTURES / f"{name}.glb")
    for clip in range(len(asset.animation_groups)):
        _compare(asset, clip, kind, monkeypatch)


@pytest.mark.parametrize("kind", KINDS)
def test_crowd_matrices_equal_the_numpy_path(kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _compare(load_gltf(crowd_asset_glb()), 0, kind, monkeypatch, count=7) > 0


@pytest.mark.skipif(not FOX.exists(), reason="the shared Fox.glb is not on this machine")
def test_fox_matrices_equal_the_numpy_path(monkeypatch: pytest.MonkeyPatch) -> None:
    asset = load_gltf(FOX.read_bytes())
    for clip in range(len(asset.animation_groups)):
        assert _compare(asset, clip, KINDS[-1], monkeypatch) > 0
