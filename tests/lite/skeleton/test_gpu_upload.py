"""GPU uploads (lite.skeleton.gpu_upload): bone textures and morph weights read back equal the CPU state.

Marked ``gpu``: they need a wgpu adapter (CI: Mesa's CPU Vulkan driver). Without one they skip,
unless ``LITE_REQUIRE_GPU=1``, which turns the skip into a failure.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

import lite
from lite.animation.animation_group import tick_animation
from lite.errors import LiteError
from lite.loader_gltf import load_gltf
from lite.skeleton import gpu_upload as gpu_mod
from lite.skeleton.gpu_upload import Engine
from tests.lite._gltf_util import FIXTURES

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def engine() -> Iterator[Engine]:
    try:
        eng = gpu_mod.create_engine()
    except LiteError as exc:
        if os.environ.get("LITE_REQUIRE_GPU") == "1":
            pytest.fail(f"LITE_REQUIRE_GPU=1 but no adapter: {exc}")
        pytest.skip(f"no wgpu adapter: {exc}")
    yield eng
    gpu_mod.dispose_engine(eng)


@pytest.mark.gpu
def test_load_with_engine_uploads_the_rest_palette(engine: Engine) -> None:
    asset = load_gltf(FIXTURES / "rigged_figure.glb", engine)
    skel = asset.skeletons[0]
    np.testing.assert_array_equal(gpu_mod.read_bone_texture(engine, skel), skel.joint_matrices)


@pytest.mark.gpu
def test_bone_texture_matches_the_cpu_palette_after_playback(engine: Engine) -> None:
    asset = load_gltf(FIXTURES / "rigged_figure.glb")
    manager = lite.create_animation_manager(engine=engine)
    lite.add_animation_groups(manager, asset.animation_groups)
    wave = asset.animation_groups[1]
    lite.play_animation(wave)
    for _ in range(20):
        lite.update_animation_manager(manager, 1000.0 / 60.0)
    skel = asset.skeletons[0]
    got = gpu_mod.read_bone_texture(engine, skel)
    assert got.shape == (10, 16)
    np.testing.assert_array_equal(got, skel.joint_matrices)
    assert not np.allclose(got, np.eye(4, dtype=np.float32).reshape(1, 16), atol=1e-3)


@pytest.mark.gpu
def test_texture_layout_is_four_rgba32f_texels_per_joint_column_major(engine: Engine) -> None:
    asset = load_gltf(FIXTURES / "two_skeletons.glb", engine)
    group = asset.animation_groups[0]
    tick_animation(group, 250.0, engine)
    skel = asset.skeletons[0]
    gpu = engine.skeleton_gpu(skel)
    assert tuple(gpu.texture.size) == (3 * 4, 1, 1)
    assert gpu.texture.format == "rgba32float"
    texels = gpu_mod.read_bone_texture(engine, skel).reshape(3, 4, 4)
    # Texel 4*j + c is column c of joint j's matrix: the translation is texel 3.
    m = skel.joint_matrices.reshape(3, 4, 4)
    np.testing.assert_array_equal(texels[:, 3, :], m[:, 3, :])
    np.testing.assert_array_equal(texels[:, :, 3], np.tile([0.0, 0.0, 0.0, 1.0], (3, 1)))


@pytest.mark.gpu
def test_morph_weights_buffer_matches_the_cpu_weights(engine: Engine) -> None:
    asset = load_gltf(FIXTURES / "morph_figure.glb", engine)
    morph = asset.morph_targets[0]
    np.testing.assert_array_equal(gpu_mod.read_morph_weights(engine, morph), morph.weights)
    talk = asset.animation_groups[1]
    lite.play_animation(talk)
    tick_animation(talk, 410.0, engine)
    got = gpu_mod.read_morph_weights(engine, morph)
    assert got.shape == (6,)
    np.testing.assert_array_equal(got, morph.weights)
    header = np.frombuffer(
        engine.device.queue.read_buffer(engine.morph_gpu(morph).buffer, 0, 16),
        dtype=np.uint32,
    )
    assert header[0] == 6


@pytest.mark.gpu
def test_independent_clips_upload_only_their_skeleton(engine: Engine) -> None:
    asset = load_gltf(FIXTURES / "two_skeletons.glb", engine)
    swing_a, swing_b, _ = asset.animation_groups
    lite.play_animation(swing_b)
    tick_animation(swing_b, 500.0, engine)
    b_texture = gpu_mod.read_bone_texture(engine, asset.skeletons[1])
    for _ in range(3):
        tick_animation(swing_a, 100.0, engine)
    np.testing.assert_array_equal(gpu_mod.read_bone_texture(engine, asset.skeletons[1]), b_texture)
    np.testing.assert_array_equal(
        gpu_mod.read_bone_texture(engine, asset.skeletons[0]), asset.skeletons[0].joint_matrices
    )


@pytest.mark.gpu
def test_disposed_mesh_is_never_written_but_playback_continues(engine: Engine) -> None:
    asset = load_gltf(FIXTURES / "morph_figure.glb", engine)
    rig = load_gltf(FIXTURES / "rigged_figure.glb", engine)
    gpu_mod.dispose_mesh_gpu(engine, asset, 1)
    gpu_mod.dispose_mesh_gpu(engine, rig, rig.nodes[12])
    group = asset.animation_groups[0]
    before = asset.morph_targets[0].weights.copy()
    tick_animation(group, 300.0, engine)  # CPU state moves on; no write to a destroyed buffer
    assert not np.array_equal(asset.morph_targets[0].weights, before)
    tick_animation(rig.animation_groups[0], 300.0, engine)
    assert engine.morph_gpu(asset.morph_targets[0]).disposed
    with pytest.raises(LiteError) as exc:
        gpu_mod.read_morph_weights(engine, asset.morph_targets[0])
    assert exc.value.code == "LITE-GPU-002"
    with pytest.raises(LiteError):
        gpu_mod.read_bone_texture(engine, rig.skeletons[0])


@pytest.mark.gpu
def test_staging_arrays_are_reused_between_frames(engine: Engine) -> None:
    asset = load_gltf(FIXTURES / "rigged_figure.glb", engine)
    gpu = engine.skeleton_gpu(asset.skeletons[0])
    stage = gpu.stage
    for _ in range(3):
        tick_animation(asset.animation_groups[0], 16.0, engine)
    assert engine.skeleton_gpu(asset.skeletons[0]).stage is stage


def test_missing_adapter_is_a_clear_lite_error(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_adapter(**_: object) -> None:
        return None

    monkeypatch.setattr("wgpu.gpu.request_adapter_sync", no_adapter)
    with pytest.raises(LiteError) as exc:
        gpu_mod.create_engine()
    assert exc.value.code == "LITE-GPU-001"
    assert "mesa-vulkan-drivers" in (exc.value.hint or "")


# --- a private XDG runtime dir before every adapter request (headless Mesa is quiet) --------


def _env_without_xdg() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("XDG_RUNTIME_DIR", None)
    return env


def _error_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if "error:" in line]


def test_a_missing_runtime_dir_is_created_private_and_exported(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    made = gpu_mod.ensure_xdg_runtime_dir()
    assert made is not None and os.environ["XDG_RUNTIME_DIR"] == made
    assert os.path.isabs(made) and os.path.isdir(made)
    assert os.stat(made).st_mode & 0o777 == 0o700
    assert gpu_mod.ensure_xdg_runtime_dir() is None  # now usable: left alone


@pytest.mark.parametrize("value", ["", "relative/run", "/nonexistent/lite-xdg"])
def test_an_unusable_runtime_dir_is_replaced(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv("XDG_RUNTIME_DIR", value)
    made = gpu_mod.ensure_xdg_runtime_dir()
    assert made is not None and made != value and os.path.isdir(made)


def test_a_usable_runtime_dir_is_left_alone(
    monkeypatch: pytest.MonkeyPatch, tmp_path: os.PathLike[str]
) -> None:
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    assert gpu_mod.ensure_xdg_runtime_dir() is None
    assert os.environ["XDG_RUNTIME_DIR"] == str(tmp_path)


def test_create_engine_without_a_runtime_dir_prints_no_error_line() -> None:
    # Mesa's Vulkan driver printed "error: XDG_RUNTIME_DIR is invalid or not set in the
    # environment." on every adapter request of a headless process.
    script = (
        "from lite.errors import LiteError\n"
        "from lite.skeleton.gpu_upload import create_engine, dispose_engine\n"
        "try:\n    dispose_engine(create_engine())\n"
        "except LiteError as exc:\n    print(exc.code)\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script],
        capture_output=True,
        text=True,
        env=_env_without_xdg(),
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert _error_lines(result.stderr) == [], result.stderr


def test_collecting_gpu_tests_without_a_runtime_dir_prints_no_error_line() -> None:
    # Collection probes for an adapter (tests/conftest.py) when gpu-marked tests are collected.
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-q",
            "-p",
            "no:cacheprovider",
            __file__,
        ],
        capture_output=True,
        text=True,
        env=_env_without_xdg(),
        cwd=ROOT,
        timeout=300,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert _error_lines(result.stdout + result.stderr) == [], result.stdout + result.stderr
