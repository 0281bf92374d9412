"""Babylon.js ``SceneLoader`` and the 9.x loading functions, for glTF 2.0 (``.gltf``/``.glb``).

Port of ``@babylonjs/core`` 9.31 ``Loading/sceneLoader.js``: the legacy
``SceneLoader.ImportMeshAsync``/``AppendAsync``/``LoadAssetContainerAsync``/``LoadAsync`` and the
9.x module functions ``ImportMeshAsync``/``AppendSceneAsync``/``LoadAssetContainerAsync``/
``LoadSceneAsync``/``ImportAnimationsAsync``, with ``GetFileInfo``/``loadDataAsync`` (paths,
bytes, ``data:`` urls) for the glTF plugin only; the callback forms (``ImportMesh``, ``Load``,
``Append``, ``LoadAssetContainer``, ``ImportAnimations``: ``onSuccess`` with Babylon's
arguments, ``onError(scene, message, exception)``), ``ImportAnimations`` with
:class:`SceneLoaderAnimationGroupLoadingMode` and the plugin registry (``RegisterPlugin``,
``GetPluginForExtension``, ``IsPluginForExtensionAvailable``, ``GetDefaultPlugin``,
``OnPluginActivatedObservable``).

Babylon.js runs a callback form's load in a promise and calls ``onSuccess`` on a later tick; a
Python process has no event loop to come back to, so here the load runs (and ``onSuccess`` /
``onError`` are called) before the call returns. Registering a plugin records it as Babylon
does; loading still reads glTF 2.0 with lite's reader.

The file is read, validated and decoded by lite (:func:`_read_gltf_document`, the one place
this package calls ``lite``'s glTF reader: typed :class:`~lite.errors.GltfLoadError` with a
code on any malformed input; accessors decoded once with numpy). What Babylon's glTF loader
builds from it is in :mod:`lite_compat.loading.gltf_builder`.

Every function is a coroutine (``async def``): ``await`` it, or ``asyncio.run(...)`` it.
"""

from __future__ import annotations

import base64
import binascii
import os
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import IntEnum
from pathlib import Path
from typing import Any, cast
from urllib.parse import unquote

from lite import GltfDocument, read_gltf_document
from lite.errors import GltfLoadError, LiteError, UnsupportedError
from lite_compat._js import js_callable
from lite_compat.engines.engine_store import EngineStore, NullEngine, resolve_scene
from lite_compat.loading.gltf_animations import _W_POINTER
from lite_compat.loading.gltf_builder import ISceneLoaderAsyncResult, _GLTFLoader, _Loaded
from lite_compat.loading.gltf_options import (
    GLTFLoaderAnimationStartMode,
    GLTFLoaderCoordinateSystemMode,
    _get,
    _Options,
)
from lite_compat.observable import Observable
from lite_compat.scene.asset_container import AssetContainer
from lite_compat.scene.scene import Scene
from lite_compat.scene.tools import Tools

__all__ = [
    "AppendSceneAsync",
    "GLTFLoaderAnimationStartMode",
    "GLTFLoaderCoordinateSystemMode",
    "ISceneLoaderAsyncResult",
    "ImportAnimationsAsync",
    "ISceneLoaderProgressEvent",
    "ImportMeshAsync",
    "LoadAssetContainerAsync",
    "LoadSceneAsync",
    "SceneLoader",
    "SceneLoaderAnimationGroupLoadingMode",
]


class SceneLoaderAnimationGroupLoadingMode(IntEnum):
    """What ``ImportAnimations`` does with the scene's animation groups when it does not
    overwrite them (Babylon's enum values)."""

    #: Dispose the existing groups.
    Clean = 0
    #: Stop the existing groups.
    Stop = 1
    #: Reset and restart the existing groups (in sync with the imported ones).
    Sync = 2
    #: Leave them alone.
    NoSync = 3


@dataclass
class GLTFFileLoaderPlugin:
    """The glTF plugin as the registry holds it (``name``, ``extensions``)."""

    name: str = "gltf"
    extensions: dict[str, dict[str, bool]] = field(
        default_factory=lambda: {".gltf": {"isBinary": False}, ".glb": {"isBinary": True}}
    )


@dataclass
class _Registered:
    plugin: Any
    isBinary: bool = False
    mimeType: str | None = None


