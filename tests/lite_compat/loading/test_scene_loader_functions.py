"""Babylon 7+'s module-level loading functions (issue 29, item 9): the plugin registry
functions and the deprecated lower-case loaders, delegating to scene_loader. Registry values
are Babylon.js 9.31's (compat_surface_boilerplate)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path

import pytest

import lite_compat as BABYLON  # noqa: N812 - the spelling every port uses
from lite.errors import LiteError
from lite_compat.loading import scene_loader

FIGURE = Path(__file__).resolve().parents[2] / "fixtures" / "rigged_figure.glb"


@pytest.fixture
def registry() -> Iterator[None]:
    saved = dict(scene_loader._registered_plugins)
    yield
    scene_loader._registered_plugins.clear()
    scene_loader._registered_plugins.update(saved)


def _entry(name: str) -> list[list[object]] | None:
    for entry in BABYLON.GetRegisteredSceneLoaderPluginMetadata():
        if entry["name"] == name:
            return [[e["extension"], e["isBinary"], e["mimeType"]] for e in entry["extensions"]]
    return None


def test_the_gltf_plugin_is_listed_with_babylons_mime_types() -> None:
    assert _entry("gltf") == [
        [".gltf", False, "model/gltf+json"],
        [".glb", True, "model/gltf-binary"],
    ]


def test_register_takes_a_string_or_a_mapping_lower_cased(registry: None) -> None:
    BABYLON.RegisterSceneLoaderPlugin({"name": "fakeA", "extensions": ".FakeA"})
    BABYLON.registerSceneLoaderPlugin(
        {"name": "fakeB", "extensions": {".FB1": {"isBinary": True}, ".fb2": {"mimeType": "m/b"}}}
    )
    assert _entry("fakeA") == [[".fakea", False, None]]
    assert _entry("fakeB") == [[".fb1", True, None], [".fb2", False, "m/b"]]
    assert BABYLON.SceneLoader.IsPluginForExtensionAvailable(".fb1")


def test_register_refuses_a_plugin_without_extensions(registry: None) -> None:
    before = BABYLON.GetRegisteredSceneLoaderPluginMetadata()
    with pytest.raises(LiteError) as exc:
        BABYLON.RegisterSceneLoaderPlugin({"name": "bad", "extensions": 3})
    assert exc.value.code == "LITE-COMPAT-124"
    assert BABYLON.GetRegisteredSceneLoaderPluginMetadata() == before


def test_lower_case_loaders_give_what_the_upper_case_ones_give() -> None:
    engine = BABYLON.NullEngine()
    data = FIGURE.read_bytes()
    options = {"pluginExtension": ".glb"}

    async def main() -> tuple[list[str], list[str], list[str], list[str]]:
        a = BABYLON.Scene(engine)
        b = BABYLON.Scene(engine)
        upper = await BABYLON.LoadAssetContainerAsync(data, a, options)
        lower = await BABYLON.loadAssetContainerAsync(data, b, options)
        appended = BABYLON.Scene(engine)
        assert await BABYLON.appendSceneAsync(data, appended, options) is None
        await BABYLON.importAnimationsAsync(data, appended, options)
        loaded = await BABYLON.loadSceneAsync(data, engine, options)
        return (
            [g.name for g in upper.animationGroups],
            [g.name for g in lower.animationGroups],
            [g.name for g in appended.animationGroups],
            [g.name for g in loaded.animationGroups],
        )

    upper, lower, appended, loaded = asyncio.run(main())
    assert upper == lower == appended == loaded and upper
    engine.dispose()
