"""Port of compat_surface_boilerplate.mjs against lite_compat.

Babylon.js 9.31 playground boilerplate (issue 29, item 9): engine and scene creation,
``scene.clearColor``, ``isReady`` / ``executeWhenReady`` / ``whenReadyAsync`` with pending data,
the ``onDispose`` setter, ``uid`` (its shape), ``useRightHandedSystem``,
``getDeterministicFrameTime``, the scene's plain settings and active-camera switches; the
engine's hardware scaling, ``resize``, ``getRenderingCanvas``, ``maxFPS``, the frame settings,
``performanceMonitor``, ``QueueNewFrame`` and constants; Babylon 7+'s module-level loaders on
a small .glb generated here.

Port notes: the script runs in ``asyncio.run`` (Node's event loop): ``await`` is ``await``,
``new Promise(resolve => QueueNewFrame(resolve))`` is a future resolved by the frame callback.
JavaScript's ``undefined`` is ``None``; ``Infinity`` / ``NaN`` are printed as strings on both
sides. Observer callbacks declare Babylon's two parameters (eventData, eventState).
"""

from __future__ import annotations

import asyncio
import json
import math
import re
import struct
from typing import Any

import lite_compat as BABYLON  # noqa: N812 - the spelling every port uses
from lite_compat import (
    AbstractEngine,
    Color4,
    Engine,
    FreeCamera,
    GetRegisteredSceneLoaderPluginMetadata,
    ImportMeshAsync,
    IsDocumentAvailable,
    IsWindowObjectExist,
    NullEngine,
    PerformanceMonitor,
    QueueNewFrame,
    RegisterSceneLoaderPlugin,
    Scene,
    Vector3,
    appendSceneAsync,
    importAnimationsAsync,
    loadAssetContainerAsync,
    loadSceneAsync,
    registerSceneLoaderPlugin,
)

UID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")


def rgba(c: Any) -> list[float]:
    return [c.r, c.g, c.b, c.a]


def rgb(c: Any) -> list[float]:
    return [c.r, c.g, c.b]


def xyz(v: Any) -> list[float]:
    return [v.x, v.y, v.z]


def num(x: float) -> float | str:
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    return x


