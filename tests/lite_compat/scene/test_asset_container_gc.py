"""``instantiateModelsToScene`` pauses the cyclic garbage collector while it copies and gives
it back exactly as it found it, also when the copy raises."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from lite.errors import LiteError
from lite_compat import AssetContainer, NullEngine, Scene, TransformNode


@pytest.fixture
def collector() -> Iterator[None]:
    enabled = gc.isenabled()
    yield
    if enabled:
        gc.enable()
    else:
        gc.disable()


@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_is_paused_and_restored(enabled: bool, collector: None) -> None:
    scene = Scene(NullEngine())
    container = AssetContainer(scene)
    seen: list[bool] = []
    node = TransformNode("n", scene)
    container.transformNodes.append(node)
    if enabled:
        gc.enable()
    else:
        gc.disable()

    def name(source: str) -> str:
        seen.append(gc.isenabled())
        return "copy of " + source

    entries = container.instantiateModelsToScene(name)
    assert entries.rootNodes[0].name == "copy of n"
    assert seen and not any(seen)
    assert gc.isenabled() is enabled


def test_the_collector_is_restored_after_an_error(collector: None) -> None:
    scene = Scene(NullEngine())
    container = AssetContainer(scene)
    container.transformNodes.append(TransformNode("n", scene))
    gc.enable()

    def name(source: str) -> str:
        raise LiteError("LITE-TEST-001", "stop", hint="-", input_name="nameFunction")

    with pytest.raises(LiteError):
        container.instantiateModelsToScene(name)
    assert gc.isenabled()
