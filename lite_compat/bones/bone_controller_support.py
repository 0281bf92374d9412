"""What Babylon's bone controllers share: option checks and world-space bone operations.

The argument checks (``LITE-COMPAT-200``/``201``, before anything is set) and the world-space
operations of ``@babylonjs/core`` 9.31 ``Bones/bone.pure.js`` the controllers call
(``getRotationMatrixToRef``, ``setRotationMatrix``/``setRotationQuaternion`` in world space,
the absolute inverse without scaling), as module functions over a
:class:`~lite_compat.bones.bone.Bone`'s matrices, used by
:mod:`~lite_compat.bones.bone_ik_controller` and :mod:`~lite_compat.bones.bone_look_controller`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from lite.errors import AnimationStateError
from lite_compat._js import js_number
from lite_compat.bones.bone import Bone
from lite_compat.math import Matrix, Quaternion
from lite_compat.nodes.transform_node import TransformNode

_PI = math.pi


def _option(options: object, name: str) -> Any:
    """``options[name]`` (a mapping) or ``options.name`` (an object); None when absent."""
    if options is None:
        return None
    if isinstance(options, Mapping):
        return options.get(name)
    return getattr(options, name, None)


def _require_node(value: object, name: str, where: str) -> TransformNode:
    if not isinstance(value, TransformNode):
        raise AnimationStateError(
            "LITE-COMPAT-200",
            f"{where}: {name} must be a TransformNode (a mesh), got {type(value).__name__}",
            hint=f"pass the skinned mesh (or its root transform node) as {name}",
            input_name=name,
        )
    return value


def _require_bone(value: object, name: str, where: str) -> Bone:
    if not isinstance(value, Bone):
        raise AnimationStateError(
            "LITE-COMPAT-200",
            f"{where}: {name} must be a Bone, got {type(value).__name__}",
            hint="pass a bone of the skeleton (skeleton.bones[i])",
            input_name=name,
        )
    return value


def _option_number(options: object, name: str, where: str) -> float | None:
    value = _option(options, name)
    if value is None:
        return None
    number = js_number(value)
    if number is None:
        raise AnimationStateError(
            "LITE-COMPAT-201",
            f"{where}: option {name} must be a number, got {value!r} ({type(value).__name__})",
            hint=f"pass {name} as an int or float (radians for angles)",
            input_name=name,
        )
    return number


def _option_of(options: object, name: str, kind: type, where: str) -> Any:
    value = _option(options, name)
    if value is not None and not isinstance(value, kind):
        raise AnimationStateError(
            "LITE-COMPAT-201",
            f"{where}: option {name} must be a {kind.__name__}, got {type(value).__name__}",
            hint=f"pass a {kind.__name__} as {name}, or leave it out",
            input_name=name,
        )
    return value


def _check_options(options: object, where: str) -> None:
    if (
        options is not None
        and not isinstance(options, Mapping)
        and isinstance(options, str | int | float | list | tuple)
    ):
        raise AnimationStateError(
            "LITE-COMPAT-201",
            f"{where}: options must be a dict (or an object with attributes), "
            f"got {type(options).__name__}",
            hint="pass the options as a dict, e.g. {'slerpAmount': 0.5}",
            input_name="options",
        )


_TMP_MATS = [Matrix.Identity() for _ in range(5)]


def _bone_world_matrix(bone: Bone, tNode: TransformNode | None, result: Matrix) -> Matrix:
    """The bone's absolute matrix, times ``tNode``'s world matrix when given."""
    amat = bone.getAbsoluteMatrix()
    if tNode is not None:
        amat.multiplyToRef(tNode.getWorldMatrix(), result)
    else:
        result.copyFrom(amat)
    return result


def _rotation_matrix_world(bone: Bone, tNode: TransformNode | None, result: Matrix) -> None:
    """``bone.getRotationMatrixToRef(Space.WORLD, tNode, result)``."""
    mat = _bone_world_matrix(bone, tNode, _TMP_MATS[0])
    det = bone._scalingDeterminant
    mat.multiplyAtIndex(0, det)
    mat.multiplyAtIndex(1, det)
    mat.multiplyAtIndex(2, det)
    mat.getRotationMatrixToRef(result)


def _absolute_inverse_unscaled(bone: Bone, tNode: TransformNode | None, out: Matrix) -> bool:
    """``bone._getAbsoluteInverseMatrixUnscaledToRef``: False when the matrix is singular."""
    scale = _TMP_MATS[2]
    out.copyFrom(bone.getAbsoluteMatrix())
    if tNode is not None:
        out.multiplyToRef(tNode.getWorldMatrix(), out)
        Matrix.ScalingToRef(tNode.scaling.x, tNode.scaling.y, tNode.scaling.z, scale)
    else:
        Matrix.IdentityToRef(scale)
    out.invert()
    if math.isnan(out.m[0]):
        return False
    scale.multiplyAtIndex(0, bone._scalingDeterminant)
    out.multiplyToRef(scale, out)
    return True


def _rotate_with_matrix(bone: Bone, rmat: Matrix, tNode: TransformNode | None) -> None:
    """``bone._rotateWithMatrix(rmat, Space.WORLD, tNode)``."""
    lmat = bone.getLocalMatrix()
    lx, ly, lz = lmat.m[12], lmat.m[13], lmat.m[14]
    parent = bone.getParent()
    parentScale = _TMP_MATS[3]
    parentScaleInv = _TMP_MATS[4]
    if parent is not None or tNode is not None:
        if parent is not None and tNode is not None:
            parentScale.copyFrom(tNode.getWorldMatrix())
            parent.getAbsoluteMatrix().multiplyToRef(parentScale, parentScale)
        elif parent is not None:
            parentScale.copyFrom(parent.getAbsoluteMatrix())
        else:
            assert tNode is not None
            parentScale.copyFrom(tNode.getWorldMatrix())
        parentScaleInv.copyFrom(parentScale)
        parentScaleInv.invert()
        lmat.multiplyToRef(parentScale, lmat)
        lmat.multiplyToRef(rmat, lmat)
        lmat.multiplyToRef(parentScaleInv, lmat)
    else:
        lmat.multiplyToRef(rmat, lmat)
    lmat.setTranslationFromFloats(lx, ly, lz)
    bone._markAsDirtyAndDecompose()


def _set_rotation_matrix_world(bone: Bone, rotMat: Matrix, tNode: TransformNode | None) -> None:
    """``bone.setRotationMatrix(rotMat, Space.WORLD, tNode)``."""
    inv = _TMP_MATS[0]
    if not _absolute_inverse_unscaled(bone, tNode, inv):
        return
    rot = _TMP_MATS[1]
    inv.multiplyToRef(rotMat, rot)
    _rotate_with_matrix(bone, rot, tNode)


def _set_rotation_quaternion_world(
    bone: Bone, quat: Quaternion, tNode: TransformNode | None
) -> None:
    """``bone.setRotationQuaternion(quat, Space.WORLD, tNode)``."""
    inv = _TMP_MATS[0]
    if not _absolute_inverse_unscaled(bone, tNode, inv):
        return
    rot = _TMP_MATS[1]
    Matrix.FromQuaternionToRef(quat, rot)
    inv.multiplyToRef(rot, rot)
    _rotate_with_matrix(bone, rot, tNode)


def _update_linked_rotation(bone: Bone) -> None:
    """Copy the bone's local rotation to its linked transform node (Babylon's
    ``_updateLinkedTransformRotation``)."""
    node = bone.getTransformNode()
    if node is not None:
        if node.rotationQuaternion is None:
            node.rotationQuaternion = Quaternion()
        node.rotationQuaternion.copyFrom(bone.rotationQuaternion)
