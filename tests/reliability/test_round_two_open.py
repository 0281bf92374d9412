"""The items still open from round two (issue 27): every path goes through lite's one guarded
reader (a FIFO or /dev/zero is LITE-GLTF-012, never a hang or a MemoryError), every easing
factory checks the domain where its curve stays finite in float32 (LITE-ANIM-014), and a
property track's interpolation given as an array is a LiteError."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import numpy as np
import pytest

import lite
from lite.animation import easing
from lite.errors import LiteError
from lite_compat import NullEngine, Scene
from lite_compat.loading.scene_loader import LoadAssetContainerAsync


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this platform")
    path = tmp_path / "pipe.glb"
    os.mkfifo(path)
    return path


def test_compat_loader_refuses_a_fifo_without_waiting(fifo: Path) -> None:
    # No writer ever opens the FIFO: a read of it would block forever.
    with pytest.raises(LiteError) as info:
        asyncio.run(LoadAssetContainerAsync(fifo, Scene(NullEngine())))
    assert info.value.code == "LITE-GLTF-012"


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_compat_loader_refuses_dev_zero() -> None:
    with pytest.raises(LiteError) as info:
        asyncio.run(
            LoadAssetContainerAsync("/dev/zero", Scene(NullEngine()), {"pluginExtension": ".glb"})
        )
    assert info.value.code == "LITE-GLTF-012"


def test_lite_loader_refuses_a_fifo(fifo: Path) -> None:
    with pytest.raises(LiteError) as info:
        lite.load_gltf(fifo)
    assert info.value.code == "LITE-GLTF-012"


@pytest.mark.parametrize(
    ("factory", "args"),
    [
        (easing.create_back_ease, (1e308,)),
        (easing.create_back_ease, (6e38,)),
        (easing.create_back_ease, (easing.BACK_AMPLITUDE_MAX * 2,)),
        (easing.create_elastic_ease, (1e308, 3.0)),
        (easing.create_elastic_ease, (-1e300, 3.0)),
        (easing.create_exponential_ease, (1e308,)),
        (easing.create_bounce_ease, (1e308, 2.0)),
        (easing.create_bezier_curve_ease, (0.5, 1e308, 0.5, 0.5)),
    ],
)
def test_easing_factories_refuse_parameters_outside_the_finite_domain(
    factory: object, args: tuple[float, ...]
) -> None:
    with pytest.raises(LiteError) as info:
        factory(*args)  # type: ignore[operator]
    assert info.value.code == "LITE-ANIM-014"


@pytest.mark.parametrize(
    ("factory", "args"),
    [
        (easing.create_back_ease, (easing.BACK_AMPLITUDE_MAX,)),
        (easing.create_power_ease, (1e308,)),
        (easing.create_elastic_ease, (easing.ELASTIC_OSCILLATIONS_MAX, 3.0)),
    ],
)
def test_every_accepted_curve_is_finite_in_float32(
    factory: object, args: tuple[float, ...]
) -> None:
    ease = factory(*args)  # type: ignore[operator]
    values = np.array([ease(g) for g in np.linspace(0.0, 1.0, 1001)], dtype=np.float64)
    assert np.isfinite(values.astype(np.float32)).all()
    assert np.isfinite((values * 10.0).astype(np.float32)).all()  # keys 10 apart too


def test_a_back_ease_of_1e308_on_a_track_never_writes_inf() -> None:
    with pytest.raises(LiteError) as info:
        lite.create_property_animation_clip(
            "c",
            [
                {
                    "path": "x",
                    "easing": easing.create_back_ease(1e308),
                    "keys": [{"time": 0, "value": 0}, {"time": 1, "value": 1}],
                }
            ],
        )
    assert info.value.code == "LITE-ANIM-014"


@pytest.mark.parametrize(
    "interpolation",
    [np.array(["linear", "step"]), np.array(["linear"]), np.array([0]), ["linear"], 1],
)
def test_interpolation_that_is_not_a_name_is_a_lite_error(interpolation: object) -> None:
    with pytest.raises(LiteError) as info:
        lite.create_property_animation_clip(
            "c",
            [
                {
                    "path": "x",
                    "interpolation": interpolation,
                    "keys": [{"time": 0, "value": 0}, {"time": 1, "value": 1}],
                }
            ],
        )
    assert info.value.code == "LITE-ANIM-007"
