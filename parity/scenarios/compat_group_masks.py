# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_group_masks.mjs against lite_compat.

Babylon.js 9.31 AnimationGroupMask on an AnimationGroup: an include mask set before start
(masked-out targets are paused, never written), the group loop counting only retained
animations, mode switched to Exclude plus syncWithMask, addTargetName/removeTargetName/
hasTarget/retainsTarget, disabled, the mask replaced and cleared during play, a target
without a name, a non-looping group ending once its retained animations end (masked ones
stay paused), removeUnmaskedAnimations, and a clone sharing the mask.
"""

from __future__ import annotations

import json
from types import SimpleNamespace

from lite_compat import (
    Animation,
    AnimationGroup,
    AnimationGroupMask,
    AnimationGroupMaskMode,
    NullEngine,
    Scene,
)

engine = NullEngine()
scene = Scene(engine)
F = Animation.ANIMATIONTYPE_FLOAT


def anim(name, keys, fps=30):
    animation = Animation(name, "x", fps, F)
    animation.setKeys([{"frame": frame, "value": value} for frame, value in keys])
    return animation


hips = SimpleNamespace(name="hips", x=-1)
spine = SimpleNamespace(name="spine", x=-1)
head = SimpleNamespace(name="head", x=-1)
anon = SimpleNamespace(x=-1)
all = [hips, spine, head, anon]

group = AnimationGroup("body", scene)
group.addTargetedAnimation(anim("h", [[0, 0], [10, 10]]), hips)
group.addTargetedAnimation(anim("s", [[0, 0], [20, 20]]), spine)
group.addTargetedAnimation(anim("d", [[0, 0], [15, 30]]), head)
group.addTargetedAnimation(anim("n", [[0, 0], [5, 50]]), anon)

log = []
step = -1
group.onAnimationGroupLoopObservable.add(lambda *_: log.append(["groupLoop", step]))
group.onAnimationLoopObservable.add(lambda ta, _s: log.append(["loop", ta.animation.name, step]))
group.onAnimationEndObservable.add(lambda ta, _s: log.append(["end", ta.animation.name, step]))
group.onAnimationGroupEndObservable.add(
    lambda *_: log.append(["groupEnd", step, len(group.animatables)])
)

mask = AnimationGroupMask(["hips", "spine"])
maskInfo = [
    mask.mode,
    AnimationGroupMaskMode.Include,
    AnimationGroupMaskMode.Exclude,
    mask.hasTarget("hips"),
    mask.retainsTarget("hips"),
    mask.retainsTarget("head"),
    mask.retainsTarget(None),
    mask.disabled,
]
group.mask = mask

steps = []
for step in range(200):
    ev = []
    if step == 0:
        group.start(True)
        ev.append(["paused", [a.paused for a in group.animatables]])
    if step == 30:
        mask.mode = AnimationGroupMaskMode.Exclude
        group.syncWithMask()
        ev.append(
            [
                "exclude",
                [a.paused for a in group.animatables],
                mask.retainsTarget("hips"),
                mask.retainsTarget(None),
            ]
        )
    if step == 50:
        mask.addTargetName(["head", "neck"])
        mask.removeTargetName("hips")
        group.syncWithMask()
        ev.append(["edit", mask.hasTarget("neck"), [a.paused for a in group.animatables]])
    if step == 70:
        mask.disabled = True
        group.syncWithMask()
        ev.append(["disabled", [a.paused for a in group.animatables]])
    if step == 90:
        mask.disabled = False
        group.mask = AnimationGroupMask("spine", AnimationGroupMaskMode.Include)
        ev.append(["replaced", [a.paused for a in group.animatables]])
    if step == 100:
        group.mask = None
        ev.append(["cleared", [a.paused for a in group.animatables]])
    if step == 110:
        group.stop()
        group.mask = AnimationGroupMask(["spine", "head"])
        group.start(False)
        ev.append(["once", [a.paused for a in group.animatables]])
    if step == 150:
        copy = group.clone("bodyCopy")
        ev.append(["clone", copy.mask is group.mask, len(copy.targetedAnimations)])
        group.mask = AnimationGroupMask(["hips", "head"], AnimationGroupMaskMode.Exclude)
        group.play(True)
        group.removeUnmaskedAnimations()
        ev.append(
            [
                "removed",
                [ta.animation.name for ta in group.targetedAnimations],
                len(group.animatables),
                len(scene.animatables),
            ]
        )
    scene._animate(16)
    steps.append(
        {
            "ev": ev,
            "x": [t.x for t in all],
            "started": bool(group.isStarted),
            "frame": group.getCurrentFrame(),
        }
    )

print(json.dumps({"maskInfo": maskInfo, "steps": steps, "log": log}))
