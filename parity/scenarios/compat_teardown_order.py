# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_teardown_order.mjs against lite_compat.

Babylon.js 9.31 teardown order: scene.stopAllAnimations with end callbacks that start a new
animatable, stop a later one and stop an earlier one; a loop of animatable.stop() in a
scrambled order with callbacks that start and stop others; many animation groups stopped
one by one (an end observer restarting another group) and disposed; scene.dispose with
started groups, own animatables whose end callbacks would start more, and an
onDisposeObservable observer logging the list. Logs every callback with the active list
(target names) at that moment, and the list after each call.
"""

from __future__ import annotations

import json

from lite_compat import Animation, AnimationGroup, NullEngine, Scene, TransformNode

engine = NullEngine()
scene = Scene(engine)
F = Animation.ANIMATIONTYPE_FLOAT
log = []


def anim(name):
    animation = Animation(name, "position.x", 60, F)
    animation.setKeys([{"frame": 0, "value": 0}, {"frame": 30, "value": 3}])
    return animation


nodes = {}


def node(name):
    if name not in nodes:
        nodes[name] = TransformNode(name, scene)
    return nodes[name]


def names():
    return [a.target.name for a in scene._activeAnimatables]


own = {}


def start(name, on_end=None):
    def ended():
        log.append(["end", name, names()])
        if on_end:
            on_end()

    animatable = scene.beginDirectAnimation(node(name), [anim("x" + name)], 0, 30, True, 1, ended)
    animatable.onAnimationEndObservable.add(lambda _a, _s: log.append(["endObs", name, names()]))
    own[name] = animatable
    return animatable


def group(name, targets):
    g = AnimationGroup(name, scene)
    for t in targets:
        g.addTargetedAnimation(anim("g" + t), node(t))
    g.onAnimationEndObservable.add(
        lambda ta, _s: log.append(["gEnd", name, ta.target.name, names()])
    )
    g.onAnimationGroupEndObservable.add(
        lambda gg, _s: log.append(["groupEnd", gg.name, bool(gg.isStarted), names()])
    )
    return g


# A: stopAllAnimations with callbacks that change the list.
for i in range(8):
    name = "a" + str(i)
    on_end = None
    if i == 2:
        on_end = lambda: start("a_new")  # noqa: E731
    if i == 4:
        on_end = lambda: own["a6"].stop()  # noqa: E731
    if i == 5:
        on_end = lambda: own["a1"].stop()  # noqa: E731
    start(name, on_end)
ga = group("ga", ["ga0", "ga1"])
ga.play(True)
scene._animate(16)
log.append(["A before", names()])
scene.stopAllAnimations()
log.append(["A after", names(), bool(ga.isStarted)])
scene._activeAnimatables.clear()

# B: individual stops in a scrambled order.
for i in range(10):
    name = "b" + str(i)
    on_end = None
    if i == 3:
        on_end = lambda: start("b_new3")  # noqa: E731
    if i == 6:
        on_end = lambda: own["b8"].stop()  # noqa: E731
    if i == 7:
        on_end = lambda: own["b2"].stop(None, None, True)  # noqa: E731
    start(name, on_end)
scene._animate(16)
for i in [9, 3, 0, 7, 5, 6, 2, 1, 4, 8]:
    own["b" + str(i)].stop()
    log.append(["B stop", "b" + str(i), names()])
own["b_new3"].stop()
log.append(["B end", names()])

# C: many groups stopped one by one, then disposed.
groups = [group("c" + str(i), ["c" + str(i) + "a", "c" + str(i) + "b"]) for i in range(5)]
groups[1].onAnimationGroupEndObservable.add(lambda _g, _s: groups[4].play(True))
start("c_own")
for g in groups[:4]:
    g.play(True)
scene._animate(16)
for i in [2, 0, 1, 3, 4]:
    groups[i].stop()
    log.append(["C stop", "c" + str(i), names(), bool(groups[i].isStarted)])
groups[4].play(True)
groups[0].play(True)
groups[4].dispose()
log.append(["C dispose4", names()])
groups[0].stop(True)
log.append(["C skip0", names()])
own["c_own"].stop()

# D: dispose.
gd = group("gd", ["gd0", "gd1"])
gd.play(True)
start("d0", lambda: start("d_late"))
start("d1")


def on_dispose(_scene, _state):
    log.append(["dispose", names(), bool(gd.isStarted)])


scene.onDisposeObservable.add(on_dispose)
scene._animate(16)
scene.dispose()
log.append(
    ["D after", names(), bool(gd.isStarted), len(gd.animatables), len(scene.animationGroups)]
)
print(json.dumps({"log": log}))
