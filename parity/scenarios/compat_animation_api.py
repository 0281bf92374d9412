# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_animation_api.mjs against lite_compat.

Babylon.js 9.31 Animation API outside playback: constants, serialize() of float/Vector3/
Quaternion/Color3 animations with tangents, interpolation and ranges, Animation.Parse round
trips evaluated on a grid, clone, getHighestFrame, createKeyForFrame, deleteRange, the
frame-0 key inserted into getKeys() when playback starts, CreateAnimation,
CreateAndStartAnimation, CreateMergeAndStartAnimation and TransitionTo (incl. duration 0).
"""

from __future__ import annotations

import json
from types import SimpleNamespace

from lite_compat import (
    Animation,
    Color3,
    NullEngine,
    Quaternion,
    Scene,
    SineEase,
    Vector3,
)

engine = NullEngine()
scene = Scene(engine)

constants = [
    Animation.ANIMATIONTYPE_FLOAT,
    Animation.ANIMATIONTYPE_VECTOR3,
    Animation.ANIMATIONTYPE_QUATERNION,
    Animation.ANIMATIONTYPE_MATRIX,
    Animation.ANIMATIONTYPE_COLOR3,
    Animation.ANIMATIONTYPE_VECTOR2,
    Animation.ANIMATIONTYPE_SIZE,
    Animation.ANIMATIONTYPE_COLOR4,
    Animation.ANIMATIONLOOPMODE_RELATIVE,
    Animation.ANIMATIONLOOPMODE_CYCLE,
    Animation.ANIMATIONLOOPMODE_CONSTANT,
    Animation.ANIMATIONLOOPMODE_YOYO,
    Animation.ANIMATIONLOOPMODE_RELATIVE_FROM_CURRENT,
]

f = Animation(
    "f", "x", 24, Animation.ANIMATIONTYPE_FLOAT, Animation.ANIMATIONLOOPMODE_CONSTANT, True
)
f.setKeys(
    [
        {"frame": 0, "value": 1},
        {"frame": 10, "value": 2, "inTangent": 0.5, "outTangent": -0.5},
        {"frame": 20, "value": 0, "interpolation": 1},
        {"frame": 30, "value": 4, "outTangent": 1},
    ]
)
f.blendingSpeed = 0.05
f.createRange("a", 0, 10)
f.createRange("b", 12, 30)
v = Animation("v", "position", 30, Animation.ANIMATIONTYPE_VECTOR3)
v.setKeys(
    [
        {"frame": 0, "value": Vector3(1, 2, 3)},
        {
            "frame": 15,
            "value": Vector3(4, 5, 6),
            "inTangent": Vector3(1, 0, 0),
            "outTangent": Vector3(0, 1, 0),
        },
        {"frame": 30, "value": Vector3(-1, -2, -3), "interpolation": 1},
    ]
)
q = Animation("q", "rotationQuaternion", 30, Animation.ANIMATIONTYPE_QUATERNION)
q.setKeys(
    [
        {"frame": 0, "value": Quaternion.RotationAxis(Vector3(0, 1, 0), 0.5)},
        {"frame": 30, "value": Quaternion.RotationAxis(Vector3(1, 0, 0), 1.5)},
    ]
)
c = Animation("c", "color", 30, Animation.ANIMATIONTYPE_COLOR3)
c.setKeys(
    [
        {"frame": 0, "value": Color3(1, 0, 0)},
        {"frame": 30, "value": Color3(0, 0.5, 1)},
    ]
)

serialized = [a.serialize() for a in [f, v, q, c]]
parsed = [Animation.Parse(s) for s in serialized]
grid = []
frame = -2
while frame <= 32:
    grid.append(
        [
            frame,
            parsed[0].evaluate(frame),
            parsed[1].evaluate(frame).asArray(),
            parsed[2].evaluate(frame).asArray(),
            parsed[3].evaluate(frame).asArray(),
            f.evaluate(frame),
        ]
    )
    frame += 1.5
copy = f.clone()
copy.deleteRange("a", False)
trimmed = f.clone()
trimmed.deleteRange("b")
created = copy.createKeyForFrame(5)
existing = copy.createKeyForFrame(20)
info = {
    "highest": [f.getHighestFrame(), v.getHighestFrame()],
    "cloneKeys": [[k["frame"], k["value"]] for k in copy.getKeys()],
    "created": created,
    "trimmed": [k["frame"] for k in trimmed.getKeys()],
    "existing": existing,
    "ranges": [
        copy.getRange("a"),
        copy.getRange("b") and [copy.getRange("b").from_, copy.getRange("b").to],
    ],
    "loopMode": [f.loopMode, v.loopMode, copy.loopMode, copy.enableBlending, copy.blendingSpeed],
    "toString": f.toString(True),
}

# The frame-0 key Babylon.js inserts into the animation's own keys when playback starts.
late = Animation("late", "x", 30, Animation.ANIMATIONTYPE_FLOAT)
late.setKeys(
    [
        {"frame": 10, "value": 5},
        {"frame": 20, "value": 7},
    ]
)
host = SimpleNamespace(x=0)
before = len(late.getKeys())
scene.beginDirectAnimation(host, [late], 0, 20, False)
inserted = [before, [[k["frame"], k["value"]] for k in late.getKeys()]]

made = Animation.CreateAnimation("alpha", Animation.ANIMATIONTYPE_FLOAT, 60, SineEase())
madeInfo = [made.name, made.targetProperty, made.loopMode, made.getEasingFunction() is not None]

node = SimpleNamespace(x=1, position=Vector3(0, 0, 0), animations=[], getScene=lambda: scene)
log = []
started = Animation.CreateAndStartAnimation(
    "move",
    node,
    "position",
    30,
    20,
    Vector3(0, 0, 0),
    Vector3(2, 4, 6),
    Animation.ANIMATIONLOOPMODE_CONSTANT,
    None,
    lambda: log.append("started-end"),
)
merged = Animation.CreateMergeAndStartAnimation(
    "mx",
    node,
    "x",
    30,
    10,
    1,
    11,
    Animation.ANIMATIONLOOPMODE_CYCLE,
    None,
    lambda: log.append("merged-end"),
)
transition = Animation(
    "t", "x", 60, Animation.ANIMATIONTYPE_FLOAT, Animation.ANIMATIONLOOPMODE_CONSTANT
)
host2 = SimpleNamespace(x=3)
none = Animation.TransitionTo(
    "x", 9, host2, scene, 60, transition, 0, lambda: log.append("instant")
)
host3 = SimpleNamespace(x=3)
transition3 = Animation(
    "t3", "x", 60, Animation.ANIMATIONTYPE_FLOAT, Animation.ANIMATIONLOOPMODE_CONSTANT
)
moving = Animation.TransitionTo(
    "x", 9, host3, scene, 60, transition3, 500, lambda: log.append("transition-end")
)
steps = []
for _i in range(50):
    scene._animate(16)
    steps.append(
        [node.position.x, node.position.z, node.x, host3.x, host.x, len(scene.animatables)]
    )

print(
    json.dumps(
        {
            "constants": constants,
            "serialized": serialized,
            "grid": grid,
            "info": info,
            "inserted": inserted,
            "madeInfo": madeInfo,
            "statics": [
                started is not None,
                merged is not None,
                none is None,
                host2.x,
                moving is not None,
                len(node.animations),
                len(host3.animations),
            ],
            "steps": steps,
            "log": log,
        }
    )
)
