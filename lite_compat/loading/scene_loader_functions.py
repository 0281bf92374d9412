"""Babylon.js 7+'s module-level scene loading functions not defined in ``scene_loader``.

Port of ``@babylonjs/core`` 9.31 ``Loading/sceneLoader.js``'s plugin registry functions
(``RegisterSceneLoaderPlugin``, its deprecated spelling ``registerSceneLoaderPlugin``,
``GetRegisteredSceneLoaderPluginMetadata``) and the deprecated lower-case loaders
(``loadSceneAsync``, ``appendSceneAsync``, ``loadAssetContainerAsync``,
``importAnimationsAsync``: ``BABYLON.x`` as Babylon.js 7 spelt them), each delegating to the
implementation in :mod:`lite_compat.loading.scene_loader`. Babylon.js 9.31 has no lower-case
``importMeshAsync``: only ``ImportMeshAsync``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lite_compat.loading.scene_loader import (
    AppendSceneAsync,
    ImportAnimationsAsync,
    LoadAssetContainerAsync,
    LoadSceneAsync,
    Source,
    _register_plugin,
    _registered_plugins,
)

if TYPE_CHECKING:
    from lite_compat.engines.engine_store import NullEngine
    from lite_compat.scene.asset_container import AssetContainer
    from lite_compat.scene.scene import Scene

__all__ = [
    "GetRegisteredSceneLoaderPluginMetadata",
    "RegisterSceneLoaderPlugin",
    "appendSceneAsync",
    "importAnimationsAsync",
    "loadAssetContainerAsync",
    "loadSceneAsync",
    "registerSceneLoaderPlugin",
]


def RegisterSceneLoaderPlugin(plugin: Any) -> None:
    """Register a loader plugin for each of its ``extensions`` (a string, or a mapping of
    extension to ``{"isBinary": ..., "mimeType": ...}``), lower-cased, replacing any plugin
    registered for the same extension.

    Raises
    ------
    LiteError
        ``LITE-COMPAT-124`` when ``plugin.extensions`` is neither.
    """
    _register_plugin(plugin)


def registerSceneLoaderPlugin(plugin: Any) -> None:
    """Deprecated spelling of :func:`RegisterSceneLoaderPlugin`."""
    RegisterSceneLoaderPlugin(plugin)


def _name_of(plugin: Any) -> Any:
    if isinstance(plugin, dict):
        return plugin.get("name")
    return getattr(plugin, "name", None)


def GetRegisteredSceneLoaderPluginMetadata() -> list[dict[str, Any]]:
    """One entry per registered plugin name, in registration order: ``{"name": ...,
    "extensions": [{"extension", "isBinary", "mimeType"}, ...]}`` (``mimeType`` None where
    Babylon.js leaves it undefined)."""
    by_name: dict[Any, list[dict[str, Any]]] = {}
    for extension, registered in _registered_plugins.items():
        by_name.setdefault(_name_of(registered.plugin), []).append(
            {
                "extension": extension,
                "isBinary": registered.isBinary,
                "mimeType": registered.mimeType,
            }
        )
    return [{"name": name, "extensions": extensions} for name, extensions in by_name.items()]


async def loadSceneAsync(
    source: Source, engine: NullEngine | None = None, options: object = None
) -> Scene:
    """Deprecated spelling of :func:`~lite_compat.loading.scene_loader.LoadSceneAsync`."""
    return await LoadSceneAsync(source, engine, options)


async def appendSceneAsync(
    source: Source, scene: Scene | None = None, options: object = None
) -> None:
    """Deprecated spelling of :func:`~lite_compat.loading.scene_loader.AppendSceneAsync`."""
    await AppendSceneAsync(source, scene, options)


async def loadAssetContainerAsync(
    source: Source, scene: Scene | None = None, options: object = None
) -> AssetContainer:
    """Deprecated spelling of
    :func:`~lite_compat.loading.scene_loader.LoadAssetContainerAsync`."""
    return await LoadAssetContainerAsync(source, scene, options)


async def importAnimationsAsync(
    source: Source, scene: Scene | None = None, options: object = None
) -> None:
    """Deprecated spelling of :func:`~lite_compat.loading.scene_loader.ImportAnimationsAsync`."""
    await ImportAnimationsAsync(source, scene, options)
