# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_controls.mjs against lite_compat.

Babylon.js 9.31 Animatable controls during scene._animate(16) stepping: pause/restart
(elapsed time excludes the pause), goToFrame (immediate write, playback continues from the
new frame; also while paused and with a speed change pending), reset, stop (all and by
animation name), scene.stopAnimation, getAnimatableByTarget/getAllAnimatablesByTarget,
syncWith, masterFrame, elapsedTime and the active animatable count.
"""

from __future__ import annotations

import json
from types import SimpleNamespace

from lite_compat import Animation, NullEngine, Scene, Vector3

engine = NullEngine()
scene = Scene(engine)


def makeAnimations():
    x = Animation("x", "x", 30, Animation.ANIMATIONTYPE_FLOAT)
    x.setKeys(
        [
            {"frame": 0, "value": 0},
            {"frame": 20, "value": 4},
            {"frame": 40, "value": -4},
        ]
    )
    position = Animation("p", "position", 30, Animation.ANIMATIONTYPE_VECTOR3)
    position.setKeys(
        [
            {"frame": 0, "value": Vector3(0, 1, 2)},
            {"frame": 40, "value": Vector3(8, -3, 6)},
        ]
    )
    return [x, position]


a = SimpleNamespace(x=5, position=Vector3(9, 9, 9))
b = SimpleNamespace(x=5, position=Vector3(9, 9, 9))
c = SimpleNamespace(x=5, position=Vector3(9, 9, 9))
a.animations = makeAnimations()
log = []
animA = scene.beginAnimation(a, 0, 40, True, 1, lambda: log.append("endA"))
animB = scene.beginDirectAnimation(b, makeAnimations(), 0, 40, False, 1, lambda: log.append("endB"))
animC = scene.beginDirectAnimation(
    c, makeAnimations(), 10, 30, True, 0.5, lambda: log.append("endC")
)
afterBegin = [a.x, a.position.x, b.x, c.x]

steps = []
for i in range(160):
    events = []
    if i == 10:
        animA.pause()
        events.append("pauseA")
    if i == 25:
        animA.restart()
        events.append("restartA")
    if i == 30:
        animB.goToFrame(35)
        events.append(["gotoB", b.x, b.position.x])
    if i == 40:
        animC.pause()
        animC.goToFrame(12)
        events.append(["gotoC-paused", c.x, c.position.y])
    if i == 50:
        animC.restart()
    if i == 55:
        animA.goToFrame(5)
        animA.speedRatio = 2
        events.append(["gotoA-speed", a.x])
    if i == 60:
        animC.syncWith(animA)
        events.append("syncC")
    if i == 70:
        animA.reset()
        events.append(["resetA", a.x, a.position.x])
    if i == 90:
        animC.syncWith(None)
    if i == 100:
        animA.stop("x")
        events.append(["stopA-x", len(animA.getAnimations())])
    if i == 120:
        scene.stopAnimation(c)
        events.append("stopC")
    scene._animate(16)
    steps.append(
        {
            "i": i,
            "events": events,
            "a": [animA.masterFrame, a.x, a.position.x, animA.elapsedTime],
            "b": [animB.masterFrame, b.x, b.position.z, animB.elapsedTime],
            "c": [animC.masterFrame, c.x, c.position.y],
            "count": len(scene.animatables),
            "byTarget": [
                scene.getAnimatableByTarget(a) is animA,
                len(scene.getAllAnimatablesByTarget(c)),
            ],
            "log": list(log),
        }
    )

print(json.dumps({"afterBegin": afterBegin, "steps": steps}))
