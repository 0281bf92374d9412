# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_dispose_stops.mjs against lite_compat.

Babylon.js 9.31 disposal stops the animations of what it disposes: transformNode.dispose,
mesh.dispose (recursing into an animated child, and with doNotRecurse), light, camera,
material and skeleton dispose each call scene.stopAnimation(self), firing end callbacks.
Then scene.dispose: stopAllAnimations first (callbacks silenced), then an
onDisposeObservable observer starts animations on a light, a material, meshes, transform
nodes, a camera and a plain object; the lists disposed after it stop them in Babylon's
order; a skeleton is dropped from the list, not disposed (its animation stays). Logs every
end callback / node onDispose with the active list at that moment.
"""

from __future__ import annotations

import json

from lite_compat import (
    Animation,
    Bone,
    FreeCamera,
    HemisphericLight,
    Mesh,
    NullEngine,
    Scene,
    Skeleton,
    StandardMaterial,
    TransformNode,
    Vector3,
)

engine = NullEngine()
scene = Scene(engine)
F = Animation.ANIMATIONTYPE_FLOAT
log = []


def anim(name, prop):
    animation = Animation(name, prop, 60, F)
    animation.setKeys([{"frame": 0, "value": 0}, {"frame": 30, "value": 3}])
    return animation


def names():
    return [a.target.name for a in scene._activeAnimatables]


def start(target, prop, tag):
    def ended():
        log.append(["end", tag, names()])

    animatable = scene.beginDirectAnimation(target, [anim("a" + tag, prop)], 0, 30, True, 1, ended)
    animatable.onAnimationEndObservable.add(lambda _a, _s: log.append(["endObs", tag, names()]))
    return animatable


def watch(node):
    node.onDisposeObservable.add(lambda _n, _s: log.append(["disposed", node.name, names()]))
    return node


# A: node.dispose outside scene.dispose.
t1 = watch(TransformNode("t1", scene))
t2 = watch(TransformNode("t2", scene))
start(t1, "position.x", "t1")
start(t1, "position.y", "t1b")
start(t2, "position.x", "t2")
scene._animate(16)
t1.dispose()
log.append(["A t1", names(), t1.isDisposed()])

m1 = watch(Mesh("m1", scene))
c1 = watch(TransformNode("c1", scene))
c1.parent = m1
m2 = watch(Mesh("m2", scene))
c2 = watch(TransformNode("c2", scene))
c2.parent = m2
start(m1, "position.x", "m1")
start(c1, "position.x", "c1")
start(m2, "position.x", "m2")
start(c2, "position.x", "c2")
scene._animate(16)
m1.dispose()
log.append(["A m1", names()])
m2.dispose(True)
log.append(["A m2 doNotRecurse", names(), c2.parent is None])

l1 = watch(HemisphericLight("l1", Vector3(0, 1, 0), scene))
start(l1, "intensity", "l1")
cam1 = watch(FreeCamera("cam1", Vector3(0, 0, -5), scene))
start(cam1, "position.x", "cam1")
mat1 = StandardMaterial("mat1", scene)
start(mat1, "alpha", "mat1")
scene._animate(16)
l1.dispose()
log.append(["A l1", names()])
cam1.dispose()
log.append(["A cam1", names()])
mat1.dispose()
log.append(["A mat1", names()])

skeleton = Skeleton("sk", "sk", scene)
bone = Bone("b0", skeleton)
start(skeleton, "metadata", "sk")
start(bone, "position.x", "b0")
scene._animate(16)
skeleton.dispose()
log.append(["A sk", names()])
for a in list(scene._activeAnimatables):
    a.stop()
log.append(["A end", names()])


# B: scene.dispose with an observer starting animations on things it disposes next.
class Plain:
    def __init__(self) -> None:
        self.name = "plain"
        self.x = 0.0


plain = Plain()
m3 = watch(Mesh("m3", scene))
c3 = watch(TransformNode("c3", scene))
c3.parent = m3
t3 = watch(TransformNode("t3", scene))
l3 = watch(HemisphericLight("l3", Vector3(0, 1, 0), scene))
cam3 = watch(FreeCamera("cam3", Vector3(0, 0, -5), scene))
mat3 = StandardMaterial("mat3", scene)
skeleton2 = Skeleton("sk2", "sk2", scene)
start(skeleton2, "metadata", "sk2_before")
start(m3, "position.x", "m3_before")
start(t3, "position.x", "t3_before")


def on_dispose(_scene, _state):
    log.append(["scene dispose", names(), len(scene.skeletons), len(scene.meshes)])
    start(plain, "x", "plain")
    start(skeleton2, "metadata", "sk2")
    start(cam3, "position.x", "cam3")
    start(t3, "position.x", "t3")
    start(c3, "position.x", "c3")
    start(m3, "position.x", "m3")
    start(mat3, "alpha", "mat3")
    start(l3, "intensity", "l3")
    log.append(["scene dispose started", names()])


scene.onDisposeObservable.add(on_dispose)
scene._animate(16)
scene.dispose()
log.append(
    ["B after", names(), c3.isDisposed(), t3.isDisposed(), m3.isDisposed(), len(scene.skeletons)]
)
print(json.dumps({"log": log}))
