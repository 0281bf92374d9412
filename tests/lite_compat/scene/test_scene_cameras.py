"""Scene camera passes: render ids and activeCamera as Babylon.js 9.31 gives them.

The expected numbers are measured from Babylon.js 9.31 under Node
(parity/scenarios/compat_quirks_render_id.mjs).
"""

from __future__ import annotations

import pytest

from lite_compat import FreeCamera, MeshBuilder, NullEngine, Scene, Vector3


def _scene() -> tuple[Scene, FreeCamera, FreeCamera]:
    scene = Scene(NullEngine())
    c1 = FreeCamera("c1", Vector3(0, 0, -10), scene)
    c2 = FreeCamera("c2", Vector3(5, 6, 7), scene)
    return scene, c1, c2


def test_one_camera_adds_two_render_ids_and_one_frame_id() -> None:
    scene, _c1, _c2 = _scene()
    scene.render()
    scene.render()
    assert (scene.getRenderId(), scene.getFrameId()) == (4, 2)


def test_each_active_camera_adds_one_and_the_last_becomes_active() -> None:
    scene, c1, c2 = _scene()
    scene.activeCameras = [c1, c2]
    scene.render()
    assert scene.getRenderId() == 3
    assert scene.activeCamera is c2
    scene.activeCameras = [c2, c1]
    scene.render()
    assert scene.getRenderId() == 6
    assert scene.activeCamera is c1


def test_render_targets_disabled_drops_one() -> None:
    scene, c1, c2 = _scene()
    scene.renderTargetsEnabled = False
    scene.render()
    assert scene.getRenderId() == 1
    scene.activeCameras = [c1, c2]
    scene.render()
    assert scene.getRenderId() == 3


def test_custom_render_function_adds_one() -> None:
    scene, c1, c2 = _scene()
    seen: list[int] = []
    scene.customRenderFunction = lambda _u, _i: seen.append(scene.getRenderId())
    scene.activeCameras = [c1, c2]
    scene.render()
    assert seen == [1]
    assert scene.getRenderId() == 1
    assert scene.activeCamera is c1


def test_no_camera_raises_after_the_render_targets_increment() -> None:
    scene = Scene(NullEngine())
    with pytest.raises(RuntimeError, match="No camera defined"):
        scene.render()
    assert (scene.getRenderId(), scene.getFrameId()) == (1, 1)


def test_infinite_distance_follows_the_camera_rendered_last() -> None:
    scene, c1, c2 = _scene()
    sky = MeshBuilder.CreateBox("sky", {"size": 1}, scene)
    sky.infiniteDistance = True
    sky.position.set(1, 2, 3)
    scene.activeCameras = [c1, c2]
    scene.render()
    assert list(sky.getWorldMatrix().m[12:15]) == [6, 8, 10]
    scene.activeCameras = [c2, c1]
    scene.render()
    assert list(sky.getWorldMatrix().m[12:15]) == [1, 2, -7]


def test_pass_observables_in_babylon_order_with_their_render_ids() -> None:
    scene, c1, c2 = _scene()
    names = [
        "BeforeRender", "BeforeRenderTargetsRender", "AfterRenderTargetsRender",
        "BeforeCameraRender", "BeforeActiveMeshesEvaluation", "AfterActiveMeshesEvaluation",
        "BeforeParticlesRendering", "AfterParticlesRendering", "BeforeDrawPhase",
        "AfterDrawPhase", "AfterCameraRender", "AfterRenderCamera", "AfterRender",
    ]  # fmt: skip
    seen: list[tuple[str, str, int]] = []
    for name in names:
        getattr(scene, f"on{name}Observable").add(
            lambda x, _s, name=name: seen.append(
                (name, getattr(x, "name", ""), scene.getRenderId())
            )
        )
    scene.activeCameras = [c1, c2]
    scene.render()
    per_camera = [
        ("BeforeCameraRender", True), ("BeforeActiveMeshesEvaluation", False),
        ("AfterActiveMeshesEvaluation", False), ("BeforeParticlesRendering", False),
        ("AfterParticlesRendering", False), ("BeforeRenderTargetsRender", False),
        ("AfterRenderTargetsRender", False), ("BeforeDrawPhase", False),
        ("AfterDrawPhase", False), ("AfterCameraRender", True), ("AfterRenderCamera", True),
    ]  # fmt: skip
    assert seen == [
        ("BeforeRender", "", 0),
        ("BeforeRenderTargetsRender", "", 0),
        ("AfterRenderTargetsRender", "", 1),
        *[
            (name, camera if of_camera else "", render_id)
            for camera, render_id in (("c1", 2), ("c2", 3))
            for name, of_camera in per_camera
        ],
        ("AfterRender", "", 3),
    ]


def test_a_camera_pass_refreshes_view_and_projection_without_camera_updates() -> None:
    scene, c1, _c2 = _scene()
    views: list[int] = []
    projections: list[int] = []
    c1.onViewMatrixChangedObservable.add(lambda *_: views.append(scene.getRenderId()))
    c1.onProjectionMatrixChangedObservable.add(lambda *_: projections.append(scene.getRenderId()))
    scene.render(False)
    c1.position.x = 1
    scene.render(False)
    c1.fov = 1
    scene.render(False)
    assert views == [2, 4]
    assert projections == [2, 6]
