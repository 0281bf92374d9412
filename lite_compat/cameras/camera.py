"""Babylon.js cameras: ``Camera``, ``TargetCamera``, ``FreeCamera`` and ``ArcRotateCamera``.

Port of the transform side of ``@babylonjs/core`` 9.31 ``Cameras/camera.pure.js``,
``targetCamera.pure.js``, ``freeCamera.pure.js`` and ``arcRotateCamera.pure.js``: positions,
targets, rotations, limits and the view/world matrices (float32, through
:class:`lite_compat.math.Matrix`). As in Babylon.js, an ``ArcRotateCamera`` rebuilds its
``position`` from ``alpha``/``beta``/``radius``/``target`` only when its view matrix is
computed: by ``getViewMatrix()``, ``getWorldMatrix()``, ``update()`` or a scene render.
Assigning ``position`` goes the other way (``rebuildAnglesAndRadius``).

There are no inputs (pointer, keyboard), no collisions, no rigs and no projection matrix here;
see the "Known divergences" section of ``docs/architecture/compat-scene-objects.md``.
"""

from __future__ import annotations

import contextlib
import math
from typing import ClassVar, Final

from lite_compat._js import js_acos, js_div, js_round
from lite_compat._refusal import INPUT, Refused
from lite_compat.cameras.camera_controls import (
    ArcRotateCameraControlsMixin,
    FreeCameraControlsMixin,
)
from lite_compat.cameras.camera_projection import CameraProjectionMixin
from lite_compat.engines.engine_store import (
    scene_add,
    scene_flag,
    scene_remove,
    scene_render_id,
    scene_stop_animation,
)
from lite_compat.math import Epsilon, Matrix, Quaternion, TmpVectors, Vector2, Vector3
from lite_compat.nodes.node import MAX_VALUE, Node
from lite_compat.observable import Observable

__all__ = ["ArcRotateCamera", "Camera", "FreeCamera", "TargetCamera"]

#: ArcRotateCamera: sin(beta) == 0 is replaced by this, and a zero radius by RADIUS_EPSILON.
SIN_BETA_EPSILON: Final = 0.0001
RADIUS_EPSILON: Final = 0.0001
#: ArcRotateCamera default beta limits (``lowerBetaLimit``, ``upperBetaLimit = PI - 0.01``).
BETA_LIMIT_MARGIN: Final = 0.01

_DEFAULT_LAYER_MASK: Final = 0x0FFFFFFF


def ComputeAlpha(offset: Vector3) -> float:
    """Longitude of ``offset`` in the XZ plane (``ArcRotateCamera.ComputeAlpha``)."""
    alpha = math.pi / 2
    if not (offset.x == 0 and offset.z == 0):
        alpha = js_acos(js_div(offset.x, math.sqrt(offset.x**2 + offset.z**2)))
    if offset.z < 0:
        alpha = 2 * math.pi - alpha
    return alpha


def ComputeBeta(verticalOffset: float, radius: float) -> float:
    """Colatitude from the vertical offset (``ArcRotateCamera.ComputeBeta``)."""
    return js_acos(js_div(verticalOffset, radius))


