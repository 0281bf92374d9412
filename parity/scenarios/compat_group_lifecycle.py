# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_group_lifecycle.mjs against lite_compat.

Babylon.js 9.31 AnimationGroup lifecycle during scene._animate(16) stepping: play (looping)
with the group loop raised once every animation looped (a 24-frame and a 48-frame track at
60 fps, so the loops land exactly on frame boundaries), pause/play (restart), goToFrame,
stop (per-animation end before the group end), reset on a stopped group (play, goToFrame(0),
stop(true)), play(loop) on a started group, a non-looping group ending track by track, a
group started from another group's end observer, scene.stopAnimation ending a group,
start while started, an empty group, removeTargetedAnimation, dispose, and the observable
order; isStarted/isPlaying/getCurrentFrame/animatables each step.
"""

from __future__ import annotations

import json

from lite_compat import Animation, AnimationGroup, NullEngine, Scene, TransformNode

engine = NullEngine()
scene = Scene(engine)
F = Animation.ANIMATIONTYPE_FLOAT


def anim(name, property, keys, fps=60):
    animation = Animation(name, property, fps, F)
    animation.setKeys([{"frame": frame, "value": value} for frame, value in keys])
    return animation


a = TransformNode("a", scene)
b = TransformNode("b", scene)
c = TransformNode("c", scene)
step = -1
log = []


def watch(group):
    group.onAnimationGroupPlayObservable.add(
        lambda g, _s: log.append(["play", g.name, step, bool(g.isPlaying)])
    )
    group.onAnimationGroupPauseObservable.add(
        lambda g, _s: log.append(["pause", g.name, step, bool(g.isPlaying)])
    )
    group.onAnimationGroupEndObservable.add(
        lambda g, _s: log.append(["groupEnd", g.name, step, bool(g.isStarted)])
    )
    group.onAnimationGroupLoopObservable.add(lambda g, _s: log.append(["groupLoop", g.name, step]))
    group.onAnimationEndObservable.add(
        lambda ta, _s: log.append(["end", group.name, ta.target.name, ta.animation.name, step])
    )
    group.onAnimationLoopObservable.add(
        lambda ta, _s: log.append(["loop", group.name, ta.target.name, ta.animation.name, step])
    )


walk = AnimationGroup("walk", scene)
walk.addTargetedAnimation(anim("ax", "position.x", [[0, 0], [12, 6], [24, 24]]), a)
walk.addTargetedAnimation(anim("by", "position.y", [[0, 0], [48, 4.8]]), b)
watch(walk)

once = AnimationGroup("once", scene)
once.addTargetedAnimation(anim("cz", "position.z", [[0, 10], [30, 40]]), c)
once.addTargetedAnimation(anim("cx", "position.x", [[10, 1], [20, 2]]), c)
watch(once)

chained = AnimationGroup("chained")
chainedTA = chained.addTargetedAnimation(anim("ay", "position.y", [[0, -1], [6, -7]]), a)
watch(chained)


def on_once_end(*_):
    chained.start(False, 2)
    log.append(["chainedStarted", step, a.position.y])


once.onAnimationGroupEndObservable.add(on_once_end)

empty = AnimationGroup("empty", scene)
watch(empty)

initial = {
    "groups": [g.name for g in scene.animationGroups],
    "walk": [
        walk.from_,
        walk.to,
        bool(walk.isStarted),
        bool(walk.isPlaying),
        walk.getCurrentFrame(),
        len(walk.targetedAnimations),
        len(walk.animatables),
    ],
    "once": [once.from_, once.to, once.getLength(), walk.getLength(), walk.getLength(12, 36)],
    "classNames": [walk.getClassName(), chainedTA.getClassName(), chainedTA.parent is chained],
    "byName": scene.getAnimationGroupByName("once") is once,
    "str": [walk.toString(), walk.toString(True)],
    "emptyStart": empty.start(True) is empty,
    "emptyStarted": bool(empty.isStarted),
}

steps = []
for step in range(240):
    ev = []
    if step == 0:
        walk.play(True)
    if step == 1:
        ev.append(
            ["startWhileStarted", walk.start(False, 3) is walk, walk.speedRatio, walk.loopAnimation]
        )
    if step == 60:
        walk.pause()
    if step == 61:
        ev.append(
            ["pausedFrame", walk.getCurrentFrame(), bool(walk.isPlaying), bool(walk.isStarted)]
        )
    if step == 70:
        walk.play()
    if step == 80:
        walk.goToFrame(30)
        ev.append(["goto30", a.position.x, b.position.y, walk.getCurrentFrame()])
    if step == 90:
        walk.pause()
        walk.goToFrame(6)
        ev.append(["goto6paused", a.position.x, b.position.y])
    if step == 95:
        walk.play(False)
    if step == 100:
        once.start()
    if step == 130:
        walk.stop()
        ev.append(["stopped", bool(walk.isStarted), len(walk.animatables), len(scene.animatables)])
    if step == 131:
        ev.append(["restartStopped", walk.restart() is walk, bool(walk.isPlaying)])
        walk.goToFrame(10)
    if step == 140:
        a.position.x = 100
        b.position.y = 100
        walk.reset()
        ev.append(
            [
                "resetStopped",
                a.position.x,
                b.position.y,
                bool(walk.isStarted),
                len(scene.animatables),
            ]
        )
    if step == 150:
        walk.play(True)
        walk.goToFrame(40)
    if step == 160:
        walk.reset()
        ev.append(["resetPlaying", a.position.x, b.position.y, walk.getCurrentFrame()])
    if step == 175:
        scene.stopAnimation(a)
        ev.append(["stopA", len(walk.animatables), bool(walk.isStarted)])
    if step == 180:
        scene.stopAnimation(b)
        ev.append(["stopB", len(walk.animatables), bool(walk.isStarted)])
    if step == 190:
        walk.removeTargetedAnimation(walk.targetedAnimations[1].animation)
        walk.play(True)
        ev.append(["removedB", len(walk.targetedAnimations), len(walk.animatables)])
    if step == 220:
        walk.dispose()
        ev.append(
            [
                "disposed",
                [g.name for g in scene.animationGroups],
                len(walk.targetedAnimations),
                len(scene.animatables),
            ]
        )
    scene._animate(16)
    steps.append(
        {
            "ev": ev,
            "a": [a.position.x, a.position.y],
            "b": b.position.y,
            "c": [c.position.x, c.position.z],
            "walk": [
                bool(walk.isStarted),
                bool(walk.isPlaying),
                walk.getCurrentFrame(),
                len(walk.animatables),
            ],
            "once": [bool(once.isStarted), once.getCurrentFrame(), len(once.animatables)],
            "chained": [bool(chained.isStarted), chained.getCurrentFrame()],
            "active": len(scene.animatables),
        }
    )

print(json.dumps({"initial": initial, "steps": steps, "log": log}))
