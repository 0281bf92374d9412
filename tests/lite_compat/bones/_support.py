"""Shared helpers of the bone tests: a two-bone arm on a mesh, a bone's world position."""

from __future__ import annotations

import numpy as np

from lite_compat import (
    Bone,
    Matrix,
    Scene,
    Skeleton,
    TransformNode,
    Vector3,
)

__all__ = ["arm", "world_position"]


def arm(scene: Scene) -> tuple[TransformNode, list[Bone]]:
    mesh = TransformNode("armMesh", scene)
    mesh.position = Vector3(0.5, -0.25, 1)
    mesh.rotation = Vector3(0.1, 0.4, -0.2)
    skeleton = Skeleton("arm", "arm", scene)
    root = Bone("root", skeleton, None, Matrix.Translation(0, 1, 0))
    upper = Bone(
        "upper", skeleton, root, Matrix.RotationZ(0.3).multiply(Matrix.Translation(0.2, 0.5, 0))
    )
    fore = Bone(
        "fore", skeleton, upper, Matrix.RotationZ(-0.5).multiply(Matrix.Translation(0, 1, 0))
    )
    hand = Bone("hand", skeleton, fore, Matrix.Translation(0, 0.8, 0))
    return mesh, [root, upper, fore, hand]


def world_position(bone: Bone, mesh: TransformNode) -> np.ndarray:
    m = bone.getAbsoluteMatrix().multiply(mesh.getWorldMatrix()).m
    return np.array([m[12], m[13], m[14]], dtype=float)
