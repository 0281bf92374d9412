"""Babylon.js lights: ``Light``, ``HemisphericLight``, ``ShadowLight``, ``PointLight``,
``DirectionalLight``.

Port of the state of ``@babylonjs/core`` 9.31 ``Lights/light.js``, ``hemisphericLight.pure.js``,
``shadowLight.js``, ``pointLight.pure.js`` and ``directionalLight.pure.js``: colours,
``intensity`` (and the photometric scale behind ``getScaledIntensity``), ``range``,
``direction``/``position`` stored by reference, world matrices, and scene/mesh bookkeeping.
Shadow generators and shader uniforms are not part of it.
"""

from __future__ import annotations

import math
from typing import ClassVar, Final

from lite_compat.engines.engine_store import (
    scene_add,
    scene_list,
    scene_remove,
    scene_render_id,
    scene_stop_animation,
)
from lite_compat.lights.light_shadows import LightSerializationMixin, ShadowLightMatricesMixin
from lite_compat.math import Color3, Matrix, Vector3
from lite_compat.nodes.node import MAX_VALUE, Node

__all__ = ["DirectionalLight", "HemisphericLight", "Light", "PointLight", "ShadowLight"]

#: Light._radius default (Babylon: 0.00001).
DEFAULT_LIGHT_RADIUS: Final = 0.00001
#: DirectionalLight: minimum apex angle for INTENSITYMODE_LUMINANCE.
MIN_APEX_ANGLE: Final = 0.001
#: JavaScript Number.MIN_VALUE (DirectionalLight ortho defaults).
MIN_VALUE: Final = 5e-324


