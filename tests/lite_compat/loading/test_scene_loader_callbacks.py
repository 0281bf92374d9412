"""SceneLoader's callback forms, ImportAnimations and the plugin registry (the recorded
Babylon.js numbers are in the compat_surface_scene_loading scenario)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from lite.errors import LiteError
from lite_compat import (
    ImportAnimationsAsync,
    NullEngine,
    Scene,
    SceneLoader,
    SceneLoaderAnimationGroupLoadingMode,
)

FIGURE = (Path(__file__).resolve().parents[2] / "fixtures" / "rigged_figure.glb").read_bytes()


def test_import_mesh_calls_on_success_with_babylons_eight_lists() -> None:
    scene = Scene(NullEngine())
    seen: list[list[int]] = []
    SceneLoader.ImportMesh(
        "",
        "",
        FIGURE,
        scene,
        lambda *lists: seen.append([len(x) for x in lists]),
        None,
        None,
        ".glb",
    )
    assert seen == [[2, 0, 1, 3, 13, 1, 0, 0]]


def test_a_failure_goes_to_on_error_with_the_scene() -> None:
    scene = Scene(NullEngine())
    errors: list[Any] = []
    SceneLoader.ImportMesh(
        "", "", b"\x01\x02", scene, None, None, lambda *a: errors.append(a), ".glb"
    )
    (reported,) = errors
    assert (
        reported[0] is scene and isinstance(reported[1], str) and isinstance(reported[2], LiteError)
    )


def test_a_failure_without_on_error_is_logged(capsys: pytest.CaptureFixture[str]) -> None:
    SceneLoader.Append("", b"\x01\x02", Scene(NullEngine()), None, None, None, ".glb")
    assert "BJS - [" in capsys.readouterr().err


def test_import_animations_retargets_onto_the_scene() -> None:
    scene = Scene(NullEngine())
    SceneLoader.Append("", FIGURE, scene, None, None, None, ".glb")
    nodes = scene.getNodes()
    done: list[Scene] = []
    SceneLoader.ImportAnimations("", FIGURE, scene, True, 0, None, done.append, None, None, ".glb")
    assert done == [scene]
    assert [g.name for g in scene.animationGroups] == ["Walk", "Wave", "Pose"]
    for group in scene.animationGroups:
        assert all(any(ta.target is n for n in nodes) for ta in group.targetedAnimations)
    asyncio.run(
        ImportAnimationsAsync(
            FIGURE,
            scene,
            {
                "overwriteAnimations": False,
                "animationGroupLoadingMode": SceneLoaderAnimationGroupLoadingMode.NoSync,
                "pluginExtension": ".glb",
            },
        )
    )
    assert len(scene.animationGroups) == 6


def test_an_unknown_loading_mode_is_a_coded_error() -> None:
    scene = Scene(NullEngine())
    with pytest.raises(LiteError) as info:
        asyncio.run(
            ImportAnimationsAsync(
                FIGURE,
                scene,
                {
                    "overwriteAnimations": False,
                    "animationGroupLoadingMode": 7,
                    "pluginExtension": ".glb",
                },
            )
        )
    assert info.value.code == "LITE-COMPAT-125"


def test_plugin_registry() -> None:
    assert SceneLoader.IsPluginForExtensionAvailable(".glb")
    assert SceneLoader.GetPluginForExtension(".glb").name == "gltf"
    SceneLoader.RegisterPlugin({"name": "x", "extensions": {".X1": {"isBinary": True}}})
    assert SceneLoader.IsPluginForExtensionAvailable(".x1")
    with pytest.raises(LiteError) as info:
        SceneLoader.RegisterPlugin({"name": "bad"})
    assert info.value.code == "LITE-COMPAT-124"
    activated: list[str] = []
    observer = SceneLoader.OnPluginActivatedObservable.add(lambda p, _s: activated.append(p.name))
    SceneLoader.Append("", FIGURE, Scene(NullEngine()), None, None, None, ".glb")
    SceneLoader.OnPluginActivatedObservable.remove(observer)
    assert activated == ["gltf"]


# JavaScript's calling convention (issue 29 item 8): a callback may declare fewer parameters.


def test_loader_callbacks_declaring_fewer_parameters() -> None:
    scene = Scene(NullEngine())
    seen: list[Any] = []

    def first_only(meshes: Any) -> None:  # Babylon passes eight lists
        seen.append(("meshes", len(meshes)))

    SceneLoader.ImportMesh(
        "", "", FIGURE, scene, first_only, lambda: seen.append("progress"), None, ".glb"
    )
    SceneLoader.Append(
        "", FIGURE, scene, lambda: seen.append("appended"), seen.append, None, ".glb"
    )
    SceneLoader.LoadAssetContainer(
        "", FIGURE, scene, lambda c: seen.append(type(c).__name__), None, None, ".glb"
    )
    SceneLoader.ImportAnimations(
        "",
        FIGURE,
        scene,
        True,
        0,
        lambda: None,
        lambda: seen.append("animations"),
        None,
        None,
        ".glb",
    )
    # onProgress is called while the file is read, before onSuccess
    assert seen[:2] == ["progress", ("meshes", 2)]
    assert type(seen[2]).__name__ == "ISceneLoaderProgressEvent"  # a builtin: list.append
    assert seen[3:] == ["appended", "AssetContainer", "animations"]


def test_on_error_declaring_fewer_parameters() -> None:
    scene = Scene(NullEngine())
    messages: list[str] = []
    SceneLoader.ImportMesh(
        "", "", b"\x01\x02", scene, None, None, lambda s, message: messages.append(message), ".glb"
    )
    failures: list[str] = []
    SceneLoader.Append("", b"\x01\x02", scene, None, None, lambda: failures.append("x"), ".glb")
    assert len(messages) == 1 and isinstance(messages[0], str) and failures == ["x"]
