# parity: {"atol": 1e-5, "rtol": 1e-5}
"""Port of compat_motion_root_motion.mjs against lite_compat.

Babylon.js 9.31 RootMotionClip and RootMotionController on generated rigs built in code:
a walk whose root travels (source Root: cycle offset, distance, speed, direction snapping,
the in-place group's stripped root keys), a turning walk (rotation extracted, a quarter
turn per cycle), an in-place walk whose planted feet give the travel (source FootContact),
a clip that does not move (source None), and controllers driving the character over long
runs: loop accumulation over many cycles, speed ratio changes, a reversed playback, a
played range, two weighted clips blended, pause and applyToCharacter false.
"""

from __future__ import annotations

import json
import math

from lite_compat import (
    Animation,
    AnimationGroup,
    NullEngine,
    Quaternion,
    RootMotionClip,
    RootMotionController,
    RootMotionSource,
    Scene,
    TransformNode,
    Vector3,
)

scene = Scene(NullEngine())


def v(p):
    return [p.x, p.y, p.z]


def q(r):
    return [r.x, r.y, r.z, r.w]


def vecAnim(name, prop, fps, keys):
    a = Animation(
        name, prop, fps, Animation.ANIMATIONTYPE_VECTOR3, Animation.ANIMATIONLOOPMODE_CYCLE
    )
    a.setKeys([{"frame": f, "value": Vector3(x, y, z)} for f, x, y, z in keys])
    return a


def quatAnim(name, fps, keys):
    a = Animation(
        name,
        "rotationQuaternion",
        fps,
        Animation.ANIMATIONTYPE_QUATERNION,
        Animation.ANIMATIONLOOPMODE_CYCLE,
    )
    a.setKeys(
        [
            {"frame": f, "value": Quaternion.RotationYawPitchRoll(yaw, pitch, 0)}
            for f, yaw, pitch in keys
        ]
    )
    return a


def rig(name):
    """A rig: character > hips > (legL > footL, legR > footR)."""
    character = TransformNode(name, scene)
    hips = TransformNode(name + "_hips", scene)
    hips.parent = character
    hips.position = Vector3(0, 1, 0)
    hips.rotationQuaternion = Quaternion.Identity()
    nodes = {"character": character, "hips": hips}
    for side in ["L", "R"]:
        leg = TransformNode(name + "_leg" + side, scene)
        leg.parent = hips
        leg.position = Vector3(0.2 if side == "L" else -0.2, -0.5, 0)
        foot = TransformNode(name + "_foot" + side, scene)
        foot.parent = leg
        foot.position = Vector3(0, -0.5, 0)
        nodes["leg" + side] = leg
        nodes["foot" + side] = foot
    return nodes


N = 30


