# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_nonfinite.mjs against lite_compat.

Babylon.js 9.31 under non-finite frames: one bad frame does not break the scene. After
scene._animate(NaN / Infinity), goToFrame(+-Infinity / NaN) on an Animatable or an
AnimationGroup, a NaN/Infinity speed ratio or frame rate (and a frame rate of 0), Babylon
writes NaN (or, where its key-search cache stands on the last key, that key's value) and
carries on stepping. Each case: the target before and after the bad call, then five
scene._animate(16) steps, plus the masterFrame and the active animatable count.
(lite_compat's AnimationGroup refuses a NaN goToFrame or speedRatio up front with a coded
error, before changing anything, so those two calls are not replayed here.)
"""

from __future__ import annotations

import json
import math
from types import SimpleNamespace

from lite_compat import Animation, AnimationGroup, NullEngine, Quaternion, Scene, Vector3

INF = math.inf
NAN = math.nan


def num(x: float) -> float | str:
    return (
        x if math.isfinite(x) else ("NaN" if math.isnan(x) else ("Infinity" if x > 0 else "-Infinity"))
    )


def makeAnimations(fps=30):
    x = Animation("x", "x", fps, Animation.ANIMATIONTYPE_FLOAT)
    x.setKeys(
        [
            {"frame": 0, "value": 0},
            {"frame": 20, "value": 4},
            {"frame": 40, "value": -4},
        ]
    )
    position = Animation("p", "position", fps, Animation.ANIMATIONTYPE_VECTOR3)
    position.setKeys(
        [
            {"frame": 0, "value": Vector3(0, 1, 2)},
            {"frame": 40, "value": Vector3(8, -3, 6)},
        ]
    )
    rotation = Animation("q", "rotationQuaternion", fps, Animation.ANIMATIONTYPE_QUATERNION)
    rotation.setKeys(
        [
            {"frame": 0, "value": Quaternion(0, 0, 0, 1)},
            {"frame": 40, "value": Quaternion(0, math.sqrt(0.5), 0, math.sqrt(0.5))},
        ]
    )
    return [x, position, rotation]


def snapshot(t):
    return [
        num(t.x),
        num(t.position.x),
        num(t.position.z),
        num(t.rotationQuaternion.y),
        num(t.rotationQuaternion.w),
    ]


def makeTarget():
    return SimpleNamespace(x=5, position=Vector3(9, 9, 9), rotationQuaternion=Quaternion(0, 0, 0, 1))


def group(scene, t, fps=30):
    g = AnimationGroup("g", scene)
    for a in makeAnimations(fps):
        g.addTargetedAnimation(a, t)
    return g


def animateNaN(s, t):
    a = s.beginDirectAnimation(t, makeAnimations(), 0, 40, True)
    s._animate(16)
    s._animate(NAN)
    return a


def animateInfinity(s, t):
    a = s.beginDirectAnimation(t, makeAnimations(), 0, 40, True)
    s._animate(16)
    s._animate(INF)
    return a


def animateNaNOnce(s, t):
    a = s.beginDirectAnimation(t, makeAnimations(), 0, 40, False)
    s._animate(16)
    s._animate(NAN)
    return a


def _goto(frame):
    def run(s, t):
        a = s.beginDirectAnimation(t, makeAnimations(), 0, 40, True)
        s._animate(16)
        a.goToFrame(frame)
        return a

    return run


def _group_goto(frame):
    def run(s, t):
        g = group(s, t)
        g.play(True)
        s._animate(16)
        g.goToFrame(frame)

    return run


def animatableSpeedNaN(s, t):
    a = s.beginDirectAnimation(t, makeAnimations(), 0, 40, True)
    s._animate(16)
    a.speedRatio = NAN
    return a


def _begin_fps(fps, speed=1.0):
    return lambda s, t: s.beginDirectAnimation(t, makeAnimations(fps), 0, 40, True, speed)


def groupFpsZero(s, t):
    group(s, t, 0).play(True)


cases = {
    "animateNaN": animateNaN,
    "animateInfinity": animateInfinity,
    "animateNaNOnce": animateNaNOnce,
    "animatableGoToInfinity": _goto(INF),
    "animatableGoToMinusInfinity": _goto(-INF),
    "animatableGoToNaN": _goto(NAN),
    "groupGoToInfinity": _group_goto(INF),
    "animatableSpeedNaN": animatableSpeedNaN,
    "beginSpeedInfinity": _begin_fps(30, INF),
    "fpsNaN": _begin_fps(NAN),
    "fpsInfinity": _begin_fps(INF),
    "fpsZero": _begin_fps(0),
    "groupFpsZero": groupFpsZero,
}

out = {}
for name, run in cases.items():
    scene = Scene(NullEngine())
    t = makeTarget()
    animatable = run(scene, t)
    after = snapshot(t)
    steps = []
    for _ in range(5):
        scene._animate(16)
        steps.append(
            [
                *snapshot(t),
                num(animatable.masterFrame) if animatable else None,
                len(scene.animatables),
            ]
        )
    out[name] = {"after": after, "steps": steps}

print(json.dumps(out))
