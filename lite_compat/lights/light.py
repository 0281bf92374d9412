"""Babylon.js ``Light``: the base of every light (colours, intensity, range, mesh filters).

Port of the state of ``@babylonjs/core`` 9.31 ``Lights/light.js``: ``diffuse``/``specular``,
``intensity`` (and the photometric scale behind ``getScaledIntensity``), ``range``,
``includedOnlyMeshes``/``excludedMeshes`` and layer masks, world matrices, and scene/mesh
bookkeeping. Shadow generators and shader uniforms are not part of it. Subclasses:
:mod:`~lite_compat.lights.hemispheric_light`, :mod:`~lite_compat.lights.shadow_light`
(:mod:`~lite_compat.lights.point_light`, :mod:`~lite_compat.lights.directional_light`,
:mod:`~lite_compat.lights.spot_light`).
"""

from __future__ import annotations

import math
from typing import ClassVar, Final

from lite_compat.engines.engine_store import (
    scene_add,
    scene_list,
    scene_remove,
    scene_stop_animation,
)
from lite_compat.lights.light_shadows import LightSerializationMixin
from lite_compat.math import Color3, Vector3
from lite_compat.nodes.node import MAX_VALUE, Node

__all__ = ["Light"]

#: Light._radius default (Babylon: 0.00001).
DEFAULT_LIGHT_RADIUS: Final = 0.00001
#: DirectionalLight: minimum apex angle for INTENSITYMODE_LUMINANCE.
MIN_APEX_ANGLE: Final = 0.001


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
