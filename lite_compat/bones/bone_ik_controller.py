"""Babylon.js ``BoneIKController`` and ``BoneLookController``: a two-bone chain reaching for a
target, a bone turning to look at one.

Port of ``@babylonjs/core`` 9.31 ``Bones/boneIKController.js`` and
``Bones/boneLookController.js``, with the world-space bone operations they call
(``getRotationMatrixToRef``, ``setRotationMatrix``/``setRotationQuaternion`` in world space,
``getDirectionToRef``, ``getAbsolutePositionFromLocalToRef``, from ``Bones/bone.pure.js``)
written here as module functions over a :class:`~lite_compat.bones.skeleton.Bone`'s matrices.
Arithmetic goes through :mod:`lite_compat.math` (float32 matrices, Babylon's order of
operations), so the bones end where Babylon puts them.

``lite.solve_two_bone_ik`` and ``lite.look_at`` solve the same problems on a native pose, but
with their own conventions (pole vector, a bend plane kept from the current pose); Babylon's
controllers build a world rotation from axes and a law-of-cosines angle, so the facade
carries that maths itself.

Differences from Babylon.js: where Babylon logs an error and leaves a controller that never
moves (an IK bone with no parent, or no length and no child), the facade does the same with a
``LITE-COMPAT-W13`` warning; arguments that are not a transform node, a bone, a vector or a
number are refused with ``LITE-COMPAT-200``/``201`` before anything is set.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Mapping
from typing import Any

from lite.errors import AnimationStateError, LiteWarning
from lite_compat._js import js_acos, js_cos, js_mod, js_number, js_sin, js_tan
from lite_compat.bones.skeleton import Bone
from lite_compat.math import Matrix, Quaternion, Vector3
from lite_compat.nodes.node import Axis, Space, TransformNode

__all__ = ["BoneIKController", "BoneLookController"]

_WARNING = "LITE-COMPAT-W13"

_PI = math.pi


# -- argument checks -----------------------------------------------------------------------


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


def _require_vector(value: object, name: str, where: str) -> Vector3:
    if not isinstance(value, Vector3):
        raise AnimationStateError(
            "LITE-COMPAT-201",
            f"{where}: {name} must be a Vector3, got {type(value).__name__}",
            hint=f"pass {name} as BABYLON.Vector3(x, y, z)",
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


# -- world-space bone operations (Bones/bone.pure.js) --------------------------------------

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


def _rotation_quaternion_world(bone: Bone, tNode: TransformNode | None, result: Quaternion) -> None:
    """``bone.getRotationQuaternionToRef(Space.WORLD, tNode, result)``."""
    mat = _bone_world_matrix(bone, tNode, _TMP_MATS[0])
    det = bone._scalingDeterminant
    mat.multiplyAtIndex(0, det)
    mat.multiplyAtIndex(1, det)
    mat.multiplyAtIndex(2, det)
    mat.decompose(None, result, None)


def _direction(
    bone: Bone, localAxis: Vector3, tNode: TransformNode | None, result: Vector3
) -> None:
    """``bone.getDirectionToRef(localAxis, tNode, result)``."""
    tmat = Matrix().copyFrom(bone.getAbsoluteMatrix())
    if tNode is not None:
        tmat.multiplyToRef(tNode.getWorldMatrix(), tmat)
    Vector3.TransformNormalToRef(localAxis, tmat, result)
    result.normalize()


def _position_from_local(
    bone: Bone, position: Vector3, tNode: TransformNode | None, result: Vector3
) -> None:
    """``bone.getAbsolutePositionFromLocalToRef(position, tNode, result)``."""
    tmat = Matrix().copyFrom(bone.getAbsoluteMatrix())
    if tNode is not None:
        tmat.multiplyToRef(tNode.getWorldMatrix(), tmat)
    Vector3.TransformCoordinatesToRef(position, tmat, result)


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


# -- BoneIKController ----------------------------------------------------------------------


class BoneIKController:
    """Two-bone inverse kinematics (``BABYLON.BoneIKController``).

    Parameters
    ----------
    mesh
        The transform node the skeleton is attached to (world space is its world space).
    bone
        The end bone of the chain (the "forearm"); its parent is the chain's first bone.
        It needs a ``length`` or a child to measure it by.
    options
        A dict (or object) with Babylon's options: ``targetMesh``, ``poleTargetMesh``,
        ``poleTargetBone``, ``poleTargetLocalOffset``, ``poleAngle``, ``bendAxis``,
        ``maxAngle``, ``slerpAmount``. Zero-valued numbers are ignored, as in Babylon.js.

    Attributes
    ----------
    targetPosition, poleTargetPosition, poleTargetLocalOffset : Vector3
        Where the chain reaches and what its bend points at (world space).
    poleAngle : float
        Roll of the chain about the root-to-target line.
    slerpAmount : float
        Blend towards the solve per update (1: snap).

    Raises
    ------
    AnimationStateError
        ``LITE-COMPAT-200``/``201`` for arguments of the wrong type.

    Warns
    -----
    LiteWarning
        ``LITE-COMPAT-W13`` when the bone has no parent, or neither a length nor a child:
        as in Babylon.js (which logs an error), the controller's ``update()`` does nothing.
    """

    _TmpVecs = [Vector3.Zero() for _ in range(6)]
    _TmpQuat = Quaternion.Identity()
    _TmpMats = [Matrix.Identity(), Matrix.Identity()]

    def __init__(self, mesh: TransformNode, bone: Bone, options: object = None) -> None:
        where = "BoneIKController"
        mesh = _require_node(mesh, "mesh", where)
        bone = _require_bone(bone, "bone", where)
        _check_options(options, where)
        targetMesh = _option_of(options, "targetMesh", TransformNode, where)
        poleTargetMesh = _option_of(options, "poleTargetMesh", TransformNode, where)
        poleTargetBone = _option_of(options, "poleTargetBone", Bone, where)
        poleOffset = _option_of(options, "poleTargetLocalOffset", Vector3, where)
        bendAxis = _option_of(options, "bendAxis", Vector3, where)
        poleAngle = _option_number(options, "poleAngle", where)
        maxAngle = _option_number(options, "maxAngle", where)
        slerpAmount = _option_number(options, "slerpAmount", where)
        self.targetMesh: TransformNode | None = None
        self.poleTargetMesh: TransformNode | None = None
        self.poleTargetBone: Bone | None = None
        self.targetPosition = Vector3.Zero()
        self.poleTargetPosition = Vector3.Zero()
        self.poleTargetLocalOffset = Vector3.Zero()
        self.poleAngle = 0.0
        self.slerpAmount = 1.0
        self._bone1Quat = Quaternion.Identity()
        self._bone1Mat = Matrix.Identity()
        self._bone2Ang = _PI
        self._maxAngle = _PI
        self._maxReach = 0.0
        self._rightHandedSystem = False
        self._bendAxis = Vector3.Right()
        self._slerping = False
        self._adjustRoll = 0.0
        self._bone1Length = 0.0
        self._bone2Length = 0.0
        self._notEnoughInformation = False
        self._bone2 = bone
        bone1 = bone.getParent()
        problem = None
        if bone1 is None:
            problem = "the bone must have a parent bone for IK to work"
        elif not bone.children and not _bone_length(bone):
            problem = "the bone must not be a leaf, or it must have a length, for IK to work"
        if problem is not None or bone1 is None:
            # Babylon.js logs an error and leaves a controller whose update() does nothing.
            self._notEnoughInformation = True
            self._bone1: Bone | None = bone1
            self.mesh: TransformNode | None = None
            warnings.warn(
                LiteWarning(
                    _WARNING,
                    f"{where}: {problem} (bone {bone.name!r}); the controller will not move "
                    "anything",
                ),
                stacklevel=2,
            )
            return
        self._bone1 = bone1
        self.mesh = mesh
        bone.getSkeleton().computeAbsoluteMatrices()
        bonePos = bone.getPosition()
        if bone.getAbsoluteMatrix().determinant() > 0:
            self._rightHandedSystem = True
            self._bendAxis.x = 0
            self._bendAxis.y = 0
            self._bendAxis.z = -1
            if bonePos.x > bonePos.y and bonePos.x > bonePos.z:
                self._adjustRoll = _PI * 0.5
                self._bendAxis.z = 1
        len1, len2 = _bone_length(bone1), _bone_length(bone)
        if len1 and len2:
            self._bone1Length = len1 * bone1.getScale().y * mesh.scaling.y
            self._bone2Length = len2 * bone.getScale().y * mesh.scaling.y
        elif bone.children:
            mesh.computeWorldMatrix(True)
            pos1 = bone.children[0].getAbsolutePosition(mesh)
            pos2 = bone.getAbsolutePosition(mesh)
            pos3 = bone1.getAbsolutePosition(mesh)
            self._bone2Length = Vector3.Distance(pos1, pos2)
            self._bone1Length = Vector3.Distance(pos2, pos3)
        else:
            mesh.computeWorldMatrix(True)
            self._bone2Length = len2 * bone.getScale().y * mesh.scaling.y
            pos2 = bone.getAbsolutePosition(mesh)
            pos3 = bone1.getAbsolutePosition(mesh)
            self._bone1Length = Vector3.Distance(pos2, pos3)
        _rotation_matrix_world(bone1, mesh, self._bone1Mat)
        self.maxAngle = _PI
        if options is not None:
            if targetMesh is not None:
                self.targetMesh = targetMesh
                targetMesh.computeWorldMatrix(True)
            if poleTargetMesh is not None:
                self.poleTargetMesh = poleTargetMesh
                poleTargetMesh.computeWorldMatrix(True)
            elif poleTargetBone is not None:
                self.poleTargetBone = poleTargetBone
            elif bone1.getParent() is not None:
                self.poleTargetBone = bone1.getParent()
            if poleOffset is not None:
                self.poleTargetLocalOffset.copyFrom(poleOffset)
            if poleAngle:
                self.poleAngle = poleAngle
            if bendAxis is not None:
                self._bendAxis.copyFrom(bendAxis)
            if maxAngle:
                self.maxAngle = maxAngle
            if slerpAmount:
                self.slerpAmount = slerpAmount

    @property
    def maxAngle(self) -> float:
        """Largest angle the chain may open to (radians, clamped to [0, pi])."""
        return self._maxAngle

    @maxAngle.setter
    def maxAngle(self, value: float) -> None:
        ang = js_number(value)
        if ang is None:
            raise AnimationStateError(
                "LITE-COMPAT-201",
                f"BoneIKController.maxAngle must be a number, got {value!r}",
                hint="pass an angle in radians",
                input_name="maxAngle",
            )
        ang = max(ang, 0.0)
        if ang > _PI:
            ang = _PI
        self._maxAngle = ang
        a = self._bone1Length
        b = self._bone2Length
        self._maxReach = math.sqrt(max(a * a + b * b - 2 * a * b * js_cos(ang), 0.0))

    def update(self) -> None:
        """Solve the chain for the current target and pole, and write both bones."""
        if self._notEnoughInformation or self._bone1 is None or self.mesh is None:
            return
        bone1 = self._bone1
        mesh = self.mesh
        target = self.targetPosition
        poleTarget = self.poleTargetPosition
        mat1, mat2 = BoneIKController._TmpMats
        if self.targetMesh is not None:
            target.copyFrom(self.targetMesh.getAbsolutePosition())
        if self.poleTargetBone is not None:
            _position_from_local(self.poleTargetBone, self.poleTargetLocalOffset, mesh, poleTarget)
        elif self.poleTargetMesh is not None:
            Vector3.TransformCoordinatesToRef(
                self.poleTargetLocalOffset, self.poleTargetMesh.getWorldMatrix(), poleTarget
            )
        bonePos, zaxis, xaxis, yaxis, upAxis, tmpVec = BoneIKController._TmpVecs
        tmpQuat = BoneIKController._TmpQuat
        bone1.getAbsolutePositionToRef(mesh, bonePos)
        poleTarget.subtractToRef(bonePos, upAxis)
        if upAxis.x == 0 and upAxis.y == 0 and upAxis.z == 0:
            upAxis.y = 1
        else:
            upAxis.normalize()
        target.subtractToRef(bonePos, yaxis)
        yaxis.normalize()
        Vector3.CrossToRef(yaxis, upAxis, zaxis)
        zaxis.normalize()
        Vector3.CrossToRef(yaxis, zaxis, xaxis)
        xaxis.normalize()
        Matrix.FromXYZAxesToRef(xaxis, yaxis, zaxis, mat1)
        a = self._bone1Length
        b = self._bone2Length
        c = Vector3.Distance(bonePos, target)
        if self._maxReach > 0:
            c = min(self._maxReach, c)
        acosa = _safe_div(b * b + c * c - a * a, 2 * b * c)
        acosb = _safe_div(c * c + a * a - b * b, 2 * c * a)
        acosa = min(max(acosa, -1.0), 1.0) if acosa == acosa else acosa
        acosb = min(max(acosb, -1.0), 1.0) if acosb == acosb else acosb
        angA = js_acos(acosa)
        angB = js_acos(acosb)
        angC = -angA - angB
        if self._rightHandedSystem:
            Matrix.RotationYawPitchRollToRef(0, 0, self._adjustRoll, mat2)
            mat2.multiplyToRef(mat1, mat1)
            Matrix.RotationAxisToRef(self._bendAxis, angB, mat2)
            mat2.multiplyToRef(mat1, mat1)
        else:
            tmpVec.copyFrom(self._bendAxis)
            tmpVec.x *= -1
            Matrix.RotationAxisToRef(tmpVec, -angB, mat2)
            mat2.multiplyToRef(mat1, mat1)
        if self.poleAngle:
            Matrix.RotationAxisToRef(yaxis, self.poleAngle, mat2)
            mat1.multiplyToRef(mat2, mat1)
        if self.slerpAmount < 1:
            if not self._slerping:
                Quaternion.FromRotationMatrixToRef(self._bone1Mat, self._bone1Quat)
            Quaternion.FromRotationMatrixToRef(mat1, tmpQuat)
            Quaternion.SlerpToRef(self._bone1Quat, tmpQuat, self.slerpAmount, self._bone1Quat)
            angC = self._bone2Ang * (1.0 - self.slerpAmount) + angC * self.slerpAmount
            _set_rotation_quaternion_world(bone1, self._bone1Quat, mesh)
            self._slerping = True
        else:
            _set_rotation_matrix_world(bone1, mat1, mesh)
            self._bone1Mat.copyFrom(mat1)
            self._slerping = False
        _update_linked_rotation(bone1)
        quat = Quaternion()
        Quaternion.RotationAxisToRef(self._bendAxis, angC, quat)
        self._bone2.setRotationQuaternion(quat)
        _update_linked_rotation(self._bone2)
        self._bone2Ang = angC


def _bone_length(bone: Bone) -> float:
    """``bone.length`` (Babylon's optional length; 0 when unset or not a number)."""
    value = js_number(getattr(bone, "length", None))
    return value if value is not None and value == value else 0.0


def _safe_div(a: float, b: float) -> float:
    """``a / b`` with JavaScript's division by zero (NaN or +-Infinity)."""
    if b:
        return a / b
    if a != a or a == 0:
        return math.nan
    return math.copysign(math.inf, a) * math.copysign(1.0, b)


# -- BoneLookController --------------------------------------------------------------------


def _gt(a: float | None, b: float | None) -> bool:
    """JavaScript ``a > b`` where None is ``undefined`` (every comparison is false)."""
    return a is not None and b is not None and a > b


def _lt(a: float | None, b: float | None) -> bool:
    """JavaScript ``a < b`` where None is ``undefined``."""
    return a is not None and b is not None and a < b


def _angle_diff(ang1: float, ang2: float) -> float:
    diff = js_mod(ang2 - ang1, _PI * 2)
    if diff > _PI:
        diff -= _PI * 2
    elif diff < -_PI:
        diff += _PI * 2
    return diff


def _wrap_positive(ang: float) -> float:
    ang = js_mod(ang, 2 * _PI)
    return ang + 2 * _PI if ang < 0 else ang


def _angle_between(ang1: float, ang2: float) -> float:
    ang1 = _wrap_positive(ang1)
    ang2 = _wrap_positive(ang2)
    ab = ang2 - ang1 if ang1 < ang2 else ang1 - ang2
    if ab > _PI:
        ab = _PI * 2 - ab
    return ab


def _is_angle_between(ang: float, ang1: float, ang2: float) -> bool:
    ang = _wrap_positive(ang)
    ang1 = _wrap_positive(ang1)
    ang2 = _wrap_positive(ang2)
    if ang1 < ang2:
        return ang1 < ang < ang2
    return ang2 < ang < ang1


class BoneLookController:
    """Turn a bone to look at a target (``BABYLON.BoneLookController``).

    Parameters
    ----------
    mesh
        The transform node the skeleton is attached to.
    bone
        The bone to turn (its +Z is the forward axis unless ``yawAxis``/``pitchAxis`` say
        otherwise).
    target
        The world position to look at; the controller keeps this object (move it in place,
        or assign ``controller.target``).
    options
        A dict (or object) with Babylon's options: ``maxYaw``, ``minYaw``, ``maxPitch``,
        ``minPitch``, ``slerpAmount``, ``upAxis``, ``upAxisSpace``, ``yawAxis``,
        ``pitchAxis``, ``adjustYaw``, ``adjustPitch``, ``adjustRoll``,
        ``useAbsoluteValueForYaw``.

    Attributes
    ----------
    upAxis : Vector3
        The up direction, in ``upAxisSpace`` (``Space.LOCAL``: the mesh's; ``Space.BONE``:
        the parent bone's; ``Space.WORLD``).
    adjustYaw, adjustPitch, adjustRoll : float
        Extra rotation applied after the look (radians).
    slerpAmount : float
        Blend towards the look per update (1: snap; below 1 the first update is skipped).

    Raises
    ------
    AnimationStateError
        ``LITE-COMPAT-200``/``201`` for arguments of the wrong type.
    """

    _TmpVecs = [Vector3.Zero() for _ in range(10)]
    _TmpQuat = Quaternion.Identity()
    _TmpMats = [Matrix.Identity() for _ in range(5)]

    def __init__(
        self, mesh: TransformNode, bone: Bone, target: Vector3, options: object = None
    ) -> None:
        where = "BoneLookController"
        mesh = _require_node(mesh, "mesh", where)
        bone = _require_bone(bone, "bone", where)
        target = _require_vector(target, "target", where)
        _check_options(options, where)
        numbers = {
            name: _option_number(options, name, where)
            for name in (
                "adjustYaw",
                "adjustPitch",
                "adjustRoll",
                "maxYaw",
                "minYaw",
                "maxPitch",
                "minPitch",
                "slerpAmount",
                "upAxisSpace",
            )
        }
        upAxis = _option_of(options, "upAxis", Vector3, where)
        yawAxis = _option_of(options, "yawAxis", Vector3, where)
        pitchAxis = _option_of(options, "pitchAxis", Vector3, where)
        self.upAxis = Vector3.Up()
        self.upAxisSpace = Space.LOCAL
        self.adjustYaw = 0.0
        self.adjustPitch = 0.0
        self.adjustRoll = 0.0
        self.slerpAmount = 1.0
        # None is Babylon's ``undefined``: no limits until options (or setters) give them.
        self._minYaw: float | None = None
        self._maxYaw: float | None = None
        self._minPitch: float | None = None
        self._maxPitch: float | None = None
        self._minYawSin = self._minYawCos = self._maxYawSin = self._maxYawCos = 0.0
        self._minPitchTan = self._maxPitchTan = 0.0
        self._midYawConstraint: float | None = None
        self._yawRange: float | None = None
        self._boneQuat = Quaternion.Identity()
        self._slerping = False
        self._firstFrameSkipped = False
        self._fowardAxis = Vector3.Forward()
        self._transformYawPitch: Matrix | None = None
        self._transformYawPitchInv: Matrix | None = None
        self.useAbsoluteValueForYaw = False
        self.mesh = mesh
        self.bone = bone
        self.target = target
        if options is not None:
            for name in ("adjustYaw", "adjustPitch", "adjustRoll"):
                if numbers[name]:
                    setattr(self, name, numbers[name])
            self.maxYaw = numbers["maxYaw"] if numbers["maxYaw"] is not None else _PI
            self.minYaw = numbers["minYaw"] if numbers["minYaw"] is not None else -_PI
            self.maxPitch = numbers["maxPitch"] if numbers["maxPitch"] is not None else _PI
            self.minPitch = numbers["minPitch"] if numbers["minPitch"] is not None else -_PI
            if numbers["slerpAmount"] is not None:
                self.slerpAmount = numbers["slerpAmount"]
            if upAxis is not None:
                self.upAxis = upAxis
            if numbers["upAxisSpace"] is not None:
                self.upAxisSpace = int(numbers["upAxisSpace"])
            if yawAxis is not None or pitchAxis is not None:
                newYawAxis = Axis.Y
                newPitchAxis = Axis.X
                if yawAxis is not None:
                    newYawAxis = yawAxis.clone()
                    newYawAxis.normalize()
                if pitchAxis is not None:
                    newPitchAxis = pitchAxis.clone()
                    newPitchAxis.normalize()
                newRollAxis = Vector3.Cross(newPitchAxis, newYawAxis)
                self._transformYawPitch = Matrix.Identity()
                Matrix.FromXYZAxesToRef(
                    newPitchAxis, newYawAxis, newRollAxis, self._transformYawPitch
                )
                self._transformYawPitchInv = self._transformYawPitch.clone()
                self._transformYawPitch.invert()
            absolute = _option(options, "useAbsoluteValueForYaw")
            if absolute is not None:
                self.useAbsoluteValueForYaw = bool(absolute)
        if bone.getParent() is None and self.upAxisSpace == Space.BONE:
            self.upAxisSpace = Space.LOCAL

    # -- limits ---------------------------------------------------------------------------

    @property
    def minYaw(self) -> float | None:
        """Smallest yaw (radians) the bone may turn to."""
        return self._minYaw

    @minYaw.setter
    def minYaw(self, value: float) -> None:
        self._minYaw = ang = self._number(value, "minYaw")
        self._minYawSin = js_sin(ang)
        self._minYawCos = js_cos(ang)
        if self._maxYaw is not None:
            self._update_mid_yaw(ang, self._maxYaw)

    @property
    def maxYaw(self) -> float | None:
        """Largest yaw (radians) the bone may turn to."""
        return self._maxYaw

    @maxYaw.setter
    def maxYaw(self, value: float) -> None:
        self._maxYaw = ang = self._number(value, "maxYaw")
        self._maxYawSin = js_sin(ang)
        self._maxYawCos = js_cos(ang)
        if self._minYaw is not None:
            self._update_mid_yaw(self._minYaw, ang)

    @property
    def minPitch(self) -> float | None:
        """Smallest pitch (radians) the bone may turn to."""
        return self._minPitch

    @minPitch.setter
    def minPitch(self, value: float) -> None:
        self._minPitch = ang = self._number(value, "minPitch")
        self._minPitchTan = js_tan(ang)

    @property
    def maxPitch(self) -> float | None:
        """Largest pitch (radians) the bone may turn to."""
        return self._maxPitch

    @maxPitch.setter
    def maxPitch(self, value: float) -> None:
        self._maxPitch = ang = self._number(value, "maxPitch")
        self._maxPitchTan = js_tan(ang)

    @staticmethod
    def _number(value: object, name: str) -> float:
        number = js_number(value)
        if number is None:
            raise AnimationStateError(
                "LITE-COMPAT-201",
                f"BoneLookController.{name} must be a number, got {value!r}",
                hint="pass an angle in radians",
                input_name=name,
            )
        return number

    def _update_mid_yaw(self, minYaw: float, maxYaw: float) -> None:
        self._midYawConstraint = _angle_diff(minYaw, maxYaw) * 0.5 + minYaw
        self._yawRange = maxYaw - minYaw

    # -- update ---------------------------------------------------------------------------

    def update(self) -> None:
        """Turn the bone towards the target, within the yaw and pitch limits."""
        if self.slerpAmount < 1 and not self._firstFrameSkipped:
            self._firstFrameSkipped = True
            return
        tv = BoneLookController._TmpVecs
        tm = BoneLookController._TmpMats
        bone = self.bone
        mesh = self.mesh
        bonePos = tv[0]
        bone.getAbsolutePositionToRef(mesh, bonePos)
        target = self.target
        tmpMat1, tmpMat2 = tm[0], tm[1]
        parentBone = bone.getParent()
        upAxis = tv[1]
        upAxis.copyFrom(self.upAxis)
        if self.upAxisSpace == Space.BONE and parentBone is not None:
            if self._transformYawPitchInv is not None:
                Vector3.TransformCoordinatesToRef(upAxis, self._transformYawPitchInv, upAxis)
            _direction(parentBone, upAxis, mesh, upAxis)
        elif self.upAxisSpace == Space.LOCAL:
            Vector3.TransformNormalToRef(upAxis, mesh.getWorldMatrix(), upAxis)
            sc = mesh.scaling
            if sc.x != 1 or sc.y != 1 or sc.z != 1:
                upAxis.normalize()
        checkYaw = self._maxYaw != _PI or self._minYaw != -_PI
        checkPitch = self._maxPitch != _PI or self._minPitch != -_PI
        if checkYaw or checkPitch:
            target = self._constrain(target, bonePos, upAxis, parentBone, checkYaw, checkPitch)
        zaxis, xaxis, yaxis = tv[5], tv[6], tv[7]
        tmpQuat = BoneLookController._TmpQuat
        boneScaling = tv[9]
        target.subtractToRef(bonePos, zaxis)
        zaxis.normalize()
        Vector3.CrossToRef(upAxis, zaxis, xaxis)
        xaxis.normalize()
        Vector3.CrossToRef(zaxis, xaxis, yaxis)
        yaxis.normalize()
        Matrix.FromXYZAxesToRef(xaxis, yaxis, zaxis, tmpMat1)
        for axis in (xaxis, yaxis, zaxis):
            if axis.x == 0 and axis.y == 0 and axis.z == 0:
                return
        if self.adjustYaw or self.adjustPitch or self.adjustRoll:
            Matrix.RotationYawPitchRollToRef(
                self.adjustYaw, self.adjustPitch, self.adjustRoll, tmpMat2
            )
            tmpMat2.multiplyToRef(tmpMat1, tmpMat1)
        boneScaling.copyFrom(bone.getScale())
        if self.slerpAmount < 1:
            if not self._slerping:
                _rotation_quaternion_world(bone, mesh, self._boneQuat)
            if self._transformYawPitch is not None:
                self._transformYawPitch.multiplyToRef(tmpMat1, tmpMat1)
            Quaternion.FromRotationMatrixToRef(tmpMat1, tmpQuat)
            Quaternion.SlerpToRef(self._boneQuat, tmpQuat, self.slerpAmount, self._boneQuat)
            _set_rotation_quaternion_world(bone, self._boneQuat, mesh)
            self._slerping = True
        else:
            if self._transformYawPitch is not None:
                self._transformYawPitch.multiplyToRef(tmpMat1, tmpMat1)
            _set_rotation_matrix_world(bone, tmpMat1, mesh)
            self._slerping = False
        bone.setScale(boneScaling)
        _update_linked_rotation(bone)

    def _space_matrix(self, upAxis: Vector3, parentBone: Bone | None, spaceMat: Matrix) -> None:
        """The frame yaw and pitch are measured in (Babylon's ``spaceMat``)."""
        mesh = self.mesh
        if self.upAxisSpace == Space.BONE and upAxis.y == 1 and parentBone is not None:
            _rotation_matrix_world(parentBone, mesh, spaceMat)
        elif self.upAxisSpace == Space.LOCAL and upAxis.y == 1 and parentBone is None:
            spaceMat.copyFrom(mesh.getWorldMatrix())
        else:
            forwardAxis = BoneLookController._TmpVecs[2]
            forwardAxis.copyFrom(self._fowardAxis)
            if self._transformYawPitchInv is not None:
                Vector3.TransformCoordinatesToRef(
                    forwardAxis, self._transformYawPitchInv, forwardAxis
                )
            if parentBone is not None:
                _direction(parentBone, forwardAxis, mesh, forwardAxis)
            else:
                Vector3.TransformNormalToRef(forwardAxis, mesh.getWorldMatrix(), forwardAxis)
            rightAxis = Vector3.Cross(upAxis, forwardAxis)
            rightAxis.normalize()
            forward = Vector3.Cross(rightAxis, upAxis)
            Matrix.FromXYZAxesToRef(rightAxis, upAxis, forward, spaceMat)

    def _constrain(
        self,
        target: Vector3,
        bonePos: Vector3,
        upAxis: Vector3,
        parentBone: Bone | None,
        checkYaw: bool,
        checkPitch: bool,
    ) -> Vector3:
        """The target moved inside the yaw and pitch limits (Babylon's limit block)."""
        tv = BoneLookController._TmpVecs
        spaceMat = BoneLookController._TmpMats[2]
        spaceMatInv = BoneLookController._TmpMats[3]
        self._space_matrix(upAxis, parentBone, spaceMat)
        spaceMat.invertToRef(spaceMatInv)
        xzlen: float | None = None
        if checkPitch:
            local = tv[3]
            target.subtractToRef(bonePos, local)
            Vector3.TransformCoordinatesToRef(local, spaceMatInv, local)
            xzlen = math.sqrt(local.x * local.x + local.z * local.z)
            pitch = math.atan2(local.y, xzlen)
            newPitch = pitch
            if _gt(pitch, self._maxPitch):
                local.y = self._maxPitchTan * xzlen
                newPitch = self._maxPitch  # type: ignore[assignment]  # set: _gt was true
            elif _lt(pitch, self._minPitch):
                local.y = self._minPitchTan * xzlen
                newPitch = self._minPitch  # type: ignore[assignment]
            if pitch != newPitch:
                Vector3.TransformCoordinatesToRef(local, spaceMat, local)
                local.addInPlace(bonePos)
                target = local
        if checkYaw:
            local = tv[4]
            target.subtractToRef(bonePos, local)
            Vector3.TransformCoordinatesToRef(local, spaceMatInv, local)
            yaw = math.atan2(local.x, local.z)
            yawCheck = abs(yaw) if self.useAbsoluteValueForYaw else yaw
            newYaw = yaw
            maxYaw, minYaw = self._maxYaw, self._minYaw
            if _gt(yawCheck, maxYaw) or _lt(yawCheck, minYaw):
                if xzlen is None:
                    xzlen = math.sqrt(local.x * local.x + local.z * local.z)
                mid = self._midYawConstraint
                if _gt(self._yawRange, _PI):
                    assert maxYaw is not None
                    assert minYaw is not None
                    assert mid is not None
                    if _is_angle_between(yaw, maxYaw, mid):
                        local.z = self._maxYawCos * xzlen
                        local.x = self._maxYawSin * xzlen
                        newYaw = maxYaw
                    elif _is_angle_between(yaw, mid, minYaw):
                        local.z = self._minYawCos * xzlen
                        local.x = self._minYawSin * xzlen
                        newYaw = minYaw
                elif maxYaw is not None and yawCheck > maxYaw:
                    local.z = self._maxYawCos * xzlen
                    local.x = self._maxYawSin * xzlen
                    if yaw < 0 and self.useAbsoluteValueForYaw:
                        local.x *= -1
                    newYaw = maxYaw
                elif minYaw is not None and yawCheck < minYaw:
                    local.z = self._minYawCos * xzlen
                    local.x = self._minYawSin * xzlen
                    if yaw < 0 and self.useAbsoluteValueForYaw:
                        local.x *= -1
                    newYaw = minYaw
            if self._slerping and _gt(self._yawRange, _PI):
                assert maxYaw is not None
                assert minYaw is not None
                assert self._midYawConstraint is not None
                boneFwd = tv[8]
                boneFwd.copyFrom(Axis.Z)
                if self._transformYawPitchInv is not None:
                    Vector3.TransformCoordinatesToRef(boneFwd, self._transformYawPitchInv, boneFwd)
                boneRotMat = BoneLookController._TmpMats[4]
                self._boneQuat.toRotationMatrix(boneRotMat)
                self.mesh.getWorldMatrix().multiplyToRef(boneRotMat, boneRotMat)
                Vector3.TransformCoordinatesToRef(boneFwd, boneRotMat, boneFwd)
                Vector3.TransformCoordinatesToRef(boneFwd, spaceMatInv, boneFwd)
                boneYaw = math.atan2(boneFwd.x, boneFwd.z)
                angBtwTar = _angle_between(boneYaw, yaw)
                angBtwMidYaw = _angle_between(boneYaw, self._midYawConstraint)
                if angBtwTar > angBtwMidYaw:
                    if xzlen is None:
                        xzlen = math.sqrt(local.x * local.x + local.z * local.z)
                    angBtwMax = _angle_between(boneYaw, maxYaw)
                    angBtwMin = _angle_between(boneYaw, minYaw)
                    turn = _PI * 0.75 if angBtwMin < angBtwMax else -_PI * 0.75
                    newYaw = boneYaw + turn
                    local.z = js_cos(newYaw) * xzlen
                    local.x = js_sin(newYaw) * xzlen
            if yaw != newYaw:
                Vector3.TransformCoordinatesToRef(local, spaceMat, local)
                local.addInPlace(bonePos)
                target = local
        return target
