# parity: {"atol": 1e-5, "rtol": 1e-5}
"""Port of compat_surface_scene_loading.mjs against lite_compat.

Babylon.js 9.31 loading surface: SceneLoader's callback forms, ImportAnimations /
ImportAnimationsAsync / the 9.x ImportAnimationsAsync with each
SceneLoaderAnimationGroupLoadingMode, the plugin registry and logging constants;
AssetContainer moveAllFromScene, createRootMesh, addAllAssetsToContainer, mergeAnimationsTo,
tag queries and InstantiatedEntries.

Port notes: the Node script wraps each callback form in ``await new Promise(...)`` because
Babylon calls ``onSuccess`` on a later tick; lite_compat runs the load and calls it before the
call returns, so the port calls it directly. ``await`` of the promise forms is ``asyncio.run``.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from lite_compat import (
    AssetContainer,
    ImportAnimationsAsync,
    InstantiatedEntries,
    NullEngine,
    Scene,
    SceneLoader,
    SceneLoaderAnimationGroupLoadingMode,
)

FIXTURES = Path(__file__).resolve().parents[2] / "tests" / "fixtures"


def bytesOf(name: str) -> bytes:
    return (FIXTURES / f"{name}.glb").read_bytes()


figure = bytesOf("rigged_figure")
engine = NullEngine()
out: dict[str, Any] = {}


def names(items: list[Any]) -> list[str]:
    return [o.name for o in items]


def r6(x: float) -> float:
    return round(x * 1e6) / 1e6


def pose(scene: Scene) -> list[list[Any]]:
    return [
        [
            t.name,
            *[r6(c) for c in (t.position.x, t.position.y, t.position.z)],
            *[r6(c) for c in t.rotationQuaternion.asArray()],
        ]
        for t in scene.transformNodes
        if t.rotationQuaternion
    ]


def groupTargets(scene: Scene) -> list[list[Any]]:
    nodes = scene.getNodes()
    return [
        [
            g.name,
            len(g.targetedAnimations),
            all(
                any(ta.target is n for n in nodes) or len(scene.morphTargetManagers) > 0
                for ta in g.targetedAnimations
            ),
        ]
        for g in scene.animationGroups
    ]


out["modes"] = [
    SceneLoaderAnimationGroupLoadingMode.Clean,
    SceneLoaderAnimationGroupLoadingMode.Stop,
    SceneLoaderAnimationGroupLoadingMode.Sync,
    SceneLoaderAnimationGroupLoadingMode.NoSync,
]
out["logging"] = [
    SceneLoader.NO_LOGGING,
    SceneLoader.MINIMAL_LOGGING,
    SceneLoader.SUMMARY_LOGGING,
    SceneLoader.DETAILED_LOGGING,
]

activated: list[str] = []
SceneLoader.OnPluginActivatedObservable.add(lambda plugin, _s: activated.append(plugin.name))
out["plugins"] = {
    "glb": SceneLoader.IsPluginForExtensionAvailable(".glb"),
    "gltf": SceneLoader.IsPluginForExtensionAvailable(".gltf"),
    "obj": SceneLoader.IsPluginForExtensionAvailable(".obj"),
    "glbName": SceneLoader.GetPluginForExtension(".glb").name,
}
SceneLoader.RegisterPlugin({"name": "fake", "extensions": ".fake"})
SceneLoader.RegisterPlugin(
    {"name": "fake2", "extensions": {".f2": {"isBinary": True}, ".F3": {"isBinary": False}}}
)
out["plugins"]["registered"] = [
    SceneLoader.IsPluginForExtensionAvailable(".fake"),
    SceneLoader.GetPluginForExtension(".fake")["name"],
    SceneLoader.IsPluginForExtensionAvailable(".f2"),
    SceneLoader.IsPluginForExtensionAvailable(".f3"),
    SceneLoader.GetPluginForExtension(".f3")["name"],
]

# -- ImportMesh (callback form) -----------------------------------------------------------------
scene = Scene(engine)


def onImported(
    meshes: list[Any],
    particleSystems: list[Any],
    skeletons: list[Any],
    animationGroups: list[Any],
    transformNodes: list[Any],
    geometries: list[Any],
    lights: list[Any],
    spriteManagers: list[Any],
) -> None:
    out["importMesh"] = {
        "counts": [
            len(x)
            for x in (
                meshes,
                particleSystems,
                skeletons,
                animationGroups,
                transformNodes,
                geometries,
                lights,
                spriteManagers,
            )
        ],
        "meshes": names(meshes),
        "groups": names(animationGroups),
        "skeletons": names(skeletons),
    }


SceneLoader.ImportMesh("", "", figure, scene, onImported, None, lambda *a: None, ".glb")
out["activatedAfterImport"] = len(activated)
for g in scene.animationGroups:
    g.stop()


# -- errors -------------------------------------------------------------------------------------
def onImportError(s: Any, message: str, exception: Any) -> None:
    out["importError"] = [s is scene, "string", len(message) > 0, exception is not None]


SceneLoader.ImportMesh(
    "", "", bytes([1, 2, 3, 4]), scene, lambda *a: None, None, onImportError, ".glb"
)

# -- Append and LoadAssetContainer (callback forms) ---------------------------------------------
appendScene = Scene(engine)
SceneLoader.Append(
    "",
    figure,
    appendScene,
    lambda s: out.__setitem__(
        "append", [s is appendScene, len(s.meshes), names(s.animationGroups)]
    ),
    None,
    lambda *a: None,
    ".glb",
)
containerScene = Scene(engine)
box: list[Any] = []
SceneLoader.LoadAssetContainer(
    "", figure, containerScene, box.append, None, lambda *a: None, ".glb"
)
container = box[0]
out["container"] = {
    "counts": [
        len(container.meshes),
        len(container.transformNodes),
        len(container.skeletons),
        len(container.animationGroups),
    ],
    "sceneBefore": [len(containerScene.meshes), len(containerScene.animationGroups)],
}
container.addAllToScene()
out["container"]["sceneAdded"] = [len(containerScene.meshes), len(containerScene.animationGroups)]
moved = AssetContainer(containerScene)
moved.moveAllFromScene()
out["container"]["moved"] = [
    len(moved.meshes),
    len(moved.transformNodes),
    len(moved.skeletons),
    len(moved.animationGroups),
    len(moved.materials),
]
out["container"]["sceneAfterMove"] = [
    len(containerScene.meshes),
    len(containerScene.transformNodes),
    len(containerScene.animationGroups),
]
moved.meshes[1]._tags = {"body": True}
out["container"]["tags"] = [
    names(moved.getMeshesByTags("body")),
    len(moved.getMeshesByTags()),
    names(moved.getTransformNodesByTags("body")),
]
root = moved.createRootMesh()
out["container"]["rootMesh"] = [
    root.name,
    moved.meshes[0] is root,
    len(root.getChildren()),
    len(moved.meshes),
]
gathered = AssetContainer(containerScene)
gathered.addAllAssetsToContainer(root)
out["container"]["gathered"] = [
    len(gathered.meshes),
    len(gathered.transformNodes),
    len(gathered.rootNodes),
    names(gathered.rootNodes),
]
entries = InstantiatedEntries()
out["container"]["entries"] = [
    len(entries.rootNodes),
    len(entries.skeletons),
    len(entries.animationGroups),
]
entries.dispose()

# -- ImportAnimations ---------------------------------------------------------------------------
animScene = Scene(engine)
SceneLoader.Append("", figure, animScene, None, None, lambda *a: None, ".glb")
for g in animScene.animationGroups:
    g.stop()
fileFigure = bytesOf("rigged_figure")
imported: list[int] = []
animScene.onAnimationFileImportedObservable.add(
    lambda _s, _st: imported.append(len(animScene.animationGroups))
)


def onAnimations(s: Any) -> None:
    out["importAnimations"] = {
        "same": s is animScene,
        "groups": names(s.animationGroups),
        "targets": groupTargets(s),
    }


SceneLoader.ImportAnimations(
    "",
    fileFigure,
    animScene,
    True,
    SceneLoaderAnimationGroupLoadingMode.Clean,
    None,
    onAnimations,
    None,
    lambda *a: None,
    ".glb",
)
walk = animScene.getAnimationGroupByName("Walk")
walk.start(False)
walk.goToFrame(12)
out["importAnimations"]["walkPose"] = pose(animScene)
walk.stop()

playing = animScene.animationGroups[1]
playing.start(True)
asyncio.run(
    SceneLoader.ImportAnimationsAsync(
        "",
        bytesOf("rigged_figure"),
        animScene,
        False,
        SceneLoaderAnimationGroupLoadingMode.NoSync,
        None,
        None,
        None,
        None,
        ".glb",
    )
)
out["importAnimations"]["noSync"] = [names(animScene.animationGroups), playing.isPlaying]
asyncio.run(
    ImportAnimationsAsync(
        bytesOf("rigged_figure"),
        animScene,
        {
            "overwriteAnimations": False,
            "animationGroupLoadingMode": SceneLoaderAnimationGroupLoadingMode.Stop,
            "pluginExtension": ".glb",
        },
    )
)
out["importAnimations"]["stop"] = [len(animScene.animationGroups), playing.isPlaying]
playing.start(True)
asyncio.run(
    ImportAnimationsAsync(
        bytesOf("rigged_figure"),
        animScene,
        {
            "overwriteAnimations": False,
            "animationGroupLoadingMode": SceneLoaderAnimationGroupLoadingMode.Sync,
            "pluginExtension": ".glb",
        },
    )
)
out["importAnimations"]["sync"] = [len(animScene.animationGroups), playing.isPlaying]
asyncio.run(
    ImportAnimationsAsync(
        bytesOf("rigged_figure"),
        animScene,
        {
            "overwriteAnimations": False,
            "animationGroupLoadingMode": SceneLoaderAnimationGroupLoadingMode.Clean,
            "pluginExtension": ".glb",
        },
    )
)
out["importAnimations"]["clean"] = [names(animScene.animationGroups)]
out["importAnimations"]["imported"] = imported
wave = animScene.getAnimationGroupByName("Wave")
wave.start(False)
wave.goToFrame(20)
out["importAnimations"]["wavePose"] = pose(animScene)

# -- mergeAnimationsTo --------------------------------------------------------------------------
mergeScene = Scene(engine)
SceneLoader.Append("", figure, mergeScene, None, None, lambda *a: None, ".glb")
for g in list(mergeScene.animationGroups):
    g.dispose()
source = asyncio.run(
    SceneLoader.LoadAssetContainerAsync("", bytesOf("rigged_figure"), mergeScene, None, ".glb")
)
merged = source.mergeAnimationsTo(mergeScene, [])
mergeNodes = mergeScene.getNodes()
out["merge"] = [
    names(merged),
    [
        len([ta for ta in g.targetedAnimations if any(ta.target is n for n in mergeNodes)])
        for g in merged
    ],
]
out["activated"] = activated

print(json.dumps(out))
