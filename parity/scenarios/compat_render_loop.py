"""Port of compat_render_loop.mjs against lite_compat.

Babylon.js 9.31's render loop under Node (NullEngine): ``runRenderLoop`` queues the first
frame, so the script's following lines run first; the frames then run until an observer calls
``stopRenderLoop``; a second render function stopped from a frame; the document is printed from
the last frame. Outside asyncio the frames run once the script has run its last line (the
parity runner runs them right after the port), as Node runs its timers.
"""

from __future__ import annotations

import json

from lite_compat import Animation, FreeCamera, MeshBuilder, NullEngine, Scene, Vector3

engine = NullEngine()
scene = Scene(engine)
scene.useConstantAnimationDeltaTime = True
FreeCamera("camera", Vector3(0, 0, -10), scene)
box = MeshBuilder.CreateBox("box", {"size": 1}, scene)
anim = Animation(
    "x", "position.x", 60, Animation.ANIMATIONTYPE_FLOAT, Animation.ANIMATIONLOOPMODE_CYCLE
)
anim.setKeys([{"frame": 0, "value": 0}, {"frame": 60, "value": 30}])
scene.beginDirectAnimation(box, [anim], 0, 60, True)
out = {"log": [], "counted": 0}


def after_render(*_):
    out["log"].append(
        [
            scene.getFrameId(),
            engine.frameId,
            scene.getRenderId(),
            box.position.x,
            len(engine.activeRenderLoops),
        ]
    )
    if scene.getFrameId() == 12:
        engine.stopRenderLoop()
        out["after"] = [len(engine.activeRenderLoops)]
        print(json.dumps(out))


scene.onAfterRenderObservable.add(after_render)


def counter():
    out["counted"] += 1
    if out["counted"] == 5:
        engine.stopRenderLoop(counter)


engine.runRenderLoop(lambda: scene.render())
engine.runRenderLoop(counter)
out["before"] = [
    scene.getFrameId(),
    engine.frameId,
    len(engine.activeRenderLoops),
    box.position.x,
]