class Camera(CameraProjectionMixin, Node):
    """Base camera (``BABYLON.Camera``).

    Parameters
    ----------
    name
        Camera name (and id).
    position
        Initial position (stored as given, not copied).
    scene
        Owning scene; the camera adds itself with ``scene.addCamera`` and becomes
        ``scene.activeCamera`` when there is none (unless ``setActiveOnSceneIfNoneActive``
        is False).
    """

    PERSPECTIVE_CAMERA: ClassVar[int] = 0
    ORTHOGRAPHIC_CAMERA: ClassVar[int] = 1
    FOVMODE_VERTICAL_FIXED: ClassVar[int] = 0
    FOVMODE_HORIZONTAL_FIXED: ClassVar[int] = 1
    RIG_MODE_NONE: ClassVar[int] = 0

    def __init__(
        self,
        name: str,
        position: Vector3,
        scene: object | None = None,
        setActiveOnSceneIfNoneActive: bool = True,
    ) -> None:
        super().__init__(name, scene, False)
        self._position = Vector3.Zero()
        self._upVector = Vector3.Up()
        self.oblique: object = None
        self.orthoLeft: float | None = None
        self.orthoRight: float | None = None
        self.orthoBottom: float | None = None
        self.orthoTop: float | None = None
        #: Vertical (or horizontal, see ``fovMode``) field of view in radians.
        self.fov = 0.8
        self.projectionPlaneTilt = 0.0
        #: Near and far clip distances.
        self.minZ = 1.0
        self.maxZ = 10000.0
        self._baseInertia = 0.9
        self._mode = Camera.PERSPECTIVE_CAMERA
        self.isIntermediate = False
        self.layerMask = _DEFAULT_LAYER_MASK
        self.fovMode = Camera.FOVMODE_VERTICAL_FIXED
        self.cameraRigMode = Camera.RIG_MODE_NONE
        self.ignoreCameraMaxZ = False
        self.customRenderTargets: list[object] = []
        self.outputRenderTarget: object = None
        self.onViewMatrixChangedObservable: Observable[Camera] = Observable()
        self.onProjectionMatrixChangedObservable: Observable[Camera] = Observable()
        self.onAfterCheckInputsObservable: Observable[Camera] = Observable()
        self.onRestoreStateObservable: Observable[Camera] = Observable()
        self.isRigCamera = False
        self._hasMoved = False
        self._rigCameras: list[Camera] = []
        self._globalPosition = Vector3.Zero()
        self._computedViewMatrix = Matrix.Identity()
        self._projectionMatrix = Matrix()
        self._transformMatrix = Matrix.Zero()
        self._refreshFrustumPlanes = True
        self._absoluteRotation = Quaternion.Identity()
        self._stateStored = False
        self._storedFov = self.fov
        self._initCameraProjection()
        self.layerMask = int(getattr(self._scene, "defaultCameraLayerMask", _DEFAULT_LAYER_MASK))
        scene_add(self._scene, "addCamera", "cameras", self)
        if self.parent is None:
            self._addToSceneRootNodes()
        if (
            setActiveOnSceneIfNoneActive
            and self._scene is not None
            and getattr(self._scene, "activeCamera", None) is None
        ):
            with contextlib.suppress(AttributeError):
                setattr(self._scene, "activeCamera", self)  # noqa: B010
        self.position = position

    def getClassName(self) -> str:
        """``"Camera"``."""
        return "Camera"

    # -- properties -------------------------------------------------------------------------

    @property
    def position(self) -> Vector3:
        """Camera position (local to the parent, if any)."""
        return self._position

    @position.setter
    def position(self, newPosition: Vector3) -> None:
        self._position = newPosition

    @property
    def upVector(self) -> Vector3:
        """Up direction (default (0, 1, 0))."""
        return self._upVector

    @upVector.setter
    def upVector(self, vec: Vector3) -> None:
        self._upVector = vec

    @property
    def inertia(self) -> float:
        """Inertia factor (0.9)."""
        return self._baseInertia

    @inertia.setter
    def inertia(self, value: float) -> None:
        self._baseInertia = value

    @property
    def mode(self) -> int:
        """``PERSPECTIVE_CAMERA`` (default) or ``ORTHOGRAPHIC_CAMERA``."""
        return self._mode

    @mode.setter
    def mode(self, mode: int) -> None:
        self._mode = mode
        for rig_camera in self._rigCameras:
            rig_camera.mode = mode

    @property
    def hasMoved(self) -> bool:
        """True when the last ``update()`` recomputed the view matrix."""
        return self._hasMoved

    @property
    def globalPosition(self) -> Vector3:
        """World position (translation of the world matrix, refreshed with the view matrix)."""
        return self._globalPosition

    @property
    def absoluteRotation(self) -> Quaternion:
        """World rotation, decomposed from the world matrix."""
        self.getWorldMatrix().decompose(None, self._absoluteRotation)
        return self._absoluteRotation

    @property
    def rigCameras(self) -> list[Camera]:
        """Rig sub-cameras (always empty: rigs are not supported)."""
        return self._rigCameras

    # -- state ------------------------------------------------------------------------------

    def storeState(self) -> Camera:
        """Remember the current state (``fov`` here; subclasses add theirs)."""
        self._stateStored = True
        self._storedFov = self.fov
        return self

    def hasStateStored(self) -> bool:
        """True after :meth:`storeState`."""
        return self._stateStored

    def _restoreStateValues(self) -> bool:
        if not self._stateStored:
            return False
        self.fov = self._storedFov
        return True

    def restoreState(self) -> bool:
        """Go back to the state saved by :meth:`storeState`."""
        if self._restoreStateValues():
            self.onRestoreStateObservable.notifyObservers(self)
            return True
        return False

    # -- cache ------------------------------------------------------------------------------

    def _initCache(self) -> None:
        super()._initCache()
        self._cachePosition = Vector3(MAX_VALUE, MAX_VALUE, MAX_VALUE)
        self._cacheUpVector = Vector3(MAX_VALUE, MAX_VALUE, MAX_VALUE)

    def _updateCache(self, ignoreParentClass: bool = False) -> None:
        if not ignoreParentClass:
            super()._updateCache()
        self._cachePosition.copyFrom(self.position)
        self._cacheUpVector.copyFrom(self.upVector)

    def _isSynchronized(self) -> bool:
        # Babylon also compares the projection parameters; there is no projection here.
        return self._isSynchronizedViewMatrix()

    def _isSynchronizedViewMatrix(self) -> bool:
        if not super()._isSynchronized():
            return False
        return (
            self._cachePosition.equals(self.position)
            and self._cacheUpVector.equals(self.upVector)
            and self.isSynchronizedWithParent()
        )

    # -- matrices ---------------------------------------------------------------------------

    def attachControl(self, *_args: object) -> None:
        """No input devices in lite_compat: accepted and ignored."""

    def detachControl(self, *_args: object) -> None:
        """No input devices in lite_compat: accepted and ignored."""

    def update(self) -> None:
        """Per-frame update: apply inputs/limits, then refresh the view matrix."""
        self._hasMoved = False
        self._checkInputs()
        self.getViewMatrix()

    def _checkInputs(self) -> None:
        self.onAfterCheckInputsObservable.notifyObservers(self)

    def getWorldMatrix(self) -> Matrix:
        """Inverse of the view matrix (recomputed when the camera moved)."""
        if self._isSynchronizedViewMatrix():
            return self._worldMatrix
        self.getViewMatrix()
        return self._worldMatrix

    def _getViewMatrix(self) -> Matrix:
        return Matrix.Identity()

    def getViewMatrix(self, force: bool = False) -> Matrix:
        """World-to-camera matrix; recomputed only when the camera changed (or ``force``)."""
        if not force and self._isSynchronizedViewMatrix():
            return self._computedViewMatrix
        self._hasMoved = True
        self.updateCache()
        self._computedViewMatrix = self._getViewMatrix()
        self._currentRenderId = scene_render_id(self._scene)
        self._childUpdateId += 1
        self._refreshFrustumPlanes = True
        parent = self.parent
        parent_observable = getattr(parent, "onViewMatrixChangedObservable", None)
        if parent_observable is not None:
            parent_observable.notifyObservers(parent)
        self.onViewMatrixChangedObservable.notifyObservers(self)
        self._computedViewMatrix.invertToRef(self._worldMatrix)
        self._worldMatrix.getTranslationToRef(self._globalPosition)
        return self._computedViewMatrix

    def getDirection(self, localAxis: Vector3) -> Vector3:
        """``localAxis`` rotated into world space."""
        result = Vector3.Zero()
        self.getDirectionToRef(localAxis, result)
        return result

    def getDirectionToRef(self, localAxis: Vector3, result: Vector3) -> None:
        """Store ``localAxis`` rotated into world space in ``result``."""
        Vector3.TransformNormalToRef(localAxis, self.getWorldMatrix(), result)

    def dispose(self, doNotRecurse: bool = False, disposeMaterialAndTextures: bool = False) -> None:
        """Stop its animations and leave the scene (``activeCamera`` moves on in the Scene)."""
        self.onViewMatrixChangedObservable.clear()
        self.onProjectionMatrixChangedObservable.clear()
        self.onAfterCheckInputsObservable.clear()
        self.onRestoreStateObservable.clear()
        scene_stop_animation(self._scene, self)
        has_remover = callable(getattr(self._scene, "removeCamera", None))
        scene_remove(self._scene, "removeCamera", "cameras", self)
        if self.parent is None:
            self._removeFromSceneRootNodes()
        if not has_remover and getattr(self._scene, "activeCamera", None) is self:
            # Scene.removeCamera moves activeCamera on; do it for a scene without one.
            cameras = getattr(self._scene, "cameras", None) or []
            setattr(self._scene, "activeCamera", cameras[0] if cameras else None)  # noqa: B010
        super().dispose(doNotRecurse, disposeMaterialAndTextures)


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


