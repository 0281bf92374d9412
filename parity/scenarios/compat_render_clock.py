# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_render_clock.mjs against lite_compat.

Babylon.js 9.31 scene clocks: render() with useConstantAnimationDeltaTime (16 ms), render()
on the wall clock (Date.now, replaced by a deterministic fake advancing 7 ms per call, with
animationTimeScale 1 then 2.5), _animate(ms) mixed in, animationsEnabled off, and a
deterministic-lockstep NullEngine stepping in timeStep increments; observable order
onBeforeAnimations -> onAfterAnimations -> onBeforeRender -> onAfterRender.

Port note: overriding ``Date.now`` in Node becomes setting ``PrecisionDate.NowFunction``.
"""

from __future__ import annotations

import json
from types import SimpleNamespace

from lite_compat import Animation, FreeCamera, NullEngine, PrecisionDate, Scene, Vector3

fakeNow = 5000
_wallClock = PrecisionDate.NowFunction  # (port only: restored at the end, ports may run in-process)
PrecisionDate.NowFunction = lambda: fakeNow


def setup(engine):
    scene = Scene(engine)
    FreeCamera("camera", Vector3(0, 0, -10), scene)
    target = SimpleNamespace(x=0)
    x = Animation("x", "x", 60, Animation.ANIMATIONTYPE_FLOAT)
    x.setKeys(
        [
            {"frame": 0, "value": 0},
            {"frame": 120, "value": 12},
        ]
    )
    animatable = scene.beginDirectAnimation(target, [x], 0, 120, True)
    return SimpleNamespace(scene=scene, target=target, animatable=animatable)


order = []
a = setup(NullEngine())
a.scene.onBeforeAnimationsObservable.add(lambda *_: order.append("beforeAnimations"))
a.scene.onAfterAnimationsObservable.add(lambda *_: order.append("afterAnimations"))
a.scene.onBeforeRenderObservable.add(lambda *_: order.append("beforeRender"))
a.scene.onAfterRenderObservable.add(lambda *_: order.append("afterRender"))
wall = []
for i in range(60):
    if i == 20:
        a.scene.animationTimeScale = 2.5
    if i == 30:
        a.scene.useConstantAnimationDeltaTime = True
    if i == 40:
        a.scene.useConstantAnimationDeltaTime = False
    if i == 45:
        a.scene._animate(100)
    if i == 50:
        a.scene.animationsEnabled = False
    if i == 55:
        a.scene.animationsEnabled = True
    fakeNow += 7
    a.scene.render()
    wall.append([a.scene.deltaTime, a.scene._animationTime, a.animatable.masterFrame, a.target.x])

b = setup(NullEngine({"deterministicLockstep": True, "lockstepMaxSteps": 4}))
steps = 0


def count(*_):
    global steps
    steps += 1


b.scene.onBeforeStepObservable.add(count)
lockstep = []
for _i in range(60):
    fakeNow += 7
    b.scene.render()
    lockstep.append(
        [b.scene.deltaTime, b.scene._animationTime, b.animatable.masterFrame, b.target.x, steps]
    )

print(json.dumps({"order": order[:8], "wall": wall, "lockstep": lockstep}))
PrecisionDate.NowFunction = _wallClock
