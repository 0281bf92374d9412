# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_loop_modes.mjs against lite_compat.

Babylon.js 9.31 loop modes (RELATIVE, CYCLE, CONSTANT, YOYO, RELATIVE_FROM_CURRENT), each
with loop true and false, on a FLOAT and a VECTOR3 track, stepped with scene._animate(16) at
60 fps (0.96 frames per step) across several cycles; records values, frames, loop and end
callbacks per step.
"""

from __future__ import annotations

import json
from types import SimpleNamespace

from lite_compat import Animation, NullEngine, Scene, Vector3

engine = NullEngine()
scene = Scene(engine)

modes = [
    Animation.ANIMATIONLOOPMODE_RELATIVE,
    Animation.ANIMATIONLOOPMODE_CYCLE,
    Animation.ANIMATIONLOOPMODE_CONSTANT,
    Animation.ANIMATIONLOOPMODE_YOYO,
    Animation.ANIMATIONLOOPMODE_RELATIVE_FROM_CURRENT,
]

runs = []
for mode in modes:
    for loop in [True, False]:
        target = SimpleNamespace(x=10, position=Vector3(1, 2, 3))
        x = Animation("x", "x", 60, Animation.ANIMATIONTYPE_FLOAT, mode)
        x.setKeys(
            [
                {"frame": 0, "value": 1},
                {"frame": 20, "value": 5},
                {"frame": 40, "value": 3},
            ]
        )
        position = Animation("p", "position", 60, Animation.ANIMATIONTYPE_VECTOR3, mode)
        position.setKeys(
            [
                {"frame": 0, "value": Vector3(0, 0, 0)},
                {"frame": 25, "value": Vector3(2, -1, 0.5)},
                {"frame": 40, "value": Vector3(3, 1, -2)},
            ]
        )
        log = []
        animatable = scene.beginDirectAnimation(
            target,
            [x, position],
            0,
            40,
            loop,
            1,
            lambda log=log: log.append("end"),
            lambda log=log: log.append("loop"),
        )
        steps = []
        for _i in range(180):
            scene._animate(16)
            steps.append(
                [
                    animatable.masterFrame,
                    target.x,
                    target.position.x,
                    target.position.y,
                    target.position.z,
                    len(log),
                ]
            )
        scene.stopAnimation(target)
        runs.append({"mode": mode, "loop": loop, "steps": steps, "log": log})

print(json.dumps({"runs": runs}))
