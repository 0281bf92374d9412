"""Babylon.js ``DirectionalLight``: light from a direction, its position the opposite vector.

Port of the state of ``@babylonjs/core`` 9.31 ``Lights/directionalLight.pure.js``: ``direction``
stored by reference, ``position`` derived as ``direction.scale(-1)``, the shadow frustum
settings (``shadowFrustumSize``, ``shadowOrthoScale``, ``autoUpdateExtends``, ``ortho*``).
"""

from __future__ import annotations

from typing import Final

from lite_compat.lights.light import Light
from lite_compat.lights.shadow_light import ShadowLight
from lite_compat.math import Vector3
from lite_compat.nodes.node import MAX_VALUE

__all__ = ["DirectionalLight"]

#: JavaScript Number.MIN_VALUE (DirectionalLight ortho defaults).
MIN_VALUE: Final = 5e-324


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