class FreeCamera(FreeCameraControlsMixin, TargetCamera):
    """A first-person camera (``BABYLON.FreeCamera``); without inputs it moves only when its
    ``position``/``rotation`` are set (or animated) or ``setTarget`` is called.

    Parameters
    ----------
    name
        Camera name (and id).
    position
        Initial position (stored as given).
    scene
        Owning scene.

    Examples
    --------
    >>> camera = FreeCamera("camera", Vector3(0, 5, -10))
    >>> camera.setTarget(Vector3.Zero())
    >>> round(camera.rotation.x, 6), camera.rotation.y
    (0.463648, 0.0)
    """

    def __init__(
        self,
        name: str,
        position: Vector3,
        scene: object | None = None,
        setActiveOnSceneIfNoneActive: bool = True,
    ) -> None:
        super().__init__(name, position, scene, setActiveOnSceneIfNoneActive)
        self.ellipsoid = Vector3(0.5, 1, 0.5)
        self.ellipsoidOffset = Vector3(0, 0, 0)
        self.checkCollisions = False
        self.applyGravity = False
        self._collisionMask = -1
        self._initFreeCameraControls()

    def getClassName(self) -> str:
        """``"FreeCamera"``."""
        return "FreeCamera"

    @property
    def collisionMask(self) -> int:
        """Collision mask (-1)."""
        return self._collisionMask

    @collisionMask.setter
    def collisionMask(self, mask: float) -> None:
        self._collisionMask = int(mask) if mask == mask else -1


