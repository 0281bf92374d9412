"""Port of compat_render_skin_pose.mjs against lite_compat.

Babylon.js 9.31 skeletons with ``needInitialSkinMatrix`` prepared by ``scene.render()``: each
mesh given the skeleton while the flag is set gets its own palette
(``getTransformMatrices(mesh)``), rooted at its pose matrix; the bones' final matrices and
absolute positions after each render.
"""

from __future__ import annotations

import json

from lite_compat import Bone, FreeCamera, Matrix, MeshBuilder, NullEngine, Scene, Skeleton, Vector3

out = {}
scene = Scene(NullEngine())
FreeCamera("camera", Vector3(0, 0, -10), scene)
skeleton = Skeleton("rig", "rig", scene)
skeleton.needInitialSkinMatrix = True
root = Bone("root", skeleton, None, Matrix.Translation(0, 1, 0))
Bone("tip", skeleton, root, Matrix.RotationZ(0.3).multiply(Matrix.Translation(0, 1, 0)))
first = MeshBuilder.CreateBox("first", {"size": 1}, scene)
first.updatePoseMatrix(Matrix.Translation(0.5, 0, 0))
first.skeleton = skeleton
second = MeshBuilder.CreateBox("second", {"size": 1}, scene)
second.updatePoseMatrix(Matrix.RotationY(0.7).multiply(Matrix.Translation(0, -1, 0.25)))
second.skeleton = skeleton
out["pose"] = list(skeleton.getPoseMatrix().m)


def read():
    return {
        "first": list(skeleton.getTransformMatrices(first)),
        "second": list(skeleton.getTransformMatrices(second)),
        "bones": [
            [
                *b.getFinalMatrix().m,
                *b.getAbsolutePosition(first).asArray(),
                *b.getAbsoluteInverseBindMatrix().m,
            ]
            for b in skeleton.bones
        ],
    }


scene.render()
out["render1"] = read()
skeleton.bones[1].position = Vector3(0.25, 1.5, 0)
scene.render()
out["render2"] = read()
scene.render()
out["render3"] = read()
print(json.dumps(out))
