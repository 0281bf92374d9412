# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_null_observables.mjs against lite_compat.

Babylon.js 9.31 with observables a script assigned null: Babylon reads them unguarded, so the
call that reaches one throws a TypeError after the steps before it were done. Each case logs
whether the call threw, the error's class, and the state it left: an AnimationGroup
disposed with its loop observable null (the observables cleared before it, the scene list);
a TransformNode disposed with onDisposeObservable null; a Mesh given a material with
onMaterialChangedObservable null; a group ending, and one looping, inside scene._animate
with the group end / loop observable null (the frame's other animations, the group's state);
an Animatable ending with its onAnimationEndObservable null; and the onX setters, which read
the observable whatever the callback.
"""

from __future__ import annotations

import json

from lite_compat import (
    Animation,
    AnimationGroup,
    Mesh,
    NullEngine,
    Observable,
    Scene,
    StandardMaterial,
    TransformNode,
)

engine = NullEngine()
scene = Scene(engine)
F = Animation.ANIMATIONTYPE_FLOAT
log = []


def anim(name, end=30):
    animation = Animation(name, "position.x", 60, F)
    animation.setKeys([{"frame": 0, "value": 0}, {"frame": end, "value": 3}])
    return animation


def attempt(label, call):
    try:
        call()
        log.append([label, "ok"])
    except Exception as error:  # the scenario logs what the call raised, as the JS one does
        log.append([label, "threw", type(error).__name__])


def x(node):
    return round(node.position.x * 1e6) / 1e6


# 1. AnimationGroup.dispose with its fifth observable null.
n1 = TransformNode("n1", scene)
g1 = AnimationGroup("g1", scene)
g1.addTargetedAnimation(anim("a1"), n1)
g1.onAnimationEndObservable.add(lambda *_: log.append(["g1 end"]))
g1.onAnimationGroupPlayObservable.add(lambda *_: log.append(["g1 play"]))
g1.play(True)
g1.onAnimationLoopObservable = None
attempt("g1 dispose", g1.dispose)
log.append(
    [
        "g1 after",
        len(scene.animationGroups),
        bool(g1.isStarted),
        len(g1.targetedAnimations),
        g1.onAnimationEndObservable.hasObservers(),
        g1.onAnimationGroupPlayObservable.hasObservers(),
        len(scene._activeAnimatables),
    ]
)

# 2. TransformNode.dispose with onDisposeObservable null.
n2 = TransformNode("n2", scene)
c2 = TransformNode("c2", scene)
c2.parent = n2
n2.onDisposeObservable = None
attempt("n2 dispose", n2.dispose)
log.append(["n2 after", [n.name for n in scene.transformNodes], n2.isDisposed(), c2.isDisposed()])

# 3. Mesh.material with onMaterialChangedObservable null.
m3 = Mesh("m3", scene)
m3.onMaterialChangedObservable = None


def set_material():
    m3.material = StandardMaterial("s3", scene)


attempt("m3 material", set_material)
log.append(["m3 after", m3.material.name if m3.material else None])

# 4. A group ending inside scene._animate, its group end observable null; another animatable
#    in the same frame after it.
n4 = TransformNode("n4", scene)
n4b = TransformNode("n4b", scene)
g4 = AnimationGroup("g4", scene)
g4.addTargetedAnimation(anim("a4", 10), n4)
g4.onAnimationEndObservable.add(lambda *_: log.append(["g4 end", x(n4)]))
g4.play(False)
scene.beginDirectAnimation(n4b, [anim("a4b", 60)], 0, 60, False)
g4.onAnimationGroupEndObservable = None
for i in range(4):
    attempt(f"g4 frame {i}", lambda: scene._animate(64))
    log.append(["g4 state", i, bool(g4.isStarted), len(scene._activeAnimatables), x(n4), x(n4b)])

# 5. A looping group with onAnimationGroupLoopObservable null.
n5 = TransformNode("n5", scene)
g5 = AnimationGroup("g5", scene)
g5.addTargetedAnimation(anim("a5", 10), n5)
g5.onAnimationLoopObservable.add(lambda *_: log.append(["g5 loop", x(n5)]))
g5.play(True)
g5.onAnimationGroupLoopObservable = None
for i in range(4):
    attempt(f"g5 frame {i}", lambda: scene._animate(64))
    log.append(["g5 state", i, bool(g5.isStarted), x(n5)])
g5.stop()

# 6. An Animatable ending with its onAnimationEndObservable null.
n6 = TransformNode("n6", scene)
a6 = scene.beginDirectAnimation(
    n6, [anim("a6", 10)], 0, 10, False, 1, lambda: log.append(["a6 onEnd", x(n6)])
)
a6.onAnimationEndObservable = None
for i in range(5):
    attempt(f"a6 frame {i}", lambda: scene._animate(64))
    log.append(["a6 state", i, len(scene._activeAnimatables), x(n6), bool(a6.animationStarted)])

# 7. The onX setters read the observable, with a callback or None.
n7 = TransformNode("n7", scene)
n7.onDisposeObservable = None


def clear_on_dispose():
    n7.onDispose = None


def set_on_dispose():
    n7.onDispose = lambda *_: log.append(["n7 disposed"])


attempt("n7 onDispose null", clear_on_dispose)
attempt("n7 onDispose fn", set_on_dispose)

# 8. Forty looping animatables of one animation (a batch), the twentieth with its
#    onAnimationLoopObservable null: the frame that loops it throws there.
shared = anim("a8", 10)
row8 = []
a8 = None
for i in range(40):
    node = TransformNode(f"n8_{i}", scene)
    animatable = scene.beginDirectAnimation(node, [shared], 0, 10, True, 1 + i / 100)
    if i == 20:
        animatable.onAnimationLoopObservable = None
        a8 = animatable
    row8.append(node)
for i in range(6):
    attempt(f"b8 frame {i}", lambda: scene._animate(48))
    log.append(["b8 state", i, [x(n) for n in row8]])
# Leave nothing null behind, then dispose the engine and its scene.
for owner, name in [
    (g1, "onAnimationLoopObservable"),
    (g4, "onAnimationGroupEndObservable"),
    (g5, "onAnimationGroupLoopObservable"),
    (a6, "onAnimationEndObservable"),
    (a8, "onAnimationLoopObservable"),
    (n2, "onDisposeObservable"),
    (m3, "onMaterialChangedObservable"),
    (n7, "onDisposeObservable"),
]:
    setattr(owner, name, Observable())
engine.dispose()
print(json.dumps({"log": log}))