def frames(fn):
    return [[i * 5, *fn(i * 5)] for i in range(N // 5 + 1)]


def walkGroup(r, name, stride, turn):
    g = AnimationGroup(name, scene)
    g.addTargetedAnimation(
        vecAnim(
            name + "P",
            "position",
            30,
            frames(
                lambda f: [
                    0.03 * math.sin((f / N) * 2 * math.pi),
                    1 + 0.05 * math.cos((f / N) * 4 * math.pi),
                    (stride * f) / N,
                ]
            ),
        ),
        r["hips"],
    )
    g.addTargetedAnimation(
        quatAnim(
            name + "Q",
            30,
            frames(lambda f: [(turn * f) / N, 0.05 * math.sin((f / N) * 2 * math.pi)]),
        ),
        r["hips"],
    )
    g.addTargetedAnimation(
        vecAnim(
            name + "L",
            "position",
            30,
            frames(lambda f: [0.2, -0.5, 0.3 * math.sin((f / N) * 2 * math.pi)]),
        ),
        r["legL"],
    )
    g.addTargetedAnimation(
        vecAnim(
            name + "R",
            "position",
            30,
            frames(lambda f: [-0.2, -0.5, -0.3 * math.sin((f / N) * 2 * math.pi)]),
        ),
        r["legR"],
    )
    return g


def inPlaceGroup(r, name, speed):
    """In place: the hips bob; each foot is planted (sliding back at the ground speed) half
    the cycle and swings forward the other half."""
    g = AnimationGroup(name, scene)
    g.addTargetedAnimation(
        vecAnim(
            name + "P",
            "position",
            30,
            frames(lambda f: [0, 1 + 0.04 * math.cos((f / N) * 4 * math.pi), 0]),
        ),
        r["hips"],
    )

    def footKeys(phase):
        keys = []
        for f in range(N + 1):
            u = math.fmod((f / N) + phase, 1)
            planted = u < 0.5
            z = speed * (0.25 - u) if planted else speed * (-0.25 + (u - 0.5))
            y = -0.5 if planted else -0.5 + 0.15 * math.sin((u - 0.5) * 2 * math.pi)
            keys.append([f, 0, y, z])
        return keys

    g.addTargetedAnimation(vecAnim(name + "FL", "position", 30, footKeys(0)), r["footL"])
    g.addTargetedAnimation(vecAnim(name + "FR", "position", 30, footKeys(0.5)), r["footR"])
    return g


def key_value(k):
    value = k["value"] if isinstance(k, dict) else k.value
    return q(value) if isinstance(value, Quaternion) else v(value)


def clipInfo(c):
    return {
        "source": c.source,
        "root": c.rootNode.name if c.rootNode else None,
        "character": c.characterNode.name,
        "contacts": [n.name for n in c.contactNodes],
        "up": v(c.upAxis),
        "from": c.fromFrame,
        "to": c.toFrame,
        "dir": v(c.travelDirection),
        "offset": v(c.cycleOffset),
        "distance": c.cycleDistance,
        "rotation": c.cycleRotation,
        "turns": c.extractsRotation,
        "duration": c.duration,
        "speed": c.averageSpeed,
        "height": c.characterHeight,
        "samples": [
            [*v(c.getOffsetAtFrame(f, Vector3())), c.getRotationAtFrame(f)]
            for f in [0, 3.5, 7, 15, 22.25, 30]
        ],
        "group": c.animationGroup.name,
        "sourceGroup": c.sourceAnimationGroup.name,
        "inPlace": [
            [
                ta.target.name,
                ta.animation.targetProperty,
                [key_value(k) for k in ta.animation.getKeys()],
            ]
            for ta in c.animationGroup.targetedAnimations
        ],
        "sourceKept": [
            key_value(k) for k in c.sourceAnimationGroup.targetedAnimations[0].animation.getKeys()
        ],
    }


out = {}

walkRig = rig("walker")
walk = RootMotionClip(walkGroup(walkRig, "walk", 1.2, 0))
out["walk"] = clipInfo(walk)
turnRig = rig("turner")
turnWalk = RootMotionClip(walkGroup(turnRig, "turn", 0.8, math.pi / 2))
out["turn"] = clipInfo(turnWalk)
footRig = rig("stepper")
step = RootMotionClip(inPlaceGroup(footRig, "step", 1.0))
out["step"] = clipInfo(step)
idleRig = rig("idler")
idleGroup = AnimationGroup("idle", scene)
idleGroup.addTargetedAnimation(
    vecAnim(
        "idleP",
        "position",
        30,
        frames(lambda f: [0, 1 + 0.02 * math.sin((f / N) * 2 * math.pi), 0]),
    ),
    idleRig["hips"],
)
idle = RootMotionClip(idleGroup)
out["idle"] = clipInfo(idle)
snapRig = rig("snapper")
snapGroup = walkGroup(snapRig, "snap", 1.0, 0)
snapGroup.targetedAnimations[0].animation.setKeys(
    [
        {"frame": fr, "value": Vector3(x, y, z)}
        for fr, x, y, z in frames(lambda f: [(0.08 * f) / N, 1, (1.0 * f) / N])
    ]
)
snapped = RootMotionClip(snapGroup, {"directionSnapAngle": 0.2, "samplesPerSecond": 24})
lateral = RootMotionClip(
    snapGroup, {"extractLateralMotion": True, "extractRotation": False, "name": "lateral"}
)
out["snapped"] = clipInfo(snapped)
out["lateral"] = clipInfo(lateral)


def step60(n, dt, fn=None):
    for i in range(n):
        scene._animate(dt)
        scene.onAfterAnimationsObservable.notifyObservers(scene)
        if fn:
            fn(i)


def track(ctl):
    node = ctl.characterNode
    rot = q(node.rotationQuaternion) if node.rotationQuaternion else [0, 0, 0, 1]
    return [*v(node.position), *rot, *v(ctl.deltaPosition), ctl.deltaRotation]


# Long runs: each controller drives its character for 600 steps of 1000/60 ms (10 cycles).
runs = {}
for name, clip in [("walk", walk), ("turn", turnWalk), ("step", step), ("idle", idle)]:
    ctl = RootMotionController(clip.characterNode, [clip])
    notified = [0]
    ctl.onRootMotionObservable.add(lambda *_a, n=notified: n.__setitem__(0, n[0] + 1))
    clip.animationGroup.start(True)
    rows = []

    def keep(i, ctl=ctl, rows=rows):
        if i % 20 == 19:
            rows.append(track(ctl))

    step60(600, 1000 / 60, keep)
    runs[name] = {
        "rows": rows,
        "notified": notified[0],
        "hips": v(clip.rootNode.position if clip.rootNode else Vector3.Zero()),
    }
    clip.animationGroup.stop()
out["runs"] = runs

# Speed ratio, reversal, a played range, pause, applyToCharacter false, reset.
ctl = walk.controller
g = walk.animationGroup
walkRig["character"].position = Vector3.Zero()
g.start(True, 1.0)
rows = []


def keep_all(_i):
    rows.append(track(ctl))


step60(45, 20, keep_all)
g.speedRatio = 2.5
step60(30, 20, keep_all)
g.speedRatio = -1
step60(40, 20, keep_all)
g.pause()
step60(5, 20, keep_all)
g.play(True)
ctl.applyToCharacter = False
step60(10, 20, keep_all)
ctl.applyToCharacter = True
g.stop()
g.start(True, 1, 10, 20)
step60(50, 20, keep_all)
g.goToFrame(5)
ctl.reset()
step60(10, 20, keep_all)
g.stop()
out["controls"] = rows

# Two clips of one character blended by weight.
r = rig("blender")
a = RootMotionClip(walkGroup(r, "slow", 0.6, 0))
b = RootMotionClip(walkGroup(r, "fast", 1.8, 0.3), {"extractRotation": True})
ctl = RootMotionController(r["character"], [a, b])
a.animationGroup.start(True)
b.animationGroup.start(True)
a.animationGroup.weight = 0.3
b.animationGroup.weight = 0.7
rows = []


def keep10(i):
    if i % 10 == 9:
        rows.append(track(ctl))


step60(120, 1000 / 60, keep10)
a.animationGroup.weight = 0.9
b.animationGroup.weight = 0.6
step60(60, 1000 / 60, keep10)
ctl.removeClip(b)
step60(30, 1000 / 60, keep10)
out["blend"] = {"rows": rows, "clips": len(ctl.clips), "bController": b.controller is None}
a.dispose()
out["blend"]["disposedGroups"] = any(g.name == "slow (in place)" for g in scene.animationGroups)

# Refusals Babylon throws.
refusals = {}


def tryIt(name, fn):
    try:
        fn()
        refusals[name] = "ok"
    except Exception:
        refusals[name] = "threw"


def root_without_parent():
    lone = TransformNode("lone", scene)
    g = AnimationGroup("lone", scene)
    g.addTargetedAnimation(vecAnim("loneP", "position", 30, [[0, 0, 0, 0], [30, 0, 0, 1]]), lone)
    RootMotionClip(g)


def source_root_no_position():
    r = rig("norot")
    g = AnimationGroup("norot", scene)
    g.addTargetedAnimation(quatAnim("nq", 30, [[0, 0, 0], [30, 1, 0]]), r["hips"])
    RootMotionClip(g, {"source": RootMotionSource.Root})


tryIt("empty", lambda: RootMotionClip(AnimationGroup("empty", scene)))
tryIt("rootWithoutParent", root_without_parent)
tryIt("sourceRootNoPosition", source_root_no_position)
tryIt("otherController", lambda: RootMotionController(walkRig["character"], [walk]))
out["refusals"] = refusals
print(json.dumps(out))
