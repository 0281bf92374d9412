"""Babylon.js ``ArcRotateCamera``: a camera orbiting a target by ``alpha``/``beta``/``radius``.

Port of the transform side of ``@babylonjs/core`` 9.31 ``Cameras/arcRotateCamera.pure.js``
(with ``ComputeAlpha``/``ComputeBeta``): limits, inertial offsets, ``setTarget``,
``setPosition``, ``rebuildAnglesAndRadius`` and the view matrix (float32, through
:class:`lite_compat.math.Matrix`). As in Babylon.js, the camera rebuilds its ``position`` from
``alpha``/``beta``/``radius``/``target`` only when its view matrix is computed: by
``getViewMatrix()``, ``getWorldMatrix()``, ``update()`` or a scene render. Assigning
``position`` goes the other way (``rebuildAnglesAndRadius``). Zoom/pan/keyboard helpers are the
:class:`~lite_compat.cameras.camera_controls.ArcRotateCameraControlsMixin`.
"""

from __future__ import annotations

import math
from typing import Final

from lite_compat._js import js_acos, js_div, js_round
from lite_compat.cameras.camera import Camera
from lite_compat.cameras.camera_controls import (
    ArcRotateCameraControlsMixin,
)
from lite_compat.cameras.target_camera import TargetCamera
from lite_compat.engines.engine_store import (
    scene_flag,
)
from lite_compat.math import Epsilon, Matrix, Vector2, Vector3
from lite_compat.nodes.node import MAX_VALUE, Node
from lite_compat.observable import Observable

__all__ = ["ArcRotateCamera", "ComputeAlpha", "ComputeBeta"]

#: ArcRotateCamera: sin(beta) == 0 is replaced by this, and a zero radius by RADIUS_EPSILON.
SIN_BETA_EPSILON: Final = 0.0001

RADIUS_EPSILON: Final = 0.0001

#: ArcRotateCamera default beta limits (``lowerBetaLimit``, ``upperBetaLimit = PI - 0.01``).
BETA_LIMIT_MARGIN: Final = 0.01


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
