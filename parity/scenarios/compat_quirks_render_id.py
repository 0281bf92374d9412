# parity: {"atol": 0, "rtol": 0}
"""Port of compat_quirks_render_id.mjs against lite_compat.

Babylon.js 9.31 render and frame ids: scene.render() adds 1 to getFrameId() and, to
getRenderId(), 1 after the (empty) custom render targets pass plus 1 per rendered camera in
_renderForCamera (so 2 with one camera, 3 with two activeCameras); 1 with
customRenderFunction; a render that throws "No camera defined" has already added the 1;
renderTargetsEnabled = false drops the render-targets 1; incrementRenderId; the ids seen by
the observables; scene.activeCamera after a multi-camera render (the last camera rendered);
world-matrix recomputations per render (onAfterWorldMatrixUpdateObservable) with 1 and 2
cameras; a mesh with infiniteDistance follows the last camera rendered; the engine render
loop (one queued frame per call); the observables of each pass in order (not the rendering
groups: they depend on frustum culling); the camera view/projection matrices each pass
computes.

Port note: the script drives the render loop through ``engine.customAnimationFrameRequester``
(one queued frame per call); the port calls ``engine.runFrames(1)``.
"""

from __future__ import annotations

import json
from typing import Any

from lite_compat import FreeCamera, MeshBuilder, NullEngine, Scene, Vector3

engine = NullEngine()
scene = Scene(engine)


def ids() -> list[int]:
    return [scene.getRenderId(), scene.getFrameId()]


out: dict[str, Any] = {"initial": ids()}
seen: list[list[Any]] = []
scene.onBeforeAnimationsObservable.add(lambda *_: seen.append(["beforeAnimations", *ids()]))
scene.onAfterAnimationsObservable.add(lambda *_: seen.append(["afterAnimations", *ids()]))
scene.onBeforeRenderObservable.add(lambda *_: seen.append(["beforeRender", *ids()]))
scene.onAfterRenderObservable.add(lambda *_: seen.append(["afterRender", *ids()]))

# No camera: the render throws after onBeforeRender and the render-targets increment.
try:
    scene.render()
    out["noCamera"] = ["no error", *ids()]
except Exception as err:  # noqa: BLE001
    out["noCamera"] = [str(err), *ids()]
out["seenNoCamera"] = seen[:]
seen.clear()

box = MeshBuilder.CreateBox("box", {"size": 1}, scene)
updates = 0


def count(*_: Any) -> None:
    global updates
    updates += 1


box.onAfterWorldMatrixUpdateObservable.add(count)
c1 = FreeCamera("c1", Vector3(0, 0, -10), scene)
c2 = FreeCamera("c2", Vector3(5, 6, 7), scene)
out["activeAfterCreate"] = scene.activeCamera.name


def step(label: str, fn: Any) -> list[Any]:
    before = ids()
    u = updates
    fn()
    after = ids()
    return [
        label,
        after[0] - before[0],
        after[1] - before[1],
        *after,
        updates - u,
        scene.activeCamera.name if scene.activeCamera else None,
    ]


def moved_x() -> None:
    box.position.x += 1
    scene.render()


def moved_y() -> None:
    box.position.y += 1
    scene.render()


def moved_z() -> None:
    box.position.z += 1
    scene.render(False, True)


rows = []
rows.append(step("one camera", lambda: scene.render()))
rows.append(step("one camera again", lambda: scene.render()))
rows.append(step("moved", moved_x))
rows.append(step("ignoreAnimations", lambda: scene.render(True, True)))
rows.append(step("no camera update", lambda: scene.render(False)))
scene.activeCameras = []
rows.append(step("empty activeCameras", lambda: scene.render()))
scene.activeCameras = [c1]
rows.append(step("activeCameras [c1]", lambda: scene.render()))
scene.activeCameras = [c2, c1]
rows.append(step("activeCameras [c2, c1]", lambda: scene.render()))
rows.append(step("activeCameras [c2, c1] moved", moved_y))
scene.activeCameras = [c1, c2]
rows.append(step("activeCameras [c1, c2]", lambda: scene.render()))
out["seenTwoCameras"] = seen[:]
seen.clear()
scene.activeCameras = None
scene.activeCamera = c1
scene.renderTargetsEnabled = False
rows.append(step("renderTargetsEnabled false", lambda: scene.render()))
scene.activeCameras = [c1, c2]
rows.append(step("renderTargetsEnabled false, two cameras", lambda: scene.render()))
scene.renderTargetsEnabled = True
scene.activeCameras = None
scene.activeCamera = c1
rows.append(step("incrementRenderId", lambda: scene.incrementRenderId()))
custom: list[Any] = []
scene.customRenderFunction = lambda updateCameras, ignoreAnimations: custom.append(
    [updateCameras, ignoreAnimations, *ids()]
)
rows.append(step("customRenderFunction", lambda: scene.render()))
rows.append(step("customRenderFunction moved", moved_z))
scene.activeCameras = [c1, c2]
rows.append(step("customRenderFunction two cameras", lambda: scene.render()))
scene.customRenderFunction = None
scene.activeCameras = None
scene.activeCamera = None


