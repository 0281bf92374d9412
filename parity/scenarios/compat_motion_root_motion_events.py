# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_motion_root_motion_events.mjs against lite_compat.

Babylon.js 9.31 root motion under mid-step mutations, on the walking rig of Babylon's own
unit tests (babylon.rootMotion.test.ts): a clock re-evaluated by an animation event within a
step (goToFrame with the weight, after the group's weight changed: 0.8/0.8, 0.8/0.2, 0.2/0.8),
a clock that turns additive in its event and is re-evaluated twice, a weighted jump made
between steps, and a follower synchronized with a driver that plays twice its keys' range.
For each: the character's travel over the step and the hips' position against the value the
runtime animation evaluated.
"""

from __future__ import annotations

import json
import math

from lite_compat import (
    Animation,
    AnimationEvent,
    AnimationGroup,
    NullEngine,
    Quaternion,
    RootMotionClip,
    RootMotionController,
    Scene,
    TransformNode,
    Vector3,
)

FPS = 60
CYCLE_FRAMES = 60
SPEED = 1.2


def v(p):
    return [p.x, p.y, p.z]


def foot_in_walk(time, side, speed):
    half = CYCLE_FRAMES / FPS / 2
    shifted = time if side == 1 else time + half
    phase = shifted % (half * 2)
    planted_at = 0.3 if side == 1 else -0.3 + speed * half
    cycle_start = math.floor(shifted / (half * 2)) * speed * half * 2 - (
        0 if side == 1 else speed * half
    )
    if phase <= half:
        return Vector3(0.1 * side, 0, cycle_start + planted_at)
    swing = (phase - half) / half
    return Vector3(
        0.1 * side,
        0.15 * math.sin(math.pi * swing),
        cycle_start + planted_at + speed * half * 2 * swing,
    )


def walking_rig(scene):
    """character > armature (scale 0.5, a quarter turn) > hips > feet, head; the hips travel."""
    character = TransformNode("character", scene)
    armature = TransformNode("armature", scene)
    armature.parent = character
    armature.scaling.setAll(0.5)
    armature.rotationQuaternion = Quaternion.RotationAxis(Vector3.Up(), math.pi / 2)
    hips = TransformNode("hips", scene)
    hips.parent = armature
    left_foot = TransformNode("leftFoot", scene)
    left_foot.parent = hips
    right_foot = TransformNode("rightFoot", scene)
    right_foot.parent = hips
    head = TransformNode("head", scene)
    head.parent = hips
    head.position.set(0, 1.4, 0)
    to_armature = armature.computeWorldMatrix(True).clone().invert()
    hips_keys, left_keys, right_keys = [], [], []
    for frame in range(CYCLE_FRAMES + 1):
        time = frame / FPS
        in_character = Vector3(
            0.03 * math.sin(2 * math.pi * frame / CYCLE_FRAMES), 1, SPEED * time
        )
        left = foot_in_walk(time, 1, SPEED)
        right = foot_in_walk(time, -1, SPEED)
        hips_keys.append(
            {"frame": frame, "value": Vector3.TransformCoordinates(in_character, to_armature)}
        )
        left_keys.append(
            {
                "frame": frame,
                "value": Vector3.TransformNormal(left.subtract(in_character), to_armature),
            }
        )
        right_keys.append(
            {
                "frame": frame,
                "value": Vector3.TransformNormal(right.subtract(in_character), to_armature),
            }
        )

    def make(name, keys):
        a = Animation(
            name, "position", FPS, Animation.ANIMATIONTYPE_VECTOR3,
            Animation.ANIMATIONLOOPMODE_CYCLE,
        )
        a.setKeys(keys)
        return a

    group = AnimationGroup("rootMotion", scene)
    group.addTargetedAnimation(make("hips", hips_keys), hips)
    group.addTargetedAnimation(make("left", left_keys), left_foot)
    group.addTargetedAnimation(make("right", right_keys), right_foot)
    group.normalize(0, CYCLE_FRAMES)
    clip = RootMotionClip(group)
    RootMotionController(character, [clip])
    return character, hips, clip.animationGroup


def fresh():
    engine = NullEngine()
    scene = Scene(engine)
    scene.useConstantAnimationDeltaTime = True
    return engine, scene


def run(scene, ticks):
    for _ in range(ticks):
        scene.animate()


def hips_channel(group, hips):
    return next(
        t.animation
        for t in group.targetedAnimations
        if t.target is hips and t.animation.targetProperty == "position"
    )


def animatable_of(group, hips):
    return next(a for a in group.animatables if a.target is hips)


out = {}

for first, second in ((0.8, 0.8), (0.8, 0.2), (0.2, 0.8)):
    engine, scene = fresh()
    character, hips, group = walking_rig(scene)
    found = []

    def reevaluate(*_, group=group, hips=hips, found=found, second=second):
        animatable = animatable_of(group, hips)
        runtime = animatable.getAnimations()[0]
        found.append(runtime)
        group.weight = second
        animatable.goToFrame(runtime.currentFrame, True)

    hips_channel(group, hips).addEvent(AnimationEvent(30, reevaluate, True))
    group.start(True)
    group.weight = first
    run(scene, 32)
    before = character.position.z
    run(scene, 1)
    out[f"event_{first}_{second}"] = {
        "travel": character.position.z - before,
        "hips": v(hips.position),
        "value": v(found[0].currentValue),
    }
    scene.dispose()
    engine.dispose()

engine, scene = fresh()
character, hips, group = walking_rig(scene)
found = []


def turn_additive(*_):
    animatable = animatable_of(group, hips)
    runtime = animatable.getAnimations()[0]
    found.append(runtime)
    group.isAdditive = True
    animatable.goToFrame(runtime.currentFrame, True)
    animatable.goToFrame(runtime.currentFrame, True)


hips_channel(group, hips).addEvent(AnimationEvent(30, turn_additive, True))
group.start(True)
group.weight = 1
run(scene, 32)
before = character.position.z
run(scene, 1)
out["additiveTwice"] = {
    "travel": character.position.z - before,
    "hips": v(hips.position),
    "value": v(found[0].currentValue),
}
after = []
for _ in range(3):
    z = character.position.z
    run(scene, 1)
    after.append([character.position.z - z, *v(hips.position)])
out["additiveTwiceAfter"] = after
scene.dispose()
engine.dispose()

engine, scene = fresh()
character, hips, group = walking_rig(scene)
group.start(True)
group.weight = 0.8
run(scene, 32)
animatable = animatable_of(group, hips)
runtime = animatable.getAnimations()[0]
animatable.goToFrame(runtime.currentFrame, True)
jump_hips = v(hips.position)
before = character.position.z
run(scene, 1)
out["weightedJump"] = {
    "travel": character.position.z - before,
    "jumpHips": jump_hips,
    "hips": v(hips.position),
    "value": v(runtime.currentValue),
}
after = []
for _ in range(3):
    z = character.position.z
    run(scene, 1)
    after.append([character.position.z - z, *v(hips.position)])
out["weightedJumpAfter"] = after
scene.dispose()
engine.dispose()

engine, scene = fresh()
character, _, group = walking_rig(scene)
prop = TransformNode("prop", scene)
driver_animation = Animation(
    "driver", "position", FPS, Animation.ANIMATIONTYPE_VECTOR3, Animation.ANIMATIONLOOPMODE_CYCLE
)
driver_animation.setKeys(
    [{"frame": 0, "value": Vector3.Zero()}, {"frame": CYCLE_FRAMES, "value": Vector3.Zero()}]
)
driver = scene.beginDirectAnimation(prop, [driver_animation], 0, 2 * CYCLE_FRAMES, True)
group.start(True)
group.syncAllAnimationsWith(driver)
trace = []
for _ in range(80):
    run(scene, 1)
    trace.append([character.position.z, group.getCurrentFrame()])
out["longDriver"] = trace
scene.dispose()
engine.dispose()

print(json.dumps(out))