_GLTF_PLUGIN = GLTFFileLoaderPlugin()
_registered_plugins: dict[str, _Registered] = {
    ".gltf": _Registered(_GLTF_PLUGIN, False, "model/gltf+json"),
    ".glb": _Registered(_GLTF_PLUGIN, True, "model/gltf-binary"),
}
_plugin_activated: Observable[Any] = Observable()


def _register_plugin(plugin: Any) -> None:
    """Babylon's ``RegisterSceneLoaderPlugin``: every extension of ``plugin``, lower-cased."""
    extensions = getattr(plugin, "extensions", None)
    if extensions is None and isinstance(plugin, Mapping):
        extensions = plugin.get("extensions")
    if isinstance(extensions, str):
        _registered_plugins[extensions.lower()] = _Registered(plugin, False)
        return
    if not isinstance(extensions, Mapping):
        raise LiteError(
            "LITE-COMPAT-124",
            f"SceneLoader.RegisterPlugin: plugin.extensions must be a string or a mapping, "
            f"got {extensions!r}",
            hint='give the plugin extensions=".ext" or {".ext": {"isBinary": False}}',
            input_name="plugin",
        )
    for extension, info in extensions.items():
        _registered_plugins[str(extension).lower()] = _Registered(
            plugin, bool(_get(info, "isBinary")), _get(info, "mimeType")
        )


def _plugin_for_extension(extension: str, returnDefault: bool) -> _Registered | None:
    found = _registered_plugins.get(extension)
    if found is not None:
        return found
    Tools.Warn(
        "Unable to find a plugin to load "
        + str(extension)
        + " files. Trying to use .babylon default plugin. To load from a specific filetype "
        "(eg. gltf) see: https://doc.babylonjs.com/features/featuresDeepDive/importers/"
        "loadingFileTypes"
    )
    return _registered_plugins.get(".babylon") if returnDefault else None


def _report(onError: Callable[..., object] | None, scene: Any, error: BaseException) -> None:
    """``reportLegacyLoadError``: ``onError(scene, message, error)``, else log the message."""
    message = str(error)
    if onError is not None and scene is not None:
        js_callable(onError, 3)(scene, message, error)
    else:
        Tools.Error(message)


def _sync(coro: Any) -> Any:
    """Run one of this module's coroutines to its end now (they never await anything)."""
    try:
        coro.send(None)
    except StopIteration as done:
        return done.value
    coro.close()  # pragma: no cover - the coroutines here never suspend
    raise RuntimeError("a SceneLoader coroutine suspended")  # pragma: no cover


@dataclass(slots=True)
class ISceneLoaderProgressEvent:
    """What ``onProgress`` receives (once, when the file has been read)."""

    lengthComputable: bool
    loaded: int
    total: int


# ---------------------------------------------------------------------------------------------
# Source resolution (sceneLoader.js GetFileInfo / loadDataAsync)
# ---------------------------------------------------------------------------------------------

Source = str | os.PathLike[str] | bytes | bytearray | memoryview


@dataclass(slots=True)
class _FileInfo:
    url: str
    rootUrl: str
    name: str
    path: Path | None = None
    rawData: bytes | None = None


def _get_file_info(rootUrl: str, sceneSource: Source | None) -> _FileInfo:
    """Port of ``GetFileInfo``: where the data comes from and what the root url is."""
    if sceneSource is None or (isinstance(sceneSource, str) and not sceneSource):
        folder, _, name = rootUrl.rpartition("/")
        return _FileInfo(rootUrl, f"{folder}/" if folder else "", name)
    if isinstance(sceneSource, os.PathLike):
        path = Path(sceneSource)
        return _FileInfo(f"file:{path.name}", rootUrl, path.name, path=path)
    if isinstance(sceneSource, bytes | bytearray | memoryview):
        return _FileInfo("", rootUrl, "", rawData=bytes(sceneSource))
    if not isinstance(sceneSource, str):
        raise TypeError(
            f"scene source must be a path, a data: url or bytes, got {type(sceneSource).__name__}"
        )
    if sceneSource.startswith("data:"):
        return _FileInfo(sceneSource, rootUrl, "")
    if rootUrl:
        if sceneSource.startswith("/"):
            raise GltfLoadError(
                "LITE-GLTF-020",
                "Cannot load file: a valid scene filename or root url was not provided "
                f"(Wrong sceneFilename parameter {sceneSource!r})",
                hint="with a rootUrl, the file name must be relative",
            )
        return _FileInfo(rootUrl + sceneSource, rootUrl, sceneSource)
    folder, _, name = sceneSource.rpartition("/")
    return _FileInfo(sceneSource, f"{folder}/" if folder else "", name)


