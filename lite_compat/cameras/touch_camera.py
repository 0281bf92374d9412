"""Babylon.js ``TouchCamera``: a ``FreeCamera`` with touch-input tuning (no inputs here).

Port of ``@babylonjs/core`` 9.31 ``Cameras/touchCamera.pure.js``: the touch sensibility values,
stored as Babylon stores them; :class:`~lite_compat.cameras.universal_camera.UniversalCamera`
builds on it.
"""

from __future__ import annotations

from lite_compat.cameras.free_camera import FreeCamera
from lite_compat.math import Vector3

__all__ = ["TouchCamera"]


class TouchCamera(FreeCamera):
    """A ``FreeCamera`` with touch input in Babylon.js (``BABYLON.TouchCamera``).

    Parameters
    ----------
    name
        Camera name (and id).
    position
        Initial position (stored as given).
    scene
        Owning scene.
    """

    def __init__(self, name: str, position: Vector3, scene: object | None = None) -> None:
        super().__init__(name, position, scene)
        #: Touch rotation sensibility (200000).
        self.touchAngularSensibility = 200000.0
        #: Touch move sensibility (250).
        self.touchMoveSensibility = 250.0

    def getClassName(self) -> str:
        """``"TouchCamera"``."""
        return "TouchCamera"
