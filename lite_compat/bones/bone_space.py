"""Babylon.js ``Bone`` transforms in ``Space.LOCAL`` and ``Space.WORLD`` (a mixin of ``Bone``).

Position, rotation (Euler, quaternion, matrix), scale, rotate/translate/scale, direction and
local/absolute point conversion.

Port of the ``Space``-aware methods of ``@babylonjs/core`` 9.31 ``Bones/bone.pure.js``.
``Space.LOCAL`` reads and writes the bone's local matrix (through its lazy TRS cache);
``Space.WORLD`` works in skeleton space, or in world space when the skinned mesh (or any
transform node) is passed as ``tNode``: its world matrix is multiplied in, and for rotations its
``scaling`` is divided back out, exactly as Babylon.js does (including its quirks: a world
rotation setter is relative to the bone's current absolute rotation, and ``_scalingDeterminant``
mirrors a bone whose absolute bind matrix has a negative determinant). The arithmetic order and
the scratch matrices follow Babylon's, so results match it in float32.

:class:`BoneSpace` is a base of :class:`lite_compat.bones.skeleton.Bone`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any, ClassVar

from lite.errors import AnimationStateError
from lite_compat.math import Matrix, Quaternion, Vector3
from lite_compat.nodes.arg_checks import check_matrix, check_number, check_vector

__all__ = ["BoneSpace"]

_LOCAL = 0
_WORLD = 1


def _is_local(space: object) -> bool:
    # ``None`` is the Python spelling of an omitted argument: Babylon's default, LOCAL.
    return space is None or space == _LOCAL


def _need_vector(value: object, member: str, arg: str) -> None:
    check_vector(value, f"Bone.{member}", arg)


def _need_result(value: object, member: str) -> None:
    if value is None:
        raise AnimationStateError(
            "LITE-COMPAT-024",
            f"Bone.{member} needs a result object to write into; received None",
            hint=f"pass the object to fill, or call the method without 'ToRef' ({member})",
            input_name="result",
        )


class BoneSpace:
    """Space-aware getters and setters of a bone (mixed into ``Bone``)."""

    #: Babylon's ``Bone._TmpMats`` / ``_TmpVecs`` / ``_TmpQuat`` scratch objects.
    _TmpMats: ClassVar[list[Matrix]] = [Matrix.Identity() for _ in range(5)]
    _TmpVecs: ClassVar[list[Vector3]] = [Vector3.Zero() for _ in range(2)]
    _TmpQuat: ClassVar[Quaternion] = Quaternion.Identity()

    if TYPE_CHECKING:
        name: str
        children: list[Any]
        _scalingDeterminant: float
        _localPosition: Vector3
        _localRotation: Quaternion
        _localScaling: Vector3 | None

        def getLocalMatrix(self) -> Matrix: ...
        def _expose(self) -> None: ...
        def getAbsoluteMatrix(self) -> Matrix: ...
        def getParent(self) -> BoneSpace | None: ...
        def _decompose(self) -> None: ...
        def _markAsDirtyAndCompose(self) -> None: ...
        def _markAsDirtyAndDecompose(self) -> None: ...

    # -- position -------------------------------------------------------------------------------

    def _updatePosition(
        self, vec: Any, space: int | None, tNode: Any, translationMode: bool
    ) -> None:
        lm = self.getLocalMatrix()
        if _is_local(space):
            if translationMode:
                lm.addAtIndex(12, vec.x)
                lm.addAtIndex(13, vec.y)
                lm.addAtIndex(14, vec.z)
            else:
                lm.setTranslationFromFloats(vec.x, vec.y, vec.z)
        else:
            tmat = BoneSpace._TmpMats[0]
            tvec = BoneSpace._TmpVecs[0]
            parent = self.getParent()
            if parent is not None:
                tmat.copyFrom(parent.getAbsoluteMatrix())
                if tNode is not None:
                    tmat.multiplyToRef(tNode.getWorldMatrix(), tmat)
            else:
                Matrix.IdentityToRef(tmat)
            if translationMode:
                tmat.setTranslationFromFloats(0, 0, 0)
            tmat.invert()
            Vector3.TransformCoordinatesToRef(vec, tmat, tvec)
            if translationMode:
                lm.addAtIndex(12, tvec.x)
                lm.addAtIndex(13, tvec.y)
                lm.addAtIndex(14, tvec.z)
            else:
                lm.setTranslationFromFloats(tvec.x, tvec.y, tvec.z)
        self._markAsDirtyAndDecompose()

    def translate(self, vec: Vector3, space: int | None = _LOCAL, tNode: Any = None) -> None:
        """Move the bone by ``vec``: local-matrix units in ``Space.LOCAL``; in ``Space.WORLD``
        ``vec`` is a skeleton-space (or ``tNode`` world-space) displacement."""
        _need_vector(vec, "translate", "vec")
        self._updatePosition(vec, space, tNode, True)

    def setPosition(self, position: Vector3, space: int | None = _LOCAL, tNode: Any = None) -> None:
        """Set the bone's position: the local translation in ``Space.LOCAL``; in
        ``Space.WORLD`` a skeleton-space point (world space when ``tNode`` is the mesh)."""
        _need_vector(position, "setPosition", "position")
        self._updatePosition(position, space, tNode, False)

    def setAbsolutePosition(self, position: Vector3, tNode: Any = None) -> None:
        """``setPosition(position, Space.WORLD, tNode)``."""
        _need_vector(position, "setAbsolutePosition", "position")
        self._updatePosition(position, _WORLD, tNode, False)

    def getPosition(self, space: int | None = _LOCAL, tNode: Any = None) -> Vector3:
        """The position in ``space``, a new vector (see :meth:`getPositionToRef`)."""
        pos = Vector3.Zero()
        self.getPositionToRef(space, tNode, pos)
        return pos

    def getPositionToRef(
        self, space: int | None = _LOCAL, tNode: Any = None, result: Vector3 | None = None
    ) -> None:
        """Copy the bone's position into ``result``.

        ``Space.LOCAL``: the translation of the local matrix. Any other space: the translation
        of the absolute matrix (skeleton space), times ``tNode``'s world matrix when given
        (pass the skinned mesh for world space), as Babylon.js does.
        """
        _need_result(result, "getPositionToRef")
        assert result is not None
        if _is_local(space):
            lm = self.getLocalMatrix()
            result.x, result.y, result.z = lm.m[12], lm.m[13], lm.m[14]
            return
        tmat = BoneSpace._TmpMats[0].copyFrom(self.getAbsoluteMatrix())
        if tNode is not None:
            tmat.multiplyToRef(tNode.getWorldMatrix(), tmat)
        result.x, result.y, result.z = tmat.m[12], tmat.m[13], tmat.m[14]

    def getAbsolutePosition(self, tNode: Any = None) -> Vector3:
        """Skeleton-space position (world space when ``tNode`` is the skinned mesh)."""
        pos = Vector3.Zero()
        self.getPositionToRef(_WORLD, tNode, pos)
        return pos

    def getAbsolutePositionToRef(self, tNode: Any, result: Vector3) -> None:
        """``getPositionToRef(Space.WORLD, tNode, result)``."""
        self.getPositionToRef(_WORLD, tNode, result)

    # -- scale ----------------------------------------------------------------------------------

    def scale(self, x: float, y: float, z: float, scaleChildren: bool = False) -> None:
        """Scale the bone by ``(x, y, z)`` on top of its local matrix; its children are
        compensated so they keep their place (and are scaled too when ``scaleChildren``)."""
        x = check_number(x, "Bone.scale", "x")
        y = check_number(y, "Bone.scale", "y")
        z = check_number(z, "Bone.scale", "z")
        loc_mat = self.getLocalMatrix()
        scale_mat = BoneSpace._TmpMats[0]
        Matrix.ScalingToRef(x, y, z, scale_mat)
        scale_mat.multiplyToRef(loc_mat, loc_mat)
        scale_mat.invert()
        for child in self.children:
            cm = child.getLocalMatrix()
            cm.multiplyToRef(scale_mat, cm)
            cm.multiplyAtIndex(12, x)
            cm.multiplyAtIndex(13, y)
            cm.multiplyAtIndex(14, z)
            child._markAsDirtyAndDecompose()
        self._markAsDirtyAndDecompose()
        if scaleChildren:
            for child in self.children:
                child.scale(x, y, z, scaleChildren)

    def setScale(self, scale: Vector3) -> None:
        """Set the local scaling."""
        _need_vector(scale, "setScale", "scale")
        self._decompose()
        assert self._localScaling is not None  # set by _decompose
        self._localScaling.copyFrom(scale)
        self._markAsDirtyAndCompose()

    def getScale(self) -> Vector3:
        """Local scaling (the decomposed vector itself)."""
        self._expose()  # a held reference must see every render
        self._decompose()
        assert self._localScaling is not None  # set by _decompose
        return self._localScaling

    def getScaleToRef(self, result: Vector3) -> None:
        """Copy the local scaling into ``result``."""
        _need_result(result, "getScaleToRef")
        self._decompose()
        assert self._localScaling is not None
        result.copyFrom(self._localScaling)

    # -- rotation setters -----------------------------------------------------------------------

    def setYawPitchRoll(
        self, yaw: float, pitch: float, roll: float, space: int | None = _LOCAL, tNode: Any = None
    ) -> None:
        """Set the rotation from yaw (Y), pitch (X), roll (Z) in ``space``."""
        yaw = check_number(yaw, "Bone.setYawPitchRoll", "yaw")
        pitch = check_number(pitch, "Bone.setYawPitchRoll", "pitch")
        roll = check_number(roll, "Bone.setYawPitchRoll", "roll")
        if _is_local(space):
            quat = BoneSpace._TmpQuat
            Quaternion.RotationYawPitchRollToRef(yaw, pitch, roll, quat)
            self.setRotationQuaternion(quat, space, tNode)
            return
        rot_mat_inv = BoneSpace._TmpMats[0]
        if not self._getAbsoluteInverseMatrixUnscaledToRef(rot_mat_inv, tNode):
            return
        rot_mat = BoneSpace._TmpMats[1]
        Matrix.RotationYawPitchRollToRef(yaw, pitch, roll, rot_mat)
        rot_mat_inv.multiplyToRef(rot_mat, rot_mat)
        self._rotateWithMatrix(rot_mat, space, tNode)

    def rotate(
        self, axis: Vector3, amount: float, space: int | None = _LOCAL, tNode: Any = None
    ) -> None:
        """Rotate by ``amount`` radians around ``axis`` (in the bone's local frame for
        ``Space.LOCAL``, in skeleton / ``tNode`` world space for ``Space.WORLD``); the bone's
        position is kept."""
        _need_vector(axis, "rotate", "axis")
        amount = check_number(amount, "Bone.rotate", "amount")
        rmat = BoneSpace._TmpMats[0]
        rmat.setTranslationFromFloats(0, 0, 0)
        Matrix.RotationAxisToRef(axis, amount, rmat)
        self._rotateWithMatrix(rmat, space, tNode)

    def setAxisAngle(
        self, axis: Vector3, angle: float, space: int | None = _LOCAL, tNode: Any = None
    ) -> None:
        """Set the rotation to ``angle`` radians around ``axis`` in ``space``."""
        _need_vector(axis, "setAxisAngle", "axis")
        angle = check_number(angle, "Bone.setAxisAngle", "angle")
        if _is_local(space):
            quat = BoneSpace._TmpQuat
            Quaternion.RotationAxisToRef(axis, angle, quat)
            self.setRotationQuaternion(quat, space, tNode)
            return
        rot_mat_inv = BoneSpace._TmpMats[0]
        if not self._getAbsoluteInverseMatrixUnscaledToRef(rot_mat_inv, tNode):
            return
        rot_mat = BoneSpace._TmpMats[1]
        Matrix.RotationAxisToRef(axis, angle, rot_mat)
        rot_mat_inv.multiplyToRef(rot_mat, rot_mat)
        self._rotateWithMatrix(rot_mat, space, tNode)

    def setRotation(self, rotation: Vector3, space: int | None = _LOCAL, tNode: Any = None) -> None:
        """Set the rotation from Euler angles (yaw = y, pitch = x, roll = z) in ``space``."""
        _need_vector(rotation, "setRotation", "rotation")
        self.setYawPitchRoll(rotation.y, rotation.x, rotation.z, space, tNode)

    def setRotationQuaternion(
        self, quat: Quaternion, space: int | None = _LOCAL, tNode: Any = None
    ) -> None:
        """Set the rotation from a quaternion in ``space``."""
        check_vector(quat, "Bone.setRotationQuaternion", "quat", quaternion=True)
        if _is_local(space):
            self._decompose()
            self._localRotation.copyFrom(quat)
            self._markAsDirtyAndCompose()
            return
        rot_mat_inv = BoneSpace._TmpMats[0]
        if not self._getAbsoluteInverseMatrixUnscaledToRef(rot_mat_inv, tNode):
            return
        rot_mat = BoneSpace._TmpMats[1]
        Matrix.FromQuaternionToRef(quat, rot_mat)
        rot_mat_inv.multiplyToRef(rot_mat, rot_mat)
        self._rotateWithMatrix(rot_mat, space, tNode)

    def setRotationMatrix(
        self, rotMat: Matrix, space: int | None = _LOCAL, tNode: Any = None
    ) -> None:
        """Set the rotation from a rotation matrix in ``space``."""
        check_matrix(rotMat, "Bone.setRotationMatrix", "rotMat")
        if _is_local(space):
            quat = BoneSpace._TmpQuat
            Quaternion.FromRotationMatrixToRef(rotMat, quat)
            self.setRotationQuaternion(quat, space, tNode)
            return
        rot_mat_inv = BoneSpace._TmpMats[0]
        if not self._getAbsoluteInverseMatrixUnscaledToRef(rot_mat_inv, tNode):
            return
        rot_mat2 = BoneSpace._TmpMats[1]
        rot_mat2.copyFrom(rotMat)
        rot_mat_inv.multiplyToRef(rotMat, rot_mat2)
        self._rotateWithMatrix(rot_mat2, space, tNode)

    def _rotateWithMatrix(self, rmat: Matrix, space: int | None, tNode: Any) -> None:
        lmat = self.getLocalMatrix()
        lx, ly, lz = lmat.m[12], lmat.m[13], lmat.m[14]
        parent = self.getParent()
        parent_scale = BoneSpace._TmpMats[3]
        parent_scale_inv = BoneSpace._TmpMats[4]
        world = space == _WORLD
        if parent is not None and world:
            if tNode is not None:
                parent_scale.copyFrom(tNode.getWorldMatrix())
                parent.getAbsoluteMatrix().multiplyToRef(parent_scale, parent_scale)
            else:
                parent_scale.copyFrom(parent.getAbsoluteMatrix())
            parent_scale_inv.copyFrom(parent_scale)
            parent_scale_inv.invert()
            lmat.multiplyToRef(parent_scale, lmat)
            lmat.multiplyToRef(rmat, lmat)
            lmat.multiplyToRef(parent_scale_inv, lmat)
        elif world and tNode is not None:
            parent_scale.copyFrom(tNode.getWorldMatrix())
            parent_scale_inv.copyFrom(parent_scale)
            parent_scale_inv.invert()
            lmat.multiplyToRef(parent_scale, lmat)
            lmat.multiplyToRef(rmat, lmat)
            lmat.multiplyToRef(parent_scale_inv, lmat)
        else:
            lmat.multiplyToRef(rmat, lmat)
        lmat.setTranslationFromFloats(lx, ly, lz)
        self._markAsDirtyAndDecompose()

    def _getAbsoluteInverseMatrixUnscaledToRef(self, rotMatInv: Matrix, tNode: Any) -> bool:
        scale_matrix = BoneSpace._TmpMats[2]
        rotMatInv.copyFrom(self.getAbsoluteMatrix())
        if tNode is not None:
            rotMatInv.multiplyToRef(tNode.getWorldMatrix(), rotMatInv)
            s = tNode.scaling
            Matrix.ScalingToRef(s.x, s.y, s.z, scale_matrix)
        else:
            Matrix.IdentityToRef(scale_matrix)
        rotMatInv.invert()
        if math.isnan(rotMatInv.m[0]):
            # Not invertible (a zero scale, for example): Babylon leaves the bone unchanged.
            return False
        scale_matrix.multiplyAtIndex(0, self._scalingDeterminant)
        rotMatInv.multiplyToRef(scale_matrix, rotMatInv)
        return True

    # -- rotation getters -----------------------------------------------------------------------

    def getRotation(self, space: int | None = _LOCAL, tNode: Any = None) -> Vector3:
        """The rotation in ``space`` as Euler angles, a new vector."""
        result = Vector3.Zero()
        self.getRotationToRef(space, tNode, result)
        return result

    def getRotationToRef(
        self, space: int | None = _LOCAL, tNode: Any = None, result: Vector3 | None = None
    ) -> None:
        """Write the rotation in ``space`` as Euler angles into ``result``."""
        _need_result(result, "getRotationToRef")
        assert result is not None
        quat = BoneSpace._TmpQuat
        self.getRotationQuaternionToRef(space, tNode, quat)
        quat.toEulerAnglesToRef(result)

    def getRotationQuaternion(self, space: int | None = _LOCAL, tNode: Any = None) -> Quaternion:
        """The rotation in ``space``, a new quaternion."""
        result = Quaternion.Identity()
        self.getRotationQuaternionToRef(space, tNode, result)
        return result

    def getRotationQuaternionToRef(
        self, space: int | None = _LOCAL, tNode: Any = None, result: Quaternion | None = None
    ) -> None:
        """Write the rotation in ``space`` into ``result`` (world: decomposed from the absolute
        matrix, times ``tNode``'s world matrix when given)."""
        _need_result(result, "getRotationQuaternionToRef")
        assert result is not None
        if _is_local(space):
            self._decompose()
            result.copyFrom(self._localRotation)
            return
        mat = BoneSpace._TmpMats[0]
        amat = self.getAbsoluteMatrix()
        if tNode is not None:
            amat.multiplyToRef(tNode.getWorldMatrix(), mat)
        else:
            mat.copyFrom(amat)
        mat.multiplyAtIndex(0, self._scalingDeterminant)
        mat.multiplyAtIndex(1, self._scalingDeterminant)
        mat.multiplyAtIndex(2, self._scalingDeterminant)
        mat.decompose(None, result, None)

    def getRotationMatrix(self, space: int | None = _LOCAL, tNode: Any = None) -> Matrix:
        """The rotation in ``space`` as a rotation matrix, a new matrix."""
        result = Matrix.Identity()
        self.getRotationMatrixToRef(space, tNode, result)
        return result

    def getRotationMatrixToRef(
        self, space: int | None = _LOCAL, tNode: Any = None, result: Matrix | None = None
    ) -> None:
        """Write the rotation in ``space`` as a rotation matrix into ``result``."""
        _need_result(result, "getRotationMatrixToRef")
        assert result is not None
        if _is_local(space):
            self.getLocalMatrix().getRotationMatrixToRef(result)
            return
        mat = BoneSpace._TmpMats[0]
        amat = self.getAbsoluteMatrix()
        if tNode is not None:
            amat.multiplyToRef(tNode.getWorldMatrix(), mat)
        else:
            mat.copyFrom(amat)
        mat.multiplyAtIndex(0, self._scalingDeterminant)
        mat.multiplyAtIndex(1, self._scalingDeterminant)
        mat.multiplyAtIndex(2, self._scalingDeterminant)
        mat.getRotationMatrixToRef(result)

    # -- directions and point conversion --------------------------------------------------------

    def getDirection(self, localAxis: Vector3, tNode: Any = None) -> Vector3:
        """``localAxis`` expressed in skeleton (or ``tNode`` world) space, normalised."""
        result = Vector3.Zero()
        self.getDirectionToRef(localAxis, tNode, result)
        return result

    def getDirectionToRef(
        self, localAxis: Vector3, tNode: Any = None, result: Vector3 | None = None
    ) -> None:
        """Write :meth:`getDirection` into ``result``."""
        _need_vector(localAxis, "getDirectionToRef", "localAxis")
        _need_result(result, "getDirectionToRef")
        assert result is not None
        tmat = BoneSpace._TmpMats[0].copyFrom(self.getAbsoluteMatrix())
        if tNode is not None:
            tmat.multiplyToRef(tNode.getWorldMatrix(), tmat)
        Vector3.TransformNormalToRef(localAxis, tmat, result)
        result.normalize()

    def getAbsolutePositionFromLocal(self, position: Vector3, tNode: Any = None) -> Vector3:
        """A point of the bone's local frame in skeleton (or ``tNode`` world) space."""
        result = Vector3.Zero()
        self.getAbsolutePositionFromLocalToRef(position, tNode, result)
        return result

    def getAbsolutePositionFromLocalToRef(
        self, position: Vector3, tNode: Any = None, result: Vector3 | None = None
    ) -> None:
        """Write :meth:`getAbsolutePositionFromLocal` into ``result``."""
        _need_vector(position, "getAbsolutePositionFromLocalToRef", "position")
        _need_result(result, "getAbsolutePositionFromLocalToRef")
        assert result is not None
        tmat = BoneSpace._TmpMats[0].copyFrom(self.getAbsoluteMatrix())
        if tNode is not None:
            tmat.multiplyToRef(tNode.getWorldMatrix(), tmat)
        Vector3.TransformCoordinatesToRef(position, tmat, result)

    def getLocalPositionFromAbsolute(self, position: Vector3, tNode: Any = None) -> Vector3:
        """A skeleton-space (or ``tNode`` world-space) point in the bone's local frame."""
        result = Vector3.Zero()
        self.getLocalPositionFromAbsoluteToRef(position, tNode, result)
        return result

    def getLocalPositionFromAbsoluteToRef(
        self, position: Vector3, tNode: Any = None, result: Vector3 | None = None
    ) -> None:
        """Write :meth:`getLocalPositionFromAbsolute` into ``result``."""
        _need_vector(position, "getLocalPositionFromAbsoluteToRef", "position")
        _need_result(result, "getLocalPositionFromAbsoluteToRef")
        assert result is not None
        tmat = BoneSpace._TmpMats[0].copyFrom(self.getAbsoluteMatrix())
        if tNode is not None:
            tmat.multiplyToRef(tNode.getWorldMatrix(), tmat)
        tmat.invert()
        Vector3.TransformCoordinatesToRef(position, tmat, result)