async def main() -> dict[str, Any]:
    out: dict[str, Any] = {}

    # -- engine and scene ---------------------------------------------------------------------
    engine = NullEngine()
    scene = Scene(engine)
    camera = FreeCamera("camera1", Vector3(0, 5, -10), scene)
    camera.setTarget(Vector3.Zero())

    out["scene"] = {
        "clearColor": rgba(scene.clearColor),
        "clearColorClass": scene.clearColor.getClassName(),
        "ambientColor": rgb(scene.ambientColor),
        "fog": [
            scene.fogEnabled,
            scene.fogMode,
            rgb(scene.fogColor),
            scene.fogDensity,
            scene.fogStart,
            scene.fogEnd,
        ],
        "fogModes": [
            Scene.FOGMODE_NONE,
            Scene.FOGMODE_EXP,
            Scene.FOGMODE_EXP2,
            Scene.FOGMODE_LINEAR,
        ],
        "gravity": xyz(scene.gravity),
        "flags": [
            scene.autoClear,
            scene.autoClearDepthAndStencil,
            scene.collisionsEnabled,
            scene.lightsEnabled,
            scene.texturesEnabled,
            scene.skeletonsEnabled,
        ],
        "useRightHandedSystem": scene.useRightHandedSystem,
        "deterministicFrameTime": scene.getDeterministicFrameTime(),
        "onReadyTimeoutDuration": scene.onReadyTimeoutDuration,
        "onDisposeIsUndefined": scene.onDispose is None,
    }
    scene.useRightHandedSystem = True
    out["scene"]["useRightHandedSystemSet"] = scene.useRightHandedSystem
    lockstep = Scene(NullEngine({"timeStep": 1 / 30}))
    out["scene"]["deterministicFrameTime30"] = lockstep.getDeterministicFrameTime()

    clear_color_events: list[list[float]] = []
    scene.onClearColorChangedObservable.add(lambda c, _state: clear_color_events.append(rgba(c)))
    color = Color4(0.1, 0.2, 0.3, 1)
    scene.clearColor = color
    scene.clearColor = color
    scene.clearColor.r = 0.5
    out["clearColor"] = {
        "events": clear_color_events,
        "after": rgba(scene.clearColor),
        "same": scene.clearColor is color,
    }

    out["uid"] = {
        "shape": bool(UID.match(scene.uid)),
        "stable": scene.uid == scene.uid,
        "distinct": scene.uid != lockstep.uid,
        "type": "string" if isinstance(scene.uid, str) else type(scene.uid).__name__,
    }

    # -- readiness ----------------------------------------------------------------------------
    ready: dict[str, Any] = {
        "now": scene.isReady(),
        "nowNoTargets": scene.isReady(False),
        "calls": [],
    }
    scene.executeWhenReady(
        lambda s, state: ready["calls"].append(
            ["first", s is scene, "object" if state else "undefined"]
        )
    )
    ready["callsAfterReady"] = len(ready["calls"])
    scene.addPendingData("texture")
    ready["pending"] = [scene.isReady(), scene.getWaitingItemsCount(), scene.isLoading]
    scene.executeWhenReady(lambda: ready["calls"].append(["second"]))
    ready["callsWhilePending"] = len(ready["calls"])
    scene.removePendingData("texture")
    ready["callsAfterRemove"] = len(ready["calls"])
    await scene.whenReadyAsync()
    ready["callsAfterAwait"] = [c[0] for c in ready["calls"]]
    ready["whenReadyReturns"] = (await scene.whenReadyAsync()) is None
    out["ready"] = ready

    # -- active camera ------------------------------------------------------------------------
    camera2 = FreeCamera("camera2", Vector3(1, 2, 3), scene)
    camera2.id = "cam2"
    switched: list[str] = []
    on_switch = scene.onActiveCameraChanged.add(lambda *_: switched.append(scene.activeCamera.name))
    out["cameras"] = {
        "active": scene.activeCamera.name,
        "byName": scene.setActiveCameraByName("camera2").name,
        "afterByName": scene.activeCamera.name,
        "missing": scene.setActiveCameraByName("nope"),
        "byId": scene.setActiveCameraById("camera1").name,
    }
    scene.switchActiveCamera(camera2)
    out["cameras"]["afterSwitch"] = scene.activeCamera.name
    out["cameras"]["changed"] = switched
    scene.activeCamera = camera
    # Off again: disposing the scene later releases the active camera (no name to read).
    scene.onActiveCameraChanged.remove(on_switch)

    # -- engine -------------------------------------------------------------------------------
    resized: list[int] = []
    engine.onResizeObservable.add(lambda *_: resized.append(engine.getRenderWidth()))
    out["engine"] = {
        "hardwareScaling": engine.getHardwareScalingLevel(),
        "canvasIsUndefined": engine.getRenderingCanvas() is None,
        "size": [engine.getRenderWidth(), engine.getRenderHeight()],
        "maxFPSUndefined": engine.maxFPS is None,
        "renderEvenInBackground": engine.renderEvenInBackground,
        "customAnimationFrameRequester": engine.customAnimationFrameRequester,
        "skipFrameRender": engine.skipFrameRender,
        "enableOfflineSupport": engine.enableOfflineSupport,
        "aspectRatio": engine.getAspectRatio(camera),
        "screenAspectRatio": engine.getScreenAspectRatio(),
        "isWebGPU": engine.isWebGPU,
        "allEffectsReady": engine.areAllEffectsReady(),
        "statics": [
            Engine.ALPHA_COMBINE,
            Engine.ALPHA_ADD,
            Engine.TEXTURE_TRILINEAR_SAMPLINGMODE,
            Engine.DELAYLOADSTATE_LOADED,
            Engine.LEQUAL,
            Engine.IsSupported,
            NullEngine.ALPHA_PREMULTIPLIED,
        ],
        "abstract": isinstance(engine, AbstractEngine),
    }
    engine.setHardwareScalingLevel(2)
    out["engine"]["hardwareScalingAfterSet"] = engine.getHardwareScalingLevel()
    out["engine"]["resizeReturns"] = engine.resize() is None
    engine.resize(True)
    out["engine"]["sizeAfterResize"] = [engine.getRenderWidth(), engine.getRenderHeight()]
    out["engine"]["resizeEvents"] = resized
    engine.maxFPS = 30
    out["engine"]["maxFPS"] = engine.maxFPS
    engine.renderEvenInBackground = False
    engine.skipFrameRender = True
    engine.enableOfflineSupport = True
    out["engine"]["set"] = [
        engine.renderEvenInBackground,
        engine.skipFrameRender,
        engine.enableOfflineSupport,
    ]
    out["page"] = [IsWindowObjectExist(), IsDocumentAvailable()]

    pm = engine.performanceMonitor
    out["engine"]["monitor"] = {"isEnabled": pm.isEnabled, "className": "PerformanceMonitor"}
    monitor = PerformanceMonitor(3)

    def sample() -> list[Any]:
        return [
            num(monitor.averageFrameTime),
            num(monitor.instantaneousFrameTime),
            num(monitor.averageFPS),
            num(monitor.instantaneousFPS),
            monitor.isSaturated,
            num(monitor.averageFrameTimeVariance),
        ]

    samples = [sample()]
    for t in (0, 16, 48, 50, 100):
        monitor.sampleFrame(t)
        samples.append(sample())
    monitor.disable()
    monitor.sampleFrame(200)
    samples.append([monitor.isEnabled, *sample()])
    monitor.enable()
    monitor.sampleFrame(300)
    monitor.sampleFrame(310)
    samples.append(sample())
    monitor.reset()
    samples.append(sample())
    out["monitor"] = samples

    requested: list[str] = []

    def request(f: Any) -> int:
        requested.append("requested")
        f()
        return 7

    handle = QueueNewFrame(lambda: requested.append("ran"), {"requestAnimationFrame": request})
    done: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def on_frame() -> None:
        requested.append("timer")
        done.set_result(None)

    QueueNewFrame(on_frame)
    await done
    out["queueNewFrame"] = {
        "requested": requested,
        "handle": handle,
        "static": Engine.QueueNewFrame is QueueNewFrame,
    }

    disposed: list[Any] = []
    other = Scene(engine)
    other.onDispose = lambda: disposed.append("first")
    other.onDispose = lambda s: disposed.append(["second", s is other])
    other.dispose()
    out["onDispose"] = disposed

    # -- module-level loaders on a generated glTF ----------------------------------------------
    times = struct.pack("<3f", 0, 1, 2)
    values = struct.pack("<9f", 0, 0, 0, 2, 0, 0, 2, 3, 0)
    binary = times + values
    gltf = {
        "asset": {"version": "2.0"},
        "scene": 0,
        "scenes": [{"nodes": [0]}],
        "nodes": [{"name": "root", "children": [1]}, {"name": "mover", "translation": [0, 0, 0]}],
        "buffers": [{"byteLength": len(binary)}],
        "bufferViews": [
            {"buffer": 0, "byteOffset": 0, "byteLength": len(times)},
            {"buffer": 0, "byteOffset": len(times), "byteLength": len(values)},
        ],
        "accessors": [
            {
                "bufferView": 0,
                "componentType": 5126,
                "count": 3,
                "type": "SCALAR",
                "min": [0],
                "max": [2],
            },
            {"bufferView": 1, "componentType": 5126, "count": 3, "type": "VEC3"},
        ],
        "animations": [
            {
                "name": "slide",
                "channels": [{"sampler": 0, "target": {"node": 1, "path": "translation"}}],
                "samplers": [{"input": 0, "output": 1}],
            }
        ],
    }

    def glb() -> bytes:
        text = json.dumps(gltf, separators=(",", ":")).encode()
        text += b" " * (-len(text) % 4)
        total = 12 + 8 + len(text) + 8 + len(binary)
        return (
            struct.pack("<III", 0x46546C67, 2, total)
            + struct.pack("<II", len(text), 0x4E4F534A)
            + text
            + struct.pack("<II", len(binary), 0x004E4942)
            + binary
        )

    source = glb
    options = {"pluginExtension": ".glb"}

    def names(items: list[Any]) -> list[str]:
        return sorted(o.name for o in items)

    def sample_group(group: Any, frame: float) -> list[float]:
        group.goToFrame(frame)
        return xyz(group.targetedAnimations[0].target.position)

    load_scene = Scene(engine)
    container = await loadAssetContainerAsync(source(), load_scene, options)
    out["container"] = {
        "nodes": names(container.transformNodes),
        "meshes": names(container.meshes),
        "groups": names(container.animationGroups),
        "inSceneBefore": len(load_scene.animationGroups),
    }
    container.addAllToScene()
    out["container"]["inSceneAfter"] = names(load_scene.animationGroups)
    out["container"]["at30"] = sample_group(load_scene.animationGroups[0], 30)
    out["container"]["at45"] = sample_group(load_scene.animationGroups[0], 45)

    append_target = Scene(engine)
    appended = await appendSceneAsync(source(), append_target, options)
    out["append"] = {
        "returns": appended is None,
        "groups": names(append_target.animationGroups),
        "nodes": names(append_target.transformNodes),
        "meshes": names(append_target.meshes),
    }
    await importAnimationsAsync(source(), append_target, {**options, "overwriteAnimations": True})
    out["append"]["afterImport"] = names(append_target.animationGroups)
    out["append"]["importedAt60"] = sample_group(append_target.animationGroups[0], 60)

    loaded = await loadSceneAsync(source(), engine, options)
    out["loadScene"] = {
        "isScene": isinstance(loaded, Scene),
        "groups": names(loaded.animationGroups),
        "nodes": names(loaded.transformNodes),
        "inEngine": loaded in engine.scenes,
    }
    imported = await ImportMeshAsync(source(), load_scene, options)
    out["importMesh"] = {
        "meshes": names(imported.meshes),
        "groups": names(imported.animationGroups),
        "nodes": names(imported.transformNodes),
    }

    RegisterSceneLoaderPlugin({"name": "fakeA", "extensions": ".fakea"})
    registerSceneLoaderPlugin(
        {
            "name": "fakeB",
            "extensions": {
                ".FB1": {"isBinary": True},
                ".fb2": {"isBinary": False, "mimeType": "model/fb"},
            },
        }
    )
    metadata = GetRegisteredSceneLoaderPluginMetadata()

    def pick(name: str) -> list[list[Any]] | None:
        for entry in metadata:
            if entry["name"] == name:
                return [[e["extension"], e["isBinary"], e["mimeType"]] for e in entry["extensions"]]
        return None

    out["plugins"] = {"gltf": pick("gltf"), "fakeA": pick("fakeA"), "fakeB": pick("fakeB")}
    assert BABYLON.loadSceneAsync is loadSceneAsync
    return out


print(json.dumps(asyncio.run(main())))
