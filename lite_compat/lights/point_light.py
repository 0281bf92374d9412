"""Babylon.js ``PointLight``: light from a position in every direction.

Port of the state of ``@babylonjs/core`` 9.31 ``Lights/pointLight.pure.js`` (``direction`` None
unless set, ``needCube``, ``shadowAngle``).
"""

from __future__ import annotations

import math

from lite_compat.lights.light import Light
from lite_compat.lights.shadow_light import ShadowLight
from lite_compat.math import Vector3

__all__ = ["PointLight"]


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