def _extension_of(url: str) -> str:
    """Lower-case file extension of ``url`` without query or fragment (``".glb"``)."""
    bare = url.split("?", 1)[0].split("#", 1)[0]
    dot = bare.rfind(".")
    return bare[dot:].lower() if dot > bare.rfind("/") else ""


def _decode_data_url(url: str) -> bytes:
    """Bytes of a ``data:`` url: the glTF JSON text right after ``data:`` (Babylon's direct
    load), else ``data:[<mediatype>][;base64],<payload>``."""
    body = url[5:]
    if body.lstrip().startswith("{"):
        return body.encode("utf-8")
    header, comma, payload = body.partition(",")
    if not comma:
        raise GltfLoadError(
            "LITE-GLTF-001",
            "the data: url has no ',' before its payload",
            input_name="data:",
            hint="pass 'data:model/gltf-binary;base64,<payload>' or 'data:' + the glTF JSON",
        )
    if header.endswith("base64"):
        try:
            return base64.b64decode(payload, validate=True)
        except (binascii.Error, ValueError) as exc:
            raise GltfLoadError(
                "LITE-GLTF-001",
                "the data: url payload is not valid base64",
                input_name="data:",
                hint="pass 'data:model/gltf-binary;base64,<payload>' or 'data:' + the glTF JSON",
            ) from exc
    return unquote(payload).encode("utf-8")


def _read(info: _FileInfo, pluginExtension: str | None) -> _Loaded:
    """Choose the plugin, read the bytes and let :func:`lite.read_gltf_document` validate
    and decode them (port of ``loadDataAsync`` for the glTF plugin only)."""
    if info.rawData is not None and not pluginExtension:
        raise GltfLoadError(
            "LITE-GLTF-020",
            "When using ArrayBufferView to load data the file extension must be provided.",
            hint="pass pluginExtension='.glb' (or '.gltf') with bytes",
        )
    is_data_url = info.url.startswith("data:")
    extension = (pluginExtension or ("" if is_data_url else _extension_of(info.url))).lower()
    if extension and not extension.startswith("."):
        extension = "." + extension
    if extension not in (".gltf", ".glb") and not (is_data_url and not extension):
        raise UnsupportedError(
            "LITE-UNSUP-001",
            f"No plugin or fallback for {pluginExtension or info.url!r}: lite_compat loads "
            "glTF 2.0 (.gltf, .glb) only",
            hint="convert the asset to glTF 2.0",
        )
    _plugin_activated.notifyObservers(_GLTF_PLUGIN)
    base_dir: str | None = None
    if info.path is not None:
        path: Path | None = info.path
    elif info.rawData is not None or is_data_url:
        path = None
    else:
        lowered = info.url.lower()
        if "://" in lowered or lowered.startswith(("blob:", "file:")):
            raise UnsupportedError(
                "LITE-UNSUP-001",
                f"cannot fetch {info.url!r}: lite_compat reads local files, bytes and data: urls",
                hint="download the file first and pass its path or bytes",
            )
        path = Path(info.url)
    if path is None:
        data = info.rawData if info.rawData is not None else _decode_data_url(info.url)
        if info.rootUrl and "://" not in info.rootUrl and Path(info.rootUrl).is_dir():
            base_dir = info.rootUrl
        document, gltf = _read_gltf_document(data, base_dir)
        return _Loaded(document, gltf, info.url or "binary data", len(data))
    # The path goes to lite's one guarded reader (lite.read_gltf_document): a FIFO, a device
    # (/dev/zero) or a folder is refused with LITE-GLTF-012 before a byte is read, so nothing
    # here opens the path itself (a read_bytes() here hung on a FIFO).
    # (A missing or unreadable file is lite's LITE-GLTF-001, naming the path.)
    document, gltf = _read_gltf_document(str(path), base_dir)
    return _Loaded(document, gltf, info.url or "binary data", _size(path))


