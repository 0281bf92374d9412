# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_js_conventions.mjs against lite_compat.

Babylon.js 9.31 calling its callbacks the JavaScript way (a function may declare fewer or
more parameters than it is given: the extra arguments are dropped, the missing ones are
undefined) and the members it leaves undefined (issue 29 items 7, 8, 10). Observers with 0,
1 and 3 parameters, removeCallback and unregisterBeforeRender, addOnce,
AnimationEvent actions with 0 and 2 parameters, onAnimationEnd/onAnimationLoop with a
parameter, AnimationGroup observers with none, isStarted/isPlaying before the first start,
and the documentation's copy of an animatable's runtime animations into a group (a node whose
rotationQuaternion is null under a rotationQuaternion animation).
"""

from __future__ import annotations

import json
from types import SimpleNamespace

from lite_compat import (
    Animation,
    AnimationEvent,
    AnimationGroup,
    FreeCamera,
    NullEngine,
    Quaternion,
    Scene,
    TransformNode,
    Vector3,
)

engine = NullEngine()
scene = Scene(engine)
scene.useConstantAnimationDeltaTime = True  # 16 ms per render
FreeCamera("camera", Vector3(0, 0, -10), scene)
log = []
step = 0

# 1. Observers declaring 0, 1 and 3 parameters; removal by the function given.
zero = lambda: log.append(["obs0", step])  # noqa: E731 - the port keeps the script's shape
scene.onBeforeRenderObservable.add(zero)
scene.onBeforeRenderObservable.add(lambda s: log.append(["obs1", step, s is scene]))
scene.onAfterRenderObservable.add(
    lambda s, state, extra: log.append(["obs3", step, s is scene, state.mask, extra])
)


def registered():
    log.append(["registered", step])


scene.registerBeforeRender(registered)
scene.onBeforeRenderObservable.addOnce(lambda: log.append(["addOnce", step]))

# 2. An animation whose events and callbacks declare 0 or 2 parameters.
target = SimpleNamespace(x=0)
x = Animation("x", "x", 60, Animation.ANIMATIONTYPE_FLOAT)
x.setKeys([{"frame": 0, "value": 0}, {"frame": 12, "value": 12}])
x.addEvent(AnimationEvent(5, lambda: log.append(["event0", step, target.x])))
x.addEvent(AnimationEvent(8, lambda frame, extra: log.append(["event2", step, frame, extra])))


def on_loop(a):
    log.append(["loop", step, a, target.x])


looping = scene.beginDirectAnimation(target, [x], 0, 12, True, 1, None, on_loop)
other = SimpleNamespace(y=0)
y = Animation("y", "y", 60, Animation.ANIMATIONTYPE_FLOAT)
y.setKeys([{"frame": 0, "value": 0}, {"frame": 6, "value": 6}])
ending = scene.beginDirectAnimation(
    other, [y], 0, 6, False, 1, lambda a: log.append(["end", step, a, other.y])
)
endUndefinedBefore = [ending.onAnimationLoop, "function" if callable(ending.onAnimationEnd) else 0]

# 3. A group: undefined state before the first start, observers with no parameter.
node = TransformNode("node", scene)
pos = Animation("pos", "position.y", 60, Animation.ANIMATIONTYPE_FLOAT)
pos.setKeys([{"frame": 0, "value": 0}, {"frame": 10, "value": 5}])
group = AnimationGroup("group", scene)
group.addTargetedAnimation(pos, node)
states = [["new", group.isStarted, group.isPlaying]]
group.onAnimationGroupEndObservable.add(lambda: log.append(["groupEnd", step, node.position.y]))
group.onAnimationEndObservable.add(
    lambda targeted: log.append(["targetedEnd", step, targeted.animation.name])
)
group.onAnimationGroupPlayObservable.add(lambda: log.append(["groupPlay", step]))
group.pause()
states.append(["pause before start", group.isStarted, group.isPlaying])

# 4. The documentation's copy of an animatable's runtime animations into a new group.
hero = TransformNode("hero", scene)
spin = Animation("spin", "rotationQuaternion", 60, Animation.ANIMATIONTYPE_QUATERNION)
spin.setKeys(
    [
        {"frame": 0, "value": Quaternion.Identity()},
        {"frame": 30, "value": Quaternion.RotationAxis(Vector3(0, 1, 0), 1.5)},
    ]
)
lift = Animation("lift", "position.x", 60, Animation.ANIMATIONTYPE_FLOAT)
lift.setKeys([{"frame": 0, "value": 1}, {"frame": 30, "value": 4}])
hero.animations = [spin]
idle = scene.beginAnimation(hero, 0, 30, True)
copy = AnimationGroup("copy", scene)
copied = []
for runtime in idle.getAnimations():
    copied.append([runtime.animation.name, runtime.target is hero, hero.rotationQuaternion is None])
    copy.addTargetedAnimation(runtime.animation, runtime.target)
copy.addTargetedAnimation(lift, hero)
scene.stopAnimation(hero)

rows = []
for step in range(40):
    if step == 2:
        group.start(False)
    if step == 3:
        states.append(["started", group.isStarted, group.isPlaying])
    if step == 4:
        group.pause()
        states.append(["paused", group.isStarted, group.isPlaying])
        group.play()
    if step == 5:
        scene.onBeforeRenderObservable.removeCallback(zero)
        scene.unregisterBeforeRender(registered)
    if step == 6:
        copy.start(True)
    if step == 30:
        looping.stop()
    scene.render()
    q = hero.rotationQuaternion
    rows.append(
        [
            step,
            target.x,
            other.y,
            node.position.y,
            hero.position.x,
            [q.x, q.y, q.z, q.w] if q else None,
        ]
    )
states.append(["ended", group.isStarted, group.isPlaying])

print(
    json.dumps(
        {
            "log": log,
            "rows": rows,
            "states": states,
            "endUndefinedBefore": endUndefinedBefore,
            "copied": copied,
            "copyTargets": len(copy.targetedAnimations),
        }
    )
)