class Light(LightSerializationMixin, Node):
    """Base light (``BABYLON.Light``).

    Parameters
    ----------
    name
        Light name (and id).
    scene
        Owning scene; the light adds itself with ``scene.addLight`` (or to ``scene.lights``)
        unless ``dontAddToScene``.

    Attributes
    ----------
    diffuse, specular : Color3
        Default (1, 1, 1).
    intensity : float
        Default 1.
    """

    FALLOFF_DEFAULT: ClassVar[int] = 0
    FALLOFF_PHYSICAL: ClassVar[int] = 1
    FALLOFF_GLTF: ClassVar[int] = 2
    FALLOFF_STANDARD: ClassVar[int] = 3
    LIGHTMAP_DEFAULT: ClassVar[int] = 0
    LIGHTMAP_SPECULAR: ClassVar[int] = 1
    LIGHTMAP_SHADOWSONLY: ClassVar[int] = 2
    INTENSITYMODE_AUTOMATIC: ClassVar[int] = 0
    INTENSITYMODE_LUMINOUSPOWER: ClassVar[int] = 1
    INTENSITYMODE_LUMINOUSINTENSITY: ClassVar[int] = 2
    INTENSITYMODE_ILLUMINANCE: ClassVar[int] = 3
    INTENSITYMODE_LUMINANCE: ClassVar[int] = 4
    LIGHTTYPEID_POINTLIGHT: ClassVar[int] = 0
    LIGHTTYPEID_DIRECTIONALLIGHT: ClassVar[int] = 1
    LIGHTTYPEID_SPOTLIGHT: ClassVar[int] = 2
    LIGHTTYPEID_HEMISPHERICLIGHT: ClassVar[int] = 3
    LIGHTTYPEID_RECT_AREALIGHT: ClassVar[int] = 4

    def __init__(
        self, name: str, scene: object | None = None, dontAddToScene: bool = False
    ) -> None:
        super().__init__(name, scene, False)
        self.diffuse = Color3(1.0, 1.0, 1.0)
        self.specular = Color3(1.0, 1.0, 1.0)
        self.falloffType = Light.FALLOFF_DEFAULT
        self.intensity = 1.0
        # Set directly (not through the setter), so _inverseSquaredRange starts at 0.
        self._range = MAX_VALUE
        self._inverseSquaredRange = 0.0
        self._photometricScale = 1.0
        self._intensityMode = Light.INTENSITYMODE_AUTOMATIC
        self._radius = DEFAULT_LIGHT_RADIUS
        self.renderPriority = 0
        self._shadowEnabled = True
        self._excludeWithLayerMask = 0
        self._includeOnlyWithLayerMask = 0
        self._lightmapMode = 0
        self.includedOnlyMeshes: list[Node] = []
        self.excludedMeshes: list[Node] = []
        if not dontAddToScene:
            scene_add(self._scene, "addLight", "lights", self)
            if self.parent is None:
                self._addToSceneRootNodes()
            self._resyncMeshes()

    def getClassName(self) -> str:
        """``"Light"``."""
        return "Light"

    def getTypeID(self) -> int:
        """``Light.LIGHTTYPEID_*`` of this light."""
        return 0

    # -- properties -------------------------------------------------------------------------

    @property
    def range(self) -> float:
        """Influence distance (default ``Number.MAX_VALUE``)."""
        return self._range

    @range.setter
    def range(self, value: float) -> None:
        self._range = value
        self._inverseSquaredRange = 1.0 / (self.range * self.range)

    @property
    def intensityMode(self) -> int:
        """Photometric unit of ``intensity`` (``INTENSITYMODE_AUTOMATIC`` by default)."""
        return self._intensityMode

    @intensityMode.setter
    def intensityMode(self, value: int) -> None:
        self._intensityMode = value
        self._computePhotometricScale()

    @property
    def radius(self) -> float:
        """Light source radius (used by the LUMINANCE photometric mode)."""
        return self._radius

    @radius.setter
    def radius(self, value: float) -> None:
        self._radius = value
        self._computePhotometricScale()

    @property
    def shadowEnabled(self) -> bool:
        """Whether the light casts shadows (default True)."""
        return self._shadowEnabled

    @shadowEnabled.setter
    def shadowEnabled(self, value: bool) -> None:
        self._shadowEnabled = value

    @property
    def excludeWithLayerMask(self) -> int:
        """Meshes whose layer mask intersects this one are not lit (0: none excluded)."""
        return self._excludeWithLayerMask

    @excludeWithLayerMask.setter
    def excludeWithLayerMask(self, value: int) -> None:
        self._excludeWithLayerMask = value
        self._resyncMeshes()

    @property
    def includeOnlyWithLayerMask(self) -> int:
        """When non-zero, only meshes whose layer mask intersects this one are lit."""
        return self._includeOnlyWithLayerMask

    @includeOnlyWithLayerMask.setter
    def includeOnlyWithLayerMask(self, value: int) -> None:
        self._includeOnlyWithLayerMask = value
        self._resyncMeshes()

    @property
    def lightmapMode(self) -> int:
        """How a lightmap combines with this light (``LIGHTMAP_DEFAULT``)."""
        return self._lightmapMode

    @lightmapMode.setter
    def lightmapMode(self, value: int) -> None:
        self._lightmapMode = value

    # -- photometry -------------------------------------------------------------------------

    def getScaledIntensity(self) -> float:
        """``intensity`` times the photometric scale of the current ``intensityMode``."""
        return self._photometricScale * self.intensity

    def _computePhotometricScale(self) -> None:
        self._photometricScale = self._getPhotometricScale()
        reset = getattr(self._scene, "resetCachedMaterial", None)
        if callable(reset):
            reset()

    def _getPhotometricScale(self) -> float:
        photometric_scale = 0.0
        type_id = self.getTypeID()
        mode = self.intensityMode
        if mode == Light.INTENSITYMODE_AUTOMATIC:
            if type_id == Light.LIGHTTYPEID_DIRECTIONALLIGHT:
                mode = Light.INTENSITYMODE_ILLUMINANCE
            else:
                mode = Light.INTENSITYMODE_LUMINOUSINTENSITY
        if type_id in (Light.LIGHTTYPEID_POINTLIGHT, Light.LIGHTTYPEID_SPOTLIGHT):
            if mode == Light.INTENSITYMODE_LUMINOUSPOWER:
                photometric_scale = 1.0 / (4.0 * math.pi)
            elif mode == Light.INTENSITYMODE_LUMINOUSINTENSITY:
                photometric_scale = 1.0
            elif mode == Light.INTENSITYMODE_LUMINANCE:
                photometric_scale = self.radius * self.radius
        elif type_id == Light.LIGHTTYPEID_DIRECTIONALLIGHT:
            if mode == Light.INTENSITYMODE_ILLUMINANCE:
                photometric_scale = 1.0
            elif mode == Light.INTENSITYMODE_LUMINANCE:
                apex = max(self.radius, MIN_APEX_ANGLE)
                photometric_scale = 2.0 * math.pi * (1.0 - math.cos(apex))
        elif type_id in (Light.LIGHTTYPEID_HEMISPHERICLIGHT, Light.LIGHTTYPEID_RECT_AREALIGHT):
            photometric_scale = 1.0
        return photometric_scale

    # -- meshes -----------------------------------------------------------------------------

    def canAffectMesh(self, mesh: Node | None) -> bool:
        """True unless the include/exclude lists or layer masks rule ``mesh`` out."""
        if mesh is None:
            return True
        if self.includedOnlyMeshes and not any(m is mesh for m in self.includedOnlyMeshes):
            return False
        if self.excludedMeshes and any(m is mesh for m in self.excludedMeshes):
            return False
        layer_mask = int(getattr(mesh, "layerMask", 0))
        if self.includeOnlyWithLayerMask != 0 and (self.includeOnlyWithLayerMask & layer_mask) == 0:
            return False
        return not (self.excludeWithLayerMask != 0 and self.excludeWithLayerMask & layer_mask)

    def _resyncMeshes(self) -> None:
        for mesh in scene_list(self._scene, "meshes") or []:
            resync = getattr(mesh, "_resyncLightSources", None)
            if callable(resync):
                resync()

    def _syncParentEnabledState(self) -> None:
        super()._syncParentEnabledState()
        if not self.isDisposed():
            self._resyncMeshes()

    def setEnabled(self, value: bool) -> None:
        """Enable or disable the light (meshes' light lists follow)."""
        super().setEnabled(value)
        self._resyncMeshes()

    def getAbsolutePosition(self) -> Vector3:
        """World position (the origin for lights without a position)."""
        return Vector3.Zero()

    def dispose(self, doNotRecurse: bool = False, disposeMaterialAndTextures: bool = False) -> None:
        """Stop its animations, leave every mesh's light list and the scene."""
        scene_stop_animation(self._scene, self)
        for mesh in scene_list(self._scene, "meshes") or []:
            remove = getattr(mesh, "_removeLightSource", None)
            if callable(remove):
                remove(self, True)
        scene_remove(self._scene, "removeLight", "lights", self)
        if self.parent is None:
            self._removeFromSceneRootNodes()
        super().dispose(doNotRecurse, disposeMaterialAndTextures)


