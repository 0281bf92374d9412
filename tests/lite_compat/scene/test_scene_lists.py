"""Scene lists, add/remove members, flags, hooks and default camera/light (SceneLists).

Expected values are Babylon.js 9.31's, measured under Node (compat_surface_scene_graph).
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from lite.errors import UnsupportedError
from lite_compat import NullEngine, PrecisionDate, Scene, Vector3


@pytest.fixture
def scene() -> Scene:
    return Scene(NullEngine())


def test_flags_have_babylons_defaults(scene: Scene) -> None:
    assert scene.renderTargetsEnabled is True
    assert scene.dumpNextRenderTargets is False
    assert scene.defaultRenderableLayerMask == 268435455
    assert scene.blockfreeActiveMeshesAndRenderingGroups is False
    assert scene.getInternalStep() == 0
    scene.blockfreeActiveMeshesAndRenderingGroups = True
    assert scene.blockfreeActiveMeshesAndRenderingGroups is True


def test_lazy_lists_belong_to_each_scene(scene: Scene) -> None:
    other = Scene(scene.getEngine())
    scene.addAnimation("a")
    assert scene.animations == ["a"]
    assert other.animations == []
    assert scene.geometries == [] and scene.particleSystems == [] and scene.postProcesses == []


def test_remove_returns_the_former_index_and_notifies_even_when_absent(scene: Scene) -> None:
    removed: list[str] = []
    scene.onTextureRemovedObservable.add(lambda t, _s: removed.append(t.name))
    tex = SimpleNamespace(name="tex", uniqueId=1)
    scene.addTexture(tex)
    assert scene.removeTexture(tex) == 0
    assert scene.removeTexture(tex) == -1
    assert removed == ["tex", "tex"]  # Babylon notifies on every call


def test_remove_geometry_swaps_the_last_one_in(scene: Scene) -> None:
    a, b, c = (SimpleNamespace(id=i, uniqueId=i) for i in ("a", "b", "c"))
    for g in (a, b, c):
        scene.addGeometry(g)
    assert scene.removeGeometry(a) is True
    assert [g.id for g in scene.geometries] == ["c", "b"]
    assert scene.removeGeometry(a) is False
    assert scene.pushGeometry(b) is False
    assert scene.pushGeometry(b, True) is True


def test_pending_data_notifies_when_the_last_one_leaves(scene: Scene) -> None:
    seen: list[int] = []
    scene.onDataLoadedObservable.add(lambda _s, _st: seen.append(scene.getWaitingItemsCount()))
    scene.addPendingData("x")
    scene.addPendingData("y")
    assert scene.isLoading
    scene.removePendingData("x")
    assert seen == []
    scene.removePendingData("y")
    assert seen == [0] and not scene.isLoading


def test_external_data(scene: Scene) -> None:
    assert scene.addExternalData("k", 1) is True
    assert scene.addExternalData("k", 2) is False
    assert scene.getExternalData("k") == 1
    assert scene.getOrAddExternalDataWithFactory("j", lambda key: key + "!") == "j!"
    assert scene.removeExternalData("k") is True
    assert scene.removeExternalData("k") is False


def test_before_render_setter_replaces_its_observer(scene: Scene) -> None:
    calls: list[str] = []
    scene.beforeRender = lambda *_a: calls.append("one")
    scene.beforeRender = lambda *_a: calls.append("two")
    scene.onBeforeRenderObservable.notifyObservers(scene)
    assert calls == ["two"]
    assert scene.beforeRender is None  # write-only in Babylon
    scene.beforeRender = None
    scene.onBeforeRenderObservable.notifyObservers(scene)
    assert calls == ["two"]


def test_execute_once_before_render_runs_once_and_waits_for_its_timeout(scene: Scene) -> None:
    now = [0.0]
    saved = PrecisionDate.NowFunction
    PrecisionDate.NowFunction = lambda: now[0]
    try:
        calls: list[str] = []
        scene.executeOnceBeforeRender(lambda: calls.append("now"))
        scene.executeOnceBeforeRender(lambda: calls.append("later"), 100)
        for t in (0.0, 50.0, 100.0, 150.0):
            now[0] = t
            scene.onBeforeRenderObservable.notifyObservers(scene)
        assert calls == ["now", "later"]
    finally:
        PrecisionDate.NowFunction = saved


def test_gpu_only_members_are_refused(scene: Scene) -> None:
    with pytest.raises(UnsupportedError) as info:
        _ = scene.renderingManager
    assert info.value.code == "LITE-COMPAT-021"
    assert "Scene.renderingManager" in str(info.value)


def test_default_camera_and_light_on_an_empty_scene(scene: Scene) -> None:
    scene.createDefaultCameraOrLight()
    camera = scene.activeCamera
    assert (camera.name, camera.getClassName()) == ("default camera", "FreeCamera")
    assert (camera.position.x, camera.position.y, camera.position.z) == (0, 0, -1)
    assert (camera.minZ, camera.maxZ, camera.speed) == (0.01, 1000, 0.2)
    light = scene.lights[0]
    assert (light.name, light.getClassName()) == ("default light", "HemisphericLight")
    assert light.direction.equals(Vector3.Up())
    scene.createDefaultLight()
    assert len(scene.lights) == 1


def test_default_arc_rotate_camera(scene: Scene) -> None:
    scene.createDefaultCamera(True)
    camera = scene.activeCamera
    assert camera.getClassName() == "ArcRotateCamera"
    assert (camera.radius, camera.lowerRadiusLimit, camera.wheelPrecision) == (1, 0.01, 100)
