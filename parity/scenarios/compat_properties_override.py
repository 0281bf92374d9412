# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_properties_override.mjs against lite_compat.

Babylon.js 9.31 AnimationPropertiesOverride on the scene, on a node, on a skeleton and on a
morph target: its defaults; the scene switch turning blending on for a weighted group and
for a plain beginAnimation (a plain object target, which has no override, is untouched);
a node's override beating the scene's; the target's override beating the animation's own
enableBlending / blendingSpeed / loopMode (both ways round); loopMode overrides (RELATIVE,
CONSTANT, YOYO) on a CYCLE animation; a morph target ignoring the scene's loop mode but
taking its own; blendingSpeed over frames at several speeds; and toggling mid-run
(blendingSpeed is read every frame, enableBlending and loopMode when the animation starts).
"""

from __future__ import annotations

import json
from types import SimpleNamespace

from lite_compat import (
    Animation,
    AnimationGroup,
    AnimationPropertiesOverride,
    Bone,
    MorphTarget,
    NullEngine,
    Scene,
    Skeleton,
    TransformNode,
    Vector3,
)

engine = NullEngine()
scene = Scene(engine)
F = Animation.ANIMATIONTYPE_FLOAT
V3 = Animation.ANIMATIONTYPE_VECTOR3


def anim(name, property, type, keys, fps=30, loopMode=None):
    animation = Animation(name, property, fps, type, loopMode)
    animation.setKeys([{"frame": frame, "value": value} for frame, value in keys])
    return animation


def override(enableBlending=None, blendingSpeed=None, loopMode=None):
    o = AnimationPropertiesOverride()
    if enableBlending is not None:
        o.enableBlending = enableBlending
    if blendingSpeed is not None:
        o.blendingSpeed = blendingSpeed
    if loopMode is not None:
        o.loopMode = loopMode
    return o


def xs(*nodes):
    return [n.position.x if getattr(n, "position", None) is not None else n.x for n in nodes]


out = {}

# Defaults.
d = AnimationPropertiesOverride()
out["defaults"] = [d.enableBlending, d.blendingSpeed, d.loopMode]
out["sceneDefault"] = (
    "null" if scene.animationPropertiesOverride is None else str(scene.animationPropertiesOverride)
)
probe = TransformNode("probe", scene)
out["nodeDefault"] = (
    "null" if probe.animationPropertiesOverride is None else str(probe.animationPropertiesOverride)
)

# 1. Scene switch with a weighted group and with a plain beginAnimation.
scene.animationPropertiesOverride = override(True, 0.05)
out["nodeInherits"] = probe.animationPropertiesOverride is scene.animationPropertiesOverride
a = TransformNode("a", scene)
a.position = Vector3(10, 0, 0)
b = TransformNode("b", scene)
b.position = Vector3(10, 0, 0)
plain = SimpleNamespace(name="plain", x=10)
group = AnimationGroup("weighted", scene, 1)
group.addTargetedAnimation(anim("ga", "position.x", F, [[0, 0], [60, 60]]), a)
group.addTargetedAnimation(anim("gp", "x", F, [[0, 0], [60, 60]]), plain)
group.play(True)
b0 = scene.beginDirectAnimation(
    b, [anim("bb", "position", V3, [[0, Vector3(0, 0, 0)], [60, Vector3(60, -6, 6)]])], 0, 60, True
)
steps = []
for _i in range(30):
    scene._animate(33)
    steps.append([*xs(a, plain, b), b.position.y, b.position.z])
out["sceneWeighted"] = steps
group.stop()
b0.stop()
group.dispose()
scene.animationPropertiesOverride = None

# 2. A node's override beats the scene's; 3. the target's override beats the animation's own.
scene.animationPropertiesOverride = override(True, 0.02)
inherit = TransformNode("inherit", scene)
off = TransformNode("off", scene)
off.animationPropertiesOverride = override(False)
fast = TransformNode("fast", scene)
fast.animationPropertiesOverride = override(True, 0.25)
animOn = TransformNode("animOn", scene)  # animation says blend, node says no
animOn.animationPropertiesOverride = override(False, 0.5)
animOff = TransformNode("animOff", scene)  # animation says no, node says blend
animOff.animationPropertiesOverride = override(True, 0.1)
nodes = [inherit, off, fast, animOn, animOff]
for n in nodes:
    n.position = Vector3(5, 0, 0)
blendAnim = anim("blend", "position.x", F, [[0, -5], [30, 25]])
blendAnim.enableBlending = True
blendAnim.blendingSpeed = 0.5
noBlendAnim = anim("noblend", "position.x", F, [[0, -5], [30, 25]])
noBlendAnim.enableBlending = False
animatables = [
    scene.beginDirectAnimation(
        inherit, [anim("i", "position.x", F, [[0, -5], [30, 25]])], 0, 30, True
    ),
    scene.beginDirectAnimation(off, [anim("o", "position.x", F, [[0, -5], [30, 25]])], 0, 30, True),
    scene.beginDirectAnimation(
        fast, [anim("f", "position.x", F, [[0, -5], [30, 25]])], 0, 30, True
    ),
    scene.beginDirectAnimation(animOn, [blendAnim], 0, 30, True),
    scene.beginDirectAnimation(animOff, [noBlendAnim], 0, 30, True),
]
steps = []
for _i in range(20):
    scene._animate(33)
    steps.append(xs(*nodes))
out["precedence"] = steps
out["precedenceGetters"] = [
    inherit.animationPropertiesOverride is scene.animationPropertiesOverride,
    off.animationPropertiesOverride.enableBlending,
    fast.animationPropertiesOverride.blendingSpeed,
]
for x in animatables:
    x.stop()
# Clearing a node's override falls back to the scene's again.
off.animationPropertiesOverride = None
out["clearedFallsBack"] = off.animationPropertiesOverride is scene.animationPropertiesOverride
scene.animationPropertiesOverride = None

# 4. loopMode overrides on a CYCLE animation; the scene's loop mode and a morph target.
modes = [
    Animation.ANIMATIONLOOPMODE_RELATIVE,
    Animation.ANIMATIONLOOPMODE_CONSTANT,
    Animation.ANIMATIONLOOPMODE_YOYO,
]
runs = []
for mode in modes:
    node = TransformNode("loop" + str(mode), scene)
    node.position = Vector3(1, 2, 3)
    node.animationPropertiesOverride = override(False, 0.01, mode)
    x = anim(
        "x",
        "position",
        V3,
        [[0, Vector3(0, 0, 0)], [20, Vector3(2, 1, -1)], [40, Vector3(3, -1, 2)]],
        60,
        Animation.ANIMATIONLOOPMODE_CYCLE,
    )
    log = []
    animatable = scene.beginDirectAnimation(
        node,
        [x],
        0,
        40,
        True,
        1,
        lambda log=log: log.append("end"),
        lambda log=log: log.append("loop"),
    )
    steps = []
    for _i in range(120):
        scene._animate(16)
        steps.append(
            [animatable.masterFrame, node.position.x, node.position.y, node.position.z, len(log)]
        )
    animatable.stop()
    runs.append({"mode": mode, "steps": steps})
out["loopOverride"] = runs

# Animation says RELATIVE, the scene says CYCLE: the scene wins for a node; a morph target
# keeps its own loop mode unless its own override is set; a plain object keeps its own.
scene.animationPropertiesOverride = override(False, 0.01, Animation.ANIMATIONLOOPMODE_CYCLE)
node = TransformNode("sceneLoop", scene)
morph = MorphTarget("m", 0, scene)
morph2 = MorphTarget("m2", 0, scene)
morph2.animationPropertiesOverride = override(False, 0.01, Animation.ANIMATIONLOOPMODE_CYCLE)
plain = SimpleNamespace(x=0)


def rel():
    return anim("r", "position.x", F, [[0, 0], [10, 1]], 60, Animation.ANIMATIONLOOPMODE_RELATIVE)


def relI():
    return anim("ri", "influence", F, [[0, 0], [10, 0.1]], 60, Animation.ANIMATIONLOOPMODE_RELATIVE)


def relX():
    return anim("rx", "x", F, [[0, 0], [10, 1]], 60, Animation.ANIMATIONLOOPMODE_RELATIVE)


started = [
    scene.beginDirectAnimation(node, [rel()], 0, 10, True),
    scene.beginDirectAnimation(morph, [relI()], 0, 10, True),
    scene.beginDirectAnimation(morph2, [relI()], 0, 10, True),
    scene.beginDirectAnimation(plain, [relX()], 0, 10, True),
]
steps = []
for _i in range(40):
    scene._animate(16)
    steps.append([node.position.x, morph.influence, morph2.influence, plain.x])
out["sceneLoop"] = steps
out["morphGetters"] = [
    morph.animationPropertiesOverride is scene.animationPropertiesOverride,
    morph2.animationPropertiesOverride is not scene.animationPropertiesOverride,
]
for s in started:
    s.stop()
scene.animationPropertiesOverride = None

# 5. blendingSpeed over frames, several speeds; a skeleton's override reaches its bones.
speeds = [0.01, 0.05, 0.2, 0.7, 1.5]


def speed_node(i, s):
    n = TransformNode("speed" + str(i), scene)
    n.position = Vector3(100, 0, 0)
    n.animationPropertiesOverride = override(True, s)
    return n


nodes = [speed_node(i, s) for i, s in enumerate(speeds)]
skeleton = Skeleton("sk", "sk", scene)
bone = Bone("bone", skeleton)
bone.position = Vector3(100, 0, 0)
skeleton.animationPropertiesOverride = override(True, 0.1)
started = [
    scene.beginDirectAnimation(
        n,
        [anim("s", "position", V3, [[0, Vector3(0, 0, 0)], [30, Vector3(30, 3, -3)]])],
        0,
        30,
        True,
    )
    for n in nodes
]
started.append(
    scene.beginDirectAnimation(
        bone,
        [anim("bs", "position", V3, [[0, Vector3(0, 0, 0)], [30, Vector3(30, 3, -3)]])],
        0,
        30,
        True,
    )
)
steps = []
for _i in range(40):
    scene._animate(33)
    steps.append(
        [*[n.position.x for n in nodes], nodes[2].position.y, bone.position.x, bone.position.z]
    )
out["speeds"] = steps
out["boneGetter"] = bone.animationPropertiesOverride is skeleton.animationPropertiesOverride
for s in started:
    s.stop()

# 6. Toggling mid-run.
shared = override(True, 0.02)
scene.animationPropertiesOverride = shared
n = TransformNode("toggle", scene)
n.position = Vector3(50, 0, 0)
m = TransformNode("late", scene)
m.position = Vector3(50, 0, 0)
group = AnimationGroup("toggle", scene)
group.addTargetedAnimation(anim("t", "position.x", F, [[0, 0], [30, 30]]), n)
group.play(True)
steps = []
second = None
for i in range(90):
    ev = []
    if i == 5:
        shared.blendingSpeed = 0.2
        ev.append("speed")
    if i == 15:
        shared.enableBlending = False
        ev.append("off")
    if i == 20:
        second = scene.beginDirectAnimation(
            m, [anim("l", "position.x", F, [[0, 0], [30, 30]])], 0, 30, True
        )
        ev.append("late-start")
    if i == 30:
        scene.animationPropertiesOverride = override(True, 0.1)
        n.position.x = 80
        ev.append("new-scene-override")
    if i == 40:
        group.stop()
        group.play(True)
        ev.append("restart")
    if i == 55:
        scene.animationPropertiesOverride = None
        ev.append("cleared")
    if i == 60:
        group.stop()
        n.position.x = -20
        group.play(True)
        ev.append("restart-cleared")
    if i == 70:
        n.animationPropertiesOverride = override(False, 0.01, Animation.ANIMATIONLOOPMODE_CONSTANT)
        group.stop()
        group.play(True)
        ev.append("node-constant")
    scene._animate(33)
    steps.append([i, ev, n.position.x, m.position.x])
out["toggle"] = steps
group.stop()
if second:
    second.stop()

print(json.dumps(out))