class HemisphericLight(Light):
    """Ambient sky/ground light (``BABYLON.HemisphericLight``).

    Parameters
    ----------
    name
        Light name.
    direction
        Direction to the sky (stored as given; default (0, 1, 0)).
    scene
        Owning scene.

    Attributes
    ----------
    groundColor : Color3
        Colour from the opposite direction (default black).
    """

    def __init__(
        self,
        name: str,
        direction: Vector3 | None,
        scene: object | None = None,
        dontAddToScene: bool = False,
    ) -> None:
        super().__init__(name, scene, dontAddToScene)
        self.groundColor = Color3(0.0, 0.0, 0.0)
        self.direction: Vector3 = direction or Vector3.Up()

    def getClassName(self) -> str:
        """``"HemisphericLight"``."""
        return "HemisphericLight"

    def getTypeID(self) -> int:
        """``Light.LIGHTTYPEID_HEMISPHERICLIGHT`` (3)."""
        return Light.LIGHTTYPEID_HEMISPHERICLIGHT

    def setDirectionToTarget(self, target: Vector3) -> Vector3:
        """Point ``direction`` (normalised) from the origin toward ``target``."""
        self.direction = Vector3.Normalize(target.subtract(Vector3.Zero()))
        return self.direction

    def computeWorldMatrix(self, _force: bool = False) -> Matrix:
        """Identity (a hemispheric light has no position)."""
        return self._worldMatrix


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


