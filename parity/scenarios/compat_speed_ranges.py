# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_speed_ranges.mjs against lite_compat.

Babylon.js 9.31 play ranges and speed ratios: a named range (createRange/getRange), speeds
1.5, 2, 0.5 and 0, a negative speed (from/to swapped), a reverse range (from > to), a range
outside the keys (clamped per track), and speedRatio changed mid-play (faster, negative,
slower), with loop true and false. Stepped with scene._animate(16).
"""

from __future__ import annotations

import json
from types import SimpleNamespace

from lite_compat import Animation, NullEngine, Scene, Vector3

engine = NullEngine()
scene = Scene(engine)


def makeTarget():
    target = SimpleNamespace(x=0, position=Vector3(0, 0, 0))
    x = Animation("x", "x", 30, Animation.ANIMATIONTYPE_FLOAT)
    x.setKeys(
        [
            {"frame": 0, "value": 0},
            {"frame": 10, "value": 10},
            {"frame": 30, "value": -10},
            {"frame": 50, "value": 40},
        ]
    )
    x.createRange("walk", 10, 30)
    position = Animation("p", "position", 30, Animation.ANIMATIONTYPE_VECTOR3)
    position.setKeys(
        [
            {"frame": 0, "value": Vector3(0, 0, 0)},
            {"frame": 50, "value": Vector3(5, -10, 2.5)},
        ]
    )
    target.animations = [x, position]
    return target


def run(start, changes, steps):
    target = makeTarget()
    log = []
    animatable = start(target, log)
    out = []
    for i in range(steps):
        if changes.get(i) is not None:
            animatable.speedRatio = changes[i]
        scene._animate(16)
        out.append(
            [animatable.masterFrame, target.x, target.position.x, target.position.y, len(log)]
        )
    scene.stopAnimation(target)
    return {"out": out, "log": log, "speed": animatable.speedRatio}


def start_range(t, log):
    range = t.animations[0].getRange("walk")
    return scene.beginAnimation(t, range.from_, range.to, True, 1.5, lambda: log.append("end"))


results = {}
results["range"] = run(start_range, {}, 80)
for speed in [2, 0.5, 0]:
    results["speed" + str(speed)] = run(
        lambda t, log: scene.beginAnimation(t, 0, 50, True, speed, lambda: log.append("end")),
        {},
        120,
    )
results["negative"] = run(
    lambda t, log: scene.beginAnimation(t, 0, 50, True, -1, lambda: log.append("end")), {}, 120
)
results["negativeOnce"] = run(
    lambda t, log: scene.beginAnimation(t, 0, 50, False, -1.5, lambda: log.append("end")), {}, 120
)
results["reverse"] = run(
    lambda t, log: scene.beginAnimation(t, 40, 5, False, 1, lambda: log.append("end")), {}, 120
)
results["reverseLoop"] = run(
    lambda t, log: scene.beginAnimation(t, 40, 5, True, 1, lambda: log.append("end")), {}, 120
)
results["outside"] = run(
    lambda t, log: scene.beginAnimation(t, -10, 80, True, 1, lambda: log.append("end")), {}, 200
)
results["changed"] = run(
    lambda t, log: scene.beginAnimation(t, 0, 50, True, 1, lambda: log.append("end")),
    {30: 3, 60: -1, 90: 0.5, 120: 0, 130: 2},
    170,
)
results["changedOnce"] = run(
    lambda t, log: scene.beginAnimation(t, 0, 50, False, 1, lambda: log.append("end")),
    {20: 2.5, 40: -2},
    150,
)

print(json.dumps(results))
