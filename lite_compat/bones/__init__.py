"""Babylon.js skeletons (``Bones/``): ``Skeleton``, ``Bone`` and the bone controllers.

Port of the CPU side of ``@babylonjs/core`` 9.31 ``Bones/`` (``skeleton``, ``bone``,
``boneIKController``, ``boneLookController``): bone hierarchies linked to transform nodes,
their matrices and skinning palettes, and the compat batch that prepares many skeletons at once.
"""

from __future__ import annotations

from lite_compat.bones.bone import Bone
from lite_compat.bones.bone_ik_controller import BoneIKController
from lite_compat.bones.bone_look_controller import BoneLookController
from lite_compat.bones.skeleton import Skeleton

__all__ = ["Bone", "BoneIKController", "BoneLookController", "Skeleton"]