class PointLight(ShadowLight):
    """Light emitted in every direction from ``position`` (``BABYLON.PointLight``).

    Parameters
    ----------
    name
        Light name.
    position
        Light position (stored as given).
    scene
        Owning scene.
    """

    def __init__(
        self,
        name: str,
        position: Vector3,
        scene: object | None = None,
        dontAddToScene: bool = False,
    ) -> None:
        super().__init__(name, scene, dontAddToScene)
        self._shadowAngle = math.pi / 2
        self.position = position

    def getClassName(self) -> str:
        """``"PointLight"``."""
        return "PointLight"

    def getTypeID(self) -> int:
        """``Light.LIGHTTYPEID_POINTLIGHT`` (0)."""
        return Light.LIGHTTYPEID_POINTLIGHT

    @property
    def shadowAngle(self) -> float:
        """Field of view of the shadow projection (pi / 2)."""
        return self._shadowAngle

    @shadowAngle.setter
    def shadowAngle(self, value: float) -> None:
        self._shadowAngle = value
        self.forceProjectionMatrixCompute()

    def needCube(self) -> bool:
        """True (cube shadow map) unless a ``direction`` is set."""
        return self.direction is None


class DirectionalLight(ShadowLight):
    """Parallel light along ``direction`` (``BABYLON.DirectionalLight``).

    Parameters
    ----------
    name
        Light name.
    direction
        Light direction (stored as given); ``position`` starts at ``-direction``.
    scene
        Owning scene.
    """

    def __init__(
        self,
        name: str,
        direction: Vector3,
        scene: object | None = None,
        dontAddToScene: bool = False,
    ) -> None:
        super().__init__(name, scene, dontAddToScene)
        self._shadowFrustumSize = 0.0
        self._shadowOrthoScale = 0.1
        self.autoUpdateExtends = True
        self.autoCalcShadowZBounds = False
        self._orthoLeft = MAX_VALUE
        self._orthoRight = MIN_VALUE
        self._orthoTop = MIN_VALUE
        self._orthoBottom = MAX_VALUE
        self.position = direction.scale(-1.0)
        self.direction = direction

    def getClassName(self) -> str:
        """``"DirectionalLight"``."""
        return "DirectionalLight"

    def getTypeID(self) -> int:
        """``Light.LIGHTTYPEID_DIRECTIONALLIGHT`` (1)."""
        return Light.LIGHTTYPEID_DIRECTIONALLIGHT

    @property
    def shadowFrustumSize(self) -> float:
        """Fixed shadow frustum size (0: fit the casters)."""
        return self._shadowFrustumSize

    @shadowFrustumSize.setter
    def shadowFrustumSize(self, value: float) -> None:
        self._shadowFrustumSize = value
        self.forceProjectionMatrixCompute()

    @property
    def shadowOrthoScale(self) -> float:
        """Extra margin of the fitted shadow frustum (0.1)."""
        return self._shadowOrthoScale

    @shadowOrthoScale.setter
    def shadowOrthoScale(self, value: float) -> None:
        self._shadowOrthoScale = value
        self.forceProjectionMatrixCompute()

    @property
    def orthoLeft(self) -> float:
        """Left of the shadow ortho frustum."""
        return self._orthoLeft

    @orthoLeft.setter
    def orthoLeft(self, value: float) -> None:
        self._orthoLeft = value

    @property
    def orthoRight(self) -> float:
        """Right of the shadow ortho frustum."""
        return self._orthoRight

    @orthoRight.setter
    def orthoRight(self, value: float) -> None:
        self._orthoRight = value

    @property
    def orthoTop(self) -> float:
        """Top of the shadow ortho frustum."""
        return self._orthoTop

    @orthoTop.setter
    def orthoTop(self, value: float) -> None:
        self._orthoTop = value

    @property
    def orthoBottom(self) -> float:
        """Bottom of the shadow ortho frustum."""
        return self._orthoBottom

    @orthoBottom.setter
    def orthoBottom(self, value: float) -> None:
        self._orthoBottom = value
