"""Babylon.js ``BoneLookController``: a bone turning to look at a target.

Port of ``@babylonjs/core`` 9.31 ``Bones/boneLookController.js`` (yaw/pitch limits, adjust
angles, slerp), with the world-space bone operations it calls (``getDirectionToRef``,
``getRotationQuaternionToRef`` in world space) written as module functions over a
:class:`~lite_compat.bones.bone.Bone`'s matrices; the ones it shares with
:class:`~lite_compat.bones.bone_ik_controller.BoneIKController` are in
:mod:`~lite_compat.bones.bone_controller_support`. Arithmetic goes through
:mod:`lite_compat.math` (float32 matrices, Babylon's order of operations), so the bone ends
where Babylon puts it.

Arguments that are not a transform node, a bone, a vector or a number are refused with
``LITE-COMPAT-200``/``201`` before anything is set.
"""

from __future__ import annotations

import math

from lite.errors import AnimationStateError
from lite_compat._js import js_cos, js_mod, js_number, js_sin, js_tan
from lite_compat.bones.bone import Bone
from lite_compat.bones.bone_controller_support import (
    _PI,
    _TMP_MATS,
    _bone_world_matrix,
    _check_options,
    _option,
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
from lite_compat.nodes.node import Axis, Space
from lite_compat.nodes.transform_node import TransformNode

__all__ = ["BoneLookController"]


def _require_vector(value: object, name: str, where: str) -> Vector3:
    if not isinstance(value, Vector3):
        raise AnimationStateError(
            "LITE-COMPAT-201",
            f"{where}: {name} must be a Vector3, got {type(value).__name__}",
            hint=f"pass {name} as BABYLON.Vector3(x, y, z)",
            input_name=name,
        )
    return value


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
