# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_group_ranges.mjs against lite_compat.

Babylon.js 9.31 AnimationGroup ranges and speed, stepped with scene.animate() and a constant
16 ms delta: from/to widened by addTargetedAnimation, normalize (default and explicit, the
keys it adds), start(loop, speedRatio, from, to) sub-ranges, from/to assigned during play,
speedRatio 2 then 0.5 during play, start with a negative speed (plays to -> from), a
negative speedRatio assigned during play, a non-looping reverse run ending at from,
getLength, getCurrentFrame/getRetainedCurrentFrame after the end, and the virtual timeline
(startWithVirtualTimeline over a range longer than the keys, getVirtualCurrentFrame,
isVirtualFrameReached, isValidVirtualStopFrame, setVirtualCurrentFrame).
"""

from __future__ import annotations

import json
from types import SimpleNamespace

from lite_compat import Animation, AnimationGroup, NullEngine, Scene

engine = NullEngine()
scene = Scene(engine)
scene.useConstantAnimationDeltaTime = True
F = Animation.ANIMATIONTYPE_FLOAT


def anim(name, property, keys, fps=30):
    animation = Animation(name, property, fps, F)
    animation.setKeys([{"frame": frame, "value": value} for frame, value in keys])
    return animation


def frames(animation):
    return [[k["frame"], k["value"]] for k in animation.getKeys()]


log = []
step = -1


def watch(group):
    group.onAnimationGroupEndObservable.add(
        lambda g, _s: log.append(["groupEnd", g.name, step, g.getRetainedCurrentFrame()])
    )
    group.onAnimationGroupLoopObservable.add(lambda g, _s: log.append(["groupLoop", g.name, step]))
    group.onAnimationEndObservable.add(
        lambda ta, _s: log.append(["end", group.name, ta.animation.name, step])
    )
    group.onAnimationLoopObservable.add(
        lambda ta, _s: log.append(["loop", group.name, ta.animation.name, step])
    )


p = SimpleNamespace(name="p", x=0, y=0)
q = SimpleNamespace(name="q", x=0, y=0)
r = SimpleNamespace(name="r", x=0, y=0)
v = SimpleNamespace(name="v", x=0)

# Normalised group: keys 10..40 and 0..30 become 0..40.
norm = AnimationGroup("norm", scene)
px = anim("px", "x", [[10, 1], [40, 4]])
py = anim("py", "y", [[0, 0], [30, -3]])
norm.addTargetedAnimation(px, p)
norm.addTargetedAnimation(py, p)
beforeNormalize = [norm.from_, norm.to]
norm.normalize()
normalizedKeys = [frames(px), frames(py)]
explicitGroup = AnimationGroup("explicit", scene)
ex = anim("ex", "x", [[5, 5], [15, 15]])
explicitGroup.addTargetedAnimation(ex, r)
explicitGroup.normalize(0, 20)
explicitKeys = [frames(ex), explicitGroup.from_, explicitGroup.to]
watch(norm)

# Sub-range group.
sub = AnimationGroup("sub", scene)
sub.addTargetedAnimation(anim("qx", "x", [[0, 0], [60, 60]]), q)
sub.addTargetedAnimation(anim("qy", "y", [[0, 0], [60, -60]]), q)
watch(sub)

# Reverse group.
back = AnimationGroup("back", scene)
back.addTargetedAnimation(anim("rx", "x", [[0, 0], [20, 20]]), r)
watch(back)

# Virtual timeline.
virt = AnimationGroup("virt", scene)
virt.addTargetedAnimation(anim("vx", "x", [[0, 0], [10, 10], [20, 0]]), v)
watch(virt)

lengths = [norm.getLength(), sub.getLength(), sub.getLength(10, 20), back.getLength()]

steps = []
for step in range(200):
    ev = []
    if step == 0:
        norm.start(True, 2)
        sub.start(True, 1, 10, 30)
        back.start(True, -1)
    if step == 20:
        norm.speedRatio = 0.5
        ev.append(["norm0.5", norm.getCurrentFrame(), norm.getLength()])
    if step == 30:
        sub.from_ = 20
        sub.to = 50
        ev.append(
            [
                "subRange",
                sub.from_,
                sub.to,
                sub.animatables[0].fromFrame,
                sub.animatables[0].toFrame,
            ]
        )
    if step == 45:
        back.speedRatio = 1.5
    if step == 50:
        sub.speedRatio = -1
        ev.append(["subNeg", sub.getCurrentFrame()])
    if step == 60:
        back.stop()
        back.start(False, -2, 5, 15)
        ev.append(
            [
                "backOnce",
                back.animatables[0].fromFrame,
                back.animatables[0].toFrame,
                back.animatables[0].speedRatio,
            ]
        )
    if step == 70:
        norm.speedRatio = -0.75
    if step == 80:
        virt.startWithVirtualTimeline(False, 1, 0, 65)
        ev.append(
            [
                "virtStart",
                virt.getVirtualCurrentFrame(),
                len(virt.animatables),
                virt.animatables[0].fromFrame,
                virt.animatables[0].toFrame,
                bool(virt.animatables[0].loopAnimation),
            ]
        )
    if step == 100:
        ev.append(
            [
                "virtReached",
                virt.isVirtualFrameReached(30),
                virt.isVirtualFrameReached(50),
                virt.isValidVirtualStopFrame(64),
                virt.isValidVirtualStopFrame(65),
            ]
        )
    if step == 110:
        virt.setVirtualCurrentFrame(12)
        ev.append(["virtSet", v.x, virt.getVirtualCurrentFrame()])
    if step == 120:
        virt.pause()
    if step == 130:
        virt.play()
    if step == 190:
        norm.stop()
        sub.stop()
        ev.append(
            [
                "stoppedRetained",
                norm.getRetainedCurrentFrame(),
                sub.getRetainedCurrentFrame(),
                norm.getCurrentFrame(),
            ]
        )
    scene.animate()
    steps.append(
        {
            "ev": ev,
            "p": [p.x, p.y],
            "q": [q.x, q.y],
            "r": r.x,
            "v": v.x,
            "frames": [
                norm.getCurrentFrame(),
                sub.getCurrentFrame(),
                back.getCurrentFrame(),
                virt.getCurrentFrame(),
            ],
            "virt": [
                virt.getVirtualCurrentFrame(),
                virt.getRetainedCurrentFrame(),
                bool(virt.isStarted),
            ],
        }
    )

print(
    json.dumps(
        {
            "beforeNormalize": beforeNormalize,
            "normalizedKeys": normalizedKeys,
            "explicitKeys": explicitKeys,
            "lengths": lengths,
            "steps": steps,
            "log": log,
        }
    )
)
