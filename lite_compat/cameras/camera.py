"""Babylon.js ``Camera``: the base of every camera (position, up vector, view and world matrices).

Port of the transform side of ``@babylonjs/core`` 9.31 ``Cameras/camera.pure.js``: ``position``,
``upVector``, ``fov``/``minZ``/``maxZ``, ``getViewMatrix``/``getWorldMatrix`` (float32, through
:class:`lite_compat.math.Matrix`), ``storeState``/``restoreState`` and the scene's active
camera. Projection and viewport members are the
:class:`~lite_compat.cameras.camera_projection.CameraProjectionMixin`. Subclasses:
:mod:`~lite_compat.cameras.target_camera`, :mod:`~lite_compat.cameras.free_camera`,
:mod:`~lite_compat.cameras.arc_rotate_camera`, :mod:`~lite_compat.cameras.universal_camera`.

There are no inputs (pointer, keyboard), no collisions and no rigs here; see the "Known
divergences" section of ``docs/architecture/compat-cameras.md``.
"""

from __future__ import annotations

import contextlib
from typing import ClassVar, Final

from lite_compat.cameras.camera_projection import CameraProjectionMixin
from lite_compat.engines.engine_store import (
    scene_add,
    scene_remove,
    scene_render_id,
    scene_stop_animation,
)
from lite_compat.math import Matrix, Quaternion, Vector3
from lite_compat.nodes.node import MAX_VALUE, Node
from lite_compat.observable import Observable

__all__ = ["Camera"]


_DEFAULT_LAYER_MASK: Final = 0x0FFFFFFF


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