class ArcRotateCamera(ArcRotateCameraControlsMixin, TargetCamera):
    """A camera orbiting ``target`` at longitude ``alpha``, colatitude ``beta`` and distance
    ``radius`` (``BABYLON.ArcRotateCamera``).

    Parameters
    ----------
    name
        Camera name (and id).
    alpha, beta
        Angles in radians: ``position = target + radius * (cos(alpha) sin(beta), cos(beta),
        sin(alpha) sin(beta))`` (in the ``upVector`` frame).
    radius
        Distance to the target.
    target
        The point (kept by reference, as in Babylon.js) or a node to orbit.
    scene
        Owning scene.

    Notes
    -----
    ``alpha``, ``beta`` and ``radius`` are plain attributes, so animations write them
    directly; the limits (``lowerBetaLimit`` = 0.01 and ``upperBetaLimit`` = pi - 0.01 by
    default, the alpha/radius limits) are applied by ``update()`` (a scene render), and
    ``position`` follows at the next view-matrix computation.

    Examples
    --------
    >>> camera = ArcRotateCamera("orbit", 0, math.pi / 2, 10, Vector3.Zero())
    >>> [round(c, 6) + 0.0 for c in camera.position.asArray()]
    [10.0, 0.0, 0.0]
    """

    def __init__(
        self,
        name: str,
        alpha: float,
        beta: float,
        radius: float,
        target: Vector3 | Node | None,
        scene: object | None = None,
        setActiveOnSceneIfNoneActive: bool = True,
    ) -> None:
        # Babylon's constructor reads these (still undefined) from setTarget; NaN plays that.
        self.alpha = math.nan
        self.beta = math.nan
        self.radius = math.nan
        self._target = Vector3.Zero()
        self._targetHost: Node | None = None
        self._targetBoundingCenter: Vector3 | None = None
        self._upToYMatrix: Matrix | None = None
        self._yToUpMatrix: Matrix | None = None
        super().__init__(name, Vector3.Zero(), scene, setActiveOnSceneIfNoneActive)
        #: When not None, overrides ``setTarget``'s ``cloneAlphaBetaRadius`` argument.
        self.overrideCloneAlphaBetaRadius: bool | None = None
        self.inertialAlphaOffset = 0.0
        self.inertialBetaOffset = 0.0
        self.inertialRadiusOffset = 0.0
        self.lowerAlphaLimit: float | None = None
        self.upperAlphaLimit: float | None = None
        self.lowerBetaLimit: float | None = BETA_LIMIT_MARGIN
        self.upperBetaLimit: float | None = math.pi - BETA_LIMIT_MARGIN
        self.lowerRadiusLimit: float | None = None
        self.upperRadiusLimit: float | None = None
        self.lowerTargetYLimit = -math.inf
        self.inertialPanningX = 0.0
        self.inertialPanningY = 0.0
        self.pinchToPanMaxDistance = 20.0
        self.panningDistanceLimit: float | None = None
        self.panningOriginTarget = Vector3.Zero()
        self.panningInertia = 0.9
        self._inertia = 0.9
        self.zoomOnFactor = 1.0
        #: Screen-space offset of the target, added to the view matrix translation.
        self.targetScreenOffset = Vector2.Zero()
        self.allowUpsideDown = True
        self.useInputToRestoreState = True
        self.restoreStateInterpolationFactor = 0.0
        self._viewMatrix = Matrix()
        self.panningAxis = Vector3(1, 1, 0)
        self.mapPanning = False
        self.onMeshTargetChangedObservable: Observable[Node | None] = Observable()
        self.checkCollisions = False
        self.collisionRadius = Vector3(0.5, 0.5, 0.5)
        self._newPosition = Vector3.Zero()
        self._computationVector = Vector3.Zero()
        self._rotationEpsilon = Epsilon
        self._initArcRotateControls()
        if target is not None:
            self.setTarget(target)
        self.alpha = alpha
        self.beta = beta
        self.radius = radius
        self.getViewMatrix()

    def getClassName(self) -> str:
        """``"ArcRotateCamera"``."""
        return "ArcRotateCamera"

    # -- properties -------------------------------------------------------------------------

    @property
    def target(self) -> Vector3:
        """The orbit centre; assigning a Vector3 or a node calls ``setTarget``."""
        return self._target

    @target.setter
    def target(self, value: Vector3 | Node) -> None:
        self.setTarget(value)

    @property
    def targetHost(self) -> Node | None:
        """The node being orbited, when the target is a node."""
        return self._targetHost

    @targetHost.setter
    def targetHost(self, value: Node | None) -> None:
        if value is not None:
            self.setTarget(value)

    def getTarget(self) -> Vector3:
        """The orbit centre (``target``)."""
        return self.target

    @property
    def position(self) -> Vector3:
        """Camera position, rebuilt from alpha/beta/radius with the view matrix; assigning
        recomputes alpha, beta and radius."""
        return self._position

    @position.setter
    def position(self, newPosition: Vector3) -> None:
        self.setPosition(newPosition)

    @property
    def upVector(self) -> Vector3:
        """Orbit up axis (normalised copy of what is assigned; default (0, 1, 0))."""
        return self._upVector

    @upVector.setter
    def upVector(self, vec: Vector3) -> None:
        if self._upToYMatrix is None:
            self._yToUpMatrix = Matrix()
            self._upToYMatrix = Matrix()
            self._upVector = Vector3.Zero()
        vec.normalize()
        self._upVector.copyFrom(vec)
        self.setMatUp()

    def setMatUp(self) -> None:
        """Recompute the y-up <-> ``upVector`` alignment matrices."""
        if self._yToUpMatrix is None or self._upToYMatrix is None:
            self._yToUpMatrix = Matrix()
            self._upToYMatrix = Matrix()
        Matrix.RotationAlignToRef(Vector3.UpReadOnly, self._upVector, self._yToUpMatrix)
        Matrix.RotationAlignToRef(self._upVector, Vector3.UpReadOnly, self._upToYMatrix)

    def _alignMatrices(self) -> tuple[Matrix, Matrix]:
        """(y-up -> upVector, upVector -> y-up). Babylon builds them in the ``upVector`` setter
        only (an in-place edit of ``upVector`` throws there); here they are built on demand."""
        if self._yToUpMatrix is None or self._upToYMatrix is None:
            self.setMatUp()
        y_to_up, up_to_y = self._yToUpMatrix, self._upToYMatrix
        if y_to_up is None or up_to_y is None:  # pragma: no cover - setMatUp sets both
            raise RuntimeError("ArcRotateCamera alignment matrices missing")
        return y_to_up, up_to_y

    def _customUp(self) -> bool:
        up = self._upVector
        return up.x != 0 or up.y != 1.0 or up.z != 0

    @property
    def inertia(self) -> float:
        """Inertia factor applied to the inertial offsets each update (0.9)."""
        return self._inertia

    @inertia.setter
    def inertia(self, value: float) -> None:
        self._inertia = value

    # -- cache ------------------------------------------------------------------------------

    def _initCache(self) -> None:
        super()._initCache()
        self._cacheTarget = Vector3(MAX_VALUE, MAX_VALUE, MAX_VALUE)
        self._cacheAlpha: float | None = None
        self._cacheBeta: float | None = None
        self._cacheRadius: float | None = None
        self._cacheTargetScreenOffset = Vector2.Zero()

    def _updateCache(self, ignoreParentClass: bool = False) -> None:
        if not ignoreParentClass:
            super()._updateCache()
        self._cacheTarget.copyFrom(self._getTargetPosition())
        self._cacheAlpha = self.alpha
        self._cacheBeta = self.beta
        self._cacheRadius = self.radius
        self._cacheTargetScreenOffset.copyFrom(self.targetScreenOffset)

    def _isSynchronizedViewMatrix(self) -> bool:
        if not super()._isSynchronizedViewMatrix():
            return False
        return (
            self._cacheTarget.equals(self._getTargetPosition())
            and self._cacheAlpha == self.alpha
            and self._cacheBeta == self.beta
            and self._cacheRadius == self.radius
            and self._cacheTargetScreenOffset.equals(self.targetScreenOffset)
        )

    def _getTargetPosition(self) -> Vector3:
        host = self._targetHost
        if host is not None and hasattr(host, "getAbsolutePosition"):
            pos: Vector3 = host.getAbsolutePosition()
            if self._targetBoundingCenter is not None:
                pos.addToRef(self._targetBoundingCenter, self._target)
            else:
                self._target.copyFrom(pos)
        locked = self._getLockedTargetPosition()
        if locked is not None:
            return locked
        return self._target

    # -- orbit ------------------------------------------------------------------------------

    def _applyRotationAndZoomDelta(
        self, alphaOffset: float, betaOffset: float, radiusOffset: float
    ) -> None:
        handedness = -1 if scene_flag(self._scene, "useRightHandedSystem") else 1
        direction_modifier = -1 if self.invertRotation else 1
        adjusted_alpha = alphaOffset * handedness
        if self.beta < 0:
            adjusted_alpha *= -1
        self.alpha += adjusted_alpha * direction_modifier
        self.beta += betaOffset * direction_modifier
        self.radius -= radiusOffset

    def _checkInputs(self) -> None:
        # Babylon first polls the input devices and the movement system (nothing to poll here),
        # then applies and decays the inertial offsets, then clamps to the limits.
        interacted = (
            self.inertialAlphaOffset != 0
            or self.inertialBetaOffset != 0
            or self.inertialRadiusOffset != 0
        )
        if interacted:
            self._applyRotationAndZoomDelta(
                self.inertialAlphaOffset, self.inertialBetaOffset, self.inertialRadiusOffset
            )
            self.inertialAlphaOffset *= self.inertia
            self.inertialBetaOffset *= self.inertia
            self.inertialRadiusOffset *= self.inertia
            if abs(self.inertialAlphaOffset) < self._rotationEpsilon:
                self.inertialAlphaOffset = 0
            if abs(self.inertialBetaOffset) < self._rotationEpsilon:
                self.inertialBetaOffset = 0
            if abs(self.inertialRadiusOffset) < self._rotationEpsilon:
                self.inertialRadiusOffset = 0
        self._interpolationStep(interacted)
        self._checkLimits()
        Camera._checkInputs(self)

    def _checkLimits(self) -> None:
        if self.lowerBetaLimit is None:
            if self.allowUpsideDown and self.beta > math.pi:
                self.beta = self.beta - 2 * math.pi
        elif self.beta < self.lowerBetaLimit:
            self.beta = self.lowerBetaLimit
        if self.upperBetaLimit is None:
            if self.allowUpsideDown and self.beta < -math.pi:
                self.beta = self.beta + 2 * math.pi
        elif self.beta > self.upperBetaLimit:
            self.beta = self.upperBetaLimit
        if self.lowerAlphaLimit is not None and self.alpha < self.lowerAlphaLimit:
            self.alpha = self.lowerAlphaLimit
        if self.upperAlphaLimit is not None and self.alpha > self.upperAlphaLimit:
            self.alpha = self.upperAlphaLimit
        if self.lowerRadiusLimit is not None and self.radius < self.lowerRadiusLimit:
            self.radius = self.lowerRadiusLimit
            self.inertialRadiusOffset = 0
        if self.upperRadiusLimit is not None and self.radius > self.upperRadiusLimit:
            self.radius = self.upperRadiusLimit
            self.inertialRadiusOffset = 0
        # Math.max(y, -Infinity) is y (or NaN when y is NaN).
        self.target.y = max(self.target.y, self.lowerTargetYLimit)

    def rebuildAnglesAndRadius(self) -> None:
        """Recompute alpha, beta and radius from ``position`` and the target."""
        self._position.subtractToRef(self._getTargetPosition(), self._computationVector)
        if self._customUp():
            Vector3.TransformCoordinatesToRef(
                self._computationVector, self._alignMatrices()[1], self._computationVector
            )
        self.radius = self._computationVector.length()
        if self.radius == 0:
            self.radius = RADIUS_EPSILON
        previous_alpha = self.alpha
        self.alpha = ComputeAlpha(self._computationVector)
        self.beta = ComputeBeta(self._computationVector.y, self.radius)
        # Keep alpha's numeric representation closest to the previous value.
        turns = js_round((previous_alpha - self.alpha) / (2.0 * math.pi))
        self.alpha += turns * 2.0 * math.pi
        self._checkLimits()

    def setPosition(self, position: Vector3) -> None:
        """Move the camera to ``position`` (copied) and rebuild alpha, beta and radius."""
        if self._position.equals(position):
            return
        self._position.copyFrom(position)
        self.rebuildAnglesAndRadius()

    def setTarget(
        self,
        target: Vector3 | Node,
        toBoundingCenter: bool = False,
        allowSamePosition: bool = False,
        cloneAlphaBetaRadius: bool = False,
    ) -> None:
        """Orbit around ``target``: a Vector3 (kept by reference) or a node (followed).

        Unless ``cloneAlphaBetaRadius``, alpha/beta/radius are rebuilt so that the camera
        does not move.
        """
        if self.overrideCloneAlphaBetaRadius is not None:
            cloneAlphaBetaRadius = self.overrideCloneAlphaBetaRadius
        if isinstance(target, Node):
            compute = getattr(target, "computeWorldMatrix", None)
            bounding = getattr(target, "getBoundingInfo", None)
            if toBoundingCenter and callable(bounding):
                center = bounding().boundingBox.centerWorld
                self._targetBoundingCenter = center.clone()
            else:
                self._targetBoundingCenter = None
            if callable(compute):
                compute()
            self._targetHost = target
            self._target = self._getTargetPosition()
            self.onMeshTargetChangedObservable.notifyObservers(self._targetHost)
        else:
            current = self._getTargetPosition()
            if current is not None and not allowSamePosition and current.equals(target):
                return
            self._targetHost = None
            self._target = target
            self._targetBoundingCenter = None
            self.onMeshTargetChangedObservable.notifyObservers(None)
        if not cloneAlphaBetaRadius:
            self.rebuildAnglesAndRadius()

    def _getViewMatrix(self) -> Matrix:
        cosa = math.cos(self.alpha)
        sina = math.sin(self.alpha)
        cosb = math.cos(self.beta)
        sinb = math.sin(self.beta)
        if sinb == 0:
            sinb = SIN_BETA_EPSILON
        if self.radius == 0:
            self.radius = RADIUS_EPSILON
        target = self._getTargetPosition()
        self._computationVector.copyFromFloats(
            self.radius * cosa * sinb, self.radius * cosb, self.radius * sina * sinb
        )
        if self._customUp():
            Vector3.TransformCoordinatesToRef(
                self._computationVector, self._alignMatrices()[0], self._computationVector
            )
        target.addToRef(self._computationVector, self._newPosition)
        self._position.copyFrom(self._newPosition)
        up = self.upVector
        if self.allowUpsideDown and sinb < 0:
            up = up.negate()
        self._computeViewMatrix(self._position, target, up)
        self._viewMatrix.addAtIndex(12, self.targetScreenOffset.x)
        self._viewMatrix.addAtIndex(13, self.targetScreenOffset.y)
        self._currentTarget.copyFrom(target)
        return self._viewMatrix