def _size(path: Path) -> int:
    """The byte size of a file lite just read (0 if it went away since)."""
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _read_gltf_document(
    source: str | bytes, base_dir: str | None
) -> tuple[GltfDocument, dict[str, Any]]:
    """The one call into lite's glTF reader: one validated read of the file, and its JSON.

    ``source`` is what lite reads (a path or the bytes). lite warns (``LITE-GLTF-W01``) about
    pointers outside its own registry; the pointers Babylon maps are decided by the builder,
    so those are dropped here, by their code, and every other warning is passed on.
    """
    document = read_gltf_document(source, base_dir=base_dir, emit_warnings=False)
    for warning in document.warnings:
        if warning.code != _W_POINTER:
            warnings.warn(warning, stacklevel=5)
    return document, document.json


def _scene_or_last(scene: Any, what: str) -> Any:
    resolved = resolve_scene(scene)
    if resolved is None:
        raise GltfLoadError("LITE-GLTF-020", f"No scene available to {what}")
    return resolved


def _node_indices(gltf: Mapping[str, Any], meshNames: object) -> list[int] | None:
    """``importMeshAsync``'s ``meshesNames`` filter: glTF node names to node indices."""
    if meshNames is None or meshNames == "":
        return None
    node_map: dict[str, int] = {}
    for i, node in enumerate(gltf.get("nodes") or []):
        if node.get("name"):
            node_map[node["name"]] = i
    names = list(meshNames) if isinstance(meshNames, list | tuple) else [meshNames]
    indices: list[int] = []
    for name in names:
        if name not in node_map:
            raise GltfLoadError(
                "LITE-GLTF-021",
                f"Failed to find node '{name}'",
                input_name="meshNames",
                hint="meshNames are glTF node names",
            )
        indices.append(node_map[name])
    return indices


def _run(
    mode: str,
    meshNames: object,
    rootUrl: str,
    sceneFilename: Source | None,
    scene: Any,
    onProgress: Callable[[ISceneLoaderProgressEvent], object] | None,
    pluginExtension: str | None,
    pluginOptions: object,
) -> tuple[_GLTFLoader, AssetContainer | None]:
    info = _get_file_info(rootUrl or "", sceneFilename)
    options = _Options.parse(pluginOptions)
    loaded = _read(info, pluginExtension)
    if onProgress is not None:
        js_callable(onProgress, 1)(ISceneLoaderProgressEvent(True, loaded.size, loaded.size))
    nodes = _node_indices(loaded.gltf, meshNames) if mode == "import" else None
    container = AssetContainer(scene) if mode == "container" else None
    loader = _GLTFLoader(scene, loaded, options, container)
    loader.load(nodes)
    if container is not None:
        loader.fill_container(container)
        container._takeFromScene()
        container.populateRootNodes()
    return loader, container


async def ImportMeshAsync(
    source: Source, scene: Scene | None = None, options: object = None
) -> ISceneLoaderAsyncResult:
    """Import meshes (Babylon.js 9.x ``ImportMeshAsync(source, scene, options)``).

    Parameters
    ----------
    source
        A path (``str`` or ``os.PathLike``) to a ``.gltf``/``.glb`` file, its bytes (give
        ``pluginExtension``), or a ``data:`` url.
    scene
        Target scene (``None``: the last created scene).
    options
        Dict or object with ``meshNames`` (glTF node names; all nodes when None or ""),
        ``rootUrl``, ``onProgress``, ``pluginExtension`` (``".glb"``/``".gltf"``), ``name``,
        ``pluginOptions`` (``{"gltf": {"animationStartMode": ..., "targetFps": ..., ...}}``).

    Returns
    -------
    ISceneLoaderAsyncResult
        ``meshes`` (``__root__`` first), ``skeletons``, ``animationGroups``, ``lights``,
        ``transformNodes``, ``geometries`` (``particleSystems``/``spriteManagers`` empty).

    Raises
    ------
    GltfLoadError
        Malformed file (the code of :func:`lite.read_gltf_document`), bytes without
        ``pluginExtension``, an unknown node in ``meshNames``.
    UnsupportedError
        Another format, or a remote url.
    """
    target = _scene_or_last(scene, "import mesh to")
    loader, _ = _run(
        "import",
        _get(options, "meshNames"),
        _get(options, "rootUrl") or "",
        source,
        target,
        _get(options, "onProgress"),
        _get(options, "pluginExtension"),
        _get(options, "pluginOptions"),
    )
    return loader.result()


