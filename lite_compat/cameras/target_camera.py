"""Babylon.js ``TargetCamera``: a camera with a rotation, or a target it looks at.

Port of ``@babylonjs/core`` 9.31 ``Cameras/targetCamera.pure.js``: ``rotation``/
``rotationQuaternion``, ``setTarget``/``getTarget``, ``lockedTarget``, ``getFrontPosition``
and the view matrix (``LookAtLH``/``LookAtRH`` by the scene's handedness, float32 through
:class:`lite_compat.math.Matrix`).
"""

from __future__ import annotations

import math
from typing import ClassVar

from lite_compat._refusal import INPUT, Refused
from lite_compat.cameras.camera import Camera
from lite_compat.engines.engine_store import (
    scene_flag,
)
from lite_compat.math import Epsilon, Matrix, Quaternion, TmpVectors, Vector2, Vector3
from lite_compat.nodes.node import MAX_VALUE

__all__ = ["TargetCamera"]


class TargetCamera(Camera):
    """A camera oriented by ``rotation``/``rotationQuaternion`` or aimed with ``setTarget``
    (``BABYLON.TargetCamera``)."""

    _TmpMatrix: ClassVar[Matrix] = Matrix.Zero()
    _TmpQuaternion: ClassVar[Quaternion] = Quaternion.Identity()
    _SERIALIZED = ("updateUpVectorFromRotation", "rotation", "speed", *Camera._SERIALIZED)
    movement = Refused(INPUT, "the input movement system that turns key/pointer input into deltas")

    def __init__(
        self,
        name: str,
        position: Vector3,
        scene: object | None = None,
        setActiveOnSceneIfNoneActive: bool = True,
    ) -> None:
        super().__init__(name, position, scene, setActiveOnSceneIfNoneActive)
        #: Pending translation from inputs (not consumed: there are no inputs here).
        self.cameraDirection = Vector3(0, 0, 0)
        #: Pending rotation from inputs (not consumed: there are no inputs here).
        self.cameraRotation = Vector2(0, 0)
        self._processMovementAsTargetCamera = True
        self._targetInertia = 0.9
        self.updateUpVectorFromRotation = False
        #: When set, wins over ``rotation`` (default None).
        self.rotationQuaternion: Quaternion | None = None
        self.speed = 2.0
        self.noRotationConstraint = False
        self.invertRotation = False
        self.inverseRotationSpeed = 0.2
        #: A point (Vector3) or a node the camera keeps looking at.
        self.lockedTarget: object = None
        self._currentTarget = Vector3.Zero()
        self._initialFocalDistance = 1.0
        self._viewMatrix = Matrix.Zero()
        self._cameraTransformMatrix = Matrix.Zero()
        self._cameraRotationMatrix = Matrix.Zero()
        self._transformedReferencePoint = Vector3.Zero()
        self._cachedRotationZ = 0.0
        self._cachedQuaternionRotationZ = 0.0
        right_handed = scene_flag(self._scene, "useRightHandedSystem")
        self._referencePoint = Vector3.Forward(right_handed)
        #: Euler angles (pitch X, yaw Y, roll Z) in radians.
        self.rotation = Vector3(0, math.pi if right_handed else 0, 0)

    def getClassName(self) -> str:
        """``"TargetCamera"``."""
        return "TargetCamera"

    @property
    def inertia(self) -> float:
        """Inertia factor (0.9)."""
        return self._targetInertia

    @inertia.setter
    def inertia(self, value: float) -> None:
        self._targetInertia = value

    def _getLockedTargetPosition(self) -> Vector3 | None:
        locked = self.lockedTarget
        if locked is None:
            return None
        absolute = getattr(locked, "absolutePosition", None)
        if absolute is not None:
            compute = getattr(locked, "computeWorldMatrix", None)
            if callable(compute):
                compute().getTranslationToRef(absolute)
            return absolute if isinstance(absolute, Vector3) else None
        return locked if isinstance(locked, Vector3) else None

    def _initCache(self) -> None:
        super()._initCache()
        self._cacheLockedTarget: Vector3 | None = Vector3(MAX_VALUE, MAX_VALUE, MAX_VALUE)
        self._cacheRotation = Vector3(MAX_VALUE, MAX_VALUE, MAX_VALUE)
        self._cacheRotationQuaternion = Quaternion(MAX_VALUE, MAX_VALUE, MAX_VALUE, MAX_VALUE)

    def _updateCache(self, ignoreParentClass: bool = False) -> None:
        if not ignoreParentClass:
            super()._updateCache()
        locked = self._getLockedTargetPosition()
        if locked is None:
            self._cacheLockedTarget = None
        elif self._cacheLockedTarget is None:
            self._cacheLockedTarget = locked.clone()
        else:
            self._cacheLockedTarget.copyFrom(locked)
        self._cacheRotation.copyFrom(self.rotation)
        if self.rotationQuaternion is not None:
            self._cacheRotationQuaternion.copyFrom(self.rotationQuaternion)

    def _isSynchronizedViewMatrix(self) -> bool:
        if not super()._isSynchronizedViewMatrix():
            return False
        locked = self._getLockedTargetPosition()
        locked_ok = (
            self._cacheLockedTarget.equals(locked)
            if self._cacheLockedTarget is not None
            else locked is None
        )
        if self.rotationQuaternion is not None:
            rotation_ok = self.rotationQuaternion.equals(self._cacheRotationQuaternion)
        else:
            rotation_ok = self._cacheRotation.equals(self.rotation)
        return locked_ok and rotation_ok

    def setTarget(self, target: Vector3) -> None:
        """Turn the camera to look at ``target`` (sets ``rotation``, roll 0)."""
        self.upVector.normalize()
        focal_distance = target.subtract(self.position).length()
        if focal_distance == 0:
            return
        self._initialFocalDistance = focal_distance
        if self.position.z == target.z:
            # Babylon nudges the camera to avoid a degenerate look-at.
            self.position.z += Epsilon
        self._referencePoint.normalize().scaleInPlace(self._initialFocalDistance)
        tmp = TargetCamera._TmpMatrix
        if scene_flag(self._scene, "useRightHandedSystem"):
            Matrix.LookAtRHToRef(self.position, target, Vector3.UpReadOnly, tmp)
        else:
            Matrix.LookAtLHToRef(self.position, target, Vector3.UpReadOnly, tmp)
        tmp.invert()
        rotation_quaternion = self.rotationQuaternion or TargetCamera._TmpQuaternion
        Quaternion.FromRotationMatrixToRef(tmp, rotation_quaternion)
        rotation_quaternion.toEulerAnglesToRef(self.rotation)
        self.rotation.z = 0

    @property
    def target(self) -> Vector3:
        """The point looked at (``getTarget()``); assigning calls ``setTarget``."""
        return self.getTarget()

    @target.setter
    def target(self, value: Vector3) -> None:
        self.setTarget(value)

    def getTarget(self) -> Vector3:
        """The point looked at, refreshed with the view matrix."""
        return self._currentTarget

    def getFrontPosition(self, distance: float) -> Vector3:
        """The world point ``distance`` units in front of the camera."""
        self.getWorldMatrix()
        world_forward = TmpVectors.Vector3[0]
        local_forward = TmpVectors.Vector3[1]
        z = -1.0 if scene_flag(self._scene, "useRightHandedSystem") else 1.0
        local_forward.set(0, 0, z)
        self.getDirectionToRef(local_forward, world_forward)
        world_forward.scaleInPlace(distance)
        return self.globalPosition.add(world_forward)

    def _updateCameraRotationMatrix(self) -> None:
        if self.rotationQuaternion is not None:
            self.rotationQuaternion.toRotationMatrix(self._cameraRotationMatrix)
        else:
            Matrix.RotationYawPitchRollToRef(
                self.rotation.y, self.rotation.x, self.rotation.z, self._cameraRotationMatrix
            )

    def _rotateUpVectorWithCameraRotationMatrix(self) -> TargetCamera:
        Vector3.TransformNormalToRef(Vector3.UpReadOnly, self._cameraRotationMatrix, self.upVector)
        return self

    def _getViewMatrix(self) -> Matrix:
        if self.lockedTarget is not None:
            locked = self._getLockedTargetPosition()
            if locked is not None:
                self.setTarget(locked)
        self._updateCameraRotationMatrix()
        if (
            self.rotationQuaternion is not None
            and self._cachedQuaternionRotationZ != self.rotationQuaternion.z
        ):
            self._rotateUpVectorWithCameraRotationMatrix()
            self._cachedQuaternionRotationZ = self.rotationQuaternion.z
        elif self._cachedRotationZ != self.rotation.z:
            self._rotateUpVectorWithCameraRotationMatrix()
            self._cachedRotationZ = self.rotation.z
        Vector3.TransformCoordinatesToRef(
            self._referencePoint, self._cameraRotationMatrix, self._transformedReferencePoint
        )
        self.position.addToRef(self._transformedReferencePoint, self._currentTarget)
        if self.updateUpVectorFromRotation:
            if self.rotationQuaternion is not None:
                Vector3.UpReadOnly.rotateByQuaternionToRef(self.rotationQuaternion, self.upVector)
            else:
                Quaternion.FromEulerVectorToRef(self.rotation, TargetCamera._TmpQuaternion)
                Vector3.UpReadOnly.rotateByQuaternionToRef(
                    TargetCamera._TmpQuaternion, self.upVector
                )
        self._computeViewMatrix(self.position, self._currentTarget, self.upVector)
        return self._viewMatrix

    def _computeViewMatrix(self, position: Vector3, target: Vector3, up: Vector3) -> None:
        if scene_flag(self._scene, "useRightHandedSystem"):
            Matrix.LookAtRHToRef(position, target, up, self._viewMatrix)
        else:
            Matrix.LookAtLHToRef(position, target, up, self._viewMatrix)
        parent = self.parent
        if parent is not None:
            parent_world = parent.getWorldMatrix()
            self._viewMatrix.invert()
            self._viewMatrix.multiplyToRef(parent_world, self._viewMatrix)
            self._viewMatrix.invert()
            self._markSyncedWithParent()
