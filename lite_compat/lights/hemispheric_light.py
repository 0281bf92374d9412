"""Babylon.js ``HemisphericLight``: sky and ground colours blended by a direction.

Port of the state of ``@babylonjs/core`` 9.31 ``Lights/hemisphericLight.pure.js``
(``direction`` by reference, default ``Vector3.Up()``; ``groundColor``;
``setDirectionToTarget``).
"""

from __future__ import annotations

from lite_compat.lights.light import Light
from lite_compat.math import Color3, Matrix, Vector3

__all__ = ["HemisphericLight"]


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
