# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_group_long_run.mjs against lite_compat.

Babylon.js 9.31 AnimationGroups over ten minutes of 16 ms frames (37,500 scene._animate(16)
steps), sampled every 500 steps, with every group loop recorded (count and last step):
a 60 fps two-target group whose 24- and 48-frame tracks loop exactly every 25 and 50 steps,
a speed-1.37 group on a TransformNode (position/rotationQuaternion/scaling), a reverse
(speed -0.5) group, two weighted groups on one target whose weights swap every 3,000 steps,
and a group paused and resumed every 7,000 steps.
"""

from __future__ import annotations

import copy
import json
from types import SimpleNamespace

from lite_compat import (
    Animation,
    AnimationGroup,
    NullEngine,
    Quaternion,
    Scene,
    TransformNode,
    Vector3,
)

engine = NullEngine()
scene = Scene(engine)
F = Animation.ANIMATIONTYPE_FLOAT
V3 = Animation.ANIMATIONTYPE_VECTOR3
Q = Animation.ANIMATIONTYPE_QUATERNION


def anim(name, property, type, keys, fps):
    animation = Animation(name, property, fps, type)
    animation.setKeys([{"frame": frame, "value": value} for frame, value in keys])
    return animation


a = SimpleNamespace(name="a", x=0)
b = SimpleNamespace(name="b", y=0)
node = TransformNode("node", scene)
node.rotationQuaternion = Quaternion.Identity()
r = SimpleNamespace(name="r", z=0)
w = SimpleNamespace(name="w", v=0)
p = SimpleNamespace(name="p", u=0)

exact = AnimationGroup("exact", scene)
exact.addTargetedAnimation(anim("ax", "x", F, [[0, 0], [12, 5], [24, 1]], 60), a)
exact.addTargetedAnimation(anim("by", "y", F, [[0, 0], [48, 9.6]], 60), b)

fast = AnimationGroup("fast", scene)
fast.addTargetedAnimation(
    anim(
        "np",
        "position",
        V3,
        [[0, Vector3(0, 0, 0)], [40, Vector3(4, -2, 1)], [90, Vector3(0, 0, 0)]],
        30,
    ),
    node,
)
fast.addTargetedAnimation(
    anim(
        "nq",
        "rotationQuaternion",
        Q,
        [
            [0, Quaternion.RotationAxis(Vector3(0, 1, 0), 0)],
            [45, Quaternion.RotationAxis(Vector3(0, 1, 0), 2)],
            [90, Quaternion.RotationAxis(Vector3(0, 1, 0), 0)],
        ],
        30,
    ),
    node,
)
fast.addTargetedAnimation(
    anim("ns", "scaling", V3, [[0, Vector3(1, 1, 1)], [90, Vector3(2, 0.5, 1)]], 30), node
)

reverse = AnimationGroup("reverse", scene)
reverse.addTargetedAnimation(anim("rz", "z", F, [[0, -1], [33, 2], [70, 10]], 25), r)

w1 = AnimationGroup("w1", scene, 0.25)
w1.addTargetedAnimation(anim("w1", "v", F, [[0, 0], [30, 30]], 30), w)
w2 = AnimationGroup("w2", scene, 0.75)
w2.addTargetedAnimation(anim("w2", "v", F, [[0, 100], [45, 55]], 30), w)

paused = AnimationGroup("paused", scene)
paused.addTargetedAnimation(anim("pu", "u", F, [[0, 0], [100, 1]], 30), p)

loops = {}
for g in [exact, fast, reverse, w1, w2, paused]:
    loops[g.name] = [0, -1]

    def on_loop(_g, _s, g=g):
        loops[g.name][0] += 1
        loops[g.name][1] = step

    g.onAnimationGroupLoopObservable.add(on_loop)

exact.play(True)
fast.start(True, 1.37)
reverse.start(True, -0.5)
w1.play(True)
w2.play(True)
paused.play(True)

step = 0
samples = []
for step in range(37500):
    if step % 3000 == 0 and step > 0:
        t = w1.weight
        w1.weight = w2.weight
        w2.weight = t
    if step % 7000 == 0 and step > 0:
        paused.pause()
    if step % 7000 == 1000 and step > 1000:
        paused.play()
    scene._animate(16)
    if step % 500 == 0:
        samples.append(
            {
                "step": step,
                "v": [
                    a.x,
                    b.y,
                    *node.position.asArray(),
                    *node.rotationQuaternion.asArray(),
                    *node.scaling.asArray(),
                    r.z,
                    w.v,
                    p.u,
                ],
                "f": [
                    exact.getCurrentFrame(),
                    fast.getCurrentFrame(),
                    reverse.getCurrentFrame(),
                    paused.getCurrentFrame(),
                ],
                "loops": copy.deepcopy(loops),
            }
        )

print(json.dumps({"samples": samples, "loops": loops}))
