# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_overlap_weights.mjs against lite_compat.

Babylon.js 9.31 write order and weights: `position` and `position.x` animated in one call
(both orders) and across two calls (Babylon.js replaces the position object, so a
position.x runtime resolved earlier writes a detached object), the same path animated by
two animatables (the later one wins), and beginWeightedAnimation blends (two weighted
animatables on float/Vector3/Quaternion properties, a single weight mixing in the original
value, a weight changed mid-play, and a weight of 0).
"""

from __future__ import annotations

import json
from types import SimpleNamespace

from lite_compat import Animation, NullEngine, Quaternion, Scene, Vector3

engine = NullEngine()
scene = Scene(engine)


def anim(name, property, type, keys):
    animation = Animation(name, property, 30, type)
    animation.setKeys(keys)
    return animation


V3 = Animation.ANIMATIONTYPE_VECTOR3
F = Animation.ANIMATIONTYPE_FLOAT
Q = Animation.ANIMATIONTYPE_QUATERNION


def wholeKeys():
    return [
        {"frame": 0, "value": Vector3(0, 0, 0)},
        {"frame": 30, "value": Vector3(3, 6, 9)},
    ]


def xKeys():
    return [
        {"frame": 0, "value": 100},
        {"frame": 30, "value": 130},
    ]


a = SimpleNamespace(position=Vector3(1, 1, 1))
b = SimpleNamespace(position=Vector3(1, 1, 1))
c = SimpleNamespace(position=Vector3(1, 1, 1))
d = SimpleNamespace(x=0)
scene.beginDirectAnimation(
    a, [anim("p", "position", V3, wholeKeys()), anim("px", "position.x", F, xKeys())], 0, 30, True
)
scene.beginDirectAnimation(
    b, [anim("px", "position.x", F, xKeys()), anim("p", "position", V3, wholeKeys())], 0, 30, True
)
scene.beginDirectAnimation(c, [anim("px", "position.x", F, xKeys())], 0, 30, True)
scene.beginDirectAnimation(c, [anim("p", "position", V3, wholeKeys())], 0, 30, True)
scene.beginDirectAnimation(d, [anim("d1", "x", F, xKeys())], 0, 30, True)
scene.beginDirectAnimation(
    d, [anim("d2", "x", F, [{"frame": 0, "value": -1}, {"frame": 30, "value": -31}])], 0, 30, True
)

axis = Vector3(0, 1, 0)
w = SimpleNamespace(
    x=10, position=Vector3(5, 5, 5), rotationQuaternion=Quaternion.RotationAxis(axis, 0.2)
)
walk = [
    anim("wx", "x", F, [{"frame": 0, "value": 0}, {"frame": 30, "value": 30}]),
    anim(
        "wp",
        "position",
        V3,
        [{"frame": 0, "value": Vector3(0, 0, 0)}, {"frame": 30, "value": Vector3(3, 0, -3)}],
    ),
    anim(
        "wq",
        "rotationQuaternion",
        Q,
        [
            {"frame": 0, "value": Quaternion.RotationAxis(axis, 0)},
            {"frame": 30, "value": Quaternion.RotationAxis(axis, 1.5)},
        ],
    ),
]
run = [
    anim("rx", "x", F, [{"frame": 0, "value": 100}, {"frame": 30, "value": 70}]),
    anim(
        "rp",
        "position",
        V3,
        [{"frame": 0, "value": Vector3(10, 10, 10)}, {"frame": 30, "value": Vector3(0, 20, 0)}],
    ),
    anim(
        "rq",
        "rotationQuaternion",
        Q,
        [
            {"frame": 0, "value": Quaternion.RotationAxis(Vector3(1, 0, 0), 0.5)},
            {"frame": 30, "value": Quaternion.RotationAxis(Vector3(1, 0, 0), -0.5)},
        ],
    ),
]
w.animations = walk
walkAnim = scene.beginWeightedAnimation(w, 0, 30, 0.3, True)
w.animations = run
runAnim = scene.beginWeightedAnimation(w, 0, 30, 0.7, True)

single = SimpleNamespace(x=10, position=Vector3(5, 5, 5))
single.animations = [
    anim("sx", "x", F, [{"frame": 0, "value": 0}, {"frame": 30, "value": 30}]),
    anim(
        "sp",
        "position",
        V3,
        [{"frame": 0, "value": Vector3(0, 0, 0)}, {"frame": 30, "value": Vector3(3, 0, -3)}],
    ),
]
singleAnim = scene.beginWeightedAnimation(single, 0, 30, 0.5, True)

steps = []
for i in range(100):
    if i == 40:
        walkAnim.weight = 0.9
    if i == 60:
        singleAnim.weight = 0
    if i == 80:
        runAnim.weight = 0
    scene._animate(16)
    steps.append(
        {
            "a": a.position.asArray(),
            "b": b.position.asArray(),
            "c": c.position.asArray(),
            "d": d.x,
            "w": [w.x, *w.position.asArray(), *w.rotationQuaternion.asArray()],
            "single": [single.x, *single.position.asArray()],
        }
    )

print(json.dumps({"steps": steps}))
