# parity: {"atol": 1e-6, "rtol": 1e-6}
"""Port of compat_group_utils.mjs against lite_compat.

Babylon.js 9.31 AnimationGroup statics and copies: MergeAnimationGroups (plain, with
normalize and an explicit weight, keeping or disposing the sources, an empty list),
ClipKeys/ClipKeysInPlace (key indices) and ClipFrames/ClipFramesInPlace (frames, keys
created at the bounds; cloned or shared animations; an animation left without keys is
dropped), clone (settings copied, shared vs cloned animations and keys, targetConverter),
serialize and Parse (targets found by id), and playing the merged and clipped groups.
"""

from __future__ import annotations

import json

from lite_compat import Animation, AnimationGroup, NullEngine, Scene, TransformNode, Vector3

engine = NullEngine()
scene = Scene(engine)
F = Animation.ANIMATIONTYPE_FLOAT
V3 = Animation.ANIMATIONTYPE_VECTOR3


def anim(name, property, type, keys, fps=30):
    animation = Animation(name, property, fps, type)
    animation.setKeys([{"frame": frame, "value": value} for frame, value in keys])
    return animation


def dump(value):
    return value if isinstance(value, int | float) else value.asArray()


def keysOf(animation):
    return [[k["frame"], dump(k["value"])] for k in animation.getKeys()]


def describe(group):
    return {
        "name": group.name,
        "range": [group.from_, group.to],
        "settings": [
            group.speedRatio,
            group.loopAnimation,
            group.isAdditive,
            group.weight,
            group.playOrder,
            group.enableBlending,
            group.blendingSpeed,
        ],
        "targets": [
            [ta.target.name, ta.animation.name, keysOf(ta.animation)]
            for ta in group.targetedAnimations
        ],
    }


left = TransformNode("left", scene)
right = TransformNode("right", scene)
leftTwin = TransformNode("leftTwin", scene)


def makeA():
    g = AnimationGroup("A", scene)
    g.addTargetedAnimation(anim("lx", "position.x", F, [[0, 0], [10, 1], [20, 4], [30, 9]]), left)
    g.addTargetedAnimation(
        anim("rp", "position", V3, [[5, Vector3(0, 0, 0)], [25, Vector3(2, 4, 6)]]), right
    )
    return g


def makeB():
    g = AnimationGroup("B", scene, 0.5)
    g.addTargetedAnimation(anim("ly", "position.y", F, [[10, 1], [40, -2]]), left)
    return g


# Merge keeping the sources.
a1 = makeA()
b1 = makeB()
merged = AnimationGroup.MergeAnimationGroups([a1, b1], False)
mergeKeep = [
    describe(merged),
    [g.name for g in scene.animationGroups],
    merged.targetedAnimations[0].animation is a1.targetedAnimations[0].animation,
]

# Merge with normalize, explicit weight, disposing the sources.
a2 = makeA()
b2 = makeB()
mergedN = AnimationGroup.MergeAnimationGroups([a2, b2], True, True, 0.75)
mergeNorm = [describe(mergedN), [g.name for g in scene.animationGroups], len(a2.targetedAnimations)]
mergeEmpty = AnimationGroup.MergeAnimationGroups([])

# Clips.
src = makeA()
src.speedRatio = 2
src.loopAnimation = True
src.playOrder = 3
src.metadata = {"tag": "src"}
byKeys = AnimationGroup.ClipKeys(src, 1, 2, "byKeys")
byFrames = AnimationGroup.ClipFrames(src, 8, 22)
clipInfo = {
    "byKeys": describe(byKeys),
    "byFrames": describe(byFrames),
    "srcAfter": describe(src),
    "shared": [
        byKeys.targetedAnimations[0].animation is src.targetedAnimations[0].animation,
        byFrames.metadata is src.metadata,
    ],
}
inPlace = makeA()
inPlace.name = "inPlace"
firstAnim = inPlace.targetedAnimations[0].animation
AnimationGroup.ClipFramesInPlace(inPlace, 6, 12, True)
inPlaceKeys = makeA()
inPlaceKeys.name = "inPlaceKeys"
AnimationGroup.ClipKeysInPlace(inPlaceKeys, 3, 3)
inPlaceInfo = [
    describe(inPlace),
    inPlace.targetedAnimations[0].animation is firstAnim,
    describe(inPlaceKeys),
]

# Clones.
orig = makeA()
orig.name = "orig"
orig.weight = 0.4
orig.enableBlending = True
orig.blendingSpeed = 0.2
shallow = orig.clone()
deep = orig.clone("deep", lambda t: leftTwin if t is left else t, True, True)
cloneInfo = {
    "shallow": describe(shallow),
    "deep": describe(deep),
    "sameAnim": [
        shallow.targetedAnimations[0].animation is orig.targetedAnimations[0].animation,
        deep.targetedAnimations[0].animation is orig.targetedAnimations[0].animation,
    ],
    "sameKey": deep.targetedAnimations[1].animation.getKeys()[0]["value"]
    is orig.targetedAnimations[1].animation.getKeys()[0]["value"],
}

# Serialize and parse.
serialized = orig.serialize()
parsed = AnimationGroup.Parse(serialized, scene)
parsedInfo = [
    describe(parsed),
    [ta.target is left or ta.target is right for ta in parsed.targetedAnimations],
]
targetedSerialized = orig.targetedAnimations[1].serialize()
# Unique ids depend on how many objects were created before: record whether they match.
for t in [*serialized["targetedAnimations"], targetedSerialized]:
    t["targetUniqueId"] = (
        t["targetUniqueId"] == (left if t["targetId"] == "left" else right).uniqueId
    )

# Play the merged and the clipped groups.
steps = []
mergedN.play(True)
for i in range(90):
    if i == 45:
        mergedN.stop()
        byFrames.play(True)
    scene._animate(16)
    steps.append([left.position.x, left.position.y, *right.position.asArray()])

print(
    json.dumps(
        {
            "mergeKeep": mergeKeep,
            "mergeNorm": mergeNorm,
            "mergeEmpty": mergeEmpty,
            "clipInfo": clipInfo,
            "inPlaceInfo": inPlaceInfo,
            "cloneInfo": cloneInfo,
            "serialized": serialized,
            "parsedInfo": parsedInfo,
            "targetedSerialized": targetedSerialized,
            "steps": steps,
        }
    )
)
