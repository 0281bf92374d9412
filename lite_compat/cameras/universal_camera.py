"""Babylon.js ``UniversalCamera``: a ``TouchCamera`` with gamepad tuning (no inputs here).

Port of ``@babylonjs/core`` 9.31 ``Cameras/universalCamera.pure.js``. In Babylon.js it only adds
input devices (touch, gamepad) to a ``FreeCamera``; its sensibilities are plain values here
(Babylon's defaults), as no device is read. Everything else (transforms, view and projection
matrices, ``setTarget``) is ``FreeCamera``'s.
"""

from __future__ import annotations

from lite_compat.cameras.touch_camera import TouchCamera
from lite_compat.math import Vector3

__all__ = ["UniversalCamera"]


class UniversalCamera(TouchCamera):
    """Babylon's default first-person camera (``BABYLON.UniversalCamera``): a ``TouchCamera``
    with gamepad input in Babylon.js.

    Parameters
    ----------
    name
        Camera name (and id).
    position
        Initial position (stored as given).
    scene
        Owning scene.

    Examples
    --------
    >>> camera = UniversalCamera("camera", Vector3(0, 0, -10))
    >>> camera.getClassName(), camera.gamepadAngularSensibility, camera.speed
    ('UniversalCamera', 200.0, 2.0)
    """

    def __init__(self, name: str, position: Vector3, scene: object | None = None) -> None:
        super().__init__(name, position, scene)
        #: Gamepad rotation sensibility (200).
        self.gamepadAngularSensibility = 200.0
        #: Gamepad move sensibility (40).
        self.gamepadMoveSensibility = 40.0

    def getClassName(self) -> str:
        """``"UniversalCamera"``."""
        return "UniversalCamera"
