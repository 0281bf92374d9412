"""Babylon.js ``ShadowLight``: the base of lights with a position and a direction.

Port of the state of ``@babylonjs/core`` 9.31 ``Lights/shadowLight.js``: ``position`` and
``direction`` by reference, ``computeWorldMatrix`` (translation times the parent's world
matrix), ``computeTransformedInformation``, ``setDirectionToTarget``, ``shadowMinZ``/
``shadowMaxZ``; its shadow matrices are the
:class:`~lite_compat.lights.light_shadows.ShadowLightMatricesMixin`.
"""

from __future__ import annotations

from lite_compat.engines.engine_store import (
    scene_render_id,
)
from lite_compat.lights.light import Light
from lite_compat.lights.light_shadows import ShadowLightMatricesMixin
from lite_compat.math import Matrix, Vector3

__all__ = ["ShadowLight"]


class ShadowLight(ShadowLightMatricesMixin, Light):
    """Base of lights with a position and a direction (``BABYLON.ShadowLight``)."""

    def __init__(
        self, name: str, scene: object | None = None, dontAddToScene: bool = False
    ) -> None:
        self._position: Vector3 = Vector3.Zero()
        self._direction: Vector3 | None = None
        super().__init__(name, scene, dontAddToScene)
        self._needProjectionMatrixCompute = True
        self._viewMatrix = Matrix.Identity()
        self._projectionMatrix = Matrix.Identity()
        self._shadowMinZ: float | None = None
        self._shadowMaxZ: float | None = None
        #: Position/direction in world space when parented (see computeTransformedInformation).
        self.transformedPosition: Vector3 | None = None
        self.transformedDirection: Vector3 | None = None

    @property
    def position(self) -> Vector3:
        """Light position (stored as given)."""
        return self._position

    @position.setter
    def position(self, value: Vector3) -> None:
        self._position = value

    @property
    def direction(self) -> Vector3 | None:
        """Light direction (stored as given)."""
        return self._direction

    @direction.setter
    def direction(self, value: Vector3 | None) -> None:
        self._direction = value

    @property
    def shadowMinZ(self) -> float | None:
        """Near plane of the shadow projection (None: the camera's)."""
        return self._shadowMinZ

    @shadowMinZ.setter
    def shadowMinZ(self, value: float | None) -> None:
        self._shadowMinZ = value
        self.forceProjectionMatrixCompute()

    @property
    def shadowMaxZ(self) -> float | None:
        """Far plane of the shadow projection (None: the camera's)."""
        return self._shadowMaxZ

    @shadowMaxZ.setter
    def shadowMaxZ(self, value: float | None) -> None:
        self._shadowMaxZ = value
        self.forceProjectionMatrixCompute()

    def forceProjectionMatrixCompute(self) -> None:
        """Flag the shadow projection for recomputation."""
        self._needProjectionMatrixCompute = True

    def needProjectionMatrixCompute(self) -> bool:
        """True when the shadow projection must be recomputed."""
        return self._needProjectionMatrixCompute

    def getDepthScale(self) -> float:
        """Shadow depth scale (50)."""
        return 50.0

    def computeTransformedInformation(self) -> bool:
        """Compute ``transformedPosition``/``transformedDirection`` when parented."""
        parent = self.parent
        if parent is None:
            return False
        parent_world = parent.getWorldMatrix()
        if self.transformedPosition is None:
            self.transformedPosition = Vector3.Zero()
        Vector3.TransformCoordinatesToRef(self.position, parent_world, self.transformedPosition)
        if self.direction is not None:
            if self.transformedDirection is None:
                self.transformedDirection = Vector3.Zero()
            Vector3.TransformNormalToRef(self.direction, parent_world, self.transformedDirection)
        return True

    def getShadowDirection(self, _faceIndex: int | None = None) -> Vector3 | None:
        """Direction used for shadows (world space when parented)."""
        if self.transformedDirection is not None:
            return self.transformedDirection
        return self.direction

    def getAbsolutePosition(self) -> Vector3:
        """World position once ``computeTransformedInformation`` ran, else ``position``."""
        if self.transformedPosition is not None:
            return self.transformedPosition
        return self.position

    def setDirectionToTarget(self, target: Vector3) -> Vector3:
        """Point ``direction`` (normalised) from ``position`` toward ``target``."""
        direction = Vector3.Normalize(target.subtract(self.position))
        self.direction = direction
        return direction

    def _initCache(self) -> None:
        super()._initCache()
        self._cachePosition = Vector3.Zero()

    def _isSynchronized(self) -> bool:
        return bool(self._cachePosition.equals(self.position))

    def computeWorldMatrix(self, force: bool = False) -> Matrix:
        """Translation to ``position`` times the parent's world matrix."""
        if not force and self.isSynchronized():
            self._currentRenderId = scene_render_id(self._scene)
            return self._worldMatrix
        self._updateCache()
        self._cachePosition.copyFrom(self.position)
        Matrix.TranslationToRef(
            self.position.x, self.position.y, self.position.z, self._worldMatrix
        )
        parent = self.parent
        if parent is not None:
            self._worldMatrix.multiplyToRef(parent.getWorldMatrix(), self._worldMatrix)
            self._markSyncedWithParent()
        self._worldMatrixDeterminantIsDirty = True
        return self._worldMatrix

    def _syncParentEnabledState(self) -> None:
        super()._syncParentEnabledState()
        if self.parent is None:
            self.transformedPosition = None
            self.transformedDirection = None