def no_camera() -> None:
    try:
        scene.render()
    except Exception as err:  # noqa: BLE001
        custom.append(str(err))


rows.append(step("no camera", no_camera))
scene.activeCamera = c1
out["rows"] = rows
out["custom"] = custom
seen.clear()

# infiniteDistance: the world matrix follows the camera rendered last.
sky = MeshBuilder.CreateBox("sky", {"size": 1}, scene)
sky.infiniteDistance = True
sky.position.set(1, 2, 3)
scene.activeCameras = [c1, c2]
scene.render()
out["skyTwoCameras"] = [*list(sky.getWorldMatrix().m[12:15]), scene.activeCamera.name]
scene.activeCameras = [c2, c1]
scene.render()
out["skyTwoCamerasSwapped"] = [*list(sky.getWorldMatrix().m[12:15]), scene.activeCamera.name]
scene.activeCameras = None
scene.activeCamera = c2
scene.render()
out["skyOneCamera"] = [*list(sky.getWorldMatrix().m[12:15]), scene.activeCamera.name]

# The engine render loop: one queued frame per call.
loop: list[list[int]] = []


def frame() -> None:
    scene.render()
    loop.append([*ids(), engine.frameId])


engine.runRenderLoop(frame)
for _i in range(3):
    engine.runFrames(1)
engine.stopRenderLoop()
out["loop"] = loop
out["seenLoop"] = seen[-4:]

# The observables of a frame, in order, with the render id each sees (one camera, then two).
passScene = Scene(engine)
p1 = FreeCamera("p1", Vector3(0, 0, -10), passScene)
p2 = FreeCamera("p2", Vector3(5, 6, 7), passScene)
passNames = [
    "BeforeAnimations", "AfterAnimations", "BeforeRender", "BeforeRenderTargetsRender",
    "AfterRenderTargetsRender", "BeforeCameraRender", "BeforeActiveMeshesEvaluation",
    "AfterActiveMeshesEvaluation", "BeforeParticlesRendering", "AfterParticlesRendering",
    "BeforeDrawPhase", "AfterDrawPhase", "AfterCameraRender", "AfterRenderCamera", "AfterRender",
]  # fmt: skip
passes: list[Any] = []


def pass_observer(name: str) -> Any:
    def observe(x: Any, *_: Any) -> None:
        passes.append([name, getattr(x, "name", "") or "", passScene.getRenderId()])

    return observe


for name in passNames:
    getattr(passScene, f"on{name}Observable").add(pass_observer(name))
passScene.render()
passScene.activeCameras = [p1, p2]
passScene.render()
passScene.activeCameras = None
passScene.activeCamera = None
try:
    passScene.render()
except Exception as err:  # noqa: BLE001
    passes.append(str(err))
out["passes"] = passes

# Each camera pass computes the camera's view and projection matrices (updateTransformMatrix),
# so render(false) still refreshes a moved camera; customRenderFunction does not.
camScene = Scene(engine)
m1 = FreeCamera("m1", Vector3(0, 0, -10), camScene)
m2 = FreeCamera("m2", Vector3(5, 6, 7), camScene)
n = {"v1": 0, "p1": 0, "v2": 0, "p2": 0}


def bump(key: str) -> Any:
    def observe(*_: Any) -> None:
        n[key] += 1

    return observe


m1.onViewMatrixChangedObservable.add(bump("v1"))
m1.onProjectionMatrixChangedObservable.add(bump("p1"))
m2.onViewMatrixChangedObservable.add(bump("v2"))
m2.onProjectionMatrixChangedObservable.add(bump("p2"))
matrices: list[list[Any]] = []


def mrec(label: str) -> None:
    matrices.append(
        [
            label,
            n["v1"],
            n["p1"],
            n["v2"],
            n["p2"],
            m1._currentRenderId,
            m2._currentRenderId,
            camScene.getRenderId(),
        ]
    )


mrec("start")
camScene.render()
mrec("render")
camScene.render()
mrec("render again")
m1.position.x = 1
camScene.render(False)
mrec("moved, render(false)")
m1.fov = 1
camScene.render(False)
mrec("fov, render(false)")
m2.position.x = 1
camScene.render(False)
mrec("other camera moved, render(false)")
camScene.activeCameras = [m1, m2]
camScene.render(False)
mrec("two cameras, render(false)")
m2.position.x = 2
m1.position.x = 2
camScene.render()
mrec("both moved, render()")
camScene.customRenderFunction = lambda *_: None
m1.position.x = 3
camScene.render(False)
mrec("customRenderFunction")
out["matrices"] = matrices

print(json.dumps(out))
