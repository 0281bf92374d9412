"""Babylon.js ``SpotLight``: a cone of light, as KHR_lights_punctual ``spot`` lights load.

Port of the state of ``@babylonjs/core`` 9.31 ``Lights/spotLight.pure.js``: ``angle`` (full
cone angle, radians) and ``innerAngle`` with Babylon's derived attenuation values,
``exponent``, ``position``/``direction`` stored by reference. No projection texture or shadow
state.
"""

from __future__ import annotations

import math
from typing import Final

from lite_compat.lights.light import Light
from lite_compat.lights.light_shadows import SpotLightProjectionMixin
from lite_compat.lights.shadow_light import ShadowLight
from lite_compat.math import Vector3

__all__ = ["SpotLight"]

#: Babylon.js ``_computeAngleValues`` floor on ``cos(inner / 2) - cos(angle / 2)``.
MIN_ANGLE_SPREAD: Final = 0.001


class SpotLight(SpotLightProjectionMixin, ShadowLight):
    """A spot light (``BABYLON.SpotLight``).

    Parameters
    ----------
    name
        Light name.
    position
        Light position (stored as given).
    direction
        Light direction (stored as given).
    angle
        Full cone angle in radians.
    exponent
        Fall-off exponent inside the cone.
    scene
        Owning scene.

    Examples
    --------
    >>> light = SpotLight("spot", Vector3.Zero(), Vector3(0, 0, -1), math.pi / 2, 1)
    >>> round(light._cosHalfAngle, 6)
    0.707107
    """

    def __init__(
        self,
        name: str,
        position: Vector3,
        direction: Vector3,
        angle: float,
        exponent: float,
        scene: object | None = None,
        dontAddToScene: bool = False,
    ) -> None:
        super().__init__(name, scene, dontAddToScene)
        self._angle = 0.0
        self._innerAngle = 0.0
        self._cosHalfAngle = 1.0
        self._lightAngleScale = 0.0
        self._lightAngleOffset = 0.0
        self._shadowAngleScale = 1.0
        self._initSpotProjection()
        self.exponent = exponent
        self.position = position
        self.direction = direction
        self.angle = angle
        self.exponent = exponent

    def getClassName(self) -> str:
        """``"SpotLight"``."""
        return "SpotLight"

    def getTypeID(self) -> int:
        """``Light.LIGHTTYPEID_SPOTLIGHT`` (2)."""
        return Light.LIGHTTYPEID_SPOTLIGHT

    @property
    def angle(self) -> float:
        """Full cone angle in radians."""
        return self._angle

    @angle.setter
    def angle(self, value: float) -> None:
        self._angle = value
        self._cosHalfAngle = math.cos(value * 0.5)
        self.forceProjectionMatrixCompute()
        self._computeAngleValues()

    @property
    def innerAngle(self) -> float:
        """Full inner (unattenuated) cone angle in radians (0: none)."""
        return self._innerAngle

    @innerAngle.setter
    def innerAngle(self, value: float) -> None:
        self._innerAngle = value
        self._computeAngleValues()

    @property
    def shadowAngleScale(self) -> float:
        """Scale of the shadow projection angle (1)."""
        return self._shadowAngleScale

    @shadowAngleScale.setter
    def shadowAngleScale(self, value: float) -> None:
        self._shadowAngleScale = value
        self.forceProjectionMatrixCompute()

    def _computeAngleValues(self) -> None:
        self._lightAngleScale = 1.0 / max(
            MIN_ANGLE_SPREAD, math.cos(self._innerAngle * 0.5) - self._cosHalfAngle
        )
        self._lightAngleOffset = -self._cosHalfAngle * self._lightAngleScale
