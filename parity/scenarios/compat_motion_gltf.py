# parity: {"atol": 1e-5, "rtol": 1e-5}
"""Port of compat_motion_gltf.mjs against lite_compat.

Babylon.js 9.31 motion classes on AnimationGroups and skeletons from the glTF loader
(@babylonjs/loaders 9.28), with the project's own fixture tests/fixtures/rigged_figure.glb:
RootMotionClip on the loaded Walk (its analysis and in-place root keys) and a controller
driving the character over 300 steps; AnimatorAvatar retargeting the loaded Wave onto a
second import of the figure (every joint's local TRS while it plays); BoneIKController and
BoneLookController on the loaded skeleton (bones linked to transform nodes).
"""

from __future__ import annotations

import asyncio
import json
import math
import warnings
from pathlib import Path

from lite.errors import LiteWarning
from lite_compat import (
    AnimatorAvatar,
    BoneIKController,
    BoneLookController,
    ImportMeshAsync,
    NullEngine,
    RootMotionClip,
    RootMotionController,
    Scene,
    TransformNode,
    Vector3,
)

# Babylon's Logger is silenced in the original (NoneLogLevel); its messages are LiteWarnings here.
warnings.simplefilter("ignore", LiteWarning)

FIXTURE = Path(__file__).resolve().parents[2] / "tests" / "fixtures" / "rigged_figure.glb"


def data():
    return FIXTURE.read_bytes()


def v(p):
    return [p.x, p.y, p.z]


def q(r):
    return [r.x, r.y, r.z, r.w] if r else None


async def main():
    out = {}
    scene = Scene(NullEngine())
    first = await ImportMeshAsync(data(), scene, {"pluginExtension": ".glb"})
    for g in scene.animationGroups:
        g.stop()

    def byName(name):
        return next(g for g in first.animationGroups if g.name == name)

    # Root motion on the loaded Walk.
    walk = RootMotionClip(byName("Walk"))
    out["walk"] = {
        "source": walk.source,
        "root": walk.rootNode.name if walk.rootNode else None,
        "character": walk.characterNode.name,
        "from": walk.fromFrame,
        "to": walk.toFrame,
        "dir": v(walk.travelDirection),
        "offset": v(walk.cycleOffset),
        "rotation": walk.cycleRotation,
        "turns": walk.extractsRotation,
        "duration": walk.duration,
        "height": walk.characterHeight,
        "inPlace": [
            [ta.target.name, ta.animation.targetProperty, len(ta.animation.getKeys())]
            for ta in walk.animationGroup.targetedAnimations
        ],
    }
    forced = RootMotionClip(
        byName("Walk"), {"source": 1, "extractRotation": True, "name": "forced"}
    )
    out["forced"] = {
        "source": forced.source,
        "offset": v(forced.cycleOffset),
        "rotation": forced.cycleRotation,
        "samples": [
            [*v(forced.getOffsetAtFrame(t * 60, Vector3())), forced.getRotationAtFrame(t * 60)]
            for t in [0, 0.3, 0.77, 1.2]
        ],
    }
    controller = RootMotionController(forced.characterNode, [forced])
    forced.animationGroup.start(True)
    rows = []
    for i in range(300):
        scene._animate(1000 / 60)
        scene.onAfterAnimationsObservable.notifyObservers(scene)
        if i % 15 == 14:
            node = controller.characterNode
            rows.append(
                [
                    *v(node.position),
                    *(q(node.rotationQuaternion) or [0, 0, 0, 1]),
                    *v(forced.rootNode.position),
                    controller.deltaRotation,
                ]
            )
    forced.animationGroup.stop()
    controller.dispose()
    out["controller"] = rows

    # Retarget the first import's Wave onto a second import of the figure.
    second = await ImportMeshAsync(data(), scene, {"pluginExtension": ".glb"})
    for g in scene.animationGroups:
        g.stop()
    avatarRoot = second.meshes[0]
    avatar = AnimatorAvatar("avatar", avatarRoot)
    avatar.showWarnings = False
    retargeted = avatar.retargetAnimationGroup(
        byName("Wave"), {"fixRootPosition": False, "animationGroupName": "WaveAvatar"}
    )

    def own(name):
        return next((n for n in second.transformNodes if n.name == name), None)

    out["avatar"] = {
        "meshes": [m.name for m in avatar.meshes],
        "skeletons": len(avatar.skeletons),
        "targets": [
            [ta.target.name, ta.target is own(ta.target.name), ta.animation.targetProperty]
            for ta in retargeted.targetedAnimations
        ],
    }
    joints = [n for n in second.transformNodes if n.getClassName() == "TransformNode"]
    retargeted.start(True)
    out["retargeted"] = []
    for f in [0, 10, 25.5, 40, 60]:
        retargeted.goToFrame(f)
        out["retargeted"].append(
            [
                [n.name, *v(n.position), *(q(n.rotationQuaternion) or v(n.rotation)), *v(n.scaling)]
                for n in joints
            ]
        )
    retargeted.stop()

    # Bone controllers on the first import's skeleton.
    skeleton = first.skeletons[0]
    body = next(m for m in first.meshes if getattr(m, "skeleton", None) is skeleton)

    def bone(name):
        return skeleton.bones[skeleton.getBoneIndexByName(name)]

    target = TransformNode("ikTarget", scene)
    # a leaf: Babylon logs, update() does nothing
    ik = BoneIKController(body, bone("LeftForeArm"), {"targetMesh": target, "poleAngle": 0.3})
    ik2 = BoneIKController(body, bone("RightArm"), {"targetMesh": target, "slerpAmount": 0.5})
    lookTarget = Vector3(0, 0, 0)
    look = BoneLookController(
        body,
        bone("Head"),
        lookTarget,
        {"maxYaw": 0.8, "minYaw": -0.8, "maxPitch": 0.4, "minPitch": -0.4},
    )
    out["bones"] = []
    for i in range(10):
        target.position = Vector3(0.6 + 0.1 * i, 1.2 - 0.05 * i, 0.3)
        lookTarget.copyFromFloats(math.sin(i) * 2, 1.5, 2)
        ik.update()
        ik2.update()
        look.update()
        out["bones"].append(
            [
                *bone("LeftArm").getAbsoluteMatrix().m,
                *bone("LeftForeArm").getAbsoluteMatrix().m,
                *bone("Head").getAbsoluteMatrix().m,
                *q(bone("LeftArm").getTransformNode().rotationQuaternion),
                *bone("RightArm").getAbsoluteMatrix().m,
                *bone("RightForeArm").getAbsoluteMatrix().m,
                *q(bone("RightArm").getTransformNode().rotationQuaternion),
            ]
        )
    print(json.dumps(out))


asyncio.run(main())
