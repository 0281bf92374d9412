# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_events.mjs against lite_compat.

Babylon.js 9.31 animation events and callback ordering: AnimationEvent (onlyOnce or not,
at frame 0, inside, and exactly at `to`), events re-armed on each loop, onAnimationLoop vs
onAnimationLoopObservable, onAnimationEnd vs onAnimationEndObservable, values read inside
callbacks, removeEvents, an animation started from an end callback (visited in the same
step), and completion exactly on a loop boundary (60 fps, 16 ms steps: frame 24 lands
exactly on step 25).
"""

from __future__ import annotations

import json
from types import SimpleNamespace

from lite_compat import Animation, AnimationEvent, NullEngine, Scene

engine = NullEngine()
scene = Scene(engine)
log = []
step = 0


def track(name, property, keys):
    animation = Animation(name, property, 60, Animation.ANIMATIONTYPE_FLOAT)
    animation.setKeys(keys)
    return animation


# 1. Looping, with events; ends by stop() at step 70.
looper = SimpleNamespace(x=0, y=0)
lx = track(
    "lx",
    "x",
    [
        {"frame": 0, "value": 0},
        {"frame": 24, "value": 24},
    ],
)
lx.addEvent(AnimationEvent(0, lambda f: log.append(["ev0", step, f, looper.x])))
lx.addEvent(AnimationEvent(10, lambda f: log.append(["ev10", step, f, looper.x])))
lx.addEvent(AnimationEvent(10, lambda f: log.append(["ev10b", step, f]), True))
lx.addEvent(AnimationEvent(24, lambda f: log.append(["ev24", step, f, looper.x])))
lx.addEvent(AnimationEvent(30, lambda f: log.append(["ev30-outside", step, f])))
lx.addEvent(AnimationEvent(5, lambda f: log.append(["ev5-removed", step, f])))
lx.removeEvents(5)
ly = track(
    "ly",
    "y",
    [
        {"frame": 0, "value": 100},
        {"frame": 24, "value": 124},
    ],
)
ly.addEvent(AnimationEvent(12, lambda f: log.append(["ly12", step, f, looper.x, looper.y]), True))
loopAnim = scene.beginDirectAnimation(
    looper,
    [lx, ly],
    0,
    24,
    True,
    1,
    lambda: log.append(["looper-end-cb", step, looper.x]),
    lambda: log.append(["looper-loop-cb", step, looper.x, looper.y]),
)
loopAnim.onAnimationLoopObservable.add(lambda *_: log.append(["looper-loop-obs", step, looper.x]))
loopAnim.onAnimationEndObservable.add(lambda *_: log.append(["looper-end-obs", step]))

# 2. Not looping: ends exactly on frame 24 at step 25; its end callback starts a follow-up.
once = SimpleNamespace(x=0)
ox = track(
    "ox",
    "x",
    [
        {"frame": 0, "value": 0},
        {"frame": 24, "value": 48},
    ],
)
ox.addEvent(AnimationEvent(24, lambda f: log.append(["once-ev24", step, f, once.x])))
follow = SimpleNamespace(z=-1)
fz = track(
    "fz",
    "z",
    [
        {"frame": 0, "value": 0},
        {"frame": 12, "value": 12},
    ],
)


def once_end():
    log.append(["once-end-cb", step, once.x])
    f = scene.beginDirectAnimation(
        follow, [fz], 0, 12, False, 1, lambda: log.append(["follow-end-cb", step, follow.z])
    )
    f.onAnimationEndObservable.add(lambda *_: log.append(["follow-end-obs", step]))


onceAnim = scene.beginDirectAnimation(once, [ox], 0, 24, False, 1, once_end)
onceAnim.onAnimationEndObservable.add(lambda *_: log.append(["once-end-obs", step, once.x]))
onceAnim.onAnimationEndObservable.add(lambda *_: log.append(["once-end-obs-first", step]), -1, True)

# 3. Looping range that is not the whole key range, events outside the range never fire.
ranged = SimpleNamespace(x=0)
rx = track(
    "rx",
    "x",
    [
        {"frame": 0, "value": 0},
        {"frame": 48, "value": 96},
    ],
)
rx.addEvent(AnimationEvent(6, lambda f: log.append(["rx6-before-range", step, f])))
rx.addEvent(AnimationEvent(20, lambda f: log.append(["rx20", step, f, ranged.x])))
rx.addEvent(AnimationEvent(36, lambda f: log.append(["rx36", step, f, ranged.x])))
rangedAnim = scene.beginDirectAnimation(ranged, [rx], 12, 36, True, 1.5)
rangedAnim.onAnimationLoopObservable.add(lambda *_: log.append(["ranged-loop", step, ranged.x]))

samples = []
for step in range(90):
    if step == 70:
        loopAnim.stop()
    scene._animate(16)
    samples.append([looper.x, looper.y, once.x, follow.z, ranged.x, len(scene.animatables)])

print(json.dumps({"log": log, "samples": samples}))