async def AppendSceneAsync(
    source: Source, scene: Scene | None = None, options: object = None
) -> None:
    """Load everything of ``source`` into ``scene`` (Babylon.js 9.x ``AppendSceneAsync``).

    ``options``: ``rootUrl``, ``onProgress``, ``pluginExtension``, ``name``,
    ``pluginOptions`` (see :func:`ImportMeshAsync`).
    """
    target = _scene_or_last(scene, "append to")
    _run(
        "append",
        None,
        _get(options, "rootUrl") or "",
        source,
        target,
        _get(options, "onProgress"),
        _get(options, "pluginExtension"),
        _get(options, "pluginOptions"),
    )


async def LoadAssetContainerAsync(
    source: Source, scene: Scene | None = None, options: object = None
) -> AssetContainer:
    """Load ``source`` into an :class:`~lite_compat.scene.asset_container.AssetContainer` whose
    objects are not in the scene until ``addAllToScene()`` (Babylon.js 9.x
    ``LoadAssetContainerAsync``; options as :func:`AppendSceneAsync`)."""
    target = _scene_or_last(scene, "load asset container to")
    _, container = _run(
        "container",
        None,
        _get(options, "rootUrl") or "",
        source,
        target,
        _get(options, "onProgress"),
        _get(options, "pluginExtension"),
        _get(options, "pluginOptions"),
    )
    assert container is not None  # mode "container"
    return container


async def LoadSceneAsync(
    source: Source, engine: NullEngine | None = None, options: object = None
) -> Scene:
    """Create a scene on ``engine`` and append ``source`` to it (Babylon.js 9.x
    ``LoadSceneAsync``); the scene is disposed if loading fails."""
    resolved = engine if engine is not None else EngineStore.LastCreatedEngine()
    if resolved is None:
        raise GltfLoadError("LITE-GLTF-020", "No engine available")
    scene = Scene(cast(NullEngine, resolved))
    try:
        await AppendSceneAsync(source, scene, options)
    except BaseException:
        scene.dispose()
        raise
    return scene


def _import_animations(
    rootUrl: str,
    sceneFilename: Source | None,
    scene: Any,
    overwriteAnimations: bool | None,
    animationGroupLoadingMode: object,
    targetConverter: Callable[[Any], Any] | None,
    onProgress: Callable[[ISceneLoaderProgressEvent], object] | None,
    pluginExtension: str | None,
    pluginOptions: object = None,
) -> None:
    """Port of ``importAnimationsCoreAsync``: clear or keep the scene's animations, load the
    file into a container, merge its animations onto the scene's nodes of the same names."""
    target = resolve_scene(scene)
    if target is None:
        raise GltfLoadError("LITE-GLTF-020", "No scene available to load animations to")
    ts: Any = target
    mode = (
        SceneLoaderAnimationGroupLoadingMode.Clean
        if animationGroupLoadingMode is None
        else animationGroupLoadingMode
    )
    if overwriteAnimations is None or overwriteAnimations:
        for animatable in list(ts.animatables):
            animatable.reset()
        ts.stopAllAnimations()
        for group in list(ts.animationGroups):
            group.dispose()
        for node in ts.getNodes():
            if getattr(node, "animations", None):
                node.animations = []
    elif mode == SceneLoaderAnimationGroupLoadingMode.Clean:
        for group in list(ts.animationGroups):
            group.dispose()
    elif mode == SceneLoaderAnimationGroupLoadingMode.Stop:
        for group in ts.animationGroups:
            group.stop()
    elif mode == SceneLoaderAnimationGroupLoadingMode.Sync:
        for group in ts.animationGroups:
            group.reset()
            group.restart()
    elif mode != SceneLoaderAnimationGroupLoadingMode.NoSync:
        raise LiteError(
            "LITE-COMPAT-125",
            f"Unknown animation group loading mode value '{animationGroupLoadingMode}'",
            hint="pass a SceneLoaderAnimationGroupLoadingMode (Clean, Stop, Sync, NoSync)",
            input_name="animationGroupLoadingMode",
        )
    start = len(ts.animatables)
    _, container = _run(
        "container", None, rootUrl, sceneFilename, ts, onProgress, pluginExtension, pluginOptions
    )
    assert container is not None  # mode "container"
    container.mergeAnimationsTo(ts, list(ts.animatables[start:]), targetConverter)
    container.dispose()
    ts.onAnimationFileImportedObservable.notifyObservers(ts)


