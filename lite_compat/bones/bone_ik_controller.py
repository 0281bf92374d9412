"""Babylon.js ``BoneIKController``: a two-bone chain reaching for a target.

Port of ``@babylonjs/core`` 9.31 ``Bones/boneIKController.js``, with the world-space bone
operations it calls (``getAbsolutePositionFromLocalToRef`` here; the ones it shares with
:class:`~lite_compat.bones.bone_look_controller.BoneLookController` in
:mod:`~lite_compat.bones.bone_controller_support`). Arithmetic goes through
:mod:`lite_compat.math` (float32 matrices, Babylon's order of operations), so the bones end
where Babylon puts them.

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

from lite.errors import AnimationStateError, LiteWarning
from lite_compat._js import js_acos, js_cos, js_number
from lite_compat.bones.bone import Bone
from lite_compat.bones.bone_controller_support import (
    _PI,
    _check_options,
    _option_number,
    _option_of,
    _require_bone,
    _require_node,
    _rotation_matrix_world,
    _set_rotation_matrix_world,
    _set_rotation_quaternion_world,
    _update_linked_rotation,
)
from lite_compat.math import Matrix, Quaternion, Vector3
from lite_compat.nodes.transform_node import TransformNode

__all__ = ["BoneIKController"]

_WARNING = "LITE-COMPAT-W13"


# -- argument checks -----------------------------------------------------------------------


# -- world-space bone operations (Bones/bone.pure.js) --------------------------------------


def _position_from_local(
    bone: Bone, position: Vector3, tNode: TransformNode | None, result: Vector3
) -> None:
    """``bone.getAbsolutePositionFromLocalToRef(position, tNode, result)``."""
    tmat = Matrix().copyFrom(bone.getAbsoluteMatrix())
    if tNode is not None:
        tmat.multiplyToRef(tNode.getWorldMatrix(), tmat)
    Vector3.TransformCoordinatesToRef(position, tmat, result)


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