async def ImportAnimationsAsync(
    source: Source, scene: Scene | None = None, options: object = None
) -> None:
    """Import the animations of ``source`` onto ``scene``'s nodes of the same names (Babylon.js
    9.x ``ImportAnimationsAsync``).

    ``options``: ``rootUrl``, ``overwriteAnimations`` (True: stop and dispose the scene's
    animations first), ``animationGroupLoadingMode`` (a
    :class:`SceneLoaderAnimationGroupLoadingMode`, used when not overwriting),
    ``targetConverter`` (file node -> scene node; by name by default), ``onProgress``,
    ``pluginExtension``, ``name``, ``pluginOptions``.
    """
    _import_animations(
        _get(options, "rootUrl") or "",
        source,
        scene,
        _get(options, "overwriteAnimations"),
        _get(options, "animationGroupLoadingMode"),
        _get(options, "targetConverter"),
        _get(options, "onProgress"),
        _get(options, "pluginExtension"),
        _get(options, "pluginOptions"),
    )


class SceneLoader:
    """Babylon.js ``SceneLoader``'s promise-returning statics (the legacy signatures).

    Examples
    --------
    >>> import asyncio
    >>> from lite_compat import NullEngine, Scene
    >>> scene = Scene(NullEngine())
    >>> result = asyncio.run(
    ...     SceneLoader.ImportMeshAsync("", "tests/fixtures/", "rigged_figure.glb", scene)
    ... )
    >>> [m.name for m in result.meshes], scene.animationGroups[0].name
    (['__root__', 'Body'], 'Walk')
    """

    ShowLoadingScreen: bool = False
    loggingLevel: int = 0
    CleanBoneMatrixWeights: bool = False
    ForceFullSceneLoadingForIncremental: bool = False
    #: ``loggingLevel`` values.
    NO_LOGGING: int = 0
    MINIMAL_LOGGING: int = 1
    SUMMARY_LOGGING: int = 2
    DETAILED_LOGGING: int = 3
    #: Raised with the plugin each time a load picks one.
    OnPluginActivatedObservable: Observable[Any] = _plugin_activated

    # -- plugins -------------------------------------------------------------------------------

    @staticmethod
    def GetDefaultPlugin() -> Any:
        """The ``.babylon`` plugin entry (None: lite_compat has no ``.babylon`` loader)."""
        return _registered_plugins.get(".babylon")

    @staticmethod
    def GetPluginForExtension(extension: str) -> Any:
        """The plugin registered for ``extension`` (``".glb"``), else the default plugin
        (with Babylon's warning)."""
        found = _plugin_for_extension(extension, True)
        return found.plugin if found is not None else None

    @staticmethod
    def IsPluginForExtensionAvailable(extension: str) -> bool:
        """Whether a plugin is registered for ``extension`` (exact, lower-case key)."""
        return extension in _registered_plugins

    @staticmethod
    def RegisterPlugin(plugin: Any) -> None:
        """Register ``plugin`` for its ``extensions`` (a string or ``{ext: {isBinary}}``);
        loading still reads glTF with lite's reader."""
        _register_plugin(plugin)

    # -- callback forms (run now; see the module notes) ----------------------------------------

    @staticmethod
    def ImportMesh(
        meshNames: object,
        rootUrl: str = "",
        sceneFilename: Source | None = "",
        scene: Scene | None = None,
        onSuccess: Callable[..., object] | None = None,
        onProgress: Callable[[ISceneLoaderProgressEvent], object] | None = None,
        onError: Callable[..., object] | None = None,
        pluginExtension: str | None = None,
        name: str = "",
        pluginOptions: object = None,
    ) -> None:
        """Import meshes and call ``onSuccess(meshes, particleSystems, skeletons,
        animationGroups, transformNodes, geometries, lights, spriteManagers)``; a failure
        calls ``onError(scene, message, exception)`` (or logs the message)."""
        report = resolve_scene(scene)
        try:
            target = _scene_or_last(scene, "import mesh to")
            loader, _ = _run(
                "import",
                meshNames,
                rootUrl,
                sceneFilename,
                target,
                onProgress,
                pluginExtension,
                pluginOptions,
            )
            r = loader.result()
            if onSuccess is not None:
                js_callable(onSuccess, 8)(
                    r.meshes,
                    r.particleSystems,
                    r.skeletons,
                    r.animationGroups,
                    r.transformNodes,
                    r.geometries,
                    r.lights,
                    r.spriteManagers,
                )
        except Exception as error:  # noqa: BLE001 - Babylon reports every failure to onError
            _report(onError, report, error)

    @staticmethod
    def Load(
        rootUrl: str,
        sceneFilename: Source | None = "",
        engine: NullEngine | None = None,
        onSuccess: Callable[[Scene], object] | None = None,
        onProgress: Callable[[ISceneLoaderProgressEvent], object] | None = None,
        onError: Callable[..., object] | None = None,
        pluginExtension: str | None = None,
        name: str = "",
    ) -> None:
        """Create a scene, load everything into it, then ``onSuccess(scene)``."""
        try:
            loaded = _sync(
                SceneLoader.LoadAsync(
                    rootUrl, sceneFilename, engine, onProgress, pluginExtension, name
                )
            )
            if onSuccess is not None:
                js_callable(onSuccess, 1)(loaded)
        except Exception as error:  # noqa: BLE001 - Babylon reports every failure to onError
            _report(onError, EngineStore.LastCreatedScene(), error)

    @staticmethod
    def Append(
        rootUrl: str,
        sceneFilename: Source | None = "",
        scene: Scene | None = None,
        onSuccess: Callable[[Scene], object] | None = None,
        onProgress: Callable[[ISceneLoaderProgressEvent], object] | None = None,
        onError: Callable[..., object] | None = None,
        pluginExtension: str | None = None,
        name: str = "",
    ) -> None:
        """Append everything to ``scene``, then ``onSuccess(scene)``."""
        report = resolve_scene(scene)
        try:
            appended = _sync(
                SceneLoader.AppendAsync(
                    rootUrl, sceneFilename, scene, onProgress, pluginExtension, name
                )
            )
            if onSuccess is not None:
                js_callable(onSuccess, 1)(appended)
        except Exception as error:  # noqa: BLE001 - Babylon reports every failure to onError
            _report(onError, report, error)

    @staticmethod
    def LoadAssetContainer(
        rootUrl: str,
        sceneFilename: Source | None = "",
        scene: Scene | None = None,
        onSuccess: Callable[[AssetContainer], object] | None = None,
        onProgress: Callable[[ISceneLoaderProgressEvent], object] | None = None,
        onError: Callable[..., object] | None = None,
        pluginExtension: str | None = None,
        name: str = "",
    ) -> None:
        """Load into an asset container, then ``onSuccess(container)``."""
        report = resolve_scene(scene)
        try:
            container = _sync(
                SceneLoader.LoadAssetContainerAsync(
                    rootUrl, sceneFilename, scene, onProgress, pluginExtension, name
                )
            )
            if onSuccess is not None:
                js_callable(onSuccess, 1)(container)
        except Exception as error:  # noqa: BLE001 - Babylon reports every failure to onError
            _report(onError, report, error)

    @staticmethod
    def ImportAnimations(
        rootUrl: str,
        sceneFilename: Source | None = "",
        scene: Scene | None = None,
        overwriteAnimations: bool = True,
        animationGroupLoadingMode: SceneLoaderAnimationGroupLoadingMode = (
            SceneLoaderAnimationGroupLoadingMode.Clean
        ),
        targetConverter: Callable[[Any], Any] | None = None,
        onSuccess: Callable[[Scene], object] | None = None,
        onProgress: Callable[[ISceneLoaderProgressEvent], object] | None = None,
        onError: Callable[..., object] | None = None,
        pluginExtension: str | None = None,
        name: str = "",
    ) -> None:
        """Import the file's animations onto ``scene``'s nodes (see
        :func:`ImportAnimationsAsync`), then ``onSuccess(scene)``."""
        report = resolve_scene(scene)
        try:
            _import_animations(
                rootUrl,
                sceneFilename,
                scene,
                overwriteAnimations,
                animationGroupLoadingMode,
                targetConverter,
                onProgress,
                pluginExtension,
            )
            if onSuccess is not None:
                js_callable(onSuccess, 1)(cast(Scene, report))
        except Exception as error:  # noqa: BLE001 - Babylon reports every failure to onError
            _report(onError, report, error)

    @staticmethod
    async def ImportAnimationsAsync(
        rootUrl: str,
        sceneFilename: Source | None = "",
        scene: Scene | None = None,
        overwriteAnimations: bool = True,
        animationGroupLoadingMode: SceneLoaderAnimationGroupLoadingMode = (
            SceneLoaderAnimationGroupLoadingMode.Clean
        ),
        targetConverter: Callable[[Any], Any] | None = None,
        onSuccess: Callable[[Scene], object] | None = None,
        onProgress: Callable[[ISceneLoaderProgressEvent], object] | None = None,
        onError: Callable[..., object] | None = None,
        pluginExtension: str | None = None,
        name: str = "",
    ) -> Scene:
        """Import the file's animations onto ``scene``'s nodes; returns the scene
        (``onSuccess``/``onError`` are ignored, as in Babylon.js)."""
        target = resolve_scene(scene)
        _import_animations(
            rootUrl,
            sceneFilename,
            target,
            overwriteAnimations,
            animationGroupLoadingMode,
            targetConverter,
            onProgress,
            pluginExtension,
        )
        return cast(Scene, target)

    # -- promise forms -------------------------------------------------------------------------

    @staticmethod
    async def ImportMeshAsync(
        meshNames: object,
        rootUrl: str = "",
        sceneFilename: Source | None = "",
        scene: Scene | None = None,
        onProgress: Callable[[ISceneLoaderProgressEvent], object] | None = None,
        pluginExtension: str | None = None,
        name: str = "",
    ) -> ISceneLoaderAsyncResult:
        """Import meshes: ``meshNames`` (node names, or ``""``/None for all), ``rootUrl`` +
        ``sceneFilename`` (a file name, a path, bytes with ``pluginExtension``, or a
        ``data:`` url). See :func:`ImportMeshAsync`."""
        target = _scene_or_last(scene, "import mesh to")
        loader, _ = _run(
            "import", meshNames, rootUrl, sceneFilename, target, onProgress, pluginExtension, None
        )
        return loader.result()

    @staticmethod
    async def AppendAsync(
        rootUrl: str,
        sceneFilename: Source | None = "",
        scene: Scene | None = None,
        onProgress: Callable[[ISceneLoaderProgressEvent], object] | None = None,
        pluginExtension: str | None = None,
        name: str = "",
    ) -> Scene:
        """Append everything to ``scene``; returns the scene."""
        target = _scene_or_last(scene, "append to")
        _run("append", None, rootUrl, sceneFilename, target, onProgress, pluginExtension, None)
        return target  # type: ignore[no-any-return]

    @staticmethod
    async def LoadAssetContainerAsync(
        rootUrl: str,
        sceneFilename: Source | None = "",
        scene: Scene | None = None,
        onProgress: Callable[[ISceneLoaderProgressEvent], object] | None = None,
        pluginExtension: str | None = None,
        name: str = "",
    ) -> AssetContainer:
        """Load into an asset container (objects kept out of the scene)."""
        target = _scene_or_last(scene, "load asset container to")
        _, container = _run(
            "container", None, rootUrl, sceneFilename, target, onProgress, pluginExtension, None
        )
        assert container is not None  # mode "container"
        return container

    @staticmethod
    async def LoadAsync(
        rootUrl: str,
        sceneFilename: Source | None = "",
        engine: NullEngine | None = None,
        onProgress: Callable[[ISceneLoaderProgressEvent], object] | None = None,
        pluginExtension: str | None = None,
        name: str = "",
    ) -> Scene:
        """Create a scene on ``engine`` and load everything into it."""
        resolved = engine if engine is not None else EngineStore.LastCreatedEngine()
        if resolved is None:
            raise GltfLoadError("LITE-GLTF-020", "No engine available")
        scene = Scene(cast(NullEngine, resolved))
        try:
            _run("append", None, rootUrl, sceneFilename, scene, onProgress, pluginExtension, None)
        except BaseException:
            scene.dispose()
            raise
        return scene
